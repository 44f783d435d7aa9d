//! Undo/redo for every game: a list of labelled entries, one per action.
//!
//! Each entry's state carries the whole game, its seeded RNG included, so undoing an action
//! and doing it again draws the same card. The history is part of the save, so undo survives a
//! restart. No I/O and no GUI here.
//!
//! Only the current state is always held whole. Every other entry is reached through the
//! changes between neighbours (`delta.rs`), each computed once when its entry is recorded and
//! kept as JSON text: an entry's state is rebuilt from them when undo, redo or goto reaches
//! it, and kept once rebuilt. States far behind the newest entry are let go again as play
//! goes on, so memory and the save (`file.rs`) grow with what changed, not with the number of
//! whole games. Undo after loading returns exactly to what was played: the states are stored,
//! never recomputed by rules code.

pub mod aside;
pub mod band;
pub mod delta;
mod file;
mod load;
mod reach;
mod record;
#[cfg(test)]
use load::digest;

use std::sync::OnceLock;

use chrono::{DateTime, Utc};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

pub use aside::SetAside;

/// How many entries a new history keeps before it forgets the oldest: a whole long game (a
/// 10-round Worldspanner game is about 600 actions). The changes' size bounds it too
/// ([`MAX_CHANGE_BYTES`]).
pub const DEFAULT_CAPACITY: usize = 5_000;

/// The most entries a saved history may hold: a file with more is refused as it loads, before
/// anything is rebuilt (see docs/store.md).
pub const MAX_ENTRIES: usize = 20_000;

/// The history forgets its oldest entries when the changes it keeps pass this many bytes of
/// JSON text, whatever its capacity: what a save may grow to is bounded by size.
pub const MAX_CHANGE_BYTES: usize = 8 * 1024 * 1024;

/// How many entries behind the newest keep their rebuilt state in memory while playing.
const KEEP_WHOLE: usize = 24;

/// One point in a game's history: what was done and when. Its state (right after it) is
/// [`History::state`]: held whole, or rebuilt from the changes when it is reached.
#[derive(Clone)]
pub struct Entry<T> {
    pub label: String,
    pub at: DateTime<Utc>,
    /// The action that made this entry, as JSON, when it was made by `Saved::act` (saves
    /// written before actions were recorded have none): what `tablemate replay` applies.
    pub action: Option<Recorded>,
    /// The state, when it is held or has been rebuilt. Empty at the cursor: the current state
    /// lives in `History::current`.
    state: OnceLock<T>,
    /// The fields of this entry's state kept beside it rather than in the changes, as one JSON
    /// object ([`SetAside`]); `None` when the game sets nothing aside or the state had none.
    aside: Option<Box<RawValue>>,
    /// The entry as a file Tablemate wrote held it (its label, time, change and action, as
    /// JSON text), when it was read from one: written back as it is, so a save neither
    /// formats nor escapes again what it did not change (`file.rs`). `with_change` says
    /// whether that text carries the change from the entry before it.
    written: Option<Written>,
}

/// An entry's text as read from the file (see `Entry::written`).
#[derive(Clone)]
struct Written {
    text: Box<RawValue>,
    with_change: bool,
}

impl<T> Entry<T> {
    fn new(label: String, at: DateTime<Utc>, state: Option<T>) -> Self {
        let cell = OnceLock::new();
        if let Some(state) = state {
            let _ = cell.set(state);
        }
        Entry {
            label,
            at,
            action: None,
            state: cell,
            aside: None,
            written: None,
        }
    }
}

/// An action as recorded with its entry: its JSON, and whether it was applied one step at a
/// time (`Playable::act_one_step`) rather than whole.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub json: Box<serde_json::value::RawValue>,
    pub one_step: bool,
}

impl<T> std::fmt::Debug for Entry<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Entry")
            .field("label", &self.label)
            .field("at", &self.at)
            .finish_non_exhaustive()
    }
}

/// A bounded, labelled undo/redo history. `cursor` points at the current entry; entries after
/// it are the redo branch, dropped by the next new action.
#[derive(Clone)]
pub struct History<T> {
    entries: Vec<Entry<T>>,
    /// `links[i]` is the change from entry `i - 1` to entry `i` as JSON text (a list of
    /// `delta::Op`), computed when entry `i` was recorded (or checked when it was loaded).
    /// `None` for the first entry, and where no change could be computed: both sides of such a
    /// gap keep their states whole.
    links: Vec<Option<Box<RawValue>>>,
    /// The state at the cursor.
    current: T,
    cursor: usize,
    capacity: usize,
    /// Counts every change of what is current (record, undo, redo, goto) since it was loaded:
    /// the shell autosaves when it moves, so no screen has to report "changed". Not saved.
    revision: u64,
    /// The JSON form of the newest entry's state, so recording the next one diffs against it
    /// without serialising it again.
    tail_value: Option<serde_json::Value>,
    /// For a history read from a file: whether its digest matched (the file as Tablemate
    /// wrote it), `None` when it had none (older saves) or was made in memory. Not saved.
    as_written: Option<bool>,
    /// The entries still as the file's text, when the store handed them over unread
    /// ([`band`]): then `entries` and `links` are empty and every entry is in here. Read
    /// when something first needs an entry (undo, the list of entries), so an action that
    /// only adds an entry at the end never reads the ones before it.
    unread: Option<Box<Unread<T>>>,
}

