//! Teams and heroes: the two teams, team sizes and map designs (SETUP, p. 3-4; Set 2 map
//! designs), game length, the Reinforce schedule (ROUNDS, p. 7) and the state the app keeps
//! for each hero: wounds and health, Boosts, gold, where the hero is (waiting to enter, in a
//! Dome, on the map, in the Pit or the Underpit) and how often it was renewed.

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::domes::DomeSlot;
use super::error::{RuleError, SetupError};

/// The two teams. Skyhawks (white) take the first turn of each round (ROUNDS, p. 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TeamSide {
    Skyhawks,
    Psiclones,
}

impl TeamSide {
    pub const BOTH: [TeamSide; 2] = [TeamSide::Skyhawks, TeamSide::Psiclones];

    pub fn name(self) -> &'static str {
        match self {
            TeamSide::Skyhawks => "Skyhawks",
            TeamSide::Psiclones => "Psiclones",
        }
    }

    pub fn colour(self) -> &'static str {
        match self {
            TeamSide::Skyhawks => "white",
            TeamSide::Psiclones => "black",
        }
    }

    pub fn other(self) -> TeamSide {
        match self {
            TeamSide::Skyhawks => TeamSide::Psiclones,
            TeamSide::Psiclones => TeamSide::Skyhawks,
        }
    }

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn parse(s: &str) -> Option<TeamSide> {
        match s.to_ascii_lowercase().as_str() {
            "skyhawks" | "white" => Some(TeamSide::Skyhawks),
            "psiclones" | "black" => Some(TeamSide::Psiclones),
            _ => None,
        }
    }
}

impl std::fmt::Display for TeamSide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A hero of a team, by its place in the team's list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroRef {
    pub team: TeamSide,
    pub hero: usize,
}

/// The map designs and the team sizes each is made for (SETUP; Set 2 map designs).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum MapDesign {
    /// Set 1: 3 platters, 5 Faction keys; 6, 8 or 9 heroes.
    Standard,
    TriLine,
    TriSplit,
    Quad,
    QuadLine,
    QuadSplit,
}

impl MapDesign {
    /// Every map design, as declared: the setup form's order.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn name(self) -> &'static str {
        match self {
            MapDesign::Standard => "Standard (Set 1)",
            MapDesign::TriLine => "Tri Line",
            MapDesign::TriSplit => "Tri Split",
            MapDesign::Quad => "Quad",
            MapDesign::QuadLine => "Quad Line",
            MapDesign::QuadSplit => "Quad Split",
        }
    }

    /// Faction keys on the map.
    pub fn faction_keys(self) -> usize {
        match self {
            MapDesign::Standard | MapDesign::TriLine => 5,
            MapDesign::TriSplit | MapDesign::Quad => 7,
            MapDesign::QuadLine => 8,
            MapDesign::QuadSplit => 9,
        }
    }

    /// Heroes per team the design is made for.
    pub fn team_sizes(self) -> &'static [u8] {
        match self {
            MapDesign::Standard => &[6, 8, 9],
            MapDesign::TriLine | MapDesign::TriSplit => &[8, 9],
            MapDesign::Quad | MapDesign::QuadLine | MapDesign::QuadSplit => &[10, 11, 12],
        }
    }
}

/// Rounds to play: Intro 8, Average 10, Expert 12 (SETUP, Game length).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct GameLength(u8);

impl GameLength {
    pub fn new(rounds: u8) -> Result<GameLength, RuleError> {
        if matches!(rounds, 8 | 10 | 12) {
            Ok(GameLength(rounds))
        } else {
            Err(SetupError::GameLength { rounds }.into())
        }
    }

    pub fn rounds(self) -> u8 {
        self.0
    }
}

crate::newtype::checked_u8!(GameLength, RuleError);

