//! The HTTP side: starting and stopping the host on its own threads, the routes, the token
//! check, the limits and the live stream.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use tokio::net::TcpListener;

use super::table::{self, ActError};
use super::{Kept, MAX_BODY, REQUEST_TIMEOUT, SeatEntry, Shared, lock, pages};
use crate::seat::{Plays, Seat, TABLE};
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
        let table = table::open(store.clone(), id).map_err(open)?;
        let books = pages::Books::load(&root, table.kind());
        let kept = Kept {
            store,
            id: id.to_string(),
        };
        Host::share_kept(table, books, listen, Some(kept))
    }

    /// Shares `table` (a game opened by [`Host::start`], or any other [`Table`]) on `listen`,
    /// with new links that are not kept.
    pub fn share(
        table: Box<dyn super::Table>,
        books: pages::Books,
        listen: SocketAddr,
    ) -> Result<Host, HostError> {
        Host::share_kept(table, books, listen, None)
    }

    /// [`Host::share`], each seat keeping the token `kept` holds for it from an earlier
    /// share (a seat new to the game gets a new one), and every token written back there.
    pub fn share_kept(
        table: Box<dyn super::Table>,
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
            seats.push(SeatEntry::new(s.name, Some(s.plays)).map_err(HostError::Runtime)?);
        }
        seats.push(SeatEntry::new(TABLE.to_string(), None).map_err(HostError::Runtime)?);
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

    /// The window changed the save: read it again and tell every seat.
    pub fn reload(&self) -> Result<(), String> {
        let revision = {
            let mut t = lock(&self.shared.table);
            t.reload()?;
            t.revision()
        };
        self.shared.revision.send_replace(revision);
        self.shared.sync_seats();
        Ok(())
    }

    /// The shared game's revision now (moves on every phone action and reload).
    pub fn revision(&self) -> u64 {
        lock(&self.shared.table).revision()
    }

    /// The window's own change while sharing: `write` (the window's save) runs only if the
    /// game is still at revision `seen` (no phone changed it since the window read it), with
    /// the phones held back meanwhile; then the host reads the save again and tells every
    /// seat. Returns the new revision.
    pub fn write_through(
        &self,
        seen: u64,
        write: impl FnOnce() -> Result<(), String>,
    ) -> Result<u64, WindowWrite> {
        let revision = {
            let mut t = lock(&self.shared.table);
            let now = t.revision();
            if now != seen {
                return Err(WindowWrite::Moved { seen, now });
            }
            write().map_err(WindowWrite::Failed)?;
            t.reload().map_err(WindowWrite::Failed)?;
            t.revision()
        };
        self.shared.revision.send_replace(revision);
        self.shared.sync_seats();
        Ok(revision)
    }

    /// The window's own actions (their JSON as its history recorded them, and whether each
    /// went one step at a time), applied in order on the game as it is now: a phone changed
    /// it after the window read it, and a window action that is still legal is applied on
    /// the new state instead of dropped. Stops at the first the rules refuse now: returns how
    /// many were applied and why the next was not. Tells every seat either way.
    pub fn replay_window(&self, actions: &[(String, bool)]) -> Result<u64, (usize, String)> {
        let outcome = {
            let mut t = lock(&self.shared.table);
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
            self.shared.revision.send_replace(t.revision());
            outcome
        };
        self.shared.sync_seats();
        outcome
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

type Shr = Arc<Shared>;

#[derive(Clone)]
struct AppState {
    shared: Shr,
    closed: tokio::sync::watch::Receiver<bool>,
}

fn router(shared: Shr, closed: tokio::sync::watch::Receiver<bool>) -> Router {
    let state = AppState {
        shared: shared.clone(),
        closed,
    };
    let timed = Router::new()
        .route("/seat/{token}", get(seat_page))
        .route("/seat/{token}/part", get(seat_part))
        .route("/seat/{token}/rules", get(seat_rules))
        .route("/seat/{token}/rules/{game}/{id}", get(seat_rule))
        .route("/seat/{token}/quest", get(seat_quest))
        .route("/assets/seat.js", get(script))
        .route("/assets/seat.css", get(style))
        .route("/api/state", get(api_state))
        .route("/api/act", post(api_act))
        .route("/api/undo", post(api_undo))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ));
    Router::new()
        .route("/api/events", get(api_events))
        .merge(timed)
        .fallback(|| async { plain(StatusCode::NOT_FOUND, "not found") })
        .layer(tower_http::limit::RequestBodyLimitLayer::new(MAX_BODY))
        // A handler that panics answers its own request 500 (the lock it held is recovered:
        // `super::lock`), and the host goes on serving every seat.
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(failed))
        // Outside the panic guard, so a request that failed is logged too.
        .layer(axum::middleware::from_fn_with_state(
            shared,
            super::guard::check,
        ))
        .layer(axum::middleware::map_response(guard_headers))
        .with_state(state)
}

