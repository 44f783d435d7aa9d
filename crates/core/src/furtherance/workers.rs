//! The worker actions (WORKERS; CARD TYPES; BUILDINGS; ITEMS; UPGRADES; the research paragraph
//! under LEADERS): mine, buy, build, develop, recruit, research, upgrade, and using an item.
//! Each is one game action through `Saved::act`, one per worker per turn, paid from the
//! kingdom's gold; each is checked in full before anything changes, and refused with the rule
//! and its section. Research and upgrade ask which card to keep (`answer N`).

use super::agenda::{Resume, Task};
use super::cards::{CardKind, Effect};
use super::error::RuleError;
use super::kingdom::{
    self, CardRef, Held, ITEMS_PER_BUY, MAX_BUILDINGS, MAX_ITEMS, MAX_RESEARCH,
    MAX_UNDER_CONSTRUCTION, MINE_GOLD, Market, RESEARCH_RESCUE_GOLD,
};
use super::square::{Seat, Square};
use super::state::{Game, MAX_PLAYER_UNITS, Unit};
use super::step::Step;
use super::units::KindId;

impl Game {
    /// The player's worker actions this turn: one per worker (WORKERS).
    pub fn actions_left(&self) -> u8 {
        self.ledger.workers.saturating_sub(self.kingdom.used)
    }

    pub fn kingdom(&self) -> &super::kingdom::Kingdom {
        &self.kingdom
    }

    pub fn cards(&self) -> &super::cards::Cards {
        &self.cards
    }

    /// The name of a card of one of the three decks.
    pub fn card_name(&self, card: CardRef) -> String {
        match card.deck.card_kind() {
            None => self
                .catalog
                .get(KindId(card.card))
                .map_or_else(|| format!("unit type {}", card.card), |k| k.name.clone()),
            Some(kind) => self.cards.name(kind, card.card),
        }
    }

    pub(crate) fn check_worker(&self) -> Result<(), RuleError> {
        if self.actions_left() == 0 && !self.kingdom.leader_acting {
            return Err(RuleError::NoWorkerLeft {
                workers: self.ledger.workers,
            });
        }
        Ok(())
    }

    pub(crate) fn check_gold(&self, what: &str, cost: u32, gold: u32) -> Result<(), RuleError> {
        if gold < cost {
            return Err(RuleError::CannotPay {
                what: what.to_string(),
                cost,
                gold,
            });
        }
        Ok(())
    }

    /// Gold back from a finished Marketplace after paying for an item, building or unit
    /// (INDEX: Marketplace).
    fn marketplace_refund(&self) -> u32 {
        u32::from(self.kingdom.has_building(&self.cards, Effect::Marketplace))
    }

    /// Deals the kingdom's decks in a save from before the app kept the kingdom.
    pub(crate) fn ready_kingdom(&mut self) {
        if !self.kingdom.dealt {
            let seed = u64::from(self.round) ^ u64::from(self.next_unit) << 32;
            let cards = self.cards.clone();
            self.kingdom.deal_decks(&cards, seed);
        }
    }

    /// Where a card named `name` can be bought from: a face-up slot of `market` or the
    /// research. The market comes first (the research card stays for later).
    pub(crate) fn find_source(&self, market: Market, name: &str) -> Result<(u16, bool), RuleError> {
        let not_found = || RuleError::NotForSale {
            name: name.trim().to_string(),
            market: market.word(),
        };
        let card = match market.card_kind() {
            Some(kind) => self.cards.find(kind, name),
            None => self.catalog.find(name).map(|k| k.0),
        }
        .ok_or_else(not_found)?;
        let in_market = match market {
            Market::Units => self
                .kingdom
                .units_market
                .iter()
                .any(|s| s.first() == Some(&KindId(card))),
            Market::Items => self
                .kingdom
                .items_market
                .iter()
                .any(|s| s.first() == Some(&card)),
            Market::Buildings => self
                .kingdom
                .buildings_market
                .iter()
                .any(|s| s.first() == Some(&card)),
        };
        if in_market {
            return Ok((card, true));
        }
        if self
            .kingdom
            .research
            .contains(&CardRef { deck: market, card })
        {
            return Ok((card, false));
        }
        Err(not_found())
    }

