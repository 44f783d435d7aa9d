//! "Share to the table" (docs/table-network.md, "Sharing from the window"): the open game's
//! host, started from the top bar off the UI thread, and its panel beside the game: one QR
//! code and link per seat plus the read-only table seat, who is connected, "New link" per seat
//! and "Stop sharing".
//!
//! While sharing, the window and the phones change one save without overwriting each other:
//! - a phone's change: the host tells the window at once ([`Host::notices`], no polling) and
//!   the window reads the save again;
//! - the window's own change (an action, undo, redo): written through the host
//!   ([`crate::host::WindowWriter`]) by the writer thread (never in the frame), only if no
//!   phone changed the game since the window last read it; if one did, the window's actions
//!   since then are applied again on the phone's version (a refusal is said in the notice
//!   line) and the window shows the game with both. An acknowledged phone action is never
//!   overwritten.

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};

use iced::mouse;
use iced::widget::canvas::{self, Frame, Geometry, Path};
use iced::widget::{canvas as canvas_widget, column, container, row, scrollable, text, text_input};
use iced::{Color, Element, Fill, Length, Point, Rectangle, Renderer, Size, Task, Theme};

use super::saving::Job;
use super::screen::Notice;
use super::shell::{App, Message as AppMessage};
use super::{style, widgets};
use crate::host::{DEFAULT_PORT, Host, HostError, LinkInfo, WindowWrite, qr_modules};
use crate::store::{OnDisk, Store};

/// The side of one QR code in the panel (logical pixels).
const QR_SIDE: f32 = 168.0;

/// Where the window's host listens unless `settings.json` says otherwise: every interface,
/// port 8765.
pub fn default_listen() -> SocketAddr {
    SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), DEFAULT_PORT)
}

/// The window's sharing: off until "Share" is pressed.
pub struct Sharing {
    /// Where the host listens: the `share_listen` setting (HOST:PORT in `settings.json`),
    /// else [`default_listen`]; the next port after "Share on port N instead".
    pub listen: SocketAddr,
    /// A `share_listen` setting that is not HOST:PORT, said in the panel.
    pub setting_problem: Option<String>,
    /// The panel's address field, as typed.
    pub listen_text: String,
    /// Why the address typed in the panel is not one to share on.
    pub listen_problem: Option<String>,
    /// The port was busy: the next one to offer, and its button's label.
    pub busy: Option<(u16, String)>,
    /// The panel is showing.
    pub open: bool,
    host: Option<Host>,
    /// The save being shared.
    id: Option<String>,
    starting: bool,
    /// The host's revision the window's game last matched.
    synced: u64,
    /// The window's history entry at that moment (index, label, time): the window's own
    /// actions after it are the ones to send again if a phone changed the game meanwhile.
    synced_mark: Mark,
    updates: Option<tokio::sync::watch::Receiver<u64>>,
    links: Vec<LinkInfo>,
    /// Ends the window's listening to the host when sharing stops (dropped: aborted).
    listening: Option<iced::task::Handle>,
    /// Why the host could not start.
    pub error: Option<String>,
    /// Why the seats' links could not be kept or read back ([`Host::links_problem`]).
    pub links_problem: Option<String>,
    /// Leaving the game was asked for while sharing: the panel asks first.
    pub asking_to_leave: bool,
    /// One of the window's own changes is with the writer thread ([`App::save_shared`]):
    /// the next waits for its outcome, so it is written against the revision it produced.
    writing: bool,
    /// What became of the window's own changes written through the host, sent by the writer
    /// thread and read in the frame ([`App::take_shared_writes`]).
    written: (Sender<WrittenFor>, Receiver<WrittenFor>),
}

/// What became of one of the window's own changes written through the host, on the writer
/// thread: the frame only reads it.
enum Written {
    /// Written; the host's revision now, the window's history entry it was made at, and the
    /// version written (what the ordinary autosave writes over later), if known.
    Done(u64, Mark, Option<OnDisk>),
    /// A phone changed the game first: the window's actions since it last matched the host
    /// (how many) and what applying them again on the new game gave; None if they could not
    /// be sent again (an undo, a jump or an edit was among them).
    Moved(Option<(usize, Replayed)>),
    /// Written, but the host could not read the save again (why).
    Unread(String),
    /// Not written: the store's error reaches the shell as the writer's outcome.
    Failed,
}

