//! `plays.json`, the evening's record (docs/plays.md): every play derived from the saves
//! (`crate::plays::derive`), kept by save, so a year of game nights survives a save being
//! deleted, and the simulated players' Furtherance rates, computed once.
//!
//! The record follows the saves: a save written since its plays were derived (its `saved_at`
//! moved) is read again, and only that one; a save no longer in `saves/` keeps its plays.
//! Written atomically, read bounded; a missing file is rebuilt from the saves, and one that
//! cannot be read is kept beside (`plays-damaged-<time>.json`) and rebuilt, with a note naming
//! both files. A read-only store reads and derives but writes nothing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::read::{self, Links};
use super::{ListingStatus, Problem, Store, StoreError, envelope};
use crate::plays::{self, Play, simulated};

/// The record's file name in the data folder.
pub const FILE: &str = "plays.json";
const FORMAT: &str = "tablemate-plays";
/// A play is under a kilobyte: this holds tens of thousands. A larger file is not read.
pub const MAX_BYTES: u64 = 32 * 1024 * 1024;

/// The plays of one save, as of the version of it they were derived from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct FromSave {
    saved_at: DateTime<Utc>,
    plays: Vec<Play>,
}

/// The simulated players' rates, and the [`simulated::VERSION`] that made them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct Simulated {
    version: u32,
    rates: Vec<simulated::Rate>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
struct RecordFile {
    format: String,
    saves: BTreeMap<String, FromSave>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    simulated: Option<Simulated>,
}

impl RecordFile {
    fn empty() -> RecordFile {
        RecordFile {
            format: FORMAT.into(),
            saves: BTreeMap::new(),
            simulated: None,
        }
    }
}

/// The record as it stands, and what a player should know of how it was read.
#[derive(Debug, Clone, Default)]
pub struct Record {
    /// Every play, oldest first.
    pub plays: Vec<Play>,
    /// Notes: the record was rebuilt (and why), a save whose plays could not be derived.
    pub notes: Vec<String>,
    /// Where the record is kept.
    pub path: PathBuf,
}

fn load(path: &Path) -> Result<Option<RecordFile>, StoreError> {
    if !read::present(path) {
        return Ok(None);
    }
    let bytes = read::read_limited(path, Links::Refuse, MAX_BYTES)?;
    let file: RecordFile = serde_json::from_slice(&bytes)
        .map_err(|e| StoreError::bad(path, Problem::NotJson(envelope::json_message(&e))))?;
    if file.format != FORMAT {
        return Err(StoreError::bad(
            path,
            Problem::Invalid(format!("its format is {:?}, not {FORMAT:?}", file.format)),
        ));
    }
    Ok(Some(file))
}

impl Store {
    /// Where the record of plays is kept.
    pub fn plays_path(&self) -> PathBuf {
        self.root.join(FILE)
    }

    /// The record of plays, brought up to date with the saves (and written, when it changed
    /// and this store may write).
    pub fn plays(&self) -> Record {
        let (file, notes) = self.plays_file();
        Record {
            plays: all_plays(&file),
            notes,
            path: self.plays_path(),
        }
    }

    /// The simulated players' Furtherance rates, from the record when it holds them for this
    /// [`simulated::VERSION`], else computed (playing every seed's game) and kept there.
    pub fn simulated_rates(&self) -> Result<Vec<simulated::Rate>, simulated::RateError> {
        if let Some(rates) = self.cached_simulated_rates() {
            return Ok(rates);
        }
        let rates = simulated::rates()?;
        self.keep_simulated_rates(&rates);
        Ok(rates)
    }

    /// The simulated players' rates if the record already holds them (reads only the
    /// record: the window asks this first and computes the rates off its own thread).
    pub fn cached_simulated_rates(&self) -> Option<Vec<simulated::Rate>> {
        load(&self.plays_path())
            .ok()
            .flatten()
            .and_then(|f| f.simulated)
            .filter(|s| s.version == simulated::VERSION)
            .map(|s| s.rates)
    }

    /// Keeps `rates` in the record for the next reading.
    pub fn keep_simulated_rates(&self, rates: &[simulated::Rate]) {
        let (mut file, _) = self.plays_file();
        file.simulated = Some(Simulated {
            version: simulated::VERSION,
            rates: rates.to_vec(),
        });
        self.write_plays(&file);
    }

    /// Reads the record, refreshes the saves that changed since, writes it back if it moved.
    fn plays_file(&self) -> (RecordFile, Vec<String>) {
        let path = self.plays_path();
        let mut notes = Vec::new();
        let (mut file, was) = match load(&path) {
            Ok(Some(file)) => (file.clone(), Some(file)),
            Ok(None) => {
                notes.push(format!(
                    "{} did not exist: the record was rebuilt from the saves",
                    path.display()
                ));
                (RecordFile::empty(), None)
            }
            Err(problem) => {
                let kept = self.keep_damaged(&path);
                notes.push(match kept {
                    Some(kept) => format!(
                        "{problem}; it was kept as {} and the record rebuilt from the saves",
                        kept.display()
                    ),
                    None => format!("{problem}; the record was rebuilt from the saves"),
                });
                (RecordFile::empty(), None)
            }
        };
        for listing in self.list() {
            let ListingStatus::Ok { saved_at, .. } = listing.status else {
                continue;
            };
            if file
                .saves
                .get(&listing.id)
                .is_some_and(|s| s.saved_at == saved_at)
            {
                continue;
            }
            match self.derive_plays(&listing.id, &listing.path) {
                Ok((saved_at, plays)) => {
                    file.saves
                        .insert(listing.id.clone(), FromSave { saved_at, plays });
                }
                Err(problem) => notes.push(format!("{}: {problem}", listing.id)),
            }
        }
        if was.as_ref() != Some(&file) {
            self.write_plays(&file);
        }
        (file, notes)
    }

    /// The plays of the save at `path`, and the version of it they come from.
    fn derive_plays(
        &self,
        id: &str,
        path: &Path,
    ) -> Result<(DateTime<Utc>, Vec<Play>), StoreError> {
        let bytes = read::read(path, Links::Refuse)?;
        let (opened, data) =
            envelope::open_with_data(&bytes).map_err(|p| StoreError::bad(path, p))?;
        let plays = plays::derive(opened.kind, id, &opened.title, &data)
            .map_err(|e| StoreError::bad(path, Problem::Invalid(e.to_string())))?;
        Ok((opened.saved_at, plays))
    }

    /// Moves a record that cannot be read aside, so rebuilding never destroys it.
    fn keep_damaged(&self, path: &Path) -> Option<PathBuf> {
        if self.read_only().is_some() {
            return None;
        }
        let stamp = Utc::now().format("%Y%m%d-%H%M%S");
        let kept = self.root.join(format!("plays-damaged-{stamp}.json"));
        std::fs::rename(path, &kept).ok().map(|()| kept)
    }

    /// Writes the record atomically (never from a read-only store; a failure only means the
    /// next reading derives again).
    fn write_plays(&self, file: &RecordFile) {
        if self.writable().is_err() {
            return;
        }
        if let Ok(bytes) = serde_json::to_vec(file)
            && bytes.len() as u64 <= MAX_BYTES
        {
            let _ = super::atomic::write(&self.plays_path(), &bytes);
        }
    }
}

/// Every play of the record, oldest first.
fn all_plays(file: &RecordFile) -> Vec<Play> {
    let mut plays: Vec<Play> = file
        .saves
        .values()
        .flat_map(|s| s.plays.iter().cloned())
        .collect();
    plays.sort_by(|a, b| a.start.cmp(&b.start).then_with(|| a.id.cmp(&b.id)));
    plays
}
