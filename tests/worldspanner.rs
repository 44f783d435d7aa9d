//! Worldspanner Factions: every rule the engine implements, one named test each, grouped by
//! the rulebook section they come from. Rulings from RULINGS.md are in `rulings`.

#[path = "worldspanner/common.rs"]
mod common;

#[path = "worldspanner/cards.rs"]
mod cards;
#[path = "worldspanner/challenges.rs"]
mod challenges;
#[path = "worldspanner/cli.rs"]
mod cli;
#[path = "worldspanner/domes.rs"]
mod domes;
#[path = "worldspanner/play.rs"]
mod play;
#[path = "worldspanner/rulings.rs"]
mod rulings;
#[path = "worldspanner/terrain.rs"]
mod terrain;
#[path = "worldspanner/victory.rs"]
mod victory;
