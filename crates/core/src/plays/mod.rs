//! The evening's record (docs/plays.md): a play record for every finished game and every
//! finished Near and Far session, derived from a save's history and never typed twice, and the
//! statistics computed from those records alone.
//!
//! - `derive`: the walk over a save's history that finds when each play began and ended.
//! - `facts`: what each game says about one of its finished plays (players, scores, result,
//!   difficulty, settings, seed).
//! - `bg_stats`: the BG Stats "push plays" link of a play (a URL; nothing is sent).
//! - `stats`: the statistics of a list of plays.
//! - `recap`: the printable sheet of a save at the end of an evening.
//! - `simulated`: the simulated players' Furtherance win rate per difficulty, from a fixed set
//!   of seeds, to stand beside the table's own rounds survived.
//!
//! A layer above the engines, beside the table of games: it names every engine, none names it.
//! No I/O: the store reads the saves and keeps `plays.json`.

pub mod bg_stats;
mod derive;
mod facts;
pub mod recap;
pub mod simulated;
pub mod stats;

use std::collections::BTreeMap;

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::doc::Kind;

pub use derive::Recorded;
pub use facts::Facts;

/// One played game (or one Near and Far session, or one Furnace Duel board of a campaign).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Play {
    /// Stable across rebuilds: the save's id, `#`, the play's number in that save (the session
    /// or board number; 1 for a game that is one play).
    pub id: String,
    pub save: String,
    /// The save's title when the record was made.
    #[serde(default)]
    pub title: String,
    pub game: Kind,
    /// The day it began (UTC, as the history's times are kept).
    pub date: NaiveDate,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// From the first history entry of the play to the entry that finished it.
    pub minutes: u32,
    #[serde(flatten)]
    pub facts: Facts,
}

/// One player of a play: who sat there, what they played, their score and whether they won.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub name: String,
    /// What the seat played: a character, a team; empty when it is the player themself.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub plays: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<i64>,
    pub winner: bool,
}

/// What Furtherance adds to a play: how far the enemies were pushed back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Furtherance {
    pub castles_destroyed: u8,
    /// The round the game ended in.
    pub rounds: u32,
}

/// The name a solo player's seat has in a record (Furtherance keeps no player name).
pub const SOLO_PLAYER: &str = "Solo player";

/// Why a save gave no plays.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeriveError {
    #[error("the save does not read as {kind}: {problem}")]
    Unreadable { kind: Kind, problem: String },
    #[error("its history cannot be walked: {0}")]
    History(String),
}

/// `derive` from the one list of games (games/list.rs).
macro_rules! derive_any {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        /// The plays of one save, from its data (the envelope's `data`, current version): one
        /// for each play the current state holds as finished, timed by the history's entries.
        pub fn derive(
            kind: Kind,
            save: &str,
            title: &str,
            data: &str,
        ) -> Result<Vec<Play>, DeriveError> {
            match kind {
                $(Kind::$variant => {
                    derive::plays_of::<crate::$module::SaveData>(save, title, data)
                })+
            }
        }
    };
}
crate::for_each_game!(derive_any);

/// A duration as a player says it: "45 min", "2 h", "2 h 15".
pub fn duration(minutes: u64) -> String {
    match (minutes / 60, minutes % 60) {
        (0, m) => format!("{m} min"),
        (h, 0) => format!("{h} h"),
        (h, m) => format!("{h} h {m:02}"),
    }
}

/// Settings as the record lists them: each field of a game's settings by its saved name,
/// its value as text (`{"difficulty": "normal", "deck_mode": "digital"}`).
pub(crate) fn settings_of<S: Serialize>(settings: &S) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    if let Ok(serde_json::Value::Object(map)) = serde_json::to_value(settings) {
        flatten_into(&mut out, "", &map);
    }
    out
}

fn flatten_into(
    out: &mut BTreeMap<String, String>,
    prefix: &str,
    map: &serde_json::Map<String, serde_json::Value>,
) {
    for (k, v) in map {
        let key = match prefix {
            "" => k.clone(),
            p => format!("{p}.{k}"),
        };
        match v {
            serde_json::Value::Object(inner) => flatten_into(out, &key, inner),
            serde_json::Value::String(s) => {
                out.insert(key, s.clone());
            }
            other => {
                out.insert(key, other.to_string());
            }
        }
    }
}

#[cfg(test)]
mod tests;
