//! The table network over real HTTP (docs/table-network.md): `tablemate serve` as a script
//! or a Raspberry Pi runs it, and the host the window starts, driven the way phones drive
//! them. Plain sockets, so every status is seen as a phone sees it.

mod browser;
mod fd_seat;
mod guard;
mod http;
mod limits;
mod links;
mod naf_session;
mod notices;
mod offered;
mod pages;
#[path = "../shared/random_json.rs"]
mod random_json;
mod repeats;
mod seats;
mod sheet;
mod undo;
mod ws_seat;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use serde_json::{Value, json};
use tablemate::host::Host;
use tablemate::store::Store;

use http::{Reply, request};

/// A `tablemate serve` child with the seat list it printed first.
pub struct Served {
    pub child: Child,
    /// `serve`'s standard input (its commands) and the rest of its standard output.
    pub input: Option<std::process::ChildStdin>,
    pub output: Option<BufReader<std::process::ChildStdout>>,
    pub seats: Value,
    pub addr: String,
    pub root: tempfile::TempDir,
    pub id: String,
}

impl Served {
    /// The token of seat `name` (the last segment of its link).
    pub fn token(&self, name: &str) -> String {
        let seat = self.seats["seats"]
            .as_array()
            .and_then(|s| s.iter().find(|s| s["seat"] == name))
            .unwrap_or_else(|| panic!("no seat {name} in {}", self.seats));
        let link = seat["link"].as_str().expect("a link");
        link.rsplit('/').next().expect("a token").to_string()
    }

    pub fn act(&self, seat: &str, action: Value) -> Reply {
        act(&self.addr, &self.token(seat), action, None)
    }

    pub fn history(&self) -> Vec<String> {
        history(self.root.path(), &self.id)
    }

    /// Stops `serve` (killed, as a power cut would) and starts it again on the same data
    /// folder; the seat list is the one the new `serve` printed.
    pub fn restart(&mut self) {
        self.restart_after(|_| {});
    }

