//! Checking of data files (bundled or the user's replacements) by their `data_kind` field.
//! Each game registers its data kinds here; `tablemate check FILE` and the store use it.

use crate::store::Problem;

/// Validates `text` as a data file of `data_kind`; returns a one-line summary.
pub fn check(data_kind: &str, text: &str) -> Result<String, Problem> {
    match data_kind {
        "rules-digest" => crate::rules::check_digest_text(text).map_err(Problem::Invalid),
        "army-followers" => crate::army::check_followers_text(text).map_err(Problem::Invalid),
        "army-list" => crate::army::check_list_text(text).map_err(Problem::Invalid),
        "furnace-duel-boards" => {
            crate::furnace_duel::check_boards_text(text).map_err(Problem::Invalid)
        }
        crate::worldspanner::deckfile::DATA_KIND => {
            crate::worldspanner::DeckFile::check_text(text).map_err(Problem::Invalid)
        }
        "near-and-far-talents"
        | "near-and-far-characters"
        | "near-and-far-maps"
        | "near-and-far-threats"
        | "near-and-far-storybook-index" => {
            crate::near_and_far::facts::check_text(data_kind, text).map_err(Problem::Invalid)
        }
        other => Err(Problem::Invalid(format!(
            "unknown data_kind {other:?} (known: {})",
            KNOWN.join(", ")
        ))),
    }
}

/// Every data kind this build knows.
pub const KNOWN: &[&str] = &[
    "rules-digest",
    "furnace-duel-boards",
    "army-followers",
    "army-list",
    "worldspanner-challenge-deck",
    "near-and-far-talents",
    "near-and-far-characters",
    "near-and-far-maps",
    "near-and-far-threats",
    "near-and-far-storybook-index",
];
