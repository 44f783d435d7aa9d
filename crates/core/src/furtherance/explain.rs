//! Why the enemy did what it did, and why not something else (docs/furtherance.md,
//! "Explanations"). The engine records, with every step it yields, the typed `Reason`s that
//! decided it and the alternatives the rules ruled out. They are data, stored in the game
//! state with the steps of the action that made them, so every history entry (and so undo,
//! redo and a reloaded save) keeps its own; `describe` (explain_words.rs) renders them to text
//! in one place, for the window, the command line and the table network's read-only seat alike.
//!
//! Rule references name the rulebook section and the paragraph or rule within it. The printed
//! solo pages carry no page numbers in the text the app is built from, so none is invented.

use serde::{Deserialize, Serialize};

use super::square::{Seat, Square};
use super::step::{Step, UnitRef};

pub use super::explain_words::describe;

/// The rule a reason rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, strum::VariantArray)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// After an enemy, the turn passes clockwise (SOLO AI, last paragraph).
    TurnOrder,
    /// A castle holding hourglass counters passes one on instead of acting.
    Hourglass,
    /// The unit closest to your castle moves first.
    MoveOrder,
    /// A tie in move order: you choose.
    MoveOrderTie,
    /// Units move along the arrows.
    Arrows,
    /// Next to one of your units: stop and attack it as many times as possible.
    StopAndAttack,
    /// Several of your units could be attacked: you choose.
    TargetTie,
    /// Next to your castle and to none of your units: attack the castle.
    CastleAttack,
    /// Your unit's ability gives you a choice (battle instead, take the damage) (INDEX).
    Ability,
    /// An attack on your castle: defend with a unit inside, or take the damage on the castle
    /// or a building (COMBAT: Attacking Castles).
    CastleDefence,
    /// Units with reach attack a unit 2 spaces away (INDEX).
    Reach,
    /// Attacked units strike back; yours must (SOLO RULES 2).
    CounterAttack,
    /// An attacked enemy unit strikes back (COMBAT): the AI's side, not your must.
    StrikeBack,
    /// "No counter attacks" (INDEX): the unit neither strikes back nor is struck back.
    NoCounterAttacks,
    /// "No attacking new units" (INDEX).
    NoAttackingNewUnits,
    /// "One attack per turn" (INDEX).
    OneAttack,
    /// The setting "An attacked unit strikes back" (whatever the range by default).
    CounterRangeSetting,
    /// The setting "When you attack an enemy castle" (by default it never defends; a setting
    /// lets its strongest unit inside defend).
    EnemyCastleDefenceSetting,
    /// A unit dies when its damage reaches its HP (COMBAT).
    Death,
    /// A dead enemy unit goes to its castle's research.
    Research,
    /// Spawn the most expensive unit in research, then the highest attack.
    SpawnResearch,
    /// A research tie that remains: you choose.
    SpawnResearchTie,
    /// With empty research, the top card of the unit deck with 1 or more attack.
    SpawnDeck,
    /// The centre of the castle, else the next space in order; nothing when full.
    SpawnPlace,
    /// Damage to a castle holding counters moves them on; all at 5 HP or less.
    CastleCounters,
    /// A destroyed castle gives +2 VP and spawns no more.
    Destroyed,
    /// A sacrifice destroys one of your buildings: the card's ability, used by the AI under
    /// the setting "An enemy unit that may sacrifice itself to burn a building".
    Sacrifice,
    /// Your castle at 0 HP: you lose.
    Lose,
    /// 4 VP: you win.
    Win,
    /// Your own action or hand edit.
    YourTurn,
    /// Your worker's action (WORKERS).
    Workers,
    /// A unit of yours died: pay 2 gold to research it (COMBAT: Killing Units).
    Rescue,
    /// An item you may use at this moment (ITEMS; INDEX: Invincibility Cloak).
    Item,
}

impl Rule {
    /// A tie the rules break by letting the player choose.
    /// Choosing which of your units an enemy attacks is the player's choice (SOLO AI ¶2), not
    /// a tie between equal options.
    pub fn is_tie(self) -> bool {
        matches!(self, Rule::MoveOrderTie | Rule::SpawnResearchTie)
    }

