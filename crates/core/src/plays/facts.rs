//! What each game says about one of its finished plays, read from the state that finished it:
//! who played which seat, scores and winners, the result in a line, difficulty, settings,
//! seed, and each game's own extras (Furtherance's castles and rounds, the Near and Far map,
//! the Furnace Duel board, the Worldspanner glory margin).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::derive::Recorded;
use super::{Furtherance, Player, SOLO_PLAYER, settings_of};
use crate::{army, furnace_duel, furtherance, near_and_far, worldspanner};

/// The facts of a play that come from the game itself (the times come from the history).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Facts {
    pub players: Vec<Player>,
    /// The result in a line: "Won in round 9", "Ana wins by 12 (most money)".
    pub result: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub settings: BTreeMap<String, String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Where it was played: the Near and Far map ("Map 3"), the Furnace Duel board.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scenario: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub furtherance: Option<Furtherance>,
    /// Worldspanner: the winner's glory minus the other team's (0 on a tie).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glory_margin: Option<u64>,
}

impl Facts {
    fn new(players: Vec<Player>, result: String) -> Facts {
        Facts {
            players,
            result,
            difficulty: None,
            settings: BTreeMap::new(),
            seed: None,
            scenario: None,
            furtherance: None,
            glory_margin: None,
        }
    }
}

fn one(finished: bool) -> Vec<u32> {
    match finished {
        true => vec![1],
        false => Vec::new(),
    }
}

/// Furtherance solo: one play per game, over once it is won or lost (ENDING).
impl Recorded for furtherance::Game {
    fn begun(&self) -> Vec<u32> {
        vec![1]
    }

    fn finished(&self) -> Vec<u32> {
        one(self.outcome().is_some())
    }

    fn facts(&self, number: u32) -> Option<Facts> {
        let outcome = self.outcome().filter(|_| number == 1)?;
        let won = outcome == furtherance::Outcome::Won;
        let castles_destroyed = furtherance::Seat::ENEMIES
            .iter()
            .filter(|s| self.is_destroyed(**s))
            .count() as u8;
        let player = Player {
            name: SOLO_PLAYER.to_string(),
            plays: String::new(),
            score: Some(i64::from(self.ledger().vp)),
            winner: won,
        };
        let word = if won { "Won" } else { "Lost" };
        let mut facts = Facts::new(
            vec![player],
            format!(
                "{word} in round {} ({} VP, {castles_destroyed} enemy castles destroyed)",
                self.round(),
                self.ledger().vp
            ),
        );
        facts.difficulty = Some(self.settings().difficulty.title().to_string());
        facts.settings = settings_of(self.settings());
        facts.settings.remove("difficulty");
        facts.seed = self.deck().map(|d| d.seed());
        facts.furtherance = Some(Furtherance {
            castles_destroyed,
            rounds: self.round(),
        });
        Some(facts)
    }
}

/// Worldspanner Factions: one play per game, over after the Psiclones' last round.
impl Recorded for worldspanner::Game {
    fn begun(&self) -> Vec<u32> {
        vec![1]
    }

    fn finished(&self) -> Vec<u32> {
        one(self.rounds.finished)
    }

    fn facts(&self, number: u32) -> Option<Facts> {
        if number != 1 || !self.rounds.finished {
            return None;
        }
        let glory = self.glory();
        let players = worldspanner::TeamSide::BOTH
            .iter()
            .map(|t| Player {
                name: t.name().to_string(),
                plays: String::new(),
                score: i64::try_from(glory.glory[t.index()]).ok(),
                winner: glory.winner == Some(*t),
            })
            .collect();
        let margin = glory.glory[0].abs_diff(glory.glory[1]);
        let result = match glory.winner {
            Some(t) => format!(
                "{} win, {} glory to {}",
                t.name(),
                glory.glory[t.index()],
                glory.glory[t.other().index()]
            ),
            None => format!("A tie at {} glory each", glory.glory[0]),
        };
        let mut facts = Facts::new(players, result);
        facts.settings = BTreeMap::from([
            ("map".to_string(), self.map.name().to_string()),
            (
                "rounds".to_string(),
                self.rounds.length.rounds().to_string(),
            ),
            ("team_size".to_string(), self.team_size.to_string()),
        ]);
        facts.seed = Some(self.teams[0].deck.seed());
        facts.glory_margin = Some(margin);
        Some(facts)
    }
}