/// The window's actions applied again on a phone's version: the host's revision after them,
/// or how many were applied and why the next was refused.
type Replayed = Result<u64, (usize, String)>;

/// A save's id and what became of the window's write of it.
type WrittenFor = (String, Written);

/// A history entry: its index, label and time.
type Mark = Option<(usize, String, chrono::DateTime<chrono::Utc>)>;

impl Default for Sharing {
    fn default() -> Self {
        Sharing {
            listen: default_listen(),
            setting_problem: None,
            listen_text: default_listen().to_string(),
            listen_problem: None,
            busy: None,
            open: false,
            host: None,
            id: None,
            starting: false,
            synced: 0,
            synced_mark: None,
            updates: None,
            links: Vec::new(),
            listening: None,
            error: None,
            links_problem: None,
            asking_to_leave: false,
            writing: false,
            written: std::sync::mpsc::channel(),
        }
    }
}

impl Sharing {
    /// Sharing on the address the `share_listen` setting names (None: the default); a value
    /// that is not HOST:PORT keeps the default and is said in the panel.
    pub fn from_setting(listen: Option<&str>) -> Sharing {
        let mut s = Sharing::default();
        if let Some(text) = listen.map(str::trim).filter(|t| !t.is_empty()) {
            match text.parse::<SocketAddr>() {
                Ok(addr) => {
                    s.listen = addr;
                    s.listen_text = addr.to_string();
                }
                Err(_) => {
                    s.setting_problem = Some(format!(
                        "settings.json: share_listen \"{text}\" is not HOST:PORT (such as \
                         0.0.0.0:8765); sharing on {} instead.",
                        s.listen
                    ))
                }
            }
        }
        s
    }

    /// The address in the panel's field, or why it is not one: HOST:PORT with the host an
    /// IP address of this computer (0.0.0.0 for every network) and the port a number.
    // Kept String: shown verbatim under the address field.
    pub fn typed_listen(&self) -> Result<SocketAddr, String> {
        let text = self.listen_text.trim();
        text.parse::<SocketAddr>().map_err(|_| {
            format!(
                "“{text}” is not an address to share on: write HOST:PORT, such as 0.0.0.0:8765 \
                 (every network) or 192.168.1.20:8765 (one network)."
            )
        })
    }

    /// The address phones open, while sharing.
    pub fn url(&self) -> Option<&str> {
        self.host.as_ref().map(|h| h.url())
    }

    pub fn is_on(&self) -> bool {
        self.host.is_some()
    }

    /// Every seat's link while sharing, the table seat last.
    pub fn links(&self) -> &[LinkInfo] {
        &self.links
    }

    /// Stops the host on a thread of its own (closing the connections takes a moment; the
    /// window never waits on the network). The seats' links are kept for the next share
    /// (leaving the game and coming back), unless `for_good` (Stop sharing) forgets them.
    fn stop(&mut self, for_good: bool) {
        if let Some(host) = self.host.take() {
            let _ = std::thread::Builder::new()
                .name("tablemate-host-stop".into())
                .spawn(move || match for_good {
                    true => host.stop_for_good(),
                    false => host.stop(),
                });
        }
        self.id = None;
        self.updates = None;
        self.listening = None;
        self.links.clear();
        self.open = false;
        self.starting = false;
        self.asking_to_leave = false;
        // A write under way goes on (through the same store); its outcome is read and
        // ignored, as the game is no longer shared.
        self.writing = false;
    }
}

