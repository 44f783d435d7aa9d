//! The reasons in words (`describe`): one renderer for the window, the command line and the
//! table network's seat, so every face says the same thing (docs/furtherance.md,
//! "Explanations").

use super::explain::{NoCounter, Reason, Stop, Turn};
use super::step::{UnitRef, capitalise};

fn moves_text(m: Option<u8>) -> String {
    match m {
        Some(1) => "1 move".into(),
        Some(n) => format!("{n} moves"),
        None => "no arrow leads on".into(),
    }
}

fn who(u: &UnitRef) -> String {
    format!("{} {} ({})", u.owner.owner_word(), u.name, u.square)
}

/// "your Knight (d1)", "your Knight (c1) and your Fighter (e1)".
fn names(units: &[UnitRef]) -> String {
    let all: Vec<String> = units.iter().map(who).collect();
    match all.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => all.join(""),
    }
}

/// The reason in words, with its rule: "moves first: closest to your castle (3 moves) — SOLO
/// AI ¶2 (closest unit moves first)".
pub fn describe(reason: &Reason) -> String {
    let what = match reason {
        Reason::CastleActs { castle } => {
            format!(
                "{} holds no hourglass counters, so it takes its turn",
                capitalise(castle.the_castle())
            )
        }
        Reason::HoldsCounters { castle, held } => format!(
            "{} holds {held} hourglass counter(s): it takes no turn, passes one on, and your turn begins",
            capitalise(castle.the_castle())
        ),
        Reason::EnemiesDone => {
            "every enemy castle has taken its turn or passed a counter: your turn".into()
        }
        Reason::MovesFirst { unit, moves, turn } => match turn {
            Turn::First => format!(
                "{} moves first: it is the closest to your castle ({})",
                who(unit),
                moves_text(*moves)
            ),
            Turn::Next => format!(
                "{} moves next: of the units yet to move, it is the closest to your castle ({})",
                who(unit),
                moves_text(*moves)
            ),
            Turn::Last => format!(
                "{} moves last: the castle's other units have moved ({})",
                who(unit),
                moves_text(*moves)
            ),
            Turn::Only => format!(
                "{} moves: it is its castle's only unit ({})",
                who(unit),
                moves_text(*moves)
            ),
        },
        Reason::Farther { unit, moves, first } => format!(
            "not {} first: it is farther from your castle ({}; the one moving is at {})",
            who(unit),
            moves_text(*moves),
            moves_text(*first)
        ),
        Reason::TableChose { rule } => {
            if rule.is_tie() {
                "a tie — the table chose (the question named the tie-break rule)".to_string()
            } else {
                "you chose: the rules leave this to you".to_string()
            }
        }
        Reason::Tied { option, rule } => {
            if rule.is_tie() {
                format!("not {option}: a tie — the table chose")
            } else {
                format!("not {option}: the rules leave it to you, and you chose another")
            }
        }
        Reason::Arrow { from, to } => {
            format!("{from}→{to}: the first arrow out of {from} whose square is free")
        }
        Reason::ArrowTaken { from, to } => {
            format!("not {from}→{to}: that arrow comes first but {to} is taken")
        }
        Reason::Stops { at, stop } => match stop {
            Stop::NextTo { unit } => {
                format!(
                    "stops at {at}: {} is next to it, so it must stop and attack",
                    who(unit)
                )
            }
            Stop::InReach { unit } => format!(
                "stops at {at}: {} is within its reach (setting: stop when in reach)",
                who(unit)
            ),
            Stop::AtYourCastle => {
                format!("stops at {at}: next to your castle, where the arrows end")
            }
            Stop::Blocked => {
                format!("stops at {at}: every arrow out of {at} leads to a taken square")
            }
            Stop::TwoSpaces => format!("stops at {at}: it has moved its 2 spaces"),
        },
        Reason::Fights {
            target,
            reach,
            again,
        } => {
            if *again {
                format!(
                    "attacks {} again: it attacks as many times as it may",
                    who(target)
                )
            } else if *reach {
                format!(
                    "attacks {}: 2 spaces away, within its reach, and none of your units is next to it",
                    who(target)
                )
            } else {
                format!("attacks {}: it is next to it", who(target))
            }
        }
        Reason::NotTheCastle => {
            "not your castle: a unit next to one of your units attacks that unit".into()
        }
        Reason::AttacksCastle => {
            "attacks your castle: it is next to the castle and to none of your units".into()
        }
        Reason::AttacksCastlePassingOver { attacker, spared } => format!(
            "attacks your castle: it is next to the castle, and {} beside it {} passed over: {} a new unit token, and {attacker} has \"No attacking new units\"",
            names(spared),
            if spared.len() == 1 { "is" } else { "are" },
            if spared.len() == 1 { "it carries" } else { "they carry" },
        ),
        Reason::NewUnitSpared { unit, attacker } => format!(
            "not {}: it carries a new unit token, and {attacker} has \"No attacking new units\"",
            who(unit)
        ),
        Reason::NoDefenceQuestion { attacker, inside } => {
            if inside.is_empty() {
                "no question how to take it: none of your units is inside your castle to defend it, and you have no building to take the damage".to_string()
            } else {
                format!(
                    "no question how to take it: {} inside your castle may not defend against {attacker}, which may not attack a unit with a new unit token (\"No attacking new units\"), and you have no building to take the damage",
                    names(inside)
                )
            }
        }
        Reason::DefendsCastle { unit } => format!(
            "{} defends {}: its unit inside with the most health left (a setting chosen at setup; the book gives enemy castles no defence)",
            who(unit),
            unit.owner.the_castle()
        ),
        Reason::OneAttack { attacker } => format!(
            "{attacker} attacks once this turn: its card says \"One attack per turn\""
        ),
        Reason::StrikesBackAtRange { by, must } => {
            let must = if *must {
                " (and your side must counter-attack when able)"
            } else {
                ""
            };
            format!(
                "{by} strikes back although the attacker stands beyond its reach: by the default setting a counter-attack ignores range{must}"
            )
        }
        Reason::StrikesBack { by, must } => {
            if *must {
                format!("{by} strikes back: your side must counter-attack when able")
            } else {
                format!("{by} strikes back: an attacked unit counter-attacks")
            }
        }
        Reason::NoStrikeBack { by, cause } => match cause {
            NoCounter::Ability { unit, ability } => {
                if unit == by {
                    format!("{by} does not strike back: it has \"{ability}\"")
                } else {
                    format!("{by} does not strike back: {unit} has \"{ability}\"")
                }
            }
            NoCounter::NoAttack => format!("{by} does not strike back: it has no attack (0)"),
            NoCounter::OutOfReach => format!(
                "{by} does not strike back: the attacker stands beyond its reach, and the setting chosen at setup lets a unit strike back only within its own reach"
            ),
            NoCounter::Unrecorded => format!(
                "{by} does not strike back: an ability, 0 attack or the counter-attack range setting prevents it"
            ),
        },
        Reason::Died {
            unit,
            exceeds,
            to_research,
        } => {
            let rule = if *exceeds {
                "exceeds its HP (setting)"
            } else {
                "reaches its HP"
            };
            let then = if *to_research {
                format!(
                    ", and goes to {}'s research to respawn later",
                    unit.owner.the_castle()
                )
            } else {
                String::new()
            };
            format!("{} dies: its damage {rule}{then}", who(unit))
        }
        Reason::FromResearch { name, cost, attack } => format!(
            "{name} spawns from research: the most expensive there (cost {cost}, attack {attack})"
        ),
        Reason::Outranked { name, cost, attack } => {
            format!("not {name}: it ranks lower (cost {cost}, attack {attack})")
        }
        Reason::FromDeck {
            name,
            attack,
            drawn,
        } => {
            let card = if *drawn {
                "the card you drew"
            } else {
                "the top card of the unit deck"
            };
            format!("{name} spawns: research is empty and {card} has {attack} attack")
        }
        Reason::ZeroAttack { name } => {
            format!("{name} has 0 attack: it goes under the unit deck and the next card is drawn")
        }
        Reason::SpawnSquare { square, centre } => {
            if *centre {
                format!("placed on {square}: the centre of the castle is free")
            } else {
                format!("placed on {square}: the first free space of the spawn order")
            }
        }
        Reason::SquareTaken { square } => format!("not {square}: that space is taken"),
        Reason::CastleFull => "nothing spawns: all three castle spaces are taken".into(),
        Reason::DeckEmpty => "nothing spawns: the unit deck and its discard pile are empty".into(),
        Reason::NoAttacker => "nothing spawns: every card left in the deck has 0 attack".into(),
        Reason::CountersMoved { moved, all, hp } => {
            if *all {
                format!(
                    "{moved} hourglass counter(s) move on: the castle is at {hp} HP, 5 or less, so all of them go"
                )
            } else {
                format!("{moved} hourglass counter(s) move on: one per damage dealt")
            }
        }
        Reason::CastleFalls { castle } => format!(
            "{} is at 0 HP: destroyed, +2 VP to you",
            capitalise(castle.the_castle())
        ),
        Reason::Sacrificed => "it gives itself up to destroy one of your buildings, as its card allows; the AI uses that ability at your castle by a setting chosen at setup".into(),
        Reason::Won { vp } => format!("you have {vp} VP (recorded plus on the field): you win"),
        Reason::Lost => "your castle is at 0 HP: you lose".into(),
        Reason::YourAction => "your own action".into(),
        // The citation follows once, after the dash.
        Reason::YourChoice { .. } => "the rules leave this to you".into(),
    };
    format!("{what} — {}", reason.rule().cite())
}
