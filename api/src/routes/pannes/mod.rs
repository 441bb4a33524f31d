//! `/api/pannes…`: the residence's breakdown reports, their comments and photos (spec 3 §2.7,
//! §3 "Panne", "Comment", §4 "Panne status", §5, §6, §7 "Pannes", §9; docs/api-communaute.md
//! "Breakdown reports").
//!
//! Every user of the residence reports, reads and comments; authors correct and withdraw their
//! own reports and comments; council members (`syndic_required`) set the status and alone see
//! archived reports. Photos are images judged by their content and scaled to 1024 px and 1 MB
//! (`crate::documents`), kept in the documents' store by hash. A plain table of their own
//! (`daftar_projections::pannes`, ADR 0005).

use actix_web::http::Method;
use actix_web::{web, HttpResponse};
use daftar_projections::pannes::{
    self as registre, Auteur, Commentaire, NouvellePhoto, Panne, Photo, RefusPanne, Statut,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Coproprietaire, Syndic};
use crate::clock::en_tunisie;
use crate::documents::{
    reponse_fichier, verifier_avec_les_champs, FichierAccepte, FormulaireMultipart, NatureContenu,
};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::{ApiJson, ApiQuery};
use crate::request::{optional_text, required_id};
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        // The reports' own tables, not a read model of the journal.
        ReadModels::NONE,
        [
            resource("/pannes", Method::GET, liste),
            resource("/pannes/details", Method::GET, details),
            resource("/pannes/creer", Method::POST, creer),
            resource("/pannes/modifier", Method::POST, modifier),
            resource("/pannes/supprimer", Method::POST, supprimer),
            resource("/pannes/etat/modifier", Method::POST, changer_statut),
            resource("/pannes/commentaire/ajouter", Method::POST, commenter),
            resource(
                "/pannes/commentaire/modifier",
                Method::POST,
                modifier_commentaire,
            ),
            resource(
                "/pannes/commentaire/supprimer",
                Method::POST,
                supprimer_commentaire,
            ),
            resource("/pannes/photos/{id}", Method::GET, photo),
        ],
    );
}

/// A report's text at most, in characters.
const DESCRIPTION_MAX: usize = 5000;
/// A comment's text at most, in characters.
const COMMENTAIRE_MAX: usize = 1000;

/// A photo (spec 3 §3 "attachements (images with url and titre)").
#[derive(Debug, Serialize, ToSchema)]
pub struct PhotoPanneDto {
    pub id: i64,
    /// Where the residence's users read it (`/api/pannes/photos/{id}`).
    pub url: String,
    /// The file's name as sent.
    pub titre: String,
}

