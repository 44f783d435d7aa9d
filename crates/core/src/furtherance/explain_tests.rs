//! One test per kind of reason the enemy gives (explain.rs), on hand-worked positions of the
//! standard board (player castle c1 d1 e1; Left castle a3 a4 a5, centre a4; Across c7 d7 e7).
//! Each fails if the reason named the wrong unit, square, rule or alternative.

use super::explain::{Explained, Reason, Rule, Stop, describe};
use super::test_support::*;
use super::*;

/// The explanation of the first step matching `pick`, from the steps made since the last
/// action began.
fn explained_for(g: &Game, pick: impl Fn(&Step) -> bool) -> Explained {
    g.explained()
        .iter()
        .find(|e| pick(&e.step))
        .cloned()
        .unwrap_or_else(|| panic!("no such step in {:#?}", g.explained()))
}

fn moves_of(g: &Game, id: UnitId) -> Explained {
    explained_for(g, |s| matches!(s, Step::Move { unit, .. } if unit.id == id))
}

#[test]
fn the_unit_closest_to_your_castle_moves_first_and_the_farther_one_is_ruled_out() {
    let mut g = game();
    let near = place(&mut g, Seat::Left, "Knight", "c3");
    let far = place(&mut g, Seat::Left, "Knight", "b5");
    let d_near = g.board().distance(Seat::Left, sq("c3"));
    let d_far = g.board().distance(Seat::Left, sq("b5"));
    assert!(d_near < d_far, "the position needs c3 closer than b5");
    enemy_phase(&mut g);
    let e = moves_of(&g, near);
    let first = e
        .reasons
        .why
        .iter()
        .find_map(|r| match r {
            Reason::MovesFirst { unit, moves, .. } => Some((unit.id, *moves)),
            _ => None,
        })
        .expect("a move-order reason");
    assert_eq!(first, (near, Some(d_near)));
    assert!(e.reasons.why_not.iter().any(|r| matches!(r,
        Reason::Farther { unit, moves, first }
            if unit.id == far && *moves == Some(d_far) && *first == Some(d_near))));
    let text = e.text();
    assert!(text.contains("closest to your castle"), "{text}");
    assert!(text.contains(Rule::MoveOrder.cite()), "{text}");
}

#[test]
fn every_square_along_the_arrows_is_explained_by_its_arrow() {
    let mut g = game();
    let id = place(&mut g, Seat::Left, "Knight", "b5");
    enemy_phase(&mut g);
    let e = moves_of(&g, id);
    let Step::Move { path, .. } = &e.step else {
        unreachable!()
    };
    assert_eq!(path.len(), 3, "two free spaces along the arrows");
    let arrows: Vec<(Square, Square)> = e
        .reasons
        .why
        .iter()
        .filter_map(|r| match r {
            Reason::Arrow { from, to } => Some((*from, *to)),
            _ => None,
        })
        .collect();
    let walked: Vec<(Square, Square)> = path.windows(2).map(|w| (w[0], w[1])).collect();
    assert_eq!(arrows, walked);
    for (from, to) in walked {
        assert_eq!(g.board().arrows(Seat::Left, from).iter().next(), Some(to));
    }
    assert!(e.reasons.why.iter().any(|r| matches!(r,
        Reason::Stops { at, stop: Stop::TwoSpaces } if *at == path[2])));
}

#[test]
fn a_taken_first_arrow_is_ruled_out_and_the_next_free_one_taken() {
    let mut g = game();
    // A square where Left's arrows offer a choice (a castle corner on the standard board).
    let (from, first, second) = (0..49)
        .filter_map(Square::from_index)
        .find_map(|s| {
            let a: Vec<Square> = g.board().arrows(Seat::Left, s).iter().collect();
            (a.len() >= 2 && g.is_free(s)).then(|| (s, a[0], a[1]))
        })
        .expect("a square with two arrows");
    let id = place(&mut g, Seat::Left, "Knight", &from.to_string());
    // An Across unit (Across holds counters and does not act) takes the first arrow's square.
    place(&mut g, Seat::Across, "Knight", &first.to_string());
    enemy_phase(&mut g);
    let e = moves_of(&g, id);
    assert!(
        e.reasons
            .why_not
            .contains(&Reason::ArrowTaken { from, to: first })
    );
    assert!(e.reasons.why.contains(&Reason::Arrow { from, to: second }));
}

