//! The box's cards as this campaign knows them: talents with their costs, the threat and boss
//! cards with their journey points, the character names. Copied from the data files when the
//! campaign begins (or the first time an older save needs them) and kept with the campaign, so
//! every later session reuses them and a change of data file cannot rewrite an evening already
//! played. The table may correct a card's journey points once; every session after uses it.

use serde::{Deserialize, Serialize};

use super::Campaign;
use crate::doc::Invalid;
use crate::near_and_far::code::MapNumber;
use crate::near_and_far::error::{RuleError, RuleResult};
use crate::near_and_far::facts::{
    BossFacts, CharacterFacts, Facts, MapFacts, Recommendation, Talent, ThreatFacts,
};

/// The cards a campaign reuses from session to session.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxCards {
    #[serde(default)]
    pub talents: Vec<Talent>,
    #[serde(default)]
    pub threats: Vec<ThreatFacts>,
    #[serde(default)]
    pub bosses: Vec<BossFacts>,
    #[serde(default)]
    pub characters: Vec<String>,
    /// Names, special rules and named quest-token spaces of the maps.
    #[serde(default)]
    pub maps: Vec<MapFacts>,
    /// The rulebook's advice on pairing characters (p. 9), kept so a late joiner gets it too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub recommendations: Vec<Recommendation>,
    /// The characters whose quest letters (and first code) the data files know.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub quest_letters: Vec<CharacterFacts>,
}

impl BoxCards {
    pub fn from_facts(f: &Facts) -> BoxCards {
        BoxCards {
            talents: f.talents.clone(),
            threats: f.threats.threats.clone(),
            bosses: f.threats.bosses.clone(),
            characters: f
                .characters
                .characters
                .iter()
                .map(|c| c.name.clone())
                .collect(),
            maps: f.maps.clone(),
            recommendations: f.characters.recommendations.clone(),
            quest_letters: f
                .characters
                .characters
                .iter()
                .filter(|c| c.quest_prefix.is_some())
                .cloned()
                .collect(),
        }
    }

    pub fn map(&self, map: MapNumber) -> Option<&MapFacts> {
        self.maps.iter().find(|m| m.number == map)
    }

    pub fn is_empty(&self) -> bool {
        self.talents.is_empty() && self.threats.is_empty() && self.bosses.is_empty()
    }

    pub fn talent(&self, name: &str) -> Option<&Talent> {
        self.talents
            .iter()
            .find(|t| t.name.eq_ignore_ascii_case(name.trim()))
    }

    /// Journey points printed on threat card `level`, if the campaign knows them.
    pub fn threat_points(&self, level: u8) -> Option<i32> {
        self.threats
            .iter()
            .find(|t| t.level == level)
            .and_then(|t| t.journey_points)
    }

    pub fn boss_points(&self, name: &str) -> Option<i32> {
        self.bosses
            .iter()
            .find(|b| b.name.eq_ignore_ascii_case(name.trim()))
            .and_then(|b| b.journey_points)
    }

    /// Checks cards read from a save: names present, costs 1 to 10, points a card can show.
    /// `at` is relative to the cards (the campaign places it `within("cards")`).
    pub fn validate(&self) -> Result<(), Invalid> {
        for (i, t) in self.talents.iter().enumerate() {
            if t.name.trim().is_empty() || !(1..=10).contains(&t.cost) {
                return Err(Invalid::new(
                    format!("talents[{i}] ({:?})", t.name),
                    "needs a name and a cost of 1 to 10",
                ));
            }
        }
        for (i, t) in self.threats.iter().enumerate() {
            if !(4..=15).contains(&t.level) {
                return Err(Invalid::new(
                    format!("threats[{i}]"),
                    format!("level {} is not 4 to 15", t.level),
                ));
            }
            if t.name
                .as_ref()
                .is_some_and(|n| n.trim().is_empty() || n.chars().count() > MAX_THREAT_NAME)
            {
                return Err(Invalid::new(
                    format!("threats[{i}]"),
                    format!("a name is 1 to {MAX_THREAT_NAME} letters"),
                ));
            }
            if t.journey_points
                .is_some_and(|p| !(0..=MAX_CARD_POINTS).contains(&p))
            {
                return Err(Invalid::new(
                    format!("threats[{i}]"),
                    format!("journey points must be 0 to {MAX_CARD_POINTS}"),
                ));
            }
        }
        for (i, b) in self.bosses.iter().enumerate() {
            if b.name.trim().is_empty() || !(2..=4).contains(&b.min_players) {
                return Err(Invalid::new(
                    format!("bosses[{i}] ({:?})", b.name),
                    "needs a name and a player count of 2 to 4",
                ));
            }
            if b.journey_points
                .is_some_and(|p| !(0..=MAX_CARD_POINTS).contains(&p))
            {
                return Err(Invalid::new(
                    format!("bosses[{i}]"),
                    format!("journey points must be 0 to {MAX_CARD_POINTS}"),
                ));
            }
        }
        Ok(())
    }
}

