//! One follower on the in-play sheet: its movement, damage, maximum and current health, the
//! promotions it earned and spent, and the changes resource cards make (Promoting, Resource
//! Cards). Promotions respect the caps (movement 3, damage 3, health 6); hand edits for
//! resource cards may pass them.

use serde::{Deserialize, Serialize};
use strum::VariantArray;

use super::error::ArmyError;
use super::followers::{FollowerKind, FollowerStats, MAX_DAMAGE, MAX_HEALTH, MAX_MOVEMENT};

/// What a promotion raises (Promoting).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum Promotion {
    /// Movement +1, up to 3.
    Movement,
    /// Damage +1, up to 3.
    Damage,
    /// Maximum health +2, up to 6, and current health by the same amount.
    Health,
}

impl Promotion {
    /// Every promotion, as declared: the order the sheet offers them in.
    pub const ALL: &[Self] = Self::VARIANTS;

    pub fn title(self) -> &'static str {
        match self {
            Promotion::Movement => "Movement +1",
            Promotion::Damage => "Damage +1",
            Promotion::Health => "Health +2",
        }
    }
}

/// Values a resource card sets, entered by hand; caps do not apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HandStats {
    pub movement: u8,
    pub damage: u8,
    pub max_health: u8,
    pub health: u8,
}

/// Highest stat a hand edit accepts (a sanity bound for typing mistakes, not a rule).
pub const HAND_EDIT_LIMIT: u8 = 20;

/// A follower in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Follower {
    pub kind: FollowerKind,
    /// "Scout 2": the type and its number within the army.
    pub label: String,
    pub movement: u8,
    pub damage: u8,
    pub max_health: u8,
    /// Current health: 0 once killed.
    pub health: u8,
    /// Promotions earned by killing in an attack.
    #[serde(default)]
    pub promotions_earned: u32,
    /// Promotions spent, in order.
    #[serde(default)]
    pub promotions_spent: Vec<Promotion>,
    /// Promotions not spent in their step and so lost: promoting is step 4 of the follower's
    /// own activation, before another follower is chosen (Turn Basics; docs/army.md).
    #[serde(default)]
    pub promotions_lapsed: u32,
    /// Resource Cards this follower has gathered.
    #[serde(default)]
    pub resource_cards: u32,
    #[serde(default)]
    pub killed: bool,
    /// Whether it attacked during the current turn.
    #[serde(default)]
    pub attacked_this_turn: bool,
}

impl Follower {
    /// A fresh follower with the table's starting values.
    pub fn new(stats: &FollowerStats, label: String) -> Follower {
        Follower {
            kind: stats.kind,
            label,
            movement: stats.movement,
            damage: stats.damage,
            max_health: stats.health,
            health: stats.health,
            promotions_earned: 0,
            promotions_spent: Vec::new(),
            promotions_lapsed: 0,
            resource_cards: 0,
            killed: false,
            attacked_this_turn: false,
        }
    }

    pub fn alive(&self) -> bool {
        !self.killed
    }

    /// Promotions earned and not yet spent.
    pub fn promotions_pending(&self) -> u32 {
        self.promotions_earned
            .saturating_sub(self.promotions_spent.len() as u32)
            .saturating_sub(self.promotions_lapsed)
    }

    /// The promotions still pending are lost: the follower's step has passed (Turn Basics).
    pub(super) fn lapse_promotions(&mut self) {
        self.promotions_lapsed = self
            .promotions_lapsed
            .saturating_add(self.promotions_pending());
    }

    /// Why `promotion` cannot be taken now, if it cannot.
    pub fn promotion_refusal(&self, promotion: Promotion) -> Option<ArmyError> {
        let name = self.label.clone();
        if self.killed {
            return Some(ArmyError::Dead { name });
        }
        if self.promotions_pending() == 0 {
            return Some(ArmyError::NoPromotion { name });
        }
        match promotion {
            Promotion::Movement if self.movement >= MAX_MOVEMENT => Some(ArmyError::AtCap {
                name,
                stat: "movement",
                value: self.movement,
                max: MAX_MOVEMENT,
            }),
            Promotion::Damage if self.damage >= MAX_DAMAGE => Some(ArmyError::AtCap {
                name,
                stat: "damage",
                value: self.damage,
                max: MAX_DAMAGE,
            }),
            // The cap is on the follower's health level, not on what it has left: a Tank (6)
            // that took damage cannot promote back up (Promoting, the Tank example).
            Promotion::Health if self.max_health >= MAX_HEALTH => Some(ArmyError::HealthAtCap {
                name,
                value: self.max_health,
            }),
            _ => None,
        }
    }

    /// Spends a promotion. Health raises the maximum by 2 (capped at 6) and the current
    /// health by the same amount: maximum 4 at 1 health becomes maximum 6 at 3.
    pub fn promote(&mut self, promotion: Promotion) -> Result<(), ArmyError> {
        if let Some(e) = self.promotion_refusal(promotion) {
            return Err(e);
        }
        match promotion {
            Promotion::Movement => self.movement += 1,
            Promotion::Damage => self.damage += 1,
            Promotion::Health => {
                let gain = (self.max_health + 2).min(MAX_HEALTH) - self.max_health;
                self.max_health += gain;
                self.health += gain;
            }
        }
        self.promotions_spent.push(promotion);
        Ok(())
    }

