//! Links that last (docs/table-network.md): a seat's link keeps working across a restart of
//! `serve` or of the window's host, until that seat's New link or Stop sharing.

use std::sync::Arc;

use serde_json::json;
use tablemate::host::Host;
use tablemate::store::Store;

use super::{act, near_and_far_save, serve};

fn keyword(word: &str) -> serde_json::Value {
    json!({"action": "note-reward", "character": "Rin",
        "item": {"type": "keyword-gained", "keyword": word}, "date": "2026-03-02"})
}

#[test]
fn a_seats_link_still_works_after_serve_restarts() {
    let (root, id) = near_and_far_save();
    let mut s = serve(root, &id);
    let (ana, table) = (s.token("Ana"), s.token("table"));
    assert_eq!(s.act("Ana", keyword("BRAVE")).status, 200);
    s.restart();
    assert_eq!(s.token("Ana"), ana, "serve prints the same links again");
    assert_eq!(s.token("table"), table);
    let r = act(&s.addr, &ana, keyword("WISE"), None);
    assert_eq!(r.status, 200, "{}", r.body);
    // Kept beside the saves, never inside one.
    let kept = s.root.path().join("links").join(format!("{id}.json"));
    assert!(kept.is_file(), "{}", kept.display());
    let save = std::fs::read_to_string(s.root.path().join("saves").join(format!("{id}.json")))
        .expect("the save");
    assert!(!save.contains(&ana), "no token inside the save");
}

#[test]
fn new_link_on_serves_input_replaces_only_that_seats_link() {
    let (root, id) = near_and_far_save();
    let mut s = serve(root, &id);
    let (ana, table) = (s.token("Ana"), s.token("table"));
    let line = s.command("new-link Ana");
    let made: serde_json::Value = serde_json::from_str(&line).expect("one JSON line");
    assert_eq!(made["seat"], "Ana");
    let link = made["link"].as_str().expect("a link");
    let new = link.rsplit('/').next().expect("a token").to_string();
    assert_ne!(new, ana);
    assert_eq!(act(&s.addr, &ana, keyword("OLD"), None).status, 401);
    assert_eq!(act(&s.addr, &new, keyword("NEW"), None).status, 200);
    // The other seats keep theirs, and the new one outlives a restart.
    s.restart();
    assert_eq!(s.token("table"), table);
    assert_eq!(s.token("Ana"), new);
    assert_eq!(act(&s.addr, &new, keyword("AGAIN"), None).status, 200);
}

#[test]
fn the_windows_links_survive_going_home_and_back_but_not_stop_sharing() {
    let (root, id) = near_and_far_save();
    let store = Arc::new(Store::open(root.path()).expect("store"));
    let listen = "127.0.0.1:0".parse().expect("addr");
    let first = Host::start(store.clone(), &id, listen).expect("host");
    let links: Vec<String> = first.links().into_iter().map(|l| l.link).collect();
    let port_free = |l: &str| l.split("/seat/").nth(1).unwrap_or_default().to_string();
    let tokens: Vec<String> = links.iter().map(|l| port_free(l)).collect();
    first.stop();
    let again = Host::start(store.clone(), &id, listen).expect("host again");
    let kept: Vec<String> = again.links().iter().map(|l| port_free(&l.link)).collect();
    assert_eq!(kept, tokens, "Home and back: the same links");
    again.stop_for_good();
    let fresh = Host::start(store, &id, listen).expect("host after stop sharing");
    let new: Vec<String> = fresh.links().iter().map(|l| port_free(&l.link)).collect();
    assert!(
        new.iter().all(|t| !tokens.contains(t)),
        "Stop sharing ends every link"
    );
}

#[test]
fn a_damaged_links_file_is_named_and_every_seat_gets_a_new_link() {
    let (root, id) = near_and_far_save();
    let dir = root.path().join("links");
    std::fs::create_dir_all(&dir).expect("folder");
    std::fs::write(dir.join(format!("{id}.json")), "{ not json").expect("written");
    let store = Arc::new(Store::open(root.path()).expect("store"));
    let host = Host::start(store.clone(), &id, "127.0.0.1:0".parse().expect("addr"))
        .expect("the host starts anyway");
    let why = host.links_problem().expect("the problem is said");
    assert!(why.contains(&format!("{id}.json")), "{why}");
    assert!(why.contains("new link"), "{why}");
    // Written again whole: the next start reads it.
    assert_eq!(store.seat_links(&id).expect("readable now").len(), 3);
}

