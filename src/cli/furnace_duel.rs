//! `tablemate furnace-duel ...`: the Furnace Duel campaign pad without a window. `show` prints
//! a saved campaign (the pad's table, reminders, what comes next); `new` starts one; `boards`
//! lists the board data in use. JSON shapes are documented in docs/furnace-duel.md.

use std::path::Path;

use clap::Subcommand;
use serde_json::{Value, json};

use super::Output;
use crate::doc::Saved;
use crate::furnace_duel::{
    BOARDS_PATH, Boards, Campaign, CampaignOutcome, GeneralAchievement, Seat, Settings,
};

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Show saved campaign ID: the scoring pad, reminders and the next step.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
        /// After the text, print the rules digest entry each setup reminder cites.
        #[arg(long)]
        rules: bool,
    },
    /// Start a campaign between players A and B (first game on Britain); prints its id.
    New {
        a: String,
        b: String,
        /// Playing with the Capitalist cards variant.
        #[arg(long)]
        capitalist: bool,
        /// Title of the save (default "A vs B").
        #[arg(long)]
        title: Option<String>,
    },
    /// List the boards' campaign data (user replacement first, else bundled).
    Boards {
        #[arg(long)]
        json: bool,
    },
}

pub fn execute(command: Command, root: &Path) -> Output {
    match command {
        Command::Show { id, json, rules } => show(root, &id, json, rules),
        Command::New {
            a,
            b,
            capitalist,
            title,
        } => new(root, [a, b], capitalist, title),
        Command::Boards { json } => boards(root, json),
    }
}

/// Reads the boards file in use (the user's copy in the data folder wins).
pub fn load_boards(root: &Path) -> Result<Boards, crate::datafile::DataFileError> {
    crate::store::load_data(Some(root), BOARDS_PATH, Boards::parse)
}

fn seat(s: Seat) -> &'static str {
    match s {
        Seat::A => "a",
        Seat::B => "b",
    }
}