/// The answer to a request whose handler panicked (an engine bug): that request fails, the
/// host does not.
fn failed(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the host failed on this request; nothing was changed".into(),
        None,
    )
}

/// On every answer: nothing is cached, no page may be framed or sniffed, the link (the key)
/// is never sent on as a referrer, and only this host's own script and style run.
async fn guard_headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    for (name, value) in [
        ("cache-control", "no-store"),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
        ("x-frame-options", "DENY"),
        (
            "content-security-policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'",
        ),
    ] {
        h.insert(name, HeaderValue::from_static(value));
    }
    r
}

fn page(m: maud::Markup) -> Response {
    axum::response::Html(m.into_string()).into_response()
}

fn plain(status: StatusCode, text: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text.to_string(),
    )
        .into_response()
}

fn error(status: StatusCode, message: String, revision: Option<u64>) -> Response {
    (
        status,
        axum::Json(json!({ "error": message, "revision": revision })),
    )
        .into_response()
}

pub(super) fn error_response(status: StatusCode, message: String) -> Response {
    error(status, message, None)
}

fn unauthorized() -> Response {
    error(
        StatusCode::UNAUTHORIZED,
        "this link is not (or no longer) a seat: ask the host for a new link".into(),
        None,
    )
}

fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

/// Why a request gets no seat.
enum Denied {
    /// 401: no token, an unknown one, or a revoked link.
    Unknown,
    /// 429: the seat is over its request budget.
    TooMany,
}

impl Denied {
    fn response(self) -> Response {
        match self {
            Denied::Unknown => unauthorized(),
            Denied::TooMany => error(
                StatusCode::TOO_MANY_REQUESTS,
                "too many requests from this seat: wait a moment".into(),
                None,
            ),
        }
    }
}

/// The seat holding `token`, after spending one of its requests.
fn authorize(shared: &Shared, token: Option<&str>) -> Result<String, Denied> {
    let token = token.ok_or(Denied::Unknown)?;
    let seat = shared.seat_for(token).ok_or(Denied::Unknown)?;
    let allowed = lock(&shared.seats)
        .iter_mut()
        .find(|e| e.name == seat)
        .is_some_and(|e| e.spend());
    if !allowed {
        return Err(Denied::TooMany);
    }
    Ok(seat)
}

fn current_revision(shared: &Shared) -> u64 {
    *shared.revision.borrow()
}

async fn api_state(State(st): State<AppState>, headers: HeaderMap) -> Response {
    let seat = match authorize(&st.shared, bearer(&headers)) {
        Ok(s) => s,
        Err(d) => return d.response(),
    };
    let t = lock(&st.shared.table);
    axum::Json(table::state_json(t.as_ref(), &seat)).into_response()
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    action: Value,
    /// The revision the page showed; left out, the stale check is skipped (scripts).
    #[serde(default)]
    revision: Option<u64>,
    /// The phone's own name for this action, the same when it sends it again: applied once.
    #[serde(default)]
    id: Option<String>,
}

