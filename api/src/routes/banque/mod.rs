//! `/api/banque…`: the residence's bank accounts, the operations on them (cash withdrawals and
//! deposits, fees, interest), the transfers between them, and the reconciliation with its
//! pointing — spec 2 §2 "Banking", §3–§9; the answers are docs/api-banque.md's. The cheque
//! deposits are [`super::remises_cheques`]. The money rules are the ledger's
//! (`daftar_domain::banque`).
//!
//! Reads come from the bank read model ([`daftar_projections::banque`]); writes are ledger
//! commands, answered from the read model once the projector has passed them. Reading is for
//! council members (`syndic_required` for co-owners); every change is the treasurer's
//! (`finance_required`). Amounts go out as [`Dt`] and come in with up to three decimals.

pub mod comptes;
pub mod operations;
pub mod rapprochement;
pub mod releves;
pub mod transferts;

use actix_web::http::Method;
use actix_web::web;
use daftar_domain::banque as domaine;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_domain::Montant;
use daftar_projections::banque::{self, CompteRow};
use daftar_projections::Committed;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::auth::Finance;
use crate::error::{ApiError, ErrorCode, FieldErrors};
use crate::money::Dt;
use crate::request::{self, optional_line, required_text, Minimum, MontantSaisi, Precision};
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The read models these routes read (see [`ReadModels`]): the bank's, and the names of the
/// collections' cotisations, properties and payers, and the closed years.
pub(crate) const READS: ReadModels = ReadModels(&[
    daftar_projections::banque::MODEL,
    daftar_projections::exercices::MODEL,
    daftar_projections::revenus::MODEL,
    daftar_projections::revenus::ENCAISSEMENTS_MODEL,
    daftar_projections::proprietes::MODEL,
    daftar_projections::occupancy::MODEL,
    // The contracts' titles and clients, which name their receipts and cheques.
    daftar_projections::contrats::MODEL,
]);

/// The statements' routes read the bank's models and the statements'.
pub(crate) const READS_RELEVES: ReadModels = ReadModels(&[
    daftar_projections::banque::MODEL,
    daftar_projections::releves::MODEL,
    daftar_projections::exercices::MODEL,
    daftar_projections::revenus::MODEL,
    daftar_projections::revenus::ENCAISSEMENTS_MODEL,
    daftar_projections::proprietes::MODEL,
    daftar_projections::occupancy::MODEL,
    daftar_projections::contrats::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS_RELEVES,
        [
            resource("/banque/releves", Method::GET, releves::list),
            resource("/banque/releves/details", Method::GET, releves::details),
            resource("/banque/releves/apercu", Method::POST, releves::apercu),
            resource("/banque/releves/importer", Method::POST, releves::importer),
            resource(
                "/banque/releves/rapprocher",
                Method::POST,
                releves::rapprocher,
            ),
            resource("/banque/releves/defaire", Method::POST, releves::defaire),
            resource(
                "/banque/releves/creer-operation",
                Method::POST,
                releves::creer_operation,
            ),
        ],
    );
    register(
        cfg,
        READS,
        [
            resource("/banque/comptes", Method::GET, comptes::list),
            resource("/banque/comptes/creer", Method::POST, comptes::create),
            resource("/banque/comptes/modifier", Method::POST, comptes::update),
            resource("/banque/comptes/supprimer", Method::POST, comptes::delete),
            resource("/banque/operations", Method::GET, operations::list),
            resource("/banque/operations/creer", Method::POST, operations::create),
            resource(
                "/banque/operations/modifier",
                Method::POST,
                operations::update,
            ),
            resource(
                "/banque/operations/supprimer",
                Method::POST,
                operations::delete,
            ),
            resource(
                "/banque/operations/transferts",
                Method::GET,
                transferts::list,
            ),
            resource("/banque/transferts/creer", Method::POST, transferts::create),
            resource(
                "/banque/transferts/modifier",
                Method::POST,
                transferts::update,
            ),
            resource(
                "/banque/transferts/supprimer",
                Method::POST,
                transferts::delete,
            ),
            resource(
                "/banque/rapprochement",
                Method::GET,
                rapprochement::rapprochement,
            ),
            resource("/banque/pointer", Method::POST, rapprochement::pointer),
        ],
    );
}

