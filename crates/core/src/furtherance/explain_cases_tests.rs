//! Explanations right in every case (issue 32, section 4): each case was seen in a review
//! with a reason that named the wrong rule, no reason at all, or a reason that was not true.
//! Hand-worked positions of the standard board (your castle c1 d1 e1; Left a3 a4 a5).

use super::explain::{Explained, NoCounter, Reason, Rule, Turn, describe};
use super::test_support::*;
use super::*;

fn explained_for(g: &Game, pick: impl Fn(&Step) -> bool) -> Explained {
    g.explained()
        .iter()
        .find(|e| pick(&e.step))
        .cloned()
        .unwrap_or_else(|| panic!("no such step in {:#?}", g.explained()))
}

fn attack_by(g: &Game, id: UnitId) -> Explained {
    explained_for(
        g,
        |s| matches!(s, Step::Attack { attacker, .. } | Step::CastleAttacked { attacker, .. } if attacker.id == id),
    )
}

/// A game under the setting where an enemy castle's strongest unit inside defends it.
fn strongest_defends() -> Game {
    game_with(Settings {
        enemy_castle_defence: EnemyCastleDefence::DefendWithStrongest,
        ..Settings::default()
    })
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
fn a_unit_that_does_not_strike_back_names_the_no_counter_attacks_ability() {
    let mut g = game();
    let raider = place(&mut g, Seat::Left, "Sample Raider", "c4");
    let mine = place(&mut g, Seat::Player, "Knight", "c3");
    sturdy(&mut g, &[raider, mine]);
    enemy_phase(&mut g);
    let e = attack_by(&g, raider);
    let cause = e.reasons.why.iter().find_map(|r| match r {
        Reason::NoStrikeBack { cause, .. } => Some(cause.clone()),
        _ => None,
    });
    assert_eq!(
        cause,
        Some(NoCounter::Ability {
            unit: "Left's Sample Raider".into(),
            ability: "No counter attacks".into(),
        })
    );
    let text = e.text();
    assert!(
        text.contains(
            "your Knight does not strike back: Left's Sample Raider has \"No counter attacks\""
        ),
        "{text}"
    );
    assert!(text.contains(Rule::NoCounterAttacks.cite()), "{text}");
    assert!(!text.contains("reach setting"), "{text}");
}

#[test]
fn a_unit_with_no_attack_does_not_strike_back_because_it_has_no_attack() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c4");
    let civilians = place(&mut g, Seat::Player, "Civilians", "c3");
    sturdy(&mut g, &[knight, civilians]);
    enemy_phase(&mut g);
    let e = attack_by(&g, knight);
    assert!(e.reasons.why.contains(&Reason::NoStrikeBack {
        by: "your Civilians".into(),
        cause: NoCounter::NoAttack,
    }));
    let text = e.text();
    assert!(text.contains("it has no attack"), "{text}");
    assert!(!text.contains("an ability"), "{text}");
}

/// Seen at seed 24, round 4: a Raider beside a Knight recruited that turn "attacks your castle:
/// it is next to none of your units", and no defence question came, unexplained.
#[test]
fn a_raider_beside_a_new_recruit_says_it_passed_it_over_and_why_no_defence_question_came() {
    let mut g = game();
    let raider = place(&mut g, Seat::Left, "Sample Raider", "c2");
    g.apply(Action::Recruit {
        unit: crate::furtherance::UnitName::Kind(kind(&g, "Knight")),
        square: sq("c1"),
    })
    .unwrap();
    let knight = g.unit_at(sq("c1")).unwrap().id;
    enemy_phase(&mut g);
    let e = attack_by(&g, raider);
    assert!(
        matches!(e.step, Step::CastleAttacked { .. }),
        "{:?}",
        e.step
    );
    assert!(!e.reasons.why.contains(&Reason::AttacksCastle));
    assert!(e.reasons.why.iter().any(|r| matches!(r,
        Reason::AttacksCastlePassingOver { spared, .. } if spared.len() == 1 && spared[0].id == knight)));
    assert!(e.reasons.why_not.iter().any(|r| matches!(r,
        Reason::NewUnitSpared { unit, .. } if unit.id == knight)));
    assert!(e.reasons.why.iter().any(|r| matches!(r,
        Reason::NoDefenceQuestion { inside, .. } if inside.len() == 1 && inside[0].id == knight)));
    let text = e.text();
    assert!(!text.contains("to none of your units"), "{text}");
    assert!(
        text.contains("your Knight (c1) beside it is passed over"),
        "{text}"
    );
    assert!(text.contains("new unit token"), "{text}");
    assert!(text.contains("no question how to take it"), "{text}");
    assert!(text.contains(Rule::NoAttackingNewUnits.cite()), "{text}");
}

