//! Furtherance solo mode: the app runs the three enemy castles by the rulebook (SOLO MODE to
//! ENDING, COMBAT, CASTLES, UNITS, INDEX) and owns the board state, while the player plays
//! their own kingdom with the physical game. No iced, no file I/O.
//!
//! - `square`, `board_file`, `board`: the grid, the board file and its checks, arrows.
//! - `units`, `pile`: the unit catalogue with typed abilities; the digital unit deck.
//! - `state`: settings, setup by difficulty, the game state.
//! - `agenda`, `step`: the resolution machine yielding one `Step` at a time, questions.
//! - `enemy`, `combat`, `reach`: the solo AI, fights and castles, reach and movement.
//! - `player`: the player's actions and hand edits.
//! - `validate`: checks of a loaded game, the summary line.

mod agenda;
pub mod board;
pub mod board_file;
mod combat;
mod enemy;
pub mod error;
pub mod pile;
pub mod player;
mod reach;
pub mod square;
pub mod state;
pub mod step;
pub mod units;
mod validate;

#[cfg(test)]
mod ability_tests;
#[cfg(test)]
mod player_tests;
#[cfg(test)]
mod rulings_tests;
#[cfg(test)]
mod test_support;

pub use agenda::Pending;
pub use board::Board;
pub use board_file::{BoardFile, check_board_text};
pub use error::RuleError;
pub use player::Action;
pub use square::{Seat, Square};
pub use state::{
    Castle, DeathRule, DeckMode, DestroyedCastleUnits, Difficulty, EnemyCastleDefence,
    EnemySacrifice, Game, Ledger, Outcome, Phase, ReachStop, Settings, Unit, UnitId,
};
pub use step::Step;
pub use units::{Ability, Catalog, CatalogFile, KindId, UnitKind, check_units_text};

use crate::doc::{GameDoc, Kind};

/// What the store saves for this game.
pub type SaveData = Game;

impl GameDoc for Game {
    const KIND: Kind = Kind::Furtherance;

    fn summary(&self) -> String {
        self.summary_line()
    }

    fn validate(&self) -> Result<(), String> {
        self.check()
    }
}
