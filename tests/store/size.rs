//! Saves grow with what changed: long games built by real play through the engines' actions
//! save under 1 MB, load back to exactly what was played, and undo through every entry.

use tablemate::doc::{GameDoc, Saved};
use tablemate::store::Store;

#[path = "../../benches/support/long_games.rs"]
pub mod long_games;

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

/// One `Gold` +1 for the first Skyhawk: accepted at any step.
const GOLD: &str = r#"{"action":"gold","hero":{"team":"skyhawks","hero":0},"change":1}"#;

/// `tablemate act` reads its save once (docs/store.md, costs): the bytes it reads are the
/// file's length, not two or three times it (the check for outside changes before the rename
/// uses the file's stamp, not another read).
#[test]
fn act_reads_its_save_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store
        .save("long", &long_games::worldspanner(300, 3))
        .unwrap();
    let path = store.save_path("long").unwrap();
    for _ in 0..3 {
        let len = std::fs::metadata(&path).unwrap().len();
        let before = tablemate::store::bytes_read_on_this_thread();
        let applied = store.act("long", &[GOLD.to_string()]).unwrap();
        assert!(applied.refused.is_none(), "{:?}", applied.refused);
        let read = tablemate::store::bytes_read_on_this_thread() - before;
        assert_eq!(read, len, "act read {read} bytes of a {len}-byte save");
    }
    // And a new store (a new `tablemate act` process) too.
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    let len = std::fs::metadata(&path).unwrap().len();
    let before = tablemate::store::bytes_read_on_this_thread();
    store.act("long", &[GOLD.to_string()]).unwrap();
    assert_eq!(tablemate::store::bytes_read_on_this_thread() - before, len);
}

/// Reading once must not lose what another program writes while `act` saves: the version it
/// wrote in place just before the rename is kept as a backup, and so is the version `act`
/// read and replaced.
#[test]
fn an_outside_change_landing_during_act_is_kept_as_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &long_games::worldspanner(20, 3)).unwrap();
    let path = store.save_path("g").unwrap();
    let mine = std::fs::read_to_string(&path).unwrap();
    let outside = mine.replace("Long game", "Their game");
    assert_ne!(outside, mine);
    let written = outside.clone();
    store.set_fault_hook(Some(Box::new(move |p: &std::path::Path| {
        std::fs::write(p, &written)
    })));
    store.act("g", &[GOLD.to_string()]).unwrap();
    store.set_fault_hook(None);
    let kept = super::common::backup_texts(&store, "g");
    assert!(
        kept.contains(&outside),
        "the version written during act was lost"
    );
    assert!(kept.contains(&mine), "the version act replaced was lost");
    let now = std::fs::read_to_string(&path).unwrap();
    assert!(
        now.contains("Long game") && now != mine,
        "act's own change is saved"
    );
}

/// The text inside a save's history's `entries` list, as the file holds it.
fn entries_text(text: &str) -> &str {
    let start = text.find("\"entries\":[").expect("compact entries") + "\"entries\":[".len();
    let end = text.rfind("]}}").expect("the entries end the data");
    &text[start..end]
}

/// `act` copies the history's entries as the file holds them instead of reading and writing
/// them again (docs/store.md, costs): after an action the old entries' text is the start of
/// the new one, byte for byte, and only the new entry follows it. A file edited by hand (a
/// label spelled with a JSON escape, `\u00e9`, which Tablemate itself writes as `é`) no longer
/// matches its digest: its entries are read, checked and written anew once, and copied from
/// then on. Once the history is full, the entry that becomes the first loses its change, so
/// it is written anew, and the save still loads, checks and undoes to its first entry.
#[test]
fn act_writes_the_entries_it_did_not_change_as_the_file_held_them() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let saved = long_games::worldspanner_kept(29, 3, 30);
    assert_eq!(saved.history.len(), 29);
    store.save("g", &saved).unwrap();
    let path = store.save_path("g").unwrap();
    let before = std::fs::read_to_string(&path).unwrap();
    store.act("g", &[GOLD.to_string()]).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    // Compact, and the 29 entries copied with the new one after them.
    assert!(!text.contains("\"label\": \""), "{text}");
    let (old, new) = (entries_text(&before), entries_text(&text));
    assert!(new.starts_with(old) && new[old.len()..].starts_with(",{\"label\":"));
    assert_eq!(new[old.len() + 1..].matches("\"label\":").count(), 1);
    // A hand edit: the entries are read and written anew, by Tablemate's spelling.
    let first = text.find("\"entries\":[").unwrap();
    let first = first + text[first..].find("\"label\":\"").unwrap() + "\"label\":\"".len();
    let last = text.rfind("\"label\":\"").unwrap() + "\"label\":\"".len();
    let escaped = format!(
        "{}Caf\\u00e9 {}Caf\\u00e9 {}",
        &text[..first],
        &text[first..last],
        &text[last..]
    );
    // The length at the end still fits the edited list: only the digest can see the edit.
    let length = entries_text(&text).len();
    let grown = length + escaped.len() - text.len();
    let escaped = escaped.replace(
        &format!("\"entries_bytes\": {length}"),
        &format!("\"entries_bytes\": {grown}"),
    );
    assert_eq!(entries_text(&escaped).len(), grown);
    std::fs::write(&path, &escaped).unwrap();
    assert!(store.check_save("g").is_ok());
    store.act("g", &[GOLD.to_string()]).unwrap();
    let after = std::fs::read_to_string(&path).unwrap();
    // The first entry was forgotten (the history keeps 30), the last one written anew.
    assert_eq!(after.matches("Caf\\u00e9").count(), 0, "{after}");
    assert_eq!(after.matches("Café").count(), 1);
    let opened = store.check_save("g").unwrap();
    assert!(matches!(opened, tablemate::store::FileReport::Save { .. }));
    let back: Saved<tablemate::worldspanner::Game> = store.load("g").unwrap();
    assert_eq!(back.history.len(), 30);
    assert_eq!(back.history.as_written(), Some(true));
    // Undo through every entry: each change still fits.
    let mut back = back;
    while back.history.can_undo() {
        back.undo().unwrap().expect("an entry to undo");
    }
}

