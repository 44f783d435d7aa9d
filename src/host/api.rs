//! The seats' API: the state, an action, an undo, and the live stream of revisions. Every
//! handler takes its seat from [`SeatAuth`]; a refusal is answered with its own status
//! (`ActError::status`), the same for an action and an undo.

use std::convert::Infallible;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::routes::{AppState, error};
use super::seat_auth::{SeatAuth, authorize, bearer};
use super::table::{self, ActError, Done};
use super::{Shared, lock};

fn current_revision(shared: &Shared) -> u64 {
    *shared.revision.borrow()
}

pub(super) async fn api_state(State(st): State<AppState>, SeatAuth(seat): SeatAuth) -> Response {
    let t = lock(&st.shared.table);
    axum::Json(table::state_json(t.as_ref(), &seat)).into_response()
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    action: Value,
    /// The revision the page showed; left out, the stale check is skipped (scripts).
    #[serde(default)]
    revision: Option<u64>,
    /// The phone's own name for this action, the same when it sends it again: applied once.
    #[serde(default)]
    id: Option<String>,
}

/// `POST /api/act`. The body's size is checked once, by the router's limit (413 above
/// [`super::MAX_BODY`]).
pub(super) async fn api_act(
    State(st): State<AppState>,
    SeatAuth(seat): SeatAuth,
    body: Bytes,
) -> Response {
    let req: ActBody = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                format!("the body must be {{\"action\": {{...}}}}: {e}"),
                None,
            );
        }
    };
    if let Some(id) = &req.id
        && (id.is_empty() || id.chars().count() > super::MAX_ACTION_ID)
    {
        return error(
            StatusCode::BAD_REQUEST,
            format!("an action's id is 1 to {} characters", super::MAX_ACTION_ID),
            None,
        );
    }
    let shared = st.shared.clone();
    let answered = tokio::task::spawn_blocking(move || {
        let mut t = lock(&shared.table);
        // Looked up and recorded while holding the game: a repeat sent while the first is
        // being applied waits, then gets the first one's answer.
        if let Some(id) = &req.id
            && let Some(first) = lock(&shared.answered).get(&seat, id)
        {
            return first;
        }
        if let Some(id) = &req.id {
            shared.note_pending(t.as_ref(), &seat, id);
        }
        let r = table::act_caught(t.as_mut(), &seat, req.action, req.revision);
        // Told while still holding the game, so the live streams see revisions in order.
        shared.revision.send_replace(t.revision());
        let answer = match r {
            Ok(done) => Answer::done(&done),
            Err(e) => {
                if e.status().is_server_error() {
                    shared
                        .log
                        .write("ERROR", &format!("{seat}'s action failed: {e}"));
                }
                Answer::refused(&e, t.revision(), &shared.books.rules)
            }
        };
        // Only what the game decided is kept: an action that was not applied for another
        // reason (a stale page, a failure) may be sent again under the same id.
        if let Some(id) = req.id
            && matches!(
                answer.status,
                StatusCode::OK | StatusCode::UNPROCESSABLE_ENTITY | StatusCode::FORBIDDEN
            )
        {
            shared.keep_answer(&seat, id, answer.clone());
        }
        answer
    })
    .await;
    match answered {
        Ok(a) => {
            if a.status == StatusCode::OK {
                st.shared.sync_seats();
            }
            a.into_response()
        }
        Err(_) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the host failed".into(),
            Some(current_revision(&st.shared)),
        ),
    }
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    /// The revision the page showed; left out, the stale check is skipped.
    #[serde(default)]
    revision: Option<u64>,
}

