//! Adopting corrected data in a game in progress: your units file, board file or kingdom card
//! files (adopt_cards.rs) replace the
//! game's copy (which every save carries, so a game never changes under you by itself). It is
//! one undoable history entry naming what changed; unit types are matched by name, never by
//! row, so the units on the board become the corrected cards of the same name. Refused, with the reason, if the game
//! could not stand on the new data (a unit on a square the board lacks, more cards in play
//! than the new copies allow).

use serde::{Deserialize, Serialize};

use super::agenda::{Pending, Resume, Task};
use super::board::Board;
use super::board_file::BoardFile;
use super::cards::{CardKind, CardsFile};
use super::error::RuleError;
use super::pile::Shared;
use super::state::Game;
use super::units::{Catalog, CatalogFile, KindId};

/// The data to adopt: any of the files, as they are written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct NewData {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<BoardFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub units: Option<CatalogFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub buildings: Option<CardsFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub items: Option<CardsFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgrades: Option<CardsFile>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaders: Option<CardsFile>,
}

impl NewData {
    /// The card file of `kind` to adopt, if any.
    pub fn cards(&self, kind: CardKind) -> Option<&CardsFile> {
        match kind {
            CardKind::Building => self.buildings.as_ref(),
            CardKind::Item => self.items.as_ref(),
            CardKind::Upgrade => self.upgrades.as_ref(),
            CardKind::Leader => self.leaders.as_ref(),
        }
    }

    /// Sets the card file of `kind`.
    pub fn set_cards(&mut self, kind: CardKind, file: Option<CardsFile>) {
        let slot = match kind {
            CardKind::Building => &mut self.buildings,
            CardKind::Item => &mut self.items,
            CardKind::Upgrade => &mut self.upgrades,
            CardKind::Leader => &mut self.leaders,
        };
        *slot = file;
    }

    /// Whether it names no file at all.
    pub fn is_empty(&self) -> bool {
        self.board.is_none()
            && self.units.is_none()
            && CardKind::ALL.into_iter().all(|k| self.cards(k).is_none())
    }
}

impl Game {
    /// The files among these (the data now in use: the player's own where they have them)
    /// that differ from this game's copy, to adopt; `None` when nothing differs. Kingdom card
    /// files are written back with a header saying whether they still hold sample values.
    pub fn differing_data(
        &self,
        board: &Board,
        catalog: &Catalog,
        cards: &super::cards::Cards,
    ) -> Option<NewData> {
        let mut data = NewData {
            board: (board.file() != self.board.file()).then(|| board.file().clone()),
            units: (catalog.file() != self.catalog.file()).then(|| catalog.file().clone()),
            ..NewData::default()
        };
        for kind in CardKind::ALL {
            let (yours, its) = (cards.list(kind), self.cards.list(kind));
            if yours != its {
                let sample = yours.iter().any(|c| !c.sample_fields.is_empty());
                data.set_cards(
                    kind,
                    Some(CardsFile {
                        header: crate::datafile::Header::new(kind.data_kind(), sample, "", ""),
                        cards: yours.to_vec(),
                    }),
                );
            }
        }
        (!data.is_empty()).then_some(data)
    }

