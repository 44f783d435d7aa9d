//! Which rules digest entry (data/rules/near-and-far.json) each refusal and each reminder
//! cites (docs/rules.md, "Rule references"). Exhaustive: a new refusal or reminder names its
//! entry, or none, before it compiles.

use super::error::{RefusalKind, RuleError};
use super::scoring::{ScoreError, ScoreErrorKind};
use crate::doc::Kind;
use crate::rules::{Cites, Reminder, RuleRef};

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

/// The reminders Near and Far gives a table setting up a session (a map's, and the session's
/// own from the campaign's records).
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::VariantArray)]
pub enum ReminderKind {
    /// How many quest tokens go on the map (setup step 3).
    QuestTokens,
    /// The named spaces of a first pass: from fan sources, no rule of the book.
    NamedSpaces,
    /// A map's special rule (p. 39).
    SpecialRule,
    /// The Last Ruin's boss cards (p. 39).
    BossCards,
    /// The Long Game variant's extra camps.
    LongGame,
    /// Two players: an unplayed character on the Town Hall (setup step 8).
    TownHallDuel,
    /// A talent that acts at the start of every session (p. 13).
    StartTalent,
    /// Last place may take the platypus (p. 37).
    Platypus,
    /// Choose the first player (setup step 5).
    FirstPlayer,
    /// A new character's introduction in Character Mode (setup step 4).
    NewCharacter,
}

impl ReminderKind {
    pub fn entry(self) -> Option<RuleRef> {
        use ReminderKind as K;
        match self {
            K::QuestTokens | K::TownHallDuel | K::FirstPlayer | K::NewCharacter => {
                entry("session-setup")
            }
            K::SpecialRule => entry("map-rules"),
            K::BossCards => entry("boss-cards"),
            K::LongGame => entry("long-game"),
            K::StartTalent => entry("talents"),
            K::Platypus => entry("platypus"),
            K::NamedSpaces => None,
        }
    }

    pub fn remind(self, text: impl Into<String>) -> Reminder {
        Reminder::new(text, self.entry())
    }
}

/// Every reference Near and Far can produce, refusals and reminders.
pub fn every_reference() -> Vec<RuleRef> {
    use strum::VariantArray;
    RefusalKind::VARIANTS
        .iter()
        .filter_map(|k| k.entry())
        .chain(ScoreErrorKind::VARIANTS.iter().filter_map(|k| k.entry()))
        .chain(ReminderKind::VARIANTS.iter().filter_map(|k| k.entry()))
        .collect()
}
