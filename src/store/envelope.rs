//! The versioned envelope around every saved file, and the migrations from older versions.
//!
//! `{ "format": "tablemate", "version": N, "kind": "...", "saved_at": ..., "summary": "...",
//!    "data": {...} }`. `summary` is a convenience copy for listings; `data` is authoritative.

use std::borrow::Cow;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::Problem;
use crate::doc::{GameDoc, Kind, Saved};

pub const FORMAT: &str = "tablemate";
/// Version 3 saves the current state once and every other history entry as the change from
/// its neighbour (`crate::history`); version 2 saved every entry's whole state; version 1
/// saved the bare state.
pub const VERSION: u32 = 3;
/// Larger files are refused before they are read: no real save comes near this.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

#[derive(Serialize)]
pub(crate) struct EnvelopeOut<'a, T: ?Sized> {
    pub format: &'a str,
    pub version: u32,
    pub kind: Kind,
    pub saved_at: DateTime<Utc>,
    pub summary: &'a str,
    pub data: &'a T,
    /// The length of the text inside the data's history's `entries` list, which the store
    /// writes last in the data: the field after it, so a reader finds it from the end of the
    /// file and cuts the list out without reading it ([`cut`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub entries_bytes: Option<usize>,
}

#[derive(Deserialize)]
struct EnvelopeIn<'a> {
    format: Option<String>,
    version: Option<u64>,
    kind: Option<String>,
    saved_at: Option<DateTime<Utc>>,
    #[serde(default)]
    summary: String,
    #[serde(borrow)]
    data: Option<&'a RawValue>,
}

/// An envelope that has been read, upgraded to the current version and whose data validated.
#[derive(Debug, Clone)]
pub struct Opened {
    pub kind: Kind,
    pub saved_at: DateTime<Utc>,
    pub summary: String,
    /// The version the file was written in (older ones were migrated in memory).
    pub file_version: u32,
    /// The title the data gives the save (cleaned for printing), empty if none.
    pub title: String,
}

/// Turns raw bytes into text, refusing what is not UTF-8 with the byte offset. A UTF-8 byte
/// order mark (some Windows editors write one) is skipped.
pub(crate) fn as_text(bytes: &[u8]) -> Result<&str, Problem> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(Problem::Empty);
    }
    std::str::from_utf8(bytes).map_err(|e| Problem::NotUtf8 {
        offset: e.valid_up_to(),
    })
}

/// Where a value starts in a file: 1-based line, and bytes before it on that line (the way
/// serde_json counts columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pos {
    pub line: usize,
    pub column: usize,
}

impl Pos {
    /// The position of `inner`, a slice of `text`, within `text`.
    fn of_slice(text: &str, inner: &str) -> Option<Pos> {
        let offset = (inner.as_ptr() as usize).checked_sub(text.as_ptr() as usize)?;
        if offset + inner.len() > text.len() {
            return None;
        }
        let before = text.get(..offset)?;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        Some(Pos {
            line: before.matches('\n').count() + 1,
            column: offset - line_start,
        })
    }

    /// Turns a (line, column) inside the value into one inside the file.
    pub(crate) fn shift(self, line: usize, column: usize) -> (usize, usize) {
        if line <= 1 {
            (self.line, self.column + column)
        } else {
            (self.line + line - 1, column)
        }
    }
}

/// An envelope that has been read and migrated to the current version; its data is not yet
/// parsed as a game.
pub(crate) struct Read<'a> {
    pub kind: Kind,
    pub saved_at: DateTime<Utc>,
    pub summary: String,
    /// The data as JSON text of the current version: a slice of the file when it was
    /// written in the current version, else the migrated text.
    pub data: Cow<'a, str>,
    /// Where `data` starts in the file, when it is a slice of it (so errors inside the data
    /// point at the right place in the file).
    pub data_at: Option<Pos>,
    pub file_version: u32,
}

impl Read<'_> {
    /// A problem with the data found while parsing or validating it as a game, a parse
    /// error's position moved from the data into the file.
    pub(crate) fn data_problem(&self, error: &crate::games::SaveError) -> Problem {
        use crate::games::SaveError;
        match error {
            SaveError::Invalid(invalid) => {
                Problem::Invalid(super::read::clean_text(&invalid.to_string()))
            }
            SaveError::Json(e) => {
                let text = super::read::clean_text(&json_message(e));
                Problem::Invalid(match self.data_at {
                    Some(at) if e.line() > 0 => {
                        let (line, column) = at.shift(e.line(), e.column());
                        format!("{text} (line {line} column {column})")
                    }
                    // Positions in migrated text mean nothing in the file.
                    _ => text,
                })
            }
        }
    }
}

