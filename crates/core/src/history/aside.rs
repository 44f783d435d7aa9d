//! Parts of a state kept beside each entry instead of in the changes between entries.
//!
//! Some of a game's state says how the action that made it came about rather than where the
//! game stands: Furtherance's steps with their Why / Why-not reasons (`Game::explained`) are
//! replaced whole by every action. Diffed like the rest, each entry's change would carry them
//! twice, once as what was there before and once as what is there now, and most of a real
//! game's history would be that text (docs/store.md, "Set aside"). A game names such
//! top-level fields in [`SetAside::SET_ASIDE`]; the history takes them out of the JSON form it
//! diffs and keeps them once per entry, as that entry's `aside` text, and puts them back when
//! it rebuilds the entry's state. The states themselves are unchanged: undo, redo and reload
//! show what was shown when the entry was made.

use serde_json::Value;
use serde_json::value::RawValue;

/// Which top-level fields of a state's JSON form are kept beside each entry rather than
/// diffed (none by default). Every game's state implements it (`doc::GameDoc` requires it).
pub trait SetAside {
    /// Top-level field names of the state's JSON object, in the order they are kept.
    const SET_ASIDE: &'static [&'static str] = &[];
}

macro_rules! nothing_set_aside {
    ($($t:ty),*) => { $(impl SetAside for $t {})* };
}
nothing_set_aside!(
    u8,
    u16,
    u32,
    u64,
    usize,
    i8,
    i16,
    i32,
    i64,
    String,
    Value,
    ()
);
impl<T> SetAside for Vec<T> {}

/// Takes `keys` out of `value` (a state's JSON form) and returns them as one JSON object's
/// text, or `None` when the state has none of them (or is not an object).
pub(super) fn split(value: &mut Value, keys: &[&str]) -> Option<Box<RawValue>> {
    if keys.is_empty() {
        return None;
    }
    let Value::Object(map) = value else {
        return None;
    };
    let mut aside = serde_json::Map::new();
    for key in keys {
        if let Some(v) = map.remove(*key) {
            aside.insert((*key).to_string(), v);
        }
    }
    if aside.is_empty() {
        return None;
    }
    serde_json::value::to_raw_value(&aside).ok()
}

/// Takes `keys` out of `value` without keeping them.
pub(super) fn strip(value: &mut Value, keys: &[&str]) {
    if let Value::Object(map) = value {
        for key in keys {
            map.remove(*key);
        }
    }
}

/// Puts an entry's set-aside fields back into `value`; a text that is not a JSON object, or a
/// state that is not one, is named.
pub(super) fn join(value: &mut Value, aside: Option<&RawValue>) -> Result<(), String> {
    let Some(aside) = aside else {
        return Ok(());
    };
    let fields: serde_json::Map<String, Value> = serde_json::from_str(aside.get())
        .map_err(|e| format!("the entry's set-aside fields do not read: {e}"))?;
    let Value::Object(map) = value else {
        return Err("the entry has set-aside fields but its state is not an object".into());
    };
    map.extend(fields);
    Ok(())
}

/// The bytes of an entry's set-aside text.
pub(super) fn aside_len(aside: &Option<Box<RawValue>>) -> usize {
    aside.as_ref().map_or(0, |a| a.get().len())
}

/// Whether a file's list of set-aside fields (absent: none, as before they existed) is the
/// one this game sets aside now; if not, its changes are re-diffed as it loads.
pub(super) fn same(file: Option<&[String]>, keys: &[&str]) -> bool {
    let file = file.unwrap_or_default();
    file.len() == keys.len() && file.iter().zip(keys).all(|(a, b)| a == b)
}
