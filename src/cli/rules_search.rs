//! `tablemate rules search`: the rules digests searched, typo-tolerant, as text or JSON.

use super::{Output, RulesCommand};
use crate::doc::Kind;
use crate::rules;

pub(super) fn rules_command(command: RulesCommand, root: &std::path::Path) -> Output {
    match command {
        RulesCommand::Search { words, game, json } => {
            let game = match game.as_deref().map(|g| (g, Kind::parse(g))) {
                None => None,
                Some((_, Some(k))) => Some(k),
                Some((g, None)) => {
                    return Output::fail(format!(
                        "tablemate: unknown game {g:?} ({})\n",
                        Kind::slugs()
                    ));
                }
            };
            let (library, problems) = crate::store::rules_library(Some(root));
            let query = words.join(" ");
            let groups = rules::search(&library, &query, game);
            let mut out = if json {
                let v: Vec<serde_json::Value> = groups
                    .iter()
                    .map(|g| {
                        serde_json::json!({
                            "game": g.game,
                            "game_title": g.game_title,
                            "hits": g.hits.iter().map(|h| serde_json::json!({
                                "id": h.entry.id, "title": h.entry.title, "page": h.entry.page,
                                "tags": h.entry.tags, "summary": h.entry.summary,
                                "score": h.score,
                            })).collect::<Vec<_>>(),
                        })
                    })
                    .collect();
                Output::json(&serde_json::Value::Array(v))
            } else if groups.is_empty() {
                Output::ok(format!("nothing found for {query:?}\n"))
            } else {
                let mut s = String::new();
                for g in &groups {
                    s += &format!("== {}\n", g.game_title);
                    for h in &g.hits {
                        s += &format!(
                            "  {} (rulebook: {})\n    {}\n",
                            h.entry.title, h.entry.page, h.entry.summary
                        );
                    }
                }
                Output::ok(s)
            };
            for p in problems {
                out.stderr += &format!("warning: {p}\n");
            }
            out
        }
    }
}
