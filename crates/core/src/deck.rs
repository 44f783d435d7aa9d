//! A generic seeded deck: shuffle, draw, discard, reshuffle, and the deck tools players ask for.
//!
//! The draw pile's order is private: nothing in the public API reveals which card comes next,
//! and looking at a deck (counts, the last discard) never shuffles it. Shuffles use our own
//! Fisher–Yates over a ChaCha8 stream (`crate::rng`), so the same seed gives the same order on
//! every machine and with every future version of the `rand` crates. The RNG is part of the deck's saved
//! state, so undo (which restores a snapshot) replays the same draws.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// What happens when a draw finds the draw pile empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum WhenEmpty {
    /// Shuffle the discard pile into a new draw pile, then draw.
    #[default]
    ReshuffleDiscard,
    /// Refuse the draw; the game decides what an empty deck means.
    Refuse,
}

/// Where a drawn card goes back to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Position {
    Top,
    Bottom,
    /// Somewhere random among the undrawn cards.
    Shuffled,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DeckError {
    #[error("the deck is empty and so is its discard pile")]
    Exhausted,
    #[error("the deck is empty (this game does not reshuffle the discard pile)")]
    Empty,
    #[error("there is no drawn card number {0}")]
    NoSuchDrawnCard(usize),
}

/// A deck kept in a history (a standalone deck's undo) is diffed whole.
impl<C> crate::history::SetAside for Deck<C> {}

/// A deck of cards of type `C`. Every card is always in exactly one of four places: the draw
/// pile, in play (drawn and not yet discarded), the discard pile, or removed from the game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Deck<C> {
    draw_pile: Vec<C>,
    in_play: Vec<C>,
    discard: Vec<C>,
    removed: Vec<C>,
    seed: u64,
    rng: ChaCha8Rng,
    when_empty: WhenEmpty,
    #[serde(default)]
    reshuffles: u32,
}

impl<C: Clone> Deck<C> {
    /// A deck of `cards`, shuffled with `seed`.
    pub fn new(cards: Vec<C>, seed: u64, when_empty: WhenEmpty) -> Self {
        let mut deck = Self {
            draw_pile: cards,
            in_play: Vec::new(),
            discard: Vec::new(),
            removed: Vec::new(),
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            when_empty,
            reshuffles: 0,
        };
        deck.shuffle_draw_pile();
        deck
    }

