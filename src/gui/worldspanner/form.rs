//! The challenge panel's form: what is being challenged, by which hero, the two ratings, the
//! modifiers the rules allow for it, and for attacks the target and the weapon. It builds one
//! engine action; the engine says which rule refuses it, if any. (Its look is in panel.rs.)

use strum::VariantArray;

use crate::worldspanner::{
    Action as Play, Adventure, Attack, Challenge, ChallengeKind, Faction, Game, HeroRef, Modifier,
    PaidAdventure, PaidKind, Skill, TeamSide,
};

/// What the panel draws for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, VariantArray)]
pub enum What {
    #[default]
    Task,
    Quest,
    Haggler,
    MirrorPool,
    Vortex,
    Underworld,
    Melee,
    Ranged,
    Other,
    /// Paid with gold or cards: no card is drawn for it.
    Paid,
}

impl What {
    /// Every choice, as declared: the panel's pick list.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn on_faction_key(self) -> bool {
        matches!(self, What::Task | What::Quest)
    }

    pub fn paid(self) -> bool {
        self == What::Paid
    }

    pub fn lith(self) -> bool {
        matches!(
            self,
            What::Haggler | What::MirrorPool | What::Vortex | What::Underworld
        )
    }

    pub fn attack(self) -> bool {
        matches!(self, What::Melee | What::Ranged)
    }
}

impl std::fmt::Display for What {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            What::Task => "Faction Task (vs 5)",
            What::Quest => "Faction Quest",
            What::Haggler => "Haggler (5 Wits)",
            What::MirrorPool => "Mirror Pool (5 Intellect)",
            What::Vortex => "Vortex (5 Virtue)",
            What::Underworld => "Underworld (5 Fame)",
            What::Melee => "Melee attack",
            What::Ranged => "Ranged attack",
            What::Other => "Other challenge",
            What::Paid => "Paid adventure (gold or cards)",
        })
    }
}

/// A hero (or key) in a pick list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice<T> {
    pub value: T,
    pub label: String,
}

impl<T> std::fmt::Display for Choice<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

#[derive(Debug, Clone)]
pub enum FormMsg {
    What(What),
    Hero(Choice<usize>),
    Key(Choice<Faction>),
    Space(u8),
    Rating(String),
    Against(String),
    Home(bool),
    Opposing(bool),
    Boost(bool),
    TargetBoost(bool),
    Lith(bool),
    Favor(String),
    Terrain(String),
    Target(Choice<usize>),
    Power(String),
    Armor(String),
    Wound(String),
    Weapon(bool),
    PaidKind(PaidChoice),
    Gold(String),
    Cards(String),
    /// The player's own modifier: an amount and its reason (a special ability, a card bonus).
    Own(String),
    OwnReason(String),
}

/// A paid adventure in a pick list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaidChoice(pub PaidKind);

impl std::fmt::Display for PaidChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.name())
    }
}

#[derive(Debug, Clone, Default)]
pub struct ChallengeForm {
    pub what: What,
    pub hero: Option<usize>,
    pub key: Option<Faction>,
    pub space: u8,
    pub rating: String,
    pub against: String,
    pub home: bool,
    pub opposing: bool,
    pub boost: bool,
    pub target_boost: bool,
    pub lith: bool,
    pub favor: String,
    pub terrain: String,
    pub target: Option<usize>,
    pub power: String,
    pub armor: String,
    pub wound: String,
    pub weapon: bool,
    pub paid: Option<PaidKind>,
    pub gold: String,
    pub cards: String,
    pub own: String,
    pub own_reason: String,
    /// The rating taken from the hero's card, if any.
    pub skill: Option<Skill>,
    /// What the players still add by hand (a favor tile's printed bonus), with its rule.
    pub reminders: Vec<crate::rules::Reminder>,
}