#[test]
fn a_castle_attack_without_a_defender_or_building_says_why_no_question_came() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c2");
    enemy_phase(&mut g);
    let e = attack_by(&g, knight);
    assert!(e.reasons.why.contains(&Reason::AttacksCastle));
    assert!(e.reasons.why.iter().any(|r| matches!(r,
        Reason::NoDefenceQuestion { inside, .. } if inside.is_empty())));
}

#[test]
fn an_enemy_castles_defender_says_why_and_its_strike_back_cites_the_enemy_rule() {
    let mut g = strongest_defends();
    let defender = place(&mut g, Seat::Left, "Knight", "a4");
    let mine = place(&mut g, Seat::Player, "Knight", "b4");
    sturdy(&mut g, &[defender, mine]);
    g.apply(Action::AttackCastle {
        attacker: mine,
        castle: Seat::Left,
    })
    .unwrap();
    let e = attack_by(&g, mine);
    assert!(e.reasons.why.iter().any(|r| matches!(r,
        Reason::DefendsCastle { unit } if unit.id == defender)));
    let strikes = e
        .reasons
        .why
        .iter()
        .find(|r| matches!(r, Reason::StrikesBack { .. }))
        .expect("the defender strikes back");
    assert_eq!(strikes.rule(), Rule::StrikeBack);
    let text = e.text();
    assert!(
        text.contains("Left's Knight (a4) defends the Left castle"),
        "{text}"
    );
    assert!(
        !text.contains(Rule::CounterAttack.cite()),
        "an enemy unit is not bound by your must: {text}"
    );
    assert!(text.contains(Rule::StrikeBack.cite()), "{text}");
}

#[test]
fn a_unit_with_one_attack_per_turn_says_why_it_attacked_once() {
    let mut g = game();
    let brute = place(&mut g, Seat::Left, "Sample Brute", "c4");
    let mine = place(&mut g, Seat::Player, "Knight", "c3");
    sturdy(&mut g, &[brute, mine]);
    let steps = enemy_phase(&mut g);
    let attacks = steps
        .iter()
        .filter(|s| matches!(s, Step::Attack { attacker, .. } if attacker.id == brute))
        .count();
    assert_eq!(attacks, 1);
    let e = attack_by(&g, brute);
    assert!(e.reasons.why.contains(&Reason::OneAttack {
        attacker: "Left's Sample Brute".into()
    }));
    let text = e.text();
    assert!(text.contains("attacks once this turn"), "{text}");
    assert!(text.contains(Rule::OneAttack.cite()), "{text}");
}

#[test]
fn a_target_you_chose_is_not_called_a_tie_and_a_question_cites_its_rule_once() {
    let mut g = game();
    let knight = place(&mut g, Seat::Left, "Knight", "c4");
    let a = place(&mut g, Seat::Player, "Knight", "c3");
    let b = place(&mut g, Seat::Player, "Knight", "b4");
    sturdy(&mut g, &[knight, a, b]);
    g.apply(Action::EndTurn {}).unwrap();
    let steps = g.run_until_choice();
    assert!(matches!(steps.last(), Some(Step::NeedsChoice { .. })));
    let question = g.explained().last().unwrap().text();
    assert_eq!(
        question.matches(Rule::TargetTie.cite()).count(),
        1,
        "{question}"
    );
    g.apply(Action::Answer { option: 2 }).unwrap();
    g.apply(Action::Next {}).unwrap();
    let e = attack_by(&g, knight);
    assert!(e.reasons.why.contains(&Reason::TableChose {
        rule: Rule::TargetTie
    }));
    let text = e.text();
    assert!(!text.contains("tie"), "{text}");
    assert!(text.contains("you chose"), "{text}");
}

#[test]
fn every_question_prints_its_citation_once() {
    for rule in [
        Rule::MoveOrderTie,
        Rule::TargetTie,
        Rule::Ability,
        Rule::CastleDefence,
        Rule::SpawnResearchTie,
        Rule::SpawnDeck,
    ] {
        let text = describe(&Reason::YourChoice { rule });
        assert_eq!(text.matches(rule.cite()).count(), 1, "{text}");
    }
}

