//! What a challenge is for (`ChallengeKind`) and the modifiers to its difference, each with
//! the reason it applies: home faction +2, opposing faction -2 (p. 14), Boost +1 (p. 23),
//! favor tiles (p. 16), Lith's Favor (p. 17), terrain Stealth against shots (p. 19-20).

use serde::{Deserialize, Serialize};

use super::error::{ChallengeError, RuleError};

/// What the challenge is for: it decides which modifiers may apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
pub enum ChallengeKind {
    /// A Task or Quest on a Faction key: faction relations apply (p. 14).
    FactionAdventure,
    /// A challenge on Lith's Lair or Death's Edge: Lith's Favor applies (p. 17).
    LithAdventure,
    /// Melee (or a hit bonus) against Agility (p. 18).
    MeleeHit,
    /// Aim or Point against Stealth, raised by terrain (p. 19-20).
    RangedHit,
    /// Power against Armor. `natural_melee`: the hero's own fists or claws, the only Power a
    /// Boost raises (BOOSTS, p. 23).
    Damage { natural_melee: bool },
    /// Any other challenge a card or special ability calls for: no faction, Lith or terrain
    /// modifiers; the face and the Hit bar are shown for the players to apply.
    Other,
}

impl ChallengeKind {
    pub fn name(self) -> &'static str {
        match self {
            ChallengeKind::FactionAdventure => "Faction adventure",
            ChallengeKind::LithAdventure => "Lith adventure",
            ChallengeKind::MeleeHit => "Melee Hit",
            ChallengeKind::RangedHit => "Ranged Hit",
            ChallengeKind::Damage { .. } => "Damage",
            ChallengeKind::Other => "Challenge",
        }
    }

    pub fn is_adventure(self) -> bool {
        matches!(
            self,
            ChallengeKind::FactionAdventure | ChallengeKind::LithAdventure
        )
    }
}

/// Lith's Favor tile side: +1 from 3 tribute, +2 from 8 (LITH ADVENTURES, p. 17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum LithFavor {
    /// Saved as "plus-1" like every other name; saves from before read as "Plus1".
    #[serde(rename = "plus-1", alias = "Plus1", alias = "plus1")]
    Plus1,
    #[serde(rename = "plus-2", alias = "Plus2", alias = "plus2")]
    Plus2,
}

impl LithFavor {
    pub fn amount(self) -> i8 {
        match self {
            LithFavor::Plus1 => 1,
            LithFavor::Plus2 => 2,
        }
    }
}

/// A modifier to a challenge's difference.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Modifier {
    /// +2: the adventure is on the hero's home faction key (p. 14).
    HomeFaction {},
    /// -2: the key is one of the hero's two opposing factions (p. 14).
    OpposingFaction {},
    /// +1: the challenger's Boost is in use (p. 23).
    Boost {},
    /// -1: the defender's Boost raises Agility, Stealth or Armor (p. 23).
    TargetBoost {},
    /// As printed on a faction favor tile the team holds (p. 16).
    FavorTile { amount: i8 },
    /// +1 or +2 on Lith's Lair and Death's Edge challenges (p. 17).
    LithsFavor { favor: LithFavor },
    /// -2 for each Woods, Swamp, Fire, Rough space the line of sight touches and for a
    /// Building the target stands in: the target's Stealth rises (p. 19-20).
    TerrainStealth { spaces: u8 },
    /// Anything else (a special ability, a card bonus): the player's own amount and reason.
    Other { amount: i8, reason: String },
}

impl Modifier {
    pub fn amount(&self) -> i32 {
        match self {
            Modifier::HomeFaction {} => 2,
            Modifier::OpposingFaction {} => -2,
            Modifier::Boost {} => 1,
            Modifier::TargetBoost {} => -1,
            Modifier::FavorTile { amount } => *amount as i32,
            Modifier::LithsFavor { favor } => favor.amount() as i32,
            Modifier::TerrainStealth { spaces } => -2 * *spaces as i32,
            Modifier::Other { amount, .. } => *amount as i32,
        }
    }

