//! `/api/annonces/…`: the residence's announcements (spec 3 §2.8, §3 "Annonce", §5 "Annonce
//! create", §7 "Announcements", §9; docs/api-communaute.md "Announcements").
//!
//! Every user of the residence reads the active ones (both spaces call the same route); council
//! members (`syndic_required`) read the archived ones and publish, correct and withdraw
//! announcements (the spec names no narrower role). They are a plain table of their own
//! (`daftar_projections::annonces`, ADR 0005); publishing one notifies every other user of the
//! residence in the same transaction.

use actix_web::http::Method;
use actix_web::web;
use chrono::NaiveDate;
use daftar_projections::annonces::{self as registre, fin_apres, Annonce, Liste};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Coproprietaire, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::request::{date, optional_text, required_id};
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        // The announcements' own table, not a read model of the journal.
        ReadModels::NONE,
        [
            resource("/annonces/actives", Method::GET, actives),
            resource("/annonces/archivees", Method::GET, archivees),
            resource("/annonces/creer", Method::POST, creer),
            resource("/annonces/modifier", Method::POST, modifier),
            resource("/annonces/supprimer", Method::POST, supprimer),
        ],
    );
}

/// An announcement's text at most, in characters: a notice on the building's board, not a
/// document (a longer text belongs in the archive).
const DESCRIPTION_MAX: usize = 5000;
/// The duration when the form sends none (spec 3 §9 "Announcement default duration 14 days").
const JOURS_PAR_DEFAUT: u32 = 14;
/// The longest duration: a year; a notice meant to stay longer is a rule, not an announcement.
const JOURS_MAX: u32 = 365;

/// An announcement (spec 3 §3 "Annonce").
#[derive(Debug, Serialize, ToSchema)]
pub struct AnnonceDto {
    pub id: i64,
    pub description: String,
    /// Its author's name.
    pub nom: String,
    /// Its last day shown (`yyyy-MM-dd`, included): archived the day after.
    pub date_fin: String,
    /// When it was published (UTC, RFC 3339).
    pub time: String,
}

