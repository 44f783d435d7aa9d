//! Reading a history back from a save (its form is described in `file.rs`): the entries
//! checked against the digest, or walked change by change from the current state, and only
//! the current state rebuilt.

use chrono::{DateTime, Utc};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use super::aside::{self, SetAside};
use super::delta::{self, Direction, Op};
use super::{Entry, History, MAX_ENTRIES, band, default_capacity};

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
    /// The state's fields the file keeps beside each entry (`aside.rs`); absent in files
    /// written before any were set aside.
    #[serde(default)]
    set_aside: Option<Vec<String>>,
}

#[derive(Deserialize)]
pub(super) struct EntryIn {
    pub(super) label: String,
    pub(super) at: DateTime<Utc>,
    #[serde(default)]
    pub(super) change: Option<Box<RawValue>>,
    #[serde(default)]
    pub(super) aside: Option<Box<RawValue>>,
    #[serde(default)]
    pub(super) state: Option<Box<RawValue>>,
    #[serde(default)]
    pub(super) action: Option<Box<RawValue>>,
    #[serde(default)]
    pub(super) one_step: bool,
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

fn raw(ops: &[Op]) -> Result<Box<RawValue>, serde_json::Error> {
    serde_json::to_string(ops).and_then(RawValue::from_string)
}

fn parse_value(text: &RawValue) -> Result<Value, serde_json::Error> {
    serde_json::from_str(text.get())
}

fn parse_ops(text: &RawValue) -> Result<Vec<Op>, serde_json::Error> {
    serde_json::from_str(text.get())
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
        let asides: usize = file
            .entries
            .iter()
            .map(|(e, _)| aside::aside_len(&e.aside))
            .sum();
        let sum: usize = changes.iter().map(|c| c.len()).sum::<usize>() + asides;
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
// Kept String: ends as serde's custom error (D::Error::custom), which carries only text.
fn unread<T: Serialize + DeserializeOwned + Clone + SetAside>(
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
            reached: std::sync::OnceLock::new(),
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
///
/// A file that set aside other fields than this game does now (`aside.rs`; a save written
/// before Furtherance's explanations were set aside keeps them in its changes) is migrated as
/// it loads: walked like a file edited by hand, each state rebuilt whole and diffed again
/// without the fields this game sets aside, which are kept beside their entries instead.
// Kept String: ends as serde's custom error (D::Error::custom), which carries only text.
fn rebuild<T: Serialize + DeserializeOwned + Clone + SetAside>(
    mut file: HistoryIn,
) -> Result<History<T>, String> {
    let migrate = !aside::same(file.set_aside.as_deref(), T::SET_ASIDE);
    if file.entries.is_empty()
        && file.length.is_some_and(|n| n > 0)
        && let Some(text) = band::take_entries_in()
    {
        if !migrate {
            return unread(file, text);
        }
        if file.length.is_some_and(|n| n > MAX_ENTRIES) {
            return Err(format!(
                "the history holds {} entries; a save may hold at most {MAX_ENTRIES}",
                file.length.unwrap_or_default()
            ));
        }
        let list = format!("[{text}]");
        file.entries = entries_with_text(&mut serde_json::Deserializer::from_str(&list))
            .map_err(|e| e.to_string())?;
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
    let as_written = as_written(&file);
    let written = file.digest.is_some().then_some(as_written);
    let trusted = as_written && !migrate;
    let file_keys: Vec<String> = file.set_aside.take().unwrap_or_default();
    let file_keys: Vec<&str> = file_keys.iter().map(String::as_str).collect();
    let mut wholes: Vec<Option<Box<RawValue>>> = Vec::with_capacity(len);
    let mut changes: Vec<Option<Box<RawValue>>> = Vec::with_capacity(len);
    let mut asides: Vec<Option<Box<RawValue>>> = Vec::with_capacity(len);
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
        asides.push(e.aside);
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
    let entries = |asides: Vec<Option<Box<RawValue>>>| {
        meta.into_iter()
            .zip(asides)
            .map(|((label, at, action, written), aside)| {
                let mut entry = Entry::new(label, at, None);
                entry.action = action;
                entry.aside = aside;
                entry.written = written;
                entry
            })
            .collect()
    };
    if trusted {
        // The changes as this store wrote them (see `as_written`): kept as text unread.
        changes[0] = None;
        return Ok(History {
            entries: entries(asides),
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
    // The walk starts from the state as this version writes it, as rebuilding does later, in
    // the file's form (without the fields the file sets aside).
    let whole_current = serde_json::to_value(&current).map_err(|e| e.to_string())?;
    let mut start = whole_current.clone();
    asides[cursor] = aside::split(&mut start, &file_keys).or(asides[cursor].take());
    let named = |i: usize, e: &dyn std::fmt::Display| format!("history entry {}: {e}", i + 1);
    // Entry i's state in this game's form and its set-aside text, from its state in the
    // file's form (only when migrating).
    let renew = |i: usize, value: &Value, file_aside: Option<&RawValue>| {
        let mut whole = value.clone();
        aside::join(&mut whole, file_aside).map_err(|e| named(i, &e))?;
        let set_aside = aside::split(&mut whole, T::SET_ASIDE);
        Ok::<_, String>((whole, set_aside))
    };
    let mut new_start = whole_current;
    let current_aside = aside::split(&mut new_start, T::SET_ASIDE);
    let mut links: Vec<Option<Box<RawValue>>> = vec![None; len];
    let mut new_asides: Vec<Option<Box<RawValue>>> = vec![None; len];
    new_asides[cursor] = current_aside;
    // A whole state in the file, in the file's form, and its set-aside fields.
    let from_whole = |i: usize, text: &RawValue| {
        let mut value = parse_value(text).map_err(|e| named(i, &e))?;
        let set_aside = aside::split(&mut value, &file_keys);
        Ok::<_, String>((value, set_aside))
    };
    // Down from the cursor: entry i - 1 is entry i with its change undone.
    let mut value = start.clone();
    let mut new_value = new_start.clone();
    for i in (1..=cursor).rev() {
        if let Some(prev) = wholes[i - 1].take() {
            let (prev, set_aside) = from_whole(i - 1, &prev)?;
            asides[i - 1] = set_aside.or(asides[i - 1].take());
            links[i] = Some(raw(&delta::diff(&prev, &value)).map_err(|e| e.to_string())?);
            value = prev;
        } else {
            let text = changes[i].take().ok_or_else(|| {
                named(i - 1, &"neither its state nor the change after it is saved")
            })?;
            let ops = parse_ops(&text).map_err(|e| named(i, &e))?;
            delta::apply(&mut value, &ops, Direction::Backward).map_err(|e| named(i - 1, &e))?;
            links[i] = Some(text);
        }
        if migrate {
            let (prev, set_aside) = renew(i - 1, &value, asides[i - 1].as_deref())?;
            links[i] = Some(raw(&delta::diff(&prev, &new_value)).map_err(|e| e.to_string())?);
            new_asides[i - 1] = set_aside;
            new_value = prev;
        }
    }
    // Up from the cursor: entry i is entry i - 1 with its change done.
    let mut value = start;
    let mut new_value = new_start;
    for i in cursor + 1..len {
        if let Some(this) = wholes[i].take() {
            let (this, set_aside) = from_whole(i, &this)?;
            asides[i] = set_aside.or(asides[i].take());
            links[i] = Some(raw(&delta::diff(&value, &this)).map_err(|e| e.to_string())?);
            value = this;
        } else {
            let text = changes[i]
                .take()
                .ok_or_else(|| named(i, &"neither its state nor its change is saved"))?;
            let ops = parse_ops(&text).map_err(|e| named(i, &e))?;
            delta::apply(&mut value, &ops, Direction::Forward).map_err(|e| named(i, &e))?;
            links[i] = Some(text);
        }
        if migrate {
            let (this, set_aside) = renew(i, &value, asides[i].as_deref())?;
            links[i] = Some(raw(&delta::diff(&new_value, &this)).map_err(|e| e.to_string())?);
            new_asides[i] = set_aside;
            new_value = this;
        }
    }
    let (tail, asides) = match migrate {
        true => (new_value, new_asides),
        false => (value, asides),
    };
    Ok(History {
        entries: entries(asides),
        links,
        current,
        cursor,
        capacity,
        revision: 0,
        tail_value: (cursor + 1 == len).then_some(tail),
        as_written: written,
        unread: None,
    })
}

impl<'de, T: Serialize + DeserializeOwned + Clone + SetAside> Deserialize<'de> for History<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let file = HistoryIn::deserialize(d)?;
        rebuild(file).map_err(D::Error::custom)
    }
}
