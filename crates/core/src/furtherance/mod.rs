//! Furtherance solo mode: the app runs the three enemy castles by the rulebook (SOLO MODE to
//! ENDING, COMBAT, CASTLES, UNITS, INDEX) and owns the board state, while the player plays
//! their own kingdom with the physical game. No iced, no file I/O.
//!
//! - `square`, `board_file`, `board`: the grid, the board file and its checks, arrows.
//! - `units`, `pile`: the unit catalogue with typed abilities; the digital unit deck.
//! - `state`: settings, setup by difficulty, the game state.
//! - `agenda`, `step`: the resolution machine yielding one `Step` at a time, questions.
//! - `enemy`, `combat`, `reach`: the solo AI, fights and castles, reach and movement.
//! - `explain`, `explain_words`: the reasons each step carries, and their words.
//! - `player`: the player's actions and hand edits.
//! - `validate`: checks of a loaded game, the summary line.
//! - `sim`: simulated players (none, random, greedy) for `simulate` and the property tests.

mod adopt;
mod adopt_cards;
mod agenda;
pub mod board;
pub mod board_draft;
pub mod board_file;
pub mod cards;
pub mod cards_draft;
mod castle_attacks;
pub mod cites;
mod combat;
mod defences;
mod discard;
mod enemy;
pub mod error;
pub mod explain;
mod explain_words;
mod hand_edit;
mod items;
pub mod kingdom;
pub mod kingdom_view;
mod leaders;
pub mod pile;
mod play;
pub mod player;
mod reach;
mod research;
mod resume;
mod seats;
pub mod sim;
pub mod square;
pub mod state;
pub mod step;
mod unit_moves;
pub mod units;
pub mod units_draft;
mod upgrades;
mod validate;
mod workers;

#[cfg(test)]
mod ability_tests;
#[cfg(test)]
mod adopt_cards_tests;
#[cfg(test)]
mod explain_cases_tests;
#[cfg(test)]
mod explain_tests;
#[cfg(test)]
mod kingdom_tests;
#[cfg(test)]
mod leader_tests;
#[cfg(test)]
mod player_tests;
#[cfg(test)]
mod reask_tests;
#[cfg(test)]
mod ruling_updates_tests;
#[cfg(test)]
mod rulings_tests;
#[cfg(test)]
mod test_support;

pub use adopt::NewData;
pub use agenda::Pending;
pub use board::Board;
pub use board_file::{BoardFile, check_board_text};
pub use cards::{Card, CardKind, Cards, CardsFile, Effect};
pub use error::RuleError;
pub use explain::{Explained, Reason, Rule, describe};
pub use kingdom::{CardRef, Kingdom, Market};
pub use player::{Action, Target, UnitName};
pub use research::ResearchOption;
pub use square::{Seat, Square};
pub use state::{
    Castle, CounterRange, DeathRule, DeckMode, DestroyedCastleUnits, Difficulty,
    EnemyCastleDefence, EnemySacrifice, Game, Ledger, Outcome, Phase, ReachStop, Settings, Unit,
    UnitId,
};
pub use step::Step;
pub use units::{Ability, Catalog, CatalogFile, KindId, UnitKind, UnitsProblem, check_units_text};
pub use units_draft::UnitsDraft;

use crate::doc::{GameDoc, Kind};

use crate::datafile::DataFileError;

/// Where the board file lives, bundled or in the user's data folder.
pub const BOARD_PATH: &str = "data/furtherance/board.json";
/// Where the units file lives, bundled or in the user's data folder.
pub const UNITS_PATH: &str = "data/furtherance/units.json";

/// Parses and checks the texts of a board file and a units file (read by the caller, e.g.
/// with `crate::store::data_text`); errors say which file and what is wrong.
pub fn parse_data(
    board: (&str, &str),
    units: (&str, &str),
) -> Result<(Board, Catalog), DataFileError> {
    let (text, origin) = board;
    let board = BoardFile::parse(text)
        .and_then(Board::try_from)
        .map_err(|e| e.in_file(origin))?;
    let (text, origin) = units;
    let catalog = CatalogFile::parse(text)
        .and_then(Catalog::try_from)
        .map_err(|e| e.in_file(origin))?;
    Ok((board, catalog))
}

/// Reads the board and units files through `read` (path → (text, where it came from)).
pub fn load_data(
    mut read: impl FnMut(&str) -> Result<(String, String), DataFileError>,
) -> Result<(Board, Catalog), DataFileError> {
    let (board, board_origin) = read(BOARD_PATH)?;
    let (units, units_origin) = read(UNITS_PATH)?;
    parse_data((&board, &board_origin), (&units, &units_origin))
}

/// Reads the buildings, items, upgrades and leaders files through `read`, checked.
pub fn load_cards(
    read: impl FnMut(&str) -> Result<(String, String), DataFileError>,
) -> Result<Cards, DataFileError> {
    Cards::load(read)
}

/// What the store saves for this game.
pub type SaveData = Game;

/// The steps of the action that made a state, with their Why / Why-not reasons, are replaced
/// whole by every action: each history entry keeps its own beside it instead of in the
/// changes, where they would be stored twice (docs/store.md, "Set aside").
impl crate::history::SetAside for Game {
    const SET_ASIDE: &'static [&'static str] = &["explained"];
}

impl GameDoc for Game {
    const KIND: Kind = Kind::Furtherance;

    fn summary(&self) -> String {
        self.summary_line()
    }

    fn validate(&self) -> Result<(), crate::doc::Invalid> {
        self.check()
    }
}

/// The data files this game owns (the games table finds a file's owner here).
pub const DATA_KINDS: &[crate::datafile::DataKind] = &[
    crate::datafile::DataKind {
        name: board_file::BOARD_KIND,
        check: check_board_text,
    },
    crate::datafile::DataKind {
        name: units::UNITS_KIND,
        check: check_units_text,
    },
    crate::datafile::DataKind {
        name: cards::BUILDINGS_KIND,
        check: |t| cards::check_text(CardKind::Building, t),
    },
    crate::datafile::DataKind {
        name: cards::ITEMS_KIND,
        check: |t| cards::check_text(CardKind::Item, t),
    },
    crate::datafile::DataKind {
        name: cards::UPGRADES_KIND,
        check: |t| cards::check_text(CardKind::Upgrade, t),
    },
    crate::datafile::DataKind {
        name: cards::LEADERS_KIND,
        check: |t| cards::check_text(CardKind::Leader, t),
    },
];
