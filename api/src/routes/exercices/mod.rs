//! `/api/exercices…`: the fiscal years of the signed-in user's residence, their closing
//! balances and their closing (spec 3 §7 "Fiscal years, archive, regulations", spec 2 §7;
//! docs/api-exercices.md).

use actix_web::http::Method;
use actix_web::web;

use crate::routes::{register, resource, ReadModels};

use chrono::{Datelike, NaiveDate};
use daftar_domain::exercice::StatutExercice;
use daftar_projections::depenses::{self as registre, PROPRIETAIRE_EXERCICE};
use daftar_projections::exercices::{self, ExerciceRow};
use serde::Serialize;
use utoipa::ToSchema;

use crate::answers::SignedIn;
use crate::auth::CurrentUser;
use crate::error::{ApiError, ErrorBody};
use crate::routes::depenses::reponses::Document;
use crate::startup::AppState;

mod cloture;
pub mod ouverture;
mod soldes;

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels(&[
    daftar_projections::exercices::MODEL,
    daftar_projections::comptabilite::MODEL,
    daftar_projections::depenses::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/exercices", Method::GET, list),
            resource(
                "/exercices/soldes-cloture",
                Method::GET,
                soldes::soldes_cloture,
            ),
            resource("/exercices/cloturer", Method::POST, cloture::cloturer),
        ],
    );
}

/// Why a fiscal year cannot be closed now (the close button's tooltip).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum RaisonClotureImpossible {
    /// Already closed.
    ExerciceCloture,
    /// The year has not ended (31 December is not past).
    ExerciceNonTermine,
    /// The year before it is still open.
    ExercicePrecedentOuvert,
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
    /// Years kept before the residence used Daftar (their books are not in the ledger): none,
    /// Daftar keeps every year it knows in its books.
    pub is_before_daftar: bool,
    /// The day it was closed, `yyyy-MM-dd`; null while open.
    pub cloture_le: Option<String>,
    /// Whether it can be closed now (by the treasurer).
    pub can_close: bool,
    /// Why not, when it cannot.
    pub close_blocked_reason: Option<RaisonClotureImpossible>,
    /// The files uploaded at closing.
    pub docs: Vec<Document>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ExercicesResponse {
    pub success: bool,
    pub exercices: Vec<Exercice>,
}

/// Whether year `row` can be closed today, given every year of the residence.
fn raison_cloture_impossible(
    row: &ExerciceRow,
    rows: &[ExerciceRow],
    today: NaiveDate,
) -> Option<RaisonClotureImpossible> {
    if row.statut == StatutExercice::Cloture {
        return Some(RaisonClotureImpossible::ExerciceCloture);
    }
    if today.year() <= row.annee {
        return Some(RaisonClotureImpossible::ExerciceNonTermine);
    }
    let precedent_ouvert = rows
        .iter()
        .any(|r| r.annee == row.annee - 1 && r.statut == StatutExercice::Ouvert);
    precedent_ouvert.then_some(RaisonClotureImpossible::ExercicePrecedentOuvert)
}

/// One fiscal year's answer, with its closing files.
pub(crate) async fn exercice(
    state: &AppState,
    residence_id: i64,
    row: &ExerciceRow,
    rows: &[ExerciceRow],
) -> Result<Exercice, ApiError> {
    let today = state.today();
    let is_closed = row.statut == StatutExercice::Cloture;
    let status = if is_closed {
        "cloture"
    } else if row.annee == today.year() {
        "actuel"
    } else {
        "ouvert"
    };
    let raison = raison_cloture_impossible(row, rows, today);
    let docs = registre::documents_de(
        &state.db,
        residence_id,
        (PROPRIETAIRE_EXERCICE, i64::from(row.annee)),
    )
    .await?
    .into_iter()
    .map(Document::from)
    .collect();
    Ok(Exercice {
        id: row.annee,
        titre: format!("Exercice {}", row.annee),
        annee: row.annee,
        status: status.to_owned(),
        is_closed,
        is_before_daftar: false,
        cloture_le: row
            .cloture_le
            .as_deref()
            .map(|le| le.chars().take(10).collect()),
        can_close: raison.is_none(),
        close_blocked_reason: raison,
        docs,
    })
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
    let rows = exercices::list(&state.db, current.residence_id).await?;
    let mut answer = Vec::with_capacity(rows.len());
    for row in &rows {
        answer.push(exercice(&state, current.residence_id, row, &rows).await?);
    }
    Ok(web::Json(ExercicesResponse {
        success: true,
        exercices: answer,
    }))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list, soldes::soldes_cloture, cloture::cloturer),
    components(schemas(
        Exercice,
        ExercicesResponse,
        RaisonClotureImpossible,
        soldes::SoldesClotureResponse,
        soldes::SoldeBanque,
        cloture::ClotureForm,
        cloture::ClotureResponse,
    )),
    tags((name = "exercices", description = "Fiscal years")),
)]
pub struct Api;
