//! Worldspanner's challenge decks in the data folder: each team's own deck (written by the
//! window's deck editor or `tablemate worldspanner deck save`), else the sample deck (or the
//! player's replacement of it); and the deck in progress, the draft both editors share.

use std::path::Path;

use super::{Store, StoreError};
use crate::worldspanner::deckfile::{DRAFT_PATH, SAMPLE_PATH, team_deck_path};
use crate::worldspanner::{ChallengeCard, DeckEditor, DeckFile, TeamSide};

/// A team's challenge deck as found at setup.
#[derive(Debug, Clone)]
pub struct DeckInfo {
    pub name: String,
    pub cards: Vec<ChallengeCard>,
    pub sample: bool,
    pub problem: Option<String>,
    /// Where the cards were read: the team's saved deck, or the sample (or its replacement).
    pub origin: String,
    /// The team's own saved deck was used (not the sample).
    pub saved: bool,
}

/// The team's own deck if the player saved one, else the sample (or its replacement).
pub fn load_deck(root: Option<&Path>, side: TeamSide) -> DeckInfo {
    let mut problem = None;
    match super::read_data_optional(root, &team_deck_path(side)) {
        Ok(Some((text, origin))) => match DeckFile::parse(&text) {
            Ok(f) => {
                return DeckInfo {
                    name: f.name,
                    cards: f.cards,
                    sample: f.header.sample_data,
                    problem: None,
                    origin,
                    saved: true,
                };
            }
            Err(e) => problem = Some(format!("{}; using the sample deck", e.in_file(origin))),
        },
        Ok(None) => {}
        // A team deck that cannot be read is named, not silently passed over.
        Err(e) => problem = Some(format!("{e}; using the sample deck")),
    }
    let sample = super::read_data(root, SAMPLE_PATH).and_then(|(text, origin)| {
        DeckFile::parse(&text)
            .map(|f| (f, origin.clone()))
            .map_err(|e| e.in_file(origin))
    });
    match sample {
        Ok((f, origin)) => DeckInfo {
            name: f.name,
            cards: f.cards,
            sample: f.header.sample_data,
            problem,
            origin,
            saved: false,
        },
        Err(e) => DeckInfo {
            name: "no deck".into(),
            cards: Vec::new(),
            sample: true,
            problem: Some(e.to_string()),
            origin: SAMPLE_PATH.into(),
            saved: false,
        },
    }
}

/// The deck in progress in the data folder: `None` when there is none; a draft that cannot be
/// read is an error naming the file (never replaced silently).
pub fn read_draft(store: &Store) -> Result<Option<DeckEditor>, crate::datafile::DataFileError> {
    match store
        .user_text(DRAFT_PATH)
        .map_err(|e| super::datafiles::unreadable(DRAFT_PATH, e))?
    {
        None => Ok(None),
        Some((text, path)) => DeckEditor::from_draft(&text)
            .map(Some)
            .map_err(|e| e.in_file(path.display().to_string())),
    }
}

/// Keeps the deck in progress (the previous version goes to the backups).
pub fn write_draft(store: &Store, deck: &DeckEditor) -> Result<std::path::PathBuf, StoreError> {
    store.write_user(DRAFT_PATH, deck.to_draft().as_bytes())
}

/// Saves a finished deck as `side`'s own deck: new games use it.
pub fn save_team_deck(
    store: &Store,
    side: TeamSide,
    file: &DeckFile,
) -> Result<std::path::PathBuf, StoreError> {
    store.write_data(&team_deck_path(side), file.to_json().as_bytes())
}
