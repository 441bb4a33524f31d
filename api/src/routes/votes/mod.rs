//! `/api/votes…` and `/api/coproprietaire/votes…`: the consultations outside assemblies (spec 3
//! §2.6, §2.11 "Votes", §3 "Vote", §4 "Vote", §5, §6, §7 "Votes", §8; docs/api-communaute.md
//! "Votes" has the table of calls, payloads, answers and errors).
//!
//! Council members (`Syndic`) list and create votes; only a vote's creator edits or deletes it,
//! until the first answer (403 `createur_requis`, 422 `vote_verrouille`). Owners answer
//! (`proprietaire_requis` for anyone else) once, then change their answer while the vote runs.
//! Every write is a command of the residence's votes stream (`daftar_domain::votes`, ADR 0005);
//! answers are read from that stream's warm aggregate and, for who owns what, from the books'
//! (`ReadModels::NONE`). The day is the residence's (`AppState::today`).

mod reponses;

use actix_web::http::Method;
use actix_web::web;
use chrono::NaiveDate;
use daftar_domain::ids::{ResidenceId, UserId};
use daftar_domain::votes::{
    electeur_a, occupants_du_tel, proprietaires_a, EtatVote, Question, TypeChoix, Vote, VoteId,
    Votes, VotesCommand, VotesEvent, CHOIX_MAX, CHOIX_MIN,
};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite, Success};
use crate::auth::{Coproprietaire as Utilisateur, CurrentUser, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::{ApiJson, ApiQuery};
use crate::request::{date_requise, optional_text, required_id, required_text};
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;
use crate::telemetry::RequestId;

pub use reponses::*;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        // Answers come from the votes' warm aggregate and the books' ledger.
        ReadModels::NONE,
        [
            resource("/votes", Method::GET, liste),
            resource("/votes/creer", Method::POST, creer),
            resource("/votes/modifier", Method::PUT, modifier),
            resource("/votes/supprimer", Method::POST, supprimer),
            resource("/coproprietaire/votes", Method::GET, liste_coproprietaire),
            resource("/coproprietaire/votes/voter", Method::POST, voter),
            resource(
                "/coproprietaire/votes/modifier",
                Method::POST,
                modifier_bulletin,
            ),
            resource("/coproprietaire/votes/resultats", Method::GET, resultats),
        ],
    );
}

/// A title's or a choice's length at most, in characters (as every title of the product).
const TEXTE_MAX: usize = 200;
/// A description's length at most.
const DESCRIPTION_MAX: usize = 5000;

fn residence(current: &CurrentUser) -> ResidenceId {
    ResidenceId(current.residence_id)
}

fn trouver(votes: &Votes, id: VoteId) -> Result<&Vote, ApiError> {
    votes
        .get(id)
        .ok_or_else(|| ErrorCode::VoteIntrouvable.into())
}

/// The vote a command just created or changed (its id from the command's own events).
fn vote_des_evenements<'a>(votes: &'a Votes, events: &[VotesEvent]) -> Result<&'a Vote, ApiError> {
    let id = events
        .iter()
        .find_map(|event| match event {
            VotesEvent::VoteCree { vote_id, .. } | VotesEvent::VoteModifie { vote_id, .. } => {
                Some(*vote_id)
            }
            _ => None,
        })
        .ok_or_else(|| ApiError::from(ErrorCode::VoteIntrouvable))?;
    trouver(votes, id)
}

async fn executer<R>(
    state: &AppState,
    current: &CurrentUser,
    request_id: &RequestId,
    command: VotesCommand,
    answer: impl FnOnce(&Votes, &[VotesEvent]) -> Result<R, ApiError>,
) -> Result<R, ApiError> {
    state
        .ledger
        .execute_votes(
            residence(current),
            command,
            UserId(current.id),
            request_id,
            answer,
        )
        .await
}

/// What the caller is in the books: the occupants with his phone number, and the owner he
/// answers as today (none when he owns nothing).
struct Identite {
    occupants: std::collections::BTreeSet<i64>,
    electeur: Option<i64>,
}

