//! The table side of one team, the whole main loop on one screen without page scrolling
//! (docs/worldspanner.md, The screen): the round/step bar with Next step in a fixed place and a
//! reserved line for what it says or refuses; under it three columns: the last card drawn and
//! the challenge panel (a physical card's question takes the panel's place), the team's heroes
//! as tiles with their actions on them, and the 24 Domes as a board with the Dome question
//! under it, then the glory board. Each column scrolls on its own.

use iced::widget::{button, column, container, row, scrollable, text};
use iced::{Center, Element, Fill, Length};

use super::ask::Ask;
use super::board::{domes, glory, hero_grid, heroes, melee_order, picked_strip};
use super::form::ChallengeForm;
use super::{Message, Refusal, Where};
use crate::gui::{style, widgets};
use crate::worldspanner::{DomeRange, Face, Game, HeroRef, LastEvent, TeamSide};

/// What the table side shows besides the game.
#[derive(Clone, Copy)]
pub struct Table<'a> {
    pub side: TeamSide,
    pub form: &'a ChallengeForm,
    pub lines: &'a [String],
    pub asking: Option<&'a Ask>,
    pub fight: &'a [HeroRef],
    pub refusal: Option<&'a Refusal>,
}

/// The challenge column's width (a little wider when the board joins it, so the names in the
/// Dome places fit); the Dome board's least and greatest width.
const LEFT: f32 = 266.0;
const LEFT_NARROW: f32 = 300.0;
const BOARD: f32 = 190.0;
const BOARD_MAX: f32 = 360.0;

/// The Dome board's width in a screen `width` logical pixels wide: it takes a share of the
/// width, so the heroes' names in its places are read whole, but leaves the heroes' column
/// room for three tiles side by side and the picked hero's counts on one row, so every
/// tile's action stays in view (docs/worldspanner.md, The screen).
pub fn board_width(width: f32) -> f32 {
    let heroes = super::board::TILES_ACROSS_3.max(super::board::STRIP_ONE_ROW);
    let room = width - LEFT - 40.0 - heroes;
    (width * 0.33).min(room).clamp(BOARD, BOARD_MAX)
}

pub fn view<'a>(game: &'a Game, t: Table<'a>) -> Element<'a, Message> {
    let side = t.side;
    let refused = |at: Where| t.refusal.filter(|r| r.at == at).map(|r| r.text.as_str());
    // The rule beside the line: the refusal's, else the step reminder's (docs/rules.md).
    let reminding = refused(Where::Bar).is_none()
        && t.fight.is_empty()
        && t.lines.is_empty()
        && !game.locked()
        && !game.rounds.finished;
    let bar_rule = match t.refusal.filter(|r| r.at == Where::Bar) {
        Some(r) => r.rule,
        None if reminding => game.rounds.step.entry(),
        None => None,
    };
    // The reserved line in the step bar: a refusal of Next step (or of the glory board) in
    // red, else the melee order of the heroes marked as fighting, else what the last action
    // said, else the step's reminder. One line of small type and of fixed height, so nothing
    // below it moves; the whole text on hover.
    let (said, style_of): (String, fn(&iced::Theme) -> text::Style) = match refused(Where::Bar) {
        Some(r) => (r.to_string(), style::danger_text),
        None if !t.fight.is_empty() => (melee_order(game, t.fight), style::muted),
        // The game over (or reopened) says so before anything else.
        None if said_more(game, t.lines) && !game.locked() && !game.rounds.finished => (
            t.lines
                .iter()
                .filter(|l| **l != game.rounds.describe())
                .cloned()
                .collect::<Vec<_>>()
                .join(" · "),
            text::default,
        ),
        None => (reminder(game), style::muted),
    };
    // A refusal is never cut: it takes the steps' place too and up to two lines, so the
    // "how to" half of Next step's Reinforce refusal is read at 1024 with large type.
    let refusing = refused(Where::Bar).is_some();
    let said = if refusing {
        container(text(said).size(style::SMALL).style(style_of))
            .width(Fill)
            .height(Length::Fixed(LINE * 2.0))
            .center_y(Length::Fixed(LINE * 2.0))
            .clip(true)
    } else {
        container(
            text(said)
                .size(style::SMALL)
                .style(style_of)
                .wrapping(text::Wrapping::None),
        )
        .width(Fill)
        .height(Length::Fixed(LINE))
        .center_y(Length::Fixed(LINE))
        .clip(true)
    };
    // Below NARROW units (the window on a 1024 px screen with large type, or with the share
    // panel open) the board joins the challenge column's scroll, so the heroes keep a width.
    let columns = iced::widget::responsive(move |size| columns(game, t, size.width));
    let said = widgets::cited(said, bar_rule, Message::Rule);
    column![bar(game, side, said, refusing), columns]
        .spacing(8)
        .height(Fill)
        .into()
}