fn new(root: &Path, players: [String; 2], capitalist: bool, title: Option<String>) -> Output {
    let boards = match load_boards(root) {
        Ok(b) => b,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    let settings = Settings {
        capitalist_cards: capitalist,
        ..Settings::default()
    };
    let campaign = match Campaign::new(players, boards, settings) {
        Ok(c) => c,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    let title =
        title.unwrap_or_else(|| format!("{} vs {}", campaign.players[0], campaign.players[1]));
    let store = match crate::cli::open_store(root) {
        Ok(s) => s,
        Err(out) => return out,
    };
    let id = store.new_id(crate::doc::Kind::FurnaceDuel);
    let saved = Saved::new(title, "New campaign: game 1 on Britain", campaign);
    match store.save(&id, &saved) {
        Ok(()) => Output::ok(format!("{id}\n")),
        Err(e) => Output::fail(format!("tablemate: {e}\n")),
    }
}

fn boards(root: &Path, json: bool) -> Output {
    let boards = match load_boards(root) {
        Ok(b) => b,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    if json {
        return Output::json(&serde_json::to_value(boards.all()).unwrap_or(Value::Null));
    }
    let mut s = String::new();
    for b in boards.all() {
        s += &format!(
            "{} ({}): winner {} Campaign Points\n",
            b.name, b.id, b.winner_points
        );
        match &b.special_achievement {
            Some(a) => {
                s += &format!(
                    "  special achievement ({} points): {}\n",
                    a.points, a.summary
                )
            }
            None => s += "  no special achievement\n",
        }
        s += &format!(
            "  runner-up: {}: {}\n",
            b.runner_up_bonus.name, b.runner_up_bonus.summary
        );
    }
    Output::ok(s)
}

fn show(root: &Path, id: &str, json: bool, rules: bool) -> Output {
    let (_, saved) = match crate::cli::open_save::<Campaign>(root, id) {
        Ok(v) => v,
        Err(out) => return out,
    };
    if json {
        return Output::json(&show_json(id, &saved));
    }
    let mut s = show_text(&saved);
    if rules {
        let c = saved.current();
        let cited: Vec<_> = c
            .setup_reminders(c.current_index())
            .iter()
            .filter_map(|r| r.rule)
            .collect();
        s += &crate::cli::cite::entries(root, &cited);
    }
    Output::ok(s)
}

/// The stable JSON of `show --json` (documented field by field in docs/furnace-duel.md).
pub fn show_json(id: &str, saved: &Saved<Campaign>) -> Value {
    let c = saved.current();
    let sheet = c.sheet();
    let games: Vec<Value> = c
        .games
        .iter()
        .enumerate()
        .zip(&sheet.rows)
        .map(|((i, g), row)| {
            let outcome = c.outcome(i);
            let special = c
                .board(g.board)
                .and_then(|b| b.special_achievement.as_ref());
            json!({
                "game": i + 1,
                "board": g.board,
                "board_name": row.board_name,
                "chosen_by": g.chosen_by.map(seat),
                "last": row.last,
                "result": g.result,
                "tech_token_values": c.tech_values(i),
                "money": outcome.map(|o| o.money),
                "winner": outcome.map(|o| seat(o.winner)),
                "decided_by": outcome.map(|o| o.decided_by),
                "gap": outcome.map(|o| o.gap),
                "board_achievement": special.map(|a| json!({
                    "summary": a.summary,
                    "points": a.points,
                    "claimed_by": g.board_achievement.map(seat),
                })),
                "general_achievements": g.general_achievements.iter().map(|cl| json!({
                    "seat": seat(cl.seat),
                    "achievement": cl.achievement.as_str(),
                    "title": cl.achievement.title(),
                })).collect::<Vec<_>>(),
                "bonuses_in_effect": c.bonuses_in(i),
                "bonuses_used": g.bonuses_used.iter().map(|u| json!({
                    "seat": seat(u.seat), "from_board": u.from_board,
                })).collect::<Vec<_>>(),
                "runner_up_note": g.runner_up_note,
                "capitalist_first_chooser": c.capitalist_first_chooser(i).map(seat),
                "setup_reminders": c.setup_reminders(i).iter().map(|r| r.text.as_str()).collect::<Vec<_>>(),
                "setup_reminder_rules": crate::rules::Reminder::rules(&c.setup_reminders(i)),
                "points": {
                    "winner_points": row.winner_points,
                    "board_achievement": row.board_achievement,
                    "general_achievements": row.general_achievements,
                    "campaign_points": row.campaign_points,
                    "final_score": row.final_score,
                },
            })
        })
        .collect();
    let left = |s: Seat| -> Vec<&'static str> {
        GeneralAchievement::ALL
            .iter()
            .copied()
            .filter(|a| c.general_scored(s, *a).is_none())
            .map(|a| a.as_str())
            .collect()
    };
    let next = c
        .next_chooser()
        .map(|s| json!({ "chooser": seat(s), "available_boards": c.available_boards() }));
    let outcome = sheet.outcome.map(|o| match o {
        CampaignOutcome::Winner {
            seat: s,
            by_campaign_points,
        } => {
            json!({ "result": "winner", "seat": seat(s), "by_campaign_points": by_campaign_points })
        }
        CampaignOutcome::Tie => json!({ "result": "tie" }),
    });
    json!({
        "id": id,
        "title": saved.title,
        "summary": saved.summary(),
        "players": c.players,
        "settings": c.settings,
        "games": games,
        "campaign_points": sheet.campaign_points,
        "final_scores": sheet.final_scores,
        "totals": sheet.totals,
        "general_achievements_left": { "a": left(Seat::A), "b": left(Seat::B) },
        "next": next,
        "outcome": outcome,
    })
}

fn cell(v: u32) -> String {
    if v == 0 { "-".into() } else { v.to_string() }
}

/// The pad as plain text: one line per game, then totals.
pub fn show_text(saved: &Saved<Campaign>) -> String {
    let c = saved.current();
    let sheet = c.sheet();
    let [a, b] = &c.players;
    let mut s = format!("{}\n{}\n\n", crate::doc::elide(&saved.title, crate::cli::LIST_TITLE_CHARS), saved.summary());
    s += &format!("{:<3} {:<26} {:>18} {:>18}\n", "#", "board", a, b);
    for row in &sheet.rows {
        let col = |k: usize| -> String {
            if let Some(f) = row.final_score[k] {
                let extra = row.campaign_points[k];
                if extra > 0 {
                    format!("final {f} +{extra}")
                } else {
                    format!("final {f}")
                }
            } else {
                format!(
                    "{} / {} / {}",
                    cell(row.winner_points[k]),
                    cell(row.board_achievement[k]),
                    cell(row.general_achievements[k])
                )
            }
        };
        let mark = match row.winner {
            Some(w) => format!(" (won by {})", c.name(w)),
            None => " (in play)".into(),
        };
        s += &format!(
            "{:<3} {:<26} {:>18} {:>18}{mark}\n",
            row.game,
            row.board_name,
            col(0),
            col(1)
        );
    }
    s += &format!(
        "{:<3} {:<26} {:>18} {:>18}\n",
        "", "total", sheet.totals[0], sheet.totals[1]
    );
    s += "(columns per game: winner / board achievement / general achievements)\n";
    match sheet.outcome {
        Some(CampaignOutcome::Winner {
            seat: w,
            by_campaign_points,
        }) => {
            s += &format!(
                "\n{} wins the campaign{}\n",
                c.name(w),
                if by_campaign_points {
                    " on more Campaign Points (tied total)"
                } else {
                    ""
                }
            )
        }
        Some(CampaignOutcome::Tie) => s += "\nThe campaign is a tie.\n",
        None => {
            if let Some(chooser) = c.next_chooser() {
                let names: Vec<String> = c
                    .available_boards()
                    .into_iter()
                    .map(|id| {
                        c.board(id)
                            .map_or_else(|| id.to_string(), |b| b.name.clone())
                    })
                    .collect();
                s += &format!(
                    "\nNext: {} picks the next board from {}\n",
                    c.name(chooser),
                    names.join(", ")
                );
            }
            let reminders = c.setup_reminders(c.current_index());
            if !reminders.is_empty() {
                s += "\nSetup reminders for this game:\n";
                for r in reminders {
                    s += &format!("  - {r}\n");
                }
            }
        }
    }
    s
}
