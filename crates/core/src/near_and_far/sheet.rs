//! A character's sheet, derived from its ledger by the mode's rules: encounter boxes and
//! experience (Campaign: 1 + filled boxes ÷ 3; Character: 1 + character quests read), talents
//! and the experience spent on them, keywords, side quests pending and crossed out, the quest
//! chain, and journey points per session. Deriving checks the rules as it goes, so an
//! impossible card (more spent than earned, a talent bought twice) is refused.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::code::{Keyword, MapNumber, Outcome, QuestCode};
use super::error::{EntryAt, RuleError, RuleResult};
use super::facts::CardLayout;
use super::ledger::{Item, Ledger};
use super::lookup::Mode;
use super::scoring::{MAX_SESSION_POINTS, MIN_SESSION_POINTS};

/// One character in a campaign, with its player and ledger.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sheet {
    pub character: String,
    pub player: String,
    /// The session this character joined in (1 for the start of the campaign).
    pub joined_session: u32,
    pub ledger: Ledger,
    /// Retired after this many sessions had been played: the card stays in the books, the
    /// character plays no more sessions and is not a candidate for champion.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retired_after: Option<u32>,
}

/// A dated line of the experience ledger: + earned, - spent.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct XpLine {
    pub entry: u32,
    pub date: NaiveDate,
    pub delta: i32,
    pub what: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SideQuestState {
    Pending,
    CrossedOut,
}

impl SideQuestState {
    /// As a player says it: "pending", "crossed out".
    pub fn label(self) -> &'static str {
        match self {
            SideQuestState::Pending => "pending",
            SideQuestState::CrossedOut => "crossed out",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideQuestLine {
    pub code: QuestCode,
    pub state: SideQuestState,
    pub given: NaiveDate,
}

/// A quest on the card's history.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuestLine {
    pub entry: u32,
    pub date: NaiveDate,
    pub session: Option<u32>,
    pub code: Option<QuestCode>,
    pub outcome: Option<Outcome>,
    pub next: Option<QuestCode>,
    pub arcade: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JourneyLine {
    pub session: u32,
    pub map: MapNumber,
    pub points: i32,
}

/// The sheet as a player reads it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SheetView {
    pub character: String,
    pub player: String,
    pub mode: Mode,
    pub boxes_filled: u16,
    pub boxes_total: u16,
    pub xp_earned: i32,
    pub xp_spent: i32,
    pub xp_available: i32,
    pub xp_lines: Vec<XpLine>,
    pub talents: Vec<String>,
    pub keywords: BTreeSet<Keyword>,
    pub side_quests: Vec<SideQuestLine>,
    pub quests: Vec<QuestLine>,
    /// Character quests read (failures included, arcade cards not).
    pub character_quests_read: u8,
    pub next_quest: Option<QuestCode>,
    pub story_ended: bool,
    pub journey: Vec<JourneyLine>,
    pub journey_total: i32,
    /// Every box filled (Campaign) or every character quest read (Character): worth the
    /// card's bonus at the end of Map 11 (p. 31-32).
    pub card_complete: bool,
}

impl SheetView {
    pub fn pending_side_quests(&self) -> Vec<QuestCode> {
        self.side_quests
            .iter()
            .filter(|s| s.state == SideQuestState::Pending)
            .map(|s| s.code.clone())
            .collect()
    }

