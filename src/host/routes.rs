//! The routes: the seat pages, their assets, the API (`api.rs`), and the layers every answer
//! passes (the body limit, the timeout, the panic guard, the per-address guard, the headers).

use std::sync::Arc;

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::json;

use super::seat_auth::{Denied, authorize};
use super::{MAX_BODY, REQUEST_TIMEOUT, Shared, api, lock, pages};
use crate::seat::{Plays, Seat};

/// What every handler is given: the shared game and seats, and whether the host is closing.
#[derive(Clone)]
pub(super) struct AppState {
    pub shared: Arc<Shared>,
    pub closed: tokio::sync::watch::Receiver<bool>,
}

/// Every route, with the limits and guards around them.
pub(super) fn router(shared: Arc<Shared>, closed: tokio::sync::watch::Receiver<bool>) -> Router {
    let state = AppState {
        shared: shared.clone(),
        closed,
    };
    let timed = Router::new()
        .route("/seat/{token}", get(seat_page))
        .route("/seat/{token}/part", get(seat_part))
        .route("/seat/{token}/rules", get(seat_rules))
        .route("/seat/{token}/rules/{game}/{id}", get(seat_rule))
        .route("/seat/{token}/quest", get(seat_quest))
        .route("/seat/{token}/plays", get(seat_plays))
        .route("/assets/seat.js", get(script))
        .route("/assets/seat.css", get(style))
        .route("/api/state", get(api::api_state))
        .route("/api/act", post(api::api_act))
        .route("/api/undo", post(api::api_undo))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            REQUEST_TIMEOUT,
        ));
    Router::new()
        .route("/api/events", get(api::api_events))
        .merge(timed)
        .fallback(|| async { plain(StatusCode::NOT_FOUND, "not found") })
        // The one body limit: 413 above it, before any handler reads the body.
        .layer(tower_http::limit::RequestBodyLimitLayer::new(MAX_BODY))
        // A handler that panics answers its own request 500 (the lock it held is recovered:
        // `super::lock`), and the host goes on serving every seat.
        .layer(tower_http::catch_panic::CatchPanicLayer::custom(failed))
        // Outside the panic guard, so a request that failed is logged too.
        .layer(axum::middleware::from_fn_with_state(
            shared,
            super::guard::check,
        ))
        .layer(axum::middleware::map_response(guard_headers))
        .with_state(state)
}

/// The answer to a request whose handler panicked (an engine bug): that request fails, the
/// host does not.
fn failed(_: Box<dyn std::any::Any + Send + 'static>) -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the host failed on this request; nothing was changed".into(),
        None,
    )
}

/// On every answer: nothing is cached, no page may be framed or sniffed, the link (the key)
/// is never sent on as a referrer, and only this host's own script and style run.
async fn guard_headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    for (name, value) in [
        ("cache-control", "no-store"),
        ("x-content-type-options", "nosniff"),
        ("referrer-policy", "no-referrer"),
        ("x-frame-options", "DENY"),
        (
            "content-security-policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'",
        ),
    ] {
        h.insert(name, HeaderValue::from_static(value));
    }
    r
}

fn page(m: maud::Markup) -> Response {
    axum::response::Html(m.into_string()).into_response()
}

pub(super) fn plain(status: StatusCode, text: &str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text.to_string(),
    )
        .into_response()
}

pub(super) fn error(status: StatusCode, message: String, revision: Option<u64>) -> Response {
    (
        status,
        axum::Json(json!({ "error": message, "revision": revision })),
    )
        .into_response()
}

pub(super) fn error_response(status: StatusCode, message: String) -> Response {
    error(status, message, None)
}

/// The seat of a page's token and what it plays; a revoked or unknown link gets a page saying
/// so.
fn page_seat(shared: &Shared, token: &str) -> Option<(String, Option<Plays>)> {
    let seat = authorize(shared, Some(token)).ok()?;
    let plays = lock(&shared.seats)
        .iter()
        .find(|e| e.name == seat)
        .and_then(|e| e.plays.clone());
    Some((seat, plays))
}

