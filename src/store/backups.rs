//! Rolling backups: `backups/<id>/<UTC time>_s<sequence>.json`, each a whole envelope as it
//! was before it was replaced. The sequence number counts up per save and orders the backups:
//! the time in the name is for people, and a clock that was once wrong (names in the future or
//! the past) cannot make pruning remove the newest real copy. Names without a sequence (older
//! versions of Tablemate, or files put there by hand) come before every numbered one. Bounded per save; a burst of autosaves within a minute keeps one backup (the
//! most recent previous version), so the ten kept span more than the last ten clicks.
//!
//! A backup taken by a restore or a deletion is pinned (`<time>_kept.json`): it is how that
//! restore or deletion is undone, so the burst rule never replaces it.
//!
//! A backup is a hard link to the file being replaced where the file system allows it (the
//! store never changes a file in place: every write makes a new file and renames it), else a
//! copy. Either way it costs no second full write and fsync on every autosave.

use std::fs;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::read::{self, Links};
use super::{BACKUPS_PER_SAVE, Problem, Store, StoreError, atomic, envelope};
use crate::doc::Kind;

/// Backups younger than this are replaced rather than added to.
const BURST_SECONDS: i64 = 60;

/// The folder under `backups/` that keeps the player's data files' backups (`userdata.rs`).
pub(super) const DATA_BACKUPS: &str = "data";

/// Marks a backup the burst rule must not replace.
const PINNED: &str = "_kept";

#[derive(Debug, Clone)]
pub struct Backup {
    /// File name inside `backups/<id>/`, what `restore_backup` takes.
    pub name: String,
    pub path: PathBuf,
    pub taken_at: Option<DateTime<Utc>>,
    /// What the backup holds, or why it cannot be restored.
    pub content: Result<(Kind, DateTime<Utc>, String), Problem>,
    /// Its size in bytes (0 if it could not be read).
    pub size: u64,
    /// Which version of the save it is: two backups with the same are the same file.
    pub version: Option<super::OnDisk>,
    /// The title the save had then (empty if none or unreadable).
    pub title: String,
    /// The label of the history entry it was at (its last action), if it could be read.
    pub last_action: Option<String>,
}

fn dir(store: &Store, id: &str) -> PathBuf {
    store.root.join("backups").join(id)
}

/// `backups/<id>` ready to use: created if missing, refused (named) if it is a link or
/// anything but a real folder, so nothing outside the data folder is written or deleted.
fn real_dir(store: &Store, id: &str, create: bool) -> Result<PathBuf, StoreError> {
    super::own_dir(&store.root.join("backups"))?;
    let dir = dir(store, id);
    if !read::present(&dir) {
        if create {
            fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        }
        return Ok(dir);
    }
    if read::real_dir(&dir) {
        Ok(dir)
    } else {
        Err(StoreError::bad(
            &dir,
            Problem::NotRegular("a symbolic link or a file where a backup folder belongs".into()),
        ))
    }
}

fn name_time(name: &str) -> Option<DateTime<Utc>> {
    let stem = name.strip_suffix(".json")?;
    let stamp = stem.split('_').next()?;
    DateTime::parse_from_rfc3339(&stamp.replace('h', ":"))
        .ok()
        .map(|d| d.with_timezone(&Utc))
}

/// The largest sequence number the store writes or believes: a backup a second for 30,000
/// years. A name carrying a larger one (`_s18446744073709551615`) was not written by the
/// store: it counts as a name without a sequence, so the next number never overflows and such
/// a name cannot stay "newest" forever.
pub(crate) const MAX_SEQUENCE: u64 = 999_999_999_999;

