//! Setup reminders from the rulebook and the records (the Town Hall duel with two players, the
//! start-of-session talents by owner, the platypus, the first player, a new character's
//! introduction), and the optional absent-player catch-up setting.

use serde_json::json;
use tablemate::doc::Saved;
use tablemate::near_and_far::Mode;
use tablemate::near_and_far::campaign::{Action, Campaign};
use tablemate::near_and_far::scoring::Town;

use crate::common::*;
use crate::shared::run;

fn act(s: &mut Saved<Campaign>, v: serde_json::Value) -> Vec<String> {
    let a: Action = serde_json::from_value(v).unwrap();
    s.act(a).unwrap().lines
}

fn setup(c: &Campaign) -> Vec<String> {
    c.session_in_play()
        .expect("a session in play")
        .setup
        .into_iter()
        .map(|r| r.text)
        .collect()
}

#[test]
fn two_players_are_reminded_of_the_town_hall_duel() {
    let mut c = campaign(Mode::Campaign);
    let notices = start(&mut c, 2);
    assert!(
        notices.iter().any(|n| n.contains("Town Hall")),
        "{notices:?}"
    );
    assert!(
        setup(&c)
            .iter()
            .any(|n| n.contains("Town Hall") && n.contains("p. 17"))
    );
    let mut three = campaign_with(
        Mode::Campaign,
        Default::default(),
        &[("Ana", "Rin"), ("Ben", "Vera"), ("Cy", "Kiku")],
    );
    start(&mut three, 2);
    assert!(!setup(&three).iter().any(|n| n.contains("Town Hall")));
}

#[test]
fn start_of_session_talents_are_named_with_their_owner() {
    let mut s = Saved::new("t", "New campaign", campaign(Mode::Campaign));
    act(
        &mut s,
        json!({"action": "buy-talent", "character": "Rin", "talent": "Fishing", "date": "2026-03-01"}),
    );
    let mut c = s.current().clone();
    start(&mut c, 2);
    let lines = setup(&c);
    assert!(
        lines.contains(
            &"Ana (Rin) has Fishing: takes 1 extra food at the start of the session (p. 13)."
                .to_string()
        ),
        "{lines:?}"
    );
    assert!(
        !lines
            .iter()
            .any(|l| l.contains("Vera") && l.contains("food"))
    );
}

#[test]
fn the_platypus_goes_to_whoever_came_last_in_the_previous_session() {
    let mut c = campaign(Mode::Campaign);
    let first = start(&mut c, 2);
    assert!(!first.iter().any(|n| n.contains("platypus")), "{first:?}");
    finish(&mut c, &[("Rin", 20), ("Vera", 12)]);
    start(&mut c, 3);
    let lines = setup(&c);
    assert!(
        lines.iter().any(|l| l.starts_with("Ben (Vera) came last")
            && l.contains("platypus")
            && l.ends_with("(p. 37).")),
        "{lines:?}"
    );
}

#[test]
fn every_session_asks_for_a_first_player() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    assert!(setup(&c).iter().any(|l| l.contains("1st player token")));
}

#[test]
fn a_new_character_in_character_mode_reads_their_introduction() {
    let mut c = campaign(Mode::Character);
    start(&mut c, 2);
    let lines = setup(&c);
    assert!(
        lines.iter().any(|l| l.contains("Rin's introduction")),
        "{lines:?}"
    );
    finish(&mut c, &[("Rin", 20), ("Vera", 12)]);
    start(&mut c, 3);
    assert!(!setup(&c).iter().any(|l| l.contains("introduction")));
    let mut campaign_mode = campaign(Mode::Campaign);
    start(&mut campaign_mode, 2);
    assert!(
        !setup(&campaign_mode)
            .iter()
            .any(|l| l.contains("introduction"))
    );
}

fn with_absence(catch_up: bool) -> Campaign {
    let mut c = campaign_with(
        Mode::Campaign,
        Default::default(),
        &[("Ana", "Rin"), ("Ben", "Vera"), ("Cy", "Kiku")],
    );
    c.settings.catch_up_absent = catch_up;
    let two: Vec<String> = vec!["Rin".into(), "Vera".into()];
    c.start_session(map(2), day(2), Town::Dusk, &two, None)
        .unwrap();
    finish(&mut c, &[("Rin", 20), ("Vera", 12)]);
    start(&mut c, 3);
    c
}

#[test]
fn an_absent_player_catches_up_a_row_of_boxes_per_session_missed_only_with_the_setting() {
    let without = with_absence(false);
    assert_eq!(without.view("Kiku").unwrap().boxes_filled, 0);
    let with = with_absence(true);
    let kiku = with.view("Kiku").unwrap();
    assert_eq!(kiku.boxes_filled, 3);
    assert_eq!(kiku.xp_earned, 2);
    // Given once: the next session adds nothing for the same absence.
    let mut again = with.clone();
    finish(&mut again, &[("Rin", 1), ("Vera", 1), ("Kiku", 1)]);
    start(&mut again, 4);
    assert_eq!(again.view("Kiku").unwrap().boxes_filled, 3);
}

#[test]
fn the_session_command_prints_the_setup_reminders() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let id = crate::cli::new_campaign(root, "campaign");
    let start = json!({"action": "start-session", "map": 2, "date": "2026-03-02", "characters": ["Rin", "Vera"]});
    assert_eq!(run(root, &["act", &id, &start.to_string()]).code, 0);
    let o = run(root, &["near-and-far", "session", "--campaign", &id]);
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("Setup:"), "{}", o.stdout);
    assert!(o.stdout.contains("Town Hall"), "{}", o.stdout);
    assert!(o.stdout.contains("Game end:"), "{}", o.stdout);
}

/// docs/rules.md, "Rule references": each setup reminder names the digest entry it restates,
/// `session --rules` prints those entries and `--json` gives them as `setup_rules`, one per
/// reminder.
#[test]
fn each_setup_reminder_cites_its_rule_and_session_rules_prints_it() {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    let setup = c.session_in_play().expect("a session in play").setup;
    let cited = |word: &str| {
        setup
            .iter()
            .find(|r| r.text.contains(word))
            .and_then(|r| r.rule)
            .map(|r| r.to_string())
    };
    assert_eq!(
        cited("Town Hall").as_deref(),
        Some("near-and-far/session-setup")
    );
    assert_eq!(
        cited("first player").as_deref(),
        Some("near-and-far/session-setup")
    );

    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let id = crate::cli::new_campaign(root, "campaign");
    let start = json!({"action": "start-session", "map": 2, "date": "2026-03-02", "characters": ["Rin", "Vera"]});
    assert_eq!(run(root, &["act", &id, &start.to_string()]).code, 0);
    let o = run(
        root,
        &["near-and-far", "session", "--campaign", &id, "--rules"],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout
            .contains("Rule near-and-far/session-setup: Setting up a session"),
        "{}",
        o.stdout
    );
    let o = run(
        root,
        &["near-and-far", "session", "--campaign", &id, "--json"],
    );
    let v: serde_json::Value = serde_json::from_str(&o.stdout).unwrap();
    let texts = v["setup"].as_array().unwrap();
    let rules = v["setup_rules"].as_array().unwrap();
    assert_eq!(texts.len(), rules.len());
    assert!(texts[0].is_string(), "the texts keep their shape");
    assert!(
        rules.contains(&json!({"game": "near-and-far", "id": "session-setup"})),
        "{rules:?}"
    );
}
