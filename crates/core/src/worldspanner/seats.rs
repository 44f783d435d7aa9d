//! Worldspanner at the table network (docs/table-network.md): one seat per team. A team's seat
//! acts for its own heroes and its own deck; the step of play belongs to the active team; the
//! odds setting, corrections after the end and a replaced deck stay with the host.

use super::play::Action;
use super::{Game, TeamSide};
use crate::seat::{Plays, Seat, SeatRule, Seated};

fn team(side: TeamSide) -> SeatRule {
    SeatRule::Seat(side.name().to_string())
}

impl Seated for Game {
    fn seats(&self) -> Vec<Seat> {
        TeamSide::BOTH
            .iter()
            .map(|t| Seat {
                name: t.name().to_string(),
                plays: Plays::Team(t.name().to_string()),
            })
            .collect()
    }

    fn seat_of(&self, action: &Action) -> SeatRule {
        match action {
            Action::Read { then, .. } => self.seat_of(then),
            Action::NextStep {} => team(self.rounds.active),
            Action::Reinforce { hero }
            | Action::Dismiss { hero }
            | Action::Banish { hero }
            | Action::LeaveDome { hero }
            | Action::Move { hero }
            | Action::PassMelee { hero }
            | Action::Adventure { hero, .. }
            | Action::Paid { hero, .. }
            | Action::Wound { hero, .. }
            | Action::Heal { hero, .. }
            | Action::GainBoosts { hero, .. }
            | Action::UseBoost { hero }
            | Action::Gold { hero, .. }
            | Action::PickUp { hero, .. }
            | Action::RaiseFromUnderpit { hero }
            | Action::Renew { hero } => team(hero.team),
            Action::Attack { attacker, .. } => team(attacker.team),
            Action::Challenge { team: t, .. }
            | Action::Capture { team: t, .. }
            | Action::Tribute { team: t, .. }
            | Action::GloryCard { team: t }
            | Action::Deck { team: t, .. }
            | Action::DeckMode { team: t, .. } => team(*t),
            // Whether heroes in a Dome were surrounded: the active team's to say.
            Action::Answer { .. } if !self.surrounded_asked.is_empty() => team(self.rounds.active),
            // Where a dismissed or banished hero goes, and the Domes read off the table:
            // whoever stands at the board.
            Action::Place { .. } | Action::Answer { .. } | Action::ReadDomes { .. } => {
                SeatRule::AnyPlayer
            }
            Action::Reopen {} | Action::OddsOver { .. } | Action::ReplaceDeck { .. } => {
                SeatRule::Host
            }
        }
    }

    fn needs_fresh_view(&self, action: &Action) -> bool {
        match action {
            Action::Read { then, .. } => self.needs_fresh_view(then),
            // Ending a step twice skips one nobody saw; a placement answers one question.
            Action::NextStep {} | Action::Place { .. } | Action::Answer { .. } => true,
            _ => false,
        }
    }
}
