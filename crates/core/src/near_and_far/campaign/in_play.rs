//! The session in play as the table sees it: quest tokens left, the active threat with its
//! name, who took which threat and boss card, the bosses still standing, the town side, and
//! what ends the game (docs/near-and-far.md, `near-and-far session`).

use chrono::NaiveDate;
use serde::Serialize;

use super::Campaign;
use crate::near_and_far::code::{MapNumber, QuestCode};
use crate::near_and_far::scoring::{BOARD_CAMPS, Town};
use crate::near_and_far::session::{self, UsedToken};

/// One seat at the table this session.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AtTable {
    pub character: String,
    pub player: String,
}

/// The quest tokens of the session (p. 9, 22).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TokensInPlay {
    /// How many were placed at setup (3 per player + 1, or 4 per player with Extra Stories).
    pub placed: usize,
    /// The spaces the app drew, in the order to place them; empty when it drew none (the map
    /// is not in the data files).
    pub drawn: Vec<QuestCode>,
    /// The tokens used so far: the space and who attempted the quest there.
    pub used: Vec<UsedToken>,
    /// The drawn spaces whose token is still on the board.
    pub left: Vec<QuestCode>,
    /// How many tokens are still on the board.
    pub left_count: usize,
}

/// A threat card: its level, its name when the data files know it, and its journey points
/// when the campaign knows them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThreatCard {
    pub level: u8,
    pub name: Option<String>,
    pub journey_points: Option<i32>,
}

impl ThreatCard {
    /// "level 4 (Bandit)", or "level 5" when its name is not known.
    pub fn describe(&self) -> String {
        match &self.name {
            Some(n) => format!("level {} ({n})", self.level),
            None => format!("level {}", self.level),
        }
    }
}

/// A threat or boss card taken, and by whom.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Taken<T> {
    pub card: T,
    pub by: String,
}

/// The Map 11 boss cards of the session (p. 39).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BossesInPlay {
    pub standing: Vec<String>,
    pub defeated: Vec<Taken<String>>,
    /// Back in the box for this many players.
    pub removed: Vec<String>,
}

/// What ends the game (p. 28), and on Map 11 with boss cards what a boss left standing means
/// (p. 39).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameEnd {
    /// The camp whose placing triggers the end: 14, or 16 with the Long Game.
    pub camp: u8,
    pub rule: String,
}

/// The session in play.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SessionInPlay {
    pub number: u32,
    pub map: MapNumber,
    pub map_name: Option<String>,
    pub date: NaiveDate,
    pub town: Town,
    pub at_table: Vec<AtTable>,
    pub tokens: TokensInPlay,
    /// The top card of the threat deck, `None` once every threat is taken.
    pub active_threat: Option<ThreatCard>,
    /// How many threat cards are still in the deck (the active one included).
    pub threats_left: usize,
    pub threats_taken: Vec<Taken<ThreatCard>>,
    /// Map 11 with boss cards in play; `None` otherwise.
    pub bosses: Option<BossesInPlay>,
    /// What setup asks of this table (Town Hall duel, start-of-session talents by owner, the
    /// platypus, the first player, a new character's introduction), each with the digest entry
    /// it restates; JSON gives the texts here and the references as `setup_rules`.
    #[serde(serialize_with = "crate::rules::Reminder::texts")]
    pub setup: Vec<crate::rules::Reminder>,
    pub game_end: GameEnd,
    /// The end-of-game counts entered so far (`score-player`) and who is still to count.
    pub counted: super::Counted,
}

impl Campaign {
    fn threat_card(&self, level: u8) -> ThreatCard {
        let known = self.cards.threats.iter().find(|t| t.level == level);
        ThreatCard {
            level,
            name: known.and_then(|t| t.name.clone()),
            journey_points: known.and_then(|t| t.journey_points),
        }
    }

    /// The session being played, as the table sees it; `None` between sessions.
    pub fn session_in_play(&self) -> Option<SessionInPlay> {
        let s = self.current_session()?;
        let placed = session::quest_tokens(s.characters.len(), self.variants.extra_stories);
        let left = s.tokens_left();
        let left_count = if s.quest_tokens.is_empty() {
            placed.saturating_sub(s.used_tokens.len())
        } else {
            left.len()
        };
        let camp = BOARD_CAMPS + if self.variants.long_game { 2 } else { 0 };
        let mut rule = format!(
            "A player placing their {camp}th camp (on the map, a threat card or the mine{}) triggers the end: the round is played out so everyone has had as many turns, then the game is scored (p. 28).",
            if self.variants.long_game {
                "; the Long Game's two extra camps count"
            } else {
                ""
            }
        );
        if s.bosses.is_some() {
            rule += " If a boss card is still standing at that point, every player loses and The Last Ruin is played again (p. 39).";
        }
        Some(SessionInPlay {
            number: s.number,
            map: s.map,
            map_name: self.cards.map(s.map).map(|m| m.name.clone()),
            date: s.date,
            town: s.town,
            at_table: s
                .characters
                .iter()
                .map(|c| AtTable {
                    character: c.clone(),
                    player: self
                        .sheet(c)
                        .map(|sh| sh.player.clone())
                        .unwrap_or_default(),
                })
                .collect(),
            tokens: TokensInPlay {
                placed,
                drawn: s.quest_tokens.clone(),
                used: s.used_tokens.clone(),
                left,
                left_count,
            },
            active_threat: s.threats.active().map(|l| self.threat_card(l.get())),
            threats_left: s.threats.remaining.len(),
            threats_taken: s
                .threats
                .defeated
                .iter()
                .map(|d| Taken {
                    card: self.threat_card(d.card.get()),
                    by: d.by.clone(),
                })
                .collect(),
            bosses: s.bosses.as_ref().map(|b| BossesInPlay {
                standing: b.standing.clone(),
                defeated: b
                    .defeated
                    .iter()
                    .map(|d| Taken {
                        card: d.card.clone(),
                        by: d.by.clone(),
                    })
                    .collect(),
                removed: b.removed.clone(),
            }),
            setup: self.setup_reminders(s),
            game_end: GameEnd { camp, rule },
            counted: self.counted(),
        })
    }
}