    /// [`Served::restart`], with `between` run on the data folder while no host runs.
    pub fn restart_after(&mut self, between: impl FnOnce(&std::path::Path)) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        between(self.root.path());
        let (child, input, output, seats, addr) =
            spawn_serve(self.root.path(), &self.id, "127.0.0.1:0");
        self.child = child;
        self.input = input;
        self.output = output;
        self.seats = seats;
        self.addr = addr;
    }

    /// Stops `serve` (killed) and starts it again on the same address, as pages already open
    /// in a browser expect.
    pub fn restart_here(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let (child, input, output, seats, addr) =
            spawn_serve(self.root.path(), &self.id, &self.addr.clone());
        self.child = child;
        self.input = input;
        self.output = output;
        self.seats = seats;
        self.addr = addr;
    }

    /// Sends one line to `serve`'s standard input and reads its next line of output.
    pub fn command(&mut self, line: &str) -> String {
        use std::io::Write;
        let input = self.input.as_mut().expect("serve's input");
        writeln!(input, "{line}").expect("serve reads its input");
        input.flush().expect("flushed");
        let mut out = String::new();
        self.output
            .as_mut()
            .expect("serve's output")
            .read_line(&mut out)
            .expect("a line");
        out
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn act(addr: &str, token: &str, action: Value, revision: Option<u64>) -> Reply {
    let mut body = json!({ "action": action });
    if let Some(r) = revision {
        body["revision"] = json!(r);
    }
    request(
        addr,
        "POST",
        "/api/act",
        &[("Authorization", &format!("Bearer {token}"))],
        body.to_string().as_bytes(),
    )
}

/// The labels of save `id`'s history, oldest first.
pub fn history(root: &std::path::Path, id: &str) -> Vec<String> {
    let out = tablemate::cli::run_in(root, &["history", id, "--json"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let history: Value = serde_json::from_str(&out.stdout).expect("history JSON");
    let lines = history["entries"]
        .as_array()
        .expect("entries, newest first");
    lines
        .iter()
        .rev()
        .map(|l| l["label"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// A Near and Far campaign of Ana (Rin) and a player with a hostile name (Vera).
pub const HOSTILE: &str = "<script>alert(1)</script>";

pub fn near_and_far_save() -> (tempfile::TempDir, String) {
    let root = tempfile::tempdir().expect("a temp folder");
    let vera = format!("{HOSTILE}=Vera");
    let out = tablemate::cli::run_in(
        root.path(),
        &[
            "near-and-far",
            "new",
            "--mode",
            "campaign",
            "--player",
            "Ana=Rin",
            "--player",
            &vera,
            "--json",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let made: Value = serde_json::from_str(&out.stdout).expect("new's JSON");
    let id = made["id"].as_str().expect("an id").to_string();
    (root, id)
}

/// Starts `tablemate serve` on a free loopback port and reads its first line.
pub fn serve(root: tempfile::TempDir, id: &str) -> Served {
    let (child, input, output, seats, addr) = spawn_serve(root.path(), id, "127.0.0.1:0");
    Served {
        child,
        input,
        output,
        seats,
        addr,
        root,
        id: id.to_string(),
    }
}

type Spawned = (
    Child,
    Option<std::process::ChildStdin>,
    Option<BufReader<std::process::ChildStdout>>,
    Value,
    String,
);

fn spawn_serve(root: &std::path::Path, id: &str, listen: &str) -> Spawned {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .args(["serve", id, "--listen", listen])
        .env("TABLEMATE_HOME", root)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("tablemate serve starts");
    let input = child.stdin.take();
    let mut output = BufReader::new(child.stdout.take().expect("stdout"));
    let mut line = String::new();
    output.read_line(&mut line).expect("the first line");
    let seats: Value = serde_json::from_str(&line)
        .unwrap_or_else(|e| panic!("the first line is one JSON object ({e}): {line:?}"));
    let url = seats["url"].as_str().expect("url").to_string();
    let addr = url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .to_string();
    (child, input, Some(output), seats, addr)
}

fn keyword(character: &str, word: &str) -> Value {
    json!({"action": "note-reward", "character": character,
        "item": {"type": "keyword-gained", "keyword": word}, "date": "2026-03-02"})
}

#[test]
fn serve_prints_the_seat_list_first_as_one_json_line() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let seats = s.seats["seats"].as_array().expect("seats");
    assert_eq!(seats.len(), 3, "{}", s.seats);
    assert_eq!(seats[0]["seat"], "Ana");
    assert_eq!(seats[0]["character"], "Rin");
    assert_eq!(seats[0]["role"], "player");
    assert_eq!(seats[1]["character"], "Vera");
    assert_eq!(seats[2]["seat"], "table");
    assert_eq!(seats[2]["role"], "viewer");
    let url = s.seats["url"].as_str().expect("url");
    for seat in seats {
        let link = seat["link"].as_str().expect("link");
        assert!(link.starts_with(&format!("{url}seat/")), "{link}");
        let token = link.rsplit('/').next().expect("token");
        assert!(token.len() >= 32, "128 bits at least: {token}");
    }
}

#[test]
fn a_seats_action_is_applied_saved_and_labelled_with_the_seat() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let r = s.act("Ana", keyword("Rin", "BRAVE"));
    assert_eq!(r.status, 200, "{}", r.body);
    let j = r.json();
    assert_eq!(j["label"], "Ana's phone: Rin: keyword BRAVE gained");
    let first = j["revision"].as_u64().expect("a revision");
    assert_eq!(
        s.history().last().map(String::as_str),
        Some("Ana's phone: Rin: keyword BRAVE gained")
    );
    let state = request(
        &s.addr,
        "GET",
        "/api/state",
        &[("Authorization", &format!("Bearer {}", s.token("table")))],
        b"",
    );
    assert_eq!(state.status, 200);
    assert_eq!(state.json()["revision"], first);
}

/// A phone's action is `Saved::act` like any other: its entry keeps the action, so `tablemate
/// replay` applies it again instead of skipping it.
#[test]
fn a_seats_action_is_kept_with_its_entry_and_replays() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    for word in ["BRAVE", "WISE"] {
        let r = s.act("Ana", keyword("Rin", word));
        assert_eq!(r.status, 200, "{}", r.body);
    }
    let out = tablemate::cli::run_in(s.root.path(), &["replay", &id], "");
    assert_eq!(out.code, 0, "{}{}", out.stdout, out.stderr);
    assert!(
        out.stdout
            .contains("replayed 2 of 3 entries from the first; no divergence"),
        "{}",
        out.stdout
    );
    assert!(
        !out.stdout.contains("without a recorded action"),
        "{}",
        out.stdout
    );
}

#[test]
fn no_token_or_an_unknown_token_is_401() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let body = json!({"action": keyword("Rin", "X")}).to_string();
    assert_eq!(
        request(&s.addr, "POST", "/api/act", &[], body.as_bytes()).status,
        401
    );
    assert_eq!(request(&s.addr, "GET", "/api/state", &[], b"").status, 401);
    let wrong = "0".repeat(32);
    assert_eq!(act(&s.addr, &wrong, keyword("Rin", "X"), None).status, 401);
    assert_eq!(
        request(&s.addr, "GET", &format!("/seat/{wrong}"), &[], b"").status,
        401
    );
    assert_eq!(s.history().len(), 1, "nothing applied");
}

#[test]
fn another_seats_action_is_403_and_never_reaches_the_game() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let r = s.act("Ana", keyword("Vera", "STOLEN"));
    assert_eq!(r.status, 403, "{}", r.body);
    assert!(r.body.contains("may not"), "{}", r.body);
    // The table seat only shows; settings stay with the host.
    assert_eq!(s.act("table", keyword("Rin", "X")).status, 403);
    let settings = json!({"action": "set-settings", "settings": {}});
    assert_eq!(s.act("Ana", settings).status, 403);
    assert_eq!(s.history().len(), 1);
}

#[test]
fn an_action_from_a_stale_view_that_depends_on_it_is_409() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    // Defeating "the active threat" means the one the page showed: revision 0 is older.
    let defeat = json!({"action": "defeat-threat", "character": "Rin"});
    let r = act(&s.addr, &s.token("Ana"), defeat, Some(0));
    assert_eq!(r.status, 409, "{}", r.body);
    assert!(r.body.contains("the game moved on"), "{}", r.body);
    // An action that does not depend on what was seen goes through from an old view.
    let r = act(&s.addr, &s.token("Ana"), keyword("Rin", "BRAVE"), Some(0));
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn a_refusal_by_the_rules_is_422_with_the_rules_message() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let buy = json!({"action": "buy-talent", "character": "Rin", "talent": "Bounty Hunting",
        "date": "2026-03-02"});
    let r = s.act("Ana", buy);
    assert_eq!(r.status, 422, "{}", r.body);
    assert!(
        r.json()["error"].as_str().is_some_and(|e| e.contains("p.")),
        "{}",
        r.body
    );
    assert_eq!(s.history().len(), 1);
}

#[test]
fn a_refusal_carries_the_rule_it_cites_and_its_entry_page_opens_on_a_tap() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let buy = json!({"action": "buy-talent", "character": "Rin", "talent": "Bounty Hunting",
        "date": "2026-03-02"});
    let r = s.act("Ana", buy);
    assert_eq!(r.status, 422, "{}", r.body);
    let rule = &r.json()["rule"];
    assert_eq!(rule["game"], "near-and-far", "{}", r.body);
    assert_eq!(rule["id"], "talents", "{}", r.body);
    assert_eq!(rule["page"], "13", "{}", r.body);
    assert!(rule["summary"].as_str().is_some_and(|t| !t.is_empty()));
    let get = |path: &str| request(&s.addr, "GET", path, &[], b"");
    let page = get(&format!(
        "/seat/{}/rules/near-and-far/talents",
        s.token("Ana")
    ));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains("Talents and experience"),
        "{}",
        page.body
    );
    assert!(page.body.contains("Rulebook: 13"), "{}", page.body);
    let missing = get(&format!("/seat/{}/rules/near-and-far/nope", s.token("Ana")));
    assert_eq!(missing.status, 404);
}

