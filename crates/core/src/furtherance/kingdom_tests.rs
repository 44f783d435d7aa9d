//! Tests of the kingdom (kingdom.rs, workers.rs): solo setup, the one unit deck, the worker
//! actions and their limits, the research and upgrade questions, VP counted by the app, and
//! saves from before the kingdom.

use super::kingdom::{Kingdom, Market, refill, take_from};
use super::test_support::*;
use super::*;

fn gold(g: &mut Game, gold: u32) {
    g.apply(Action::SetGold { gold }).unwrap();
}

fn recruit(g: &mut Game, name: &str, square: &str) -> Result<Vec<Step>, RuleError> {
    g.apply(Action::Recruit {
        unit: name.into(),
        square: sq(square),
    })
}

#[test]
fn solo_setup_gives_four_gold_two_workers_a_leader_and_three_face_up_cards_a_deck() {
    let g = game();
    assert_eq!(g.ledger().gold, 4);
    assert_eq!(g.ledger().workers, 2);
    assert_eq!(g.actions_left(), 2);
    let k = g.kingdom();
    assert!(k.leader.is_some(), "a leader drawn at random");
    assert_eq!(k.units_market.len(), 3);
    assert_eq!(k.items_market.len(), 3);
    assert_eq!(k.buildings_market.len(), 3);
    assert!(g.deck_conserved().is_ok());
    // Another seed may draw another leader; the same seed always the same.
    let again = Game::standard(Settings::default(), 7).unwrap();
    assert_eq!(again.kingdom().leader, k.leader);
}

#[test]
fn the_player_may_pick_their_leader_instead() {
    let cards = Cards::bundled().unwrap();
    let payne = cards.find(CardKind::Leader, "payne the planner").unwrap();
    let g = Game::setup(
        Settings::default(),
        Board::standard(),
        Catalog::bundled().unwrap(),
        cards,
        7,
        Some(payne),
    );
    assert_eq!(g.kingdom().leader, Some(payne));
}

#[test]
fn a_duplicate_flipped_into_a_market_stacks_and_another_is_flipped() {
    let mut deck = vec![4u16, 3, 1, 1, 2];
    let mut slots: Vec<Vec<u16>> = Vec::new();
    refill(&mut slots, || deck.pop());
    assert_eq!(slots, vec![vec![2], vec![1, 1], vec![3]]);
    assert_eq!(deck, vec![4]);
}

#[test]
fn a_card_taken_from_a_market_is_replaced_in_its_place() {
    let mut deck = vec![9u16, 3, 2, 1];
    let mut slots: Vec<Vec<u16>> = Vec::new();
    refill(&mut slots, || deck.pop());
    assert_eq!(slots, vec![vec![1], vec![2], vec![3]]);
    assert!(take_from(&mut slots, 2));
    refill(&mut slots, || deck.pop());
    assert_eq!(slots, vec![vec![1], vec![9], vec![3]]);
    // With the deck out, the emptied place is dropped.
    assert!(take_from(&mut slots, 9));
    refill(&mut slots, || deck.pop());
    assert_eq!(slots, vec![vec![1], vec![3]]);
}

#[test]
fn the_enemies_spawn_from_the_same_unit_deck_as_the_market() {
    let mut g = game();
    let before = g.deck().unwrap().len();
    // 36 cards, 3 of them face up in the market.
    assert_eq!(before + 3, 36);
    enemy_phase(&mut g);
    assert_eq!(g.units_of(Seat::Left).count(), 1);
    assert_eq!(g.deck().unwrap().len(), before - 1);
    assert!(g.deck_conserved().is_ok());
}

#[test]
fn check_refuses_a_save_with_a_unit_more_times_than_the_deck_holds() {
    let mut g = game();
    let knight = kind(&g, "Knight");
    g.kingdom.units_market.push(vec![knight]);
    let e = g.check().unwrap_err().to_string();
    assert!(e.contains("Knight has 5 cards"), "{e}");
}

#[test]
fn the_one_deck_holds_through_random_and_greedy_play() {
    use super::sim::{SimPlayer, Style, play_out};
    for style in [Style::Random, Style::Greedy] {
        for seed in 1..=6 {
            let game = Game::standard(Settings::default(), seed).unwrap();
            let mut saved = crate::doc::Saved::new("t", "New game", game);
            let mut player = SimPlayer::new(style, seed);
            play_out(&mut saved, &mut player, 12, |p| {
                let g = p.saved.current();
                if let Err(e) = g.check() {
                    panic!("{style:?} seed {seed}, after {:?}: {e}", p.action);
                }
            })
            .unwrap();
        }
    }
}

