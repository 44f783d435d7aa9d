//! Saves grow with what changed: long games built by real play through the engines' actions
//! save under 1 MB, load back to exactly what was played, and undo through every entry.

use tablemate::doc::{GameDoc, Saved};
use tablemate::store::Store;

#[path = "../../benches/support/long_games.rs"]
mod long_games;

const MB: u64 = 1_000_000;

fn check_long<T: GameDoc + PartialEq + std::fmt::Debug>(
    name: &str,
    saved: Saved<T>,
    entries: usize,
) {
    assert_eq!(
        saved.history.len(),
        entries,
        "{name}: the game stopped early"
    );
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("long", &saved).unwrap();
    let size = std::fs::metadata(store.save_path("long").unwrap())
        .unwrap()
        .len();
    println!("{name}: {entries} entries, {size} bytes");
    assert!(size <= MB, "{name}: {size} bytes for {entries} entries");
    let mut back: Saved<T> = store.load("long").unwrap();
    assert!(back == saved, "{name} did not load back to what was played");
    // Undo all the way after loading: every state is exactly the one played.
    for i in (0..entries - 1).rev() {
        back.undo().unwrap().expect("an entry to undo");
        assert!(
            back.current() == saved.history.state(i).unwrap(),
            "{name}: entry {i}"
        );
    }
    assert!(!back.history.can_undo(), "{name}: back at the first action");
    // Saved at the first entry, it loads the same again.
    store.save("long", &back).unwrap();
    let again: Saved<T> = store.load("long").unwrap();
    assert!(again == back);
}

/// A whole Worldspanner game played to its last round (12 rounds, 531 actions with this seed):
/// every action stays undoable to the first (the history used to forget all but the last 400).
#[test]
fn a_whole_worldspanner_game_keeps_every_action_saves_under_1_mb_and_undoes_to_the_first() {
    use tablemate::worldspanner::Action;
    let saved = long_games::worldspanner(5_000, 5);
    let mut after = saved.clone();
    let end = after.act(Action::NextStep {}).unwrap_err().to_string();
    assert!(end.contains("game is over"), "the game is not over: {end}");
    let entries = saved.history.len();
    assert!(entries > 500, "{entries} entries");
    check_long("worldspanner", saved, entries);
}

#[test]
fn a_600_entry_furtherance_game_saves_under_1_mb_and_undoes_exactly() {
    check_long("furtherance", long_games::furtherance(600, 5), 600);
}
