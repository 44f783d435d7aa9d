//! Checking index files, alone and merged: malformed entries, unknown references, duplicate
//! numbers, conflicting copies of one entry, and cycles in a character's quest chain. Every
//! problem names its file and entry so a player can find it in a hand-edited file.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::datafile::FirstSeen;
use std::fmt;

use serde::Serialize;

use super::format::{Choice, IndexFile, QuestEntry};
use crate::near_and_far::code::{MapNumber, QuestCode};
use crate::near_and_far::facts::Facts;

/// How serious an index problem is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The file is wrong and must be fixed.
    Error,
    /// Probably a typo, but the index still works (a number outside the map's known range).
    Warning,
    /// The index is incomplete here (a code is referenced but has no entry yet).
    Note,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct IndexProblem {
    pub severity: Severity,
    /// The file, as the store names it.
    pub file: String,
    /// Where in the file: `quests[1] (347) choices[0]`.
    pub at: String,
    pub message: String,
}

impl fmt::Display for IndexProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sev = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        };
        if self.at.is_empty() {
            write!(f, "{sev}: {}: {}", self.file, self.message)
        } else {
            write!(f, "{sev}: {}: {}: {}", self.file, self.at, self.message)
        }
    }
}

pub(super) struct Problems<'a> {
    pub file: &'a str,
    pub out: &'a mut Vec<IndexProblem>,
}

impl Problems<'_> {
    fn push(&mut self, severity: Severity, at: impl Into<String>, message: impl Into<String>) {
        self.out.push(IndexProblem {
            severity,
            file: self.file.to_string(),
            at: at.into(),
            message: message.into(),
        });
    }
    fn error(&mut self, at: impl Into<String>, message: impl Into<String>) {
        self.push(Severity::Error, at, message);
    }
}

pub(super) fn quest_at(i: usize, q: &QuestEntry) -> String {
    format!("quests[{i}] ({})", q.code)
}

/// The character letters known from the facts and from every file's `characters` section.
pub(super) fn known_prefixes(
    files: &[(String, IndexFile)],
    facts: Option<&Facts>,
) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    if let Some(f) = facts {
        for c in &f.characters.characters {
            if let Some(p) = &c.quest_prefix {
                out.insert(p.to_ascii_uppercase());
            }
        }
    }
    for (_, file) in files {
        for c in &file.characters {
            out.insert(c.prefix.trim().to_ascii_uppercase());
        }
    }
    out
}

/// Checks one file on its own (plus the known character letters).
pub(super) fn check_file(
    p: &mut Problems<'_>,
    file: &IndexFile,
    prefixes: &BTreeSet<String>,
    facts: Option<&Facts>,
) {
    // The same check as `index import`: a file on disk, or an entry typed in the window or by
    // `index add`/`edit`, holds no control characters (escape sequences reach terminals).
    if let Ok(v) = serde_json::to_value(file) {
        control_characters(&v, "", &mut |at| {
            p.error(at, "control characters are not allowed in index text")
        });
    }
    let mut seen_maps = FirstSeen::new();
    for (i, m) in file.maps.iter().enumerate() {
        let at = format!("maps[{i}] ({})", m.map);
        if let Some(first) = seen_maps.again(m.map, i) {
            p.error(
                &at,
                format!(
                    "{} is listed twice in this file, first at maps[{first}]: merge the two lists",
                    m.map
                ),
            );
        }
        let mut seen = FirstSeen::new();
        for (j, code) in m.spaces.iter().enumerate() {
            if !code.is_map_space() {
                p.error(&at, format!("{code} cannot be printed on a map space (only numbers and Map 1 letters are)"));
                continue;
            }
            if let Some(first) = seen.again(code, j) {
                p.error(
                    &at,
                    format!(
                        "duplicate number: spaces[{j}] {code} is listed twice on {}, first at spaces[{first}]",
                        m.map
                    ),
                );
            }
            if let Some(range) = facts.and_then(|f| f.map(m.map)).map(|mf| &mf.quests)
                && !range.contains(code)
            {
                p.push(
                    Severity::Warning,
                    &at,
                    format!("{code} is outside {}'s known quest numbers {} (from fan sources): check the atlas", m.map, range.describe()),
                );
            }
        }
    }
    let mut names = FirstSeen::new();
    for (i, c) in file.characters.iter().enumerate() {
        let at = format!("characters[{i}] ({})", c.character);
        let prefix = c.prefix.trim().to_ascii_uppercase();
        if c.character.trim().is_empty() {
            p.error(&at, "character is empty");
        }
        if let Some(first) = names.again(c.character.trim().to_lowercase(), i) {
            p.error(
                &at,
                format!(
                    "this character is listed twice in this file, first at characters[{first}]"
                ),
            );
        }
        if prefix.is_empty() || !prefix.chars().all(|ch| ch.is_ascii_uppercase()) || prefix == "Q" {
            p.error(
                &at,
                format!(
                    "prefix {:?} must be letters, and not Q (side quests use Q)",
                    c.prefix
                ),
            );
        }
        if let Some(first) = &c.first
            && first.character_prefix() != Some(prefix.as_str())
        {
            p.error(
                &at,
                format!("first {first} does not start with the prefix {prefix}"),
            );
        }
    }
    let mut codes = FirstSeen::new();
    for (i, q) in file.quests.iter().enumerate() {
        let at = quest_at(i, q);
        if let Some(first) = codes.again(&q.code, i) {
            p.error(
                &at,
                format!(
                    "duplicate number: {} is already entered at quests[{first}]",
                    q.code
                ),
            );
        }
        if let Some(prefix) = q.code.character_prefix()
            && !prefixes.contains(prefix)
        {
            p.error(&at, format!("unknown reference: no character has the quest letters {prefix} (add them in a characters section)"));
        }
        check_entry(p, &at, q, prefixes);
    }
}

