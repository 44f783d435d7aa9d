//! The shapes of the Near and Far fact files (`data/near-and-far/*.json`): talents, the
//! character card layout and characters, maps with their quest numbers and special rules,
//! threat levels and boss cards.

use serde::{Deserialize, Serialize};

use crate::doc::Invalid;
use crate::near_and_far::code::{MapNumber, QuestCode};

/// A talent and its experience cost (rulebook p. 13).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Talent {
    pub name: String,
    pub cost: u8,
    pub effect: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TalentsFile {
    pub data_kind: String,
    #[serde(default)]
    pub source: String,
    pub talents: Vec<Talent>,
}

/// The character card: how many quest lines and encounter rows it has (p. 31-32).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardLayout {
    /// Character Mode quest lines (10).
    pub quest_lines: u8,
    /// The shaded last lines, readable only on Map 11 (2).
    pub locked_final_lines: u8,
    /// Campaign Mode rows of encounter boxes.
    pub encounter_rows: u8,
    pub boxes_per_row: u8,
    /// Journey points on Map 11 for a full card (7).
    pub full_card_bonus: u8,
}

impl Default for CardLayout {
    fn default() -> Self {
        CardLayout {
            quest_lines: 10,
            locked_final_lines: 2,
            encounter_rows: 10,
            boxes_per_row: 3,
            full_card_bonus: 7,
        }
    }
}

impl CardLayout {
    /// A layout a character card can have. `at` is the layout's own field; the campaign and
    /// the characters file both keep the layout as `card` and place it `within("card")`.
    pub fn validate(&self) -> Result<(), Invalid> {
        if self.quest_lines == 0 || self.quest_lines > 40 {
            return Err(Invalid::new(
                "quest_lines",
                format!("is {}, use 1 to 40", self.quest_lines),
            ));
        }
        if self.locked_final_lines >= self.quest_lines {
            return Err(Invalid::new(
                "locked_final_lines",
                format!(
                    "{} must be fewer than card.quest_lines ({})",
                    self.locked_final_lines, self.quest_lines
                ),
            ));
        }
        if self.encounter_rows == 0 || self.encounter_rows > 40 {
            return Err(Invalid::new(
                "encounter_rows",
                format!("is {}, use 1 to 40", self.encounter_rows),
            ));
        }
        if self.boxes_per_row == 0 || self.boxes_per_row > 10 {
            return Err(Invalid::new(
                "boxes_per_row",
                format!("is {}, use 1 to 10", self.boxes_per_row),
            ));
        }
        Ok(())
    }

    pub fn total_boxes(&self) -> u16 {
        u16::from(self.encounter_rows) * u16::from(self.boxes_per_row)
    }

    /// Quests a character may read before Map 11 (8).
    pub fn open_quest_lines(&self) -> u8 {
        self.quest_lines - self.locked_final_lines
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CharacterFacts {
    pub name: String,
    /// The letters of the character's quest codes ("R" for Rin), if known.
    pub quest_prefix: Option<String>,
    /// The code printed at the top of the card ("R1"), if known.
    pub first_quest: Option<QuestCode>,
    #[serde(default)]
    pub uncertain: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Recommendation {
    pub characters: Vec<String>,
    pub when: When,
    pub advice: String,
}

/// When the rulebook's character advice applies (p. 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum When {
    /// All the characters listed are in the same game.
    Together,
    /// Any of them is in a game of more than 2 players.
    MoreThanTwoPlayers,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CharactersFile {
    pub data_kind: String,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub note: String,
    pub card: CardFacts,
    pub characters: Vec<CharacterFacts>,
    #[serde(default)]
    pub recommendations: Vec<Recommendation>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardFacts {
    #[serde(flatten)]
    pub layout: CardLayout,
    #[serde(default)]
    pub note: String,
}

/// The quest numbers (or letters) printed on a map's spaces.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum QuestRange {
    Numbers {
        first: u16,
        last: u16,
        #[serde(default)]
        uncertain: Vec<String>,
    },
    Letters {
        letters: String,
    },
}

impl QuestRange {
    pub fn contains(&self, code: &QuestCode) -> bool {
        match (self, code) {
            (QuestRange::Numbers { first, last, .. }, QuestCode::Number(n)) => {
                (*first..=*last).contains(n)
            }
            (QuestRange::Letters { letters }, QuestCode::Letter(c)) => {
                letter_span(letters).is_some_and(|(a, b)| (a..=b).contains(c))
            }
            _ => false,
        }
    }

    /// The codes the source is unsure about ("129").
    pub fn is_uncertain(&self, code: &QuestCode) -> bool {
        match self {
            QuestRange::Numbers { uncertain, .. } => {
                uncertain.iter().any(|u| u == &code.to_string())
            }
            QuestRange::Letters { .. } => false,
        }
    }

    pub fn describe(&self) -> String {
        match self {
            QuestRange::Numbers { first, last, .. } => format!("{first}-{last}"),
            QuestRange::Letters { letters } => letters.clone(),
        }
    }
}

pub(crate) fn letter_span(text: &str) -> Option<(char, char)> {
    let (a, b) = text.split_once('-')?;
    let a = a.trim().chars().next()?.to_ascii_uppercase();
    let b = b.trim().chars().next()?.to_ascii_uppercase();
    (a.is_ascii_uppercase() && b.is_ascii_uppercase() && a <= b).then_some((a, b))
}

/// A special rule printed for a map (p. 39), in Tablemate's words.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapRule {
    pub id: String,
    pub title: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapFacts {
    pub number: MapNumber,
    pub name: String,
    pub quests: QuestRange,
    /// Spaces with a name: on a first Campaign pass they must get quest tokens (p. 9).
    #[serde(default)]
    pub named_spaces: Vec<QuestCode>,
    #[serde(default)]
    pub special_rules: Vec<MapRule>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MapsFile {
    pub data_kind: String,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub note: String,
    pub maps: Vec<MapFacts>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThreatFacts {
    pub level: u8,
    pub name: Option<String>,
    pub journey_points: Option<i32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BossFacts {
    pub name: String,
    /// The fewest players with whom this boss is in play (p. 39).
    pub min_players: u8,
    pub journey_points: Option<i32>,
    pub paragraph: Option<QuestCode>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThreatsFile {
    pub data_kind: String,
    #[serde(default)]
    pub source: String,
    #[serde(default)]
    pub note: String,
    pub threats: Vec<ThreatFacts>,
    pub bosses: Vec<BossFacts>,
}
