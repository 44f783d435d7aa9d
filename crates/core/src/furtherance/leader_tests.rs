//! Tests of the leader powers (leaders.rs), the upgraded workers' effects (upgrades.rs) and
//! the items that act when your unit is attacked or must be used as a sixth (items.rs).

use super::kingdom::{Held, Market, take_from};
use super::test_support::*;
use super::*;

/// A standard game (seed 7) led by the bundled leader `name`.
fn led_by(name: &str) -> Game {
    let cards = Cards::bundled().unwrap();
    let leader = cards.find(CardKind::Leader, name).unwrap();
    let mut g = Game::setup(
        Settings::default(),
        Board::standard(),
        Catalog::bundled().unwrap(),
        cards,
        7,
        Some(leader),
    );
    g.apply(Action::SetGold { gold: 30 }).unwrap();
    g
}

/// Puts item `name` in your hand straight from its deck (a hand-worked position).
fn hold(g: &mut Game, name: &str) {
    let card = g.cards().find(CardKind::Item, name).unwrap();
    g.stock_market(Market::Items, name);
    assert!(take_from(&mut g.kingdom.items_market, card));
    g.kingdom.items.push(card);
    g.kingdom.refill_market(Market::Items);
}

/// A finished upgraded worker `name` in your kingdom.
fn upgraded(g: &mut Game, name: &str) {
    let card = g.cards().find(CardKind::Upgrade, name).unwrap();
    g.kingdom.upgrades.push(Held {
        card,
        counters: 0,
        damage: 0,
    });
}

fn leader(g: &mut Game, unit: Option<UnitId>, card: Option<&str>) -> Result<Vec<Step>, RuleError> {
    g.apply(Action::LeaderPower {
        unit,
        card: card.map(str::to_string),
        square: None,
    })
}

#[test]
fn audric_puts_a_plus_one_hp_counter_that_stays_when_the_unit_is_damaged() {
    let mut g = led_by("Audric the Augmenter");
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    leader(&mut g, Some(knight), None).unwrap();
    let u = g.unit(knight).unwrap();
    assert_eq!((u.hp_bonus, g.hp(u)), (1, 4), "Knight 3 HP + 1 counter");
    assert_eq!(g.actions_left(), 2, "the leader's power uses no worker");
    let e = leader(&mut g, Some(knight), None).unwrap_err();
    assert!(
        matches!(e, RuleError::LeaderPowerUsed { uses: 1, .. }),
        "{e}"
    );
    g.apply(Action::SetDamage {
        unit: knight,
        damage: 3,
    })
    .unwrap();
    let u = g.unit(knight).unwrap();
    assert_eq!(u.hp_bonus, 1, "+1 HP counters are not removed (INDEX)");
    assert!(!g.is_dead(u), "3 damage on 4 HP");
    // A new turn, a new use.
    enemy_phase(&mut g);
    leader(&mut g, Some(knight), None).unwrap();
    assert_eq!(g.unit(knight).unwrap().hp_bonus, 2);
}

#[test]
fn another_leaders_power_is_refused_on_a_unit() {
    let mut g = led_by("Vari");
    let knight = place(&mut g, Seat::Player, "Knight", "d2");
    let e = leader(&mut g, Some(knight), None).unwrap_err().to_string();
    assert!(e.contains("not one the app applies"), "{e}");
    assert_eq!(g.unit(knight).unwrap().hp_bonus, 0);
}

