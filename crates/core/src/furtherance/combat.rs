//! Combat (COMBAT; ATTACKING; INDEX): one attack between units with its counter-attack,
//! attacks on castles (the player's defence choice, the castle's counter-attack, hourglass
//! counters moving with damage), destroyed castles, sacrifices and deaths.

use super::agenda::{Resume, Strike, Task};
use super::explain::{NoCounter, Reason};
use super::square::Seat;
use super::state::{CounterRange, Game, Unit, UnitId};
use super::step::{Battle, Fate, Step};
use super::units::Ability;

impl Game {
    /// Does `target` strike back at `attacker`, and for how much? Player units must when able
    /// (SOLO RULES 2) and the AI always does. Not with "no counter attacks" on either side,
    /// not with 0 attack. Range does not matter (RULINGS), unless the game's setting asks
    /// that in an ordinary attack the attacker stand within the target's own reach; a unit
    /// defending a castle or battling instead always fights back (COMBAT). With the damage
    /// comes whether the attacker stood beyond the target's reach (struck back only by the
    /// default setting); without, why not.
    pub(crate) fn counter_check(
        &self,
        attacker: &Unit,
        target: &Unit,
        battle: Battle,
    ) -> Result<(u8, bool), NoCounter> {
        for u in [attacker, target] {
            if self.has(u, Ability::NoCounterAttacks) {
                return Err(NoCounter::Ability {
                    unit: format!("{} {}", u.owner.owner_word(), self.name(u)),
                    ability: Ability::NoCounterAttacks.text().to_string(),
                });
            }
        }
        let attack = self.kind(target).attack;
        if attack == 0 {
            return Err(NoCounter::NoAttack);
        }
        let beyond = battle == Battle::Attack
            && !self.within_reach(
                target.owner,
                target.square,
                attacker.square,
                self.kind(target).reach(),
            );
        if beyond && self.settings.counter_range == CounterRange::WithinReach {
            return Err(NoCounter::OutOfReach);
        }
        Ok((attack, beyond))
    }

    /// Player units next to `victim` that may take its damage instead (INDEX).
    pub(crate) fn protectors(&self, victim: &Unit) -> Vec<UnitId> {
        if victim.owner != Seat::Player {
            return Vec::new();
        }
        self.units
            .iter()
            .filter(|p| {
                p.owner == Seat::Player
                    && p.id != victim.id
                    && !self.is_dead(p)
                    && self.has(p, Ability::TakesAdjacentDamage)
                    && self.board.adjacent(p.square, victim.square)
            })
            .map(|p| p.id)
            .collect()
    }

    pub(crate) fn ask_protector(
        &mut self,
        task: Task,
        victim: UnitId,
        damage: u8,
        candidates: Vec<UnitId>,
    ) -> Option<Step> {
        let mut options = vec![format!("No: {} takes the damage", self.describe(victim))];
        options.extend(
            candidates
                .iter()
                .map(|c| format!("{} takes it instead", self.describe(*c))),
        );
        self.ask(
            format!(
                "{} is about to take {damage} damage. Put the damage on an adjacent unit that may take it instead?",
                self.describe(victim)
            ),
            options,
            0,
            Resume::Protector {
                task: Box::new(task),
                candidates,
            },
        )
    }

