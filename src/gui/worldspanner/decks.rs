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
    match crate::store::read_data_optional(root, &team_deck_path(side)) {
        Ok(Some((text, origin))) => match DeckFile::parse(&text) {
            Ok(f) => {
                return DeckInfo {
                    name: f.name,
                    cards: f.cards,
                    sample: f.header.sample_data,
                    problem: None,
                };
            }
            Err(e) => problem = Some(format!("{origin}: {e}; using the sample deck")),
        },
        Ok(None) => {}
        // A team deck that cannot be read is named, not silently passed over.
        Err(e) => problem = Some(format!("{e}; using the sample deck")),
    }
    match crate::store::load_data(root, SAMPLE_PATH, |t| {
        DeckFile::parse(t).map_err(|e| e.to_string())
    }) {
        Ok(f) => DeckInfo {
            name: f.name,
            cards: f.cards,
            sample: f.header.sample_data,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_team_deck_that_cannot_be_read_is_named_and_the_sample_is_used() {
        let dir = tempfile::tempdir().unwrap();
        let rel = team_deck_path(TeamSide::Skyhawks);
        let path = dir.path().join(&rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, [0xff, 0xfe, 0x00, 0x7b]).unwrap();
        let info = load_deck(Some(dir.path()), TeamSide::Skyhawks);
        let problem = info.problem.expect("the unreadable file is reported");
        assert!(
            problem.contains("challenge-deck.skyhawks.json"),
            "{problem}"
        );
        assert!(problem.contains("using the sample deck"), "{problem}");
        assert_eq!(info.cards.len(), 36, "the sample deck stands in");
    }

    #[test]
    fn without_a_team_deck_the_sample_is_used_and_nothing_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let info = load_deck(Some(dir.path()), TeamSide::Psiclones);
        assert!(info.problem.is_none(), "{:?}", info.problem);
        assert!(info.sample);
        assert_eq!(info.cards.len(), 36);
    }
}
