//! The threat deck (levels 4 to 15, stacked in order, the top card active, p. 8 and 20) and the
//! Map 11 boss cards (four with 4 players, without Zag the Treasure Hunter with 3, without Zag
//! and Captain Shreya with 2, p. 39), with who defeated which.

use serde::{Deserialize, Serialize};

use super::error::{RuleError, RuleResult};
use super::facts::{BossFacts, ThreatsFile};
use crate::doc::Invalid;

/// A threat level no card has (p. 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("threat cards run from level 4 to 15, not {0}")]
pub struct NoSuchThreat(pub u8);

/// A threat card's level: the number beside its sword, 4 to 15.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct ThreatLevel(u8);

impl ThreatLevel {
    pub fn new(n: u8) -> Result<ThreatLevel, NoSuchThreat> {
        if (4..=15).contains(&n) {
            Ok(ThreatLevel(n))
        } else {
            Err(NoSuchThreat(n))
        }
    }
    pub fn get(self) -> u8 {
        self.0
    }
}

impl TryFrom<u8> for ThreatLevel {
    type Error = NoSuchThreat;
    fn try_from(n: u8) -> Result<Self, NoSuchThreat> {
        ThreatLevel::new(n)
    }
}

impl From<ThreatLevel> for u8 {
    fn from(t: ThreatLevel) -> u8 {
        t.0
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defeat<T> {
    pub card: T,
    pub by: String,
}

/// The threat deck of one session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThreatDeck {
    /// Undefeated cards, top (active) first.
    pub remaining: Vec<ThreatLevel>,
    pub defeated: Vec<Defeat<ThreatLevel>>,
}

impl Default for ThreatDeck {
    fn default() -> Self {
        ThreatDeck::new()
    }
}

impl ThreatDeck {
    /// Stacked in numerical order, level 4 on top (setup step 6a).
    pub fn new() -> ThreatDeck {
        ThreatDeck {
            remaining: (4..=15).map(ThreatLevel).collect(),
            defeated: Vec::new(),
        }
    }

    /// The active threat: the top card.
    pub fn active(&self) -> Option<ThreatLevel> {
        self.remaining.first().copied()
    }

    /// `by` defeats the active threat and takes the card.
    pub fn defeat_active(&mut self, by: &str) -> RuleResult<ThreatLevel> {
        let Some(top) = self.active() else {
            return Err(RuleError::NoActiveThreat);
        };
        self.remaining.remove(0);
        self.defeated.push(Defeat {
            card: top,
            by: by.to_string(),
        });
        Ok(top)
    }

    /// `by` defeats a card below the top, which the Bounty Hunting talent allows (p. 13).
    pub fn defeat_level(
        &mut self,
        level: ThreatLevel,
        by: &str,
        bounty_hunting: bool,
    ) -> RuleResult<ThreatLevel> {
        let Some(pos) = self.remaining.iter().position(|l| *l == level) else {
            return Err(RuleError::ThreatGone { level });
        };
        if pos > 0 && !bounty_hunting {
            return Err(RuleError::NeedsBountyHunting {
                top: self.remaining[0],
                level,
            });
        }
        self.remaining.remove(pos);
        self.defeated.push(Defeat {
            card: level,
            by: by.to_string(),
        });
        Ok(level)
    }

    pub fn defeated_by(&self, who: &str) -> Vec<ThreatLevel> {
        self.defeated
            .iter()
            .filter(|d| d.by == who)
            .map(|d| d.card)
            .collect()
    }

    /// Every level 4 to 15 once, the undefeated ones in order (p. 8). `at` is relative to
    /// the deck (a session's `threats`); empty when the problem is the deck as a whole.
    pub fn validate(&self) -> Result<(), Invalid> {
        let mut all: Vec<u8> = self.remaining.iter().map(|l| l.get()).collect();
        if all.windows(2).any(|w| w[0] >= w[1]) {
            return Err(Invalid::new(
                "remaining",
                "the threat deck's remaining cards must stay in order, lowest on top",
            ));
        }
        all.extend(self.defeated.iter().map(|d| d.card.get()));
        all.sort_unstable();
        if all != (4..=15).collect::<Vec<u8>>() {
            return Err(Invalid::new(
                "",
                format!("expected each level 4 to 15 once, found {all:?}"),
            ));
        }
        Ok(())
    }
}

/// The boss cards of a Map 11 session.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Bosses {
    /// In play and undefeated.
    pub standing: Vec<String>,
    /// Returned to the box for this player count.
    pub removed: Vec<String>,
    pub defeated: Vec<Defeat<String>>,
}

impl Bosses {
    /// The bosses in play for `players` (p. 39): each boss card says from how many players on
    /// it is used.
    pub fn for_players(facts: &ThreatsFile, players: u8) -> Bosses {
        Bosses::from_cards(&facts.bosses, players)
    }

    /// As `for_players`, from the boss cards a campaign keeps.
    pub fn from_cards(cards: &[BossFacts], players: u8) -> Bosses {
        let (standing, removed): (Vec<_>, Vec<_>) =
            cards.iter().partition(|b| players >= b.min_players);
        Bosses {
            standing: standing.into_iter().map(|b| b.name.clone()).collect(),
            removed: removed.into_iter().map(|b| b.name.clone()).collect(),
            defeated: Vec::new(),
        }
    }

    /// `by` defeats boss `name` (instead of fighting the top threat).
    pub fn defeat(&mut self, name: &str, by: &str) -> RuleResult<String> {
        let Some(pos) = self
            .standing
            .iter()
            .position(|b| b.eq_ignore_ascii_case(name.trim()))
        else {
            if self
                .removed
                .iter()
                .any(|b| b.eq_ignore_ascii_case(name.trim()))
            {
                return Err(RuleError::BossNotInPlay {
                    name: name.to_string(),
                });
            }
            if self
                .defeated
                .iter()
                .any(|d| d.card.eq_ignore_ascii_case(name.trim()))
            {
                return Err(RuleError::BossAlreadyDefeated {
                    name: name.to_string(),
                });
            }
            return Err(RuleError::NoSuchBoss {
                name: name.to_string(),
            });
        };
        let boss = self.standing.remove(pos);
        self.defeated.push(Defeat {
            card: boss.clone(),
            by: by.to_string(),
        });
        Ok(boss)
    }

    /// Every boss defeated: the players win Map 11 (any left standing and all lose, p. 39).
    pub fn all_defeated(&self) -> bool {
        self.standing.is_empty()
    }
}
