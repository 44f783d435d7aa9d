//! The layers import one way (docs/architecture.md, "Layers"): gui / cli / host -> store ->
//! games -> engines -> leaves. The compiler keeps the biggest step: the games, engines and
//! leaves are the crate `tablemate-core` (crates/core), which cannot name the store or any
//! face. What it cannot see is the order inside each crate: these tests read the source and
//! fail when a module names one above it (a `crate::x` path anywhere in its code, `use` lines
//! or not; comments and the module's own `#[cfg(test)] mod tests` are not counted).

use std::path::{Path, PathBuf};

/// The app's top: nothing below may name these.
const TOP: &[&str] = &["gui", "cli", "host"];
const ENGINES: &[&str] = &[
    "furtherance",
    "worldspanner",
    "near_and_far",
    "furnace_duel",
    "army",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Where module `rel` lives: the core crate's src/ (games, engines, leaves) or the app's.
fn module_path(rel: &str) -> PathBuf {
    let core = root().join("crates/core/src").join(rel);
    if core.exists() {
        core
    } else {
        root().join("src").join(rel)
    }
}

/// Every `.rs` file of `rel` (a file or a folder under either src/).
fn files(rel: &str) -> Vec<PathBuf> {
    let path = module_path(rel);
    if path.is_file() {
        return vec![path];
    }
    let mut out = Vec::new();
    let mut dirs = vec![path];
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.is_dir() {
                dirs.push(p);
            } else if p.extension().is_some_and(|x| x == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The code of a file: comments dropped, and everything from its unit tests on.
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).expect("source files are readable");
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => &text[..],
    };
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Files whose name says they are tests (`tests.rs`, `*_tests.rs`, `test_support.rs`).
fn is_test_file(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name == "tests.rs" || name.ends_with("_tests.rs") || name == "test_support.rs"
}

/// The top modules `code` names, with their 1-based line: `crate::x` and each first segment
/// inside `crate::{x, y::z}`.
fn top_modules(code: &str) -> Vec<(usize, String)> {
    let line_of = |i: usize| code[..i].matches('\n').count() + 1;
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 0usize;
            let mut start = true;
            for (j, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if c.is_whitespace() => {}
                    _ if start => {
                        start = false;
                        let name = ident(&group[j..]);
                        if !name.is_empty() {
                            out.push((line_of(i + "crate::{".len() + j), name));
                        }
                    }
                    _ => {}
                }
            }
        } else {
            out.push((line_of(i), ident(rest)));
        }
    }
    out
}

/// Each `crate::x` (x one of `forbidden`) named in the code of `rel`, as "file:line: crate::x".
fn named(rel: &str, forbidden: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for path in files(rel).into_iter().filter(|p| !is_test_file(p)) {
        for (line, m) in top_modules(&code(&path)) {
            if forbidden.contains(&m.as_str()) {
                let shown = path.strip_prefix(root()).unwrap_or(&path).display();
                found.push(format!("{shown}:{line}: crate::{m}"));
            }
        }
    }
    found
}

fn assert_names_none(rel: &str, forbidden: &[&str]) {
    let found = named(rel, forbidden);
    assert!(
        found.is_empty(),
        "{rel} names a higher layer:\n{}",
        found.join("\n")
    );
}

fn above_engines() -> Vec<&'static str> {
    let mut v = TOP.to_vec();
    v.extend(["store", "games", "plays"]);
    v
}

#[test]
fn the_leaves_name_no_engine_no_games_table_no_store_and_no_screen() {
    let mut forbidden = above_engines();
    forbidden.extend(ENGINES);
    forbidden.push("rules");
    for leaf in [
        "doc.rs",
        "datafile.rs",
        "history",
        "rng.rs",
        "rng",
        "deck.rs",
        "newtype.rs",
        "bundled.rs",
        "words.rs",
    ] {
        assert_names_none(leaf, &forbidden);
    }
}

#[test]
fn an_engine_names_no_other_engine_no_games_table_no_store_and_no_screen() {
    for engine in ENGINES.iter().chain(&["rules"]) {
        let mut forbidden = above_engines();
        forbidden.extend(ENGINES.iter().filter(|e| *e != engine));
        assert_names_none(engine, &forbidden);
    }
}

#[test]
fn the_store_names_no_screen_and_no_command() {
    assert_names_none("store", TOP);
}

#[test]
fn the_check_itself_sees_a_forbidden_name() {
    assert!(
        module_path("games").is_dir(),
        "the games table is in the core crate"
    );
    assert!(
        module_path("store").is_dir(),
        "the store is in the app crate"
    );
    // The CLI names the store: found when the store is forbidden there.
    assert!(!named("cli.rs", &["store"]).is_empty());
    // The store names the games table.
    assert!(!named("store", &["games"]).is_empty());
    let found = top_modules("use crate::{\n    doc::{A, B},\n    store,\n};\nx(crate::gui::y)");
    let names: Vec<_> = found.iter().map(|(l, m)| format!("{l}:{m}")).collect();
    assert_eq!(names, ["2:doc", "3:store", "5:gui"]);
}

/// The first name in backticks in `cell`, if any.
fn first_ticked(cell: &str) -> Option<&str> {
    let start = cell.find('`')? + 1;
    let len = cell[start..].find('`')?;
    Some(&cell[start..start + len])
}

