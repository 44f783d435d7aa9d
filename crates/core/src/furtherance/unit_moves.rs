//! Your units' moves and attacks, checked (COMBAT; CASTLES; UNITS; INDEX): where a unit of
//! yours may go and what it may attack (`legal_moves`, `legal_attacks`, the marks the window
//! draws), each refusal naming the rule.

use super::error::RuleError;
use super::player::Target;
use super::square::{Seat, Square};
use super::state::{Game, Unit, UnitId};
use super::step::Step;

impl Game {
    /// The path `id` would walk to `to` (its start first) if the rules let it move there
    /// now (MOVEMENT: your own unit, not new, before it attacks, up to 2 spaces in all, not
    /// through walls or units, not into an enemy castle), or the rule against it.
    pub(crate) fn check_move(&self, id: UnitId, to: Square) -> Result<Vec<Square>, RuleError> {
        let u = self.own_unit(id)?;
        if u.attacks > 0 {
            return Err(RuleError::MoveAfterAttack(self.describe(id)));
        }
        if !self.board.is_square(to) {
            return Err(RuleError::OffBoard(to));
        }
        if let Some(c) = self.board.castle_of(to)
            && c != Seat::Player
        {
            return Err(RuleError::EnemyCastle(to, c.the_castle()));
        }
        if self.unit_at(to).is_some_and(|o| o.id != id) {
            return Err(RuleError::Occupied(to));
        }
        let left = 2u8.saturating_sub(u.moved);
        let seen = self.walk(u, left);
        if to == u.square || seen[to.index()].is_none() {
            return Err(RuleError::Unreachable {
                name: self.describe(id),
                to,
                left,
            });
        }
        let mut path = vec![to];
        let mut at = to;
        while let Some((d, from)) = seen[at.index()]
            && d > 0
        {
            path.push(from);
            at = from;
        }
        path.reverse();
        Ok(path)
    }

    pub(crate) fn move_unit(&mut self, id: UnitId, to: Square) -> Result<Step, RuleError> {
        let path = self.check_move(id, to)?;
        let dist = u8::try_from(path.len() - 1).unwrap_or(u8::MAX);
        self.last_move = Some((id, path.clone()));
        if let Some(u) = self.unit_mut(id) {
            u.square = to;
            u.moved += dist;
        }
        let unit = self.unit_ref(id).ok_or(RuleError::NoSuchUnit(id.0))?;
        Ok(Step::Move { unit, path })
    }

    /// Where the player's unit `id` may move now: exactly the squares a `Move` action would
    /// be accepted for (the same checks run), none outside your turn.
    pub fn legal_moves(&self, id: UnitId) -> Vec<Square> {
        if self.check_players_turn().is_err() {
            return Vec::new();
        }
        Square::all()
            .filter(|to| self.check_move(id, *to).is_ok())
            .collect()
    }

    /// What the player's unit `id` may attack now, each with the square a click on the board
    /// attacks it by: the enemy units an `AttackUnit` would be accepted for, and the free
    /// spaces of each enemy castle an `AttackCastle` would be accepted for (the same checks
    /// run), none outside your turn.
    pub fn legal_attacks(&self, id: UnitId) -> Vec<(Square, Target)> {
        if self.check_players_turn().is_err() {
            return Vec::new();
        }
        let units = self
            .units
            .iter()
            .filter(|t| self.check_attack_unit(id, t.id).is_ok())
            .map(|t| (t.square, Target::Unit(t.id)));
        let castles = Seat::ENEMIES
            .into_iter()
            .filter(|c| self.check_attack_castle(id, *c).is_ok())
            .flat_map(|c| {
                self.board
                    .castle(c)
                    .iter()
                    .filter(|s| self.unit_at(**s).is_none())
                    .map(move |s| (*s, Target::Castle(c)))
            });
        units.chain(castles).collect()
    }

    /// Your unit `attacker`, when it has an attack left this turn (one, or two for a unit
    /// that attacks twice).
    fn attacker_with_attacks_left(&self, attacker: UnitId) -> Result<&Unit, RuleError> {
        let a = self.own_unit(attacker)?;
        let per_turn = self.kind(a).attacks_per_turn();
        if a.attacks >= per_turn {
            return Err(RuleError::NoAttacksLeft {
                name: self.describe(attacker),
                per_turn,
            });
        }
        Ok(a)
    }

    pub(crate) fn check_attack_unit(
        &self,
        attacker: UnitId,
        target: UnitId,
    ) -> Result<(), RuleError> {
        let a = self.attacker_with_attacks_left(attacker)?;
        let t = self.unit_checked(target)?;
        if t.owner == Seat::Player {
            return Err(RuleError::NotEnemy(self.describe(target)));
        }
        if !self.may_attack(a, t) {
            return Err(RuleError::NewTarget(
                self.describe(attacker),
                self.describe(target),
            ));
        }
        if !self.within_reach(a.owner, a.square, t.square, self.kind(a).reach()) {
            return Err(RuleError::OutOfReach {
                attacker: self.describe(attacker),
                target: self.describe(target),
                why: self.out_of_reach_why(a, t.square),
            });
        }
        Ok(())
    }

    pub(crate) fn check_attack_castle(
        &self,
        attacker: UnitId,
        castle: Seat,
    ) -> Result<(), RuleError> {
        let a = self.attacker_with_attacks_left(attacker)?;
        if castle == Seat::Player {
            return Err(RuleError::OwnCastle);
        }
        if self.is_destroyed(castle) {
            return Err(RuleError::CastleDestroyed(castle.the_castle()));
        }
        if !self.board.next_to_castle(a.square, castle) {
            return Err(RuleError::NotNextToCastle(
                self.describe(attacker),
                castle.the_castle(),
            ));
        }
        Ok(())
    }
}
