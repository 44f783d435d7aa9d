//! A team's challenge deck at the table: drawn by the app or by the team (physical, each card
//! read at the table), swapped for another 36-card deck, or handled with the deck tools; and
//! the odds view's setting.

use super::card::ChallengeCard;
use super::deckfile::DECK_SIZE;
use super::error::{PhysicalError, RuleError, SetupError};
use super::game::Game;
use super::odds::OddsOver;
use super::team::TeamSide;
use crate::deck::{Deck, DeckTool, WhenEmpty};

impl Game {
    /// Switches `team` between the app's shuffled deck and cards drawn at the table: at any
    /// time but while a Dome range is awaited from a card already drawn.
    pub(super) fn deck_mode(
        &mut self,
        team: TeamSide,
        physical: bool,
    ) -> Result<Vec<String>, RuleError> {
        if self.pending.as_ref().is_some_and(|p| p.awaiting_card) {
            return Err(PhysicalError::RangeBeforeDeckMode.into());
        }
        self.team_mut(team).physical = physical;
        let t = self.team(team);
        Ok(vec![if physical {
            format!(
                "{team} draw their own cards: the app asks what each card shows and \
                 keeps the counts ({} in the draw pile, {} discarded)",
                t.deck.draw_len(),
                t.deck.discard_len()
            )
        } else {
            format!("{team} draw from the app's shuffled {:?}", t.deck_name)
        }])
    }

    /// Swaps in another 36-card deck (the real cards once entered), freshly shuffled.
    pub(super) fn replace_deck(
        &mut self,
        team: TeamSide,
        name: String,
        cards: Vec<ChallengeCard>,
    ) -> Result<Vec<String>, RuleError> {
        if cards.len() != DECK_SIZE {
            return Err(SetupError::ReplacementSize {
                name,
                cards: cards.len(),
            }
            .into());
        }
        let old = &self.team(team).deck;
        // A seed that follows from the saved state, so undo and redo replay it.
        let seed = old
            .seed()
            .wrapping_add(1 + old.reshuffles() as u64 + old.discard_len() as u64);
        let t = self.team_mut(team);
        t.deck = Deck::new(cards, seed, WhenEmpty::ReshuffleDiscard);
        t.deck_name = name.clone();
        Ok(vec![format!(
            "{team} now draw from {name:?}, freshly shuffled"
        )])
    }

    pub(super) fn deck_tool(
        &mut self,
        team: TeamSide,
        tool: DeckTool,
    ) -> Result<Vec<String>, RuleError> {
        tool.apply(&mut self.team_mut(team).deck)
            .map_err(RuleError::DeckTool)?;
        Ok(vec![tool.label(&format!("{team} deck"))])
    }

    pub(super) fn set_odds_over(&mut self, over: OddsOver) -> Result<Vec<String>, RuleError> {
        self.odds_over = over;
        Ok(vec![over.label().to_string()])
    }
}
