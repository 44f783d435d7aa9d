//! The errors of the Worldspanner engine, each worded for a player and naming the rule (and
//! the rulebook section and page) that forbids the move. `RuleError` groups the refusals by
//! what they are about; each group is its own file under `error/`.

mod adventure;
mod challenge;
mod combat;
mod dome;
mod hero;
mod physical;
mod setup;
mod turn;

pub use adventure::{AdventureError, AdventureErrorKind};
pub use challenge::{ChallengeError, ChallengeErrorKind};
pub use combat::{AttackKind, AttackRole, CombatError, CombatErrorKind, SightBlock};
pub use dome::{DomeError, DomeErrorKind};
pub use hero::{HeroError, HeroErrorKind};
pub use physical::{PhysicalError, PhysicalErrorKind};
pub use setup::{HeroCardError, SetupError, SetupErrorKind};
pub use turn::{TurnError, TurnErrorKind};

use super::card::{Difference, Face};
use super::team::TeamSide;
use super::victory::Faction;
use crate::deck::DeckError;

/// `n` with the noun that fits it ("1 hero", "2 heroes"), for the refusals' own fields.
pub(crate) fn counted(n: impl std::borrow::Borrow<usize>, one: &str, many: &str) -> String {
    crate::words::count(*n.borrow() as u64, one, many)
}

/// The noun that fits `n`: `one` for exactly one, else `many` ("1 more card", "2 more cards").
pub(crate) fn noun<'a>(n: impl std::borrow::Borrow<usize>, one: &'a str, many: &'a str) -> &'a str {
    if *n.borrow() == 1 { one } else { many }
}

/// `have + adding`, or the refusal naming `what` (a hero's gold, a team's tribute...).
pub(crate) fn add_up<T>(what: impl FnOnce() -> String, have: T, adding: T) -> Result<T, RuleError>
where
    T: num_like::Count,
{
    have.checked(adding).ok_or_else(|| RuleError::TooMany {
        what: what(),
        have: have.wide(),
        adding: adding.wide(),
        max: T::top(),
    })
}

/// The unsigned counts the game adds up.
pub(crate) mod num_like {
    pub trait Count: Copy {
        fn checked(self, other: Self) -> Option<Self>;
        fn wide(self) -> u64;
        fn top() -> u64;
    }
    macro_rules! count {
        ($($t:ty),*) => {$(
            impl Count for $t {
                fn checked(self, other: Self) -> Option<Self> {
                    self.checked_add(other)
                }
                fn wide(self) -> u64 {
                    self as u64
                }
                fn top() -> u64 {
                    <$t>::MAX as u64
                }
            }
        )*};
    }
    count!(u8, u32);
}

/// What is wrong with a challenge card or a deck file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("difference {0} is off the card: rows run from -6 to +6")]
    DifferenceOutOfRange(i32),
    #[error("{0} is {1}, but a card's rows run from -6 to +6 (use null for \"never\")")]
    ThresholdOutOfRange(&'static str, i8),
    #[error("Dome {0} does not exist: Domes are numbered 1 to 6")]
    DomeOutOfRange(i32),
    #[error("Dome range {0}-{1} runs backwards (write the low number first)")]
    BackwardsRange(u8, u8),
    #[error("{0:?} is not a Dome range (write 3-4, 5, or 1 or 6)")]
    BadRange(String),
    #[error("Luck {0} is out of range (0 to 9)")]
    LuckOutOfRange(i32),
    #[error("{0:?} is not an AI symbol name (1 to 20 characters)")]
    BadAiSymbol(String),
    #[error(
        "{better} starts at {better_from}, below where {worse} starts ({worse_from}): each face starts at or above the one before it, since a better difference never shows a worse face"
    )]
    FacesGetWorse {
        better: Face,
        better_from: String,
        worse: Face,
        worse_from: String,
    },
    #[error(
        "row {at} shows {face} but row {before} shows {prev}: a better difference never shows a worse face"
    )]
    RowGetsWorse {
        at: Difference,
        face: Face,
        before: Difference,
        prev: Face,
    },
    #[error("{0} row has {1} marks; a card has 13 rows (-6 to +6)")]
    RowCount(&'static str, usize),
    #[error("{0:?} is not a face letter (A Amaze, P Pass, S Squeak, F Fail, X Fopp)")]
    BadFaceLetter(char),
    #[error("{0:?} is not a Hit mark (H for the blue bar, . for none)")]
    BadHitMark(char),
    #[error(
        "the Hit bar covers {from} but not {miss}: Tablemate models the bar as one band from a difference upward"
    )]
    HitBarGap { from: Difference, miss: Difference },
    #[error("{0}")]
    Line(String),
}

/// A move the rules do not allow, or an impossible request: one variant per refusal, grouped
/// by what the refusal is about. The text is what the player reads (GUI and CLI alike); code
/// that needs to know which rule refused matches on the variant and its fields.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(RefusalKind), derive(strum::VariantArray))]
pub enum RuleError {
    #[error("{0}")]
    Card(#[from] CardError),
    #[error(transparent)]
    Turn(#[from] TurnError),
    #[error(transparent)]
    Hero(#[from] HeroError),
    #[error(transparent)]
    Challenge(#[from] ChallengeError),
    #[error(transparent)]
    Combat(#[from] CombatError),
    #[error(transparent)]
    Adventure(#[from] AdventureError),
    #[error(transparent)]
    Dome(#[from] DomeError),
    #[error(transparent)]
    Physical(#[from] PhysicalError),
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A team's own deck could not give a card (both piles empty).
    #[error("{team} challenge deck: {error}")]
    Deck { team: TeamSide, error: DeckError },
    /// A deck tool (return a drawn card, bring back a removed one) with nothing to act on.
    #[error("{0}")]
    DeckTool(DeckError),
    /// `number` counts from 1, as the hero list shows it; `size` is the team's.
    #[error(
        "{team} have no hero {number}: the team has {size} heroes, numbered 1 to {size} (0 to {} counted from 0 in an action)",
        .size.saturating_sub(1)
    )]
    NoSuchHero {
        team: TeamSide,
        number: usize,
        size: usize,
    },
    #[error("{} is not on this map", .faction.key_name())]
    KeyNotOnMap { faction: Faction },
    /// A count that would pass the top of what the game keeps (gold and tribute 4294967295,
    /// Boosts 255): refused, never wrapped or cut to the top, so nothing is lost.
    #[error(
        "{what}: {have} and {adding} more would pass {max}, the most the game can keep: refused, nothing changed"
    )]
    TooMany {
        what: String,
        have: u64,
        adding: u64,
        max: u64,
    },
}
