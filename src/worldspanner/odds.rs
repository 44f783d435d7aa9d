//! The odds view: for the cards the next draw can come from (the draw pile as a multiset, never
//! its order), the chance of each face at each difference and of a hit. When the draw pile is
//! empty the next draw reshuffles the discard pile, so the odds are over those cards instead.

use serde::Serialize;

use super::card::{ChallengeCard, Difference, Face};
use crate::deck::Deck;

/// The odds at one difference.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowOdds {
    pub difference: i8,
    /// Cards showing each face, in `Face::ALL` order (Fopp first).
    pub counts: [u32; 5],
    pub hits: u32,
    /// Probability of each face, Fopp first.
    pub faces: [f64; 5],
    pub hit: f64,
    /// Probability of Pass or Amaze.
    pub success: f64,
}

/// The odds over a set of cards.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Odds {
    /// How many cards the odds are over.
    pub cards: u32,
    /// True when the draw pile is empty and these are the cards a reshuffle would bring back.
    pub after_reshuffle: bool,
    pub rows: Vec<RowOdds>,
}

impl Odds {
    /// Odds over `cards` (any order).
    pub fn over(cards: &[ChallengeCard]) -> Odds {
        let n = cards.len() as u32;
        let p = |k: u32| if n == 0 { 0.0 } else { k as f64 / n as f64 };
        let rows = Difference::all()
            .map(|d| {
                let mut counts = [0u32; 5];
                let mut hits = 0;
                for c in cards {
                    counts[c.face(d) as usize] += 1;
                    hits += c.hits(d) as u32;
                }
                let faces = counts.map(p);
                RowOdds {
                    difference: d.value(),
                    counts,
                    hits,
                    faces,
                    hit: p(hits),
                    success: p(counts[Face::Pass as usize] + counts[Face::Amaze as usize]),
                }
            })
            .collect();
        Odds {
            cards: n,
            after_reshuffle: false,
            rows,
        }
    }

    /// Odds for the next draw from `deck`: the undrawn cards, or after a reshuffle the
    /// discard pile (every card not drawn, in play or removed).
    pub fn next_draw(deck: &Deck<ChallengeCard>) -> Odds {
        if deck.draw_len() > 0 {
            return Odds::over(&deck.undrawn_sorted());
        }
        let mut rest = deck.all_cards_sorted();
        for held in deck.in_play().iter().chain(deck.removed()) {
            if let Some(i) = rest.iter().position(|c| c == held) {
                rest.remove(i);
            }
        }
        let mut odds = Odds::over(&rest);
        odds.after_reshuffle = true;
        odds
    }

    pub fn row(&self, d: Difference) -> &RowOdds {
        &self.rows[d.index()]
    }

    /// Probability of `face` at `d`.
    pub fn face(&self, d: Difference, face: Face) -> f64 {
        self.row(d).faces[face as usize]
    }
}
