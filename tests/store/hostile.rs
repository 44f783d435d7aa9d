//! The review's attacks as a hostile-file corpus: every case is a data folder an attacker (or
//! a crash, or a careless hand edit) could leave, and an operation on it. Each must be refused
//! cleanly (an error naming the file) or handled as promised, never panic, and never lose or
//! change a file the store was asked to keep. The corpus prints its tally:
//! tries, clean refusals, wrong acceptances, panics, data lost.

use std::path::{Path, PathBuf};

use tablemate::doc::Saved;
use tablemate::furnace_duel::SaveData;
use tablemate::store::{self, ListingStatus, Store, StoreError};

use super::common::*;

/// What a case expects.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Want {
    /// An error that names the file and contains the words.
    Refused,
    /// Success, checked by the case itself.
    Accepted,
}

struct Case {
    name: &'static str,
    want: Want,
    /// Words the refusal must contain.
    words: &'static [&'static str],
    /// Runs the attack in a fresh data folder `root`, with `outside` a folder beside it that
    /// must never be touched. Returns the operation's result as text; `Err` is a refusal.
    run: fn(root: &Path, outside: &Path) -> Result<String, String>,
}

/// `Saved` as version 2 wrote it: every entry whole. `edit` may change the entries' states.
fn v2_file(saved: &Saved<SaveData>, edit: impl Fn(usize, &mut serde_json::Value)) -> String {
    let entries: Vec<serde_json::Value> = saved
        .history
        .entries()
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let mut state = serde_json::to_value(saved.history.state(i).unwrap()).unwrap();
            edit(i, &mut state);
            serde_json::json!({"label": e.label, "at": e.at, "state": state})
        })
        .collect();
    let data = serde_json::json!({
        "title": saved.title,
        "history": {"entries": entries, "cursor": saved.history.cursor(), "capacity": 400},
    });
    format!(
        "{{\"format\":\"tablemate\",\"version\":2,\"kind\":\"furnace-duel\",\
         \"saved_at\":\"2026-03-01T10:00:00Z\",\"summary\":\"x\",\"data\":{data}}}"
    )
}

fn two_entries() -> Saved<SaveData> {
    let mut saved = game("one");
    let mut next = saved.current().clone();
    next.players[0] = "Anna".into();
    saved.history.record("Rename", next);
    saved
}

fn text<T: std::fmt::Debug>(r: Result<T, StoreError>) -> Result<String, String> {
    r.map(|v| format!("{v:?}")).map_err(|e| e.to_string())
}

fn put(root: &Path, id: &str, content: &str) -> PathBuf {
    let path = root.join("saves").join(format!("{id}.json"));
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, content).unwrap();
    path
}

fn bundle_of(entries: &[(&str, String)]) -> String {
    let saves: Vec<String> = entries
        .iter()
        .map(|(id, env)| format!("{{\"id\":{},\"envelope\":{env}}}", serde_json::json!(id)))
        .collect();
    format!(
        "{{\"format\":\"tablemate-bundle\",\"version\":1,\"saves\":[{}]}}",
        saves.join(",")
    )
}

