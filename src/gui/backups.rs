//! The Backups view: every save that has backups (deleted ones too), by its title, and for the
//! chosen one its backups, each saying what it holds (its summary, its last action, when it
//! was saved to the second, its size); identical backups are one row. Restore asks first, and
//! the notice offers to undo the restore.

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
    /// Restore (save id, backup name): asks first.
    Restore(String, String),
    Confirm,
    Cancel,
}

/// One save with backups: its id, whether it is still in the saved games, and its title.
#[derive(Debug, Clone, PartialEq)]
pub struct Saves {
    pub id: String,
    pub live: bool,
    pub title: String,
}

#[derive(Debug, Default)]
pub struct State {
    pub ids: Vec<Saves>,
    pub selected: Option<String>,
    /// The chosen save's backups, newest first, one per distinct version.
    pub backups: Vec<Backup>,
    /// The restore waiting for "Yes, restore": (save id, backup name).
    pub asking: Option<(String, String)>,
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
        let listed = store.list();
        self.ids = store
            .ids_with_backups()
            .into_iter()
            .map(|id| {
                let listing = listed.iter().find(|l| l.id == id);
                // A deleted save is named by the title its newest backup has.
                let title = match listing {
                    Some(l) => l.title.clone(),
                    None => store
                        .backups(&id)
                        .ok()
                        .and_then(|b| b.into_iter().find(|b| !b.title.is_empty()))
                        .map(|b| b.title)
                        .unwrap_or_default(),
                };
                Saves {
                    live: listing.is_some(),
                    title,
                    id,
                }
            })
            .collect();
        if self.selected.is_none() {
            self.selected = self.ids.first().map(|s| s.id.clone());
        }
        self.backups = match &self.selected {
            Some(id) => distinct(store.backups(id).unwrap_or_default()),
            None => Vec::new(),
        };
    }

    /// The chosen save's title (its id if it has none).
    fn name(&self, id: &str) -> String {
        let title = self
            .ids
            .iter()
            .find(|s| s.id == id)
            .map(|s| s.title.as_str())
            .unwrap_or("");
        transfer::named(title, id)
    }

    /// Esc: closes the restore question; false if there was none.
    pub fn escape(&mut self) -> bool {
        self.asking.take().is_some()
    }

    pub fn update(&mut self, message: Message, ctx: &Ctx) -> Action<Message> {
        match message {
            Message::Select(id) => {
                self.selected = Some(id);
                self.reload(ctx.store);
                Action::none()
            }
            Message::Restore(id, name) => {
                self.asking = Some((id, name));
                Action::none()
            }
            Message::Cancel => {
                self.asking = None;
                Action::none()
            }
            Message::Confirm => {
                let (Some(store), Some((id, name))) = (ctx.store, self.asking.take()) else {
                    return Action::none();
                };
                let title = self
                    .ids
                    .iter()
                    .find(|s| s.id == id)
                    .map(|s| s.title.clone())
                    .unwrap_or_default();
                let version = self
                    .backups
                    .iter()
                    .find(|b| b.name == name)
                    .map(version)
                    .unwrap_or_else(|| "a backup".to_string());
                let notice = transfer::restore(store, &id, &title, &name, &version);
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
        for Saves { id, live, title } in &self.ids {
            let name = if title.is_empty() {
                id.clone()
            } else {
                title.clone()
            };
            let label = if *live {
                name
            } else {
                format!("{name} (deleted)")
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
            right = right.push(widgets::heading(format!("Backups of {}", self.name(id))));
            if self.backups.is_empty() {
                right = right.push(text("No backups.").size(style::BODY).style(style::muted));
            }
            for b in &self.backups {
                let (line1, line2, ok) = match &b.content {
                    Ok((kind, saved_at, summary)) => (
                        match &b.last_action {
                            Some(label) => format!("{summary} \u{b7} last: {label}"),
                            None => summary.clone(),
                        },
                        format!(
                            "{} \u{b7} saved {} \u{b7} {}{}",
                            kind.title(),
                            widgets::when_exact(*saved_at),
                            widgets::size(b.size),
                            then_titled(b, &self.ids, id)
                        ),
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

        let page: Element<'_, Message> = row![
            column![widgets::heading("Saves"), scrollable(left).height(Fill)]
                .spacing(8)
                .width(Length::FillPortion(1)),
            scrollable(right).width(Length::FillPortion(2)).height(Fill),
        ]
        .spacing(24)
        .padding(24)
        .into();
        match &self.asking {
            Some((id, name)) => {
                let what = self
                    .backups
                    .iter()
                    .find(|b| &b.name == name)
                    .map(|b| {
                        let holds = match &b.content {
                            Ok((_, _, summary)) => match &b.last_action {
                                Some(label) => format!("\n{summary} \u{b7} last: {label}"),
                                None => format!("\n{summary}"),
                            },
                            Err(_) => String::new(),
                        };
                        (version(b), holds)
                    })
                    .unwrap_or_default();
                let live = self.ids.iter().any(|s| &s.id == id && s.live);
                let kept = if live {
                    "\nThe version there now is kept in Backups, and the notice can undo this."
                } else {
                    ""
                };
                widgets::modal(
                    page,
                    widgets::confirm(
                        format!("Restore {} to {}?{}{kept}", self.name(id), what.0, what.1),
                        "Yes, restore",
                        Message::Confirm,
                        Message::Cancel,
                    ),
                )
            }
            None => page,
        }
    }
}

/// "its version of Sat 28 Nov 2026, 12:58:59": which version a backup is, in the player's words.
fn version(b: &Backup) -> String {
    match (&b.content, b.taken_at) {
        (Ok((_, saved_at, _)), _) => format!("its version of {}", widgets::when_exact(*saved_at)),
        (Err(_), Some(t)) => format!("the backup taken {}", widgets::when_exact(t)),
        (Err(_), None) => "a backup".to_string(),
    }
}

/// " · titled “Old name” then" when a backup of save `id` had another title than it has now.
fn then_titled(b: &Backup, ids: &[Saves], id: &str) -> String {
    let now = ids
        .iter()
        .find(|s| s.id == id)
        .map_or("", |s| s.title.as_str());
    if b.title.is_empty() || b.title == now {
        String::new()
    } else {
        format!(" \u{b7} titled {} then", transfer::named(&b.title, id))
    }
}

/// One row per distinct version (the newest of identical backups), newest first.
pub fn distinct(backups: Vec<Backup>) -> Vec<Backup> {
    let mut seen = std::collections::HashSet::new();
    backups
        .into_iter()
        .filter(|b| b.version.is_none_or(|v| seen.insert(v)))
        .collect()
}
