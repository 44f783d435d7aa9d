//! Tests of the player's turn (COMBAT, CASTLES, UNITS, WORKERS: Recruit), of saving a game
//! mid-turn, and of the checks on a loaded game.

use super::test_support::*;
use super::*;

#[test]
fn a_player_unit_moves_up_to_two_spaces() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    let err = g
        .apply(Action::Move {
            unit: knight,
            to: sq("d5"),
        })
        .unwrap_err();
    assert!(
        matches!(err, RuleError::Unreachable { left: 2, .. }),
        "{err}"
    );
    let steps = g
        .apply(Action::Move {
            unit: knight,
            to: sq("d4"),
        })
        .unwrap();
    assert!(
        matches!(&steps[0], Step::Move { path, .. } if path == &[sq("d2"), sq("d3"), sq("d4")])
    );
    assert!(g.move_options(knight).is_empty(), "two spaces used");
}

#[test]
fn moving_one_space_twice_uses_up_the_two_space_allowance() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    for to in ["d3", "d4"] {
        g.apply(Action::Move {
            unit: knight,
            to: sq(to),
        })
        .unwrap();
    }
    assert!(
        g.apply(Action::Move {
            unit: knight,
            to: sq("d5"),
        })
        .is_err()
    );
}

#[test]
fn a_player_unit_cannot_move_through_walls_or_other_units() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "b3");
    // b3-c3 is a wall of the Left kingdom: c3 is three moves round by the gap.
    assert!(!g.move_options(knight).contains(&sq("c3")));
    assert!(g.move_options(knight).contains(&sq("c4")));
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    place(&mut g, Seat::Left, "Juggernaut", "d3");
    assert!(!g.move_options(knight).contains(&sq("d4")));
    let err = g
        .apply(Action::Move {
            unit: knight,
            to: sq("d3"),
        })
        .unwrap_err();
    assert!(matches!(err, RuleError::Occupied(_)), "{err}");
}

#[test]
fn a_player_unit_may_not_enter_an_enemy_castle() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "b4");
    let err = g
        .apply(Action::Move {
            unit: knight,
            to: sq("a4"),
        })
        .unwrap_err();
    assert!(matches!(err, RuleError::EnemyCastle(..)), "{err}");
    assert!(err.to_string().contains("CASTLES"));
}

#[test]
fn a_unit_cannot_move_after_attacking() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Juggernaut", "c3");
    let enemy = place(&mut g, Seat::Left, "Sample Soldier", "c4");
    g.apply(Action::SetHpBonus {
        unit: enemy,
        bonus: 9,
    })
    .unwrap();
    g.apply(Action::AttackUnit {
        attacker: knight,
        target: enemy,
    })
    .unwrap();
    let err = g
        .apply(Action::Move {
            unit: knight,
            to: sq("d3"),
        })
        .unwrap_err();
    assert!(matches!(err, RuleError::MoveAfterAttack(_)), "{err}");
}

#[test]
fn a_recruit_cannot_move_or_attack_the_turn_it_arrives() {
    let mut g = game();
    let knight = kind(&g, "Knight");
    g.apply(Action::Recruit {
        unit: crate::furtherance::UnitName::Kind(knight),
        square: sq("d1"),
    })
    .unwrap();
    let id = g.unit_at(sq("d1")).unwrap().id;
    let err = g
        .apply(Action::Move {
            unit: id,
            to: sq("d2"),
        })
        .unwrap_err();
    assert!(matches!(err, RuleError::NewUnit(_)), "{err}");
    enemy_phase(&mut g);
    g.apply(Action::Move {
        unit: id,
        to: sq("d2"),
    })
    .unwrap();
}

