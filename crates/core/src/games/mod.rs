//! The one table of games: for each `Kind` (declared with its slug and title in `crate::doc`),
//! its home-screen line, how to check a save, the data files it owns and how to check them,
//! how its saves migrate, and how scripts act on, undo, redo and list a save (`tablemate act`,
//! `undo`, `redo`, `history`).
//!
//! Everything that must treat every game alike (the store's checks, `tablemate check`, the
//! CLI's game lists, the home screen) goes through `game(kind)` or `all()`. `game` is an
//! exhaustive `match`, so a new `Kind` variant does not compile until its row is written here.
//!
//! The rows work on values the store has already read (a save's data as JSON text, a data
//! file's text): this module never touches a file and never names the store. The layers are
//! in docs/architecture.md.

pub mod cites;
mod list;
pub mod script;

use crate::doc::{GameDoc, Invalid, Kind, Playable, Saved};
pub use script::{
    Applied, Changed, Divergence, HistoryLine, Moved, Refused, Replay, ScriptError, Scripted,
};

pub use crate::datafile::DataKind;

/// Why a save's data (the envelope's `data`, current version) is not a good save of its game.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// Not a save of this game at all: serde's error, whose `line()` and `column()` are the
    /// position inside the data (the store moves it into the file).
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// Read, but an impossible state (the game's own `validate`).
    #[error("{0}")]
    Invalid(#[from] Invalid),
}

/// Why a data file is refused by `check_data`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DataError {
    #[error("unknown data_kind {found:?} (known: {known})")]
    UnknownKind { found: String, known: String },
    /// The owning game's check refused it: where in the file and what is wrong.
    #[error(transparent)]
    Invalid(#[from] crate::datafile::DataFileError),
}

/// Acts on a save's data from a script: see `script::act`.
pub type ActFn = fn(&str, &str, &[String]) -> Result<Scripted<Applied>, ScriptError>;

/// One row of the table.
#[derive(Clone, Copy)]
pub struct Game {
    pub kind: Kind,
    /// The home screen's line under the title.
    pub blurb: &'static str,
    /// Parses a save's `data` (current version), validates it, returns its summary.
    pub check_save: fn(&str) -> Result<String, SaveError>,
    /// `check_save`, and every history entry rebuilt and validated (`tablemate check --deep`).
    pub check_deep: fn(&str) -> Result<String, SaveError>,
    /// Upgrades a save's `data` (title and history) written at envelope version `from` to
    /// the current shape for this game; the store runs it after the envelope's own migration
    /// (`store::envelope`), only for files older than the current version. No game has changed
    /// its state's shape since version 2, so every row uses `no_migration`; a game that does
    /// adds its function here, keyed on `from`, with a test.
    pub migrate: fn(from: u32, serde_json::Value) -> Result<serde_json::Value, crate::doc::Invalid>,
    pub data_kinds: &'static [DataKind],
    /// Applies actions (their JSON) to a save's data (`id`, then the data): every game's
    /// changes are values. The store reads the save and writes what comes back changed.
    pub act: ActFn,
    pub undo: fn(&str, &str, usize) -> Result<Scripted<Moved>, ScriptError>,
    pub redo: fn(&str, &str) -> Result<Scripted<Moved>, ScriptError>,
    pub history: fn(&str) -> Result<Vec<HistoryLine>, ScriptError>,
    /// Replays a save's recorded actions and says where they diverge (`tablemate replay`).
    pub replay: fn(&str) -> Result<Replay, ScriptError>,
    /// Gives a save's data a new title (`tablemate rename`, the window's Rename): the old one.
    pub rename: fn(&str, &str) -> Result<Scripted<String>, ScriptError>,
}

impl Game {
    /// The envelope's `kind` string and the CLI's game name.
    pub fn slug(&self) -> &'static str {
        self.kind.as_str()
    }

    pub fn title(&self) -> &'static str {
        self.kind.title()
    }
}

