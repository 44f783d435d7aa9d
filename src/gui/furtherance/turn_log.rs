//! The enemy turn as a list to mirror on the table (docs/table-ux.md 6): every history entry since you
//! last ended your turn, one line each, newest at the bottom and kept in view. Read from the
//! history, so it survives undo, redo and reopening the save, and shows exactly the entries
//! Undo steps back through.

use iced::widget::{Column, column, container, scrollable, text};
use iced::{Element, Fill, Length};

use super::Message;
use crate::furtherance::{Game, Phase};
use crate::gui::document::Doc;
use crate::gui::style;

/// Height of the list: fixed, so the controls below never move as it grows (docs/table-ux.md 1).
pub const HEIGHT: f32 = 230.0;

/// The labels from the entry where the enemies' turn last began up to the current entry,
/// oldest first; before your first End turn, everything since the game began.
pub fn since_end_of_turn(doc: &Doc<Game>) -> Vec<&str> {
    let history = &doc.saved.history;
    let entries = &history.entries()[..=history.cursor()];
    // States are rebuilt from the saved changes as the walk back reaches them.
    let phase = |i: usize| history.state(i).ok().map(Game::phase);
    let began = (0..entries.len()).rev().find(|&i| {
        phase(i) == Some(Phase::Enemy) && i.checked_sub(1).and_then(phase) == Some(Phase::Player)
    });
    match began {
        Some(i) => entries[i..].iter().map(|e| e.label.as_str()).collect(),
        None => entries.iter().skip(1).map(|e| e.label.as_str()).collect(),
    }
}

pub fn view(doc: &Doc<Game>) -> Element<'_, Message> {
    let lines = since_end_of_turn(doc);
    let mut list = Column::new().spacing(4).width(Fill);
    let newest = lines.len().saturating_sub(1);
    for (i, line) in lines.iter().enumerate() {
        let t = text(*line).size(style::BODY);
        list = list.push(if i == newest {
            container(t)
                .padding([2, 6])
                .width(Fill)
                .style(style::selected)
        } else {
            container(t).padding([2, 6]).width(Fill)
        });
    }
    if lines.is_empty() {
        list = list.push(
            text("What you do, and the enemies' turn step by step, is listed here.")
                .size(style::SMALL)
                .style(style::muted),
        );
    }
    container(
        column![
            text("Since you last ended your turn (newest last)")
                .size(style::SMALL)
                .style(style::muted),
            scrollable(list)
                .anchor_bottom()
                .id("furtherance-turn-log")
                .height(Fill),
        ]
        .spacing(4),
    )
    .padding(8)
    .width(Fill)
    .height(Length::Fixed(HEIGHT))
    .style(style::card)
    .into()
}
