//! The saved game a screen is showing, seen by the shell through one small interface: undo,
//! redo, jump to a history entry, autosave (when `revision` moves). Screens keep a `Doc<SaveData>`; the shell never
//! needs to know which game it is.

use chrono::{DateTime, Utc};

use crate::doc::{GameDoc, Invalid, Kind, Saved};
use crate::store::{Store, StoreError};

/// What the shell may do with any open game.
pub trait Document {
    fn id(&self) -> &str;
    fn kind(&self) -> Kind;
    fn title(&self) -> &str;
    fn summary(&self) -> String;
    /// Undoes one entry: its label, `None` when there is nothing to undo or it was refused.
    fn undo(&mut self) -> Option<String> {
        self.try_undo().ok().flatten()
    }
    fn redo(&mut self) -> Option<String> {
        self.try_redo().ok().flatten()
    }
    /// Undoes one entry, or says why the state it returns to is refused (a damaged save:
    /// earlier entries are checked when reached, docs/store.md).
    fn try_undo(&mut self) -> Result<Option<String>, Invalid>;
    fn try_redo(&mut self) -> Result<Option<String>, Invalid>;
    /// Returns to history entry `index`, or says why not.
    fn try_goto(&mut self, index: usize) -> Result<(), Invalid>;
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    /// Returns to history entry `index`; false if there is none.
    fn goto(&mut self, index: usize) -> bool;
    /// (label, time) of every history entry, oldest first, and the current index.
    fn history(&self) -> (Vec<(String, DateTime<Utc>)>, usize);
    /// Moves on every change, undo, redo or jump: the shell autosaves when it does.
    fn revision(&self) -> u64;
    fn save(&self, store: &Store) -> Result<(), StoreError>;
    /// Reads the game again from the store (a phone changed it while sharing, `share.rs`; a
    /// restore or its Undo): the version read.
    fn reload(&mut self, store: &Store) -> Result<crate::store::OnDisk, StoreError>;
    /// Gives the save a new title (checked by the caller): no history entry, the shell saves.
    fn set_title(&mut self, title: String);
    /// A copy of the game that the writer thread saves (see `saving.rs`).
    fn save_job(&self) -> super::saving::Job;
    /// The recorded actions (JSON, one step at a time) of the entries after `index` up to
    /// the current one, oldest first; None if there are none or one of them has no recorded
    /// action (an edit, a restore): what the window sends again on a game a phone changed.
    fn recorded_since(&self, index: usize) -> Option<Vec<(String, bool)>>;
    /// The plays the game now holds as finished (docs/plays.md): a new one is a game's end,
    /// where the window offers tonight's session sheet (`sheet.rs`).
    fn finished(&self) -> Vec<u32>;
}

/// An editor open over a screen with undo of its own (Furtherance's "Your cards" and "Your
/// board", on an [`EditStack`]): while it
/// is open, the top bar's Undo and Redo (Ctrl+Z, Ctrl+Y) step through its edits instead of
/// the game's history, and the editor draws no Undo/Redo of its own, so the screen has one
/// pair (src/gui/README.md).
pub trait Edits {
    fn can_undo(&self) -> bool;
    fn can_redo(&self) -> bool;
    /// Undoes one edit: what it was, `None` when there was nothing to undo.
    fn undo(&mut self) -> Option<String>;
    fn redo(&mut self) -> Option<String>;
}

/// The labelled undo and redo stacks of an editor's value `T` (each edit's label with the value
/// before it, or after it for redo): what the editors' `Edits` are built on.
#[derive(Debug, Clone)]
pub struct EditStack<T> {
    undo: Vec<(String, T)>,
    redo: Vec<(String, T)>,
}

