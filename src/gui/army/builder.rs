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

/// A column heading `short`, `whole` on hover.
fn whole_on_hover<'a>(short: &str, whole: &'a str, w: f32) -> Element<'a, Message> {
    iced::widget::tooltip(
        cell(short.into(), w),
        container(text(whole).size(style::SMALL))
            .padding(6)
            .style(style::card),
        iced::widget::tooltip::Position::Bottom,
    )
    .into()
}

/// The follower table's width in a narrow window.
const NARROW_TABLE: f32 = 460.0;

/// `narrow`: a small window (1024 px with large type): the table closes up so the sheet stays
/// beside it, and the page (tabs, table and sheet, who plays first) scrolls as one column.
/// `refusal`: the last refusal, in the line reserved beside the follower table's heading (next
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
        // Narrow, the columns close up (short headings, whole on hover) so the army sheet
        // keeps its place beside the table.
        let w = if narrow {
            [90.0, 44.0, 44.0, 40.0, 36.0]
        } else {
            [120.0, 60.0, 60.0, 70.0, 70.0]
        };
        let headings = if narrow {
            ["Follower", "Cost", "Move", "Dmg", "HP"]
        } else {
            ["Follower", "Cost", "Move", "Damage", "Health"]
        };
        let mut table = Column::new().spacing(4).push(
            row![
                cell(headings[0].into(), w[0]),
                cell(headings[1].into(), w[1]),
                cell(headings[2].into(), w[2]),
                whole_on_hover(headings[3], "Damage", w[3]),
                whole_on_hover(headings[4], "Health", w[4]),
            ]
            .spacing(6),
        );
        let left = player.army.remaining(&g.table);
        for f in g.table.all() {
            let affordable = f.cost <= left;
            let label = text(format!("+ {}", f.name)).size(style::BODY);
            table = table.push(
                row![
                    cell(f.name.clone(), w[0]),
                    cell(f.cost.to_string(), w[1]),
                    cell(f.movement.to_string(), w[2]),
                    cell(f.damage.to_string(), w[3]),
                    cell(f.health.to_string(), w[4]),
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
        // The refusal of a recruit shows beside the heading, above the buttons.
        let heading = row![
            text("Follower table").size(style::HEADING),
            refusal.line_sized(if narrow {
                Length::Fill
            } else {
                Length::Fixed(300.0)
            })
        ]
        .spacing(style::GAP)
        .align_y(iced::Center);
        // Narrow, the table has a width of its own (the longest "+ Berserker" whole) and the
        // sheet takes the rest.
        let table = container(column![heading, table].spacing(8))
            .width(if narrow {
                Length::Fixed(NARROW_TABLE)
            } else {
                Length::Shrink
            })
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
                    // One line, never wrapped ("1." over "General" in a narrow sheet): cut
                    // at the points if the sheet is narrower still.
                    container(
                        text(format!("{}. {}", i + 1, s.name))
                            .size(style::BODY)
                            .wrapping(iced::widget::text::Wrapping::None)
                    )
                    .width(Fill)
                    .clip(true),
                    text(format!("{} pts", s.cost))
                        .size(style::BODY)
                        .style(style::muted),
                    button(text(format!("Remove {}", i + 1)).size(style::SMALL))
                        .padding([4, if narrow { 6 } else { 10 }])
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
        let sheet =
            column![
                text(format!("{}'s army sheet", player.name)).size(style::HEADING),
                // Narrow, a size smaller: the line stays one line beside the table.
                text(format!("Follower Points left: {left} of {FOLLOWER_POINTS}"))
                    .size(if narrow { style::HEADING } else { style::TITLE }),
                list,
                notes,
                widgets::secondary("Hide army", Some(Message::Hide)),
            ]
            .spacing(10);
        // The sheet stays beside the table at every width, so each recruit shows on it where
        // the eye is (docs/table-ux.md 2). Narrow, the outer column scrolls; a scrollable inside
        // it would have no height to fill.
        if narrow {
            row![table, container(widgets::card(sheet, 12)).width(Fill)]
                .spacing(12)
                .into()
        } else {
            // Wide, each scrolls on its own in the height left, so who plays first and the
            // start stay in view under them (large type on a 1366×768 screen).
            row![
                scrollable(table).height(Fill),
                // Its buttons clear of the scrollbar.
                widgets::card(
                    scrollable(container(sheet).padding(iced::Padding::ZERO.right(14))),
                    16
                )
                .height(Fill),
            ]
            .spacing(20)
            .height(Fill)
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
