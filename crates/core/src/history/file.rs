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
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

use super::delta::{self, Direction, Op};
use super::{Entry, History, MAX_ENTRIES, band, default_capacity};

#[derive(Serialize)]
struct HistoryOut<'a> {
    cursor: usize,
    capacity: usize,
    length: usize,
    change_bytes: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    digest: Option<String>,
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
    state: Option<&'a T>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<&'a RawValue>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    one_step: bool,
}

impl<T: Serialize> History<T> {
    /// Each entry as it goes in the file.
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
                state,
                action: e.action.as_ref().map(|a| a.json.as_ref()),
                one_step: e.action.as_ref().is_some_and(|a| a.one_step),
            }));
        }
        Ok(entries)
    }
}

impl<T: Serialize> Serialize for History<T> {
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
    action: Option<&super::Recorded>,
) -> Option<String> {
    serde_json::to_string(&EntryOut::<()> {
        label,
        at,
        change: Some(change),
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
        let oldest = first(&text[start..])?.len();
        let next_start = start + oldest + 1;
        let rest = &text[next_start..];
        let next_len = first(rest).map_or(rest.len(), str::len);
        let next: EntryIn = serde_json::from_str(&rest[..next_len]).ok()?;
        if next.state.is_some() || len < 2 {
            return None;
        }
        let forgotten = next.change.as_ref().map_or(0, |c| c.get().len());
        change_bytes -= forgotten.min(change_bytes);
        len -= 1;
        let written = serde_json::to_string(&EntryOut::<()> {
            label: &next.label,
            at: next.at,
            change: None,
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

#[derive(Deserialize)]
struct HistoryIn {
    #[serde(deserialize_with = "entries_with_text")]
    entries: Vec<(EntryIn, Box<RawValue>)>,
    cursor: usize,
    /// How many entries and how many bytes of changes (written since the entries went last
    /// in the file; covered by the digest).
    #[serde(default)]
    length: Option<usize>,
    #[serde(default)]
    change_bytes: Option<usize>,
    #[serde(default = "default_capacity")]
    capacity: usize,
    #[serde(default)]
    current: Option<Box<RawValue>>,
    #[serde(default)]
    digest: Option<String>,
}

#[derive(Deserialize)]
struct EntryIn {
    label: String,
    at: DateTime<Utc>,
    #[serde(default)]
    change: Option<Box<RawValue>>,
    #[serde(default)]
    state: Option<Box<RawValue>>,
    #[serde(default)]
    action: Option<Box<RawValue>>,
    #[serde(default)]
    one_step: bool,
}

/// Each entry, and its text as the file holds it.
fn entries_with_text<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Vec<(EntryIn, Box<RawValue>)>, D::Error> {
    let texts = Vec::<Box<RawValue>>::deserialize(d)?;
    texts
        .into_iter()
        .enumerate()
        .map(|(i, text)| {
            serde_json::from_str::<EntryIn>(text.get())
                .map(|entry| (entry, text))
                .map_err(|e| {
                    let message = e.to_string();
                    let position = format!(" at line {} column {}", e.line(), e.column());
                    let message = message.strip_suffix(&position).unwrap_or(&message);
                    D::Error::custom(format!("history entry {}: {message}", i + 1))
                })
        })
        .collect()
}

/// What every history's capacity was before it grew to `DEFAULT_CAPACITY`.
const OLD_DEFAULT_CAPACITY: usize = 400;

fn raw(ops: &[Op]) -> Result<Box<RawValue>, String> {
    serde_json::to_string(ops)
        .and_then(RawValue::from_string)
        .map_err(|e| e.to_string())
}

fn parse_value(text: &RawValue) -> Result<Value, String> {
    serde_json::from_str(text.get()).map_err(|e| e.to_string())
}

fn parse_ops(text: &RawValue) -> Result<Vec<Op>, String> {
    serde_json::from_str(text.get()).map_err(|e| e.to_string())
}

/// The history's digest: a CRC-32 of the cursor, the current state's text and each change's
/// text in order (each with its length, so no two lists run together), as 8 hex digits.
pub(super) fn digest<'a>(
    cursor: usize,
    current: &str,
    changes: impl Iterator<Item = &'a str>,
) -> String {
    let mut h = crc32fast::Hasher::new();
    let mut part = |text: &str| {
        h.update(&(text.len() as u64).to_le_bytes());
        h.update(text.as_bytes());
    };
    part(&cursor.to_string());
    part(current);
    let mut count = 0u64;
    for change in changes {
        part(change);
        count += 1;
    }
    h.update(&count.to_le_bytes());
    format!("{:08x}", h.finalize())
}

/// The digest of a history as this version writes it: a CRC-32 of the cursor, the current
/// state's text, the number of entries, the bytes of their changes and the text inside the
/// `entries` list exactly as written, as 8 hex digits. It covers the entries' labels, times
/// and actions too, so a history whose digest matches can be kept unread (`band.rs`).
pub(super) fn seal(
    cursor: usize,
    current: &str,
    length: usize,
    change_bytes: usize,
    entries: &str,
) -> String {
    let mut h = crc32fast::Hasher::new();
    let mut part = |text: &str| {
        h.update(&(text.len() as u64).to_le_bytes());
        h.update(text.as_bytes());
    };
    part("entries");
    part(&cursor.to_string());
    part(current);
    part(&length.to_string());
    part(&change_bytes.to_string());
    part(entries);
    format!("{:08x}", h.finalize())
}

/// Whether `file` is a history as the store wrote it: every entry after the first carries its
/// change and no whole state, and the digest matches, as this version writes it ([`seal`]) or
/// as earlier ones did ([`digest`]).
fn as_written(file: &HistoryIn) -> bool {
    let (Some(current), Some(stored)) = (&file.current, &file.digest) else {
        return false;
    };
    let mut changes = Vec::with_capacity(file.entries.len());
    for (e, _) in file.entries.iter().skip(1) {
        match (&e.change, &e.state) {
            (Some(change), None) => changes.push(change.get()),
            _ => return false,
        }
    }
    if let (Some(length), Some(change_bytes)) = (file.length, file.change_bytes) {
        let sum: usize = changes.iter().map(|c| c.len()).sum();
        if length == file.entries.len() && change_bytes == sum {
            let texts: Vec<&str> = file.entries.iter().map(|(_, t)| t.get()).collect();
            let text = texts.join(",");
            if *stored == seal(file.cursor, current.get(), length, change_bytes, &text) {
                return true;
            }
        }
    }
    *stored == digest(file.cursor, current.get(), changes.into_iter())
}

/// A history whose entries the store cut out of the file and handed over unread
/// (`band.rs`): only its head is read, and the digest must cover the text handed over.
fn unread<T: Serialize + DeserializeOwned + Clone>(
    file: HistoryIn,
    text: String,
) -> Result<History<T>, String> {
    let (Some(len), Some(change_bytes), Some(current), Some(stored)) =
        (file.length, file.change_bytes, &file.current, &file.digest)
    else {
        return Err("the history's entries are not in the file".into());
    };
    if len > MAX_ENTRIES {
        return Err(format!(
            "the history holds {len} entries; a save may hold at most {MAX_ENTRIES}"
        ));
    }
    if file.cursor >= len {
        return Err(format!(
            "the history points at entry {} but has only {len}",
            file.cursor
        ));
    }
    if *stored != seal(file.cursor, current.get(), len, change_bytes, &text) {
        return Err("the history's entries do not match its digest".into());
    }
    let current: T = serde_json::from_str(current.get()).map_err(|e| e.to_string())?;
    Ok(History {
        entries: Vec::new(),
        links: Vec::new(),
        current,
        cursor: file.cursor,
        capacity: migrated_capacity(file.capacity, len),
        revision: 0,
        tail_value: None,
        as_written: Some(true),
        unread: Some(Box::new(super::Unread {
            text,
            len,
            change_bytes,
            read: std::sync::OnceLock::new(),
        })),
    })
}

/// An impossible capacity (under 2, fewer than the entries) is refused by `validate` with the
/// numbers. Saves written with the old default (400, which forgot most of a long game) keep
/// the new default from now on. A capacity over [`MAX_ENTRIES`] (written before the store
/// held it there, or by hand) is clamped to it: more entries than that are refused as they
/// load, so the history must forget its oldest before it gets there.
fn migrated_capacity(capacity: usize, len: usize) -> usize {
    match capacity {
        OLD_DEFAULT_CAPACITY if len <= OLD_DEFAULT_CAPACITY => default_capacity(),
        c => c.min(MAX_ENTRIES),
    }
}

/// Checks the file form and keeps its changes. Errors name the entry (1-based).
fn rebuild<T: Serialize + DeserializeOwned + Clone>(file: HistoryIn) -> Result<History<T>, String> {
    if file.entries.is_empty()
        && file.length.is_some_and(|n| n > 0)
        && let Some(text) = band::take_entries_in()
    {
        return unread(file, text);
    }
    let len = file.entries.len();
    if len > MAX_ENTRIES {
        return Err(format!(
            "the history holds {len} entries; a save may hold at most {MAX_ENTRIES}"
        ));
    }
    let cursor = file.cursor;
    if len == 0 {
        return Err("the history has no entries".into());
    }
    if cursor >= len {
        return Err(format!(
            "the history points at entry {cursor} but has only {len}"
        ));
    }
    let trusted = as_written(&file);
    let written = file.digest.is_some().then_some(trusted);
    let mut wholes: Vec<Option<Box<RawValue>>> = Vec::with_capacity(len);
    let mut changes: Vec<Option<Box<RawValue>>> = Vec::with_capacity(len);
    let mut meta = Vec::with_capacity(len);
    for (e, text) in file.entries {
        // Only a history as this store wrote it is written back from its text, only entries
        // written without their whole state, and only compact text (a line break can only be
        // layout: JSON strings escape theirs), so that an entry an autosave laid out on
        // several lines is written compact again rather than kept at that size.
        let compact = !text.get().contains('\n');
        let written = (trusted && compact && e.state.is_none()).then(|| super::Written {
            text,
            with_change: e.change.is_some(),
        });
        wholes.push(e.state);
        changes.push(e.change);
        let action = e.action.map(|json| super::Recorded {
            json,
            one_step: e.one_step,
        });
        meta.push((e.label, e.at, action, written));
    }
    let anchor = match file.current {
        Some(current) => current,
        None => wholes[cursor].take().ok_or_else(|| {
            format!(
                "history entry {} (the current one) has no state",
                cursor + 1
            )
        })?,
    };
    let current: T = serde_json::from_str(anchor.get()).map_err(|e| e.to_string())?;
    drop(anchor);
    let capacity = migrated_capacity(file.capacity, len);
    let entries = || {
        meta.into_iter()
            .map(|(label, at, action, written)| {
                let mut entry = Entry::new(label, at, None);
                entry.action = action;
                entry.written = written;
                entry
            })
            .collect()
    };
    if trusted {
        // The changes as this store wrote them (see `as_written`): kept as text unread.
        changes[0] = None;
        return Ok(History {
            entries: entries(),
            links: changes,
            current,
            cursor,
            capacity,
            revision: 0,
            tail_value: None,
            as_written: written,
            unread: None,
        });
    }
    // The walk starts from the state as this version writes it, as rebuilding does later.
    let start = serde_json::to_value(&current).map_err(|e| e.to_string())?;
    let named = |i: usize, e: String| format!("history entry {}: {e}", i + 1);
    let mut links: Vec<Option<Box<RawValue>>> = vec![None; len];
    // Down from the cursor: entry i - 1 is entry i with its change undone.
    let mut value = start.clone();
    for i in (1..=cursor).rev() {
        if let Some(prev) = wholes[i - 1].take() {
            let prev = parse_value(&prev).map_err(|e| named(i - 1, e))?;
            links[i] = Some(raw(&delta::diff(&prev, &value))?);
            value = prev;
        } else {
            let text = changes[i].take().ok_or_else(|| {
                named(
                    i - 1,
                    "neither its state nor the change after it is saved".into(),
                )
            })?;
            let ops = parse_ops(&text).map_err(|e| named(i, e))?;
            delta::apply(&mut value, &ops, Direction::Backward).map_err(|e| named(i - 1, e))?;
            links[i] = Some(text);
        }
    }
    // Up from the cursor: entry i is entry i - 1 with its change done.
    let mut value = start;
    for i in cursor + 1..len {
        if let Some(this) = wholes[i].take() {
            let this = parse_value(&this).map_err(|e| named(i, e))?;
            links[i] = Some(raw(&delta::diff(&value, &this))?);
            value = this;
        } else {
            let text = changes[i]
                .take()
                .ok_or_else(|| named(i, "neither its state nor its change is saved".into()))?;
            let ops = parse_ops(&text).map_err(|e| named(i, e))?;
            delta::apply(&mut value, &ops, Direction::Forward).map_err(|e| named(i, e))?;
            links[i] = Some(text);
        }
    }
    Ok(History {
        entries: entries(),
        links,
        current,
        cursor,
        capacity,
        revision: 0,
        tail_value: (cursor + 1 == len).then_some(value),
        as_written: written,
        unread: None,
    })
}

impl<'de, T: Serialize + DeserializeOwned + Clone> Deserialize<'de> for History<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let file = HistoryIn::deserialize(d)?;
        rebuild(file).map_err(D::Error::custom)
    }
}
