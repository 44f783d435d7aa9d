//! What the player is typing before it becomes an engine action: the new-campaign form, the
//! session form, the lookup pad, a new index entry, sheet inputs, and the score sheet. Plain
//! data; turning text into engine values (and naming the field that is wrong) happens here.

use std::fmt;

use crate::near_and_far::index::{Bookkeeping, Choice, QuestEntry, Test};
use crate::near_and_far::scoring::Town;
use crate::near_and_far::{Campaign, Facts, Keyword, Lookup, MapNumber, Mode, QuestCode};

pub use super::score_form::{Field, PlayerFields, RouteFields, ScoreForm};

/// A map in a pick list: "Map 4 · Meteor Mountain".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MapChoice {
    pub map: MapNumber,
    pub name: String,
}

impl fmt::Display for MapChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.name.is_empty() {
            write!(f, "{}", self.map)
        } else {
            write!(f, "{} · {}", self.map, self.name)
        }
    }
}

pub fn map_choice(map: MapNumber, facts: Option<&Facts>) -> MapChoice {
    MapChoice {
        map,
        name: facts
            .and_then(|f| f.map(map))
            .map(|m| m.name.clone())
            .unwrap_or_default(),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModeChoice(pub Mode);

impl fmt::Display for ModeChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0.title())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TownChoice(pub Town);

impl fmt::Display for TownChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            Town::Dusk => "Dusk town (standard side)",
            Town::Day => "Day town (advanced side)",
        })
    }
}

/// The new-campaign form.
#[derive(Debug, Clone)]
pub struct SetupForm {
    pub mode: Mode,
    /// (player, character) per seat, 2 to 4.
    pub seats: Vec<(String, Option<String>)>,
    pub extra_stories: bool,
    pub long_game: bool,
    pub title: String,
    /// The character names from the data file.
    pub characters: Vec<String>,
}

impl SetupForm {
    pub fn new(facts: Option<&Facts>) -> SetupForm {
        SetupForm {
            mode: Mode::Campaign,
            seats: vec![(String::new(), None), (String::new(), None)],
            extra_stories: false,
            long_game: false,
            title: String::new(),
            characters: facts
                .map(|f| {
                    f.characters
                        .characters
                        .iter()
                        .map(|c| c.name.clone())
                        .collect()
                })
                .unwrap_or_default(),
        }
    }
}

/// Starting the next session.
#[derive(Debug, Clone, Default)]
pub struct SessionForm {
    pub map: Option<MapChoice>,
    pub town: Town,
    /// Every character and whether it is at the table.
    pub present: Vec<(String, bool)>,
    /// Bounty Hunting: the level picked to fight instead of the top card.
    pub bounty_level: Option<u8>,
}

impl SessionForm {
    pub fn for_campaign(c: &Campaign, facts: Option<&Facts>) -> SessionForm {
        let map = c
            .next_maps()
            .ok()
            .and_then(|m| m.first().copied())
            .map(|m| map_choice(m, facts));
        SessionForm {
            map,
            town: c.sessions.last().map(|s| s.town).unwrap_or_default(),
            present: c
                .sheets
                .iter()
                .map(|s| (s.character.clone(), true))
                .collect(),
            bounty_level: None,
        }
    }
}

/// The quest lookup: whose turn, the number typed, the answer, and the result being entered.
#[derive(Debug, Clone, Default)]
pub struct LookupPad {
    pub character: usize,
    pub digits: String,
    pub answer: Option<Lookup>,
    pub choice: Option<usize>,
    pub next: String,
    pub ending: bool,
}

/// The kind of roll a choice asks for, in the entry form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TestKind {
    #[default]
    None,
    Skill,
    Combat,
}

impl TestKind {
    pub const ALL: [TestKind; 3] = [TestKind::None, TestKind::Skill, TestKind::Combat];
}

impl fmt::Display for TestKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TestKind::None => "no roll",
            TestKind::Skill => "skill",
            TestKind::Combat => "combat",
        })
    }
}

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
    pub reward_side_quests: String,
}

/// A new storybook index entry, typed while reading.
#[derive(Debug, Clone)]
pub struct EntryForm {
    pub code: QuestCode,
    /// Also list the code on this map's spaces.
    pub map: Option<MapNumber>,
    pub choices: Vec<ChoiceForm>,
}

pub(super) fn words(text: &str) -> Vec<&str> {
    text.split([',', ';'])
        .map(str::trim)
        .filter(|w| !w.is_empty())
        .collect()
}

impl EntryForm {
    pub fn new(code: QuestCode, map: Option<MapNumber>) -> EntryForm {
        EntryForm {
            code,
            map,
            choices: vec![ChoiceForm::default(), ChoiceForm::default()],
        }
    }

    /// The entry, or the first field that is wrong.
    pub fn to_entry(&self) -> Result<QuestEntry, String> {
        let mut choices = Vec::new();
        for (i, c) in self.choices.iter().enumerate() {
            let at = format!("choice {}", i + 1);
            let target = || -> Result<u8, String> {
                c.target
                    .trim()
                    .parse()
                    .map_err(|_| format!("{at}: the difficulty must be a number"))
            };
            let test = match c.test {
                TestKind::None => None,
                TestKind::Skill => Some(Test::Skill(target()?)),
                TestKind::Combat => Some(Test::Combat(target()?)),
            };
            let keywords = words(&c.keywords)
                .into_iter()
                .map(Keyword::new)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| format!("{at}: {e}"))?;
            let next = match c.next.trim() {
                "" => None,
                t => Some(QuestCode::parse(t).map_err(|e| format!("{at}: next: {e}"))?),
            };
            let reward = Bookkeeping {
                keywords: words(&c.reward_keywords)
                    .into_iter()
                    .map(Keyword::new)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("{at}: {e}"))?,
                side_quests: words(&c.reward_side_quests)
                    .into_iter()
                    .map(QuestCode::parse)
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| format!("{at}: side quest: {e}"))?,
                ..Bookkeeping::default()
            };
            choices.push(Choice {
                label: c.label.trim().to_string(),
                test,
                keywords,
                optional: c.optional,
                next,
                reward,
                bonus: Bookkeeping::default(),
            });
        }
        Ok(QuestEntry {
            code: self.code.clone(),
            choices,
            ending: false,
            note: String::new(),
        })
    }
}

/// Typing on the character sheet.
#[derive(Debug, Clone, Default)]
pub struct SheetForm {
    pub character: usize,
    pub talent: Option<String>,
    pub keyword: String,
    pub side_quest: String,
    pub next_code: String,
    /// The ledger entry being corrected.
    pub correcting: Option<u32>,
    pub reason: String,
    pub new_points: String,
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
        assert!(f.to_entry().unwrap_err().contains("choice 1"));
        f.choices[0].target = "7".into();
        f.choices[1].label = "around".into();
        f.choices[1].keywords = "ash, moon".into();
        f.choices[1].reward_side_quests = "Q12".into();
        let e = f.to_entry().unwrap();
        assert_eq!(e.choices[0].test, Some(Test::Skill(7)));
        assert_eq!(e.choices[1].keywords.len(), 2);
        assert_eq!(e.choices[1].reward.side_quests, vec![QuestCode::Side(12)]);
    }
}
