//! Every colour and text size of the app lives here; screens call these helpers and never write
//! a colour literal. Two palettes (light and dark), both high-contrast for a table lit by a lamp.

use iced::widget::{button, container, text};
use iced::{Background, Border, Color, Theme};
use strum::VariantArray;

/// Text sizes, before the large-type scale factor.
pub const TITLE: f32 = 30.0;
pub const HEADING: f32 = 22.0;
pub const BODY: f32 = 17.0;
pub const SMALL: f32 = 14.0;
/// Rules entries open in this size ("large type").
pub const READING: f32 = 24.0;
/// Spacing unit.
pub const GAP: f32 = 12.0;

/// Below this width (logical pixels, so large type reaches it sooner) a screen stacks its side
/// panels in one column instead of clipping them (docs/table-ux.md: 1024×768 with large type is about
/// 790 logical pixels wide).
pub const NARROW: f32 = 900.0;

/// How much bigger everything is with "Large type" on.
pub const LARGE_TYPE_SCALE: f32 = 1.3;

/// The user's theme choice.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize, VariantArray,
)]
pub enum ThemeChoice {
    #[default]
    System,
    Light,
    Dark,
}

impl ThemeChoice {
    /// Every choice, as declared: the theme picker on Home.
    pub const ALL: &[Self] = Self::VARIANTS;
}

impl std::fmt::Display for ThemeChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ThemeChoice::System => "Theme: system",
            ThemeChoice::Light => "Theme: light",
            ThemeChoice::Dark => "Theme: dark",
        })
    }
}

pub fn light() -> Theme {
    Theme::custom(
        "Tablemate Light",
        iced::theme::Palette {
            background: Color::from_rgb8(0xF7, 0xF4, 0xEE),
            text: Color::from_rgb8(0x1C, 0x1B, 0x19),
            primary: Color::from_rgb8(0x1F, 0x5F, 0xA8),
            // Dark enough for 4.5:1 as text on a card too (the contrast test below).
            success: Color::from_rgb8(0x14, 0x5A, 0x2A),
            warning: Color::from_rgb8(0x7A, 0x48, 0x00),
            danger: Color::from_rgb8(0x8E, 0x1C, 0x15),
        },
    )
}

pub fn dark() -> Theme {
    Theme::custom(
        "Tablemate Dark",
        iced::theme::Palette {
            background: Color::from_rgb8(0x1A, 0x1C, 0x20),
            text: Color::from_rgb8(0xEE, 0xEC, 0xE6),
            primary: Color::from_rgb8(0x6C, 0xA8, 0xF0),
            success: Color::from_rgb8(0x58, 0xC2, 0x7D),
            warning: Color::from_rgb8(0xF0, 0xB0, 0x4A),
            danger: Color::from_rgb8(0xF2, 0x80, 0x76),
        },
    )
}

/// A raised panel: the saved-games list, a dialog, a card.
pub fn card(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    outlined(p.background.weak, p.background.strong.color, 10.0)
}

/// The top bar of every screen.
pub fn bar(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(Background::Color(p.background.strong.color)),
        text_color: Some(p.background.strong.text),
        ..container::Style::default()
    }
}

/// A dialog floating above a dimmed screen.
pub fn dialog(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    container::Style {
        background: Some(Background::Color(p.background.base.color)),
        border: Border {
            color: p.primary.strong.color,
            width: 2.0,
            radius: 12.0.into(),
        },
        // No shadow: iced 0.14's CPU renderer paints a shadow outside the region it repaints,
        // darkening the frame a little more at each partial repaint (the garbled help frame,
        // docs/architecture.md "Repainting"). The scrim sets the dialog apart.
        text_color: Some(p.background.base.text),
        ..container::Style::default()
    }
}

/// The dim layer behind a dialog.
pub fn scrim(_theme: &Theme) -> container::Style {
    container::Style {
        background: Some(Background::Color(Color::BLACK.scale_alpha(0.45))),
        ..container::Style::default()
    }
}

/// A filled, outlined panel in one of the palette's colour pairs.
fn outlined(weak: iced::theme::palette::Pair, outline: Color, radius: f32) -> container::Style {
    container::Style {
        background: Some(Background::Color(weak.color)),
        text_color: Some(weak.text),
        border: Border {
            color: outline,
            width: 1.0,
            radius: radius.into(),
        },
        ..container::Style::default()
    }
}

/// An error banner naming a file and a problem.
pub fn error_banner(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    outlined(p.danger.weak, p.danger.strong.color, 8.0)
}

/// A neutral notice ("Saved", "Restored backup … Undo").
pub fn info_banner(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    outlined(p.primary.weak, p.primary.strong.color, 8.0)
}

/// A row that is the current one (the current history entry, a selected save).
pub fn selected(theme: &Theme) -> container::Style {
    let p = theme.extended_palette();
    outlined(p.primary.weak, p.primary.strong.color, 6.0)
}

