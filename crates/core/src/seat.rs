//! Seats at the table (docs/table-network.md): who sits at a game, and which seat may take
//! which action. Each engine implements [`Seated`] from its own state; the table network (the
//! `host` module) refuses an action from the wrong seat before the engine sees it. A leaf: no
//! I/O, no network, nothing but the game's own state.

use crate::doc::{Acted, Playable, Saved};

/// What a player seat plays: Near and Far seats carry a character, Worldspanner seats a team,
/// Furnace Duel and army seats the player's own name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plays {
    Character(String),
    Team(String),
    Player(String),
}

impl Plays {
    /// The field the seat list names it with (`"character"`, `"team"`, `"player"`).
    pub fn field(&self) -> &'static str {
        match self {
            Plays::Character(_) => "character",
            Plays::Team(_) => "team",
            Plays::Player(_) => "player",
        }
    }

    pub fn name(&self) -> &str {
        match self {
            Plays::Character(n) | Plays::Team(n) | Plays::Player(n) => n,
        }
    }
}

/// One player seat: its name (unique in the game: the player, or the team) and what it plays.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seat {
    pub name: String,
    pub plays: Plays,
}

/// The name of the read-only seat every shared game has (a tablet or TV beside the board).
pub const TABLE: &str = "table";

/// Who may take an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SeatRule {
    /// Only the seat of this name (its own character, team or army).
    Seat(String),
    /// Any player seat: the table's shared bookkeeping (the step of play, a Dome read).
    AnyPlayer,
    /// Only the laptop that hosts: setup, settings and corrections of the whole game.
    Host,
}

impl SeatRule {
    /// Whether the player seat `seat` may take an action under this rule.
    pub fn allows(&self, seat: &str) -> bool {
        match self {
            SeatRule::Seat(s) => s == seat,
            SeatRule::AnyPlayer => seat != TABLE,
            SeatRule::Host => false,
        }
    }
}

/// A game whose players each have a seat.
pub trait Seated: Playable {
    /// The player seats, from the state (the read-only table seat is added by the host).
    fn seats(&self) -> Vec<Seat>;
    /// Which seat may take `action`.
    fn seat_of(&self, action: &Self::Action) -> SeatRule;
    /// Whether `action` only makes sense from the state the player saw (answering a question,
    /// ending a step, finishing a session): sent from an older view it is refused as "the game
    /// moved on" instead of being applied to a state the player never saw.
    fn needs_fresh_view(&self, action: &Self::Action) -> bool;
}

/// Seat names must be unique: the first holder of a name keeps it, a later one becomes
/// "Ana (Vera)".
pub fn unique_names(seats: Vec<Seat>) -> Vec<Seat> {
    let mut out: Vec<Seat> = Vec::with_capacity(seats.len());
    for mut s in seats {
        if s.name == TABLE || out.iter().any(|o| o.name == s.name) {
            s.name = format!("{} ({})", s.name, s.plays.name());
        }
        out.push(s);
    }
    out
}

impl<T: Playable> Saved<T> {
    /// `Saved::act` for an action sent from a seat's phone: the history entry's label names
    /// the seat ("Ana's phone: Rin buys Fishing"); the same rules and refusals, nothing
    /// changes on a refusal.
    /// It is `Saved::act` itself, so the entry keeps the action for `tablemate replay`.
    pub fn act_from_seat(&mut self, seat: &str, action: T::Action) -> Result<Acted, T::Refusal> {
        self.record(action, false, Some(&format!("{seat}'s phone")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_repeated_seat_name_is_told_apart_by_what_it_plays() {
        let s = |n: &str, c: &str| Seat {
            name: n.into(),
            plays: Plays::Character(c.into()),
        };
        let names: Vec<String> =
            unique_names(vec![s("Ana", "Rin"), s("Ana", "Vera"), s("table", "Kiku")])
                .into_iter()
                .map(|s| s.name)
                .collect();
        assert_eq!(names, ["Ana", "Ana (Vera)", "table (Kiku)"]);
    }

    #[test]
    fn the_table_seat_may_take_no_action() {
        assert!(!SeatRule::AnyPlayer.allows(TABLE));
        assert!(SeatRule::AnyPlayer.allows("Ana"));
        assert!(!SeatRule::Host.allows("Ana"));
        assert!(SeatRule::Seat("Ana".into()).allows("Ana"));
        assert!(!SeatRule::Seat("Ana".into()).allows("Bo"));
    }
}
