//! `/api/remises-cheques…`: the cheques received and not yet deposited, and their deposits onto
//! a bank account (spec 2 §2 `/syndic/banque/remises-cheques`, §3 "Cheque deposit", §5 "Cheque
//! deposit", §8: a deposited cheque's payment cannot be corrected or cancelled, 409
//! `cheque_remis`). Deleting a deposit makes its cheques pending again.
//!
//! The pending cheques are the collections, the revenue contracts' payments and the
//! exceptional revenues received by cheque, each with its `origine`; their ids are one
//! sequence (the ledger's receipts), so `cheque_ids` names them without their origin.

use actix_web::http::Method;
use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::banque::{BanqueCommand, BanqueEvent, TableMouvement};
use daftar_projections::banque::{self, ChequeRow, RemiseRow};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::money::Dt;
use crate::request::{date_requise, optional_line, optional_text, required_id};
use crate::routes::banque::{comptes_du_jour, executer, id_cree, lu, CompteChoix, READS};
use crate::routes::{register, resource, Success};
use crate::startup::AppState;
use crate::telemetry::RequestId;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/remises-cheques", Method::GET, list),
            resource("/remises-cheques/cheques", Method::GET, cheques),
            resource("/remises-cheques/creer", Method::POST, create),
            resource("/remises-cheques/supprimer", Method::DELETE, delete),
        ],
    );
}

/// Where a cheque was received.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrigineCheque {
    /// A collection of a cotisation (`id` is the encaissement's).
    Encaissement,
    /// A payment of a revenue contract (`id` is the payment's).
    Contrat,
    /// An exceptional revenue (`id` is the revenue's).
    RevenuExceptionnel,
}

impl From<TableMouvement> for OrigineCheque {
    fn from(table: TableMouvement) -> Self {
        match table {
            TableMouvement::PaiementContrat => OrigineCheque::Contrat,
            TableMouvement::RevenuExceptionnel => OrigineCheque::RevenuExceptionnel,
            _ => OrigineCheque::Encaissement,
        }
    }
}

/// A cheque received.
#[derive(Debug, Serialize, ToSchema)]
pub struct Cheque {
    /// The receipt's id: unique across the three origins.
    pub id: i64,
    pub origine: OrigineCheque,
    pub montant: Dt,
    /// When it was received.
    pub date: NaiveDate,
    /// The cheque's number as typed with the payment.
    pub reference: Option<String>,
    /// Who wrote it: the payer of the due it pays, or the client of the contract or revenue.
    pub tireur: Option<String>,
    /// The property of the due it pays (collections only).
    pub propriete: Option<String>,
    /// What it pays: the cotisation's, contract's or revenue's title.
    pub libelle: String,
}

fn cheque(row: ChequeRow) -> Cheque {
    Cheque {
        id: row.encaissement_id,
        origine: row.origine.into(),
        montant: Dt::from(row.montant),
        date: row.date,
        reference: row.reference,
        tireur: row.tireur,
        propriete: row.propriete,
        libelle: row.cotisation.unwrap_or_else(|| "Encaissement".to_owned()),
    }
}

/// A cheque deposit (spec 2 §3 "Cheque deposit").
#[derive(Debug, Serialize, ToSchema)]
pub struct Remise {
    pub id: i64,
    pub date: NaiveDate,
    pub compte_id: i64,
    /// The account's libellé.
    pub compte_nom: String,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
    /// The total of its cheques.
    pub montant: Dt,
    /// Oldest first.
    pub cheques: Vec<Cheque>,
    /// Its date lies in a closed exercice: it can no longer be deleted (403 `exercice_cloture`).
    pub is_closed: bool,
}

