//! `/api/health`: whether this server's read models are current, which are catching up with
//! the journal after a release (and how far they are), and which residences the projector set
//! aside (for the operator's monitoring; no session needed, nothing private: model names,
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

/// `ok`; `degraded` when some residence's books are set aside; else `catching_up` while a read
/// model catches up with the journal (its routes answer 503 `projection_en_rattrapage`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    Ok,
    Degraded,
    CatchingUp,
}

/// A read model catching up with the journal (new or changed in this release).
#[derive(Debug, Serialize, ToSchema)]
pub struct ModeleEnRattrapage {
    pub model: String,
    /// The journal position it has applied.
    pub position: i64,
    /// The journal's head when it started catching up.
    pub head: i64,
    /// Events applied per second so far.
    pub events_par_seconde: i64,
    /// Its estimate of the seconds left (absent before its first batch).
    pub secondes_restantes: Option<i64>,
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
    pub modeles_en_rattrapage: Vec<ModeleEnRattrapage>,
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
    let modeles_en_rattrapage: Vec<_> = health
        .catching_up
        .into_iter()
        .map(|catch_up| ModeleEnRattrapage {
            model: catch_up.model.to_owned(),
            position: catch_up.position,
            head: catch_up.head,
            events_par_seconde: catch_up.rate(),
            secondes_restantes: catch_up.seconds_left(),
        })
        .collect();
    web::Json(HealthResponse {
        status: if !residences_en_echec.is_empty() {
            HealthStatus::Degraded
        } else if !modeles_en_rattrapage.is_empty() {
            HealthStatus::CatchingUp
        } else {
            HealthStatus::Ok
        },
        position: health.position,
        residences_en_echec,
        modeles_en_rattrapage,
    })
}

#[derive(utoipa::OpenApi)]
#[openapi(
    paths(health),
    components(schemas(HealthResponse, HealthStatus, ResidenceEnEchec, ModeleEnRattrapage)),
    tags((name = "health", description = "The server's health, for monitoring")),
)]
pub struct Api;
