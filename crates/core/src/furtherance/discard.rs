//! Discarding a building to make room (BUILDINGS: a kingdom holds at most 7 buildings, those
//! under construction included, and one at the limit discards one before building another).
//! Not a worker action: the book makes it the price of building, not a task of its own
//! (docs/rulings.md, "Discarding a building"). The card goes to the buildings deck's discard
//! pile; no 2-gold research is offered, as that is for a building destroyed in a fight
//! (COMBAT). A Fortification left with more damage than you have buildings falls then
//! (INDEX: Fortification), and that one is destroyed, so it may be researched.

use super::agenda::Task;
use super::cards::{CardKind, Effect};
use super::error::RuleError;
use super::kingdom::{CardRef, MAX_BUILDINGS, Market};
use super::state::Game;
use super::step::Step;

impl Game {
    /// Whether a building may be discarded now: on your turn, with nothing to answer or
    /// resolve, and only at the limit of 7 buildings (BUILDINGS).
    pub fn discard_allowed(&self) -> Result<(), RuleError> {
        self.check_players_turn()?;
        let held = self.kingdom.buildings.len();
        if held < MAX_BUILDINGS {
            return Err(RuleError::DiscardBelowLimit { held });
        }
        Ok(())
    }

    /// Discards the building named `name`; `at` (counted from 1, as `show` lists your
    /// buildings) picks one of several alike and must name that building. Without `at`, of
    /// several alike the one least far along goes: the most turn counters left, then the
    /// most damage (docs/rulings.md).
    pub(crate) fn discard_building(
        &mut self,
        name: &str,
        at: Option<usize>,
    ) -> Result<Step, RuleError> {
        self.discard_allowed()?;
        let card = self
            .cards
            .find(CardKind::Building, name)
            .ok_or_else(|| RuleError::NoSuchBuilding(name.trim().to_string()))?;
        let i = match at {
            Some(n) => n
                .checked_sub(1)
                .filter(|i| self.kingdom.buildings.get(*i).is_some_and(|b| b.card == card))
                .ok_or_else(|| RuleError::NoSuchBuilding(format!("{} at place {n}", name.trim())))?,
            None => self
                .kingdom
                .buildings
                .iter()
                .enumerate()
                .filter(|(_, b)| b.card == card)
                .max_by_key(|(i, b)| (b.counters, b.damage, usize::MAX - i))
                .map(|(i, _)| i)
                .ok_or_else(|| RuleError::NoSuchBuilding(name.trim().to_string()))?,
        };
        let held = self.kingdom.buildings.remove(i);
        if let Some(pile) = self.kingdom.pile_mut(Market::Buildings) {
            pile.discard(held.card);
        }
        let fallen = self.fallen_fortifications();
        self.ledger.buildings = self.building_count();
        let name = self.cards.name(CardKind::Building, held.card);
        let mut text = format!(
            "You discard {name}: {} of {MAX_BUILDINGS} buildings, room to build another",
            self.kingdom.buildings.len()
        );
        for f in fallen {
            text += &format!("; your {f} now has more damage than you have buildings and falls");
        }
        Ok(self.kingdom_step(text))
    }

    /// Removes every Fortification with more damage than you have buildings (INDEX), one at a
    /// time since each fall lowers the count, asking for each whether to research it.
    /// Returns their names.
    pub(crate) fn fallen_fortifications(&mut self) -> Vec<String> {
        let mut fallen = Vec::new();
        loop {
            let count = self.kingdom.buildings.len();
            let falls = self.kingdom.buildings.iter().position(|b| {
                usize::from(b.damage) > count
                    && self
                        .cards
                        .card(CardKind::Building, b.card)
                        .is_some_and(|c| c.effect == Some(Effect::Fortification))
            });
            let Some(i) = falls else { break };
            let b = self.kingdom.buildings.remove(i);
            fallen.push(self.cards.name(CardKind::Building, b.card));
            self.agenda.push(Task::Rescue {
                card: CardRef {
                    deck: Market::Buildings,
                    card: b.card,
                },
            });
        }
        self.ledger.buildings = self.building_count();
        fallen
    }
}

#[cfg(test)]
mod tests {
    use super::super::kingdom::Held;
    use super::super::test_support::*;
    use super::super::*;
    use crate::doc::Saved;

    /// Puts finished buildings by these names in the kingdom (a hand-worked position).
    fn holding(g: &mut Game, names: &[&str]) {
        for name in names {
            let card = g.cards().find(CardKind::Building, name).unwrap();
            g.kingdom.buildings.push(Held {
                card,
                counters: 0,
                damage: 0,
            });
        }
        g.ledger.buildings = g.building_count();
    }

    const SEVEN: [&str; 7] = [
        "Walls",
        "Church",
        "Library",
        "Treasury",
        "Quarry",
        "Barracks",
        "Gold Mine",
    ];

    fn discard(name: &str) -> Action {
        Action::DiscardBuilding {
            building: name.to_string(),
            at: None,
        }
    }