    /// Takes `amount` damage; at 0 health or less it is killed. Returns whether it died.
    pub fn take_damage(&mut self, amount: u8) -> bool {
        self.health = self.health.saturating_sub(amount);
        if self.health == 0 {
            self.killed = true;
        }
        self.killed
    }

    /// A resource card's change entered by hand; values may pass the promotion caps.
    pub fn set_by_hand(&mut self, stats: HandStats) -> Result<(), ArmyError> {
        if stats.health > stats.max_health {
            return Err(ArmyError::HealthAboveMax {
                health: stats.health,
                max: stats.max_health,
            });
        }
        let limit = HAND_EDIT_LIMIT;
        if [stats.movement, stats.damage, stats.max_health]
            .iter()
            .any(|v| *v > limit)
        {
            return Err(ArmyError::AtCap {
                name: self.label.clone(),
                stat: "hand-entered value",
                value: stats.movement.max(stats.damage).max(stats.max_health),
                max: limit,
            });
        }
        self.movement = stats.movement;
        self.damage = stats.damage;
        self.max_health = stats.max_health;
        self.health = stats.health;
        self.killed = stats.health == 0;
        Ok(())
    }

    /// A resource card turns it into another type: movement, damage and health go to that
    /// type's starting values (Resource Cards). Promotions already spent are not replayed.
    pub fn become_kind(&mut self, stats: &FollowerStats) {
        self.kind = stats.kind;
        self.movement = stats.movement;
        self.damage = stats.damage;
        self.max_health = stats.health;
        self.health = stats.health;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::army::followers::FollowerTable;

    fn follower(kind: FollowerKind) -> Follower {
        let table = FollowerTable::bundled().unwrap();
        let mut f = Follower::new(table.stats(kind), format!("{kind} 1"));
        f.promotions_earned = 5;
        f
    }

    #[test]
    fn movement_promotion_adds_one_up_to_three() {
        let mut f = follower(FollowerKind::Scout);
        f.promote(Promotion::Movement).unwrap();
        assert_eq!(f.movement, 3);
        let err = f.promote(Promotion::Movement).unwrap_err();
        assert!(matches!(err, ArmyError::AtCap { max: 3, .. }), "{err}");
    }

    #[test]
    fn damage_promotion_adds_one_up_to_three() {
        let mut f = follower(FollowerKind::Warrior);
        f.promote(Promotion::Damage).unwrap();
        assert_eq!(f.damage, 3);
        assert!(f.promote(Promotion::Damage).is_err());
    }

    #[test]
    fn health_promotion_raises_maximum_and_current_by_two() {
        let mut f = follower(FollowerKind::Grunt);
        f.take_damage(1);
        f.promote(Promotion::Health).unwrap();
        assert_eq!((f.max_health, f.health), (4, 3));
    }

    #[test]
    fn health_promotion_stops_at_six() {
        let mut f = follower(FollowerKind::Grunt);
        f.set_by_hand(HandStats {
            movement: 1,
            damage: 1,
            max_health: 5,
            health: 2,
        })
        .unwrap();
        f.promote(Promotion::Health).unwrap();
        assert_eq!((f.max_health, f.health), (6, 3));
    }

    #[test]
    fn damaged_tank_at_six_cannot_take_a_health_promotion() {
        let mut f = follower(FollowerKind::Tank);
        f.take_damage(4);
        assert_eq!(f.health, 2);
        let err = f.promote(Promotion::Health).unwrap_err();
        assert!(err.to_string().contains("Tank example"), "{err}");
        assert_eq!((f.max_health, f.health), (6, 2));
        assert_eq!(
            f.promotions_pending(),
            5,
            "a refused promotion is not spent"
        );
    }

    #[test]
    fn maximum_four_at_one_health_promotes_to_maximum_six_at_three() {
        let mut f = follower(FollowerKind::Shield);
        f.take_damage(3);
        f.promote(Promotion::Health).unwrap();
        assert_eq!((f.max_health, f.health), (6, 3));
    }

    #[test]
    fn a_promotion_must_have_been_earned() {
        let table = FollowerTable::bundled().unwrap();
        let mut f = Follower::new(table.stats(FollowerKind::Grunt), "Grunt 1".into());
        let err = f.promote(Promotion::Damage).unwrap_err();
        assert!(matches!(err, ArmyError::NoPromotion { .. }), "{err}");
        f.promotions_earned = 1;
        f.promote(Promotion::Damage).unwrap();
        assert!(
            f.promote(Promotion::Movement).is_err(),
            "one earned, one spent"
        );
    }

    #[test]
    fn resource_card_hand_edits_may_pass_the_caps() {
        let mut f = follower(FollowerKind::Champion);
        f.set_by_hand(HandStats {
            movement: 5,
            damage: 4,
            max_health: 8,
            health: 8,
        })
        .unwrap();
        assert_eq!((f.movement, f.damage, f.max_health, f.health), (5, 4, 8, 8));
        // ...but a promotion on top of a passed cap is still refused.
        assert!(f.promote(Promotion::Damage).is_err());
        assert!(f.promote(Promotion::Health).is_err());
    }

    #[test]
    fn a_follower_dies_at_zero_health() {
        let mut f = follower(FollowerKind::Grunt);
        assert!(!f.take_damage(1));
        assert!(f.take_damage(3));
        assert_eq!(f.health, 0);
    }
}
