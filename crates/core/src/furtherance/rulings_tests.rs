//! One test per Furtherance ruling (docs/rulings.md, Furtherance solo), named after the ruling,
//! on hand-worked positions of the standard board (player castle c1 d1 e1; Left castle
//! a3 a4 a5 entering the field through b4-c4; Across c7 d7 e7; Right g3 g4 g5).

use super::step::{Battle, Fate, Hit, NoSpawn, Source};
use super::test_support::*;
use super::*;

fn counters(g: &Game) -> Vec<u8> {
    Seat::ALL.iter().map(|&s| g.castle(s).counters).collect()
}

fn turns_taken(steps: &[Step]) -> Vec<Seat> {
    steps
        .iter()
        .filter_map(|s| match s {
            Step::TurnStarts { castle, .. } => Some(*castle),
            _ => None,
        })
        .collect()
}

#[test]
fn castles_go_clockwise_player_left_across_right() {
    let order: Vec<Seat> = std::iter::successors(Some(Seat::Player), |s| {
        Some(s.next()).filter(|n| *n != Seat::Player)
    })
    .collect();
    assert_eq!(order, [Seat::Player, Seat::Left, Seat::Across, Seat::Right]);
    // The Left castle sits on the player's left edge, Across opposite, Right on the right.
    let g = game();
    assert!(g.board().castle(Seat::Left).iter().all(|s| s.x() == -3));
    assert!(g.board().castle(Seat::Across).iter().all(|s| s.y() == 3));
    assert!(g.board().castle(Seat::Right).iter().all(|s| s.x() == 3));
}

#[test]
fn setup_puts_the_difficultys_hourglass_counters_on_across() {
    for (difficulty, n) in [
        (Difficulty::Learner, 16),
        (Difficulty::Normal, 10),
        (Difficulty::Hard, 5),
    ] {
        let g = game_with(Settings {
            difficulty,
            ..Settings::default()
        });
        assert_eq!(counters(&g), [0, 0, n, 0], "{difficulty:?}");
    }
}

#[test]
fn setup_gives_every_castle_ten_hp_and_the_player_zero_vp_and_two_workers() {
    let g = game();
    for &seat in Seat::ALL {
        assert_eq!(g.castle(seat).hp, 10, "{seat}");
    }
    assert_eq!(g.ledger().vp, 0);
    assert_eq!(g.ledger().workers, 2);
    assert_eq!(g.round(), 1);
    assert_eq!(g.phase(), Phase::Player);
}

#[test]
fn left_castle_starts_active_and_spawns_in_round_one() {
    let mut g = game();
    let steps = enemy_phase(&mut g);
    assert_eq!(turns_taken(&steps), [Seat::Left]);
    assert_eq!(g.units_of(Seat::Left).count(), 1);
    assert_eq!(g.units_of(Seat::Across).count(), 0);
}

#[test]
fn right_castle_receives_the_first_counter_moved_at_the_end_of_round_one() {
    let mut g = game();
    let steps = enemy_phase(&mut g);
    assert!(steps.contains(&Step::CounterPassed {
        from: Seat::Across,
        to: Seat::Right,
        count: 1,
        left: 9
    }));
    assert_eq!(counters(&g), [0, 0, 9, 1]);
    assert_eq!(g.round(), 2);
}

#[test]
fn only_one_counter_moves_per_round() {
    let mut g = game();
    for round in 1..=3u8 {
        let steps = enemy_phase(&mut g);
        let passed = steps
            .iter()
            .filter(|s| matches!(s, Step::CounterPassed { .. }))
            .count();
        assert_eq!(passed, 1);
        assert_eq!(counters(&g), [0, 0, 10 - round, round]);
    }
}

#[test]
fn castles_holding_counters_take_no_turn() {
    let mut g = game();
    let across = place(&mut g, Seat::Across, "Knight", "d7");
    let right = place(&mut g, Seat::Right, "Knight", "g4");
    let steps = enemy_phase(&mut g);
    assert_eq!(turns_taken(&steps), [Seat::Left]);
    assert_eq!(g.unit(across).unwrap().square, sq("d7"));
    assert_eq!(g.unit(right).unwrap().square, sq("g4"));
}

