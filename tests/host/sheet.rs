//! The session sheet in a real headless Chromium (docs/plays.md, "The session sheet"): a
//! four-player Near and Far campaign's sheet prints on one A4 page, and what Chromium renders
//! says the same journey points and XP as the character sheets (`near-and-far sheet --json`,
//! what the window's sheet panel shows). Shares the browser tests' ChromeDriver and their
//! skip rule (skipped with a line on stderr without Chromium, required under `CI`).

use serde_json::{Value, json};

use super::browser::{Browser, driver};

const PLAYERS: [(&str, &str); 4] = [
    ("Ana", "Rin"),
    ("Ben", "Vera"),
    ("Cy", "Kiku"),
    ("Dee", "Eyim"),
];

fn run(root: &std::path::Path, args: &[&str]) -> String {
    let out = tablemate::cli::run_in(root, args, "");
    assert_eq!(out.code, 0, "{args:?}: {}", out.stderr);
    out.stdout
}

/// A four-player campaign with its first session played and scored tonight.
fn four_player_campaign(root: &std::path::Path) -> String {
    let mut args = vec!["near-and-far", "new", "--mode", "campaign"];
    let seats: Vec<String> = PLAYERS.iter().map(|(p, c)| format!("{p}={c}")).collect();
    for s in &seats {
        args.extend(["--player", s]);
    }
    args.push("--json");
    let made: Value = serde_json::from_str(&run(root, &args)).expect("new's JSON");
    let id = made["id"].as_str().expect("an id").to_string();
    let characters: Vec<&str> = PLAYERS.iter().map(|(_, c)| *c).collect();
    let scores: Vec<Value> = characters
        .iter()
        .enumerate()
        .map(|(i, c)| json!({"name": c, "camps": 4 + 3 * i, "reputation": i}))
        .collect();
    for action in [
        json!({"action": "start-session", "map": 2, "date": "2026-03-02", "town": "dusk",
            "characters": characters}),
        json!({"action": "record-quest", "character": "Rin", "read": {"kind": "map-quest",
            "code": "3"}, "outcome": "success", "rewards": {"keywords": ["lantern"]},
            "date": "2026-03-02"}),
        json!({"action": "defeat-threat", "character": "Kiku"}),
        json!({"action": "defeat-threat", "character": "Eyim"}),
        json!({"action": "set-card-points", "card": "5", "journey_points": 3}),
        json!({"action": "set-card-points", "card": "4", "journey_points": 2}),
        json!({"action": "finish-session", "scores": {"players": scores}, "date": "2026-03-02"}),
    ] {
        run(root, &["act", &id, &action.to_string()]);
        // A long evening: more changes than the sheet lists (it keeps the last 40).
        if action["action"] == "start-session" {
            for n in 0..36 {
                let reward = json!({"action": "note-reward", "character": characters[n % 4],
                    "item": {"type": "keyword-gained", "keyword": format!("keyword {n}")},
                    "date": "2026-03-02"});
                run(root, &["act", &id, &reward.to_string()]);
            }
        }
    }
    id
}

/// Standard base64 (what WebDriver's print returns), decoded.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = (acc << 6) | u32::from(v);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

fn count_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.match_indices("/Type")
        .filter(|(i, _)| {
            let rest = text[i + 5..].trim_start();
            rest.starts_with("/Page") && !rest.starts_with("/Pages")
        })
        .count()
}

