//! `tablemate plays`, `tablemate plays export --csv FILE` and `tablemate stats`: the record of
//! plays and its statistics, headless (docs/plays.md). Both read `plays.json` brought up to
//! date with the saves (`Store::plays`); notes about the record go to standard error.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde_json::json;

use super::Output;
use crate::doc::Kind;
use crate::plays::{Play, bg_stats, duration, stats};
use crate::store::Store;

#[derive(Debug, Subcommand)]
pub enum PlaysCommand {
    /// Write every play (or only --game's) as CSV, one row per player of each play.
    Export {
        #[arg(long, value_name = "FILE")]
        csv: PathBuf,
        #[arg(long)]
        game: Option<String>,
        /// Replace FILE if it exists.
        #[arg(long)]
        force: bool,
    },
}

/// The game named by `--game`, or the message listing the accepted names.
pub(super) fn game_filter(game: Option<&str>) -> Result<Option<Kind>, Output> {
    match game {
        None => Ok(None),
        Some(g) => Kind::parse(g).map(Some).ok_or_else(|| {
            Output::fail(format!(
                "tablemate: unknown game {g:?} (known: {})\n",
                Kind::slugs()
            ))
        }),
    }
}

fn record(root: &Path, game: Option<Kind>) -> Result<(Vec<Play>, String), Output> {
    let store = Store::open(root).map_err(Output::failed)?;
    let record = store.plays();
    let notes: String = record
        .notes
        .iter()
        .map(|n| format!("tablemate: {n}\n"))
        .collect();
    let plays = record
        .plays
        .into_iter()
        .filter(|p| game.is_none_or(|g| g == p.game))
        .collect();
    Ok((plays, notes))
}

fn with_notes(mut out: Output, notes: String) -> Output {
    out.stderr = notes + &out.stderr;
    out
}

/// One player as a list shows them: "Ana (Rin) 31, winner".
fn player_line(p: &crate::plays::Player) -> String {
    let mut s = p.name.clone();
    if !p.plays.is_empty() {
        let _ = write!(s, " ({})", p.plays);
    }
    if let Some(score) = p.score {
        let _ = write!(s, " {score}");
    }
    if p.winner {
        s += " ★";
    }
    s
}

/// `tablemate plays [--game G] [--json]`.
pub fn list(root: &Path, game: Option<&str>, json: bool) -> Output {
    let (plays, notes) = match game_filter(game).and_then(|g| record(root, g)) {
        Ok(r) => r,
        Err(o) => return o,
    };
    if json {
        let items: Vec<serde_json::Value> = plays
            .iter()
            .map(|p| {
                let mut v = serde_json::to_value(p).unwrap_or_default();
                v["bg_stats"] = json!(bg_stats::link(p, None));
                v
            })
            .collect();
        return with_notes(Output::json(&json!(items)), notes);
    }
    if plays.is_empty() {
        return with_notes(
            Output::ok("no plays yet: a game counts once it is finished\n"),
            notes,
        );
    }
    let mut s = String::new();
    for p in &plays {
        let local = p.start.with_timezone(&chrono::Local);
        let scenario = p
            .facts
            .scenario
            .as_deref()
            .or(p.facts.difficulty.as_deref())
            .map(|s| format!(" — {s}"))
            .unwrap_or_default();
        let players: Vec<String> = p.facts.players.iter().map(player_line).collect();
        let _ = writeln!(
            s,
            "{}  {:>8}  {}{scenario}: {}\n    {}  [{}]",
            local.format("%Y-%m-%d %H:%M"),
            duration(u64::from(p.minutes)),
            p.game.title(),
            p.facts.result,
            players.join(", "),
            p.id
        );
    }
    with_notes(Output::ok(s), notes)
}

/// A CSV cell: quoted when it must be, and a leading `= + - @` (a spreadsheet formula when
/// opened) made plain text with a `'` in front: names are typed by players.
fn cell(text: &str) -> String {
    let text = match text.chars().next() {
        Some('=' | '+' | '-' | '@') if text.parse::<f64>().is_err() => format!("'{text}"),
        _ => text.to_string(),
    };
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text
    }
}

/// The columns of `plays export --csv`, documented in docs/plays.md.
pub const CSV_COLUMNS: [&str; 15] = [
    "play",
    "date",
    "start",
    "end",
    "minutes",
    "game",
    "scenario",
    "difficulty",
    "player",
    "plays",
    "score",
    "winner",
    "result",
    "seed",
    "save",
];

