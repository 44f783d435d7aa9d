//! Scripted changes to a stored save (`tablemate act`, `undo`, `redo`, `history`): the store
//! reads the file once, hands its data to the game's row in the games table (which parses and
//! validates it once and applies the change), and writes what comes back once. And
//! `tablemate check ID`: one read, one parse and validation.

use chrono::Utc;

use super::{FileReport, Seen, Store, StoreError, envelope, read};
use crate::doc::Kind;
use crate::games::{self, Applied, Changed, HistoryLine, Moved, ScriptError, Scripted};

/// Why a scripted change to a stored save failed (nothing was written).
#[derive(Debug, thiserror::Error)]
pub enum ScriptFailed {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Script(ScriptError),
}

impl Store {
    /// Applies `actions` (JSON, one action each) to save `id` through the game's `Saved::act`;
    /// what was applied before a refusal is saved.
    pub fn act(&self, id: &str, actions: &[String]) -> Result<Applied, ScriptFailed> {
        self.script(id, |game, data| (game.act)(id, data, actions))
    }

    /// Steps save `id` back `steps` entries (all or none).
    pub fn undo(&self, id: &str, steps: usize) -> Result<Moved, ScriptFailed> {
        self.script(id, |game, data| (game.undo)(id, data, steps))
    }

    /// Steps save `id` forward one undone entry.
    pub fn redo(&self, id: &str) -> Result<Moved, ScriptFailed> {
        self.script(id, |game, data| (game.redo)(id, data))
    }

    /// The kind and history of save `id`, newest first.
    pub fn history(&self, id: &str) -> Result<(Kind, Vec<HistoryLine>), ScriptFailed> {
        self.script(id, |game, data| {
            (game.history)(data).map(|lines| Scripted {
                outcome: (game.kind, lines),
                changed: None,
            })
        })
    }

    /// Checks save `id` as `tablemate check` checks a file: read once, its data parsed and
    /// validated once by its game.
    pub fn check_save(&self, id: &str) -> Result<FileReport, StoreError> {
        self.check_save_with(id, envelope::open)
    }

    /// [`Store::check_save`], and every history entry rebuilt and validated
    /// (`tablemate check --deep ID`).
    pub fn check_save_deep(&self, id: &str) -> Result<FileReport, StoreError> {
        self.check_save_with(id, envelope::open_deep)
    }

    fn check_save_with(
        &self,
        id: &str,
        open: fn(&[u8]) -> Result<envelope::Opened, super::Problem>,
    ) -> Result<FileReport, StoreError> {
        let (path, bytes, stamp) = self.read_save(id)?;
        let opened = open(&bytes).map_err(|p| StoreError::bad(&path, p))?;
        self.mark_verified(&path, Seen::of(&bytes, stamp));
        Ok(FileReport::Save {
            kind: opened.kind,
            summary: opened.summary,
            version: opened.file_version,
        })
    }

    /// Reads save `id` once, runs `change` on its data (the game's row parses and validates
    /// it), and writes the changed data, if any, once.
    pub(super) fn script<T>(
        &self,
        id: &str,
        change: impl Fn(games::Game, &str) -> Result<Scripted<T>, ScriptError>,
    ) -> Result<T, ScriptFailed> {
        let (path, bytes, stamp) = self.read_save(id)?;
        let bad = |p| StoreError::bad(&path, p);
        let text = envelope::as_text(&bytes).map_err(bad)?;
        let run = |text: &str| -> Result<_, ScriptFailed> {
            let opened = envelope::read(text).map_err(bad)?;
            let scripted = change(games::game(opened.kind), &opened.data).map_err(|e| match e {
                ScriptError::Save(e) => ScriptFailed::Store(bad(opened.data_problem(&e))),
                other => ScriptFailed::Script(other),
            })?;
            Ok((opened.kind, scripted))
        };
        // A file as the store lays it out is changed without reading its history's entries:
        // they are written back as they are, the new one after them.
        let (ran, entries) = envelope::with_entries_cut(text, |text, _| run(text));
        let (kind, scripted) = ran?;
        match (scripted.changed, stamp) {
            (Some(Changed { summary, data }), stamp) => {
                self.writable()?;
                let new = envelope::encode_with(kind, &summary, Utc::now(), &*data, entries)
                    .map_err(|e| StoreError::Encode(e.to_string()))?;
                // The file read above was validated by the game's row: while its stamp
                // holds it is not read again before it is replaced.
                match stamp {
                    Some(stamp) => self.replace_known(id, &path, &new, Some((&bytes, stamp)))?,
                    None => {
                        self.mark_verified(&path, Seen::of(&bytes, None));
                        self.replace(id, &path, &new)?;
                    }
                }
            }
            (None, stamp) => self.mark_verified(&path, Seen::of(&bytes, stamp)),
        }
        Ok(scripted.outcome)
    }

    /// The path, bytes and stamp of save `id`: the one read of the file.
    fn read_save(
        &self,
        id: &str,
    ) -> Result<(std::path::PathBuf, Vec<u8>, Option<read::Stamp>), StoreError> {
        let path = self.save_path(id)?;
        if !read::present(&path) {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let (bytes, stamp) = read::read_stamped(&path, read::Links::Refuse)?;
        Ok((path, bytes, stamp))
    }
}
