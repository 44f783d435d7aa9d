//! Why the engine refuses an action: each message says which rule forbids it, in words a
//! player understands, with the rulebook section in brackets.

use super::square::Square;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(RefusalKind), derive(strum::VariantArray))]
pub enum RuleError {
    #[error("the game is over: {0}")]
    GameOver(String),
    #[error("answer the question first: {0}")]
    AnswerFirst(String),
    #[error("the enemies are taking their turn: run it to the end first")]
    EnemyTurn,
    #[error("this can only happen during the enemies' turn")]
    NotEnemyTurn,
    #[error("the last action is still being resolved: run it to the end first")]
    Resolving,
    #[error("there is nothing to resolve: it is your turn")]
    NothingToResolve,
    #[error("there is no question to answer")]
    NoQuestion,
    #[error("there is no option {0} (the options are numbered from 0)")]
    NoSuchOption(usize),
    #[error("there is no option {option}: the options are numbered 1 to {count}")]
    NoSuchAnswer { option: usize, count: usize },
    #[error("there is no unit #{0} on the board")]
    NoSuchUnit(u32),
    #[error("there is no unit type {0:?} in the units file")]
    NoSuchKind(String),
    #[error("{0} is not your unit")]
    NotYours(String),
    #[error("{0} is not an enemy unit")]
    NotEnemy(String),
    #[error(
        "{0} carries a new unit token: units cannot move or attack the turn they are recruited (UNITS)"
    )]
    NewUnit(String),
    #[error("{0} has attacked this turn: units cannot move after attacking (GAMEPLAY)")]
    MoveAfterAttack(String),
    #[error(
        "{name} cannot get to {to}: a unit moves up to 2 spaces per turn ({left} left), not diagonally, not through walls or other units (COMBAT; CASTLES)"
    )]
    Unreachable { name: String, to: Square, left: u8 },
    #[error("{0} is a space of {1}: units may not enter another player's castle (CASTLES)")]
    EnemyCastle(Square, &'static str),
    #[error("{0} is taken: a space holds one unit (UNITS)")]
    Occupied(Square),
    #[error("{0} is not a square of the board")]
    OffBoard(Square),
    #[error("{name} has made its {per_turn} attack(s) this turn (COMBAT; INDEX)")]
    NoAttacksLeft { name: String, per_turn: u8 },
    #[error("{attacker} cannot reach {target}: {why} (COMBAT; INDEX)")]
    OutOfReach {
        attacker: String,
        target: String,
        /// What is in the way: a wall, a unit, a castle space, or distance.
        why: String,
    },
    #[error("{0} has 'no attacking new units' and {1} carries a new unit token (INDEX)")]
    NewTarget(String, String),
    #[error("{0} is not next to {1}: a unit attacks a castle from a square beside it (COMBAT)")]
    NotNextToCastle(String, &'static str),
    #[error("{0} is already destroyed")]
    CastleDestroyed(&'static str),
    #[error("that is your own castle")]
    OwnCastle,
    #[error(
        "{0} is not a space of your castle: a recruit goes on an open space of your castle (WORKERS: Recruit)"
    )]
    NotYourCastle(Square),
    #[error("you have 6 units in play, the most allowed (UNITS)")]
    TooManyUnits,
    #[error("all {copies} copies of {name} are already in play (CARD TYPES)")]
    NoCopies { name: String, copies: u8 },
    #[error(
        "your {workers} worker(s) have each taken their action this turn: each worker takes one action a turn (WORKERS; GAMEPLAY)"
    )]
    NoWorkerLeft { workers: u8 },
    #[error("{what} costs {cost} gold and you have {gold} (WORKERS; CARD TYPES)")]
    CannotPay { what: String, cost: u32, gold: u32 },
    #[error(
        "{name} is not face up in the {market} market nor in your research: you buy from the three face-up cards or your research (CARD TYPES; WORKERS: Research)"
    )]
    NotForSale { name: String, market: &'static str },
    #[error(
        "you would hold 7 items: you may hold 5, and a sixth must be used at once (ITEMS): buy one, use one, then buy again"
    )]
    TooManyItems,
    #[error(
        "you have 7 buildings, the most allowed (under construction included): discard one before building another (BUILDINGS)"
    )]
    TooManyBuildings,
    #[error(
        "you have {held} building(s): a building is discarded only to make room, with 7, the most allowed (BUILDINGS)"
    )]
    DiscardBelowLimit { held: usize },
    #[error("you have no building called {0} (BUILDINGS)")]
    NoSuchBuilding(String),
    #[error("2 buildings are under construction, the most at a time (BUILDINGS)")]
    TooManyUnderConstruction,
    #[error(
        "{0} has no turn counters to remove: develop a building or upgraded worker under construction (WORKERS: Develop)"
    )]
    NothingToDevelop(String),
    #[error("the {0} deck is empty")]
    DeckEmpty(&'static str),
    #[error(
        "with the physical unit deck, research units at the table: the app does not see those cards (WORKERS: Research)"
    )]
    PhysicalResearch,
    #[error("you hold no item called {0} (ITEMS)")]
    NoSuchItem(String),
    #[error("{0} is used on one of your units: name the unit (INDEX)")]
    ItemNeedsUnit(String),
    #[error("{0}")]
    BadValue(String),
    #[error(
        "{name}'s power may be used {uses} time(s) a turn and is used up this turn (LEADERS; your leaders file)"
    )]
    LeaderPowerUsed { name: String, uses: u8 },
}
