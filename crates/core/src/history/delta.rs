//! Reversible changes between two JSON values: how a saved history stores each entry as what
//! differs from its neighbour instead of the whole game.
//!
//! A change is a list of operations on disjoint places in the value. Each operation records
//! both what was there and what replaced it, so the same change steps forwards (redo) and
//! backwards (undo), and applying it checks that the value really holds what the change says
//! it replaces: a change that does not fit (a hand-edited or damaged file) is refused, never
//! applied to the wrong state. No I/O here.

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::Value;

/// One step of a path into a value: an object key or an array index.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Step {
    Index(usize),
    Key(String),
}

impl std::fmt::Display for Step {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Index(i) => write!(f, "/{i}"),
            Step::Key(k) => write!(f, "/{k}"),
        }
    }
}

/// One operation of a change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Op {
    /// The value at `path` was `old` and becomes `new`. A side that is missing means the
    /// object key is absent on that side (a field added or removed).
    Set {
        path: Vec<Step>,
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none"
        )]
        old: Option<Value>,
        #[serde(
            default,
            deserialize_with = "present",
            skip_serializing_if = "Option::is_none"
        )]
        new: Option<Value>,
    },
    /// In the array at `path`, the items `old` starting at index `at` are replaced by `new`
    /// (a card drawn, a unit added): only the part that moved is stored.
    Splice {
        path: Vec<Step>,
        at: usize,
        old: Vec<Value>,
        new: Vec<Value>,
    },
}

/// A field that is present is `Some`, even when it is `null`: a set to or from null is not
/// the same as a field added or removed.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

/// Which way a change is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    /// From the older entry to the newer one.
    Forward,
    /// From the newer entry back to the older one.
    Backward,
}

/// The operations that turn `a` into `b` (empty when they are equal).
pub fn diff(a: &Value, b: &Value) -> Vec<Op> {
    let mut ops = Vec::new();
    let mut path = Vec::new();
    diff_into(a, b, &mut path, &mut ops);
    ops
}

/// [`diff_inside`], unless the operations inside an object or array take more room than
/// replacing it whole: one thing replaced by another of a different kind (the explanation of
/// one enemy step by the next one's) is then one `set`, not one per field, each repeating its
/// path and both sides.
fn diff_into(a: &Value, b: &Value, path: &mut Vec<Step>, ops: &mut Vec<Op>) {
    if a == b {
        return;
    }
    let start = ops.len();
    diff_inside(a, b, path, ops);
    if ops.len() - start < 2 {
        return;
    }
    let inside: usize = ops[start..].iter().map(op_size).sum();
    let whole = json_size(a) + json_size(b) + path_size(path);
    if whole < inside {
        ops.truncate(start);
        ops.push(Op::Set {
            path: path.clone(),
            old: Some(a.clone()),
            new: Some(b.clone()),
        });
    }
}

/// About how many bytes `value` takes in a file.
fn json_size(value: &Value) -> usize {
    serde_json::to_vec(value).map_or(usize::MAX / 4, |v| v.len())
}

fn path_size(path: &[Step]) -> usize {
    path.iter()
        .map(|s| match s {
            Step::Index(_) => 4,
            Step::Key(k) => k.len() + 3,
        })
        .sum::<usize>()
        + 30
}

/// About how many bytes an operation takes in a file.
fn op_size(op: &Op) -> usize {
    match op {
        Op::Set { path, old, new } => {
            path_size(path) + old.as_ref().map_or(0, json_size) + new.as_ref().map_or(0, json_size)
        }
        Op::Splice { path, old, new, .. } => {
            path_size(path) + old.iter().chain(new).map(json_size).sum::<usize>() + 10
        }
    }
}

fn diff_inside(a: &Value, b: &Value, path: &mut Vec<Step>, ops: &mut Vec<Op>) {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (k, va) in x {
                path.push(Step::Key(k.clone()));
                match y.get(k) {
                    Some(vb) => diff_into(va, vb, path, ops),
                    None => ops.push(Op::Set {
                        path: path.clone(),
                        old: Some(va.clone()),
                        new: None,
                    }),
                }
                path.pop();
            }
            for (k, vb) in y {
                if !x.contains_key(k) {
                    let mut p = path.clone();
                    p.push(Step::Key(k.clone()));
                    ops.push(Op::Set {
                        path: p,
                        old: None,
                        new: Some(vb.clone()),
                    });
                }
            }
        }
        (Value::Array(x), Value::Array(y)) if x.len() == y.len() => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                path.push(Step::Index(i));
                diff_into(va, vb, path, ops);
                path.pop();
            }
        }
        (Value::Array(x), Value::Array(y)) => {
            // Lengths differ: keep what the two share at the start and at the end, store the
            // middle (a card drawn from the top or bottom is one item).
            let prefix = x.iter().zip(y).take_while(|(p, q)| p == q).count();
            let room = x.len().min(y.len()) - prefix;
            let suffix = x
                .iter()
                .rev()
                .zip(y.iter().rev())
                .take(room)
                .take_while(|(p, q)| p == q)
                .count();
            ops.push(Op::Splice {
                path: path.clone(),
                at: prefix,
                old: x[prefix..x.len() - suffix].to_vec(),
                new: y[prefix..y.len() - suffix].to_vec(),
            });
        }
        _ => ops.push(Op::Set {
            path: path.clone(),
            old: Some(a.clone()),
            new: Some(b.clone()),
        }),
    }
}

fn path_text(path: &[Step]) -> String {
    if path.is_empty() {
        "/".into()
    } else {
        path.iter().map(Step::to_string).collect()
    }
}

