//! The window hears a phone at once (docs/table-network.md): the host's notices move the
//! moment a phone's action is on disk, with no polling in between.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::json;
use tablemate::host::Host;
use tablemate::store::Store;

use super::{act, near_and_far_save};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_phones_action_reaches_the_window_at_once() {
    let (root, id) = near_and_far_save();
    let store = Arc::new(Store::open(root.path()).expect("store"));
    let host = Host::start(store, &id, "127.0.0.1:0".parse().expect("addr")).expect("host");
    let addr = host.addr().to_string();
    let ana = host.links()[0]
        .link
        .rsplit('/')
        .next()
        .unwrap_or_default()
        .to_string();
    let mut notices = Box::pin(host.notices());
    let mut took = Vec::new();
    for i in 0..30 {
        let (addr, ana) = (addr.clone(), ana.clone());
        let started = Instant::now();
        let sent = tokio::task::spawn_blocking(move || {
            let word = format!("W{i}");
            act(
                &addr,
                &ana,
                json!({"action": "note-reward", "character": "Rin",
                "item": {"type": "keyword-gained", "keyword": word}, "date": "2026-03-02"}),
                None,
            )
        });
        tokio::time::timeout(Duration::from_secs(5), notices.next())
            .await
            .expect("the window is told")
            .expect("the host still runs");
        took.push(started.elapsed());
        assert_eq!(sent.await.expect("sent").status, 200);
        // The phone's own live stream is not one (no page open here): nothing else queued.
        while let Ok(Some(())) =
            tokio::time::timeout(Duration::from_millis(5), notices.next()).await
        {}
    }
    took.sort();
    let p99 = took[took.len() * 99 / 100];
    eprintln!(
        "phone action to window notice: p50 {:?}, p99 {p99:?}",
        took[took.len() / 2]
    );
    assert!(p99 < Duration::from_millis(100), "{took:?}");
}
