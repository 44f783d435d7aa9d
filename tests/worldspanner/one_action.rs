//! One action per hero per step (ROUNDS, p. 7: each active hero takes one action, each inactive
//! hero one reaction, each hero of both teams one melee attack; RANGED ATTACK, p. 19: one shot
//! with one weapon). The game keeps who has acted in the step and refuses a second action.

use super::common::*;
use super::refusals::attack;
use super::refusals_play::Dice;
use tablemate::worldspanner::*;

fn misses(game: &mut Game, team: TeamSide) {
    stack(game, team, vec![uniform(Face::Fail, false, 1, "1"); 6]);
}

fn attacks(attacker: HeroRef, target: Option<HeroRef>, kind: ChallengeKind) -> Action {
    Action::Attack {
        attacker,
        target,
        attack: attack(kind),
    }
}

/// Round 2, Psiclones' Melee step, with Skyhawks hero 1 and Psiclones hero 1 on the map (each
/// moved out of its Dome in its own Action step).
fn both_on_the_map_at_melee() -> Game {
    let mut g = game(6);
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    end_turn(&mut g);
    leave_dome(&mut g, h(P, 0));
    to_step(&mut g, Step::Melee);
    g
}

/// Ends the active team's turn, bringing in its Reinforce quota.
fn end_turn(g: &mut Game) {
    to_step(g, Step::Reinforce);
    let team = g.rounds.active;
    while g.entered(team) < g.reinforce_target() {
        let waiting = g
            .team(team)
            .heroes
            .iter()
            .position(|x| x.status == HeroStatus::Waiting)
            .expect("a waiting hero");
        ok(
            g,
            Action::Reinforce {
                hero: h(team, waiting),
            },
        );
        ok(g, Action::Place { dome: None });
    }
    ok(g, Action::NextStep {});
}

fn refused_unchanged(g: &mut Game, a: Action) -> RuleError {
    let before = g.clone();
    let e = g.apply(a).expect_err("refused");
    assert_eq!(*g, before, "a refusal changes nothing");
    e
}

#[test]
fn second_melee_attack_in_a_step_is_refused() {
    let mut g = both_on_the_map_at_melee();
    misses(&mut g, S);
    ok(
        &mut g,
        attacks(h(S, 0), Some(h(P, 0)), ChallengeKind::MeleeHit),
    );
    let e = refused_unchanged(
        &mut g,
        attacks(h(S, 0), Some(h(P, 0)), ChallengeKind::MeleeHit),
    );
    assert!(
        matches!(
            e,
            RuleError::Turn(TurnError::AlreadyActed {
                step: Step::Melee,
                did: Deed::MeleeAttack,
                ..
            })
        ),
        "{e:?}"
    );
    let text = e.to_string();
    assert!(text.contains("one melee attack"), "{text}");
    assert!(text.contains("p. 7"), "{text}");
    assert!(text.contains(&g.hero(h(S, 0)).unwrap().name), "{text}");
}

#[test]
fn each_hero_of_both_teams_has_its_own_melee_attack() {
    let mut g = both_on_the_map_at_melee();
    misses(&mut g, S);
    misses(&mut g, P);
    ok(
        &mut g,
        attacks(h(S, 0), Some(h(P, 0)), ChallengeKind::MeleeHit),
    );
    // The other team's hero still has its own attack in the same step (p. 7: BOTH teams).
    ok(
        &mut g,
        attacks(h(P, 0), Some(h(S, 0)), ChallengeKind::MeleeHit),
    );
    assert_eq!(g.acted.len(), 2);
}

#[test]
fn a_new_step_gives_every_hero_its_action_again() {
    let mut g = both_on_the_map_at_melee();
    misses(&mut g, S);
    ok(
        &mut g,
        attacks(h(S, 0), Some(h(P, 0)), ChallengeKind::MeleeHit),
    );
    ok(&mut g, Action::NextStep {});
    assert!(
        g.acted.is_empty(),
        "the Adventure step starts with no one acted"
    );
    // Round 3: the Skyhawks' own Melee step, the same hero attacks again.
    end_turn(&mut g);
    to_step(&mut g, Step::Melee);
    misses(&mut g, S);
    ok(
        &mut g,
        attacks(h(S, 0), Some(h(P, 0)), ChallengeKind::MeleeHit),
    );
}

