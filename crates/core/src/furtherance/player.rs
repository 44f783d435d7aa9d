//! The player's turn (WORKERS: Recruit; COMBAT; CASTLES; ATTACKING) and hand edits for what
//! the app does not automate (items, buildings, leader powers). Every action is validated
//! first and refused with the rule that forbids it; fights resolve through the agenda.

use serde::{Deserialize, Serialize};

use super::agenda::{Strike, Task};
use super::error::RuleError;
use super::square::{Seat, Square};
use super::state::{DeckMode, Game, Phase, Unit, UnitId};
use super::step::{Battle, Step};
use super::units::KindId;

/// Something the player does. The hand edits are logged and undoable like everything else.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Action {
    /// A worker recruits a unit, by name, from the units market or your research into an
    /// open space of your castle, and pays its cost (WORKERS: Recruit). Saves from before
    /// wrote `"kind"` with the unit type's number: still read.
    Recruit {
        #[serde(alias = "kind")]
        unit: UnitName,
        square: Square,
    },
    /// A worker collects 4 gold (WORKERS: Mine).
    Mine {},
    /// A worker buys one or two items by name, the market refilled between (WORKERS: Buy).
    Buy {
        items: Vec<String>,
    },
    /// A worker starts a building from the market or research (WORKERS: Build).
    Build {
        building: String,
    },
    /// A worker removes a turn counter from a building or upgraded worker (WORKERS: Develop).
    Develop {
        card: String,
    },
    /// Discards one of your buildings to make room for another, only with 7 (BUILDINGS): no
    /// worker. `at`, counted from 1 as your buildings are listed, picks one of several alike.
    DiscardBuilding {
        building: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<usize>,
    },
    /// A worker looks at the top three cards of the `deck` ("units", "items",
    /// "buildings") and keeps one (WORKERS: Research): the choice is a question.
    Research {
        deck: super::kingdom::Market,
    },
    /// A worker pays 5 gold for an upgraded worker (WORKERS: Upgrade): a question.
    Upgrade {},
    /// Use an item you hold (ITEMS), on one of your units where the item needs one.
    UseItem {
        item: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<UnitId>,
    },
    /// Use your leader's power (LEADERS; INDEX): Audric puts a +1 HP counter on `unit`;
    /// Dedric acquires `card` (onto `square` for a unit) without a worker. Payne's power
    /// comes from `develop` on his card, Trosh's by itself.
    LeaderPower {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<UnitId>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        card: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        square: Option<Square>,
    },
    Move {
        unit: UnitId,
        to: Square,
    },
    AttackUnit {
        attacker: UnitId,
        target: UnitId,
    },
    AttackCastle {
        attacker: UnitId,
        castle: Seat,
    },
    /// Ends the player's turn: the enemies take theirs. Through `Playable::act` (the CLI's
    /// `tablemate act`) the enemy turn runs on to your next turn or a question.
    EndTurn {},
    /// One step of the work in hand (an enemy turn, a fight): the screen's "Next step".
    Next {},
    /// Answers the waiting question with option `option`, counted from 1 as they are listed.
    /// Through `Playable::act` play then runs on to the next question or your turn.
    Answer {
        option: usize,
    },
    /// Hand edit: put a unit on the board (a missed spawn, a correction).
    PlaceUnit {
        owner: Seat,
        kind: KindId,
        square: Square,
    },
    /// Hand edit: move any unit to any free square it may stand on.
    Relocate {
        unit: UnitId,
        to: Square,
    },
    /// Hand edit: take a unit off the board (to its castle's research, or discarded).
    Remove {
        unit: UnitId,
        to_research: bool,
    },
    SetDamage {
        unit: UnitId,
        damage: u8,
    },
    /// +1 HP counters on a unit (e.g. Audric the Augmenter).
    SetHpBonus {
        unit: UnitId,
        bonus: u8,
    },
    SetCastleHp {
        castle: Seat,
        hp: u8,
    },
    /// One of your units may move and attack again this turn (a second turn from a leader
    /// power such as Payne the Planner's).
    ActAgain {
        unit: UnitId,
    },
    SetVp {
        vp: u8,
    },
    SetGold {
        gold: u32,
    },
    SetWorkers {
        workers: u8,
    },
    SetBuildings {
        buildings: u8,
    },
    /// Replace the game's board and/or unit cards with corrected ones (your files).
    AdoptData {
        data: Box<super::adopt::NewData>,
    },
}

