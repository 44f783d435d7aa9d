//! `tablemate worldspanner show ID [--json]`: the game as the table sees it.

use crate::common::*;
use crate::library::rizzik;
use tablemate::cli::run_in;
use tablemate::doc::Saved;
use tablemate::store::Store;
use tablemate::worldspanner::*;

/// A 6-a-side game in round 2's Melee step: Rizzik (Wits 7) and Sky2 for the Skyhawks on the
/// map, Psi1 in Dome 3.1, Lazar (Wits 3) on the map with a Boost in use; Rizzik has attacked.
fn saved_game(root: &std::path::Path) -> String {
    let mut s = setup(6, MapDesign::Standard, 10);
    s.heroes[0][0] = rizzik().entry();
    let mut lazar = rizzik();
    lazar.name = "Lazar".into();
    lazar.ratings[10] = 3;
    s.heroes[1][1] = lazar.entry();
    let mut g = Game::new(s).unwrap();
    through_round_one(&mut g);
    for r in [h(S, 0), h(S, 1), h(P, 1)] {
        g.domes.vacate(r);
        g.hero_mut(r).unwrap().status = HeroStatus::OnMap;
    }
    g.hero_mut(h(P, 1)).unwrap().boost_active = true;
    g.hero_mut(h(S, 0)).unwrap().wounds = 2;
    g.lith.give(S, 3).unwrap();
    for space in 0..3 {
        g.key_mut(Faction::Lords)
            .unwrap()
            .capture(space, S)
            .unwrap();
    }
    g.rounds.step = Step::Melee;
    g.acted.push(StepDeed {
        hero: h(S, 0),
        deed: Deed::MeleeAttack,
    });
    g.validate().unwrap();
    let store = Store::open(root).unwrap();
    let id = store.new_id(tablemate::doc::Kind::Worldspanner);
    store
        .save(&id, &Saved::new("Friday", "New game", g))
        .unwrap();
    id
}