/// The page's outbox sends an action again under its id when it heard no answer; the host
/// keeps its answers in the data folder, so even after a restart the repeat gets the first
/// answer instead of the action applied a second time.
#[test]
fn an_action_resent_after_a_restart_gets_the_first_answer_and_is_applied_once() {
    let (root, id) = near_and_far_save();
    let mut s = serve(root, &id);
    let ana = s.token("Ana");
    let state = super::http::request(
        &s.addr,
        "GET",
        "/api/state",
        &[("Authorization", &format!("Bearer {ana}"))],
        b"",
    );
    let seen = state.json()["revision"].as_u64().expect("a revision");
    let body = json!({"action": keyword("ONCE"), "revision": seen, "id": "phone-1"}).to_string();
    let post = |addr: &str| {
        super::http::request(
            addr,
            "POST",
            "/api/act",
            &[("Authorization", &format!("Bearer {ana}"))],
            body.as_bytes(),
        )
    };
    let first = post(&s.addr);
    assert_eq!(first.status, 200, "{}", first.body);
    // The answer was lost and the host restarted (killed): the page sends it again.
    s.restart();
    let again = post(&s.addr);
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(
        again.json(),
        first.json(),
        "the first answer, word for word"
    );
    let applied = s.history().iter().filter(|l| l.contains("ONCE")).count();
    assert_eq!(applied, 1, "{:?}", s.history());
    // A new id is a new action.
    let other = json!({"action": keyword("TWICE"), "id": "phone-2"}).to_string();
    let r = super::http::request(
        &s.addr,
        "POST",
        "/api/act",
        &[("Authorization", &format!("Bearer {ana}"))],
        other.as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

/// The answers file as the next host reads it: one JSON value per line.
fn answer_lines(root: &std::path::Path, id: &str) -> Vec<serde_json::Value> {
    std::fs::read_to_string(root.join("links").join(format!("{id}.answers")))
        .expect("the answers file")
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect()
}

fn write_answer_lines(root: &std::path::Path, id: &str, lines: &[serde_json::Value]) {
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(root.join("links").join(format!("{id}.answers")), text)
        .expect("the answers file");
}

/// The host died after the action reached the save but before its answer was kept: the note
/// it wrote before applying it lets the next host find the action in the save, so the resend
/// gets its label and is not applied twice.
#[test]
fn an_action_whose_answer_was_lost_in_a_crash_is_found_in_the_save_and_not_applied_twice() {
    let (root, id) = near_and_far_save();
    let mut s = serve(root, &id);
    let ana = s.token("Ana");
    let body = json!({"action": keyword("ONCE"), "id": "phone-1"}).to_string();
    let post = |addr: &str, token: &str| {
        super::http::request(
            addr,
            "POST",
            "/api/act",
            &[("Authorization", &format!("Bearer {token}"))],
            body.as_bytes(),
        )
    };
    let first = post(&s.addr, &ana);
    assert_eq!(first.status, 200, "{}", first.body);
    let save_id = s.id.clone();
    s.restart_after(|root| {
        // The crash came between the save and the answer: only the note is on disk.
        let lines = answer_lines(root, &save_id);
        assert!(
            lines
                .iter()
                .any(|l| l["id"] == "phone-1" && l["pending"].is_object()),
            "noted before it was applied: {lines:?}"
        );
        let notes: Vec<_> = lines
            .into_iter()
            .filter(|l| l.get("status").is_none())
            .collect();
        write_answer_lines(root, &save_id, &notes);
    });
    let ana = s.token("Ana");
    let again = post(&s.addr, &ana);
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(
        again.json()["label"],
        first.json()["label"],
        "{}",
        again.body
    );
    let applied = s.history().iter().filter(|l| l.contains("ONCE")).count();
    assert_eq!(applied, 1, "{:?}", s.history());
}

/// The host died after noting an action but before the save was written: the save is as the
/// note found it, so the resend is applied (once).
#[test]
fn an_action_noted_but_never_written_is_applied_when_sent_again() {
    let (root, id) = near_and_far_save();
    let mut s = serve(root, &id);
    let save_id = s.id.clone();
    s.restart_after(|root| {
        let store = tablemate::store::Store::open(root).expect("the data folder");
        let entries = super::history(root, &save_id).len();
        let note = json!({"seat": "Ana", "id": "phone-7", "pending": {
            "mark": store.save_mark(&save_id),
            "entries": entries,
            "at": chrono::Utc::now().to_rfc3339(),
        }});
        drop(store);
        write_answer_lines(root, &save_id, &[note]);
    });
    let ana = s.token("Ana");
    let body = json!({"action": keyword("LATE"), "id": "phone-7"}).to_string();
    let r = super::http::request(
        &s.addr,
        "POST",
        "/api/act",
        &[("Authorization", &format!("Bearer {ana}"))],
        body.as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let applied = s.history().iter().filter(|l| l.contains("LATE")).count();
    assert_eq!(applied, 1, "{:?}", s.history());
}
