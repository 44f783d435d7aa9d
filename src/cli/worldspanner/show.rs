//! `tablemate worldspanner show ID [--json]`: the game as the table sees it, from the save
//! (`Game::view`, crates/core/src/worldspanner/view.rs; the JSON is documented in
//! docs/worldspanner.md, "Command line").

use std::path::Path;

use serde_json::json;

use super::super::Output;
use crate::worldspanner::view::{OddsRow, View};
use crate::worldspanner::{Game, TeamSide};

pub fn show(id: &str, json: bool, rules: bool, root: &Path) -> Result<Output, Output> {
    let (_, saved) = crate::cli::open_save::<Game>(root, id)?;
    let view = saved.current().view();
    if json {
        let mut v = serde_json::to_value(&view).map_err(Output::failed)?;
        v["id"] = json!(id);
        v["title"] = json!(saved.title);
        return Ok(Output::json(&v));
    }
    let mut out = text(&saved.title, id, &view);
    if rules {
        let cited: Vec<_> = view.reminder_rule.into_iter().collect();
        out += &crate::cli::cite::entries(root, &cited);
    }
    Ok(Output::ok(out))
}

fn initial(team: TeamSide) -> &'static str {
    match team {
        TeamSide::Skyhawks => "S",
        TeamSide::Psiclones => "P",
    }
}

fn percent(p: f64) -> String {
    format!("{:>3.0}%", p * 100.0)
}

fn text(title: &str, id: &str, v: &View) -> String {
    let mut s = format!("{title} ({id}): {}\n  {}\n", v.now, v.reminder);
    for t in &v.teams {
        s += &format!(
            "\n{}: deck {:?} ({}, {} to draw, {} discarded); glory cards {}; tribute {}{}{}\n",
            t.team,
            t.deck.name,
            if t.deck.physical {
                "physical"
            } else {
                "digital"
            },
            t.deck.draw_pile,
            t.deck.discard_pile,
            t.glory_cards,
            t.tribute,
            t.lith_favor
                .map(|f| format!(" (Lith's Favor +{})", f.amount()))
                .unwrap_or_default(),
            if t.favor_tiles.is_empty() {
                String::new()
            } else {
                format!(
                    "; favor tiles: {}",
                    t.favor_tiles
                        .iter()
                        .map(|f| format!("{} ({} side)", f.key, f.side))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }
        );
        for h in &t.heroes {
            s += &format!(
                "  {:>2} {:<16} Health {}/{} ({} wound{}), gold {}, Boosts {}{}{}: {}{}\n",
                h.number,
                h.name,
                h.health_left,
                h.health,
                h.wounds,
                if h.wounds == 1 { "" } else { "s" },
                h.gold,
                h.boosts,
                if h.boost_in_use { ", one in use" } else { "" },
                h.wits.map(|w| format!(", Wits {w}")).unwrap_or_default(),
                h.place,
                h.acted
                    .map(|d| format!(" (this step: {})", d.done()))
                    .unwrap_or_default(),
            );
        }
    }
    s += &format!("\nDomes ({} free):\n", v.free_domes);
    for d in &v.domes {
        let places: Vec<String> = d
            .places
            .iter()
            .enumerate()
            .map(|(i, p)| match p {
                Some(n) => format!("{}.{} {} ({})", d.number, i + 1, n.name, initial(n.team)),
                None => format!("{}.{} free", d.number, i + 1),
            })
            .collect();
        s += &format!("  Dome {}: {}\n", d.number, places.join(", "));
    }
    s += "Faction keys (markers on spaces 1-4):\n";
    for k in &v.keys {
        let spaces: String = k
            .spaces
            .iter()
            .map(|m| m.map_or("-", initial))
            .collect::<Vec<_>>()
            .join(" ");
        s += &format!(
            "  {:<18} {spaces}  Skyhawks {}, Psiclones {}\n",
            k.key, k.skyhawks, k.psiclones
        );
    }
    s += &match (v.lith.holder, v.lith.favor) {
        (Some(t), Some(f)) => format!(
            "Lith's Chamber: {t} {} tribute, Lith's Favor +{}\n",
            v.lith.tribute,
            f.amount()
        ),
        (Some(t), None) => format!(
            "Lith's Chamber: {t} {} tribute (Favor from 3)\n",
            v.lith.tribute
        ),
        _ => "Lith's Chamber: no tribute\n".to_string(),
    };
    let acted: Vec<String> = v
        .acted
        .iter()
        .map(|a| format!("{} ({})", a.name, a.did))
        .collect();
    s += &format!(
        "Acted this step: {}\n",
        if acted.is_empty() {
            "nobody yet".to_string()
        } else {
            acted.join(", ")
        }
    );
    if !v.action_step.is_empty() {
        let did: Vec<String> = v
            .action_step
            .iter()
            .map(|a| format!("{} {}", a.name, a.did))
            .collect();
        s += &format!(
            "In the Action step: {} (a Reaction shot targets only a hero that moved)\n",
            did.join(", ")
        );
    }
    if !v.adventured.is_empty() {
        let at: Vec<String> = v
            .adventured
            .iter()
            .map(|a| format!("{} at {}", a.name, a.at))
            .collect();
        s += &format!("Adventured from: {}\n", at.join(", "));
    }
    if !v.melee_order.is_empty() || !v.melee_wits_unknown.is_empty() {
        let order: Vec<String> = v
            .melee_order
            .iter()
            .map(|m| {
                format!(
                    "{} (Wits {}{})",
                    m.name,
                    m.wits,
                    if m.done { ", done" } else { "" }
                )
            })
            .collect();
        s += &format!("Melee order by Wits: {}", order.join(", "));
        if !v.melee_wits_unknown.is_empty() {
            let names: Vec<&str> = v
                .melee_wits_unknown
                .iter()
                .map(|n| n.name.as_str())
                .collect();
            s += &format!("; Wits unknown (no card): {}", names.join(", "));
        }
        s += "\n";
    }
    if let Some(p) = &v.pending {
        s += &format!(
            "Waiting for a Dome: {} ({} choose){}\n",
            p.name,
            p.chooser,
            if p.awaiting_range {
                ": read the Dome range on the card drawn".to_string()
            } else {
                format!(": free {}", p.free.join(", "))
            }
        );
    }
    if let Some(q) = &v.surrounded {
        s += &format!("Question: {}\n", q.question);
        for (i, a) in q.answers.iter().enumerate() {
            s += &format!("  {}. {a}\n", i + 1);
        }
        s += &format!("  answer with: tablemate answer {id} N\n");
    }
    if !v.loot.is_empty() {
        s += "Loot on the ground (pick-up in a Free step, no enemy adjacent):\n";
        for l in &v.loot {
            s += &format!("  pile {}: {} gold {}\n", l.pile, l.gold, l.place);
        }
    }
    s += &format!(
        "Odds ({}): difference, then success (Pass or Amaze) and hit, Skyhawks | Psiclones\n",
        v.odds.over.label()
    );
    let row = |r: &OddsRow| format!("{} {}", percent(r.success), percent(r.hit));
    for (a, b) in v.odds.skyhawks.iter().zip(&v.odds.psiclones) {
        s += &format!("  {:>+3}  {} | {}\n", a.difference, row(a), row(b));
    }
    s += &format!(
        "Glory if it ended now: Skyhawks {}, Psiclones {}\n",
        v.glory[0], v.glory[1]
    );
    s
}
