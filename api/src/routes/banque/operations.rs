//! Operations on one account: cash withdrawals and deposits, bank fees, interest earned (spec 2
//! §2 `/syndic/banque/retraits-espece`, `/depots-espece`, `/frais-bancaires`,
//! `/interets-gagnes`; §3 "Bank operation"; §5 "Withdrawal, deposit, fee and interest forms").

use std::collections::BTreeMap;

use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::banque::{BanqueCommand, BanqueEvent, FicheOperation};
use daftar_projections::banque::{self, OperationRow};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{
    compte_requis, comptes_du_jour, dt, executer, id_cree, lu, montant_bancaire, texte_requis,
    TypeOperation,
};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::money::Dt;
use crate::request::{date, date_requise, enumeration, optional_text, required_id, MontantSaisi};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// A bank operation (spec 2 §3 "Bank operation").
#[derive(Debug, Serialize, ToSchema)]
pub struct OperationBancaire {
    pub id: i64,
    pub libelle: String,
    #[serde(rename = "type")]
    pub type_operation: TypeOperation,
    /// Positive whatever its direction (its type says it).
    pub montant: Dt,
    pub date: NaiveDate,
    /// When the bank booked it (its pointing); `null` while not pointed.
    pub date_banque: Option<NaiveDate>,
    pub commentaire: Option<String>,
    /// Its date lies in a closed exercice: it can no longer be changed (403 `exercice_cloture`).
    pub is_closed: bool,
    pub compte_id: i64,
}

fn operation(row: OperationRow, clotures: &ExercicesClotures) -> OperationBancaire {
    OperationBancaire {
        is_closed: clotures.date(row.date),
        id: row.id,
        libelle: row.libelle,
        type_operation: row.type_operation.into(),
        montant: dt(row.montant),
        date: row.date,
        date_banque: row.date_banque,
        commentaire: row.commentaire,
        compte_id: row.compte_id,
    }
}

