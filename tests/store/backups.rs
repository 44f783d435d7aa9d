//! Backups: kept, bounded, restorable, never lost.

#![allow(unused_imports)]

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;
use tablemate::cli::{self, Cli};
use tablemate::doc::{Kind, Saved};
use tablemate::furnace_duel::SaveData;
use tablemate::store::{self, ListingStatus, Problem, Store, StoreError};

use super::common::*;

#[test]
fn saving_keeps_the_previous_version_as_a_backup() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("one")).unwrap();
    assert!(
        store.backups("g").unwrap().is_empty(),
        "nothing to back up yet"
    );
    store.save("g", &game("two")).unwrap();
    let backups = store.backups("g").unwrap();
    assert_eq!(backups.len(), 1);
    let (_, data) = store::read_save_data(&backups[0].path).unwrap();
    assert!(data.contains("\"one\""));
    assert_eq!(notes_of(&store, "g"), "two");
}

#[test]
fn a_backup_is_never_changed_by_later_saves_restores_or_deletes() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let a = store.backups("g").unwrap()[0].clone();
    let a_bytes = std::fs::read(&a.path).unwrap();
    let b_kept = store.restore_backup("g", &a.name).unwrap().unwrap();
    let b_path = dir.path().join("backups/g").join(&b_kept);
    let b_bytes = std::fs::read(&b_path).unwrap();
    for i in 0..5 {
        store.save("g", &game(&format!("C{i}"))).unwrap();
    }
    store.restore_backup("g", &b_kept).unwrap();
    store.save("g", &game("D")).unwrap();
    store.delete("g").unwrap();
    assert_eq!(std::fs::read(&a.path).unwrap(), a_bytes);
    assert_eq!(std::fs::read(&b_path).unwrap(), b_bytes);
    assert!(String::from_utf8(b_bytes).unwrap().contains("\"B\""));
}

#[test]
fn a_save_killed_between_backup_and_replace_is_saved_cleanly_next_time() {
    // Simulates a writer killed after keeping the backup (a hard link to the save) and
    // before renaming the new version over the save: the save and the newest backup are
    // the same file.
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let newest = store.backups("g").unwrap()[0].path.clone();
    std::fs::remove_file(&newest).unwrap();
    std::fs::hard_link(store.save_path("g").unwrap(), &newest).unwrap();
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("C")).unwrap();
    assert_eq!(notes_of(&store, "g"), "C");
    assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new());
    let backups = store.backups("g").unwrap();
    assert!(
        String::from_utf8(std::fs::read(&backups[0].path).unwrap())
            .unwrap()
            .contains("\"B\"")
    );
}

#[test]
fn damaged_settings_are_reported_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let value: serde_json::Value = store.read_settings().unwrap();
    assert_eq!(value, serde_json::Value::Null, "no file gives defaults");
    store
        .write_settings(&serde_json::json!({"theme": "dark"}))
        .unwrap();
    let value: serde_json::Value = store.read_settings().unwrap();
    assert_eq!(value["theme"], "dark");
    let path = dir.path().join("settings.json");
    std::fs::write(&path, b"{\"theme\": ").unwrap();
    let msg = store
        .read_settings::<serde_json::Value>()
        .unwrap_err()
        .to_string();
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert!(msg.contains("truncated"), "{msg}");
    assert_eq!(std::fs::read(&path).unwrap(), b"{\"theme\": ");
}

#[test]
fn a_burst_of_saves_keeps_one_backup_holding_the_previous_version() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    for i in 0..30 {
        store.save("g", &game(&format!("v{i}"))).unwrap();
    }
    let backups = store.backups("g").unwrap();
    assert_eq!(backups.len(), 1, "{backups:?}");
    assert!(
        store::read_save_data(&backups[0].path)
            .unwrap()
            .1
            .contains("\"v28\"")
    );
}

#[test]
fn saving_repeatedly_keeps_at_most_ten_backups() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("v0")).unwrap();
    // Backups from earlier sessions, older than any burst.
    let bdir = dir.path().join("backups/g");
    std::fs::create_dir_all(&bdir).unwrap();
    let old_bytes = std::fs::read(store.save_path("g").unwrap()).unwrap();
    for day in 1..=14 {
        std::fs::write(
            bdir.join(format!("2025-01-{day:02}T10h00h00.000Z.json")),
            &old_bytes,
        )
        .unwrap();
    }
    for i in 1..=25 {
        store.save("g", &game(&format!("v{i}"))).unwrap();
        assert!(store.backups("g").unwrap().len() <= store::BACKUPS_PER_SAVE);
    }
    let backups = store.backups("g").unwrap();
    assert_eq!(backups.len(), store::BACKUPS_PER_SAVE);
    assert!(
        store::read_save_data(&backups[0].path)
            .unwrap()
            .1
            .contains("\"v24\""),
        "the newest backup is the version just replaced"
    );
    assert!(backups.iter().all(|b| b.content.is_ok()));
    // The oldest were dropped, the newest of the old ones kept.
    assert!(!bdir.join("2025-01-01T10h00h00.000Z.json").exists());
    assert!(bdir.join("2025-01-14T10h00h00.000Z.json").exists());

    // Restores add backups outside the burst rule; still at most ten.
    for _ in 0..15 {
        let name = store.backups("g").unwrap()[1].name.clone();
        store.restore_backup("g", &name).unwrap();
        assert!(store.backups("g").unwrap().len() <= store::BACKUPS_PER_SAVE);
    }
}

