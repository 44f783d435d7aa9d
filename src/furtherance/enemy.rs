//! The solo AI (SOLO AI; RULINGS): which castle acts, hourglass counters passing, move order
//! by distance, marching along the arrows, choosing what to attack, and spawning.

use super::agenda::{Resume, Task};
use super::square::{Seat, Square};
use super::state::{
    DeckMode, DestroyedCastleUnits, EnemySacrifice, Game, Phase, ReachStop, UnitId,
};
use super::step::{NoSpawn, Source, Step};
use super::units::{Ability, KindId};

impl Game {
    /// Starts the enemies' turn: the turn passes clockwise from the player.
    pub(crate) fn begin_enemy_phase(&mut self) {
        self.phase = Phase::Enemy;
        self.last_move = None;
        self.agenda.push(Task::Visit {
            seat: Seat::Player.next(),
        });
    }

    /// The turn passes to `seat`. A castle holding hourglass counters takes no turn: one of
    /// its counters moves to the next castle and the player's turn begins (SOLO AI; RULINGS).
    pub(crate) fn visit(&mut self, seat: Seat) -> Option<Step> {
        if seat == Seat::Player {
            self.agenda.push(Task::EndEnemyPhase);
            return None;
        }
        if self.is_destroyed(seat) {
            let fights = self.settings.destroyed_castle_units == DestroyedCastleUnits::KeepFighting
                && self.units_of(seat).next().is_some();
            if !fights {
                self.agenda.push(Task::Visit { seat: seat.next() });
                return None;
            }
        }
        let castle = self.castle(seat);
        if castle.counters > 0 {
            let to = self.next_castle(seat);
            self.pass_counters(seat, 1);
            self.agenda.push(Task::EndEnemyPhase);
            return Some(Step::CounterPassed {
                from: seat,
                to,
                count: 1,
                left: self.castle(seat).counters,
            });
        }
        // New unit tokens come off when their owner's turn begins.
        for u in self.units.iter_mut().filter(|u| u.owner == seat) {
            u.new = false;
        }
        self.agenda.push(Task::Visit { seat: seat.next() });
        self.agenda.push(Task::Spawn { seat, skips: 0 });
        self.agenda.push(Task::PickUnit {
            seat,
            acted: Vec::new(),
        });
        Some(Step::TurnStarts {
            castle: seat,
            round: self.round,
        })
    }

    /// Moves `count` hourglass counters from `seat` to the next castle still in the game (off
    /// the board when that is the player). Returns where they went.
    pub(crate) fn pass_counters(&mut self, seat: Seat, count: u8) -> Seat {
        let to = self.next_castle(seat);
        let count = count.min(self.castle(seat).counters);
        self.castle_mut(seat).counters -= count;
        if to == Seat::Player {
            self.counters_returned += count;
        } else {
            self.castle_mut(to).counters += count;
        }
        to
    }

    /// The unit closest to the player's castle (fewest moves) goes next; on a tie the player
    /// chooses, the oldest unit offered first (SOLO AI; RULINGS).
    pub(crate) fn pick_unit(&mut self, seat: Seat, acted: Vec<UnitId>) -> Option<Step> {
        let waiting: Vec<(u8, UnitId)> = self
            .units_of(seat)
            .filter(|u| !acted.contains(&u.id))
            .map(|u| (self.board.distance(seat, u.square), u.id))
            .collect();
        let nearest = waiting.iter().map(|(d, _)| *d).min()?;
        let tied: Vec<UnitId> = waiting
            .iter()
            .filter(|(d, _)| *d == nearest)
            .map(|(_, id)| *id)
            .collect();
        if tied.len() > 1 {
            let moves = if nearest == u8::MAX {
                "no arrow leads them on".to_string()
            } else {
                format!("{nearest} move(s)")
            };
            let options = tied.iter().map(|id| self.describe(*id)).collect();
            return self.ask(
                format!(
                    "Which of {}'s units moves first? They are equally close to your castle ({moves}).",
                    seat.the_castle()
                ),
                options,
                0,
                Resume::MoveFirst {
                    seat,
                    acted,
                    candidates: tied,
                },
            );
        }
        let unit = tied[0];
        let mut acted = acted;
        acted.push(unit);
        self.agenda.push(Task::PickUnit { seat, acted });
        self.agenda.push(Task::Act { unit });
        None
    }

