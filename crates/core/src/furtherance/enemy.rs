//! The solo AI (SOLO AI; RULINGS): which castle acts, hourglass counters passing, move order
//! by distance, marching along the arrows, choosing what to attack, and spawning.

use super::agenda::{Resume, Task};
use super::explain::{Reason, Stop, Turn};
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
        // Reasons left over from a unit that acted without a step to show are its own, not
        // the next unit's.
        self.reasons = Default::default();
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
        let moves = |d: u8| (d != u8::MAX).then_some(d);
        // The last unit to move is not "first" (nor is a castle's only unit).
        let turn = match (acted.is_empty(), waiting.len() == 1) {
            (true, true) => Turn::Only,
            (true, false) => Turn::First,
            (false, true) => Turn::Last,
            (false, false) => Turn::Next,
        };
        if let Some(r) = self.unit_ref(unit) {
            self.because(Reason::MovesFirst {
                unit: r,
                moves: moves(nearest),
                turn,
            });
        }
        for (d, other) in waiting.iter().filter(|(_, id)| *id != unit) {
            if let Some(r) = self.unit_ref(*other) {
                self.ruled_out(Reason::Farther {
                    unit: r,
                    moves: moves(*d),
                    first: moves(nearest),
                });
            }
        }
        let mut acted = acted;
        acted.push(unit);
        self.agenda.push(Task::PickUnit { seat, acted });
        self.agenda.push(Task::Act { unit });
        None
    }

    /// Should an enemy unit on `at` stop marching? When a player unit it may attack is
    /// adjacent (RULINGS), or in reach under the "when in reach" setting.
    fn must_stop(&self, id: UnitId, at: Square) -> Option<Stop> {
        let Some(u) = self.unit(id) else {
            return Some(Stop::Blocked);
        };
        if let Some(t) = self.targets_from(u, at, 1).first() {
            return Some(Stop::NextTo {
                unit: self.unit_ref(*t)?,
            });
        }
        if self.settings.reach_stop == ReachStop::WhenInReach
            && let Some(t) = self.targets_from(u, at, self.kind(u).reach()).first()
        {
            return Some(Stop::InReach {
                unit: self.unit_ref(*t)?,
            });
        }
        self.board.is_goal(at).then_some(Stop::AtYourCastle)
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
        let mut stop = Stop::TwoSpaces;
        for _ in 0..2 {
            if let Some(why) = self.must_stop(id, at) {
                stop = why;
                break;
            }
            let arrows: Vec<Square> = self.board.arrows(seat, at).iter().collect();
            let next = arrows.iter().copied().find(|s| self.is_free(*s));
            for taken in arrows.iter().take_while(|s| Some(**s) != next) {
                self.ruled_out(Reason::ArrowTaken {
                    from: at,
                    to: *taken,
                });
            }
            match next {
                Some(n) => {
                    self.because(Reason::Arrow { from: at, to: n });
                    at = n;
                    path.push(n);
                    // Move the unit as it goes, so reach checks see it where it is.
                    if let Some(u) = self.unit_mut(id) {
                        u.square = n;
                    }
                }
                None => {
                    stop = Stop::Blocked;
                    break;
                }
            }
        }
        if path.len() == 3
            && let Some(why) = self.must_stop(id, at)
        {
            stop = why;
        }
        self.because(Reason::Stops { at, stop });
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
        let unit = self.unit(id)?.clone();
        if self.is_dead(&unit) {
            return None;
        }
        let adjacent = self.targets_from(&unit, unit.square, 1);
        let next_to_castle = self.board.next_to_castle(unit.square, Seat::Player);
        let reach = adjacent.is_empty();
        let mut candidates = adjacent;
        let name = format!("{} {}", unit.owner.owner_word(), self.name(&unit));
        // A unit that attacks only once says so on its one attack (its `left` is then 1).
        let once = self.has(&unit, Ability::OneAttackPerTurn);
        if candidates.is_empty() {
            if next_to_castle {
                let spared = self.new_units_spared(&unit);
                if spared.is_empty() {
                    self.because(Reason::AttacksCastle);
                } else {
                    for s in &spared {
                        self.ruled_out(Reason::NewUnitSpared {
                            unit: s.clone(),
                            attacker: name.clone(),
                        });
                    }
                    self.because(Reason::AttacksCastlePassingOver {
                        attacker: name.clone(),
                        spared,
                    });
                }
                if once {
                    self.because(Reason::OneAttack { attacker: name });
                }
                self.agenda.push(Task::Attacks {
                    unit: id,
                    left: left - 1,
                    focus: None,
                });
                self.agenda.push(Task::DefendCastle { attacker: id });
                return None;
            }
            candidates = self.targets(&unit);
        }
        if candidates.is_empty() {
            return None;
        }
        if next_to_castle {
            self.ruled_out(Reason::NotTheCastle);
        }
        if once {
            self.because(Reason::OneAttack { attacker: name });
        }
        let chosen = focus
            .filter(|f| candidates.contains(f))
            .map(|f| (f, true))
            .or_else(|| (candidates.len() == 1).then(|| (candidates[0], false)));
        if let Some((target, again)) = chosen {
            if let Some(t) = self.unit_ref(target) {
                self.because(Reason::Fights {
                    target: t,
                    reach,
                    again,
                });
            }
            self.queue_strike(id, target, left);
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

    /// The player's units next to `unit` that it passes over because they carry a new unit
    /// token and it has "No attacking new units" (INDEX; RULINGS).
    fn new_units_spared(&self, unit: &super::state::Unit) -> Vec<super::step::UnitRef> {
        if !self.has(unit, Ability::NoAttackingNewUnits) {
            return Vec::new();
        }
        let ids: Vec<UnitId> = self
            .units
            .iter()
            .filter(|t| {
                t.owner == Seat::Player
                    && t.new
                    && self.within_reach(unit.owner, unit.square, t.square, 1)
            })
            .map(|t| t.id)
            .collect();
        ids.into_iter().filter_map(|id| self.unit_ref(id)).collect()
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
            let kind = self.catalog.kind(tied[0]);
            self.because(Reason::FromResearch {
                name: kind.name.clone(),
                cost: kind.cost,
                attack: kind.attack,
            });
            self.research_outranked(seat, best);
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
        self.because(Reason::FromDeck {
            name: self.catalog.kind(card).name.clone(),
            attack: self.catalog.kind(card).attack,
            drawn: false,
        });
        self.place_spawn(seat, card, false)
    }

    /// Every other unit type in `seat`'s research ranks below `best` (cost, attack).
    fn research_outranked(&mut self, seat: Seat, best: (u8, u8)) {
        let mut others: Vec<KindId> = self.castle(seat).research.clone();
        others.sort();
        others.dedup();
        for k in others {
            let kind = self.catalog.kind(k);
            if (kind.cost, kind.attack) != best {
                let r = Reason::Outranked {
                    name: kind.name.clone(),
                    cost: kind.cost,
                    attack: kind.attack,
                };
                self.ruled_out(r);
            }
        }
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
        let order = self.board.spawn_order(seat).to_vec();
        for taken in order.iter().take_while(|s| **s != square) {
            self.ruled_out(Reason::SquareTaken { square: *taken });
        }
        self.because(Reason::SpawnSquare {
            square,
            centre: order.first() == Some(&square),
        });
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
        self.workers_rest();
        for u in self.units.iter_mut().filter(|u| u.owner == Seat::Player) {
            u.new = false;
            u.moved = 0;
            u.attacks = 0;
        }
        Some(Step::PlayerTurn { round: self.round })
    }
}