    /// A setting chosen at setup, not the book's requirement (docs/rulings.md).
    pub fn is_setting(self) -> bool {
        matches!(
            self,
            Rule::Sacrifice | Rule::CounterRangeSetting | Rule::EnemyCastleDefenceSetting
        )
    }

    /// "SOLO AI ¶2 (move order)": the section, where in it, and what it says, in our words.
    pub fn cite(self) -> &'static str {
        match self {
            Rule::TurnOrder => "SOLO AI ¶6 (turns go on clockwise)",
            Rule::Hourglass => "SOLO AI ¶6 (a castle with hourglass counters passes one on)",
            Rule::MoveOrder => "SOLO AI ¶2 (closest unit moves first)",
            Rule::MoveOrderTie => "SOLO AI ¶2 (on a tie, you choose which moves first)",
            Rule::Arrows => "SOLO AI ¶1 (units move along the arrows)",
            Rule::StopAndAttack => "SOLO AI ¶2 (next to your unit: stop and attack)",
            Rule::TargetTie => "SOLO AI ¶2 with COMBAT (several targets: you choose)",
            Rule::CastleAttack => "SOLO AI ¶3 (next to your castle only: attack it)",
            Rule::Ability => "INDEX (your unit's ability lets you choose)",
            Rule::CastleDefence => {
                "COMBAT: Attacking Castles (defend, or take it on the castle or a building)"
            }
            Rule::Reach => "INDEX (can attack 2 spaces away)",
            Rule::CounterAttack => "COMBAT; SOLO RULES 2 (your units must counter-attack)",
            Rule::StrikeBack => "COMBAT (an attacked unit counter-attacks)",
            Rule::NoCounterAttacks => {
                "INDEX (No counter attacks: it neither strikes back nor is struck back)"
            }
            Rule::NoAttackingNewUnits => {
                "INDEX (No attacking new units: not a unit with a new unit token)"
            }
            Rule::OneAttack => "INDEX (One attack per turn)",
            Rule::CounterRangeSetting => {
                "setting \"An attacked unit strikes back\", chosen at setup (COMBAT names no range)"
            }
            Rule::EnemyCastleDefenceSetting => {
                "setting \"When you attack an enemy castle\", chosen at setup (the SOLO AI gives enemy castles no defence)"
            }
            Rule::Death => "COMBAT (a unit dies when its damage reaches its HP)",
            Rule::Research => "SOLO AI ¶3 (a dead enemy unit goes to its research)",
            Rule::SpawnResearch => "SOLO AI ¶3 (most expensive in research, then highest attack)",
            Rule::SpawnResearchTie => "SOLO AI ¶3 (a tie left after attack: you choose)",
            Rule::SpawnDeck => "SOLO AI ¶3 (top card of the deck with 1 or more attack)",
            Rule::SpawnPlace => "SOLO AI ¶3-4 (centre space, then the spawn order)",
            Rule::CastleCounters => "ATTACKING (1 counter per damage; all at 5 HP or less)",
            Rule::Destroyed => "ATTACKING (+2 VP, the castle spawns no more)",
            Rule::Sacrifice => {
                "setting \"An enemy unit that may sacrifice itself to burn a building\", chosen at setup (the card's ability: INDEX)"
            }
            Rule::Lose => "ENDING (your castle at 0 HP)",
            Rule::Win => "ENDING (4 VP)",
            Rule::YourTurn => "GAMEPLAY (your turn)",
            Rule::Workers => "WORKERS (each worker takes one action a turn)",
            Rule::Rescue => "COMBAT: Killing Units (pay 2 gold to put it in your research)",
            Rule::Item => {
                "ITEMS; INDEX (an item used when your unit is attacked, or a sixth used at once)"
            }
        }
    }
}

/// Why a unit stopped moving.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "kebab-case")]
pub enum Stop {
    /// One of your units is next to it (or in its reach, under that setting).
    NextTo {
        unit: UnitRef,
    },
    InReach {
        unit: UnitRef,
    },
    /// It stands next to your castle, where the arrows end.
    AtYourCastle,
    /// Every arrow out of its square leads to a taken square.
    Blocked,
    /// It has moved its 2 spaces.
    TwoSpaces,
}

