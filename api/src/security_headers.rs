//! The headers every answer carries so that a browser confines the client to what it needs:
//! - `Content-Security-Policy`: scripts, fonts, images and calls from this origin only, no
//!   inline script, no plugin, no framing (`frame-ancestors 'none'`); inline styles stay allowed
//!   because the dialog and toast libraries insert `<style>` elements at run time (styles cannot
//!   run code);
//! - `X-Content-Type-Options: nosniff`, `X-Frame-Options: DENY` (older browsers),
//!   `Referrer-Policy: same-origin` (no address of a page of the app leaves the site);
//! - `Cache-Control: no-store` on the API's answers (`/api`, `/login`, `/logout`,
//!   `/sanctum`): balances and statements never stay in a shared or back-button cache;
//! - `Strict-Transport-Security` when the request came over HTTPS ([`crate::client`]).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{web, Error};

use crate::startup::AppState;

pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
     connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; \
     frame-ancestors 'none'";

/// Whether the request is answered by the API (as opposed to the web client's pages: `GET
/// /login` is the sign-in page, `POST /login` the sign-in call).
fn is_api(method: &Method, path: &str) -> bool {
    let session_call = (path == "/login" || path == "/logout") && method != Method::GET;
    path.starts_with("/api/") || path == "/api" || session_call || path.starts_with("/sanctum/")
}

/// The middleware (installed with `middleware::from_fn` in [`crate::startup`]).
pub async fn add(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let api = is_api(req.method(), req.path());
    let https = req
        .app_data::<web::Data<AppState>>()
        .is_some_and(|state| crate::client::over_https(req.request(), &state.settings));
    let mut res = next.call(req).await?;
    let headers = res.headers_mut();
    let mut set = |name: &'static str, value: &'static str| {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    };
    set("content-security-policy", CONTENT_SECURITY_POLICY);
    set("x-content-type-options", "nosniff");
    set("x-frame-options", "DENY");
    set("referrer-policy", "same-origin");
    if api {
        set("cache-control", "no-store");
    }
    if https {
        set("strict-transport-security", "max-age=31536000");
    }
    Ok(res)
}
