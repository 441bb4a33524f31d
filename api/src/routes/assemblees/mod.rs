//! `/api/assemblees…`: general assemblies through their five steps (spec 3 §2.5, §3, §4, §5,
//! §7 "Assemblies", §8, §9; docs/api-assemblees.md has the table of calls, payloads, answers
//! and errors).
//!
//! The president writes (`President`, else 403 `president_required`); the council reads
//! (`Syndic`); a co-owner sees a meeting once its convocation method is recorded
//! (`/assemblees/coproprietaire` and the downloads). Every write is a command of the
//! residence's assemblies stream (`daftar_domain::assemblees`, ADR 0005); answers are read from
//! that stream's warm aggregate, so no read model is waited for (`ReadModels::NONE`).

mod documents;
mod reponses;

use std::collections::BTreeMap;

use actix_web::http::Method;
use actix_web::{web, HttpResponse};
use daftar_domain::assemblees::{
    coproprietaires_a, Assemblee, Assemblees, AssembleesCommand, AssembleesEvent, Coproprietaire,
    Heure, InfosFinales, MethodeConvocation, PointOrdreDuJour, Presence, RoleSignataire,
    Signataire, StatutPresence, TypeVote, BIBLIOTHEQUE,
};
use daftar_domain::document::{NatureDocument, PieceJointe};
use daftar_domain::ids::{ResidenceId, UserId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite, Success};
use crate::auth::{Coproprietaire as Utilisateur, CurrentUser, President, Syndic};
use crate::documents::{
    reponse_telechargement, stocker, verifier_avec_les_champs, FichierRecu, FormulaireMultipart,
    NatureContenu,
};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::{ApiJson, ApiQuery};
use crate::request::{date_requise, optional_text, required_text};
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;

pub use reponses::*;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        // Answers come from the assemblies' warm aggregate and the books' ledger.
        ReadModels::NONE,
        [
            resource("/assemblees", Method::GET, liste),
            resource(
                "/assemblees/coproprietaire",
                Method::GET,
                liste_coproprietaire,
            ),
            resource("/assemblees/creer-dialog", Method::POST, creer),
            resource("/assemblees/supprimer", Method::POST, supprimer),
            resource("/assemblees/etape1", Method::GET, etape1),
            resource("/assemblees/etape2", Method::GET, etape2),
            resource("/assemblees/etape4", Method::GET, etape4),
            resource("/assemblees/etape5", Method::GET, etape5),
            resource(
                "/assemblees/modifier/info-generales",
                Method::POST,
                modifier_infos_generales,
            ),
            resource(
                "/assemblees/modifier/pieces-jointes",
                Method::POST,
                ajouter_pieces_jointes,
            ),
            resource(
                "/assemblees/pieces-jointes/supprimer",
                Method::POST,
                supprimer_piece_jointe,
            ),
            resource("/assemblees/bibliotheque-points", Method::GET, bibliotheque),
            resource(
                "/assemblees/modifier/ordre-du-jour",
                Method::POST,
                modifier_ordre_du_jour,
            ),
            resource(
                "/assemblees/modifier/date-methode",
                Method::POST,
                modifier_convocation,
            ),
            resource(
                "/assemblees/modifier/heure-debut",
                Method::POST,
                modifier_debut,
            ),
            resource(
                "/assemblees/modifier/presences",
                Method::POST,
                modifier_presences,
            ),
            resource(
                "/assemblees/point-info/creer",
                Method::POST,
                creer_point_info,
            ),
            resource(
                "/assemblees/ordre-du-jour/titre/modifier",
                Method::POST,
                renommer_point,
            ),
            resource(
                "/assemblees/point-info/supprimer",
                Method::POST,
                supprimer_point_info,
            ),
            resource("/assemblees/vote/creer", Method::POST, voter),
            resource(
                "/assemblees/infos-finales/modifier",
                Method::POST,
                modifier_infos_finales,
            ),
            resource(
                "/assemblees/pv-signe/upload",
                Method::POST,
                deposer_pv_signe,
            ),
            resource(
                "/assemblees/presence-signe/upload",
                Method::POST,
                deposer_presence_signee,
            ),
            resource("/assemblees/terminer", Method::POST, terminer),
            resource("/assemblees/documents/download", Method::GET, document),
            resource(
                "/assemblees/convocation/download",
                Method::GET,
                documents::convocation,
            ),
            resource(
                "/assemblees/feuille-presence/download",
                Method::GET,
                documents::feuille_presence,
            ),
            resource(
                "/assemblees/pv-minute/download",
                Method::GET,
                documents::pv_minute,
            ),
            resource(
                "/assemblees/proces-verbal/download",
                Method::GET,
                documents::proces_verbal,
            ),
        ],
    );
}

/// A title's or a place's length at most, in characters (as every title of the product).
const TEXTE_MAX: usize = 200;
/// A resolution's or a closing word's length at most.
const TEXTE_LONG_MAX: usize = 5000;

// Shared helpers.

fn residence(current: &CurrentUser) -> ResidenceId {
    ResidenceId(current.residence_id)
}

fn trouver(assemblees: &Assemblees, id: i64) -> Result<&Assemblee, ApiError> {
    assemblees
        .get(id)
        .ok_or_else(|| ErrorCode::AssembleeIntrouvable.into())
}

/// Runs a president's command, then answers from the state that includes it.
async fn executer<R>(
    state: &AppState,
    current: &CurrentUser,
    request_id: &RequestId,
    command: AssembleesCommand,
    answer: impl FnOnce(&Assemblees, &[AssembleesEvent]) -> Result<R, ApiError>,
) -> Result<R, ApiError> {
    state
        .ledger
        .execute_assemblees(
            residence(current),
            command,
            UserId(current.id),
            request_id,
            answer,
        )
        .await
}

/// The co-owners of the residence at `date`, with their shares, read from the books.
async fn coproprietaires(
    state: &AppState,
    current: &CurrentUser,
    date: chrono::NaiveDate,
) -> Result<Vec<Coproprietaire>, ApiError> {
    state
        .ledger
        .read_since(residence(current), current.ledger_head, |livre, _| {
            Ok(coproprietaires_a(livre, date))
        })
        .await
}

/// The co-owner the syndicate's president is (the occupant with his phone number), whose vote
/// prevails on a tie (art. 91).
async fn voix_preponderante(
    state: &AppState,
    current: &CurrentUser,
    coproprietaires: &[Coproprietaire],
) -> Result<Option<i64>, ApiError> {
    let conseil = crate::identity::council::members(&state.db, current.residence_id)
        .await
        .map_err(|e| ApiError::internal(anyhow::anyhow!(e)))?;
    let Some(tel) = conseil
        .into_iter()
        .find(|membre| membre.is_president)
        .map(|president| president.tel)
    else {
        return Ok(None);
    };
    state
        .ledger
        .read_since(residence(current), current.ledger_head, |livre, _| {
            Ok(livre
                .occupancy
                .occupants()
                .find(|(id, occupant)| {
                    occupant.tel.as_deref() == Some(tel.as_str())
                        && coproprietaires.iter().any(|c| c.occupant_id == *id)
                })
                .map(|(id, _)| id))
        })
        .await
}

