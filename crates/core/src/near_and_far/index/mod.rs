//! The storybook index: many index files (bundled templates, the rulebook's worked examples,
//! the players' own entries, imported files) merged into one view the lookup reads. The store
//! reads and writes the files; this module parses, validates, merges and grows them.

pub mod format;
mod own;
mod validate;

use std::collections::BTreeMap;

pub use format::{
    Bookkeeping, CharacterChain, Choice, DATA_KIND, FORMAT_VERSION, IndexFile, MapSpaces,
    QuestEntry, Test,
};
pub use own::{
    Conflict, ImportPlan, LettersConflict, check_incoming, check_take_theirs, describe_entry, NotAConflict,
    describe_rewards, name_in_incoming,
};
pub use validate::{IndexProblem, Severity};

use super::code::{MapNumber, QuestCode};
use super::facts::Facts;
use validate::Problems;

/// Every index file merged. Each entry remembers the file it came from.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Index {
    pub spaces: BTreeMap<MapNumber, BTreeMap<QuestCode, String>>,
    pub characters: BTreeMap<String, (CharacterChain, String)>,
    pub quests: BTreeMap<QuestCode, (QuestEntry, String)>,
}

/// An index and what is wrong or missing in it.
#[derive(Debug, Clone, Default)]
pub struct Built {
    pub index: Index,
    pub problems: Vec<IndexProblem>,
}

impl Built {
    pub fn errors(&self) -> impl Iterator<Item = &IndexProblem> {
        self.problems
            .iter()
            .filter(|p| p.severity == Severity::Error)
    }

    pub fn is_ok(&self) -> bool {
        self.errors().next().is_none()
    }
}

impl Index {
    /// Merges `files` (origin name, parsed file) in order. Files later in the list do not
    /// override earlier ones: two different entries for one code are a conflict to resolve.
    pub fn build(files: &[(String, IndexFile)], facts: Option<&Facts>) -> Built {
        let prefixes = validate::known_prefixes(files, facts);
        let mut problems = Vec::new();
        let mut index = Index::default();
        for (origin, file) in files {
            let mut p = Problems {
                file: origin,
                out: &mut problems,
            };
            validate::check_file(&mut p, file, &prefixes, facts);
            for m in &file.maps {
                let slot = index.spaces.entry(m.map).or_default();
                for code in m.spaces.iter().filter(|c| c.is_map_space()) {
                    slot.entry(code.clone()).or_insert_with(|| origin.clone());
                }
            }
            for (i, c) in file.characters.iter().enumerate() {
                let key = c.character.trim().to_lowercase();
                match index.characters.get(&key) {
                    Some((existing, ofile))
                        if !existing.prefix.eq_ignore_ascii_case(&c.prefix)
                            || (existing.first.is_some()
                                && c.first.is_some()
                                && existing.first != c.first) =>
                    {
                        problems.push(IndexProblem {
                            severity: Severity::Error,
                            file: origin.clone(),
                            at: format!("characters[{i}] ({})", c.character),
                            message: format!("conflicts with {ofile}, which gives {} the prefix {} and first code {}", c.character, existing.prefix, existing.first.as_ref().map(|f| f.to_string()).unwrap_or("-".into())),
                        });
                    }
                    Some(_) => {}
                    None => {
                        if let Some((other, (_, ofile))) = index
                            .characters
                            .iter()
                            .find(|(_, (e, _))| e.prefix.eq_ignore_ascii_case(&c.prefix))
                        {
                            problems.push(IndexProblem {
                                severity: Severity::Error,
                                file: origin.clone(),
                                at: format!("characters[{i}] ({})", c.character),
                                message: format!(
                                    "the prefix {} is already {other}'s (in {ofile})",
                                    c.prefix
                                ),
                            });
                        }
                        index.characters.insert(key, (c.clone(), origin.clone()));
                    }
                }
            }
            for (i, q) in file.quests.iter().enumerate() {
                match index.quests.get(&q.code) {
                    Some((existing, _)) if existing == q => {}
                    Some((_, ofile)) if ofile == origin => {} // reported as a duplicate already
                    Some((_, ofile)) => problems.push(IndexProblem {
                        severity: Severity::Error,
                        file: origin.clone(),
                        at: validate::quest_at(i, q),
                        message: format!("duplicate number: {} is entered differently in {ofile}; keep one of them", q.code),
                    }),
                    None => {
                        index.quests.insert(q.code.clone(), (q.clone(), origin.clone()));
                    }
                }
            }
        }
        problems.extend(validate::space_clashes(&index.spaces));
        problems.extend(validate::cycles(&index.quests));
        problems.extend(validate::dangling(&index.quests));
        problems.sort_by_key(|p| p.severity);
        Built { index, problems }
    }