impl<T: Clone + PartialEq> EditStack<T> {
    pub fn new() -> Self {
        EditStack {
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// Applies `f` to `value` as one edit labelled `label`, recorded only if it changed
    /// anything; a new edit drops what could be redone.
    pub fn change(&mut self, value: &mut T, label: String, f: impl FnOnce(&mut T)) {
        let before = value.clone();
        f(value);
        if *value != before {
            self.undo.push((label, before));
            self.redo.clear();
        }
    }

    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Puts `value` back as it was before the last edit: that edit's label.
    pub fn undo(&mut self, value: &mut T) -> Option<String> {
        let (label, before) = self.undo.pop()?;
        let after = std::mem::replace(value, before);
        self.redo.push((label.clone(), after));
        Some(label)
    }

    /// Makes the last undone edit again: its label.
    pub fn redo(&mut self, value: &mut T) -> Option<String> {
        let (label, after) = self.redo.pop()?;
        let before = std::mem::replace(value, after);
        self.undo.push((label.clone(), before));
        Some(label)
    }
}

impl<T: Clone + PartialEq> Default for EditStack<T> {
    fn default() -> Self {
        Self::new()
    }
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

    /// For tests that build a state by hand: applies a change as a new labelled history entry
    /// (nothing changes on error). The app changes a game only through `Saved::act`.
    #[cfg(test)]
    pub fn apply<R, E>(
        &mut self,
        label: impl Into<String>,
        action: impl FnOnce(&mut T) -> Result<R, E>,
    ) -> Result<R, E> {
        self.saved.history.apply(label, action)
    }
}

impl<T: GameDoc + crate::plays::Recorded + Send + 'static> Document for Doc<T> {
    fn finished(&self) -> Vec<u32> {
        self.state().finished()
    }

    fn recorded_since(&self, index: usize) -> Option<Vec<(String, bool)>> {
        let h = &self.saved.history;
        let cursor = h.cursor();
        if cursor <= index {
            return None;
        }
        h.entries()
            .get(index + 1..=cursor)?
            .iter()
            .map(|e| {
                e.action
                    .as_ref()
                    .map(|r| (r.json.get().to_string(), r.one_step))
            })
            .collect()
    }

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

    fn try_undo(&mut self) -> Result<Option<String>, Invalid> {
        self.saved.undo()
    }

    fn try_redo(&mut self) -> Result<Option<String>, Invalid> {
        self.saved.redo()
    }

    fn try_goto(&mut self, index: usize) -> Result<(), Invalid> {
        self.saved.goto(index)
    }

    fn can_undo(&self) -> bool {
        self.saved.history.can_undo()
    }

    fn can_redo(&self) -> bool {
        self.saved.history.can_redo()
    }

    fn goto(&mut self, index: usize) -> bool {
        self.try_goto(index).is_ok()
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

    fn revision(&self) -> u64 {
        self.saved.history.revision()
    }

    fn save(&self, store: &Store) -> Result<(), StoreError> {
        store.save(&self.id, &self.saved)
    }

    fn reload(&mut self, store: &Store) -> Result<crate::store::OnDisk, StoreError> {
        let (saved, on_disk) = store.load_versioned::<T>(&self.id)?;
        self.saved = saved;
        Ok(on_disk)
    }

    fn set_title(&mut self, title: String) {
        self.saved.title = title;
    }

    /// Serialises here, on the UI thread (one state plus the history's cached changes, not a
    /// copy of every entry), so the writer thread only writes bytes.
    fn save_job(&self) -> super::saving::Job {
        let id = self.id.clone();
        let prepared = crate::store::Prepared::new(&self.saved);
        Box::new(move |store: &Store, over: Option<crate::store::OnDisk>| {
            let prepared = prepared?;
            match over {
                Some(over) => store.write_prepared_over(&id, &prepared, over).map(Some),
                None => store
                    .write_prepared(&id, &prepared)
                    .map(|()| Some(crate::store::OnDisk::of(prepared.bytes()))),
            }
        })
    }
}

/// The shell's two views of a game screen's open game (its `doc: Option<Doc<T>>` field, `None`
/// while the screen shows its setup form), written once for every screen that holds one:
/// `document_views!();` inside the screen's `impl State`.
macro_rules! document_views {
    () => {
        pub fn document(&self) -> Option<&dyn $crate::gui::document::Document> {
            self.doc
                .as_ref()
                .map(|d| d as &dyn $crate::gui::document::Document)
        }

        pub fn document_mut(&mut self) -> Option<&mut dyn $crate::gui::document::Document> {
            self.doc
                .as_mut()
                .map(|d| d as &mut dyn $crate::gui::document::Document)
        }
    };
}
pub(crate) use document_views;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::{Deck, WhenEmpty};
    use crate::gui::widgets::history_panel;
    use iced_test::simulator;
    use serde::{Deserialize, Serialize};

    /// A sample game: a deck of numbers and the cards drawn so far.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Sample {
        deck: Deck<u32>,
        drawn: Vec<u32>,
    }