async fn api_act(State(st): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let seat = match authorize(&st.shared, bearer(&headers)) {
        Ok(s) => s,
        Err(d) => return d.response(),
    };
    if body.len() > MAX_BODY {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the request is over 64 KB".into(),
            None,
        );
    }
    let req: ActBody = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                format!("the body must be {{\"action\": {{...}}}}: {e}"),
                None,
            );
        }
    };
    if let Some(id) = &req.id
        && (id.is_empty() || id.chars().count() > super::MAX_ACTION_ID)
    {
        return error(
            StatusCode::BAD_REQUEST,
            format!("an action's id is 1 to {} characters", super::MAX_ACTION_ID),
            None,
        );
    }
    let shared = st.shared.clone();
    let answered = tokio::task::spawn_blocking(move || {
        let mut t = lock(&shared.table);
        // Looked up and recorded while holding the game: a repeat sent while the first is
        // being applied waits, then gets the first one's answer.
        if let Some(id) = &req.id
            && let Some(first) = lock(&shared.answered).get(&seat, id)
        {
            return first;
        }
        let r = table::act_caught(t.as_mut(), &seat, req.action, req.revision);
        // Told while still holding the game, so the live streams see revisions in order.
        shared.revision.send_replace(t.revision());
        let answer = match r {
            Ok(done) => Answer {
                status: StatusCode::OK,
                body: json!({ "revision": done.revision, "label": done.label }),
            },
            Err(e) => {
                let status = match &e {
                    ActError::NotAnAction { .. } => StatusCode::BAD_REQUEST,
                    ActError::WrongSeat { .. } => StatusCode::FORBIDDEN,
                    ActError::Stale { .. } => StatusCode::CONFLICT,
                    ActError::Refused(_) | ActError::Ruled { .. } => {
                        StatusCode::UNPROCESSABLE_ENTITY
                    }
                    ActError::NotSaved(_) | ActError::Failed => StatusCode::INTERNAL_SERVER_ERROR,
                };
                if status.is_server_error() {
                    shared
                        .log
                        .write("ERROR", &format!("{seat}'s action failed: {e}"));
                }
                let mut body = json!({ "error": e.to_string(), "revision": t.revision() });
                // The cited rule's words travel with the refusal: a tap shows them on the
                // phone, and its page is one more tap (docs/table-network.md).
                if let ActError::Ruled {
                    rule: Some(rule), ..
                } = &e
                    && let Some(cited) = crate::rules::Cited::of(*rule, &shared.books.rules)
                {
                    body["rule"] = json!(cited);
                }
                Answer { status, body }
            }
        };
        // Only what the game decided is kept: an action that was not applied for another
        // reason (a stale page, a failure) may be sent again under the same id.
        if let Some(id) = req.id
            && matches!(
                answer.status,
                StatusCode::OK | StatusCode::UNPROCESSABLE_ENTITY | StatusCode::FORBIDDEN
            )
        {
            shared.keep_answer(&seat, id, answer.clone());
        }
        answer
    })
    .await;
    match answered {
        Ok(a) => {
            if a.status == StatusCode::OK {
                st.shared.sync_seats();
            }
            (a.status, axum::Json(a.body)).into_response()
        }
        Err(_) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the host failed".into(),
            Some(current_revision(&st.shared)),
        ),
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    /// The revision the page showed; left out, the stale check is skipped.
    #[serde(default)]
    revision: Option<u64>,
}

/// `POST /api/undo`: the seat undoes its own newest action (docs/table-network.md, "Undo from
/// a phone"). 200 with the undone entry's label; 409 when the page is stale; 422 naming who
/// acted since, or when the seat has nothing to undo; 403 for the table seat.
async fn api_undo(State(st): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let seat = match authorize(&st.shared, bearer(&headers)) {
        Ok(s) => s,
        Err(d) => return d.response(),
    };
    let plays = lock(&st.shared.seats)
        .iter()
        .find(|e| e.name == seat)
        .map(|e| e.plays.is_some());
    if plays != Some(true) {
        return error(
            StatusCode::FORBIDDEN,
            super::why_not(&crate::seat::SeatRule::AnyPlayer),
            None,
        );
    }
    let req: UndoBody = if body.iter().all(u8::is_ascii_whitespace) {
        UndoBody { revision: None }
    } else {
        match serde_json::from_slice(&body) {
            Ok(r) => r,
            Err(e) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    format!("the body must be {{\"revision\": N}} or empty: {e}"),
                    None,
                );
            }
        }
    };
    let shared = st.shared.clone();
    let answered = tokio::task::spawn_blocking(move || {
        let mut t = lock(&shared.table);
        let r = table::undo_caught(t.as_mut(), &seat, req.revision);
        shared.revision.send_replace(t.revision());
        match r {
            Ok(done) => (
                StatusCode::OK,
                json!({ "revision": done.revision, "label": done.label }),
            ),
            Err(e) => (
                status_of(&e),
                json!({ "error": e.to_string(), "revision": t.revision() }),
            ),
        }
    })
    .await;
    match answered {
        Ok((status, body)) => (status, axum::Json(body)).into_response(),
        Err(_) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the host failed".into(),
            Some(current_revision(&st.shared)),
        ),
    }
}