fn remise(row: RemiseRow, clotures: &ExercicesClotures) -> Remise {
    Remise {
        is_closed: clotures.date(row.date),
        id: row.id,
        date: row.date,
        compte_id: row.compte_id,
        compte_nom: row.compte_libelle,
        reference: row.reference,
        commentaire: row.commentaire,
        montant: Dt::from(row.montant),
        cheques: row.cheques.into_iter().map(cheque).collect(),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RemisesResponse {
    pub success: bool,
    /// Whether the residence has a bank account (the list shows the no-bank prompt when not).
    pub has_bank: bool,
    /// Newest first.
    pub remises: Vec<Remise>,
}

/// The cheque deposits of the caller's residence with their cheques.
#[utoipa::path(
    get,
    path = "/api/remises-cheques",
    operation_id = "getRemisesCheques",
    tag = "remises-cheques",
    responses(
        (status = 200, description = "The residence's cheque deposits", body = RemisesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<RemisesResponse>, ApiError> {
    let residence = current.residence_id;
    let comptes = comptes_du_jour(&state, residence).await?;
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    let remises = banque::remises(&state.db, residence, None)
        .await?
        .into_iter()
        .map(|row| remise(row, &clotures))
        .collect();
    Ok(web::Json(RemisesResponse {
        success: true,
        has_bank: !comptes.is_empty(),
        remises,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ChequesResponse {
    pub success: bool,
    pub has_bank: bool,
    /// The accounts a deposit may go to (the main account first).
    pub comptes: Vec<CompteChoix>,
    /// Every cheque received and not deposited, oldest first.
    pub cheques: Vec<Cheque>,
}

/// The cheques received and not yet deposited, and the accounts for the deposit form.
#[utoipa::path(
    get,
    path = "/api/remises-cheques/cheques",
    operation_id = "getChequesEnAttente",
    tag = "remises-cheques",
    responses(
        (status = 200, description = "The pending cheques", body = ChequesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn cheques(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<ChequesResponse>, ApiError> {
    let residence = current.residence_id;
    let comptes = comptes_du_jour(&state, residence).await?;
    let cheques = banque::cheques_en_attente(&state.db, residence)
        .await?
        .into_iter()
        .map(cheque)
        .collect();
    Ok(web::Json(ChequesResponse {
        success: true,
        has_bank: !comptes.is_empty(),
        comptes: comptes.iter().map(CompteChoix::from).collect(),
        cheques,
    }))
}

/// `POST /api/remises-cheques/creer` body. Fields are optional here only so that every missing
/// or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RemiseRequest {
    /// The account the cheques are deposited onto.
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub compte_id: Option<i64>,
    /// The pending cheques deposited (`id`s of `/remises-cheques/cheques`): at least one
    /// (`aucun_cheque`).
    #[serde(default)]
    #[schema(value_type = Vec<i64>, required = true)]
    pub cheque_ids: Option<Vec<i64>>,
    /// `yyyy-MM-dd`: not before any of its cheques was received, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date: Option<String>,
    #[serde(default)]
    pub reference: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
}

impl TryFrom<RemiseRequest> for BanqueCommand {
    type Error = ApiError;

    fn try_from(request: RemiseRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let compte_id = required_id(&mut errors, "compte_id", request.compte_id);
        let date = date_requise(&mut errors, "date", request.date);
        let reference = optional_line(&mut errors, "reference", request.reference);
        match (compte_id, date) {
            (Some(compte_id), Some(date)) if errors.is_empty() => Ok(BanqueCommand::CreerRemise {
                compte_id,
                // None selected is the ledger's refusal (`aucun_cheque`).
                cheques: request.cheque_ids.unwrap_or_default(),
                date,
                reference,
                commentaire: optional_text(request.commentaire),
            }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RemiseResponse {
    pub success: bool,
    pub remise: Remise,
}

/// Deposits pending cheques onto an account: they leave the pending list, and their payments can
/// no longer be corrected or cancelled until the deposit is deleted.
#[utoipa::path(
    post,
    path = "/api/remises-cheques/creer",
    operation_id = "createRemiseCheques",
    tag = "remises-cheques",
    request_body = RemiseRequest,
    responses(
        (status = 200, description = "The new deposit", body = RemiseResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`aucun_cheque`, `cheque_indisponible` (not a pending cheque), `remise_avant_cheque`, or `validation_failed` (`errors.compte_id`, `errors.cheque_ids`, `errors.date`, `errors.reference`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<RemiseRequest>,
) -> Result<web::Json<RemiseResponse>, ApiError> {
    let command = BanqueCommand::try_from(body.into_inner())?;
    let committed = executer(&state, &current, &request_id, command).await?;
    let remise_id = id_cree(&committed, |event| match event {
        BanqueEvent::RemiseChequesCreee { remise_id, .. } => Some(*remise_id),
        _ => None,
    })?;
    let residence = current.residence_id;
    let row = banque::remises(&state.db, residence, Some(remise_id))
        .await?
        .into_iter()
        .next();
    let clotures = ExercicesClotures::of(&state.db, residence).await?;
    Ok(web::Json(RemiseResponse {
        success: true,
        remise: remise(lu(row, "the deposit")?, &clotures),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SupprimerRemiseQuery {
    /// The deposit's id.
    pub id: i64,
}

/// Deletes a deposit: its cheques are pending again.
#[utoipa::path(
    delete,
    path = "/api/remises-cheques/supprimer",
    operation_id = "supprimerRemiseCheques",
    tag = "remises-cheques",
    params(SupprimerRemiseQuery),
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`remise_inconnue`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    query: ApiQuery<SupprimerRemiseQuery>,
) -> Result<web::Json<Success>, ApiError> {
    let command = BanqueCommand::SupprimerRemise {
        remise_id: query.id,
    };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list, cheques, create, delete),
    components(schemas(OrigineCheque, Cheque, Remise, RemisesResponse, ChequesResponse, RemiseRequest, RemiseResponse)),
    tags((name = "remises-cheques", description = "Cheque deposits")),
)]
pub struct Api;
