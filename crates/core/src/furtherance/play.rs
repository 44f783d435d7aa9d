//! A Furtherance game as a `Playable` (docs/architecture.md, "Changes are values"): every change is an
//! `Action` applied through `Saved::act`, from the screen and from `tablemate act` alike. Here
//! live the two actions that drive the resolution machine, `next` (one step) and `answer`
//! (options counted from 1, as listed), and the labels and lines `act` reports.

use super::agenda::{Resume, Task};
use super::error::RuleError;
use super::player::Action;
use super::square::Square;
use super::state::{Game, Phase, UnitId};
use super::step::Step;
use crate::doc::{Acted, Playable};

impl Game {
    /// One step of the work in hand; a waiting question must be answered first.
    pub(crate) fn next_step(&mut self) -> Result<Vec<Step>, RuleError> {
        if let Some(p) = &self.pending {
            return Err(RuleError::AnswerFirst(p.question.clone()));
        }
        if let Some(o) = self.outcome {
            return Err(RuleError::GameOver(format!("{o:?}").to_lowercase()));
        }
        let was_resolving = self.is_resolving();
        match self.advance() {
            Ok(step) => Ok(vec![step]),
            // The rest of a fight was bookkeeping with nothing to show: it is done, and that
            // is a step forward, not a refusal (the state changed).
            Err(RuleError::NothingToResolve) if was_resolving => Ok(Vec::new()),
            Err(e) => Err(e),
        }
    }

    /// Answers with option `option` counted from 1; during your turn the fight then resolves
    /// up to its end or the next question, as after any action of yours.
    pub(crate) fn answer_listed(&mut self, option: usize) -> Result<Vec<Step>, RuleError> {
        let count = self
            .pending
            .as_ref()
            .ok_or(RuleError::NoQuestion)?
            .options
            .len();
        if option == 0 || option > count {
            return Err(RuleError::NoSuchAnswer { option, count });
        }
        self.answer(option - 1)?;
        let mut steps = Vec::new();
        if self.phase == Phase::Player {
            steps = self.run_until_choice();
        }
        self.check_outcome();
        Ok(steps)
    }
}

impl Game {
    /// Where each option of the waiting question stands on the board (a unit's square),
    /// index for index with the options; `None` for options that are not a unit (your castle
    /// takes the damage, a card drawn). Empty when nothing is asked.
    pub fn question_squares(&self) -> Vec<Option<Square>> {
        let Some(p) = &self.pending else {
            return Vec::new();
        };
        let at = |id: &UnitId| self.unit(*id).map(|u| u.square);
        let mut squares: Vec<Option<Square>> = match &p.resume {
            Resume::MoveFirst { candidates, .. } | Resume::Target { candidates, .. } => {
                candidates.iter().map(at).collect()
            }
            Resume::Guard { strike, candidates } => std::iter::once(at(&strike.target))
                .chain(candidates.iter().map(at))
                .collect(),
            Resume::Protector { task, candidates } => {
                let victim = match &**task {
                    Task::Strike(s) => {
                        let target_is_mine = self
                            .unit(s.target)
                            .is_some_and(|u| u.owner == super::square::Seat::Player);
                        if target_is_mine { s.target } else { s.attacker }
                    }
                    Task::HitEnemyCastle { attacker, .. } => *attacker,
                    _ => UnitId(0),
                };
                std::iter::once(at(&victim))
                    .chain(candidates.iter().map(at))
                    .collect()
            }
            Resume::CastleDefence { defenders, .. } => defenders.iter().map(at).collect(),
            Resume::ResearchTie { .. }
            | Resume::DrawnCard { .. }
            | Resume::Research { .. }
            | Resume::Upgrade { .. }
            | Resume::Rescue { .. }
            | Resume::Cloak { .. }
            | Resume::SixthItem { .. } => Vec::new(),
            Resume::AfterAttack { unit, .. } => vec![at(unit)],
        };
        squares.resize(p.options.len(), None);
        squares
    }
}

impl Playable for Game {
    type Action = Action;
    type Refusal = RuleError;

    /// Applies `action`. `end-turn` and an answer given during the enemies' turn run the
    /// enemy turn on until your next turn, a question or the end of the game, so a script
    /// plays a whole round with one call. The label is what a player reads in the history:
    /// the step itself for `next` and your own actions, "End of your turn (round N)" and
    /// "You chose: …" for the others.
    fn act(&mut self, action: Action) -> Result<Acted, RuleError> {
        self.act_paced(action, true)
    }

    /// `end-turn` and an answer stop after their own step: the screen shows the enemies' turn
    /// one step (one history entry) at a time, through `next`.
    fn act_one_step(&mut self, action: Action) -> Result<Acted, RuleError> {
        self.act_paced(action, false)
    }
}

impl Game {
    /// `act`, running the enemies' turn on after `end-turn` or an answer when `run_on`.
    fn act_paced(&mut self, action: Action, run_on: bool) -> Result<Acted, RuleError> {
        let label = self.label(&action);
        let runs_on = matches!(action, Action::EndTurn {} | Action::Answer { .. });
        let keeps_label = runs_on;
        let mut steps = self.apply(action)?;
        if run_on && runs_on && self.phase == Phase::Enemy && self.pending.is_none() {
            steps.extend(self.run_until_choice());
        }
        let label = match steps.first() {
            Some(first) if !keeps_label => first.text(),
            _ => label,
        };
        Ok(Acted::new(label, steps.iter().map(Step::text).collect()))
    }
}