    pub fn has_talent(&self, name: &str) -> bool {
        self.talents.iter().any(|t| t.eq_ignore_ascii_case(name))
    }
}

impl Sheet {
    /// Derives the sheet, checking the mode's rules entry by entry.
    pub fn view(&self, mode: Mode, card: CardLayout) -> RuleResult<SheetView> {
        self.ledger.validate()?;
        let per_row = u16::from(card.boxes_per_row);
        let mut v = SheetView {
            character: self.character.clone(),
            player: self.player.clone(),
            mode,
            boxes_filled: 0,
            boxes_total: card.total_boxes(),
            xp_earned: 0,
            xp_spent: 0,
            xp_available: 0,
            xp_lines: Vec::new(),
            talents: Vec::new(),
            keywords: BTreeSet::new(),
            side_quests: Vec::new(),
            quests: Vec::new(),
            character_quests_read: 0,
            next_quest: None,
            story_ended: false,
            journey: Vec::new(),
            journey_total: 0,
            card_complete: false,
        };
        let mut started = false;
        for e in self.ledger.effective() {
            let at = || EntryAt {
                character: self.character.clone(),
                entry: e.id,
                what: e.item.describe(),
            };
            let earn = |v: &mut SheetView, n: i32, what: String| {
                v.xp_earned += n;
                v.xp_lines.push(XpLine {
                    entry: e.id,
                    date: e.date,
                    delta: n,
                    what,
                });
            };
            if !started && !matches!(e.item, Item::StartingExperience) {
                return Err(RuleError::NoStartingStar { at: at() });
            }
            match &e.item {
                Item::StartingExperience => {
                    if started {
                        return Err(RuleError::SecondStartingStar { at: at() });
                    }
                    started = true;
                    earn(&mut v, 1, "starting star".into());
                }
                Item::LateStartRow { .. } | Item::EncounterBox { .. } => {
                    if mode != Mode::Campaign {
                        return Err(RuleError::BoxesInCharacterMode { at: at() });
                    }
                    let rows_before = v.boxes_filled / per_row;
                    let add = if matches!(e.item, Item::LateStartRow { .. }) {
                        per_row
                    } else {
                        1
                    };
                    v.boxes_filled = (v.boxes_filled + add).min(v.boxes_total);
                    let rows_after = v.boxes_filled / per_row;
                    for row in rows_before + 1..=rows_after {
                        earn(&mut v, 1, format!("row {row} of encounter boxes filled"));
                    }
                    if let Item::EncounterBox { quest, outcome } = &e.item {
                        v.quests.push(QuestLine {
                            entry: e.id,
                            date: e.date,
                            session: e.session,
                            code: quest.clone(),
                            outcome: Some(*outcome),
                            next: None,
                            arcade: false,
                        });
                    }
                }
                Item::CharacterQuest {
                    code,
                    outcome,
                    next,
                    ending,
                } => {
                    if mode != Mode::Character {
                        return Err(RuleError::CharacterQuestInCampaignMode { at: at() });
                    }
                    if v.story_ended {
                        return Err(RuleError::StoryAlreadyEnded { at: at() });
                    }
                    if v.character_quests_read >= card.quest_lines {
                        return Err(RuleError::QuestLinesFull {
                            at: at(),
                            lines: card.quest_lines,
                        });
                    }
                    v.character_quests_read += 1;
                    let what = match code {
                        Some(c) => format!("character quest {c} ({})", outcome.label()),
                        None => format!("character quest ({})", outcome.label()),
                    };
                    earn(&mut v, 1, what);
                    v.next_quest = next.clone();
                    v.story_ended = *ending;
                    v.quests.push(QuestLine {
                        entry: e.id,
                        date: e.date,
                        session: e.session,
                        code: code.clone(),
                        outcome: Some(*outcome),
                        next: next.clone(),
                        arcade: false,
                    });
                }
                Item::ArcadeCard => {
                    if mode != Mode::Character {
                        return Err(RuleError::ArcadeInCampaignMode { at: at() });
                    }
                    v.quests.push(QuestLine {
                        entry: e.id,
                        date: e.date,
                        session: e.session,
                        code: None,
                        outcome: None,
                        next: None,
                        arcade: true,
                    });
                }
                Item::NextQuest { code } => {
                    if mode != Mode::Character {
                        return Err(RuleError::NextQuestInCampaignMode { at: at() });
                    }
                    v.next_quest = Some(code.clone());
                }
                Item::ExperienceReward { amount, quest } => {
                    let what = match quest {
                        Some(q) => format!("reward from {q}"),
                        None => "quest reward".to_string(),
                    };
                    earn(&mut v, i32::from(*amount), what);
                }
                Item::TalentBought { talent, cost } => {
                    if v.has_talent(talent) {
                        return Err(RuleError::TalentTwice {
                            at: at(),
                            talent: talent.clone(),
                        });
                    }
                    let available = v.xp_earned - v.xp_spent;
                    if i32::from(*cost) > available {
                        return Err(RuleError::Overspend {
                            at: at(),
                            talent: talent.clone(),
                            cost: *cost,
                            available,
                        });
                    }
                    v.xp_spent += i32::from(*cost);
                    v.xp_lines.push(XpLine {
                        entry: e.id,
                        date: e.date,
                        delta: -i32::from(*cost),
                        what: format!("talent {talent}"),
                    });
                    v.talents.push(talent.clone());
                }
                Item::KeywordGained { keyword, .. } => {
                    v.keywords.insert(keyword.clone());
                }
                Item::KeywordLost { keyword, .. } => {
                    if !v.keywords.remove(keyword) {
                        return Err(RuleError::KeywordNotHeld {
                            at: at(),
                            keyword: keyword.clone(),
                        });
                    }
                }
                Item::SideQuestGiven { code, .. } => {
                    if !code.is_side_quest() {
                        return Err(RuleError::NotASideQuest {
                            at: at(),
                            code: code.clone(),
                        });
                    }
                    v.side_quests.push(SideQuestLine {
                        code: code.clone(),
                        state: SideQuestState::Pending,
                        given: e.date,
                    });
                }
                Item::SideQuestCrossedOut { code } => {
                    match v
                        .side_quests
                        .iter_mut()
                        .find(|s| &s.code == code && s.state == SideQuestState::Pending)
                    {
                        Some(s) => s.state = SideQuestState::CrossedOut,
                        None => {
                            return Err(RuleError::SideQuestNotPending {
                                at: at(),
                                code: code.clone(),
                            });
                        }
                    }
                }
                Item::JourneyPoints {
                    session,
                    map,
                    points,
                } => {
                    if v.journey.iter().any(|j| j.session == *session) {
                        return Err(RuleError::JourneyPointsTwice {
                            at: at(),
                            session: *session,
                        });
                    }
                    if !(MIN_SESSION_POINTS..=MAX_SESSION_POINTS).contains(points) {
                        return Err(RuleError::JourneyPointsOutOfRange {
                            at: at(),
                            points: *points,
                        });
                    }
                    v.journey_total = v.journey_total.checked_add(*points).ok_or_else(|| {
                        RuleError::JourneyTotalOverflow {
                            character: self.character.clone(),
                        }
                    })?;
                    v.journey.push(JourneyLine {
                        session: *session,
                        map: *map,
                        points: *points,
                    });
                }
                Item::Correction { .. } => {}
            }
        }
        if !started {
            return Err(RuleError::EmptyLedger {
                character: self.character.clone(),
            });
        }
        v.xp_available = v.xp_earned - v.xp_spent;
        v.card_complete = match mode {
            Mode::Campaign => v.boxes_filled >= v.boxes_total,
            Mode::Character => v.character_quests_read >= card.quest_lines,
        };
        Ok(v)
    }
}
