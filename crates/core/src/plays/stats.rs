//! The statistics of a list of plays (docs/plays.md, "Statistics"): plays and time per month
//! and per game, each player's win rate with their rival (the player they met most) and
//! nemesis (the player they lost to most), Furtherance's win rate and rounds survived per
//! difficulty beside the simulated players' win rate, results per Near and Far map and per
//! Furnace Duel board, and the Worldspanner glory margins.
//!
//! Computed from the play records only, in one pass over them (plus sorting what it found),
//! so the time grows with the number of plays and never with the length of any save.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::Play;
use super::simulated::Rate;
use crate::doc::Kind;

/// Everything the Statistics screen and `tablemate stats` show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Stats {
    pub plays: u32,
    pub minutes: u64,
    pub per_month: Vec<Month>,
    pub per_game: Vec<GameTotal>,
    pub players: Vec<PlayerStats>,
    pub difficulties: Vec<Difficulty>,
    pub scenarios: Vec<Scenario>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glory: Option<Glory>,
}

/// Plays and time in one calendar month ("2026-11").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Month {
    pub month: String,
    pub plays: u32,
    pub minutes: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameTotal {
    pub game: Kind,
    pub plays: u32,
    pub minutes: u64,
}

/// One player's record; `rival` and `nemesis` name another player, with the count.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlayerStats {
    pub name: String,
    pub plays: u32,
    pub wins: u32,
    /// Wins per play, 0 to 1 (3 decimals).
    pub win_rate: f64,
    pub minutes: u64,
    /// The player met in most plays (ties: the first by name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rival: Option<Named>,
    /// The player who won most of the plays this player lost (ties: the first by name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nemesis: Option<Named>,
}

/// Another player and how many plays the figure counts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Named {
    pub name: String,
    pub plays: u32,
}

/// Furtherance at one difficulty: the table's plays beside the simulated players'.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Difficulty {
    pub difficulty: String,
    pub plays: u32,
    pub wins: u32,
    pub win_rate: f64,
    /// Rounds reached, on average and at best, and enemy castles destroyed on average.
    pub average_rounds: f64,
    pub best_rounds: u32,
    pub average_castles: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub simulated: Option<Rate>,
}

/// One Near and Far map or Furnace Duel board: how often it was played and who won there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Scenario {
    pub game: Kind,
    pub scenario: String,
    pub plays: u32,
    /// Wins per player, most first.
    pub wins: Vec<Named>,
    /// The best and the average winning score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_score: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub average_winning_score: Option<f64>,
}

/// Worldspanner's glory margins, game by game in the order played.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Glory {
    pub margins: Vec<u64>,
    pub average: f64,
    pub largest: u64,
    pub closest: u64,
    pub ties: u32,
}

fn rate(part: u32, whole: u32) -> f64 {
    match whole {
        0 => 0.0,
        w => (f64::from(part) / f64::from(w) * 1000.0).round() / 1000.0,
    }
}

fn average(sum: f64, count: u32) -> f64 {
    match count {
        0 => 0.0,
        c => (sum / f64::from(c) * 100.0).round() / 100.0,
    }
}

/// The most counted name (ties: the first by name).
fn most(counts: &BTreeMap<String, u32>) -> Option<Named> {
    let mut best: Option<(&String, u32)> = None;
    for (name, n) in counts {
        if best.is_none_or(|(_, b)| *n > b) {
            best = Some((name, *n));
        }
    }
    best.map(|(name, plays)| Named {
        name: name.clone(),
        plays,
    })
}

#[derive(Default)]
struct PlayerTally {
    plays: u32,
    wins: u32,
    minutes: u64,
    met: BTreeMap<String, u32>,
    lost_to: BTreeMap<String, u32>,
}

#[derive(Default)]
struct DifficultyTally {
    plays: u32,
    wins: u32,
    rounds: u64,
    best: u32,
    castles: u64,
}

#[derive(Default)]
struct ScenarioTally {
    plays: u32,
    wins: BTreeMap<String, u32>,
    best: Option<i64>,
    winning_sum: i64,
    winning_count: u32,
}

