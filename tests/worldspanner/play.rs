//! Setup, rounds and steps, Reinforce, hero state, adventures and attacks in play, saving and
//! undo (SETUP, p. 3-4; ROUNDS, p. 7; ADVENTURES, p. 14-17; COMBAT, p. 18; BOOSTS, p. 23).

use tablemate::doc::{GameDoc, Saved};
use tablemate::worldspanner::team::reinforce_quota;
use tablemate::worldspanner::*;

use crate::common::*;

#[test]
fn team_sizes_follow_the_map_design() {
    for (size, map, fits) in [
        (6, MapDesign::Standard, true),
        (8, MapDesign::Standard, true),
        (9, MapDesign::Standard, true),
        (7, MapDesign::Standard, false),
        (10, MapDesign::Standard, false),
        (9, MapDesign::TriLine, true),
        (6, MapDesign::TriSplit, false),
        (10, MapDesign::Quad, true),
        (12, MapDesign::QuadSplit, true),
        (9, MapDesign::QuadLine, false),
    ] {
        assert_eq!(
            Game::new(setup(size, map, 10)).is_ok(),
            fits,
            "{size} on {map:?}"
        );
    }
}

#[test]
fn game_length_is_8_10_or_12_rounds() {
    for n in [8, 10, 12] {
        assert!(GameLength::new(n).is_ok());
    }
    for n in [0, 9, 11, 13] {
        assert!(GameLength::new(n).is_err());
    }
}

#[test]
fn setup_checks_faction_keys_heroes_and_decks() {
    let mut s = setup(6, MapDesign::Standard, 8);
    s.factions.pop();
    assert!(
        Game::new(s)
            .unwrap_err()
            .to_string()
            .contains("5 Faction keys")
    );
    let mut s = setup(6, MapDesign::Standard, 8);
    s.factions[2] = s.factions[0];
    let faction = s.factions[0];
    let err = Game::new(s).unwrap_err();
    assert_eq!(
        err,
        RuleError::Setup(SetupError::KeyTwice {
            faction,
            at: 2,
            first: 0
        })
    );
    assert!(
        err.to_string()
            .starts_with("factions[2]: Crown District is on the map twice, first at factions[0]"),
    );
    let mut s = setup(6, MapDesign::Standard, 8);
    s.heroes[1].pop();
    assert!(Game::new(s).is_err());
    let mut s = setup(6, MapDesign::Standard, 8);
    s.heroes[0][1].name = "sky1".into();
    let err = Game::new(s).unwrap_err();
    assert_eq!(
        err,
        RuleError::Setup(SetupError::HeroNameTwice {
            team: TeamSide::Skyhawks,
            name: "sky1".into(),
            first: 1,
            again: 2
        })
    );
    assert!(
        err.to_string()
            .contains("two heroes are called sky1 (heroes 1 and 2); give them distinct names")
    );
    let mut s = setup(6, MapDesign::Standard, 8);
    s.decks[0].1.pop();
    assert!(Game::new(s).unwrap_err().to_string().contains("35 cards"));
}

#[test]
fn a_faction_key_on_the_map_twice_names_where_it_first_appears() {
    let mut g = game(6);
    g.validate().unwrap();
    g.keys[3].faction = g.keys[1].faction;
    let name = g.keys[1].faction.key_name();
    let e = g.validate().unwrap_err();
    assert_eq!(e.at, "keys[3]");
    assert_eq!(e.problem, format!("{name} twice, first at keys[1]"));
}

#[test]
fn each_team_has_its_own_seeded_deck() {
    let g = game(6);
    assert_eq!(g.team(S).deck.total_len(), 36);
    assert_ne!(g.team(S).deck.seed(), g.team(P).deck.seed());
    let again = game(6);
    assert_eq!(g, again, "same setup and seed, same game");
}

#[test]
fn reinforce_brings_a_third_rounded_up_each_round() {
    let schedule = |n: u8| (1..=5).map(|r| reinforce_quota(n, r)).collect::<Vec<_>>();
    assert_eq!(schedule(6), [2, 2, 2, 0, 0]);
    assert_eq!(schedule(8), [3, 3, 2, 0, 0]);
    assert_eq!(schedule(9), [3, 3, 3, 0, 0]);
    assert_eq!(schedule(10), [4, 4, 2, 0, 0]);
    assert_eq!(schedule(11), [4, 4, 3, 0, 0]);
    assert_eq!(schedule(12), [4, 4, 4, 0, 0]);
}