#[test]
fn a_unit_next_to_yours_stops_attacks_it_and_yours_must_strike_back() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c4");
    let archer = place(&mut g, Seat::Player, "Knight", "c3");
    enemy_phase(&mut g);
    let e = explained_for(
        &g,
        |s| matches!(s, Step::Attack { attacker, .. } if attacker.id == knight),
    );
    assert!(
        e.reasons.why.iter().any(|r| matches!(r,
        Reason::Stops { at, stop: Stop::NextTo { unit } } if *at == sq("c4") && unit.id == archer))
    );
    assert!(e.reasons.why.iter().any(|r| matches!(r,
        Reason::Fights { target, reach: false, again: false } if target.id == archer)));
    assert!(
        e.reasons
            .why
            .iter()
            .any(|r| matches!(r, Reason::StrikesBack { must: true, .. }))
    );
    let text = e.text();
    assert!(text.contains(Rule::StopAndAttack.cite()), "{text}");
}

#[test]
fn a_unit_next_to_your_castle_only_attacks_the_castle_which_strikes_back() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c2");
    enemy_phase(&mut g);
    let e = explained_for(
        &g,
        |s| matches!(s, Step::CastleAttacked { attacker, .. } if attacker.id == knight),
    );
    assert!(e.reasons.why.contains(&Reason::AttacksCastle));
    assert!(e.reasons.why.contains(&Reason::StrikesBack {
        by: "your castle".into(),
        must: true
    }));
    assert!(describe(&Reason::AttacksCastle).contains(Rule::CastleAttack.cite()));
}

#[test]
fn a_unit_next_to_your_unit_and_your_castle_says_why_not_the_castle() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c2");
    place(&mut g, Seat::Player, "Knight", "d2");
    enemy_phase(&mut g);
    let e = explained_for(
        &g,
        |s| matches!(s, Step::Attack { attacker, .. } if attacker.id == knight),
    );
    assert!(e.reasons.why_not.contains(&Reason::NotTheCastle));
}

#[test]
fn a_spawn_from_research_names_the_most_expensive_and_rules_out_the_cheaper() {
    let mut g = game();
    let (knight, archer) = (kind(&g, "Knight"), kind(&g, "Archer"));
    let (k, a) = (
        g.catalog().kind(knight).clone(),
        g.catalog().kind(archer).clone(),
    );
    assert_ne!((k.cost, k.attack), (a.cost, a.attack));
    let (best, worse) = if (k.cost, k.attack) > (a.cost, a.attack) {
        (k, a)
    } else {
        (a, k)
    };
    g.castle_mut(Seat::Left).research = vec![knight, archer];
    enemy_phase(&mut g);
    let e = explained_for(&g, |s| {
        matches!(
            s,
            Step::Spawn {
                castle: Seat::Left,
                ..
            }
        )
    });
    assert!(e.reasons.why.contains(&Reason::FromResearch {
        name: best.name.clone(),
        cost: best.cost,
        attack: best.attack
    }));
    assert!(e.reasons.why_not.contains(&Reason::Outranked {
        name: worse.name.clone(),
        cost: worse.cost,
        attack: worse.attack
    }));
    assert!(e.reasons.why.contains(&Reason::SpawnSquare {
        square: sq("a4"),
        centre: true
    }));
}

#[test]
fn a_spawn_with_the_centre_taken_names_the_taken_space_and_the_next() {
    let mut g = game();
    let order = g.board().spawn_order(Seat::Left).to_vec();
    // A Left unit on the centre, held there by an Across unit (Across holds counters and
    // does not act) on the square its only arrow leads to.
    place(&mut g, Seat::Left, "Knight", &order[0].to_string());
    let exits: Vec<Square> = g.board().arrows(Seat::Left, order[0]).iter().collect();
    for exit in exits {
        place(&mut g, Seat::Across, "Knight", &exit.to_string());
    }
    enemy_phase(&mut g);
    let e = explained_for(&g, |s| {
        matches!(
            s,
            Step::Spawn {
                castle: Seat::Left,
                ..
            }
        )
    });
    assert!(
        e.reasons
            .why_not
            .contains(&Reason::SquareTaken { square: order[0] })
    );
    assert!(e.reasons.why.contains(&Reason::SpawnSquare {
        square: order[1],
        centre: false
    }));
    assert!(
        e.reasons
            .why
            .iter()
            .any(|r| matches!(r, Reason::FromDeck { drawn: false, .. }))
    );
}

