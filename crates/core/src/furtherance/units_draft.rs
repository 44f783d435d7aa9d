//! Your unit cards as the units editor holds them while you type: one row per unit type
//! (name, cost, attack, HP, copies, the INDEX ability or none), each value as typed, checked
//! live with the loader's own checks (`CatalogFile::problems`) plus the deck's size (CARD
//! TYPES: 36 unit cards), every problem named at its row. A row taken from sample data stays
//! marked "sample" until you edit or confirm it. No I/O: the screen saves `to_file()`.

use super::units::{Ability, CatalogFile, UNITS_KIND, UnitFile, UnitsProblem};

/// Unit cards in the deck (CARD TYPES; docs/game-facts.md: 36 cards in 14 types).
pub const DECK_CARDS: u32 = 36;

/// A value of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Column {
    Name,
    Cost,
    Attack,
    Hp,
    Copies,
}

impl Column {
    pub fn title(self) -> &'static str {
        match self {
            Column::Name => "name",
            Column::Cost => "cost",
            Column::Attack => "attack",
            Column::Hp => "hp",
            Column::Copies => "copies",
        }
    }
}

/// One unit type as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub name: String,
    pub cost: String,
    pub attack: String,
    pub hp: String,
    pub copies: String,
    /// The INDEX ability on the card, if any.
    pub ability: Option<Ability>,
    /// Further abilities the file gave this unit (kept as they are).
    pub more_abilities: Vec<Ability>,
    /// Still the sample value set: not yet edited or confirmed by you.
    pub sample: bool,
    /// Which values the sample file marked as invented (kept while the row is sample).
    sample_fields: Vec<String>,
}

impl Row {
    pub fn get(&self, c: Column) -> &str {
        match c {
            Column::Name => &self.name,
            Column::Cost => &self.cost,
            Column::Attack => &self.attack,
            Column::Hp => &self.hp,
            Column::Copies => &self.copies,
        }
    }

    // Kept String: an editor cell's message, shown in its row.
    fn number(&self, c: Column) -> Result<u8, String> {
        let text = self.get(c).trim();
        text.parse::<u8>().map_err(|_| {
            format!(
                "{}: type a whole number from 0 to 255, not {text:?}",
                c.title()
            )
        })
    }
}

/// The whole table being edited.
#[derive(Debug, Clone, PartialEq)]
pub struct UnitsDraft {
    pub rows: Vec<Row>,
    source: String,
    note: String,
}

impl UnitsDraft {
    /// The rows of a units file (the one in use: sample, or yours).
    pub fn from_file(file: &CatalogFile) -> UnitsDraft {
        let rows = file
            .units
            .iter()
            .map(|u| Row {
                name: u.name.clone(),
                cost: u.cost.to_string(),
                attack: u.attack.to_string(),
                hp: u.hp.to_string(),
                copies: u.copies.to_string(),
                ability: u.abilities.first().copied(),
                more_abilities: u.abilities.iter().skip(1).copied().collect(),
                sample: file.header.sample_data && !u.sample_fields.is_empty(),
                sample_fields: u.sample_fields.clone(),
            })
            .collect();
        UnitsDraft {
            rows,
            source: file.header.source.clone(),
            note: file.header.note.clone(),
        }
    }

    /// Sets a value of row `row`; the row is yours from now on.
    pub fn set(&mut self, row: usize, column: Column, value: String) {
        if let Some(r) = self.rows.get_mut(row) {
            match column {
                Column::Name => r.name = value,
                Column::Cost => r.cost = value,
                Column::Attack => r.attack = value,
                Column::Hp => r.hp = value,
                Column::Copies => r.copies = value,
            }
            r.sample = false;
        }
    }

    pub fn set_ability(&mut self, row: usize, ability: Option<Ability>) {
        if let Some(r) = self.rows.get_mut(row) {
            r.ability = ability;
            r.sample = false;
        }
    }

    /// You checked the row against your card: its values are yours as they are.
    pub fn confirm(&mut self, row: usize) {
        if let Some(r) = self.rows.get_mut(row) {
            r.sample = false;
        }
    }

    /// Rows still marked sample.
    pub fn sample_rows(&self) -> usize {
        self.rows.iter().filter(|r| r.sample).count()
    }

    /// Cards in the deck as typed (rows whose copies are not a number count 0).
    pub fn cards(&self) -> u32 {
        self.rows
            .iter()
            .filter_map(|r| r.copies.trim().parse::<u8>().ok())
            .map(u32::from)
            .sum()
    }