/// A history's entries as the file held them, not yet read (see `History::unread`): the text
/// inside the file's `entries` list, which the file's digest covers, and what the file's
/// head says of it. New entries recorded at the end are added to the text.
#[derive(Clone)]
struct Unread<T> {
    text: String,
    len: usize,
    change_bytes: usize,
    /// The entries read from `text`, once something needed them.
    read: OnceLock<Listed<T>>,
    /// A state reached from the current one without reading the entries (`reach.rs`): its
    /// index and the state, until `goto` makes it current.
    reached: OnceLock<(usize, T)>,
}

/// The entries and the changes between them (`History::entries`, `History::links`).
#[derive(Clone)]
struct Listed<T> {
    entries: Vec<Entry<T>>,
    links: Vec<Option<Box<RawValue>>>,
}

impl<T> Unread<T> {
    fn listed(&self) -> &Listed<T> {
        self.read
            .get_or_init(|| file::read_entries(&self.text, self.len))
    }
}

/// What a history holds for a reader: its entries and where it stands.
impl<T: std::fmt::Debug> std::fmt::Debug for History<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("History")
            .field("entries", &self.list().0)
            .field("cursor", &self.cursor)
            .field("capacity", &self.capacity)
            .field("current", &self.current)
            .finish_non_exhaustive()
    }
}

/// Two histories are equal when they hold the same labelled entries, the same changes between
/// them and the same current state at the same cursor (so every state reached from it is the
/// same); how often they were changed in memory (`revision`) does not count.
impl<T: PartialEq> PartialEq for History<T> {
    fn eq(&self, other: &Self) -> bool {
        let (entries, links) = self.list();
        let (other_entries, other_links) = other.list();
        self.cursor == other.cursor
            && self.capacity == other.capacity
            && self.current == other.current
            && entries.len() == other_entries.len()
            && entries
                .iter()
                .zip(other_entries)
                .all(|(a, b)| a.label == b.label && a.at == b.at)
            && links
                .iter()
                .zip(other_links)
                .all(|(a, b)| a.as_ref().map(|l| l.get()) == b.as_ref().map(|l| l.get()))
    }
}

impl<T> History<T> {
    pub fn len(&self) -> usize {
        match &self.unread {
            Some(unread) => unread.len,
            None => self.entries.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many bytes of JSON text the kept changes take, with each entry's set-aside fields
    /// ([`SetAside`]): what [`MAX_CHANGE_BYTES`] bounds.
    pub fn change_bytes(&self) -> usize {
        match &self.unread {
            Some(unread) => unread.change_bytes,
            None => {
                self.links.iter().map(record::link_len).sum::<usize>()
                    + self
                        .entries
                        .iter()
                        .map(|e| aside::aside_len(&e.aside))
                        .sum::<usize>()
            }
        }
    }

    /// The entries and the changes between them, read from the file's text first if they are
    /// still unread.
    fn list(&self) -> (&[Entry<T>], &[Option<Box<RawValue>>]) {
        match &self.unread {
            Some(unread) => {
                let listed = unread.listed();
                (&listed.entries, &listed.links)
            }
            None => (&self.entries, &self.links),
        }
    }

    /// Reads unread entries into `entries` and `links`, before anything changes them.
    fn read_all(&mut self) {
        if let Some(unread) = self.unread.take() {
            let unread = *unread;
            let listed = match unread.read.into_inner() {
                Some(listed) => listed,
                None => file::read_entries(&unread.text, unread.len),
            };
            self.entries = listed.entries;
            self.links = listed.links;
        }
    }
}

fn default_capacity() -> usize {
    DEFAULT_CAPACITY
}

/// What is wrong with a history read from a file, or an entry of it reached later.
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
    /// An entry's state, rebuilt from the saved changes when undo or goto reached it, is not
    /// a state of this game (a damaged or hand-edited file). `entry` counts from 1.
    #[error("history entry {entry} cannot be rebuilt: {problem}")]
    Unreadable { entry: usize, problem: String },
}

impl<T: Clone + Serialize + DeserializeOwned + SetAside> History<T> {
    /// Starts a history whose first entry is `state`, labelled `label` ("New game").
    pub fn new(label: impl Into<String>, state: T) -> Self {
        Self::with_capacity(label, state, DEFAULT_CAPACITY)
    }

