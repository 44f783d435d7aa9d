//! The saved-games list reads only what it shows. `listing.json` in the data folder keeps, for
//! each save that read and validated as good, what the list shows (title, kind, time, summary)
//! with the file's size and modified time at that moment. A save whose size and modified time
//! still match is listed from there without being opened; any other (new, changed, damaged,
//! not yet seen) is read and checked in full, as before, and a good one joins the index.
//!
//! The index is only a cache: written atomically when it changed (never by a read-only
//! store), and a missing, damaged or foreign one is simply rebuilt. A file whose modified time
//! is within two seconds of the listing is not cached (a coarse clock could hide a change made
//! in the same tick). Opening a save always reads and validates it whole, whatever the list
//! said. The list itself (`Store::list`, `Listing`) is here too.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::{Problem, Store, StoreError};
use crate::doc::Kind;

/// One line of the saved-games list.
#[derive(Debug, Clone)]
pub struct Listing {
    pub id: String,
    pub path: PathBuf,
    /// The title the player typed for this save (empty if none, or the file is damaged).
    pub title: String,
    pub status: ListingStatus,
}

#[derive(Debug, Clone)]
pub enum ListingStatus {
    Ok {
        kind: Kind,
        saved_at: DateTime<Utc>,
        summary: String,
    },
    Damaged {
        problem: Problem,
        modified: Option<DateTime<Utc>>,
    },
}

impl Listing {
    /// When the save was written (for damaged files, when the file was last modified).
    pub fn when(&self) -> Option<DateTime<Utc>> {
        match &self.status {
            ListingStatus::Ok { saved_at, .. } => Some(*saved_at),
            ListingStatus::Damaged { modified, .. } => *modified,
        }
    }

    pub fn kind(&self) -> Option<Kind> {
        match &self.status {
            ListingStatus::Ok { kind, .. } => Some(*kind),
            ListingStatus::Damaged { .. } => None,
        }
    }
}

impl Store {
    /// Every save, newest first; damaged files are listed too, with their problem. A save
    /// listed before and unchanged since (its size and modified time) is not opened again: the
    /// list reads only what it shows (`listing.rs`).
    pub fn list(&self) -> Vec<Listing> {
        self.list_counting().0
    }

    /// [`Store::list`], and how many save files it had to open and check (the others came
    /// from the listing index): for tests of what listing costs.
    #[doc(hidden)]
    pub fn list_counting(&self) -> (Vec<Listing>, usize) {
        let dir = self.saves_dir();
        let mut out = Vec::new();
        let mut opened = 0;
        // Never through a link: the store opened read-only and says why.
        if super::own_dir(&dir).is_err() {
            return (out, opened);
        }
        let Ok(entries) = fs::read_dir(&dir) else {
            return (out, opened);
        };
        let index = load(&self.root);
        let mut kept = std::collections::BTreeMap::new();
        let now = std::time::SystemTime::now();
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || !name.ends_with(".json") {
                continue;
            }
            let id = name.trim_end_matches(".json").to_string();
            // Never through a link, and only a regular file counts as unchanged.
            let stamp = fs::symlink_metadata(&path)
                .ok()
                .filter(|m| m.file_type().is_file())
                .and_then(|m| stamp(&m, now));
            let cached = index
                .get(&id)
                .filter(|c| stamp == Some((c.len, c.modified)));
            if let Some(c) = cached {
                out.push(Listing {
                    id: id.clone(),
                    path,
                    title: c.title.clone(),
                    status: ListingStatus::Ok {
                        kind: c.kind,
                        saved_at: c.saved_at,
                        summary: c.summary.clone(),
                    },
                });
                kept.insert(id, c.clone());
                continue;
            }
            opened += 1;
            let mut title = String::new();
            let status = match self.read_own(&path) {
                Ok((o, seen)) => {
                    self.mark_verified(&path, seen);
                    title = o.title.clone();
                    if let Some((len, modified)) = stamp {
                        kept.insert(
                            id.clone(),
                            Cached {
                                len,
                                modified,
                                title: title.clone(),
                                kind: o.kind,
                                saved_at: o.saved_at,
                                summary: o.summary.clone(),
                            },
                        );
                    }
                    ListingStatus::Ok {
                        kind: o.kind,
                        saved_at: o.saved_at,
                        summary: o.summary,
                    }
                }
                Err(StoreError::Bad { problem, .. }) => ListingStatus::Damaged {
                    problem,
                    modified: super::modified(&path),
                },
                Err(StoreError::Io { source, .. }) => ListingStatus::Damaged {
                    problem: Problem::Unreadable(source.to_string()),
                    modified: super::modified(&path),
                },
                Err(other) => ListingStatus::Damaged {
                    problem: Problem::Unreadable(other.to_string()),
                    modified: super::modified(&path),
                },
            };
            out.push(Listing {
                id,
                path,
                title,
                status,
            });
        }
        out.sort_by(|a, b| b.when().cmp(&a.when()).then_with(|| a.id.cmp(&b.id)));
        let kept = bounded(kept);
        if kept != index && self.read_only().is_none() {
            store(&self.root, kept);
        }
        (out, opened)
    }
}

