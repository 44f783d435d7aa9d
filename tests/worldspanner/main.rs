//! Worldspanner Factions: every rule the engine implements, one named test each, grouped by
//! the rulebook section they come from. Rulings (docs/rulings.md) are in `rulings`.

mod common;

mod cards;
mod challenges;
mod cli;
mod cli_new;
mod cli_show;
mod domes;
mod endtoend;
mod from_card;
mod issue10;
mod library;
mod one_action;
mod physical;
mod play;
mod refusals;
mod refusals_play;
mod rulings;
#[path = "../shared/mod.rs"]
mod shared;
mod victory;
