//! Undo/redo for every game: a list of labelled snapshots of the engine state.
//!
//! A snapshot carries the whole game, its seeded RNG included, so undoing an action and doing
//! it again draws the same card. The history is part of the save, so undo survives a restart.
//! No I/O and no GUI here.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

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
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct History<T> {
    entries: Vec<Entry<T>>,
    cursor: usize,
    #[serde(default = "default_capacity")]
    capacity: usize,
    /// Counts every change of what is current (record, undo, redo, goto) since it was loaded:
    /// the shell autosaves when it moves, so no screen has to report "changed". Not saved.
    #[serde(skip)]
    revision: u64,
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
}

impl<T: Clone> History<T> {
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
            cursor: 0,
            capacity: capacity.max(2),
            revision: 0,
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
        self.entries.truncate(self.cursor + 1);
        self.entries.push(Entry {
            label: label.into(),
            at: Utc::now(),
            state,
        });
        if self.entries.len() > self.capacity {
            let excess = self.entries.len() - self.capacity;
            self.entries.drain(..excess);
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

    /// Checks a history that came from a file.
    pub fn validate(&self) -> Result<(), HistoryError> {
        if self.entries.is_empty() {
            return Err(HistoryError::Empty);
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
mod tests {
    use super::*;

    #[test]
    fn undo_then_redo_returns_to_the_same_state() {
        let mut h = History::new("start", 0);
        h.record("add one", 1);
        h.record("add two", 3);
        assert_eq!(h.undo(), Some("add two"));
        assert_eq!(*h.current(), 1);
        assert_eq!(h.redo(), Some("add two"));
        assert_eq!(*h.current(), 3);
        assert_eq!(h.redo(), None);
    }

    #[test]
    fn a_new_action_after_undo_drops_the_redo_branch() {
        let mut h = History::new("start", 0);
        h.record("a", 1);
        h.record("b", 2);
        h.undo();
        h.record("c", 10);
        assert!(!h.can_redo());
        let labels: Vec<_> = h.entries().iter().map(|e| e.label.as_str()).collect();
        assert_eq!(labels, ["start", "a", "c"]);
    }

    #[test]
    fn failed_action_leaves_history_untouched() {
        let mut h = History::new("start", 5);
        let r: Result<(), &str> = h.apply("bad", |s| {
            *s = 99;
            Err("refused")
        });
        assert_eq!(r, Err("refused"));
        assert_eq!(*h.current(), 5);
        assert_eq!(h.len(), 1);
    }

    #[test]
    fn goto_jumps_to_any_entry_and_keeps_the_rest() {
        let mut h = History::new("start", 0);
        for i in 1..=5 {
            h.record(format!("step {i}"), i);
        }
        h.goto(2).unwrap();
        assert_eq!(*h.current(), 2);
        assert_eq!(h.len(), 6);
        h.goto(5).unwrap();
        assert_eq!(*h.current(), 5);
        assert_eq!(h.goto(6), Err(HistoryError::NoSuchEntry(6)));
    }

    #[test]
    fn history_is_bounded_and_forgets_the_oldest() {
        let mut h = History::with_capacity("start", 0, 3);
        for i in 1..=10 {
            h.record(format!("{i}"), i);
        }
        assert_eq!(h.len(), 3);
        assert_eq!(h.entries()[0].state, 8);
        assert_eq!(*h.current(), 10);
    }

    #[test]
    fn history_survives_a_save_and_load() {
        let mut h = History::new("start", vec![1]);
        h.record("push", vec![1, 2]);
        h.undo();
        let text = serde_json::to_string(&h).unwrap();
        let back: History<Vec<i32>> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, h);
        assert!(back.can_redo());
    }

    #[test]
    fn a_history_with_a_bad_cursor_is_rejected() {
        let text =
            r#"{"entries":[{"label":"x","at":"2026-01-01T00:00:00Z","state":1}],"cursor":4}"#;
        let h: History<i32> = serde_json::from_str(text).unwrap();
        assert_eq!(
            h.validate(),
            Err(HistoryError::CursorOutOfRange { cursor: 4, len: 1 })
        );
    }
}
