//! Combat (COMBAT; ATTACKING; INDEX): one attack between units with its counter-attack,
//! attacks on castles (the player's defence choice, the castle's counter-attack, hourglass
//! counters moving with damage), destroyed castles, sacrifices and deaths.

use super::agenda::{Resume, Strike, Task};
use super::explain::{NoCounter, Reason};
use super::square::Seat;
use super::state::{
    CounterRange, DestroyedCastleUnits, EnemyCastleDefence, Game, PASS_ALL_AT_HP, Unit, UnitId,
};
use super::step::{Battle, Fate, Hit, Step};
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
    fn protectors(&self, victim: &Unit) -> Vec<UnitId> {
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

    fn ask_protector(
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

    /// An enemy unit attacks the player's castle: the player may defend with a unit inside
    /// (even diagonal to the attacker), else chooses 1 damage to the castle or to a building
    /// (COMBAT: Attacking Castles; RULINGS).
    pub(crate) fn defend_castle(&mut self, attacker: UnitId) -> Option<Step> {
        let defenders = self.castle_defenders(attacker)?;
        let buildings = self.ledger.buildings > 0;
        // Walls or a Fortification must take the hit (INDEX): no castle damage offered.
        let wall = self.wall();
        if defenders.is_empty() && wall.is_some() {
            return self.hit_player_castle(attacker, true);
        }
        if defenders.is_empty() && !buildings {
            // Say why the table was not asked: with no defender and no building there is no
            // choice (units inside that the attacker may not attack may not defend: RULINGS).
            let inside: Vec<_> = self
                .units
                .iter()
                .filter(|u| {
                    u.owner == Seat::Player && self.board.castle_of(u.square) == Some(Seat::Player)
                })
                .map(|u| u.id)
                .collect();
            let inside = inside
                .into_iter()
                .filter_map(|id| self.unit_ref(id))
                .collect();
            let attacker_name = self
                .unit(attacker)
                .map(|a| format!("{} {}", a.owner.owner_word(), self.name(a)))?;
            self.because(Reason::NoDefenceQuestion {
                attacker: attacker_name,
                inside,
            });
            return self.hit_player_castle(attacker, false);
        }
        let mut options: Vec<String> = defenders
            .iter()
            .map(|d| format!("Defend with {}", self.describe(*d)))
            .collect();
        match wall {
            Some(w) => options.push(format!(
                "Your {} takes 1 damage (it must: INDEX)",
                self.cards.name(
                    super::cards::CardKind::Building,
                    self.kingdom.buildings[w].card
                )
            )),
            None => {
                options.push("Your castle takes 1 damage".to_string());
                if buildings {
                    options.push("One of your buildings takes 1 damage".to_string());
                }
            }
        }
        let default = defenders.len();
        self.ask(
            format!(
                "{} attacks your castle. How do you take it?",
                self.describe(attacker)
            ),
            options,
            default,
            Resume::CastleDefence {
                attacker,
                defenders,
            },
        )
    }

    /// The player's units that may defend the castle against `attacker`: inside the castle,
    /// and ones the attacker may attack (RULINGS: a unit the attacker may not attack, "no
    /// attacking new units", cannot be put in its way either). `None` if the attacker is gone.
    fn castle_defenders(&self, attacker: UnitId) -> Option<Vec<UnitId>> {
        let a = self.unit(attacker)?;
        Some(
            self.units
                .iter()
                .filter(|u| {
                    u.owner == Seat::Player
                        && self.board.castle_of(u.square) == Some(Seat::Player)
                        && self.may_attack(a, u)
                })
                .map(|u| u.id)
                .collect(),
        )
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

    /// 1 damage to the player's castle or a building, then the castle's compulsory
    /// counter-attack of 1 (CASTLES: Defending; SOLO AI "your castle must counter-attack").
    pub(crate) fn hit_player_castle(&mut self, attacker: UnitId, building: bool) -> Option<Step> {
        let a = self.unit(attacker)?;
        // Catapults and Guard towers in play strike the attacker too (sample card text).
        let towers = self.tower_strikes();
        let counter = (!self.has(a, Ability::NoCounterAttacks))
            .then_some(1u8)
            .map(|c| c.saturating_add(towers))
            .or((towers > 0).then_some(towers));
        let attacker_name = format!("{} {}", a.owner.owner_word(), self.name(a));
        let mut hit_building = None;
        if !building {
            let castle = self.castle_mut(Seat::Player);
            castle.hp = castle.hp.saturating_sub(1);
        } else {
            hit_building = self.damage_building();
        }
        if let Some(u) = self.unit_mut(attacker) {
            u.damage = u.damage.saturating_add(counter.unwrap_or(0));
            u.attacks = u.attacks.saturating_add(1);
        }
        self.agenda.push(Task::Deaths);
        let by = "your castle".to_string();
        self.because(match counter {
            Some(_) => Reason::StrikesBack { by, must: true },
            None => Reason::NoStrikeBack {
                by,
                cause: NoCounter::Ability {
                    unit: attacker_name,
                    ability: Ability::NoCounterAttacks.text().to_string(),
                },
            },
        });
        Some(Step::CastleAttacked {
            attacker: self.unit_ref(attacker)?,
            castle: Seat::Player,
            hit: if building { Hit::Building } else { Hit::Castle },
            hp: self.castle(Seat::Player).hp,
            counters_moved: 0,
            counters_to: None,
            counter,
            counter_taken_by: None,
            building: hit_building,
        })
    }

    /// The player's unit attacks an enemy castle: a unit inside may defend (setting); else 1
    /// damage, one hourglass counter passed on per damage, all of them at 5 HP or less, and
    /// the castle strikes back for 1 (ATTACKING; COMBAT).
    pub(crate) fn hit_enemy_castle(
        &mut self,
        attacker: UnitId,
        castle: Seat,
        protector: Option<Option<UnitId>>,
    ) -> Option<Step> {
        let a = self.unit(attacker)?.clone();
        if self.is_destroyed(castle) {
            return None;
        }
        if self.settings.enemy_castle_defence == EnemyCastleDefence::DefendWithStrongest
            && protector.is_none()
        {
            let defender = self
                .units
                .iter()
                .filter(|u| {
                    u.owner == castle
                        && self.board.castle_of(u.square) == Some(castle)
                        && self.may_attack(&a, u)
                })
                .max_by_key(|u| {
                    (
                        self.health_left(u),
                        self.kind(u).attack,
                        std::cmp::Reverse(u.id),
                    )
                })
                .map(|u| u.id);
            if let Some(d) = defender {
                if let Some(unit) = self.unit_ref(d) {
                    self.because(Reason::DefendsCastle { unit });
                }
                self.agenda.push(Task::Deaths);
                self.agenda
                    .push(Task::Strike(Strike::new(attacker, d, Battle::Defence)));
                return None;
            }
        }
        let counter = (!self.has(&a, Ability::NoCounterAttacks)).then_some(1u8);
        if counter.is_some() && protector.is_none() {
            let candidates = self.protectors(&a);
            if !candidates.is_empty() {
                return self.ask_protector(
                    Task::HitEnemyCastle {
                        attacker,
                        castle,
                        protector: Some(None),
                    },
                    attacker,
                    1,
                    candidates,
                );
            }
        }
        let c = self.castle_mut(castle);
        c.hp = c.hp.saturating_sub(1);
        let to_move = if c.hp <= PASS_ALL_AT_HP {
            c.counters
        } else {
            c.counters.min(1)
        };
        let to = (to_move > 0).then(|| self.pass_counters(castle, to_move));
        if to_move > 0 {
            let hp = self.castle(castle).hp;
            self.because(Reason::CountersMoved {
                moved: to_move,
                all: hp <= PASS_ALL_AT_HP,
                hp,
            });
        }
        let taker = protector.flatten().unwrap_or(attacker);
        if let Some(u) = self.unit_mut(taker) {
            u.damage = u.damage.saturating_add(counter.unwrap_or(0));
        }
        if let Some(u) = self.unit_mut(attacker) {
            u.attacks = u.attacks.saturating_add(1);
        }
        self.agenda.push(Task::Deaths);
        if self.castle(castle).hp == 0 {
            self.agenda.push(Task::DestroyCastle { seat: castle });
        }
        Some(Step::CastleAttacked {
            attacker: self.unit_ref(attacker)?,
            castle,
            hit: Hit::Castle,
            hp: self.castle(castle).hp,
            counters_moved: to_move,
            counters_to: to,
            counter,
            counter_taken_by: (counter.is_some() && taker != attacker)
                .then(|| self.unit_ref(taker))
                .flatten(),
            building: None,
        })
    }

    /// A destroyed enemy castle: +2 VP and no more spawns, no extra worker in solo
    /// (ATTACKING); its units and research are discarded unless the setting keeps them.
    pub(crate) fn destroy_castle(&mut self, seat: Seat) -> Option<Step> {
        self.ledger.vp = self.ledger.vp.saturating_add(2);
        let mut discarded = Vec::new();
        if self.settings.destroyed_castle_units == DestroyedCastleUnits::Discarded {
            let ids: Vec<UnitId> = self.units_of(seat).map(|u| u.id).collect();
            for id in ids {
                if let Some(r) = self.unit_ref(id) {
                    discarded.push(r);
                }
                self.discard_unit(id);
            }
            let research = std::mem::take(&mut self.castle_mut(seat).research);
            if let Some(deck) = self.deck.as_mut() {
                for k in research {
                    deck.discard(k);
                }
            }
        }
        Some(Step::CastleDestroyed {
            castle: seat,
            vp: self.ledger.vp,
            discarded,
        })
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
    fn send_to_research(&mut self, seat: Seat, kind: super::units::KindId) {
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
