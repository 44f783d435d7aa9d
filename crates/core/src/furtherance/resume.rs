//! The questions an enemy turn, a fight or a worker's action may stop at, and what to do
//! with each answer (`Resume`), with the task that asks each again after a hand edit and
//! the rule that leaves each to the player.

use serde::{Deserialize, Serialize};

use super::agenda::{Strike, Task};
use super::explain::Rule;
use super::square::Seat;
use super::state::{Game, UnitId};
use super::units::KindId;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum Resume {
    /// Move-order tie: option i is `candidates[i]`.
    MoveFirst {
        seat: Seat,
        acted: Vec<UnitId>,
        candidates: Vec<UnitId>,
    },
    /// Several player units in reach: option i is `candidates[i]`.
    Target {
        attacker: UnitId,
        left: u8,
        candidates: Vec<UnitId>,
    },
    /// Option 0: the attacked unit battles; option i: `candidates[i - 1]` battles instead.
    Guard {
        strike: Strike,
        candidates: Vec<UnitId>,
    },
    /// Option 0: the damage stays; option i: `candidates[i - 1]` takes it. `task` is the
    /// strike or castle attack to resume.
    Protector {
        task: Box<Task>,
        candidates: Vec<UnitId>,
    },
    /// Options: each defender, then "castle takes 1 damage", then (if any) "a building".
    CastleDefence {
        attacker: UnitId,
        defenders: Vec<UnitId>,
    },
    /// Research tie: option i is `candidates[i]`.
    ResearchTie { seat: Seat, candidates: Vec<KindId> },
    /// Physical deck: option i is catalogue unit i.
    DrawnCard { seat: Seat, skips: u8 },
    /// Research: option i is the i-th way to keep, bottom and top the looked-at cards.
    Research {
        deck: super::kingdom::Market,
        looked: Vec<u16>,
    },
    /// Upgrade: option i trains `drawn[i]`.
    Upgrade { drawn: Vec<u16> },
    /// Option 0: pay 2 gold, the card goes to your research; option 1: discard it.
    Rescue { card: super::kingdom::CardRef },
    /// Option 0: use the Invincibility Cloak on this strike; option 1: keep it.
    Cloak { strike: Strike },
    /// Your unit survived an attack: option i uses `uses[i]`; the last is "not now".
    AfterAttack {
        unit: UnitId,
        uses: Vec<super::items::ItemUse>,
    },
    /// Six items held: option i uses `uses[i]` (ITEMS).
    SixthItem { uses: Vec<super::items::ItemUse> },
}

impl Resume {
    /// The task that asked this question: run again, it asks again from the position as it
    /// is then (`reask_after_edit`).
    pub(crate) fn asking_task(&self) -> Task {
        match self {
            Resume::MoveFirst { seat, acted, .. } => Task::PickUnit {
                seat: *seat,
                acted: acted.clone(),
            },
            Resume::Target { attacker, left, .. } => Task::Attacks {
                unit: *attacker,
                left: *left,
                focus: None,
            },
            Resume::Guard { strike, .. } => Task::Strike(Strike {
                guard_asked: false,
                ..strike.clone()
            }),
            Resume::Protector { task, .. } => match &**task {
                Task::Strike(s) => Task::Strike(Strike {
                    protector: None,
                    ..s.clone()
                }),
                Task::HitEnemyCastle {
                    attacker, castle, ..
                } => Task::HitEnemyCastle {
                    attacker: *attacker,
                    castle: *castle,
                    protector: None,
                },
                other => other.clone(),
            },
            Resume::CastleDefence { attacker, .. } => Task::DefendCastle {
                attacker: *attacker,
            },
            Resume::ResearchTie { seat, .. } => Task::Spawn {
                seat: *seat,
                skips: 0,
            },
            Resume::DrawnCard { seat, skips } => Task::Spawn {
                seat: *seat,
                skips: *skips,
            },
            Resume::Research { .. } | Resume::Upgrade { .. } | Resume::Rescue { .. } => {
                Game::kingdom_task(self).unwrap_or(Task::Deaths)
            }
            Resume::Cloak { strike } => Task::Strike(Strike {
                cloak: None,
                ..strike.clone()
            }),
            Resume::AfterAttack { unit, .. } => Task::AfterAttack { unit: *unit },
            Resume::SixthItem { .. } => Task::SixthItem,
        }
    }

    /// The rule that leaves this question to the player.
    pub(crate) fn rule(&self) -> Rule {
        match self {
            Resume::MoveFirst { .. } => Rule::MoveOrderTie,
            Resume::Target { .. } => Rule::TargetTie,
            Resume::Guard { .. } | Resume::Protector { .. } => Rule::Ability,
            Resume::CastleDefence { .. } => Rule::CastleDefence,
            Resume::ResearchTie { .. } => Rule::SpawnResearchTie,
            Resume::DrawnCard { .. } => Rule::SpawnDeck,
            Resume::Research { .. } | Resume::Upgrade { .. } => Rule::Workers,
            Resume::Rescue { .. } => Rule::Rescue,
            Resume::Cloak { .. } | Resume::AfterAttack { .. } | Resume::SixthItem { .. } => {
                Rule::Item
            }
        }
    }
}
