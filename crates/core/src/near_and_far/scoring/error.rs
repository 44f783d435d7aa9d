//! Why a score sheet is refused: one variant per check on what the players typed, naming the
//! player (or trade route) and the field, and the rule or box limit it breaks (p. 14, 28,
//! 31-32, 34, 39).

use std::fmt;

use super::compute::{
    MAX_ARTIFACT_CARDS, MAX_ARTIFACT_POINTS, MAX_CARD_BONUSES, MAX_CHIEFS, MAX_MONEY,
    MAX_ROUTE_POINTS, MAX_THREAT_CARDS, MAX_THREAT_POINTS, MAX_TRADE_ROUTES,
};

/// A line of the score sheet: "players[1] (Vera)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerAt {
    pub index: usize,
    pub name: String,
}

impl fmt::Display for PlayerAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "players[{}] ({})", self.index, self.name)
    }
}

/// A trade route of the score sheet: "trade_routes[0] (Salt Road)".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RouteAt {
    pub index: usize,
    pub name: String,
}

impl fmt::Display for RouteAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "trade_routes[{}] ({})", self.index, self.name)
    }
}

/// A refused score sheet.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(ScoreErrorKind), derive(strum::VariantArray))]
pub enum ScoreError {
    #[error("players: Near and Far is played by 2 to 4 players, this has {0}")]
    PlayerCount(usize),
    #[error("players[{index}]: name is empty")]
    EmptyName { index: usize },
    #[error("{at}: two players have this name, the first at players[{first}]")]
    SameName { at: PlayerAt, first: usize },
    #[error("{at}: reputation {reputation} is off the track (-6 to 12, p. 14)")]
    OffTrack { at: PlayerAt, reputation: i8 },
    #[error("{at}: there are only {MAX_CHIEFS} chiefs")]
    TooManyChiefs { at: PlayerAt },
    #[error(
        "players: {chiefs} chiefs in all, but the box has only {MAX_CHIEFS} for the whole table"
    )]
    ChiefsAcrossPlayers { chiefs: u32 },
    #[error(
        "players: {cards} artifact cards in all (bought and left in hand), but the box holds only {MAX_ARTIFACT_CARDS} for the whole table"
    )]
    ArtifactsAcrossPlayers { cards: usize },
    #[error(
        "players: {cards} threat and boss cards in all, but one deck holds only {MAX_THREAT_CARDS} (12 threats and 4 bosses, p. 8, 39)"
    )]
    ThreatsAcrossPlayers { cards: usize },
    #[error("trade_routes: {routes} trade routes, but a map shows only {MAX_TRADE_ROUTES} (p. 25)")]
    TooManyRoutes { routes: usize },
    #[error("{at}: no map prints {sole} points for a trade route (at most {MAX_ROUTE_POINTS})")]
    RoutePoints { at: RouteAt, sole: u8 },
    #[error("{at}: nobody owns more than 3 treasure cards (p. 34)")]
    TooManyTreasures { at: PlayerAt },
    #[error("{at}: {camps} camps is more than a game can hold")]
    TooManyCamps { at: PlayerAt, camps: u8 },
    #[error(
        "{at}: on Map 10 say whether this player built a camp on a mammoth space (mammoth_camp)"
    )]
    MammothUnanswered { at: PlayerAt },
    #[error("{at}: mammoth_camp only applies on Map 10")]
    MammothOffMap10 { at: PlayerAt },
    #[error("{at}: the full-card bonus is scored on Map 11 only (p. 31-32)")]
    FullCardOffMap11 { at: PlayerAt },
    #[error("{at}: there is no talent called {talent:?}")]
    NoSuchTalent { at: PlayerAt, talent: String },
    #[error("{at}: artifacts: the box holds {MAX_ARTIFACT_CARDS} artifact cards")]
    TooManyArtifacts { at: PlayerAt },
    #[error(
        "{at}: artifacts: no artifact card shows {points} journey points (0 to {MAX_ARTIFACT_POINTS})"
    )]
    ArtifactPoints { at: PlayerAt, points: i32 },
    #[error("{at}: threats: there are {MAX_THREAT_CARDS} threat and boss cards")]
    TooManyThreats { at: PlayerAt },
    #[error(
        "{at}: threats: no threat card shows {points} journey points (0 to {MAX_THREAT_POINTS})"
    )]
    ThreatPoints { at: PlayerAt, points: i32 },
    #[error("{at}: {field}: {amount} is more than a game can hold (at most {MAX_MONEY})")]
    TooMuch {
        at: PlayerAt,
        field: &'static str,
        amount: u32,
    },
    #[error(
        "{at}: card_bonuses: {bonuses} is beyond what cards can give (-{MAX_CARD_BONUSES} to {MAX_CARD_BONUSES})"
    )]
    CardBonuses { at: PlayerAt, bonuses: i32 },
    #[error(
        "{at}: the joint value ({joint}) is the smaller number on the map, not larger than the sole value ({sole})"
    )]
    JointAboveSole { at: RouteAt, joint: u8, sole: u8 },
    #[error("{name}: the total does not fit in a score")]
    TotalOverflow { name: String },
    #[error("{at}: a trade route has only 2 spaces")]
    RouteTooLong { at: RouteAt },
    #[error("{at}: {camp:?} is not one of the players")]
    RouteStranger { at: RouteAt, camp: String },
}