#[test]
fn a_recruit_goes_on_an_open_space_of_the_players_castle() {
    let mut g = game();
    let knight = kind(&g, "Knight");
    let err = g
        .apply(Action::Recruit {
            unit: crate::furtherance::UnitName::Kind(knight),
            square: sq("d2"),
        })
        .unwrap_err();
    assert!(matches!(err, RuleError::NotYourCastle(_)), "{err}");
    g.apply(Action::Recruit {
        unit: crate::furtherance::UnitName::Kind(knight),
        square: sq("c1"),
    })
    .unwrap();
    let err = g
        .apply(Action::Recruit {
            unit: crate::furtherance::UnitName::Kind(knight),
            square: sq("c1"),
        })
        .unwrap_err();
    assert!(matches!(err, RuleError::Occupied(_)), "{err}");
}

#[test]
fn the_player_may_have_at_most_six_units_in_play() {
    let mut g = game();
    let names = [
        "Sample Soldier",
        "Sample Soldier",
        "Knight",
        "Knight",
        "Fighter",
        "Archer",
    ];
    for (s, name) in ["c2", "d2", "e2", "c3", "d3", "e3"].into_iter().zip(names) {
        place(&mut g, Seat::Player, name, s);
    }
    let fighter = kind(&g, "Fighter");
    let err = g
        .apply(Action::Recruit {
            unit: crate::furtherance::UnitName::Kind(fighter),
            square: sq("d1"),
        })
        .unwrap_err();
    assert_eq!(err, RuleError::TooManyUnits);
}

#[test]
fn a_player_cannot_field_more_copies_of_a_unit_than_the_deck_holds() {
    let mut g = game();
    let civ = kind(&g, "Civilians");
    place(&mut g, Seat::Player, "Civilians", "d3");
    place(&mut g, Seat::Player, "Civilians", "d4");
    let err = g
        .apply(Action::Recruit {
            unit: crate::furtherance::UnitName::Kind(civ),
            square: sq("d1"),
        })
        .unwrap_err();
    // With the one unit deck, no Civilians card is left to be face up or researched.
    assert!(
        matches!(
            err,
            RuleError::NoCopies { copies: 2, .. } | RuleError::NotForSale { .. }
        ),
        "{err}"
    );
}

#[test]
fn player_actions_wait_for_the_enemy_turn_to_finish() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    g.apply(Action::EndTurn {}).unwrap();
    let err = g
        .apply(Action::Move {
            unit: knight,
            to: sq("d3"),
        })
        .unwrap_err();
    assert_eq!(err, RuleError::EnemyTurn);
    // Hand edits are allowed at any time.
    g.apply(Action::SetGold { gold: 9 }).unwrap();
    assert_eq!(g.ledger().gold, 9);
}

#[test]
fn a_player_attack_on_an_enemy_castle_needs_a_square_beside_it() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "c4");
    let err = g
        .apply(Action::AttackCastle {
            attacker: knight,
            castle: Seat::Left,
        })
        .unwrap_err();
    assert!(matches!(err, RuleError::NotNextToCastle(..)), "{err}");
    assert_eq!(g.castle_options(knight), Vec::<Seat>::new());
}

#[test]
fn a_game_in_the_middle_of_an_enemy_turn_survives_save_and_load() {
    let mut g = game();
    place(&mut g, Seat::Left, "Sample Soldier", "c4");
    place(&mut g, Seat::Left, "Sample Soldier", "e4");
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    assert!(matches!(g.advance().unwrap(), Step::NeedsChoice { .. }));
    let text = serde_json::to_string(&g).unwrap();
    let mut back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, g);
    crate::doc::GameDoc::validate(&back).unwrap();
    assert_eq!(run_defaults(&mut back), run_defaults(&mut g));
    assert_eq!(back, g);
}

#[test]
fn the_summary_line_names_difficulty_round_and_castle_hp() {
    let mut g = game_with(Settings {
        difficulty: Difficulty::Hard,
        ..Settings::default()
    });
    g.apply(Action::SetCastleHp {
        castle: Seat::Player,
        hp: 6,
    })
    .unwrap();
    assert_eq!(
        crate::doc::GameDoc::summary(&g),
        "Furtherance solo — Hard — round 1 — castle 6 HP"
    );
}