/// Why an attacked unit did not strike back.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum NoCounter {
    /// Saved before the cause was recorded.
    #[default]
    Unrecorded,
    /// A unit of the fight has "No counter attacks" (`unit` names it: "Left's Sample Raider").
    Ability { unit: String, ability: String },
    /// The unit has 0 attack.
    NoAttack,
    /// The attacker stands outside the counter-attacker's reach, under the setting.
    OutOfReach,
}

/// Where a unit comes in its castle's move order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Turn {
    /// No unit of the castle has moved yet this turn.
    #[default]
    First,
    /// Some have moved, some are still to move after it.
    Next,
    /// Every other unit of the castle has moved.
    Last,
    /// The castle's only unit.
    Only,
}

/// One typed reason, or one alternative ruled out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "kebab-case")]
pub enum Reason {
    /// The castle holds no hourglass counters, so it takes its turn.
    CastleActs {
        castle: Seat,
    },
    /// The castle holds hourglass counters: it passes one on and your turn begins.
    HoldsCounters {
        castle: Seat,
        held: u8,
    },
    /// Every enemy castle has acted or passed a counter: your turn.
    EnemiesDone,
    /// The unit moves first: it is the closest to your castle (`None`: no arrow leads on).
    MovesFirst {
        unit: UnitRef,
        moves: Option<u8>,
        #[serde(default)]
        turn: Turn,
    },
    /// Ruled out: a unit farther from your castle goes later.
    Farther {
        unit: UnitRef,
        moves: Option<u8>,
        first: Option<u8>,
    },
    /// The rules left the choice to the table (the question named `rule`), and it chose.
    TableChose {
        rule: Rule,
    },
    /// Ruled out only by the table's choice: an equal option.
    Tied {
        option: String,
        rule: Rule,
    },
    /// One square along the arrows: the first arrow out of `from` whose square is free.
    Arrow {
        from: Square,
        to: Square,
    },
    /// Ruled out: an earlier arrow out of `from` leads to a taken square.
    ArrowTaken {
        from: Square,
        to: Square,
    },
    /// The unit stops at `at`.
    Stops {
        at: Square,
        stop: Stop,
    },
    /// It attacks this unit: adjacent (or `reach`: 2 spaces away) or already fighting it.
    Fights {
        target: UnitRef,
        reach: bool,
        again: bool,
    },
    /// Ruled out: it attacks the unit next to it, not your castle.
    NotTheCastle,
    /// It attacks your castle: next to it and to none of your units.
    AttacksCastle,
    /// It attacks your castle: next to it, and the units of yours beside it carry a new unit
    /// token, which `attacker` may not attack ("No attacking new units").
    AttacksCastlePassingOver {
        attacker: String,
        spared: Vec<UnitRef>,
    },
    /// Ruled out: your unit carries a new unit token, which `attacker` may not attack.
    NewUnitSpared {
        unit: UnitRef,
        attacker: String,
    },
    /// You were not asked how to take an attack on your castle: no unit inside may defend
    /// (`inside`: those the attacker may not attack) and you have no building.
    NoDefenceQuestion {
        attacker: String,
        inside: Vec<UnitRef>,
    },
    /// An enemy castle's unit defends it against your attack, under the setting.
    DefendsCastle {
        unit: UnitRef,
    },
    /// The unit attacks only once this turn ("One attack per turn").
    OneAttack {
        attacker: String,
    },
    /// The attacked side struck back although the attacker stood beyond its reach (the
    /// default of the counter-attack range setting).
    StrikesBackAtRange {
        by: String,
        must: bool,
    },
    /// The attacked side struck back.
    StrikesBack {
        by: String,
        must: bool,
    },
    /// No counter-attack, and why.
    NoStrikeBack {
        by: String,
        #[serde(default)]
        cause: NoCounter,
    },
    /// A unit died: damage reached (or, under the other setting, exceeded) its HP.
    Died {
        unit: UnitRef,
        exceeds: bool,
        to_research: bool,
    },
    /// Spawned from research: the most expensive (then highest attack).
    FromResearch {
        name: String,
        cost: u8,
        attack: u8,
    },
    /// Ruled out: a cheaper (or, at equal cost, weaker) unit in research.
    Outranked {
        name: String,
        cost: u8,
        attack: u8,
    },
    /// Spawned from the deck: research is empty, the top card has attack.
    FromDeck {
        name: String,
        attack: u8,
        drawn: bool,
    },
    /// A 0-attack card goes under the deck.
    ZeroAttack {
        name: String,
    },
    /// Placed on the first free space of the spawn order.
    SpawnSquare {
        square: Square,
        centre: bool,
    },
    /// Ruled out: that castle space is taken.
    SquareTaken {
        square: Square,
    },
    /// No spawn this turn.
    CastleFull,
    DeckEmpty,
    NoAttacker,
    /// A castle attack moved hourglass counters on.
    CountersMoved {
        moved: u8,
        all: bool,
        hp: u8,
    },
    /// A castle at 0 HP is destroyed.
    CastleFalls {
        castle: Seat,
    },
    /// The unit gave itself up for one of your buildings.
    Sacrificed,
    /// The game is decided.
    Won {
        vp: u8,
    },
    Lost,
    /// You did it (or edited it by hand).
    YourAction,
    /// The rules leave this question to you.
    YourChoice {
        rule: Rule,
    },
}

