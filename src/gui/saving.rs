//! Autosave off the UI thread. The shell hands every new revision of the open game to a
//! [`Saver`]; one writer thread writes it. While a write is under way, newer revisions of the
//! same save replace older ones still waiting (coalesced), so a burst of clicks costs one
//! write each time the disk is free, and a crash loses at most the write in flight (well under
//! a second). The frame never waits on the disk; closing the window, going Home and the
//! store's own operations wait with [`Saver::flush`] so they see every change.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread::JoinHandle;

use super::screen::Notice;
use super::shell::App;
use super::transfer;
use crate::store::{Store, StoreError};

/// One save to write: it owns a copy of the game, so the UI can go on changing its own.
pub type Job = Box<dyn FnOnce(&Store) -> Result<(), StoreError> + Send>;

enum Request {
    Save { id: String, job: Job },
    Flush(Sender<()>),
}

/// The writer thread and the failures it reported that the shell has not shown yet.
pub struct Saver {
    requests: Option<Sender<Request>>,
    failures: Receiver<(String, StoreError)>,
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

    /// Queues `job` as the newest version of save `id`. Returns false if the writer is gone
    /// (the caller then writes on its own).
    pub fn save(&self, id: String, job: Job) -> bool {
        self.requests
            .as_ref()
            .is_some_and(|r| r.send(Request::Save { id, job }).is_ok())
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

    /// Failures since the last call: (save id, what went wrong).
    pub fn failures(&self) -> Vec<(String, StoreError)> {
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
/// then answers the flushes that were waiting behind them.
fn writer(store: &Store, inbox: &Receiver<Request>, report: &Sender<(String, StoreError)>) {
    while let Ok(first) = inbox.recv() {
        let mut saves: Vec<(String, Job)> = Vec::new();
        let mut flushes = Vec::new();
        for request in std::iter::once(first).chain(inbox.try_iter()) {
            match request {
                Request::Save { id, job } => match saves.iter_mut().find(|(i, _)| *i == id) {
                    Some(slot) => slot.1 = job,
                    None => saves.push((id, job)),
                },
                Request::Flush(done) => flushes.push(done),
            }
        }
        for (id, job) in saves {
            if let Err(e) = job(store) {
                crate::store::log::error(&format!("autosave of {id}: {e}"));
                let _ = report.send((id, e));
            }
        }
        for done in flushes {
            let _ = done.send(());
        }
    }
}

impl App {
    /// Hands the open game to the saver if its revision moved since it was last handed over
    /// (or read from disk), and shows any save that failed meanwhile.
    pub(super) fn autosave(&mut self) {
        let failures = self.saver.as_ref().map(Saver::failures).unwrap_or_default();
        for (id, e) in failures {
            self.notify(Notice::error(format!("Could not save {id}: {e}")).lasting());
        }
        let Some(doc) = self.screen.document() else {
            return;
        };
        let key = (doc.id().to_string(), doc.revision());
        if self.saved.as_ref() == Some(&key) || self.read_only().is_some() {
            return;
        }
        let queued = match &self.saver {
            Some(saver) => saver.save(key.0.clone(), doc.save_job()),
            None => false,
        };
        let failed = match (&self.store, queued) {
            (Some(store), false) => doc.save(store).err(),
            _ => None,
        };
        self.saved = Some(key);
        if let Some(e) = failed {
            self.notify(transfer::failed(e));
        }
    }

    /// Waits until every queued save is on disk.
    pub fn flush_saves(&self) {
        if let Some(s) = &self.saver {
            s.flush();
        }
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
            Box::new(move |_| {
                let _ = gate.recv();
                Ok(())
            }),
        );
        for n in 1..=50 {
            let (writes, last) = (writes.clone(), last.clone());
            saver.save(
                "a".into(),
                Box::new(move |_| {
                    writes.fetch_add(1, Ordering::SeqCst);
                    last.store(n, Ordering::SeqCst);
                    Ok(())
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
            Box::new(|_| Err(StoreError::Encode("no room".into()))),
        );
        saver.flush();
        let failures = saver.failures();
        assert_eq!(failures.len(), 1);
        assert_eq!(failures[0].0, "x");
    }
}
