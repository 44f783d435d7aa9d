//! What the engine reports, one `Step` at a time: a move, an attack, a death, a spawn, an
//! hourglass counter passing, a question for the player... Each step carries what the screen
//! and the log need (unit names, squares, damage after the step) and renders itself as one
//! readable log line. Steps are serialised as the `simulate --json` lines (docs/furtherance.md).

use serde::{Deserialize, Serialize};

use super::square::{Seat, Square};
use super::state::{Outcome, UnitId};

/// A unit as it stands after the step.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UnitRef {
    pub id: UnitId,
    pub name: String,
    pub owner: Seat,
    pub square: Square,
    /// Damage counters on it after the step.
    pub damage: u8,
    pub hp: u8,
}

impl UnitRef {
    /// "Left's Knight (c3)", "your Archer (c2)".
    fn who(&self) -> String {
        format!(
            "{} {} ({})",
            self.owner.owner_word(),
            self.name,
            self.square
        )
    }

    fn state(&self) -> String {
        format!("{} {}/{}", self.name, self.damage, self.hp)
    }
}

/// How a unit came to fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Battle {
    /// An ordinary attack.
    Attack,
    /// The target defends its castle in the castle's place (COMBAT: Attacking Castles).
    Defence,
    /// The target battles in place of an adjacent unit (INDEX: adjacent units may battle).
    Instead,
}

/// What a castle attack hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hit {
    Castle,
    Building,
}

/// Where a dead unit goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fate {
    /// An enemy unit goes to its castle's research, to respawn later (SOLO AI).
    Research,
    /// The player's unit: pay 2 gold to research it or discard it (COMBAT: Killing Units).
    PlayerChooses,
    /// Back to the unit deck's discard pile (units of a destroyed castle, hand removals).
    Discard,
}

/// Where a spawned unit came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Source {
    Research,
    Deck,
}

/// Why a castle placed no unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoSpawn {
    /// All three castle spaces are taken (SOLO AI).
    CastleFull,
    /// The unit deck and its discard pile are empty.
    DeckEmpty,
    /// Every card left in the deck has 0 attack.
    NoAttacker,
}

/// One thing that happened, or a question.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
pub enum Step {
    /// The enemies are done: the player's turn of `round` begins.
    PlayerTurn {
        round: u32,
    },
    /// An enemy castle without hourglass counters takes its turn.
    TurnStarts {
        castle: Seat,
        round: u32,
    },
    /// One hourglass counter moves from `from` to `to` (`player`: it leaves the board);
    /// `left` counters remain on `from`.
    CounterPassed {
        from: Seat,
        to: Seat,
        count: u8,
        left: u8,
    },
    /// A unit moves along `path` (its start first).
    Move {
        unit: UnitRef,
        path: Vec<Square>,
    },
    /// One attack between units, with the counter-attack if there was one.
    Attack {
        attacker: UnitRef,
        target: UnitRef,
        battle: Battle,
        damage: u8,
        /// A unit that took the damage in the target's place (INDEX: takes adjacent damage).
        taken_by: Option<UnitRef>,
        counter: Option<u8>,
        counter_taken_by: Option<UnitRef>,
    },
    /// One attack on a castle: 1 damage to it (or to a building), its counter-attack, and
    /// the hourglass counters it passed on.
    CastleAttacked {
        attacker: UnitRef,
        castle: Seat,
        hit: Hit,
        /// The castle's HP after the attack.
        hp: u8,
        counters_moved: u8,
        counters_to: Option<Seat>,
        counter: Option<u8>,
        counter_taken_by: Option<UnitRef>,
        /// Which of your buildings took the hit and how it stands ("your Walls: 2 of 5
        /// damage"), when the kingdom keeps your buildings.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        building: Option<String>,
    },
    /// An enemy castle is destroyed: +2 VP (ATTACKING); `discarded` are its units removed.
    CastleDestroyed {
        castle: Seat,
        vp: u8,
        discarded: Vec<UnitRef>,
    },
    Dies {
        unit: UnitRef,
        fate: Fate,
    },
    /// An enemy unit sacrifices itself to destroy one of the player's buildings.
    Sacrificed {
        unit: UnitRef,
        buildings_left: u8,
    },
    Spawn {
        castle: Seat,
        unit: UnitRef,
        from: Source,
    },
    /// A 0-attack card drawn for a spawn goes to the bottom of the unit deck (SOLO AI).
    DrawSkipped {
        castle: Seat,
        name: String,
    },
    NoSpawn {
        castle: Seat,
        reason: NoSpawn,
    },
    /// The player recruits a unit into their castle.
    Recruited {
        unit: UnitRef,
    },
    /// A hand edit (anything the app does not automate); `added` / `removed` name a unit
    /// put on or taken off the board by it.
    HandEdit {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        added: Option<UnitRef>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        removed: Option<UnitRef>,
    },
    /// One of your workers acted (mine, buy, build, develop, research, upgrade) or you used
    /// an item.
    Kingdom {
        text: String,
    },
    /// The rules say the player chooses: answer with an option's index.
    NeedsChoice {
        question: String,
        options: Vec<String>,
        default: usize,
    },
    GameOver {
        outcome: Outcome,
        round: u32,
        castle_hp: u8,
        vp: u8,
    },
}