/// Every name in backticks in `cell`.
fn ticked(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

/// The modules a crate's lib.rs declares (`mod x;` / `pub mod x;`, any `#[cfg]` before them).
fn declared_modules(lib: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(lib).expect("lib.rs is readable");
    let mut out: Vec<String> = text
        .lines()
        .filter_map(|l| {
            let l = l.trim().strip_prefix("pub ").unwrap_or(l.trim());
            let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.to_string())
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_architecture_docs_layers_table_names_each_crates_modules() {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the doc");
    let mut core = Vec::new();
    let mut app = Vec::new();
    for line in doc.lines().filter(|l| l.starts_with("| `tablemate")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // | crate | layer | modules | may name |
        let (Some(krate), Some(modules)) = (cells.get(1), cells.get(3)) else {
            continue;
        };
        let into = match first_ticked(krate) {
            Some("tablemate-core") => &mut core,
            Some("tablemate") => &mut app,
            other => panic!("a layers row names an unknown crate {other:?}: {line}"),
        };
        into.extend(ticked(modules).into_iter().map(str::to_string));
    }
    core.sort();
    app.sort();
    let mut declared = declared_modules(&root().join("crates/core/src/lib.rs"));
    // The engines are declared from the one list of games (`engines!` in lib.rs).
    declared.extend(listed_modules());
    declared.sort();
    assert_eq!(
        core, declared,
        "docs/architecture.md's layers table and crates/core/src/lib.rs disagree"
    );
    assert_eq!(
        app,
        declared_modules(&root().join("src/lib.rs")),
        "docs/architecture.md's layers table and src/lib.rs disagree"
    );
}

/// The one list of games (crates/core/src/games/list.rs).
const LIST: &str = "crates/core/src/games/list.rs";

/// Each game's module in the one list (`module: x,`), in its order.
fn listed_modules() -> Vec<String> {
    let text = std::fs::read_to_string(root().join(LIST)).expect("the list is readable");
    text.lines()
        .filter_map(|l| l.trim().strip_prefix("module: ")?.strip_suffix(','))
        .map(str::to_string)
        .collect()
}

/// Each game's `Kind` variant in the one list (the line before its `module:`).
fn listed_variants() -> Vec<String> {
    let text = std::fs::read_to_string(root().join(LIST)).expect("the list is readable");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    lines
        .windows(2)
        .filter(|w| w[1].starts_with("module: "))
        .filter_map(|w| w[0].strip_suffix(" {"))
        .map(str::to_string)
        .collect()
}

/// The source files (outside tests) that name every game, by its `Kind` variant or by its
/// module, as words of their code: the files a sixth game has to be added to by hand. The
/// generated dispatch (`for_each_game!`) names no game, so it is not among them.
fn files_naming_every_game() -> Vec<String> {
    let words = |code: &str, names: &[String]| {
        names.iter().all(|n| {
            code.match_indices(n.as_str()).any(|(i, _)| {
                let before = code[..i].chars().next_back();
                let after = code[i + n.len()..].chars().next();
                let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                !word(before) && !word(after)
            })
        })
    };
    let (modules, variants) = (listed_modules(), listed_variants());
    let mut out = Vec::new();
    for top in ["crates/core/src", "src"] {
        let mut dirs = vec![root().join(top)];
        while let Some(dir) = dirs.pop() {
            for e in std::fs::read_dir(&dir)
                .expect("source folders are readable")
                .flatten()
            {
                let p = e.path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.extension().is_some_and(|x| x == "rs") && !is_test_file(&p) {
                    let c = code(&p);
                    if words(&c, &modules) || words(&c, &variants) {
                        let rel = p.strip_prefix(root()).unwrap_or(&p);
                        out.push(rel.display().to_string());
                    }
                }
            }
        }
    }
    out.sort();
    out
}

/// docs/architecture.md, "Adding a sixth game": the files of code it names in its count's
/// table (`| `path` | ... |`), and the count it states ("edits **N** files of code").
fn documented_sixth_game() -> (Vec<String>, usize) {
    let doc = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the doc");
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Adding a sixth game"))
        .expect("docs/architecture.md has \"## Adding a sixth game\"");
    let mut files: Vec<String> = section
        .lines()
        .filter(|l| l.starts_with("| `"))
        .filter_map(|l| first_ticked(l))
        .filter(|f| f.ends_with(".rs") && !f.starts_with("tests/"))
        .map(str::to_string)
        .collect();
    files.sort();
    let count = section
        .split("edits **")
        .nth(1)
        .and_then(|rest| rest.split("**").next())
        .and_then(|n| n.parse().ok())
        .expect("the section says \"edits **N** files of code\"");
    (files, count)
}

#[test]
fn the_sixth_game_count_in_the_architecture_doc_is_the_codes() {
    let found = files_naming_every_game();
    assert!(
        found.contains(&LIST.to_string()),
        "the check finds the list itself: {found:?}"
    );
    let (documented, count) = documented_sixth_game();
    assert_eq!(
        documented, found,
        "docs/architecture.md (\"Adding a sixth game\") lists other files of code than those \
         that name every game"
    );
    assert_eq!(
        count,
        found.len(),
        "docs/architecture.md counts {count} files a sixth game edits; the code has {}",
        found.len()
    );
    assert_eq!(listed_modules().len(), listed_variants().len());
    assert_eq!(
        listed_modules().len(),
        ENGINES.len(),
        "ENGINES here follows the list"
    );
}
