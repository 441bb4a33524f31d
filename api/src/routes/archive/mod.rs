//! `/api/archive`: the financial archive as a folder tree per fiscal year (spec 3 §2.12, §3
//! "Archive node", §7; docs/api-exercices.md "Financial archive"): a closed year's closing pack,
//! the files uploaded at its closing, the year's invoices. Read by the council.

use actix_web::http::Method;
use actix_web::{web, HttpResponse};
use daftar_domain::exercice::StatutExercice;
use daftar_projections::depenses::{self as registre, DocumentRow, PROPRIETAIRE_EXERCICE};
use daftar_projections::exercices;
use serde::Serialize;
use utoipa::ToSchema;

use crate::answers::SignedIn;
use crate::auth::Syndic;
use crate::cloture_pack::{self, Telechargement};
use crate::documents::reponse_telechargement;
use crate::error::{ApiError, ErrorBody, ErrorCode};
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;

/// The read models these routes read (see [`ReadModels`]).
const READS: ReadModels = ReadModels(&[exercices::MODEL, registre::MODEL]);

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        READS,
        [
            resource("/archive", Method::GET, arborescence),
            resource("/archive/{path:.*}", Method::GET, fichier),
        ],
    );
}

const DOSSIER_CLOTURE: &str = "dossier-de-cloture";
const DOCUMENTS_CLOTURE: &str = "documents-de-cloture";
const FACTURES: &str = "factures";