    /// Takes the card from where `find_source` found it; a market slot is refilled at once.
    pub(crate) fn take_card(&mut self, market: Market, card: u16, from_market: bool) {
        if !from_market {
            if let Some(i) = self
                .kingdom
                .research
                .iter()
                .position(|r| *r == CardRef { deck: market, card })
            {
                self.kingdom.research.remove(i);
            }
            return;
        }
        match market {
            Market::Units => {
                kingdom::take_from(&mut self.kingdom.units_market, KindId(card));
                self.refill_units_market();
            }
            _ => {
                if let Some(slots) = self.kingdom.slots_mut(market) {
                    kingdom::take_from(slots, card);
                }
                self.kingdom.refill_market(market);
            }
        }
    }

    /// Flips unit cards from the one unit deck onto the units market (digital mode).
    pub(crate) fn refill_units_market(&mut self) {
        match self.deck.as_mut().filter(|_| self.kingdom.one_deck) {
            Some(pile) => kingdom::refill(&mut self.kingdom.units_market, || pile.draw()),
            None => kingdom::close_holes(&mut self.kingdom.units_market),
        }
    }

    pub(crate) fn mine(&mut self) -> Result<Step, RuleError> {
        self.check_worker()?;
        self.ready_kingdom();
        let pick = self.pick_worker(Effect::BetterMine);
        let who = self.worker_word(pick);
        self.commit_worker(pick);
        let mined = MINE_GOLD + u32::from(pick.bonus);
        self.ledger.gold = self.ledger.gold.saturating_add(mined);
        Ok(self.kingdom_step(format!(
            "{who} mines {mined} gold: you have {} gold",
            self.ledger.gold
        )))
    }

    pub(crate) fn kingdom_step(&self, text: String) -> Step {
        Step::Kingdom { text }
    }

    /// Buys one or two items, the market refilled between them (WORKERS: Buy; ITEMS).
    pub(crate) fn buy(&mut self, items: &[String]) -> Result<Step, RuleError> {
        self.check_worker()?;
        if items.is_empty() || items.len() > ITEMS_PER_BUY {
            return Err(RuleError::BadValue(
                "a Buy action buys one or two items (WORKERS: Buy)".to_string(),
            ));
        }
        self.ready_kingdom();
        // Worked on a copy: the second item may fail, and a refusal changes nothing.
        let mut after = self.clone();
        let mut bought = Vec::new();
        let pick = self.pick_worker(Effect::BetterBuy);
        for name in items {
            let (card, from_market) = after.find_source(Market::Items, name)?;
            let c = after
                .cards
                .card(CardKind::Item, card)
                .cloned()
                .ok_or_else(|| RuleError::NoSuchKind(name.clone()))?;
            let cost = u32::from(c.cost.saturating_sub(pick.bonus));
            after.check_gold(&c.name, cost, after.ledger.gold)?;
            // A sixth item is used at once (ITEMS): the question comes after the buy; a
            // seventh cannot be held even for a moment.
            if after.kingdom.items.len() > MAX_ITEMS {
                return Err(RuleError::TooManyItems);
            }
            let refund = after.marketplace_refund();
            after.ledger.gold = after.ledger.gold - cost + refund;
            after.take_card(Market::Items, card, from_market);
            after.kingdom.items.push(card);
            after.kingdom.card_vp = after.kingdom.card_vp.saturating_add(c.vp);
            bought.push(c.name);
        }
        let who = after.worker_word(pick);
        after.commit_worker(pick);
        *self = after;
        Ok(self.kingdom_step(format!(
            "{who} buys {}: {} gold left",
            bought.join(" and "),
            self.ledger.gold
        )))
    }

