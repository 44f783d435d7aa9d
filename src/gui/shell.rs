//! The app shell: state, messages, update and view of the whole window.

use std::path::PathBuf;

use iced::keyboard::{self, Key, key::Named};
use iced::widget::{button, column, container, pick_list, row, text};
use iced::{Center, Element, Fill, Length, Subscription, Task, Theme};
use serde::{Deserialize, Serialize};

use super::document::Document;
use super::screen::{Action, Ctx, Notice};
use super::style::{self, ThemeChoice};
use super::{
    army, backups, furnace_duel, furtherance, home, near_and_far, rules, widgets, worldspanner,
};
use crate::doc::Kind;
use crate::store::{Listing, Store, StoreError};

/// Preferences, saved in `settings.json` in the data folder.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub theme: ThemeChoice,
    pub large_type: bool,
    pub show_history: bool,
}

/// What is on screen.
pub enum Screen {
    Home,
    Rules(rules::State),
    Backups(backups::State),
    Furtherance(furtherance::State),
    Worldspanner(worldspanner::State),
    NearAndFar(near_and_far::State),
    FurnaceDuel(furnace_duel::State),
    Army(army::State),
}

/// Runs `$body` with `$s` bound to the game screen's state, or yields `$other` for the
/// shell's own screens.
macro_rules! on_game {
    ($screen:expr, $s:ident => $body:expr, _ => $other:expr) => {
        match $screen {
            Screen::Furtherance($s) => $body,
            Screen::Worldspanner($s) => $body,
            Screen::NearAndFar($s) => $body,
            Screen::FurnaceDuel($s) => $body,
            Screen::Army($s) => $body,
            Screen::Home | Screen::Rules(_) | Screen::Backups(_) => $other,
        }
    };
}

/// Hands a screen's message to that screen, if it is the one showing, and lifts its action
/// into the shell (autosave, notice, task).
macro_rules! forward {
    ($app:ident, $variant:ident, $message:expr) => {{
        let ctx = Ctx {
            store: $app.store.as_ref(),
            large_type: $app.settings.large_type,
        };
        if let Screen::$variant(s) = &mut $app.screen {
            let action = s.update($message, &ctx);
            return $app.after(action, Message::$variant);
        }
    }};
}

impl Screen {
    /// The game this screen belongs to (Ctrl+F filters the rules to it).
    pub fn game(&self) -> Option<Kind> {
        match self {
            Screen::Furtherance(_) => Some(Kind::Furtherance),
            Screen::Worldspanner(_) => Some(Kind::Worldspanner),
            Screen::NearAndFar(_) => Some(Kind::NearAndFar),
            Screen::FurnaceDuel(_) => Some(Kind::FurnaceDuel),
            Screen::Army(_) => Some(Kind::Army),
            Screen::Home | Screen::Rules(_) | Screen::Backups(_) => None,
        }
    }

    pub fn name(&self) -> &'static str {
        match self {
            Screen::Home => "Home",
            Screen::Rules(_) => "Rules lookup",
            Screen::Backups(_) => "Backups",
            other => other.game().map(Kind::title).unwrap_or("Tablemate"),
        }
    }

    pub fn document(&self) -> Option<&dyn Document> {
        on_game!(self, s => s.document(), _ => None)
    }

    fn document_mut(&mut self) -> Option<&mut dyn Document> {
        on_game!(self, s => s.document_mut(), _ => None)
    }

    fn refresh(&mut self) {
        on_game!(self, s => s.refresh(), _ => ())
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortcut {
    Undo,
    Redo,
    Search,
    Back,
    Help,
}

#[derive(Debug, Clone)]
pub enum Message {
    Home(home::Message),
    Rules(rules::Message),
    Backups(backups::Message),
    Furtherance(furtherance::Message),
    Worldspanner(worldspanner::Message),
    NearAndFar(near_and_far::Message),
    FurnaceDuel(furnace_duel::Message),
    Army(army::Message),
    Shortcut(Shortcut),
    GoHome,
    OpenRules,
    Undo,
    Redo,
    Goto(usize),
    ToggleHistory,
    ToggleHelp,
    Theme(ThemeChoice),
    LargeType(bool),
    SystemDark(bool),
    Dismiss(usize),
    UndoRestore { id: String, backup: String },
    ImportPicked(Option<PathBuf>),
    ExportPicked(Option<String>, Option<PathBuf>),
    ConfirmDialog,
    CancelDialog,
}

/// A dialog waiting for the user's answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Dialog {
    /// Export to a file that exists: `id` None means "everything".
    Overwrite {
        id: Option<String>,
        path: PathBuf,
    },
    Delete {
        id: String,
        summary: String,
    },
}

