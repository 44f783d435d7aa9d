//! The home screen: the games, and the saved games and campaigns newest first (each under the
//! title its player typed, with its summary under it; damaged files too, with the way out:
//! their backups). Home imports, exports and deletes itself (with a confirmation for a delete
//! or a replaced file) and reports to the shell only where to go next.

use std::path::PathBuf;

use iced::widget::{Column, button, column, container, row, scrollable, text};
use iced::{Center, Element, Fill, Length};

use super::files::{self, PathField, Picked};
use super::screen::{Action, Ctx, Notice};
use super::style;
use super::transfer;
use super::widgets;
use crate::doc::Kind;
use crate::store::{Listing, ListingStatus};

#[derive(Debug, Clone, PartialEq)]
pub enum Message {
    NewGame(Kind),
    Open(String, Kind),
    Export(String),
    Delete(String),
    /// Rename a save: open the title field, its text, and Confirm saves it.
    Rename(String),
    RenameText(String),
    Backups(Option<String>),
    /// The Statistics screen, for every game or one.
    Stats(Option<Kind>),
    Rules,
    /// Show this page of saved games (0 is the newest [`PAGE`] saves).
    Page(usize),
    Import,
    ExportAll,
    /// The file dialogs' answers (None: the player cancelled).
    ImportPicked(Option<PathBuf>),
    ExportPicked(Option<String>, Option<PathBuf>),
    /// No file dialog could open for this (why): the typed path stands in.
    NoDialog(Transfer, String),
    PathText(String),
    /// "Restore code…": the field for a session sheet's restore code, and its text.
    RestoreCode,
    CodeText(String),
    Confirm,
    Cancel,
}

/// Where the player asked to go: the shell opens it.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    NewGame(Kind),
    Open(String, Kind),
    Backups(Option<String>),
    Stats(Option<Kind>),
    Rules,
}

/// What a file is being picked for.
#[derive(Debug, Clone, PartialEq)]
pub enum Transfer {
    Import,
    /// Export save `id`, or every save when None.
    Export(Option<String>),
}

impl Transfer {
    /// The file dialog's answer as Home's message.
    fn answer(self, picked: Picked) -> Message {
        match (self, picked) {
            (t, Picked::NoDialog(why)) => Message::NoDialog(t, why),
            (Transfer::Import, p) => Message::ImportPicked(path_of(p)),
            (Transfer::Export(id), p) => Message::ExportPicked(id, path_of(p)),
        }
    }

    fn purpose(&self) -> &'static str {
        match self {
            Transfer::Import => "Import a save or bundle",
            Transfer::Export(Some(_)) => "Export this save to a file",
            Transfer::Export(None) => "Export every save into one file",
        }
    }
}

fn path_of(p: Picked) -> Option<PathBuf> {
    match p {
        Picked::Path(p) => Some(p),
        Picked::Cancelled | Picked::NoDialog(_) => None,
    }
}

/// A question waiting for the player's answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    /// Export to a file that exists: `id` None means "everything".
    Overwrite { id: Option<String>, path: PathBuf },
    Delete {
        id: String,
        title: String,
        summary: String,
    },
    /// The typed path standing in for a file dialog that could not open.
    Path {
        transfer: Transfer,
        field: PathField,
    },
    /// A session sheet's restore code as typed (docs/plays.md), and why it was refused.
    Code {
        typed: String,
        refused: Option<String>,
    },
    /// The title field of save `id`, as typed, and why the store refused it.
    Rename {
        id: String,
        old: String,
        typed: String,
        refused: Option<String>,
    },
}

#[derive(Debug, Default)]
pub struct State {
    pub listings: Vec<Listing>,
    pub dialog: Option<Dialog>,
    /// The page of saved games shown (see [`PAGE`]).
    pub page: usize,
}

/// How many saved games Home lays out at once: only one page of rows exists in the window,
/// so its memory stays near its idle figure however many saves the folder holds (80 saves
/// laid out whole took 7 MB more; docs/table-ux.md).
pub const PAGE: usize = 10;

/// The number of pages `count` saves fill (at least one).
fn pages(count: usize) -> usize {
    count.div_ceil(PAGE).max(1)
}