    /// A deck kept in the order given (top card first), for physical decks mirrored by hand
    /// and for tests of hand-worked positions.
    pub fn stacked(top_first: Vec<C>, seed: u64, when_empty: WhenEmpty) -> Self {
        let mut draw_pile = top_first;
        draw_pile.reverse();
        Self {
            draw_pile,
            in_play: Vec::new(),
            discard: Vec::new(),
            removed: Vec::new(),
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            when_empty,
            reshuffles: 0,
        }
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Draws the top card; it stays "in play" until discarded, put back or removed.
    pub fn draw(&mut self) -> Result<C, DeckError> {
        if self.draw_pile.is_empty() {
            match self.when_empty {
                WhenEmpty::Refuse => return Err(DeckError::Empty),
                WhenEmpty::ReshuffleDiscard => {
                    if self.discard.is_empty() {
                        return Err(DeckError::Exhausted);
                    }
                    self.reshuffle_discard_into_draw_pile();
                }
            }
        }
        let card = self.draw_pile.pop().ok_or(DeckError::Exhausted)?;
        self.in_play.push(card.clone());
        Ok(card)
    }

    /// Draws and discards at once: a challenge card that is read and thrown away.
    pub fn draw_to_discard(&mut self) -> Result<C, DeckError> {
        let card = self.draw()?;
        let index = self.in_play.len() - 1;
        self.discard_drawn(index)?;
        Ok(card)
    }

    /// Moves drawn card `index` (in draw order) to the discard pile.
    pub fn discard_drawn(&mut self, index: usize) -> Result<(), DeckError> {
        let card = self.take_drawn(index)?;
        self.discard.push(card);
        Ok(())
    }

    /// Deck tool "put a drawn card back": on top, at the bottom, or shuffled in.
    pub fn put_back(&mut self, index: usize, position: Position) -> Result<(), DeckError> {
        let card = self.take_drawn(index)?;
        match position {
            Position::Top => self.draw_pile.push(card),
            Position::Bottom => self.draw_pile.insert(0, card),
            Position::Shuffled => {
                let at = self.below(self.draw_pile.len() as u64 + 1) as usize;
                self.draw_pile.insert(at, card);
            }
        }
        Ok(())
    }

    /// Deck tool "remove a card": takes drawn card `index` out of the game.
    pub fn remove_drawn(&mut self, index: usize) -> Result<C, DeckError> {
        let card = self.take_drawn(index)?;
        self.removed.push(card.clone());
        Ok(card)
    }

    /// Deck tool "shuffle the undrawn cards only".
    pub fn shuffle_undrawn(&mut self) {
        self.shuffle_draw_pile();
    }

    /// Deck tool "full reshuffle": discard pile back into the draw pile, then shuffle.
    /// Cards in play stay where they are.
    pub fn reshuffle_all(&mut self) {
        self.reshuffle_discard_into_draw_pile();
    }

    pub fn draw_len(&self) -> usize {
        self.draw_pile.len()
    }

    pub fn discard_len(&self) -> usize {
        self.discard.len()
    }

    /// The most recently discarded card: the only discard a player may look at.
    pub fn last_discarded(&self) -> Option<&C> {
        self.discard.last()
    }

    /// Drawn cards not yet discarded, in the order they were drawn.
    pub fn in_play(&self) -> &[C] {
        &self.in_play
    }

    pub fn removed(&self) -> &[C] {
        &self.removed
    }

    /// Times the discard pile has been shuffled back in.
    pub fn reshuffles(&self) -> u32 {
        self.reshuffles
    }

    /// Every card the deck owns, wherever it is.
    pub fn total_len(&self) -> usize {
        self.draw_pile.len() + self.in_play.len() + self.discard.len() + self.removed.len()
    }

    /// The undrawn cards as a sorted multiset: enough for odds, nothing about the order.
    pub fn undrawn_sorted(&self) -> Vec<C>
    where
        C: Ord,
    {
        let mut cards = self.draw_pile.clone();
        cards.sort();
        cards
    }

    /// Every card the deck owns, sorted: for conservation checks.
    pub fn all_cards_sorted(&self) -> Vec<C>
    where
        C: Ord,
    {
        let mut cards: Vec<C> = self
            .draw_pile
            .iter()
            .chain(&self.in_play)
            .chain(&self.discard)
            .chain(&self.removed)
            .cloned()
            .collect();
        cards.sort();
        cards
    }

    fn take_drawn(&mut self, index: usize) -> Result<C, DeckError> {
        if index >= self.in_play.len() {
            return Err(DeckError::NoSuchDrawnCard(index));
        }
        Ok(self.in_play.remove(index))
    }

    fn reshuffle_discard_into_draw_pile(&mut self) {
        self.draw_pile.append(&mut self.discard);
        self.shuffle_draw_pile();
        self.reshuffles += 1;
    }

    fn shuffle_draw_pile(&mut self) {
        // Fisher–Yates, from the end; the last element is the top of the pile.
        crate::rng::fisher_yates(&mut self.rng, &mut self.draw_pile);
    }

    /// A uniform number in `0..n`, by rejection sampling (no modulo bias).
    fn below(&mut self, n: u64) -> u64 {
        crate::rng::below(&mut self.rng, n)
    }
}

/// A fresh seed for a new game, from the clock (the seed is stored, so the game replays).
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0x5eed);
    // Mix so consecutive calls differ in every bit.
    let mut x = nanos ^ 0x9E37_79B9_7F4A_7C15;
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::SeededRng;

    fn cards(n: u32) -> Vec<u32> {
        (0..n).collect()
    }

    fn draw_all(deck: &mut Deck<u32>) -> Vec<u32> {
        let mut out = Vec::new();
        while let Ok(c) = deck.draw() {
            out.push(c);
            if out.len() > 1000 {
                break;
            }
        }
        out
    }

    #[test]
    fn same_seed_gives_same_order() {
        let mut a = Deck::new(cards(36), 42, WhenEmpty::Refuse);
        let mut b = Deck::new(cards(36), 42, WhenEmpty::Refuse);
        assert_eq!(draw_all(&mut a), draw_all(&mut b));
    }

    #[test]
    fn different_seeds_give_different_orders() {
        let mut a = Deck::new(cards(36), 1, WhenEmpty::Refuse);
        let mut b = Deck::new(cards(36), 2, WhenEmpty::Refuse);
        assert_ne!(draw_all(&mut a), draw_all(&mut b));
    }

    #[test]
    fn shuffle_order_is_pinned_across_versions() {
        // If this changes, every saved seed replays differently: bump the save version.
        let mut d = Deck::new(cards(10), 7, WhenEmpty::Refuse);
        let order = draw_all(&mut d);
        let mut again = Deck::new(cards(10), 7, WhenEmpty::Refuse);
        assert_eq!(order, draw_all(&mut again));
        let mut sorted = order.clone();
        sorted.sort();
        assert_eq!(sorted, cards(10));
        assert_ne!(
            order,
            cards(10),
            "a shuffle of ten cards left them in order"
        );
    }

    #[test]
    fn empty_draw_reshuffles_the_discard_pile_when_configured() {
        let mut d = Deck::new(cards(3), 9, WhenEmpty::ReshuffleDiscard);
        for _ in 0..3 {
            d.draw_to_discard().unwrap();
        }
        assert_eq!(d.draw_len(), 0);
        assert_eq!(d.discard_len(), 3);
        d.draw().unwrap();
        assert_eq!(d.reshuffles(), 1);
        assert_eq!(d.draw_len(), 2);
        assert_eq!(d.discard_len(), 0);
    }

    #[test]
    fn empty_draw_is_refused_when_the_game_says_so() {
        let mut d = Deck::new(cards(1), 9, WhenEmpty::Refuse);
        d.draw_to_discard().unwrap();
        assert_eq!(d.draw(), Err(DeckError::Empty));
        assert_eq!(d.discard_len(), 1);
    }

    #[test]
    fn exhausted_deck_says_so() {
        let mut d = Deck::new(cards(1), 9, WhenEmpty::ReshuffleDiscard);
        d.draw().unwrap();
        assert_eq!(d.draw(), Err(DeckError::Exhausted));
    }

    #[test]
    fn looking_at_a_deck_never_shuffles_it() {
        let d = Deck::new(cards(20), 5, WhenEmpty::Refuse);
        let before = d.clone();
        let _ = (
            d.draw_len(),
            d.discard_len(),
            d.last_discarded(),
            d.undrawn_sorted(),
        );
        assert_eq!(d, before);
    }

    #[test]
    fn undo_by_snapshot_replays_the_same_draw() {
        let mut d = Deck::new(cards(20), 11, WhenEmpty::ReshuffleDiscard);
        let snapshot = d.clone();
        let first = d.draw().unwrap();
        let mut replay = snapshot;
        assert_eq!(replay.draw().unwrap(), first);
    }

    #[test]
    fn put_back_on_top_is_drawn_next_and_bottom_last() {
        let mut d = Deck::new(cards(5), 3, WhenEmpty::Refuse);
        let c = d.draw().unwrap();
        d.put_back(0, Position::Top).unwrap();
        assert_eq!(d.draw().unwrap(), c);
        d.put_back(0, Position::Bottom).unwrap();
        let rest = draw_all(&mut d);
        assert_eq!(rest.last(), Some(&c));
    }

    #[test]
    fn removed_cards_are_kept_aside() {
        let mut d = Deck::new(cards(5), 3, WhenEmpty::Refuse);
        let c = d.draw().unwrap();
        assert_eq!(d.remove_drawn(0).unwrap(), c);
        assert_eq!(d.removed(), &[c]);
        assert_eq!(d.total_len(), 5);
        assert_eq!(d.draw_len(), 4);
        assert_eq!(d.remove_drawn(3), Err(DeckError::NoSuchDrawnCard(3)));
    }

    #[test]
    fn stacked_deck_draws_in_the_given_order() {
        let mut d = Deck::stacked(vec![7, 8, 9], 0, WhenEmpty::Refuse);
        assert_eq!(draw_all(&mut d), vec![7, 8, 9]);
    }

    #[test]
    fn deck_survives_save_and_load_with_its_rng() {
        let mut d = Deck::new(cards(30), 77, WhenEmpty::ReshuffleDiscard);
        d.draw_to_discard().unwrap();
        let text = serde_json::to_string(&d).unwrap();
        let mut back: Deck<u32> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, d);
        assert_eq!(back.draw().unwrap(), d.draw().unwrap());
    }

    #[test]
    fn seeded_rng_below_stays_in_range() {
        let mut r = SeededRng::new(1);
        for n in 1..50 {
            assert!(r.below(n) < n);
        }
    }
}

