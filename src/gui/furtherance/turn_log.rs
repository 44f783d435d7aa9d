//! The enemy turn as a list to mirror on the table (docs/table-ux.md 6): every history entry since you
//! last ended your turn, one line each, newest at the bottom and kept in view. Read from the
//! history, so it survives undo, redo and reopening the save, and shows exactly the entries
//! Undo steps back through.

use iced::widget::{Column, button, column, container, row, scrollable, text};
use iced::{Element, Fill, Length};

use super::Message;
use crate::furtherance::Game;
use crate::gui::document::Doc;
use crate::gui::style;

/// Height of the list: fixed, so the controls below never move as it grows (docs/table-ux.md 1).
pub const HEIGHT: f32 = 230.0;

/// The history entries from the one where the enemies' turn last began up to the current
/// entry, oldest first, as (index in the history, label); before your first End turn,
/// everything since the game began.
fn entries_since_end_of_turn(doc: &Doc<Game>) -> Vec<(usize, &str)> {
    let history = &doc.saved.history;
    let entries = &history.entries()[..=history.cursor()];
    let first = crate::furtherance::explain::enemy_turn_began(history);
    entries
        .iter()
        .enumerate()
        .skip(first)
        .map(|(i, e)| (i, e.label.as_str()))
        .collect()
}

/// The labels from the entry where the enemies' turn last began up to the current entry,
/// oldest first; before your first End turn, everything since the game began.
#[cfg(test)]
pub fn since_end_of_turn(doc: &Doc<Game>) -> Vec<&str> {
    entries_since_end_of_turn(doc)
        .into_iter()
        .map(|(_, l)| l)
        .collect()
}

/// Why history entry `index` happened: each of its steps with its "Why:" and "Why not:"
/// lines, rendered by the engine (furtherance::explain), as the CLI and the table network
/// show them.
pub fn explanation(doc: &Doc<Game>, index: usize) -> Vec<String> {
    let explained = match doc.saved.history.state(index) {
        Ok(state) => state.explained(),
        Err(e) => return vec![format!("This entry cannot be rebuilt: {e}")],
    };
    if explained.is_empty() {
        return vec!["Your own action or answer: nothing for the rules to explain.".into()];
    }
    explained
        .iter()
        .flat_map(|e| e.text().lines().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// The list; `open` is the entry whose "Why?" is open, its explanation shown under its line.
pub fn view(doc: &Doc<Game>, open: Option<usize>) -> Element<'_, Message> {
    let lines = entries_since_end_of_turn(doc);
    let mut list = Column::new().spacing(4).width(Fill);
    let newest = lines.len().saturating_sub(1);
    for (i, (index, line)) in lines.iter().enumerate() {
        let label = if open == Some(*index) { "Hide" } else { "Why?" };
        let why = container(
            button(text(label).size(style::SMALL))
                .height(Length::Fixed(32.0))
                .padding([6, 8])
                .style(style::secondary)
                .on_press(Message::Why(*index)),
        )
        .id(format!("furtherance-why-{index}"));
        let t = row![text(*line).size(style::BODY).width(Fill), why]
            .spacing(6)
            .align_y(iced::Alignment::Center);
        list = list.push(if i == newest {
            container(t)
                .padding([2, 6])
                .width(Fill)
                .style(style::selected)
        } else {
            container(t).padding([2, 6]).width(Fill)
        });
        if open == Some(*index) {
            let mut why = Column::new().spacing(2);
            for l in explanation(doc, *index) {
                why = why.push(text(l.trim().to_string()).size(style::SMALL));
            }
            list = list.push(container(why).padding([2, 14]).width(Fill));
        }
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
            text("Since you last ended your turn (newest last) — Why? gives the rule")
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
