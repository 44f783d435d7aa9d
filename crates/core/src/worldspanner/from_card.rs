//! A library hero played from its card (docs/worldspanner.md, "What you can do"): the
//! challenge it starts from (its printed rating and every modifier with its reason), the
//! ratings of an attack read off both cards, a typed rating that disagrees with the card
//! refused, and the melee order by Wits (COMBAT, Resolving melee, p. 18).

use super::challenge::{Challenge, ChallengeKind, Modifier};
use super::error::{ChallengeError, HeroError, RuleError};
use super::game::Game;
use super::library::{HeroCard, Skill};
use super::team::HeroRef;
use super::victory::Faction;

/// The numbers of an attack read off the hero cards (`Game::attack_ratings`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AttackRatings {
    /// The target's Agility (melee) or Stealth (ranged): what the hit is rolled against.
    pub defence: Option<u8>,
    /// The target's Armor: what the damage is rolled against.
    pub armor: Option<u8>,
    /// The attacker's natural Power and Wound (natural melee only).
    pub power: Option<u8>,
    pub wound: Option<u8>,
    /// The target's Boost is active (+1 to its defence and Armor, p. 23).
    pub target_boost: bool,
}

/// A challenge started from a library hero: the rating, and the lines saying what the players
/// still add by hand (a favor tile's printed bonus).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeroChallenge {
    pub challenge: Challenge,
    pub reminders: Vec<crate::rules::Reminder>,
}

impl Game {
    /// The hero's card, if it came from the library.
    pub fn card(&self, hero: HeroRef) -> Option<&HeroCard> {
        self.hero(hero).ok()?.start.card.as_ref()
    }

    /// The challenge `hero` makes with `skill` against `against`: its printed rating, the
    /// home +2 / opposing -2 of `key` (Faction adventures only), the active Boost (+1 to every
    /// numbered rating but Wound, p. 23), Lith's Favor (Lith adventures, p. 17), each a
    /// modifier with its reason. Favor tiles print their own bonus: held ones are reminded.
    pub fn hero_challenge(
        &self,
        hero: HeroRef,
        skill: Skill,
        kind: ChallengeKind,
        against: u8,
        key: Option<Faction>,
    ) -> Result<HeroChallenge, RuleError> {
        let h = self.hero(hero)?;
        let card = h.start.card.as_ref().ok_or_else(|| HeroError::NoHeroCard {
            hero: h.name.clone(),
        })?;
        let mut c = Challenge::new(kind, card.rating(skill), against).of_skill(skill);
        if kind == ChallengeKind::FactionAdventure
            && let Some(f) = key
        {
            if f == card.faction {
                c.modifiers.push(Modifier::HomeFaction {});
            } else if card.opposing.contains(&f) {
                c.modifiers.push(Modifier::OpposingFaction {});
            }
        }
        let boost_counts = !matches!(
            kind,
            ChallengeKind::Damage {
                natural_melee: false
            }
        );
        if h.boost_active && skill != Skill::Wound && boost_counts {
            c.modifiers.push(Modifier::Boost {});
        }
        if kind == ChallengeKind::LithAdventure
            && let Some(favor) = self.lith.favor(hero.team)
        {
            c.modifiers.push(Modifier::LithsFavor { favor });
        }
        let mut reminders = Vec::new();
        for k in &self.keys {
            if let Some(side) = k.favor(hero.team) {
                reminders.push(super::cites::ReminderKind::FavorTile.remind(format!(
                    "{} hold the {} favor tile ({:?} side): add its printed bonus if it applies",
                    hero.team,
                    k.faction.key_name(),
                    side
                )));
            }
        }
        Ok(HeroChallenge {
            challenge: c,
            reminders,
        })
    }

