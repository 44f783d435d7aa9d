//! Near and Far: the storybook index and quest lookup, the campaign and character sheets
//! (a dated, correctable ledger per character), the threat deck and Map 11 bosses, game-end
//! scoring, and the journey-points chart. Plain Rust: no iced, no file I/O (the store and the
//! CLI read and write files; this module parses, validates and decides).
//!
//! Rules: the Near and Far rulebook; rulings: docs/rulings.md "Near and Far".

pub mod campaign;
pub mod chart;
pub mod cites;
pub mod code;
pub mod error;
pub mod facts;
pub mod index;
pub mod ledger;
pub mod lookup;
pub mod scoring;
mod seats;
pub mod session;
pub mod sheet;
pub mod threats;
pub mod tokens;

pub use campaign::{Campaign, QuestRecord, Settings};
pub use code::{CodeError, Keyword, MapNumber, Outcome, QuestCode};
pub use error::{RuleError, RuleResult};
pub use facts::Facts;
pub use lookup::{Lookup, Mode, Read};

use crate::doc::{GameDoc, Kind};

/// What the store saves for this game: one campaign.
pub type SaveData = Campaign;

impl crate::history::SetAside for Campaign {}
impl GameDoc for Campaign {
    const KIND: Kind = Kind::NearAndFar;

    fn summary(&self) -> String {
        let names: Vec<&str> = self.sheets.iter().map(|s| s.character.as_str()).collect();
        let state = if let Some(champions) = self.champion() {
            format!("over, champion {}", champions.join(" and "))
        } else if let Some(s) = self.current_session() {
            format!("session {} on {}", s.number, s.map)
        } else {
            match self.next_maps() {
                Ok(maps) if maps.len() == 1 => format!("next: {}", maps[0]),
                Ok(_) => "next: choose a map".to_string(),
                Err(e) => e.to_string(),
            }
        };
        format!(
            "Near and Far — {} — {} — {state}",
            self.mode.title(),
            names.join(", ")
        )
    }

    fn validate(&self) -> Result<(), crate::doc::Invalid> {
        Campaign::validate(self)
    }
}

/// The data files this game owns (the games table finds a file's owner here).
pub const DATA_KINDS: &[crate::datafile::DataKind] = &[
    crate::datafile::DataKind {
        name: facts::TALENTS_KIND,
        check: |t| facts::check_text(facts::TALENTS_KIND, t),
    },
    crate::datafile::DataKind {
        name: facts::CHARACTERS_KIND,
        check: |t| facts::check_text(facts::CHARACTERS_KIND, t),
    },
    crate::datafile::DataKind {
        name: facts::MAPS_KIND,
        check: |t| facts::check_text(facts::MAPS_KIND, t),
    },
    crate::datafile::DataKind {
        name: facts::THREATS_KIND,
        check: |t| facts::check_text(facts::THREATS_KIND, t),
    },
    crate::datafile::DataKind {
        name: index::DATA_KIND,
        check: |t| facts::check_text(index::DATA_KIND, t),
    },
];