/// A big game tile on the home screen.
pub fn tile(theme: &Theme, status: button::Status) -> button::Style {
    let p = theme.extended_palette();
    let base = button::Style {
        background: Some(Background::Color(p.background.weak.color)),
        text_color: p.background.weak.text,
        border: Border {
            color: p.primary.base.color,
            width: 2.0,
            radius: 12.0.into(),
        },
        ..button::Style::default()
    };
    match status {
        button::Status::Hovered | button::Status::Pressed => button::Style {
            background: Some(Background::Color(p.primary.weak.color)),
            text_color: p.primary.weak.text,
            ..base
        },
        _ => base,
    }
}

/// A list row that acts as a button (history entries, search results).
pub fn row_button(theme: &Theme, status: button::Status) -> button::Style {
    let p = theme.extended_palette();
    let base = button::Style {
        background: None,
        text_color: p.background.base.text,
        border: Border {
            radius: 6.0.into(),
            ..Border::default()
        },
        ..button::Style::default()
    };
    match status {
        button::Status::Hovered | button::Status::Pressed => button::Style {
            background: Some(Background::Color(p.background.strong.color)),
            ..base
        },
        _ => base,
    }
}

pub fn primary(theme: &Theme, status: button::Status) -> button::Style {
    button::primary(theme, status)
}

/// The chosen one of a pair of toggles: it looks selected, never greyed out, though pressing
/// it again does nothing.
pub fn chosen(theme: &Theme, status: button::Status) -> button::Style {
    let status = match status {
        button::Status::Disabled => button::Status::Active,
        other => other,
    };
    button::primary(theme, status)
}

pub fn secondary(theme: &Theme, status: button::Status) -> button::Style {
    button::secondary(theme, status)
}

pub fn danger(theme: &Theme, status: button::Status) -> button::Style {
    button::danger(theme, status)
}

/// Greyed-out secondary text (dates, page numbers).
pub fn muted(theme: &Theme) -> text::Style {
    let p = theme.extended_palette();
    text::Style {
        color: Some(p.background.base.text.scale_alpha(0.7)),
    }
}

/// Text in the danger colour (a damaged save, a refused action).
pub fn danger_text(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(theme.palette().danger),
    }
}

/// Text in the success colour (a win, a hit).
pub fn success_text(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(theme.palette().success),
    }
}

/// Text in the warning colour (sample data, a pending choice).
pub fn warning_text(theme: &Theme) -> text::Style {
    text::Style {
        color: Some(theme.palette().warning),
    }
}

/// Owner colours for pieces on a board (canvas drawing), by seat: the player, then up to four
/// opponents. Readable on both palettes.
pub fn seat_colour(theme: &Theme, seat: usize) -> Color {
    let dark = theme.extended_palette().is_dark;
    let light_set = [
        Color::from_rgb8(0x1F, 0x5F, 0xA8),
        Color::from_rgb8(0xB3, 0x26, 0x1E),
        Color::from_rgb8(0x6A, 0x3D, 0x9A),
        Color::from_rgb8(0x1E, 0x7A, 0x3C),
        Color::from_rgb8(0xB2, 0x6B, 0x00),
    ];
    let dark_set = [
        Color::from_rgb8(0x6C, 0xA8, 0xF0),
        Color::from_rgb8(0xF0, 0x6A, 0x5E),
        Color::from_rgb8(0xB8, 0x8C, 0xF0),
        Color::from_rgb8(0x58, 0xC2, 0x7D),
        Color::from_rgb8(0xF0, 0xB0, 0x4A),
    ];
    let set = if dark { dark_set } else { light_set };
    set[seat % set.len()]
}

/// Board colours for canvas drawing: (field, wall, grid line, highlight).
pub fn board_colours(theme: &Theme) -> (Color, Color, Color, Color) {
    let p = theme.extended_palette();
    (
        p.background.weak.color,
        p.background.strong.text,
        p.background.strong.color,
        p.warning.base.color,
    )
}

/// A Worldspanner challenge card's face band: green for success, yellow for Squeak, orange and
/// red for failures (the printed card's colours, the same in both themes).
pub fn face_band(face: crate::worldspanner::Face) -> Color {
    use crate::worldspanner::Face;
    match face {
        Face::Amaze => Color::from_rgb8(0x3f, 0xa8, 0x4c),
        Face::Pass => Color::from_rgb8(0x9b, 0xd0, 0x8c),
        Face::Squeak => Color::from_rgb8(0xf1, 0xd8, 0x6a),
        Face::Fail => Color::from_rgb8(0xf0, 0x9a, 0x5a),
        Face::Fopp => Color::from_rgb8(0xd9, 0x4f, 0x4f),
    }
}

/// The blue Hit bar under a challenge card's bands.
pub const HIT_BLUE: Color = Color::from_rgb(0.20, 0.42, 0.85);

/// The letter on a face band: black, legible on every band's colour in both themes.
pub const FACE_LETTER: Color = Color::BLACK;