/// Longest one-line text of a bank record (libellé, bank name, reference): the domain's.
const TEXTE_MAX: usize = 200;

/// A required one-line text of at most [`TEXTE_MAX`] characters; `trop_long` when longer.
fn texte_requis(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
    trop_long: ErrorCode,
) -> String {
    let text = required_text(errors, field, value);
    if text.chars().count() > TEXTE_MAX {
        errors.add(field, trop_long);
    }
    text
}

/// An optional one-line text of at most [`TEXTE_MAX`] characters (a reference, a SWIFT code).
fn ligne_facultative(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
) -> Option<String> {
    let text = optional_line(errors, field, value);
    if text
        .as_deref()
        .is_some_and(|t| t.chars().count() > TEXTE_MAX)
    {
        errors.add(field, ErrorCode::ReferenceTropLongue);
    }
    text
}

/// A bank amount: required, more than zero, up to three decimals (spec 2 §5 "Transfer").
fn montant_bancaire(errors: &mut FieldErrors, montant: Option<&MontantSaisi>) -> Option<Montant> {
    request::montant(
        errors,
        "montant",
        montant,
        (Precision::Millimes, Minimum::Positif),
        true,
    )
}

/// An account's id as an account field names it.
fn compte_requis(errors: &mut FieldErrors, field: &str, value: Option<i64>) -> Option<i64> {
    request::required_id(errors, field, value)
}

/// Reads a flag sent as a boolean or as 0/1 (the specification's client sends either): absent
/// or `null` is false.
fn drapeau(errors: &mut FieldErrors, field: &str, value: Option<Value>) -> bool {
    match value {
        None | Some(Value::Null) => false,
        Some(Value::Bool(flag)) => flag,
        Some(Value::Number(number)) if number.as_i64() == Some(0) => false,
        Some(Value::Number(number)) if number.as_i64() == Some(1) => true,
        Some(Value::String(text)) if matches!(text.trim(), "0" | "false") => false,
        Some(Value::String(text)) if matches!(text.trim(), "1" | "true") => true,
        Some(_) => {
            errors.add(field, ErrorCode::ValeurInvalide);
            false
        }
    }
}

/// A bank account's type (spec 2 §9 "Account types").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypeCompte {
    Courant,
    Epargne,
}

impl From<TypeCompte> for domaine::TypeCompte {
    fn from(value: TypeCompte) -> Self {
        match value {
            TypeCompte::Courant => Self::Courant,
            TypeCompte::Epargne => Self::Epargne,
        }
    }
}

impl From<domaine::TypeCompte> for TypeCompte {
    fn from(value: domaine::TypeCompte) -> Self {
        match value {
            domaine::TypeCompte::Courant => Self::Courant,
            domaine::TypeCompte::Epargne => Self::Epargne,
        }
    }
}

/// An operation on one account (spec 2 §9 "Bank operation types").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypeOperation {
    /// Cash taken from the bank into the cash box (money out of the account).
    Retrait,
    /// Cash taken from the cash box to the bank (money in).
    Depot,
    /// Bank fees (money out).
    Frais,
    /// Interest earned (money in).
    Interets,
}

impl From<TypeOperation> for domaine::TypeOperation {
    fn from(value: TypeOperation) -> Self {
        match value {
            TypeOperation::Retrait => Self::Retrait,
            TypeOperation::Depot => Self::Depot,
            TypeOperation::Frais => Self::Frais,
            TypeOperation::Interets => Self::Interets,
        }
    }
}

impl From<domaine::TypeOperation> for TypeOperation {
    fn from(value: domaine::TypeOperation) -> Self {
        match value {
            domaine::TypeOperation::Retrait => Self::Retrait,
            domaine::TypeOperation::Depot => Self::Depot,
            domaine::TypeOperation::Frais => Self::Frais,
            domaine::TypeOperation::Interets => Self::Interets,
        }
    }
}

/// An account as the selectors list it (the main account first, then by libellé).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CompteChoix {
    pub id: i64,
    pub libelle: String,
    pub is_main: bool,
}

