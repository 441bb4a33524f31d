//! The files of records (docs/api-depenses.md "Documents"): a file's download and thumbnail,
//! served to the council members of the file's residence only (a file of another residence is
//! unknown: ids are the residence's), and the removal of a charge's or works item's invoice or
//! quote. A co-owner reads the files of the pages their visibility rights show them
//! (`crate::visibilite`): a charge's (`see.charges`), a works item's (`see.travaux`), a revenue
//! contract's (`see.contrats.recettes` or `see.recettes`), an expense contract's
//! (`see.contrats.depenses` or `see.charges`), a closing's (`see.rapports_financiers`); else 403
//! `visibilite_refusee`.

use std::str::FromStr;

use actix_web::{web, HttpResponse};
use daftar_domain::contrats::SensContrat;
use daftar_domain::depenses::DepensesCommand;
use daftar_domain::depenses::NatureDepense;
use daftar_domain::document::NatureDocument;
use daftar_projections::contrats;
use daftar_projections::depenses::{self as vue, DocumentRow};

use super::executer;
use super::requetes::IdRequest;
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{CurrentUser, Finance};
use crate::documents::{reponse_fichier, ErreurStockage, NatureContenu};
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::extract::ApiJson;
use crate::routes::Success;
use crate::startup::AppState;
use crate::telemetry::RequestId;
use crate::visibilite::{self, Visibilite};

async fn retirer(
    state: &AppState,
    current: &Finance,
    request_id: &RequestId,
    document_id: i64,
    nature: NatureDocument,
) -> Result<web::Json<Success>, ApiError> {
    let command = DepensesCommand::RetirerDocument {
        document_id,
        nature,
    };
    executer(state, current, request_id, command).await?;
    Ok(web::Json(Success::new()))
}

