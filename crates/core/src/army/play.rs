//! Play on the army sheets (Turn Actions, Attacking, Promoting, Resource Cards, Victory
//! Conditions): whose turn it is, attacks and kills, spending promotions, resource-card changes
//! entered by hand, ending the turn, and the victory check after every change.

use super::error::ArmyError;
use super::follower::{HandStats, Promotion};
use super::followers::FollowerKind;
use super::game::{ArmyGame, AttackReport, FollowerRef, Phase};

impl ArmyGame {
    pub(super) fn playing(&self) -> Result<usize, ArmyError> {
        match self.phase {
            Phase::Building => Err(ArmyError::NotStarted),
            Phase::Playing { turn } => Ok(turn),
            Phase::Over { winner } => Err(ArmyError::GameOver(match winner {
                Some(w) => format!("{} won", self.players[w].name),
                None => "no general stands".to_string(),
            })),
        }
    }

    /// Whose turn it is.
    pub fn turn(&self) -> Option<usize> {
        match self.phase {
            Phase::Playing { turn } => Some(turn),
            _ => None,
        }
    }

    /// `attacker` attacks `target`: the attacker's damage comes off the target's health; a
    /// kill earns the attacker a promotion (Attacking). Only on the attacker's player's turn,
    /// once per follower per turn.
    pub fn attack(
        &mut self,
        attacker: FollowerRef,
        target: FollowerRef,
    ) -> Result<AttackReport, ArmyError> {
        let turn = self.playing()?;
        let a = self.follower(attacker)?.clone();
        let t = self.follower(target)?.clone();
        if attacker.player != turn {
            return Err(ArmyError::NotYourTurn {
                current: self.players[turn].name.clone(),
                player: self.players[attacker.player].name.clone(),
            });
        }
        for f in [&a, &t] {
            if f.killed {
                return Err(ArmyError::Dead {
                    name: f.label.clone(),
                });
            }
        }
        if attacker.player == target.player {
            return Err(ArmyError::SameSide { name: a.label });
        }
        if a.attacked_this_turn {
            return Err(ArmyError::AlreadyAttacked { name: a.label });
        }
        // The kill's promotion is counted with checked arithmetic before anything changes: a
        // count already at its top (a hand-edited save) is refused, never wrapped.
        let t_alive_after = t.health > a.damage;
        let earned = if t_alive_after {
            a.promotions_earned
        } else {
            a.promotions_earned
                .checked_add(1)
                .ok_or_else(|| ArmyError::CountFull {
                    name: a.label.clone(),
                    what: "promotions earned",
                    value: a.promotions_earned,
                })?
        };
        // A new follower is chosen (Turn Basics, step 5): every other follower's step has
        // passed, and with it any promotion it did not take in step 4.
        for (i, f) in self.players[turn].followers.iter_mut().enumerate() {
            if i != attacker.index {
                f.lapse_promotions();
            }
        }
        let killed = self.follower_mut(target)?.take_damage(a.damage);
        let att = self.follower_mut(attacker)?;
        att.attacked_this_turn = true;
        att.promotions_earned = earned;
        let winner = self.check_victory();
        Ok(AttackReport {
            damage: a.damage,
            target_health: self.follower(target)?.health,
            killed,
            promotion_earned: killed,
            winner,
        })
    }

    /// Spends one of `at`'s earned promotions. Promoting is a step of the follower's own
    /// activation (Turn Basics, step 4), so only on its player's turn.
    pub fn promote(&mut self, at: FollowerRef, promotion: Promotion) -> Result<(), ArmyError> {
        let turn = self.playing()?;
        self.follower(at)?;
        if at.player != turn {
            return Err(ArmyError::NotYourTurn {
                current: self.players[turn].name.clone(),
                player: self.players[at.player].name.clone(),
            });
        }
        let f = self.follower(at)?;
        if f.promotions_pending() == 0 && f.promotions_lapsed > 0 {
            return Err(ArmyError::PromotionPassed {
                name: f.label.clone(),
            });
        }
        self.follower_mut(at)?.promote(promotion)
    }

