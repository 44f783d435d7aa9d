//! `tablemate report`: one file a player can attach to a bug report (docs/store.md, "Bug
//! reports"). It holds the version and the OS, the log and its older half, the crash reports,
//! and optionally one save with the text a player typed replaced by placeholders. Nothing is
//! sent anywhere: the file is written where the player says, never over another file unless
//! asked.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::{Map, Value};

use super::{Store, StoreError, files, log};

/// Keys whose string values a player typed (titles, names, notes): each distinct value is
/// replaced by a placeholder wherever it appears, and inside longer text.
const PLAYER_KEYS: &[&str] = &[
    "title",
    "name",
    "names",
    "note",
    "notes",
    "character",
    "deck_name",
    "player",
    "players",
    "comment",
    "comments",
];

/// Keys whose string values a player typed only in objects of a certain shape, named by a
/// key beside them: a ledger correction's reason (Near and Far, beside `corrects`) and an
/// Own modifier's reason (Worldspanner, beside `amount`). Elsewhere `reason` is a rules word
/// (why a hero goes to a Dome: `reinforce`, `adventure`...), kept as it is.
const PLAYER_KEYS_BESIDE: &[(&str, &str)] = &[("reason", "corrects"), ("reason", "amount")];

/// The newest crash reports kept in a report (older ones are named only by count).
pub const MAX_CRASH_REPORTS: usize = 20;

/// Player text shorter than this is replaced only where a whole value equals it, not inside
/// longer text (a two-letter name would otherwise eat the middle of words).
const MIN_INSIDE_CHARS: usize = 3;

/// What `report` wrote.
#[derive(Debug, Clone, PartialEq)]
pub struct Written {
    pub path: PathBuf,
    /// How many distinct strings of the save were replaced.
    pub replaced: usize,
    pub crash_reports: usize,
}

/// The player-written strings of a save and their placeholders (`text-1`, `text-2`, ... in
/// the order they first appear), so the same name becomes the same placeholder everywhere.
#[derive(Debug, Default)]
pub struct Redactor {
    map: HashMap<String, String>,
    /// Longest first, so a name inside another is not replaced before it.
    inside: Vec<(String, String)>,
}

impl Redactor {
    /// Collects the player-written strings of `value`.
    pub fn of(value: &Value) -> Self {
        let mut found = Vec::new();
        collect(value, false, &mut found);
        let mut map = HashMap::new();
        for s in found {
            let n = map.len() + 1;
            map.entry(s).or_insert_with(|| format!("text-{n}"));
        }
        let mut inside: Vec<(String, String)> = map
            .iter()
            .filter(|(k, _)| k.chars().count() >= MIN_INSIDE_CHARS)
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        inside.sort_by(|a, b| b.0.len().cmp(&a.0.len()).then_with(|| a.0.cmp(&b.0)));
        Redactor { map, inside }
    }

    /// How many distinct strings are replaced.
    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// `text` with every player string replaced.
    pub fn text(&self, text: &str) -> String {
        if let Some(p) = self.map.get(text) {
            return p.clone();
        }
        let mut out = text.to_string();
        for (from, to) in &self.inside {
            if out.contains(from.as_str()) {
                out = out.replace(from.as_str(), to);
            }
        }
        out
    }

    /// `value` with every string and object key that holds player text replaced; numbers,
    /// booleans and the shape stay as they were.
    pub fn value(&self, value: &Value) -> Value {
        match value {
            Value::String(s) => Value::String(self.text(s)),
            Value::Array(items) => Value::Array(items.iter().map(|v| self.value(v)).collect()),
            Value::Object(fields) => Value::Object(
                fields
                    .iter()
                    .map(|(k, v)| (self.text(k), self.value(v)))
                    .collect::<Map<_, _>>(),
            ),
            other => other.clone(),
        }
    }
}

