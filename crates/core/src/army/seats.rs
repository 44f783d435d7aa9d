//! The army game at the table network (docs/table-network.md): one seat per general. A seat
//! writes, hides and shows its own army and acts for its own followers; starting play and
//! ending a turn are the table's.

use super::{Action, ArmyGame};
use crate::seat::{Plays, Seat, SeatRule, Seated};

impl ArmyGame {
    fn seat_rule(&self, player: usize) -> SeatRule {
        self.players
            .get(player)
            .map_or(SeatRule::Host, |p| SeatRule::Seat(p.name.clone()))
    }
}

impl Seated for ArmyGame {
    fn seats(&self) -> Vec<Seat> {
        self.players
            .iter()
            .map(|p| Seat {
                name: p.name.clone(),
                plays: Plays::Player(p.name.clone()),
            })
            .collect()
    }

    fn seat_of(&self, action: &Action) -> SeatRule {
        match action {
            Action::Recruit { player, .. }
            | Action::Dismiss { player, .. }
            | Action::Hide { player }
            | Action::Show { player } => self.seat_rule(*player),
            Action::Attack { attacker: f, .. }
            | Action::Promote { follower: f, .. }
            | Action::SetByHand { follower: f, .. }
            | Action::DamageByHand { follower: f, .. }
            | Action::Become { follower: f, .. }
            | Action::GatherResourceCard { follower: f } => self.seat_rule(f.player),
            Action::Start { .. } | Action::EndTurn {} => SeatRule::AnyPlayer,
        }
    }

    fn needs_fresh_view(&self, action: &Action) -> bool {
        matches!(
            action,
            Action::Start { .. } | Action::EndTurn {} | Action::Attack { .. }
        )
    }
}
