//! Which rules digest entry (data/rules/furnace-duel.json) each refusal and each setup reminder
//! cites (docs/rules.md, "Rule references"). Exhaustive: a new refusal or reminder names its
//! entry, or none, before it compiles.

use super::boards::BoardId;
use super::error::{CampaignError, CampaignErrorKind};
use crate::doc::Kind;
use crate::rules::{Cites, Reminder, RuleRef};

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

/// The setup reminders of a campaign game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReminderKind {
    /// Who chooses a Capitalist and Start-up pair first (the variant, p. 8).
    CapitalistOrder,
    /// A runner-up bonus won on this board, in force now (p. 10-14).
    RunnerUpBonus(BoardId),
}

impl ReminderKind {
    pub fn entry(self) -> Option<RuleRef> {
        let id = match self {
            ReminderKind::CapitalistOrder => "campaign-capitalist-order",
            ReminderKind::RunnerUpBonus(board) => match board {
                BoardId::Britain => "bonus-britain",
                BoardId::Alps => "bonus-alps",
                BoardId::BalticSea => "bonus-baltic",
                BoardId::TranscontinentalRailroad => "bonus-transcontinental",
                BoardId::Victoria => "bonus-victoria",
                BoardId::NewEngland => "bonus-new-england",
            },
        };
        Some(RuleRef::new(Kind::FurnaceDuel, id))
    }

    /// Every kind, each board's bonus included.
    pub fn all() -> Vec<ReminderKind> {
        std::iter::once(ReminderKind::CapitalistOrder)
            .chain(BoardId::ALL.iter().map(|b| ReminderKind::RunnerUpBonus(*b)))
            .collect()
    }

    pub fn remind(self, text: impl Into<String>) -> Reminder {
        Reminder::new(text, self.entry())
    }
}

/// Every reference the campaign pad can produce, refusals and reminders.
pub fn every_reference() -> Vec<RuleRef> {
    use strum::VariantArray;
    CampaignErrorKind::VARIANTS
        .iter()
        .filter_map(|k| k.entry())
        .chain(ReminderKind::all().into_iter().filter_map(|k| k.entry()))
        .collect()
}
