//! One window per data folder (docs/store.md, "One window"): the first window to start on a
//! data folder listens on a local socket; a later `tablemate open ID-OR-FILE` (the desktop
//! entry) or a plain `tablemate` on the same folder hands its request to that window, which
//! opens the save and comes to the front, and exits instead of opening a second, read-only
//! window. Only when no window answers does a new one start.
//!
//! The socket is a Linux abstract one (no file to follow, leave behind or clean up), named from
//! the user and the data folder; a connection from another user is refused by its peer
//! credentials. Elsewhere there is no socket and each start opens its own window, as before.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;
use std::sync::Mutex;
use std::time::Duration;

use iced::Subscription;

use super::shell::Message;

/// What a later start asks of the running window.
#[derive(Debug, Clone, PartialEq)]
pub enum Request {
    /// Come to the front.
    Show,
    /// Open this save id or file (a file's path made absolute by the sender).
    Open(String),
}

impl Request {
    fn line(&self) -> String {
        match self {
            Request::Show => "show\n".into(),
            Request::Open(t) => format!("open {t}\n"),
        }
    }

    /// A request line as read; None for anything else.
    fn parse(line: &str) -> Option<Request> {
        let line = line.strip_suffix('\n').unwrap_or(line);
        match line.split_once(' ') {
            None if line == "show" => Some(Request::Show),
            Some(("open", t)) if !t.is_empty() && !t.contains('\n') => {
                Some(Request::Open(t.to_string()))
            }
            _ => None,
        }
    }
}

/// The longest request line read: a path, with room.
const MAX_LINE: u64 = 8 * 1024;

/// How long either side waits for the other.
const PATIENCE: Duration = Duration::from_secs(3);

