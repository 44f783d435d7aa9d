//! The small vocabulary types of Near and Far: map numbers, quest codes as printed in the
//! storybook and on character cards ("41", "B", "Q178", "R3"), keywords, and quest outcomes.
//! Each parses from what a player types and refuses what cannot exist.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Why a map number, a quest code or a keyword a player typed cannot exist; the text says
/// what to type instead.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    #[error("there is no Map {0}: the atlas has Maps 1 to 11")]
    NoSuchMap(u8),
    #[error("the quest code is empty")]
    EmptyCode,
    #[error(
        "{0:?} is not a quest code: use a number (41), a Map 1 letter (B), a side quest (Q178) or a character code (R3)"
    )]
    NotACode(String),
    #[error("{0:?}: the number is too large for a storybook entry")]
    TooLarge(String),
    #[error("{0:?}: storybook numbers start at 1")]
    Zero(String),
    #[error("{0:?}: a side quest needs its number (Q178)")]
    SideQuestWithoutNumber(String),
    #[error("{0:?}: only single letters (the Map 1 quests A to P) stand alone")]
    LettersAlone(String),
    #[error("a keyword cannot be empty")]
    EmptyKeyword,
    #[error("keyword {0:?} is longer than 40 letters")]
    LongKeyword(String),
}

/// An atlas map, 1 (Glogo Caverns) to 11 (The Last Ruin).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct MapNumber(u8);

impl MapNumber {
    pub const FIRST: MapNumber = MapNumber(1);
    pub const TOXIC_DESERT: MapNumber = MapNumber(5);
    pub const MAMMOTH_JUNGLE: MapNumber = MapNumber(10);
    pub const LAST_RUIN: MapNumber = MapNumber(11);

    pub fn new(n: u8) -> Result<MapNumber, CodeError> {
        if (1..=11).contains(&n) {
            Ok(MapNumber(n))
        } else {
            Err(CodeError::NoSuchMap(n))
        }
    }

    pub fn get(self) -> u8 {
        self.0
    }

    /// Every map, 1 to 11.
    pub fn all() -> impl Iterator<Item = MapNumber> {
        (1..=11).map(MapNumber)
    }
}

crate::newtype::checked_u8!(MapNumber, CodeError);

impl fmt::Display for MapNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Map {}", self.0)
    }
}

/// A storybook paragraph as printed: a numbered entry ("41", "347"), a lettered Map 1 entry
/// ("B"), a side quest ("Q178", rulebook p. 23), or a character quest ("R3": the character's
/// letters, then a number).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum QuestCode {
    Number(u16),
    Letter(char),
    Side(u16),
    Character { prefix: String, number: u16 },
}

impl QuestCode {
    /// Parses what a player types: spaces ignored, letters in any case.
    pub fn parse(text: &str) -> Result<QuestCode, CodeError> {
        let t: String = text
            .chars()
            .filter(|c| !c.is_whitespace())
            .collect::<String>()
            .to_ascii_uppercase();
        if t.is_empty() {
            return Err(CodeError::EmptyCode);
        }
        let letters: String = t.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
        let digits = &t[letters.len()..];
        if !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(CodeError::NotACode(text.to_string()));
        }
        let number = |d: &str| -> Result<u16, CodeError> {
            let n: u16 = d
                .parse()
                .map_err(|_| CodeError::TooLarge(text.to_string()))?;
            if n == 0 {
                return Err(CodeError::Zero(text.to_string()));
            }
            Ok(n)
        };
        match (letters.as_str(), digits) {
            ("", d) => Ok(QuestCode::Number(number(d)?)),
            ("Q", "") => Err(CodeError::SideQuestWithoutNumber(text.to_string())),
            (l, "") if l.len() == 1 => Ok(QuestCode::Letter(l.chars().next().unwrap_or('A'))),
            (_, "") => Err(CodeError::LettersAlone(text.to_string())),
            ("Q", d) => Ok(QuestCode::Side(number(d)?)),
            (l, d) => Ok(QuestCode::Character {
                prefix: l.to_string(),
                number: number(d)?,
            }),
        }
    }

    pub fn is_side_quest(&self) -> bool {
        matches!(self, QuestCode::Side(_))
    }

    /// The character letters of a character quest code.
    pub fn character_prefix(&self) -> Option<&str> {
        match self {
            QuestCode::Character { prefix, .. } => Some(prefix),
            _ => None,
        }
    }

    /// A quest token can sit on a space showing a number or a Map 1 letter.
    pub fn is_map_space(&self) -> bool {
        matches!(self, QuestCode::Number(_) | QuestCode::Letter(_))
    }
}

