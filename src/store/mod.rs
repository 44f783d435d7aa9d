//! Persistence: the only code in Tablemate that touches files.
//!
//! Layout of the data folder (`TABLEMATE_HOME`, else the platform's data directory):
//! `saves/<id>.json` one game or campaign each, `backups/<id>/<time>.json` the previous good
//! versions, `data/...` and `storybook-index/...` the user's replacements for bundled data,
//! `settings.json`, and `tablemate.lock`.
//!
//! Promises: a save is replaced atomically; the previous good file is kept as a backup; a file
//! that does not parse or validate is never overwritten or deleted, and every error names the
//! file and the problem; a second instance never writes.

mod atomic;
mod backups;
pub mod envelope;
mod lock;
mod transfer;
pub mod userdata;

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

pub use backups::Backup;
pub use envelope::Opened;
pub use lock::Holder;
pub use transfer::{FileReport, Imported, check_bytes, check_file};

use crate::doc::{GameDoc, Kind, Saved};

/// What is wrong with a file's content.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("the file is empty")]
    Empty,
    #[error("the file is {0} bytes, larger than any Tablemate file can be")]
    TooLarge(u64),
    #[error("the file is not UTF-8 text (bad byte at offset {offset})")]
    NotUtf8 { offset: usize },
    #[error("the file is not valid JSON: {0}")]
    NotJson(String),
    #[error("the file is not a Tablemate save ({})", format_note(.0))]
    NotTablemate(Option<String>),
    #[error("the save has no {0:?} field")]
    Missing(&'static str),
    #[error("the save has version {0}, which this Tablemate does not know (it reads 1 to {v})", v = envelope::VERSION)]
    UnknownVersion(u64),
    #[error("the save has kind {0:?}, which this Tablemate does not know")]
    UnknownKind(String),
    #[error("expected a {expected} save, found a {found} save")]
    WrongKind { expected: Kind, found: Kind },
    #[error("the content fails validation: {0}")]
    Invalid(String),
}

fn format_note(format: &Option<String>) -> String {
    match format {
        Some(f) => format!("its format is {f:?}, expected \"tablemate\""),
        None => "it has no \"format\": \"tablemate\" field".to_string(),
    }
}

impl Problem {
    /// A JSON error, its position moved into the file when the JSON parsed was a value
    /// starting at `at` in it.
    pub(crate) fn from_json(e: serde_json::Error, at: Option<envelope::Pos>) -> Problem {
        let what = match e.classify() {
            serde_json::error::Category::Eof => "it ends too early (truncated?)",
            serde_json::error::Category::Syntax => "syntax error",
            serde_json::error::Category::Data => "unexpected value",
            serde_json::error::Category::Io => "read error",
        };
        let message = e.to_string();
        let (text, _) = envelope::split_position(&message);
        let (line, column) = match at {
            Some(at) => at.shift(e.line(), e.column()),
            None => (e.line(), e.column()),
        };
        Problem::NotJson(format!("{what} at line {line} column {column}: {text}"))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{}: {problem}", path.display())]
    Bad { path: PathBuf, problem: Problem },
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error(
        "the data folder {} is in use by {}: Tablemate opened it read-only and will not save",
        root.display(), holder.description
    )]
    ReadOnly { root: PathBuf, holder: Holder },
    #[error("{} already exists: confirm to overwrite it, or choose another name", path.display())]
    Exists { path: PathBuf },
    #[error(
        "{} is damaged ({problem}): Tablemate will not overwrite it. Restore a backup or save a new copy.",
        path.display()
    )]
    WouldOverwriteDamaged { path: PathBuf, problem: Problem },
    #[error("there is no save called {0:?}")]
    NotFound(String),
    #[error("{0:?} is not a valid save id (letters, digits, '-' and '_' only)")]
    BadId(String),
    #[error("could not encode the save: {0}")]
    Encode(String),
}

impl StoreError {
    pub(crate) fn io(path: &Path, source: io::Error) -> Self {
        StoreError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    pub(crate) fn bad(path: &Path, problem: Problem) -> Self {
        StoreError::Bad {
            path: path.to_path_buf(),
            problem,
        }
    }
}

/// One line of the saved-games list.
#[derive(Debug, Clone)]
pub struct Listing {
    pub id: String,
    pub path: PathBuf,
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

/// Where a data file came from: the binary, or the user's replacement in the data folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Bundled(&'static str),
    User(PathBuf),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Bundled(p) => write!(f, "{p} (bundled)"),
            Origin::User(p) => write!(f, "{}", p.display()),
        }
    }
}

