//! The player's kingdom (GAMEPLAY, WORKERS, CARD TYPES, BUILDINGS, ITEMS, UPGRADES, LEADERS,
//! SOLO SETUP): the leader, the worker actions used this turn, the research, the buildings
//! and upgrades with their turn counters, the items held, and the three face-up markets with
//! the item, building and upgrade decks. The units market draws from the game's one unit
//! deck (`Game::deck`) in digital mode; in physical mode the player names what was bought.

use serde::{Deserialize, Serialize};

use super::cards::{CardKind, Cards};
use super::pile::UnitPile;
use super::units::KindId;
use crate::rng::SeededRng;

/// Face-up cards next to each deck (CARD TYPES).
pub const MARKET_SLOTS: usize = 3;
/// Cards in research at once (LEADERS: the research paragraph).
pub const MAX_RESEARCH: usize = 2;
/// Buildings under construction at once (BUILDINGS).
pub const MAX_UNDER_CONSTRUCTION: usize = 2;
/// Buildings in all, under construction included (BUILDINGS).
pub const MAX_BUILDINGS: usize = 7;
/// Items held (ITEMS).
pub const MAX_ITEMS: usize = 5;
/// Gold a Mine action collects (WORKERS).
pub const MINE_GOLD: u32 = 4;
/// Gold an upgrade costs, and its turn counters (UPGRADES).
pub const UPGRADE_GOLD: u32 = 5;
pub const UPGRADE_COUNTERS: u8 = 3;
/// Gold to put a dying unit or a destroyed building in your research (COMBAT).
pub const RESEARCH_RESCUE_GOLD: u32 = 2;
/// Items bought with one Buy action (WORKERS).
pub const ITEMS_PER_BUY: usize = 2;

/// One of the three decks the player buys from and researches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Market {
    Units,
    Items,
    Buildings,
}

impl Market {
    pub const ALL: [Market; 3] = [Market::Units, Market::Items, Market::Buildings];

    pub fn word(self) -> &'static str {
        match self {
            Market::Units => "units",
            Market::Items => "items",
            Market::Buildings => "buildings",
        }
    }

    pub fn parse(text: &str) -> Option<Market> {
        Market::ALL
            .into_iter()
            .find(|m| m.word().eq_ignore_ascii_case(text.trim()))
    }

    pub(crate) fn card_kind(self) -> Option<CardKind> {
        match self {
            Market::Units => None,
            Market::Items => Some(CardKind::Item),
            Market::Buildings => Some(CardKind::Building),
        }
    }
}

/// A card of one of the three decks: a unit kind or an item/building index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardRef {
    pub deck: Market,
    pub card: u16,
}

/// A face-up place in a market: one card, or several of the same stacked (CARD TYPES).
pub type Slot = Vec<u16>;

/// A deck of item, building or upgrade cards: the last card is the top.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CardPile {
    pub(crate) draw: Vec<u16>,
    #[serde(default)]
    pub(crate) discard: Vec<u16>,
    pub(crate) rng: SeededRng,
}

impl CardPile {
    pub fn new(mut cards: Vec<u16>, seed: u64) -> CardPile {
        let mut rng = SeededRng::new(seed);
        rng.shuffle(&mut cards);
        CardPile {
            draw: cards,
            discard: Vec::new(),
            rng,
        }
    }

    /// The top card; the discard pile is shuffled in when the draw pile runs out.
    pub fn draw(&mut self) -> Option<u16> {
        if self.draw.is_empty() && !self.discard.is_empty() {
            self.draw.append(&mut self.discard);
            self.rng.shuffle(&mut self.draw);
        }
        self.draw.pop()
    }

    pub fn put_top(&mut self, card: u16) {
        self.draw.push(card);
    }

    pub fn put_bottom(&mut self, card: u16) {
        self.draw.insert(0, card);
    }

    pub fn discard(&mut self, card: u16) {
        self.discard.push(card);
    }

