//! Autosave off the UI thread. The shell hands every new revision of the open game to a
//! [`Saver`]; one writer thread writes it. While a write is under way, newer revisions of the
//! same save replace older ones still waiting (coalesced), so a burst of clicks costs one
//! write each time the disk is free, and a crash loses at most the write in flight (well under
//! a second). The frame never waits on the disk; closing the window, going Home and the
//! store's own operations wait with [`Saver::flush`] so they see every change.
//!
//! A save that fails (a full disk, a folder turned read-only) is never taken as saved: the top
//! bar says "Not saved" with the reason until a save succeeds, the newest version is tried
//! again every few seconds (and on every change), and closing the window while it is not
//! saved tries once more and then asks: a second close closes anyway.
//!
//! The writer wakes the window itself: every save queued comes with a task that resolves when
//! the writer reports it, so "Not saved" and the retry show at once, not at the next click.
//!
//! The window never writes a copy older than what is on disk: the writer remembers, per save,
//! the version the window read ([`Saver::expect`]) or last wrote, and writes only over that
//! version ([`Store::write_prepared_over`]). Anything else there (a restore, the Undo of a
//! delete, another program) is left alone, and the shell asks the player which to keep.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

use iced::Task;

use super::screen::Notice;
use super::shell::{App, Message};
use crate::store::{OnDisk, Store, StoreError};

/// One save to write: it owns a copy of the game, so the UI can go on changing its own. It is
/// given the version it may replace (None: any) and returns the version it wrote, if known.
pub type Job = Box<dyn FnOnce(&Store, Option<OnDisk>) -> Result<Option<OnDisk>, StoreError> + Send>;

/// Fired when the writer has reported what became of a save (dropped when a newer version
/// replaced it in the queue).
pub type Reported = iced::futures::channel::oneshot::Receiver<()>;

enum Request {
    Save {
        id: String,
        job: Job,
        reported: iced::futures::channel::oneshot::Sender<()>,
    },
    /// From now on save `id` is written only over this version (the window has just read it).
    Expect(String, OnDisk),
    Flush(Sender<()>),
}

/// How long after a failed save it is tried again.
pub const RETRY_AFTER: std::time::Duration = std::time::Duration::from_secs(3);

/// What became of one save: its id and the error, if it failed.
pub type Outcome = (String, Result<(), StoreError>);

/// The writer thread and the outcomes it reported that the shell has not seen yet.
pub struct Saver {
    requests: Option<Sender<Request>>,
    failures: Receiver<Outcome>,
    thread: Option<JoinHandle<()>>,
}

impl Saver {
    /// Starts the writer for `store`.
    pub fn start(store: Arc<Store>) -> Saver {
        let (requests, inbox) = mpsc::channel();
        let (report, failures) = mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("tablemate-saver".into())
            .spawn(move || writer(&store, &inbox, &report))
            .ok();
        Saver {
            requests: thread.as_ref().map(|_| requests),
            failures,
            thread,
        }
    }

    /// Queues `job` as the newest version of save `id`: a receiver fired once the writer has
    /// reported it (the shell's wake-up). None if the writer is gone (the caller then writes
    /// on its own).
    pub fn save(&self, id: String, job: Job) -> Option<Reported> {
        let (reported, wake) = iced::futures::channel::oneshot::channel();
        let requests = self.requests.as_ref()?;
        requests
            .send(Request::Save { id, job, reported })
            .ok()
            .map(|()| wake)
    }

    /// Save `id` is, from now on, written only over version `on_disk` (what the window just
    /// read). Saves queued before are written first, against the version before.
    pub fn expect(&self, id: &str, on_disk: OnDisk) {
        if let Some(r) = &self.requests {
            let _ = r.send(Request::Expect(id.to_string(), on_disk));
        }
    }

    /// Waits until every save queued so far is on disk.
    pub fn flush(&self) {
        let (done, wait) = mpsc::channel();
        if let Some(r) = &self.requests
            && r.send(Request::Flush(done)).is_ok()
        {
            let _ = wait.recv();
        }
    }

    /// The writer thread runs (it could be started): saves queued are written by it.
    pub fn is_running(&self) -> bool {
        self.requests.is_some()
    }

    /// Failures since the last call: (save id, what went wrong).
    pub fn failures(&self) -> Vec<(String, StoreError)> {
        self.outcomes()
            .into_iter()
            .filter_map(|(id, r)| r.err().map(|e| (id, e)))
            .collect()
    }

    /// Every save written or failed since the last call, oldest first.
    pub fn outcomes(&self) -> Vec<Outcome> {
        self.failures.try_iter().collect()
    }
}

