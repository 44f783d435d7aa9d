//! A storybook index entry being typed: every field the index format holds (choices with
//! their roll, one or two keyword gates and whether they are optional, the next character
//! quest, rewards and the "success by 2 or more" bonus: keywords gained and lost, side quests,
//! experience; the story's ending; a note). Turning text into an entry names the wrong field.

use crate::gui::widgets::FieldError;
use crate::near_and_far::index::{Bookkeeping, Choice, QuestEntry, Test};
use crate::near_and_far::{Keyword, MapNumber, QuestCode};

use super::forms::TestKind;

/// One choice box being entered into the index.
#[derive(Debug, Clone, Default)]
pub struct ChoiceForm {
    pub label: String,
    pub test: TestKind,
    pub target: String,
    pub keywords: String,
    pub optional: bool,
    pub next: String,
    pub reward_keywords: String,
    pub reward_lose_keywords: String,
    pub reward_side_quests: String,
    pub reward_xp: String,
    pub bonus_keywords: String,
    pub bonus_lose_keywords: String,
    pub bonus_side_quests: String,
    pub bonus_xp: String,
}

/// The text fields of a choice beyond its label, roll and gate, for one message type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChoiceField {
    RewardKeywords,
    RewardLoseKeywords,
    RewardSideQuests,
    RewardXp,
    BonusKeywords,
    BonusLoseKeywords,
    BonusSideQuests,
    BonusXp,
}

impl ChoiceForm {
    pub fn field_mut(&mut self, f: ChoiceField) -> &mut String {
        match f {
            ChoiceField::RewardKeywords => &mut self.reward_keywords,
            ChoiceField::RewardLoseKeywords => &mut self.reward_lose_keywords,
            ChoiceField::RewardSideQuests => &mut self.reward_side_quests,
            ChoiceField::RewardXp => &mut self.reward_xp,
            ChoiceField::BonusKeywords => &mut self.bonus_keywords,
            ChoiceField::BonusLoseKeywords => &mut self.bonus_lose_keywords,
            ChoiceField::BonusSideQuests => &mut self.bonus_side_quests,
            ChoiceField::BonusXp => &mut self.bonus_xp,
        }
    }

    pub fn field(&self, f: ChoiceField) -> &str {
        match f {
            ChoiceField::RewardKeywords => &self.reward_keywords,
            ChoiceField::RewardLoseKeywords => &self.reward_lose_keywords,
            ChoiceField::RewardSideQuests => &self.reward_side_quests,
            ChoiceField::RewardXp => &self.reward_xp,
            ChoiceField::BonusKeywords => &self.bonus_keywords,
            ChoiceField::BonusLoseKeywords => &self.bonus_lose_keywords,
            ChoiceField::BonusSideQuests => &self.bonus_side_quests,
            ChoiceField::BonusXp => &self.bonus_xp,
        }
    }

    fn from_choice(c: &Choice) -> ChoiceForm {
        let join_k = |v: &[Keyword]| v.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", ");
        let join_q = |v: &[QuestCode]| {
            v.iter()
                .map(|q| q.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let xp = |n: u8| if n == 0 { String::new() } else { n.to_string() };
        let (test, target) = match c.test {
            None => (TestKind::None, String::new()),
            Some(Test::Skill(n)) => (TestKind::Skill, n.to_string()),
            Some(Test::Combat(n)) => (TestKind::Combat, n.to_string()),
        };
        ChoiceForm {
            label: c.label.clone(),
            test,
            target,
            keywords: join_k(&c.keywords),
            optional: c.optional,
            next: c.next.as_ref().map(|n| n.to_string()).unwrap_or_default(),
            reward_keywords: join_k(&c.reward.keywords),
            reward_lose_keywords: join_k(&c.reward.lose_keywords),
            reward_side_quests: join_q(&c.reward.side_quests),
            reward_xp: xp(c.reward.xp),
            bonus_keywords: join_k(&c.bonus.keywords),
            bonus_lose_keywords: join_k(&c.bonus.lose_keywords),
            bonus_side_quests: join_q(&c.bonus.side_quests),
            bonus_xp: xp(c.bonus.xp),
        }
    }
}

/// A storybook index entry, typed while reading (new, or one of the player's being edited).
#[derive(Debug, Clone)]
pub struct EntryForm {
    pub code: QuestCode,
    /// Also list the code on this map's spaces.
    pub map: Option<MapNumber>,
    pub choices: Vec<ChoiceForm>,
    pub ending: bool,
    pub note: String,
    /// Editing an entry the player already wrote (the save replaces it).
    pub editing: bool,
}

pub(super) fn words(text: &str) -> Vec<&str> {
    text.split([',', ';'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .collect()
}

fn keywords(text: &str, at: &str) -> Result<Vec<Keyword>, FieldError> {
    words(text)
        .into_iter()
        .map(Keyword::new)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| FieldError::new(at, e))
}

fn side_quests(text: &str, at: &str) -> Result<Vec<QuestCode>, FieldError> {
    words(text)
        .into_iter()
        .map(QuestCode::parse)
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| FieldError::new(at, e))
}

fn xp(text: &str, at: &str) -> Result<u8, FieldError> {
    match text.trim() {
        "" => Ok(0),
        t => t
            .parse::<u8>()
            .ok()
            .filter(|n| *n <= 10)
            .ok_or_else(|| FieldError::new(at, "experience must be a number from 0 to 10")),
    }
}

impl EntryForm {
    pub fn new(code: QuestCode, map: Option<MapNumber>) -> EntryForm {
        EntryForm {
            code,
            map,
            choices: vec![ChoiceForm::default(), ChoiceForm::default()],
            ending: false,
            note: String::new(),
            editing: false,
        }
    }