    /// Starts a building (WORKERS: Build; BUILDINGS).
    pub(crate) fn build(&mut self, name: &str) -> Result<Step, RuleError> {
        self.check_worker()?;
        self.ready_kingdom();
        let (card, from_market) = self.find_source(Market::Buildings, name)?;
        let c = self
            .cards
            .card(CardKind::Building, card)
            .cloned()
            .ok_or_else(|| RuleError::NoSuchKind(name.to_string()))?;
        if self.kingdom.buildings.len() >= MAX_BUILDINGS {
            return Err(RuleError::TooManyBuildings);
        }
        if c.turns > 0 && self.kingdom.under_construction() >= MAX_UNDER_CONSTRUCTION {
            return Err(RuleError::TooManyUnderConstruction);
        }
        let pick = self.pick_worker(Effect::BetterBuild);
        let cost = u32::from(c.cost.saturating_sub(pick.bonus));
        self.check_gold(&c.name, cost, self.ledger.gold)?;
        self.ledger.gold = self.ledger.gold - cost + self.marketplace_refund();
        self.take_card(Market::Buildings, card, from_market);
        self.kingdom.buildings.push(Held {
            card,
            counters: c.turns,
            damage: 0,
        });
        self.ledger.buildings = self.building_count();
        let who = self.worker_word(pick);
        self.commit_worker(pick);
        Ok(self.kingdom_step(if c.turns == 0 {
            format!("{who} builds {}: it is in play", c.name)
        } else {
            format!(
                "{who} starts building {} ({} turn counter(s)): {} gold left",
                c.name, c.turns, self.ledger.gold
            )
        }))
    }

    pub(crate) fn building_count(&self) -> u8 {
        u8::try_from(self.kingdom.buildings.len()).unwrap_or(u8::MAX)
    }

    /// Removes a turn counter from a building or upgraded worker (WORKERS: Develop).
    pub(crate) fn develop(&mut self, name: &str) -> Result<Step, RuleError> {
        self.check_worker()?;
        let pending = |held: &Held, kind| {
            held.counters > 0
                && self
                    .cards
                    .card(kind, held.card)
                    .is_some_and(|c| c.name.eq_ignore_ascii_case(name.trim()))
        };
        let building = self
            .kingdom
            .buildings
            .iter()
            .position(|b| pending(b, CardKind::Building));
        let upgrade = self
            .kingdom
            .upgrades
            .iter()
            .position(|u| pending(u, CardKind::Upgrade));
        if building.is_none() && upgrade.is_none() && self.is_payne(name) {
            return self.develop_payne();
        }
        let pick = self.pick_worker(Effect::BetterDevelop);
        let who = self.worker_word(pick);
        let (kind, held) = match (building, upgrade) {
            (Some(i), _) => (CardKind::Building, &mut self.kingdom.buildings[i]),
            (None, Some(i)) => (CardKind::Upgrade, &mut self.kingdom.upgrades[i]),
            (None, None) => {
                return Err(RuleError::NothingToDevelop(name.trim().to_string()));
            }
        };
        held.counters = held.counters.saturating_sub(1 + pick.bonus);
        let (left, card) = (held.counters, held.card);
        self.commit_worker(pick);
        let name = self.cards.name(kind, card);
        Ok(self.kingdom_step(match (left, kind) {
            (0, CardKind::Building) => format!("{who} finishes {name}: it is in play"),
            (0, _) => format!("{who} finishes training: the {name} replaces a worker"),
            _ => format!("{who} develops {name}: {left} turn counter(s) left"),
        }))
    }

    /// Recruits `name` from the units market or research into a castle space (WORKERS:
    /// Recruit; UNITS). With the physical deck (or a save from before the kingdom) any unit
    /// whose cards are not all in play may be named.
    pub(crate) fn recruit_named(&mut self, name: &str, square: Square) -> Result<Step, RuleError> {
        let kind = self
            .catalog
            .find(name)
            .ok_or_else(|| RuleError::NoSuchKind(name.trim().to_string()))?;
        self.recruit_kind(kind, square)
    }

    pub(crate) fn recruit_kind(&mut self, kind: KindId, square: Square) -> Result<Step, RuleError> {
        let k = self.catalog.kind(kind).clone();
        self.check_worker()?;
        if self.board.castle_of(square) != Some(Seat::Player) {
            return Err(RuleError::NotYourCastle(square));
        }
        if self.unit_at(square).is_some() {
            return Err(RuleError::Occupied(square));
        }
        if self.units_of(Seat::Player).count() >= MAX_PLAYER_UNITS {
            return Err(RuleError::TooManyUnits);
        }
        let source = if self.kingdom.one_deck {
            Some(self.find_source(Market::Units, &k.name)?)
        } else {
            self.check_copies_left(kind, Some(Seat::Player))?;
            None
        };
        let pick = self.pick_worker(Effect::BetterRecruit);
        let cost = u32::from(k.cost.saturating_sub(pick.bonus));
        self.check_gold(&k.name, cost, self.ledger.gold)?;
        self.ledger.gold = self.ledger.gold - cost + self.marketplace_refund();
        if let Some((card, from_market)) = source {
            self.take_card(Market::Units, card, from_market);
        }
        self.commit_worker(pick);
        let id = self.new_unit_id();
        self.units.push(Unit {
            id,
            kind,
            owner: Seat::Player,
            square,
            damage: 0,
            hp_bonus: 0,
            new: true,
            moved: 0,
            attacks: 0,
        });
        let unit = self.unit_ref(id).ok_or(RuleError::NoSuchUnit(id.0))?;
        Ok(Step::Recruited { unit })
    }

