//! `POST /api/paiement-en-ligne/reglements` (finance): the online payment gateway's settlement
//! to a bank account (issue 21): D 512 net, D 627 fees, C 5115 gross; its date under the
//! closed-year guard.

use actix_web::http::Method;
use actix_web::{web, HttpResponse};
use daftar_domain::banque::{BanqueCommand, BanqueEvent};
use daftar_domain::grand_livre::{GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::{ResidenceId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::SignedInWrite;
use crate::auth::Finance;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::money::Dt;
use crate::request::{self, date, optional_text, required_id, Minimum, MontantSaisi, Precision};
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        ReadModels::NONE,
        [resource(
            "/paiement-en-ligne/reglements",
            Method::POST,
            creer,
        )],
    );
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReglementRequest {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    pub compte_id: Option<i64>,
    /// `yyyy-MM-dd`, in an open exercice.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub date: Option<String>,
    /// What the gateway collected and settles (DT, up to three decimals), > 0.
    #[serde(default)]
    #[schema(value_type = f64, required = true)]
    pub montant_brut: Option<MontantSaisi>,
    /// The gateway's fees (DT, up to three decimals), 0 to the gross.
    #[serde(default)]
    #[schema(value_type = f64, required = true)]
    pub frais: Option<MontantSaisi>,
    #[serde(default)]
    pub reference: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[schema(as = ReglementPasserelleResponse)]
pub struct ReglementResponse {
    pub success: bool,
    pub id: i64,
    /// What landed on the account: gross − fees.
    pub montant_net: Dt,
}

/// Records the gateway's settlement to a bank account of the residence.
#[utoipa::path(
    post,
    path = "/api/paiement-en-ligne/reglements",
    operation_id = "enregistrerReglementPasserelle",
    tag = "paiement-en-ligne",
    request_body = ReglementRequest,
    responses(
        (status = 201, description = "Recorded", body = ReglementResponse),
        (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
        (status = 404, description = "`compte_inconnu`", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.compte_id`, `errors.date`, `errors.montant_brut`, `errors.frais` `frais_superieurs_au_brut`, `errors.reference`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn creer(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ReglementRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let mut errors = FieldErrors::new();
    let compte_id = required_id(&mut errors, "compte_id", body.compte_id);
    let date = date(&mut errors, "date", body.date);
    let montant_brut = request::montant(
        &mut errors,
        "montant_brut",
        body.montant_brut.as_ref(),
        (Precision::Millimes, Minimum::Positif),
        true,
    );
    let frais = request::montant(
        &mut errors,
        "frais",
        body.frais.as_ref(),
        (Precision::Millimes, Minimum::Zero),
        false,
    )
    .unwrap_or(daftar_domain::Montant::ZERO);
    if montant_brut.is_some_and(|brut| frais > brut) {
        errors.add("frais", ErrorCode::FraisSuperieursAuBrut);
    }
    let reference = optional_text(body.reference);
    if reference.as_ref().is_some_and(|r| r.chars().count() > 200) {
        errors.add("reference", ErrorCode::ReferenceTropLongue);
    }
    errors.into_result()?;
    let (Some(compte_id), Some(date), Some(montant_brut)) = (compte_id, date, montant_brut) else {
        return Err(ErrorCode::ValidationFailed.into());
    };
    let committed = state
        .ledger
        .execute(
            ResidenceId(current.residence_id),
            GrandLivreCommand::Banque(BanqueCommand::EnregistrerReglementPasserelle {
                compte_id,
                date,
                montant_brut,
                frais,
                reference,
            }),
            UserId(current.user.id),
            &request_id,
        )
        .await?;
    let id = committed
        .events
        .iter()
        .find_map(|envelope| match &envelope.payload {
            GrandLivreEvent::Banque(BanqueEvent::ReglementPasserelleEnregistre {
                reglement_id,
                ..
            }) => Some(*reglement_id),
            _ => None,
        })
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no settlement recorded")))?;
    let net = montant_brut
        .checked_sub(frais)
        .unwrap_or(daftar_domain::Montant::ZERO);
    Ok(HttpResponse::Created().json(ReglementResponse {
        success: true,
        id,
        montant_net: Dt::from(net),
    }))
}