    /// What the hero cards say for an attack by `attacker` on `target` (COMBAT: Resolving
    /// Melee p. 18, Ranged Attack p. 19): the target's defence against the hit (Agility against
    /// a melee attack, Stealth against a shot, before any terrain), its Armor against the
    /// damage and whether its Boost is active; for a `natural_melee` attack (fists or claws,
    /// no Melee card) the attacker's own Power and Wound, printed at the card's bottom left.
    /// `None` where a hero has no card, or where a weapon card holds the number instead.
    /// A library hero's adventure is played from its card (FACTION RELATIONS, p. 14): the
    /// rating must be the printed one (a change is an own modifier with its reason), the home
    /// faction's +2 and an opposing faction's -2 are added from the card for the key, and a
    /// faction modifier the card contradicts is refused. Returns what was added, for the
    /// explanation; a hero without a card is taken as typed.
    pub(super) fn played_from_card(
        &self,
        hero: HeroRef,
        adventure: &super::adventure::Adventure,
        c: &mut Challenge,
    ) -> Result<Vec<String>, RuleError> {
        let Some(card) = self.card(hero) else {
            return Ok(Vec::new());
        };
        let name = self.name(hero);
        let skill = match (adventure.skill(), c.skill) {
            (Some(fixed), Some(given)) if fixed != given => {
                return Err(ChallengeError::WrongSkill {
                    adventure: adventure.name(),
                    skill: fixed,
                    given,
                }
                .into());
            }
            (Some(fixed), _) => fixed,
            (None, Some(given)) => given,
            (None, None) => return Err(ChallengeError::WhichSkill { hero: name }.into()),
        };
        c.skill = Some(skill);
        let printed = card.rating(skill);
        if c.rating != printed {
            return Err(ChallengeError::RatingNotOnCard {
                hero: name,
                skill,
                printed,
                typed: c.rating,
            }
            .into());
        }
        let mut lines = self.boost_and_favor_from_card(hero, c);
        let Some(key) = adventure.key() else {
            return Ok(lines);
        };
        let has = |m: &Modifier| c.modifiers.contains(m);
        let home = key == card.faction;
        let opposing = card.opposing.contains(&key);
        if has(&Modifier::OpposingFaction {}) && home {
            return Err(ChallengeError::OpposingOnHomeKey {
                hero: name,
                faction: key,
            }
            .into());
        }
        if has(&Modifier::HomeFaction {}) && !home {
            return Err(ChallengeError::HomeOffHomeKey {
                hero: name,
                faction: key,
                home: card.faction,
            }
            .into());
        }
        if has(&Modifier::OpposingFaction {}) && !opposing {
            return Err(ChallengeError::OpposingOffCard {
                hero: name,
                faction: key,
                opposing: card.opposing,
            }
            .into());
        }
        let added = if home {
            Some(Modifier::HomeFaction {})
        } else if opposing {
            Some(Modifier::OpposingFaction {})
        } else {
            None
        };
        if let Some(m) = added.filter(|m| !has(m)) {
            lines.push(format!(
                "from {name}'s card: {} is {} faction",
                key.key_name(),
                if home { "the home" } else { "an opposing" }
            ));
            c.modifiers.push(m);
        }
        Ok(lines)
    }

    /// The Boost in use (+1 to every numbered rating but Wound, p. 23) and, on Lith's Lair
    /// and Death's Edge, the team's Lith's Favor (p. 17), added to a library hero's challenge
    /// when not typed; returns the lines saying so.
    fn boost_and_favor_from_card(&self, hero: HeroRef, c: &mut Challenge) -> Vec<String> {
        let mut lines = Vec::new();
        let name = self.name(hero);
        let boost_counts = c.skill != Some(Skill::Wound)
            && c.kind
                != (ChallengeKind::Damage {
                    natural_melee: false,
                });
        if boost_counts
            && self.hero(hero).is_ok_and(|h| h.boost_active)
            && !c.modifiers.contains(&Modifier::Boost {})
        {
            lines.push(format!("from {name}'s card: its Boost is in use, +1"));
            c.modifiers.push(Modifier::Boost {});
        }
        if c.kind == ChallengeKind::LithAdventure
            && let Some(favor) = self.lith.favor(hero.team)
            && !c
                .modifiers
                .iter()
                .any(|m| matches!(m, Modifier::LithsFavor { .. }))
        {
            lines.push(format!(
                "{} hold Lith's Favor: {:+} (p. 17)",
                hero.team,
                favor.amount()
            ));
            c.modifiers.push(Modifier::LithsFavor { favor });
        }
        lines
    }

