//! `tablemate army ...`: the army sheets without a window. `validate` checks an army-list file
//! against the follower table in use; `followers` prints the table; `show` prints a saved army
//! game. JSON shapes are documented in docs/army.md.

use std::path::{Path, PathBuf};

use clap::Subcommand;
use serde_json::{Value, json};

use super::Output;
use crate::army::{ArmyGame, FOLLOWERS_PATH, FollowerTable, Phase, check_list};
use crate::doc::Saved;

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check an army-list file: one General, within 10 Follower Points, known follower types.
    Validate {
        file: PathBuf,
        #[arg(long)]
        json: bool,
    },
    /// Print the follower table in use (user replacement first, else bundled).
    Followers {
        #[arg(long)]
        json: bool,
    },
    /// Start a game between two or four Generals (each writes an army next); prints its id.
    New {
        /// A General's name, in seat order: two or four times.
        #[arg(long = "player", required = true)]
        players: Vec<String>,
        /// Title of the save (default "Ann vs Bob").
        #[arg(long)]
        title: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Show saved army game ID: every player's sheet (hidden armies stay hidden).
    Show {
        id: String,
        #[arg(long)]
        json: bool,
    },
}

pub fn execute(command: Command, root: &Path) -> Output {
    match command {
        Command::Validate { file, json } => validate(root, &file, json),
        Command::Followers { json } => followers(root, json),
        Command::New {
            players,
            title,
            json,
        } => new(root, players, title, json),
        Command::Show { id, json } => show(root, &id, json),
    }
}

