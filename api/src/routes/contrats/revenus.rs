//! The exceptional revenues (spec 1 §2 `/syndic/revenus/revenus-exceptionnels`, §3
//! "Exceptional revenue", §5, §8): money received once (old lift parts sold, an insurance
//! refund), in cash, by cheque (a pending cheque of the deposits) or by transfer.

use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::contrats::{ContratsCommand, ContratsEvent, FicheRevenuExceptionnel};
use daftar_projections::contrats::{self as vue, RevenuRow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::contrat::{lire_paiement, ContratIdRequest, ContratNomRef, MethodePaiementContratApi};
use super::{executer, id_cree, lu};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::ApiJson;
use crate::money::Dt;
use crate::request::{optional_text, required_text, MontantSaisi};
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// Longest title (the domain's).
const TITRE_MAX: usize = 200;

/// How an exceptional revenue is received.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MethodeRevenuApi {
    Espece,
    Cheque,
    Virement,
}

/// An exceptional revenue (spec 1 §3).
#[derive(Debug, Serialize, ToSchema)]
pub struct RevenuExceptionnel {
    pub id: i64,
    pub titre: String,
    pub montant: Dt,
    pub date_paiement: NaiveDate,
    pub methode_paiement: MethodePaiementContratApi,
    pub reference_paiement: Option<String>,
    pub commentaire: Option<String>,
    pub client: Option<ContratNomRef>,
    pub client_nom: Option<String>,
    /// The bank account a transfer entered; `null` for cash and cheques.
    pub compte_id: Option<i64>,
    /// Its date is in a closed exercice: it can no longer be deleted.
    pub is_closed: bool,
    /// A cheque already in a deposit: it can no longer be deleted.
    pub cheque_remis: bool,
}

