//! Furtherance solo at the table network (docs/table-network.md): no player seat, only the
//! read-only table seat (the enemy turn step by step for a tablet beside the board). Every
//! action stays with the laptop.

use super::{Action, Game};
use crate::seat::{Seat, SeatRule, Seated};

impl Seated for Game {
    fn seats(&self) -> Vec<Seat> {
        Vec::new()
    }

    fn seat_of(&self, _action: &Action) -> SeatRule {
        SeatRule::Host
    }

    fn needs_fresh_view(&self, _action: &Action) -> bool {
        true
    }
}
