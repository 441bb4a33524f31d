//! `GET /api/exercices/soldes-cloture?id=`: the money a fiscal year ends with (spec 2 §3
//! "Closing balances"), from the books.

use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::comptabilite::Compte;
use daftar_domain::Montant;
use daftar_projections::{comptabilite, exercices};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::answers::SignedIn;
use crate::auth::Finance;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiQuery;
use crate::money::Dt;
use crate::startup::AppState;

/// `?id=`: the fiscal year (its calendar year).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExerciceIdQuery {
    /// The fiscal year's id: its calendar year.
    pub id: i32,
}

/// A bank account's balance at the end of the year.
#[derive(Debug, Serialize, ToSchema)]
pub struct SoldeBanque {
    /// The bank account's id; null for bank receipts recorded before any account existed.
    pub compte_id: Option<i64>,
    pub compte_nom: String,
    pub solde: Dt,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SoldesClotureResponse {
    pub success: bool,
    /// The cash box (account 53) at the end of 31 December.
    pub cash: Dt,
    /// Each bank account (512NNN) at the end of 31 December, in the accounts' order.
    pub banks: Vec<SoldeBanque>,
    /// cash + Σ banks (cheques not yet deposited are not treasury).
    pub total: Dt,
}

/// The year's closing balances (the closing screen shows them before the treasurer confirms).
#[utoipa::path(
    get,
    path = "/api/exercices/soldes-cloture",
    operation_id = "getSoldesCloture",
    tag = "exercices",
    params(ExerciceIdQuery),
    responses(
        (status = 200, description = "Cash, each bank account and the total at 31 December", body = SoldesClotureResponse),
        (status = 403, description = "`finance_required`", body = ErrorBody),
        (status = 404, description = "`exercice_inconnu`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`: missing or not a year)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn soldes_cloture(
    state: web::Data<AppState>,
    current: Finance,
    query: ApiQuery<ExerciceIdQuery>,
) -> Result<web::Json<SoldesClotureResponse>, ApiError> {
    let residence = current.residence_id;
    let annee = query.id;
    let fin = NaiveDate::from_ymd_opt(annee, 12, 31).ok_or(ErrorCode::ExerciceInconnu)?;
    if !exercices::existe(&state.db, residence, annee).await? {
        return Err(ErrorCode::ExerciceInconnu.into());
    }
    let tresorerie = comptabilite::tresorerie(&state.db, residence, fin).await?;
    let libelles = comptabilite::libelles_bancaires(&state.db, residence).await?;
    let mut banks: Vec<SoldeBanque> = libelles
        .iter()
        .map(|(id, libelle)| SoldeBanque {
            compte_id: Some(*id),
            compte_nom: libelle.clone(),
            solde: Dt(tresorerie
                .banques
                .get(&Some(*id))
                .copied()
                .unwrap_or(Montant::ZERO)),
        })
        .collect();
    // Bank money the books hold on an account the bank model does not list (512000, or an
    // account not projected yet) is shown too, so that the total is the books'.
    for (id, solde) in &tresorerie.banques {
        let listed = id.is_some_and(|id| libelles.contains_key(&id));
        if !listed && !solde.is_zero() {
            banks.push(SoldeBanque {
                compte_id: *id,
                compte_nom: Compte::Banque(*id).intitule().to_owned(),
                solde: Dt(*solde),
            });
        }
    }
    let total = banks
        .iter()
        .fold(tresorerie.caisse.millimes(), |total, bank| {
            total.saturating_add(bank.solde.0.millimes())
        });
    Ok(web::Json(SoldesClotureResponse {
        success: true,
        cash: Dt(tresorerie.caisse),
        banks,
        total: Dt(Montant::from_millimes(total)),
    }))
}
