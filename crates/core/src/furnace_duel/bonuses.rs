//! Runner-up bonuses: after each game but the last, the runner-up keeps the board's bonus for
//! the rest of the campaign (CAMPAIGN MODE, page 8; each board in BOARDS DESCRIPTION, pages
//! 10-14). Which bonuses are in force in a game, marking the limited ones as used, the setup
//! reminders, and the Capitalist variant's choosing order.

use serde::Serialize;

use super::boards::{BoardId, BonusUsage};
use super::campaign::{BonusUse, Campaign};
use super::error::CampaignError;
use super::scoring::Seat;

/// A runner-up bonus in force during a game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeldBonus {
    pub holder: Seat,
    /// The game (1-based) in which it was won.
    pub from_game: usize,
    pub from_board: BoardId,
    pub name: String,
    pub summary: String,
    pub usage: BonusUsage,
    /// What was kept (which Ferry token, which Research card), as noted on the pad.
    pub note: String,
    /// The setup reminder, starting with the holder's name.
    pub reminder: String,
    /// For a limited bonus: the game (1-based) where it was used, if it was.
    pub used_in_game: Option<usize>,
    /// Whether it can still be used in this game (always true for bonuses always in effect).
    pub available: bool,
}

impl Campaign {
    /// The runner-up bonuses in force during game `index` (0-based): those won in earlier
    /// games, never the last game's (it gives none).
    pub fn bonuses_in(&self, index: usize) -> Vec<HeldBonus> {
        let outcomes = self.outcomes();
        let mut held = Vec::new();
        for (j, game) in self.games.iter().enumerate().take(index) {
            let (Some(Some(o)), false, Some(board)) = (
                outcomes.get(j),
                Campaign::is_last(j),
                self.board(game.board),
            ) else {
                continue;
            };
            let bonus = &board.runner_up_bonus;
            let holder = o.runner_up;
            let used_in_game = self.games.iter().enumerate().find_map(|(k, g)| {
                let used = g
                    .bonuses_used
                    .iter()
                    .any(|u| u.seat == holder && u.from_board == game.board);
                let counts = match bonus.usage {
                    BonusUsage::Always => false,
                    BonusUsage::OncePerGame => k == index,
                    BonusUsage::OncePerCampaign => k <= index,
                };
                (used && counts).then_some(k + 1)
            });
            held.push(HeldBonus {
                holder,
                from_game: j + 1,
                from_board: game.board,
                name: bonus.name.clone(),
                summary: bonus.summary.clone(),
                usage: bonus.usage,
                note: game.runner_up_note.clone(),
                reminder: format!("{} {}", self.name(holder), bonus.reminder),
                used_in_game,
                available: used_in_game.is_none(),
            });
        }
        held
    }

    /// Marks the bonus `seat` won on `from_board` as used in the current game. Bonuses always
    /// in effect cannot be marked; the Ferry token works once per game, the Research card once
    /// per campaign.
    pub fn use_bonus(&mut self, seat: Seat, from_board: BoardId) -> Result<(), CampaignError> {
        let index = self.current_index();
        let held = self.bonuses_in(index);
        let bonus = held
            .iter()
            .find(|b| b.holder == seat && b.from_board == from_board)
            .ok_or_else(|| self.not_held(seat, from_board))?;
        let limit = match bonus.usage {
            BonusUsage::Always => {
                return Err(CampaignError::BonusAlwaysOn {
                    bonus: bonus.name.clone(),
                });
            }
            BonusUsage::OncePerGame => "once in each later game",
            BonusUsage::OncePerCampaign => "only once in the whole campaign",
        };
        if let Some(game) = bonus.used_in_game {
            return Err(CampaignError::BonusAlreadyUsed {
                player: self.name(seat).to_string(),
                bonus: bonus.name.clone(),
                game,
                limit,
            });
        }
        self.current_mut()?
            .bonuses_used
            .push(BonusUse { seat, from_board });
        Ok(())
    }

    /// Takes back a bonus use marked in the current game (a correction).
    pub fn unuse_bonus(&mut self, seat: Seat, from_board: BoardId) -> Result<(), CampaignError> {
        let err = CampaignError::BonusNotUsed {
            player: self.name(seat).to_string(),
            bonus: self.board(from_board).map_or_else(
                || from_board.to_string(),
                |b| b.runner_up_bonus.name.clone(),
            ),
        };
        let game = self.current_mut()?;
        let before = game.bonuses_used.len();
        game.bonuses_used
            .retain(|u| !(u.seat == seat && u.from_board == from_board));
        if game.bonuses_used.len() == before {
            return Err(err);
        }
        Ok(())
    }

    fn not_held(&self, seat: Seat, from_board: BoardId) -> CampaignError {
        CampaignError::BonusNotHeld {
            player: self.name(seat).to_string(),
            bonus: self.board(from_board).map_or_else(
                || from_board.to_string(),
                |b| b.runner_up_bonus.name.clone(),
            ),
            board: self.board_name(from_board),
        }
    }

    /// With the Capitalist cards variant: who chooses a Capitalist and Start-up pair first in
    /// game `index` (the previous game's runner-up, from the second game on).
    pub fn capitalist_first_chooser(&self, index: usize) -> Option<Seat> {
        if !self.settings.capitalist_cards || index == 0 {
            return None;
        }
        self.outcome(index - 1).map(|o| o.runner_up)
    }

    /// Everything to remember while setting up game `index`: the Capitalist choosing order and
    /// each runner-up bonus in force.
    pub fn setup_reminders(&self, index: usize) -> Vec<crate::rules::Reminder> {
        use super::cites::ReminderKind;
        let mut lines = Vec::new();
        if let Some(seat) = self.capitalist_first_chooser(index) {
            lines.push(ReminderKind::CapitalistOrder.remind(format!(
                "Capitalist cards: {} (runner-up of game {index}) chooses a Capitalist and Start-up pair first; the first player is still decided at random.",
                self.name(seat)
            )));
        }
        for b in self.bonuses_in(index) {
            let mut line = b.reminder.clone();
            if !b.note.is_empty() {
                line += &format!(" (kept: {})", b.note);
            }
            if let Some(g) = b.used_in_game {
                line += &format!(" Already used in game {g}.");
            }
            lines.push(ReminderKind::RunnerUpBonus(b.from_board).remind(line));
        }
        lines
    }
}
