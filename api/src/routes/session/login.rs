use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::password;
use crate::auth::session::{self, SESSION_COOKIE};
use crate::auth::throttle::{self, Admission};
use crate::client;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::identity::{self, Tel};
use crate::routes::auth::AuthUserResponse;
use crate::startup::AppState;

/// `POST /login` body. Both fields are required; they are optional here only so that a missing
/// one is reported under its own name.
#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginRequest {
    /// 6 to 15 digits.
    #[serde(default)]
    #[schema(value_type = String, required = true, example = "20123456")]
    pub tel: Option<String>,
    #[serde(default)]
    #[schema(value_type = String, required = true, format = Password)]
    pub password: Option<String>,
}

/// A parsed sign-in request.
struct Credentials {
    tel: Tel,
    password: String,
}

impl TryFrom<LoginRequest> for Credentials {
    type Error = ApiError;

    fn try_from(request: LoginRequest) -> Result<Self, ApiError> {
        let mut errors = FieldErrors::new();
        let tel = Tel::parse(request.tel.as_deref().unwrap_or_default())
            .map_err(|error| errors.add("tel", error.code()))
            .ok();
        let password = request.password.filter(|password| !password.is_empty());
        if password.is_none() {
            errors.add("password", ErrorCode::MotDePasseObligatoire);
        }
        match (tel, password) {
            (Some(tel), Some(password)) if errors.is_empty() => Ok(Self { tel, password }),
            _ => Err(ApiError::validation(errors)),
        }
    }
}

/// Signs in with a phone number and password.
///
/// Starts a new session (the session cookie is replaced). After 5 failures for a number from one
/// client address within 15 minutes, further attempts of that number from that address get 429
/// until the window passes, whatever the password (the same number from elsewhere still signs
/// in); past 100 failures from one address, that address gets 429 for any number. `Retry-After`
/// gives the seconds left. See [`throttle`].
#[utoipa::path(
    post,
    path = "/login",
    tag = "session",
    request_body = LoginRequest,
    responses(
        (status = 200, description = "Signed in; sets the `daftar_session` cookie", body = AuthUserResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive` (also in `message`)", body = ErrorBody),
        (status = 419, description = "`csrf_token_mismatch`", body = ErrorBody),
        (status = 422, description = "`validation_failed` (with `errors.tel`, `errors.password`) or `invalid_credentials`", body = ErrorBody),
        (status = 429, description = "`too_many_attempts`, with `Retry-After` (seconds)", body = ErrorBody),
    ),
    security(("xsrf" = []))
)]
pub async fn login(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: ApiJson<LoginRequest>,
) -> Result<HttpResponse, ApiError> {
    let Credentials { tel, password } = body.into_inner().try_into()?;
    let db = &state.db;
    let address = client::address(&req, &state.settings);
    let attempt = match throttle::admit(db, &tel, address).await? {
        Admission::Admitted(attempt) => attempt,
        Admission::Throttled {
            retry_after_seconds,
        } => {
            tracing::warn!(tel = %tel.masked(), %address, "sign-in throttled");
            return Err(ApiError::new(ErrorCode::TooManyAttempts)
                .with_header("retry-after", retry_after_seconds.to_string()));
        }
    };
    let user = identity::find_user_by_tel(db, &tel).await?;
    let hash = user.as_ref().and_then(|user| user.password_hash.clone());
    // Unknown numbers and users without a password cost a dummy verification, so timing does not
    // reveal which numbers have an account.
    let (verified, rehashed) = web::block(move || match hash {
        Some(hash) if password::verify_password(&password, &hash) => {
            // Upgrade a hash made with other parameters while the password is at hand.
            let rehashed = password::needs_rehash(&hash)
                .then(|| password::hash_password(&password).ok())
                .flatten();
            (true, rehashed)
        }
        Some(_) => (false, None),
        None => {
            password::verify_dummy(&password);
            (false, None)
        }
    })
    .await?;
    let Some(user) = user.filter(|_| verified) else {
        tracing::info!(tel = %tel.masked(), %address, "sign-in refused");
        return Err(ErrorCode::InvalidCredentials.into());
    };
    throttle::succeeded(db, attempt).await?;
    if let Some(hash) = rehashed {
        identity::store_password_hash(db, user.id, &hash).await?;
        tracing::info!(
            user_id = user.id,
            "password hash upgraded to the current parameters"
        );
    }
    if !user.active {
        return Err(ErrorCode::UserInactive.into());
    }
    if !user.residence_active {
        return Err(ErrorCode::ResidenceInactive.into());
    }
    if let Some(previous) = req.cookie(SESSION_COOKIE) {
        session::delete(db, previous.value()).await?;
    }
    let token = session::create(db, user.id, state.settings.sessions).await?;
    tracing::info!(
        user_id = user.id,
        residence_id = user.residence_id,
        "signed in"
    );
    Ok(HttpResponse::Ok()
        .cookie(session::cookie(
            token,
            client::secure_cookies(&req, &state.settings),
            state.settings.sessions,
        ))
        .json(AuthUserResponse::from(&user)))
}