    /// A dying player unit: pay 2 gold to put it in your research? (COMBAT: Killing Units).
    pub(crate) fn ask_rescue(&mut self, card: CardRef) -> Option<Step> {
        if self.ledger.gold < RESEARCH_RESCUE_GOLD || self.kingdom.research.len() >= MAX_RESEARCH {
            self.discard_card(card);
            return None;
        }
        let name = self.card_name(card);
        let what = match card.deck {
            Market::Units => "died",
            _ => "was destroyed",
        };
        self.ask(
            format!("Your {name} {what}: pay 2 gold to put it in your research?"),
            vec![
                format!("Pay 2 gold: {name} goes to your research"),
                format!("Discard {name}"),
            ],
            1,
            Resume::Rescue { card },
        )
    }

    pub(crate) fn resolve_rescue(&mut self, card: CardRef, option: usize) {
        if option == 0 && self.ledger.gold >= RESEARCH_RESCUE_GOLD {
            self.ledger.gold -= RESEARCH_RESCUE_GOLD;
            self.kingdom.research.push(card);
        } else {
            self.discard_card(card);
        }
    }

    fn discard_card(&mut self, card: CardRef) {
        match card.deck {
            // A save from before the one deck keeps the player's units outside it.
            Market::Units => {
                if self.kingdom.one_deck
                    && let Some(pile) = self.deck.as_mut()
                {
                    pile.discard(KindId(card.card));
                }
            }
            deck => {
                if let Some(pile) = self.kingdom.pile_mut(deck) {
                    pile.discard(card.card);
                }
            }
        }
    }

    /// Puts a card named `name` face up in `market`, taken from its deck (hand-worked
    /// positions in tests). Every card stays in the game.
    #[cfg(test)]
    pub(crate) fn stock_market(&mut self, market: Market, name: &str) {
        if self.find_source(market, name).is_ok() {
            return;
        }
        match market {
            Market::Units => {
                let kind = self.catalog.find(name).expect("a unit of that name");
                let card = self
                    .deck
                    .as_mut()
                    .and_then(|d| d.take(kind))
                    .expect("a card of it in the deck");
                self.kingdom.units_market.push(vec![card]);
            }
            _ => {
                let kind = market.card_kind().expect("items or buildings");
                let card = self.cards.find(kind, name).expect("a card of that name");
                let pile = self.kingdom.pile_mut(market).expect("a dealt deck");
                let i = pile
                    .draw
                    .iter()
                    .position(|c| *c == card)
                    .expect("a card of it in the deck");
                pile.draw.remove(i);
                self.kingdom
                    .slots_mut(market)
                    .expect("a market")
                    .push(vec![card]);
            }
        }
    }

    /// A new turn: every worker may act again.
    pub(crate) fn workers_rest(&mut self) {
        self.kingdom.used = 0;
        self.kingdom.upgrades_acted.clear();
        self.kingdom.trosh_used = false;
        self.kingdom.leader_uses = 0;
    }

    /// The task that asks again a kingdom question (after a hand edit).
    pub(crate) fn kingdom_task(resume: &Resume) -> Option<Task> {
        match resume {
            Resume::Research { deck, looked } => Some(Task::AskResearch {
                deck: *deck,
                looked: looked.clone(),
            }),
            Resume::Upgrade { drawn } => Some(Task::AskUpgrade {
                drawn: drawn.clone(),
            }),
            Resume::Rescue { card } => Some(Task::Rescue { card: *card }),
            _ => None,
        }
    }
}
