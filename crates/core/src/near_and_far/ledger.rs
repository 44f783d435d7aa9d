//! The character card as a dated ledger. Everything written on the card (a filled box, a
//! character quest, a keyword, a side quest, a talent bought, a session's journey points) is
//! an entry; a mistake is fixed by a later `Correction` entry with a reason, never by editing
//! the past. The sheet a player sees is derived from the ledger (see `sheet`).

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::code::{Keyword, MapNumber, Outcome, QuestCode};
use super::error::{RuleError, RuleResult};

/// One line of the ledger.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LedgerEntry {
    /// Sequential within the character's ledger, from 1.
    pub id: u32,
    pub date: NaiveDate,
    /// The session (1-based) it happened in, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub session: Option<u32>,
    pub item: Item,
}

/// What a ledger entry records.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Item {
    /// The pre-filled first star: 1 experience to start (p. 13, 31).
    StartingExperience,
    /// A late joiner in Campaign Mode fills one row of boxes per missed session (p. 37).
    LateStartRow { missed_session: u32 },
    /// Campaign Mode: one encounter box, success or failure (p. 23).
    EncounterBox {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        quest: Option<QuestCode>,
        outcome: Outcome,
    },
    /// Character Mode: a character quest read, 1 experience even when failed (p. 23).
    CharacterQuest {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<QuestCode>,
        outcome: Outcome,
        /// The code written on the next line of the card.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        next: Option<QuestCode>,
        /// The story ended with this quest.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        ending: bool,
    },
    /// Character Mode: an Arcade Mode card used instead of a locked quest; no experience.
    ArcadeCard,
    /// The next character quest code written on the card by hand (or the first one).
    NextQuest { code: QuestCode },
    /// Experience given by a quest's rewards.
    ExperienceReward {
        amount: u8,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        quest: Option<QuestCode>,
    },
    /// A talent bought with experience (p. 13).
    TalentBought { talent: String, cost: u8 },
    KeywordGained {
        keyword: Keyword,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        quest: Option<QuestCode>,
    },
    KeywordLost {
        keyword: Keyword,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        quest: Option<QuestCode>,
    },
    /// A side quest number written in a circle of the card (p. 23).
    SideQuestGiven {
        code: QuestCode,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        from: Option<QuestCode>,
    },
    /// A side quest read and crossed out.
    SideQuestCrossedOut { code: QuestCode },
    /// A session's journey points, written in a square of the card (p. 31).
    JourneyPoints {
        session: u32,
        map: MapNumber,
        points: i32,
    },
    /// Replaces (or, with no replacement, strikes out) entry `corrects`, for `reason`.
    Correction {
        corrects: u32,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        replacement: Option<Box<Item>>,
    },
}

impl Item {
    /// A line for the ledger view: "filled an encounter box (quest 41, failed)".
    pub fn describe(&self) -> String {
        let of = |q: &Option<QuestCode>| {
            q.as_ref()
                .map(|q| format!(" (from {q})"))
                .unwrap_or_default()
        };
        match self {
            Item::StartingExperience => "starting experience (the pre-filled star)".into(),
            Item::LateStartRow { missed_session } => {
                format!("late start: a row of boxes for missed session {missed_session}")
            }
            Item::EncounterBox { quest, outcome } => match quest {
                Some(q) => format!("encounter box: quest {q}, {}", outcome.label()),
                None => format!("encounter box ({})", outcome.label()),
            },
            Item::CharacterQuest {
                code,
                outcome,
                next,
                ending,
            } => {
                let code = code.as_ref().map(|c| c.to_string()).unwrap_or("?".into());
                let then = match (next, ending) {
                    (_, true) => ", the story ends".to_string(),
                    (Some(n), _) => format!(", next {n}"),
                    (None, _) => String::new(),
                };
                format!("character quest {code}, {}{then}", outcome.label())
            }
            Item::ArcadeCard => "arcade card instead of a locked character quest".into(),
            Item::NextQuest { code } => format!("next character quest written: {code}"),
            Item::ExperienceReward { amount, quest } => {
                format!("{amount} experience as a reward{}", of(quest))
            }
            Item::TalentBought { talent, cost } => {
                format!("bought talent {talent} for {cost} experience")
            }
            Item::KeywordGained { keyword, quest } => {
                format!("keyword {keyword} gained{}", of(quest))
            }
            Item::KeywordLost { keyword, quest } => format!("keyword {keyword} lost{}", of(quest)),
            Item::SideQuestGiven { code, from } => {
                format!("side quest {code} written down{}", of(from))
            }
            Item::SideQuestCrossedOut { code } => format!("side quest {code} crossed out"),
            Item::JourneyPoints {
                session,
                map,
                points,
            } => format!(
                "{} in session {session} ({map})",
                crate::near_and_far::scoring::points(*points)
            ),
            Item::Correction {
                corrects,
                reason,
                replacement,
            } => match replacement {
                Some(r) => format!(
                    "correction of entry {corrects} ({reason}): now {}",
                    r.describe()
                ),
                None => format!("correction: entry {corrects} struck out ({reason})"),
            },
        }
    }