#[test]
fn a_castle_holding_counters_passes_one_on_and_says_so() {
    let mut g = game();
    enemy_phase(&mut g);
    let e = explained_for(&g, |s| {
        matches!(
            s,
            Step::CounterPassed {
                from: Seat::Across,
                ..
            }
        )
    });
    assert_eq!(
        e.reasons.why,
        vec![Reason::HoldsCounters {
            castle: Seat::Across,
            held: 10
        }]
    );
    let turn = explained_for(&g, |s| {
        matches!(
            s,
            Step::TurnStarts {
                castle: Seat::Left,
                ..
            }
        )
    });
    assert_eq!(
        turn.reasons.why,
        vec![Reason::CastleActs { castle: Seat::Left }]
    );
}

#[test]
fn a_move_order_tie_is_the_tables_choice_and_names_the_tie_break_rule() {
    let mut g = game();
    // Two Left units the same number of moves from your castle.
    let squares: Vec<Square> = (0..49)
        .filter_map(Square::from_index)
        .filter(|s| g.board().castle_of(*s).is_none())
        .collect();
    let (a, b) = squares
        .iter()
        .flat_map(|a| squares.iter().map(move |b| (*a, *b)))
        .find(|(a, b)| {
            a != b
                && !g.board().adjacent(*a, *b)
                && g.board().distance(Seat::Left, *a) == 3
                && g.board().distance(Seat::Left, *b) == 3
        })
        .expect("two squares 3 moves from your castle");
    let first = place(&mut g, Seat::Left, "Knight", &a.to_string());
    let second = place(&mut g, Seat::Left, "Knight", &b.to_string());
    g.apply(Action::EndTurn {}).unwrap();
    let steps = g.run_until_choice();
    assert!(matches!(steps.last(), Some(Step::NeedsChoice { .. })));
    assert_eq!(
        g.explained().last().map(|e| e.reasons.why.clone()),
        Some(vec![Reason::YourChoice {
            rule: Rule::MoveOrderTie
        }])
    );
    // The second option: the other unit moves first, by the table's choice.
    g.apply(Action::Answer { option: 2 }).unwrap();
    g.apply(Action::Next {}).unwrap();
    let e = &g.explained()[0];
    assert!(matches!(&e.step, Step::Move { unit, .. } if unit.id == second));
    assert!(e.reasons.why.contains(&Reason::TableChose {
        rule: Rule::MoveOrderTie
    }));
    assert!(e.reasons.why_not.iter().any(|r| matches!(r,
        Reason::Tied { option, rule: Rule::MoveOrderTie } if option.contains(&a.to_string()))));
    let text = e.text();
    assert!(text.contains("a tie — the table chose"), "{text}");
    assert!(text.contains(Rule::MoveOrderTie.cite()), "{text}");
    let _ = first;
}

#[test]
fn losing_at_zero_hp_and_winning_at_four_vp_say_which_ending_rule() {
    let mut g = game();
    g.castle_mut(Seat::Player).hp = 1;
    place(&mut g, Seat::Left, "Knight", "c2");
    enemy_phase(&mut g);
    let e = explained_for(&g, |s| matches!(s, Step::GameOver { .. }));
    assert_eq!(e.reasons.why, vec![Reason::Lost]);

    let mut g = game();
    g.ledger.vp = 2;
    g.castle_mut(Seat::Left).hp = 1;
    let mine = place(&mut g, Seat::Player, "Knight", "b4");
    g.apply(Action::AttackCastle {
        attacker: mine,
        castle: Seat::Left,
    })
    .unwrap();
    let fell = explained_for(&g, |s| matches!(s, Step::CastleDestroyed { .. }));
    assert_eq!(
        fell.reasons.why,
        vec![Reason::CastleFalls { castle: Seat::Left }]
    );
    run_defaults(&mut g);
    let e = explained_for(&g, |s| matches!(s, Step::GameOver { .. }));
    assert_eq!(e.reasons.why, vec![Reason::Won { vp: 4 }]);
    assert!(describe(&e.reasons.why[0]).contains(Rule::Win.cite()));
}

