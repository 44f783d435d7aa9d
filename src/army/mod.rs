//! Army sheets: engine placeholder until its issue lands. No iced, no file I/O.

use serde::{Deserialize, Serialize};

use crate::doc::{GameDoc, Kind};

/// The saved state of a Army sheets game (placeholder: the game's issue replaces it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Placeholder {
    #[serde(default)]
    pub notes: String,
}

/// What the store saves for this game.
pub type SaveData = Placeholder;

impl GameDoc for Placeholder {
    const KIND: Kind = Kind::Army;

    fn summary(&self) -> String {
        "Army sheets (coming soon)".to_string()
    }

    fn validate(&self) -> Result<(), String> {
        Ok(())
    }
}
