//! Changes to the player's own index file (`my-entries.json`) beyond adding an entry:
//! declaring a character's quest letters, deleting an entry, and importing a friend's file
//! without ever overwriting the player's entries (RULINGS: a different entry for the same quest
//! is a conflict shown side by side, and the player keeps one or the other).

use std::collections::BTreeSet;

use serde::Serialize;

use super::format::{CharacterChain, IndexFile, QuestEntry};
use super::{Index, IndexProblem};
use crate::near_and_far::code::QuestCode;
use crate::near_and_far::facts::Facts;

/// One quest both the player's file and the imported file hold, differently.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Conflict {
    pub code: QuestCode,
    pub mine: QuestEntry,
    pub theirs: QuestEntry,
}

/// A character whose quest letters (or first code) the imported file declares differently
/// from the player's index: the player's are kept, like an entry in conflict.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LettersConflict {
    pub character: String,
    pub mine: CharacterChain,
    pub theirs: CharacterChain,
    /// The imported quests written with their letters: left out, since the player's index
    /// gives those letters to nobody.
    pub left_out: Vec<QuestCode>,
}

impl LettersConflict {
    /// "V (first V1)", as the two sides are shown.
    pub fn describe(chain: &CharacterChain) -> String {
        match &chain.first {
            Some(f) => format!("{} (first {f})", chain.prefix),
            None => chain.prefix.clone(),
        }
    }
}

/// What importing a file would do: the entries that differ from the player's (kept as the
/// player's unless they choose otherwise), the characters whose quest letters differ (the
/// player's kept, their quests left out), and how many quests are new.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ImportPlan {
    pub conflicts: Vec<Conflict>,
    pub letter_conflicts: Vec<LettersConflict>,
    pub new_quests: usize,
    /// The file being imported, as written (its entry numbers name its problems).
    #[serde(skip)]
    incoming: IndexFile,
    /// The file as it will be merged: without the letters in conflict and their quests.
    #[serde(skip)]
    merged: IndexFile,
}

impl ImportPlan {
    /// The file being imported.
    pub fn incoming(&self) -> &IndexFile {
        &self.incoming
    }
}

impl IndexFile {
    /// Merges `other` into this file without overwriting: a quest this file already holds
    /// differently is replaced only when its code is in `take_theirs`.
    pub fn absorb_keeping(&mut self, other: &IndexFile, take_theirs: &BTreeSet<QuestCode>) {
        let mut incoming = other.clone();
        incoming
            .quests
            .retain(|q| match self.quests.iter().find(|m| m.code == q.code) {
                Some(mine) if mine != q => take_theirs.contains(&q.code),
                _ => true,
            });
        self.absorb(&incoming);
    }

    /// Declares (or changes) `character`'s quest letters and first code in this file.
    pub fn declare_letters(&mut self, chain: CharacterChain) {
        match self
            .characters
            .iter_mut()
            .find(|c| c.character.eq_ignore_ascii_case(chain.character.trim()))
        {
            Some(slot) => *slot = chain,
            None => self.characters.push(chain),
        }
    }
}

impl Index {
    /// Checks declaring `character`'s quest letters `prefix` (and first code) in the own file:
    /// the character must be one of the box's, the letters free and not Q. Returns the new own
    /// file, or the problems.
    pub fn check_letters(
        files: &[(String, IndexFile)],
        own: &str,
        character: &str,
        prefix: &str,
        first: Option<QuestCode>,
        facts: Option<&Facts>,
    ) -> Result<IndexFile, Vec<IndexProblem>> {
        let problem = |message: String| {
            vec![IndexProblem {
                severity: super::Severity::Error,
                file: own.to_string(),
                at: format!("characters ({character})"),
                message,
            }]
        };
        let name = match facts {
            Some(f) => match f.character(character) {
                Some(c) => c.name.clone(),
                None => {
                    return Err(problem(format!(
                        "{character:?} is not a Near and Far character"
                    )));
                }
            },
            None => character.trim().to_string(),
        };
        let prefix = prefix.trim().to_ascii_uppercase();
        if prefix.is_empty() || !prefix.chars().all(|c| c.is_ascii_uppercase()) || prefix == "Q" {
            return Err(problem(format!(
                "quest letters {prefix:?} must be letters, and not Q (side quests use Q)"
            )));
        }
        let chain = CharacterChain {
            character: name,
            prefix,
            first,
        };
        Index::check_change(files, own, facts, |f| f.declare_letters(chain))
    }

