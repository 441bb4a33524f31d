//! The salary payments (spec 2 §2 `/syndic/salaires/salaries/gerer/{id}…`, §3 "Salary
//! payment", §5 "Salary payment", §8): the treasurer's.

use actix_web::web;
use daftar_domain::salaires::{SalairesCommand, SalairesEvent};
use daftar_projections::salaires as vue;

use super::reponses::{PaiementSalaire, PaiementSalaireResponse};
use super::requetes::{
    id_de_la_modification, saisie_paiement_salaire, IdFacultatifQuery, IdRequest,
    PaiementSalaireRequest,
};
use super::{executer, id_cree, lu};
use crate::answers::SignedInWrite;
use crate::auth::Finance;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The payment as the read model holds it.
async fn paiement_lu(
    state: &AppState,
    residence_id: i64,
    paiement_id: i64,
) -> Result<PaiementSalaireResponse, ApiError> {
    let row = vue::paiement_salaire(&state.db, residence_id, paiement_id).await?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    Ok(PaiementSalaireResponse {
        success: true,
        paiement: PaiementSalaire::new(lu(row, "the salary payment")?, &clotures),
    })
}

/// Pays an employee's salary for a month.
#[utoipa::path(
    post,
    path = "/api/salaires/payer",
    operation_id = "payerSalaire",
    tag = "salaires",
    request_body = PaiementSalaireRequest,
    responses(
        (status = 200, description = "The payment", body = PaiementSalaireResponse),
        (status = 403, description = "`finance_required`; `exercice_cloture` (the date is in a closed exercice)", body = ErrorBody),
        (status = 404, description = "`salarie_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`date_paiement_future`, or `validation_failed` (`errors.salarie_id`: `champ_obligatoire`; `errors.montant`: `champ_obligatoire`, `valeur_invalide`, `montant_positif`, `montant_decimales`, `montant_trop_eleve`; `errors.mois`: `mois_invalide`; `errors.date_paiement`: `champ_obligatoire`, `date_invalide`; `errors.methode_paiement`: `champ_obligatoire`, `methode_paiement_salaire_invalide`; `errors.reference_piece_justificative`: `une_seule_ligne`, `reference_trop_longue`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn pay(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<PaiementSalaireRequest>,
) -> Result<web::Json<PaiementSalaireResponse>, ApiError> {
    let request = body.into_inner();
    let mut errors = FieldErrors::new();
    if request.salarie_id.is_none() {
        errors.add("salarie_id", ErrorCode::ChampObligatoire);
    }
    let salarie_id = request.salarie_id;
    let saisie = saisie_paiement_salaire(&mut errors, request, false);
    let (Some(salarie_id), Some(paiement)) = (salarie_id, saisie) else {
        return Err(ApiError::validation(errors));
    };
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    let command = SalairesCommand::PayerSalaire {
        salarie_id,
        paiement,
        aujourd_hui: state.today(),
    };
    let committed = executer(&state, &current, &request_id, command).await?;
    let paiement_id = id_cree(&committed, |event| match event {
        SalairesEvent::SalairePaye { paiement_id, .. } => Some(*paiement_id),
        _ => None,
    })?;
    Ok(web::Json(
        paiement_lu(&state, current.residence_id, paiement_id).await?,
    ))
}

/// Edits a salary payment: the whole payment as sent (its date and its new date both in an
/// open exercice).
#[utoipa::path(
    post,
    path = "/api/salaires/paiement/modifier",
    operation_id = "modifierPaiementSalaire",
    tag = "salaires",
    params(IdFacultatifQuery),
    request_body = PaiementSalaireRequest,
    responses(
        (status = 200, description = "The payment as it now is", body = PaiementSalaireResponse),
        (status = 403, description = "`finance_required`; `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`paiement_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "As for the payment, plus `errors.mois`: `champ_obligatoire`; `errors.id`: `champ_obligatoire`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    query: ApiQuery<IdFacultatifQuery>,
    body: ApiJson<PaiementSalaireRequest>,
) -> Result<web::Json<PaiementSalaireResponse>, ApiError> {
    let request = body.into_inner();
    let paiement_id = id_de_la_modification(query.id, request.id)?;
    let mut errors = FieldErrors::new();
    let Some(paiement) = saisie_paiement_salaire(&mut errors, request, true) else {
        return Err(ApiError::validation(errors));
    };
    let command = SalairesCommand::ModifierPaiementSalaire {
        paiement_id,
        paiement,
        aujourd_hui: state.today(),
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(
        paiement_lu(&state, current.residence_id, paiement_id).await?,
    ))
}

/// Deletes a salary payment dated in an open exercice.
#[utoipa::path(
    post,
    path = "/api/salaires/paiement/supprimer",
    operation_id = "supprimerPaiementSalaire",
    tag = "salaires",
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
    let command = SalairesCommand::SupprimerPaiementSalaire {
        paiement_id: body.id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}
