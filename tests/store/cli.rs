//! The CLI exposes all of it, in process.

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

pub use crate::shared::run;

#[test]
fn cli_list_shows_good_and_damaged_saves_in_text_and_json() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), &["list"]);
    assert_eq!(out.code, 0);
    assert_eq!(out.stdout, "no saves yet\n");

    let store = Store::open(dir.path()).unwrap();
    store.save("good", &game("x")).unwrap();
    std::fs::write(
        store.save_path("bad").unwrap(),
        b"{\"format\": \"tablemate\"",
    )
    .unwrap();
    drop(store);

    let out = run(dir.path(), &["list"]);
    assert_eq!(out.code, 0, "{out:?}");
    crate::shared::says(
        &out.stdout,
        &[
            "good",
            "Furnace Duel campaign",
            "DAMAGED",
            "tablemate backups bad",
        ],
    );

    let out = run(dir.path(), &["list", "--json"]);
    assert_eq!(out.code, 0);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let items = v.as_array().unwrap();
    assert_eq!(items.len(), 2);
    let good = items.iter().find(|i| i["id"] == "good").unwrap();
    assert_eq!(good["ok"], true);
    assert_eq!(good["kind"], "furnace-duel");
    let bad = items.iter().find(|i| i["id"] == "bad").unwrap();
    assert_eq!(bad["ok"], false);
    assert!(bad["problem"].as_str().unwrap().contains("truncated"));
    assert!(bad["path"].as_str().unwrap().ends_with("bad.json"));
}

#[test]
fn cli_export_import_backups_and_restore() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    store.save("g", &game("B")).unwrap();
    drop(store);

    let out_dir = tempfile::tempdir().unwrap();
    let dest = out_dir.path().join("g.json");
    let dest_s = dest.to_str().unwrap();
    let out = run(dir.path(), &["export", "g", dest_s]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.contains("exported g to"));
    let out = run(dir.path(), &["export", "g", dest_s]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("already exists"), "{}", out.stderr);
    assert_eq!(run(dir.path(), &["export", "g", dest_s, "--force"]).code, 0);

    let fresh = tempfile::tempdir().unwrap();
    let out = run(fresh.path(), &["import", dest_s]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("imported g (furnace-duel)"),
        "{}",
        out.stdout
    );

    let out = run(dir.path(), &["backups", "g"]);
    assert_eq!(out.code, 0);
    let name = out.stdout.split_whitespace().next().unwrap().to_string();
    assert!(name.ends_with(".json"), "{}", out.stdout);
    assert!(out.stdout.contains("(furnace-duel)"), "{}", out.stdout);
    assert_eq!(
        run(dir.path(), &["backups", "nothing"]).stdout,
        "nothing has no backups\n"
    );

    let out = run(dir.path(), &["restore", "g", &name]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("the version it replaced is backup"),
        "{}",
        out.stdout
    );
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(notes_of(&store, "g"), "A");
    drop(store);
    let out = run(dir.path(), &["restore", "g", "no-such-backup.json"]);
    assert_eq!(out.code, 1);

    let all = out_dir.path().join("all.json");
    let out = run(dir.path(), &["export-all", all.to_str().unwrap()]);
    assert_eq!(
        out.stdout,
        format!("exported 1 saves to {}\n", all.display())
    );
}

#[test]
fn cli_import_of_a_bad_file_fails_and_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, b"\x00\x01").unwrap();
    let root = tempfile::tempdir().unwrap();
    let out = run(root.path(), &["import", bad.to_str().unwrap()]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains(bad.to_str().unwrap()), "{}", out.stderr);
}