    /// An attack played from the hero cards (COMBAT, p. 18; RANGED ATTACK, p. 19): a library
    /// attacker's Hit rating is its printed Melee (a shot: the Aim or Point its weapon names),
    /// its fists' Power and Wound are printed too, and its Boost in use is added; a library
    /// target's Agility (Stealth against a shot) and Armor are its printed ones, and its Boost
    /// in use is added against the attacker. A rating typed otherwise is refused naming the
    /// card's value (a weapon's bonus is an own modifier with its reason); a hero without a
    /// card is taken as typed. Returns what was added, for the explanation.
    pub(super) fn attack_from_cards(
        &self,
        attacker: HeroRef,
        target: Option<HeroRef>,
        attack: &mut super::challenge::Attack,
    ) -> Result<Vec<String>, RuleError> {
        use super::error::CombatError;
        let ranged = attack.hit.kind == ChallengeKind::RangedHit;
        let natural_melee = attack.damage.kind
            == ChallengeKind::Damage {
                natural_melee: true,
            };
        let mut lines = Vec::new();
        let printed = |hero: HeroRef, skill: Skill, printed: u8, typed: u8| {
            if printed == typed {
                Ok(())
            } else {
                Err(RuleError::from(ChallengeError::RatingNotOnCard {
                    hero: self.name(hero),
                    skill,
                    printed,
                    typed,
                }))
            }
        };
        if let Some(card) = self.card(attacker) {
            let name = self.name(attacker);
            if ranged {
                let (aim, point) = (card.rating(Skill::Aim), card.rating(Skill::Point));
                match attack.hit.skill {
                    Some(skill) => printed(attacker, skill, card.rating(skill), attack.hit.rating)?,
                    None if attack.hit.rating == aim => attack.hit.skill = Some(Skill::Aim),
                    None if attack.hit.rating == point => attack.hit.skill = Some(Skill::Point),
                    None => {
                        return Err(CombatError::ShotRatingNotOnCard {
                            hero: name,
                            aim,
                            point,
                            typed: attack.hit.rating,
                        }
                        .into());
                    }
                }
            } else {
                if let Some(given) = attack.hit.skill.filter(|s| *s != Skill::Melee) {
                    return Err(CombatError::MeleeHitSkill { given }.into());
                }
                attack.hit.skill = Some(Skill::Melee);
                printed(
                    attacker,
                    Skill::Melee,
                    card.rating(Skill::Melee),
                    attack.hit.rating,
                )?;
            }
            if natural_melee {
                printed(
                    attacker,
                    Skill::Power,
                    card.rating(Skill::Power),
                    attack.damage.rating,
                )?;
                printed(
                    attacker,
                    Skill::Wound,
                    card.rating(Skill::Wound),
                    attack.wound_rating,
                )?;
            }
            lines.extend(self.boost_and_favor_from_card(attacker, &mut attack.hit));
            if natural_melee
                && self.hero(attacker).is_ok_and(|h| h.boost_active)
                && !attack.damage.modifiers.contains(&Modifier::Boost {})
            {
                attack.damage.modifiers.push(Modifier::Boost {});
            }
        }
        if let Some(t) = target
            && let Some(card) = self.card(t)
        {
            let defence = if ranged {
                Skill::Stealth
            } else {
                Skill::Agility
            };
            printed(t, defence, card.rating(defence), attack.hit.against)?;
            printed(
                t,
                Skill::Armor,
                card.rating(Skill::Armor),
                attack.damage.against,
            )?;
            if self.hero(t).is_ok_and(|h| h.boost_active) {
                let mut added = false;
                for c in [&mut attack.hit, &mut attack.damage] {
                    if !c.modifiers.contains(&Modifier::TargetBoost {}) {
                        c.modifiers.push(Modifier::TargetBoost {});
                        added = true;
                    }
                }
                if added {
                    lines.push(format!(
                        "from {}'s card: its Boost is in use, +1 to its {defence} and Armor",
                        self.name(t)
                    ));
                }
            }
        }
        Ok(lines)
    }

    /// A free-standing challenge by a library hero that names its rating: the rating must be
    /// the printed one.
    pub(super) fn challenge_from_card(
        &self,
        hero: HeroRef,
        c: &Challenge,
    ) -> Result<(), RuleError> {
        if let (Some(card), Some(skill)) = (self.card(hero), c.skill) {
            let printed = card.rating(skill);
            if printed != c.rating {
                return Err(ChallengeError::RatingNotOnCard {
                    hero: self.name(hero),
                    skill,
                    printed,
                    typed: c.rating,
                }
                .into());
            }
        }
        Ok(())
    }

    pub fn attack_ratings(
        &self,
        attacker: HeroRef,
        target: Option<HeroRef>,
        ranged: bool,
        natural_melee: bool,
    ) -> AttackRatings {
        let mut r = AttackRatings::default();
        if natural_melee
            && !ranged
            && let Some(card) = self.card(attacker)
        {
            r.power = Some(card.rating(Skill::Power));
            r.wound = Some(card.rating(Skill::Wound));
        }
        if let Some(t) = target {
            if let Some(card) = self.card(t) {
                let defence = if ranged {
                    Skill::Stealth
                } else {
                    Skill::Agility
                };
                r.defence = Some(card.rating(defence));
                r.armor = Some(card.rating(Skill::Armor));
            }
            r.target_boost = self.hero(t).is_ok_and(|h| h.boost_active);
        }
        r
    }

    /// The order melee attacks are made in among `fighting`: Wits highest first; on a tie the
    /// active team's hero first (COMBAT, Melee step). Heroes without a card are left out and
    /// named in the second list, since their Wits is unknown.
    pub fn melee_order(&self, fighting: &[HeroRef]) -> (Vec<(HeroRef, u8)>, Vec<HeroRef>) {
        let mut known = Vec::new();
        let mut unknown = Vec::new();
        for r in fighting {
            match self.card(*r) {
                Some(card) => known.push((*r, card.rating(Skill::Wits))),
                None => unknown.push(*r),
            }
        }
        let active = self.rounds.active;
        known.sort_by_key(|(r, wits)| (std::cmp::Reverse(*wits), r.team != active, r.hero));
        (known, unknown)
    }
}