/// The socket's name for the data folder `root` and this user (an FNV-1a hash of the folder's
/// canonical path, so every start on the same folder finds the same name).
pub fn socket_name(root: &Path) -> String {
    let canonical = std::fs::canonicalize(root).unwrap_or_else(|_| root.to_path_buf());
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in canonical.as_os_str().as_encoded_bytes() {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    format!("tablemate-{}-{hash:016x}", user_id())
}

#[cfg(unix)]
fn user_id() -> u32 {
    // SAFETY: getuid has no preconditions and cannot fail.
    unsafe { libc::getuid() }
}

#[cfg(not(unix))]
fn user_id() -> u32 {
    0
}

/// The request a start on `target` makes: a file's path is made absolute (the running window
/// has another working folder); anything else is a save id.
pub fn request_for(target: Option<&str>) -> Request {
    match target {
        None => Request::Show,
        Some(t) => {
            let path = Path::new(t);
            let absolute = if path.is_file() {
                std::path::absolute(path).ok()
            } else {
                None
            };
            Request::Open(absolute.map_or_else(|| t.to_string(), |p| p.display().to_string()))
        }
    }
}

/// The listening socket, bound by `claim` before the window starts and taken by the
/// subscription when it does.
static LISTENER: Mutex<Option<Listener>> = Mutex::new(None);

#[cfg(target_os = "linux")]
type Listener = std::os::unix::net::UnixListener;
#[cfg(not(target_os = "linux"))]
type Listener = ();

/// What `claim` found.
#[derive(Debug, PartialEq)]
pub enum Claim {
    /// This start is the data folder's window: it listens.
    First,
    /// A running window took the request: this start ends.
    Handed,
    /// No single window here (no socket support, or the running one did not answer): start as
    /// before.
    Alone(String),
}

/// Before the window starts: listen on `root`'s socket, or hand `request` to the window that
/// already does.
pub fn claim(root: &Path, request: &Request) -> Claim {
    match bind(root) {
        Ok(listener) => {
            if let Ok(mut slot) = LISTENER.lock() {
                *slot = Some(listener);
            }
            Claim::First
        }
        Err(bind_error) => match hand_over(root, request) {
            Ok(()) => Claim::Handed,
            Err(e) => Claim::Alone(format!("{bind_error}; {e}")),
        },
    }
}

#[cfg(target_os = "linux")]
fn bind(root: &Path) -> std::io::Result<Listener> {
    use std::os::linux::net::SocketAddrExt;
    let addr = std::os::unix::net::SocketAddr::from_abstract_name(socket_name(root))?;
    std::os::unix::net::UnixListener::bind_addr(&addr)
}

#[cfg(not(target_os = "linux"))]
fn bind(_root: &Path) -> std::io::Result<Listener> {
    Err(std::io::Error::other(
        "one window needs Linux's local sockets",
    ))
}

/// Sends `request` to the window listening for `root` and waits for its "ok".
#[cfg(target_os = "linux")]
pub fn hand_over(root: &Path, request: &Request) -> std::io::Result<()> {
    use std::os::linux::net::SocketAddrExt;
    let addr = std::os::unix::net::SocketAddr::from_abstract_name(socket_name(root))?;
    let mut stream = std::os::unix::net::UnixStream::connect_addr(&addr)?;
    stream.set_read_timeout(Some(PATIENCE))?;
    stream.set_write_timeout(Some(PATIENCE))?;
    stream.write_all(request.line().as_bytes())?;
    let mut answer = String::new();
    stream.take(64).read_to_string(&mut answer)?;
    if answer == "ok\n" {
        Ok(())
    } else {
        Err(std::io::Error::other(format!(
            "the running window answered {answer:?}"
        )))
    }
}

#[cfg(not(target_os = "linux"))]
pub fn hand_over(_root: &Path, _request: &Request) -> std::io::Result<()> {
    Err(std::io::Error::other(
        "one window needs Linux's local sockets",
    ))
}

/// Serves one connection: reads the request line (bounded, from this user only), hands it
/// to `deliver`, and answers "ok" once it is delivered.
#[cfg(target_os = "linux")]
// Kept String: a refused connection, logged as it reads; nothing matches on it.
pub fn serve_one(
    stream: std::os::unix::net::UnixStream,
    deliver: &mut dyn FnMut(Request) -> bool,
) -> Result<Request, String> {
    if peer_uid(&stream) != Some(user_id()) {
        return Err("a connection from another user was refused".into());
    }
    let _ = stream.set_read_timeout(Some(PATIENCE));
    let _ = stream.set_write_timeout(Some(PATIENCE));
    let mut line = String::new();
    BufReader::new((&stream).take(MAX_LINE))
        .read_line(&mut line)
        .map_err(|e| format!("the request could not be read: {e}"))?;
    let request = Request::parse(&line)
        .ok_or_else(|| format!("an unreadable request was refused ({} bytes)", line.len()))?;
    let answer: &[u8] = if deliver(request.clone()) {
        b"ok\n"
    } else {
        b"closing\n"
    };
    let _ = (&stream).write_all(answer);
    Ok(request)
}

/// The user id of the process at the other end of `stream`.
#[cfg(target_os = "linux")]
fn peer_uid(stream: &std::os::unix::net::UnixStream) -> Option<u32> {
    use std::os::fd::AsRawFd;
    let mut cred = libc::ucred {
        pid: 0,
        uid: 0,
        gid: 0,
    };
    let mut len = std::mem::size_of::<libc::ucred>() as libc::socklen_t;
    // SAFETY: `cred` and `len` are valid for writes of the sizes given, and the descriptor is
    // the stream's own, open for the call.
    let done = unsafe {
        libc::getsockopt(
            stream.as_raw_fd(),
            libc::SOL_SOCKET,
            libc::SO_PEERCRED,
            (&mut cred as *mut libc::ucred).cast(),
            &mut len,
        )
    };
    (done == 0).then_some(cred.uid)
}

/// `Message::Handoff` for each request a later start hands over, while this window listens.
pub fn subscription() -> Subscription<Message> {
    Subscription::run(requests)
}

fn requests() -> impl iced::futures::Stream<Item = Message> {
    iced::stream::channel(
        4,
        async |output: iced::futures::channel::mpsc::Sender<Message>| {
            let listener = LISTENER.lock().ok().and_then(|mut l| l.take());
            if let Some(listener) = listener {
                accept(listener, output);
            }
            iced::futures::future::pending::<()>().await;
        },
    )
}

#[cfg(target_os = "linux")]
fn accept(listener: Listener, output: iced::futures::channel::mpsc::Sender<Message>) {
    let spawned = std::thread::Builder::new()
        .name("one-window".into())
        .spawn(move || {
            let mut output = output;
            for stream in listener.incoming().flatten() {
                let mut deliver = |r: Request| {
                    iced::futures::executor::block_on(iced::futures::SinkExt::send(
                        &mut output,
                        Message::Handoff(r),
                    ))
                    .is_ok()
                };
                if let Err(e) = serve_one(stream, &mut deliver) {
                    crate::store::log::warn(&format!("one window: {e}"));
                }
            }
        });
    if let Err(e) = spawned {
        crate::store::log::warn(&format!("one window: cannot listen: {e}"));
    }
}

#[cfg(not(target_os = "linux"))]
fn accept(_listener: Listener, _output: iced::futures::channel::mpsc::Sender<Message>) {}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn a_second_start_on_the_same_folder_hands_its_save_to_the_first_window() {
        let dir = tempfile::tempdir().unwrap();
        let listener = bind(dir.path()).expect("the first start listens");
        // A second bind on the same folder fails: the name is taken while the first runs.
        assert!(bind(dir.path()).is_err());
        let server = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            let mut got = Vec::new();
            let served = serve_one(stream, &mut |r| {
                got.push(r);
                true
            });
            (served, got)
        });
        let file = dir.path().join("a save.json");
        std::fs::write(&file, b"{}").unwrap();
        let request = request_for(Some(file.to_str().unwrap()));
        assert_eq!(request, Request::Open(file.display().to_string()));
        hand_over(dir.path(), &request).expect("the first window answers ok");
        let (served, got) = server.join().unwrap();
        assert_eq!(served, Ok(request.clone()));
        assert_eq!(got, vec![request]);
    }

    #[test]
    fn with_no_window_on_the_folder_a_start_is_the_first() {
        let dir = tempfile::tempdir().unwrap();
        assert!(hand_over(dir.path(), &Request::Show).is_err());
        let other = tempfile::tempdir().unwrap();
        assert_ne!(socket_name(dir.path()), socket_name(other.path()));
        assert_eq!(socket_name(dir.path()), socket_name(dir.path()));
    }

    #[test]
    fn a_request_that_is_not_show_or_open_is_refused_unanswered() {
        assert_eq!(Request::parse("show\n"), Some(Request::Show));
        assert_eq!(
            Request::parse("open army-1\n"),
            Some(Request::Open("army-1".into()))
        );
        for bad in ["", "open \n", "delete army-1\n", "show please\n"] {
            assert_eq!(Request::parse(bad), None, "{bad:?}");
        }
        let dir = tempfile::tempdir().unwrap();
        let listener = bind(dir.path()).unwrap();
        let server = std::thread::spawn(move || {
            let (stream, _) = listener.accept().unwrap();
            serve_one(stream, &mut |_| panic!("nothing is delivered"))
        });
        let addr = {
            use std::os::linux::net::SocketAddrExt;
            std::os::unix::net::SocketAddr::from_abstract_name(socket_name(dir.path())).unwrap()
        };
        let mut s = std::os::unix::net::UnixStream::connect_addr(&addr).unwrap();
        s.write_all(b"delete everything\n").unwrap();
        let served = server.join().unwrap();
        assert!(served.unwrap_err().contains("unreadable request"));
    }
}