/// A banner: the notice and, optionally, a message for its "Undo" button.
#[derive(Debug, Clone)]
pub struct Banner {
    pub notice: Notice,
    pub undo: Option<Message>,
}

pub struct App {
    pub store: Option<Store>,
    pub settings: Settings,
    /// The settings file could not be read: keep it, never overwrite it this session.
    settings_damaged: bool,
    system_dark: bool,
    pub screen: Screen,
    back: Vec<Screen>,
    pub listings: Vec<Listing>,
    pub banners: Vec<Banner>,
    pub dialog: Option<Dialog>,
    pub help: bool,
    /// What the last undo/redo did, shown in the top bar.
    pub status: String,
}

impl App {
    /// Boots on the data folder from `TABLEMATE_HOME` or the platform default.
    pub fn boot() -> (App, Task<Message>) {
        let app = App::open(Store::default_root());
        let task =
            iced::system::theme().map(|mode| Message::SystemDark(mode == iced::theme::Mode::Dark));
        (app, task)
    }

    /// An app on the data folder `root` (tests use a temporary folder).
    pub fn open(root: PathBuf) -> App {
        let mut banners = Vec::new();
        let store = match Store::open(&root) {
            Ok(store) => Some(store),
            Err(e) => {
                banners.push(Banner {
                    notice: Notice::error(format!(
                        "Cannot open the data folder: {e}. Nothing will be saved."
                    )),
                    undo: None,
                });
                None
            }
        };
        let mut settings_damaged = false;
        let settings = match store.as_ref().map(|s| s.read_settings::<Settings>()) {
            Some(Ok(s)) => s,
            Some(Err(e)) => {
                settings_damaged = true;
                banners.push(Banner {
                    notice: Notice::error(format!(
                        "{e}. Using default settings; the file is kept as it is."
                    )),
                    undo: None,
                });
                Settings::default()
            }
            None => Settings::default(),
        };
        let mut app = App {
            store,
            settings,
            settings_damaged,
            system_dark: false,
            screen: Screen::Home,
            back: Vec::new(),
            listings: Vec::new(),
            banners,
            dialog: None,
            help: false,
            status: String::new(),
        };
        app.reload_listings();
        app
    }

    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            store: self.store.as_ref(),
            large_type: self.settings.large_type,
        }
    }

    fn read_only(&self) -> Option<String> {
        self.store
            .as_ref()
            .and_then(|s| s.read_only())
            .map(|h| h.description.clone())
    }

    pub fn reload_listings(&mut self) {
        self.listings = self.store.as_ref().map(Store::list).unwrap_or_default();
    }

    fn notify(&mut self, notice: Notice) {
        self.banners.push(Banner { notice, undo: None });
        // Keep the stack short: old notices scroll away.
        if self.banners.len() > 4 {
            self.banners.remove(0);
        }
    }

    fn fail(&mut self, e: StoreError) {
        self.notify(Notice::error(e.to_string()));
    }

    pub fn title(&self) -> String {
        match self.screen.document() {
            Some(d) => format!("Tablemate — {}", d.title()),
            None => format!("Tablemate — {}", self.screen.name()),
        }
    }

    pub fn theme(&self) -> Theme {
        let dark = match self.settings.theme {
            ThemeChoice::System => self.system_dark,
            ThemeChoice::Light => false,
            ThemeChoice::Dark => true,
        };
        if dark { style::dark() } else { style::light() }
    }

    pub fn scale_factor(&self) -> f32 {
        if self.settings.large_type {
            style::LARGE_TYPE_SCALE
        } else {
            1.0
        }
    }

    pub fn subscription(&self) -> Subscription<Message> {
        Subscription::batch([
            iced::event::listen_with(shortcut),
            iced::system::theme_changes()
                .map(|mode| Message::SystemDark(mode == iced::theme::Mode::Dark)),
        ])
    }

    fn save_settings(&mut self) {
        if self.settings_damaged || self.read_only().is_some() {
            return;
        }
        if let Some(store) = &self.store
            && let Err(e) = store.write_settings(&self.settings)
        {
            self.fail(e);
        }
    }

    /// Saves the open game (autosave after every change).
    fn autosave(&mut self) {
        if self.read_only().is_some() {
            return;
        }
        let (Some(store), Some(doc)) = (&self.store, self.screen.document()) else {
            return;
        };
        if let Err(e) = doc.save(store) {
            self.fail(e);
        }
    }

    fn go(&mut self, screen: Screen) {
        self.screen = screen;
        self.back.clear();
        self.dialog = None;
        self.status.clear();
    }

    fn go_home(&mut self) {
        self.go(Screen::Home);
        self.reload_listings();
    }

    fn after<M: Send + 'static>(
        &mut self,
        action: Action<M>,
        wrap: impl Fn(M) -> Message + Send + 'static,
    ) -> Task<Message> {
        let action = action.map(wrap);
        if action.changed {
            self.status.clear();
            self.autosave();
        }
        if let Some(n) = action.notice {
            self.notify(n);
        }
        action.task.unwrap_or_else(Task::none)
    }

    fn new_game(&mut self, kind: Kind) {
        let ctx = self.ctx();
        let screen = match kind {
            Kind::Furtherance => Screen::Furtherance(furtherance::State::new(&ctx)),
            Kind::Worldspanner => Screen::Worldspanner(worldspanner::State::new(&ctx)),
            Kind::NearAndFar => Screen::NearAndFar(near_and_far::State::new(&ctx)),
            Kind::FurnaceDuel => Screen::FurnaceDuel(furnace_duel::State::new(&ctx)),
            Kind::Army => Screen::Army(army::State::new(&ctx)),
        };
        self.go(screen);
    }

    fn open_save(&mut self, id: String, kind: Kind) {
        let Some(store) = &self.store else {
            return;
        };
        let ctx = Ctx {
            store: Some(store),
            large_type: self.settings.large_type,
        };
        let screen = match kind {
            Kind::Furtherance => store
                .load(&id)
                .map(|s| Screen::Furtherance(furtherance::State::open(id, s, &ctx))),
            Kind::Worldspanner => store
                .load(&id)
                .map(|s| Screen::Worldspanner(worldspanner::State::open(id, s, &ctx))),
            Kind::NearAndFar => store
                .load(&id)
                .map(|s| Screen::NearAndFar(near_and_far::State::open(id, s, &ctx))),
            Kind::FurnaceDuel => store
                .load(&id)
                .map(|s| Screen::FurnaceDuel(furnace_duel::State::open(id, s, &ctx))),
            Kind::Army => store
                .load(&id)
                .map(|s| Screen::Army(army::State::open(id, s, &ctx))),
        };
        match screen {
            Ok(screen) => self.go(screen),
            Err(e) => {
                self.fail(e);
                self.reload_listings();
            }
        }
    }

    fn open_rules(&mut self) -> Task<Message> {
        let game = self.screen.game();
        if let Screen::Rules(r) = &mut self.screen {
            r.set_filter(game);
        } else {
            let rules = rules::State::new(&self.ctx(), game);
            let previous = std::mem::replace(&mut self.screen, Screen::Rules(rules));
            self.back.push(previous);
        }
        rules::State::focus()
    }

    fn back(&mut self) {
        if self.help {
            self.help = false;
        } else if self.dialog.is_some() {
            self.dialog = None;
        } else if let Screen::Rules(r) = &mut self.screen
            && r.is_reading()
        {
            let _ = r.update(
                rules::Message::Close,
                &Ctx {
                    store: None,
                    large_type: false,
                },
            );
        } else if let Some(previous) = self.back.pop() {
            self.screen = previous;
        } else if !matches!(self.screen, Screen::Home) {
            self.go_home();
        }
    }

    fn undo(&mut self) {
        if let Some(doc) = self.screen.document_mut() {
            match doc.undo() {
                Some(label) => self.status = format!("Undid: {label}"),
                None => self.status = "Nothing to undo".into(),
            }
            self.screen.refresh();
            self.autosave();
        }
    }

    fn redo(&mut self) {
        if let Some(doc) = self.screen.document_mut() {
            match doc.redo() {
                Some(label) => self.status = format!("Redid: {label}"),
                None => self.status = "Nothing to redo".into(),
            }
            self.screen.refresh();
            self.autosave();
        }
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Home(m) => return self.home(m),
            Message::Backups(m) => self.backups(m),
            Message::Rules(m) => forward!(self, Rules, m),
            Message::Furtherance(m) => forward!(self, Furtherance, m),
            Message::Worldspanner(m) => forward!(self, Worldspanner, m),
            Message::NearAndFar(m) => forward!(self, NearAndFar, m),
            Message::FurnaceDuel(m) => forward!(self, FurnaceDuel, m),
            Message::Army(m) => forward!(self, Army, m),
            Message::Shortcut(s) => match s {
                Shortcut::Undo => self.undo(),
                Shortcut::Redo => self.redo(),
                Shortcut::Search => return self.open_rules(),
                Shortcut::Back => self.back(),
                Shortcut::Help => self.help = !self.help,
            },
            Message::GoHome => self.go_home(),
            Message::OpenRules => return self.open_rules(),
            Message::Undo => self.undo(),
            Message::Redo => self.redo(),
            Message::Goto(i) => {
                if let Some(doc) = self.screen.document_mut()
                    && doc.goto(i)
                {
                    let (entries, _) = doc.history();
                    self.status = format!(
                        "Returned to: {}",
                        entries.get(i).map(|e| e.0.as_str()).unwrap_or("")
                    );
                    self.screen.refresh();
                    self.autosave();
                }
            }
            Message::ToggleHistory => {
                self.settings.show_history = !self.settings.show_history;
                self.save_settings();
            }
            Message::ToggleHelp => self.help = !self.help,
            Message::Theme(t) => {
                self.settings.theme = t;
                self.save_settings();
            }
            Message::LargeType(on) => {
                self.settings.large_type = on;
                self.save_settings();
            }
            Message::SystemDark(dark) => self.system_dark = dark,
            Message::Dismiss(i) => {
                if i < self.banners.len() {
                    self.banners.remove(i);
                }
            }
            Message::UndoRestore { id, backup } => {
                self.banners
                    .retain(|b| !matches!(&b.undo, Some(Message::UndoRestore { .. })));
                if let Some(store) = &self.store {
                    match store.restore_backup(&id, &backup) {
                        Ok(_) => {
                            self.notify(Notice::info(format!("Undone: {id} is back as it was.")))
                        }
                        Err(e) => self.fail(e),
                    }
                }
                self.reload_listings();
                if let Screen::Backups(b) = &mut self.screen {
                    b.reload(self.store.as_ref());
                }
            }
            Message::ImportPicked(None) | Message::ExportPicked(_, None) => {}
            Message::ImportPicked(Some(path)) => self.import(path),
            Message::ExportPicked(id, Some(path)) => self.export(id, path, false),
            Message::ConfirmDialog => match self.dialog.take() {
                Some(Dialog::Overwrite { id, path }) => self.export(id, path, true),
                Some(Dialog::Delete { id, .. }) => self.delete(id),
                None => {}
            },
            Message::CancelDialog => self.dialog = None,
        }
        Task::none()
    }

    fn home(&mut self, m: home::Message) -> Task<Message> {
        match m {
            home::Message::NewGame(kind) => self.new_game(kind),
            home::Message::Open(id, kind) => self.open_save(id, kind),
            home::Message::Rules => return self.open_rules(),
            home::Message::Backups(id) => {
                let state = backups::State::new(self.store.as_ref(), id);
                let previous = std::mem::replace(&mut self.screen, Screen::Backups(state));
                self.back.push(previous);
            }
            home::Message::Import => {
                return Task::perform(
                    async {
                        rfd::AsyncFileDialog::new()
                            .set_title("Import a Tablemate save or bundle")
                            .add_filter("Tablemate save", &["json"])
                            .pick_file()
                            .await
                            .map(|h| h.path().to_path_buf())
                    },
                    Message::ImportPicked,
                );
            }
            home::Message::Export(id) => {
                let name = format!("{id}.json");
                return Task::perform(
                    async move {
                        rfd::AsyncFileDialog::new()
                            .set_title("Export save")
                            .set_file_name(name)
                            .add_filter("Tablemate save", &["json"])
                            .save_file()
                            .await
                            .map(|h| h.path().to_path_buf())
                    },
                    move |path| Message::ExportPicked(Some(id.clone()), path),
                );
            }
            home::Message::ExportAll => {
                let name = format!(
                    "tablemate-all-{}.json",
                    chrono::Local::now().format("%Y%m%d")
                );
                return Task::perform(
                    async move {
                        rfd::AsyncFileDialog::new()
                            .set_title("Export every save into one file")
                            .set_file_name(name)
                            .add_filter("Tablemate bundle", &["json"])
                            .save_file()
                            .await
                            .map(|h| h.path().to_path_buf())
                    },
                    |path| Message::ExportPicked(None, path),
                );
            }
            home::Message::Delete(id) => {
                let summary = self
                    .listings
                    .iter()
                    .find(|l| l.id == id)
                    .and_then(|l| match &l.status {
                        crate::store::ListingStatus::Ok { summary, .. } => Some(summary.clone()),
                        _ => None,
                    })
                    .unwrap_or_default();
                self.dialog = Some(Dialog::Delete { id, summary });
            }
        }
        Task::none()
    }

    fn backups(&mut self, m: backups::Message) {
        match m {
            backups::Message::Select(id) => {
                if let Screen::Backups(b) = &mut self.screen {
                    b.selected = Some(id);
                    b.reload(self.store.as_ref());
                }
            }
            backups::Message::Restore(id, name) => {
                let Some(store) = &self.store else {
                    return;
                };
                match store.restore_backup(&id, &name) {
                    Ok(previous) => {
                        let undo = previous.map(|backup| Message::UndoRestore {
                            id: id.clone(),
                            backup,
                        });
                        self.banners.push(Banner {
                            notice: Notice::info(format!(
                                "Restored {id} from the backup of {name}."
                            )),
                            undo,
                        });
                    }
                    Err(e) => self.fail(e),
                }
                if let Screen::Backups(b) = &mut self.screen {
                    b.reload(self.store.as_ref());
                }
                self.reload_listings();
            }
        }
    }

    fn import(&mut self, path: PathBuf) {
        let Some(store) = &self.store else {
            return;
        };
        match store.import(&path) {
            Ok(items) => {
                let names: Vec<String> = items
                    .iter()
                    .map(|i| {
                        if i.renamed {
                            format!("{} (as a new copy: the id was taken)", i.id)
                        } else {
                            i.id.clone()
                        }
                    })
                    .collect();
                self.notify(Notice::info(format!("Imported {}", names.join(", "))));
            }
            Err(e) => self.fail(e),
        }
        self.reload_listings();
    }

    fn export(&mut self, id: Option<String>, path: PathBuf, overwrite: bool) {
        let Some(store) = &self.store else {
            return;
        };
        let result = match &id {
            Some(id) => store.export(id, &path, overwrite).map(|()| 1),
            None => store.export_all(&path, overwrite),
        };
        match result {
            Ok(n) => self.notify(Notice::info(format!(
                "Exported {n} save{} to {}",
                if n == 1 { "" } else { "s" },
                path.display()
            ))),
            Err(StoreError::Exists { path }) => {
                self.dialog = Some(Dialog::Overwrite { id, path });
            }
            Err(e) => self.fail(e),
        }
    }

    fn delete(&mut self, id: String) {
        let Some(store) = &self.store else {
            return;
        };
        match store.delete(&id) {
            Ok(()) => {
                let undo = store
                    .backups(&id)
                    .ok()
                    .and_then(|b| b.first().map(|b| b.name.clone()))
                    .map(|backup| Message::UndoRestore {
                        id: id.clone(),
                        backup,
                    });
                self.banners.push(Banner {
                    notice: Notice::info(format!("Deleted {id}. It is kept in Backups.")),
                    undo,
                });
            }
            Err(e) => self.fail(e),
        }
        self.reload_listings();
    }

    pub fn view(&self) -> Element<'_, Message> {
        let ctx = self.ctx();
        let read_only = self.read_only();
        let body: Element<'_, Message> = match &self.screen {
            Screen::Home => home::view(&self.listings, read_only.is_some()).map(Message::Home),
            Screen::Rules(s) => s.view(&ctx).map(Message::Rules),
            Screen::Backups(s) => s.view(read_only.is_some()).map(Message::Backups),
            Screen::Furtherance(s) => s.view(&ctx).map(Message::Furtherance),
            Screen::Worldspanner(s) => s.view(&ctx).map(Message::Worldspanner),
            Screen::NearAndFar(s) => s.view(&ctx).map(Message::NearAndFar),
            Screen::FurnaceDuel(s) => s.view(&ctx).map(Message::FurnaceDuel),
            Screen::Army(s) => s.view(&ctx).map(Message::Army),
        };
        let body: Element<'_, Message> = match (self.screen.document(), self.settings.show_history)
        {
            (Some(doc), true) => {
                let (entries, cursor) = doc.history();
                row![
                    container(body).width(Fill).height(Fill),
                    container(widgets::history_panel(&entries, cursor, Message::Goto))
                        .padding(12)
                        .width(Length::Fixed(330.0))
                        .height(Fill)
                        .style(style::card),
                ]
                .into()
            }
            _ => body,
        };

        let mut page = column![self.top_bar()];
        if let Some(holder) = &read_only {
            page = page.push(
                container(
                    text(format!(
                        "Read-only: the data folder is in use by {holder}. Nothing will be saved from this window."
                    ))
                    .size(style::BODY),
                )
                .padding(10)
                .width(Fill)
                .style(style::error_banner),
            );
        }
        for (i, b) in self.banners.iter().enumerate() {
            let extra = b.undo.clone().map(|m| ("Undo", m));
            page = page.push(
                container(widgets::notice(&b.notice, Message::Dismiss(i), extra)).padding([4, 12]),
            );
        }
        let page: Element<'_, Message> = page.push(body).into();

        let page = match &self.dialog {
            Some(Dialog::Overwrite { path, .. }) => widgets::modal(
                page,
                widgets::confirm(
                    format!("{} already exists. Replace it?", path.display()),
                    "Replace",
                    Message::ConfirmDialog,
                    Message::CancelDialog,
                ),
            ),
            Some(Dialog::Delete { id, summary }) => widgets::modal(
                page,
                widgets::confirm(
                    format!(
                        "Delete {id}?\n{summary}\nIt stays in Backups and can be restored from there."
                    ),
                    "Yes, delete",
                    Message::ConfirmDialog,
                    Message::CancelDialog,
                ),
            ),
            None => page,
        };
        if self.help {
            widgets::modal(page, help())
        } else {
            page
        }
    }

    fn top_bar(&self) -> Element<'_, Message> {
        let mut bar = row![].spacing(10).align_y(Center);
        let title = if matches!(self.screen, Screen::Home) {
            bar = bar.push(text("Tablemate").size(style::TITLE));
            None
        } else {
            bar = bar.push(widgets::secondary(
                "← Back",
                Some(Message::Shortcut(Shortcut::Back)),
            ));
            bar = bar.push(widgets::secondary("Home", Some(Message::GoHome)));
            Some(match self.screen.document() {
                Some(d) => d.title().to_string(),
                None => self.screen.name().to_string(),
            })
        };
        // The title takes what room is left and is clipped, so the buttons always fit, even
        // with large type on a small window; the last undo/redo shows under it.
        let mut title_block = column![];
        if let Some(title) = title {
            title_block = title_block.push(
                text(title)
                    .size(style::HEADING)
                    .wrapping(iced::widget::text::Wrapping::None),
            );
        }
        if !self.status.is_empty() {
            title_block = title_block.push(
                text(&self.status)
                    .size(style::SMALL)
                    .style(style::muted)
                    .wrapping(iced::widget::text::Wrapping::None),
            );
        }
        bar = bar.push(container(title_block).width(Fill).clip(true));
        if let Some(doc) = self.screen.document() {
            bar = bar.push(widgets::secondary(
                "Undo",
                doc.can_undo().then_some(Message::Undo),
            ));
            bar = bar.push(widgets::secondary(
                "Redo",
                doc.can_redo().then_some(Message::Redo),
            ));
            bar = bar.push(widgets::secondary(
                if self.settings.show_history {
                    "Hide history"
                } else {
                    "History"
                },
                Some(Message::ToggleHistory),
            ));
        }
        if !matches!(self.screen, Screen::Rules(_)) {
            bar = bar.push(widgets::secondary("Rules", Some(Message::OpenRules)));
        }
        // The theme picker and the full large-type label live on Home; game screens keep a
        // compact toggle so their own title and undo controls fit at 1024 px.
        if matches!(self.screen, Screen::Home) {
            bar = bar.push(
                pick_list(ThemeChoice::ALL, Some(self.settings.theme), Message::Theme)
                    .text_size(style::BODY)
                    .padding([6, 10]),
            );
            bar = bar.push(widgets::secondary(
                if self.settings.large_type {
                    "Large type: on"
                } else {
                    "Large type: off"
                },
                Some(Message::LargeType(!self.settings.large_type)),
            ));
        } else {
            bar = bar.push(widgets::secondary(
                if self.settings.large_type {
                    "Aa−"
                } else {
                    "Aa+"
                },
                Some(Message::LargeType(!self.settings.large_type)),
            ));
        }
        bar = bar.push(
            button(text("?").size(style::HEADING))
                .padding([2, 14])
                .style(style::secondary)
                .on_press(Message::ToggleHelp),
        );
        container(bar)
            .padding([10, 16])
            .width(Fill)
            .style(style::bar)
            .into()
    }
}

