//! Tests of the unit abilities of the INDEX and of the settings where the rules leave room,
//! on hand-worked positions of the standard board.

use super::step::{Battle, Hit};
use super::test_support::*;
use super::*;

fn attacks_by(steps: &[Step], id: UnitId) -> Vec<(UnitId, Option<u8>)> {
    steps
        .iter()
        .filter_map(|s| match s {
            Step::Attack {
                attacker,
                target,
                counter,
                ..
            } if attacker.id == id => Some((target.id, *counter)),
            _ => None,
        })
        .collect()
}

fn sturdy(g: &mut Game, ids: &[UnitId]) {
    for unit in ids {
        g.apply(Action::SetHpBonus {
            unit: *unit,
            bonus: 9,
        })
        .unwrap();
    }
}

#[test]
fn can_attack_two_spaces_away_reaches_a_diagonal_but_not_over_a_wall() {
    let mut g = game();
    let archer = place(&mut g, Seat::Player, "Archer", "b4");
    let diagonal = place(&mut g, Seat::Left, "Knight", "c3");
    assert_eq!(g.attack_options(archer), [diagonal]);
    let mut g = game();
    let archer = place(&mut g, Seat::Player, "Archer", "b3");
    let behind_wall = place(&mut g, Seat::Left, "Knight", "c3");
    assert!(g.attack_options(archer).is_empty());
    let err = g
        .apply(Action::AttackUnit {
            attacker: archer,
            target: behind_wall,
        })
        .unwrap_err();
    assert!(matches!(err, RuleError::OutOfReach { .. }), "{err}");
}

#[test]
fn an_enemy_unit_with_reach_hits_a_unit_two_spaces_away_when_it_cannot_get_adjacent() {
    let mut g = game();
    let blocker = place(&mut g, Seat::Left, "Juggernaut", "c3");
    let archer = place(&mut g, Seat::Left, "Archer", "c4");
    let target = place(&mut g, Seat::Player, "Juggernaut", "d3");
    sturdy(&mut g, &[blocker, archer, target]);
    let steps = enemy_phase(&mut g);
    assert_eq!(g.unit(archer).unwrap().square, sq("c4"), "c3 is taken");
    let hits = attacks_by(&steps, archer);
    assert_eq!(hits.len(), 2);
    assert!(hits.iter().all(|(t, _)| *t == target));
    // Counter-attacks ignore range (RULINGS): the Juggernaut on d3 strikes back at c4.
    assert!(hits.iter().all(|(_, counter)| counter.is_some()));
}

#[test]
fn under_the_reach_stop_setting_a_unit_stops_as_soon_as_a_target_is_in_reach() {
    for (setting, stop) in [
        (ReachStop::WhenAdjacent, "c4"),
        (ReachStop::WhenInReach, "b4"),
    ] {
        let mut g = game_with(Settings {
            reach_stop: setting,
            ..Settings::default()
        });
        let archer = place(&mut g, Seat::Left, "Archer", "a4");
        let target = place(&mut g, Seat::Player, "Juggernaut", "c3");
        sturdy(&mut g, &[archer, target]);
        enemy_phase(&mut g);
        assert_eq!(g.unit(archer).unwrap().square, sq(stop), "{setting:?}");
    }
}

#[test]
fn a_one_attack_per_turn_player_unit_attacks_once() {
    let mut g = game();
    let brute = place(&mut g, Seat::Player, "Sample Brute", "c3");
    let target = place(&mut g, Seat::Left, "Juggernaut", "c4");
    sturdy(&mut g, &[target, brute]);
    let attack = Action::AttackUnit {
        attacker: brute,
        target,
    };
    g.apply(attack.clone()).unwrap();
    let err = g.apply(attack).unwrap_err();
    assert!(
        matches!(err, RuleError::NoAttacksLeft { per_turn: 1, .. }),
        "{err}"
    );
}

#[test]
fn no_counter_attacks_units_neither_strike_back_nor_are_struck_back() {
    let mut g = game();
    let assassin = place(&mut g, Seat::Left, "Sample Assassin", "c2");
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    sturdy(&mut g, &[knight]);
    let steps = enemy_phase(&mut g);
    let hits = attacks_by(&steps, assassin);
    assert_eq!(hits.len(), 2);
    assert!(hits.iter().all(|(_, c)| c.is_none()));
    assert_eq!(g.unit(assassin).unwrap().damage, 0);
    // Nor does a castle strike back at it.
    let mut g = game();
    let assassin = place(&mut g, Seat::Left, "Sample Assassin", "c2");
    let steps = enemy_phase(&mut g);
    assert!(steps.iter().any(|s| matches!(
        s,
        Step::CastleAttacked { attacker, counter: None, .. } if attacker.id == assassin
    )));
    // The player's own such unit is not counter-attacked either.
    let mut g = game();
    let mine = place(&mut g, Seat::Player, "Sample Assassin", "c3");
    let theirs = place(&mut g, Seat::Left, "Juggernaut", "c4");
    sturdy(&mut g, &[theirs]);
    let steps = g
        .apply(Action::AttackUnit {
            attacker: mine,
            target: theirs,
        })
        .unwrap();
    assert!(matches!(steps[0], Step::Attack { counter: None, .. }));
}