    /// A history keeping `capacity` entries, held between 2 (room to undo) and
    /// [`MAX_ENTRIES`] (what a save may hold when it is read back): a history never records
    /// more entries than the store reads, it forgets its oldest instead.
    pub fn with_capacity(label: impl Into<String>, state: T, capacity: usize) -> Self {
        let mut first = Entry::new(label.into(), Utc::now(), None);
        // The first entry keeps its own set-aside fields too: the next entry's change is
        // computed without them.
        if !T::SET_ASIDE.is_empty() {
            first.aside = serde_json::to_value(&state)
                .ok()
                .and_then(|mut v| aside::split(&mut v, T::SET_ASIDE));
        }
        Self {
            entries: vec![first],
            links: vec![None],
            current: state,
            cursor: 0,
            capacity: capacity.clamp(2, MAX_ENTRIES),
            revision: 0,
            tail_value: None,
            as_written: None,
            unread: None,
        }
    }

    /// For a history read from a file: `Some(true)` when its digest matched (the current state
    /// and every change are as Tablemate wrote them), `Some(false)` when something changed
    /// them since (a hand edit, another program), `None` when the file had no digest (written
    /// before digests) or the history was made in memory. `tablemate replay` reports it: an
    /// edit to the current state flows into every rebuilt state, where comparing entries
    /// cannot see it.
    pub fn as_written(&self) -> Option<bool> {
        self.as_written
    }

    /// The state the game is in now.
    pub fn current(&self) -> &T {
        &self.current
    }

    /// The entry the game is at now.
    pub fn current_entry(&self) -> &Entry<T> {
        &self.list().0[self.cursor]
    }

    /// The state right after entry `index`, rebuilt from the changes if it is not held.
    pub fn state(&self, index: usize) -> Result<&T, HistoryError> {
        if index == self.cursor {
            return Ok(&self.current);
        }
        if let Some(state) = self.state_unread(index) {
            return Ok(state);
        }
        let entry = self
            .list()
            .0
            .get(index)
            .ok_or(HistoryError::NoSuchEntry(index))?;
        if let Some(state) = entry.state.get() {
            return Ok(state);
        }
        let rebuilt = self.rebuild(index)?;
        Ok(entry.state.get_or_init(|| rebuilt))
    }

    /// Rebuilds entry `index` from the nearest held state on the way to the cursor.
    fn rebuild(&self, index: usize) -> Result<T, HistoryError> {
        let unreadable = |problem: String| HistoryError::Unreadable {
            entry: index + 1,
            problem,
        };
        let (entries, links) = self.list();
        let down = index < self.cursor;
        let mut from = index;
        let source = loop {
            from = if down { from + 1 } else { from - 1 };
            if from == self.cursor {
                break &self.current;
            }
            if let Some(s) = entries[from].state.get() {
                break s;
            }
        };
        let mut value = serde_json::to_value(source).map_err(|e| unreadable(e.to_string()))?;
        aside::split(&mut value, T::SET_ASIDE);
        let steps: Vec<usize> = if down {
            (index + 1..=from).rev().collect()
        } else {
            (from + 1..=index).collect()
        };
        for k in steps {
            // A change that does not fit is named by its own entry (the 250th), not only by
            // the entry being reached through it (the first, for a replay from the start).
            let at_change = |problem: String| {
                unreadable(format!(
                    "the change stored with entry {} does not fit: {problem}",
                    k + 1
                ))
            };
            let text = links[k]
                .as_ref()
                .ok_or_else(|| at_change("no change leads to it".into()))?;
            let ops: Vec<delta::Op> =
                serde_json::from_str(text.get()).map_err(|e| at_change(e.to_string()))?;
            let direction = if down {
                delta::Direction::Backward
            } else {
                delta::Direction::Forward
            };
            delta::apply(&mut value, &ops, direction).map_err(|e| at_change(e.to_string()))?;
        }
        aside::join(&mut value, entries[index].aside.as_deref()).map_err(unreadable)?;
        T::deserialize(&value).map_err(|e| unreadable(e.to_string()))
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
        self.cursor + 1 < self.len()
    }

    /// Steps back one entry; returns the label of the action undone. `None` when there is
    /// nothing to undo or the entry cannot be rebuilt (see [`History::try_undo`]).
    pub fn undo(&mut self) -> Option<&str> {
        self.try_undo().ok().flatten()
    }

    /// Steps back one entry, or says why the entry before cannot be rebuilt.
    pub fn try_undo(&mut self) -> Result<Option<&str>, HistoryError> {
        // The label is borrowed from the entries: read them.
        self.read_all();
        if !self.can_undo() {
            return Ok(None);
        }
        self.goto(self.cursor - 1)?;
        Ok(Some(&self.entries[self.cursor + 1].label))
    }

