//! Why the army sheets refuse an entry: each message names the rule (rulebook sections: Setup,
//! Attacking, Promoting, Resource Cards, Victory Conditions).

/// A refused army-sheet entry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(ArmyErrorKind), derive(strum::VariantArray))]
pub enum ArmyError {
    #[error(
        "the game is for two or four generals (the book has starting squares for 2 or 4), not {0}"
    )]
    PlayerCount(usize),
    #[error(
        "every player needs a name of at most {} characters, and the names must differ",
        crate::doc::MAX_NAME_CHARS
    )]
    BadNames,
    #[error("there is no player number {0}")]
    NoSuchPlayer(usize),
    #[error("{player} has no follower number {index}")]
    NoSuchFollower { player: String, index: usize },
    #[error("{player}'s army already has its General: each army has exactly one (Setup, Step 1)")]
    SecondGeneral { player: String },
    #[error(
        "a {kind} costs {cost} Follower Points but {player} has only {left} of {budget} left (Setup, Step 1)"
    )]
    Overspend {
        player: String,
        kind: String,
        cost: u32,
        left: u32,
        budget: u32,
    },
    #[error(
        "{player}'s army is hidden: show it before changing it (armies are written down in secret)"
    )]
    Hidden { player: String },
    #[error("{player}'s army is not ready: {problem}")]
    NotReady { player: String, problem: String },
    #[error("armies can only change before the game starts")]
    AlreadyStarted,
    #[error("the game has not started yet: finish and reveal the armies first")]
    NotStarted,
    #[error("the game is over: {0}")]
    GameOver(String),
    #[error("it is {current}'s turn, not {player}'s")]
    NotYourTurn { current: String, player: String },
    #[error("{name} has been killed")]
    Dead { name: String },
    #[error(
        "{name} already attacked this turn: each follower attacks at most once per turn (Turn Basics)"
    )]
    AlreadyAttacked { name: String },
    #[error(
        "{name} cannot attack its own side: followers attack another player's followers (Attacking)"
    )]
    SameSide { name: String },
    #[error(
        "{name} has no promotion to spend: promotions are earned by killing in an attack (Promoting)"
    )]
    NoPromotion { name: String },
    #[error(
        "{name}'s promotion was not taken in its step and is lost: promoting is step 4 of the follower's own activation, before another follower is chosen or the turn ends (Turn Basics)"
    )]
    PromotionPassed { name: String },
    #[error("{name}'s {stat} is already {value}, the most a promotion allows is {max} (Promoting)")]
    AtCap {
        name: String,
        stat: &'static str,
        value: u8,
        max: u8,
    },
    #[error(
        "{name}'s maximum health is already {value}: a Health promotion cannot heal damage past the 6 cap (Promoting: the Tank example)"
    )]
    HealthAtCap { name: String, value: u8 },
    #[error("current health {health} cannot exceed maximum health {max}")]
    HealthAboveMax { health: u8, max: u8 },
    #[error(
        "resource cards do not act on the General unless the card says so (Resource Cards); enter the change by hand"
    )]
    GeneralNotAFollower,
    #[error("a follower cannot become a General: each army has exactly one")]
    BecomeGeneral,
    #[error("{name}'s {what} already stands at {value}, the most the sheet can count")]
    CountFull {
        name: String,
        what: &'static str,
        value: u32,
    },
}
