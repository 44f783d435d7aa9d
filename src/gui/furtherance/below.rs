//! The side panel below the fold: your kingdom in full, the castles with their hand edits, the
//! selected unit's hand edits, placing a unit by hand, the enemies' arrows, every unit on the
//! board, and which data the game runs on with the ways to your own.

use iced::widget::{Column, button, column, pick_list, row, text};
use iced::{Element, Fill, Length};

use super::panel::{button_small, small};
use super::{Message, State};
use crate::furtherance::{Action as Play, Game, KindId, Seat, UnitId};
use crate::gui::{style, widgets};

/// A unit type in a pick list.
#[derive(Debug, Clone, PartialEq)]
pub struct KindChoice {
    pub id: KindId,
    pub label: String,
}

impl std::fmt::Display for KindChoice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

pub(super) fn kind_choices(g: &Game) -> Vec<KindChoice> {
    g.catalog()
        .ids()
        .map(|id| {
            let k = g.catalog().kind(id);
            KindChoice {
                id,
                label: format!(
                    "{} ({}/{}, cost {}){}",
                    k.name,
                    k.attack,
                    k.hp,
                    k.cost,
                    if k.sample { " sample" } else { "" }
                ),
            }
        })
        .collect()
}

/// A "−  label  +" pair of hand-edit buttons.
pub(super) fn stepper<'a>(
    name: &str,
    value: i64,
    make: impl Fn(i64) -> Option<Play>,
) -> Element<'a, Message> {
    let mut r = row![small(format!("{name}: {value}")).width(Length::Fixed(150.0))]
        .spacing(6)
        .align_y(iced::Center);
    for (sign, delta) in [("−", -1), ("+", 1)] {
        let msg = make(value + delta).map(Message::Play);
        r = r.push(
            button(text(sign).size(style::BODY))
                .padding([2, 12])
                .style(style::secondary)
                .on_press_maybe(msg),
        );
    }
    r.into()
}

/// Which data this game runs on, with the ways to your own cards and board: below the turn
/// log, out of the way of play (the top of the panel is for the moment's controls).
pub(super) fn data_block(g: &Game) -> Element<'_, Message> {
    let cards = if g.catalog().file().header.sample_data {
        "SAMPLE"
    } else {
        "yours"
    };
    let board = if g.board().is_sample() {
        "SAMPLE"
    } else {
        "yours"
    };
    let kingdom = if super::sample_cards(g.cards()) {
        "SAMPLE"
    } else {
        "yours"
    };
    let sample = cards != "yours" || board != "yours" || kingdom != "yours";
    column![
        small(format!("This game: unit cards {cards} · board {board}")).style(if sample {
            style::warning_text
        } else {
            style::success_text
        }),
        small(format!("Kingdom cards {kingdom}")).style(if kingdom != "yours" {
            style::warning_text
        } else {
            style::success_text
        }),
        row![
            button_small("Your cards…", Message::OpenCards),
            button_small("Your board…", Message::OpenBoard),
        ]
        .spacing(8),
    ]
    .spacing(4)
    .into()
}

/// Whether this game runs on the data now in use, with the way to adopt it (RULINGS: a game
/// keeps the copy it started with; adopting is an undoable entry naming what changed).
pub(super) fn adopt_block<'a>(state: &'a State, g: &'a Game) -> Element<'a, Message> {
    match state.new_data() {
        Some(data) => {
            let changes = g.data_changes(&data);
            column![
                small(format!(
                    "Your files differ from this game's copy: {}",
                    changes.join("; ")
                ))
                .style(style::warning_text),
                button_small("Adopt them in this game", Message::Adopt),
            ]
            .spacing(4)
            .into()
        }
        None => Column::new().into(),
    }
}

pub(super) fn castles_block(g: &Game) -> Element<'_, Message> {
    let mut col = column![text("Castles").size(style::HEADING)].spacing(6);
    for &seat in Seat::ALL {
        let c = g.castle(seat);
        let name = match seat {
            Seat::Player => "Your castle HP".to_string(),
            other => format!("{} HP", capitalised(other.castle_name())),
        };
        col = col.push(stepper(&name, i64::from(c.hp), move |v| {
            u8::try_from(v)
                .ok()
                .map(|hp| Play::SetCastleHp { castle: seat, hp })
        }));
        if seat.is_enemy() && !g.is_destroyed(seat) {
            col = col.push(
                small(format!(
                    "   hourglass counters {} · research: {}",
                    c.counters,
                    research_words(g, &c.research)
                ))
                .style(style::muted),
            );
        }
    }
    widgets::card(col, 12).into()
}

/// An enemy castle's research in words: the unit names, or "none" (never a blank).
pub(super) fn research_words(g: &Game, research: &[KindId]) -> String {
    if research.is_empty() {
        return "none".into();
    }
    research
        .iter()
        .map(|k| g.catalog().kind(*k).name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

pub(super) fn place_block<'a>(state: &'a State, g: &'a Game) -> Element<'a, Message> {
    let mut owners = row![small("Place a unit by hand for")]
        .spacing(6)
        .align_y(iced::Center);
    for &seat in Seat::ALL {
        let label = match seat {
            Seat::Player => "you",
            other => other.as_str(),
        };
        owners = owners.push(
            button(text(label).size(style::SMALL))
                .padding([4, 10])
                .style(if state.place_owner == seat {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::PlaceOwner(seat)),
        );
    }
    let owner = state.place_owner;
    let list = pick_list(kind_choices(g), None::<KindChoice>, move |k| {
        Message::PlaceMode(owner, k.id)
    })
    .placeholder("Unit type, then click a square")
    .text_size(style::SMALL);
    widgets::card(column![owners, list].spacing(6), 12).into()
}

pub(super) fn arrows_block(current: Option<Seat>) -> Element<'static, Message> {
    let mut r = row![small("Arrows")].spacing(6).align_y(iced::Center);
    for (label, seat) in [
        ("off", None),
        ("Left", Some(Seat::Left)),
        ("Across", Some(Seat::Across)),
        ("Right", Some(Seat::Right)),
    ] {
        r = r.push(
            button(text(label).size(style::SMALL))
                .padding([4, 10])
                .style(if current == seat {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::Arrows(seat)),
        );
    }
    r.into()
}

pub(super) fn units_block(g: &Game, selected: Option<UnitId>) -> Element<'_, Message> {
    let mut col = column![text("Units").size(style::HEADING)].spacing(2);
    for u in g.units() {
        let line = format!(
            "{} {} at {} ({} damage of {} HP){}",
            u.owner.owner_word(),
            g.name(u),
            u.square,
            u.damage,
            g.hp(u),
            if u.new { ", new" } else { "" }
        );
        col = col.push(
            button(text(line).size(style::SMALL))
                .padding([3, 8])
                .width(Fill)
                .style(if selected == Some(u.id) {
                    style::primary
                } else {
                    style::row_button
                })
                .on_press(Message::Select(u.id)),
        );
    }
    col.into()
}