impl From<Photo> for PhotoPanneDto {
    fn from(photo: Photo) -> Self {
        PhotoPanneDto {
            id: photo.id,
            url: format!("/api/pannes/photos/{}", photo.id),
            titre: photo.titre,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AuteurPanneDto {
    pub id: i64,
    pub nom: String,
}

impl From<Auteur> for AuteurPanneDto {
    fn from(auteur: Auteur) -> Self {
        AuteurPanneDto {
            id: auteur.id,
            nom: auteur.nom,
        }
    }
}

/// A report (spec 3 §3 "Panne").
#[derive(Debug, Serialize, ToSchema)]
pub struct PanneDto {
    pub id: i64,
    pub description: String,
    /// `ouvert`, `analyse`, `reparation`, `resolu` or `archive`.
    pub status: String,
    pub user: AuteurPanneDto,
    /// Its author's name (as `user.nom`).
    pub nom: String,
    /// When it was reported, `dd/mm/yyyy` in Tunisia.
    pub date: String,
    /// `HH:mm` in Tunisia.
    pub heure: String,
    /// Its author may still withdraw it: no council member has changed its status.
    pub can_delete: bool,
    pub attachements: Vec<PhotoPanneDto>,
}

impl From<Panne> for PanneDto {
    fn from(panne: Panne) -> Self {
        let quand = en_tunisie(panne.cree_le);
        PanneDto {
            id: panne.id,
            can_delete: panne.peut_etre_retiree(),
            description: panne.description,
            status: panne.statut.nom().to_owned(),
            nom: panne.auteur.nom.clone(),
            user: panne.auteur.into(),
            date: quand.format("%d/%m/%Y").to_string(),
            heure: quand.format("%H:%M").to_string(),
            attachements: panne.photos.into_iter().map(PhotoPanneDto::from).collect(),
        }
    }
}

/// A comment (spec 3 §3 "Comment").
#[derive(Debug, Serialize, ToSchema)]
pub struct CommentairePanneDto {
    pub id: i64,
    pub user: AuteurPanneDto,
    pub description: String,
    /// `dd/mm/yyyy` in Tunisia.
    pub date: String,
    /// `HH:mm` in Tunisia.
    pub heure: String,
    pub attachements: Vec<PhotoPanneDto>,
}

impl From<Commentaire> for CommentairePanneDto {
    fn from(commentaire: Commentaire) -> Self {
        let quand = en_tunisie(commentaire.cree_le);
        CommentairePanneDto {
            id: commentaire.id,
            user: commentaire.auteur.into(),
            description: commentaire.description,
            date: quand.format("%d/%m/%Y").to_string(),
            heure: quand.format("%H:%M").to_string(),
            attachements: commentaire
                .photos
                .into_iter()
                .map(PhotoPanneDto::from)
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PannesResponse {
    pub success: bool,
    /// The signed-in user's reports, newest first.
    pub mine: Vec<PanneDto>,
    /// The residence's other reports, newest first.
    pub others: Vec<PanneDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PanneDetailsResponse {
    pub success: bool,
    pub panne: PanneDto,
    /// Oldest first.
    pub commentaires: Vec<CommentairePanneDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PanneResponse {
    pub success: bool,
    pub panne: PanneDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StatutPanneResponse {
    pub success: bool,
    /// The report's status now.
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CommentaireResponse {
    pub success: bool,
    pub commentaire: CommentairePanneDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PanneSuccesResponse {
    pub success: bool,
}

fn refus_panne(refus: RefusPanne) -> ApiError {
    match refus {
        RefusPanne::Introuvable => ErrorCode::PanneIntrouvable,
        RefusPanne::PasAuteur => ErrorCode::AuteurRequis,
        RefusPanne::StatutEvolue => ErrorCode::PanneStatutEvolue,
        RefusPanne::StatutIdentique => ErrorCode::StatutIdentique,
        RefusPanne::Archivee => ErrorCode::PanneArchivee,
    }
    .into()
}

fn refus_commentaire(refus: RefusPanne) -> ApiError {
    match refus {
        RefusPanne::Introuvable => ErrorCode::CommentaireIntrouvable.into(),
        autre => refus_panne(autre),
    }
}

/// The residence's reports, the signed-in user's apart (archived ones for council members only).
#[utoipa::path(
    get,
    path = "/api/pannes",
    operation_id = "getPannes",
    tag = "pannes",
    responses(
        (status = 200, description = "The reports, newest first", body = PannesResponse),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn liste(
    state: web::Data<AppState>,
    current: Coproprietaire,
) -> Result<web::Json<PannesResponse>, ApiError> {
    let pannes = registre::liste(&state.db, current.residence_id, current.user.is_syndic).await?;
    let (mine, others): (Vec<Panne>, Vec<Panne>) = pannes
        .into_iter()
        .partition(|panne| panne.auteur.id == current.id);
    Ok(web::Json(PannesResponse {
        success: true,
        mine: mine.into_iter().map(PanneDto::from).collect(),
        others: others.into_iter().map(PanneDto::from).collect(),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PanneDetailsQuery {
    #[serde(rename = "panneId")]
    #[param(rename = "panneId")]
    pub panne_id: i64,
}

/// One report with its comments.
#[utoipa::path(
    get,
    path = "/api/pannes/details",
    operation_id = "getPanneDetails",
    tag = "pannes",
    params(PanneDetailsQuery),
    responses(
        (status = 200, description = "The report and its comments", body = PanneDetailsResponse),
        (status = 403, description = "`panne_archivee` (a co-owner)", body = ErrorBody),
        (status = 404, description = "`panne_introuvable` (unknown, withdrawn, another residence's)", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `panneId` missing or not a number", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn details(
    state: web::Data<AppState>,
    current: Coproprietaire,
    query: ApiQuery<PanneDetailsQuery>,
) -> Result<web::Json<PanneDetailsResponse>, ApiError> {
    let (panne, commentaires) = registre::details(
        &state.db,
        current.residence_id,
        query.into_inner().panne_id,
        current.user.is_syndic,
    )
    .await?
    .map_err(refus_panne)?;
    Ok(web::Json(PanneDetailsResponse {
        success: true,
        panne: panne.into(),
        commentaires: commentaires
            .into_iter()
            .map(CommentairePanneDto::from)
            .collect(),
    }))
}

/// A required text of at most `max` characters (several lines allowed).
fn texte(errors: &mut FieldErrors, champ: &str, value: Option<String>, max: usize) -> String {
    match optional_text(value) {
        None => {
            errors.add(champ, ErrorCode::ChampObligatoire);
            String::new()
        }
        Some(texte) => {
            if texte.chars().count() > max {
                let code = if max == COMMENTAIRE_MAX {
                    ErrorCode::CommentaireTropLong
                } else {
                    ErrorCode::DescriptionTropLongue
                };
                errors.add(champ, code);
            }
            texte
        }
    }
}

/// The photos sent in `images[]`, judged by their content (images only), each refusal on
/// `images`.
async fn photos(
    formulaire: &mut FormulaireMultipart,
    errors: &mut FieldErrors,
) -> Result<Vec<FichierAccepte>, ApiError> {
    let (images, autres): (Vec<_>, Vec<_>) = std::mem::take(&mut formulaire.fichiers)
        .into_iter()
        .partition(|fichier| fichier.champ == "images");
    if let Some(autre) = autres.first() {
        errors.add(autre.champ.clone(), ErrorCode::ValeurInvalide);
    }
    let acceptees = verifier_avec_les_champs(images, errors).await?;
    if acceptees
        .iter()
        .any(|fichier| fichier.nature_contenu == NatureContenu::Pdf)
    {
        errors.add("images", ErrorCode::ImageRequise);
    }
    Ok(acceptees)
}

/// Stores accepted photos and answers what their rows keep.
async fn stocker_photos(
    state: &AppState,
    residence_id: i64,
    fichiers: &[FichierAccepte],
) -> Result<Vec<NouvellePhoto>, ApiError> {
    let mut photos = Vec::with_capacity(fichiers.len());
    for fichier in fichiers {
        state.documents.put(residence_id, fichier).await?;
        photos.push(NouvellePhoto {
            titre: fichier.titre.clone(),
            content_type: fichier.nature_contenu.mime().to_owned(),
            taille: i64::try_from(fichier.taille).unwrap_or(i64::MAX),
            sha256: fichier.sha256.clone(),
        });
    }
    Ok(photos)
}

/// The multipart body of a report (for the OpenAPI document).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct PanneForm {
    /// Required, 5000 characters at most.
    pub description: String,
    /// `images[]`: PNG or JPEG (judged by content), scaled by the server to 1024 px and 1 MB.
    #[schema(value_type = Vec<String>, format = Binary)]
    pub images: Vec<String>,
}

/// Reports a breakdown (any user of the residence), `ouvert`; council members are notified.
#[utoipa::path(
    post,
    path = "/api/pannes/creer",
    operation_id = "creerPanne",
    tag = "pannes",
    request_body(content = PanneForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The report", body = PanneResponse),
        (status = 422, description = "`validation_failed`: `description` missing or too long (`description_trop_longue`); `images` not an image (`fichier_invalide`, `image_requise`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn creer(
    state: web::Data<AppState>,
    current: Coproprietaire,
    mut formulaire: FormulaireMultipart,
) -> Result<web::Json<PanneResponse>, ApiError> {
    let mut errors = FieldErrors::new();
    let description = texte(
        &mut errors,
        "description",
        formulaire.champs.get("description").cloned(),
        DESCRIPTION_MAX,
    );
    let fichiers = photos(&mut formulaire, &mut errors).await?;
    errors.into_result()?;
    let photos = stocker_photos(&state, current.residence_id, &fichiers).await?;
    let panne = registre::creer(
        &state.db,
        current.residence_id,
        current.id,
        state.settings.clock.now(),
        &description,
        &photos,
    )
    .await?;
    Ok(web::Json(PanneResponse {
        success: true,
        panne: panne.into(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierPanneRequest {
    pub id: Option<i64>,
    /// Required, 5000 characters at most.
    pub description: Option<String>,
}

/// Corrects a report's text (its author).
#[utoipa::path(
    post,
    path = "/api/pannes/modifier",
    operation_id = "modifierPanne",
    tag = "pannes",
    request_body = ModifierPanneRequest,
    responses(
        (status = 200, description = "Corrected", body = PanneSuccesResponse),
        (status = 403, description = "`auteur_requis`, `panne_archivee`", body = ErrorBody),
        (status = 404, description = "`panne_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing; `description` missing or too long", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn modifier(
    state: web::Data<AppState>,
    current: Coproprietaire,
    request: ApiJson<ModifierPanneRequest>,
) -> Result<web::Json<PanneSuccesResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = required_id(&mut errors, "id", request.id);
    let description = texte(
        &mut errors,
        "description",
        request.description,
        DESCRIPTION_MAX,
    );
    let (Some(id), true) = (id, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    registre::modifier(
        &state.db,
        current.residence_id,
        id,
        current.id,
        current.user.is_syndic,
        state.settings.clock.now(),
        &description,
    )
    .await?
    .map_err(refus_panne)?;
    Ok(web::Json(PanneSuccesResponse { success: true }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerPanneRequest {
    pub id: Option<i64>,
}

/// Withdraws a report (its author), while no council member has changed its status.
#[utoipa::path(
    post,
    path = "/api/pannes/supprimer",
    operation_id = "supprimerPanne",
    tag = "pannes",
    request_body = SupprimerPanneRequest,
    responses(
        (status = 200, description = "Withdrawn", body = PanneSuccesResponse),
        (status = 403, description = "`auteur_requis`, `panne_archivee`", body = ErrorBody),
        (status = 404, description = "`panne_introuvable`", body = ErrorBody),
        (status = 422, description = "`panne_statut_evolue`; `validation_failed`: `id` missing", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn supprimer(
    state: web::Data<AppState>,
    current: Coproprietaire,
    request: ApiJson<SupprimerPanneRequest>,
) -> Result<web::Json<PanneSuccesResponse>, ApiError> {
    let Some(id) = request.into_inner().id else {
        return Err(ApiError::field("id", ErrorCode::ChampObligatoire));
    };
    registre::supprimer(
        &state.db,
        current.residence_id,
        id,
        current.id,
        current.user.is_syndic,
        state.settings.clock.now(),
    )
    .await?
    .map_err(refus_panne)?;
    Ok(web::Json(PanneSuccesResponse { success: true }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StatutPanneRequest {
    /// `ouvert`, `analyse`, `reparation`, `resolu` or `archive`.
    pub status: Option<String>,
    pub panne_id: Option<i64>,
}

/// Sets a report's status (council members; any status, in any order, not the current one);
/// its author is notified.
#[utoipa::path(
    post,
    path = "/api/pannes/etat/modifier",
    operation_id = "modifierStatutPanne",
    tag = "pannes",
    request_body = StatutPanneRequest,
    responses(
        (status = 200, description = "The status set", body = StatutPanneResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`panne_introuvable`", body = ErrorBody),
        (status = 422, description = "`statut_identique`; `validation_failed`: `panne_id` missing; `status` missing or unknown (`statut_panne_invalide`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn changer_statut(
    state: web::Data<AppState>,
    current: Syndic,
    request: ApiJson<StatutPanneRequest>,
) -> Result<web::Json<StatutPanneResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = required_id(&mut errors, "panne_id", request.panne_id);
    let statut = match optional_text(request.status) {
        None => {
            errors.add("status", ErrorCode::ChampObligatoire);
            None
        }
        Some(nom) => {
            let statut = Statut::depuis_nom(&nom);
            if statut.is_none() {
                errors.add("status", ErrorCode::StatutPanneInvalide);
            }
            statut
        }
    };
    let (Some(id), Some(statut), true) = (id, statut, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    registre::changer_statut(
        &state.db,
        current.residence_id,
        id,
        current.id,
        state.settings.clock.now(),
        statut,
    )
    .await?
    .map_err(refus_panne)?;
    Ok(web::Json(StatutPanneResponse {
        success: true,
        status: statut.nom().to_owned(),
    }))
}

/// The multipart body of a new comment (for the OpenAPI document).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct CommentaireForm {
    /// Required, 1000 characters at most.
    pub commentaire: String,
    pub panne_id: i64,
    /// `images[]`: PNG or JPEG (judged by content), scaled by the server.
    #[schema(value_type = Vec<String>, format = Binary)]
    pub images: Vec<String>,
}

/// A required id sent as a multipart text field.
fn id_du_formulaire(
    errors: &mut FieldErrors,
    formulaire: &FormulaireMultipart,
    champ: &str,
) -> Option<i64> {
    match optional_text(formulaire.champs.get(champ).cloned()) {
        None => {
            errors.add(champ, ErrorCode::ChampObligatoire);
            None
        }
        Some(texte) => {
            let id = texte.parse::<i64>().ok();
            if id.is_none() {
                errors.add(champ, ErrorCode::ValeurInvalide);
            }
            id
        }
    }
}

/// Comments a report (anyone who sees it), with photos; its author is notified.
#[utoipa::path(
    post,
    path = "/api/pannes/commentaire/ajouter",
    operation_id = "commenterPanne",
    tag = "pannes",
    request_body(content = CommentaireForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "The comment", body = CommentaireResponse),
        (status = 403, description = "`panne_archivee`", body = ErrorBody),
        (status = 404, description = "`panne_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `commentaire` missing or too long (`commentaire_trop_long`); `panne_id` missing or not a number; `images` not an image", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn commenter(
    state: web::Data<AppState>,
    current: Coproprietaire,
    mut formulaire: FormulaireMultipart,
) -> Result<web::Json<CommentaireResponse>, ApiError> {
    let mut errors = FieldErrors::new();
    let description = texte(
        &mut errors,
        "commentaire",
        formulaire.champs.get("commentaire").cloned(),
        COMMENTAIRE_MAX,
    );
    let panne_id = id_du_formulaire(&mut errors, &formulaire, "panne_id");
    let fichiers = photos(&mut formulaire, &mut errors).await?;
    let (Some(panne_id), true) = (panne_id, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let photos = stocker_photos(&state, current.residence_id, &fichiers).await?;
    let commentaire = registre::commenter(
        &state.db,
        current.residence_id,
        panne_id,
        current.id,
        current.user.is_syndic,
        state.settings.clock.now(),
        &description,
        &photos,
    )
    .await?
    .map_err(refus_panne)?;
    Ok(web::Json(CommentaireResponse {
        success: true,
        commentaire: commentaire.into(),
    }))
}

/// The multipart body of a comment's correction (for the OpenAPI document).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ModifierCommentaireForm {
    pub id: i64,
    /// Required, 1000 characters at most.
    pub description: String,
    /// `old_images[]`: the ids of its photos it keeps (the others are dropped).
    pub old_images: Vec<i64>,
    /// `images[]`: new photos.
    #[schema(value_type = Vec<String>, format = Binary)]
    pub images: Vec<String>,
}

/// Corrects a comment (its author): its text, the photos it keeps, new ones.
#[utoipa::path(
    post,
    path = "/api/pannes/commentaire/modifier",
    operation_id = "modifierCommentairePanne",
    tag = "pannes",
    request_body(content = ModifierCommentaireForm, content_type = "multipart/form-data"),
    responses(
        (status = 200, description = "Corrected", body = PanneSuccesResponse),
        (status = 403, description = "`auteur_requis`, `panne_archivee`", body = ErrorBody),
        (status = 404, description = "`commentaire_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing; `description` missing or too long; `old_images` not ids; `images` not an image", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn modifier_commentaire(
    state: web::Data<AppState>,
    current: Coproprietaire,
    mut formulaire: FormulaireMultipart,
) -> Result<web::Json<PanneSuccesResponse>, ApiError> {
    let mut errors = FieldErrors::new();
    let description = texte(
        &mut errors,
        "description",
        formulaire.champs.get("description").cloned(),
        COMMENTAIRE_MAX,
    );
    let id = id_du_formulaire(&mut errors, &formulaire, "id");
    let gardees: Vec<i64> = formulaire
        .listes
        .get("old_images")
        .map(|ids| {
            ids.iter()
                .filter_map(|id| {
                    let id = id.trim().parse::<i64>().ok();
                    if id.is_none() {
                        errors.add("old_images", ErrorCode::ValeurInvalide);
                    }
                    id
                })
                .collect()
        })
        .unwrap_or_default();
    let fichiers = photos(&mut formulaire, &mut errors).await?;
    let (Some(id), true) = (id, errors.is_empty()) else {
        return Err(ApiError::validation(errors));
    };
    let photos = stocker_photos(&state, current.residence_id, &fichiers).await?;
    registre::modifier_commentaire(
        &state.db,
        current.residence_id,
        id,
        current.id,
        current.user.is_syndic,
        state.settings.clock.now(),
        &description,
        &gardees,
        &photos,
    )
    .await?
    .map_err(refus_commentaire)?;
    Ok(web::Json(PanneSuccesResponse { success: true }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerCommentaireRequest {
    pub id: Option<i64>,
}

/// Withdraws a comment (its author).
#[utoipa::path(
    post,
    path = "/api/pannes/commentaire/supprimer",
    operation_id = "supprimerCommentairePanne",
    tag = "pannes",
    request_body = SupprimerCommentaireRequest,
    responses(
        (status = 200, description = "Withdrawn", body = PanneSuccesResponse),
        (status = 403, description = "`auteur_requis`, `panne_archivee`", body = ErrorBody),
        (status = 404, description = "`commentaire_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn supprimer_commentaire(
    state: web::Data<AppState>,
    current: Coproprietaire,
    request: ApiJson<SupprimerCommentaireRequest>,
) -> Result<web::Json<PanneSuccesResponse>, ApiError> {
    let Some(id) = request.into_inner().id else {
        return Err(ApiError::field("id", ErrorCode::ChampObligatoire));
    };
    registre::supprimer_commentaire(
        &state.db,
        current.residence_id,
        id,
        current.id,
        current.user.is_syndic,
        state.settings.clock.now(),
    )
    .await?
    .map_err(refus_commentaire)?;
    Ok(web::Json(PanneSuccesResponse { success: true }))
}

/// A photo of a report or a comment, for the residence's users who see the report.
#[utoipa::path(
    get,
    path = "/api/pannes/photos/{id}",
    operation_id = "getPhotoPanne",
    tag = "pannes",
    params(("id" = i64, Path, description = "The photo's id (`attachements[].id`)")),
    responses(
        (status = 200, description = "The image", content_type = "image/jpeg", body = Vec<u8>),
        (status = 403, description = "`panne_archivee`", body = ErrorBody),
        (status = 404, description = "`panne_introuvable`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn photo(
    state: web::Data<AppState>,
    current: Coproprietaire,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let introuvable = || -> ApiError { ErrorCode::PanneIntrouvable.into() };
    let id: i64 = id.into_inner().parse().map_err(|_| introuvable())?;
    let photo =
        registre::photo_visible(&state.db, current.residence_id, id, current.user.is_syndic)
            .await?
            .map_err(refus_panne)?;
    let nature: NatureContenu = photo.content_type.parse().map_err(|_| introuvable())?;
    let octets = state
        .documents
        .get(current.residence_id, &photo.sha256)
        .await
        .map_err(|_| introuvable())?;
    Ok(reponse_fichier(&photo.titre, nature, octets))
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        liste,
        details,
        creer,
        modifier,
        supprimer,
        changer_statut,
        commenter,
        modifier_commentaire,
        supprimer_commentaire,
        photo
    ),
    components(schemas(
        PhotoPanneDto,
        AuteurPanneDto,
        PanneDto,
        CommentairePanneDto,
        PannesResponse,
        PanneDetailsResponse,
        PanneResponse,
        StatutPanneResponse,
        CommentaireResponse,
        PanneSuccesResponse,
        PanneForm,
        ModifierPanneRequest,
        SupprimerPanneRequest,
        StatutPanneRequest,
        CommentaireForm,
        ModifierCommentaireForm,
        SupprimerCommentaireRequest
    )),
    tags((name = "pannes", description = "The residence's breakdown reports"))
)]
pub struct Api;