async fn identite(state: &AppState, current: &CurrentUser) -> Result<Identite, ApiError> {
    let today = state.today();
    let tel = current.user.tel.clone();
    state
        .ledger
        .read_since(residence(current), current.ledger_head, |livre, _| {
            Ok(Identite {
                occupants: occupants_du_tel(livre, &tel),
                electeur: electeur_a(livre, &tel, today),
            })
        })
        .await
}

/// The caller's current answer to `vote` (as any of the occupants he is).
fn choix_de(vote: &Vote, identite: &Identite) -> Option<i64> {
    identite
        .occupants
        .iter()
        .find_map(|occupant| vote.bulletin(*occupant))
        .map(|choix| choix.id)
}

// Reads.

/// The residence's votes (council), newest first day first.
#[utoipa::path(get, path = "/api/votes", operation_id = "getVotes", tag = "votes",
    responses((status = 200, body = VotesResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody), SignedIn),
    security(("session" = [])))]
pub async fn liste(
    state: web::Data<AppState>,
    current: Syndic,
) -> Result<web::Json<VotesResponse>, ApiError> {
    let today = state.today();
    let data = state
        .ledger
        .read_votes(residence(&current), |votes| {
            let mut liste: Vec<&Vote> = votes.tous().collect();
            liste.sort_by_key(|vote| std::cmp::Reverse((vote.date_debut, vote.id)));
            Ok(liste
                .into_iter()
                .map(|vote| VoteDto::new(vote, current.id, today))
                .collect())
        })
        .await?;
    Ok(web::Json(VotesResponse {
        success: true,
        data,
    }))
}

/// The published votes (from their first day), newest first, with the caller's answer.
#[utoipa::path(get, path = "/api/coproprietaire/votes", operation_id = "getVotesCoproprietaire",
    tag = "votes", responses((status = 200, body = VotesCoproprietaireResponse), SignedIn),
    security(("session" = [])))]
pub async fn liste_coproprietaire(
    state: web::Data<AppState>,
    current: Utilisateur,
) -> Result<web::Json<VotesCoproprietaireResponse>, ApiError> {
    let today = state.today();
    let identite = identite(&state, &current).await?;
    let data = state
        .ledger
        .read_votes(residence(&current), |votes| {
            let mut liste: Vec<&Vote> = votes
                .tous()
                .filter(|vote| vote.etat(today) != EtatVote::AVenir)
                .collect();
            liste.sort_by_key(|vote| std::cmp::Reverse((vote.date_debut, vote.id)));
            Ok(liste
                .into_iter()
                .map(|vote| {
                    VoteCoproprietaireDto::new(
                        vote,
                        choix_de(vote, &identite),
                        identite.electeur.is_some(),
                        today,
                    )
                })
                .collect())
        })
        .await?;
    Ok(web::Json(VotesCoproprietaireResponse {
        success: true,
        data,
    }))
}

/// `?id=` of a vote.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct IdQuery {
    pub id: i64,
}

/// A vote's results, for both spaces: council members at any time; others once the vote is
/// finished (a vote not yet published does not exist for them).
#[utoipa::path(get, path = "/api/coproprietaire/votes/resultats", operation_id = "getVoteResultats",
    tag = "votes", params(IdQuery),
    responses((status = 200, body = ResultatsResponse),
        (status = 403, description = "`resultats_non_publies`: a co-owner asks while the vote runs", body = ErrorBody),
        (status = 404, description = "`vote_introuvable`", body = ErrorBody), SignedIn),
    security(("session" = [])))]