fn tampered(edit: impl FnOnce(&mut serde_json::Value)) -> Result<(), String> {
    let mut g = game();
    place(&mut g, Seat::Left, "Knight", "c4");
    place(&mut g, Seat::Player, "Knight", "d2");
    let mut v = serde_json::to_value(&g).unwrap();
    edit(&mut v);
    let back: Game = serde_json::from_value(v).map_err(|e| e.to_string())?;
    back.check().map_err(|e| e.to_string())
}

#[test]
fn a_loaded_game_is_checked_and_the_problem_named() {
    assert_eq!(tampered(|_| {}), Ok(()));
    let err = tampered(|v| v["units"][1]["square"] = "c4".into()).unwrap_err();
    assert!(err.contains("units[1]") && err.contains("c4"), "{err}");
    let err = tampered(|v| v["units"][0]["square"] = "d1".into()).unwrap_err();
    assert!(err.contains("another castle"), "{err}");
    let err = tampered(|v| v["castles"][2]["counters"] = 3.into()).unwrap_err();
    assert!(err.contains("counters"), "{err}");
    let err = tampered(|v| v["castles"][2]["hp"] = 4.into()).unwrap_err();
    assert!(err.contains("castles.across"), "{err}");
    let err = tampered(|v| v["units"][0]["damage"] = 3.into()).unwrap_err();
    assert!(err.contains("should have died"), "{err}");
    let err = tampered(|v| v["units"][0]["kind"] = 99.into()).unwrap_err();
    assert!(err.contains("kind 99"), "{err}");
    let err = tampered(|v| v["units"][0]["square"] = "a1".into()).unwrap_err();
    assert!(err.contains("a1"), "{err}");
}

#[test]
fn a_win_by_field_vp_says_you_win_like_every_other_win() {
    let mut g = game();
    g.apply(Action::SetVp { vp: 3 }).unwrap();
    place(&mut g, Seat::Player, "Civilians", "d4");
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    let mut saved = crate::doc::Saved::new("t", "New game", g);
    let acted = saved
        .act(Action::Move {
            unit: knight,
            to: sq("d3"),
        })
        .unwrap();
    assert_eq!(saved.current().outcome(), Some(Outcome::Won));
    assert!(
        acted
            .lines
            .iter()
            .any(|l| l == "You win in round 1 with 4 VP"),
        "{acted:?}"
    );
}

/// `legal_moves` and `legal_attacks` of `unit` list exactly what the rules accept: every
/// square, every unit and every castle is tried as an action on a copy of the game.
fn assert_legal_lists_match_the_rules(g: &Game, unit: UnitId) {
    let moves = g.legal_moves(unit);
    for to in Square::all() {
        let accepted = g.clone().apply(Action::Move { unit, to }).is_ok();
        assert_eq!(moves.contains(&to), accepted, "move to {to}: {moves:?}");
    }
    let attacks = g.legal_attacks(unit);
    for t in g.units() {
        let accepted = g
            .clone()
            .apply(Action::AttackUnit {
                attacker: unit,
                target: t.id,
            })
            .is_ok();
        let listed = attacks.contains(&(t.square, Target::Unit(t.id)));
        assert_eq!(listed, accepted, "attack on {}: {attacks:?}", t.square);
    }
    for &castle in Seat::ALL {
        let accepted = g
            .clone()
            .apply(Action::AttackCastle {
                attacker: unit,
                castle,
            })
            .is_ok();
        let listed = attacks.iter().any(|(_, t)| *t == Target::Castle(castle));
        assert_eq!(listed, accepted, "attack on {castle:?}: {attacks:?}");
    }
    // A click on each listed square makes that attack (Target::action).
    for (square, target) in attacks {
        let mut after = g.clone();
        assert!(after.apply(target.action(unit)).is_ok(), "{square}");
    }
}

