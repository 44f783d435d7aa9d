//! The board file (`data/furtherance/board.json`, data kind `furtherance-board`): what is on
//! the board as plain lists a player can read and correct, how it is checked, and how the
//! solo movement arrows and spawn order are derived from the walls.
//!
//! The printed rulebook does not show the board or the arrows (SOLO AI refers to an image);
//! docs/game-facts.md gives the grid. Arrows are derived as shortest legal paths toward the player's
//! castle, so a user who corrects the walls can derive matching arrows again.

use crate::datafile::DataFileError;
use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::{Deserialize, Serialize};

use super::square::{CELLS, Dir, Seat, Square};

pub const BOARD_KIND: &str = "furtherance-board";

/// One value per seat, as the file writes it (`{"player": .., "left": .., ...}`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatMap<T> {
    pub player: T,
    pub left: T,
    pub across: T,
    pub right: T,
}

impl<T> SeatMap<T> {
    pub fn get(&self, seat: Seat) -> &T {
        match seat {
            Seat::Player => &self.player,
            Seat::Left => &self.left,
            Seat::Across => &self.across,
            Seat::Right => &self.right,
        }
    }

    pub fn get_mut(&mut self, seat: Seat) -> &mut T {
        match seat {
            Seat::Player => &mut self.player,
            Seat::Left => &mut self.left,
            Seat::Across => &mut self.across,
            Seat::Right => &mut self.right,
        }
    }
}

/// One value per enemy castle.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EnemyMap<T> {
    pub left: T,
    pub across: T,
    pub right: T,
}

impl<T> EnemyMap<T> {
    /// The value of enemy `seat` (`None` for the player).
    pub fn get(&self, seat: Seat) -> Option<&T> {
        match seat {
            Seat::Player => None,
            Seat::Left => Some(&self.left),
            Seat::Across => Some(&self.across),
            Seat::Right => Some(&self.right),
        }
    }

    pub fn get_mut(&mut self, seat: Seat) -> Option<&mut T> {
        match seat {
            Seat::Player => None,
            Seat::Left => Some(&mut self.left),
            Seat::Across => Some(&mut self.across),
            Seat::Right => Some(&mut self.right),
        }
    }
}

/// A wall between two orthogonally adjacent squares, and whose kingdom it belongs to.
/// Walls of the player's kingdom do not stop anyone in solo play (SOLO RULES 1).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WallFile {
    pub between: [Square; 2],
    #[serde(default)]
    pub kingdom: Option<Seat>,
}

/// The board file as written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardFile {
    #[serde(flatten)]
    pub header: crate::datafile::Header,
    /// Every square a unit can stand on, castle spaces included.
    pub squares: Vec<Square>,
    /// The three spaces of each castle.
    pub castles: SeatMap<Vec<Square>>,
    /// Each kingdom's squares (its castle and the squares in front of it), for drawing.
    pub kingdoms: SeatMap<Vec<Square>>,
    /// The field: the nine central squares (INDEX: Holy Grail).
    pub field: Vec<Square>,
    /// The centremost square of the field.
    pub centre: Square,
    pub walls: Vec<WallFile>,
    /// Where each enemy castle places a spawned unit: its centre space first, then the
    /// fallback order when that space is taken (SOLO AI).
    pub spawn_order: EnemyMap<Vec<Square>>,
    /// The solo movement arrows of each enemy castle's units: from a square, the squares it
    /// may move to next, in order of preference (the first free one is taken).
    pub arrows: EnemyMap<BTreeMap<Square, Vec<Square>>>,
}

/// The playable grid of docs/game-facts.md: |x|,|y| <= 2 without the four corners, plus the castles.
fn standard_squares() -> Vec<Square> {
    Square::all()
        .filter(|s| {
            let (x, y) = (s.x().abs(), s.y().abs());
            (x <= 2 && y <= 2 && !(x == 2 && y == 2)) || (x == 3 && y <= 1) || (y == 3 && x <= 1)
        })
        .collect()
}

fn sq(x: i8, y: i8) -> Square {
    Square::new(x, y).unwrap_or_else(|| unreachable!("({x},{y}) is on the grid"))
}

