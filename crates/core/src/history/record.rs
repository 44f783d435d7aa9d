//! Recording an entry: the change from the entry before it (or the state whole when it has
//! no JSON change), the redo branch dropped, and the oldest entries let go past the capacity.

use chrono::Utc;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;

use super::aside::{self, SetAside, aside_len};
use super::{Entry, History, KEEP_WHOLE, MAX_CHANGE_BYTES, Recorded, delta, file};

/// What recording a state computes: the change from the entry before as JSON text (`None`
/// when a state cannot be put in JSON form, then the entry is saved whole), the new state's
/// JSON form without its set-aside fields (for the next change), and those fields' text.
struct Link {
    change: Option<Box<RawValue>>,
    value: Option<serde_json::Value>,
    aside: Option<Box<RawValue>>,
}

/// The change from `a` (a JSON form without set-aside fields) to `b`.
fn link<T: Serialize + SetAside>(a: &serde_json::Value, b: &T) -> Link {
    let Ok(mut b) = serde_json::to_value(b) else {
        return Link {
            change: None,
            value: None,
            aside: None,
        };
    };
    let aside = aside::split(&mut b, T::SET_ASIDE);
    let ops = delta::diff(a, &b);
    let text = serde_json::to_string(&ops).ok();
    Link {
        change: text.and_then(|t| RawValue::from_string(t).ok()),
        value: Some(b),
        aside,
    }
}

pub(super) fn link_len(l: &Option<Box<RawValue>>) -> usize {
    l.as_ref().map_or(0, |l| l.get().len())
}

impl<T: Clone + Serialize + DeserializeOwned + SetAside> History<T> {
    /// Records `state` as the result of the action `label`, dropping any redo branch.
    pub fn record(&mut self, label: impl Into<String>, state: T) {
        self.record_action(label, state, None);
    }

    /// [`History::record`], keeping the action that made the entry (for replay).
    pub fn record_action(&mut self, label: impl Into<String>, state: T, action: Option<Recorded>) {
        let label = label.into();
        let (label, state, action) = match self.add_unread(label, state, action) {
            Ok(()) => return,
            Err(back) => back,
        };
        self.read_all();
        let at_tail = self.cursor + 1 == self.entries.len();
        let Link {
            change,
            value,
            aside,
        } = self.change_to(&state, at_tail);
        self.tail_value = value;
        self.entries.truncate(self.cursor + 1);
        self.links.truncate(self.cursor + 1);
        let old = std::mem::replace(&mut self.current, state);
        let _ = self.entries[self.cursor].state.set(old);
        let mut entry = Entry::new(label, Utc::now(), None);
        entry.action = action;
        entry.aside = aside;
        self.entries.push(entry);
        self.links.push(change);
        // Forget the oldest entries beyond the capacity, and more while the changes and
        // set-aside fields kept pass `MAX_CHANGE_BYTES` (dropping `n` entries leaves
        // `entries[n..]` and `links[n + 1..]`).
        let len = self.entries.len();
        let mut excess = len.saturating_sub(self.capacity);
        let mut bytes: usize = self.links[excess + 1..].iter().map(link_len).sum::<usize>()
            + self.entries[excess..]
                .iter()
                .map(|e| aside_len(&e.aside))
                .sum::<usize>();
        while bytes > MAX_CHANGE_BYTES && excess + 2 < len {
            excess += 1;
            bytes -= link_len(&self.links[excess]) + aside_len(&self.entries[excess - 1].aside);
        }
        if excess > 0 {
            self.entries.drain(..excess);
            self.links.drain(..excess);
            // The new first entry has nothing before it.
            self.links[0] = None;
        }
        self.cursor = self.entries.len() - 1;
        self.let_go();
        self.revision += 1;
    }

    /// The change from the current state to `state`, and `state` in JSON form for the next
    /// one: at the newest entry it diffs against that entry's JSON form kept from the last
    /// record, instead of serialising the current state again.
    fn change_to(&mut self, state: &T, at_tail: bool) -> Link {
        let previous = match self.tail_value.take() {
            Some(v) if at_tail => Some(v),
            _ => serde_json::to_value(&self.current).ok().map(|mut v| {
                aside::strip(&mut v, T::SET_ASIDE);
                v
            }),
        };
        match &previous {
            Some(prev) => link(prev, state),
            None => Link {
                change: None,
                value: None,
                aside: None,
            },
        }
    }

    /// Records an entry at the end of entries still unread by adding its text to theirs, so
    /// the ones before are neither read nor written again: when the entries are unread, none
    /// has been read since (an undo or the list of entries reads them) and the cursor is at
    /// the newest. Forgetting the oldest reads only those and the next
    /// ([`file::forget_oldest`]). Otherwise gives everything back for
    /// [`History::record_action`] to record the usual way.
    #[allow(clippy::type_complexity)]
    fn add_unread(
        &mut self,
        label: String,
        state: T,
        action: Option<Recorded>,
    ) -> Result<(), (String, T, Option<Recorded>)> {
        let unread_at_newest = self
            .unread
            .as_ref()
            .is_some_and(|u| u.read.get().is_none() && self.cursor + 1 == u.len);
        if !unread_at_newest {
            return Err((label, state, action));
        }
        let Link {
            change: Some(change),
            value,
            aside,
        } = self.change_to(&state, true)
        else {
            return Err((label, state, action));
        };
        let Some(unread) = self.unread.as_mut() else {
            return Err((label, state, action));
        };
        let Some(text) = file::entry_text(
            &label,
            Utc::now(),
            &change,
            aside.as_deref(),
            action.as_ref(),
        ) else {
            return Err((label, state, action));
        };
        let (was_len, was_text, was_bytes) = (unread.len, unread.text.len(), unread.change_bytes);
        if !unread.text.is_empty() {
            unread.text.push(',');
        }
        unread.text.push_str(&text);
        unread.len += 1;
        unread.change_bytes += change.get().len() + aside_len(&aside);
        // Forget the oldest beyond the capacity, and more while the changes pass
        // `MAX_CHANGE_BYTES`, as `record_action` does: each costs reading the oldest entry and
        // the one after it, not the rest.
        let capacity = self.capacity;
        let over =
            |len: usize, bytes: usize| len > capacity || (bytes > MAX_CHANGE_BYTES && len > 2);
        if over(unread.len, unread.change_bytes) {
            let Some(forgotten) =
                file::forget_oldest(&unread.text, unread.len, unread.change_bytes, over)
            else {
                // Entries that do not read as the store writes them (only in a file forged
                // to match its digest): back to before, recorded the usual way.
                unread.text.truncate(was_text);
                unread.len = was_len;
                unread.change_bytes = was_bytes;
                return Err((label, state, action));
            };
            unread.text.replace_range(..forgotten.end, &forgotten.first);
            unread.len = forgotten.len;
            unread.change_bytes = forgotten.change_bytes;
        }
        self.tail_value = value;
        self.current = state;
        self.cursor = unread.len - 1;
        self.revision += 1;
        Ok(())
    }

    /// Lets go of rebuilt states far behind the newest entry: they are rebuilt from the
    /// changes when reached again. Only when every change is there (no gap), so each one can.
    fn let_go(&mut self) {
        if self.links.iter().skip(1).any(Option::is_none) {
            return;
        }
        let keep_from = self.entries.len().saturating_sub(KEEP_WHOLE);
        for (i, e) in self.entries.iter_mut().enumerate().take(keep_from) {
            if i != self.cursor {
                e.state.take();
            }
        }
    }
}
