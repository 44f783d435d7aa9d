//! A quest recorded by the choice taken (`"choice": N`, the lookup's `choices[].index`): the
//! storybook index gives its rewards, next code and ending, applied as the window's outcome
//! buttons apply them, and the keyword rule (p. 35) and the roll (p. 21-22) are checked
//! against the character's card. The campaign keeps no index, so whoever holds one (the
//! command line's `tablemate act`) resolves the choice before the action is applied.

use super::Campaign;
use super::action::Action;
use crate::near_and_far::code::{Outcome, QuestCode};
use crate::near_and_far::error::{RuleError, RuleResult};
use crate::near_and_far::facts::Facts;
use crate::near_and_far::index::{Bookkeeping, Index, describe_rewards};
use crate::near_and_far::lookup::{ChoiceStatus, ChoiceView, Mode, Read, resolve_choices};

impl Campaign {
    /// `action` with its choice resolved: a `record-quest` naming `choice` gets the rewards,
    /// next code and ending the index gives that choice for its outcome. Refused: a choice the
    /// index does not have, one the keywords lock or bypass, a failure (or bonus) on a choice
    /// with no roll, and rewards or a next code that differ from the index's. A `record-quest`
    /// without a choice whose paragraph forces one choice with no roll cannot be a failure
    /// either. Every other action comes back as it was.
    pub fn with_choice(
        &self,
        action: Action,
        index: &Index,
        facts: Option<&Facts>,
    ) -> RuleResult<Action> {
        let Action::RecordQuest {
            character,
            read,
            outcome,
            next,
            ending,
            rewards,
            date,
            space,
            tokens_by_hand,
            choice,
        } = action
        else {
            return Ok(action);
        };
        let name = self.sheet(&character)?.character.clone();
        let view = self.view(&name)?;
        let code = match &read {
            Read::MapQuest { code } | Read::SideQuest { code, .. } => Some(code.clone()),
            Read::CharacterQuest { code } => code
                .clone()
                .or_else(|| view.next_quest.clone())
                .or_else(|| {
                    (view.character_quests_read == 0)
                        .then(|| index.first_quest(&name, facts))
                        .flatten()
                }),
            Read::ArcadeCard if choice.is_some() => return Err(RuleError::ArcadeHasNoChoices),
            Read::ArcadeCard => None,
        };
        let entry = code.as_ref().and_then(|c| index.quest(c));
        let views = entry.map(|e| resolve_choices(e, &view.keywords));
        let rebuilt = |rewards, next, ending| Action::RecordQuest {
            character: character.clone(),
            read: read.clone(),
            outcome,
            next,
            ending,
            rewards,
            date,
            space: space.clone(),
            tokens_by_hand,
            choice,
        };
        let Some(n) = choice else {
            // No choice named: only a forced choice without a roll is checked (it cannot fail).
            if let (Some(code), Some(views)) = (&code, &views) {
                let forced: Vec<&ChoiceView> = views
                    .iter()
                    .filter(|v| v.status == ChoiceStatus::Forced)
                    .collect();
                if let [v] = forced[..] {
                    check_roll(code, v, outcome)?;
                }
            }
            return Ok(rebuilt(rewards, next, ending));
        };
        let Some(code) = code else {
            return Err(RuleError::ChoiceWithoutCode { character: name });
        };
        let (Some(entry), Some(views)) = (entry, views) else {
            return Err(RuleError::ChoiceNotInIndex { code });
        };
        let Some(v) = views.get(n) else {
            return Err(RuleError::NoSuchChoice {
                code,
                choice: n,
                count: views.len(),
            });
        };
        match v.status {
            ChoiceStatus::Locked => {
                return Err(RuleError::ChoiceLocked {
                    character: name,
                    code,
                    choice: n,
                    label: v.label.clone(),
                    missing: v.missing_keywords.clone(),
                });
            }
            ChoiceStatus::Bypassed => {
                let forced: Vec<String> = views
                    .iter()
                    .filter(|f| matches!(f.status, ChoiceStatus::Forced | ChoiceStatus::ForcedTie))
                    .map(|f| format!("choices[{}] ({})", f.index, f.label))
                    .collect();
                return Err(RuleError::ChoiceBypassed {
                    character: name,
                    code,
                    choice: n,
                    label: v.label.clone(),
                    forced,
                });
            }
            _ => {}
        }
        check_roll(&code, v, outcome)?;
        let from_index = match outcome {
            Outcome::Success => v.reward.clone(),
            Outcome::SuccessWithBonus => v.reward.plus(&v.bonus),
            Outcome::Failed => Bookkeeping::default(),
        };
        if !rewards.is_empty() && rewards != from_index {
            return Err(RuleError::RewardsDiffer {
                code,
                choice: n,
                given: describe_rewards(&rewards),
                index: describe_rewards(&from_index),
            });
        }
        if self.mode != Mode::Character {
            return Ok(rebuilt(from_index, next, ending));
        }
        let next = match (next, &v.next) {
            (Some(given), Some(from)) if &given != from => {
                return Err(RuleError::NextDiffers {
                    code,
                    choice: n,
                    given,
                    index: from.clone(),
                });
            }
            (given, from) => given.or_else(|| from.clone()),
        };
        let ending = ending || (entry.ending && next.is_none());
        Ok(rebuilt(from_index, next, ending))
    }
}

/// A choice with no roll simply happens (p. 21-22): it cannot fail or succeed by 2 or more.
fn check_roll(code: &QuestCode, v: &ChoiceView, outcome: Outcome) -> RuleResult<()> {
    if v.test.is_none() && outcome != Outcome::Success {
        return Err(RuleError::NoRollOutcome {
            code: code.clone(),
            choice: v.index,
            label: v.label.clone(),
            outcome: outcome.label(),
            forced: v.status == ChoiceStatus::Forced,
        });
    }
    Ok(())
}
