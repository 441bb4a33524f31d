//! The employer-charge payments (spec 2 §2 `/syndic/salaires/charges-patronales…`, §3
//! "Employer-charge payment", §5, §8): the treasurer's.

use actix_web::web;
use daftar_domain::salaires::{SalairesCommand, SalairesEvent};
use daftar_projections::salaires as vue;

use super::reponses::{ChargePatronale, ChargePatronaleResponse, ChargesPatronalesResponse};
use super::requetes::{
    id_de_la_modification, saisie_charge_patronale, ChargePatronaleRequest, IdFacultatifQuery,
    IdRequest,
};
use super::{executer, id_cree, lu};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The payment as the read model holds it.
async fn charge_lue(
    state: &AppState,
    residence_id: i64,
    charge_id: i64,
) -> Result<ChargePatronaleResponse, ApiError> {
    let row = vue::charge_patronale(&state.db, residence_id, charge_id).await?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    Ok(ChargePatronaleResponse {
        success: true,
        charge_patronale_paiement: ChargePatronale::new(
            lu(row, "the employer-charge payment")?,
            &clotures,
        ),
    })
}

/// The form's fields, or every wrong one.
fn lire(
    request: ChargePatronaleRequest,
) -> Result<daftar_domain::salaires::SaisieChargePatronale, ApiError> {
    let mut errors = FieldErrors::new();
    saisie_charge_patronale(&mut errors, request).ok_or_else(|| ApiError::validation(errors))
}

/// The residence's employer-charge payments, newest first.
#[utoipa::path(
    get,
    path = "/api/charges-patronales",
    operation_id = "getChargesPatronales",
    tag = "charges-patronales",
    responses(
        (status = 200, description = "The payments", body = ChargesPatronalesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<ChargesPatronalesResponse>, ApiError> {
    let clotures = ExercicesClotures::of(&state.db, current.residence_id).await?;
    let paiements = vue::charges_patronales(&state.db, current.residence_id)
        .await?
        .into_iter()
        .map(|row| ChargePatronale::new(row, &clotures))
        .collect();
    Ok(web::Json(ChargesPatronalesResponse {
        success: true,
        paiements,
    }))
}

const CHAMPS: &str = "`validation_failed` (`errors.titre`: `champ_obligatoire`, `une_seule_ligne`, `titre_trop_long`; `errors.montant`: `champ_obligatoire`, `valeur_invalide`, `montant_positif`, `montant_decimales`, `montant_trop_eleve`; `errors.date_paiement`: `champ_obligatoire`, `date_invalide`; `errors.methode_paiement`: `champ_obligatoire`, `methode_paiement_depense_invalide`; `errors.reference_piece_justificative`: `une_seule_ligne`, `reference_trop_longue`)";

/// Records an employer-charge payment.
#[utoipa::path(
    post,
    path = "/api/charges-patronales/creer",
    operation_id = "createChargePatronale",
    tag = "charges-patronales",
    request_body = ChargePatronaleRequest,
    responses(
        (status = 200, description = "The payment", body = ChargePatronaleResponse),
        (status = 403, description = "`finance_required`; `exercice_cloture`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = CHAMPS, body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ChargePatronaleRequest>,
) -> Result<web::Json<ChargePatronaleResponse>, ApiError> {
    let saisie = lire(body.into_inner())?;
    let command = SalairesCommand::PayerChargePatronale { saisie };
    let committed = executer(&state, &current, &request_id, command).await?;
    let charge_id = id_cree(&committed, |event| match event {
        SalairesEvent::ChargePatronalePayee { charge_id, .. } => Some(*charge_id),
        _ => None,
    })?;
    Ok(web::Json(
        charge_lue(&state, current.residence_id, charge_id).await?,
    ))
}

/// Edits an employer-charge payment: the whole payment as sent (its date and its new date both
/// in an open exercice).
#[utoipa::path(
    post,
    path = "/api/charges-patronales/modifier",
    operation_id = "modifierChargePatronale",
    tag = "charges-patronales",
    params(IdFacultatifQuery),
    request_body = ChargePatronaleRequest,
    responses(
        (status = 200, description = "The payment as it now is", body = ChargePatronaleResponse),
        (status = 403, description = "`finance_required`; `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`paiement_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "As for creation, plus `errors.id`: `champ_obligatoire`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    query: ApiQuery<IdFacultatifQuery>,
    body: ApiJson<ChargePatronaleRequest>,
) -> Result<web::Json<ChargePatronaleResponse>, ApiError> {
    let request = body.into_inner();
    let charge_id = id_de_la_modification(query.id, request.id)?;
    let saisie = lire(request)?;
    let command = SalairesCommand::ModifierChargePatronale { charge_id, saisie };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(
        charge_lue(&state, current.residence_id, charge_id).await?,
    ))
}

/// Deletes an employer-charge payment dated in an open exercice.
#[utoipa::path(
    post,
    path = "/api/charges-patronales/supprimer",
    operation_id = "supprimerChargePatronale",
    tag = "charges-patronales",
    request_body = IdRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required`; `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`paiement_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`: missing or not an id)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<IdRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = SalairesCommand::SupprimerChargePatronale { charge_id: body.id };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}