/// The sequence number in a backup's name (`..._s000012...`), 0 when it has none or carries
/// one the store could not have written (over [`MAX_SEQUENCE`], or not digits).
fn sequence(name: &str) -> u64 {
    let stem = name.strip_suffix(".json").unwrap_or(name);
    stem.split('_')
        .skip(1)
        .find_map(|part| {
            let digits = part.strip_prefix('s')?;
            (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
                .then(|| digits.parse::<u64>().ok())
                .flatten()
        })
        .filter(|n| *n <= MAX_SEQUENCE)
        .unwrap_or(0)
}

/// The sequence number after `newest`, checked: at [`MAX_SEQUENCE`] it stays there (names
/// then tie on the number and are told apart by `_2`, `_3`...).
fn next_sequence(newest: u64) -> u64 {
    newest
        .checked_add(1)
        .filter(|n| *n <= MAX_SEQUENCE)
        .unwrap_or(MAX_SEQUENCE)
}

/// Newest first: by sequence number, then (for names without one) by name.
fn newest_first(a: &str, b: &str) -> std::cmp::Ordering {
    sequence(b).cmp(&sequence(a)).then_with(|| b.cmp(a))
}

fn is_pinned(name: &str) -> bool {
    name.contains(PINNED)
}

/// A backup name for `now` not yet used in `dir`: `<time>_s<next sequence>.json`, with
/// `_kept` when pinned, and `_2`, `_3`... added if that name is somehow taken.
fn unique_name(dir: &Path, now: DateTime<Utc>, pinned: bool) -> String {
    // Colons are not allowed in Windows file names; 'h' stands in and is undone on reading.
    let next = next_sequence(names(dir).iter().map(|n| sequence(n)).max().unwrap_or(0));
    let stamp = format!(
        "{}_s{next:06}",
        now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
            .replace(':', "h")
    );
    let marker = if pinned { PINNED } else { "" };
    let mut name = format!("{stamp}{marker}.json");
    // `present`, not `exists`: a dangling link or a folder under that name is taken too.
    let mut n: u32 = 2;
    while read::present(&dir.join(&name)) && n < u32::MAX {
        name = format!("{stamp}{marker}_{n}.json");
        n += 1;
    }
    name
}

/// Backup file names of one save, newest first (by sequence number), without reading them: only regular files
/// named the way the store names backups (anything else in the folder is not the store's).
fn names(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        // A name that is not UTF-8 is not the store's: pruning could not name it back.
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| !n.starts_with('.') && name_time(n).is_some())
        .collect();
    names.sort_by(|a, b| newest_first(a, b));
    names
}

/// A backup just taken: the folder to prune once the save is replaced, and the backup that
/// pruning must keep whatever names sort after it.
pub struct Kept {
    dir: PathBuf,
    name: String,
}

/// Keeps the good file at `path` as a backup before it is replaced (`replace` has just
/// validated it). `pinned` for a version written behind the store's back: the burst rule
/// must not rotate it away.
pub fn keep(store: &Store, id: &str, path: &Path, pinned: bool) -> Result<Kept, StoreError> {
    let dir = real_dir(store, id, true)?;
    if pinned {
        return keep_pinned(&dir, path);
    }
    let now = Utc::now();
    // Only a backup the store numbered is replaced by the burst rule: a name without a
    // sequence (an older version's, or put there by hand) is never overwritten.
    if let Some(newest) = names(&dir).first()
        && sequence(newest) > 0
        && !is_pinned(newest)
        && name_time(newest).is_some_and(|t| (now - t).num_seconds().abs() < BURST_SECONDS)
    {
        // Within a burst: the newest backup becomes the previous version. Replaced
        // atomically; if the rename is lost in a power cut, the backup holds the version
        // before, which is still a whole backup.
        link_or_copy(path, &dir.join(newest))?;
        return Ok(Kept {
            name: newest.clone(),
            dir,
        });
    }
    let name = unique_name(&dir, now, false);
    let to = dir.join(&name);
    link_or_copy(path, &to)?;
    atomic::sync_dir(&to);
    Ok(Kept { dir, name })
}

/// The file a save held at the moment it was replaced, under a temporary name in its backup
/// folder: kept as a pinned backup if it differs from the version already backed up.
pub struct Caught {
    dir: PathBuf,
    tmp: PathBuf,
}

/// Catches what `path` holds right now (a hard link, else a copy) before it is replaced.
pub fn catch(store: &Store, id: &str, path: &Path) -> Result<Option<Caught>, StoreError> {
    let dir = real_dir(store, id, true)?;
    let tmp = atomic::temp_path(&dir.join("caught.json"));
    let _ = fs::remove_file(&tmp);
    if fs::hard_link(path, &tmp).is_err() {
        match read::read(path, Links::Refuse) {
            Ok(bytes) => atomic::write(&tmp, &bytes).map_err(|e| StoreError::io(&tmp, e))?,
            // Gone or unreadable now: nothing to keep.
            Err(_) => return Ok(None),
        }
    }
    Ok(Some(Caught { dir, tmp }))
}

/// The file a save held at the instant it was replaced (`file`, where the exchange put it),
/// moved into the backup folder to be settled like a caught one; None when it is the caught
/// file itself (the same inode, size and modified time: nothing was written in between) or
/// cannot be moved (then it is left where it is and named in the log, never deleted).
pub fn adopt(store: &Store, id: &str, file: PathBuf, caught: Option<&Caught>) -> Option<Caught> {
    if let (Some(c), Some(now)) = (caught, read::Stamp::at(&file))
        && read::Stamp::at(&c.tmp).is_some_and(|then| then.same_content(&now))
    {
        let _ = fs::remove_file(&file);
        return None;
    }
    let dir = real_dir(store, id, true).ok()?;
    let tmp = atomic::temp_path(&dir.join("caught.json"));
    let _ = fs::remove_file(&tmp);
    if let Err(e) = fs::rename(&file, &tmp) {
        crate::store::log::warn(&format!(
            "a version written by another program is left at {}: {e}",
            file.display()
        ));
        return None;
    }
    Some(Caught { dir, tmp })
}

