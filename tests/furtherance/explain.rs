//! Explanations from the command line: `tablemate act ID ACTION --explain` and
//! `tablemate furtherance why ID [STEP]`, on a saved game whose enemy turn is known.

use tablemate::doc::Saved;
use tablemate::furtherance::{Seat, Settings};
use tablemate::store::Store;

use super::shared::says;
use super::{new_game, place, run};

/// A saved game with a Left Knight at c2, next to your castle and to none of your units.
fn saved_with_a_knight_at_your_gate() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let mut g = new_game(Settings::default());
    place(&mut g, Seat::Left, "Knight", "c2");
    let saved = Saved::new("why", "New game", g);
    Store::open(dir.path())
        .unwrap()
        .save("why", &saved)
        .unwrap();
    dir
}

#[test]
fn act_explain_prints_each_step_with_why_and_the_rule() {
    let dir = saved_with_a_knight_at_your_gate();
    let out = run(
        dir.path(),
        &["act", "why", r#"{"action":"end-turn"}"#, "--explain"],
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    says(
        &out.stdout,
        &[
            "Why:",
            "Left's Knight (c2) attacks your castle",
            "Why: attacks your castle: it is next to the castle and to none of your units — SOLO AI ¶3",
            "Why: your castle strikes back: your side must counter-attack",
            "Why: The Across castle holds 10 hourglass counter(s)",
            "Why: placed on a4: the centre of the castle is free",
        ],
    );
}

#[test]
fn why_shows_an_entry_of_the_history_and_the_current_one_by_default() {
    let dir = saved_with_a_knight_at_your_gate();
    let out = run(dir.path(), &["act", "why", r#"{"action":"end-turn"}"#]);
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(!out.stdout.contains("Why:"), "no --explain: {}", out.stdout);
    let now = run(dir.path(), &["furtherance", "why", "why"]);
    assert_eq!(now.code, 0, "{}", now.stderr);
    says(
        &now.stdout,
        &["1: End of your turn", "Why: attacks your castle"],
    );
    let first = run(dir.path(), &["furtherance", "why", "why", "0"]);
    says(&first.stdout, &["0: New game", "Why: your own action"]);
    let json = run(dir.path(), &["furtherance", "why", "why", "1", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json.stdout).unwrap();
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.iter().any(|s| {
        s["why"]
            .as_array()
            .is_some_and(|w| w.iter().any(|r| r["reason"] == "attacks-castle"))
    }));
    let missing = run(dir.path(), &["furtherance", "why", "why", "9"]);
    assert_eq!(missing.code, 1);
    says(&missing.stderr, &["no history entry 9", "numbered 0 to 1"]);
}
