//! The Furtherance table seat on a phone at 360×740 (docs/table-network.md, "Furtherance"):
//! the laptop plays the enemy turns the window's way, and the seat's page stays short (each
//! step one line, its reasons behind a tap) with every unit named as a player knows it.

use serde_json::{Value, json};

use super::{Browser, driver};
use crate::pages::Shared;

/// The page's measures: its height, the enemy turn's list (height, rows, the tallest row,
/// reasons shown), and every unit's cell (its name as shown, the unit's full name, whether
/// the name is clipped by its square).
const MEASURE_TURN: &str = "
  const list = document.querySelector('ol.steps');
  const turn = list ? list.closest('section') : null;
  const rows = list ? [...list.querySelectorAll(':scope > li')] : [];
  const whys = [...document.querySelectorAll('ol.steps .reasons p')].filter(e => e.checkVisibility());
  const cells = [...document.querySelectorAll('.board td .u')].map(u => {
    const sq = u.closest('.sq').getBoundingClientRect(), r = u.getBoundingClientRect();
    const name = u.querySelector('.n');
    return {shown: (name ? name.innerText : u.innerText).replace(/\\u00ad/g, '').replace(/\\s+/g, ' ').trim(),
      full: u.title, clipped: r.left < sq.left - 0.5 || r.right > sq.right + 0.5
        || r.top < sq.top - 0.5 || r.bottom > sq.bottom + 0.5
        || (name && (name.scrollWidth > name.clientWidth + 1 || name.scrollHeight > name.clientHeight + 1))};
  });
  const legend = document.getElementById('legend');
  return {height: document.documentElement.scrollHeight, screen: innerHeight,
    width: innerWidth, scroll: document.documentElement.scrollWidth,
    turn: turn ? turn.getBoundingClientRect().height : 0, rows: rows.length,
    tallest: Math.max(0, ...rows.map(r => r.getBoundingClientRect().height)),
    whys: whys.length, cells: cells, legend: legend ? legend.innerText : ''};";

/// The name a player knows a unit by: its card's name without the "Sample" of the sample
/// units.
fn known_name(full: &str) -> String {
    full.split_whitespace()
        .filter(|w| *w != "Sample")
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn the_furtherance_table_seat_folds_each_enemy_step_to_one_line_and_names_every_unit() {
    let Some(driver) = driver() else { return };
    use tablemate::furtherance::{Game, Phase};
    let root = tempfile::tempdir().expect("temp");
    let out = tablemate::cli::run_in(
        root.path(),
        &["furtherance", "new", "--seed", "11", "--json"],
        "",
    );
    assert_eq!(out.code, 0, "{}", out.stderr);
    let made: Value = serde_json::from_str(&out.stdout).expect("new's JSON");
    let s = Shared::new(root, made["id"].as_str().expect("an id"));
    let table = Browser::open(&driver);
    table.go(&format!("http://{}/seat/{}", s.addr(), s.token("table")));
    table.wait_for_text("#live", "Live");
    let mut measured = Vec::new();
    // Six enemy turns, the window's way: End turn, then Next step by step until the
    // player's turn comes back (the player moves nothing).
    for turn in 1..=6 {
        s.window_act(r#"{"action":"end-turn"}"#, true)
            .expect("the turn ends");
        for _ in 0..200 {
            if s.state::<Game>().phase() == Phase::Player {
                break;
            }
            if s.window_act(r#"{"action":"next"}"#, true).is_err() {
                break;
            }
        }
        assert_eq!(s.state::<Game>().phase(), Phase::Player, "turn {turn} ends");
        let last = s.last_label();
        table.wait_for_text("#view", &last);
        table.shots(&format!("fur-turn{turn}"));
        let m = table.script(MEASURE_TURN);
        eprintln!(
            "enemy turn {turn}: page {} px, turn list {} px over {} rows (tallest {} px), {} reasons shown",
            m["height"], m["turn"], m["rows"], m["tallest"], m["whys"]
        );
        measured.push(m);
    }
    eprintln!("measured: {}", Value::Array(measured.clone()));
    for m in &measured {
        let n = |k: &str| m[k].as_f64().unwrap_or(f64::NAN);
        assert!(n("scroll") <= n("width"), "no sideways scrolling: {m}");
        assert!(n("rows") > 1.0, "the turn has steps: {m}");
        assert_eq!(m["whys"], json!(0), "the reasons are folded: {m}");
        assert!(
            n("tallest") <= 56.0,
            "each step one line (a 44 px row and 8 px to the next): {m}"
        );
        assert!(
            n("turn") <= n("screen"),
            "the enemy turn within one screen: {m}"
        );
        assert!(
            n("height") <= 2.0 * n("screen"),
            "the board and the enemy turn within two screens: {m}"
        );
        // Every unit on the board named as a player knows it, whole inside its square, and
        // listed with its full name beside the board.
        let cells = m["cells"].as_array().cloned().unwrap_or_default();
        assert!(!cells.is_empty(), "units on the board: {m}");
        for c in &cells {
            let full = c["full"].as_str().unwrap_or_default();
            let shown = c["shown"].as_str().unwrap_or_default();
            assert_eq!(shown, known_name(full), "{c}");
            assert_eq!(c["clipped"], json!(false), "{c}");
            assert!(
                m["legend"].as_str().unwrap_or_default().contains(full),
                "{full} in the legend: {}",
                m["legend"]
            );
        }
    }
    // A step's reasons open on a tap, in place.
    table.tap("ol.steps details.why > summary");
    let shown = table.script(
        "return [...document.querySelectorAll('ol.steps .reasons p')].filter(e => e.checkVisibility())
           .map(e => e.innerText);",
    );
    assert!(
        shown.as_array().is_some_and(|a| !a.is_empty()
            && a.iter()
                .all(|t| t.as_str().is_some_and(|t| t.starts_with("Why")))),
        "{shown}"
    );
    table.shots("fur-why-open");
}
