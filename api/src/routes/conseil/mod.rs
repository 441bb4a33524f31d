//! `/api/conseil-syndical`: the syndic council (spec 2 §2 "Council", §3 "Council member", §5
//! "Council add", §6, §7, §8; spec 3 §2.11).
//!
//! Membership lives in the identity tables (`users.is_syndic`, ADR 0002); each change made here
//! is also recorded as an event of the residence's ledger with the acting president, so the
//! council's history is in the tamper-evident journal.

use actix_web::http::Method;
use actix_web::web;

use crate::routes::{register, resource, ReadModels};
use daftar_domain::grand_livre::GrandLivreCommand;
use daftar_domain::ids::{ResidenceId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{CurrentUser, President};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiJson;
use crate::identity::council::{self, CouncilFlags, Join, Leave};
use crate::identity::UserRecord;
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;
use daftar_domain::conseil::ConseilCommand;

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels::NONE;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/conseil-syndical", Method::GET, list),
            resource("/conseil-syndical/users", Method::GET, candidates),
            resource("/conseil-syndical/ajouter", Method::POST, add),
            resource("/conseil-syndical/supprimer", Method::POST, remove),
        ],
    );
}

/// A council member's role: every member is `syndic`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConseilRole {
    Syndic,
}

/// What a member may do beyond the council's common rights.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ConseilPermission {
    /// The treasurer.
    Finance,
    President,
}

/// A council member (spec 2 §3 "Council member").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MembreConseil {
    pub id: i64,
    pub nom: String,
    pub tel: String,
    /// `["syndic"]`.
    pub roles: Vec<ConseilRole>,
    /// `finance` for the treasurer, `president` for the president.
    pub permissions: Vec<ConseilPermission>,
}

