//! The account settings (spec 3 §2.13 "Settings", §5 "Change email", "Change password", §7
//! "Settings, first login", §8 "Settings"): the user's e-mail and whether it is verified, its
//! change (with a verification mail), the verification mail sent again and its link, and the
//! password change. Every signed-in user edits their own account (spec 3 §6), from either space.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use super::verification;
use crate::answers::{SignedIn, SignedInWrite};
use crate::auth::password;
use crate::auth::session::SESSION_COOKIE;
use crate::auth::Account;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::identity;
use crate::mail::Langue;
use crate::request;
use crate::startup::AppState;

/// The shortest new password the settings accept (spec 3 §5 "Change password", §9).
pub const MIN_NOUVEAU_MOT_DE_PASSE: usize = 12;

/// The longest e-mail address (RFC 5321's path limit).
const EMAIL_MAX: usize = 254;

/// `GET /api/parametres` and the answers of the e-mail calls.
#[derive(Debug, Serialize, ToSchema)]
pub struct ParametresResponse {
    /// Always `true`.
    pub success: bool,
    /// What happened, in French (absent on `GET`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    /// `null` until the first login records one.
    pub email: Option<String>,
    /// Whether the user opened a verification link sent to this address.
    pub is_verified: bool,
}

/// The answer of `POST /api/parametres/modifier-email`: the settings, and whether the address
/// changed (201) or was the same (200), so a client need not read the status.
#[derive(Debug, Serialize, ToSchema)]
pub struct ModifierEmailResponse {
    /// Always `true`.
    pub success: bool,
    /// "Adresse e-mail mise à jour avec succès" or "Aucune modification détéctée".
    pub message: String,
    pub email: String,
    pub is_verified: bool,
    /// `true` (201): recorded unverified and a verification mail sent; `false` (200): the same
    /// address, nothing changed.
    pub updated: bool,
}

/// `{success, message}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct MessageResponse {
    /// Always `true`.
    pub success: bool,
    pub message: String,
}