    /// One attack of `attacker` on `target`, and the counter-attack.
    pub(crate) fn strike(&mut self, strike: Strike) -> Option<Step> {
        let attacker = self.unit(strike.attacker)?.clone();
        let target = self.unit(strike.target)?.clone();
        if self.is_dead(&attacker) {
            return None;
        }
        // INDEX: the attacked player unit may have an adjacent unit battle in its place
        // (never on counter-attacks, which are not strikes).
        if target.owner == Seat::Player
            && strike.battle == Battle::Attack
            && !strike.guard_asked
            && self.has(&target, Ability::AdjacentUnitsMayBattleInstead)
        {
            let candidates: Vec<UnitId> = self
                .units
                .iter()
                .filter(|u| {
                    u.owner == Seat::Player
                        && u.id != target.id
                        && self.board.adjacent(u.square, target.square)
                        // RULINGS: "no attacking new units" holds however the attack lands.
                        && self.may_attack(&attacker, u)
                })
                .map(|u| u.id)
                .collect();
            if !candidates.is_empty() {
                let mut options = vec![format!("No: {} battles", self.describe(target.id))];
                options.extend(
                    candidates
                        .iter()
                        .map(|c| format!("{} battles instead", self.describe(*c))),
                );
                let mut asked = strike.clone();
                asked.guard_asked = true;
                return self.ask(
                    format!(
                        "{} attacks {}. Does an adjacent unit battle in its place?",
                        self.describe(attacker.id),
                        self.describe(target.id)
                    ),
                    options,
                    0,
                    Resume::Guard {
                        strike: asked,
                        candidates,
                    },
                );
            }
        }
        let damage = self.kind(&attacker).attack;
        let checked = self.counter_check(&attacker, &target, strike.battle);
        let counter = checked.as_ref().ok().map(|(c, _)| *c);
        if strike.protector.is_none() {
            let victim = if target.owner == Seat::Player {
                Some((&target, damage))
            } else if attacker.owner == Seat::Player {
                counter.map(|c| (&attacker, c))
            } else {
                None
            };
            if let Some((victim, dmg)) = victim
                && dmg > 0
            {
                let candidates = self.protectors(victim);
                if !candidates.is_empty() {
                    let mut asked = strike.clone();
                    asked.protector = Some(None);
                    return self.ask_protector(Task::Strike(asked), victim.id, dmg, candidates);
                }
            }
        }
        // Your unit is about to take damage from this attack or counter-attack: with an
        // Invincibility Cloak in hand the turn stops here and asks, before the damage lands
        // (INDEX: Invincibility Cloak; ITEMS: an item may not interrupt afterwards).
        let yours_hit = if target.owner == Seat::Player {
            Some((target.id, damage))
        } else if attacker.owner == Seat::Player {
            counter.map(|c| (attacker.id, c))
        } else {
            None
        };
        if strike.cloak.is_none()
            && let Some((victim, dmg)) = yours_hit
            && dmg > 0
            && self.holds_item(super::cards::Effect::InvincibilityCloak)
        {
            let mut asked = strike.clone();
            asked.cloak = Some(false);
            return self.ask(
                format!(
                    "{} is about to take {dmg} damage. Use your Invincibility Cloak so it takes none from this attack?",
                    self.describe(victim)
                ),
                vec![
                    "Use the Invincibility Cloak".to_string(),
                    "Keep the cloak".to_string(),
                ],
                1,
                Resume::Cloak { strike: asked },
            );
        }
        let cloaked = strike.cloak == Some(true);
        let (damage, counter) = match (cloaked, target.owner == Seat::Player) {
            (true, true) => (0, counter),
            (true, false) => (damage, counter.map(|_| 0)),
            _ => (damage, counter),
        };
        let protector = strike.protector.flatten();
        let target_taker = match protector {
            Some(p) if target.owner == Seat::Player => p,
            _ => target.id,
        };
        let attacker_taker = match protector {
            Some(p) if attacker.owner == Seat::Player => p,
            _ => attacker.id,
        };
        if let Some(u) = self.unit_mut(target_taker) {
            u.damage = u.damage.saturating_add(damage);
        }
        if let Some(c) = counter
            && let Some(u) = self.unit_mut(attacker_taker)
        {
            u.damage = u.damage.saturating_add(c);
        }
        if let Some(u) = self.unit_mut(attacker.id) {
            u.attacks = u.attacks.saturating_add(1);
        }
        // Your unit that took damage and lives may be healed before more attacks come: with a
        // Potion in hand the enemy turn stops after this step and asks (ITEMS; INDEX).
        if self.phase == super::state::Phase::Enemy && self.holds_item(super::cards::Effect::Potion)
        {
            let counter_dmg = counter.unwrap_or(0);
            for (hit, dmg) in [(target_taker, damage), (attacker_taker, counter_dmg)] {
                if dmg > 0 && self.unit(hit).is_some_and(|u| u.owner == Seat::Player) {
                    self.agenda.push(Task::AfterAttack { unit: hit });
                }
            }
        }
        let by = format!("{} {}", target.owner.owner_word(), self.name(&target));
        let must = target.owner == Seat::Player;
        self.because(match checked {
            Ok((_, false)) => Reason::StrikesBack { by, must },
            Ok((_, true)) => Reason::StrikesBackAtRange { by, must },
            Err(cause) => Reason::NoStrikeBack { by, cause },
        });
        Some(Step::Attack {
            attacker: self.unit_ref(attacker.id)?,
            target: self.unit_ref(target.id)?,
            battle: strike.battle,
            damage,
            taken_by: (target_taker != target.id)
                .then(|| self.unit_ref(target_taker))
                .flatten(),
            counter,
            counter_taken_by: (counter.is_some() && attacker_taker != attacker.id)
                .then(|| self.unit_ref(attacker_taker))
                .flatten(),
        })
    }