/// `POST /api/undo`: the seat undoes its own newest action (docs/table-network.md, "Undo from
/// a phone"). 200 with the undone entry's label; 409 when the page is stale; 422 naming who
/// acted since, or when the seat has nothing to undo; 403 for the table seat.
pub(super) async fn api_undo(
    State(st): State<AppState>,
    SeatAuth(seat): SeatAuth,
    body: Bytes,
) -> Response {
    let plays = lock(&st.shared.seats)
        .iter()
        .find(|e| e.name == seat)
        .map(|e| e.plays.is_some());
    if plays != Some(true) {
        return error(
            StatusCode::FORBIDDEN,
            super::why_not(&crate::seat::SeatRule::AnyPlayer),
            None,
        );
    }
    let req: UndoBody = if body.iter().all(u8::is_ascii_whitespace) {
        UndoBody { revision: None }
    } else {
        match serde_json::from_slice(&body) {
            Ok(r) => r,
            Err(e) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    format!("the body must be {{\"revision\": N}} or empty: {e}"),
                    None,
                );
            }
        }
    };
    let shared = st.shared.clone();
    let answered = tokio::task::spawn_blocking(move || {
        let mut t = lock(&shared.table);
        let r = table::undo_caught(t.as_mut(), &seat, req.revision);
        shared.revision.send_replace(t.revision());
        match r {
            Ok(done) => Answer::done(&done),
            Err(e) => Answer::refused(&e, t.revision(), &shared.books.rules),
        }
    })
    .await;
    match answered {
        Ok(a) => a.into_response(),
        Err(_) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the host failed".into(),
            Some(current_revision(&st.shared)),
        ),
    }
}

