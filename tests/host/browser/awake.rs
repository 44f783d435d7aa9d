//! Phones stay awake (docs/table-network.md, "Phones stay awake"), as far as a headless
//! Chromium shows it: where the page has no Screen Wake Lock (plain HTTP on a LAN: here the
//! lock is taken away before the page loads), a muted looping video plays behind the page
//! after the first tap, large enough and far enough in view for Chrome to keep the screen on
//! for it; where it is refused, the page says so plainly.

use serde_json::{Value, json};

use super::{Browser, driver};
use crate::pages::Shared;

/// Runs `source` in every page `b` opens from now on, before the page's own script.
fn before_each_page(b: &Browser<'_>, source: &str) {
    b.call(
        "POST",
        "/goog/cdp/execute",
        json!({"cmd": "Page.addScriptToEvaluateOnNewDocument", "params": {"source": source}}),
    );
}

/// No Screen Wake Lock (as over plain HTTP on a LAN), and `play()` refused until the page
/// has had a tap (as many phones refuse it), or always with `play_after_tap` false.
fn no_wake_lock(play_after_tap: bool) -> String {
    format!(
        "Object.defineProperty(Navigator.prototype, 'wakeLock', {{get: () => undefined, configurable: true}});
         window.tappedOnce = false;
         document.addEventListener('click', () => {{ window.tappedOnce = true; }}, true);
         const play = HTMLMediaElement.prototype.play;
         HTMLMediaElement.prototype.play = function () {{
           return ({play_after_tap} && window.tappedOnce) ? play.call(this)
             : Promise.reject(new DOMException('a tap first', 'NotAllowedError'));
         }};"
    )
}

/// A Furnace Duel game of Ann and Bob, shared.
fn furnace_duel() -> Shared {
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
    Shared::new(root, &id)
}

/// The wake video as the page has it: whether it is there, muted, looping, playing, how
/// much of the view it fills and how much of it is in view (Chrome's two conditions), how
/// visible it is and whether it would take a tap; and the page's note.
const VIDEO: &str = "
  const v = document.getElementById('awake-video');
  const note = document.getElementById('awake');
  if (!v) return {video: false, note: note ? note.innerText : ''};
  const r = v.getBoundingClientRect();
  const w = Math.max(0, Math.min(r.right, innerWidth) - Math.max(r.left, 0));
  const h = Math.max(0, Math.min(r.bottom, innerHeight) - Math.max(r.top, 0));
  const b = document.querySelector('button');
  const br = b ? b.getBoundingClientRect() : null;
  const under = br ? document.elementFromPoint(br.left + br.width / 2, br.top + br.height / 2) : null;
  return {video: true, muted: v.muted, loop: v.loop, paused: v.paused,
    inView: (w * h) / Math.max(1, r.width * r.height), ofView: (w * h) / (innerWidth * innerHeight),
    opacity: Number(getComputedStyle(v).opacity), buttonsTake: !b || under === b || b.contains(under),
    note: note ? note.innerText : ''};";

fn wait_for(b: &Browser<'_>, what: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let start = std::time::Instant::now();
    loop {
        let v = b.script(VIDEO);
        if ok(&v) {
            return v;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(5),
            "{what}: {v}"
        );
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
}

#[test]
fn without_a_wake_lock_a_muted_looping_video_plays_behind_the_page_after_the_first_tap() {
    let Some(driver) = driver() else { return };
    let s = furnace_duel();
    let ann = Browser::open(&driver);
    before_each_page(&ann, &no_wake_lock(true));
    ann.go(&format!("http://{}/seat/{}", s.addr(), s.token("Ann")));
    ann.wait_for_text("#live", "Live");
    // Refused before any tap: the page asks for one.
    let v = wait_for(&ann, "the page asks for a tap", |v| {
        v["note"]
            .as_str()
            .is_some_and(|n| n.contains("Tap the page once"))
    });
    assert_eq!(
        (&v["video"], &v["muted"], &v["loop"], &v["paused"]),
        (&json!(true), &json!(true), &json!(true), &json!(true)),
        "{v}"
    );
    ann.shots("awake-asks");
    // The first tap (on the page's title: it does nothing else) starts it and the note goes.
    ann.tap("header h1");
    let v = wait_for(&ann, "the video plays after a tap", |v| {
        v["paused"] == json!(false) && v["note"] == json!("")
    });
    // Chrome keeps the screen on for a playing video only when over 75 % of it is in view
    // and it fills over a fifth of the view (Blink's VideoWakeLock).
    let n = |k: &str| v[k].as_f64().unwrap_or(f64::NAN);
    assert!(n("inView") > 0.75, "{v}");
    assert!(n("ofView") > 0.2, "{v}");
    // Yet it is not seen and takes no tap from the page's buttons.
    assert!(n("opacity") <= 0.01, "{v}");
    assert_eq!(v["buttonsTake"], json!(true), "{v}");
    // Still playing a moment later (its frames keep changing).
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let later = ann.script(VIDEO);
    assert_eq!(later["paused"], json!(false), "{later}");
    ann.shots("awake-playing");
}

#[test]
fn a_phone_that_refuses_the_wake_video_is_told_plainly_how_to_keep_its_screen_on() {
    let Some(driver) = driver() else { return };
    let s = furnace_duel();
    let bob = Browser::open(&driver);
    before_each_page(&bob, &no_wake_lock(false));
    bob.go(&format!("http://{}/seat/{}", s.addr(), s.token("Bob")));
    bob.wait_for_text("#live", "Live");
    wait_for(&bob, "the page asks for a tap", |v| {
        v["note"]
            .as_str()
            .is_some_and(|n| n.contains("Tap the page once"))
    });
    // A tap and still refused: the page says so and where the phone's setting is.
    bob.tap("header h1");
    let v = wait_for(&bob, "the page says it cannot", |v| {
        v["note"].as_str().is_some_and(|n| n.contains("may dim"))
    });
    let note = v["note"].as_str().unwrap_or_default();
    assert!(
        note.contains("Screen timeout") && note.contains("Auto-Lock"),
        "{v}"
    );
    bob.shots("awake-refused");
    // An iPhone (Safari keeps the screen on for no muted video): said at once, no video.
    let phone = Browser::open(&driver);
    phone.call(
        "POST",
        "/goog/cdp/execute",
        json!({"cmd": "Emulation.setUserAgentOverride", "params": {"userAgent":
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1"}}),
    );
    before_each_page(&phone, &no_wake_lock(true));
    phone.go(&format!("http://{}/seat/{}", s.addr(), s.token("Ann")));
    phone.wait_for_text("#live", "Live");
    let v = wait_for(&phone, "an iPhone is told at once", |v| {
        v["note"].as_str().is_some_and(|n| n.contains("may dim"))
    });
    assert_eq!(v["video"], json!(false), "{v}");
}
