//! How hard each Furtherance difficulty is for the simulated player (furtherance::sim,
//! `greedy`): its win rate and rounds reached over a fixed set of seeds, so the statistics can
//! set a table's own results beside it ("Normal: you 2 of 5, the simulated player 4 of 12").
//!
//! The same seeds give the same games on every machine, so the figures are the same wherever
//! they are computed; the store keeps them in `plays.json` beside the plays (computing them
//! plays every game whole), keyed by [`VERSION`].

use serde::{Deserialize, Serialize};

use crate::doc::Saved;
use crate::furtherance::sim::{self, SimPlayer, Style};
use crate::furtherance::{Difficulty, Game, Outcome, Settings};
use crate::history::History;

/// The seeds every difficulty is played with.
pub const SEEDS: [u64; 8] = [1, 2, 3, 4, 5, 6, 7, 8];

/// Rounds a simulated game may last before it counts as undecided (lost for the rate).
pub const MAX_ROUNDS: u32 = 30;

/// Changes when the figures would: a new seed set, a new player, different rules.
pub const VERSION: u32 = 1;

/// The simulated player's results at one difficulty.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rate {
    pub difficulty: String,
    /// Who played: always the greedy simulated player.
    pub player: String,
    pub games: u32,
    pub wins: u32,
    pub win_rate: f64,
    pub average_rounds: f64,
}

/// The game of one seed could not be played out: a bug in the engine or the simulated player
/// (or a bundled data file that fails its check), named by the seed that shows it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("seed {seed}: {why}")]
pub struct RateError {
    pub seed: u64,
    pub why: String,
}

/// Plays one game per seed of [`SEEDS`] at `difficulty` with the greedy simulated player;
/// `Err` names the seed whose game could not be played (a bug in the engine or the player).
pub fn rate(difficulty: Difficulty) -> Result<Rate, RateError> {
    let mut wins = 0u32;
    let mut rounds = 0u64;
    for seed in SEEDS {
        let settings = Settings {
            difficulty,
            ..Settings::default()
        };
        let failed = |why: &dyn std::fmt::Display| RateError {
            seed,
            why: why.to_string(),
        };
        let game = Game::standard(settings, seed).map_err(|e| failed(&e))?;
        // Two entries are enough: nothing here is undone, and a short history diffs less.
        let mut saved = Saved {
            title: String::new(),
            history: History::with_capacity("New game", game, 2),
        };
        let mut player = SimPlayer::new(Style::Greedy, seed);
        sim::play_out(&mut saved, &mut player, MAX_ROUNDS, |_| {}).map_err(|e| failed(&e))?;
        let game = saved.current();
        wins += u32::from(game.outcome() == Some(Outcome::Won));
        rounds += u64::from(game.round().min(MAX_ROUNDS));
    }
    let games = SEEDS.len() as u32;
    Ok(Rate {
        difficulty: difficulty.title().to_string(),
        player: Style::Greedy.as_str().to_string(),
        games,
        wins,
        win_rate: (f64::from(wins) / f64::from(games) * 1000.0).round() / 1000.0,
        average_rounds: (rounds as f64 / f64::from(games) * 100.0).round() / 100.0,
    })
}

/// [`rate`] for every difficulty, easiest first.
pub fn rates() -> Result<Vec<Rate>, RateError> {
    Difficulty::ALL.iter().map(|d| rate(*d)).collect()
}