/// Every save the store writes ends with its history's entries and, after the data, their
/// length: what lets the next read cut them out without reading them (docs/store.md). A
/// length that does not fit (a hand edit) only means the file is read the whole way: it
/// opens, plays and is written with the right length again.
#[test]
fn a_save_ends_with_its_entries_and_their_length() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &long_games::worldspanner(40, 9)).unwrap();
    let path = store.save_path("g").unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let length = entries_text(&text).len();
    let tail = format!("]}}}},\n  \"entries_bytes\": {length}\n}}");
    assert!(text.ends_with(&tail), "{}", &text[text.len() - 60..]);
    std::fs::write(
        &path,
        text.replace(
            &tail,
            &tail.replace(&length.to_string(), &(length - 1).to_string()),
        ),
    )
    .unwrap();
    assert!(store.check_save("g").is_ok());
    let back: Saved<tablemate::worldspanner::Game> = store.load("g").unwrap();
    assert_eq!(back.history.len(), 40);
    store.act("g", &[GOLD.to_string()]).unwrap();
    let after = std::fs::read_to_string(&path).unwrap();
    let length = entries_text(&after).len();
    assert!(after.ends_with(&format!("\"entries_bytes\": {length}\n}}")));
    let back: Saved<tablemate::worldspanner::Game> = store.load("g").unwrap();
    assert_eq!(back.history.len(), 41);
    assert_eq!(back.history.as_written(), Some(true));
}

/// The store never writes a save it would refuse to read (docs/store.md): one over the 64 MB
/// read bound is refused as it is written, and the refusal names the bound, says nothing was
/// written and what to do, and gives the title's length (the title cannot be the cause: it is
/// bounded; the rest is the game).
#[test]
fn a_save_over_the_64_mb_read_bound_is_refused_naming_the_bound_and_the_title() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let big = super::common::game(&"x".repeat(65 * 1024 * 1024));
    let e = store.save("g", &big).unwrap_err().to_string();
    assert!(
        e.contains("67108864 bytes (64 MB)")
            && e.contains("nothing was written")
            && e.contains("its title is 9 characters")
            && e.contains("undo the change"),
        "{}",
        &e[..e.len().min(600)]
    );
    assert!(!store.save_path("g").unwrap().exists());
}

/// `furtherance simulate --rounds N --save` keeps room for every step of a long simulation,
/// but never more than the 20,000 entries a save may hold (capped, not refused: the save is
/// one the store reads back, with `check` and `check --deep`).
#[test]
fn a_long_simulation_saves_a_history_capped_at_the_entry_limit() {
    let dir = tempfile::tempdir().unwrap();
    let out = crate::shared::run(
        dir.path(),
        &[
            "furtherance",
            "simulate",
            "--rounds",
            "200",
            "--seed",
            "4",
            "--player",
            "greedy",
            "--save",
        ],
    );
    assert_eq!(out.code, 0, "{out:?}");
    let store = Store::open(dir.path()).unwrap();
    let listed = store.list();
    assert_eq!(listed.len(), 1);
    let path = store.save_path(&listed[0].id).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    assert!(
        text.contains("\"capacity\":20000"),
        "{}",
        &text[..600.min(text.len())]
    );
    store.check_save(&listed[0].id).unwrap();
    store.check_save_deep(&listed[0].id).unwrap();
}