impl State {
    pub fn new(ctx: &Ctx) -> Self {
        let mut s = State::default();
        s.reload(ctx);
        s
    }

    /// Re-reads the saves folder.
    pub fn reload(&mut self, ctx: &Ctx) {
        self.listings = ctx.store.map(|s| s.list()).unwrap_or_default();
        // A page emptied by a delete shows the last one left.
        self.page = self.page.min(pages(self.listings.len()) - 1);
    }

    /// Esc: closes the open question; false if there was none.
    pub fn escape(&mut self) -> bool {
        self.dialog.take().is_some()
    }

    pub fn update(&mut self, message: Message, ctx: &Ctx) -> (Action<Message>, Option<Event>) {
        let event = match message {
            Message::NewGame(kind) => Some(Event::NewGame(kind)),
            Message::Open(id, kind) => Some(Event::Open(id, kind)),
            Message::Backups(id) => Some(Event::Backups(id)),
            Message::Stats(game) => Some(Event::Stats(game)),
            Message::Rules => Some(Event::Rules),
            Message::Page(page) => {
                self.page = page.min(pages(self.listings.len()) - 1);
                None
            }
            Message::Import => {
                let task = transfer::pick_import().map(|p| Transfer::Import.answer(p));
                return (Action::task(task), None);
            }
            Message::Export(id) => {
                let task = transfer::pick_export(Some(&id))
                    .map(move |p| Transfer::Export(Some(id.clone())).answer(p));
                return (Action::task(task), None);
            }
            Message::ExportAll => {
                let task = transfer::pick_export(None).map(|p| Transfer::Export(None).answer(p));
                return (Action::task(task), None);
            }
            Message::NoDialog(transfer, why) => {
                let data = ctx.store.map(|s| s.root());
                let mut field = PathField::new(transfer.purpose(), why, data);
                if let Transfer::Export(id) = &transfer {
                    field.typed.push_str(&transfer::export_name(id.as_deref()));
                }
                self.dialog = Some(Dialog::Path { transfer, field });
                return (Action::task(files::focus_path()), None);
            }
            Message::PathText(t) => {
                if let Some(Dialog::Path { field, .. }) = &mut self.dialog {
                    field.set_text(t);
                }
                None
            }
            Message::ImportPicked(None) | Message::ExportPicked(_, None) => None,
            Message::ImportPicked(Some(path)) => {
                let Some(store) = ctx.store else {
                    return (Action::none(), None);
                };
                let notice = transfer::import(store, &path);
                self.reload(ctx);
                return (Action::notice(notice), None);
            }
            Message::ExportPicked(id, Some(path)) => {
                return (self.export(id, path, false, ctx), None);
            }
            Message::Delete(id) => {
                let listed = self.listings.iter().find(|l| l.id == id);
                let summary = listed
                    .and_then(|l| match &l.status {
                        ListingStatus::Ok { summary, .. } => Some(summary.clone()),
                        ListingStatus::Damaged { .. } => None,
                    })
                    .unwrap_or_default();
                let title = listed.map(|l| l.title.clone()).unwrap_or_default();
                self.dialog = Some(Dialog::Delete { id, title, summary });
                None
            }
            Message::Rename(id) => {
                let old = self
                    .listings
                    .iter()
                    .find(|l| l.id == id)
                    .map(|l| l.title.clone())
                    .unwrap_or_default();
                self.dialog = Some(Dialog::Rename {
                    id,
                    typed: old.clone(),
                    old,
                    refused: None,
                });
                return (Action::task(widgets::focus_rename()), None);
            }
            Message::RestoreCode => {
                self.dialog = Some(Dialog::Code {
                    typed: String::new(),
                    refused: None,
                });
                return (Action::task(iced::widget::operation::focus(CODE_ID)), None);
            }
            Message::CodeText(t) => {
                if let Some(Dialog::Code { typed, refused }) = &mut self.dialog {
                    *typed = t;
                    *refused = None;
                }
                None
            }
            Message::RenameText(t) => {
                if let Some(Dialog::Rename { typed, refused, .. }) = &mut self.dialog {
                    *typed = t;
                    *refused = None;
                }
                None
            }
            Message::Confirm => match self.dialog.take() {
                Some(Dialog::Overwrite { id, path }) => {
                    return (self.export(id, path, true, ctx), None);
                }
                Some(Dialog::Path {
                    transfer,
                    mut field,
                }) => {
                    let Some(path) = field.go() else {
                        self.dialog = Some(Dialog::Path { transfer, field });
                        return (Action::none(), None);
                    };
                    let answer = transfer.answer(Picked::Path(path));
                    return self.update(answer, ctx);
                }
                Some(Dialog::Delete { id, title, .. }) => {
                    let Some(store) = ctx.store else {
                        return (Action::none(), None);
                    };
                    let notice = transfer::delete(store, &id, &title);
                    self.reload(ctx);
                    return (Action::notice(notice), None);
                }
                Some(Dialog::Code { typed, .. }) => {
                    let Some(store) = ctx.store else {
                        return (Action::none(), None);
                    };
                    return match open_code(store, &typed) {
                        Ok((notice, id, kind)) => {
                            self.reload(ctx);
                            (Action::notice(notice), Some(Event::Open(id, kind)))
                        }
                        Err(why) => {
                            self.dialog = Some(Dialog::Code {
                                typed,
                                refused: Some(why),
                            });
                            (Action::none(), None)
                        }
                    };
                }
                Some(Dialog::Rename { id, old, typed, .. }) => {
                    let Some(store) = ctx.store else {
                        return (Action::none(), None);
                    };
                    return match store.rename(&id, &typed) {
                        Ok(_) => {
                            self.reload(ctx);
                            let new = self
                                .listings
                                .iter()
                                .find(|l| l.id == id)
                                .map(|l| l.title.clone())
                                .unwrap_or_default();
                            let notice = Notice::info(format!(
                                "Renamed {} to {}.",
                                transfer::named(&old, &id),
                                transfer::named(&new, &id)
                            ));
                            (Action::notice(notice), None)
                        }
                        Err(e) => {
                            self.dialog = Some(Dialog::Rename {
                                id,
                                old,
                                typed,
                                refused: Some(e.to_string()),
                            });
                            (Action::none(), None)
                        }
                    };
                }
                None => None,
            },
            Message::Cancel => {
                self.dialog = None;
                None
            }
        };
        (Action::none(), event)
    }