#[test]
fn a_hero_that_moved_out_of_its_dome_cannot_also_shoot_in_that_action_step() {
    let mut g = game(6);
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    misses(&mut g, S);
    let e = refused_unchanged(&mut g, attacks(h(S, 0), None, ChallengeKind::RangedHit));
    assert!(
        matches!(
            e,
            RuleError::Turn(TurnError::AlreadyActed {
                step: Step::Action,
                did: Deed::LeftDome,
                ..
            })
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("one action"), "{e}");
}

#[test]
fn second_shot_in_an_action_step_is_refused() {
    let mut g = game(6);
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    // Round 3: Rizzik is already on the map and shoots in the Action step.
    end_turn(&mut g);
    end_turn(&mut g);
    to_step(&mut g, Step::Action);
    misses(&mut g, S);
    ok(&mut g, attacks(h(S, 0), None, ChallengeKind::RangedHit));
    let e = refused_unchanged(&mut g, attacks(h(S, 0), None, ChallengeKind::RangedHit));
    assert!(e.to_string().contains("one shot with"), "{e}");
}

#[test]
fn second_shot_in_a_reaction_step_is_refused() {
    let mut g = both_on_the_map_at_melee();
    // Round 3, Skyhawks' turn: the Psiclones react.
    end_turn(&mut g);
    to_step(&mut g, Step::Reaction);
    misses(&mut g, P);
    ok(
        &mut g,
        attacks(h(P, 0), Some(h(S, 0)), ChallengeKind::RangedHit),
    );
    let e = refused_unchanged(
        &mut g,
        attacks(h(P, 0), Some(h(S, 0)), ChallengeKind::RangedHit),
    );
    assert!(
        matches!(
            e,
            RuleError::Turn(TurnError::AlreadyActed {
                step: Step::Reaction,
                did: Deed::Shot,
                ..
            })
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("one reaction"), "{e}");
}

#[test]
fn who_has_acted_is_saved_and_a_save_with_a_hero_acting_twice_is_refused() {
    let mut g = both_on_the_map_at_melee();
    misses(&mut g, S);
    ok(
        &mut g,
        attacks(h(S, 0), Some(h(P, 0)), ChallengeKind::MeleeHit),
    );
    let text = serde_json::to_string(&g).unwrap();
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back.acted, g.acted);
    let mut twice = back.clone();
    twice.acted.push(twice.acted[0]);
    let e = twice.validate().expect_err("a hero twice in one step");
    assert!(e.to_string().contains("acted twice"), "{e}");
}

fn heroes_where(g: &Game, f: impl Fn(&HeroRef, &Hero) -> bool) -> Vec<HeroRef> {
    [S, P]
        .into_iter()
        .flat_map(|team| {
            g.team(team)
                .heroes
                .iter()
                .enumerate()
                .map(move |(i, x)| (h(team, i), x.clone()))
        })
        .filter(|(r, x)| f(r, x))
        .map(|(r, _)| r)
        .collect()
}

/// Random play through the public actions, mostly moves the rules allow (and many second tries
/// by a hero that already acted): the game never lets a hero act twice in one step, by this
/// test's own count, and every state it reaches validates.
#[test]
fn random_play_never_lets_a_hero_act_twice_in_a_step() {
    let (mut by_heroes, mut second_tries_refused) = (0, 0);
    for seed in 1..=3u64 {
        let mut d = Dice(0x2545_F491_4F6C_DD1D ^ seed);
        let mut g = game(6);
        let mut acted: Vec<HeroRef> = Vec::new();
        let mut step = (g.rounds.round, g.rounds.active, g.rounds.step);
        for _ in 0..1500 {
            if g.rounds.finished {
                break;
            }
            let active = g.rounds.active;
            let pick = |d: &mut Dice, v: Vec<HeroRef>| (!v.is_empty()).then(|| v[d.roll(v.len())]);
            let on_map = heroes_where(&g, |_, x| x.status == HeroStatus::OnMap);
            let a = if g.pending.is_some() {
                Action::Place { dome: None }
            } else if g.rounds.step == Step::Reinforce && g.entered(active) < g.reinforce_target() {
                let waiting = heroes_where(&g, |r, x| {
                    r.team == active && x.status == HeroStatus::Waiting
                });
                Action::Reinforce { hero: waiting[0] }
            } else {
                let roll = d.roll(10);
                let mut hero = match g.rounds.step {
                    Step::Action if roll < 5 => pick(
                        &mut d,
                        heroes_where(&g, |r, x| {
                            r.team == active && matches!(x.status, HeroStatus::InDome { .. })
                        }),
                    )
                    .map(|hero| Action::LeaveDome { hero }),
                    Step::Action | Step::Reaction | Step::Melee => pick(&mut d, on_map.clone())
                        .map(|attacker| {
                            let enemies: Vec<_> =
                                on_map.iter().filter(|t| t.team != attacker.team).collect();
                            let target = (!enemies.is_empty() && d.roll(3) > 0)
                                .then(|| *enemies[d.roll(enemies.len())]);
                            let kind = if g.rounds.step == Step::Melee {
                                ChallengeKind::MeleeHit
                            } else {
                                ChallengeKind::RangedHit
                            };
                            attacks(attacker, target, kind)
                        }),
                    Step::Adventure => pick(&mut d, on_map.clone()).map(|hero| Action::Adventure {
                        hero,
                        adventure: Adventure::FactionTask {
                            faction: g.keys[d.roll(g.keys.len())].faction,
                            space: d.roll(5),
                        },
                        challenge: Challenge::new(ChallengeKind::FactionAdventure, 5, 5),
                    }),
                    _ => None,
                };
                if roll >= 7 {
                    hero = None;
                }
                hero.unwrap_or(Action::NextStep {})
            };
            let actor = match &a {
                Action::Attack { attacker, .. } => Some(*attacker),
                Action::LeaveDome { hero } | Action::Adventure { hero, .. } => Some(*hero),
                _ => None,
            };
            match g.apply(a.clone()) {
                Ok(_) => {
                    g.validate().unwrap_or_else(|e| panic!("after {a:?}: {e}"));
                    let now = (g.rounds.round, g.rounds.active, g.rounds.step);
                    if now != step {
                        acted.clear();
                        step = now;
                    }
                    if let Some(hero) = actor {
                        assert!(
                            !acted.contains(&hero),
                            "{a:?}: {hero:?} acted twice in a step"
                        );
                        acted.push(hero);
                        by_heroes += 1;
                    }
                }
                Err(RuleError::Turn(TurnError::AlreadyActed { .. })) => {
                    assert!(actor.is_some_and(|r| acted.contains(&r)), "{a:?}");
                    second_tries_refused += 1;
                }
                Err(_) => {}
            }
        }
    }
    assert!(by_heroes > 100, "only {by_heroes} hero actions accepted");
    assert!(
        second_tries_refused > 20,
        "only {second_tries_refused} second tries"
    );
}

/// The engine's one answer to "may this hero act now" (what the phone and the window offer
/// buttons by) agrees with the actions: free in its team's Melee step, from the map, until it
/// has attacked; never in a step its team has none, off the map, or with a Dome waiting.
#[test]
fn a_hero_is_free_to_act_only_in_its_teams_step_once_and_from_the_map() {
    let mut g = both_on_the_map_at_melee();
    let melee = [Step::Melee];
    assert!(g.free_to_act(h(S, 0), &melee));
    assert!(g.free_to_act(h(P, 0), &melee));
    assert!(!g.free_to_act(h(S, 0), &[Step::Adventure]), "not this step");
    assert!(!g.free_to_act(h(S, 1), &melee), "not on the map");
    misses(&mut g, S);
    ok(
        &mut g,
        attacks(h(S, 0), Some(h(P, 0)), ChallengeKind::MeleeHit),
    );
    assert!(!g.free_to_act(h(S, 0), &melee), "it has attacked");
    refused_unchanged(
        &mut g,
        attacks(h(S, 0), Some(h(P, 0)), ChallengeKind::MeleeHit),
    );
    assert!(
        g.free_to_act(h(P, 0), &melee),
        "the other team's hero still may"
    );
    // The Adventure step is the active team's (Psiclones) alone.
    ok(&mut g, Action::NextStep {});
    assert!(g.free_to_act(h(P, 0), &[Step::Adventure]));
    assert!(
        !g.free_to_act(h(S, 0), &[Step::Adventure]),
        "not its team's step"
    );
}
