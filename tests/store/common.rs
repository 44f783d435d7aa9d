//! Helpers shared by the store tests: games, snapshots of a data folder, hashes.

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

// Helpers

/// A real save (a Furnace Duel campaign) carrying `notes` in its free-text runner-up note,
/// so the tests run the store's real save, load and validation paths at any size.
pub fn game(notes: &str) -> Saved<SaveData> {
    let boards = tablemate::furnace_duel::Boards::bundled().expect("bundled boards");
    let mut campaign = SaveData::new(
        ["Ann".to_string(), "Ben".to_string()],
        boards,
        Default::default(),
    )
    .expect("a new campaign");
    campaign
        .set_runner_up_note(notes)
        .expect("the first game takes a note");
    Saved::new("Test game", "New game", campaign)
}

pub fn note(saved: &Saved<SaveData>) -> String {
    saved
        .current()
        .current()
        .map(|g| g.runner_up_note.clone())
        .unwrap_or_default()
}

pub fn notes_of(store: &Store, id: &str) -> String {
    store
        .load::<SaveData>(id)
        .unwrap_or_else(|e| panic!("{id} should load: {e}"))
        .current()
        .current()
        .map(|g| g.runner_up_note.clone())
        .unwrap_or_default()
}

/// The text of every backup of save `id`, newest first.
pub fn backup_texts(store: &Store, id: &str) -> Vec<String> {
    store
        .backups(id)
        .unwrap()
        .into_iter()
        .map(|b| std::fs::read_to_string(&b.path).unwrap())
        .collect()
}

/// A save of another kind (an army game) for wrong-kind tests.
pub fn army_game() -> Saved<tablemate::army::SaveData> {
    let table = tablemate::army::FollowerTable::bundled().expect("bundled follower table");
    let game = tablemate::army::SaveData::new(vec!["Ann".into(), "Ben".into()], table)
        .expect("a new army game");
    Saved::new("Army", "New", game)
}

/// Every file under `root` with its bytes.
pub fn snapshot(root: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    fn walk(dir: &Path, out: &mut BTreeMap<PathBuf, Vec<u8>>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(root, &mut out);
    out
}

/// Temporary files (`.name.pid.tmp`) anywhere under `root`.
pub fn temporaries(root: &Path) -> Vec<PathBuf> {
    snapshot_names(root)
        .into_iter()
        .filter(|p| {
            let n = p.file_name().unwrap().to_string_lossy();
            n.starts_with('.') && n.ends_with(".tmp")
        })
        .collect()
}

pub fn snapshot_names(root: &Path) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(&p, out);
            } else {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    walk(root, &mut out);
    out
}

/// 64-bit FNV-1a, for the crash test's content checksums.
pub fn fnv64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A small seeded generator (SplitMix64) for the crash test's kill delays.
pub struct SplitMix(pub u64);

impl SplitMix {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