#[test]
fn no_attacking_new_units_leaves_recruits_alone() {
    let mut g = game();
    let lancer = place(&mut g, Seat::Left, "Sample Lancer", "c2");
    let knight = kind(&g, "Knight");
    g.apply(Action::Recruit {
        unit: crate::furtherance::UnitName::Kind(knight),
        square: sq("c1"),
    })
    .unwrap();
    let steps = enemy_phase(&mut g);
    assert!(attacks_by(&steps, lancer).is_empty(), "the recruit is new");
    assert!(steps.iter().any(|s| matches!(
        s,
        Step::CastleAttacked { attacker, hit: Hit::Castle, .. } if attacker.id == lancer
    )));
    // The player's such unit may not attack a freshly spawned enemy either.
    let mut g = game();
    let mine = place(&mut g, Seat::Player, "Sample Lancer", "b4");
    enemy_phase(&mut g);
    let spawned = g.unit_at(sq("a4")).unwrap().clone();
    assert!(spawned.new);
    let err = g
        .apply(Action::AttackUnit {
            attacker: mine,
            target: spawned.id,
        })
        .unwrap_err();
    assert!(matches!(err, RuleError::NewTarget(..)), "{err}");
}

#[test]
fn new_unit_tokens_come_off_when_their_owners_turn_begins() {
    let mut g = game();
    let knight = kind(&g, "Knight");
    g.apply(Action::Recruit {
        unit: crate::furtherance::UnitName::Kind(knight),
        square: sq("d1"),
    })
    .unwrap();
    enemy_phase(&mut g);
    let spawned = g.units_of(Seat::Left).next().unwrap().id;
    assert!(g.unit(spawned).unwrap().new, "spawned this enemy turn");
    assert!(!g.unit_at(sq("d1")).unwrap().new, "the player's turn began");
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap(); // Left's turn begins
    assert!(!g.unit(spawned).unwrap().new);
}

#[test]
fn when_attacked_an_adjacent_unit_may_battle_instead() {
    let mut g = game();
    let enemy = place(&mut g, Seat::Left, "Knight", "c4");
    let bearer = place(&mut g, Seat::Player, "Flag Bearer", "c3");
    let knight = place(&mut g, Seat::Player, "Knight", "d3");
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    let Step::NeedsChoice {
        options, default, ..
    } = g.advance().unwrap()
    else {
        panic!("expected the battle-instead question")
    };
    assert_eq!(default, 0);
    assert!(options[1].contains("Knight at d3"));
    g.answer(1).unwrap();
    let Step::Attack {
        target,
        battle,
        counter,
        ..
    } = g.advance().unwrap()
    else {
        panic!("expected an attack")
    };
    assert_eq!((target.id, battle), (knight, Battle::Instead));
    assert!(counter.is_some(), "the unit battling instead fights back");
    assert_eq!(g.unit(bearer).unwrap().damage, 0);
    let _ = enemy;
}

#[test]
fn an_adjacent_unit_may_take_the_damage_instead() {
    let mut g = game();
    place(&mut g, Seat::Left, "Knight", "c4");
    let fighter = place(&mut g, Seat::Player, "Fighter", "c3");
    let guard = place(&mut g, Seat::Player, "Sample Bodyguard", "d3");
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    let Step::NeedsChoice { options, .. } = g.advance().unwrap() else {
        panic!("expected the take-the-damage question")
    };
    assert_eq!(options.len(), 2);
    g.answer(1).unwrap();
    let Step::Attack {
        taken_by, damage, ..
    } = g.advance().unwrap()
    else {
        panic!("expected an attack")
    };
    assert_eq!(taken_by.map(|t| t.id), Some(guard));
    assert_eq!(g.unit(guard).unwrap().damage, damage);
    assert_eq!(g.unit(fighter).unwrap().damage, 0);
}

#[test]
fn a_field_unit_gives_one_vp_for_every_two_units_on_the_field() {
    let mut g = game();
    place(&mut g, Seat::Player, "Civilians", "d4");
    assert_eq!(g.field_vp(), 0);
    place(&mut g, Seat::Player, "Knight", "c4");
    assert_eq!(g.field_vp(), 1);
    place(&mut g, Seat::Player, "Fighter", "e4");
    place(&mut g, Seat::Player, "Juggernaut", "d3");
    assert_eq!(g.field_vp(), 2);
    // Units off the field do not count.
    place(&mut g, Seat::Player, "Archer", "d2");
    assert_eq!(g.field_vp(), 2);
    assert_eq!(g.total_vp(), 2);
}