/// serde_json's message without the " at line L column C" it ends with (the position is
/// taken from the error itself and moved into the file).
pub(crate) fn json_message(e: &serde_json::Error) -> String {
    let message = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match message.strip_suffix(&suffix) {
        Some(text) => text.to_string(),
        None => message,
    }
}

/// Reads an envelope and migrates it to the current version, without parsing the data as a
/// game (which `open` and `open_as` do, each once).
pub(crate) fn read(text: &str) -> Result<Read<'_>, Problem> {
    let env: EnvelopeIn = serde_json::from_str(text).map_err(|e| Problem::from_json(e, None))?;
    if env.format.as_deref() != Some(FORMAT) {
        return Err(Problem::NotTablemate(env.format));
    }
    let version = env.version.ok_or(Problem::Missing("version"))?;
    let kind_text = env.kind.ok_or(Problem::Missing("kind"))?;
    let kind = Kind::parse(&kind_text).ok_or(Problem::UnknownKind(kind_text))?;
    let saved_at = env.saved_at.ok_or(Problem::Missing("saved_at"))?;
    let raw = env.data.ok_or(Problem::Missing("data"))?;
    let version = u32::try_from(version).map_err(|_| Problem::UnknownVersion(version))?;
    let raw_at = Pos::of_slice(text, raw.get());
    let (data, data_at) = match version {
        VERSION => (Cow::Borrowed(raw.get()), raw_at),
        // Version 2's history is version 3's with every entry whole: the history reader
        // takes it as it is (see `migrate_v2_to_v3`), positions in the file still hold.
        2 => (Cow::Borrowed(migrate_v2_to_v3(raw.get())), raw_at),
        1 => {
            let state: serde_json::Value =
                serde_json::from_str(raw.get()).map_err(|e| Problem::from_json(e, raw_at))?;
            (Cow::Owned(wrap_v1(kind, saved_at, state)?), None)
        }
        other => return Err(Problem::UnknownVersion(u64::from(other))),
    };
    Ok(Read {
        kind,
        saved_at,
        summary: env.summary,
        data,
        data_at,
        file_version: version,
    })
}

/// Reads an envelope, migrates it, and validates the data with the game's own rules: the
/// current state, and the history's changes unless they are as the store wrote them (see
/// `crate::history`'s file form).
pub fn open(bytes: &[u8]) -> Result<Opened, Problem> {
    open_checked(bytes, crate::games::check_save, |_, _| ()).map(|(opened, ())| opened)
}

/// [`open`], and every history entry rebuilt and validated (`tablemate check --deep`).
pub fn open_deep(bytes: &[u8]) -> Result<Opened, Problem> {
    open_checked(bytes, crate::games::check_save_deep, |_, _| ()).map(|(opened, ())| opened)
}

/// [`open`], and the data as JSON text of the current version, the history's entries in it
/// (put back when they were cut out): for a caller that reads the data itself (`replay`).
/// `open` does not put them together, since listing and checking never look at them.
pub fn open_with_data(bytes: &[u8]) -> Result<(Opened, String), Problem> {
    open_checked(
        bytes,
        crate::games::check_save,
        |data, entries| match entries {
            Some(entries) => with_entries(data, entries),
            None => data.to_string(),
        },
    )
}

/// Reads, checks and opens a file, and makes `data` (from the data as read and the entries cut
/// out of it, if they were) what the caller wants of the data.
fn open_checked<D>(
    bytes: &[u8],
    check: fn(Kind, &str) -> Result<String, crate::games::SaveError>,
    data: impl Fn(&str, Option<&str>) -> D,
) -> Result<(Opened, D), Problem> {
    let text = as_text(bytes)?;
    with_entries_cut(text, |text, entries| {
        let read = read(text)?;
        let summary = check(read.kind, &read.data).map_err(|e| read.data_problem(&e))?;
        let data = data(&read.data, entries);
        Ok((opened(read, &summary), data))
    })
    .0
}

