//! A history's form in a save file (envelope version 3):
//!
//! `{"cursor": 12, "capacity": 400, "current": {state}, "entries": [{"label", "at",
//! "change"?: [op...], "state"?: {state}, "action"?: {action}, "one_step"?: true}...]}`.
//! `action` is the action that made the entry (absent in older saves and for entries not
//! made by `Saved::act`); `tablemate replay` applies it.
//!
//! `current` is the state at `cursor`, whole. Entry `i`'s `change` turns entry `i - 1` into
//! entry `i` (see `delta.rs`); an entry whose state cannot be reached that way carries its
//! `state` whole. Version 2 files, where every entry carried its state and there was no
//! `current`, are read by the same code: every entry is then whole.
//!
//! Loading is bounded by the file's size: a history of more than `MAX_ENTRIES` entries is
//! refused before anything is rebuilt; the changes are kept as the file's text; every one is
//! checked once, in JSON form, walking down from the current state undoing them and up from it
//! redoing them (a change that does not fit its neighbour is refused with the entry's number);
//! and only the current state becomes a game state. The others are rebuilt when undo or goto
//! reaches them (`History::state`).
//!
//! `digest` (optional) is a CRC-32 of the cursor, the current state's text and every change's
//! text, exactly as written. The store only writes changes it computed or checked, so a history
//! whose digest matches is the one it wrote: loading it skips the walk above and reads the
//! changes as text only, and its cost stays flat however long the history is. A file edited by
//! hand (or by anything else) no longer matches and gets the full walk. `tablemate check
//! --deep` walks and rebuilds every entry whatever the digest says
//! ([`History::check_every_state`]).
//!
//! Such a history also keeps each entry's text as read (`Entry::written`) and writes it back
//! as it is wherever it would say the same (no whole state, and a change exactly where it
//! had one: the entry that becomes the first when the oldest is forgotten loses its change
//! and is written from its fields). So a save after one action formats and escapes only the
//! new entry, not every label and time again.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;

use super::load::{EntryIn, seal};
use super::{Entry, History, SetAside, band};

#[derive(Serialize)]
struct HistoryOut<'a> {
    cursor: usize,
    capacity: usize,
    length: usize,
    change_bytes: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    digest: Option<String>,
    /// The state's fields kept beside each entry rather than in the changes (`aside.rs`);
    /// absent when the game sets none aside.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    set_aside: &'a [&'a str],
    current: &'a RawValue,
    /// Last, so the store can cut the list out of a file without reading it (`band.rs`).
    entries: &'a RawValue,
}

#[derive(Serialize)]
#[serde(untagged)]
enum Out<'a, T> {
    Written(&'a super::Written),
    Fields(EntryOut<'a, T>),
}

impl<T> Out<'_, T> {
    /// Whether the entry is not reached by its change as it goes in the file: it has none, or
    /// it goes whole. A history with such an entry after the first has no digest.
    fn unreached(&self) -> bool {
        match self {
            Out::Written(w) => !w.with_change,
            Out::Fields(e) => e.change.is_none() || e.state.is_some(),
        }
    }
}

#[derive(Serialize)]
struct EntryOut<'a, T> {
    label: &'a str,
    at: DateTime<Utc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    change: Option<&'a RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    aside: Option<&'a RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'a T>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<&'a RawValue>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    one_step: bool,
}

