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
//! said.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::doc::Kind;

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
