//! What can go wrong in the store: a file's content (`Problem`) and an operation
//! (`StoreError`). Every error names the file and the field or reason.

use std::io;
use std::path::{Path, PathBuf};

use super::{Holder, envelope, read};
use crate::doc::Kind;

/// What is wrong with a file's content.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    #[error("the file is empty")]
    Empty,
    #[error("the file is {0} bytes, larger than any Tablemate file can be")]
    TooLarge(u64),
    /// A save the store will not write, because it would refuse to read it back.
    #[error(
        "saving it would make a file of {bytes} bytes, more than the {max} bytes (64 MB) a save may hold, so nothing was written{}; undo the change that made it grow, or shorten the text typed into it",
        title_note(.title_chars),
        max = envelope::MAX_FILE_BYTES
    )]
    TooLargeToSave {
        bytes: u64,
        title_chars: Option<usize>,
    },
    /// A file the store will not write because it would pass a bound, with the bound, the
    /// cause and what to do (an export past what a bundle may hold).
    #[error("{0}")]
    OverBound(String),
    #[error("the file is not UTF-8 text (bad byte at offset {offset})")]
    NotUtf8 { offset: usize },
    #[error("the file is not valid JSON: {0}")]
    NotJson(String),
    #[error("the file is not a Tablemate save ({})", format_note(.0))]
    NotTablemate(Option<String>),
    #[error("the save has no {0:?} field")]
    Missing(&'static str),
    #[error("the save has version {0}, which this Tablemate does not know (it reads 1 to {v})", v = envelope::VERSION)]
    UnknownVersion(u64),
    #[error("the save has kind {0:?}, which this Tablemate does not know")]
    UnknownKind(String),
    #[error("expected a {expected} save, found a {found} save")]
    WrongKind { expected: Kind, found: Kind },
    #[error("the content fails validation: {0}")]
    Invalid(String),
    #[error("it is {0}, not a regular file: Tablemate does not read or follow it")]
    NotRegular(String),
    #[error("the file could not be read: {0}")]
    Unreadable(String),
}

fn title_note(title_chars: &Option<usize>) -> String {
    match title_chars {
        Some(n) => format!(
            " (its title is {n} characters, at most {} allowed; the rest is the game and its history)",
            crate::doc::MAX_TITLE_CHARS
        ),
        None => String::new(),
    }
}

fn format_note(format: &Option<String>) -> String {
    match format {
        Some(f) => format!("its format is {f:?}, expected \"tablemate\""),
        None => "it has no \"format\": \"tablemate\" field".to_string(),
    }
}

impl Problem {
    /// A JSON error, its position moved into the file when the JSON parsed was a value
    /// starting at `at` in it.
    pub(crate) fn from_json(e: serde_json::Error, at: Option<envelope::Pos>) -> Problem {
        let what = match e.classify() {
            serde_json::error::Category::Eof => "it ends too early (truncated?)",
            serde_json::error::Category::Syntax => "syntax error",
            serde_json::error::Category::Data => "unexpected value",
            serde_json::error::Category::Io => "read error",
        };
        let message = envelope::json_message(&e);
        let text = message.as_str();
        let (line, column) = match at {
            Some(at) => at.shift(e.line(), e.column()),
            None => (e.line(), e.column()),
        };
        let text = read::clean_text(text);
        Problem::NotJson(format!("{what} at line {line} column {column}: {text}"))
    }
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("{}: {problem}", path.display())]
    Bad { path: PathBuf, problem: Problem },
    #[error("{}: {source}", path.display())]
    Io { path: PathBuf, source: io::Error },
    #[error(
        "the data folder {} is in use by {}: Tablemate opened it read-only and will not save",
        root.display(), holder.description
    )]
    ReadOnly { root: PathBuf, holder: Holder },
    #[error("{} already exists: confirm to overwrite it, or choose another name", path.display())]
    Exists { path: PathBuf },
    #[error(
        "{} is damaged ({problem}): Tablemate will not overwrite it. Restore a backup or save a new copy.",
        path.display()
    )]
    WouldOverwriteDamaged { path: PathBuf, problem: Problem },
    #[error("there is no save called {0:?}")]
    NotFound(String),
    #[error(
        "{0:?} is not a valid save id (up to {max} letters, digits, '-' and '_', not starting with '-', not a device name such as \"con\")",
        max = super::MAX_ID_LEN
    )]
    BadId(String),
    #[error("could not encode the save: {0}")]
    Encode(String),
    /// A window's copy was not written: the file is no longer the version it read or wrote
    /// (a restore, an undo, another program).
    #[error(
        "{id} was {} since this window read it: this window's copy was not written over it",
        if *gone { "deleted" } else { "changed on disk" }
    )]
    Changed { id: String, gone: bool },
}

impl StoreError {
    pub(crate) fn io(path: &Path, source: io::Error) -> Self {
        StoreError::Io {
            path: path.to_path_buf(),
            source,
        }
    }

    pub(crate) fn bad(path: &Path, problem: Problem) -> Self {
        StoreError::Bad {
            path: path.to_path_buf(),
            problem,
        }
    }
}