pub async fn resultats(
    state: web::Data<AppState>,
    current: Utilisateur,
    query: ApiQuery<IdQuery>,
) -> Result<web::Json<ResultatsResponse>, ApiError> {
    let today = state.today();
    let syndic = current.user.is_syndic;
    let vote = state
        .ledger
        .read_votes(residence(&current), |votes| {
            let vote = trouver(votes, query.id)?;
            match vote.etat(today) {
                EtatVote::AVenir if !syndic => Err(ErrorCode::VoteIntrouvable.into()),
                EtatVote::EnCours if !syndic => Err(ErrorCode::ResultatsNonPublies.into()),
                _ => Ok(vote.clone()),
            }
        })
        .await?;
    let jour = vote.jour_du_decompte(today);
    let tel = current.user.tel.clone();
    let (proprietaires, occupants) = state
        .ledger
        .read_since(residence(&current), current.ledger_head, |livre, _| {
            Ok((proprietaires_a(livre, jour), occupants_du_tel(livre, &tel)))
        })
        .await?;
    let identite = Identite {
        occupants,
        electeur: None,
    };
    let resultats = vote.resultats(&proprietaires);
    Ok(web::Json(ResultatsResponse {
        success: true,
        data: ResultatsDto::new(&vote, choix_de(&vote, &identite), resultats, today),
    }))
}

// Writes (council).

/// A choice as a form sends it: its text, or `{choix}` as the answers show it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum ChoixSaisi {
    Texte(String),
    Objet { choix: Option<String> },
}

impl ChoixSaisi {
    fn texte(self) -> String {
        match self {
            ChoixSaisi::Texte(texte) => texte,
            ChoixSaisi::Objet { choix } => choix.unwrap_or_default(),
        }
    }
}

/// `POST /api/votes/creer` and `PUT /api/votes/modifier` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VoteRequest {
    /// The vote's id (edit only).
    #[serde(default)]
    pub id: Option<i64>,
    /// Required, one line, 200 characters at most.
    #[serde(default)]
    pub titre: Option<String>,
    /// Optional, 5000 characters at most.
    #[serde(default)]
    pub description: Option<String>,
    /// `simple` (pour / contre / abstention) or `custom`; `vote_type` is read as well.
    #[serde(default, alias = "vote_type")]
    pub type_choix: Option<String>,
    /// Custom only: 2 to 5 non-blank choices (blanks dropped), each 200 characters at most,
    /// no two the same.
    #[serde(default)]
    pub choix: Option<Vec<Option<ChoixSaisi>>>,
    /// `yyyy-MM-dd`: the first day (its publication) and the last, not before the first nor
    /// before today.
    #[serde(default)]
    pub date_debut: Option<String>,
    #[serde(default)]
    pub date_fin: Option<String>,
}

/// Reads the question field by field, reporting every wrong field at once.
fn lire_question(
    request: VoteRequest,
    aujourdhui: NaiveDate,
    errors: &mut FieldErrors,
) -> Option<Question> {
    let titre = required_text(errors, "titre", request.titre);
    if titre.chars().count() > TEXTE_MAX {
        errors.add("titre", ErrorCode::TexteTropLong);
    }
    let description = optional_text(request.description).unwrap_or_default();
    if description.chars().count() > DESCRIPTION_MAX {
        errors.add("description", ErrorCode::DescriptionTropLongue);
    }
    let type_choix = match optional_text(request.type_choix) {
        None => {
            errors.add("type_choix", ErrorCode::ChampObligatoire);
            None
        }
        Some(code) => {
            let type_choix = TypeChoix::lire(&code);
            if type_choix.is_none() {
                errors.add("type_choix", ErrorCode::ValeurInvalide);
            }
            type_choix
        }
    };
    let choix: Vec<String> = request
        .choix
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .map(|choix| choix.texte().trim().to_owned())
        .filter(|texte| !texte.is_empty())
        .collect();
    if type_choix == Some(TypeChoix::Custom) {
        let distincts: std::collections::BTreeSet<String> =
            choix.iter().map(|texte| texte.to_lowercase()).collect();
        if choix.len() < CHOIX_MIN {
            errors.add("choix", ErrorCode::ChoixInvalides);
        } else if choix.len() > CHOIX_MAX {
            errors.add("choix", ErrorCode::TropDeChoix);
        } else if distincts.len() < choix.len() {
            errors.add("choix", ErrorCode::ChoixEnDouble);
        }
        if choix.iter().any(|texte| texte.chars().count() > TEXTE_MAX) {
            errors.add("choix", ErrorCode::TexteTropLong);
        }
    }
    let date_debut = date_requise(errors, "date_debut", request.date_debut);
    let date_fin = date_requise(errors, "date_fin", request.date_fin);
    if let (Some(debut), Some(fin)) = (date_debut, date_fin) {
        if fin < debut {
            errors.add("date_fin", ErrorCode::FinAvantDebut);
        } else if fin < aujourdhui {
            errors.add("date_fin", ErrorCode::DateFinPassee);
        }
    }
    Some(Question {
        titre,
        description,
        type_choix: type_choix?,
        choix,
        date_debut: date_debut?,
        date_fin: date_fin?,
    })
}