    /// Should an enemy unit on `at` stop marching? When a player unit it may attack is
    /// adjacent (RULINGS), or in reach under the "when in reach" setting.
    fn must_stop(&self, id: UnitId, at: Square) -> bool {
        let Some(u) = self.unit(id) else { return true };
        let reach = match self.settings.reach_stop {
            ReachStop::WhenAdjacent => 1,
            ReachStop::WhenInReach => self.kind(u).reach(),
        };
        self.board.is_goal(at) || self.has_target_from(u, at, reach)
    }

    /// Up to 2 spaces along the arrows, the first free arrow each time, stopping at once when
    /// next to a player unit; then the unit's attacks (SOLO AI).
    pub(crate) fn act(&mut self, id: UnitId) -> Option<Step> {
        self.last_move = None;
        let unit = self.unit(id)?;
        let seat = unit.owner;
        let start = unit.square;
        let mut path = vec![start];
        let mut at = start;
        for _ in 0..2 {
            if self.must_stop(id, at) {
                break;
            }
            let next = self
                .board
                .arrows(seat, at)
                .iter()
                .find(|s| self.is_free(*s));
            match next {
                Some(n) => {
                    at = n;
                    path.push(n);
                    // Move the unit as it goes, so reach checks see it where it is.
                    if let Some(u) = self.unit_mut(id) {
                        u.square = n;
                    }
                }
                None => break,
            }
        }
        let per_turn = self.unit(id).map(|u| self.kind(u).attacks_per_turn())?;
        self.agenda.push(Task::Attacks {
            unit: id,
            left: per_turn,
            focus: None,
        });
        let sacrifices = self.settings.enemy_sacrifice == EnemySacrifice::Sacrifices
            && self.ledger.buildings > 0
            && self.board.next_to_castle(at, Seat::Player)
            && self
                .unit(id)
                .is_some_and(|u| self.has(u, Ability::SacrificeToDestroyBuilding));
        if sacrifices {
            self.agenda.push(Task::Sacrifice { unit: id });
        }
        if path.len() > 1 {
            self.last_move = Some((id, path.clone()));
            return Some(Step::Move {
                unit: self.unit_ref(id)?,
                path,
            });
        }
        None
    }

    /// One of an enemy unit's attacks: the unit it is fighting, else an adjacent player unit
    /// (the player chooses among several), else the player's castle if adjacent, else a
    /// player unit in its 2-space reach (SOLO AI; RULINGS; INDEX).
    pub(crate) fn attacks(&mut self, id: UnitId, left: u8, focus: Option<UnitId>) -> Option<Step> {
        if left == 0 {
            return None;
        }
        let unit = self.unit(id)?;
        if self.is_dead(unit) {
            return None;
        }
        let adjacent = self.targets_from(unit, unit.square, 1);
        let mut candidates = adjacent;
        if candidates.is_empty() {
            if self.board.next_to_castle(unit.square, Seat::Player) {
                self.agenda.push(Task::Attacks {
                    unit: id,
                    left: left - 1,
                    focus: None,
                });
                self.agenda.push(Task::DefendCastle { attacker: id });
                return None;
            }
            candidates = self.targets(unit);
        }
        if candidates.is_empty() {
            return None;
        }
        if let Some(f) = focus.filter(|f| candidates.contains(f)) {
            self.queue_strike(id, f, left);
            return None;
        }
        if candidates.len() == 1 {
            self.queue_strike(id, candidates[0], left);
            return None;
        }
        // Offer the unit closest to death first: what the attacker would pick.
        candidates.sort_by_key(|c| self.unit(*c).map(|u| (self.health_left(u), u.id)));
        let options = candidates.iter().map(|c| self.describe(*c)).collect();
        self.ask(
            format!(
                "{} can attack several of your units: which one does it attack?",
                self.describe(id)
            ),
            options,
            0,
            Resume::Target {
                attacker: id,
                left,
                candidates,
            },
        )
    }