impl<T: Serialize + SetAside> History<T> {
    /// Each entry as it goes in the file.
    // Kept String: ends as serde's custom error (S::Error::custom), which carries only text.
    fn outs(&self) -> Result<Vec<Out<'_, T>>, String> {
        let cursor = self.cursor;
        let (list, links) = self.list();
        let link = |i: usize| links.get(i).and_then(|l| l.as_deref());
        let mut entries = Vec::with_capacity(list.len());
        for (i, e) in list.iter().enumerate() {
            // Below the cursor an entry is reached by undoing the next entry's change,
            // above it by doing its own: where that change is missing, it goes whole (such
            // states are never let go, see `History::let_go`).
            let reachable = match i.cmp(&cursor) {
                std::cmp::Ordering::Less => link(i + 1).is_some(),
                std::cmp::Ordering::Equal => true,
                std::cmp::Ordering::Greater => link(i).is_some(),
            };
            let state = match reachable {
                true => None,
                false => Some(e.state.get().ok_or_else(|| {
                    format!(
                        "history entry {} can be neither reached nor saved whole",
                        i + 1
                    )
                })?),
            };
            let change = if i == 0 { None } else { link(i) };
            // The text read from the file says the same: no whole state, and a change
            // exactly where this entry has one (the change itself is the one read with it:
            // links move only with their entries).
            if let Some(w) = &e.written
                && state.is_none()
                && w.with_change == change.is_some()
            {
                entries.push(Out::Written(w));
                continue;
            }
            entries.push(Out::Fields(EntryOut {
                label: &e.label,
                at: e.at,
                change,
                // A whole state carries its set-aside fields itself.
                aside: e.aside.as_deref().filter(|_| state.is_none()),
                state,
                action: e.action.as_ref().map(|a| a.json.as_ref()),
                one_step: e.action.as_ref().is_some_and(|a| a.one_step),
            }));
        }
        Ok(entries)
    }
}

impl<T: Serialize + SetAside> Serialize for History<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        fn error<E: serde::ser::Error>(e: impl std::fmt::Display) -> E {
            E::custom(e)
        }
        // The current state goes in as compact text, so its bytes in the file are the ones
        // the digest covers.
        let current = serde_json::value::to_raw_value(&self.current).map_err(error)?;
        let out_of_band = band::wants_entries_out();
        // The entries' text: unread entries as they are (only where the store lays the file
        // out, `band.rs`: in JSON they need reading, to be written as JSON values), the others
        // each as read or written from its fields, compact.
        let (text, list, whole): (&str, Option<Box<RawValue>>, bool) = match &self.unread {
            Some(unread) if out_of_band => (&unread.text, None, false),
            _ => {
                let outs = self.outs().map_err(error)?;
                let whole = outs.iter().skip(1).any(Out::unreached);
                let list = serde_json::value::to_raw_value(&outs).map_err(error)?;
                ("", Some(list), whole)
            }
        };
        let text = match &list {
            Some(list) => inside_brackets(list.get()),
            None => text,
        };
        let length = self.len();
        let change_bytes = self.change_bytes();
        // The digest only when every entry after the first is reached by its change: a
        // history as written is then read without walking them (`rebuild`).
        let digest = (!whole).then(|| seal(self.cursor, current.get(), length, change_bytes, text));
        let empty;
        let entries = match out_of_band {
            true => {
                band::put_entries_out(text.to_string());
                empty = RawValue::from_string("[]".to_string()).map_err(error)?;
                &*empty
            }
            false => list
                .as_deref()
                .ok_or_else(|| error("unread entries outside the store"))?,
        };
        HistoryOut {
            cursor: self.cursor,
            capacity: self.capacity,
            length,
            change_bytes,
            digest,
            set_aside: T::SET_ASIDE,
            current: &current,
            entries,
        }
        .serialize(s)
    }
}

/// The text inside a JSON list's brackets.
fn inside_brackets(list: &str) -> &str {
    list.strip_prefix('[')
        .and_then(|t| t.strip_suffix(']'))
        .unwrap_or("")
}

/// One entry recorded at the end of unread entries, as its text in the file (`None` if it
/// cannot be put in JSON, then the history records it the usual way).
pub(super) fn entry_text(
    label: &str,
    at: DateTime<Utc>,
    change: &RawValue,
    aside: Option<&RawValue>,
    action: Option<&super::Recorded>,
) -> Option<String> {
    serde_json::to_string(&EntryOut::<()> {
        label,
        at,
        change: Some(change),
        aside,
        state: None,
        action: action.map(|a| a.json.as_ref()),
        one_step: action.is_some_and(|a| a.one_step),
    })
    .ok()
}

/// What forgetting the oldest of unread entries (`History::unread`) does to their text.
pub(super) struct Forgotten {
    /// The text up to here goes ...
    pub end: usize,
    /// ... replaced by the entry that becomes the first, without its change.
    pub first: String,
    /// The entries and bytes of changes kept.
    pub len: usize,
    pub change_bytes: usize,
}

