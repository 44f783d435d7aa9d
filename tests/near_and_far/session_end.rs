//! The end of a session reads the same everywhere: `finish-session` reports the score lines and
//! the winner as `score` prints them, and a lost Map 11 names no winner (p. 39).

use serde_json::json;
use tablemate::doc::Saved;
use tablemate::near_and_far::Mode;
use tablemate::near_and_far::campaign::Action;

use crate::common::*;
use crate::shared::run;

const SHEET: &str = r#"{"map": 2, "players": [
    {"name": "Rin", "camps": 10, "reputation": 2, "coins": 3},
    {"name": "Vera", "camps": 7, "reputation": 5}]}"#;

#[test]
fn finish_session_prints_the_same_score_lines_and_winner_as_score() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let input = root.join("sheet.json");
    std::fs::write(&input, SHEET).unwrap();
    let scored = run(
        root,
        &["near-and-far", "score", "--input", input.to_str().unwrap()],
    );
    assert_eq!(scored.code, 0, "{}", scored.stderr);
    assert!(scored.stdout.contains("Winner: Rin"), "{}", scored.stdout);
    let id = crate::cli::new_campaign(root, "campaign");
    let start = json!({"action": "start-session", "map": 2, "date": "2026-03-02", "characters": ["Rin", "Vera"]});
    assert_eq!(run(root, &["act", &id, &start.to_string()]).code, 0);
    let scores: serde_json::Value = serde_json::from_str(SHEET).unwrap();
    let finish = json!({"action": "finish-session", "scores": scores, "date": "2026-03-02"});
    let o = run(root, &["act", &id, &finish.to_string()]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    for line in scored.stdout.lines() {
        assert!(
            o.stdout.contains(line),
            "{line:?} missing from:\n{}",
            o.stdout
        );
    }
}

#[test]
fn a_lost_map_11_names_no_winner() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 11);
    let mut s = Saved::new("test", "New campaign", c);
    let a: Action =
        serde_json::from_value(json!({"action": "finish-session", "date": "2026-03-03",
        "scores": {"players": [{"name": "Rin", "camps": 10, "reputation": 2},
                               {"name": "Vera", "camps": 7, "reputation": 1}]}}))
        .unwrap();
    let lines = s.act(a).unwrap().lines;
    assert!(!lines.iter().any(|l| l.starts_with("Winner")), "{lines:?}");
    assert!(
        lines.contains(
            &"No winner: a boss card is still standing, so every player loses (p. 39).".to_string()
        ),
        "{lines:?}"
    );
    let done = s.current().sessions.last().unwrap().result.clone().unwrap();
    assert!(done.lost_last_ruin());
    assert!(done.winners.is_empty());
}
