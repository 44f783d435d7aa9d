//! The table network's speed and weight (issue 21, docs/table-network.md): an action from one
//! seat seen on 8 other seats' live streams, and the host's memory with 8 seats connected.
//!
//! - `host/action_seen_on_8_seats`: one seat posts an action over HTTP on loopback (a new
//!   connection each time, as a phone's tap), the host checks it, applies it through
//!   `Saved::act`, writes it to disk (fsync) and announces the revision; the time runs until
//!   the last of 8 other open `/api/events` streams has read it. Goal: p99 under 100 ms.
//! - The same actions also time the window's side: from the phone's tap until the host's
//!   notice (`Host::notices`, what the window listens to instead of polling) has arrived.
//!   Goal: p99 under 100 ms.
//! - Before criterion runs, 200 such actions are timed one by one and p50/p99 printed (as a
//!   phone sends them, with an id the host notes durably first; then 200 without, as a
//!   script may send them), with
//!   the resident memory of this process before the host started and with 8 streams open
//!   (goal: under 10 MB above idle). The client threads live in the same process, so the
//!   memory figure slightly overstates the host's own.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use criterion::Criterion;
use tablemate::host::Host;
use tablemate::store::Store;

struct Fixture {
    _root: tempfile::TempDir,
    host: Host,
    addr: String,
    token: String,
    seen: Receiver<u64>,
    next: u64,
    /// When each of the host's notices to the window arrived.
    window: Receiver<Instant>,
    /// From each timed tap until the window's notice.
    window_times: Vec<Duration>,
    /// When the last action was sent: actions are paced under the seat's request budget
    /// (`host::REFILL_PER_SECOND`), or a release build's speed runs into 429.
    last: Instant,
}

fn rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|n| n.parse().ok()))
        })
        .unwrap_or(0)
}

fn stream(addr: &str, token: &str, tx: std::sync::mpsc::Sender<u64>) {
    let mut s = TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "GET /api/events?token={token} HTTP/1.1\r\nHost: {addr}\r\n\r\n"
    )
    .expect("send");
    std::thread::spawn(move || {
        let mut r = BufReader::new(s);
        let mut line = String::new();
        while r.read_line(&mut line).is_ok_and(|n| n > 0) {
            if let Some(n) = line
                .trim()
                .strip_prefix("data:")
                .and_then(|n| n.trim().parse().ok())
                && tx.send(n).is_err()
            {
                return;
            }
            line.clear();
        }
    });
}

impl Fixture {
    fn new() -> (Fixture, u64, u64) {
        let root = tempfile::tempdir().expect("tmp");
        let out = tablemate::cli::run_in(
            root.path(),
            &[
                "near-and-far",
                "new",
                "--mode",
                "campaign",
                "--player",
                "Ana=Rin",
                "--player",
                "Bo=Vera",
                "--json",
            ],
            "",
        );
        let made: serde_json::Value = serde_json::from_str(&out.stdout).expect("new");
        let id = made["id"].as_str().expect("id").to_string();
        let store = Arc::new(Store::open(root.path()).expect("store"));
        let idle = rss_kb();
        let host = Host::start(store, &id, "127.0.0.1:0".parse().expect("addr")).expect("host");
        let addr = host.addr().to_string();
        let links = host.links();
        let token = |i: usize| {
            links[i]
                .link
                .rsplit('/')
                .next()
                .unwrap_or_default()
                .to_string()
        };
        // The window's side: the host's notices, as the window's task receives them.
        let (wtx, window) = channel();
        let notices = host.notices();
        std::thread::spawn(move || {
            use futures_util::StreamExt;
            let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            rt.block_on(async move {
                let mut n = Box::pin(notices);
                while n.next().await.is_some() {
                    if wtx.send(Instant::now()).is_err() {
                        return;
                    }
                }
            });
        });
        let (tx, seen) = channel();
        // Bo's phone and seven screens on the table seat.
        stream(&addr, &token(1), tx.clone());
        for _ in 0..7 {
            stream(&addr, &token(2), tx.clone());
        }
        for _ in 0..8 {
            seen.recv_timeout(Duration::from_secs(5))
                .expect("each stream opens");
        }
        let mut f = Fixture {
            _root: root,
            host,
            addr,
            token: token(0),
            seen,
            window,
            window_times: Vec::new(),
            next: 0,
            last: Instant::now(),
        };
        for _ in 0..20 {
            f.one(true);
        }
        let connected = rss_kb();
        (f, idle, connected)
    }

