//! Ending when the system asks: SIGTERM (a logout, a shutdown), SIGINT (Ctrl+C in the terminal
//! that started the window) and SIGHUP (that terminal closed) become `Message::Terminate`,
//! which writes every change still waiting and closes the window (`App::terminate`), instead of
//! the process dying with the last change in the writer's queue.
//!
//! The signal handler only writes one byte to a socket (all a handler may safely do); a thread
//! reading the other end feeds the window's subscription.

use iced::{Subscription, Task};

use super::shell::{App, Message};

/// `Message::Terminate` for each SIGTERM, SIGINT or SIGHUP the process receives.
pub fn subscription() -> Subscription<Message> {
    Subscription::run(signals)
}

fn signals() -> impl iced::futures::Stream<Item = Message> {
    iced::stream::channel(
        1,
        async |output: iced::futures::channel::mpsc::Sender<Message>| {
            watch(output);
            // The thread sends; this stream stays open for as long as the window runs.
            iced::futures::future::pending::<()>().await;
        },
    )
}

#[cfg(unix)]
fn watch(output: iced::futures::channel::mpsc::Sender<Message>) {
    use std::io::Read;
    use std::os::fd::IntoRawFd;
    use std::os::unix::net::UnixStream;
    use std::sync::atomic::{AtomicI32, Ordering};

    /// The socket end the handler writes to (-1: none yet).
    static WAKE: AtomicI32 = AtomicI32::new(-1);

    let Ok((mut read, write)) = UnixStream::pair() else {
        crate::store::log::warn("cannot watch for SIGTERM: no socket pair");
        return;
    };
    if write.set_nonblocking(true).is_err() {
        return;
    }
    let fd = write.into_raw_fd();
    let before = WAKE.swap(fd, Ordering::SeqCst);
    if before >= 0 {
        // A second subscription (never in the app): the old end goes.
        // SAFETY: `before` is a descriptor this module opened and no one else holds.
        unsafe {
            libc::close(before);
        }
    }
    for signal in [libc::SIGTERM, libc::SIGINT, libc::SIGHUP] {
        // SAFETY: the action only loads an atomic and calls write(2), both async-signal-safe.
        let registered = unsafe {
            signal_hook_registry::register(signal, || {
                let fd = WAKE.load(Ordering::SeqCst);
                if fd >= 0 {
                    let byte = 1u8;
                    libc::write(fd, (&byte as *const u8).cast(), 1);
                }
            })
        };
        if let Err(e) = registered {
            crate::store::log::warn(&format!("cannot watch for signal {signal}: {e}"));
        }
    }
    let spawned = std::thread::Builder::new()
        .name("tablemate-signals".into())
        .spawn(move || {
            let mut output = output;
            let mut byte = [0u8; 1];
            while let Ok(1) = read.read(&mut byte) {
                if iced::futures::executor::block_on(iced::futures::SinkExt::send(
                    &mut output,
                    Message::Terminate,
                ))
                .is_err()
                {
                    break;
                }
            }
        });
    if spawned.is_err() {
        crate::store::log::warn("cannot watch for SIGTERM: no thread");
    }
}

#[cfg(not(unix))]
fn watch(_output: iced::futures::channel::mpsc::Sender<Message>) {}

impl App {
    /// SIGTERM, SIGINT or SIGHUP (a logout, Ctrl+C): every change saved, the place kept,
    /// and the app ends without asking.
    pub fn terminate(&mut self) -> Task<Message> {
        self.flush_saves();
        let _ = self.autosave();
        self.flush_saves();
        let _ = self.autosave();
        if let Some(why) = &self.unsaved {
            crate::store::log::error(&format!(
                "ended by the system with changes not saved: {why}"
            ));
        }
        if self.place.is_some() {
            self.prefs.settings.window = self.place;
            self.save_settings();
        }
        iced::exit()
    }
}