#[derive(Debug, Clone)]
pub enum Message {
    /// The top bar's "Share": starts the host (once) and shows the panel.
    Share,
    /// Hides the panel; sharing goes on.
    Hide,
    Started(Started),
    Stop,
    /// "Share on port N instead": the port asked for was busy.
    NextPort(u16),
    /// Revokes a seat's link and makes a new one.
    NewLink(String),
    /// The panel's address field changed.
    ListenTyped(String),
    /// "Share on this address": checks the typed address, keeps it in `settings.json` and
    /// shares there (moving a host already sharing).
    ListenSet,
    /// The host says a phone changed the game or connected or left (at once, no polling).
    Heard,
    /// "Leave the game" after the question: sharing stops (the links are kept), Home.
    LeaveConfirmed,
    /// "Stay in the game": the question goes away.
    Stay,
}

/// Why the host did not start, and whether it was only that the port is busy.
#[derive(Debug)]
pub struct NotStarted {
    pub why: String,
    pub port_busy: bool,
}

/// A host that started (or why not), handed from the starting thread to the shell once.
#[derive(Clone)]
pub struct Started(Arc<Mutex<Option<Result<Host, NotStarted>>>>);

impl Started {
    pub fn new(result: Result<Host, NotStarted>) -> Started {
        Started(Arc::new(Mutex::new(Some(result))))
    }

    fn take(&self) -> Option<Result<Host, NotStarted>> {
        self.0.lock().ok()?.take()
    }
}

impl std::fmt::Debug for Started {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Started(..)")
    }
}

/// Starts the host for save `id` (binds, reads the save, starts its threads).
pub fn start(store: Arc<Store>, id: &str, listen: SocketAddr) -> Started {
    Started::new(Host::start(store, id, listen).map_err(|e| NotStarted {
        port_busy: matches!(&e, HostError::Bind { source, .. }
            if source.kind() == std::io::ErrorKind::AddrInUse),
        why: e.to_string(),
    }))
}

impl App {
    pub(super) fn share_update(&mut self, message: Message) -> Task<AppMessage> {
        match message {
            Message::Share => {
                self.sharing.open = true;
                if self.sharing.is_on() || self.sharing.starting {
                    return Task::none();
                }
                let Some(store) = self.store.clone() else {
                    return Task::none();
                };
                let Some(id) = self.screen.document().map(|d| d.id().to_string()) else {
                    return Task::none();
                };
                // The host reads the save from disk: everything the window did is on it first.
                self.flush_saves();
                self.sharing.error = None;
                self.sharing.busy = None;
                self.sharing.starting = true;
                let listen = self.sharing.listen;
                // The field says where sharing starts.
                self.sharing.listen_text = listen.to_string();
                self.sharing.listen_problem = None;
                return Task::perform(async move { start(store, &id, listen) }, |s| {
                    AppMessage::Share(Message::Started(s))
                });
            }
            Message::Hide => self.sharing.open = false,
            Message::Started(started) => {
                self.sharing.starting = false;
                match started.take() {
                    Some(Ok(host)) => return self.shared(host),
                    Some(Err(NotStarted {
                        port_busy: true, ..
                    })) => {
                        let port = self.sharing.listen.port();
                        let next = port.checked_add(1).filter(|_| port != 0);
                        let why = format!(
                            "port {port} is busy: another program on this computer is using it."
                        );
                        self.notify(Notice::error(format!("Cannot share: {why}")));
                        self.sharing.error = Some(why);
                        self.sharing.busy = next.map(|n| (n, format!("Share on port {n} instead")));
                    }
                    Some(Err(NotStarted { why, .. })) => {
                        self.notify(Notice::error(format!("Cannot share: {why}")));
                        self.sharing.error = Some(why);
                    }
                    None => {}
                }
            }
            Message::Stop => self.sharing.stop(true),
            Message::NextPort(port) => {
                self.sharing.listen.set_port(port);
                self.sharing.listen_text = self.sharing.listen.to_string();
                return self.share_update(Message::Share);
            }
            Message::ListenTyped(typed) => {
                self.sharing.listen_text = typed;
                self.sharing.listen_problem = None;
            }
            Message::ListenSet => {
                let addr = match self.sharing.typed_listen() {
                    Ok(addr) => addr,
                    Err(why) => {
                        self.sharing.listen_problem = Some(why);
                        return Task::none();
                    }
                };
                self.sharing.listen_problem = None;
                self.sharing.setting_problem = None;
                self.sharing.listen_text = addr.to_string();
                self.prefs.settings.share_listen = Some(addr.to_string());
                self.save_settings();
                if self.sharing.is_on() && addr == self.sharing.listen {
                    return Task::none();
                }
                self.sharing.listen = addr;
                if self.sharing.is_on() {
                    self.sharing.stop(false);
                }
                return self.share_update(Message::Share);
            }
            Message::NewLink(seat) => {
                if let Some(host) = &self.sharing.host {
                    host.new_link(&seat);
                    self.sharing.links = host.links();
                }
            }
            Message::LeaveConfirmed => {
                self.sharing.stop(false);
                self.go_home();
            }
            Message::Stay => self.sharing.asking_to_leave = false,
            Message::Heard => {
                if self.sharing.is_on() {
                    self.from_the_table();
                }
            }
        }
        Task::none()
    }