/// Runs `f` on a file's text the cheap way when the store laid it out: its history's entries
/// cut out ([`cut`]), handed to the history unread (`crate::history::band`) and given to `f`
/// as the second argument (the digest covers them, so nothing reads them). Any other file, or
/// any failure that way (a digest that does not cover them, a game that does not take them),
/// runs `f` on the whole text, so its errors are the whole file's. Returns what `f` returned
/// and the entries a history serialised inside `f` handed back.
pub(crate) fn with_entries_cut<R, E>(
    text: &str,
    f: impl Fn(&str, Option<&str>) -> Result<R, E>,
) -> (Result<R, E>, Option<String>) {
    use crate::history::band::out_of_band;
    if let Some((head, entries)) = cut(text) {
        let (ran, taken, out) = out_of_band(Some(entries.to_string()), || f(&head, Some(entries)));
        if let (Ok(ran), true) = (ran, taken) {
            return (Ok(ran), out);
        }
    }
    let (ran, _, out) = out_of_band(None, || f(text, None));
    (ran, out)
}

/// What `open` gives back of a file read.
fn opened(read: Read<'_>, summary: &str) -> Opened {
    // What a file says is printed on terminals and screens: cleaned of control characters.
    let summary = super::read::clean_text(if summary.is_empty() {
        &read.summary
    } else {
        summary
    });
    Opened {
        kind: read.kind,
        saved_at: read.saved_at,
        summary,
        file_version: read.file_version,
        title: title_of(&read.data),
    }
}

/// The title a save's data gives it, cleaned for printing (empty if it has none).
fn title_of(data: &str) -> String {
    #[derive(Deserialize)]
    struct Titled {
        #[serde(default)]
        title: String,
    }
    serde_json::from_str::<Titled>(data)
        .map(|t| super::read::clean_text(t.title.trim()))
        .unwrap_or_default()
}

/// How many characters the title in the envelope `bytes` has, if it has one: for the message
/// refusing to write a save over [`MAX_FILE_BYTES`] (read only then).
pub(crate) fn title_chars(bytes: &[u8]) -> Option<usize> {
    #[derive(Deserialize)]
    struct Title {
        title: String,
    }
    #[derive(Deserialize)]
    struct Envelope {
        data: Title,
    }
    serde_json::from_slice::<Envelope>(bytes)
        .ok()
        .map(|e| e.data.title.chars().count())
}

/// How the store ends a save's data: the history's `entries` list last in the history, the
/// history last in the data (`Saved`), and the list's length after the data.
const ENTRIES_OPEN: &str = "\"entries\":[";
const ENTRIES_CLOSE: &str = "]}}";
const ENTRIES_BYTES: &str = "\"entries_bytes\"";

/// Cuts a file the store laid out into its head (all of it but the text inside the history's
/// `entries` list) and that text, found from the end of the file by the length written there,
/// without reading the list. `None` for any file laid out otherwise (older saves, files
/// written by hand or by other programs): those are read the whole way.
pub(crate) fn cut(text: &str) -> Option<(String, &str)> {
    let body = text.trim_end().strip_suffix('}')?.trim_end();
    let digits = body.len() - body.bytes().rev().take_while(u8::is_ascii_digit).count();
    let length: usize = body.get(digits..)?.parse().ok()?;
    let before = body[..digits]
        .trim_end()
        .strip_suffix(':')?
        .trim_end()
        .strip_suffix(ENTRIES_BYTES)?
        .trim_end()
        .strip_suffix(',')?
        .trim_end()
        .strip_suffix(ENTRIES_CLOSE)?;
    let end = before.len();
    let start = end.checked_sub(length)?;
    let opening = text.get(..start)?;
    if !opening.ends_with(ENTRIES_OPEN) {
        return None;
    }
    let entries = text.get(start..end)?;
    let mut head = String::with_capacity(text.len() - length);
    head.push_str(opening);
    head.push_str(&text[end..]);
    Some((head, entries))
}

/// A save's data with the entries cut out of it put back.
fn with_entries(data: &str, entries: &str) -> String {
    let at = data.len().saturating_sub(ENTRIES_CLOSE.len());
    let mut out = String::with_capacity(data.len() + entries.len());
    out.push_str(&data[..at]);
    out.push_str(entries);
    out.push_str(&data[at..]);
    out
}