/// What a column keeps on its right for its scroller, which is drawn over the content.
const SCROLLER: f32 = 10.0;

/// Below this width the Dome board is not a column of its own.
const NARROW: f32 = 800.0;

/// The challenge column, the board and the heroes in a screen `width` wide (below [`NARROW`]
/// the board goes under the challenge).
fn columns<'a>(game: &'a Game, t: Table<'a>, width: f32) -> Element<'a, Message> {
    let narrow = width < NARROW;
    // Narrow, the challenge column holds the board too: as wide as the heroes' column
    // allows while it keeps the picked hero's counts on one row.
    let left_width = if narrow {
        (width - 20.0 - super::board::STRIP_ONE_ROW).clamp(LEFT, LEFT_NARROW)
    } else {
        LEFT
    };
    // In the challenge column's scroll the board leaves room for the scroller.
    let board_width = if narrow {
        left_width - 12.0
    } else {
        board_width(width)
    };
    let side = t.side;
    let refused = |at: Where| t.refusal.filter(|r| r.at == at).map(Refusal::cited);
    // Left: the side's deck and its Digital/Physical switch, the card drawn (fixed height),
    // then the challenge panel headed by Draw. A physical card being read, or a hero waiting
    // for its Dome, asks in this column's place (beside the board), card and panel both, so
    // the answers are in view with large type too; Draw waits until it is answered.
    let question = match t.asking {
        Some(ask) => Some(ask.view()),
        None => surrounded(game).or_else(|| pending(game)),
    };
    let placing = t.asking.is_none() && game.pending.as_ref().is_some_and(|p| !p.awaiting_card);
    // While a hero waits for the Dome its draw sent it to, that draw stays in view: the card
    // under the question, and the result with its whole explanation at the head of the
    // heroes' column, the widest place left (a column of its own would not hold the card,
    // the result and the question in the window of a 1366×768 screen with large type).
    let drawn = placing && sent_by_last_draw(game);
    // The board with, under it, the deck and the glory board.
    let picked = t.form.hero.map(|hero| HeroRef { team: side, hero });
    let board = move || {
        column![
            domes(game, board_width),
            loot(game, picked),
            deck_box(game, side),
            glory(game, side)
        ]
        .spacing(style::GAP)
    };
    let left = match question {
        Some(q) => {
            // Place and who chooses, then the card drawn, whole; what its range allows follows.
            let mut q = column![q].spacing(style::GAP);
            if drawn {
                q = q.push(super::card_view::view(game));
            }
            if placing && let Some(more) = pending_more(game) {
                q = q.push(more);
            }
            if narrow {
                q = q.push(board());
            }
            // Room for the scroller on the right, so it never covers the card's +6 row.
            column![
                scrollable(container(q).padding(iced::Padding::ZERO.right(SCROLLER)))
                    .height(Fill)
                    .width(Fill)
            ]
        }
        None => {
            let mut panel = column![
                widgets::card(t.form.view(game, side, refused(Where::Draw)), 8),
                last_result(game)
            ]
            .spacing(style::GAP);
            if narrow {
                panel = panel.push(board());
            }
            column![
                deck_line(game, side),
                super::card_view::view(game),
                // A pick list cut by the column's edge is clipped too (clip.rs).
                scrollable(super::clip::clip_text(panel))
                    .height(Fill)
                    .width(Fill),
            ]
        }
    }
    .spacing(6)
    .width(Length::Fixed(left_width))
    .height(Fill);
    // Right: the picked hero's strip (its counts, Dismiss and Banish, a refused hero action),
    // then every hero's tile.
    // The strip's rows follow the column's width (never its content), so it keeps its shape
    // while the table plays and only changes when the window or the share panel does.
    let (picked, fight, strip_refused) = (t.form.hero, t.fight, refused(Where::Heroes));
    let middle = iced::widget::responsive(move |size| {
        if drawn {
            // Until the Dome is chosen the result heads the column, and the strip and the
            // tiles follow it in the column's scroll (room kept for the scroller).
            let width = size.width - SCROLLER;
            return scrollable(
                column![
                    result_lines(game, style::SMALL, true),
                    picked_strip(game, side, picked, strip_refused, width),
                    hero_grid(game, side, fight, picked, width),
                ]
                .spacing(6)
                .padding(iced::Padding::ZERO.right(SCROLLER)),
            )
            .height(Fill)
            .into();
        }
        column![
            picked_strip(game, side, picked, strip_refused, size.width),
            heroes(game, side, fight, picked),
        ]
        .spacing(6)
        .width(Fill)
        .height(Fill)
        .into()
    });
    // Between them the board, beside the Dome question, and under it the deck and the glory.
    // The column scrolls as a whole; the six rows of Domes are at its top, in view.
    if narrow {
        return row![left, middle].spacing(10).height(Fill).into();
    }
    let board = scrollable(container(board()).padding(iced::Padding::ZERO.right(10)))
        .width(Length::Fixed(board_width + 10.0))
        .height(Fill);
    row![left, board, middle].spacing(10).height(Fill).into()
}

