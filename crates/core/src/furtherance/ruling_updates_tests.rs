//! Tests of the rulings updated for issue 9 (docs/rulings.md, Furtherance solo): counters never
//! strand on a castle at 5 HP or less, counter-attacks ignore range, "no attacking new units"
//! holds for defenders and units battling instead, a spawn from a deck of 0-attack cards, and
//! the hand edits (castle HP as damage, a second turn for a unit, questions as sentences).

use super::agenda::Task;
use super::pile::UnitPile;
use super::step::{Battle, Hit, NoSpawn};
use super::test_support::*;
use super::*;

fn counters(g: &Game) -> Vec<u8> {
    Seat::ALL.iter().map(|&s| g.castle(s).counters).collect()
}

/// Ends the turn and steps through the enemy phase, answering by default; returns every
/// step, the questions included.
fn enemy_phase_with_questions(g: &mut Game) -> Vec<Step> {
    g.apply(Action::EndTurn {}).unwrap();
    let mut steps = Vec::new();
    for _ in 0..1000 {
        match g.advance() {
            Ok(s @ Step::NeedsChoice { .. }) => {
                steps.push(s);
                g.answer_default().unwrap();
            }
            Ok(s @ (Step::PlayerTurn { .. } | Step::GameOver { .. })) => {
                steps.push(s);
                break;
            }
            Ok(s) => steps.push(s),
            Err(_) => break,
        }
    }
    steps
}

#[test]
fn counters_never_rest_on_a_castle_at_five_hp_or_less() {
    // The end-of-round counter from Across skips Right at 5 HP and leaves the board.
    let mut g = game();
    g.apply(Action::SetCastleHp {
        castle: Seat::Right,
        hp: 5,
    })
    .unwrap();
    let steps = enemy_phase(&mut g);
    assert!(steps.contains(&Step::CounterPassed {
        from: Seat::Across,
        to: Seat::Player,
        count: 1,
        left: 9
    }));
    assert_eq!(counters(&g), [0, 0, 9, 0]);
    assert_eq!(g.counters_returned(), 1);
    g.check().unwrap();

    // Damage to Across moves its counter past Right at 3 HP, off the board.
    let mut g = game();
    g.apply(Action::SetCastleHp {
        castle: Seat::Right,
        hp: 3,
    })
    .unwrap();
    let knight = place(&mut g, Seat::Player, "Knight", "c6");
    let steps = g
        .apply(Action::AttackCastle {
            attacker: knight,
            castle: Seat::Across,
        })
        .unwrap();
    assert!(matches!(
        steps[0],
        Step::CastleAttacked {
            counters_moved: 1,
            counters_to: Some(Seat::Player),
            ..
        }
    ));
    assert_eq!(g.castle(Seat::Right).counters, 0);
    g.check().unwrap();

    // Across knocked to 5 HP passes all ten past Right at 5 HP: none rests there.
    let mut g = game();
    g.apply(Action::SetCastleHp {
        castle: Seat::Right,
        hp: 5,
    })
    .unwrap();
    g.apply(Action::SetCastleHp {
        castle: Seat::Across,
        hp: 5,
    })
    .unwrap();
    assert_eq!(counters(&g), [0, 0, 0, 0]);
    assert_eq!(g.counters_returned(), 10);
    g.check().unwrap();
}

#[test]
fn counter_attacks_ignore_range() {
    // The Archer hits the Knight two spaces away (diagonally): the Knight strikes back.
    let mut g = game();
    let archer = place(&mut g, Seat::Player, "Archer", "b4");
    let knight = place(&mut g, Seat::Left, "Knight", "c3");
    let steps = g
        .apply(Action::AttackUnit {
            attacker: archer,
            target: knight,
        })
        .unwrap();
    let Step::Attack { counter, .. } = &steps[0] else {
        panic!("expected an attack: {steps:?}")
    };
    assert_eq!(*counter, Some(g.catalog().kind(kind(&g, "Knight")).attack));
}

#[test]
fn under_the_within_reach_setting_counter_attacks_need_the_counter_attackers_reach() {
    let mut g = game_with(Settings {
        counter_range: CounterRange::WithinReach,
        ..Settings::default()
    });
    let archer = place(&mut g, Seat::Player, "Archer", "b4");
    let knight = place(&mut g, Seat::Left, "Knight", "c3");
    let steps = g
        .apply(Action::AttackUnit {
            attacker: archer,
            target: knight,
        })
        .unwrap();
    assert!(matches!(steps[0], Step::Attack { counter: None, .. }));
}

#[test]
fn no_attacking_new_units_keeps_recruits_out_of_the_castles_defence() {
    // The Lancer at c2 reaches the castle; the only unit inside is a fresh recruit at e1.
    let mut g = game();
    let lancer = place(&mut g, Seat::Left, "Sample Lancer", "c2");
    g.apply(Action::Recruit {
        unit: crate::furtherance::UnitName::Kind(kind(&g, "Knight")),
        square: sq("e1"),
    })
    .unwrap();
    let steps = enemy_phase_with_questions(&mut g);
    assert!(
        !steps.iter().any(|s| matches!(
            s,
            Step::NeedsChoice { options, .. } if options.iter().any(|o| o.starts_with("Defend"))
        )),
        "the recruit was offered as a defender: {steps:?}"
    );
    assert!(steps.iter().any(|s| matches!(
        s,
        Step::CastleAttacked { attacker, hit: Hit::Castle, .. } if attacker.id == lancer
    )));
}

