//! Which rules digest entry (data/rules/furnace-duel.json) each refusal cites (docs/rules.md,
//! "Rule references"). Exhaustive: a new refusal names its entry, or none, before it compiles.

use super::error::{CampaignError, CampaignErrorKind};
use crate::doc::Kind;
use crate::rules::{Cites, RuleRef};

impl CampaignErrorKind {
    /// The entry a refusal of this kind cites, or none for what no rule decides.
    pub fn entry(self) -> Option<RuleRef> {
        use CampaignErrorKind as K;
        let id = match self {
            K::GameNotFinished | K::CampaignOver | K::BoardAlreadyPlayed => "campaign-six-games",
            K::NoSpecialAchievement | K::BoardAchievementTaken => "board-special-achievement",
            K::GeneralAlreadyScored | K::ConditionNotMet | K::ResultBreaksClaim => {
                "general-achievements"
            }
            K::BonusNotHeld | K::BonusAlwaysOn | K::BonusAlreadyUsed => "campaign-runner-up-bonus",
            K::TokenDisagrees | K::TokenNeeded => "game-end-tie-breaks",
            K::BadPlayers
            | K::MissingBoard
            | K::BoardAchievementNotClaimed
            | K::GeneralNotClaimed
            | K::BonusNotUsed
            | K::SumTooLarge
            | K::ResultAlreadyIn => return None,
        };
        Some(RuleRef::new(Kind::FurnaceDuel, id))
    }
}

impl Cites for CampaignError {
    fn rule(&self) -> Option<RuleRef> {
        CampaignErrorKind::from(self).entry()
    }
}

/// Every reference the campaign pad can produce.
pub fn every_reference() -> Vec<RuleRef> {
    use strum::VariantArray;
    CampaignErrorKind::VARIANTS
        .iter()
        .filter_map(|k| k.entry())
        .collect()
}
