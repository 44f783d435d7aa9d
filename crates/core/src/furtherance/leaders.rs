//! Leader powers (LEADERS; INDEX: Audric, Dedric, Payne; SOLO RULES 3: Trosh). The INDEX
//! gives how each works but not every card's wording: how often a power may be used, how
//! many counters Payne holds and what Trosh's power gives come from the leaders file
//! (`amount`, `turns`, `boost`), validated on load (cards.rs) and documented in
//! docs/furtherance.md. Trosh's boost is applied with the upgraded workers (upgrades.rs).

use super::cards::{Card, CardKind, Effect};
use super::error::RuleError;
use super::kingdom::Market;
use super::square::{Seat, Square};
use super::state::{Game, UnitId};
use super::step::Step;

impl Game {
    fn leader_with(&self, effect: Effect) -> Option<Card> {
        self.kingdom
            .leader_card(&self.cards)
            .filter(|c| c.effect == Some(effect))
            .cloned()
    }

    /// `name` names Payne the Planner, your leader, with counters on his card.
    pub(crate) fn is_payne(&self, name: &str) -> bool {
        self.leader_with(Effect::Payne)
            .is_some_and(|c| c.name.eq_ignore_ascii_case(name.trim()))
    }

    /// A worker removes a counter from Payne's card (WORKERS: Develop): a complete second
    /// turn follows at once, every worker and every unit of yours may act again (INDEX:
    /// Payne the Planner).
    pub(crate) fn develop_payne(&mut self) -> Result<Step, RuleError> {
        let name = self
            .leader_with(Effect::Payne)
            .map(|c| c.name)
            .unwrap_or_default();
        if self.kingdom.leader_counters == 0 {
            return Err(RuleError::NothingToDevelop(name));
        }
        self.kingdom.leader_counters -= 1;
        self.second_turn();
        Ok(self.kingdom_step(format!(
            "Your worker removes a counter from {name} ({} left): a complete second turn, every worker and unit may act again",
            self.kingdom.leader_counters
        )))
    }

    /// Every worker and every unit of yours (but new recruits) may act again this turn.
    fn second_turn(&mut self) {
        self.workers_rest();
        for u in self.units.iter_mut().filter(|u| u.owner == Seat::Player) {
            u.moved = 0;
            u.attacks = 0;
        }
    }

    /// Uses your leader's power: Audric puts a +1 HP counter on `unit`; Dedric acquires
    /// `card` (an item, a building, or a unit onto `square`) without a worker, paying for it,
    /// under the usual limits (INDEX: Dedric the Discerning).
    pub(crate) fn leader_power(
        &mut self,
        unit: Option<UnitId>,
        card: Option<&str>,
        square: Option<Square>,
    ) -> Result<Step, RuleError> {
        let leader = self.kingdom.leader_card(&self.cards).cloned();
        let Some(leader) = leader else {
            return Err(RuleError::BadValue(
                "you have no leader (SOLO SETUP)".into(),
            ));
        };
        let uses = leader.amount.max(1);
        match leader.effect {
            Some(Effect::Audric | Effect::Dedric) if self.kingdom.leader_uses >= uses => {
                Err(RuleError::LeaderPowerUsed {
                    name: leader.name,
                    uses,
                })
            }
            Some(Effect::Audric) => {
                let id = unit.ok_or_else(|| RuleError::ItemNeedsUnit(leader.name.clone()))?;
                let u = self.unit(id).ok_or(RuleError::NoSuchUnit(id.0))?;
                if u.owner != Seat::Player {
                    return Err(RuleError::NotYours(self.describe(id)));
                }
                if let Some(u) = self.unit_mut(id) {
                    u.hp_bonus = u.hp_bonus.saturating_add(1);
                }
                self.kingdom.leader_uses += 1;
                let hp = self.unit(id).map_or(0, |u| self.hp(u));
                Ok(self.kingdom_step(format!(
                    "{} puts a +1 HP counter on {}: {hp} HP (INDEX)",
                    leader.name,
                    self.describe(id)
                )))
            }
            Some(Effect::Dedric) => {
                let name = card.ok_or_else(|| {
                    RuleError::BadValue(format!(
                        "{} acquires a card: name it (an item, a building or a unit)",
                        leader.name
                    ))
                })?;
                self.kingdom.leader_acting = true;
                let got = self.acquire(name, square);
                self.kingdom.leader_acting = false;
                let step = got?;
                self.kingdom.leader_uses += 1;
                Ok(step)
            }
            Some(Effect::Payne) => Err(RuleError::BadValue(format!(
                "{}'s power comes from removing a counter from his card: develop {:?} (INDEX)",
                leader.name, leader.name
            ))),
            Some(Effect::Trosh) => Err(RuleError::BadValue(format!(
                "{}'s power works by itself on one of your workers' actions (SOLO RULES 3)",
                leader.name
            ))),
            _ => Err(RuleError::BadValue(format!(
                "{}'s power is not one the app applies: apply its card text by hand",
                leader.name
            ))),
        }
    }

    /// Dedric's acquisition: the card as a Buy, Build or Recruit would take it.
    fn acquire(&mut self, name: &str, square: Option<Square>) -> Result<Step, RuleError> {
        if self.cards.find(CardKind::Item, name).is_some() {
            return self.buy(&[name.to_string()]);
        }
        if self.cards.find(CardKind::Building, name).is_some() {
            return self.build(name);
        }
        let square = square.ok_or_else(|| {
            RuleError::BadValue(format!(
                "a unit goes on an open space of your castle: name the square for {name}"
            ))
        })?;
        match self.catalog.find(name) {
            Some(kind) => self.recruit_kind(kind, square),
            None => Err(RuleError::NotForSale {
                name: name.trim().to_string(),
                market: Market::Units.word(),
            }),
        }
    }
}
