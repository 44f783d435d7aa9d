//! The shared parts of the table: the Dome map (with the allowed Domes clickable while a hero
//! waits), a team's heroes with their hand actions, and the glory board.

use iced::widget::{Column, Row, button, column, container, row, text};
use iced::{Center, Element, Fill, Length};

use super::{HeroOp, Message};
use crate::gui::{style, widgets};
use crate::worldspanner::domes::{DOMES_PER_KEY, DomeSlot};
use crate::worldspanner::victory::SPACES_PER_KEY;
use crate::worldspanner::{DomeNumber, Game, HeroRef, HeroStatus, Step, TeamSide};

/// The 24 Domes as the board they are: six rows (Dome 1 to 6) of four places, each place
/// coloured by the team of the hero in it (its name whole on hover), the allowed empty places
/// buttons while a hero waits for its Dome (docs/worldspanner.md, The screen).
pub fn domes(game: &Game) -> Element<'_, Message> {
    let mut grid = column![text("Domes").size(style::HEADING)].spacing(4);
    for n in DomeNumber::all() {
        let mut line: Row<'_, Message> = row![
            text(n.to_string())
                .size(style::BODY)
                .width(Length::Fixed(18.0))
        ]
        .spacing(4)
        .align_y(Center);
        for s in 1..=DOMES_PER_KEY {
            let slot = DomeSlot { number: n, slot: s };
            line = line.push(dome_cell(game, slot));
        }
        grid = grid.push(line);
    }
    widgets::card(grid, 8).into()
}

/// One of the 24 places: a hero (team-coloured, name whole on hover), "Place" while allowed,
/// or empty. Every cell has the same size, so the board never shifts.
fn dome_cell(game: &Game, slot: DomeSlot) -> Element<'_, Message> {
    let size = |e: Element<'static, Message>| -> iced::widget::Container<'static, Message> {
        container(e)
            .width(Fill)
            .height(Length::Fixed(DOME_CELL))
            .center_y(Length::Fixed(DOME_CELL))
            .clip(true)
    };
    match game.domes.occupant(slot) {
        Some(h) => {
            let seat = h.team.index();
            let name = game.name(h);
            // The cell's colour names the team: "Skyhawks hero 3" shows as "hero 3".
            let short = name
                .strip_prefix(&format!("{} ", h.team.name()))
                .unwrap_or(&name)
                .to_string();
            let cell = size(
                text(short)
                    .size(style::SMALL)
                    .wrapping(iced::widget::text::Wrapping::None)
                    .into(),
            )
            .padding([0, 4])
            .style(move |theme: &iced::Theme| container::Style {
                border: iced::Border {
                    color: style::seat_colour(theme, seat),
                    width: 2.0,
                    radius: 4.0.into(),
                },
                ..style::card(theme)
            });
            iced::widget::tooltip(
                cell,
                container(text(format!("{name} ({}) in {slot}", h.team.name())).size(style::SMALL))
                    .padding(6)
                    .style(style::card),
                iced::widget::tooltip::Position::Bottom,
            )
            .into()
        }
        None if allowed(game, slot.number) => {
            // Left and centred in height like the numbers and names of the other places, so
            // a column of places reads the same whatever is in it.
            button(
                container(text("Place").size(style::SMALL))
                    .width(Fill)
                    .height(Fill)
                    .align_y(Center),
            )
            .width(Fill)
            .height(Length::Fixed(DOME_CELL))
            .padding([0, 4])
            .style(style::primary)
            .on_press(Message::Place(Some(slot)))
            .into()
        }
        None => size(
            text(format!("{}.{}", slot.number, slot.slot))
                .size(style::SMALL)
                .style(style::muted)
                .into(),
        )
        .padding([0, 4])
        .style(style::card)
        .into(),
    }
}

/// A Dome place's height: a "Place" button there is a full target (docs/table-ux.md: >= 32 px).
const DOME_CELL: f32 = 32.0;

/// A hand button's height (docs/table-ux.md: targets >= 32 px; large type scales it with the rest).
const TARGET: f32 = 32.0;

/// Is Dome number `n` among the proposals for the hero waiting to be placed?
fn allowed(game: &Game, n: DomeNumber) -> bool {
    game.pending
        .as_ref()
        .is_some_and(|p| p.candidates.iter().any(|c| c.number == n))
}