    pub fn quest(&self, code: &QuestCode) -> Option<&QuestEntry> {
        self.quests.get(code).map(|(q, _)| q)
    }

    /// The map whose spaces show `code`, per the index.
    pub fn map_of(&self, code: &QuestCode) -> Option<MapNumber> {
        self.spaces
            .iter()
            .find(|(_, codes)| codes.contains_key(code))
            .map(|(m, _)| *m)
    }

    /// The first quest code of `character` (from the index, else the facts).
    pub fn first_quest(&self, character: &str, facts: Option<&Facts>) -> Option<QuestCode> {
        let key = character.trim().to_lowercase();
        if let Some(first) = self.characters.get(&key).and_then(|(c, _)| c.first.clone()) {
            return Some(first);
        }
        facts
            .and_then(|f| f.character(character))
            .and_then(|c| c.first_quest.clone())
    }

    /// Checks that `entry` could join the index in the player's own file `own` (replacing the
    /// own file's entry for the same code is allowed; contradicting another file is not).
    /// Returns the new own file, or the problems the change would add.
    pub fn check_addition(
        files: &[(String, IndexFile)],
        own: &str,
        entry: &QuestEntry,
        facts: Option<&Facts>,
    ) -> Result<IndexFile, Vec<IndexProblem>> {
        Index::check_change(files, own, facts, |f| f.upsert_quest(entry.clone()))
    }

    /// Checks that everything in `incoming` (a friend's file) can be merged into the own file
    /// without new errors (a conflicting entry, a cycle...). Returns the new own file.
    pub fn check_import(
        files: &[(String, IndexFile)],
        own: &str,
        incoming: &IndexFile,
        facts: Option<&Facts>,
    ) -> Result<IndexFile, Vec<IndexProblem>> {
        Index::check_change(files, own, facts, |f| f.absorb(incoming))
    }

    fn check_change(
        files: &[(String, IndexFile)],
        own: &str,
        facts: Option<&Facts>,
        change: impl FnOnce(&mut IndexFile),
    ) -> Result<IndexFile, Vec<IndexProblem>> {
        let before: Vec<IndexProblem> = Index::build(files, facts).errors().cloned().collect();
        let mut next: Vec<(String, IndexFile)> = files.to_vec();
        if !next.iter().any(|(o, _)| o == own) {
            next.push((own.to_string(), IndexFile::empty("My storybook index")));
        }
        let slot = next
            .iter_mut()
            .find(|(o, _)| o == own)
            .map(|(_, f)| f)
            .expect("just ensured");
        change(slot);
        let new_own = slot.clone();
        let after = Index::build(&next, facts);
        let new: Vec<IndexProblem> = after
            .errors()
            .filter(|p| !before.contains(p))
            .cloned()
            .collect();
        if new.is_empty() {
            Ok(new_own)
        } else {
            Err(new)
        }
    }

    /// The whole merged index as one file (for export or sharing).
    pub fn export(&self, title: &str) -> IndexFile {
        let mut f = IndexFile::empty(title);
        f.note = "Exported from Tablemate: structure of the storybook only, no story text.".into();
        for (map, codes) in &self.spaces {
            f.maps.push(MapSpaces {
                map: *map,
                name: String::new(),
                spaces: codes.keys().cloned().collect(),
            });
        }
        f.characters = self.characters.values().map(|(c, _)| c.clone()).collect();
        f.quests = self.quests.values().map(|(q, _)| q.clone()).collect();
        f
    }
}

/// Checks one index file alone (for `tablemate check FILE`): its own duplicates, references
/// and cycles. Returns a one-line summary, or every error.
pub fn check_text(
    text: &str,
    facts: Option<&Facts>,
) -> Result<String, crate::datafile::DataFileError> {
    let file = IndexFile::parse(text)?;
    let files = vec![("this file".to_string(), file)];
    let built = Index::build(&files, facts);
    let errors: Vec<String> = built.errors().map(|p| p.to_string()).collect();
    if !errors.is_empty() {
        return Err(crate::datafile::DataFileError::whole(errors.join("; ")));
    }
    let f = &files[0].1;
    Ok(format!(
        "storybook index: {} maps, {} characters, {} quests",
        f.maps.len(),
        f.characters.len(),
        f.quests.len()
    ))
}

