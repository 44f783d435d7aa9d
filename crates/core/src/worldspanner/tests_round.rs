//! The end of the Action step with heroes still in a Dome (Must leave a Dome, p. 9) and loot
//! left on the ground by a defeat (Picking up loot, p. 11), played through `Game::apply`.

use super::tests_table::{AMAZE_HIT, FAIL, P, S, blackbeard, game, h, lazar, melee, ok, refused};
use super::*;

/// Puts `hero` in Dome `number`.`slot`.
fn in_dome(g: &mut Game, hero: HeroRef, number: u8, slot: u8) -> DomeSlot {
    let dome = DomeSlot::new(DomeNumber::new(number).expect("1 to 6"), slot).expect("1 to 4");
    g.domes.place(dome, hero).expect("an empty Dome");
    g.hero_mut(hero).expect("a hero").status = HeroStatus::InDome { dome };
    dome
}

#[test]
fn ending_an_action_step_with_a_hero_in_a_dome_asks_whether_it_was_surrounded() {
    let mut g = game(vec![], vec![], Step::Action, FAIL);
    in_dome(&mut g, h(S, 1), 2, 1);
    in_dome(&mut g, h(P, 0), 3, 1);
    // The history (and a phone's "Done:") does not say the step is done: it is asked.
    let label = Action::NextStep {}.label(&g);
    assert!(label.contains("end the Action step?"), "{label}");
    let lines = ok(&mut g, Action::NextStep {});
    assert_eq!(g.rounds.step, Step::Action, "the step waits for the answer");
    assert_eq!(g.surrounded_asked, vec![h(S, 1)], "only the active team's");
    let all = lines.join("\n");
    assert!(all.contains("Sky2 is still in a Dome"), "{all}");
    assert!(all.contains("Must leave a Dome, p. 9"), "{all}");
    assert!(all.contains("tablemate answer ID N"), "{all}");
    let again = refused(&mut g, Action::NextStep {});
    assert!(again.to_string().contains("Answer first"), "{again}");
    assert!(matches!(
        refused(&mut g, Action::Answer { option: 3 }),
        RuleError::Turn(TurnError::NoSuchSurroundAnswer { option: 3 })
    ));
    let label = Action::Answer { option: 1 }.label(&g);
    assert!(label.contains("surrounded"), "{label}");
    ok(&mut g, Action::Answer { option: 1 });
    assert_eq!(g.rounds.step, Step::Reaction);
    assert!(g.surrounded_asked.is_empty());
    assert!(matches!(
        g.hero(h(S, 1)).map(|h| h.status),
        Ok(HeroStatus::InDome { .. })
    ));
}

#[test]
fn answering_not_surrounded_leaves_the_action_step_open_to_move_out() {
    let mut g = game(vec![], vec![], Step::Action, FAIL);
    in_dome(&mut g, h(S, 1), 2, 1);
    ok(&mut g, Action::NextStep {});
    let lines = ok(&mut g, Action::Answer { option: 2 });
    assert!(lines[0].contains("must move out"), "{lines:?}");
    assert_eq!(g.rounds.step, Step::Action);
    ok(&mut g, Action::LeaveDome { hero: h(S, 1) });
    ok(&mut g, Action::NextStep {});
    assert_eq!(
        g.rounds.step,
        Step::Reaction,
        "nobody left inside: no question"
    );
}

#[test]
fn acting_while_the_surround_question_waits_passes_it_over() {
    let mut g = game(vec![], vec![], Step::Action, FAIL);
    in_dome(&mut g, h(S, 1), 2, 1);
    in_dome(&mut g, h(S, 2), 2, 2);
    ok(&mut g, Action::NextStep {});
    ok(&mut g, Action::LeaveDome { hero: h(S, 1) });
    assert!(g.surrounded_asked.is_empty());
    let lines = ok(&mut g, Action::NextStep {});
    assert!(lines[0].contains("Sky3 is still in a Dome"), "{lines:?}");
    let json = serde_json::to_string(&g).expect("saves");
    let back: Game = serde_json::from_str(&json).expect("loads");
    assert_eq!(back, g);
    assert!(g.validate().is_ok());
}

