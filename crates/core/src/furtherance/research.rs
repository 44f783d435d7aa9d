//! The Research worker action (WORKERS: Research; the research paragraph under LEADERS):
//! look at the top cards of a deck, keep one, one to the bottom, one back on top, with at
//! most two cards in research. An upgraded worker with `better-research` looks at more.

use super::agenda::Resume;
use super::cards::Effect;
use super::error::RuleError;
use super::kingdom::{CardRef, MAX_RESEARCH, Market};
use super::state::{DeckMode, Game};
use super::step::Step;
use super::units::KindId;

/// One way to resolve a research: which looked-at card is kept, which goes to the bottom,
/// which back on top, and which card already researched goes back on top of its deck.
/// An upgraded worker that looks at more cards puts every other card to the bottom.
#[derive(Debug, Clone, PartialEq, Eq)]
struct ResearchPick {
    keep: usize,
    bottom: Vec<usize>,
    top: Option<usize>,
    give_back: Option<usize>,
}

/// One option of the waiting research question, by card name (index for index with its
/// options): the card kept, those put to the bottom, the one back on top, and the card
/// already researched that goes back on top of its deck. For a screen that lays the options
/// out as cards rather than sentences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ResearchOption {
    pub keep: String,
    pub bottom: Vec<String>,
    pub top: Option<String>,
    pub give_back: Option<String>,
}

impl Game {
    /// The waiting research question's options as cards; None when no research question waits.
    pub fn research_options(&self) -> Option<Vec<ResearchOption>> {
        let Resume::Research { deck, looked } = &self.pending.as_ref()?.resume else {
            return None;
        };
        let name = |c: u16| {
            self.card_name(CardRef {
                deck: *deck,
                card: c,
            })
        };
        Some(
            self.research_picks(looked)
                .iter()
                .map(|p| ResearchOption {
                    keep: name(looked[p.keep]),
                    bottom: p.bottom.iter().map(|b| name(looked[*b])).collect(),
                    top: p.top.map(|t| name(looked[t])),
                    give_back: p.give_back.map(|g| self.card_name(self.kingdom.research[g])),
                })
                .collect(),
        )
    }

    /// Looks at the top three cards of a deck and asks which to keep (WORKERS: Research).
    pub(crate) fn research(&mut self, deck: Market) -> Result<Vec<Step>, RuleError> {
        self.check_worker()?;
        self.ready_kingdom();
        if deck == Market::Units && self.settings.deck_mode == DeckMode::Physical {
            return Err(RuleError::PhysicalResearch);
        }
        let pick = self.pick_worker(Effect::BetterResearch);
        let mut looked = Vec::new();
        for _ in 0..3 + usize::from(pick.bonus) {
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
        self.commit_worker(pick);
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
        // Up to three cards: each way to keep one and put one to the bottom (the last goes
        // back on top). More (an upgraded worker): each way to keep one and put one back on
        // top, the others to the bottom.
        let ways: Vec<(usize, Vec<usize>, Option<usize>)> = (0..n)
            .flat_map(|keep| {
                let others: Vec<usize> = (0..n).filter(|c| *c != keep).collect();
                let ways: Vec<(usize, Vec<usize>, Option<usize>)> = if n <= 3 {
                    let mut w: Vec<_> = others
                        .iter()
                        .map(|b| {
                            let top = others.iter().copied().find(|t| t != b);
                            (keep, vec![*b], top)
                        })
                        .collect();
                    if n == 1 {
                        w.push((keep, Vec::new(), None));
                    }
                    w
                } else {
                    others
                        .iter()
                        .map(|t| {
                            let bottom = others.iter().copied().filter(|b| b != t).collect();
                            (keep, bottom, Some(*t))
                        })
                        .collect()
                };
                ways
            })
            .collect();
        for (keep, bottom, top) in ways {
            {
                for give_back in &returns {
                    let key = (
                        looked[keep],
                        bottom.iter().map(|b| looked[*b]).collect::<Vec<_>>(),
                        top.map(|t| looked[t]),
                        give_back.map(|g| self.kingdom.research[g]),
                    );
                    if seen.contains(&key) {
                        continue;
                    }
                    seen.push(key);
                    picks.push(ResearchPick {
                        keep,
                        bottom: bottom.clone(),
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
                if !p.bottom.is_empty() {
                    let names: Vec<String> = p.bottom.iter().map(|b| name(looked[*b])).collect();
                    o += &format!(", {} to the bottom", names.join(" and "));
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
        let Some(p) = picks.get(option).or(picks.first()).cloned() else {
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
        for b in &p.bottom {
            put(self, looked[*b], false);
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
}