/// The longest name a threat card may be given (a card's title, not a sentence).
pub const MAX_THREAT_NAME: usize = 40;

/// No threat or boss card in the box shows more journey points than this.
pub const MAX_CARD_POINTS: i32 = 30;

impl Campaign {
    /// Writes the name printed on threat card `level`, for every later session of the
    /// campaign. Only level 4's name (Bandit) is in the rulebook (p. 20); levels 5 to 15 are
    /// named by the table from the cards in the box, and may be named again to correct a slip.
    pub fn name_threat(&mut self, level: u8, name: &str) -> RuleResult<String> {
        if !(4..=15).contains(&level) {
            return Err(RuleError::NoSuchThreatLevel { level });
        }
        let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
        if name.is_empty() || name.chars().count() > MAX_THREAT_NAME {
            return Err(RuleError::ThreatNameLength {
                most: MAX_THREAT_NAME,
            });
        }
        if level == 4 {
            return Err(RuleError::ThreatNamedByRulebook);
        }
        let card = match self.cards.threats.iter_mut().find(|t| t.level == level) {
            Some(t) => t,
            None => {
                self.cards.threats.push(ThreatFacts {
                    level,
                    name: None,
                    journey_points: None,
                });
                self.cards.threats.sort_by_key(|t| t.level);
                self.cards
                    .threats
                    .iter_mut()
                    .find(|t| t.level == level)
                    .ok_or(RuleError::NoSuchThreatLevel { level })?
            }
        };
        let was = card.name.replace(name.clone());
        Ok(match was {
            Some(old) if old != name => {
                format!("Threat level {level} is named {name} (was {old})")
            }
            _ => format!("Threat level {level} is named {name}"),
        })
    }

    /// Writes the journey points of threat card `card` ("7") or boss card `card` (its name),
    /// once for the whole campaign.
    pub fn set_card_points(&mut self, card: &str, points: i32) -> RuleResult<String> {
        if !(0..=MAX_CARD_POINTS).contains(&points) {
            return Err(RuleError::CardPointsOutOfRange {
                points,
                most: MAX_CARD_POINTS,
            });
        }
        if let Ok(level) = card.trim().parse::<u8>() {
            if !(4..=15).contains(&level) {
                return Err(RuleError::NoSuchThreatLevel { level });
            }
            match self.cards.threats.iter_mut().find(|t| t.level == level) {
                Some(t) => t.journey_points = Some(points),
                None => self.cards.threats.push(ThreatFacts {
                    level,
                    name: None,
                    journey_points: Some(points),
                }),
            }
            return Ok(format!(
                "Threat level {level}: {}",
                crate::near_and_far::scoring::points(points)
            ));
        }
        let b = self
            .cards
            .bosses
            .iter_mut()
            .find(|b| b.name.eq_ignore_ascii_case(card.trim()))
            .ok_or_else(|| RuleError::NoSuchCard {
                card: card.to_string(),
            })?;
        b.journey_points = Some(points);
        Ok(format!(
            "{}: {}",
            b.name,
            crate::near_and_far::scoring::points(points)
        ))
    }
}
