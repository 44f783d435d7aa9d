//! Game-end journey points (rulebook Game End, p. 28; Day town p. 36; map rules p. 39; talents
//! p. 13; character cards p. 31-32) and the tie-breaks. The players enter what is on the table;
//! this adds it up line by line so everyone can check the sum.

use serde::{Deserialize, Serialize};

mod compute;
mod error;

pub use error::{PlayerAt, RouteAt, ScoreError, ScoreErrorKind};

use super::code::MapNumber;

/// Which side of the town board was used: the reputation table differs (p. 28, 36).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Town {
    #[default]
    Dusk,
    Day,
}

/// Settings where players might read the rules differently (see docs/near-and-far.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreSettings {
    /// Storytelling's +2 also goes to players tied for the highest reputation (default: yes,
    /// nobody has more).
    #[serde(default = "yes")]
    pub storytelling_on_tie: bool,
}

fn yes() -> bool {
    true
}

impl Default for ScoreSettings {
    fn default() -> Self {
        ScoreSettings {
            storytelling_on_tie: true,
        }
    }
}

/// What one player has at game end.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerInput {
    pub name: String,
    /// Camps placed on the map, in the mine and on threat or boss cards.
    pub camps: u8,
    /// The journey points printed on each purchased artifact.
    #[serde(default)]
    pub artifacts: Vec<i32>,
    /// Artifact cards still in hand.
    #[serde(default)]
    pub unpurchased_artifacts: u8,
    /// The journey points printed on each defeated threat (and boss) card. Left out, a
    /// campaign's session fills it from its records (the cards this player took).
    #[serde(default)]
    pub threats: Option<Vec<i32>>,
    /// Bonuses written on artifact, treasure and world cards, added up by the players.
    #[serde(default)]
    pub card_bonuses: i32,
    #[serde(default)]
    pub coins: u32,
    #[serde(default)]
    pub gems: u32,
    #[serde(default)]
    pub faction_tokens: u32,
    #[serde(default)]
    pub chiefs: u8,
    pub reputation: i8,
    /// Treasure cards under pack birds or tortoises (a card kept aside with Scrounging does
    /// not count, p. 13).
    #[serde(default)]
    pub treasures: u8,
    /// Talent names; Lore and Storytelling change the score. Left out, a campaign's session
    /// fills it from the character card.
    #[serde(default)]
    pub talents: Option<Vec<String>>,
    /// Map 10 only: did this player build a camp on a mammoth space?
    #[serde(default)]
    pub mammoth_camp: Option<bool>,
    /// Map 11 only: every box (Campaign) or every character quest (Character) is filled. Left
    /// out, a campaign's session fills it from the character card.
    #[serde(default)]
    pub full_card: Option<bool>,
    /// A card lets this player win ties (it overrides the reputation tie-break, p. 28).
    #[serde(default)]
    pub wins_ties: bool,
}

