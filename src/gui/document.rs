//! The saved game a screen is showing, seen by the shell through one small interface: undo,
//! redo, jump to a history entry, autosave. Screens keep a `Doc<SaveData>`; the shell never
//! needs to know which game it is.

use chrono::{DateTime, Utc};

use crate::doc::{GameDoc, Kind, Saved};
use crate::store::{Store, StoreError};

/// What the shell may do with any open game.
pub trait Document {
    fn id(&self) -> &str;
    fn kind(&self) -> Kind;
    fn title(&self) -> &str;
    fn summary(&self) -> String;
    fn undo(&mut self) -> Option<String>;
    fn redo(&mut self) -> Option<String>;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    /// Returns to history entry `index`; false if there is none.
    fn goto(&mut self, index: usize) -> bool;
    /// (label, time) of every history entry, oldest first, and the current index.
    fn history(&self) -> (Vec<(String, DateTime<Utc>)>, usize);
    fn save(&self, store: &Store) -> Result<(), StoreError>;
}

/// A game of type `T` with its save id.
#[derive(Debug, Clone, PartialEq)]
pub struct Doc<T> {
    pub id: String,
    pub saved: Saved<T>,
}

impl<T: GameDoc> Doc<T> {
    pub fn new(id: impl Into<String>, saved: Saved<T>) -> Self {
        Doc {
            id: id.into(),
            saved,
        }
    }

    /// The state of play.
    pub fn state(&self) -> &T {
        self.saved.current()
    }

    /// Applies a validated change as a new labelled history entry (nothing changes on error).
    pub fn apply<R, E>(
        &mut self,
        label: impl Into<String>,
        action: impl FnOnce(&mut T) -> Result<R, E>,
    ) -> Result<R, E> {
        self.saved.history.apply(label, action)
    }
}

impl<T: GameDoc> Document for Doc<T> {
    fn id(&self) -> &str {
        &self.id
    }

    fn kind(&self) -> Kind {
        T::KIND
    }

    fn title(&self) -> &str {
        &self.saved.title
    }

    fn summary(&self) -> String {
        self.saved.summary()
    }

    fn undo(&mut self) -> Option<String> {
        self.saved.history.undo().map(str::to_string)
    }

    fn redo(&mut self) -> Option<String> {
        self.saved.history.redo().map(str::to_string)
    }

    fn can_undo(&self) -> bool {
        self.saved.history.can_undo()
    }

    fn can_redo(&self) -> bool {
        self.saved.history.can_redo()
    }

    fn goto(&mut self, index: usize) -> bool {
        self.saved.history.goto(index).is_ok()
    }

    fn history(&self) -> (Vec<(String, DateTime<Utc>)>, usize) {
        (
            self.saved
                .history
                .entries()
                .iter()
                .map(|e| (e.label.clone(), e.at))
                .collect(),
            self.saved.history.cursor(),
        )
    }

    fn save(&self, store: &Store) -> Result<(), StoreError> {
        store.save(&self.id, &self.saved)
    }
}
