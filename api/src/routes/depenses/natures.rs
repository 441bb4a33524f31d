//! Each nature's paths and OpenAPI operations: [`charges`] under `/charges-courantes`,
//! [`travaux`] under `/travaux`, both made by one macro from the generic handlers of
//! [`super::handlers`] (an operation here is a one-line call, documented with the nature's
//! paths, operation ids and answer types), plus the routes only one nature has.

use actix_web::web;
use daftar_projections::depenses as vue;

use super::reponses::{
    AgsVotesResponse, CategorieChoix, FournisseursCategoriesResponse, NomRef, TitreRef,
};
use crate::answers::SignedIn;
use crate::auth::Syndic;
use crate::error::{ApiError, ErrorBody};
use crate::startup::AppState;

/// A documented path (`/api/…`) as registered, relative to `/api`.
fn sans_api(path: &'static str) -> &'static str {
    path.strip_prefix("/api").unwrap_or(path)
}

/// The operations of one nature. Paths, operation ids and types are given whole (the OpenAPI
/// attributes take literals).
macro_rules! routes_de_nature {
    (
        $module:ident, $nature:ident, tag = $tag:tt,
        list: ($p_list:tt, $op_list:tt, $liste:ident),
        details: ($p_details:tt, $op_details:tt),
        create: ($p_create:tt, $op_create:tt, $formulaire:ident),
        update: ($p_update:tt, $op_update:tt),
        delete: ($p_delete:tt, $op_delete:tt),
        pay: ($p_pay:tt, $op_pay:tt),
        update_payment: ($p_update_payment:tt, $op_update_payment:tt),
        delete_payment: ($p_delete_payment:tt, $op_delete_payment:tt),
        reponses: ($reponse:ident, $resume:ident, $reponse_paiement:ident) $(,)?
    ) => {
        pub mod $module {
            use actix_web::http::Method;
            use actix_web::web;

            #[allow(unused_imports)]
            use super::super::reponses::{$liste, $reponse, $resume, $reponse_paiement};
            #[allow(unused_imports)]
            use super::super::requetes::{
                $formulaire, IdQuery, IdRequest, ModifierPaiementRequest, PayerRequest,
            };
            use super::super::{handlers, $nature};
            use crate::answers::{SignedIn, SignedInWrite};
            use crate::auth::{Finance, Syndic};
            use crate::documents::FormulaireMultipart;
            use crate::error::{ApiError, ErrorBody};
            use crate::extract::{ApiJson, ApiQuery};
            use crate::routes::{resource, Success};
            use crate::startup::AppState;
            use crate::telemetry::RequestId;

            /// This nature's resources (paths relative to `/api`).
            pub fn resources() -> [actix_web::Resource; 8] {
                [
                    resource(super::sans_api($p_list), Method::GET, list),
                    resource(super::sans_api($p_details), Method::GET, details),
                    resource(super::sans_api($p_create), Method::POST, create),
                    resource(super::sans_api($p_update), Method::POST, update),
                    resource(super::sans_api($p_delete), Method::POST, delete),
                    resource(super::sans_api($p_pay), Method::POST, pay),
                    resource(super::sans_api($p_update_payment), Method::POST, update_payment),
                    resource(super::sans_api($p_delete_payment), Method::POST, delete_payment),
                ]
            }

            /// The records of the caller's residence, newest invoice first, each with what is
            /// paid of it.
            #[utoipa::path(
                get,
                path = $p_list,
                operation_id = $op_list,
                tag = $tag,
                responses(
                    (status = 200, description = "The records", body = $liste),
                    (status = 403, description = "`syndic_required`", body = ErrorBody),
                    SignedIn,
                ),
                security(("session" = []))
            )]
            pub async fn list(
                state: web::Data<AppState>,
                current: Syndic,
            ) -> Result<web::Json<$liste>, ApiError> {
                handlers::list::<$nature>(state, current).await
            }

            /// One record with its invoices, quotes and payments.
            #[utoipa::path(
                get,
                path = $p_details,
                operation_id = $op_details,
                tag = $tag,
                params(IdQuery),
                responses(
                    (status = 200, description = "The record with its files and payments", body = $reponse),
                    (status = 403, description = "`syndic_required`", body = ErrorBody),
                    (status = 404, description = "`depense_inconnue`", body = ErrorBody),
                    (status = 422, description = "`validation_failed` (`errors.id`)", body = ErrorBody),
                    SignedIn,
                ),
                security(("session" = []))
            )]
            pub async fn details(
                state: web::Data<AppState>,
                current: Syndic,
                query: ApiQuery<IdQuery>,
            ) -> Result<web::Json<$reponse>, ApiError> {
                handlers::details::<$nature>(state, current, query).await
            }

            /// Records a record with its files (`factures[]`, `devis[]`: PDF of 1 MB at most,
            /// PNG or JPEG, judged by their content; images scaled to 1024 px and 1 MB).
            #[utoipa::path(
                post,
                path = $p_create,
                operation_id = $op_create,
                tag = $tag,
                request_body(content = $formulaire, content_type = "multipart/form-data"),
                responses(
                    (status = 200, description = "The new record with its files", body = $reponse),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`fournisseur_inconnu` or `categorie_inconnue`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 422, description = "`validation_failed` (`errors.titre`, `errors.montant`: `montant_decimales`, `montant_positif`…, `errors.date_facture`, `errors.fournisseur`, `errors.categorie`, `errors.is_approved`, `errors.approuve_par`, `errors.factures` / `errors.devis`: `fichier_invalide`, `pdfTooLarge`) or `approbateur_inconnu`", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn create(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                formulaire: FormulaireMultipart,
            ) -> Result<web::Json<$reponse>, ApiError> {
                handlers::create::<$nature>(state, current, request_id, formulaire).await
            }

            /// Edits a record (`id` + the creation's fields); files sent are added to those
            /// attached.
            #[utoipa::path(
                post,
                path = $p_update,
                operation_id = $op_update,
                tag = $tag,
                request_body(content = $formulaire, content_type = "multipart/form-data"),
                responses(
                    (status = 200, description = "The record as it now is", body = $reponse),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`depense_inconnue`, `fournisseur_inconnu` or `categorie_inconnue`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 422, description = "`validation_failed` (as for creation, plus `errors.id`), `montant_inferieur_au_paye` or `approbateur_inconnu`", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn update(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                formulaire: FormulaireMultipart,
            ) -> Result<web::Json<$reponse>, ApiError> {
                handlers::update::<$nature>(state, current, request_id, formulaire).await
            }

            /// Deletes a record without payments, with its files.
            #[utoipa::path(
                post,
                path = $p_delete,
                operation_id = $op_delete,
                tag = $tag,
                request_body = IdRequest,
                responses(
                    (status = 200, description = "Deleted", body = Success),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`depense_inconnue`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 422, description = "`depense_avec_paiements`, or `validation_failed` (`errors.id`)", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn delete(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                body: ApiJson<IdRequest>,
            ) -> Result<web::Json<Success>, ApiError> {
                handlers::delete::<$nature>(state, current, request_id, body).await
            }

            /// Pays a record, at most what remains due; a payment other than cash leaves the
            /// main bank account (the reconciliation shows it).
            #[utoipa::path(
                post,
                path = $p_pay,
                operation_id = $op_pay,
                tag = $tag,
                request_body = PayerRequest,
                responses(
                    (status = 200, description = "The payment and the record as it now is", body = $reponse_paiement),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`depense_inconnue`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 422, description = "`montant_maximum_depasse`, or `validation_failed` (`errors.id`, `errors.montant`, `errors.date_paiement`, `errors.methode_paiement`: `methode_paiement_depense_invalide`, `errors.reference_paiement`)", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn pay(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                body: ApiJson<PayerRequest>,
            ) -> Result<web::Json<$reponse_paiement>, ApiError> {
                handlers::pay::<$nature>(state, current, request_id, body).await
            }

            /// Edits a payment (its old and new dates in open exercices), at most what remains
            /// due plus its own amount.
            #[utoipa::path(
                post,
                path = $p_update_payment,
                operation_id = $op_update_payment,
                tag = $tag,
                request_body = ModifierPaiementRequest,
                responses(
                    (status = 200, description = "The payment and its record as they now are", body = $reponse_paiement),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`paiement_inconnu`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 422, description = "`montant_maximum_depasse`, or `validation_failed` (as for a payment)", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn update_payment(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                body: ApiJson<ModifierPaiementRequest>,
            ) -> Result<web::Json<$reponse_paiement>, ApiError> {
                handlers::update_payment::<$nature>(state, current, request_id, body).await
            }

            /// Deletes a payment dated in an open exercice.
            #[utoipa::path(
                post,
                path = $p_delete_payment,
                operation_id = $op_delete_payment,
                tag = $tag,
                request_body = IdRequest,
                responses(
                    (status = 200, description = "The record as it now is", body = $resume),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`paiement_inconnu`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 422, description = "`validation_failed` (`errors.id`)", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn delete_payment(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                body: ApiJson<IdRequest>,
            ) -> Result<web::Json<$resume>, ApiError> {
                handlers::delete_payment::<$nature>(state, current, request_id, body).await
            }
        }
    };
}

routes_de_nature!(
    charges, Charges, tag = "charges",
    list: ("/api/charges-courantes", "getCharges", ChargesResponse),
    details: ("/api/charges-courantes/details-files", "getCharge"),
    create: ("/api/charges-courantes/creer", "createCharge", ChargeFormulaire),
    update: ("/api/charges-courantes/modifier", "modifierCharge"),
    delete: ("/api/charges-courantes/supprimer", "supprimerCharge"),
    pay: ("/api/charges-courantes/payer", "payerCharge"),
    update_payment: ("/api/charges-courantes/modifier-paiement", "modifierPaiementCharge"),
    delete_payment: ("/api/charges-courantes/supprimer-paiement", "supprimerPaiementCharge"),
    reponses: (ChargeResponse, ChargeResumeResponse, ChargePaiementResponse),
);

routes_de_nature!(
    travaux, Works, tag = "travaux",
    list: ("/api/travaux", "getTravaux", TravauxListeResponse),
    details: ("/api/travaux/details-files", "getTravauxDetail"),
    create: ("/api/travaux/creer", "createTravaux", TravauxFormulaire),
    update: ("/api/travaux/modifier", "modifierTravaux"),
    delete: ("/api/travaux/supprimer", "supprimerTravaux"),
    pay: ("/api/travaux/payer", "payerTravaux"),
    update_payment: ("/api/travaux/modifier-paiement", "modifierPaiementTravaux"),
    delete_payment: ("/api/travaux/supprimer-paiement", "supprimerPaiementTravaux"),
    reponses: (TravauxResponse, TravauxResumeResponse, TravauxPaiementResponse),
);

/// The suppliers and categories a charge's form chooses from.
#[utoipa::path(
    get,
    path = "/api/charges-courantes/fournisseurs-categories",
    operation_id = "getChargesFournisseursCategories",
    tag = "charges",
    responses(
        (status = 200, description = "Suppliers by name, categories by title", body = FournisseursCategoriesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn fournisseurs_categories(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<FournisseursCategoriesResponse>, ApiError> {
    let residence = current.residence_id;
    let fournisseurs = vue::fournisseurs_choix(&state.db, residence).await?;
    let categories = vue::categories_choix(&state.db, residence).await?;
    Ok(web::Json(FournisseursCategoriesResponse {
        success: true,
        fournisseurs: fournisseurs.into_iter().map(NomRef::from).collect(),
        categories: categories
            .into_iter()
            .map(|c| CategorieChoix {
                id: c.id,
                titre: c.nom,
            })
            .collect(),
    }))
}

/// The residence's assemblies and votes that may be named as the approver of works or a budget,
/// the newest first.
#[utoipa::path(
    get,
    path = "/api/travaux/ags-votes",
    operation_id = "getTravauxAgsVotes",
    tag = "travaux",
    responses(
        (status = 200, description = "The residence's assemblies and votes, newest first", body = AgsVotesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn ags_votes(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<AgsVotesResponse>, ApiError> {
    let (ags, votes) = crate::approbateurs::approbateurs(&state, current.residence_id).await?;
    let refs = |liste: Vec<(i64, String)>| {
        liste
            .into_iter()
            .map(|(id, titre)| TitreRef { id, titre })
            .collect()
    };
    Ok(web::Json(AgsVotesResponse {
        success: true,
        ags: refs(ags),
        votes: refs(votes),
    }))
}
