//! A hero's own action in a step (ROUNDS, p. 7): coming in during Reinforce, a dismissal or a
//! banishment begun, the Move out of a Dome or on the map in the Action step (recorded for the
//! Reaction step, p. 19), passing its turn in the melee order (p. 18), and a plain challenge
//! drawn from the team's deck.

use super::challenge::{Challenge, ChallengeKind};
use super::error::{ChallengeError, CombatError, DomeError, HeroError, RuleError, TurnError};
use super::game::{Deed, Game, LastEvent, Reason, Removal};
use super::physical::Need;
use super::rounds::Step;
use super::team::{HeroRef, HeroStatus, TeamSide};

impl Game {
    /// Brings a waiting hero in by dismissal during Reinforce, up to a third of the team
    /// (rounded up) each round (p. 7).
    pub(super) fn reinforce(&mut self, hero: HeroRef) -> Result<Vec<String>, RuleError> {
        self.require_step(Step::Reinforce, hero.team)?;
        if self.hero(hero)?.status != HeroStatus::Waiting {
            return Err(TurnError::AlreadyEntered {
                hero: self.name(hero),
            }
            .into());
        }
        if self.entered(hero.team) >= self.reinforce_target() {
            return Err(TurnError::ReinforceQuotaMet { team: hero.team }.into());
        }
        self.begin_removal(hero, Removal::Dismiss, Reason::Reinforce)
    }

    /// Dismisses (own team draws) or banishes (the enemy draws) a hero in play (p. 7).
    pub(super) fn remove(&mut self, hero: HeroRef, how: Removal) -> Result<Vec<String>, RuleError> {
        self.require_in_play(hero)?;
        self.begin_removal(hero, how, Reason::Other)
    }

    /// Answers the open question: whether heroes in a Dome were surrounded, or else which
    /// free Dome the hero being placed takes (`option`, 1-based, in the question's order).
    pub(super) fn answer(&mut self, option: usize) -> Result<Vec<String>, RuleError> {
        if !self.surrounded_asked.is_empty() {
            return self.answer_surrounded(option);
        }
        let p = self.pending.as_ref().ok_or(DomeError::NobodyWaiting)?;
        if p.awaiting_card {
            return Err(DomeError::RangeFirst { team: p.chooser }.into());
        }
        let free = self.free_domes(&p.candidates);
        let slot = option
            .checked_sub(1)
            .and_then(|i| free.get(i))
            .copied()
            .ok_or(DomeError::NoSuchAnswer {
                option,
                count: free.len(),
            })?;
        self.place(Some(slot))
    }

    /// The hero's Move action out of its Dome (p. 9).
    pub(super) fn leave_dome(&mut self, hero: HeroRef) -> Result<Vec<String>, RuleError> {
        self.require_step(Step::Action, hero.team)?;
        if !matches!(self.hero(hero)?.status, HeroStatus::InDome { .. }) {
            return Err(HeroError::NotInDome {
                hero: self.name(hero),
            }
            .into());
        }
        self.take_action(hero, Deed::LeftDome)?;
        self.domes.vacate(hero);
        self.hero_mut(hero)?.status = HeroStatus::OnMap;
        Ok(vec![format!("{} moves out of the Dome", self.name(hero))])
    }

    /// The hero's Move (or Slip Away) on the map: its one action, recorded so the Reaction
    /// step knows it left its space (p. 9, p. 19).
    pub(super) fn move_on_map(&mut self, hero: HeroRef) -> Result<Vec<String>, RuleError> {
        self.require_step(Step::Action, hero.team)?;
        let h = self.hero(hero)?;
        match h.status {
            HeroStatus::OnMap => {}
            HeroStatus::InDome { .. } => {
                return Err(HeroError::MoveOutOfDome {
                    hero: h.name.clone(),
                }
                .into());
            }
            status => {
                return Err(HeroError::NotInPlay {
                    hero: h.name.clone(),
                    status,
                }
                .into());
            }
        }
        self.take_action(hero, Deed::Moved)?;
        Ok(vec![format!(
            "{} moves: a Reaction shot may target it in any space it moved into (p. 19)",
            self.name(hero)
        )])
    }

    /// The hero makes no melee attack this step: the next in the order of Wits goes (p. 18).
    pub(super) fn pass_melee(&mut self, hero: HeroRef) -> Result<Vec<String>, RuleError> {
        if self.rounds.step != Step::Melee || self.hero(hero)?.status != HeroStatus::OnMap {
            return Err(CombatError::NoMeleeToPass {
                hero: self.name(hero),
            }
            .into());
        }
        self.take_action(hero, Deed::PassedMelee)?;
        Ok(vec![format!(
            "{} makes no melee attack this step: the next in the order of Wits goes",
            self.name(hero)
        )])
    }

    /// Any challenge drawn from `team`'s deck, for `hero` when one is named (its card's
    /// ratings apply), read and kept for the challenge panel.
    pub(super) fn draw_challenge(
        &mut self,
        team: TeamSide,
        hero: Option<HeroRef>,
        challenge: Challenge,
    ) -> Result<Vec<String>, RuleError> {
        if let Some(h) = hero {
            if h.team != team {
                return Err(ChallengeError::OtherTeamsDeck.into());
            }
            self.require_in_play(h)?;
            self.challenge_from_card(h, &challenge)?;
        }
        self.check_modifiers(team, hero, None, &challenge)?;
        let need = match challenge.kind {
            ChallengeKind::MeleeHit | ChallengeKind::RangedHit => Need::Hit,
            _ => Need::Face,
        };
        let card = self.draw_at(team, need, Some(challenge.difference()))?;
        let outcome = challenge.read(&card)?;
        let lines = outcome.explain();
        self.last = Some(LastEvent::Challenge {
            team,
            hero,
            outcome,
            lines: lines.clone(),
        });
        Ok(lines)
    }
}