#[test]
fn removing_a_payne_counter_gives_a_complete_second_turn() {
    let mut g = led_by("Payne the Planner");
    assert_eq!(g.kingdom().leader_counters, 3, "the leaders file's turns");
    let knight = place(&mut g, Seat::Player, "Knight", "c2");
    g.apply(Action::Move {
        unit: knight,
        to: sq("c4"),
    })
    .unwrap();
    g.apply(Action::Mine {}).unwrap();
    g.apply(Action::Develop {
        card: "Payne the Planner".into(),
    })
    .unwrap();
    assert_eq!(g.kingdom().leader_counters, 2);
    assert_eq!(g.actions_left(), 2, "every worker again");
    assert_eq!(g.unit(knight).unwrap().moved, 0, "every unit again");
    g.apply(Action::Move {
        unit: knight,
        to: sq("d4"),
    })
    .unwrap();
    // Without Payne, his name is nothing to develop.
    let mut other = led_by("Vari");
    let e = other
        .apply(Action::Develop {
            card: "Payne the Planner".into(),
        })
        .unwrap_err();
    assert!(matches!(e, RuleError::NothingToDevelop(_)), "{e}");
}

#[test]
fn in_solo_troshs_power_works_on_only_one_of_two_workers() {
    let mut g = led_by("Trosh");
    g.apply(Action::SetGold { gold: 0 }).unwrap();
    g.apply(Action::Mine {}).unwrap();
    assert_eq!(
        g.ledger().gold,
        6,
        "4 + Trosh's 2 (the sample card's boost)"
    );
    g.apply(Action::Mine {}).unwrap();
    assert_eq!(g.ledger().gold, 10, "the second worker mines the usual 4");
    enemy_phase(&mut g);
    g.apply(Action::Mine {}).unwrap();
    assert_eq!(g.ledger().gold, 16, "again on one worker the next turn");
}

#[test]
fn dedric_acquires_without_a_worker_under_the_usual_limits() {
    let mut g = led_by("Dedric the Discerning");
    g.stock_market(Market::Items, "Potion");
    let gold = g.ledger().gold;
    leader(&mut g, None, Some("Potion")).unwrap();
    assert_eq!(g.kingdom().items.len(), 1);
    assert_eq!(g.actions_left(), 2, "no worker used");
    assert_eq!(g.ledger().gold, gold - 3, "paid as usual");
    let e = leader(&mut g, None, Some("Potion")).unwrap_err();
    assert!(matches!(e, RuleError::LeaderPowerUsed { .. }), "{e}");
    // Next turn: a full castle refuses a unit, as a recruit would be (INDEX: Dedric).
    enemy_phase(&mut g);
    for s in ["c1", "d1", "e1"] {
        place(&mut g, Seat::Player, "Fighter", s);
    }
    let unit = g.kingdom().units_market[0][0];
    let name = g.catalog().kind(unit).name.clone();
    let e = g
        .apply(Action::LeaderPower {
            unit: None,
            card: Some(name),
            square: Some(sq("d1")),
        })
        .unwrap_err();
    assert!(matches!(e, RuleError::Occupied(_)), "{e}");
    // A sixth item must be used at once, as for a Buy.
    for name in ["Report", "Report", "Sharpener", "Backup Plan"] {
        hold(&mut g, name);
    }
    g.stock_market(Market::Items, "Hammer");
    let steps = leader(&mut g, None, Some("Hammer")).unwrap();
    assert!(
        matches!(steps.last(), Some(Step::NeedsChoice { question, .. }) if question.contains("6 items")),
        "{steps:?}"
    );
}

#[test]
fn an_upgraded_miner_mines_more_when_it_takes_the_mine_action() {
    let mut g = game();
    upgraded(&mut g, "Miner");
    g.apply(Action::SetGold { gold: 0 }).unwrap();
    let steps = g.apply(Action::Mine {}).unwrap();
    assert_eq!(g.ledger().gold, 6, "the sample Miner: 2 more");
    assert!(
        steps[0].text().contains("Your Miner mines 6"),
        "{:?}",
        steps[0]
    );
    g.apply(Action::Mine {}).unwrap();
    assert_eq!(g.ledger().gold, 10, "the other worker is a plain one");
    assert!(g.kingdom_view().upgrades[0].acted);
}

