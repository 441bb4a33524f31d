//! `/api/reglements…`: the residence's rules documents (règlement de copropriété, règlement
//! intérieur; spec 3 §2.12 "Archive and rules browsers", §3 "Archive node", "Reglement
//! creation", §4 "Rules document", §5 "Reglement", §6, §7; docs/api-exercices.md "Regulations").
//!
//! Every user of the residence reads them (the co-owner's `/coproprietaire/reglements` page
//! calls the same routes); the president adds and withdraws them (`president_required`). They
//! are a plain table of their own (`daftar_projections::reglements`, ADR 0005), the PDF in the
//! documents' object store by its hash (ADR 0008).

use actix_web::http::Method;
use actix_web::{web, HttpResponse};
use daftar_projections::reglements::{self as registre, NouveauReglement, Reglement};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Coproprietaire, President};
use crate::documents::{
    reponse_telechargement, verifier_avec_les_champs, FichierRecu, FormulaireMultipart,
    NatureContenu,
};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::request::{optional_text, required_text};
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        // The documents' own table, not a read model of the journal.
        ReadModels::NONE,
        [
            resource("/reglements", Method::GET, liste),
            resource("/reglements/creer", Method::POST, creer),
            resource("/reglements/supprimer", Method::POST, supprimer),
            resource("/reglements/{path:.*}", Method::GET, fichier),
        ],
    );
}

/// A title's length at most, in characters (as every title of the product).
const TITRE_MAX: usize = 200;
/// A comment's length at most, in characters: it is shown under the title in the browser.
const COMMENTAIRE_MAX: usize = 1000;

/// A rules document as the browser shows it: an archive node of type `file` (spec 3 §3 "Archive
/// node": "for rules also id, is_current, commentaire").
#[derive(Debug, Serialize, ToSchema)]
pub struct ReglementNode {
    /// What follows `/api/reglements/` to download it (`3-Reglement_interieur.pdf`).
    pub path: String,
    /// The last part of the path (the same: the documents are not in folders).
    pub name: String,
    /// The title the president gave.
    #[serde(rename = "displayName")]
    pub display_name: String,
    /// Always `file`.
    #[serde(rename = "type")]
    pub node_type: String,
    /// Always `pdf`.
    pub format: String,
    /// Always empty.
    #[schema(no_recursion)]
    pub children: Vec<ReglementNode>,
    pub id: i64,
    /// The residence's current regulation (at most one).
    pub is_current: bool,
    pub commentaire: Option<String>,
    /// When it was added (UTC, RFC 3339).
    pub created_at: String,
}

/// The name of a document in the browser and in its download: its id (titles repeat), then its
/// title, as a file name.
fn nom(reglement: &Reglement) -> String {
    format!("{}-{}", reglement.id, nom_de_fichier(&reglement.titre))
}

/// A title as a PDF's file name: no folder separator, `.pdf` once.
fn nom_de_fichier(titre: &str) -> String {
    let nom = titre.replace(['/', '\\'], "_");
    if nom.to_lowercase().ends_with(".pdf") {
        nom
    } else {
        format!("{nom}.pdf")
    }
}