fn good_file() -> String {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("good")).unwrap();
    std::fs::read_to_string(store.save_path("g").unwrap()).unwrap()
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "history-capacity-0",
            want: Want::Refused,
            words: &["capacity 0"],
            run: |root, _| {
                let text =
                    v2_file(&game("x"), |_, _| {}).replace("\"capacity\":400", "\"capacity\":0");
                let path = put(root, "g", &text);
                store::check_file(&path).map_err(|e| e.to_string())?;
                text_of(Store::open(root).unwrap().load::<SaveData>("g"))
            },
        },
        Case {
            name: "history-cursor-outside",
            want: Want::Refused,
            words: &["points at entry 7"],
            run: |root, _| {
                let text =
                    v2_file(&two_entries(), |_, _| {}).replace("\"cursor\":1", "\"cursor\":7");
                let path = put(root, "g", &text);
                text_of(store::check_file(&path))
            },
        },
        Case {
            name: "history-cursor-outside-v3",
            want: Want::Refused,
            words: &["points at entry 9"],
            run: |root, _| {
                let text = serde_json::to_string(&two_entries())
                    .unwrap()
                    .replace("\"cursor\":1", "\"cursor\":9");
                let text = format!(
                    "{{\"format\":\"tablemate\",\"version\":3,\"kind\":\"furnace-duel\",\
                     \"saved_at\":\"2026-03-01T10:00:00Z\",\"data\":{text}}}"
                );
                let path = put(root, "g", &text);
                text_of(store::check_file(&path))
            },
        },
        Case {
            name: "invalid-earlier-history-entry",
            want: Want::Refused,
            words: &["history entry 1", "name is empty"],
            run: |root, _| {
                let text = v2_file(&two_entries(), |i, s| {
                    if i == 0 {
                        s["boards"][0]["name"] = "".into();
                    }
                });
                let path = put(root, "g", &text);
                // Loading checks the current state; the earlier one when undo reaches it.
                store::check_file(&path).map_err(|e| e.to_string())?;
                let mut saved = Store::open(root)
                    .unwrap()
                    .load::<SaveData>("g")
                    .map_err(|e| e.to_string())?;
                saved.undo().map_err(|e| e.to_string())?;
                Ok(note(&saved))
            },
        },
        Case {
            name: "tampered-change-in-history",
            want: Want::Refused,
            words: &["does not fit"],
            run: |root, _| {
                let store = Store::open(root).unwrap();
                store.save("g", &two_entries()).unwrap();
                let path = store.save_path("g").unwrap();
                let text = std::fs::read_to_string(&path)
                    .unwrap()
                    .replace("\"new\":\"Anna\"", "\"new\":\"Bob\"");
                std::fs::write(&path, text).unwrap();
                text_of(store.load::<SaveData>("g"))
            },
        },
        Case {
            name: "utf8-bom",
            want: Want::Accepted,
            words: &[],
            run: |root, _| {
                put(root, "g", &format!("\u{feff}{}", good_file()));
                let store = Store::open(root).unwrap();
                let saved = store.load::<SaveData>("g").map_err(|e| e.to_string())?;
                assert_eq!(note(&saved), "good");
                Ok("loaded".into())
            },
        },
        Case {
            name: "terminal-escapes-in-title",
            want: Want::Accepted,
            words: &[],
            run: |root, _| {
                let mut saved = game("x");
                let mut state = saved.current().clone();
                state.players[0] = "Ann\u{1b}]0;owned\u{7}\u{1b}[2J".into();
                saved.history.record("Rename", state);
                let store = Store::open(root).unwrap();
                store.save("g", &saved).unwrap();
                let listing = store.list();
                let ListingStatus::Ok { summary, .. } = &listing[0].status else {
                    return Err("listed as damaged".into());
                };
                assert!(!summary.chars().any(char::is_control), "{summary:?}");
                let out = super::cli::run(root, &["list"]);
                assert!(!out.stdout.contains('\u{1b}'), "{:?}", out.stdout);
                Ok(summary.clone())
            },
        },
        Case {
            name: "bundle-duplicate-ids",
            want: Want::Refused,
            words: &["save 3 in the bundle has the id \"a\", already used by save 1 in it"],
            run: |root, outside| {
                let b = outside.join("b.json");
                let saves = [("a", good_file()), ("b", good_file()), ("a", good_file())];
                std::fs::write(&b, bundle_of(&saves)).unwrap();
                text(Store::open(root).unwrap().import(&b))
            },
        },
        Case {
            name: "bundle-id-starting-with-dash",
            want: Want::Refused,
            words: &["bad id \"-rf\""],
            run: |root, outside| {
                let b = outside.join("b.json");
                std::fs::write(&b, bundle_of(&[("ok", good_file()), ("-rf", good_file())]))
                    .unwrap();
                text(Store::open(root).unwrap().import(&b))
            },
        },
        Case {
            name: "bundle-device-name",
            want: Want::Refused,
            words: &["bad id \"CON\""],
            run: |root, outside| {
                let b = outside.join("b.json");
                std::fs::write(&b, bundle_of(&[("ok", good_file()), ("CON", good_file())]))
                    .unwrap();
                text(Store::open(root).unwrap().import(&b))
            },
        },
        Case {
            name: "bundle-very-long-id",
            want: Want::Refused,
            words: &["bad id"],
            run: |root, outside| {
                let b = outside.join("b.json");
                let long = "x".repeat(300);
                std::fs::write(&b, bundle_of(&[("ok", good_file()), (&long, good_file())]))
                    .unwrap();
                text(Store::open(root).unwrap().import(&b))
            },
        },
        Case {
            name: "bundle-one-bad-save-imports-nothing",
            want: Want::Refused,
            words: &["save 2 (bad)"],
            run: |root, outside| {
                let b = outside.join("b.json");
                let bad = good_file().replace("\"furnace-duel\"", "\"chess\"");
                std::fs::write(&b, bundle_of(&[("fine", good_file()), ("bad", bad)])).unwrap();
                text(Store::open(root).unwrap().import(&b))
            },
        },
        Case {
            name: "import-renames-hostile-file-names",
            want: Want::Accepted,
            words: &[],
            run: |root, outside| {
                let store = Store::open(root).unwrap();
                let mut ids = Vec::new();
                for name in ["-rf.json", "con.json", &format!("{}.json", "y".repeat(250))] {
                    let f = outside.join(name);
                    std::fs::write(&f, good_file()).unwrap();
                    let imported = store.import(&f).map_err(|e| e.to_string())?;
                    ids.push(imported[0].id.clone());
                }
                for id in &ids {
                    assert!(store::valid_id(id), "{id}");
                }
                assert_eq!(ids[0], "rf");
                assert_eq!(ids[1], "save-con");
                Ok(format!("{ids:?}"))
            },
        },
        Case {
            name: "export-force-into-saves",
            want: Want::Refused,
            words: &["inside Tablemate's own saves"],
            run: |root, _| {
                let store = Store::open(root).unwrap();
                store.save("a", &game("a")).unwrap();
                store.save("b", &game("b")).unwrap();
                let dest = store.save_path("b").unwrap();
                text(store.export("a", &dest, true))
            },
        },
        Case {
            name: "oversize-user-data-file",
            want: Want::Refused,
            words: &["larger than any Tablemate file"],
            run: |root, _| {
                let rel = "data/furnace-duel/boards.json";
                let path = root.join(rel);
                std::fs::create_dir_all(path.parent().unwrap()).unwrap();
                let f = std::fs::File::create(&path).unwrap();
                f.set_len(store::MAX_DATA_BYTES + 1).unwrap();
                text(Store::open(root).unwrap().data_text(rel))
            },
        },
        Case {
            name: "oversize-user-data-file-write",
            want: Want::Refused,
            words: &["larger than any Tablemate file"],
            run: |root, _| {
                let big = vec![b' '; store::MAX_DATA_BYTES as usize + 1];
                text(
                    Store::open(root)
                        .unwrap()
                        .write_data("data/furnace-duel/boards.json", &big),
                )
            },
        },
        Case {
            name: "save-is-a-folder",
            want: Want::Refused,
            words: &["a folder, not a regular file"],
            run: |root, _| {
                std::fs::create_dir_all(root.join("saves/g.json")).unwrap();
                let store = Store::open(root).unwrap();
                let listed = format!("{:?}", store.list()[0].status);
                assert!(!listed.contains("fails validation"), "{listed}");
                text(store.load::<SaveData>("g"))
            },
        },
    ]
}