    pub fn len(&self) -> usize {
        self.draw.len() + self.discard.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A building or an upgraded worker in front of the player, with its turn counters left
/// (0: finished and in play) and, for a building, its damage.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Held {
    pub card: u16,
    pub counters: u8,
    #[serde(default)]
    pub damage: u8,
}

/// The player's kingdom.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Kingdom {
    /// False in a save from before the app kept the kingdom: the decks are dealt on the
    /// first worker action, and the player's units stay outside the unit deck.
    #[serde(default)]
    pub dealt: bool,
    /// The player's units, the units market and research come off the game's unit deck
    /// (digital mode of a game started with the kingdom).
    #[serde(default)]
    pub one_deck: bool,
    #[serde(default)]
    pub leader: Option<u16>,
    /// Worker actions taken this turn.
    #[serde(default)]
    pub used: u8,
    /// Upgraded workers (indices into `upgrades`) that took this turn's actions.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub upgrades_acted: Vec<usize>,
    /// Trosh's power was used this turn (SOLO RULES 3: on one of your two workers).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub trosh_used: bool,
    /// Uses of the leader's power this turn (Audric, Dedric).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub leader_uses: u8,
    /// Counters left on the leader's card (Payne the Planner).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub leader_counters: u8,
    /// Set only while the leader's power (Dedric) acquires a card: no worker is used.
    #[serde(skip)]
    pub(crate) leader_acting: bool,
    #[serde(default)]
    pub research: Vec<CardRef>,
    #[serde(default)]
    pub buildings: Vec<Held>,
    #[serde(default)]
    pub items: Vec<u16>,
    /// Upgraded workers: developing (counters left) or in play, each replacing a worker.
    #[serde(default)]
    pub upgrades: Vec<Held>,
    /// VP kept from bought cards (items with VP).
    #[serde(default)]
    pub card_vp: u8,
    /// The unit holding the Holy Grail, if it was given to one.
    #[serde(default)]
    pub grail: Option<super::state::UnitId>,
    #[serde(default)]
    pub units_market: Vec<Vec<KindId>>,
    #[serde(default)]
    pub items_market: Vec<Slot>,
    #[serde(default)]
    pub buildings_market: Vec<Slot>,
    #[serde(default)]
    pub items_deck: Option<CardPile>,
    #[serde(default)]
    pub buildings_deck: Option<CardPile>,
    #[serde(default)]
    pub upgrades_deck: Option<CardPile>,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Flips cards onto `slots` until three places are filled or the deck is out; a card like
/// one already face up is stacked on it and another is flipped (CARD TYPES). A place emptied
/// by [`take_from`] is filled where it was, so the cards beside it keep their places (the
/// window's rows do not move under the pointer); a place the deck cannot fill is dropped.
pub(crate) fn refill<T: PartialEq + Copy>(
    slots: &mut Vec<Vec<T>>,
    mut draw: impl FnMut() -> Option<T>,
) {
    while slots.iter().filter(|s| !s.is_empty()).count() < MARKET_SLOTS {
        let Some(card) = draw() else { break };
        if let Some(stack) = slots.iter_mut().find(|s| s.first() == Some(&card)) {
            stack.push(card);
        } else if let Some(hole) = slots.iter_mut().find(|s| s.is_empty()) {
            hole.push(card);
        } else {
            slots.push(vec![card]);
        }
    }
    close_holes(slots);
}

/// Drops the places left empty (a market with no deck behind it to refill them).
pub(crate) fn close_holes<T>(slots: &mut Vec<Vec<T>>) {
    slots.retain(|s| !s.is_empty());
}

/// Takes one card of `card` from the market's slots. An emptied place stays, empty, until
/// [`refill`] fills it where it was (or [`close_holes`] drops it).
pub(crate) fn take_from<T: PartialEq + Copy>(slots: &mut [Vec<T>], card: T) -> bool {
    let Some(i) = slots.iter().position(|s| s.first() == Some(&card)) else {
        return false;
    };
    slots[i].pop();
    true
}

impl Kingdom {
    /// Solo setup: the decks shuffled from `seed`, three face-up cards each (the units from
    /// `units` when it is the digital deck), and a leader drawn at random unless `leader`
    /// names one (SOLO SETUP: "choose your leader randomly").
    pub fn deal(
        cards: &Cards,
        units: Option<&mut UnitPile>,
        seed: u64,
        leader: Option<u16>,
    ) -> Kingdom {
        let mut k = Kingdom {
            dealt: true,
            one_deck: units.is_some(),
            ..Kingdom::default()
        };
        k.deal_decks(cards, seed);
        if let Some(pile) = units {
            refill(&mut k.units_market, || pile.draw());
        }
        let mut rng = SeededRng::new(seed ^ 0x1ead_e500);
        k.leader = leader.or_else(|| {
            let n = cards.leaders.len() as u64;
            (n > 0).then(|| rng.below(n) as u16)
        });
        // Payne's counters go on his card at setup (LEADERS; INDEX).
        k.leader_counters = k
            .leader
            .and_then(|l| cards.card(CardKind::Leader, l))
            .filter(|c| c.effect == Some(super::cards::Effect::Payne))
            .map_or(0, |c| c.turns);
        k
    }

