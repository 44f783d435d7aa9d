//! The walk over a save's JSON that finds every string and what it is, by where it sits: the
//! envelope and the history by the save's own table, the game's state and its recorded actions
//! by the game's tables (`places.rs`), and each history change by the state path it names.

use std::collections::HashSet;
use std::sync::OnceLock;

use serde_json::{Map, Value};

use super::places::{self, Class, Mount, Part, Seg, Tables};

/// A string met by the walk.
pub(super) struct Found<'a> {
    pub part: Part,
    /// From the top of `part` to the string, or to the object whose key it is.
    pub path: &'a [Seg<'a>],
    pub key: bool,
    pub class: Option<(&'static str, Class)>,
    pub text: &'a str,
}

impl Found<'_> {
    /// Whether the player wrote it, so it gets a placeholder: typed text, data that is not
    /// the bundled data's (the player's own talent, deck or units), and anything the tables do
    /// not cover (a field added without its line: replaced rather than let out).
    pub fn is_players(&self) -> bool {
        match self.class {
            None | Some((_, Class::Typed)) => true,
            Some((_, Class::Data)) => !bundled_text().contains(self.text),
            Some((_, Class::Told | Class::Rules)) => false,
        }
    }

    /// Where it sits, in the tables' form: `state games[].runner_up_note`,
    /// `state sheets.<key>`.
    pub fn at(&self) -> String {
        let mut out = format!("{} ", self.part.name());
        for (i, seg) in self.path.iter().enumerate() {
            match seg {
                Seg::Key(k) if i == 0 => out.push_str(k),
                Seg::Key(k) => {
                    out.push('.');
                    out.push_str(k);
                }
                Seg::Index => out.push_str("[]"),
            }
        }
        if self.key {
            if !self.path.is_empty() {
                out.push('.');
            }
            out.push_str("<key>");
        }
        out
    }
}

/// Every string (value and object key) of the bundled data files: what a `Data` string is
/// kept for. Read once.
fn bundled_text() -> &'static HashSet<String> {
    static TEXT: OnceLock<HashSet<String>> = OnceLock::new();
    TEXT.get_or_init(|| {
        fn strings(v: &Value, out: &mut HashSet<String>) {
            match v {
                Value::String(s) => {
                    out.insert(s.clone());
                }
                Value::Array(items) => items.iter().for_each(|x| strings(x, out)),
                Value::Object(fields) => {
                    for (k, x) in fields {
                        out.insert(k.clone());
                        strings(x, out);
                    }
                }
                _ => {}
            }
        }
        let mut out = HashSet::new();
        for (path, text) in crate::bundled::under("") {
            if path.ends_with(".json")
                && let Ok(v) = serde_json::from_str::<Value>(text)
            {
                strings(&v, &mut out);
            }
        }
        out
    })
}

/// `save` rebuilt with each string `f` returns a replacement for (`None` keeps it); `f` is
/// called on every string and object key, in the file's order.
pub(super) fn rewrite(save: &Value, f: impl FnMut(&Found<'_>) -> Option<String>) -> Value {
    let mut walk = Walk {
        tables: places::tables(save),
        f,
    };
    walk.value(save, Part::Save, &mut Vec::new())
}

struct Walk<F> {
    tables: Tables,
    f: F,
}

impl<F: FnMut(&Found<'_>) -> Option<String>> Walk<F> {
    fn string<'v>(&mut self, part: Part, path: &[Seg<'v>], key: bool, text: &'v str) -> String {
        let found = Found {
            part,
            path,
            key,
            class: self.tables.class(part, path, key),
            text,
        };
        (self.f)(&found).unwrap_or_else(|| text.to_string())
    }

    fn value<'v>(&mut self, v: &'v Value, part: Part, path: &mut Vec<Seg<'v>>) -> Value {
        if part == Part::Save {
            match self.tables.mount(path) {
                Some(Mount::State) => return self.value(v, Part::State, &mut Vec::new()),
                Some(Mount::Action) => return self.value(v, Part::Action, &mut Vec::new()),
                Some(Mount::Changes) => {
                    if let Some(ops) = v.as_array() {
                        path.push(Seg::Index);
                        let out = ops.iter().map(|op| self.change(op, path)).collect();
                        path.pop();
                        return Value::Array(out);
                    }
                }
                None => {}
            }
        }
        match v {
            Value::String(s) => Value::String(self.string(part, path, false, s)),
            Value::Array(items) => {
                path.push(Seg::Index);
                let out = items.iter().map(|x| self.value(x, part, path)).collect();
                path.pop();
                Value::Array(out)
            }
            Value::Object(fields) => {
                let mut out = Map::new();
                for (k, x) in fields {
                    let key = self.string(part, path, true, k);
                    path.push(Seg::Key(k));
                    let x = self.value(x, part, path);
                    path.pop();
                    out.insert(key, x);
                }
                Value::Object(out)
            }
            other => other.clone(),
        }
    }

    /// One history change (`{"op", "path", "old", "new"}`, or a `splice` with `at`): the
    /// strings in `path` are keys of the state, and `old` and `new` sit where `path` points
    /// (a splice's items one index further), so they are what the state holds there.
    fn change<'v>(&mut self, op: &'v Value, at: &mut Vec<Seg<'v>>) -> Value {
        let (Some(fields), Some(steps)) =
            (op.as_object(), op.get("path").and_then(Value::as_array))
        else {
            return self.value(op, Part::Save, at);
        };
        let mut path = Vec::new();
        let mut written = Vec::new();
        for step in steps {
            match step {
                Value::String(k) => {
                    written.push(Value::String(self.string(Part::State, &path, true, k)));
                    path.push(Seg::Key(k));
                }
                Value::Number(_) => {
                    written.push(step.clone());
                    path.push(Seg::Index);
                }
                // Not a step of a path (the store refuses such a change): replaced if text.
                other => written.push(self.value(other, Part::State, &mut path.clone())),
            }
        }
        let splice = fields.get("op").and_then(Value::as_str) == Some("splice");
        let mut out = Map::new();
        for (k, x) in fields {
            let key = self.string(Part::Save, at, true, k);
            let x = match k.as_str() {
                "path" => Value::Array(std::mem::take(&mut written)),
                "old" | "new" if splice && x.is_array() => {
                    path.push(Seg::Index);
                    let items = x.as_array().into_iter().flatten();
                    let out = items
                        .map(|i| self.value(i, Part::State, &mut path))
                        .collect();
                    path.pop();
                    Value::Array(out)
                }
                "old" | "new" => self.value(x, Part::State, &mut path),
                _ => {
                    at.push(Seg::Key(k));
                    let x = self.value(x, Part::Save, at);
                    at.pop();
                    x
                }
            };
            out.insert(key, x);
        }
        Value::Object(out)
    }
}
