//! Adventures paid with gold or cards (FACTION ADVENTURES, p. 15-16; LITH ADVENTURES, p. 17).
//! They draw no challenge card, so faction relations give no +2 or -2 here: a hero of the key's
//! own faction earns gold instead where the book says so. Rescue and Kidnap dismiss allies or
//! banish enemies one at a time, then the adventurer is dismissed.

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::error::{AdventureError, RuleError, add_up};
use super::game::{AdventuredFrom, Game, Place, Reason, Removal};
use super::rounds::Step;
use super::team::{HeroRef, HeroStatus};
use super::victory::{Capture, Faction};

/// What a paid adventure is, declared in the order the panel and the seat page offer them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum PaidKind {
    /// Buy Market cards at the plaque's price (at least one).
    Market,
    /// Crown District or Celestial Theatre: discard cards, 2 Boosts each (+1 gold each for a
    /// hero of the key's faction).
    CardTask,
    /// Pay the Quest's gold: its card draws (+1 gold for a hero of the key's faction).
    GoldQuest,
    /// Watchman Keep: 1 gold per ally dismissed (or 1 gold just to capture).
    Rescue,
    /// Celestial Theatre: 1 Boost per gold.
    Inspire,
    /// Dreadmark: 2 gold per enemy banished (or 2 gold just to capture).
    Kidnap,
    /// Hope Hospice: heal 1 wound per gold.
    Infirmary,
    /// Lith's Chamber: 1 tribute per gold, 2 per card; dismissed only if something was given.
    LithsChamber,
    /// Lith's Lair market: any deck; 1 tribute after buying at least one card.
    Bounty,
}

impl PaidKind {
    /// Every kind, as declared.
    pub const ALL: &[Self] = Self::VARIANTS;

    /// Is it on a Faction key (and so captures a space)?
    pub fn on_faction_key(self) -> bool {
        !matches!(self, PaidKind::LithsChamber | PaidKind::Bounty)
    }

    pub fn name(self) -> &'static str {
        match self {
            PaidKind::CardTask => "card-paying Task",
            PaidKind::GoldQuest => "gold-paying Quest",
            PaidKind::Market => "Market",
            PaidKind::Rescue => "Rescue",
            PaidKind::Inspire => "Inspire",
            PaidKind::Kidnap => "Kidnap",
            PaidKind::Infirmary => "Infirmary",
            PaidKind::LithsChamber => "Lith's Chamber",
            PaidKind::Bounty => "Bounty",
        }
    }

    /// The Faction keys that hold this adventure; `None` for any key, `Some(&[])` for the
    /// Lith keys (no Faction key at all).
    fn keys(self) -> Option<&'static [Faction]> {
        match self {
            PaidKind::CardTask => Some(&[Faction::Lords, Faction::Icons]),
            PaidKind::Rescue => Some(&[Faction::Defenders]),
            PaidKind::Inspire => Some(&[Faction::Icons]),
            PaidKind::Kidnap => Some(&[Faction::Villains]),
            PaidKind::Infirmary => Some(&[Faction::Exemplars]),
            PaidKind::LithsChamber | PaidKind::Bounty => Some(&[]),
            PaidKind::GoldQuest | PaidKind::Market => None,
        }
    }
}

/// One paid adventure as the player enters it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PaidAdventure {
    pub kind: PaidKind,
    /// The Faction key and adventure space (0-based); `None` on Lith's Lair.
    pub key: Option<(Faction, usize)>,
    pub gold: u32,
    pub cards: u32,
    /// The hero's faction is the key's (extra gold on card Tasks and gold Quests).
    pub home: bool,
    /// Rescue: allies to dismiss; Kidnap: enemies to banish, in order.
    #[serde(default)]
    pub targets: Vec<HeroRef>,
}

/// `name`'s Boosts after gaining `gained`: more than 255 is refused, never cut to 255.
fn add_boosts(name: &str, have: u8, gained: u64) -> Result<u8, RuleError> {
    u8::try_from(have as u64 + gained).map_err(|_| RuleError::TooMany {
        what: format!("{name}'s Boosts"),
        have: have as u64,
        adding: gained,
        max: u8::MAX as u64,
    })
}