fn collect(value: &Value, player_written: bool, found: &mut Vec<String>) {
    match value {
        Value::String(s) if player_written && !s.trim().is_empty() => found.push(s.clone()),
        Value::Array(items) => items.iter().for_each(|v| collect(v, player_written, found)),
        Value::Object(fields) => {
            // A history change (`{"op", "path", "old", "new"}`, docs/store.md) to a player's
            // text holds the earlier text, which no stored state may hold any more.
            let changes_player_text =
                fields
                    .get("path")
                    .and_then(Value::as_array)
                    .is_some_and(|path| {
                        path.iter()
                            .filter_map(Value::as_str)
                            .any(|k| PLAYER_KEYS.contains(&k))
                    });
            for (k, v) in fields {
                let typed = PLAYER_KEYS.contains(&k.as_str())
                    || PLAYER_KEYS_BESIDE
                        .iter()
                        .any(|(key, beside)| k == key && fields.contains_key(*beside))
                    || (changes_player_text && (k == "old" || k == "new" || k == "items"));
                collect(v, typed, found);
            }
        }
        _ => {}
    }
}

/// Builds the report for the data folder of `store` (and save `id`, if given) and writes it
/// to `out`: a file, or a folder to write `tablemate-report-<time>.json` into (the current
/// folder when `None`). An existing file is replaced only with `force`.
pub fn write(
    store: &Store,
    id: Option<&str>,
    out: Option<&Path>,
    force: bool,
) -> Result<Written, StoreError> {
    let root = store.root();
    let mut report = Map::new();
    report.insert("tablemate_report".into(), Value::from(1));
    report.insert("version".into(), Value::from(env!("CARGO_PKG_VERSION")));
    report.insert(
        "os".into(),
        Value::from(format!(
            "{} {} ({})",
            std::env::consts::OS,
            std::env::consts::ARCH,
            std::env::consts::FAMILY
        )),
    );
    report.insert(
        "made_at".into(),
        Value::from(chrono::Utc::now().to_rfc3339()),
    );
    report.insert(
        "privacy".into(),
        Value::from(
            "Text a player typed in the save (titles, names, notes) is replaced by text-1, \
             text-2, ...; the data folder's path by <data folder>. Nothing was sent anywhere.",
        ),
    );

    let (save, redactor) = match id {
        Some(id) => {
            let (v, r) = save_part(store, id)?;
            (v, r)
        }
        None => (Value::Null, Redactor::default()),
    };
    let folder = root.display().to_string();
    let clean = |text: String| redactor.text(&text.replace(&folder, "<data folder>"));

    let log_path = log::path_in(root);
    let mut older = log_path.as_os_str().to_owned();
    older.push(".1");
    for (key, path) in [
        ("log", log_path.clone()),
        ("log_older", PathBuf::from(older)),
    ] {
        let text = files::read_text(&path).ok().map(clean);
        report.insert(key.into(), text.map_or(Value::Null, Value::from));
    }

    let mut crashes = crash_files(root);
    crashes.sort();
    let skipped = crashes.len().saturating_sub(MAX_CRASH_REPORTS);
    let crash_reports: Vec<Value> = crashes
        .iter()
        .skip(skipped)
        .map(|(name, path)| {
            let text = files::read_text(path).map_or_else(|e| format!("unreadable: {e}"), clean);
            serde_json::json!({ "file": name, "text": text })
        })
        .collect();
    let n_crashes = crash_reports.len();
    report.insert("crash_reports".into(), Value::Array(crash_reports));
    report.insert("older_crash_reports_left_out".into(), Value::from(skipped));
    report.insert("save".into(), save);

    let bytes = serde_json::to_vec_pretty(&Value::Object(report))
        .map_err(|e| StoreError::Encode(e.to_string()))?;
    let path = destination(out);
    files::write_file(&path, &bytes, force)?;
    Ok(Written {
        path,
        replaced: redactor.len(),
        crash_reports: n_crashes,
    })
}

