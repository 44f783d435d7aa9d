//! The card's whole dated history under the sheet, and the correction form: any entry can be
//! struck out (or journey points replaced) with a reason, as a new entry.

use iced::widget::{Column, column, container, row, text, text_input};
use iced::{Center, Element, Fill, Length};

use super::sheet::Msg;
use super::{Message, State, primary, secondary};
use crate::gui::{style, widgets};
use crate::near_and_far::Campaign;
use crate::near_and_far::ledger::Item;

fn msg(m: Msg) -> Message {
    Message::Sheet(m)
}

impl State {
    pub(super) fn ledger_view<'a>(&'a self, c: &'a Campaign, name: &str) -> Element<'a, Message> {
        let Ok(sheet) = c.sheet(name) else {
            return column![].into();
        };
        let mut col = Column::new().spacing(4).push(widgets::heading(
            "Card history (every entry, with corrections)",
        ));
        for e in sheet.ledger.entries.iter().rev() {
            let corrected = sheet.ledger.corrected_by(e.id);
            let mut line = row![
                text(format!("#{}  {}  {}", e.id, e.date, e.item.describe()))
                    .size(style::SMALL)
                    .width(Fill)
            ]
            .spacing(8)
            .align_y(Center);
            if let Some(by) = corrected {
                line = line.push(
                    text(format!("corrected by #{by}"))
                        .size(style::SMALL)
                        .style(style::warning_text),
                );
            }
            let correctable =
                !e.item.is_correction() && !matches!(e.item, Item::StartingExperience);
            if correctable {
                line = line.push(secondary("Correct…", Some(msg(Msg::Correct(e.id)))));
            }
            col = col.push(line);
            if self.sheet.correcting == Some(e.id) {
                col = col.push(self.correction_form(&e.item));
            }
        }
        container(col).padding(16).style(style::card).into()
    }

    fn correction_form<'a>(&'a self, item: &Item) -> Element<'a, Message> {
        let mut actions = row![
            text_input("why? (e.g. ticked the wrong card)", &self.sheet.reason)
                .on_input(|s| msg(Msg::Reason(s)))
                .size(style::BODY)
                .padding(6)
                .width(Fill),
        ]
        .spacing(8)
        .align_y(Center);
        if matches!(item, Item::JourneyPoints { .. }) {
            actions = actions
                .push(
                    text_input("new points", &self.sheet.new_points)
                        .on_input(|s| msg(Msg::NewPoints(s)))
                        .size(style::BODY)
                        .padding(6)
                        .width(Length::Fixed(120.0)),
                )
                .push(primary("Replace", Some(msg(Msg::Replace))));
        }
        actions = actions
            .push(
                iced::widget::button(text("Strike out").size(style::BODY))
                    .padding([8, 16])
                    .style(style::danger)
                    .on_press(msg(Msg::StrikeOut)),
            )
            .push(secondary("Cancel", Some(msg(Msg::CancelCorrection))));
        container(column![text("The correction is added as a new dated entry; the original stays in the history.").size(style::SMALL).style(style::muted), actions].spacing(6)).padding(10).style(style::selected).into()
    }
}
