//! User data kept beside the saves in the data folder that is neither a save nor a bundled
//! file's replacement: the Worldspanner hero library and the deck editor's draft. Written
//! atomically, the previous version kept as `<name>.bak` so one bad write never loses the
//! library; read back with the file named in every error.

use std::fs;
use std::path::{Path, PathBuf};

use super::{Store, StoreError, atomic};

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

    /// Replaces user file `rel` atomically, keeping the previous version as `<rel>.bak`.
    pub fn write_user(&self, rel: &str, bytes: &[u8]) -> Result<PathBuf, StoreError> {
        self.writable()?;
        let path = self.root().join(rel);
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir).map_err(|e| StoreError::io(dir, e))?;
        }
        if path.exists() {
            let backup = backup_path(&path);
            fs::copy(&path, &backup).map_err(|e| StoreError::io(&backup, e))?;
        }
        atomic::write(&path, bytes).map_err(|e| StoreError::io(&path, e))?;
        Ok(path)
    }

    /// Removes user file `rel` (a finished draft); a missing file is fine.
    pub fn remove_user(&self, rel: &str) -> Result<(), StoreError> {
        self.writable()?;
        let path = self.root().join(rel);
        match fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(StoreError::io(&path, e)),
            _ => Ok(()),
        }
    }
}

fn backup_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    path.with_file_name(format!("{name}.bak"))
}