#[test]
fn legal_moves_are_exactly_the_moves_the_rules_accept() {
    // Walls (b3), a unit in the way (d3), an enemy castle next door (b4 by a4), one space
    // already used.
    let mut g = game();
    let walled = place(&mut g, Seat::Player, "Knight", "b3");
    let blocked = place(&mut g, Seat::Player, "Knight", "d2");
    place(&mut g, Seat::Left, "Juggernaut", "d3");
    let by_castle = place(&mut g, Seat::Player, "Knight", "b5");
    for u in [walled, blocked, by_castle] {
        assert_legal_lists_match_the_rules(&g, u);
    }
    let moves = g.legal_moves(walled);
    assert!(!moves.contains(&sq("c3")), "through the wall: {moves:?}");
    assert!(moves.contains(&sq("c4")), "{moves:?}");
    assert!(!g.legal_moves(blocked).contains(&sq("d4")), "over a unit");
    assert!(
        !g.legal_moves(by_castle).contains(&sq("a5")),
        "enemy castle"
    );
    let one = *moves
        .iter()
        .find(|s| g.board().adjacent(**s, sq("b3")))
        .expect("a square next door");
    g.apply(Action::Move {
        unit: walled,
        to: one,
    })
    .unwrap();
    // One space used: one left.
    assert!(!g.legal_moves(walled).is_empty());
    assert!(
        g.legal_moves(walled)
            .iter()
            .all(|s| g.board().adjacent(*s, one))
    );
    assert_legal_lists_match_the_rules(&g, walled);
}

#[test]
fn legal_attacks_are_exactly_the_attacks_the_rules_accept() {
    let mut g = game();
    // Reach 2 to a diagonal, not over a wall; a castle next door; a unit out of reach.
    let archer = place(&mut g, Seat::Player, "Archer", "b4");
    let diagonal = place(&mut g, Seat::Left, "Knight", "c3");
    let far = place(&mut g, Seat::Right, "Fighter", "f5");
    let knight = place(&mut g, Seat::Player, "Juggernaut", "d5");
    for u in [archer, knight] {
        assert_legal_lists_match_the_rules(&g, u);
    }
    let attacks = g.legal_attacks(archer);
    assert!(
        attacks.contains(&(sq("c3"), Target::Unit(diagonal))),
        "{attacks:?}"
    );
    assert!(!attacks.iter().any(|(_, t)| *t == Target::Unit(far)));
    assert!(
        attacks
            .iter()
            .any(|(_, t)| *t == Target::Castle(Seat::Left)),
        "b4 is next to the Left castle: {attacks:?}"
    );
    // Castle marks are the castle's free spaces.
    for (s, t) in &attacks {
        if let Target::Castle(c) = t {
            assert_eq!(g.board().castle_of(*s), Some(*c));
            assert!(g.unit_at(*s).is_none());
        }
    }
    // After its attack the archer may neither move nor attack again.
    g.apply(Target::Unit(diagonal).action(archer)).unwrap();
    run_defaults(&mut g);
    if g.unit(archer).is_some() {
        assert!(g.legal_moves(archer).is_empty(), "no move after an attack");
        assert_legal_lists_match_the_rules(&g, archer);
    }
}

#[test]
fn nothing_is_legal_for_a_new_unit_an_enemy_unit_or_in_the_enemies_turn() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    let enemy = place(&mut g, Seat::Left, "Knight", "c2");
    g.apply(Action::Recruit {
        unit: crate::furtherance::UnitName::Kind(kind(&g, "Knight")),
        square: sq("d1"),
    })
    .unwrap();
    let recruit = g.unit_at(sq("d1")).unwrap().id;
    for u in [recruit, enemy] {
        assert!(g.legal_moves(u).is_empty());
        assert!(g.legal_attacks(u).is_empty());
        assert_legal_lists_match_the_rules(&g, u);
    }
    assert!(!g.legal_moves(knight).is_empty());
    assert!(!g.legal_attacks(knight).is_empty());
    g.apply(Action::EndTurn {}).unwrap();
    assert!(g.legal_moves(knight).is_empty(), "the enemies' turn");
    assert!(g.legal_attacks(knight).is_empty(), "the enemies' turn");
    assert_legal_lists_match_the_rules(&g, knight);
}
