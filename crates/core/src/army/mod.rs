//! Army sheets for the two-to-four-general game: the follower table, each player's army built
//! from 10 Follower Points with exactly one General (secret until revealed), and the in-play
//! sheets with health, promotions and their caps, resource-card edits, kills and the victory
//! check (rulebook sections Setup, Turn Actions, Promoting, Resource Cards, Victory
//! Conditions). Plain Rust: no iced, no file I/O.
//!
//! - `followers`: the follower table (`data/army/followers.json`) and the book's limits.
//! - `builder`: an army list, its points, and the army-list file check.
//! - `follower`: one follower in play, promotions and hand edits.
//! - `game`: the players, the phases, writing the armies and starting play.
//! - `play`: turns, attacks, promotions, hand edits and the victory check.
//! - `actions`: every change as an `Action` value, applied through `Saved::act`.

mod actions;
mod builder;
pub mod cites;
mod error;
mod follower;
mod followers;
mod game;
mod play;
mod seats;

pub use actions::Action;
pub use builder::{ArmyList, LIST_KIND, ListReport, check_list, check_list_text};
pub use error::ArmyError;
pub use follower::{Follower, HAND_EDIT_LIMIT, HandStats, Promotion};
pub use followers::{
    DATA_KIND as FOLLOWERS_DATA_KIND, FOLLOWER_POINTS, FOLLOWERS_PATH, FollowerKind, FollowerStats,
    FollowerTable, MAX_DAMAGE, MAX_HEALTH, MAX_MOVEMENT, STARTING_SQUARES,
    check_text as check_followers_text,
};
pub use game::{ArmyGame, AttackReport, FollowerRef, Phase, Player};

use crate::doc::{GameDoc, Invalid, Kind};

/// What the store saves for this game: all players' armies and sheets.
pub type SaveData = ArmyGame;

impl crate::history::SetAside for ArmyGame {}
impl GameDoc for ArmyGame {
    const KIND: Kind = Kind::Army;

    fn summary(&self) -> String {
        let names: Vec<&str> = self.players.iter().map(|p| p.name.as_str()).collect();
        let head = format!("Army sheets — {}", names.join(", "));
        match self.phase {
            Phase::Building => format!("{head} — writing armies"),
            Phase::Playing { turn } => {
                let standing: Vec<&str> = self
                    .standing()
                    .into_iter()
                    .map(|p| self.players[p].name.as_str())
                    .collect();
                format!(
                    "{head} — {}'s turn — standing: {}",
                    self.players.get(turn).map_or("?", |p| p.name.as_str()),
                    standing.join(", ")
                )
            }
            Phase::Over { winner: Some(w) } => format!(
                "{head} — {} wins",
                self.players.get(w).map_or("?", |p| p.name.as_str())
            ),
            Phase::Over { winner: None } => format!("{head} — over, no general stands"),
        }
    }

    fn validate(&self) -> Result<(), Invalid> {
        validate(self)
    }
}

