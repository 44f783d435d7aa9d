//! Undo, redo and a jump while a history's entries are still the file's text (`Unread`):
//! only the entries between the current one and the one reached are parsed, not every
//! entry, so `tablemate undo 1` on a long game costs one scan of the text (to find where each
//! entry starts) and the changes it undoes (docs/store.md, "costs"). Anything unexpected
//! (entries that do not read as the store writes them, a change that does not fit) falls back
//! to reading every entry, which names the problem as before.

use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

use super::load::EntryIn;
use super::{History, SetAside, Unread, aside, delta};

/// The text of each entry inside a list's brackets, found by scanning it once and borrowed
/// from it; `None` if it is not such a list, comma-separated and compact, as the store writes.
fn entry_texts(text: &str) -> Option<Vec<&str>> {
    use serde::Deserialize;
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let mut de = serde_json::Deserializer::from_str(rest);
        let raw = <&RawValue>::deserialize(&mut de).ok()?;
        let len = raw.get().len();
        if !rest.starts_with(raw.get()) {
            return None;
        }
        out.push(&rest[..len]);
        rest = &rest[len..];
        match rest.strip_prefix(',') {
            Some(r) if !r.is_empty() => rest = r,
            Some(_) => return None,
            None => break,
        }
    }
    rest.is_empty().then_some(out)
}

/// Entries kept unread and not read since (`History::unread`).
fn untouched<T>(history: &History<T>) -> Option<&Unread<T>> {
    history.unread.as_deref().filter(|u| u.read.get().is_none())
}

impl<T: Clone + Serialize + DeserializeOwned + SetAside> History<T> {
    /// Entry `index`'s label, reading only that entry while the entries are unread.
    pub fn label(&self, index: usize) -> Option<String> {
        if let Some(unread) = untouched(self) {
            let texts = entry_texts(&unread.text).filter(|t| t.len() == unread.len);
            if let Some(text) = texts.as_ref().and_then(|t| t.get(index))
                && let Ok(e) = serde_json::from_str::<EntryIn>(text)
            {
                return Some(e.label);
            }
        }
        self.entries().get(index).map(|e| e.label.clone())
    }

    /// The state of entry `index` rebuilt from the current one through the changes between,
    /// parsing only those entries of the unread text; `None` where reading every entry must
    /// decide (and name) what is wrong.
    fn reach_unread(&self, unread: &Unread<T>, index: usize) -> Option<T> {
        let texts = entry_texts(&unread.text).filter(|t| t.len() == unread.len)?;
        let entry = |k: usize| serde_json::from_str::<EntryIn>(texts.get(k)?).ok();
        let mut value = serde_json::to_value(&self.current).ok()?;
        aside::strip(&mut value, T::SET_ASIDE);
        let (steps, direction): (Vec<usize>, _) = if index < self.cursor {
            (
                (index + 1..=self.cursor).rev().collect(),
                delta::Direction::Backward,
            )
        } else {
            (
                (self.cursor + 1..=index).collect(),
                delta::Direction::Forward,
            )
        };
        for k in steps {
            let change = entry(k)?.change?;
            let ops: Vec<delta::Op> = serde_json::from_str(change.get()).ok()?;
            delta::apply(&mut value, &ops, direction).ok()?;
        }
        aside::join(&mut value, entry(index)?.aside.as_deref()).ok()?;
        T::deserialize(&value).ok()
    }

    /// [`History::state`] for entries kept unread: the state reached without reading every
    /// entry, kept for the `goto` that follows; `None` to read them all instead.
    pub(super) fn state_unread(&self, index: usize) -> Option<&T> {
        let unread = untouched(self)?;
        if index == self.cursor || index >= unread.len {
            return None;
        }
        if let Some((i, state)) = unread.reached.get() {
            return (*i == index).then_some(state);
        }
        let state = self.reach_unread(unread, index)?;
        Some(&unread.reached.get_or_init(|| (index, state)).1)
    }

    /// [`History::goto`] for entries kept unread: the state reached becomes current and the
    /// entries stay the file's text (the next save writes them back as they are, with the new
    /// cursor). False when they must be read.
    pub(super) fn goto_unread(&mut self, index: usize) -> bool {
        if self.state_unread(index).is_none() {
            return false;
        }
        let Some(unread) = self.unread.as_deref_mut() else {
            return false;
        };
        match unread.reached.take() {
            Some((i, state)) if i == index => {
                self.current = state;
                self.cursor = index;
                self.tail_value = None;
                self.revision += 1;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{History, band};

    fn long() -> History<Vec<i32>> {
        let mut h = History::new("start", vec![0]);
        for i in 1..=40 {
            h.record(format!("push {i}"), (0..=i).collect::<Vec<i32>>());
        }
        h
    }

    fn unread(h: &History<Vec<i32>>) -> (History<Vec<i32>>, String) {
        let (json, _, entries) = band::out_of_band(None, || serde_json::to_string(h).unwrap());
        let entries = entries.unwrap();
        let (back, taken, _) = band::out_of_band(Some(entries.clone()), || {
            serde_json::from_str::<History<Vec<i32>>>(&json).unwrap()
        });
        assert!(taken);
        (back, entries)
    }

    /// Undo and redo on a history whose entries are still the file's text parse only the
    /// entries they pass (no entry is read into the list), reach exactly the states played,
    /// and the save writes the same entries' text back with the new cursor.
    #[test]
    fn undo_and_redo_on_unread_entries_read_only_the_entries_they_pass() {
        let played = long();
        let (mut h, entries) = unread(&played);
        for back in 1..=3 {
            h.goto(40 - back).unwrap();
            assert_eq!(h.current(), played.state(40 - back).unwrap());
            assert_eq!(
                h.label(40 - back + 1).as_deref(),
                Some(format!("push {}", 41 - back).as_str())
            );
        }
        h.goto(39).unwrap();
        assert_eq!(h.current(), played.state(39).unwrap());
        let untouched = h.unread.as_ref().is_some_and(|u| u.read.get().is_none());
        assert!(untouched, "no entry was read into the list");
        let (json, _, again) = band::out_of_band(None, || serde_json::to_string(&h).unwrap());
        assert_eq!(again.as_deref(), Some(entries.as_str()));
        assert!(json.contains("\"cursor\":39"));
        // Read back, it is at entry 39 with entry 40 to redo, and a new action drops it.
        let (mut read, _, _) = band::out_of_band(again, || {
            serde_json::from_str::<History<Vec<i32>>>(&json).unwrap()
        });
        assert_eq!(read.cursor(), 39);
        assert!(read.can_redo());
        read.record("other", vec![7]);
        assert_eq!(read.len(), 41);
        assert_eq!(read.label(40).as_deref(), Some("other"));
        read.goto(0).unwrap();
        assert_eq!(*read.current(), vec![0]);
    }
}
