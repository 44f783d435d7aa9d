//! Board coordinates and seats: a `Square` on the 7x7 grid (written like a chess square,
//! "d4"), the four orthogonal directions units move in, and the four `Seat`s in clockwise
//! order (the player, then the Left, Across and Right enemy castles).

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use strum::VariantArray;

/// One square of the board. `x` runs west to east and `y` south to north, both -3..=3, with
/// the player's castle on the south edge (docs/game-facts.md: the designer's prototype grid).
/// Written as file `a`..`g` (x) and rank `1`..`7` (y): the player's castle is c1, d1, e1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    x: i8,
    y: i8,
}

/// Number of cells in the grid (7 x 7), for tables indexed by `Square::index`.
pub const CELLS: usize = 49;

impl Square {
    /// The square at (x, y), if both lie in -3..=3.
    pub const fn new(x: i8, y: i8) -> Option<Square> {
        if x >= -3 && x <= 3 && y >= -3 && y <= 3 {
            Some(Square { x, y })
        } else {
            None
        }
    }

    pub fn x(self) -> i8 {
        self.x
    }

    pub fn y(self) -> i8 {
        self.y
    }

    /// 0..49, row by row from the south-west corner.
    pub fn index(self) -> usize {
        ((self.y + 3) as usize) * 7 + (self.x + 3) as usize
    }

    pub fn from_index(index: usize) -> Option<Square> {
        if index >= CELLS {
            return None;
        }
        Square::new((index % 7) as i8 - 3, (index / 7) as i8 - 3)
    }

    /// Every cell of the grid, playable or not.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..CELLS).filter_map(Square::from_index)
    }

    /// The neighbour one step in `dir`, if it is on the grid.
    pub fn step(self, dir: Dir) -> Option<Square> {
        let (dx, dy) = dir.delta();
        Square::new(self.x + dx, self.y + dy)
    }

    /// The direction from `self` to an orthogonal neighbour `other`.
    pub fn dir_to(self, other: Square) -> Option<Dir> {
        Dir::ALL
            .iter()
            .copied()
            .find(|d| self.step(*d) == Some(other))
    }

    /// Squared straight-line distance (for tie-breaking arrow directions).
    pub fn dist2(self, other: Square) -> i32 {
        let dx = i32::from(self.x - other.x);
        let dy = i32::from(self.y - other.y);
        dx * dx + dy * dy
    }

    /// Parses "d4" (file a..g, rank 1..7).
    // Kept String: a typed square's refusal, shown verbatim by the CLI and the window.
    pub fn parse(text: &str) -> Result<Square, String> {
        let mut chars = text.trim().chars();
        let (Some(file), Some(rank), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(format!(
                "{text:?} is not a square (a file a-g then a rank 1-7, like \"d4\")"
            ));
        };
        let file = file.to_ascii_lowercase();
        if !('a'..='g').contains(&file) || !('1'..='7').contains(&rank) {
            return Err(format!(
                "{text:?} is not a square (a file a-g then a rank 1-7, like \"d4\")"
            ));
        }
        let x = (file as u8 - b'a') as i8 - 3;
        let y = (rank as u8 - b'1') as i8 - 3;
        Square::new(x, y).ok_or_else(|| format!("{text:?} is off the board"))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = (b'a' + (self.x + 3) as u8) as char;
        let rank = (b'1' + (self.y + 3) as u8) as char;
        write!(f, "{file}{rank}")
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let text = String::deserialize(d)?;
        Square::parse(&text).map_err(serde::de::Error::custom)
    }
}

/// The four directions a unit moves in (one space is one orthogonal step: the rulebook's
/// "can attack 2 spaces away" reaches a diagonal square, so a diagonal is two moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, VariantArray)]
pub enum Dir {
    North,
    East,
    South,
    West,
}

