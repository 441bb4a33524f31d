use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::auth::session::{self, SESSION_COOKIE};
use crate::client;
use crate::error::{ApiError, ErrorBody};
use crate::extract::ApiQuery;
use crate::routes::Success;
use crate::startup::AppState;

/// `?partout=1`: sign out on every device.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LogoutQuery {
    /// `1` (or `true`) ends every session of the user, on every device.
    #[serde(default)]
    pub partout: Option<String>,
}

/// Signs out.
///
/// Deletes the caller's session (if any), or with `?partout=1` every session of the caller, and
/// clears the session cookie. Idempotent.
#[utoipa::path(
    post,
    path = "/logout",
    tag = "session",
    params(LogoutQuery),
    responses(
        (status = 200, description = "Signed out", body = Success),
        (status = 419, description = "`csrf_token_mismatch`", body = ErrorBody),
    ),
    security(("xsrf" = []))
)]
pub async fn logout(
    state: web::Data<AppState>,
    req: HttpRequest,
    query: ApiQuery<LogoutQuery>,
) -> Result<HttpResponse, ApiError> {
    let everywhere = query
        .partout
        .as_deref()
        .is_some_and(|value| matches!(value, "1" | "true"));
    if let Some(cookie) = req.cookie(SESSION_COOKIE) {
        if everywhere {
            let signed_in =
                session::user_of(&state.db, cookie.value(), state.settings.sessions).await?;
            if let Some(signed_in) = signed_in {
                session::end_all(&state.db, signed_in.user.id, None).await?;
            }
        }
        session::delete(&state.db, cookie.value()).await?;
    }
    Ok(HttpResponse::Ok()
        .cookie(session::removal_cookie(client::secure_cookies(
            &req,
            &state.settings,
        )))
        .json(Success::new()))
}
