//! What a command prints and how it exits (`Output`), and the first step every command shares:
//! opening the store, or the command's failure naming why.

use crate::store::Store;

/// What a command prints and how it exits: a plain value so tests can call commands directly.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Output {
    pub stdout: String,
    pub stderr: String,
    pub code: u8,
}

impl Output {
    pub fn ok(stdout: impl Into<String>) -> Self {
        Output {
            stdout: stdout.into(),
            ..Default::default()
        }
    }

    pub fn fail(stderr: impl Into<String>) -> Self {
        Output {
            stderr: stderr.into(),
            code: 1,
            ..Default::default()
        }
    }

    pub fn json(value: &serde_json::Value) -> Self {
        Output::ok(serde_json::to_string_pretty(value).unwrap_or_default() + "\n")
    }

    /// The one-line failure a command prints when the store refuses it ("tablemate: <why>").
    pub fn failed(e: impl std::fmt::Display) -> Self {
        Output::fail(format!("tablemate: {e}\n"))
    }

    /// The output as the binary prints it: names and notes come from save and data files a
    /// hostile hand may have written, so control characters (terminal escape sequences that
    /// could move the cursor, retitle the window or hide text) and bidi overrides become
    /// spaces; line breaks stay. JSON is unaffected apart from bidi overrides inside strings,
    /// since serde already escapes control characters there.
    pub fn for_terminal(self) -> Self {
        Output {
            stdout: crate::store::clean_lines(&self.stdout),
            stderr: crate::store::clean_lines(&self.stderr),
            code: self.code,
        }
    }
}

/// Opens the store at `root`, or the command's failure naming why (every command's first step).
pub(crate) fn open_store(root: &std::path::Path) -> Result<Store, Output> {
    Store::open(root).map_err(Output::failed)
}

/// The store at `root` and its save `id` of game `T`, or the command's failure naming why.
pub(crate) fn open_save<T: crate::doc::GameDoc>(
    root: &std::path::Path,
    id: &str,
) -> Result<(Store, crate::doc::Saved<T>), Output> {
    let store = Store::open(root).map_err(Output::failed)?;
    let saved = store.load::<T>(id).map_err(Output::failed)?;
    Ok((store, saved))
}