/// Heroes entering in Reinforce of `round` (1-based) for a team of `size`: a third of the
/// team, rounded up, each round until all are in (ROUNDS, Reinforce, p. 7).
pub fn reinforce_quota(size: u8, round: u8) -> u8 {
    let per_round = size.div_ceil(3);
    let before = per_round as u16 * round.saturating_sub(1) as u16;
    if round == 0 || before >= size as u16 {
        return 0;
    }
    per_round.min(size - before as u8)
}

/// Where a hero is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", rename_all = "kebab-case")]
pub enum HeroStatus {
    /// Off the map, waiting for a Reinforce step.
    Waiting,
    InDome {
        dome: DomeSlot,
    },
    /// Dismissed or banished: the card is drawn, the Dome not yet chosen.
    Arriving,
    /// On the map outside the Domes (the app does not track the space).
    OnMap,
    /// Defeated, moved up from the Underpit; can be renewed at the Underworld.
    Pit,
    /// Defeated (DEFEAT, p. 18).
    Underpit,
}

impl HeroStatus {
    pub fn defeated(self) -> bool {
        matches!(self, HeroStatus::Pit | HeroStatus::Underpit)
    }

    /// In the arena: in a Dome or on the map.
    pub fn in_play(self) -> bool {
        matches!(self, HeroStatus::InDome { .. } | HeroStatus::OnMap)
    }

    pub fn describe(self) -> String {
        match self {
            HeroStatus::Waiting => "waiting to enter".into(),
            HeroStatus::InDome { dome } => format!("in {dome}"),
            HeroStatus::Arriving => "being dismissed: choose a Dome".into(),
            HeroStatus::OnMap => "on the map".into(),
            HeroStatus::Pit => "defeated, in the Pit".into(),
            HeroStatus::Underpit => "defeated, in the Underpit".into(),
        }
    }
}

/// A hero as entered at setup: the card's name and Health, and the starting loot the app
/// counts (gold and Boosts; cards stay on the table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeroEntry {
    pub name: String,
    pub health: u8,
    #[serde(default)]
    pub gold: u32,
    #[serde(default)]
    pub boosts: u8,
    /// The hero's card, when picked from the hero library.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub card: Option<super::library::HeroCard>,
}

impl HeroEntry {
    pub fn new(name: &str, health: u8) -> HeroEntry {
        HeroEntry {
            name: name.to_string(),
            health,
            gold: 0,
            boosts: 0,
            card: None,
        }
    }
}

/// A hero in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hero {
    pub name: String,
    pub health: u8,
    pub wounds: u8,
    /// Unused Boost tokens.
    pub boosts: u8,
    /// A Boost flipped to +1 in this team's Free step; it lasts until its next Free step.
    pub boost_active: bool,
    pub gold: u32,
    pub status: HeroStatus,
    pub renewals: u8,
    /// The starting gold and Boosts, given again on renewal (RENEWING A HERO, p. 17).
    pub start: HeroEntry,
}

/// Most Health on any hero card; a sanity bound for entries.
pub const MAX_HEALTH: u8 = 20;

impl Hero {
    pub fn new(entry: HeroEntry) -> Result<Hero, RuleError> {
        let name = entry.name.trim();
        if name.is_empty() {
            return Err(SetupError::HeroUnnamed.into());
        }
        if entry.health == 0 || entry.health > MAX_HEALTH {
            return Err(SetupError::Health {
                hero: name.to_string(),
                health: entry.health,
            }
            .into());
        }
        if let Some(card) = &entry.card {
            card.validate().map_err(SetupError::from)?;
        }
        Ok(Hero {
            name: name.to_string(),
            health: entry.health,
            wounds: 0,
            boosts: entry.boosts,
            boost_active: false,
            gold: entry.gold,
            status: HeroStatus::Waiting,
            renewals: 0,
            start: HeroEntry {
                name: name.to_string(),
                ..entry
            },
        })
    }

    pub fn defeated(&self) -> bool {
        self.status.defeated()
    }

    /// Health left before defeat.
    pub fn health_left(&self) -> u8 {
        self.health.saturating_sub(self.wounds)
    }
}
