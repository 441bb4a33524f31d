//! `/api/proprietes/historique…`: a property's occupancy history, and the president's changes
//! to it (spec 2 §2, §5 "Occupation edit", "Occupation create", §6, §7, §8 "Delete occupation").

use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_domain::occupation::OccupationId;
use daftar_projections::occupancy::{self, OccupantRow, OccupationRow};
use daftar_projections::proprietes;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{President, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::{ApiJson, ApiQuery};
use crate::request;
use crate::routes::occupants::fields::{self, Sexe, TypeOccupation};
use crate::routes::occupants::sign_in;
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;
use daftar_domain::occupation::OccupationCommand;
use daftar_domain::occupation::OccupationEvent;

/// One line of a property's occupancy history: an occupation and its occupant.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OccupationLine {
    pub occupation_id: i64,
    /// The occupant's id.
    pub id: i64,
    pub nom: String,
    pub tel: Option<String>,
    pub email: Option<String>,
    pub sexe: Sexe,
    pub type_occupation: TypeOccupation,
    pub date_debut: NaiveDate,
    /// `null` while the occupation lasts.
    pub date_fin: Option<NaiveDate>,
    /// The occupation covers today.
    pub is_current: bool,
    /// The occupation is designated payer (for its own period).
    pub is_payer: bool,
    /// The occupation is the one whose occupant pays the property's dues today.
    pub is_current_payer: bool,
}

impl From<OccupationRow> for OccupationLine {
    fn from(row: OccupationRow) -> Self {
        Self {
            occupation_id: row.occupation_id,
            id: row.occupant.id,
            nom: row.occupant.nom,
            tel: row.occupant.tel,
            email: row.occupant.email,
            sexe: row.occupant.sexe.into(),
            type_occupation: row.type_occupation.into(),
            date_debut: row.date_debut,
            date_fin: row.date_fin,
            is_current: row.is_current,
            is_payer: row.is_payer,
            is_current_payer: row.is_current_payer,
        }
    }
}

