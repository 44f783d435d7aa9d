//! Which rules digest entry (data/rules/worldspanner.json) each refusal and each reminder cites
//! (docs/rules.md, "Rule references"). Exhaustive: a new refusal or reminder names its entry,
//! or none, before it compiles.

use super::error::{
    AdventureErrorKind, ChallengeErrorKind, CombatErrorKind, DomeErrorKind, HeroErrorKind,
    PhysicalErrorKind, RefusalKind, RuleError, SetupErrorKind, TurnErrorKind,
};
use super::rounds::Step;
use crate::doc::Kind;
use crate::rules::{Cites, Reminder, RuleRef};

const fn entry(id: &'static str) -> Option<RuleRef> {
    Some(RuleRef::new(Kind::Worldspanner, id))
}

impl TurnErrorKind {
    pub fn entry(self) -> Option<RuleRef> {
        use TurnErrorKind as K;
        match self {
            K::ReinforceUnfinished | K::ReinforceQuotaMet | K::AlreadyEntered => {
                entry("reinforce-schedule")
            }
            K::WrongStep | K::AlreadyActed => entry("turn-steps"),
            K::LastRoundFinished | K::Locked | K::GameOver => entry("game-end"),
            K::AnswerSurroundedFirst
            | K::NoSuchSurroundAnswer
            | K::NotOver
            | K::AlreadyReopened => None,
        }
    }
}

impl HeroErrorKind {
    pub fn entry(self) -> Option<RuleRef> {
        use HeroErrorKind as K;
        match self {
            K::NotInPlay => entry("defeat"),
            K::MoveOutOfDome => entry("domes"),
            K::BoostInUse | K::NoBoostToken => entry("boosts"),
            K::NoUnderworldReward => entry("deaths-edge"),
            K::PickUpOffTheMap => entry("turn-steps"),
            K::NotInDome
            | K::NotEnoughGold
            | K::WrongStatus
            | K::NoHeroCard
            | K::NoSuchLoot
            | K::NotThatMuchLoot
            | K::NothingToRecord => None,
        }
    }
}

impl ChallengeErrorKind {
    pub fn entry(self) -> Option<RuleRef> {
        use ChallengeErrorKind as K;
        match self {
            K::FactionOffKey
            | K::FactionTwice
            | K::OpposingOnHomeKey
            | K::HomeOffHomeKey
            | K::OpposingOffCard => entry("faction-relations"),
            K::BoostTwice
            | K::TargetBoostTwice
            | K::TargetBoostOnAdventure
            | K::BoostOnWeaponPower
            | K::NoBoostInUse
            | K::TargetNoBoostInUse => entry("boosts"),
            K::LithOffLair | K::LithTwice | K::LithFavorNotHeld | K::LithFavorLevel => {
                entry("liths-favor")
            }
            K::TerrainOffShot | K::TerrainTwice | K::TerrainSpaces => entry("sight-terrain"),
            K::OtherTeamsDeck => entry("challenge-reading"),
            K::NoFavorTile => entry("favor-tiles"),
            K::WrongSkill => entry("lith-adventures"),
            K::RatingOutOfRange
            | K::RatingNotOnCard
            | K::WhichSkill
            | K::ModifierNeedsValue
            | K::ModifierNotANumber
            | K::ModifierOutOfRange
            | K::UnknownModifier => None,
        }
    }
}

impl CombatErrorKind {
    pub fn entry(self) -> Option<RuleRef> {
        use CombatErrorKind as K;
        match self {
            K::WrongStep => entry("turn-steps"),
            K::TargetsAlly | K::MeleeOrder | K::DefeatedBeforeItsTurn | K::NoMeleeToPass => {
                entry("melee")
            }
            K::HitFirst | K::DamageSecond | K::MeleeHitSkill => entry("hit-and-damage"),
            K::NoLineOfSight | K::TargetInWall => entry("line-of-sight"),
            K::ShotRatingNotOnCard | K::ReactionTargetStayed => entry("ranged"),
            K::OffTheMap | K::WoundOutOfRange => None,
        }
    }
}

impl AdventureErrorKind {
    pub fn entry(self) -> Option<RuleRef> {
        use AdventureErrorKind as K;
        match self {
            K::NotOnTheMap => entry("challenge-reading"),
            K::NotOnThisKey
            | K::NoTargets
            | K::RescueAlliesOnly
            | K::KidnapEnemiesOnly
            | K::CannotPay => entry("gold-adventures"),
            K::NoTribute => entry("lith-adventures"),
            K::SpaceTaken => entry("spaces"),
            K::UnderworldFull => entry("deaths-edge"),
            K::WrongKind
            | K::FixedRating
            | K::NoSuchSpace
            | K::NoSuchKeySpace
            | K::NotOnAKey
            | K::WhichKey
            | K::Price => None,
        }
    }
}

