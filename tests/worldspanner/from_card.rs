//! A hero with a library card is played from the card (FACTION RELATIONS, p. 14): the rating is
//! the printed one (a change is an own modifier with its reason), the home faction's +2 and an
//! opposing faction's -2 come from the card, and a faction modifier the card contradicts is
//! refused. And counts never wrap: gold, tribute and Boosts past the top are refused.

use super::common::*;
use super::library::rizzik;
use tablemate::doc::Saved;
use tablemate::worldspanner::*;

/// Rizzik (a Defender, Virtue 4) is Skyhawks hero 1, out of his Dome, in round 2's Adventure
/// step.
fn rizzik_at_adventure() -> Game {
    let mut s = setup(6, MapDesign::Standard, 10);
    s.heroes[0][0] = rizzik().entry();
    let mut g = Game::new(s).expect("valid setup");
    through_round_one(&mut g);
    leave_dome(&mut g, h(S, 0));
    to_step(&mut g, Step::Adventure);
    g
}

fn task(faction: Faction, rating: u8) -> Action {
    Action::Adventure {
        hero: h(S, 0),
        adventure: Adventure::FactionTask { faction, space: 1 },
        challenge: Challenge::new(ChallengeKind::FactionAdventure, rating, 5)
            .of_skill(Skill::Virtue),
    }
}

fn with(a: Action, m: Modifier) -> Action {
    match a {
        Action::Adventure {
            hero,
            adventure,
            challenge,
        } => Action::Adventure {
            hero,
            adventure,
            challenge: challenge.with(m),
        },
        other => other,
    }
}

fn refused(g: &mut Game, a: Action) -> RuleError {
    let before = g.clone();
    let e = g.apply(a).expect_err("refused");
    assert_eq!(*g, before, "a refusal changes nothing");
    e
}

fn row_read(g: &Game) -> i8 {
    match &g.last {
        Some(LastEvent::Challenge { outcome, .. }) => outcome.difference.value(),
        other => panic!("no challenge read: {other:?}"),
    }
}

#[test]
fn rizzik_example_reads_row_plus_one_with_the_home_faction_added_from_his_card() {
    // The book's example: Virtue 4 against 5 at Watchman Keep (Defenders), +2 home: row +1.
    let mut g = rizzik_at_adventure();
    let lines = ok(&mut g, task(Faction::Defenders, 4));
    assert_eq!(row_read(&g), 1);
    assert!(
        lines.iter().any(|l| l.contains("from Rizzik's card")),
        "{lines:?}"
    );
    assert!(lines.iter().any(|l| l.contains("read row +1")), "{lines:?}");
}

#[test]
fn a_home_faction_ticked_by_hand_is_not_added_twice() {
    let mut g = rizzik_at_adventure();
    ok(
        &mut g,
        with(task(Faction::Defenders, 4), Modifier::HomeFaction {}),
    );
    assert_eq!(row_read(&g), 1);
}

#[test]
fn a_typed_rating_that_differs_from_the_card_is_refused() {
    let mut g = rizzik_at_adventure();
    let e = refused(&mut g, task(Faction::Defenders, 5));
    assert_eq!(
        e,
        RuleError::Challenge(ChallengeError::RatingNotOnCard {
            hero: "Rizzik".into(),
            skill: Skill::Virtue,
            printed: 4,
            typed: 5
        })
    );
    assert!(e.to_string().contains("own modifier"), "{e}");
}

#[test]
fn an_own_modifier_with_its_reason_changes_a_library_heros_difference() {
    let mut g = rizzik_at_adventure();
    ok(
        &mut g,
        with(
            task(Faction::Defenders, 4),
            Modifier::Other {
                amount: 1,
                reason: "Shadow cloak".into(),
            },
        ),
    );
    assert_eq!(row_read(&g), 2);
}

#[test]
fn opposing_faction_on_the_heros_own_home_key_is_refused() {
    let mut g = rizzik_at_adventure();
    let e = refused(
        &mut g,
        with(task(Faction::Defenders, 4), Modifier::OpposingFaction {}),
    );
    assert!(
        matches!(
            e,
            RuleError::Challenge(ChallengeError::OpposingOnHomeKey {
                faction: Faction::Defenders,
                ..
            })
        ),
        "{e:?}"
    );
    assert!(e.to_string().contains("p. 14"), "{e}");
}

#[test]
fn home_faction_on_another_key_is_refused() {
    let mut g = rizzik_at_adventure();
    let e = refused(
        &mut g,
        with(task(Faction::Lords, 4), Modifier::HomeFaction {}),
    );
    assert!(
        e.to_string()
            .contains("is not Rizzik's home faction (Watchman Keep"),
        "{e}"
    );
}

#[test]
fn an_opposing_faction_key_takes_its_minus_two_from_the_card() {
    let mut g = rizzik_at_adventure();
    ok(&mut g, task(Faction::Villains, 4));
    assert_eq!(row_read(&g), -3);
}

#[test]
fn opposing_faction_on_a_key_the_card_does_not_oppose_is_refused() {
    let mut g = rizzik_at_adventure();
    let e = refused(
        &mut g,
        with(task(Faction::Lords, 4), Modifier::OpposingFaction {}),
    );
    assert!(
        matches!(
            e,
            RuleError::Challenge(ChallengeError::OpposingOffCard { .. })
        ),
        "{e:?}"
    );
}

#[test]
fn a_library_heros_task_must_say_which_rating_it_challenges() {
    let mut g = rizzik_at_adventure();
    let mut a = task(Faction::Defenders, 4);
    if let Action::Adventure { challenge, .. } = &mut a {
        challenge.skill = None;
    }
    let e = refused(&mut g, a);
    assert_eq!(
        e,
        RuleError::Challenge(ChallengeError::WhichSkill {
            hero: "Rizzik".into()
        })
    );
}

