//! The storybook index file format (documented in `storybook-index/README.md`): structure
//! only, never story text. Which quest codes sit on each map's spaces, each character's quest
//! letters, and per quest its choices: the roll they need, the keywords that gate them, the
//! quest they lead to, and the rewards that matter to the character sheet.

use serde::{Deserialize, Serialize};

use crate::near_and_far::code::{Keyword, MapNumber, QuestCode};

pub const DATA_KIND: &str = "near-and-far-storybook-index";
pub const FORMAT_VERSION: u32 = 1;

/// One index file. Every section is optional, so a file can hold one map's template, one
/// character's chain, or a whole campaign's worth of entries.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IndexFile {
    pub data_kind: String,
    pub format_version: u32,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub title: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub maps: Vec<MapSpaces>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub characters: Vec<CharacterChain>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quests: Vec<QuestEntry>,
}

impl IndexFile {
    /// An empty file, ready for entries.
    pub fn empty(title: impl Into<String>) -> IndexFile {
        IndexFile {
            data_kind: DATA_KIND.to_string(),
            format_version: FORMAT_VERSION,
            title: title.into(),
            note: String::new(),
            source: String::new(),
            maps: Vec::new(),
            characters: Vec::new(),
            quests: Vec::new(),
        }
    }

    /// Parses the text of an index file. Structural checks (references, duplicates, cycles)
    /// are `validate`'s job; this only refuses text that is not an index file at all.
    pub fn parse(text: &str) -> Result<IndexFile, crate::datafile::DataFileError> {
        let file: IndexFile = crate::datafile::parse(text, DATA_KIND)?;
        if file.format_version != FORMAT_VERSION {
            return Err(crate::datafile::DataFileError::new(
                "format_version",
                format!(
                    "{}, this Tablemate reads version {FORMAT_VERSION}",
                    file.format_version
                ),
            ));
        }
        Ok(file)
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Adds or replaces (same code) a quest entry in this file.
    pub fn upsert_quest(&mut self, entry: QuestEntry) {
        match self.quests.iter_mut().find(|q| q.code == entry.code) {
            Some(slot) => *slot = entry,
            None => self.quests.push(entry),
        }
    }

    /// Merges `other` into this file: its map spaces, the characters this file lacks, and its
    /// quests (replacing this file's entry for the same code).
    pub fn absorb(&mut self, other: &IndexFile) {
        for m in &other.maps {
            for code in &m.spaces {
                self.add_space(m.map, code.clone());
            }
            if let Some(mine) = self.maps.iter_mut().find(|x| x.map == m.map)
                && mine.name.is_empty()
            {
                mine.name = m.name.clone();
            }
        }
        for c in &other.characters {
            if !self
                .characters
                .iter()
                .any(|x| x.character.eq_ignore_ascii_case(&c.character))
            {
                self.characters.push(c.clone());
            }
        }
        for q in &other.quests {
            self.upsert_quest(q.clone());
        }
    }

    /// Adds a quest code to a map's spaces (once).
    pub fn add_space(&mut self, map: MapNumber, code: QuestCode) {
        let slot = match self.maps.iter().position(|m| m.map == map) {
            Some(i) => &mut self.maps[i],
            None => {
                self.maps.push(MapSpaces {
                    map,
                    name: String::new(),
                    spaces: Vec::new(),
                });
                self.maps.last_mut().expect("just pushed")
            }
        };
        if !slot.spaces.contains(&code) {
            slot.spaces.push(code);
        }
    }
}

/// The quest codes printed on one map's spaces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpaces {
    pub map: MapNumber,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default)]
    pub spaces: Vec<QuestCode>,
}

/// A character's quest letters and first code, as printed on the card.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CharacterChain {
    pub character: String,
    pub prefix: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first: Option<QuestCode>,
}

/// What a choice asks the player to roll (p. 21-22). No test: the rewards simply apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Test {
    Skill(u8),
    Combat(u8),
}

impl Test {
    pub fn target(self) -> u8 {
        match self {
            Test::Skill(n) | Test::Combat(n) => n,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Test::Skill(n) => format!("skill {n}"),
            Test::Combat(n) => format!("combat {n}"),
        }
    }
}

/// The rewards of a choice that change the character sheet (keywords, side quests,
/// experience). Coins, food and the like stay at the table.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bookkeeping {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lose_keywords: Vec<Keyword>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub side_quests: Vec<QuestCode>,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub xp: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl Bookkeeping {
    pub fn is_empty(&self) -> bool {
        self.keywords.is_empty()
            && self.lose_keywords.is_empty()
            && self.side_quests.is_empty()
            && self.xp == 0
    }

    /// Both sets of rewards together (base reward plus bonus).
    pub fn plus(&self, other: &Bookkeeping) -> Bookkeeping {
        let mut out = self.clone();
        for k in &other.keywords {
            if !out.keywords.contains(k) {
                out.keywords.push(k.clone());
            }
        }
        for k in &other.lose_keywords {
            if !out.lose_keywords.contains(k) {
                out.lose_keywords.push(k.clone());
            }
        }
        for q in &other.side_quests {
            if !out.side_quests.contains(q) {
                out.side_quests.push(q.clone());
            }
        }
        out.xp = out.xp.saturating_add(other.xp);
        out
    }
}

/// One choice box of a quest, in the player's own short words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choice {
    /// A short label the player recognises ("climb", "attack the figure"): not the book's text.
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub test: Option<Test>,
    /// Keywords the character must all hold for this choice (p. 35).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub keywords: Vec<Keyword>,
    /// The book marks this keyword choice "optional": holding the keyword does not force it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub optional: bool,
    /// Character quests: the code this choice writes on the card (read even on failure, p. 23).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<QuestCode>,
    #[serde(default, skip_serializing_if = "Bookkeeping::is_empty")]
    pub reward: Bookkeeping,
    /// Rewards for succeeding by 2 or more.
    #[serde(default, skip_serializing_if = "Bookkeeping::is_empty")]
    pub bonus: Bookkeeping,
}

impl Choice {
    pub fn is_keyword_choice(&self) -> bool {
        !self.keywords.is_empty()
    }
}

/// One storybook entry's structure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct QuestEntry {
    pub code: QuestCode,
    #[serde(default)]
    pub choices: Vec<Choice>,
    /// A character quest with no next code: the story ends here.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ending: bool,
    /// The player's own note (never story text).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
}
