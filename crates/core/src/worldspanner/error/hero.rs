//! Refusals about a hero's own state: where it is, its Boosts, its gold, and the Underworld's
//! rewards (Special abilities, p. 22; Boosts, p. 23; Death's Edge, p. 17).

use crate::worldspanner::team::{HeroStatus, TeamSide};

/// A hero cannot do that now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(HeroErrorKind), derive(strum::VariantArray))]
pub enum HeroError {
    /// Waiting, being dismissed or defeated: out of the arena.
    #[error(
        "{hero} is {}: only heroes in the arena can do that (Special abilities, p. 22)",
        .status.describe()
    )]
    NotInPlay { hero: String, status: HeroStatus },
    #[error("{hero} is not in a Dome")]
    NotInDome { hero: String },
    /// `move` for a hero in a Dome: its move out is `leave-dome`.
    #[error("{hero} is in a Dome: its move is out of the Dome (leave-dome, p. 9)")]
    MoveOutOfDome { hero: String },
    #[error("{hero} already has a Boost in use: one at a time (Boosts, p. 23)")]
    BoostInUse { hero: String },
    #[error("{hero} has no Boost token")]
    NoBoostToken { hero: String },
    /// Spending more gold than the hero carries.
    #[error("{hero} has only {gold} gold")]
    NotEnoughGold { hero: String, gold: u32 },
    /// Raising from the Underpit or renewing from the Pit a hero who is elsewhere.
    #[error("{hero} is {}: {}", .status.describe(), only(*.expected))]
    WrongStatus {
        hero: String,
        status: HeroStatus,
        expected: HeroStatus,
    },
    #[error("{team} need a Pass or Amaze at the Underworld first (Death's Edge, p. 17)")]
    NoUnderworldReward { team: TeamSide },
    /// A challenge built from the hero library for a hero entered by hand.
    #[error("{hero} has no card in the hero library")]
    NoHeroCard { hero: String },
    /// Picking up loot from a Dome, the Pit or off the map: only a hero standing in the space
    /// can (Picking up loot, p. 11).
    #[error(
        "{hero} is {}: only a hero on the map, in the space where the loot lies, picks it up (Picking up loot, p. 11)",
        .status.describe()
    )]
    PickUpOffTheMap { hero: String, status: HeroStatus },
    #[error("there {} (numbered from 0); {pile} is not one", match .piles { 0 => "is no loot on the ground".to_string(), 1 => "is 1 pile of loot on the ground".to_string(), n => format!("are {n} piles of loot on the ground") })]
    NoSuchLoot { pile: usize, piles: usize },
    #[error("only {gold} gold lies {place}, not {take}")]
    NotThatMuchLoot { place: String, gold: u32, take: u32 },
    /// A hand entry that changes nothing (0 wounds, 0 gold...): not put in the history.
    #[error("{amount} {what} for {hero}: nothing changes, so nothing is recorded")]
    NothingToRecord {
        hero: String,
        amount: i64,
        what: &'static str,
    },
}

/// Who the Underworld's reward can reach (Death's Edge, p. 17).
fn only(expected: HeroStatus) -> String {
    match expected {
        HeroStatus::Pit => {
            "only a hero in the Pit can be renewed (Death's Edge, Underworld, p. 17)".into()
        }
        HeroStatus::Underpit => {
            "only a hero in the Underpit can be raised to the Pit (Death's Edge, Underworld, p. 17)"
                .into()
        }
        other => format!("it must be {}", other.describe()),
    }
}