    /// One action from Ana's seat until all 8 streams have seen it: with an id, as a phone's
    /// page sends every action (the host notes it durably before applying it), or without,
    /// as a script may.
    fn one(&mut self, with_id: bool) -> Duration {
        self.next += 1;
        let id = match with_id {
            true => format!(",\"id\":\"bench-{}\"", self.next),
            false => String::new(),
        };
        let body = format!(
            "{{\"action\":{{\"action\":\"note-reward\",\"character\":\"Rin\",\"item\":{{\"type\":\"keyword-gained\",\"keyword\":\"K{}\"}},\"date\":\"2026-03-02\"}}{id}}}",
            self.next
        );
        // A phone taps far slower than this; the pause is not timed.
        let gap = Duration::from_secs_f64(1.5 / tablemate::host::REFILL_PER_SECOND);
        if let Some(wait) = gap.checked_sub(self.last.elapsed()) {
            std::thread::sleep(wait);
        }
        self.last = Instant::now();
        // Notices of streams connecting are not this action's.
        while self.window.try_recv().is_ok() {}
        let start = Instant::now();
        let mut s = TcpStream::connect(&self.addr).expect("connect");
        write!(
            s,
            "POST /api/act HTTP/1.1\r\nHost: {}\r\nConnection: close\r\nAuthorization: Bearer {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            self.addr, self.token, body.len()
        )
        .expect("send");
        let mut reply = String::new();
        s.read_to_string(&mut reply).expect("reply");
        assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
        let revision: u64 = reply
            .split("\"revision\":")
            .nth(1)
            .and_then(|r| r.trim_end_matches('}').parse().ok())
            .expect("revision");
        let mut seen = 0;
        while seen < 8 {
            let n = self
                .seen
                .recv_timeout(Duration::from_secs(5))
                .expect("seen");
            if n >= revision {
                seen += 1;
            }
        }
        let taken = start.elapsed();
        let told = self
            .window
            .recv_timeout(Duration::from_secs(5))
            .expect("the window is told");
        self.window_times
            .push(told.saturating_duration_since(start));
        taken
    }
}

/// p50 and p99 of `times`, in milliseconds.
fn quantiles(mut times: Vec<Duration>) -> (f64, f64) {
    times.sort();
    let q = |q: f64| times[((times.len() as f64 * q) as usize).min(times.len() - 1)];
    (q(0.5).as_secs_f64() * 1e3, q(0.99).as_secs_f64() * 1e3)
}

fn main() {
    let (mut f, idle, connected) = Fixture::new();
    // Phones' actions (with an id), then a script's (without), 200 each.
    for with_id in [true, false] {
        f.window_times.clear();
        let times: Vec<Duration> = (0..200).map(|_| f.one(with_id)).collect();
        let (w50, w99) = quantiles(std::mem::take(&mut f.window_times));
        let (p50, p99) = quantiles(times);
        let who = if with_id {
            "a phone's action (with an id)"
        } else {
            "a script's action (no id)"
        };
        eprintln!(
            "host: {who}: seen on 8 seats p50 {p50:.1} ms, p99 {p99:.1} ms; the window told p50 {w50:.1} ms, p99 {w99:.1} ms (200 actions)"
        );
    }
    eprintln!(
        "host: memory: {} KB idle, {} KB with 8 seats connected (+{} KB)",
        idle,
        connected,
        connected.saturating_sub(idle)
    );
    let mut c = Criterion::default().configure_from_args().sample_size(20);
    c.bench_function("host/action_seen_on_8_seats", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| f.one(true)).sum())
    });
    drop(f.host);
    c.final_summary();
}
