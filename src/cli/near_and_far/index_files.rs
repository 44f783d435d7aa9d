//! `near-and-far index ...` and the loading of index files: the bundled ones plus the user's
//! `storybook-index/` folder (a user file replaces the bundled file of the same path).

use std::path::{Path, PathBuf};

use serde_json::json;

use super::{IndexCommand, fail, load_facts};
use crate::cli::Output;
use crate::near_and_far::Facts;
use crate::near_and_far::index::{self, IndexFile, Severity, Source};
use crate::store::{Store, StoreError};

/// Every `.json` file under `dir`, as index sources named by their path under `base`.
fn json_sources(dir: &Path, base: &Path, out: &mut Vec<Source>, problems: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for path in paths {
        if path.is_dir() {
            json_sources(&path, base, out, problems);
        } else if path.extension().is_some_and(|e| e == "json") {
            let rel = path
                .strip_prefix(base)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            match crate::store::read_text(&path) {
                Ok(text) => out.push(Source {
                    rel,
                    origin: path.display().to_string(),
                    text,
                }),
                Err(e) => problems.push(e.to_string()),
            }
        }
    }
}

/// The merged index: bundled files plus the user's `storybook-index/` folder.
pub fn load_index(root: &Path, facts: Option<&Facts>) -> index::Loaded {
    index::load_with(|rel| read_data(root, rel), facts)
}

/// A data file through the store (the user's copy first); `None` when there is none.
pub fn read_data(root: &Path, rel: &str) -> Result<Option<(String, String)>, String> {
    match crate::store::data_text(Some(root), rel) {
        Ok((text, origin)) => Ok(Some((text, origin.to_string()))),
        Err(StoreError::NotFound(_)) => Ok(None),
        Err(e) => Err(e.to_string()),
    }
}

pub(super) fn index_command(root: &Path, command: IndexCommand) -> Output {
    match command {
        IndexCommand::Check { dir, json } => {
            let facts = load_facts(root).ok();
            if !dir.is_dir() {
                return fail(format!("{} is not a folder", dir.display()));
            }
            let mut sources = Vec::new();
            let mut read_problems = Vec::new();
            json_sources(&dir, &dir, &mut sources, &mut read_problems);
            let count = sources.len();
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
        IndexCommand::Import { path } => {
            let store = match Store::open(root) {
                Ok(s) => s,
                Err(e) => return fail(e),
            };
            match import_index(&store, &path) {
                Ok(message) => Output::ok(format!("{message}\n")),
                Err(e) => fail(e),
            }
        }
    }
}

/// Writes the whole merged index (bundled files and the user's) under `root` to `path` as one
/// index file. Refuses to replace an existing file unless `overwrite`
/// ([`StoreError::Exists`], so the caller can ask). Returns what was done, for the user.
pub fn export_index(root: &Path, path: &Path, overwrite: bool) -> Result<String, StoreError> {
    let facts = load_facts(root).ok();
    let built = load_index(root, facts.as_ref()).built;
    let file = built.index.export("Storybook index export");
    crate::store::write_file(path, file.to_json().as_bytes(), overwrite)?;
    Ok(format!(
        "exported {} quests to {}",
        file.quests.len(),
        path.display()
    ))
}

/// Merges the index file at `path` into the user's `storybook-index/my-entries.json` in the
/// open store, after checking it alone and against the user's whole index: nothing is written
/// if it would add an error, or if `my-entries.json` is damaged. Takes the open store rather
/// than its folder because the app already holds the folder's lock. Returns what was done;
/// every error names the file and the problem.
pub fn import_index(store: &Store, path: &Path) -> Result<String, String> {
    let root = store.root();
    let facts = load_facts(root).ok();
    let text = crate::store::read_text(path).map_err(|e| e.to_string())?;
    let shown = path.display().to_string();
    if let Err(e) = index::check_text(&text, facts.as_ref()) {
        return Err(format!("{shown} was not imported: {e}"));
    }
    let incoming = IndexFile::parse(&text).map_err(|e| format!("{shown}: {e}"))?;
    let loaded = load_index(root, facts.as_ref());
    if loaded.own_damaged {
        return Err(format!(
            "{} is damaged: fix or move it before importing into it",
            loaded.own_origin
        ));
    }
    let own =
        index::Index::check_import(&loaded.files, &loaded.own_origin, &incoming, facts.as_ref())
            .map_err(|problems| {
                let list: Vec<String> = problems.iter().map(|p| p.to_string()).collect();
                format!("{shown} was not imported:\n{}", list.join("\n"))
            })?;
    let written = store
        .write_data(index::OWN_FILE, own.to_json().as_bytes())
        .map_err(|e| e.to_string())?;
    Ok(format!(
        "imported {} quests from {shown} into {}",
        incoming.quests.len(),
        written.display()
    ))
}