impl From<Reglement> for ReglementNode {
    fn from(reglement: Reglement) -> Self {
        let name = nom(&reglement);
        ReglementNode {
            path: name.clone(),
            name,
            display_name: reglement.titre,
            node_type: "file".to_owned(),
            format: "pdf".to_owned(),
            children: Vec::new(),
            id: reglement.id,
            is_current: reglement.est_actuel,
            commentaire: reglement.commentaire,
            created_at: reglement.cree_le,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReglementsResponse {
    pub success: bool,
    /// The current document first, then the newest first.
    pub reglements: Vec<ReglementNode>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ReglementResponse {
    pub success: bool,
    pub reglement: ReglementNode,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SuppressionResponse {
    pub success: bool,
}

/// The residence's rules documents.
#[utoipa::path(
    get,
    path = "/api/reglements",
    operation_id = "getReglements",
    tag = "reglements",
    responses(
        (status = 200, description = "The documents, current first", body = ReglementsResponse),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn liste(
    state: web::Data<AppState>,
    current: Coproprietaire,
) -> Result<web::Json<ReglementsResponse>, ApiError> {
    let reglements = registre::liste(&state.db, current.residence_id).await?;
    Ok(web::Json(ReglementsResponse {
        success: true,
        reglements: reglements.into_iter().map(ReglementNode::from).collect(),
    }))
}

/// One document's PDF, by its path in the browser.
#[utoipa::path(
    get,
    path = "/api/reglements/{path}",
    operation_id = "getReglementFichier",
    tag = "reglements",
    params(("path" = String, Path, description = "The document's path (`ReglementNode.path`)")),
    responses(
        (status = 200, description = "The PDF; its name in `x-file-name`", content_type = "application/pdf", body = Vec<u8>),
        (status = 404, description = "`reglement_introuvable`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn fichier(
    state: web::Data<AppState>,
    current: Coproprietaire,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let introuvable = || -> ApiError { ErrorCode::ReglementIntrouvable.into() };
    let path = path.into_inner();
    let id: i64 = path
        .split_once('-')
        .and_then(|(id, _)| id.parse().ok())
        .ok_or_else(introuvable)?;
    let reglement = registre::un(&state.db, current.residence_id, id)
        .await?
        .filter(|reglement| nom(reglement) == path)
        .ok_or_else(introuvable)?;
    let octets = state
        .documents
        .get(current.residence_id, &reglement.sha256)
        .await
        .map_err(|_| introuvable())?;
    Ok(reponse_telechargement(
        nom_de_fichier(&reglement.titre),
        &reglement.content_type,
        octets,
    ))
}

/// The multipart body of a creation (for the OpenAPI document).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ReglementForm {
    /// Required, one line, 200 characters at most.
    pub titre: String,
    /// `1`: this document becomes the current one (the others stop being current); `0` or
    /// absent: not current.
    pub is_current: Option<String>,
    /// Optional, 1000 characters at most.
    pub commentaire: Option<String>,
    /// One PDF (judged by its content), 1 MB at most.
    #[schema(value_type = String, format = Binary)]
    pub doc: String,
}

/// What a creation form holds once every field is right.
struct Creation {
    titre: String,
    est_actuel: bool,
    commentaire: Option<String>,
}

/// Reads the text fields of a creation, recording what is wrong with each.
fn lire_creation(formulaire: &FormulaireMultipart, errors: &mut FieldErrors) -> Creation {
    let champ = |nom: &str| formulaire.champs.get(nom).cloned();
    let titre = required_text(errors, "titre", champ("titre"));
    if titre.chars().count() > TITRE_MAX {
        errors.add("titre", ErrorCode::TitreTropLong);
    }
    let est_actuel = match champ("is_current").as_deref().map(str::trim) {
        None | Some("" | "0" | "false") => false,
        Some("1" | "true") => true,
        Some(_) => {
            errors.add("is_current", ErrorCode::ValeurInvalide);
            false
        }
    };
    let commentaire = optional_text(champ("commentaire"));
    if commentaire
        .as_ref()
        .is_some_and(|texte| texte.chars().count() > COMMENTAIRE_MAX)
    {
        errors.add("commentaire", ErrorCode::CommentaireTropLong);
    }
    Creation {
        titre,
        est_actuel,
        commentaire,
    }
}

/// Adds a rules document (president). Made current, it unsets the current one.
#[utoipa::path(
    post,
    path = "/api/reglements/creer",
    operation_id = "creerReglement",
    tag = "reglements",
    request_body(content = ReglementForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The document added", body = ReglementResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `titre` missing, too long or on several lines; `doc` missing, several, not a PDF (`pdf_requis`) or above 1 MB (`pdfTooLarge`); `is_current` not 0 or 1; `commentaire` too long", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn creer(
    state: web::Data<AppState>,
    current: President,
    formulaire: FormulaireMultipart,
) -> Result<web::Json<ReglementResponse>, ApiError> {
    let residence = current.residence_id;
    let mut errors = FieldErrors::new();
    let creation = lire_creation(&formulaire, &mut errors);
    let fichiers: Vec<FichierRecu> = formulaire
        .fichiers
        .into_iter()
        .filter(|fichier| fichier.champ == "doc")
        .collect();
    let nombre = fichiers.len();
    if nombre == 0 {
        errors.add("doc", ErrorCode::ChampObligatoire);
    } else if nombre > 1 {
        errors.add("doc", ErrorCode::ValeurInvalide);
    }
    let fichiers = if nombre == 1 {
        verifier_avec_les_champs(fichiers, &mut errors).await?
    } else {
        Vec::new()
    };
    if fichiers
        .iter()
        .any(|fichier| fichier.nature_contenu != NatureContenu::Pdf)
    {
        errors.add("doc", ErrorCode::PdfRequis);
    }
    let (Some(fichier), true) = (fichiers.first(), errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    state.documents.put(residence, fichier).await?;
    let reglement = registre::creer(
        &state.db,
        residence,
        current.id,
        state.settings.clock.now(),
        &NouveauReglement {
            titre: creation.titre,
            commentaire: creation.commentaire,
            est_actuel: creation.est_actuel,
            nom_fichier: fichier.titre.clone(),
            content_type: fichier.nature_contenu.mime().to_owned(),
            taille: i64::try_from(fichier.taille).unwrap_or(i64::MAX),
            sha256: fichier.sha256.clone(),
        },
    )
    .await?;
    Ok(web::Json(ReglementResponse {
        success: true,
        reglement: reglement.into(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerReglementRequest {
    pub id: Option<i64>,
}

/// Withdraws a rules document (president): it leaves the list; its record and its PDF stay.
#[utoipa::path(
    post,
    path = "/api/reglements/supprimer",
    operation_id = "supprimerReglement",
    tag = "reglements",
    request_body = SupprimerReglementRequest,
    responses(
        (status = 200, description = "Withdrawn", body = SuppressionResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`reglement_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn supprimer(
    state: web::Data<AppState>,
    current: President,
    request: ApiJson<SupprimerReglementRequest>,
) -> Result<web::Json<SuppressionResponse>, ApiError> {
    let Some(id) = request.into_inner().id else {
        return Err(ApiError::field("id", ErrorCode::ChampObligatoire));
    };
    let retire = registre::supprimer(
        &state.db,
        current.residence_id,
        id,
        current.id,
        state.settings.clock.now(),
    )
    .await?;
    if !retire {
        return Err(ErrorCode::ReglementIntrouvable.into());
    }
    Ok(web::Json(SuppressionResponse { success: true }))
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(liste, fichier, creer, supprimer),
    components(schemas(
        ReglementNode,
        ReglementsResponse,
        ReglementResponse,
        SuppressionResponse,
        ReglementForm,
        SupprimerReglementRequest
    )),
    tags((name = "reglements", description = "The residence's rules documents"))
)]
pub struct Api;

#[cfg(test)]
mod tests {
    use super::nom_de_fichier;

    #[test]
    fn a_title_becomes_a_pdf_file_name_without_folders() {
        assert_eq!(nom_de_fichier("Règlement 2019"), "Règlement 2019.pdf");
        assert_eq!(nom_de_fichier("a/b\\c.PDF"), "a_b_c.PDF");
    }
}