async fn email_du_compte(
    state: &AppState,
    user_id: i64,
) -> Result<(Option<String>, bool), ApiError> {
    let row = sqlx::query("SELECT email, email_verified_at FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_one(&state.db.pool)
        .await?;
    let email: Option<String> = row.try_get("email")?;
    let verified_at: Option<String> = row.try_get("email_verified_at")?;
    Ok((email, verified_at.is_some()))
}

/// The signed-in user's e-mail and whether it is verified.
#[utoipa::path(
    get,
    path = "/api/parametres",
    operation_id = "getParametres",
    tag = "compte",
    responses(
        (status = 200, description = "The user's e-mail", body = ParametresResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn parametres(
    state: web::Data<AppState>,
    current: Account,
) -> Result<web::Json<ParametresResponse>, ApiError> {
    let (email, is_verified) = email_du_compte(&state, current.id).await?;
    Ok(web::Json(ParametresResponse {
        success: true,
        message: None,
        email,
        is_verified,
    }))
}

/// `POST /api/parametres/modifier-email` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierEmailRequest {
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub email: Option<String>,
}

impl ModifierEmailRequest {
    fn email(self) -> Result<String, ApiError> {
        let mut errors = FieldErrors::new();
        let email = request::email(&mut errors, "email", self.email);
        match email {
            None => errors.add("email", ErrorCode::ChampObligatoire),
            Some(ref email) if email.chars().count() > EMAIL_MAX && errors.is_empty() => {
                errors.add("email", ErrorCode::EmailInvalide)
            }
            Some(_) => {}
        }
        errors.into_result()?;
        email.ok_or_else(|| ApiError::internal(anyhow::anyhow!("a validated e-mail is missing")))
    }
}

/// Changes the signed-in user's e-mail. A new address is recorded unverified and a
/// verification mail is sent to it (201); the same address changes nothing (200). The address
/// and the link are recorded together before the mail leaves: if the mail then fails, the
/// address stays changed and the answer is 503 `email_modifie_envoi_echoue` (the settings page
/// offers to send it again). The mail is in the language of `Accept-Language` (`ar…`: Arabic,
/// else French).
#[utoipa::path(
    post,
    path = "/api/parametres/modifier-email",
    operation_id = "modifierEmail",
    tag = "compte",
    request_body = ModifierEmailRequest,
    responses(
        (status = 201, description = "Updated, unverified; a verification mail was sent", body = ModifierEmailResponse),
        (status = 200, description = "The same address: nothing changed", body = ModifierEmailResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `email` (`champ_obligatoire`, `email_invalide`)", body = ErrorBody),
        (status = 429, description = "`too_many_attempts`: five verification mails in the last hour", body = ErrorBody),
        (status = 503, description = "`email_modifie_envoi_echoue`: the address changed, the mail failed", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn modifier_email(
    state: web::Data<AppState>,
    current: Account,
    req: HttpRequest,
    body: ApiJson<ModifierEmailRequest>,
) -> Result<HttpResponse, ApiError> {
    let email = body.into_inner().email()?;
    let (actuel, is_verified) = email_du_compte(&state, current.id).await?;
    if actuel.as_deref() == Some(email.as_str()) {
        return Ok(HttpResponse::Ok().json(ModifierEmailResponse {
            success: true,
            message: "Aucune modification détéctée".to_owned(),
            email,
            is_verified,
            updated: false,
        }));
    }
    let now = state.settings.clock.now();
    verification::verifier_quota(&state.db, current.id, now).await?;
    let mut tx = state.db.pool.begin().await?;
    sqlx::query("UPDATE users SET email = $1, email_verified_at = NULL WHERE id = $2")
        .bind(&email)
        .bind(current.id)
        .execute(&mut *tx)
        .await?;
    let token = verification::nouveau_jeton(&mut tx, current.id, &email, now).await?;
    tx.commit().await?;
    let langue = Langue::de_la_requete(&req);
    if let Err(error) = verification::envoyer(&state, &current.user, &email, &token, langue).await {
        tracing::error!(
            error = format!("{error:#}"),
            user = current.id,
            "verification mail failed"
        );
        return Err(ErrorCode::EmailModifieEnvoiEchoue.into());
    }
    Ok(
        HttpResponse::build(StatusCode::CREATED).json(ModifierEmailResponse {
            success: true,
            message: "Adresse e-mail mise à jour avec succès".to_owned(),
            email,
            is_verified: false,
            updated: true,
        }),
    )
}

/// Sends a new verification mail to the signed-in user's address (the settings page's button),
/// in the language of `Accept-Language`. Earlier links stay valid until they expire.
#[utoipa::path(
    post,
    path = "/api/email/send-verification",
    operation_id = "sendVerificationEmail",
    tag = "compte",
    responses(
        (status = 200, description = "Sent", body = MessageResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        (status = 409, description = "`email_manquant` (no address yet), `email_deja_verifie`", body = ErrorBody),
        (status = 429, description = "`too_many_attempts`: five verification mails in the last hour", body = ErrorBody),
        (status = 503, description = "`envoi_email_echoue`: the mail could not be sent", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn send_verification(
    state: web::Data<AppState>,
    current: Account,
    req: HttpRequest,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let (email, is_verified) = email_du_compte(&state, current.id).await?;
    let email = email.ok_or(ErrorCode::EmailManquant)?;
    if is_verified {
        return Err(ErrorCode::EmailDejaVerifie.into());
    }
    verification::verifier_quota(&state.db, current.id, state.settings.clock.now()).await?;
    let langue = Langue::de_la_requete(&req);
    if let Err(error) =
        verification::envoyer_pour_adresse_actuelle(&state, &current.user, &email, langue).await?
    {
        tracing::error!(
            error = format!("{error:#}"),
            user = current.id,
            "verification mail failed"
        );
        return Err(ErrorCode::EnvoiEmailEchoue.into());
    }
    Ok(web::Json(MessageResponse {
        success: true,
        message: "Email de vérification envoyé".to_owned(),
    }))
}

/// Opens a verification link (the `verify_url` of the mail, fetched by the
/// `/coproprietaire/verify-email` page with the session): the signed-in user's address is
/// verified if the link was sent to this user, to this address, less than 24 hours ago, and was
/// not opened before.
#[utoipa::path(
    get,
    path = "/api/email/verify/{token}",
    operation_id = "verifyEmail",
    tag = "compte",
    params(("token" = String, Path, description = "The link's token")),
    responses(
        (status = 200, description = "Verified", body = ParametresResponse),
        (status = 403, description = "`lien_verification_autre_utilisateur` (the link was sent to another user), `user_inactive`, `residence_inactive`", body = ErrorBody),
        (status = 404, description = "`lien_verification_invalide`", body = ErrorBody),
        (status = 410, description = "`lien_verification_utilise`, `lien_verification_expire`, `lien_verification_perime` (the address changed since)", body = ErrorBody),
        SignedIn,
    ),
    security(("session" = []))
)]
pub async fn verify(
    state: web::Data<AppState>,
    current: Account,
    token: web::Path<String>,
) -> Result<web::Json<ParametresResponse>, ApiError> {
    let email = verification::verifier(&state.db, current.id, &token, state.settings.clock.now())
        .await?
        .map_err(ApiError::from)?;
    Ok(web::Json(ParametresResponse {
        success: true,
        message: Some("Email verifié avec succès!".to_owned()),
        email: Some(email),
        is_verified: true,
    }))
}

/// `POST /api/parametres/modifier-mdp` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ModifierMotDePasseRequest {
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub old_password: Option<String>,
    /// At least 12 characters.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub new_password: Option<String>,
    /// Equal to `new_password`.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub new_password_confirmation: Option<String>,
}

/// The checks of the new password alone (the current one is checked against its hash).
fn regles_nouveau(errors: &mut FieldErrors, requete: &ModifierMotDePasseRequest) {
    let present = |value: &Option<String>| value.as_deref().is_some_and(|v| !v.is_empty());
    if !present(&requete.old_password) {
        errors.add("old_password", ErrorCode::ChampObligatoire);
    }
    match requete.new_password.as_deref().filter(|v| !v.is_empty()) {
        None => errors.add("new_password", ErrorCode::ChampObligatoire),
        Some(new) if new.chars().count() < MIN_NOUVEAU_MOT_DE_PASSE => {
            errors.add("new_password", ErrorCode::MotDePasseTropCourt)
        }
        Some(_) => {}
    }
    match requete
        .new_password_confirmation
        .as_deref()
        .filter(|v| !v.is_empty())
    {
        None => errors.add("new_password_confirmation", ErrorCode::ChampObligatoire),
        // A missing new password is reported on its own field only.
        Some(confirmation)
            if requete
                .new_password
                .as_deref()
                .is_some_and(|new| !new.is_empty() && new != confirmation) =>
        {
            errors.add(
                "new_password_confirmation",
                ErrorCode::MotsDePasseDifferents,
            )
        }
        Some(_) => {}
    }
}

/// Changes the signed-in user's password: the current one must be right (422 on
/// `old_password`), the new one at least 12 characters and confirmed. Every other session of the
/// user ends; this one goes on.
#[utoipa::path(
    post,
    path = "/api/parametres/modifier-mdp",
    operation_id = "modifierMotDePasse",
    tag = "compte",
    request_body = ModifierMotDePasseRequest,
    responses(
        (status = 200, description = "Changed; the user's other sessions are signed out", body = MessageResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `old_password` (`champ_obligatoire`, `mot_de_passe_incorrect`), `new_password` (`champ_obligatoire`, `mot_de_passe_trop_court`), `new_password_confirmation` (`champ_obligatoire`, `mots_de_passe_differents`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn modifier_mdp(
    state: web::Data<AppState>,
    current: Account,
    req: HttpRequest,
    body: ApiJson<ModifierMotDePasseRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let requete = body.into_inner();
    let mut errors = FieldErrors::new();
    regles_nouveau(&mut errors, &requete);
    if let Some(old) = requete.old_password.clone().filter(|v| !v.is_empty()) {
        let hash = current.user.password_hash.clone().unwrap_or_default();
        let juste = tokio::task::spawn_blocking(move || password::verify_password(&old, &hash))
            .await
            .map_err(|error| {
                ApiError::internal(anyhow::anyhow!("verifying task failed: {error}"))
            })?;
        if !juste {
            errors.add("old_password", ErrorCode::MotDePasseIncorrect);
        }
    }
    errors.into_result()?;
    let new = requete.new_password.unwrap_or_default();
    let session = req
        .cookie(SESSION_COOKIE)
        .map(|cookie| cookie.value().to_owned());
    identity::change_password(&state.db, current.id, &new, session.as_deref()).await?;
    tracing::info!(
        user = current.id,
        "password changed; the user's other sessions ended"
    );
    Ok(web::Json(MessageResponse {
        success: true,
        message: "Mot de passe mis à jour avec succès".to_owned(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn demande(old: &str, new: &str, confirmation: &str) -> ModifierMotDePasseRequest {
        let some = |v: &str| Some(v.to_owned());
        ModifierMotDePasseRequest {
            old_password: some(old),
            new_password: some(new),
            new_password_confirmation: some(confirmation),
        }
    }

    fn codes(requete: &ModifierMotDePasseRequest, field: &str) -> Vec<ErrorCode> {
        let mut errors = FieldErrors::new();
        regles_nouveau(&mut errors, requete);
        errors.codes(field)
    }

    #[test]
    fn a_new_password_of_twelve_characters_confirmed_passes() {
        let requete = demande("ancien", "douze-caract", "douze-caract");
        let mut errors = FieldErrors::new();
        regles_nouveau(&mut errors, &requete);
        assert!(errors.is_empty());
    }

    #[test]
    fn a_new_password_of_eleven_characters_is_too_short() {
        let requete = demande("ancien", "onze-caract", "onze-caract");
        assert_eq!(
            codes(&requete, "new_password"),
            [ErrorCode::MotDePasseTropCourt]
        );
    }

    #[test]
    fn a_confirmation_that_differs_is_named_on_the_confirmation() {
        let requete = demande("ancien", "douze-caract", "douze-caracT");
        assert_eq!(
            codes(&requete, "new_password_confirmation"),
            [ErrorCode::MotsDePasseDifferents]
        );
        assert!(codes(&requete, "new_password").is_empty());
    }

    #[test]
    fn every_missing_field_is_named() {
        let requete = ModifierMotDePasseRequest {
            old_password: None,
            new_password: Some(String::new()),
            new_password_confirmation: None,
        };
        for field in ["old_password", "new_password", "new_password_confirmation"] {
            assert_eq!(
                codes(&requete, field),
                [ErrorCode::ChampObligatoire],
                "{field}"
            );
        }
    }

    #[test]
    fn an_email_longer_than_254_characters_is_invalid() {
        let long = format!("{}@exemple.tn", "a".repeat(250));
        let error = ModifierEmailRequest { email: Some(long) }
            .email()
            .unwrap_err();
        assert_eq!(
            error.field_errors().map(|e| e.codes("email")),
            Some(vec![ErrorCode::EmailInvalide])
        );
        let error = ModifierEmailRequest { email: None }.email().unwrap_err();
        assert_eq!(
            error.field_errors().map(|e| e.codes("email")),
            Some(vec![ErrorCode::ChampObligatoire])
        );
    }
}
