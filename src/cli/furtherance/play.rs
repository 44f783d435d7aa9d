//! Playing from the command line: the text board (one tag per unit type), `show` with the
//! units' ids and HP and a waiting question numbered, and `end-turn`, `next` and `answer`,
//! which go on one enemy step at a time or on to the next question (docs/furtherance.md).

use std::fmt::Write as _;
use std::path::Path;

use super::super::Output;
use super::why_text;
use crate::furtherance::square::Dir;
use crate::furtherance::{Action, Catalog, Game, Seat, Square};

/// The board as text: one cell per square, walls as `|` and `=`.
pub fn render(game: &Game) -> String {
    let board = game.board();
    let tags = tags(game.catalog());
    let mut s = String::new();
    for y in (-3..=3).rev() {
        let _ = write!(s, "{} ", y + 4);
        for x in -3..=3 {
            let Some(sq) = Square::new(x, y) else {
                continue;
            };
            let cell = if !board.is_square(sq) {
                "  .  ".to_string()
            } else if let Some(u) = game.unit_at(sq) {
                let tag = match u.owner {
                    Seat::Player => 'P',
                    Seat::Left => 'L',
                    Seat::Across => 'A',
                    Seat::Right => 'R',
                };
                let name = tags.get(usize::from(u.kind.0)).map_or("??", String::as_str);
                format!(
                    "{tag}{name}{}{}",
                    u.damage.min(9),
                    if u.new { '*' } else { ' ' }
                )
            } else if let Some(c) = board.castle_of(sq) {
                let initial = c.as_str().chars().next().unwrap_or('?');
                format!(" [{}] ", initial.to_ascii_uppercase())
            } else {
                "  ·  ".to_string()
            };
            s.push_str(&format!("{cell:<5}"));
            let east_wall = sq.step(Dir::East).is_some()
                && (board.wall(sq, Dir::East) || board.player_wall(sq, Dir::East));
            s.push(if east_wall { '|' } else { ' ' });
        }
        s.push('\n');
        // Walls to the south of this row.
        if y > -3 {
            s.push_str("  ");
            for x in -3..=3 {
                let Some(sq) = Square::new(x, y) else {
                    continue;
                };
                let wall = board.wall(sq, Dir::South) || board.player_wall(sq, Dir::South);
                s.push_str(if wall { "===== " } else { "      " });
            }
            s.push('\n');
        }
    }
    s.push_str("    a     b     c     d     e     f     g\n");
    s
}

/// A two-letter tag per unit type for the text board, index for index with the units file,
/// no two alike: the first two letters of its name (without "Sample"), else its first letter
/// and a later one, else its first letter and a digit.
pub fn tags(catalog: &Catalog) -> Vec<String> {
    let mut taken: Vec<String> = Vec::new();
    for id in catalog.ids() {
        let name = &catalog.kind(id).name;
        let letters: Vec<char> = name
            .split_whitespace()
            .filter(|w| *w != "Sample")
            .flat_map(str::chars)
            .filter(|c| c.is_alphanumeric())
            .collect();
        let first = letters.first().map_or('?', |c| c.to_ascii_uppercase());
        let later = letters
            .iter()
            .skip(1)
            .map(|c| c.to_ascii_lowercase())
            .chain('0'..='9')
            .chain('a'..='z');
        let tag = later
            .map(|c| format!("{first}{c}"))
            .find(|t| !taken.contains(t))
            .unwrap_or_else(|| format!("{:02}", taken.len() % 100));
        taken.push(tag);
    }
    taken
}

/// The units on the board, one line each: id, board tag, square, name and HP left.
fn unit_lines(game: &Game) -> String {
    let tags = tags(game.catalog());
    let mut s = String::new();
    let mut units: Vec<_> = game.units().iter().collect();
    units.sort_by_key(|u| (u.owner.index(), u.id));
    for u in units {
        let owner = match u.owner {
            Seat::Player => 'P',
            Seat::Left => 'L',
            Seat::Across => 'A',
            Seat::Right => 'R',
        };
        let tag = tags.get(usize::from(u.kind.0)).map_or("??", String::as_str);
        let _ = writeln!(
            s,
            "  #{:<3} {owner}{tag}  {}  {} {}: {}/{} HP{}",
            u.id.0,
            u.square,
            u.owner.owner_word(),
            game.name(u),
            game.health_left(u),
            game.hp(u),
            if u.new { ", new unit token" } else { "" }
        );
    }
    s
}

