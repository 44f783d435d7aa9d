//! `near-and-far score`, `sheet` and `chart`: game-end scoring (optionally written into a
//! campaign) and the character sheet and journey-points numbers of a saved campaign.

use std::path::Path;

use serde_json::json;

use super::{fail, load_facts, open_campaign};
use crate::cli::Output;
use crate::near_and_far::Mode;
use crate::near_and_far::campaign::Action;
use crate::near_and_far::chart::journey_chart;
use crate::near_and_far::scoring::ScoreInput;

pub(super) fn score(
    root: &Path,
    input: &Path,
    campaign: Option<&str>,
    date: chrono::NaiveDate,
    json: bool,
) -> Output {
    let text = match crate::store::read_text(input) {
        Ok(t) => t,
        Err(e) => return fail(e),
    };
    let value: serde_json::Value = match serde_json::from_str(&text) {
        Ok(v) => v,
        Err(e) => return fail(format!("{}: {}", input.display(), crate::datafile::at(&text, &e))),
    };
    let mut notices = Vec::new();
    let mut opened = None;
    if let Some(id) = campaign {
        let (store, saved) = match open_campaign(root, id) {
            Ok(x) => x,
            Err(o) => return o,
        };
        opened = Some((store, saved, id));
    }
    let sheet: ScoreInput = match serde_json::from_value(value) {
        Ok(s) => s,
        Err(e) => return fail(format!("{}: {e}", input.display())),
    };
    let mut lost = false;
    let result = match &mut opened {
        Some((store, saved, id)) => {
            // What the sheet leaves out (town side, Long Game, talents, threat cards, full
            // card) comes from the campaign's records; what it says must agree with them.
            let result = match saved.current().score_sheet(sheet.clone()) {
                Ok(r) => r,
                Err(e) => return fail(format!("{}: {e}", input.display())),
            };
            match saved.act(Action::FinishSession {
                scores: sheet,
                date,
            }) {
                Ok(acted) => {
                    lost = saved
                        .current()
                        .sessions
                        .last()
                        .and_then(|s| s.result.as_ref())
                        .is_some_and(|r| r.lost_last_ruin());
                    // The action reports the score lines first, then what it wrote.
                    let shown = result.text_lines(lost).len();
                    notices = acted.lines.into_iter().skip(shown).collect();
                }
                Err(e) => return fail(format!("{}: {e}", input.display())),
            }
            if let Err(e) = store.save(id, saved) {
                return fail(e);
            }
            result
        }
        None => match sheet.score(load_facts(root).ok().as_ref()) {
            Ok(r) => r,
            Err(e) => return fail(format!("{}: {e}", input.display())),
        },
    };
    if json {
        let mut v = serde_json::to_value(&result).unwrap_or_default();
        if lost {
            // A boss left standing on Map 11: every player lost (p. 39).
            v["winners"] = json!([]);
            v["tie_break"] = json!(null);
        }
        v["lost"] = json!(lost);
        v["recorded_in"] = json!(campaign);
        v["notices"] = json!(notices);
        return Output::json(&v);
    }
    let mut s = String::new();
    for l in result.text_lines(lost) {
        s += &format!("{l}\n");
    }
    for n in notices {
        s += &format!("{n}\n");
    }
    Output::ok(s)
}

pub(super) fn sheet(root: &Path, id: &str, character: &str, json: bool) -> Output {
    let (_, saved) = match open_campaign(root, id) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let c = saved.current();
    let view = match c.view(character) {
        Ok(v) => v,
        Err(e) => return fail(e),
    };
    let ledger = c
        .sheet(character)
        .map(|s| s.ledger.clone())
        .unwrap_or_default();
    if json {
        let mut v = serde_json::to_value(&view).unwrap_or_default();
        v["ledger"] = serde_json::to_value(&ledger).unwrap_or_default();
        return Output::json(&v);
    }
    let mut s = format!(
        "{} ({}), {}\n",
        view.character,
        view.player,
        view.mode.title()
    );
    if view.mode == Mode::Campaign {
        s += &format!(
            "Encounter boxes: {} of {}\n",
            view.boxes_filled, view.boxes_total
        );
    } else {
        s += &format!(
            "Character quests read: {}; next: {}\n",
            view.character_quests_read,
            view.next_quest
                .as_ref()
                .map(|q| q.to_string())
                .unwrap_or("?".into())
        );
    }
    s += &format!(
        "Experience: {} earned, {} spent, {} available\n",
        view.xp_earned, view.xp_spent, view.xp_available
    );
    for l in &view.xp_lines {
        s += &format!("  {}  {:+}  {}\n", l.date, l.delta, l.what);
    }
    s += &format!("Talents: {}\n", view.talents.join(", "));
    let kws: Vec<&str> = view.keywords.iter().map(|k| k.as_str()).collect();
    s += &format!("Keywords: {}\n", kws.join(", "));
    for q in &view.side_quests {
        s += &format!("Side quest {}: {}\n", q.code, q.state.label());
    }
    for j in &view.journey {
        s += &format!(
            "Session {} ({}): {}\n",
            j.session,
            j.map,
            crate::near_and_far::scoring::points(j.points)
        );
    }
    s += &format!("Journey total: {}\n", view.journey_total);
    Output::ok(s)
}