/// The team's heroes as tiles in setup order, each with its actions on it: a tile never
/// moves when one of its buttons is pressed (docs/worldspanner.md, The screen). The melee
/// order by Wits sits in a reserved line above the tiles, so marking a fight moves nothing.
pub fn heroes<'a>(game: &'a Game, side: TeamSide, fight: &[HeroRef]) -> Column<'a, Message> {
    let mut tiles: Vec<Element<'_, Message>> = Vec::new();
    for i in 0..game.team(side).heroes.len() {
        tiles.push(hero_tile(
            game,
            HeroRef {
                team: side,
                hero: i,
            },
            fight,
        ));
    }
    let order = if fight.is_empty() {
        "Mark heroes in a melee fight (Fight) for their order by Wits.".to_string()
    } else {
        melee_order(game, fight)
    };
    column![
        container(text(order).size(style::SMALL).style(style::muted))
            .height(Length::Fixed(style::SMALL * 2.7))
            .clip(true),
        Row::with_children(tiles)
            .spacing(6)
            .wrap()
            .vertical_spacing(6),
    ]
    .spacing(4)
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

/// One hero's tile: name and where it is, its wounds, gold and Boosts each with their own
/// buttons, and the actions its place allows (enter, leave the Dome, dismiss, banish, raise,
/// renew, the fight mark). Every tile has the same buttons' rows, so tiles line up.
fn hero_tile<'a>(game: &'a Game, r: HeroRef, fight: &[HeroRef]) -> Element<'a, Message> {
    let Ok(h) = game.hero(r) else {
        return column![].into();
    };
    // The hero's one action of this step, once taken (Rounds, p. 7): the engine refuses a
    // second, and the tile says so before anyone tries.
    let acted = game.acted.iter().find(|d| d.hero == r).map(|d| d.deed);
    let op_maybe = |label: &'static str, op: Option<HeroOp>| -> Element<'a, Message> {
        button(text(label).size(style::SMALL).align_y(Center))
            .height(Length::Fixed(TARGET))
            .padding([0, 8])
            .style(style::secondary)
            .on_press_maybe(op.map(|op| Message::Hero(r, op)))
            .into()
    };
    let op = |label: &'static str, op: HeroOp| op_maybe(label, Some(op));
    let mut ops: Vec<Element<'_, Message>> = Vec::new();
    match h.status {
        HeroStatus::Waiting if game.rounds.step == Step::Reinforce => {
            ops.push(op("Enter (Reinforce)", HeroOp::Reinforce))
        }
        // Leaving the Dome is the Move action: disabled once the hero has acted.
        HeroStatus::InDome { .. } => ops.push(op_maybe(
            "Leave the Dome",
            acted.is_none().then_some(HeroOp::LeaveDome),
        )),
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
        ops.push(op(
            if fight.contains(&r) {
                "Out of the fight"
            } else {
                "Fight"
            },
            HeroOp::Fight,
        ));
    }
    if h.status.in_play() {
        ops.push(op("Dismiss", HeroOp::Dismiss));
        ops.push(op("Banish", HeroOp::Banish));
    }
    if let Some(deed) = acted {
        ops.push(
            container(
                text(format!("acted this step: {}", deed.done()))
                    .size(style::SMALL)
                    .style(style::muted),
            )
            .height(Length::Fixed(TARGET))
            .center_y(Length::Fixed(TARGET))
            .into(),
        );
    }
    let boost = if h.boost_active { " (in use)" } else { "" };
    // The counts with their steppers; each button names itself on hover.
    let stepper = |label: &'static str, tip: &'static str, o: Option<HeroOp>| {
        iced::widget::tooltip(
            button(
                text(label)
                    .size(style::BODY)
                    .align_x(Center)
                    .align_y(Center)
                    .width(Fill),
            )
            .height(Length::Fixed(TARGET))
            .width(Length::Fixed(if label.len() > 3 { 44.0 } else { TARGET }))
            .padding(0)
            .style(style::secondary)
            .on_press_maybe(o.map(|o| Message::Hero(r, o))),
            container(text(tip).size(style::SMALL))
                .padding(6)
                .style(style::card),
            iced::widget::tooltip::Position::Top,
        )
        .into()
    };
    let step = |label: &'static str, tip: &'static str, o: HeroOp| -> Element<'a, Message> {
        stepper(label, tip, Some(o))
    };
    // Each count with its buttons is one group, so a narrow tile wraps between groups.
    let group = |items: Vec<Element<'a, Message>>| -> Element<'a, Message> {
        Row::with_children(items).spacing(3).align_y(Center).into()
    };
    let count = |s: String| -> Element<'a, Message> { text(s).size(style::SMALL).into() };
    // "Use" is always there (disabled out of play), so every tile's counts wrap alike and a
    // tile keeps its height when its hero enters or leaves play.
    let boosts = vec![
        count(format!("{} Boost{boost}", h.boosts)),
        step("+", "+1 Boost", HeroOp::GainBoost),
        stepper(
            "Use",
            "Use a Boost (a hero in play)",
            h.status.in_play().then_some(HeroOp::UseBoost),
        ),
    ];
    let counts = row![
        group(vec![
            count(format!("{}/{} wounds", h.wounds, h.health)),
            step("+", "+1 wound", HeroOp::Wound),
            step("−", "Heal 1", HeroOp::Heal),
        ]),
        group(vec![
            count(format!("{} gold", h.gold)),
            step("+", "+1 gold", HeroOp::GoldUp),
            step("−", "−1 gold", HeroOp::GoldDown),
        ]),
        group(boosts),
    ]
    .spacing(10);
    let actions: Element<'_, Message> = if ops.is_empty() {
        text("nothing to do in this step")
            .size(style::SMALL)
            .style(style::muted)
            .into()
    } else {
        Row::with_children(ops)
            .spacing(4)
            .wrap()
            .vertical_spacing(4)
            .into()
    };
    container(
        column![
            // One line of fixed height: a long place ("being dismissed: choose a Dome") is
            // cut, never wrapped, so the tile keeps its height.
            container(
                row![
                    text(h.name.clone())
                        .size(style::BODY)
                        .wrapping(iced::widget::text::Wrapping::None),
                    text(h.status.describe())
                        .size(style::SMALL)
                        .style(style::muted)
                        .wrapping(iced::widget::text::Wrapping::None),
                ]
                .spacing(8)
                .align_y(Center)
            )
            .height(Length::Fixed(style::BODY * 1.5))
            .center_y(Length::Fixed(style::BODY * 1.5))
            .clip(true),
            // The actions keep room for two rows of buttons even when they take one or none,
            // so a narrow tile wraps them without covering the counts and tiles line up.
            container(actions).height(Length::Fixed(2.0 * TARGET + 4.0)),
            counts.wrap().vertical_spacing(4),
        ]
        .spacing(4),
    )
    .padding(6)
    .width(Length::Fixed(TILE))
    .style(style::card)
    .into()
}