/// A waiting question, its options numbered from 1 and the default marked, and how to answer.
fn question_text(id: &str, game: &Game) -> String {
    let Some(p) = game.pending() else {
        return String::new();
    };
    let mut s = format!("Question: {}
", p.question);
    for (i, o) in p.options.iter().enumerate() {
        let default = if i == p.default { "  (default)" } else { "" };
        let _ = writeln!(s, "  {}. {o}{default}", i + 1);
    }
    let _ = writeln!(
        s,
        "Answer with: tablemate furtherance answer {id} N (N from 1 to {}; --step to go on one step at a time)",
        p.options.len()
    );
    s
}

/// What the game waits for now: your answer, the next enemy step, your turn, or nothing.
fn waiting_text(id: &str, game: &Game) -> String {
    if let Some(o) = game.outcome() {
        return format!("The game is over: you {}.\n", match o {
            crate::furtherance::Outcome::Won => "won",
            crate::furtherance::Outcome::Lost => "lost",
        });
    }
    if game.pending().is_some() {
        return question_text(id, game);
    }
    if game.is_resolving() {
        return format!(
            "Next step: tablemate furtherance next {id} (--all: on to your turn or a question)\n"
        );
    }
    format!("Round {}: your turn.\n", game.round())
}

/// What `end-turn`, `next`, `answer` and the worker commands send.
#[derive(Debug, Clone)]
pub(super) enum Play {
    EndTurn,
    Next,
    /// 1-based, as listed.
    Answer(usize),
    /// A worker's action or using an item (`mine`, `buy`, `recruit` ...).
    Act(Action),
}

/// How far the enemies go on: one step, or until your turn, a question or the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Pace {
    Step,
    RunOn,
}

/// `end-turn`, `next` and `answer`: the action through `Saved::act` (running on) or
/// `Saved::act_one_step` as the window sends it, each a history entry; then what the game
/// waits for. The save is written once, atomically, as `act` writes it.
pub(super) fn play(
    root: &Path,
    id: &str,
    what: Play,
    pace: Pace,
    explain: bool,
    rules: bool,
) -> Output {
    let (store, mut saved) = match crate::cli::open_save::<Game>(root, id) {
        Ok(opened) => opened,
        Err(out) => return out,
    };
    let before = saved.history.cursor();
    let mut out = String::new();
    let first = match &what {
        Play::EndTurn => Action::EndTurn {},
        Play::Next => Action::Next {},
        Play::Answer(option) => Action::Answer { option: *option },
        Play::Act(action) => action.clone(),
    };
    // `next` is one step; `end-turn` and `answer` stepped show the first step of what they
    // start; `next --all` goes on one entry per step, as the window's Run to end.
    let (first_paced, more) = match (what, pace) {
        (Play::Next, Pace::Step) => (true, 0),
        (Play::Next, Pace::RunOn) => (true, usize::MAX),
        (Play::Act(_), _) => (false, 0),
        (_, Pace::Step) => (true, 1),
        (_, Pace::RunOn) => (false, 0),
    };
    let played = (|| {
        let acted = match first_paced {
            true => saved.act_one_step(first)?,
            false => saved.act(first)?,
        };
        report_acted(&acted, &mut out);
        for _ in 0..more {
            let g = saved.current();
            if !g.is_resolving() || g.pending().is_some() || g.outcome().is_some() {
                break;
            }
            report_acted(&saved.act_one_step(Action::Next {})?, &mut out);
        }
        Ok::<(), crate::furtherance::RuleError>(())
    })();
    if let Err(e) = played {
        let kept = if saved.history.cursor() == before {
            "nothing was changed".to_string()
        } else {
            match store.save(id, &saved) {
                Ok(()) => "the steps before it are kept".to_string(),
                Err(e) => format!("tablemate: {e}"),
            }
        };
        let cited = match crate::rules::Cites::rule(&e) {
            Some(rule) if rules => crate::cli::cite::entries(root, &[rule]),
            _ => String::new(),
        };
        return Output {
            stdout: out,
            stderr: format!("tablemate: refused: {e}\n{cited}{kept}\n"),
            code: 1,
        };
    }
    if let Err(e) = crate::doc::GameDoc::validate(saved.current()) {
        return Output::fail(format!("{out}tablemate: {e}\n"));
    }
    if let Err(e) = store.save(id, &saved) {
        return Output::fail(format!("{out}tablemate: {e}\n"));
    }
    if explain {
        out += "Why:\n";
        for i in before + 1..=saved.history.cursor() {
            out += &why_text(&saved, i);
        }
    }
    if rules && explain {
        let cited = super::rules_of(&saved, before + 1..=saved.history.cursor());
        out += &crate::cli::cite::entries(root, &cited);
    }
    out += &waiting_text(id, saved.current());
    Output::ok(out)
}

/// An entry's label and its lines, as `tablemate act` prints them, less a question's one-line
/// form: the question waiting at the end is printed numbered, once (`waiting_text`).
fn report_acted(acted: &crate::doc::Acted, out: &mut String) {
    let _ = writeln!(out, "{}", acted.label);
    for line in acted
        .lines
        .iter()
        .filter(|l| **l != acted.label && !l.starts_with("Question: "))
    {
        let _ = writeln!(out, "  {line}");
    }
}