    /// The host started: shows its links and starts looking for the phones' changes. A host
    /// for a game the window has left meanwhile is stopped at once.
    fn shared(&mut self, host: Host) -> Task<AppMessage> {
        let open = self.screen.document().map(|d| d.id().to_string());
        let Some(id) = open else {
            host.stop();
            return Task::none();
        };
        self.sharing.synced = host.revision();
        self.sharing.synced_mark = self.history_mark();
        self.sharing.updates = Some(host.subscribe());
        self.sharing.links = host.links();
        self.sharing.links_problem = host.links_problem();
        self.sharing.id = Some(id);
        let (listen, handle) =
            Task::run(host.notices(), |()| AppMessage::Share(Message::Heard)).abortable();
        self.sharing.listening = Some(handle.abort_on_drop());
        self.sharing.host = Some(host);
        listen
    }

    /// A phone changed the game (the host's revision moved past what the window shows): the
    /// window reads the save again. Also refreshes who is connected.
    pub fn from_the_table(&mut self) {
        let Some(host) = &self.sharing.host else {
            return;
        };
        self.sharing.links = host.links();
        if let Some(updates) = &mut self.sharing.updates {
            // Marks the change seen; the revision itself is read from the host below.
            let _ = updates.borrow_and_update();
        }
        // The window's own change is with the writer: its outcome reads the game again.
        if self.sharing.writing {
            return;
        }
        // The revision first, then the disk: what is read is at least that revision.
        let now = host.revision();
        if now != self.sharing.synced && self.reload_shared() {
            self.sharing.synced = now;
            self.sharing.synced_mark = self.history_mark();
        }
    }

    /// The open game's current history entry: its index, label and time.
    fn history_mark(&self) -> Mark {
        let doc = self.screen.document()?;
        let (entries, cursor) = doc.history();
        let (label, at) = entries.get(cursor)?.clone();
        Some((cursor, label, at))
    }

    /// The window's actions since it last matched the host, if the window only added
    /// actions on top of that entry (no undo, jump or edit since): what can be applied
    /// again on the game a phone changed.
    fn own_actions_since_sync(&self) -> Option<Vec<(String, bool)>> {
        let (index, label, at) = self.sharing.synced_mark.clone()?;
        let doc = self.screen.document()?;
        let (entries, _) = doc.history();
        if entries.get(index) != Some(&(label, at)) {
            return None;
        }
        doc.recorded_since(index)
    }

    /// Reads the shared save into the open game; false if the window shows another screen
    /// now or the save could not be read (tried again at the next look).
    fn reload_shared(&mut self) -> bool {
        let (Some(store), Some(id)) = (self.store.clone(), self.sharing.id.clone()) else {
            return false;
        };
        let Some(doc) = self.screen.document_mut() else {
            return false;
        };
        if doc.id() != id {
            return false;
        }
        let on_disk = match doc.reload(&store) {
            Ok(on_disk) => on_disk,
            Err(why) => {
                self.notify(Notice::error(format!(
                    "Cannot read what the table changed: {why}"
                )));
                return false;
            }
        };
        let label = doc.history().0.get(doc.history().1).map(|e| e.0.clone());
        self.saved = Some((id.clone(), doc.revision()));
        self.read_from_disk(&id, on_disk);
        self.screen.refresh();
        if let Some(label) = label {
            self.status = format!("From the table: {label}");
        }
        true
    }