fn at_mut<'a>(mut v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    for step in path {
        v = match (v, step) {
            (Value::Object(m), Step::Key(k)) => m.get_mut(k)?,
            (Value::Array(a), Step::Index(i)) => a.get_mut(*i)?,
            _ => return None,
        };
    }
    Some(v)
}

/// A change that does not fit the value it is applied to: the value does not hold, at `at`,
/// what the change replaces (a file edited by hand, or a save damaged).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a change at {at} does not fit")]
pub struct Misfit {
    pub at: String,
}

/// Applies `ops` to `value` in `direction`, checking before each operation that the value
/// holds what it replaces. On an error `value` may be partly changed: callers discard it.
pub fn apply(value: &mut Value, ops: &[Op], direction: Direction) -> Result<(), Misfit> {
    let forward = direction == Direction::Forward;
    let mut run = |op: &Op| -> Result<(), Misfit> {
        let misfit = |path: &[Step]| Misfit {
            at: path_text(path),
        };
        match op {
            Op::Set { path, old, new } => {
                let (from, to) = if forward { (old, new) } else { (new, old) };
                let Some((last, parent_path)) = path.split_last() else {
                    match (from, to) {
                        (Some(f), Some(t)) if value == f => {
                            *value = t.clone();
                            return Ok(());
                        }
                        _ => return Err(misfit(path)),
                    }
                };
                let parent = at_mut(value, parent_path).ok_or_else(|| misfit(path))?;
                match (parent, last) {
                    (Value::Object(m), Step::Key(k)) => {
                        if m.get(k) != from.as_ref() {
                            return Err(misfit(path));
                        }
                        match to {
                            Some(t) => m.insert(k.clone(), t.clone()),
                            None => m.remove(k),
                        };
                        Ok(())
                    }
                    (Value::Array(a), Step::Index(i)) => match (a.get_mut(*i), from, to) {
                        (Some(slot), Some(f), Some(t)) if slot == f => {
                            *slot = t.clone();
                            Ok(())
                        }
                        _ => Err(misfit(path)),
                    },
                    _ => Err(misfit(path)),
                }
            }
            Op::Splice { path, at, old, new } => {
                let (from, to) = if forward { (old, new) } else { (new, old) };
                let Some(Value::Array(a)) = at_mut(value, path) else {
                    return Err(misfit(path));
                };
                let end = at.checked_add(from.len()).ok_or_else(|| misfit(path))?;
                if a.get(*at..end) != Some(from.as_slice()) {
                    return Err(misfit(path));
                }
                a.splice(*at..end, to.iter().cloned());
                Ok(())
            }
        }
    };
    if forward {
        ops.iter().try_for_each(&mut run)
    } else {
        ops.iter().rev().try_for_each(&mut run)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn round_trip(a: Value, b: Value) {
        let ops = diff(&a, &b);
        let text = serde_json::to_string(&ops).unwrap();
        let ops: Vec<Op> = serde_json::from_str(&text).unwrap();
        let mut x = a.clone();
        apply(&mut x, &ops, Direction::Forward).unwrap();
        assert_eq!(x, b, "forward via {text}");
        apply(&mut x, &ops, Direction::Backward).unwrap();
        assert_eq!(x, a, "backward via {text}");
    }

    #[test]
    fn a_change_steps_forwards_and_backwards_exactly() {
        round_trip(
            json!({"a": 1, "b": [1, 2, 3]}),
            json!({"a": 2, "b": [1, 2, 3]}),
        );
        round_trip(json!({"deck": [1, 2, 3, 4]}), json!({"deck": [2, 3, 4]}));
        round_trip(
            json!({"deck": [1, 2, 3, 4]}),
            json!({"deck": [1, 2, 3, 4, 5]}),
        );
        round_trip(json!({"deck": [1, 2, 3]}), json!({"deck": [3, 1]}));
        round_trip(json!({"x": null}), json!({}));
        round_trip(json!({}), json!({"x": null}));
        round_trip(json!({"x": null}), json!({"x": 0}));
        round_trip(json!([[1], [2]]), json!([[1, 5], [2]]));
        round_trip(json!(1), json!("one"));
        round_trip(
            json!({"a": {"b": {"c": [1, {"d": 2}]}}}),
            json!({"a": {"b": {"c": [1, {"d": 3, "e": 4}]}}}),
        );
    }

    #[test]
    fn only_what_changed_is_stored() {
        let deck: Vec<Value> = (0..50)
            .map(|i| json!({"card": i, "text": "long static text"}))
            .collect();
        let mut drawn = deck.clone();
        let card = drawn.remove(0);
        let a = json!({"deck": deck, "hand": []});
        let b = json!({"deck": drawn, "hand": [card]});
        let text = serde_json::to_string(&diff(&a, &b)).unwrap();
        assert!(text.len() < 200, "{text}");
    }

    #[test]
    fn a_change_that_does_not_fit_is_refused() {
        let ops = diff(&json!({"a": 1}), &json!({"a": 2}));
        let mut other = json!({"a": 5});
        assert_eq!(
            apply(&mut other, &ops, Direction::Forward).unwrap_err().at,
            "/a"
        );
        let ops = diff(&json!([1, 2]), &json!([1, 2, 3]));
        let mut short = json!([1]);
        assert!(apply(&mut short, &ops, Direction::Backward).is_err());
        let hostile: Vec<Op> = serde_json::from_str(
            r#"[{"op":"splice","path":[],"at":18446744073709551615,"old":[1],"new":[]}]"#,
        )
        .unwrap();
        assert!(apply(&mut json!([1]), &hostile, Direction::Forward).is_err());
    }
}
