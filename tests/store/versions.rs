//! Writing only over the version read (`Store::write_prepared_over`), renaming a save
//! (`Store::rename`, `tablemate rename`), and `backups/data/` never taken for a save.

use tablemate::furnace_duel::SaveData;
use tablemate::store::{OnDisk, Prepared, Store, StoreError};

use super::common::*;
use crate::shared::run;

#[test]
fn a_write_over_a_version_no_longer_on_disk_is_refused_and_changes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("read")).unwrap();
    let read = store.on_disk("g").unwrap();
    // Replaced since (a restore, another program).
    store.save("g", &game("newer")).unwrap();
    let newer = std::fs::read(store.save_path("g").unwrap()).unwrap();
    let older = Prepared::new(&game("older copy")).unwrap();
    let refused = store.write_prepared_over("g", &older, read);
    assert!(
        matches!(refused, Err(StoreError::Changed { gone: false, .. })),
        "{refused:?}"
    );
    assert_eq!(std::fs::read(store.save_path("g").unwrap()).unwrap(), newer);
    // Over the version there now, it writes, and says which version it wrote.
    let now = store.on_disk("g").unwrap();
    let written = store.write_prepared_over("g", &older, now).unwrap();
    assert_eq!(written, store.on_disk("g").unwrap());
    assert_eq!(notes_of(&store, "g"), "older copy");
    assert!(
        backup_texts(&store, "g")
            .iter()
            .any(|t| t.contains("newer"))
    );
}

#[test]
fn a_write_over_a_deleted_save_is_refused_and_over_nothing_only_where_nothing_is() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("read")).unwrap();
    let read = store.on_disk("g").unwrap();
    store.delete("g").unwrap();
    assert_eq!(store.on_disk("g").unwrap(), OnDisk::Absent);
    let copy = Prepared::new(&game("window")).unwrap();
    let refused = store.write_prepared_over("g", &copy, read);
    assert!(matches!(
        refused,
        Err(StoreError::Changed { gone: true, .. })
    ));
    assert_eq!(
        store.on_disk("g").unwrap(),
        OnDisk::Absent,
        "not brought back"
    );
    store
        .write_prepared_over("new", &copy, OnDisk::Absent)
        .unwrap();
    let refused = store.write_prepared_over("new", &copy, OnDisk::Absent);
    assert!(matches!(
        refused,
        Err(StoreError::Changed { gone: false, .. })
    ));
}

#[test]
fn renaming_a_save_changes_its_title_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let mut g = game("kept");
    g.title = "Old".into();
    store.save("g", &g).unwrap();
    assert_eq!(store.rename("g", "  Friday league  ").unwrap(), "Old");
    let back = store.load::<SaveData>("g").unwrap();
    assert_eq!(back.title, "Friday league");
    assert_eq!(
        back.history, g.history,
        "the game and its history are unchanged"
    );
    assert_eq!(store.list()[0].title, "Friday league");
    assert!(
        backup_texts(&store, "g")
            .iter()
            .any(|t| t.contains("\"Old\""))
    );
}

#[test]
fn a_title_too_long_or_of_two_lines_is_refused_with_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("x")).unwrap();
    let long = "x".repeat(201);
    let e = store.rename("g", &long).unwrap_err().to_string();
    assert!(e.contains("at most 200 characters"), "{e}");
    let e = store.rename("g", "a\nb").unwrap_err().to_string();
    assert!(e.contains("one line"), "{e}");
    assert_eq!(store.load::<SaveData>("g").unwrap().title, "Test game");
}

#[test]
fn cli_rename_gives_a_save_a_title() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open(dir.path()).unwrap();
        store.save("g", &game("x")).unwrap();
    }
    let out = run(dir.path(), &["rename", "g", "Cup final"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert_eq!(out.stdout, "renamed g: \"Test game\" -> \"Cup final\"\n");
    let out = run(dir.path(), &["list"]);
    assert!(out.stdout.contains("Cup final"), "{}", out.stdout);
    let out = run(dir.path(), &["rename", "nope", "x"]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("no save called"), "{}", out.stderr);
}

#[test]
fn the_data_files_backups_folder_is_never_a_save_with_backups() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("a")).unwrap();
    store.save("g", &game("b")).unwrap();
    let data = dir
        .path()
        .join("backups/data/data_worldspanner_challenge-deck.draft.json");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("2026-11-28T12h58h59.620Z.json"), b"{}").unwrap();
    assert_eq!(store.ids_with_backups(), ["g"]);
}

#[test]
fn identical_backups_say_they_are_the_same_version() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("a")).unwrap();
    store.save("g", &game("b")).unwrap();
    let first = store.backups("g").unwrap()[0].clone();
    std::fs::copy(
        &first.path,
        first
            .path
            .with_file_name("2026-01-01T00h00h00.000Z_s000050_kept.json"),
    )
    .unwrap();
    let all = store.backups("g").unwrap();
    assert_eq!(all.len(), 2);
    assert_eq!(all[0].version, all[1].version);
    assert!(all[0].size > 0 && all[0].size == all[1].size);
}
