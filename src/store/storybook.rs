//! The Near and Far storybook index in the data folder: the merged index (bundled files plus
//! the player's `storybook-index/`), its export, imports that never overwrite the player's
//! entries, declared quest letters and deleting the player's own entries. The GUI's lookup tab
//! and `tablemate near-and-far index …` both call these; every file goes through the store.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use crate::near_and_far::index::{self, IndexFile, Severity};
use crate::near_and_far::{Facts, QuestCode};

use super::{Store, StoreError};
use crate::datafile::DataFileError;

/// Why a change to the player's storybook index was refused or not written; each says what
/// to do instead. The CLI and the window show it as it reads.
#[derive(Debug, thiserror::Error)]
pub enum IndexChangeError {
    /// The store could not read or write a file.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A file (one to import, a kept earlier version) is not an index file.
    #[error(transparent)]
    File(#[from] DataFileError),
    /// The player's own file exists but cannot be read: it is never replaced.
    #[error("your index {0} cannot be read; fix or move it first (it is never replaced)")]
    OwnDamaged(String),
    /// The change would leave these errors in the index.
    #[error("{}", .0.join("; "))]
    WouldBreak(Vec<String>),
    #[error("{0} is already in your index: change it with `index edit`")]
    AlreadyYours(QuestCode),
    #[error("{0} is not one of your own entries: add it with `index add`")]
    NotYours(QuestCode),
    #[error("{code} was not saved: {}", .problems.join("; "))]
    NotSaved {
        code: QuestCode,
        problems: Vec<String>,
    },
    #[error("nothing to undo: no earlier version of your index is kept")]
    NothingToUndo,
    /// A file to import refused whole: its own errors, one a line.
    #[error("{file} was not imported:\n{}", .errors.join("\n"))]
    ImportHasErrors { file: String, errors: Vec<String> },
    /// A file to import refused whole, and why.
    #[error("{file} was not imported: {why}")]
    NotImported {
        file: String,
        why: Box<IndexChangeError>,
    },
    #[error(transparent)]
    NotAConflict(#[from] index::NotAConflict),
}

impl IndexChangeError {
    fn not_imported(file: &str, why: impl Into<IndexChangeError>) -> Self {
        IndexChangeError::NotImported {
            file: file.to_string(),
            why: Box::new(why.into()),
        }
    }
}

/// The Near and Far facts (talents, characters, maps, threats): the player's replacements
/// first, then the bundled files.
pub fn load_facts(root: &Path) -> Result<Facts, DataFileError> {
    Facts::load(|p| crate::store::read_data(Some(root), p))
}

/// The merged index: bundled files plus the user's `storybook-index/` folder.
pub fn load_index(root: &Path, facts: Option<&Facts>) -> index::Loaded {
    index::load_with(|rel| super::read_data_optional(Some(root), rel), facts)
}

/// Every `.json` file under the folder `dir` (a folder of index files to check), as index
/// sources named by their path under `dir`, with a problem per folder or file that could not
/// be read.
pub fn index_sources(dir: &Path) -> (Vec<index::Source>, Vec<String>) {
    let mut sources = Vec::new();
    let mut problems = Vec::new();
    json_sources(dir, dir, &mut sources, &mut problems, &mut BTreeSet::new());
    (sources, problems)
}

/// Every `.json` file under `dir`, as index sources named by their path under `base`. Every
/// folder or file that cannot be read is reported by name; a folder reached twice (a symbolic
/// link looping back) is not followed again.
fn json_sources(
    dir: &Path,
    base: &Path,
    out: &mut Vec<index::Source>,
    problems: &mut Vec<String>,
    seen: &mut BTreeSet<PathBuf>,
) {
    match std::fs::canonicalize(dir) {
        Ok(real) => {
            if !seen.insert(real) {
                return;
            }
        }
        Err(e) => {
            problems.push(format!("{}: {e}", dir.display()));
            return;
        }
    }
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            problems.push(format!("{}: {e}", dir.display()));
            return;
        }
    };
    let mut paths = Vec::new();
    for e in entries {
        match e {
            Ok(e) => paths.push(e.path()),
            Err(e) => problems.push(format!("{}: {e}", dir.display())),
        }
    }
    paths.sort();
    for path in paths {
        if path.is_dir() {
            json_sources(&path, base, out, problems, seen);
        } else if path.extension().is_some_and(|e| e == "json") {
            let rel = path
                .strip_prefix(base)
                .unwrap_or(&path)
                .to_string_lossy()
                .replace('\\', "/");
            match super::read_text(&path) {
                Ok(text) => out.push(index::Source {
                    rel,
                    origin: path.display().to_string(),
                    text,
                }),
                Err(e) => problems.push(e.to_string()),
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
    let mut message = format!(
        "exported {} quests to {}",
        file.quests.len(),
        path.display()
    );
    // A file that could not be read or parsed is left out of the export: say which.
    for p in built
        .problems
        .iter()
        .filter(|p| p.severity == Severity::Error && p.at.is_empty())
    {
        message += &format!("; left out {} (could not be read: {})", p.file, p.message);
    }
    Ok(message)
}

/// Reads `path` as an index file to import and plans the merge into the player's own file:
/// which quests differ from the player's. Refuses a file with errors of its own, and stops
/// when the player's `my-entries.json` cannot be read (it is never replaced then).
pub fn plan_index_import(
    store: &Store,
    path: &Path,
) -> Result<(index::ImportPlan, index::Loaded), IndexChangeError> {
    let root = store.root();
    let facts = load_facts(root).ok();
    let shown = path.display().to_string();
    let text = crate::store::read_text(path)?;
    // The file is checked together with the player's index (its letters may be declared
    // there), in `check_planned_import`: only errors it would add refuse it.
    let incoming =
        IndexFile::parse(&text).map_err(|e| IndexChangeError::not_imported(&shown, e))?;
    index::check_incoming(&shown, &incoming).map_err(|errors| {
        IndexChangeError::ImportHasErrors {
            file: shown.clone(),
            errors,
        }
    })?;
    let loaded = load_index(root, facts.as_ref());
    if loaded.own_damaged {
        return Err(IndexChangeError::not_imported(
            &shown,
            IndexChangeError::OwnDamaged(loaded.own_origin),
        ));
    }
    let plan = index::Index::plan_import(&loaded.files, &loaded.own_origin, &incoming);
    Ok((plan, loaded))
}

/// Merges the index file at `path` into the user's `storybook-index/my-entries.json` in the
/// open store, after checking it alone and against the user's whole index. Never overwrites:
/// for a quest the player entered differently, the player's entry is kept unless its code is
/// in `take_theirs`. A copy of the player's file is backed up before it changes. Nothing is
/// written if the merge would add an error, or if `my-entries.json` cannot be read. Takes the
/// open store rather than its folder because the app already holds the folder's lock.
pub fn import_index_keeping(
    store: &Store,
    path: &Path,
    take_theirs: &BTreeSet<QuestCode>,
) -> Result<ImportOutcome, IndexChangeError> {
    let facts = load_facts(store.root()).ok();
    let shown = path.display().to_string();
    let (plan, loaded) = plan_index_import(store, path)?;
    index::check_take_theirs(&plan, take_theirs)
        .map_err(|e| IndexChangeError::not_imported(&shown, e))?;
    let own = index::Index::check_planned_import(
        &loaded.files,
        &loaded.own_origin,
        &plan,
        take_theirs,
        facts.as_ref(),
    )
    .map_err(|problems| IndexChangeError::ImportHasErrors {
        errors: index::name_in_incoming(&shown, plan.incoming(), &problems),
        file: shown.clone(),
    })?;
    let written = store.write_data_backed_up(index::OWN_FILE, own.to_json().as_bytes())?;
    let taken = plan
        .conflicts
        .iter()
        .filter(|c| take_theirs.contains(&c.code))
        .count();
    let mut message = format!(
        "imported {} from {shown} into {}",
        quests(plan.new_quests),
        written.display()
    );
    if !plan.conflicts.is_empty() {
        message += &format!(
            "; {} from yours: kept yours for {}, took theirs for {taken}",
            crate::words::count(
                plan.conflicts.len() as u64,
                "quest differs",
                "quests differ"
            ),
            plan.conflicts.len() - taken
        );
    }
    if !plan.letter_conflicts.is_empty() {
        let names: Vec<&str> = plan
            .letter_conflicts
            .iter()
            .map(|l| l.character.as_str())
            .collect();
        let left_out: usize = plan.letter_conflicts.iter().map(|l| l.left_out.len()).sum();
        message += &format!(
            "; quest letters differ from yours for {}: kept yours, and left out their {} written with their letters",
            names.join(", "),
            quests(left_out)
        );
    }
    Ok(ImportOutcome {
        message,
        conflicts: plan.conflicts,
        letter_conflicts: plan.letter_conflicts,
    })
}

/// "1 quest", "3 quests".
fn quests(n: usize) -> String {
    crate::words::count(n as u64, "quest", "quests")
}

/// What an import did, the quests that differed from the player's, and the characters whose
/// quest letters differed.
#[derive(Debug, Clone)]
pub struct ImportOutcome {
    pub message: String,
    pub conflicts: Vec<index::Conflict>,
    pub letter_conflicts: Vec<index::LettersConflict>,
}

/// Imports keeping every one of the player's entries; the message lists each conflict with
/// both versions side by side.
pub fn import_index(store: &Store, path: &Path) -> Result<String, IndexChangeError> {
    let out = import_index_keeping(store, path, &BTreeSet::new())?;
    let mut s = out.message;
    for l in &out.letter_conflicts {
        s += &format!(
            "\n{}'s quest letters differ (yours kept):\n  yours: {:<50} | theirs: {}",
            l.character,
            index::LettersConflict::describe(&l.mine),
            index::LettersConflict::describe(&l.theirs)
        );
        if !l.left_out.is_empty() {
            let codes: Vec<String> = l.left_out.iter().map(|c| c.to_string()).collect();
            s += &format!("\n  not imported (their letters): {}", codes.join(", "));
        }
    }
    for c in &out.conflicts {
        s += &format!("\n{} differs (yours kept):", c.code);
        let mine = index::describe_entry(&c.mine);
        let theirs = index::describe_entry(&c.theirs);
        for k in 0..mine.len().max(theirs.len()) {
            s += &format!(
                "\n  yours: {:<50} | theirs: {}",
                mine.get(k).map(String::as_str).unwrap_or(""),
                theirs.get(k).map(String::as_str).unwrap_or("")
            );
        }
    }
    Ok(s)
}

/// Declares a character's quest letters in the player's own index file (backed up first).
pub fn declare_letters(
    store: &Store,
    character: &str,
    prefix: &str,
    first: Option<QuestCode>,
) -> Result<String, IndexChangeError> {
    let facts = load_facts(store.root()).ok();
    let loaded = load_index(store.root(), facts.as_ref());
    own_readable(&loaded)?;
    let own = index::Index::check_letters(
        &loaded.files,
        &loaded.own_origin,
        character,
        prefix,
        first,
        facts.as_ref(),
    )
    .map_err(|p| IndexChangeError::WouldBreak(p.iter().map(|p| p.to_string()).collect()))?;
    let chain = own
        .characters
        .iter()
        .find(|c| {
            c.character.eq_ignore_ascii_case(character.trim())
                || facts
                    .as_ref()
                    .and_then(|f| f.character(character))
                    .is_some_and(|f| f.name == c.character)
        })
        .cloned();
    let written = store.write_data_backed_up(index::OWN_FILE, own.to_json().as_bytes())?;
    Ok(match chain {
        Some(c) => format!(
            "{}'s quest letters are {} (first code {}), kept in {}",
            c.character,
            c.prefix,
            c.first
                .map(|f| f.to_string())
                .unwrap_or_else(|| "not given".into()),
            written.display()
        ),
        None => format!("quest letters saved in {}", written.display()),
    })
}

/// Deletes the player's own entry for `code` (backed up first).
pub fn delete_entry(store: &Store, code: &QuestCode) -> Result<String, IndexChangeError> {
    let facts = load_facts(store.root()).ok();
    let loaded = load_index(store.root(), facts.as_ref());
    own_readable(&loaded)?;
    let (own, _) =
        index::Index::check_removal(&loaded.files, &loaded.own_origin, code, facts.as_ref())
            .map_err(|p| IndexChangeError::WouldBreak(p.iter().map(|p| p.to_string()).collect()))?;
    store.write_data_backed_up(index::OWN_FILE, own.to_json().as_bytes())?;
    Ok(format!("{code} deleted from your storybook index"))
}

/// Adds (`editing` false) or changes (`editing` true) the player's own entry for one quest,
/// as the window's entry form does: checked against the whole index, the player's file backed
/// up first. `map` places a new code on that map's spaces when the index has it on none.
pub fn write_entry(
    store: &Store,
    entry: &index::QuestEntry,
    map: Option<crate::near_and_far::MapNumber>,
    editing: bool,
) -> Result<String, IndexChangeError> {
    let facts = load_facts(store.root()).ok();
    let loaded = load_index(store.root(), facts.as_ref());
    own_readable(&loaded)?;
    let code = &entry.code;
    let mine = loaded.own_file();
    let exists = mine.quests.iter().any(|q| &q.code == code);
    match (editing, exists) {
        (false, true) => return Err(IndexChangeError::AlreadyYours(code.clone())),
        (true, false) => return Err(IndexChangeError::NotYours(code.clone())),
        _ => {}
    }
    let single = IndexFile {
        quests: vec![entry.clone()],
        ..IndexFile::empty("entry")
    };
    index::check_incoming("the entry", &single).map_err(IndexChangeError::WouldBreak)?;
    let mut own =
        index::Index::check_addition(&loaded.files, &loaded.own_origin, entry, facts.as_ref())
            .map_err(|p| IndexChangeError::NotSaved {
                code: code.clone(),
                problems: p
                    .iter()
                    .map(|p| format!("{}: {}", p.at, p.message))
                    .collect(),
            })?;
    if let Some(m) = map
        && loaded.built.index.map_of(code).is_none()
    {
        own.add_space(m, code.clone());
    }
    store.write_data_backed_up(index::OWN_FILE, own.to_json().as_bytes())?;
    Ok(format!(
        "{code} {} your storybook index",
        if editing { "changed in" } else { "added to" }
    ))
}

/// Puts the player's own index file back as it was before its last change (the newest backup,
/// which is used up, so a second undo goes one change further back).
pub fn undo_index_change(store: &Store) -> Result<String, IndexChangeError> {
    let mut backups = store.data_backups(index::OWN_FILE);
    let Some(last) = backups.pop() else {
        return Err(IndexChangeError::NothingToUndo);
    };
    let text = super::files::read_text(&last)?;
    let earlier = IndexFile::parse(&text).map_err(|e| e.in_file(last.display().to_string()))?;
    let now = store
        .data_text(index::OWN_FILE)
        .ok()
        .and_then(|(t, _)| IndexFile::parse(&t).ok());
    store.write_data(index::OWN_FILE, text.as_bytes())?;
    std::fs::remove_file(&last).map_err(|e| StoreError::io(&last, e))?;
    let undone = now.map(|n| what_changed(&n, &earlier)).unwrap_or_default();
    Ok(format!(
        "your storybook index is back as it was before its last change{} ({} kept)",
        if undone.is_empty() {
            String::new()
        } else {
            format!(": {}", undone.join("; "))
        },
        crate::words::count(backups.len() as u64, "earlier version", "earlier versions")
    ))
}

/// What going from `now` back to `earlier` changes, in words: "42 removed", "41 back",
/// "43 as it was", "Vera's quest letters as they were".
fn what_changed(now: &IndexFile, earlier: &IndexFile) -> Vec<String> {
    let mut out = Vec::new();
    for q in &now.quests {
        match earlier.quests.iter().find(|e| e.code == q.code) {
            None => out.push(format!("{} removed", q.code)),
            Some(e) if e != q => out.push(format!("{} as it was", q.code)),
            Some(_) => {}
        }
    }
    for e in &earlier.quests {
        if !now.quests.iter().any(|q| q.code == e.code) {
            out.push(format!("{} back", e.code));
        }
    }
    for c in &now.characters {
        if !earlier.characters.contains(c) {
            let had = earlier
                .characters
                .iter()
                .any(|e| e.character.eq_ignore_ascii_case(&c.character));
            out.push(match had {
                true => format!("{}'s quest letters as they were", c.character),
                false => format!("{}'s quest letters removed", c.character),
            });
        }
    }
    out
}

/// Refuses to change the player's own index file when it exists but cannot be read: it is
/// never replaced then.
fn own_readable(loaded: &index::Loaded) -> Result<(), IndexChangeError> {
    if loaded.own_damaged {
        return Err(IndexChangeError::OwnDamaged(loaded.own_origin.clone()));
    }
    Ok(())
}
