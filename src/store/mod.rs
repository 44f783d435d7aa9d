//! Persistence: the only code in Tablemate that touches files.
//!
//! Layout of the data folder (`TABLEMATE_HOME`, else the platform's data directory):
//! `saves/<id>.json` one game or campaign each, `backups/<id>/<time>.json` the previous good
//! versions, `data/...` and `storybook-index/...` the user's replacements for bundled data,
//! `settings.json`, `listing.json` (what the saved-games list shows, a cache: `listing.rs`), and
//! `tablemate.lock`.
//!
//! Promises: a save is replaced atomically; the previous good file is kept as a backup; a file
//! that does not parse or validate is never overwritten or deleted, and every error names the
//! file and the problem; a second instance never writes.

mod atomic;
mod backups;
pub mod challenge_decks;
mod datafiles;
pub mod envelope;
mod error;
mod files;
mod ids;
mod links;
mod listing;
mod lock;
pub mod log;
pub mod plays;
mod prepared;
mod read;
pub mod report;
mod script;
pub mod sheets;
pub mod storybook;
mod transfer;
mod userdata;
mod version;

use std::fs;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

pub use backups::Backup;
pub use datafiles::{load_data, read_data, read_data_optional, rules_library};
pub use envelope::Opened;
pub use error::{Problem, StoreError};
pub(crate) use files::read_bounded;
pub use files::{
    MAX_DATA_BYTES, Origin, data_text, peek_settings, read_envelope, read_save_data, read_text,
    write_file,
};
use ids::check_id;
pub use ids::{MAX_ID_LEN, valid_id};
pub use listing::{Listing, ListingStatus};
pub use lock::Holder;
pub use prepared::Prepared;
#[doc(hidden)]
pub use read::bytes_read_on_this_thread;
pub use read::{clean_lines, clean_text};
pub use script::ScriptFailed;
pub use transfer::{Exported, FileReport, Imported, check_bytes, check_file, check_file_deep};
pub use version::OnDisk;

use crate::doc::{GameDoc, Kind, Saved};

/// The open data folder. `Store` is `Send + Sync`: share it with a writer thread through an
/// `Arc<Store>`; every method takes `&self`, and the lock it holds is the folder's, not the
/// thread's.
pub struct Store {
    root: PathBuf,
    access: Access,
    /// Saves this store has itself read and validated, or written: by the file's stamp (size,
    /// modified and changed times, inode) where the platform gives one, else by a hash of the
    /// whole content. An autosave replacing such a file skips re-parsing it; any change behind
    /// the store's back (even one keeping the size and the modified time: the changed time or
    /// the hash moves) brings the full check back, and the outside version is kept as a pinned
    /// backup.
    verified: std::sync::Mutex<std::collections::HashMap<PathBuf, Seen>>,
    /// Called just before a new version is renamed over a save (see [`Store::set_fault_hook`]).
    fault_hook: std::sync::Mutex<Option<FaultHook>>,
    /// Called at the last instant before a save is replaced (see [`Store::set_race_hook`]).
    race_hook: std::sync::Mutex<Option<RaceHook>>,
}

impl std::fmt::Debug for Store {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Store")
            .field("root", &self.root)
            .field("access", &self.access)
            .finish_non_exhaustive()
    }
}

/// What a test runs at the last moment before a save is replaced: it may change the file
/// behind the store's back, or fail the write (a full disk) by returning an error.
pub type FaultHook = Box<dyn Fn(&Path) -> std::io::Result<()> + Send + Sync>;

/// What [`Store::set_race_hook`] runs: another program's write at the worst moment.
pub type RaceHook = Box<dyn Fn(&Path) + Send + Sync>;

type Fingerprint = (u64, u64);

/// How the store knows one version of a file it read and validated, or wrote: by its stamp
/// where the platform gives one (nothing to hash), else by its content.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    Stamp(read::Stamp),
    Content(Fingerprint),
}

impl Seen {
    fn of(bytes: &[u8], stamp: Option<read::Stamp>) -> Seen {
        match stamp {
            Some(stamp) => Seen::Stamp(stamp),
            None => Seen::Content(fingerprint(bytes)),
        }
    }
}

/// Length and a 64-bit hash of the whole content.
fn fingerprint(bytes: &[u8]) -> Fingerprint {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut h);
    (bytes.len() as u64, h.finish())
}

