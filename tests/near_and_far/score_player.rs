//! One player's count at a time (`score-player`): checked against the records when it is
//! entered, kept with the session, added up with the others before anything is written, and
//! taken by `finish-session` for every player its sheet leaves out.

use serde_json::json;
use tablemate::doc::Saved;
use tablemate::near_and_far::Mode;
use tablemate::near_and_far::campaign::{Action, Campaign};
use tablemate::seat::{SeatRule, Seated};

use crate::common::*;
use crate::shared::run;

fn act(s: &mut Saved<Campaign>, v: serde_json::Value) -> Result<Vec<String>, String> {
    let a: Action = serde_json::from_value(v).map_err(|e| e.to_string())?;
    s.act(a).map(|a| a.lines).map_err(|e| e.to_string())
}

fn in_play() -> Saved<Campaign> {
    let mut c = campaign(Mode::Campaign);
    start(&mut c, 2);
    Saved::new("test", "New campaign", c)
}

#[test]
fn each_players_count_is_kept_on_its_own_and_added_up_before_writing() {
    let mut s = in_play();
    let lines = act(
        &mut s,
        json!({"action": "score-player", "count": {"name": "Ben", "camps": 7, "reputation": 5}}),
    )
    .unwrap();
    // Kept under the character's name, with the total and who is still to count.
    assert!(
        lines.contains(&"Vera's count kept: 9 journey points.".to_string()),
        "{lines:?}"
    );
    assert!(
        lines.contains(&"Still to count: Rin".to_string()),
        "{lines:?}"
    );
    let lines = act(
        &mut s,
        json!({"action": "score-player", "count": {"name": "Rin", "camps": 10, "reputation": 2, "coins": 3}}),
    )
    .unwrap();
    assert!(
        lines
            .iter()
            .any(|l| l.contains("Winner so far") && l.contains("Rin")),
        "{lines:?}"
    );
    let counted = s.current().counted();
    assert!(counted.still_to_count.is_empty());
    assert_eq!(counted.result.unwrap().total_of("Vera"), Some(9));
    // Nothing is on the cards yet.
    assert!(s.current().view("Vera").unwrap().journey.is_empty());
}

#[test]
fn a_second_count_of_the_same_player_replaces_the_first() {
    let mut s = in_play();
    for camps in [3, 7] {
        act(
            &mut s,
            json!({"action": "score-player", "count": {"name": "Vera", "camps": camps, "reputation": 0}}),
        )
        .unwrap();
    }
    let draft = &s.current().current_session().unwrap().score_draft;
    assert_eq!(draft.len(), 1);
    assert_eq!(draft[0].camps, 7);
}

#[test]
fn a_count_that_claims_a_threat_card_not_taken_is_refused_when_entered() {
    let mut s = in_play();
    let e = act(
        &mut s,
        json!({"action": "score-player", "count": {"name": "Rin", "camps": 3, "reputation": 0, "threats": [4]}}),
    )
    .unwrap_err();
    assert!(e.contains("Rin"), "{e}");
    assert!(
        s.current()
            .current_session()
            .unwrap()
            .score_draft
            .is_empty()
    );
}

#[test]
fn a_count_for_someone_not_at_the_table_is_refused() {
    let mut c = campaign_with(
        Mode::Campaign,
        Default::default(),
        &[("Ana", "Rin"), ("Ben", "Vera"), ("Cy", "Kiku")],
    );
    let at: Vec<String> = vec!["Rin".into(), "Vera".into()];
    c.start_session(map(2), day(2), Default::default(), &at, Some(&facts()))
        .unwrap();
    let mut s = Saved::new("test", "New campaign", c);
    let e = act(
        &mut s,
        json!({"action": "score-player", "count": {"name": "Cy", "camps": 3, "reputation": 0}}),
    )
    .unwrap_err();
    assert!(e.contains("not at the table"), "{e}");
}

#[test]
fn finish_session_takes_the_counts_kept_for_players_its_sheet_leaves_out() {
    let mut s = in_play();
    act(
        &mut s,
        json!({"action": "score-player", "count": {"name": "Rin", "camps": 10, "reputation": 2, "coins": 3}}),
    )
    .unwrap();
    act(
        &mut s,
        json!({"action": "score-player", "count": {"name": "Vera", "camps": 7, "reputation": 5}}),
    )
    .unwrap();
    let lines = act(
        &mut s,
        json!({"action": "finish-session", "date": "2026-03-02"}),
    )
    .unwrap();
    assert!(lines.contains(&"Winner: Rin".to_string()), "{lines:?}");
    assert_eq!(s.current().view("Vera").unwrap().journey_total, 9);
}

#[test]
fn a_phone_enters_only_its_own_players_count() {
    let s = in_play();
    let a: Action = serde_json::from_value(
        json!({"action": "score-player", "count": {"name": "Vera", "camps": 7, "reputation": 5}}),
    )
    .unwrap();
    assert_eq!(s.current().seat_of(&a), SeatRule::Seat("Ben".into()));
}

#[test]
fn score_player_and_finish_session_on_the_command_line_take_dates_and_print_the_totals() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let id = crate::cli::new_campaign(root, "campaign");
    let start = json!({"action": "start-session", "map": 2, "date": "2026-03-02", "characters": ["Rin", "Vera"]});
    assert_eq!(run(root, &["act", &id, &start.to_string()]).code, 0);
    let o = run(
        root,
        &[
            "near-and-far",
            "score-player",
            "--campaign",
            &id,
            "--player",
            "Ana",
            "--camps",
            "10",
            "--reputation",
            "2",
            "--coins",
            "3",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(
        o.stdout.contains("Rin's count kept: 12 journey points."),
        "{}",
        o.stdout
    );
    assert!(o.stdout.contains("Still to count: Vera"), "{}", o.stdout);
    let o = run(
        root,
        &[
            "near-and-far",
            "score-player",
            "--campaign",
            &id,
            "--player",
            "Vera",
            "--camps",
            "7",
            "--reputation",
            "5",
            "--artifacts",
            "2,3",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("Winner so far"), "{}", o.stdout);
    let o = run(
        root,
        &[
            "near-and-far",
            "finish-session",
            "--campaign",
            &id,
            "--date",
            "1999-01-01",
        ],
    );
    assert_ne!(o.code, 0, "a day before the session began is refused");
    let o = run(
        root,
        &[
            "near-and-far",
            "finish-session",
            "--campaign",
            &id,
            "--date",
            "2026-03-04",
        ],
    );
    assert_eq!(o.code, 0, "{}", o.stderr);
    assert!(o.stdout.contains("Winner: Vera"), "{}", o.stdout);
    assert!(o.stdout.contains("Journey points written"), "{}", o.stdout);
}