impl Caught {
    /// Nothing was replaced: the temporary name goes.
    pub fn discard(self) {
        let _ = fs::remove_file(&self.tmp);
    }

    /// The save was replaced: if what it held is not `seen` (the bytes read and kept as
    /// `kept` before), another program wrote it in between, and it becomes a pinned backup.
    /// A program that wrote in place also changed `kept` (a hard link to the same file):
    /// `kept` is then written again from `seen`, so both versions stay.
    ///
    /// `stamp` is the stamp of `seen` when it was read: when the caught name is still that
    /// very file (the same inode, size and modified time: a hard link changes none of them),
    /// nothing was written in between and it is not read.
    pub fn settle(self, seen: Option<&[u8]>, stamp: Option<read::Stamp>, kept: Option<&Kept>) {
        if let (Some(stamp), Some(now)) = (stamp, read::Stamp::at(&self.tmp))
            && stamp.same_content(&now)
        {
            let _ = fs::remove_file(&self.tmp);
            return;
        }
        let theirs = read::read(&self.tmp, Links::Refuse).ok();
        if theirs.as_deref() == seen {
            let _ = fs::remove_file(&self.tmp);
            return;
        }
        if let (Some(seen), Some(kept)) = (seen, kept) {
            let path = kept.dir.join(&kept.name);
            if read::read(&path, Links::Refuse).ok().as_deref() != Some(seen)
                && let Err(e) = atomic::write(&path, seen)
            {
                crate::store::log::warn(&format!("{} could not be rewritten: {e}", path.display()));
            }
        }
        let name = unique_name(&self.dir, Utc::now(), true);
        let to = self.dir.join(&name);
        if fs::rename(&self.tmp, &to).is_ok() {
            atomic::sync_dir(&to);
            prune(&Kept {
                dir: self.dir,
                name,
            });
        } else {
            let _ = fs::remove_file(&self.tmp);
            crate::store::log::warn(&format!(
                "a version of {} written by another program could not be kept",
                to.display()
            ));
        }
    }
}

/// Keeps a copy whatever its state (a deleted save's last version), pinned.
pub fn keep_any(store: &Store, id: &str, path: &Path) -> Result<(), StoreError> {
    let dir = real_dir(store, id, true)?;
    let kept = keep_pinned(&dir, path)?;
    prune(&kept);
    Ok(())
}

/// Keeps `path` as a pinned backup in `dir`.
fn keep_pinned(dir: &Path, path: &Path) -> Result<Kept, StoreError> {
    let name = unique_name(dir, Utc::now(), true);
    let to = dir.join(&name);
    link_or_copy(path, &to)?;
    atomic::sync_dir(&to);
    Ok(Kept {
        dir: dir.to_path_buf(),
        name,
    })
}

/// Makes `to` hold what `from` holds, replacing it atomically: a hard link where possible,
/// else a copy. The linked file is never written again (the store only ever renames new
/// files over old ones), so the two names cannot drift apart.
fn link_or_copy(from: &Path, to: &Path) -> Result<(), StoreError> {
    let tmp = atomic::temp_path(to);
    let _ = fs::remove_file(&tmp);
    if fs::hard_link(from, &tmp).is_ok() {
        let renamed = fs::rename(&tmp, to);
        // When `to` already is `from` (a writer was killed between keeping the backup and
        // replacing the save), the rename does nothing and leaves `tmp`: remove it.
        let _ = fs::remove_file(&tmp);
        return renamed.map_err(|e| StoreError::io(to, e));
    }
    copy_to(from, to)
}

fn copy_to(from: &Path, to: &Path) -> Result<(), StoreError> {
    let bytes = read::read(from, Links::Refuse)?;
    atomic::write(to, &bytes).map_err(|e| StoreError::io(to, e))
}

/// Keeps the newest [`BACKUPS_PER_SAVE`] backups of the store's own naming by sequence number,
/// never the one just taken nor the newest numbered one, whatever times their names carry.
pub fn prune(kept: &Kept) {
    let all = names(&kept.dir);
    let newest = all.first().cloned();
    let mut excess = all.len().saturating_sub(BACKUPS_PER_SAVE);
    for old in all.into_iter().rev() {
        if excess == 0 {
            break;
        }
        if old != kept.name && Some(&old) != newest.as_ref() {
            let _ = fs::remove_file(kept.dir.join(old));
            excess -= 1;
        }
    }
}

