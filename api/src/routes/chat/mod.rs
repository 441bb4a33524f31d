//! `/api/conversations…`, `/api/conversation…`, `/api/broadcasting/auth`, `/api/ws`: the chat
//! between each co-owner and the syndic (spec 3 §2.9, §3 "Conversation", "Message", §4
//! "Conversation", §5 "Chat", §6 sender labels, §7 "Chat"; docs/api-communaute.md "Chat").
//!
//! A co-owner (any user who is not a council member) reads and writes their own conversation
//! only; council members (`is_syndic`) speak for the syndic in every conversation of the
//! residence. The conversations are a plain table of their own (`daftar_projections::chat`,
//! ADR 0005), created on first read. A sent message reaches the sockets of both sides in real
//! time ([`ws`], [`crate::temps_reel`]) and notifies the other side's users who have no socket
//! open.

pub mod ws;

use actix_web::http::Method;
use actix_web::web;
use daftar_projections::chat::{self as registre, Conversation, Cote, Message};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::{Coproprietaire, Syndic};
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::{ApiJson, ApiQuery};
use crate::request::required_id;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        // The chat's own tables, not a read model of the journal.
        ReadModels::NONE,
        [
            resource("/conversations/liste", Method::GET, liste),
            resource("/conversation/messages", Method::GET, messages_syndic),
            resource("/conversation", Method::GET, conversation_coproprietaire),
            resource("/conversations/{id}/message", Method::POST, envoyer),
            resource("/conversation/mark-all-read", Method::POST, marquer_lu),
            resource("/broadcasting/auth", Method::POST, broadcasting_auth),
            resource("/ws", Method::GET, ws::ouvrir),
        ],
    );
}

/// A message's text at most, in characters.
pub const MESSAGE_MAX: usize = 2000;
/// The only conversation type: a co-owner with the syndic (spec 3 §3 "type").
const TYPE_CONVERSATION: &str = "user-syndic";

/// A message's sender.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExpediteurDto {
    pub id: i64,
    pub nom: String,
    /// `proprietaire`, `president`, `tresorier` or `syndic` (spec 3 §6's labels).
    pub primary_role: String,
}

/// A message (spec 3 §3 "Message").
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageDto {
    pub id: i64,
    pub message: String,
    pub user: ExpediteurDto,
    /// When it was sent (UTC, RFC 3339).
    pub created_at: String,
    /// When the other side marked it read (UTC, RFC 3339), or null.
    pub read_at: Option<String>,
}

impl From<Message> for MessageDto {
    fn from(message: Message) -> Self {
        MessageDto {
            id: message.id,
            message: message.message,
            user: ExpediteurDto {
                id: message.user_id,
                nom: message.nom,
                primary_role: message.primary_role,
            },
            created_at: message.cree_le,
            read_at: message.lu_le,
        }
    }
}

/// A conversation in the syndic's list.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationResumeDto {
    pub id: i64,
    /// Always `user-syndic`.
    #[serde(rename = "type")]
    pub type_conversation: String,
    /// The co-owner's name.
    pub resident_name: String,
    /// The co-owner's user id.
    pub resident_id: i64,
    /// No message of the co-owner is unread by the syndic.
    pub is_all_read: bool,
    /// The newest message, or null.
    pub last_message: Option<MessageDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationsResponse {
    pub success: bool,
    /// The latest conversation first, then those without messages by name.
    pub conversations: Vec<ConversationResumeDto>,
}

