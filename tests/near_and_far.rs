//! Near and Far scenario tests: every rule and ruling the engine implements, by name.
//! Split by topic in `tests/near_and_far/`.

#[cfg(feature = "gui")]
#[path = "near_and_far/app.rs"]
mod app;
#[path = "near_and_far/campaigns.rs"]
mod campaigns;
#[path = "near_and_far/cli.rs"]
mod cli;
#[path = "near_and_far/common.rs"]
mod common;
#[path = "near_and_far/corrections.rs"]
mod corrections;
#[path = "near_and_far/experience.rs"]
mod experience;
#[path = "near_and_far/index.rs"]
mod index;
#[path = "near_and_far/lookup.rs"]
mod lookup;
#[path = "near_and_far/scoring.rs"]
mod scoring;
#[path = "near_and_far/threats.rs"]
mod threats;