/// A hero tile's width: two tiles side by side at 1366 px, one column at 1024 px.
const TILE: f32 = 340.0;

pub fn glory(game: &Game, side: TeamSide) -> Element<'_, Message> {
    let mut col = column![text("Glory board").size(style::HEADING)].spacing(6);
    // A key's name over its four spaces: the board column is narrow.
    for key in &game.keys {
        let mut spaces = row![].spacing(4);
        for s in 0..SPACES_PER_KEY {
            let mark = match key.spaces[s] {
                Some(t) => &t.name()[..1],
                None => "–",
            };
            spaces = spaces.push(
                button(text(format!("{} {mark}", s + 1)).size(style::SMALL))
                    .height(Length::Fixed(TARGET))
                    .padding([0, 8])
                    .style(style::secondary)
                    .on_press(Message::Capture(key.faction, s)),
            );
        }
        col = col.push(
            column![
                text(format!(
                    "{}: S {} · P {}",
                    key.faction.key_name(),
                    key.markers(TeamSide::Skyhawks),
                    key.markers(TeamSide::Psiclones)
                ))
                .size(style::BODY),
                spaces,
            ]
            .spacing(2),
        );
    }
    let lith = match (game.lith.holder, game.lith.favor(side)) {
        (Some(t), _) => format!("Lith's tribute: {t} {}", game.lith.amount),
        (None, _) => "Lith's tribute: none".into(),
    };
    let g = game.glory();
    col = col.push(text(lith).size(style::BODY));
    col = col.push(
        row![
            button(text(format!("+1 tribute ({})", side.name())).size(style::SMALL))
                .height(Length::Fixed(TARGET))
                .style(style::secondary)
                .on_press(Message::Tribute),
            button(text(format!("Glory card ({})", side.name())).size(style::SMALL))
                .height(Length::Fixed(TARGET))
                .style(style::secondary)
                .on_press(Message::GloryCard),
        ]
        .spacing(6)
        .align_y(Center)
        .wrap(),
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