#[test]
fn damage_to_a_castle_holding_counters_explains_the_counters_moved() {
    let mut g = game();
    g.castle_mut(Seat::Left).counters = 3;
    g.castle_mut(Seat::Left).hp = 6;
    let mine = place(&mut g, Seat::Player, "Knight", "b4");
    g.apply(Action::AttackCastle {
        attacker: mine,
        castle: Seat::Left,
    })
    .unwrap();
    let e = explained_for(&g, |s| matches!(s, Step::CastleAttacked { .. }));
    assert!(e.reasons.why.contains(&Reason::YourAction));
    assert!(e.reasons.why.contains(&Reason::CountersMoved {
        moved: 3,
        all: true,
        hp: 5
    }));
}

#[test]
fn a_dead_enemy_unit_goes_to_research_and_says_why() {
    let mut g = game();
    let weak = place(&mut g, Seat::Left, "Knight", "c4");
    let hp = g.hp(g.unit(weak).unwrap());
    g.unit_mut(weak).unwrap().damage = hp - 1;
    let mine = place(&mut g, Seat::Player, "Knight", "c3");
    g.apply(Action::AttackUnit {
        attacker: mine,
        target: weak,
    })
    .unwrap();
    let e = explained_for(
        &g,
        |s| matches!(s, Step::Dies { unit, .. } if unit.id == weak),
    );
    assert!(e.reasons.why.iter().any(|r| matches!(r,
        Reason::Died { unit, exceeds: false, to_research: true } if unit.id == weak)));
}

#[test]
fn explanations_survive_a_save_and_reload_and_stay_with_their_history_entry() {
    let mut g = game();
    place(&mut g, Seat::Left, "Knight", "c4");
    let mut saved = crate::doc::Saved::new("t", "New game", g);
    saved.act(Action::EndTurn {}).unwrap();
    let after_turn = saved.current().explained().to_vec();
    assert!(!after_turn.is_empty());
    let json = serde_json::to_string(saved.current()).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.explained(), &after_turn[..]);
    saved.act(Action::SetVp { vp: 1 }).unwrap();
    assert_eq!(
        saved.current().explained()[0].reasons.why,
        vec![Reason::YourAction]
    );
    saved.history.undo();
    assert_eq!(saved.current().explained(), &after_turn[..]);
}

#[test]
fn a_refused_action_keeps_the_explanations() {
    let mut g = game();
    place(&mut g, Seat::Left, "Knight", "c4");
    enemy_phase(&mut g);
    let before = g.explained().to_vec();
    assert!(g.apply(Action::Next {}).is_err());
    assert_eq!(g.explained(), &before[..]);
}

/// The window's "Why?" on the highlighted piece asks this state's explanation about
/// `Game::actor`: the unit its step moved or attacked with, none for a step without one.
#[test]
fn the_highlighted_piece_is_the_unit_the_last_step_moved_or_attacked_with() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c2");
    assert_eq!(g.actor(), None, "a hand edit moves and attacks with no one");
    g.apply(Action::EndTurn {}).unwrap();
    let mut attacked = false;
    for _ in 0..40 {
        let Ok(steps) = g.apply(Action::Next {}) else {
            break;
        };
        let acted = steps.iter().any(|s| match s {
            Step::Move { unit, .. } => unit.id == knight,
            Step::Attack { attacker, .. } | Step::CastleAttacked { attacker, .. } => {
                attacked |= attacker.id == knight;
                attacker.id == knight
            }
            _ => false,
        });
        let expected = (acted && g.unit(knight).is_some()).then_some(knight);
        assert_eq!(g.actor(), expected, "after {steps:?}");
        if g.phase() == Phase::Player && !g.is_resolving() {
            break;
        }
    }
    assert!(attacked, "the knight next to your castle attacks it");
}
