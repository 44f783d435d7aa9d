//! `tablemate replay`: a save's recorded actions applied again from its first entry.

use tablemate::cli::run_in;
use tablemate::doc::Saved;
use tablemate::store::Store;
use tablemate::worldspanner::*;

const PLAYED: [&str; 2] = [
    r#"{"action":"reinforce","hero":{"team":"skyhawks","hero":0}}"#,
    r#"{"action":"place"}"#,
];

fn save_path(dir: &tempfile::TempDir) -> std::path::PathBuf {
    dir.path().join("saves").join("friday.json")
}

/// A game saved as `friday` with two actions (reinforce, place) played through `tablemate act`.
fn played() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let setup = sample::setup(MapDesign::Standard, 6, 10, 7).unwrap();
    let saved = Saved::new("Friday", "New game", Game::new(setup).unwrap());
    Store::open(dir.path())
        .unwrap()
        .save("friday", &saved)
        .unwrap();
    for a in PLAYED {
        let out = run_in(dir.path(), &["act", "friday", a], "");
        assert_eq!(out.code, 0, "{}", out.stderr);
    }
    dir
}

/// Rewrites the save file of `dir` by hand with `edit`.
fn edit_save(dir: &tempfile::TempDir, edit: impl FnOnce(&mut serde_json::Value)) {
    let text = std::fs::read_to_string(save_path(dir)).unwrap();
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    edit(&mut file);
    std::fs::write(save_path(dir), serde_json::to_vec(&file).unwrap()).unwrap();
}

#[test]
fn a_game_played_by_actions_replays_with_no_divergence() {
    let dir = played();
    let out = run_in(dir.path(), &["replay", "friday"], "");
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("replayed 2 of 3 entries"),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("no divergence"), "{}", out.stdout);
}

#[test]
fn a_hand_altered_entry_is_reported_at_its_entry_and_only_there() {
    let dir = played();
    // Entry 2's recorded action is changed by hand to reinforce another hero: the state it
    // gives is no longer the stored one.
    edit_save(&dir, |file| {
        let entry = &mut file["data"]["history"]["entries"][1];
        assert_eq!(entry["action"]["hero"]["hero"], 0, "{entry}");
        entry["action"]["hero"]["hero"] = 5.into();
    });
    let path = save_path(&dir);
    let out = run_in(dir.path(), &["replay", path.to_str().unwrap()], "");
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(out.stdout.contains("entry 2 "), "{}", out.stdout);
    assert!(!out.stdout.contains("entry 3 "), "{}", out.stdout);
    assert!(out.stdout.contains("1 diverge"), "{}", out.stdout);
}

#[test]
fn a_save_from_before_recorded_actions_says_so() {
    let dir = played();
    edit_save(&dir, |file| {
        for e in file["data"]["history"]["entries"].as_array_mut().unwrap() {
            e.as_object_mut().unwrap().remove("action");
        }
        // Saves from then had no digest either.
        file["data"]["history"]
            .as_object_mut()
            .unwrap()
            .remove("digest");
    });
    let out = run_in(dir.path(), &["replay", "friday"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    assert!(
        out.stdout.contains("predates recorded actions"),
        "{}",
        out.stdout
    );
}

#[test]
fn recording_actions_keeps_the_save_small() {
    let dir = played();
    let with = std::fs::read(save_path(&dir)).unwrap().len();
    let text = std::fs::read_to_string(save_path(&dir)).unwrap();
    let actions: usize = PLAYED.iter().map(|a| a.len()).sum();
    // The recorded actions add about their own JSON, nothing more.
    let mut file: serde_json::Value = serde_json::from_str(&text).unwrap();
    for e in file["data"]["history"]["entries"].as_array_mut().unwrap() {
        e.as_object_mut().unwrap().remove("action");
    }
    let without = serde_json::to_vec_pretty(&file).unwrap().len();
    assert!(
        with <= without + actions + 100,
        "{with} vs {without} + {actions}"
    );
}

/// An edit to the current state flows into every state rebuilt from it, so comparing entries
/// cannot see it; the history's digest can, and replay reports it (exit 1).
#[test]
fn a_hand_edited_current_state_is_reported() {
    let dir = played();
    let out = run_in(dir.path(), &["replay", "friday"], "");
    assert!(!out.stdout.contains("changed since"), "{}", out.stdout);
    edit_save(&dir, |file| {
        let gold = &mut file["data"]["history"]["current"]["teams"][0]["heroes"][0]["gold"];
        assert!(gold.is_u64(), "{file}");
        *gold = 999.into();
    });
    let out = run_in(dir.path(), &["replay", "friday"], "");
    assert_eq!(out.code, 1, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout.contains("changed since Tablemate wrote it"),
        "{}",
        out.stdout
    );
    // The entries alone still compare equal: the edit is in every one of them.
    assert!(out.stdout.contains("no divergence"), "{}", out.stdout);
}