/// `army new`: the window's setup (src/gui/army/mod.rs `start`) without a window: the same
/// `ArmyGame::new`, the same default title and first history entry.
fn new(root: &Path, players: Vec<String>, title: Option<String>, json: bool) -> Output {
    let table = match load_table(root) {
        Ok(t) => t,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    let game = match ArmyGame::new(players, table) {
        Ok(g) => g,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    let title = match title.as_deref().map(str::trim) {
        Some(t) if !t.is_empty() => t.to_string(),
        _ => game
            .players
            .iter()
            .map(|p| p.name.as_str())
            .collect::<Vec<_>>()
            .join(" vs "),
    };
    let store = match crate::cli::open_store(root) {
        Ok(s) => s,
        Err(out) => return out,
    };
    let id = store.new_id(crate::doc::Kind::Army);
    let saved = Saved::new(title, "New army game: armies to write", game);
    if let Err(e) = store.save(&id, &saved) {
        return Output::fail(format!("tablemate: {e}\n"));
    }
    if json {
        return Output::json(&json!({ "id": id, "title": saved.title, "summary": saved.summary() }));
    }
    Output::ok(format!("created {id}: {}\n", saved.summary()))
}

/// Reads the follower table in use (the user's copy in the data folder wins).
pub fn load_table(root: &Path) -> Result<FollowerTable, crate::datafile::DataFileError> {
    crate::store::load_data(Some(root), FOLLOWERS_PATH, FollowerTable::parse)
}

fn validate(root: &Path, file: &Path, json: bool) -> Output {
    let table = match load_table(root) {
        Ok(t) => t,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    let text = crate::store::read_bounded(file)
        .map_err(|e| e.to_string())
        .and_then(|bytes| {
            String::from_utf8(bytes).map_err(|e| format!("{}: not UTF-8 text: {e}", file.display()))
        });
    let report =
        text.and_then(|t| check_list(&t, &table).map_err(|e| format!("{}: {e}", file.display())));
    match (report, json) {
        (Ok(r), true) => {
            let mut out = Output::json(&json!({
                "file": file.display().to_string(),
                "ok": r.ok,
                "name": r.name,
                "followers": r.followers.iter().map(|k| {
                    let s = table.stats(*k);
                    json!({ "kind": k, "name": s.name, "cost": s.cost, "movement": s.movement,
                            "damage": s.damage, "health": s.health })
                }).collect::<Vec<_>>(),
                "budget": r.budget,
                "spent": r.spent,
                "remaining": r.remaining,
                "problems": r.problems,
                "warnings": r.warnings,
            }));
            out.code = u8::from(!r.ok);
            out
        }
        (Ok(r), false) => {
            let mut s = format!(
                "{}: {} — {} of {} Follower Points spent, {} left\n",
                file.display(),
                if r.ok {
                    "a playable army"
                } else {
                    "NOT playable"
                },
                r.spent,
                r.budget,
                r.remaining
            );
            for k in &r.followers {
                let f = table.stats(*k);
                s += &format!(
                    "  {:<10} cost {}  move {}  damage {}  health {}\n",
                    f.name, f.cost, f.movement, f.damage, f.health
                );
            }
            for p in &r.problems {
                s += &format!("problem: {p}\n");
            }
            for w in &r.warnings {
                s += &format!("note: {w}\n");
            }
            Output {
                stdout: s,
                stderr: String::new(),
                code: u8::from(!r.ok),
            }
        }
        (Err(e), true) => {
            let mut out = Output::json(&json!({
                "file": file.display().to_string(), "ok": false, "error": e,
            }));
            out.code = 1;
            out
        }
        (Err(e), false) => Output::fail(format!("tablemate: {e}\n")),
    }
}

fn followers(root: &Path, json: bool) -> Output {
    let table = match load_table(root) {
        Ok(t) => t,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    if json {
        return Output::json(&serde_json::to_value(table.all()).unwrap_or(Value::Null));
    }
    let mut s = format!(
        "{:<10} {:>4} {:>8} {:>6} {:>6}\n",
        "follower", "cost", "movement", "damage", "health"
    );
    for f in table.all() {
        s += &format!(
            "{:<10} {:>4} {:>8} {:>6} {:>6}\n",
            f.name, f.cost, f.movement, f.damage, f.health
        );
    }
    Output::ok(s)
}

fn show(root: &Path, id: &str, json: bool) -> Output {
    let (_, saved) = match crate::cli::open_save::<ArmyGame>(root, id) {
        Ok(v) => v,
        Err(out) => return out,
    };
    let g = saved.current();
    if json {
        return Output::json(&show_json(id, &saved));
    }
    let mut s = format!("{}\n{}\n", crate::doc::elide(&saved.title, crate::cli::LIST_TITLE_CHARS), saved.summary());
    for (i, p) in g.players.iter().enumerate() {
        s += &format!(
            "\n{}{}\n",
            p.name,
            if g.turn() == Some(i) {
                " (to play)"
            } else {
                ""
            }
        );
        match g.visible_army(i) {
            None => s += "  army hidden\n",
            Some(army) if p.followers.is_empty() => {
                s += &format!(
                    "  {} recruits, {} Follower Points left\n",
                    army.recruits.len(),
                    army.remaining(&g.table)
                );
                for k in &army.recruits {
                    s += &format!("  - {k}\n");
                }
            }
            Some(_) => {
                for f in &p.followers {
                    s += &format!(
                        "  {:<12} move {} damage {} health {}/{}  promotions {}/{}{}\n",
                        f.label,
                        f.movement,
                        f.damage,
                        f.health,
                        f.max_health,
                        f.promotions_spent.len(),
                        f.promotions_earned,
                        if f.killed { "  KILLED" } else { "" }
                    );
                }
            }
        }
    }
    Output::ok(s)
}

/// The stable JSON of `army show --json` (documented in docs/army.md).
pub fn show_json(id: &str, saved: &Saved<ArmyGame>) -> Value {
    let g = saved.current();
    let phase = match g.phase {
        Phase::Building => json!({ "phase": "building" }),
        Phase::Playing { turn } => json!({ "phase": "playing", "turn": turn }),
        Phase::Over { winner } => json!({ "phase": "over", "winner": winner }),
    };
    let players: Vec<Value> = g
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let army = g.visible_army(i).map(|a| {
                json!({
                    "recruits": a.recruits,
                    "spent": a.spent(&g.table),
                    "remaining": a.remaining(&g.table),
                    "problems": a.problems(&g.table),
                    "warnings": a.warnings(&g.table),
                })
            });
            json!({
                "name": p.name,
                "hidden": army.is_none(),
                "army": army,
                "stands": p.stands(),
                "followers": p.followers.iter().map(|f| json!({
                    "kind": f.kind,
                    "label": f.label,
                    "movement": f.movement,
                    "damage": f.damage,
                    "max_health": f.max_health,
                    "health": f.health,
                    "promotions_earned": f.promotions_earned,
                    "promotions_spent": f.promotions_spent,
                    "promotions_pending": f.promotions_pending(),
                    "promotions_lapsed": f.promotions_lapsed,
                    "resource_cards": f.resource_cards,
                    "killed": f.killed,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "id": id,
        "title": saved.title,
        "summary": saved.summary(),
        "phase": phase,
        "players": players,
    })
}
