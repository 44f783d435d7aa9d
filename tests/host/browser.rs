//! Seats in a real headless Chromium (Debian's `chromium` and `chromium-driver`, which
//! `.ci/run` installs): a phone-sized seat taps an action and a second seat's page shows it
//! without being reloaded. Driven over the WebDriver protocol with the same plain HTTP as the
//! other tests. Without Chromium they are skipped and say so on stderr, unless `CI` is set (as
//! `.ci/run` sets it): then a missing Chromium fails them, naming what to install.

use std::io::Write as _;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::http::{Reply, try_request};
use super::{near_and_far_save, serve};

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

struct Driver {
    child: Child,
    addr: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// ChromeDriver, or `None` (after a line on stderr) when Chromium is not installed and the
/// run is not CI's: a plain `cargo test` passes on any machine, and CI cannot skip them.
fn driver() -> Option<Driver> {
    let installed =
        std::path::Path::new(CHROMIUM).exists() && std::path::Path::new(DRIVER).exists();
    if !installed {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set, so the browser tests must run: they need Debian's chromium and \
             chromium-driver (apt-get install -y chromium chromium-driver; .ci/run installs them)"
        );
        // Straight to stderr, past the test harness's capture, so a passing run still says it.
        let _ = writeln!(
            std::io::stderr(),
            "browser tests skipped: no {CHROMIUM} or {DRIVER}. To run them: apt-get install -y \
             chromium chromium-driver, then cargo test --test host browser (CI=1 makes them required)"
        );
        return None;
    }
    let port = free_port();
    let child = Command::new(DRIVER)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("chromedriver starts");
    let addr = format!("127.0.0.1:{port}");
    let start = Instant::now();
    while try_request(&addr, "GET", "/status", &[], b"").is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "chromedriver did not answer"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    Some(Driver { child, addr })
}

fn call(addr: &str, method: &str, path: &str, body: Value) -> Value {
    let body = match (method, &body) {
        ("GET", _) => String::new(),
        (_, Value::Null) => "{}".to_string(),
        _ => body.to_string(),
    };
    let r: Reply = try_request(addr, method, path, &[], body.as_bytes())
        .unwrap_or_else(|| panic!("no answer from chromedriver to {method} {path}"));
    assert_eq!(r.status, 200, "{method} {path}: {}", r.body);
    r.json()["value"].clone()
}

/// One browser window (a phone at 360×740).
struct Browser<'a> {
    driver: &'a Driver,
    session: String,
    _profile: tempfile::TempDir,
}

