//! `tablemate near-and-far session`: the session in play from the command line (tokens left,
//! the active threat and its name, threats taken by whom, bosses, town side, the game end).

use serde_json::json;
use tablemate::near_and_far::Mode;
use tablemate::near_and_far::session::Variants;

use crate::common::*;
use crate::shared::run;

fn session_json(root: &std::path::Path, id: &str) -> serde_json::Value {
    let o = run(
        root,
        &["near-and-far", "session", "--campaign", id, "--json"],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    serde_json::from_str(&o.stdout).expect("JSON output")
}

fn act(root: &std::path::Path, id: &str, action: serde_json::Value) {
    let o = run(root, &["act", id, &action.to_string()]);
    assert_eq!(o.code, 0, "{}{}", o.stdout, o.stderr);
}

#[test]
fn the_session_command_shows_tokens_left_the_active_threat_and_who_took_which() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let id = crate::cli::new_campaign(root, "campaign");
    let between = session_json(root, &id);
    assert_eq!(between["in_play"], false);
    assert_eq!(between["next_maps"], json!([2]));
    act(
        root,
        &id,
        json!({"action": "start-session", "map": 2, "date": "2026-03-02", "characters": ["Rin", "Vera"]}),
    );
    act(
        root,
        &id,
        json!({"action": "defeat-threat", "character": "Ana"}),
    );
    let v = session_json(root, &id);
    let first = v["tokens"]["drawn"][0].as_str().unwrap().to_string();
    act(
        root,
        &id,
        json!({"action": "record-quest", "character": "Vera", "read": {"kind": "map-quest", "code": first},
               "outcome": "success", "date": "2026-03-02"}),
    );
    let v = session_json(root, &id);
    assert_eq!(v["in_play"], true);
    assert_eq!(v["number"], 1);
    assert_eq!(v["map"], 2);
    assert_eq!(v["map_name"], "Broken Plains");
    assert_eq!(v["town"], "dusk");
    assert_eq!(
        v["at_table"][0],
        json!({"character": "Rin", "player": "Ana"})
    );
    assert_eq!(v["tokens"]["placed"], 7);
    assert_eq!(v["tokens"]["left_count"], 6);
    assert_eq!(v["tokens"]["used"], json!([{"space": first, "by": "Vera"}]));
    assert!(
        !v["tokens"]["left"]
            .as_array()
            .unwrap()
            .contains(&json!(first))
    );
    assert_eq!(v["active_threat"]["level"], 5);
    assert_eq!(v["threats_left"], 11);
    assert_eq!(
        v["threats_taken"],
        json!([{"card": {"level": 4, "name": "Bandit", "journey_points": null}, "by": "Rin"}])
    );
    assert_eq!(v["bosses"], json!(null));
    assert_eq!(v["game_end"]["camp"], 14);
    let o = run(root, &["near-and-far", "session", "--campaign", &id]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout.contains("Quest tokens: 6 of 7 left, on "),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout.contains(&format!("used: {first} by Vera")),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout
            .contains("Active threat: level 5; 11 cards in the deck"),
        "{}",
        o.stdout
    );
    assert!(
        o.stdout.contains("taken: level 4 (Bandit) by Rin"),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("14th camp"), "{}", o.stdout);
    assert!(
        !o.stdout.contains("boss"),
        "no bosses off Map 11: {}",
        o.stdout
    );
}

#[test]
fn the_game_ends_at_the_sixteenth_camp_in_the_long_game() {
    let mut c = campaign_with(
        Mode::Campaign,
        Variants {
            extra_stories: false,
            long_game: true,
        },
        &[("Ana", "Rin"), ("Ben", "Vera")],
    );
    assert_eq!(c.session_in_play(), None);
    start(&mut c, 2);
    let s = c.session_in_play().unwrap();
    assert_eq!(s.game_end.camp, 16);
    assert!(s.game_end.rule.contains("16th camp"), "{}", s.game_end.rule);
}

#[test]
fn on_map_11_the_session_shows_the_bosses_left_and_what_a_standing_boss_means() {
    let mut c = campaign(Mode::Campaign);
    reach(&mut c, 11);
    c.defeat_boss("Rin", "Captain Shreya").ok();
    let s = c.session_in_play().unwrap();
    let b = s.bosses.expect("boss cards on Map 11");
    assert!(!b.standing.is_empty());
    assert!(
        s.game_end.rule.contains("every player loses"),
        "{}",
        s.game_end.rule
    );
}