#[test]
fn round_one_is_reinforce_only_skyhawks_first() {
    let mut g = game(6);
    assert_eq!(
        (g.rounds.round, g.rounds.active, g.rounds.step),
        (1, S, Step::Reinforce)
    );
    for i in 0..2 {
        ok(&mut g, Action::Reinforce { hero: h(S, i) });
        ok(&mut g, Action::Place { dome: None });
    }
    ok(&mut g, Action::NextStep {});
    assert_eq!(
        (g.rounds.round, g.rounds.active, g.rounds.step),
        (1, P, Step::Reinforce)
    );
}

#[test]
fn reinforce_step_cannot_end_before_the_third_has_entered() {
    let mut g = game(8);
    ok(&mut g, Action::Reinforce { hero: h(S, 0) });
    ok(&mut g, Action::Place { dome: None });
    let err = g.apply(Action::NextStep {}).unwrap_err();
    assert!(err.to_string().contains("2 heroes"), "{err}");
}

#[test]
fn reinforce_refuses_more_than_this_rounds_third() {
    let mut g = game(6);
    for i in 0..2 {
        ok(&mut g, Action::Reinforce { hero: h(S, i) });
        ok(&mut g, Action::Place { dome: None });
    }
    assert!(g.apply(Action::Reinforce { hero: h(S, 2) }).is_err());
    assert!(
        g.apply(Action::Reinforce { hero: h(P, 0) }).is_err(),
        "not the Psiclones' turn"
    );
}

#[test]
fn steps_run_free_action_reaction_melee_adventure_reinforce() {
    let mut g = game(6);
    through_round_one(&mut g);
    let mut seen = vec![g.rounds.step];
    while g.rounds.step != Step::Reinforce {
        next_step(&mut g);
        seen.push(g.rounds.step);
    }
    assert_eq!(seen, Step::ALL);
}

#[test]
fn reaction_belongs_to_the_inactive_team_and_melee_to_both() {
    let mut g = game(6);
    through_round_one(&mut g);
    to_step(&mut g, Step::Reaction);
    assert!(g.rounds.may_act(P) && !g.rounds.may_act(S));
    ok(&mut g, Action::NextStep {});
    assert!(g.rounds.may_act(P) && g.rounds.may_act(S));
}

#[test]
fn game_ends_after_the_psiclones_finish_the_last_round() {
    let mut g = Game::new(setup(6, MapDesign::Standard, 8)).unwrap();
    through_round_one(&mut g);
    let mut steps = 0;
    loop {
        let lines = next_step(&mut g);
        steps += 1;
        if g.rounds.finished {
            assert!(lines.iter().any(|l| l.contains("Glory:")));
            break;
        }
        if g.rounds.step == Step::Reinforce && g.entered(g.rounds.active) < g.reinforce_target() {
            let team = g.rounds.active;
            while g.entered(team) < g.reinforce_target() {
                let next = g
                    .team(team)
                    .heroes
                    .iter()
                    .position(|h| h.status == HeroStatus::Waiting);
                ok(
                    &mut g,
                    Action::Reinforce {
                        hero: h(team, next.unwrap()),
                    },
                );
                ok(&mut g, Action::Place { dome: None });
            }
        }
    }
    // Rounds 2 to 8, two turns of six steps each.
    assert_eq!(steps, 7 * 12);
    assert_eq!((g.rounds.round, g.rounds.active), (8, P));
    assert!(g.apply(Action::NextStep {}).is_err());
    assert!(g.summary().contains("Game over"));
}

#[test]
fn boost_is_flipped_in_the_free_step_one_at_a_time() {
    let mut g = game(6);
    through_round_one(&mut g);
    let hero = h(S, 0);
    assert!(
        g.apply(Action::UseBoost { hero })
            .unwrap_err()
            .to_string()
            .contains("no Boost")
    );
    ok(&mut g, Action::GainBoosts { hero, boosts: 2 });
    ok(&mut g, Action::UseBoost { hero });
    assert!(
        g.apply(Action::UseBoost { hero })
            .unwrap_err()
            .to_string()
            .contains("one at a time")
    );
    let h0 = g.hero(hero).unwrap();
    assert_eq!((h0.boosts, h0.boost_active), (1, true));
    ok(&mut g, Action::NextStep {});
    assert!(
        g.apply(Action::UseBoost { hero }).is_err(),
        "only in the Free step"
    );
}