#[test]
fn settings_and_rulings_are_named_as_settings_not_as_the_books_requirement() {
    for rule in [
        Rule::Sacrifice,
        Rule::CounterRangeSetting,
        Rule::EnemyCastleDefenceSetting,
    ] {
        assert!(rule.is_setting());
        assert!(rule.cite().starts_with("setting"), "{}", rule.cite());
    }
    // A sacrifice.
    let mut g = game();
    g.ledger.buildings = 1;
    let arsonist = place(&mut g, Seat::Left, "Arsonist", "c2");
    enemy_phase(&mut g);
    let e = explained_for(
        &g,
        |s| matches!(s, Step::Sacrificed { unit, .. } if unit.id == arsonist),
    );
    let text = e.text();
    assert!(text.contains("setting"), "{text}");
    assert!(!text.contains("— INDEX"), "{text}");
    // A counter-attack at range, under the default setting.
    let mut g = game();
    let blocker = place(&mut g, Seat::Left, "Juggernaut", "c3");
    let archer = place(&mut g, Seat::Left, "Archer", "c4");
    let target = place(&mut g, Seat::Player, "Juggernaut", "d3");
    sturdy(&mut g, &[blocker, archer, target]);
    enemy_phase(&mut g);
    let e = attack_by(&g, archer);
    assert!(
        e.reasons
            .why
            .iter()
            .any(|r| matches!(r, Reason::StrikesBackAtRange { must: true, .. }))
    );
    let text = e.text();
    assert!(text.contains("by the default setting"), "{text}");
    assert!(text.contains(Rule::CounterRangeSetting.cite()), "{text}");
    // The enemy castle's defence reads as a setting.
    let mut g = strongest_defends();
    place(&mut g, Seat::Left, "Knight", "a4");
    let mine = place(&mut g, Seat::Player, "Knight", "b4");
    g.apply(Action::AttackCastle {
        attacker: mine,
        castle: Seat::Left,
    })
    .unwrap();
    let text = attack_by(&g, mine).text();
    assert!(text.contains("a setting chosen at setup"), "{text}");
    assert!(
        text.contains(Rule::EnemyCastleDefenceSetting.cite()),
        "{text}"
    );
}

#[test]
fn the_last_unit_to_move_moves_last_not_first() {
    let mut g = game();
    let near = place(&mut g, Seat::Left, "Knight", "c3");
    let far = place(&mut g, Seat::Left, "Knight", "b5");
    enemy_phase(&mut g);
    let e = explained_for(
        &g,
        |s| matches!(s, Step::Move { unit, .. } if unit.id == far),
    );
    assert!(e.reasons.why.iter().any(|r| matches!(r,
        Reason::MovesFirst { unit, turn: Turn::Last, .. } if unit.id == far)));
    let text = e.text();
    assert!(!text.contains("Knight (b5) moves first"), "{text}");
    assert!(text.contains("Knight (b5) moves last"), "{text}");
    let e = explained_for(
        &g,
        |s| matches!(s, Step::Move { unit, .. } if unit.id == near),
    );
    assert!(e.text().contains("moves first"), "{}", e.text());
    // A castle's only unit is neither first nor last.
    let mut g = game();
    let only = place(&mut g, Seat::Left, "Knight", "b5");
    enemy_phase(&mut g);
    let e = explained_for(
        &g,
        |s| matches!(s, Step::Move { unit, .. } if unit.id == only),
    );
    assert!(e.text().contains("its castle's only unit"), "{}", e.text());
}

#[test]
fn an_archer_blocked_by_a_unit_is_refused_for_the_unit_not_a_wall() {
    let mut g = game();
    let archer = place(&mut g, Seat::Player, "Archer", "c3");
    let mine = place(&mut g, Seat::Player, "Knight", "c4");
    let enemy = place(&mut g, Seat::Left, "Knight", "c5");
    let err = g
        .apply(Action::AttackUnit {
            attacker: archer,
            target: enemy,
        })
        .unwrap_err()
        .to_string();
    assert!(err.contains("your Knight at c4 stands in the way"), "{err}");
    assert!(!err.contains("wall"), "{err}");
    let _ = mine;
    // Over a wall it still says wall (b3 | c3).
    let mut g = game();
    let archer = place(&mut g, Seat::Player, "Archer", "b3");
    let behind = place(&mut g, Seat::Left, "Knight", "c3");
    let err = g
        .apply(Action::AttackUnit {
            attacker: archer,
            target: behind,
        })
        .unwrap_err()
        .to_string();
    assert!(err.contains("a wall stands between them"), "{err}");
}
