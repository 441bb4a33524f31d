//! `/api/export/…` and `/api/coproprietaire/export/…`: a fiscal year's reports as files (spec
//! 2 §7 "Downloads", spec 3 §7; docs/api-exercices.md "Downloads"). A closed year's files are
//! its closing pack as stored at closing; an open year's are rendered on request, marked
//! "Provisoire" on every page. The co-owner's downloads need the right `see.rapports_financiers`
//! (`crate::visibilite`).

use actix_web::http::Method;
use actix_web::{web, HttpResponse};
use daftar_projections::exercices;

use crate::answers::SignedIn;
use crate::auth::Syndic;
use crate::cloture_pack::{self, Telechargement};
use crate::documents::reponse_telechargement;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::visibilite::{droits, Voir};

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels(&[exercices::MODEL]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource(
                "/export/tableau-tresorerie-simplifie/{id}/pdf",
                Method::GET,
                tresorerie_pdf,
            ),
            resource(
                "/export/tableau-tresorerie-simplifie/{id}/excel",
                Method::GET,
                tresorerie_excel,
            ),
            resource("/export/details/{id}", Method::GET, details),
            resource(
                "/coproprietaire/export/tableau-tresorerie-simplifie/{id}/pdf",
                Method::GET,
                coproprietaire_tresorerie_pdf,
            ),
            resource(
                "/coproprietaire/export/tableau-tresorerie-simplifie/{id}/excel",
                Method::GET,
                coproprietaire_tresorerie_excel,
            ),
            resource(
                "/coproprietaire/export/details/{id}",
                Method::GET,
                coproprietaire_details,
            ),
        ],
    );
}

/// The file of year `annee` of the caller's residence, with its name in `x-file-name`.
async fn fichier(
    state: &AppState,
    residence_id: i64,
    annee: i32,
    quoi: Telechargement,
) -> Result<HttpResponse, ApiError> {
    if !exercices::existe(&state.db, residence_id, annee).await? {
        return Err(ErrorCode::ExerciceInconnu.into());
    }
    let nom = quoi.nom(annee);
    let content_type = quoi.content_type();
    let octets = cloture_pack::document(state, residence_id, annee, quoi).await?;
    Ok(reponse_telechargement(nom, content_type, octets))
}

macro_rules! telechargement {
    ($nom:ident, $extracteur:ty, $chemin:literal, $operation:literal, $quoi:expr, $type:literal, $qui:literal) => {
        #[utoipa::path(
            get,
            path = $chemin,
            operation_id = $operation,
            tag = "exercices",
            params(("id" = i32, Path, description = "The fiscal year (its calendar year)")),
            responses(
                (status = 200, description = "The file; its name in `x-file-name`", content_type = $type, body = Vec<u8>),
                (status = 403, description = $qui, body = ErrorBody),
                (status = 404, description = "`exercice_inconnu`", body = ErrorBody),
                SignedIn,
            ),
            security(("session" = []))
        )]
        pub async fn $nom(
            state: web::Data<AppState>,
            current: $extracteur,
            id: web::Path<i32>,
        ) -> Result<HttpResponse, ApiError> {
            fichier(&state, current.residence_id, id.into_inner(), $quoi).await
        }
    };
}

telechargement!(
    tresorerie_pdf,
    Syndic,
    "/api/export/tableau-tresorerie-simplifie/{id}/pdf",
    "getTresoreriePdf",
    Telechargement::TresoreriePdf,
    "application/pdf",
    "`syndic_required`"
);
telechargement!(
    tresorerie_excel,
    Syndic,
    "/api/export/tableau-tresorerie-simplifie/{id}/excel",
    "getTresorerieExcel",
    Telechargement::TresorerieXlsx,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "`syndic_required`"
);
telechargement!(
    details,
    Syndic,
    "/api/export/details/{id}",
    "getDetailsFinanciers",
    Telechargement::Details,
    "application/zip",
    "`syndic_required`"
);
telechargement!(
    coproprietaire_tresorerie_pdf,
    Voir<droits::RapportsFinanciers>,
    "/api/coproprietaire/export/tableau-tresorerie-simplifie/{id}/pdf",
    "getCoproprietaireTresoreriePdf",
    Telechargement::TresoreriePdf,
    "application/pdf",
    "`visibilite_refusee` (`see.rapports_financiers` is off), `user_inactive` or `residence_inactive`"
);
telechargement!(
    coproprietaire_tresorerie_excel,
    Voir<droits::RapportsFinanciers>,
    "/api/coproprietaire/export/tableau-tresorerie-simplifie/{id}/excel",
    "getCoproprietaireTresorerieExcel",
    Telechargement::TresorerieXlsx,
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    "`visibilite_refusee` (`see.rapports_financiers` is off), `user_inactive` or `residence_inactive`"
);
telechargement!(
    coproprietaire_details,
    Voir<droits::RapportsFinanciers>,
    "/api/coproprietaire/export/details/{id}",
    "getCoproprietaireDetailsFinanciers",
    Telechargement::Details,
    "application/zip",
    "`visibilite_refusee` (`see.rapports_financiers` is off), `user_inactive` or `residence_inactive`"
);

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(paths(
    tresorerie_pdf,
    tresorerie_excel,
    details,
    coproprietaire_tresorerie_pdf,
    coproprietaire_tresorerie_excel,
    coproprietaire_details,
))]
pub struct Api;
