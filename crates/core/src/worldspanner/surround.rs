//! The end of an Action step with heroes still in a Dome (MOVE & SLIP AWAY, Must leave a Dome,
//! p. 9): a hero in a Dome must use its Move action to leave, unless enemies surround the Dome
//! and it can take no action at all. The app does not see the map, so ending the step asks
//! the team whether they were surrounded; `tablemate answer ID 1` (yes) ends the step, `2` (no)
//! leaves the step open for the heroes to move out.

use super::error::{RuleError, TurnError};
use super::game::Game;
use super::rounds::Step;
use super::team::{HeroRef, HeroStatus};

/// The two answers, in the order `answer` numbers them.
pub const SURROUND_ANSWERS: [&str; 2] = [
    "Yes: they were surrounded, they stay in; end the Action step",
    "No: they move out first",
];

impl Game {
    /// The active team's heroes in a Dome that have taken no action this Action step.
    pub fn still_in_domes(&self) -> Vec<HeroRef> {
        if self.rounds.step != Step::Action {
            return Vec::new();
        }
        let team = self.rounds.active;
        self.team(team)
            .heroes
            .iter()
            .enumerate()
            .filter(|(_, h)| matches!(h.status, HeroStatus::InDome { .. }))
            .map(|(hero, _)| HeroRef { team, hero })
            .filter(|r| !self.acted.iter().any(|d| d.hero == *r))
            .collect()
    }

    /// The question while it waits: "Rizzik and Vera are still in a Dome. ..."; `None` when
    /// nothing is asked.
    pub fn surround_question(&self) -> Option<String> {
        if self.surrounded_asked.is_empty() {
            return None;
        }
        let names: Vec<String> = self
            .surrounded_asked
            .iter()
            .map(|r| self.name(*r))
            .collect();
        let are = if names.len() == 1 { "is" } else { "are" };
        Some(format!(
            "{} {are} still in a Dome: a hero in a Dome must move out in its Action step \
             unless enemies surround the Dome (Move & slip away, Must leave a Dome, p. 9). \
             Surrounded?",
            and_list(&names)
        ))
    }

    /// The question and how to answer it, as `next-step` prints it.
    fn surround_lines(&self) -> Vec<String> {
        let mut lines: Vec<String> = self.surround_question().into_iter().collect();
        for (i, a) in SURROUND_ANSWERS.iter().enumerate() {
            lines.push(format!("{}. {a}", i + 1));
        }
        lines.push(
            "answer with `tablemate answer ID N` ({\"action\": \"answer\", \"option\": N})".into(),
        );
        lines
    }

    /// Ending the Action step with heroes still in a Dome asks first; `Some` is the question.
    /// With the question already open, `next-step` is refused until it is answered.
    pub(super) fn ask_surrounded(&mut self) -> Result<Option<Vec<String>>, RuleError> {
        if !self.surrounded_asked.is_empty() {
            return Err(TurnError::AnswerSurroundedFirst {
                question: self.surround_question().unwrap_or_default(),
            }
            .into());
        }
        let inside = self.still_in_domes();
        if inside.is_empty() {
            return Ok(None);
        }
        self.surrounded_asked = inside;
        Ok(Some(self.surround_lines()))
    }

    /// Answers the surround question: 1 ends the step, 2 leaves it open.
    pub(super) fn answer_surrounded(&mut self, option: usize) -> Result<Vec<String>, RuleError> {
        let names: Vec<String> = self
            .surrounded_asked
            .iter()
            .map(|r| self.name(*r))
            .collect();
        let names = and_list(&names);
        match option {
            1 => {
                self.surrounded_asked.clear();
                let mut lines = vec![format!(
                    "{names}: surrounded, so no action this step (Must leave a Dome, p. 9)"
                )];
                lines.extend(self.advance_step()?);
                Ok(lines)
            }
            2 => {
                self.surrounded_asked.clear();
                Ok(vec![format!(
                    "{names} must move out of the Dome first: Leave Dome (leave-dome) for each, \
                     then end the step"
                )])
            }
            _ => Err(TurnError::NoSuchSurroundAnswer { option }.into()),
        }
    }
}

/// "Rizzik", "Rizzik and Vera", "Rizzik, Vera and Lazar".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}
