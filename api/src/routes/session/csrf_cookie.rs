use actix_web::{web, HttpRequest, HttpResponse};

use crate::auth::csrf;
use crate::auth::session::random_token;
use crate::startup::AppState;

/// Sets a fresh `XSRF-TOKEN` cookie.
///
/// The client copies it into the `X-XSRF-TOKEN` header of every POST, PUT, PATCH and DELETE; a
/// mismatch answers 419 `csrf_token_mismatch`.
#[utoipa::path(
    get,
    path = "/sanctum/csrf-cookie",
    tag = "session",
    responses((status = 204, description = "`XSRF-TOKEN` cookie set"))
)]
pub async fn csrf_cookie(state: web::Data<AppState>, req: HttpRequest) -> HttpResponse {
    HttpResponse::NoContent()
        .cookie(csrf::cookie(
            random_token(),
            crate::client::secure_cookies(&req, &state.settings),
        ))
        .finish()
}
