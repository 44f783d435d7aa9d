//! Terrain: what a space costs to enter (MOVE, p. 9) and what it does to a shot (LINE OF
//! SIGHT, p. 19-20). The app does not know the map; the player says which terrain the line of
//! sight touches and the engine turns it into the Stealth modifier or says the shot is blocked.

use serde::{Deserialize, Serialize};

use super::challenge::Modifier;
use super::error::{CombatError, RuleError, SightBlock};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Terrain {
    Clear,
    Water,
    DeepWater,
    Woods,
    Swamp,
    Rough,
    Building,
    Fire,
    Dome,
    Wall,
}

impl Terrain {
    pub const ALL: [Terrain; 10] = [
        Terrain::Clear,
        Terrain::Water,
        Terrain::DeepWater,
        Terrain::Woods,
        Terrain::Swamp,
        Terrain::Rough,
        Terrain::Building,
        Terrain::Fire,
        Terrain::Dome,
        Terrain::Wall,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "Clear",
            Terrain::Water => "Water",
            Terrain::DeepWater => "Deep Water",
            Terrain::Woods => "Woods",
            Terrain::Swamp => "Swamp",
            Terrain::Rough => "Rough",
            Terrain::Building => "Building",
            Terrain::Fire => "Fire",
            Terrain::Dome => "Dome",
            Terrain::Wall => "Wall",
        }
    }

    /// Move points to enter, or `None` where a hero may not go (Fire, Deep Water, Dome, Wall).
    pub fn move_cost(self) -> Option<u8> {
        match self {
            Terrain::Clear => Some(1),
            Terrain::Water | Terrain::Woods | Terrain::Swamp | Terrain::Rough => Some(2),
            Terrain::Building => Some(2),
            Terrain::DeepWater | Terrain::Fire | Terrain::Dome | Terrain::Wall => None,
        }
    }

    /// Camouflage: +2 Stealth for each such space the line touches, target's included.
    fn camouflages(self) -> bool {
        matches!(
            self,
            Terrain::Woods | Terrain::Swamp | Terrain::Fire | Terrain::Rough
        )
    }
}

/// How the shot is made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShotOptions {
    /// The target flew this turn: no terrain Stealth, and only Walls block (Flying, p. 9).
    pub flying_target: bool,
    /// A lobbed grenade: Dome and Building count as Woods, but never into or out of a Dome.
    pub grenade: bool,
    pub shooter_in_dome: bool,
}

/// The Stealth modifier for a shot whose line of sight touches `between` (every space the line
/// touches other than the shooter's and the target's; add Wall if the line touches a wall's
/// image anywhere, the shooter's space included) at a target standing in `target`.
pub fn shot_modifier(
    between: &[Terrain],
    target: Terrain,
    options: ShotOptions,
) -> Result<Modifier, RuleError> {
    let blocked = |why: SightBlock| Err(CombatError::NoLineOfSight(why).into());
    if options.shooter_in_dome {
        return blocked(SightBlock::ShooterInDome);
    }
    if target == Terrain::Dome {
        return blocked(SightBlock::IntoDome);
    }
    if target == Terrain::Wall {
        return Err(CombatError::TargetInWall.into());
    }
    if between.contains(&Terrain::Wall) {
        return blocked(SightBlock::Wall);
    }
    if options.flying_target {
        return Ok(Modifier::TerrainStealth { spaces: 0 });
    }
    let as_lobbed = |t: Terrain| {
        if options.grenade && matches!(t, Terrain::Dome | Terrain::Building) {
            Terrain::Woods
        } else {
            t
        }
    };
    let mut spaces = 0u8;
    for t in between.iter().map(|t| as_lobbed(*t)) {
        match t {
            Terrain::Building => return blocked(SightBlock::Building),
            Terrain::Dome => return blocked(SightBlock::Dome),
            t if t.camouflages() => spaces += 1,
            _ => {}
        }
    }
    if target.camouflages() || target == Terrain::Building {
        spaces += 1;
    }
    Ok(Modifier::TerrainStealth { spaces })
}
