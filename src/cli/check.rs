//! `tablemate check` and `tablemate replay`: a save, a bundle or a data file read and checked,
//! and a save's recorded actions played again to find where they diverge.

use super::Output;
use crate::store::Store;

/// `tablemate check ID|PATH`: an existing file is checked as a file (a save, a bundle or a data
/// file); anything else is the id of a save in the data folder, read once and checked once.
pub(super) fn check(root: &std::path::Path, target: &str, json: bool, deep: bool) -> Output {
    let as_file = std::path::Path::new(target);
    let checked = if as_file.exists() {
        let check_file = match deep {
            true => crate::store::check_file_deep,
            false => crate::store::check_file,
        };
        (
            as_file.to_path_buf(),
            check_file(as_file).map_err(|e| e.to_string()),
        )
    } else {
        match Store::open(root) {
            Ok(store) => (
                store
                    .save_path(target)
                    .unwrap_or_else(|_| as_file.to_path_buf()),
                match deep {
                    true => store.check_save_deep(target),
                    false => store.check_save(target),
                }
                .map_err(|e| match e {
                    crate::store::StoreError::NotFound(_) => format!(
                        "{target}: no such file, and no save with that id in {}",
                        store.saves_dir().display()
                    ),
                    e => e.to_string(),
                }),
            ),
            Err(e) => (as_file.to_path_buf(), Err(format!("tablemate: {e}"))),
        }
    };
    let (path, result) = checked;
    let shown = path.display().to_string();
    match result {
        Ok(report) if json => Output::json(&serde_json::json!({
            "path": shown, "ok": true, "report": report.to_string().trim(),
        })),
        Ok(report) => Output::ok(format!("{shown}: {report}\n")),
        Err(problem) if json => {
            let mut o = Output::json(&serde_json::json!({
                "path": shown, "ok": false, "problem": problem,
            }));
            o.code = 1;
            o
        }
        Err(problem) => Output::fail(format!("{problem}\n")),
    }
}

/// `tablemate replay FILE|ID`.
pub(super) fn replay(root: &std::path::Path, target: &str) -> Output {
    let as_file = std::path::Path::new(target);
    let path = if as_file.exists() {
        as_file.to_path_buf()
    } else {
        match Store::open(root).and_then(|s| s.save_path(target)) {
            Ok(p) if p.exists() => p,
            Ok(_) => {
                return Output::fail(format!(
                    "tablemate: {target}: no such file, and no save with that id\n"
                ));
            }
            Err(e) => return Output::fail(format!("tablemate: {e}\n")),
        }
    };
    let (opened, data) = match crate::store::read_save_data(&path) {
        Ok(o) => o,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    let r = match (crate::games::game(opened.kind).replay)(&data) {
        Ok(r) => r,
        Err(e) => return Output::fail(format!("tablemate: {}: {e}\n", path.display())),
    };
    let shown = path.display();
    let mut s = String::new();
    let edited = r.as_written == Some(false);
    if edited {
        s += &format!(
            "{shown}: changed since Tablemate wrote it: its history's digest does not match the current state and the changes stored (an edit there is in every rebuilt state, so comparing entries cannot place it)\n"
        );
    }
    if r.replayed == 0 && r.entries > 1 {
        s += &format!(
            "{shown}: the save predates recorded actions (none of its {} entries after the first carries one): nothing to replay\n",
            r.entries - 1
        );
        let mut out = Output::ok(s);
        out.code = u8::from(edited);
        return out;
    }
    for d in &r.divergences {
        s += &format!(
            "entry {} \u{201c}{}\u{201d} diverges: {}\n",
            d.entry, d.label, d.why
        );
    }
    if !r.without_action.is_empty() {
        let list: Vec<String> = r.without_action.iter().map(|n| n.to_string()).collect();
        s += &format!(
            "entries without a recorded action (skipped, replay went on from their stored state): {}\n",
            list.join(", ")
        );
    }
    s += &format!(
        "{shown}: replayed {} of {} entries from the first; {}\n",
        r.replayed,
        r.entries,
        match r.divergences.len() {
            0 => "no divergence".to_string(),
            n => format!("{n} diverge"),
        }
    );
    let mut out = Output::ok(s);
    if !r.divergences.is_empty() || edited {
        out.code = 1;
    }
    out
}
