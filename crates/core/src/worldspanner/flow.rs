//! Turn flow and the checks every action shares: ending a step (with the Reinforce quota and
//! the Boost expiry at the start of a team's Free step), whose step it is, whether a hero is in
//! the arena, modifiers that depend on the game, and drawing from a team's own deck.

use super::card::ChallengeCard;
use super::challenge::{Challenge, Modifier};
use super::error::{ChallengeError, HeroError, PhysicalError, RuleError, TurnError};
use super::game::{ActionDeed, Deed, Game, StepDeed};
use super::physical::Need;
use super::rounds::{Advanced, Step};
use super::team::{HeroRef, TeamSide};

impl Game {
    pub(super) fn next_step(&mut self) -> Result<Vec<String>, RuleError> {
        let active = self.rounds.active;
        if self.rounds.step == Step::Reinforce {
            let missing = self.reinforce_target().saturating_sub(self.entered(active));
            if missing > 0 {
                return Err(TurnError::ReinforceUnfinished {
                    team: active,
                    missing,
                }
                .into());
            }
        }
        if let Some(question) = self.ask_surrounded()? {
            return Ok(question);
        }
        self.advance_step()
    }

    /// Ends the step (the checks and the question done): the next step, turn or round.
    pub(super) fn advance_step(&mut self) -> Result<Vec<String>, RuleError> {
        let advanced = self.rounds.advance()?;
        // A new step: every hero has its one action again (Rounds, p. 7); the melee attacks
        // and the adventure spaces taken were this step's only.
        self.acted.clear();
        self.blows.clear();
        self.adventured.clear();
        // Who moved in the Action step counts for the Reaction step's shots only (p. 19).
        if self.rounds.step != Step::Reaction {
            self.action_step.clear();
        }
        let starts_free = match advanced {
            Advanced::Turn(team, Step::Free) => Some(team),
            Advanced::Round(_) => Some(TeamSide::Skyhawks),
            _ => None,
        };
        if let Some(team) = starts_free {
            // A Boost lasts until the start of the team's next Free step (p. 23).
            for h in &mut self.team_mut(team).heroes {
                h.boost_active = false;
            }
        }
        let mut lines = vec![self.rounds.describe()];
        if advanced == Advanced::GameOver {
            lines.extend(self.glory().lines);
        } else {
            lines.push(self.rounds.step.reminder().to_string());
        }
        Ok(lines)
    }

    pub(super) fn require_step(&self, step: Step, team: TeamSide) -> Result<(), RuleError> {
        if self.rounds.step != step || !self.rounds.may_act(team) {
            return Err(TurnError::WrongStep {
                team,
                step,
                now: self.rounds,
            }
            .into());
        }
        Ok(())
    }

    /// Records `hero`'s one action of this step, refusing a second (Rounds, p. 7; Ranged
    /// attack, p. 19).
    pub(super) fn take_action(&mut self, hero: HeroRef, deed: Deed) -> Result<(), RuleError> {
        if let Some(first) = self.first_deed(hero) {
            return Err(TurnError::AlreadyActed {
                hero: self.name(hero),
                step: self.rounds.step,
                did: first.deed,
            }
            .into());
        }
        self.acted.push(StepDeed { hero, deed });
        if self.rounds.step == Step::Action {
            let from_dome = match deed {
                Deed::LeftDome => self.domes.find(hero),
                _ => None,
            };
            self.action_step.push(ActionDeed {
                hero,
                deed,
                from_dome,
            });
        }
        Ok(())
    }

    /// What `hero` has already done in this step, if anything (its one action, p. 7).
    fn first_deed(&self, hero: HeroRef) -> Option<&StepDeed> {
        self.acted.iter().find(|d| d.hero == hero)
    }

    /// Whether `hero` may take its one action of the step now, the step being one of `steps`:
    /// nothing waits for a Dome, the game is not over, it is a step `hero`'s team acts in,
    /// `hero` has not acted in it yet and is on the map (Rounds, p. 7). The same checks the
    /// actions make (`apply`, `require_step`, `take_action`), each of which refuses with its
    /// own reason; a screen or a phone asks this to offer an attack or a paid adventure.
    pub fn free_to_act(&self, hero: HeroRef, steps: &[Step]) -> bool {
        self.pending.is_none()
            && !self.locked()
            && steps
                .iter()
                .any(|&step| self.require_step(step, hero.team).is_ok())
            && self.first_deed(hero).is_none()
            && self
                .hero(hero)
                .is_ok_and(|h| h.status == super::team::HeroStatus::OnMap)
    }

    pub(super) fn require_in_play(&self, hero: HeroRef) -> Result<(), RuleError> {
        let h = self.hero(hero)?;
        if !h.status.in_play() {
            return Err(HeroError::NotInPlay {
                hero: h.name.clone(),
                status: h.status,
            }
            .into());
        }
        Ok(())
    }

    /// Draws from `team`'s own deck. A physical deck takes the next card read at the table
    /// (which must say what `need` reads) and still moves one card from the draw pile to the
    /// discard pile, so the counts stay true and the table hears when to reshuffle.
    pub(super) fn draw(&mut self, team: TeamSide, need: Need) -> Result<ChallengeCard, RuleError> {
        self.draw_at(team, need, None)
    }

    /// `draw` for a challenge that reads `row` on the card: a physical deck's refusal names it.
    pub(super) fn draw_at(
        &mut self,
        team: TeamSide,
        need: Need,
        row: Option<super::card::Difference>,
    ) -> Result<ChallengeCard, RuleError> {
        let digital = self
            .team_mut(team)
            .deck
            .draw_to_discard()
            .map_err(|error| RuleError::Deck { team, error })?;
        if !self.team(team).physical {
            return Ok(digital);
        }
        let reading =
            self.readings
                .pop_front()
                .ok_or(PhysicalError::NotRead { team, need, row })?;
        reading.check(need)?;
        if self.team(team).deck.draw_len() == 0 {
            self.notes.push(format!(
                "{team}: that was the last card of the draw pile: shuffle the discard pile now \
                 to make a new draw pile (36 cards)"
            ));
        }
        Ok(reading.card()?)
    }

    /// Checks modifiers that depend on the game: a Boost must be in use, Lith's Favor held.
    pub(super) fn check_modifiers(
        &self,
        team: TeamSide,
        hero: Option<HeroRef>,
        target: Option<HeroRef>,
        c: &Challenge,
    ) -> Result<(), RuleError> {
        c.validate()?;
        for m in &c.modifiers {
            match m {
                Modifier::Boost {} => {
                    if let Some(h) = hero
                        && !self.hero(h)?.boost_active
                    {
                        return Err(ChallengeError::NoBoostInUse { hero: self.name(h) }.into());
                    }
                }
                Modifier::TargetBoost {} => {
                    if let Some(t) = target
                        && !self.hero(t)?.boost_active
                    {
                        return Err(
                            ChallengeError::TargetNoBoostInUse { hero: self.name(t) }.into()
                        );
                    }
                }
                Modifier::LithsFavor { favor } if self.lith.favor(team) != Some(*favor) => {
                    return Err(ChallengeError::LithFavorNotHeld {
                        team,
                        tribute: self.lith.of(team),
                    }
                    .into());
                }
                Modifier::FavorTile { .. }
                    if !self.keys.iter().any(|k| k.favor(team).is_some()) =>
                {
                    return Err(ChallengeError::NoFavorTile { team }.into());
                }
                _ => {}
            }
        }
        Ok(())
    }
}