/// The open data folder.
#[derive(Debug)]
pub struct Store {
    root: PathBuf,
    access: Access,
    /// Saves this store has itself read and validated, or written, by (length, modified
    /// time). An autosave replacing such a file skips re-parsing it; any change behind the
    /// store's back changes the fingerprint and brings the full check back.
    verified: std::sync::Mutex<std::collections::HashMap<PathBuf, Fingerprint>>,
}

type Fingerprint = (u64, std::time::SystemTime);

fn fingerprint(path: &Path) -> Option<Fingerprint> {
    let meta = fs::metadata(path).ok()?;
    Some((meta.len(), meta.modified().ok()?))
}

#[derive(Debug)]
enum Access {
    Writable(#[allow(dead_code)] fs::File),
    ReadOnly(Holder),
}

/// How many backups each save keeps.
pub const BACKUPS_PER_SAVE: usize = 10;

impl Store {
    /// The data folder: `TABLEMATE_HOME` if set, else the platform's data directory.
    pub fn default_root() -> PathBuf {
        if let Some(home) = std::env::var_os("TABLEMATE_HOME").filter(|h| !h.is_empty()) {
            return PathBuf::from(home);
        }
        directories::ProjectDirs::from("org", "Tablemate", "tablemate")
            .map(|d| d.data_dir().to_path_buf())
            .unwrap_or_else(|| PathBuf::from("tablemate-data"))
    }

