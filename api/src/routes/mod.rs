//! HTTP routes, one module per area, mirroring the URL tree.
//!
//! - [`session`] — `/sanctum/csrf-cookie`, `/login`, `/logout` (outside `/api`, as the client's
//!   Sanctum-style flow expects);
//! - [`health`] — `/api/health` (the projector's state, for monitoring);
//! - [`auth`] — `/api/auth/…`;
//! - [`compte`] — `/api/first-login-info`, `/api/parametres…`, `/api/email/…`, `/api/support`
//!   (the user's own account: first login, settings, e-mail verification, support contact);
//! - [`exercices`] — `/api/exercices`;
//! - [`proprietes`], [`occupants`] — `/api/proprietes…`,
//!   `/api/occupants…`;
//! - [`conseil`] — `/api/conseil-syndical…`;
//! - [`cotisations`] — `/api/cotisations…` (cotisations, montants dûs,
//!   encaissements, the co-owner's contributions);
//! - [`cotisation_repartition`] — `/api/cotisation-repartition…`;
//! - [`comptabilite`] — `/api/comptabilite/…` (the books);
//! - [`banque`] — `/api/banque…` (bank accounts, operations, transfers, reconciliation);
//! - [`remises_cheques`] — `/api/remises-cheques…` (cheque deposits);
//! - [`depenses`] — `/api/charges-courantes…`, `/api/travaux…`, `/api/documents/{id}…` (the
//!   charges and works, their payments and files);
//! - [`fournisseurs`] — `/api/categories…`, `/api/fournisseurs…` (expense categories,
//!   suppliers, governorates);
//! - [`reglements`] — `/api/reglements…` (the rules documents);
//! - [`annonces`] — `/api/annonces/…` (the announcements);
//! - [`notifications`] — `/api/notifications…` (the user's notifications);
//! - [`chat`] — `/api/conversations…`, `/api/conversation…`, `/api/broadcasting/auth`, `/api/ws`
//!   (the chat with the syndic and the real-time channel);
//! - [`pannes`] — `/api/pannes…` (the breakdown reports, their comments and photos);
//! - [`recouvrement`] — `/api/recouvrement/…`, `/api/achats-sms` (debt recovery, SMS credits);
//! - [`dashboard`] — `/api/dashboard`, `/api/coproprietaire/dashboard` (the two dashboards).
//! - [`visibilite_finances`] — `/api/visibilite-finances…` (the co-owners' visibility rights);
//! - [`coproprietaire_finances`] — `/api/coproprietaire/{revenus,charges,travaux,contrats-…}…`
//!   (the finance items as a co-owner reads them, each gated by its right).
//!
//! To add an area: create `routes/<area>/mod.rs` with a `configure(cfg)` that registers its
//! resources (paths relative to `/api`), call it from `configure_api`, and list its handlers,
//! DTOs and tag in its own `Api` document (`#[derive(utoipa::OpenApi)]`), added to
//! [`openapi_documents`]. Register each resource with [`resource`] (`resource("/x",
//! Method::GET, handler)`, not `#[get]` macros) so a wrong method answers 405 with `Allow`
//! rather than falling through to 404. Register an area's resources with [`register`], naming
//! the read models its routes read ([`ReadModels`]): while one of them catches up with the
//! journal after a release, those routes answer 503 `projection_en_rattrapage` and the others
//! are served.

pub mod annonces;
pub mod archive;
pub mod assemblees;
pub mod auth;
pub mod banque;
pub mod budgets;
pub mod chat;
pub mod comptabilite;
pub mod compte;
pub mod conseil;
pub mod contrats;
pub mod coproprietaire_finances;
pub mod cotisation_repartition;
pub mod cotisations;
pub mod dashboard;
pub mod depenses;
pub mod exercices;
pub mod export;
pub mod fournisseurs;
pub mod health;
pub mod notifications;
pub mod occupants;
pub mod paiement_en_ligne;
pub mod pannes;
pub mod proprietes;
pub mod recouvrement;
pub mod reglements;
pub mod remises_cheques;
pub mod salaires;
pub mod session;
pub mod visibilite_finances;
pub mod votes;

use actix_web::http::Method;
use actix_web::{web, HttpResponse};

use crate::error::{ApiError, ErrorCode};

/// Registers every route of the server (the web client is the app's default service).
pub fn configure(cfg: &mut web::ServiceConfig) {
    session::configure(cfg);
    cfg.service(
        web::scope("/api")
            .configure(configure_api)
            .default_service(web::to(api_not_found)),
    );
}

