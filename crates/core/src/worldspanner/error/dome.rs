//! Refusals about the Domes, dismissal and banishment (DISMISSAL, p. 7), and the CLI's Dome
//! occupancy list.

use crate::worldspanner::card::{DomeNumber, DomeRange};
use crate::worldspanner::domes::{self, Candidate, DOMES_PER_KEY, DomeSlot};
use crate::worldspanner::team::{HeroRef, TeamSide};

/// A placement the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(DomeErrorKind), derive(strum::VariantArray))]
pub enum DomeError {
    #[error("Dome key {number} has Domes 1 to {}, not {slot}", DOMES_PER_KEY)]
    NoSuchDome { number: DomeNumber, slot: u8 },
    /// A Dome's `slot` read from JSON (a script, a phone, a save) outside the key's four.
    #[error(
        "a Dome's slot is 1 to {} (the four Domes of its key), not {slot}",
        DOMES_PER_KEY
    )]
    NoSuchSlot { slot: i64 },
    #[error("all 24 Domes are full: there is nowhere to dismiss the hero (Dismissal, p. 7)")]
    AllFull,
    #[error(
        "{slot} already holds a hero ({} hero {}): one hero per Dome (Dismissal, p. 7)",
        .occupant.team.name(),
        .occupant.hero + 1
    )]
    Occupied { slot: DomeSlot, occupant: HeroRef },
    /// `Occupied` as the game says it, with the occupant's name.
    #[error("{slot} already holds {hero}: one hero per Dome (Dismissal, p. 7)")]
    OccupiedBy { slot: DomeSlot, hero: String },
    /// A Dome outside the proposal for the card drawn.
    #[error(
        "{}; Dome {number} is not allowed (Dismissal, p. 7)",
        domes::explain(*.range, .candidates)
    )]
    NotProposed {
        range: DomeRange,
        candidates: Vec<Candidate>,
        number: DomeNumber,
    },
    /// Another action that draws while a hero still waits for its Dome.
    #[error("first place {hero} in a Dome: finish one dismissal before the next (Dismissal, p. 7)")]
    PlaceFirst { hero: String },
    #[error("no dismissal is waiting for a card's Dome range")]
    NoRangeAwaited,
    #[error("no hero is waiting for a Dome")]
    NobodyWaiting,
    /// `answer N` past the free Domes the question lists.
    #[error(
        "the Dome question lists {}, numbered 1 to {count}; {option} is not one",
        super::counted(.count, "free Dome", "free Domes")
    )]
    NoSuchAnswer { option: usize, count: usize },
    #[error("first say the Dome range on the card {team} drew")]
    RangeFirst { team: TeamSide },
    #[error("no proposed Dome has room")]
    NoRoom,
    /// The CLI's occupancy list: `part` is the piece that is wrong.
    #[error("{part:?}: write NUMBER:HEROES, e.g. 3:4 for four heroes in the Domes numbered 3")]
    BadOccupancy { part: String },
    /// An empty piece between commas in the CLI's occupancy list.
    #[error(
        "{text:?}: an empty entry between commas; write NUMBER:HEROES for each Dome number, e.g. 3:4,4:2"
    )]
    EmptyOccupancy { text: String },
    #[error("{part:?}: Dome key {number} has only {} Domes", DOMES_PER_KEY)]
    TooManyInKey { part: String, number: DomeNumber },
    #[error(
        "{part:?}: Domes numbered {number} are given twice, first as {first:?}; give each number once"
    )]
    NumberTwice {
        part: String,
        number: DomeNumber,
        first: String,
    },
}