/// The row of each game in the one list (games/list.rs): its blurb from the list, its data
/// files from the engine's `DATA_KINDS`, the rest from its save type (`row`).
macro_rules! rows {
    ($($variant:ident {
        module: $module:ident,
        slug: $slug:literal,
        title: $title:literal,
        blurb: $blurb:literal,
        $($rest:tt)*
    })+) => {
        /// The row of `kind`.
        pub fn game(kind: Kind) -> Game {
            match kind {
                $(Kind::$variant => Game {
                    blurb: $blurb,
                    data_kinds: crate::$module::DATA_KINDS,
                    ..row::<crate::$module::SaveData>(kind)
                },)+
            }
        }
    };
}
crate::for_each_game!(rows);

/// The parts of a row that follow from the game's save type alone.
fn row<T: Playable>(kind: Kind) -> Game {
    Game {
        kind,
        blurb: "",
        check_save: check_save_of::<T>,
        check_deep: check_deep_of::<T>,
        migrate: no_migration,
        data_kinds: &[],
        act: script::act::<T>,
        undo: script::undo::<T>,
        redo: script::redo::<T>,
        history: script::history::<T>,
        replay: script::replay::<T>,
        rename: script::rename::<T>,
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

fn check_save_of<T: GameDoc>(data: &str) -> Result<String, SaveError> {
    let saved: Saved<T> = serde_json::from_str(data)?;
    saved.validate()?;
    Ok(saved.summary())
}

fn check_deep_of<T: GameDoc>(data: &str) -> Result<String, SaveError> {
    let saved: Saved<T> = serde_json::from_str(data)?;
    saved.validate_deep()?;
    Ok(saved.summary())
}

fn no_migration(
    _from: u32,
    data: serde_json::Value,
) -> Result<serde_json::Value, crate::doc::Invalid> {
    Ok(data)
}

/// Parses `data` (the envelope's `data` text, current version) as a save of `kind`,
/// validates it, and returns its summary. The store calls this on load, import and
/// `tablemate check`.
pub fn check_save(kind: Kind, data: &str) -> Result<String, SaveError> {
    (game(kind).check_save)(data)
}

/// [`check_save`], and every entry of the history rebuilt and validated.
pub fn check_save_deep(kind: Kind, data: &str) -> Result<String, SaveError> {
    (game(kind).check_deep)(data)
}

/// Validates `text` as a data file of `data_kind` (the rules digests, or a file a game owns);
/// returns a one-line summary. `tablemate check FILE` and imports come here with the text the
/// store read.
pub fn check_data(data_kind: &str, text: &str) -> Result<String, DataError> {
    if data_kind == crate::rules::DATA_KIND {
        return crate::rules::check_digest_text(text).map_err(DataError::Invalid);
    }
    match self::data_kind(data_kind) {
        Some((_, kind)) => (kind.check)(text).map_err(DataError::Invalid),
        None => Err(DataError::UnknownKind {
            found: data_kind.to_string(),
            known: known_data_kinds().join(", "),
        }),
    }
}

/// Every data kind this build knows: the rules digest, then each game's.
pub fn known_data_kinds() -> Vec<&'static str> {
    std::iter::once(crate::rules::DATA_KIND)
        .chain(data_kinds())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_is_filled_and_names_are_unique() {
        let mut data = std::collections::HashSet::new();
        for g in all() {
            assert!(!g.blurb.is_empty(), "{} has no home-screen line", g.slug());
            assert_eq!(game(g.kind).kind, g.kind);
            for d in g.data_kinds {
                assert!(data.insert(d.name), "data kind {} owned twice", d.name);
                assert!(
                    d.name.starts_with(g.slug()),
                    "{} owns {} but data kinds start with the game's slug",
                    g.slug(),
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
            assert!(
                matches!(&err, SaveError::Json(e) if e.is_eof()),
                "{k}: {err}"
            );
        }
    }

    #[test]
    fn an_unknown_data_kind_lists_the_known_ones() {
        let err = check_data("chess-openings", "{}").unwrap_err().to_string();
        assert!(err.contains("rules-digest"), "{err}");
        assert!(err.contains("army-list"), "{err}");
        assert!(err.contains("furtherance-buildings"), "{err}");
        assert_eq!(known_data_kinds().len(), 17);
    }
}
