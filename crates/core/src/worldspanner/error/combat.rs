//! Refusals about attacks: when each kind may be made, who can be reached, the shape of an
//! attack, and line of sight (Rounds, p. 7; COMBAT & MELEE, p. 18; RANGED ATTACK and Line of
//! sight, p. 19-20).

use crate::worldspanner::game::Deed;
use crate::worldspanner::library::Skill;
use crate::worldspanner::rounds::RoundTracker;
use crate::worldspanner::team::{HeroStatus, TeamSide};

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
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(CombatErrorKind), derive(strum::VariantArray))]
pub enum CombatError {
    /// `now` is where the game is.
    #[error(
        "{kind} attacks happen in {}; it is now {} (Rounds, p. 7)",
        .kind.steps(),
        .now.describe()
    )]
    WrongStep { kind: AttackKind, now: RoundTracker },
    /// A hero in a Dome (or out of the arena) is adjacent to nothing and out of sight; the
    /// words say why for each place (`off_the_map`).
    #[error("the {role} {hero} is {}: {}", .status.describe(), off_the_map(*.status))]
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
    /// A library hero's melee Hit typed with another rating than Melee.
    #[error(
        "a melee attack's Hit challenge uses the attacker's Melee, not {given} (Combat, Resolving melee, p. 18)"
    )]
    MeleeHitSkill { given: Skill },
    /// A library hero's shot typed with a rating that is neither its Aim nor its Point.
    #[error(
        "{hero}'s card prints Aim {aim} and Point {point}, not {typed}: a shot's Hit uses the Aim or Point its weapon names (Ranged attack, p. 19); for a weapon's bonus, add your own modifier with its reason"
    )]
    ShotRatingNotOnCard {
        hero: String,
        aim: u8,
        point: u8,
        typed: u8,
    },
    /// A melee attack out of the order of Wits: `first` (on the map, not yet attacked or
    /// passed this step, in the same fight) goes before `attacker`.
    #[error(
        "{first} (Wits {first_wits}{}) attacks before {attacker} (Wits {attacker_wits}): melee goes in order of Wits, highest first, the active team's hero first on a tie (Combat, Resolving melee, p. 18); let {first} attack, or record that it makes no melee attack (pass-melee)",
        if *.tie { ", the active team" } else { "" }
    )]
    MeleeOrder {
        attacker: String,
        attacker_wits: u8,
        first: String,
        first_wits: u8,
        /// Same Wits: the active team's hero goes first.
        tie: bool,
    },
    /// The attacker fell to an earlier melee attack of this step.
    #[error(
        "{hero} was defeated by {by} earlier in this Melee step, before its turn to attack: melee goes in order of Wits, so a hero can fall before it strikes (Combat, Resolving melee, p. 18)"
    )]
    DefeatedBeforeItsTurn { hero: String, by: String },
    /// A Reaction shot at a hero that did not move in its Action step.
    #[error(
        "{target} has {} in the {team}' Action step and never left the space it started it in: a Reaction shot may target a hero only in a space it moved into, never where it started its Action step (Ranged attack, During Reaction step, p. 19)",
        .did.done()
    )]
    ReactionTargetStayed {
        target: String,
        team: TeamSide,
        did: Deed,
    },
    /// Passing on a melee attack outside the Melee step or for a hero not on the map.
    #[error(
        "{hero} can pass on its melee attack only in the Melee step, standing on the map (Melee step, p. 7)"
    )]
    NoMeleeToPass { hero: String },
}

/// Why a hero at `status` can neither attack nor be attacked.
fn off_the_map(status: HeroStatus) -> &'static str {
    match status {
        HeroStatus::InDome { .. } => {
            "a hero in a Dome is adjacent to nothing and out of sight (The map, p. 8; Line of sight, p. 20)"
        }
        HeroStatus::Pit | HeroStatus::Underpit => {
            "a defeated hero takes no part in the game until it is renewed (Defeat, p. 18; Special abilities, p. 22)"
        }
        HeroStatus::Waiting => {
            "a hero that has not entered the map takes no part in the game yet (Reinforce, p. 7)"
        }
        HeroStatus::Arriving => {
            "a hero being dismissed is not on the map until it is placed in its Dome (Dismissal, p. 7)"
        }
        HeroStatus::OnMap => "it is on the map",
    }
}