/// Whether the hero waiting for its Dome was sent there by the last draw (its adventure), so
/// that draw's card and result belong with the question; a Reinforce or a hand dismissal draws
/// only for the Dome range, and the last challenge is then another matter.
fn sent_by_last_draw(game: &Game) -> bool {
    let Some(p) = game.pending.as_ref().filter(|p| !p.awaiting_card) else {
        return false;
    };
    p.reason == crate::worldspanner::Reason::Adventure
        && matches!(&game.last, Some(LastEvent::Challenge { hero: Some(h), .. }) if *h == p.hero)
}

/// The step title's type size.
const STEP_TITLE: f32 = 19.0;

/// The reserved line's height: one line of small type.
const LINE: f32 = style::SMALL * 1.5;

/// Whether the last action said more than the round and step the title above already shows
/// (Next step's "Round 2 of 10: Skyhawks, Free" repeated the title beside it).
fn said_more(game: &Game, lines: &[String]) -> bool {
    lines.iter().any(|l| *l != game.rounds.describe())
}

/// What the step asks of the table, or that the game is over or reopened.
fn reminder(game: &Game) -> String {
    let r = &game.rounds;
    if game.locked() {
        "The game is over: see the glory count. Reopen to correct something.".to_string()
    } else if r.finished {
        "Reopened for corrections: no more draws; Undo closes it again.".to_string()
    } else {
        format!("{}: {}", r.step.name(), r.step.reminder())
    }
}

/// The side's deck in one line over the card: its counts and the Digital/Physical switch.
fn deck_line(game: &Game, side: TeamSide) -> Element<'_, Message> {
    let team = game.team(side);
    row![
        container(
            // The discards are counted in the deck box under the board.
            text(format!("{} left", team.deck.draw_len()))
                .size(style::SMALL)
                .wrapping(text::Wrapping::None)
        )
        .width(Fill)
        .clip(true),
        mode(
            "Digital deck",
            !team.physical,
            Message::DeckMode(side, false),
            style::SMALL
        ),
        mode(
            "Physical deck",
            team.physical,
            Message::DeckMode(side, true),
            style::SMALL
        ),
    ]
    .spacing(4)
    .align_y(Center)
    .into()
}

