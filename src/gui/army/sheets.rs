//! The in-play army sheets: one card per general with each follower's movement, damage, health
//! (current of maximum), promotions earned and spent, Resource Cards and whether it was killed;
//! selecting an attacker and a target, spending promotions, the hand-edit dialog for resource
//! cards, ending the turn, and the victory banner.

use iced::widget::{
    Column, button, column, container, pick_list, row, scrollable, text, text_input,
};
use iced::{Element, Fill, Length};

use super::{EDIT_LABELS, HandEdit, Message};
use crate::army::{ArmyGame, Follower, FollowerKind, FollowerRef, Phase, Promotion};
use crate::gui::{style, widgets};

fn num<'a>(s: String, w: f32) -> Element<'a, Message> {
    text(s).size(style::BODY).width(Length::Fixed(w)).into()
}

fn small(label: String, msg: Option<Message>, primary: bool) -> Element<'static, Message> {
    button(text(label).size(style::SMALL))
        .padding([4, 8])
        .style(if primary {
            style::primary
        } else {
            style::secondary
        })
        .on_press_maybe(msg)
        .into()
}

fn follower_row<'a>(
    g: &'a ArmyGame,
    at: FollowerRef,
    f: &'a Follower,
    selected: Option<FollowerRef>,
) -> Element<'a, Message> {
    let turn = g.turn();
    let name = if f.killed {
        text(format!("† {} (killed)", f.label))
            .size(style::BODY)
            .style(style::muted)
    } else if selected == Some(at) {
        text(format!("▶ {}", f.label))
            .size(style::BODY)
            .style(style::success_text)
    } else {
        text(f.label.clone()).size(style::BODY)
    };
    let health = text(format!("{}/{}", f.health, f.max_health)).size(style::BODY);
    let health = if !f.killed && f.health < f.max_health {
        health.style(style::warning_text)
    } else {
        health
    };
    let mut actions = row![].spacing(4).align_y(iced::Center);
    if !f.killed && turn.is_some() {
        if turn == Some(at.player) && f.attacked_this_turn {
            actions = actions.push(text("attacked").size(style::SMALL).style(style::muted));
        } else if turn == Some(at.player) {
            let chosen = selected == Some(at);
            actions = actions.push(small(
                if chosen {
                    "Selected".into()
                } else {
                    "Select".into()
                },
                Some(Message::Select(at)),
                chosen,
            ));
        } else if let Some(att) = selected
            && att.player != at.player
        {
            actions = actions.push(small("Attack".into(), Some(Message::Attack(at)), true));
        }
        if turn == Some(at.player) && f.promotions_pending() > 0 {
            for &p in Promotion::ALL {
                let label = match p {
                    Promotion::Movement => "+1 Move",
                    Promotion::Damage => "+1 Dmg",
                    Promotion::Health => "+2 Health",
                };
                let allowed = f.promotion_refusal(p).is_none();
                actions = actions.push(small(
                    label.into(),
                    allowed.then_some(Message::Promote(at, p)),
                    false,
                ));
            }
        }
        actions = actions.push(small("Edit".into(), Some(Message::OpenEdit(at)), false));
    }
    row![
        container(name).width(Length::Fixed(150.0)),
        num(f.movement.to_string(), 50.0),
        num(f.damage.to_string(), 50.0),
        container(health).width(Length::Fixed(60.0)),
        num(
            format!("{}/{}", f.promotions_spent.len(), f.promotions_earned),
            60.0
        ),
        num(f.resource_cards.to_string(), 40.0),
        actions,
    ]
    .spacing(6)
    .align_y(iced::Center)
    .wrap()
    .into()
}

fn sheet<'a>(g: &'a ArmyGame, p: usize, selected: Option<FollowerRef>) -> Element<'a, Message> {
    let player = &g.players[p];
    let status = if g.turn() == Some(p) {
        text("to play").size(style::BODY).style(style::success_text)
    } else if !player.stands() {
        text("out").size(style::BODY).style(style::danger_text)
    } else {
        text("").size(style::BODY)
    };
    let mut rows = Column::new().spacing(4).push(
        row![
            num("Follower".into(), 150.0),
            num("Mv".into(), 50.0),
            num("Dmg".into(), 50.0),
            num("Hp".into(), 60.0),
            num("Promo".into(), 60.0),
            num("Res".into(), 40.0),
        ]
        .spacing(6),
    );
    for (i, f) in player.followers.iter().enumerate() {
        rows = rows.push(follower_row(
            g,
            FollowerRef {
                player: p,
                index: i,
            },
            f,
            selected,
        ));
    }
    container(
        column![
            row![
                text(player.name.clone()).size(style::HEADING).width(Fill),
                status
            ]
            .align_y(iced::Center),
            rows,
            text("Mv movement · Dmg damage · Hp health now / maximum · Promo promotions spent / earned · Res Resource Cards")
                .size(style::SMALL)
                .style(style::muted),
        ]
        .spacing(8),
    )
    .padding(14)
    .width(Fill)
    .style(style::card)
    .into()
}

