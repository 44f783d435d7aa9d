//! What every saved game or campaign is: a kind, a one-line summary, validation, and its
//! labelled undo history. The store saves `Saved<T>` for any `T: GameDoc`; the app lists saves
//! by `Kind`. No I/O here.

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::history::History;

/// The kinds of save the app knows. The string form is the envelope's `kind` field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Furtherance,
    Worldspanner,
    NearAndFar,
    FurnaceDuel,
    Army,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Furtherance,
        Kind::Worldspanner,
        Kind::NearAndFar,
        Kind::FurnaceDuel,
        Kind::Army,
    ];

    /// The envelope's `kind` string.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Furtherance => "furtherance",
            Kind::Worldspanner => "worldspanner",
            Kind::NearAndFar => "near-and-far",
            Kind::FurnaceDuel => "furnace-duel",
            Kind::Army => "army",
        }
    }

    /// What a player calls it.
    pub fn title(self) -> &'static str {
        match self {
            Kind::Furtherance => "Furtherance solo",
            Kind::Worldspanner => "Worldspanner Factions",
            Kind::NearAndFar => "Near and Far",
            Kind::FurnaceDuel => "Furnace Duel campaign",
            Kind::Army => "Army sheets",
        }
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An engine state that can be saved: each game's top-level struct implements this.
pub trait GameDoc: Serialize + DeserializeOwned + Clone {
    const KIND: Kind;
    /// One line for the home screen: "Furtherance solo — Normal — round 7 — castle 6 HP".
    fn summary(&self) -> String;
    /// Rejects impossible states read from a file (a unit on a wall, a Dome 7...), naming the
    /// field and the problem.
    fn validate(&self) -> Result<(), String>;
}

/// A saved game or campaign: a title the user gave it and the labelled history, whose current
/// entry is the state of play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Saved<T> {
    pub title: String,
    pub history: History<T>,
}

impl<T: GameDoc> Saved<T> {
    pub fn new(title: impl Into<String>, first_label: impl Into<String>, state: T) -> Self {
        Self {
            title: title.into(),
            history: History::new(first_label, state),
        }
    }

    pub fn current(&self) -> &T {
        self.history.current()
    }

    pub fn summary(&self) -> String {
        self.current().summary()
    }

    /// Checks the history and the current state (the state a player will continue from).
    pub fn validate(&self) -> Result<(), String> {
        self.history.validate().map_err(|e| e.to_string())?;
        self.current().validate()
    }
}

/// Parses `data` (the envelope's `data` text) as a save of `kind`, validates it, and returns
/// its summary. The store calls this on load, import and `tablemate check`.
pub fn check(kind: Kind, data: &str) -> Result<String, String> {
    fn one<T: GameDoc>(data: &str) -> Result<String, String> {
        let saved: Saved<T> = serde_json::from_str(data).map_err(|e| e.to_string())?;
        saved.validate()?;
        Ok(saved.summary())
    }
    match kind {
        Kind::Furtherance => one::<crate::furtherance::SaveData>(data),
        Kind::Worldspanner => one::<crate::worldspanner::SaveData>(data),
        Kind::NearAndFar => one::<crate::near_and_far::SaveData>(data),
        Kind::FurnaceDuel => one::<crate::furnace_duel::SaveData>(data),
        Kind::Army => one::<crate::army::SaveData>(data),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_strings_round_trip() {
        for k in Kind::ALL {
            assert_eq!(Kind::parse(k.as_str()), Some(k));
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(json, format!("\"{}\"", k.as_str()));
        }
        assert_eq!(Kind::parse("chess"), None);
    }
}
