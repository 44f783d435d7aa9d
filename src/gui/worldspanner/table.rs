//! The table side of one team: the round/step bar, a dismissal waiting for its Dome, the
//! team's deck and challenge panel, the Dome map, the team's heroes and the glory board; and
//! the odds view over the cards left in the team's draw pile.

use iced::widget::{Column, Row, button, column, container, row, text};
use iced::{Center, Element, Fill, Length};

use super::form::ChallengeForm;
use super::{HeroOp, Message};
use crate::gui::style;
use crate::worldspanner::domes::{DOMES_PER_KEY, DomeSlot};
use crate::worldspanner::victory::SPACES_PER_KEY;
use crate::worldspanner::{
    DomeNumber, Face, Game, HeroRef, HeroStatus, LastEvent, Odds, Step, TeamSide,
};

pub fn view<'a>(
    game: &'a Game,
    side: TeamSide,
    form: &'a ChallengeForm,
    selected: Option<HeroRef>,
    lines: &'a [String],
) -> Element<'a, Message> {
    let mut page = column![bar(game, side)].spacing(style::GAP);
    match pending(game) {
        Some(p) => page = page.push(p),
        // What the last action said (the pending panel already says it while a hero waits).
        None if !lines.is_empty() => {
            let mut said = Column::new().spacing(2);
            for l in lines {
                said = said.push(text(l.clone()).size(style::BODY));
            }
            page = page.push(container(said).padding(10).width(Fill).style(style::card));
        }
        None => {}
    }
    // Two columns, so the screen still fits 1280 px with large type (about 1000 px).
    let left = column![
        deck_box(game, side),
        container(form.view(game, side))
            .padding(10)
            .width(Fill)
            .style(style::card),
        last_result(game)
    ]
    .spacing(style::GAP)
    .width(Length::Fixed(430.0));
    let right = column![
        container(heroes(game, side, selected))
            .padding(10)
            .width(Fill)
            .style(style::card),
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
    let next = button(text("Next step").size(style::HEADING))
        .padding([8, 20])
        .style(style::primary)
        .on_press_maybe((!r.finished && game.pending.is_none()).then_some(Message::NextStep));
    container(
        column![
            row![
                text(r.describe()).size(style::HEADING),
                iced::widget::space::horizontal(),
                sides,
                next
            ]
            .spacing(style::GAP)
            .align_y(Center),
            steps.wrap(),
            text(if r.finished {
                "The game is over: see the glory count.".to_string()
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

fn pending(game: &Game) -> Option<Element<'_, Message>> {
    let p = game.pending.as_ref()?;
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
                    "{} is {}: card #{} shows Domes {}",
                    game.name(p.hero),
                    match p.how {
                        crate::worldspanner::Removal::Dismiss => "dismissed",
                        crate::worldspanner::Removal::Banish => "banished",
                    },
                    p.card.number(),
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
        Some(c) => format!(
            "Last card: #{} {} · Luck {} · Domes {}",
            c.number(),
            c.face_row(),
            c.luck().get(),
            c.domes()
        ),
        None => "No card drawn yet".into(),
    };
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
    container(col)
        .padding(10)
        .width(Fill)
        .style(style::card)
        .into()
}

fn domes(game: &Game) -> Element<'_, Message> {
    let mut grid = column![text("Domes").size(style::HEADING)].spacing(6);
    for n in DomeNumber::all() {
        let mut line: Row<'_, Message> =
            row![text(format!("Dome {n}")).size(style::BODY).width(80)]
                .spacing(6)
                .align_y(Center);
        for s in 1..=DOMES_PER_KEY {
            let slot = DomeSlot { number: n, slot: s };
            let cell: Element<'_, Message> = match game.domes.occupant(slot) {
                Some(h) => {
                    let seat = h.team.index();
                    text(format!("{} ({})", game.name(h), &h.team.name()[..1]))
                        .size(style::BODY)
                        .style(move |theme: &iced::Theme| iced::widget::text::Style {
                            color: Some(style::seat_colour(theme, seat)),
                        })
                        .into()
                }
                None if allowed(game, n) => button(text("place here").size(style::SMALL))
                    .padding([2, 6])
                    .style(style::primary)
                    .on_press(Message::Place(Some(slot)))
                    .into(),
                None => text("empty").size(style::SMALL).style(style::muted).into(),
            };
            line = line.push(
                container(cell)
                    .padding([4, 8])
                    .width(Fill)
                    .style(style::card),
            );
        }
        grid = grid.push(line);
    }
    container(grid)
        .padding(10)
        .width(Fill)
        .style(style::card)
        .into()
}

/// Is Dome number `n` among the proposals for the hero waiting to be placed?
fn allowed(game: &Game, n: DomeNumber) -> bool {
    game.pending
        .as_ref()
        .is_some_and(|p| p.candidates.iter().any(|c| c.number == n))
}

fn heroes(game: &Game, side: TeamSide, selected: Option<HeroRef>) -> Column<'_, Message> {
    let mut cards: Vec<Element<'_, Message>> = Vec::new();
    for (i, h) in game.team(side).heroes.iter().enumerate() {
        let r = HeroRef {
            team: side,
            hero: i,
        };
        let boost = if h.boost_active { " (in use)" } else { "" };
        let line = column![
            text(h.name.clone()).size(style::BODY),
            text(format!(
                "{}/{} wounds · {} gold · {} Boost{boost}",
                h.wounds, h.health, h.gold, h.boosts,
            ))
            .size(style::SMALL),
            text(h.status.describe())
                .size(style::SMALL)
                .style(style::muted),
        ];
        let width = Length::Fixed(250.0);
        cards.push(if selected == Some(r) {
            container(line)
                .padding([4, 8])
                .width(width)
                .style(style::selected)
                .into()
        } else {
            button(line)
                .padding([4, 8])
                .width(width)
                .style(style::row_button)
                .on_press(Message::Select(r))
                .into()
        });
    }
    let mut col = column![
        text(format!("{} heroes", side.name())).size(style::HEADING),
        Row::with_children(cards).spacing(6).wrap(),
    ]
    .spacing(6);
    match selected.filter(|r| r.team == side) {
        Some(r) => col = col.push(hero_actions(game, r)),
        None => {
            col = col.push(
                text("Click a hero for its actions: enter, leave the Dome, wounds, gold, Boosts.")
                    .size(style::SMALL)
                    .style(style::muted),
            )
        }
    }
    col
}

