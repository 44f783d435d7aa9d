//! Attacks as game actions (COMBAT & MELEE, p. 18; RANGED ATTACK, p. 19): who may attack in
//! which step, Dome isolation, the two draws from the attacker's deck, wounds and defeat.

use super::challenge::{Attack, ChallengeKind};
use super::error::{AttackKind, AttackRole, CombatError, RuleError};
use super::game::{Blow, Deed, Game, LastEvent};
use super::library::Skill;
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
        if melee {
            self.not_defeated_before_its_turn(attacker)?;
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
        let mut attack = attack;
        let from_cards = self.attack_from_cards(attacker, target, &mut attack)?;
        self.check_modifiers(team, Some(attacker), target, &attack.hit)?;
        self.check_modifiers(team, Some(attacker), target, &attack.damage)?;
        if let Some(t) = target {
            if melee {
                self.in_order_of_wits(attacker, t)?;
            } else if self.rounds.step == Step::Reaction {
                self.moved_in_its_action_step(t)?;
            }
        }
        self.take_action(attacker, if melee { Deed::MeleeAttack } else { Deed::Shot })?;
        if melee && let Some(target) = target {
            self.blows.push(Blow { attacker, target });
        }
        // The first draw is the Hit challenge (the blue bar), the second the Damage (the face).
        let mut draws = 0;
        let (hit_row, damage_row) = (attack.hit.difference(), attack.damage.difference());
        let outcome = attack.resolve(|| {
            draws += 1;
            if draws == 1 {
                self.draw_at(team, Need::Hit, Some(hit_row))
            } else {
                self.draw_at(team, Need::Face, Some(damage_row))
            }
        })?;
        let mut lines = from_cards;
        lines.extend(outcome.explain());
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

    /// A hero that fell to an earlier blow of this Melee step lost its turn (p. 18).
    fn not_defeated_before_its_turn(&self, attacker: HeroRef) -> Result<(), RuleError> {
        if self.hero(attacker)?.defeated()
            && let Some(b) = self.blows.iter().rev().find(|b| b.target == attacker)
        {
            return Err(CombatError::DefeatedBeforeItsTurn {
                hero: self.name(attacker),
                by: self.name(b.attacker),
            }
            .into());
        }
        Ok(())
    }

    /// Where `hero` stands in the order of Wits (COMBAT, Resolving melee, p. 18): its Wits and
    /// whether it goes before `other` (higher Wits, or the same and of the active team).
    /// `None` when either has no card (its Wits is unknown).
    fn goes_before(&self, hero: HeroRef, other: HeroRef) -> Option<(u8, bool)> {
        let wits = self.card(hero)?.rating(Skill::Wits);
        let theirs = self.card(other)?.rating(Skill::Wits);
        let active = self.rounds.active;
        let tie = wits == theirs && hero.team == active && other.team != active;
        Some((wits, wits > theirs || tie))
    }

    /// Refuses `attacker` striking `target` while a hero of their fight that goes before it
    /// by Wits has neither attacked nor passed this step. The fight is the attacker, its
    /// target and every hero linked to them by this step's blows: the app does not see the
    /// map, so it knows who is adjacent only from the attacks made (p. 18).
    fn in_order_of_wits(&self, attacker: HeroRef, target: HeroRef) -> Result<(), RuleError> {
        let mut fight = vec![attacker, target];
        loop {
            let before = fight.len();
            for b in &self.blows {
                for (a, c) in [(b.attacker, b.target), (b.target, b.attacker)] {
                    if fight.contains(&a) && !fight.contains(&c) {
                        fight.push(c);
                    }
                }
            }
            if fight.len() == before {
                break;
            }
        }
        let Some(card) = self.card(attacker) else {
            return Ok(());
        };
        let attacker_wits = card.rating(Skill::Wits);
        for &other in &fight[1..] {
            let waiting = self
                .hero(other)
                .is_ok_and(|h| h.status == HeroStatus::OnMap)
                && !self.acted.iter().any(|d| d.hero == other);
            if !waiting {
                continue;
            }
            if let Some((first_wits, true)) = self.goes_before(other, attacker) {
                return Err(CombatError::MeleeOrder {
                    attacker: self.name(attacker),
                    attacker_wits,
                    first: self.name(other),
                    first_wits,
                    tie: first_wits == attacker_wits,
                }
                .into());
            }
        }
        Ok(())
    }

    /// A Reaction shot's target must have moved in its team's Action step (RANGED ATTACK,
    /// During Reaction step, p. 19). The app knows only the moves it was told of (moving out
    /// of a Dome, or `move`): a hero it saw take another action (a shot) stayed in its space
    /// and is refused; a hero with nothing recorded is left to the table.
    fn moved_in_its_action_step(&self, target: HeroRef) -> Result<(), RuleError> {
        match self.action_step.iter().find(|d| d.hero == target) {
            Some(d) if !d.deed.moved() => Err(CombatError::ReactionTargetStayed {
                target: self.name(target),
                team: target.team,
                did: d.deed,
            }
            .into()),
            _ => Ok(()),
        }
    }

    /// Wounds a hero; at wounds equal to Health the hero is defeated (DEFEAT, p. 18).
    pub(super) fn wound(&mut self, hero: HeroRef, wounds: u8) -> Result<Vec<String>, RuleError> {
        self.require_in_play(hero)?;
        let h = self.hero_mut(hero)?;
        h.wounds = h.wounds.saturating_add(wounds);
        let mut lines = vec![format!(
            "{} takes {}: {} of {} Health",
            h.name,
            crate::words::count(wounds, "wound", "wounds"),
            h.wounds,
            h.health
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
                    format!(
                        " ({gold} gold: a hero there picks it up in a Free step, pick-up, p. 11)"
                    )
                } else {
                    String::new()
                }
            ));
            let dome = self.domes.find(hero);
            self.domes.vacate(hero);
            self.drop_loot(hero, gold, dome);
        }
        Ok(lines)
    }
}
