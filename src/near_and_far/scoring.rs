//! Game-end journey points (rulebook Game End, p. 28; Day town p. 36; map rules p. 39; talents
//! p. 13; character cards p. 31-32) and the tie-breaks. The players enter what is on the table;
//! this adds it up line by line so everyone can check the sum.

use serde::{Deserialize, Serialize};

use super::code::MapNumber;
use super::facts::Facts;

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
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
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
    /// The journey points printed on each defeated threat (and boss) card.
    #[serde(default)]
    pub threats: Vec<i32>,
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
    /// Talent names; Lore and Storytelling change the score.
    #[serde(default)]
    pub talents: Vec<String>,
    /// Map 10 only: did this player build a camp on a mammoth space?
    #[serde(default)]
    pub mammoth_camp: Option<bool>,
    /// Map 11 only: every box (Campaign) or every character quest (Character) is filled.
    #[serde(default)]
    pub full_card: bool,
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreInput {
    /// The map played (needed for Map 10's mammoth rule and Map 11's full-card bonus).
    #[serde(default)]
    pub map: Option<MapNumber>,
    #[serde(default)]
    pub town: Town,
    #[serde(default)]
    pub long_game: bool,
    #[serde(default)]
    pub settings: ScoreSettings,
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

impl ScoreResult {
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

impl ScoreInput {
    /// Checks what the players typed, naming the player and field.
    pub fn validate(&self, facts: Option<&Facts>) -> Result<(), String> {
        if !(2..=4).contains(&self.players.len()) {
            return Err(format!(
                "players: Near and Far is played by 2 to 4 players, this has {}",
                self.players.len()
            ));
        }
        let mut names = std::collections::BTreeSet::new();
        for (i, p) in self.players.iter().enumerate() {
            let at = format!("players[{i}] ({})", p.name);
            if p.name.trim().is_empty() {
                return Err(format!("players[{i}]: name is empty"));
            }
            if !names.insert(p.name.trim().to_lowercase()) {
                return Err(format!("{at}: two players have this name"));
            }
            if !(-6..=12).contains(&p.reputation) {
                return Err(format!(
                    "{at}: reputation {} is off the track (-6 to 12, p. 14)",
                    p.reputation
                ));
            }
            if p.chiefs > 4 {
                return Err(format!("{at}: there are only 4 chiefs"));
            }
            if p.treasures > 3 {
                return Err(format!(
                    "{at}: nobody owns more than 3 treasure cards (p. 34)"
                ));
            }
            if p.camps > 40 {
                return Err(format!(
                    "{at}: {} camps is more than a game can hold",
                    p.camps
                ));
            }
            if self.map == Some(MapNumber::MAMMOTH_JUNGLE) {
                if p.mammoth_camp.is_none() {
                    return Err(format!(
                        "{at}: on Map 10 say whether this player built a camp on a mammoth space (mammoth_camp)"
                    ));
                }
            } else if p.mammoth_camp.is_some() {
                return Err(format!("{at}: mammoth_camp only applies on Map 10"));
            }
            if p.full_card && self.map != Some(MapNumber::LAST_RUIN) {
                return Err(format!(
                    "{at}: the full-card bonus is scored on Map 11 only (p. 31-32)"
                ));
            }
            if let Some(f) = facts {
                for t in &p.talents {
                    if f.talent(t).is_none() {
                        return Err(format!("{at}: there is no talent called {t:?}"));
                    }
                }
            }
        }
        for (i, r) in self.trade_routes.iter().enumerate() {
            let at = format!("trade_routes[{i}] ({})", r.name);
            if r.joint > r.sole {
                return Err(format!(
                    "{at}: the joint value ({}) is the smaller number on the map, not larger than the sole value ({})",
                    r.joint, r.sole
                ));
            }
            if r.camps.len() > 2 {
                return Err(format!("{at}: a trade route has only 2 spaces"));
            }
            for c in &r.camps {
                if !names.contains(&c.trim().to_lowercase()) {
                    return Err(format!("{at}: {c:?} is not one of the players"));
                }
            }
        }
        Ok(())
    }

    /// Scores the game.
    pub fn score(&self, facts: Option<&Facts>) -> Result<ScoreResult, String> {
        self.validate(facts)?;
        let top_rep = self.players.iter().map(|p| p.reputation).max().unwrap_or(0);
        let top_count = self
            .players
            .iter()
            .filter(|p| p.reputation == top_rep)
            .count();
        let needed = BOARD_CAMPS + if self.long_game { 2 } else { 0 };
        let full_card_bonus = facts
            .map(|f| i32::from(f.characters.card.layout.full_card_bonus))
            .unwrap_or(FULL_CARD_BONUS);
        let mut scores: Vec<PlayerScore> = Vec::new();
        for p in &self.players {
            let mut lines = Vec::new();
            let mut add = |rule: &'static str, label: String, points: i32| {
                lines.push(ScoreLine {
                    rule,
                    label,
                    points,
                });
            };
            let has = |t: &str| p.talents.iter().any(|x| x.trim().eq_ignore_ascii_case(t));
            add(
                "camps",
                format!("{} camps placed", p.camps),
                i32::from(p.camps),
            );
            if p.camps >= needed {
                add(
                    "all-camps-bonus",
                    format!("every camp off the board ({needed})"),
                    ALL_CAMPS_BONUS,
                );
            }
            let mut routes = 0;
            for r in &self.trade_routes {
                routes += route_points(r, &p.name);
            }
            if !self.trade_routes.is_empty() {
                add("trade-routes", "trade routes".into(), routes);
            }
            add(
                "artifacts",
                format!("{} artifacts bought", p.artifacts.len()),
                p.artifacts.iter().sum(),
            );
            if p.unpurchased_artifacts > 0 {
                let ignored = if has("Lore") {
                    p.unpurchased_artifacts.min(LORE_IGNORES)
                } else {
                    0
                };
                let label = if ignored > 0 {
                    format!(
                        "{} artifacts left in hand ({ignored} ignored by Lore)",
                        p.unpurchased_artifacts
                    )
                } else {
                    format!("{} artifacts left in hand", p.unpurchased_artifacts)
                };
                add(
                    "unpurchased-artifacts",
                    label,
                    -i32::from(p.unpurchased_artifacts - ignored),
                );
            }
            add(
                "threats",
                format!("{} threat cards", p.threats.len()),
                p.threats.iter().sum(),
            );
            if p.card_bonuses != 0 {
                add("card-bonuses", "card bonuses".into(), p.card_bonuses);
            }
            let money = p.coins + p.gems;
            add(
                "coins-and-gems",
                format!("{} coins and {} gems", p.coins, p.gems),
                i32::try_from(money / 2).unwrap_or(i32::MAX),
            );
            add(
                "faction-tokens",
                format!("{} faction tokens", p.faction_tokens),
                i32::try_from(p.faction_tokens).unwrap_or(i32::MAX),
            );
            if p.chiefs > 0 {
                add(
                    "chiefs",
                    format!("{} chiefs", p.chiefs),
                    CHIEF_POINTS * i32::from(p.chiefs),
                );
            }
            add(
                "reputation",
                format!("reputation {}", p.reputation),
                reputation_points(p.reputation, self.town),
            );
            if p.treasures == 3 {
                add(
                    "three-treasures",
                    "three treasure cards".into(),
                    THREE_TREASURES_BONUS,
                );
            }
            if has("Storytelling")
                && p.reputation == top_rep
                && (top_count == 1 || self.settings.storytelling_on_tie)
            {
                add(
                    "storytelling",
                    "Storytelling: highest reputation".into(),
                    STORYTELLING_POINTS,
                );
            }
            if p.mammoth_camp == Some(false) {
                add(
                    "mammoth-penalty",
                    "no camp on a mammoth space".into(),
                    MAMMOTH_PENALTY,
                );
            }
            if p.full_card && self.map == Some(MapNumber::LAST_RUIN) {
                add(
                    "full-card",
                    "every box on the character card".into(),
                    full_card_bonus,
                );
            }
            let total = lines.iter().map(|l| l.points).sum();
            scores.push(PlayerScore {
                name: p.name.clone(),
                lines,
                total,
                place: 0,
            });
        }
        Ok(rank(scores, &self.players))
    }
}

fn route_points(r: &TradeRouteInput, who: &str) -> i32 {
    let mine = r
        .camps
        .iter()
        .filter(|c| c.trim().eq_ignore_ascii_case(who))
        .count();
    match (r.camps.len(), mine) {
        (2, 2) => i32::from(r.sole),
        (2, 1) => i32::from(r.joint),
        _ => 0,
    }
}

/// Ranks by journey points; ties go to a card that wins ties, then the highest reputation,
/// then the most coins and gems together (p. 28).
fn rank(mut scores: Vec<PlayerScore>, inputs: &[PlayerInput]) -> ScoreResult {
    let key = |s: &PlayerScore| {
        let p = inputs.iter().find(|p| p.name == s.name);
        (
            s.total,
            p.is_some_and(|p| p.wins_ties),
            p.map(|p| p.reputation).unwrap_or(0),
            p.map(|p| p.coins + p.gems).unwrap_or(0),
        )
    };
    scores.sort_by_key(|s| std::cmp::Reverse(key(s)));
    let keys: Vec<_> = scores.iter().map(key).collect();
    for i in 0..scores.len() {
        scores[i].place = if i > 0 && keys[i] == keys[i - 1] {
            scores[i - 1].place
        } else {
            i + 1
        };
    }
    let winners: Vec<String> = scores
        .iter()
        .filter(|s| s.place == 1)
        .map(|s| s.name.clone())
        .collect();
    let tied_top = keys.iter().filter(|k| k.0 == keys[0].0).count();
    let tie_break = (tied_top > 1).then(|| {
        let tied: Vec<_> = keys.iter().take(tied_top).collect();
        if winners.len() > 1 {
            "tied on journey points, reputation and coins plus gems: the win is shared".to_string()
        } else if tied.iter().filter(|k| k.1).count() == 1 {
            "tied on journey points: a card that wins ties decides".to_string()
        } else if tied.iter().filter(|k| k.2 == keys[0].2).count() == 1 {
            "tied on journey points: the highest reputation wins".to_string()
        } else {
            "tied on journey points and reputation: the most coins plus gems wins".to_string()
        }
    });
    ScoreResult {
        players: scores,
        winners,
        tie_break,
    }
}