/// `tablemate furtherance show ID [--json]`.
pub(super) fn show(root: &Path, id: &str, json: bool) -> Output {
    let saved = match crate::cli::open_save::<Game>(root, id) {
        Ok((_, saved)) => saved,
        Err(out) => return out,
    };
    let game = saved.current();
    if json {
        // The saved state, its `kingdom` read as a player reads it: every card by name
        // (docs/furtherance.md, "show --json").
        return match (
            serde_json::to_value(game),
            serde_json::to_value(game.kingdom_view()),
        ) {
            (Ok(mut v), Ok(k)) => {
                v["kingdom"] = k;
                Output::json(&v)
            }
            (Err(e), _) | (_, Err(e)) => Output::fail(format!("tablemate: {e}\n")),
        };
    }
    // A heading: the title elided to what a line shows (docs/cli.md).
    let mut s = format!(
        "{}\n{}\n\n",
        crate::doc::elide(&saved.title, crate::cli::LIST_TITLE_CHARS),
        game.summary_line()
    );
    s += &render(game);
    s += "\n";
    for seat in Seat::ENEMIES {
        let c = game.castle(seat);
        let _ = writeln!(
            s,
            "{}: {} HP, {} hourglass counter(s), research: {}",
            seat.castle_name(),
            c.hp,
            c.counters,
            c.research.len()
        );
    }
    let _ = writeln!(s, "You: castle {} HP", game.castle(Seat::Player).hp);
    s += &kingdom_text(game);
    s += "\nUnits (id, tag on the board, square, HP left of HP):\n";
    if game.units().is_empty() {
        s += "  none\n";
    }
    s += &unit_lines(game);
    s += "\n";
    s += &waiting_text(id, game);
    Output::ok(s)
}

/// The kingdom, as `show` lists it: gold, workers, leader, VP, research, buildings, items,
/// upgraded workers and the three markets, every card by name.
pub fn kingdom_text(game: &Game) -> String {
    let k = game.kingdom_view();
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Kingdom: {} gold, {} VP, {} worker(s), {} action(s) left this turn",
        k.gold, k.vp, k.workers, k.actions_left
    );
    let leader = k.leader.as_ref().map_or("none".to_string(), |l| {
        let mut t = l.name.clone();
        if !l.applies.is_empty() {
            let _ = write!(t, ": {}", l.applies);
        }
        if let Some(c) = l.counters {
            let _ = write!(t, " ({c} counter(s) left)");
        }
        if let Some(u) = l.uses_left {
            let _ = write!(t, " ({u} use(s) left this turn)");
        }
        t
    });
    let _ = writeln!(s, "  Leader: {leader}");
    let list = |cards: Vec<String>| {
        if cards.is_empty() {
            "none".to_string()
        } else {
            cards.join(", ")
        }
    };
    let market = |cards: &[crate::furtherance::kingdom_view::MarketCard]| {
        list(
            cards
                .iter()
                .map(|c| {
                    let stack = if c.count > 1 {
                        format!(" x{}", c.count)
                    } else {
                        String::new()
                    };
                    format!("{}{stack} ({} gold)", c.name, c.cost)
                })
                .collect(),
        )
    };
    let held = |cards: &[crate::furtherance::kingdom_view::HeldCard]| {
        list(
            cards
                .iter()
                .map(|b| {
                    let mut t = b.name.clone();
                    if b.turn_counters > 0 {
                        let _ = write!(t, " ({} turn counter(s) left)", b.turn_counters);
                    }
                    if b.damage > 0 {
                        let _ = write!(t, " ({} damage)", b.damage);
                    }
                    if b.in_play && !b.applies.is_empty() {
                        let _ = write!(t, " [{}]", b.applies);
                    }
                    if b.acted {
                        t.push_str(" (acted this turn)");
                    }
                    t
                })
                .collect(),
        )
    };
    let _ = writeln!(s, "  Research: {}", market(&k.research));
    let _ = writeln!(s, "  Buildings: {}", held(&k.buildings));
    let _ = writeln!(
        s,
        "  Items: {}",
        list(k.items.iter().map(|i| i.name.clone()).collect())
    );
    if !k.upgrades.is_empty() {
        let _ = writeln!(s, "  Upgraded workers: {}", held(&k.upgrades));
    }
    let _ = writeln!(s, "  Market, units: {}", market(&k.market.units));
    let _ = writeln!(s, "  Market, items: {}", market(&k.market.items));
    let _ = writeln!(s, "  Market, buildings: {}", market(&k.market.buildings));
    s
}
