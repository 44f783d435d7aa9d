//! Tablemate's core: every game without a face. The leaves (`doc`, `datafile`, `history`,
//! `rng`, `deck`, `seat`, `bundled`), the engines with no iced and no I/O (`furtherance`,
//! `worldspanner`, `near_and_far`, `furnace_duel`, `army`, `rules`) and the table of `games`
//! that names each game's checks and data files (docs/architecture.md, "Layers").
//!
//! This crate depends on no GUI, no network and no file system crate, so the compiler keeps
//! the layers: nothing here can name the store, the CLI, the window or the table network.
//! The app crate (`tablemate`) re-exports these modules under the same names.

pub mod bundled;
pub mod datafile;
pub mod deck;
pub mod doc;
pub mod games;
pub mod history;
mod newtype;
pub mod plays;
pub mod rng;
pub mod rules;
pub mod seat;
pub mod words;

/// Each game's engine, `crate::<module>`, from the one list of games (games/list.rs).
macro_rules! engines {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        $(pub mod $module;)+
    };
}
crate::for_each_game!(engines);
