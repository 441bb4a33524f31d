//! Each side's paths and OpenAPI operations: [`revenus`] under `/contrats-revenus`,
//! [`depenses`] under `/contrats-depenses`, both made by one macro from the handlers of
//! [`super::contrat`], which take the side.

/// The operations of one side. Paths and operation ids are given whole (the OpenAPI
/// attributes take literals).
macro_rules! routes_du_cote {
    (
        $module:ident, $sens:ident, tag = $tag:tt, formulaire = $formulaire:ident,
        list: ($p_list:tt, $op_list:tt),
        details: ($p_details:tt, $op_details:tt),
        create: ($p_create:tt, $op_create:tt),
        update: ($p_update:tt, $op_update:tt),
        delete: ($p_delete:tt, $op_delete:tt),
        pay: ($p_pay:tt, $op_pay:tt),
        update_payment: ($p_update_payment:tt, $op_update_payment:tt, $cheque_remis:tt),
        delete_payment: ($p_delete_payment:tt, $op_delete_payment:tt) $(,)?
    ) => {
        pub mod $module {
            use actix_web::http::Method;
            use actix_web::web;
            use daftar_domain::contrats::SensContrat;

            #[allow(unused_imports)]
            use super::super::contrat::{
                self as handlers, $formulaire, ContratIdQuery, ContratIdRequest,
                ContratPaiementResponse, ContratResponse, ContratResumeResponse,
                ContratsResponse, ModifierPaiementContratRequest, PayerContratRequest,
            };
            use crate::answers::{SignedIn, SignedInWrite};
            use crate::auth::{Finance, Syndic};
            use crate::documents::FormulaireMultipart;
            use crate::error::{ApiError, ErrorBody};
            use crate::extract::{ApiJson, ApiQuery};
            use crate::routes::{resource, Success};
            use crate::startup::AppState;
            use crate::telemetry::RequestId;

            const SENS: SensContrat = SensContrat::$sens;

            fn sans_api(path: &'static str) -> &'static str {
                path.strip_prefix("/api").unwrap_or(path)
            }

            /// This side's resources (paths relative to `/api`).
            pub fn resources() -> [actix_web::Resource; 8] {
                [
                    resource(sans_api($p_list), Method::GET, list),
                    resource(sans_api($p_details), Method::GET, details),
                    resource(sans_api($p_create), Method::POST, create),
                    resource(sans_api($p_update), Method::POST, update),
                    resource(sans_api($p_delete), Method::POST, delete),
                    resource(sans_api($p_pay), Method::POST, pay),
                    resource(sans_api($p_update_payment), Method::POST, update_payment),
                    resource(sans_api($p_delete_payment), Method::POST, delete_payment),
                ]
            }

            /// The contracts of this side, newest start first, each with what is paid and due.
            #[utoipa::path(
                get,
                path = $p_list,
                operation_id = $op_list,
                tag = $tag,
                responses(
                    (status = 200, description = "The contracts", body = ContratsResponse),
                    (status = 403, description = "`syndic_required`", body = ErrorBody),
                    SignedIn,
                ),
                security(("session" = []))
            )]
            pub async fn list(
                state: web::Data<AppState>,
                current: Syndic,
            ) -> Result<web::Json<ContratsResponse>, ApiError> {
                handlers::list(state, current, SENS).await
            }

            /// One contract with its files, payments and schedule.
            #[utoipa::path(
                get,
                path = $p_details,
                operation_id = $op_details,
                tag = $tag,
                params(ContratIdQuery),
                responses(
                    (status = 200, description = "The contract with its files, payments and schedule", body = ContratResponse),
                    (status = 403, description = "`syndic_required`", body = ErrorBody),
                    (status = 404, description = "`contrat_inconnu`", body = ErrorBody),
                    (status = 422, description = "`validation_failed` (`errors.id`)", body = ErrorBody),
                    SignedIn,
                ),
                security(("session" = []))
            )]
            pub async fn details(
                state: web::Data<AppState>,
                current: Syndic,
                query: ApiQuery<ContratIdQuery>,
            ) -> Result<web::Json<ContratResponse>, ApiError> {
                handlers::details(state, current, SENS, query).await
            }

            /// Records a contract with its files (`docs[]`: PDF of 1 MB at most, PNG or JPEG,
            /// judged by their content).
            #[utoipa::path(
                post,
                path = $p_create,
                operation_id = $op_create,
                tag = $tag,
                request_body(content = $formulaire, content_type = "multipart/form-data"),
                responses(
                    (status = 200, description = "The new contract", body = ContratResponse),
                    (status = 403, description = "`finance_required` or `exercice_cloture` (its start)", body = ErrorBody),
                    (status = 404, description = "`client_inconnu`, `fournisseur_inconnu`, `categorie_inconnue`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert` (its start)", body = ErrorBody),
                    (status = 413, description = "`payload_too_large`", body = ErrorBody),
                    (status = 422, description = "`validation_failed` (`titre`, `montant`, `dateDebut`, `dateFin`: `fin_avant_debut`, `periodicite_paiement`: `periodicite_invalide`, the counterpart, `docs`: `fichier_invalide`, `pdfTooLarge`)", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn create(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                formulaire: FormulaireMultipart,
            ) -> Result<web::Json<ContratResponse>, ApiError> {
                handlers::create(state, current, request_id, formulaire, SENS).await
            }

            /// Edits a contract; files sent are added to those attached.
            #[utoipa::path(
                post,
                path = $p_update,
                operation_id = $op_update,
                tag = $tag,
                request_body(content = $formulaire, content_type = "multipart/form-data"),
                responses(
                    (status = 200, description = "The contract as it now is", body = ContratResponse),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`contrat_inconnu`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 413, description = "`payload_too_large`", body = ErrorBody),
                    (status = 422, description = "`montant_inferieur_au_paye`, or `validation_failed` (as for creation, plus `id`)", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn update(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                formulaire: FormulaireMultipart,
            ) -> Result<web::Json<ContratResponse>, ApiError> {
                handlers::update(state, current, request_id, formulaire, SENS).await
            }

            /// Deletes a contract without payments, with its files.
            #[utoipa::path(
                post,
                path = $p_delete,
                operation_id = $op_delete,
                tag = $tag,
                request_body = ContratIdRequest,
                responses(
                    (status = 200, description = "Deleted", body = Success),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`contrat_inconnu`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 422, description = "`contrat_avec_paiements`", body = ErrorBody),
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
                handlers::delete(state, current, request_id, body, SENS).await
            }

            /// Records a payment of a contract.
            #[utoipa::path(
                post,
                path = $p_pay,
                operation_id = $op_pay,
                tag = $tag,
                request_body = PayerContratRequest,
                responses(
                    (status = 200, description = "The payment and the contract", body = ContratPaiementResponse),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`contrat_inconnu`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 422, description = "`montant_maximum_depasse`, `methode_paiement_invalide`, or `validation_failed`", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn pay(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                body: ApiJson<PayerContratRequest>,
            ) -> Result<web::Json<ContratPaiementResponse>, ApiError> {
                handlers::pay(state, current, request_id, body, SENS).await
            }

            /// Corrects a payment of a contract.
            #[utoipa::path(
                post,
                path = $p_update_payment,
                operation_id = $op_update_payment,
                tag = $tag,
                request_body = ModifierPaiementContratRequest,
                responses(
                    (status = 200, description = "The payment and the contract", body = ContratPaiementResponse),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`paiement_inconnu`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
                    (status = 411, description = $cheque_remis, body = ErrorBody),
                    (status = 422, description = "`montant_maximum_depasse`, `methode_paiement_invalide`, or `validation_failed`", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn update_payment(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                body: ApiJson<ModifierPaiementContratRequest>,
            ) -> Result<web::Json<ContratPaiementResponse>, ApiError> {
                handlers::update_payment(state, current, request_id, body, SENS).await
            }

            /// Deletes a payment of a contract.
            #[utoipa::path(
                post,
                path = $p_delete_payment,
                operation_id = $op_delete_payment,
                tag = $tag,
                request_body = ContratIdRequest,
                responses(
                    (status = 200, description = "The contract as it now is", body = ContratResumeResponse),
                    (status = 403, description = "`finance_required` or `exercice_cloture`", body = ErrorBody),
                    (status = 404, description = "`paiement_inconnu`", body = ErrorBody),
                    (status = 409, description = "`aucun_exercice_ouvert`, or `cheque_remis` (its cheque is deposited)", body = ErrorBody),
                    (status = 422, description = "`validation_failed` (`errors.id`: missing or not an id)", body = ErrorBody),
                    SignedInWrite,
                ),
                security(("session" = [], "xsrf" = []))
            )]
            pub async fn delete_payment(
                state: web::Data<AppState>,
                current: Finance,
                request_id: RequestId,
                body: ApiJson<ContratIdRequest>,
            ) -> Result<web::Json<ContratResumeResponse>, ApiError> {
                handlers::delete_payment(state, current, request_id, body, SENS).await
            }
        }
    };
}

