//! The selected unit's card at the top of the side panel (its stats, abilities, where it may
//! go and what it may attack, its castle attacks) and its hand edits, and the hand-edit modes
//! (move or place a unit by hand) waiting for a click on the board.

use iced::widget::{Column, button, column, container, row, text};
use iced::{Element, Fill};

use super::below::capitalised;
use super::panel::{body, button_small, primary_owned, small};
use super::{Message, Mode, State};
use crate::furtherance::{Action as Play, Game, Seat, Square, Target, Unit, UnitId};
use crate::gui::{style, widgets};

pub(super) fn mode_block<'a>(state: &'a State, g: &'a Game) -> Element<'a, Message> {
    let mut col = Column::new().spacing(6);
    match state.mode {
        Mode::Normal => return col.into(),
        // The recruit list takes the whole panel (`recruit_block`).
        Mode::Recruit(_) => return col.into(),
        Mode::Relocate(unit) => {
            col = col.push(body(format!(
                "Click the square to move {} to (hand edit)",
                unit_name(g, unit)
            )));
        }
        Mode::Place(owner, kind) => {
            col = col.push(body(format!(
                "Click a free square for {} {} (hand edit)",
                owner.owner_word(),
                g.catalog().kind(kind).name
            )));
        }
    }
    col = col.push(widgets::secondary("Cancel", Some(Message::CancelMode)));
    widgets::card(col, 12).into()
}

pub(super) fn unit_name(g: &Game, id: UnitId) -> String {
    g.unit(id)
        .map(|u| format!("{} {} at {}", u.owner.owner_word(), g.name(u), u.square))
        .unwrap_or_default()
}

/// The selected unit's card, compact so that it fits the top of the panel whole with large
/// type in a 1366×768 screen's window: the name with Deselect, the stats on one line, the
/// abilities, where it may go, and the hand edits two to a row.
pub(super) fn selected_block<'a>(g: &'a Game, u: &'a Unit, my_turn: bool) -> Element<'a, Message> {
    let k = g.kind(u);
    // Body type, wrapped rather than cut: beside Deselect in the narrowest panel with large
    // type "Your Knight at d1" read "Your Knight at" (issue 30).
    let title = container(text(capitalised(&unit_name(g, u.id))).size(style::BODY)).width(Fill);
    let mut col = column![
        row![title, button_small("Deselect", Message::ClearSelection)]
            .spacing(6)
            .align_y(iced::Center)
    ]
    .spacing(4);
    let mut stats = format!("Attack {} · HP {} · damage {}", k.attack, g.hp(u), u.damage);
    if u.new {
        stats += " · new";
    }
    if k.sample {
        stats += " · sample stats";
    }
    col = col.push(small(stats));
    // Audric's +1 HP counter goes on the unit selected: his button here, where the eye is, as
    // well as beside him in the kingdom (leader.rs).
    if u.owner == Seat::Player
        && let Some(power) = super::leader::audric_on(g, u.id)
    {
        col = col.push(power);
    }
    for a in k.abilities.list() {
        col = col.push(small(a.text()).style(style::muted));
    }
    if u.owner == Seat::Player && my_turn {
        col = col.push(legal_lines(g, u.id));
        col = col.push(small(format!(
            "Moves left {} · attacks left {}",
            if u.attacks > 0 { 0 } else { 2 - u.moved.min(2) },
            k.attacks_per_turn().saturating_sub(u.attacks)
        )));
        for c in g.castle_options(u.id) {
            col = col.push(primary_owned(
                format!("Attack {}", c.the_castle()),
                Some(Message::Play(Play::AttackCastle {
                    attacker: u.id,
                    castle: c,
                })),
            ));
        }
    }
    widgets::card(col, 10).into()
}

/// The selected unit's hand edits (corrections; normal play never needs them), below the
/// panel's fold: damage, +HP, move by hand, act again, remove.
pub(super) fn hand_edits_block<'a>(g: &'a Game, u: &'a Unit) -> Element<'a, Message> {
    let id = u.id;
    let mut col = column![small(format!(
        "Hand edits: {}",
        capitalised(&unit_name(g, u.id))
    ))]
    .spacing(6);
    col = col.push(
        row![
            counter("Damage", i64::from(u.damage), move |v| {
                u8::try_from(v)
                    .ok()
                    .map(|damage| Play::SetDamage { unit: id, damage })
            }),
            counter("+HP", i64::from(u.hp_bonus), move |v| {
                u8::try_from(v)
                    .ok()
                    .map(|bonus| Play::SetHpBonus { unit: id, bonus })
            }),
        ]
        .spacing(8)
        .align_y(iced::Center)
        .wrap(),
    );
    let mut edits = row![button_small("Move by hand", Message::RelocateMode)].spacing(6);
    if u.owner == Seat::Player {
        // A leader power such as Payne the Planner's gives a unit a second turn.
        edits = edits.push(button_small(
            "Act again",
            Message::Play(Play::ActAgain { unit: id }),
        ));
    }
    if u.owner.is_enemy() {
        edits = edits.push(button_small(
            "Remove to research",
            Message::Play(Play::Remove {
                unit: id,
                to_research: true,
            }),
        ));
    }
    edits = edits.push(button_small(
        "Remove",
        Message::Play(Play::Remove {
            unit: id,
            to_research: false,
        }),
    ));
    col = col.push(edits.wrap().vertical_spacing(4));
    widgets::card(col, 10).into()
}

/// A compact "Damage 1 − +" hand edit for the unit card: the label as wide as it needs.
pub(super) fn counter<'a>(
    name: &str,
    value: i64,
    make: impl Fn(i64) -> Option<Play>,
) -> Element<'a, Message> {
    let mut r = row![small(format!("{name} {value}"))]
        .spacing(4)
        .align_y(iced::Center);
    for (sign, delta) in [("−", -1), ("+", 1)] {
        r = r.push(
            button(text(sign).size(style::BODY))
                .padding([2, 10])
                .style(style::secondary)
                .on_press_maybe(make(value + delta).map(Message::Play)),
        );
    }
    r.into()
}

/// Where the selected unit may move and what it may attack, in words beside the marks on the
/// board (the engine's `legal_moves` / `legal_attacks`).
pub(super) fn legal_lines(g: &Game, id: UnitId) -> Element<'_, Message> {
    let moves: Vec<String> = g.legal_moves(id).iter().map(Square::to_string).collect();
    let mut attacks: Vec<String> = Vec::new();
    for (_, target) in g.legal_attacks(id) {
        let name = match target {
            Target::Unit(t) => unit_name(g, t),
            Target::Castle(c) => c.the_castle().to_string(),
        };
        if !attacks.contains(&name) {
            attacks.push(name);
        }
    }
    let list = |v: Vec<String>, none: &str| {
        if v.is_empty() {
            none.to_string()
        } else {
            v.join(", ")
        }
    };
    column![
        small(format!("May move to (shaded): {}", list(moves, "nowhere"))),
        small(format!(
            "May attack (ringed red): {}",
            list(attacks, "nothing")
        )),
    ]
    .spacing(2)
    .into()
}