/// A conversation and its messages.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationDto {
    pub id: i64,
    /// Always `user-syndic`.
    #[serde(rename = "type")]
    pub type_conversation: String,
    /// The co-owner's name.
    pub resident_name: String,
    /// The reader has read every message of the other side.
    pub is_all_read: bool,
    /// Oldest first, the newest 500 at most.
    pub messages: Vec<MessageDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationResponse {
    pub success: bool,
    pub data: ConversationDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessageEnvoyeResponse {
    pub success: bool,
    pub data: MessageDto,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationLueResponse {
    pub success: bool,
    /// When the other side's messages were marked read, or null when none was unread.
    pub read_at: Option<String>,
}

/// The conversation `id` of the caller's residence if the caller may read it: a council
/// member any, a co-owner their own (else 403 `conversation_interdite`); 404
/// `conversation_introuvable` when the residence has none such.
pub(crate) async fn conversation_permise(
    state: &AppState,
    residence_id: i64,
    user_id: i64,
    is_syndic: bool,
    id: i64,
) -> Result<Conversation, ApiError> {
    let conversation = registre::conversation_de_la_residence(&state.db, residence_id, id)
        .await?
        .ok_or(ErrorCode::ConversationIntrouvable)?;
    if !is_syndic && conversation.coproprietaire_id != user_id {
        return Err(ErrorCode::ConversationInterdite.into());
    }
    Ok(conversation)
}

fn cote_de(is_syndic: bool) -> Cote {
    if is_syndic {
        Cote::Syndic
    } else {
        Cote::Coproprietaire
    }
}

async fn avec_messages(
    state: &AppState,
    conversation: Conversation,
    cote: Cote,
) -> Result<web::Json<ConversationResponse>, ApiError> {
    let messages = registre::messages(&state.db, conversation.id).await?;
    let is_all_read = registre::tout_lu(&state.db, &conversation, cote).await?;
    Ok(web::Json(ConversationResponse {
        success: true,
        data: ConversationDto {
            id: conversation.id,
            type_conversation: TYPE_CONVERSATION.to_owned(),
            resident_name: conversation.nom_resident,
            is_all_read,
            messages: messages.into_iter().map(MessageDto::from).collect(),
        },
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListeQuery {
    /// Keeps the conversations whose co-owner's name contains it (case ignored).
    pub search: Option<String>,
}

/// The residence's conversations (council members): one per active co-owner, opened on first
/// listing, so the syndic may write first.
#[utoipa::path(
    get,
    path = "/api/conversations/liste",
    operation_id = "getConversations",
    tag = "chat",
    params(ListeQuery),
    responses(
        (status = 200, description = "The conversations, the latest first", body = ConversationsResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn liste(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<ListeQuery>,
) -> Result<web::Json<ConversationsResponse>, ApiError> {
    registre::ouvrir_celles_des_coproprietaires(
        &state.db,
        current.residence_id,
        state.settings.clock.now(),
    )
    .await?;
    let recherche = query
        .into_inner()
        .search
        .map(|texte| texte.trim().to_lowercase())
        .filter(|texte| !texte.is_empty());
    let conversations = registre::liste(&state.db, current.residence_id)
        .await?
        .into_iter()
        .filter(|resume| {
            recherche.as_ref().is_none_or(|recherche| {
                resume
                    .conversation
                    .nom_resident
                    .to_lowercase()
                    .contains(recherche.as_str())
            })
        })
        .map(|resume| ConversationResumeDto {
            id: resume.conversation.id,
            type_conversation: TYPE_CONVERSATION.to_owned(),
            resident_name: resume.conversation.nom_resident,
            resident_id: resume.conversation.coproprietaire_id,
            is_all_read: resume.tout_lu,
            last_message: resume.dernier_message.map(MessageDto::from),
        })
        .collect();
    Ok(web::Json(ConversationsResponse {
        success: true,
        conversations,
    }))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ConversationQuery {
    /// The conversation's id.
    pub id: i64,
}

/// A conversation's messages, read by a council member.
#[utoipa::path(
    get,
    path = "/api/conversation/messages",
    operation_id = "getConversationMessages",
    tag = "chat",
    params(ConversationQuery),
    responses(
        (status = 200, description = "The conversation and its messages", body = ConversationResponse),
        (status = 403, description = "`syndic_required`", body = ErrorBody),
        (status = 404, description = "`conversation_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing or not a number", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn messages_syndic(
    state: web::Data<AppState>,
    current: Syndic,
    query: ApiQuery<ConversationQuery>,
) -> Result<web::Json<ConversationResponse>, ApiError> {
    let conversation =
        conversation_permise(&state, current.residence_id, current.id, true, query.id).await?;
    avec_messages(&state, conversation, Cote::Syndic).await
}

/// The co-owner's conversation with the syndic (opened on first read). A council member has
/// none: they read the residence's conversations (403 `conversation_interdite`).
#[utoipa::path(
    get,
    path = "/api/conversation",
    operation_id = "getMaConversation",
    tag = "chat",
    responses(
        (status = 200, description = "The co-owner's conversation and its messages", body = ConversationResponse),
        (status = 403, description = "`conversation_interdite` (a council member)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn conversation_coproprietaire(
    state: web::Data<AppState>,
    current: Coproprietaire,
) -> Result<web::Json<ConversationResponse>, ApiError> {
    if current.user.is_syndic {
        return Err(ErrorCode::ConversationInterdite.into());
    }
    let conversation = registre::conversation_du_coproprietaire(
        &state.db,
        current.residence_id,
        current.id,
        state.settings.clock.now(),
    )
    .await?;
    avec_messages(&state, conversation, Cote::Coproprietaire).await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EnvoyerMessageRequest {
    /// Required, not blank, 2000 characters at most; sent as typed (several lines allowed).
    pub message: Option<String>,
}

/// A message's text: not blank, [`MESSAGE_MAX`] characters at most, kept as typed but for the
/// blanks around it.
fn texte_du_message(value: Option<String>) -> Result<String, ApiError> {
    let texte = value
        .map(|texte| texte.trim().to_owned())
        .unwrap_or_default();
    let mut errors = FieldErrors::new();
    if texte.is_empty() {
        errors.add("message", ErrorCode::MessageVide);
    } else if texte.chars().count() > MESSAGE_MAX {
        errors.add("message", ErrorCode::MessageTropLong);
    }
    if errors.is_empty() {
        Ok(texte)
    } else {
        Err(ApiError::validation(errors))
    }
}

/// Sends a message in a conversation: the co-owner in their own, a council member in any of
/// the residence. It reaches both sides' open sockets; the other side's users without one are
/// notified.
#[utoipa::path(
    post,
    path = "/api/conversations/{id}/message",
    operation_id = "envoyerMessage",
    tag = "chat",
    params(("id" = i64, Path, description = "The conversation's id")),
    request_body = EnvoyerMessageRequest,
    responses(
        (status = 200, description = "The message sent", body = MessageEnvoyeResponse),
        (status = 403, description = "`conversation_interdite`: another co-owner's conversation", body = ErrorBody),
        (status = 404, description = "`conversation_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `message` blank (`message_vide`) or above 2000 characters (`message_trop_long`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn envoyer(
    state: web::Data<AppState>,
    current: Coproprietaire,
    id: web::Path<String>,
    request: ApiJson<EnvoyerMessageRequest>,
) -> Result<web::Json<MessageEnvoyeResponse>, ApiError> {
    let id: i64 = id
        .into_inner()
        .parse()
        .map_err(|_| ApiError::from(ErrorCode::ConversationIntrouvable))?;
    let conversation = conversation_permise(
        &state,
        current.residence_id,
        current.id,
        current.user.is_syndic,
        id,
    )
    .await?;
    let texte = texte_du_message(request.into_inner().message)?;
    let ecrit = registre::envoyer(
        &state.db,
        &conversation,
        current.id,
        state.settings.clock.now(),
        &texte,
    )
    .await?;
    state.temps_reel.apres_commit(ecrit.signaux);
    Ok(web::Json(MessageEnvoyeResponse {
        success: true,
        data: ecrit.resultat.into(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MarquerConversationLueRequest {
    /// The conversation's id.
    pub id: Option<i64>,
}

/// Marks read every message of the other side in a conversation (the co-owner's own, or any of
/// the residence for a council member); none unread is not an error. Both sides' sockets are
/// told (`{"type":"lu"}`).
#[utoipa::path(
    post,
    path = "/api/conversation/mark-all-read",
    operation_id = "marquerConversationLue",
    tag = "chat",
    request_body = MarquerConversationLueRequest,
    responses(
        (status = 200, description = "Every message of the other side is read", body = ConversationLueResponse),
        (status = 403, description = "`conversation_interdite`", body = ErrorBody),
        (status = 404, description = "`conversation_introuvable`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `id` missing", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn marquer_lu(
    state: web::Data<AppState>,
    current: Coproprietaire,
    request: ApiJson<MarquerConversationLueRequest>,
) -> Result<web::Json<ConversationLueResponse>, ApiError> {
    let mut errors = FieldErrors::new();
    let Some(id) = required_id(&mut errors, "id", request.into_inner().id) else {
        return Err(ApiError::validation(errors));
    };
    let is_syndic = current.user.is_syndic;
    let conversation =
        conversation_permise(&state, current.residence_id, current.id, is_syndic, id).await?;
    let ecrit = registre::marquer_lu(
        &state.db,
        &conversation,
        current.id,
        cote_de(is_syndic),
        state.settings.clock.now(),
    )
    .await?;
    state.temps_reel.apres_commit(ecrit.signaux);
    Ok(web::Json(ConversationLueResponse {
        success: true,
        read_at: ecrit.resultat,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BroadcastingAuthRequest {
    pub socket_id: Option<String>,
    /// `private-conversation.{id}`.
    pub channel_name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BroadcastingAuthResponse {
    /// Always `daftar`: the real-time channel is `/api/ws`, authorised by the session cookie.
    pub auth: String,
}

/// The spec's channel authorisation, kept for compatibility: 200 for the channel of a
/// conversation the caller may read, else 403 `conversation_interdite` (an unknown channel,
/// another co-owner's or another residence's conversation alike).
#[utoipa::path(
    post,
    path = "/api/broadcasting/auth",
    operation_id = "broadcastingAuth",
    tag = "chat",
    request_body = BroadcastingAuthRequest,
    responses(
        (status = 200, description = "The caller may listen to this conversation", body = BroadcastingAuthResponse),
        (status = 403, description = "`conversation_interdite`", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn broadcasting_auth(
    state: web::Data<AppState>,
    current: Coproprietaire,
    request: ApiJson<BroadcastingAuthRequest>,
) -> Result<web::Json<BroadcastingAuthResponse>, ApiError> {
    let interdit = || ApiError::from(ErrorCode::ConversationInterdite);
    let id: i64 = request
        .into_inner()
        .channel_name
        .as_deref()
        .and_then(|canal| canal.strip_prefix("private-conversation."))
        .and_then(|id| id.parse().ok())
        .ok_or_else(interdit)?;
    conversation_permise(
        &state,
        current.residence_id,
        current.id,
        current.user.is_syndic,
        id,
    )
    .await
    .map_err(|_| interdit())?;
    Ok(web::Json(BroadcastingAuthResponse {
        auth: "daftar".to_owned(),
    }))
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        liste,
        messages_syndic,
        conversation_coproprietaire,
        envoyer,
        marquer_lu,
        broadcasting_auth,
        ws::ouvrir
    ),
    components(schemas(
        ExpediteurDto,
        MessageDto,
        ConversationResumeDto,
        ConversationsResponse,
        ConversationDto,
        ConversationResponse,
        MessageEnvoyeResponse,
        ConversationLueResponse,
        EnvoyerMessageRequest,
        MarquerConversationLueRequest,
        BroadcastingAuthRequest,
        BroadcastingAuthResponse
    )),
    tags((name = "chat", description = "The chat between each co-owner and the syndic, and its real-time channel"))
)]
pub struct Api;
