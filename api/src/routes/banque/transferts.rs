//! Transfers between two accounts of the residence (spec 2 §2
//! `/syndic/banque/transferts-intercomptes`, §3 "Transfer", §5 "Transfer"). A transfer is two
//! movements, one on each account, pointed each on its own in the reconciliation.

use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::banque::{BanqueCommand, BanqueEvent, DemandeTransfert};
use daftar_projections::banque::{self, TransfertRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{
    compte_requis, comptes_du_jour, dt, executer, id_cree, ligne_facultative, lu, montant_bancaire,
    CompteChoix,
};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::ApiJson;
use crate::money::Dt;
use crate::request::{date_requise, optional_text, required_id, MontantSaisi};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// An account named in a transfer.
#[derive(Debug, Serialize, ToSchema)]
pub struct CompteRef {
    pub id: i64,
    pub libelle: String,
}

/// A transfer (spec 2 §3 "Transfer").
#[derive(Debug, Serialize, ToSchema)]
pub struct Transfert {
    pub id: i64,
    pub compte_source: CompteRef,
    pub compte_destination: CompteRef,
    pub montant: Dt,
    pub date: NaiveDate,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
    /// Its date lies in a closed exercice: it can no longer be changed (403 `exercice_cloture`).
    pub is_closed: bool,
}

fn transfert(row: TransfertRow, clotures: &ExercicesClotures) -> Transfert {
    Transfert {
        is_closed: clotures.date(row.date),
        id: row.id,
        compte_source: CompteRef {
            id: row.source,
            libelle: row.source_libelle,
        },
        compte_destination: CompteRef {
            id: row.destination,
            libelle: row.destination_libelle,
        },
        montant: dt(row.montant),
        date: row.date,
        reference: row.reference,
        commentaire: row.commentaire,
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TransfertsResponse {
    pub success: bool,
    pub has_bank: bool,
    /// Newest first.
    pub transferts: Vec<Transfert>,
    pub comptes_bancaires: Vec<CompteChoix>,
}

/// The transfers of the caller's residence, and its accounts for the form's selectors.
#[utoipa::path(
    get,
    path = "/api/banque/operations/transferts",
    operation_id = "getTransferts",
    tag = "banque",
    responses(
        (status = 200, description = "The residence's transfers", body = TransfertsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<TransfertsResponse>, ApiError> {
    let residence = current.residence_id;
    let comptes = comptes_du_jour(&state, residence).await?;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let transferts = banque::transferts(&state.db, residence, None)
        .await?
        .into_iter()
        .map(|row| transfert(row, &clotures))
        .collect();
    Ok(web::Json(TransfertsResponse {
        success: true,
        has_bank: !comptes.is_empty(),
        transferts,
        comptes_bancaires: comptes.iter().map(CompteChoix::from).collect(),
    }))
}

/// `POST /api/banque/transferts/creer` body. Fields are optional here only so that every missing
/// or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TransfertRequest {
    /// The account the money leaves.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub compte_source: Option<i64>,
    /// The account the money reaches: another one (`comptes_identiques`).
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub compte_destination: Option<i64>,
    /// DT > 0, up to three decimals.
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    /// `yyyy-MM-dd`, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date: Option<String>,
    #[serde(default)]
    pub reference: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
}

/// `POST /api/banque/transferts/modifier` body: the transfer's id and the form as for creation.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierTransfertRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub id: Option<i64>,
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub compte_source: Option<i64>,
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub compte_destination: Option<i64>,
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date: Option<String>,
    #[serde(default)]
    pub reference: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
}

/// The form's fields of a transfer, every wrong one recorded. That the two accounts differ is
/// the ledger's rule (`comptes_identiques`).
fn demande(
    errors: &mut FieldErrors,
    (compte_source, compte_destination): (Option<i64>, Option<i64>),
    montant: Option<&MontantSaisi>,
    date: Option<String>,
    (reference, commentaire): (Option<String>, Option<String>),
) -> Option<DemandeTransfert> {
    let source = compte_requis(errors, "compte_source", compte_source);
    let destination = compte_requis(errors, "compte_destination", compte_destination);
    let montant = montant_bancaire(errors, montant);
    let date = date_requise(errors, "date", date);
    let reference = ligne_facultative(errors, "reference", reference);
    Some(DemandeTransfert {
        source: source?,
        destination: destination?,
        montant: montant?,
        date: date?,
        reference,
        commentaire: optional_text(commentaire),
    })
}

impl TryFrom<TransfertRequest> for DemandeTransfert {
    type Error = ApiError;

    fn try_from(request: TransfertRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let demande = demande(
            &mut errors,
            (request.compte_source, request.compte_destination),
            request.montant.as_ref(),
            request.date,
            (request.reference, request.commentaire),
        );
        match demande {
            Some(demande) if errors.is_empty() => Ok(demande),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// A valid edit of a transfer.
struct ModificationTransfert {
    transfert_id: i64,
    demande: DemandeTransfert,
}

impl TryFrom<ModifierTransfertRequest> for ModificationTransfert {
    type Error = ApiError;

    fn try_from(request: ModifierTransfertRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let transfert_id = required_id(&mut errors, "id", request.id);
        let demande = demande(
            &mut errors,
            (request.compte_source, request.compte_destination),
            request.montant.as_ref(),
            request.date,
            (request.reference, request.commentaire),
        );
        match (transfert_id, demande) {
            (Some(transfert_id), Some(demande)) if errors.is_empty() => Ok(ModificationTransfert {
                transfert_id,
                demande,
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TransfertResponse {
    pub success: bool,
    pub transfert: Transfert,
}

async fn transfert_lu(
    state: &AppState,
    residence_id: i64,
    transfert_id: i64,
) -> Result<Transfert, ApiError> {
    let row = banque::transferts(&state.db, residence_id, Some(transfert_id))
        .await?
        .into_iter()
        .next();
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    Ok(transfert(lu(row, "the transfer")?, &clotures))
}

/// Records a transfer between two different accounts of the residence.
#[utoipa::path(
    post,
    path = "/api/banque/transferts/creer",
    operation_id = "createTransfert",
    tag = "banque",
    request_body = TransfertRequest,
    responses(
        (status = 200, description = "The new transfer", body = TransfertResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`comptes_identiques`, or `validation_failed` (`errors.compte_source`, `errors.compte_destination`, `errors.montant`, `errors.date`, `errors.reference`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<TransfertRequest>,
) -> Result<web::Json<TransfertResponse>, ApiError> {
    let demande = DemandeTransfert::try_from(body.into_inner())?;
    let committed = executer(
        &state,
        &current,
        &request_id,
        BanqueCommand::CreerTransfert(demande),
    )
    .await?;
    let transfert_id = id_cree(&committed, |event| match event {
        BanqueEvent::TransfertCree { transfert_id, .. } => Some(*transfert_id),
        _ => None,
    })?;
    Ok(web::Json(TransfertResponse {
        success: true,
        transfert: transfert_lu(&state, current.residence_id, transfert_id).await?,
    }))
}

/// Edits a transfer (its old and new dates in open exercices): both its sides are unpointed.
#[utoipa::path(
    post,
    path = "/api/banque/transferts/modifier",
    operation_id = "modifierTransfert",
    tag = "banque",
    request_body = ModifierTransfertRequest,
    responses(
        (status = 200, description = "The transfer as it now is", body = TransfertResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`transfert_inconnu` or `compte_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`comptes_identiques`, or `validation_failed` (as for creation, plus `errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn update(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierTransfertRequest>,
) -> Result<web::Json<TransfertResponse>, ApiError> {
    let ModificationTransfert {
        transfert_id,
        demande,
    } = body.into_inner().try_into()?;
    let command = BanqueCommand::ModifierTransfert {
        transfert_id,
        demande,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(TransfertResponse {
        success: true,
        transfert: transfert_lu(&state, current.residence_id, transfert_id).await?,
    }))
}

/// `POST /api/banque/transferts/supprimer` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerTransfertRequest {
    pub transfert_id: i64,
}

/// Deletes a transfer whose date lies in an open exercice.
#[utoipa::path(
    post,
    path = "/api/banque/transferts/supprimer",
    operation_id = "supprimerTransfert",
    tag = "banque",
    request_body = SupprimerTransfertRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`transfert_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.transfert_id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<SupprimerTransfertRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = BanqueCommand::SupprimerTransfert {
        transfert_id: body.transfert_id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}
