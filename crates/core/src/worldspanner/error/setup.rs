//! Refusals about a game's setup: map and team sizes, Faction keys, heroes and decks (SETUP,
//! p. 3-4; Set 2 map designs; Game length).

use crate::worldspanner::deckfile::DECK_SIZE;
use crate::worldspanner::library::Skill;
use crate::worldspanner::team::{MAX_HEALTH, MapDesign, TeamSide};
use crate::worldspanner::victory::Faction;

/// A setup the rules do not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, strum::EnumDiscriminants)]
#[strum_discriminants(name(SetupErrorKind), derive(strum::VariantArray))]
pub enum SetupError {
    #[error(
        "the {} map is made for teams of {:?} heroes, not {size} (Setup; Set 2 map designs)",
        .map.name(),
        .map.team_sizes()
    )]
    MapTeamSize { map: MapDesign, size: u8 },
    #[error("the {} map has {} Faction keys; {given} were given", .map.name(), .map.faction_keys())]
    KeyCount { map: MapDesign, given: usize },
    /// `at` and `first` count from 0, as `factions[i]` in the setup.
    #[error(
        "factions[{at}]: {} is on the map twice, first at factions[{first}]: each Faction key is unique",
        .faction.key_name()
    )]
    KeyTwice {
        faction: Faction,
        at: usize,
        first: usize,
    },
    /// `first` and `again` count from 1, as the hero list shows them.
    #[error(
        "{team}: two heroes are called {name} (heroes {first} and {again}); give them distinct names"
    )]
    HeroNameTwice {
        team: TeamSide,
        name: String,
        first: usize,
        again: usize,
    },
    #[error("{team} have {heroes} heroes; both teams play {size}")]
    TeamSize {
        team: TeamSide,
        heroes: usize,
        size: u8,
    },
    #[error("the {team} challenge deck has {cards} cards, not {}", DECK_SIZE)]
    DeckSize { team: TeamSide, cards: usize },
    #[error("two teams expected")]
    TwoTeams,
    #[error(
        "a game lasts 8 (intro), 10 (average) or 12 (expert) rounds, not {rounds} (Setup, Game length)"
    )]
    GameLength { rounds: u8 },
    #[error(transparent)]
    HeroCard(#[from] HeroCardError),
    #[error("every hero needs a name")]
    HeroUnnamed,
    #[error("{hero}: Health {health} is out of range (1 to {})", MAX_HEALTH)]
    Health { hero: String, health: u8 },
    /// A deck swapped in during the game (Action::ReplaceDeck).
    #[error("{name} has {cards} cards; a challenge deck has {}", DECK_SIZE)]
    ReplacementSize { name: String, cards: usize },
}

/// A hero card outside the book's ranges (the hero library and the hero editor); the text
/// names the hero and the field.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HeroCardError {
    #[error("name: every hero card has a name")]
    Unnamed,
    #[error("{hero}: Health {health} is out of range (1 to {})", MAX_HEALTH)]
    Health { hero: String, health: u8 },
    #[error("{hero}: {skill} {value} is out of range (0 to {})", .skill.max())]
    Rating {
        hero: String,
        skill: Skill,
        value: u8,
    },
    #[error("{hero}: natures: a hero has one or two Natures, not {count}")]
    Natures { hero: String, count: usize },
    /// The two opposing factions must differ and differ from the hero's own.
    #[error("{hero}: opposing: two factions other than the hero's own ({})", .faction.name())]
    Opposing { hero: String, faction: Faction },
}
