//! The evening from the command line (issue 11, section 2): a late joiner with
//! `near-and-far join` (p. 37: one row of boxes per session missed in Campaign Mode, a fresh
//! card in Character Mode) and a character retiring, saying what it changes.

use serde_json::json;
use tablemate::doc::Saved;
use tablemate::near_and_far::Campaign;
use tablemate::near_and_far::campaign::Action;
use tablemate::store::Store;

use crate::shared::run;

use super::cli::new_campaign;

/// Plays `n` sessions (scoring a little) on the saved campaign.
fn play_sessions(root: &std::path::Path, id: &str, maps: &[u8]) {
    let store = Store::open(root).unwrap();
    let mut saved: Saved<Campaign> = store.load(id).unwrap();
    for m in maps {
        let start: Action = serde_json::from_value(json!({"action": "start-session", "map": m,
            "date": "2026-03-02", "characters": ["Rin", "Vera"]}))
        .unwrap();
        saved.act(start).unwrap();
        let finish: Action = serde_json::from_value(json!({"action": "finish-session",
            "date": "2026-03-02", "scores": {"players": [
                {"name": "Rin", "camps": 5, "reputation": 2, "mammoth_camp": null},
                {"name": "Vera", "camps": 4, "reputation": 1}]}}))
        .unwrap();
        saved.act(finish).unwrap();
    }
    store.save(id, &saved).unwrap();
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

#[test]
fn a_late_joiner_in_campaign_mode_fills_one_row_of_boxes_per_session_missed() {
    let dir = tempfile::tempdir().unwrap();
    let id = new_campaign(dir.path(), "campaign");
    play_sessions(dir.path(), &id, &[2, 3]);
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "join",
            "--campaign",
            &id,
            "--player",
            "Cy=Kiku",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("2 rows of boxes filled"), "{}", o.stdout);
    let v = sheet(dir.path(), &id, "Kiku");
    assert_eq!(v["boxes_filled"], 6);
    assert_eq!(v["xp_earned"], 3, "1 to start + one per full row");
    let again = run(
        dir.path(),
        &[
            "near-and-far",
            "join",
            "--campaign",
            &id,
            "--player",
            "Dee=Kiku",
        ],
    );
    assert_eq!(again.code, 1, "Kiku already has a card");
}

#[test]
fn a_late_joiner_in_character_mode_starts_a_fresh_card() {
    let dir = tempfile::tempdir().unwrap();
    let id = new_campaign(dir.path(), "character");
    play_sessions(dir.path(), &id, &[4]);
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "join",
            "--campaign",
            &id,
            "--player",
            "Cy=Kiku",
            "--json",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    let v = sheet(dir.path(), &id, "Kiku");
    assert_eq!(v["xp_earned"], 1);
    assert_eq!(v["character_quests_read"], 0);
    let bad = run(
        dir.path(),
        &["near-and-far", "join", "--campaign", &id, "--player", "Cy"],
    );
    assert_eq!(bad.code, 1);
    assert!(bad.stderr.contains("PLAYER=CHARACTER"), "{}", bad.stderr);
}

#[test]
fn retiring_a_character_from_the_cli_says_what_it_changes() {
    let dir = tempfile::tempdir().unwrap();
    let id = new_campaign(dir.path(), "campaign");
    assert_eq!(
        run(
            dir.path(),
            &[
                "near-and-far",
                "join",
                "--campaign",
                &id,
                "--player",
                "Cy=Kiku"
            ]
        )
        .code,
        0
    );
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "retire",
            "--campaign",
            &id,
            "--character",
            "Kiku",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("plays no more sessions"), "{}", o.stdout);
    assert!(o.stdout.contains("cannot be champion"), "{}", o.stdout);
    let o = run(
        dir.path(),
        &[
            "near-and-far",
            "retire",
            "--campaign",
            &id,
            "--character",
            "Rin",
        ],
    );
    assert_eq!(o.code, 1, "two characters must stay");
}