fn text_of<T: std::fmt::Debug>(r: Result<T, StoreError>) -> Result<String, String> {
    text(r)
}

#[test]
fn the_hostile_file_corpus_is_refused_cleanly_and_loses_nothing() {
    let (mut clean, mut wrong, mut panics, mut lost) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    let all = cases();
    for case in &all {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("home");
        let outside = dir.path().join("outside");
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(outside.join("precious.txt"), b"not the store's").unwrap();
        let before_outside = snapshot(&outside);
        let result = std::panic::catch_unwind(|| (case.run)(&root, &outside));
        let after_outside = snapshot(&outside);
        // The attack's own input files may be read, never changed or removed.
        if before_outside
            .iter()
            .any(|(p, b)| after_outside.get(p) != Some(b))
        {
            lost += 1;
            failures.push(format!(
                "{}: a file outside the data folder changed",
                case.name
            ));
        }
        match (result, case.want) {
            (Err(_), _) => {
                panics += 1;
                failures.push(format!("{}: panicked", case.name));
            }
            (Ok(Err(msg)), Want::Refused) => {
                let missing: Vec<_> = case.words.iter().filter(|w| !msg.contains(*w)).collect();
                if missing.is_empty() {
                    clean += 1;
                } else {
                    failures.push(format!("{}: refusal lacks {missing:?}: {msg}", case.name));
                }
            }
            (Ok(Ok(v)), Want::Refused) => {
                wrong += 1;
                let v: String = v.chars().take(200).collect();
                failures.push(format!("{}: wrongly accepted: {v}", case.name));
            }
            (Ok(Err(msg)), Want::Accepted) => {
                failures.push(format!("{}: refused: {msg}", case.name))
            }
            (Ok(Ok(_)), Want::Accepted) => {}
        }
        // Nothing half-imported: a refused import leaves no save behind.
        if case.name.starts_with("bundle") && case.want == Want::Refused {
            let saves = std::fs::read_dir(root.join("saves"))
                .map(|d| d.count())
                .unwrap_or(0);
            if saves != 0 {
                lost += 1;
                failures.push(format!(
                    "{}: a refused import wrote {saves} files",
                    case.name
                ));
            }
        }
    }
    println!(
        "hostile corpus: {} tries, {clean} clean refusals, {wrong} wrong acceptances, \
         {panics} panics, {lost} data lost",
        all.len()
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn an_outside_file_saved_by_notepad_reads_without_its_byte_order_mark() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("score.json");
    std::fs::write(&path, b"\xEF\xBB\xBF{\"a\": 1}").unwrap();
    assert_eq!(tablemate::store::read_text(&path).unwrap(), "{\"a\": 1}");
    std::fs::write(&path, b"  \n").unwrap();
    let err = tablemate::store::read_text(&path).unwrap_err().to_string();
    assert!(err.contains("score.json"), "the file is named: {err}");
    std::fs::write(&path, b"{\"a\": \xff}").unwrap();
    let err = tablemate::store::read_text(&path).unwrap_err().to_string();
    assert!(err.contains("score.json") && err.contains("UTF-8"), "{err}");
}

/// A version 3 save of `game` whose history has `n` entries, each an empty change.
fn many_entries(n: usize) -> String {
    let saved = game("many");
    let current = serde_json::to_string(saved.current()).unwrap();
    let mut entries = String::with_capacity(n * 60);
    for i in 0..n {
        if i > 0 {
            entries.push(',');
        }
        entries.push_str(r#"{"label":"x","at":"2026-03-01T10:00:00Z","change":[]}"#);
    }
    format!(
        "{{\"format\":\"tablemate\",\"version\":3,\"kind\":\"furnace-duel\",\
         \"saved_at\":\"2026-03-01T10:00:00Z\",\"summary\":\"x\",\"data\":{{\"title\":\"t\",\
         \"history\":{{\"cursor\":{},\"capacity\":{n},\"current\":{current},\"entries\":[{entries}]}}}}}}",
        n - 1
    )
}

#[test]
fn a_save_with_more_history_entries_than_the_limit_is_refused_with_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let text = many_entries(100_000);
    assert!(text.len() > 5_000_000, "{} bytes", text.len());
    let path = put(dir.path(), "many", &text);
    let err = store::check_file(&path).unwrap_err().to_string();
    assert!(err.contains("100000 entries"), "{err}");
    assert!(err.contains("at most 20000"), "{err}");
    let store = Store::open(dir.path()).unwrap();
    let listed = store.list();
    assert!(
        matches!(&listed[0].status, ListingStatus::Damaged { problem, .. }
            if problem.to_string().contains("at most 20000")),
        "{listed:?}"
    );
}

#[test]
fn a_long_history_loads_without_rebuilding_its_entries_and_undo_rebuilds_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = put(dir.path(), "long", &many_entries(20_000));
    store::check_file(&path).unwrap();
    let store = Store::open(dir.path()).unwrap();
    let mut saved = store.load::<SaveData>("long").unwrap();
    assert_eq!(saved.history.len(), 20_000);
    for _ in 0..3 {
        assert_eq!(saved.undo().unwrap().as_deref(), Some("x"));
    }
    saved.goto(0).unwrap();
    assert_eq!(note(&saved), "many");
}

