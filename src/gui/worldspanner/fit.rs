//! Hero names sized to fit a Dome place or a hero tile, measured in the font the window draws
//! with (docs/worldspanner.md, The screen): the largest type that holds the name whole, broken
//! only between words; a word too wide even in the smallest type is cut with "…" (the whole name
//! is on hover), never broken inside. An estimate per letter was too narrow for the desktop's
//! DejaVu Sans: "Archchancellor" broke inside the word on the board.

use iced::advanced::text::{self as t, Paragraph as _};

/// How wide `s` is drawn in `size` type, in the window's default font (the desktop's sans-serif,
/// as every `text` of the app that names no font). Headless tests that draw in another font
/// measure in this one too: the desktop's is the wider, so what fits here fits there.
pub fn width(s: &str, size: f32) -> f32 {
    // The board and the tiles ask for the same few names at every redraw: each is shaped once.
    let key = (s.to_string(), size.to_bits());
    if let Some(w) = WIDTHS.with(|m| m.borrow().get(&key).copied()) {
        return w;
    }
    let w = measure(s, size);
    WIDTHS.with(|m| {
        let mut m = m.borrow_mut();
        if m.len() >= 4096 {
            m.clear();
        }
        m.insert(key, w);
    });
    w
}

thread_local! {
    /// Widths measured on this thread, by text and type size.
    static WIDTHS: std::cell::RefCell<std::collections::HashMap<(String, u32), f32>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

fn measure(s: &str, size: f32) -> f32 {
    <iced::Renderer as t::Renderer>::Paragraph::with_text(t::Text {
        content: s,
        bounds: iced::Size::INFINITE,
        size: iced::Pixels(size),
        line_height: t::LineHeight::default(),
        font: iced::Font::DEFAULT,
        align_x: t::Alignment::Default,
        align_y: iced::alignment::Vertical::Top,
        shaping: t::Shaping::default(),
        wrapping: t::Wrapping::None,
    })
    .min_width()
}

/// A pixel of slack for hinting and rounding between measuring and drawing.
const SLACK: f32 = 1.0;

/// A name as it is drawn in a place: its type size and its text (the name, or, when a word
/// does not fit even the smallest type, the name with that word cut and "…").
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    pub size: f32,
    pub text: String,
}

/// `name` fitted to a box `width` wide and `height` tall, in lines of `line_height` times the
/// type: the largest size from `max` down to `min` (half a pixel at a time) at which its words,
/// broken only between them, take no more lines than the box holds, each no wider than the
/// box. At `min`, a word still too wide is cut to fit with "…".
pub fn name(name: &str, width: f32, height: f32, line_height: f32, max: f32, min: f32) -> Fitted {
    let room = width - SLACK;
    let mut size = max;
    loop {
        let lines = ((height / (size * line_height)).floor() as usize).max(1);
        if lines_at(name, room, size).is_some_and(|n| n <= lines) || size <= min {
            break;
        }
        size = (size - 0.5).max(min);
    }
    let fits = lines_at(name, room, size).is_some();
    let text = if fits {
        name.to_string()
    } else {
        name.split_whitespace()
            .map(|w| elide(w, room, size))
            .collect::<Vec<_>>()
            .join(" ")
    };
    Fitted { size, text }
}

/// How many lines `name` takes in `size` type in lines `room` wide, broken between words;
/// None when a word alone is wider than a line.
fn lines_at(name: &str, room: f32, size: f32) -> Option<usize> {
    let mut lines = 0;
    let mut line = String::new();
    for word in name.split_whitespace() {
        if width(word, size) > room {
            return None;
        }
        let longer = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if line.is_empty() || width(&longer, size) > room {
            lines += 1;
            line = word.to_string();
        } else {
            line = longer;
        }
    }
    Some(lines.max(1))
}

/// `word` whole if it fits `room` in `size` type, else its longest start that fits with "…".
fn elide(word: &str, room: f32, size: f32) -> String {
    if width(word, size) <= room {
        return word.to_string();
    }
    let chars: Vec<char> = word.chars().collect();
    (1..chars.len())
        .rev()
        .map(|n| chars[..n].iter().collect::<String>() + "…")
        .find(|cut| width(cut, size) <= room)
        .unwrap_or_else(|| "…".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_one_word_name_is_shrunk_or_cut_with_an_ellipsis_never_broken_inside() {
        // Narrow: no size holds "Archchancellor" on a line, so the word is cut, not broken.
        let f = name("Archchancellor Vex", 40.0, 36.0, 1.15, 14.0, 10.0);
        assert_eq!(f.size, 10.0);
        assert!(f.text.starts_with("Arch") && f.text.contains('…'), "{f:?}");
        assert!(f.text.ends_with(" Vex"), "{f:?}");
        for word in f.text.split_whitespace() {
            assert!(width(word, f.size) <= 40.0, "{word:?} is wider than its place");
        }
        // Wide enough in smaller type: whole, one word to a line at most.
        let wide = width("Archchancellor", 12.0) + 2.0;
        let f = name("Archchancellor Vex", wide, 36.0, 1.15, 14.0, 10.0);
        assert_eq!(f.text, "Archchancellor Vex");
        assert!(f.size <= 12.0 && f.size >= 10.0, "{f:?}");
        // A short name keeps the largest size.
        assert_eq!(name("Rizzik", 60.0, 36.0, 1.15, 14.0, 10.0).size, 14.0);
    }
}