#[test]
fn a_defeated_heros_gold_is_kept_on_the_ground_where_it_fell() {
    let mut g = game(vec![blackbeard()], vec![lazar()], Step::Melee, AMAZE_HIT);
    g.hero_mut(h(P, 0)).expect("Lazar").gold = 3;
    g.hero_mut(h(P, 0)).expect("Lazar").health = 1;
    ok(&mut g, melee(h(S, 0), h(P, 0), 6, 8, 3, 2));
    assert_eq!(g.hero(h(P, 0)).map(|h| h.gold).ok(), Some(0));
    assert_eq!(
        g.loot,
        vec![Loot {
            dropped_by: h(P, 0),
            gold: 3,
            round: 2,
            dome: None
        }]
    );
    assert_eq!(g.loot[0].place(&g), "where Lazar was defeated (round 2)");
    let view = g.view();
    assert_eq!(view.loot.len(), 1);
    assert_eq!(view.loot[0].gold, 3);
}

#[test]
fn loot_is_picked_up_by_a_hero_on_the_map_in_its_free_step() {
    let mut g = game(vec![], vec![], Step::Free, FAIL);
    g.hero_mut(h(S, 0)).expect("Sky1").gold = 0;
    g.loot.push(Loot {
        dropped_by: h(P, 2),
        gold: 3,
        round: 2,
        dome: None,
    });
    let pick = |gold| Action::PickUp {
        hero: h(S, 0),
        pile: 0,
        gold,
    };
    assert!(matches!(
        refused(&mut g, pick(Some(4))),
        RuleError::Hero(HeroError::NotThatMuchLoot {
            gold: 3,
            take: 4,
            ..
        })
    ));
    assert!(matches!(
        refused(
            &mut g,
            Action::PickUp {
                hero: h(S, 0),
                pile: 1,
                gold: None
            }
        ),
        RuleError::Hero(HeroError::NoSuchLoot { pile: 1, piles: 1 })
    ));
    let lines = ok(&mut g, pick(Some(2)));
    assert!(lines[0].contains("1 gold is left there"), "{lines:?}");
    assert_eq!(g.hero(h(S, 0)).map(|h| h.gold).ok(), Some(2));
    ok(&mut g, pick(None));
    assert!(g.loot.is_empty());
    assert_eq!(g.hero(h(S, 0)).map(|h| h.gold).ok(), Some(3));
    // Only the active team, only in the Free step, only from the map.
    g.loot.push(Loot {
        dropped_by: h(P, 2),
        gold: 1,
        round: 2,
        dome: None,
    });
    let theirs = Action::PickUp {
        hero: h(P, 0),
        pile: 0,
        gold: None,
    };
    assert!(matches!(
        refused(&mut g, theirs),
        RuleError::Turn(TurnError::WrongStep { .. })
    ));
    in_dome(&mut g, h(S, 1), 1, 1);
    let inside = Action::PickUp {
        hero: h(S, 1),
        pile: 0,
        gold: None,
    };
    assert!(matches!(
        refused(&mut g, inside),
        RuleError::Hero(HeroError::PickUpOffTheMap { .. })
    ));
    g.rounds.step = Step::Action;
    assert!(matches!(
        refused(&mut g, pick(None)),
        RuleError::Turn(TurnError::WrongStep { .. })
    ));
}

#[test]
fn a_hero_being_banished_is_said_to_be_banished_not_dismissed() {
    let mut g = game(vec![], vec![], Step::Free, FAIL);
    ok(&mut g, Action::Banish { hero: h(P, 0) });
    assert_eq!(
        g.place_of(h(P, 0)),
        "being banished: Skyhawks choose a Dome"
    );
    assert_eq!(
        g.view().teams[1].heroes[0].place,
        "being banished: Skyhawks choose a Dome"
    );
    ok(&mut g, Action::Place { dome: None });
    ok(&mut g, Action::Dismiss { hero: h(S, 0) });
    assert_eq!(g.place_of(h(S, 0)), "being dismissed: choose a Dome");
}