#[test]
fn a_body_over_64_kb_is_413_and_not_json_is_400() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let auth = format!("Bearer {}", s.token("Ana"));
    let big = format!(
        "{{\"action\":{{\"action\":\"x\",\"pad\":\"{}\"}}}}",
        "a".repeat(70_000)
    );
    let r = request(
        &s.addr,
        "POST",
        "/api/act",
        &[("Authorization", &auth)],
        big.as_bytes(),
    );
    assert_eq!(r.status, 413);
    let r = request(
        &s.addr,
        "POST",
        "/api/act",
        &[("Authorization", &auth)],
        b"{not json",
    );
    assert_eq!(r.status, 400);
    let r = s.act("Ana", json!({"action": "fly-to-the-moon"}));
    assert_eq!(r.status, 400, "{}", r.body);
    assert!(r.body.contains("not a Near and Far action"), "{}", r.body);
}

#[test]
fn two_seats_posting_100_actions_each_at_once_lose_and_double_nothing() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let addr = s.addr.clone();
    let burst = |token: String, character: &'static str| {
        let addr = addr.clone();
        std::thread::spawn(move || {
            (0..100)
                .map(|i| act(&addr, &token, keyword(character, &format!("K{i}")), None).status)
                .collect::<Vec<u16>>()
        })
    };
    let a = burst(s.token("Ana"), "Rin");
    let b = burst(s.token(HOSTILE), "Vera");
    let (a, b) = (
        a.join().expect("Ana's burst"),
        b.join().expect("Vera's burst"),
    );
    assert!(a.iter().chain(&b).all(|&st| st == 200), "{a:?} {b:?}");
    let history = s.history();
    assert_eq!(history.len(), 201);
    for (phone, who) in [("Ana's phone: Rin", "Ana"), ("Vera", HOSTILE)] {
        for i in 0..100 {
            let n = history
                .iter()
                .filter(|l| l.contains(phone) && l.ends_with(&format!("keyword K{i} gained")))
                .count();
            assert_eq!(n, 1, "{who}'s K{i} is in the history once");
        }
    }
}

