use actix_web::web;

use super::AuthUserResponse;
use crate::auth::Account;
use crate::error::ErrorBody;

/// The signed-in user.
///
/// The client calls it at start-up to restore its auth state.
#[utoipa::path(
    get,
    path = "/api/auth/status",
    tag = "auth",
    responses(
        (status = 200, description = "Signed in", body = AuthUserResponse),
        (status = 401, description = "`unauthenticated`: signed out", body = ErrorBody),
        (status = 403, description = "`user_inactive` or `residence_inactive` (also in `message`)", body = ErrorBody),
    ),
    security(("session" = []))
)]
pub async fn auth_status(current: Account) -> web::Json<AuthUserResponse> {
    web::Json(AuthUserResponse::from(&current.user))
}
