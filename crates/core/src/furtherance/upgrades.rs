//! Upgraded workers (WORKERS: Upgrade; UPGRADES): paying for one, training it, and which
//! worker takes each action, so that an upgraded worker's effect (its card's `effect` and
//! `amount`, e.g. `better-mine`) applies when it does what it is better at.

use super::agenda::Resume;
use super::cards::{CardKind, Effect};
use super::error::RuleError;
use super::kingdom::{Held, UPGRADE_COUNTERS, UPGRADE_GOLD};
use super::state::Game;
use super::step::Step;

impl Game {
    /// Pays 5 gold and draws two upgraded workers to choose from (WORKERS: Upgrade; UPGRADES).
    pub(crate) fn upgrade(&mut self) -> Result<Vec<Step>, RuleError> {
        self.check_worker()?;
        self.ready_kingdom();
        self.check_gold("an upgrade", UPGRADE_GOLD, self.ledger.gold)?;
        let Some(pile) = self.kingdom.upgrades_deck.as_mut() else {
            return Err(RuleError::DeckEmpty("upgrades"));
        };
        let mut drawn: Vec<u16> = Vec::new();
        let mut tries = pile.len();
        while drawn.len() < 2 && tries > 0 {
            tries -= 1;
            let Some(c) = pile.draw() else { break };
            if drawn.contains(&c) {
                // The same upgraded worker twice: one goes to the bottom (UPGRADES).
                pile.put_bottom(c);
            } else {
                drawn.push(c);
            }
        }
        if drawn.is_empty() {
            return Err(RuleError::DeckEmpty("upgrades"));
        }
        self.ledger.gold -= UPGRADE_GOLD;
        self.kingdom.used += 1;
        let step = self.ask_upgrade(drawn);
        Ok(step.into_iter().collect())
    }

    pub(crate) fn ask_upgrade(&mut self, drawn: Vec<u16>) -> Option<Step> {
        let options = drawn
            .iter()
            .map(|c| format!("Train a {}", self.cards.name(CardKind::Upgrade, *c)))
            .collect();
        self.ask(
            "Upgrade: which upgraded worker do you train (the other goes to the bottom)?"
                .to_string(),
            options,
            0,
            Resume::Upgrade { drawn },
        )
    }

    pub(crate) fn resolve_upgrade(&mut self, drawn: Vec<u16>, option: usize) {
        let chosen = option.min(drawn.len().saturating_sub(1));
        for (i, c) in drawn.iter().enumerate() {
            if i == chosen {
                self.kingdom.upgrades.push(Held {
                    card: *c,
                    counters: UPGRADE_COUNTERS,
                    damage: 0,
                });
            } else if let Some(pile) = self.kingdom.upgrades_deck.as_mut() {
                pile.put_bottom(*c);
            }
        }
    }
}

/// The worker who takes an action: an upgraded worker (index into `Kingdom::upgrades`) or
/// a plain one, and what it adds: its upgrade's amount when the action is what it is better
/// at, and Trosh's boost (one worker a turn in solo: SOLO RULES 3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct WorkerPick {
    pub upgrade: Option<usize>,
    pub bonus: u8,
    pub trosh: bool,
}

impl Game {
    /// Upgraded workers in play (indices), at most one per worker: each replaced one.
    fn upgraded_in_play(&self) -> Vec<usize> {
        self.kingdom
            .upgrades
            .iter()
            .enumerate()
            .filter(|(_, u)| u.counters == 0)
            .map(|(i, _)| i)
            .take(usize::from(self.ledger.workers))
            .collect()
    }

    fn upgrade_effect(&self, i: usize) -> Option<(Effect, u8)> {
        let held = self.kingdom.upgrades.get(i)?;
        let c = self.cards.card(CardKind::Upgrade, held.card)?;
        Some((c.effect?, c.amount))
    }

    /// Who takes an action of `aspect` (a `better-*` effect): the upgraded worker better at
    /// it if it has not acted this turn, else a plain worker, else another upgraded worker.
    /// The leader's own power (Dedric) uses no worker.
    pub(crate) fn pick_worker(&self, aspect: Effect) -> WorkerPick {
        let mut pick = WorkerPick::default();
        if self.kingdom.leader_acting {
            return pick;
        }
        let in_play = self.upgraded_in_play();
        let acted = &self.kingdom.upgrades_acted;
        let free: Vec<usize> = in_play
            .iter()
            .copied()
            .filter(|i| !acted.contains(i))
            .collect();
        let plain = usize::from(self.ledger.workers).saturating_sub(in_play.len());
        let plain_used = usize::from(self.kingdom.used).saturating_sub(acted.len());
        if let Some(i) = free
            .iter()
            .copied()
            .find(|i| self.upgrade_effect(*i).is_some_and(|(e, _)| e == aspect))
        {
            pick.upgrade = Some(i);
            pick.bonus = self.upgrade_effect(i).map_or(0, |(_, a)| a);
        } else if plain_used >= plain {
            pick.upgrade = free.first().copied();
        }
        if let Some(c) = self.kingdom.leader_card(&self.cards)
            && c.effect == Some(Effect::Trosh)
            && c.boost == Some(aspect)
            && !self.kingdom.trosh_used
        {
            pick.trosh = true;
            pick.bonus = pick.bonus.saturating_add(c.amount);
        }
        pick
    }

    /// The picked worker has acted (or, for the leader's power, nothing is used).
    pub(crate) fn commit_worker(&mut self, pick: WorkerPick) {
        if self.kingdom.leader_acting {
            return;
        }
        self.kingdom.used += 1;
        if let Some(i) = pick.upgrade {
            self.kingdom.upgrades_acted.push(i);
        }
        if pick.trosh {
            self.kingdom.trosh_used = true;
        }
    }

    /// Who did it, for the log: "Your Miner" or "Your worker".
    pub(crate) fn worker_word(&self, pick: WorkerPick) -> String {
        match pick.upgrade.and_then(|i| self.kingdom.upgrades.get(i)) {
            Some(h) => format!("Your {}", self.cards.name(CardKind::Upgrade, h.card)),
            None if self.kingdom.leader_acting => "Your leader".to_string(),
            None => "Your worker".to_string(),
        }
    }
}
