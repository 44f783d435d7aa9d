//! Loot on the ground (LOOT, Picking up loot, p. 11): a defeated hero's gold stays in the space
//! where it fell (DEFEAT, p. 18), kept here with who dropped it, so a hero of the active team
//! standing there can pick any of it up in its Free step. The app does not see the map: the
//! space is named by the hero that fell there, and the table checks that no enemy is adjacent.

use serde::{Deserialize, Serialize};

use super::domes::DomeSlot;
use super::error::{HeroError, RuleError, add_up};
use super::game::Game;
use super::rounds::Step;
use super::team::{HeroRef, HeroStatus};

/// Gold lying where a hero was defeated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loot {
    /// The hero defeated there: its space is where the loot lies.
    pub dropped_by: HeroRef,
    pub gold: u32,
    /// The round it fell in.
    pub round: u8,
    /// The Dome it lies in, for a hero defeated in one (a hand entry of wounds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dome: Option<DomeSlot>,
}

impl Loot {
    /// "where Lazar was defeated (round 3)", "in Dome 3.1, where Lazar was defeated (round 3)".
    pub fn place(&self, game: &Game) -> String {
        let fell = format!(
            "where {} was defeated (round {})",
            game.name(self.dropped_by),
            self.round
        );
        match self.dome {
            Some(d) => format!("in {d}, {fell}"),
            None => fell,
        }
    }
}

impl Game {
    /// Where `hero` is in words, as the hero list and `show` say it: "in Dome 3.1", "being
    /// banished: Psiclones choose a Dome" for the hero waiting for its Dome.
    pub fn place_of(&self, hero: HeroRef) -> String {
        let Ok(h) = self.hero(hero) else {
            return String::new();
        };
        match (&self.pending, h.status) {
            (Some(p), HeroStatus::Arriving) if p.hero == hero => match p.how {
                super::game::Removal::Dismiss => "being dismissed: choose a Dome".into(),
                super::game::Removal::Banish => {
                    format!("being banished: {} choose a Dome", p.chooser)
                }
            },
            (_, status) => status.describe(),
        }
    }

    /// Leaves a defeated hero's gold in its space (DEFEAT, p. 18).
    pub(super) fn drop_loot(&mut self, hero: HeroRef, gold: u32, dome: Option<DomeSlot>) {
        if gold > 0 {
            self.loot.push(Loot {
                dropped_by: hero,
                gold,
                round: self.rounds.round,
                dome,
            });
        }
    }

    /// `hero` picks up `gold` (all when `None`) from loot pile `pile` in its team's Free step
    /// (Free step, p. 7; Picking up loot, p. 11). Not the hero's one action: the Free step has
    /// none.
    pub(super) fn pick_up(
        &mut self,
        hero: HeroRef,
        pile: usize,
        gold: Option<u32>,
    ) -> Result<Vec<String>, RuleError> {
        self.require_step(Step::Free, hero.team)?;
        let h = self.hero(hero)?;
        if h.status != HeroStatus::OnMap {
            return Err(HeroError::PickUpOffTheMap {
                hero: h.name.clone(),
                status: h.status,
            }
            .into());
        }
        let lying = *self.loot.get(pile).ok_or(HeroError::NoSuchLoot {
            pile,
            piles: self.loot.len(),
        })?;
        let take = gold.unwrap_or(lying.gold);
        if take == 0 {
            return Err(HeroError::NothingToRecord {
                hero: h.name.clone(),
                amount: 0,
                what: "gold picked up",
            }
            .into());
        }
        if take > lying.gold {
            return Err(HeroError::NotThatMuchLoot {
                place: lying.place(self),
                gold: lying.gold,
                take,
            }
            .into());
        }
        let place = lying.place(self);
        let name = self.name(hero);
        let h = self.hero_mut(hero)?;
        h.gold = add_up(|| format!("{name}'s gold"), h.gold, take)?;
        let carries = h.gold;
        let left = lying.gold - take;
        if left == 0 {
            self.loot.remove(pile);
        } else if let Some(l) = self.loot.get_mut(pile) {
            l.gold = left;
        }
        Ok(vec![
            format!(
                "{name} picks up {take} gold {place} and now carries {carries}; {}",
                if left == 0 {
                    "nothing is left there".to_string()
                } else {
                    format!("{left} gold is left there")
                }
            ),
            "only with no enemy adjacent (Picking up loot, p. 11)".into(),
        ])
    }
}