#[test]
fn a_counter_passed_on_by_the_right_castle_leaves_the_board() {
    let mut g = game();
    // Across at 5 HP passes all its counters to Right; Across is then active.
    g.apply(Action::SetCastleHp {
        castle: Seat::Across,
        hp: 5,
    })
    .unwrap();
    assert_eq!(counters(&g), [0, 0, 0, 10]);
    let steps = enemy_phase(&mut g);
    assert_eq!(turns_taken(&steps), [Seat::Left, Seat::Across]);
    assert!(steps.contains(&Step::CounterPassed {
        from: Seat::Right,
        to: Seat::Player,
        count: 1,
        left: 9
    }));
    assert_eq!(g.counters_returned(), 1);
    assert_eq!(g.counters_total(), 10);
}

#[test]
fn damage_to_a_castle_holding_counters_moves_one_counter_per_point() {
    let mut g = game();
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
            hp: 9,
            counters_moved: 1,
            counters_to: Some(Seat::Right),
            ..
        }
    ));
    g.apply(Action::AttackCastle {
        attacker: knight,
        castle: Seat::Across,
    })
    .unwrap();
    assert_eq!(counters(&g), [0, 0, 8, 2]);
}

#[test]
fn a_castle_at_five_hp_or_less_passes_all_its_counters_on() {
    let mut g = game();
    g.apply(Action::SetCastleHp {
        castle: Seat::Across,
        hp: 6,
    })
    .unwrap();
    // Four points of damage by hand moved four counters (RULINGS: hand edits as damage).
    assert_eq!(counters(&g), [0, 0, 6, 4]);
    let knight = place(&mut g, Seat::Player, "Knight", "d6");
    g.apply(Action::AttackCastle {
        attacker: knight,
        castle: Seat::Across,
    })
    .unwrap();
    assert_eq!(g.castle(Seat::Across).hp, 5);
    assert_eq!(counters(&g), [0, 0, 0, 10]);
}

#[test]
fn a_destroyed_castle_gives_two_vp_and_stops_spawning() {
    let mut g = game();
    let soldier = place(&mut g, Seat::Left, "Sample Soldier", "c5");
    g.apply(Action::SetCastleHp {
        castle: Seat::Left,
        hp: 1,
    })
    .unwrap();
    let knight = place(&mut g, Seat::Player, "Knight", "b4");
    let steps = g
        .apply(Action::AttackCastle {
            attacker: knight,
            castle: Seat::Left,
        })
        .unwrap();
    assert!(steps.iter().any(|s| matches!(
        s,
        Step::CastleDestroyed {
            castle: Seat::Left,
            vp: 2,
            ..
        }
    )));
    assert_eq!(g.ledger().vp, 2);
    // No extra worker in solo (ATTACKING), and its units are discarded (default setting).
    assert_eq!(g.ledger().workers, 2);
    assert!(g.unit(soldier).is_none());
    let steps = enemy_phase(&mut g);
    assert!(turns_taken(&steps).is_empty());
    assert_eq!(g.units_of(Seat::Left).count(), 0);
    g.deck_conserved().unwrap();
}

#[test]
fn destroyed_castle_units_keep_fighting_under_that_setting() {
    let mut g = game_with(Settings {
        destroyed_castle_units: DestroyedCastleUnits::KeepFighting,
        ..Settings::default()
    });
    let soldier = place(&mut g, Seat::Left, "Sample Soldier", "c5");
    g.apply(Action::SetCastleHp {
        castle: Seat::Left,
        hp: 0,
    })
    .unwrap();
    assert_eq!(g.ledger().vp, 2);
    let steps = enemy_phase(&mut g);
    assert_eq!(turns_taken(&steps), [Seat::Left]);
    assert!(!steps.iter().any(|s| matches!(s, Step::Spawn { .. })));
    assert_eq!(g.unit(soldier).unwrap().square, sq("c3"));
}

