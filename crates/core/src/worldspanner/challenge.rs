//! Challenge resolution: a rating against an opposing rating, the modifiers the rules allow
//! for that kind of challenge (each listed with why it applies), the clamp to -6..=6, the card
//! read, and what the face means: the standard adventure results (ADVENTURE BASICS, p. 14),
//! a hit (the blue bar, p. 18) or wounds (the Damage challenge, p. 18). Attacks are a Hit
//! challenge then a Damage challenge, each with its own card and its own Luck (p. 22).

use serde::{Deserialize, Serialize};

use super::card::{ChallengeCard, Difference, Face, Luck};
use super::error::{ChallengeError, CombatError, RuleError};
pub use super::modifier::{ChallengeKind, LithFavor, Modifier};

/// A challenge about to be drawn.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Challenge {
    pub kind: ChallengeKind,
    /// The hero's rating (after its own printed bonuses, such as a weapon's +1 Hit).
    pub rating: u8,
    /// The opposing rating: 5 for a Task, the quest card's, the target's Agility...
    pub against: u8,
    pub modifiers: Vec<Modifier>,
    /// Which of the hero's printed ratings `rating` is (Virtue for a Task showing Virtue): a
    /// hero with a library card is played from its card, so the rating must be the printed one
    /// (FACTION RELATIONS, p. 14; a change goes in an own modifier with its reason).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skill: Option<super::library::Skill>,
}

/// Ratings run 0 to 9 on heroes; weapon bonuses and quest cards can go a little beyond.
pub const MAX_RATING: u8 = 20;

impl Challenge {
    pub fn new(kind: ChallengeKind, rating: u8, against: u8) -> Challenge {
        Challenge {
            kind,
            rating,
            against,
            modifiers: Vec::new(),
            skill: None,
        }
    }

    /// The same challenge, naming the printed rating it uses.
    pub fn of_skill(mut self, skill: super::library::Skill) -> Challenge {
        self.skill = Some(skill);
        self
    }

    pub fn with(mut self, modifier: Modifier) -> Challenge {
        self.modifiers.push(modifier);
        self
    }

    /// Checks the modifiers against the kind of challenge.
    pub fn validate(&self) -> Result<(), RuleError> {
        for (name, r) in [("rating", self.rating), ("opposing rating", self.against)] {
            if r > MAX_RATING {
                return Err(ChallengeError::RatingOutOfRange {
                    which: name,
                    rating: r,
                }
                .into());
            }
        }
        let count = |f: fn(&Modifier) -> bool| self.modifiers.iter().filter(|m| f(m)).count();
        let faction =
            count(|m| matches!(m, Modifier::HomeFaction {} | Modifier::OpposingFaction {}));
        if faction > 0 && self.kind != ChallengeKind::FactionAdventure {
            return Err(ChallengeError::FactionOffKey.into());
        }
        if faction > 1 {
            return Err(ChallengeError::FactionTwice.into());
        }
        if count(|m| matches!(m, Modifier::Boost {})) > 1 {
            return Err(ChallengeError::BoostTwice.into());
        }
        if count(|m| matches!(m, Modifier::TargetBoost {})) > 1 {
            return Err(ChallengeError::TargetBoostTwice.into());
        }
        if count(|m| matches!(m, Modifier::TargetBoost {})) > 0 && self.kind.is_adventure() {
            return Err(ChallengeError::TargetBoostOnAdventure.into());
        }
        if self.kind
            == (ChallengeKind::Damage {
                natural_melee: false,
            })
            && count(|m| matches!(m, Modifier::Boost {})) > 0
        {
            return Err(ChallengeError::BoostOnWeaponPower.into());
        }
        let lith = count(|m| matches!(m, Modifier::LithsFavor { .. }));
        if lith > 0 && self.kind != ChallengeKind::LithAdventure {
            return Err(ChallengeError::LithOffLair.into());
        }
        if lith > 1 {
            return Err(ChallengeError::LithTwice.into());
        }
        let terrain = count(|m| matches!(m, Modifier::TerrainStealth { .. }));
        if terrain > 0 && self.kind != ChallengeKind::RangedHit {
            return Err(ChallengeError::TerrainOffShot.into());
        }
        if terrain > 1 {
            return Err(ChallengeError::TerrainTwice.into());
        }
        Ok(())
    }