    /// The form for editing an entry the player wrote.
    pub fn edit(entry: &QuestEntry) -> EntryForm {
        EntryForm {
            code: entry.code.clone(),
            map: None,
            choices: entry.choices.iter().map(ChoiceForm::from_choice).collect(),
            ending: entry.ending,
            note: entry.note.clone(),
            editing: true,
        }
    }

    /// The entry, or the first field that is wrong.
    pub fn to_entry(&self) -> Result<QuestEntry, FieldError> {
        let mut choices = Vec::new();
        for (i, c) in self.choices.iter().enumerate() {
            let at = format!("choice {}", i + 1);
            let target = || -> Result<u8, FieldError> {
                c.target
                    .trim()
                    .parse()
                    .map_err(|_| FieldError::new(&at, "the difficulty must be a number"))
            };
            let test = match c.test {
                TestKind::None => None,
                TestKind::Skill => Some(Test::Skill(target()?)),
                TestKind::Combat => Some(Test::Combat(target()?)),
            };
            let gate = keywords(&c.keywords, &at)?;
            let next = match c.next.trim() {
                "" => None,
                t => Some(QuestCode::parse(t).map_err(|e| FieldError::new(format!("{at}: next"), e))?),
            };
            let reward = Bookkeeping {
                keywords: keywords(&c.reward_keywords, &format!("{at}: keywords gained"))?,
                lose_keywords: keywords(&c.reward_lose_keywords, &format!("{at}: keywords lost"))?,
                side_quests: side_quests(&c.reward_side_quests, &format!("{at}: side quest"))?,
                xp: xp(&c.reward_xp, &format!("{at}: reward"))?,
            };
            let bonus = Bookkeeping {
                keywords: keywords(&c.bonus_keywords, &format!("{at}: bonus keywords gained"))?,
                lose_keywords: keywords(
                    &c.bonus_lose_keywords,
                    &format!("{at}: bonus keywords lost"),
                )?,
                side_quests: side_quests(&c.bonus_side_quests, &format!("{at}: bonus side quest"))?,
                xp: xp(&c.bonus_xp, &format!("{at}: bonus"))?,
            };
            choices.push(Choice {
                label: c.label.trim().to_string(),
                test,
                keywords: gate,
                optional: c.optional,
                next,
                reward,
                bonus,
            });
        }
        Ok(QuestEntry {
            code: self.code.clone(),
            choices,
            ending: self.ending,
            note: self.note.trim().to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_form_names_the_wrong_field() {
        let mut f = EntryForm::new(QuestCode::Number(41), None);
        f.choices[0].label = "climb".into();
        f.choices[0].test = TestKind::Skill;
        f.choices[0].target = "seven".into();
        assert!(f.to_entry().unwrap_err().to_string().contains("choice 1"));
        f.choices[0].target = "7".into();
        f.choices[1].label = "around".into();
        f.choices[1].keywords = "ash, moon".into();
        f.choices[1].reward_side_quests = "Q12".into();
        let e = f.to_entry().unwrap();
        assert_eq!(e.choices[0].test, Some(Test::Skill(7)));
        assert_eq!(e.choices[1].keywords.len(), 2);
        assert_eq!(e.choices[1].reward.side_quests, vec![QuestCode::Side(12)]);
        f.choices[1].bonus_xp = "eleven".into();
        assert!(f.to_entry().unwrap_err().to_string().contains("choice 2: bonus"));
    }

    #[test]
    fn the_entry_form_holds_everything_the_index_format_can() {
        let mut f = EntryForm::new(QuestCode::parse("R3").unwrap(), None);
        f.choices[0].label = "follow".into();
        f.choices[0].test = TestKind::Combat;
        f.choices[0].target = "9".into();
        f.choices[0].keywords = "ASH, MOON".into();
        f.choices[0].optional = true;
        f.choices[0].next = "R4".into();
        f.choices[0].reward_keywords = "SMOKE".into();
        f.choices[0].reward_lose_keywords = "ASH".into();
        f.choices[0].reward_xp = "1".into();
        f.choices[0].bonus_keywords = "STAR".into();
        f.choices[0].bonus_lose_keywords = "MOON".into();
        f.choices[0].bonus_side_quests = "Q7".into();
        f.choices[0].bonus_xp = "2".into();
        f.choices[1].label = "leave".into();
        f.ending = true;
        f.note = "asked at the inn".into();
        let e = f.to_entry().unwrap();
        let again = EntryForm::edit(&e).to_entry().unwrap();
        assert_eq!(e, again, "an entry edited unchanged saves the same");
        let c = &e.choices[0];
        assert_eq!(c.keywords.len(), 2);
        assert!(c.optional);
        assert_eq!(c.reward.lose_keywords.len(), 1);
        assert_eq!(c.reward.xp, 1);
        assert_eq!(c.bonus.keywords.len(), 1);
        assert_eq!(c.bonus.lose_keywords.len(), 1);
        assert_eq!(c.bonus.side_quests, vec![QuestCode::Side(7)]);
        assert_eq!(c.bonus.xp, 2);
        assert!(e.ending);
        assert_eq!(e.note, "asked at the inn");
    }
}