/// The save `id` with its player text replaced, and whether that still validates.
fn save_part(store: &Store, id: &str) -> Result<(Value, Redactor), StoreError> {
    let path = store.save_path(id)?;
    if !super::read::present(&path) {
        return Err(StoreError::NotFound(id.to_string()));
    }
    let text = files::read_text(&path)?;
    let value: Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => {
            let part = serde_json::json!({
                "id": id,
                "problem": format!("the save is not JSON ({e}); it is left out"),
            });
            return Ok((part, Redactor::default()));
        }
    };
    let redactor = Redactor::of(&value);
    let redacted = redactor.value(&value);
    let validates = match serde_json::to_vec(&redacted)
        .map_err(|e| e.to_string())
        .and_then(|b| super::envelope::open(&b).map_err(|p| p.to_string()))
    {
        Ok(_) => Value::Bool(true),
        Err(problem) => Value::from(problem),
    };
    let part = serde_json::json!({
        "id": id,
        "replaced_strings": redactor.len(),
        "validates": validates,
        "file": redacted,
    });
    Ok((part, redactor))
}

/// The crash reports in the data folder, by name (which sorts by time).
fn crash_files(root: &Path) -> Vec<(String, PathBuf)> {
    let Ok(entries) = std::fs::read_dir(root) else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_str()?.to_string();
            (name.starts_with("crash-") && name.ends_with(".txt")).then(|| (name, e.path()))
        })
        .collect()
}

fn destination(out: Option<&Path>) -> PathBuf {
    let name = format!(
        "tablemate-report-{}.json",
        chrono::Utc::now().format("%Y%m%d-%H%M%S")
    );
    match out {
        Some(p) if p.is_dir() => p.join(name),
        Some(p) => p.to_path_buf(),
        None => PathBuf::from(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_distinct_typed_string_gets_one_placeholder_everywhere_and_numbers_stay() {
        let save = serde_json::json!({
            "title": "Ann's night",
            "players": [{"name": "Ann", "score": 12}, {"name": "Bo", "score": 3}],
            "by_player": {"Ann": 1},
            "label": "Ann scores 12; Bo passes",
            "kind": "worldspanner",
        });
        let r = Redactor::of(&save);
        assert_eq!(r.len(), 3);
        let out = r.value(&save);
        let ann = out["players"][0]["name"].as_str().unwrap().to_string();
        assert!(ann.starts_with("text-"));
        assert_eq!(out["by_player"][&ann], 1);
        assert_eq!(out["players"][0]["score"], 12);
        assert_eq!(out["kind"], "worldspanner");
        // Inside longer text a name of three letters or more is replaced; "Bo" only whole.
        assert_eq!(out["label"], format!("{ann} scores 12; Bo passes"));
        assert!(
            out["players"][1]["name"]
                .as_str()
                .unwrap()
                .starts_with("text-")
        );
        assert!(!out.to_string().contains("Ann"));
    }

    /// A reason a player typed (a Near and Far ledger correction, a Worldspanner Own
    /// modifier) is replaced; a reason that is a rules word (a hero's way to a Dome) stays.
    #[test]
    fn a_reason_a_player_typed_is_replaced_and_a_rules_reason_stays() {
        let save = serde_json::json!({
            "ledger": [{"type": "correction", "corrects": 3, "reason": "ticked the wrong card"}],
            "action": {"modifiers": [{"amount": 2, "reason": "Shadow cloak"}]},
            "pending": {"hero": {"team": "skyhawks", "hero": 0}, "reason": "reinforce"},
        });
        let out = Redactor::of(&save).value(&save).to_string();
        assert!(!out.contains("wrong card"), "{out}");
        assert!(!out.contains("Shadow cloak"), "{out}");
        assert!(out.contains(r#""reason":"reinforce""#), "{out}");
    }

    #[test]
    fn a_name_a_player_changed_is_replaced_in_the_history_change_too() {
        let save = serde_json::json!({
            "current": {"players": ["Anna"]},
            "entries": [{"label": "renamed", "change": [
                {"op": "set", "path": ["players", 0], "old": "Annabel", "new": "Anna"}
            ]}],
        });
        let out = Redactor::of(&save).value(&save).to_string();
        assert!(!out.contains("Ann"), "{out}");
        assert!(out.contains(r#""path":["players",0]"#), "{out}");
    }
}