/// The deck tools players ask for, as values: each has a label for the undo history and is
/// applied to a deck inside a game's history entry (`doc.apply(tool.label(name), ...)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DeckTool {
    /// Shuffle the undrawn cards only.
    ShuffleUndrawn,
    /// Shuffle the discard pile back in and shuffle everything undrawn.
    ReshuffleAll,
    /// Take drawn card `n` (in draw order) out of the game.
    Remove(usize),
    /// Put drawn card `n` back into the draw pile.
    PutBack(usize, Position),
}

impl DeckTool {
    /// "Skyhawks deck: shuffle the undrawn cards".
    pub fn label(&self, deck_name: &str) -> String {
        // Counted from 1 as a player counts; any number typed, even one no deck reaches,
        // has a label (the deck refuses it after).
        let shown = |n: &usize| n.saturating_add(1);
        let what = match self {
            DeckTool::ShuffleUndrawn => "shuffle the undrawn cards".to_string(),
            DeckTool::ReshuffleAll => "full reshuffle (discards back in)".to_string(),
            DeckTool::Remove(n) => format!("remove drawn card {} from the game", shown(n)),
            DeckTool::PutBack(n, Position::Top) => {
                format!("put drawn card {} back on top", shown(n))
            }
            DeckTool::PutBack(n, Position::Bottom) => {
                format!("put drawn card {} back at the bottom", shown(n))
            }
            DeckTool::PutBack(n, Position::Shuffled) => {
                format!("shuffle drawn card {} back in", shown(n))
            }
        };
        format!("{deck_name}: {what}")
    }

