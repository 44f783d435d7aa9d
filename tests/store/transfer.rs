//! Import, export and bundles.

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

#[test]
fn export_refuses_to_overwrite_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("mine.json");
    std::fs::write(&dest, b"precious").unwrap();
    let err = store.export("g", &dest, false).unwrap_err();
    assert!(matches!(err, StoreError::Exists { .. }), "{err:?}");
    assert!(err.to_string().contains(&dest.display().to_string()));
    assert_eq!(std::fs::read(&dest).unwrap(), b"precious");
    let err = store.export_all(&dest, false).unwrap_err();
    assert!(matches!(err, StoreError::Exists { .. }), "{err:?}");
    assert_eq!(std::fs::read(&dest).unwrap(), b"precious");

    store.export("g", &dest, true).unwrap();
    assert_eq!(
        std::fs::read(&dest).unwrap(),
        std::fs::read(store.save_path("g").unwrap()).unwrap()
    );
    assert!(matches!(
        store.export("missing", &out.path().join("x.json"), false),
        Err(StoreError::NotFound(_))
    ));
}

#[test]
fn export_refuses_a_damaged_save() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    std::fs::write(store.save_path("g").unwrap(), b"{").unwrap();
    let out = tempfile::tempdir().unwrap();
    let dest = out.path().join("g.json");
    let err = store.export("g", &dest, false).unwrap_err();
    assert!(err.to_string().contains("g.json"), "{err}");
    assert!(!dest.exists());
}

fn bundle(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let saves: Vec<serde_json::Value> = entries
        .iter()
        .map(|(id, bytes)| {
            serde_json::json!({
                "id": id,
                "envelope": serde_json::from_slice::<serde_json::Value>(bytes).unwrap(),
            })
        })
        .collect();
    serde_json::to_vec_pretty(&serde_json::json!({
        "format": "tablemate-bundle", "version": 1, "saves": saves,
    }))
    .unwrap()
}

#[test]
fn import_of_a_bundle_validates_everything_first_and_imports_nothing_if_one_is_bad() {
    let src = tempfile::tempdir().unwrap();
    let source = Store::open(src.path()).unwrap();
    source.save("one", &game("1")).unwrap();
    source.save("two", &game("2")).unwrap();
    let one = std::fs::read(source.save_path("one").unwrap()).unwrap();
    let two = std::fs::read(source.save_path("two").unwrap()).unwrap();
    let bad = envelope_text("\"tablemate\"", "99", "\"furnace-duel\"", &good_data());
    let file = src.path().join("bundle.json");
    std::fs::write(
        &file,
        bundle(&[("one", &one), ("two", &two), ("three", bad.as_bytes())]),
    )
    .unwrap();

    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let before = snapshot(dir.path());
    let err = store.import(&file).unwrap_err();
    let msg = err.to_string();
    assert!(msg.contains(&file.display().to_string()), "{msg}");
    assert!(msg.contains("save 3 (three)"), "{msg}");
    assert!(msg.contains("version 99"), "{msg}");
    assert_eq!(snapshot(dir.path()), before, "nothing imported");

    // A bundle with a bad id is refused as a whole too.
    std::fs::write(&file, bundle(&[("one", &one), ("../evil", &two)])).unwrap();
    let msg = store.import(&file).unwrap_err().to_string();
    assert!(msg.contains("bad id"), "{msg}");
    assert_eq!(snapshot(dir.path()), before, "nothing imported");
}

#[test]
fn an_import_never_overwrites_an_existing_save_and_re_import_is_a_no_op() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("mine", &game("my game")).unwrap();
    let mine = std::fs::read(store.save_path("mine").unwrap()).unwrap();

    let src = tempfile::tempdir().unwrap();
    let other = Store::open(src.path()).unwrap();
    other.save("mine", &game("their game")).unwrap();
    let file = src.path().join("mine.json");
    other.export("mine", &file, false).unwrap();

    let imported = store.import(&file).unwrap();
    assert_eq!(imported.len(), 1);
    assert_eq!(imported[0].id, "mine-imported-2");
    assert!(imported[0].renamed);
    assert_eq!(imported[0].kind, Kind::FurnaceDuel);
    assert_eq!(
        std::fs::read(store.save_path("mine").unwrap()).unwrap(),
        mine
    );
    assert_eq!(notes_of(&store, "mine-imported-2"), "their game");

    // The same bytes again: recognised, nothing written, nothing renamed.
    let before = snapshot(dir.path());
    let path = store.save_path("mine-imported-2").unwrap();
    let modified = std::fs::metadata(&path).unwrap().modified().unwrap();
    std::thread::sleep(Duration::from_millis(20));
    let again = store.import(&file).unwrap();
    assert_eq!(again[0].id, "mine-imported-2");
    assert_eq!(snapshot(dir.path()), before);
    assert_eq!(
        std::fs::metadata(&path).unwrap().modified().unwrap(),
        modified,
        "re-importing identical bytes must not rewrite the file"
    );

    // A damaged save of the same id is not replaced either.
    std::fs::write(store.save_path("broken").unwrap(), b"{").unwrap();
    let broken_file = src.path().join("broken.json");
    std::fs::copy(&file, &broken_file).unwrap();
    let imported = store.import(&broken_file).unwrap();
    assert_eq!(imported[0].id, "broken-imported-2");
    assert_eq!(
        std::fs::read(store.save_path("broken").unwrap()).unwrap(),
        b"{"
    );
}