fn check_entry(p: &mut Problems<'_>, at: &str, q: &QuestEntry, prefixes: &BTreeSet<String>) {
    let prefix = q.code.character_prefix();
    if q.ending && q.choices.iter().any(|c| c.next.is_some()) {
        p.error(at, "an ending leads nowhere, but a choice has a next code");
    }
    if q.ending && prefix.is_none() {
        p.error(at, "only character quests are marked as an ending");
    }
    let mut forced_sets = FirstSeen::new();
    for (j, c) in q.choices.iter().enumerate() {
        let at = format!("{at} choices[{j}]");
        check_choice(p, &at, c, prefix, prefixes);
        if c.is_keyword_choice() && !c.optional {
            let set: BTreeSet<&str> = c.keywords.iter().map(|k| k.as_str()).collect();
            if let Some(other) = forced_sets.again(set, j) {
                p.error(&at, format!("choices[{other}] needs exactly the same keywords: the book could not say which one a character must read"));
            }
        }
    }
}

fn check_choice(
    p: &mut Problems<'_>,
    at: &str,
    c: &Choice,
    prefix: Option<&str>,
    prefixes: &BTreeSet<String>,
) {
    let label = c.label.trim();
    if label.is_empty() {
        p.error(
            at,
            "label is empty: give the choice a short name of your own",
        );
    } else if label.chars().count() > 80 {
        p.error(
            at,
            "label is longer than 80 characters: the index holds short labels, not the book's text",
        );
    }
    if let Some(t) = c.test
        && !(1..=30).contains(&t.target())
    {
        p.error(
            at,
            format!(
                "{} is not a difficulty the book prints (1 to 30)",
                t.describe()
            ),
        );
    }
    let mut kws = FirstSeen::new();
    for (j, k) in c.keywords.iter().enumerate() {
        if let Some(first) = kws.again(k, j) {
            p.error(
                at,
                format!("keywords[{j}]: keyword {k} is listed twice, first at keywords[{first}]"),
            );
        }
    }
    if c.optional && c.keywords.is_empty() {
        p.error(at, "optional only applies to a choice that needs keywords");
    }
    if !c.bonus.is_empty() && c.test.is_none() {
        p.error(
            at,
            "a bonus needs a roll to beat by 2: this choice has no test",
        );
    }
    match (&c.next, prefix) {
        (None, _) => {}
        (Some(next), None) => p.error(
            at,
            format!("next {next}: only character quests lead to a next character quest"),
        ),
        (Some(next), Some(own)) => match next.character_prefix() {
            None => p.error(at, format!("next {next} is not a character quest code")),
            Some(np) if np != own => p.error(
                at,
                format!("next {next} belongs to another character (this chain uses {own})"),
            ),
            Some(np) if !prefixes.contains(np) => p.error(
                at,
                format!("unknown reference: no character has the quest letters {np}"),
            ),
            Some(_) => {}
        },
    }
    for b in [&c.reward, &c.bonus] {
        for q in &b.side_quests {
            if !q.is_side_quest() {
                p.error(at, format!("side quest {q} must be a Q number (Q178)"));
            }
        }
        if b.xp > 5 {
            p.error(
                at,
                format!(
                    "{} experience from one choice is more than any card can hold",
                    b.xp
                ),
            );
        }
        for k in &b.keywords {
            if b.lose_keywords.contains(k) {
                p.error(at, format!("keyword {k} is both gained and lost"));
            }
        }
    }
}

