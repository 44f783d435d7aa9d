//! The rules digest: one JSON file per game in `data/rules/`, written in our own words with
//! rulebook page references, and a typo-tolerant ranked search over it. No I/O: the texts come
//! from the bundled table or from the store (a user's replacement file).

mod cite;
mod search;

use crate::datafile::DataFileError;
use serde::{Deserialize, Serialize};

pub use cite::{Cited, Cites, Reminder, RuleRef, first_page, rulebook_url};
pub use search::{Group, Hit, search};

use crate::doc::Kind;

/// The `data_kind` of a digest file.
pub const DATA_KIND: &str = "rules-digest";

/// One game's digest file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Digest {
    /// Always "rules-digest", so `tablemate check` knows the file.
    pub data_kind: String,
    pub game: Kind,
    /// The game's name as players say it ("Furtherance", "Army of Generals").
    pub game_title: String,
    /// The rulebook the page numbers refer to.
    pub source: String,
    pub entries: Vec<Entry>,
}

/// One rule, summarised in our own words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Stable id, unique within the game ("solo-move-order").
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub tags: Vec<String>,
    pub summary: String,
    /// Rulebook page(s) as printed ("12", "12-13"), or the section name where the text gives
    /// no page.
    pub page: String,
}

impl Digest {
    /// Parses and validates a digest file's text.
    pub fn parse(text: &str) -> Result<Digest, DataFileError> {
        let digest: Digest = crate::datafile::parse(text, DATA_KIND)?;
        digest.validate()?;
        Ok(digest)
    }

    pub fn validate(&self) -> Result<(), DataFileError> {
        if self.data_kind != DATA_KIND {
            return Err(DataFileError::new(
                "data_kind",
                format!("{:?}, expected {DATA_KIND:?}", self.data_kind),
            ));
        }
        let mut seen = crate::datafile::FirstSeen::new();
        for (i, e) in self.entries.iter().enumerate() {
            let at = format!("entry {} ({:?})", i + 1, e.id);
            if e.id.trim().is_empty() {
                return Err(DataFileError::new(
                    format!("entry {}", i + 1),
                    "id is empty",
                ));
            }
            if let Some(first) = seen.again(e.id.as_str(), i) {
                return Err(DataFileError::new(
                    at,
                    format!("the id is used twice, first at entry {}", first + 1),
                ));
            }
            if e.title.trim().is_empty() {
                return Err(DataFileError::new(at, "title is empty"));
            }
            if e.summary.trim().is_empty() {
                return Err(DataFileError::new(at, "summary is empty"));
            }
            if e.page.trim().is_empty() {
                return Err(DataFileError::new(
                    at,
                    "page is empty (give the rulebook page)",
                ));
            }
        }
        Ok(())
    }
}

/// `tablemate check` on a digest file.
pub fn check_digest_text(text: &str) -> Result<String, DataFileError> {
    let d = Digest::parse(text)?;
    Ok(format!(
        "{} rules entries for {}",
        d.entries.len(),
        d.game_title
    ))
}

/// The bundled digest path of `game`.
pub fn digest_path(game: Kind) -> String {
    format!("data/rules/{}.json", game.as_str())
}

/// A searchable library of digests, in game order.
#[derive(Debug, Clone, Default)]
pub struct Library {
    pub digests: Vec<Digest>,
}

impl Library {
    /// Loads every game's digest through `read` (path → text), collecting problems per file
    /// instead of stopping at the first.
    pub fn load(
        mut read: impl FnMut(&str) -> Result<(String, String), DataFileError>,
    ) -> (Library, Vec<DataFileError>) {
        let mut digests = Vec::new();
        let mut problems = Vec::new();
        for game in Kind::ALL {
            let path = digest_path(game);
            match read(&path) {
                Ok((text, origin)) => match Digest::parse(&text) {
                    Ok(d) if d.game == game => digests.push(d),
                    Ok(d) => problems.push(
                        DataFileError::new("game", format!("{}, expected {game}", d.game))
                            .in_file(origin),
                    ),
                    Err(e) => problems.push(e.in_file(origin)),
                },
                Err(e) => problems.push(e),
            }
        }
        (Library { digests }, problems)
    }

    /// The bundled digests only.
    pub fn bundled() -> (Library, Vec<DataFileError>) {
        Library::load(|path| {
            crate::datafile::bundled(path).map(|t| (t.to_string(), format!("{path} (bundled)")))
        })
    }

    pub fn entry(&self, game: Kind, id: &str) -> Option<(&Digest, &Entry)> {
        self.digests
            .iter()
            .filter(|d| d.game == game)
            .find_map(|d| d.entries.iter().find(|e| e.id == id).map(|e| (d, e)))
    }

    pub fn len(&self) -> usize {
        self.digests.iter().map(|d| d.entries.len()).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_digest_is_valid() {
        let (lib, problems) = Library::bundled();
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(lib.digests.len(), Kind::ALL.len());
        for d in &lib.digests {
            assert!(!d.entries.is_empty(), "{} has no entries", d.game);
        }
    }

    #[test]
    fn a_digest_id_used_twice_names_where_it_first_appears() {
        let text = r#"{"data_kind":"rules-digest","game":"army","game_title":"A","source":"s",
          "entries":[{"id":"a","title":"T","summary":"S","page":"1"},
                     {"id":"b","title":"T","summary":"S","page":"1"},
                     {"id":"a","title":"U","summary":"S","page":"2"}]}"#;
        let err = Digest::parse(text).unwrap_err();
        assert_eq!(
            err.to_string(),
            "entry 3 (\"a\"): the id is used twice, first at entry 1"
        );
    }

    #[test]
    fn a_digest_entry_without_a_page_is_rejected() {
        let text = r#"{"data_kind":"rules-digest","game":"army","game_title":"A","source":"s",
          "entries":[{"id":"a","title":"T","summary":"S","page":" "}]}"#;
        assert!(
            Digest::parse(text)
                .unwrap_err()
                .to_string()
                .contains("page is empty")
        );
    }

    #[test]
    fn a_digest_with_an_unknown_field_names_it() {
        let text = r#"{"data_kind":"rules-digest","game":"army","game_title":"A","source":"s",
          "entries":[{"id":"a","title":"T","summary":"S","page":"1","pgae":"2"}]}"#;
        let err = Digest::parse(text).unwrap_err();
        assert!(err.to_string().contains("pgae"), "{err}");
    }
}