#[test]
fn the_enemy_unit_closest_to_the_players_castle_moves_first() {
    let mut g = game();
    let far = place(&mut g, Seat::Left, "Sample Soldier", "b4");
    let near = place(&mut g, Seat::Left, "Sample Soldier", "d4");
    let steps = enemy_phase(&mut g);
    let movers: Vec<UnitId> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Move { unit, .. } => Some(unit.id),
            _ => None,
        })
        .collect();
    assert_eq!(movers[..2], [near, far]);
}

#[test]
fn a_move_order_tie_asks_the_player_offering_a_default() {
    let mut g = game();
    let first = place(&mut g, Seat::Left, "Sample Soldier", "c4");
    let second = place(&mut g, Seat::Left, "Sample Soldier", "e4");
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap(); // Left takes its turn
    let Step::NeedsChoice {
        options, default, ..
    } = g.advance().unwrap()
    else {
        panic!("expected a question")
    };
    assert_eq!(options.len(), 2);
    assert_eq!(default, 0);
    assert!(options[0].contains("c4") && options[1].contains("e4"));
    g.answer(1).unwrap();
    let Step::Move { unit, .. } = g.advance().unwrap() else {
        panic!("expected a move")
    };
    assert_eq!(unit.id, second);
    let rest = run_defaults(&mut g);
    assert!(
        rest.iter()
            .any(|s| matches!(s, Step::Move { unit, .. } if unit.id == first))
    );
}

#[test]
fn each_enemy_unit_moves_and_attacks_before_the_next_starts() {
    let mut g = game();
    let near = place(&mut g, Seat::Left, "Knight", "c3");
    let far = place(&mut g, Seat::Left, "Knight", "b4");
    let steps = enemy_phase(&mut g);
    let who: Vec<(UnitId, &str)> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Move { unit, .. } => Some((unit.id, "move")),
            Step::CastleAttacked { attacker, .. } => Some((attacker.id, "attack")),
            _ => None,
        })
        .collect();
    assert_eq!(
        who,
        [
            (near, "move"),
            (near, "attack"),
            (near, "attack"),
            (far, "move")
        ]
    );
}