    /// Deletes the player's own entry for `code` (bundled entries cannot be deleted, only
    /// replaced by a file of one's own). Returns the new own file and the entry removed.
    pub fn check_removal(
        files: &[(String, IndexFile)],
        own: &str,
        code: &QuestCode,
        facts: Option<&Facts>,
    ) -> Result<(IndexFile, QuestEntry), Vec<IndexProblem>> {
        let mine = files
            .iter()
            .find(|(o, _)| o == own)
            .and_then(|(_, f)| f.quests.iter().find(|q| &q.code == code).cloned())
            .ok_or_else(|| {
                vec![IndexProblem {
                    severity: super::Severity::Error,
                    file: own.to_string(),
                    at: code.to_string(),
                    message: format!(
                        "{code} is not one of your own entries: only entries you wrote can be deleted"
                    ),
                }]
            })?;
        let file = Index::check_change(files, own, facts, |f| {
            f.quests.retain(|q| &q.code != code);
            for m in &mut f.maps {
                m.spaces.retain(|s| s != code);
            }
            f.maps
                .retain(|m| !m.spaces.is_empty() || !m.name.is_empty());
        })?;
        Ok((file, mine))
    }

    /// What importing `incoming` into the own file would do: the quests that differ from the
    /// player's (kept as the player's by default) and the new ones.
    pub fn plan_import(
        files: &[(String, IndexFile)],
        own: &str,
        incoming: &IndexFile,
    ) -> ImportPlan {
        let mine = files
            .iter()
            .find(|(o, _)| o == own)
            .map(|(_, f)| f.clone())
            .unwrap_or_else(|| IndexFile::empty("My storybook index"));
        // The player's letters: their own file first, then the bundled ones.
        let known = |character: &str| {
            std::iter::once(&mine)
                .chain(files.iter().map(|(_, f)| f))
                .flat_map(|f| f.characters.iter())
                .find(|c| c.character.eq_ignore_ascii_case(character.trim()))
                .cloned()
        };
        let mut letter_conflicts = Vec::new();
        let mut merged = incoming.clone();
        for theirs in &incoming.characters {
            let Some(m) = known(&theirs.character) else {
                continue;
            };
            let differs = !m.prefix.eq_ignore_ascii_case(&theirs.prefix)
                || (m.first.is_some() && theirs.first.is_some() && m.first != theirs.first);
            if differs {
                let left_out = incoming
                    .quests
                    .iter()
                    .filter(|q| {
                        q.code.character_prefix().is_some_and(|p| {
                            p.eq_ignore_ascii_case(&theirs.prefix)
                                && !p.eq_ignore_ascii_case(&m.prefix)
                        })
                    })
                    .map(|q| q.code.clone())
                    .collect();
                letter_conflicts.push(LettersConflict {
                    character: m.character.clone(),
                    mine: m,
                    theirs: theirs.clone(),
                    left_out,
                });
            }
        }
        merged.characters.retain(|c| {
            !letter_conflicts
                .iter()
                .any(|l| l.character.eq_ignore_ascii_case(c.character.trim()))
        });
        merged.quests.retain(|q| {
            !letter_conflicts
                .iter()
                .any(|l| l.left_out.contains(&q.code))
        });
        let mut conflicts = Vec::new();
        let mut new_quests = 0;
        for q in &merged.quests {
            match mine.quests.iter().find(|m| m.code == q.code) {
                Some(m) if m != q => conflicts.push(Conflict {
                    code: q.code.clone(),
                    mine: m.clone(),
                    theirs: q.clone(),
                }),
                Some(_) => {}
                None => new_quests += 1,
            }
        }
        ImportPlan {
            conflicts,
            letter_conflicts,
            new_quests,
            incoming: incoming.clone(),
            merged,
        }
    }

    /// Checks the import of `plan` keeping the player's entry for every conflict except the
    /// codes in `take_theirs`. Returns the new own file, or the errors it would add.
    pub fn check_planned_import(
        files: &[(String, IndexFile)],
        own: &str,
        plan: &ImportPlan,
        take_theirs: &BTreeSet<QuestCode>,
        facts: Option<&Facts>,
    ) -> Result<IndexFile, Vec<IndexProblem>> {
        Index::check_change(files, own, facts, |f| {
            f.absorb_keeping(&plan.merged, take_theirs)
        })
    }
}

