//! `/api/cotisation-repartition`: the residence's allocation table, one whole-dinar amount per
//! property, used by the cotisations split `predefinie` (spec 1 §2
//! `/syndic/administration/repartition-cotisations`, §3 "Cotisation allocation", §5; spec 3
//! §2.12, §7 "Allocation and visibility").

use std::collections::BTreeMap;

use actix_web::http::Method;
use actix_web::web;

use crate::routes::{register, resource, ReadModels};
use daftar_domain::grand_livre::GrandLivreEvent;
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_projections::proprietes::{self, ProprieteRow};
use daftar_projections::revenus;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::extract::ApiJson;
use crate::money::Dt;
use crate::routes::cotisations::form::lignes_montants;
use crate::routes::proprietes::TypePropriete;
use crate::startup::AppState;
use crate::telemetry::RequestId;
use daftar_domain::revenus::RevenusCommand;
use daftar_domain::revenus::RevenusEvent;
use daftar_domain::Montant;

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels(&[
    daftar_projections::revenus::MODEL,
    daftar_projections::proprietes::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/cotisation-repartition", Method::GET, show),
            resource("/cotisation-repartition/modifier", Method::POST, update),
        ],
    );
}

/// A property and its line of the allocation table.
#[derive(Debug, Serialize, ToSchema)]
pub struct LigneRepartition {
    /// The property's id.
    pub id: i64,
    pub nom: String,
    #[serde(rename = "type")]
    pub type_propriete: TypePropriete,
    /// DT per call (whole dinars); 0 when the property has no line.
    pub montant: Dt,
    /// The property has a line (a `predefinie` cotisation needs one for every property; a line
    /// of 0 exempts it).
    pub is_defined: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RepartitionResponse {
    pub success: bool,
    /// Every property of the residence, in registration order.
    pub data: Vec<LigneRepartition>,
}

fn table(proprietes: Vec<ProprieteRow>, lignes: &BTreeMap<i64, Montant>) -> Vec<LigneRepartition> {
    proprietes
        .into_iter()
        .map(|row| {
            let montant = lignes.get(&row.id).copied();
            LigneRepartition {
                type_propriete: row.type_propriete.into(),
                id: row.id,
                nom: row.nom,
                montant: Dt::from(montant.unwrap_or(Montant::ZERO)),
                is_defined: montant.is_some(),
            }
        })
        .collect()
}

/// The allocation table of the caller's residence: every property with its amount.
#[utoipa::path(
    get,
    path = "/api/cotisation-repartition",
    operation_id = "getRepartition",
    tag = "cotisations",
    responses(
        (status = 200, description = "The allocation table", body = RepartitionResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn show(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<RepartitionResponse>, ApiError> {
    let residence = current.residence_id;
    let proprietes = proprietes::list(&state.db, residence).await?;
    let lignes = revenus::repartition(&state.db, residence).await?;
    Ok(web::Json(RepartitionResponse {
        success: true,
        data: table(proprietes, &lignes),
    }))
}

/// One line of the table as the form sends it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RepartitionLine {
    pub propriete_id: i64,
    /// Whole dinars ≥ 0 (an integer or a string of digits).
    pub montant: i64,
}

/// `POST /api/cotisation-repartition/modifier` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierRepartitionRequest {
    /// The new table: it replaces the old one (a property left out has no line any more).
    #[serde(default)]
    #[schema(value_type = Vec<RepartitionLine>, required = true)]
    pub repartitions: Option<Value>,
}

/// Replaces the allocation table. Cotisations already launched keep their amounts; the table
/// applies to the `predefinie` cotisations launched or corrected afterwards.
#[utoipa::path(
    post,
    path = "/api/cotisation-repartition/modifier",
    operation_id = "modifierRepartition",
    tag = "cotisations",
    request_body = ModifierRepartitionRequest,
    responses(
        (status = 200, description = "The new allocation table", body = RepartitionResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.repartitions`, `errors[\"repartitions[i].propriete_id\"]`, `errors[\"repartitions[i].montant\"]`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierRepartitionRequest>,
) -> Result<web::Json<RepartitionResponse>, ApiError> {
    let residence = current.residence_id;
    let proprietes = proprietes::list(&state.db, residence).await?;
    let ids: Vec<i64> = proprietes.iter().map(|row| row.id).collect();
    let mut errors = FieldErrors::new();
    let repartitions = lignes_montants(
        &mut errors,
        "repartitions",
        body.repartitions.as_ref(),
        &ids,
    );
    errors.into_result()?;
    let repartitions = repartitions
        .into_iter()
        .map(|(propriete_id, dinars)| (propriete_id, Montant::dinars(dinars)))
        .collect();
    let committed = state
        .ledger
        .execute(
            ResidenceId(residence),
            RevenusCommand::ModifierRepartition { repartitions }.into(),
            UserId(current.id),
            &request_id,
        )
        .await?;
    let lignes: BTreeMap<i64, Montant> = committed
        .events
        .iter()
        .find_map(|envelope| match &envelope.payload {
            GrandLivreEvent::Revenus(RevenusEvent::RepartitionModifiee { repartitions }) => Some(
                repartitions
                    .iter()
                    .map(|line| (line.propriete_id, line.montant))
                    .collect(),
            ),
            _ => None,
        })
        .ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!("ModifierRepartition recorded no table"))
        })?;
    Ok(web::Json(RepartitionResponse {
        success: true,
        data: table(proprietes, &lignes),
    }))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(show, update),
    components(schemas(
        LigneRepartition,
        RepartitionResponse,
        RepartitionLine,
        ModifierRepartitionRequest
    ))
)]
pub struct Api;