#[test]
fn a_third_worker_action_with_two_workers_is_refused() {
    let mut g = game();
    g.apply(Action::Mine {}).unwrap();
    g.apply(Action::Mine {}).unwrap();
    let e = g.apply(Action::Mine {}).unwrap_err();
    assert!(matches!(e, RuleError::NoWorkerLeft { workers: 2 }), "{e}");
    assert!(e.to_string().contains("(WORKERS"), "{e}");
    enemy_phase(&mut g);
    assert_eq!(g.actions_left(), 2, "every worker acts again next turn");
}

#[test]
fn mine_collects_four_gold() {
    let mut g = game();
    g.apply(Action::Mine {}).unwrap();
    assert_eq!(g.ledger().gold, 8);
}

#[test]
fn a_recruit_pays_its_cost_and_one_you_cannot_pay_is_refused() {
    let mut g = game();
    g.stock_market(Market::Units, "Juggernaut");
    let e = recruit(&mut g, "Juggernaut", "c1").unwrap_err();
    assert!(
        matches!(
            e,
            RuleError::CannotPay {
                cost: 5,
                gold: 4,
                ..
            }
        ),
        "{e}"
    );
    assert!(g.units().is_empty());
    gold(&mut g, 10);
    recruit(&mut g, "Juggernaut", "c1").unwrap();
    assert_eq!(g.ledger().gold, 5);
    assert!(g.unit_at(sq("c1")).is_some_and(|u| u.new));
    assert!(g.deck_conserved().is_ok());
}

#[test]
fn a_recruit_comes_from_the_units_market_or_research_only() {
    let mut g = game();
    gold(&mut g, 20);
    let face_up: Vec<String> = g
        .kingdom()
        .units_market
        .iter()
        .map(|s| g.catalog().kind(s[0]).name.clone())
        .collect();
    let absent = g
        .catalog()
        .ids()
        .map(|k| g.catalog().kind(k).name.clone())
        .find(|n| !face_up.contains(n))
        .unwrap();
    let e = recruit(&mut g, &absent, "c1").unwrap_err();
    assert!(matches!(e, RuleError::NotForSale { .. }), "{e}");
    let deck_before = g.deck().unwrap().len();
    recruit(&mut g, &face_up[0], "c1").unwrap();
    assert_eq!(g.kingdom().units_market.len(), 3, "the market is refilled");
    assert!(g.deck().unwrap().len() < deck_before);
}

#[test]
fn buy_takes_up_to_two_items_and_refills_the_market_between() {
    let mut g = game();
    gold(&mut g, 20);
    g.stock_market(Market::Items, "Potion");
    g.stock_market(Market::Items, "Report");
    g.apply(Action::Buy {
        items: vec!["Potion".into(), "Report".into()],
    })
    .unwrap();
    assert_eq!(g.kingdom().items.len(), 2);
    assert_eq!(g.ledger().gold, 20 - 3 - 2);
    assert_eq!(g.actions_left(), 1, "one worker bought both");
    let e = g
        .apply(Action::Buy {
            items: vec!["Nothing".into()],
        })
        .unwrap_err();
    assert!(matches!(e, RuleError::NotForSale { .. }), "{e}");
}

#[test]
fn a_refused_second_item_leaves_the_first_unbought() {
    let mut g = game();
    gold(&mut g, 3);
    g.stock_market(Market::Items, "Potion");
    g.stock_market(Market::Items, "Report");
    let before = g.clone();
    let e = g
        .apply(Action::Buy {
            items: vec!["Potion".into(), "Report".into()],
        })
        .unwrap_err();
    assert!(matches!(e, RuleError::CannotPay { .. }), "{e}");
    assert_eq!(g.kingdom(), before.kingdom());
}

#[test]
fn build_pays_places_turn_counters_and_allows_two_under_construction() {
    let mut g = game();
    gold(&mut g, 40);
    g.stock_market(Market::Buildings, "Walls");
    g.stock_market(Market::Buildings, "Church");
    g.stock_market(Market::Buildings, "Library");
    g.apply(Action::Build {
        building: "Walls".into(),
    })
    .unwrap();
    assert_eq!(g.ledger().gold, 36);
    assert_eq!(g.kingdom().buildings[0].counters, 2);
    assert_eq!(g.ledger().buildings, 1);
    g.apply(Action::Build {
        building: "Church".into(),
    })
    .unwrap();
    enemy_phase(&mut g);
    let e = g
        .apply(Action::Build {
            building: "Library".into(),
        })
        .unwrap_err();
    assert_eq!(e, RuleError::TooManyUnderConstruction);
    assert!(e.to_string().contains("(BUILDINGS)"));
}