    /// What adopting `data` would change, one phrase each (empty: nothing differs).
    pub fn data_changes(&self, data: &NewData) -> Vec<String> {
        let mut out = Vec::new();
        if let Some(units) = &data.units {
            // Unit types are matched by name, never by row (reordering rows changes nothing).
            let old = self.catalog.file();
            let same = |a: &str, b: &str| a.trim().eq_ignore_ascii_case(b.trim());
            for new in &units.units {
                match old.units.iter().find(|was| same(&was.name, &new.name)) {
                    None => out.push(format!("new unit type {}", new.name)),
                    Some(was) if was != new => {
                        let mut what = Vec::new();
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
            for was in &old.units {
                if !units.units.iter().any(|new| same(&was.name, &new.name)) {
                    out.push(format!("unit type {} removed", was.name));
                }
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
        for kind in CardKind::ALL {
            if let Some(file) = data.cards(kind) {
                out.extend(super::adopt_cards::card_changes(
                    kind,
                    self.cards.list(kind),
                    &file.cards,
                ));
            }
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
            self.board = Shared::new(
                Board::try_from(file.clone()).map_err(|e| refuse(e.to_string()))?,
            );
        }
        if let Some(file) = &data.units {
            let catalog = Catalog::try_from(file.clone()).map_err(|e| refuse(e.to_string()))?;
            self.rekind(&catalog).map_err(&refuse)?;
            self.catalog = Shared::new(catalog);
        }
        for kind in CardKind::ALL {
            if let Some(file) = data.cards(kind) {
                self.adopt_cards(kind, file).map_err(&refuse)?;
            }
        }
        // The unit deck is made up again only for a new units file: a board or kingdom
        // cards adopted alone leave its order as it was.
        if let Some(deck) = self.deck.as_mut().filter(|_| data.units.is_some()) {
            let mut cards = Vec::new();
            for kind in self.catalog.ids() {
                let one_deck = self.kingdom.one_deck;
                let in_play = self
                    .units
                    .iter()
                    .filter(|u| (u.owner.is_enemy() || one_deck) && u.kind == kind)
                    .count()
                    + self
                        .kingdom
                        .units_market
                        .iter()
                        .flatten()
                        .filter(|k| **k == kind)
                        .count()
                    + self
                        .kingdom
                        .research
                        .iter()
                        .filter(|r| {
                            one_deck && r.deck == super::kingdom::Market::Units && r.card == kind.0
                        })
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

impl Game {
    /// Points every unit type the game holds (units on the board, research, spawns still to
    /// place, a waiting question's options) at the row of the same name in `catalog`. A type
    /// in use whose name the new file lacks is refused, naming it: nothing silently becomes
    /// another card.
    // Kept String: handed to `refuse`, which makes the RuleError from the text.
    fn rekind(&mut self, catalog: &Catalog) -> Result<(), String> {
        let old = self.catalog.clone();
        // Kept String: handed to `refuse`, which makes the RuleError from the text.
        let map = |kind: KindId| -> Result<KindId, String> {
            let name = &old.kind(kind).name;
            catalog.find(name).ok_or_else(|| {
                format!("unit type {name} is in play but the new units file has no {name}")
            })
        };
        if let Some(Pending {
            resume: Resume::DrawnCard { .. },
            ..
        }) = &self.pending
        {
            let names = |c: &Catalog| c.ids().map(|k| c.kind(k).name.clone()).collect::<Vec<_>>();
            if names(&old) != names(catalog) {
                return Err(
                    "the waiting question lists the unit types by row: answer it first".to_string(),
                );
            }
        }
        for unit in &mut self.units {
            unit.kind = map(unit.kind)?;
        }
        for castle in &mut self.castles {
            for kind in &mut castle.research {
                *kind = map(*kind)?;
            }
        }
        for slot in &mut self.kingdom.units_market {
            for kind in slot {
                *kind = map(*kind)?;
            }
        }
        for r in &mut self.kingdom.research {
            if r.deck == super::kingdom::Market::Units {
                r.card = map(KindId(r.card))?.0;
            }
        }
        for task in &mut self.agenda {
            rekind_task(task, &map)?;
        }
        if let Some(pending) = &mut self.pending {
            match &mut pending.resume {
                Resume::ResearchTie { candidates, .. } => {
                    for kind in candidates {
                        *kind = map(*kind)?;
                    }
                }
                Resume::Protector { task, .. } => rekind_task(task, &map)?,
                Resume::Rescue { card } if card.deck == super::kingdom::Market::Units => {
                    card.card = map(KindId(card.card))?.0;
                }
                Resume::Research {
                    deck: super::kingdom::Market::Units,
                    ..
                } => {
                    return Err("a research of the unit deck waits: answer it first".to_string());
                }
                _ => {}
            }
        }
        Ok(())
    }
}

// Kept String: handed to `refuse`, which makes the RuleError from the text.
fn rekind_task(
    task: &mut Task,
    map: &impl Fn(KindId) -> Result<KindId, String>,
) -> Result<(), String> {
    match task {
        Task::PlaceSpawn { kind, .. } | Task::SkipDrawn { kind, .. } => *kind = map(*kind)?,
        Task::Rescue { card } if card.deck == super::kingdom::Market::Units => {
            card.card = map(KindId(card.card))?.0;
        }
        _ => {}
    }
    Ok(())
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
            units: Some(file),
            ..NewData::default()
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
        // Two on the board, and any face up in the units market (the one deck).
        assert!(err.to_string().contains("Knight are in play"), "{err}");
        assert_eq!(g, before);
    }

    #[test]
    fn a_corrected_board_is_adopted_with_its_arrows() {
        let mut g = game();
        let mut file = BoardFile::standard();
        file.header.sample_data = false;
        let data = NewData {
            board: Some(file),
            ..NewData::default()
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

    #[test]
    fn adopt_data_matches_unit_types_by_name_never_by_row() {
        let mut g = game();
        let juggernaut = place(&mut g, Seat::Left, "Juggernaut", "c4");
        let knight = place(&mut g, Seat::Left, "Knight", "e4");
        let data = units_with(|f| {
            f.units.reverse();
            let i = f.units.iter().position(|u| u.name == "Juggernaut").unwrap();
            f.units[i].hp += 1;
        });
        let changes = g.data_changes(&data);
        assert_eq!(
            changes,
            vec!["Juggernaut: HP 5→6".to_string()],
            "{changes:?}"
        );
        let hp = g.hp(g.unit(juggernaut).unwrap());
        Playable::act(
            &mut g,
            Action::AdoptData {
                data: Box::new(data),
            },
        )
        .unwrap();
        let name = |g: &Game, id| g.catalog().kind(g.unit(id).unwrap().kind).name.clone();
        assert_eq!(name(&g, juggernaut), "Juggernaut");
        assert_eq!(name(&g, knight), "Knight");
        assert_eq!(g.hp(g.unit(juggernaut).unwrap()), hp + 1);
        g.check().unwrap();
    }

    #[test]
    fn adopting_a_units_file_without_a_type_in_play_is_refused_naming_it() {
        let mut g = game();
        place(&mut g, Seat::Left, "Juggernaut", "c4");
        let before = g.clone();
        let data = units_with(|f| f.units.retain(|u| u.name != "Juggernaut"));
        assert!(
            g.data_changes(&data)
                .contains(&"unit type Juggernaut removed".to_string())
        );
        let err = Playable::act(
            &mut g,
            Action::AdoptData {
                data: Box::new(data),
            },
        )
        .unwrap_err();
        assert!(err.to_string().contains("Juggernaut"), "{err}");
        assert_eq!(g, before);
    }
}