    /// Steps forward one entry; returns the label of the action redone.
    pub fn redo(&mut self) -> Option<&str> {
        self.try_redo().ok().flatten()
    }

    /// Steps forward one entry, or says why it cannot be rebuilt.
    pub fn try_redo(&mut self) -> Result<Option<&str>, HistoryError> {
        // The label is borrowed from the entries: read them.
        self.read_all();
        if !self.can_redo() {
            return Ok(None);
        }
        self.goto(self.cursor + 1)?;
        Ok(Some(&self.entries[self.cursor].label))
    }

    /// Returns to any entry of the list (undo or redo several steps at once). Nothing changes
    /// if the entry cannot be rebuilt.
    pub fn goto(&mut self, index: usize) -> Result<(), HistoryError> {
        if index != self.cursor && self.goto_unread(index) {
            return Ok(());
        }
        self.read_all();
        if index >= self.entries.len() {
            return Err(HistoryError::NoSuchEntry(index));
        }
        if index == self.cursor {
            return Ok(());
        }
        self.state(index)?;
        let Some(next) = self.entries[index].state.take() else {
            return Err(HistoryError::NoSuchEntry(index));
        };
        let old = std::mem::replace(&mut self.current, next);
        let _ = self.entries[self.cursor].state.set(old);
        self.cursor = index;
        self.revision += 1;
        Ok(())
    }

    pub fn cursor(&self) -> usize {
        self.cursor
    }

    /// The entries' labels and times (their states: [`History::state`]).
    pub fn entries(&self) -> &[Entry<T>] {
        self.list().0
    }

    /// Rebuilds every entry's state in turn, walking down from the current state and up from
    /// it through the changes, and hands each to `check` (with its index): what `tablemate
    /// check --deep` does. One state at a time is held, whatever the length; the first change
    /// that does not fit, state that does not read, or refusal of `check` stops the walk,
    /// naming the entry.
    // Kept String: the caller's own check of a state; its text goes into HistoryError::Unreadable.
    pub fn check_every_state(
        &self,
        mut check: impl FnMut(usize, &T) -> Result<(), String>,
    ) -> Result<(), HistoryError> {
        let unreadable = |index: usize, problem: String| HistoryError::Unreadable {
            entry: index + 1,
            problem,
        };
        check(self.cursor, &self.current).map_err(|e| unreadable(self.cursor, e))?;
        let (entries, links) = self.list();
        let mut start = serde_json::to_value(&self.current)
            .map_err(|e| unreadable(self.cursor, e.to_string()))?;
        aside::split(&mut start, T::SET_ASIDE);
        let below = (0..self.cursor)
            .rev()
            .map(|i| (i, i + 1, delta::Direction::Backward));
        let above = (self.cursor + 1..entries.len()).map(|i| (i, i, delta::Direction::Forward));
        let mut value = start.clone();
        for (n, (index, link, direction)) in below.chain(above).enumerate() {
            if n == self.cursor {
                // The walk up starts again from the current state.
                value = start.clone();
            }
            match (&links[link], entries[index].state.get()) {
                (Some(text), _) => {
                    let ops: Vec<delta::Op> = serde_json::from_str(text.get())
                        .map_err(|e| unreadable(index, e.to_string()))?;
                    delta::apply(&mut value, &ops, direction)
                        .map_err(|e| unreadable(index, e.to_string()))?;
                }
                (None, Some(held)) => {
                    value =
                        serde_json::to_value(held).map_err(|e| unreadable(index, e.to_string()))?;
                    aside::split(&mut value, T::SET_ASIDE);
                }
                (None, None) => return Err(unreadable(index, "no change leads to it".into())),
            }
            // The entry's own set-aside fields in for reading it, out again for the next.
            aside::join(&mut value, entries[index].aside.as_deref())
                .map_err(|e| unreadable(index, e))?;
            let state = T::deserialize(&value).map_err(|e| unreadable(index, e.to_string()));
            aside::strip(&mut value, T::SET_ASIDE);
            let state = state?;
            check(index, &state).map_err(|e| unreadable(index, e))?;
        }
        Ok(())
    }

    /// Checks a history that came from a file: it must have entries, point at one of them,
    /// and have room to undo.
    pub fn validate(&self) -> Result<(), HistoryError> {
        let len = self.len();
        if len == 0 {
            return Err(HistoryError::Empty);
        }
        if self.capacity < 2 {
            return Err(HistoryError::CapacityTooSmall(self.capacity));
        }
        if len > self.capacity {
            return Err(HistoryError::OverCapacity {
                len,
                capacity: self.capacity,
            });
        }
        if self.cursor >= len {
            return Err(HistoryError::CursorOutOfRange {
                cursor: self.cursor,
                len,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod aside_tests;
#[cfg(test)]
mod tests;
