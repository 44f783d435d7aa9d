//! Items (ITEMS; INDEX: Holy Grail, Invincibility Cloak, Potion): using one, holding at most
//! five (a sixth is used at once), and the items that act when one of your units is
//! attacked, which stop the enemy turn and ask.

use super::cards::{CardKind, Effect};
use super::error::RuleError;
use super::square::Seat;
use super::state::{Game, UnitId};
use super::step::Step;

impl Game {
    /// Uses an item (ITEMS): the Potion clears a living unit's damage, the Holy Grail goes to
    /// a unit; any other item is discarded and its text applied by the player.
    pub(crate) fn use_item(&mut self, name: &str, unit: Option<UnitId>) -> Result<Step, RuleError> {
        let card = self
            .cards
            .find(CardKind::Item, name)
            .filter(|c| self.kingdom.items.contains(c))
            .ok_or_else(|| RuleError::NoSuchItem(name.trim().to_string()))?;
        self.use_card(card, unit)
    }

    /// Uses item card `card` you hold, on `unit` where it needs one.
    pub(crate) fn use_card(&mut self, card: u16, unit: Option<UnitId>) -> Result<Step, RuleError> {
        let name = self.cards.name(CardKind::Item, card);
        let c = self
            .cards
            .card(CardKind::Item, card)
            .cloned()
            .ok_or(RuleError::NoSuchItem(name))?;
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
}

/// How an item is used in a question: the card, and the unit it goes on.
pub(crate) type ItemUse = (u16, Option<UnitId>);

impl Game {
    /// Your units the Potion may heal now: alive, with damage on them.
    fn potion_targets(&self) -> Vec<UnitId> {
        self.units
            .iter()
            .filter(|u| u.owner == Seat::Player && u.damage > 0 && !self.is_dead(u))
            .map(|u| u.id)
            .collect()
    }

    /// Each way to use each item you hold, with its words: the Potion on a damaged unit of
    /// yours, the Holy Grail to a unit of yours, any other item on its own.
    fn item_uses(&self) -> Vec<(ItemUse, String)> {
        let mut seen = Vec::new();
        let mut out = Vec::new();
        for card in self.kingdom.items.iter().copied() {
            if seen.contains(&card) {
                continue;
            }
            seen.push(card);
            let Some(c) = self.cards.card(CardKind::Item, card) else {
                continue;
            };
            let on = |ids: Vec<UnitId>, verb: &str| -> Vec<(ItemUse, String)> {
                ids.into_iter()
                    .map(|id| {
                        (
                            (card, Some(id)),
                            format!("{} {verb} {}", c.name, self.describe(id)),
                        )
                    })
                    .collect()
            };
            let uses = match c.effect {
                Some(Effect::Potion) => on(self.potion_targets(), "on"),
                Some(Effect::HolyGrail) => {
                    on(self.units_of(Seat::Player).map(|u| u.id).collect(), "to")
                }
                _ => Vec::new(),
            };
            if uses.is_empty() {
                out.push((
                    (card, None),
                    format!("{} (discarded: apply its text)", c.name),
                ));
            } else {
                out.extend(uses);
            }
        }
        out
    }

    /// With a sixth item in hand, one must be used at once (ITEMS): the question.
    pub(crate) fn ask_sixth_item(&mut self) -> Option<Step> {
        if self.kingdom.items.len() <= super::kingdom::MAX_ITEMS {
            return None;
        }
        let (uses, options): (Vec<ItemUse>, Vec<String>) = self.item_uses().into_iter().unzip();
        self.ask(
            "You hold 6 items: you may hold 5, so use one now (ITEMS). Which?".to_string(),
            options,
            0,
            super::agenda::Resume::SixthItem { uses },
        )
    }

    pub(crate) fn resolve_item_use(&mut self, uses: &[ItemUse], option: usize) {
        if let Some((card, unit)) = uses.get(option).copied() {
            let unit = unit.filter(|id| self.unit(*id).is_some());
            if self.use_card(card, unit).is_err() {
                self.drop_item(card);
            }
        }
    }

    /// Discards an item you hold without its effect (its unit is gone).
    fn drop_item(&mut self, card: u16) {
        if let Some(i) = self.kingdom.items.iter().position(|x| *x == card) {
            self.kingdom.items.remove(i);
            if let Some(pile) = self.kingdom.items_deck.as_mut() {
                pile.discard(card);
            }
        }
    }

    /// After an enemy attack your unit survived with damage, in the enemies' turn: with a
    /// Potion in hand the turn stops and asks, before more attacks are declared (ITEMS: the
    /// Potion may follow an attack your unit survived; INDEX: Potion).
    pub(crate) fn offer_after_attack(&mut self, unit: UnitId) -> Option<Step> {
        let u = self.unit(unit)?;
        if u.owner != Seat::Player || u.damage == 0 || self.is_dead(u) {
            return None;
        }
        let uses: Vec<(ItemUse, String)> = self
            .item_uses()
            .into_iter()
            .filter(|((card, on), _)| {
                *on == Some(unit)
                    && self
                        .cards
                        .card(CardKind::Item, *card)
                        .is_some_and(|c| c.effect == Some(Effect::Potion))
            })
            .collect();
        if uses.is_empty() {
            return None;
        }
        let (mut uses, mut options): (Vec<ItemUse>, Vec<String>) = uses.into_iter().unzip();
        let hp = self.hp(u);
        let question = format!(
            "{} survived the attack ({}/{hp} damage). Use an item before more attacks come?",
            self.describe(unit),
            u.damage
        );
        options.push("Not now".to_string());
        uses.push((u16::MAX, None));
        let default = options.len() - 1;
        self.ask(
            question,
            options,
            default,
            super::agenda::Resume::AfterAttack { unit, uses },
        )
    }
}
