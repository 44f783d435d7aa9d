//! Writing the armies: one tab per player, the follower table with a recruit button per type,
//! the player's army sheet with the Follower Points left, hide/show, and who plays first.

use iced::widget::{Column, button, column, container, row, scrollable, text};
use iced::{Element, Fill, Length};

use super::Message;
use crate::army::{ArmyGame, FOLLOWER_POINTS};
use crate::gui::notice::Refusal;
use crate::gui::{style, widgets};

fn cell<'a>(s: String, w: f32) -> Element<'a, Message> {
    text(s).size(style::BODY).width(Length::Fixed(w)).into()
}

/// `narrow`: the window has no room for the table beside the sheet, so the builder is one
/// scrolling column (table, sheet, who plays first) instead.
/// `refusal`: the last refusal, in the line reserved under the follower table's heading (next
/// to the recruit buttons that cause it).
pub fn view<'a>(
    g: &'a ArmyGame,
    editing: usize,
    first: usize,
    narrow: bool,
    refusal: &'a Refusal,
) -> Element<'a, Message> {
    // Tabs.
    let mut tabs = row![].spacing(8);
    for (i, p) in g.players.iter().enumerate() {
        let status = if p.revealed {
            format!("{} left", p.army.remaining(&g.table))
        } else {
            "hidden".to_string()
        };
        tabs = tabs.push(
            button(text(format!("{} — {status}", p.name)).size(style::BODY))
                .padding([8, 14])
                .style(if i == editing {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::Editing(i)),
        );
    }

    let Some(player) = g.players.get(editing) else {
        return text("No such player").into();
    };
    let sheet: Element<'_, Message> = if !player.revealed {
        container(
            column![
                text(format!("{}'s army is hidden", player.name)).size(style::TITLE),
                text("Armies are written in secret. Only its owner should show it.")
                    .size(style::BODY)
                    .style(style::muted),
                widgets::primary("Show army", Some(Message::Show)),
            ]
            .spacing(style::GAP),
        )
        .padding(20)
        .width(Fill)
        .style(style::card)
        .into()
    } else {
        // The follower table with recruit buttons.
        let mut table = Column::new().spacing(4).push(
            row![
                cell("Follower".into(), 120.0),
                cell("Cost".into(), 60.0),
                cell("Move".into(), 60.0),
                cell("Damage".into(), 70.0),
                cell("Health".into(), 70.0),
            ]
            .spacing(6),
        );
        let left = player.army.remaining(&g.table);
        for f in g.table.all() {
            let affordable = f.cost <= left;
            let label = text(format!("+ {}", f.name)).size(style::BODY);
            table = table.push(
                row![
                    cell(f.name.clone(), 120.0),
                    cell(f.cost.to_string(), 60.0),
                    cell(f.movement.to_string(), 60.0),
                    cell(f.damage.to_string(), 70.0),
                    cell(f.health.to_string(), 70.0),
                    button(if affordable {
                        label
                    } else {
                        label.style(style::muted)
                    })
                    .padding([4, 12])
                    .style(style::secondary)
                    .on_press(Message::Recruit(f.kind)),
                ]
                .spacing(6)
                .align_y(iced::Center),
            );
        }
        // Stacked, the sheet sits below the table: the points left go in the table's heading so
        // the answer to a Recruit click is in view (docs/table-ux.md 2) without moving the buttons.
        let heading = if narrow {
            format!("Follower table — {left} of {FOLLOWER_POINTS} points left")
        } else {
            "Follower table".to_string()
        };
        let table = container(
            column![
                // The refusal of a recruit shows beside the heading, above the buttons.
                row![text(heading).size(style::HEADING), refusal.line_sized(300)]
                    .spacing(style::GAP)
                    .align_y(iced::Center),
                table
            ]
            .spacing(8),
        )
        .padding(16)
        .style(style::card);

        // The army sheet.
        let mut list = Column::new().spacing(4);
        if player.army.recruits.is_empty() {
            list = list.push(
                text("Nothing written yet: start with the General.")
                    .size(style::BODY)
                    .style(style::muted),
            );
        }
        for (i, k) in player.army.recruits.iter().enumerate() {
            let s = g.table.stats(*k);
            list = list.push(
                row![
                    text(format!("{}. {}", i + 1, s.name))
                        .size(style::BODY)
                        .width(Fill),
                    text(format!("{} pts", s.cost))
                        .size(style::BODY)
                        .style(style::muted),
                    button(text(format!("Remove {}", i + 1)).size(style::SMALL))
                        .padding([4, 10])
                        .style(style::secondary)
                        .on_press(Message::Dismiss(i)),
                ]
                .spacing(8)
                .align_y(iced::Center),
            );
        }
        let mut notes = Column::new().spacing(4);
        for p in player.army.problems(&g.table) {
            notes = notes.push(text(p).size(style::BODY).style(style::danger_text));
        }
        for w in player.army.warnings(&g.table) {
            notes = notes.push(text(w).size(style::SMALL).style(style::warning_text));
        }
        let sheet = column![
            text(format!("{}'s army sheet", player.name)).size(style::HEADING),
            text(format!("Follower Points left: {left} of {FOLLOWER_POINTS}")).size(style::TITLE),
            list,
            notes,
            widgets::secondary("Hide army", Some(Message::Hide)),
        ]
        .spacing(10);
        if narrow {
            // The outer column scrolls; a scrollable inside it would have no height to fill.
            column![table, widgets::card(sheet, 16),].spacing(20).into()
        } else {
            row![table, widgets::card(scrollable(sheet), 16),]
                .spacing(20)
                .into()
        }
    };

    // Who plays first, and start.
    let mut order = row![text("Rolled highest:").size(style::BODY)]
        .spacing(8)
        .align_y(iced::Center);
    for (i, p) in g.players.iter().enumerate() {
        order = order.push(
            button(text(format!("{} goes first", p.name)).size(style::BODY))
                .padding([6, 12])
                .style(if i == first {
                    style::primary
                } else {
                    style::secondary
                })
                .on_press(Message::First(i)),
        );
    }
    let ready = g
        .players
        .iter()
        .all(|p| p.army.problems(&g.table).is_empty());
    let start = widgets::primary(
        "Reveal armies and start",
        ready.then_some(Message::BeginPlay),
    );
    if narrow {
        // Names wrap onto more lines; the start button gets a line of its own.
        scrollable(
            container(column![tabs.wrap(), sheet, order.wrap(), start].spacing(16))
                .padding(iced::Padding::ZERO.right(16)),
        )
        .height(Fill)
        .into()
    } else {
        order = order.push(iced::widget::space::horizontal());
        order = order.push(start);
        column![tabs.wrap(), sheet, order].spacing(16).into()
    }
}
