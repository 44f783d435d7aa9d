//! Which seat a request comes from: its bearer token, checked and one request spent from the
//! seat's budget before any handler runs. A handler that takes [`SeatAuth`] cannot forget the
//! check; a request without a seat is answered 401 (or 429) by the extractor's rejection.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::routes::{AppState, error};
use super::{Shared, lock};

/// The seat a request's bearer token names (`Authorization: Bearer <token>`).
pub(super) struct SeatAuth(pub String);

impl FromRequestParts<AppState> for SeatAuth {
    type Rejection = Denied;

    async fn from_request_parts(parts: &mut Parts, st: &AppState) -> Result<Self, Denied> {
        authorize(&st.shared, bearer(&parts.headers)).map(SeatAuth)
    }
}

pub(super) fn unauthorized() -> Response {
    error(
        StatusCode::UNAUTHORIZED,
        "this link is not (or no longer) a seat: ask the host for a new link".into(),
        None,
    )
}

pub(super) fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

/// Why a request gets no seat.
pub(super) enum Denied {
    /// 401: no token, an unknown one, or a revoked link.
    Unknown,
    /// 429: the seat is over its request budget.
    TooMany,
}

impl IntoResponse for Denied {
    fn into_response(self) -> Response {
        match self {
            Denied::Unknown => unauthorized(),
            Denied::TooMany => error(
                StatusCode::TOO_MANY_REQUESTS,
                "too many requests from this seat: wait a moment".into(),
                None,
            ),
        }
    }
}

/// The seat holding `token`, after spending one of its requests.
pub(super) fn authorize(shared: &Shared, token: Option<&str>) -> Result<String, Denied> {
    let token = token.ok_or(Denied::Unknown)?;
    let seat = shared.seat_for(token).ok_or(Denied::Unknown)?;
    let allowed = lock(&shared.seats)
        .iter_mut()
        .find(|e| e.name == seat)
        .is_some_and(|e| e.spend());
    if !allowed {
        return Err(Denied::TooMany);
    }
    Ok(seat)
}
