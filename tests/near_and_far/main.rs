//! Near and Far scenario tests: every rule and ruling the engine implements, by name.
//! Split by topic in `tests/near_and_far/`.

mod actions;
#[cfg(feature = "gui")]
mod app;
mod by_choice;
mod campaigns;
mod cli;
mod common;
mod corrections;
mod evening;
mod experience;
mod in_play;
mod index;
mod index_growth;
mod index_import;
mod lookup;
mod records;
mod refusals;
mod refusals_card;
mod refusals_end;
mod reminders;
mod score_player;
mod scoring;
mod session_end;
#[path = "../shared/mod.rs"]
mod shared;
mod slips;
mod table_words;
mod threats;
mod tokens;
mod validation;
