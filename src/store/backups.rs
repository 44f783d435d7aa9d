//! Rolling backups: `backups/<id>/<UTC time>.json`, each a whole envelope as it was before it
//! was replaced. Bounded per save; a burst of autosaves within a minute keeps one backup (the
//! most recent previous version), so the ten kept span more than the last ten clicks.

use std::fs;
use std::path::{Path, PathBuf};

use chrono::{DateTime, Utc};

use super::{BACKUPS_PER_SAVE, Problem, Store, StoreError, atomic, read_envelope};
use crate::doc::Kind;

/// Backups younger than this are replaced rather than added to.
const BURST_SECONDS: i64 = 60;

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

fn new_name(now: DateTime<Utc>) -> String {
    // Colons are not allowed in Windows file names; 'h' stands in and is undone on reading.
    format!(
        "{}.json",
        now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
            .replace(':', "h")
    )
}

/// Keeps a copy of the good file at `path` before it is replaced.
pub fn keep(store: &Store, id: &str, path: &Path) -> Result<(), StoreError> {
    let dir = dir(store, id);
    fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
    let now = Utc::now();
    let existing = list(store, id);
    if let Some(newest) = existing.first()
        && newest
            .taken_at
            .is_some_and(|t| (now - t).num_seconds() < BURST_SECONDS)
        && newest.content.is_ok()
    {
        // Within a burst: the newest backup becomes the previous version.
        copy_to(path, &newest.path)?;
        return Ok(());
    }
    copy_to(path, &dir.join(new_name(now)))?;
    prune(store, id);
    Ok(())
}

/// Keeps a copy whatever its state (a deleted save's last version).
pub fn keep_any(store: &Store, id: &str, path: &Path) -> Result<(), StoreError> {
    let dir = dir(store, id);
    fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
    let mut name = new_name(Utc::now());
    if dir.join(&name).exists() {
        name = name.replace(".json", "_1.json");
    }
    copy_to(path, &dir.join(name))?;
    prune(store, id);
    Ok(())
}

fn copy_to(from: &Path, to: &Path) -> Result<(), StoreError> {
    let bytes = fs::read(from).map_err(|e| StoreError::io(from, e))?;
    atomic::write(to, &bytes).map_err(|e| StoreError::io(to, e))
}

fn prune(store: &Store, id: &str) {
    for old in list(store, id).into_iter().skip(BACKUPS_PER_SAVE) {
        let _ = fs::remove_file(old.path);
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
    let from = dir(store, id).join(backup);
    if !from.exists() {
        return Err(StoreError::NotFound(backup.to_string()));
    }
    read_envelope(&from)?;
    let bytes = fs::read(&from).map_err(|e| StoreError::io(&from, e))?;
    // The version being replaced is kept as its own backup, outside the burst rule, so the
    // restore can always be undone.
    let previous = if path.exists() {
        let dir = dir(store, id);
        fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        let mut name = new_name(Utc::now());
        if dir.join(&name).exists() || name == backup {
            name = name.replace(".json", "_1.json");
        }
        copy_to(&path, &dir.join(&name))?;
        Some(name)
    } else {
        None
    };
    atomic::write(&path, &bytes).map_err(|e| StoreError::io(&path, e))?;
    prune(store, id);
    Ok(previous)
}
