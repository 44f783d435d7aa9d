//! One writer per data folder: a second instance is read-only.

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
fn a_second_instance_is_read_only_names_the_holder_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let first = Store::open(dir.path()).unwrap();
    assert!(first.read_only().is_none());
    first.save("g", &game("one")).unwrap();
    first.save("g", &game("two")).unwrap();
    let backup = first.backups("g").unwrap()[0].name.clone();
    let import_src = tempfile::tempdir().unwrap();
    let import_file = import_src.path().join("other.json");
    first.export("g", &import_file, false).unwrap();

    let before = snapshot(dir.path());
    let second = Store::open(dir.path()).unwrap();
    let holder = second
        .read_only()
        .expect("the second instance must be read-only");
    assert!(
        holder
            .description
            .contains(&format!("process {}", std::process::id())),
        "names the holder: {holder:?}"
    );

    let read_only = |r: Result<(), StoreError>, what: &str| match r {
        Err(e @ StoreError::ReadOnly { .. }) => {
            let msg = e.to_string();
            assert!(
                msg.contains(&std::process::id().to_string()),
                "{what}: {msg}"
            );
            assert!(msg.contains("read-only"), "{what}: {msg}");
        }
        other => panic!("{what} must be refused as read-only: {other:?}"),
    };
    read_only(second.save("g", &game("three")), "save");
    read_only(second.save("new", &game("three")), "save new");
    read_only(second.delete("g"), "delete");
    read_only(second.import(&import_file).map(|_| ()), "import");
    read_only(second.restore_backup("g", &backup).map(|_| ()), "restore");
    read_only(
        second.write_settings(&serde_json::json!({"theme": "dark"})),
        "settings",
    );
    read_only(
        second.write_data("data/rules/army.json", b"{}").map(|_| ()),
        "data",
    );
    // Reading still works.
    assert_eq!(notes_of(&second, "g"), "two");
    assert_eq!(second.list().len(), 1);
    assert_eq!(
        snapshot(dir.path()),
        before,
        "the read-only instance wrote something"
    );

    // Once the first instance goes, the folder can be taken.
    drop(second);
    drop(first);
    let third = Store::open(dir.path()).unwrap();
    assert!(third.read_only().is_none());
    third.save("g", &game("three")).unwrap();
}
