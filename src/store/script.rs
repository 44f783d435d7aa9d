//! Scripted changes to a stored save (`tablemate act`, `undo`, `redo`, `history`): the store
//! reads the file once, hands its data to the game's row in the games table (which parses and
//! validates it once and applies the change), and writes what comes back once. And
//! `tablemate check ID`: one read, one parse and validation.

use chrono::Utc;

use super::{FileReport, Store, StoreError, envelope, fingerprint, read};
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
        let (path, bytes) = self.read_save(id)?;
        let opened = open(&bytes).map_err(|p| StoreError::bad(&path, p))?;
        self.mark_verified(&path, fingerprint(&bytes));
        Ok(FileReport::Save {
            kind: opened.kind,
            summary: opened.summary,
            version: opened.file_version,
        })
    }

    /// Reads save `id` once, runs `change` on its data (the game's row parses and validates
    /// it), and writes the changed data, if any, once.
    fn script<T>(
        &self,
        id: &str,
        change: impl FnOnce(games::Game, &str) -> Result<Scripted<T>, ScriptError>,
    ) -> Result<T, ScriptFailed> {
        let (path, bytes) = self.read_save(id)?;
        let bad = |p| StoreError::bad(&path, p);
        let text = envelope::as_text(&bytes).map_err(bad)?;
        let opened = envelope::read(text).map_err(bad)?;
        let scripted = change(games::game(opened.kind), &opened.data).map_err(|e| match e {
            ScriptError::Save(e) => ScriptFailed::Store(bad(opened.data_problem(&e))),
            other => ScriptFailed::Script(other),
        })?;
        self.mark_verified(&path, fingerprint(&bytes));
        if let Some(Changed { summary, data }) = scripted.changed {
            self.writable()?;
            let bytes = envelope::encode(opened.kind, &summary, Utc::now(), &*data)
                .map_err(|e| StoreError::Encode(e.to_string()))?;
            self.replace(id, &path, &bytes)?;
        }
        Ok(scripted.outcome)
    }

    /// The path and bytes of save `id`: the one read of the file.
    fn read_save(&self, id: &str) -> Result<(std::path::PathBuf, Vec<u8>), StoreError> {
        let path = self.save_path(id)?;
        if !read::present(&path) {
            return Err(StoreError::NotFound(id.to_string()));
        }
        let bytes = read::read(&path, read::Links::Refuse)?;
        Ok((path, bytes))
    }
}