// Kept String: the form's message, shown beside it verbatim (a FieldError would fit; the screen is another round's).
fn count(name: &str, s: &str) -> Result<u32, String> {
    if s.trim().is_empty() {
        return Ok(0);
    }
    s.trim()
        .parse()
        .map_err(|_| format!("{name}: enter a number"))
}

// Kept String: the form's message, shown beside it verbatim (a FieldError would fit; the screen is another round's).
fn number(name: &str, s: &str) -> Result<u8, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("{name}: enter a number"))
}

fn signed(s: &str) -> Option<i8> {
    s.trim().trim_start_matches('+').parse().ok()
}

impl ChallengeForm {
    /// Hero picks belong to one side: drop them when the side or the game changes.
    pub fn clear_heroes(&mut self) {
        self.hero = None;
        self.target = None;
        self.skill = None;
        self.reminders.clear();
    }

    /// Fills the rating and the modifiers from the chosen hero's library card: its printed
    /// `skill`, home or opposing for the chosen key, an active Boost, Lith's Favor; for an
    /// attack also what the target's card and a natural attack's card say.
    // Kept String: the form's message, shown beside it verbatim (a FieldError would fit; the screen is another round's).
    pub fn fill_from_card(
        &mut self,
        game: &Game,
        side: TeamSide,
        skill: Skill,
    ) -> Result<(), String> {
        let hero = HeroRef {
            team: side,
            hero: self.hero.ok_or("choose the hero first")?,
        };
        let kind = match self.what {
            What::Task | What::Quest => ChallengeKind::FactionAdventure,
            What::Melee => ChallengeKind::MeleeHit,
            What::Ranged => ChallengeKind::RangedHit,
            What::Other => ChallengeKind::Other,
            _ if self.what.lith() => ChallengeKind::LithAdventure,
            _ => ChallengeKind::Other,
        };
        // An attack reads the rest off the cards too (COMBAT, p. 18-19): the target's defence
        // and Armor, its Boost, and a natural melee attack's Power and Wound.
        if self.what.attack() {
            let target = self.target.map(|hero| HeroRef {
                team: side.other(),
                hero,
            });
            let natural_melee = self.what == What::Melee && !self.weapon;
            let r = game.attack_ratings(hero, target, self.what == What::Ranged, natural_melee);
            let put = |field: &mut String, value: Option<u8>| {
                if let Some(v) = value {
                    *field = v.to_string();
                }
            };
            put(&mut self.against, r.defence);
            put(&mut self.armor, r.armor);
            put(&mut self.power, r.power);
            put(&mut self.wound, r.wound);
            if target.is_some() {
                self.target_boost = r.target_boost;
            }
        }
        let against = self.against.trim().parse().unwrap_or(5);
        let hc = game
            .hero_challenge(hero, skill, kind, against, self.key)
            .map_err(|e| e.to_string())?;
        self.skill = Some(skill);
        self.rating = hc.challenge.rating.to_string();
        self.home = hc.challenge.modifiers.contains(&Modifier::HomeFaction {});
        self.opposing = hc
            .challenge
            .modifiers
            .contains(&Modifier::OpposingFaction {});
        self.boost = hc.challenge.modifiers.contains(&Modifier::Boost {});
        self.lith = hc
            .challenge
            .modifiers
            .iter()
            .any(|m| matches!(m, Modifier::LithsFavor { .. }));
        self.reminders = hc.reminders;
        Ok(())
    }