/// Checks a file to import on its own, naming the file (`shown`) and its own entry numbers:
/// the same quest code listed twice (as `index check` refuses it) and control characters in
/// its text.
pub fn check_incoming(shown: &str, incoming: &IndexFile) -> Result<(), Vec<String>> {
    let mut out = Vec::new();
    let mut seen = crate::datafile::FirstSeen::new();
    for (i, q) in incoming.quests.iter().enumerate() {
        if let Some(first) = seen.again(q.code.clone(), i) {
            out.push(format!(
                "{shown}: quests[{i}] ({}): the same code is listed again, first at quests[{first}]",
                q.code
            ));
        }
    }
    if let Ok(v) = serde_json::to_value(incoming) {
        super::validate::control_characters(&v, "", &mut |at| {
            out.push(format!(
                "{shown}: {at}: control characters are not allowed in index text"
            ))
        });
    }
    if out.is_empty() { Ok(()) } else { Err(out) }
}

/// Problems the merge would add, said of the imported file (`shown`) and its own entry numbers
/// where the problem is about one of its quests, rather than of the player's file.
pub fn name_in_incoming(
    shown: &str,
    incoming: &IndexFile,
    problems: &[IndexProblem],
) -> Vec<String> {
    problems
        .iter()
        .map(|p| {
            let quest = incoming.quests.iter().enumerate().find(|(_, q)| {
                let code = q.code.to_string();
                p.at.contains(&format!("({code})")) || p.at.ends_with(&format!("quest {code}"))
            });
            match quest {
                Some((i, q)) => format!(
                    "{shown}: quests[{i}] ({}): {} (merged into {})",
                    q.code, p.message, p.file
                ),
                None => p.to_string(),
            }
        })
        .collect()
}

/// Codes named to take the imported entry for that are not in conflict with the player's
/// entries, with the conflicts there are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "--keep-theirs {}: not a quest that differs from yours ({})",
    list(.stray),
    match .conflicts.is_empty() {
        true => "none differ".to_string(),
        false => format!("those that differ: {}", list(.conflicts)),
    }
)]
pub struct NotAConflict {
    pub stray: Vec<QuestCode>,
    pub conflicts: Vec<QuestCode>,
}

fn list(codes: &[QuestCode]) -> String {
    codes
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The codes named to take the imported entry for that are not in conflict with the player's
/// entries: each is refused, naming the conflicts there are.
pub fn check_take_theirs(
    plan: &ImportPlan,
    take_theirs: &BTreeSet<QuestCode>,
) -> Result<(), NotAConflict> {
    let stray: Vec<QuestCode> = take_theirs
        .iter()
        .filter(|c| !plan.conflicts.iter().any(|k| &k.code == *c))
        .cloned()
        .collect();
    if stray.is_empty() {
        return Ok(());
    }
    Err(NotAConflict {
        stray,
        conflicts: plan.conflicts.iter().map(|c| c.code.clone()).collect(),
    })
}

/// One entry as a short line, for showing two versions side by side.
pub fn describe_entry(q: &QuestEntry) -> Vec<String> {
    let mut out = Vec::new();
    for (i, c) in q.choices.iter().enumerate() {
        let mut s = format!("{}. {}", i + 1, c.label);
        if let Some(t) = c.test {
            s += &format!(" ({})", t.describe());
        }
        if !c.keywords.is_empty() {
            let k: Vec<&str> = c.keywords.iter().map(|k| k.as_str()).collect();
            s += &format!(
                " [needs {}{}]",
                k.join(" + "),
                if c.optional { ", optional" } else { "" }
            );
        }
        if let Some(n) = &c.next {
            s += &format!(" → {n}");
        }
        let r = describe_rewards(&c.reward);
        if !r.is_empty() {
            s += &format!("; success: {r}");
        }
        let b = describe_rewards(&c.bonus);
        if !b.is_empty() {
            s += &format!("; by 2 or more: {b}");
        }
        out.push(s);
    }
    if q.ending {
        out.push("the story ends here".into());
    }
    if !q.note.is_empty() {
        out.push(format!("note: {}", q.note));
    }
    out
}

/// Rewards as a short line: "+BRAVE, side quest Q178, 1 XP".
pub fn describe_rewards(b: &super::Bookkeeping) -> String {
    let mut parts = Vec::new();
    for k in &b.keywords {
        parts.push(format!("+{k}"));
    }
    for k in &b.lose_keywords {
        parts.push(format!("-{k}"));
    }
    for q in &b.side_quests {
        parts.push(format!("side quest {q}"));
    }
    if b.xp > 0 {
        parts.push(format!("{} XP", b.xp));
    }
    parts.join(", ")
}