fn help<'a>() -> Element<'a, Message> {
    let keys = [
        ("Ctrl+Z", "Undo the last action"),
        ("Ctrl+Shift+Z or Ctrl+Y", "Redo"),
        (
            "Ctrl+F",
            "Search the rules (filtered to the game on screen)",
        ),
        ("Esc", "Back: close a dialog, an open rule, or the screen"),
        ("F1 or ?", "Show or hide this help"),
        (
            "Aa+ / Aa−",
            "Large type on or off (theme: on the Home screen)",
        ),
    ];
    let mut list = column![text("Keyboard shortcuts").size(style::HEADING)].spacing(10);
    for (k, what) in keys {
        list = list.push(
            row![
                text(k).size(style::BODY).width(Length::Fixed(240.0)),
                text(what).size(style::BODY)
            ]
            .spacing(10),
        );
    }
    list = list.push(
        text("Every change is saved at once, with a labelled history: click History to go back to any point.")
            .size(style::SMALL)
            .style(style::muted),
    );
    list.push(widgets::primary("Close", Some(Message::ToggleHelp)))
        .into()
}

/// Maps key presses to shortcuts. Ctrl combinations work even while typing; plain keys only
/// when no text box took them.
fn shortcut(
    event: iced::Event,
    status: iced::event::Status,
    _window: iced::window::Id,
) -> Option<Message> {
    let iced::Event::Keyboard(keyboard::Event::KeyPressed { key, modifiers, .. }) = event else {
        return None;
    };
    let ignored = status == iced::event::Status::Ignored;
    let s = match key.as_ref() {
        Key::Character(c) if modifiers.command() => match c.to_lowercase().as_str() {
            "z" if modifiers.shift() => Shortcut::Redo,
            "z" => Shortcut::Undo,
            "y" => Shortcut::Redo,
            "f" => Shortcut::Search,
            _ => return None,
        },
        Key::Character("?") if ignored => Shortcut::Help,
        Key::Named(Named::Escape) => Shortcut::Back,
        Key::Named(Named::F1) => Shortcut::Help,
        _ => return None,
    };
    Some(Message::Shortcut(s))
}