/// The index's file name in the data folder.
pub(super) const FILE: &str = "listing.json";
const FORMAT: &str = "tablemate-listing";
/// The index is small: one line per save. A larger file is not read (and gets rebuilt).
const MAX_BYTES: u64 = 8 * 1024 * 1024;
/// A file modified this recently is read every time (see the module comment).
const SETTLE: Duration = Duration::from_secs(2);

/// What the list shows of one good save, and the file it was read from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(super) struct Cached {
    pub len: u64,
    /// Modified time: seconds and nanoseconds since 1970.
    pub modified: (u64, u32),
    pub title: String,
    pub kind: Kind,
    pub saved_at: DateTime<Utc>,
    pub summary: String,
}

#[derive(Serialize, Deserialize)]
struct IndexFile {
    format: String,
    saves: BTreeMap<String, Cached>,
}

/// The file's identity for the index: its size and modified time, if it has settled.
pub(super) fn stamp(meta: &fs::Metadata, now: SystemTime) -> Option<(u64, (u64, u32))> {
    let modified = meta.modified().ok()?;
    if now.duration_since(modified).ok()? < SETTLE {
        return None;
    }
    let since = modified.duration_since(UNIX_EPOCH).ok()?;
    Some((meta.len(), (since.as_secs(), since.subsec_nanos())))
}

/// The index in `root`, or an empty one if it is missing or cannot be used.
pub(super) fn load(root: &Path) -> BTreeMap<String, Cached> {
    let path = root.join(FILE);
    super::read::read_limited(&path, super::read::Links::Refuse, MAX_BYTES)
        .ok()
        .and_then(|bytes| serde_json::from_slice::<IndexFile>(&bytes).ok())
        .filter(|f| f.format == FORMAT)
        .map(|f| f.saves)
        .unwrap_or_default()
}

/// The most text (title and summary) one save may put in the index: a save whose line says
/// more is read at every listing instead of cached, so no save can grow the index.
const MAX_ENTRY_TEXT: usize = 4 * 1024;

/// What of `saves` the index keeps: lines within [`MAX_ENTRY_TEXT`], and only as many as fit
/// in [`MAX_BYTES`] (the others are read at every listing). The same saves always give the
/// same index, so a listing that changed nothing compares equal to the file and does not
/// write it again, and the index never grows past what [`load`] reads.
pub(super) fn bounded(mut saves: BTreeMap<String, Cached>) -> BTreeMap<String, Cached> {
    saves.retain(|_, c| c.title.len() + c.summary.len() <= MAX_ENTRY_TEXT);
    // Each line's size as written (its key written the same way), plus room for the commas.
    let weight = |id: &str, c: &Cached| {
        serde_json::to_string(c).map_or(MAX_BYTES as usize, |t| t.len())
            + serde_json::to_string(id).map_or(MAX_BYTES as usize, |t| t.len())
            + 2
    };
    let mut total: usize = saves.iter().map(|(id, c)| weight(id, c)).sum();
    let budget = MAX_BYTES as usize - 1024;
    if total > budget {
        let mut by_weight: Vec<(usize, String)> = saves
            .iter()
            .map(|(id, c)| (weight(id, c), id.clone()))
            .collect();
        by_weight.sort_by(|a, b| b.cmp(a));
        for (w, id) in by_weight {
            if total <= budget {
                break;
            }
            saves.remove(&id);
            total -= w;
        }
    }
    saves
}

/// Writes the index (atomically; a failure only means the next listing reads more).
pub(super) fn store(root: &Path, saves: BTreeMap<String, Cached>) {
    let file = IndexFile {
        format: FORMAT.into(),
        saves,
    };
    let path = root.join(FILE);
    if let Ok(bytes) = serde_json::to_vec(&file)
        && bytes.len() as u64 <= MAX_BYTES
    {
        let _ = super::atomic::write(&path, &bytes);
    }
}
