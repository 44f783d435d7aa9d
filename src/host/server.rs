//! The host's life: starting it on its own threads, sharing a game, the window's writes and
//! reloads through it, and stopping it. The routes are `routes.rs`, the seat check
//! `seat_auth.rs`, the API `api.rs`.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use tokio::net::TcpListener;

use super::api::Answered;
use super::routes::router;
use super::table::{self, ActError};
use super::{Kept, SeatEntry, Shared, lock, pages};
use crate::seat::{Plays, TABLE};
use crate::store::Store;

/// Why the host could not start.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    #[error("cannot listen on {addr}: {source} (is another program using the port?)")]
    Bind {
        addr: SocketAddr,
        source: std::io::Error,
    },
    #[error("cannot share {id}: {why}")]
    Open { id: String, why: String },
    #[error("cannot start the network threads: {0}")]
    Runtime(String),
}

/// Why the window's own change was not written while sharing ([`Host::write_through`]).
#[derive(Debug, thiserror::Error)]
pub enum WindowWrite {
    /// A phone changed the game since the window last read it: nothing was written.
    #[error("a phone changed the game first (revision {now}, the window showed {seen})")]
    Moved { seen: u64, now: u64 },
    #[error("{0}")]
    Failed(String),
}

/// A seat's link as the window and `serve` show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkInfo {
    pub seat: String,
    /// None: the read-only table seat.
    pub plays: Option<Plays>,
    pub link: String,
    /// Phones showing the seat's page now.
    pub connected: usize,
}

/// Makes a seat's New link on a running host ([`Host::link_maker`]); does nothing once the
/// host has stopped but for the kept file.
#[derive(Clone)]
pub struct LinkMaker(Arc<Shared>);

impl LinkMaker {
    pub fn new_link(&self, seat: &str) -> Option<String> {
        self.0.new_link(seat)
    }

    /// Every seat's name, the table seat last.
    pub fn seats(&self) -> Vec<String> {
        lock(&self.0.seats).iter().map(|s| s.name.clone()).collect()
    }
}

/// Writes the window's own changes to a shared game ([`Host::writer`]): cheap to clone and
/// `Send`, so the window's writer thread does the write, the fsync and the host's reload,
/// never the window's frame (docs/store.md). Does nothing harmful once the host has stopped:
/// the game is still read and written through the same store.
#[derive(Clone)]
pub struct WindowWriter(Arc<Shared>);

impl WindowWriter {
    /// The window's own change while sharing: `write` (the window's save) runs only if the
    /// game is still at revision `seen` (no phone changed it since the window read it), with
    /// the phones held back meanwhile; then the host reads the save again and tells every
    /// seat. Returns the new revision.
    // Kept String: the window's own save error as text, handed back to the window that shows it.
    pub fn write_through(
        &self,
        seen: u64,
        write: impl FnOnce() -> Result<(), String>,
    ) -> Result<u64, WindowWrite> {
        let revision = {
            let mut t = lock(&self.0.table);
            let now = t.revision();
            if now != seen {
                return Err(WindowWrite::Moved { seen, now });
            }
            write().map_err(WindowWrite::Failed)?;
            t.reload().map_err(|e| WindowWrite::Failed(e.to_string()))?;
            t.revision()
        };
        self.0.revision.send_replace(revision);
        self.0.sync_seats();
        Ok(revision)
    }

    /// The window's own actions (their JSON as its history recorded them, and whether each
    /// went one step at a time), applied in order on the game as it is now: a phone changed
    /// it after the window read it, and a window action that is still legal is applied on
    /// the new state instead of dropped. Stops at the first the rules refuse now: returns how
    /// many were applied and why the next was not. Tells every seat either way.
    pub fn replay_window(&self, actions: &[(String, bool)]) -> Result<u64, (usize, String)> {
        let outcome = {
            let mut t = lock(&self.0.table);
            let mut outcome = Ok(t.revision());
            for (i, (json, one_step)) in actions.iter().enumerate() {
                let acted = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                    t.act_window(json, *one_step)
                }))
                .unwrap_or(Err(ActError::Failed));
                match acted {
                    Ok(done) => outcome = Ok(done.revision),
                    Err(e) => {
                        if matches!(e, ActError::Failed) {
                            let _ = t.reload();
                        }
                        outcome = Err((i, e.to_string()));
                        break;
                    }
                }
            }
            self.0.revision.send_replace(t.revision());
            outcome
        };
        self.0.sync_seats();
        outcome
    }
}

