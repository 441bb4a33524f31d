//! The employees (spec 2 §2 `/syndic/salaires/salaries…`, §3 "Employee", §5 "Employee", §6
//! "is_finance or is_president", §8 "Delete … employee").

use actix_web::web;
use daftar_domain::salaires::{SalairesCommand, SalairesEvent};
use daftar_projections::salaires as vue;

use super::reponses::{PaiementSalaire, Salarie, SalarieDetail, SalarieResponse, SalariesResponse};
use super::requetes::{
    fiche_salarie, id_de_la_modification, IdFacultatifQuery, IdQuery, IdRequest, SalarieRequest,
};
use super::{executer, id_cree, lu};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{FinanceOuPresident, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The employee with its payments, as the read model holds it (`None` when unknown).
async fn detail(
    state: &AppState,
    residence_id: i64,
    salarie_id: i64,
) -> Result<Option<SalarieDetail>, ApiError> {
    let Some(row) = vue::salarie(&state.db, residence_id, salarie_id).await? else {
        return Ok(None);
    };
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    let paiements = vue::paiements_du_salarie(&state.db, residence_id, salarie_id)
        .await?
        .into_iter()
        .map(|p| PaiementSalaire::new(p, &clotures))
        .collect();
    Ok(Some(SalarieDetail {
        salarie: Salarie::new(row, state.today()),
        paiements,
    }))
}

/// The residence's employees: current ones first, then by name.
#[utoipa::path(
    get,
    path = "/api/salaries",
    operation_id = "getSalaries",
    tag = "salaries",
    responses(
        (status = 200, description = "The residence's employees", body = SalariesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<SalariesResponse>, ApiError> {
    let today = state.today();
    let mut salaries: Vec<Salarie> = vue::salaries(&state.db, current.residence_id)
        .await?
        .into_iter()
        .map(|row| Salarie::new(row, today))
        .collect();
    // Stable: by name within each group.
    salaries.sort_by_key(|s| !s.is_current);
    Ok(web::Json(SalariesResponse {
        success: true,
        salaries,
    }))
}

/// One employee with its salary payments, newest month first.
#[utoipa::path(
    get,
    path = "/api/salaries/details",
    operation_id = "getSalarieDetails",
    tag = "salaries",
    params(IdQuery),
    responses(
        (status = 200, description = "The employee and its payments", body = SalarieResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`salarie_inconnu`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`: missing or not an id)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn details(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<IdQuery>,
) -> Result<web::Json<SalarieResponse>, ApiError> {
    let salarie = detail(&state, current.residence_id, query.id)
        .await?
        .ok_or(ErrorCode::SalarieInconnu)?;
    Ok(web::Json(SalarieResponse {
        success: true,
        salarie,
    }))
}

/// The employee's form, or every wrong field.
fn lire(
    state: &AppState,
    request: SalarieRequest,
) -> Result<daftar_domain::salaires::FicheSalarie, ApiError> {
    let mut errors = FieldErrors::new();
    match fiche_salarie(&mut errors, request, state.today()) {
        Some(fiche) if errors.is_empty() => Ok(fiche),
        _ => Err(ApiError::validation(errors)),
    }
}

const CHAMPS: &str = "`validation_failed` (`errors.nom`, `errors.poste`: `champ_obligatoire`, `une_seule_ligne`, `texte_trop_long`; `errors.tel`: `champ_obligatoire`, `tel_invalide`; `errors.cin`: `cin_invalide`; `errors.charges_patronales`: `valeur_invalide`; `errors.salaire` (sans), `errors.salaire_brut` (avec): `champ_obligatoire`, `valeur_invalide`, `montant_positif`, `montant_decimales`, `montant_trop_eleve`; `errors.taux_global_charges_patronales` (avec): `champ_obligatoire`, `taux_invalide`; `errors.date_naissance`: `date_invalide`, `date_hors_plage`; `errors.date_debut`: `champ_obligatoire`, `date_invalide`, `date_hors_plage`; `errors.date_fin`: `date_invalide`, `date_hors_plage`, `fin_avant_debut`; `errors.numero_cnss`, `errors.rib`: `une_seule_ligne`, `valeur_invalide`)";

/// Records an employee (the treasurer or the president).
#[utoipa::path(
    post,
    path = "/api/salaries/creer",
    operation_id = "createSalarie",
    tag = "salaries",
    request_body = SalarieRequest,
    responses(
        (status = 200, description = "The new employee", body = SalarieResponse),
        (status = 403, description = "`finance_ou_president_required`", body = ErrorBody),
        (status = 422, description = CHAMPS, body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: FinanceOuPresident,
    request_id: RequestId,
    body: ApiJson<SalarieRequest>,
) -> Result<web::Json<SalarieResponse>, ApiError> {
    let fiche = lire(&state, body.into_inner())?;
    let command = SalairesCommand::CreerSalarie {
        fiche,
        aujourd_hui: state.today(),
    };
    let committed = executer(&state, &current, &request_id, command).await?;
    let salarie_id = id_cree(&committed, |event| match event {
        SalairesEvent::SalarieCree { salarie_id, .. } => Some(*salarie_id),
        _ => None,
    })?;
    let salarie = lu(
        detail(&state, current.residence_id, salarie_id).await?,
        "the employee",
    )?;
    Ok(web::Json(SalarieResponse {
        success: true,
        salarie,
    }))
}

/// Edits an employee: its whole record as sent (the treasurer or the president).
#[utoipa::path(
    post,
    path = "/api/salaries/modifier",
    operation_id = "modifierSalarie",
    tag = "salaries",
    params(IdFacultatifQuery),
    request_body = SalarieRequest,
    responses(
        (status = 200, description = "The employee as it now is", body = SalarieResponse),
        (status = 403, description = "`finance_ou_president_required`", body = ErrorBody),
        (status = 404, description = "`salarie_inconnu`", body = ErrorBody),
        (status = 422, description = "As for creation, plus `errors.id`: `champ_obligatoire` (no id in the query string nor the body)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: FinanceOuPresident,
    request_id: RequestId,
    query: ApiQuery<IdFacultatifQuery>,
    body: ApiJson<SalarieRequest>,
) -> Result<web::Json<SalarieResponse>, ApiError> {
    let request = body.into_inner();
    let salarie_id = id_de_la_modification(query.id, request.id)?;
    let fiche = lire(&state, request)?;
    let command = SalairesCommand::ModifierSalarie {
        salarie_id,
        fiche,
        aujourd_hui: state.today(),
    };
    executer(&state, &current, &request_id, command).await?;
    let salarie = lu(
        detail(&state, current.residence_id, salarie_id).await?,
        "the employee",
    )?;
    Ok(web::Json(SalarieResponse {
        success: true,
        salarie,
    }))
}

/// Deletes an employee without payments (the treasurer or the president).
#[utoipa::path(
    post,
    path = "/api/salaries/supprimer",
    operation_id = "supprimerSalarie",
    tag = "salaries",
    request_body = IdRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_ou_president_required`", body = ErrorBody),
        (status = 404, description = "`salarie_inconnu`", body = ErrorBody),
        (status = 422, description = "`salarie_avec_paiements` (delete its payments first), or `validation_failed` (`errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: FinanceOuPresident,
    request_id: RequestId,
    body: ApiJson<IdRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = SalairesCommand::SupprimerSalarie {
        salarie_id: body.id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}