#[test]
fn a_four_player_near_and_far_sheet_prints_on_one_a4_page_with_the_windows_figures() {
    let Some(driver) = driver() else { return };
    let root = tempfile::tempdir().expect("a temp folder");
    let id = four_player_campaign(root.path());
    let page = root.path().join("sheet.html");
    run(
        root.path(),
        &["recap", &id, "--out", page.to_str().expect("a UTF-8 path")],
    );
    let browser = Browser::open(&driver);
    browser.go(&format!("file://{}", page.display()));
    // A4 as a printer takes it, print media, the page's own margins.
    let printed = browser.call(
        "POST",
        "/print",
        json!({"page": {"width": 21.0, "height": 29.7}, "margin": {"top": 0, "bottom": 0,
            "left": 0, "right": 0}, "background": true, "shrinkToFit": false}),
    );
    let pdf = base64(printed.as_str().expect("a PDF in base64"));
    assert!(pdf.starts_with(b"%PDF"), "a PDF");
    let pages = count_pages(&pdf);
    // With `TABLEMATE_SHOTS` set to a folder, the printed page is kept there to look at.
    if let Some(dir) = std::env::var_os("TABLEMATE_SHOTS") {
        let _ = std::fs::write(std::path::Path::new(&dir).join("session-sheet.pdf"), &pdf);
        let _ = std::fs::copy(&page, std::path::Path::new(&dir).join("session-sheet.html"));
    }
    let tonight = browser
        .script("return document.querySelectorAll('#tonight li').length;")
        .as_u64()
        .unwrap_or(0);
    println!("four-player sheet: {pages} A4 page(s), {tonight} changes tonight");
    assert_eq!(pages, 1, "the sheet prints on one A4 page");
    assert_eq!(tonight, 40, "the last 40 of tonight's changes are listed");
    assert!(
        browser
            .text("#tonight")
            .contains("earlier changes not shown")
    );
    // What Chromium shows is what the character sheets say.
    let sheets = browser.text("#sheets");
    for (player, character) in PLAYERS {
        let view: Value = serde_json::from_str(&run(
            root.path(),
            &[
                "near-and-far",
                "sheet",
                "--campaign",
                &id,
                "--character",
                character,
                "--json",
            ],
        ))
        .expect("sheet's JSON");
        let says = format!(
            "{character} ({player}): {} journey points, {} XP to spend",
            view["journey_total"], view["xp_available"]
        );
        assert!(sheets.contains(&says), "{says:?} is not in {sheets:?}");
    }
    // The session just scored is in the record with the same winner the sheet's page names.
    let plays: Value = serde_json::from_str(&run(
        root.path(),
        &["plays", "--game", "near-and-far", "--json"],
    ))
    .expect("plays' JSON");
    let winner = plays[0]["players"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["winner"] == true))
        .and_then(|p| p["plays"].as_str())
        .expect("a winner")
        .to_string();
    assert!(sheets.contains(&winner), "{winner} on the sheet");
    let next = browser.text("#next");
    assert!(next.contains("Next session:"), "{next}");
    assert!(next.contains("quest tokens for 4 players"), "{next}");
    let restore = browser.text("#restore");
    assert!(restore.contains("tablemate open "), "{restore}");
}

/// The BG Stats links on a page, decoded to their JSON.
fn bg_stats_links(page: &str) -> Vec<Value> {
    page.match_indices(tablemate::plays::bg_stats::ADD_PLAY)
        .filter_map(|(at, prefix)| {
            let rest = &page[at + prefix.len()..];
            let end = rest.find('"')?;
            let json = tablemate::plays::bg_stats::percent_decode(&rest[..end])?;
            serde_json::from_str(&json).ok()
        })
        .collect()
}

#[test]
fn each_player_seat_offers_its_own_players_bg_stats_link_for_this_games_plays() {
    let root = tempfile::tempdir().expect("a temp folder");
    let id = four_player_campaign(root.path());
    let served = super::serve(root, &id);
    let get = |seat: &str, suffix: &str| {
        super::http::request(
            &served.addr,
            "GET",
            &format!("/seat/{}{suffix}", served.token(seat)),
            &[],
            b"",
        )
    };
    let page = get("Ana", "");
    assert!(
        page.body.contains("/plays\""),
        "the seat page links to its plays"
    );
    for (player, character) in PLAYERS {
        let mine = get(player, "/plays");
        assert_eq!(mine.status, 200, "{}", mine.body);
        let links = bg_stats_links(&mine.body);
        assert_eq!(links.len(), 1, "one play so far: {}", mine.body);
        let players = links[0]["players"].as_array().expect("players");
        assert_eq!(players.len(), 1, "only this seat's player: {players:?}");
        assert_eq!(players[0]["name"], player);
        assert_eq!(players[0]["role"], character);
        assert_eq!(links[0]["sourceName"], "Tablemate");
        assert!(mine.body.contains("<svg"), "and its QR code");
    }
    // The table seat shows the game; it has no plays of its own.
    assert_eq!(get("table", "/plays").status, 404);
}