#[test]
fn enemy_units_move_up_to_two_spaces_along_the_arrows() {
    let mut g = game();
    let soldier = place(&mut g, Seat::Left, "Sample Soldier", "a4");
    let steps = enemy_phase(&mut g);
    let path = steps
        .iter()
        .find_map(|s| match s {
            Step::Move { unit, path } if unit.id == soldier => Some(path.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(path, [sq("a4"), sq("b4"), sq("c4")]);
}

#[test]
fn enemy_units_move_through_the_players_castle_walls() {
    // SOLO RULES 1: c3 to c2 crosses the wall of the player's kingdom.
    let mut g = game();
    let jugg = place(&mut g, Seat::Left, "Juggernaut", "c4");
    enemy_phase(&mut g);
    assert_eq!(g.unit(jugg).unwrap().square, sq("c2"));
}

#[test]
fn an_enemy_unit_stops_the_moment_it_is_adjacent_to_a_player_unit() {
    let mut g = game();
    let jugg = place(&mut g, Seat::Left, "Juggernaut", "a4");
    let guard = place(&mut g, Seat::Player, "Sample Bodyguard", "c4");
    let steps = enemy_phase(&mut g);
    assert_eq!(g.unit(jugg).map(|u| u.square), Some(sq("b4")));
    let attacks = steps
        .iter()
        .filter(|s| matches!(s, Step::Attack { attacker, target, .. } if attacker.id == jugg && target.id == guard))
        .count();
    assert_eq!(attacks, 2, "stops and attacks as many times as it may");
}

#[test]
fn an_enemy_unit_attacks_twice_and_a_one_attack_unit_once() {
    let mut g = game();
    let jugg = place(&mut g, Seat::Left, "Juggernaut", "c4");
    let guard = place(&mut g, Seat::Player, "Sample Bodyguard", "c3");
    let brute = place(&mut g, Seat::Left, "Sample Brute", "e4");
    let target = place(&mut g, Seat::Player, "Juggernaut", "e3");
    let steps = enemy_phase(&mut g);
    let count = |id: UnitId| {
        steps
            .iter()
            .filter(|s| matches!(s, Step::Attack { attacker, .. } if attacker.id == id))
            .count()
    };
    assert_eq!(count(jugg), 2);
    assert_eq!(count(brute), 1);
    let _ = (guard, target);
}

#[test]
fn several_adjacent_player_units_let_the_player_choose_the_target() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c4");
    let a = place(&mut g, Seat::Player, "Juggernaut", "c3");
    let b = place(&mut g, Seat::Player, "Fighter", "d4");
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    let Step::NeedsChoice {
        options, default, ..
    } = g.advance().unwrap()
    else {
        panic!("expected a question")
    };
    assert_eq!(options.len(), 2);
    // The default is the unit closest to death (the Fighter, 2 HP left).
    assert!(options[default].contains("Fighter"));
    let juggernaut = options
        .iter()
        .position(|o| o.contains("Juggernaut"))
        .unwrap();
    g.answer(juggernaut).unwrap();
    let Step::Attack { target, .. } = g.advance().unwrap() else {
        panic!("expected an attack")
    };
    assert_eq!(target.id, a);
    let _ = (knight, b);
}

#[test]
fn a_unit_next_to_the_castle_and_no_player_unit_attacks_the_castle_as_often_as_it_may() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c2");
    let steps = enemy_phase(&mut g);
    let hits: Vec<u8> = steps
        .iter()
        .filter_map(|s| match s {
            Step::CastleAttacked {
                hp,
                hit: Hit::Castle,
                ..
            } => Some(*hp),
            _ => None,
        })
        .collect();
    assert_eq!(hits, [9, 8]);
    assert_eq!(g.castle(Seat::Player).hp, 8);
    // The castle must counter-attack for 1 each time.
    assert_eq!(g.unit(knight).unwrap().damage, 2);
}

#[test]
fn the_player_may_defend_the_castle_with_a_unit_inside_even_diagonally() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c2");
    let fighter = place(&mut g, Seat::Player, "Fighter", "d1");
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    let Step::NeedsChoice {
        options, default, ..
    } = g.advance().unwrap()
    else {
        panic!("expected the defence question")
    };
    assert_eq!(options.len(), 2);
    assert!(options[0].contains("Defend with your Fighter at d1"));
    assert!(options[default].contains("castle takes 1 damage"));
    g.answer(0).unwrap();
    let Step::Attack {
        battle,
        target,
        counter,
        ..
    } = g.advance().unwrap()
    else {
        panic!("expected a fight")
    };
    assert_eq!(battle, Battle::Defence);
    assert_eq!(target.id, fighter);
    // The defender battles in the castle's place: it strikes back though diagonal.
    let fighter_attack = g.catalog().kind(kind(&g, "Fighter")).attack;
    assert_eq!(counter, Some(fighter_attack));
    assert_eq!(g.castle(Seat::Player).hp, 10);
    let _ = knight;
}

#[test]
fn a_waiting_castle_defence_is_asked_again_after_a_hand_edit_moves_the_defender_out() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c2");
    let fighter = place(&mut g, Seat::Player, "Fighter", "d1");
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    let Step::NeedsChoice { options, .. } = g.advance().unwrap() else {
        panic!("expected the defence question")
    };
    assert!(options[0].contains("Defend with your Fighter at d1"));
    // The table notices the Fighter really stands on d5: a hand edit moves it there.
    g.apply(Action::Relocate {
        unit: fighter,
        to: sq("d5"),
    })
    .unwrap();
    g.check().unwrap();
    // No one is left inside to defend and there is no building: the castle takes the hit.
    let Step::CastleAttacked { attacker, hp, .. } = g.advance().unwrap() else {
        panic!("the stale question must not be asked: {:?}", g.pending())
    };
    assert_eq!(attacker.id, knight);
    assert_eq!(hp, 9);
    assert_eq!(
        g.unit(fighter).unwrap().damage,
        0,
        "the Fighter on d5 never fought"
    );
}

