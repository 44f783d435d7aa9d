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

/// What an applied action did: the history label it is recorded under ("Left castle: Knight
/// attacks Archer") and what happened, one line each, for the screen and `tablemate act`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Acted {
    pub label: String,
    pub lines: Vec<String>,
}

impl Acted {
    pub fn new(label: impl Into<String>, lines: Vec<String>) -> Self {
        Acted {
            label: label.into(),
            lines,
        }
    }
}

/// A game whose every change is a value (ARCHITECTURE: "Changes are values"). The GUI screens
/// and `tablemate act` both go through `Saved::act`, so a change made from a script is the
/// same history entry, with the same label and checks, as the click that makes it.
pub trait Playable: GameDoc {
    /// The game's action enum in its serde form, the JSON `tablemate act` reads
    /// (`{"action": "end-turn"}`), documented per game in `docs/`.
    type Action: Serialize + DeserializeOwned + Clone + std::fmt::Debug;
    /// Why an action was refused: its text names the rule that forbids it (with the rulebook
    /// page where there is one), as a player reads it.
    type Refusal: std::error::Error;

    /// Carries out `action` if the rules allow it. On a refusal the state may be left
    /// half-changed: callers go through `Saved::act`, which works on a copy.
    fn act(&mut self, action: Self::Action) -> Result<Acted, Self::Refusal>;
}

/// A saved game or campaign: a title the user gave it and the labelled history, whose current
/// entry is the state of play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(
    serialize = "T: Serialize",
    deserialize = "T: Serialize + DeserializeOwned + Clone"
))]
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

    /// Checks the history and every state in it, the current one first (the state a player
    /// continues from): an undo or a step back in the list must never make an invalid state
    /// current.
    pub fn validate(&self) -> Result<(), String> {
        self.history.validate().map_err(|e| e.to_string())?;
        self.current().validate()?;
        let cursor = self.history.cursor();
        for (i, entry) in self.history.entries().iter().enumerate() {
            if i != cursor {
                entry
                    .state
                    .validate()
                    .map_err(|e| format!("history entry {} ({:?}): {e}", i + 1, entry.label))?;
            }
        }
        Ok(())
    }
}

impl<T: Playable> Saved<T> {
    /// Applies `action` as one labelled history entry; on a refusal nothing changes.
    pub fn act(&mut self, action: T::Action) -> Result<Acted, T::Refusal> {
        let mut next = self.current().clone();
        let acted = next.act(action)?;
        self.history.record(acted.label.clone(), next);
        Ok(acted)
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
