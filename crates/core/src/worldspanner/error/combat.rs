//! Refusals about attacks: when each kind may be made, who can be reached, the shape of an
//! attack, and line of sight (Rounds, p. 7; COMBAT & MELEE, p. 18; RANGED ATTACK and Line of
//! sight, p. 19-20).

use crate::worldspanner::rounds::RoundTracker;
use crate::worldspanner::team::HeroStatus;

/// Melee or ranged: each has its own steps (Rounds, p. 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackKind {
    Melee,
    Ranged,
}

impl AttackKind {
    /// The steps in which this kind of attack is made.
    pub fn steps(self) -> &'static str {
        match self {
            AttackKind::Melee => "the Melee step (both teams)",
            AttackKind::Ranged => {
                "the active team's Action step or the inactive team's Reaction step"
            }
        }
    }
}

impl std::fmt::Display for AttackKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AttackKind::Melee => "melee",
            AttackKind::Ranged => "ranged",
        })
    }
}

/// Which side of an attack a hero is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackRole {
    Attacker,
    Target,
}

impl std::fmt::Display for AttackRole {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            AttackRole::Attacker => "attacker",
            AttackRole::Target => "target",
        })
    }
}

/// What blocks a shot's line of sight (p. 19-20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SightBlock {
    ShooterInDome,
    IntoDome,
    Wall,
    Building,
    Dome,
}

impl std::fmt::Display for SightBlock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            SightBlock::ShooterInDome => "a hero inside a Dome cannot shoot out",
            SightBlock::IntoDome => "nobody can shoot into a Dome",
            SightBlock::Wall => "the line touches a Wall",
            SightBlock::Building => "a Building blocks sight to the spaces past it",
            SightBlock::Dome => "a Dome blocks sight",
        })
    }
}

/// An attack the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CombatError {
    /// `now` is where the game is.
    #[error(
        "{kind} attacks happen in {}; it is now {} (Rounds, p. 7)",
        .kind.steps(),
        .now.describe()
    )]
    WrongStep { kind: AttackKind, now: RoundTracker },
    /// A hero in a Dome (or out of the arena) is adjacent to nothing and out of sight.
    #[error(
        "the {role} {hero} is {}: a hero in a Dome is adjacent to nothing and out of sight (The map, p. 8; Line of sight, p. 20)",
        .status.describe()
    )]
    OffTheMap {
        role: AttackRole,
        hero: String,
        status: HeroStatus,
    },
    #[error("attacks target enemies, not allies")]
    TargetsAlly,
    #[error("an attack starts with a Melee or Ranged Hit challenge (p. 18)")]
    HitFirst,
    #[error("an attack's second challenge is Damage: Power against Armor (p. 18)")]
    DamageSecond,
    #[error("Wound {0} is out of range: a Wound rating runs 0 to 4 on cards")]
    WoundOutOfRange(u8),
    #[error("no line of sight: {0} (p. 19-20)")]
    NoLineOfSight(SightBlock),
    #[error("a target cannot stand in a Wall")]
    TargetInWall,
}
