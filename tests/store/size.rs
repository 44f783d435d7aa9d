//! Saves grow with what changed: long games built by real play through the engines' actions
//! save under 1 MB, load back to exactly what was played, and undo through every entry.

use tablemate::doc::{GameDoc, Saved};
use tablemate::store::Store;

#[path = "../../benches/support/long_games.rs"]
mod long_games;

const MB: u64 = 1_000_000;

fn check_long<T: GameDoc + PartialEq + std::fmt::Debug>(name: &str, saved: Saved<T>) {
    assert_eq!(saved.history.len(), 400, "{name}: the game stopped early");
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("long", &saved).unwrap();
    let size = std::fs::metadata(store.save_path("long").unwrap())
        .unwrap()
        .len();
    println!("{name}: 400 entries, {size} bytes");
    assert!(size <= MB, "{name}: {size} bytes for 400 entries");
    let mut back: Saved<T> = store.load("long").unwrap();
    assert!(back == saved, "{name} did not load back to what was played");
    // Undo all the way after loading: every state is exactly the one played.
    for i in (0..399).rev() {
        back.history.undo().unwrap();
        assert!(
            back.current() == &saved.history.entries()[i].state,
            "{name}: entry {i}"
        );
    }
    // Saved at the first entry, it loads the same again.
    store.save("long", &back).unwrap();
    let again: Saved<T> = store.load("long").unwrap();
    assert!(again == back);
}

#[test]
fn a_400_entry_worldspanner_game_saves_under_1_mb_and_undoes_exactly() {
    check_long("worldspanner", long_games::worldspanner(400, 5));
}

#[test]
fn a_400_entry_furtherance_game_saves_under_1_mb_and_undoes_exactly() {
    check_long("furtherance", long_games::furtherance(400, 5));
}
