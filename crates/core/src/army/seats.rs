//! The army game at the table network (docs/table-network.md): one seat per general. A seat
//! writes, hides and shows its own army and acts for its own followers; starting play is the
//! table's; a turn is ended only by the general whose turn it is (another player's phone must
//! not end it for them).

use super::{Action, ArmyGame, Phase};
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
            Action::EndTurn {} => match self.phase {
                Phase::Playing { turn } => self.seat_rule(turn),
                // Outside play the engine refuses it, with its own reason.
                Phase::Building | Phase::Over { .. } => SeatRule::AnyPlayer,
            },
            Action::Start { .. } => SeatRule::AnyPlayer,
        }
    }

    fn needs_fresh_view(&self, action: &Action) -> bool {
        matches!(
            action,
            Action::Start { .. } | Action::EndTurn {} | Action::Attack { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn playing(turn: usize) -> ArmyGame {
        let table = super::super::FollowerTable::bundled().expect("the bundled followers");
        let mut g =
            ArmyGame::new(vec!["Ann".to_string(), "Bob".to_string()], table).expect("two players");
        g.phase = Phase::Playing { turn };
        g
    }

    #[test]
    fn only_the_general_whose_turn_it_is_may_end_it() {
        let g = playing(0);
        let rule = g.seat_of(&Action::EndTurn {});
        assert!(rule.allows("Ann"));
        assert!(!rule.allows("Bob"), "Bob's phone must not end Ann's turn");
        let g = playing(1);
        assert!(g.seat_of(&Action::EndTurn {}).allows("Bob"));
        assert!(!g.seat_of(&Action::EndTurn {}).allows("Ann"));
    }
}