/// The step bar: the round and step, the side shown, Next step; under them the steps of this
/// turn and the reserved line (`said`). Two rows of fixed height: nothing under it moves.
fn bar<'a>(
    game: &'a Game,
    side: TeamSide,
    said: Element<'a, Message>,
    refusing: bool,
) -> Element<'a, Message> {
    let r = &game.rounds;
    let mut steps = row![].spacing(4);
    for s in r.steps_this_turn() {
        let label = text(s.name()).size(style::SMALL);
        steps = steps.push(if *s == r.step && !r.finished {
            container(label).padding([1, 8]).style(style::selected)
        } else {
            container(label).padding([1, 8])
        });
    }
    let mut sides = row![].spacing(6);
    for t in TeamSide::BOTH {
        sides = sides.push(
            button(
                text(format!("{} side", t.name()))
                    .size(style::SMALL)
                    .align_y(Center),
            )
            .height(Length::Fixed(32.0))
            .padding([0, 10])
            .style(if t == side {
                style::primary
            } else {
                style::secondary
            })
            .on_press(Message::Side(t)),
        );
    }
    // After Black's last turn the same place offers the explicit, undoable Reopen (RULINGS).
    let next = if game.locked() {
        button(text("Reopen").size(style::HEADING))
            .padding([6, 18])
            .style(style::secondary)
            .on_press(Message::Reopen)
    } else {
        button(text("Next step").size(style::HEADING))
            .padding([6, 18])
            .style(style::primary)
            .on_press_maybe(
                (!r.finished && game.pending.is_none() && game.surrounded_asked.is_empty())
                    .then_some(Message::NextStep),
            )
    };
    container(
        column![
            row![
                // Fill and cut at its end, never wrapped: the bar keeps one height and the
                // buttons keep their size; the whole on hover.
                // A size between body and heading: the whole title fits beside the buttons
                // at 1024 with large type.
                // Smaller type where the room is short (the window of a 1024×768 screen
                // with large type), so the step is read whole.
                container(iced::widget::responsive(move |size| {
                    let title = game.rounds.describe();
                    let fitted = super::fit::name(
                        &title,
                        size.width,
                        STEP_TITLE * 1.3,
                        1.3,
                        STEP_TITLE,
                        style::SMALL,
                    );
                    container(widgets::hover_title(title, fitted.size))
                        .center_y(Fill)
                        .into()
                }))
                .width(Fill)
                .height(Length::Fixed(STEP_TITLE * 1.3))
                .center_y(Length::Fixed(STEP_TITLE * 1.3))
                .clip(true),
                sides,
                next
            ]
            .spacing(8)
            .align_y(Center),
            if refusing {
                row![said]
            } else {
                row![steps, said].spacing(8).align_y(Center)
            },
        ]
        .spacing(4),
    )
    .padding([6, 10])
    .width(Fill)
    .style(style::card)
    .into()
}

/// A dismissal from a physical deck: the card is drawn at the table; which range is printed?
/// The ranges offered are those in the team's deck file, plus "1 or 6".
fn awaiting(game: &Game, p: &crate::worldspanner::Pending) -> Element<'static, Message> {
    let mut ranges: Vec<DomeRange> = game
        .team(p.chooser)
        .deck
        .all_cards_sorted()
        .iter()
        .map(|c| c.domes())
        .collect();
    ranges.push(DomeRange::OneOrSix);
    ranges.sort();
    ranges.dedup();
    let mut options = row![].spacing(8);
    for r in ranges {
        options = options.push(
            button(text(r.to_string()).size(style::HEADING))
                .padding([10, 18])
                .style(style::secondary)
                .on_press(Message::ReadDomes(r)),
        );
    }
    container(
        column![
            text(format!(
                "{} is {}: {} draw a card from their deck",
                game.name(p.hero),
                match p.how {
                    crate::worldspanner::Removal::Dismiss => "dismissed",
                    crate::worldspanner::Removal::Banish => "banished",
                },
                p.chooser
            ))
            .size(style::HEADING)
            .style(style::warning_text),
            text("Which Dome range is printed on it?").size(style::TITLE),
            options.wrap(),
        ]
        .spacing(10),
    )
    .padding(14)
    .width(Fill)
    .style(style::selected)
    .into()
}

