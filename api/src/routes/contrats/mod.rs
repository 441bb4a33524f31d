//! `/api/contrats-revenus…`, `/api/contrats-depenses…`, `/api/contrats-documents/supprimer`,
//! `/api/clients…` and `/api/revenus-exceptionnels…`: the contracts of both sides, their
//! payments and files, the clients and the exceptional revenues — spec 1 §2–§8 (contracts,
//! clients, exceptional revenues), spec 2 §2 "Expense contracts", §3–§9; the answers are
//! docs/api-contrats.md's. The rules are the ledger's (`daftar_domain::contrats`).
//!
//! A revenue contract and an expense contract are one kind of record seen from two sides: one
//! set of handlers ([`contrat`]) serves both, given the side; [`cotes`] gives each side its
//! paths and OpenAPI operations.
//!
//! Reads come from the contracts' read model ([`daftar_projections::contrats`]); writes are
//! ledger commands, answered from the read model once the projector has passed them. Reading is
//! for council members (`syndic_required` for co-owners); every change is the treasurer's
//! (`finance_required`).

pub mod clients;
pub mod contrat;
pub mod cotes;
pub mod revenus;

use actix_web::http::Method;
use actix_web::web;
use daftar_domain::contrats::{ContratsCommand, ContratsEvent};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_projections::Committed;

use crate::auth::Finance;
use crate::error::ApiError;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The read models these routes read (see [`ReadModels`]): the contracts', the suppliers' and
/// categories' names, the files' register (the expenses model), the deposited cheques (the
/// bank model) and the closed years.
pub(crate) const READS: ReadModels = ReadModels(&[
    daftar_projections::contrats::MODEL,
    daftar_projections::fournisseurs::MODEL,
    daftar_projections::depenses::MODEL,
    daftar_projections::banque::MODEL,
    daftar_projections::exercices::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(cfg, READS, cotes::revenus::resources());
    register(cfg, READS, cotes::depenses::resources());
    register(
        cfg,
        READS,
        [
            resource(
                "/contrats-documents/supprimer",
                Method::POST,
                contrat::retirer_document,
            ),
            resource("/clients", Method::GET, clients::list),
            resource("/clients/creer", Method::POST, clients::create),
            resource(
                "/clients/creer-dialog",
                Method::POST,
                clients::create_dialog,
            ),
            resource("/clients/modifier", Method::POST, clients::update),
            resource("/clients/supprimer", Method::POST, clients::delete),
            resource("/revenus-exceptionnels", Method::GET, revenus::list),
            resource(
                "/revenus-exceptionnels/creer",
                Method::POST,
                revenus::create,
            ),
            resource(
                "/revenus-exceptionnels/supprimer",
                Method::POST,
                revenus::delete,
            ),
        ],
    );
}

/// Runs a contracts command for the treasurer (the API waits for the projector before
/// answering, so the read model holds what the command did).
pub(crate) async fn executer(
    state: &AppState,
    current: &Finance,
    request_id: &RequestId,
    command: ContratsCommand,
) -> Result<Committed<GrandLivre>, ApiError> {
    state
        .ledger
        .execute(
            ResidenceId(current.residence_id),
            GrandLivreCommand::Contrats(command),
            UserId(current.id),
            request_id,
        )
        .await
}

/// The id a command's event names (its new record or payment, or the contract a payment paid).
pub(crate) fn id_cree(
    committed: &Committed<GrandLivre>,
    id: impl Fn(&ContratsEvent) -> Option<i64>,
) -> Result<i64, ApiError> {
    committed
        .events
        .iter()
        .find_map(|envelope| match &envelope.payload {
            GrandLivreEvent::Contrats(event) => id(event),
            _ => None,
        })
        .ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!(
                "the contracts command recorded no such fact"
            ))
        })
}

/// A record the read model should hold once the projector has passed the command that wrote
/// it: missing, the projection lags (the command is committed either way).
pub(crate) fn lu<T>(record: Option<T>, what: &str) -> Result<T, ApiError> {
    record.ok_or_else(|| {
        ApiError::internal(anyhow::anyhow!(
            "{what} is committed but not yet in the contracts' read model"
        ))
    })
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        cotes::revenus::list, cotes::revenus::details, cotes::revenus::create, cotes::revenus::update, cotes::revenus::delete, cotes::revenus::pay, cotes::revenus::update_payment, cotes::revenus::delete_payment,
        cotes::depenses::list, cotes::depenses::details, cotes::depenses::create, cotes::depenses::update, cotes::depenses::delete, cotes::depenses::pay, cotes::depenses::update_payment, cotes::depenses::delete_payment,
        contrat::retirer_document,
        clients::list, clients::create, clients::create_dialog, clients::update, clients::delete,
        revenus::list, revenus::create, revenus::delete,
    ),
    components(schemas(
        contrat::SensContratApi, contrat::PeriodiciteApi, contrat::MethodePaiementContratApi, contrat::ContratNomRef, contrat::CategorieRef, contrat::PaiementContrat, contrat::Periode, contrat::Contrat, contrat::ContratDetail,
        contrat::ContratsResponse, contrat::ContratResponse, contrat::ContratResumeResponse, contrat::ContratPaiementResponse,
        contrat::PayerContratRequest, contrat::ModifierPaiementContratRequest, contrat::ContratIdRequest, contrat::ContratRevenuFormulaire, contrat::ContratDepenseFormulaire,
        clients::Client, clients::ClientsResponse, clients::ClientRequest, clients::ClientDialogRequest, clients::ModifierClientRequest, clients::ClientResponse, clients::SupprimerClientRequest,
        revenus::MethodeRevenuApi, revenus::RevenuExceptionnel, revenus::RevenusResponse, revenus::RevenuRequest, revenus::RevenuResponse,
    )),
    tags(
        (name = "contrats-revenus", description = "Revenue contracts (a rooftop antenna, a shop sign), their payments and files"),
        (name = "contrats-depenses", description = "Expense contracts (lift maintenance, cleaning), their payments and files"),
        (name = "clients", description = "Clients of revenue contracts and exceptional revenues"),
        (name = "revenus-exceptionnels", description = "Exceptional revenues (old parts sold, an insurance refund)"),
    ),
)]
pub struct Api;
