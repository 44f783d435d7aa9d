//! The table side of one team, the whole main loop on one screen without page scrolling
//! (docs/worldspanner.md, The screen): the round/step bar with Next step in a fixed place and a
//! reserved line for what it says or refuses; under it three columns: the last card drawn and
//! the challenge panel (a physical card's question takes the panel's place), the team's heroes
//! as tiles with their actions on them, and the 24 Domes as a board with the Dome question
//! under it, then the glory board. Each column scrolls on its own.

use iced::widget::{button, column, container, row, scrollable, text};
use iced::{Center, Element, Fill, Length};

use super::ask::Ask;
use super::board::{domes, glory, heroes};
use super::form::ChallengeForm;
use super::{Message, Refusal, Where};
use crate::gui::{style, widgets};
use crate::worldspanner::{DomeRange, Face, Game, HeroRef, LastEvent, TeamSide};

/// What the table side shows besides the game.
pub struct Table<'a> {
    pub side: TeamSide,
    pub form: &'a ChallengeForm,
    pub lines: &'a [String],
    pub asking: Option<&'a Ask>,
    pub fight: &'a [HeroRef],
    pub refusal: Option<&'a Refusal>,
}

/// The challenge column's width; the Dome board's.
const LEFT: f32 = 370.0;
const BOARD: f32 = 250.0;

pub fn view<'a>(game: &'a Game, t: Table<'a>) -> Element<'a, Message> {
    let side = t.side;
    let refused = |at: Where| t.refusal.filter(|r| r.at == at).map(|r| r.text.as_str());
    // The reserved line under the bar: a refusal of Next step (or of the glory board), else
    // what the last action said. One line of fixed height, so nothing below it moves.
    // Two lines of small type: a refusal with its "how" fits whole at 1024 px.
    let said: Element<'_, Message> = match refused(Where::Bar) {
        Some(r) => text(r).size(style::SMALL).style(style::danger_text).into(),
        None => text(t.lines.join(" · ")).size(style::SMALL).into(),
    };
    let said = container(said)
        .padding([0, 10])
        .width(Fill)
        .height(Length::Fixed(style::SMALL * 2.8))
        .center_y(Length::Fixed(style::SMALL * 2.8))
        .clip(true);
    // Left: the card drawn (fixed height), then the challenge panel headed by Draw. While a
    // physical card is being read its question takes the panel's place, where Draw was.
    // A physical card being read, or a hero waiting for its Dome, asks in this column's place
    // (beside the board), card and panel both, so the answers are in view with large type
    // too; Draw waits until it is answered.
    let question = match t.asking {
        Some(ask) => Some(ask.view()),
        None => pending(game),
    };
    let left = match question {
        Some(q) => column![scrollable(q).height(Fill).width(Fill)],
        None => column![
            super::card_view::view(game),
            scrollable(
                column![
                    widgets::card(t.form.view(game, side, refused(Where::Draw)), 10),
                    last_result(game)
                ]
                .spacing(style::GAP)
            )
            .height(Fill)
            .width(Fill),
        ],
    }
    .spacing(style::GAP)
    .width(Length::Fixed(LEFT))
    .height(Fill);
    // Middle: the heroes, their refusal in the heading's line.
    let heading = row![
        text(format!("{} heroes", side.name()))
            .size(style::HEADING)
            .wrapping(iced::widget::text::Wrapping::None),
        container(
            text(refused(Where::Heroes).unwrap_or_default())
                .size(style::SMALL)
                .style(style::danger_text)
        )
        .width(Fill)
        .height(Length::Fixed(style::HEADING * 1.4))
        .center_y(Length::Fixed(style::HEADING * 1.4))
        .clip(true),
    ]
    .spacing(8)
    .align_y(Center);
    let middle = column![
        heading,
        scrollable(heroes(game, side, t.fight))
            .height(Fill)
            .width(Fill),
    ]
    .spacing(4)
    .width(Fill)
    .height(Fill);
    // Between them the board, beside the Dome question, and under it the deck and the glory.
    // The column scrolls as a whole: where the window is short (large type at 1366×768) the
    // Domes' last rows are a scroll away instead of squeezed out of reach.
    let board = scrollable(
        container(
            column![domes(game), deck_box(game, side), glory(game, side)].spacing(style::GAP),
        )
        .padding(iced::Padding::ZERO.right(12)),
    )
    .width(Length::Fixed(BOARD))
    .height(Fill);
    column![
        bar(game, side),
        said,
        row![left, board, middle].spacing(style::GAP).height(Fill)
    ]
    .spacing(6)
    .height(Fill)
    .into()
}