impl Action {
    pub fn is_hand_edit(&self) -> bool {
        !self.is_play()
    }

    /// An action of normal play: a worker's, a unit's, the turn's, an answer.
    pub fn is_play(&self) -> bool {
        matches!(
            self,
            Action::Recruit { .. }
                | Action::Mine {}
                | Action::Buy { .. }
                | Action::Build { .. }
                | Action::Develop { .. }
                | Action::DiscardBuilding { .. }
                | Action::Research { .. }
                | Action::Upgrade {}
                | Action::UseItem { .. }
                | Action::LeaderPower { .. }
                | Action::Move { .. }
                | Action::AttackUnit { .. }
                | Action::AttackCastle { .. }
                | Action::EndTurn {}
                | Action::Next {}
                | Action::Answer { .. }
        )
    }
}

/// The unit a recruit names: its name (as `recruit` takes it), or in a save from before,
/// the unit type's number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum UnitName {
    Name(String),
    Kind(KindId),
}

impl From<&str> for UnitName {
    fn from(name: &str) -> UnitName {
        UnitName::Name(name.to_string())
    }
}

/// What a player's unit attacks: an enemy unit or an enemy castle (`Game::legal_attacks`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Unit(UnitId),
    Castle(Seat),
}

impl Target {
    /// The action that makes this attack with `attacker`.
    pub fn action(self, attacker: UnitId) -> Action {
        match self {
            Target::Unit(target) => Action::AttackUnit { attacker, target },
            Target::Castle(castle) => Action::AttackCastle { attacker, castle },
        }
    }
}

impl Game {
    /// A history label for `action` in the current position.
    pub fn label(&self, action: &Action) -> String {
        let who = |id: &UnitId| self.describe(*id);
        let kind = |k: &KindId| {
            self.catalog
                .get(*k)
                .map(|k| k.name.clone())
                .unwrap_or_else(|| format!("unit type {}", k.0))
        };
        match action {
            Action::Recruit { unit, square } => match unit {
                UnitName::Name(n) => format!("Recruit {n} at {square}"),
                UnitName::Kind(k) => format!("Recruit {} at {square}", kind(k)),
            },
            Action::Mine {} => "Mine: +4 gold".to_string(),
            Action::Buy { items } => format!("Buy {}", items.join(" and ")),
            Action::Build { building } => format!("Build {building}"),
            Action::Develop { card } => format!("Develop {card}"),
            Action::DiscardBuilding { building, .. } => format!("Discard {building}"),
            Action::Research { deck } => format!("Research the {} deck", deck.word()),
            Action::Upgrade {} => "Upgrade a worker".to_string(),
            Action::UseItem { item, unit } => match unit {
                Some(u) => format!("Use {item} on {}", who(u)),
                None => format!("Use {item}"),
            },
            Action::LeaderPower { unit, card, square } => {
                let leader = self
                    .kingdom
                    .leader_card(&self.cards)
                    .map_or_else(|| "your leader".to_string(), |c| c.name.clone());
                match (unit, card, square) {
                    (Some(u), _, _) => format!("{leader}'s power on {}", who(u)),
                    (None, Some(c), Some(sq)) => format!("{leader}'s power: {c} at {sq}"),
                    (None, Some(c), None) => format!("{leader}'s power: {c}"),
                    _ => format!("{leader}'s power"),
                }
            }
            Action::Move { unit, to } => format!("Move {} to {to}", who(unit)),
            Action::AttackUnit { attacker, target } => {
                format!("{} attacks {}", who(attacker), who(target))
            }
            Action::AttackCastle { attacker, castle } => {
                format!("{} attacks {}", who(attacker), castle.the_castle())
            }
            Action::EndTurn {} => format!("End of your turn (round {})", self.round),
            Action::Next {} => "Next step".to_string(),
            Action::Answer { option } => {
                let chosen = self
                    .pending
                    .as_ref()
                    .and_then(|p| p.options.get(option.wrapping_sub(1)));
                match chosen {
                    Some(o) => format!("You chose: {o}"),
                    None => format!("You chose option {option}"),
                }
            }
            Action::PlaceUnit {
                owner,
                kind: k,
                square,
            } => format!(
                "Hand edit: place {} {} at {square}",
                owner.owner_word(),
                kind(k)
            ),
            Action::Relocate { unit, to } => format!("Hand edit: move {} to {to}", who(unit)),
            Action::Remove { unit, to_research } => format!(
                "Hand edit: remove {}{}",
                who(unit),
                if *to_research {
                    " to its castle's research"
                } else {
                    ""
                }
            ),
            Action::SetDamage { unit, damage } => {
                format!("Hand edit: {} has {damage} damage", who(unit))
            }
            Action::SetHpBonus { unit, bonus } => {
                format!("Hand edit: {} has +{bonus} HP", who(unit))
            }
            Action::SetCastleHp { castle, hp } => {
                format!("Hand edit: {} at {hp} HP", castle.the_castle())
            }
            Action::ActAgain { unit } => {
                format!("Hand edit: {} may move and attack again", who(unit))
            }
            Action::SetVp { vp } => format!("Hand edit: {vp} VP"),
            Action::SetGold { gold } => format!("Hand edit: {gold} gold"),
            Action::SetWorkers { workers } => format!("Hand edit: {workers} workers"),
            Action::SetBuildings { buildings } => format!(
                "Hand edit: {}",
                crate::words::count(*buildings, "building", "buildings")
            ),
            Action::AdoptData { data } => {
                let changes = self.data_changes(data);
                if changes.is_empty() {
                    "Hand edit: adopt your data (nothing differs)".to_string()
                } else {
                    format!("Hand edit: adopt your data: {}", changes.join("; "))
                }
            }
        }
    }

