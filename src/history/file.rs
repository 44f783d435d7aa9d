//! A history's form in a save file (envelope version 3):
//!
//! `{"cursor": 12, "capacity": 400, "current": {state}, "entries": [{"label", "at",
//! "change"?: [op...], "state"?: {state}}...]}`.
//!
//! `current` is the state at `cursor`, whole. Entry `i`'s `change` turns entry `i - 1` into
//! entry `i` (see `delta.rs`); the loader walks down from the cursor undoing changes and up
//! from it redoing them. An entry whose state cannot be reached that way carries its `state`
//! whole. Version 2 files, where every entry carried its state and there was no `current`,
//! are read by the same code: every entry is then whole, and the changes are computed once on
//! loading, so the next save is written compactly.

use chrono::{DateTime, Utc};
use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

use super::delta::{self, Direction, Op};
use super::{Entry, History, default_capacity};

#[derive(Serialize)]
struct HistoryOut<'a, T> {
    cursor: usize,
    capacity: usize,
    current: &'a T,
    entries: Vec<EntryOut<'a, T>>,
}

#[derive(Serialize)]
struct EntryOut<'a, T> {
    label: &'a str,
    at: DateTime<Utc>,
    #[serde(skip_serializing_if = "Option::is_none")]
    change: Option<&'a RawValue>,
    #[serde(skip_serializing_if = "Option::is_none")]
    state: Option<&'a T>,
}

impl<T: Serialize> Serialize for History<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let cursor = self.cursor.min(self.entries.len().saturating_sub(1));
        let Some(current) = self.entries.get(cursor) else {
            return Err(serde::ser::Error::custom("the history has no entries"));
        };
        let link = |i: usize| self.links.get(i).and_then(|l| l.as_deref());
        let entries = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, e)| {
                // Below the cursor an entry is reached by undoing the next entry's change,
                // above it by doing its own: where that change is missing, it goes whole.
                let reachable = match i.cmp(&cursor) {
                    std::cmp::Ordering::Less => link(i + 1).is_some(),
                    std::cmp::Ordering::Equal => true,
                    std::cmp::Ordering::Greater => link(i).is_some(),
                };
                EntryOut {
                    label: &e.label,
                    at: e.at,
                    change: if i == 0 { None } else { link(i) },
                    state: (!reachable).then_some(&e.state),
                }
            })
            .collect();
        HistoryOut {
            cursor,
            capacity: self.capacity,
            current: &current.state,
            entries,
        }
        .serialize(s)
    }
}

#[derive(Deserialize)]
#[serde(bound = "T: DeserializeOwned")]
struct HistoryIn<T> {
    entries: Vec<EntryIn<T>>,
    cursor: usize,
    #[serde(default = "default_capacity")]
    capacity: usize,
    #[serde(default)]
    current: Option<T>,
}

#[derive(Deserialize)]
#[serde(bound = "T: DeserializeOwned")]
struct EntryIn<T> {
    label: String,
    at: DateTime<Utc>,
    #[serde(default)]
    change: Option<Vec<Op>>,
    #[serde(default)]
    state: Option<T>,
}

fn to_value<T: Serialize>(state: &T) -> Result<Value, String> {
    serde_json::to_value(state).map_err(|e| e.to_string())
}

fn raw(ops: &[Op]) -> Result<Box<RawValue>, String> {
    serde_json::to_string(ops)
        .and_then(RawValue::from_string)
        .map_err(|e| e.to_string())
}

/// Rebuilds every entry's state from the file form. Errors name the entry (1-based).
fn rebuild<T: Serialize + DeserializeOwned + Clone>(
    file: HistoryIn<T>,
) -> Result<History<T>, String> {
    let len = file.entries.len();
    let cursor = file.cursor;
    let mut states: Vec<Option<T>> = Vec::with_capacity(len);
    let mut changes: Vec<Option<Vec<Op>>> = Vec::with_capacity(len);
    let mut meta = Vec::with_capacity(len);
    for e in file.entries {
        states.push(e.state);
        changes.push(e.change);
        meta.push((e.label, e.at));
    }
    if let Some(current) = file.current {
        match states.get_mut(cursor) {
            Some(slot) => *slot = Some(current),
            None => {
                return Err(format!(
                    "the history points at entry {cursor} but has only {len}"
                ));
            }
        }
    }
    let mut links: Vec<Option<Box<RawValue>>> = vec![None; len];
    let mut tail_value = None;
    if states.iter().all(Option::is_some) && cursor >= len {
        // A version 2 history with a bad cursor: every state is here; `validate` refuses it
        // with the cursor named.
    } else {
        let anchor = states.get(cursor).and_then(Option::as_ref).ok_or_else(|| {
            format!(
                "history entry {} (the current one) has no state",
                cursor + 1
            )
        })?;
        let start = to_value(anchor)?;
        let named = |i: usize, e: String| format!("history entry {}: {e}", i + 1);
        // Down from the cursor: entry i - 1 is entry i with its change undone.
        let mut value = start.clone();
        for i in (1..=cursor).rev() {
            if let Some(prev) = &states[i - 1] {
                let prev = to_value(prev)?;
                links[i] = Some(raw(&delta::diff(&prev, &value))?);
                value = prev;
            } else {
                let ops = changes[i].take().ok_or_else(|| {
                    named(
                        i - 1,
                        "neither its state nor the change after it is saved".into(),
                    )
                })?;
                delta::apply(&mut value, &ops, Direction::Backward).map_err(|e| named(i - 1, e))?;
                links[i] = Some(raw(&ops)?);
                states[i - 1] =
                    Some(T::deserialize(&value).map_err(|e| named(i - 1, e.to_string()))?);
            }
        }
        // Up from the cursor: entry i is entry i - 1 with its change done.
        let mut value = start;
        for i in cursor + 1..len {
            if let Some(this) = &states[i] {
                let this = to_value(this)?;
                links[i] = Some(raw(&delta::diff(&value, &this))?);
                value = this;
            } else {
                let ops = changes[i]
                    .take()
                    .ok_or_else(|| named(i, "neither its state nor its change is saved".into()))?;
                delta::apply(&mut value, &ops, Direction::Forward).map_err(|e| named(i, e))?;
                links[i] = Some(raw(&ops)?);
                states[i] = Some(T::deserialize(&value).map_err(|e| named(i, e.to_string()))?);
            }
        }
        tail_value = Some(value);
    }
    let entries = meta
        .into_iter()
        .zip(states)
        .map(|((label, at), state)| {
            state
                .map(|state| Entry { label, at, state })
                .ok_or_else(|| "a history entry has no state".to_string())
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(History {
        entries,
        links,
        cursor,
        capacity: file.capacity,
        revision: 0,
        tail_value,
    })
}

impl<'de, T: Serialize + DeserializeOwned + Clone> Deserialize<'de> for History<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let file = HistoryIn::<T>::deserialize(d)?;
        rebuild(file).map_err(D::Error::custom)
    }
}
