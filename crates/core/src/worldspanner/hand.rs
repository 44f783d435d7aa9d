//! What a team records about a hero by hand: wounds, healing, Boosts gained and gold (a
//! no-op entry is refused, naming the hero), and flipping a Boost to +1 in the Free step
//! (p. 23); and the Underworld rewards, raising an ally from the Underpit or renewing one from
//! the Pit (p. 17).

use super::error::{HeroError, RuleError, add_up};
use super::game::{Game, Reason, Removal};
use super::rounds::Step;
use super::team::{HeroRef, HeroStatus};
use crate::words::count;

impl Game {
    /// Refuses a hand entry that changes nothing, naming the hero (or a bad reference).
    fn nothing(
        &self,
        hero: HeroRef,
        amount: i64,
        what: &'static str,
    ) -> Result<Vec<String>, RuleError> {
        Err(HeroError::NothingToRecord {
            hero: self.hero(hero)?.name.clone(),
            amount,
            what,
        }
        .into())
    }

    /// Wounds entered by hand; at Health the hero is defeated (DEFEAT, p. 18).
    pub(super) fn wound_by_hand(
        &mut self,
        hero: HeroRef,
        wounds: u8,
    ) -> Result<Vec<String>, RuleError> {
        if wounds == 0 {
            return self.nothing(hero, 0, "wounds");
        }
        self.wound(hero, wounds)
    }

    pub(super) fn heal(&mut self, hero: HeroRef, wounds: u8) -> Result<Vec<String>, RuleError> {
        if wounds == 0 {
            return self.nothing(hero, 0, "wounds healed");
        }
        let h = self.hero_mut(hero)?;
        let healed = h.wounds.min(wounds);
        h.wounds -= healed;
        Ok(vec![format!(
            "{} heals {}",
            h.name,
            count(healed, "wound", "wounds")
        )])
    }

    pub(super) fn gain_boosts(
        &mut self,
        hero: HeroRef,
        boosts: u8,
    ) -> Result<Vec<String>, RuleError> {
        if boosts == 0 {
            return self.nothing(hero, 0, "Boosts");
        }
        let h = self.hero_mut(hero)?;
        h.boosts = add_up(|| format!("{}'s Boosts", h.name), h.boosts, boosts)?;
        Ok(vec![format!(
            "{} has {}",
            h.name,
            count(h.boosts, "Boost", "Boosts")
        )])
    }

    /// Flips a Boost to +1 in the team's Free step, until its next Free step (p. 23).
    pub(super) fn use_boost(&mut self, hero: HeroRef) -> Result<Vec<String>, RuleError> {
        self.require_step(Step::Free, hero.team)?;
        self.require_in_play(hero)?;
        let h = self.hero_mut(hero)?;
        if h.boost_active {
            return Err(HeroError::BoostInUse {
                hero: h.name.clone(),
            }
            .into());
        }
        if h.boosts == 0 {
            return Err(HeroError::NoBoostToken {
                hero: h.name.clone(),
            }
            .into());
        }
        h.boosts -= 1;
        h.boost_active = true;
        Ok(vec![format!(
            "{}: +1 to every numbered rating (not Wound) until the team's next Free step",
            h.name
        )])
    }

    pub(super) fn change_gold(
        &mut self,
        hero: HeroRef,
        change: i32,
    ) -> Result<Vec<String>, RuleError> {
        if change == 0 {
            return self.nothing(hero, 0, "gold");
        }
        let h = self.hero_mut(hero)?;
        let gold = h.gold as i64 + change as i64;
        if gold > u32::MAX as i64 {
            return Err(RuleError::TooMany {
                what: format!("{}'s gold", h.name),
                have: h.gold as u64,
                adding: change as u64,
                max: u32::MAX as u64,
            });
        }
        if gold < 0 {
            return Err(HeroError::NotEnoughGold {
                hero: h.name.clone(),
                gold: h.gold,
            }
            .into());
        }
        h.gold = gold as u32;
        Ok(vec![format!("{} has {} gold", h.name, h.gold)])
    }

    /// Underworld reward: an ally moves from the Underpit to the Pit (p. 17).
    pub(super) fn raise_from_underpit(&mut self, hero: HeroRef) -> Result<Vec<String>, RuleError> {
        self.use_underworld(hero, HeroStatus::Underpit)?;
        self.hero_mut(hero)?.status = HeroStatus::Pit;
        Ok(vec![format!(
            "{} moves from the Underpit to the Pit",
            self.name(hero)
        )])
    }

    /// Underworld reward: an ally in the Pit is renewed and dismissed in (p. 17).
    pub(super) fn renew(&mut self, hero: HeroRef) -> Result<Vec<String>, RuleError> {
        self.use_underworld(hero, HeroStatus::Pit)?;
        let h = self.hero_mut(hero)?;
        // Renewal starts the hero fresh with new starting loot (RENEWING A HERO, p. 17).
        h.wounds = 0;
        h.boost_active = false;
        h.boosts = h.start.boosts;
        h.gold = h.start.gold;
        h.renewals += 1;
        let mut lines = vec![format!(
            "{} is renewed: wounds and markers removed, new starting loot drawn",
            h.name
        )];
        if self.pending.is_some() {
            // Taken at once, while the adventurer waits for its Dome: the renewed hero is
            // dismissed next (p. 17).
            self.queue
                .insert(0, (hero, Removal::Dismiss, Reason::Renewal));
            lines.push(format!(
                "{} is dismissed in once the hero being placed has its Dome",
                self.name(hero)
            ));
        } else {
            lines.extend(self.begin_removal(hero, Removal::Dismiss, Reason::Renewal)?);
        }
        Ok(lines)
    }
}
