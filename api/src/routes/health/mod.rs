//! `/api/health`: whether this server's read models are current and which residences the
//! projector set aside (for the operator's monitoring; no session needed, nothing private:
//! residence ids and positions only — the errors themselves are in the server's log).

use actix_web::http::Method;
use actix_web::web;

use crate::routes::resource;
use serde::Serialize;
use utoipa::ToSchema;

use crate::startup::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(resource("/health", Method::GET, health));
}

/// `ok`, or `degraded` when some residence's books are set aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    Ok,
    Degraded,
}

/// A residence a read model could not apply.
#[derive(Debug, Serialize, ToSchema)]
pub struct ResidenceEnEchec {
    pub residence_id: i64,
    /// The read model that failed.
    pub model: String,
    /// The journal position of the event it could not apply.
    pub position: i64,
    /// When (UTC, RFC 3339).
    pub failed_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthResponse {
    pub status: HealthStatus,
    /// The journal position the read models reached on this server.
    pub position: i64,
    pub residences_en_echec: Vec<ResidenceEnEchec>,
}

/// The server's health. Always 200 while the server answers: one residence set aside must not
/// take the server out of a load balancer (the others are served).
#[utoipa::path(
    get,
    path = "/api/health",
    operation_id = "getHealth",
    tag = "health",
    responses((status = 200, description = "The projector's state", body = HealthResponse)),
)]
pub async fn health(state: web::Data<AppState>) -> web::Json<HealthResponse> {
    let health = state.ledger.projector.health();
    let residences_en_echec: Vec<_> = health
        .failures
        .into_iter()
        .map(|failure| ResidenceEnEchec {
            residence_id: failure.residence_id,
            model: failure.model,
            position: failure.position,
            failed_at: failure.failed_at,
        })
        .collect();
    web::Json(HealthResponse {
        status: if residences_en_echec.is_empty() {
            HealthStatus::Ok
        } else {
            HealthStatus::Degraded
        },
        position: health.position,
        residences_en_echec,
    })
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(health),
    components(schemas(HealthResponse, HealthStatus, ResidenceEnEchec)),
    tags((name = "health", description = "The server's health, for monitoring")),
)]
pub struct Api;
