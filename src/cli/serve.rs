//! `tablemate serve ID [--listen HOST:PORT]`: shares one save with the table's phones without
//! the window (a Raspberry Pi at the table, scripts, the tests). Holds the data folder's lock
//! like the app. The first line on standard output is the seat list as one JSON object
//! (docs/table-network.md); the QR codes go to standard error. Serves until SIGINT or SIGTERM.

use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;

use super::Output;
use crate::host::{DEFAULT_PORT, Host, qr_text};
use crate::store::Store;

pub fn serve(root: &std::path::Path, id: &str, listen: Option<&str>) -> Output {
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
    let _ = err.flush();
    drop(err);
    wait_for_stop();
    host.stop();
    Output {
        stderr: "stopped sharing\n".into(),
        ..Default::default()
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
