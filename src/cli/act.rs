//! `tablemate act`, `answer`, `undo`, `redo` and `history`: any save changed from a script the
//! way the app changes it (one labelled history entry per action, checked by the same rules),
//! dispatched per kind through the games table. Formats what `games::script` returns.

use std::io::BufRead;
use std::path::Path;

use serde_json::json;

use super::Output;
use crate::games::{Applied, HistoryLine, Moved};
use crate::store::{ScriptFailed, Store};

/// A line of standard input that could not be read (not UTF-8, a closed pipe).
#[derive(Debug, thiserror::Error)]
#[error("standard input, line {line}: {source}")]
pub struct StdinError {
    line: usize,
    source: std::io::Error,
}

/// Where `act`'s actions come from: one JSON argument, or `-` for one action per stdin line.
pub fn read_actions(action: &str, stdin: &mut dyn BufRead) -> Result<Vec<String>, StdinError> {
    if action != "-" {
        return Ok(vec![action.to_string()]);
    }
    let mut actions = Vec::new();
    for (n, line) in stdin.lines().enumerate() {
        let line = line.map_err(|source| StdinError {
            line: n + 1,
            source,
        })?;
        // Blank lines and `#` comments let a script file be read by people too.
        if !line.trim().is_empty() && !line.trim_start().starts_with('#') {
            actions.push(line);
        }
    }
    Ok(actions)
}

fn fail(e: ScriptFailed) -> Output {
    Output::fail(format!("tablemate: {e}\n"))
}

/// Applies `actions` to save `id`: prints each label and its lines; on a refusal prints the
/// rule and exits 1, keeping what was applied before it. With `rules`, the rules digest entry
/// the refusal cites follows it.
pub fn act(root: &Path, id: &str, actions: &[String], rules: bool) -> Output {
    let applied = Store::open(root)
        .map_err(ScriptFailed::from)
        .and_then(
            |store| match super::near_and_far::act_by_choice(&store, id, actions) {
                // A Near and Far `record-quest` takes its choice's rewards from the index.
                Some(applied) => applied,
                None => store.act(id, actions),
            },
        );
    match applied {
        Ok(applied) => {
            let mut out = report(id, &applied);
            if let Some(rule) = applied.refused.and_then(|r| r.rule)
                && rules
            {
                out.stderr += &super::cite::entries(root, &[rule]);
            }
            out
        }
        Err(e) => fail(e),
    }
}

fn report(id: &str, applied: &Applied) -> Output {
    let mut out = String::new();
    for a in &applied.acted {
        out += &format!("{}\n", a.label);
        // A hand edit's one line is its label: printed once.
        for line in a.lines.iter().filter(|l| **l != a.label) {
            out += &format!("  {line}\n");
        }
    }
    match &applied.refused {
        None => Output::ok(out + &format!("{id}: {}\n", applied.summary)),
        Some(r) => {
            let kept = match applied.acted.len() {
                0 => "nothing was changed".to_string(),
                n => format!(
                    "the {n} action{} before it {} kept",
                    if n == 1 { "" } else { "s" },
                    if n == 1 { "is" } else { "are" }
                ),
            };
            Output {
                stdout: out,
                stderr: format!(
                    "tablemate: action {} refused: {}\n  {}\n{kept}\n",
                    r.number,
                    r.why,
                    shown(&r.action)
                ),
                code: 1,
            }
        }
    }
}

/// Longest action text a refusal repeats in full.
const SHOWN_ACTION_CHARS: usize = 200;

/// The refused action as the refusal repeats it: in full when short; a long one (an
/// `adopt-data` carrying whole files) by its name and length, never echoed whole.
fn shown(action: &str) -> String {
    let chars = action.chars().count();
    if chars <= SHOWN_ACTION_CHARS {
        return action.to_string();
    }
    let name = serde_json::from_str::<serde_json::Value>(action)
        .ok()
        .and_then(|v| v.get("action").and_then(|a| a.as_str()).map(str::to_string));
    match name {
        Some(name) => format!("{{\"action\":\"{name}\", …}} ({chars} characters)"),
        None => {
            let head: String = action.chars().take(SHOWN_ACTION_CHARS).collect();
            format!("{head}… ({chars} characters)")
        }
    }
}

/// `tablemate answer ID N`: Furtherance's questions are answered by the 1-based option.
pub fn answer_action(option: usize) -> String {
    json!({ "action": "answer", "option": option }).to_string()
}

pub fn undo(root: &Path, id: &str, steps: usize) -> Output {
    moved(
        Store::open(root)
            .map_err(ScriptFailed::from)
            .and_then(|s| s.undo(id, steps)),
    )
}

pub fn redo(root: &Path, id: &str) -> Output {
    moved(
        Store::open(root)
            .map_err(ScriptFailed::from)
            .and_then(|s| s.redo(id)),
    )
}

fn moved(result: Result<Moved, ScriptFailed>) -> Output {
    match result {
        Ok(m) => {
            let mut out = String::new();
            for l in &m.labels {
                out += &format!("{l}\n");
            }
            Output::ok(out + &format!("now at: {}\n{}\n", m.now, m.summary))
        }
        Err(e) => fail(e),
    }
}

/// Newest first, the current entry marked `>` and undone ones `(undone)`; `--json` gives
/// `{"id", "kind", "entries": [{"index", "label", "at", "current", "undone"}]}` in the same
/// order (docs/cli.md).
pub fn history(root: &Path, id: &str, as_json: bool) -> Output {
    let lines = Store::open(root)
        .map_err(ScriptFailed::from)
        .and_then(|s| s.history(id));
    let (kind, lines) = match lines {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    if as_json {
        return Output::json(&json!({ "id": id, "kind": kind, "entries": lines }));
    }
    Output::ok(lines.iter().map(history_line).collect::<String>())
}

fn history_line(l: &HistoryLine) -> String {
    format!(
        "{} {:>3}  {}  {}{}\n",
        if l.current { ">" } else { " " },
        l.number,
        l.at.with_timezone(&chrono::Local).format("%Y-%m-%d %H:%M"),
        l.label,
        if l.undone { "  (undone)" } else { "" }
    )
}

/// `act --explain`: the actions, then the explanation of each history entry they made.
pub(super) fn act_explained(root: &Path, id: &str, actions: &[String], rules: bool) -> Output {
    let Some(before) = super::furtherance::cursor_of(root, id) else {
        return Output::fail(format!(
            "tablemate: --explain: save {id} is not a Furtherance game (only its enemy steps carry explanations)\n"
        ));
    };
    let mut out = act(root, id, actions, rules);
    if let Some(why) = super::furtherance::explain_since(root, id, before)
        && !why.is_empty()
    {
        out.stdout += "Why:\n";
        out.stdout += &why;
        if rules {
            out.stdout +=
                &super::cite::entries(root, &super::furtherance::rules_since(root, id, before));
        }
    }
    out
}
