//! Which rules digest entry (data/rules/army.json) each refusal cites (docs/rules.md, "Rule
//! references"). Exhaustive: a new refusal names its entry, or none, before it compiles.

use super::error::{ArmyError, ArmyErrorKind};
use crate::doc::Kind;
use crate::rules::{Cites, RuleRef};

impl ArmyErrorKind {
    /// The entry a refusal of this kind cites, or none for what no rule decides.
    pub fn entry(self) -> Option<RuleRef> {
        use ArmyErrorKind as K;
        let id = match self {
            K::PlayerCount => "place-army",
            K::SecondGeneral | K::Overspend | K::AlreadyStarted | K::BecomeGeneral => "form-army",
            K::Hidden | K::NotStarted => "secret-army",
            K::GameOver => "victory",
            K::NotYourTurn => "play-order",
            K::Dead | K::NoPromotion => "killing",
            K::AlreadyAttacked | K::PromotionPassed => "turn-basics",
            K::SameSide => "attacking",
            K::AtCap => "promotion-caps",
            K::HealthAtCap => "health-promotion-limit",
            K::GeneralNotAFollower => "general-not-follower",
            K::BadNames
            | K::NoSuchPlayer
            | K::NoSuchFollower
            | K::NotReady
            | K::HealthAboveMax
            | K::CountFull => return None,
        };
        Some(RuleRef::new(Kind::Army, id))
    }
}

impl Cites for ArmyError {
    fn rule(&self) -> Option<RuleRef> {
        ArmyErrorKind::from(self).entry()
    }
}

/// Every reference the army sheets can produce.
pub fn every_reference() -> Vec<RuleRef> {
    use strum::VariantArray;
    ArmyErrorKind::VARIANTS
        .iter()
        .filter_map(|k| k.entry())
        .collect()
}
