//! The round and step tracker (ROUNDS, p. 7): each round is a Skyhawks turn then a Psiclones
//! turn, each turn the steps Free, Action, Reaction, Melee, Adventure, Reinforce. Round 1 is
//! Reinforce only. The game ends when the Psiclones finish the last round.

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::error::{RuleError, TurnError};
use super::team::{GameLength, TeamSide};
use crate::doc::Invalid;

#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, VariantArray,
)]
#[serde(rename_all = "lowercase")]
pub enum Step {
    Free,
    Action,
    Reaction,
    Melee,
    Adventure,
    Reinforce,
}

/// Who acts in a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Actors {
    Active,
    Inactive,
    Both,
}

impl Step {
    /// The steps of a turn, in play order as declared; `next` walks them.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn name(self) -> &'static str {
        match self {
            Step::Free => "Free",
            Step::Action => "Action",
            Step::Reaction => "Reaction",
            Step::Melee => "Melee",
            Step::Adventure => "Adventure",
            Step::Reinforce => "Reinforce",
        }
    }

    /// Who may act (Reaction is the inactive team's, Melee both teams').
    pub fn actors(self) -> Actors {
        match self {
            Step::Reaction => Actors::Inactive,
            Step::Melee => Actors::Both,
            _ => Actors::Active,
        }
    }

    /// A short reminder of what the step allows.
    pub fn reminder(self) -> &'static str {
        match self {
            Step::Free => {
                "active team: trade and pick up loot (no enemy adjacent), use Free abilities, flip a Boost"
            }
            Step::Action => {
                "each active hero: move, slip away, shoot or unleash a minion; heroes in a Dome must move out unless enemies surround it"
            }
            Step::Reaction => "each inactive hero may shoot or use a Reaction ability",
            Step::Melee => {
                "every hero of both teams may attack one adjacent enemy, highest Wits first (ties: active team)"
            }
            Step::Adventure => {
                "active heroes on adventure spaces may challenge them; a Quest card stays face up until beaten; the Underworld holds three"
            }
            Step::Reinforce => {
                "active team brings in a third of its heroes, rounded up, by dismissal"
            }
        }
    }

    /// The book's limit of one per hero in this step, with its page.
    pub fn one_each(self) -> &'static str {
        match self {
            Step::Free => "Free abilities are used as their cards say (Rounds, p. 7)",
            Step::Action => {
                "each hero on the active team takes one action (Action step, p. 7; one shot with \
                 one weapon, Ranged attack, p. 19)"
            }
            Step::Reaction => {
                "each hero on the inactive team takes one reaction (Reaction step, p. 7; one shot \
                 with one weapon, Ranged attack, p. 19)"
            }
            Step::Melee => {
                "each hero of both teams makes one melee attack (Melee step, p. 7; Combat, p. 18)"
            }
            Step::Adventure => {
                "each active hero on an adventure space may challenge that adventure (Adventure \
                 step, p. 7)"
            }
            Step::Reinforce => "each hero enters once (Reinforce step, p. 7)",
        }
    }

    fn next(self) -> Option<Step> {
        let i = Step::ALL.iter().position(|s| *s == self)?;
        Step::ALL.get(i + 1).copied()
    }
}

/// Where the game is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundTracker {
    pub length: GameLength,
    pub round: u8,
    pub active: TeamSide,
    pub step: Step,
    pub finished: bool,
}

/// What moving on did, for the history label and the Free-step Boost expiry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advanced {
    Step(Step),
    /// The other team's turn starts (its first step given).
    Turn(TeamSide, Step),
    /// A new round starts with the Skyhawks' Free step.
    Round(u8),
    /// The Psiclones finished the last round.
    GameOver,
}

impl RoundTracker {
    /// Round 1, Skyhawks, Reinforce: the only step of round 1.
    pub fn new(length: GameLength) -> RoundTracker {
        RoundTracker {
            length,
            round: 1,
            active: TeamSide::Skyhawks,
            step: Step::Reinforce,
            finished: false,
        }
    }

    pub fn inactive(&self) -> TeamSide {
        self.active.other()
    }

    /// Is `team` allowed to act in the current step?
    pub fn may_act(&self, team: TeamSide) -> bool {
        !self.finished
            && match self.step.actors() {
                Actors::Active => team == self.active,
                Actors::Inactive => team != self.active,
                Actors::Both => true,
            }
    }

    /// The steps of the current turn (just Reinforce in round 1).
    pub fn steps_this_turn(&self) -> &'static [Step] {
        if self.round == 1 {
            &[Step::Reinforce]
        } else {
            Step::ALL
        }
    }

    /// Moves to the next step, turn or round.
    pub fn advance(&mut self) -> Result<Advanced, RuleError> {
        if self.finished {
            return Err(TurnError::LastRoundFinished.into());
        }
        if let Some(next) = self.step.next() {
            self.step = next;
            return Ok(Advanced::Step(next));
        }
        match self.active {
            TeamSide::Skyhawks => {
                self.active = TeamSide::Psiclones;
                self.step = self.steps_this_turn()[0];
                Ok(Advanced::Turn(TeamSide::Psiclones, self.step))
            }
            TeamSide::Psiclones if self.round >= self.length.rounds() => {
                self.finished = true;
                Ok(Advanced::GameOver)
            }
            TeamSide::Psiclones => {
                self.round += 1;
                self.active = TeamSide::Skyhawks;
                self.step = Step::Free;
                Ok(Advanced::Round(self.round))
            }
        }
    }

    /// "Round 3 of 10: Psiclones, Melee".
    pub fn describe(&self) -> String {
        if self.finished {
            return format!("Game over after {} rounds", self.length.rounds());
        }
        format!(
            "Round {} of {}: {}, {}",
            self.round,
            self.length.rounds(),
            self.active,
            self.step.name()
        )
    }

    /// Rejects a round or step no game reaches; `at` is relative to the tracker (the game
    /// puts it `within("rounds")`).
    pub fn validate(&self) -> Result<(), Invalid> {
        if self.round == 0 || self.round > self.length.rounds() {
            return Err(Invalid::new(
                "round",
                format!("{} is outside 1 to {}", self.round, self.length.rounds()),
            ));
        }
        if self.round == 1 && self.step != Step::Reinforce {
            return Err(Invalid::new("step", "round 1 has only the Reinforce step"));
        }
        Ok(())
    }
}
