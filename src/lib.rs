//! Tablemate: a desktop companion for board games. It runs the AI opponents and keeps the books.
//!
//! Layers (docs/architecture.md), importing one way: the iced `gui` (feature `gui`), the
//! table network's `host` (feature `host`) and the `cli` → the `store`, the only code that
//! touches files → the crate `tablemate-core`: the table of `games`, the engines with no iced
//! and no I/O (`furtherance`, `worldspanner`, `near_and_far`, `furnace_duel`, `army`, `rules`)
//! and the leaves (`doc`, `datafile`, `history`, `rng`, `deck`, `seat`, `bundled`). The core is
//! its own crate, so the compiler keeps it below this one; `tests/layers.rs` checks the order
//! of the app's own modules.

pub use tablemate_core::{
    bundled, datafile, deck, doc, for_each_game, games, history, plays, rng, rules, seat, words,
};

/// Each game's engine under its own name (`tablemate::army` is `tablemate_core::army`), from
/// the one list of games (crates/core/src/games/list.rs).
macro_rules! engines {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        pub use tablemate_core::{$($module),+};
    };
}
for_each_game!(engines);

pub mod cli;
#[cfg(feature = "gui")]
pub mod gui;
#[cfg(feature = "host")]
pub mod host;
pub mod print;
pub mod store;
