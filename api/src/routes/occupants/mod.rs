//! `/api/occupants`: the people who own or rent the residence's properties (spec 2 §3
//! "Occupant", §5 "Occupant dialog", §7). An occupant with a phone number also gets a co-owner
//! sign-in ([`sign_in`]).

pub mod fields;
pub mod sign_in;

use actix_web::http::Method;
use actix_web::web;

use crate::routes::{register, resource, ReadModels};
use daftar_domain::grand_livre::{GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_projections::occupancy::{self, OccupantRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{President, Syndic};
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::extract::ApiJson;
use crate::request;
use crate::startup::AppState;
use crate::telemetry::RequestId;
use daftar_domain::occupation::OccupationCommand;
use daftar_domain::occupation::OccupationEvent;

pub use fields::{Sexe, TypeOccupation};

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels(&[daftar_projections::occupancy::MODEL]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/occupants", Method::GET, list),
            resource("/occupants/creer-dialog", Method::POST, create),
        ],
    );
}

/// An occupant as the screens show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Occupant {
    pub id: i64,
    pub nom: String,
    /// 8 digits.
    pub tel: Option<String>,
    pub email: Option<String>,
    pub sexe: Sexe,
}

impl From<OccupantRow> for Occupant {
    fn from(row: OccupantRow) -> Self {
        Self {
            id: row.id,
            nom: row.nom,
            tel: row.tel,
            email: row.email,
            sexe: row.sexe.into(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OccupantsResponse {
    pub success: bool,
    pub occupants: Vec<Occupant>,
}

/// `POST /api/occupants/creer-dialog` body. Fields are optional here only so that every
/// missing or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateOccupantRequest {
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub nom: Option<String>,
    /// Empty or exactly 8 digits. Gives a co-owner sign-in with this number.
    #[serde(default)]
    #[schema(example = "20123456")]
    pub tel: Option<String>,
    /// Empty or a valid address.
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    #[schema(value_type = Sexe, required = true)]
    pub sexe: Option<String>,
}

/// A valid occupant of the dialog.
struct NewOccupant {
    nom: String,
    tel: Option<String>,
    email: Option<String>,
    sexe: Sexe,
}

impl TryFrom<CreateOccupantRequest> for NewOccupant {
    type Error = ApiError;

    fn try_from(request: CreateOccupantRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let nom = request::required_text(&mut errors, "nom", request.nom);
        let tel = request::tel(&mut errors, "tel", request.tel);
        let email = request::email(&mut errors, "email", request.email);
        let sexe = fields::sexe(&mut errors, "sexe", request.sexe);
        match sexe {
            Some(sexe) if errors.is_empty() => Ok(Self {
                nom,
                tel,
                email,
                sexe,
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

impl NewOccupant {
    fn command(&self) -> GrandLivreCommand {
        GrandLivreCommand::Occupation(OccupationCommand::CreerOccupant {
            nom: self.nom.clone(),
            tel: self.tel.clone(),
            email: self.email.clone(),
            sexe: self.sexe.into(),
        })
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OccupantResponse {
    pub success: bool,
    pub occupant: Occupant,
}

/// The occupants of the caller's residence, by name.
#[utoipa::path(
    get,
    path = "/api/occupants",
    operation_id = "getOccupants",
    tag = "proprietes",
    responses(
        (status = 200, description = "The residence's occupants", body = OccupantsResponse),
        (status = 403, description = "`syndic_required`, `user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<OccupantsResponse>, ApiError> {
    let rows = occupancy::occupants(&state.db, current.residence_id).await?;
    Ok(web::Json(OccupantsResponse {
        success: true,
        occupants: rows.into_iter().map(Occupant::from).collect(),
    }))
}

/// Creates an occupant (the dialog inside the occupation form). With a phone number, the
/// occupant can then sign in to the co-owner space once it has a password.
#[utoipa::path(
    post,
    path = "/api/occupants/creer-dialog",
    operation_id = "createOccupant",
    tag = "proprietes",
    request_body = CreateOccupantRequest,
    responses(
        (status = 200, description = "The created occupant", body = OccupantResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.nom`, `errors.tel`, `errors.email`, `errors.sexe`) or `tel_deja_utilise` (another occupant of the residence, or a user of another residence, has this number)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    body: ApiJson<CreateOccupantRequest>,
) -> Result<web::Json<OccupantResponse>, ApiError> {
    let occupant = NewOccupant::try_from(body.into_inner())?;
    let residence = current.residence_id;
    let tel = occupant.tel.as_deref();
    let needed = sign_in::check(&state.db, residence, tel).await?;
    let committed = state
        .ledger
        .execute(
            ResidenceId(residence),
            occupant.command(),
            UserId(current.id),
            &request_id,
        )
        .await?;
    sign_in::grant(&state.db, residence, tel, &occupant.nom, needed).await?;
    let occupant = committed
        .events
        .into_iter()
        .find_map(|envelope| match envelope.payload {
            GrandLivreEvent::Occupation(OccupationEvent::OccupantCree {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            }) => Some(Occupant {
                id: occupant_id,
                nom,
                tel,
                email,
                sexe: sexe.into(),
            }),
            _ => None,
        })
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("CreerOccupant produced no event")))?;
    Ok(web::Json(OccupantResponse {
        success: true,
        occupant,
    }))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list, create),
    components(schemas(
        Sexe,
        TypeOccupation,
        Occupant,
        OccupantsResponse,
        CreateOccupantRequest,
        OccupantResponse
    ))
)]
pub struct Api;
