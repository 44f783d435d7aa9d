//! The glory board's hand entries: a marker captured on a Faction key (an enemy marker comes
//! off first, p. 14), tribute given to Lith's Chamber (p. 17) and a glory card set aside.

use super::error::{AdventureError, RuleError, add_up};
use super::game::Game;
use super::team::TeamSide;
use super::victory::{Capture, Faction};

impl Game {
    pub(super) fn capture(
        &mut self,
        team: TeamSide,
        faction: Faction,
        space: usize,
    ) -> Result<Vec<String>, RuleError> {
        let result = self.key_mut(faction)?.capture(space, team)?;
        Ok(vec![match result {
            Capture::Placed => format!("{team} marker placed"),
            Capture::RemovedEnemy => "enemy marker removed; none placed (p. 14)".into(),
            Capture::AlreadyOurs => "already captured".into(),
        }])
    }

    pub(super) fn tribute(
        &mut self,
        team: TeamSide,
        amount: u32,
    ) -> Result<Vec<String>, RuleError> {
        if amount == 0 {
            return Err(AdventureError::NoTribute.into());
        }
        self.lith.give(team, amount)?;
        Ok(vec![match self.lith.holder {
            Some(t) => format!("Lith's Chamber: {t} {}", self.lith.amount),
            None => "Lith's Chamber: no tribute; the marker comes off".into(),
        }])
    }

    pub(super) fn glory_card(&mut self, team: TeamSide) -> Result<Vec<String>, RuleError> {
        let t = self.team_mut(team);
        t.glory_cards = add_up(|| format!("{team}'s glory cards"), t.glory_cards, 1)?;
        Ok(vec![format!(
            "{team} set aside a glory card: 1 glory at game end"
        )])
    }
}