#[test]
fn import_refuses_a_data_file_and_explains_where_it_goes() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    let digest = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/rules/army.json");
    let msg = store.import(&digest).unwrap_err().to_string();
    assert!(msg.contains("rules-digest data file, not a save"), "{msg}");
    assert!(store.list().is_empty());
}

#[test]
fn export_all_then_import_into_a_fresh_folder_round_trips() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("f", &game("furtherance game")).unwrap();
    store.save("w", &army_game()).unwrap();
    store.save("f", &game("furtherance game, later")).unwrap();
    std::fs::write(store.save_path("damaged").unwrap(), b"nope").unwrap();

    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("all.json");
    assert_eq!(
        store.export_all(&file, false).unwrap().saves,
        2,
        "damaged saves are left out"
    );
    assert!(matches!(
        store::check_file(&file).unwrap(),
        store::FileReport::Bundle { saves } if saves.len() == 2
    ));

    let fresh = tempfile::tempdir().unwrap();
    let copy = Store::open(fresh.path()).unwrap();
    let imported = copy.import(&file).unwrap();
    let mut ids: Vec<_> = imported
        .iter()
        .map(|i| (i.id.as_str(), i.renamed))
        .collect();
    ids.sort();
    assert_eq!(ids, [("f", false), ("w", false)]);
    for id in ["f", "w"] {
        assert_eq!(
            std::fs::read(copy.save_path(id).unwrap()).unwrap(),
            std::fs::read(store.save_path(id).unwrap()).unwrap(),
            "{id} round-trips byte for byte"
        );
    }
    assert_eq!(notes_of(&copy, "f"), "furtherance game, later");

    // Importing the bundle back into the original changes nothing.
    let before = snapshot(dir.path());
    let back = store.import(&file).unwrap();
    assert!(back.iter().all(|i| !i.renamed));
    assert_eq!(snapshot(dir.path()), before);
}

/// Saves that together pass what one bundle may hold (64 MB; a small bound here) are exported
/// into several bundles, `all-1.json`, `all-2.json`..., each within it, and the message names
/// them; importing each brings every save back. A save too large for any bundle is refused by
/// name, with the bound and what to do, before anything is written.
#[test]
fn export_all_splits_into_bundles_within_the_bound_and_each_imports() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    for i in 0..7 {
        store
            .save(&format!("g{i}"), &game(&format!("note {i}")))
            .unwrap();
    }
    let one = std::fs::metadata(store.save_path("g0").unwrap())
        .unwrap()
        .len();
    let bound = 3 * one + 600;
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("all.json");
    let exported = store.export_all_within(&file, false, bound).unwrap();
    assert_eq!(exported.saves, 7);
    assert!(exported.files.len() >= 3, "{exported:?}");
    assert!(!file.exists(), "several bundles are numbered");
    for (i, f) in exported.files.iter().enumerate() {
        assert_eq!(f, &out.path().join(format!("all-{}.json", i + 1)));
        assert!(std::fs::metadata(f).unwrap().len() <= bound);
    }
    // Again without --force: refused whole, naming a file that is there.
    let err = store.export_all_within(&file, false, bound).unwrap_err();
    assert!(matches!(err, StoreError::Exists { .. }), "{err:?}");
    // Each imports; together they are every save.
    let fresh = tempfile::tempdir().unwrap();
    let copy = Store::open(fresh.path()).unwrap();
    for f in &exported.files {
        copy.import(f).unwrap();
    }
    assert_eq!(copy.list().len(), 7);
    assert_eq!(notes_of(&copy, "g6"), "note 6");
    // One save larger than a bundle can hold: named, nothing written.
    store
        .save("big", &game(&"b".repeat(bound as usize)))
        .unwrap();
    let other = out.path().join("other.json");
    let err = store
        .export_all_within(&other, false, bound)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("save big is") && err.contains("tablemate export big FILE"),
        "{err}"
    );
    assert_eq!(
        std::fs::read_dir(out.path()).unwrap().count(),
        exported.files.len()
    );
    // The command says which files it wrote.
    drop(store);
    let out = crate::shared::run(
        dir.path(),
        &[
            "export-all",
            &fresh.path().join("one.json").to_string_lossy(),
        ],
    );
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("exported 8 saves to"), "{out:?}");
}
