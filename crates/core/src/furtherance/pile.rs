//! The digital unit deck: the 36 unit cards of the catalogue, shuffled with the game's seeded
//! RNG (saved with the game, so undo replays the same draws). It supports what the solo AI
//! needs beyond a plain deck: putting a 0-attack card on the bottom (SOLO AI) and taking a
//! named card out when the player places an enemy unit by hand.
//!
//! Also `Shared<T>`: immutable game data (board, catalogue) shared by every undo snapshot.

use std::ops::Deref;
use std::sync::Arc;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::units::KindId;
use crate::rng::SeededRng;

/// Data that never changes during a game, shared between snapshots; saved as its value.
#[derive(Debug)]
pub struct Shared<T>(Arc<T>);

impl<T> Shared<T> {
    pub fn new(value: T) -> Self {
        Shared(Arc::new(value))
    }
}

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: PartialEq> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

impl<T: Serialize> Serialize for Shared<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Shared<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        T::deserialize(d).map(Shared::new)
    }
}

/// The unit deck of a digital game. Cards in play (on the board, in research) are not here.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitPile {
    /// The draw pile; the last card is the top.
    draw: Vec<KindId>,
    discard: Vec<KindId>,
    rng: SeededRng,
    #[serde(default)]
    reshuffles: u32,
}

impl UnitPile {
    pub fn new(mut cards: Vec<KindId>, seed: u64) -> UnitPile {
        let mut rng = SeededRng::new(seed);
        rng.shuffle(&mut cards);
        UnitPile {
            draw: cards,
            discard: Vec::new(),
            rng,
            reshuffles: 0,
        }
    }

    /// A pile in the given order, top card first (hand-worked positions).
    pub fn stacked(top_first: Vec<KindId>, seed: u64) -> UnitPile {
        let mut draw = top_first;
        draw.reverse();
        UnitPile {
            draw,
            discard: Vec::new(),
            rng: SeededRng::new(seed),
            reshuffles: 0,
        }
    }

    /// The seed the pile was shuffled with: the game's seed (a play record names it).
    pub fn seed(&self) -> u64 {
        self.rng.seed()
    }

    /// Draws the top card, shuffling the discard pile in when the draw pile runs out.
    pub fn draw(&mut self) -> Option<KindId> {
        if self.draw.is_empty() && !self.discard.is_empty() {
            self.draw.append(&mut self.discard);
            self.rng.shuffle(&mut self.draw);
            self.reshuffles += 1;
        }
        self.draw.pop()
    }

    /// Puts a card on the bottom of the draw pile (a 0-attack unit the AI skips).
    pub fn put_bottom(&mut self, card: KindId) {
        self.draw.insert(0, card);
    }

    /// Makes the deck up again from `cards` (corrected unit data adopted mid-game), shuffled
    /// with the deck's own RNG so the game stays reproducible.
    pub fn replace_cards(&mut self, mut cards: Vec<KindId>) {
        self.rng.shuffle(&mut cards);
        self.draw = cards;
        self.discard.clear();
    }

    /// Puts a card back on top of the draw pile (a drawn card that found no space).
    pub fn put_top(&mut self, card: KindId) {
        self.draw.push(card);
    }

    pub fn discard(&mut self, card: KindId) {
        self.discard.push(card);
    }

    /// Takes a card of `kind` out of the deck (draw pile first, then discard), if any.
    pub fn take(&mut self, kind: KindId) -> Option<KindId> {
        if let Some(i) = self.draw.iter().position(|k| *k == kind) {
            return Some(self.draw.remove(i));
        }
        let i = self.discard.iter().position(|k| *k == kind)?;
        Some(self.discard.remove(i))
    }

    /// Moves cards of the given kinds to the top, in this order (top card first), keeping
    /// every other card where it was: for hand-worked positions. Fails on a kind the deck no
    /// longer holds.
    pub fn stack_on_top(&mut self, top_first: &[KindId]) -> Result<(), KindId> {
        let mut taken = Vec::new();
        for k in top_first {
            match self.take(*k) {
                Some(c) => taken.push(c),
                None => {
                    for c in taken.into_iter().rev() {
                        self.draw.push(c);
                    }
                    return Err(*k);
                }
            }
        }
        for c in taken.into_iter().rev() {
            self.draw.push(c);
        }
        Ok(())
    }

    pub fn draw_len(&self) -> usize {
        self.draw.len()
    }

    pub fn discard_len(&self) -> usize {
        self.discard.len()
    }

    pub fn len(&self) -> usize {
        self.draw.len() + self.discard.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A card put on the discard pile by hand, for tests of the checks.
    #[cfg(test)]
    pub(crate) fn push_for_test(&mut self, kind: KindId) {
        self.discard.push(kind);
    }

    /// Every card the deck holds, the draw pile then the discard pile.
    pub fn cards(&self) -> impl Iterator<Item = KindId> + '_ {
        self.draw.iter().chain(&self.discard).copied()
    }

    /// How many cards of `kind` the deck holds (draw and discard piles).
    pub fn count(&self, kind: KindId) -> usize {
        self.draw
            .iter()
            .chain(&self.discard)
            .filter(|k| **k == kind)
            .count()
    }

    pub fn reshuffles(&self) -> u32 {
        self.reshuffles
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_draws_the_same_cards() {
        let cards: Vec<KindId> = (0..20).map(KindId).collect();
        let mut a = UnitPile::new(cards.clone(), 3);
        let mut b = UnitPile::new(cards, 3);
        for _ in 0..20 {
            assert_eq!(a.draw(), b.draw());
        }
    }

    #[test]
    fn a_card_put_on_the_bottom_comes_last() {
        let mut p = UnitPile::stacked(vec![KindId(1), KindId(2), KindId(3)], 0);
        let c = p.draw().unwrap();
        p.put_bottom(c);
        assert_eq!(p.draw(), Some(KindId(2)));
        assert_eq!(p.draw(), Some(KindId(3)));
        assert_eq!(p.draw(), Some(KindId(1)));
        assert_eq!(p.draw(), None);
    }

    #[test]
    fn the_discard_pile_is_shuffled_in_when_the_draw_pile_runs_out() {
        let mut p = UnitPile::stacked(vec![KindId(1)], 0);
        let c = p.draw().unwrap();
        p.discard(c);
        assert_eq!(p.draw(), Some(KindId(1)));
        assert_eq!(p.reshuffles(), 1);
    }
}