#[test]
fn a_castle_attack_lets_the_player_put_the_damage_on_a_building() {
    let mut g = game();
    g.apply(Action::SetBuildings { buildings: 1 }).unwrap();
    let knight = place(&mut g, Seat::Left, "Knight", "c2");
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    let Step::NeedsChoice {
        options, default, ..
    } = g.advance().unwrap()
    else {
        panic!("expected the castle-or-building question")
    };
    assert_eq!(options.len(), 2);
    assert_eq!(default, 0, "the castle is the default");
    g.answer(1).unwrap();
    let step = g.advance().unwrap();
    assert!(matches!(
        step,
        Step::CastleAttacked {
            hit: Hit::Building,
            hp: 10,
            counter: Some(1),
            ..
        }
    ));
    assert_eq!(
        g.unit(knight).unwrap().damage,
        1,
        "the castle still strikes back"
    );
}

#[test]
fn player_units_must_counter_attack_even_when_they_die() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "b4");
    let fighter = place(&mut g, Seat::Player, "Fighter", "c4");
    let steps = enemy_phase(&mut g);
    let fighter_attack = g.catalog().kind(kind(&g, "Fighter")).attack;
    let first = steps
        .iter()
        .find(|s| matches!(s, Step::Attack { .. }))
        .unwrap();
    assert!(matches!(first, Step::Attack { counter: Some(c), .. } if *c == fighter_attack));
    assert!(steps.iter().any(|s| matches!(
        s,
        Step::Dies { unit, fate: Fate::PlayerChooses } if unit.id == fighter
    )));
    assert_eq!(g.unit(knight).unwrap().damage, fighter_attack);
}

#[test]
fn a_unit_dies_when_its_damage_reaches_its_hp() {
    // The CASTLES example: a 2-HP Fighter taking 2 damage dies.
    let mut g = game();
    let fighter = place(&mut g, Seat::Player, "Fighter", "d4");
    g.apply(Action::SetDamage {
        unit: fighter,
        damage: 1,
    })
    .unwrap();
    assert!(g.unit(fighter).is_some());
    let steps = g
        .apply(Action::SetDamage {
            unit: fighter,
            damage: 2,
        })
        .unwrap();
    assert!(g.unit(fighter).is_none());
    assert!(steps.iter().any(|s| matches!(s, Step::Dies { .. })));
}

#[test]
fn under_the_more_damage_than_health_setting_a_unit_dies_only_past_its_hp() {
    let mut g = game_with(Settings {
        death: DeathRule::DamageExceedsHp,
        ..Settings::default()
    });
    let fighter = place(&mut g, Seat::Player, "Fighter", "d4");
    g.apply(Action::SetDamage {
        unit: fighter,
        damage: 2,
    })
    .unwrap();
    assert!(g.unit(fighter).is_some());
    g.apply(Action::SetDamage {
        unit: fighter,
        damage: 3,
    })
    .unwrap();
    assert!(g.unit(fighter).is_none());
}

#[test]
fn killed_enemy_units_go_to_their_castles_research() {
    let mut g = game();
    let soldier = place(&mut g, Seat::Left, "Sample Soldier", "c4");
    let knight = place(&mut g, Seat::Player, "Knight", "c3");
    let steps = g
        .apply(Action::AttackUnit {
            attacker: knight,
            target: soldier,
        })
        .unwrap();
    assert!(steps.iter().any(|s| matches!(
        s,
        Step::Dies { unit, fate: Fate::Research } if unit.id == soldier
    )));
    assert_eq!(g.castle(Seat::Left).research, [kind(&g, "Sample Soldier")]);
    g.deck_conserved().unwrap();
}

fn research(g: &mut Game, seat: Seat, names: &[&str]) {
    let homes = ["c4", "d4", "e4", "c5"];
    for (name, home) in names.iter().zip(homes) {
        let id = place(g, seat, name, home);
        g.apply(Action::Remove {
            unit: id,
            to_research: true,
        })
        .unwrap();
    }
}

