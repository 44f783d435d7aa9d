//! Adopting corrected data in a game in progress: your units file or board file replaces the
//! game's copy (which every save carries, so a game never changes under you by itself). It is
//! one undoable history entry naming what changed; a unit type keeps its row (its index), so
//! the units on the board become the corrected cards. Refused, with the reason, if the game
//! could not stand on the new data (a unit on a square the board lacks, more cards in play
//! than the new copies allow).

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::board_file::BoardFile;
use super::error::RuleError;
use super::pile::Shared;
use super::state::Game;
use super::units::{Catalog, CatalogFile};

/// The data to adopt: either file or both, as their files.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewData {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<CatalogFile>,
}

impl Game {
    /// What adopting `data` would change, one phrase each (empty: nothing differs).
    pub fn data_changes(&self, data: &NewData) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(units) = &data.units {
            let old = self.catalog.file();
            for (i, new) in units.units.iter().enumerate() {
                match old.units.get(i) {
                    None => out.push(format!("new unit type {}", new.name)),
                    Some(was) if was != new => {
                        let mut what = Vec::new();
                        if was.name != new.name {
                            what.push(format!("name {}", new.name));
                        }
                        for (field, a, b) in [
                            ("cost", was.cost, new.cost),
                            ("attack", was.attack, new.attack),
                            ("HP", was.hp, new.hp),
                            ("copies", was.copies, new.copies),
                        ] {
                            if a != b {
                                what.push(format!("{field} {a}→{b}"));
                            }
                        }
                        if was.abilities != new.abilities {
                            what.push("ability".to_string());
                        }
                        if what.is_empty() {
                            what.push("sample marks".to_string());
                        }
                        out.push(format!("{}: {}", was.name, what.join(", ")));
                    }
                    Some(_) => {}
                }
            }
            if units.units.len() < old.units.len() {
                out.push(format!(
                    "{} unit type(s) fewer",
                    old.units.len() - units.units.len()
                ));
            }
        }
        if let Some(board) = &data.board
            && board != self.board.file()
        {
            let mut what = Vec::new();
            if board.arrows != self.board.file().arrows {
                what.push("arrows");
            }
            if board.spawn_order != self.board.file().spawn_order {
                what.push("spawn order");
            }
            if board.walls != self.board.file().walls {
                what.push("walls");
            }
            if what.is_empty() {
                what.push("layout");
            }
            out.push(format!("board: {}", what.join(", ")));
        }
        out
    }

    /// Replaces the game's board and/or units with `data`. The digital deck is made up again
    /// from the new copies (every card not on the board or in research), shuffled with the
    /// game's own RNG.
    pub(crate) fn adopt(&mut self, data: &NewData) -> Result<String, RuleError> {
        let changes = self.data_changes(data);
        if changes.is_empty() {
            return Err(RuleError::BadValue(
                "this game already uses that data".to_string(),
            ));
        }
        let refuse = |e: String| RuleError::BadValue(format!("cannot adopt it: {e}"));
        // Work on a copy: a refusal leaves the game as it was.
        let mut next = self.clone();
        next.adopt_into(data, refuse)?;
        *self = next;
        Ok(changes.join("; "))
    }

    fn adopt_into(
        &mut self,
        data: &NewData,
        refuse: impl Fn(String) -> RuleError,
    ) -> Result<(), RuleError> {
        if let Some(file) = &data.board {
            self.board = Shared::new(Board::try_from(file.clone()).map_err(&refuse)?);
        }
        if let Some(file) = &data.units {
            let catalog = Catalog::try_from(file.clone()).map_err(&refuse)?;
            if let Some(u) = self.units.iter().find(|u| catalog.get(u.kind).is_none()) {
                return Err(refuse(format!(
                    "unit {} is of type {}, which the new file lacks",
                    u.id, u.kind.0
                )));
            }
            self.catalog = Shared::new(catalog);
        }
        if let Some(deck) = self.deck.as_mut() {
            let mut cards = Vec::new();
            for kind in self.catalog.ids() {
                let in_play = self
                    .units
                    .iter()
                    .filter(|u| u.owner.is_enemy() && u.kind == kind)
                    .count()
                    + self
                        .castles
                        .iter()
                        .map(|c| c.research.iter().filter(|k| **k == kind).count())
                        .sum::<usize>();
                let copies = usize::from(self.catalog.kind(kind).copies);
                if in_play > copies {
                    return Err(refuse(format!(
                        "{in_play} {} are in play, more than its {copies} copies",
                        self.catalog.kind(kind).name
                    )));
                }
                cards.extend(std::iter::repeat_n(kind, copies - in_play));
            }
            deck.replace_cards(cards);
        }
        // Units whose new HP their damage reaches die as the next thing resolved.
        self.agenda.push(super::agenda::Task::Deaths);
        self.check().map_err(|e| refuse(e.to_string()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::super::*;
    use super::NewData;
    use crate::doc::{Playable, Saved};

    fn units_with(edit: impl FnOnce(&mut CatalogFile)) -> NewData {
        let mut file = Catalog::bundled().unwrap().file().clone();
        edit(&mut file);
        NewData {
            board: None,
            units: Some(file),
        }
    }

    #[test]
    fn a_game_adopts_corrected_cards_as_one_undoable_entry_naming_the_change() {
        let mut g = game();
        let knight = place(&mut g, Seat::Left, "Knight", "c4");
        let mut saved = Saved::new("t", "New game", g);
        let data = units_with(|f| f.units[0].hp = 4);
        let acted = saved
            .act(Action::AdoptData {
                data: Box::new(data.clone()),
            })
            .unwrap();
        assert_eq!(acted.label, "Hand edit: adopt your data: Knight: HP 3→4");
        let g = saved.current();
        assert_eq!(g.hp(g.unit(knight).unwrap()), 4);
        g.check().unwrap();
        assert!(g.data_changes(&data).is_empty(), "the game now uses them");
        saved.history.undo();
        assert_eq!(saved.current().hp(saved.current().unit(knight).unwrap()), 3);
    }

    #[test]
    fn adopting_fewer_copies_than_are_in_play_is_refused_and_changes_nothing() {
        let mut g = game();
        place(&mut g, Seat::Left, "Knight", "c4");
        place(&mut g, Seat::Left, "Knight", "e4");
        let before = g.clone();
        let data = units_with(|f| {
            f.units[0].copies = 1;
            f.units[1].copies += 3;
        });
        let err = Playable::act(
            &mut g,
            Action::AdoptData {
                data: Box::new(data),
            },
        )
        .unwrap_err();
        assert!(err.to_string().contains("2 Knight are in play"), "{err}");
        assert_eq!(g, before);
    }

    #[test]
    fn a_corrected_board_is_adopted_with_its_arrows() {
        let mut g = game();
        let mut file = BoardFile::standard();
        file.header.sample_data = false;
        let data = NewData {
            board: Some(file),
            units: None,
        };
        let acted = Playable::act(
            &mut g,
            Action::AdoptData {
                data: Box::new(data),
            },
        )
        .unwrap();
        assert!(acted.label.contains("board"), "{}", acted.label);
        assert!(!g.board().is_sample());
    }
}
