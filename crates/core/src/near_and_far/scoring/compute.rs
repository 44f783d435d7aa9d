//! Adding up the score sheet: checking what was typed (naming the player and field), one line
//! per scoring rule, and the ranking with its tie-breaks (p. 28).

use super::error::{PlayerAt, RouteAt, ScoreError};
use super::{
    ALL_CAMPS_BONUS, BOARD_CAMPS, CHIEF_POINTS, FULL_CARD_BONUS, LORE_IGNORES, MAMMOTH_PENALTY,
    PlayerInput, PlayerScore, STORYTELLING_POINTS, ScoreInput, ScoreLine, ScoreResult,
    THREE_TREASURES_BONUS, TradeRouteInput, reputation_points,
};
use crate::near_and_far::code::MapNumber;
use crate::near_and_far::facts::{Facts, Talent};
use crate::words::count;

impl ScoreInput {
    /// Checks what the players typed, naming the player and field.
    pub fn validate(&self, facts: Option<&Facts>) -> Result<(), ScoreError> {
        self.check(facts.map(|f| f.talents.as_slice()))
    }

    /// As `validate`, against a list of talents (a campaign's own cards) when there is one.
    pub fn check(&self, talents: Option<&[Talent]>) -> Result<(), ScoreError> {
        if !(2..=4).contains(&self.players.len()) {
            return Err(ScoreError::PlayerCount(self.players.len()));
        }
        let mut names = crate::datafile::FirstSeen::new();
        for (i, p) in self.players.iter().enumerate() {
            let at = || PlayerAt {
                index: i,
                name: p.name.clone(),
            };
            if p.name.trim().is_empty() {
                return Err(ScoreError::EmptyName { index: i });
            }
            if let Some(first) = names.again(p.name.trim().to_lowercase(), i) {
                return Err(ScoreError::SameName { at: at(), first });
            }
            if !(-6..=12).contains(&p.reputation) {
                return Err(ScoreError::OffTrack {
                    at: at(),
                    reputation: p.reputation,
                });
            }
            if p.chiefs > MAX_CHIEFS {
                return Err(ScoreError::TooManyChiefs { at: at() });
            }
            if p.treasures > 3 {
                return Err(ScoreError::TooManyTreasures { at: at() });
            }
            if p.camps > 40 {
                return Err(ScoreError::TooManyCamps {
                    at: at(),
                    camps: p.camps,
                });
            }
            if self.map == Some(MapNumber::MAMMOTH_JUNGLE) {
                if p.mammoth_camp.is_none() {
                    return Err(ScoreError::MammothUnanswered { at: at() });
                }
            } else if p.mammoth_camp.is_some() {
                return Err(ScoreError::MammothOffMap10 { at: at() });
            }
            if p.full_card() && self.map != Some(MapNumber::LAST_RUIN) {
                return Err(ScoreError::FullCardOffMap11 { at: at() });
            }
            check_box_limits(p, at)?;
            if let Some(known) = talents.filter(|k| !k.is_empty()) {
                for t in p.talents() {
                    if !known.iter().any(|k| k.name.eq_ignore_ascii_case(t.trim())) {
                        return Err(ScoreError::NoSuchTalent {
                            at: at(),
                            talent: t.clone(),
                        });
                    }
                }
            }
        }
        check_across_players(self)?;
        for (i, r) in self.trade_routes.iter().enumerate() {
            let at = || RouteAt {
                index: i,
                name: r.name.clone(),
            };
            if r.sole > MAX_ROUTE_POINTS {
                return Err(ScoreError::RoutePoints {
                    at: at(),
                    sole: r.sole,
                });
            }
            if r.joint > r.sole {
                return Err(ScoreError::JointAboveSole {
                    at: at(),
                    joint: r.joint,
                    sole: r.sole,
                });
            }
            if r.camps.len() > 2 {
                return Err(ScoreError::RouteTooLong { at: at() });
            }
            for c in &r.camps {
                if !names.contains(&c.trim().to_lowercase()) {
                    return Err(ScoreError::RouteStranger {
                        at: at(),
                        camp: c.clone(),
                    });
                }
            }
        }
        Ok(())
    }

    /// Scores the game.
    pub fn score(&self, facts: Option<&Facts>) -> Result<ScoreResult, ScoreError> {
        let bonus = facts
            .map(|f| i32::from(f.characters.card.layout.full_card_bonus))
            .unwrap_or(FULL_CARD_BONUS);
        self.score_with(facts.map(|f| f.talents.as_slice()), bonus)
    }