/// The `/api` areas. Paths are relative to `/api`.
fn configure_api(cfg: &mut web::ServiceConfig) {
    health::configure(cfg);
    auth::configure(cfg);
    compte::configure(cfg);
    exercices::configure(cfg);
    export::configure(cfg);
    archive::configure(cfg);
    reglements::configure(cfg);
    assemblees::configure(cfg);
    votes::configure(cfg);
    annonces::configure(cfg);
    notifications::configure(cfg);
    chat::configure(cfg);
    pannes::configure(cfg);
    proprietes::configure(cfg);
    occupants::configure(cfg);
    conseil::configure(cfg);
    cotisations::configure(cfg);
    cotisation_repartition::configure(cfg);
    comptabilite::configure(cfg);
    banque::configure(cfg);
    remises_cheques::configure(cfg);
    fournisseurs::configure(cfg);
    depenses::configure(cfg);
    salaires::configure(cfg);
    contrats::configure(cfg);
    budgets::configure(cfg);
    recouvrement::configure(cfg);
    dashboard::configure(cfg);
    visibilite_finances::configure(cfg);
    coproprietaire_finances::configure(cfg);
    paiement_en_ligne::configure(cfg);
}

/// Each area's OpenAPI document, merged by [`crate::openapi::document`] (one line per area,
/// beside its line in [`configure_api`]).
pub fn openapi_documents() -> Vec<utoipa::openapi::OpenApi> {
    use utoipa::OpenApi;
    vec![
        session::Api::openapi(),
        health::Api::openapi(),
        auth::Api::openapi(),
        compte::Api::openapi(),
        exercices::Api::openapi(),
        export::Api::openapi(),
        archive::Api::openapi(),
        reglements::Api::openapi(),
        assemblees::Api::openapi(),
        votes::Api::openapi(),
        annonces::Api::openapi(),
        notifications::Api::openapi(),
        chat::Api::openapi(),
        pannes::Api::openapi(),
        proprietes::Api::openapi(),
        occupants::Api::openapi(),
        conseil::Api::openapi(),
        cotisations::Api::openapi(),
        cotisation_repartition::Api::openapi(),
        comptabilite::Api::openapi(),
        banque::Api::openapi(),
        remises_cheques::Api::openapi(),
        fournisseurs::Api::openapi(),
        depenses::Api::openapi(),
        salaires::Api::openapi(),
        contrats::Api::openapi(),
        budgets::Api::openapi(),
        recouvrement::Api::openapi(),
        dashboard::Api::openapi(),
        visibilite_finances::Api::openapi(),
        coproprietaire_finances::Api::openapi(),
        paiement_en_ligne::Api::openapi(),
    ]
}

pub use crate::answers::Success;

/// The read models (by [`daftar_projections::ReadModel::name`]) the routes of an area read.
/// A route registered without it is taken to read them all.
#[derive(Debug, Clone, Copy)]
pub struct ReadModels(pub &'static [&'static str]);

impl ReadModels {
    /// Routes that read no read model (the ledger, the identity tables): never held back.
    pub const NONE: ReadModels = ReadModels(&[]);
}

/// Registers an area's resources, each knowing the read models it reads (see [`ReadModels`]).
pub fn register(
    cfg: &mut web::ServiceConfig,
    reads: ReadModels,
    resources: impl IntoIterator<Item = actix_web::Resource>,
) {
    for resource in resources {
        cfg.service(resource.app_data(reads));
    }
}

async fn api_not_found() -> Result<HttpResponse, ApiError> {
    Err(ErrorCode::NotFound.into())
}

/// Default service of resources outside `/api`: a wrong method is a 405.
pub async fn method_not_allowed() -> Result<HttpResponse, ApiError> {
    Err(ErrorCode::MethodNotAllowed.into())
}

/// The 405 of a resource that answers `allowed` only, naming it in `Allow` (RFC 9110).
pub fn not_allowed(allowed: Method) -> ApiError {
    ApiError::new(ErrorCode::MethodNotAllowed).with_header("allow", allowed.to_string())
}

/// A resource answering `method` with `handler` (a `GET` also answers `HEAD`, headers only), and
/// any other method with 405 `method_not_allowed` and `Allow` naming what it answers.
pub fn resource<F, Args>(path: &str, method: Method, handler: F) -> actix_web::Resource
where
    F: actix_web::Handler<Args>,
    Args: actix_web::FromRequest + 'static,
    F::Output: actix_web::Responder + 'static,
{
    let read = method == Method::GET;
    let allowed = if read {
        "GET, HEAD".to_owned()
    } else {
        method.to_string()
    };
    let mut resource = web::resource(path).route(web::route().method(method).to(handler.clone()));
    if read {
        // actix sends no body in answer to a HEAD.
        resource = resource.route(web::head().to(handler));
    }
    resource.default_service(web::to(move || {
        let allowed = allowed.clone();
        async move {
            Err::<HttpResponse, ApiError>(
                ApiError::new(ErrorCode::MethodNotAllowed).with_header("allow", allowed),
            )
        }
    }))
}
