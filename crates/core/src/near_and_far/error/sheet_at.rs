//! Where a refusal points: the ledger entry on a card that breaks a sheet rule, and how a
//! score sheet differs from the session it was meant for.

use std::fmt;

use crate::near_and_far::code::MapNumber;
use crate::near_and_far::scoring::Town;

/// Where on a card a sheet rule is broken: "Rin's ledger entry 4 (bought talent Fishing for
/// 2 experience)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryAt {
    pub character: String,
    pub entry: u32,
    /// The entry as the ledger view describes it.
    pub what: String,
}

impl fmt::Display for EntryAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}'s ledger entry {} ({})",
            self.character, self.entry, self.what
        )
    }
}

/// How a score sheet differs from the session it is meant for (RULINGS: a score sheet is never
/// written onto the wrong map).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SheetDiff {
    Map {
        sheet: MapNumber,
        session: MapNumber,
    },
    Town {
        sheet: Town,
        session: Town,
    },
    LongGame {
        sheet: bool,
        campaign: bool,
    },
}

impl fmt::Display for SheetDiff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SheetDiff::Map { sheet, session } => {
                write!(
                    f,
                    "map: the sheet says {sheet}, the session is on {session}"
                )
            }
            SheetDiff::Town { sheet, session } => write!(
                f,
                "town: the sheet says the {sheet:?} side, the session uses the {session:?} side"
            ),
            SheetDiff::LongGame { sheet, campaign } => write!(
                f,
                "long_game: the sheet says {sheet}, the campaign says {campaign}"
            ),
        }
    }
}
