//! What the player is typing before it becomes an engine action: the new-campaign form, the
//! session form, the lookup pad, a new index entry, sheet inputs, and the score sheet. Plain
//! data; turning text into engine values (and naming the field that is wrong) happens here.

use std::fmt;

use strum::VariantArray;

use crate::near_and_far::scoring::Town;
use crate::near_and_far::{Campaign, Facts, Lookup, MapNumber, Mode};

pub(super) use super::entry_form::words;
pub use super::entry_form::{ChoiceField, ChoiceForm, EntryForm};
pub use super::score_form::{Field, PlayerFields, RouteFields, ScoreForm};

/// A map in a pick list: "Map 4 · Meteor Mountain".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapChoice {
    pub map: MapNumber,
    pub name: String,
}

impl fmt::Display for MapChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name.is_empty() {
            write!(f, "{}", self.map)
        } else {
            write!(f, "{} · {}", self.map, self.name)
        }
    }
}

pub fn map_choice(map: MapNumber, facts: Option<&Facts>) -> MapChoice {
    MapChoice {
        map,
        name: facts
            .and_then(|f| f.map(map))
            .map(|m| m.name.clone())
            .unwrap_or_default(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModeChoice(pub Mode);

impl fmt::Display for ModeChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.title())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TownChoice(pub Town);

impl fmt::Display for TownChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Town::Dusk => "Dusk town (standard side)",
            Town::Day => "Day town (advanced side)",
        })
    }
}

/// The new-campaign form.
#[derive(Debug, Clone)]
pub struct SetupForm {
    pub mode: Mode,
    /// (player, character) per seat, 2 to 4.
    pub seats: Vec<(String, Option<String>)>,
    pub extra_stories: bool,
    pub long_game: bool,
    pub title: String,
    /// The character names from the data file.
    pub characters: Vec<String>,
}

impl SetupForm {
    pub fn new(facts: Option<&Facts>) -> SetupForm {
        SetupForm {
            mode: Mode::Campaign,
            seats: vec![(String::new(), None), (String::new(), None)],
            extra_stories: false,
            long_game: false,
            title: String::new(),
            characters: facts
                .map(|f| {
                    f.characters
                        .characters
                        .iter()
                        .map(|c| c.name.clone())
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// Starting the next session.
#[derive(Debug, Clone, Default)]
pub struct SessionForm {
    pub map: Option<MapChoice>,
    pub town: Town,
    /// Every character and whether it is at the table.
    pub present: Vec<(String, bool)>,
    /// Bounty Hunting: the level picked to fight instead of the top card.
    pub bounty_level: Option<u8>,
    /// The name typed for the active threat card (`name-threat`).
    pub threat_name: String,
}

impl SessionForm {
    pub fn for_campaign(c: &Campaign, facts: Option<&Facts>) -> SessionForm {
        let map = c
            .next_maps()
            .ok()
            .and_then(|m| m.first().copied())
            .map(|m| map_choice(m, facts));
        SessionForm {
            map,
            town: c.sessions.last().map(|s| s.town).unwrap_or_default(),
            present: c
                .sheets
                .iter()
                .map(|s| (s.character.clone(), true))
                .collect(),
            bounty_level: None,
            threat_name: String::new(),
        }
    }
}

/// The quest lookup: whose turn, the number typed, the answer, and the result being entered.
#[derive(Debug, Clone, Default)]
pub struct LookupPad {
    pub character: usize,
    pub digits: String,
    pub answer: Option<Lookup>,
    pub choice: Option<usize>,
    pub next: String,
    pub ending: bool,
    /// Declaring the character's quest letters (Character Mode).
    pub letters: String,
    pub first: String,
    /// What the last result wrote on the card (the history label, then its lines), shown in
    /// the answer's place until the next thing done on this tab.
    pub written: Option<(String, Vec<String>)>,
}

/// The kind of roll a choice asks for, in the entry form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, VariantArray)]
pub enum TestKind {
    #[default]
    None,
    Skill,
    Combat,
}

impl TestKind {
    /// Every kind, as declared: the entry form's pick list.
    pub const ALL: &[Self] = Self::VARIANTS;
}

impl fmt::Display for TestKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TestKind::None => "no roll",
            TestKind::Skill => "skill",
            TestKind::Combat => "combat",
        })
    }
}

/// Typing on the character sheet.
#[derive(Debug, Clone, Default)]
pub struct SheetForm {
    pub character: usize,
    pub talent: Option<String>,
    pub keyword: String,
    pub side_quest: String,
    pub next_code: String,
    /// The ledger entry being corrected.
    pub correcting: Option<u32>,
    pub reason: String,
    pub new_points: String,
}