fn heure_requise(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<Heure> {
    match optional_text(value) {
        None => {
            errors.add(field, ErrorCode::ChampObligatoire);
            None
        }
        Some(texte) => {
            let heure = Heure::lire(&texte);
            if heure.is_none() {
                errors.add(field, ErrorCode::HeureInvalide);
            }
            heure
        }
    }
}

fn texte_borne(errors: &mut FieldErrors, field: &str, texte: &str, max: usize) {
    if texte.chars().count() > max {
        let code = if max == TEXTE_MAX {
            ErrorCode::TexteTropLong
        } else {
            ErrorCode::TexteLongTropLong
        };
        errors.add(field, code);
    }
}

fn id_requis(errors: &mut FieldErrors, field: &str, value: Option<i64>) -> i64 {
    value.unwrap_or_else(|| {
        errors.add(field, ErrorCode::ChampObligatoire);
        0
    })
}

fn valider(errors: FieldErrors) -> Result<(), ApiError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::validation(errors))
    }
}

// Answers.

#[derive(Debug, Serialize, ToSchema)]
pub struct AssembleesResponse {
    pub success: bool,
    /// Newest date first.
    pub assemblees: Vec<AssembleeDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AssembleeResponse {
    pub success: bool,
    pub assemblee: AssembleeDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Etape1Response {
    pub success: bool,
    pub info_generales: AssembleeDto,
    pub ordre_du_jour: Vec<PointOrdreDuJourDto>,
    pub pieces_jointes: Vec<DocumentAssemblee>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Etape2Response {
    pub success: bool,
    pub info: AssembleeDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Etape4Response {
    pub success: bool,
    pub step: u8,
    pub date_debut: Option<String>,
    pub heure_debut: Option<String>,
    /// Every co-owner at the meeting's date, each with his attendance.
    pub presences: Vec<PresenceDto>,
    pub points: Vec<PointDto>,
    /// Every votable point done.
    pub is_voted: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Etape5Response {
    pub success: bool,
    pub step: u8,
    pub assemblee: AssembleeEtape5,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CoproprietaireResponse {
    pub success: bool,
    pub assemblees: Vec<AssembleeCoproprietaire>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BibliothequeResponse {
    pub success: bool,
    pub points: Vec<PointBibliothequeDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrdreDuJourResponse {
    pub success: bool,
    pub ordre_du_jour: Vec<PointOrdreDuJourDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PiecesJointesResponse {
    pub success: bool,
    pub pieces_jointes: Vec<DocumentAssemblee>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PresencesResponse {
    pub success: bool,
    pub presences: Vec<PresenceDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PointResponse {
    pub success: bool,
    pub point: PointDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ResolutionResponse {
    pub success: bool,
    pub resolution: ResolutionDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DocumentResponse {
    pub success: bool,
    pub data: DocumentAssemblee,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StepResponse {
    pub success: bool,
    pub step: u8,
}

/// `?id=` of a meeting.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: i64,
}

/// `?assemblee_id=` of the closing.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AssembleeIdQuery {
    pub assemblee_id: i64,
}

// Reads.

/// The residence's meetings (council).
#[utoipa::path(get, path = "/api/assemblees", operation_id = "getAssemblees", tag = "assemblees",
    responses((status = 200, body = AssembleesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody), SignedIn),
    security(("session" = [])))]
pub async fn liste(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<AssembleesResponse>, ApiError> {
    let assemblees = state
        .ledger
        .read_assemblees(residence(&current), |assemblees| {
            let mut liste: Vec<&Assemblee> = assemblees.toutes().collect();
            liste.sort_by(|a, b| (b.date, &b.heure, b.id).cmp(&(a.date, &a.heure, a.id)));
            Ok(liste.into_iter().map(AssembleeDto::from).collect())
        })
        .await?;
    Ok(web::Json(AssembleesResponse {
        success: true,
        assemblees,
    }))
}

/// The meetings a co-owner sees: those whose convocation method is recorded.
#[utoipa::path(get, path = "/api/assemblees/coproprietaire", operation_id = "getAssembleesCoproprietaire",
    tag = "assemblees", responses((status = 200, body = CoproprietaireResponse), SignedIn),
    security(("session" = [])))]
pub async fn liste_coproprietaire(
    state: web::Data<AppState>,
    current: Utilisateur,
) -> Result<web::Json<CoproprietaireResponse>, ApiError> {
    let assemblees = state
        .ledger
        .read_assemblees(residence(&current), |assemblees| {
            let mut liste: Vec<&Assemblee> = assemblees
                .toutes()
                .filter(|a| a.visible_aux_coproprietaires())
                .collect();
            liste.sort_by(|a, b| (b.date, &b.heure, b.id).cmp(&(a.date, &a.heure, a.id)));
            Ok(liste.into_iter().map(pour_coproprietaire).collect())
        })
        .await?;
    Ok(web::Json(CoproprietaireResponse {
        success: true,
        assemblees,
    }))
}

/// Step 1: the general information, the agenda and the attached documents.
#[utoipa::path(get, path = "/api/assemblees/etape1", operation_id = "getAssembleeEtape1", tag = "assemblees",
    params(IdQuery), responses((status = 200, body = Etape1Response),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody), SignedIn),
    security(("session" = [])))]
pub async fn etape1(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<IdQuery>,
) -> Result<web::Json<Etape1Response>, ApiError> {
    state
        .ledger
        .read_assemblees(residence(&current), |assemblees| {
            let a = trouver(assemblees, query.id)?;
            Ok(web::Json(Etape1Response {
                success: true,
                info_generales: a.into(),
                ordre_du_jour: ordre_du_jour(a),
                pieces_jointes: a
                    .pieces_jointes
                    .iter()
                    .map(DocumentAssemblee::from)
                    .collect(),
            }))
        })
        .await
}

/// Step 2: the meeting with its convocation.
#[utoipa::path(get, path = "/api/assemblees/etape2", operation_id = "getAssembleeEtape2", tag = "assemblees",
    params(IdQuery), responses((status = 200, body = Etape2Response),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody), SignedIn),
    security(("session" = [])))]
pub async fn etape2(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<IdQuery>,
) -> Result<web::Json<Etape2Response>, ApiError> {
    state
        .ledger
        .read_assemblees(residence(&current), |assemblees| {
            Ok(web::Json(Etape2Response {
                success: true,
                info: trouver(assemblees, query.id)?.into(),
            }))
        })
        .await
}

/// Step 4: the start, the presences (every co-owner at the meeting's date) and the points.
#[utoipa::path(get, path = "/api/assemblees/etape4", operation_id = "getAssembleeEtape4", tag = "assemblees",
    params(IdQuery), responses((status = 200, body = Etape4Response),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody), SignedIn),
    security(("session" = [])))]
