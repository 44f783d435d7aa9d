//! `--rules`: the rules digest entries a refusal or an explanation cites, printed after it
//! (docs/cli.md, "Rules"), and `tablemate rules GAME ID`.

use std::path::Path;

use crate::rules::{Library, RuleRef};

/// Each entry of `refs` once, in the order first cited: its title, page and summary, and the
/// command that prints it again. A reference the library no longer holds (a replaced digest
/// without it) says so instead of vanishing.
pub fn entries_text(library: &Library, refs: &[RuleRef]) -> String {
    let mut seen = Vec::new();
    let mut s = String::new();
    for r in refs {
        if seen.contains(r) {
            continue;
        }
        seen.push(*r);
        s += &match r.resolve(library) {
            Some(e) => format!(
                "Rule {r}: {} (rulebook: {})\n  {}\n",
                e.title, e.page, e.summary
            ),
            None => format!("Rule {r}: not in the rules digest in use\n"),
        };
    }
    s
}

/// The entries `refs` cite, from the digest in use (the user's replacement where there is
/// one), with any problem loading it as a warning.
pub fn entries(root: &Path, refs: &[RuleRef]) -> String {
    if refs.is_empty() {
        return String::new();
    }
    let (library, problems) = crate::store::rules_library(Some(root));
    let mut s = entries_text(&library, refs);
    for p in problems {
        s += &format!("warning: {p}\n");
    }
    s
}

/// `tablemate rules GAME ID [--json]`: one entry by its id.
pub fn show(root: &Path, game: &str, id: &str, json: bool) -> super::Output {
    use super::Output;
    let Some(kind) = crate::doc::Kind::parse(game) else {
        return Output::fail(format!(
            "tablemate: unknown game {game:?} ({})\n",
            crate::doc::Kind::slugs()
        ));
    };
    let (library, _) = crate::store::rules_library(Some(root));
    let Some((digest, e)) = library.entry(kind, id) else {
        return Output::fail(format!(
            "tablemate: the {kind} rules digest has no entry {id:?} (tablemate rules search WORDS --game {kind})\n"
        ));
    };
    if json {
        return Output::json(&serde_json::json!({
            "game": kind, "game_title": digest.game_title, "source": digest.source,
            "id": e.id, "title": e.title, "page": e.page, "tags": e.tags, "summary": e.summary,
        }));
    }
    Output::ok(format!(
        "{} — {} (rulebook: {})\n  {}\n",
        digest.game_title, e.title, e.page, e.summary
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cited_entry_prints_once_with_its_page_and_the_command_to_see_it() {
        let (lib, _) = Library::bundled();
        let r = RuleRef::new(crate::doc::Kind::Furtherance, "items");
        let s = entries_text(&lib, &[r, r]);
        assert_eq!(s.matches("Rule furtherance/items: Items").count(), 1, "{s}");
        assert!(s.contains("(rulebook: ITEMS section)"), "{s}");
        let gone = RuleRef::new(crate::doc::Kind::Army, "no-such-rule");
        assert!(entries_text(&lib, &[gone]).contains("not in the rules digest"));
    }
}
