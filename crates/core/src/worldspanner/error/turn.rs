//! Refusals about whose turn and which step it is, the Reinforce quota, and the end of the game
//! (ROUNDS and End of game, p. 7; RULINGS: the game locks after the Psiclones' last turn).

use crate::worldspanner::game::Deed;
use crate::worldspanner::rounds::{RoundTracker, Step};
use crate::worldspanner::team::TeamSide;

/// A move made at the wrong time.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(TurnErrorKind), derive(strum::VariantArray))]
pub enum TurnError {
    /// Ending Reinforce before a third of the team (rounded up) has come in.
    #[error(
        "{team} must still bring in {} this Reinforce (a third of the team, rounded up, each round: p. 7)",
        super::counted(.missing, "hero", "heroes")
    )]
    ReinforceUnfinished { team: TeamSide, missing: usize },
    /// The action belongs to another step or to the other team; `now` is where the game is
    /// (read as "Round 3 of 10: Psiclones, Melee" or "Game over after 10 rounds").
    #[error(
        "that belongs to {team}'s {} step; it is now {} (Rounds, p. 7)",
        .step.name(),
        .now.describe()
    )]
    WrongStep {
        team: TeamSide,
        step: Step,
        now: RoundTracker,
    },
    /// Next step after the last round's last step.
    #[error("the game is over: the Psiclones finished the last round (End of game, p. 7)")]
    LastRoundFinished,
    /// Anything but Reopen (or the odds setting) on a finished game.
    #[error(
        "the game is over after the Psiclones' last turn (End of game, p. 7): Reopen it to correct something"
    )]
    Locked,
    /// A draw after the last round, in a reopened game.
    #[error("the game is over (End of game, p. 7)")]
    GameOver,
    #[error("{hero} has already entered the map; Reinforce brings in waiting heroes")]
    AlreadyEntered { hero: String },
    #[error("{team} have brought in this round's third of the team already (Reinforce, p. 7)")]
    ReinforceQuotaMet { team: TeamSide },
    /// A hero's second action in one step: each hero takes one action in the Action step, one
    /// reaction in the Reaction step, one melee attack in Melee (p. 7), one shot with one
    /// weapon (p. 19), and challenges the adventure it stands on once.
    #[error(
        "{hero} has already {} this {} step: {} — {hero} is done until the step ends",
        .did.done(),
        .step.name(),
        .step.one_each()
    )]
    AlreadyActed { hero: String, step: Step, did: Deed },
    /// `next-step` again while the Action step's surround question waits.
    #[error(
        "{question} Answer first: `tablemate answer ID 1` (yes: end the step) or 2 (no: they move out)"
    )]
    AnswerSurroundedFirst { question: String },
    #[error(
        "the question has two answers: 1 (yes, surrounded: end the step) or 2 (no: they move out); {option} is not one"
    )]
    NoSuchSurroundAnswer { option: usize },
    #[error("the game is not over: nothing to reopen")]
    NotOver,
    #[error("the game is already reopened")]
    AlreadyReopened,
}
