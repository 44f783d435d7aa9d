//! `tablemate worldspanner ...` in-process: odds, challenge, attack, dismiss, and JSON shapes.

use clap::Parser;
use tablemate::cli::{Cli, Output, execute, run_in};

fn run(args: &[&str]) -> (Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let full: Vec<&str> = std::iter::once("worldspanner")
        .chain(args.iter().copied())
        .collect();
    (run_in(dir.path(), &full, ""), dir)
}

fn json(args: &[&str]) -> serde_json::Value {
    let (out, _dir) = run(args);
    assert_eq!(out.code, 0, "{}", out.stderr);
    serde_json::from_str(&out.stdout).unwrap()
}

#[test]
fn cli_odds_lists_thirteen_rows_over_the_whole_deck_unless_counting_cards() {
    let v = json(&["odds", "--json"]);
    assert_eq!(v["cards_left"], 36);
    assert_eq!(v["over"], "whole-deck");
    assert_eq!(v["deck"]["sample_data"], true);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 13);
    assert_eq!(rows[6]["difference"], 0);
    assert_eq!(rows[6]["success"], 0.5);
    let v = json(&[
        "odds",
        "--seed",
        "3",
        "--drawn",
        "10",
        "--cards-left",
        "--json",
    ]);
    assert_eq!(
        (v["cards_left"].as_u64(), v["cards"].as_u64()),
        (Some(26), Some(26))
    );
    assert_eq!(v["over"], "cards-left");
    let (out, _dir) = run(&["odds", "--drawn", "10"]);
    assert_ne!(
        out.code, 0,
        "--drawn without --cards-left would count cards silently"
    );
    assert!(out.stderr.contains("--cards-left"), "{}", out.stderr);
}

#[test]
fn cli_attack_refuses_a_wound_rating_over_four_as_its_message_says() {
    let (out, _dir) = run(&[
        "attack",
        "--seed",
        "1",
        "--hit",
        "5",
        "--defence",
        "5",
        "--power",
        "5",
        "--armor",
        "5",
        "--wound",
        "5",
    ]);
    assert_ne!(out.code, 0);
    assert!(out.stderr.contains("0 to 4"), "{}", out.stderr);
    let v = json(&[
        "attack",
        "--seed",
        "1",
        "--hit",
        "5",
        "--defence",
        "5",
        "--power",
        "5",
        "--armor",
        "5",
        "--wound",
        "4",
        "--json",
    ]);
    assert_eq!(v["wound_rating"], 4);
}

#[test]
fn cli_dismiss_refuses_an_empty_entry_in_occupied() {
    for occupied in [",,", "3:4,,4:2", "3:4,"] {
        let (out, _dir) = run(&["dismiss", "--range", "3-4", "--occupied", occupied]);
        assert_eq!(out.code, 1, "{occupied:?}: {}", out.stdout);
        assert!(out.stderr.contains("empty entry"), "{}", out.stderr);
    }
    let (out, _dir) = run(&["dismiss", "--range", "3-4", "--occupied", ""]);
    assert_eq!(out.code, 0, "no Domes occupied: {}", out.stderr);
}

#[test]
fn cli_dismiss_refuses_the_same_dome_number_given_twice_in_occupied() {
    let (out, _dir) = run(&["dismiss", "--range", "3-4", "--occupied", "3:4,3:1"]);
    assert_ne!(
        out.code, 0,
        "3:4 then 3:1 would silently keep only the last"
    );
    assert!(out.stderr.contains("twice"), "{}", out.stderr);
}

#[test]
fn cli_favor_out_of_range_says_out_of_range_not_not_a_whole_number() {
    let (out, _dir) = run(&[
        "challenge",
        "--seed",
        "1",
        "--rating",
        "5",
        "--against",
        "5",
        "--modifier",
        "favor=200",
    ]);
    assert_ne!(out.code, 0);
    assert!(out.stderr.contains("out of range"), "{}", out.stderr);
    assert!(!out.stderr.contains("not a whole number"), "{}", out.stderr);
}

#[test]
fn cli_challenge_is_reproducible_with_its_seed_and_explains_modifiers() {
    let args = [
        "challenge",
        "--seed",
        "42",
        "--rating",
        "4",
        "--against",
        "5",
        "--modifier",
        "home",
        "--modifier",
        "favor=-1",
        "--json",
    ];
    let a = json(&args);
    assert_eq!(a, json(&args));
    assert_eq!(a["raw_difference"], 0);
    assert_eq!(a["modifiers"][0]["amount"], 2);
    assert!(
        a["modifiers"][0]["why"]
            .as_str()
            .unwrap()
            .contains("home faction")
    );
    assert_eq!(a["card"]["faces"].as_str().unwrap().len(), 13);
    let face = a["face"].as_str().unwrap();
    assert!(["fopp", "fail", "squeak", "pass", "amaze"].contains(&face));
    assert_eq!(a["result"]["banish"], face == "fopp");
}