    /// After moving and attacking, a castle spawns: the most expensive unit in its research
    /// (tie: highest attack; still tied: the player chooses), else the top card of the unit
    /// deck with 1 or more attack, on the first free space of its spawn order (SOLO AI).
    pub(crate) fn spawn(&mut self, seat: Seat, skips: u8) -> Option<Step> {
        if self.is_destroyed(seat) {
            return None;
        }
        if self.spawn_square(seat).is_none() {
            return Some(Step::NoSpawn {
                castle: seat,
                reason: NoSpawn::CastleFull,
            });
        }
        let research = &self.castle(seat).research;
        if !research.is_empty() {
            let key = |k: &KindId| {
                let kind = self.catalog.kind(*k);
                (kind.cost, kind.attack)
            };
            let best = research.iter().map(key).max()?;
            let mut tied: Vec<KindId> = research
                .iter()
                .copied()
                .filter(|k| key(k) == best)
                .collect();
            tied.sort();
            tied.dedup();
            if tied.len() > 1 {
                let options = tied
                    .iter()
                    .map(|k| self.catalog.kind(*k).name.clone())
                    .collect();
                return self.ask(
                    format!(
                        "{} respawns from its research: these cost the same and have the same attack. Which one spawns?",
                        seat.the_castle()
                    ),
                    options,
                    0,
                    Resume::ResearchTie {
                        seat,
                        candidates: tied,
                    },
                );
            }
            return self.place_spawn(seat, tied[0], true);
        }
        if self.settings.deck_mode == DeckMode::Physical || self.deck.is_none() {
            let options = self
                .catalog
                .ids()
                .map(|k| self.catalog.kind(k).name.clone())
                .collect();
            let default = self
                .catalog
                .ids()
                .position(|k| self.catalog.kind(k).attack > 0)
                .unwrap_or(0);
            return self.ask(
                format!(
                    "Draw the top card of the unit deck for {}: which unit is it?",
                    seat.the_castle()
                ),
                options,
                default,
                Resume::DrawnCard { seat, skips },
            );
        }
        let deck = self.deck.as_mut()?;
        // Every card has been drawn once and put to the bottom: none has attack. (Skipped
        // cards go under the draw pile, so `len` draws see each card exactly once.)
        if usize::from(skips) >= deck.len() {
            return Some(Step::NoSpawn {
                castle: seat,
                reason: NoSpawn::NoAttacker,
            });
        }
        let Some(card) = deck.draw() else {
            return Some(Step::NoSpawn {
                castle: seat,
                reason: NoSpawn::DeckEmpty,
            });
        };
        if self.catalog.kind(card).attack == 0 {
            return self.skip_drawn(seat, card, skips);
        }
        self.place_spawn(seat, card, false)
    }

    /// The first free space of `seat`'s spawn order: centre, then the fallback order.
    fn spawn_square(&self, seat: Seat) -> Option<Square> {
        self.board
            .spawn_order(seat)
            .iter()
            .copied()
            .find(|s| self.is_free(*s))
    }

    pub(crate) fn skip_drawn(&mut self, seat: Seat, kind: KindId, skips: u8) -> Option<Step> {
        if let Some(deck) = self.deck.as_mut() {
            deck.put_bottom(kind);
        }
        self.agenda.push(Task::Spawn {
            seat,
            skips: skips.saturating_add(1),
        });
        Some(Step::DrawSkipped {
            castle: seat,
            name: self.catalog.kind(kind).name.clone(),
        })
    }

    pub(crate) fn place_spawn(
        &mut self,
        seat: Seat,
        kind: KindId,
        from_research: bool,
    ) -> Option<Step> {
        let Some(square) = self.spawn_square(seat) else {
            // The space filled up meanwhile: the drawn card was never used, so it goes back
            // on top of the deck, where it came from.
            if !from_research && let Some(deck) = self.deck.as_mut() {
                deck.put_top(kind);
            }
            return Some(Step::NoSpawn {
                castle: seat,
                reason: NoSpawn::CastleFull,
            });
        };
        if from_research {
            let research = &mut self.castle_mut(seat).research;
            let i = research.iter().position(|k| *k == kind)?;
            research.remove(i);
        }
        let id = self.new_unit_id();
        self.units.push(super::state::Unit {
            id,
            kind,
            owner: seat,
            square,
            damage: 0,
            hp_bonus: 0,
            new: true,
            moved: 0,
            attacks: 0,
        });
        Some(Step::Spawn {
            castle: seat,
            unit: self.unit_ref(id)?,
            from: if from_research {
                Source::Research
            } else {
                Source::Deck
            },
        })
    }

    /// The enemies are done: a new round, and the player's units lose their new unit tokens
    /// and may move and attack again.
    pub(crate) fn end_enemy_phase(&mut self) -> Option<Step> {
        self.round += 1;
        self.last_move = None;
        self.phase = Phase::Player;
        for u in self.units.iter_mut().filter(|u| u.owner == Seat::Player) {
            u.new = false;
            u.moved = 0;
            u.attacks = 0;
        }
        Some(Step::PlayerTurn { round: self.round })
    }
}
