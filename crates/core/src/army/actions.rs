//! Every change to the army sheets is an `Action` value (docs/architecture.md, "Changes are values"):
//! the screen and `tablemate act` both apply it through `Saved::act`, one labelled history
//! entry each. The labels are written here once. While armies are being written in secret a
//! label never names what was recruited or dismissed: the history is on screen for everyone
//! (Setup, Step 1: armies are written down in secret).

use serde::{Deserialize, Serialize};

use super::{ArmyError, ArmyGame, FollowerKind, FollowerRef, HandStats, Promotion};
use crate::doc::{Acted, Playable};

/// A change to the sheets, in its JSON form `{"action": "end-turn"}`. Players and followers
/// are numbered from 0, as in the save (docs/army.md lists each action with an example).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// Add a follower to `player`'s army while armies are written (Setup, Step 1).
    Recruit {
        player: usize,
        kind: FollowerKind,
    },
    /// Take follower `index` out of `player`'s army while armies are written.
    Dismiss {
        player: usize,
        index: usize,
    },
    /// Hide `player`'s army from the screen (written in secret).
    Hide {
        player: usize,
    },
    Show {
        player: usize,
    },
    /// Reveal the armies and start play with `first` to move.
    Start {
        first: usize,
    },
    /// One attack (Attacking): the attacker's damage comes off the target's health.
    Attack {
        attacker: FollowerRef,
        target: FollowerRef,
    },
    /// Spend a promotion earned by a kill (Promoting).
    Promote {
        follower: FollowerRef,
        promotion: Promotion,
    },
    EndTurn {},
    /// A Resource Card's effect typed in (Resource Cards).
    SetByHand {
        follower: FollowerRef,
        stats: HandStats,
    },
    DamageByHand {
        follower: FollowerRef,
        amount: u8,
    },
    /// A Resource Card turns the follower into another kind.
    Become {
        follower: FollowerRef,
        kind: FollowerKind,
    },
    GatherResourceCard {
        follower: FollowerRef,
    },
}

impl ArmyGame {
    fn player_name(&self, p: usize) -> String {
        self.players
            .get(p)
            .map_or("?", |pl| pl.name.as_str())
            .to_string()
    }

    /// "Ann's Tank 2": a follower as the labels name it.
    fn follower_name(&self, at: FollowerRef) -> String {
        self.follower(at).map_or_else(
            |_| "?".to_string(),
            |f| format!("{}'s {}", self.player_name(at.player), f.label),
        )
    }
}

impl Playable for ArmyGame {
    type Action = Action;
    type Refusal = ArmyError;

    fn act(&mut self, action: Action) -> Result<Acted, ArmyError> {
        let label = match action {
            Action::Recruit { player, kind } => {
                self.recruit(player, kind)?;
                format!("{} writes their army", self.player_name(player))
            }
            Action::Dismiss { player, index } => {
                self.dismiss(player, index)?;
                format!("{} writes their army", self.player_name(player))
            }
            Action::Hide { player } => {
                self.hide(player)?;
                format!("{} hides their army", self.player_name(player))
            }
            Action::Show { player } => {
                self.show(player)?;
                format!("{} shows their army", self.player_name(player))
            }
            Action::Start { first } => {
                self.start(first)?;
                format!("Armies revealed; {} goes first", self.player_name(first))
            }
            Action::Attack { attacker, target } => {
                let (a, t) = (self.follower_name(attacker), self.follower_name(target));
                let short = self
                    .follower(attacker)
                    .map_or_else(|_| "it".to_string(), |f| f.label.clone());
                let r = self.attack(attacker, target)?;
                let label = if r.killed {
                    format!("{a} attacks {t}: killed; {short} earns a promotion")
                } else {
                    format!(
                        "{a} attacks {t}: {} damage, {} health left",
                        r.damage, r.target_health
                    )
                };
                let lines = r
                    .winner
                    .map(|w| {
                        vec![format!(
                            "{} wins: no other General stands",
                            self.player_name(w)
                        )]
                    })
                    .unwrap_or_default();
                return Ok(Acted::new(label, lines));
            }
            Action::Promote {
                follower,
                promotion,
            } => {
                let name = self.follower_name(follower);
                self.promote(follower, promotion)?;
                format!("{name}: promotion {}", promotion.title())
            }
            Action::EndTurn {} => {
                let current = self.turn().map(|p| self.player_name(p)).unwrap_or_default();
                let next = self.end_turn()?;
                format!(
                    "{current} ends the turn; {} to play",
                    self.player_name(next)
                )
            }
            Action::SetByHand { follower, stats } => {
                let name = self.follower_name(follower);
                self.set_by_hand(follower, stats)?;
                let HandStats {
                    movement,
                    damage,
                    max_health,
                    health,
                } = stats;
                format!(
                    "{name}: resource card sets movement {movement}, damage {damage}, health {health}/{max_health}"
                )
            }
            Action::DamageByHand { follower, amount } => {
                let name = self.follower_name(follower);
                self.damage_by_hand(follower, amount)?;
                format!("{name} takes {amount} damage (by hand)")
            }
            Action::Become { follower, kind } => {
                let name = self.follower_name(follower);
                self.become_kind(follower, kind)?;
                format!("{name} becomes a {kind}")
            }
            Action::GatherResourceCard { follower } => {
                let name = self.follower_name(follower);
                self.gather_resource_card(follower)?;
                format!("{name} gathers a Resource Card")
            }
        };
        Ok(Acted::new(label, Vec::new()))
    }
}
