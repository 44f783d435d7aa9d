//! Near and Far at the table network (docs/table-network.md): one seat per character still
//! playing, named after its player. A seat keeps its own character's card (quests, rewards,
//! talents, threats it defeats); sessions, settings and corrections stay with the host.

use super::campaign::{Action, Campaign};
use crate::seat::{Plays, Seat, SeatRule, Seated, unique_names};

impl Campaign {
    fn seat_of_character(&self, character: &str) -> SeatRule {
        let Ok(sheet) = self.sheet(character) else {
            // An unknown name: the engine refuses it with its own rule; only the host may try.
            return SeatRule::Host;
        };
        self.seats()
            .into_iter()
            .find(|s| s.plays.name() == sheet.character)
            .map_or(SeatRule::Host, |s| SeatRule::Seat(s.name))
    }
}

impl Seated for Campaign {
    fn seats(&self) -> Vec<Seat> {
        unique_names(
            self.sheets
                .iter()
                .filter(|s| s.retired_after.is_none())
                .map(|s| Seat {
                    name: s.player.clone(),
                    plays: Plays::Character(s.character.clone()),
                })
                .collect(),
        )
    }

    fn seat_of(&self, action: &Action) -> SeatRule {
        match action {
            Action::DefeatThreat { character, .. }
            | Action::DefeatBoss { character, .. }
            | Action::RecordQuest { character, .. }
            | Action::CrossOutSideQuest { character, .. }
            | Action::BuyTalent { character, .. }
            | Action::WriteNextQuest { character, .. }
            | Action::NoteReward { character, .. } => self.seat_of_character(character),
            // A phone enters its own player's column of the score sheet.
            Action::ScorePlayer { count } => self.seat_of_character(&count.name),
            // The card in everyone's view: any player may copy its name onto the books.
            Action::NameThreat { .. } => SeatRule::AnyPlayer,
            Action::StartSession { .. }
            | Action::SkipMap { .. }
            | Action::Correct { .. }
            | Action::FinishSession { .. }
            | Action::AddCharacter { .. }
            | Action::RetireCharacter { .. }
            | Action::SetCardPoints { .. }
            | Action::SetSettings { .. }
            | Action::RememberCards { .. } => SeatRule::Host,
        }
    }

    fn needs_fresh_view(&self, action: &Action) -> bool {
        // Defeating "the active threat" means the one the player saw.
        matches!(
            action,
            Action::DefeatThreat { level: None, .. } | Action::DefeatBoss { .. }
        )
    }
}