#[test]
fn every_acknowledged_action_survives_a_kill_9_mid_burst() {
    let (root, id) = near_and_far_save();
    let mut s = serve(root, &id);
    let addr = s.addr.clone();
    let token = s.token("Ana");
    let burst = std::thread::spawn(move || {
        let mut acknowledged = Vec::new();
        for i in 0..400 {
            let body = json!({"action": keyword("Rin", &format!("K{i}"))}).to_string();
            let auth = format!("Bearer {token}");
            let Some(r) = http::try_request(
                &addr,
                "POST",
                "/api/act",
                &[("Authorization", &auth)],
                body.as_bytes(),
            ) else {
                break;
            };
            if r.status != 200 {
                break;
            }
            acknowledged.push(r.json()["label"].as_str().unwrap_or_default().to_string());
        }
        acknowledged
    });
    std::thread::sleep(std::time::Duration::from_millis(150));
    s.child.kill().expect("kill -9");
    let _ = s.child.wait();
    let acknowledged = burst.join().expect("the burst");
    assert!(
        !acknowledged.is_empty(),
        "some actions were acknowledged before the kill"
    );
    // A restart finds every acknowledged action in the save.
    let history = s.history();
    for label in &acknowledged {
        assert!(
            history.contains(label),
            "{label} was acknowledged but is lost"
        );
    }
    let again = serve(
        std::mem::replace(&mut s.root, tempfile::tempdir().expect("tmp")),
        &id,
    );
    assert_eq!(again.act("Ana", keyword("Rin", "AFTER")).status, 200);
}

