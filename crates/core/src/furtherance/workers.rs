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
    MAX_UNDER_CONSTRUCTION, MINE_GOLD, Market, RESEARCH_RESCUE_GOLD, UPGRADE_COUNTERS,
    UPGRADE_GOLD,
};
use super::square::{Seat, Square};
use super::state::{DeckMode, Game, MAX_PLAYER_UNITS, Unit, UnitId};
use super::step::Step;
use super::units::KindId;

/// One way to resolve a research: which looked-at card is kept, which goes to the bottom,
/// which back on top, and which card already researched goes back on top of its deck.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ResearchPick {
    keep: usize,
    bottom: Option<usize>,
    top: Option<usize>,
    give_back: Option<usize>,
}

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

    fn check_worker(&self) -> Result<(), RuleError> {
        if self.actions_left() == 0 {
            return Err(RuleError::NoWorkerLeft {
                workers: self.ledger.workers,
            });
        }
        Ok(())
    }

    fn check_gold(&self, what: &str, cost: u32, gold: u32) -> Result<(), RuleError> {
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
    fn ready_kingdom(&mut self) {
        if !self.kingdom.dealt {
            let seed = u64::from(self.round) ^ u64::from(self.next_unit) << 32;
            let cards = self.cards.clone();
            self.kingdom.deal_decks(&cards, seed);
        }
    }

    /// Where a card named `name` can be bought from: a face-up slot of `market` or the
    /// research. The market comes first (the research card stays for later).
    fn find_source(&self, market: Market, name: &str) -> Result<(u16, bool), RuleError> {
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
    fn take_card(&mut self, market: Market, card: u16, from_market: bool) {
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
        if !self.kingdom.one_deck {
            return;
        }
        if let Some(pile) = self.deck.as_mut() {
            kingdom::refill(&mut self.kingdom.units_market, || pile.draw());
        }
    }

    pub(crate) fn mine(&mut self) -> Result<Step, RuleError> {
        self.check_worker()?;
        self.ready_kingdom();
        self.kingdom.used += 1;
        self.ledger.gold = self.ledger.gold.saturating_add(MINE_GOLD);
        Ok(self.kingdom_step(format!(
            "Your worker mines {MINE_GOLD} gold: you have {} gold",
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
        for name in items {
            let (card, from_market) = after.find_source(Market::Items, name)?;
            let c = after
                .cards
                .card(CardKind::Item, card)
                .cloned()
                .ok_or_else(|| RuleError::NoSuchKind(name.clone()))?;
            after.check_gold(&c.name, u32::from(c.cost), after.ledger.gold)?;
            if after.kingdom.items.len() >= MAX_ITEMS {
                return Err(RuleError::TooManyItems);
            }
            let refund = after.marketplace_refund();
            after.ledger.gold = after.ledger.gold - u32::from(c.cost) + refund;
            after.take_card(Market::Items, card, from_market);
            after.kingdom.items.push(card);
            after.kingdom.card_vp = after.kingdom.card_vp.saturating_add(c.vp);
            bought.push(c.name);
        }
        after.kingdom.used += 1;
        *self = after;
        Ok(self.kingdom_step(format!(
            "Your worker buys {}: {} gold left",
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
        self.check_gold(&c.name, u32::from(c.cost), self.ledger.gold)?;
        self.ledger.gold = self.ledger.gold - u32::from(c.cost) + self.marketplace_refund();
        self.take_card(Market::Buildings, card, from_market);
        self.kingdom.buildings.push(Held {
            card,
            counters: c.turns,
            damage: 0,
        });
        self.ledger.buildings = self.building_count();
        self.kingdom.used += 1;
        Ok(self.kingdom_step(if c.turns == 0 {
            format!("Your worker builds {}: it is in play", c.name)
        } else {
            format!(
                "Your worker starts building {} ({} turn counter(s)): {} gold left",
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
        let (kind, held) = match (building, upgrade) {
            (Some(i), _) => (CardKind::Building, &mut self.kingdom.buildings[i]),
            (None, Some(i)) => (CardKind::Upgrade, &mut self.kingdom.upgrades[i]),
            (None, None) => {
                return Err(RuleError::NothingToDevelop(name.trim().to_string()));
            }
        };
        held.counters -= 1;
        let (left, card) = (held.counters, held.card);
        self.kingdom.used += 1;
        let name = self.cards.name(kind, card);
        Ok(self.kingdom_step(match (left, kind) {
            (0, CardKind::Building) => format!("Your worker finishes {name}: it is in play"),
            (0, _) => format!("Your worker finishes training: the {name} replaces a worker"),
            _ => format!("Your worker develops {name}: {left} turn counter(s) left"),
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
        self.check_gold(&k.name, u32::from(k.cost), self.ledger.gold)?;
        self.ledger.gold = self.ledger.gold - u32::from(k.cost) + self.marketplace_refund();
        if let Some((card, from_market)) = source {
            self.take_card(Market::Units, card, from_market);
        }
        self.kingdom.used += 1;
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

    /// Looks at the top three cards of a deck and asks which to keep (WORKERS: Research).
    pub(crate) fn research(&mut self, deck: Market) -> Result<Vec<Step>, RuleError> {
        self.check_worker()?;
        self.ready_kingdom();
        if deck == Market::Units && self.settings.deck_mode == DeckMode::Physical {
            return Err(RuleError::PhysicalResearch);
        }
        let mut looked = Vec::new();
        for _ in 0..3 {
            let card = match deck {
                Market::Units => self.deck.as_mut().and_then(|p| p.draw()).map(|k| k.0),
                _ => self.kingdom.pile_mut(deck).and_then(|p| p.draw()),
            };
            match card {
                Some(c) => looked.push(c),
                None => break,
            }
        }
        if looked.is_empty() {
            return Err(RuleError::DeckEmpty(deck.word()));
        }
        self.kingdom.used += 1;
        let step = self.ask_research(deck, looked);
        Ok(step.into_iter().collect())
    }

    fn research_picks(&self, looked: &[u16]) -> Vec<ResearchPick> {
        let n = looked.len();
        let returns: Vec<Option<usize>> = if self.kingdom.research.len() >= MAX_RESEARCH {
            (0..self.kingdom.research.len()).map(Some).collect()
        } else {
            vec![None]
        };
        let mut picks: Vec<ResearchPick> = Vec::new();
        let mut seen = Vec::new();
        for keep in 0..n {
            for bottom in (0..n)
                .filter(|b| *b != keep)
                .map(Some)
                .chain((n == 1).then_some(None))
            {
                let top = (0..n).find(|t| *t != keep && Some(*t) != bottom);
                for give_back in &returns {
                    let key = (
                        looked[keep],
                        bottom.map(|b| looked[b]),
                        top.map(|t| looked[t]),
                        give_back.map(|g| self.kingdom.research[g]),
                    );
                    if seen.contains(&key) {
                        continue;
                    }
                    seen.push(key);
                    picks.push(ResearchPick {
                        keep,
                        bottom,
                        top,
                        give_back: *give_back,
                    });
                }
            }
        }
        picks
    }

    pub(crate) fn ask_research(&mut self, deck: Market, looked: Vec<u16>) -> Option<Step> {
        let name = |c: u16| self.card_name(CardRef { deck, card: c });
        let options = self
            .research_picks(&looked)
            .iter()
            .map(|p| {
                let mut o = format!("Keep {}", name(looked[p.keep]));
                if let Some(b) = p.bottom {
                    o += &format!(", {} to the bottom", name(looked[b]));
                }
                if let Some(t) = p.top {
                    o += &format!(", {} back on top", name(looked[t]));
                }
                if let Some(g) = p.give_back {
                    let r = self.kingdom.research[g];
                    o += &format!(
                        ", your researched {} back on top of the {} deck",
                        self.card_name(r),
                        r.deck.word()
                    );
                }
                o
            })
            .collect();
        self.ask(
            format!(
                "Research: you look at the top of the {} deck. Which card do you keep?",
                deck.word()
            ),
            options,
            0,
            Resume::Research { deck, looked },
        )
    }

    pub(crate) fn resolve_research(&mut self, deck: Market, looked: Vec<u16>, option: usize) {
        let picks = self.research_picks(&looked);
        let Some(p) = picks.get(option).or(picks.first()).copied() else {
            return;
        };
        let put = |g: &mut Game, card: u16, top: bool| match deck {
            Market::Units => {
                if let Some(pile) = g.deck.as_mut() {
                    if top {
                        pile.put_top(KindId(card));
                    } else {
                        pile.put_bottom(KindId(card));
                    }
                }
            }
            _ => {
                if let Some(pile) = g.kingdom.pile_mut(deck) {
                    if top {
                        pile.put_top(card);
                    } else {
                        pile.put_bottom(card);
                    }
                }
            }
        };
        if let Some(b) = p.bottom {
            put(self, looked[b], false);
        }
        if let Some(t) = p.top {
            put(self, looked[t], true);
        }
        if let Some(g) = p.give_back {
            let r = self.kingdom.research.remove(g);
            self.put_back_on_top(r);
        }
        self.kingdom.research.push(CardRef {
            deck,
            card: looked[p.keep],
        });
    }

    fn put_back_on_top(&mut self, r: CardRef) {
        match r.deck {
            Market::Units => {
                if let Some(pile) = self.deck.as_mut() {
                    pile.put_top(KindId(r.card));
                }
            }
            deck => {
                if let Some(pile) = self.kingdom.pile_mut(deck) {
                    pile.put_top(r.card);
                }
            }
        }
    }

    /// Pays 5 gold and draws two upgraded workers to choose from (WORKERS: Upgrade; UPGRADES).
    pub(crate) fn upgrade(&mut self) -> Result<Vec<Step>, RuleError> {
        self.check_worker()?;
        self.ready_kingdom();
        self.check_gold("an upgrade", UPGRADE_GOLD, self.ledger.gold)?;
        let Some(pile) = self.kingdom.upgrades_deck.as_mut() else {
            return Err(RuleError::DeckEmpty("upgrades"));
        };
        let mut drawn: Vec<u16> = Vec::new();
        let mut tries = pile.len();
        while drawn.len() < 2 && tries > 0 {
            tries -= 1;
            let Some(c) = pile.draw() else { break };
            if drawn.contains(&c) {
                // The same upgraded worker twice: one goes to the bottom (UPGRADES).
                pile.put_bottom(c);
            } else {
                drawn.push(c);
            }
        }
        if drawn.is_empty() {
            return Err(RuleError::DeckEmpty("upgrades"));
        }
        self.ledger.gold -= UPGRADE_GOLD;
        self.kingdom.used += 1;
        let step = self.ask_upgrade(drawn);
        Ok(step.into_iter().collect())
    }

    pub(crate) fn ask_upgrade(&mut self, drawn: Vec<u16>) -> Option<Step> {
        let options = drawn
            .iter()
            .map(|c| format!("Train a {}", self.cards.name(CardKind::Upgrade, *c)))
            .collect();
        self.ask(
            "Upgrade: which upgraded worker do you train (the other goes to the bottom)?"
                .to_string(),
            options,
            0,
            Resume::Upgrade { drawn },
        )
    }

    pub(crate) fn resolve_upgrade(&mut self, drawn: Vec<u16>, option: usize) {
        let chosen = option.min(drawn.len().saturating_sub(1));
        for (i, c) in drawn.iter().enumerate() {
            if i == chosen {
                self.kingdom.upgrades.push(Held {
                    card: *c,
                    counters: UPGRADE_COUNTERS,
                    damage: 0,
                });
            } else if let Some(pile) = self.kingdom.upgrades_deck.as_mut() {
                pile.put_bottom(*c);
            }
        }
    }

    /// Uses an item (ITEMS): the Potion clears a living unit's damage, the Holy Grail goes to
    /// a unit; any other item is discarded and its text applied by the player.
    pub(crate) fn use_item(&mut self, name: &str, unit: Option<UnitId>) -> Result<Step, RuleError> {
        let card = self
            .cards
            .find(CardKind::Item, name)
            .filter(|c| self.kingdom.items.contains(c))
            .ok_or_else(|| RuleError::NoSuchItem(name.trim().to_string()))?;
        let c = self
            .cards
            .card(CardKind::Item, card)
            .cloned()
            .ok_or_else(|| RuleError::NoSuchItem(name.to_string()))?;
        let on = match (c.effect, unit) {
            (Some(Effect::Potion | Effect::HolyGrail), None) => {
                return Err(RuleError::ItemNeedsUnit(c.name));
            }
            (_, Some(id)) => {
                let u = self.unit(id).ok_or(RuleError::NoSuchUnit(id.0))?;
                if u.owner != Seat::Player {
                    return Err(RuleError::NotYours(self.describe(id)));
                }
                Some(id)
            }
            (_, None) => None,
        };
        let mut text = format!("You use {}", c.name);
        match (c.effect, on) {
            (Some(Effect::Potion), Some(id)) => {
                if let Some(u) = self.unit_mut(id) {
                    u.damage = 0;
                }
                text += &format!(" on {}: its damage is gone", self.describe(id));
            }
            (Some(Effect::HolyGrail), Some(id)) => {
                self.kingdom.grail = Some(id);
                text += &format!(
                    ": {} holds it (2 VP on the centre square)",
                    self.describe(id)
                );
            }
            _ => text += ": apply its card text",
        }
        if let Some(i) = self.kingdom.items.iter().position(|x| *x == card) {
            self.kingdom.items.remove(i);
        }
        if c.effect != Some(Effect::HolyGrail)
            && let Some(pile) = self.kingdom.items_deck.as_mut()
        {
            pile.discard(card);
        }
        Ok(self.kingdom_step(text))
    }

    /// Whether you hold an item with this effect.
    pub(crate) fn holds_item(&self, effect: Effect) -> bool {
        self.kingdom.items.iter().any(|i| {
            self.cards
                .card(CardKind::Item, *i)
                .is_some_and(|c| c.effect == Some(effect))
        })
    }

    /// Uses up an item with this effect (discarded, ITEMS); false when you hold none.
    pub(crate) fn take_item(&mut self, effect: Effect) -> bool {
        let Some(i) = self.kingdom.items.iter().position(|i| {
            self.cards
                .card(CardKind::Item, *i)
                .is_some_and(|c| c.effect == Some(effect))
        }) else {
            return false;
        };
        let card = self.kingdom.items.remove(i);
        if let Some(pile) = self.kingdom.items_deck.as_mut() {
            pile.discard(card);
        }
        true
    }

    /// 2 VP while the Holy Grail's unit stands on the centre square (INDEX: Holy Grail).
    pub fn grail_vp(&self) -> u8 {
        match self.kingdom.grail.and_then(|id| self.unit(id)) {
            Some(u) if u.square == self.board.centre() => 2,
            _ => 0,
        }
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