    /// The window's own change while sharing (`saving.rs`): written through the host, so a
    /// phone's change made meanwhile is never overwritten, by the writer thread, never in the
    /// frame (docs/store.md). None if not sharing this save (the ordinary autosave writes it);
    /// else the task that wakes the window when the writer has reported (none if the write
    /// was done at once because the writer is gone, or one is already under way: the next is
    /// queued when its outcome is read).
    pub(super) fn save_shared(&mut self) -> Option<Option<Task<AppMessage>>> {
        let id = self.sharing.id.clone()?;
        let (Some(store), Some(host)) = (self.store.clone(), self.sharing.host.as_ref()) else {
            return None;
        };
        let doc = self.screen.document()?;
        if doc.id() != id {
            return None;
        }
        if self.sharing.writing {
            return Some(None);
        }
        let key = (id.clone(), doc.revision());
        let job = shared_job(
            host.writer(),
            self.sharing.synced,
            doc.save_job(),
            self.own_actions_since_sync(),
            self.history_mark(),
            (id.clone(), self.sharing.written.0.clone()),
        );
        self.sharing.writing = true;
        self.saved = Some(key);
        match self.saver.as_ref().filter(|s| s.is_running()) {
            Some(saver) => Some(
                saver
                    .save(id, job)
                    .map(|r| Task::perform(r, |_| AppMessage::SaveReported)),
            ),
            None => {
                // No writer thread: written here, as the ordinary autosave then does.
                let result = job(&store, None).map(|_| ());
                self.saved_or_not(&id, result);
                self.take_shared_writes();
                Some(None)
            }
        }
    }

    /// Reads what became of the window's changes written through the host since the last
    /// look (the writer's outcome for the save itself is read just before, with the others').
    pub(super) fn take_shared_writes(&mut self) {
        let outcomes: Vec<_> = self.sharing.written.1.try_iter().collect();
        for (id, written) in outcomes {
            self.sharing.writing = false;
            let mut applied_after = false;
            if self.sharing.id.as_deref() != Some(&id) {
                continue;
            }
            match written {
                Written::Done(revision, mark, on_disk) => {
                    self.sharing.synced = revision;
                    self.sharing.synced_mark = mark;
                    // Written through the host: the window's autosave writes over this version.
                    if let Some(on_disk) = on_disk {
                        self.read_from_disk(&id, on_disk);
                    }
                }
                // The window's actions are applied again on the game with the phone's change
                // when they still apply; only a real conflict (a refusal, or an undo or jump
                // made in the window) is said.
                Written::Moved(Some((_, Ok(_)))) => applied_after = true,
                Written::Moved(Some((n, Err((applied, why))))) => {
                    self.notify(Notice::error(format!(
                        "A phone changed the game at the same moment, and your change no \
                         longer applies after it ({applied} of {n} applied): {why}. The game \
                         now shows the phone's change."
                    )));
                }
                Written::Moved(None) => {
                    self.notify(Notice::error(
                        "A phone changed the game at the same moment: your last change was \
                         not kept. The game now shows the phone's change; do yours again if \
                         it still applies.",
                    ));
                }
                Written::Unread(why) => self.notify(Notice::error(format!(
                    "Saved, but the table could not read the game again: {why}"
                ))),
                // The writer's own outcome said it ("Could not save ..."): tried again.
                Written::Failed => {}
            }
            // A phone's change that came while the write was under way, or the one that
            // beat it: the window shows the game as the host has it now.
            self.from_the_table();
            if applied_after {
                self.status =
                    "A phone changed the game at the same moment: your change was applied after it."
                        .to_string();
            }
        }
    }