routes_du_cote!(
    revenus, Revenu, tag = "contrats-revenus", formulaire = ContratRevenuFormulaire,
    list: ("/api/contrats-revenus", "getContratsRevenus"),
    details: ("/api/contrats-revenus/details-files", "getContratRevenuDetails"),
    create: ("/api/contrats-revenus/creer", "createContratRevenu"),
    update: ("/api/contrats-revenus/modifier", "modifierContratRevenu"),
    delete: ("/api/contrats-revenus/supprimer", "supprimerContratRevenu"),
    pay: ("/api/contrats-revenus/payer", "payerContratRevenu"),
    update_payment: ("/api/contrats-revenus/modifier-paiement", "modifierPaiementContratRevenu", "`cheque_remis_modification`: the payment's cheque is deposited (the status spec 1 §8 names)"),
    delete_payment: ("/api/contrats-revenus/supprimer-paiement", "supprimerPaiementContratRevenu"),
);

routes_du_cote!(
    depenses, Depense, tag = "contrats-depenses", formulaire = ContratDepenseFormulaire,
    list: ("/api/contrats-depenses", "getContratsDepenses"),
    details: ("/api/contrats-depenses/details-files", "getContratDepenseDetails"),
    create: ("/api/contrats-depenses/creer", "createContratDepense"),
    update: ("/api/contrats-depenses/modifier", "modifierContratDepense"),
    delete: ("/api/contrats-depenses/supprimer", "supprimerContratDepense"),
    pay: ("/api/contrats-depenses/payer", "payerContratDepense"),
    update_payment: ("/api/contrats-depenses/modifier-paiement", "modifierPaiementContratDepense", "Never: an expense contract's payment is not a cheque to deposit"),
    delete_payment: ("/api/contrats-depenses/supprimer-paiement", "supprimerPaiementContratDepense"),
);
