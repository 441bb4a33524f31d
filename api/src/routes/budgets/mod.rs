//! `/api/budgets…` and `/api/coproprietaire/budgets`: the budget of each fiscal year, what was
//! spent against it per category, and its edit (spec 2 §2 "Fiscal years and budgets", §3
//! "Budget", §5 "Budget edit", §7, §8; spec 3 §2.11; docs/api-exercices.md "Budgets"). The rules
//! are the ledger's (`daftar_domain::budgets`); reads come from the budgets' read model, with
//! the spend read from the expenses' model.
//!
//! Reading is for council members (`syndic_required`) under `/budgets`, and for every user of
//! the residence whose right `see.budgets` is granted under `/coproprietaire/budgets` (spec 3
//! §2.4, `crate::visibilite`; else 403 `visibilite_refusee`); the edit is the treasurer's
//! (`finance_required`).

pub mod requetes;

use actix_web::http::Method;
use actix_web::web;
use chrono::Datelike;
use daftar_domain::budgets::BudgetsCommand;
use daftar_domain::grand_livre::GrandLivreCommand;
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_projections::budgets::{self as vue, BudgetRow};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use self::requetes::{ElementRequest, ModifierBudgetRequest, NombreOuTexte};
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Finance, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::exercices_clotures::ExercicesClotures;
use crate::extract::{ApiJson, ApiQuery};
use crate::money::Dt;
use crate::routes::depenses::reponses::TypeApprobateurApi;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;
use crate::visibilite::{droits, Voir};

/// The read models these routes read: the budgets', the categories' names, the charges (the
/// spend) and the closed years.
const READS: ReadModels = ReadModels(&[
    daftar_projections::budgets::MODEL,
    // The suppliers' and categories' model (`daftar_projections::fournisseurs::MODEL`).
    "fournisseurs",
    daftar_projections::depenses::MODEL,
    daftar_projections::exercices::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/budgets", Method::GET, list),
            resource("/budgets/details", Method::GET, details),
            resource("/budgets/modifier", Method::POST, modifier),
            resource("/coproprietaire/budgets", Method::GET, coproprietaire),
        ],
    );
}

/// A charge counted in an element's spend.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChargeBudget {
    pub id: i64,
    pub titre: String,
    pub montant: Dt,
    pub date_facture: chrono::NaiveDate,
}

/// One element of a budget (spec 2 §3 "Budget").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ElementBudget {
    pub id: i64,
    pub categorie_id: i64,
    pub categorie_titre: String,
    /// Budgeted.
    pub montant: Dt,
    /// Σ of the current charges of the category invoiced (date_facture) in the budget's year.
    pub montant_total_depense: Dt,
    /// Those charges, oldest invoice first.
    pub charges: Vec<ChargeBudget>,
}

/// A fiscal year's budget (spec 2 §3 "Budget").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Budget {
    /// Its id: the year of its fiscal year.
    pub id: i32,
    pub annee_exercice: i32,
    pub titre: String,
    /// Σ of the elements' amounts.
    pub montant_total: Dt,
    /// Σ of the elements' spend.
    pub montant_total_depense: Dt,
    /// 1 approved, 0 refused, `null` undecided.
    pub is_approved: Option<i64>,
    /// Who approved or refused it, when named.
    pub approvable_type: Option<TypeApprobateurApi>,
    pub approvable_id: Option<i64>,
    pub commentaire: Option<String>,
    /// Its year is closed: the budget can no longer be edited.
    pub is_closed: bool,
    pub elements: Vec<ElementBudget>,
}

impl Budget {
    fn new(row: BudgetRow, clotures: &ExercicesClotures) -> Self {
        let montant_total = Dt(row.montant_total());
        let depense = row.elements.iter().fold(0_i64, |t, e| {
            t.saturating_add(e.montant_total_depense.millimes())
        });
        Budget {
            id: row.annee,
            annee_exercice: row.annee,
            titre: row.titre,
            montant_total,
            montant_total_depense: Dt::from_millimes(depense),
            is_approved: row.is_approved.map(i64::from),
            approvable_type: row.approbateur.map(|(t, _)| t.into()),
            approvable_id: row.approbateur.map(|(_, id)| id),
            commentaire: row.commentaire,
            is_closed: clotures.annee(row.annee),
            elements: row
                .elements
                .into_iter()
                .map(|e| ElementBudget {
                    id: e.id,
                    categorie_id: e.categorie_id,
                    categorie_titre: e.categorie_titre,
                    montant: Dt(e.montant),
                    montant_total_depense: Dt(e.montant_total_depense),
                    charges: e
                        .charges
                        .into_iter()
                        .map(|c| ChargeBudget {
                            id: c.depense_id,
                            titre: c.titre,
                            montant: Dt(c.montant),
                            date_facture: c.date_facture,
                        })
                        .collect(),
                })
                .collect(),
        }
    }
}

/// `GET /budgets`, `GET /coproprietaire/budgets`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BudgetsResponse {
    pub success: bool,
    /// Every budget, newest year first.
    pub budgets: Vec<Budget>,
    /// The current calendar year's budget (`null` when that year has none).
    #[serde(rename = "currentBudget")]
    pub current_budget: Option<Budget>,
}

/// `GET /budgets/details`, `POST /budgets/modifier`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BudgetResponse {
    pub success: bool,
    #[serde(rename = "currentBudget")]
    pub current_budget: Budget,
}