impl RevenuExceptionnel {
    fn new(row: RevenuRow, clotures: &ExercicesClotures) -> Self {
        RevenuExceptionnel {
            is_closed: clotures.date(row.date_paiement),
            id: row.id,
            titre: row.titre,
            montant: row.montant.into(),
            date_paiement: row.date_paiement,
            methode_paiement: row.methode.into(),
            reference_paiement: row.reference,
            commentaire: row.commentaire,
            client_nom: row.client.as_ref().map(|c| c.nom.clone()),
            client: row.client.map(|c| ContratNomRef {
                id: c.id,
                nom: c.nom,
            }),
            compte_id: row.compte_id,
            cheque_remis: row.cheque_remis,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RevenusResponse {
    pub success: bool,
    /// Newest first.
    pub data: Vec<RevenuExceptionnel>,
}

/// The residence's exceptional revenues, newest first.
#[utoipa::path(
    get,
    path = "/api/revenus-exceptionnels",
    operation_id = "getRevenusExceptionnels",
    tag = "revenus-exceptionnels",
    responses(
        (status = 200, description = "The exceptional revenues", body = RevenusResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<RevenusResponse>, ApiError> {
    let clotures = ExercicesClotures::of(&state.db, current.residence_id).await?;
    let data = vue::revenus(&state.db, current.residence_id, None)
        .await?
        .into_iter()
        .map(|row| RevenuExceptionnel::new(row, &clotures))
        .collect();
    Ok(web::Json(RevenusResponse {
        success: true,
        data,
    }))
}

/// `POST /api/revenus-exceptionnels/creer` body. Fields are optional here only so that every
/// missing or wrong one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct RevenuRequest {
    /// Required, 200 characters at most.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub titre: Option<String>,
    /// DT > 0, up to three decimals, no maximum.
    #[serde(default)]
    #[schema(value_type = Dt, required = true)]
    pub montant: Option<MontantSaisi>,
    /// `yyyy-MM-dd`, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date_paiement: Option<String>,
    #[serde(default)]
    #[schema(value_type = MethodeRevenuApi, required = true)]
    pub methode_paiement: Option<String>,
    /// Kept for `cheque` and `virement` only.
    #[serde(default)]
    pub reference_paiement: Option<String>,
    #[serde(default)]
    pub commentaire: Option<String>,
    /// A client's id, or null / empty.
    #[serde(default)]
    #[schema(value_type = Option<i64>)]
    pub client: Option<Value>,
}

/// A client's id sent as a number or a numeric string; null or empty is none.
fn client_id(errors: &mut FieldErrors, value: Option<Value>) -> Option<i64> {
    let id = match value {
        None | Some(Value::Null) => return None,
        Some(Value::String(text)) if text.trim().is_empty() => return None,
        Some(Value::String(text)) => text.trim().parse::<i64>().ok(),
        Some(Value::Number(number)) => number.as_i64(),
        Some(_) => None,
    };
    match id {
        Some(id) if id > 0 => Some(id),
        _ => {
            errors.add("client", ErrorCode::ValeurInvalide);
            None
        }
    }
}

fn fiche(request: RevenuRequest) -> Result<FicheRevenuExceptionnel, ApiError> {
    let mut errors = FieldErrors::new();
    let titre = required_text(&mut errors, "titre", request.titre);
    if titre.chars().count() > TITRE_MAX {
        errors.add("titre", ErrorCode::TitreTropLong);
    }
    // `enligne` is the expense side's: an exceptional revenue is received in cash, by cheque
    // or by transfer.
    if request
        .methode_paiement
        .as_deref()
        .is_some_and(|m| m.trim() == "enligne")
    {
        errors.add("methode_paiement", ErrorCode::MethodePaiementInvalide);
    }
    let methode = request.methode_paiement;
    let paiement = lire_paiement(
        &mut errors,
        (request.montant.as_ref(), request.date_paiement),
        methode,
        request.reference_paiement,
    );
    let client_id = client_id(&mut errors, request.client);
    match paiement {
        Some(paiement) if errors.is_empty() => Ok(FicheRevenuExceptionnel {
            titre,
            montant: paiement.montant,
            date_paiement: paiement.date_paiement,
            methode: paiement.methode,
            reference: paiement.reference,
            commentaire: optional_text(request.commentaire),
            client_id,
        }),
        _ => Err(ApiError::validation(errors)),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RevenuResponse {
    pub success: bool,
    pub revenu: RevenuExceptionnel,
}

/// Records an exceptional revenue.
#[utoipa::path(
    post,
    path = "/api/revenus-exceptionnels/creer",
    operation_id = "createRevenuExceptionnel",
    tag = "revenus-exceptionnels",
    request_body = RevenuRequest,
    responses(
        (status = 200, description = "The new revenue", body = RevenuResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`client_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`titre`, `montant`, `date_paiement`, `methode_paiement`: `methode_paiement_invalide`, `client`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn create(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<RevenuRequest>,
) -> Result<web::Json<RevenuResponse>, ApiError> {
    let fiche = fiche(body.into_inner())?;
    let command = ContratsCommand::EnregistrerRevenuExceptionnel { fiche };
    let committed = executer(&state, &current, &request_id, command).await?;
    let revenu_id = id_cree(&committed, |event| match event {
        ContratsEvent::RevenuExceptionnelEnregistre { revenu_id, .. } => Some(*revenu_id),
        _ => None,
    })?;
    let clotures = ExercicesClotures::of(&state.db, current.residence_id).await?;
    let row = vue::revenus(&state.db, current.residence_id, Some(revenu_id))
        .await?
        .into_iter()
        .next();
    Ok(web::Json(RevenuResponse {
        success: true,
        revenu: RevenuExceptionnel::new(lu(row, "the revenue")?, &clotures),
    }))
}

/// Deletes an exceptional revenue.
#[utoipa::path(
    post,
    path = "/api/revenus-exceptionnels/supprimer",
    operation_id = "supprimerRevenuExceptionnel",
    tag = "revenus-exceptionnels",
    request_body = ContratIdRequest,
    responses(
        (status = 200, description = "Deleted", body = Success),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`revenu_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`, or `cheque_remis` (its cheque is deposited)", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`: missing or not an id)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn delete(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ContratIdRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let command = ContratsCommand::SupprimerRevenuExceptionnel { revenu_id: body.id };
    executer(&state, &current, &request_id, command).await?;
    Ok(web::Json(Success::new()))
}