/// The statistics of `plays` (only those of `game`, when given), with the simulated players'
/// rates to set beside each Furtherance difficulty.
pub fn compute(plays: &[Play], game: Option<Kind>, simulated: &[Rate]) -> Stats {
    let mut stats = Stats::default();
    let mut months: BTreeMap<String, (u32, u64)> = BTreeMap::new();
    let mut games: BTreeMap<Kind, (u32, u64)> = BTreeMap::new();
    let mut players: BTreeMap<String, PlayerTally> = BTreeMap::new();
    let mut difficulties: BTreeMap<String, DifficultyTally> = BTreeMap::new();
    let mut scenarios: BTreeMap<(Kind, String), ScenarioTally> = BTreeMap::new();
    let mut margins: Vec<(chrono::DateTime<chrono::Utc>, u64)> = Vec::new();
    for play in plays.iter().filter(|p| game.is_none_or(|g| g == p.game)) {
        let minutes = u64::from(play.minutes);
        stats.plays += 1;
        stats.minutes += minutes;
        let m = months
            .entry(play.date.format("%Y-%m").to_string())
            .or_default();
        *m = (m.0 + 1, m.1 + minutes);
        let g = games.entry(play.game).or_default();
        *g = (g.0 + 1, g.1 + minutes);
        let winners: Vec<&str> = play
            .facts
            .players
            .iter()
            .filter(|p| p.winner)
            .map(|p| p.name.as_str())
            .collect();
        for p in &play.facts.players {
            let t = players.entry(p.name.clone()).or_default();
            t.plays += 1;
            t.wins += u32::from(p.winner);
            t.minutes += minutes;
            for other in play.facts.players.iter().filter(|o| o.name != p.name) {
                *t.met.entry(other.name.clone()).or_default() += 1;
            }
            if !p.winner {
                for w in winners.iter().filter(|w| **w != p.name) {
                    *t.lost_to.entry((*w).to_string()).or_default() += 1;
                }
            }
        }
        if let (Some(d), Some(f)) = (&play.facts.difficulty, play.facts.furtherance) {
            let t = difficulties.entry(d.clone()).or_default();
            t.plays += 1;
            t.wins += u32::from(!winners.is_empty());
            t.rounds += u64::from(f.rounds);
            t.best = t.best.max(f.rounds);
            t.castles += u64::from(f.castles_destroyed);
        }
        if let Some(s) = &play.facts.scenario {
            let t = scenarios.entry((play.game, s.clone())).or_default();
            t.plays += 1;
            for p in play.facts.players.iter().filter(|p| p.winner) {
                *t.wins.entry(p.name.clone()).or_default() += 1;
                if let Some(score) = p.score {
                    t.best = Some(t.best.map_or(score, |b| b.max(score)));
                    t.winning_sum += score;
                    t.winning_count += 1;
                }
            }
        }
        if let Some(margin) = play.facts.glory_margin {
            margins.push((play.start, margin));
        }
    }
    stats.per_month = months
        .into_iter()
        .map(|(month, (plays, minutes))| Month {
            month,
            plays,
            minutes,
        })
        .collect();
    stats.per_game = games
        .into_iter()
        .map(|(game, (plays, minutes))| GameTotal {
            game,
            plays,
            minutes,
        })
        .collect();
    stats.players = players
        .into_iter()
        .map(|(name, t)| PlayerStats {
            name,
            plays: t.plays,
            wins: t.wins,
            win_rate: rate(t.wins, t.plays),
            minutes: t.minutes,
            rival: most(&t.met),
            nemesis: most(&t.lost_to),
        })
        .collect();
    stats
        .players
        .sort_by(|a, b| b.plays.cmp(&a.plays).then_with(|| a.name.cmp(&b.name)));
    stats.difficulties = difficulties
        .into_iter()
        .map(|(difficulty, t)| Difficulty {
            simulated: simulated
                .iter()
                .find(|r| r.difficulty.eq_ignore_ascii_case(&difficulty))
                .cloned(),
            difficulty,
            plays: t.plays,
            wins: t.wins,
            win_rate: rate(t.wins, t.plays),
            average_rounds: average(t.rounds as f64, t.plays),
            best_rounds: t.best,
            average_castles: average(t.castles as f64, t.plays),
        })
        .collect();
    // Easiest first, as the engine declares them; unknown names after.
    let order = |d: &str| {
        crate::furtherance::Difficulty::ALL
            .iter()
            .position(|k| k.title().eq_ignore_ascii_case(d))
            .unwrap_or(usize::MAX)
    };
    stats
        .difficulties
        .sort_by_key(|d| (order(&d.difficulty), d.difficulty.clone()));
    stats.scenarios = scenarios
        .into_iter()
        .map(|((game, scenario), t)| {
            let mut wins: Vec<Named> = t
                .wins
                .into_iter()
                .map(|(name, plays)| Named { name, plays })
                .collect();
            wins.sort_by(|a, b| b.plays.cmp(&a.plays).then_with(|| a.name.cmp(&b.name)));
            Scenario {
                game,
                scenario,
                plays: t.plays,
                wins,
                best_score: t.best,
                average_winning_score: (t.winning_count > 0)
                    .then(|| average(t.winning_sum as f64, t.winning_count)),
            }
        })
        .collect();
    // "Map 10" after "Map 9": by the number in the name where there is one.
    stats.scenarios.sort_by_key(|s| {
        let n: Option<u32> = s.scenario.rsplit(' ').next().and_then(|n| n.parse().ok());
        (s.game, n.unwrap_or(u32::MAX), s.scenario.clone())
    });
    margins.sort_by_key(|(at, _)| *at);
    if !margins.is_empty() {
        let only: Vec<u64> = margins.into_iter().map(|(_, m)| m).collect();
        let sum: u64 = only.iter().sum();
        stats.glory = Some(Glory {
            average: average(sum as f64, only.len() as u32),
            largest: only.iter().copied().max().unwrap_or(0),
            closest: only.iter().copied().min().unwrap_or(0),
            ties: only.iter().filter(|m| **m == 0).count() as u32,
            margins: only,
        });
    }
    stats
}
