//! `/api/visibilite-finances…`: the council grants or denies each co-owner the ten visibility
//! rights on finance items (spec 3 §2.12 "Visibility rights", §3 "Visibility user", §4
//! "Visibility toggle", §5 "Bulk visibility", §6, §7 "Allocation and visibility";
//! docs/api-visibilite.md). What the keys gate is [`crate::visibilite`]'s.
//!
//! Reading is for council members (`syndic_required`); a change is the treasurer's or the
//! president's (`finance_ou_president_required`). A change is written to the identity tables
//! and read back by the co-owner's next request (their session reads their user on each); each
//! co-owner whose rights it changes is then recorded in the residence's `visibilite` stream (who,
//! when, the keys before and after: `daftar_domain::visibilite`), which answers
//! `GET /visibilite-finances/historique`. A change whose record fails is undone and answered
//! as failed, as the council's changes are.

use std::collections::BTreeMap;

use actix_web::http::Method;
use actix_web::web;
use chrono::{DateTime, Utc};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_domain::visibilite::{DroitsModifies, VisibiliteCommand};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{CurrentUser, FinanceOuPresident, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::{ApiJson, ApiQuery};
use crate::identity::UserRecord;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;
use crate::visibilite::{self, Cible, Modification, Visibilite};

pub fn configure(cfg: &mut web::ServiceConfig) {
    // The identity tables only: no read model to wait for.
    register(
        cfg,
        ReadModels::NONE,
        [
            resource("/visibilite-finances", Method::GET, list),
            resource("/visibilite-finances/sync-user", Method::POST, sync_user),
            resource("/visibilite-finances/bulk-sync", Method::POST, bulk_sync),
            resource("/visibilite-finances/historique", Method::GET, historique),
        ],
    );
}

/// A co-owner and their rights (spec 3 §3 "Visibility user"), each key resolved (a key never set
/// is granted).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VisibiliteUser {
    pub id: i64,
    pub nom: String,
    /// `see.dashboard.*` → granted.
    pub dashboard: BTreeMap<String, bool>,
    /// The pages' keys (`see.recettes`, `see.charges`…) → granted.
    pub pages: BTreeMap<String, bool>,
}

impl From<&UserRecord> for VisibiliteUser {
    fn from(user: &UserRecord) -> Self {
        let (dashboard, pages): (Vec<Visibilite>, Vec<Visibilite>) = Visibilite::ALL
            .into_iter()
            .partition(|key| key.du_tableau_de_bord());
        let map = |keys: Vec<Visibilite>| {
            keys.into_iter()
                .map(|key| {
                    (
                        key.cle().to_owned(),
                        visibilite::accordee(&user.features, key),
                    )
                })
                .collect()
        };
        VisibiliteUser {
            id: user.id,
            nom: user.nom.clone(),
            dashboard: map(dashboard),
            pages: map(pages),
        }
    }
}

/// The keys by where they act, in the spec's order.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisibiliteKeys {
    pub dashboard: Vec<Visibilite>,
    pub pages: Vec<Visibilite>,
}

/// `GET /visibilite-finances`.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisibiliteResponse {
    pub success: bool,
    /// The residence's co-owners (active users who are not council members), by name.
    pub users: Vec<VisibiliteUser>,
    pub keys: VisibiliteKeys,
}

/// `POST /visibilite-finances/sync-user`.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisibiliteUserResponse {
    pub success: bool,
    pub user: VisibiliteUser,
}

/// `POST /visibilite-finances/bulk-sync`.
#[derive(Debug, Serialize, ToSchema)]
pub struct VisibiliteUsersResponse {
    pub success: bool,
    /// Every co-owner as they now are (the excluded ones unchanged).
    pub users: Vec<VisibiliteUser>,
}

/// `POST /visibilite-finances/sync-user` body: the keys granted; the other keys are refused.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SyncUserRequest {
    #[serde(default)]
    #[schema(required = true)]
    pub user_id: Option<i64>,
    /// The keys granted (may be empty: every right refused).
    #[serde(default)]
    #[schema(value_type = Vec<Visibilite>, required = true)]
    pub granted: Option<Vec<String>>,
}

/// `POST /visibilite-finances/bulk-sync` body (spec 3 §5 "Bulk visibility").
#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkSyncRequest {
    /// At least one key (`champ_obligatoire`).
    #[serde(default)]
    #[schema(value_type = Vec<Visibilite>, required = true)]
    pub features: Option<Vec<String>>,
    /// `true` grants the keys (show), `false` refuses them (hide).
    #[serde(default)]
    #[schema(required = true)]
    pub allow: Option<bool>,
    /// Co-owners left as they are ("apply to all except"); ids that are not co-owners of the
    /// residence exclude nobody.
    #[serde(default)]
    pub exclude_user_ids: Option<Vec<i64>>,
}

