//! Achievements (CAMPAIGN MODE: Achievements, page 8): the four General Achievements, each worth
//! 5 Campaign Points once per player per campaign, and each board's special achievement, which
//! goes to the first player to reach it in that game (docs/rulings.md, Furnace Duel).

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::campaign::Campaign;
use super::error::CampaignError;
use super::scoring::Seat;

/// Campaign Points for each General Achievement (page 8).
pub const GENERAL_ACHIEVEMENT_POINTS: u32 = 5;

/// Leftover resources needed for the "hoard" General Achievement.
pub const HOARD_RESOURCES: u32 = 20;

/// Money gap needed for the "landslide" General Achievement.
pub const LANDSLIDE_GAP: u32 = 30;

/// The four General Achievements, claimable in any game of the campaign.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, VariantArray,
)]
#[serde(rename_all = "kebab-case")]
pub enum GeneralAchievement {
    /// A continuous chain of at least 8 claimed routes of your colour.
    ChainOfEightRoutes,
    /// Three or more Company cards upgraded at once through City effects.
    TripleUpgrade,
    /// At least 20 leftover resources at the game end.
    TwentyResources,
    /// Winning a game by 30 money or more.
    WinByThirty,
}

impl GeneralAchievement {
    /// The four, as declared: the order the pad and the CLI list them in.
    pub const ALL: &[Self] = Self::VARIANTS;

    /// A short name for the pad's columns and messages.
    pub fn title(self) -> &'static str {
        match self {
            GeneralAchievement::ChainOfEightRoutes => "chain of 8 routes",
            GeneralAchievement::TripleUpgrade => "3 upgrades at once",
            GeneralAchievement::TwentyResources => "20 leftover resources",
            GeneralAchievement::WinByThirty => "win by 30 money",
        }
    }

    /// What it takes, in our own words.
    pub fn summary(self) -> &'static str {
        match self {
            GeneralAchievement::ChainOfEightRoutes => {
                "An unbroken chain of 8 or more routes claimed in your colour on the board."
            }
            GeneralAchievement::TripleUpgrade => {
                "Upgrade three or more Company cards in one go with City effects on the board."
            }
            GeneralAchievement::TwentyResources => {
                "End the game holding 20 or more leftover resources."
            }
            GeneralAchievement::WinByThirty => {
                "Win the game with at least 30 money more than your opponent."
            }
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GeneralAchievement::ChainOfEightRoutes => "chain-of-eight-routes",
            GeneralAchievement::TripleUpgrade => "triple-upgrade",
            GeneralAchievement::TwentyResources => "twenty-resources",
            GeneralAchievement::WinByThirty => "win-by-thirty",
        }
    }

    pub fn parse(s: &str) -> Option<GeneralAchievement> {
        let s = s.trim().to_ascii_lowercase().replace([' ', '_'], "-");
        GeneralAchievement::ALL
            .iter()
            .copied()
            .find(|a| a.as_str() == s)
    }
}

/// A General Achievement scored by `seat` in the game that holds this claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    pub seat: Seat,
    pub achievement: GeneralAchievement,
}

impl Campaign {
    /// Where `seat` already scored `achievement`: (game index, board).
    pub fn general_scored(
        &self,
        seat: Seat,
        achievement: GeneralAchievement,
    ) -> Option<(usize, super::BoardId)> {
        self.games.iter().enumerate().find_map(|(i, g)| {
            g.general_achievements
                .iter()
                .any(|c| c.seat == seat && c.achievement == achievement)
                .then_some((i, g.board))
        })
    }

    /// `seat` scores `achievement` in the current game, unless they already scored it in this
    /// campaign or the entered result shows they did not reach it.
    pub fn claim_general(
        &mut self,
        seat: Seat,
        achievement: GeneralAchievement,
    ) -> Result<(), CampaignError> {
        if let Some((game, board)) = self.general_scored(seat, achievement) {
            return Err(CampaignError::GeneralAlreadyScored {
                player: self.name(seat).to_string(),
                achievement: achievement.title(),
                game: game + 1,
                board: self.board_name(board),
            });
        }
        if let Some(why) = self.unmet(self.current_index(), seat, achievement, true) {
            return Err(CampaignError::ConditionNotMet {
                player: self.name(seat).to_string(),
                achievement: achievement.title(),
                why,
            });
        }
        self.current_mut()?
            .general_achievements
            .push(Claim { seat, achievement });
        Ok(())
    }

