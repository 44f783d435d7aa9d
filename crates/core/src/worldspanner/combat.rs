//! Attacks as game actions (COMBAT & MELEE, p. 18; RANGED ATTACK, p. 19): who may attack in
//! which step, Dome isolation, the two draws from the attacker's deck, wounds and defeat.

use super::challenge::{Attack, ChallengeKind};
use super::error::{AttackKind, AttackRole, CombatError, RuleError};
use super::game::{Deed, Game, LastEvent};
use super::physical::Need;
use super::rounds::Step;
use super::team::{HeroRef, HeroStatus};

impl Game {
    pub(super) fn attack(
        &mut self,
        attacker: HeroRef,
        target: Option<HeroRef>,
        attack: Attack,
    ) -> Result<Vec<String>, RuleError> {
        attack.validate()?;
        let team = attacker.team;
        let melee = attack.hit.kind == ChallengeKind::MeleeHit;
        let kind = if melee {
            AttackKind::Melee
        } else {
            AttackKind::Ranged
        };
        let allowed = if melee {
            self.rounds.step == Step::Melee
        } else {
            matches!(self.rounds.step, Step::Action | Step::Reaction)
        };
        if !allowed || !self.rounds.may_act(team) {
            return Err(CombatError::WrongStep {
                kind,
                now: self.rounds,
            }
            .into());
        }
        for (role, r) in [
            (AttackRole::Attacker, Some(attacker)),
            (AttackRole::Target, target),
        ] {
            let Some(r) = r else { continue };
            let h = self.hero(r)?;
            if h.status != HeroStatus::OnMap {
                return Err(CombatError::OffTheMap {
                    role,
                    hero: h.name.clone(),
                    status: h.status,
                }
                .into());
            }
        }
        if target.is_some_and(|t| t.team == team) {
            return Err(CombatError::TargetsAlly.into());
        }
        self.check_modifiers(team, Some(attacker), target, &attack.hit)?;
        self.check_modifiers(team, Some(attacker), target, &attack.damage)?;
        self.take_action(attacker, if melee { Deed::MeleeAttack } else { Deed::Shot })?;
        // The first draw is the Hit challenge (the blue bar), the second the Damage (the face).
        let mut draws = 0;
        let outcome = attack.resolve(|| {
            draws += 1;
            self.draw(team, if draws == 1 { Need::Hit } else { Need::Face })
        })?;
        let mut lines = outcome.explain();
        if let Some(t) = target
            && outcome.wounds > 0
        {
            lines.extend(self.wound(t, outcome.wounds)?);
        }
        self.last = Some(LastEvent::Attack {
            attacker,
            target,
            outcome,
            lines: lines.clone(),
        });
        Ok(lines)
    }

    /// Wounds a hero; at wounds equal to Health the hero is defeated (DEFEAT, p. 18).
    pub(super) fn wound(&mut self, hero: HeroRef, wounds: u8) -> Result<Vec<String>, RuleError> {
        self.require_in_play(hero)?;
        let h = self.hero_mut(hero)?;
        h.wounds = h.wounds.saturating_add(wounds);
        let mut lines = vec![format!(
            "{} takes {wounds} wound(s): {} of {} Health",
            h.name, h.wounds, h.health
        )];
        if h.wounds >= h.health {
            let gold = std::mem::take(&mut h.gold);
            h.wounds = 0;
            h.boost_active = false;
            h.status = HeroStatus::Underpit;
            lines.push(format!(
                "{} is defeated and goes to the Underpit; loot stays in the space{}",
                h.name,
                if gold > 0 {
                    format!(" ({gold} gold)")
                } else {
                    String::new()
                }
            ));
            self.domes.vacate(hero);
        }
        Ok(lines)
    }
}
