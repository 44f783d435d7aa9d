//! What every request passes before its route (docs/table-network.md, "Who may ask"): the
//! `Host` and `Origin` headers must name an address this host serves, so a web page on
//! another site cannot reach it through a name that points here (DNS rebinding); requests
//! without a valid token are held to a small budget per address, so guessing links or
//! hammering the host without one is slow; and a failure the host answers 5xx is written to
//! `tablemate.log` (never the token: a seat's path is logged without it).

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::PathBuf;
use std::sync::Mutex;
use std::time::Instant;

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::Response;

use super::{Shared, lock};

/// Requests without a valid token one address may make in a burst, then
/// [`STRANGER_REFILL_PER_SECOND`] more each second (429): a phone needs none (its page's
/// style and script are not counted), a guesser needs billions.
pub const STRANGER_BURST: f64 = 40.0;
pub const STRANGER_REFILL_PER_SECOND: f64 = 4.0;
/// Addresses whose budgets are remembered at once; past it the fullest are forgotten.
const KEPT_ADDRESSES: usize = 1024;

/// The address a connection came from (set by the accept loop; absent in-process).
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub IpAddr);

/// Where this host answers: its port, and the address it listens on (unspecified: any).
pub struct Served {
    pub ip: IpAddr,
    pub port: u16,
}

impl Served {
    /// Whether `authority` (a `Host` header, or an origin without its scheme) names this
    /// host: an IP address literal it serves, or `localhost`, with its port. A name that
    /// is not an IP (what DNS rebinding needs) is refused.
    pub fn names_me(&self, authority: &str) -> bool {
        let Some((host, port)) = split_authority(authority) else {
            return false;
        };
        if port != self.port {
            return false;
        }
        if host.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let Ok(ip) = host.parse::<IpAddr>() else {
            return false;
        };
        self.ip.is_unspecified() || ip == self.ip || ip.is_loopback()
    }
}

/// `host:port` or `[v6]:port` into its parts; a missing port is port 80.
fn split_authority(authority: &str) -> Option<(&str, u16)> {
    let a = authority.trim();
    if let Some(rest) = a.strip_prefix('[') {
        let (host, after) = rest.split_once(']')?;
        let port = match after.strip_prefix(':') {
            Some(p) => p.parse().ok()?,
            None if after.is_empty() => 80,
            None => return None,
        };
        return Some((host, port));
    }
    match a.rsplit_once(':') {
        Some((host, port)) => Some((host, port.parse().ok()?)),
        None => Some((a, 80)),
    }
}

/// Per-address budgets for requests that carry no valid token.
#[derive(Default)]
pub struct Strangers {
    budgets: Mutex<HashMap<Option<IpAddr>, (f64, Instant)>>,
}

impl Strangers {
    /// Spends one request of `peer`'s budget; false when it is over.
    fn spend(&self, peer: Option<IpAddr>) -> bool {
        let mut b = lock(&self.budgets);
        if b.len() >= KEPT_ADDRESSES && !b.contains_key(&peer) {
            // The ones that have refilled to the full burst carry no memory worth keeping.
            let now = Instant::now();
            b.retain(|_, (left, at)| {
                *left + now.duration_since(*at).as_secs_f64() * STRANGER_REFILL_PER_SECOND
                    < STRANGER_BURST
            });
            if b.len() >= KEPT_ADDRESSES {
                b.clear();
            }
        }
        let now = Instant::now();
        let (left, at) = b.entry(peer).or_insert((STRANGER_BURST, now));
        *left = (*left + now.duration_since(*at).as_secs_f64() * STRANGER_REFILL_PER_SECOND)
            .min(STRANGER_BURST);
        *at = now;
        if *left < 1.0 {
            return false;
        }
        *left -= 1.0;
        true
    }
}

/// Lines about the network itself (a connection that failed, one refused) written per
/// minute at most: a flood of them must not push the host's real errors out of the log.
const NETWORK_LINES_PER_MINUTE: u32 = 30;

/// The host's lines in `tablemate.log`: the data folder's log when the host shares a save
/// of a store, else the process's log (if any).
pub struct HostLog {
    path: Option<PathBuf>,
    network: Mutex<(Instant, u32)>,
}

impl HostLog {
    pub fn new(path: Option<PathBuf>) -> HostLog {
        HostLog {
            path,
            network: Mutex::new((Instant::now(), 0)),
        }
    }