#[test]
fn boost_lasts_until_the_teams_next_free_step() {
    let mut g = game(6);
    through_round_one(&mut g);
    let hero = h(S, 0);
    ok(&mut g, Action::GainBoosts { hero, boosts: 1 });
    ok(&mut g, Action::UseBoost { hero });
    to_step(&mut g, Step::Reinforce);
    ok(&mut g, Action::Reinforce { hero: h(S, 2) });
    ok(&mut g, Action::Place { dome: None });
    ok(&mut g, Action::Reinforce { hero: h(S, 3) });
    ok(&mut g, Action::Place { dome: None });
    ok(&mut g, Action::NextStep {});
    assert_eq!(g.rounds.active, P);
    assert!(
        g.hero(hero).unwrap().boost_active,
        "still on during the Psiclones' turn"
    );
    to_step(&mut g, Step::Reinforce);
    ok(&mut g, Action::Reinforce { hero: h(P, 2) });
    ok(&mut g, Action::Place { dome: None });
    ok(&mut g, Action::Reinforce { hero: h(P, 3) });
    ok(&mut g, Action::Place { dome: None });
    ok(&mut g, Action::NextStep {});
    assert_eq!((g.rounds.round, g.rounds.step), (3, Step::Free));
    assert!(!g.hero(hero).unwrap().boost_active);
}

#[test]
fn a_boost_modifier_needs_a_boost_in_use() {
    let mut g = game(6);
    through_round_one(&mut g);
    let c = Challenge::new(ChallengeKind::FactionAdventure, 5, 5).with(Modifier::Boost {});
    let err = g
        .apply(Action::Challenge {
            team: S,
            hero: Some(h(S, 0)),
            challenge: c.clone(),
        })
        .unwrap_err();
    assert!(err.to_string().contains("no Boost in use"), "{err}");
    ok(
        &mut g,
        Action::GainBoosts {
            hero: h(S, 0),
            boosts: 1,
        },
    );
    ok(&mut g, Action::UseBoost { hero: h(S, 0) });
    ok(
        &mut g,
        Action::Challenge {
            team: S,
            hero: Some(h(S, 0)),
            challenge: c,
        },
    );
}

/// Round 2, Skyhawks' Adventure step, Sky1 on the map.
pub(crate) fn at_adventure() -> Game {
    let mut g = game(6);
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    to_step(&mut g, Step::Adventure);
    g
}

fn task(faction: Faction, space: usize) -> Adventure {
    Adventure::FactionTask { faction, space }
}

#[test]
fn rulebook_example_rizzik_passes_uphold_law() {
    // Virtue 4 vs 5, +2 as a Defender: better by 1; Pass: 1 gold, capture, dismissed.
    let mut g = at_adventure();
    stack(
        &mut g,
        S,
        vec![
            card("-4 -2 1 4 -1 3 3-4"),
            uniform(Face::Pass, true, 2, "5-6"),
        ],
    );
    let gold = g.hero(h(S, 0)).unwrap().gold;
    let c = Challenge::new(ChallengeKind::FactionAdventure, 4, 5).with(Modifier::HomeFaction {});
    let lines = ok(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: task(Faction::Defenders, 1),
            challenge: c,
        },
    );
    assert!(lines.iter().any(|l| l.contains("Pass")), "{lines:?}");
    assert_eq!(g.hero(h(S, 0)).unwrap().gold, gold + 1);
    assert_eq!(g.key(Faction::Defenders).unwrap().spaces[1], Some(S));
    let p = g.pending.clone().unwrap();
    assert_eq!((p.how, p.reason), (Removal::Dismiss, Reason::Adventure));
    assert_eq!(p.card.domes().to_string(), "5-6");
}

