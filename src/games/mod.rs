//! The one table of games: for each `Kind`, its slug, title, home-screen line, how to check a
//! save, the data files it owns and how to check them, how its saves migrate, and how scripts
//! act on, undo, redo and list a save (`tablemate act`, `undo`, `redo`, `history`).
//!
//! Everything that must treat every game alike (the store's checks, `tablemate check`, the
//! CLI's game lists, the home screen) goes through `game(kind)` or `all()`. `game` is an
//! exhaustive `match`, so a new `Kind` variant does not compile until its row is written here.

pub mod script;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::doc::{GameDoc, Playable, Saved};
pub use script::{Applied, HistoryLine, Moved, Refused, ScriptError};

/// Declares `Kind` and `Kind::ALL` from one list, so the two cannot disagree.
macro_rules! kinds {
    ($($variant:ident),+ $(,)?) => {
        /// The kinds of save the app knows. The string form (the envelope's `kind` field) is
        /// the game's `slug` in the table.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum Kind {
            $($variant),+
        }

        impl Kind {
            /// Every game, in home-screen order.
            pub const ALL: [Kind; [$(Kind::$variant),+].len()] = [$(Kind::$variant),+];
        }
    };
}

// Adding a game: its variant here, its row in `game` below, then one line each in `lib.rs`
// (the engine), `cli.rs` (its subcommands), `gui/mod.rs` and `gui/screens.rs` (its screen).
// See docs/architecture.md.
kinds!(Furtherance, Worldspanner, NearAndFar, FurnaceDuel, Army);

impl Kind {
    /// The envelope's `kind` string.
    pub fn as_str(self) -> &'static str {
        game(self).slug
    }

    /// What a player calls it.
    pub fn title(self) -> &'static str {
        game(self).title
    }

    pub fn parse(s: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The slugs, for messages that list what is accepted ("furtherance, worldspanner, ...").
    pub fn slugs() -> String {
        Kind::ALL.map(Kind::as_str).join(", ")
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Kind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        Kind::parse(&s).ok_or_else(|| {
            serde::de::Error::custom(format!("unknown kind {s:?} (known: {})", Kind::slugs()))
        })
    }
}

/// A data file a game owns, by its `data_kind` field.
#[derive(Clone, Copy)]
pub struct DataKind {
    pub name: &'static str,
    /// Validates the file's text (its `data_kind` is `name`); a one-line summary.
    pub check: fn(&str) -> Result<String, String>,
}

/// Acts on a stored save from a script: see `script::act`.
pub type ActFn = fn(&crate::store::Store, &str, &[String]) -> Result<Applied, ScriptError>;

/// One row of the table.
#[derive(Clone, Copy)]
pub struct Game {
    pub kind: Kind,
    /// The envelope's `kind` string and the CLI's game name.
    pub slug: &'static str,
    pub title: &'static str,
    /// The home screen's line under the title.
    pub blurb: &'static str,
    /// Parses a save's `data` (current version), validates it, returns its summary.
    pub check_save: fn(&str) -> Result<String, String>,
    /// Upgrades a save's `data` (title and history) written at envelope version `from` to
    /// the current shape for this game; the store runs it after the envelope's own migration
    /// (`store::envelope`), only for files older than the current version. No game has changed
    /// its state's shape since version 2, so every row uses `no_migration`; a game that does
    /// adds its function here, keyed on `from`, with a test.
    pub migrate: fn(from: u32, serde_json::Value) -> Result<serde_json::Value, String>,
    pub data_kinds: &'static [DataKind],
    /// Applies actions (their JSON) to a stored save: every game's changes are values.
    pub act: ActFn,
    pub undo: fn(&crate::store::Store, &str, usize) -> Result<Moved, ScriptError>,
    pub redo: fn(&crate::store::Store, &str) -> Result<Moved, ScriptError>,
    pub history: fn(&crate::store::Store, &str) -> Result<Vec<HistoryLine>, ScriptError>,
}

