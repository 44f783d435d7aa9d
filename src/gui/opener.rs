//! A file handed to the system's opener off the window's thread, waited on: how the opener
//! exited comes back as a message, so a screen says where the player clicked that it failed
//! (or that there is none), with the file's path to open by hand (docs/plays.md, "The session
//! sheet"; docs/rules.md, "Your own rulebook").

use std::ffi::OsString;

use iced::Task;

use crate::print::{OpenError, Opener};

/// Runs `opener` on `target` (a path, or a file URL) on a thread of its own and gives
/// `done` its answer: `Ok(program)` when it exited well, else why not.
pub fn waiting<M: Send + 'static>(
    opener: Opener,
    target: OsString,
    done: impl FnOnce(Result<String, OpenError>) -> M + Send + 'static,
) -> Task<M> {
    Task::perform(
        async move {
            let (tx, rx) = iced::futures::channel::oneshot::channel();
            let spawned = std::thread::Builder::new()
                .name("opener".into())
                .spawn(move || {
                    let _ = tx.send(opener.open_waiting(&target));
                });
            match spawned {
                Ok(_) => rx.await.unwrap_or(Err(OpenError::ThreadEnded)),
                Err(e) => Err(OpenError::NoThread(e.to_string())),
            }
        },
        done,
    )
}