    /// The total before the clamp: rating - opposing rating + modifiers.
    pub fn raw_difference(&self) -> i32 {
        self.rating as i32 - self.against as i32
            + self.modifiers.iter().map(Modifier::amount).sum::<i32>()
    }

    /// The row read on the card.
    pub fn difference(&self) -> Difference {
        Difference::clamped(self.raw_difference())
    }

    /// Reads `card` for this challenge.
    pub fn read(&self, card: &ChallengeCard) -> Result<ChallengeOutcome, RuleError> {
        self.validate()?;
        let difference = self.difference();
        Ok(ChallengeOutcome {
            challenge: self.clone(),
            raw_difference: self.raw_difference(),
            difference,
            card: card.clone(),
            face: card.face(difference),
            hit: card.hits(difference),
            luck: card.luck(),
        })
    }
}

/// What happened in one challenge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeOutcome {
    pub challenge: Challenge,
    pub raw_difference: i32,
    pub difference: Difference,
    pub card: ChallengeCard,
    pub face: Face,
    /// The blue Hit bar at this row (what a Hit challenge reads).
    pub hit: bool,
    /// The Luck of the card drawn for this challenge.
    pub luck: Luck,
}

/// The results every adventure shares (ADVENTURE BASICS, Common adventure results, p. 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AdventureResult {
    /// Pass or Amaze: the adventure's own reward, then the hero is dismissed.
    Success { amaze: bool },
    /// Squeak: the hero gains a Boost and is dismissed.
    BoostAndDismiss,
    /// Fail: the hero is dismissed.
    Dismiss,
    /// Fopp: the hero is banished.
    Banish,
}

impl AdventureResult {
    pub fn of(face: Face) -> AdventureResult {
        match face {
            Face::Amaze => AdventureResult::Success { amaze: true },
            Face::Pass => AdventureResult::Success { amaze: false },
            Face::Squeak => AdventureResult::BoostAndDismiss,
            Face::Fail => AdventureResult::Dismiss,
            Face::Fopp => AdventureResult::Banish,
        }
    }

    pub fn boost(self) -> bool {
        self == AdventureResult::BoostAndDismiss
    }

    pub fn banished(self) -> bool {
        self == AdventureResult::Banish
    }

    pub fn explain(self) -> &'static str {
        match self {
            AdventureResult::Success { amaze: true } => {
                "Amaze: take the adventure's Amaze reward, then dismiss the hero"
            }
            AdventureResult::Success { amaze: false } => {
                "Pass: take the adventure's Pass reward, then dismiss the hero"
            }
            AdventureResult::BoostAndDismiss => {
                "Squeak: the hero gains a Boost and is dismissed (p. 14)"
            }
            AdventureResult::Dismiss => "Fail: the hero is dismissed (p. 14)",
            AdventureResult::Banish => {
                "Fopp: the hero is banished; the enemy draws and places them (p. 14)"
            }
        }
    }
}

impl ChallengeOutcome {
    pub fn adventure_result(&self) -> AdventureResult {
        AdventureResult::of(self.face)
    }