#[test]
fn a_lith_adventure_uses_its_own_rating_from_the_card() {
    let mut g = rizzik_at_adventure();
    // The Vortex challenges Virtue (p. 17): Intellect is refused, Virtue 4 is read from the card.
    let vortex = |skill| Action::Adventure {
        hero: h(S, 0),
        adventure: Adventure::Vortex {},
        challenge: Challenge::new(ChallengeKind::LithAdventure, 4, 5).of_skill(skill),
    };
    let e = refused(&mut g, vortex(Skill::Intellect));
    assert!(e.to_string().contains("Vortex challenges Virtue"), "{e}");
    ok(&mut g, vortex(Skill::Virtue));
    assert_eq!(row_read(&g), -1);
}

#[test]
fn tribute_never_wraps() {
    let mut g = game(6);
    ok(
        &mut g,
        Action::Tribute {
            team: S,
            amount: u32::MAX,
        },
    );
    let e = refused(&mut g, Action::Tribute { team: S, amount: 1 });
    assert!(matches!(e, RuleError::TooMany { .. }), "{e:?}");
    assert!(e.to_string().contains("Skyhawks's Lith tribute"), "{e}");
    assert_eq!(g.lith.holder, Some(S), "the marker stays");
}

#[test]
fn gold_never_wraps() {
    let mut g = game(6);
    let gold = |change| Action::Gold {
        hero: h(S, 0),
        change,
    };
    ok(&mut g, gold(i32::MAX));
    ok(&mut g, gold(i32::MAX));
    assert_eq!(g.hero(h(S, 0)).unwrap().gold, u32::MAX);
    let e = refused(&mut g, gold(1));
    assert!(e.to_string().contains("Sky1's gold"), "{e}");
}

#[test]
fn boosts_past_255_are_refused_not_saturated() {
    let mut g = game(6);
    let boosts = |boosts| Action::GainBoosts {
        hero: h(S, 0),
        boosts,
    };
    ok(&mut g, boosts(250));
    let e = refused(&mut g, boosts(6));
    assert!(
        matches!(
            e,
            RuleError::TooMany {
                have: 250,
                adding: 6,
                max: 255,
                ..
            }
        ),
        "{e:?}"
    );
    ok(&mut g, boosts(5));
    assert_eq!(g.hero(h(S, 0)).unwrap().boosts, 255);
}

#[test]
fn lith_favor_is_saved_in_kebab_case_and_old_saves_still_read() {
    assert_eq!(
        serde_json::to_string(&LithFavor::Plus1).unwrap(),
        "\"plus-1\""
    );
    assert_eq!(
        serde_json::from_str::<LithFavor>("\"Plus2\"").unwrap(),
        LithFavor::Plus2
    );
    assert_eq!(
        serde_json::from_str::<LithFavor>("\"plus-2\"").unwrap(),
        LithFavor::Plus2
    );
}

#[test]
fn a_challenge_of_the_other_kind_is_labelled_once() {
    let g = game(6);
    let label = Action::Challenge {
        team: S,
        hero: Some(h(S, 0)),
        challenge: Challenge::new(ChallengeKind::Other, 4, 5),
    }
    .label(&g);
    assert_eq!(label, "Skyhawks: Sky1 challenge, 4 against 5");
}

#[test]
fn cli_act_reads_the_rizzik_example_at_row_plus_one_with_no_modifier_typed() {
    let dir = tempfile::tempdir().unwrap();
    let mut s = setup(6, MapDesign::Standard, 10);
    s.heroes[0][0] = rizzik().entry();
    let g = Game::new(s).unwrap();
    {
        let store = tablemate::store::Store::open(dir.path()).unwrap();
        store
            .save("rizzik", &Saved::new("Rizzik", "New game", g))
            .unwrap();
    }
    let hero = |team: &str, i: usize| format!(r#"{{"team":"{team}","hero":{i}}}"#);
    let mut script = Vec::new();
    for team in ["skyhawks", "psiclones"] {
        for i in 0..2 {
            script.push(format!(
                r#"{{"action":"reinforce","hero":{}}}"#,
                hero(team, i)
            ));
            script.push(r#"{"action":"place","dome":null}"#.to_string());
        }
        script.push(r#"{"action":"next-step"}"#.into());
    }
    script.push(r#"{"action":"next-step"}"#.into());
    script.push(format!(
        r#"{{"action":"leave-dome","hero":{}}}"#,
        hero("skyhawks", 0)
    ));
    // Sky2 stays in its Dome: the end of the Action step asks, and it was surrounded.
    for step in [
        r#"{"action":"next-step"}"#,
        r#"{"action":"answer","option":1}"#,
        r#"{"action":"next-step"}"#,
        r#"{"action":"next-step"}"#,
    ] {
        script.push(step.to_string());
    }
    script.push(format!(
        r#"{{"action":"adventure","hero":{},"adventure":{{"type":"faction-task","faction":"defenders","space":1}},"challenge":{{"kind":"faction-adventure","rating":4,"against":5,"modifiers":[],"skill":"virtue"}}}}"#,
        hero("skyhawks", 0)
    ));
    let out = tablemate::cli::run_in(dir.path(), &["act", "rizzik", "-"], &script.join("\n"));
    assert_eq!(out.code, 0, "{}\n{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("Rizzik tries Watchman Keep Task"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("home faction key: +2"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("read row +1"), "{}", out.stdout);
}