/// What a page request without a seat gets: 401 with the "no longer works" page, or 429.
fn no_page(shared: &Shared, token: &str) -> Response {
    match shared.seat_for(token) {
        None => (StatusCode::UNAUTHORIZED, page(pages::revoked())).into_response(),
        Some(_) => Denied::TooMany.into_response(),
    }
}

async fn seat_page(State(st): State<AppState>, Path(token): Path<String>) -> Response {
    let Some((seat, plays)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let t = lock(&st.shared.table);
    page(pages::whole(t.as_ref(), &seat, plays, &token))
}

async fn seat_part(State(st): State<AppState>, Path(token): Path<String>) -> Response {
    let Some((seat, plays)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let t = lock(&st.shared.table);
    page(pages::part(t.as_ref(), &seat, plays, &token))
}

#[derive(serde::Deserialize)]
struct RulesQuery {
    q: Option<String>,
}

async fn seat_rules(
    State(st): State<AppState>,
    Path(token): Path<String>,
    Query(q): Query<RulesQuery>,
) -> Response {
    let Some((seat, _)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let kind = lock(&st.shared.table).kind();
    let query: String = q.q.unwrap_or_default().chars().take(200).collect();
    page(pages::rules(
        &st.shared.books.rules,
        kind,
        &seat,
        &token,
        &query,
    ))
}

#[derive(serde::Deserialize)]
struct QuestQuery {
    n: Option<String>,
}

/// A seat's quest lookup (Near and Far: "read quest 41" for its own character): 404 for a
/// game without one, and for the read-only table seat.
async fn seat_quest(
    State(st): State<AppState>,
    Path(token): Path<String>,
    Query(q): Query<QuestQuery>,
) -> Response {
    let Some((seat, plays)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let Some(plays) = plays else {
        return plain(StatusCode::NOT_FOUND, "the table seat reads no quests");
    };
    let t = lock(&st.shared.table);
    let query: String = q.n.unwrap_or_default().chars().take(20).collect();
    let me = Seat {
        name: seat.clone(),
        plays,
    };
    match t.lookup(&me, &query, &st.shared.books) {
        Some(answer) => page(pages::lookup(t.as_ref(), &seat, &token, answer)),
        None => plain(StatusCode::NOT_FOUND, "this game has no quest lookup"),
    }
}

async fn script() -> Response {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        pages::SCRIPT,
    )
        .into_response()
}

async fn style() -> Response {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        pages::STYLE,
    )
        .into_response()
}

/// A player seat's own plays of this save, each with its BG Stats link and QR code for that
/// player alone (docs/plays.md, "Posting a play to BG Stats"): read from the record of plays,
/// nothing sent anywhere. 404 for the read-only table seat.
async fn seat_plays(State(st): State<AppState>, Path(token): Path<String>) -> Response {
    let Some((seat, plays)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let Some(plays) = plays else {
        return plain(
            StatusCode::NOT_FOUND,
            "the table seat has no plays of its own",
        );
    };
    let kind = lock(&st.shared.table).kind();
    let record = match &st.shared.kept {
        Some(kept) => {
            let (store, id) = (kept.store.clone(), kept.id.clone());
            tokio::task::spawn_blocking(move || {
                store
                    .plays()
                    .plays
                    .into_iter()
                    .filter(|p| p.save == id)
                    .collect::<Vec<_>>()
            })
            .await
            .unwrap_or_default()
        }
        None => Vec::new(),
    };
    let me = Seat {
        name: seat.clone(),
        plays,
    };
    page(pages::my_plays(kind, &me, &token, &record))
}

/// One rules digest entry, by game and id: what a refusal's rule link on a phone opens.
async fn seat_rule(
    State(st): State<AppState>,
    Path((token, game, id)): Path<(String, String, String)>,
) -> Response {
    let Some((seat, _)) = page_seat(&st.shared, &token) else {
        return no_page(&st.shared, &token);
    };
    let entry =
        crate::doc::Kind::parse(&game).and_then(|kind| st.shared.books.rules.entry(kind, &id));
    match entry {
        Some((digest, entry)) => page(pages::rule_entry(digest, entry, &seat, &token)),
        None => plain(StatusCode::NOT_FOUND, "no such rule in the digest"),
    }
}
