//! `tablemate serve ID [--listen HOST:PORT]`: shares one save with the table's phones without
//! the window (a Raspberry Pi at the table, scripts, the tests). Holds the data folder's lock
//! like the app. The first line on standard output is the seat list as one JSON object
//! (docs/table-network.md); the QR codes go to standard error. Serves until SIGINT or SIGTERM.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;

use super::Output;
use crate::host::{DEFAULT_PORT, Host, LinkMaker, qr_text};
use crate::store::Store;

pub fn serve(
    root: &std::path::Path,
    id: &str,
    listen: Option<&str>,
    input: &mut dyn std::io::BufRead,
) -> Output {
    let listen: SocketAddr = match listen {
        None => SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT)),
        Some(l) => match l.parse() {
            Ok(a) => a,
            Err(_) => {
                return Output::fail(format!(
                    "tablemate: --listen {l:?}: write it as HOST:PORT, e.g. 0.0.0.0:{DEFAULT_PORT}\n"
                ));
            }
        },
    };
    let store = match Store::open(root) {
        Ok(s) => Arc::new(s),
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    let host = match Host::start(store, id, listen) {
        Ok(h) => h,
        Err(e) => return Output::fail(format!("tablemate: {e}\n")),
    };
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{}", host.contract_line());
    let _ = out.flush();
    drop(out);
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "Sharing {id} at {} (Ctrl+C stops)", host.url());
    for l in host.links() {
        let _ = writeln!(err, "\n{}: {}", l.seat, l.link);
        if let Some(qr) = qr_text(&l.link) {
            let _ = write!(err, "{qr}");
        }
    }
    if let Some(why) = host.links_problem() {
        let _ = writeln!(err, "\nNote: {why}");
    }
    let _ = writeln!(
        err,
        "\nType \"new-link SEAT\" and Enter to replace a seat's link (the old one stops working)."
    );
    let _ = err.flush();
    drop(err);
    let maker = host.link_maker();
    // A stop signal may come while standard input is being read: the waiting thread then
    // stops the host itself and ends the process; at the end of input this thread waits.
    let host = Arc::new(std::sync::Mutex::new(Some(host)));
    let stopper = host.clone();
    let waiter = std::thread::Builder::new()
        .name("tablemate-serve-stop".into())
        .spawn(move || {
            wait_for_stop();
            let taken = stopper.lock().ok().and_then(|mut h| h.take());
            if let Some(h) = taken {
                h.stop();
                let _ = writeln!(std::io::stderr().lock(), "stopped sharing");
                std::process::exit(0);
            }
        });
    read_commands(input, &maker);
    match waiter {
        Ok(w) => {
            let _ = w.join();
        }
        Err(_) => wait_for_stop(),
    }
    let taken = host.lock().ok().and_then(|mut h| h.take());
    if let Some(h) = taken {
        h.stop();
    }
    Output {
        stderr: "stopped sharing\n".into(),
        ..Default::default()
    }
}

/// The lines `serve` understands on standard input (docs/table-network.md): `new-link SEAT`
/// replaces that seat's link and prints `{"seat":...,"link":...}` as one line on standard
/// output. Anything else is answered on standard error. Ends at the end of input.
pub fn read_commands(input: &mut dyn std::io::BufRead, maker: &LinkMaker) {
    let mut line = String::new();
    loop {
        line.clear();
        match input.read_line(&mut line) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let answer = command(line, maker);
        match answer {
            Ok(out) => {
                let mut o = std::io::stdout().lock();
                let _ = writeln!(o, "{out}");
                let _ = o.flush();
            }
            Err(why) => {
                let _ = writeln!(std::io::stderr().lock(), "tablemate serve: {why}");
            }
        }
    }
}

/// A line of `serve`'s input it cannot carry out.
#[derive(Debug, thiserror::Error)]
enum LineError {
    #[error("write new-link SEAT (the seat's name as listed)")]
    NoSeat,
    #[error("no seat {seat:?} (the seats: {})", .seats.join(", "))]
    NoSuchSeat { seat: String, seats: Vec<String> },
    #[error("{0:?} is not a command here: the one understood is new-link SEAT")]
    Unknown(String),
}

/// One line of `serve`'s input: the line to print on standard output, or why not.
fn command(line: &str, maker: &LinkMaker) -> Result<String, LineError> {
    let (word, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    let seat = rest.trim();
    match word {
        "new-link" => {
            if seat.is_empty() {
                return Err(LineError::NoSeat);
            }
            let link = maker.new_link(seat).ok_or_else(|| LineError::NoSuchSeat {
                seat: seat.to_string(),
                seats: maker.seats(),
            })?;
            Ok(serde_json::json!({ "seat": seat, "link": link }).to_string())
        }
        other => Err(LineError::Unknown(other.to_string())),
    }
}

/// Blocks until SIGINT or SIGTERM (Ctrl+C on other systems).
fn wait_for_stop() {
    let Ok(rt) = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    else {
        return;
    };
    rt.block_on(async {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{SignalKind, signal};
            match signal(SignalKind::terminate()) {
                Ok(mut term) => {
                    tokio::select! {
                        _ = tokio::signal::ctrl_c() => {}
                        _ = term.recv() => {}
                    }
                }
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
        }
    });
}
