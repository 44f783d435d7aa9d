//! The player's own data files (a user replacement or their storybook index) written with a
//! backup first, like saves: the previous version is copied to `backups/data/<path>/<UTC
//! time>.json` before it is replaced, and the last `BACKUPS_PER_SAVE` copies are kept.

use std::fs;
use std::path::PathBuf;

use chrono::Utc;

use super::{BACKUPS_PER_SAVE, Store, StoreError, atomic};

impl Store {
    /// Where the backups of user data file `rel` go.
    pub fn data_backup_dir(&self, rel: &str) -> PathBuf {
        let flat: String = rel
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        self.root().join("backups").join("data").join(flat)
    }

    /// Backs up the current `rel` (if there is one), then writes `bytes` in its place. The
    /// caller has checked that the current file is one it may replace (an unreadable index is
    /// never replaced). Returns the written path.
    pub fn write_data_backed_up(&self, rel: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
        self.writable()?;
        let path = self.root().join(rel);
        if path.exists() {
            let old = fs::read(&path).map_err(|e| StoreError::io(&path, e))?;
            let dir = self.data_backup_dir(rel);
            fs::create_dir_all(&dir).map_err(|e| StoreError::io(&dir, e))?;
            let name = format!("{}.json", Utc::now().format("%Y%m%dT%H%M%S%.3fZ"));
            let dest = dir.join(name);
            atomic::write(&dest, &old).map_err(|e| StoreError::io(&dest, e))?;
            let mut all = self.data_backups(rel);
            while all.len() > BACKUPS_PER_SAVE {
                let oldest = all.remove(0);
                let _ = fs::remove_file(&oldest);
            }
        }
        self.write_data(rel, bytes)
    }

    /// The backups of user data file `rel`, oldest first.
    pub fn data_backups(&self, rel: &str) -> Vec<PathBuf> {
        let Ok(entries) = fs::read_dir(self.data_backup_dir(rel)) else {
            return Vec::new();
        };
        let mut out: Vec<PathBuf> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        out.sort();
        out
    }
}