/// Where index files live, in the binary and in the user's data folder.
pub const INDEX_DIR: &str = "storybook-index";
/// The file the app adds the players' own entries to (in the user's data folder).
pub const OWN_FILE: &str = "storybook-index/my-entries.json";

/// An index file's text and names: `rel` is its path under the data folder
/// (`storybook-index/maps/map-04-meteor-mountain.json`), `origin` how errors name it.
#[derive(Debug, Clone, PartialEq)]
pub struct Source {
    pub rel: String,
    pub origin: String,
    pub text: String,
}

/// The index as the app uses it: every bundled file (or the user's replacement at the same
/// path) and the user's own file, with what is wrong in them.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    pub built: Built,
    pub files: Vec<(String, IndexFile)>,
    /// How the own file is named in `files` and in problems.
    pub own_origin: String,
    /// The own file exists but does not parse: it must not be overwritten.
    pub own_damaged: bool,
}

impl Loaded {
    /// The player's own file (empty if it does not exist yet).
    pub fn own_file(&self) -> IndexFile {
        self.files
            .iter()
            .find(|(o, _)| *o == self.own_origin)
            .map(|(_, f)| f.clone())
            .unwrap_or_else(|| IndexFile::empty("My storybook index"))
    }
}

/// Loads the index through `read` (relative path → `Some((text, origin))`, `None` when there is
/// no such file): the store reads the files, user replacements first.
pub fn load_with(
    mut read: impl FnMut(&str) -> Result<Option<(String, String)>, crate::datafile::DataFileError>,
    facts: Option<&Facts>,
) -> Loaded {
    let mut rels: Vec<String> = crate::bundled::under(&format!("{INDEX_DIR}/"))
        .map(|(rel, _)| rel.to_string())
        .collect();
    rels.push(OWN_FILE.to_string());
    let mut sources = Vec::new();
    let mut problems = Vec::new();
    for rel in rels {
        match read(&rel) {
            Ok(Some((text, origin))) => sources.push(Source { rel, origin, text }),
            Ok(None) => {}
            Err(e) => problems.push(IndexProblem {
                severity: Severity::Error,
                file: rel,
                at: String::new(),
                message: e.to_string(),
            }),
        }
    }
    let own = sources.iter().find(|s| s.rel == OWN_FILE);
    let own_origin = own
        .map(|s| s.origin.clone())
        .unwrap_or_else(|| OWN_FILE.to_string());
    let own_unreadable = problems.iter().any(|p: &IndexProblem| p.file == OWN_FILE);
    // An own file that cannot be read or parsed is never written over (RULINGS).
    let own_damaged = own_unreadable || own.is_some_and(|s| IndexFile::parse(&s.text).is_err());
    let (mut built, files) = load(Vec::new(), sources, facts);
    built.problems.extend(problems);
    built.problems.sort_by_key(|p| p.severity);
    Loaded {
        built,
        files,
        own_origin,
        own_damaged,
    }
}

/// The bundled index files.
pub fn bundled_sources() -> Vec<Source> {
    crate::bundled::under(&format!("{INDEX_DIR}/"))
        .map(|(rel, text)| Source {
            rel: rel.to_string(),
            origin: format!("{rel} (bundled)"),
            text: text.to_string(),
        })
        .collect()
}

/// Parses `bundled` and `user` sources (a user file replaces the bundled file with the same
/// `rel`) and builds the merged index. A file that does not parse is reported and left out.
pub fn load(
    bundled: Vec<Source>,
    user: Vec<Source>,
    facts: Option<&Facts>,
) -> (Built, Vec<(String, IndexFile)>) {
    let mut sources: Vec<Source> = bundled
        .into_iter()
        .filter(|b| !user.iter().any(|u| u.rel == b.rel))
        .collect();
    sources.extend(user);
    sources.sort_by(|a, b| a.rel.cmp(&b.rel));
    let mut files = Vec::new();
    let mut parse_problems = Vec::new();
    for s in sources {
        match IndexFile::parse(&s.text) {
            Ok(f) => files.push((s.origin, f)),
            Err(e) => parse_problems.push(IndexProblem {
                severity: Severity::Error,
                file: s.origin,
                // An empty `at` marks a file left out whole (the export names it); where in
                // the text the error is stays in the message.
                at: String::new(),
                message: e.to_string(),
            }),
        }
    }
    let mut built = Index::build(&files, facts);
    parse_problems.append(&mut built.problems);
    built.problems = parse_problems;
    built.problems.sort_by_key(|p| p.severity);
    (built, files)
}