    /// The item, building and upgrade decks and their markets.
    pub(crate) fn deal_decks(&mut self, cards: &Cards, seed: u64) {
        let mut items = CardPile::new(cards.deck_cards(CardKind::Item), seed ^ 0x17e3);
        let mut buildings = CardPile::new(cards.deck_cards(CardKind::Building), seed ^ 0xb01d);
        let upgrades = CardPile::new(cards.deck_cards(CardKind::Upgrade), seed ^ 0x0b9a);
        refill(&mut self.items_market, || items.draw());
        refill(&mut self.buildings_market, || buildings.draw());
        self.items_deck = Some(items);
        self.buildings_deck = Some(buildings);
        self.upgrades_deck = Some(upgrades);
        self.dealt = true;
    }

    pub(crate) fn pile_mut(&mut self, market: Market) -> Option<&mut CardPile> {
        match market {
            Market::Units => None,
            Market::Items => self.items_deck.as_mut(),
            Market::Buildings => self.buildings_deck.as_mut(),
        }
    }

    pub(crate) fn slots_mut(&mut self, market: Market) -> Option<&mut Vec<Slot>> {
        match market {
            Market::Units => None,
            Market::Items => Some(&mut self.items_market),
            Market::Buildings => Some(&mut self.buildings_market),
        }
    }

    /// Refills an item or building market from its deck.
    pub(crate) fn refill_market(&mut self, market: Market) {
        let (slots, pile) = match market {
            Market::Units => return,
            Market::Items => (&mut self.items_market, self.items_deck.as_mut()),
            Market::Buildings => (&mut self.buildings_market, self.buildings_deck.as_mut()),
        };
        match pile {
            Some(pile) => refill(slots, || pile.draw()),
            None => close_holes(slots),
        }
    }

    /// Buildings still under construction.
    pub fn under_construction(&self) -> usize {
        self.buildings.iter().filter(|b| b.counters > 0).count()
    }

    /// Upgraded workers in play (their counters all removed).
    pub fn upgraded_workers(&self) -> impl Iterator<Item = u16> + '_ {
        self.upgrades
            .iter()
            .filter(|u| u.counters == 0)
            .map(|u| u.card)
    }

    /// Whether a finished building with this effect stands.
    pub fn has_building(&self, cards: &Cards, effect: super::cards::Effect) -> bool {
        self.buildings.iter().any(|b| {
            b.counters == 0
                && cards
                    .card(CardKind::Building, b.card)
                    .is_some_and(|c| c.effect == Some(effect))
        })
    }

    /// VP from finished buildings that give VP, plus VP kept from bought cards.
    pub fn cards_vp(&self, cards: &Cards) -> u8 {
        let buildings: u32 = self
            .buildings
            .iter()
            .filter(|b| b.counters == 0)
            .filter_map(|b| cards.card(CardKind::Building, b.card))
            .map(|c| u32::from(c.vp))
            .sum();
        u8::try_from(buildings + u32::from(self.card_vp)).unwrap_or(u8::MAX)
    }

    /// The leader's card.
    pub fn leader_card<'a>(&self, cards: &'a Cards) -> Option<&'a super::cards::Card> {
        self.leader.and_then(|l| cards.card(CardKind::Leader, l))
    }

    /// The leader's effect, if the leader has one the engine applies.
    pub fn leader_effect(&self, cards: &Cards) -> Option<super::cards::Effect> {
        self.leader
            .and_then(|l| cards.card(CardKind::Leader, l))
            .and_then(|c| c.effect)
    }
}