    pub fn update(&mut self, m: FormMsg) {
        match m {
            FormMsg::What(w) => {
                self.what = w;
                if w == What::Task || w.lith() {
                    self.against = "5".into();
                }
                if !w.on_faction_key() && !w.paid() {
                    self.home = false;
                    self.opposing = false;
                }
            }
            FormMsg::Hero(c) => self.hero = Some(c.value),
            FormMsg::Key(c) => self.key = Some(c.value),
            FormMsg::Space(s) => self.space = s.clamp(1, 4) - 1,
            FormMsg::Rating(s) => self.rating = s,
            FormMsg::Against(s) => self.against = s,
            FormMsg::Home(on) => {
                self.home = on;
                self.opposing &= !on;
            }
            FormMsg::Opposing(on) => {
                self.opposing = on;
                self.home &= !on;
            }
            FormMsg::Boost(on) => self.boost = on,
            FormMsg::TargetBoost(on) => self.target_boost = on,
            FormMsg::Lith(on) => self.lith = on,
            FormMsg::Favor(s) => self.favor = s,
            FormMsg::Terrain(s) => self.terrain = s,
            FormMsg::Target(c) => self.target = Some(c.value),
            FormMsg::Power(s) => self.power = s,
            FormMsg::Armor(s) => self.armor = s,
            FormMsg::Wound(s) => self.wound = s,
            FormMsg::Weapon(on) => self.weapon = on,
            FormMsg::PaidKind(PaidChoice(k)) => self.paid = Some(k),
            FormMsg::Gold(s) => self.gold = s,
            FormMsg::Cards(s) => self.cards = s,
            FormMsg::Own(s) => self.own = s,
            FormMsg::OwnReason(s) => self.own_reason = s,
        }
    }

