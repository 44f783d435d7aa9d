//! Crash injection: a saving child process killed at random points.

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

const CHILD_DIR_ENV: &str = "TABLEMATE_CRASH_CHILD_DIR";
const CRASH_ID: &str = "crash-target";

/// Version `n` of the crash test's save: about 200 KB, the version repeated throughout, its
/// length depending on the version, and a checksum at the end.
fn versioned_notes(n: u64) -> String {
    let len = 200_000 + (n % 7) as usize * 1_111;
    let unit = format!("v{n:08}|");
    let mut body = String::with_capacity(len + unit.len());
    while body.len() < len {
        body.push_str(&unit);
    }
    format!("BEGIN {n}\n{body}\nEND {n} {:016x}", fnv64(body.as_bytes()))
}

/// The version whose whole content `notes` is, or what is wrong with it.
fn whole_version(notes: &str) -> Result<u64, String> {
    let head = notes.lines().next().ok_or("no lines")?;
    let n: u64 = head
        .strip_prefix("BEGIN ")
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("bad header {head:?}"))?;
    let tail = notes.lines().last().unwrap_or_default();
    let mut parts = tail.split(' ');
    let (end, n2, sum) = (parts.next(), parts.next(), parts.next());
    if end != Some("END") || n2 != Some(&n.to_string()) {
        return Err(format!("version {n}: bad footer {tail:?}"));
    }
    let body = notes.lines().nth(1).unwrap_or_default();
    if sum != Some(&format!("{:016x}", fnv64(body.as_bytes()))) {
        return Err(format!("version {n}: checksum does not match the body"));
    }
    if notes != versioned_notes(n) {
        return Err(format!("version {n}: content differs from what was saved"));
    }
    Ok(n)
}

/// Not a test of its own: the process the crash test starts and kills. Without the
/// environment variable it returns at once.
#[test]
fn child_saver() {
    use std::io::Write;
    let Some(dir) = std::env::var_os(CHILD_DIR_ENV) else {
        return;
    };
    let store = Store::open(PathBuf::from(dir)).unwrap();
    assert!(store.read_only().is_none(), "the child must own the folder");
    let mut version = match store.load::<SaveData>(CRASH_ID) {
        Ok(saved) => whole_version(&note(&saved)).unwrap(),
        Err(StoreError::NotFound(_)) => 0,
        Err(e) => panic!("child could not read the save: {e}"),
    };
    // Written straight to the pipe, unbuffered by the test harness, one line at a time.
    let mut out = std::io::stdout().lock();
    loop {
        version += 1;
        let next = game(&versioned_notes(version));
        writeln!(out, "TM saving {version}").unwrap();
        out.flush().unwrap();
        store.save(CRASH_ID, &next).unwrap();
        writeln!(out, "TM saved {version}").unwrap();
        out.flush().unwrap();
    }
}

#[derive(Debug, Default)]
struct CrashStats {
    iterations: usize,
    killed_before_first_save: usize,
    killed_inside_save_old_kept: usize,
    killed_inside_save_new_kept: usize,
    killed_between_saves: usize,
    temporaries_left_by_kill: usize,
    final_version: u64,
}

