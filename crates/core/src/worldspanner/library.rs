//! The hero library: hero cards entered once and kept in the data folder (the store reads and
//! writes the file; this module only parses, checks and queries it). A card holds what the app
//! uses: name, home faction, Health, the 14 rated skills (HEROES, Ratings: 0 to 9; Wound 0 to
//! 4), Natures, the two opposing factions (Faction relations, p. 14), bonus symbols and the
//! starting loot the app counts. Also the challenge a library hero starts from (its rating and
//! every modifier with its reason) and the melee order by Wits (COMBAT, Melee step).

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::challenge::{Challenge, ChallengeKind, Modifier};
use super::error::{ChallengeError, HeroCardError, HeroError, RuleError};
use super::game::Game;
use super::team::{HeroEntry, HeroRef, MAX_HEALTH};
use super::victory::Faction;

pub const DATA_KIND: &str = "worldspanner-hero-library";

/// Where the library lives in the data folder.
pub const LIBRARY_PATH: &str = "data/worldspanner/heroes.json";

/// The rated skills printed down a hero card, in the book's order (HEROES, Ratings).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, VariantArray)]
#[serde(rename_all = "lowercase")]
pub enum Skill {
    Speed,
    Strength,
    Intellect,
    Virtue,
    Fame,
    Agility,
    Stealth,
    Armor,
    Aim,
    Point,
    Wits,
    Melee,
    Power,
    Wound,
}

impl Skill {
    /// Every skill, as declared: the book's order, which `HeroCard::ratings` follows.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn name(self) -> &'static str {
        match self {
            Skill::Speed => "Speed",
            Skill::Strength => "Strength",
            Skill::Intellect => "Intellect",
            Skill::Virtue => "Virtue",
            Skill::Fame => "Fame",
            Skill::Agility => "Agility",
            Skill::Stealth => "Stealth",
            Skill::Armor => "Armor",
            Skill::Aim => "Aim",
            Skill::Point => "Point",
            Skill::Wits => "Wits",
            Skill::Melee => "Melee",
            Skill::Power => "Power",
            Skill::Wound => "Wound",
        }
    }

    /// The highest printed value: skills 0 to 9, the Wound rating 0 to 4 (HEROES, Ratings).
    pub fn max(self) -> u8 {
        if self == Skill::Wound { 4 } else { 9 }
    }
}

impl std::fmt::Display for Skill {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One hero card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroCard {
    pub name: String,
    /// The home faction (upper left of the card).
    pub faction: Faction,
    pub health: u8,
    /// The 14 ratings in `Skill::ALL` order.
    pub ratings: [u8; 14],
    /// Man, Woman, Child, Being, Fairy, Machine or Fiend; one or two.
    pub natures: Vec<String>,
    /// The two factions this hero opposes (-2 on their keys).
    pub opposing: [Faction; 2],
    #[serde(default)]
    pub bonus_symbols: Vec<String>,
    /// Starting loot the app counts (treasure cards stay on the table).
    #[serde(default)]
    pub gold: u32,
    #[serde(default)]
    pub boosts: u8,
}

impl HeroCard {
    pub fn rating(&self, skill: Skill) -> u8 {
        self.ratings[Skill::ALL.iter().position(|s| *s == skill).unwrap_or(0)]
    }

    /// Checks the book's ranges; the error names the hero and the field.
    pub fn validate(&self) -> Result<(), HeroCardError> {
        let name = self.name.trim();
        if name.is_empty() {
            return Err(HeroCardError::Unnamed);
        }
        let hero = || name.to_string();
        if self.health == 0 || self.health > MAX_HEALTH {
            return Err(HeroCardError::Health {
                hero: hero(),
                health: self.health,
            });
        }
        for (skill, value) in Skill::ALL.iter().zip(self.ratings) {
            if value > skill.max() {
                return Err(HeroCardError::Rating {
                    hero: hero(),
                    skill: *skill,
                    value,
                });
            }
        }
        if self.natures.is_empty() || self.natures.len() > 2 {
            return Err(HeroCardError::Natures {
                hero: hero(),
                count: self.natures.len(),
            });
        }
        if self.opposing[0] == self.opposing[1] || self.opposing.contains(&self.faction) {
            return Err(HeroCardError::Opposing {
                hero: hero(),
                faction: self.faction,
            });
        }
        Ok(())
    }

    /// The setup entry for this hero: its name, Health, starting loot and card.
    pub fn entry(&self) -> HeroEntry {
        HeroEntry {
            name: self.name.trim().to_string(),
            health: self.health,
            gold: self.gold,
            boosts: self.boosts,
            card: Some(self.clone()),
        }
    }
}

/// The library file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroLibrary {
    pub data_kind: String,
    pub heroes: Vec<HeroCard>,
}

impl Default for HeroLibrary {
    fn default() -> Self {
        HeroLibrary {
            data_kind: DATA_KIND.into(),
            heroes: Vec::new(),
        }
    }
}

impl HeroLibrary {
    /// Parses and checks a library file; errors name the hero and the field.
    pub fn parse(text: &str) -> Result<HeroLibrary, String> {
        let lib: HeroLibrary = crate::datafile::parse(text, DATA_KIND)?;
        let mut names = crate::datafile::FirstSeen::new();
        for (i, h) in lib.heroes.iter().enumerate() {
            h.validate().map_err(|e| format!("heroes[{i}]: {e}"))?;
            if let Some(first) = names.again(h.name.trim().to_ascii_lowercase(), i) {
                return Err(format!(
                    "heroes[{i}]: {} is in the library twice, first at heroes[{first}]",
                    h.name
                ));
            }
        }
        Ok(lib)
    }

    /// `tablemate check`'s one line for a hero library file: how many heroes, which.
    pub fn check_text(text: &str) -> Result<String, String> {
        let lib = HeroLibrary::parse(text)?;
        let names: Vec<&str> = lib.heroes.iter().map(|h| h.name.trim()).collect();
        Ok(format!(
            "Worldspanner hero library: {} hero{}{}",
            names.len(),
            if names.len() == 1 { "" } else { "es" },
            if names.is_empty() {
                String::new()
            } else {
                format!(" ({})", names.join(", "))
            }
        ))
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default() + "\n"
    }

    /// Adds a checked card, or replaces the card of the same name (a correction).
    pub fn put(&mut self, card: HeroCard) -> Result<(), HeroCardError> {
        card.validate()?;
        match self
            .heroes
            .iter_mut()
            .find(|h| h.name.trim().eq_ignore_ascii_case(card.name.trim()))
        {
            Some(h) => *h = card,
            None => self.heroes.push(card),
        }
        self.heroes.sort_by_key(|h| h.name.to_lowercase());
        Ok(())
    }

    pub fn get(&self, name: &str) -> Option<&HeroCard> {
        self.heroes
            .iter()
            .find(|h| h.name.trim().eq_ignore_ascii_case(name.trim()))
    }
}

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
    pub reminders: Vec<String>,
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
                reminders.push(format!(
                    "{} hold the {} favor tile ({:?} side): add its printed bonus if it applies",
                    hero.team,
                    k.faction.key_name(),
                    side
                ));
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
