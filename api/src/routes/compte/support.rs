//! `GET /api/support`: the support's contact for the support pages (spec 3 §2.2, §2.3, §2.11
//! "Support: contact phone and a messaging-app link"), from the configuration
//! (`DAFTAR_SUPPORT_TEL`, `DAFTAR_SUPPORT_WHATSAPP`).

use actix_web::web;
use serde::Serialize;
use utoipa::ToSchema;

use crate::answers::SignedIn;
use crate::auth::Account;
use crate::error::{ApiError, ErrorBody};
use crate::startup::AppState;

#[derive(Debug, Serialize, ToSchema)]
pub struct SupportResponse {
    /// Always `true`.
    pub success: bool,
    /// The support's phone number as shown; `null` when not configured.
    pub tel: Option<String>,
    /// The WhatsApp chat link (`https://wa.me/<number>`); `null` when not configured.
    pub whatsapp_url: Option<String>,
}

/// The support's contact. Every signed-in user, from either space.
#[utoipa::path(
    get,
    path = "/api/support",
    operation_id = "getSupport",
    tag = "compte",
    responses(
        (status = 200, description = "The support's contact", body = SupportResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn support(
    state: web::Data<AppState>,
    _current: Account,
) -> Result<web::Json<SupportResponse>, ApiError> {
    let contact = &state.settings.support;
    Ok(web::Json(SupportResponse {
        success: true,
        tel: contact.tel.clone(),
        whatsapp_url: contact
            .whatsapp
            .as_ref()
            .map(|number| format!("https://wa.me/{number}")),
    }))
}
