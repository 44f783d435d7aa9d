//! Furnace Duel at the table network (docs/table-network.md): one seat per player. A seat
//! claims and withdraws its own achievements and bonuses and enters its own tally; the game's final tallies, the next
//! board and the runner-up's note are the table's (either player enters them).

use super::{Action, Campaign, Seat as Side};
use crate::seat::{Plays, Seat, SeatRule, Seated};

impl Campaign {
    fn seat_rule(&self, side: &Side) -> SeatRule {
        SeatRule::Seat(self.players[side.index()].clone())
    }
}

impl Seated for Campaign {
    fn seats(&self) -> Vec<Seat> {
        self.players
            .iter()
            .map(|p| Seat {
                name: p.clone(),
                plays: Plays::Player(p.clone()),
            })
            .collect()
    }

    fn seat_of(&self, action: &Action) -> SeatRule {
        match action {
            Action::ClaimBoard { seat }
            | Action::ClaimGeneral { seat, .. }
            | Action::WithdrawGeneral { seat, .. }
            | Action::UseBonus { seat, .. }
            | Action::UnuseBonus { seat, .. }
            | Action::RecordTally { seat, .. } => self.seat_rule(seat),
            Action::RecordResult { .. }
            | Action::WithdrawBoard {}
            | Action::SetRunnerUpNote { .. }
            | Action::NextBoard { .. } => SeatRule::AnyPlayer,
        }
    }

    fn needs_fresh_view(&self, action: &Action) -> bool {
        matches!(
            action,
            Action::RecordResult { .. } | Action::NextBoard { .. }
        )
    }
}
