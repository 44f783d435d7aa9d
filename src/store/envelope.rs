//! The versioned envelope around every saved file, and the migrations from older versions.
//!
//! `{ "format": "tablemate", "version": N, "kind": "...", "saved_at": ..., "summary": "...",
//!    "data": {...} }`. `summary` is a convenience copy for listings; `data` is authoritative.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::Problem;
use crate::doc::Kind;

pub const FORMAT: &str = "tablemate";
/// Version 2 wraps every game in a labelled history; version 1 saved the bare state.
pub const VERSION: u32 = 2;
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
    /// The data as JSON text of the current version.
    pub data: String,
    /// The version the file was written in (older ones were migrated in memory).
    pub file_version: u32,
}

/// Turns raw bytes into text, refusing what is not UTF-8 with the byte offset.
pub(crate) fn as_text(bytes: &[u8]) -> Result<&str, Problem> {
    if bytes.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(Problem::Empty);
    }
    std::str::from_utf8(bytes).map_err(|e| Problem::NotUtf8 {
        offset: e.valid_up_to(),
    })
}

/// Reads an envelope, migrates it, and validates the data with the game's own rules.
pub fn open(bytes: &[u8]) -> Result<Opened, Problem> {
    let text = as_text(bytes)?;
    let env: EnvelopeIn = serde_json::from_str(text).map_err(Problem::from_json)?;
    if env.format.as_deref() != Some(FORMAT) {
        return Err(Problem::NotTablemate(env.format));
    }
    let version = env.version.ok_or(Problem::Missing("version"))?;
    let kind_text = env.kind.ok_or(Problem::Missing("kind"))?;
    let kind = Kind::parse(&kind_text).ok_or(Problem::UnknownKind(kind_text))?;
    let saved_at = env.saved_at.ok_or(Problem::Missing("saved_at"))?;
    let raw = env.data.ok_or(Problem::Missing("data"))?;
    let version = u32::try_from(version).map_err(|_| Problem::UnknownVersion(version))?;
    let data = match version {
        VERSION => raw.get().to_string(),
        1 => migrate_v1_to_v2(kind, saved_at, raw.get())?,
        other => return Err(Problem::UnknownVersion(u64::from(other))),
    };
    let summary = crate::doc::check(kind, &data).map_err(Problem::Invalid)?;
    let summary = if summary.is_empty() {
        env.summary
    } else {
        summary
    };
    Ok(Opened {
        kind,
        saved_at,
        summary,
        data,
        file_version: version,
    })
}

/// Version 1 stored the bare game state in `data`. Version 2 wraps it in a titled history;
/// the migrated game starts with one entry that says where it came from.
pub fn migrate_v1_to_v2(
    kind: Kind,
    saved_at: DateTime<Utc>,
    data: &str,
) -> Result<String, Problem> {
    let state: serde_json::Value = serde_json::from_str(data).map_err(Problem::from_json)?;
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
    Ok(wrapped.to_string())
}

/// Serialises `data` into a current-version envelope.
pub fn encode<T: Serialize + ?Sized>(
    kind: Kind,
    summary: &str,
    saved_at: DateTime<Utc>,
    data: &T,
) -> Result<Vec<u8>, serde_json::Error> {
    serde_json::to_vec_pretty(&EnvelopeOut {
        format: FORMAT,
        version: VERSION,
        kind,
        saved_at,
        summary,
        data,
    })
}