impl From<Annonce> for AnnonceDto {
    fn from(annonce: Annonce) -> Self {
        AnnonceDto {
            id: annonce.id,
            description: annonce.description,
            nom: annonce.nom,
            date_fin: annonce.date_fin,
            time: annonce.cree_le,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnnoncesResponse {
    pub success: bool,
    /// Newest first.
    pub annonces: Vec<AnnonceDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnnonceResponse {
    pub success: bool,
    pub annonce: AnnonceDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AnnonceSuccesResponse {
    pub success: bool,
}

async fn lister(
    state: &AppState,
    residence_id: i64,
    liste: Liste,
) -> Result<web::Json<AnnoncesResponse>, ApiError> {
    let annonces = registre::liste(&state.db, residence_id, liste, state.today()).await?;
    Ok(web::Json(AnnoncesResponse {
        success: true,
        annonces: annonces.into_iter().map(AnnonceDto::from).collect(),
    }))
}

/// The announcements shown today (their last day not passed), for every user of the residence.
#[utoipa::path(
    get,
    path = "/api/annonces/actives",
    operation_id = "getAnnoncesActives",
    tag = "annonces",
    responses(
        (status = 200, description = "The active announcements, newest first", body = AnnoncesResponse),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn actives(
    state: web::Data<AppState>,
    current: Coproprietaire,
) -> Result<web::Json<AnnoncesResponse>, ApiError> {
    lister(&state, current.residence_id, Liste::Actives).await
}

/// The announcements whose last day has passed (council members).
#[utoipa::path(
    get,
    path = "/api/annonces/archivees",
    operation_id = "getAnnoncesArchivees",
    tag = "annonces",
    responses(
        (status = 200, description = "The archived announcements, newest first", body = AnnoncesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn archivees(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<AnnoncesResponse>, ApiError> {
    lister(&state, current.residence_id, Liste::Archivees).await
}

/// A required announcement text: trimmed, not empty, [`DESCRIPTION_MAX`] characters at most;
/// several lines allowed.
fn description(errors: &mut FieldErrors, value: Option<String>) -> String {
    match optional_text(value) {
        None => {
            errors.add("description", ErrorCode::ChampObligatoire);
            String::new()
        }
        Some(texte) => {
            if texte.chars().count() > DESCRIPTION_MAX {
                errors.add("description", ErrorCode::DescriptionTropLongue);
            }
            texte
        }
    }
}

/// A duration in whole days, between 1 and [`JOURS_MAX`]: a JSON number, or digits in a string
/// (the form's field); absent or empty, the default 14.
fn jours(errors: &mut FieldErrors, value: Option<Value>) -> Option<u32> {
    let lu = match value {
        None | Some(Value::Null) => return Some(JOURS_PAR_DEFAUT),
        Some(Value::String(texte)) if texte.trim().is_empty() => return Some(JOURS_PAR_DEFAUT),
        Some(Value::String(texte)) => {
            let texte = texte.trim();
            texte
                .chars()
                .all(|c| c.is_ascii_digit())
                .then(|| texte.parse::<u32>().ok())
                .flatten()
        }
        Some(Value::Number(nombre)) => nombre.as_u64().and_then(|n| u32::try_from(n).ok()),
        Some(_) => None,
    };
    match lu {
        Some(jours) if (1..=JOURS_MAX).contains(&jours) => Some(jours),
        _ => {
            errors.add("jours", ErrorCode::JoursInvalide);
            None
        }
    }
}

/// An end date not before the residence's today (`field` names it in the errors).
fn date_fin_a_venir(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
    aujourd_hui: NaiveDate,
) -> Option<NaiveDate> {
    let date_fin = date(errors, field, value)?;
    if date_fin < aujourd_hui {
        errors.add(field, ErrorCode::DateFinPassee);
        return None;
    }
    Some(date_fin)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CreerAnnonceRequest {
    /// Required, 5000 characters at most, several lines allowed.
    pub description: Option<String>,
    /// How many days after today it stays active (its last day is today plus `jours`): a whole
    /// number from 1 to 365, as a number or digits; absent, 14.
    #[schema(value_type = Option<u32>)]
    pub jours: Option<Value>,
    /// Instead of `jours`, its last day (`yyyy-MM-dd`, not before today). Not both.
    pub date_fin: Option<String>,
}

/// Publishes an announcement (council members); every other user of the residence is notified.
#[utoipa::path(
    post,
    path = "/api/annonces/creer",
    operation_id = "creerAnnonce",
    tag = "annonces",
    request_body = CreerAnnonceRequest,
    responses(
        (status = 200, description = "The announcement published", body = AnnonceResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `description` missing or too long (`description_trop_longue`); `jours` not a whole number from 1 to 365 (`jours_invalide`); `date_fin` invalid, before today (`date_fin_passee`) or sent with `jours` (`valeur_invalide`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn creer(
    state: web::Data<AppState>,
    current: Syndic,
    request: ApiJson<CreerAnnonceRequest>,
) -> Result<web::Json<AnnonceResponse>, ApiError> {
    let request = request.into_inner();
    let aujourd_hui = state.today();
    let mut errors = FieldErrors::new();
    let description = description(&mut errors, request.description);
    let jours_envoyes = !matches!(request.jours, None | Some(Value::Null));
    let date_fin = match optional_text(request.date_fin) {
        Some(_) if jours_envoyes => {
            errors.add("date_fin", ErrorCode::ValeurInvalide);
            None
        }
        Some(texte) => date_fin_a_venir(&mut errors, "date_fin", Some(texte), aujourd_hui),
        None => jours(&mut errors, request.jours).and_then(|jours| {
            let fin = fin_apres(aujourd_hui, jours);
            if fin.is_none() {
                errors.add("jours", ErrorCode::JoursInvalide);
            }
            fin
        }),
    };
    let (Some(date_fin), true) = (date_fin, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let annonce = registre::creer(
        &state.db,
        current.residence_id,
        current.id,
        state.settings.clock.now(),
        &description,
        date_fin,
    )
    .await?;
    Ok(web::Json(AnnonceResponse {
        success: true,
        annonce: annonce.into(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierAnnonceRequest {
    pub id: Option<i64>,
    /// Required, 5000 characters at most.
    pub description: Option<String>,
    /// Its last day, `yyyy-MM-dd`, not before today.
    pub date_fin: Option<String>,
}

/// Corrects an announcement (council members): its text and its last day. An archived one
/// given a last day from today on is active again.
#[utoipa::path(
    post,
    path = "/api/annonces/modifier",
    operation_id = "modifierAnnonce",
    tag = "annonces",
    request_body = ModifierAnnonceRequest,
    responses(
        (status = 200, description = "Corrected", body = AnnonceSuccesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`annonce_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing; `description` missing or too long; `date_fin` missing, invalid or before today (`date_fin_passee`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn modifier(
    state: web::Data<AppState>,
    current: Syndic,
    request: ApiJson<ModifierAnnonceRequest>,
) -> Result<web::Json<AnnonceSuccesResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = required_id(&mut errors, "id", request.id);
    let description = description(&mut errors, request.description);
    let date_fin = if optional_text(request.date_fin.clone()).is_none() {
        errors.add("date_fin", ErrorCode::ChampObligatoire);
        None
    } else {
        date_fin_a_venir(&mut errors, "date_fin", request.date_fin, state.today())
    };
    let (Some(id), Some(date_fin), true) = (id, date_fin, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let modifiee = registre::modifier(
        &state.db,
        current.residence_id,
        id,
        current.id,
        state.settings.clock.now(),
        &description,
        date_fin,
    )
    .await?;
    if !modifiee {
        return Err(ErrorCode::AnnonceIntrouvable.into());
    }
    Ok(web::Json(AnnonceSuccesResponse { success: true }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerAnnonceRequest {
    pub id: Option<i64>,
}

/// Withdraws an announcement (council members): it leaves both lists; its row stays.
#[utoipa::path(
    post,
    path = "/api/annonces/supprimer",
    operation_id = "supprimerAnnonce",
    tag = "annonces",
    request_body = SupprimerAnnonceRequest,
    responses(
        (status = 200, description = "Withdrawn", body = AnnonceSuccesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`annonce_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn supprimer(
    state: web::Data<AppState>,
    current: Syndic,
    request: ApiJson<SupprimerAnnonceRequest>,
) -> Result<web::Json<AnnonceSuccesResponse>, ApiError> {
    let Some(id) = request.into_inner().id else {
        return Err(ApiError::field("id", ErrorCode::ChampObligatoire));
    };
    let retiree = registre::supprimer(
        &state.db,
        current.residence_id,
        id,
        current.id,
        state.settings.clock.now(),
    )
    .await?;
    if !retiree {
        return Err(ErrorCode::AnnonceIntrouvable.into());
    }
    Ok(web::Json(AnnonceSuccesResponse { success: true }))
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(actives, archivees, creer, modifier, supprimer),
    components(schemas(
        AnnonceDto,
        AnnoncesResponse,
        AnnonceResponse,
        AnnonceSuccesResponse,
        CreerAnnonceRequest,
        ModifierAnnonceRequest,
        SupprimerAnnonceRequest
    )),
    tags((name = "annonces", description = "The residence's announcements"))
)]
pub struct Api;
