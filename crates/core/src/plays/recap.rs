//! The session sheet (docs/plays.md, "The session sheet"): one printable page per save at the
//! end of an evening: what changed tonight in the history's own labels, the sheets as they
//! stand, what comes next, the table's address for the phones and the restore code with its QR
//! code. Made from the save's data and what the store adds ([`Extras`]), as a self-contained
//! HTML page sized for one A4 page (no script, no outside file); the app writes it and the
//! system browser prints it.

use chrono::{DateTime, Utc};
use serde::Serialize;

use super::DeriveError;
use crate::doc::{GameDoc, Kind, Saved};
use crate::{army, furnace_duel, furtherance, near_and_far, worldspanner};

/// What the sheet says, section by section.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recap {
    pub game: Kind,
    pub title: String,
    pub summary: String,
    /// The day of the newest entry played (UTC), and that day's labels, oldest first.
    pub day: Option<DateTime<Utc>>,
    pub tonight: Vec<String>,
    pub sheets: Vec<String>,
    pub next: Vec<String>,
}

/// `recap` from the one list of games (games/list.rs).
macro_rules! recap_any {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        /// The recap of a save, from its data (the envelope's `data`, current version).
        pub fn recap(kind: Kind, title: &str, data: &str) -> Result<Recap, DeriveError> {
            match kind {
                $(Kind::$variant => of::<crate::$module::SaveData>(title, data),)+
            }
        }
    };
}
crate::for_each_game!(recap_any);

/// What a game puts on its sheet: the sheets as they stand and what comes next.
pub trait Recapped: GameDoc {
    fn sheets(&self) -> Vec<String>;
    fn next(&self) -> Vec<String>;
}

fn of<T: Recapped>(title: &str, data: &str) -> Result<Recap, DeriveError> {
    let saved: Saved<T> = serde_json::from_str(data).map_err(|e| DeriveError::Unreadable {
        kind: T::KIND,
        problem: e.to_string(),
    })?;
    let entries = saved.history.entries();
    let cursor = saved.history.cursor();
    let played = &entries[..=cursor.min(entries.len().saturating_sub(1))];
    let day = played.last().map(|e| e.at);
    let tonight = match day {
        Some(d) => played
            .iter()
            .filter(|e| e.at.date_naive() == d.date_naive())
            .map(|e| e.label.clone())
            .collect(),
        None => Vec::new(),
    };
    let state = saved.current();
    Ok(Recap {
        game: T::KIND,
        title: title.to_string(),
        summary: state.summary(),
        day,
        tonight,
        sheets: state.sheets(),
        next: state.next(),
    })
}

impl Recapped for furtherance::Game {
    fn sheets(&self) -> Vec<String> {
        let mut out = vec![format!(
            "Round {}; you have {} VP, {} gold, {} workers",
            self.round(),
            self.ledger().vp,
            self.ledger().gold,
            self.ledger().workers
        )];
        for seat in furtherance::Seat::ALL {
            let c = self.castle(*seat);
            out.push(format!(
                "{}: {} HP, {} hourglass counters, {} units",
                seat.castle_name(),
                c.hp,
                c.counters,
                self.units_of(*seat).count()
            ));
        }
        out
    }

    fn next(&self) -> Vec<String> {
        match self.outcome() {
            Some(o) => vec![format!("The game is over: {o:?}").to_lowercase()],
            None => vec![format!(
                "Round {}, {} to play",
                self.round(),
                match self.phase() {
                    furtherance::Phase::Player => "your turn",
                    furtherance::Phase::Enemy => "the enemies' turn",
                }
            )],
        }
    }
}

impl Recapped for worldspanner::Game {
    fn sheets(&self) -> Vec<String> {
        let glory = self.glory();
        worldspanner::TeamSide::BOTH
            .iter()
            .map(|t| {
                format!(
                    "{}: {} glory if it ended now, {} heroes",
                    t.name(),
                    glory.glory[t.index()],
                    self.team(*t).heroes.len()
                )
            })
            .collect()
    }

    fn next(&self) -> Vec<String> {
        vec![self.rounds.describe()]
    }
}

