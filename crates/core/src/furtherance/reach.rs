//! Where units can go and whom they can hit, with the units on the board taken into
//! account: player moves (up to 2 spaces, not through walls or units, not into another
//! castle), attack reach (adjacent, or two moves for "can attack 2 spaces away"), and the
//! "no attacking new units" restriction.

use super::square::{CELLS, Dir, Seat, Square};
use super::state::{Game, Unit, UnitId};
use super::units::Ability;

impl Game {
    /// May `attacker` attack `target` at all, wherever they stand? Opposite sides, and not a
    /// unit with a new unit token for a "no attacking new units" unit (INDEX).
    pub fn may_attack(&self, attacker: &Unit, target: &Unit) -> bool {
        (attacker.owner == Seat::Player) != (target.owner == Seat::Player)
            && !(target.new && self.has(attacker, Ability::NoAttackingNewUnits))
    }

    /// Could a unit of `owner` standing on `from` hit a unit on `to` with reach `reach`?
    /// Reach 1 is one move (orthogonal, no wall); reach 2 is any square it could go to in
    /// two moves: through a free square it may enter, never over a wall (INDEX).
    pub fn within_reach(&self, owner: Seat, from: Square, to: Square, reach: u8) -> bool {
        let board = &self.board;
        if board.adjacent(from, to) {
            return true;
        }
        reach >= 2
            && board
                .neighbours(from)
                .any(|m| board.adjacent(m, to) && self.is_free(m) && board.may_enter(owner, m))
    }

    /// Why `unit` cannot hit a unit on `to` from where it stands: what is in the way (a unit,
    /// a castle space it may not enter, a wall) or that it is too far. Read only when
    /// `within_reach` said no.
    pub(crate) fn out_of_reach_why(&self, unit: &Unit, to: Square) -> String {
        let board = &self.board;
        let from = unit.square;
        let reach = self.kind(unit).reach();
        let wall = "a wall stands between them, and no attack goes over a wall";
        if from.dir_to(to).is_some() {
            // Orthogonally next to it, yet not adjacent: a wall between.
            return wall.into();
        }
        if reach < 2 {
            return "it attacks only a unit one move away (orthogonal, no wall between)".into();
        }
        // The squares one step from both, as if there were no walls.
        let between: Vec<Square> = Dir::ALL
            .iter()
            .filter_map(|d| from.step(*d))
            .filter(|m| m.dir_to(to).is_some() && board.is_square(*m))
            .collect();
        if between.is_empty() {
            return "it reaches a unit at most two moves away, and this one is farther".into();
        }
        let open: Vec<Square> = between
            .iter()
            .copied()
            .filter(|m| board.adjacent(from, *m) && board.adjacent(*m, to))
            .collect();
        if let Some(m) = open.iter().find(|m| !self.is_free(**m)) {
            let blocker = self
                .unit_at(*m)
                .map(|b| self.describe(b.id))
                .unwrap_or_else(|| format!("a unit at {m}"));
            return format!(
                "{blocker} stands in the way: an attack 2 spaces away passes through a free square"
            );
        }
        if let Some(m) = open.first() {
            return format!(
                "{m} is a space of a castle it may not enter: an attack 2 spaces away passes only through a square it could move to"
            );
        }
        wall.into()
    }

    /// Units `attacker` could attack if it stood on `from`, within `reach` (1 or its own).
    pub fn targets_from(&self, attacker: &Unit, from: Square, reach: u8) -> Vec<UnitId> {
        self.units
            .iter()
            .filter(|t| t.id != attacker.id && self.may_attack(attacker, t))
            .filter(|t| self.within_reach(attacker.owner, from, t.square, reach))
            .map(|t| t.id)
            .collect()
    }

    /// Is there anything `attacker` could attack from `from` within `reach`? (The hot path of
    /// the enemy march: no allocation.)
    pub fn has_target_from(&self, attacker: &Unit, from: Square, reach: u8) -> bool {
        self.units.iter().any(|t| {
            t.id != attacker.id
                && self.may_attack(attacker, t)
                && self.within_reach(attacker.owner, from, t.square, reach)
        })
    }

    /// Units `attacker` can attack from where it stands.
    pub fn targets(&self, attacker: &Unit) -> Vec<UnitId> {
        self.targets_from(attacker, attacker.square, self.kind(attacker).reach())
    }

    /// Fewest moves from `unit`'s square to every square it may walk to within `limit`
    /// spaces, with the square it came from (for drawing the path).
    pub(crate) fn walk(&self, unit: &Unit, limit: u8) -> [Option<(u8, Square)>; CELLS] {
        let mut seen: [Option<(u8, Square)>; CELLS] = [None; CELLS];
        seen[unit.square.index()] = Some((0, unit.square));
        let mut frontier = vec![unit.square];
        for d in 1..=limit {
            let mut next = Vec::new();
            for s in frontier {
                for n in self.board.neighbours(s) {
                    if seen[n.index()].is_none()
                        && self.is_free(n)
                        && self.board.may_enter(unit.owner, n)
                    {
                        seen[n.index()] = Some((d, s));
                        next.push(n);
                    }
                }
            }
            frontier = next;
        }
        seen
    }

    /// The squares a player unit may move to now (empty if it may not move).
    pub fn move_options(&self, id: UnitId) -> Vec<Square> {
        let Some(u) = self.unit(id) else {
            return Vec::new();
        };
        if u.owner != Seat::Player || u.new || u.attacks > 0 || u.moved >= 2 {
            return Vec::new();
        }
        let seen = self.walk(u, 2 - u.moved);
        Square::all()
            .filter(|s| *s != u.square && seen[s.index()].is_some())
            .collect()
    }

    /// The enemy units a player unit may attack now.
    pub fn attack_options(&self, id: UnitId) -> Vec<UnitId> {
        match self.unit(id) {
            Some(u) if self.may_act(u) => self.targets(u),
            _ => Vec::new(),
        }
    }

    /// The enemy castles a player unit may attack now.
    pub fn castle_options(&self, id: UnitId) -> Vec<Seat> {
        match self.unit(id) {
            Some(u) if self.may_act(u) => Seat::ENEMIES
                .into_iter()
                .filter(|c| !self.is_destroyed(*c) && self.board.next_to_castle(u.square, *c))
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A player unit that may still attack this turn.
    fn may_act(&self, u: &Unit) -> bool {
        u.owner == Seat::Player && !u.new && u.attacks < self.kind(u).attacks_per_turn()
    }
}