/// A line as the ledger decided it, for the answer of a write (independent of how far the read
/// models have caught up).
fn line_in_ledger(
    livre: &GrandLivre,
    occupation_id: OccupationId,
    today: NaiveDate,
) -> Result<OccupationLine, ApiError> {
    let missing =
        || ApiError::internal(anyhow::anyhow!("occupation {occupation_id} not in ledger"));
    let occupation = livre
        .occupancy
        .occupation(occupation_id)
        .ok_or_else(missing)?;
    let occupant = livre
        .occupancy
        .occupant(occupation.occupant_id)
        .ok_or_else(missing)?;
    let payer_today = livre
        .occupancy
        .occupation_payeuse(occupation.propriete_id, today)
        .map(|(id, _)| id);
    Ok(OccupationLine::from(OccupationRow {
        occupation_id,
        propriete_id: occupation.propriete_id,
        occupant: OccupantRow {
            id: occupation.occupant_id,
            nom: occupant.nom.clone(),
            tel: occupant.tel.clone(),
            email: occupant.email.clone(),
            sexe: occupant.sexe,
        },
        type_occupation: occupation.type_occupation,
        date_debut: occupation.date_debut,
        date_fin: occupation.date_fin,
        is_payer: occupation.is_payer,
        is_current: occupation.couvre(today),
        is_current_payer: payer_today == Some(occupation_id),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[into_params(parameter_in = Query)]
pub struct HistoriqueQuery {
    /// The property's id.
    pub id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Historique {
    #[serde(rename = "proprieteNom")]
    pub propriete_nom: String,
    /// Newest first.
    pub occupants: Vec<OccupationLine>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HistoriqueResponse {
    pub success: bool,
    pub data: Historique,
}

/// The occupancy history of one property of the caller's residence, newest first, with the
/// current and payer badges for today (Tunisia's date).
#[utoipa::path(
    get,
    path = "/api/proprietes/historique",
    operation_id = "getHistorique",
    tag = "proprietes",
    params(HistoriqueQuery),
    responses(
        (status = 200, description = "The property's occupancy history", body = HistoriqueResponse),
        (status = 403, description = "`syndic_required`, `user_inactive` or `residence_inactive`", body = ErrorBody),
        (status = 404, description = "`not_found`: no such property in the residence", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing or not a number", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn historique(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<HistoriqueQuery>,
) -> Result<web::Json<HistoriqueResponse>, ApiError> {
    let residence = current.residence_id;
    let propriete = proprietes::list(&state.db, residence)
        .await?
        .into_iter()
        .find(|row| row.id == query.id)
        .ok_or(ErrorCode::NotFound)?;
    let rows =
        occupancy::historique(&state.db, residence, Some(propriete.id), state.today()).await?;
    Ok(web::Json(HistoriqueResponse {
        success: true,
        data: Historique {
            propriete_nom: propriete.nom,
            occupants: rows.into_iter().map(OccupationLine::from).collect(),
        },
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OccupationResponse {
    pub success: bool,
    pub occupation: OccupationLine,
}

/// `POST /api/proprietes/historique/creer` body. Fields are optional here only so that every
/// missing or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CreateOccupationRequest {
    /// The occupant's id.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub occupant: Option<i64>,
    #[serde(default)]
    #[schema(value_type = TypeOccupation, required = true)]
    pub type_occupation: Option<String>,
    /// `yyyy-MM-dd`.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_debut: Option<String>,
    /// `yyyy-MM-dd`, not before `date_debut`; empty or `null` while the occupation lasts.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub date_fin: Option<String>,
    /// The property's id.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub propriete: Option<i64>,
    /// Whether the occupant pays the property's dues during this occupation. Absent: yes when
    /// the property has no payer on `date_debut`, else no.
    #[serde(default)]
    pub is_payer: Option<bool>,
}

/// A valid new occupation.
struct NewOccupation {
    propriete_id: i64,
    occupant_id: i64,
    type_occupation: TypeOccupation,
    date_debut: NaiveDate,
    date_fin: Option<NaiveDate>,
    is_payer: Option<bool>,
}

impl TryFrom<CreateOccupationRequest> for NewOccupation {
    type Error = ApiError;

    fn try_from(request: CreateOccupationRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let occupant_id = request::required_id(&mut errors, "occupant", request.occupant);
        let type_occupation =
            fields::type_occupation(&mut errors, "type_occupation", request.type_occupation);
        let period = request::period(&mut errors, request.date_debut, request.date_fin);
        let propriete_id = request::required_id(&mut errors, "propriete", request.propriete);
        match (occupant_id, type_occupation, period, propriete_id) {
            (
                Some(occupant_id),
                Some(type_occupation),
                Some((date_debut, date_fin)),
                Some(propriete_id),
            ) if errors.is_empty() => Ok(Self {
                propriete_id,
                occupant_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer: request.is_payer,
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// Adds an occupation to a property's history. The payer rule is checked by the ledger: every
/// occupied day must keep a payer (422 `payeur_manquant`).
#[utoipa::path(
    post,
    path = "/api/proprietes/historique/creer",
    operation_id = "createOccupation",
    tag = "proprietes",
    request_body = CreateOccupationRequest,
    responses(
        (status = 200, description = "The created line of the history", body = OccupationResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`propriete_inconnue` or `occupant_inconnu` (not in the residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.occupant`, `errors.type_occupation`, `errors.date_debut`, `errors.date_fin`, `errors.propriete`), `dates_occupation_invalides` or `payeur_manquant`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create_occupation(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    body: ApiJson<CreateOccupationRequest>,
) -> Result<web::Json<OccupationResponse>, ApiError> {
    let new = NewOccupation::try_from(body.into_inner())?;
    let residence = ResidenceId(current.residence_id);
    let is_payer = match new.is_payer {
        Some(is_payer) => is_payer,
        // Only a default: the ledger still checks the payer rule with whatever is decided here.
        None => {
            state
                .ledger
                .read_since(residence, current.ledger_head, |livre, _| {
                    Ok(livre
                        .occupancy
                        .payeur(new.propriete_id, new.date_debut)
                        .is_none())
                })
                .await?
        }
    };
    let command = GrandLivreCommand::Occupation(OccupationCommand::AjouterOccupation {
        propriete_id: new.propriete_id,
        occupant_id: new.occupant_id,
        type_occupation: new.type_occupation.into(),
        date_debut: new.date_debut,
        date_fin: new.date_fin,
        is_payer,
    });
    let committed = state
        .ledger
        .execute(residence, command, UserId(current.id), &request_id)
        .await?;
    let occupation_id = committed
        .events
        .iter()
        .find_map(|envelope| match envelope.payload {
            GrandLivreEvent::Occupation(OccupationEvent::OccupationAjoutee {
                occupation_id,
                ..
            }) => Some(occupation_id),
            _ => None,
        })
        .ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!("AjouterOccupation produced no event"))
        })?;
    let occupation = state
        .ledger
        .read_after(residence, &committed, |livre| {
            line_in_ledger(livre, occupation_id, state.today())
        })
        .await?;
    Ok(web::Json(OccupationResponse {
        success: true,
        occupation,
    }))
}

/// `POST /api/proprietes/historique/modifier` body: the occupation and its occupant, corrected
/// together. Fields are optional here only so that every missing or wrong one is reported under
/// its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct UpdateOccupationRequest {
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub occupant_nom: Option<String>,
    /// Empty or exactly 8 digits. Gives a co-owner sign-in with this number.
    #[serde(default)]
    pub occupant_tel: Option<String>,
    /// Empty or a valid address.
    #[serde(default)]
    pub occupant_email: Option<String>,
    #[serde(default)]
    #[schema(value_type = Sexe, required = true)]
    pub occupant_sexe: Option<String>,
    #[serde(default)]
    #[schema(value_type = TypeOccupation, required = true)]
    pub type_occupation: Option<String>,
    /// `yyyy-MM-dd`.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_debut: Option<String>,
    /// `yyyy-MM-dd`, not before `date_debut`; empty or `null` while the occupation lasts.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub date_fin: Option<String>,
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub occupation_id: Option<i64>,
    /// The occupation's occupant.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub occupant_id: Option<i64>,
    /// Absent: unchanged.
    #[serde(default)]
    pub is_payer: Option<bool>,
}

/// A valid correction of an occupation and its occupant.
struct Correction {
    occupation_id: i64,
    occupant_id: i64,
    nom: String,
    tel: Option<String>,
    email: Option<String>,
    sexe: Sexe,
    type_occupation: TypeOccupation,
    date_debut: NaiveDate,
    date_fin: Option<NaiveDate>,
    is_payer: Option<bool>,
}

impl TryFrom<UpdateOccupationRequest> for Correction {
    type Error = ApiError;

    fn try_from(request: UpdateOccupationRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let nom = request::required_text(&mut errors, "occupant_nom", request.occupant_nom);
        let tel = request::tel(&mut errors, "occupant_tel", request.occupant_tel);
        let email = request::email(&mut errors, "occupant_email", request.occupant_email);
        let sexe = fields::sexe(&mut errors, "occupant_sexe", request.occupant_sexe);
        let type_occupation =
            fields::type_occupation(&mut errors, "type_occupation", request.type_occupation);
        let period = request::period(&mut errors, request.date_debut, request.date_fin);
        let occupation_id =
            request::required_id(&mut errors, "occupation_id", request.occupation_id);
        let occupant_id = request::required_id(&mut errors, "occupant_id", request.occupant_id);
        match (sexe, type_occupation, period, occupation_id, occupant_id) {
            (
                Some(sexe),
                Some(type_occupation),
                Some((date_debut, date_fin)),
                Some(occupation_id),
                Some(occupant_id),
            ) if errors.is_empty() => Ok(Self {
                occupation_id,
                occupant_id,
                nom,
                tel,
                email,
                sexe,
                type_occupation,
                date_debut,
                date_fin,
                is_payer: request.is_payer,
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// Corrects an occupation and its occupant: one ledger command (`CorrigerOccupation`), so both
/// changes are recorded together or not at all; parts that change nothing record nothing.
#[utoipa::path(
    post,
    path = "/api/proprietes/historique/modifier",
    operation_id = "updateOccupation",
    tag = "proprietes",
    request_body = UpdateOccupationRequest,
    responses(
        (status = 200, description = "The corrected line of the history", body = OccupationResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`occupation_inconnue` (not in the residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.occupant_nom`, `errors.occupant_tel`, `errors.occupant_email`, `errors.occupant_sexe`, `errors.type_occupation`, `errors.date_debut`, `errors.date_fin`, `errors.occupation_id`, `errors.occupant_id`), `tel_deja_utilise`, `dates_occupation_invalides` or `payeur_manquant`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update_occupation(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    body: ApiJson<UpdateOccupationRequest>,
) -> Result<web::Json<OccupationResponse>, ApiError> {
    let correction = Correction::try_from(body.into_inner())?;
    let residence = ResidenceId(current.residence_id);
    let occupation = state
        .ledger
        .read_since(residence, current.ledger_head, |livre, _| {
            livre
                .occupancy
                .occupation(correction.occupation_id)
                .cloned()
                .ok_or_else(|| ErrorCode::OccupationInconnue.into())
        })
        .await?;
    if occupation.occupant_id != correction.occupant_id {
        return Err(ApiError::field("occupant_id", ErrorCode::OccupantDifferent));
    }
    let command = GrandLivreCommand::Occupation(OccupationCommand::CorrigerOccupation {
        occupation_id: correction.occupation_id,
        occupant_id: correction.occupant_id,
        nom: correction.nom.clone(),
        tel: correction.tel.clone(),
        email: correction.email.clone(),
        sexe: correction.sexe.into(),
        type_occupation: correction.type_occupation.into(),
        date_debut: correction.date_debut,
        date_fin: correction.date_fin,
        is_payer: correction.is_payer.unwrap_or(occupation.is_payer),
    });
    let tel = correction.tel.as_deref();
    let needed = sign_in::check(&state.db, residence.0, tel).await?;
    let committed = state
        .ledger
        .execute(residence, command, UserId(current.id), &request_id)
        .await?;
    sign_in::grant(&state.db, residence.0, tel, &correction.nom, needed).await?;
    let occupation = state
        .ledger
        .read_after(residence, &committed, |livre| {
            line_in_ledger(livre, correction.occupation_id, state.today())
        })
        .await?;
    Ok(web::Json(OccupationResponse {
        success: true,
        occupation,
    }))
}

/// `POST /api/proprietes/historique/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteOccupationRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub occupation_id: Option<i64>,
}

/// Removes an occupation entered by mistake. The occupation paying today cannot be removed
/// (422 `occupation_payeur_non_supprimable`), nor one whose removal leaves an occupied day
/// without payer (422 `payeur_manquant`).
#[utoipa::path(
    post,
    path = "/api/proprietes/historique/supprimer",
    operation_id = "deleteOccupation",
    tag = "proprietes",
    request_body = DeleteOccupationRequest,
    responses(
        (status = 200, description = "Removed", body = Success),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`occupation_inconnue` (not in the residence)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.occupation_id`), `occupation_payeur_non_supprimable` or `payeur_manquant`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete_occupation(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    body: ApiJson<DeleteOccupationRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let occupation_id = body
        .into_inner()
        .occupation_id
        .ok_or_else(|| ApiError::field("occupation_id", ErrorCode::ChampObligatoire))?;
    let command = GrandLivreCommand::Occupation(OccupationCommand::SupprimerOccupation {
        occupation_id,
        aujourd_hui: state.today(),
    });
    state
        .ledger
        .execute(
            ResidenceId(current.residence_id),
            command,
            UserId(current.id),
            &request_id,
        )
        .await?;
    Ok(web::Json(Success::new()))
}
