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
use crate::shared::run;

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

/// One `Gold` +1 for the first Skyhawk: accepted at any step.
const GOLD: &str = r#"{"action":"gold","hero":{"team":"skyhawks","hero":0},"change":1}"#;

/// Names the store never writes, put in `backups/<id>/` by hand, another program or an older
/// version: a sequence past `u64`, at `u64::MAX` (whose `+ 1` overflowed and made every save of
/// the game panic), at the store's own cap, zero, empty, not digits, negative, two of them, no
/// sequence, no time, hidden, not UTF-8, and folders and links (one dangling, one pointing out
/// of the data folder) under backup names. `act`, `undo`, `backups`, `restore` and pruning all
/// go on working, and nothing outside the folder is touched.
#[test]
fn odd_names_in_a_backup_folder_never_break_act_undo_restore_listing_or_pruning() {
    use super::size::long_games;
    let dir = tempfile::tempdir().unwrap();
    let outside = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &long_games::worldspanner(20, 3)).unwrap();
    store.act("g", &[GOLD.to_string()]).unwrap();
    let backups = dir.path().join("backups/g");
    let real = store.backups("g").unwrap()[0].path.clone();
    let good = std::fs::read(&real).unwrap();
    let t = "2026-01-01T00h00h00.000Z";
    let odd_files = [
        format!("{t}_s18446744073709551615.json"),
        format!("{t}_s18446744073709551616.json"),
        format!("{t}_s99999999999999999999999999999999.json"),
        format!("{t}_s999999999999.json"),
        format!("{t}_s0.json"),
        format!("{t}_s000000.json"),
        format!("{t}_s.json"),
        format!("{t}_sabc.json"),
        format!("{t}_s-5.json"),
        format!("{t}_s+5.json"),
        format!("{t}_s1_s18446744073709551615.json"),
        format!("{t}.json"),
        format!("{t}_kept.json"),
        format!("{t}_s18446744073709551615_kept.json"),
        "2099-12-31T23h59h59.999Z_s18446744073709551615.json".to_string(),
        "garbage.json".to_string(),
        ".hidden_s18446744073709551615.json".to_string(),
        "not-json_s5".to_string(),
    ];
    for name in &odd_files {
        std::fs::write(backups.join(name), &good).unwrap();
    }
    std::fs::write(backups.join(format!("{t}_s000003.json")), b"{ damaged").unwrap();
    std::fs::create_dir(backups.join(format!("{t}_s000050.json"))).unwrap();
    let target = outside.path().join("theirs.json");
    std::fs::write(&target, b"not the store's").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        std::os::unix::fs::symlink(&target, backups.join(format!("{t}_s000060.json"))).unwrap();
        std::os::unix::fs::symlink(
            outside.path().join("missing.json"),
            backups.join(format!("{t}_s000070.json")),
        )
        .unwrap();
        std::os::unix::fs::symlink(outside.path(), backups.join(format!("{t}_s000080.json")))
            .unwrap();
        let not_utf8 = std::ffi::OsStr::from_bytes(b"2026-01-01T00h00h00.000Z_s\xff\xfe.json");
        std::fs::write(backups.join(not_utf8), &good).unwrap();
    }
    drop(store);

    // A restore from the absurdly numbered backup (pruned first later: it counts as
    // unnumbered), then `act`, in process and as a command, and `undo`.
    let store = Store::open(dir.path()).unwrap();
    let restored = store
        .restore_backup("g", &format!("{t}_s18446744073709551615.json"))
        .unwrap();
    assert!(restored.is_some());
    for _ in 0..3 {
        let applied = store.act("g", &[GOLD.to_string()]).unwrap();
        assert!(applied.refused.is_none(), "{:?}", applied.refused);
    }
    drop(store);
    let out = run(dir.path(), &["act", "g", GOLD]);
    assert_eq!(out.code, 0, "{out:?}");
    let out = run(dir.path(), &["undo", "g"]);
    assert_eq!(out.code, 0, "{out:?}");
    // Listing: every entry named, none of them a crash.
    let out = run(dir.path(), &["backups", "g"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("_s18446744073709551615"), "{out:?}");
    let store = Store::open(dir.path()).unwrap();
    let listed = store.backups("g").unwrap();
    // The store's own backup comes first: numbered after every number it could have written
    // (here at its cap, since a name holds the cap itself), never one of the odd names.
    let newest = &listed[0];
    assert!(
        !newest.name.starts_with(t) && !newest.name.starts_with("2099") && newest.content.is_ok(),
        "{:?}",
        listed.iter().map(|b| &b.name).collect::<Vec<_>>()
    );
    // Restore, from an absurdly named backup and from a real one, many times: each replaced
    // version is kept and the folder pruned down.
    assert!(
        store
            .restore_backup("g", &format!("{t}_s000050.json"))
            .is_err()
    );
    assert!(
        store
            .restore_backup("g", &format!("{t}_s000060.json"))
            .is_err()
    );
    let mut kept = Vec::new();
    for _ in 0..14 {
        let name = store.backups("g").unwrap()[0].name.clone();
        store.restore_backup("g", &name).unwrap();
        kept.push(store.backups("g").unwrap()[0].name.clone());
        store.act("g", &[GOLD.to_string()]).unwrap();
    }
    let files: Vec<String> = std::fs::read_dir(&backups)
        .unwrap()
        .flatten()
        .filter(|e| e.file_type().unwrap().is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| !n.starts_with('.') && n.starts_with("20"))
        .collect();
    assert!(
        files.len() <= tablemate::store::BACKUPS_PER_SAVE,
        "{files:?}"
    );
    let names: Vec<String> = store
        .backups("g")
        .unwrap()
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert!(names.contains(kept.last().unwrap()), "{names:?}");
    drop(store);
    let name = kept.last().unwrap().clone();
    let out = run(dir.path(), &["restore", "g", &name]);
    assert_eq!(out.code, 0, "{out:?}");
    let store = Store::open(dir.path()).unwrap();
    // The game still loads, and what is not the store's is where it was.
    let back: Saved<tablemate::worldspanner::Game> = store.load("g").unwrap();
    assert!(back.history.len() > 1);
    assert!(backups.join(format!("{t}_s000050.json")).is_dir());
    assert_eq!(std::fs::read(&target).unwrap(), b"not the store's");
    #[cfg(unix)]
    for n in ["60", "70", "80"] {
        let link = backups.join(format!("{t}_s0000{n}.json"));
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink(),
            "{link:?}"
        );
    }
    assert!(backups.join("garbage.json").exists());
    assert!(backups.join("not-json_s5").exists());
}
