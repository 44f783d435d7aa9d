//! Tablemate: a desktop companion for board games. It runs the AI opponents and keeps the books.
//!
//! Layers (docs/architecture.md), importing one way: the iced `gui` (feature `gui`) and the
//! `cli` → the `store`, the only code that touches files → the table of `games` → the engines,
//! with no iced and no I/O (`furtherance`, `worldspanner`, `near_and_far`, `furnace_duel`,
//! `army`, `rules`) → the leaves (`doc`, `datafile`, `history`, `rng`, `deck`). Checked by
//! `tests/layers.rs`.

pub mod army;
pub mod bundled;
pub mod cli;
pub mod datafile;
pub mod deck;
pub mod doc;
pub mod furnace_duel;
pub mod furtherance;
pub mod games;
#[cfg(feature = "gui")]
pub mod gui;
pub mod history;
#[cfg(feature = "host")]
pub mod host;
pub mod near_and_far;
mod newtype;
pub mod rng;
pub mod rules;
pub mod seat;
pub mod store;
pub mod worldspanner;