fn pending(game: &Game) -> Option<Element<'_, Message>> {
    let p = game.pending.as_ref()?;
    if p.awaiting_card {
        return Some(awaiting(game, p));
    }
    let first = p
        .candidates
        .first()
        .and_then(|c| game.domes.first_empty(c.number));
    Some(
        container(
            column![
                // The button first, at the same place whatever the hero's name: a long
                // name wrapping below never moves it.
                button(
                    text(match first {
                        Some(s) => format!("Place in {s}"),
                        None => "Place".into(),
                    })
                    .size(style::HEADING)
                )
                .padding([8, 20])
                .style(style::primary)
                .on_press(Message::Place(None)),
                text(format!(
                    "{} choose the Dome for {}",
                    p.chooser,
                    game.name(p.hero)
                ))
                .size(style::BODY)
                .style(style::warning_text),
            ]
            .spacing(4),
        )
        .padding(8)
        .width(Fill)
        .style(style::card)
        .into(),
    )
}

/// What the card's Dome range allows, under the Dome question (and under the result that
/// sent the hero there): the card's range, why each Dome is allowed, Place on the board.
fn pending_more(game: &Game) -> Option<Element<'_, Message>> {
    let p = game.pending.as_ref().filter(|p| !p.awaiting_card)?;
    Some(
        container(
            column![
                text(format!(
                    "{} is {}: {} shows Domes {}",
                    game.name(p.hero),
                    match p.how {
                        crate::worldspanner::Removal::Dismiss => "dismissed",
                        crate::worldspanner::Removal::Banish => "banished",
                    },
                    p.card.name(),
                    p.card.domes(),
                ))
                .size(style::BODY),
                text(crate::worldspanner::domes::explain(
                    p.card.domes(),
                    &p.candidates
                ))
                .size(style::SMALL),
                text("or press Place on another allowed Dome on the Domes board.")
                    .size(style::SMALL)
                    .style(style::muted),
            ]
            .spacing(4),
        )
        .padding(8)
        .width(Fill)
        .style(style::card)
        .into(),
    )
}

/// The end of the Action step with heroes still in a Dome (Must leave a Dome, p. 9): were
/// they surrounded? Yes ends the step; No leaves it open for Leave Dome.
fn surrounded(game: &Game) -> Option<Element<'_, Message>> {
    let question = game.surround_question()?;
    let answer = |label: &'static str, option: usize| {
        button(text(label).size(style::BODY))
            .padding([8, 12])
            .style(if option == 1 {
                style::primary
            } else {
                style::secondary
            })
            .on_press(Message::Surrounded(option))
    };
    // The answers first, at a fixed place, then the question however long it wraps.
    Some(
        container(
            column![
                row![answer(SURROUNDED_YES, 1), answer(SURROUNDED_NO, 2)]
                    .spacing(8)
                    .wrap()
                    .vertical_spacing(8),
                text(question).size(style::BODY),
            ]
            .spacing(8),
        )
        .padding(10)
        .width(Fill)
        .style(style::selected)
        .into(),
    )
}

/// The window's two answers to the surround question (`tablemate answer` 1 and 2).
pub const SURROUNDED_YES: &str = "Yes, surrounded: end the step";
pub const SURROUNDED_NO: &str = "No: they move out";

/// Gold on the ground where heroes fell (Picking up loot, p. 11): each pile, and Pick up for
/// the picked hero (in its Free step; the engine says why not otherwise).
fn loot(game: &Game, picked: Option<HeroRef>) -> Element<'_, Message> {
    if game.loot.is_empty() {
        return column![].into();
    }
    let mut col = column![text("Loot on the ground").size(style::BODY)].spacing(4);
    for (pile, l) in game.loot.iter().enumerate() {
        col = col.push(
            column![
                text(format!("{} gold {}", l.gold, l.place(game))).size(style::SMALL),
                button(
                    text(match picked {
                        Some(h) => format!("{} picks it up", game.name(h)),
                        None => "Pick a hero to pick it up".into(),
                    })
                    .size(style::SMALL)
                )
                .padding([4, 8])
                .style(style::secondary)
                .on_press_maybe(picked.map(|_| Message::PickUp(pile))),
            ]
            .spacing(2),
        );
    }
    container(col)
        .padding(8)
        .width(Fill)
        .style(style::card)
        .into()
}

