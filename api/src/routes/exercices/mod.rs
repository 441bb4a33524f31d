//! `/api/exercices`: the fiscal years of the signed-in user's residence (spec 3 §7, spec 2 §7).

use actix_web::http::Method;
use actix_web::web;

use crate::routes::{register, resource, ReadModels};

use chrono::{Datelike, NaiveDate};
use daftar_domain::exercice::StatutExercice;
use daftar_projections::exercices::{self, ExerciceRow};
use serde::Serialize;
use utoipa::ToSchema;

use crate::answers::SignedIn;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::startup::AppState;

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels(&[daftar_projections::exercices::MODEL]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(cfg, READS, [resource("/exercices", Method::GET, list)]);
}

/// A fiscal year as the screens show it (spec 3 §3 "Exercice").
#[derive(Debug, Serialize, ToSchema)]
pub struct Exercice {
    /// The exercice's id: its calendar year.
    pub id: i32,
    /// "Exercice 2026".
    pub titre: String,
    pub annee: i32,
    /// `actuel` (open and containing today), `ouvert` or `cloture`.
    #[schema(example = "actuel")]
    pub status: String,
    pub is_closed: bool,
    /// Years kept before the residence used Daftar (their books are not in the ledger).
    pub is_before_daftar: bool,
    /// Documents uploaded at closing.
    pub docs: Vec<ExerciceDoc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExerciceDoc {
    pub url: String,
    pub titre: String,
    #[serde(rename = "type")]
    pub doc_type: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExercicesResponse {
    pub success: bool,
    pub exercices: Vec<Exercice>,
}

fn to_exercice(row: ExerciceRow, today: NaiveDate) -> Exercice {
    let is_closed = row.statut == StatutExercice::Cloture;
    let status = if is_closed {
        "cloture"
    } else if row.annee == today.year() {
        "actuel"
    } else {
        "ouvert"
    };
    Exercice {
        id: row.annee,
        titre: format!("Exercice {}", row.annee),
        annee: row.annee,
        status: status.to_owned(),
        is_closed,
        is_before_daftar: false,
        docs: Vec::new(),
    }
}

/// The fiscal years of the caller's residence, newest first.
#[utoipa::path(
    get,
    path = "/api/exercices",
    operation_id = "getExercices",
    tag = "exercices",
    responses(
        (status = 200, description = "The residence's fiscal years", body = ExercicesResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<web::Json<ExercicesResponse>, ApiError> {
    let today = state.today();
    let rows = exercices::list(&state.db, current.residence_id).await?;
    Ok(web::Json(ExercicesResponse {
        success: true,
        exercices: rows
            .into_iter()
            .map(|row| to_exercice(row, today))
            .collect(),
    }))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list),
    components(schemas(Exercice, ExerciceDoc, ExercicesResponse)),
    tags((name = "exercices", description = "Fiscal years")),
)]
pub struct Api;
