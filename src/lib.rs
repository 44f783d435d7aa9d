//! Tablemate: a desktop companion for board games. It runs the AI opponents and keeps the books.
//!
//! Layers (see ARCHITECTURE.md): pure engines with no iced and no I/O (`deck`, `history`,
//! `furtherance`, `worldspanner`, `near_and_far`, `furnace_duel`, `army`, `rules`); the `store`,
//! the only code that touches files; the `cli`; and the iced `gui` (feature `gui`).

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
