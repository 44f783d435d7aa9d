//! The player's own files in the data folder that are not saves: replacements of bundled data
//! files, the storybook index, the Worldspanner hero library and the deck editor's draft.
//! Written atomically with a backup first, like saves: the previous version is copied to
//! `backups/data/<path>/<UTC time>.json` before it is replaced, and the last
//! `BACKUPS_PER_SAVE` copies are kept. Read back bounded, with the file named in every error.

use std::fs;
use std::path::PathBuf;

use chrono::Utc;

use super::{BACKUPS_PER_SAVE, Store, StoreError, atomic};

impl Store {
    /// The text of user file `rel` in the data folder, `None` if there is none yet.
    pub fn user_text(&self, rel: &str) -> Result<Option<(String, PathBuf)>, StoreError> {
        let path = self.root().join(rel);
        if !path.exists() {
            return Ok(None);
        }
        let bytes = super::read_bounded(&path)?;
        let text = super::envelope::as_text(&bytes).map_err(|p| StoreError::bad(&path, p))?;
        Ok(Some((text.to_string(), path)))
    }

    /// Replaces user file `rel` atomically, the previous version kept in its backups.
    pub fn write_user(&self, rel: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
        self.write_data_backed_up(rel, bytes)
    }

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
            let old = super::read_bounded(&path)?;
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