/// An account with its operations of the type asked.
#[derive(Debug, Serialize, ToSchema)]
pub struct CompteOperations {
    pub id: i64,
    pub libelle: String,
    pub is_main: bool,
    /// Newest first.
    pub operations: Vec<OperationBancaire>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OperationsResponse {
    pub success: bool,
    pub has_bank: bool,
    /// Every account (the main one first, then by libellé), each with its operations.
    pub comptes: Vec<CompteOperations>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OperationsQuery {
    /// The type of the operations listed.
    pub categorie: TypeOperation,
}

/// The operations of one type of the caller's residence, per account.
#[utoipa::path(
    get,
    path = "/api/banque/operations",
    operation_id = "getOperationsBancaires",
    tag = "banque",
    params(OperationsQuery),
    responses(
        (status = 200, description = "Each account with its operations of the type asked", body = OperationsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.categorie`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<OperationsQuery>,
) -> Result<web::Json<OperationsResponse>, ApiError> {
    let residence = current.residence_id;
    let comptes = comptes_du_jour(&state, residence).await?;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let mut par_compte: BTreeMap<i64, Vec<OperationBancaire>> = BTreeMap::new();
    for row in banque::operations(&state.db, residence, query.categorie.into()).await? {
        par_compte
            .entry(row.compte_id)
            .or_default()
            .push(operation(row, &clotures));
    }
    Ok(web::Json(OperationsResponse {
        success: true,
        has_bank: !comptes.is_empty(),
        comptes: comptes
            .into_iter()
            .map(|compte| CompteOperations {
                operations: par_compte.remove(&compte.id).unwrap_or_default(),
                id: compte.id,
                libelle: compte.libelle,
                is_main: compte.is_main,
            })
            .collect(),
    }))
}

/// `POST /api/banque/operations/creer` body. Fields are optional here only so that every missing
/// or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct OperationRequest {
    /// Required, 200 characters at most.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub libelle: Option<String>,
    #[serde(default, rename = "type")]
    #[schema(value_type = TypeOperation, required = true)]
    pub type_operation: Option<String>,
    /// DT > 0, up to three decimals.
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    /// `yyyy-MM-dd`, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date: Option<String>,
    /// `yyyy-MM-dd`: when the bank booked it (points it); empty: not pointed.
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub date_banque: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
    /// The account's id.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub compte: Option<i64>,
}

/// `POST /api/banque/operations/modifier` body (the account does not change).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierOperationRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    #[serde(default, rename = "type")]
    #[schema(value_type = TypeOperation, required = true)]
    pub type_operation: Option<String>,
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub libelle: Option<String>,
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<String>, format = Date)]
    pub date_banque: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
}

/// The form's fields of an operation, every wrong one recorded.
fn fiche(
    errors: &mut FieldErrors,
    (libelle, type_operation): (Option<String>, Option<String>),
    montant: Option<&MontantSaisi>,
    (date_operation, date_banque): (Option<String>, Option<String>),
    commentaire: Option<String>,
) -> Option<FicheOperation> {
    let libelle = texte_requis(errors, "libelle", libelle, ErrorCode::LibelleInvalide);
    let type_operation: Option<TypeOperation> = enumeration(
        errors,
        "type",
        type_operation,
        ErrorCode::TypeOperationInvalide,
    );
    let montant = montant_bancaire(errors, montant);
    let date_operation = date_requise(errors, "date", date_operation);
    let date_banque = date(errors, "date_banque", date_banque);
    Some(FicheOperation {
        type_operation: type_operation?.into(),
        libelle,
        montant: montant?,
        date: date_operation?,
        date_banque,
        commentaire: optional_text(commentaire),
    })
}

/// A valid new operation.
struct NouvelleOperation {
    compte_id: i64,
    fiche: FicheOperation,
}

impl TryFrom<OperationRequest> for NouvelleOperation {
    type Error = ApiError;

    fn try_from(request: OperationRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let compte_id = compte_requis(&mut errors, "compte", request.compte);
        let fiche = fiche(
            &mut errors,
            (request.libelle, request.type_operation),
            request.montant.as_ref(),
            (request.date, request.date_banque),
            request.commentaire,
        );
        match (compte_id, fiche) {
            (Some(compte_id), Some(fiche)) if errors.is_empty() => {
                Ok(NouvelleOperation { compte_id, fiche })
            }
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// A valid edit of an operation.
struct ModificationOperation {
    operation_id: i64,
    fiche: FicheOperation,
}

impl TryFrom<ModifierOperationRequest> for ModificationOperation {
    type Error = ApiError;

    fn try_from(request: ModifierOperationRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let operation_id = required_id(&mut errors, "id", request.id);
        let fiche = fiche(
            &mut errors,
            (request.libelle, request.type_operation),
            request.montant.as_ref(),
            (request.date, request.date_banque),
            request.commentaire,
        );
        match (operation_id, fiche) {
            (Some(operation_id), Some(fiche)) if errors.is_empty() => Ok(ModificationOperation {
                operation_id,
                fiche,
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OperationResponse {
    pub success: bool,
    pub operation: OperationBancaire,
}

async fn operation_lue(
    state: &AppState,
    residence_id: i64,
    operation_id: i64,
) -> Result<OperationBancaire, ApiError> {
    let row = banque::operation(&state.db, residence_id, operation_id).await?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    Ok(operation(lu(row, "the operation")?, &clotures))
}

/// Records an operation on an account. No rule checks that the account holds enough: a bank
/// account may be overdrawn, and the books show it.
#[utoipa::path(
    post,
    path = "/api/banque/operations/creer",
    operation_id = "createOperationBancaire",
    tag = "banque",
    request_body = OperationRequest,
    responses(
        (status = 200, description = "The new operation", body = OperationResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.libelle`, `errors.type`: `type_operation_invalide`, `errors.montant`: `montant_decimales`, `montant_positif`…, `errors.date`, `errors.date_banque`, `errors.compte`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<OperationRequest>,
) -> Result<web::Json<OperationResponse>, ApiError> {
    let NouvelleOperation { compte_id, fiche } = body.into_inner().try_into()?;
    let committed = executer(
        &state,
        &current,
        &request_id,
        BanqueCommand::CreerOperation { compte_id, fiche },
    )
    .await?;
    let operation_id = id_cree(&committed, |event| match event {
        BanqueEvent::OperationBancaireCreee { operation_id, .. } => Some(*operation_id),
        _ => None,
    })?;
    Ok(web::Json(OperationResponse {
        success: true,
        operation: operation_lue(&state, current.residence_id, operation_id).await?,
    }))
}

/// Edits an operation (its old and new dates in open exercices); its `date_banque` is its
/// pointing.
#[utoipa::path(
    post,
    path = "/api/banque/operations/modifier",
    operation_id = "modifierOperationBancaire",
    tag = "banque",
    request_body = ModifierOperationRequest,
    responses(
        (status = 200, description = "The operation as it now is", body = OperationResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`operation_inconnue`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (as for creation, plus `errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierOperationRequest>,
) -> Result<web::Json<OperationResponse>, ApiError> {
    let ModificationOperation {
        operation_id,
        fiche,
    } = body.into_inner().try_into()?;
    let command = BanqueCommand::ModifierOperation {
        operation_id,
        fiche,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(OperationResponse {
        success: true,
        operation: operation_lue(&state, current.residence_id, operation_id).await?,
    }))
}

/// `POST /api/banque/operations/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerOperationRequest {
    pub operation_id: i64,
}

/// Deletes an operation whose date lies in an open exercice.
#[utoipa::path(
    post,
    path = "/api/banque/operations/supprimer",
    operation_id = "supprimerOperationBancaire",
    tag = "banque",
    request_body = SupprimerOperationRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`operation_inconnue`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.operation_id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<SupprimerOperationRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = BanqueCommand::SupprimerOperation {
        operation_id: body.operation_id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}