/// `tablemate check` reads the current state (the one a player continues from); `check --deep`
/// also rebuilds and validates every earlier entry, and names the first that is not a valid
/// state of the game.
#[test]
fn check_deep_rebuilds_every_entry_and_names_an_invalid_one() {
    let dir = tempfile::tempdir().unwrap();
    let text = v2_file(&two_entries(), |i, s| {
        if i == 0 {
            s["boards"][0]["name"] = "".into();
        }
    });
    put(dir.path(), "g", &text);
    let out = super::cli::run(dir.path(), &["check", "g"]);
    assert_eq!(out.code, 0, "{out:?}");
    let out = super::cli::run(dir.path(), &["check", "--deep", "g"]);
    assert_eq!(out.code, 1, "{out:?}");
    crate::shared::says(&out.stderr, &["history entry 1", "name is empty"]);
    // The same through a path, and a good save passes both ways.
    let path = dir.path().join("saves").join("g.json");
    let out = super::cli::run(dir.path(), &["check", "--deep", path.to_str().unwrap()]);
    assert_eq!(out.code, 1, "{out:?}");
    let store = Store::open(dir.path()).unwrap();
    store.save("ok", &two_entries()).unwrap();
    drop(store);
    let out = super::cli::run(dir.path(), &["check", "--deep", "ok"]);
    assert_eq!(out.code, 0, "{out:?}");
}

