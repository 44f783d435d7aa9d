//! Reading the data files in use: the user's replacement in the data folder if there is one,
//! else the file bundled in the binary. The one reader the screens, the CLI and the rules
//! library share; parsing is the engines' (with `crate::datafile`'s toolkit).

use std::path::Path;

use super::{StoreError, data_text};

/// Reads the data file at `rel` in use (the user's replacement under `root` if there is one,
/// else the bundled file) as `(text, where it came from)`.
pub fn read_data(root: Option<&Path>, rel: &str) -> Result<(String, String), String> {
    data_text(root, rel)
        .map(|(text, origin)| (text, origin.to_string()))
        .map_err(|e| e.to_string())
}

/// Like [`read_data`], but a file that is neither the user's nor bundled is `None` rather
/// than an error (the storybook index has optional files).
pub fn read_data_optional(
    root: Option<&Path>,
    rel: &str,
) -> Result<Option<(String, String)>, String> {
    match data_text(root, rel) {
        Ok((text, origin)) => Ok(Some((text, origin.to_string()))),
        Err(StoreError::NotFound(_)) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

/// Reads the data file at `rel` in use and parses it with `parse`; a parse error names the
/// file it came from ("data/army/followers.json (bundled): followers: ...").
pub fn load_data<T>(
    root: Option<&Path>,
    rel: &str,
    parse: impl FnOnce(&str) -> Result<T, String>,
) -> Result<T, String> {
    let (text, origin) = read_data(root, rel)?;
    parse(&text).map_err(|e| format!("{origin}: {e}"))
}

/// The rules digests in use, the user's replacements first, with a problem per bad file.
pub fn rules_library(root: Option<&Path>) -> (crate::rules::Library, Vec<String>) {
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
        assert!(err.starts_with(&path.display().to_string()), "{err}");
        assert!(err.contains("data_kind is \"army-list\""), "{err}");
    }
}
