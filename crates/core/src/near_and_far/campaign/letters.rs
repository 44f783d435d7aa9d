//! Character Mode's quest codes belong to one character each: Rin's card reads R codes, and
//! only the code written on its next line (p. 23, 29). A character's letters are the data
//! files' (kept with the campaign's cards), else the ones its own card already reads; letters
//! another character's card reads are never this one's.

use std::sync::LazyLock;

use super::{BoxCards, Campaign, same};
use crate::near_and_far::code::QuestCode;
use crate::near_and_far::error::{RuleError, RuleResult};
use crate::near_and_far::facts::{CharacterFacts, Facts};
use crate::near_and_far::ledger::Item;

/// The letters and first codes the rulebook prints (the bundled data files), for a campaign
/// begun before campaigns kept them with their cards.
static PRINTED_LETTERS: LazyLock<Vec<CharacterFacts>> = LazyLock::new(|| {
    Facts::bundled()
        .map(|f| BoxCards::from_facts(&f).quest_letters)
        .unwrap_or_default()
});

impl Campaign {
    /// The characters' letters and first codes as this campaign knows them: those kept with
    /// its cards; for a campaign begun before they were kept (the field is absent), the ones
    /// the rulebook prints, so the code due is checked for it too (p. 23, 29). What its cards
    /// already read (`quest_letters`) and the code each card says is next (the ledger) come
    /// from its own records either way.
    fn letter_facts(&self) -> &[CharacterFacts] {
        if self.cards.quest_letters.is_empty() {
            &PRINTED_LETTERS
        } else {
            &self.cards.quest_letters
        }
    }

    /// The quest letters of `character` (its exact name), if known.
    pub fn quest_letters(&self, character: &str) -> Option<String> {
        if let Some(p) = self
            .letter_facts()
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
        self.letter_facts()
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
