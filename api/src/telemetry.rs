//! Logging: `tracing` to stderr (stdout is the CLI's output), filtered by `RUST_LOG`
//! (default `info`), and one line per HTTP request.

use std::io::IsTerminal;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::Payload;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, FromRequest, HttpMessage, HttpRequest};
use std::future::{ready, Ready};
use tracing_subscriber::EnvFilter;

/// Installs the global subscriber (once; later calls do nothing).
pub fn init() {
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,actix_server=warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .try_init();
}

/// The id of one HTTP request: the caller's `X-Request-Id` when it sends a sane one, else a new
/// UUID. Logged with the request, echoed in the answer's `X-Request-Id`, and stored in the
/// metadata of every event the request causes, so an event leads back to its request's log line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(pub String);

impl FromRequest for RequestId {
    type Error = Error;
    type Future = Ready<Result<Self, Error>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let id = req
            .extensions()
            .get::<RequestId>()
            .cloned()
            .unwrap_or_else(|| RequestId(uuid::Uuid::new_v4().to_string()));
        ready(Ok(id))
    }
}

fn incoming_request_id(req: &ServiceRequest) -> Option<String> {
    let value = req.headers().get(REQUEST_ID_HEADER)?.to_str().ok()?;
    let sane = !value.is_empty()
        && value.len() <= 64
        && value
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    sane.then(|| value.to_owned())
}

const REQUEST_ID_HEADER: &str = "x-request-id";

/// Logs method, path, status, duration and request id of every request (web client files at
/// debug level).
pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let request_id = incoming_request_id(&req).unwrap_or_else(|| uuid::Uuid::new_v4().to_string());
    req.extensions_mut().insert(RequestId(request_id.clone()));
    let mut result = next.call(req).await;
    if let Ok(res) = &mut result {
        if let Ok(value) = HeaderValue::from_str(&request_id) {
            res.headers_mut()
                .insert(HeaderName::from_static(REQUEST_ID_HEADER), value);
        }
    }
    let elapsed_ms = started.elapsed().as_millis() as u64;
    match &result {
        Ok(res) => {
            let status = res.status().as_u16();
            let quiet = method == actix_web::http::Method::GET
                && !path.starts_with("/api/")
                && res.status().is_success();
            if quiet {
                tracing::debug!(%method, %path, status, elapsed_ms, %request_id, "request");
            } else {
                tracing::info!(%method, %path, status, elapsed_ms, %request_id, "request");
            }
        }
        Err(error) => {
            tracing::warn!(%method, %path, %error, elapsed_ms, %request_id, "request failed")
        }
    }
    result
}