#[test]
fn an_upgrade_in_training_does_nothing_until_its_last_counter_is_removed() {
    let mut g = game();
    let miner = g.cards().find(CardKind::Upgrade, "Miner").unwrap();
    g.kingdom.upgrades.push(Held {
        card: miner,
        counters: 1,
        damage: 0,
    });
    g.apply(Action::SetGold { gold: 0 }).unwrap();
    g.apply(Action::Mine {}).unwrap();
    assert_eq!(g.ledger().gold, 4);
    g.apply(Action::Develop {
        card: "Miner".into(),
    })
    .unwrap();
    enemy_phase(&mut g);
    g.apply(Action::Mine {}).unwrap();
    assert_eq!(g.ledger().gold, 10, "4 + the trained Miner's 6");
}

#[test]
fn upgraded_builders_merchants_and_recruiters_pay_less() {
    let mut g = game();
    upgraded(&mut g, "Recruiter");
    g.apply(Action::SetGold { gold: 10 }).unwrap();
    g.stock_market(Market::Units, "Knight");
    g.apply(Action::Recruit {
        unit: "Knight".into(),
        square: sq("d1"),
    })
    .unwrap();
    assert_eq!(g.ledger().gold, 8, "Knight 3 - the Recruiter's 1");
    let mut g = game();
    upgraded(&mut g, "Builder");
    g.apply(Action::SetGold { gold: 10 }).unwrap();
    g.stock_market(Market::Buildings, "Walls");
    g.apply(Action::Build {
        building: "Walls".into(),
    })
    .unwrap();
    assert_eq!(g.ledger().gold, 8, "Walls 4 - the Builder's 2");
    let mut g = game();
    upgraded(&mut g, "Merchant");
    g.apply(Action::SetGold { gold: 10 }).unwrap();
    g.stock_market(Market::Items, "Potion");
    g.apply(Action::Buy {
        items: vec!["Potion".into()],
    })
    .unwrap();
    assert_eq!(g.ledger().gold, 8, "Potion 3 - the Merchant's 1");
}

#[test]
fn a_scientist_looks_at_one_more_card_and_puts_the_others_to_the_bottom() {
    let mut g = game();
    upgraded(&mut g, "Scientist");
    let steps = g
        .apply(Action::Research {
            deck: Market::Items,
        })
        .unwrap();
    let Some(Step::NeedsChoice { options, .. }) = steps.last() else {
        panic!("{steps:?}")
    };
    let looked = match &g.pending.as_ref().unwrap().resume {
        agenda::Resume::Research { looked, .. } => looked.len(),
        other => panic!("{other:?}"),
    };
    assert_eq!(looked, 4, "3 + the sample Scientist's 1");
    assert!(
        options[0].contains(" and "),
        "two to the bottom: {}",
        options[0]
    );
    let items = g.kingdom().items_deck.as_ref().unwrap().len();
    g.answer(0).unwrap();
    assert_eq!(g.kingdom().research.len(), 1);
    assert_eq!(g.kingdom().items_deck.as_ref().unwrap().len(), items + 3);
    assert!(g.check().is_ok());
}

#[test]
fn a_sixth_item_must_be_used_at_once() {
    let mut g = game();
    g.apply(Action::SetGold { gold: 30 }).unwrap();
    for name in ["Report", "Report", "Sharpener", "Backup Plan", "Hourglass"] {
        hold(&mut g, name);
    }
    g.stock_market(Market::Items, "Hammer");
    let steps = g
        .apply(Action::Buy {
            items: vec!["Hammer".into()],
        })
        .unwrap();
    let Some(Step::NeedsChoice {
        question, options, ..
    }) = steps.last()
    else {
        panic!("{steps:?}")
    };
    assert!(question.contains("use one now"), "{question}");
    assert_eq!(options.len(), 5, "each item once: {options:?}");
    assert!(g.check().is_ok(), "six items while the question waits");
    g.answer(4).unwrap();
    assert_eq!(g.kingdom().items.len(), 5);
    assert!(
        !g.kingdom()
            .items
            .contains(&g.cards().find(CardKind::Item, "Hammer").unwrap())
    );
    // A seventh is refused: one must be used before the next buy.
    g.stock_market(Market::Items, "Potion");
    g.stock_market(Market::Items, "Hourglass");
    let e = g
        .apply(Action::Buy {
            items: vec!["Potion".into(), "Hourglass".into()],
        })
        .unwrap_err();
    assert_eq!(e, RuleError::TooManyItems);
}