    /// Opens (creating if needed) the data folder and takes its lock. If another instance
    /// holds the lock, the store opens read-only: every write returns `ReadOnly`.
    pub fn open(root: impl Into<PathBuf>) -> Result<Store, StoreError> {
        let root = root.into();
        for dir in [root.clone(), root.join("saves"), root.join("backups")] {
            fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        }
        let lock_path = root.join("tablemate.lock");
        // A holder that is just exiting (or, in tests, a child process forked while our own
        // previous handle was open and not yet exec'd) keeps the lock for a moment: wait up
        // to a quarter of a second before settling for read-only.
        let mut outcome = lock::acquire(&lock_path).map_err(|e| StoreError::io(&lock_path, e))?;
        for _ in 0..12 {
            if matches!(outcome, lock::Outcome::Acquired(_)) {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
            outcome = lock::acquire(&lock_path).map_err(|e| StoreError::io(&lock_path, e))?;
        }
        let access = match outcome {
            lock::Outcome::Acquired(file) => {
                // Only the instance holding the lock may sweep: anything else could be the
                // file another instance is writing right now.
                atomic::sweep_temporaries(&root.join("saves"));
                atomic::sweep_temporaries(&root);
                for dir in backups::dirs(&root) {
                    atomic::sweep_temporaries(&dir);
                }
                Access::Writable(file)
            }
            lock::Outcome::HeldBy(holder) => Access::ReadOnly(holder),
        };
        Ok(Store {
            root,
            access,
            verified: Default::default(),
        })
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// `Some(holder)` when another instance owns the folder and this one must not write.
    pub fn read_only(&self) -> Option<&Holder> {
        match &self.access {
            Access::ReadOnly(h) => Some(h),
            Access::Writable(_) => None,
        }
    }

    fn writable(&self) -> Result<(), StoreError> {
        match &self.access {
            Access::Writable(_) => Ok(()),
            Access::ReadOnly(holder) => Err(StoreError::ReadOnly {
                root: self.root.clone(),
                holder: holder.clone(),
            }),
        }
    }

    pub fn saves_dir(&self) -> PathBuf {
        self.root.join("saves")
    }

    pub fn save_path(&self, id: &str) -> Result<PathBuf, StoreError> {
        check_id(id)?;
        Ok(self.saves_dir().join(format!("{id}.json")))
    }

    /// A new unique id for a save of `kind`, e.g. `furtherance-20261122-0915-3`.
    pub fn new_id(&self, kind: Kind) -> String {
        let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
        let base = format!("{}-{stamp}", kind.as_str());
        let mut id = base.clone();
        let mut n = 2;
        while self.saves_dir().join(format!("{id}.json")).exists() {
            id = format!("{base}-{n}");
            n += 1;
        }
        id
    }

    /// Every save, newest first; damaged files are listed too, with their problem.
    pub fn list(&self) -> Vec<Listing> {
        let dir = self.saves_dir();
        let mut out = Vec::new();
        let Ok(entries) = fs::read_dir(&dir) else {
            return out;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || !name.ends_with(".json") {
                continue;
            }
            let id = name.trim_end_matches(".json").to_string();
            let status = match read_envelope(&path) {
                Ok(o) => {
                    self.mark_verified(&path);
                    ListingStatus::Ok {
                        kind: o.kind,
                        saved_at: o.saved_at,
                        summary: o.summary,
                    }
                }
                Err(StoreError::Bad { problem, .. }) => ListingStatus::Damaged {
                    problem,
                    modified: modified(&path),
                },
                Err(other) => ListingStatus::Damaged {
                    problem: Problem::Invalid(other.to_string()),
                    modified: modified(&path),
                },
            };
            out.push(Listing { id, path, status });
        }
        out.sort_by(|a, b| b.when().cmp(&a.when()).then_with(|| a.id.cmp(&b.id)));
        out
    }

    /// Reads and validates save `id` of game `T`.
    pub fn load<T: GameDoc>(&self, id: &str) -> Result<Saved<T>, StoreError> {
        let path = self.save_path(id)?;
        if !path.exists() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let bytes = read_bounded(&path)?;
        let saved = envelope::open_as(&bytes).map_err(|p| StoreError::bad(&path, p))?;
        self.mark_verified(&path);
        Ok(saved)
    }

    fn mark_verified(&self, path: &Path) {
        if let (Some(fp), Ok(mut map)) = (fingerprint(path), self.verified.lock()) {
            map.insert(path.to_path_buf(), fp);
        }
    }

    /// True when `path` is exactly as this store last verified or wrote it.
    fn still_verified(&self, path: &Path) -> bool {
        match (fingerprint(path), self.verified.lock()) {
            (Some(fp), Ok(map)) => map.get(path) == Some(&fp),
            _ => false,
        }
    }

    /// Reads and validates save `id`, whatever its kind.
    pub fn open_save(&self, id: &str) -> Result<Opened, StoreError> {
        let path = self.save_path(id)?;
        if !path.exists() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        read_envelope(&path)
    }

    /// Writes save `id` atomically, keeping the previous good version as a backup. Refuses
    /// to replace a file that is damaged.
    pub fn save<T: GameDoc>(&self, id: &str, saved: &Saved<T>) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.save_path(id)?;
        let summary = saved.summary();
        let bytes = envelope::encode(T::KIND, &summary, Utc::now(), saved)
            .map_err(|e| StoreError::Encode(e.to_string()))?;
        self.replace(id, &path, &bytes)
    }

    /// Writes already-validated envelope bytes for `id` (imports, restores).
    fn replace(&self, id: &str, path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        if path.exists() {
            let check = if self.still_verified(path) {
                Ok(())
            } else {
                read_envelope(path).map(|_| ())
            };
            match check {
                Ok(()) => backups::keep(self, id, path)?,
                Err(StoreError::Bad { problem, .. }) => {
                    return Err(StoreError::WouldOverwriteDamaged {
                        path: path.to_path_buf(),
                        problem,
                    });
                }
                Err(e) => return Err(e),
            }
        }
        atomic::write(path, bytes).map_err(|e| StoreError::io(path, e))?;
        self.mark_verified(path);
        Ok(())
    }

    /// Removes save `id` from the list; its last version stays in its backups, so the
    /// deletion can be undone by restoring it.
    pub fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.save_path(id)?;
        if !path.exists() {
            return Err(StoreError::NotFound(id.to_string()));
        }
        backups::keep_any(self, id, &path)?;
        fs::remove_file(&path).map_err(|e| StoreError::io(&path, e))
    }

    /// The backups of save `id`, newest first.
    pub fn backups(&self, id: &str) -> Result<Vec<Backup>, StoreError> {
        check_id(id)?;
        Ok(backups::list(self, id))
    }

    /// Ids that have backups, including deleted saves (to bring them back).
    pub fn ids_with_backups(&self) -> Vec<String> {
        backups::ids(self)
    }

    /// Puts backup `backup` back as save `id`. The version it replaces becomes a backup
    /// itself, returned so the restore can be undone.
    pub fn restore_backup(&self, id: &str, backup: &str) -> Result<Option<String>, StoreError> {
        self.writable()?;
        backups::restore(self, id, backup)
    }