#[test]
fn develop_removes_a_counter_and_the_last_puts_the_building_in_play() {
    let mut g = game();
    gold(&mut g, 40);
    g.stock_market(Market::Buildings, "Church");
    g.apply(Action::Build {
        building: "Church".into(),
    })
    .unwrap();
    let e = g
        .apply(Action::Develop {
            card: "Library".into(),
        })
        .unwrap_err();
    assert!(matches!(e, RuleError::NothingToDevelop(_)), "{e}");
    g.apply(Action::Develop {
        card: "Church".into(),
    })
    .unwrap();
    assert_eq!(g.total_vp(), 0, "not in play yet");
    enemy_phase(&mut g);
    for _ in 0..2 {
        g.apply(Action::Develop {
            card: "church".into(),
        })
        .unwrap();
    }
    assert_eq!(g.kingdom().buildings[0].counters, 0);
    assert_eq!(
        g.total_vp(),
        1,
        "the Church's sample VP counts while it stands"
    );
}

#[test]
fn research_keeps_one_card_puts_one_on_the_bottom_and_one_on_top() {
    let mut g = game();
    let steps = g
        .apply(Action::Research {
            deck: Market::Units,
        })
        .unwrap();
    assert!(matches!(steps.last(), Some(Step::NeedsChoice { .. })));
    assert!(
        g.deck_conserved().is_ok(),
        "the looked-at cards are counted"
    );
    g.check().unwrap();
    g.apply(Action::Answer { option: 1 }).unwrap();
    assert_eq!(g.kingdom().research.len(), 1);
    assert!(g.deck_conserved().is_ok());
    // A researched unit can be recruited.
    gold(&mut g, 20);
    let name = g.card_name(g.kingdom().research[0]);
    recruit(&mut g, &name, "d1").unwrap();
    assert!(g.kingdom().research.is_empty() || g.kingdom().units_market.len() == 3);
}

#[test]
fn upgrade_costs_five_gold_and_gives_three_turn_counters() {
    let mut g = game();
    let e = g.apply(Action::Upgrade {}).unwrap_err();
    assert!(matches!(e, RuleError::CannotPay { cost: 5, .. }), "{e}");
    gold(&mut g, 5);
    g.apply(Action::Upgrade {}).unwrap();
    assert!(g.pending().is_some());
    g.apply(Action::Answer { option: 1 }).unwrap();
    assert_eq!(g.ledger().gold, 0);
    assert_eq!(g.kingdom().upgrades[0].counters, 3);
}

#[test]
fn marketplace_pays_one_gold_back_after_a_recruit() {
    let mut g = game();
    gold(&mut g, 20);
    g.stock_market(Market::Buildings, "Marketplace");
    g.apply(Action::Build {
        building: "Marketplace".into(),
    })
    .unwrap();
    g.apply(Action::Develop {
        card: "Marketplace".into(),
    })
    .unwrap();
    enemy_phase(&mut g);
    g.apply(Action::Develop {
        card: "Marketplace".into(),
    })
    .unwrap();
    let before = g.ledger().gold;
    g.stock_market(Market::Units, "Fighter");
    recruit(&mut g, "Fighter", "e1").unwrap();
    assert_eq!(g.ledger().gold, before - 2 + 1);
}

#[test]
fn vp_of_a_bought_card_are_counted_and_four_vp_win_at_once() {
    let mut g = game();
    gold(&mut g, 30);
    g.ledger.vp = 3;
    g.stock_market(Market::Items, "Sample Trophy");
    let steps = g
        .apply(Action::Buy {
            items: vec!["Sample Trophy".into()],
        })
        .unwrap();
    assert_eq!(g.total_vp(), 4);
    assert_eq!(g.outcome(), Some(Outcome::Won));
    assert!(matches!(steps.last(), Some(Step::GameOver { .. })));
}

#[test]
fn the_holy_grail_gives_two_vp_only_on_the_centre_square() {
    let mut g = game();
    gold(&mut g, 30);
    g.stock_market(Market::Items, "Holy Grail");
    g.apply(Action::Buy {
        items: vec!["Holy Grail".into()],
    })
    .unwrap();
    let id = place(&mut g, Seat::Player, "Knight", "d3");
    g.apply(Action::UseItem {
        item: "Holy Grail".into(),
        unit: Some(id),
    })
    .unwrap();
    assert_eq!(g.total_vp(), 0, "d3 is not the centre");
    g.apply(Action::Relocate {
        unit: id,
        to: g.board().centre(),
    })
    .unwrap();
    assert_eq!(g.total_vp(), 2);
}