    impl crate::history::SetAside for Sample {}
    impl GameDoc for Sample {
        const KIND: Kind = Kind::Army;
        fn summary(&self) -> String {
            format!("{} drawn", self.drawn.len())
        }
        fn validate(&self) -> Result<(), crate::doc::Invalid> {
            Ok(())
        }
    }

    /// A sample that is never finished.
    impl crate::plays::Recorded for Sample {
        fn begun(&self) -> Vec<u32> {
            Vec::new()
        }
        fn finished(&self) -> Vec<u32> {
            Vec::new()
        }
        fn facts(&self, _: u32) -> Option<crate::plays::Facts> {
            None
        }
    }

    fn draw(doc: &mut Doc<Sample>) -> u32 {
        let n = doc.state().drawn.len() + 1;
        doc.apply(format!("Draw card {n}"), |g| {
            let c = g.deck.draw()?;
            g.drawn.push(c);
            Ok::<u32, crate::deck::DeckError>(c)
        })
        .unwrap()
    }

    fn sample() -> Doc<Sample> {
        let state = Sample {
            deck: Deck::new((1..=30).collect(), 2026, WhenEmpty::Refuse),
            drawn: vec![],
        };
        Doc::new("sample", Saved::new("Sample", "New game", state))
    }

    #[test]
    fn undo_then_the_same_action_draws_the_same_card() {
        let mut doc = sample();
        let first = draw(&mut doc);
        assert_eq!(doc.undo().as_deref(), Some("Draw card 1"));
        assert_eq!(draw(&mut doc), first);
        assert!(!doc.can_redo());
    }

    #[test]
    fn clicking_a_history_entry_returns_to_it() {
        let mut doc = sample();
        for _ in 0..3 {
            draw(&mut doc);
        }
        let (entries, cursor) = doc.history();
        assert_eq!(cursor, 3);
        let mut ui = simulator(history_panel(&entries, cursor, |i| i));
        ui.click("Draw card 1").unwrap();
        let picked: Vec<usize> = ui.into_messages().collect();
        assert_eq!(picked, vec![1]);
        assert!(doc.goto(picked[0]));
        assert_eq!(doc.state().drawn.len(), 1);
        assert!(doc.can_redo());
        assert_eq!(doc.redo().as_deref(), Some("Draw card 2"));
    }

    #[test]
    fn the_history_survives_a_save_and_reload() {
        let mut doc = sample();
        draw(&mut doc);
        draw(&mut doc);
        doc.undo();
        // What the store writes as the envelope's data: title and the whole history.
        let text = serde_json::to_string(&doc.saved).unwrap();
        let back: Saved<Sample> = serde_json::from_str(&text).unwrap();
        let mut reloaded = Doc::new("sample", back);
        assert_eq!(reloaded.history(), doc.history());
        assert_eq!(reloaded.redo().as_deref(), Some("Draw card 2"));
        assert_eq!(reloaded.state(), &{
            let mut d = doc.clone();
            d.redo();
            d.state().clone()
        });
    }

    #[test]
    fn the_writer_never_writes_over_a_version_the_window_did_not_read() {
        use crate::gui::saving::Saver;
        use std::sync::Arc;
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(dir.path()).unwrap());
        let mut doc = sample();
        store.save("sample", &doc.saved).unwrap();
        let read = store.on_disk("sample").unwrap();
        let saver = Saver::start(store.clone());
        saver.expect("sample", read);
        // Something else replaces the file (a restore, another program).
        let mut other = sample();
        draw(&mut other);
        draw(&mut other);
        store.save("sample", &other.saved).unwrap();
        let restored = std::fs::read(dir.path().join("saves/sample.json")).unwrap();
        draw(&mut doc);
        saver.save("sample".into(), doc.save_job());
        saver.flush();
        let failures = saver.failures();
        assert!(
            matches!(failures.as_slice(), [(_, StoreError::Changed { .. })]),
            "{failures:?}"
        );
        assert_eq!(
            std::fs::read(dir.path().join("saves/sample.json")).unwrap(),
            restored,
            "what is on disk is left alone"
        );
        // Over the version it knows, it writes.
        saver.expect("sample", store.on_disk("sample").unwrap());
        saver.save("sample".into(), doc.save_job());
        saver.flush();
        assert!(saver.failures().is_empty());
    }
}