impl Reason {
    /// The rule the reason rests on.
    pub fn rule(&self) -> Rule {
        match self {
            Reason::CastleActs { .. } | Reason::EnemiesDone => Rule::TurnOrder,
            Reason::HoldsCounters { .. } => Rule::Hourglass,
            Reason::MovesFirst { .. } | Reason::Farther { .. } => Rule::MoveOrder,
            Reason::TableChose { rule } | Reason::Tied { rule, .. } => *rule,
            Reason::Arrow { .. } | Reason::ArrowTaken { .. } => Rule::Arrows,
            Reason::Stops { stop, .. } => match stop {
                Stop::NextTo { .. } => Rule::StopAndAttack,
                Stop::InReach { .. } => Rule::Reach,
                _ => Rule::Arrows,
            },
            Reason::Fights { reach: true, .. } => Rule::Reach,
            Reason::Fights { .. } | Reason::NotTheCastle => Rule::StopAndAttack,
            Reason::AttacksCastle | Reason::AttacksCastlePassingOver { .. } => Rule::CastleAttack,
            Reason::NewUnitSpared { .. } => Rule::NoAttackingNewUnits,
            Reason::NoDefenceQuestion { .. } => Rule::CastleDefence,
            Reason::DefendsCastle { .. } => Rule::EnemyCastleDefenceSetting,
            Reason::OneAttack { .. } => Rule::OneAttack,
            Reason::StrikesBackAtRange { .. } => Rule::CounterRangeSetting,
            Reason::StrikesBack { must: true, .. } => Rule::CounterAttack,
            Reason::StrikesBack { .. } => Rule::StrikeBack,
            Reason::NoStrikeBack { cause, .. } => match cause {
                NoCounter::Ability { .. } => Rule::NoCounterAttacks,
                NoCounter::OutOfReach => Rule::CounterRangeSetting,
                NoCounter::NoAttack | NoCounter::Unrecorded => Rule::StrikeBack,
            },
            Reason::Died {
                to_research: true, ..
            } => Rule::Research,
            Reason::Died { .. } => Rule::Death,
            Reason::FromResearch { .. } | Reason::Outranked { .. } => Rule::SpawnResearch,
            Reason::FromDeck { .. } | Reason::ZeroAttack { .. } => Rule::SpawnDeck,
            Reason::SpawnSquare { .. } | Reason::SquareTaken { .. } | Reason::CastleFull => {
                Rule::SpawnPlace
            }
            Reason::DeckEmpty | Reason::NoAttacker => Rule::SpawnDeck,
            Reason::CountersMoved { .. } => Rule::CastleCounters,
            Reason::CastleFalls { .. } => Rule::Destroyed,
            Reason::Sacrificed => Rule::Sacrifice,
            Reason::Won { .. } => Rule::Win,
            Reason::Lost => Rule::Lose,
            Reason::YourAction => Rule::YourTurn,
            Reason::YourChoice { rule } => *rule,
        }
    }
}

