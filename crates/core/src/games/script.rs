//! Scripted changes to a save, generic over the game: apply actions (their JSON serde form)
//! through `Saved::act`, undo, redo, and read the history. The games table points each game's
//! row at these; the store reads the save and writes what comes back changed (`Changed`), the
//! CLI (`tablemate act/undo/redo/history`) formats what they return. Nothing here touches a
//! file.
//!
//! The save's data is parsed and validated once; each state an action makes is validated as it
//! is made; a refused action changes nothing, and what was applied before it is kept (the way
//! the app keeps each click).

use chrono::{DateTime, Utc};
use serde_json::value::RawValue;

use super::SaveError;
use crate::doc::{Acted, GameDoc, Invalid, Playable, Saved};

/// Why a scripted change could not be made at all (nothing was changed).
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    /// The save's data is not a good save of its game (the store names the file).
    #[error(transparent)]
    Save(#[from] SaveError),
    #[error("nothing to undo: {id} is at the first entry of its history")]
    NothingToUndo { id: String },
    #[error("cannot undo {asked} steps: {id} has only {available} before the current entry")]
    TooFarBack {
        id: String,
        asked: usize,
        available: usize,
    },
    #[error("nothing to redo: {id} is at the newest entry of its history")]
    NothingToRedo { id: String },
    #[error("no actions given")]
    NoActions,
    /// The changed game failed its own validation: an engine bug, never written to disk.
    #[error("the changed game does not validate, so it was not saved: {0}")]
    Invalid(Invalid),
    /// An earlier entry of the history could not be rebuilt (a damaged change in the file):
    /// nothing moved.
    #[error("cannot step there: {0}")]
    Unreachable(Invalid),
    #[error("the changed game could not be encoded: {0}")]
    Encode(serde_json::Error),
    #[error("a title is at most {max} characters (this one has {chars})")]
    TitleTooLong { chars: usize, max: usize },
    #[error("a title is one line of text: no line breaks, tabs or control characters")]
    TitleControl,
}

/// What a scripted change returns: what it did, and the save's new data if it changed.
#[derive(Debug)]
pub struct Scripted<T> {
    pub outcome: T,
    pub changed: Option<Changed>,
}

/// A save's data after a change, checked and encoded, for the store to write.
#[derive(Debug)]
pub struct Changed {
    pub summary: String,
    /// `Saved<T>` as JSON: the envelope's `data`.
    pub data: Box<RawValue>,
}

impl Changed {
    fn of<T: GameDoc>(saved: &Saved<T>) -> Result<Changed, ScriptError> {
        Ok(Changed {
            summary: saved.summary(),
            data: serde_json::value::to_raw_value(saved).map_err(ScriptError::Encode)?,
        })
    }
}

/// An action that was not carried out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    /// 1-based position in the list of actions given.
    pub number: usize,
    pub action: String,
    /// The rule that forbids it, or why the JSON is not an action of this game.
    pub why: String,
    /// The rules digest entry `why` cites, if a rule forbids it (`--rules` prints it).
    pub rule: Option<crate::rules::RuleRef>,
}

/// What `act` did: the actions carried out, in order, and the first refusal (after which
/// nothing more was tried).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Applied {
    pub acted: Vec<Acted>,
    pub refused: Option<Refused>,
    /// The save's summary afterwards.
    pub summary: String,
}

/// What undo or redo moved over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moved {
    /// The labels of the entries undone (newest first) or redone.
    pub labels: Vec<String>,
    /// The label of the entry now current.
    pub now: String,
    pub summary: String,
}

/// One entry of a save's history.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct HistoryLine {
    /// 0 is the oldest entry kept (for scripts written against it; `history --json` keeps it).
    pub index: usize,
    /// The entry's number as everything Tablemate prints counts them: from 1, the oldest
    /// kept (`index + 1`), as in "history entry 250" of an error (docs/cli.md).
    pub number: usize,
    pub label: String,
    pub at: DateTime<Utc>,
    /// The state of play: what the app shows and the next action starts from.
    pub current: bool,
    /// Undone: still there for redo until the next new action.
    pub undone: bool,
}

/// Parses and validates a save's data: the one full check a scripted change makes.
fn open<T: GameDoc>(data: &str) -> Result<Saved<T>, SaveError> {
    let saved: Saved<T> = serde_json::from_str(data)?;
    saved.validate()?;
    Ok(saved)
}

/// The longest title a save may be given (characters), the one bound the envelope checks.
pub use crate::doc::MAX_TITLE_CHARS;