#[test]
fn amaze_on_a_task_gives_two_gold() {
    let mut g = at_adventure();
    stack(&mut g, S, vec![uniform(Face::Amaze, true, 2, "5-6")]);
    let gold = g.hero(h(S, 0)).unwrap().gold;
    let c = Challenge::new(ChallengeKind::FactionAdventure, 5, 5);
    ok(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: task(Faction::Lords, 0),
            challenge: c,
        },
    );
    assert_eq!(g.hero(h(S, 0)).unwrap().gold, gold + 2);
}

#[test]
fn squeak_on_an_adventure_gives_a_boost_and_dismisses() {
    let mut g = at_adventure();
    stack(&mut g, S, vec![uniform(Face::Squeak, true, 2, "5-6")]);
    let c = Challenge::new(ChallengeKind::FactionAdventure, 5, 5);
    ok(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: task(Faction::Lords, 0),
            challenge: c,
        },
    );
    assert_eq!(g.hero(h(S, 0)).unwrap().boosts, 1);
    assert_eq!(g.pending.as_ref().unwrap().how, Removal::Dismiss);
    assert_eq!(g.key(Faction::Lords).unwrap().spaces[0], None, "no capture");
}

#[test]
fn fopp_on_an_adventure_banishes_with_the_enemy_deck() {
    let mut g = at_adventure();
    stack(&mut g, S, vec![uniform(Face::Fopp, false, 2, "5-6")]);
    stack(&mut g, P, vec![uniform(Face::Pass, true, 2, "1")]);
    let c = Challenge::new(ChallengeKind::FactionAdventure, 5, 5);
    ok(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: task(Faction::Lords, 0),
            challenge: c,
        },
    );
    let p = g.pending.clone().unwrap();
    assert_eq!((p.how, p.chooser), (Removal::Banish, P));
    assert_eq!(p.card.domes().to_string(), "1");
}

#[test]
fn tasks_and_lith_challenges_are_rated_five() {
    let mut g = at_adventure();
    let c = Challenge::new(ChallengeKind::FactionAdventure, 5, 6);
    assert!(
        g.apply(Action::Adventure {
            hero: h(S, 0),
            adventure: task(Faction::Lords, 0),
            challenge: c
        })
        .is_err()
    );
    let c = Challenge::new(ChallengeKind::FactionAdventure, 5, 5);
    let err = g
        .apply(Action::Adventure {
            hero: h(S, 0),
            adventure: Adventure::Vortex {},
            challenge: c,
        })
        .unwrap_err();
    assert!(err.to_string().contains("Lith adventure"), "{err}");
}

#[test]
fn adventures_happen_only_in_the_active_teams_adventure_step_off_the_domes() {
    let mut g = game(6);
    through_round_one(&mut g);
    let c = Challenge::new(ChallengeKind::FactionAdventure, 5, 5);
    let a = Action::Adventure {
        hero: h(S, 0),
        adventure: task(Faction::Lords, 0),
        challenge: c,
    };
    assert!(
        g.apply(a.clone())
            .unwrap_err()
            .to_string()
            .contains("Adventure step")
    );
    to_step(&mut g, Step::Adventure);
    assert!(
        g.apply(a)
            .unwrap_err()
            .to_string()
            .contains("adventure space"),
        "still in its Dome"
    );
}

#[test]
fn vortex_amaze_heals_four_and_earns_tribute() {
    let mut g = at_adventure();
    g.hero_mut(h(S, 0)).unwrap().wounds = 3;
    stack(&mut g, S, vec![uniform(Face::Amaze, true, 2, "5-6")]);
    let c = Challenge::new(ChallengeKind::LithAdventure, 5, 5);
    ok(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: Adventure::Vortex {},
            challenge: c,
        },
    );
    assert_eq!(g.hero(h(S, 0)).unwrap().wounds, 0);
    assert_eq!(g.lith.of(S), 1);
}

#[test]
fn liths_favor_modifier_must_match_the_tribute_held() {
    let mut g = at_adventure();
    let c = Challenge::new(ChallengeKind::LithAdventure, 5, 5).with(Modifier::LithsFavor {
        favor: LithFavor::Plus1,
    });
    let a = Action::Adventure {
        hero: h(S, 0),
        adventure: Adventure::MirrorPool {},
        challenge: c,
    };
    assert!(g.apply(a.clone()).is_err());
    ok(&mut g, Action::Tribute { team: S, amount: 3 });
    ok(&mut g, a);
}