impl Drop for Saver {
    /// The last save is written before the app goes away.
    fn drop(&mut self) {
        self.requests = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The writer thread: takes every request waiting, keeps the newest save per id, writes them,
/// then answers the flushes that were waiting behind them. It remembers per save the version
/// on disk that the window knows, and writes only over that one.
fn writer(store: &Store, inbox: &Receiver<Request>, report: &Sender<Outcome>) {
    type Waiting = (String, Job, iced::futures::channel::oneshot::Sender<()>);
    let mut known: std::collections::HashMap<String, OnDisk> = std::collections::HashMap::new();
    let write = |saves: &mut Vec<Waiting>,
                 known: &mut std::collections::HashMap<String, OnDisk>| {
        for (id, job, reported) in saves.drain(..) {
            let result = job(store, known.get(&id).copied());
            let result = match result {
                Ok(written) => {
                    if let Some(v) = written {
                        known.insert(id.clone(), v);
                    }
                    Ok(())
                }
                Err(e) => {
                    crate::store::log::error(&format!("autosave of {id}: {e}"));
                    Err(e)
                }
            };
            let _ = report.send((id, result));
            let _ = reported.send(());
        }
    };
    while let Ok(first) = inbox.recv() {
        let mut saves: Vec<Waiting> = Vec::new();
        let mut flushes = Vec::new();
        for request in std::iter::once(first).chain(inbox.try_iter()) {
            match request {
                Request::Save { id, job, reported } => {
                    match saves.iter_mut().find(|(i, _, _)| *i == id) {
                        Some(slot) => {
                            slot.1 = job;
                            slot.2 = reported;
                        }
                        None => saves.push((id, job, reported)),
                    }
                }
                Request::Expect(id, on_disk) => {
                    // What was queued before is written against the version before.
                    write(&mut saves, &mut known);
                    known.insert(id, on_disk);
                }
                Request::Flush(done) => flushes.push(done),
            }
        }
        write(&mut saves, &mut known);
        for done in flushes {
            let _ = done.send(());
        }
    }
}

impl App {
    /// Hands the open game to the saver if its revision moved since it was last handed over
    /// (or read from disk), and takes in what became of earlier saves: a failure marks the
    /// game "Not saved" and schedules a retry (the task returned), a success clears it.
    pub(super) fn autosave(&mut self) -> Option<Task<Message>> {
        let outcomes = self.saver.as_ref().map(Saver::outcomes).unwrap_or_default();
        for (id, result) in outcomes {
            self.saved_or_not(&id, result);
        }
        self.take_shared_writes();
        let doc = self.screen.document()?;
        let key = (doc.id().to_string(), doc.revision());
        if self.read_only().is_some() {
            return None;
        }
        let mut wake = None;
        // While sharing, the window's change goes through the host (`share.rs`), by the
        // writer thread all the same.
        let shared = if self.saved.as_ref() != Some(&key) {
            self.save_shared()
        } else {
            None
        };
        let doc = self.screen.document()?;
        if let Some(shared) = shared {
            wake = shared;
        } else if self.saved.as_ref() != Some(&key) {
            let queued = match &self.saver {
                Some(saver) => saver.save(key.0.clone(), doc.save_job()),
                None => None,
            };
            let written = match (&self.store, &queued) {
                (Some(store), None) => Some(doc.save(store)),
                _ => None,
            };
            // The writer wakes the window when it has written or failed: no waiting for the
            // player's next click to show "Not saved".
            wake = queued.map(|r| Task::perform(r, |_| Message::SaveReported));
            self.saved = Some(key.clone());
            if let Some(result) = written {
                self.saved_or_not(&key.0, result);
            }
        }
        match (wake, self.schedule_retry()) {
            (Some(w), Some(r)) => Some(Task::batch([w, r])),
            (w, r) => w.or(r),
        }
    }

    /// Records what became of a save of `id`.
    pub(super) fn saved_or_not(&mut self, id: &str, result: Result<(), StoreError>) {
        let open = self.screen.document().map(|d| d.id().to_string());
        match result {
            Ok(()) if open.as_deref() == Some(id) || open.is_none() => {
                self.unsaved = None;
                self.close_warned = false;
            }
            Ok(()) => {}
            // The file is no longer what the window read: not retried, the player is asked
            // (`App::conflict_view`).
            Err(StoreError::Changed { gone, .. }) => {
                if open.as_deref() == Some(id) {
                    self.conflict = Some(id.to_string());
                }
                self.unsaved = Some(
                    if gone {
                        "it was deleted since this window read it"
                    } else {
                        "it changed on disk since this window read it"
                    }
                    .to_string(),
                );
            }
            Err(e) => {
                if self.unsaved.is_none() {
                    let title = self
                        .screen
                        .document()
                        .filter(|d| d.id() == id)
                        .map_or("", |d| d.title());
                    let name = super::transfer::named(title, id);
                    self.notify(Notice::error(format!("Could not save {name}: {e}")));
                }
                self.unsaved = Some(e.to_string());
                // Not on disk: the next autosave writes the newest version again.
                self.saved = None;
            }
        }
    }

    /// While the game is not saved, a `RetrySave` a few seconds from now (one at a time).
    fn schedule_retry(&mut self) -> Option<Task<Message>> {
        if self.unsaved.is_none() || self.retrying || self.conflict.is_some() {
            return None;
        }
        self.retrying = true;
        let (done, wait) = iced::futures::channel::oneshot::channel::<()>();
        let timer = std::thread::Builder::new()
            .name("tablemate-retry".into())
            .spawn(move || {
                std::thread::sleep(RETRY_AFTER);
                let _ = done.send(());
            });
        if timer.is_err() {
            self.retrying = false;
            return None;
        }
        Some(Task::perform(wait, |_| Message::RetrySave))
    }

    /// The retry timer fired: waits for the write in flight, so its outcome is seen now;
    /// `update` then writes the newest version again if it is still not saved.
    pub(super) fn retry_save(&mut self) {
        self.retrying = false;
        self.flush_saves();
    }

    /// Why the open game's newest version is not on disk, while it is not.
    pub fn unsaved(&self) -> Option<&str> {
        self.unsaved.as_deref()
    }

    /// Waits until every queued save is on disk.
    pub fn flush_saves(&self) {
        if let Some(s) = &self.saver {
            s.flush();
        }
    }

    /// Closing: waits for the queue, tries once more if the last save failed, and says
    /// whether the window may close. If the game is still not saved the player is told
    /// (a notice naming the reason) and the next close request closes anyway.
    pub(super) fn may_close(&mut self) -> bool {
        self.flush_saves();
        let _ = self.autosave();
        self.flush_saves();
        let _ = self.autosave();
        let Some(why) = self.unsaved.clone() else {
            return true;
        };
        if self.close_warned {
            crate::store::log::error(&format!("closed with changes not saved: {why}"));
            return true;
        }
        self.close_warned = true;
        let way_out = if self.conflict.is_some() {
            "Answer the question about the version on disk"
        } else {
            "Free some space or fix the folder and it saves by itself"
        };
        self.notify(Notice::error(format!(
            "Not saved: {why}. {way_out}; close again to close without saving."
        )));
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn queued_versions_of_one_save_are_coalesced_and_flush_waits_for_them() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(dir.path()).unwrap());
        let saver = Saver::start(store);
        let writes = Arc::new(AtomicUsize::new(0));
        let last = Arc::new(AtomicUsize::new(0));
        // The first job holds the writer long enough for the next 50 to queue behind it.
        let (go, gate) = mpsc::channel::<()>();
        saver.save(
            "a".into(),
            Box::new(move |_, _| {
                let _ = gate.recv();
                Ok(None)
            }),
        );
        for n in 1..=50 {
            let (writes, last) = (writes.clone(), last.clone());
            saver.save(
                "a".into(),
                Box::new(move |_, _| {
                    writes.fetch_add(1, Ordering::SeqCst);
                    last.store(n, Ordering::SeqCst);
                    Ok(None)
                }),
            );
        }
        go.send(()).unwrap();
        saver.flush();
        assert_eq!(
            last.load(Ordering::SeqCst),
            50,
            "the newest version is written"
        );
        assert!(
            writes.load(Ordering::SeqCst) <= 2,
            "waiting versions are coalesced: {} writes",
            writes.load(Ordering::SeqCst)
        );
    }

    #[test]
    fn a_failed_save_is_reported_to_the_shell() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(dir.path()).unwrap());
        let saver = Saver::start(store);
        saver.save(
            "x".into(),
            Box::new(|_, _| Err(StoreError::Encode("no room".into()))),
        );
        saver.flush();
        let failures = saver.failures();
        assert_eq!(failures.len(), 1);
        assert_eq!(failures[0].0, "x");
    }

    #[test]
    fn the_writer_wakes_the_window_when_a_save_fails() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(Store::open(dir.path()).unwrap());
        let saver = Saver::start(store);
        let wake = saver
            .save(
                "x".into(),
                Box::new(|_, _| Err(StoreError::Encode("no room".into()))),
            )
            .expect("the writer runs");
        // No flush, no other message: the wake-up alone resolves, and the failure is there
        // to be seen when it does.
        let woke = iced::futures::executor::block_on(wake);
        assert!(woke.is_ok(), "the writer reported the save");
        let failures = saver.failures();
        assert_eq!(
            failures.len(),
            1,
            "the failure is reported by the time it wakes"
        );
    }
}
