//! Undo from a phone (docs/table-network.md, "Undo from a phone"): `POST /api/undo` with the
//! seat's token undoes the seat's own newest action while nothing happened after it; otherwise
//! the answer names who acted since. Every player seat's page carries the Undo button.

use serde_json::{Value, json};

use super::http::{Reply, request};
use super::pages::Shared;
use super::{HOSTILE, keyword, near_and_far_save};

fn undo(s: &Shared, seat: &str, body: Value) -> Reply {
    request(
        &s.addr(),
        "POST",
        "/api/undo",
        &[("Authorization", &format!("Bearer {}", s.token(seat)))],
        body.to_string().as_bytes(),
    )
}

fn in_session() -> Shared {
    let (root, id) = near_and_far_save();
    let start = r#"{"action":"start-session","map":2,"date":"2026-03-02","town":"dusk","characters":["Rin","Vera"]}"#;
    let out = tablemate::cli::run_in(root.path(), &["act", &id, start], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    Shared::new(root, &id)
}

fn keywords(s: &Shared, character: &str) -> Vec<String> {
    let c: tablemate::near_and_far::Campaign = s.state();
    c.view(character)
        .expect("the character")
        .keywords
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn a_seat_undoes_its_own_last_action_while_nothing_happened_after_it() {
    let s = in_session();
    let page = s.page("Ana", "");
    assert!(page.contains("data-undo"), "an Undo button: {page}");
    assert_eq!(s.act("Ana", keyword("Rin", "BRAVE")).status, 200);
    assert_eq!(keywords(&s, "Rin"), ["BRAVE"]);
    let r = undo(&s, "Ana", json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.json()["label"]
            .as_str()
            .is_some_and(|l| l.contains("Ana's phone") && l.contains("BRAVE")),
        "{}",
        r.body
    );
    assert!(keywords(&s, "Rin").is_empty(), "undone on disk");
    // Nothing more of Ana's: the next undo says so and changes nothing.
    let again = undo(&s, "Ana", json!({}));
    assert_eq!(again.status, 422, "{}", again.body);
    assert!(
        again.body.contains("nothing from Ana's phone"),
        "{}",
        again.body
    );
}

#[test]
fn a_seat_cannot_undo_once_someone_acted_after_it_and_is_told_who() {
    let s = in_session();
    assert_eq!(s.act("Ana", keyword("Rin", "BRAVE")).status, 200);
    assert_eq!(s.act(HOSTILE, keyword("Vera", "OTHER")).status, 200);
    let r = undo(&s, "Ana", json!({}));
    assert_eq!(r.status, 422, "{}", r.body);
    let said = r.json()["error"].as_str().unwrap_or_default().to_string();
    assert!(
        said.contains(&format!("{HOSTILE}'s phone acted since")),
        "{said}"
    );
    assert_eq!(keywords(&s, "Rin"), ["BRAVE"], "nothing undone");
    // Vera's own newest action is still hers to undo.
    assert_eq!(undo(&s, HOSTILE, json!({})).status, 200);
    assert!(keywords(&s, "Vera").is_empty());
}

#[test]
fn an_undo_from_a_stale_page_is_409_and_the_table_seat_undoes_nothing() {
    let s = in_session();
    assert_eq!(s.act("Ana", keyword("Rin", "BRAVE")).status, 200);
    let r = undo(&s, "Ana", json!({"revision": 1}));
    assert_eq!(r.status, 409, "{}", r.body);
    let table = undo(&s, "table", json!({}));
    assert_eq!(table.status, 403, "{}", table.body);
    assert!(!s.page("table", "").contains("data-undo"));
    assert_eq!(keywords(&s, "Rin"), ["BRAVE"]);
    // The page's own revision is fresh: undone.
    let now = r.json()["revision"].as_u64().expect("the revision now");
    assert_eq!(undo(&s, "Ana", json!({"revision": now})).status, 200);
    assert_eq!(undo(&s, "Ana", json!({"bad": 1})).status, 400);
}