#[test]
fn a_hostile_name_shows_as_text_on_every_page() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    for seat in ["Ana", HOSTILE, "table"] {
        let page = request(
            &s.addr,
            "GET",
            &format!("/seat/{}", s.token(seat)),
            &[],
            b"",
        );
        assert_eq!(page.status, 200);
        assert!(!page.body.contains(HOSTILE), "{seat}'s page runs the name");
        assert!(
            page.body.contains("&lt;script&gt;alert(1)&lt;/script&gt;") || seat != HOSTILE,
            "{seat}'s page names the player as text"
        );
        assert!(
            page.headers
                .contains("content-security-policy: default-src 'none'")
        );
    }
}

#[test]
fn too_many_requests_from_one_seat_are_429() {
    let (root, id) = near_and_far_save();
    let s = serve(root, &id);
    let auth = format!("Bearer {}", s.token("Ana"));
    let statuses: Vec<u16> = (0..220)
        .map(|_| {
            request(
                &s.addr,
                "GET",
                "/api/state",
                &[("Authorization", &auth)],
                b"",
            )
            .status
        })
        .collect();
    assert!(statuses.contains(&429), "{statuses:?}");
    // Another seat has its own budget.
    let other = format!("Bearer {}", s.token("table"));
    assert_eq!(
        request(
            &s.addr,
            "GET",
            "/api/state",
            &[("Authorization", &other)],
            b""
        )
        .status,
        200
    );
}

#[test]
fn a_second_host_on_the_same_data_folder_is_refused() {
    let (root, id) = near_and_far_save();
    let path = root.path().to_path_buf();
    let _s = serve(root, &id);
    let out = Command::new(env!("CARGO_BIN_EXE_tablemate"))
        .args(["serve", &id, "--listen", "127.0.0.1:0"])
        .env("TABLEMATE_HOME", &path)
        .output()
        .expect("runs");
    assert!(!out.status.success());
    assert!(out.stdout.is_empty(), "no seat list from a refused host");
    assert!(String::from_utf8_lossy(&out.stderr).contains("in use"));
}

/// The host the window starts: in this process, on a store this test holds.
fn in_process() -> (tempfile::TempDir, Host) {
    let (root, id) = near_and_far_save();
    let store = Arc::new(Store::open(root.path()).expect("store"));
    let host = Host::start(store, &id, "127.0.0.1:0".parse().expect("addr")).expect("host");
    (root, host)
}

fn token_of(link: &str) -> String {
    link.rsplit('/').next().unwrap_or_default().to_string()
}

#[test]
fn a_revoked_link_stops_working_at_once_and_its_live_page_closes() {
    let (_root, host) = in_process();
    let addr = host.addr().to_string();
    let old = token_of(&host.links()[0].link);
    let mut stream = http::events(&addr, &old);
    assert_eq!(stream.next_revision(), Some(host.revision()));
    let new = token_of(&host.new_link("Ana").expect("Ana has a seat"));
    assert_ne!(old, new);
    assert_eq!(act(&addr, &old, keyword("Rin", "X"), None).status, 401);
    let page = request(&addr, "GET", &format!("/seat/{old}"), &[], b"");
    assert_eq!(page.status, 401);
    assert!(page.body.contains("no longer works"));
    assert_eq!(
        stream.next_revision(),
        None,
        "the revoked page's stream ends"
    );
    assert_eq!(act(&addr, &new, keyword("Rin", "X"), None).status, 200);
}

#[test]
fn an_action_from_one_seat_reaches_the_others_live_stream() {
    let (_root, host) = in_process();
    let addr = host.addr().to_string();
    let links = host.links();
    let first = host.revision();
    let mut table = http::events(&addr, &token_of(&links[2].link));
    assert_eq!(table.next_revision(), Some(first));
    assert_eq!(
        host.links()[2].connected,
        1,
        "the window sees who is connected"
    );
    let r = act(
        &addr,
        &token_of(&links[0].link),
        keyword("Rin", "BRAVE"),
        None,
    );
    assert_eq!(r.status, 200);
    assert_eq!(table.next_revision(), Some(first + 1));
    let mut watch = host.subscribe();
    assert_eq!(
        *watch.borrow_and_update(),
        first + 1,
        "the window is told too"
    );
}