#[test]
fn cli_check_explains_good_damaged_and_data_files() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("A")).unwrap();
    let good = store.save_path("g").unwrap();
    drop(store);

    let out = run(dir.path(), &["check", good.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout
            .contains("a valid furnace-duel save (format version 3)"),
        "{}",
        out.stdout
    );

    let damaged = dir.path().join("damaged.json");
    let text = envelope_text("\"tablemate\"", "99", "\"furnace-duel\"", &good_data());
    std::fs::write(&damaged, text).unwrap();
    let out = run(dir.path(), &["check", damaged.to_str().unwrap()]);
    assert_eq!(out.code, 1);
    assert!(
        out.stderr.contains(damaged.to_str().unwrap()),
        "{}",
        out.stderr
    );
    assert!(out.stderr.contains("version 99"), "{}", out.stderr);
    let out = run(dir.path(), &["check", damaged.to_str().unwrap(), "--json"]);
    assert_eq!(out.code, 1);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert!(v["problem"].as_str().unwrap().contains("version 99"));

    let digest = Path::new(env!("CARGO_MANIFEST_DIR")).join("data/rules/army.json");
    let out = run(dir.path(), &["check", digest.to_str().unwrap()]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(
        out.stdout.contains("a valid rules-digest data file"),
        "{}",
        out.stdout
    );

    let missing = dir.path().join("missing.json");
    let out = run(dir.path(), &["check", missing.to_str().unwrap()]);
    assert_eq!(out.code, 1);
    assert!(out.stderr.contains("missing.json"), "{}", out.stderr);
}

#[test]
fn cli_rules_search_forgives_typos_and_groups_results_with_pages() {
    let dir = tempfile::tempdir().unwrap();
    for typo in ["atack", "reinforcment"] {
        let out = run(dir.path(), &["rules", "search", typo]);
        assert_eq!(out.code, 0, "{out:?}");
        assert!(out.stdout.starts_with("== "), "{typo}: {}", out.stdout);
        assert!(out.stdout.contains("(rulebook: "), "{typo}: {}", out.stdout);
        assert_eq!(out.stderr, "", "{typo}: bundled digests load cleanly");

        let out = run(dir.path(), &["rules", "search", typo, "--json"]);
        let groups: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        let groups = groups.as_array().unwrap();
        assert!(!groups.is_empty(), "{typo}: found something");
        for g in groups {
            assert!(g["game_title"].is_string());
            for hit in g["hits"].as_array().unwrap() {
                assert!(!hit["page"].as_str().unwrap().is_empty());
            }
        }
    }
    let out = run(
        dir.path(),
        &["rules", "search", "reinforcment", "--game", "chess"],
    );
    assert_eq!(out.code, 1);
}

/// A bad id's message gives the real limit (120 characters, `MAX_ID_LEN`), not another one.
#[test]
fn a_bad_id_is_refused_with_the_real_length_limit() {
    let dir = tempfile::tempdir().unwrap();
    let long = "a".repeat(tablemate::store::MAX_ID_LEN + 1);
    let out = run(dir.path(), &["check", &long]);
    assert_eq!(out.code, 1, "{out:?}");
    assert!(
        out.stderr
            .contains(&format!("up to {}", tablemate::store::MAX_ID_LEN)),
        "{out:?}"
    );
}

/// `tablemate history` numbers entries from 1, as every error naming an entry does; `--json`
/// gives that `number` beside the 0-based `index` scripts already read.
#[test]
fn history_numbers_entries_from_one_like_every_message() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("x")).unwrap();
    store
        .act(
            "g",
            &[r#"{"action":"set-runner-up-note","note":"y"}"#.to_string()],
        )
        .unwrap();
    drop(store);
    let out = run(dir.path(), &["history", "g"]);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert!(lines[0].starts_with(">   2  "), "{out:?}");
    assert!(
        lines[1].starts_with("    1  ") && lines[1].contains("New game"),
        "{out:?}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&run(dir.path(), &["history", "g", "--json"]).stdout).unwrap();
    assert_eq!(v["entries"][1]["number"], 1);
    assert_eq!(v["entries"][1]["index"], 0);
}

/// A hand-edited `length` or `entries_bytes` does not make `history` and `undo` read two
/// different histories: both list and step back through the entries the file holds.
#[test]
fn history_and_undo_agree_on_a_save_whose_lengths_are_forged() {
    for (field, forged) in [
        ("\"length\":4", "\"length\":2"),
        ("\"length\":4", "\"length\":9"),
        ("\"entries_bytes\": ", "\"entries_bytes\": 5"),
        ("\"entries_bytes\": ", "\"entries_bytes\": 99999"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let out = run(dir.path(), &["furnace-duel", "new", "Ann", "Bob"]);
        assert_eq!(out.code, 0, "{}", out.stderr);
        let id = out
            .stdout
            .lines()
            .next()
            .expect("the id")
            .trim()
            .to_string();
        for note in ["a", "b", "c"] {
            let action = format!(r#"{{"action":"set-runner-up-note","note":"{note}"}}"#);
            assert_eq!(run(dir.path(), &["act", &id, &action]).code, 0);
        }
        let path = dir.path().join("saves").join(format!("{id}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(field), "{field} in {text}");
        // The entries' length: its digits replaced whole.
        let forged_text = if field.starts_with("\"entries_bytes") {
            let at = text.find(field).unwrap() + field.len();
            let digits = text[at..].chars().take_while(char::is_ascii_digit).count();
            format!(
                "{}{}{}",
                &text[..at - field.len()],
                forged,
                &text[at + digits..]
            )
        } else {
            text.replacen(field, forged, 1)
        };
        std::fs::write(&path, forged_text).unwrap();
        let history = run(dir.path(), &["history", &id]);
        let listed: Vec<&str> = history.stdout.lines().collect();
        let undo = run(dir.path(), &["undo", &id]);
        if undo.code == 0 {
            // Undo steps back to the entry `history` listed second.
            let now_at = undo
                .stdout
                .lines()
                .find_map(|l| l.strip_prefix("now at: "))
                .expect("where undo went");
            assert!(
                listed.get(1).is_some_and(|l| l.ends_with(now_at)),
                "{forged}: history {listed:?}, undo {}",
                undo.stdout
            );
        } else {
            // Refused: then history refuses the same file too.
            assert_ne!(history.code, 0, "{forged}: {}", undo.stderr);
        }
    }
}