impl From<&CompteRow> for CompteChoix {
    fn from(row: &CompteRow) -> Self {
        CompteChoix {
            id: row.id,
            libelle: row.libelle.clone(),
            is_main: row.is_main,
        }
    }
}

/// The accounts of the caller's residence with their balances today, main first.
pub(crate) async fn comptes_du_jour(
    state: &AppState,
    residence_id: i64,
) -> Result<Vec<CompteRow>, ApiError> {
    Ok(banque::comptes(&state.db, residence_id, state.today()).await?)
}

/// Runs a bank command for the treasurer (the API waits for the projector before answering,
/// so the read model holds what the command did).
pub(crate) async fn executer(
    state: &AppState,
    current: &Finance,
    request_id: &RequestId,
    command: domaine::BanqueCommand,
) -> Result<Committed<GrandLivre>, ApiError> {
    state
        .ledger
        .execute(
            ResidenceId(current.residence_id),
            GrandLivreCommand::Banque(command),
            UserId(current.id),
            request_id,
        )
        .await
}

/// The id a command's event gave its new record.
pub(crate) fn id_cree(
    committed: &Committed<GrandLivre>,
    id: impl Fn(&domaine::BanqueEvent) -> Option<i64>,
) -> Result<i64, ApiError> {
    committed
        .events
        .iter()
        .find_map(|envelope| match &envelope.payload {
            daftar_domain::grand_livre::GrandLivreEvent::Banque(event) => id(event),
            _ => None,
        })
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("the bank command created no record")))
}

/// A record the read model should hold once the projector has passed the command that wrote
/// it: missing, the projection lags (the command is committed either way).
pub(crate) fn lu<T>(record: Option<T>, what: &str) -> Result<T, ApiError> {
    record.ok_or_else(|| {
        ApiError::internal(anyhow::anyhow!(
            "{what} is committed but not yet in the bank read model"
        ))
    })
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(comptes::list, comptes::create, comptes::update, comptes::delete, operations::list, operations::create, operations::update, operations::delete, transferts::list, transferts::create, transferts::update, transferts::delete, rapprochement::rapprochement, rapprochement::pointer, releves::apercu, releves::importer, releves::list, releves::details, releves::rapprocher, releves::defaire, releves::creer_operation),
    components(schemas(TypeCompte, TypeOperation, CompteChoix, comptes::CompteBancaire, comptes::ComptesResponse, comptes::CompteRequest, comptes::ModifierCompteRequest, comptes::CompteResponse, comptes::SupprimerCompteRequest, operations::OperationBancaire, operations::CompteOperations, operations::OperationsResponse, operations::OperationRequest, operations::ModifierOperationRequest, operations::OperationResponse, operations::SupprimerOperationRequest, transferts::CompteRef, transferts::Transfert, transferts::TransfertsResponse, transferts::TransfertRequest, transferts::ModifierTransfertRequest, transferts::TransfertResponse, transferts::SupprimerTransfertRequest, rapprochement::TableLigne, rapprochement::TablePointage, rapprochement::DescriptionLigne, rapprochement::LigneRapprochement, rapprochement::ExerciceChoix, rapprochement::TotauxRapprochement, rapprochement::RapprochementResponse, rapprochement::PointerRequest, rapprochement::PointageResponse, releves::FormatReleveApi, releves::MappingApi, releves::ReleveFormulaire, releves::LigneApercu, releves::ApercuResponse, releves::MouvementReleve, releves::StatutLigne, releves::TypeSuggestion, releves::Suggestion, releves::LigneDetail, releves::CompteReleve, releves::ControleReleve, releves::Releve, releves::ReleveResponse, releves::ReleveActionResponse, releves::ReleveResume, releves::RelevesResponse, releves::MouvementRef, releves::RapprocherRequest, releves::LigneRequest, releves::CreerOperationRequest)),
    tags((name = "banque", description = "Bank accounts, operations, transfers and the reconciliation")),
)]
pub struct Api;

/// Amounts on the wire from the read model's.
fn dt(montant: Montant) -> Dt {
    Dt::from(montant)
}