fn edit_dialog<'a>(g: &'a ArmyGame, edit: &'a HandEdit) -> Element<'a, Message> {
    let label = g.follower(edit.at).map_or_else(
        |_| "?".to_string(),
        |f| format!("{}'s {}", g.players[edit.at.player].name, f.label),
    );
    let mut fields = row![].spacing(8);
    for (i, name) in EDIT_LABELS.iter().enumerate() {
        fields = fields.push(
            column![
                text(*name).size(style::SMALL),
                text_input("0", &edit.fields[i])
                    .id(format!("army-edit-{i}"))
                    .on_input(move |s| Message::EditField(i, s))
                    .size(style::BODY)
                    .padding(6)
                    .width(Length::Fixed(110.0)),
            ]
            .spacing(2),
        );
    }
    let kinds: Vec<FollowerKind> = FollowerKind::ALL
        .iter()
        .copied()
        .filter(|k| !k.is_general())
        .collect();
    column![
        text(format!("Resource card: {label}")).size(style::HEADING),
        text("Values a resource card sets may pass the promotion caps.")
            .size(style::SMALL)
            .style(style::muted),
        fields,
        widgets::primary("Set values", Some(Message::ApplyEdit)),
        row![
            text_input("damage", &edit.damage)
                .id("army-edit-damage")
                .on_input(Message::EditDamage)
                .size(style::BODY)
                .padding(6)
                .width(Length::Fixed(110.0)),
            widgets::secondary("Deal damage", Some(Message::ApplyDamage)),
        ]
        .spacing(8)
        .align_y(iced::Center),
        row![
            text("Becomes:").size(style::BODY),
            pick_list(kinds, None::<FollowerKind>, Message::Become)
                .placeholder("another type…")
                .text_size(style::BODY),
            widgets::secondary("Gathered a Resource Card", Some(Message::ResourceCard)),
        ]
        .spacing(8)
        .align_y(iced::Center),
        row![
            iced::widget::space::horizontal(),
            widgets::secondary("Close", Some(Message::CloseEdit))
        ],
    ]
    .spacing(14)
    .into()
}

/// Below this width (logical pixels) the sheets stack one a line.
const TWO_SHEETS_WIDTH: f32 = 1100.0;

pub fn view<'a>(
    g: &'a ArmyGame,
    selected: Option<FollowerRef>,
    edit: Option<&'a HandEdit>,
    width: f32,
    refusal: &'a crate::gui::notice::Refusal,
) -> Element<'a, Message> {
    let top: Element<'_, Message> = match g.phase {
        Phase::Over { winner } => text(match winner {
            Some(w) => format!(
                "{} wins: the only general left standing with an army",
                g.players[w].name
            ),
            None => "No general stands with an army".to_string(),
        })
        .size(style::TITLE)
        .style(style::success_text)
        .into(),
        _ => {
            let turn = g.turn().unwrap_or(0);
            let hint = match selected {
                Some(at) => format!(
                    "{} is ready: press Attack on the enemy follower it is next to.",
                    g.follower(at).map_or("?", |f| f.label.as_str())
                ),
                None => "Select a follower to attack with; promotions appear after a kill.".into(),
            };
            row![
                column![
                    text(format!("{}'s turn", g.players[turn].name)).size(style::TITLE),
                    text(hint).size(style::SMALL).style(style::muted),
                    refusal.line(),
                ]
                .width(Fill),
                widgets::primary("End turn", Some(Message::EndTurn)),
            ]
            .align_y(iced::Center)
            .into()
        }
    };
    let mut grid = Column::new().spacing(14);
    // Two sheets a line, as on the table, when each gets room for a follower's stats and its
    // buttons on one line; else one a line (1024 px, or 1366 px with large type).
    let per_line = if width < TWO_SHEETS_WIDTH { 1 } else { 2 };
    for pair in (0..g.players.len()).collect::<Vec<_>>().chunks(per_line) {
        let mut line = row![].spacing(14);
        for p in pair {
            line = line.push(sheet(g, *p, selected));
        }
        grid = grid.push(line);
    }
    // The gutter keeps the scroll bar off the right-hand sheet.
    let grid = container(grid).padding(iced::Padding::ZERO.right(16));
    let base: Element<'_, Message> = column![top, scrollable(grid).height(Fill)]
        .spacing(14)
        .into();
    match edit {
        Some(e) => widgets::modal(base, edit_dialog(g, e)),
        None => base,
    }
}