    /// Leaving the shared game (Home, another save) stops sharing.
    pub(super) fn stop_sharing_unless(&mut self, id: Option<&str>) {
        if self.sharing.id.is_some() && self.sharing.id.as_deref() != id {
            self.sharing.stop(false);
        }
    }
}

/// The line under the top bar while sharing: plainly on, and where.
pub fn banner(sharing: &Sharing) -> Option<Element<'_, AppMessage>> {
    let url = sharing.url()?;
    Some(
        container(
            row![
                text(format!(
                    "Sharing to the table on {url}: anyone with a seat's link can act as that seat."
                ))
                .size(style::BODY)
                .width(Fill),
                widgets::secondary("Show links", Some(AppMessage::Share(Message::Share))),
            ]
            .spacing(12)
            .align_y(iced::Center),
        )
        .padding([4, 16])
        .width(Fill)
        .style(style::info_banner)
        .into(),
    )
}

/// The panel beside the game: every seat's QR code and link.
pub fn panel(sharing: &Sharing) -> Element<'_, AppMessage> {
    let mut col = column![
        row![
            text("Share to the table").size(style::HEADING).width(Fill),
            widgets::secondary("Hide", Some(AppMessage::Share(Message::Hide))),
        ]
        .align_y(iced::Center)
    ]
    .spacing(style::GAP);
    if sharing.asking_to_leave {
        col = col.push(
            container(
                column![
                    text("Leave the game?").size(style::BODY),
                    text(
                        "The phones lose it until you share it again (their links keep \
                         working then)."
                    )
                    .size(style::SMALL),
                    row![
                        widgets::primary(
                            "Stay in the game",
                            Some(AppMessage::Share(Message::Stay))
                        ),
                        widgets::secondary(
                            "Leave the game",
                            Some(AppMessage::Share(Message::LeaveConfirmed))
                        ),
                    ]
                    .spacing(12),
                ]
                .spacing(8),
            )
            .padding(10)
            .width(Fill)
            .style(style::card),
        );
    }
    if sharing.starting {
        col = col.push(text("Starting…").size(style::BODY));
    }
    if let Some(why) = &sharing.error {
        col = col.push(
            text(format!("Cannot share: {why}"))
                .size(style::BODY)
                .style(style::danger_text),
        );
    }
    if let Some((next, label)) = &sharing.busy {
        col = col.push(widgets::primary(
            label,
            Some(AppMessage::Share(Message::NextPort(*next))),
        ));
    }
    if let Some(problem) = &sharing.setting_problem {
        col = col.push(text(problem).size(style::SMALL).style(style::muted));
    }
    col = col.push(listen_field(sharing));
    if let Some(url) = sharing.url() {
        col = col.push(
            text(format!(
                "On {url}. Phones must be on the same Wi-Fi as this computer. The link is the \
                 key: anyone with it acts as that seat. The links keep working when sharing \
                 starts again (leaving the game and coming back); Stop sharing ends them all."
            ))
            .size(style::SMALL)
            .style(style::muted),
        );
        if let Some(why) = &sharing.links_problem {
            col = col.push(text(why).size(style::SMALL).style(style::danger_text));
        }
        // At the top, so it is in reach whatever the number of seats.
        col = col.push(widgets::primary(
            "Stop sharing",
            Some(AppMessage::Share(Message::Stop)),
        ));
        for l in sharing.links() {
            col = col.push(seat_card(l));
        }
    }
    scrollable(col.padding([0, 8])).height(Fill).into()
}