    /// Takes back a General Achievement claimed in the current game (a correction).
    pub fn withdraw_general(
        &mut self,
        seat: Seat,
        achievement: GeneralAchievement,
    ) -> Result<(), CampaignError> {
        let player = self.name(seat).to_string();
        let game = self.current_mut()?;
        let before = game.general_achievements.len();
        game.general_achievements
            .retain(|c| !(c.seat == seat && c.achievement == achievement));
        if game.general_achievements.len() == before {
            return Err(CampaignError::GeneralNotClaimed {
                player,
                achievement: achievement.title(),
            });
        }
        Ok(())
    }

    /// `seat` reached the current board's special achievement first.
    pub fn claim_board_achievement(&mut self, seat: Seat) -> Result<(), CampaignError> {
        let board_id = self
            .current()
            .map(|g| g.board)
            .ok_or(CampaignError::CampaignOver)?;
        let board = self.board_name(board_id);
        if self
            .board(board_id)
            .and_then(|b| b.special_achievement.as_ref())
            .is_none()
        {
            return Err(CampaignError::NoSpecialAchievement { board });
        }
        if let Some(holder) = self.current().and_then(|g| g.board_achievement) {
            return Err(CampaignError::BoardAchievementTaken {
                holder: self.name(holder).to_string(),
                board,
            });
        }
        self.current_mut()?.board_achievement = Some(seat);
        Ok(())
    }

    /// Takes back the current game's special achievement claim (a correction).
    pub fn withdraw_board_achievement(&mut self) -> Result<(), CampaignError> {
        let board_id = self
            .current()
            .map(|g| g.board)
            .ok_or(CampaignError::CampaignOver)?;
        let board = self.board_name(board_id);
        let game = self.current_mut()?;
        if game.board_achievement.take().is_none() {
            return Err(CampaignError::BoardAchievementNotClaimed { board });
        }
        Ok(())
    }

    /// Why `seat` has not met `achievement` in game `index`, judging by the entered result.
    /// Achievements reached during play (routes, upgrades) are taken on the players' word.
    /// With `before_result`, a game without a result yet cannot confirm an end-of-game claim.
    pub(crate) fn unmet(
        &self,
        index: usize,
        seat: Seat,
        achievement: GeneralAchievement,
        before_result: bool,
    ) -> Option<String> {
        let game = self.games.get(index)?;
        match achievement {
            GeneralAchievement::ChainOfEightRoutes | GeneralAchievement::TripleUpgrade => None,
            GeneralAchievement::TwentyResources => match &game.result {
                None if before_result => {
                    Some("it is judged at the game end: enter the game's result first".into())
                }
                None => None,
                Some(r) => {
                    let have = r.tallies[seat.index()].resources;
                    (have < HOARD_RESOURCES).then(|| {
                        format!("the result shows {have} leftover resources, {HOARD_RESOURCES} are needed")
                    })
                }
            },
            GeneralAchievement::WinByThirty => match self.outcome(index) {
                None if before_result => {
                    Some("it is judged at the game end: enter the game's result first".into())
                }
                None => None,
                Some(o) if o.winner != seat => Some(format!(
                    "{} won this game, not {}",
                    self.name(o.winner),
                    self.name(seat)
                )),
                Some(o) if o.gap < LANDSLIDE_GAP => Some(format!(
                    "the winning gap is {} money, {LANDSLIDE_GAP} are needed",
                    o.gap
                )),
                Some(_) => None,
            },
        }
    }

    /// Every General Achievement claimed in game `index` still holds under its result.
    pub(crate) fn check_claims_hold(&self, index: usize) -> Result<(), CampaignError> {
        let Some(game) = self.games.get(index) else {
            return Ok(());
        };
        for c in &game.general_achievements {
            if let Some(why) = self.unmet(index, c.seat, c.achievement, false) {
                return Err(CampaignError::ResultBreaksClaim {
                    player: self.name(c.seat).to_string(),
                    achievement: c.achievement.title(),
                    why,
                });
            }
        }
        Ok(())
    }
}