    #[test]
    fn a_kingdom_at_seven_buildings_discards_one_to_build_another() {
        let mut g = game();
        holding(&mut g, &SEVEN);
        g.apply(Action::SetGold { gold: 40 }).unwrap();
        g.stock_market(Market::Buildings, "Marketplace");
        let refused = g
            .apply(Action::Build {
                building: "Marketplace".into(),
            })
            .unwrap_err();
        assert_eq!(refused, RuleError::TooManyBuildings);
        let discards = g.kingdom().buildings_deck.as_ref().unwrap().len();
        let used = g.actions_left();
        g.apply(discard("Church")).unwrap();
        assert_eq!(g.kingdom().buildings.len(), 6);
        assert_eq!(g.ledger().buildings, 6);
        assert_eq!(g.actions_left(), used, "discarding uses no worker");
        assert_eq!(
            g.kingdom().buildings_deck.as_ref().unwrap().len(),
            discards + 1,
            "the Church went to the discard pile"
        );
        assert!(
            g.pending().is_none(),
            "a discarded building is not offered to research"
        );
        g.apply(Action::Build {
            building: "Marketplace".into(),
        })
        .unwrap();
        assert_eq!(g.kingdom().buildings.len(), 7);
        g.check().unwrap();
    }

    #[test]
    fn a_building_is_discarded_only_at_the_limit_of_seven() {
        let mut g = game();
        holding(&mut g, &SEVEN[..6]);
        let before = g.clone();
        let e = g.apply(discard("Church")).unwrap_err();
        assert_eq!(e, RuleError::DiscardBelowLimit { held: 6 });
        assert!(e.to_string().contains("(BUILDINGS)"), "{e}");
        assert_eq!(
            crate::rules::Cites::rule(&e).map(|r| r.id),
            Some("buildings"),
            "the refusal cites the digest's buildings entry"
        );
        assert_eq!(g, before, "a refusal changes nothing");
    }

    #[test]
    fn discarding_a_building_you_do_not_hold_is_refused_naming_it() {
        let mut g = game();
        holding(&mut g, &SEVEN);
        let e = g.apply(discard("Marketplace")).unwrap_err();
        assert_eq!(e, RuleError::NoSuchBuilding("Marketplace".into()));
        let e = g.apply(discard("Castle in the sky")).unwrap_err();
        assert!(e.to_string().contains("Castle in the sky"), "{e}");
        let e = g
            .apply(Action::DiscardBuilding {
                building: "Church".into(),
                at: Some(1),
            })
            .unwrap_err();
        assert!(e.to_string().contains("at place 1"), "{e}");
        assert_eq!(g.kingdom().buildings.len(), 7);
    }

    #[test]
    fn a_building_is_not_discarded_in_the_enemies_turn() {
        let mut g = game();
        holding(&mut g, &SEVEN);
        g.apply(Action::EndTurn {}).unwrap();
        assert_eq!(
            g.apply(discard("Church")).unwrap_err(),
            RuleError::EnemyTurn
        );
        assert!(g.discard_allowed().is_err());
    }

    #[test]
    fn of_two_alike_the_one_least_far_along_is_discarded_unless_a_place_is_named() {
        let mut g = game();
        holding(&mut g, &SEVEN[..5]);
        let park = g.cards().find(CardKind::Building, "Grand Park").unwrap();
        for counters in [0, 2] {
            g.kingdom.buildings.push(Held {
                card: park,
                counters,
                damage: 0,
            });
        }
        let mut by_place = g.clone();
        g.apply(discard("grand park")).unwrap();
        let left: Vec<u8> = g
            .kingdom()
            .buildings
            .iter()
            .filter(|b| b.card == park)
            .map(|b| b.counters)
            .collect();
        assert_eq!(left, vec![0], "the finished Grand Park stays");
        by_place
            .apply(Action::DiscardBuilding {
                building: "Grand Park".into(),
                at: Some(6),
            })
            .unwrap();
        let left: Vec<u8> = by_place
            .kingdom()
            .buildings
            .iter()
            .filter(|b| b.card == park)
            .map(|b| b.counters)
            .collect();
        assert_eq!(left, vec![2], "place 6 was the finished one");
    }

    #[test]
    fn a_fortification_with_more_damage_than_buildings_left_falls_and_may_be_researched() {
        let mut g = game();
        let mut six = SEVEN[..6].to_vec();
        six[0] = "Fortification";
        holding(&mut g, &six);
        holding(&mut g, &["Marketplace"]);
        // 7 damage on 7 buildings stands; on 6 it falls.
        g.kingdom.buildings[0].damage = 7;
        g.apply(Action::SetGold { gold: 10 }).unwrap();
        let steps = g.apply(discard("Marketplace")).unwrap();
        assert!(steps[0].text().contains("Fortification"), "{steps:?}");
        assert_eq!(g.kingdom().buildings.len(), 5);
        let q = g.pending().expect("the research question");
        assert!(q.question.contains("Fortification"), "{}", q.question);
        g.check().unwrap();
    }

    #[test]
    fn a_discard_is_one_undoable_history_entry() {
        let mut g = game();
        holding(&mut g, &SEVEN);
        let mut saved = Saved::new("t", "New game", g);
        let acted = saved.act(discard("Quarry")).unwrap();
        assert_eq!(
            acted.label,
            "You discard Quarry: 6 of 7 buildings, room to build another"
        );
        saved.history.undo();
        assert_eq!(saved.current().kingdom().buildings.len(), 7);
    }
}