/// The CSV text of `plays`: a header, then one row per player of each play.
pub fn csv(plays: &[Play]) -> String {
    let mut s = CSV_COLUMNS.join(",") + "\r\n";
    for p in plays {
        for who in &p.facts.players {
            let row = [
                p.id.clone(),
                p.date.to_string(),
                p.start.to_rfc3339(),
                p.end.to_rfc3339(),
                p.minutes.to_string(),
                p.game.title().to_string(),
                p.facts.scenario.clone().unwrap_or_default(),
                p.facts.difficulty.clone().unwrap_or_default(),
                who.name.clone(),
                who.plays.clone(),
                who.score.map(|s| s.to_string()).unwrap_or_default(),
                if who.winner { "yes" } else { "no" }.to_string(),
                p.facts.result.clone(),
                p.facts.seed.map(|s| s.to_string()).unwrap_or_default(),
                p.save.clone(),
            ];
            let cells: Vec<String> = row.iter().map(|c| cell(c)).collect();
            s += &cells.join(",");
            s += "\r\n";
        }
    }
    s
}

/// `tablemate plays export --csv FILE [--game G] [--force]`.
pub fn export(root: &Path, path: &Path, game: Option<&str>, force: bool) -> Output {
    let (plays, notes) = match game_filter(game).and_then(|g| record(root, g)) {
        Ok(r) => r,
        Err(o) => return o,
    };
    let out = match crate::store::write_file(path, csv(&plays).as_bytes(), force) {
        Ok(()) => Output::ok(format!(
            "wrote {} play(s) to {}\n",
            plays.len(),
            path.display()
        )),
        Err(e) => Output::failed(e),
    };
    with_notes(out, notes)
}

/// `tablemate stats [--game G] [--json]`.
pub fn stats(root: &Path, game: Option<&str>, json: bool) -> Output {
    let kind = match game_filter(game) {
        Ok(k) => k,
        Err(o) => return o,
    };
    let (plays, mut notes) = match record(root, kind) {
        Ok(r) => r,
        Err(o) => return o,
    };
    let wants_sim = plays.iter().any(|p| p.facts.furtherance.is_some());
    let rates = match wants_sim {
        true => match Store::open(root)
            .map_err(|e| e.to_string())
            .and_then(|s| s.simulated_rates().map_err(|e| e.to_string()))
        {
            Ok(r) => r,
            Err(e) => {
                notes += &format!("tablemate: the simulated players' rates are missing: {e}\n");
                Vec::new()
            }
        },
        false => Vec::new(),
    };
    let s = stats::compute(&plays, kind, &rates);
    if json {
        return with_notes(Output::json(&json!(s)), notes);
    }
    with_notes(Output::ok(text(&s)), notes)
}

fn percent(rate: f64) -> String {
    format!("{:.0}%", rate * 100.0)
}

/// The statistics as text: the same figures as `--json` and the window's Numbers table.
pub fn text(s: &stats::Stats) -> String {
    let mut o = String::new();
    if s.plays == 0 {
        return "no plays yet: a game counts once it is finished\n".into();
    }
    let _ = writeln!(o, "{} play(s), {} played", s.plays, duration(s.minutes));
    let _ = writeln!(o, "\nPer month:");
    for m in &s.per_month {
        let _ = writeln!(
            o,
            "  {}  {:>3} play(s)  {}",
            m.month,
            m.plays,
            duration(m.minutes)
        );
    }
    let _ = writeln!(o, "\nPer game:");
    for g in &s.per_game {
        let _ = writeln!(
            o,
            "  {:<24} {:>3} play(s)  {}",
            g.game.title(),
            g.plays,
            duration(g.minutes)
        );
    }
    let _ = writeln!(o, "\nPlayers:");
    for p in &s.players {
        let mut line = format!(
            "  {:<16} {:>3} play(s)  {:>3} win(s)  {:>4}",
            p.name,
            p.plays,
            p.wins,
            percent(p.win_rate)
        );
        if let Some(r) = &p.rival {
            let _ = write!(line, "  rival {} ({})", r.name, r.plays);
        }
        if let Some(n) = &p.nemesis {
            let _ = write!(line, "  nemesis {} ({} loss(es))", n.name, n.plays);
        }
        let _ = writeln!(o, "{line}");
    }
    if !s.difficulties.is_empty() {
        let _ = writeln!(o, "\nFurtherance per difficulty:");
        for d in &s.difficulties {
            let mut line = format!(
                "  {:<8} {:>3} play(s)  won {:>4}  rounds {:.1} on average, best {}",
                d.difficulty,
                d.plays,
                percent(d.win_rate),
                d.average_rounds,
                d.best_rounds
            );
            if let Some(sim) = &d.simulated {
                let _ = write!(
                    line,
                    "  | simulated {} player: won {} of {} ({})",
                    sim.player,
                    sim.wins,
                    sim.games,
                    percent(sim.win_rate)
                );
            }
            let _ = writeln!(o, "{line}");
        }
    }
    if !s.scenarios.is_empty() {
        let _ = writeln!(o, "\nPer map and board:");
        for sc in &s.scenarios {
            let wins: Vec<String> = sc
                .wins
                .iter()
                .map(|w| format!("{} {}", w.name, w.plays))
                .collect();
            let best = sc
                .best_score
                .map(|b| format!("  best {b}"))
                .unwrap_or_default();
            let _ = writeln!(
                o,
                "  {:<22} {:<14} {:>3} play(s)  wins: {}{best}",
                sc.game.title(),
                sc.scenario,
                sc.plays,
                wins.join(", ")
            );
        }
    }
    if let Some(g) = &s.glory {
        let margins: Vec<String> = g.margins.iter().map(u64::to_string).collect();
        let _ = writeln!(
            o,
            "\nWorldspanner glory margins: {} (average {:.1}, largest {}, closest {}, {} tie(s))",
            margins.join(", "),
            g.average,
            g.largest,
            g.closest,
            g.ties
        );
    }
    o
}