/// Creates a vote (council); every other user of the residence is told.
#[utoipa::path(post, path = "/api/votes/creer", operation_id = "creerVote", tag = "votes",
    request_body = VoteRequest,
    responses((status = 200, body = VoteCreeResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`titre`: `champ_obligatoire`, `une_seule_ligne`, `texte_trop_long`; `description`: `description_trop_longue`; `type_choix`: `champ_obligatoire`, `valeur_invalide`; `choix`: `choix_invalides`, `trop_de_choix`, `choix_en_double`, `texte_trop_long`; `date_debut`, `date_fin`: `champ_obligatoire`, `date_invalide`; `date_fin`: `fin_avant_debut`, `date_fin_passee`)", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn creer(
    state: web::Data<AppState>,
    current: Syndic,
    request_id: RequestId,
    request: ApiJson<VoteRequest>,
) -> Result<web::Json<VoteCreeResponse>, ApiError> {
    let today = state.today();
    let mut errors = FieldErrors::new();
    let question = lire_question(request.into_inner(), today, &mut errors);
    errors.into_result()?;
    let question = question.ok_or_else(|| ApiError::from(ErrorCode::ValidationFailed))?;
    let command = VotesCommand::Creer {
        question,
        createur: current.id,
        createur_nom: current.user.nom.clone(),
        aujourdhui: today,
    };
    let user_id = current.id;
    let vote = executer(&state, &current, &request_id, command, |votes, events| {
        Ok(vote_des_evenements(votes, events)?.clone())
    })
    .await?;
    notifier_ouverture(&state, &current, &vote, today).await;
    Ok(web::Json(VoteCreeResponse {
        success: true,
        data: VoteData {
            vote: VoteDto::new(&vote, user_id, today),
        },
    }))
}

/// Tells every other user of the residence of a new vote, with a link to it in their space:
/// the ballot once it runs, the list before (a vote not yet open is not shown to co-owners).
/// The vote is recorded whatever happens here: a failure is logged, not answered.
async fn notifier_ouverture(
    state: &AppState,
    current: &CurrentUser,
    vote: &Vote,
    today: NaiveDate,
) {
    let ouvert = vote.etat(today) == EtatVote::EnCours;
    let avis = daftar_projections::notifications::Avis {
        icon: "vote",
        title_key: if ouvert {
            "vote_publie"
        } else {
            "vote_programme"
        },
        params: serde_json::json!({ "id": vote.id, "date_debut": vote.date_debut }),
    };
    let lien_coproprietaire = if ouvert {
        format!("/coproprietaire/votes/voter/{}", vote.id)
    } else {
        "/coproprietaire/votes".to_owned()
    };
    let envoi = async {
        let mut conn = state.db.pool.acquire().await?;
        daftar_projections::notifications::notifier_residence(
            &mut conn,
            current.residence_id,
            current.id,
            state.settings.clock.now(),
            &avis,
            &format!("/syndic/votes/resultats/{}", vote.id),
            &lien_coproprietaire,
        )
        .await
    };
    if let Err(error) = envoi.await {
        tracing::error!(%error, vote_id = vote.id, "the new vote's notifications were not recorded");
    }
}