    fn export(
        &mut self,
        id: Option<String>,
        path: PathBuf,
        overwrite: bool,
        ctx: &Ctx,
    ) -> Action<Message> {
        let Some(store) = ctx.store else {
            return Action::none();
        };
        match transfer::export(store, id.as_deref(), &path, overwrite) {
            Ok(notice) => Action::notice(notice),
            Err(path) => {
                self.dialog = Some(Dialog::Overwrite { id, path });
                Action::none()
            }
        }
    }

    pub fn view(&self, ctx: &Ctx) -> Element<'_, Message> {
        let read_only = ctx.store.is_some_and(|s| s.read_only().is_some());
        let page = view(&self.listings, self.page, read_only);
        match &self.dialog {
            Some(Dialog::Overwrite { path, .. }) => widgets::modal(
                page,
                widgets::confirm(
                    format!("{} already exists. Replace it?", path.display()),
                    "Replace",
                    Message::Confirm,
                    Message::Cancel,
                ),
            ),
            Some(Dialog::Delete { id, title, summary }) => widgets::modal(
                page,
                widgets::confirm(
                    format!(
                        "Delete {}?\n{summary}\nIt stays in Backups and can be restored from there.",
                        transfer::named(title, id)
                    ),
                    "Yes, delete",
                    Message::Confirm,
                    Message::Cancel,
                ),
            ),
            Some(Dialog::Path { transfer, field }) => widgets::modal(
                page,
                files::path_dialog(
                    field,
                    match transfer {
                        Transfer::Import => "Import",
                        Transfer::Export(_) => "Export",
                    },
                    ctx.store.map(|s| s.root()),
                    Message::PathText,
                    Message::Confirm,
                    Message::Cancel,
                ),
            ),
            Some(Dialog::Rename {
                id,
                old,
                typed,
                refused,
            }) => widgets::modal(
                page,
                widgets::rename_dialog(
                    transfer::named(old, id),
                    typed,
                    refused.as_deref(),
                    Message::RenameText,
                    Message::Confirm,
                    Message::Cancel,
                ),
            ),
            Some(Dialog::Code { typed, refused }) => widgets::modal(
                page,
                column![
                    text("Open a session sheet's restore code").size(style::BODY),
                    text(
                        "The save is put back exactly as it was on the sheet; the version it \
                         replaces is kept in Backups."
                    )
                    .size(style::SMALL)
                    .style(style::muted),
                    iced::widget::text_input("K7QD-2MXA", typed)
                        .id(CODE_ID)
                        .on_input(Message::CodeText)
                        .on_submit(Message::Confirm)
                        .size(style::BODY)
                        .padding(8),
                    text(refused.as_deref().unwrap_or(""))
                        .size(style::SMALL)
                        .style(style::danger_text),
                    widgets::cancel_and(
                        "Restore",
                        style::primary,
                        Message::Confirm,
                        Message::Cancel
                    ),
                ]
                .spacing(12)
                .width(Length::Fixed(460.0))
                .into(),
            ),
            None => page,
        }
    }
}

