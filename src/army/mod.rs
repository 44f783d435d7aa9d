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
mod error;
mod follower;
mod followers;
mod game;
mod play;

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

use crate::doc::{GameDoc, Kind};

/// What the store saves for this game: all players' armies and sheets.
pub type SaveData = ArmyGame;

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

    fn validate(&self) -> Result<(), String> {
        validate(self)
    }
}

/// Rejects army games no play could produce, naming the field.
fn validate(g: &ArmyGame) -> Result<(), String> {
    g.table.validate()?;
    let n = g.players.len();
    if n != 2 && n != 4 {
        return Err(format!("players: {n} players, the game is for 2 or 4"));
    }
    let mut names = std::collections::HashSet::new();
    for (i, p) in g.players.iter().enumerate() {
        let at = format!("players[{i}]");
        if p.name.trim().is_empty() {
            return Err(format!("{at}.name is empty"));
        }
        if !names.insert(p.name.as_str()) {
            return Err(format!("{at}.name {:?} is used twice", p.name));
        }
        if p.army.generals() > 1 {
            return Err(format!("{at}.army has {} Generals", p.army.generals()));
        }
        let spent = p.army.spent(&g.table);
        if spent > FOLLOWER_POINTS {
            return Err(format!(
                "{at}.army costs {spent} Follower Points, more than {FOLLOWER_POINTS}"
            ));
        }
        match g.phase {
            Phase::Building if !p.followers.is_empty() => {
                return Err(format!(
                    "{at}.followers: armies are in play before the game started"
                ));
            }
            Phase::Building => {}
            Phase::Playing { .. } | Phase::Over { .. } => {
                if p.army.generals() != 1 {
                    return Err(format!("{at}.army has no General"));
                }
                if p.followers.len() != p.army.recruits.len() {
                    return Err(format!(
                        "{at}.followers: {} in play, {} recruited",
                        p.followers.len(),
                        p.army.recruits.len()
                    ));
                }
                let generals = p.followers.iter().filter(|f| f.kind.is_general()).count();
                if generals != 1 {
                    return Err(format!("{at}.followers: {generals} Generals in play"));
                }
            }
        }
        for (k, f) in p.followers.iter().enumerate() {
            let at = format!("{at}.followers[{k}]");
            if f.health > f.max_health {
                return Err(format!(
                    "{at}.health {} is above max_health {}",
                    f.health, f.max_health
                ));
            }
            if f.killed != (f.health == 0) {
                return Err(format!(
                    "{at}: killed must be true exactly when health is 0"
                ));
            }
            if [f.movement, f.damage, f.max_health]
                .iter()
                .any(|v| *v > HAND_EDIT_LIMIT)
            {
                return Err(format!("{at}: a value is above {HAND_EDIT_LIMIT}"));
            }
            if f.promotions_spent.len() as u32 > f.promotions_earned {
                return Err(format!(
                    "{at}.promotions_spent: {} spent but only {} earned",
                    f.promotions_spent.len(),
                    f.promotions_earned
                ));
            }
        }
    }
    let standing = g.standing();
    match g.phase {
        Phase::Building => {}
        Phase::Playing { turn } => {
            if turn >= n {
                return Err(format!("phase.turn is {turn}, but there are {n} players"));
            }
            if standing.len() < 2 {
                return Err(format!(
                    "phase is playing, but only {} general(s) stand with an army: the game is over",
                    standing.len()
                ));
            }
        }
        Phase::Over { winner } => {
            let expected = match standing.as_slice() {
                [one] => Some(*one),
                [] => None,
                _ => {
                    return Err(format!(
                        "phase is over, but {} generals still stand with an army",
                        standing.len()
                    ));
                }
            };
            if winner != expected {
                return Err(format!(
                    "phase.winner is {winner:?}, but the general standing is {expected:?}"
                ));
            }
        }
    }
    Ok(())
}
