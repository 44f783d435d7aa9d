//! The Furtherance screen's keys (docs/table-ux.md 7).

use super::*;

/// The frequent actions of a game in play, by key (docs/table-ux.md 7). Nothing acts while an editor is
/// open or the game is over; each key sends what the button it stands for would.
impl crate::gui::screen::Keyboard for State {
    type Message = Message;
    const KEYS: &'static [(&'static str, &'static str)] = &[
        ("1 to 9", "Answer the question with that option"),
        (
            "Enter",
            "Answer with the default option; in the enemies' turn, Next step",
        ),
        ("Space or N", "Next step of the enemies' turn"),
        (
            "R",
            "Run the enemies' turn to its end (or to the next question)",
        ),
        ("E", "End your turn: the enemies take theirs"),
    ];

    fn key(&self, key: crate::gui::screen::Keypress) -> Option<Message> {
        use crate::gui::screen::Keypress::{Char, Enter, Space};
        if self.cards.is_some() || self.board_editor.is_some() {
            return None;
        }
        let g = self.game()?;
        if g.outcome().is_some() {
            return None;
        }
        if let Some(p) = g.pending() {
            return match key {
                Char(c) => c
                    .to_digit(10)
                    .map(|d| d as usize)
                    .filter(|d| (1..=p.options.len()).contains(d))
                    .map(|d| Message::Answer(d - 1)),
                Enter => Some(Message::Answer(p.default)),
                Space => None,
            };
        }
        let my_turn = g.phase() == Phase::Player && !g.is_resolving();
        match (key, my_turn) {
            (Char('e'), true) => Some(Message::EndTurn),
            (Enter | Space | Char('n'), false) => Some(Message::Next),
            (Char('r'), false) => Some(Message::RunToEnd),
            _ => None,
        }
    }
}