impl BoardFile {
    /// The board of docs/game-facts.md with derived arrows and spawn order: what `board.json` ships.
    pub fn standard() -> BoardFile {
        let castles = SeatMap {
            player: vec![sq(-1, -3), sq(0, -3), sq(1, -3)],
            left: vec![sq(-3, -1), sq(-3, 0), sq(-3, 1)],
            across: vec![sq(-1, 3), sq(0, 3), sq(1, 3)],
            right: vec![sq(3, -1), sq(3, 0), sq(3, 1)],
        };
        let front = |c: &Vec<Square>, dx: i8, dy: i8| -> Vec<Square> {
            let mut k = c.clone();
            k.extend(c.iter().map(|s| sq(s.x() + dx, s.y() + dy)));
            k
        };
        let kingdoms = SeatMap {
            player: front(&castles.player, 0, 1),
            left: front(&castles.left, 1, 0),
            across: front(&castles.across, 0, -1),
            right: front(&castles.right, -1, 0),
        };
        let field: Vec<Square> = Square::all()
            .filter(|s| s.x().abs() <= 1 && s.y().abs() <= 1)
            .collect();
        // The field is walled on every side except the middle square of each side.
        let mut walls = Vec::new();
        for k in [-1, 1] {
            walls.push(WallFile {
                between: [sq(k, -2), sq(k, -1)],
                kingdom: Some(Seat::Player),
            });
            walls.push(WallFile {
                between: [sq(-2, k), sq(-1, k)],
                kingdom: Some(Seat::Left),
            });
            walls.push(WallFile {
                between: [sq(k, 1), sq(k, 2)],
                kingdom: Some(Seat::Across),
            });
            walls.push(WallFile {
                between: [sq(1, k), sq(2, k)],
                kingdom: Some(Seat::Right),
            });
        }
        let mut file = BoardFile {
            header: crate::datafile::Header::new(
                BOARD_KIND,
                true,
                "Grid from docs/game-facts.md (the designer's 2018 video-game prototype: coordinates -3..3, castles of 3 squares on each edge, the central 3x3 field walled with one gap per side). Arrows and spawn fallback order are not public: derived by Tablemate as shortest legal paths toward the player's castle.",
                "Sample data: check it against your printed board and replace this file with your own (tablemate furtherance board prints it; tablemate check FILE validates it). Squares are written a1..g7: files a-g west to east, ranks 1-7 from your castle (c1 d1 e1) to the castle across (c7 d7 e7).",
            ),
            squares: standard_squares(),
            castles,
            kingdoms,
            field,
            centre: sq(0, 0),
            walls,
            spawn_order: EnemyMap::default(),
            arrows: EnemyMap::default(),
        };
        file.derive_arrows_and_spawn_order();
        file
    }

    fn is_square(&self, s: Square) -> bool {
        self.squares.contains(&s)
    }

    fn castle_of(&self, s: Square) -> Option<Seat> {
        Seat::ALL
            .iter()
            .copied()
            .find(|seat| self.castles.get(*seat).contains(&s))
    }

    /// Is a wall between `a` and `b` that stops units in solo play (not the player's)?
    fn blocked(&self, a: Square, b: Square) -> bool {
        self.walls.iter().any(|w| {
            w.kingdom != Some(Seat::Player)
                && ((w.between[0] == a && w.between[1] == b)
                    || (w.between[0] == b && w.between[1] == a))
        })
    }

    /// May a unit of `seat` step from `a` to the orthogonal neighbour `b`?
    fn legal_step(&self, seat: Seat, a: Square, b: Square) -> bool {
        self.is_square(b)
            && a.dir_to(b).is_some()
            && !self.blocked(a, b)
            && self.castle_of(b).is_none_or(|owner| owner == seat)
    }

    /// Squares next to the player's castle (where enemy units end their march).
    fn goal(&self) -> BTreeSet<Square> {
        let mut goal = BTreeSet::new();
        for c in &self.castles.player {
            for &d in Dir::ALL {
                if let Some(n) = c.step(d)
                    && self.is_square(n)
                    && self.castle_of(n).is_none()
                    && !self.blocked(*c, n)
                {
                    goal.insert(n);
                }
            }
        }
        goal
    }

    /// Fewest legal steps from every square to the goal for units of `seat`.
    fn distances(&self, seat: Seat) -> [Option<u8>; CELLS] {
        let mut dist = [None; CELLS];
        let mut queue = VecDeque::new();
        for g in self.goal() {
            dist[g.index()] = Some(0u8);
            queue.push_back(g);
        }
        while let Some(s) = queue.pop_front() {
            let d = dist[s.index()].unwrap_or(0);
            for &dir in Dir::ALL {
                if let Some(p) = s.step(dir)
                    && dist[p.index()].is_none()
                    && self.is_square(p)
                    && self.legal_step(seat, p, s)
                {
                    dist[p.index()] = Some(d + 1);
                    queue.push_back(p);
                }
            }
        }
        dist
    }