    /// Validates and carries out `action`. Fights resolve at once up to any question (answer
    /// it, then `run_until_choice`); `EndTurn` only starts the enemy phase, which the caller
    /// steps through with `advance`. Returns the steps that happened.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Step>, RuleError> {
        // This state's explanations are those of this action's steps; a refusal keeps the
        // old ones, as it keeps everything else.
        let kept = std::mem::take(&mut self.explained);
        let decided = self.outcome.is_some();
        let mut applied = self.apply_action(action);
        match &mut applied {
            Err(_) => self.explained = kept,
            // A game decided by the action itself (a move that brings field VP to 4, a hand
            // edit) says so like a game decided in a fight (ENDING).
            Ok(steps) if !decided => {
                if let Some(outcome) = self.outcome
                    && !steps.iter().any(|s| matches!(s, Step::GameOver { .. }))
                {
                    let step = self.game_over(outcome);
                    self.record(&step);
                    steps.push(step);
                }
            }
            Ok(_) => {}
        }
        applied
    }

    fn apply_action(&mut self, action: Action) -> Result<Vec<Step>, RuleError> {
        match action {
            Action::Next {} => return self.next_step(),
            Action::Answer { option } => return self.answer_listed(option),
            _ => {}
        }
        if action.is_hand_edit() {
            let step = self.hand_edit(&action)?;
            self.record(&step);
            let mut steps = vec![step];
            if self.phase == Phase::Player && self.pending.is_none() {
                steps.extend(self.run_until_choice());
            }
            self.check_outcome();
            return Ok(steps);
        }
        // Items may be used at any time, but may not interrupt (ITEMS): in the enemies'
        // turn between two steps too.
        if let Action::UseItem { item, unit } = &action
            && self.phase == Phase::Enemy
            && self.pending.is_none()
            && self.outcome.is_none()
        {
            let step = self.use_item(item, *unit)?;
            self.record(&step);
            self.check_outcome();
            return Ok(vec![step]);
        }
        self.check_players_turn()?;
        let mut steps = Vec::new();
        match action {
            Action::Recruit { unit, square } => steps.push(match unit {
                UnitName::Name(n) => self.recruit_named(&n, square)?,
                UnitName::Kind(k) => {
                    self.kind_checked(k)?;
                    self.recruit_kind(k, square)?
                }
            }),
            Action::Mine {} => steps.push(self.mine()?),
            Action::Buy { items } => {
                steps.push(self.buy(&items)?);
                steps.extend(self.ask_sixth_item());
            }
            Action::LeaderPower { unit, card, square } => {
                steps.push(self.leader_power(unit, card.as_deref(), square)?);
                steps.extend(self.ask_sixth_item());
            }
            Action::Build { building } => steps.push(self.build(&building)?),
            Action::Develop { card } => steps.push(self.develop(&card)?),
            Action::DiscardBuilding { building, at } => {
                steps.push(self.discard_building(&building, at)?);
                // A Fortification that fell with it asks whether to research it.
                steps.extend(self.run_until_choice());
            }
            Action::Research { deck } => steps.extend(self.research(deck)?),
            Action::Upgrade {} => steps.extend(self.upgrade()?),
            Action::UseItem { item, unit } => {
                steps.push(self.use_item(&item, unit)?);
                self.agenda.push(Task::Deaths);
                steps.extend(self.run_until_choice());
            }
            Action::Move { unit, to } => steps.push(self.move_unit(unit, to)?),
            Action::AttackUnit { attacker, target } => {
                self.check_attack_unit(attacker, target)?;
                self.agenda.push(Task::Deaths);
                self.agenda
                    .push(Task::Strike(Strike::new(attacker, target, Battle::Attack)));
                steps.extend(self.run_until_choice());
            }
            Action::AttackCastle { attacker, castle } => {
                self.check_attack_castle(attacker, castle)?;
                self.agenda.push(Task::HitEnemyCastle {
                    attacker,
                    castle,
                    protector: None,
                });
                steps.extend(self.run_until_choice());
            }
            Action::EndTurn {} => self.begin_enemy_phase(),
            _ => {}
        }
        if let Some(step @ (Step::Recruited { .. } | Step::Move { .. } | Step::Kingdom { .. })) =
            steps.first()
        {
            let step = step.clone();
            self.record(&step);
        }
        self.check_outcome();
        Ok(steps)
    }

    pub(crate) fn check_players_turn(&self) -> Result<(), RuleError> {
        if let Some(o) = self.outcome {
            return Err(RuleError::GameOver(format!("{o:?}").to_lowercase()));
        }
        if let Some(p) = &self.pending {
            return Err(RuleError::AnswerFirst(p.question.clone()));
        }
        if self.phase == Phase::Enemy {
            return Err(RuleError::EnemyTurn);
        }
        if !self.agenda.is_empty() {
            return Err(RuleError::Resolving);
        }
        Ok(())
    }

    pub(crate) fn unit_checked(&self, id: UnitId) -> Result<&Unit, RuleError> {
        self.unit(id).ok_or(RuleError::NoSuchUnit(id.0))
    }

    pub(crate) fn own_unit(&self, id: UnitId) -> Result<&Unit, RuleError> {
        let u = self.unit_checked(id)?;
        if u.owner != Seat::Player {
            return Err(RuleError::NotYours(self.describe(id)));
        }
        if u.new {
            return Err(RuleError::NewUnit(self.describe(id)));
        }
        Ok(u)
    }

    pub(crate) fn kind_checked(&self, kind: KindId) -> Result<(), RuleError> {
        self.catalog
            .get(kind)
            .map(|_| ())
            .ok_or_else(|| RuleError::NoSuchKind(format!("#{}", kind.0)))
    }

    /// Refuses a unit of `kind` for `owner` when every card of it is already in play: with
    /// the physical deck all units share the 36 cards; with the digital deck the enemies
    /// draw from their own copy and the player's units are the player's cards.
    pub(crate) fn check_copies_left(
        &self,
        kind: KindId,
        owner: Option<Seat>,
    ) -> Result<(), RuleError> {
        let k = self.catalog.kind(kind);
        if self.kingdom.one_deck {
            // One unit deck: whatever is not on the board, in a market or a research is in
            // the deck, so the deck itself says whether a card is left.
            if self.deck.as_ref().is_some_and(|d| d.count(kind) > 0) {
                return Ok(());
            }
            return Err(RuleError::NoCopies {
                name: k.name.clone(),
                copies: k.copies,
            });
        }
        let shared = self.settings.deck_mode == DeckMode::Physical;
        let counts = |u: &&Unit| {
            u.kind == kind
                && (shared
                    || match owner {
                        Some(Seat::Player) => u.owner == Seat::Player,
                        _ => u.owner != Seat::Player,
                    })
        };
        let on_board = self.units.iter().filter(counts).count();
        let in_research: usize = if shared || owner != Some(Seat::Player) {
            self.castles
                .iter()
                .map(|c| c.research.iter().filter(|r| **r == kind).count())
                .sum()
        } else {
            0
        };
        if on_board + in_research >= usize::from(k.copies) {
            return Err(RuleError::NoCopies {
                name: k.name.clone(),
                copies: k.copies,
            });
        }
        Ok(())
    }
}