/// Removes an invoice of a charge or works item (its bytes stay in the store: the books'
/// history names them).
#[utoipa::path(
    post,
    path = "/api/factures/supprimer",
    operation_id = "supprimerFacture",
    tag = "documents",
    request_body = IdRequest,
    responses(
        (status = 200, description = "Removed", body = Success),
        (status = 403, description = "`finance_required` or `exercice_cloture` (the record's invoice date)", body = ErrorBody),
        (status = 404, description = "`document_inconnu` (also for a quote's id)", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn retirer_facture(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<IdRequest>,
) -> Result<web::Json<Success>, ApiError> {
    retirer(
        &state,
        &current,
        &request_id,
        body.id,
        NatureDocument::Facture,
    )
    .await
}

/// Removes a quote of a charge or works item.
#[utoipa::path(
    post,
    path = "/api/devis/supprimer",
    operation_id = "supprimerDevis",
    tag = "documents",
    request_body = IdRequest,
    responses(
        (status = 200, description = "Removed", body = Success),
        (status = 403, description = "`finance_required` or `exercice_cloture` (the record's invoice date)", body = ErrorBody),
        (status = 404, description = "`document_inconnu` (also for an invoice's id)", body = ErrorBody),
        (status = 409, description = "`aucun_exercice_ouvert`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`errors.id`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn retirer_devis(
    state: web::Data<AppState>,
    current: Finance,
    request_id: RequestId,
    body: ApiJson<IdRequest>,
) -> Result<web::Json<Success>, ApiError> {
    retirer(
        &state,
        &current,
        &request_id,
        body.id,
        NatureDocument::Devis,
    )
    .await
}

/// A file of the caller's residence the caller may read, and its kind of content: every file
/// for the council; for a co-owner, the files of the records a page they may see shows (see
/// the module's documentation), else 403 `visibilite_refusee`.
async fn document_lu(
    state: &AppState,
    current: &CurrentUser,
    id: i64,
) -> Result<(DocumentRow, NatureContenu), ApiError> {
    let row = vue::document(&state.db, current.residence_id, id)
        .await?
        .ok_or_else(|| -> ApiError { ErrorCode::DocumentInconnu.into() })?;
    if !current.user.is_syndic {
        let droits = droits_du_document(state, current.residence_id, &row).await?;
        if !droits
            .iter()
            .any(|droit| visibilite::peut_voir(&current.user, *droit))
        {
            return Err(ErrorCode::VisibiliteRefusee.into());
        }
    }
    let nature = NatureContenu::from_str(&row.content_type).map_err(ApiError::internal)?;
    Ok((row, nature))
}

/// The rights any of which lets a co-owner read a file (none: council only).
async fn droits_du_document(
    state: &AppState,
    residence_id: i64,
    row: &DocumentRow,
) -> Result<Vec<Visibilite>, ApiError> {
    Ok(match row.proprietaire.as_str() {
        vue::PROPRIETAIRE_EXERCICE => vec![Visibilite::RapportsFinanciers],
        vue::PROPRIETAIRE_DEPENSE => {
            match vue::depense(&state.db, residence_id, row.proprietaire_id)
                .await?
                .map(|depense| depense.nature)
            {
                Some(NatureDepense::Charge) => vec![Visibilite::Charges],
                Some(NatureDepense::Travaux) => vec![Visibilite::Travaux],
                None => Vec::new(),
            }
        }
        contrats::PROPRIETAIRE_CONTRAT => {
            let id = row.proprietaire_id;
            if contrats::contrat(&state.db, residence_id, SensContrat::Revenu, id)
                .await?
                .is_some()
            {
                vec![Visibilite::ContratsRecettes, Visibilite::Recettes]
            } else if contrats::contrat(&state.db, residence_id, SensContrat::Depense, id)
                .await?
                .is_some()
            {
                vec![Visibilite::ContratsDepenses, Visibilite::Charges]
            } else {
                Vec::new()
            }
        }
        _ => Vec::new(),
    })
}

/// A file the register knows but the store has lost is unknown to the client (logged).
fn stockage(error: ErreurStockage, id: i64) -> ApiError {
    match error {
        ErreurStockage::Introuvable => {
            tracing::warn!(
                document = id,
                "a registered document is missing from the store"
            );
            ErrorCode::DocumentInconnu.into()
        }
        other => other.into(),
    }
}

/// A file of the caller's residence, with its type and `Content-Disposition: inline` carrying
/// its title.
#[utoipa::path(
    get,
    path = "/api/documents/{id}",
    operation_id = "getDocument",
    tag = "documents",
    params(("id" = i64, Path, description = "The document's id")),
    responses(
        (status = 200, description = "The file, with its own type", content(
            (Vec<u8> = "application/pdf"),
            (Vec<u8> = "image/png"),
            (Vec<u8> = "image/jpeg"),
        )),
        (status = 403, description = "`visibilite_refusee` (a co-owner reads the files of the pages their rights show them)", body = ErrorBody),
        (status = 404, description = "`document_inconnu`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn telecharger(
    state: web::Data<AppState>,
    current: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let residence = current.residence_id;
    let (row, nature) = document_lu(&state, &current, id).await?;
    let octets = state
        .documents
        .get(residence, &row.sha256)
        .await
        .map_err(|error| stockage(error, id))?;
    Ok(reponse_fichier(&row.titre, nature, octets))
}

/// A file's thumbnail: a PNG of at most 256 px (an image scaled, a PDF's first page rendered).
#[utoipa::path(
    get,
    path = "/api/documents/{id}/miniature",
    operation_id = "getDocumentMiniature",
    tag = "documents",
    params(("id" = i64, Path, description = "The document's id")),
    responses(
        (status = 200, description = "The thumbnail", content_type = "image/png", body = Vec<u8>),
        (status = 403, description = "`visibilite_refusee` (a co-owner reads the files of the pages their rights show them)", body = ErrorBody),
        (status = 404, description = "`document_inconnu`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn miniature(
    state: web::Data<AppState>,
    current: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let residence = current.residence_id;
    let (row, nature) = document_lu(&state, &current, id).await?;
    let png = state
        .documents
        .miniature(residence, &row.sha256, nature)
        .await
        .map_err(|error| stockage(error, id))?;
    let titre = format!("miniature-{}.png", row.id);
    Ok(reponse_fichier(&titre, NatureContenu::Png, png))
}