impl ActError {
    /// The status a refused action (or undo) is answered with (docs/table-network.md).
    pub fn status(&self) -> StatusCode {
        match self {
            ActError::NotAnAction { .. } => StatusCode::BAD_REQUEST,
            ActError::WrongSeat { .. } => StatusCode::FORBIDDEN,
            ActError::Stale { .. } => StatusCode::CONFLICT,
            ActError::Refused(_) | ActError::Ruled { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ActError::NotSaved(_) | ActError::Failed => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

#[derive(Clone)]
pub(super) struct Answer {
    status: StatusCode,
    body: Value,
}

impl Answer {
    /// 200: the action (or undo) applied, with the new revision and its label.
    fn done(done: &Done) -> Answer {
        Answer {
            status: StatusCode::OK,
            body: json!({ "revision": done.revision, "label": done.label }),
        }
    }

    /// A refusal, with its status and the revision the game is at; the cited rule's words
    /// travel with it, so a tap shows them on the phone and its page is one more tap
    /// (docs/table-network.md).
    fn refused(e: &ActError, revision: u64, rules: &crate::rules::Library) -> Answer {
        let mut body = json!({ "error": e.to_string(), "revision": revision });
        if let ActError::Ruled {
            rule: Some(rule), ..
        } = e
            && let Some(cited) = crate::rules::Cited::of(*rule, rules)
        {
            body["rule"] = json!(cited);
        }
        Answer {
            status: e.status(),
            body,
        }
    }

    /// One line of the answers file: seat, id, status and body.
    pub(super) fn line(seat: &str, id: &str, answer: &Answer) -> String {
        json!({"seat": seat, "id": id, "status": answer.status.as_u16(), "body": answer.body})
            .to_string()
    }

    /// A line of the answers file back (None for a line that is not one).
    pub(super) fn parse(line: &str) -> Option<(String, String, Answer)> {
        let v: Value = serde_json::from_str(line).ok()?;
        let status = StatusCode::from_u16(u16::try_from(v["status"].as_u64()?).ok()?).ok()?;
        let id = v["id"].as_str()?;
        if id.is_empty() || id.chars().count() > super::MAX_ACTION_ID {
            return None;
        }
        Some((
            v["seat"].as_str()?.to_string(),
            id.to_string(),
            Answer {
                status,
                body: v["body"].clone(),
            },
        ))
    }
}

impl Answer {
    /// The answer to an action the save shows applied (found after a restart): 200 with its
    /// label, as the first answer was.
    pub(super) fn applied(revision: u64, label: &str) -> Answer {
        Answer {
            status: StatusCode::OK,
            body: json!({ "revision": revision, "label": label }),
        }
    }
}

/// The note the host writes before it applies an action with an id: which version of the
/// save was on disk, how many history entries it had, and when.
pub(super) struct Pending {
    pub(super) mark: Option<String>,
    pub(super) entries: usize,
    pub(super) at: chrono::DateTime<chrono::Utc>,
}

impl Pending {
    /// Its line in the answers file (no status: [`Answer::parse`] passes it by).
    pub(super) fn line(&self, seat: &str, id: &str) -> String {
        json!({"seat": seat, "id": id, "pending": {
            "mark": self.mark, "entries": self.entries, "at": self.at.to_rfc3339(),
        }})
        .to_string()
    }

    /// A note back from its line (None for any other line).
    pub(super) fn parse(line: &str) -> Option<(String, String, Pending)> {
        let v: Value = serde_json::from_str(line).ok()?;
        let p = v.get("pending")?;
        let at = chrono::DateTime::parse_from_rfc3339(p["at"].as_str()?).ok()?;
        Some((
            v["seat"].as_str()?.to_string(),
            v["id"].as_str()?.to_string(),
            Pending {
                mark: p["mark"].as_str().map(str::to_string),
                entries: usize::try_from(p["entries"].as_u64()?).ok()?,
                at: at.with_timezone(&chrono::Utc),
            },
        ))
    }
}

/// The answers to the last [`super::KEPT_ACTION_IDS`] action ids, by seat and id, oldest
/// first: a phone that did not hear an answer sends its action again under the same id, and
/// gets the first answer instead of the action applied twice.
#[derive(Default)]
pub(super) struct Answered {
    kept: std::collections::VecDeque<(String, String, Answer)>,
}

impl Answered {
    /// Every kept answer as the answers file's lines, oldest first.
    pub(super) fn lines(&self) -> Vec<String> {
        self.kept
            .iter()
            .map(|(s, i, a)| Answer::line(s, i, a))
            .collect()
    }

    pub(super) fn get(&self, seat: &str, id: &str) -> Option<Answer> {
        self.kept
            .iter()
            .find(|(s, i, _)| s == seat && i == id)
            .map(|(_, _, a)| a.clone())
    }

    pub(super) fn keep(&mut self, seat: &str, id: String, answer: Answer) {
        if self.kept.len() >= super::KEPT_ACTION_IDS {
            self.kept.pop_front();
        }
        self.kept.push_back((seat.to_string(), id, answer));
    }
}

impl IntoResponse for Answer {
    fn into_response(self) -> Response {
        (self.status, axum::Json(self.body)).into_response()
    }
}

#[derive(serde::Deserialize)]
pub(super) struct TokenQuery {
    token: Option<String>,
}

/// A live stream: counts the seat as connected while open; ends when the seat's link is
/// revoked or the host stops.
struct Watching {
    shared: Arc<Shared>,
    seat: String,
    token: String,
    closed: tokio::sync::watch::Receiver<bool>,
    gone: AtomicBool,
}

impl Watching {
    fn still_valid(&self) -> bool {
        !*self.closed.borrow()
            && !self.gone.load(Ordering::Relaxed)
            && self.shared.seat_for(&self.token).as_deref() == Some(self.seat.as_str())
    }
}

impl Drop for Watching {
    fn drop(&mut self) {
        if let Some(e) = lock(&self.shared.seats)
            .iter_mut()
            .find(|e| e.name == self.seat)
        {
            e.connected = e.connected.saturating_sub(1);
        }
        self.shared
            .connections
            .send_modify(|n| *n = n.wrapping_add(1));
    }
}

/// `GET /api/events`: the live stream. A browser's `EventSource` cannot send a header, so the
/// token may come as `?token=` too; the check is the same as [`SeatAuth`]'s.
pub(super) async fn api_events(
    State(st): State<AppState>,
    headers: HeaderMap,
    Query(q): Query<TokenQuery>,
) -> Response {
    let token = bearer(&headers).map(str::to_string).or(q.token);
    let seat = match authorize(&st.shared, token.as_deref()) {
        Ok(s) => s,
        Err(d) => return d.into_response(),
    };
    if let Some(e) = lock(&st.shared.seats).iter_mut().find(|e| e.name == seat) {
        e.connected += 1;
    }
    st.shared
        .connections
        .send_modify(|n| *n = n.wrapping_add(1));
    let watching = Watching {
        shared: st.shared.clone(),
        seat,
        token: token.unwrap_or_default(),
        closed: st.closed.clone(),
        gone: AtomicBool::new(false),
    };
    let rx = st.shared.revision.subscribe();
    let stream = futures_util::stream::unfold(
        (rx, watching, true),
        |(mut rx, watching, first)| async move {
            if !first && rx.changed().await.is_err() {
                return None;
            }
            if !watching.still_valid() {
                return None;
            }
            let revision = *rx.borrow_and_update();
            let event = Event::default()
                .event("revision")
                .data(revision.to_string());
            Some((Ok::<_, Infallible>(event), (rx, watching, false)))
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}