/// Finds cycles in the character quest chains (R1 → R3 → R1), reporting each once.
pub(super) fn cycles(quests: &BTreeMap<QuestCode, (QuestEntry, String)>) -> Vec<IndexProblem> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        code: &QuestCode,
        quests: &BTreeMap<QuestCode, (QuestEntry, String)>,
        marks: &mut HashMap<QuestCode, Mark>,
        path: &mut Vec<QuestCode>,
        out: &mut Vec<IndexProblem>,
    ) {
        match marks.get(code) {
            Some(Mark::Done) => return,
            Some(Mark::Open) => {
                let start = path.iter().position(|c| c == code).unwrap_or(0);
                let mut ring: Vec<String> = path[start..].iter().map(|c| c.to_string()).collect();
                ring.push(code.to_string());
                let file = quests.get(code).map(|(_, o)| o.clone()).unwrap_or_default();
                out.push(IndexProblem {
                    severity: Severity::Error,
                    file,
                    at: format!("quest {code}"),
                    message: format!("the quest chain loops: {} (a story never comes back to a quest already read)", ring.join(" → ")),
                });
                return;
            }
            None => {}
        }
        let Some((entry, _)) = quests.get(code) else {
            return;
        };
        marks.insert(code.clone(), Mark::Open);
        path.push(code.clone());
        let nexts: BTreeSet<&QuestCode> = entry
            .choices
            .iter()
            .filter_map(|c| c.next.as_ref())
            .collect();
        for n in nexts {
            visit(n, quests, marks, path, out);
        }
        path.pop();
        marks.insert(code.clone(), Mark::Done);
    }
    let mut marks = HashMap::new();
    let mut out = Vec::new();
    for code in quests.keys() {
        visit(code, quests, &mut marks, &mut Vec::new(), &mut out);
    }
    out
}

/// Codes that entries point at but that have no entry yet: the index is incomplete there.
pub(super) fn dangling(quests: &BTreeMap<QuestCode, (QuestEntry, String)>) -> Vec<IndexProblem> {
    let mut out = Vec::new();
    for (code, (entry, file)) in quests {
        let mut targets: BTreeSet<&QuestCode> = BTreeSet::new();
        for c in &entry.choices {
            targets.extend(c.next.iter());
            targets.extend(c.reward.side_quests.iter());
            targets.extend(c.bonus.side_quests.iter());
        }
        for t in targets {
            if !quests.contains_key(t) {
                out.push(IndexProblem {
                    severity: Severity::Note,
                    file: file.clone(),
                    at: format!("quest {code}"),
                    message: format!("{t} is referenced but not in the index yet"),
                });
            }
        }
    }
    out
}

/// Duplicate numbers across maps: one printed code sits on one map only.
pub(super) fn space_clashes(
    spaces: &BTreeMap<MapNumber, BTreeMap<QuestCode, String>>,
) -> Vec<IndexProblem> {
    let mut first = FirstSeen::new();
    let mut out = Vec::new();
    for (map, codes) in spaces {
        for (code, file) in codes {
            if let Some((other, ofile)) = first.again(code, (*map, file.as_str())) {
                out.push(IndexProblem {
                    severity: Severity::Error,
                    file: file.clone(),
                    at: format!("{map}"),
                    message: format!("duplicate number: {code} is also on {other} (in {ofile})"),
                });
            }
        }
    }
    out
}

/// Calls `found` with the path of every string in `v` holding a control character other than
/// a line break.
pub(super) fn control_characters(v: &serde_json::Value, at: &str, found: &mut impl FnMut(String)) {
    match v {
        serde_json::Value::String(s) if s.chars().any(|c| c.is_control() && c != '\n') => {
            found(at.to_string())
        }
        serde_json::Value::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                control_characters(item, &format!("{at}[{i}]"), found);
            }
        }
        serde_json::Value::Object(fields) => {
            for (k, item) in fields {
                let path = if at.is_empty() {
                    k.clone()
                } else {
                    format!("{at}.{k}")
                };
                control_characters(item, &path, found);
            }
        }
        _ => {}
    }
}