/// The reasons gathered for the step that is coming.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Reasons {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub why: Vec<Reason>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub why_not: Vec<Reason>,
}

impl Reasons {
    pub fn is_empty(&self) -> bool {
        self.why.is_empty() && self.why_not.is_empty()
    }
}

/// A step with why it happened and what the rules ruled out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Explained {
    pub step: Step,
    #[serde(flatten)]
    pub reasons: Reasons,
}

impl Explained {
    /// The log line, then "Why:" and "Why not:" lines (docs/furtherance.md).
    pub fn text(&self) -> String {
        let mut s = self.step.text();
        for r in &self.reasons.why {
            s += &format!("\n  Why: {}", describe(r));
        }
        for r in &self.reasons.why_not {
            s += &format!("\n  Why not: {}", describe(r));
        }
        s
    }
}

/// The reasons a step carries in itself (turns, deaths, spawning nothing, the end), added
/// after those the deciding code gathered.
pub(crate) fn of_step(step: &Step, exceeds: bool) -> Vec<Reason> {
    use super::step::{Fate, NoSpawn};
    match step {
        Step::PlayerTurn { .. } => vec![Reason::EnemiesDone],
        Step::TurnStarts { castle, .. } => vec![Reason::CastleActs { castle: *castle }],
        Step::CounterPassed {
            from, count, left, ..
        } => vec![Reason::HoldsCounters {
            castle: *from,
            held: count + left,
        }],
        Step::Dies { unit, fate } => vec![Reason::Died {
            unit: unit.clone(),
            exceeds,
            to_research: *fate == Fate::Research,
        }],
        Step::CastleDestroyed { castle, .. } => vec![Reason::CastleFalls { castle: *castle }],
        Step::Sacrificed { .. } => vec![Reason::Sacrificed],
        Step::DrawSkipped { name, .. } => vec![Reason::ZeroAttack { name: name.clone() }],
        Step::NoSpawn { reason, .. } => vec![match reason {
            NoSpawn::CastleFull => Reason::CastleFull,
            NoSpawn::DeckEmpty => Reason::DeckEmpty,
            NoSpawn::NoAttacker => Reason::NoAttacker,
        }],
        Step::GameOver { outcome, vp, .. } => vec![match outcome {
            super::state::Outcome::Won => Reason::Won { vp: *vp },
            super::state::Outcome::Lost => Reason::Lost,
        }],
        Step::Recruited { .. } | Step::HandEdit { .. } | Step::Kingdom { .. } => {
            vec![Reason::YourAction]
        }
        Step::Move { unit, .. } if unit.owner == Seat::Player => vec![Reason::YourAction],
        Step::Attack { attacker, .. } | Step::CastleAttacked { attacker, .. }
            if attacker.owner == Seat::Player =>
        {
            vec![Reason::YourAction]
        }
        _ => Vec::new(),
    }
}

/// The history entry where the enemies' turn last began (the first entry in the enemies'
/// phase after one in yours), or 1 (the first entry after the game's start) before your first
/// End turn; entries from there to the cursor are the turn to mirror on the table, step by
/// step. Read by the window's turn log and the table network's table seat.
pub fn enemy_turn_began(history: &crate::history::History<super::Game>) -> usize {
    use super::Phase;
    let last = history.cursor();
    // States are rebuilt from the saved changes as the walk back reaches them.
    let phase = |i: usize| history.state(i).ok().map(super::Game::phase);
    (0..=last)
        .rev()
        .find(|&i| {
            phase(i) == Some(Phase::Enemy)
                && i.checked_sub(1).and_then(phase) == Some(Phase::Player)
        })
        .unwrap_or(1.min(last + 1))
}
