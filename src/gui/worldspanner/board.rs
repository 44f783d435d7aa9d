//! The shared parts of the table: the Dome map (with the allowed Domes clickable while a hero
//! waits), a team's heroes with their hand actions, and the glory board.

use iced::widget::{Column, Row, button, column, container, row, text};
use iced::{Center, Element, Fill, Length};

use super::{HeroOp, Message};
use crate::gui::{style, widgets};
use crate::worldspanner::domes::{DOMES_PER_KEY, DomeSlot};
use crate::worldspanner::victory::SPACES_PER_KEY;
use crate::worldspanner::{DomeNumber, Game, HeroRef, HeroStatus, Step, TeamSide};

pub fn domes(game: &Game) -> Element<'_, Message> {
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
            line = line.push(widgets::card(cell, [4, 8]));
        }
        grid = grid.push(line);
    }
    widgets::card(grid, 10).into()
}

/// Is Dome number `n` among the proposals for the hero waiting to be placed?
fn allowed(game: &Game, n: DomeNumber) -> bool {
    game.pending
        .as_ref()
        .is_some_and(|p| p.candidates.iter().any(|c| c.number == n))
}

pub fn heroes<'a>(
    game: &'a Game,
    side: TeamSide,
    selected: Option<HeroRef>,
    fight: &[HeroRef],
) -> Column<'a, Message> {
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
    if !fight.is_empty() {
        col = col.push(text(melee_order(game, fight)).size(style::BODY));
    }
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

/// "Melee order by Wits: Blackbeard 7, Rizzik 5 (ties: the active team first)".
fn melee_order(game: &Game, fight: &[HeroRef]) -> String {
    let (order, unknown) = game.melee_order(fight);
    let mut s = format!(
        "Melee order by Wits: {}",
        order
            .iter()
            .map(|(r, w)| format!("{} {w}", game.name(*r)))
            .collect::<Vec<_>>()
            .join(", ")
    );
    if !unknown.is_empty() {
        s += &format!(
            "{}no hero card, Wits unknown: {}",
            if order.is_empty() { "" } else { "; " },
            unknown
                .iter()
                .map(|r| game.name(*r))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    s + " (ties: the active team first)"
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
        // Offered only while an Underworld reward waits: it is taken at once or lost.
        HeroStatus::Underpit if game.team(r.team).underworld_credits > 0 => {
            ops.push(op("Raise to the Pit", HeroOp::Raise))
        }
        HeroStatus::Pit if game.team(r.team).underworld_credits > 0 => {
            ops.push(op("Renew", HeroOp::Renew))
        }
        _ => {}
    }
    if h.status == HeroStatus::OnMap {
        ops.push(op("In / out of the fight", HeroOp::Fight));
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

pub fn glory(game: &Game, side: TeamSide) -> Element<'_, Message> {
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
    widgets::card(col, 10).into()
}
