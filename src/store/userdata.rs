//! Saving a user's replacement of a bundled data file (their own Furtherance board or unit
//! cards) so that nothing is lost: the previous copy is kept in `backups/data/` (rolling, the
//! newest `KEEP` per file) before the new text is written atomically over it.

use std::fs;
use std::path::{Path, PathBuf};

use super::{Store, StoreError, atomic};

/// Backups kept per data file.
pub const KEEP: usize = 8;

/// The folder holding the backups of data file `rel` ("data/furtherance/units.json").
pub fn backup_dir(root: &Path, rel: &str) -> PathBuf {
    root.join("backups")
        .join("data")
        .join(rel.replace(['/', '\\'], "_"))
}

/// Writes `bytes` as the user's `rel` (validated by the caller), keeping the file it replaces
/// as a timestamped backup first. Returns where it was written.
pub fn save_with_backup(store: &Store, rel: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
    let path = store.root().join(rel);
    if path.exists() {
        let dir = backup_dir(store.root(), rel);
        fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
        let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%S%.3fZ");
        let backup = dir.join(format!("{stamp}.json"));
        let old = fs::read(&path).map_err(|e| StoreError::io(&path, e))?;
        atomic::write(&backup, &old).map_err(|e| StoreError::io(&backup, e))?;
        prune(&dir);
    }
    store.write_data(rel, bytes)
}

/// The backups of `rel`, oldest first.
pub fn backups(root: &Path, rel: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(backup_dir(root, rel))
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    files
}

fn prune(dir: &Path) {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "json"));
    files.sort();
    while files.len() > KEEP {
        let _ = fs::remove_file(files.remove(0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saving_a_data_file_keeps_the_one_it_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let rel = "data/furtherance/units.json";
        save_with_backup(&store, rel, b"first").unwrap();
        assert!(backups(dir.path(), rel).is_empty(), "nothing to keep yet");
        save_with_backup(&store, rel, b"second").unwrap();
        assert_eq!(fs::read(dir.path().join(rel)).unwrap(), b"second");
        let kept = backups(dir.path(), rel);
        assert_eq!(kept.len(), 1);
        assert_eq!(fs::read(&kept[0]).unwrap(), b"first");
    }

    #[test]
    fn only_the_newest_backups_are_kept() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let rel = "data/furtherance/board.json";
        for i in 0..KEEP + 3 {
            save_with_backup(&store, rel, format!("v{i}").as_bytes()).unwrap();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
        let kept = backups(dir.path(), rel);
        assert_eq!(kept.len(), KEEP);
        assert_eq!(
            fs::read(kept.last().unwrap()).unwrap(),
            format!("v{}", KEEP + 1).as_bytes()
        );
    }
}