/// Gives save data `data` the title `title` (trimmed; empty gives the game's summary as its
/// headline): not an action of the game, so its history is untouched. Returns the old title.
pub fn rename<T: GameDoc>(data: &str, title: &str) -> Result<Scripted<String>, ScriptError> {
    let mut saved: Saved<T> = open(data)?;
    let title = check_title(title)?;
    let old = std::mem::replace(&mut saved.title, title);
    Ok(Scripted {
        changed: Some(Changed::of(&saved)?),
        outcome: old,
    })
}

/// A title as a player typed it, trimmed, or why it cannot be a save's title (too long, more
/// than one line).
pub fn check_title(title: &str) -> Result<String, ScriptError> {
    let title = title.trim();
    let chars = title.chars().count();
    if chars > MAX_TITLE_CHARS {
        return Err(ScriptError::TitleTooLong {
            chars,
            max: MAX_TITLE_CHARS,
        });
    }
    if title.chars().any(char::is_control) {
        return Err(ScriptError::TitleControl);
    }
    Ok(title.to_string())
}

/// Applies each of `actions` (JSON, one action each) to save `id`'s data in order, stopping
/// at the first that does not parse or is refused; what was applied (if anything) comes back
/// as `changed`.
pub fn act<T: Playable>(
    _id: &str,
    data: &str,
    actions: &[String],
) -> Result<Scripted<Applied>, ScriptError> {
    if actions.is_empty() {
        return Err(ScriptError::NoActions);
    }
    let mut saved: Saved<T> = open(data)?;
    let mut acted = Vec::new();
    let mut refused = None;
    for (i, text) in actions.iter().enumerate() {
        let refuse = |why: String, rule| Refused {
            number: i + 1,
            action: text.trim().to_string(),
            why,
            rule,
        };
        let action: T::Action = match serde_json::from_str(text) {
            Ok(a) => a,
            Err(e) => {
                refused = Some(refuse(
                    format!(
                        "not a {} action: {}",
                        T::KIND.title(),
                        table_words(&e.to_string())
                    ),
                    None,
                ));
                break;
            }
        };
        match saved.act(action) {
            Ok(a) => {
                // Every other state was checked when the data was opened: only the new one
                // needs it, so a script can never leave a save the app refuses to open.
                saved.current().validate().map_err(ScriptError::Invalid)?;
                acted.push(a);
            }
            Err(e) => {
                refused = Some(refuse(e.to_string(), crate::rules::Cites::rule(&e)));
                break;
            }
        }
    }
    let changed = match acted.is_empty() {
        true => None,
        false => Some(Changed::of(&saved)?),
    };
    Ok(Scripted {
        outcome: Applied {
            acted,
            refused,
            summary: saved.summary(),
        },
        changed,
    })
}

/// Steps save `id` back `steps` entries (all or none).
pub fn undo<T: GameDoc>(
    id: &str,
    data: &str,
    steps: usize,
) -> Result<Scripted<Moved>, ScriptError> {
    let mut saved: Saved<T> = open(data)?;
    let available = saved.history.cursor();
    if available == 0 {
        return Err(ScriptError::NothingToUndo { id: id.into() });
    }
    if steps > available {
        return Err(ScriptError::TooFarBack {
            id: id.into(),
            asked: steps,
            available,
        });
    }
    let mut labels = Vec::new();
    for _ in 0..steps {
        if let Some(l) = saved.undo().map_err(ScriptError::Unreachable)? {
            labels.push(l);
        }
    }
    Ok(Scripted {
        changed: Some(Changed::of(&saved)?),
        outcome: moved(labels, &saved),
    })
}

/// Steps save `id` forward one undone entry.
pub fn redo<T: GameDoc>(id: &str, data: &str) -> Result<Scripted<Moved>, ScriptError> {
    let mut saved: Saved<T> = open(data)?;
    let label = saved
        .redo()
        .map_err(ScriptError::Unreachable)?
        .ok_or_else(|| ScriptError::NothingToRedo { id: id.into() })?;
    Ok(Scripted {
        changed: Some(Changed::of(&saved)?),
        outcome: moved(vec![label], &saved),
    })
}

/// The history of a save's data, newest first.
pub fn history<T: GameDoc>(data: &str) -> Result<Vec<HistoryLine>, ScriptError> {
    let saved: Saved<T> = open(data)?;
    let cursor = saved.history.cursor();
    Ok(saved
        .history
        .entries()
        .iter()
        .enumerate()
        .rev()
        .map(|(index, e)| HistoryLine {
            index,
            number: index + 1,
            label: e.label.clone(),
            at: e.at,
            current: index == cursor,
            undone: index > cursor,
        })
        .collect())
}