/// The row of `kind`. Exhaustive on purpose: a new game is a compile error until it has one.
pub fn game(kind: Kind) -> Game {
    use crate::{army, furnace_duel, furtherance, near_and_far, worldspanner};
    match kind {
        Kind::Furtherance => Game {
            slug: "furtherance",
            title: "Furtherance solo",
            blurb: "The app runs the three enemy castles",
            data_kinds: &[
                DataKind {
                    name: "furtherance-board",
                    check: furtherance::check_board_text,
                },
                DataKind {
                    name: "furtherance-units",
                    check: furtherance::check_units_text,
                },
            ],
            ..row::<furtherance::SaveData>(kind)
        },
        Kind::Worldspanner => Game {
            slug: "worldspanner",
            title: "Worldspanner Factions",
            blurb: "Challenge decks, Domes, rounds, glory",
            data_kinds: &[
                DataKind {
                    name: worldspanner::deckfile::DATA_KIND,
                    check: worldspanner::DeckFile::check_text,
                },
                DataKind {
                    name: worldspanner::library::DATA_KIND,
                    check: worldspanner::HeroLibrary::check_text,
                },
            ],
            ..row::<worldspanner::SaveData>(kind)
        },
        Kind::NearAndFar => Game {
            slug: "near-and-far",
            title: "Near and Far",
            blurb: "Quest lookup, campaign sheets, scoring",
            data_kinds: &[
                DataKind {
                    name: "near-and-far-talents",
                    check: |t| near_and_far::facts::check_text("near-and-far-talents", t),
                },
                DataKind {
                    name: "near-and-far-characters",
                    check: |t| near_and_far::facts::check_text("near-and-far-characters", t),
                },
                DataKind {
                    name: "near-and-far-maps",
                    check: |t| near_and_far::facts::check_text("near-and-far-maps", t),
                },
                DataKind {
                    name: "near-and-far-threats",
                    check: |t| near_and_far::facts::check_text("near-and-far-threats", t),
                },
                DataKind {
                    name: "near-and-far-storybook-index",
                    check: |t| near_and_far::facts::check_text("near-and-far-storybook-index", t),
                },
            ],
            ..row::<near_and_far::SaveData>(kind)
        },
        Kind::FurnaceDuel => Game {
            slug: "furnace-duel",
            title: "Furnace Duel campaign",
            blurb: "Six-board campaign scoring pad",
            data_kinds: &[DataKind {
                name: "furnace-duel-boards",
                check: furnace_duel::check_boards_text,
            }],
            ..row::<furnace_duel::SaveData>(kind)
        },
        Kind::Army => Game {
            slug: "army",
            title: "Army sheets",
            blurb: "Army builder and follower sheets",
            data_kinds: &[
                DataKind {
                    name: "army-followers",
                    check: army::check_followers_text,
                },
                DataKind {
                    name: "army-list",
                    check: army::check_list_text,
                },
            ],
            ..row::<army::SaveData>(kind)
        },
    }
}

/// The parts of a row that follow from the game's save type alone.
fn row<T: Playable>(kind: Kind) -> Game {
    Game {
        kind,
        slug: "",
        title: "",
        blurb: "",
        check_save: check_save_of::<T>,
        migrate: no_migration,
        data_kinds: &[],
        act: script::act::<T>,
        undo: script::undo::<T>,
        redo: script::redo::<T>,
        history: script::history::<T>,
    }
}

/// Every game, in home-screen order.
pub fn all() -> impl Iterator<Item = Game> {
    Kind::ALL.into_iter().map(game)
}

/// The game that owns data files of `data_kind`, with the row for it.
pub fn data_kind(name: &str) -> Option<(Game, DataKind)> {
    all().find_map(|g| {
        g.data_kinds
            .iter()
            .find(|d| d.name == name)
            .map(|d| (g, *d))
    })
}

/// Every data kind a game owns, in table order.
pub fn data_kinds() -> impl Iterator<Item = &'static str> {
    all().flat_map(|g| g.data_kinds.iter().map(|d| d.name))
}

fn check_save_of<T: GameDoc>(data: &str) -> Result<String, String> {
    let saved: Saved<T> = serde_json::from_str(data).map_err(|e| e.to_string())?;
    saved.validate().map_err(|e| e.to_string())?;
    Ok(saved.summary())
}

fn no_migration(_from: u32, data: serde_json::Value) -> Result<serde_json::Value, String> {
    Ok(data)
}

/// Parses `data` (the envelope's `data` text, current version) as a save of `kind`,
/// validates it, and returns its summary. The store calls this on load, import and
/// `tablemate check`.
pub fn check_save(kind: Kind, data: &str) -> Result<String, String> {
    (game(kind).check_save)(data)
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
            assert_eq!(serde_json::from_str::<Kind>(&json).unwrap(), k);
        }
        assert_eq!(Kind::parse("chess"), None);
        let err = serde_json::from_str::<Kind>("\"chess\"").unwrap_err();
        assert!(err.to_string().contains("known: furtherance"), "{err}");
    }

    #[test]
    fn every_row_is_filled_and_names_are_unique() {
        let mut slugs = std::collections::HashSet::new();
        let mut titles = std::collections::HashSet::new();
        let mut data = std::collections::HashSet::new();
        for g in all() {
            assert!(slugs.insert(g.slug), "slug {} twice", g.slug);
            assert!(titles.insert(g.title), "title {} twice", g.title);
            assert!(!g.blurb.is_empty(), "{} has no home-screen line", g.slug);
            assert_eq!(game(g.kind).kind, g.kind);
            for d in g.data_kinds {
                assert!(data.insert(d.name), "data kind {} owned twice", d.name);
                assert!(
                    d.name.starts_with(g.slug),
                    "{} owns {} but data kinds start with the game's slug",
                    g.slug,
                    d.name
                );
            }
        }
    }

    #[test]
    fn a_data_kind_is_found_with_its_game() {
        let (g, d) = data_kind("army-list").expect("army owns army-list");
        assert_eq!((g.kind, d.name), (Kind::Army, "army-list"));
        assert!(data_kind("chess-openings").is_none());
    }

    #[test]
    fn a_save_that_is_not_json_is_refused_with_the_reason() {
        for k in Kind::ALL {
            let err = check_save(k, "{").unwrap_err();
            assert!(err.contains("EOF"), "{k}: {err}");
        }
    }
}
