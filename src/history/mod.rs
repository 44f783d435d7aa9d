//! Undo/redo for every game: a list of labelled snapshots of the engine state.
//!
//! A snapshot carries the whole game, its seeded RNG included, so undoing an action and doing
//! it again draws the same card. The history is part of the save, so undo survives a restart.
//! No I/O and no GUI here.
//!
//! In memory every entry holds its whole state. In a file (`file.rs`) only the current state
//! is whole and every other entry is the change from its neighbour (`delta.rs`), computed once
//! when the entry is recorded and kept as JSON text, so a save costs one state plus a copy of
//! the changes however long the history is, and undo after loading returns exactly to what
//! was played: the states are stored, never recomputed by rules code.

pub mod delta;
mod file;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

/// How many snapshots a history keeps before it forgets the oldest.
pub const DEFAULT_CAPACITY: usize = 400;

/// One point in a game's history: what was done, when, and the state right after it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entry<T> {
    pub label: String,
    pub at: DateTime<Utc>,
    pub state: T,
}

/// A bounded, labelled undo/redo history. `cursor` points at the current entry; entries after
/// it are the redo branch, dropped by the next new action.
#[derive(Clone)]
pub struct History<T> {
    entries: Vec<Entry<T>>,
    /// `links[i]` is the change from entry `i - 1` to entry `i` as JSON text (a list of
    /// `delta::Op`), computed when entry `i` was recorded. `None` for the first entry, and
    /// where no change could be computed: that entry's state is then saved whole.
    links: Vec<Option<Box<RawValue>>>,
    cursor: usize,
    capacity: usize,
    /// Counts every change of what is current (record, undo, redo, goto) since it was loaded:
    /// the shell autosaves when it moves, so no screen has to report "changed". Not saved.
    revision: u64,
    /// The JSON form of the newest entry's state, so recording the next one diffs against it
    /// without serialising it again.
    tail_value: Option<serde_json::Value>,
}

/// What a history holds for a reader: its entries and where it stands (the cached changes
/// and JSON form are internal).
impl<T: std::fmt::Debug> std::fmt::Debug for History<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("History")
            .field("entries", &self.entries)
            .field("cursor", &self.cursor)
            .field("capacity", &self.capacity)
            .finish_non_exhaustive()
    }
}

/// Two histories are equal when they hold the same entries at the same cursor; how often they
/// were changed in memory (`revision`) does not count.
impl<T: PartialEq> PartialEq for History<T> {
    fn eq(&self, other: &Self) -> bool {
        self.entries == other.entries
            && self.cursor == other.cursor
            && self.capacity == other.capacity
    }
}

fn default_capacity() -> usize {
    DEFAULT_CAPACITY
}

/// What is wrong with a history read from a file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HistoryError {
    #[error("the history has no entries")]
    Empty,
    #[error("the history points at entry {cursor} but has only {len}")]
    CursorOutOfRange { cursor: usize, len: usize },
    #[error("there is no history entry {0}")]
    NoSuchEntry(usize),
    #[error("the history has capacity {0}: it needs room for at least 2 entries to undo")]
    CapacityTooSmall(usize),
    #[error("the history holds {len} entries, more than its capacity {capacity}")]
    OverCapacity { len: usize, capacity: usize },
}

/// The change from `a` to `b` as JSON text, or `None` when a state cannot be put in JSON form
/// (then the entry is saved whole).
fn link<T: Serialize>(
    a: &serde_json::Value,
    b: &T,
) -> (Option<Box<RawValue>>, Option<serde_json::Value>) {
    let Ok(b) = serde_json::to_value(b) else {
        return (None, None);
    };
    let ops = delta::diff(a, &b);
    let text = serde_json::to_string(&ops).ok();
    (text.and_then(|t| RawValue::from_string(t).ok()), Some(b))
}

impl<T: Clone + Serialize> History<T> {
    /// Starts a history whose first entry is `state`, labelled `label` ("New game").
    pub fn new(label: impl Into<String>, state: T) -> Self {
        Self::with_capacity(label, state, DEFAULT_CAPACITY)
    }