#[test]
fn worldspanner_show_json_gives_the_whole_table_as_documented() {
    let dir = tempfile::tempdir().unwrap();
    let id = saved_game(dir.path());
    let out = run_in(dir.path(), &["worldspanner", "show", &id, "--json"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["id"], id.as_str());
    assert_eq!(v["title"], "Friday");
    assert_eq!(
        (v["round"].as_u64(), v["rounds"].as_u64()),
        (Some(2), Some(10))
    );
    assert_eq!(v["step"], "melee");
    assert_eq!(v["active"], "skyhawks");
    let rizzik = &v["teams"][0]["heroes"][0];
    assert_eq!(rizzik["name"], "Rizzik");
    assert_eq!(rizzik["health"], 5);
    assert_eq!(rizzik["wounds"], 2);
    assert_eq!(rizzik["health_left"], 3);
    assert_eq!(rizzik["gold"], 1);
    assert_eq!(rizzik["at"], "on-map");
    assert_eq!(rizzik["acted"], "melee-attack");
    assert_eq!(v["teams"][1]["heroes"][1]["boost_in_use"], true);
    let psi1 = &v["teams"][1]["heroes"][0];
    assert_eq!(psi1["at"], "in-dome");
    assert!(psi1["dome"].is_string(), "{psi1}");
    // Domes: six numbers of four places, the free ones counted.
    assert_eq!(v["domes"].as_array().unwrap().len(), 6);
    let in_domes = v["domes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|d| d["places"].as_array().unwrap().clone())
        .filter(|p| !p.is_null())
        .count();
    assert_eq!(v["free_domes"].as_u64().unwrap() as usize, 24 - in_domes);
    // Markers per key, the favor tile they give, Lith's tribute and Favor.
    assert_eq!(v["keys"][0]["skyhawks"], 3);
    assert_eq!(v["teams"][0]["favor_tiles"][0]["side"], 3);
    assert_eq!(v["lith"]["holder"], "skyhawks");
    assert_eq!(v["lith"]["tribute"], 3);
    assert_eq!(v["lith"]["favor"], "plus-1");
    // Who acted, and the melee order by Wits (Sky2 has no card).
    assert_eq!(v["acted"][0]["name"], "Rizzik");
    let order: Vec<&str> = v["melee_order"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(order, ["Rizzik", "Lazar"]);
    assert_eq!(v["melee_order"][0]["done"], true);
    assert_eq!(v["melee_wits_unknown"][0]["name"], "Sky2");
    // This game's odds, 13 rows a team.
    assert_eq!(v["odds"]["over"], "whole-deck");
    assert_eq!(v["odds"]["skyhawks"].as_array().unwrap().len(), 13);
    assert!(v["pending"].is_null());
}

#[test]
fn worldspanner_show_in_words_names_heroes_domes_keys_and_the_melee_order() {
    let dir = tempfile::tempdir().unwrap();
    let id = saved_game(dir.path());
    let out = run_in(dir.path(), &["worldspanner", "show", &id], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    for said in [
        "Round 2 of 10",
        "Rizzik",
        "Health 3/5 (2 wounds)",
        "this step: made its melee attack",
        "Boosts 0, one in use",
        "free",
        "Crown District",
        "Lith's Favor +1",
        "Melee order by Wits: Rizzik (Wits 7, done), Lazar (Wits 3)",
        "Wits unknown (no card): Sky2",
    ] {
        assert!(out.stdout.contains(said), "{said:?} in\n{}", out.stdout);
    }
    let out = run_in(dir.path(), &["worldspanner", "show", "no-such-game"], "");
    assert_eq!(out.code, 1);
}

#[test]
fn tablemate_answer_places_the_waiting_hero_in_the_nth_free_dome_the_question_names() {
    let dir = tempfile::tempdir().unwrap();
    let mut g = Game::new(setup(6, MapDesign::Standard, 10)).unwrap();
    through_round_one(&mut g);
    g.domes.vacate(h(S, 0));
    g.hero_mut(h(S, 0)).unwrap().status = HeroStatus::OnMap;
    g.rounds.step = Step::Adventure;
    let store = Store::open(dir.path()).unwrap();
    let id = store.new_id(tablemate::doc::Kind::Worldspanner);
    store
        .save(&id, &Saved::new("Friday", "New game", g))
        .unwrap();
    drop(store);
    let task = r#"{"action":"adventure","hero":{"team":"skyhawks","hero":0},
        "adventure":{"type":"faction-task","faction":"lords","space":0},
        "challenge":{"kind":"faction-adventure","rating":5,"against":5,"modifiers":[]}}"#;
    let out = run_in(dir.path(), &["act", &id, task], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("choose the Dome: free Dome")
            && out.stdout.contains("tablemate answer ID N"),
        "{}",
        out.stdout
    );
    let out = run_in(dir.path(), &["worldspanner", "show", &id, "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let first = v["pending"]["free"][0].as_str().unwrap().to_string();
    let out = run_in(dir.path(), &["answer", &id, "1"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains(&format!("placed in {first}")),
        "{}",
        out.stdout
    );
    let saved: Saved<Game> = Store::open(dir.path()).unwrap().load(&id).unwrap();
    assert!(saved.current().pending.is_none());
}

/// Round 2, the Skyhawks' `step`, their heroes still in the Domes of round 1; 3 gold lies where
/// Psi2 fell.
fn round_two_at(root: &std::path::Path, step: Step) -> String {
    let mut g = Game::new(setup(6, MapDesign::Standard, 10)).unwrap();
    through_round_one(&mut g);
    g.rounds.step = step;
    g.loot.push(Loot {
        dropped_by: h(P, 1),
        gold: 3,
        round: 2,
        dome: None,
    });
    g.domes.vacate(h(P, 1));
    g.hero_mut(h(P, 1)).unwrap().status = HeroStatus::Underpit;
    g.validate().unwrap();
    let store = Store::open(root).unwrap();
    let id = store.new_id(tablemate::doc::Kind::Worldspanner);
    store
        .save(&id, &Saved::new("Friday", "New game", g))
        .unwrap();
    id
}

#[test]
fn next_step_out_of_an_action_step_with_heroes_in_a_dome_asks_tablemate_answer_if_surrounded() {
    let dir = tempfile::tempdir().unwrap();
    let id = round_two_at(dir.path(), Step::Action);
    let out = run_in(dir.path(), &["act", &id, r#"{"action":"next-step"}"#], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("still in a Dome") && out.stdout.contains("tablemate answer ID N"),
        "{}",
        out.stdout
    );
    let out = run_in(dir.path(), &["worldspanner", "show", &id], "");
    assert!(out.stdout.contains("Question: "), "{}", out.stdout);
    assert!(
        out.stdout.contains(&format!("tablemate answer {id} N")),
        "{}",
        out.stdout
    );
    let out = run_in(dir.path(), &["worldspanner", "show", &id, "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["surrounded"]["answers"].as_array().unwrap().len(), 2);
    let out = run_in(dir.path(), &["answer", &id, "1"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let saved: Saved<Game> = Store::open(dir.path()).unwrap().load(&id).unwrap();
    assert_eq!(saved.current().rounds.step, Step::Reaction);
}

#[test]
fn loot_on_the_ground_is_listed_by_show_and_picked_up_with_pick_up() {
    let dir = tempfile::tempdir().unwrap();
    let id = round_two_at(dir.path(), Step::Free);
    let out = run_in(dir.path(), &["worldspanner", "show", &id], "");
    assert!(
        out.stdout
            .contains("pile 0: 3 gold where Psi2 was defeated (round 2)"),
        "{}",
        out.stdout
    );
    let out = run_in(dir.path(), &["worldspanner", "show", &id, "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["loot"][0]["gold"], 3);
    assert_eq!(v["loot"][0]["dropped_by"]["name"], "Psi2");
    let pick = r#"{"action":"pick-up","hero":{"team":"skyhawks","hero":0},"pile":0,"gold":2}"#;
    // In a Dome the hero is not in that space.
    let out = run_in(dir.path(), &["act", &id, pick], "");
    assert_eq!(out.code, 1, "{}", out.stdout);
    assert!(
        out.stderr.contains("Picking up loot, p. 11"),
        "{}",
        out.stderr
    );
    let mut saved: Saved<Game> = Store::open(dir.path()).unwrap().load(&id).unwrap();
    let mut g = saved.current().clone();
    g.domes.vacate(h(S, 0));
    g.hero_mut(h(S, 0)).unwrap().status = HeroStatus::OnMap;
    saved = Saved::new("Friday", "New game", g);
    Store::open(dir.path()).unwrap().save(&id, &saved).unwrap();
    let out = run_in(dir.path(), &["act", &id, pick], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("1 gold is left there"),
        "{}",
        out.stdout
    );
}

/// docs/rules.md, "Rule references": the step's reminder names its digest entry; `--rules`
/// prints it after the table and `--json` gives it as `reminder_rule`.
#[test]
fn worldspanner_show_rules_prints_the_entry_the_steps_reminder_cites() {
    let dir = tempfile::tempdir().unwrap();
    let id = saved_game(dir.path());
    let out = run_in(dir.path(), &["worldspanner", "show", &id, "--rules"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("Rule worldspanner/melee: Melee attacks"),
        "{}",
        out.stdout
    );
    let out = run_in(dir.path(), &["worldspanner", "show", &id, "--json"], "");
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(
        v["reminder_rule"],
        serde_json::json!({"game": "worldspanner", "id": "melee"})
    );
}