    /// Replaces the arrows and spawn order with the derived ones: from every square a unit of
    /// that castle can stand on, the neighbours one step nearer the player's castle, preferring
    /// to leave the castle, then the square straight-line nearest the player's castle.
    pub fn derive_arrows_and_spawn_order(&mut self) {
        let target = self.castles.player.get(1).copied().unwrap_or(sq(0, -3));
        let goal = self.goal();
        for seat in Seat::ENEMIES {
            let dist = self.distances(seat);
            let mut arrows = BTreeMap::new();
            for s in &self.squares {
                if goal.contains(s) || self.castle_of(*s).is_some_and(|o| o != seat) {
                    continue;
                }
                let Some(d) = dist[s.index()] else { continue };
                let mut next: Vec<Square> = Dir::ALL
                    .iter()
                    .copied()
                    .filter_map(|dir| s.step(dir))
                    .filter(|n| {
                        dist[n.index()] == Some(d.wrapping_sub(1)) && self.legal_step(seat, *s, *n)
                    })
                    .collect();
                next.sort_by_key(|n| (self.castle_of(*n) == Some(seat), n.dist2(target), *n));
                if !next.is_empty() {
                    arrows.insert(*s, next);
                }
            }
            let castle = self.castles.get(seat).clone();
            let centre = castle_centre(&castle);
            let mut order: Vec<Square> = castle.clone();
            order.sort_by_key(|s| (Some(*s) != centre, dist[s.index()], *s));
            if let Some(a) = self.arrows.get_mut(seat) {
                *a = arrows;
            }
            if let Some(o) = self.spawn_order.get_mut(seat) {
                *o = order;
            }
        }
    }

    /// Checks the file; the error names the field and the problem.
    pub fn validate(&self) -> Result<(), DataFileError> {
        self.header.expect_kind(BOARD_KIND)?;
        if let Some((first, i, s)) = crate::datafile::first_repeat(&self.squares) {
            return Err(DataFileError::new(format!("squares[{i}]"), format!("{s} is listed twice, first at squares[{first}]")));
        }
        let mut in_castle = crate::datafile::FirstSeen::new();
        for &seat in Seat::ALL {
            let castle = self.castles.get(seat);
            if castle.len() != 3 {
                return Err(DataFileError::new(format!("castles.{seat}"), format!("a castle has 3 spaces (CASTLES), found {}", castle.len())));
            }
            for s in castle {
                if !self.is_square(*s) {
                    return Err(DataFileError::new(format!("castles.{seat}"), format!("{s} is not in squares")));
                }
                if let Some(other) = in_castle.again(*s, seat) {
                    return Err(DataFileError::new(format!("castles.{seat}"), format!("{s} is already a space of castles.{other}")));
                }
            }
            for s in self.kingdoms.get(seat) {
                if !self.is_square(*s) {
                    return Err(DataFileError::new(format!("kingdoms.{seat}"), format!("{s} is not in squares")));
                }
            }
            for s in castle {
                if !self.kingdoms.get(seat).contains(s) {
                    return Err(DataFileError::new(format!("kingdoms.{seat}"), format!("the kingdom must contain its castle space {s}")));
                }
            }
        }
        if self.field.len() != 9 {
            return Err(DataFileError::new("field", format!("the field is the 9 central squares (INDEX: Holy Grail), found {}", self.field.len())));
        }
        for s in &self.field {
            if !self.is_square(*s) {
                return Err(DataFileError::new("field", format!("{s} is not in squares")));
            }
            if in_castle.contains(s) {
                return Err(DataFileError::new("field", format!("{s} is a castle space")));
            }
        }
        if !self.field.contains(&self.centre) {
            return Err(DataFileError::new("centre", format!("{} is not in the field", self.centre)));
        }
        let mut wall_seen = crate::datafile::FirstSeen::new();
        for (i, w) in self.walls.iter().enumerate() {
            let [a, b] = w.between;
            let at = format!("walls[{i}] ({a}-{b})");
            if !self.is_square(a) || !self.is_square(b) {
                return Err(DataFileError::new(at.as_str(), "both sides of a wall must be in squares"));
            }
            if a.dir_to(b).is_none() {
                return Err(DataFileError::new(at.as_str(), "a wall stands between two squares side by side"));
            }
            if let Some(first) = wall_seen.again((a.min(b), a.max(b)), i) {
                return Err(DataFileError::new(at.as_str(), format!("this wall is listed twice, first at walls[{first}]")));
            }
        }
        if self.goal().is_empty() {
            return Err(DataFileError::new("castles.player", "no square next to your castle is open"));
        }
        for seat in Seat::ENEMIES {
            self.validate_enemy(seat)?;
        }
        Ok(())
    }

