//! Refusals about cards drawn at the table: what a reading must say, how many readings an
//! action takes, and switching a deck while a range is awaited.

use crate::worldspanner::card::Difference;
use crate::worldspanner::physical::Need;
use crate::worldspanner::team::TeamSide;

/// Cards read at the table that do not fit the draws.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(PhysicalErrorKind), derive(strum::VariantArray))]
pub enum PhysicalError {
    #[error("{extra} more {} read than the rules drew", super::noun(.extra, "card", "cards"))]
    TooManyRead { extra: usize },
    /// `row`: the row the rules read on the card, when the draw is a challenge's (the app
    /// names it before asking for the face or the Hit bar).
    #[error(
        "the {team} deck is physical: draw a card and {}; send the action inside {{\"action\": \"read\", \"cards\": [{}], \"then\": ...}}",
        .need.ask_at(*.row),
        .need.example()
    )]
    NotRead {
        team: TeamSide,
        need: Need,
        row: Option<Difference>,
    },
    #[error("the card read at the table does not say what is needed: {}", .need.ask())]
    ReadingLacks { need: Need },
    #[error("read all the cards in one list")]
    NestedRead,
    #[error("no card was read")]
    NothingRead,
    #[error("first say the Dome range of the card drawn for the waiting dismissal")]
    RangeBeforeDeckMode,
}
