//! Why Near and Far refuses a change: one variant per refusal, carrying the names and numbers
//! that matter, and a message a player understands that names the rule (and page) in the way.
//! The variants are grouped by what they guard: seats, sessions and maps, quests on the card,
//! talents and hand-written rewards, corrections and the ledger, the derived sheet, threats
//! and bosses, and the score sheet (whose own checks are `ScoreError`).

use chrono::NaiveDate;

use super::code::{Keyword, MapNumber, QuestCode};
use super::lookup::Mode;
use super::scoring::{MAX_SESSION_POINTS, MIN_SESSION_POINTS, ScoreError};
use super::threats::ThreatLevel;

mod sheet_at;
mod wording;

pub use sheet_at::{EntryAt, SheetDiff};
use wording::{
    at_prefix, codes_or_none, count_of, joined, keywords, map_order, none_if_empty, numbers,
    points_list,
};

/// A refused change, with the reason in the player's terms.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(RefusalKind), derive(strum::VariantArray))]
pub enum RuleError {
    // Seats and characters (p. 4, 9, 29, 37).
    #[error("Near and Far is played by 2 to 4 players, not {0}")]
    PlayerCount(usize),
    #[error("every seat needs a player name")]
    SeatWithoutPlayer,
    #[error("every seat needs a character")]
    SeatWithoutCharacter,
    #[error("{given:?} is not a Near and Far character ({})", .known.join(", "))]
    UnknownCharacter { given: String, known: Vec<String> },
    #[error("{character} is already in this campaign: each character has one card")]
    CharacterTaken { character: String },
    #[error(
        "{player} already plays a character: a player keeps the same character for the whole campaign (p. 29)"
    )]
    PlayerHasCharacter { player: String },
    #[error(
        "{character} cannot join: {} already play, and a session takes at most 4 players (p. 4); retire one first",
        .playing.join(", ")
    )]
    CampaignFull {
        character: String,
        playing: Vec<String>,
    },
    #[error(
        "{player} cannot sit at the table under that name: {character} is {plays}'s character here, and a name must reach one card; use another name for {player}"
    )]
    PlayerNamedLikeCharacter {
        player: String,
        character: String,
        plays: String,
    },
    #[error(
        "{character} cannot be played here: {player} is already the name of a player (who plays {plays}), and a name must reach one card; choose another character or write that player's name differently"
    )]
    CharacterNamedLikePlayer {
        character: String,
        player: String,
        plays: String,
    },
    #[error("nobody in this campaign plays {name:?}")]
    NobodyPlays { name: String },
    #[error("a new character joins between sessions, not during one")]
    JoinDuringSession,
    #[error("a character retires between sessions, not during one")]
    RetireDuringSession,
    #[error("{character} has already retired")]
    AlreadyRetired { character: String },
    #[error("{character} cannot retire: a campaign needs at least 2 characters to play (p. 4)")]
    TooFewToRetire { character: String },

    // Sessions and the maps between them (p. 9, 29, 38, 39).
    #[error("no session is being played: start one first")]
    NoSession,
    #[error("no session is being played")]
    NoSessionToScore,
    #[error("no session is being played: start one or say which map")]
    NoMapForLookup,
    #[error("a session is still being played: finish it first")]
    SessionInPlay,
    #[error("the campaign is over: The Last Ruin has been won")]
    LastRuinWon,
    #[error("the campaign is over")]
    CampaignOver,
    #[error("every map of the campaign has been played")]
    AllMapsPlayed,
    #[error("{map} cannot be played next: {}; allowed now: {}", map_order(.mode), numbers(.allowed))]
    MapNotNext {
        map: MapNumber,
        mode: Mode,
        allowed: Vec<MapNumber>,
    },
    #[error(
        "Extra Stories skips three maps, seven in all (p. 38): skip {owed} more before playing {map}"
    )]
    SkipsOwed { owed: usize, map: MapNumber },
    #[error("a session needs 2 to 4 players, not {0}")]
    SessionPlayerCount(usize),
    #[error("{character} has retired from this campaign and plays no more sessions")]
    RetiredCharacter { character: String },
    #[error("characters[{at}]: {character} is listed twice, first at characters[{first}]")]
    ListedTwice {
        character: String,
        at: usize,
        first: usize,
    },
    #[error("session {last} began on {began}: a later session cannot be dated {date}, before it")]
    SessionBeforeLast {
        date: NaiveDate,
        last: u32,
        began: NaiveDate,
    },
    #[error(
        "session {session} began on {began}: what happens in it is dated that day or later, not {date}"
    )]
    DateOutsideSession {
        date: NaiveDate,
        session: u32,
        began: NaiveDate,
    },
    #[error("{character} is not at the table this session")]
    NotAtTable { character: String },
    #[error("the boss cards are not known to this campaign: they come from the threats data file")]
    BossesUnknown,
    #[error("maps are skipped only in Campaign Mode with the Extra Stories variant (p. 38)")]
    SkipNeedsExtraStories,
    #[error("{map} cannot be skipped: the campaign runs from Map 2 and ends on Map 11")]
    SkipOutOfRange { map: MapNumber },
    #[error("{map} is already skipped")]
    AlreadySkipped { map: MapNumber },
    #[error("Extra Stories skips exactly {most} maps, and {skipped} are already skipped")]
    SkipsUsed { most: usize, skipped: usize },
    #[error("{map} is already behind the campaign (last played Map {last})")]
    SkipBehind { map: MapNumber, last: u8 },

    // Quests read and written on the card (p. 22-23, 29, 32).
    #[error("a failed quest gives no rewards (p. 22-23)")]
    FailedQuestRewards,
    #[error("{space} is not a quest space of {map} (its spaces are {spaces}): check the number")]
    SpaceOffMap {
        space: QuestCode,
        map: MapNumber,
        spaces: String,
    },
    #[error(
        "the quest token on {space} was already used this session, by {by}: a token goes back to the supply after one attempt (p. 22)"
    )]
    TokenUsed { space: QuestCode, by: String },
    #[error(
        "no quest token was placed on {space} this session: the tokens left are on {} (if your table placed its own tokens, record it with \"tokens_by_hand\": true)",
        codes_or_none(.left)
    )]
    NoTokenThere {
        space: QuestCode,
        left: Vec<QuestCode>,
    },
    #[error(
        "space {space} does not match the quest read, which stands on {read}: leave space out or give the same one"
    )]
    SpaceDiffers { space: QuestCode, read: QuestCode },
    #[error("{code} is not a quest printed on a map space")]
    QuestNotOnMap { code: QuestCode },
    #[error(
        "{space} cannot be printed on a map space: spaces show a number (or a letter on Map 1). Side quests and character quests come from the card, not the map."
    )]
    SpaceNotOnMap { space: QuestCode },
    #[error(
        "{character} has side quest {code} pending: it is read instead of the map quest (p. 23)"
    )]
    SideQuestPending { character: String, code: QuestCode },
    #[error("{code} is not written on {character}'s card")]
    SideQuestNotOnCard { character: String, code: QuestCode },
    #[error(
        "Campaign Mode reads map quests and side quests, not character quests or arcade cards (p. 29)"
    )]
    CampaignModeReads,
    #[error(
        "Character Mode reads the character's own quests instead of map quests and side quests (p. 23)"
    )]
    CharacterModeReads,
    #[error("{character}'s story has ended: quests now use Arcade Mode cards")]
    StoryEnded { character: String },
    #[error(
        "{character}'s last {locked} character quests can only be read on Map 11: use an Arcade Mode card (p. 23)"
    )]
    QuestsLocked { character: String, locked: u8 },
    #[error("{character}'s card says the next character quest is {expected}, not {given}")]
    WrongNextQuest {
        character: String,
        expected: QuestCode,
        given: QuestCode,
    },
    #[error(
        "{code} is not on {character}'s card: {character}'s character quests are {letters} codes (p. 23)"
    )]
    NotOwnLetters {
        character: String,
        code: QuestCode,
        letters: String,
    },
    #[error(
        "{code} is {owner}'s character quest, not {character}'s: each character reads only its own (p. 23)"
    )]
    AnotherCharactersLetters {
        character: String,
        code: QuestCode,
        owner: String,
    },
    #[error(
        "{character}'s card begins with character quest {expected}, not {given}: the first quest read is the one printed on the card (p. 29)"
    )]
    NotTheFirstQuest {
        character: String,
        expected: QuestCode,
        given: QuestCode,
    },
    #[error("{code} is not a character quest code (like R3)")]
    NotACharacterQuestCode { code: QuestCode },
    #[error("an arcade card has no storybook choices: leave \"choice\" out")]
    ArcadeHasNoChoices,
    #[error(
        "{character}'s next character quest code is not known: give it as read.code to name a choice"
    )]
    ChoiceWithoutCode { character: String },
    #[error(
        "quest {code} is not in your storybook index: give its rewards instead of a choice, or add the entry first (index add)"
    )]
    ChoiceNotInIndex { code: QuestCode },
    #[error(
        "quest {code} has {} in your index (choices[0] to choices[{}]): there is no choices[{choice}]",
        count_of(*.count, "choice", "choices"),
        .count.saturating_sub(1)
    )]
    NoSuchChoice {
        code: QuestCode,
        choice: usize,
        count: usize,
    },
    #[error(
        "choices[{choice}] ({label}) of quest {code} is locked: {character} does not hold {} (p. 35)",
        keywords(.missing)
    )]
    ChoiceLocked {
        character: String,
        code: QuestCode,
        choice: usize,
        label: String,
        missing: Vec<Keyword>,
    },
    #[error(
        "{character}'s keywords force {} of quest {code}, so choices[{choice}] ({label}) is not read (p. 35)",
        .forced.join(" or ")
    )]
    ChoiceBypassed {
        character: String,
        code: QuestCode,
        choice: usize,
        label: String,
        forced: Vec<String>,
    },
    #[error(
        "choices[{choice}] ({label}) of quest {code}{} has no roll, so it cannot end as {outcome}: it simply happens, record it as a success (p. 21-22)",
        if *.forced { ", forced by the keywords," } else { "" }
    )]
    NoRollOutcome {
        code: QuestCode,
        choice: usize,
        label: String,
        outcome: &'static str,
        forced: bool,
    },
    #[error(
        "the rewards given ({given}) are not what your index gives choices[{choice}] of quest {code} for this outcome ({index}): leave rewards out to take the index's"
    )]
    RewardsDiffer {
        code: QuestCode,
        choice: usize,
        given: String,
        index: String,
    },
    #[error(
        "choices[{choice}] of quest {code} leads to {index} in your index, not {given}: leave next out to take the index's"
    )]
    NextDiffers {
        code: QuestCode,
        choice: usize,
        given: QuestCode,
        index: QuestCode,
    },
    #[error("an ending has no next quest")]
    EndingHasNoNext,
    #[error(
        "{character} can still read a character quest: arcade cards only replace locked ones (p. 23)"
    )]
    ArcadeNotNeeded { character: String },
    #[error("an arcade card's rewards stay at the table: nothing goes on the character card")]
    ArcadeRewards,

    // Talents (p. 13), keywords and side quests written by hand (p. 32).
    #[error("there is no talent called {name:?}")]
    NoSuchTalent { name: String },
    #[error(
        "talents are bought after a game and before the next one starts (p. 13); only Politics allows buying mid-game"
    )]
    TalentsBetweenSessions,
    #[error("with Politics, talents are bought mid-game when visiting the Town Hall")]
    PoliticsAtTownHall,
    #[error("Character Mode ignores side quests (p. 32)")]
    NoSideQuestsInCharacterMode,
    #[error("\"{what}\" is not written by hand: use its own action")]
    NotWrittenByHand { what: String },

    // Corrections and the ledger's own order.
    #[error("say why the entry is corrected")]
    CorrectionWithoutReason,
    #[error("{character} has no ledger entry {entry}")]
    NoSuchEntry { character: String, entry: u32 },
    #[error("a journey points correction keeps its session and map; change only the points")]
    JourneyCorrectionMoves,
    #[error("ledger entry {position}: ids must increase (found {id} after {last})")]
    EntryIdsOutOfOrder { position: usize, id: u32, last: u32 },
    #[error("ledger entry {entry}: corrects entry {corrects}, which does not exist")]
    CorrectsMissing { entry: u32, corrects: u32 },
    #[error("ledger entry {entry}: a correction can only fix an earlier entry")]
    CorrectsLater { entry: u32 },
    #[error(
        "ledger entry {entry}: correct the original entry {corrects} points at, not the correction"
    )]
    CorrectsCorrection { entry: u32, corrects: u32 },
    #[error("ledger entry {entry}: a correction needs a reason")]
    CorrectionNeedsReason { entry: u32 },
    #[error("ledger entry {entry}: a correction cannot be replaced by another correction")]
    CorrectionOfCorrection { entry: u32 },
    #[error(
        "ledger entry {entry}: a correction must keep the kind of entry: \"{from}\" cannot become \"{to}\" (strike it out and add the right entry instead)"
    )]
    KindChanged {
        entry: u32,
        from: String,
        to: String,
    },
    #[error(
        "ledger entry {entry}: the starting star cannot be corrected: every card starts with it"
    )]
    StartingStarFixed { entry: u32 },

    // The sheet derived from the ledger: experience, talents, keywords, side quests, journey
    // points (p. 13, 23, 31-32).
    #[error("{character}'s ledger is empty: a card begins with its starting star")]
    EmptyLedger { character: String },
    #[error("{at}: a card begins with its starting star")]
    NoStartingStar { at: EntryAt },
    #[error("{at}: a card has only one starting star")]
    SecondStartingStar { at: EntryAt },
    #[error(
        "{at}: encounter boxes are kept in Campaign Mode only (Character Mode ignores them, p. 32)"
    )]
    BoxesInCharacterMode { at: EntryAt },
    #[error("{at}: character quests are read in Character Mode only")]
    CharacterQuestInCampaignMode { at: EntryAt },
    #[error("{at}: the story already ended")]
    StoryAlreadyEnded { at: EntryAt },
    #[error("{at}: the card has only {lines} quest lines")]
    QuestLinesFull { at: EntryAt, lines: u8 },
    #[error("{at}: arcade cards replace character quests in Character Mode only")]
    ArcadeInCampaignMode { at: EntryAt },
    #[error("{at}: character quest codes are kept in Character Mode only")]
    NextQuestInCampaignMode { at: EntryAt },
    #[error("{at}: {} already has {talent}", .at.character)]
    TalentTwice { at: EntryAt, talent: String },
    #[error(
        "{at}: {talent} costs {cost} experience but only {available} is available (spent experience is gone, p. 13)"
    )]
    Overspend {
        at: EntryAt,
        talent: String,
        cost: u8,
        available: i32,
    },
    #[error("{at}: {} does not hold {keyword}", .at.character)]
    KeywordNotHeld { at: EntryAt, keyword: Keyword },
    #[error("{at}: {code} is not a side quest (they are Q numbers)")]
    NotASideQuest { at: EntryAt, code: QuestCode },
    #[error("{at}: {code} is not pending on the card")]
    SideQuestNotPending { at: EntryAt, code: QuestCode },
    #[error("{at}: session {session} already has its journey points")]
    JourneyPointsTwice { at: EntryAt, session: u32 },
    #[error(
        "{at}: {points} journey points is beyond what one session's score sheet can add up to ({MIN_SESSION_POINTS} to {MAX_SESSION_POINTS})"
    )]
    JourneyPointsOutOfRange { at: EntryAt, points: i32 },
    #[error("{character}'s journey points no longer add up to a number the card can hold")]
    JourneyTotalOverflow { character: String },

    // Threats and bosses (p. 13, 20, 39), and the journey points their cards show.
    #[error("every threat card has been defeated: there is no active threat")]
    NoActiveThreat,
    #[error("the level {} threat is no longer in the deck", .level.get())]
    ThreatGone { level: ThreatLevel },
    #[error(
        "only the top card (level {}) can be fought; fighting the level {} threat needs the Bounty Hunting talent",
        .top.get(),
        .level.get()
    )]
    NeedsBountyHunting {
        top: ThreatLevel,
        level: ThreatLevel,
    },
    #[error("boss cards are in play on Map 11 only (p. 39)")]
    BossesOnlyOnLastRuin,
    #[error("{name} is not in play with this many players")]
    BossNotInPlay { name: String },
    #[error("{name} is already defeated")]
    BossAlreadyDefeated { name: String },
    #[error("there is no boss called {name:?}")]
    NoSuchBoss { name: String },
    #[error("{points} journey points: no card in the box shows that (0 to {most})")]
    CardPointsOutOfRange { points: i32, most: i32 },
    #[error("threat cards run from level 4 to 15, not {level}")]
    NoSuchThreatLevel { level: u8 },
    #[error("a threat card's name is 1 to {most} letters, as printed on the card")]
    ThreatNameLength { most: usize },
    #[error("the rulebook names the level 4 threat card Bandit (p. 20): that name stays")]
    ThreatNamedByRulebook,
    #[error("{card:?} is neither a threat level (4 to 15) nor a boss card of this campaign")]
    NoSuchCard { card: String },

    // The end of a session (p. 28, 31, 39).
    #[error(
        "this score sheet belongs to another game than session {session} ({map}): {}",
        joined(.differences)
    )]
    ScoreSheetMismatch {
        session: u32,
        map: MapNumber,
        differences: Vec<SheetDiff>,
    },
    #[error(
        "the score sheet gives {character} the talent {talent}, but the card shows it never bought it (bought: {}; p. 13)",
        none_if_empty(.bought)
    )]
    TalentNotBought {
        character: String,
        talent: String,
        bought: Vec<String>,
    },
    #[error(
        "the score sheet leaves off {character}'s talent {talent}, which the card shows bought (bought: {}; p. 13)",
        none_if_empty(.bought)
    )]
    TalentLeftOff {
        character: String,
        talent: String,
        bought: Vec<String>,
    },
    #[error(
        "the score sheet lists threat cards worth [{}] for {character}, but this session's records show {character} took {} (p. 20, 28)",
        points_list(.sheet),
        none_if_empty(.taken)
    )]
    ThreatCardsDiffer {
        character: String,
        sheet: Vec<i32>,
        /// Each card taken, as "level 7 (3 points)" or "level 7 (points not known)".
        taken: Vec<String>,
    },
    #[error(
        "{character} took {}, whose journey points this campaign does not know: list the points on the score sheet (threats) or enter that card's points once for the campaign",
        .cards.join(", ")
    )]
    ThreatPointsUnknown {
        character: String,
        cards: Vec<String>,
    },
    #[error(
        "the score sheet claims the full-card bonus for {character}, but the card has {filled} of {total} {what} (p. 31-32)"
    )]
    FullCardNotEarned {
        character: String,
        filled: u16,
        total: u16,
        what: &'static str,
    },
    #[error(
        "the score sheet leaves off {character}'s full-card bonus, but the card has all {total} {what} (p. 31-32)"
    )]
    FullCardLeftOff {
        character: String,
        total: u16,
        what: &'static str,
    },
    #[error(
        "players[{at}] ({name}) and players[{first}] ({first_name}) are the same person: {player} plays {character}, and each player has one line on the score sheet (p. 28)"
    )]
    ScoredTwice {
        character: String,
        player: String,
        at: usize,
        name: String,
        first: usize,
        first_name: String,
    },
    #[error("the scores have no line for {character} ({player})")]
    NoScoreLine { character: String, player: String },
    #[error("{name} was not at the table this session")]
    ScoredStranger { name: String },
    /// The score sheet's own checks (what was typed, naming the player and field).
    #[error(transparent)]
    Score(#[from] ScoreError),

    /// A check on data the table supplies whole (the box's cards kept with a campaign),
    /// worded where it is made: `at` is the field path, empty for the whole.
    #[error("{}{problem}", at_prefix(.at))]
    Invalid { at: String, problem: String },
}

impl From<crate::doc::Invalid> for RuleError {
    fn from(i: crate::doc::Invalid) -> RuleError {
        RuleError::Invalid {
            at: i.at,
            problem: i.problem,
        }
    }
}

pub type RuleResult<T> = Result<T, RuleError>;