#[test]
fn no_attacking_new_units_keeps_recruits_from_battling_instead() {
    // The Flag Bearer at c2 is attacked; its only neighbour is a recruit at c1.
    let mut g = game();
    let lancer = place(&mut g, Seat::Left, "Sample Lancer", "c3");
    let bearer = place(&mut g, Seat::Player, "Flag Bearer", "c2");
    g.apply(Action::SetHpBonus {
        unit: bearer,
        bonus: 9,
    })
    .unwrap();
    g.apply(Action::Recruit {
        unit: crate::furtherance::UnitName::Kind(kind(&g, "Knight")),
        square: sq("c1"),
    })
    .unwrap();
    let steps = enemy_phase_with_questions(&mut g);
    assert!(
        !steps
            .iter()
            .any(|s| matches!(s, Step::NeedsChoice { question, .. } if question.contains("battle in its place"))),
        "the recruit was offered to battle instead: {steps:?}"
    );
    assert!(steps.iter().any(|s| matches!(
        s,
        Step::Attack { attacker, target, battle: Battle::Attack, .. }
            if attacker.id == lancer && target.id == bearer
    )));
}

#[test]
fn no_attacking_new_units_keeps_a_fresh_spawn_from_defending_its_castle() {
    let mut g = game();
    let lancer = place(&mut g, Seat::Player, "Sample Lancer", "b4");
    g.apply(Action::SetHpBonus {
        unit: lancer,
        bonus: 9,
    })
    .unwrap();
    enemy_phase(&mut g);
    assert!(g.unit_at(sq("a4")).is_some_and(|u| u.new), "Left spawned");
    let steps = g
        .apply(Action::AttackCastle {
            attacker: lancer,
            castle: Seat::Left,
        })
        .unwrap();
    assert!(
        matches!(steps[0], Step::CastleAttacked { hp: 9, .. }),
        "{steps:?}"
    );
}

#[test]
fn a_spawn_from_a_deck_of_zero_attack_cards_draws_each_card_once() {
    let mut g = game();
    let civ = kind(&g, "Civilians");
    // A deck of three Civilians only (the rest of the cards are elsewhere for this test).
    g.deck = Some(UnitPile::stacked(vec![civ, civ, civ], 1));
    g.agenda.push(Task::Spawn {
        seat: Seat::Left,
        skips: 0,
    });
    let mut steps = Vec::new();
    while let Ok(s) = g.advance() {
        steps.push(s);
    }
    let skipped = steps
        .iter()
        .filter(|s| matches!(s, Step::DrawSkipped { .. }))
        .count();
    assert_eq!(skipped, 3, "{steps:?}");
    assert_eq!(
        steps.last(),
        Some(&Step::NoSpawn {
            castle: Seat::Left,
            reason: NoSpawn::NoAttacker
        })
    );
    assert_eq!(g.deck().unwrap().len(), 3);
}

#[test]
fn lowering_an_enemy_castles_hp_by_hand_passes_counters_as_damage_would() {
    let mut g = game();
    g.apply(Action::SetCastleHp {
        castle: Seat::Across,
        hp: 8,
    })
    .unwrap();
    assert_eq!(counters(&g), [0, 0, 8, 2], "one counter per point");
    g.apply(Action::SetCastleHp {
        castle: Seat::Across,
        hp: 9,
    })
    .unwrap();
    assert_eq!(counters(&g), [0, 0, 8, 2], "healing moves none back");
    g.apply(Action::SetCastleHp {
        castle: Seat::Across,
        hp: 4,
    })
    .unwrap();
    assert_eq!(counters(&g), [0, 0, 0, 10], "all of them at 5 HP or less");
}

#[test]
fn a_unit_may_be_allowed_to_move_and_attack_again_this_turn() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "d3");
    let enemy = place(&mut g, Seat::Left, "Juggernaut", "d6");
    for unit in [knight, enemy] {
        g.apply(Action::SetHpBonus { unit, bonus: 9 }).unwrap();
    }
    g.apply(Action::Move {
        unit: knight,
        to: sq("d5"),
    })
    .unwrap();
    g.apply(Action::AttackUnit {
        attacker: knight,
        target: enemy,
    })
    .unwrap();
    g.apply(Action::AttackUnit {
        attacker: knight,
        target: enemy,
    })
    .unwrap();
    assert!(g.attack_options(knight).is_empty());
    assert!(g.move_options(knight).is_empty());
    // Payne the Planner: a second turn for this unit.
    g.apply(Action::ActAgain { unit: knight }).unwrap();
    assert_eq!(g.attack_options(knight), [enemy]);
    assert!(!g.move_options(knight).is_empty());
    let err = g.apply(Action::ActAgain { unit: enemy }).unwrap_err();
    assert!(matches!(err, RuleError::NotYours(_)), "{err}");
}

#[test]
fn every_question_starts_with_a_capital_letter() {
    // "your Fighter at c3 is about to take 2 damage...": the take-the-damage question.
    let mut g = game();
    place(&mut g, Seat::Left, "Knight", "c4");
    place(&mut g, Seat::Player, "Fighter", "c3");
    place(&mut g, Seat::Player, "Sample Bodyguard", "d3");
    let steps = enemy_phase_with_questions(&mut g);
    let questions: Vec<&String> = steps
        .iter()
        .filter_map(|s| match s {
            Step::NeedsChoice { question, .. } => Some(question),
            _ => None,
        })
        .collect();
    assert!(!questions.is_empty());
    for q in questions {
        assert!(q.starts_with(char::is_uppercase), "{q}");
    }
}
