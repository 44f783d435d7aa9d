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

mod awake;
mod furtherance;

const CHROMIUM: &str = "/usr/bin/chromium";
const DRIVER: &str = "/usr/bin/chromedriver";
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

pub(super) struct Driver {
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
pub(super) fn driver() -> Option<Driver> {
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
pub(super) struct Browser<'a> {
    driver: &'a Driver,
    session: String,
    _profile: tempfile::TempDir,
}

impl<'a> Browser<'a> {
    pub(super) fn open(driver: &'a Driver) -> Browser<'a> {
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

    pub(super) fn call(&self, method: &str, path: &str, body: Value) -> Value {
        call(
            &self.driver.addr,
            method,
            &format!("/session/{}{path}", self.session),
            body,
        )
    }

    pub(super) fn go(&self, url: &str) {
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

    /// Finds `css` and clicks it (see [`Browser::on_element`]).
    fn tap(&self, css: &str) {
        self.on_element(css, "click", json!({}));
    }

    /// Finds `css` and types `text` into it (see [`Browser::on_element`]).
    fn type_into(&self, css: &str, text: &str) {
        self.on_element(css, "value", json!({ "text": text }));
    }

    /// Finds `css` and sends it `command` (click, value). A live update may swap the page
    /// between the two (the element is then stale): found again and sent again, for up to
    /// five seconds.
    fn on_element(&self, css: &str, command: &str, body: Value) {
        let start = Instant::now();
        loop {
            let found = self.find(css);
            let path = format!("/session/{}/element/{found}/{command}", self.session);
            let r = try_request(
                &self.driver.addr,
                "POST",
                &path,
                &[],
                body.to_string().as_bytes(),
            )
            .unwrap_or_else(|| panic!("no answer from chromedriver to {command} on {css}"));
            if r.status == 200 {
                return;
            }
            assert!(
                r.body.contains("stale element") && start.elapsed() < Duration::from_secs(5),
                "{command} on {css}: {}",
                r.body
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    pub(super) fn script(&self, js: &str) -> Value {
        self.call("POST", "/execute/sync", json!({"script": js, "args": []}))
    }

    /// The rendered text of `css` (empty when it is not on the page), read in one script call:
    /// a page that redraws between finding an element and reading it cannot leave a stale
    /// reference behind.
    pub(super) fn text(&self, css: &str) -> String {
        let js = format!(
            "const e = document.querySelector({}); return e ? e.innerText : '';",
            serde_json::to_string(css).unwrap_or_default()
        );
        self.script(&js).as_str().unwrap_or_default().to_string()
    }

    /// With `TABLEMATE_SHOTS` set to a folder, saves what the phone shows now, screen by
    /// screen down the page, as `NAME-N.png.b64` (base64 PNG: `base64 -d`), to look at.
    fn shots(&self, name: &str) {
        let Some(dir) = std::env::var_os("TABLEMATE_SHOTS") else {
            return;
        };
        let height = self
            .script("return document.documentElement.scrollHeight;")
            .as_f64()
            .unwrap_or(0.0);
        let mut n = 0;
        while f64::from(n) * 740.0 < height && n < 8 {
            self.script(&format!("window.scrollTo(0, {}); return true;", n * 740));
            let png = self.call("GET", "/screenshot", Value::Null);
            let path = std::path::Path::new(&dir).join(format!("{name}-{n}.png.b64"));
            let _ = std::fs::write(path, png.as_str().unwrap_or_default());
            n += 1;
        }
        self.script("window.scrollTo(0, 0); return true;");
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
    ana.shots("naf-ana");
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
    // The lines to look at first (XP to spend, the active threat) are larger than the text.
    let sizes = ana.script(
        "const px = e => parseFloat(getComputedStyle(e).fontSize);
         return {body: px(document.body),
           big: Math.min(...[...document.querySelectorAll('.big')].map(px))};",
    );
    assert!(
        sizes["big"].as_f64() > sizes["body"].as_f64(),
        ".big lines larger than body text: {sizes}"
    );
    // Ana's turn, from her phone: the active threat defeated.
    ana.tap("button[data-act*='defeat-threat']");
    ana.wait_for_text("#main", "Done: Ana's phone: Rin defeats the active threat");
    // A mark on the table's page: a reload would lose it.
    table.script("window.stillHere = true; return true;");

    // The rewards typed by hand sit behind their own summary: opened first, as a player taps it.
    ana.tap("#rewards > summary");
    ana.type_into(
        "form[data-act*='keyword-gained'] input[name='keyword']",
        "Brave",
    );
    ana.tap("form[data-act*='keyword-gained'] button");

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
    ana.type_into(KEYWORD, "Half");
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
    ana.type_into(KEYWORD, "Patient");
    ana.tap("form[data-act*='keyword-gained'] button");
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
    ana.type_into("form[action$='/quest'] input[name='n']", "3");
    ana.tap("form[action$='/quest'] button");
    ana.wait_for_text("#main", "Read quest 3");
    ana.shots("naf-quest");
    let fits = ana.script("return document.documentElement.scrollWidth <= innerWidth;");
    assert_eq!(fits, json!(true), "the answer fits 360 px");
    // Recording asks once, on the page: Yes sends it.
    ana.tap("button[data-act*='record-quest']");
    ana.wait_for_text(".confirm", "Record");
    ana.tap(".confirm button[data-confirmed]");
    ana.wait_for_text("#main", "Done: Ana's phone: Rin: quest 3, success");
    ana.wait_for_text("#main", "Experience:");
    table.wait_for_text("#view", "Ana's phone: Rin: quest 3, success");
    assert_eq!(
        table.script("return window.stillHere === true;"),
        json!(true),
        "not reloaded"
    );

    // The session card's threat line on the table seat, as the window's: by level until named.
    table.wait_for_text("#active-threat", "Active threat: level 5");
    // Ana counts Rin's score at the end of the game on her phone: the sheet opened, the camps
    // and the journey points on the threat card she took typed, kept; the table seat shows her
    // total and who is still to count.
    ana.tap("#count > summary");
    ana.type_into("#count-camps", "9");
    ana.type_into("form[data-act*='score-player'] input[name='threats']", "2");
    ana.type_into(
        "form[data-act*='score-player'] input[name='artifacts']",
        "3, 2",
    );
    ana.shots("naf-count");
    ana.tap("form[data-act*='score-player'] button[type='submit']");
    ana.wait_for_text("#main", "Done: Ana's phone: Rin's end-of-game count");
    table.wait_for_text("#view", "Still to count: Vera");
    assert!(
        table.text("#session").contains("Rin: "),
        "{}",
        table.text("#session")
    );
    table.shots("naf-table");

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
    // Sky1's row and every form in it open at once (hero rows open one at a time).
    let fit = sky.script(
        "document.querySelectorAll('details:not(.hero)').forEach(d => d.open = true);
         document.getElementById('hero-0').open = true;
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
    sky.tap(&format!("{form} input[name='boost']"));
    sky.tap(&format!("{form} button[type='submit']"));
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

/// Measures the page as a phone shows it: its height, and the smallest gap between any two
/// visible buttons (or a hero row's summary), neither holding the other.
const MEASURE: &str = "
  const els = [...document.querySelectorAll('button, summary')]
    .filter(e => e.checkVisibility() && e.getBoundingClientRect().width > 0);
  let closest = Infinity, pair = '';
  for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
    const a = els[i], b = els[j];
    if (a.contains(b) || b.contains(a)) continue;
    const r = a.getBoundingClientRect(), s = b.getBoundingClientRect();
    const dx = Math.max(0, s.left - r.right, r.left - s.right);
    const dy = Math.max(0, s.top - r.bottom, r.top - s.bottom);
    const d = Math.hypot(dx, dy);
    if (d < closest) { closest = d; pair = a.innerText + ' | ' + b.innerText; }
  }
  return {height: document.documentElement.scrollHeight, screen: innerHeight,
    width: innerWidth, scroll: document.documentElement.scrollWidth,
    buttons: els.length, closest: closest, pair: pair};";

#[test]
fn round_2_with_8_heroes_a_team_fits_two_phone_screens_with_8_px_between_buttons() {
    let Some(driver) = driver() else { return };
    use tablemate::worldspanner::{HeroStatus, Step, TeamSide};
    let phone = Browser::open(&driver);
    // Round 2: six heroes a team on the map, two still waiting; every step a team meets.
    for step in [Step::Action, Step::Melee, Step::Adventure] {
        let s = super::pages::worldspanner_sized(8, false, |g| {
            g.rounds.round = 2;
            g.rounds.active = TeamSide::Skyhawks;
            g.rounds.step = step;
            for side in TeamSide::BOTH {
                for (i, h) in g.team_mut(side).heroes.iter_mut().enumerate() {
                    h.status = if i < 6 {
                        HeroStatus::OnMap
                    } else {
                        HeroStatus::Waiting
                    };
                }
            }
        });
        // A card drawn, so its result is on the page too.
        let r = s.act(
            "Skyhawks",
            json!({"action": "challenge", "team": "skyhawks", "hero": {"team": "skyhawks", "hero": 0},
                "challenge": {"kind": "other", "rating": 6, "against": 5, "modifiers": []}}),
        );
        assert_eq!(r.status, 200, "{}", r.body);
        // A full list of the latest changes, and gold and wounds on some lines.
        for (seat, team, hero, action) in [
            ("Skyhawks", "skyhawks", 1, "gold"),
            ("Skyhawks", "skyhawks", 2, "wound"),
            ("Psiclones", "psiclones", 0, "gold"),
            ("Psiclones", "psiclones", 3, "wound"),
        ] {
            let hero = json!({"team": team, "hero": hero});
            let body = if action == "gold" {
                json!({"action": "gold", "hero": hero, "change": 2})
            } else {
                json!({"action": "wound", "hero": hero, "wounds": 1})
            };
            let r = s.act(seat, body);
            assert_eq!(r.status, 200, "{}", r.body);
        }
        for seat in ["Skyhawks", "Psiclones"] {
            phone.go(&format!("http://{}/seat/{}", s.addr(), s.token(seat)));
            phone.wait_for_text("#live", "Live");
            phone.shots(&format!("ws-{step:?}-{seat}"));
            let m = phone.script(MEASURE);
            let n = |k: &str| m[k].as_f64().unwrap_or(f64::NAN);
            eprintln!("{step:?} {seat}: {m}");
            assert!(n("height") <= 2.0 * n("screen"), "at most two screens: {m}");
            assert!(n("closest") >= 8.0, "8 px between buttons: {m}");
            assert!(n("scroll") <= n("width"), "no sideways scrolling: {m}");
            // Every hero row opened in turn keeps its buttons 8 px apart.
            let open = phone.script(&format!(
                "const out = [];
                 for (const d of document.querySelectorAll('details.hero')) {{
                   d.open = true;
                   out.push((() => {{ {MEASURE} }})());
                   d.open = false;
                 }}
                 return out.reduce((a, b) => a.closest <= b.closest ? a : b, {{closest: Infinity}});"
            ));
            assert!(
                open["closest"].as_f64().is_none_or(|d| d >= 8.0),
                "8 px between buttons with a hero open: {open}"
            );
        }
    }
}

#[test]
fn a_worldspanner_team_draws_from_a_phone_and_sees_the_card_at_the_top_then_undoes_a_wound() {
    let Some(driver) = driver() else { return };
    use tablemate::worldspanner::{
        DomeNumber, DomeSlot, HeroRef, HeroStatus, Loot, Step, TeamSide,
    };
    let s = super::pages::worldspanner_sized(8, false, |g| {
        g.rounds.round = 2;
        g.rounds.active = TeamSide::Skyhawks;
        g.rounds.step = Step::Action;
        // Sky2 sits in Dome 2.1 (the step's end asks whether it was surrounded), and Psi3's
        // gold lies where it fell.
        let sky2 = HeroRef {
            team: TeamSide::Skyhawks,
            hero: 1,
        };
        let dome = DomeSlot::new(DomeNumber::new(2).expect("a Dome"), 1).expect("a place");
        g.domes.place(dome, sky2).expect("empty");
        g.team_mut(TeamSide::Skyhawks).heroes[1].status = HeroStatus::InDome { dome };
        g.loot.push(Loot {
            dropped_by: HeroRef {
                team: TeamSide::Psiclones,
                hero: 2,
            },
            gold: 3,
            round: 1,
            dome: None,
        });
    });
    let sky = Browser::open(&driver);
    sky.go(&format!("http://{}/seat/{}", s.addr(), s.token("Skyhawks")));
    sky.wait_for_text("#live", "Live");
    // Sky1's row opens onto its challenges; the other challenge is drawn from the phone.
    sky.tap("#hero-0 > summary .who");
    let other = "#hero-0 form[data-act*='\"challenge\"']";
    sky.script(&format!(
        "const f = document.querySelector(\"{}\"); f.closest('details').open = true;
         f.elements.rating.value = 6; return true;",
        other.replace('"', "\\\"")
    ));
    sky.tap(&format!("{other} button[type='submit']"));
    sky.wait_for_text("#drawn", "Card drawn: Sky1");
    let seen = sky.script(
        "const r = document.getElementById('drawn').getBoundingClientRect();
         return r.top >= 0 && r.top < innerHeight;",
    );
    assert_eq!(
        seen,
        json!(true),
        "the card drawn is in view without scrolling"
    );
    // Banish asks first, on the page: Cancel sends nothing.
    let before = s.last_label();
    sky.script("document.getElementById('hero-0').open = true; return true;");
    sky.tap("#hero-0 button[data-act*='banish']");
    sky.wait_for_text(".confirm", "Banish Sky1?");
    sky.tap(".confirm button:last-child");
    assert_eq!(
        sky.script("return !document.querySelector('.confirm');"),
        json!(true)
    );
    assert_eq!(s.last_label(), before, "nothing sent");
    // A Wound, then Undo from the phone.
    sky.tap("#hero-0 button[data-act*='wound']");
    sky.wait_for_text("#main", "Done: Skyhawks's phone");
    sky.tap("button[data-undo]");
    sky.wait_for_text("#said", "Undone: Skyhawks's phone");
    let g: tablemate::worldspanner::Game = s.state();
    assert_eq!(g.team(TeamSide::Skyhawks).heroes[0].wounds, 0);
    // Once the other team has acted, the phone says who, and nothing is undone.
    let r = s.act(
        "Psiclones",
        json!({"action": "gold", "hero": {"team": "psiclones", "hero": 0}, "change": 1}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    sky.wait_for_text("#view", "Psiclones's phone");
    sky.tap("button[data-undo]");
    sky.wait_for_text("#said", "Psiclones's phone acted since");
    let after: tablemate::worldspanner::Game = s.state();
    assert_eq!(after.team(TeamSide::Psiclones).heroes[0].gold, 2);
    // The loot on the ground is on the page; ending the Action step with Sky2 still in its
    // Dome asks, on the phone, whether it was surrounded, and Yes ends the step.
    sky.wait_for_text("#loot", "3 gold where Psi3 was defeated (round 1)");
    sky.tap("button[data-act*='next-step']");
    sky.wait_for_text(".confirm", "End the Action step");
    sky.tap(".confirm button[data-confirmed]");
    sky.wait_for_text("#surrounded", "Sky2 is still in a Dome");
    sky.shots("ws-surrounded-Skyhawks");
    sky.tap("#surrounded button[data-act*='\"option\":1']");
    sky.wait_for_text("#now", "Reaction step");
    let g: tablemate::worldspanner::Game = s.state();
    assert_eq!(g.rounds.step, Step::Reaction);
    assert!(g.surrounded_asked.is_empty());
}

#[test]
fn a_furnace_duel_game_is_scored_from_the_two_phones_and_the_table_seat_shows_whose_tally_is_in() {
    let Some(driver) = driver() else { return };
    let root = tempfile::tempdir().expect("temp");
    let out = tablemate::cli::run_in(root.path(), &["furnace-duel", "new", "Ann", "Bob"], "");
    assert_eq!(out.code, 0, "{}", out.stderr);
    let id = out
        .stdout
        .trim()
        .rsplit(' ')
        .next()
        .expect("an id")
        .to_string();
    let s = super::pages::Shared::new(root, &id);
    let link = |seat: &str| format!("http://{}/seat/{}", s.addr(), s.token(seat));
    let table = Browser::open(&driver);
    table.go(&link("table"));
    table.wait_for_text("#view", "Ann: tally not in yet");
    for (seat, cash) in [("Ann", 40), ("Bob", 30)] {
        let phone = Browser::open(&driver);
        phone.go(&link(seat));
        phone.wait_for_text("#live", "Live");
        phone.type_into(
            "form[data-act*='record-tally'] input[name='my_cash']",
            &cash.to_string(),
        );
        phone.tap("form[data-act*='record-tally'] button[type='submit']");
        phone.wait_for_text("#main", &format!("Done: {seat}'s phone"));
        // Caught up after the form was sent: no "The game moved" left behind.
        phone.wait_for_text("#live", "Live: changes appear here at once");
        phone.shots(&format!("fd-{seat}"));
        if seat == "Ann" {
            table.wait_for_text("#view", "Ann: tally is in");
            assert!(table.text("#view").contains("Bob: tally not in yet"));
        }
    }
    table.wait_for_text("#view", "Ann wins");
    table.wait_for_text("#view", "Waiting for Ann to pick the next board");
    table.shots("fd-table");
    // The winner picks the next board on her phone, asked once; every seat moves to game 2.
    let ann = Browser::open(&driver);
    ann.go(&link("Ann"));
    ann.wait_for_text("#next-board", "You won: pick the board of game 2");
    ann.shots("fd-Ann-next");
    ann.tap("#next-board button[data-act*='alps']");
    ann.wait_for_text(".confirm", "Play Alps next?");
    ann.tap(".confirm button[data-confirmed]");
    table.wait_for_text("#view", "Game 2 of 6: Alps");
    ann.wait_for_text("#view", "I reached this board's achievement");
    ann.shots("fd-Ann-game2");
    table.shots("fd-table-game2");
}

#[test]
fn an_army_game_is_written_and_played_from_two_phones_and_the_table_seat_follows() {
    let Some(driver) = driver() else { return };
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
    let s = super::pages::Shared::new(root, made["id"].as_str().expect("an id"));
    let link = |seat: &str| format!("http://{}/seat/{}", s.addr(), s.token(seat));
    let ann = Browser::open(&driver);
    let bob = Browser::open(&driver);
    let table = Browser::open(&driver);
    for (b, seat) in [(&ann, "Ann"), (&bob, "Bob"), (&table, "table")] {
        b.go(&link(seat));
        b.wait_for_text("#live", "Live");
    }
    table.wait_for_text("#view", "Armies are being written");
    let fits = |b: &Browser<'_>, when: &str| {
        let m = b.script(&format!(
            "document.querySelectorAll('details').forEach(d => d.open = true);
             const m = (() => {{ {MEASURE} }})();
             m.smallest = Math.min(...[...document.querySelectorAll('button, input, select, summary')]
               .filter(e => e.checkVisibility()).map(e => e.getBoundingClientRect().height));
             return m;"
        ));
        let n = |k: &str| m[k].as_f64().unwrap_or(f64::NAN);
        eprintln!("army {when}: {m}");
        assert!(
            n("scroll") <= n("width"),
            "{when}: no sideways scrolling: {m}"
        );
        assert!(n("closest") >= 8.0, "{when}: 8 px between buttons: {m}");
        assert!(n("smallest") >= 44.0, "{when}: 44 px targets: {m}");
        b.script("document.querySelectorAll('details').forEach(d => d.open = false); return true;");
    };
    // Each general writes an army on the phone: a General and one more.
    for (b, who, other, spent) in [(&ann, "Ann", "champion", 6), (&bob, "Bob", "gladiator", 4)] {
        b.tap("#recruit > summary");
        b.tap("#recruit button[data-act*='\"general\"']");
        b.wait_for_text("#main", &format!("Done: {who}'s phone"));
        b.tap(&format!("#recruit button[data-act*='\"{other}\"']"));
        b.wait_for_text("#view", &format!("{spent} of 10 Follower Points spent"));
        b.shots(&format!("army-{who}-written"));
        fits(b, &format!("{who} written"));
    }
    table.shots("army-table-written");
    // Play starts from Ann's phone, Bob moving first: asked once, then sent.
    ann.script("document.querySelector(\"select[name='first']\").value = '1'; return true;");
    ann.tap("form[data-act*='\"start\"'] button[type='submit']");
    ann.wait_for_text(".confirm", "Start play?");
    ann.tap(".confirm button[data-confirmed]");
    bob.wait_for_text("#view", "Your turn");
    table.wait_for_text("#view", "Bob's turn");
    // Bob attacks Ann's first follower offered, then ends his turn.
    bob.tap("form[data-act*='\"attack\"'] button[type='submit']");
    bob.wait_for_text("#main", "Done: Bob's phone");
    bob.shots("army-Bob-turn");
    ann.shots("army-Ann-waiting");
    fits(&bob, "Bob's turn");
    fits(&ann, "Ann waiting");
    assert!(
        !ann.text("#view").contains("End turn"),
        "Ann's phone offers to end Bob's turn"
    );
    bob.tap("button[data-act*='end-turn']");
    bob.wait_for_text(".confirm", "End your turn?");
    bob.tap(".confirm button[data-confirmed]");
    ann.wait_for_text("#view", "Your turn");
    table.wait_for_text("#view", "Ann's turn");
    ann.shots("army-Ann-turn");
    table.shots("army-table-play");
}