/// The address to share on (kept in `settings.json` as `share_listen`), with why a typed one
/// is not an address right under it, where the eye is.
fn listen_field(sharing: &Sharing) -> Element<'_, AppMessage> {
    let set = (!sharing.starting).then_some(AppMessage::Share(Message::ListenSet));
    // The field has the panel's whole width, so the address is never cut before its port;
    // the button goes under it.
    let mut col = column![
        text("Address to share on (HOST:PORT)").size(style::SMALL),
        text_input("0.0.0.0:8765", &sharing.listen_text)
            .id(LISTEN_ID)
            .on_input(|t| AppMessage::Share(Message::ListenTyped(t)))
            .on_submit_maybe(set.clone())
            .size(style::BODY)
            .padding(8)
            .width(Fill),
        widgets::secondary("Share on this address", set),
    ]
    .spacing(4);
    if let Some(why) = &sharing.listen_problem {
        col = col.push(text(why).size(style::BODY).style(style::danger_text));
    }
    col.into()
}

/// The address field's widget id (tests type into it).
pub const LISTEN_ID: &str = "share-listen";

fn seat_card(l: &LinkInfo) -> Element<'_, AppMessage> {
    let who = match &l.plays {
        Some(p) => format!("{} ({}: {})", l.seat, p.field(), p.name()),
        None => format!("{} (read-only, for a tablet or TV)", l.seat),
    };
    let connected = match l.connected {
        0 => "not connected".to_string(),
        1 => "1 phone connected".to_string(),
        n => format!("{n} phones connected"),
    };
    let qr: Element<'_, AppMessage> = match qr_modules(&l.link) {
        Some((width, cells)) => canvas_widget(Qr { width, cells })
            .width(Length::Fixed(QR_SIDE))
            .height(Length::Fixed(QR_SIDE))
            .into(),
        None => text("(no QR code for this link)").size(style::SMALL).into(),
    };
    container(
        column![
            text(who).size(style::BODY),
            text(connected).size(style::SMALL).style(style::muted),
            qr,
            // The token is one long word: it breaks where it must, never past the panel.
            text(l.link.as_str())
                .size(style::SMALL)
                .wrapping(iced::widget::text::Wrapping::WordOrGlyph),
            widgets::secondary(
                "New link",
                Some(AppMessage::Share(Message::NewLink(l.seat.clone())))
            ),
        ]
        .spacing(6),
    )
    .padding(10)
    .width(Fill)
    .style(style::card)
    .into()
}

/// A QR code: dark modules on white with a quiet zone, whatever the theme (phones read dark
/// on light).
pub(crate) struct Qr {
    pub width: usize,
    pub cells: Vec<bool>,
}

impl<M> canvas::Program<M> for Qr {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        frame.fill_rectangle(Point::ORIGIN, bounds.size(), Color::WHITE);
        let quiet = 2.0;
        let side = bounds.width.min(bounds.height);
        let cell = side / (self.width as f32 + 2.0 * quiet);
        let dark = Path::new(|p| {
            for (i, on) in self.cells.iter().enumerate() {
                if *on {
                    let (x, y) = ((i % self.width) as f32, (i / self.width) as f32);
                    p.rectangle(
                        Point::new((x + quiet) * cell, (y + quiet) * cell),
                        Size::new(cell, cell),
                    );
                }
            }
        });
        frame.fill(&dark, Color::BLACK);
        vec![frame.into_geometry()]
    }
}