    /// Reads user replacement `rel` (e.g. `data/furtherance/units.json`) from the data folder,
    /// else the bundled file.
    pub fn data_text(&self, rel: &str) -> Result<(String, Origin), StoreError> {
        data_text(Some(&self.root), rel)
    }

    /// Saves a user replacement of a bundled data file (validated by the caller).
    pub fn write_data(&self, rel: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
        self.writable()?;
        let path = self.root.join(rel);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| StoreError::io(dir, e))?;
        }
        atomic::write(&path, bytes).map_err(|e| StoreError::io(&path, e))?;
        Ok(path)
    }

    /// Reads the settings file; a missing file gives defaults, a damaged one an error (and
    /// the caller uses defaults without overwriting it).
    pub fn read_settings<T: serde::de::DeserializeOwned + Default>(&self) -> Result<T, StoreError> {
        peek_settings(&self.root)
    }

    pub fn write_settings<T: serde::Serialize>(&self, settings: &T) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.root.join("settings.json");
        let bytes =
            serde_json::to_vec_pretty(settings).map_err(|e| StoreError::Encode(e.to_string()))?;
        atomic::write(&path, &bytes).map_err(|e| StoreError::io(&path, e))
    }
}

/// Reads `settings.json` under `root` without opening the store (no lock, no writes): the
/// window needs the large-type setting before the app boots.
pub fn peek_settings<T: serde::de::DeserializeOwned + Default>(
    root: &Path,
) -> Result<T, StoreError> {
    let path = root.join("settings.json");
    if !path.exists() {
        return Ok(T::default());
    }
    let bytes = read_bounded(&path)?;
    let text = envelope::as_text(&bytes).map_err(|p| StoreError::bad(&path, p))?;
    serde_json::from_str(text).map_err(|e| StoreError::bad(&path, Problem::from_json(e, None)))
}

/// A data file's text: the user's replacement under `root` if there is one, else bundled.
pub fn data_text(root: Option<&Path>, rel: &str) -> Result<(String, Origin), StoreError> {
    if let Some(root) = root {
        let path = root.join(rel);
        if path.exists() {
            let bytes = read_bounded(&path)?;
            let text = envelope::as_text(&bytes).map_err(|p| StoreError::bad(&path, p))?;
            return Ok((text.to_string(), Origin::User(path)));
        }
    }
    let (path, text) = crate::bundled::FILES
        .iter()
        .find(|(p, _)| *p == rel)
        .ok_or_else(|| StoreError::NotFound(rel.to_string()))?;
    Ok((text.to_string(), Origin::Bundled(path)))
}

fn check_id(id: &str) -> Result<(), StoreError> {
    let ok = !id.is_empty()
        && id.len() <= 120
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(StoreError::BadId(id.to_string()))
    }
}

fn modified(path: &Path) -> Option<DateTime<Utc>> {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .map(DateTime::<Utc>::from)
}

/// Reads a file, refusing anything larger than a save can be.
pub(crate) fn read_bounded(path: &Path) -> Result<Vec<u8>, StoreError> {
    let len = fs::metadata(path)
        .map_err(|e| StoreError::io(path, e))?
        .len();
    if len > envelope::MAX_FILE_BYTES {
        return Err(StoreError::bad(path, Problem::TooLarge(len)));
    }
    fs::read(path).map_err(|e| StoreError::io(path, e))
}

/// Reads a file outside the data folder (or in it) as UTF-8 text, with the same size bound as
/// [`read_bounded`]; the error names the file.
pub fn read_text(path: &Path) -> Result<String, StoreError> {
    let bytes = read_bounded(path)?;
    String::from_utf8(bytes).map_err(|e| {
        StoreError::bad(
            path,
            Problem::NotUtf8 {
                offset: e.utf8_error().valid_up_to(),
            },
        )
    })
}

/// Writes a file outside the data folder (an export) atomically. Refuses to replace an
/// existing file unless `overwrite`: then the error is [`StoreError::Exists`].
pub fn write_file(dest: &Path, bytes: &[u8], overwrite: bool) -> Result<(), StoreError> {
    transfer::write_export(dest, bytes, overwrite)
}

/// Reads, migrates and validates the envelope at `path`.
pub fn read_envelope(path: &Path) -> Result<Opened, StoreError> {
    let bytes = read_bounded(path)?;
    envelope::open(&bytes).map_err(|p| StoreError::bad(path, p))
}