/// The keys named, each one of the ten (else `valeur_invalide` on `field`).
fn cles(errors: &mut FieldErrors, field: &str, noms: &[String]) -> Vec<Visibilite> {
    let mut keys = Vec::new();
    for nom in noms {
        match Visibilite::from_cle(nom.trim()) {
            Some(key) if !keys.contains(&key) => keys.push(key),
            Some(_) => {}
            None => {
                errors.add(field, ErrorCode::ValeurInvalide);
                break;
            }
        }
    }
    keys
}

async fn reponse_liste(
    state: &AppState,
    residence_id: i64,
) -> Result<Vec<VisibiliteUser>, ApiError> {
    Ok(visibilite::coproprietaires(&state.db, residence_id)
        .await?
        .iter()
        .map(VisibiliteUser::from)
        .collect())
}

/// The residence's co-owners and their rights.
#[utoipa::path(
    get,
    path = "/api/visibilite-finances",
    operation_id = "getVisibiliteFinances",
    tag = "visibilite-finances",
    responses(
        (status = 200, description = "The co-owners and the keys", body = VisibiliteResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<VisibiliteResponse>, ApiError> {
    let (dashboard, pages) = Visibilite::ALL
        .into_iter()
        .partition(|key| key.du_tableau_de_bord());
    Ok(web::Json(VisibiliteResponse {
        success: true,
        users: reponse_liste(&state, current.residence_id).await?,
        keys: VisibiliteKeys { dashboard, pages },
    }))
}

/// Sets one co-owner's rights: the keys in `granted` are granted, the other keys refused. It
/// takes effect at the co-owner's next request.
#[utoipa::path(
    post,
    path = "/api/visibilite-finances/sync-user",
    operation_id = "syncVisibiliteUser",
    tag = "visibilite-finances",
    request_body = SyncUserRequest,
    responses(
        (status = 200, description = "The co-owner as they now are", body = VisibiliteUserResponse),
        (status = 403, description = "`finance_ou_president_required`", body = ErrorBody),
        (status = 404, description = "`coproprietaire_inconnu` (no co-owner of the residence has this id; council members are never restricted)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.user_id`: `champ_obligatoire`, `valeur_invalide`; `errors.granted`: `champ_obligatoire`, `valeur_invalide` (a key outside the ten))", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn sync_user(
    state: web::Data<AppState>,
    current: FinanceOuPresident,
    request_id: RequestId,
    body: ApiJson<SyncUserRequest>,
) -> Result<web::Json<VisibiliteUserResponse>, ApiError> {
    let request = body.into_inner();
    let mut errors = FieldErrors::new();
    let user_id = crate::request::required_id(&mut errors, "user_id", request.user_id);
    let granted = match &request.granted {
        Some(noms) => cles(&mut errors, "granted", noms),
        None => {
            errors.add("granted", ErrorCode::ChampObligatoire);
            Vec::new()
        }
    };
    let Some(user_id) = user_id.filter(|_| errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let changements: Vec<_> = Visibilite::ALL
        .into_iter()
        .map(|key| (key, granted.contains(&key)))
        .collect();
    let Modification { users, changes } = visibilite::modifier(
        &state.db,
        current.residence_id,
        Cible::Un(user_id),
        &changements,
    )
    .await?;
    consigner(&state, &current, &request_id, changes).await?;
    let user = users
        .first()
        .ok_or_else(|| ApiError::new(ErrorCode::CoproprietaireInconnu))?;
    Ok(web::Json(VisibiliteUserResponse {
        success: true,
        user: user.into(),
    }))
}

/// Grants (`allow: true`) or refuses the keys `features` to every co-owner but those of
/// `exclude_user_ids`, all at once (all or none).
#[utoipa::path(
    post,
    path = "/api/visibilite-finances/bulk-sync",
    operation_id = "bulkSyncVisibilite",
    tag = "visibilite-finances",
    request_body = BulkSyncRequest,
    responses(
        (status = 200, description = "Every co-owner as they now are", body = VisibiliteUsersResponse),
        (status = 403, description = "`finance_ou_president_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.features`: `champ_obligatoire` (none), `valeur_invalide` (a key outside the ten); `errors.allow`: `champ_obligatoire`, `valeur_invalide`; `errors.exclude_user_ids`: `valeur_invalide`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn bulk_sync(
    state: web::Data<AppState>,
    current: FinanceOuPresident,
    request_id: RequestId,
    body: ApiJson<BulkSyncRequest>,
) -> Result<web::Json<VisibiliteUsersResponse>, ApiError> {
    let request = body.into_inner();
    let mut errors = FieldErrors::new();
    let features = match request.features.as_deref() {
        Some(noms) if !noms.is_empty() => cles(&mut errors, "features", noms),
        _ => {
            errors.add("features", ErrorCode::ChampObligatoire);
            Vec::new()
        }
    };
    if request.allow.is_none() {
        errors.add("allow", ErrorCode::ChampObligatoire);
    }
    let Some(allow) = request.allow.filter(|_| errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let exclus = request.exclude_user_ids.unwrap_or_default();
    let changements: Vec<_> = features.into_iter().map(|key| (key, allow)).collect();
    let Modification { users, changes } = visibilite::modifier(
        &state.db,
        current.residence_id,
        Cible::TousSauf(&exclus),
        &changements,
    )
    .await?;
    consigner(&state, &current, &request_id, changes).await?;
    Ok(web::Json(VisibiliteUsersResponse {
        success: true,
        users: users.iter().map(VisibiliteUser::from).collect(),
    }))
}

/// Records in the residence's history the co-owners whose rights a change changed (one entry
/// each; none when nothing changed); if the record fails, the change is undone and the failure
/// answered.
async fn consigner(
    state: &AppState,
    current: &CurrentUser,
    request_id: &RequestId,
    changes: Vec<visibilite::DroitsStockes>,
) -> Result<(), ApiError> {
    let changements: Vec<DroitsModifies> = changes
        .iter()
        .map(|change| DroitsModifies {
            user_id: change.user_id,
            nom: change.nom.clone(),
            avant: visibilite::cles_accordees(&change.avant),
            apres: visibilite::cles_accordees(&change.apres),
        })
        .filter(DroitsModifies::change)
        .collect();
    if changements.is_empty() {
        return Ok(());
    }
    let command = VisibiliteCommand::ConsignerDroitsModifies {
        par: current.id,
        par_nom: current.user.nom.clone(),
        le: state.settings.clock.now(),
        changements,
    };
    let recorded = state
        .ledger
        .execute_visibilite(
            ResidenceId(current.residence_id),
            command,
            UserId(current.id),
            request_id,
            |_, _| Ok(()),
        )
        .await;
    if let Err(error) = recorded {
        if let Err(undo) = visibilite::restaurer(&state.db, current.residence_id, &changes).await {
            tracing::error!(error = %undo, "could not undo an unrecorded change of visibility rights");
        }
        return Err(error);
    }
    Ok(())
}

/// `?user_id=`: one co-owner's changes (all the residence's without it).
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoriqueQuery {
    pub user_id: Option<i64>,
}

/// One change of a co-owner's rights.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChangementVisibilite {
    /// The co-owner and their name then.
    pub user_id: i64,
    pub nom: String,
    /// Who changed them (a council member) and their name then.
    pub par_id: i64,
    pub par_nom: String,
    /// When (UTC, RFC 3339).
    pub le: DateTime<Utc>,
    /// The keys granted before and after.
    pub avant: Vec<Visibilite>,
    pub apres: Vec<Visibilite>,
    /// The keys the change granted, and those it refused.
    pub accordees: Vec<Visibilite>,
    pub retirees: Vec<Visibilite>,
}

/// `GET /visibilite-finances/historique`.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoriqueVisibiliteResponse {
    pub success: bool,
    /// Newest first.
    pub historique: Vec<ChangementVisibilite>,
}

fn cles_connues(noms: &[String]) -> Vec<Visibilite> {
    noms.iter()
        .filter_map(|nom| Visibilite::from_cle(nom))
        .collect()
}

/// Who changed the co-owners' rights, when, and how (spec 3 §2.12; issue 19), newest first:
/// one co-owner's with `user_id`, else the residence's.
#[utoipa::path(
    get,
    path = "/api/visibilite-finances/historique",
    operation_id = "getVisibiliteHistorique",
    tag = "visibilite-finances",
    params(HistoriqueQuery),
    responses(
        (status = 200, description = "The changes, newest first", body = HistoriqueVisibiliteResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.user_id`: `valeur_invalide`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn historique(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<HistoriqueQuery>,
) -> Result<web::Json<HistoriqueVisibiliteResponse>, ApiError> {
    let user_id = query.into_inner().user_id;
    let historique = state
        .ledger
        .read_visibilite(ResidenceId(current.residence_id), |visibilites| {
            Ok(visibilites
                .historique()
                .iter()
                .rev()
                .filter(|entree| user_id.is_none_or(|id| entree.droits.user_id == id))
                .map(|entree| {
                    let avant = cles_connues(&entree.droits.avant);
                    let apres = cles_connues(&entree.droits.apres);
                    ChangementVisibilite {
                        user_id: entree.droits.user_id,
                        nom: entree.droits.nom.clone(),
                        par_id: entree.par,
                        par_nom: entree.par_nom.clone(),
                        le: entree.le,
                        accordees: apres
                            .iter()
                            .filter(|k| !avant.contains(*k))
                            .copied()
                            .collect(),
                        retirees: avant
                            .iter()
                            .filter(|k| !apres.contains(*k))
                            .copied()
                            .collect(),
                        avant,
                        apres,
                    }
                })
                .collect())
        })
        .await?;
    Ok(web::Json(HistoriqueVisibiliteResponse {
        success: true,
        historique,
    }))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list, sync_user, bulk_sync, historique),
    components(schemas(
        Visibilite, VisibiliteUser, VisibiliteKeys, VisibiliteResponse, VisibiliteUserResponse,
        VisibiliteUsersResponse, SyncUserRequest, BulkSyncRequest, ChangementVisibilite,
        HistoriqueVisibiliteResponse,
    )),
    tags((name = "visibilite-finances", description = "The co-owners' visibility rights on finance items")),
)]
pub struct Api;