    /// After a hand edit, a waiting question is checked against the new position: the task
    /// that asked it is run again on a copy, and unless it asks exactly the same question
    /// (same options, the same units on the same squares), the question is withdrawn and
    /// that task goes back on the agenda, so the next step asks again from the position as
    /// it is now, or goes on without asking when there is no longer a choice (a defender
    /// moved out of the castle, a tied unit removed, a protector gone, research changed).
    pub(crate) fn reask_after_edit(&mut self) {
        let Some(pending) = self.pending.clone() else {
            return;
        };
        let task = pending.resume.asking_task();
        // Deaths a hand edit queued are resolved first, as before the question.
        let at = match self.agenda.last() {
            Some(Task::Deaths) => self.agenda.len() - 1,
            _ => self.agenda.len(),
        };
        let mut again = self.clone();
        again.pending = None;
        again.agenda.insert(at, task.clone());
        let asked = again.advance();
        if matches!(asked, Ok(Step::NeedsChoice { .. })) && again.pending.as_ref() == Some(&pending)
        {
            return;
        }
        self.pending = None;
        self.agenda.insert(at, task);
    }

    /// Takes a unit off the board; an enemy card goes to the unit deck's discard pile.
    pub(crate) fn discard_unit(&mut self, id: UnitId) -> Option<Unit> {
        let i = self.units.iter().position(|u| u.id == id)?;
        let unit = self.units.remove(i);
        if (unit.owner.is_enemy() || self.kingdom.one_deck)
            && let Some(deck) = self.deck.as_mut()
        {
            deck.discard(unit.kind);
        }
        Some(unit)
    }

    /// An enemy unit with the sacrifice ability destroys one of the player's buildings on
    /// reaching the castle; it leaves the board for its castle's research (INDEX; setting).
    pub(crate) fn sacrifice(&mut self, id: UnitId) -> Option<Step> {
        let unit = self.unit_ref(id)?;
        if self.ledger.buildings == 0 {
            return None;
        }
        self.ledger.buildings -= 1;
        // The kingdom's newest building burns (the book lets the attacker pick: RULINGS).
        if let Some(b) = self.kingdom.buildings.pop()
            && let Some(pile) = self.kingdom.buildings_deck.as_mut()
        {
            pile.discard(b.card);
        }
        let i = self.units.iter().position(|u| u.id == id)?;
        let u = self.units.remove(i);
        self.send_to_research(u.owner, u.kind);
        Some(Step::Sacrificed {
            unit,
            buildings_left: self.ledger.buildings,
        })
    }

    /// A killed enemy unit goes to its castle's research (SOLO AI), or the discard pile if
    /// that castle is destroyed.
    pub(crate) fn send_to_research(&mut self, seat: Seat, kind: super::units::KindId) {
        if self.is_destroyed(seat) {
            if let Some(deck) = self.deck.as_mut() {
                deck.discard(kind);
            }
        } else {
            self.castle_mut(seat).research.push(kind);
        }
    }

    /// Removes the first dead unit, one step per death (RULINGS: dies when damage reaches HP,
    /// or exceeds it under the other setting).
    pub(crate) fn deaths(&mut self) -> Option<Step> {
        let dead = self.units.iter().find(|u| self.is_dead(u))?.id;
        let unit = self.unit_ref(dead)?;
        let i = self.units.iter().position(|u| u.id == dead)?;
        let u = self.units.remove(i);
        let fate = if u.owner == Seat::Player {
            if self.kingdom.dealt {
                // Asked right after this death is shown (COMBAT: Killing Units).
                self.agenda.push(Task::Deaths);
                self.agenda.push(Task::Rescue {
                    card: super::kingdom::CardRef {
                        deck: super::kingdom::Market::Units,
                        card: u.kind.0,
                    },
                });
                return Some(Step::Dies {
                    unit,
                    fate: Fate::PlayerChooses,
                });
            }
            Fate::PlayerChooses
        } else if self.is_destroyed(u.owner) {
            self.send_to_research(u.owner, u.kind);
            Fate::Discard
        } else {
            self.send_to_research(u.owner, u.kind);
            Fate::Research
        };
        self.agenda.push(Task::Deaths);
        Some(Step::Dies { unit, fate })
    }
}
