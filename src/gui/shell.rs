//! The app shell: which screen is showing, navigation, Esc, undo/redo through the open
//! document, notices, and autosave when the document's history revision moves. Screens own
//! their own updates; saving (`saving.rs`), moving saves in and out (`transfer.rs`), settings
//! (`settings.rs`), a save changed on disk (`on_disk.rs`), the window (`window.rs`) and the frame around a screen (`chrome.rs`) live in
//! their own modules.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use iced::{Size, Task, window};

use super::saving::Saver;
use super::screen::{Action, Ctx, Keypress, Notice, Restore};
use super::screens::{GameMessage, Screen};
use super::settings::{Place, Prefs, Settings};
use super::style::ThemeChoice;
use super::{backups, home, notice, rules, stats, transfer};
use crate::store::{Listing, Store};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortcut {
    Undo,
    Redo,
    Search,
    Back,
    Help,
    /// Ctrl+H: show or hide the history panel.
    History,
    /// Tab: the next text field in reading order (docs/table-ux.md, keyboard).
    NextField,
    /// Shift+Tab: the previous text field.
    PreviousField,
}

#[derive(Debug, Clone)]
pub enum Message {
    Home(home::Message),
    Rules(rules::Message),
    Backups(backups::Message),
    Stats(stats::Message),
    /// A game screen's message (`Message::from(furtherance::Message::...)`).
    Game(GameMessage),
    Shortcut(Shortcut),
    /// A plain key no text box took: the screen's own keyboard action, if it has one.
    Key(Keypress),
    GoHome,
    OpenRules,
    /// A refusal's "See the rule": the Rules screen at that entry.
    OpenRule(crate::rules::RuleRef),
    Undo,
    Redo,
    Goto(usize),
    ToggleHistory,
    ToggleHelp,
    Theme(ThemeChoice),
    LargeType(bool),
    SystemDark(bool),
    Dismiss(usize),
    /// A notice's time may be up (`notice::TIMEOUT`).
    Expire,
    /// The "Undo" of a delete or a restore.
    UndoStore(Restore),
    /// The window opened, moved, resized or was asked to close.
    Window(window::Id, window::Event),
    /// The size of the screen the window opened on (None: unknown).
    Screen(window::Id, Option<Size>),
    /// A while after a save failed: try it again (`saving.rs`).
    RetrySave,
    /// The writer has reported a save (written or failed): the window looks at once.
    SaveReported,
    /// The open game's file changed on disk since the window read it: true keeps the
    /// window's version (written over it, the other kept in Backups), false shows the disk's.
    Conflict(bool),
    /// The top bar's Rename: open the title field, its text, save it, or close it.
    RenameOpen,
    RenameText(String),
    RenameSave,
    RenameCancel,
    /// The system asked the app to end (SIGTERM, SIGINT, SIGHUP): save and close.
    Terminate,
    /// A later start on this data folder handed its request over (`single.rs`).
    Handoff(super::single::Request),
    /// "Share to the table" (`share.rs`).
    Share(super::share::Message),
    /// The open game's session sheet, written and opened in the browser (`sheet.rs`).
    SessionSheet,
    /// How the browser's opener exited for the sheet at this path (`sheet.rs`).
    SheetOpened(std::path::PathBuf, Result<String, crate::print::OpenError>),
    /// "Not now" on the offer of tonight's session sheet at a game's end (`sheet.rs`).
    DismissSheetOffer,
    /// The Statistics screen for the open game (`sheet.rs`).
    GameStatistics,
}

/// The context a screen is given, borrowing only the fields it needs (so the screen itself
/// can be borrowed mutably beside it).
macro_rules! ctx {
    ($app:expr) => {
        Ctx {
            store: $app.store.as_deref(),
            large_type: $app.prefs.settings.large_type,
        }
    };
}

/// Hands a screen's message to that screen, if it is the one showing, and lifts its action
/// into the shell (notice, task).
macro_rules! forward {
    ($app:ident, $variant:ident, $message:expr) => {{
        let ctx = ctx!($app);
        if let Screen::$variant(s) = &mut $app.screen {
            let action = s.update($message, &ctx);
            return $app.after(action, Message::$variant);
        }
    }};
}