    /// The units file these rows make, or every problem, each at its row.
    pub fn to_file(&self) -> Result<CatalogFile, Vec<UnitsProblem>> {
        let mut problems = Vec::new();
        let mut units = Vec::new();
        for (i, r) in self.rows.iter().enumerate() {
            let mut numbers = [0u8; 4];
            for (slot, c) in [Column::Cost, Column::Attack, Column::Hp, Column::Copies]
                .into_iter()
                .enumerate()
            {
                match r.number(c) {
                    Ok(n) => numbers[slot] = n,
                    Err(text) => problems.push(UnitsProblem {
                        row: Some(i),
                        text: format!("units[{i}] ({:?}): {text}", r.name),
                    }),
                }
            }
            let [cost, attack, hp, copies] = numbers;
            units.push(UnitFile {
                name: r.name.trim().to_string(),
                cost,
                attack,
                hp,
                abilities: r
                    .ability
                    .into_iter()
                    .chain(r.more_abilities.clone())
                    .collect(),
                copies,
                sample_fields: if r.sample {
                    r.sample_fields.clone()
                } else {
                    Vec::new()
                },
            });
        }
        let sample = self.rows.iter().any(|r| r.sample);
        let file = CatalogFile {
            header: if sample {
                crate::datafile::Header::new(UNITS_KIND, true, &self.source, &self.note)
            } else {
                crate::datafile::Header::new(
                    UNITS_KIND,
                    false,
                    "Your own unit cards, entered in Tablemate's units editor.",
                    "",
                )
            },
            units,
        };
        // The loader's checks, then the deck's size; a row whose numbers did not parse is
        // already named, so its loader problems (from placeholder zeros) are left out.
        let unparsed: Vec<Option<usize>> = problems.iter().map(|p| p.row).collect();
        problems.extend(
            file.problems()
                .into_iter()
                .filter(|p| p.row.is_none() || !unparsed.contains(&p.row)),
        );
        let cards = self.cards();
        if problems.is_empty() && cards != DECK_CARDS {
            problems.push(UnitsProblem {
                row: None,
                text: format!(
                    "copies: the unit deck has {DECK_CARDS} cards (CARD TYPES); these rows add up to {cards}"
                ),
            });
        }
        problems.sort_by_key(|p| p.row.map_or(0, |r| r + 1));
        if problems.is_empty() {
            Ok(file)
        } else {
            Err(problems)
        }
    }

    /// Every problem now, each with its row (empty: the rows can be saved).
    pub fn problems(&self) -> Vec<UnitsProblem> {
        self.to_file().err().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::furtherance::Catalog;

    fn bundled() -> UnitsDraft {
        UnitsDraft::from_file(Catalog::bundled().unwrap().file())
    }

    #[test]
    fn the_bundled_sample_cards_load_as_rows_marked_sample() {
        let d = bundled();
        assert_eq!(d.rows.len(), 14);
        assert_eq!(d.cards(), 36);
        assert!(d.sample_rows() > 0);
        assert!(d.problems().is_empty(), "{:?}", d.problems());
    }

    #[test]
    fn a_row_edited_or_confirmed_is_no_longer_sample() {
        let mut d = bundled();
        let first = d.rows.iter().position(|r| r.sample).unwrap();
        d.set(first, Column::Cost, "4".into());
        assert!(!d.rows[first].sample);
        let next = d.rows.iter().position(|r| r.sample).unwrap();
        d.confirm(next);
        assert!(!d.rows[next].sample);
        let file = d.to_file().unwrap();
        assert!(file.units[first].sample_fields.is_empty());
    }

    #[test]
    fn a_units_file_made_of_confirmed_rows_is_not_sample_data() {
        let mut d = bundled();
        for i in 0..d.rows.len() {
            d.confirm(i);
        }
        let file = d.to_file().unwrap();
        assert!(!file.header.sample_data);
        let catalog = Catalog::try_from(file).unwrap();
        assert!(catalog.ids().all(|k| !catalog.kind(k).sample));
    }

    #[test]
    fn the_loaders_checks_are_named_at_their_row() {
        let mut d = bundled();
        d.set(2, Column::Hp, "0".into());
        d.set(5, Column::Attack, "lots".into());
        let name = d.rows[0].name.clone();
        d.set(3, Column::Name, name);
        let problems = d.problems();
        let rows: Vec<Option<usize>> = problems.iter().map(|p| p.row).collect();
        assert!(rows.contains(&Some(2)), "{problems:?}");
        assert!(rows.contains(&Some(3)), "{problems:?}");
        assert!(rows.contains(&Some(5)), "{problems:?}");
        assert!(
            problems
                .iter()
                .any(|p| p.text.contains("hp must be at least 1"))
        );
        assert!(problems.iter().any(|p| p.text.contains("used twice")));
    }

    #[test]
    fn the_deck_must_hold_thirty_six_cards_with_one_that_attacks() {
        let mut d = bundled();
        d.set(0, Column::Copies, "5".into());
        assert!(d.problems().iter().any(|p| p.text.contains("add up to 37")));
        d.set(0, Column::Copies, "4".into());
        for i in 0..d.rows.len() {
            d.set(i, Column::Attack, "0".into());
        }
        assert!(
            d.problems()
                .iter()
                .any(|p| p.row.is_none() && p.text.contains("no unit has 1 or more attack"))
        );
    }
}