    /// Damage from outside an attack (a resource card's drawback), entered by hand.
    pub fn damage_by_hand(&mut self, at: FollowerRef, amount: u8) -> Result<bool, ArmyError> {
        self.playing()?;
        let f = self.follower_mut(at)?;
        if f.killed {
            return Err(ArmyError::Dead {
                name: f.label.clone(),
            });
        }
        let killed = f.take_damage(amount);
        self.check_victory();
        Ok(killed)
    }

    /// A resource card's change to `at`'s values, entered by hand (may pass the caps, may
    /// kill with health 0, may bring back a follower killed by mistake).
    pub fn set_by_hand(&mut self, at: FollowerRef, stats: HandStats) -> Result<(), ArmyError> {
        self.playing()?;
        self.follower_mut(at)?.set_by_hand(stats)?;
        self.check_victory();
        Ok(())
    }

    /// A resource card turns `at` into `kind`, with that type's starting values. The General
    /// is not a follower for resource cards unless the card says so: such cards go by hand.
    pub fn become_kind(&mut self, at: FollowerRef, kind: FollowerKind) -> Result<(), ArmyError> {
        self.playing()?;
        if kind.is_general() {
            return Err(ArmyError::BecomeGeneral);
        }
        let stats = self.table.stats(kind).clone();
        let f = self.follower_mut(at)?;
        if f.kind.is_general() {
            return Err(ArmyError::GeneralNotAFollower);
        }
        if f.killed {
            return Err(ArmyError::Dead {
                name: f.label.clone(),
            });
        }
        f.become_kind(&stats);
        Ok(())
    }

    /// `at` gathered a Resource Card (the card's effect is entered separately).
    pub fn gather_resource_card(&mut self, at: FollowerRef) -> Result<(), ArmyError> {
        self.playing()?;
        let f = self.follower_mut(at)?;
        if f.killed {
            return Err(ArmyError::Dead {
                name: f.label.clone(),
            });
        }
        f.resource_cards = f
            .resource_cards
            .checked_add(1)
            .ok_or_else(|| ArmyError::CountFull {
                name: f.label.clone(),
                what: "Resource Cards gathered",
                value: f.resource_cards,
            })?;
        Ok(())
    }

    /// Ends the current turn: the next general clockwise who still stands plays.
    pub fn end_turn(&mut self) -> Result<usize, ArmyError> {
        let turn = self.playing()?;
        for f in self.players.iter_mut().flat_map(|p| p.followers.iter_mut()) {
            f.attacked_this_turn = false;
            // The turn is over: a promotion not taken in its step is lost (Turn Basics).
            f.lapse_promotions();
        }
        let n = self.players.len();
        let next = (1..=n)
            .map(|k| (turn + k) % n)
            .find(|p| self.players[*p].stands())
            .unwrap_or(turn);
        self.phase = Phase::Playing { turn: next };
        Ok(next)
    }

    /// The generals still standing with an army.
    pub fn standing(&self) -> Vec<usize> {
        (0..self.players.len())
            .filter(|p| self.players[*p].stands())
            .collect()
    }

    /// Ends the game when at most one general stands with an army; returns the winner.
    pub(super) fn check_victory(&mut self) -> Option<usize> {
        if !matches!(self.phase, Phase::Playing { .. }) {
            return None;
        }
        let standing = self.standing();
        match standing.as_slice() {
            [one] => {
                self.phase = Phase::Over { winner: Some(*one) };
                Some(*one)
            }
            [] => {
                self.phase = Phase::Over { winner: None };
                None
            }
            _ => None,
        }
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<usize> {
        match self.phase {
            Phase::Over { winner } => winner,
            _ => None,
        }
    }
}
