//! The kingdom as a player reads it: every card by its name, the face-up markets, the
//! actions left this turn and the VP counted (`tablemate furtherance show --json`'s
//! `kingdom` object, docs/furtherance.md; the text `show` and the window read it too).

use serde::Serialize;

use super::cards::{CardKind, Effect};
use super::kingdom::{CardRef, Market};
use super::state::Game;
use super::units::KindId;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct KingdomView {
    pub gold: u32,
    pub workers: u8,
    pub actions_left: u8,
    pub leader: Option<NamedCard>,
    pub vp: u8,
    pub research: Vec<MarketCard>,
    pub buildings: Vec<HeldCard>,
    pub items: Vec<NamedCard>,
    pub upgrades: Vec<HeldCard>,
    pub market: MarketView,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NamedCard {
    pub name: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub text: String,
    /// What the app applies of it, in words (empty: its text is yours to apply).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub applies: String,
    /// The leader: counters left on the card (Payne), uses of the power left this turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counters: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uses_left: Option<u8>,
}

/// A building or upgraded worker: turn counters left (0: in play) and damage.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeldCard {
    pub name: String,
    pub turn_counters: u8,
    pub in_play: bool,
    pub damage: u8,
    /// What the app applies of it, in words (upgraded workers: what it is better at).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub applies: String,
    /// Upgraded workers: it took one of this turn's actions.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub acted: bool,
}

/// A face-up card (a stack of `count` alike) or a researched one, with its cost.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MarketCard {
    pub deck: Market,
    pub name: String,
    pub cost: u8,
    pub count: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MarketView {
    pub units: Vec<MarketCard>,
    pub items: Vec<MarketCard>,
    pub buildings: Vec<MarketCard>,
}

impl Game {
    fn card_cost(&self, card: CardRef) -> u8 {
        match card.deck.card_kind() {
            None => self.catalog.get(KindId(card.card)).map_or(0, |k| k.cost),
            Some(kind) => self.cards.card(kind, card.card).map_or(0, |c| c.cost),
        }
    }

    fn market_card(&self, deck: Market, card: u16, count: usize) -> MarketCard {
        let r = CardRef { deck, card };
        MarketCard {
            deck,
            name: self.card_name(r),
            cost: self.card_cost(r),
            count,
        }
    }

    pub fn kingdom_view(&self) -> KingdomView {
        let k = &self.kingdom;
        let applies = |kind: CardKind, card: u16| {
            self.cards
                .card(kind, card)
                .and_then(|c| c.effect.map(|e| e.applies(c.amount, c.boost)))
                .unwrap_or_default()
        };
        let held = |kind: CardKind, h: &super::kingdom::Held| HeldCard {
            name: self.cards.name(kind, h.card),
            turn_counters: h.counters,
            in_play: h.counters == 0,
            damage: h.damage,
            applies: applies(kind, h.card),
            acted: false,
        };
        let slots = |deck: Market, slots: &[Vec<u16>]| -> Vec<MarketCard> {
            slots
                .iter()
                .filter_map(|s| s.first().map(|c| self.market_card(deck, *c, s.len())))
                .collect()
        };
        let units: Vec<Vec<u16>> = k
            .units_market
            .iter()
            .map(|s| s.iter().map(|k| k.0).collect())
            .collect();
        KingdomView {
            gold: self.ledger.gold,
            workers: self.ledger.workers,
            actions_left: self.actions_left(),
            leader: k
                .leader
                .and_then(|l| self.cards.card(CardKind::Leader, l))
                .map(|c| {
                    let effect = c.effect;
                    let uses = matches!(effect, Some(Effect::Audric | Effect::Dedric))
                        .then(|| c.amount.max(1).saturating_sub(k.leader_uses));
                    NamedCard {
                        name: c.name.clone(),
                        text: c.text.clone(),
                        applies: effect
                            .map(|e| e.applies(c.amount, c.boost))
                            .unwrap_or_default(),
                        counters: (effect == Some(Effect::Payne)).then_some(k.leader_counters),
                        uses_left: uses,
                    }
                }),
            vp: self.total_vp(),
            research: k
                .research
                .iter()
                .map(|r| self.market_card(r.deck, r.card, 1))
                .collect(),
            buildings: k
                .buildings
                .iter()
                .map(|b| held(CardKind::Building, b))
                .collect(),
            items: k
                .items
                .iter()
                .map(|i| NamedCard {
                    name: self.cards.name(CardKind::Item, *i),
                    text: self
                        .cards
                        .card(CardKind::Item, *i)
                        .map(|c| c.text.clone())
                        .unwrap_or_default(),
                    applies: applies(CardKind::Item, *i),
                    counters: None,
                    uses_left: None,
                })
                .collect(),
            upgrades: k
                .upgrades
                .iter()
                .enumerate()
                .map(|(i, u)| HeldCard {
                    acted: k.upgrades_acted.contains(&i),
                    ..held(CardKind::Upgrade, u)
                })
                .collect(),
            market: MarketView {
                units: slots(Market::Units, &units),
                items: slots(Market::Items, &k.items_market),
                buildings: slots(Market::Buildings, &k.buildings_market),
            },
        }
    }
}
