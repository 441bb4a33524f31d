//! `/api/categories…` and `/api/fournisseurs…`: the expense categories and the suppliers —
//! spec 2 §2 "Categories and suppliers", §3 "Category", "Supplier", §5, §6, §7, §8; the
//! answers are docs/api-depenses.md's "Categories" and "Suppliers". The rules are the
//! ledger's (`daftar_domain::depenses`): a category or supplier a charge or works item names
//! cannot be deleted.
//!
//! Reads come from the suppliers' read model ([`daftar_projections::fournisseurs`]), which
//! reads the expenses model's rows to say what is used; writes are ledger commands, answered
//! from the read model once the projector has passed them. Reading is for council members
//! (`syndic_required` for co-owners); every change is the treasurer's (`finance_required`).

pub mod categorie;
pub mod fournisseur;

use actix_web::http::Method;
use actix_web::web;
use daftar_domain::depenses::{DepensesCommand, DepensesEvent};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_projections::Committed;

use crate::auth::Finance;
use crate::error::{ApiError, ErrorCode, FieldErrors};
use crate::request::required_text;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The read models these routes read (see [`ReadModels`]): the suppliers' and the expenses'
/// (whether a charge or works item names a record).
pub(crate) const READS: ReadModels = ReadModels(&[
    daftar_projections::fournisseurs::MODEL,
    daftar_projections::depenses::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/categories", Method::GET, categorie::list),
            resource("/categories/creer", Method::POST, categorie::create),
            resource("/categories/modifier", Method::POST, categorie::update),
            resource("/categories/supprimer", Method::POST, categorie::delete),
            resource("/fournisseurs", Method::GET, fournisseur::list),
            resource("/fournisseurs/creer", Method::POST, fournisseur::create),
            resource(
                "/fournisseurs/creer-dialog",
                Method::POST,
                fournisseur::create_dialog,
            ),
            resource("/fournisseurs/modifier", Method::POST, fournisseur::update),
            resource("/fournisseurs/supprimer", Method::POST, fournisseur::delete),
        ],
    );
    // A fixed list: never held back by a model catching up.
    register(
        cfg,
        ReadModels::NONE,
        [resource(
            "/fournisseurs/gouvernorats",
            Method::GET,
            fournisseur::gouvernorats,
        )],
    );
}

/// Longest title or name (the domain's).
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

/// Runs an expense command for the treasurer (the API waits for the projector before
/// answering, so the read model holds what the command did).
async fn executer(
    state: &AppState,
    current: &Finance,
    request_id: &RequestId,
    command: DepensesCommand,
) -> Result<Committed<GrandLivre>, ApiError> {
    state
        .ledger
        .execute(
            ResidenceId(current.residence_id),
            GrandLivreCommand::Depenses(command),
            UserId(current.id),
            request_id,
        )
        .await
}

/// The id a command's event gave its new record.
fn id_cree(
    committed: &Committed<GrandLivre>,
    id: impl Fn(&DepensesEvent) -> Option<i64>,
) -> Result<i64, ApiError> {
    committed
        .events
        .iter()
        .find_map(|envelope| match &envelope.payload {
            GrandLivreEvent::Depenses(event) => id(event),
            _ => None,
        })
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("the command created no record")))
}

/// A record the read model should hold once the projector has passed the command that wrote
/// it: missing, the projection lags (the command is committed either way).
fn lu<T>(record: Option<T>, what: &str) -> Result<T, ApiError> {
    record.ok_or_else(|| {
        ApiError::internal(anyhow::anyhow!(
            "{what} is committed but not yet in the suppliers' read model"
        ))
    })
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(categorie::list, categorie::create, categorie::update, categorie::delete, fournisseur::list, fournisseur::create, fournisseur::create_dialog, fournisseur::update, fournisseur::delete, fournisseur::gouvernorats),
    components(schemas(categorie::Categorie, categorie::CategoriesResponse, categorie::CategorieRequest, categorie::ModifierCategorieRequest, categorie::CategorieResponse, categorie::SupprimerCategorieRequest, fournisseur::TypeFournisseur, fournisseur::Gouvernorat, fournisseur::Fournisseur, fournisseur::FournisseursResponse, fournisseur::FournisseurRequest, fournisseur::FournisseurDialogRequest, fournisseur::ModifierFournisseurRequest, fournisseur::FournisseurResponse, fournisseur::SupprimerFournisseurRequest, fournisseur::GouvernoratsResponse)),
    tags(
        (name = "categories", description = "Expense categories (spec 2 §2 'Categories and suppliers'): reading for council members, changes for the treasurer; a category a charge or works item names cannot be deleted"),
        (name = "fournisseurs", description = "Suppliers and Tunisia's 24 governorates (spec 2 §2 'Categories and suppliers'): reading for council members, changes for the treasurer; a supplier a charge or works item names cannot be deleted"),
    ),
)]
pub struct Api;