    /// One line saying why this modifier applies.
    pub fn explain(&self) -> String {
        match self {
            Modifier::HomeFaction {} => "home faction key: +2 (Faction relations, p. 14)".into(),
            Modifier::OpposingFaction {} => {
                "opposing faction key: -2 (Faction relations, p. 14)".into()
            }
            Modifier::Boost {} => "Boost in use: +1 to the hero's rating (Boosts, p. 23)".into(),
            Modifier::TargetBoost {} => {
                "the target's Boost: +1 to its defence, so -1 here (Boosts, p. 23)".into()
            }
            Modifier::FavorTile { amount } => {
                format!("favor tile: {amount:+} as printed on the tile (Faction favor, p. 16)")
            }
            Modifier::LithsFavor { favor } => format!(
                "Lith's Favor: {:+} on Lith's Lair and Death's Edge challenges (p. 17)",
                favor.amount()
            ),
            Modifier::TerrainStealth { spaces } => format!(
                "terrain: {}, +{} Stealth for the target, so {} \
                 (Line of sight, p. 19-20)",
                crate::words::count(*spaces, "camouflaging space", "camouflaging spaces"),
                2 * spaces,
                -2 * *spaces as i32
            ),
            Modifier::Other { amount, reason } => format!("{reason}: {amount:+}"),
        }
    }

    /// Parses the CLI form: `home`, `opposing`, `boost`, `target-boost`, `favor=+1`,
    /// `lith=1` or `lith=2`, `terrain=2` (camouflaging spaces), `other=-1` or
    /// `other=-1:reason`.
    pub fn parse(text: &str) -> Result<Modifier, RuleError> {
        let text_owned = || text.to_string();
        let (name, value) = match text.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (text.trim(), None),
        };
        let number = |v: Option<&str>| -> Result<i8, RuleError> {
            let v = v.ok_or_else(|| ChallengeError::ModifierNeedsValue { text: text_owned() })?;
            let v = v.split(':').next().unwrap_or(v);
            let n = v
                .trim_start_matches('+')
                .parse::<i64>()
                .map_err(|_| ChallengeError::ModifierNotANumber { text: text_owned() })?;
            // The difference is clamped to -6..=+6 (p. 14), so no modifier goes past 12.
            if !(-12..=12).contains(&n) {
                return Err(ChallengeError::ModifierOutOfRange {
                    text: text_owned(),
                    value: n,
                }
                .into());
            }
            Ok(n as i8)
        };
        Ok(match name {
            "home" => Modifier::HomeFaction {},
            "opposing" => Modifier::OpposingFaction {},
            "boost" => Modifier::Boost {},
            "target-boost" => Modifier::TargetBoost {},
            "favor" => Modifier::FavorTile {
                amount: number(value)?,
            },
            "lith" => Modifier::LithsFavor {
                favor: match number(value)? {
                    1 => LithFavor::Plus1,
                    2 => LithFavor::Plus2,
                    _ => {
                        return Err(ChallengeError::LithFavorLevel { text: text_owned() }.into());
                    }
                },
            },
            "terrain" => {
                let n = number(value)?;
                if !(0..=12).contains(&n) {
                    return Err(ChallengeError::TerrainSpaces { text: text_owned() }.into());
                }
                Modifier::TerrainStealth { spaces: n as u8 }
            }
            "other" => Modifier::Other {
                amount: number(value)?,
                reason: value
                    .and_then(|v| v.split_once(':'))
                    .map(|(_, r)| r.trim().to_string())
                    .filter(|r| !r.is_empty())
                    .unwrap_or_else(|| "special ability".to_string()),
            },
            _ => {
                return Err(ChallengeError::UnknownModifier { text: text_owned() }.into());
            }
        })
    }
}