    /// Every field Draw still needs, named the way the panel labels them, all at once (empty
    /// when the form is complete). A field typed wrongly counts as missing.
    pub fn missing(&self) -> Vec<&'static str> {
        let mut need = Vec::new();
        let hero_needed = !matches!(self.what, What::Other);
        if hero_needed && self.hero.is_none() {
            need.push("hero");
        }
        if self.what.paid() {
            match self.paid {
                None => need.push("what is paid for"),
                Some(k) if k.on_faction_key() && self.key.is_none() => need.push("Faction key"),
                Some(_) => {}
            }
            for (name, value) in [("Gold", &self.gold), ("Cards", &self.cards)] {
                if count(name, value).is_err() {
                    need.push(name);
                }
            }
            return need;
        }
        if self.what.on_faction_key() && self.key.is_none() {
            need.push("Faction key");
        }
        for (name, value) in [("rating", &self.rating), ("against", &self.against)] {
            if number(name, value).is_err() {
                need.push(name);
            }
        }
        if self.what.attack() {
            for (name, value) in [
                ("Power", &self.power),
                ("Armor", &self.armor),
                ("Wound", &self.wound),
            ] {
                if number(name, value).is_err() {
                    need.push(name);
                }
            }
        }
        if !self.own.trim().is_empty() {
            // What `build` refuses is named here too, so Draw is never enabled for a form
            // it would refuse.
            if signed(&self.own).is_none_or(|a| !(-12..=12).contains(&a)) {
                need.push("Own modifier (a whole number from -12 to +12)");
            }
            if self.own_reason.trim().is_empty() {
                need.push("why (Own modifier)");
            }
        }
        need
    }

    /// A paid adventure: what is paid, where, and whether the hero is of the key's faction.
    // Kept String: the form's message, shown beside it verbatim (a FieldError would fit; the screen is another round's).
    fn build_paid(&self, hero: Option<HeroRef>) -> Result<Play, String> {
        let hero = hero.ok_or("choose the hero first")?;
        let kind = self.paid.ok_or("choose the paid adventure")?;
        let key = if kind.on_faction_key() {
            Some((
                self.key.ok_or("choose the Faction key")?,
                self.space as usize,
            ))
        } else {
            None
        };
        Ok(Play::Paid {
            hero,
            paid: PaidAdventure {
                kind,
                key,
                gold: count("Gold", &self.gold)?,
                cards: count("Cards", &self.cards)?,
                home: self.home,
                targets: Vec::new(),
            },
        })
    }

    /// The engine action this form describes for `side`.
    // Kept String: the form's message, shown beside it verbatim (a FieldError would fit; the screen is another round's).
    pub fn build(&self, game: &Game, side: TeamSide) -> Result<Play, String> {
        let hero = self.hero.map(|hero| HeroRef { team: side, hero });
        if self.what.paid() {
            return self.build_paid(hero);
        }
        let rating = number("Rating", &self.rating)?;
        let against = number("Against", &self.against)?;
        let mut mods = Vec::new();
        if self.home {
            mods.push(Modifier::HomeFaction {});
        }
        if self.opposing {
            mods.push(Modifier::OpposingFaction {});
        }
        if self.boost {
            mods.push(Modifier::Boost {});
        }
        if self.target_boost {
            mods.push(Modifier::TargetBoost {});
        }
        if let Some(amount) = signed(&self.favor).filter(|a| *a != 0) {
            mods.push(Modifier::FavorTile { amount });
        }
        if self.lith {
            let favor = game.lith.favor(side).ok_or_else(|| {
                format!(
                    "{side} hold {} tribute: Lith's Favor needs 3 (p. 17)",
                    game.lith.of(side)
                )
            })?;
            mods.push(Modifier::LithsFavor { favor });
        }
        if let Some(spaces) = signed(&self.terrain).filter(|s| *s > 0) {
            mods.push(Modifier::TerrainStealth {
                spaces: spaces as u8,
            });
        }
        if !self.own.trim().is_empty() {
            let amount = signed(&self.own)
                .filter(|a| (-12..=12).contains(a))
                .ok_or("Own modifier: a whole number from -12 to +12")?;
            let reason = self.own_reason.trim();
            if reason.is_empty() {
                return Err("Own modifier: say why (the ability or card that gives it)".into());
            }
            if amount != 0 {
                mods.push(Modifier::Other {
                    amount,
                    reason: reason.to_string(),
                });
            }
        }
        let need_hero = || hero.ok_or_else(|| "choose the hero first".to_string());
        let kind = match self.what {
            What::Task | What::Quest => ChallengeKind::FactionAdventure,
            What::Melee => ChallengeKind::MeleeHit,
            What::Ranged => ChallengeKind::RangedHit,
            What::Other => ChallengeKind::Other,
            _ => ChallengeKind::LithAdventure,
        };
        let challenge = Challenge {
            kind,
            rating,
            against,
            modifiers: mods.clone(),
            skill: self.skill,
        };
        let adventure = match self.what {
            What::Task | What::Quest => {
                let faction = self.key.ok_or("choose the Faction key")?;
                let space = self.space as usize;
                Some(if self.what == What::Task {
                    Adventure::FactionTask { faction, space }
                } else {
                    Adventure::FactionQuest { faction, space }
                })
            }
            What::Haggler => Some(Adventure::Haggler {}),
            What::MirrorPool => Some(Adventure::MirrorPool {}),
            What::Vortex => Some(Adventure::Vortex {}),
            What::Underworld => Some(Adventure::Underworld {}),
            _ => None,
        };
        if let Some(adventure) = adventure {
            return Ok(Play::Adventure {
                hero: need_hero()?,
                adventure,
                challenge,
            });
        }
        if self.what.attack() {
            let natural_melee = self.what == What::Melee && !self.weapon;
            // The attacker's Boost raises its Power only for natural melee; the target's
            // Boost raises its Armor too (Boosts, p. 23).
            let damage_mods = mods
                .iter()
                .filter(|m| match m {
                    Modifier::Boost {} => natural_melee,
                    Modifier::TargetBoost {} | Modifier::Other { .. } => true,
                    _ => false,
                })
                .cloned()
                .collect();
            return Ok(Play::Attack {
                attacker: need_hero()?,
                target: self.target.map(|hero| HeroRef {
                    team: side.other(),
                    hero,
                }),
                attack: Attack {
                    hit: challenge,
                    damage: Challenge {
                        kind: ChallengeKind::Damage { natural_melee },
                        rating: number("Power", &self.power)?,
                        against: number("Armor", &self.armor)?,
                        modifiers: damage_mods,
                        skill: None,
                    },
                    wound_rating: number("Wound", &self.wound)?,
                },
            });
        }
        Ok(Play::Challenge {
            team: side,
            hero,
            challenge,
        })
    }
}