impl Recapped for near_and_far::Campaign {
    fn sheets(&self) -> Vec<String> {
        self.sheets
            .iter()
            .map(|s| match s.view(self.mode, self.card) {
                Ok(v) => format!(
                    "{} ({}): {} journey points, {} XP to spend, talents: {}",
                    v.character,
                    v.player,
                    v.journey_total,
                    v.xp_available,
                    if v.talents.is_empty() {
                        "none".to_string()
                    } else {
                        v.talents.join(", ")
                    }
                ),
                Err(e) => format!("{} ({}): {e}", s.character, s.player),
            })
            .collect()
    }

    fn next(&self) -> Vec<String> {
        if let Some(s) = self.sessions.iter().find(|s| !s.is_finished()) {
            return vec![format!(
                "Session {} on {} is still in play: {} quest tokens on the board",
                s.number,
                s.map,
                s.tokens_left().len()
            )];
        }
        match self.next_maps() {
            Ok(maps) => {
                let names: Vec<String> = maps.iter().map(|m| m.to_string()).collect();
                let players = self
                    .sheets
                    .iter()
                    .filter(|s| s.retired_after.is_none())
                    .count();
                vec![
                    format!("Next session: {}", names.join(" or ")),
                    format!(
                        "Setup: {} quest tokens for {players} players",
                        near_and_far::session::quest_tokens(players, self.variants.extra_stories)
                    ),
                ]
            }
            Err(e) => vec![e.to_string()],
        }
    }
}

impl Recapped for furnace_duel::Campaign {
    fn sheets(&self) -> Vec<String> {
        let outcomes = self.outcomes();
        furnace_duel::Seat::BOTH
            .iter()
            .map(|s| {
                let wins = outcomes.iter().flatten().filter(|o| o.winner == *s).count();
                format!("{}: {wins} board(s) won", self.name(*s))
            })
            .collect()
    }

    fn next(&self) -> Vec<String> {
        if self.is_finished() {
            return vec!["The campaign is over".into()];
        }
        let boards: Vec<String> = self
            .available_boards()
            .iter()
            .map(|b| {
                self.board(*b)
                    .map_or_else(|| b.as_str().to_string(), |x| x.name.clone())
            })
            .collect();
        match self.next_chooser() {
            Some(who) => vec![format!(
                "{} picks the next board from: {}",
                self.name(who),
                boards.join(", ")
            )],
            None => vec![format!("Game {} is in play", self.games.len())],
        }
    }
}

impl Recapped for army::ArmyGame {
    fn sheets(&self) -> Vec<String> {
        self.players.iter().map(|p| p.name.clone()).collect()
    }

    fn next(&self) -> Vec<String> {
        match self.phase {
            army::Phase::Building => vec!["The armies are still being written".into()],
            army::Phase::Playing { turn } => vec![format!(
                "{}'s turn",
                self.players.get(turn).map_or("?", |p| p.name.as_str())
            )],
            army::Phase::Over { .. } => vec!["The game is over".into()],
        }
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// What the app adds to a sheet beside the save's own data.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Extras {
    /// The short restore code, shown large, when a copy of this state was kept.
    pub code: Option<String>,
    /// How to open the code (or why there is none), one line each.
    pub restore: Vec<String>,
    /// The QR code printed beside the restore code: its width and its modules row by row
    /// (`true` dark).
    pub qr: Option<(usize, Vec<bool>)>,
    /// Where the phones find the table next time (or how to start sharing), one line each.
    pub phones: Vec<String>,
}

/// A QR code as an inline SVG (one path, a run of dark modules per segment), with a quiet
/// zone of four modules, `mm` millimetres wide.
pub fn qr_svg(width: usize, modules: &[bool], mm: u32) -> String {
    let quiet = 4;
    let side = width + 2 * quiet;
    let mut path = String::new();
    for y in 0..width {
        let mut x = 0;
        while x < width {
            if modules.get(y * width + x) == Some(&true) {
                let start = x;
                while x < width && modules.get(y * width + x) == Some(&true) {
                    x += 1;
                }
                path.push_str(&format!(
                    "M{} {}h{}v1h-{}z",
                    start + quiet,
                    y + quiet,
                    x - start,
                    x - start
                ));
            } else {
                x += 1;
            }
        }
    }
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
width=\"{mm}mm\" height=\"{mm}mm\" shape-rendering=\"crispEdges\" role=\"img\" \
aria-label=\"QR code\"><rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/>\
<path fill=\"#000\" d=\"{path}\"/></svg>"
    )
}