#[test]
fn cli_challenge_clamps_and_refuses_modifiers_the_kind_does_not_allow() {
    let v = json(&[
        "challenge",
        "--seed",
        "1",
        "--rating",
        "9",
        "--against",
        "0",
        "--json",
    ]);
    assert_eq!(
        (v["raw_difference"].as_i64(), v["difference"].as_i64()),
        (Some(9), Some(6))
    );
    assert_eq!(v["clamped"], true);
    let (out, _d) = run(&[
        "challenge",
        "--seed",
        "1",
        "--rating",
        "5",
        "--against",
        "5",
        "--kind",
        "melee-hit",
        "--modifier",
        "home",
    ]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("Faction key"), "{}", out.stderr);
}

#[test]
fn cli_attack_reports_hit_damage_and_wounds() {
    let v = json(&[
        "attack",
        "--seed",
        "5",
        "--hit",
        "9",
        "--defence",
        "3",
        "--power",
        "6",
        "--armor",
        "1",
        "--wound",
        "2",
        "--json",
    ]);
    assert_eq!(v["hit"]["difference"], 6);
    if v["hit"]["hit"] == true {
        assert!(v["damage"].is_object());
    } else {
        assert!(v["damage"].is_null());
        assert_eq!(v["wounds"], 0);
    }
}

#[test]
fn cli_dismiss_lists_candidate_domes_in_rule_order() {
    let v = json(&[
        "dismiss",
        "--range",
        "3-4",
        "--occupied",
        "3:4,4:2",
        "--json",
    ]);
    assert_eq!(v["candidates"][0]["dome"], 4);
    assert_eq!(v["candidates"][0]["empty"], 2);
    assert_eq!(v["candidates"][0]["because"], "in-range");
    assert_eq!(v["candidates"].as_array().unwrap().len(), 1);
    let v = json(&[
        "dismiss",
        "--range",
        "5-6",
        "--occupied",
        "5:4,6:4,1:4",
        "--json",
    ]);
    assert_eq!(v["candidates"][0]["dome"], 2);
    assert_eq!(v["candidates"][0]["because"], "next-higher");
    let v = json(&["dismiss", "--range", "1 or 6", "--json"]);
    assert_eq!(v["candidates"].as_array().unwrap().len(), 2);
    let v = json(&["dismiss", "--seed", "9", "--json"]);
    assert!(v["card"]["domes"].is_string());
}

#[test]
fn cli_reads_a_deck_file_and_names_it_in_errors() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.json");
    std::fs::write(
        &path,
        r#"{"data_kind":"worldspanner-challenge-deck","name":"x","cards":[]}"#,
    )
    .unwrap();
    let (out, _d) = run(&["odds", "--deck", path.to_str().unwrap()]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains("bad.json") && out.stderr.contains("0 cards"),
        "{}",
        out.stderr
    );
}

#[test]
fn cli_uses_the_players_deck_from_the_data_folder_over_the_sample() {
    let dir = tempfile::tempdir().unwrap();
    let mut d = crate::common::sample();
    d.header.sample_data = false;
    d.name = "My real white deck".into();
    let target = dir.path().join("data/worldspanner");
    std::fs::create_dir_all(&target).unwrap();
    std::fs::write(target.join("challenge-deck.sample.json"), d.to_json()).unwrap();
    let cli = Cli::try_parse_from(["tablemate", "worldspanner", "odds", "--json"]).unwrap();
    let out = execute(cli.command, dir.path());
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["deck"]["name"], "My real white deck");
}

#[test]
fn cli_challenge_reads_a_physical_card_as_it_would_a_digital_draw() {
    let v = json(&[
        "challenge",
        "--rating",
        "4",
        "--against",
        "5",
        "--modifier",
        "home",
        "--face",
        "pass",
        "--json",
    ]);
    assert_eq!(v["difference"], 1);
    assert_eq!(v["face"], "pass");
    assert_eq!(v["result"]["success"], true);
    assert_eq!(v["result"]["dismiss"], true);
    assert_eq!(v["card"]["physical"], true);
    assert!(v["luck"].is_null(), "Luck was not read");
    let (out, _dir) = run(&[
        "challenge",
        "--rating",
        "6",
        "--against",
        "5",
        "--kind",
        "melee-hit",
        "--face",
        "squeak",
        "--hit",
        "--luck",
        "3",
    ]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("the card drawn: the Hit bar is beside row +1; Luck 3"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("hit: now make the Damage challenge"),
        "{}",
        out.stdout
    );
    let (out, _dir) = run(&[
        "challenge",
        "--rating",
        "4",
        "--against",
        "5",
        "--face",
        "great",
    ]);
    assert_ne!(out.code, 0);
    assert!(
        out.stderr.contains("amaze, pass, squeak, fail or fopp"),
        "{}",
        out.stderr
    );
}