/// Rejects army games no play could produce, naming the field.
fn validate(g: &ArmyGame) -> Result<(), Invalid> {
    g.table
        .validate()
        .map_err(|e| Invalid::new("table", e.to_string()))?;
    let n = g.players.len();
    if n != 2 && n != 4 {
        return Err(Invalid::new(
            "players",
            format!("{n} players, the game is for 2 or 4"),
        ));
    }
    let mut names = crate::datafile::FirstSeen::new();
    for (i, p) in g.players.iter().enumerate() {
        let at = format!("players[{i}]");
        if p.name.trim().is_empty() {
            return Err(Invalid::new(format!("{at}.name"), "is empty"));
        }
        if !crate::doc::name_fits(&p.name) {
            return Err(Invalid::new(
                format!("{at}.name"),
                format!(
                    "has {} characters; a name may have at most {}",
                    p.name.chars().count(),
                    crate::doc::MAX_NAME_CHARS
                ),
            ));
        }
        if let Some(first) = names.again(p.name.as_str(), i) {
            return Err(Invalid::new(
                format!("{at}.name"),
                format!("{:?} is used twice, first at players[{first}]", p.name),
            ));
        }
        if p.army.generals() > 1 {
            return Err(Invalid::new(
                format!("{at}.army"),
                format!("has {} Generals", p.army.generals()),
            ));
        }
        let spent = p.army.spent(&g.table);
        if spent > FOLLOWER_POINTS {
            return Err(Invalid::new(
                format!("{at}.army"),
                format!("costs {spent} Follower Points, more than {FOLLOWER_POINTS}"),
            ));
        }
        match g.phase {
            Phase::Building if !p.followers.is_empty() => {
                return Err(Invalid::new(
                    format!("{at}.followers"),
                    "armies are in play before the game started",
                ));
            }
            Phase::Building => {}
            Phase::Playing { .. } | Phase::Over { .. } => {
                if p.army.generals() != 1 {
                    return Err(Invalid::new(format!("{at}.army"), "has no General"));
                }
                if p.followers.len() != p.army.recruits.len() {
                    return Err(Invalid::new(
                        format!("{at}.followers"),
                        format!(
                            "{} in play, {} recruited",
                            p.followers.len(),
                            p.army.recruits.len()
                        ),
                    ));
                }
                let generals = p.followers.iter().filter(|f| f.kind.is_general()).count();
                if generals != 1 {
                    return Err(Invalid::new(
                        format!("{at}.followers"),
                        format!("{generals} Generals in play"),
                    ));
                }
            }
        }
        for (k, f) in p.followers.iter().enumerate() {
            let at = format!("{at}.followers[{k}]");
            if f.health > f.max_health {
                return Err(Invalid::new(
                    format!("{at}.health"),
                    format!("{} is above max_health {}", f.health, f.max_health),
                ));
            }
            if f.killed != (f.health == 0) {
                return Err(Invalid::new(
                    format!("{at}.killed"),
                    "must be true exactly when health is 0",
                ));
            }
            if [f.movement, f.damage, f.max_health]
                .iter()
                .any(|v| *v > HAND_EDIT_LIMIT)
            {
                return Err(Invalid::new(
                    at,
                    format!("a value is above {HAND_EDIT_LIMIT}"),
                ));
            }
            if (f.promotions_spent.len() as u64) + u64::from(f.promotions_lapsed)
                > u64::from(f.promotions_earned)
            {
                return Err(Invalid::new(
                    format!("{at}.promotions_spent"),
                    format!(
                        "{} spent and {} lapsed but only {} earned",
                        f.promotions_spent.len(),
                        f.promotions_lapsed,
                        f.promotions_earned
                    ),
                ));
            }
        }
    }
    let standing = g.standing();
    match g.phase {
        Phase::Building => {}
        Phase::Playing { turn } => {
            if turn >= n {
                return Err(Invalid::new(
                    "phase.turn",
                    format!("is {turn}, but there are {n} players"),
                ));
            }
            if standing.len() < 2 {
                return Err(Invalid::new(
                    "phase",
                    format!(
                        "is playing, but only {} general(s) stand with an army: the game is over",
                        standing.len()
                    ),
                ));
            }
        }
        Phase::Over { winner } => {
            let expected = match standing.as_slice() {
                [one] => Some(*one),
                [] => None,
                _ => {
                    return Err(Invalid::new(
                        "phase",
                        format!(
                            "is over, but {} generals still stand with an army",
                            standing.len()
                        ),
                    ));
                }
            };
            if winner != expected {
                return Err(Invalid::new(
                    "phase.winner",
                    format!("is {winner:?}, but the general standing is {expected:?}"),
                ));
            }
        }
    }
    Ok(())
}

/// The data files this game owns (the games table finds a file's owner here).
pub const DATA_KINDS: &[crate::datafile::DataKind] = &[
    crate::datafile::DataKind {
        name: FOLLOWERS_DATA_KIND,
        check: check_followers_text,
    },
    crate::datafile::DataKind {
        name: LIST_KIND,
        check: check_list_text,
    },
];
