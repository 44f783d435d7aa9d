//! The hero library: hero cards entered once and kept in the data folder (the store reads and
//! writes the file; this module only parses, checks and queries it). A card holds what the app
//! uses: name, home faction, Health, the 14 rated skills (HEROES, Ratings: 0 to 9; Wound 0 to
//! 4), Natures, the two opposing factions (Faction relations, p. 14), bonus symbols and the
//! starting loot the app counts. Also the challenge a library hero starts from (its rating and
//! every modifier with its reason) and the melee order by Wits (COMBAT, Melee step).

use crate::datafile::DataFileError;
use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::error::HeroCardError;
use super::team::{HeroEntry, MAX_HEALTH};
use super::victory::Faction;

pub use super::from_card::{AttackRatings, HeroChallenge};

pub const DATA_KIND: &str = "worldspanner-hero-library";

/// Where the library lives in the data folder.
pub const LIBRARY_PATH: &str = "data/worldspanner/heroes.json";

/// The rated skills printed down a hero card, in the book's order (HEROES, Ratings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, VariantArray)]
#[serde(rename_all = "lowercase")]
pub enum Skill {
    Speed,
    Strength,
    Intellect,
    Virtue,
    Fame,
    Agility,
    Stealth,
    Armor,
    Aim,
    Point,
    Wits,
    Melee,
    Power,
    Wound,
}

impl Skill {
    /// Every skill, as declared: the book's order, which `HeroCard::ratings` follows.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn name(self) -> &'static str {
        match self {
            Skill::Speed => "Speed",
            Skill::Strength => "Strength",
            Skill::Intellect => "Intellect",
            Skill::Virtue => "Virtue",
            Skill::Fame => "Fame",
            Skill::Agility => "Agility",
            Skill::Stealth => "Stealth",
            Skill::Armor => "Armor",
            Skill::Aim => "Aim",
            Skill::Point => "Point",
            Skill::Wits => "Wits",
            Skill::Melee => "Melee",
            Skill::Power => "Power",
            Skill::Wound => "Wound",
        }
    }

    /// The highest printed value: skills 0 to 9, the Wound rating 0 to 4 (HEROES, Ratings).
    pub fn max(self) -> u8 {
        if self == Skill::Wound { 4 } else { 9 }
    }
}

impl std::fmt::Display for Skill {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One hero card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroCard {
    pub name: String,
    /// The home faction (upper left of the card).
    pub faction: Faction,
    pub health: u8,
    /// The 14 ratings in `Skill::ALL` order.
    pub ratings: [u8; 14],
    /// Man, Woman, Child, Being, Fairy, Machine or Fiend; one or two.
    pub natures: Vec<String>,
    /// The two factions this hero opposes (-2 on their keys).
    pub opposing: [Faction; 2],
    #[serde(default)]
    pub bonus_symbols: Vec<String>,
    /// Starting loot the app counts (treasure cards stay on the table).
    #[serde(default)]
    pub gold: u32,
    #[serde(default)]
    pub boosts: u8,
}

impl HeroCard {
    pub fn rating(&self, skill: Skill) -> u8 {
        self.ratings[Skill::ALL.iter().position(|s| *s == skill).unwrap_or(0)]
    }

    /// Checks the book's ranges; the error names the hero and the field.
    pub fn validate(&self) -> Result<(), HeroCardError> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(HeroCardError::Unnamed);
        }
        let hero = || name.to_string();
        if self.health == 0 || self.health > MAX_HEALTH {
            return Err(HeroCardError::Health {
                hero: hero(),
                health: self.health,
            });
        }
        for (skill, value) in Skill::ALL.iter().zip(self.ratings) {
            if value > skill.max() {
                return Err(HeroCardError::Rating {
                    hero: hero(),
                    skill: *skill,
                    value,
                });
            }
        }
        if self.natures.is_empty() || self.natures.len() > 2 {
            return Err(HeroCardError::Natures {
                hero: hero(),
                count: self.natures.len(),
            });
        }
        if self.opposing[0] == self.opposing[1] || self.opposing.contains(&self.faction) {
            return Err(HeroCardError::Opposing {
                hero: hero(),
                faction: self.faction,
            });
        }
        Ok(())
    }

    /// The setup entry for this hero: its name, Health, starting loot and card.
    pub fn entry(&self) -> HeroEntry {
        HeroEntry {
            name: self.name.trim().to_string(),
            health: self.health,
            gold: self.gold,
            boosts: self.boosts,
            card: Some(self.clone()),
        }
    }
}

/// The library file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroLibrary {
    pub data_kind: String,
    pub heroes: Vec<HeroCard>,
}

impl Default for HeroLibrary {
    fn default() -> Self {
        HeroLibrary {
            data_kind: DATA_KIND.into(),
            heroes: Vec::new(),
        }
    }
}

impl HeroLibrary {
    /// Parses and checks a library file; errors name the hero and the field.
    pub fn parse(text: &str) -> Result<HeroLibrary, DataFileError> {
        let lib: HeroLibrary = crate::datafile::parse(text, DATA_KIND)?;
        let mut names = crate::datafile::FirstSeen::new();
        for (i, h) in lib.heroes.iter().enumerate() {
            h.validate()
                .map_err(|e| DataFileError::new(format!("heroes[{i}]"), e.to_string()))?;
            if let Some(first) = names.again(h.name.trim().to_ascii_lowercase(), i) {
                return Err(DataFileError::new(
                    format!("heroes[{i}]"),
                    format!(
                        "{} is in the library twice, first at heroes[{first}]",
                        h.name
                    ),
                ));
            }
        }
        Ok(lib)
    }

    /// `tablemate check`'s one line for a hero library file: how many heroes, which.
    pub fn check_text(text: &str) -> Result<String, DataFileError> {
        let lib = HeroLibrary::parse(text)?;
        let names: Vec<&str> = lib.heroes.iter().map(|h| h.name.trim()).collect();
        Ok(format!(
            "Worldspanner hero library: {} hero{}{}",
            names.len(),
            if names.len() == 1 { "" } else { "es" },
            if names.is_empty() {
                String::new()
            } else {
                format!(" ({})", names.join(", "))
            }
        ))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Adds a checked card, or replaces the card of the same name (a correction).
    pub fn put(&mut self, card: HeroCard) -> Result<(), HeroCardError> {
        card.validate()?;
        match self
            .heroes
            .iter_mut()
            .find(|h| h.name.trim().eq_ignore_ascii_case(card.name.trim()))
        {
            Some(h) => *h = card,
            None => self.heroes.push(card),
        }
        self.heroes.sort_by_key(|h| h.name.to_lowercase());
        Ok(())
    }

    pub fn get(&self, name: &str) -> Option<&HeroCard> {
        self.heroes
            .iter()
            .find(|h| h.name.trim().eq_ignore_ascii_case(name.trim()))
    }
}
