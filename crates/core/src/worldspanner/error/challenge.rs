//! Refusals about a challenge and its modifiers: ratings in range, which modifiers a kind of
//! challenge allows and how often, and what the game must hold for a modifier to count
//! (Faction relations, p. 14; Lith's Favor, p. 17; Line of sight, p. 19-20; Boosts, p. 23).

use crate::worldspanner::challenge::MAX_RATING;
use crate::worldspanner::library::Skill;
use crate::worldspanner::team::TeamSide;
use crate::worldspanner::victory::Faction;

/// A challenge the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(ChallengeErrorKind), derive(strum::VariantArray))]
pub enum ChallengeError {
    /// `which` is "rating" or "opposing rating".
    #[error("{which} {rating} is out of range (0 to {})", MAX_RATING)]
    RatingOutOfRange { which: &'static str, rating: u8 },
    #[error(
        "faction relations (+2 home, -2 opposing) apply only to challenges on a Faction key (Faction relations, p. 14)"
    )]
    FactionOffKey,
    #[error(
        "a key is one faction: at most one home (+2) or opposing (-2) modifier applies (Faction relations, p. 14)"
    )]
    FactionTwice,
    #[error("a hero can use only one Boost at a time (Boosts, p. 23)")]
    BoostTwice,
    #[error("the target can use only one Boost at a time (Boosts, p. 23)")]
    TargetBoostTwice,
    #[error("an adventure has no defending hero whose Boost could count (Boosts, p. 23)")]
    TargetBoostOnAdventure,
    #[error(
        "a Boost does not raise the Power of weapon cards or natural ranged attacks (Boosts, p. 23)"
    )]
    BoostOnWeaponPower,
    #[error("Lith's Favor applies only to Lith's Lair and Death's Edge challenges (p. 17)")]
    LithOffLair,
    #[error("a team holds one Lith's Favor tile (p. 17)")]
    LithTwice,
    #[error("terrain raises Stealth only against shots (Line of sight, p. 19-20)")]
    TerrainOffShot,
    #[error("count every camouflaging space in one terrain modifier")]
    TerrainTwice,
    /// A hero's challenge drawn from the other team's deck.
    #[error("a hero's challenge draws from its own team's deck")]
    OtherTeamsDeck,
    /// A Boost modifier for a hero who has not flipped one.
    #[error("{hero} has no Boost in use: flip one in the Free step (Boosts, p. 23)")]
    NoBoostInUse { hero: String },
    #[error("{hero} has no Boost in use")]
    TargetNoBoostInUse { hero: String },
    /// Lith's Favor claimed at a level the team's tribute does not reach.
    #[error("{team} hold {tribute} tribute: Lith's Favor is +1 from 3 and +2 from 8 (p. 17)")]
    LithFavorNotHeld { team: TeamSide, tribute: u32 },
    #[error("{team} hold no favor tile: it takes 3 markers on one Faction key (p. 16)")]
    NoFavorTile { team: TeamSide },
    /// A hero with a library card typed a rating its card does not print.
    #[error(
        "{hero}'s card prints {skill} {printed}, not {typed}: a library hero's rating comes from its card; for a change, add your own modifier with its reason"
    )]
    RatingNotOnCard {
        hero: String,
        skill: Skill,
        printed: u8,
        typed: u8,
    },
    /// A Faction adventure by a library hero that does not say which rating it challenges.
    #[error(
        "{hero} is played from a hero card: say which rating the adventure challenges (the skill printed on the space or Quest card)"
    )]
    WhichSkill { hero: String },
    /// A Lith adventure challenged with another rating than its own.
    #[error("{adventure} challenges {skill}, not {given} (Lith adventures, p. 17)")]
    WrongSkill {
        adventure: String,
        skill: Skill,
        given: Skill,
    },
    /// The -2 on the hero's own home faction key.
    #[error(
        "{} is {hero}'s home faction: +2 there, never the opposing -2 (Faction relations, p. 14)",
        .faction.key_name()
    )]
    OpposingOnHomeKey { hero: String, faction: Faction },
    /// The +2 on a key that is not the hero's home faction.
    #[error(
        "{} is not {hero}'s home faction ({}): no +2 there (Faction relations, p. 14)",
        .faction.key_name(),
        .home.key_name()
    )]
    HomeOffHomeKey {
        hero: String,
        faction: Faction,
        home: Faction,
    },
    /// The -2 on a key that is not one of the hero's two opposing factions.
    #[error(
        "{} is not one of {hero}'s opposing factions ({} and {}): no -2 there (Faction relations, p. 14)",
        .faction.key_name(),
        .opposing[0].key_name(),
        .opposing[1].key_name()
    )]
    OpposingOffCard {
        hero: String,
        faction: Faction,
        opposing: [Faction; 2],
    },
    /// The CLI's modifier words (`Modifier::parse`): `text` is what was typed.
    #[error("modifier {text:?}: needs a value, like favor=+1")]
    ModifierNeedsValue { text: String },
    #[error("modifier {text:?}: the value is not a whole number")]
    ModifierNotANumber { text: String },
    /// The difference is clamped to -6..=+6 (p. 14), so no modifier goes past 12.
    #[error("modifier {text:?}: {value} is out of range (-12 to +12)")]
    ModifierOutOfRange { text: String, value: i64 },
    #[error("modifier {text:?}: Lith's Favor is 1 (3 tribute) or 2 (8 tribute)")]
    LithFavorLevel { text: String },
    #[error("modifier {text:?}: count the camouflaging spaces, 0 to 12")]
    TerrainSpaces { text: String },
    #[error(
        "modifier {text:?}: known modifiers: home, opposing, boost, target-boost, favor=N, lith=1|2, terrain=N, other=N[:reason]"
    )]
    UnknownModifier { text: String },
}