impl Game {
    pub(super) fn paid_adventure(
        &mut self,
        hero: HeroRef,
        paid: PaidAdventure,
    ) -> Result<Vec<String>, RuleError> {
        self.require_step(Step::Adventure, hero.team)?;
        if self.hero(hero)?.status != HeroStatus::OnMap {
            return Err(AdventureError::NotOnTheMap {
                hero: self.name(hero),
            }
            .into());
        }
        let kind = paid.kind;
        match (kind.keys(), paid.key) {
            (Some([]), Some(_)) => {
                return Err(AdventureError::NotOnAKey { kind }.into());
            }
            (Some([]), None) => {}
            (_, None) => {
                return Err(AdventureError::WhichKey { kind }.into());
            }
            (Some(keys), Some((f, _))) if !keys.contains(&f) => {
                return Err(AdventureError::NotOnThisKey { faction: f, kind }.into());
            }
            (_, Some((f, space))) => {
                self.key(f)?;
                if space >= super::victory::SPACES_PER_KEY {
                    return Err(AdventureError::NoSuchSpace { space }.into());
                }
            }
        }
        let need = |ok: bool, why: &'static str| {
            if ok {
                Ok(())
            } else {
                Err(AdventureError::Price { kind, why })
            }
        };
        let (gold, cards) = (paid.gold, paid.cards);
        match kind {
            PaidKind::CardTask => need(cards >= 1 && gold == 0, "discard at least one card")?,
            PaidKind::GoldQuest | PaidKind::Inspire | PaidKind::Infirmary | PaidKind::Bounty => {
                need(gold >= 1 && cards == 0, "pay at least 1 gold")?
            }
            PaidKind::Market => need(gold >= 2 && cards == 0, "buy at least one card")?,
            PaidKind::Rescue => need(
                gold >= 1 && cards == 0 && paid.targets.len() as u32 <= gold,
                "1 gold for each ally dismissed, at least 1 gold",
            )?,
            PaidKind::Kidnap => need(
                gold >= 2 && gold % 2 == 0 && cards == 0 && paid.targets.len() as u32 <= gold / 2,
                "2 gold for each enemy banished, at least 2 gold",
            )?,
            PaidKind::LithsChamber => need(
                gold + cards >= 1,
                "give gold or cards; with nothing given nothing happens",
            )?,
        }
        if !paid.targets.is_empty() && !matches!(kind, PaidKind::Rescue | PaidKind::Kidnap) {
            return Err(AdventureError::NoTargets { kind }.into());
        }
        for t in &paid.targets {
            let ally = t.team == hero.team;
            if (kind == PaidKind::Rescue) != ally || *t == hero {
                return Err(if kind == PaidKind::Rescue {
                    AdventureError::RescueAlliesOnly
                } else {
                    AdventureError::KidnapEnemiesOnly
                }
                .into());
            }
            self.require_in_play(*t)?;
        }
        let place = match (paid.key, kind) {
            (Some((faction, space)), _) => Place::Key { faction, space },
            (None, PaidKind::Bounty) => Place::Bounty,
            (None, _) => Place::LithsChamber,
        };
        self.stand_on(hero, place)?;
        self.take_action(hero, super::game::Deed::Adventured)?;
        self.adventured.push(AdventuredFrom { hero, place });
        let name = self.name(hero);
        let h = self.hero_mut(hero)?;
        if h.gold < gold {
            return Err(AdventureError::CannotPay {
                hero: h.name.clone(),
                gold: h.gold,
                needed: gold,
            }
            .into());
        }
        h.gold -= gold;
        let mut lines = vec![format!(
            "{name} pays {gold} gold and {}",
            crate::words::count(cards, "card", "cards")
        )];
        let home = paid.home;
        match kind {
            PaidKind::CardTask => {
                h.boosts = add_boosts(&name, h.boosts, 2 * cards as u64)?;
                lines.push(format!(
                    "{name} gains {}",
                    crate::words::count(2 * cards as u64, "Boost", "Boosts")
                ));
                if home {
                    h.gold = add_up(|| format!("{name}'s gold"), h.gold, cards)?;
                    lines.push(format!("{name} is of this faction: +{cards} gold"));
                }
            }
            PaidKind::GoldQuest => {
                if home {
                    h.gold = add_up(|| format!("{name}'s gold"), h.gold, 1)?;
                    lines.push(format!("{name} is of this faction: +1 gold"));
                }
                lines.push("take the Quest's card draws and Virtue bonus".into());
            }
            PaidKind::Inspire => {
                h.boosts = add_boosts(&name, h.boosts, gold as u64)?;
                lines.push(format!(
                    "{name} gains {}",
                    crate::words::count(gold, "Boost", "Boosts")
                ));
            }
            PaidKind::Infirmary => {
                let healed = (h.wounds as u32).min(gold) as u8;
                h.wounds -= healed;
                lines.push(format!(
                    "{name} heals {}",
                    crate::words::count(healed, "wound", "wounds")
                ));
            }
            PaidKind::Market | PaidKind::Bounty => lines.push(
                "for each card: take the Market card, or discard it and draw from that deck; \
                 then refill the Market"
                    .into(),
            ),
            _ => {}
        }
        match kind {
            PaidKind::LithsChamber => {
                let tribute = cards
                    .checked_mul(2)
                    .and_then(|c| c.checked_add(gold))
                    .ok_or_else(|| RuleError::TooMany {
                        what: format!("{name}'s tribute ({gold} gold and {cards} cards)"),
                        have: gold as u64,
                        adding: 2 * cards as u64,
                        max: u32::MAX as u64,
                    })?;
                self.lith.give(hero.team, tribute)?;
                lines.push(format!("{tribute} tribute to Lith"));
            }
            PaidKind::Bounty => {
                self.lith.give(hero.team, 1)?;
                lines.push("1 tribute to Lith".into());
            }
            _ => {}
        }
        if let Some((faction, space)) = paid.key {
            lines.push(match self.key_mut(faction)?.capture(space, hero.team)? {
                Capture::Placed => format!("capture: {} marker placed", hero.team),
                Capture::RemovedEnemy => "capture: the enemy marker comes off (p. 14)".into(),
                Capture::AlreadyOurs => "capture: already ours".into(),
            });
        }
        let how = if kind == PaidKind::Kidnap {
            Removal::Banish
        } else {
            Removal::Dismiss
        };
        // Allies or enemies first, one at a time, then the adventurer (p. 16).
        for t in &paid.targets {
            self.queue.push((*t, how, Reason::Other));
        }
        self.queue.push((hero, Removal::Dismiss, Reason::Adventure));
        lines.extend(self.next_in_queue()?);
        Ok(lines)
    }
}