pub async fn etape4(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<IdQuery>,
) -> Result<web::Json<Etape4Response>, ApiError> {
    let assemblee = state
        .ledger
        .read_assemblees(residence(&current), |assemblees| {
            Ok(trouver(assemblees, query.id)?.clone())
        })
        .await?;
    let actuels = coproprietaires(&state, &current, assemblee.date).await?;
    Ok(web::Json(Etape4Response {
        success: true,
        step: assemblee.etape(),
        date_debut: assemblee.date_debut.map(|d| d.to_string()),
        heure_debut: assemblee
            .heure_debut
            .as_ref()
            .map(|h| h.as_str().to_owned()),
        presences: presences(&assemblee, &actuels),
        points: assemblee
            .points
            .iter()
            .map(|p| point(&assemblee, p))
            .collect(),
        is_voted: assemblee.votes_faits(),
    }))
}

/// Step 5: the meeting with its signed files, signatories and those present.
#[utoipa::path(get, path = "/api/assemblees/etape5", operation_id = "getAssembleeEtape5", tag = "assemblees",
    params(IdQuery), responses((status = 200, body = Etape5Response),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody), SignedIn),
    security(("session" = [])))]
pub async fn etape5(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<IdQuery>,
) -> Result<web::Json<Etape5Response>, ApiError> {
    state
        .ledger
        .read_assemblees(residence(&current), |assemblees| {
            let a = trouver(assemblees, query.id)?;
            Ok(web::Json(Etape5Response {
                success: true,
                step: a.etape(),
                assemblee: reponses::etape5(a),
            }))
        })
        .await
}

/// The library of standard agenda points.
#[utoipa::path(get, path = "/api/assemblees/bibliotheque-points", operation_id = "getBibliothequePoints",
    tag = "assemblees", responses((status = 200, body = BibliothequeResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody), SignedIn),
    security(("session" = [])))]
pub async fn bibliotheque(_current: Syndic) -> web::Json<BibliothequeResponse> {
    web::Json(BibliothequeResponse {
        success: true,
        points: BIBLIOTHEQUE
            .iter()
            .map(PointBibliothequeDto::from)
            .collect(),
    })
}

/// A file kept with a meeting: the council downloads any; a co-owner the signed files of a
/// meeting he sees.
#[utoipa::path(get, path = "/api/assemblees/documents/download", operation_id = "getAssembleeDocument",
    tag = "assemblees", params(IdQuery),
    responses((status = 200, description = "The PDF; its name in `x-file-name`", content_type = "application/pdf", body = Vec<u8>),
        (status = 404, description = "`piece_jointe_introuvable`", body = ErrorBody), SignedIn),
    security(("session" = [])))]
pub async fn document(
    state: web::Data<AppState>,
    current: Utilisateur,
    query: ApiQuery<IdQuery>,
) -> Result<HttpResponse, ApiError> {
    let id = query.id;
    let syndic = current.user.is_syndic;
    let piece = state
        .ledger
        .read_assemblees(residence(&current), |assemblees| {
            let trouvee = assemblees.toutes().find_map(|a| {
                let mut signes = a.pv_signe.iter().chain(a.presence_signee.iter());
                if let Some(piece) = signes.find(|p| p.id == id) {
                    return (syndic || a.visible_aux_coproprietaires()).then(|| piece.clone());
                }
                a.pieces_jointes
                    .iter()
                    .find(|p| p.id == id)
                    .filter(|_| syndic)
                    .cloned()
            });
            trouvee.ok_or_else(|| ErrorCode::PieceJointeIntrouvable.into())
        })
        .await?;
    let octets = state
        .documents
        .get(current.residence_id, &piece.piece.sha256)
        .await
        .map_err(|_| ApiError::from(ErrorCode::PieceJointeIntrouvable))?;
    Ok(reponse_telechargement(
        piece.piece.titre,
        &piece.piece.content_type,
        octets,
    ))
}

// Writes (president).

#[derive(Debug, Deserialize, ToSchema)]
pub struct InfosGeneralesRequest {
    /// Absent on creation.
    pub id: Option<i64>,
    pub titre: Option<String>,
    pub lieu: Option<String>,
    /// `yyyy-MM-dd`, from 1 January of last year to 31 December of next year.
    pub date: Option<String>,
    /// `HH:MM` or `HHMM`; 19:30 when absent on creation.
    pub heure: Option<String>,
}

struct InfosGenerales {
    titre: String,
    lieu: String,
    date: chrono::NaiveDate,
    heure: Heure,
}

fn lire_infos_generales(
    request: InfosGeneralesRequest,
    errors: &mut FieldErrors,
    creation: bool,
) -> Option<InfosGenerales> {
    let titre = required_text(errors, "titre", request.titre);
    texte_borne(errors, "titre", &titre, TEXTE_MAX);
    let lieu = required_text(errors, "lieu", request.lieu);
    texte_borne(errors, "lieu", &lieu, TEXTE_MAX);
    let date = date_requise(errors, "date", request.date);
    let heure = match optional_text(request.heure.clone()) {
        None if creation => Some(Heure::par_defaut()),
        _ => heure_requise(errors, "heure", request.heure),
    };
    Some(InfosGenerales {
        titre,
        lieu,
        date: date?,
        heure: heure?,
    })
}

