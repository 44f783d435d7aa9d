//! Sessions of a campaign and the map progression between them: Campaign Mode plays Maps 2 to
//! 11 in order (Extra Stories skips three of the players' choice); Character Mode plays any of
//! Maps 2-10 until every character has read 8 character quests, then Map 11 (p. 9, 29, 38).
//! A lost Map 11 (a boss left standing) is played again (p. 39).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::cites::ReminderKind;
use super::code::{MapNumber, QuestCode};
use super::error::{RuleError, RuleResult};
use super::facts::MapFacts;
use super::lookup::Mode;
use super::scoring::{PlayerInput, Town};
use super::threats::{Bosses, ThreatDeck};
use crate::rules::Reminder;

/// The optional variants (p. 38).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variants {
    /// 4 quest tokens per player; Campaign Mode skips three maps.
    #[serde(default)]
    pub extra_stories: bool,
    /// Two extra camps per player, used first.
    #[serde(default)]
    pub long_game: bool,
}

/// The id of Map 11's boss-card rule in the maps data file.
pub const BOSS_CARDS_RULE: &str = "boss-cards";

/// Campaign Mode with Extra Stories plays seven maps instead of ten.
pub const EXTRA_STORIES_SKIPS: usize = 3;

/// How a session ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionResult {
    pub date: NaiveDate,
    /// Journey points per character present, as written on the cards.
    pub points: Vec<(String, i32)>,
    pub winners: Vec<String>,
    /// Map 11 only: every boss was defeated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bosses_defeated: Option<bool>,
}

impl SessionResult {
    /// A Map 11 session with a boss left standing: everyone lost and it is played again.
    pub fn lost_last_ruin(&self) -> bool {
        self.bosses_defeated == Some(false)
    }
}

/// One game session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// 1-based.
    pub number: u32,
    pub map: MapNumber,
    pub date: NaiveDate,
    #[serde(default)]
    pub town: Town,
    /// The characters at the table.
    pub characters: Vec<String>,
    pub threats: ThreatDeck,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bosses: Option<Bosses>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<SessionResult>,
    /// The spaces picked for quest tokens at setup, in the order to place them, and the seed
    /// they were drawn with (`tokens::place`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quest_tokens: Vec<QuestCode>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_seed: Option<u64>,
    /// The quest tokens used so far, in order: each goes back to the supply after one attempt,
    /// success or failure (p. 22).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub used_tokens: Vec<UsedToken>,
    /// Each player's end-of-game count as entered on its own (`score-player`), under the
    /// character's name, kept until the session is scored.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub score_draft: Vec<PlayerInput>,
}

/// A quest token used: the space it stood on and the character who attempted the quest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UsedToken {
    pub space: QuestCode,
    pub by: String,
}

impl Session {
    pub fn is_finished(&self) -> bool {
        self.result.is_some()
    }

    /// Whether `date` can be a day of this session: the day it began or later (a session
    /// stays open until it is scored, and may be finished on another evening; the window and
    /// the phones date what they write with the day at the table).
    pub fn holds_date(&self, date: NaiveDate) -> bool {
        date >= self.date
    }

    /// The spaces whose quest token is still on the board: those drawn and not used yet.
    pub fn tokens_left(&self) -> Vec<QuestCode> {
        self.quest_tokens
            .iter()
            .filter(|t| !self.used_tokens.iter().any(|u| &u.space == *t))
            .cloned()
            .collect()
    }

    pub fn won_last_ruin(&self) -> bool {
        self.map == MapNumber::LAST_RUIN
            && self.result.as_ref().is_some_and(|r| !r.lost_last_ruin())
    }
}

/// Quest tokens to place: 3 per player plus 1, or 4 per player with Extra Stories (p. 9, 38).
pub fn quest_tokens(players: usize, extra_stories: bool) -> usize {
    if extra_stories {
        4 * players
    } else {
        3 * players + 1
    }
}

