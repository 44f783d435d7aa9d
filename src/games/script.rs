//! Scripted changes to a stored save, generic over the game: apply actions (their JSON serde
//! form) through `Saved::act`, undo, redo, and read the history. The games table points each
//! game's row at these; the CLI (`tablemate act/undo/redo/history`) formats what they return.
//!
//! The save is loaded, changed in memory and written once: a refused action changes nothing,
//! and what was applied before it is kept (the way the app keeps each click).

use chrono::{DateTime, Utc};

use crate::doc::{Acted, GameDoc, Playable, Saved};
use crate::store::{Store, StoreError};

/// Why a scripted change could not be made at all (nothing was saved).
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("nothing to undo: {id} is at the first entry of its history")]
    NothingToUndo { id: String },
    #[error("cannot undo {asked} steps: {id} has only {available} before the current entry")]
    TooFarBack {
        id: String,
        asked: usize,
        available: usize,
    },
    #[error("nothing to redo: {id} is at the newest entry of its history")]
    NothingToRedo { id: String },
    #[error("no actions given")]
    NoActions,
    /// The changed game failed its own validation: an engine bug, never written to disk.
    #[error("the changed game does not validate, so it was not saved: {0}")]
    Invalid(String),
}

/// An action that was not carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// 1-based position in the list of actions given.
    pub number: usize,
    pub action: String,
    /// The rule that forbids it, or why the JSON is not an action of this game.
    pub why: String,
}

/// What `act` did: the actions carried out, in order, and the first refusal (after which
/// nothing more was tried).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub acted: Vec<Acted>,
    pub refused: Option<Refused>,
    /// The save's summary afterwards.
    pub summary: String,
}

/// What undo or redo moved over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    /// The labels of the entries undone (newest first) or redone.
    pub labels: Vec<String>,
    /// The label of the entry now current.
    pub now: String,
    pub summary: String,
}

/// One entry of a save's history.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HistoryLine {
    /// 0 is the oldest entry kept.
    pub index: usize,
    pub label: String,
    pub at: DateTime<Utc>,
    /// The state of play: what the app shows and the next action starts from.
    pub current: bool,
    /// Undone: still there for redo until the next new action.
    pub undone: bool,
}

/// Applies each of `actions` (JSON, one action each) to save `id` in order, stopping at the
/// first that does not parse or is refused, then saves what was applied (if anything).
pub fn act<T: Playable>(
    store: &Store,
    id: &str,
    actions: &[String],
) -> Result<Applied, ScriptError> {
    if actions.is_empty() {
        return Err(ScriptError::NoActions);
    }
    let mut saved: Saved<T> = store.load(id)?;
    let mut acted = Vec::new();
    let mut refused = None;
    for (i, text) in actions.iter().enumerate() {
        let refuse = |why: String| Refused {
            number: i + 1,
            action: text.trim().to_string(),
            why,
        };
        let action: T::Action = match serde_json::from_str(text) {
            Ok(a) => a,
            Err(e) => {
                refused = Some(refuse(format!("not a {} action: {e}", T::KIND.title())));
                break;
            }
        };
        match saved.act(action) {
            Ok(a) => acted.push(a),
            Err(e) => {
                refused = Some(refuse(e.to_string()));
                break;
            }
        }
    }
    if !acted.is_empty() {
        write(store, id, &saved)?;
    }
    Ok(Applied {
        acted,
        refused,
        summary: saved.summary(),
    })
}

/// Steps save `id` back `steps` entries (all or none).
pub fn undo<T: GameDoc>(store: &Store, id: &str, steps: usize) -> Result<Moved, ScriptError> {
    let mut saved: Saved<T> = store.load(id)?;
    let available = saved.history.cursor();
    if available == 0 {
        return Err(ScriptError::NothingToUndo { id: id.into() });
    }
    if steps > available {
        return Err(ScriptError::TooFarBack {
            id: id.into(),
            asked: steps,
            available,
        });
    }
    let mut labels = Vec::new();
    for _ in 0..steps {
        if let Some(l) = saved
            .undo()
            .map_err(|e| ScriptError::Invalid(e.to_string()))?
        {
            labels.push(l);
        }
    }
    write(store, id, &saved)?;
    Ok(moved(labels, &saved))
}

/// Steps save `id` forward one undone entry.
pub fn redo<T: GameDoc>(store: &Store, id: &str) -> Result<Moved, ScriptError> {
    let mut saved: Saved<T> = store.load(id)?;
    let label = saved
        .redo()
        .map_err(|e| ScriptError::Invalid(e.to_string()))?
        .ok_or_else(|| ScriptError::NothingToRedo { id: id.into() })?;
    write(store, id, &saved)?;
    Ok(moved(vec![label], &saved))
}

/// The history of save `id`, newest first.
pub fn history<T: GameDoc>(store: &Store, id: &str) -> Result<Vec<HistoryLine>, ScriptError> {
    let saved: Saved<T> = store.load(id)?;
    let cursor = saved.history.cursor();
    Ok(saved
        .history
        .entries()
        .iter()
        .enumerate()
        .rev()
        .map(|(index, e)| HistoryLine {
            index,
            label: e.label.clone(),
            at: e.at,
            current: index == cursor,
            undone: index > cursor,
        })
        .collect())
}

fn moved<T: GameDoc>(labels: Vec<String>, saved: &Saved<T>) -> Moved {
    Moved {
        labels,
        now: saved.history.current_entry().label.clone(),
        summary: saved.summary(),
    }
}

/// Writes the changed save after the same check a load makes, so a script can never leave a
/// save the app refuses to open.
fn write<T: GameDoc>(store: &Store, id: &str, saved: &Saved<T>) -> Result<(), ScriptError> {
    saved
        .validate()
        .map_err(|e| ScriptError::Invalid(e.to_string()))?;
    store.save(id, saved)?;
    Ok(())
}