/// `?id=` of `/budgets/details`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BudgetQuery {
    /// The budget's id (its year).
    pub id: i64,
}

async fn tous(state: &AppState, residence_id: i64) -> Result<BudgetsResponse, ApiError> {
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    let annee = state.today().year();
    let budgets: Vec<Budget> = vue::budgets(&state.db, residence_id, None)
        .await?
        .into_iter()
        .map(|row| Budget::new(row, &clotures))
        .collect();
    let current_budget = budgets.iter().find(|budget| budget.id == annee).cloned();
    Ok(BudgetsResponse {
        success: true,
        budgets,
        current_budget,
    })
}

async fn un(state: &AppState, residence_id: i64, id: i64) -> Result<Budget, ApiError> {
    let annee = i32::try_from(id).map_err(|_| ApiError::new(ErrorCode::BudgetInconnu))?;
    let clotures = ExercicesClotures::of(&state.db, residence_id).await?;
    vue::budgets(&state.db, residence_id, Some(annee))
        .await?
        .into_iter()
        .next()
        .map(|row| Budget::new(row, &clotures))
        .ok_or_else(|| ApiError::new(ErrorCode::BudgetInconnu))
}

/// Every budget of the residence and the current year's.
#[utoipa::path(
    get,
    path = "/api/budgets",
    operation_id = "getBudgets",
    tag = "budgets",
    responses(
        (status = 200, description = "The budgets, newest first, and the current year's", body = BudgetsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn list(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<BudgetsResponse>, ApiError> {
    Ok(web::Json(tous(&state, current.residence_id).await?))
}

/// One budget (by its year).
#[utoipa::path(
    get,
    path = "/api/budgets/details",
    operation_id = "getBudgetDetails",
    tag = "budgets",
    params(BudgetQuery),
    responses(
        (status = 200, description = "The budget", body = BudgetResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`budget_inconnu`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn details(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<BudgetQuery>,
) -> Result<web::Json<BudgetResponse>, ApiError> {
    Ok(web::Json(BudgetResponse {
        success: true,
        current_budget: un(&state, current.residence_id, query.id).await?,
    }))
}

/// Sets a budget's whole content: title, approval, comment and elements (an element left out
/// is removed). Its year must be open.
#[utoipa::path(
    post,
    path = "/api/budgets/modifier",
    operation_id = "modifierBudget",
    tag = "budgets",
    request_body = ModifierBudgetRequest,
    responses(
        (status = 200, description = "The budget as it now is", body = BudgetResponse),
        (status = 403, description = "`finance_required`, or `exercice_cloture` (its year is closed)", body = ErrorBody),
        (status = 404, description = "`budget_inconnu`", body = ErrorBody),
        (status = 422, description = "`INVALID_AMOUNT` (an amount with a comma, more than three decimals or not a number; `errors.elements.N.montant`: `INVALID_AMOUNT`), or `validation_failed` (`errors.id`: `champ_obligatoire`, `valeur_invalide`; `errors.titre`: `champ_obligatoire`, `une_seule_ligne`, `titre_trop_long`; `errors.is_approved`, `errors.approuve_par`, `errors.ag`, `errors.vote`: `champ_obligatoire`, `valeur_invalide`; `errors.elements.N.categorie_id`: `champ_obligatoire`, `valeur_invalide`, `categorie_en_double`; `errors.elements.N.montant`: `champ_obligatoire`, `montant_negatif`, `montant_trop_eleve`), or `categorie_budget_inconnue`, `categorie_en_double`, `element_budget_inconnu`, `approbateur_inconnu`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn modifier(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<ModifierBudgetRequest>,
) -> Result<web::Json<BudgetResponse>, ApiError> {
    let command = BudgetsCommand::try_from(body.into_inner())?;
    let BudgetsCommand::ModifierBudget {
        annee, approbation, ..
    } = &command;
    crate::approbateurs::exige_approbateur(&state, current.residence_id, approbation.as_ref())
        .await?;
    let annee = i64::from(*annee);
    state
        .ledger
        .execute(
            ResidenceId(current.residence_id),
            GrandLivreCommand::Budgets(command),
            UserId(current.id),
            &request_id,
        )
        .await?;
    Ok(web::Json(BudgetResponse {
        success: true,
        current_budget: un(&state, current.residence_id, annee).await?,
    }))
}

/// The budgets as a co-owner reads them (spec 3 §2.11; no call is named there: this one is
/// chosen), when their right `see.budgets` is granted.
#[utoipa::path(
    get,
    path = "/api/coproprietaire/budgets",
    operation_id = "getCoproprietaireBudgets",
    tag = "budgets",
    responses(
        (status = 200, description = "The budgets, newest first, and the current year's", body = BudgetsResponse),
        (status = 403, description = "`visibilite_refusee` (`see.budgets` is off), `user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn coproprietaire(
    state: web::Data<AppState>,
    current: Voir<droits::Budgets>,
) -> Result<web::Json<BudgetsResponse>, ApiError> {
    Ok(web::Json(tous(&state, current.residence_id).await?))
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(list, details, modifier, coproprietaire),
    components(schemas(
        ChargeBudget, ElementBudget, Budget, BudgetsResponse, BudgetResponse,
        ModifierBudgetRequest, ElementRequest, NombreOuTexte,
    )),
    tags((name = "budgets", description = "The budget of each fiscal year and its spend")),
)]
pub struct Api;
