//! The enemy turn as a list to mirror on the table (docs/table-ux.md 6): every history entry since you
//! last ended your turn, each with what it did step by step (a unit that died says so), newest
//! at the bottom and kept in view; your own actions read the same way. A question the rules
//! leave to you is asked at the foot of the list, where the eye already is. Read from the
//! history, so it survives undo, redo and reopening the save, and shows exactly the entries
//! Undo steps back through.

use iced::widget::{Column, button, column, container, row, scrollable, text};
use iced::{Element, Fill, Length};

use super::Message;
use crate::furtherance::{Game, Step};
use crate::gui::document::Doc;
use crate::gui::style;

/// The history entries from the one where the enemies' turn last began up to the current
/// entry, oldest first, as (index in the history, label); before your first End turn,
/// everything since the game began.
fn entries_since_end_of_turn(doc: &Doc<Game>) -> Vec<(usize, &str)> {
    let history = &doc.saved.history;
    let entries = &history.entries()[..=history.cursor()];
    let first = crate::furtherance::explain::enemy_turn_began(history);
    entries
        .iter()
        .enumerate()
        .skip(first)
        .map(|(i, e)| (i, e.label.as_str()))
        .collect()
}

/// The labels from the entry where the enemies' turn last began up to the current entry,
/// oldest first; before your first End turn, everything since the game began.
#[cfg(test)]
pub fn since_end_of_turn(doc: &Doc<Game>) -> Vec<&str> {
    entries_since_end_of_turn(doc)
        .into_iter()
        .map(|(_, l)| l)
        .collect()
}

