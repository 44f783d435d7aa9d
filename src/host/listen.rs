//! The host's accept loop (docs/table-network.md, "Limits"): what `axum::serve` alone does not
//! do. Each connection gets hyper's header-read timeout (which also closes a kept-alive
//! connection left idle that long), TCP keepalive (a phone that left the Wi-Fi is noticed), a
//! ceiling on the connections one address may hold below the ceiling for everyone, so one
//! device cannot take every slot, and a connection over either ceiling is answered a short 503
//! instead of being reset.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;

use super::guard::{HostLog, Peer};
use super::{HEADER_READ_TIMEOUT, MAX_CONNECTIONS, MAX_CONNECTIONS_PER_ADDRESS};

/// TCP keepalive: the first probe after this long without traffic, then every
/// [`KEEPALIVE_INTERVAL`]; a phone gone from the network is dropped within about a minute.
const KEEPALIVE_IDLE: Duration = Duration::from_secs(30);
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(10);
/// Connections being told "busy" at once; past that a new one is closed without a word.
const MAX_BUSY_ANSWERS: usize = 64;
/// How long a connection that was told "busy" is kept open to read what it sent (closing a
/// socket with unread bytes resets it, and the 503 would be lost).
const BUSY_LINGER: Duration = Duration::from_secs(1);

const BUSY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
content-type: text/plain; charset=utf-8\r\n\
retry-after: 2\r\n\
connection: close\r\n\
content-length: 39\r\n\r\n\
the host is busy: try again in a moment";

/// Open connections, in all and per address.
#[derive(Default)]
struct Open {
    all: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

impl Open {
    /// Counts a new connection from `ip`, or refuses it when either ceiling is reached.
    fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        let mut by = self
            .by_address
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mine = by.entry(ip).or_insert(0);
        if *mine >= MAX_CONNECTIONS_PER_ADDRESS
            || self.all.load(Ordering::SeqCst) >= MAX_CONNECTIONS
        {
            if *mine == 0 {
                by.remove(&ip);
            }
            return None;
        }
        *mine += 1;
        self.all.fetch_add(1, Ordering::SeqCst);
        Some(Slot {
            open: self.clone(),
            ip,
        })
    }
}

/// One admitted connection, counted until it is dropped.
struct Slot {
    open: Arc<Open>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.open.all.fetch_sub(1, Ordering::SeqCst);
        let mut by = self
            .open
            .by_address
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(n) = by.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                by.remove(&self.ip);
            }
        }
    }
}

/// Serves `app` on `listener` until `closed` turns true; then lets each connection finish its
/// request for a moment and returns.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    mut closed: watch::Receiver<bool>,
    log: Arc<HostLog>,
) {
    let open = Arc::new(Open::default());
    let busy = Arc::new(AtomicUsize::new(0));
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(c) => c,
                Err(_) => {
                    // Out of file descriptors and the like: wait and try again.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = closed.wait_for(|c| *c) => break,
        };
        let Some(slot) = open.admit(peer.ip()) else {
            log.network(&format!(
                "a connection from {} was refused: too many open (at most {MAX_CONNECTIONS_PER_ADDRESS} from one address, {MAX_CONNECTIONS} in all)",
                peer.ip()
            ));
            answer_busy(stream, &busy);
            continue;
        };
        tune(&stream);
        // Each request knows its address (the budget of requests without a token).
        let app = app.clone().layer(axum::Extension(Peer(peer.ip())));
        tokio::spawn(connection(stream, app, closed.clone(), slot, log.clone()));
    }
    // Requests under way get a moment to finish; the runtime's shutdown ends the rest.
    let deadline = tokio::time::Instant::now() + Duration::from_millis(300);
    while open.all.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// No Nagle delay (answers are small), and TCP keepalive.
fn tune(stream: &TcpStream) {
    let _ = stream.set_nodelay(true);
    let keepalive = socket2::TcpKeepalive::new()
        .with_time(KEEPALIVE_IDLE)
        .with_interval(KEEPALIVE_INTERVAL);
    let _ = socket2::SockRef::from(stream).set_tcp_keepalive(&keepalive);
}

async fn connection(
    stream: TcpStream,
    app: Router,
    mut closed: watch::Receiver<bool>,
    slot: Slot,
    log: Arc<HostLog>,
) {
    let ip = slot.ip;
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(HEADER_READ_TIMEOUT)
        .keep_alive(true);
    let conn = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(app));
    let mut conn = std::pin::pin!(conn);
    let closing = tokio::select! {
        ended = conn.as_mut() => {
            // hyper's own word on a connection that ended badly (headers too slow, a request
            // it could not parse); a phone closing its connection is not one.
            if let Err(e) = ended
                && !e.is_incomplete_message()
            {
                log.network(&format!("a connection from {ip} ended: {e}"));
            }
            false
        }
        c = closed.wait_for(|c| *c) => c.is_ok(),
    };
    if closing {
        conn.as_mut().graceful_shutdown();
        let _ = tokio::time::timeout(Duration::from_millis(300), conn).await;
    }
    drop(slot);
}

/// A connection over a ceiling: a short 503, then closed once what it sent is read (bounded
/// in time, and in how many are answered at once).
fn answer_busy(stream: TcpStream, busy: &Arc<AtomicUsize>) {
    if busy.fetch_add(1, Ordering::SeqCst) >= MAX_BUSY_ANSWERS {
        busy.fetch_sub(1, Ordering::SeqCst);
        return;
    }
    let busy = busy.clone();
    tokio::spawn(async move {
        let _ = tokio::time::timeout(BUSY_LINGER, tell_busy(&stream)).await;
        busy.fetch_sub(1, Ordering::SeqCst);
    });
}

/// Writes the 503, closes the sending side, and reads until the client closes its side.
async fn tell_busy(stream: &TcpStream) -> std::io::Result<()> {
    let would_block = |e: &std::io::Error| e.kind() == std::io::ErrorKind::WouldBlock;
    let mut sent = 0;
    while sent < BUSY.len() {
        stream.writable().await?;
        match stream.try_write(&BUSY[sent..]) {
            Ok(n) => sent += n,
            Err(e) if would_block(&e) => {}
            Err(e) => return Err(e),
        }
    }
    socket2::SockRef::from(stream).shutdown(std::net::Shutdown::Write)?;
    let mut sink = [0u8; 1024];
    loop {
        stream.readable().await?;
        match stream.try_read(&mut sink) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(e) if would_block(&e) => {}
            Err(e) => return Err(e),
        }
    }
}
