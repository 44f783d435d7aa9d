//! Attacks on castles (COMBAT: Attacking Castles; CASTLES; ATTACKING; INDEX: Walls,
//! Fortification): your castle's defence question, the hit on your castle or a building
//! with the castle's counter-attack, your attacks on an enemy castle with its hourglass
//! counters, and a destroyed enemy castle.

use super::agenda::{Resume, Strike, Task};
use super::explain::{NoCounter, Reason};
use super::square::Seat;
use super::state::{DestroyedCastleUnits, EnemyCastleDefence, Game, PASS_ALL_AT_HP, UnitId};
use super::step::{Battle, Hit, Step};
use super::units::Ability;

impl Game {
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
                "Your building {} takes 1 damage (it must: INDEX)",
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
    pub(crate) fn castle_defenders(&self, attacker: UnitId) -> Option<Vec<UnitId>> {
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
}
