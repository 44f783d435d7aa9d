//! Who may ask (docs/table-network.md): the `Host` and `Origin` headers name this host,
//! requests without a seat's link are rate-limited per address, and the host's failures
//! reach `tablemate.log`. Driven in-process through the host's `Router`: no socket.

use std::sync::Arc;

use axum::body::Body;
use axum::http::Request;
use serde_json::json;
use tablemate::host::{Host, STRANGER_BURST};
use tablemate::store::Store;
use tower::ServiceExt;

use super::near_and_far_save;

struct InProcess {
    _root: tempfile::TempDir,
    root: std::path::PathBuf,
    store: Arc<Store>,
    host: Host,
    /// `127.0.0.1:PORT`, what a phone's `Host` header says.
    authority: String,
}

impl InProcess {
    fn new() -> InProcess {
        let (root, id) = near_and_far_save();
        let store = Arc::new(Store::open(root.path()).expect("store"));
        let host =
            Host::start(store.clone(), &id, "127.0.0.1:0".parse().expect("addr")).expect("host");
        let authority = host.addr().to_string();
        InProcess {
            root: root.path().to_path_buf(),
            _root: root,
            store,
            host,
            authority,
        }
    }

    fn token(&self, seat: &str) -> String {
        let l = self
            .host
            .links()
            .into_iter()
            .find(|l| l.seat == seat)
            .expect("the seat");
        l.link.rsplit('/').next().unwrap_or_default().to_string()
    }

    /// Sends one request with the headers given (a `Host` header of this host unless one
    /// is given) and returns the status and body.
    async fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, String) {
        let mut req = Request::builder().method(method).uri(path);
        if !headers.iter().any(|(n, _)| n.eq_ignore_ascii_case("host")) {
            req = req.header("host", &self.authority);
        }
        for (n, v) in headers {
            req = req.header(*n, *v);
        }
        let req = req.body(Body::from(body.to_string())).expect("a request");
        let answer = self.host.router().oneshot(req).await.expect("an answer");
        let status = answer.status().as_u16();
        let bytes = axum::body::to_bytes(answer.into_body(), 1 << 20)
            .await
            .expect("a body");
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }

    async fn act(&self, seat: &str, word: &str, extra: &[(&str, &str)]) -> (u16, String) {
        let auth = format!("Bearer {}", self.token(seat));
        let mut headers = vec![
            ("authorization", auth.as_str()),
            ("content-type", "application/json"),
        ];
        headers.extend_from_slice(extra);
        let body = json!({"action": {"action": "note-reward", "character": "Rin",
            "item": {"type": "keyword-gained", "keyword": word}, "date": "2026-03-02"}});
        self.send("POST", "/api/act", &headers, &body.to_string())
            .await
    }
}

#[tokio::test]
async fn a_request_naming_another_host_is_refused_against_dns_rebinding() {
    let t = InProcess::new();
    let (status, body) = t
        .act("Ana", "REBOUND", &[("host", "evil.example:8765")])
        .await;
    assert_eq!(status, 403, "{body}");
    let token = t.token("Ana");
    let page = format!("/seat/{token}");
    assert_eq!(
        t.send("GET", &page, &[("host", "evil.example")], "")
            .await
            .0,
        403
    );
    // The address in the link works, and so does localhost.
    assert_eq!(t.send("GET", &page, &[], "").await.0, 200);
    let local = format!("localhost:{}", t.host.addr().port());
    assert_eq!(
        t.send("GET", &page, &[("host", local.as_str())], "")
            .await
            .0,
        200
    );
    assert_eq!(t.act("Ana", "HOME", &[]).await.0, 200);
}

#[tokio::test]
async fn a_page_from_another_origin_may_not_act() {
    let t = InProcess::new();
    let (status, body) = t
        .act("Ana", "CROSS", &[("origin", "http://evil.example")])
        .await;
    assert_eq!(status, 403, "{body}");
    assert_eq!(t.act("Ana", "NULL", &[("origin", "null")]).await.0, 403);
    let own = format!("http://{}", t.authority);
    assert_eq!(
        t.act("Ana", "OWN", &[("origin", own.as_str())]).await.0,
        200
    );
}

#[tokio::test]
async fn requests_without_a_seats_link_are_rate_limited() {
    let t = InProcess::new();
    let wrong = format!("/seat/{}", "0".repeat(32));
    let mut statuses = Vec::new();
    for _ in 0..(STRANGER_BURST as usize + 10) {
        statuses.push(t.send("GET", &wrong, &[], "").await.0);
    }
    assert_eq!(statuses[0], 401);
    assert!(statuses.contains(&429), "{statuses:?}");
    // A seat with its link is not held back by the stranger.
    assert_eq!(t.act("Ana", "STILL", &[]).await.0, 200);
}

#[tokio::test]
async fn a_failure_on_the_host_reaches_tablemate_log() {
    let t = InProcess::new();
    t.store.set_fault_hook(Some(Box::new(|_: &std::path::Path| {
        Err(std::io::Error::other("the disk is full"))
    })));
    let (status, body) = t.act("Ana", "LOST", &[]).await;
    assert_eq!(status, 500, "{body}");
    t.store.set_fault_hook(None);
    let log = std::fs::read_to_string(t.root.join("tablemate.log")).expect("the log");
    assert!(log.contains("POST /api/act answered 500"), "{log}");
    assert!(!log.contains(&t.token("Ana")), "never the token: {log}");
}
