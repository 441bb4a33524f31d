//! `/api/charges-courantes…`, `/api/travaux…`, `/api/factures/supprimer`, `/api/devis/supprimer`
//! and `/api/documents/{id}`: the current charges and the works, their payments and their files
//! — spec 2 §2 "Current charges", "Works", §3–§9; the answers are docs/api-depenses.md's. The
//! money rules are the ledger's (`daftar_domain::depenses`).
//!
//! A charge and a works item are one kind of record of two natures, so their routes are one
//! set of handlers ([`handlers`]), generic over the [`Nature`] they serve; [`natures`] gives
//! each nature its paths, its answers' keys (`charge`, `travaux`) and its OpenAPI operations.
//!
//! Reads come from the expenses read model ([`daftar_projections::depenses`]); writes are
//! ledger commands, answered from the read model once the projector has passed them. Reading is
//! for council members (`syndic_required` for co-owners); every change is the treasurer's
//! (`finance_required`). A record's form comes as `multipart/form-data` with its files: the
//! text fields are read into the same request type a JSON body would be, each file is judged by
//! [`crate::documents::verifier`] and stored before the command names it.

pub mod documents;
pub mod handlers;
pub mod natures;
pub mod reponses;
pub mod requetes;

use actix_web::http::Method;
use actix_web::web;
use daftar_domain::depenses::{DepensesCommand, DepensesEvent, NatureDepense};
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreEvent};
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_projections::depenses::DepenseRow;
use daftar_projections::Committed;
use serde::Serialize;

use self::reponses::{
    Charge, ChargeDetail, ChargePaiementResponse, ChargeResponse, ChargeResumeResponse,
    ChargesResponse, PaiementDepense, Pieces, Travaux, TravauxDetail, TravauxListeResponse,
    TravauxPaiementResponse, TravauxResponse, TravauxResumeResponse,
};
use crate::auth::Finance;
use crate::error::ApiError;
use crate::exercices_clotures::ExercicesClotures;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;

/// The read models these routes read (see [`ReadModels`]): the expenses', the suppliers' and
/// categories' names, and the closed years.
pub(crate) const READS: ReadModels = ReadModels(&[
    daftar_projections::depenses::MODEL,
    // The suppliers' and categories' model (`daftar_projections::fournisseurs::MODEL`).
    "fournisseurs",
    daftar_projections::exercices::MODEL,
]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(cfg, READS, natures::charges::resources());
    register(cfg, READS, natures::travaux::resources());
    register(
        cfg,
        READS,
        [
            resource(
                "/charges-courantes/fournisseurs-categories",
                Method::GET,
                natures::fournisseurs_categories,
            ),
            resource("/travaux/ags-votes", Method::GET, natures::ags_votes),
            resource(
                "/factures/supprimer",
                Method::POST,
                documents::retirer_facture,
            ),
            resource("/devis/supprimer", Method::POST, documents::retirer_devis),
            resource("/documents/{id}", Method::GET, documents::telecharger),
            resource(
                "/documents/{id}/miniature",
                Method::GET,
                documents::miniature,
            ),
        ],
    );
}

/// What differs between a charge's routes and a works item's: the nature of the records they
/// serve and the shapes and keys of their answers.
pub trait Nature: 'static {
    const NATURE: NatureDepense;
    /// A record as listed (`Charge`, `Travaux`).
    type Item: Serialize;
    /// A record with its files and payments.
    type Detail: Serialize;
    /// `{success, charges}` / `{success, travaux}`.
    type Liste: Serialize;
    /// `{success, charge: Detail}`.
    type Reponse: Serialize;
    /// `{success, charge: Item}`.
    type ReponseResume: Serialize;
    /// `{success, paiement, charge: Item}`.
    type ReponsePaiement: Serialize;

    fn item(row: DepenseRow, clotures: &ExercicesClotures) -> Self::Item;
    fn detail(item: Self::Item, pieces: Pieces) -> Self::Detail;
    fn liste(items: Vec<Self::Item>) -> Self::Liste;
    fn reponse(detail: Self::Detail) -> Self::Reponse;
    fn reponse_resume(item: Self::Item) -> Self::ReponseResume;
    fn reponse_paiement(paiement: PaiementDepense, item: Self::Item) -> Self::ReponsePaiement;
}

/// The current charges (`/charges-courantes`).
pub struct Charges;

impl Nature for Charges {
    const NATURE: NatureDepense = NatureDepense::Charge;
    type Item = Charge;
    type Detail = ChargeDetail;
    type Liste = ChargesResponse;
    type Reponse = ChargeResponse;
    type ReponseResume = ChargeResumeResponse;
    type ReponsePaiement = ChargePaiementResponse;

