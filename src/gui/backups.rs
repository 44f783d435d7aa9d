//! The Backups view: every save that has backups (deleted ones too), and for the chosen one its
//! backups with date and summary, each restorable in one click; the notice offers to undo the
//! restore.

use iced::widget::{Column, button, column, container, row, scrollable, text};
use iced::{Center, Element, Fill, Length};

use super::screen::{Action, Ctx};
use super::style;
use super::transfer;
use super::widgets;
use crate::store::{Backup, Store};

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    Select(String),
    Restore(String, String),
}

#[derive(Debug, Default)]
pub struct State {
    pub ids: Vec<(String, bool)>,
    pub selected: Option<String>,
    pub backups: Vec<Backup>,
}

impl State {
    pub fn new(store: Option<&Store>, selected: Option<String>) -> Self {
        let mut s = State {
            selected,
            ..State::default()
        };
        s.reload(store);
        s
    }

    /// Re-reads the folder (after a restore).
    pub fn reload(&mut self, store: Option<&Store>) {
        let Some(store) = store else {
            return;
        };
        self.ids = store
            .ids_with_backups()
            .into_iter()
            .map(|id| {
                let live = store.save_path(&id).map(|p| p.exists()).unwrap_or(false);
                (id, live)
            })
            .collect();
        if self.selected.is_none() {
            self.selected = self.ids.first().map(|(id, _)| id.clone());
        }
        self.backups = match &self.selected {
            Some(id) => store.backups(id).unwrap_or_default(),
            None => Vec::new(),
        };
    }

    pub fn update(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        match message {
            Message::Select(id) => {
                self.selected = Some(id);
                self.reload(ctx.store);
                Action::none()
            }
            Message::Restore(id, name) => {
                let Some(store) = ctx.store else {
                    return Action::none();
                };
                let notice = transfer::restore(store, &id, &name);
                self.reload(ctx.store);
                Action::notice(notice)
            }
        }
    }

    pub fn view(&self, ctx: &Ctx) -> Element<'_, Message> {
        let read_only = ctx.store.is_some_and(|s| s.read_only().is_some());
        let mut left = Column::new().spacing(4);
        if self.ids.is_empty() {
            left = left.push(
                text("No backups yet: one is kept each time a save is replaced.")
                    .size(style::BODY)
                    .style(style::muted),
            );
        }
        for (id, live) in &self.ids {
            let label = if *live {
                id.clone()
            } else {
                format!("{id} (deleted)")
            };
            let item: Element<'_, Message> = if self.selected.as_deref() == Some(id) {
                container(text(label).size(style::BODY))
                    .padding(8)
                    .width(Fill)
                    .style(style::selected)
                    .into()
            } else {
                button(text(label).size(style::BODY))
                    .padding(8)
                    .width(Fill)
                    .style(style::row_button)
                    .on_press(Message::Select(id.clone()))
                    .into()
            };
            left = left.push(item);
        }

        let mut right = Column::new().spacing(8);
        if let Some(id) = &self.selected {
            right = right.push(widgets::heading(format!("Backups of {id}")));
            if self.backups.is_empty() {
                right = right.push(text("No backups.").size(style::BODY).style(style::muted));
            }
            for b in &self.backups {
                let (line1, line2, ok) = match &b.content {
                    Ok((kind, saved_at, summary)) => (
                        summary.clone(),
                        format!("{} · saved {}", kind.title(), widgets::when(*saved_at)),
                        true,
                    ),
                    Err(problem) => (
                        format!("Damaged backup {}", b.name),
                        problem.to_string(),
                        false,
                    ),
                };
                let restore =
                    (ok && !read_only).then(|| Message::Restore(id.clone(), b.name.clone()));
                right = right.push(
                    container(
                        row![
                            column![
                                text(line1).size(style::BODY),
                                text(line2).size(style::SMALL).style(style::muted),
                            ]
                            .width(Fill),
                            widgets::primary("Restore", restore),
                        ]
                        .spacing(10)
                        .align_y(Center),
                    )
                    .padding(10)
                    .style(style::card),
                );
            }
        }

        row![
            column![widgets::heading("Saves"), scrollable(left).height(Fill)]
                .spacing(8)
                .width(Length::FillPortion(1)),
            scrollable(right).width(Length::FillPortion(2)).height(Fill),
        ]
        .spacing(24)
        .padding(24)
        .into()
    }
}