#[test]
fn restoring_a_backup_makes_the_current_version_a_backup_so_restore_is_undoable() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let a = store.backups("g").unwrap()[0].name.clone();

    let undo = store.restore_backup("g", &a).unwrap().expect("B was kept");
    assert_eq!(notes_of(&store, "g"), "A");
    let kept = store.backups("g").unwrap();
    let b = kept.iter().find(|b| b.name == undo).expect("listed");
    assert!(b.content.is_ok());

    // Undo the restore: B is back, and A is kept in turn.
    let undo2 = store
        .restore_backup("g", &undo)
        .unwrap()
        .expect("A was kept");
    assert_eq!(notes_of(&store, "g"), "B");
    assert_ne!(undo2, undo);
    store.restore_backup("g", &undo2).unwrap();
    assert_eq!(notes_of(&store, "g"), "A");
}

#[test]
fn a_restore_stays_undoable_after_the_next_autosave() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let a = store.backups("g").unwrap()[0].name.clone();
    let undo = store.restore_backup("g", &a).unwrap().expect("B was kept");
    // The player carries on from A; the app autosaves within the burst window.
    store.save("g", &game("A then a move")).unwrap();
    store.save("g", &game("A then two moves")).unwrap();
    store.restore_backup("g", &undo).unwrap();
    assert_eq!(
        notes_of(&store, "g"),
        "B",
        "the version the restore replaced must survive later autosaves"
    );
}

#[test]
fn delete_keeps_the_last_version_in_backups_and_restore_brings_it_back() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("kept")).unwrap();
    store.delete("g").unwrap();
    assert!(store.list().is_empty());
    assert!(matches!(
        store.load::<SaveData>("g"),
        Err(StoreError::NotFound(_))
    ));
    assert!(matches!(store.delete("g"), Err(StoreError::NotFound(_))));
    assert_eq!(store.ids_with_backups(), vec!["g".to_string()]);
    let backups = store.backups("g").unwrap();
    assert_eq!(backups.len(), 1);
    assert_eq!(
        store.restore_backup("g", &backups[0].name).unwrap(),
        None,
        "nothing was replaced"
    );
    assert_eq!(notes_of(&store, "g"), "kept");
}

#[test]
fn a_deleted_save_stays_recoverable_after_it_is_restored_and_saved_again() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("old")).unwrap();
    store.save("g", &game("last")).unwrap();
    store.delete("g").unwrap();
    // The user brings back the older version, plays on, then wants the last one after all.
    let old = store
        .backups("g")
        .unwrap()
        .into_iter()
        .find(|b| {
            store::read_save_data(&b.path)
                .unwrap()
                .1
                .contains("\"old\"")
        })
        .unwrap();
    store.restore_backup("g", &old.name).unwrap();
    store.save("g", &game("old then a move")).unwrap();
    let has_last = store.backups("g").unwrap().iter().any(|b| {
        store::read_save_data(&b.path)
            .unwrap()
            .1
            .contains("\"last\"")
    });
    assert!(
        has_last,
        "the deleted save's last version must still be in backups"
    );
}

#[test]
fn a_damaged_save_can_be_replaced_by_restoring_a_backup_and_is_kept_itself() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    let path = store.save_path("g").unwrap();
    std::fs::write(&path, b"{ broken").unwrap();
    let a = store.backups("g").unwrap()[0].name.clone();
    let kept = store.restore_backup("g", &a).unwrap().unwrap();
    assert_eq!(notes_of(&store, "g"), "A");
    let kept = dir.path().join("backups/g").join(kept);
    assert_eq!(std::fs::read(kept).unwrap(), b"{ broken");
}

#[test]
fn restore_refuses_names_outside_the_backup_folder() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    for name in [
        "../../saves/g.json",
        "/etc/passwd",
        ".hidden.json",
        "nope.json",
    ] {
        assert!(
            matches!(
                store.restore_backup("g", name),
                Err(StoreError::NotFound(_))
            ),
            "{name}"
        );
    }
    assert_eq!(notes_of(&store, "g"), "A");
}