/// The frame of a challenge card's row: the theme's text colour around the row read, none
/// around the others.
pub fn row_frame(theme: &Theme, read: bool) -> Color {
    if read {
        theme.palette().text
    } else {
        Color::TRANSPARENT
    }
}

/// WCAG 2 relative luminance of an opaque colour (sRGB, 0 black to 1 white).
pub fn luminance(c: Color) -> f32 {
    let lin = |v: f32| {
        if v <= 0.040_45 {
            v / 12.92
        } else {
            ((v + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(c.r) + 0.7152 * lin(c.g) + 0.0722 * lin(c.b)
}

/// WCAG 2 contrast ratio of `fg` drawn on `bg` (1 to 21; text wants at least 4.5). A
/// translucent `fg` is blended onto `bg` first, as the screen shows it.
pub fn contrast(fg: Color, bg: Color) -> f32 {
    let a = fg.a;
    let seen = Color::from_rgb(
        fg.r * a + bg.r * (1.0 - a),
        fg.g * a + bg.g * (1.0 - a),
        fg.b * a + bg.b * (1.0 - a),
    );
    let (l1, l2) = (luminance(seen), luminance(bg));
    (l1.max(l2) + 0.05) / (l1.min(l2) + 0.05)
}

/// The ink for a label drawn on `fill` (a piece, a badge): the theme's text or background
/// colour, whichever stands out more on it, so labels read in both themes.
pub fn ink_on(theme: &Theme, fill: Color) -> Color {
    let p = theme.palette();
    if contrast(p.text, fill) >= contrast(p.background, fill) {
        p.text
    } else {
        p.background
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WCAG 2's least contrast for text (issue 30 item 7, docs/table-ux.md: high contrast).
    const TEXT: f32 = 4.5;

    /// Every text colour the app draws on each surface, per theme: body and muted text on the
    /// page, a card, a selected row and the top bar; the message colours on the page and a
    /// card; the buttons' labels; the board's labels on every seat's pieces and badges.
    fn pairs(theme: &Theme) -> Vec<(String, Color, Color)> {
        let p = theme.extended_palette();
        let base = p.background.base.color;
        let card_bg = p.background.weak.color;
        let mut v = Vec::new();
        let mut add = |name: &str, fg: Color, bg: Color| v.push((name.to_string(), fg, bg));
        for (surface, bg, text) in [
            ("page", base, p.background.base.text),
            ("card", card_bg, p.background.weak.text),
            (
                "top bar",
                p.background.strong.color,
                p.background.strong.text,
            ),
            ("selected row", p.primary.weak.color, p.primary.weak.text),
        ] {
            add(&format!("text on the {surface}"), text, bg);
        }
        for (surface, bg) in [("page", base), ("card", card_bg)] {
            let muted_text = muted(theme).color.unwrap_or(p.background.base.text);
            add(&format!("muted text on the {surface}"), muted_text, bg);
            for (name, style) in [
                ("success", success_text as fn(&Theme) -> text::Style),
                ("warning", warning_text),
                ("danger", danger_text),
            ] {
                let fg = style(theme).color.unwrap_or(p.background.base.text);
                add(&format!("{name} text on the {surface}"), fg, bg);
            }
        }
        for (name, style) in [
            (
                "primary",
                primary as fn(&Theme, button::Status) -> button::Style,
            ),
            ("secondary", secondary),
            ("danger", danger),
        ] {
            let s = style(theme, button::Status::Active);
            if let Some(Background::Color(bg)) = s.background {
                add(&format!("{name} button label"), s.text_color, bg);
            }
        }
        for seat in 0..4 {
            let fill = seat_colour(theme, seat);
            add(
                &format!("label on seat {seat}'s pieces"),
                ink_on(theme, fill),
                fill,
            );
        }
        let palette = theme.palette();
        for (name, fill) in [
            ("damage", palette.danger),
            ("new-unit", palette.warning),
            ("highlight", board_colours(theme).3),
        ] {
            add(
                &format!("label on a {name} badge"),
                ink_on(theme, fill),
                fill,
            );
        }
        v
    }

    #[test]
    fn every_themes_text_has_at_least_wcag_contrast_on_its_background() {
        let mut low = Vec::new();
        for (theme_name, theme) in [("light", light()), ("dark", dark())] {
            for (name, fg, bg) in pairs(&theme) {
                let ratio = contrast(fg, bg);
                if ratio < TEXT {
                    low.push(format!("{theme_name}: {name} is {ratio:.2}:1"));
                }
            }
        }
        assert!(low.is_empty(), "below {TEXT}:1: {low:#?}");
    }

    #[test]
    fn contrast_follows_the_wcag_formula() {
        assert!((contrast(Color::BLACK, Color::WHITE) - 21.0).abs() < 0.01);
        assert!((contrast(Color::WHITE, Color::WHITE) - 1.0).abs() < 0.01);
        // #767676 on white is the classic 4.54:1.
        let grey = Color::from_rgb8(0x76, 0x76, 0x76);
        assert!((contrast(grey, Color::WHITE) - 4.54).abs() < 0.02);
    }
}
