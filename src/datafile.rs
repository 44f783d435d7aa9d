//! Checking of data files (bundled or the user's replacements) by their `data_kind` field.
//! Each game registers its data kinds here; `tablemate check FILE` and the store use it.

use crate::store::Problem;

/// Validates `text` as a data file of `data_kind`; returns a one-line summary.
pub fn check(data_kind: &str, text: &str) -> Result<String, Problem> {
    match data_kind {
        "rules-digest" => crate::rules::check_digest_text(text).map_err(Problem::Invalid),
        "furtherance-board" => crate::furtherance::check_board_text(text).map_err(Problem::Invalid),
        "furtherance-units" => crate::furtherance::check_units_text(text).map_err(Problem::Invalid),
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
    "furtherance-board",
    "furtherance-units",
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

/// Parses a data file's text into `T` after checking its `data_kind`. Errors name the line
/// and column, or the data kind found, so the caller only adds the file's name.
pub fn parse<T: serde::de::DeserializeOwned>(text: &str, data_kind: &str) -> Result<T, String> {
    #[derive(serde::Deserialize)]
    struct Probe {
        data_kind: Option<String>,
    }
    let at = |e: serde_json::Error| format!("line {} column {}: {e}", e.line(), e.column());
    let probe: Probe = serde_json::from_str(text).map_err(at)?;
    match probe.data_kind.as_deref() {
        Some(k) if k == data_kind => serde_json::from_str(text).map_err(at),
        Some(k) => Err(format!("data_kind is {k:?}, expected {data_kind:?}")),
        None => Err(format!("no data_kind field (expected {data_kind:?})")),
    }
}

/// The text of bundled data file `path`, or why there is none.
pub fn bundled(path: &str) -> Result<&'static str, String> {
    crate::bundled::get(path).ok_or_else(|| format!("{path} is not bundled in this build"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    struct Sample {
        #[allow(dead_code)]
        data_kind: String,
        value: u8,
    }

    #[test]
    fn a_data_file_of_another_kind_is_named_as_such() {
        let err = parse::<Sample>(r#"{"data_kind":"army-list","value":1}"#, "army-followers")
            .unwrap_err();
        assert_eq!(
            err,
            "data_kind is \"army-list\", expected \"army-followers\""
        );
        let err = parse::<Sample>(r#"{"value":1}"#, "army-followers").unwrap_err();
        assert!(err.starts_with("no data_kind field"), "{err}");
    }

    #[test]
    fn a_data_file_error_gives_line_and_column() {
        let err = parse::<Sample>("{\"data_kind\":\"x\",\n\"value\": 300}", "x").unwrap_err();
        assert!(err.starts_with("line 2 column"), "{err}");
        assert_eq!(
            parse::<Sample>(r#"{"data_kind":"x","value":7}"#, "x")
                .unwrap()
                .value,
            7
        );
    }
}
