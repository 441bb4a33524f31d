//! `/api/salaries…`, `/api/salaires/…` and `/api/charges-patronales…`: the employees, their
//! salary payments and the employer-charge payments — spec 2 §2 "Salaries and employer
//! charges", §3 "Employee", "Salary payment", "Employer-charge payment", §5, §6, §7, §8, §9; the
//! answers are docs/api-salaires.md's. The rules are the ledger's (`daftar_domain::salaires`).
//!
//! Reads come from the payroll read model ([`daftar_projections::salaires`]); writes are ledger
//! commands, answered from the read model once the projector has passed them. Reading is for
//! council members (`syndic_required` for co-owners); the employees are the treasurer's or the
//! president's (`finance_ou_president_required`), every payment the treasurer's
//! (`finance_required`).

pub mod charges;
pub mod paiements;
pub mod reponses;
pub mod requetes;
pub mod salaries;

use actix_web::http::Method;
use actix_web::web;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_domain::salaires::{SalairesCommand, SalairesEvent};
use daftar_projections::Committed;

use crate::auth::CurrentUser;
use crate::error::ApiError;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The read models these routes read (see [`ReadModels`]): the payroll's and the closed years.
pub(crate) const READS: ReadModels = ReadModels(&[
    daftar_projections::salaires::MODEL,
    daftar_projections::exercices::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/salaries", Method::GET, salaries::list),
            resource("/salaries/details", Method::GET, salaries::details),
            resource("/salaries/creer", Method::POST, salaries::create),
            resource("/salaries/modifier", Method::POST, salaries::update),
            resource("/salaries/supprimer", Method::POST, salaries::delete),
            resource("/salaires/payer", Method::POST, paiements::pay),
            resource(
                "/salaires/paiement/modifier",
                Method::POST,
                paiements::update,
            ),
            resource(
                "/salaires/paiement/supprimer",
                Method::POST,
                paiements::delete,
            ),
            resource("/charges-patronales", Method::GET, charges::list),
            resource("/charges-patronales/creer", Method::POST, charges::create),
            resource(
                "/charges-patronales/modifier",
                Method::POST,
                charges::update,
            ),
            resource(
                "/charges-patronales/supprimer",
                Method::POST,
                charges::delete,
            ),
        ],
    );
}

/// Runs a payroll command for the caller the route admitted (the API waits for the projector
/// before answering, so the read model holds what the command did).
pub(crate) async fn executer(
    state: &AppState,
    current: &CurrentUser,
    request_id: &RequestId,
    command: SalairesCommand,
) -> Result<Committed<GrandLivre>, ApiError> {
    state
        .ledger
        .execute(
            ResidenceId(current.residence_id),
            GrandLivreCommand::Salaires(command),
            UserId(current.id),
            request_id,
        )
        .await
}

/// The id a command's event names (its new record or payment).
pub(crate) fn id_cree(
    committed: &Committed<GrandLivre>,
    id: impl Fn(&SalairesEvent) -> Option<i64>,
) -> Result<i64, ApiError> {
    committed
        .events
        .iter()
        .find_map(|envelope| match &envelope.payload {
            GrandLivreEvent::Salaires(event) => id(event),
            _ => None,
        })
        .ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!("the payroll command recorded no such fact"))
        })
}

/// A record the read model should hold once the projector has passed the command that wrote
/// it: missing, the projection lags (the command is committed either way).
pub(crate) fn lu<T>(record: Option<T>, what: &str) -> Result<T, ApiError> {
    record.ok_or_else(|| {
        ApiError::internal(anyhow::anyhow!(
            "{what} is committed but not yet in the payroll read model"
        ))
    })
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        salaries::list, salaries::details, salaries::create, salaries::update, salaries::delete,
        paiements::pay, paiements::update, paiements::delete,
        charges::list, charges::create, charges::update, charges::delete,
    ),
    components(schemas(
        reponses::ChargesPatronalesDeclarees, reponses::MethodePaiementSalaireApi, reponses::Pourcentage,
        reponses::Salarie, reponses::SalarieDetail, reponses::PaiementSalaire, reponses::ChargePatronale,
        reponses::SalariesResponse, reponses::SalarieResponse, reponses::PaiementSalaireResponse,
        reponses::ChargesPatronalesResponse, reponses::ChargePatronaleResponse,
        requetes::TauxSaisi, requetes::SalarieRequest, requetes::PaiementSalaireRequest,
        requetes::ChargePatronaleRequest, requetes::IdRequest,
    )),
    tags(
        (name = "salaries", description = "Employees (spec 2 §2 'Salaries and employer charges'): reading for council members, changes for the treasurer or the president; an employee with payments cannot be deleted"),
        (name = "salaires", description = "Salary payments: the treasurer's; posted to 641 against the cash box or the main bank account"),
        (name = "charges-patronales", description = "Employer-charge payments (CNSS): the treasurer's; posted to 645 against the cash box or the main bank account"),
    ),
)]
pub struct Api;