/// The maps the next session may use, or why there is none.
pub fn allowed_maps(
    mode: Mode,
    sessions: &[Session],
    skipped: &[MapNumber],
    all_ready_for_last_ruin: bool,
) -> RuleResult<Vec<MapNumber>> {
    if sessions.iter().any(|s| !s.is_finished()) {
        return Err(RuleError::SessionInPlay);
    }
    if sessions.iter().any(Session::won_last_ruin) {
        return Err(RuleError::LastRuinWon);
    }
    match mode {
        Mode::Campaign => {
            if sessions.last().is_some_and(|s| {
                s.map == MapNumber::LAST_RUIN
                    && s.result.as_ref().is_some_and(|r| r.lost_last_ruin())
            }) {
                return Ok(vec![MapNumber::LAST_RUIN]);
            }
            let last = sessions.iter().map(|s| s.map.get()).max().unwrap_or(1);
            let next = MapNumber::all()
                .filter(|m| m.get() >= 2 && m.get() > last && !skipped.contains(m))
                .min();
            next.map(|m| vec![m]).ok_or(RuleError::AllMapsPlayed)
        }
        Mode::Character => {
            let mut maps: Vec<MapNumber> = MapNumber::all()
                .filter(|m| (2..=10).contains(&m.get()))
                .collect();
            if all_ready_for_last_ruin {
                maps.push(MapNumber::LAST_RUIN);
            }
            Ok(maps)
        }
    }
}

/// Checks skipping `map` in an Extra Stories Campaign Mode campaign.
pub fn check_skip(
    mode: Mode,
    variants: Variants,
    sessions: &[Session],
    skipped: &[MapNumber],
    map: MapNumber,
) -> RuleResult<()> {
    if mode != Mode::Campaign || !variants.extra_stories {
        return Err(RuleError::SkipNeedsExtraStories);
    }
    if !(2..=10).contains(&map.get()) {
        return Err(RuleError::SkipOutOfRange { map });
    }
    if skipped.contains(&map) {
        return Err(RuleError::AlreadySkipped { map });
    }
    if skipped.len() >= EXTRA_STORIES_SKIPS {
        return Err(RuleError::SkipsUsed {
            most: EXTRA_STORIES_SKIPS,
            skipped: skipped.len(),
        });
    }
    let last = sessions.iter().map(|s| s.map.get()).max().unwrap_or(1);
    if map.get() <= last {
        return Err(RuleError::SkipBehind { map, last });
    }
    Ok(())
}

/// What the table should be told when a map is chosen: its special rules, the quest tokens,
/// and on a first Campaign pass the named spaces that must get one (p. 9, 39).
pub fn map_notices(
    mf: Option<&MapFacts>,
    mode: Mode,
    variants: Variants,
    map: MapNumber,
    players: usize,
) -> Vec<Reminder> {
    let mut out = Vec::new();
    let name = mf.map(|m| m.name.clone()).unwrap_or_default();
    out.push(ReminderKind::QuestTokens.remind(format!(
        "{map} {name}: place {} quest tokens on open-book spaces.",
        quest_tokens(players, variants.extra_stories)
    )));
    if let Some(mf) = mf {
        if mode == Mode::Campaign && !mf.named_spaces.is_empty() {
            let names: Vec<String> = mf.named_spaces.iter().map(|c| c.to_string()).collect();
            out.push(ReminderKind::NamedSpaces.remind(format!(
                "First time through the campaign: the named spaces {} must be among them (list from fan sources).",
                names.join(", ")
            )));
        }
        // The boss cards are Campaign Mode's (p. 39): Character Mode plays them only with its
        // setting, and then the session names them itself.
        for r in mf
            .special_rules
            .iter()
            .filter(|r| mode == Mode::Campaign || r.id != BOSS_CARDS_RULE)
        {
            let kind = if r.id == BOSS_CARDS_RULE {
                ReminderKind::BossCards
            } else {
                ReminderKind::SpecialRule
            };
            out.push(kind.remind(format!("Special rule, {}: {}", r.title, r.text)));
        }
    }
    if variants.long_game {
        out.push(ReminderKind::LongGame.remind("Long Game: each player starts with 2 extra camps, placed first on the top row and used first."));
    }
    out
}
