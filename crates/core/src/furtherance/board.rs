//! The board as the engine uses it: the checked board file compiled into lookup tables
//! (playable squares, castle spaces, walls, arrows, arrow distances), and the geometric
//! questions the rules ask: can a unit step there, are two squares adjacent, what lies
//! within two moves, which squares touch a castle.

use serde::{Deserialize, Serialize};

use super::board_file::BoardFile;
use super::square::{CELLS, Dir, Seat, Square};

/// At most four arrow targets per square (one per direction).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Arrows {
    len: u8,
    to: [u8; 4],
}

impl Arrows {
    pub fn iter(&self) -> impl Iterator<Item = Square> + '_ {
        self.to[..self.len as usize]
            .iter()
            .filter_map(|i| Square::from_index(*i as usize))
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// The checked board. Saved (inside a game) as its file form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(into = "BoardFile", try_from = "BoardFile")]
pub struct Board {
    file: BoardFile,
    playable: u64,
    field: u64,
    castle_of: [Option<Seat>; CELLS],
    /// Directions a wall blocks from each cell (walls of the player's kingdom excluded:
    /// SOLO RULES 1 lets every unit through them as if they did not exist).
    walls: [u8; CELLS],
    /// The player's kingdom walls, kept only for drawing.
    player_walls: [u8; CELLS],
    /// Cells next to the player's castle, where enemy marches end.
    goal: u64,
    arrows: [[Arrows; CELLS]; 3],
    /// Fewest arrow steps to a goal cell, per enemy castle; 255 where no arrow leads.
    distance: [[u8; CELLS]; 3],
}

fn bit(s: Square) -> u64 {
    1u64 << s.index()
}

fn enemy_index(seat: Seat) -> Option<usize> {
    match seat {
        Seat::Player => None,
        Seat::Left => Some(0),
        Seat::Across => Some(1),
        Seat::Right => Some(2),
    }
}

impl TryFrom<BoardFile> for Board {
    type Error = crate::datafile::DataFileError;

