//! Refusals about adventures, the paid ones and the Faction keys' spaces (ADVENTURE BASICS,
//! p. 14; Faction adventures, p. 15-16; Lith's Lair and Death's Edge, p. 17).

use crate::worldspanner::adventure::Adventure;
use crate::worldspanner::paid::PaidKind;
use crate::worldspanner::victory::{Faction, SPACES_PER_KEY};

/// An adventure the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(AdventureErrorKind), derive(strum::VariantArray))]
pub enum AdventureError {
    #[error("{hero} must stand on an adventure space to adventure (Adventure basics, p. 14)")]
    NotOnTheMap { hero: String },
    /// The challenge entered is of another kind than the adventure's.
    #[error("{} is a {} challenge", .adventure.name(), .adventure.kind().name())]
    WrongKind { adventure: Adventure },
    /// Tasks and the Lith challenges are rated 5 (p. 15-17).
    #[error("{} is a {rating}-rated challenge of {}, not {against}", .adventure.name(), .adventure.rating_name())]
    FixedRating {
        adventure: Adventure,
        rating: u8,
        against: u8,
    },
    /// A key space numbered past 4 (`space` counts from 0, as stored).
    #[error("a Faction key has adventure spaces 1 to 4")]
    NoSuchSpace { space: usize },
    /// Capturing a space numbered past 4 (`space` counts from 0, as stored).
    #[error("{} has adventure spaces 1 to {}", .faction.key_name(), SPACES_PER_KEY)]
    NoSuchKeySpace { faction: Faction, space: usize },
    #[error("{} is on Lith's Lair, not a Faction key", .kind.name())]
    NotOnAKey { kind: PaidKind },
    #[error("say which Faction key space the {} is on", .kind.name())]
    WhichKey { kind: PaidKind },
    #[error("{} has no {} (Faction adventures, p. 15-16)", .faction.key_name(), .kind.name())]
    NotOnThisKey { faction: Faction, kind: PaidKind },
    /// What was paid does not fit the adventure's price; `why` says the price.
    #[error("{}: {why}", .kind.name())]
    Price { kind: PaidKind, why: &'static str },
    #[error("{} dismisses no other hero", .kind.name())]
    NoTargets { kind: PaidKind },
    #[error("Rescue dismisses allies of the adventurer")]
    RescueAlliesOnly,
    #[error("Kidnap banishes enemies")]
    KidnapEnemiesOnly,
    #[error("{hero} has only {gold} gold; {needed} is needed")]
    CannotPay {
        hero: String,
        gold: u32,
        needed: u32,
    },
    #[error("give at least 1 tribute")]
    NoTribute,
    /// A second hero adventuring from one space in one Adventure step.
    #[error(
        "{first} already adventured from {place} this Adventure step, and {hero} cannot stand there too: only one hero can be in each space (The map, p. 8)"
    )]
    SpaceTaken {
        place: String,
        first: String,
        hero: String,
    },
    /// A fourth hero at the Underworld in one Adventure step.
    #[error(
        "the Underworld takes up three spaces and {} have tried it this Adventure step: at most three heroes a step, one in each space (Death's Edge, p. 17; The map, p. 8)",
        .heroes.join(", ")
    )]
    UnderworldFull { heroes: Vec<String> },
}