// A writer thread needs it: this fails to compile if a field ever stops being shareable.
const _: fn() = || {
    fn shareable<T: Send + Sync>() {}
    shareable::<Store>();
    shareable::<Prepared>();
};

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
        fs::create_dir_all(&root).map_err(|e| StoreError::io(&root, e))?;
        let mut unwritable = None;
        for dir in [root.join("saves"), root.join("backups")] {
            // `saves/` or `backups/` as a symbolic link (or a file) is not followed: the store
            // opens read-only and says why, and reads no save through it (docs/store.md).
            if let Err(e) = own_dir(&dir) {
                unwritable = Some(e);
            } else if let Err(e) = fs::create_dir_all(&dir) {
                unwritable = Some(StoreError::io(&dir, e));
            }
        }
        let lock_path = root.join("tablemate.lock");
        // A folder Tablemate cannot write (a read-only disk, a lock file owned by another
        // user) still opens: read-only, so the saves can be listed, shown, checked and
        // exported.
        let cannot_write = |e: StoreError| {
            lock::Outcome::HeldBy(Holder {
                description: format!("nobody: Tablemate cannot write here ({e})"),
            })
        };
        let try_lock = || match lock::acquire(&lock_path) {
            Ok(outcome) => outcome,
            Err(e) => cannot_write(StoreError::io(&lock_path, e)),
        };
        let mut outcome = match unwritable {
            Some(e) => cannot_write(e),
            None => try_lock(),
        };
        // A holder that is just exiting (or, in tests, a child process forked while our own
        // previous handle was open and not yet exec'd) keeps the lock for a moment: wait up
        // to a quarter of a second before settling for read-only.
        for _ in 0..12 {
            match &outcome {
                lock::Outcome::Acquired(_) => break,
                lock::Outcome::HeldBy(h) if h.description.starts_with("nobody:") => break,
                lock::Outcome::HeldBy(_) => {}
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
            outcome = try_lock();
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
            fault_hook: Default::default(),
            race_hook: Default::default(),
        })
    }

    /// For tests of what the store and the app do when the disk fails or another program
    /// writes at the worst moment: `hook` runs just before every save is replaced, with the
    /// save's path; an error it returns fails that save as an I/O error. `None` removes it.
    #[doc(hidden)]
    pub fn set_fault_hook(&self, hook: Option<FaultHook>) {
        if let Ok(mut slot) = self.fault_hook.lock() {
            *slot = hook;
        }
    }

    /// For tests of the race with another program: `hook` runs after the store's last look at
    /// a save, just before the new version goes in (the moment no check can cover).
    #[doc(hidden)]
    pub fn set_race_hook(&self, hook: Option<RaceHook>) {
        if let Ok(mut slot) = self.race_hook.lock() {
            *slot = hook;
        }
    }

    fn run_race_hook(&self, path: &Path) {
        if let Ok(slot) = self.race_hook.lock()
            && let Some(hook) = slot.as_ref()
        {
            hook(path);
        }
    }

    fn run_fault_hook(&self, path: &Path) -> std::io::Result<()> {
        match self.fault_hook.lock() {
            Ok(slot) => slot.as_ref().map_or(Ok(()), |hook| hook(path)),
            Err(_) => Ok(()),
        }
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

    /// Why `saves/` cannot be used, when it is a symbolic link or not a folder (the list is
    /// then empty for that reason, not because there are no saves).
    pub fn saves_problem(&self) -> Option<StoreError> {
        own_dir(&self.saves_dir()).err()
    }

    pub fn save_path(&self, id: &str) -> Result<PathBuf, StoreError> {
        check_id(id)?;
        let dir = self.saves_dir();
        own_dir(&dir)?;
        Ok(dir.join(format!("{id}.json")))
    }

    /// A new unique id for a save of `kind`, e.g. `furtherance-20261122-0915-3`.
    pub fn new_id(&self, kind: Kind) -> String {
        let stamp = chrono::Local::now().format("%Y%m%d-%H%M%S");
        let base = format!("{}-{stamp}", kind.as_str());
        let mut id = base.clone();
        let mut n = 2;
        while read::present(&self.saves_dir().join(format!("{id}.json"))) {
            id = format!("{base}-{n}");
            n += 1;
        }
        id
    }

    /// Reads and validates save `id` of game `T`.
    pub fn load<T: GameDoc>(&self, id: &str) -> Result<Saved<T>, StoreError> {
        self.load_with_bytes(id).map(|(saved, _)| saved)
    }

    /// [`Store::load`], and the bytes it read (for [`Store::load_versioned`]).
    fn load_with_bytes<T: GameDoc>(&self, id: &str) -> Result<(Saved<T>, Vec<u8>), StoreError> {
        let path = self.save_path(id)?;
        if !read::present(&path) {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let (bytes, stamp) = read::read_stamped(&path, read::Links::Refuse)?;
        let saved = envelope::open_as(&bytes).map_err(|p| StoreError::bad(&path, p))?;
        self.mark_verified(&path, Seen::of(&bytes, stamp));
        Ok((saved, bytes))
    }

    /// Reads and validates a file inside the data folder (never through a link).
    fn read_own(&self, path: &Path) -> Result<(Opened, Seen), StoreError> {
        let (bytes, stamp) = read::read_stamped(path, read::Links::Refuse)?;
        let opened = envelope::open(&bytes).map_err(|p| StoreError::bad(path, p))?;
        Ok((opened, Seen::of(&bytes, stamp)))
    }

    fn mark_verified(&self, path: &Path, seen: Seen) {
        if let Ok(mut map) = self.verified.lock() {
            map.insert(path.to_path_buf(), seen);
        }
    }

    /// Whether `bytes`, read from `path` under `stamp`, are a version this store read and
    /// validated, or wrote.
    fn is_verified(&self, path: &Path, bytes: &[u8], stamp: Option<read::Stamp>) -> bool {
        let Ok(map) = self.verified.lock() else {
            return false;
        };
        match map.get(path) {
            Some(Seen::Stamp(seen)) => stamp == Some(*seen),
            Some(Seen::Content(fp)) => fingerprint(bytes) == *fp,
            None => false,
        }
    }

    /// Reads and validates save `id`, whatever its kind.
    pub fn open_save(&self, id: &str) -> Result<Opened, StoreError> {
        let path = self.save_path(id)?;
        if !read::present(&path) {
            return Err(StoreError::NotFound(id.to_string()));
        }
        self.read_own(&path).map(|(o, _)| o)
    }

    /// Writes save `id` atomically, keeping the previous good version as a backup. Refuses
    /// to replace a file that is damaged.
    pub fn save<T: GameDoc>(&self, id: &str, saved: &Saved<T>) -> Result<(), StoreError> {
        self.write_prepared(id, &Prepared::new(saved)?)
    }

    /// Writes a save serialised earlier (on the UI thread) by [`Prepared::new`]: what a writer
    /// thread does. Same promises as [`Store::save`].
    pub fn write_prepared(&self, id: &str, prepared: &Prepared) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.save_path(id)?;
        self.replace(id, &path, &prepared.bytes)
    }

    /// Writes already-validated envelope bytes for `id` (imports, restores).
    fn replace(&self, id: &str, path: &Path, bytes: &[u8]) -> Result<(), StoreError> {
        self.replace_known(id, path, bytes, None)
    }

    /// [`Store::replace`], where `known` is what this store has just read of `path` and
    /// validated, with the file's stamp then: while the stamp holds, the file is not read
    /// again (`tablemate act` reads its save once).
    fn replace_known(
        &self,
        id: &str,
        path: &Path,
        bytes: &[u8],
        known: Option<(&[u8], read::Stamp)>,
    ) -> Result<(), StoreError> {
        // Never write what the store would refuse to read back; say what is in it.
        if bytes.len() as u64 > envelope::MAX_FILE_BYTES {
            return Err(StoreError::bad(
                path,
                Problem::TooLargeToSave {
                    bytes: bytes.len() as u64,
                    title_chars: envelope::title_chars(bytes),
                },
            ));
        }
        // The new version is written and synced under a temporary name first: if that fails
        // (disk full, folder not writable) no backup has been rotated and nothing changed.
        let staged = atomic::Staged::new(path, bytes).map_err(|e| StoreError::io(path, e))?;
        let mut kept = None;
        let mut seen = None;
        if read::present(path) {
            // Unchanged since this store read and validated it: the bytes read are what it
            // holds, and it is not read again.
            let unchanged = known.filter(|(_, stamp)| read::Stamp::at(path) == Some(*stamp));
            let (old, stamp, outside) = match unchanged {
                Some((old, stamp)) => (std::borrow::Cow::Borrowed(old), Some(stamp), false),
                None => {
                    let (old, stamp) = match read::read_stamped(path, read::Links::Refuse) {
                        Ok(read) => read,
                        Err(StoreError::Bad { problem, .. }) => {
                            return Err(StoreError::WouldOverwriteDamaged {
                                path: path.to_path_buf(),
                                problem,
                            });
                        }
                        Err(e) => return Err(e),
                    };
                    // A file this store did not write or read as it is now was changed
                    // behind its back: it must be good to be replaced, and it is kept
                    // pinned, so that no burst of autosaves can rotate it away.
                    let outside = !self.is_verified(path, &old, stamp);
                    if outside && let Err(problem) = envelope::open(&old) {
                        return Err(StoreError::WouldOverwriteDamaged {
                            path: path.to_path_buf(),
                            problem,
                        });
                    }
                    (std::borrow::Cow::Owned(old), stamp, outside)
                }
            };
            kept = Some(backups::keep(self, id, path, outside)?);
            seen = Some((old, stamp));
        }
        self.run_fault_hook(path)
            .map_err(|e| StoreError::io(path, e))?;
        // Another program may have written the save since it was read above. The version
        // about to be replaced is caught under a second name (a hard link, so whatever is
        // there at the rename is what it holds) and kept as a pinned backup if it is not
        // the version already kept: nothing the store did not write is lost.
        let caught = match read::present(path) {
            true => backups::catch(self, id, path)?,
            false => None,
        };
        let written = staged.stamp();
        self.run_race_hook(path);
        // The new version and whatever is at `path` at this instant change places in one
        // step, so a replacement by another program since the catch above is not lost either.
        let displaced = match staged.exchange() {
            Ok(displaced) => displaced,
            Err(e) => {
                if let Some(c) = caught {
                    c.discard();
                }
                return Err(StoreError::io(path, e));
            }
        };
        // What is at `path` now is the file just written (the same inode, size and modified
        // time: the rename changes only its changed time), known by its stamp from here on.
        let now = read::Stamp::at(path).filter(|now| written.is_some_and(|w| w.same_content(now)));
        self.mark_verified(path, Seen::of(bytes, now));
        let (old, stamp) = seen
            .as_ref()
            .map_or((None, None), |(b, s)| (Some(b.as_ref()), *s));
        // What the exchange took out of place: the caught file itself (nothing happened in
        // between) goes; anything else was written by another program after the catch.
        let late = displaced.and_then(|file| backups::adopt(self, id, file, caught.as_ref()));
        if let Some(c) = caught {
            c.settle(old, stamp, kept.as_ref());
        }
        if let Some(late) = late {
            late.settle(old, stamp, kept.as_ref());
        }
        if let Some(kept) = kept {
            backups::prune(&kept);
        }
        Ok(())
    }

    /// Removes save `id` from the list; its last version stays in its backups, so the
    /// deletion can be undone by restoring it.
    pub fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.save_path(id)?;
        if !read::present(&path) {
            return Err(StoreError::NotFound(id.to_string()));
        }
        read::check_regular(&path, read::Links::Refuse)?;
        backups::keep_any(self, id, &path)?;
        fs::remove_file(&path).map_err(|e| StoreError::io(&path, e))
    }

    /// The backups of save `id`, newest first.
    pub fn backups(&self, id: &str) -> Result<Vec<Backup>, StoreError> {
        check_id(id)?;
        backups::list(self, id)
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
        if bytes.len() as u64 > MAX_DATA_BYTES {
            return Err(StoreError::bad(
                &path,
                Problem::TooLarge(bytes.len() as u64),
            ));
        }
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

/// `saves/` or `backups/` of the data folder, as the store uses it: a real folder, or nothing
/// yet. A symbolic link there (or a file) is refused with the reason: everything under it may
/// be outside the data folder, and the store neither reads nor writes through a link.
pub(crate) fn own_dir(dir: &Path) -> Result<(), StoreError> {
    match fs::symlink_metadata(dir) {
        Ok(meta) if meta.file_type().is_dir() => Ok(()),
        Ok(meta) => {
            let what = match meta.file_type().is_symlink() {
                true => "a symbolic link",
                false => "not a folder",
            };
            Err(StoreError::io(
                dir,
                std::io::Error::other(format!(
                    "it is {what}: Tablemate neither reads nor writes saves through it (to keep the \
                     data somewhere else, point TABLEMATE_HOME at that folder)"
                )),
            ))
        }
        Err(_) => Ok(()),
    }
}

fn modified(path: &Path) -> Option<DateTime<Utc>> {
    fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .map(DateTime::<Utc>::from)
}