fn deck_box(game: &Game, side: TeamSide) -> Element<'_, Message> {
    let team = game.team(side);
    let d = &team.deck;
    let last = match d.last_discarded() {
        // A physical deck's cards are on the table, not in the app.
        Some(_) if team.physical => "Your own cards: the app keeps the counts".into(),
        Some(c) => format!("Last card #{}: {}", c.number(), c.bands()),
        None => "No card drawn yet".into(),
    };
    // The Digital/Physical switch is in the step bar above (always in view).
    container(
        column![
            text(format!("{} deck: {}", side.name(), team.deck_name)).size(style::BODY),
            text(format!(
                "Deck: {} · Discard: {}",
                d.draw_len(),
                d.discard_len()
            ))
            .size(style::BODY),
            text(last).size(style::BODY).style(style::muted),
        ]
        .spacing(4),
    )
    .padding(10)
    .width(Fill)
    .style(style::card)
    .into()
}

fn mode(label: &str, on: bool, message: Message, size: f32) -> Element<'_, Message> {
    button(text(label).size(size).align_y(Center))
        .height(Length::Fixed(32.0))
        .padding([0, 8])
        .style(if on { style::chosen } else { style::secondary })
        .on_press_maybe((!on).then_some(message))
        .into()
}

fn last_result(game: &Game) -> Element<'_, Message> {
    result_lines(game, style::BODY, false)
}

/// The last challenge: its heading, the face in large type, and what it means, line by line
/// in type of `size`. `asked`: the Dome question is on screen above, so its line for the
/// command line (the free Domes and the JSON that answers) is left out.
fn result_lines(game: &Game, size: f32, asked: bool) -> Element<'_, Message> {
    let (face, lines): (Option<Face>, &[String]) = match &game.last {
        Some(LastEvent::Challenge { outcome, lines, .. }) => (Some(outcome.face), lines),
        Some(LastEvent::Attack { lines, outcome, .. }) => (
            Some(outcome.damage.as_ref().map_or(outcome.hit.face, |d| d.face)),
            lines,
        ),
        None => (None, &[]),
    };
    let verdict = face.map(|face| {
        text(face.name().to_uppercase())
            .size(style::TITLE)
            .style(if face.succeeded() {
                style::success_text
            } else {
                style::danger_text
            })
    });
    // Under the Dome question the heading and the verdict share a line, and the lines sit
    // closer, so the whole explanation is in view with large type too.
    let mut col = if asked {
        let mut head = row![].spacing(10).align_y(Center);
        if let Some(face) = face {
            head = head.push(text(face.name().to_uppercase()).size(style::HEADING).style(
                if face.succeeded() {
                    style::success_text
                } else {
                    style::danger_text
                },
            ));
        }
        column![head.push(text("Last challenge").size(style::BODY))].spacing(2)
    } else {
        let mut col = column![text("Last challenge").size(style::HEADING)].spacing(4);
        if let Some(v) = verdict {
            col = col.push(v);
        }
        col
    };
    for l in lines.iter().filter(|l| !(asked && is_dome_question(l))) {
        // Under the question, lines a little closer: the whole explanation fits the heroes'
        // column with large type.
        let line = text(l.clone()).size(size);
        col = col.push(if asked { line.line_height(1.2) } else { line });
    }
    widgets::card(col, if asked { 8 } else { 10 }).into()
}

/// The engine's Dome question as the command line reads it ("Skyhawks choose the Dome: free
/// Dome 5.1, ...; answer with {...}"): the window asks it with its own buttons.
pub fn is_dome_question(line: &str) -> bool {
    TeamSide::BOTH
        .iter()
        .any(|t| line.starts_with(&format!("{} choose the Dome", t.name())))
}