/// The status an action's (or an undo's) refusal is answered with.
fn status_of(e: &ActError) -> StatusCode {
    match e {
        ActError::NotAnAction { .. } => StatusCode::BAD_REQUEST,
        ActError::WrongSeat { .. } => StatusCode::FORBIDDEN,
        ActError::Stale { .. } => StatusCode::CONFLICT,
        ActError::Refused(_) | ActError::Ruled { .. } => StatusCode::UNPROCESSABLE_ENTITY,
        ActError::NotSaved(_) | ActError::Failed => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// What `/api/act` answered, kept for a repeat of the same action id.
#[derive(Clone)]
pub(super) struct Answer {
    status: StatusCode,
    body: Value,
}

impl Answer {
    /// One line of the answers file: seat, id, status and body.
    pub(super) fn line(seat: &str, id: &str, answer: &Answer) -> String {
        json!({"seat": seat, "id": id, "status": answer.status.as_u16(), "body": answer.body})
            .to_string()
    }

    /// A line of the answers file back (None for a line that is not one).
    pub(super) fn parse(line: &str) -> Option<(String, String, Answer)> {
        let v: Value = serde_json::from_str(line).ok()?;
        let status = StatusCode::from_u16(u16::try_from(v["status"].as_u64()?).ok()?).ok()?;
        let id = v["id"].as_str()?;
        if id.is_empty() || id.chars().count() > super::MAX_ACTION_ID {
            return None;
        }
        Some((
            v["seat"].as_str()?.to_string(),
            id.to_string(),
            Answer {
                status,
                body: v["body"].clone(),
            },
        ))
    }
}

/// The answers to the last [`super::KEPT_ACTION_IDS`] action ids, by seat and id, oldest
/// first: a phone that did not hear an answer sends its action again under the same id, and
/// gets the first answer instead of the action applied twice.
#[derive(Default)]
pub(super) struct Answered {
    kept: std::collections::VecDeque<(String, String, Answer)>,
}

impl Answered {
    /// Every kept answer as the answers file's lines, oldest first.
    pub(super) fn lines(&self) -> Vec<String> {
        self.kept
            .iter()
            .map(|(s, i, a)| Answer::line(s, i, a))
            .collect()
    }

    fn get(&self, seat: &str, id: &str) -> Option<Answer> {
        self.kept
            .iter()
            .find(|(s, i, _)| s == seat && i == id)
            .map(|(_, _, a)| a.clone())
    }

    pub(super) fn keep(&mut self, seat: &str, id: String, answer: Answer) {
        if self.kept.len() >= super::KEPT_ACTION_IDS {
            self.kept.pop_front();
        }
        self.kept.push_back((seat.to_string(), id, answer));
    }
}

#[derive(serde::Deserialize)]
struct TokenQuery {
    token: Option<String>,
}

/// A live stream: counts the seat as connected while open; ends when the seat's link is
/// revoked or the host stops.
struct Watching {
    shared: Shr,
    seat: String,
    token: String,
    closed: tokio::sync::watch::Receiver<bool>,
    gone: AtomicBool,
}

impl Watching {
    fn still_valid(&self) -> bool {
        !*self.closed.borrow()
            && !self.gone.load(Ordering::Relaxed)
            && self.shared.seat_for(&self.token).as_deref() == Some(self.seat.as_str())
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        if let Some(e) = lock(&self.shared.seats)
            .iter_mut()
            .find(|e| e.name == self.seat)
        {
            e.connected = e.connected.saturating_sub(1);
        }
        self.shared
            .connections
            .send_modify(|n| *n = n.wrapping_add(1));
    }
}

async fn api_events(
    State(st): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Response {
    let token = bearer(&headers).map(str::to_string).or(q.token);
    let seat = match authorize(&st.shared, token.as_deref()) {
        Ok(s) => s,
        Err(d) => return d.response(),
    };
    if let Some(e) = lock(&st.shared.seats).iter_mut().find(|e| e.name == seat) {
        e.connected += 1;
    }
    st.shared
        .connections
        .send_modify(|n| *n = n.wrapping_add(1));
    let watching = Watching {
        shared: st.shared.clone(),
        seat,
        token: token.unwrap_or_default(),
        closed: st.closed.clone(),
        gone: AtomicBool::new(false),
    };
    let rx = st.shared.revision.subscribe();
    let stream = futures_util::stream::unfold(
        (rx, watching, true),
        |(mut rx, watching, first)| async move {
            if !first && rx.changed().await.is_err() {
                return None;
            }
            if !watching.still_valid() {
                return None;
            }
            let revision = *rx.borrow_and_update();
            let event = Event::default()
                .event("revision")
                .data(revision.to_string());
            Some((Ok::<_, Infallible>(event), (rx, watching, false)))
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

/// The seat of a page's token and what it plays; a revoked or unknown link gets a page saying
/// so.
fn page_seat(shared: &Shared, token: &str) -> Option<(String, Option<Plays>)> {
    let seat = authorize(shared, Some(token)).ok()?;
    let plays = lock(&shared.seats)
        .iter()
        .find(|e| e.name == seat)
        .and_then(|e| e.plays.clone());
    Some((seat, plays))
}

/// What a page request without a seat gets: 401 with the "no longer works" page, or 429.
fn no_page(shared: &Shared, token: &str) -> Response {
    match shared.seat_for(token) {
        None => (StatusCode::UNAUTHORIZED, page(pages::revoked())).into_response(),
        Some(_) => Denied::TooMany.response(),
    }
}

async fn seat_page(State(st): State<AppState>, Path(token): Path<String>) -> Response {
    let Some((seat, plays)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let t = lock(&st.shared.table);
    page(pages::whole(t.as_ref(), &seat, plays, &token))
}

async fn seat_part(State(st): State<AppState>, Path(token): Path<String>) -> Response {
    let Some((seat, plays)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let t = lock(&st.shared.table);
    page(pages::part(t.as_ref(), &seat, plays, &token))
}

#[derive(serde::Deserialize)]
struct RulesQuery {
    q: Option<String>,
}

async fn seat_rules(
    State(st): State<AppState>,
    Path(token): Path<String>,
    Query(q): Query<RulesQuery>,
) -> Response {
    let Some((seat, _)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let kind = lock(&st.shared.table).kind();
    let query: String = q.q.unwrap_or_default().chars().take(200).collect();
    page(pages::rules(
        &st.shared.books.rules,
        kind,
        &seat,
        &token,
        &query,
    ))
}

/// One rules digest entry, by game and id: what a refusal's rule link on a phone opens.
async fn seat_rule(
    State(st): State<AppState>,
    Path((token, game, id)): Path<(String, String, String)>,
) -> Response {
    let Some((seat, _)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let entry =
        crate::doc::Kind::parse(&game).and_then(|kind| st.shared.books.rules.entry(kind, &id));
    match entry {
        Some((digest, entry)) => page(pages::rule_entry(digest, entry, &seat, &token)),
        None => plain(StatusCode::NOT_FOUND, "no such rule in the digest"),
    }
}

#[derive(serde::Deserialize)]
struct QuestQuery {
    n: Option<String>,
}

/// A seat's quest lookup (Near and Far: "read quest 41" for its own character): 404 for a
/// game without one, and for the read-only table seat.
async fn seat_quest(
    State(st): State<AppState>,
    Path(token): Path<String>,
    Query(q): Query<QuestQuery>,
) -> Response {
    let Some((seat, plays)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let Some(plays) = plays else {
        return plain(StatusCode::NOT_FOUND, "the table seat reads no quests");
    };
    let t = lock(&st.shared.table);
    let query: String = q.n.unwrap_or_default().chars().take(20).collect();
    let me = Seat {
        name: seat.clone(),
        plays,
    };
    match t.lookup(&me, &query, &st.shared.books) {
        Some(answer) => page(pages::lookup(t.as_ref(), &seat, &token, answer)),
        None => plain(StatusCode::NOT_FOUND, "this game has no quest lookup"),
    }
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        pages::SCRIPT,
    )
        .into_response()
}

async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        pages::STYLE,
    )
        .into_response()
}