fn crash_loop(iterations: usize, seed: u64) -> CrashStats {
    let dir = tempfile::tempdir().unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut rng = SplitMix(seed);
    let mut stats = CrashStats::default();
    let mut known = 0u64;
    for i in 0..iterations {
        let mut child = Command::new(&exe)
            .args([
                "crash::child_saver",
                "--exact",
                "--nocapture",
                "--test-threads=1",
            ])
            .env(CHILD_DIR_ENV, dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_micros(rng.below(120_000)));
        child.kill().unwrap();
        child.wait().unwrap();
        let mut text = String::new();
        child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut text)
            .unwrap();
        // The harness may print "test child_saver ... " on the same line as the first one.
        let last = |prefix: &str| {
            text.lines()
                .filter_map(|l| l.find(prefix).map(|at| &l[at + prefix.len()..]))
                .filter_map(|v| v.trim().parse::<u64>().ok())
                .next_back()
        };
        let old = last("TM saved ").unwrap_or(known);
        let new = last("TM saving ").unwrap_or(old).max(old);

        let leftovers = temporaries(dir.path());
        if !leftovers.is_empty() {
            stats.temporaries_left_by_kill += 1;
        }

        // The killed child's lock is gone: this process owns the folder now.
        let store = Store::open(dir.path()).unwrap();
        assert!(
            store.read_only().is_none(),
            "iteration {i}: the lock of a killed process must be released"
        );
        assert_eq!(
            temporaries(dir.path()),
            Vec::<PathBuf>::new(),
            "iteration {i}: opening the store sweeps what the killed writer left"
        );
        let on_disk = match store.load::<SaveData>(CRASH_ID) {
            Ok(saved) => whole_version(&note(&saved))
                .unwrap_or_else(|e| panic!("iteration {i}: partial save: {e}")),
            Err(StoreError::NotFound(_)) if old == 0 => 0,
            Err(e) => panic!("iteration {i}: the save does not load after a kill: {e}"),
        };
        assert!(
            on_disk == old || on_disk == new,
            "iteration {i}: on disk is version {on_disk}, expected old {old} or new {new}"
        );
        for listing in store.list() {
            assert!(
                listing.kind().is_some(),
                "iteration {i}: {} listed as damaged: {:?}",
                listing.id,
                listing.status
            );
        }
        for backup in store.backups(CRASH_ID).unwrap() {
            let (_, data) = store::read_save_data(&backup.path)
                .unwrap_or_else(|e| panic!("iteration {i}: backup damaged: {e}"));
            let saved: Saved<SaveData> = serde_json::from_str(&data).unwrap();
            let v = whole_version(&note(&saved))
                .unwrap_or_else(|e| panic!("iteration {i}: partial backup: {e}"));
            assert!(v <= on_disk, "a backup is never newer than the save");
        }
        drop(store);

        if last("TM saving ").is_none() {
            stats.killed_before_first_save += 1;
        } else if new == old {
            stats.killed_between_saves += 1;
        } else if on_disk == old {
            stats.killed_inside_save_old_kept += 1;
        } else {
            stats.killed_inside_save_new_kept += 1;
        }
        known = on_disk;
        stats.iterations += 1;
    }
    stats.final_version = known;
    stats
}

#[test]
fn a_killed_save_leaves_old_or_new_never_partial() {
    let started = Instant::now();
    let stats = crash_loop(200, 0x7ab1_e3a7e);
    eprintln!("crash test: {stats:?} in {:.1?}", started.elapsed());
    assert_eq!(stats.iterations, 200);
    assert!(
        stats.killed_inside_save_old_kept + stats.killed_inside_save_new_kept >= 20,
        "too few kills landed inside a save to prove anything: {stats:?}"
    );
    assert!(stats.final_version > 20, "saves made progress: {stats:?}");
}

#[test]
#[ignore = "1,000 kills, about 90 seconds; run with --ignored"]
fn a_killed_save_leaves_old_or_new_never_partial_1000_kills() {
    let started = Instant::now();
    let stats = crash_loop(1_000, 0x5eed_1000);
    eprintln!("crash test: {stats:?} in {:.1?}", started.elapsed());
    assert_eq!(stats.iterations, 1_000);
    assert!(stats.killed_inside_save_old_kept + stats.killed_inside_save_new_kept >= 100);
}

#[test]
fn opening_the_store_sweeps_temporaries_a_crashed_writer_left() {
    let dir = tempfile::tempdir().unwrap();
    {
        let store = Store::open(dir.path()).unwrap();
        store.save("g", &game("one")).unwrap();
        store.save("g", &game("two")).unwrap();
    }
    let left = [
        dir.path().join("saves/.g.json.4242.tmp"),
        dir.path().join(".settings.json.4242.tmp"),
        dir.path()
            .join("backups/g/.2026-01-01T00h00h00.000Z.json.4242.tmp"),
    ];
    for p in &left {
        std::fs::write(p, b"half a save").unwrap();
    }
    let store = Store::open(dir.path()).unwrap();
    assert_eq!(temporaries(dir.path()), Vec::<PathBuf>::new());
    assert_eq!(notes_of(&store, "g"), "two");
}

#[test]
fn a_read_only_instance_leaves_the_writers_temporaries_alone() {
    let dir = tempfile::tempdir().unwrap();
    let _writer = Store::open(dir.path()).unwrap();
    let in_flight = dir.path().join("saves/.g.json.4242.tmp");
    std::fs::write(&in_flight, b"being written").unwrap();
    let reader = Store::open(dir.path()).unwrap();
    assert!(reader.read_only().is_some());
    assert!(in_flight.exists(), "a read-only instance must not sweep");
}
