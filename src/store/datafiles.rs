//! Reading the data files in use: the user's replacement in the data folder if there is one,
//! else the file bundled in the binary. The one reader the screens, the CLI and the rules
//! library share; parsing is the engines' (with `crate::datafile`'s toolkit).

use std::path::Path;

use super::{StoreError, data_text};
use crate::datafile::DataFileError;

/// Reads the data file at `rel` in use (the user's replacement under `root` if there is one,
/// else the bundled file) as `(text, where it came from)`.
pub fn read_data(root: Option<&Path>, rel: &str) -> Result<(String, String), DataFileError> {
    data_text(root, rel)
        .map(|(text, origin)| (text, origin.to_string()))
        .map_err(|e| unreadable(rel, e))
}

/// Why the data file at `rel` could not be read, naming the file the store tried.
pub(super) fn unreadable(rel: &str, e: StoreError) -> DataFileError {
    let (file, problem) = match e {
        StoreError::Bad { path, problem } => (path.display().to_string(), problem.to_string()),
        StoreError::Io { path, source } => (path.display().to_string(), source.to_string()),
        StoreError::NotFound(_) => (
            rel.to_string(),
            "not in the data folder and not bundled in this build".to_string(),
        ),
        e => (rel.to_string(), e.to_string()),
    };
    DataFileError::whole(problem).in_file(file)
}

/// Like [`read_data`], but a file that is neither the user's nor bundled is `None` rather
/// than an error (the storybook index has optional files).
pub fn read_data_optional(
    root: Option<&Path>,
    rel: &str,
) -> Result<Option<(String, String)>, DataFileError> {
    match data_text(root, rel) {
        Ok((text, origin)) => Ok(Some((text, origin.to_string()))),
        Err(StoreError::NotFound(_)) => Ok(None),
        Err(e) => Err(unreadable(rel, e)),
    }
}

/// Reads the data file at `rel` in use and parses it with `parse`; a parse error names the
/// file it came from ("data/army/followers.json (bundled): followers: ...").
pub fn load_data<T>(
    root: Option<&Path>,
    rel: &str,
    parse: impl FnOnce(&str) -> Result<T, DataFileError>,
) -> Result<T, DataFileError> {
    let (text, origin) = read_data(root, rel)?;
    parse(&text).map_err(|e| e.in_file(origin))
}

/// The rules digests in use, the user's replacements first, with a problem per bad file.
pub fn rules_library(root: Option<&Path>) -> (crate::rules::Library, Vec<DataFileError>) {
    crate::rules::Library::load(|rel| read_data(root, rel))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_users_data_file_replaces_the_bundled_one_and_errors_name_it() {
        let dir = tempfile::tempdir().unwrap();
        let rel = crate::army::FOLLOWERS_PATH;
        let bundled = load_data(Some(dir.path()), rel, crate::army::FollowerTable::parse);
        assert!(bundled.is_ok(), "{bundled:?}");
        let path = dir.path().join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, r#"{"data_kind":"army-list"}"#).unwrap();
        let err = load_data(Some(dir.path()), rel, crate::army::FollowerTable::parse).unwrap_err();
        assert_eq!(err.file, path.display().to_string());
        assert_eq!(err.at, "data_kind");
        assert!(err.problem.contains("\"army-list\""), "{err}");
    }

    #[test]
    fn a_data_file_that_is_nowhere_is_named_as_a_data_file_not_a_save() {
        let err = read_data(None, "data/none.json").unwrap_err();
        assert_eq!(err.file, "data/none.json");
        assert!(!err.to_string().contains("save"), "{err}");
    }
}