fn bar(game: &Game, side: TeamSide) -> Element<'_, Message> {
    let r = &game.rounds;
    let mut steps = row![].spacing(6);
    for s in r.steps_this_turn() {
        let label = text(s.name()).size(style::BODY);
        steps = steps.push(if *s == r.step && !r.finished {
            container(label).padding([4, 10]).style(style::selected)
        } else {
            container(label).padding([4, 10])
        });
    }
    let mut sides = row![].spacing(6);
    for t in TeamSide::BOTH {
        sides = sides.push(
            button(text(format!("{} side", t.name())).size(style::BODY))
                .padding([6, 12])
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
            .padding([8, 20])
            .style(style::secondary)
            .on_press(Message::Reopen)
    } else {
        button(text("Next step").size(style::HEADING))
            .padding([8, 20])
            .style(style::primary)
            .on_press_maybe((!r.finished && game.pending.is_none()).then_some(Message::NextStep))
    };
    container(
        column![
            row![
                // Fill: at 1024 px with large type the round line wraps; the buttons keep
                // their size and Next step is never cut off.
                text(r.describe()).size(style::HEADING).width(Fill),
                sides,
                next
            ]
            .spacing(style::GAP)
            .align_y(Center),
            // The deck's counts and its Digital/Physical switch share the steps' row, so they
            // are in view without scrolling and take no height from the hero list.
            row![
                container(steps.wrap()).width(Fill),
                text(format!(
                    "{} deck {} · discard {}",
                    side.name(),
                    game.team(side).deck.draw_len(),
                    game.team(side).deck.discard_len()
                ))
                .size(style::BODY),
                mode(
                    "Digital deck",
                    !game.team(side).physical,
                    Message::DeckMode(side, false)
                ),
                mode(
                    "Physical deck",
                    game.team(side).physical,
                    Message::DeckMode(side, true)
                ),
            ]
            .spacing(6)
            .align_y(Center),
            text(if game.locked() {
                "The game is over: see the glory count. Reopen to correct something.".to_string()
            } else if r.finished {
                "Reopened for corrections: no more draws; Undo closes it again.".to_string()
            } else {
                format!("{}: {}", r.step.name(), r.step.reminder())
            })
            .size(style::BODY)
            .style(style::muted),
        ]
        .spacing(6),
    )
    .padding(10)
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
                "{} is {}: {} draw a card from your deck",
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
                text(format!(
                    "{} choose the Dome for {}",
                    p.chooser,
                    game.name(p.hero)
                ))
                .size(style::HEADING)
                .style(style::warning_text),
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
                text("or press Place on another allowed Dome on the board beside.")
                    .size(style::SMALL)
                    .style(style::muted),
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
            ]
            .spacing(8),
        )
        .padding(12)
        .width(Fill)
        .style(style::card)
        .into(),
    )
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

fn mode(label: &str, on: bool, message: Message) -> Element<'_, Message> {
    button(text(label).size(style::BODY))
        .padding([4, 12])
        .style(if on { style::primary } else { style::secondary })
        .on_press_maybe((!on).then_some(message))
        .into()
}

fn last_result(game: &Game) -> Element<'_, Message> {
    let (face, lines): (Option<Face>, &[String]) = match &game.last {
        Some(LastEvent::Challenge { outcome, lines, .. }) => (Some(outcome.face), lines),
        Some(LastEvent::Attack { lines, outcome, .. }) => (
            Some(outcome.damage.as_ref().map_or(outcome.hit.face, |d| d.face)),
            lines,
        ),
        None => (None, &[]),
    };
    let mut col = column![text("Last challenge").size(style::HEADING)].spacing(4);
    if let Some(face) = face {
        col = col.push(text(face.name().to_uppercase()).size(style::TITLE).style(
            if face.succeeded() {
                style::success_text
            } else {
                style::danger_text
            },
        ));
    }
    for l in lines {
        col = col.push(text(l.clone()).size(style::BODY));
    }
    widgets::card(col, 10).into()
}