impl fmt::Display for QuestCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QuestCode::Number(n) => write!(f, "{n}"),
            QuestCode::Letter(c) => write!(f, "{c}"),
            QuestCode::Side(n) => write!(f, "Q{n}"),
            QuestCode::Character { prefix, number } => write!(f, "{prefix}{number}"),
        }
    }
}

impl std::str::FromStr for QuestCode {
    type Err = CodeError;
    fn from_str(s: &str) -> Result<Self, CodeError> {
        QuestCode::parse(s)
    }
}

impl Serialize for QuestCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for QuestCode {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // Accept 41 as well as "41": index files are typed by hand.
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Raw {
            Text(String),
            Number(u64),
        }
        match Raw::deserialize(d)? {
            Raw::Text(t) => QuestCode::parse(&t).map_err(serde::de::Error::custom),
            Raw::Number(n) => QuestCode::parse(&n.to_string()).map_err(serde::de::Error::custom),
        }
    }
}

/// A keyword written on the back of a character card (rulebook p. 35). Stored in capitals,
/// since the storybook prints them that way and players write them any way.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Keyword(String);

impl Keyword {
    pub fn new(text: &str) -> Result<Keyword, CodeError> {
        let t = text.split_whitespace().collect::<Vec<_>>().join(" ");
        if t.is_empty() {
            return Err(CodeError::EmptyKeyword);
        }
        if t.len() > 40 {
            return Err(CodeError::LongKeyword(t));
        }
        Ok(Keyword(t.to_uppercase()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl TryFrom<String> for Keyword {
    type Error = CodeError;
    fn try_from(s: String) -> Result<Self, CodeError> {
        Keyword::new(&s)
    }
}

impl From<Keyword> for String {
    fn from(k: Keyword) -> String {
        k.0
    }
}

impl fmt::Display for Keyword {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a quest attempt ended (rulebook p. 22): success, success by 2 or more (the bonus
/// reward too), or failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Success,
    SuccessWithBonus,
    Failed,
}

impl Outcome {
    pub fn succeeded(self) -> bool {
        !matches!(self, Outcome::Failed)
    }

    pub fn label(self) -> &'static str {
        match self {
            Outcome::Success => "success",
            Outcome::SuccessWithBonus => "success with bonus",
            Outcome::Failed => "failed",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quest_codes_parse_as_printed() {
        assert_eq!(QuestCode::parse("41"), Ok(QuestCode::Number(41)));
        assert_eq!(QuestCode::parse(" b "), Ok(QuestCode::Letter('B')));
        assert_eq!(QuestCode::parse("q178"), Ok(QuestCode::Side(178)));
        assert_eq!(
            QuestCode::parse("R3"),
            Ok(QuestCode::Character {
                prefix: "R".into(),
                number: 3
            })
        );
        for bad in ["", "0", "Q", "4x1", "R-3", "99999999"] {
            assert!(QuestCode::parse(bad).is_err(), "{bad:?} should be refused");
        }
    }

    #[test]
    fn quest_codes_round_trip_through_json() {
        for text in ["41", "B", "Q2", "R10"] {
            let code = QuestCode::parse(text).unwrap();
            let json = serde_json::to_string(&code).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<QuestCode>(&json).unwrap(), code);
        }
        assert_eq!(
            serde_json::from_str::<QuestCode>("41").unwrap(),
            QuestCode::Number(41)
        );
    }

    #[test]
    fn keywords_are_compared_in_capitals() {
        assert_eq!(Keyword::new(" burning "), Keyword::new("BURNING"));
        assert!(Keyword::new("  ").is_err());
    }

    #[test]
    fn map_numbers_are_one_to_eleven() {
        assert!(MapNumber::new(0).is_err());
        assert!(MapNumber::new(12).is_err());
        assert_eq!(MapNumber::all().count(), 11);
        assert!(serde_json::from_str::<MapNumber>("12").is_err());
    }
}