/// A trade route: its two values printed on the map and who has a camp on each of its spaces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TradeRouteInput {
    pub name: String,
    /// Points for one player holding both spaces (the larger number).
    pub sole: u8,
    /// Points to each of two players holding one space each (the smaller number).
    pub joint: u8,
    /// The players with a camp on its spaces (0 to 2 names; the same name twice = sole).
    #[serde(default)]
    pub camps: Vec<String>,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreInput {
    /// The map played (needed for Map 10's mammoth rule and Map 11's full-card bonus).
    #[serde(default)]
    pub map: Option<MapNumber>,
    /// Left out: the Dusk side, or in a campaign the session's own side.
    #[serde(default)]
    pub town: Option<Town>,
    /// Left out: no Long Game, or in a campaign the campaign's own setting.
    #[serde(default)]
    pub long_game: Option<bool>,
    #[serde(default)]
    pub settings: ScoreSettings,
    /// Left out (or short of a player) in a campaign: the counts kept with `score-player`.
    #[serde(default)]
    pub players: Vec<PlayerInput>,
    #[serde(default)]
    pub trade_routes: Vec<TradeRouteInput>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoreLine {
    /// Stable id of the rule ("camps", "reputation"...), documented in docs/near-and-far.md.
    pub rule: &'static str,
    pub label: String,
    pub points: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PlayerScore {
    pub name: String,
    pub lines: Vec<ScoreLine>,
    pub total: i32,
    /// 1 for the winner(s); players tied through every tie-break share a place.
    pub place: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ScoreResult {
    pub players: Vec<PlayerScore>,
    pub winners: Vec<String>,
    /// How a tie on journey points was broken, if there was one at the top.
    pub tie_break: Option<String>,
}

impl PlayerInput {
    /// The talents claimed (none when left out).
    pub fn talents(&self) -> &[String] {
        self.talents.as_deref().unwrap_or_default()
    }

    /// The threat and boss card points claimed (none when left out).
    pub fn threats(&self) -> &[i32] {
        self.threats.as_deref().unwrap_or_default()
    }

    /// Whether the full-card bonus is claimed (no when left out).
    pub fn full_card(&self) -> bool {
        self.full_card.unwrap_or(false)
    }
}

impl ScoreInput {
    /// The town side scored (Dusk when left out).
    pub fn town(&self) -> Town {
        self.town.unwrap_or_default()
    }

    /// Whether the Long Game was played (no when left out).
    pub fn long_game(&self) -> bool {
        self.long_game.unwrap_or(false)
    }
}

impl ScoreResult {
    /// The result as `score` prints it and `finish-session` reports it: each player's place,
    /// total and lines, then the winner and any tie-break. `lost` (a Map 11 with a boss left
    /// standing, p. 39) names no winner: every player lost.
    pub fn text_lines(&self, lost: bool) -> Vec<String> {
        let mut out = Vec::new();
        for p in &self.players {
            out.push(format!("{}. {}: {}", p.place, p.name, points(p.total)));
            for l in &p.lines {
                out.push(format!("     {:>4}  {}", l.points, l.label));
            }
        }
        if lost {
            out.push(
                "No winner: a boss card is still standing, so every player loses (p. 39).".into(),
            );
            return out;
        }
        out.push(format!("Winner: {}", self.winners.join(" and ")));
        if let Some(t) = &self.tie_break {
            out.push(format!("({t})"));
        }
        out
    }

    pub fn total_of(&self, name: &str) -> Option<i32> {
        self.players
            .iter()
            .find(|p| p.name == name)
            .map(|p| p.total)
    }
}

/// Camps on a player board without the Long Game's extra two (p. 18, 38).
pub const BOARD_CAMPS: u8 = 14;
pub const ALL_CAMPS_BONUS: i32 = 2;
pub const THREE_TREASURES_BONUS: i32 = 5;
pub const CHIEF_POINTS: i32 = 5;
pub const STORYTELLING_POINTS: i32 = 2;
pub const MAMMOTH_PENALTY: i32 = -8;
pub const LORE_IGNORES: u8 = 3;
/// A full character card on Map 11 (p. 31-32); the characters data file may change it.
pub const FULL_CARD_BONUS: i32 = 7;

/// The most and least journey points one session can write on a card: beyond what any score
/// sheet within its limits adds up to (about 4,200 and -270, see `compute`'s box limits), so
/// a hand-written or corrected number outside them is a slip, and a campaign's total of any
/// realistic number of sessions stays far inside an `i32`.
pub const MAX_SESSION_POINTS: i32 = 5_000;
pub const MIN_SESSION_POINTS: i32 = -500;

/// Reputation journey points (p. 28, 36; RULINGS): half the reputation rounded down from 0
/// up; below 0, nothing with the Dusk town, and with the Day town -1 at -3/-4, -2 at -5/-6.
pub fn reputation_points(reputation: i8, town: Town) -> i32 {
    let r = i32::from(reputation);
    if r >= 0 {
        return r / 2;
    }
    match town {
        Town::Dusk => 0,
        Town::Day => match r {
            -2..=-1 => 0,
            -4..=-3 => -1,
            _ => -2,
        },
    }
}

/// "1 journey point", "23 journey points".
pub fn points(n: i32) -> String {
    match n {
        1 | -1 => format!("{n} journey point"),
        n => format!("{n} journey points"),
    }
}
