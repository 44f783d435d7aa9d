//! Where each team's challenge deck comes from (the store's `challenge_decks`): the player's
//! own saved deck in the data folder (written by the deck editor), else the sample deck.

pub use crate::store::challenge_decks::{DeckInfo, load_deck};
pub use crate::worldspanner::deckfile::team_deck_path;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::worldspanner::TeamSide;

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
