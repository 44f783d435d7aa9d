//! No request can break the host, and no device can fill it (docs/table-network.md,
//! "Limits"): a bad action is answered and the next one is served; a handler that panics
//! answers its own request 500 and the host serves everyone after it; one address holding
//! connections open leaves the others served, and a connection over a ceiling is told 503.
//! Loopback only (127.0.0.2 stands in for a stranger on the Wi-Fi); every loop is bounded.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use serde_json::{Value, json};
use tablemate::doc::Kind;
use tablemate::host::{ActError, Books, Done, Host, SharedGame};
use tablemate::seat::{Plays, Seat};

use crate::http::request;
use crate::{act, serve};

/// A six-a-side Worldspanner game at round 1, the Skyhawks' Reinforce step.
pub fn worldspanner_save() -> (tempfile::TempDir, String) {
    let root = tempfile::tempdir().expect("a temp folder");
    let mut args = vec!["worldspanner", "new", "--seed", "7", "--json"];
    for f in ["lords", "defenders", "villains", "icons", "exemplars"] {
        args.extend(["--faction", f]);
    }
    let heroes: Vec<String> = (1..=6)
        .flat_map(|i| [format!("skyhawks=Sky{i}"), format!("psiclones=Psi{i}:5:2")])
        .collect();
    for h in &heroes {
        args.extend(["--hero", h.as_str()]);
    }
    let out = tablemate::cli::run_in(root.path(), &args, "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let made: Value = serde_json::from_str(&out.stdout).expect("new's JSON");
    let id = made["id"].as_str().expect("an id").to_string();
    (root, id)
}

#[test]
fn a_dome_slot_outside_one_to_four_from_a_phone_is_refused_and_play_goes_on() {
    let (root, id) = worldspanner_save();
    let s = serve(root, &id);
    for slot in [json!(5), json!(0), json!(255), json!(256), json!(-1)] {
        let r = s.act(
            "Psiclones",
            json!({"action": "place", "dome": {"number": 1, "slot": slot}}),
        );
        assert_eq!(r.status, 400, "slot {slot}: {}", r.body);
        let why = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(why.contains("1 to 4"), "slot {slot}: {why}");
    }
    // The other team, then the same one, play on as if nothing happened.
    let r = s.act(
        "Skyhawks",
        json!({"action": "reinforce", "hero": {"team": "skyhawks", "hero": 0}}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = s.act("Skyhawks", json!({"action": "place"}));
    assert_eq!(r.status, 200, "{}", r.body);
    let auth = format!("Bearer {}", s.token("Psiclones"));
    let state = request(
        &s.addr,
        "GET",
        "/api/state",
        &[("Authorization", &auth)],
        b"",
    );
    assert_eq!(state.status, 200, "{}", state.body);
}

#[test]
fn random_actions_from_every_seat_are_answered_and_the_host_serves_normally_after() {
    use crate::random_json::{Dice, mutate, worldspanner_templates};
    let (root, id) = worldspanner_save();
    let s = serve(root, &id);
    let templates: Vec<Value> = worldspanner_templates()
        .iter()
        .map(|t| serde_json::from_str(t).expect("a template"))
        .collect();
    let seats = ["Skyhawks", "Psiclones", "table"];
    let mut d = Dice(0x5eed_1234_abcd_0001);
    let mut statuses = std::collections::BTreeMap::new();
    for _ in 0..240 {
        let mut action = templates[d.roll(templates.len())].clone();
        if d.roll(2) == 0 {
            mutate(&mut action, &mut d);
        }
        let seat = seats[d.roll(seats.len())];
        let revision = (d.roll(3) == 0).then(|| d.roll(400) as u64);
        let r = act(&s.addr, &s.token(seat), action.clone(), revision);
        assert!(
            [200, 400, 403, 409, 422].contains(&r.status),
            "{seat} {action}: {} {}",
            r.status,
            r.body
        );
        *statuses.entry(r.status).or_insert(0) += 1;
    }
    assert!(statuses.get(&200).is_some_and(|n| *n > 5), "{statuses:?}");
    // Every seat's page and state are served after the barrage, and a bad Dome slot is still
    // refused for what it is.
    for seat in seats {
        let token = s.token(seat);
        let page = request(&s.addr, "GET", &format!("/seat/{token}"), &[], b"");
        assert_eq!(page.status, 200, "{seat}: {}", page.body);
        let auth = format!("Bearer {token}");
        let state = request(
            &s.addr,
            "GET",
            "/api/state",
            &[("Authorization", &auth)],
            b"",
        );
        assert_eq!(state.status, 200, "{seat}: {}", state.body);
    }
    let r = s.act(
        "Psiclones",
        json!({"action": "place", "dome": {"number": 1, "slot": 5}}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
}

/// A game whose `act` panics on `{"action": "boom"}` and whose first page panics: an engine
/// bug, put there on purpose.
struct Faulty {
    revision: AtomicU64,
    page_fails: AtomicBool,
}

impl SharedGame for Faulty {
    fn kind(&self) -> Kind {
        Kind::Army
    }
    fn title(&self) -> String {
        "faulty".into()
    }
    fn summary(&self) -> String {
        "a game with a bug".into()
    }
    fn revision(&self) -> u64 {
        self.revision.load(Ordering::SeqCst)
    }
    fn seats(&self) -> Vec<Seat> {
        ["Ann", "Bob"]
            .map(|n| Seat {
                name: n.into(),
                plays: Plays::Player(n.into()),
            })
            .into()
    }
    fn act(&mut self, _seat: &str, action: Value, _seen: Option<u64>) -> Result<Done, ActError> {
        if action["action"] == "boom" {
            panic!("an engine bug, on purpose");
        }
        let revision = self.revision.fetch_add(1, Ordering::SeqCst) + 1;
        Ok(Done {
            revision,
            label: "fine".into(),
        })
    }
    fn reload(&mut self) -> Result<(), tablemate::store::StoreError> {
        self.revision.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }
    fn page(&self, _seat: Option<&Seat>, _base: &str) -> maud::Markup {
        if self.page_fails.swap(false, Ordering::SeqCst) {
            panic!("a page bug, on purpose");
        }
        maud::html! { p { "the game" } }
    }
    fn lookup(&self, _seat: &Seat, _query: &str, _books: &Books) -> Option<maud::Markup> {
        None
    }
    fn recent(&self, _n: usize) -> Vec<String> {
        Vec::new()
    }
}

fn token_of(link: &str) -> String {
    link.rsplit('/').next().unwrap_or_default().to_string()
}

#[test]
fn a_request_that_panics_answers_500_and_every_later_request_is_served() {
    let root = tempfile::tempdir().expect("a temp folder");
    let table = Faulty {
        revision: AtomicU64::new(1),
        page_fails: AtomicBool::new(true),
    };
    let host = Host::share(
        Box::new(table),
        Books::load(root.path(), Kind::Army),
        "127.0.0.1:0".parse().expect("addr"),
    )
    .expect("host");
    let addr = host.addr().to_string();
    let links = host.links();
    let (ann, bob) = (token_of(&links[0].link), token_of(&links[1].link));

    let r = act(&addr, &bob, json!({"action": "boom"}), None);
    assert_eq!(r.status, 500, "{}", r.body);
    assert!(
        r.json()["error"]
            .as_str()
            .unwrap_or_default()
            .contains("nothing was changed")
    );
    let r = act(&addr, &ann, json!({"action": "fine"}), None);
    assert_eq!(r.status, 200, "{}", r.body);

    // A page that panics while it holds the game: that page fails, the next is served.
    let page = request(&addr, "GET", &format!("/seat/{ann}"), &[], b"");
    assert_eq!(page.status, 500, "{}", page.body);
    for token in [&ann, &bob] {
        let page = request(&addr, "GET", &format!("/seat/{token}"), &[], b"");
        assert_eq!(page.status, 200, "{}", page.body);
        let auth = format!("Bearer {token}");
        let state = request(&addr, "GET", "/api/state", &[("Authorization", &auth)], b"");
        assert_eq!(state.status, 200, "{}", state.body);
    }
    let r = act(&addr, &bob, json!({"action": "fine"}), None);
    assert_eq!(r.status, 200, "{}", r.body);
}

/// A connection from `from` to `to` that sends half a request's headers and then nothing.
fn half_open(from: &str, to: SocketAddr) -> Option<TcpStream> {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).ok()?;
    let local: SocketAddr = format!("{from}:0").parse().ok()?;
    socket.bind(&local.into()).ok()?;
    socket
        .connect_timeout(&to.into(), Duration::from_secs(2))
        .ok()?;
    let mut stream: TcpStream = socket.into();
    let _ = stream.write_all(b"GET /api/state HTTP/1.1\r\nHost: x\r\n");
    Some(stream)
}

/// What the host sent on `stream` within two seconds (empty if nothing).
fn answer(stream: &mut TcpStream) -> String {
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let mut got = Vec::new();
    let mut buf = [0u8; 512];
    while let Ok(n) = stream.read(&mut buf) {
        if n == 0 {
            break;
        }
        got.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&got).into_owned()
}

#[test]
fn seventy_half_open_connections_from_one_address_leave_a_phone_on_another_working() {
    let (root, id) = crate::near_and_far_save();
    let s = serve(root, &id);
    let to: SocketAddr = s.addr.parse().expect("the host's address");
    let stranger: Vec<TcpStream> = (0..70).filter_map(|_| half_open("127.0.0.2", to)).collect();
    assert_eq!(
        stranger.len(),
        70,
        "every connection was accepted by the system"
    );
    std::thread::sleep(Duration::from_millis(300));
    let started = std::time::Instant::now();
    let auth = format!("Bearer {}", s.token("Ana"));
    let state = request(
        &s.addr,
        "GET",
        "/api/state",
        &[("Authorization", &auth)],
        b"",
    );
    assert_eq!(state.status, 200, "{}", state.body);
    let r = s.act("Ana", crate::keyword("Rin", "BRAVE"));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "served in {:?}",
        started.elapsed()
    );
    // The stranger's connections over its ceiling were told so, not reset.
    let mut last = stranger.into_iter().last().expect("seventy");
    let told = answer(&mut last);
    assert!(told.starts_with("HTTP/1.1 503"), "{told:?}");
}

#[test]
fn connections_over_the_ceilings_are_answered_503_and_served_again_once_closed() {
    use tablemate::host::{MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS};
    let (root, id) = crate::near_and_far_save();
    let s = serve(root, &id);
    let to: SocketAddr = s.addr.parse().expect("the host's address");
    // Fill every slot, a few addresses at a time, each up to its own ceiling.
    let addresses = MAX_CONNECTIONS.div_ceil(MAX_CONNECTIONS_PER_ADDRESS);
    let mut held = Vec::new();
    for a in 0..addresses {
        let from = format!("127.0.0.{}", 10 + a);
        let n = MAX_CONNECTIONS_PER_ADDRESS.min(MAX_CONNECTIONS - held.len());
        held.extend((0..n).filter_map(|_| half_open(&from, to)));
    }
    assert_eq!(held.len(), MAX_CONNECTIONS);
    std::thread::sleep(Duration::from_millis(300));
    let mut extra = half_open("127.0.0.1", to).expect("connect");
    let told = answer(&mut extra);
    assert!(told.starts_with("HTTP/1.1 503"), "{told:?}");
    assert!(told.contains("busy"), "{told:?}");
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    let page = request(&s.addr, "GET", "/api/state", &[], b"");
    assert_eq!(page.status, 401, "served again once the others closed");
}
