//! Logging: `tracing` to stderr (stdout is the CLI's output), filtered by `RUST_LOG`
//! (default `info`), and one line per HTTP request.

use std::io::IsTerminal;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::Error;
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

/// Logs method, path, status and duration of every request (web client files at debug level).
pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let result = next.call(req).await;
    let elapsed_ms = started.elapsed().as_millis() as u64;
    match &result {
        Ok(res) => {
            let status = res.status().as_u16();
            let quiet = method == actix_web::http::Method::GET
                && !path.starts_with("/api/")
                && res.status().is_success();
            if quiet {
                tracing::debug!(%method, %path, status, elapsed_ms, "request");
            } else {
                tracing::info!(%method, %path, status, elapsed_ms, "request");
            }
        }
        Err(error) => tracing::warn!(%method, %path, %error, elapsed_ms, "request failed"),
    }
    result
}