    /// The explanation, line by line.
    pub fn explain(&self) -> Vec<String> {
        let c = &self.challenge;
        let mut lines = vec![format!(
            "{}: rating {} against {}: {:+}",
            c.kind.name(),
            c.rating,
            c.against,
            c.rating as i32 - c.against as i32
        )];
        for m in &c.modifiers {
            lines.push(format!("  {}", m.explain()));
        }
        if self.raw_difference != self.difference.value() as i32 {
            lines.push(format!(
                "total {:+} is off the card: read row {} (differences stop at 6 either way, p. 14)",
                self.raw_difference, self.difference
            ));
        } else {
            lines.push(format!("read row {}", self.difference));
        }
        let hit_kind = matches!(c.kind, ChallengeKind::MeleeHit | ChallengeKind::RangedHit);
        if self.card.is_physical() {
            // A card read at the table: say only what was read (the face, or the Hit bar).
            let mut line = if hit_kind {
                format!(
                    "the card drawn: the Hit bar is {}beside row {}",
                    if self.hit { "" } else { "not " },
                    self.difference
                )
            } else {
                format!("the card drawn: {} at {}", self.face, self.difference)
            };
            if let Some(l) = self.card.luck_read() {
                line += &format!("; Luck {}", l.get());
            }
            lines.push(line);
        } else {
            lines.push(format!(
                "card #{}: {} at {}; Hit bar {}; Luck {}",
                self.card.number(),
                self.face,
                self.difference,
                if self.hit { "covers it" } else { "does not" },
                self.luck.get()
            ));
        }
        match c.kind {
            ChallengeKind::FactionAdventure | ChallengeKind::LithAdventure => {
                lines.push(self.adventure_result().explain().to_string())
            }
            ChallengeKind::MeleeHit | ChallengeKind::RangedHit => lines.push(if self.hit {
                "hit: now make the Damage challenge (p. 18)".to_string()
            } else {
                "miss (p. 18)".to_string()
            }),
            ChallengeKind::Damage { .. } => lines.push(match self.face.wound_adjustment() {
                Some(adj) => format!("{}: the weapon's Wound rating {adj:+}", self.face),
                None => "Fopp: no wounds at all (p. 18)".to_string(),
            }),
            ChallengeKind::Other => lines.push(format!(
                "{}; apply it as the card or ability says",
                self.face
            )),
        }
        lines
    }
}

/// Wounds a Damage face causes from a weapon's Wound rating: Amaze +1, Pass 0, Squeak -1,
/// Fail -2, Fopp none; never below 0 (COMBAT, Damage challenge, p. 18).
pub fn wounds_caused(wound_rating: u8, face: Face) -> u8 {
    match face.wound_adjustment() {
        Some(adj) => (wound_rating as i32 + adj as i32).max(0) as u8,
        None => 0,
    }
}

/// An attack: the Hit challenge, then (on a hit) the Damage challenge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    /// `MeleeHit` or `RangedHit`.
    pub hit: Challenge,
    /// Power against Armor, kind `Damage`.
    pub damage: Challenge,
    /// The weapon's (or fists') Wound rating, 0 to 4 on cards.
    pub wound_rating: u8,
}

/// What an attack did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AttackOutcome {
    pub hit: ChallengeOutcome,
    pub damage: Option<ChallengeOutcome>,
    pub wounds: u8,
}

impl Attack {
    pub fn validate(&self) -> Result<(), RuleError> {
        if !matches!(
            self.hit.kind,
            ChallengeKind::MeleeHit | ChallengeKind::RangedHit
        ) {
            return Err(CombatError::HitFirst.into());
        }
        if !matches!(self.damage.kind, ChallengeKind::Damage { .. }) {
            return Err(CombatError::DamageSecond.into());
        }
        if self.wound_rating > 4 {
            return Err(CombatError::WoundOutOfRange(self.wound_rating).into());
        }
        self.hit.validate()?;
        self.damage.validate()
    }

    /// Resolves the attack, drawing one card for the Hit and, on a hit, one for the Damage.
    pub fn resolve(
        &self,
        mut draw: impl FnMut() -> Result<ChallengeCard, RuleError>,
    ) -> Result<AttackOutcome, RuleError> {
        self.validate()?;
        let hit = self.hit.read(&draw()?)?;
        if !hit.hit {
            return Ok(AttackOutcome {
                hit,
                damage: None,
                wounds: 0,
            });
        }
        let damage = self.damage.read(&draw()?)?;
        let wounds = wounds_caused(self.wound_rating, damage.face);
        Ok(AttackOutcome {
            hit,
            damage: Some(damage),
            wounds,
        })
    }
}

impl AttackOutcome {
    pub fn explain(&self) -> Vec<String> {
        let mut lines = self.hit.explain();
        if let Some(d) = &self.damage {
            lines.extend(d.explain());
            lines.push(format!("wounds caused: {}", self.wounds));
        }
        lines
    }
}