#[test]
fn underworld_pass_raises_a_hero_from_the_underpit_or_renews_one_from_the_pit() {
    let mut g = at_adventure();
    g.hero_mut(h(S, 1)).unwrap().status = HeroStatus::Underpit;
    g.domes = {
        let mut d = g.domes.clone();
        d.vacate(h(S, 1));
        d
    };
    assert!(
        g.apply(Action::RaiseFromUnderpit { hero: h(S, 1) })
            .is_err(),
        "needs the Underworld"
    );
    stack(
        &mut g,
        S,
        vec![
            uniform(Face::Pass, true, 2, "5-6"),
            uniform(Face::Pass, true, 2, "2"),
        ],
    );
    let c = Challenge::new(ChallengeKind::LithAdventure, 5, 5);
    ok(
        &mut g,
        Action::Adventure {
            hero: h(S, 0),
            adventure: Adventure::Underworld {},
            challenge: c,
        },
    );
    // Taken at once, while the adventurer still waits for its Dome (RULINGS).
    ok(&mut g, Action::RaiseFromUnderpit { hero: h(S, 1) });
    assert_eq!(g.hero(h(S, 1)).unwrap().status, HeroStatus::Pit);
    ok(&mut g, Action::Place { dome: None });
    assert!(
        g.apply(Action::Renew { hero: h(S, 1) }).is_err(),
        "one success, one move up"
    );
}

#[test]
fn renewal_restores_starting_loot_and_dismisses_the_hero_in() {
    let mut g = at_adventure();
    {
        let hero = g.hero_mut(h(S, 1)).unwrap();
        hero.status = HeroStatus::Pit;
        hero.gold = 0;
        hero.boosts = 0;
    }
    let mut d = g.domes.clone();
    d.vacate(h(S, 1));
    g.domes = d;
    g.team_mut(S).underworld_credits = 1;
    ok(&mut g, Action::Renew { hero: h(S, 1) });
    let hero = g.hero(h(S, 1)).unwrap();
    assert_eq!(
        (hero.gold, hero.renewals, hero.status),
        (1, 1, HeroStatus::Arriving)
    );
    assert_eq!(g.pending.as_ref().unwrap().reason, Reason::Renewal);
}

#[test]
fn wounds_equal_to_health_defeat_the_hero_to_the_underpit_leaving_loot() {
    let mut g = game(6);
    through_round_one(&mut g);
    g.hero_mut(h(P, 0)).unwrap().gold = 3;
    ok(
        &mut g,
        Action::Wound {
            hero: h(P, 0),
            wounds: 3,
        },
    );
    assert!(!g.hero(h(P, 0)).unwrap().status.defeated());
    let lines = ok(
        &mut g,
        Action::Wound {
            hero: h(P, 0),
            wounds: 1,
        },
    );
    let hero = g.hero(h(P, 0)).unwrap();
    assert_eq!(
        (hero.status, hero.wounds, hero.gold),
        (HeroStatus::Underpit, 0, 0)
    );
    assert!(lines.iter().any(|l| l.contains("3 gold")));
    assert_eq!(g.domes.find(h(P, 0)), None);
}