/// A running host. Dropping it (or [`Host::stop`]) closes every connection and frees the port.
pub struct Host {
    shared: Arc<Shared>,
    addr: SocketAddr,
    closing: tokio::sync::watch::Sender<bool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Host {
    /// Shares save `id` on `listen`: binds at once (an error here means nothing started),
    /// then serves on two threads of its own. `store` must hold the data folder's lock.
    pub fn start(store: Arc<Store>, id: &str, listen: SocketAddr) -> Result<Host, HostError> {
        let open = |why: String| HostError::Open {
            id: id.to_string(),
            why,
        };
        if let Some(holder) = store.read_only() {
            return Err(open(format!(
                "the data folder is in use by {} (read-only here)",
                holder.description
            )));
        }
        let root = store.root().to_path_buf();
        let table = table::open(store.clone(), id).map_err(|e| open(e.to_string()))?;
        let books = pages::Books::load(&root, table.kind());
        let kept = Kept {
            store,
            id: id.to_string(),
        };
        Host::share_kept(table, books, listen, Some(kept))
    }

    /// Shares `table` (a game opened by [`Host::start`], or any other [`SharedGame`]) on `listen`,
    /// with new links that are not kept.
    pub fn share(
        table: Box<dyn super::SharedGame>,
        books: pages::Books,
        listen: SocketAddr,
    ) -> Result<Host, HostError> {
        Host::share_kept(table, books, listen, None)
    }

    /// [`Host::share`], each seat keeping the token `kept` holds for it from an earlier
    /// share (a seat new to the game gets a new one), and every token written back there.
    pub fn share_kept(
        table: Box<dyn super::SharedGame>,
        books: pages::Books,
        listen: SocketAddr,
        kept: Option<Kept>,
    ) -> Result<Host, HostError> {
        let std_listener = std::net::TcpListener::bind(listen)
            .and_then(|l| l.set_nonblocking(true).map(|()| l))
            .map_err(|source| HostError::Bind {
                addr: listen,
                source,
            })?;
        let addr = std_listener
            .local_addr()
            .map_err(|source| HostError::Bind {
                addr: listen,
                source,
            })?;
        let base_url = format!(
            "http://{}/",
            SocketAddr::new(super::reachable_ip(&addr), addr.port())
        );
        let mut seats = Vec::new();
        for s in table.seats() {
            seats.push(
                SeatEntry::new(s.name, Some(s.plays))
                    .map_err(|e| HostError::Runtime(e.to_string()))?,
            );
        }
        seats.push(
            SeatEntry::new(TABLE.to_string(), None)
                .map_err(|e| HostError::Runtime(e.to_string()))?,
        );
        let mut links_problem = None;
        if let Some(k) = &kept {
            match k.store.seat_links(&k.id) {
                Ok(tokens) => {
                    for (seat, token) in tokens {
                        if let (Some(e), Some(t)) = (
                            seats.iter_mut().find(|e| e.name == seat),
                            super::Token::kept(&token),
                        ) {
                            e.token = t;
                        }
                    }
                }
                Err(e) => {
                    let why = format!(
                        "the links kept from the last share could not be read, so every seat \
                         has a new link: {e}"
                    );
                    crate::store::log::error(&why);
                    links_problem = Some(why);
                }
            }
        }
        let first_revision = table.revision();
        let (revision, _) = tokio::sync::watch::channel(first_revision);
        let shared = Arc::new(Shared {
            table: Mutex::new(table),
            answered: Mutex::new(Answered::default()),
            answers_added: Mutex::new(0),
            seats: Mutex::new(seats),
            revision,
            first_revision,
            connections: tokio::sync::watch::channel(0).0,
            base_url,
            books,
            served: super::guard::Served {
                ip: addr.ip(),
                port: addr.port(),
            },
            strangers: Default::default(),
            log: Arc::new(super::guard::HostLog::new(
                kept.as_ref()
                    .map(|k| crate::store::log::path_in(k.store.root())),
            )),
            kept,
            links_problem: Mutex::new(None),
        });
        shared.keep_links();
        shared.load_answers();
        if let Some(why) = links_problem {
            *lock(&shared.links_problem) = Some(why);
        }
        let (closing, closed) = tokio::sync::watch::channel(false);
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("tablemate-host")
            .enable_all()
            .build()
            .map_err(|e| HostError::Runtime(e.to_string()))?;
        let app = router(shared.clone(), closed.clone());
        let log = shared.log.clone();
        let thread = std::thread::Builder::new()
            .name("tablemate-host".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let Ok(listener) = TcpListener::from_std(std_listener) else {
                        return;
                    };
                    super::listen::serve(listener, app, closed, log).await;
                });
                runtime.shutdown_timeout(Duration::from_millis(200));
            })
            .map_err(|e| HostError::Runtime(e.to_string()))?;
        Ok(Host {
            shared,
            addr,
            closing,
            thread: Some(thread),
        })
    }

    /// The host's routes over the same game and seats, to drive in-process (tests and
    /// benches send requests with `tower::ServiceExt::oneshot`, no socket).
    pub fn router(&self) -> Router {
        router(self.shared.clone(), self.closing.subscribe())
    }

    /// Where the host listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address phones open (`http://192.168.1.5:8765/`).
    pub fn url(&self) -> &str {
        &self.shared.base_url
    }

    /// Every seat's link, the player seats first and the table seat last.
    pub fn links(&self) -> Vec<LinkInfo> {
        lock(&self.shared.seats)
            .iter()
            .map(|s| LinkInfo {
                seat: s.name.clone(),
                plays: s.plays.clone(),
                link: self.shared.link(&s.token),
                connected: s.connected,
            })
            .collect()
    }

    /// Revokes `seat`'s link and makes a new one: the old link stops working at once, its
    /// open pages are closed, and the new one is kept for the next share. Returns the new
    /// link.
    pub fn new_link(&self, seat: &str) -> Option<String> {
        self.shared.new_link(seat)
    }

    /// A handle that makes New links while the host runs (`serve` reads its standard input
    /// on a thread of its own).
    pub fn link_maker(&self) -> LinkMaker {
        LinkMaker(self.shared.clone())
    }

    /// Why the seats' links could not be read from or kept in the data folder, if so.
    pub fn links_problem(&self) -> Option<String> {
        lock(&self.shared.links_problem).clone()
    }

    /// Stop sharing for good: forgets the kept links (the next share makes new ones), then
    /// stops.
    pub fn stop_for_good(self) {
        if let Some(k) = &self.shared.kept
            && let Err(e) = k
                .store
                .forget_seat_links(&k.id)
                .and_then(|()| k.store.forget_action_answers(&k.id))
        {
            crate::store::log::error(&format!("the seats' links could not be forgotten: {e}"));
        }
        self.stop();
    }

    /// The shared game's revision now (moves on every phone action and reload).
    pub fn revision(&self) -> u64 {
        lock(&self.shared.table).revision()
    }

    /// The window's way to write its own changes while sharing, from its writer thread
    /// ([`WindowWriter`]): never in the window's frame.
    pub fn writer(&self) -> WindowWriter {
        WindowWriter(self.shared.clone())
    }

    /// Moves whenever the shared game changes (a phone's action, a reload).
    pub fn subscribe(&self) -> tokio::sync::watch::Receiver<u64> {
        self.shared.revision.subscribe()
    }

    /// One item each time the shared game changes or a phone connects or leaves, at once
    /// (no polling): what the window listens to. Ends when the host stops.
    pub fn notices(&self) -> impl futures_util::Stream<Item = ()> + Send + 'static {
        let watch = |mut rx: tokio::sync::watch::Receiver<u64>| {
            rx.mark_unchanged();
            futures_util::stream::unfold(rx, |mut rx| async move {
                rx.changed().await.ok()?;
                Some(((), rx))
            })
        };
        futures_util::stream::select(
            Box::pin(watch(self.shared.revision.subscribe())),
            Box::pin(watch(self.shared.connections.subscribe())),
        )
    }

    /// The first line `tablemate serve` prints (docs/table-network.md): the address and every
    /// seat with what it plays, its role and its link, in that order of fields.
    pub fn contract_line(&self) -> String {
        let q = |s: &str| serde_json::to_string(s).unwrap_or_default();
        let seats: Vec<String> = self
            .links()
            .iter()
            .map(|l| match &l.plays {
                Some(p) => format!(
                    "{{\"seat\":{},\"{}\":{},\"role\":\"player\",\"link\":{}}}",
                    q(&l.seat),
                    p.field(),
                    q(p.name()),
                    q(&l.link)
                ),
                None => format!(
                    "{{\"seat\":{},\"role\":\"viewer\",\"link\":{}}}",
                    q(&l.seat),
                    q(&l.link)
                ),
            })
            .collect();
        format!(
            "{{\"url\":{},\"seats\":[{}]}}",
            q(self.url()),
            seats.join(",")
        )
    }

    /// Stops serving: every connection closes, the port is free when this returns.
    pub fn stop(mut self) {
        self.shutdown();
    }

    fn shutdown(&mut self) {
        let _ = self.closing.send(true);
        self.shared.revision.send_modify(|_| {});
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Host {
    fn drop(&mut self) {
        self.shutdown();
    }
}