    pub fn is_correction(&self) -> bool {
        matches!(self, Item::Correction { .. })
    }
}

/// A character's ledger: append-only.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Ledger {
    pub entries: Vec<LedgerEntry>,
}

impl Ledger {
    pub fn next_id(&self) -> u32 {
        self.entries.last().map(|e| e.id + 1).unwrap_or(1)
    }

    pub fn push(&mut self, date: NaiveDate, session: Option<u32>, item: Item) -> u32 {
        let id = self.next_id();
        self.entries.push(LedgerEntry {
            id,
            date,
            session,
            item,
        });
        id
    }

    pub fn get(&self, id: u32) -> Option<&LedgerEntry> {
        self.entries.iter().find(|e| e.id == id)
    }

    /// The entries as they stand after every correction: each non-correction entry with its
    /// latest replacement, struck-out ones left out. The original's date and session stay.
    pub fn effective(&self) -> Vec<LedgerEntry> {
        let mut out: Vec<LedgerEntry> = Vec::new();
        for e in &self.entries {
            if e.item.is_correction() {
                continue;
            }
            let latest = self.entries.iter().rev().find_map(|c| match &c.item {
                Item::Correction {
                    corrects,
                    replacement,
                    ..
                } if *corrects == e.id => Some(replacement.clone()),
                _ => None,
            });
            match latest {
                None => out.push(e.clone()),
                Some(Some(r)) => out.push(LedgerEntry {
                    item: *r,
                    ..e.clone()
                }),
                Some(None) => {}
            }
        }
        out
    }

    /// Whether entry `id` has been corrected, and by which entry last.
    pub fn corrected_by(&self, id: u32) -> Option<u32> {
        self.entries.iter().rev().find_map(|c| match &c.item {
            Item::Correction { corrects, .. } if *corrects == id => Some(c.id),
            _ => None,
        })
    }

    /// Checks ids and corrections (the sheet's own rules are checked by `sheet`).
    pub fn validate(&self) -> RuleResult<()> {
        let mut last = 0;
        for (i, e) in self.entries.iter().enumerate() {
            if e.id <= last {
                return Err(RuleError::EntryIdsOutOfOrder {
                    position: i + 1,
                    id: e.id,
                    last,
                });
            }
            last = e.id;
            if let Item::Correction {
                corrects,
                reason,
                replacement,
            } = &e.item
            {
                let Some(target) = self.entries.iter().find(|t| t.id == *corrects) else {
                    return Err(RuleError::CorrectsMissing {
                        entry: e.id,
                        corrects: *corrects,
                    });
                };
                if target.id >= e.id {
                    return Err(RuleError::CorrectsLater { entry: e.id });
                }
                if target.item.is_correction() {
                    return Err(RuleError::CorrectsCorrection {
                        entry: e.id,
                        corrects: *corrects,
                    });
                }
                if reason.trim().is_empty() {
                    return Err(RuleError::CorrectionNeedsReason { entry: e.id });
                }
                if let Some(r) = replacement {
                    check_replacement(e.id, &target.item, r)?;
                }
                if matches!(target.item, Item::StartingExperience) {
                    return Err(RuleError::StartingStarFixed { entry: e.id });
                }
            }
        }
        Ok(())
    }
}

/// A replacement must record the same kind of thing as the entry it corrects (a box stays a
/// box), so a correction cannot smuggle in something that had its own rules to pass. `entry`
/// is the correction's own id.
pub fn check_replacement(entry: u32, original: &Item, replacement: &Item) -> RuleResult<()> {
    if replacement.is_correction() {
        return Err(RuleError::CorrectionOfCorrection { entry });
    }
    if std::mem::discriminant(original) != std::mem::discriminant(replacement) {
        return Err(RuleError::KindChanged {
            entry,
            from: original.describe(),
            to: replacement.describe(),
        });
    }
    Ok(())
}