/// Near and Far: one play per session, finished once it is scored.
impl Recorded for near_and_far::Campaign {
    fn begun(&self) -> Vec<u32> {
        self.sessions.iter().map(|s| s.number).collect()
    }

    fn finished(&self) -> Vec<u32> {
        self.sessions
            .iter()
            .filter(|s| s.is_finished())
            .map(|s| s.number)
            .collect()
    }

    fn facts(&self, number: u32) -> Option<Facts> {
        let session = self.sessions.iter().find(|s| s.number == number)?;
        let result = session.result.as_ref()?;
        let player_of = |character: &str| {
            self.sheets
                .iter()
                .find(|s| s.character == character)
                .map_or_else(|| character.to_string(), |s| s.player.clone())
        };
        let players: Vec<Player> = result
            .points
            .iter()
            .map(|(character, points)| Player {
                name: player_of(character),
                plays: character.clone(),
                score: Some(i64::from(*points)),
                winner: result.winners.contains(character),
            })
            .collect();
        let line = if result.lost_last_ruin() {
            "A boss was left standing: everyone lost".to_string()
        } else if result.winners.is_empty() {
            "No winner recorded".to_string()
        } else {
            format!("{} won", result.winners.join(" and "))
        };
        let mut facts = Facts::new(players, line);
        facts.settings = BTreeMap::from([("mode".to_string(), self.mode.title().to_string())]);
        facts.settings.extend(settings_of(&self.variants));
        facts.seed = session.token_seed;
        facts.scenario = Some(session.map.to_string());
        Some(facts)
    }
}

/// Furnace Duel: one play per board of the campaign, finished once its result is entered.
impl Recorded for furnace_duel::Campaign {
    fn begun(&self) -> Vec<u32> {
        (1..=self.games.len() as u32).collect()
    }

    fn finished(&self) -> Vec<u32> {
        self.outcomes()
            .iter()
            .enumerate()
            .filter(|(_, o)| o.is_some())
            .map(|(i, _)| i as u32 + 1)
            .collect()
    }

    fn facts(&self, number: u32) -> Option<Facts> {
        let index = (number as usize).checked_sub(1)?;
        let game = self.games.get(index)?;
        let outcome = self.outcome(index)?;
        let players = furnace_duel::Seat::BOTH
            .iter()
            .map(|s| Player {
                name: self.name(*s).to_string(),
                plays: String::new(),
                score: Some(i64::from(outcome.money[s.index()])),
                winner: outcome.winner == *s,
            })
            .collect();
        let board = self
            .board(game.board)
            .map_or_else(|| game.board.as_str().to_string(), |b| b.name.clone());
        let mut facts = Facts::new(
            players,
            format!(
                "{} wins by {} ({})",
                self.name(outcome.winner),
                outcome.gap,
                outcome.decided_by.describe()
            ),
        );
        facts.settings = settings_of(&self.settings);
        facts.settings.insert("game".into(), number.to_string());
        facts.scenario = Some(board);
        Some(facts)
    }
}

/// Army sheets: one play per game, over when one general stands.
impl Recorded for army::ArmyGame {
    fn begun(&self) -> Vec<u32> {
        vec![1]
    }

    fn finished(&self) -> Vec<u32> {
        one(matches!(self.phase, army::Phase::Over { .. }))
    }

    fn facts(&self, number: u32) -> Option<Facts> {
        let army::Phase::Over { winner } = self.phase else {
            return None;
        };
        if number != 1 {
            return None;
        }
        let players = self
            .players
            .iter()
            .enumerate()
            .map(|(i, p)| Player {
                name: p.name.clone(),
                plays: String::new(),
                score: None,
                winner: winner == Some(i),
            })
            .collect();
        let result = match winner.and_then(|w| self.players.get(w)) {
            Some(p) => format!("{} stands alone", p.name),
            None => "No general left standing".to_string(),
        };
        let mut facts = Facts::new(players, result);
        facts.settings = BTreeMap::from([("generals".to_string(), self.players.len().to_string())]);
        Some(facts)
    }
}
