//! Furnace Duel campaign scoring pad: six games on six boards, Campaign Points for the winner
//! and for achievements, runner-up bonuses, the last game's final scores and the campaign winner
//! (rulebook CAMPAIGN MODE, page 8; BOARDS DESCRIPTION, pages 10-14; GAME END, page 7).
//! Plain Rust: no iced, no file I/O.
//!
//! - `boards`: the board data (`data/furnace-duel/boards.json`).
//! - `scoring`: one game's money and the winner with its tie-breaks.
//! - `campaign`: the campaign, its games, results and board choice.
//! - `actions`: every change as an `Action` value, applied through `Saved::act`.
//! - `achievements`: General and board achievements and their claim rules.
//! - `bonuses`: runner-up bonuses, setup reminders, the Capitalist choosing order.
//! - `sheet`: the pad as a table, totals and the campaign winner.
//! - `halves`: each player's own tally, combined into the result when both are in.

mod achievements;
mod actions;
mod boards;
mod bonuses;
mod campaign;
pub mod cites;
mod error;
mod halves;
mod scoring;
mod seats;
mod sheet;

pub use achievements::{
    Claim, GENERAL_ACHIEVEMENT_POINTS, GeneralAchievement, HOARD_RESOURCES, LANDSLIDE_GAP,
};
pub use actions::Action;
pub use boards::{
    BOARDS_PATH, Board, BoardId, Boards, BonusUsage, DATA_KIND as BOARDS_DATA_KIND, RunnerUpBonus,
    SpecialAchievement, check_text as check_boards_text,
};
pub use bonuses::HeldBonus;
pub use campaign::{BonusUse, Campaign, GAMES_PER_CAMPAIGN, Game, Settings};
pub use error::CampaignError;
pub use halves::{Half, HalfDone};
pub use scoring::{DecidedBy, GameResult, Outcome, Seat, TECH_TOKEN_MONEY, Tally};
pub use sheet::{CampaignOutcome, Overflow, Row, Sheet};

use crate::doc::{GameDoc, Invalid, Kind};

/// What the store saves for this game: the whole campaign.
pub type SaveData = Campaign;

impl crate::history::SetAside for Campaign {}
impl GameDoc for Campaign {
    const KIND: Kind = Kind::FurnaceDuel;

    fn summary(&self) -> String {
        let sheet = self.sheet();
        let [a, b] = &self.players;
        match sheet.outcome {
            Some(CampaignOutcome::Winner { seat, .. }) => format!(
                "Furnace Duel campaign — {} wins, {} to {}",
                self.name(seat),
                sheet.totals[seat.index()],
                sheet.totals[seat.other().index()]
            ),
            Some(CampaignOutcome::Tie) => format!(
                "Furnace Duel campaign — {a} and {b} tie at {}",
                sheet.totals[0]
            ),
            None => {
                let game = self.games.len();
                let board = self
                    .current()
                    .map_or_else(String::new, |g| self.board_name(g.board));
                format!(
                    "Furnace Duel campaign — {a} {} : {b} {} — game {game} of {GAMES_PER_CAMPAIGN} ({board})",
                    sheet.campaign_points[0], sheet.campaign_points[1]
                )
            }
        }
    }

    fn validate(&self) -> Result<(), Invalid> {
        validate(self)
    }
}