fn spawned(steps: &[Step]) -> Vec<(String, Source, Square)> {
    steps
        .iter()
        .filter_map(|s| match s {
            Step::Spawn { unit, from, .. } => Some((unit.name.clone(), *from, unit.square)),
            _ => None,
        })
        .collect()
}

#[test]
fn spawn_prefers_the_most_expensive_researched_unit() {
    let mut g = game();
    research(
        &mut g,
        Seat::Left,
        &["Fighter", "Juggernaut", "Sample Soldier"],
    );
    let steps = enemy_phase(&mut g);
    assert_eq!(
        spawned(&steps),
        [("Juggernaut".to_string(), Source::Research, sq("a4"))]
    );
    assert_eq!(g.castle(Seat::Left).research.len(), 2);
}

#[test]
fn a_research_tie_on_cost_spawns_the_highest_attack() {
    let mut g = game();
    let (knight, archer) = (kind(&g, "Knight"), kind(&g, "Archer"));
    assert_eq!(g.catalog().kind(knight).cost, g.catalog().kind(archer).cost);
    assert!(g.catalog().kind(knight).attack > g.catalog().kind(archer).attack);
    research(&mut g, Seat::Left, &["Archer", "Knight"]);
    let steps = enemy_phase(&mut g);
    assert_eq!(spawned(&steps)[0].0, "Knight");
}

#[test]
fn a_full_research_tie_asks_the_player() {
    let mut g = game();
    research(&mut g, Seat::Left, &["Archer", "Arsonist"]);
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    let Step::NeedsChoice { options, .. } = g.advance().unwrap() else {
        panic!("expected the research question")
    };
    assert_eq!(options, ["Archer", "Arsonist"]);
    g.answer(1).unwrap();
    let steps = run_defaults(&mut g);
    assert_eq!(spawned(&steps)[0].0, "Arsonist");
}

#[test]
fn with_empty_research_the_spawn_skips_zero_attack_cards_to_the_bottom() {
    let mut g = game();
    let (civ, knight) = (kind(&g, "Civilians"), kind(&g, "Knight"));
    g.stack_deck(&[civ, civ, knight]).unwrap();
    let before = g.deck().unwrap().draw_len();
    let steps = enemy_phase(&mut g);
    let skipped = steps
        .iter()
        .filter(|s| matches!(s, Step::DrawSkipped { name, .. } if name == "Civilians"))
        .count();
    assert_eq!(skipped, 2);
    assert_eq!(
        spawned(&steps),
        [("Knight".to_string(), Source::Deck, sq("a4"))]
    );
    assert_eq!(g.deck().unwrap().draw_len(), before - 1);
    g.deck_conserved().unwrap();
}

#[test]
fn a_spawn_uses_the_centre_space_then_the_fallback_order() {
    let mut g = game();
    // A Left unit held in the centre by a player unit it must fight (both made sturdy).
    let soldier = place(&mut g, Seat::Left, "Sample Soldier", "a4");
    let civilians = place(&mut g, Seat::Player, "Civilians", "b4");
    for unit in [soldier, civilians] {
        g.apply(Action::SetHpBonus { unit, bonus: 9 }).unwrap();
    }
    let steps = enemy_phase(&mut g);
    assert_eq!(spawned(&steps)[0].2, g.board().spawn_order(Seat::Left)[1]);
    assert_eq!(g.board().spawn_order(Seat::Left)[0], sq("a4"));
}

#[test]
fn a_full_castle_spawns_nothing_that_turn() {
    let mut g = game();
    for (enemy, player) in [("a3", "b3"), ("a4", "b4"), ("a5", "b5")] {
        let soldier = place(&mut g, Seat::Left, "Sample Soldier", enemy);
        let jugg = place(&mut g, Seat::Player, "Juggernaut", player);
        for unit in [soldier, jugg] {
            g.apply(Action::SetHpBonus { unit, bonus: 9 }).unwrap();
        }
    }
    let deck = g.deck().unwrap().len();
    let steps = enemy_phase(&mut g);
    assert!(steps.contains(&Step::NoSpawn {
        castle: Seat::Left,
        reason: NoSpawn::CastleFull
    }));
    assert_eq!(g.deck().unwrap().len(), deck, "no card is drawn");
}