/// Forgets the oldest of unread entries (`History::unread`) while `over` says there are too
/// many: reads only the entries forgotten and the one after them, which becomes the first,
/// loses its change and is written from its fields. `None` if they do not read as the store
/// writes them (a file forged to match its digest); nothing is changed either way, the
/// caller replaces the text.
pub(super) fn forget_oldest(
    text: &str,
    mut len: usize,
    mut change_bytes: usize,
    over: impl Fn(usize, usize) -> bool,
) -> Option<Forgotten> {
    /// The first JSON value in `text`, if `text` starts with it followed by a comma.
    fn first(text: &str) -> Option<&str> {
        let mut de = serde_json::Deserializer::from_str(text);
        let raw = <Box<RawValue>>::deserialize(&mut de).ok()?;
        let len = raw.get().len();
        (text.starts_with(raw.get()) && text.as_bytes().get(len) == Some(&b','))
            .then(|| &text[..len])
    }
    let mut start = 0;
    let mut done = None;
    while over(len, change_bytes) {
        let oldest = first(&text[start..])?;
        let oldest_aside = serde_json::from_str::<EntryIn>(oldest).ok()?.aside;
        let next_start = start + oldest.len() + 1;
        let rest = &text[next_start..];
        let next_len = first(rest).map_or(rest.len(), str::len);
        let next: EntryIn = serde_json::from_str(&rest[..next_len]).ok()?;
        if next.state.is_some() || len < 2 {
            return None;
        }
        // The oldest goes with its set-aside fields, the next loses its change.
        let forgotten = next.change.as_ref().map_or(0, |c| c.get().len())
            + super::aside::aside_len(&oldest_aside);
        change_bytes -= forgotten.min(change_bytes);
        len -= 1;
        let written = serde_json::to_string(&EntryOut::<()> {
            label: &next.label,
            at: next.at,
            change: None,
            aside: next.aside.as_deref(),
            state: None,
            action: next.action.as_deref(),
            one_step: next.one_step,
        })
        .ok()?;
        done = Some((next_start + next_len, written));
        start = next_start;
    }
    let (end, first) = done?;
    Some(Forgotten {
        end,
        first,
        len,
        change_bytes,
    })
}

/// Reads entries kept as the file's text (`History::unread`), trusted as the store wrote them
/// (the digest matched): each entry's label, time and action, its change kept as text. If the
/// text does not read as `len` such entries (possible only for a file made to match its
/// digest by hand), every entry is listed as unreadable, none reached by a change, so undo and
/// the deep check refuse them by number and nothing panics.
pub(super) fn read_entries<T>(text: &str, len: usize) -> super::Listed<T> {
    // Kept String: ends as serde's custom error (S::Error::custom), which carries only text.
    let read = || -> Result<super::Listed<T>, String> {
        let texts: Vec<Box<RawValue>> =
            serde_json::from_str(&format!("[{text}]")).map_err(|e| e.to_string())?;
        if texts.len() != len {
            return Err(format!("{} entries where the file says {len}", texts.len()));
        }
        let mut entries = Vec::with_capacity(len);
        let mut links = Vec::with_capacity(len);
        for (i, text) in texts.into_iter().enumerate() {
            let e: EntryIn = serde_json::from_str(text.get()).map_err(|e| e.to_string())?;
            if i > 0 && (e.change.is_none() || e.state.is_some()) {
                return Err(format!(
                    "history entry {} is not reached by its change",
                    i + 1
                ));
            }
            let mut entry = Entry::new(e.label, e.at, None);
            entry.action = e.action.map(|json| super::Recorded {
                json,
                one_step: e.one_step,
            });
            entry.aside = e.aside;
            entry.written = (!text.get().contains('\n')).then(|| super::Written {
                text,
                with_change: e.change.is_some(),
            });
            entries.push(entry);
            links.push(if i == 0 { None } else { e.change });
        }
        Ok(super::Listed { entries, links })
    };
    read().unwrap_or_else(|problem| super::Listed {
        entries: (0..len)
            .map(|i| {
                Entry::new(
                    format!("unreadable history entry {}: {problem}", i + 1),
                    DateTime::<Utc>::UNIX_EPOCH,
                    None,
                )
            })
            .collect(),
        links: vec![None; len],
    })
}

/// The text of an entry read from the file goes back as it is.
impl Serialize for super::Written {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.text.serialize(s)
    }
}
