//! A quest attempt written on the card: a box in Campaign Mode, a character quest or an arcade
//! card in Character Mode, the side quest crossed out, and the rewards that matter to the sheet
//! (keywords, side quests, experience).

use chrono::NaiveDate;

use super::Campaign;
use crate::near_and_far::code::{MapNumber, Outcome, QuestCode};
use crate::near_and_far::error::{RuleError, RuleResult};
use crate::near_and_far::index::Bookkeeping;
use crate::near_and_far::ledger::Item;
use crate::near_and_far::lookup::{Mode, Read};

/// A quest attempt to write on the card.
#[derive(Debug, Clone, PartialEq)]
pub struct QuestRecord {
    /// What was read (normally the lookup's answer).
    pub read: Read,
    pub outcome: Outcome,
    /// Character Mode: the code the choice leads to (written even on failure, p. 23).
    pub next: Option<QuestCode>,
    /// Character Mode: the story ends here.
    pub ending: bool,
    /// Sheet rewards gained (only on success).
    pub rewards: Bookkeeping,
}

impl Campaign {
    /// Writes a quest attempt on `character`'s card. Returns what changed, in words.
    pub fn record_quest(
        &mut self,
        character: &str,
        record: QuestRecord,
        date: NaiveDate,
    ) -> RuleResult<Vec<String>> {
        let name = self.present(character)?;
        let map = self
            .current_session()
            .map(|s| s.map)
            .unwrap_or(MapNumber::LAST_RUIN);
        let before = self.view(&name)?;
        if !record.outcome.succeeded() && !record.rewards.is_empty() {
            return Err(RuleError::FailedQuestRewards);
        }
        let mut next = self.clone();
        let mut notices = Vec::new();
        let quest_code: Option<QuestCode>;
        match (self.mode, &record.read) {
            (Mode::Campaign, Read::MapQuest { code }) => {
                if !code.is_map_space() {
                    return Err(RuleError::QuestNotOnMap { code: code.clone() });
                }
                if let Some(q) = before.pending_side_quests().first() {
                    return Err(RuleError::SideQuestPending {
                        character: name,
                        code: q.clone(),
                    });
                }
                quest_code = Some(code.clone());
                next.push(
                    &name,
                    date,
                    Item::EncounterBox {
                        quest: Some(code.clone()),
                        outcome: record.outcome,
                    },
                )?;
            }
            (Mode::Campaign, Read::SideQuest { code, .. }) => {
                let pending = before.pending_side_quests();
                if pending.contains(code) {
                    if pending.first() != Some(code) {
                        notices.push(format!(
                            "{code} was read before older side quest {}",
                            pending[0]
                        ));
                    }
                    next.push(
                        &name,
                        date,
                        Item::SideQuestCrossedOut { code: code.clone() },
                    )?;
                    notices.push(format!("Side quest {code} crossed out."));
                } else if !before.side_quests.iter().any(|s| &s.code == code) {
                    return Err(RuleError::SideQuestNotOnCard {
                        character: name,
                        code: code.clone(),
                    });
                }
                quest_code = Some(code.clone());
                next.push(
                    &name,
                    date,
                    Item::EncounterBox {
                        quest: Some(code.clone()),
                        outcome: record.outcome,
                    },
                )?;
            }
            (Mode::Campaign, _) => {
                return Err(RuleError::CampaignModeReads);
            }
            (Mode::Character, Read::CharacterQuest { code }) => {
                let open = self.card.open_quest_lines();
                if before.story_ended {
                    return Err(RuleError::StoryEnded { character: name });
                }
                if before.character_quests_read >= open && map != MapNumber::LAST_RUIN {
                    return Err(RuleError::QuestsLocked {
                        character: name,
                        locked: self.card.locked_final_lines,
                    });
                }
                let expected = before.next_quest.clone();
                // Before any quest is read, the one due is the first printed on the card.
                let first = (before.character_quests_read == 0 && expected.is_none())
                    .then(|| self.first_quest(&name))
                    .flatten();
                let code = match (code, &expected, &first) {
                    (Some(c), Some(e), _) if c != e => {
                        return Err(RuleError::WrongNextQuest {
                            character: name,
                            expected: e.clone(),
                            given: c.clone(),
                        });
                    }
                    (Some(c), None, Some(f)) if c != f => {
                        return Err(RuleError::NotTheFirstQuest {
                            character: name,
                            expected: f.clone(),
                            given: c.clone(),
                        });
                    }
                    (Some(c), _, _) => Some(c.clone()),
                    (None, e, f) => e.clone().or_else(|| f.clone()),
                };
                if let Some(c) = &code {
                    self.check_own_letters(&name, c)?;
                }
                if let Some(n) = &record.next {
                    self.check_own_letters(&name, n)?;
                }
                if record.ending && record.next.is_some() {
                    return Err(RuleError::EndingHasNoNext);
                }
                quest_code = code.clone();
                next.push(
                    &name,
                    date,
                    Item::CharacterQuest {
                        code,
                        outcome: record.outcome,
                        next: record.next.clone(),
                        ending: record.ending,
                    },
                )?;
                notices.push(format!(
                    "+1 experience for {name}, whatever the result (p. 23)."
                ));
            }
            (Mode::Character, Read::ArcadeCard) => {
                let locked = before.character_quests_read >= self.card.open_quest_lines()
                    && map != MapNumber::LAST_RUIN;
                let card_full = before.character_quests_read >= self.card.quest_lines;
                if !locked && !card_full && !before.story_ended {
                    return Err(RuleError::ArcadeNotNeeded { character: name });
                }
                if !record.rewards.is_empty() {
                    return Err(RuleError::ArcadeRewards);
                }
                next.push(&name, date, Item::ArcadeCard)?;
                notices.push("Arcade card: no experience (p. 23).".into());
                quest_code = None;
            }
            (Mode::Character, _) => {
                return Err(RuleError::CharacterModeReads);
            }
        }
        if self.mode == Mode::Campaign {
            let after = next.view(&name)?;
            if after.boxes_filled == before.boxes_filled {
                notices.push(format!("{name}'s card has no empty encounter box left."));
            } else if after.xp_earned > before.xp_earned {
                notices.push(format!("A row of boxes is full: +1 experience for {name}."));
            }
        }
        next.apply_rewards(
            &name,
            &record.rewards,
            quest_code.as_ref(),
            date,
            &mut notices,
        )?;
        *self = next;
        Ok(notices)
    }

