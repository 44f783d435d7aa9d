//! Which rules digest entry (data/rules/near-and-far.json) each refusal cites (docs/rules.md,
//! "Rule references"). Exhaustive: a new refusal names its entry, or none, before it compiles.

use super::error::{RefusalKind, RuleError};
use super::scoring::{ScoreError, ScoreErrorKind};
use crate::doc::Kind;
use crate::rules::{Cites, RuleRef};

const fn entry(id: &'static str) -> Option<RuleRef> {
    Some(RuleRef::new(Kind::NearAndFar, id))
}

impl RefusalKind {
    /// The entry a refusal of this kind cites, or none for what no rule decides (a name or
    /// number that points at nothing, the ledger's bookkeeping, a date). `Score` is its
    /// score sheet's own refusal: see [`ScoreErrorKind::entry`].
    pub fn entry(self) -> Option<RuleRef> {
        use RefusalKind as K;
        match self {
            K::PlayerCount
            | K::SessionPlayerCount
            | K::CampaignFull
            | K::TooFewToRetire
            | K::PlayerHasCharacter
            | K::LastRuinWon
            | K::CampaignOver
            | K::AllMapsPlayed
            | K::MapNotNext
            | K::CampaignModeReads => entry("modes"),
            K::CharacterTaken | K::QuestLinesFull | K::FullCardNotEarned | K::FullCardLeftOff => {
                entry("character-cards")
            }
            K::JoinDuringSession => entry("late-start"),
            K::SkipsOwed
            | K::SkipNeedsExtraStories
            | K::SkipOutOfRange
            | K::AlreadySkipped
            | K::SkipsUsed
            | K::SkipBehind => entry("extra-stories"),
            K::FailedQuestRewards
            | K::SpaceOffMap
            | K::TokenUsed
            | K::NoTokenThere
            | K::SpaceNotOnMap
            | K::NoRollOutcome => entry("quests"),
            K::SideQuestPending
            | K::SideQuestNotOnCard
            | K::NoSideQuestsInCharacterMode
            | K::NotASideQuest
            | K::SideQuestNotPending => entry("side-quests"),
            K::CharacterModeReads
            | K::StoryEnded
            | K::QuestsLocked
            | K::WrongNextQuest
            | K::NotOwnLetters
            | K::AnotherCharactersLetters
            | K::NotTheFirstQuest
            | K::ArcadeNotNeeded
            | K::CharacterQuestInCampaignMode
            | K::StoryAlreadyEnded
            | K::ArcadeInCampaignMode
            | K::NextQuestInCampaignMode => entry("character-quests"),
            K::ChoiceLocked | K::ChoiceBypassed | K::KeywordNotHeld => entry("keywords"),
            K::TalentsBetweenSessions
            | K::PoliticsAtTownHall
            | K::TalentTwice
            | K::Overspend
            | K::TalentNotBought
            | K::TalentLeftOff => entry("talents"),
            K::StartingStarFixed
            | K::EmptyLedger
            | K::NoStartingStar
            | K::SecondStartingStar
            | K::BoxesInCharacterMode => entry("experience"),
            K::NoActiveThreat
            | K::ThreatGone
            | K::NeedsBountyHunting
            | K::CardPointsOutOfRange
            | K::NoSuchThreatLevel
            | K::ThreatNamedByRulebook
            | K::ThreatCardsDiffer => entry("threats"),
            // A name's length is the app's bound, not a rule.
            K::ThreatNameLength => None,
            K::BossesOnlyOnLastRuin | K::BossNotInPlay | K::BossAlreadyDefeated => {
                entry("boss-cards")
            }
            K::ScoredTwice => entry("scoring"),
            K::SeatWithoutPlayer
            | K::SeatWithoutCharacter
            | K::UnknownCharacter
            | K::PlayerNamedLikeCharacter
            | K::CharacterNamedLikePlayer
            | K::NobodyPlays
            | K::RetireDuringSession
            | K::AlreadyRetired
            | K::NoSession
            | K::NoSessionToScore
            | K::NoMapForLookup
            | K::SessionInPlay
            | K::RetiredCharacter
            | K::ListedTwice
            | K::SessionBeforeLast
            | K::DateOutsideSession
            | K::NotAtTable
            | K::BossesUnknown
            | K::SpaceDiffers
            | K::QuestNotOnMap
            | K::NotACharacterQuestCode
            | K::ArcadeHasNoChoices
            | K::ChoiceWithoutCode
            | K::ChoiceNotInIndex
            | K::NoSuchChoice
            | K::RewardsDiffer
            | K::NextDiffers
            | K::EndingHasNoNext
            | K::ArcadeRewards
            | K::NoSuchTalent
            | K::NotWrittenByHand
            | K::CorrectionWithoutReason
            | K::NoSuchEntry
            | K::JourneyCorrectionMoves
            | K::EntryIdsOutOfOrder
            | K::CorrectsMissing
            | K::CorrectsLater
            | K::CorrectsCorrection
            | K::CorrectionNeedsReason
            | K::CorrectionOfCorrection
            | K::KindChanged
            | K::JourneyPointsTwice
            | K::JourneyPointsOutOfRange
            | K::JourneyTotalOverflow
            | K::NoSuchBoss
            | K::NoSuchCard
            | K::ScoreSheetMismatch
            | K::ThreatPointsUnknown
            | K::NoScoreLine
            | K::ScoredStranger
            | K::Score
            | K::Invalid => None,
        }
    }
}

impl ScoreErrorKind {
    /// The entry a refused score sheet cites, or none for a count or name that is simply
    /// impossible.
    pub fn entry(self) -> Option<RuleRef> {
        use ScoreErrorKind as K;
        match self {
            K::PlayerCount => entry("modes"),
            K::OffTrack => entry("reputation-points"),
            K::TooManyChiefs | K::ChiefsAcrossPlayers => entry("chiefs"),
            K::ThreatsAcrossPlayers => entry("threats"),
            K::TooManyRoutes
            | K::RoutePoints
            | K::JointAboveSole
            | K::RouteTooLong
            | K::RouteStranger => entry("trade-routes"),
            K::TooManyTreasures => entry("treasures"),
            K::MammothUnanswered | K::MammothOffMap10 => entry("map-rules"),
            K::FullCardOffMap11 => entry("character-cards"),
            K::EmptyName
            | K::SameName
            | K::ArtifactsAcrossPlayers
            | K::TooManyCamps
            | K::NoSuchTalent
            | K::TooManyArtifacts
            | K::ArtifactPoints
            | K::TooManyThreats
            | K::ThreatPoints
            | K::TooMuch
            | K::CardBonuses
            | K::TotalOverflow => None,
        }
    }
}

impl Cites for ScoreError {
    fn rule(&self) -> Option<RuleRef> {
        ScoreErrorKind::from(self).entry()
    }
}

impl Cites for RuleError {
    fn rule(&self) -> Option<RuleRef> {
        match self {
            RuleError::Score(e) => e.rule(),
            other => RefusalKind::from(other).entry(),
        }
    }
}

/// Every reference Near and Far can produce.
pub fn every_reference() -> Vec<RuleRef> {
    use strum::VariantArray;
    RefusalKind::VARIANTS
        .iter()
        .filter_map(|k| k.entry())
        .chain(ScoreErrorKind::VARIANTS.iter().filter_map(|k| k.entry()))
        .collect()
}