impl DomeErrorKind {
    pub fn entry(self) -> Option<RuleRef> {
        use DomeErrorKind as K;
        match self {
            K::NoSuchDome | K::NoSuchSlot => entry("domes"),
            K::AllFull
            | K::Occupied
            | K::OccupiedBy
            | K::NotProposed
            | K::PlaceFirst
            | K::NoRoom => entry("dismissal"),
            K::NoRangeAwaited
            | K::NobodyWaiting
            | K::NoSuchAnswer
            | K::RangeFirst
            | K::BadOccupancy
            | K::EmptyOccupancy
            | K::TooManyInKey
            | K::NumberTwice => None,
        }
    }
}

impl PhysicalErrorKind {
    /// Reading cards drawn at the table is the app's bookkeeping: no rule to cite.
    pub fn entry(self) -> Option<RuleRef> {
        use PhysicalErrorKind as K;
        match self {
            K::TooManyRead
            | K::NotRead
            | K::ReadingLacks
            | K::NestedRead
            | K::NothingRead
            | K::RangeBeforeDeckMode => None,
        }
    }
}

impl SetupErrorKind {
    pub fn entry(self) -> Option<RuleRef> {
        use SetupErrorKind as K;
        match self {
            K::MapTeamSize | K::TeamSize | K::GameLength => entry("game-length"),
            K::KeyCount
            | K::KeyTwice
            | K::HeroNameTwice
            | K::DeckSize
            | K::TwoTeams
            | K::HeroCard
            | K::HeroUnnamed
            | K::Health
            | K::ReplacementSize => None,
        }
    }
}

impl RefusalKind {
    /// The groups name their entries in their own kinds; what is left cites no rule.
    pub fn entry(self) -> Option<RuleRef> {
        use RefusalKind as K;
        match self {
            K::Card
            | K::Turn
            | K::Hero
            | K::Challenge
            | K::Combat
            | K::Adventure
            | K::Dome
            | K::Physical
            | K::Setup
            | K::Deck
            | K::DeckTool
            | K::NoSuchHero
            | K::KeyNotOnMap
            | K::TooMany => None,
        }
    }
}

impl Step {
    /// The entry behind the step's reminder ([`Step::reminder`]): what a step allows is the
    /// turn's (p. 7), except melee's order (p. 18) and the Reinforce quota (p. 7).
    pub fn entry(self) -> Option<RuleRef> {
        match self {
            Step::Free | Step::Action | Step::Reaction | Step::Adventure => entry("turn-steps"),
            Step::Melee => entry("melee"),
            Step::Reinforce => entry("reinforce-schedule"),
        }
    }

    /// The step's reminder with its rule.
    pub fn reminding(self) -> Reminder {
        Reminder::new(self.reminder(), self.entry())
    }
}

/// The reminders Worldspanner gives besides a step's: each names the entry it restates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::VariantArray)]
pub enum ReminderKind {
    /// A challenge by a team holding a faction's favor tile: add the tile's printed bonus.
    FavorTile,
}

impl ReminderKind {
    pub fn entry(self) -> Option<RuleRef> {
        match self {
            ReminderKind::FavorTile => entry("favor-tiles"),
        }
    }

    pub fn remind(self, text: impl Into<String>) -> Reminder {
        Reminder::new(text, self.entry())
    }
}

impl Cites for RuleError {
    fn rule(&self) -> Option<RuleRef> {
        match self {
            RuleError::Turn(e) => TurnErrorKind::from(e).entry(),
            RuleError::Hero(e) => HeroErrorKind::from(e).entry(),
            RuleError::Challenge(e) => ChallengeErrorKind::from(e).entry(),
            RuleError::Combat(e) => CombatErrorKind::from(e).entry(),
            RuleError::Adventure(e) => AdventureErrorKind::from(e).entry(),
            RuleError::Dome(e) => DomeErrorKind::from(e).entry(),
            RuleError::Physical(e) => PhysicalErrorKind::from(e).entry(),
            RuleError::Setup(e) => SetupErrorKind::from(e).entry(),
            other => RefusalKind::from(other).entry(),
        }
    }
}

/// Every reference Worldspanner can produce, refusals and reminders.
pub fn every_reference() -> Vec<RuleRef> {
    use strum::VariantArray;
    fn all<K: VariantArray + Copy>(entry: fn(K) -> Option<RuleRef>) -> Vec<RuleRef> {
        K::VARIANTS.iter().filter_map(|k| entry(*k)).collect()
    }
    [
        all(TurnErrorKind::entry),
        all(HeroErrorKind::entry),
        all(ChallengeErrorKind::entry),
        all(CombatErrorKind::entry),
        all(AdventureErrorKind::entry),
        all(DomeErrorKind::entry),
        all(PhysicalErrorKind::entry),
        all(SetupErrorKind::entry),
        all(RefusalKind::entry),
        all(Step::entry),
        all(ReminderKind::entry),
    ]
    .concat()
}