/// "Left castle", "Your castle": a castle at the start of a line.
fn castle_title(seat: Seat) -> String {
    capitalise(seat.castle_name())
}

pub fn capitalise(name: &str) -> String {
    let mut c = name.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

fn path_text(path: &[Square]) -> String {
    path.iter()
        .map(Square::to_string)
        .collect::<Vec<_>>()
        .join("→")
}

impl Step {
    /// The log line.
    pub fn text(&self) -> String {
        capitalise(&self.raw_text())
    }

    fn raw_text(&self) -> String {
        match self {
            Step::PlayerTurn { round } => format!("Round {round}: your turn"),
            Step::TurnStarts { castle, round } => {
                format!("Round {round}: {} takes its turn", castle.the_castle())
            }
            Step::CounterPassed {
                from,
                to,
                count,
                left,
            } => {
                let what = if *count == 1 {
                    "an hourglass counter".to_string()
                } else {
                    format!("{count} hourglass counters")
                };
                if *to == Seat::Player {
                    format!(
                        "{} passes {what} off the board ({left} left)",
                        castle_title(*from)
                    )
                } else {
                    format!(
                        "{} passes {what} to {} ({left} left)",
                        castle_title(*from),
                        to.the_castle()
                    )
                }
            }
            Step::Move { unit, path } => {
                if unit.owner == Seat::Player {
                    format!("Your {} moves {}", unit.name, path_text(path))
                } else {
                    format!(
                        "{}: {} moves {}",
                        castle_title(unit.owner),
                        unit.name,
                        path_text(path)
                    )
                }
            }
            Step::Attack {
                attacker,
                target,
                battle,
                damage,
                taken_by,
                counter,
                counter_taken_by,
            } => {
                let mut s = match battle {
                    Battle::Attack => format!("{} attacks {}", attacker.who(), target.who()),
                    Battle::Defence => format!(
                        "{} attacks {}; {} defends it",
                        attacker.who(),
                        target.owner.the_castle(),
                        target.who()
                    ),
                    Battle::Instead => format!(
                        "{} attacks; {} battles instead",
                        attacker.who(),
                        target.who()
                    ),
                };
                match taken_by {
                    Some(p) => {
                        s += &format!(": {damage} damage, taken by {} ({})", p.who(), p.state())
                    }
                    None => s += &format!(": {damage} damage ({})", target.state()),
                }
                if let Some(c) = counter {
                    s += &format!("; {} strikes back: {c} damage", target.name);
                    match counter_taken_by {
                        Some(p) => s += &format!(", taken by {} ({})", p.who(), p.state()),
                        None => s += &format!(" ({})", attacker.state()),
                    }
                }
                s
            }
            Step::CastleAttacked {
                attacker,
                castle,
                hit,
                hp,
                counters_moved,
                counters_to,
                counter,
                counter_taken_by,
                building,
            } => {
                let mut s = format!("{} attacks {}: ", attacker.who(), castle.the_castle());
                match (hit, building) {
                    (Hit::Castle, _) => s += &format!("1 damage, castle at {hp} HP"),
                    (Hit::Building, Some(b)) => s += &format!("1 damage to {b}"),
                    (Hit::Building, None) => {
                        s += "1 damage to a building (put a damage counter on it)"
                    }
                }
                if *counters_moved > 0 {
                    let to = match counters_to {
                        Some(Seat::Player) | None => "off the board".to_string(),
                        Some(t) => format!("to {}", t.the_castle()),
                    };
                    s += &format!("; {counters_moved} hourglass counter(s) pass {to}");
                }
                if let Some(c) = counter {
                    s += &format!("; the castle strikes back: {c} damage");
                    match counter_taken_by {
                        Some(p) => s += &format!(", taken by {} ({})", p.who(), p.state()),
                        None => s += &format!(" ({})", attacker.state()),
                    }
                }
                s
            }
            Step::CastleDestroyed {
                castle,
                vp,
                discarded,
            } => {
                let mut s = format!(
                    "{} is destroyed: +2 VP (you have {vp} VP); it spawns no more units",
                    capitalise(castle.the_castle())
                );
                if !discarded.is_empty() {
                    let names: Vec<String> = discarded.iter().map(UnitRef::who).collect();
                    s += &format!("; its units are discarded: {}", names.join(", "));
                }
                s
            }
            Step::Dies { unit, fate } => match fate {
                Fate::Research => format!(
                    "{} dies and goes to {}'s research",
                    unit.who(),
                    unit.owner.the_castle()
                ),
                Fate::PlayerChooses => format!(
                    "{} dies: pay 2 gold to put it in your research, or discard it",
                    unit.who()
                ),
                Fate::Discard => format!("{} dies and is discarded", unit.who()),
            },
            Step::Sacrificed {
                unit,
                buildings_left,
            } => format!(
                "{} sacrifices itself to destroy one of your buildings (discard it, or pay 2 gold to research it); {} left",
                unit.who(),
                crate::words::count(*buildings_left, "building", "buildings")
            ),
            Step::Spawn { castle, unit, from } => format!(
                "{} spawns {} at {} ({})",
                castle_title(*castle),
                unit.name,
                unit.square,
                match from {
                    Source::Research => "from its research",
                    Source::Deck => "from the unit deck",
                }
            ),
            Step::DrawSkipped { castle, name } => format!(
                "{} draws {name}, which has 0 attack: it goes to the bottom of the unit deck",
                castle_title(*castle)
            ),
            Step::NoSpawn { castle, reason } => format!(
                "{} spawns nothing: {}",
                castle_title(*castle),
                match reason {
                    NoSpawn::CastleFull => "all its castle spaces are taken",
                    NoSpawn::DeckEmpty => "the unit deck is empty",
                    NoSpawn::NoAttacker => "no card left in the unit deck has 1 or more attack",
                }
            ),
            Step::Recruited { unit } => {
                format!("You recruit {} at {}", unit.name, unit.square)
            }
            Step::HandEdit { text, .. } => format!("Hand edit: {text}"),
            Step::Kingdom { text } => text.clone(),
            Step::NeedsChoice {
                question, options, ..
            } => format!("Question: {question} ({})", options.join(" / ")),
            Step::GameOver {
                outcome,
                round,
                castle_hp,
                vp,
            } => match outcome {
                Outcome::Won => format!("You win in round {round} with {vp} VP"),
                Outcome::Lost => {
                    format!("Your castle falls in round {round} ({castle_hp} HP): you lose")
                }
            },
        }
    }
}