/// A save the store wrote carries a digest of its history, and a hand edit of a change (which
/// leaves the digest behind) still gets the full check on load, refused with the entry.
#[test]
fn a_hand_edited_change_is_checked_in_full_despite_the_digest() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &two_entries()).unwrap();
    let path = store.save_path("g").unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"digest\""), "{text}");
    assert!(store.check_save("g").is_ok());
    std::fs::write(&path, text.replace("\"new\":\"Anna\"", "\"new\":\"Bob\"")).unwrap();
    let err = store.check_save("g").unwrap_err().to_string();
    assert!(err.contains("history entry 1"), "{err}");
    assert!(err.contains("does not fit"), "{err}");
}

/// Sets `path`'s modified time `secs` seconds into the past (settled, for the listing index).
fn age(path: &Path, secs: u64) {
    let when = std::time::SystemTime::now() - std::time::Duration::from_secs(secs);
    std::fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(when)
        .unwrap();
}

/// The list reads only what it shows: a 10 MB save (20,000 entries with long labels, a good
/// save) is opened and checked once, then listed from the listing index without being opened
/// again, until it changes.
#[test]
fn a_ten_megabyte_save_is_listed_without_opening_it_again() {
    let dir = tempfile::tempdir().unwrap();
    let label = "y".repeat(480);
    let text = many_entries(20_000).replace("\"label\":\"x\"", &format!("\"label\":\"{label}\""));
    assert!(text.len() > 10_000_000, "{} bytes", text.len());
    let path = put(dir.path(), "big", &text);
    age(&path, 60);
    let store = Store::open(dir.path()).unwrap();
    let (first, opened) = store.list_counting();
    assert_eq!(opened, 1);
    assert!(
        matches!(first[0].status, ListingStatus::Ok { .. }),
        "{first:?}"
    );
    assert_eq!(first[0].title, "t");
    for _ in 0..3 {
        let (again, opened) = store.list_counting();
        assert_eq!(opened, 0, "listed from the index, the save not opened");
        assert_eq!(again[0].title, first[0].title);
        assert_eq!(again[0].when(), first[0].when());
    }
    // A new process (a new store) uses the same index.
    drop(store);
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(store.list_counting().1, 0);
    // Changed (here made damaged): opened again, and listed as it is now.
    std::fs::write(
        &path,
        text.replace("\"format\":\"tablemate\"", "\"format\":\"other\""),
    )
    .unwrap();
    age(&path, 30);
    let (now, opened) = store.list_counting();
    assert_eq!(opened, 1);
    assert!(
        matches!(now[0].status, ListingStatus::Damaged { .. }),
        "{now:?}"
    );
    // A damaged save is never cached: it is checked at every listing.
    assert_eq!(store.list_counting().1, 1);
}

/// A save just written is not listed from the index (a coarse clock could hide a change made
/// in the same tick), and a damaged or foreign index is ignored and rebuilt.
#[test]
fn the_listing_index_never_hides_a_fresh_change_and_survives_damage() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("x")).unwrap();
    assert_eq!(store.list_counting().1, 1);
    assert_eq!(store.list_counting().1, 1, "fresh: read again");
    age(&store.save_path("g").unwrap(), 60);
    assert_eq!(store.list_counting().1, 1);
    assert_eq!(store.list_counting().1, 0);
    std::fs::write(dir.path().join("listing.json"), "{\"format\": 1").unwrap();
    let (listed, opened) = store.list_counting();
    assert_eq!(opened, 1);
    assert!(matches!(listed[0].status, ListingStatus::Ok { .. }));
    assert_eq!(store.list_counting().1, 0);
}