/// Backups of `id`, newest first. A backup folder that is a link is refused, named.
pub fn list(store: &Store, id: &str) -> Result<Vec<Backup>, StoreError> {
    let dir = real_dir(store, id, false)?;
    let Ok(entries) = fs::read_dir(&dir) else {
        return Ok(Vec::new());
    };
    let mut out: Vec<Backup> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || !name.ends_with(".json") {
                return None;
            }
            let path = e.path();
            let bytes = read::read(&path, Links::Refuse);
            let size = bytes.as_ref().map_or(0, |b| b.len() as u64);
            let version = bytes.as_ref().ok().map(|b| super::OnDisk::of(b));
            let opened = bytes
                .and_then(|b| envelope::open_with_data(&b).map_err(|p| StoreError::bad(&path, p)));
            let (mut title, mut last_action) = (String::new(), None);
            let content = match opened {
                Ok((o, data)) => {
                    title = o.title.clone();
                    last_action = (crate::games::game(o.kind).history)(&data)
                        .ok()
                        .and_then(|lines| lines.into_iter().find(|l| l.current))
                        .map(|l| read::clean_text(&l.label));
                    Ok((o.kind, o.saved_at, o.summary))
                }
                Err(StoreError::Bad { problem, .. }) => Err(problem),
                Err(StoreError::Io { source, .. }) => Err(Problem::Unreadable(source.to_string())),
                Err(other) => Err(Problem::Unreadable(other.to_string())),
            };
            Some(Backup {
                taken_at: name_time(&name),
                name,
                path,
                content,
                size,
                version,
                title,
                last_action,
            })
        })
        .collect();
    out.sort_by(|a, b| newest_first(&a.name, &b.name));
    Ok(out)
}

/// Every save's backup folder under the data folder `root`.
pub fn dirs(root: &Path) -> Vec<PathBuf> {
    if super::own_dir(&root.join("backups")).is_err() {
        return Vec::new();
    }
    let Ok(entries) = fs::read_dir(root.join("backups")) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| read::real_dir(p))
        .collect()
}

pub fn ids(store: &Store) -> Vec<String> {
    if super::own_dir(&store.root.join("backups")).is_err() {
        return Vec::new();
    }
    let Ok(entries) = fs::read_dir(store.root.join("backups")) else {
        return Vec::new();
    };
    // `backups/data/` holds the backups of the player's data files (`userdata.rs`), never a
    // save's: it is not listed as one, nor is any folder whose name is not a save id.
    let mut ids: Vec<String> = entries
        .flatten()
        .filter(|e| read::real_dir(&e.path()))
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|id| id != DATA_BACKUPS && super::valid_id(id))
        .collect();
    ids.sort();
    ids
}

pub fn restore(store: &Store, id: &str, backup: &str) -> Result<Option<String>, StoreError> {
    store.save_path(id)?;
    if backup.contains(['/', '\\']) || backup.starts_with('.') {
        return Err(StoreError::NotFound(backup.to_string()));
    }
    let dir = real_dir(store, id, false)?;
    let from = dir.join(backup);
    if !read::present(&from) {
        return Err(StoreError::NotFound(backup.to_string()));
    }
    let bytes = read::read(&from, Links::Refuse)?;
    put_back(store, id, &from, &bytes)
}

/// Makes save `id` hold `bytes` (a kept copy read from `from`, checked here), keeping the
/// version it replaces as a pinned backup; returns that backup's name. `restore` and the
/// session sheet's restore code (`sheets.rs`) both come back this way.
pub fn put_back(
    store: &Store,
    id: &str,
    from: &Path,
    bytes: &[u8],
) -> Result<Option<String>, StoreError> {
    let path = store.save_path(id)?;
    let dir = real_dir(store, id, false)?;
    envelope::open(bytes).map_err(|p| StoreError::bad(from, p))?;
    let staged = atomic::Staged::new(&path, bytes).map_err(|e| StoreError::io(&path, e))?;
    // The version being replaced is kept as a pinned backup, outside the burst rule, so the
    // restore can always be undone; pruning keeps it whatever the other names say.
    let previous = if read::present(&path) {
        read::check_regular(&path, Links::Refuse)?;
        fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        Some(keep_pinned(&dir, &path)?)
    } else {
        None
    };
    staged.commit().map_err(|e| StoreError::io(&path, e))?;
    if let Some(kept) = &previous {
        prune(kept);
    }
    Ok(previous.map(|k| k.name))
}