    fn item(row: DepenseRow, clotures: &ExercicesClotures) -> Charge {
        Charge::new(row, clotures)
    }
    fn detail(item: Charge, pieces: Pieces) -> ChargeDetail {
        ChargeDetail::new(item, pieces)
    }
    fn liste(charges: Vec<Charge>) -> ChargesResponse {
        ChargesResponse {
            success: true,
            charges,
        }
    }
    fn reponse(charge: ChargeDetail) -> ChargeResponse {
        ChargeResponse {
            success: true,
            charge,
        }
    }
    fn reponse_resume(charge: Charge) -> ChargeResumeResponse {
        ChargeResumeResponse {
            success: true,
            charge,
        }
    }
    fn reponse_paiement(paiement: PaiementDepense, charge: Charge) -> ChargePaiementResponse {
        ChargePaiementResponse {
            success: true,
            paiement,
            charge,
        }
    }
}

/// The works (`/travaux`).
pub struct Works;

impl Nature for Works {
    const NATURE: NatureDepense = NatureDepense::Travaux;
    type Item = Travaux;
    type Detail = TravauxDetail;
    type Liste = TravauxListeResponse;
    type Reponse = TravauxResponse;
    type ReponseResume = TravauxResumeResponse;
    type ReponsePaiement = TravauxPaiementResponse;

    fn item(row: DepenseRow, clotures: &ExercicesClotures) -> Travaux {
        Travaux::new(row, clotures)
    }
    fn detail(item: Travaux, pieces: Pieces) -> TravauxDetail {
        TravauxDetail::new(item, pieces)
    }
    fn liste(travaux: Vec<Travaux>) -> TravauxListeResponse {
        TravauxListeResponse {
            success: true,
            travaux,
        }
    }
    fn reponse(travaux: TravauxDetail) -> TravauxResponse {
        TravauxResponse {
            success: true,
            travaux,
        }
    }
    fn reponse_resume(travaux: Travaux) -> TravauxResumeResponse {
        TravauxResumeResponse {
            success: true,
            travaux,
        }
    }
    fn reponse_paiement(paiement: PaiementDepense, travaux: Travaux) -> TravauxPaiementResponse {
        TravauxPaiementResponse {
            success: true,
            paiement,
            travaux,
        }
    }
}

/// Runs an expense command for the treasurer (the API waits for the projector before
/// answering, so the read model holds what the command did).
pub(crate) async fn executer(
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

/// The id a command's event names (its new record, payment, or the record a payment paid).
pub(crate) fn id_cree(
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
        .ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!("the expense command recorded no such fact"))
        })
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        natures::charges::list, natures::charges::details, natures::charges::create, natures::charges::update, natures::charges::delete, natures::charges::pay, natures::charges::update_payment, natures::charges::delete_payment,
        natures::travaux::list, natures::travaux::details, natures::travaux::create, natures::travaux::update, natures::travaux::delete, natures::travaux::pay, natures::travaux::update_payment, natures::travaux::delete_payment,
        natures::fournisseurs_categories, natures::ags_votes,
        documents::retirer_facture, documents::retirer_devis, documents::telecharger, documents::miniature,
    ),
    components(schemas(
        reponses::EtatPaiementDepense, reponses::MethodePaiementDepenseApi, reponses::TypeApprobateurApi, reponses::NomRef, reponses::CategorieChoix, reponses::TitreRef, reponses::TypeDocument, reponses::Document, reponses::PaiementDepense,
        reponses::Charge, reponses::ChargeDetail, reponses::Travaux, reponses::TravauxDetail,
        reponses::ChargesResponse, reponses::ChargeResponse, reponses::ChargeResumeResponse, reponses::ChargePaiementResponse,
        reponses::TravauxListeResponse, reponses::TravauxResponse, reponses::TravauxResumeResponse, reponses::TravauxPaiementResponse,
        reponses::FournisseursCategoriesResponse, reponses::AgsVotesResponse,
        requetes::PayerRequest, requetes::ModifierPaiementRequest, requetes::IdRequest, requetes::ChargeFormulaire, requetes::TravauxFormulaire,
    )),
    tags(
        (name = "charges", description = "Current charges, their payments and files"),
        (name = "travaux", description = "Works, their approval, payments and files"),
        (name = "documents", description = "Files attached to records: download, thumbnail, removal"),
    ),
)]
pub struct Api;
