//! Furtherance's helper page (docs/table-network.md, "Furtherance"): the board and the enemy
//! turn, step by step, read-only.

use maud::{Markup, html};

use super::pages::SeatPage;
use crate::furtherance::step::capitalise;
use crate::furtherance::{Explained, Game, Seat as Castle, Square, Step, describe};
use crate::seat::Seat;

/// The letter a unit's owner is marked with (the colour says it too, but not alone).
fn owner_letter(owner: Castle) -> &'static str {
    match owner {
        Castle::Player => "Y",
        Castle::Left => "L",
        Castle::Across => "A",
        Castle::Right => "R",
    }
}

/// The squares a step touches: a move's path, an attack's two units (and one that took
/// the damage instead), a castle's squares when it acts or is attacked, a unit that
/// arrives, dies or is edited by hand.
pub(super) fn touched(g: &Game, step: &Step) -> Vec<Square> {
    let castle = |c: &Castle| g.board().castle(*c).to_vec();
    let mut squares = match step {
        Step::Move { path, .. } => path.clone(),
        Step::Attack {
            attacker,
            target,
            taken_by,
            counter_taken_by,
            ..
        } => [
            Some(attacker),
            Some(target),
            taken_by.as_ref(),
            counter_taken_by.as_ref(),
        ]
        .into_iter()
        .flatten()
        .map(|u| u.square)
        .collect(),
        Step::CastleAttacked {
            attacker,
            castle: c,
            counter_taken_by,
            ..
        } => {
            let mut s = vec![attacker.square];
            s.extend(counter_taken_by.as_ref().map(|u| u.square));
            s.extend(castle(c));
            s
        }
        Step::TurnStarts { castle: c, .. }
        | Step::CastleDestroyed { castle: c, .. }
        | Step::DrawSkipped { castle: c, .. }
        | Step::NoSpawn { castle: c, .. } => castle(c),
        Step::CounterPassed { from, to, .. } => [castle(from), castle(to)].concat(),
        Step::Dies { unit, .. }
        | Step::Sacrificed { unit, .. }
        | Step::Spawn { unit, .. }
        | Step::Recruited { unit } => vec![unit.square],
        Step::HandEdit { added, removed, .. } => [added, removed]
            .into_iter()
            .flatten()
            .map(|u| u.square)
            .collect(),
        Step::PlayerTurn { .. }
        | Step::Kingdom { .. }
        | Step::NeedsChoice { .. }
        | Step::GameOver { .. } => Vec::new(),
    };
    squares.dedup();
    squares
}

/// The name a player knows a unit by: its card's name without the "Sample" the rulebook's
/// sample units carry ("Sample Crossbowman" is a Crossbowman on the board).
fn known_name(name: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().filter(|w| *w != "Sample").collect();
    match words.is_empty() {
        true => name.to_string(),
        false => words.join(" "),
    }
}

/// `name` with a soft hyphen where a long word may break between its syllables (between
/// two consonants before a vowel, "Cross-bowman", else before a consonant between vowels,
/// "Civi-lians"), the point nearest the word's middle: a unit's name fits a phone's square on
/// two lines without being cut to a stub. The browser breaks there only when the word does
/// not fit.
fn breakable(name: &str) -> String {
    let vowel = |c: char| "aeiouAEIOU".contains(c);
    let word = |w: &str| {
        let chars: Vec<char> = w.chars().collect();
        if chars.len() <= 6 {
            return w.to_string();
        }
        let at = |p: usize, consonants: bool| {
            let (before, here, after) = (chars[p - 1], chars[p], chars[p + 1]);
            let letters = before.is_alphabetic() && here.is_alphabetic();
            let split = match consonants {
                true => !vowel(before) && !vowel(here),
                false => vowel(before) && !vowel(here),
            };
            letters && split && vowel(after)
        };
        let middle = chars.len() / 2;
        let best = [true, false].into_iter().find_map(|consonants| {
            (3..chars.len() - 2)
                .filter(|&p| at(p, consonants))
                .min_by_key(|&p| p.abs_diff(middle))
        });
        match best {
            Some(p) => {
                let (a, b) = chars.split_at(p);
                format!("{}\u{ad}{}", a.iter().collect::<String>(), b.iter().collect::<String>())
            }
            None => w.to_string(),
        }
    };
    name.split(' ').map(word).collect::<Vec<_>>().join(" ")
}

/// Every kind of unit on the board once, with its whole name, attack and HP: a name the
/// board's square had to break stays readable here.
fn legend(g: &Game) -> Markup {
    let mut kinds: Vec<(String, String)> = Vec::new();
    for u in g.units() {
        let kind = g.kind(u);
        let line = format!("{} ({}/{})", kind.name, kind.attack, kind.hp);
        if !kinds.iter().any(|(name, _)| *name == kind.name) {
            kinds.push((kind.name.clone(), line));
        }
    }
    kinds.sort();
    html! {
        @if !kinds.is_empty() {
            p #legend .note {
                "On the board: "
                @for (i, (_, line)) in kinds.iter().enumerate() {
                    @if i > 0 { " · " }
                    (line)
                }
            }
        }
    }
}