    fn apply_rewards(
        &mut self,
        name: &str,
        r: &Bookkeeping,
        from: Option<&QuestCode>,
        date: NaiveDate,
        notices: &mut Vec<String>,
    ) -> RuleResult<()> {
        let quest = from.cloned();
        for k in &r.keywords {
            if self.view(name)?.keywords.contains(k) {
                notices.push(format!("{name} already holds {k}."));
                continue;
            }
            self.push(
                name,
                date,
                Item::KeywordGained {
                    keyword: k.clone(),
                    quest: quest.clone(),
                },
            )?;
            notices.push(format!("Keyword {k} written on {name}'s card."));
        }
        for k in &r.lose_keywords {
            self.push(
                name,
                date,
                Item::KeywordLost {
                    keyword: k.clone(),
                    quest: quest.clone(),
                },
            )?;
            notices.push(format!("Keyword {k} erased from {name}'s card."));
        }
        for q in &r.side_quests {
            if self.mode == Mode::Character {
                notices.push(format!(
                    "Side quest {q} ignored: Character Mode has no side quests (p. 32)."
                ));
                continue;
            }
            self.push(
                name,
                date,
                Item::SideQuestGiven {
                    code: q.clone(),
                    from: quest.clone(),
                },
            )?;
            notices.push(format!(
                "Side quest {q} written on {name}'s card: it is read at the next quest attempt."
            ));
        }
        if r.xp > 0 {
            self.push(
                name,
                date,
                Item::ExperienceReward {
                    amount: r.xp,
                    quest,
                },
            )?;
            notices.push(format!("+{} experience for {name}.", r.xp));
        }
        Ok(())
    }
}