impl From<&UserRecord> for MembreConseil {
    fn from(user: &UserRecord) -> Self {
        let mut permissions = Vec::new();
        if user.is_finance {
            permissions.push(ConseilPermission::Finance);
        }
        if user.is_president {
            permissions.push(ConseilPermission::President);
        }
        Self {
            id: user.id,
            nom: user.nom.clone(),
            tel: user.tel.clone(),
            roles: vec![ConseilRole::Syndic],
            permissions,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConseilResponse {
    pub success: bool,
    pub users: Vec<MembreConseil>,
}

/// A user of the residence who is not in the council.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CandidatConseil {
    pub id: i64,
    pub nom: String,
    pub tel: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CandidatsResponse {
    pub success: bool,
    pub users: Vec<CandidatConseil>,
}

/// `POST /api/conseil-syndical/ajouter` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct AjouterMembreRequest {
    /// The user's id.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub user: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AjouterMembreResponse {
    pub success: bool,
    pub user: MembreConseil,
}

/// `POST /api/conseil-syndical/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerMembreRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub user_id: Option<i64>,
}

/// The council of the caller's residence: president first, then the treasurer, then by name.
/// Every signed-in user of the residence sees it (the co-owner space has a council page).
#[utoipa::path(
    get,
    path = "/api/conseil-syndical",
    operation_id = "getConseil",
    tag = "conseil",
    responses(
        (status = 200, description = "The council members", body = ConseilResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: CurrentUser,
) -> Result<web::Json<ConseilResponse>, ApiError> {
    let members = council::members(&state.db, current.residence_id).await?;
    Ok(web::Json(ConseilResponse {
        success: true,
        users: members.iter().map(MembreConseil::from).collect(),
    }))
}

/// The active users of the caller's residence who are not in the council, by name.
#[utoipa::path(
    get,
    path = "/api/conseil-syndical/users",
    operation_id = "getCandidatsConseil",
    tag = "conseil",
    responses(
        (status = 200, description = "The users who may be added", body = CandidatsResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn candidates(
    state: web::Data<AppState>,
    current: President,
) -> Result<web::Json<CandidatsResponse>, ApiError> {
    let users = council::candidates(&state.db, current.residence_id).await?;
    Ok(web::Json(CandidatsResponse {
        success: true,
        users: users
            .into_iter()
            .map(|user| CandidatConseil {
                id: user.id,
                nom: user.nom,
                tel: user.tel,
            })
            .collect(),
    }))
}

/// Records a council change in the ledger; if that fails, the change is undone (a council
/// change is never left without its audit event) and the failure answered.
async fn record(
    state: &AppState,
    current: &CurrentUser,
    request_id: &RequestId,
    command: GrandLivreCommand,
    (user_id, before): (i64, CouncilFlags),
) -> Result<(), ApiError> {
    let recorded = state
        .ledger
        .execute(
            ResidenceId(current.residence_id),
            command,
            UserId(current.id),
            request_id,
        )
        .await;
    if let Err(error) = recorded {
        if let Err(undo) = council::restore(&state.db, user_id, before).await {
            tracing::error!(user_id, error = %undo, "could not undo an unrecorded council change");
        }
        return Err(error);
    }
    Ok(())
}

/// Adds a user of the residence to the council as a plain member (president and treasurer are
/// given by support).
#[utoipa::path(
    post,
    path = "/api/conseil-syndical/ajouter",
    operation_id = "ajouterMembre",
    tag = "conseil",
    request_body = AjouterMembreRequest,
    responses(
        (status = 200, description = "The new member", body = AjouterMembreResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`not_found`: no active user with this id in the residence", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.user`) or `deja_membre_conseil`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn add(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    body: ApiJson<AjouterMembreRequest>,
) -> Result<web::Json<AjouterMembreResponse>, ApiError> {
    let user_id = body
        .into_inner()
        .user
        .ok_or_else(|| ApiError::field("user", ErrorCode::ChampObligatoire))?;
    let (user, before) = match council::join(&state.db, current.residence_id, user_id).await? {
        Join::Joined { user, before } => (user, before),
        Join::AlreadyMember => return Err(ErrorCode::DejaMembreConseil.into()),
        Join::NotFound => return Err(ErrorCode::NotFound.into()),
    };
    let command = GrandLivreCommand::Conseil(ConseilCommand::ConsignerMembreConseilAjoute {
        user_id,
        nom: user.nom.clone(),
    });
    record(&state, &current, &request_id, command, (user_id, before)).await?;
    Ok(web::Json(AjouterMembreResponse {
        success: true,
        user: MembreConseil::from(user.as_ref()),
    }))
}

/// Removes a plain member from the council. The president and the treasurer cannot be removed
/// here (422 `membre_conseil_protege`): only support changes them.
#[utoipa::path(
    post,
    path = "/api/conseil-syndical/supprimer",
    operation_id = "supprimerMembre",
    tag = "conseil",
    request_body = SupprimerMembreRequest,
    responses(
        (status = 200, description = "Removed", body = Success),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`not_found`: no council member with this id in the residence", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.user_id`) or `membre_conseil_protege`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn remove(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    body: ApiJson<SupprimerMembreRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let user_id = body
        .into_inner()
        .user_id
        .ok_or_else(|| ApiError::field("user_id", ErrorCode::ChampObligatoire))?;
    let before = match council::leave(&state.db, current.residence_id, user_id).await? {
        Leave::Left { before } => before,
        Leave::Protected => return Err(ErrorCode::MembreConseilProtege.into()),
        Leave::NotFound => return Err(ErrorCode::NotFound.into()),
    };
    let command =
        GrandLivreCommand::Conseil(ConseilCommand::ConsignerMembreConseilRetire { user_id });
    record(&state, &current, &request_id, command, (user_id, before)).await?;
    Ok(web::Json(Success::new()))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list, candidates, add, remove),
    components(schemas(ConseilRole, ConseilPermission, MembreConseil, ConseilResponse, CandidatConseil, CandidatsResponse, AjouterMembreRequest, AjouterMembreResponse, SupprimerMembreRequest)),
    tags((name = "conseil", description = "The syndic council")),
)]
pub struct Api;