    fn validate_enemy(&self, seat: Seat) -> Result<(), DataFileError> {
        let castle = self.castles.get(seat);
        let order = self.spawn_order.get(seat).map(Vec::as_slice).unwrap_or(&[]);
        let mut sorted_order = order.to_vec();
        sorted_order.sort();
        let mut sorted_castle = castle.clone();
        sorted_castle.sort();
        if sorted_order != sorted_castle {
            return Err(DataFileError::new(format!("spawn_order.{seat}"), format!("must list the 3 spaces of castles.{seat} once each, centre first")));
        }
        if let Some(centre) = castle_centre(castle)
            && order.first() != Some(&centre)
        {
            return Err(DataFileError::new(format!("spawn_order.{seat}"), format!("must start at the castle's centre {centre}, where a spawn goes first (SOLO AI), not at {}", order[0])));
        }
        let empty = BTreeMap::new();
        let arrows = self.arrows.get(seat).unwrap_or(&empty);
        let goal = self.goal();
        for (from, to) in arrows {
            let at = format!("arrows.{seat}.{from}");
            if !self.is_square(*from) {
                return Err(DataFileError::new(at.as_str(), format!("{from} is not in squares")));
            }
            if goal.contains(from) {
                return Err(DataFileError::new(at.as_str(), format!("{from} is next to your castle, where enemy units stop: it takes no arrow")));
            }
            if let Some(owner) = self.castle_of(*from)
                && owner != seat
            {
                return Err(DataFileError::new(at.as_str(), format!("{from} is a space of castles.{owner}, which these units cannot enter")));
            }
            if to.is_empty() {
                return Err(DataFileError::new(at.as_str(), "the arrow points nowhere"));
            }
            for t in to {
                if from.dir_to(*t).is_none() {
                    return Err(DataFileError::new(at.as_str(), format!("{t} is not next to {from}")));
                }
                if !self.is_square(*t) {
                    return Err(DataFileError::new(at.as_str(), format!("{t} is not in squares")));
                }
                if self.blocked(*from, *t) {
                    return Err(DataFileError::new(at.as_str(), format!("a wall stands between {from} and {t}")));
                }
                if let Some(owner) = self.castle_of(*t)
                    && owner != seat
                {
                    return Err(DataFileError::new(at.as_str(), format!("{t} is a space of castles.{owner}, which these units cannot enter (CASTLES)")));
                }
                if !goal.contains(t) && !arrows.contains_key(t) {
                    return Err(DataFileError::new(at.as_str(), format!("leads to {t}, which has no arrow and is not next to your castle")));
                }
            }
        }
        for s in castle {
            if !arrows.contains_key(s) {
                return Err(DataFileError::new(format!("arrows.{seat}"), format!("castle space {s} has no arrow, so its units could never leave")));
            }
        }
        // Following the arrows must always end next to the player's castle: no loops.
        let mut state: BTreeMap<Square, u8> = BTreeMap::new(); // 1 visiting, 2 done
        fn visit(
            s: Square,
            arrows: &BTreeMap<Square, Vec<Square>>,
            state: &mut BTreeMap<Square, u8>,
        ) -> Result<(), Square> {
            match state.get(&s) {
                Some(2) => return Ok(()),
                Some(_) => return Err(s),
                None => {}
            }
            state.insert(s, 1);
            for t in arrows.get(&s).into_iter().flatten() {
                visit(*t, arrows, state)?;
            }
            state.insert(s, 2);
            Ok(())
        }
        for s in arrows.keys() {
            visit(*s, arrows, &mut state).map_err(|at| {
                DataFileError::new(
                    format!("arrows.{seat}"),
                    format!("the arrows go round in a loop through {at}"),
                )
            })?;
        }
        Ok(())
    }

    /// Parses and validates a board file's text.
    pub fn parse(text: &str) -> Result<BoardFile, DataFileError> {
        let file: BoardFile = crate::datafile::parse(text, BOARD_KIND)?;
        file.validate()?;
        Ok(file)
    }
}

/// `tablemate check` on a board file.
pub fn check_board_text(text: &str) -> Result<String, DataFileError> {
    let b = BoardFile::parse(text)?;
    Ok(format!(
        "{} squares, {} walls, arrows for 3 enemy castles{}",
        b.squares.len(),
        b.walls.len(),
        if b.header.sample_data {
            " (sample data)"
        } else {
            ""
        }
    ))
}

/// The centre space of a castle of three in a row: the one next to both others, wherever
/// the file lists it.
fn castle_centre(castle: &[Square]) -> Option<Square> {
    castle
        .iter()
        .copied()
        .find(|c| castle.iter().filter(|o| *o != c).all(|o| c.dist2(*o) == 1))
}

#[cfg(test)]
#[path = "board_file_tests.rs"]
mod tests;
