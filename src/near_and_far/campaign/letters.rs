//! Character Mode's quest codes belong to one character each: Rin's card reads R codes, and
//! only the code written on its next line (p. 23, 29). A character's letters are the data
//! files' (kept with the campaign's cards), else the ones its own card already reads; letters
//! another character's card reads are never this one's.

use super::{Campaign, same};
use crate::near_and_far::code::QuestCode;
use crate::near_and_far::error::{RuleError, RuleResult};
use crate::near_and_far::ledger::Item;

impl Campaign {
    /// The quest letters of `character` (its exact name), if known.
    pub fn quest_letters(&self, character: &str) -> Option<String> {
        if let Some(p) = self
            .cards
            .quest_letters
            .iter()
            .find(|c| same(&c.name, character))
            .and_then(|c| c.quest_prefix.clone())
        {
            return Some(p);
        }
        let sheet = self.sheets.iter().find(|s| same(&s.character, character))?;
        sheet
            .ledger
            .effective()
            .into_iter()
            .find_map(|e| match e.item {
                Item::CharacterQuest { code, next, .. } => code
                    .or(next)
                    .and_then(|c| c.character_prefix().map(str::to_string)),
                Item::NextQuest { code } => code.character_prefix().map(str::to_string),
                _ => None,
            })
    }

    /// The first code printed on `character`'s card, if the data files know it.
    pub fn first_quest(&self, character: &str) -> Option<QuestCode> {
        self.cards
            .quest_letters
            .iter()
            .find(|c| same(&c.name, character))
            .and_then(|c| c.first_quest.clone())
    }

    /// Refuses `code` on `character`'s card if its letters are another character's.
    pub(crate) fn check_own_letters(&self, character: &str, code: &QuestCode) -> RuleResult<()> {
        let Some(prefix) = code.character_prefix() else {
            return Err(RuleError::NotACharacterQuestCode { code: code.clone() });
        };
        if let Some(own) = self.quest_letters(character) {
            if !own.eq_ignore_ascii_case(prefix) {
                return Err(RuleError::NotOwnLetters {
                    character: character.to_string(),
                    code: code.clone(),
                    letters: own,
                });
            }
            return Ok(());
        }
        if let Some(owner) = self.sheets.iter().find(|s| {
            !same(&s.character, character)
                && self
                    .quest_letters(&s.character)
                    .is_some_and(|l| l.eq_ignore_ascii_case(prefix))
        }) {
            return Err(RuleError::AnotherCharactersLetters {
                character: character.to_string(),
                code: code.clone(),
                owner: owner.character.clone(),
            });
        }
        Ok(())
    }
}