impl<'a> Browser<'a> {
    fn open(driver: &'a Driver) -> Browser<'a> {
        let profile = tempfile::tempdir().expect("a profile folder");
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=360,740",
            &format!("--user-data-dir={}", profile.path().display()),
        ];
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args, "mobileEmulation":
                {"deviceMetrics": {"width": 360, "height": 740, "pixelRatio": 2.0, "touch": true}}}}}});
        let v = call(&driver.addr, "POST", "/session", caps);
        let session = v["sessionId"].as_str().expect("a session").to_string();
        Browser {
            driver,
            session,
            _profile: profile,
        }
    }

    fn call(&self, method: &str, path: &str, body: Value) -> Value {
        call(
            &self.driver.addr,
            method,
            &format!("/session/{}{path}", self.session),
            body,
        )
    }

    fn go(&self, url: &str) {
        self.call("POST", "/url", json!({ "url": url }));
    }

    fn find(&self, css: &str) -> String {
        let v = self.call(
            "POST",
            "/element",
            json!({"using": "css selector", "value": css}),
        );
        v[ELEMENT].as_str().expect("an element").to_string()
    }

    fn script(&self, js: &str) -> Value {
        self.call("POST", "/execute/sync", json!({"script": js, "args": []}))
    }

    /// The rendered text of `css` (empty when it is not on the page), read in one script call:
    /// a page that redraws between finding an element and reading it cannot leave a stale
    /// reference behind.
    fn text(&self, css: &str) -> String {
        let js = format!(
            "const e = document.querySelector({}); return e ? e.innerText : '';",
            serde_json::to_string(css).unwrap_or_default()
        );
        self.script(&js).as_str().unwrap_or_default().to_string()
    }

    /// Waits (up to 5 s) until the text of `css` contains `words`.
    fn wait_for_text(&self, css: &str, words: &str) -> String {
        let start = Instant::now();
        loop {
            let t = self.text(css);
            if t.contains(words) {
                return t;
            }
            assert!(
                start.elapsed() < Duration::from_secs(5),
                "{css} never said {words:?}; it says {t:?}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Browser<'_> {
    fn drop(&mut self) {
        let _ = try_request(
            &self.driver.addr,
            "DELETE",
            &format!("/session/{}", self.session),
            &[],
            b"",
        );
    }
}

#[test]
fn a_phone_sized_seat_taps_and_another_seat_shows_it_without_reloading() {
    let Some(driver) = driver() else { return };
    let (root, id) = near_and_far_save();
    let start = r#"{"action":"start-session","map":2,"date":"2026-03-02","town":"dusk","characters":["Rin","Vera"]}"#;
    let out = tablemate::cli::run_in(root.path(), &["act", &id, start], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let served = serve(root, &id);
    let link = |seat: &str| format!("http://{}/seat/{}", served.addr, served.token(seat));
    let ana = Browser::open(&driver);
    let table = Browser::open(&driver);
    ana.go(&link("Ana"));
    table.go(&link("table"));
    table.wait_for_text("#live", "Live");
    ana.wait_for_text("#live", "Live");
    // Ana's phone: one narrow column, large targets, a light page.
    let fit = ana.script(
        "return {width: innerWidth, scroll: document.documentElement.scrollWidth,
          smallest: Math.min(...[...document.querySelectorAll('button, input, select')]
            .map(e => e.getBoundingClientRect().height)),
          weight: performance.getEntriesByType('resource').reduce((s, r) => s + r.transferSize, 0)
            + performance.getEntriesByType('navigation')[0].transferSize};",
    );
    let n = |k: &str| fit[k].as_f64().unwrap_or(f64::NAN);
    assert!(n("width") <= 360.0, "{fit}");
    assert!(n("scroll") <= n("width"), "no sideways scrolling: {fit}");
    assert!(
        n("smallest") >= 44.0,
        "every target at least 44 px high: {fit}"
    );
    assert!(n("weight") < 100_000.0, "page weight under 100 KB: {fit}");
    // A mark on the table's page: a reload would lose it.
    table.script("window.stillHere = true; return true;");

    let field = ana.find("form[data-act*='keyword-gained'] input[name='keyword']");
    ana.call(
        "POST",
        &format!("/element/{field}/value"),
        json!({"text": "Brave"}),
    );
    let button = ana.find("form[data-act*='keyword-gained'] button");
    ana.call("POST", &format!("/element/{button}/click"), Value::Null);

    ana.wait_for_text("#main", "Done: Ana's phone: Rin: keyword BRAVE gained");
    table.wait_for_text("#view", "Ana's phone: Rin: keyword BRAVE gained");
    assert_eq!(
        table.script("return window.stillHere === true;"),
        json!(true),
        "not reloaded"
    );
    assert!(
        served
            .history()
            .iter()
            .any(|l| l.ends_with("keyword BRAVE gained"))
    );

    // A half-filled form holds while another phone acts (nothing moves under the fingers):
    // the live update arrives, the typed value stays; emptied and left, the page catches up.
    const KEYWORD: &str = "form[data-act*='keyword-gained'] input[name='keyword']";
    let field = ana.find(KEYWORD);
    ana.call(
        "POST",
        &format!("/element/{field}/value"),
        json!({"text": "Half"}),
    );
    let r = served.act(super::HOSTILE, super::keyword("Vera", "OTHER"));
    assert_eq!(r.status, 200, "{}", r.body);
    table.wait_for_text("#view", "keyword OTHER gained");
    ana.wait_for_text("#live", "The game moved");
    let typed = ana.script(&format!(
        "return document.querySelector(\"{KEYWORD}\").value;"
    ));
    assert_eq!(typed, json!("Half"), "the typed value is kept");
    assert!(
        !ana.text("#view").contains("keyword OTHER gained"),
        "the form was not swapped out under the fingers"
    );
    let field = ana.find(KEYWORD);
    ana.call("POST", &format!("/element/{field}/clear"), Value::Null);
    ana.script("document.activeElement && document.activeElement.blur(); return true;");
    ana.wait_for_text("#view", "keyword OTHER gained");
    // Caught up: "the game moved" is gone.
    ana.wait_for_text("#live", "Live: changes appear here at once");

    // The outbox: the host stops, Ana taps; the page waits (never "not sent") and sends it
    // again when the host is back on its address; it is applied once.
    let mut served = served;
    let _ = served.child.kill();
    let _ = served.child.wait();
    let field = ana.find(KEYWORD);
    ana.call(
        "POST",
        &format!("/element/{field}/value"),
        json!({"text": "Patient"}),
    );
    let button = ana.find("form[data-act*='keyword-gained'] button");
    ana.call("POST", &format!("/element/{button}/click"), Value::Null);
    ana.wait_for_text("#main", "Waiting for the host since");
    assert!(
        !ana.text("body").contains("Not sent"),
        "{}",
        ana.text("body")
    );
    served.restart_here();
    wait_long(
        &ana,
        "#main",
        "Done: Ana's phone: Rin: keyword PATIENT gained",
    );
    let once = |word: &str| {
        served
            .history()
            .iter()
            .filter(|l| l.ends_with(&format!("keyword {word} gained")))
            .count()
    };
    assert_eq!(once("PATIENT"), 1, "{:?}", served.history());
    assert_eq!(
        ana.script("return localStorage.length;"),
        json!(0),
        "the outbox is empty"
    );

    // An answer lost after the host applied it: the page still has the action in its outbox
    // when it comes back (a reload), sends the same id, and hears the first answer.
    let revision = ana.script("return Number(document.getElementById('view').dataset.revision);");
    let token = served.token("Ana");
    let lost = json!({"action": "note-reward", "character": "Rin",
        "item": {"type": "keyword-gained", "keyword": "ECHO"}, "date": "2026-03-02"});
    let body = json!({"action": lost, "revision": revision, "id": "lost-answer-1"});
    let r = super::http::request(
        &served.addr,
        "POST",
        "/api/act",
        &[("Authorization", &format!("Bearer {token}"))],
        body.to_string().as_bytes(),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let item = json!([{"id": "lost-answer-1", "action": lost, "revision": revision,
        "key": "none", "since": 0}]);
    ana.script(&format!(
        "localStorage.setItem('tablemate-outbox-{token}', {}); location.reload(); return true;",
        serde_json::to_string(&item.to_string()).unwrap_or_default()
    ));
    wait_long(&ana, "#main", "Done: Ana's phone: Rin: keyword ECHO gained");
    assert_eq!(once("ECHO"), 1, "{:?}", served.history());

    // "Read quest 3" (a named space of Map 2: a token always stands there on the first pass)
    // for Rin, then Success from the answer: back on the sheet, said there,
    // and on the table's page without a reload.
    let number = ana.find("form[action$='/quest'] input[name='n']");
    ana.call(
        "POST",
        &format!("/element/{number}/value"),
        json!({"text": "3"}),
    );
    let look = ana.find("form[action$='/quest'] button");
    ana.call("POST", &format!("/element/{look}/click"), Value::Null);
    ana.wait_for_text("#main", "Read quest 3");
    let fits = ana.script("return document.documentElement.scrollWidth <= innerWidth;");
    assert_eq!(fits, json!(true), "the answer fits 360 px");
    let success = ana.find("button[data-act*='record-quest']");
    ana.call("POST", &format!("/element/{success}/click"), Value::Null);
    ana.wait_for_text("#main", "Done: Ana's phone: Rin: quest 3, success");
    ana.wait_for_text("#main", "Experience:");
    table.wait_for_text("#view", "Ana's phone: Rin: quest 3, success");
    assert_eq!(
        table.script("return window.stillHere === true;"),
        json!(true),
        "not reloaded"
    );

    // A list left on the option the page came with is not a form being filled in: an army
    // seat, with its attack list, still follows the other general's change.
    let army = army_in_play();
    ana.go(&format!("http://{}/seat/{}", army.addr, army.token("Ann")));
    ana.wait_for_text("#live", "Live");
    let r = army.act("Bob", json!({"action": "end-turn"}));
    assert_eq!(r.status, 200, "{}", r.body);
    ana.wait_for_text("#view", "Bob ends the turn; Ann to play");
}

/// Waits (up to 15 s: a browser's live stream retries after a few seconds) until the text of
/// `css` contains `words`.
fn wait_long(b: &Browser<'_>, css: &str, words: &str) {
    let start = Instant::now();
    loop {
        if b.text(css).contains(words) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "{css} never said {words:?}; it says {:?} (header {:?}, outbox {})",
            b.text(css),
            b.text("header"),
            b.script("return JSON.stringify(localStorage);")
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// An army game in play (Ann and Bob, each a General and one follower; Bob's turn), served.
fn army_in_play() -> super::Served {
    let root = tempfile::tempdir().expect("temp");
    let out = tablemate::cli::run_in(
        root.path(),
        &[
            "army", "new", "--player", "Ann", "--player", "Bob", "--json",
        ],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let made: Value = serde_json::from_str(&out.stdout).expect("new's JSON");
    let id = made["id"].as_str().expect("an id").to_string();
    let script = r#"{"action":"recruit","player":0,"kind":"general"}
{"action":"recruit","player":0,"kind":"grunt"}
{"action":"recruit","player":1,"kind":"general"}
{"action":"recruit","player":1,"kind":"tank"}
{"action":"start","first":1}"#;
    let out = tablemate::cli::run_in(root.path(), &["act", &id, "-"], script);
    assert_eq!(out.code, 0, "{}", out.stderr);
    serve(root, &id)
}

#[test]
fn a_worldspanner_team_attacks_from_a_phone_and_the_other_team_sees_it_without_reloading() {
    let Some(driver) = driver() else { return };
    use tablemate::worldspanner::{HeroStatus, Step, TeamSide};
    let s = super::pages::worldspanner_with(false, |g| {
        g.rounds.round = 2;
        g.rounds.active = TeamSide::Skyhawks;
        g.rounds.step = Step::Melee;
        g.team_mut(TeamSide::Psiclones).heroes[0].status = HeroStatus::OnMap;
        g.team_mut(TeamSide::Skyhawks).heroes[0].boost_active = true;
    });
    let link = |seat: &str| format!("http://{}/seat/{}", s.addr(), s.token(seat));
    let sky = Browser::open(&driver);
    let psi = Browser::open(&driver);
    sky.go(&link("Skyhawks"));
    psi.go(&link("Psiclones"));
    sky.wait_for_text("#live", "Live");
    psi.wait_for_text("#live", "Live");
    psi.script("window.stillHere = true; return true;");
    // Every form open at once: still one narrow column, every target at least 44 px high.
    let fit = sky.script(
        "document.querySelectorAll('details').forEach(d => d.open = true);
         return {width: innerWidth, scroll: document.documentElement.scrollWidth,
          smallest: Math.min(...[...document.querySelectorAll('button, input, select, summary')]
            .map(e => e.getBoundingClientRect().height))};",
    );
    let n = |k: &str| fit[k].as_f64().unwrap_or(f64::NAN);
    assert!(n("scroll") <= n("width"), "no sideways scrolling: {fit}");
    assert!(
        n("smallest") >= 44.0,
        "every target at least 44 px high: {fit}"
    );
    let form = "form[data-act*='melee-hit'][data-act*='\"hero\":0']";
    // The numbers typed in one go (each WebDriver call is slow on a loaded machine); the
    // Boost ticked and the form sent by taps.
    let typed = sky.script(&format!(
        "const f = document.querySelector(\"{}\");
         for (const [k, v] of [['rating', 9], ['against', 0], ['power', 9], ['armor', 0], ['wound', 2]])
           f.elements[k].value = v;
         return f.elements.length;",
        form.replace('"', "\\\"")
    ));
    assert!(typed.as_u64().is_some_and(|n| n > 5), "{typed}");
    let boost = sky.find(&format!("{form} input[name='boost']"));
    sky.call("POST", &format!("/element/{boost}/click"), Value::Null);
    let attack = sky.find(&format!("{form} button[type='submit']"));
    sky.call("POST", &format!("/element/{attack}/click"), Value::Null);
    sky.wait_for_text("#main", "Done: Skyhawks");
    let label = s.last_label();
    assert!(label.contains("Sky1"), "{label}");
    psi.wait_for_text("#view", &label);
    assert_eq!(
        psi.script("return window.stillHere === true;"),
        json!(true),
        "not reloaded"
    );
    // The attack carried the ticked Boost on the Hit and, natural melee, on the Damage.
    let g: tablemate::worldspanner::Game = s.state();
    let Some(tablemate::worldspanner::LastEvent::Attack { outcome, .. }) = &g.last else {
        panic!("no attack: {:?}", g.last)
    };
    assert!(
        outcome
            .hit
            .challenge
            .modifiers
            .contains(&tablemate::worldspanner::Modifier::Boost {}),
        "{outcome:?}"
    );
}