#[test]
fn a_dying_player_unit_asks_to_pay_two_gold_for_research() {
    let mut g = game();
    let id = place(&mut g, Seat::Player, "Fighter", "d3");
    g.apply(Action::SetDamage {
        unit: id,
        damage: 9,
    })
    .unwrap();
    let p = g.pending().expect("the rescue question");
    assert!(p.question.contains("pay 2 gold"), "{}", p.question);
    g.apply(Action::Answer { option: 1 }).unwrap();
    assert_eq!(g.ledger().gold, 2);
    assert_eq!(g.kingdom().research.len(), 1);
    assert!(g.deck_conserved().is_ok());
}

#[test]
fn a_save_from_before_the_kingdom_still_loads_and_plays() {
    // A game as saved before the kingdom: the whole unit deck in the pile.
    let mut g = game();
    for slot in std::mem::take(&mut g.kingdom.units_market) {
        for k in slot {
            g.deck.as_mut().unwrap().put_top(k);
        }
    }
    let mut v = serde_json::to_value(&g).unwrap();
    let o = v.as_object_mut().unwrap();
    o.remove("kingdom");
    o.remove("cards");
    let mut old: Game = serde_json::from_value(v).unwrap();
    assert_eq!(old.kingdom(), &Kingdom::default());
    assert!(old.check().is_ok());
    // An old recruit action (by unit type number) still reads.
    let a: Action = serde_json::from_str(r#"{"action":"recruit","kind":0,"square":"c1"}"#).unwrap();
    old.apply(a).unwrap();
    old.apply(Action::Mine {}).unwrap();
    assert!(
        old.kingdom().dealt,
        "the item and building decks are dealt on first use"
    );
    assert!(old.check().is_ok());
}

fn finished(g: &mut Game, name: &str) {
    let card = g.cards().find(CardKind::Building, name).unwrap();
    g.kingdom.buildings.push(super::kingdom::Held {
        card,
        counters: 0,
        damage: 0,
    });
    g.ledger.buildings = g.building_count();
}

#[test]
fn walls_must_take_the_hits_on_your_castle_so_the_castle_damage_is_not_offered() {
    let mut g = game();
    finished(&mut g, "Walls");
    place(&mut g, Seat::Player, "Knight", "c1");
    // A Left unit next to the castle and to no unit of yours but the one inside.
    let id = place(&mut g, Seat::Left, "Fighter", "e2");
    g.apply(Action::EndTurn {}).unwrap();
    let mut asked = None;
    for _ in 0..200 {
        match g.advance() {
            Ok(Step::NeedsChoice { options, .. }) => {
                asked = Some(options);
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let options = asked.expect("the defence question");
    assert!(
        !options.iter().any(|o| o.contains("castle takes")),
        "{options:?}"
    );
    assert!(options.iter().any(|o| o.contains("Walls")), "{options:?}");
    let _ = id;
}

#[test]
fn walls_fall_at_five_damage_and_the_castle_is_untouched() {
    let mut g = game();
    finished(&mut g, "Walls");
    g.kingdom.buildings[0].damage = 4;
    place(&mut g, Seat::Left, "Knight", "d2");
    enemy_phase(&mut g);
    assert_eq!(
        g.castle(Seat::Player).hp,
        10 - 1,
        "only the hit after the Walls fell"
    );
    assert!(
        g.kingdom().buildings.is_empty(),
        "the Walls fell at 5 damage"
    );
}

#[test]
fn a_guard_tower_strikes_the_unit_attacking_your_castle() {
    let mut g = game();
    finished(&mut g, "Guard Tower");
    let id = place(&mut g, Seat::Left, "Juggernaut", "d2");
    g.apply(Action::EndTurn {}).unwrap();
    let steps = run_defaults(&mut g);
    let hit = steps
        .iter()
        .find_map(|s| match s {
            Step::CastleAttacked {
                attacker, counter, ..
            } if attacker.id == id => *counter,
            _ => None,
        })
        .expect("the castle attack");
    assert_eq!(hit, 2, "the castle's 1 and the Guard Tower's 1");
}

/// One simulated game on `difficulty` from `seed`: (outcome, last round, whether the Right
/// castle took a turn, castles destroyed).
fn simulated(
    style: sim::Style,
    difficulty: Difficulty,
    seed: u64,
    rounds: u32,
) -> (Option<Outcome>, u32, bool, u32) {
    let settings = Settings {
        difficulty,
        ..Settings::default()
    };
    let game = Game::standard(settings, seed).unwrap();
    let mut saved = crate::doc::Saved::new("t", "New game", game);
    let mut player = sim::SimPlayer::new(style, seed);
    let (mut right, mut destroyed) = (false, 0);
    sim::play_out(&mut saved, &mut player, rounds, |p| {
        for e in p.saved.current().explained() {
            match &e.step {
                Step::TurnStarts {
                    castle: Seat::Right,
                    ..
                } => right = true,
                Step::CastleDestroyed { .. } => destroyed += 1,
                _ => {}
            }
        }
    })
    .unwrap();
    let g = saved.current();
    (g.outcome(), g.round(), right, destroyed)
}

#[test]
fn the_greedy_player_keeping_a_kingdom_reaches_a_round_where_right_takes_a_turn() {
    let reached = (1..=20)
        .filter(|seed| simulated(sim::Style::Greedy, Difficulty::Normal, *seed, 60).2)
        .count();
    assert!(reached >= 1, "Right took a turn in none of seeds 1-20");
}

/// The won/lost table of docs/furtherance.md: `cargo test -p tablemate-core
/// print_the_simulated_players_table -- --ignored --nocapture`.
#[test]
#[ignore]
fn print_the_simulated_players_table() {
    for style in [sim::Style::Greedy, sim::Style::Random] {
        for difficulty in Difficulty::ALL.iter().copied() {
            let (mut won, mut lost, mut open, mut right, mut destroyed) = (0, 0, 0, 0, 0);
            let mut rounds = Vec::new();
            let mut with_destroyed = Vec::new();
            for seed in 1..=20 {
                let (o, r, rt, d) = simulated(style, difficulty, seed, 60);
                if d > 0 {
                    with_destroyed.push(seed);
                }
                match o {
                    Some(Outcome::Won) => won += 1,
                    Some(Outcome::Lost) => lost += 1,
                    None => open += 1,
                }
                right += usize::from(rt);
                destroyed += d;
                rounds.push(r);
            }
            rounds.sort();
            println!(
                "| {} | {} | {won} | {lost} | {open} | {} / {} / {} | {right} | {destroyed} |",
                style.as_str(),
                difficulty.title().to_lowercase(),
                rounds[0],
                rounds[rounds.len() / 2],
                rounds[rounds.len() - 1]
            );
            println!("  seeds with a castle destroyed: {with_destroyed:?}");
        }
    }
}

#[test]
fn a_castle_hp_hand_edit_says_where_the_hourglass_counters_went() {
    let mut g = game();
    let steps = g
        .apply(Action::SetCastleHp {
            castle: Seat::Across,
            hp: 1,
        })
        .unwrap();
    let text = steps[0].text();
    assert!(text.contains("10 hourglass counter(s) moved"), "{text}");
}

#[test]
fn an_invincibility_cloak_stops_the_enemy_turn_before_the_damage_and_asks() {
    let mut g = game();
    gold(&mut g, 20);
    g.stock_market(Market::Items, "Invincibility Cloak");
    g.apply(Action::Buy {
        items: vec!["Invincibility Cloak".into()],
    })
    .unwrap();
    let mine = place(&mut g, Seat::Player, "Knight", "d3");
    place(&mut g, Seat::Left, "Fighter", "c3");
    g.apply(Action::EndTurn {}).unwrap();
    let mut asked = None;
    for _ in 0..200 {
        match g.advance() {
            Ok(Step::NeedsChoice { question, .. }) => {
                asked = Some(question);
                break;
            }
            Ok(_) => {}
            Err(_) => break,
        }
    }
    let q = asked.expect("the cloak question");
    assert!(q.contains("Invincibility Cloak"), "{q}");
    assert_eq!(
        g.unit(mine).unwrap().damage,
        0,
        "asked before the damage lands"
    );
    g.answer(0).unwrap();
    g.advance().unwrap();
    assert_eq!(g.unit(mine).unwrap().damage, 0, "the cloak took the damage");
    assert!(g.kingdom().items.is_empty(), "the cloak is used up");
}

#[test]
fn check_refuses_a_kingdom_over_the_books_limits() {
    let mut g = game();
    g.kingdom.items = vec![0; 6];
    let e = g.check().unwrap_err().to_string();
    assert!(e.contains("at most 5"), "{e}");
}