/// The restore code field's id (Tab order, focus when the dialog opens).
pub const CODE_ID: &str = "restore-code";

/// Puts back the state restore code `typed` names: the notice to show, and the save to open.
// Kept String: the restore code's refusal, shown verbatim as a notice.
pub fn open_code(
    store: &crate::store::Store,
    typed: &str,
) -> Result<(Notice, String, Kind), String> {
    let r = store.open_code(typed)?;
    let kind = store
        .list()
        .into_iter()
        .find(|l| l.id == r.id)
        .and_then(|l| l.kind())
        .ok_or_else(|| format!("save {} could not be read back", r.id))?;
    let said = match (&r.replaced, r.unchanged) {
        (_, true) => "It already was as on the sheet.".to_string(),
        (Some(b), false) => format!("The version it replaced is in Backups ({b})."),
        (None, false) => String::new(),
    };
    let notice = Notice::info(format!("Opened {} as on its session sheet. {said}", r.id));
    Ok((notice, r.id, kind))
}

fn tile<'a>(title: &'a str, sub: &'a str, msg: Message) -> Element<'a, Message> {
    button(
        column![
            text(title).size(style::HEADING),
            text(sub).size(style::SMALL).style(style::muted),
        ]
        .spacing(2),
    )
    // Compact enough that every game and the rules lookup fit a 1366×768 laptop's window
    // (at 90% of the screen) without scrolling.
    .padding([10, 16])
    .width(Fill)
    .style(style::tile)
    .on_press(msg)
    .into()
}

fn view(listings: &[Listing], page: usize, read_only: bool) -> Element<'_, Message> {
    let mut games = Column::new()
        .spacing(style::GAP)
        .push(widgets::heading("Games"));
    for game in crate::games::all() {
        games = games.push(tile(game.title(), game.blurb, Message::NewGame(game.kind)));
    }
    games = games.push(tile(
        "Rules lookup",
        "Search every game's rules (Ctrl+F)",
        Message::Rules,
    ));

    let mut saves = Column::new().spacing(8);
    if listings.is_empty() {
        saves = saves.push(
            text("No saved games yet. Start one on the left; it is saved after every change.")
                .size(style::BODY)
                .style(style::muted),
        );
    }
    let first = (page * PAGE).min(listings.len());
    let shown = &listings[first..(first + PAGE).min(listings.len())];
    for l in shown {
        saves = saves.push(save_row(l, read_only));
    }
    let tools = row![
        widgets::secondary("Import…", (!read_only).then_some(Message::Import)),
        widgets::secondary("Export all…", Some(Message::ExportAll)),
        widgets::secondary("Backups", Some(Message::Backups(None))),
        widgets::secondary("Statistics", Some(Message::Stats(None))),
        widgets::secondary(
            "Restore code…",
            (!read_only).then_some(Message::RestoreCode)
        ),
    ]
    .spacing(8)
    // At 1024 px with large type the five do not fit one line: the last go to the next.
    .wrap()
    .vertical_spacing(8);
    // The tools wrap under the heading when the card is narrow (1024 px, large type) instead
    // of running out of it.
    let right = column![
        row![widgets::heading("Saved games"), tools]
            .align_y(Center)
            .spacing(16)
            .wrap()
            .vertical_spacing(8),
        // The gutter keeps the scroll bar off the rows' buttons.
        scrollable(container(saves).padding(iced::Padding::ZERO.right(14))).height(Fill),
    ]
    .spacing(style::GAP)
    .push(pager(listings.len(), page, first + shown.len()));

    row![
        // With large type the tiles scroll: the gutter keeps the scroll bar off their edge.
        container(
            scrollable(container(games).padding(iced::Padding::ZERO.right(14))).height(Fill),
        )
        .width(Length::FillPortion(2)),
        container(right)
            .padding(16)
            .width(Length::FillPortion(3))
            .height(Fill)
            .style(style::card),
    ]
    .spacing(24)
    .padding(24)
    .into()
}