/// Why history entry `index` happened: each of its steps with its "Why:" and "Why not:"
/// lines, rendered by the engine (furtherance::explain), as the CLI and the table network
/// show them.
pub fn explanation(doc: &Doc<Game>, index: usize) -> Vec<String> {
    let explained = match doc.saved.history.state(index) {
        Ok(state) => state.explained(),
        Err(e) => return vec![format!("This entry cannot be rebuilt: {e}")],
    };
    if explained.is_empty() {
        return vec!["Your own action or answer: nothing for the rules to explain.".into()];
    }
    explained
        .iter()
        .flat_map(|e| e.text().lines().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

/// [`explanation`]'s lines, each "Why:" and "Why not:" with the rules digest entry its rule
/// names (docs/rules.md, "Rule references"): the window links them to the Rules screen.
pub fn explanation_cited(
    doc: &Doc<Game>,
    index: usize,
) -> Vec<(String, Option<crate::rules::RuleRef>)> {
    use crate::furtherance::describe;
    let Ok(state) = doc.saved.history.state(index) else {
        return explanation(doc, index)
            .into_iter()
            .map(|l| (l, None))
            .collect();
    };
    if state.explained().is_empty() {
        return explanation(doc, index)
            .into_iter()
            .map(|l| (l, None))
            .collect();
    }
    let mut lines = Vec::new();
    for e in state.explained() {
        lines.push((e.step.text(), None));
        for (words, reasons) in [("Why", &e.reasons.why), ("Why not", &e.reasons.why_not)] {
            for r in reasons {
                lines.push((format!("{words}: {}", describe(r)), Some(r.rule().entry())));
            }
        }
    }
    lines
}

/// A "Why:" line's link to the rule it rests on.
fn rule_button<'a>(rule: crate::rules::RuleRef) -> Element<'a, Message> {
    button(text("Rule").size(style::SMALL).center())
        .width(Length::Fixed(WHY_WIDTH))
        .height(Length::Fixed(WHY_HEIGHT))
        .padding([2, 4])
        .style(style::secondary)
        .on_press(Message::Rule(rule))
        .into()
}

/// The log's scrollable, for the layout tests.
pub const LOG_ID: &str = "furtherance-turn-log";

/// The width of a line's Why? (and of its Hide, at the same place): the button does not move
/// or change size when pressed.
const WHY_WIDTH: f32 = 46.0;
/// A line's Why? button: small, so a line of the log stays one line of type high.
const WHY_HEIGHT: f32 = 26.0;

/// What entry `index` did beyond its label, one line per step: the result of your own action
/// (its label names only the action), and every step after the first (a unit that dies, a
/// castle destroyed). Each with whether it is a loss (drawn in the danger colour).
fn further_steps(doc: &Doc<Game>, index: usize, label: &str) -> Vec<(String, bool)> {
    let Ok(state) = doc.saved.history.state(index) else {
        return Vec::new();
    };
    state
        .explained()
        .iter()
        .map(|e| (e.step.text(), is_loss(&e.step)))
        .filter(|(t, _)| t != label)
        .collect()
}

/// A step that takes something off the table: a unit dying, a castle destroyed.
fn is_loss(step: &Step) -> bool {
    matches!(step, Step::Dies { .. } | Step::CastleDestroyed { .. })
}

/// Whether entry `index`'s own line is a loss (its first step is one).
fn line_is_loss(doc: &Doc<Game>, index: usize) -> bool {
    doc.saved
        .history
        .state(index)
        .ok()
        .and_then(|s| s.explained().first())
        .is_some_and(|e| is_loss(&e.step))
}

/// A line's Why? or Hide button, `index` its entry.
fn why_button<'a>(index: usize, open: bool) -> Element<'a, Message> {
    button(
        text(if open { "Hide" } else { "Why?" })
            .size(style::SMALL)
            .center(),
    )
    .width(Length::Fixed(WHY_WIDTH))
    .height(Length::Fixed(WHY_HEIGHT))
    .padding([2, 4])
    .style(style::secondary)
    .on_press(Message::Why(index))
    .into()
}

/// The list, in a pane that fills the height it is given; `open` is the entry whose "Why?"
/// is open, its explanation shown under its line and ending in its own Hide. The list is
/// anchored at its foot: the newest step stays in view, and an explanation opening under a
/// line puts its Hide where the Why? was (nothing else appears under the pointer).
/// The explanation's lines scroll in a box at most `why_room` tall, so that the line, its
/// explanation's first lines and its Hide fit the pane together.
/// `items`: the items you may use now, in the enemies' turn between two steps: under the list,
/// always in view. `narrow`: the narrow panel, where a question is asked in small type so its
/// words and options fit the log's short pane together.
pub fn view<'a>(
    doc: &'a Doc<Game>,
    open: Option<usize>,
    why_room: f32,
    items: Option<Element<'a, Message>>,
    narrow: bool,
) -> Element<'a, Message> {
    let g = doc.state();
    let lines = entries_since_end_of_turn(doc);
    let mut list = Column::new().spacing(2).width(Fill);
    let newest = lines.len().saturating_sub(1);
    for (i, (index, line)) in lines.iter().enumerate() {
        let is_open = open == Some(*index);
        let mut entry = Column::new().spacing(1).width(Fill);
        // The newest line in body type, the earlier ones small: more of the turn in view.
        let size = if i == newest {
            style::BODY
        } else {
            style::SMALL + 1.0
        };
        entry = entry.push(
            row![
                if line_is_loss(doc, *index) {
                    text(*line).size(size).width(Fill).style(style::danger_text)
                } else {
                    text(*line).size(size).width(Fill)
                },
                container(why_button(*index, is_open)).id(format!("furtherance-why-{index}")),
            ]
            .spacing(6)
            .align_y(iced::Alignment::Center),
        );
        for (step, loss) in further_steps(doc, *index, line) {
            let t = text(format!("→ {step}")).size(style::SMALL);
            entry = entry.push(
                container(if loss { t.style(style::danger_text) } else { t })
                    .padding(iced::Padding::ZERO.left(10)),
            );
        }
        list = list.push(if i == newest {
            container(entry)
                .padding([2, 4])
                .width(Fill)
                .style(style::selected)
        } else {
            container(entry).padding([1, 4]).width(Fill)
        });
        if is_open {
            let mut lines = Column::new()
                .spacing(2)
                .padding(iced::Padding::ZERO.right(10));
            // The line itself is just above: its explanation starts with its reasons.
            for (l, rule) in explanation_cited(doc, *index)
                .into_iter()
                .filter(|(l, _)| l.as_str() != *line)
            {
                let said = text(l).size(style::SMALL);
                let said: Element<'a, Message> = match rule {
                    Some(rule) => row![said.width(Fill), rule_button(rule)]
                        .spacing(6)
                        .align_y(iced::Alignment::Center)
                        .into(),
                    None => said.into(),
                };
                lines = lines.push(said);
            }
            let mut why = Column::new().spacing(2);
            why = why.push(container(scrollable(lines)).max_height(why_room.max(WHY_HEIGHT)));
            why = why.push(
                row![
                    iced::widget::Space::new().width(Fill),
                    why_button(*index, true)
                ]
                .padding(iced::Padding::ZERO.right(6)),
            );
            list = list.push(
                container(why)
                    .padding(iced::Padding::ZERO.left(14))
                    .width(Fill)
                    .id(WHY_BOX_ID),
            );
        }
    }
    if lines.is_empty() {
        list = list.push(
            text("Your turn: click one of your units, then a square to move to or an enemy to attack; click an empty space of your castle to recruit. What you do, and then the enemies' turn step by step, is listed here.")
                .size(style::SMALL)
                .style(style::muted),
        );
    }
    if let Some(p) = g.pending() {
        let on_board = g.question_squares().iter().any(Option::is_some);
        list = list.push(question(
            &p.question,
            &p.options,
            p.default,
            on_board,
            narrow,
        ));
    }
    // No heading: the pane's place says what it is, and every line of it is room for a step.
    // What the turn took off the table is pinned above the list, so that a unit that died
    // is said in view however far the newest steps scrolled its line (issue 32 §2).
    let losses: Vec<String> = lines
        .iter()
        .filter_map(|(index, _)| doc.saved.history.state(*index).ok())
        .flat_map(|state| {
            state
                .explained()
                .iter()
                .filter(|e| is_loss(&e.step))
                .map(|e| e.step.text())
                .collect::<Vec<_>>()
        })
        .collect();
    let mut pane = Column::new().spacing(4).height(Fill);
    if !losses.is_empty() {
        pane = pane.push(
            text(format!("Off the table this turn: {}", losses.join("; ")))
                .size(style::SMALL)
                .style(style::danger_text),
        );
    }
    pane = pane.push(
        scrollable(list.padding(iced::Padding::ZERO.right(10)))
            .anchor_bottom()
            .id(LOG_ID)
            .height(Fill),
    );
    if let Some(items) = items {
        pane = pane.push(items);
    }
    container(pane)
        .padding(6)
        .width(Fill)
        .height(Fill)
        .style(style::card)
        .into()
}