/// The board as it stands, drawn as the physical board lies (the player's castle at the
/// bottom, files a-g left to right, ranks 1-7 upwards): each square's kingdom, the units
/// with their owner, type, attack and HP, and the squares the newest step touches marked
/// (an outline and a dot, so the mark reads without colour). A plain table: no script.
pub(super) fn board(g: &Game) -> Markup {
    let b = g.board();
    let newest = g.explained().last();
    let marked = newest.map(|e| touched(g, &e.step)).unwrap_or_default();
    let files = ["a", "b", "c", "d", "e", "f", "g"];
    let kingdom = |s: Square| {
        Castle::ALL
            .iter()
            .copied()
            .find(|c| b.kingdom(*c).contains(&s))
            .map(|c| (c.as_str(), b.castle_of(s).is_some()))
    };
    html! {
        section {
            h2 { "The board" }
            table.board {
                caption { "Round " (g.round()) ": your castle at the bottom; "
                    "Y yours, L Left, A Across, R Right; attack/HP under the name" }
                thead { tr { th {} @for f in files { th scope="col" { (f) } } } }
                tbody {
                    @for y in (-3..=3).rev() {
                        tr {
                            th scope="row" { (y + 4) }
                            @for x in -3..=3 {
                                @if let Some(s) = Square::new(x, y) {
                                    @let class = {
                                        let mut c = match kingdom(s) {
                                            Some((seat, true)) => format!("k-{seat} castle"),
                                            Some((seat, false)) => format!("k-{seat}"),
                                            None if b.is_square(s) => String::new(),
                                            None => "off".to_string(),
                                        };
                                        if marked.contains(&s) { c.push_str(" hit"); }
                                        c
                                    };
                                    td class=(class) data-square=(s) { div.sq {
                                        @if marked.contains(&s) { b.dot { "●" } }
                                        @if let Some(u) = g.unit_at(s) {
                                            @let kind = g.kind(u);
                                            span class={ "u o-" (u.owner.as_str()) } title=(kind.name) {
                                                span.n { (breakable(&known_name(&kind.name))) }
                                                (owner_letter(u.owner)) " " (kind.attack) "/" (g.hp(u))
                                                @if u.damage > 0 { " −" (u.damage) }
                                            }
                                        }
                                    }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            (legend(g))
            p.page {
                @for (i, &c) in Castle::ALL.iter().enumerate() {
                    @if i > 0 { " · " }
                    (capitalise(c.castle_name())) ": "
                    @if g.is_destroyed(c) { "destroyed" } @else { (g.castle(c).hp) " HP" }
                    @if c.is_enemy() && !g.is_destroyed(c) { ", " (g.castle(c).counters) " hourglass" }
                }
            }
            @if let Some(e) = newest && !marked.is_empty() {
                p { "● The newest step: " (e.step.text()) }
            }
        }
    }
}

/// A step's "Why:" and "Why not:" lines, as the CLI's `tablemate furtherance why` writes them.
fn reasons(e: &Explained) -> Markup {
    html! {
        @for r in &e.reasons.why { p { "Why: " (describe(r)) } }
        @for r in &e.reasons.why_not { p { "Why not: " (describe(r)) } }
    }
}

/// One step on one line; its reasons folded behind a tap on it, as the window's "Why?".
fn step_line(e: &Explained) -> Markup {
    let folded = !e.reasons.why.is_empty() || !e.reasons.why_not.is_empty();
    html! {
        li.step {
            @if folded {
                details.why {
                    summary { (e.step.text()) }
                    div.reasons { (reasons(e)) }
                }
            } @else {
                span.plain { (e.step.text()) }
            }
        }
    }
}

/// The turn as an ordered list: each entry's label, then its steps, one line each.
pub(super) fn turn(entries: &[(Option<&str>, &[Explained])]) -> Markup {
    let explained = entries.iter().any(|(_, steps)| !steps.is_empty());
    html! {
        section #turn {
            h2 { "The enemy turn, step by step" }
            @if !explained {
                p { "Nothing for the rules to explain yet: the laptop's next step appears here." }
            } @else {
                p.note { "Tap a step to see why the rules made it." }
            }
            ol.steps {
                @for (label, steps) in entries {
                    // A stepped entry's label is its one step's text: the step is listed once,
                    // on its own line.
                    @let said = |e: &Explained| label.is_some_and(|l| l.contains(&e.step.text()));
                    @if let Some(label) = label && !steps.iter().any(said) {
                        li.entry { (label) }
                    }
                    @for e in steps.iter() { (step_line(e)) }
                }
            }
        }
    }
}

impl SeatPage for crate::furtherance::Game {
    /// The enemy turn is listed whole, step by step: no "Latest" list repeating it.
    const LATEST: usize = 0;
    /// The round is in the board's caption and every castle's HP under the board.
    const SUMMARY: bool = false;

    /// The steps of the newest entry alone (the whole turn needs the history: `page_of`).
    fn page(&self, _seat: Option<&Seat>, _base: &str) -> Markup {
        html! {
            (board(self))
            (turn(&[(None, self.explained())]))
        }
    }

    /// The table seat: every entry since the enemies' turn last began (as the window's turn
    /// log lists them), each step with its board squares and the same "Why:" / "Why not:"
    /// lines as the CLI's `tablemate furtherance why`.
    fn page_of(saved: &crate::doc::Saved<Self>, _seat: Option<&Seat>, _base: &str) -> Markup {
        let history = &saved.history;
        let first = crate::furtherance::explain::enemy_turn_began(history);
        let entries: Vec<_> = (first..=history.cursor())
            .map(|i| {
                let label = history.entries().get(i).map(|e| e.label.as_str());
                let steps = history.state(i).map(|g| g.explained()).unwrap_or(&[]);
                (label, steps)
            })
            .collect();
        html! {
            (board(saved.current()))
            (turn(&entries))
        }
    }
}
