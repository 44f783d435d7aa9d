//! A phone that did not hear an answer sends its action again under the id it chose: the host
//! applies an id once and answers a repeat with the first answer (docs/table-network.md,
//! "The API"). A revision the host never reached is refused as a stale one.

use serde_json::json;

use crate::http::request;
use crate::{keyword, near_and_far_save, serve};

fn act_with_id(
    s: &crate::Served,
    seat: &str,
    action: serde_json::Value,
    id: &str,
) -> crate::http::Reply {
    let body = json!({ "action": action, "id": id });
    request(
        &s.addr,
        "POST",
        "/api/act",
        &[("Authorization", &format!("Bearer {}", s.token(seat)))],
        body.to_string().as_bytes(),
    )
}

#[test]
fn an_action_sent_again_under_its_id_is_applied_once_and_answered_as_the_first_time() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let before = s.history().len();
    let first = act_with_id(&s, "Ana", keyword("Rin", "BRAVE"), "ana-1");
    assert_eq!(first.status, 200, "{}", first.body);
    for _ in 0..2 {
        let again = act_with_id(&s, "Ana", keyword("Rin", "BRAVE"), "ana-1");
        assert_eq!(again.status, 200, "{}", again.body);
        assert_eq!(
            again.json(),
            first.json(),
            "the first answer, word for word"
        );
    }
    assert_eq!(
        s.history().len(),
        before + 1,
        "applied once: {:?}",
        s.history()
    );
    // A new id is a new action; an id is the seat's own, so another seat's same id is too.
    let next = act_with_id(&s, "Ana", keyword("Rin", "BRAVE"), "ana-2");
    assert_eq!(next.status, 200, "{}", next.body);
    let table_seat = act_with_id(&s, "table", keyword("Rin", "BRAVE"), "ana-1");
    assert_eq!(table_seat.status, 403, "{}", table_seat.body);
    assert_eq!(s.history().len(), before + 2);
    let long = "x".repeat(tablemate::host::MAX_ACTION_ID + 1);
    let r = act_with_id(&s, "Ana", keyword("Rin", "BRAVE"), &long);
    assert_eq!(r.status, 400, "{}", r.body);
}

#[test]
fn a_revision_from_the_future_is_refused_like_a_stale_one() {
    let (root, id) = crate::limits::worldspanner_save();
    let s = serve(root, &id);
    let token = s.token("Skyhawks");
    let r = crate::act(
        &s.addr,
        &token,
        json!({"action": "reinforce", "hero": {"team": "skyhawks", "hero": 0}}),
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let now = r.json()["revision"].as_u64().expect("a revision");
    // Placing a hero answers what the page showed (the Domes proposed).
    let place = json!({"action": "place"});
    for seen in [now + 1, now + 1000, now - 1] {
        let r = crate::act(&s.addr, &token, place.clone(), Some(seen));
        assert_eq!(r.status, 409, "revision {seen} (now {now}): {}", r.body);
        assert!(r.body.contains("moved on"), "{}", r.body);
    }
    let r = crate::act(&s.addr, &token, place, Some(now));
    assert_eq!(r.status, 200, "{}", r.body);
}