/// Creates a meeting (president).
#[utoipa::path(post, path = "/api/assemblees/creer-dialog", operation_id = "creerAssemblee", tag = "assemblees",
    request_body = InfosGeneralesRequest,
    responses((status = 200, body = AssembleeResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`titre`, `lieu`, `date`, `heure`); `date_assemblee_hors_plage`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn creer(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<InfosGeneralesRequest>,
) -> Result<web::Json<AssembleeResponse>, ApiError> {
    let mut errors = FieldErrors::new();
    let infos = lire_infos_generales(request.into_inner(), &mut errors, true);
    valider(errors)?;
    let Some(infos) = infos else {
        return Err(ErrorCode::ValidationFailed.into());
    };
    let command = AssembleesCommand::Creer {
        titre: infos.titre,
        lieu: infos.lieu,
        date: infos.date,
        heure: infos.heure,
        aujourdhui: state.today(),
    };
    executer(
        &state,
        &current,
        &request_id,
        command,
        |assemblees, events| {
            let id = events
                .iter()
                .find_map(|event| match event {
                    AssembleesEvent::AssembleeCreee { assemblee_id, .. } => Some(*assemblee_id),
                    _ => None,
                })
                .ok_or_else(|| ApiError::from(ErrorCode::AssembleeIntrouvable))?;
            Ok(web::Json(AssembleeResponse {
                success: true,
                assemblee: trouver(assemblees, id)?.into(),
            }))
        },
    )
    .await
}

/// Edits a meeting's general information (president; refused once convoked).
#[utoipa::path(post, path = "/api/assemblees/modifier/info-generales", operation_id = "modifierInfosGenerales",
    tag = "assemblees", request_body = InfosGeneralesRequest,
    responses((status = 200, body = AssembleeResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`; `date_assemblee_hors_plage`, `assemblee_convoquee`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn modifier_infos_generales(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<InfosGeneralesRequest>,
) -> Result<web::Json<AssembleeResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = id_requis(&mut errors, "id", request.id);
    let infos = lire_infos_generales(request, &mut errors, false);
    valider(errors)?;
    let Some(infos) = infos else {
        return Err(ErrorCode::ValidationFailed.into());
    };
    let command = AssembleesCommand::ModifierInfosGenerales {
        assemblee_id: id,
        titre: infos.titre,
        lieu: infos.lieu,
        date: infos.date,
        heure: infos.heure,
        aujourdhui: state.today(),
    };
    executer(&state, &current, &request_id, command, |assemblees, _| {
        Ok(web::Json(AssembleeResponse {
            success: true,
            assemblee: trouver(assemblees, id)?.into(),
        }))
    })
    .await
}

/// A body naming one meeting, or one of its attached documents, by its id.
#[derive(Debug, Deserialize, ToSchema)]
pub struct IdAssembleesRequest {
    pub id: Option<i64>,
}

/// Deletes a meeting (president; only before step 3).
#[utoipa::path(post, path = "/api/assemblees/supprimer", operation_id = "supprimerAssemblee", tag = "assemblees",
    request_body = IdAssembleesRequest,
    responses((status = 200, body = Success),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`; `assemblee_non_supprimable`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn supprimer(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<IdAssembleesRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let Some(id) = request.into_inner().id else {
        return Err(ApiError::field("id", ErrorCode::ChampObligatoire));
    };
    let command = AssembleesCommand::Supprimer { assemblee_id: id };
    executer(&state, &current, &request_id, command, |_, _| Ok(()))
        .await
        .map(|()| web::Json(Success::new()))
}

/// The multipart body of the preparation's documents (for the OpenAPI document).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct PiecesJointesForm {
    pub assemblee_id: i64,
    /// PDFs (judged by their content), 1 MB each at most.
    #[schema(value_type = Vec<String>, format = Binary)]
    pub docs: Vec<String>,
}

/// Checks a form's PDFs of field `champ` (at least one; at most `max`), recording what is
/// wrong; answers the accepted files.
async fn pdfs_du_formulaire(
    formulaire: &mut FormulaireMultipart,
    champ: &str,
    max: usize,
    errors: &mut FieldErrors,
) -> Result<Vec<crate::documents::FichierAccepte>, ApiError> {
    let fichiers: Vec<FichierRecu> = std::mem::take(&mut formulaire.fichiers)
        .into_iter()
        .filter(|fichier| fichier.champ == champ)
        .collect();
    if fichiers.is_empty() {
        errors.add(champ, ErrorCode::ChampObligatoire);
        return Ok(Vec::new());
    }
    if fichiers.len() > max {
        errors.add(champ, ErrorCode::ValeurInvalide);
        return Ok(Vec::new());
    }
    let fichiers = verifier_avec_les_champs(fichiers, errors).await?;
    if fichiers
        .iter()
        .any(|fichier| fichier.nature_contenu != NatureContenu::Pdf)
    {
        errors.add(champ, ErrorCode::PdfRequis);
    }
    Ok(fichiers)
}

fn assemblee_du_formulaire(formulaire: &FormulaireMultipart, errors: &mut FieldErrors) -> i64 {
    let id = formulaire
        .champs
        .get("assemblee_id")
        .and_then(|id| id.trim().parse().ok());
    id_requis(errors, "assemblee_id", id)
}

/// Attaches PDFs to the preparation (president; refused once convoked).
#[utoipa::path(post, path = "/api/assemblees/modifier/pieces-jointes", operation_id = "ajouterPiecesJointesAssemblee",
    tag = "assemblees", request_body(content = PiecesJointesForm, content_type = "multipart/form-data"),
    responses((status = 200, body = PiecesJointesResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`docs`: missing, not a PDF `pdf_requis`, above 1 MB `pdfTooLarge`); `assemblee_convoquee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn ajouter_pieces_jointes(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    mut formulaire: FormulaireMultipart,
) -> Result<web::Json<PiecesJointesResponse>, ApiError> {
    let mut errors = FieldErrors::new();
    let id = assemblee_du_formulaire(&formulaire, &mut errors);
    let fichiers = pdfs_du_formulaire(&mut formulaire, "docs", 20, &mut errors).await?;
    valider(errors)?;
    let pieces = stocker(&state.documents, current.residence_id, &fichiers, |_| {
        NatureDocument::Doc
    })
    .await?;
    let command = AssembleesCommand::AjouterPiecesJointes {
        assemblee_id: id,
        pieces,
    };
    executer(&state, &current, &request_id, command, |assemblees, _| {
        Ok(web::Json(PiecesJointesResponse {
            success: true,
            pieces_jointes: trouver(assemblees, id)?
                .pieces_jointes
                .iter()
                .map(DocumentAssemblee::from)
                .collect(),
        }))
    })
    .await
}

/// Removes an attached document of the preparation (president; refused once convoked).
#[utoipa::path(post, path = "/api/assemblees/pieces-jointes/supprimer", operation_id = "supprimerPieceJointeAssemblee",
    tag = "assemblees", request_body = IdAssembleesRequest,
    responses((status = 200, body = Success),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`piece_jointe_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`; `assemblee_convoquee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn supprimer_piece_jointe(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<IdAssembleesRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let Some(id) = request.into_inner().id else {
        return Err(ApiError::field("id", ErrorCode::ChampObligatoire));
    };
    let command = AssembleesCommand::RetirerPieceJointe { piece_id: id };
    executer(&state, &current, &request_id, command, |_, _| Ok(()))
        .await
        .map(|()| web::Json(Success::new()))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PointOrdreDuJourRequest {
    /// The order wanted (points are renumbered from 1 in this order).
    pub numero: Option<i64>,
    /// The point's title (at least 2 characters).
    pub point: Option<String>,
    pub projet_resolution: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct OrdreDuJourRequest {
    pub assemblee_id: Option<i64>,
    #[serde(rename = "ordreDuJour")]
    pub ordre_du_jour: Option<Vec<PointOrdreDuJourRequest>>,
}

/// Replaces the agenda (president; refused once convoked).
#[utoipa::path(post, path = "/api/assemblees/modifier/ordre-du-jour", operation_id = "modifierOrdreDuJour",
    tag = "assemblees", request_body = OrdreDuJourRequest,
    responses((status = 200, body = OrdreDuJourResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`ordreDuJour.N.point`: `titre_point_invalide`); `assemblee_convoquee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn modifier_ordre_du_jour(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<OrdreDuJourRequest>,
) -> Result<web::Json<OrdreDuJourResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = id_requis(&mut errors, "assemblee_id", request.assemblee_id);
    let Some(mut lignes) = request.ordre_du_jour else {
        errors.add("ordreDuJour", ErrorCode::ChampObligatoire);
        return Err(ApiError::validation(errors));
    };
    lignes.sort_by_key(|ligne| ligne.numero.unwrap_or(i64::MAX));
    let mut points = Vec::with_capacity(lignes.len());
    for (index, ligne) in lignes.into_iter().enumerate() {
        let champ = format!("ordreDuJour.{index}.point");
        let titre = required_text(&mut errors, &champ, ligne.point);
        if !titre.is_empty() && titre.chars().count() < daftar_domain::assemblees::TITRE_POINT_MIN {
            errors.add(&champ, ErrorCode::TitrePointInvalide);
        }
        texte_borne(&mut errors, &champ, &titre, TEXTE_MAX);
        let projet = optional_text(ligne.projet_resolution).unwrap_or_default();
        texte_borne(
            &mut errors,
            &format!("ordreDuJour.{index}.projet_resolution"),
            &projet,
            TEXTE_LONG_MAX,
        );
        points.push(PointOrdreDuJour {
            titre,
            projet_resolution: projet,
        });
    }
    valider(errors)?;
    let command = AssembleesCommand::EnregistrerOrdreDuJour {
        assemblee_id: id,
        points,
    };
    executer(&state, &current, &request_id, command, |assemblees, _| {
        Ok(web::Json(OrdreDuJourResponse {
            success: true,
            ordre_du_jour: ordre_du_jour(trouver(assemblees, id)?),
        }))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ConvocationRequest {
    pub id: Option<i64>,
    /// `en_main` or `lettre_recommendee`.
    pub methode_convocation: Option<String>,
    pub date_convocation: Option<String>,
}

/// Records the convocation (president): the meeting reaches step 3, step 1 locks, co-owners
/// see the meeting (a new method notifies them).
#[utoipa::path(post, path = "/api/assemblees/modifier/date-methode", operation_id = "modifierConvocation",
    tag = "assemblees", request_body = ConvocationRequest,
    responses((status = 200, body = AssembleeResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`; `ordre_du_jour_vide`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn modifier_convocation(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<ConvocationRequest>,
) -> Result<web::Json<AssembleeResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = id_requis(&mut errors, "id", request.id);
    let methode = match optional_text(request.methode_convocation) {
        None => {
            errors.add("methode_convocation", ErrorCode::ChampObligatoire);
            None
        }
        Some(code) => {
            let methode = MethodeConvocation::lire(&code);
            if methode.is_none() {
                errors.add("methode_convocation", ErrorCode::ValeurInvalide);
            }
            methode
        }
    };
    let date = date_requise(&mut errors, "date_convocation", request.date_convocation);
    valider(errors)?;
    let (Some(methode), Some(date)) = (methode, date) else {
        return Err(ErrorCode::ValidationFailed.into());
    };
    let command = AssembleesCommand::EnregistrerConvocation {
        assemblee_id: id,
        methode,
        date,
    };
    let (reponse, convoques) = executer(
        &state,
        &current,
        &request_id,
        command,
        |assemblees, events| {
            let convoques = events
                .iter()
                .any(|event| matches!(event, AssembleesEvent::CoproprietairesConvoques { .. }));
            Ok((
                web::Json(AssembleeResponse {
                    success: true,
                    assemblee: trouver(assemblees, id)?.into(),
                }),
                convoques,
            ))
        },
    )
    .await?;
    if convoques {
        notifier_convocation(&state, &current, id).await;
    }
    Ok(reponse)
}

/// Tells every other user of the residence that the meeting is convoked (a new convocation
/// method: spec 3 §4), with a link to it in their space. The convocation is recorded whatever
/// happens here: a failure is logged, not answered (the meeting shows in the co-owners' list
/// either way).
async fn notifier_convocation(state: &AppState, current: &CurrentUser, assemblee_id: i64) {
    let avis = daftar_projections::notifications::Avis {
        icon: "assemblee",
        title_key: "assemblee_convocation",
        params: serde_json::json!({ "id": assemblee_id }),
    };
    let envoi = async {
        let mut conn = state.db.pool.acquire().await?;
        daftar_projections::notifications::notifier_residence(
            &mut conn,
            current.residence_id,
            current.id,
            state.settings.clock.now(),
            &avis,
            &format!("/syndic/assemblees/{assemblee_id}/etapes"),
            &format!("/coproprietaire/assemblees/details/{assemblee_id}"),
        )
        .await
    };
    if let Err(error) = envoi.await {
        tracing::error!(%error, assemblee_id, "the convocation's notifications were not recorded");
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DebutRequest {
    pub id: Option<i64>,
    pub date_debut: Option<String>,
    /// `HH:MM` or `HHMM`.
    pub heure_debut: Option<String>,
}

/// Records the start (president; from step 3): the meeting reaches step 4.
#[utoipa::path(post, path = "/api/assemblees/modifier/heure-debut", operation_id = "modifierDebutAssemblee",
    tag = "assemblees", request_body = DebutRequest,
    responses((status = 200, body = AssembleeResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`; `etape_non_atteinte`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn modifier_debut(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<DebutRequest>,
) -> Result<web::Json<AssembleeResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = id_requis(&mut errors, "id", request.id);
    let date = date_requise(&mut errors, "date_debut", request.date_debut);
    let heure = heure_requise(&mut errors, "heure_debut", request.heure_debut);
    valider(errors)?;
    let (Some(date), Some(heure)) = (date, heure) else {
        return Err(ErrorCode::ValidationFailed.into());
    };
    let command = AssembleesCommand::EnregistrerDebut {
        assemblee_id: id,
        date,
        heure,
    };
    executer(&state, &current, &request_id, command, |assemblees, _| {
        Ok(web::Json(AssembleeResponse {
            success: true,
            assemblee: trouver(assemblees, id)?.into(),
        }))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PresenceRequest {
    pub occupant_id: Option<i64>,
    /// `present`, `represente` or `absent`.
    pub is_present: Option<String>,
    /// Required when `represente`.
    pub representant: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PresencesRequest {
    pub assemblee_id: Option<i64>,
    pub records: Option<Vec<PresenceRequest>>,
}

/// Records the presences (president; from step 3 until the end).
#[utoipa::path(post, path = "/api/assemblees/modifier/presences", operation_id = "modifierPresences",
    tag = "assemblees", request_body = PresencesRequest,
    responses((status = 200, body = PresencesResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`records.N.representant`: `representant_requis`); `aucun_present`, `occupant_non_coproprietaire`, `etape_non_atteinte`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn modifier_presences(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<PresencesRequest>,
) -> Result<web::Json<PresencesResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = id_requis(&mut errors, "assemblee_id", request.assemblee_id);
    let mut presences = Vec::new();
    for (index, record) in request.records.unwrap_or_default().into_iter().enumerate() {
        let occupant = record.occupant_id;
        let occupant_id = id_requis(
            &mut errors,
            &format!("records.{index}.occupant_id"),
            occupant,
        );
        let champ = format!("records.{index}.is_present");
        let statut = match optional_text(record.is_present)
            .as_deref()
            .map(StatutPresence::lire)
        {
            Some(Some(statut)) => statut,
            Some(None) => {
                errors.add(&champ, ErrorCode::ValeurInvalide);
                StatutPresence::Absent
            }
            None => {
                errors.add(&champ, ErrorCode::ChampObligatoire);
                StatutPresence::Absent
            }
        };
        let representant = optional_text(record.representant);
        if statut == StatutPresence::Represente && representant.is_none() {
            errors.add(
                format!("records.{index}.representant"),
                ErrorCode::RepresentantRequis,
            );
        }
        if let Some(nom) = &representant {
            texte_borne(
                &mut errors,
                &format!("records.{index}.representant"),
                nom,
                TEXTE_MAX,
            );
        }
        presences.push(Presence {
            occupant_id,
            statut,
            representant,
        });
    }
    valider(errors)?;
    let date = state
        .ledger
        .read_assemblees(residence(&current), |assemblees| {
            Ok(trouver(assemblees, id)?.date)
        })
        .await?;
    let coproprietaires = coproprietaires(&state, &current, date).await?;
    let command = AssembleesCommand::EnregistrerPresences {
        assemblee_id: id,
        coproprietaires: coproprietaires.clone(),
        presences,
    };
    executer(&state, &current, &request_id, command, |assemblees, _| {
        Ok(web::Json(PresencesResponse {
            success: true,
            presences: reponses::presences(trouver(assemblees, id)?, &coproprietaires),
        }))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PointInfoRequest {
    pub assemblee_id: Option<i64>,
    pub titre: Option<String>,
}

/// Adds an information point (president; from step 3 until the end).
#[utoipa::path(post, path = "/api/assemblees/point-info/creer", operation_id = "creerPointInfo",
    tag = "assemblees", request_body = PointInfoRequest,
    responses((status = 200, body = PointResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`; `titre_point_invalide`, `etape_non_atteinte`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn creer_point_info(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<PointInfoRequest>,
) -> Result<web::Json<PointResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = id_requis(&mut errors, "assemblee_id", request.assemblee_id);
    let titre = required_text(&mut errors, "titre", request.titre);
    texte_borne(&mut errors, "titre", &titre, TEXTE_MAX);
    valider(errors)?;
    let command = AssembleesCommand::AjouterPointInfo {
        assemblee_id: id,
        titre,
    };
    executer(
        &state,
        &current,
        &request_id,
        command,
        |assemblees, events| {
            let a = trouver(assemblees, id)?;
            let ajoute = events.iter().find_map(|event| match event {
                AssembleesEvent::PointInfoAjoute { point_id, .. } => a.point(*point_id),
                _ => None,
            });
            let dernier = ajoute.ok_or_else(|| ApiError::from(ErrorCode::PointIntrouvable))?;
            Ok(web::Json(PointResponse {
                success: true,
                point: point(a, dernier),
            }))
        },
    )
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RenommerPointRequest {
    pub id: Option<i64>,
    pub titre: Option<String>,
}

/// Renames a point (president; until the end).
#[utoipa::path(post, path = "/api/assemblees/ordre-du-jour/titre/modifier", operation_id = "renommerPoint",
    tag = "assemblees", request_body = RenommerPointRequest,
    responses((status = 200, body = PointResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`point_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`; `titre_point_invalide`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn renommer_point(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<RenommerPointRequest>,
) -> Result<web::Json<PointResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = id_requis(&mut errors, "id", request.id);
    let titre = required_text(&mut errors, "titre", request.titre);
    texte_borne(&mut errors, "titre", &titre, TEXTE_MAX);
    valider(errors)?;
    let command = AssembleesCommand::RenommerPoint {
        point_id: id,
        titre,
    };
    executer(&state, &current, &request_id, command, |assemblees, _| {
        let a = assemblees
            .assemblee_du_point(id)
            .ok_or_else(|| ApiError::from(ErrorCode::PointIntrouvable))?;
        let p = a
            .point(id)
            .ok_or_else(|| ApiError::from(ErrorCode::PointIntrouvable))?;
        Ok(web::Json(PointResponse {
            success: true,
            point: point(a, p),
        }))
    })
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PointIdRequest {
    pub point_id: Option<i64>,
}

/// Deletes an information point (president; until the end).
#[utoipa::path(post, path = "/api/assemblees/point-info/supprimer", operation_id = "supprimerPointInfo",
    tag = "assemblees", request_body = PointIdRequest,
    responses((status = 200, body = Success),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`point_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`; `point_non_supprimable`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn supprimer_point_info(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<PointIdRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let Some(id) = request.into_inner().point_id else {
        return Err(ApiError::field("point_id", ErrorCode::ChampObligatoire));
    };
    let command = AssembleesCommand::SupprimerPointInfo { point_id: id };
    executer(&state, &current, &request_id, command, |_, _| Ok(()))
        .await
        .map(|()| web::Json(Success::new()))
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(as = ResolutionVoteRequest)]
pub struct VoteRequest {
    #[serde(rename = "assembleeId")]
    pub assemblee_id: Option<i64>,
    #[serde(rename = "pointId")]
    pub point_id: Option<i64>,
    /// Absent: a new resolution; present: that resolution's text and votes are replaced.
    #[serde(rename = "resolutionId")]
    pub resolution_id: Option<i64>,
    #[serde(rename = "resolutionText")]
    pub resolution_text: Option<String>,
    /// `simple` or `multiple`.
    #[serde(rename = "voteType")]
    pub vote_type: Option<String>,
    /// Occupant id → `pour` / `contre` / `abstention`, or one of `choices`.
    pub votes: Option<BTreeMap<String, String>>,
    /// A multiple-choice vote's 2 to 4 choices.
    pub choices: Option<Vec<String>>,
}

/// Records a resolution with its votes, or replaces one's (president; from step 3, once the
/// presences are recorded, until the end).
#[utoipa::path(post, path = "/api/assemblees/vote/creer", operation_id = "voterResolution",
    tag = "assemblees", request_body = VoteRequest,
    responses((status = 200, body = ResolutionResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`, `point_introuvable`, `resolution_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`; `presences_non_enregistrees`, `votes_incomplets`, `vote_invalide`, `choix_invalides`, `point_information`, `etape_non_atteinte`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn voter(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<VoteRequest>,
) -> Result<web::Json<ResolutionResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let assemblee_id = id_requis(&mut errors, "assembleeId", request.assemblee_id);
    let point_id = id_requis(&mut errors, "pointId", request.point_id);
    let texte = optional_text(request.resolution_text).unwrap_or_default();
    if texte.is_empty() {
        errors.add("resolutionText", ErrorCode::ResolutionRequise);
    }
    texte_borne(&mut errors, "resolutionText", &texte, TEXTE_LONG_MAX);
    let type_vote = match optional_text(request.vote_type).as_deref() {
        Some("simple") => Some(TypeVote::Simple),
        Some("multiple") => Some(TypeVote::Multiple {
            choix: request.choices.unwrap_or_default(),
        }),
        Some(_) => {
            errors.add("voteType", ErrorCode::ValeurInvalide);
            None
        }
        None => {
            errors.add("voteType", ErrorCode::ChampObligatoire);
            None
        }
    };
    let mut votes = BTreeMap::new();
    for (occupant, vote) in request.votes.unwrap_or_default() {
        match occupant.trim().parse::<i64>() {
            Ok(occupant_id) => {
                votes.insert(occupant_id, vote.trim().to_owned());
            }
            Err(_) => errors.add(format!("votes.{occupant}"), ErrorCode::ValeurInvalide),
        }
    }
    valider(errors)?;
    let Some(type_vote) = type_vote else {
        return Err(ErrorCode::ValidationFailed.into());
    };
    let date = state
        .ledger
        .read_assemblees(residence(&current), |assemblees| {
            Ok(trouver(assemblees, assemblee_id)?.date)
        })
        .await?;
    let actuels = coproprietaires(&state, &current, date).await?;
    let president = voix_preponderante(&state, &current, &actuels).await?;
    let command = AssembleesCommand::VoterResolution {
        assemblee_id,
        point_id,
        resolution_id: request.resolution_id,
        texte,
        type_vote,
        votes,
        voix_preponderante: president,
    };
    executer(
        &state,
        &current,
        &request_id,
        command,
        |assemblees, events| {
            let a = trouver(assemblees, assemblee_id)?;
            let p = a
                .point(point_id)
                .ok_or_else(|| ApiError::from(ErrorCode::PointIntrouvable))?;
            let votee = events.iter().find_map(|event| match event {
                AssembleesEvent::ResolutionVotee { resolution, .. } => Some(resolution.id),
                _ => None,
            });
            let r = votee.and_then(|id| p.resolutions.iter().find(|r| r.id == id));
            let r = r.ok_or_else(|| ApiError::from(ErrorCode::ResolutionIntrouvable))?;
            Ok(web::Json(ResolutionResponse {
                success: true,
                resolution: resolution(a, point_id, r),
            }))
        },
    )
    .await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ScrutateurRequest {
    #[serde(rename = "occupantId")]
    pub occupant_id: Option<i64>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct InfosFinalesRequest {
    pub id: Option<i64>,
    /// The chair's occupant id.
    pub president: Option<i64>,
    /// The secretary's occupant id.
    pub secretaire: Option<i64>,
    pub scrutateurs: Option<Vec<ScrutateurRequest>>,
    pub date_fin: Option<String>,
    pub heure_fin: Option<String>,
    pub mot_intro: Option<String>,
    pub mot_fin: Option<String>,
}

/// Records the closing information (president; at step 5).
#[utoipa::path(post, path = "/api/assemblees/infos-finales/modifier", operation_id = "modifierInfosFinales",
    tag = "assemblees", request_body = InfosFinalesRequest,
    responses((status = 200, body = AssembleeResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`president`: `president_requis`, `secretaire`: `secretaire_requis`); `signataire_non_present`, `fin_avant_debut`, `etape_non_atteinte`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn modifier_infos_finales(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    request: ApiJson<InfosFinalesRequest>,
) -> Result<web::Json<AssembleeResponse>, ApiError> {
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = id_requis(&mut errors, "id", request.id);
    if request.president.is_none() {
        errors.add("president", ErrorCode::PresidentRequis);
    }
    if request.secretaire.is_none() {
        errors.add("secretaire", ErrorCode::SecretaireRequis);
    }
    let mut signataires: Vec<Signataire> = [
        (RoleSignataire::President, request.president),
        (RoleSignataire::Secretaire, request.secretaire),
    ]
    .into_iter()
    .filter_map(|(role, occupant)| occupant.map(|occupant_id| Signataire { role, occupant_id }))
    .collect();
    for (index, scrutateur) in request
        .scrutateurs
        .unwrap_or_default()
        .into_iter()
        .enumerate()
    {
        let champ = format!("scrutateurs.{index}.occupantId");
        let occupant_id = id_requis(&mut errors, &champ, scrutateur.occupant_id);
        signataires.push(Signataire {
            role: RoleSignataire::Scrutateur,
            occupant_id,
        });
    }
    let date_fin = date_requise(&mut errors, "date_fin", request.date_fin);
    let heure_fin = heure_requise(&mut errors, "heure_fin", request.heure_fin);
    let mot_intro = optional_text(request.mot_intro);
    let mot_fin = optional_text(request.mot_fin);
    for (champ, mot) in [("mot_intro", &mot_intro), ("mot_fin", &mot_fin)] {
        if let Some(mot) = mot {
            texte_borne(&mut errors, champ, mot, TEXTE_LONG_MAX);
        }
    }
    valider(errors)?;
    let (Some(date_fin), Some(heure_fin)) = (date_fin, heure_fin) else {
        return Err(ErrorCode::ValidationFailed.into());
    };
    let command = AssembleesCommand::EnregistrerInfosFinales {
        assemblee_id: id,
        infos: InfosFinales {
            signataires,
            date_fin,
            heure_fin,
            mot_intro,
            mot_fin,
        },
    };
    executer(&state, &current, &request_id, command, |assemblees, _| {
        Ok(web::Json(AssembleeResponse {
            success: true,
            assemblee: trouver(assemblees, id)?.into(),
        }))
    })
    .await
}

/// The multipart body of a signed file (for the OpenAPI document).
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct FichierSigneForm {
    pub assemblee_id: i64,
    /// One PDF (judged by its content), 1 MB at most; it replaces the previous one.
    #[schema(value_type = String, format = Binary)]
    pub file: String,
}

/// Which signed file an upload is.
#[derive(Clone, Copy)]
enum FichierSigne {
    ProcesVerbal,
    FeuilleDePresence,
}

async fn deposer(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    mut formulaire: FormulaireMultipart,
    quoi: FichierSigne,
) -> Result<web::Json<DocumentResponse>, ApiError> {
    let mut errors = FieldErrors::new();
    let id = assemblee_du_formulaire(&formulaire, &mut errors);
    let fichiers = pdfs_du_formulaire(&mut formulaire, "file", 1, &mut errors).await?;
    valider(errors)?;
    let pieces: Vec<PieceJointe> =
        stocker(&state.documents, current.residence_id, &fichiers, |_| {
            NatureDocument::Doc
        })
        .await?;
    let Some(piece) = pieces.into_iter().next() else {
        return Err(ApiError::field("file", ErrorCode::ChampObligatoire));
    };
    let command = match quoi {
        FichierSigne::ProcesVerbal => AssembleesCommand::DeposerPvSigne {
            assemblee_id: id,
            piece,
        },
        FichierSigne::FeuilleDePresence => AssembleesCommand::DeposerPresenceSignee {
            assemblee_id: id,
            piece,
        },
    };
    executer(&state, &current, &request_id, command, |assemblees, _| {
        let a = trouver(assemblees, id)?;
        let depose = match quoi {
            FichierSigne::ProcesVerbal => a.pv_signe.as_ref(),
            FichierSigne::FeuilleDePresence => a.presence_signee.as_ref(),
        };
        let depose = depose.ok_or_else(|| ApiError::from(ErrorCode::PieceJointeIntrouvable))?;
        Ok(web::Json(DocumentResponse {
            success: true,
            data: depose.into(),
        }))
    })
    .await
}

/// Uploads the signed minutes (president; at step 5), replacing the previous.
#[utoipa::path(post, path = "/api/assemblees/pv-signe/upload", operation_id = "deposerPvSigne",
    tag = "assemblees", request_body(content = FichierSigneForm, content_type = "multipart/form-data"),
    responses((status = 200, body = DocumentResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`file`: missing, several, `pdf_requis`, `pdfTooLarge`); `etape_non_atteinte`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn deposer_pv_signe(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    formulaire: FormulaireMultipart,
) -> Result<web::Json<DocumentResponse>, ApiError> {
    deposer(
        state,
        current,
        request_id,
        formulaire,
        FichierSigne::ProcesVerbal,
    )
    .await
}

/// Uploads the signed attendance sheet (president; at step 5), replacing the previous.
#[utoipa::path(post, path = "/api/assemblees/presence-signe/upload", operation_id = "deposerPresenceSignee",
    tag = "assemblees", request_body(content = FichierSigneForm, content_type = "multipart/form-data"),
    responses((status = 200, body = DocumentResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`file`: missing, several, `pdf_requis`, `pdfTooLarge`); `etape_non_atteinte`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn deposer_presence_signee(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    formulaire: FormulaireMultipart,
) -> Result<web::Json<DocumentResponse>, ApiError> {
    deposer(
        state,
        current,
        request_id,
        formulaire,
        FichierSigne::FeuilleDePresence,
    )
    .await
}

/// Finishes the meeting (president; at step 5 with the final information and both signed
/// files): step 6, nothing changes afterwards.
#[utoipa::path(post, path = "/api/assemblees/terminer", operation_id = "terminerAssemblee",
    tag = "assemblees", params(AssembleeIdQuery),
    responses((status = 200, body = StepResponse),
        (status = 403, description = "`president_required`", body = ErrorBody),
        (status = 404, description = "`assemblee_introuvable`", body = ErrorBody),
        (status = 422, description = "`infos_finales_manquantes`, `pv_signe_manquant`, `presence_signee_manquante`, `etape_non_atteinte`, `assemblee_terminee`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn terminer(
    state: web::Data<AppState>,
    current: President,
    request_id: RequestId,
    query: ApiQuery<AssembleeIdQuery>,
) -> Result<web::Json<StepResponse>, ApiError> {
    let id = query.assemblee_id;
    let command = AssembleesCommand::Terminer { assemblee_id: id };
    executer(&state, &current, &request_id, command, |assemblees, _| {
        Ok(web::Json(StepResponse {
            success: true,
            step: trouver(assemblees, id)?.etape(),
        }))
    })
    .await
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        liste, liste_coproprietaire, etape1, etape2, etape4, etape5, bibliotheque, document,
        creer, modifier_infos_generales, supprimer, ajouter_pieces_jointes,
        supprimer_piece_jointe, modifier_ordre_du_jour, modifier_convocation, modifier_debut,
        modifier_presences, creer_point_info, renommer_point, supprimer_point_info, voter,
        modifier_infos_finales, deposer_pv_signe, deposer_presence_signee, terminer,
        documents::convocation, documents::feuille_presence, documents::pv_minute,
        documents::proces_verbal
    ),
    components(schemas(
        AssembleeDto, AssembleesResponse, AssembleeResponse, Etape1Response, Etape2Response,
        Etape4Response, Etape5Response, CoproprietaireResponse, BibliothequeResponse,
        OrdreDuJourResponse, PiecesJointesResponse, PresencesResponse, PointResponse,
        ResolutionResponse, DocumentResponse, StepResponse, DocumentAssemblee,
        PointOrdreDuJourDto, ProjetResolution, PointBibliothequeDto, PresenceDto, ChoixDto,
        VoteDto, DecompteDto, IssueDto, ReductionDto, ResultatDto, ResolutionDto, PointDto,
        OccupantNom, SignataireDto, PresentDto, AssembleeEtape5, UrlDto, AssembleeCoproprietaire,
        InfosGeneralesRequest, IdAssembleesRequest, PiecesJointesForm, PointOrdreDuJourRequest,
        OrdreDuJourRequest, ConvocationRequest, DebutRequest, PresenceRequest, PresencesRequest,
        PointInfoRequest, RenommerPointRequest, PointIdRequest, VoteRequest, ScrutateurRequest,
        InfosFinalesRequest, FichierSigneForm
    )),
    tags((name = "assemblees", description = "General assemblies (spec 3 §2.5, §7)"))
)]
pub struct Api;