fn hero_actions(game: &Game, r: HeroRef) -> Element<'_, Message> {
    let Ok(h) = game.hero(r) else {
        return column![].into();
    };
    let op = |label: &'static str, op: HeroOp| -> Element<'_, Message> {
        button(text(label).size(style::SMALL))
            .padding([4, 8])
            .style(style::secondary)
            .on_press(Message::Hero(r, op))
            .into()
    };
    let mut ops: Vec<Element<'_, Message>> = Vec::new();
    match h.status {
        HeroStatus::Waiting if game.rounds.step == Step::Reinforce => {
            ops.push(op("Enter (Reinforce)", HeroOp::Reinforce))
        }
        HeroStatus::InDome { .. } => ops.push(op("Leave the Dome", HeroOp::LeaveDome)),
        HeroStatus::Underpit => ops.push(op("Raise to the Pit", HeroOp::Raise)),
        HeroStatus::Pit => ops.push(op("Renew", HeroOp::Renew)),
        _ => {}
    }
    if h.status.in_play() {
        for (label, o) in [
            ("Dismiss", HeroOp::Dismiss),
            ("Banish", HeroOp::Banish),
            ("+1 wound", HeroOp::Wound),
            ("Heal 1", HeroOp::Heal),
            ("Use a Boost", HeroOp::UseBoost),
        ] {
            ops.push(op(label, o));
        }
    }
    for (label, o) in [
        ("+1 gold", HeroOp::GoldUp),
        ("−1 gold", HeroOp::GoldDown),
        ("+1 Boost", HeroOp::GainBoost),
    ] {
        ops.push(op(label, o));
    }
    column![
        text(format!("{}:", h.name)).size(style::BODY),
        Row::with_children(ops).spacing(6).wrap()
    ]
    .spacing(4)
    .into()
}