pub(super) fn chart(root: &Path, id: &str, json: bool) -> Output {
    let (_, saved) = match open_campaign(root, id) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let chart = journey_chart(saved.current());
    if json {
        return Output::json(&serde_json::to_value(&chart).unwrap_or_default());
    }
    let mut s = String::new();
    for series in &chart.series {
        let pts: Vec<String> = series
            .points
            .iter()
            .map(|p| p.map(|p| p.to_string()).unwrap_or("-".into()))
            .collect();
        s += &format!(
            "{:<12} {}  total {}\n",
            series.character,
            pts.join(" "),
            series.total
        );
    }
    Output::ok(s)
}

/// `near-and-far session`: the session in play, or between sessions the maps allowed next.
pub(super) fn session(root: &Path, id: &str, json: bool, rules: bool) -> Output {
    let (_, saved) = match open_campaign(root, id) {
        Ok(x) => x,
        Err(o) => return o,
    };
    let c = saved.current();
    let Some(s) = c.session_in_play() else {
        let next = c.next_maps();
        if json {
            return Output::json(&json!({
                "id": id,
                "in_play": false,
                "next_maps": next.as_ref().map(|m| m.iter().map(|m| m.get()).collect::<Vec<u8>>()).unwrap_or_default(),
                "why_none": next.as_ref().err().map(|e| e.to_string()),
            }));
        }
        return Output::ok(match next {
            Ok(maps) => {
                let list: Vec<String> = maps.iter().map(|m| m.to_string()).collect();
                format!("No session is being played. Next: {}.\n", list.join(" or "))
            }
            Err(e) => format!("No session is being played: {e}.\n"),
        });
    };
    if json {
        let mut v = serde_json::to_value(&s).unwrap_or_default();
        v["id"] = json!(id);
        v["in_play"] = json!(true);
        v["setup_rules"] = json!(crate::rules::Reminder::rules(&s.setup));
        return Output::json(&v);
    }
    let mut out = format!(
        "Session {} on {}{}, begun {}; {} town\n",
        s.number,
        s.map,
        s.map_name.as_ref().map(|n| format!(" {n}")).unwrap_or_default(),
        s.date,
        match s.town {
            crate::near_and_far::scoring::Town::Dusk => "Dusk",
            crate::near_and_far::scoring::Town::Day => "Day",
        }
    );
    let seats: Vec<String> = s
        .at_table
        .iter()
        .map(|a| format!("{} ({})", a.character, a.player))
        .collect();
    out += &format!("At the table: {}\n", seats.join(", "));
    let t = &s.tokens;
    out += &match (t.drawn.is_empty(), t.left.is_empty()) {
        (true, _) => format!(
            "Quest tokens: {} of {} left (placed by hand)\n",
            t.left_count, t.placed
        ),
        (false, true) => format!("Quest tokens: none of {} left\n", t.placed),
        (false, false) => {
            let left: Vec<String> = t.left.iter().map(|c| c.to_string()).collect();
            format!(
                "Quest tokens: {} of {} left, on {}\n",
                t.left_count,
                t.placed,
                left.join(", ")
            )
        }
    };
    for u in &t.used {
        out += &format!("  used: {} by {}\n", u.space, u.by);
    }
    out += &match &s.active_threat {
        Some(a) => format!(
            "Active threat: {}; {} in the deck\n",
            a.describe(),
            crate::words::count(s.threats_left as u64, "card", "cards")
        ),
        None => "Active threat: none, every threat card is taken\n".to_string(),
    };
    for d in &s.threats_taken {
        out += &format!("  taken: {} by {}\n", d.card.describe(), d.by);
    }
    if let Some(b) = &s.bosses {
        out += &format!(
            "Bosses standing: {}\n",
            if b.standing.is_empty() {
                "none".to_string()
            } else {
                b.standing.join(", ")
            }
        );
        for d in &b.defeated {
            out += &format!("  defeated: {} by {}\n", d.card, d.by);
        }
    }
    if !s.setup.is_empty() {
        out += "Setup:\n";
        for r in &s.setup {
            out += &format!("  {r}\n");
        }
    }
    out += &format!("Game end: {}\n", s.game_end.rule);
    if s.counted.result.is_some() {
        out += "Score sheet so far:\n";
        for l in s.counted.text_lines() {
            out += &format!("  {l}\n");
        }
    }
    if rules {
        let cited: Vec<_> = s.setup.iter().filter_map(|r| r.rule).collect();
        out += &crate::cli::cite::entries(root, &cited);
    }
    Output::ok(out)
}