#[test]
fn an_enemy_arsonist_sacrifices_itself_to_destroy_a_building() {
    let mut g = game();
    g.apply(Action::SetBuildings { buildings: 2 }).unwrap();
    let arsonist = place(&mut g, Seat::Left, "Arsonist", "c3");
    let steps = enemy_phase(&mut g);
    assert!(steps.iter().any(|s| matches!(
        s,
        Step::Sacrificed { unit, buildings_left: 1 } if unit.id == arsonist
    )));
    assert!(g.unit(arsonist).is_none());
    // One left is said as one (words::count), never "1 building(s)".
    let said = steps
        .iter()
        .find(|s| matches!(s, Step::Sacrificed { .. }))
        .map(Step::text)
        .unwrap_or_default();
    assert!(said.ends_with("; 1 building left"), "{said}");
    // It went to its castle's research, from which the castle respawns it this turn.
    assert!(steps.iter().any(|s| matches!(
        s,
        Step::Spawn { unit, from: step::Source::Research, .. } if unit.name == "Arsonist"
    )));
    assert_eq!(g.castle(Seat::Player).hp, 10);
}

#[test]
fn under_the_attacks_setting_an_enemy_arsonist_attacks_instead() {
    let mut g = game_with(Settings {
        enemy_sacrifice: EnemySacrifice::Attacks,
        ..Settings::default()
    });
    g.apply(Action::SetBuildings { buildings: 2 }).unwrap();
    let arsonist = place(&mut g, Seat::Left, "Arsonist", "c3");
    let steps = run_until_castle_question(&mut g);
    assert!(!steps.iter().any(|s| matches!(s, Step::Sacrificed { .. })));
    assert_eq!(g.ledger().buildings, 2);
    let _ = arsonist;
}

fn run_until_castle_question(g: &mut Game) -> Vec<Step> {
    g.apply(Action::EndTurn {}).unwrap();
    let mut steps = Vec::new();
    loop {
        match g.advance().unwrap() {
            s @ Step::NeedsChoice { .. } => {
                steps.push(s);
                return steps;
            }
            Step::PlayerTurn { .. } => return steps,
            s => steps.push(s),
        }
    }
}

#[test]
fn under_the_strongest_defends_setting_an_enemy_castle_defends_with_its_strongest_unit_inside() {
    let mut g = game_with(Settings {
        enemy_castle_defence: EnemyCastleDefence::DefendWithStrongest,
        ..Settings::default()
    });
    let weak = place(&mut g, Seat::Left, "Sample Soldier", "a3");
    let strong = place(&mut g, Seat::Left, "Juggernaut", "a5");
    let knight = place(&mut g, Seat::Player, "Knight", "b4");
    let steps = g
        .apply(Action::AttackCastle {
            attacker: knight,
            castle: Seat::Left,
        })
        .unwrap();
    assert!(matches!(
        &steps[0],
        Step::Attack { target, battle: Battle::Defence, .. } if target.id == strong
    ));
    assert_eq!(g.castle(Seat::Left).hp, 10);
    let _ = weak;
}

#[test]
fn by_default_an_enemy_castle_never_defends_and_takes_the_damage() {
    // The SOLO AI gives enemy castles no defence move (docs/rulings.md).
    let mut g = game();
    place(&mut g, Seat::Left, "Juggernaut", "a4");
    let knight = place(&mut g, Seat::Player, "Knight", "b3");
    g.apply(Action::AttackCastle {
        attacker: knight,
        castle: Seat::Left,
    })
    .unwrap();
    assert_eq!(g.castle(Seat::Left).hp, 9);
    assert_eq!(g.unit(knight).unwrap().damage, 1, "the castle strikes back");
}

#[test]
fn enemy_units_counter_attack_the_players_attacks() {
    let mut g = game();
    let knight = place(&mut g, Seat::Player, "Knight", "c3");
    let enemy = place(&mut g, Seat::Left, "Juggernaut", "c4");
    g.apply(Action::AttackUnit {
        attacker: knight,
        target: enemy,
    })
    .unwrap();
    let jugg = g.catalog().kind(kind(&g, "Juggernaut")).attack;
    let knight_hp = g.catalog().kind(kind(&g, "Knight")).hp;
    if jugg >= knight_hp {
        assert!(g.unit(knight).is_none());
    } else {
        assert_eq!(g.unit(knight).unwrap().damage, jugg);
    }
}
