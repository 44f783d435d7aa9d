//! `near-and-far index ...`: the command-line side of the storybook index. The index files
//! themselves (loading, export, import, letters, deleting entries) are `store::storybook`.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::json;

use super::{IndexCommand, fail, load_facts};
use crate::cli::Output;
use crate::near_and_far::{MapNumber, QuestCode};
use crate::near_and_far::index::{self, Severity};
use crate::store::storybook::{
    declare_letters, delete_entry, export_index, import_index, import_index_keeping,
    index_sources, undo_index_change, write_entry,
};
use crate::store::StoreError;

pub(super) fn index_command(root: &Path, command: IndexCommand) -> Output {
    match command {
        IndexCommand::Check { dir, json } => {
            let facts = load_facts(root).ok();
            if !dir.is_dir() {
                return fail(format!("{} is not a folder", dir.display()));
            }
            let (sources, read_problems) = index_sources(&dir);
            let count = sources.len();
            if count == 0 && read_problems.is_empty() {
                let mut out = if json {
                    Output::json(&json!({
                        "dir": dir.display().to_string(), "ok": false, "files": 0,
                        "maps": 0, "characters": 0, "quests": 0,
                        "read_problems": [], "problems": [],
                        "empty": true,
                    }))
                } else {
                    Output::ok(format!(
                        "{}: no index files (.json) in this folder: nothing was checked\n",
                        dir.display()
                    ))
                };
                out.code = 1;
                return out;
            }
            let (built, _) = index::load(Vec::new(), sources, facts.as_ref());
            let ok = built.is_ok() && read_problems.is_empty();
            let mut out = if json {
                Output::json(&json!({
                    "dir": dir.display().to_string(),
                    "ok": ok,
                    "files": count,
                    "maps": built.index.spaces.len(),
                    "characters": built.index.characters.len(),
                    "quests": built.index.quests.len(),
                    "read_problems": read_problems,
                    "problems": built.problems,
                }))
            } else {
                let mut s = format!(
                    "{}: {count} index files, {} maps with spaces, {} quests\n",
                    dir.display(),
                    built
                        .index
                        .spaces
                        .values()
                        .filter(|s| !s.is_empty())
                        .count(),
                    built.index.quests.len()
                );
                for p in &read_problems {
                    s += &format!("error: {p}\n");
                }
                for p in &built.problems {
                    s += &format!("{p}\n");
                }
                let errors = built
                    .problems
                    .iter()
                    .filter(|p| p.severity == Severity::Error)
                    .count();
                s += &if ok {
                    "ok\n".to_string()
                } else {
                    format!("{} errors\n", errors + read_problems.len())
                };
                Output::ok(s)
            };
            if !ok {
                out.code = 1;
            }
            out
        }
        IndexCommand::Export { path, force } => match export_index(root, &path, force) {
            Ok(message) => Output::ok(format!("{message}\n")),
            Err(StoreError::Exists { path }) => fail(format!(
                "{} already exists: add --force to replace it",
                path.display()
            )),
            Err(e) => fail(e),
        },
        IndexCommand::Import { path, keep_theirs } => {
            let mut take = BTreeSet::new();
            for c in &keep_theirs {
                match QuestCode::parse(c) {
                    Ok(q) => {
                        take.insert(q);
                    }
                    Err(e) => return fail(format!("--keep-theirs {c:?}: {e}")),
                }
            }
            let store = match crate::cli::open_store(root) {
                Ok(s) => s,
                Err(out) => return out,
            };
            let out = if take.is_empty() {
                import_index(&store, &path)
            } else {
                import_index_keeping(&store, &path, &take).map(|o| o.message)
            };
            match out {
                Ok(message) => Output::ok(format!("{message}\n")),
                Err(e) => fail(e),
            }
        }
        IndexCommand::Letters {
            character,
            letters,
            first,
        } => {
            let first = match first.as_deref().map(QuestCode::parse).transpose() {
                Ok(f) => f,
                Err(e) => return fail(format!("--first: {e}")),
            };
            let store = match crate::cli::open_store(root) {
                Ok(s) => s,
                Err(out) => return out,
            };
            match declare_letters(&store, &character, &letters, first) {
                Ok(m) => Output::ok(format!("{m}\n")),
                Err(e) => fail(e),
            }
        }
        IndexCommand::Delete { code } => {
            let code = match QuestCode::parse(&code) {
                Ok(c) => c,
                Err(e) => return fail(e),
            };
            let store = match crate::cli::open_store(root) {
                Ok(s) => s,
                Err(out) => return out,
            };
            match delete_entry(&store, &code) {
                Ok(m) => Output::ok(format!("{m}\n")),
                Err(e) => fail(e),
            }
        }
        IndexCommand::Add { entry, map } => {
            let map = match map.map(MapNumber::new).transpose() {
                Ok(m) => m,
                Err(e) => return fail(format!("--map: {e}")),
            };
            write_one(root, &entry, map, false)
        }
        IndexCommand::Edit { entry } => write_one(root, &entry, None, true),
        IndexCommand::Undo => {
            let store = match crate::cli::open_store(root) {
                Ok(s) => s,
                Err(out) => return out,
            };
            match undo_index_change(&store) {
                Ok(m) => Output::ok(format!("{m}\n")),
                Err(e) => fail(e),
            }
        }
    }
}

/// `index add` and `index edit`: one entry from its JSON form.
fn write_one(root: &Path, entry: &str, map: Option<MapNumber>, editing: bool) -> Output {
    let entry: index::QuestEntry = match serde_json::from_str(entry) {
        Ok(e) => e,
        Err(e) => return fail(format!("--entry: {}", crate::datafile::at(entry, &e))),
    };
    let store = match crate::cli::open_store(root) {
        Ok(s) => s,
        Err(out) => return out,
    };
    match write_entry(&store, &entry, map, editing) {
        Ok(m) => Output::ok(format!("{m}\n")),
        Err(e) => fail(e),
    }
}
