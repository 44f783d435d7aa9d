//! Placeholder until this game's screen lands: the generic "coming soon" screen.

pub use super::coming_soon::Message;

pub type State = super::coming_soon::State<crate::furnace_duel::SaveData>;