/// A save holding a title past the 200-character bound (a 1 MB one here, written by another
/// program) is listed as damaged with the bound named, never as a title: `list` prints no
/// megabyte line, and the listing index neither holds it nor is written again at every list
/// while nothing changes.
#[test]
fn a_save_with_a_huge_title_is_listed_as_damaged_and_the_index_is_not_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("good", &game("x")).unwrap();
    store.save("huge", &game("y")).unwrap();
    let huge = store.save_path("huge").unwrap();
    let text = std::fs::read_to_string(&huge).unwrap();
    let long = "T".repeat(1_000_000);
    std::fs::write(&huge, text.replace("\"Test game\"", &format!("\"{long}\""))).unwrap();
    let long_ok = "L".repeat(200);
    let good = store.save_path("good").unwrap();
    let text = std::fs::read_to_string(&good).unwrap();
    std::fs::write(
        &good,
        text.replace("\"Test game\"", &format!("\"{long_ok}\"")),
    )
    .unwrap();
    age(&huge, 60);
    age(&good, 60);
    let listed = store.list();
    let damaged = listed.iter().find(|l| l.id == "huge").unwrap();
    match &damaged.status {
        ListingStatus::Damaged { problem, .. } => {
            let p = problem.to_string();
            assert!(p.contains("title") && p.contains("at most 200"), "{p}");
        }
        other => panic!("{other:?}"),
    }
    let index = dir.path().join("listing.json");
    let first = std::fs::read(&index).unwrap();
    assert!(first.len() < 10_000, "{} bytes", first.len());
    let stamp = |p: &Path| {
        let m = std::fs::metadata(p).unwrap();
        (
            m.modified().unwrap(),
            std::os::unix::fs::MetadataExt::ino(&m),
        )
    };
    let before = stamp(&index);
    std::thread::sleep(std::time::Duration::from_millis(20));
    for _ in 0..3 {
        store.list();
    }
    assert_eq!(stamp(&index), before, "listing.json was written again");
    drop(store);
    let out = crate::shared::run(dir.path(), &["list"]);
    assert_eq!(out.code, 0, "{out:?}");
    assert!(out.stdout.len() < 2_000, "{} bytes", out.stdout.len());
    assert!(
        out.stdout.contains(&format!("{}…", "L".repeat(59))),
        "{}",
        out.stdout
    );
    assert!(out.stdout.contains("at most 200"), "{}", out.stdout);
}

/// A player's name has at most 40 characters (`doc::MAX_NAME_CHARS`): a longer one is refused
/// when a game is made, with the limit, and a file holding one (another program wrote a
/// megabyte there) fails its check naming the field, so no list or window lays it out.
#[test]
fn a_name_past_the_bound_is_refused_when_made_and_when_read() {
    let boards = tablemate::furnace_duel::Boards::bundled().unwrap();
    let long = "N".repeat(tablemate::doc::MAX_NAME_CHARS + 1);
    let e = SaveData::new([long, "Ben".into()], boards, Default::default()).unwrap_err();
    assert!(e.to_string().contains("at most 40 characters"), "{e}");
    let table = tablemate::army::FollowerTable::bundled().unwrap();
    let e = tablemate::army::SaveData::new(vec!["A".repeat(41), "Ben".into()], table).unwrap_err();
    assert!(e.to_string().contains("at most 40 characters"), "{e}");
    let dir = tempfile::tempdir().unwrap();
    let store = Store::open(dir.path()).unwrap();
    store.save("g", &game("x")).unwrap();
    let path = store.save_path("g").unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"Ann\""));
    std::fs::write(
        &path,
        text.replace("\"Ann\"", &format!("\"{}\"", "A".repeat(1_000_000))),
    )
    .unwrap();
    let e = store.check_save("g").unwrap_err().to_string();
    assert!(
        e.contains("players") && e.contains("at most 40"),
        "{}",
        &e[..e.len().min(300)]
    );
}