/// The writer thread's job for one of the window's changes while sharing: the save goes
/// through the host only if no phone changed the game since the window read it (revision
/// `seen`); if one did, the window's `actions` since then are applied again on the new game.
/// What became of it is sent on `to` for the frame to read.
fn shared_job(
    writer: crate::host::WindowWriter,
    seen: u64,
    save: Job,
    actions: Option<Vec<(String, bool)>>,
    mark: Mark,
    (id, to): (String, Sender<WrittenFor>),
) -> Job {
    Box::new(move |store, _over| {
        let (mut failed, mut version) = (None, None);
        let written = writer.write_through(seen, || match save(store, None) {
            Ok(v) => {
                version = v;
                Ok(())
            }
            Err(e) => {
                let why = e.to_string();
                failed = Some(e);
                Err(why)
            }
        });
        let (outcome, result) = match written {
            Ok(revision) => (Written::Done(revision, mark, version), Ok(None)),
            Err(WindowWrite::Moved { .. }) => (
                Written::Moved(actions.map(|a| (a.len(), writer.replay_window(&a)))),
                Ok(None),
            ),
            Err(WindowWrite::Failed(why)) => match failed {
                Some(e) => (Written::Failed, Err(e)),
                None => (Written::Unread(why), Ok(None)),
            },
        };
        let _ = to.send((id, outcome));
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::Shortcut;

    /// A Furnace Duel campaign with two results, opened in a window that shares it on a free
    /// loopback port: the window, its save's path and its id.
    fn shared(dir: &std::path::Path) -> (App, std::path::PathBuf) {
        let new = crate::cli::run_in(dir, &["furnace-duel", "new", "Ann", "Bob"], "");
        assert_eq!(new.code, 0, "{}", new.stderr);
        let id = std::fs::read_dir(dir.join("saves"))
            .expect("saves")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .find_map(|n| n.strip_suffix(".json").map(str::to_string))
            .expect("a save");
        for note in ["Ferry token 3", "Ferry token 4"] {
            let action = format!(r#"{{"action":"set-runner-up-note","note":"{note}"}}"#);
            let out = crate::cli::run_in(dir, &["act", &id, &action], "");
            assert_eq!(out.code, 0, "{}", out.stderr);
        }
        let mut app = App::open(dir.to_path_buf());
        app.open_save(&id);
        app.sharing.listen = "127.0.0.1:0".parse().expect("an address");
        let store = app.store.clone().expect("a store");
        let started = start(store, &id, app.sharing.listen);
        let _ = app.update(AppMessage::Share(Message::Started(started)));
        assert!(app.sharing.is_on(), "not sharing: {:?}", app.sharing.error);
        (app, dir.join("saves").join(format!("{id}.json")))
    }

    #[test]
    fn the_windows_own_change_while_sharing_is_written_by_the_writer_thread_never_in_the_frame() {
        let dir = tempfile::tempdir().expect("a folder");
        let (mut app, path) = shared(dir.path());
        let revision = || app_revision(&app);
        let host_before = revision();
        let file_before = std::fs::read(&path).expect("the save");
        // The writer is busy with something else: the window's frame must not wait for it.
        let (go, gate) = std::sync::mpsc::channel::<()>();
        let queued = app.saver.as_ref().expect("a writer").save(
            "something-else".into(),
            Box::new(move |_, _| {
                let _ = gate.recv();
                Ok(None)
            }),
        );
        assert!(queued.is_some(), "the writer runs");
        let _ = app.update(AppMessage::Shortcut(Shortcut::Undo));
        let _ = app.update(AppMessage::Shortcut(Shortcut::Undo));
        // Both undos are done in the window, and nothing was written in the frame.
        assert_eq!(std::fs::read(&path).expect("the save"), file_before);
        assert_eq!(
            app_revision(&app),
            host_before,
            "the host was not written to"
        );
        assert!(app.sharing.writing, "one write waits for the writer");
        go.send(()).expect("the gate");
        // The first write's outcome is read, and the second undo goes out after it.
        for _ in 0..2 {
            app.flush_saves();
            let _ = app.update(AppMessage::SaveReported);
        }
        app.flush_saves();
        let _ = app.update(AppMessage::SaveReported);
        assert!(!app.sharing.writing);
        assert!(app_revision(&app) > host_before);
        assert!(app.banners.iter().all(|b| !b.error), "no conflict was said");
        let id = app.screen.document().expect("a game").id().to_string();
        let history = crate::cli::run_in(dir.path(), &["history", &id, "--json"], "");
        let history: serde_json::Value =
            serde_json::from_str(&history.stdout).expect("history JSON");
        let entries = history["entries"].as_array().expect("entries");
        let current: Vec<_> = entries.iter().filter(|e| e["current"] == true).collect();
        assert_eq!(current.len(), 1, "{history}");
        assert_eq!(current[0]["index"], 0, "both undos are on disk: {history}");
    }

    fn app_revision(app: &App) -> u64 {
        app.sharing.host.as_ref().expect("sharing").revision()
    }
}