    pub fn apply<C: Clone>(&self, deck: &mut Deck<C>) -> Result<(), DeckError> {
        match *self {
            DeckTool::ShuffleUndrawn => deck.shuffle_undrawn(),
            DeckTool::ReshuffleAll => deck.reshuffle_all(),
            DeckTool::Remove(n) => {
                deck.remove_drawn(n)?;
            }
            DeckTool::PutBack(n, position) => deck.put_back(n, position)?,
        }
        Ok(())
    }
}

#[cfg(test)]
mod tool_tests {
    use super::*;
    use crate::history::History;

    #[test]
    fn deck_tools_are_labelled_in_the_undo_history() {
        let deck = Deck::new((0..10u32).collect(), 4, WhenEmpty::ReshuffleDiscard);
        let mut h = History::new("New deck", deck);
        h.apply("Draw", |d| d.draw().map(|_| ())).unwrap();
        for tool in [
            DeckTool::PutBack(0, Position::Bottom),
            DeckTool::ShuffleUndrawn,
            DeckTool::ReshuffleAll,
        ] {
            h.apply(tool.label("Skyhawks deck"), |d| tool.apply(d))
                .unwrap();
        }
        let labels: Vec<&str> = h.entries().iter().map(|e| e.label.as_str()).collect();
        assert_eq!(
            labels,
            [
                "New deck",
                "Draw",
                "Skyhawks deck: put drawn card 1 back at the bottom",
                "Skyhawks deck: shuffle the undrawn cards",
                "Skyhawks deck: full reshuffle (discards back in)",
            ]
        );
        assert_eq!(h.current().draw_len(), 10);
    }

    #[test]
    fn a_refused_deck_tool_leaves_no_history_entry() {
        let deck = Deck::new((0..3u32).collect(), 4, WhenEmpty::Refuse);
        let mut h = History::new("New deck", deck);
        let tool = DeckTool::Remove(0);
        assert_eq!(
            h.apply(tool.label("Deck"), |d| tool.apply(d)),
            Err(DeckError::NoSuchDrawnCard(0))
        );
        assert_eq!(h.len(), 1);
    }

    #[test]
    fn undoing_a_shuffle_and_shuffling_again_gives_the_same_order() {
        let deck = Deck::new((0..20u32).collect(), 99, WhenEmpty::Refuse);
        let mut h = History::new("New deck", deck);
        let tool = DeckTool::ShuffleUndrawn;
        h.apply(tool.label("Deck"), |d| tool.apply(d)).unwrap();
        let first = h.current().clone();
        h.undo();
        h.apply(tool.label("Deck"), |d| tool.apply(d)).unwrap();
        assert_eq!(h.current(), &first);
    }
}