pub struct App {
    pub store: Option<Arc<Store>>,
    pub(super) prefs: Prefs,
    pub(super) system_dark: bool,
    pub screen: Screen,
    pub(super) back: Vec<Screen>,
    /// Notices for the notice line at the foot of the window (`notice.rs`), oldest first.
    pub banners: Vec<Notice>,
    /// A wake-up to take down notices that are due is on its way.
    timer: bool,
    pub help: bool,
    /// What the last undo/redo did, shown in the top bar.
    pub status: String,
    pub(super) saver: Option<Saver>,
    /// The (save id, revision) last handed to the saver, or found on disk when opened.
    pub(super) saved: Option<(String, u64)>,
    /// Where the window is, in screen pixels, to be remembered on close.
    pub(super) place: Option<Place>,
    /// Why the open game's newest version is not on disk (the last save failed), until a
    /// save succeeds: shown in the top bar, retried, and asked about on close (`saving.rs`).
    pub(super) unsaved: Option<String>,
    /// A retry is scheduled.
    pub(super) retrying: bool,
    /// The window was asked to close while a change was not saved, and the player was told:
    /// the next close request closes.
    pub(super) close_warned: bool,
    /// "Share to the table": the host for the open game, off until asked (`share.rs`).
    pub sharing: super::share::Sharing,
    /// Counts the updates: the first frame after each is repainted whole (`repaint.rs`).
    pub(super) generation: u64,
    /// The open game's save whose file changed on disk since the window read it: the player
    /// is asked which version to keep; nothing is written meanwhile.
    pub conflict: Option<String>,
    /// The top bar's title field while renaming the open game, and why the typed title was
    /// refused.
    pub renaming: Option<(String, Option<String>)>,
    /// Whether a session sheet is handed to the system's browser (`print::Opener`).
    pub opener: crate::print::Opener,
    /// The save whose game just ended, offered its session sheet at the foot (`sheet.rs`),
    /// and every (save, play) offered already, so each end is offered once.
    pub sheet_offer: Option<String>,
    pub(super) offered: std::collections::BTreeSet<(String, u32)>,
}

impl App {
    /// Boots on the data folder from `TABLEMATE_HOME` or the platform default.
    pub fn boot() -> (App, Task<Message>) {
        App::boot_on(None)
    }

    /// [`App::boot`], then opens save `target` if given (`App::open_save`).
    pub fn boot_on(target: Option<&str>) -> (App, Task<Message>) {
        let root = Store::default_root();
        crate::store::log::init(&root);
        let mut app = App::open(root);
        if let Some(t) = target {
            app.open_save(t);
        }
        let timer = app.arm_timer();
        let theme =
            iced::system::theme().map(|mode| Message::SystemDark(mode == iced::theme::Mode::Dark));
        let screen = window::oldest()
            .and_then(|id| window::monitor_size(id).map(move |size| Message::Screen(id, size)));
        (app, Task::batch([theme, screen, timer]))
    }

    /// An app on the data folder `root` (tests use a temporary folder).
    pub fn open(root: PathBuf) -> App {
        let mut banners = Vec::new();
        let store = match Store::open(&root) {
            Ok(store) => Some(Arc::new(store)),
            Err(e) => {
                crate::store::log::error(&e.to_string());
                let n = Notice::error(format!(
                    "Cannot open the data folder: {e}. Nothing will be saved."
                ));
                notice::post(&mut banners, n.lasting(), Instant::now());
                None
            }
        };
        let (prefs, problem) = Prefs::load(store.as_deref());
        if let Some(n) = problem {
            notice::post(&mut banners, n, Instant::now());
        }
        let saver = store.clone().map(Saver::start);
        let ctx = Ctx {
            store: store.as_deref(),
            large_type: prefs.settings.large_type,
        };
        let screen = Screen::home(&ctx);
        let place = prefs.settings.window;
        let sharing = super::share::Sharing::from_setting(prefs.settings.share_listen.as_deref());
        App {
            store,
            prefs,
            system_dark: false,
            screen,
            back: Vec::new(),
            banners,
            timer: false,
            help: false,
            status: String::new(),
            saver,
            saved: None,
            place,
            unsaved: None,
            retrying: false,
            close_warned: false,
            sharing,
            generation: 0,
            conflict: None,
            renaming: None,
            opener: crate::print::Opener::here(),
            sheet_offer: None,
            offered: Default::default(),
        }
    }