#[test]
fn the_physical_deck_asks_which_card_was_drawn() {
    let mut g = game_with(Settings {
        deck_mode: DeckMode::Physical,
        ..Settings::default()
    });
    assert!(g.deck().is_none());
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    let Step::NeedsChoice { options, .. } = g.advance().unwrap() else {
        panic!("expected the card question")
    };
    let civ = options.iter().position(|o| o == "Civilians").unwrap();
    let knight = options.iter().position(|o| o == "Knight").unwrap();
    g.answer(civ).unwrap();
    assert!(matches!(g.advance().unwrap(), Step::DrawSkipped { .. }));
    assert!(matches!(g.advance().unwrap(), Step::NeedsChoice { .. }));
    g.answer(knight).unwrap();
    let step = g.advance().unwrap();
    assert!(matches!(step, Step::Spawn { unit, .. } if unit.name == "Knight"));
}

#[test]
fn the_digital_deck_replays_the_same_draws_from_the_same_seed() {
    let mut a = game();
    let mut b = game();
    let mut c = Game::standard(Settings::default(), 8).unwrap();
    let (mut sa, mut sc) = (Vec::new(), Vec::new());
    for _ in 0..6 {
        sa.extend(spawned(&enemy_phase(&mut a)));
        enemy_phase(&mut b);
        sc.extend(spawned(&enemy_phase(&mut c)));
    }
    assert_eq!(a, b);
    assert_ne!(sa, sc, "another seed draws other units");
}

#[test]
fn reaching_four_vp_wins_at_once() {
    let mut g = game();
    g.apply(Action::SetVp { vp: 2 }).unwrap();
    g.apply(Action::SetCastleHp {
        castle: Seat::Left,
        hp: 1,
    })
    .unwrap();
    let knight = place(&mut g, Seat::Player, "Knight", "b4");
    let steps = g
        .apply(Action::AttackCastle {
            attacker: knight,
            castle: Seat::Left,
        })
        .unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Won));
    assert!(matches!(
        steps.last(),
        Some(Step::GameOver {
            outcome: Outcome::Won,
            vp: 4,
            ..
        })
    ));
    assert!(g.apply(Action::EndTurn {}).is_err());
}

#[test]
fn a_castle_at_zero_hp_loses_at_once() {
    let mut g = game();
    g.apply(Action::SetCastleHp {
        castle: Seat::Player,
        hp: 1,
    })
    .unwrap();
    let knight = place(&mut g, Seat::Left, "Knight", "c2");
    let steps = enemy_phase(&mut g);
    assert_eq!(g.outcome(), Some(Outcome::Lost));
    let hits = steps
        .iter()
        .filter(|s| matches!(s, Step::CastleAttacked { .. }))
        .count();
    assert_eq!(
        hits, 1,
        "the game stops at the first hit that drops the castle to 0"
    );
    assert!(matches!(steps.last(), Some(Step::GameOver { .. })));
    assert!(!steps.iter().any(|s| matches!(s, Step::Spawn { .. })));
    let _ = knight;
}

#[test]
fn hand_edits_are_logged_and_undoable() {
    let g = game();
    let mut saved = crate::doc::Saved::new("t", "New game", g);
    let before = saved.current().clone();
    let action = Action::SetCastleHp {
        castle: Seat::Player,
        hp: 7,
    };
    let label = saved.current().label(&action);
    saved
        .history
        .apply(label.clone(), |g| g.apply(action))
        .unwrap();
    assert_eq!(label, "Hand edit: your castle at 7 HP");
    // A count of one reads as one (words::count): "1 building", not "1 buildings".
    let one = saved
        .current()
        .label(&Action::SetBuildings { buildings: 1 });
    assert_eq!(one, "Hand edit: 1 building");
    assert_eq!(saved.current().castle(Seat::Player).hp, 7);
    assert_eq!(saved.history.current_entry().label, label);
    saved.history.undo();
    assert_eq!(saved.current(), &before);
}