fn glory(game: &Game, side: TeamSide) -> Element<'_, Message> {
    let mut col = column![text("Glory board").size(style::HEADING)].spacing(6);
    for key in &game.keys {
        let mut line = row![
            text(format!(
                "{}: S {} · P {}",
                key.faction.key_name(),
                key.markers(TeamSide::Skyhawks),
                key.markers(TeamSide::Psiclones)
            ))
            .size(style::BODY)
            .width(Fill)
        ]
        .spacing(4)
        .align_y(Center);
        for s in 0..SPACES_PER_KEY {
            let mark = match key.spaces[s] {
                Some(t) => &t.name()[..1],
                None => "–",
            };
            line = line.push(
                button(text(format!("{} {mark}", s + 1)).size(style::SMALL))
                    .padding([4, 8])
                    .style(style::secondary)
                    .on_press(Message::Capture(key.faction, s)),
            );
        }
        col = col.push(line);
    }
    let lith = match (game.lith.holder, game.lith.favor(side)) {
        (Some(t), _) => format!("Lith's tribute: {t} {}", game.lith.amount),
        (None, _) => "Lith's tribute: none".into(),
    };
    let g = game.glory();
    col = col.push(
        row![
            text(lith).size(style::BODY).width(Fill),
            button(text(format!("+1 tribute ({})", side.name())).size(style::SMALL))
                .style(style::secondary)
                .on_press(Message::Tribute),
            button(text(format!("Glory card ({})", side.name())).size(style::SMALL))
                .style(style::secondary)
                .on_press(Message::GloryCard),
        ]
        .spacing(6)
        .align_y(Center),
    );
    col = col.push(
        text(format!(
            "Glory if the game ended now: Skyhawks {} · Psiclones {}",
            g.glory[0], g.glory[1]
        ))
        .size(style::HEADING),
    );
    col = col.push(
        text(format!(
            "Capture buttons act for the {} (the side shown).",
            side.name()
        ))
        .size(style::SMALL)
        .style(style::muted),
    );
    if game.rounds.finished {
        for l in g.lines {
            col = col.push(text(l).size(style::BODY));
        }
    }
    container(col)
        .padding(10)
        .width(Fill)
        .style(style::card)
        .into()
}

pub fn odds(game: &Game, side: TeamSide) -> Element<'_, Message> {
    let o = Odds::next_draw(&game.team(side).deck);
    let cell = |s: String| text(s).size(style::BODY).width(90);
    let mut table = column![
        text(format!(
            "{} odds over the {} cards {} (their mix, not their order)",
            side.name(),
            o.cards,
            if o.after_reshuffle {
                "a reshuffle of the discard pile would bring back"
            } else {
                "left in the draw pile"
            }
        ))
        .size(style::HEADING),
        row![
            cell("Diff".into()),
            cell("Fopp".into()),
            cell("Fail".into()),
            cell("Squeak".into()),
            cell("Pass".into()),
            cell("Amaze".into()),
            cell("Pass+".into()),
            cell("Hit".into()),
        ]
    ]
    .spacing(4);
    let pct = |p: f64| format!("{:.0}%", p * 100.0);
    for r in &o.rows {
        let mut line = row![cell(format!("{:+}", r.difference))];
        for p in r.faces {
            line = line.push(cell(pct(p)));
        }
        line = line.push(cell(pct(r.success)));
        line = line.push(cell(pct(r.hit)));
        table = table.push(line);
    }
    let mut sides = row![].spacing(6);
    for t in TeamSide::BOTH {
        sides = sides.push(
            button(text(format!("{} deck", t.name())).size(style::BODY))
                .style(if t == side {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::Side(t)),
        );
    }
    container(column![sides, table].spacing(style::GAP))
        .padding(12)
        .style(style::card)
        .into()
}