/// Edits a vote (its creator, until the first answer, not once finished).
#[utoipa::path(put, path = "/api/votes/modifier", operation_id = "modifierVote", tag = "votes",
    request_body = VoteRequest,
    responses((status = 200, body = VoteCreeResponse),
        (status = 403, description = "`syndic_required`, `createur_requis`", body = ErrorBody),
        (status = 404, description = "`vote_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (as for creation, plus `id`); `vote_verrouille`, `vote_termine`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn modifier(
    state: web::Data<AppState>,
    current: Syndic,
    request_id: RequestId,
    request: ApiJson<VoteRequest>,
) -> Result<web::Json<VoteCreeResponse>, ApiError> {
    let today = state.today();
    let request = request.into_inner();
    let mut errors = FieldErrors::new();
    let id = required_id(&mut errors, "id", request.id);
    let question = lire_question(request, today, &mut errors);
    errors.into_result()?;
    let (Some(vote_id), Some(question)) = (id, question) else {
        return Err(ErrorCode::ValidationFailed.into());
    };
    let command = VotesCommand::Modifier {
        vote_id,
        question,
        auteur: current.id,
        aujourdhui: today,
    };
    let user_id = current.id;
    executer(&state, &current, &request_id, command, |votes, events| {
        Ok(web::Json(VoteCreeResponse {
            success: true,
            data: VoteData {
                vote: VoteDto::new(vote_des_evenements(votes, events)?, user_id, today),
            },
        }))
    })
    .await
}

/// `{id}` of a vote.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SupprimerVoteRequest {
    #[serde(default)]
    pub id: Option<i64>,
}

/// Deletes a vote (its creator, until the first answer, not once finished).
#[utoipa::path(post, path = "/api/votes/supprimer", operation_id = "supprimerVote", tag = "votes",
    request_body = SupprimerVoteRequest,
    responses((status = 200, body = Success),
        (status = 403, description = "`syndic_required`, `createur_requis`", body = ErrorBody),
        (status = 404, description = "`vote_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`id`); `vote_verrouille`, `vote_termine`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn supprimer(
    state: web::Data<AppState>,
    current: Syndic,
    request_id: RequestId,
    request: ApiJson<SupprimerVoteRequest>,
) -> Result<web::Json<Success>, ApiError> {
    let Some(vote_id) = request.into_inner().id else {
        return Err(ApiError::field("id", ErrorCode::ChampObligatoire));
    };
    let command = VotesCommand::Supprimer {
        vote_id,
        auteur: current.id,
        aujourdhui: state.today(),
    };
    executer(&state, &current, &request_id, command, |_, _| {
        Ok(web::Json(Success::new()))
    })
    .await
}

// Writes (owners).

/// A choice's id as a form sends it: a number or its text (`12`, `"12"`).
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum IdDeChoix {
    Nombre(i64),
    Texte(String),
}

/// `POST /api/coproprietaire/votes/voter` and `…/modifier` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BulletinRequest {
    /// The vote's id.
    #[serde(default)]
    pub id: Option<i64>,
    /// The chosen answer's id (one of the vote's `choix[].id`).
    #[serde(default)]
    pub vote_choix: Option<IdDeChoix>,
}

/// The vote and the answer, each required; the answer a number.
fn lire_bulletin(request: BulletinRequest) -> Result<(VoteId, i64), ApiError> {
    let mut errors = FieldErrors::new();
    let id = required_id(&mut errors, "id", request.id);
    let choix = match request.vote_choix {
        None => {
            errors.add("vote_choix", ErrorCode::ChampObligatoire);
            None
        }
        Some(IdDeChoix::Nombre(id)) => Some(id),
        Some(IdDeChoix::Texte(texte)) => match optional_text(Some(texte)) {
            None => {
                errors.add("vote_choix", ErrorCode::ChampObligatoire);
                None
            }
            Some(texte) => {
                let id = texte.parse().ok();
                if id.is_none() {
                    errors.add("vote_choix", ErrorCode::ValeurInvalide);
                }
                id
            }
        },
    };
    errors.into_result()?;
    match (id, choix) {
        (Some(id), Some(choix)) => Ok((id, choix)),
        _ => Err(ErrorCode::ValidationFailed.into()),
    }
}

