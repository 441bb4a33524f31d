use actix_web::{web, HttpRequest, HttpResponse};

use crate::auth::session::{self, SESSION_COOKIE};
use crate::error::{ApiError, ErrorBody};
use crate::routes::Success;
use crate::startup::AppState;

/// Signs out.
///
/// Deletes the caller's session (if any) and clears the session cookie. Idempotent.
#[utoipa::path(
    post,
    path = "/logout",
    tag = "session",
    responses(
        (status = 200, description = "Signed out", body = Success),
        (status = 419, description = "`csrf_token_mismatch`", body = ErrorBody),
    ),
    security(("xsrf" = []))
)]
pub async fn logout(
    state: web::Data<AppState>,
    req: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    if let Some(cookie) = req.cookie(SESSION_COOKIE) {
        session::delete(&state.db, cookie.value()).await?;
    }
    Ok(HttpResponse::Ok()
        .cookie(session::removal_cookie(state.settings.cookie_secure))
        .json(Success::new()))
}
