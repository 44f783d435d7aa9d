//! Where each team's challenge deck comes from: the player's own saved deck in the data folder
//! (written by the deck editor), else the sample deck (or the player's replacement of it).

use std::path::Path;

use crate::worldspanner::deckfile::SAMPLE_PATH;
use crate::worldspanner::{ChallengeCard, DeckFile, TeamSide};

/// A team's challenge deck as found at setup.
#[derive(Debug, Clone)]
pub struct DeckInfo {
    pub name: String,
    pub cards: Vec<ChallengeCard>,
    pub sample: bool,
    pub problem: Option<String>,
}

/// Where the deck editor saves a team's deck in the data folder.
pub fn team_deck_path(side: TeamSide) -> String {
    format!(
        "data/worldspanner/challenge-deck.{}.json",
        side.name().to_lowercase()
    )
}

/// The team's own deck if the player saved one, else the sample (or its replacement).
pub fn load_deck(root: Option<&Path>, side: TeamSide) -> DeckInfo {
    let mut problem = None;
    if let Ok((text, origin)) = crate::store::data_text(root, &team_deck_path(side)) {
        match DeckFile::parse(&text) {
            Ok(f) => {
                return DeckInfo {
                    name: f.name,
                    cards: f.cards,
                    sample: f.sample_data,
                    problem: None,
                };
            }
            Err(e) => problem = Some(format!("{origin}: {e}; using the sample deck")),
        }
    }
    match crate::store::data_text(root, SAMPLE_PATH)
        .map_err(|e| e.to_string())
        .and_then(|(t, o)| DeckFile::parse(&t).map_err(|e| format!("{o}: {e}")))
    {
        Ok(f) => DeckInfo {
            name: f.name,
            cards: f.cards,
            sample: f.sample_data,
            problem,
        },
        Err(e) => DeckInfo {
            name: "no deck".into(),
            cards: Vec::new(),
            sample: true,
            problem: Some(e),
        },
    }
}
