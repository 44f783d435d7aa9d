//! `record-quest` by the choice taken (`"choice": N`, the lookup's `choices[].index`): the
//! storybook index's rewards are applied as the window applies them, and the keyword rule and
//! the roll are checked (a forced choice without a roll is a success, p. 21-22, 35).

use serde_json::json;

use crate::shared::run;

fn act(root: &std::path::Path, id: &str, action: serde_json::Value) -> tablemate::cli::Output {
    run(root, &["act", id, &action.to_string()])
}

fn sheet(root: &std::path::Path, id: &str, who: &str) -> serde_json::Value {
    let o = run(
        root,
        &[
            "near-and-far",
            "sheet",
            "--campaign",
            id,
            "--character",
            who,
            "--json",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    serde_json::from_str(&o.stdout).unwrap()
}

fn add_entry(root: &std::path::Path, entry: serde_json::Value) {
    let o = run(
        root,
        &[
            "near-and-far",
            "index",
            "add",
            "--entry",
            &entry.to_string(),
            "--map",
            "2",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
}

fn quest(code: &str, outcome: &str, choice: Option<usize>) -> serde_json::Value {
    let mut q = json!({"action": "record-quest", "character": "Rin",
        "read": {"kind": "map-quest", "code": code}, "outcome": outcome, "date": "2026-03-02",
        "tokens_by_hand": true});
    if let Some(c) = choice {
        q["choice"] = json!(c);
    }
    q
}

/// A Campaign Mode campaign in session on Map 2, with two entries of the player's own index:
/// quest 5 (a roll, rewards and a bonus) and quest 6 (a BRAVE choice without a roll).
fn table() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let id = crate::cli::new_campaign(dir.path(), "campaign");
    let o = act(
        dir.path(),
        &id,
        json!({"action": "start-session", "map": 2, "date": "2026-03-02", "characters": ["Rin", "Vera"]}),
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    add_entry(
        dir.path(),
        json!({"code": "5", "choices": [
            {"label": "dig", "test": {"skill": 4}, "reward": {"keywords": ["BRAVE"]}, "bonus": {"xp": 1}},
            {"label": "swim", "test": {"skill": 6}}]}),
    );
    add_entry(
        dir.path(),
        json!({"code": "6", "choices": [
            {"label": "stand firm", "keywords": ["BRAVE"], "reward": {"xp": 2}},
            {"label": "run", "test": {"skill": 3}}]}),
    );
    (dir, id)
}

#[test]
fn record_quest_by_choice_applies_the_index_rewards_and_bonus() {
    let (dir, id) = table();
    let o = act(dir.path(), &id, quest("5", "success-with-bonus", Some(0)));
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout
            .contains("Rin: quest 5, success with bonus (choices[0])"),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout.contains("Keyword BRAVE written on Rin's card."),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("+1 experience for Rin."), "{}", o.stdout);
    let v = sheet(dir.path(), &id, "Rin");
    assert_eq!(v["keywords"], json!(["BRAVE"]));
}

#[test]
fn a_choice_the_index_does_not_have_or_rewards_that_differ_are_refused() {
    let (dir, id) = table();
    let o = act(dir.path(), &id, quest("5", "success", Some(5)));
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains(
            "quest 5 has 2 choices in your index (choices[0] to choices[1]): there is no choices[5]"
        ),
        "{}",
        o.stderr
    );
    let mut q = quest("5", "success", Some(0));
    q["rewards"] = json!({"keywords": ["SNEAKY"]});
    let o = act(dir.path(), &id, q);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("the rewards given (+SNEAKY) are not what your index gives choices[0] of quest 5 for this outcome (+BRAVE)"),
        "{}",
        o.stderr
    );
    let o = act(dir.path(), &id, quest("41", "success", Some(0)));
    assert!(
        o.stderr.contains("41 is not a quest space of Map 2"),
        "{}",
        o.stderr
    );
}

#[test]
fn a_forced_choice_without_a_roll_is_applied_as_forced() {
    let (dir, id) = table();
    assert_eq!(act(dir.path(), &id, quest("5", "success", Some(0))).code, 0);
    // Rin now holds BRAVE: quest 6's "stand firm" is forced and has no roll.
    let o = act(dir.path(), &id, quest("6", "failed", Some(0)));
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("choices[0] (stand firm) of quest 6, forced by the keywords, has no roll, so it cannot end as failed"),
        "{}",
        o.stderr
    );
    let o = act(dir.path(), &id, quest("6", "failed", None));
    assert_eq!(
        o.code, 1,
        "no choice named: the forced one still cannot fail"
    );
    let o = act(dir.path(), &id, quest("6", "success", Some(1)));
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains("Rin's keywords force choices[0] (stand firm) of quest 6, so choices[1] (run) is not read (p. 35)"),
        "{}",
        o.stderr
    );
    let o = act(dir.path(), &id, quest("6", "success", Some(0)));
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("+2 experience for Rin."), "{}", o.stdout);
}

#[test]
fn a_locked_choice_is_refused_naming_the_missing_keyword() {
    let (dir, id) = table();
    let mut q = quest("6", "success", Some(0));
    q["character"] = json!("Vera");
    let o = act(dir.path(), &id, q);
    assert_eq!(o.code, 1);
    assert!(
        o.stderr.contains(
            "choices[0] (stand firm) of quest 6 is locked: Vera does not hold BRAVE (p. 35)"
        ),
        "{}",
        o.stderr
    );
}