    pub(super) fn ctx(&self) -> Ctx<'_> {
        ctx!(self)
    }

    pub fn settings(&self) -> &Settings {
        &self.prefs.settings
    }

    /// The saves Home lists (empty on other screens).
    pub fn listings(&self) -> &[Listing] {
        match &self.screen {
            Screen::Home(h) => &h.listings,
            _ => &[],
        }
    }

    /// Whether a question (a dialog) is waiting on Home.
    pub fn asking(&self) -> bool {
        matches!(&self.screen, Screen::Home(h) if h.dialog.is_some())
    }

    pub(super) fn read_only(&self) -> Option<String> {
        self.store
            .as_ref()
            .and_then(|s| s.read_only())
            .map(|h| h.description.clone())
    }

    pub(super) fn notify(&mut self, notice: Notice) {
        // An Undo offer replaces an older one (only the last store change can be undone);
        // the same text is not shown twice.
        notice::post(&mut self.banners, notice, Instant::now());
    }

    /// A wake-up for the notices that will time out, unless one is on its way.
    fn arm_timer(&mut self) -> Task<Message> {
        if self.timer || self.banners.iter().all(notice::needs_decision) {
            return Task::none();
        }
        self.timer = true;
        notice::wake_after(Message::Expire)
    }

    pub(super) fn save_settings(&mut self) {
        if let Some(n) = self.prefs.save(self.store.as_deref()) {
            self.notify(n);
        }
    }

    pub(super) fn go(&mut self, screen: Screen) {
        self.stop_sharing_unless(screen.document().map(|d| d.id()));
        self.screen = screen;
        self.conflict = None;
        self.renaming = None;
        self.back.clear();
        self.status.clear();
        self.saved = self
            .screen
            .document()
            .map(|d| (d.id().to_string(), d.revision()));
    }

    pub(super) fn go_home(&mut self) {
        self.flush_saves();
        let home = Screen::home(&self.ctx());
        self.go(home);
    }

    fn after<M: Send + 'static>(
        &mut self,
        action: Action<M>,
        wrap: impl Fn(M) -> Message + Send + 'static,
    ) -> Task<Message> {
        let moved = self
            .screen
            .document()
            .map(|d| (d.id().to_string(), d.revision()));
        if moved.is_some() && moved != self.saved {
            self.status.clear();
        }
        let action = action.map(wrap);
        if let Some(n) = action.notice {
            self.notify(n);
        }
        let task = action.task.unwrap_or_else(Task::none);
        match action.open_rule {
            Some(rule) => Task::batch([task, self.open_rule(rule)]),
            None => task,
        }
    }

    /// Shows `screen` over the current one; Esc returns to it.
    pub(super) fn push(&mut self, screen: Screen) {
        let previous = std::mem::replace(&mut self.screen, screen);
        self.back.push(previous);
    }

    pub(super) fn open_rules(&mut self) -> Task<Message> {
        let game = self.screen.game();
        if let Screen::Rules(r) = &mut self.screen {
            r.set_filter(game);
        } else {
            let rules = rules::State::new(&self.ctx(), game)
                .with_rulebooks(self.prefs.settings.rulebooks.clone())
                .with_opener(self.opener.clone());
            self.push(Screen::Rules(Box::new(rules)));
        }
        rules::State::focus()
    }

    /// The Rules screen at `rule`'s entry (a refusal's or a "Why?" line's citation).
    fn open_rule(&mut self, rule: crate::rules::RuleRef) -> Task<Message> {
        let task = self.open_rules();
        if let Screen::Rules(r) = &mut self.screen {
            r.open_entry(rule.game, rule.id);
        }
        task
    }

    /// Esc: the help overlay, then whatever the screen has open (a question, an editor, a
    /// selection), then the history panel, then the screen itself.
    fn back(&mut self) {
        if self.help {
            self.help = false;
        } else if self.renaming.is_some() {
            self.renaming = None;
        } else if self.sharing.asking_to_leave {
            self.sharing.asking_to_leave = false;
        } else if self.sharing.open && self.screen.document().is_some() {
            // The Share panel is the outermost thing open beside the game: closed first,
            // sharing goes on.
            self.sharing.open = false;
        } else if self.screen.escape() {
        } else if self.screen.document().is_some() && self.prefs.settings.show_history {
            self.toggle_history();
        } else if let Some(previous) = self.back.pop() {
            self.screen = previous;
            self.reload();
        } else if !self.screen.is_home() {
            self.leave_for_home();
        }
    }

    /// Home from the game (Esc, the Home button): while sharing, asks first in the Share
    /// panel, since the phones lose the game until it is shared again.
    pub(super) fn leave_for_home(&mut self) {
        if self.sharing.is_on() && self.screen.document().is_some() {
            self.sharing.asking_to_leave = true;
            self.sharing.open = true;
            return;
        }
        self.go_home();
    }

    fn toggle_history(&mut self) {
        self.prefs.settings.show_history = !self.prefs.settings.show_history;
        self.save_settings();
    }

    /// After a store change: Home and Backups re-read the folder.
    pub(super) fn reload(&mut self) {
        let ctx = ctx!(self);
        match &mut self.screen {
            Screen::Home(h) => h.reload(&ctx),
            Screen::Backups(b) => b.reload(ctx.store),
            _ => {}
        }
    }

    /// Says in the top bar what an undo, redo or jump did (`nothing` if it did nothing).
    fn step(&mut self, what: &str, nothing: &str, done: Option<String>) {
        self.status = match done {
            Some(label) => format!("{what}: {label}"),
            None => nothing.to_string(),
        };
        self.screen.refresh();
    }

    /// An undo, redo or jump the saved history refused (a damaged entry): said in the status
    /// line, nothing changed.
    fn refused(&mut self, what: &str, why: &str) {
        self.status = format!("{what}: {why}");
    }

    pub fn update(&mut self, message: Message) -> Task<Message> {
        self.generation = self.generation.wrapping_add(1);
        let task = self.handle(message);
        let retry = self.autosave().unwrap_or_else(Task::none);
        Task::batch([task, retry, self.arm_timer()])
    }

    fn handle(&mut self, message: Message) -> Task<Message> {
        match message {
            Message::Home(m) => {
                let ctx = ctx!(self);
                if let Screen::Home(h) = &mut self.screen {
                    let (action, event) = h.update(m, &ctx);
                    let task = self.after(action, Message::Home);
                    return match event {
                        Some(e) => Task::batch([task, self.home_event(e)]),
                        None => task,
                    };
                }
            }
            Message::Backups(m) => forward!(self, Backups, m),
            Message::Stats(m) => forward!(self, Stats, m),
            Message::SessionSheet => return self.session_sheet(),
            Message::SheetOpened(path, how) => self.sheet_opened(&path, how),
            Message::DismissSheetOffer => self.sheet_offer = None,
            Message::GameStatistics => return self.game_statistics(),
            Message::Rules(rules::Message::SaveBook(game)) => self.keep_rulebook(game, true),
            Message::Rules(rules::Message::ForgetBook(game)) => self.keep_rulebook(game, false),
            Message::Rules(m) => forward!(self, Rules, m),
            Message::Game(m) => {
                let ctx = ctx!(self);
                let before = self.finished_plays();
                if let Some(action) = self.screen.update_game(m, &ctx) {
                    let task = self.after(action, |m| m);
                    self.offer_sheet_if_ended(before);
                    return task;
                }
            }
            // An editor with undo of its own (`document::Edits`) takes the top bar's Undo and
            // Redo while it is open: one pair on the screen.
            Message::Shortcut(Shortcut::Undo) | Message::Undo if self.screen.edits().is_some() => {
                let done = self.screen.edits_mut().and_then(|e| e.undo());
                self.step("Undid", "Nothing to undo", done);
            }
            Message::Shortcut(Shortcut::Redo) | Message::Redo if self.screen.edits().is_some() => {
                let done = self.screen.edits_mut().and_then(|e| e.redo());
                self.step("Redid", "Nothing to redo", done);
            }
            Message::Shortcut(Shortcut::Undo) | Message::Undo => {
                if let Some(doc) = self.screen.document_mut() {
                    match doc.try_undo() {
                        Ok(done) => self.step("Undid", "Nothing to undo", done),
                        Err(why) => self.refused("Cannot undo", &why.to_string()),
                    }
                }
            }
            Message::Shortcut(Shortcut::Redo) | Message::Redo => {
                if let Some(doc) = self.screen.document_mut() {
                    match doc.try_redo() {
                        Ok(done) => self.step("Redid", "Nothing to redo", done),
                        Err(why) => self.refused("Cannot redo", &why.to_string()),
                    }
                }
            }
            Message::Shortcut(Shortcut::Search) | Message::OpenRules => return self.open_rules(),
            Message::OpenRule(rule) => return self.open_rule(rule),
            Message::Shortcut(Shortcut::Back) => self.back(),
            // Fields are visited in the order the screen lays them out, which is reading order.
            Message::Shortcut(Shortcut::NextField) if !self.help => {
                return iced::widget::operation::focus_next();
            }
            Message::Shortcut(Shortcut::PreviousField) if !self.help => {
                return iced::widget::operation::focus_previous();
            }
            Message::Shortcut(Shortcut::NextField | Shortcut::PreviousField) => {}
            // The help overlay covers the screen: keys wait until it is closed.
            Message::Key(key) if !self.help => {
                if let Some(m) = self.screen.key(key) {
                    return self.handle(m);
                }
            }
            Message::Key(_) => {}
            Message::Shortcut(Shortcut::Help) | Message::ToggleHelp => self.help = !self.help,
            Message::GoHome => self.leave_for_home(),
            Message::Goto(i) => {
                if let Some(doc) = self.screen.document_mut() {
                    match doc.try_goto(i) {
                        Ok(()) => {
                            let label = doc.history().0.get(i).map(|e| e.0.clone());
                            self.step("Returned to", "", label);
                        }
                        Err(why) => self.refused("Cannot return there", &why.to_string()),
                    }
                }
            }
            Message::ToggleHistory => self.toggle_history(),
            // Only where there is a game to show the history of.
            Message::Shortcut(Shortcut::History) if self.screen.document().is_some() => {
                self.toggle_history();
            }
            Message::Shortcut(Shortcut::History) => {}
            Message::Theme(t) => {
                self.prefs.settings.theme = t;
                self.save_settings();
            }
            Message::LargeType(on) => {
                self.prefs.settings.large_type = on;
                self.save_settings();
            }
            Message::SystemDark(dark) => self.system_dark = dark,
            Message::Expire => {
                self.timer = false;
                notice::expire(&mut self.banners, Instant::now());
            }
            Message::Dismiss(i) => {
                if i < self.banners.len() {
                    self.banners.remove(i);
                }
            }
            Message::UndoStore(r) => {
                self.banners.retain(|b| b.undo.is_none());
                // The window's own last change first: the Undo compares with what is on disk.
                self.flush_saves();
                let _ = self.autosave();
                self.flush_saves();
                if let Some(store) = self.store.clone() {
                    let (n, done) = transfer::undo(&store, &r);
                    self.notify(n);
                    if done {
                        self.show_disk(&r.id);
                    }
                }
                self.reload();
            }
            Message::SaveReported => {}
            Message::Conflict(keep_mine) => self.settle_conflict(keep_mine),
            Message::RenameOpen => {
                let title = self
                    .screen
                    .document()
                    .map(|d| d.title().to_string())
                    .unwrap_or_default();
                self.renaming = Some((title, None));
                return super::widgets::focus_rename();
            }
            Message::RenameText(t) => {
                if let Some(r) = &mut self.renaming {
                    *r = (t, None);
                }
            }
            Message::RenameCancel => self.renaming = None,
            Message::RenameSave => self.rename_open_game(),
            Message::Terminate => return self.terminate(),
            Message::Handoff(request) => {
                if let super::single::Request::Open(target) = request {
                    self.open_save(&target);
                }
                return window::oldest().and_then(window::gain_focus);
            }
            Message::Window(id, event) => return self.window(id, event),
            Message::RetrySave => self.retry_save(),
            Message::Share(m) => return self.share_update(m),
            Message::Screen(id, Some(screen)) => return self.fit(id, screen),
            Message::Screen(_, None) => {}
        }
        Task::none()
    }
}

impl App {
    /// The top bar's Rename, saved: the title checked as the store checks it, then written
    /// with the game (no history entry).
    fn rename_open_game(&mut self) {
        let Some((typed, _)) = self.renaming.clone() else {
            return;
        };
        match crate::games::script::check_title(&typed) {
            Ok(title) => {
                if let Some(doc) = self.screen.document_mut() {
                    let old = doc.title().to_string();
                    doc.set_title(title.clone());
                    // The revision did not move: this makes the autosave write it.
                    self.saved = None;
                    self.renaming = None;
                    self.status = format!(
                        "Renamed {} to {}",
                        transfer::named(&old, ""),
                        transfer::named(&title, "")
                    );
                }
            }
            Err(why) => self.renaming = Some((typed, Some(why.to_string()))),
        }
    }
}
