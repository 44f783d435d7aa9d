//! Worldspanner Factions: challenge cards and each team's challenge deck, challenge resolution
//! and its odds, the Dome tracker with dismissal and banishment, teams and heroes, the round
//! and step tracker, victory bookkeeping and the glory count. Plain Rust: no iced, no file I/O.
//!
//! Files: `card` (a challenge card and its types), `deckfile` (deck files, the deck editor),
//! `values` (the numbers on a card), `physical` (cards read at the table), `modifier`, `challenge` (resolution, attacks), `odds`, `domes`, `team`, `rounds`,
//! `victory`, `adventure`, `game` (the saved state), `play` (actions), `error` (the refusals,
//! one file per group under `error/`).

pub mod adventure;
pub mod card;
pub mod challenge;
pub mod cites;
mod combat;
pub mod deckcheck;
pub mod deckfile;
mod dismissal;
pub mod domes;
pub mod error;
mod flow;
pub mod from_card;
pub mod game;
mod glory_board;
mod hand;
mod labels;
pub mod library;
pub mod loot;
pub mod modifier;
mod moves;
pub mod odds;
pub mod paid;
pub mod physical;
pub mod play;
pub mod rounds;
pub mod sample;
mod seats;
pub mod surround;
pub mod team;
mod team_deck;
#[cfg(test)]
mod tests_round;
#[cfg(test)]
mod tests_table;
#[cfg(test)]
mod tests_words;
mod validate;
pub mod values;
pub mod victory;
pub mod view;

pub use adventure::Adventure;
pub use card::{AiSymbol, ChallengeCard, Difference, DomeNumber, DomeRange, Face, Luck};
pub use challenge::{
    AdventureResult, Attack, AttackOutcome, Challenge, ChallengeKind, ChallengeOutcome, LithFavor,
    Modifier, wounds_caused,
};
pub use deckfile::{DECK_SIZE, DeckEditor, DeckFile, Progress};
pub use domes::{Because, Candidate, DomeMap, DomeSlot, Slot};
pub use error::{
    AdventureError, AttackKind, AttackRole, CardError, ChallengeError, CombatError, DomeError,
    HeroCardError, HeroError, PhysicalError, RuleError, SetupError, SightBlock, TurnError,
};
pub use game::{
    ActionDeed, AdventuredFrom, Blow, Deed, Game, LastEvent, Pending, Place, Placed, Reason,
    Removal, Setup, StepDeed, TeamState,
};
pub use library::{AttackRatings, HeroCard, HeroChallenge, HeroLibrary, Skill};
pub use loot::Loot;
pub use odds::{Odds, OddsOver};
pub use paid::{PaidAdventure, PaidKind};
pub use physical::{Need, Reading};
pub use play::Action;
pub use rounds::{RoundTracker, Step};
pub use team::{GameLength, Hero, HeroEntry, HeroRef, HeroStatus, MapDesign, TeamSide};
pub use victory::{Faction, FactionKey, GloryReport, LithTribute};

use crate::doc::{Acted, GameDoc, Kind, Playable};

/// What the store saves for this game.
pub type SaveData = Game;

impl crate::history::SetAside for Game {}
impl GameDoc for Game {
    const KIND: Kind = Kind::Worldspanner;

    fn summary(&self) -> String {
        let g = self.glory();
        format!(
            "Worldspanner Factions: {}; glory if it ended now Skyhawks {}, Psiclones {}",
            self.rounds.describe(),
            g.glory[0],
            g.glory[1]
        )
    }

    fn validate(&self) -> Result<(), crate::doc::Invalid> {
        Game::validate(self)
    }
}

impl Playable for Game {
    type Action = Action;
    type Refusal = RuleError;

    fn act(&mut self, action: Action) -> Result<Acted, RuleError> {
        let label = action.label(self);
        let lines = self.apply(action)?;
        Ok(Acted::new(label, lines))
    }

    /// The step's reminder while the game runs.
    fn reminders(&self) -> Vec<crate::rules::Reminder> {
        if self.locked() || self.rounds.finished {
            return Vec::new();
        }
        vec![self.rounds.step.reminding()]
    }
}

/// The data files this game owns (the games table finds a file's owner here).
pub const DATA_KINDS: &[crate::datafile::DataKind] = &[
    crate::datafile::DataKind {
        name: deckfile::DATA_KIND,
        check: DeckFile::check_text,
    },
    crate::datafile::DataKind {
        name: library::DATA_KIND,
        check: HeroLibrary::check_text,
    },
];
