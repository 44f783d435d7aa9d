//! Furnace Duel campaign: engine placeholder until its issue lands. No iced, no file I/O.

use serde::{Deserialize, Serialize};

use crate::doc::{GameDoc, Kind};

/// The saved state of a Furnace Duel campaign game (placeholder: the game's issue replaces it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Placeholder {
    #[serde(default)]
    pub notes: String,
}

/// What the store saves for this game.
pub type SaveData = Placeholder;

impl GameDoc for Placeholder {
    const KIND: Kind = Kind::FurnaceDuel;

    fn summary(&self) -> String {
        "Furnace Duel campaign (coming soon)".to_string()
    }

    fn validate(&self) -> Result<(), String> {
        Ok(())
    }
}