/// `tablemate recap ID [--out FILE] [--force]`: the session sheet, as HTML or (FILE ending in
/// `.pdf`) as a PDF printed by the system's headless Chromium.
pub fn recap(root: &Path, id: &str, out: Option<PathBuf>, force: bool) -> Output {
    let store = match crate::cli::open_store(root) {
        Ok(s) => s,
        Err(out) => return out,
    };
    let path = out.unwrap_or_else(|| PathBuf::from(format!("{id}-recap.html")));
    let sheet = match crate::print::session_sheet(&store, id) {
        Ok(s) => s,
        Err(e) => return Output::failed(e),
    };
    let pdf = crate::store::sheets::is_pdf(&path);
    let bytes = if pdf {
        match crate::print::pdf(&sheet.html) {
            Ok(b) => b,
            Err(e) => return Output::failed(e),
        }
    } else {
        sheet.html.into_bytes()
    };
    let code = sheet
        .code
        .map(|c| {
            format!(
                "; its restore code is {} (tablemate open CODE brings this state back)",
                crate::store::sheets::shown(&c)
            )
        })
        .unwrap_or_default();
    match crate::store::write_file(&path, &bytes, force) {
        Ok(()) => Output::ok(format!(
            "wrote {}: open it to print it{code}\n",
            path.display()
        )),
        Err(e) => Output::failed(e),
    }
}

/// `tablemate open CODE [--no-window]` without the window: puts back the state a session
/// sheet's restore code names, as Home's Restore code… does (the version it replaces kept as a
/// pinned backup), and names the save by its title and game.
pub fn open_code(root: &Path, code: &str) -> Output {
    let store = match Store::open(root) {
        Ok(s) => s,
        Err(e) => return Output::failed(e),
    };
    let r = match store.open_code(code) {
        Ok(r) => r,
        Err(e) => return Output::failed(e),
    };
    // The save as it now stands on disk: its title and game, as the sheet printed them.
    let listing = store.list().into_iter().find(|l| l.id == r.id);
    let title = listing
        .as_ref()
        .map(|l| l.title.trim())
        .filter(|t| !t.is_empty())
        .map(|t| format!("{t:?}"))
        .unwrap_or_else(|| format!("save {}", r.id));
    let game = listing
        .as_ref()
        .and_then(|l| l.kind())
        .map(|k| format!("{}, ", k.title()))
        .unwrap_or_default();
    let named = format!("{title} ({game}save {})", r.id);
    if r.unchanged {
        return Output::ok(format!(
            "{named} already is as on the sheet: nothing changed\n"
        ));
    }
    Output::ok(format!(
        "{named} is back as on the sheet{}\n",
        r.replaced
            .map(|b| format!(
                "; the version it replaced is kept as pinned backup {b} (tablemate restore {} {b})",
                r.id
            ))
            .unwrap_or_default()
    ))
}
