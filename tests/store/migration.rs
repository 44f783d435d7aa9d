//! Older save formats migrate on load; unknown future ones are refused.

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
use super::corpus::{GOOD_SAVED_AT, envelope_text, good_data};

fn v1_envelope(data: &str) -> String {
    envelope_text("\"tablemate\"", "1", "\"furnace-duel\"", data)
}

#[test]
fn a_version_1_save_loads_as_version_2_with_one_migration_entry() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let path = store.save_path("old").unwrap();
    // Version 1 stored the bare game state as `data`.
    let bare = serde_json::to_string(game("from the old days").current()).unwrap();
    let v1 = v1_envelope(&bare);
    std::fs::write(&path, &v1).unwrap();

    let saved = store.load::<SaveData>("old").unwrap();
    assert_eq!(saved.title, "Furnace Duel campaign");
    let entries = saved.history.entries();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].label, "Migrated from save format version 1");
    assert_eq!(entries[0].at.to_rfc3339(), "2026-03-01T10:00:00+00:00");
    assert_eq!(note(&saved), "from the old days");
    assert_eq!(store.open_save("old").unwrap().file_version, 1);
    assert!(matches!(
        store::check_file(&path).unwrap(),
        store::FileReport::Save { version: 1, .. }
    ));
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        v1,
        "migrated in memory only"
    );

    // Saving writes version 3 and keeps the version 1 file as the backup.
    store.save("old", &saved).unwrap();
    assert_eq!(store.open_save("old").unwrap().file_version, 3);
    let backup = &store.backups("old").unwrap()[0];
    assert_eq!(std::fs::read_to_string(&backup.path).unwrap(), v1);
    assert_eq!(store.load::<SaveData>("old").unwrap(), saved);
}

#[test]
fn a_version_1_save_that_is_not_an_object_is_refused() {
    let p = tablemate::store::envelope::open(v1_envelope("[1, 2]").as_bytes()).unwrap_err();
    assert!(
        p.to_string().contains("version 1 data must be an object"),
        "{p}"
    );
}

#[test]
fn an_unknown_future_version_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let path = store.save_path("future").unwrap();
    let text = envelope_text("\"tablemate\"", "4", "\"furnace-duel\"", &good_data());
    std::fs::write(&path, &text).unwrap();
    let msg = store.load::<SaveData>("future").unwrap_err().to_string();
    assert!(
        msg.contains("version 4, which this Tablemate does not know (it reads 1 to 3)"),
        "{msg}"
    );
    assert!(msg.contains(&path.display().to_string()), "{msg}");
    assert!(store.save("future", &game("x")).is_err());
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
}

#[test]
fn a_version_2_save_with_every_entry_whole_loads_and_saves_as_version_3() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let mut saved = game("one");
    for n in ["two", "three", "four"] {
        let mut next = saved.current().clone();
        next.set_runner_up_note(n).unwrap();
        saved.history.record(format!("Note {n}"), next);
    }
    saved.history.undo();
    // Version 2 wrote every entry's whole state and no "current".
    let entries: Vec<serde_json::Value> = saved
        .history
        .entries()
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let state = saved.history.state(i).unwrap();
            serde_json::json!({"label": e.label, "at": e.at, "state": state})
        })
        .collect();
    let data = serde_json::json!({"title": saved.title,
        "history": {"entries": entries, "cursor": 2, "capacity": 400}});
    let v2 = envelope_text("\"tablemate\"", "2", "\"furnace-duel\"", &data.to_string());
    let path = store.save_path("old").unwrap();
    std::fs::write(&path, &v2).unwrap();
    let loaded: Saved<SaveData> = store.load("old").unwrap();
    assert_eq!(loaded, saved);
    assert_eq!(store.open_save("old").unwrap().file_version, 2);
    store.save("old", &loaded).unwrap();
    let v3 = std::fs::read_to_string(&path).unwrap();
    assert_eq!(store.open_save("old").unwrap().file_version, 3);
    assert!(
        v3.len() < v2.len() / 2,
        "{} bytes, was {}",
        v3.len(),
        v2.len()
    );
    assert_eq!(store.load::<SaveData>("old").unwrap(), saved);
}