/// The sheet as a self-contained HTML page sized for one A4 page (print media): the save's
/// recap, then a closing box with the restore code, its QR code and the phones' address.
pub fn html(recap: &Recap, extras: &Extras) -> String {
    let list = |items: &[String]| -> String {
        if items.is_empty() {
            return "<p class=\"none\">Nothing yet.</p>".into();
        }
        let lis: String = items
            .iter()
            .map(|i| format!("<li>{}</li>", escape(i)))
            .collect();
        format!("<ul>{lis}</ul>")
    };
    let lines = |items: &[String]| -> String {
        items
            .iter()
            .map(|i| format!("<p>{}</p>", escape(i)))
            .collect()
    };
    // The newest labels first would read backwards: oldest first, and at most the last 40
    // (a long evening is cut at the front, saying how many came before), so the page stays
    // one page.
    let cut = recap.tonight.len().saturating_sub(40);
    let mut tonight = list(&recap.tonight[cut..]);
    if cut > 0 {
        tonight = format!("<p class=\"none\">{cut} earlier changes not shown.</p>{tonight}");
    }
    let day = recap
        .day
        .map(|d| d.format("%A %e %B %Y").to_string())
        .unwrap_or_default();
    let code = extras
        .code
        .as_ref()
        .map(|c| format!("<p class=\"code\" id=\"restore-code\">{}</p>", escape(c)))
        .unwrap_or_default();
    let qr = extras
        .qr
        .as_ref()
        .map(|(w, m)| format!("<div class=\"qr\">{}</div>", qr_svg(*w, m, 30)))
        .unwrap_or_default();
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
<title>{title} — session sheet</title><style>\
@page {{ size: A4; margin: 12mm; }}\
body {{ font: 10pt/1.3 sans-serif; color: #000; background: #fff; margin: 0 auto; \
max-width: 186mm; }}\
h1 {{ font-size: 15pt; margin: 0 0 1mm; }} h2 {{ font-size: 11.5pt; margin: 3mm 0 1mm; }}\
ul {{ margin: 0; padding-left: 5mm; columns: 2; column-gap: 8mm; }} li {{ break-inside: avoid; }}\
#sheets ul, #next ul {{ columns: 1; }}\
p {{ margin: 0; }} .none {{ color: #333; }}\
.foot {{ display: flex; gap: 6mm; align-items: flex-start; border-top: 1px solid #000; \
margin-top: 4mm; padding-top: 2mm; break-inside: avoid; }}\
.foot section {{ flex: 1; }} .qr svg {{ display: block; }}\
.code {{ font: bold 15pt monospace; letter-spacing: 1pt; margin: 1mm 0; }}\
</style></head><body>\
<h1>{title}</h1><p class=\"none\">{game}{summary} — {day}</p>\
<section id=\"tonight\"><h2>Tonight</h2>{tonight}</section>\
<section id=\"sheets\"><h2>The sheets as they stand</h2>{sheets}</section>\
<section id=\"next\"><h2>What comes next</h2>{next}</section>\
<div class=\"foot\"><section id=\"phones\"><h2>The table's address for the phones</h2>{phones}</section>\
<section id=\"restore\"><h2>Restore code</h2>{code}{restore}</section>{qr}</div>\
</body></html>\n",
        title = escape(if recap.title.is_empty() {
            recap.game.title()
        } else {
            &recap.title
        }),
        // The summary often starts with the game's name already.
        game = if recap.summary.starts_with(recap.game.title()) {
            String::new()
        } else {
            format!("{} — ", escape(recap.game.title()))
        },
        summary = escape(&recap.summary),
        day = escape(&day),
        sheets = list(&recap.sheets),
        next = list(&recap.next),
        phones = lines(&extras.phones),
        restore = lines(&extras.restore),
    )
}
