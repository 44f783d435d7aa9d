//! Hand edits (RULINGS: anything the app does not automate): placing, moving and removing
//! units, damage and +1 HP counters, castle HP (moving hourglass counters as damage would),
//! a unit acting again, the book's numbers and adopting corrected data. Each is one logged,
//! undoable history entry that says what else it moved.

use super::agenda::Task;
use super::error::RuleError;
use super::player::Action;
use super::square::Seat;
use super::state::{Game, MAX_CASTLE_HP, Unit};
use super::step::Step;

impl Game {
    pub(crate) fn hand_edit(&mut self, action: &Action) -> Result<Step, RuleError> {
        let mut text = self
            .label(action)
            .trim_start_matches("Hand edit: ")
            .to_string();
        let (mut added, mut removed) = (None, None);
        match *action {
            Action::PlaceUnit {
                owner,
                kind,
                square,
            } => {
                self.kind_checked(kind)?;
                if !self.board.may_enter(owner, square) {
                    return Err(match self.board.castle_of(square) {
                        Some(c) => RuleError::EnemyCastle(square, c.the_castle()),
                        None => RuleError::OffBoard(square),
                    });
                }
                if self.unit_at(square).is_some() {
                    return Err(RuleError::Occupied(square));
                }
                if owner.is_enemy() && self.is_destroyed(owner) {
                    return Err(RuleError::CastleDestroyed(owner.the_castle()));
                }
                self.check_copies_left(kind, Some(owner))?;
                if (owner.is_enemy() || self.kingdom.one_deck)
                    && let Some(deck) = self.deck.as_mut()
                    && deck.take(kind).is_none()
                {
                    let k = self.catalog.kind(kind);
                    return Err(RuleError::NoCopies {
                        name: k.name.clone(),
                        copies: k.copies,
                    });
                }
                let id = self.new_unit_id();
                self.units.push(Unit {
                    id,
                    kind,
                    owner,
                    square,
                    damage: 0,
                    hp_bonus: 0,
                    new: false,
                    moved: 0,
                    attacks: 0,
                });
                added = self.unit_ref(id);
            }
            Action::Relocate { unit, to } => {
                let owner = self.unit_checked(unit)?.owner;
                if !self.board.may_enter(owner, to) {
                    return Err(match self.board.castle_of(to) {
                        Some(c) => RuleError::EnemyCastle(to, c.the_castle()),
                        None => RuleError::OffBoard(to),
                    });
                }
                if self.unit_at(to).is_some_and(|o| o.id != unit) {
                    return Err(RuleError::Occupied(to));
                }
                if let Some(u) = self.unit_mut(unit) {
                    u.square = to;
                }
            }
            Action::Remove { unit, to_research } => {
                let u = self.unit_checked(unit)?.clone();
                removed = self.unit_ref(unit);
                if to_research && u.owner.is_enemy() && !self.is_destroyed(u.owner) {
                    self.units.retain(|x| x.id != unit);
                    self.castle_mut(u.owner).research.push(u.kind);
                } else {
                    self.discard_unit(unit);
                }
            }
            Action::SetDamage { unit, damage } => {
                self.unit_checked(unit)?;
                if let Some(u) = self.unit_mut(unit) {
                    u.damage = damage;
                }
                self.agenda.push(Task::Deaths);
            }
            Action::SetHpBonus { unit, bonus } => {
                self.unit_checked(unit)?;
                if let Some(u) = self.unit_mut(unit) {
                    u.hp_bonus = bonus;
                }
                self.agenda.push(Task::Deaths);
            }
            Action::SetCastleHp { castle, hp } => {
                if hp > MAX_CASTLE_HP {
                    return Err(RuleError::BadValue(format!(
                        "castle HP goes from 0 to {MAX_CASTLE_HP}"
                    )));
                }
                if castle.is_enemy() && self.is_destroyed(castle) {
                    return Err(RuleError::CastleDestroyed(castle.the_castle()));
                }
                let before = self.castle(castle).hp;
                self.castle_mut(castle).hp = hp;
                if castle.is_enemy() {
                    // A lower HP is damage dealt off the app (an item, a leader power), so the
                    // counters move as damage moves them (ATTACKING): one per point, all of
                    // them at 5 HP or less; at 0 the castle is destroyed (+2 VP).
                    let counters = self.castle(castle).counters;
                    let to_move = if hp <= super::state::PASS_ALL_AT_HP {
                        counters
                    } else {
                        counters.min(before.saturating_sub(hp))
                    };
                    if to_move > 0 {
                        // Say what else moved (issue 32: counters left the board unsaid).
                        let to = self.pass_counters(castle, to_move);
                        let whither = match to {
                            Seat::Player => "off the board".to_string(),
                            t => format!("to {}", t.the_castle()),
                        };
                        text += &format!("; {to_move} hourglass counter(s) moved {whither}");
                    }
                    if hp == 0 {
                        self.agenda.push(Task::DestroyCastle { seat: castle });
                    }
                }
            }
            Action::ActAgain { unit } => {
                if self.unit_checked(unit)?.owner != Seat::Player {
                    return Err(RuleError::NotYours(self.describe(unit)));
                }
                if let Some(u) = self.unit_mut(unit) {
                    u.moved = 0;
                    u.attacks = 0;
                }
            }
            Action::SetVp { vp } => self.ledger.vp = vp,
            Action::SetGold { gold } => self.ledger.gold = gold,
            Action::SetWorkers { workers } => self.ledger.workers = workers,
            Action::SetBuildings { buildings } => {
                self.ledger.buildings = buildings;
                if self.kingdom.dealt && usize::from(buildings) != self.kingdom.buildings.len() {
                    text += &format!(
                        " (your kingdom lists {} building card(s); the count is what an Arsonist \
                         or a hit on a building sees)",
                        self.kingdom.buildings.len()
                    );
                }
            }
            Action::AdoptData { ref data } => {
                self.adopt(data)?;
            }
            _ => return Err(RuleError::BadValue("not a hand edit".to_string())),
        }
        self.reask_after_edit();
        Ok(Step::HandEdit {
            text,
            added,
            removed,
        })
    }
}
