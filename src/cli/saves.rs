//! The shared commands' output about the saves themselves: `list`, `report` and what
//! `export-all` wrote.

use super::Output;
use crate::store::{ListingStatus, Store};

/// `tablemate report [ID] [--out FILE] [--force]`.
pub(super) fn report(
    store: &Store,
    id: Option<&str>,
    out: Option<&std::path::Path>,
    force: bool,
) -> Output {
    match crate::store::report::write(store, id, out, force) {
        Ok(w) => {
            let mut s = format!(
                "wrote {} ({} crash report(s)",
                w.path.display(),
                w.crash_reports
            );
            if id.is_some() {
                s += &format!(", the save with {} typed text(s) replaced", w.replaced);
            }
            s += "). Nothing was sent: attach this file to your bug report.\n";
            Output::ok(s)
        }
        Err(e) => Output::fail(format!("tablemate: {e}\n")),
    }
}

/// What `export-all` says: the saves and the one bundle, or the several it split them into
/// (each within the 64 MB a bundle may hold, so `import` reads every one).
pub(super) fn exported(e: &crate::store::Exported) -> String {
    match e.files.as_slice() {
        [one] => format!("exported {} saves to {}\n", e.saves, one.display()),
        files => {
            let mut s = format!(
                "exported {} saves in {} bundles (together they pass the 64 MB one bundle may hold; import each):\n",
                e.saves,
                files.len()
            );
            for f in files {
                s += &format!("  {}\n", f.display());
            }
            s
        }
    }
}

/// How much of a title one line of `tablemate list` shows (the whole title is in `--json`).
pub(crate) const LIST_TITLE_CHARS: usize = 60;

pub(super) fn list(store: &Store, json: bool) -> Output {
    let listings = store.list();
    if json {
        let items: Vec<serde_json::Value> = listings
            .iter()
            .map(|l| match &l.status {
                ListingStatus::Ok {
                    kind,
                    saved_at,
                    summary,
                } => serde_json::json!({
                    "id": l.id, "kind": kind, "saved_at": saved_at, "title": l.title,
                    "summary": summary, "ok": true,
                }),
                ListingStatus::Damaged { problem, .. } => serde_json::json!({
                    "id": l.id, "ok": false, "problem": problem.to_string(),
                    "path": l.path.display().to_string(),
                }),
            })
            .collect();
        return Output::json(&serde_json::Value::Array(items));
    }
    if listings.is_empty() {
        if let Some(e) = store.saves_problem() {
            return Output::fail(format!("tablemate: {e}\n"));
        }
        return Output::ok("no saves yet\n");
    }
    let mut s = String::new();
    for l in listings {
        match l.status {
            ListingStatus::Ok {
                kind,
                saved_at,
                summary,
            } => {
                // The title the player typed first, as Home shows it; the summary after it.
                let title = if l.title.is_empty() {
                    String::new()
                } else {
                    format!("“{}” ", crate::doc::elide(&l.title, LIST_TITLE_CHARS))
                };
                s += &format!(
                    "{:<40} {}  {:<22} {title}{summary}\n",
                    l.id,
                    saved_at
                        .with_timezone(&chrono::Local)
                        .format("%Y-%m-%d %H:%M"),
                    kind.title()
                )
            }
            ListingStatus::Damaged { problem, .. } => {
                s += &format!(
                    "{:<40} DAMAGED: {problem} (see `tablemate backups {}`)\n",
                    l.id, l.id
                )
            }
        }
    }
    Output::ok(s)
}
