//! `/api/notifications…`: the signed-in user's notifications (spec 3 §3 "Notification", §4
//! "Notifications", §7 "Notifications", §9; docs/api-communaute.md "Notifications").
//!
//! Every user reads only their own and marks them all read at once. Other modules write them
//! with `daftar_projections::notifications::{notifier_residence, notifier_utilisateur}` in their
//! own transaction (ADR 0005: a plain table).

use actix_web::http::Method;
use actix_web::web;
use daftar_projections::notifications::{self as registre, Notification};
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::Coproprietaire;
use crate::error::ApiError;
use crate::routes::{register, resource, ReadModels};
use crate::startup::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    register(
        cfg,
        // The notifications' own table, not a read model of the journal.
        ReadModels::NONE,
        [
            resource("/notifications", Method::GET, liste),
            resource(
                "/notifications/mark-all-read",
                Method::POST,
                tout_marquer_lu,
            ),
        ],
    );
}

/// A notification (spec 3 §3 "Notification").
#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationDto {
    pub id: i64,
    /// Read already.
    pub seen: bool,
    /// `annonce`, `panne`, `vote`, `message` or `assemblee` (the client shows a bell for
    /// another name).
    pub icon: String,
    /// A key of the client's `notifications:titres` catalogue (docs/api-communaute.md
    /// "Notification titles"), translated on the client.
    pub title_key: String,
    /// What the title may interpolate (`{"id": 12}`).
    #[schema(value_type = Object)]
    pub params: Value,
    /// When it was sent (UTC, RFC 3339).
    pub time: String,
    /// The page of the app it opens, or null.
    pub link: Option<String>,
}

impl From<Notification> for NotificationDto {
    fn from(notification: Notification) -> Self {
        NotificationDto {
            id: notification.id,
            seen: notification.lu,
            icon: notification.icon,
            title_key: notification.title_key,
            params: notification.params,
            time: notification.cree_le,
            link: notification.lien,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NotificationsResponse {
    pub success: bool,
    /// Newest first, at most 50.
    pub data: Vec<NotificationDto>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MarquerLuResponse {
    pub success: bool,
}

/// The signed-in user's newest notifications.
#[utoipa::path(
    get,
    path = "/api/notifications",
    operation_id = "getNotifications",
    tag = "notifications",
    responses(
        (status = 200, description = "The user's notifications, newest first (at most 50)", body = NotificationsResponse),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn liste(
    state: web::Data<AppState>,
    current: Coproprietaire,
) -> Result<web::Json<NotificationsResponse>, ApiError> {
    let notifications = registre::liste(&state.db, current.residence_id, current.id).await?;
    Ok(web::Json(NotificationsResponse {
        success: true,
        data: notifications
            .into_iter()
            .map(NotificationDto::from)
            .collect(),
    }))
}

/// Marks every notification of the signed-in user read (none unread is not an error).
#[utoipa::path(
    post,
    path = "/api/notifications/mark-all-read",
    operation_id = "markAllNotificationsRead",
    tag = "notifications",
    responses(
        (status = 200, description = "Every notification is read", body = MarquerLuResponse),
        SignedInWrite,
    ),
    security(("session" = []))
)]
pub async fn tout_marquer_lu(
    state: web::Data<AppState>,
    current: Coproprietaire,
) -> Result<web::Json<MarquerLuResponse>, ApiError> {
    registre::tout_marquer_lu(
        &state.db,
        current.residence_id,
        current.id,
        state.settings.clock.now(),
    )
    .await?;
    Ok(web::Json(MarquerLuResponse { success: true }))
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(liste, tout_marquer_lu),
    components(schemas(NotificationDto, NotificationsResponse, MarquerLuResponse)),
    tags((name = "notifications", description = "The signed-in user's notifications"))
)]
pub struct Api;