/// Rejects campaigns no play could produce, naming the field.
fn validate(c: &Campaign) -> Result<(), Invalid> {
    if c.players.iter().any(|p| p.trim().is_empty()) {
        return Err(Invalid::new("players", "a player name is empty"));
    }
    if let Some(p) = c.players.iter().find(|p| !crate::doc::name_fits(p)) {
        return Err(Invalid::new(
            "players",
            format!(
                "a name has {} characters; a name may have at most {}",
                p.chars().count(),
                crate::doc::MAX_NAME_CHARS
            ),
        ));
    }
    if c.players[0] == c.players[1] {
        return Err(Invalid::new("players", "the two names are the same"));
    }
    c.boards
        .validate()
        .map_err(|e| Invalid::new("boards", e.to_string()))?;
    if c.games.is_empty() || c.games.len() > GAMES_PER_CAMPAIGN {
        return Err(Invalid::new(
            "games",
            format!(
                "{} games, a campaign has 1 to {GAMES_PER_CAMPAIGN}",
                c.games.len()
            ),
        ));
    }
    // Recomputed in checked arithmetic: a tally an earlier version let through, whose sum
    // passes the top, is refused naming the tally.
    if let Some(o) = c.sum_overflow() {
        let field = if o.what.starts_with("money") {
            format!("games[{}].result.tallies[{}]", o.game, o.seat.index())
        } else {
            format!("games[{}]", o.game)
        };
        return Err(Invalid::new(
            field,
            format!("{:?}'s {} passes {}", o.seat, o.what, u32::MAX),
        ));
    }
    let outcomes = c.outcomes();
    let mut boards = crate::datafile::FirstSeen::new();
    for (i, g) in c.games.iter().enumerate() {
        let at = format!("games[{i}]");
        if i == 0 && g.board != BoardId::Britain {
            return Err(Invalid::new(
                format!("{at}.board"),
                format!("is {}, the first game is always on Britain", g.board),
            ));
        }
        if let Some(j) = boards.again(g.board, i) {
            return Err(Invalid::new(
                format!("{at}.board"),
                format!("{} was already played in games[{j}]", g.board),
            ));
        }
        let expected_chooser = if i == 0 {
            None
        } else {
            outcomes.get(i - 1).copied().flatten().map(|o| o.winner)
        };
        if g.chosen_by != expected_chooser {
            return Err(Invalid::new(
                format!("{at}.chosen_by"),
                format!(
                    "is {:?}, but the board is picked by the previous game's winner ({:?})",
                    g.chosen_by, expected_chooser
                ),
            ));
        }
        if i + 1 < c.games.len() && g.result.is_none() {
            return Err(Invalid::new(
                format!("{at}.result"),
                "is missing, but a later game was started",
            ));
        }
        if !halves::none_in(&g.halves) {
            if g.result.is_some() {
                return Err(Invalid::new(
                    format!("{at}.halves"),
                    "a player's half of the result is left after the result was entered",
                ));
            }
            if g.halves.iter().all(Option::is_some) {
                return Err(Invalid::new(
                    format!("{at}.halves"),
                    "both players' halves are in but were not made the result",
                ));
            }
            let values = c.tech_values(i);
            for (k, h) in g.halves.iter().enumerate() {
                if h.is_some_and(|h| h.tally.checked_money(values[k]).is_none()) {
                    return Err(Invalid::new(
                        format!("{at}.halves[{k}]"),
                        format!("the money passes {}", u32::MAX),
                    ));
                }
            }
        }
        if g.board_achievement.is_some()
            && c.board(g.board)
                .and_then(|b| b.special_achievement.as_ref())
                .is_none()
        {
            return Err(Invalid::new(
                format!("{at}.board_achievement"),
                format!("{} has no special achievement", g.board),
            ));
        }
        for (k, claim) in g.general_achievements.iter().enumerate() {
            let first = c
                .general_scored(claim.seat, claim.achievement)
                .map(|(game, _)| game);
            let earlier_here = g.general_achievements[..k].contains(claim);
            if first != Some(i) || earlier_here {
                return Err(Invalid::new(
                    format!("{at}.general_achievements"),
                    format!(
                        "{:?} scores {} a second time (once per player per campaign)",
                        claim.seat,
                        claim.achievement.as_str()
                    ),
                ));
            }
            if let Some(why) = c.unmet(i, claim.seat, claim.achievement, true) {
                return Err(Invalid::new(
                    format!("{at}.general_achievements"),
                    format!("{:?}'s {}: {why}", claim.seat, claim.achievement.as_str()),
                ));
            }
        }
        let held = c.bonuses_in(i);
        for (k, u) in g.bonuses_used.iter().enumerate() {
            let Some(b) = held
                .iter()
                .find(|b| b.holder == u.seat && b.from_board == u.from_board)
            else {
                return Err(Invalid::new(
                    format!("{at}.bonuses_used[{k}]"),
                    format!(
                        "{:?} does not hold the {} runner-up bonus",
                        u.seat, u.from_board
                    ),
                ));
            };
            let repeated = g.bonuses_used[..k].contains(u);
            let earlier_game = c.games[..i].iter().any(|h| h.bonuses_used.contains(u));
            let too_often = match b.usage {
                BonusUsage::Always => true,
                BonusUsage::OncePerGame => repeated,
                BonusUsage::OncePerCampaign => repeated || earlier_game,
            };
            if too_often {
                return Err(Invalid::new(
                    format!("{at}.bonuses_used[{k}]"),
                    format!(
                        "the {} bonus cannot be used here ({:?})",
                        u.from_board, b.usage
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The data files this game owns (the games table finds a file's owner here).
pub const DATA_KINDS: &[crate::datafile::DataKind] = &[crate::datafile::DataKind {
    name: BOARDS_DATA_KIND,
    check: check_boards_text,
}];