    fn try_from(file: BoardFile) -> Result<Board, Self::Error> {
        file.validate()?;
        let mut board = Board {
            playable: file.squares.iter().fold(0, |m, s| m | bit(*s)),
            field: file.field.iter().fold(0, |m, s| m | bit(*s)),
            castle_of: [None; CELLS],
            walls: [0; CELLS],
            player_walls: [0; CELLS],
            goal: 0,
            arrows: [[Arrows::default(); CELLS]; 3],
            distance: [[u8::MAX; CELLS]; 3],
            file,
        };
        for &seat in Seat::ALL {
            for s in board.file.castles.get(seat) {
                board.castle_of[s.index()] = Some(seat);
            }
        }
        for w in &board.file.walls {
            let [a, b] = w.between;
            if let Some(d) = a.dir_to(b) {
                let table = if w.kingdom == Some(Seat::Player) {
                    &mut board.player_walls
                } else {
                    &mut board.walls
                };
                table[a.index()] |= d.bit();
                table[b.index()] |= d.opposite().bit();
            }
        }
        let goal: Vec<Square> = board
            .file
            .castles
            .player
            .iter()
            .flat_map(|c| board.neighbours(*c))
            .filter(|n| board.castle_of(*n).is_none())
            .collect();
        for n in goal {
            board.goal |= bit(n);
        }
        for seat in Seat::ENEMIES {
            let Some(e) = enemy_index(seat) else { continue };
            if let Some(map) = board.file.arrows.get(seat) {
                for (from, to) in map {
                    let mut a = Arrows::default();
                    for t in to.iter().take(4) {
                        a.to[a.len as usize] = t.index() as u8;
                        a.len += 1;
                    }
                    board.arrows[e][from.index()] = a;
                }
            }
            // Arrow distances by relaxation (the file was checked to have no loops).
            for s in Square::all() {
                if board.goal & bit(s) != 0 {
                    board.distance[e][s.index()] = 0;
                }
            }
            for _ in 0..CELLS {
                let mut changed = false;
                for s in Square::all() {
                    let best = board.arrows[e][s.index()]
                        .iter()
                        .map(|t| board.distance[e][t.index()])
                        .min()
                        .unwrap_or(u8::MAX);
                    if best < u8::MAX && best + 1 < board.distance[e][s.index()] {
                        board.distance[e][s.index()] = best + 1;
                        changed = true;
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        Ok(board)
    }
}

impl From<Board> for BoardFile {
    fn from(board: Board) -> BoardFile {
        board.file
    }
}

impl Board {
    /// The standard board (what the bundled `board.json` holds).
    pub fn standard() -> Board {
        Board::try_from(BoardFile::standard())
            .unwrap_or_else(|e| unreachable!("the standard board is valid: {e}"))
    }

    pub fn file(&self) -> &BoardFile {
        &self.file
    }

    pub fn is_sample(&self) -> bool {
        self.file.header.sample_data
    }

    pub fn is_square(&self, s: Square) -> bool {
        self.playable & bit(s) != 0
    }

    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        Square::all().filter(|s| self.is_square(*s))
    }

    pub fn in_field(&self, s: Square) -> bool {
        self.field & bit(s) != 0
    }

    pub fn centre(&self) -> Square {
        self.file.centre
    }

    /// Whose castle space `s` is, if any.
    pub fn castle_of(&self, s: Square) -> Option<Seat> {
        self.castle_of[s.index()]
    }

    pub fn castle(&self, seat: Seat) -> &[Square] {
        self.file.castles.get(seat)
    }

    pub fn kingdom(&self, seat: Seat) -> &[Square] {
        self.file.kingdoms.get(seat)
    }

    /// Enemy castle `seat`'s spawn spaces: centre first, then the fallback order.
    pub fn spawn_order(&self, seat: Seat) -> &[Square] {
        self.file
            .spawn_order
            .get(seat)
            .map(Vec::as_slice)
            .unwrap_or(&[])
    }

    /// Is there a wall that stops units between `s` and its neighbour in `dir`?
    pub fn wall(&self, s: Square, dir: Dir) -> bool {
        self.walls[s.index()] & dir.bit() != 0
    }

    /// A wall of the player's kingdom (drawn, but passable in solo play).
    pub fn player_wall(&self, s: Square, dir: Dir) -> bool {
        self.player_walls[s.index()] & dir.bit() != 0
    }

    /// Playable orthogonal neighbours of `s` not behind a wall: the squares one move away.
    pub fn neighbours(&self, s: Square) -> impl Iterator<Item = Square> + '_ {
        Dir::ALL
            .iter()
            .copied()
            .filter_map(move |d| s.step(d).filter(|n| self.is_square(*n) && !self.wall(s, d)))
    }

    /// One move apart (orthogonal, no wall between).
    pub fn adjacent(&self, a: Square, b: Square) -> bool {
        a.dir_to(b)
            .is_some_and(|d| self.is_square(a) && self.is_square(b) && !self.wall(a, d))
    }

    /// Is `s` one move from a space of `seat`'s castle (and not in that castle)?
    pub fn next_to_castle(&self, s: Square, seat: Seat) -> bool {
        self.castle_of(s) != Some(seat)
            && self.neighbours(s).any(|n| self.castle_of(n) == Some(seat))
    }

    /// May a unit of `owner` stand on `s`? Not in another player's castle (CASTLES).
    pub fn may_enter(&self, owner: Seat, s: Square) -> bool {
        self.is_square(s) && self.castle_of(s).is_none_or(|c| c == owner)
    }

    /// Is `s` next to the player's castle (where enemy marches end)?
    pub fn is_goal(&self, s: Square) -> bool {
        self.goal & bit(s) != 0
    }

    /// The arrow targets from `s` for units of enemy castle `seat`, in preference order.
    pub fn arrows(&self, seat: Seat, s: Square) -> Arrows {
        enemy_index(seat)
            .map(|e| self.arrows[e][s.index()])
            .unwrap_or_default()
    }

    /// Moves along `seat`'s arrows from `s` to the player's castle (255: no arrow leads there).
    pub fn distance(&self, seat: Seat, s: Square) -> u8 {
        enemy_index(seat)
            .map(|e| self.distance[e][s.index()])
            .unwrap_or(u8::MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(t: &str) -> Square {
        Square::parse(t).unwrap()
    }

    #[test]
    fn walls_block_the_field_except_at_the_gaps() {
        let b = Board::standard();
        assert!(!b.adjacent(s("b3"), s("c3")), "west wall");
        assert!(b.adjacent(s("b4"), s("c4")), "west gap");
        assert!(!b.adjacent(s("c5"), s("c6")), "north wall");
        assert!(b.adjacent(s("d5"), s("d6")), "north gap");
    }

    #[test]
    fn units_move_through_the_players_castle_walls_as_if_absent() {
        // SOLO RULES 1: the wall between c2 and c3 belongs to the player's kingdom.
        let b = Board::standard();
        assert!(b.player_wall(s("c2"), Dir::North));
        assert!(b.adjacent(s("c2"), s("c3")));
        assert!(b.adjacent(s("e3"), s("e2")));
    }

    #[test]
    fn arrow_distances_count_moves_to_the_players_castle() {
        let b = Board::standard();
        assert_eq!(b.distance(Seat::Left, s("c2")), 0);
        assert_eq!(b.distance(Seat::Left, s("c3")), 1);
        assert_eq!(b.distance(Seat::Left, s("a4")), 4);
        assert_eq!(b.distance(Seat::Left, s("a3")), 5);
        assert_eq!(b.distance(Seat::Across, s("d7")), 5);
        assert_eq!(b.distance(Seat::Right, s("g4")), 4);
    }

    #[test]
    fn only_the_three_squares_before_the_castle_touch_it() {
        let b = Board::standard();
        let touching: Vec<String> = b
            .squares()
            .filter(|x| b.next_to_castle(*x, Seat::Player))
            .map(|x| x.to_string())
            .collect();
        assert_eq!(touching, ["c2", "d2", "e2"]);
    }

    #[test]
    fn a_board_survives_save_and_load() {
        let b = Board::standard();
        let text = serde_json::to_string(&b).unwrap();
        let back: Board = serde_json::from_str(&text).unwrap();
        assert_eq!(back, b);
    }
}
