//! The campaign scoring pad as a table: one row per game with each player's Campaign Points
//! (winner's points, board achievement, General Achievements), the last game's final scores,
//! the column totals and the campaign winner (CAMPAIGN MODE, page 8; docs/rulings.md: highest total,
//! tie to more Campaign Points).

use serde::Serialize;

use super::achievements::GENERAL_ACHIEVEMENT_POINTS;
use super::boards::BoardId;
use super::campaign::{Campaign, GAMES_PER_CAMPAIGN};
use super::scoring::{DecidedBy, Seat};

/// One game's line on the pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    /// 1-based game number.
    pub game: usize,
    pub board: BoardId,
    pub board_name: String,
    pub chosen_by: Option<Seat>,
    /// The sixth game: final scores are written instead of the winner's Campaign Points.
    pub last: bool,
    /// Final money of A and B, once the result is in.
    pub money: Option<[u32; 2]>,
    pub winner: Option<Seat>,
    pub decided_by: Option<DecidedBy>,
    pub winner_points: [u32; 2],
    pub board_achievement: [u32; 2],
    pub general_achievements: [u32; 2],
    /// The row's Campaign Points (the three columns above).
    pub campaign_points: [u32; 2],
    /// Last game only: each player's final score (their final money).
    pub final_score: [Option<u32>; 2],
}

/// How the campaign was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case", tag = "result")]
pub enum CampaignOutcome {
    /// `seat` has the higher column total, or (`by_campaign_points`) tied it and has more
    /// Campaign Points.
    Winner {
        seat: Seat,
        by_campaign_points: bool,
    },
    /// Same total and same Campaign Points.
    Tie,
}

/// A sum on the pad that passes the top of its number (`Campaign::sum_overflow`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow {
    /// The game (0-based) whose numbers made the sum.
    pub game: usize,
    pub seat: Seat,
    /// Which sum.
    pub what: &'static str,
}

/// The whole pad.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Sheet {
    pub players: [String; 2],
    pub rows: Vec<Row>,
    /// Campaign Points of all games (the last game's achievements included when they score).
    pub campaign_points: [u32; 2],
    /// The final scores written in the last game, once it is over.
    pub final_scores: [Option<u32>; 2],
    /// Column totals: Campaign Points plus the final score.
    pub totals: [u32; 2],
    /// Set once the sixth game's result is in.
    pub outcome: Option<CampaignOutcome>,
}

impl Campaign {
    /// The pad as it stands.
    pub fn sheet(&self) -> Sheet {
        let outcomes = self.outcomes();
        let mut rows = Vec::with_capacity(self.games.len());
        for (i, game) in self.games.iter().enumerate() {
            let last = Campaign::is_last(i);
            let board = self.board(game.board);
            let outcome = outcomes.get(i).copied().flatten();
            let achievements_score = !last || self.settings.last_game_achievements_score;
            let mut winner_points = [0u32; 2];
            let mut board_achievement = [0u32; 2];
            let mut general = [0u32; 2];
            let mut final_score = [None; 2];
            if let (Some(o), Some(b)) = (outcome, board) {
                if last {
                    final_score = o.money.map(Some);
                } else {
                    winner_points[o.winner.index()] = b.winner_points;
                }
            }
            if achievements_score {
                if let (Some(seat), Some(a)) = (
                    game.board_achievement,
                    board.and_then(|b| b.special_achievement.as_ref()),
                ) {
                    board_achievement[seat.index()] = a.points;
                }
                for c in &game.general_achievements {
                    let g = &mut general[c.seat.index()];
                    *g = g.saturating_add(GENERAL_ACHIEVEMENT_POINTS);
                }
            }
            let campaign_points = [0, 1].map(|k| {
                winner_points[k]
                    .saturating_add(board_achievement[k])
                    .saturating_add(general[k])
            });
            rows.push(Row {
                game: i + 1,
                board: game.board,
                board_name: self.board_name(game.board),
                chosen_by: game.chosen_by,
                last,
                money: outcome.map(|o| o.money),
                winner: outcome.map(|o| o.winner),
                decided_by: outcome.map(|o| o.decided_by),
                winner_points,
                board_achievement,
                general_achievements: general,
                campaign_points,
                final_score,
            });
        }
        let campaign_points = [0, 1].map(|k| {
            rows.iter()
                .fold(0u32, |sum, r| sum.saturating_add(r.campaign_points[k]))
        });
        let final_scores = rows
            .iter()
            .find(|r| r.last)
            .map_or([None; 2], |r| r.final_score);
        let totals =
            [0, 1].map(|k| campaign_points[k].saturating_add(final_scores[k].unwrap_or(0)));
        let outcome = (self.games.len() == GAMES_PER_CAMPAIGN && final_scores[0].is_some())
            .then(|| decide(totals, campaign_points));
        Sheet {
            players: self.players.clone(),
            rows,
            campaign_points,
            final_scores,
            totals,
            outcome,
        }
    }

    /// The first sum on the pad that would pass `u32::MAX`, in checked arithmetic: a game's
    /// money (cash, board awards, Tech tokens at their value in that game), then each player's
    /// Campaign Points and column total. `sheet` adds the same numbers with a stop at the top;
    /// a campaign with an overflow is refused when the tally is entered and by the save check,
    /// so the stop is never what a player sees.
    pub fn sum_overflow(&self) -> Option<Overflow> {
        for (i, game) in self.games.iter().enumerate() {
            let Some(r) = &game.result else { continue };
            let values = self.tech_values(i);
            for seat in Seat::BOTH {
                let k = seat.index();
                if r.tallies[k].checked_money(values[k]).is_none() {
                    return Some(Overflow {
                        game: i,
                        seat,
                        what: "money (cash + board awards + Tech tokens × their value)",
                    });
                }
            }
        }
        let sheet = self.sheet();
        for seat in Seat::BOTH {
            let k = seat.index();
            let mut points = Some(0u32);
            for row in &sheet.rows {
                let row_points = row.winner_points[k]
                    .checked_add(row.board_achievement[k])
                    .and_then(|p| p.checked_add(row.general_achievements[k]));
                points = points.zip(row_points).and_then(|(a, b)| a.checked_add(b));
            }
            let total = points.and_then(|p| p.checked_add(sheet.final_scores[k].unwrap_or(0)));
            if total.is_none() {
                return Some(Overflow {
                    game: self.current_index(),
                    seat,
                    what: "column total (Campaign Points + final score)",
                });
            }
        }
        None
    }
}

/// Highest column total wins; on a tie, more Campaign Points (page 8).
fn decide(totals: [u32; 2], campaign_points: [u32; 2]) -> CampaignOutcome {
    use std::cmp::Ordering::*;
    match (
        totals[0].cmp(&totals[1]),
        campaign_points[0].cmp(&campaign_points[1]),
    ) {
        (Greater, _) => CampaignOutcome::Winner {
            seat: Seat::A,
            by_campaign_points: false,
        },
        (Less, _) => CampaignOutcome::Winner {
            seat: Seat::B,
            by_campaign_points: false,
        },
        (Equal, Greater) => CampaignOutcome::Winner {
            seat: Seat::A,
            by_campaign_points: true,
        },
        (Equal, Less) => CampaignOutcome::Winner {
            seat: Seat::B,
            by_campaign_points: true,
        },
        (Equal, Equal) => CampaignOutcome::Tie,
    }
}