    pub fn with_capacity(label: impl Into<String>, state: T, capacity: usize) -> Self {
        Self {
            entries: vec![Entry {
                label: label.into(),
                at: Utc::now(),
                state,
            }],
            links: vec![None],
            cursor: 0,
            capacity: capacity.max(2),
            revision: 0,
            tail_value: None,
        }
    }

    /// The state the game is in now.
    pub fn current(&self) -> &T {
        &self.entries[self.cursor].state
    }

    /// The entry the game is at now.
    pub fn current_entry(&self) -> &Entry<T> {
        &self.entries[self.cursor]
    }

    /// Records `state` as the result of the action `label`, dropping any redo branch.
    pub fn record(&mut self, label: impl Into<String>, state: T) {
        let at_tail = self.cursor + 1 == self.entries.len();
        let previous = match self.tail_value.take() {
            Some(v) if at_tail => Some(v),
            _ => serde_json::to_value(self.current()).ok(),
        };
        let (change, value) = match &previous {
            Some(prev) => link(prev, &state),
            None => (None, None),
        };
        self.tail_value = value;
        self.entries.truncate(self.cursor + 1);
        self.links.truncate(self.cursor + 1);
        self.entries.push(Entry {
            label: label.into(),
            at: Utc::now(),
            state,
        });
        self.links.push(change);
        if self.entries.len() > self.capacity {
            let excess = self.entries.len() - self.capacity;
            self.entries.drain(..excess);
            self.links.drain(..excess);
            // The new first entry has nothing before it.
            self.links[0] = None;
        }
        self.cursor = self.entries.len() - 1;
        self.revision += 1;
    }

    /// Moves whenever what is current changes (see the field); compare it to decide a save.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Runs `action` on a copy of the current state; on success records the copy under
    /// `label`, on failure leaves the history exactly as it was.
    pub fn apply<R, E>(
        &mut self,
        label: impl Into<String>,
        action: impl FnOnce(&mut T) -> Result<R, E>,
    ) -> Result<R, E> {
        let mut next = self.current().clone();
        let result = action(&mut next)?;
        self.record(label, next);
        Ok(result)
    }

    pub fn can_undo(&self) -> bool {
        self.cursor > 0
    }

    pub fn can_redo(&self) -> bool {
        self.cursor + 1 < self.entries.len()
    }

    /// Steps back one entry; returns the label of the action undone.
    pub fn undo(&mut self) -> Option<&str> {
        if !self.can_undo() {
            return None;
        }
        self.cursor -= 1;
        self.revision += 1;
        Some(&self.entries[self.cursor + 1].label)
    }

    /// Steps forward one entry; returns the label of the action redone.
    pub fn redo(&mut self) -> Option<&str> {
        if !self.can_redo() {
            return None;
        }
        self.cursor += 1;
        self.revision += 1;
        Some(&self.entries[self.cursor].label)
    }

    /// Returns to any entry of the list (undo or redo several steps at once).
    pub fn goto(&mut self, index: usize) -> Result<(), HistoryError> {
        if index >= self.entries.len() {
            return Err(HistoryError::NoSuchEntry(index));
        }
        if index != self.cursor {
            self.cursor = index;
            self.revision += 1;
        }
        Ok(())
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    pub fn entries(&self) -> &[Entry<T>] {
        &self.entries
    }

    /// Checks a history that came from a file: it must have entries, point at one of them,
    /// and have room to undo.
    pub fn validate(&self) -> Result<(), HistoryError> {
        if self.entries.is_empty() {
            return Err(HistoryError::Empty);
        }
        if self.capacity < 2 {
            return Err(HistoryError::CapacityTooSmall(self.capacity));
        }
        if self.entries.len() > self.capacity {
            return Err(HistoryError::OverCapacity {
                len: self.entries.len(),
                capacity: self.capacity,
            });
        }
        if self.cursor >= self.entries.len() {
            return Err(HistoryError::CursorOutOfRange {
                cursor: self.cursor,
                len: self.entries.len(),
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
