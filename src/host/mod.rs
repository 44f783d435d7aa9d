//! The table network (docs/table-network.md): the laptop (or `tablemate serve`) shares one
//! save on the local network; each player opens their own seat in a phone's browser.
//!
//! An HTTP server (axum on tokio) on its own threads: seat pages rendered here with maud
//! (escaped by construction), `/api/state`, `/api/act` and `/api/events` (server-sent events)
//! behind a per-seat token. A phone's action goes through the seat check, the stale check and
//! `Saved::act`, and is answered 200 only once it is on disk. Nothing else is served: no path
//! reaches the file system.

mod api;
mod guard;
mod listen;
mod pages;
mod routes;
mod seat_auth;
mod server;
mod table;

/// Each game's seat pages and seat rules, `host::<module>`, from the one list of games
/// (crates/core/src/games/list.rs); `table::open` shares a save of any of them.
macro_rules! game_modules {
    ($($variant:ident { module: $module:ident, $($rest:tt)* })+) => {
        $(mod $module;)+
    };
}
crate::for_each_game!(game_modules);

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Instant;

pub use guard::{STRANGER_BURST, STRANGER_REFILL_PER_SECOND};
pub use pages::Books;
pub use server::{Host, HostError, LinkInfo, LinkMaker, WindowWrite, WindowWriter};
pub use table::{ActError, Done, SharedGame};

use crate::seat::{Plays, SeatRule};

/// Largest body `/api/act` reads (413 above it).
pub const MAX_BODY: usize = 64 * 1024;
/// Requests a seat may make in a burst, then [`REFILL_PER_SECOND`] more each second (429).
pub const BURST: f64 = 150.0;
pub const REFILL_PER_SECOND: f64 = 50.0;
/// Open connections at once; one more is answered 503 and closed.
pub const MAX_CONNECTIONS: usize = 64;
/// Open connections from one address at once, well under [`MAX_CONNECTIONS`]: a device
/// holding connections open (a stranger on the Wi-Fi, a phone gone to sleep) cannot fill the
/// host. A phone uses a few (the page, its live stream, an action).
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 16;
/// A request's headers must arrive within this; a kept-alive connection that stays idle this
/// long is closed too (the browser opens another when it needs one).
pub const HEADER_READ_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(15);
/// A request (other than the live stream) that takes longer is answered 408.
pub const REQUEST_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(10);
/// Longest action id a phone may choose (`POST /api/act` `"id"`).
pub const MAX_ACTION_ID: usize = 64;
/// Action ids whose answers are kept for repeats, over every seat (oldest forgotten first):
/// far more than a phone's retries ever span.
pub const KEPT_ACTION_IDS: usize = 512;
/// The port `serve` and the window listen on unless told otherwise.
pub const DEFAULT_PORT: u16 = 8765;

/// A seat's secret: 128 random bits, as 32 hex digits (the last segment of its link).
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

/// The system gave no random numbers for a seat's secret: no link is made without one.
#[derive(Debug, thiserror::Error)]
#[error("no random numbers: {0}")]
pub struct NoRandom(getrandom::Error);

