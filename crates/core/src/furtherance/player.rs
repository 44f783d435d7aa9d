//! The player's turn (WORKERS: Recruit; COMBAT; CASTLES; ATTACKING) and hand edits for what
//! the app does not automate (items, buildings, leader powers). Every action is validated
//! first and refused with the rule that forbids it; fights resolve through the agenda.

use serde::{Deserialize, Serialize};

use super::agenda::{Strike, Task};
use super::error::RuleError;
use super::square::{Seat, Square};
use super::state::{DeckMode, Game, MAX_CASTLE_HP, Phase, Unit, UnitId};
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

    fn check_players_turn(&self) -> Result<(), RuleError> {
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

    fn unit_checked(&self, id: UnitId) -> Result<&Unit, RuleError> {
        self.unit(id).ok_or(RuleError::NoSuchUnit(id.0))
    }

    fn own_unit(&self, id: UnitId) -> Result<&Unit, RuleError> {
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

    /// The path `id` would walk to `to` (its start first) if the rules let it move there
    /// now (MOVEMENT: your own unit, not new, before it attacks, up to 2 spaces in all, not
    /// through walls or units, not into an enemy castle), or the rule against it.
    fn check_move(&self, id: UnitId, to: Square) -> Result<Vec<Square>, RuleError> {
        let u = self.own_unit(id)?;
        if u.attacks > 0 {
            return Err(RuleError::MoveAfterAttack(self.describe(id)));
        }
        if !self.board.is_square(to) {
            return Err(RuleError::OffBoard(to));
        }
        if let Some(c) = self.board.castle_of(to)
            && c != Seat::Player
        {
            return Err(RuleError::EnemyCastle(to, c.the_castle()));
        }
        if self.unit_at(to).is_some_and(|o| o.id != id) {
            return Err(RuleError::Occupied(to));
        }
        let left = 2u8.saturating_sub(u.moved);
        let seen = self.walk(u, left);
        if to == u.square || seen[to.index()].is_none() {
            return Err(RuleError::Unreachable {
                name: self.describe(id),
                to,
                left,
            });
        }
        let mut path = vec![to];
        let mut at = to;
        while let Some((d, from)) = seen[at.index()]
            && d > 0
        {
            path.push(from);
            at = from;
        }
        path.reverse();
        Ok(path)
    }

    fn move_unit(&mut self, id: UnitId, to: Square) -> Result<Step, RuleError> {
        let path = self.check_move(id, to)?;
        let dist = u8::try_from(path.len() - 1).unwrap_or(u8::MAX);
        self.last_move = Some((id, path.clone()));
        if let Some(u) = self.unit_mut(id) {
            u.square = to;
            u.moved += dist;
        }
        let unit = self.unit_ref(id).ok_or(RuleError::NoSuchUnit(id.0))?;
        Ok(Step::Move { unit, path })
    }

    /// Where the player's unit `id` may move now: exactly the squares a `Move` action would
    /// be accepted for (the same checks run), none outside your turn.
    pub fn legal_moves(&self, id: UnitId) -> Vec<Square> {
        if self.check_players_turn().is_err() {
            return Vec::new();
        }
        Square::all()
            .filter(|to| self.check_move(id, *to).is_ok())
            .collect()
    }

    /// What the player's unit `id` may attack now, each with the square a click on the board
    /// attacks it by: the enemy units an `AttackUnit` would be accepted for, and the free
    /// spaces of each enemy castle an `AttackCastle` would be accepted for (the same checks
    /// run), none outside your turn.
    pub fn legal_attacks(&self, id: UnitId) -> Vec<(Square, Target)> {
        if self.check_players_turn().is_err() {
            return Vec::new();
        }
        let units = self
            .units
            .iter()
            .filter(|t| self.check_attack_unit(id, t.id).is_ok())
            .map(|t| (t.square, Target::Unit(t.id)));
        let castles = Seat::ENEMIES
            .into_iter()
            .filter(|c| self.check_attack_castle(id, *c).is_ok())
            .flat_map(|c| {
                self.board
                    .castle(c)
                    .iter()
                    .filter(|s| self.unit_at(**s).is_none())
                    .map(move |s| (*s, Target::Castle(c)))
            });
        units.chain(castles).collect()
    }

    fn check_attack_unit(&self, attacker: UnitId, target: UnitId) -> Result<(), RuleError> {
        let a = self.own_unit(attacker)?;
        let per_turn = self.kind(a).attacks_per_turn();
        if a.attacks >= per_turn {
            return Err(RuleError::NoAttacksLeft {
                name: self.describe(attacker),
                per_turn,
            });
        }
        let t = self.unit_checked(target)?;
        if t.owner == Seat::Player {
            return Err(RuleError::NotEnemy(self.describe(target)));
        }
        if !self.may_attack(a, t) {
            return Err(RuleError::NewTarget(
                self.describe(attacker),
                self.describe(target),
            ));
        }
        if !self.within_reach(a.owner, a.square, t.square, self.kind(a).reach()) {
            return Err(RuleError::OutOfReach {
                attacker: self.describe(attacker),
                target: self.describe(target),
                why: self.out_of_reach_why(a, t.square),
            });
        }
        Ok(())
    }

    fn check_attack_castle(&self, attacker: UnitId, castle: Seat) -> Result<(), RuleError> {
        let a = self.own_unit(attacker)?;
        let per_turn = self.kind(a).attacks_per_turn();
        if a.attacks >= per_turn {
            return Err(RuleError::NoAttacksLeft {
                name: self.describe(attacker),
                per_turn,
            });
        }
        if castle == Seat::Player {
            return Err(RuleError::OwnCastle);
        }
        if self.is_destroyed(castle) {
            return Err(RuleError::CastleDestroyed(castle.the_castle()));
        }
        if !self.board.next_to_castle(a.square, castle) {
            return Err(RuleError::NotNextToCastle(
                self.describe(attacker),
                castle.the_castle(),
            ));
        }
        Ok(())
    }

    fn hand_edit(&mut self, action: &Action) -> Result<Step, RuleError> {
        let mut text = self
            .label(action)
            .trim_start_matches("Hand edit: ")
            .to_string();
        let (mut added, mut removed) = (None, None);
        match *action {
            Action::PlaceUnit {
                owner,
                kind,
                square,
            } => {
                self.kind_checked(kind)?;
                if !self.board.may_enter(owner, square) {
                    return Err(match self.board.castle_of(square) {
                        Some(c) => RuleError::EnemyCastle(square, c.the_castle()),
                        None => RuleError::OffBoard(square),
                    });
                }
                if self.unit_at(square).is_some() {
                    return Err(RuleError::Occupied(square));
                }
                if owner.is_enemy() && self.is_destroyed(owner) {
                    return Err(RuleError::CastleDestroyed(owner.the_castle()));
                }
                self.check_copies_left(kind, Some(owner))?;
                if (owner.is_enemy() || self.kingdom.one_deck)
                    && let Some(deck) = self.deck.as_mut()
                    && deck.take(kind).is_none()
                {
                    let k = self.catalog.kind(kind);
                    return Err(RuleError::NoCopies {
                        name: k.name.clone(),
                        copies: k.copies,
                    });
                }
                let id = self.new_unit_id();
                self.units.push(Unit {
                    id,
                    kind,
                    owner,
                    square,
                    damage: 0,
                    hp_bonus: 0,
                    new: false,
                    moved: 0,
                    attacks: 0,
                });
                added = self.unit_ref(id);
            }
            Action::Relocate { unit, to } => {
                let owner = self.unit_checked(unit)?.owner;
                if !self.board.may_enter(owner, to) {
                    return Err(match self.board.castle_of(to) {
                        Some(c) => RuleError::EnemyCastle(to, c.the_castle()),
                        None => RuleError::OffBoard(to),
                    });
                }
                if self.unit_at(to).is_some_and(|o| o.id != unit) {
                    return Err(RuleError::Occupied(to));
                }
                if let Some(u) = self.unit_mut(unit) {
                    u.square = to;
                }
            }
            Action::Remove { unit, to_research } => {
                let u = self.unit_checked(unit)?.clone();
                removed = self.unit_ref(unit);
                if to_research && u.owner.is_enemy() && !self.is_destroyed(u.owner) {
                    self.units.retain(|x| x.id != unit);
                    self.castle_mut(u.owner).research.push(u.kind);
                } else {
                    self.discard_unit(unit);
                }
            }
            Action::SetDamage { unit, damage } => {
                self.unit_checked(unit)?;
                if let Some(u) = self.unit_mut(unit) {
                    u.damage = damage;
                }
                self.agenda.push(Task::Deaths);
            }
            Action::SetHpBonus { unit, bonus } => {
                self.unit_checked(unit)?;
                if let Some(u) = self.unit_mut(unit) {
                    u.hp_bonus = bonus;
                }
                self.agenda.push(Task::Deaths);
            }
            Action::SetCastleHp { castle, hp } => {
                if hp > MAX_CASTLE_HP {
                    return Err(RuleError::BadValue(format!(
                        "castle HP goes from 0 to {MAX_CASTLE_HP}"
                    )));
                }
                if castle.is_enemy() && self.is_destroyed(castle) {
                    return Err(RuleError::CastleDestroyed(castle.the_castle()));
                }
                let before = self.castle(castle).hp;
                self.castle_mut(castle).hp = hp;
                if castle.is_enemy() {
                    // A lower HP is damage dealt off the app (an item, a leader power), so the
                    // counters move as damage moves them (ATTACKING): one per point, all of
                    // them at 5 HP or less; at 0 the castle is destroyed (+2 VP).
                    let counters = self.castle(castle).counters;
                    let to_move = if hp <= super::state::PASS_ALL_AT_HP {
                        counters
                    } else {
                        counters.min(before.saturating_sub(hp))
                    };
                    if to_move > 0 {
                        // Say what else moved (issue 32: counters left the board unsaid).
                        let to = self.pass_counters(castle, to_move);
                        let whither = match to {
                            Seat::Player => "off the board".to_string(),
                            t => format!("to {}", t.the_castle()),
                        };
                        text += &format!("; {to_move} hourglass counter(s) moved {whither}");
                    }
                    if hp == 0 {
                        self.agenda.push(Task::DestroyCastle { seat: castle });
                    }
                }
            }
            Action::ActAgain { unit } => {
                if self.unit_checked(unit)?.owner != Seat::Player {
                    return Err(RuleError::NotYours(self.describe(unit)));
                }
                if let Some(u) = self.unit_mut(unit) {
                    u.moved = 0;
                    u.attacks = 0;
                }
            }
            Action::SetVp { vp } => self.ledger.vp = vp,
            Action::SetGold { gold } => self.ledger.gold = gold,
            Action::SetWorkers { workers } => self.ledger.workers = workers,
            Action::SetBuildings { buildings } => {
                self.ledger.buildings = buildings;
                if self.kingdom.dealt && usize::from(buildings) != self.kingdom.buildings.len() {
                    text += &format!(
                        " (your kingdom lists {} building card(s); the count is what an Arsonist \
                         or a hit on a building sees)",
                        self.kingdom.buildings.len()
                    );
                }
            }
            Action::AdoptData { ref data } => {
                self.adopt(data)?;
            }
            _ => return Err(RuleError::BadValue("not a hand edit".to_string())),
        }
        self.reask_after_edit();
        Ok(Step::HandEdit {
            text,
            added,
            removed,
        })
    }
}
