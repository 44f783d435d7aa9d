//! Furtherance's explanations are kept once per entry, beside it, not in the changes between
//! entries (docs/store.md, "Set aside"): every entry shows the same Why / Why-not lines and
//! rule references after a save, a reload, an undo and the migration of a save written before,
//! and a real game stays small.

use tablemate::doc::Saved;
use tablemate::furtherance::sim::{self, SimPlayer, Style};
use tablemate::furtherance::{Explained, Game, Settings};
use tablemate::store::Store;

use crate::size::long_games;

/// What every face shows for a state's steps: the log line with its Why and Why-not lines
/// (`Explained::text`, the window's turn log, `show`, `end-turn`, `next` and the phone pages
/// all render these), and the rule each reason cites (`--rules`).
fn lines(explained: &[Explained]) -> Vec<String> {
    explained
        .iter()
        .flat_map(|e| {
            let cites = e
                .reasons
                .why
                .iter()
                .chain(&e.reasons.why_not)
                .map(|r| format!("  rule: {}", r.rule().cite()));
            std::iter::once(e.text()).chain(cites)
        })
        .collect()
}

/// A scripted game: the greedy player, seed 3, for `rounds` rounds, as `tablemate furtherance
/// simulate` plays it; with the lines each entry showed when it was made.
fn scripted(rounds: u32) -> (Saved<Game>, Vec<Vec<String>>) {
    let game = Game::standard(Settings::default(), 3).unwrap();
    let mut saved = Saved::new("scripted", "New game", game);
    let mut shown = vec![lines(saved.current().explained())];
    let mut player = SimPlayer::new(Style::Greedy, 3);
    sim::play_out(&mut saved, &mut player, rounds, |p| {
        shown.push(lines(p.saved.current().explained()));
    })
    .unwrap();
    assert_eq!(shown.len(), saved.history.len());
    (saved, shown)
}

fn lines_of_every_entry(saved: &Saved<Game>) -> Vec<Vec<String>> {
    (0..saved.history.len())
        .map(|i| lines(saved.history.state(i).unwrap().explained()))
        .collect()
}

#[test]
fn every_entry_shows_the_same_explanations_after_a_save_a_reload_and_an_undo() {
    let (saved, shown) = scripted(4);
    assert!(shown.iter().flatten().any(|l| l.contains("Why not:")));
    assert_eq!(lines_of_every_entry(&saved), shown, "in memory");
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("scripted", &saved).unwrap();
    let text = std::fs::read_to_string(store.save_path("scripted").unwrap()).unwrap();
    assert!(text.contains(r#""set_aside":["explained"]"#));
    let mut back: Saved<Game> = store.load("scripted").unwrap();
    assert_eq!(lines_of_every_entry(&back), shown, "reloaded");
    // Undone one entry at a time, each current state shows what it showed when made.
    while back.history.can_undo() {
        back.undo().unwrap();
        let at = back.history.cursor();
        assert_eq!(lines(back.current().explained()), shown[at], "entry {at}");
    }
    store.check_save_deep("scripted").unwrap();
}

/// A save from before (the explanations in every change, twice) still loads, with the same
/// lines at every entry, and is written in the new form, smaller, at the next save.
#[test]
fn a_save_that_stored_explanations_in_its_changes_loads_with_the_same_lines() {
    let (saved, shown) = scripted(3);
    // The old form: the same states, diffed whole (a JSON value sets nothing aside).
    let mut old = tablemate::history::History::new(
        "New game",
        serde_json::to_value(saved.history.state(0).unwrap()).unwrap(),
    );
    for (i, e) in saved.history.entries().iter().enumerate().skip(1) {
        let state = serde_json::to_value(saved.history.state(i).unwrap()).unwrap();
        old.record(e.label.clone(), state);
    }
    let data = serde_json::json!({ "title": "old", "history": old });
    let before = serde_json::to_string(&serde_json::json!({
        "format": "tablemate",
        "version": 3,
        "kind": "furtherance",
        "saved_at": "2026-11-01T00:00:00Z",
        "data": data,
    }))
    .unwrap();
    assert!(!before.contains("set_aside"));
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let path = dir.path().join("saves").join("old.json");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, &before).unwrap();
    let back: Saved<Game> = store.load("old").unwrap();
    assert_eq!(lines_of_every_entry(&back), shown, "migrated");
    store.save("old", &back).unwrap();
    let after = std::fs::read_to_string(&path).unwrap();
    assert!(after.contains(r#""set_aside":["explained"]"#));
    assert!(
        after.len() < before.len(),
        "{} bytes after, {} before",
        after.len(),
        before.len()
    );
    let again: Saved<Game> = store.load("old").unwrap();
    assert_eq!(lines_of_every_entry(&again), shown, "saved again");
}

/// A real game (the greedy player) of 400 entries saves under 500 KB, and a whole real game
/// (seed 3, 526 entries to its loss) keeps every entry within the bound on the bytes kept,
/// so it undoes to its start.
#[test]
fn a_real_400_entry_furtherance_game_saves_under_500_kb_and_undoes_to_its_start() {
    let saved = long_games::furtherance_greedy(400, 3);
    assert_eq!(saved.history.len(), 400);
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("real", &saved).unwrap();
    let size = std::fs::metadata(store.save_path("real").unwrap())
        .unwrap()
        .len();
    println!("greedy 400 entries: {size} bytes");
    assert!(size < 500_000, "{size} bytes");
    let (whole, _) = scripted(100);
    let entries = whole.history.len();
    assert!(whole.current().outcome().is_some() && entries > 500);
    assert!(whole.history.change_bytes() < tablemate::history::MAX_CHANGE_BYTES / 8);
    let mut back = whole;
    while back.history.can_undo() {
        back.undo().unwrap();
    }
    assert_eq!(back.history.cursor(), 0);
    assert_eq!(back.history.len(), entries, "nothing forgotten");
}
