//! The resolution machine: the work still to do (an enemy phase, a fight) is a stack of
//! `Task`s saved with the game, so an enemy turn can stop between any two steps, wait for the
//! player's answer, be saved, undone and resumed. `advance` runs tasks until one yields a
//! `Step`; `answer` resolves the question a task raised.

use serde::{Deserialize, Serialize};

use super::error::RuleError;
use super::explain::{self, Explained, Reason, Rule};
use super::square::Seat;
use super::state::{Game, Outcome, UnitId};
use super::step::{Battle, Step, UnitRef};
use super::units::KindId;

/// One attack between two units, with the player's answers gathered so far.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Strike {
    pub attacker: UnitId,
    pub target: UnitId,
    pub battle: Battle,
    /// The player was already asked whether an adjacent unit battles instead.
    #[serde(default)]
    pub guard_asked: bool,
    /// `None`: not asked yet; `Some(None)`: no unit takes the damage in the player unit's place.
    #[serde(default, with = "asked")]
    pub protector: Option<Option<UnitId>>,
    /// `None`: not asked yet; `Some(true)`: your Invincibility Cloak takes this attack's
    /// damage off your unit (INDEX); `Some(false)`: kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cloak: Option<bool>,
}

/// An answered "who takes the damage instead?" in a save: `null` not asked yet, `false` no
/// one, a unit id that unit. (Plain serde writes both "not asked" and "no one" as `null`, so
/// a reloaded game asked again a question already answered; saves written before keep
/// loading as "not asked".)
mod asked {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::UnitId;

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Answer {
        /// Written as `false`; the value itself says nothing more.
        NoOne(#[expect(dead_code, reason = "only its presence is read")] bool),
        Unit(UnitId),
    }

    pub fn serialize<S: Serializer>(v: &Option<Option<UnitId>>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            None => s.serialize_none(),
            Some(None) => s.serialize_bool(false),
            Some(Some(id)) => id.serialize(s),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<Option<UnitId>>, D::Error> {
        Ok(match Option::<Answer>::deserialize(d)? {
            None => None,
            Some(Answer::NoOne(_)) => Some(None),
            Some(Answer::Unit(id)) => Some(Some(id)),
        })
    }
}

impl Strike {
    pub fn new(attacker: UnitId, target: UnitId, battle: Battle) -> Strike {
        Strike {
            attacker,
            target,
            battle,
            guard_asked: false,
            protector: None,
            cloak: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "task", rename_all = "kebab-case")]
pub(crate) enum Task {
    /// The turn passes to `seat` during the enemy phase (the player: the phase ends).
    Visit {
        seat: Seat,
    },
    /// Choose the next of `seat`'s units to act: the closest to the player's castle.
    PickUnit {
        seat: Seat,
        acted: Vec<UnitId>,
    },
    /// An enemy unit moves along its arrows, then attacks.
    Act {
        unit: UnitId,
    },
    /// An enemy unit's remaining attacks this turn; `focus` is the unit it is fighting.
    Attacks {
        unit: UnitId,
        left: u8,
        focus: Option<UnitId>,
    },
    Strike(Strike),
    /// An enemy unit attacks the player's castle: defend, castle damage or building damage.
    DefendCastle {
        attacker: UnitId,
    },
    HitPlayerCastle {
        attacker: UnitId,
        building: bool,
    },
    /// The player's unit attacks an enemy castle.
    HitEnemyCastle {
        attacker: UnitId,
        castle: Seat,
        #[serde(default, with = "asked")]
        protector: Option<Option<UnitId>>,
    },
    DestroyCastle {
        seat: Seat,
    },
    Sacrifice {
        unit: UnitId,
    },
    /// Remove dead units, one step each.
    Deaths,
    Spawn {
        seat: Seat,
        skips: u8,
    },
    PlaceSpawn {
        seat: Seat,
        kind: KindId,
        from_research: bool,
    },
    SkipDrawn {
        seat: Seat,
        kind: KindId,
        skips: u8,
    },
    EndEnemyPhase,
    /// Your worker's research: which of the looked-at cards to keep (WORKERS: Research).
    AskResearch {
        deck: super::kingdom::Market,
        looked: Vec<u16>,
    },
    /// Your worker's upgrade: which of the drawn upgraded workers to train (UPGRADES).
    AskUpgrade {
        drawn: Vec<u16>,
    },
    /// One of your units died (or a building fell): pay 2 gold to research it? (COMBAT)
    Rescue {
        card: super::kingdom::CardRef,
    },
    /// Your unit survived an enemy attack: use an item (the Potion) before more come?
    AfterAttack {
        unit: UnitId,
    },
    /// A sixth item in hand: use one now (ITEMS).
    SixthItem,
}

/// A question the rules leave to the player, and what to do with the answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Pending {
    pub question: String,
    pub options: Vec<String>,
    pub default: usize,
    pub(crate) resume: Resume,
}

impl Pending {
    pub fn step(&self) -> Step {
        Step::NeedsChoice {
            question: self.question.clone(),
            options: self.options.clone(),
            default: self.default,
        }
    }
}

pub(crate) use super::resume::Resume;

impl Game {
    /// Runs the work in hand until something happens and returns it: a step of an enemy
    /// turn, a fight's result, a question (`NeedsChoice`, repeated until answered), or
    /// `GameOver` once the game is decided (checked after every step).
    /// `NothingToResolve` means no step came of it: either there was no work in hand, or what
    /// was left of a fight on your turn was bookkeeping that shows nothing (no one else
    /// died, no attacks left), which is now done (`is_resolving` is false).
    pub fn advance(&mut self) -> Result<Step, RuleError> {
        if let Some(outcome) = self.outcome {
            let step = self.game_over(outcome);
            if self.explained.last().map(|e| &e.step) != Some(&step) {
                self.record(&step);
            }
            return Ok(step);
        }
        if let Some(p) = &self.pending {
            return Ok(p.step());
        }
        while let Some(task) = self.agenda.pop() {
            if let Some(step) = self.run(task) {
                self.record(&step);
                self.check_outcome();
                return Ok(step);
            }
        }
        Err(RuleError::NothingToResolve)
    }

    /// Runs until the work in hand is done, a question waits, or the game ends; returns the
    /// steps (a question or game over is the last one).
    pub fn run_until_choice(&mut self) -> Vec<Step> {
        let mut steps = Vec::new();
        while self.is_resolving() || self.outcome.is_some() {
            match self.advance() {
                Ok(step) => {
                    let stop = matches!(step, Step::NeedsChoice { .. } | Step::GameOver { .. });
                    steps.push(step);
                    if stop {
                        break;
                    }
                }
                Err(_) => break,
            }
        }
        steps
    }

    /// Answers the waiting question with option `option` (0-based).
    pub fn answer(&mut self, option: usize) -> Result<(), RuleError> {
        let Some(pending) = self.pending.take() else {
            return Err(RuleError::NoQuestion);
        };
        if option >= pending.options.len() {
            let e = RuleError::NoSuchOption(option);
            self.pending = Some(pending);
            return Err(e);
        }
        if let Err(e) = self.resume(pending.resume.clone(), option) {
            self.pending = Some(pending);
            return Err(e);
        }
        // The next step happened because the table chose; the other options were equal in
        // the rules' eyes (or left to the player).
        let rule = pending.resume.rule();
        self.because(Reason::TableChose { rule });
        for (i, o) in pending.options.iter().enumerate() {
            if i != option {
                self.ruled_out(Reason::Tied {
                    option: o.clone(),
                    rule,
                });
            }
        }
        Ok(())
    }

    /// Answers the waiting question with its default.
    pub fn answer_default(&mut self) -> Result<(), RuleError> {
        let default = self.pending.as_ref().ok_or(RuleError::NoQuestion)?.default;
        self.answer(default)
    }

    pub(crate) fn game_over(&self, outcome: Outcome) -> Step {
        Step::GameOver {
            outcome,
            round: self.round,
            castle_hp: self.castle(Seat::Player).hp,
            vp: self.total_vp(),
        }
    }

    /// Gathers a reason for the step to come (explain.rs).
    pub(crate) fn because(&mut self, reason: Reason) {
        self.reasons.why.push(reason);
    }

    /// Gathers an alternative the rules ruled out for the step to come.
    pub(crate) fn ruled_out(&mut self, reason: Reason) {
        self.reasons.why_not.push(reason);
    }

    /// Stores `step` with the reasons gathered for it and those it carries in itself.
    pub(crate) fn record(&mut self, step: &Step) {
        if let Step::NeedsChoice { .. } = step {
            // The reasons in hand belong to the step the answer leads to.
            let rule = self
                .pending
                .as_ref()
                .map_or(Rule::YourTurn, |p| p.resume.rule());
            self.explained.push(Explained {
                step: step.clone(),
                reasons: explain::Reasons {
                    why: vec![Reason::YourChoice { rule }],
                    why_not: Vec::new(),
                },
            });
            return;
        }
        let mut reasons = std::mem::take(&mut self.reasons);
        let exceeds = self.settings.death == super::state::DeathRule::DamageExceedsHp;
        reasons.why.extend(explain::of_step(step, exceeds));
        self.explained.push(Explained {
            step: step.clone(),
            reasons,
        });
    }

    /// Raises a question and returns its step.
    pub(crate) fn ask(
        &mut self,
        question: String,
        options: Vec<String>,
        default: usize,
        resume: Resume,
    ) -> Option<Step> {
        let pending = Pending {
            // Questions often open with a unit ("your Archer at c2 ..."): a sentence starts
            // with a capital letter.
            question: super::step::capitalise(&question),
            options,
            default,
            resume,
        };
        let step = pending.step();
        self.pending = Some(pending);
        Some(step)
    }

    /// A unit as a step reports it.
    pub(crate) fn unit_ref(&self, id: UnitId) -> Option<UnitRef> {
        let u = self.unit(id)?;
        Some(UnitRef {
            id,
            name: self.name(u).to_string(),
            owner: u.owner,
            square: u.square,
            damage: u.damage,
            hp: self.hp(u),
        })
    }

    /// "your Archer at c2" for option lists.
    pub(crate) fn describe(&self, id: UnitId) -> String {
        match self.unit(id) {
            Some(u) => format!("{} {} at {}", u.owner.owner_word(), self.name(u), u.square),
            None => format!("unit {id}"),
        }
    }

    fn run(&mut self, task: Task) -> Option<Step> {
        match task {
            Task::Visit { seat } => self.visit(seat),
            Task::PickUnit { seat, acted } => self.pick_unit(seat, acted),
            Task::Act { unit } => self.act(unit),
            Task::Attacks { unit, left, focus } => self.attacks(unit, left, focus),
            Task::Strike(strike) => self.strike(strike),
            Task::DefendCastle { attacker } => self.defend_castle(attacker),
            Task::HitPlayerCastle { attacker, building } => {
                self.hit_player_castle(attacker, building)
            }
            Task::HitEnemyCastle {
                attacker,
                castle,
                protector,
            } => self.hit_enemy_castle(attacker, castle, protector),
            Task::DestroyCastle { seat } => self.destroy_castle(seat),
            Task::Sacrifice { unit } => self.sacrifice(unit),
            Task::Deaths => self.deaths(),
            Task::Spawn { seat, skips } => self.spawn(seat, skips),
            Task::PlaceSpawn {
                seat,
                kind,
                from_research,
            } => self.place_spawn(seat, kind, from_research),
            Task::SkipDrawn { seat, kind, skips } => self.skip_drawn(seat, kind, skips),
            Task::EndEnemyPhase => self.end_enemy_phase(),
            Task::AskResearch { deck, looked } => self.ask_research(deck, looked),
            Task::AskUpgrade { drawn } => self.ask_upgrade(drawn),
            Task::Rescue { card } => self.ask_rescue(card),
            Task::AfterAttack { unit } => self.offer_after_attack(unit),
            Task::SixthItem => self.ask_sixth_item(),
        }
    }

    fn resume(&mut self, resume: Resume, option: usize) -> Result<(), RuleError> {
        match resume {
            Resume::MoveFirst {
                seat,
                mut acted,
                candidates,
            } => {
                let unit = candidates[option.min(candidates.len() - 1)];
                acted.push(unit);
                self.agenda.push(Task::PickUnit { seat, acted });
                self.agenda.push(Task::Act { unit });
            }
            Resume::Target {
                attacker,
                left,
                candidates,
            } => {
                let target = candidates[option.min(candidates.len() - 1)];
                self.queue_strike(attacker, target, left);
            }
            Resume::Guard { strike, candidates } => {
                let mut strike = strike;
                if option > 0 {
                    strike.target = candidates[option - 1];
                    strike.battle = Battle::Instead;
                }
                self.agenda.push(Task::Strike(strike));
            }
            Resume::Protector { task, candidates } => {
                let choice = if option == 0 {
                    None
                } else {
                    Some(candidates[option - 1])
                };
                let task = match *task {
                    Task::Strike(mut s) => {
                        s.protector = Some(choice);
                        Task::Strike(s)
                    }
                    Task::HitEnemyCastle {
                        attacker, castle, ..
                    } => Task::HitEnemyCastle {
                        attacker,
                        castle,
                        protector: Some(choice),
                    },
                    other => other,
                };
                self.agenda.push(task);
            }
            Resume::CastleDefence {
                attacker,
                defenders,
            } => {
                if let Some(defender) = defenders.get(option) {
                    self.agenda.push(Task::Deaths);
                    self.agenda.push(Task::Strike(Strike::new(
                        attacker,
                        *defender,
                        Battle::Defence,
                    )));
                } else {
                    // With Walls or a Fortification the one option left is that building.
                    let building = option > defenders.len() || self.wall().is_some();
                    self.agenda
                        .push(Task::HitPlayerCastle { attacker, building });
                }
            }
            Resume::ResearchTie { seat, candidates } => {
                let kind = candidates[option.min(candidates.len() - 1)];
                self.agenda.push(Task::PlaceSpawn {
                    seat,
                    kind,
                    from_research: true,
                });
            }
            Resume::DrawnCard { seat, skips } => {
                let kind = KindId(option as u16);
                self.check_copies_left(kind, None)?;
                if self.catalog.kind(kind).attack == 0 {
                    self.agenda.push(Task::SkipDrawn { seat, kind, skips });
                } else {
                    self.because(Reason::FromDeck {
                        name: self.catalog.kind(kind).name.clone(),
                        attack: self.catalog.kind(kind).attack,
                        drawn: true,
                    });
                    self.agenda.push(Task::PlaceSpawn {
                        seat,
                        kind,
                        from_research: false,
                    });
                }
            }
            Resume::Research { deck, looked } => self.resolve_research(deck, looked, option),
            Resume::Upgrade { drawn } => self.resolve_upgrade(drawn, option),
            Resume::Rescue { card } => self.resolve_rescue(card, option),
            Resume::Cloak { mut strike } => {
                let used = option == 0 && self.take_item(super::cards::Effect::InvincibilityCloak);
                strike.cloak = Some(used);
                self.agenda.push(Task::Strike(strike));
            }
            Resume::AfterAttack { uses, .. } => {
                if option + 1 < uses.len() {
                    self.resolve_item_use(&uses, option);
                }
            }
            Resume::SixthItem { uses } => self.resolve_item_use(&uses, option),
        }
        Ok(())
    }

    /// Queues one attack of an enemy unit on `target`, then its remaining attacks.
    pub(crate) fn queue_strike(&mut self, attacker: UnitId, target: UnitId, left: u8) {
        self.agenda.push(Task::Attacks {
            unit: attacker,
            left: left.saturating_sub(1),
            focus: Some(target),
        });
        self.agenda.push(Task::Deaths);
        self.agenda
            .push(Task::Strike(Strike::new(attacker, target, Battle::Attack)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the simulated players' save round trip: "no one takes it instead" came back
    /// from a save as "not asked yet", so the question was asked again after a reload.
    #[test]
    fn an_answered_protector_question_survives_save_and_load() {
        for protector in [None, Some(None), Some(Some(UnitId(4)))] {
            let strike = Strike {
                protector,
                ..Strike::new(UnitId(1), UnitId(2), Battle::Attack)
            };
            let text = serde_json::to_string(&strike).unwrap();
            assert_eq!(
                serde_json::from_str::<Strike>(&text).unwrap(),
                strike,
                "{text}"
            );
            let task = Task::HitEnemyCastle {
                attacker: UnitId(1),
                castle: Seat::Left,
                protector,
            };
            let text = serde_json::to_string(&task).unwrap();
            assert_eq!(serde_json::from_str::<Task>(&text).unwrap(), task, "{text}");
        }
        // A save written before says `null` for both: it loads as "not asked yet".
        let mut old =
            serde_json::to_value(Strike::new(UnitId(1), UnitId(2), Battle::Attack)).unwrap();
        old["protector"] = serde_json::Value::Null;
        let back: Strike = serde_json::from_value(old).unwrap();
        assert_eq!(back.protector, None);
    }
}