/// The owner the caller answers as today; 403 `proprietaire_requis` for anyone else.
async fn electeur(state: &AppState, current: &CurrentUser) -> Result<i64, ApiError> {
    identite(state, current)
        .await?
        .electeur
        .ok_or_else(|| ErrorCode::ProprietaireRequis.into())
}

/// An owner's answer to a running vote (once: a second call is 409 `vote_deja_exprime`).
#[utoipa::path(post, path = "/api/coproprietaire/votes/voter", operation_id = "voterVote",
    tag = "votes", request_body = BulletinRequest,
    responses((status = 200, body = BulletinResponse),
        (status = 403, description = "`proprietaire_requis`", body = ErrorBody),
        (status = 404, description = "`vote_introuvable`", body = ErrorBody),
        (status = 409, description = "`vote_deja_exprime`: the answer changes through `modifier`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`id`, `vote_choix`: `champ_obligatoire`, `valeur_invalide`); `choix_invalide`, `vote_non_ouvert`, `vote_termine`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn voter(
    state: web::Data<AppState>,
    current: Utilisateur,
    request_id: RequestId,
    request: ApiJson<BulletinRequest>,
) -> Result<web::Json<BulletinResponse>, ApiError> {
    let (vote_id, choix_id) = lire_bulletin(request.into_inner())?;
    let electeur = electeur(&state, &current).await?;
    let command = VotesCommand::Voter {
        vote_id,
        electeur,
        choix_id,
        aujourdhui: state.today(),
    };
    executer(&state, &current, &request_id, command, |_, _| {
        Ok(web::Json(BulletinResponse {
            success: true,
            vote: BulletinDto {
                id: vote_id,
                choix_id,
            },
        }))
    })
    .await
}

/// An owner changes his answer while the vote runs.
#[utoipa::path(post, path = "/api/coproprietaire/votes/modifier", operation_id = "modifierBulletinVote",
    tag = "votes", request_body = BulletinRequest,
    responses((status = 200, body = BulletinModifieResponse),
        (status = 403, description = "`proprietaire_requis`", body = ErrorBody),
        (status = 404, description = "`vote_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (`id`, `vote_choix`); `vote_non_exprime`, `choix_invalide`, `vote_non_ouvert`, `vote_termine`", body = ErrorBody),
        SignedInWrite),
    security(("session" = [])))]
pub async fn modifier_bulletin(
    state: web::Data<AppState>,
    current: Utilisateur,
    request_id: RequestId,
    request: ApiJson<BulletinRequest>,
) -> Result<web::Json<BulletinModifieResponse>, ApiError> {
    let (vote_id, choix_id) = lire_bulletin(request.into_inner())?;
    let electeur = electeur(&state, &current).await?;
    let command = VotesCommand::ModifierBulletin {
        vote_id,
        electeur,
        choix_id,
        aujourdhui: state.today(),
    };
    executer(&state, &current, &request_id, command, |_, _| {
        Ok(web::Json(BulletinModifieResponse {
            success: true,
            vote: BulletinModifieDto {
                id: vote_id,
                selected_vote: choix_id,
            },
        }))
    })
    .await
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        liste,
        creer,
        modifier,
        supprimer,
        liste_coproprietaire,
        voter,
        modifier_bulletin,
        resultats
    ),
    components(schemas(
        VotesResponse,
        VoteCreeResponse,
        VoteData,
        VoteDto,
        ChoixDto,
        CreateurDto,
        VotesCoproprietaireResponse,
        VoteCoproprietaireDto,
        ResultatsResponse,
        ResultatsDto,
        DecompteDto,
        ReponseDto,
        NomDto,
        MajoriteDto,
        VoteRequest,
        ChoixSaisi,
        SupprimerVoteRequest,
        BulletinRequest,
        IdDeChoix,
        BulletinResponse,
        BulletinDto,
        BulletinModifieResponse,
        BulletinModifieDto
    )),
    tags((name = "votes", description = "Votes: consultations outside assemblies"))
)]
pub struct Api;
