//! `/api/proprietes`: the residence's properties, who pays for each, and their occupancy
//! history (spec 2 §2 "Properties and occupancy", §3 "Property", "Occupation", §5, §7).
//!
//! Reads come from the occupancy read models; writes are ledger commands, because who pays a
//! property's dues at a date is decided by the ledger (the payer rule in
//! [`daftar_domain::occupation`]).

pub mod historique;

use actix_web::http::Method;
use actix_web::web;

use crate::routes::{register, resource, ReadModels};
use daftar_domain::propriete;
use daftar_projections::occupancy;
use daftar_projections::proprietes::{self, ProprieteRow};
use serde::Serialize;
use utoipa::ToSchema;

use crate::answers::SignedIn;
use crate::auth::Syndic;
use crate::error::{ApiError, ErrorBody};
use crate::startup::AppState;

use historique::{create_occupation, delete_occupation, historique, update_occupation};

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels(&[
    daftar_projections::proprietes::MODEL,
    daftar_projections::occupancy::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/proprietes", Method::GET, list),
            resource("/proprietes/historique", Method::GET, historique),
            resource(
                "/proprietes/historique/creer",
                Method::POST,
                create_occupation,
            ),
            resource(
                "/proprietes/historique/modifier",
                Method::POST,
                update_occupation,
            ),
            resource(
                "/proprietes/historique/supprimer",
                Method::POST,
                delete_occupation,
            ),
        ],
    );
}

/// The kinds of property (spec 2 §3 "Property").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypePropriete {
    Appartement,
    Parking,
    Commerce,
    Cellier,
}

impl From<propriete::TypePropriete> for TypePropriete {
    fn from(value: propriete::TypePropriete) -> Self {
        match value {
            propriete::TypePropriete::Appartement => Self::Appartement,
            propriete::TypePropriete::Parking => Self::Parking,
            propriete::TypePropriete::Commerce => Self::Commerce,
            propriete::TypePropriete::Cellier => Self::Cellier,
        }
    }
}

/// Who pays a property's dues today.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct PayerOccupant {
    /// The occupant's id.
    pub id: i64,
    pub nom: String,
    pub tel: Option<String>,
}

/// A property as the list shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Propriete {
    pub id: i64,
    pub nom: String,
    #[serde(rename = "type")]
    pub type_propriete: TypePropriete,
    /// Square metres as a decimal string (`"95.5"`).
    #[schema(example = "95.5")]
    pub surface: Option<String>,
    pub description: Option<String>,
    /// The occupant who pays the property's dues today (Tunisia's date); `null` when vacant.
    pub payer_occupant: Option<PayerOccupant>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProprietesResponse {
    pub success: bool,
    pub proprietes: Vec<Propriete>,
}

/// The properties of the caller's residence in registration order, each with today's payer.
#[utoipa::path(
    get,
    path = "/api/proprietes",
    operation_id = "getProprietes",
    tag = "proprietes",
    responses(
        (status = 200, description = "The residence's properties", body = ProprietesResponse),
        (status = 403, description = "`syndic_required`, `user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<ProprietesResponse>, ApiError> {
    let residence = current.residence_id;
    let rows = proprietes::list(&state.db, residence).await?;
    let history = occupancy::historique(&state.db, residence, None, state.today()).await?;
    let payer_of = |propriete_id: i64| {
        history
            .iter()
            .find(|line| line.propriete_id == propriete_id && line.is_current_payer)
            .map(|line| PayerOccupant {
                id: line.occupant.id,
                nom: line.occupant.nom.clone(),
                tel: line.occupant.tel.clone(),
            })
    };
    let proprietes = rows
        .into_iter()
        .map(|row: ProprieteRow| Propriete {
            type_propriete: row.type_propriete.into(),
            payer_occupant: payer_of(row.id),
            id: row.id,
            nom: row.nom,
            surface: row.surface,
            description: row.description,
        })
        .collect();
    Ok(web::Json(ProprietesResponse {
        success: true,
        proprietes,
    }))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list, historique::historique, historique::create_occupation, historique::update_occupation, historique::delete_occupation),
    components(schemas(TypePropriete, PayerOccupant, Propriete, ProprietesResponse, historique::Historique, historique::HistoriqueResponse, historique::OccupationLine, historique::OccupationResponse, historique::CreateOccupationRequest, historique::UpdateOccupationRequest, historique::DeleteOccupationRequest)),
    tags((name = "proprietes", description = "Properties, occupants and occupancy history")),
)]
pub struct Api;
