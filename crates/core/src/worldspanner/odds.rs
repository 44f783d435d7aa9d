//! The odds view: the chance of each face at each difference and of a hit. By default over the
//! team's whole 36-card deck: the book forbids looking through the discard pile, so the app does
//! not count cards for the player (RULINGS, Worldspanner). The setting "cards left in the draw
//! pile" counts them: the draw pile as a multiset, never its order; when it is empty the next
//! draw reshuffles the discard pile, so the odds are over those cards instead.

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::card::{ChallengeCard, Difference, Face};
use crate::deck::Deck;

/// Which cards the odds are over: a labelled setting saved with the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum OddsOver {
    /// The team's whole 36-card deck (no card counting): the default.
    #[default]
    WholeDeck,
    /// The cards left in the draw pile (perfect card counting).
    CardsLeft,
}

impl OddsOver {
    /// Both settings, as declared: the odds panel's order.
    pub const ALL: &[Self] = Self::VARIANTS;

    /// The setting's label, as the Odds view and the challenge panel show it.
    pub fn label(self) -> &'static str {
        match self {
            OddsOver::WholeDeck => "Odds over the whole 36-card deck",
            OddsOver::CardsLeft => "Odds over the cards left in the draw pile",
        }
    }
}

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
    /// The setting the odds follow.
    pub basis: OddsOver,
    /// "Cards left" was asked for a physical deck: the app never sees those cards, so the odds
    /// are over the whole deck file and say so (never over the app's stand-in shuffle).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub uncounted: bool,
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
            basis: OddsOver::WholeDeck,
            uncounted: false,
            rows,
        }
    }

    /// The odds for `deck` under the setting `over`.
    pub fn for_deck(deck: &Deck<ChallengeCard>, over: OddsOver) -> Odds {
        match over {
            OddsOver::WholeDeck => Odds::over(&deck.all_cards_sorted()),
            OddsOver::CardsLeft => Odds::next_draw(deck),
        }
    }

    /// "over the whole 36-card deck" / "over the 12 cards left in the draw pile".
    pub fn describe(&self) -> String {
        if self.uncounted {
            return format!(
                "over the whole {}-card deck: the cards left in a physical deck cannot be \
                 counted (the app does not see them)",
                self.cards
            );
        }
        match (self.basis, self.after_reshuffle) {
            (OddsOver::WholeDeck, _) => format!("over the whole {}-card deck", self.cards),
            (OddsOver::CardsLeft, false) => {
                format!(
                    "over the {} left in the draw pile",
                    crate::words::count(self.cards as u64, "card", "cards")
                )
            }
            (OddsOver::CardsLeft, true) => format!(
                "over the {} cards a reshuffle of the discard pile would bring back",
                self.cards
            ),
        }
    }

    /// Odds for a physical deck: over the whole deck file whatever the setting, since the
    /// cards drawn at the table are not known; `uncounted` when the cards left were asked for.
    pub fn for_physical(deck: &Deck<ChallengeCard>, over: OddsOver) -> Odds {
        let mut odds = Odds::over(&deck.all_cards_sorted());
        odds.uncounted = over == OddsOver::CardsLeft;
        odds
    }

    /// Odds for the next draw from `deck`: the undrawn cards, or after a reshuffle the
    /// discard pile (every card not drawn, in play or removed).
    pub fn next_draw(deck: &Deck<ChallengeCard>) -> Odds {
        if deck.draw_len() > 0 {
            let mut odds = Odds::over(&deck.undrawn_sorted());
            odds.basis = OddsOver::CardsLeft;
            return odds;
        }
        let mut rest = deck.all_cards_sorted();
        for held in deck.in_play().iter().chain(deck.removed()) {
            if let Some(i) = rest.iter().position(|c| c == held) {
                rest.remove(i);
            }
        }
        let mut odds = Odds::over(&rest);
        odds.after_reshuffle = true;
        odds.basis = OddsOver::CardsLeft;
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