#[test]
fn melee_attack_wounds_the_target_in_the_melee_step() {
    let mut g = game(6);
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    g.hero_mut(h(P, 0)).unwrap().status = HeroStatus::OnMap;
    let mut d = g.domes.clone();
    d.vacate(h(P, 0));
    g.domes = d;
    let attack = Attack {
        hit: Challenge::new(ChallengeKind::MeleeHit, 6, 5),
        damage: Challenge::new(
            ChallengeKind::Damage {
                natural_melee: true,
            },
            3,
            2,
        ),
        wound_rating: 2,
    };
    let a = Action::Attack {
        attacker: h(S, 0),
        target: Some(h(P, 0)),
        attack,
    };
    assert!(
        g.apply(a.clone())
            .unwrap_err()
            .to_string()
            .contains("Melee step")
    );
    to_step(&mut g, Step::Melee);
    stack(
        &mut g,
        S,
        vec![
            uniform(Face::Pass, true, 4, "1"),
            uniform(Face::Amaze, true, 5, "1"),
        ],
    );
    ok(&mut g, a);
    assert_eq!(g.hero(h(P, 0)).unwrap().wounds, 3);
    match &g.last {
        Some(LastEvent::Attack { outcome, .. }) => {
            assert_eq!(outcome.hit.luck.get(), 4);
            assert_eq!(outcome.damage.as_ref().unwrap().luck.get(), 5);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn heroes_in_a_dome_cannot_attack_or_be_attacked() {
    let mut g = game(6);
    through_round_one(&mut g);
    to_step(&mut g, Step::Action);
    let attack = Attack {
        hit: Challenge::new(ChallengeKind::RangedHit, 6, 5),
        damage: Challenge::new(
            ChallengeKind::Damage {
                natural_melee: false,
            },
            3,
            2,
        ),
        wound_rating: 2,
    };
    let err = g
        .apply(Action::Attack {
            attacker: h(S, 0),
            target: Some(h(P, 0)),
            attack,
        })
        .unwrap_err();
    assert!(err.to_string().contains("Dome"), "{err}");
}

#[test]
fn paid_adventures_check_the_price_and_pay_it() {
    let mut g = at_adventure();
    g.hero_mut(h(S, 0)).unwrap().gold = 3;
    g.hero_mut(h(S, 0)).unwrap().wounds = 2;
    let infirmary = |gold| PaidAdventure {
        kind: PaidKind::Infirmary,
        key: Some((Faction::Exemplars, 3)),
        gold,
        cards: 0,
        home: false,
        targets: vec![],
    };
    assert!(
        g.apply(Action::Paid {
            hero: h(S, 0),
            paid: infirmary(0)
        })
        .is_err()
    );
    assert!(
        g.apply(Action::Paid {
            hero: h(S, 0),
            paid: infirmary(4)
        })
        .unwrap_err()
        .to_string()
        .contains("only 3 gold")
    );
    ok(
        &mut g,
        Action::Paid {
            hero: h(S, 0),
            paid: infirmary(3),
        },
    );
    let hero = g.hero(h(S, 0)).unwrap();
    assert_eq!((hero.gold, hero.wounds), (0, 0));
    assert_eq!(g.key(Faction::Exemplars).unwrap().spaces[3], Some(S));
    assert!(g.pending.is_some(), "dismissed after paying");
}

#[test]
fn a_paid_adventure_must_be_on_its_own_key() {
    let mut g = at_adventure();
    let kidnap = PaidAdventure {
        kind: PaidKind::Kidnap,
        key: Some((Faction::Lords, 0)),
        gold: 2,
        cards: 0,
        home: false,
        targets: vec![],
    };
    let err = g
        .apply(Action::Paid {
            hero: h(S, 0),
            paid: kidnap,
        })
        .unwrap_err();
    assert!(
        err.to_string().contains("Crown District has no Kidnap"),
        "{err}"
    );
}

#[test]
fn kidnap_banishes_each_enemy_then_dismisses_the_adventurer() {
    let mut g = at_adventure();
    g.hero_mut(h(S, 0)).unwrap().gold = 4;
    let kidnap = PaidAdventure {
        kind: PaidKind::Kidnap,
        key: Some((Faction::Villains, 0)),
        gold: 4,
        cards: 0,
        home: false,
        targets: vec![h(P, 0), h(P, 1)],
    };
    ok(
        &mut g,
        Action::Paid {
            hero: h(S, 0),
            paid: kidnap,
        },
    );
    let order: Vec<(HeroRef, Removal)> = {
        let mut v = vec![];
        while let Some(p) = g.pending.clone() {
            v.push((p.hero, p.how));
            ok(&mut g, Action::Place { dome: None });
        }
        v
    };
    assert_eq!(
        order,
        [
            (h(P, 0), Removal::Banish),
            (h(P, 1), Removal::Banish),
            (h(S, 0), Removal::Dismiss)
        ]
    );
}

#[test]
fn liths_chamber_gives_one_tribute_per_gold_and_two_per_card() {
    let mut g = at_adventure();
    g.hero_mut(h(S, 0)).unwrap().gold = 2;
    ok(&mut g, Action::Tribute { team: P, amount: 1 });
    let chamber = PaidAdventure {
        kind: PaidKind::LithsChamber,
        key: None,
        gold: 2,
        cards: 1,
        home: false,
        targets: vec![],
    };
    ok(
        &mut g,
        Action::Paid {
            hero: h(S, 0),
            paid: chamber,
        },
    );
    assert_eq!((g.lith.holder, g.lith.amount), (Some(S), 3));
}

#[test]
fn card_task_gives_two_boosts_per_card_and_gold_to_its_own_faction() {
    let mut g = at_adventure();
    let gold = g.hero(h(S, 0)).unwrap().gold;
    let t = PaidAdventure {
        kind: PaidKind::CardTask,
        key: Some((Faction::Icons, 2)),
        gold: 0,
        cards: 2,
        home: true,
        targets: vec![],
    };
    ok(
        &mut g,
        Action::Paid {
            hero: h(S, 0),
            paid: t,
        },
    );
    let hero = g.hero(h(S, 0)).unwrap();
    assert_eq!((hero.boosts, hero.gold), (4, gold + 2));
}

#[test]
fn a_refused_action_changes_nothing() {
    let mut g = game(6);
    let before = g.clone();
    assert!(g.apply(Action::LeaveDome { hero: h(S, 0) }).is_err());
    assert!(
        g.apply(Action::Gold {
            hero: h(S, 0),
            change: -5
        })
        .is_err()
    );
    assert_eq!(g, before);
}

#[test]
fn undo_replays_the_same_draw() {
    let g = game(6);
    let mut saved = Saved::new("test", "New game", g);
    let a = Action::Reinforce { hero: h(S, 0) };
    let label = a.label(saved.current());
    saved
        .history
        .apply(label.clone(), |g| g.apply(a.clone()))
        .unwrap();
    let first = saved.current().pending.clone().unwrap().card;
    saved.history.undo();
    saved.history.apply(label, |g| g.apply(a)).unwrap();
    assert_eq!(saved.current().pending.clone().unwrap().card, first);
}

#[test]
fn a_game_survives_save_and_load_and_validates() {
    let mut g = game(8);
    through_round_one(&mut g);
    let saved = Saved::new("Friday", "New game", g.clone());
    let text = serde_json::to_string(&saved).unwrap();
    let summary = tablemate::games::check_save(tablemate::doc::Kind::Worldspanner, &text).unwrap();
    assert!(summary.contains("Round 2 of 10"), "{summary}");
    let back: Saved<Game> = serde_json::from_str(&text).unwrap();
    assert_eq!(back.current(), &g);
}

#[test]
fn validate_rejects_impossible_states_naming_the_field() {
    let mut g = game(6);
    through_round_one(&mut g);
    let mut bad = g.clone();
    bad.hero_mut(h(S, 0)).unwrap().wounds = 4;
    let e = bad.validate().unwrap_err();
    assert!(e.at.starts_with("teams[0].heroes[0] ("), "{e}");
    assert!(e.problem.contains("wounds equal to Health"), "{e}");
    let mut bad = g.clone();
    bad.hero_mut(h(S, 0)).unwrap().status = HeroStatus::OnMap;
    let e = bad.validate().unwrap_err();
    assert!(e.at.starts_with("teams[0].heroes[0] ("), "{e}");
    assert!(e.problem.starts_with("in a Dome but its status"), "{e}");
    let mut bad = g.clone();
    bad.rounds.round = 11;
    let e = bad.validate().unwrap_err();
    assert_eq!(e.at, "rounds.round");
    assert_eq!(e.problem, "11 is outside 1 to 10");
    let mut bad = g.clone();
    bad.lith.amount = 2;
    let e = bad.validate().unwrap_err();
    assert_eq!(e.at, "lith");
    assert_eq!(
        e.problem,
        "a tribute marker needs a positive amount and a holder"
    );
}

/// A save edited by hand to round 0: the loader's check names the tracker's field (`at`,
/// reached through `within("rounds")`) apart from the problem, and reads "at: problem".
#[test]
fn a_round_outside_the_game_length_is_refused_at_rounds_round() {
    let mut g = game(8);
    through_round_one(&mut g);
    let last = g.rounds.length.rounds();
    let mut v = serde_json::to_value(Saved::new("Friday", "New game", g)).unwrap();
    assert_eq!(v["history"]["current"]["rounds"]["round"], 2);
    v["history"]["current"]["rounds"]["round"] = 0.into();
    let back: Saved<Game> = serde_json::from_value(v.clone()).unwrap();
    let e = back.validate().unwrap_err();
    assert_eq!(e.at, "rounds.round");
    assert_eq!(e.problem, format!("0 is outside 1 to {last}"));
    let msg = tablemate::games::check_save(tablemate::doc::Kind::Worldspanner, &v.to_string())
        .unwrap_err();
    assert_eq!(
        msg.to_string(),
        format!("rounds.round: 0 is outside 1 to {last}")
    );
}

#[test]
fn actions_have_readable_history_labels() {
    let g = game(6);
    assert_eq!(
        Action::Reinforce { hero: h(S, 0) }.label(&g),
        "Skyhawks Reinforce: Sky1 enters"
    );
    assert_eq!(
        Action::Adventure {
            hero: h(P, 1),
            adventure: task(Faction::Defenders, 1),
            challenge: Challenge::new(ChallengeKind::FactionAdventure, 4, 5)
        }
        .label(&g),
        "Psiclones: Psi2 tries Watchman Keep Task (space 2)"
    );
    assert_eq!(
        Action::NextStep {}.label(&g),
        "Skyhawks: Reinforce step done"
    );
}

#[test]
fn a_team_can_switch_to_its_real_deck_mid_game_freshly_shuffled() {
    let mut g = game(6);
    through_round_one(&mut g);
    let cards: Vec<ChallengeCard> = (0..36).map(|_| uniform(Face::Pass, true, 1, "2")).collect();
    assert!(
        g.apply(Action::ReplaceDeck {
            team: S,
            name: "short".into(),
            cards: cards[..35].to_vec()
        })
        .is_err()
    );
    ok(
        &mut g,
        Action::ReplaceDeck {
            team: S,
            name: "My white deck".into(),
            cards,
        },
    );
    assert_eq!(g.team(S).deck_name, "My white deck");
    assert_eq!(
        (g.team(S).deck.draw_len(), g.team(S).deck.discard_len()),
        (36, 0)
    );
    assert!(g.validate().is_ok());
}

#[test]
fn reinforce_in_play_follows_the_books_schedules_for_six_eight_and_nine_heroes() {
    // ROUNDS, Reinforce (p. 7): 6 heroes 2-2-2, 8 heroes 3-3-2, 9 heroes 3-3-3; after three
    // turns every hero has entered and later Reinforce steps bring in nobody.
    for (size, want) in [(6u8, [2usize, 2, 2]), (8, [3, 3, 2]), (9, [3, 3, 3])] {
        let mut g = game(size);
        for (round, quota) in want.iter().enumerate() {
            assert_eq!(g.rounds.round as usize, round + 1);
            for team in [S, P] {
                to_step(&mut g, Step::Reinforce);
                assert_eq!(g.rounds.active, team);
                let before = g.entered(team);
                while g.entered(team) < g.reinforce_target() {
                    let next = g.team(team).heroes[before..]
                        .iter()
                        .position(|h| h.status == HeroStatus::Waiting)
                        .unwrap()
                        + before;
                    ok(
                        &mut g,
                        Action::Reinforce {
                            hero: h(team, next),
                        },
                    );
                    ok(&mut g, Action::Place { dome: None });
                }
                assert_eq!(
                    g.entered(team) - before,
                    *quota,
                    "{size} heroes, round {}",
                    round + 1
                );
                if g.entered(team) < size as usize {
                    let waiting = g
                        .team(team)
                        .heroes
                        .iter()
                        .position(|h| h.status == HeroStatus::Waiting)
                        .unwrap();
                    assert!(
                        g.apply(Action::Reinforce {
                            hero: h(team, waiting)
                        })
                        .is_err()
                    );
                }
                ok(&mut g, Action::NextStep {});
            }
        }
        assert_eq!(g.entered(S), size as usize);
        assert_eq!(g.entered(P), size as usize);
        to_step(&mut g, Step::Reinforce);
        ok(&mut g, Action::NextStep {});
    }
}