/// Under the saves when they fill more than one page: where this page stands, and the way to
/// the pages before and after it (both always there, so neither moves under the pointer).
fn pager<'a>(count: usize, page: usize, end: usize) -> Option<Element<'a, Message>> {
    let last = pages(count) - 1;
    (last > 0).then(|| {
        row![
            widgets::secondary("Newer", (page > 0).then(|| Message::Page(page - 1))),
            text(format!("Saves {}–{end} of {count}", page * PAGE + 1))
                .size(style::SMALL)
                .style(style::muted),
            widgets::secondary("Older", (page < last).then(|| Message::Page(page + 1))),
        ]
        .spacing(12)
        .align_y(Center)
        .into()
    })
}

fn save_row(l: &Listing, read_only: bool) -> Element<'_, Message> {
    match &l.status {
        ListingStatus::Ok {
            kind,
            saved_at,
            summary,
        } => {
            // The player's own title first, the game's summary under it.
            let headline = if l.title.is_empty() {
                summary
            } else {
                &l.title
            };
            let mut info = column![text(headline).size(style::HEADING)];
            if !l.title.is_empty() {
                info = info.push(text(summary).size(style::BODY));
            }
            let info = info
                .push(
                    text(format!(
                        "{} · saved {}",
                        kind.title(),
                        widgets::when(*saved_at)
                    ))
                    .size(style::SMALL)
                    .style(style::muted),
                )
                .spacing(2)
                .width(Fill);
            let actions = row![
                widgets::primary("Open", Some(Message::Open(l.id.clone(), *kind))),
                widgets::secondary("Export…", Some(Message::Export(l.id.clone()))),
                widgets::secondary("Backups", Some(Message::Backups(Some(l.id.clone())))),
                widgets::secondary(
                    "Rename",
                    (!read_only).then(|| Message::Rename(l.id.clone()))
                ),
                widgets::danger(
                    "Delete",
                    (!read_only).then(|| Message::Delete(l.id.clone()))
                ),
            ]
            .spacing(6)
            .align_y(Center)
            .width(Fill)
            .wrap()
            .vertical_spacing(6);
            // Actions on their own line, wrapping onto a second line when the card is too
            // narrow (1024 px with large type) rather than cutting Delete off.
            container(column![info, actions].spacing(6))
                .padding(10)
                .style(style::card)
                .into()
        }
        ListingStatus::Damaged { problem, modified } => {
            let info = column![
                text(format!("Damaged: {}", l.path.display()))
                    .size(style::BODY)
                    .style(style::danger_text),
                text(problem.to_string()).size(style::SMALL),
                text(match modified {
                    Some(m) => format!("modified {} · kept untouched", widgets::when(*m)),
                    None => "kept untouched".to_string(),
                })
                .size(style::SMALL)
                .style(style::muted),
            ]
            .spacing(2)
            .width(Fill);
            container(
                row![
                    info,
                    widgets::primary("Open backups", Some(Message::Backups(Some(l.id.clone()))))
                ]
                .spacing(10)
                .align_y(Center),
            )
            .padding(10)
            .style(style::error_banner)
            .into()
        }
    }
}
