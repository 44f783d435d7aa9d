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
                    "Y yours, L Left, A Across, R Right; attack/HP under the type" }
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
                                                (owner_letter(u.owner)) " " (kind.short_name()) br;
                                                (kind.attack) "/" (g.hp(u))
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

/// The turn as an ordered list: each entry's label, then its steps and their reasons.
/// A step's "Why:" and "Why not:" lines, as the CLI's `tablemate furtherance why` writes them.
fn reasons(e: &Explained) -> Markup {
    html! {
        @for r in &e.reasons.why { p.why { "Why: " (describe(r)) } }
        @for r in &e.reasons.why_not { p.why { "Why not: " (describe(r)) } }
    }
}

pub(super) fn turn(entries: &[(Option<&str>, &[Explained])]) -> Markup {
    let explained = entries.iter().any(|(_, steps)| !steps.is_empty());
    html! {
        section {
            h2 { "The enemy turn, step by step" }
            @if !explained {
                p { "Nothing for the rules to explain yet: the laptop's next step appears here." }
            }
            ol.steps {
                @for (label, steps) in entries {
                    // A stepped entry's label is its one step's text: the step is listed once,
                    // its reasons under the label.
                    @let said = |e: &Explained| label.is_some_and(|l| l.contains(&e.step.text()));
                    @if let Some(label) = label {
                        li.entry {
                            strong { (label) }
                            @for e in steps.iter().filter(|e| said(e)) { (reasons(e)) }
                        }
                    }
                    @for e in steps.iter().filter(|e| !said(e)) {
                        li { strong { (e.step.text()) } (reasons(e)) }
                    }
                }
            }
        }
    }
}

impl SeatPage for crate::furtherance::Game {
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
