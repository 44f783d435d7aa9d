//! A research question laid out as cards (WORKERS: Research): the cards you may keep as a
//! column of tiles, and under them the ways to put back the others for the kept card picked
//! (the default one's at first), each answering the question. Six sentences of "keep this,
//! that to the bottom, the other back on top" need a scroll in the narrowest panel; three
//! tiles and two short options do not (issue 32 §2; docs/furtherance.md, "A worker's
//! question").

use iced::Element;
use iced::widget::{Column, button, text};

use super::Message;
use crate::furtherance::{Pending, ResearchOption};
use crate::gui::style;

fn small<'a>(s: impl text::IntoFragment<'a>) -> iced::widget::Text<'a> {
    text(s).size(style::SMALL)
}

/// The tile of a card you may keep, for the layout tests.
pub fn keep_label(name: &str) -> String {
    format!("Keep {name}")
}

/// What option `o` puts back, in the words its button shows (its kept card is the tile
/// above), and the caption over such buttons.
fn put_back(o: &ResearchOption) -> (String, &'static str) {
    let (mut words, caption) = match (&o.bottom[..], &o.top) {
        ([one], Some(_)) => (one.clone(), "To the bottom (the other back on top):"),
        (_, Some(top)) => (top.clone(), "Back on top (the others to the bottom):"),
        ([], None) => ("Keep it".to_string(), "Then:"),
        (many, None) => (many.join(" and "), "To the bottom:"),
    };
    if let Some(g) = &o.give_back {
        words += &format!("; your {g} back on its deck");
    }
    (words, caption)
}

/// The label of option `i` (0-based) among the put-back buttons, the default marked as in
/// every question.
pub fn option_label(i: usize, o: &ResearchOption, default: bool) -> String {
    let (words, _) = put_back(o);
    if default {
        format!("{}. {words} (default)", i + 1)
    } else {
        format!("{}. {words}", i + 1)
    }
}

/// The kept card shown: `picked` when it is one of the options' (a tile clicked), else the
/// default option's.
pub fn kept<'a>(q: &Pending, options: &'a [ResearchOption], picked: Option<&str>) -> &'a str {
    options
        .iter()
        .find(|o| Some(o.keep.as_str()) == picked)
        .or(options.get(q.default))
        .or(options.first())
        .map_or("", |o| o.keep.as_str())
}

/// The question as cards, in small type (it is asked in the kingdom's short region).
pub fn view<'a>(
    q: &'a Pending,
    options: Vec<ResearchOption>,
    picked: Option<&str>,
) -> Element<'a, Message> {
    let keep = kept(q, &options, picked).to_string();
    let mut col = Column::new().spacing(3);
    let mut seen: Vec<&str> = Vec::new();
    for o in &options {
        if seen.contains(&o.keep.as_str()) {
            continue;
        }
        seen.push(&o.keep);
        let on = o.keep == keep;
        col = col.push(
            button(small(keep_label(&o.keep)))
                .padding([2, 8])
                .width(iced::Fill)
                .style(if on { style::primary } else { style::secondary })
                .on_press(Message::ResearchKeep(o.keep.clone())),
        );
    }
    let mine: Vec<(usize, &ResearchOption)> = options
        .iter()
        .enumerate()
        .filter(|(_, o)| o.keep == keep)
        .collect();
    if let Some((_, first)) = mine.first() {
        col = col.push(small(put_back(first).1).style(style::muted));
    }
    for (i, o) in mine {
        let default = i == q.default;
        col = col.push(
            button(small(option_label(i, o, default)))
                .padding([2, 8])
                .width(iced::Fill)
                .style(if default {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::Answer(i)),
        );
    }
    crate::gui::widgets::card(col, 6).into()
}