fn moved<T: GameDoc>(labels: Vec<String>, saved: &Saved<T>) -> Moved {
    Moved {
        labels,
        now: saved
            .history
            .label(saved.history.cursor())
            .unwrap_or_default(),
        summary: saved.summary(),
    }
}

/// What replaying a save found (`tablemate replay`, docs/store.md "Replay").
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    /// Entries in the history (the first is where the replay starts).
    pub entries: usize,
    /// Entries whose recorded action was applied again and compared.
    pub replayed: usize,
    /// Entries that carry no recorded action (made before actions were recorded, or not by
    /// an action): skipped, the replay going on from their stored state.
    pub without_action: Vec<usize>,
    pub divergences: Vec<Divergence>,
    /// Whether the save's history is as Tablemate wrote it (its digest matched); `Some(false)`
    /// means the current state or a change was edited since, which comparing entries cannot
    /// see (the edit is in every rebuilt state). `None`: the save predates digests.
    pub as_written: Option<bool>,
}

/// An entry whose recorded action does not give its stored state.
#[derive(Debug, Clone, PartialEq)]
pub struct Divergence {
    /// 1-based, as `tablemate history` counts from the oldest entry.
    pub entry: usize,
    pub label: String,
    pub why: String,
}

/// Replays a save's recorded actions from its first entry: each is applied to the state
/// before it and the result compared with the stored state; a divergence is noted and the
/// replay goes on from the stored state, so each one is reported at its own entry.
pub fn replay<T: Playable>(data: &str) -> Result<Replay, ScriptError> {
    let saved: Saved<T> = open(data)?;
    let history = &saved.history;
    let state = |i: usize| {
        history
            .state(i)
            .map_err(|e| ScriptError::Unreachable(Invalid::new("history", e.to_string())))
    };
    let mut report = Replay {
        entries: history.len(),
        replayed: 0,
        without_action: Vec::new(),
        divergences: Vec::new(),
        as_written: history.as_written(),
    };
    for (i, entry) in history.entries().iter().enumerate().skip(1) {
        let Some(recorded) = &entry.action else {
            report.without_action.push(i + 1);
            continue;
        };
        let diverged = |why: String| Divergence {
            entry: i + 1,
            label: entry.label.clone(),
            why,
        };
        report.replayed += 1;
        let action: T::Action = match serde_json::from_str(recorded.json.get()) {
            Ok(a) => a,
            Err(e) => {
                report
                    .divergences
                    .push(diverged(format!("its recorded action does not read: {e}")));
                continue;
            }
        };
        let mut next = state(i - 1)?.clone();
        let acted = match recorded.one_step {
            true => next.act_one_step(action),
            false => next.act(action),
        };
        if let Err(refusal) = acted {
            report
                .divergences
                .push(diverged(format!("its action is refused now: {refusal}")));
            continue;
        }
        let expected = serde_json::to_value(state(i)?).map_err(ScriptError::Encode)?;
        let got = serde_json::to_value(&next).map_err(ScriptError::Encode)?;
        if expected != got {
            report.divergences.push(diverged(
                "its action gives a different state from the one stored".into(),
            ));
        }
    }
    Ok(report)
}

/// A JSON reader's message in a player's words: no type names ("expected u8") and no
/// calendar library's ("input is out of range"); the position it names is kept.
pub fn table_words(message: &str) -> String {
    let mut out = message.to_string();
    for (from, to) in [
        (
            "input is out of range",
            "not a day on the calendar (write it as YYYY-MM-DD)",
        ),
        (
            "input contains invalid characters",
            "not a day (write it as YYYY-MM-DD)",
        ),
        (
            "premature end of input",
            "not a whole day (write it as YYYY-MM-DD)",
        ),
        ("trailing input", "not a day (write it as YYYY-MM-DD)"),
    ] {
        out = out.replace(from, to);
    }
    for (ty, what) in [
        ("u8", "a whole number from 0 to 255"),
        ("u16", "a whole number from 0 to 65535"),
        ("u32", "a whole number, 0 or more"),
        ("u64", "a whole number, 0 or more"),
        ("usize", "a whole number, 0 or more"),
        ("i8", "a whole number from -128 to 127"),
        ("i32", "a whole number"),
        ("i64", "a whole number"),
    ] {
        out = out.replace(&format!("expected {ty}"), &format!("expected {what}"));
    }
    out
}