/// A folder or a file of the archive (spec 3 §3 "Archive node").
#[derive(Debug, Serialize, ToSchema)]
pub struct ArchiveNode {
    pub path: String,
    pub name: String,
    #[serde(rename = "displayName")]
    pub display_name: String,
    /// `folder` or `file`.
    #[serde(rename = "type")]
    pub node_type: String,
    /// A file's extension, lower case; null for a folder.
    pub format: Option<String>,
    #[schema(no_recursion)]
    pub children: Vec<ArchiveNode>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ArchiveResponse {
    pub success: bool,
    pub archive: Vec<ArchiveNode>,
}

fn extension(nom: &str) -> Option<String> {
    nom.rsplit_once('.')
        .map(|(_, extension)| extension.to_lowercase())
}

fn fichier_node(dossier: &str, name: String, display_name: String) -> ArchiveNode {
    ArchiveNode {
        path: format!("{dossier}/{name}"),
        format: extension(&display_name),
        name,
        display_name,
        node_type: "file".to_owned(),
        children: Vec::new(),
    }
}

fn dossier_node(path: String, display_name: &str, children: Vec<ArchiveNode>) -> ArchiveNode {
    ArchiveNode {
        name: path.rsplit('/').next().unwrap_or_default().to_owned(),
        path,
        display_name: display_name.to_owned(),
        node_type: "folder".to_owned(),
        format: None,
        children,
    }
}

/// The name of an attached file in the archive: its id, then its title (titles repeat).
fn nom_piece(document: &DocumentRow) -> String {
    format!("{}-{}", document.id, document.titre.replace('/', "_"))
}

fn dossier_de_pieces(
    parent: &str,
    dossier: &str,
    affiche: &str,
    pieces: &[DocumentRow],
) -> Option<ArchiveNode> {
    if pieces.is_empty() {
        return None;
    }
    let path = format!("{parent}/{dossier}");
    let children = pieces
        .iter()
        .map(|document| fichier_node(&path, nom_piece(document), document.titre.clone()))
        .collect();
    Some(dossier_node(path, affiche, children))
}

/// The residence's archive, one folder per fiscal year, newest first.
#[utoipa::path(
    get,
    path = "/api/archive",
    operation_id = "getArchive",
    tag = "exercices",
    responses(
        (status = 200, description = "The archive's tree", body = ArchiveResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn arborescence(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<ArchiveResponse>, ApiError> {
    let residence = current.residence_id;
    let mut archive = Vec::new();
    for row in exercices::list(&state.db, residence).await? {
        let annee = row.annee;
        let racine = annee.to_string();
        let mut children = Vec::new();
        if row.statut == StatutExercice::Cloture {
            let pack = exercices::pack(&state.db, residence, annee).await?;
            if !pack.is_empty() {
                let path = format!("{racine}/{DOSSIER_CLOTURE}");
                let fichiers = pack
                    .into_iter()
                    .map(|(nom, _)| fichier_node(&path, nom.clone(), nom))
                    .collect();
                children.push(dossier_node(path, "Dossier de clôture", fichiers));
            }
        }
        let cloture = registre::documents_de(
            &state.db,
            residence,
            (PROPRIETAIRE_EXERCICE, i64::from(annee)),
        )
        .await?;
        children.extend(dossier_de_pieces(
            &racine,
            DOCUMENTS_CLOTURE,
            "Documents de clôture",
            &cloture,
        ));
        let factures = registre::factures_de_l_annee(&state.db, residence, annee).await?;
        children.extend(dossier_de_pieces(&racine, FACTURES, "Factures", &factures));
        archive.push(dossier_node(racine, &format!("Exercice {annee}"), children));
    }
    Ok(web::Json(ArchiveResponse {
        success: true,
        archive,
    }))
}

/// One file of the archive, by its path.
#[utoipa::path(
    get,
    path = "/api/archive/{path}",
    operation_id = "getArchiveFichier",
    tag = "exercices",
    params(("path" = String, Path, description = "The file's path in the archive")),
    responses(
        (status = 200, description = "The file; its name in `x-file-name`", content_type = "application/octet-stream", body = Vec<u8>),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`archive_introuvable`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn fichier(
    state: web::Data<AppState>,
    current: Syndic,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let residence = current.residence_id;
    let path = path.into_inner();
    let introuvable = || -> ApiError { ErrorCode::ArchiveIntrouvable.into() };
    let mut parties = path.splitn(3, '/');
    let (Some(annee), Some(dossier), Some(nom)) = (parties.next(), parties.next(), parties.next())
    else {
        return Err(introuvable());
    };
    let annee: i32 = annee.parse().map_err(|_| introuvable())?;
    let row = exercices::list(&state.db, residence)
        .await?
        .into_iter()
        .find(|row| row.annee == annee)
        .ok_or_else(introuvable)?;
    match dossier {
        DOSSIER_CLOTURE => {
            let quoi = [
                Telechargement::TresoreriePdf,
                Telechargement::TresorerieXlsx,
                Telechargement::Details,
            ]
            .into_iter()
            .find(|quoi| quoi.nom(annee) == nom)
            .ok_or_else(introuvable)?;
            let stocke = exercices::pack(&state.db, residence, annee).await?;
            if row.statut != StatutExercice::Cloture || !stocke.iter().any(|(n, _)| n == nom) {
                return Err(introuvable());
            }
            let content_type = quoi.content_type();
            let octets = cloture_pack::document(&state, residence, annee, quoi).await?;
            Ok(reponse_telechargement(nom.to_owned(), content_type, octets))
        }
        DOCUMENTS_CLOTURE | FACTURES => {
            let pieces = if dossier == FACTURES {
                registre::factures_de_l_annee(&state.db, residence, annee).await?
            } else {
                registre::documents_de(
                    &state.db,
                    residence,
                    (PROPRIETAIRE_EXERCICE, i64::from(annee)),
                )
                .await?
            };
            let piece = pieces
                .into_iter()
                .find(|document| nom_piece(document) == nom)
                .ok_or_else(introuvable)?;
            let octets = state
                .documents
                .get(residence, &piece.sha256)
                .await
                .map_err(|_| introuvable())?;
            Ok(reponse_telechargement(
                piece.titre,
                &piece.content_type,
                octets,
            ))
        }
        _ => Err(introuvable()),
    }
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(arborescence, fichier),
    components(schemas(ArchiveNode, ArchiveResponse))
)]
pub struct Api;