impl Dir {
    /// The four directions, in the order declared (clockwise from North).
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn delta(self) -> (i8, i8) {
        match self {
            Dir::North => (0, 1),
            Dir::East => (1, 0),
            Dir::South => (0, -1),
            Dir::West => (-1, 0),
        }
    }

    pub fn bit(self) -> u8 {
        match self {
            Dir::North => 1,
            Dir::East => 2,
            Dir::South => 4,
            Dir::West => 8,
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::North => Dir::South,
            Dir::East => Dir::West,
            Dir::South => Dir::North,
            Dir::West => Dir::East,
        }
    }
}

/// A seat at the table, in clockwise order: the player, then the enemy castles to the
/// player's left, across, and right (RULINGS: Furtherance solo, castle order).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    Default,
    VariantArray,
)]
#[serde(rename_all = "kebab-case")]
pub enum Seat {
    #[default]
    Player,
    Left,
    Across,
    Right,
}

impl Seat {
    /// Every seat, clockwise as declared; `index` counts in the same order.
    pub const ALL: &[Self] = Self::VARIANTS;
    /// The enemy castles in turn order.
    pub const ENEMIES: [Seat; 3] = [Seat::Left, Seat::Across, Seat::Right];

    pub fn index(self) -> usize {
        match self {
            Seat::Player => 0,
            Seat::Left => 1,
            Seat::Across => 2,
            Seat::Right => 3,
        }
    }

    /// The next seat clockwise.
    pub fn next(self) -> Seat {
        match self {
            Seat::Player => Seat::Left,
            Seat::Left => Seat::Across,
            Seat::Across => Seat::Right,
            Seat::Right => Seat::Player,
        }
    }

    pub fn is_enemy(self) -> bool {
        self != Seat::Player
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Seat::Player => "player",
            Seat::Left => "left",
            Seat::Across => "across",
            Seat::Right => "right",
        }
    }

    /// "Left castle", "your castle".
    pub fn castle_name(self) -> &'static str {
        match self {
            Seat::Player => "your castle",
            Seat::Left => "Left castle",
            Seat::Across => "Across castle",
            Seat::Right => "Right castle",
        }
    }

    /// "the Left castle", "your castle": a castle in a sentence.
    pub fn the_castle(self) -> &'static str {
        match self {
            Seat::Player => "your castle",
            Seat::Left => "the Left castle",
            Seat::Across => "the Across castle",
            Seat::Right => "the Right castle",
        }
    }

    /// Possessive for a unit: "your", "Left's".
    pub fn owner_word(self) -> &'static str {
        match self {
            Seat::Player => "your",
            Seat::Left => "Left's",
            Seat::Across => "Across's",
            Seat::Right => "Right's",
        }
    }

    pub fn parse(text: &str) -> Option<Seat> {
        Seat::ALL
            .iter()
            .copied()
            .find(|s| s.as_str().eq_ignore_ascii_case(text.trim()))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_are_written_like_chess_squares() {
        let d1 = Square::new(0, -3).unwrap();
        assert_eq!(d1.to_string(), "d1");
        assert_eq!(Square::parse("a7").unwrap(), Square::new(-3, 3).unwrap());
        assert_eq!(Square::parse("G1").unwrap(), Square::new(3, -3).unwrap());
        assert!(Square::parse("h1").is_err());
        assert!(Square::parse("d8").is_err());
        assert!(Square::parse("d").is_err());
    }

    #[test]
    fn square_index_round_trips() {
        for s in Square::all() {
            assert_eq!(Square::from_index(s.index()), Some(s));
        }
        assert_eq!(Square::all().count(), CELLS);
    }

    #[test]
    fn seats_go_clockwise_player_left_across_right() {
        assert_eq!(Seat::Player.next(), Seat::Left);
        assert_eq!(Seat::Left.next(), Seat::Across);
        assert_eq!(Seat::Across.next(), Seat::Right);
        assert_eq!(Seat::Right.next(), Seat::Player);
    }
}