/// Reads an envelope as a save of game `T`: migrated, parsed once, validated. This is what
/// loading a game does; `open` is for when the kind is not known in advance.
pub fn open_as<T: GameDoc>(bytes: &[u8]) -> Result<Saved<T>, Problem> {
    let text = as_text(bytes)?;
    with_entries_cut(text, |text, _| parse_as::<T>(text)).0
}

fn parse_as<T: GameDoc>(text: &str) -> Result<Saved<T>, Problem> {
    let read = read(text)?;
    if read.kind != T::KIND {
        return Err(Problem::WrongKind {
            expected: T::KIND,
            found: read.kind,
        });
    }
    let saved: Saved<T> = serde_json::from_str(&read.data)
        .map_err(|e| read.data_problem(&crate::games::SaveError::from(e)))?;
    saved
        .validate()
        .map_err(|e| read.data_problem(&crate::games::SaveError::from(e)))?;
    Ok(saved)
}

/// Version 2 stored each history entry's whole state and no `current`; version 3 allows an
/// entry to be whole (`crate::history` file form), so version 2 data is read unchanged, and
/// the changes between entries are computed once as it loads: the next save writes version 3.
pub fn migrate_v2_to_v3(data: &str) -> &str {
    data
}

/// Version 1 stored the bare game state in `data`. Version 2 wraps it in a titled history;
/// the migrated game starts with one entry that says where it came from.
fn wrap_v1(
    kind: Kind,
    saved_at: DateTime<Utc>,
    state: serde_json::Value,
) -> Result<String, Problem> {
    if !state.is_object() {
        return Err(Problem::Invalid(
            "version 1 data must be an object holding the game state".into(),
        ));
    }
    let wrapped = serde_json::json!({
        "title": kind.title(),
        "history": {
            "entries": [{
                "label": "Migrated from save format version 1",
                "at": saved_at,
                "state": state,
            }],
            "cursor": 0,
        }
    });
    // Then the game's own changes since version 1 (the games table's `migrate`).
    let migrated = (crate::games::game(kind).migrate)(1, wrapped)
        .map_err(|e| Problem::Invalid(e.to_string()))?;
    Ok(migrated.to_string())
}

/// Serialises `data` into a current-version envelope.
pub fn encode<T: Serialize + ?Sized>(
    kind: Kind,
    summary: &str,
    saved_at: DateTime<Utc>,
    data: &T,
) -> Result<Vec<u8>, serde_json::Error> {
    encode_with(kind, summary, saved_at, data, None)
}

/// Serialises a save into a current-version envelope laid out so that the next read can cut
/// its history's entries out unread ([`cut`]): the data compact, the entries last.
pub fn encode_save<T: Serialize>(
    kind: Kind,
    summary: &str,
    saved_at: DateTime<Utc>,
    saved: &T,
) -> Result<Vec<u8>, serde_json::Error> {
    let (data, _, entries) =
        crate::history::band::out_of_band(None, || serde_json::value::to_raw_value(saved));
    encode_with(kind, summary, saved_at, &*data?, entries)
}

/// [`encode`], with `entries` (the text inside the data's history's `entries` list, which the
/// data leaves empty: `crate::history::band`) put back last, its length after the data.
pub(crate) fn encode_with<T: Serialize + ?Sized>(
    kind: Kind,
    summary: &str,
    saved_at: DateTime<Utc>,
    data: &T,
    entries: Option<String>,
) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = serde_json::to_vec_pretty(&EnvelopeOut {
        format: FORMAT,
        version: VERSION,
        kind,
        saved_at,
        summary,
        data,
        entries_bytes: entries.as_ref().map(String::len),
    })?;
    if let Some(entries) = entries {
        let tail = format!(",\n  {ENTRIES_BYTES}: {}\n}}", entries.len());
        let empty = format!("{ENTRIES_OPEN}{ENTRIES_CLOSE}{tail}");
        if !bytes.ends_with(empty.as_bytes()) {
            return Err(serde::ser::Error::custom(
                "the save's history is not last in its data",
            ));
        }
        let at = bytes.len() - tail.len() - ENTRIES_CLOSE.len();
        let mut out = Vec::with_capacity(bytes.len() + entries.len());
        out.extend_from_slice(&bytes[..at]);
        out.extend_from_slice(entries.as_bytes());
        out.extend_from_slice(&bytes[at..]);
        bytes = out;
    }
    Ok(bytes)
}
