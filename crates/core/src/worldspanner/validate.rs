//! Loading a saved game checks it: `Game::validate` rejects states no game can reach (a hero
//! count that does not fit the map, a deck that is not 36 cards, wounds at Health, a Dome
//! holding a hero that is elsewhere...), naming the field and the problem.

use super::deckfile::DECK_SIZE;
use super::game::Game;
use super::team::{HeroRef, HeroStatus, TeamSide};
use crate::doc::Invalid;

impl Game {
    /// Rejects states no game can reach, naming the field (`at`) and the problem.
    pub fn validate(&self) -> Result<(), Invalid> {
        self.rounds.validate().map_err(|e| e.within("rounds"))?;
        if !self.map.team_sizes().contains(&self.team_size) {
            return Err(Invalid::new(
                "team_size",
                format!(
                    "{} does not fit the {} map",
                    self.team_size,
                    self.map.name()
                ),
            ));
        }
        if let Some((first, i, f)) =
            crate::datafile::first_repeat(self.keys.iter().map(|k| k.faction))
        {
            return Err(Invalid::new(
                format!("keys[{i}]"),
                format!("{} twice, first at keys[{first}]", f.key_name()),
            ));
        }
        if self.lith.holder.is_some() != (self.lith.amount > 0) {
            return Err(Invalid::new(
                "lith",
                "a tribute marker needs a positive amount and a holder",
            ));
        }
        for side in TeamSide::BOTH {
            let team = self.team(side);
            let at = format!("teams[{}]", side.index());
            if team.side != side {
                return Err(Invalid::new(
                    format!("{at}.side"),
                    format!("expected {side}"),
                ));
            }
            if team.heroes.len() != self.team_size as usize {
                return Err(Invalid::new(
                    format!("{at}.heroes"),
                    format!(
                        "{} heroes, the team size is {}",
                        team.heroes.len(),
                        self.team_size
                    ),
                ));
            }
            if team.deck.total_len() != DECK_SIZE {
                return Err(Invalid::new(
                    format!("{at}.deck"),
                    format!(
                        "{} cards, a challenge deck has {DECK_SIZE}",
                        team.deck.total_len()
                    ),
                ));
            }
            for (i, h) in team.heroes.iter().enumerate() {
                let r = HeroRef {
                    team: side,
                    hero: i,
                };
                let hat = format!("{at}.heroes[{i}] ({})", h.name);
                let refuse = |problem: String| Err(Invalid::new(hat.clone(), problem));
                if h.health == 0 || h.wounds >= h.health {
                    return refuse(format!(
                        "{} wounds on Health {}: a hero with wounds equal to Health is defeated",
                        h.wounds, h.health
                    ));
                }
                if h.defeated() && (h.wounds > 0 || h.boost_active) {
                    return refuse("a defeated hero keeps no wounds or active Boost".into());
                }
                let in_dome = self.domes.find(r);
                match h.status {
                    HeroStatus::InDome { dome } if in_dome != Some(dome) => {
                        return refuse(format!("status says {dome} but the Dome map disagrees"));
                    }
                    HeroStatus::InDome { .. } => {}
                    _ if in_dome.is_some() => {
                        return refuse(format!("in a Dome but its status is {:?}", h.status));
                    }
                    _ => {}
                }
                let arriving = self.pending.as_ref().is_some_and(|p| p.hero == r);
                if arriving && !matches!(h.status, HeroStatus::Arriving) {
                    return refuse("awaits a Dome but is not marked arriving".into());
                }
                if !arriving && h.status == HeroStatus::Arriving {
                    return refuse("marked arriving but no dismissal is pending".into());
                }
            }
        }
        if let Some(p) = &self.pending
            && p.awaiting_card
            && !p.candidates.is_empty()
        {
            return Err(Invalid::new(
                "pending",
                "Domes proposed before the card's range was read",
            ));
        }
        if self.reopened && !self.rounds.finished {
            return Err(Invalid::new(
                "reopened",
                "only a finished game can be reopened",
            ));
        }
        for side in TeamSide::BOTH {
            if self.team(side).underworld_credits > 1 {
                return Err(Invalid::new(
                    format!("teams[{}].underworld_credits", side.index()),
                    "an Underworld reward is taken at once, never banked (at most 1 pending)",
                ));
            }
        }
        for (i, d) in self.acted.iter().enumerate() {
            self.hero(d.hero)
                .map_err(|e| Invalid::new(format!("acted[{i}]"), e.to_string()))?;
            if let Some(first) = self.acted[..i].iter().position(|e| e.hero == d.hero) {
                return Err(Invalid::new(
                    format!("acted[{i}]"),
                    format!(
                        "{} acted twice in one step (first at acted[{first}]): each hero takes \
                         one action a step (Rounds, p. 7)",
                        self.name(d.hero)
                    ),
                ));
            }
        }
        for (i, d) in self.action_step.iter().enumerate() {
            self.hero(d.hero)
                .map_err(|e| Invalid::new(format!("action_step[{i}]"), e.to_string()))?;
        }
        for (i, b) in self.blows.iter().enumerate() {
            for r in [b.attacker, b.target] {
                self.hero(r)
                    .map_err(|e| Invalid::new(format!("blows[{i}]"), e.to_string()))?;
            }
        }
        for (i, a) in self.adventured.iter().enumerate() {
            self.hero(a.hero)
                .map_err(|e| Invalid::new(format!("adventured[{i}]"), e.to_string()))?;
        }
        for (i, r) in self.surrounded_asked.iter().enumerate() {
            self.hero(*r)
                .map_err(|e| Invalid::new(format!("surrounded_asked[{i}]"), e.to_string()))?;
        }
        for (i, l) in self.loot.iter().enumerate() {
            self.hero(l.dropped_by)
                .map_err(|e| Invalid::new(format!("loot[{i}]"), e.to_string()))?;
            if l.gold == 0 {
                return Err(Invalid::new(
                    format!("loot[{i}].gold"),
                    "0 gold: a pile picked up empty is taken off the map",
                ));
            }
        }
        if !self.queue.is_empty() && self.pending.is_none() {
            return Err(Invalid::new(
                "queue",
                "heroes wait to be dismissed but none is being placed",
            ));
        }
        for (r, _, _) in &self.queue {
            self.hero(*r)
                .map_err(|e| Invalid::new("queue", e.to_string()))?;
        }
        for (slot, r) in self.domes.all() {
            self.hero(r)
                .map_err(|e| Invalid::new("domes", format!("{slot}: {e}")))?;
        }
        Ok(())
    }
}