#[test]
fn a_potion_is_offered_after_an_enemy_attack_your_unit_survives() {
    let mut g = game();
    hold(&mut g, "Potion");
    let mine = place(&mut g, Seat::Player, "Juggernaut", "d3");
    place(&mut g, Seat::Left, "Fighter", "c3");
    g.apply(Action::EndTurn {}).unwrap();
    let mut asked = None;
    for _ in 0..200 {
        match g.advance() {
            Ok(Step::NeedsChoice {
                question,
                options,
                default,
            }) => {
                asked = Some((question, options, default));
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let (q, options, default) = asked.expect("the potion question");
    assert!(q.contains("survived the attack"), "{q}");
    assert_eq!(options.last().map(String::as_str), Some("Not now"));
    assert_eq!(default, options.len() - 1, "keeping it is the default");
    assert_eq!(g.unit(mine).unwrap().damage, 2, "asked after the damage");
    assert_eq!(g.question_squares()[0], Some(sq("d3")));
    g.answer(0).unwrap();
    assert_eq!(g.unit(mine).unwrap().damage, 0, "the Potion took it off");
    assert!(g.kingdom().items.is_empty());
    run_defaults(&mut g);
    assert!(g.check().is_ok());
}

#[test]
fn an_item_may_be_used_between_two_enemy_steps() {
    let mut g = game();
    hold(&mut g, "Potion");
    let mine = place(&mut g, Seat::Player, "Juggernaut", "d2");
    g.apply(Action::SetDamage {
        unit: mine,
        damage: 2,
    })
    .unwrap();
    g.apply(Action::EndTurn {}).unwrap();
    g.advance().unwrap();
    assert_eq!(g.phase, Phase::Enemy);
    g.apply(Action::UseItem {
        item: "Potion".into(),
        unit: Some(mine),
    })
    .unwrap();
    assert_eq!(g.unit(mine).unwrap().damage, 0);
    assert_eq!(
        g.phase,
        Phase::Enemy,
        "the enemy turn goes on with Next step"
    );
    // Other actions still wait for your turn.
    let e = g.apply(Action::Mine {}).unwrap_err();
    assert_eq!(e, RuleError::EnemyTurn);
}

#[test]
fn the_kingdom_view_lists_upgrades_with_what_they_apply() {
    let mut g = led_by("Payne the Planner");
    upgraded(&mut g, "Miner");
    let v = g.kingdom_view();
    assert_eq!(v.upgrades[0].applies, "mines 2 more gold");
    assert_eq!(v.leader.as_ref().unwrap().counters, Some(3));
    let json = serde_json::to_value(&v).unwrap();
    assert_eq!(json["upgrades"][0]["name"], "Miner");
    assert_eq!(json["upgrades"][0]["in_play"], true);
}

#[test]
fn a_leaders_file_with_trosh_but_no_boost_is_refused() {
    let text = crate::datafile::edited_bundled(cards::LEADERS_PATH, |v| {
        let trosh = v["cards"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|c| c["name"] == "Trosh")
            .unwrap();
        trosh.as_object_mut().unwrap().remove("boost");
    });
    let e = CardsFile::parse(&text, CardKind::Leader).unwrap_err();
    assert!(e.to_string().contains("Trosh needs a boost"), "{e}");
}

#[test]
fn an_upgraded_worker_effect_without_an_amount_is_refused() {
    let text = crate::datafile::edited_bundled(cards::UPGRADES_PATH, |v| {
        v["cards"][0].as_object_mut().unwrap().remove("amount");
    });
    let e = CardsFile::parse(&text, CardKind::Upgrade).unwrap_err();
    assert!(e.to_string().starts_with("cards[0]") && e.to_string().contains("amount"), "{e}");
}
