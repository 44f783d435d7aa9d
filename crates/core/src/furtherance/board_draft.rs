//! Your board as the board editor changes it: an enemy castle's arrow set by naming a square
//! and the square it points to, the spawn fallback order set by naming the castle spaces in
//! order, "derive from walls", and the loader's check (`BoardFile::validate`) with the
//! squares its message names, so the screen can draw them in red. No I/O.

use super::board_file::BoardFile;
use super::square::{Seat, Square};

/// The loader's verdict on a board being edited: what is wrong and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardProblem {
    pub text: String,
    /// The squares the message names (drawn in red).
    pub squares: Vec<Square>,
}

/// Sets `seat`'s arrow from `from` to point at `to` only (replacing its old targets); `to`
/// equal to `from` removes the arrow.
pub fn set_arrow(file: &mut BoardFile, seat: Seat, from: Square, to: Square) {
    if let Some(arrows) = file.arrows.get_mut(seat) {
        if to == from {
            arrows.remove(&from);
        } else {
            arrows.insert(from, vec![to]);
        }
    }
}

/// Adds `space` to the spawn order being clicked for `seat` (`so_far`); once every space of
/// the castle is named, the order is set and returned.
// Kept String: the board editor's message, shown verbatim.
pub fn click_spawn_space(
    file: &mut BoardFile,
    seat: Seat,
    so_far: &mut Vec<Square>,
    space: Square,
) -> Result<Option<Vec<Square>>, String> {
    let castle = file.castles.get(seat).clone();
    if !castle.contains(&space) {
        return Err(format!(
            "{space} is not a space of the {} castle: click its castle spaces, centre first",
            seat.as_str()
        ));
    }
    if so_far.contains(&space) {
        return Err(format!(
            "{space} is already number {} in the order",
            so_far.iter().position(|s| *s == space).map_or(0, |i| i + 1)
        ));
    }
    so_far.push(space);
    if so_far.len() < castle.len() {
        return Ok(None);
    }
    let order = std::mem::take(so_far);
    if let Some(o) = file.spawn_order.get_mut(seat) {
        *o = order.clone();
    }
    Ok(Some(order))
}

/// The loader's check of `file`, with the squares its message names.
pub fn problem(file: &BoardFile) -> Option<BoardProblem> {
    let text = file.validate().err()?.to_string();
    let mut squares: Vec<Square> = text
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() == 2)
        .filter_map(|w| Square::parse(w).ok())
        .filter(|s| file.squares.contains(s))
        .collect();
    squares.dedup();
    Some(BoardProblem { text, squares })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(t: &str) -> Square {
        Square::parse(t).unwrap()
    }

    #[test]
    fn an_arrow_through_a_wall_is_named_with_its_squares() {
        let mut f = BoardFile::standard();
        assert_eq!(problem(&f), None);
        // b3 to c3 crosses the Left kingdom's wall.
        set_arrow(&mut f, Seat::Left, sq("b3"), sq("c3"));
        let p = problem(&f).unwrap();
        assert!(
            p.text.contains("a wall stands between b3 and c3"),
            "{}",
            p.text
        );
        assert!(p.squares.contains(&sq("b3")) && p.squares.contains(&sq("c3")));
        f.derive_arrows_and_spawn_order();
        assert_eq!(problem(&f), None, "derive from walls mends it");
    }

    #[test]
    fn an_arrow_loop_is_refused() {
        let mut f = BoardFile::standard();
        set_arrow(&mut f, Seat::Across, sq("d5"), sq("d4"));
        set_arrow(&mut f, Seat::Across, sq("d4"), sq("d5"));
        let p = problem(&f).unwrap();
        assert!(
            p.text.contains("loop") || p.text.contains("circle"),
            "{}",
            p.text
        );
    }

    #[test]
    fn the_spawn_order_is_set_by_clicking_the_castle_spaces_in_order() {
        let mut f = BoardFile::standard();
        let mut so_far = Vec::new();
        assert!(click_spawn_space(&mut f, Seat::Left, &mut so_far, sq("d4")).is_err());
        assert_eq!(
            click_spawn_space(&mut f, Seat::Left, &mut so_far, sq("a4")),
            Ok(None)
        );
        assert!(click_spawn_space(&mut f, Seat::Left, &mut so_far, sq("a4")).is_err());
        assert_eq!(
            click_spawn_space(&mut f, Seat::Left, &mut so_far, sq("a5")),
            Ok(None)
        );
        let done = click_spawn_space(&mut f, Seat::Left, &mut so_far, sq("a3")).unwrap();
        assert_eq!(done, Some(vec![sq("a4"), sq("a5"), sq("a3")]));
        assert_eq!(f.spawn_order.left, vec![sq("a4"), sq("a5"), sq("a3")]);
        assert_eq!(problem(&f), None);
    }

    #[test]
    fn a_castle_space_without_an_arrow_is_named() {
        let mut f = BoardFile::standard();
        set_arrow(&mut f, Seat::Right, sq("g4"), sq("g4"));
        let p = problem(&f).unwrap();
        assert!(p.squares.contains(&sq("g4")), "{p:?}");
    }
}
