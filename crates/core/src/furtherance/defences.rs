//! Your buildings in the enemy turn (BUILDINGS; COMBAT: Attacking Castles; INDEX): Walls and a
//! Fortification must take the hits on your castle and fall when the INDEX says; Catapults
//! and Guard towers strike the attacker; a destroyed building may be researched for 2 gold.

use super::agenda::Task;
use super::cards::{CardKind, Effect};
use super::kingdom::{CardRef, Market};
use super::state::Game;

impl Game {
    fn building_effect(&self, i: usize) -> Option<Effect> {
        let b = self.kingdom.buildings.get(i)?;
        self.cards.card(CardKind::Building, b.card)?.effect
    }

    /// The finished Walls or Fortification that must take a hit on your castle (INDEX), if
    /// you have one: Walls first.
    pub(crate) fn wall(&self) -> Option<usize> {
        let finished = |e: Effect| {
            (0..self.kingdom.buildings.len()).find(|i| {
                self.kingdom.buildings[*i].counters == 0 && self.building_effect(*i) == Some(e)
            })
        };
        finished(Effect::Walls).or_else(|| finished(Effect::Fortification))
    }

    /// Extra damage your finished Catapults and Guard towers deal to a unit attacking your
    /// castle: 1 each (sample card text: data/furtherance/buildings.json).
    pub(crate) fn tower_strikes(&self) -> u8 {
        let n = (0..self.kingdom.buildings.len())
            .filter(|i| {
                self.kingdom.buildings[*i].counters == 0
                    && matches!(
                        self.building_effect(*i),
                        Some(Effect::Catapult | Effect::GuardTower)
                    )
            })
            .count();
        u8::try_from(n).unwrap_or(u8::MAX)
    }

    /// Puts 1 damage on the building that takes the hit: the wall that must, else your
    /// first building (under construction included). A building destroyed leaves the
    /// kingdom: Walls at 5 damage, a Fortification with more damage than you have buildings,
    /// any other at its hits (BUILDINGS; INDEX); you are asked whether to research it.
    /// Returns how it stands, or `None` when the kingdom keeps no building (an old save).
    pub(crate) fn damage_building(&mut self) -> Option<String> {
        let i = self
            .wall()
            .or_else(|| (!self.kingdom.buildings.is_empty()).then_some(0))?;
        let count = self.kingdom.buildings.len();
        let effect = self.building_effect(i);
        let b = &mut self.kingdom.buildings[i];
        b.damage = b.damage.saturating_add(1);
        let (card, damage) = (b.card, b.damage);
        let hits = self
            .cards
            .card(CardKind::Building, card)
            .map_or(1, |c| c.hits);
        let destroyed = match effect {
            Some(Effect::Fortification) => usize::from(damage) > count,
            _ => damage >= hits,
        };
        let name = self.cards.name(CardKind::Building, card);
        if !destroyed {
            return Some(match effect {
                Some(Effect::Fortification) => format!(
                    "your {name} ({damage} damage; it falls with more damage than your {count} building(s))"
                ),
                _ => format!("your {name} ({damage} of {hits} damage)"),
            });
        }
        self.kingdom.buildings.remove(i);
        self.ledger.buildings = self.building_count();
        self.agenda.push(Task::Rescue {
            card: CardRef {
                deck: Market::Buildings,
                card,
            },
        });
        Some(format!("your {name}, which is destroyed"))
    }
}
