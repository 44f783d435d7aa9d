//! Rolling backups: `backups/<id>/<UTC time>.json`, each a whole envelope as it was before it
//! was replaced. Bounded per save; a burst of autosaves within a minute keeps one backup (the
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

use super::{BACKUPS_PER_SAVE, Problem, Store, StoreError, atomic, read_envelope};
use crate::doc::Kind;

/// Backups younger than this are replaced rather than added to.
const BURST_SECONDS: i64 = 60;

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
}

fn dir(store: &Store, id: &str) -> PathBuf {
    store.root.join("backups").join(id)
}

fn name_time(name: &str) -> Option<DateTime<Utc>> {
    let stem = name.strip_suffix(".json")?;
    let stamp = stem.split('_').next()?;
    DateTime::parse_from_rfc3339(&stamp.replace('h', ":"))
        .ok()
        .map(|d| d.with_timezone(&Utc))
}

fn is_pinned(name: &str) -> bool {
    name.contains(PINNED)
}

/// A backup name for `now` not yet used in `dir`: `<time>.json`, or `<time>_kept.json` when
/// pinned, with `_2`, `_3`... added if several are taken within one millisecond.
fn unique_name(dir: &Path, now: DateTime<Utc>, pinned: bool) -> String {
    // Colons are not allowed in Windows file names; 'h' stands in and is undone on reading.
    let stamp = now
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
        .replace(':', "h");
    let marker = if pinned { PINNED } else { "" };
    let mut name = format!("{stamp}{marker}.json");
    let mut n = 2;
    while dir.join(&name).exists() {
        name = format!("{stamp}{marker}_{n}.json");
        n += 1;
    }
    name
}

/// Backup file names of one save, newest first, without reading them.
fn names(dir: &Path) -> Vec<String> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| !n.starts_with('.') && n.ends_with(".json"))
        .collect();
    names.sort_by(|a, b| b.cmp(a));
    names
}

/// Keeps the good file at `path` as a backup before it is replaced (`replace` has just
/// validated it).
pub fn keep(store: &Store, id: &str, path: &Path) -> Result<(), StoreError> {
    let dir = dir(store, id);
    fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
    let now = Utc::now();
    if let Some(newest) = names(&dir).first()
        && !is_pinned(newest)
        && name_time(newest).is_some_and(|t| (now - t).num_seconds() < BURST_SECONDS)
    {
        // Within a burst: the newest backup becomes the previous version. Replaced
        // atomically; if the rename is lost in a power cut, the backup holds the version
        // before, which is still a whole backup.
        return link_or_copy(path, &dir.join(newest));
    }
    let to = dir.join(unique_name(&dir, now, false));
    link_or_copy(path, &to)?;
    atomic::sync_dir(&to);
    prune(&dir);
    Ok(())
}

/// Keeps a copy whatever its state (a deleted save's last version), pinned.
pub fn keep_any(store: &Store, id: &str, path: &Path) -> Result<(), StoreError> {
    keep_pinned(&dir(store, id), path).map(|_| ())
}

/// Keeps `path` as a pinned backup in `dir`; returns its name.
fn keep_pinned(dir: &Path, path: &Path) -> Result<String, StoreError> {
    fs::create_dir_all(dir).map_err(|e| StoreError::io(dir, e))?;
    let name = unique_name(dir, Utc::now(), true);
    let to = dir.join(&name);
    link_or_copy(path, &to)?;
    atomic::sync_dir(&to);
    prune(dir);
    Ok(name)
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
    let bytes = fs::read(from).map_err(|e| StoreError::io(from, e))?;
    atomic::write(to, &bytes).map_err(|e| StoreError::io(to, e))
}

fn prune(dir: &Path) {
    for old in names(dir).into_iter().skip(BACKUPS_PER_SAVE) {
        let _ = fs::remove_file(dir.join(old));
    }
}

/// Backups of `id`, newest first.
pub fn list(store: &Store, id: &str) -> Vec<Backup> {
    let dir = dir(store, id);
    let Ok(entries) = fs::read_dir(&dir) else {
        return Vec::new();
    };
    let mut out: Vec<Backup> = entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with('.') || !name.ends_with(".json") {
                return None;
            }
            let path = e.path();
            let content = match read_envelope(&path) {
                Ok(o) => Ok((o.kind, o.saved_at, o.summary)),
                Err(StoreError::Bad { problem, .. }) => Err(problem),
                Err(other) => Err(Problem::Invalid(other.to_string())),
            };
            Some(Backup {
                taken_at: name_time(&name),
                name,
                path,
                content,
            })
        })
        .collect();
    out.sort_by(|a, b| b.name.cmp(&a.name));
    out
}

/// Every save's backup folder under the data folder `root`.
pub fn dirs(root: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(root.join("backups")) else {
        return Vec::new();
    };
    entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .collect()
}

pub fn ids(store: &Store) -> Vec<String> {
    let Ok(entries) = fs::read_dir(store.root.join("backups")) else {
        return Vec::new();
    };
    let mut ids: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().is_dir())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    ids.sort();
    ids
}

pub fn restore(store: &Store, id: &str, backup: &str) -> Result<Option<String>, StoreError> {
    let path = store.save_path(id)?;
    if backup.contains(['/', '\\']) || backup.starts_with('.') {
        return Err(StoreError::NotFound(backup.to_string()));
    }
    let dir = dir(store, id);
    let from = dir.join(backup);
    if !from.exists() {
        return Err(StoreError::NotFound(backup.to_string()));
    }
    read_envelope(&from)?;
    let bytes = fs::read(&from).map_err(|e| StoreError::io(&from, e))?;
    // The version being replaced is kept as a pinned backup, outside the burst rule, so the
    // restore can always be undone.
    let previous = if path.exists() {
        Some(keep_pinned(&dir, &path)?)
    } else {
        None
    };
    atomic::write(&path, &bytes).map_err(|e| StoreError::io(&path, e))?;
    Ok(previous)
}