impl Token {
    pub fn new() -> Result<Token, NoRandom> {
        let mut bytes = [0u8; 16];
        getrandom::fill(&mut bytes).map_err(NoRandom)?;
        Ok(Token(bytes.iter().map(|b| format!("{b:02x}")).collect()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A token kept from an earlier share (`links/<id>.json`): 32 hex digits, else None.
    pub fn kept(text: &str) -> Option<Token> {
        (text.len() == 32 && text.bytes().all(|b| b.is_ascii_hexdigit()))
            .then(|| Token(text.to_ascii_lowercase()))
    }

    /// Compares in constant time (for tokens of the same length), so timing tells a guesser
    /// nothing about how many digits were right.
    pub fn matches(&self, given: &str) -> bool {
        let (a, b) = (self.0.as_bytes(), given.as_bytes());
        if a.len() != b.len() {
            return false;
        }
        a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(..)")
    }
}

/// One seat of the shared game: its name, what it plays (None: the read-only table seat), its
/// current token, its request budget and its open live streams.
#[derive(Debug)]
pub struct SeatEntry {
    pub name: String,
    pub plays: Option<Plays>,
    pub token: Token,
    budget: f64,
    refilled: Instant,
    /// Live streams open now (phones showing the page).
    pub connected: usize,
}

impl SeatEntry {
    fn new(name: String, plays: Option<Plays>) -> Result<SeatEntry, NoRandom> {
        Ok(SeatEntry {
            name,
            plays,
            token: Token::new()?,
            budget: BURST,
            refilled: Instant::now(),
            connected: 0,
        })
    }

    /// Spends one request; false when the seat is over its limit.
    fn spend(&mut self) -> bool {
        let now = Instant::now();
        let secs = now.duration_since(self.refilled).as_secs_f64();
        self.refilled = now;
        self.budget = (self.budget + secs * REFILL_PER_SECOND).min(BURST);
        if self.budget < 1.0 {
            return false;
        }
        self.budget -= 1.0;
        true
    }
}

/// Takes `m`'s lock even if a thread panicked while holding it, so one failed request never
/// turns every later one into an error. What the locks guard stays whole through a panic: an
/// action that panics is caught and the game read again from disk (`table::act_caught`), a
/// page only reads the game, and the seats' list is changed one field at a time.
pub(crate) fn lock<T: ?Sized>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// What the server threads and the owner of a [`Host`] share.
pub struct Shared {
    pub table: Mutex<Box<dyn SharedGame>>,
    /// The answers to recent action ids (locked only while `table` is held).
    answered: Mutex<api::Answered>,
    /// Answers appended to the answers file since it was last written whole.
    answers_added: Mutex<usize>,
    pub seats: Mutex<Vec<SeatEntry>>,
    /// The latest revision, for the live streams.
    pub revision: tokio::sync::watch::Sender<u64>,
    /// The revision this run of the host started at: a revision below it is from a page
    /// shown before a restart.
    pub first_revision: u64,
    /// Moves whenever a phone opens or closes its live stream (who is connected), for the
    /// window's panel.
    pub connections: tokio::sync::watch::Sender<u64>,
    pub base_url: String,
    /// The rules digests (and Near and Far's facts and index) the seats' lookups read.
    pub books: pages::Books,
    /// Where the seats' tokens are kept between shares (None: not kept, a test's table).
    kept: Option<Kept>,
    /// Why the kept links could not be read or written, said by `serve` and the window.
    pub links_problem: Mutex<Option<String>>,
    /// The addresses the `Host` and `Origin` headers may name.
    served: guard::Served,
    /// The budgets of requests without a valid token, per address.
    strangers: guard::Strangers,
    /// Where the host's errors go (`tablemate.log`).
    log: std::sync::Arc<guard::HostLog>,
}

/// The store and save the seats' tokens are kept for (docs/table-network.md, "Links that
/// last").
pub struct Kept {
    pub store: std::sync::Arc<crate::store::Store>,
    pub id: String,
}

impl Shared {
    /// Adds seats the game has gained (a late joiner) with fresh tokens; keeps the others.
    fn sync_seats(&self) {
        let wanted = lock(&self.table).seats();
        let mut seats = lock(&self.seats);
        let mut added = false;
        for s in wanted {
            if !seats.iter().any(|e| e.name == s.name)
                && let Ok(e) = SeatEntry::new(s.name, Some(s.plays))
            {
                let at = seats.len().saturating_sub(1);
                seats.insert(at, e);
                added = true;
            }
        }
        drop(seats);
        if added {
            self.keep_links();
        }
    }

    /// Keeps the answer to a seat's action id, in memory and in the data folder (so a phone
    /// sending it again after a restart still hears the first answer). Every
    /// [`KEPT_ACTION_IDS`] answers the file is written again whole, holding only the kept.
    fn keep_answer(&self, seat: &str, id: String, answer: api::Answer) {
        let line = api::Answer::line(seat, &id, &answer);
        let mut answered = lock(&self.answered);
        answered.keep(seat, id, answer);
        let Some(kept) = &self.kept else {
            return;
        };
        let mut added = lock(&self.answers_added);
        *added += 1;
        let written = if *added >= KEPT_ACTION_IDS {
            *added = 0;
            kept.store.keep_action_answers(&kept.id, &answered.lines())
        } else {
            kept.store.add_action_answer(&kept.id, &line)
        };
        if let Err(e) = written {
            self.log.write(
                "ERROR",
                &format!("an action's answer could not be kept for after a restart: {e}"),
            );
        }
    }

    /// Notes, durably and before it is applied, that `seat` sends action `id` on `table` as it
    /// is now (which version of the save is on disk, how many entries its history has, when):
    /// if the host dies after the save is written but before the answer is kept, the next
    /// host finds the action in the save and answers a resend with it instead of applying it
    /// twice ([`Shared::load_answers`]).
    fn note_pending(&self, table: &dyn SharedGame, seat: &str, id: &str) {
        let Some(kept) = &self.kept else {
            return;
        };
        let line = api::Pending {
            mark: kept.store.save_mark(&kept.id),
            entries: table.entries(),
            at: chrono::Utc::now(),
        }
        .line(seat, id);
        if let Err(e) = kept.store.add_action_answer_durably(&kept.id, &line) {
            self.log.write(
                "ERROR",
                &format!("an action could not be noted before it was applied: {e}"),
            );
        }
        *lock(&self.answers_added) += 1;
    }

    /// Reads the answers an earlier run kept (the last [`KEPT_ACTION_IDS`]) and writes the
    /// file again with only those. An action noted as sent but with no answer kept was
    /// applied if the save changed since the note and the history's next entry is that
    /// seat's, made after it: its answer is that entry's label, so a resend is not applied
    /// again. Otherwise it never reached the save, and a resend applies it.
    fn load_answers(&self) {
        let Some(kept) = &self.kept else {
            return;
        };
        let lines = match kept.store.action_answers(&kept.id) {
            Ok(lines) => lines,
            Err(e) => {
                self.log.write(
                    "ERROR",
                    &format!("the answers kept from the last share could not be read: {e}"),
                );
                Vec::new()
            }
        };
        let table = lock(&self.table);
        let mark = kept.store.save_mark(&kept.id);
        let mut answered = lock(&self.answered);
        for (seat, id, answer) in lines.iter().filter_map(|l| api::Answer::parse(l)) {
            answered.keep(&seat, id, answer);
        }
        for (seat, id, pending) in lines.iter().filter_map(|l| api::Pending::parse(l)) {
            if answered.get(&seat, &id).is_none()
                && pending.mark.is_some()
                && pending.mark != mark
                && let Some((label, at)) = table.entry(pending.entries)
                && at >= pending.at
                && label.starts_with(&format!("{seat}'s phone: "))
            {
                let answer = api::Answer::applied(table.revision(), &label);
                answered.keep(&seat, id, answer);
            }
        }
        drop(table);
        if let Err(e) = kept.store.keep_action_answers(&kept.id, &answered.lines()) {
            self.log.write(
                "ERROR",
                &format!("the answers of action ids could not be kept: {e}"),
            );
        }
    }

    /// Writes every seat's token to the data folder, so the links outlive this host.
    fn keep_links(&self) {
        let Some(kept) = &self.kept else {
            return;
        };
        let seats: Vec<(String, String)> = lock(&self.seats)
            .iter()
            .map(|s| (s.name.clone(), s.token.as_str().to_string()))
            .collect();
        let problem = kept.store.keep_seat_links(&kept.id, &seats).err().map(|e| {
            let why = format!("the seats' links could not be kept for the next share: {e}");
            crate::store::log::error(&why);
            why
        });
        *lock(&self.links_problem) = problem;
    }

    /// The seat holding `token`, by name.
    fn seat_for(&self, token: &str) -> Option<String> {
        let seats = lock(&self.seats);
        // Every seat is compared, so the time taken does not say which one matched.
        let mut found = None;
        for s in seats.iter() {
            if s.token.matches(token) {
                found = Some(s.name.clone());
            }
        }
        found
    }

    /// Revokes `seat`'s link and makes a new one (kept for the next share); None for a seat
    /// the game does not have.
    fn new_link(&self, seat: &str) -> Option<String> {
        let token = Token::new().ok()?;
        let link = self.link(&token);
        {
            let mut seats = lock(&self.seats);
            let entry = seats.iter_mut().find(|s| s.name == seat)?;
            entry.token = token;
        }
        self.keep_links();
        // Wakes every live stream: the revoked ones end.
        self.revision.send_modify(|_| {});
        Some(link)
    }

    pub fn link(&self, token: &Token) -> String {
        format!("{}seat/{}", self.base_url, token.as_str())
    }
}

/// Why the host refused an action by seat, as a phone shows it.
fn why_not(rule: &SeatRule) -> String {
    match rule {
        SeatRule::Seat(s) => format!("only {s}'s seat may"),
        SeatRule::AnyPlayer => "only a player's seat may (the table seat only shows)".into(),
        SeatRule::Host => "only the host may, on the laptop".into(),
    }
}

/// The address phones reach this machine at: the listen address, or (listening on every
/// interface) the one the system routes outward through. No packet is sent to find it.
pub fn reachable_ip(listen: &SocketAddr) -> IpAddr {
    if !listen.ip().is_unspecified() {
        return listen.ip();
    }
    std::net::UdpSocket::bind("0.0.0.0:0")
        .and_then(|s| {
            s.connect("192.0.2.1:9")?;
            s.local_addr()
        })
        .map(|a| a.ip())
        .unwrap_or(IpAddr::V4(Ipv4Addr::LOCALHOST))
}

/// A QR code of `text` as terminal text: two modules per character row (half blocks), with
/// the quiet zone, dark on light.
pub fn qr_text(text: &str) -> Option<String> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let dark = |x: isize, y: isize| {
        x >= 0
            && y >= 0
            && (x as usize) < width
            && (y as usize) < width
            && code[(x as usize, y as usize)] == qrcode::Color::Dark
    };
    let quiet = 2isize;
    let mut out = String::new();
    let mut y = -quiet;
    while y < width as isize + quiet {
        for x in -quiet..width as isize + quiet {
            out.push(match (dark(x, y), dark(x, y + 1)) {
                (false, false) => '█',
                (true, false) => '▄',
                (false, true) => '▀',
                (true, true) => ' ',
            });
        }
        out.push('\n');
        y += 2;
    }
    Some(out)
}

/// The dark modules of a QR code of `text`, row by row, for the window and the seats' pages
/// to draw: the one encoder, which the session sheet uses too.
pub use crate::print::qr_modules;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_has_128_random_bits_and_matches_only_itself() {
        let a = Token::new().unwrap();
        let b = Token::new().unwrap();
        assert_eq!(a.as_str().len(), 32);
        assert!(a.as_str().bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
        assert!(a.matches(a.as_str()));
        assert!(!a.matches(b.as_str()));
        assert!(!a.matches(&a.as_str()[..31]));
        assert!(!a.matches(""));
    }

    #[test]
    fn a_seat_over_its_request_budget_is_held_back() {
        let mut s = SeatEntry::new("Ana".into(), None).unwrap();
        let allowed = (0..(BURST as usize + 20)).filter(|_| s.spend()).count();
        assert!(
            allowed >= BURST as usize && allowed < BURST as usize + 20,
            "{allowed}"
        );
    }

    #[test]
    fn a_qr_code_prints_as_half_blocks_and_draws_as_modules() {
        let text =
            qr_text("http://192.168.1.5:8765/seat/0123456789abcdef0123456789abcdef").unwrap();
        let (w, cells) =
            qr_modules("http://192.168.1.5:8765/seat/0123456789abcdef0123456789abcdef").unwrap();
        assert_eq!(cells.len(), w * w);
        assert_eq!(text.lines().count(), (w + 4).div_ceil(2));
        assert!(text.lines().all(|l| l.chars().count() == w + 4));
    }
}
