//! A question waiting for the player is checked again after a hand edit (issue 20 §2): every
//! kind of question, when the edit takes away what the question is about, is withdrawn and
//! the enemy turn goes on from the position as it now is. Each test fails if the stale
//! question is asked again. (The castle defence has its own test in rulings_tests.)

use super::step::NoSpawn;
use super::test_support::*;
use super::*;

/// Ends your turn and steps the enemies' turn up to its first question.
fn to_question(g: &mut Game) -> Vec<String> {
    g.apply(Action::EndTurn {}).unwrap();
    for _ in 0..100 {
        if let Step::NeedsChoice { options, .. } = g.advance().unwrap() {
            return options;
        }
    }
    panic!("no question came")
}

/// The next step after the edit, which must not be a question.
fn next_is_not_a_question(g: &mut Game) -> Step {
    g.check().unwrap();
    let step = g.advance().unwrap();
    assert!(
        !matches!(step, Step::NeedsChoice { .. }),
        "the stale question is asked again: {step:?}"
    );
    step
}

#[test]
fn a_waiting_move_order_tie_is_withdrawn_when_a_hand_edit_removes_a_tied_unit() {
    let mut g = game();
    let first = place(&mut g, Seat::Left, "Knight", "b3");
    let second = place(&mut g, Seat::Left, "Knight", "b5");
    let options = to_question(&mut g);
    assert_eq!(options.len(), 2, "{options:?}");
    g.apply(Action::Remove {
        unit: first,
        to_research: false,
    })
    .unwrap();
    let Step::Move { unit, .. } = next_is_not_a_question(&mut g) else {
        panic!("the Knight left moves")
    };
    assert_eq!(unit.id, second);
}

#[test]
fn a_waiting_target_choice_is_withdrawn_when_a_hand_edit_moves_a_target_away() {
    let mut g = game();
    place(&mut g, Seat::Left, "Knight", "d2");
    let stays = place(&mut g, Seat::Player, "Fighter", "c2");
    let leaves = place(&mut g, Seat::Player, "Fighter", "e2");
    let options = to_question(&mut g);
    assert_eq!(options.len(), 2, "{options:?}");
    g.apply(Action::Relocate {
        unit: leaves,
        to: sq("d5"),
    })
    .unwrap();
    let Step::Attack { target, .. } = next_is_not_a_question(&mut g) else {
        panic!("the Knight attacks the one left in reach")
    };
    assert_eq!(target.id, stays);
}

#[test]
fn a_waiting_battle_instead_question_is_withdrawn_when_the_adjacent_unit_is_moved_away() {
    let mut g = game();
    place(&mut g, Seat::Left, "Knight", "d2");
    let bearer = place(&mut g, Seat::Player, "Flag Bearer", "c2");
    let guard = place(&mut g, Seat::Player, "Fighter", "c1");
    let options = to_question(&mut g);
    assert!(options[1].contains("battles instead"), "{options:?}");
    g.apply(Action::Relocate {
        unit: guard,
        to: sq("e1"),
    })
    .unwrap();
    let Step::Attack { target, .. } = next_is_not_a_question(&mut g) else {
        panic!("the Flag Bearer battles itself")
    };
    assert_eq!(target.id, bearer);
}

#[test]
fn a_waiting_take_it_instead_question_is_withdrawn_when_the_protector_is_moved_away() {
    let mut g = game();
    place(&mut g, Seat::Left, "Knight", "d2");
    let fighter = place(&mut g, Seat::Player, "Fighter", "c2");
    let bodyguard = place(&mut g, Seat::Player, "Sample Bodyguard", "c1");
    let options = to_question(&mut g);
    assert!(options[1].contains("takes it instead"), "{options:?}");
    g.apply(Action::Relocate {
        unit: bodyguard,
        to: sq("e1"),
    })
    .unwrap();
    let Step::Attack {
        target, taken_by, ..
    } = next_is_not_a_question(&mut g)
    else {
        panic!("the Fighter takes the hit")
    };
    assert_eq!(target.id, fighter);
    assert_eq!(taken_by, None);
}

#[test]
fn a_waiting_research_tie_is_asked_again_when_a_hand_edit_changes_the_research() {
    let mut g = game();
    for name in ["Sample Crossbowman", "Sample Assassin"] {
        let u = place(&mut g, Seat::Left, name, "b4");
        g.apply(Action::Remove {
            unit: u,
            to_research: true,
        })
        .unwrap();
    }
    let options = to_question(&mut g);
    assert_eq!(options.len(), 2, "{options:?}");
    // A costlier unit goes to Left's research: it spawns, no tie any more.
    let brute = place(&mut g, Seat::Left, "Sample Brute", "b4");
    g.apply(Action::Remove {
        unit: brute,
        to_research: true,
    })
    .unwrap();
    let Step::Spawn { unit, .. } = next_is_not_a_question(&mut g) else {
        panic!("the Brute spawns")
    };
    assert_eq!(unit.name, "Sample Brute");
}

#[test]
fn a_waiting_drawn_card_question_is_withdrawn_when_a_hand_edit_fills_the_castle() {
    let mut g = game_with(Settings {
        deck_mode: DeckMode::Physical,
        ..Settings::default()
    });
    let options = to_question(&mut g);
    assert!(options.len() > 2, "{options:?}");
    for s in ["a3", "a4", "a5"] {
        place(&mut g, Seat::Left, "Knight", s);
    }
    let step = next_is_not_a_question(&mut g);
    assert!(
        matches!(
            step,
            Step::NoSpawn {
                reason: NoSpawn::CastleFull,
                ..
            }
        ),
        "{step:?}"
    );
}

#[test]
fn an_unrelated_hand_edit_keeps_the_waiting_question() {
    let mut g = game();
    place(&mut g, Seat::Left, "Knight", "d2");
    place(&mut g, Seat::Player, "Fighter", "c2");
    place(&mut g, Seat::Player, "Fighter", "e2");
    to_question(&mut g);
    let asked = g.pending().cloned();
    g.apply(Action::SetGold { gold: 9 }).unwrap();
    assert_eq!(g.pending().cloned(), asked);
}
