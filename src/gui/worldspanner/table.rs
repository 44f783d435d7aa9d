//! The table side of one team: the round/step bar, a dismissal waiting for its Dome, the
//! team's deck, challenge panel and last result, laid out around the shared board (board.rs).

use iced::widget::{Column, button, column, container, row, text};
use iced::{Center, Element, Fill, Length};

use super::Message;
use super::ask::Ask;
use super::board::{domes, glory, heroes};
use super::form::ChallengeForm;
use crate::gui::{style, widgets};
use crate::worldspanner::domes::{DOMES_PER_KEY, DomeSlot};
use crate::worldspanner::{DomeRange, Face, Game, HeroRef, LastEvent, TeamSide};

pub fn view<'a>(
    game: &'a Game,
    side: TeamSide,
    form: &'a ChallengeForm,
    selected: Option<HeroRef>,
    lines: &'a [String],
    asking: Option<&'a Ask>,
    fight: &'a [HeroRef],
) -> Element<'a, Message> {
    let mut page = column![bar(game, side)].spacing(style::GAP);
    match pending(game) {
        Some(p) => page = page.push(p),
        // What the last action said, in a box of fixed height that is always there, so the
        // page below never jumps when an action speaks (the full text scrolls inside it).
        None => {
            let mut said = Column::new().spacing(2);
            for l in lines {
                said = said.push(text(l.clone()).size(style::BODY));
            }
            page = page.push(
                container(iced::widget::scrollable(said).width(Fill))
                    .padding(10)
                    .width(Fill)
                    .height(Length::Fixed(style::BODY * 5.0))
                    .style(style::card),
            );
        }
    }
    // Two columns, so the screen still fits 1280 px with large type (about 1000 px).
    // The left column holds what a draw needs, top to bottom, so the Draw button and its
    // answer stay in view at 768 px; the deck box is on the right.
    let left = column![
        headline(game),
        // While a physical card is being read, its question takes the challenge panel's place,
        // so the answer buttons appear where the Draw button was pressed.
        match asking {
            Some(ask) => ask.view(),
            None => widgets::card(form.view(game, side), 10).into(),
        },
        last_result(game)
    ]
    .spacing(style::GAP)
    .width(Length::Fixed(430.0));
    let right = column![
        widgets::card(heroes(game, side, selected, fight), 10),
        deck_box(game, side),
        domes(game),
        glory(game, side)
    ]
    .spacing(style::GAP)
    .width(Fill);
    page.push(row![left, right].spacing(style::GAP)).into()
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
    let mut options = row![].spacing(8);
    for c in &p.candidates {
        for s in 1..=DOMES_PER_KEY {
            let slot = DomeSlot {
                number: c.number,
                slot: s,
            };
            if game.domes.occupant(slot).is_none() {
                options = options.push(
                    button(text(slot.to_string()).size(style::BODY))
                        .padding([6, 12])
                        .style(style::secondary)
                        .on_press(Message::Place(Some(slot))),
                );
            }
        }
    }
    let first = p
        .candidates
        .first()
        .and_then(|c| game.domes.first_empty(c.number));
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
                .size(style::HEADING)
                .style(style::warning_text),
                text(format!("{} choose the Dome", p.chooser)).size(style::HEADING),
                text(crate::worldspanner::domes::explain(
                    p.card.domes(),
                    &p.candidates
                ))
                .size(style::BODY),
                row![
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
                    text("or pick:").size(style::BODY),
                    options.wrap(),
                ]
                .spacing(style::GAP)
                .align_y(Center),
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
            text(format!("{} deck: {}", side.name(), team.deck_name)).size(style::HEADING),
            text(format!(
                "Deck: {} · Discard: {}",
                d.draw_len(),
                d.discard_len()
            ))
            .size(style::HEADING),
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

/// The last draw's answer in large type, named by hero and card, always the same height and
/// just above the Draw button, so it is where the eye is and nothing below it moves.
fn headline(game: &Game) -> Element<'_, Message> {
    let (who, face, card, verdict) = match &game.last {
        Some(LastEvent::Challenge {
            team,
            hero,
            outcome,
            ..
        }) => (
            hero.map_or(team.to_string(), |h| game.name(h)),
            Some(outcome.face),
            outcome.card.name(),
            outcome.face.name().to_uppercase(),
        ),
        Some(LastEvent::Attack {
            attacker, outcome, ..
        }) => (
            game.name(*attacker),
            // Coloured by the hit: a hit is good news for the attacker.
            Some(if outcome.hit.hit {
                Face::Pass
            } else {
                Face::Fopp
            }),
            outcome.hit.card.name(),
            if outcome.hit.hit {
                format!("HIT: {} wound(s)", outcome.wounds)
            } else {
                "MISS".into()
            },
        ),
        None => (String::new(), None, String::new(), String::new()),
    };
    let big = text(verdict).size(style::TITLE).style(match face {
        Some(f) if f.succeeded() => style::success_text,
        _ => style::danger_text,
    });
    container(
        column![
            text(if face.is_some() {
                format!("{who} · {card}")
            } else {
                "No challenge drawn yet".into()
            })
            .size(style::HEADING),
            big,
        ]
        .spacing(4),
    )
    .padding(10)
    .width(Fill)
    .height(Length::Fixed(style::TITLE * 3.0))
    .style(style::card)
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
