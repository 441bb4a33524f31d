//! CSRF protection by double submit, as Laravel Sanctum's SPA flow that the web client follows:
//! `GET /sanctum/csrf-cookie` sets a random `XSRF-TOKEN` cookie readable by scripts; the client
//! copies it into an `X-XSRF-TOKEN` header on every write. A cross-site page can make the browser
//! send the cookie but cannot read it, so it cannot forge the header.
//!
//! Every POST, PUT, PATCH and DELETE whose header does not equal the cookie is refused with 419
//! `csrf_token_mismatch`, before any handler runs — except a write to `/api` from a client with
//! no session cookie, which goes on to answer 401 `unauthenticated` (what a signed-out client
//! expects; every `/api` write needs a session, and a forged request without one can do
//! nothing). Sign-in (`/login`) keeps answering 419 without the header. Responses to requests that arrive without the
//! cookie get a fresh one, so a client whose cookie expired recovers on its next read.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::cookie::time::Duration as CookieDuration;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, Error, ResponseError};
use subtle::ConstantTimeEq;

use crate::auth::session::{random_token, SESSION_COOKIE};
use crate::configuration::SessionPolicy;
use crate::error::{ApiError, ErrorCode};
use crate::startup::AppState;

pub const XSRF_COOKIE: &str = "XSRF-TOKEN";
pub const XSRF_HEADER: &str = "X-XSRF-TOKEN";

/// The `XSRF-TOKEN` cookie: readable by the client's scripts (not HttpOnly), SameSite=Lax,
/// Path=/, as long-lived as a session.
pub fn cookie(token: String, secure: bool) -> Cookie<'static> {
    Cookie::build(XSRF_COOKIE, token)
        .http_only(false)
        .same_site(SameSite::Lax)
        .path("/")
        .secure(secure)
        .max_age(CookieDuration::days(SessionPolicy::DEFAULT.lifetime_days))
        .finish()
}

fn is_write(method: &Method) -> bool {
    matches!(
        *method,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// Whether the header token equals the cookie token (constant time; both must be non-empty).
fn tokens_match(cookie: Option<&str>, header: Option<&str>) -> bool {
    match (cookie, header) {
        (Some(cookie), Some(header)) if !cookie.is_empty() => {
            bool::from(cookie.as_bytes().ct_eq(header.as_bytes()))
        }
        _ => false,
    }
}

/// The middleware (installed with `middleware::from_fn` in [`crate::startup`]).
pub async fn verify(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, Error> {
    let secure = req
        .app_data::<web::Data<AppState>>()
        .is_some_and(|state| crate::client::secure_cookies(req.request(), &state.settings));
    let cookie_token = req.cookie(XSRF_COOKIE).map(|c| c.value().to_owned());
    let signed_out_api_call =
        req.path().starts_with("/api/") && req.cookie(SESSION_COOKIE).is_none();
    if is_write(req.method()) && !signed_out_api_call {
        let header = req.headers().get(XSRF_HEADER).and_then(|v| v.to_str().ok());
        if !tokens_match(cookie_token.as_deref(), header) {
            let response = ApiError::new(ErrorCode::CsrfTokenMismatch).error_response();
            return Ok(req.into_response(response));
        }
    }
    let mut res = next.call(req).await?.map_into_boxed_body();
    let sets_token = res.response().cookies().any(|c| c.name() == XSRF_COOKIE);
    if cookie_token.is_none() && !sets_token {
        if let Err(error) = res
            .response_mut()
            .add_cookie(&cookie(random_token(), secure))
        {
            tracing::warn!(%error, "could not set the XSRF-TOKEN cookie");
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_equal_non_empty_tokens_match() {
        assert!(tokens_match(Some("abc"), Some("abc")));
        assert!(!tokens_match(Some("abc"), Some("abd")));
        assert!(!tokens_match(Some("abc"), Some("ab")));
        assert!(!tokens_match(Some("abc"), None));
        assert!(!tokens_match(None, Some("abc")));
        assert!(!tokens_match(Some(""), Some("")));
    }

    #[test]
    fn the_cookie_is_readable_by_scripts() {
        let c = cookie("t".into(), false);
        assert_eq!(c.http_only(), Some(false));
        assert_eq!(c.same_site(), Some(SameSite::Lax));
    }
}