    /// A line from the HTTP stack (hyper's connection errors, refused connections), at most
    /// [`NETWORK_LINES_PER_MINUTE`].
    pub fn network(&self, text: &str) {
        {
            let mut n = lock(&self.network);
            if n.0.elapsed().as_secs() >= 60 {
                *n = (Instant::now(), 0);
            }
            if n.1 >= NETWORK_LINES_PER_MINUTE {
                return;
            }
            n.1 += 1;
        }
        self.write("WARN", text);
    }

    pub fn write(&self, level: &str, text: &str) {
        let text = format!("host: {text}");
        match &self.path {
            Some(path) => {
                crate::store::log::append(path, crate::store::log::MAX_BYTES, level, &text)
            }
            None if level == "ERROR" => crate::store::log::error(&text),
            None => crate::store::log::warn(&text),
        }
    }
}

/// The token a request carries, wherever it carries it: the `Authorization` header, the
/// live stream's `?token=`, or a seat page's path.
fn token_of(req: &Request) -> Option<&str> {
    if let Some(t) = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
    {
        return Some(t.trim());
    }
    if let Some(q) = req.uri().query()
        && let Some(t) = q.split('&').find_map(|kv| kv.strip_prefix("token="))
    {
        return Some(t);
    }
    req.uri()
        .path()
        .strip_prefix("/seat/")
        .map(|rest| rest.split('/').next().unwrap_or(rest))
}

/// A path as the log shows it: a seat's token replaced by `…`.
fn logged_path(path: &str) -> String {
    match path.strip_prefix("/seat/") {
        Some(rest) => match rest.split_once('/') {
            Some((_, tail)) => format!("/seat/…/{tail}"),
            None => "/seat/…".to_string(),
        },
        None => path.to_string(),
    }
}

fn refuse(status: StatusCode, message: &str) -> Response {
    super::routes::error_response(status, message.to_string())
}

/// The checks before every route, and the log after it.
pub async fn check(
    State(shared): State<std::sync::Arc<Shared>>,
    req: Request,
    next: Next,
) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| req.uri().authority().map(|a| a.as_str()));
    if !host.is_some_and(|h| shared.served.names_me(h)) {
        return refuse(
            StatusCode::FORBIDDEN,
            "this host answers only at its own address (the one in the seat's link)",
        );
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let ok = origin
            .to_str()
            .ok()
            .and_then(|o| o.strip_prefix("http://"))
            .is_some_and(|o| shared.served.names_me(o));
        if !ok {
            return refuse(
                StatusCode::FORBIDDEN,
                "a page from another site may not use this host",
            );
        }
    }
    let peer = req.extensions().get::<Peer>().map(|p| p.0);
    // The page's own style and script carry no token and cost nothing to serve: a phone
    // reloading its page is never held back for them.
    let asset = req.uri().path().starts_with("/assets/");
    let known = token_of(&req).is_some_and(|t| shared.seat_for(t).is_some());
    if !known && !asset && !shared.strangers.spend(peer) {
        return refuse(
            StatusCode::TOO_MANY_REQUESTS,
            "too many requests without a seat's link: wait a moment",
        );
    }
    let what = format!("{} {}", req.method(), logged_path(req.uri().path()));
    let answer = next.run(req).await;
    if answer.status().is_server_error() {
        shared.log.write(
            "ERROR",
            &format!("{what} answered {}", answer.status().as_u16()),
        );
    }
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_an_ip_address_of_this_host_with_its_port_names_it() {
        let any = Served {
            ip: "0.0.0.0".parse().unwrap(),
            port: 8765,
        };
        assert!(any.names_me("192.168.1.5:8765"));
        assert!(any.names_me("localhost:8765"));
        assert!(any.names_me("[::1]:8765"));
        assert!(!any.names_me("evil.example:8765"));
        assert!(!any.names_me("evil.example"));
        assert!(!any.names_me("192.168.1.5:80"));
        assert!(!any.names_me("192.168.1.5"));
        let one = Served {
            ip: "192.168.1.5".parse().unwrap(),
            port: 8765,
        };
        assert!(one.names_me("192.168.1.5:8765"));
        assert!(one.names_me("127.0.0.1:8765"));
        assert!(!one.names_me("10.0.0.9:8765"));
    }

    #[test]
    fn a_seats_token_never_reaches_the_log() {
        assert_eq!(logged_path("/seat/0123abcd/part"), "/seat/…/part");
        assert_eq!(logged_path("/seat/0123abcd"), "/seat/…");
        assert_eq!(logged_path("/api/act"), "/api/act");
    }
}
