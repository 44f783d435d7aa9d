//! A ready-made setup for a try-out game (and for the tests and benches, which all need one):
//! both teams on the bundled sample deck, numbered heroes, the map's first Faction keys.

use super::deckfile::{DeckFile, SAMPLE_PATH};
use super::game::Setup;
use super::team::{GameLength, HeroEntry, MapDesign};
use super::victory::Faction;

/// The Faction keys a sample setup puts on the map, the first `MapDesign::faction_keys` of
/// them (any keys are allowed; these are simply fixed so a sample game is always the same).
const SAMPLE_FACTIONS: [Faction; 9] = [
    Faction::Lords,
    Faction::Defenders,
    Faction::Villains,
    Faction::Icons,
    Faction::Exemplars,
    Faction::Warriors,
    Faction::Outcasts,
    Faction::Commoners,
    Faction::Adventurers,
];

/// Why a sample setup could not be made: the bundled deck failed its check, or the length is
/// out of range.
#[derive(Debug, thiserror::Error)]
pub enum SampleError {
    #[error(transparent)]
    Deck(#[from] crate::datafile::DataFileError),
    #[error(transparent)]
    Length(#[from] super::RuleError),
}

/// A `team_size`-a-side game of `length` rounds on `map`: Skyhawks "Sky1".. and Psiclones
/// "Psi1".., each with 4 Health and 1 gold, both teams drawing from the bundled sample deck
/// ("White" and "Black"), digitally, shuffled from `seed`.
pub fn setup(map: MapDesign, team_size: u8, length: u8, seed: u64) -> Result<Setup, SampleError> {
    let deck = crate::datafile::parse_bundled(SAMPLE_PATH, DeckFile::parse)?;
    let heroes = |prefix: &str| {
        (1..=team_size)
            .map(|i| HeroEntry {
                gold: 1,
                ..HeroEntry::new(&format!("{prefix}{i}"), 4)
            })
            .collect::<Vec<_>>()
    };
    Ok(Setup {
        map,
        length: GameLength::new(length)?,
        team_size,
        factions: SAMPLE_FACTIONS[..map.faction_keys().min(SAMPLE_FACTIONS.len())].to_vec(),
        heroes: [heroes("Sky"), heroes("Psi")],
        decks: [
            ("White".into(), deck.cards.clone()),
            ("Black".into(), deck.cards),
        ],
        seed,
        physical: [false, false],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sample_setup_starts_a_game_on_every_map_and_team_size() {
        for &map in MapDesign::ALL {
            for &size in map.team_sizes() {
                let s = setup(map, size, 10, 7).unwrap();
                assert_eq!(s.factions.len(), map.faction_keys());
                assert_eq!(s.heroes[1][0].name, "Psi1");
                let started = super::super::Game::new(s);
                assert!(started.is_ok(), "{map:?} {size}: {started:?}");
            }
        }
        assert!(
            setup(MapDesign::Standard, 6, 0, 7).is_err(),
            "no 0-round game"
        );
    }
}