/// The open explanation (its lines and its Hide), for the layout tests.
pub const WHY_BOX_ID: &str = "furtherance-why-open";

/// The question, at the foot of the log beside the board (never over it, docs/table-ux.md 3):
/// every option a numbered button, the default one primary and marked. When its options stand
/// on the board (`on_board`) they are ringed there with the same numbers and answer it when
/// clicked; when they are cards (a research tie), only the buttons do. `compact`: in small
/// type, closer together (a worker's question in the kingdom, where the region is short).
pub(super) fn question<'a>(
    question: &'a str,
    options: &'a [String],
    default: usize,
    on_board: bool,
    compact: bool,
) -> Element<'a, Message> {
    let (size, pad, gap) = if compact {
        (style::SMALL, [4, 10], 6.0)
    } else {
        (style::BODY, [8, 16], style::GAP)
    };
    let mut col = column![
        text("Your choice").size(if compact { style::BODY } else { style::HEADING }),
        text(question).size(if compact { style::SMALL } else { style::BODY }),
    ]
    .spacing(gap);
    // Where to click; left out in the kingdom's short region, whose options are only here.
    if !compact {
        col = col.push(
            text(if on_board {
                "Click an option here or its ringed square on the board."
            } else {
                "Click an option here."
            })
            .size(style::SMALL)
            .style(style::muted),
        );
    }
    for (i, o) in options.iter().enumerate() {
        let (label, look): (String, fn(&iced::Theme, button::Status) -> button::Style) =
            if i == default {
                (
                    format!("{}. {} (default)", i + 1, super::below::capitalised(o)),
                    style::primary,
                )
            } else {
                (
                    format!("{}. {}", i + 1, super::below::capitalised(o)),
                    style::secondary,
                )
            };
        // The number before each option is its key; Enter takes the default.
        col = col.push(
            button(text(label).size(size))
                .padding(pad)
                .width(Fill)
                .style(look)
                .on_press(Message::Answer(i)),
        );
    }
    crate::gui::widgets::card(col, if compact { 6 } else { 12 }).into()
}