    /// Scores the game against a list of talents and a full-card bonus (a campaign's own).
    pub fn score_with(
        &self,
        talents: Option<&[Talent]>,
        full_card_bonus: i32,
    ) -> Result<ScoreResult, ScoreError> {
        self.check(talents)?;
        let top_rep = self.players.iter().map(|p| p.reputation).max().unwrap_or(0);
        let top_count = self
            .players
            .iter()
            .filter(|p| p.reputation == top_rep)
            .count();
        let needed = BOARD_CAMPS + if self.long_game() { 2 } else { 0 };
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
            let has = |t: &str| p.talents().iter().any(|x| x.trim().eq_ignore_ascii_case(t));
            add(
                "camps",
                format!("{} placed", count(p.camps, "camp", "camps")),
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
                format!(
                    "{} bought",
                    count(p.artifacts.len() as u64, "artifact", "artifacts")
                ),
                p.artifacts.iter().sum::<i32>(),
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
                count(p.threats().len() as u64, "threat card", "threat cards"),
                p.threats().iter().sum::<i32>(),
            );
            if p.card_bonuses != 0 {
                add("card-bonuses", "card bonuses".into(), p.card_bonuses);
            }
            let money = p.coins + p.gems;
            add(
                "coins-and-gems",
                format!(
                    "{} and {}",
                    count(p.coins, "coin", "coins"),
                    count(p.gems, "gem", "gems")
                ),
                i32::try_from(money / 2).unwrap_or(i32::MAX),
            );
            add(
                "faction-tokens",
                count(p.faction_tokens, "faction token", "faction tokens"),
                i32::try_from(p.faction_tokens).unwrap_or(i32::MAX),
            );
            if p.chiefs > 0 {
                add(
                    "chiefs",
                    count(p.chiefs, "chief", "chiefs"),
                    CHIEF_POINTS * i32::from(p.chiefs),
                );
            }
            add(
                "reputation",
                format!("reputation {}", p.reputation),
                reputation_points(p.reputation, self.town()),
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
            if p.full_card() && self.map == Some(MapNumber::LAST_RUIN) {
                add(
                    "full-card",
                    "every box on the character card".into(),
                    full_card_bonus,
                );
            }
            // Every number is bounded by `check_box_limits`; the sum is still checked so a
            // sheet can never wrap around into a wrong total.
            let total = lines
                .iter()
                .try_fold(0i32, |t, l| t.checked_add(l.points))
                .ok_or_else(|| ScoreError::TotalOverflow {
                    name: p.name.clone(),
                })?;
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

/// The most of each thing a score sheet may claim. Artifact cards are limited by the box (55,
/// components list); threat and boss cards are 12 + 4; coins, gems and faction tokens may be
/// replaced when they run out (setup, p. 6), so their bound only catches a typing slip.
pub const MAX_ARTIFACT_CARDS: usize = 55;
pub const MAX_ARTIFACT_POINTS: i32 = 20;
pub const MAX_THREAT_CARDS: usize = 16;
pub const MAX_THREAT_POINTS: i32 = 30;
pub const MAX_MONEY: u32 = 999;
pub const MAX_CARD_BONUSES: i32 = 200;
/// The chiefs in the box, shared by the whole table.
pub const MAX_CHIEFS: u8 = 4;
/// Each map shows four trade routes (p. 25).
pub const MAX_TRADE_ROUTES: usize = 4;
/// The larger number printed for a trade route is a few points; 20 only catches a typing slip.
pub const MAX_ROUTE_POINTS: u8 = 20;

/// Refuses numbers no game can reach, naming the player and the field.
fn check_box_limits(p: &PlayerInput, at: impl Fn() -> PlayerAt) -> Result<(), ScoreError> {
    if p.artifacts.len() + usize::from(p.unpurchased_artifacts) > MAX_ARTIFACT_CARDS {
        return Err(ScoreError::TooManyArtifacts { at: at() });
    }
    if let Some(a) = p
        .artifacts
        .iter()
        .find(|a| !(0..=MAX_ARTIFACT_POINTS).contains(*a))
    {
        return Err(ScoreError::ArtifactPoints {
            at: at(),
            points: *a,
        });
    }
    if p.threats().len() > MAX_THREAT_CARDS {
        return Err(ScoreError::TooManyThreats { at: at() });
    }
    if let Some(t) = p
        .threats()
        .iter()
        .find(|t| !(0..=MAX_THREAT_POINTS).contains(*t))
    {
        return Err(ScoreError::ThreatPoints {
            at: at(),
            points: *t,
        });
    }
    for (field, n) in [
        ("coins", p.coins),
        ("gems", p.gems),
        ("faction_tokens", p.faction_tokens),
    ] {
        if n > MAX_MONEY {
            return Err(ScoreError::TooMuch {
                at: at(),
                field,
                amount: n,
            });
        }
    }
    if !(-MAX_CARD_BONUSES..=MAX_CARD_BONUSES).contains(&p.card_bonuses) {
        return Err(ScoreError::CardBonuses {
            at: at(),
            bonuses: p.card_bonuses,
        });
    }
    Ok(())
}

/// What the box holds for the whole table, not only for one player: 4 chiefs, 55 artifact
/// cards (bought and in hand), one threat deck (12 threat cards and 4 boss cards), and 4 trade
/// routes per map (p. 25, 28).
fn check_across_players(sheet: &ScoreInput) -> Result<(), ScoreError> {
    let chiefs: u32 = sheet.players.iter().map(|p| u32::from(p.chiefs)).sum();
    if chiefs > u32::from(MAX_CHIEFS) {
        return Err(ScoreError::ChiefsAcrossPlayers { chiefs });
    }
    let artifacts: usize = sheet
        .players
        .iter()
        .map(|p| p.artifacts.len() + usize::from(p.unpurchased_artifacts))
        .sum();
    if artifacts > MAX_ARTIFACT_CARDS {
        return Err(ScoreError::ArtifactsAcrossPlayers { cards: artifacts });
    }
    let threats: usize = sheet.players.iter().map(|p| p.threats().len()).sum();
    if threats > MAX_THREAT_CARDS {
        return Err(ScoreError::ThreatsAcrossPlayers { cards: threats });
    }
    if sheet.trade_routes.len() > MAX_TRADE_ROUTES {
        return Err(ScoreError::TooManyRoutes {
            routes: sheet.trade_routes.len(),
        });
    }
    Ok(())
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
