//! Files besides saves: settings, the user's replacements of bundled data, and files outside
//! the data folder (imports, exports, `check`), all read with the store's bounds.

use std::path::{Path, PathBuf};

use super::read;
use super::{Opened, Problem, StoreError, envelope, transfer};

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

/// Reads `settings.json` under `root` without opening the store (no lock, no writes): the
/// window needs the large-type setting before the app boots.
pub fn peek_settings<T: serde::de::DeserializeOwned + Default>(
    root: &Path,
) -> Result<T, StoreError> {
    let path = root.join("settings.json");
    if !read::present(&path) {
        return Ok(T::default());
    }
    let bytes = read::read(&path, read::Links::Refuse)?;
    let text = envelope::as_text(&bytes).map_err(|p| StoreError::bad(&path, p))?;
    serde_json::from_str(text).map_err(|e| StoreError::bad(&path, Problem::from_json(e, None)))
}

/// A data file's text: the user's replacement under `root` if there is one, else bundled.
pub fn data_text(root: Option<&Path>, rel: &str) -> Result<(String, Origin), StoreError> {
    if let Some(root) = root {
        let path = root.join(rel);
        if read::present(&path) {
            // A data file is copied into saves (a deck into a game): bounded well below a
            // save, so a save holding it can never grow past what the store reads back.
            let bytes = read::read_limited(&path, read::Links::Refuse, MAX_DATA_BYTES)?;
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

/// Reads a file the user named, refusing anything larger than a save can be and anything that
/// is not a regular file.
pub(crate) fn read_bounded(path: &Path) -> Result<Vec<u8>, StoreError> {
    read::read(path, read::Links::Follow)
}

/// The largest user data file (a deck, a unit list): a save may hold one whole.
pub const MAX_DATA_BYTES: u64 = 8 * 1024 * 1024;

/// Reads a file outside the data folder (or in it) as UTF-8 text, with the same size bound as
/// [`read_bounded`]: a leading byte-order mark (Notepad's) is dropped, and an empty file or
/// bytes that are not UTF-8 are an error naming the file.
pub fn read_text(path: &Path) -> Result<String, StoreError> {
    let bytes = read_bounded(path)?;
    super::envelope::as_text(&bytes)
        .map(str::to_string)
        .map_err(|problem| StoreError::bad(path, problem))
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

/// [`read_envelope`], and the data as JSON text of the current version, whole.
pub fn read_save_data(path: &Path) -> Result<(Opened, String), StoreError> {
    let bytes = read_bounded(path)?;
    envelope::open_with_data(&bytes).map_err(|p| StoreError::bad(path, p))
}
