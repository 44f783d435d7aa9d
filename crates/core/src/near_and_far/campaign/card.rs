//! Writing on a character card outside quest attempts: the lookup of what to read, a side
//! quest crossed out, talents bought, codes and rewards written by hand, and corrections.

use chrono::NaiveDate;

use super::{BoxCards, Campaign};
use crate::near_and_far::code::{MapNumber, QuestCode};
use crate::near_and_far::error::{RuleError, RuleResult};
use crate::near_and_far::facts::Facts;
use crate::near_and_far::index::Index;
use crate::near_and_far::ledger::Item;
use crate::near_and_far::lookup::{self, Lookup, LookupContext, Mode};

impl Campaign {
    /// Which paragraph `character` reads on a space showing `space` (see `lookup`). The map is
    /// the session's unless given.
    pub fn lookup(
        &self,
        character: &str,
        space: &QuestCode,
        map: Option<MapNumber>,
        index: &Index,
        facts: Option<&Facts>,
    ) -> RuleResult<Lookup> {
        let view = self.view(character)?;
        let map = map
            .or_else(|| self.current_session().map(|s| s.map))
            .ok_or(RuleError::NoMapForLookup)?;
        let pending = if self.mode == Mode::Campaign {
            view.pending_side_quests()
        } else {
            Vec::new()
        };
        let ctx = LookupContext {
            mode: self.mode,
            map,
            space: space.clone(),
            character: &view.character,
            keywords: &view.keywords,
            pending_side_quests: &pending,
            next_character_quest: view.next_quest.as_ref(),
            character_quests_read: view.character_quests_read,
            story_ended: view.story_ended,
            card: self.card,
        };
        lookup::lookup(&ctx, index, facts)
    }

    /// Crosses out a pending side quest (read instead of a map quest).
    pub fn cross_out_side_quest(
        &mut self,
        character: &str,
        code: &QuestCode,
        date: NaiveDate,
    ) -> RuleResult<()> {
        if self.mode != Mode::Campaign {
            return Err(RuleError::NoSideQuestsInCharacterMode);
        }
        self.push(
            character,
            date,
            Item::SideQuestCrossedOut { code: code.clone() },
        )?;
        Ok(())
    }

    /// Buys a talent as `buy` does, first keeping the box's cards from `facts` if this campaign
    /// has none yet (a save made before cards were kept).
    pub fn buy_talent(
        &mut self,
        character: &str,
        talent: &str,
        date: NaiveDate,
        facts: &Facts,
        at_town_hall: bool,
    ) -> RuleResult<()> {
        if self.cards.talents.is_empty() {
            self.cards = BoxCards::from_facts(facts);
        }
        self.buy(character, talent, date, at_town_hall).map(|_| ())
    }

    /// Buys a talent at the cost on the campaign's cards: between sessions, or during one at
    /// the Town Hall with Politics (p. 13). Returns the talent's name and cost.
    pub(super) fn buy(
        &mut self,
        character: &str,
        talent: &str,
        date: NaiveDate,
        at_town_hall: bool,
    ) -> RuleResult<(String, u8)> {
        let t = self
            .cards
            .talent(talent)
            .ok_or_else(|| RuleError::NoSuchTalent {
                name: talent.to_string(),
            })?
            .clone();
        if self.current_session().is_some() {
            let v = self.view(character)?;
            if !v.has_talent("Politics") {
                return Err(RuleError::TalentsBetweenSessions);
            }
            if !at_town_hall {
                return Err(RuleError::PoliticsAtTownHall);
            }
        }
        self.push(
            character,
            date,
            Item::TalentBought {
                talent: t.name.clone(),
                cost: t.cost,
            },
        )?;
        Ok((t.name, t.cost))
    }

    /// Character Mode: writes the next quest code on the card by hand.
    pub fn write_next_quest(
        &mut self,
        character: &str,
        code: QuestCode,
        date: NaiveDate,
    ) -> RuleResult<()> {
        let name = self.sheet(character)?.character.clone();
        self.check_own_letters(&name, &code)?;
        self.push(character, date, Item::NextQuest { code })?;
        Ok(())
    }

    /// Writes a keyword or side quest on the card by hand (a reward the index lacks).
    pub fn note_reward(&mut self, character: &str, item: Item, date: NaiveDate) -> RuleResult<()> {
        match &item {
            Item::KeywordGained { .. }
            | Item::KeywordLost { .. }
            | Item::ExperienceReward { .. } => {}
            Item::SideQuestGiven { .. } if self.mode == Mode::Campaign => {}
            Item::SideQuestGiven { .. } => {
                return Err(RuleError::NoSideQuestsInCharacterMode);
            }
            other => {
                return Err(RuleError::NotWrittenByHand {
                    what: other.describe(),
                });
            }
        }
        self.push(character, date, item)?;
        Ok(())
    }

    /// Corrects ledger entry `entry` of `character` (replace it, or strike it out with None).
    /// The correction is itself a dated entry with the reason; the sheet must stay possible.
    pub fn correct(
        &mut self,
        character: &str,
        entry: u32,
        reason: &str,
        replacement: Option<Item>,
        date: NaiveDate,
    ) -> RuleResult<()> {
        if reason.trim().is_empty() {
            return Err(RuleError::CorrectionWithoutReason);
        }
        let sheet = self.sheet(character)?;
        let target = sheet
            .ledger
            .get(entry)
            .ok_or_else(|| RuleError::NoSuchEntry {
                character: sheet.character.clone(),
                entry,
            })?;
        if let Item::JourneyPoints { .. } = target.item
            && matches!(replacement, Some(Item::JourneyPoints { .. }))
            && !matches!((&target.item, &replacement), (Item::JourneyPoints { session: a, map: m, .. }, Some(Item::JourneyPoints { session: b, map: n, .. })) if a == b && m == n)
        {
            return Err(RuleError::JourneyCorrectionMoves);
        }
        self.push(
            character,
            date,
            Item::Correction {
                corrects: entry,
                reason: reason.trim().to_string(),
                replacement: replacement.map(Box::new),
            },
        )?;
        Ok(())
    }
}
