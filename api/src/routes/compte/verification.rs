//! E-mail verification (spec 3 §4 "Registration", "Email verification"; issue 19): the link a
//! verification mail carries, its table and its check.
//!
//! A link is `{DAFTAR_PUBLIC_URL}/coproprietaire/verify-email?verify_url=…`, where `verify_url`
//! is `{DAFTAR_PUBLIC_URL}/api/email/verify/{token}`: the page opens it with the user's session
//! (spec 3 §7 "GET of the verify_url link, with credentials"). The token is 32 random bytes;
//! `email_verifications` keeps only its SHA-256, with the user and the address it was sent to
//! (migration `0010_verification_email`). It verifies that user's address only: once, within
//! [`VALIDITE_HEURES`], and while the address is still the one it was sent to.

use chrono::{DateTime, Duration, Utc};
use daftar_projections::db::timestamp;
use daftar_projections::Database;
use sqlx::Row;

use crate::auth::session::{random_token, token_hash};
use crate::error::{ApiError, ErrorCode};
use crate::identity::UserRecord;
use crate::mail::{self, Langue};
use crate::startup::AppState;

/// How long a verification link lives.
pub const VALIDITE_HEURES: i64 = 24;

/// At most this many verification mails per user in an hour (a changed address included): the
/// server does not become a way to flood an inbox.
pub const ENVOIS_PAR_HEURE: i64 = 5;

/// The API path of a token (under `/api`).
pub const CHEMIN_VERIFICATION: &str = "/email/verify";

/// Whether `user_id` may be sent another verification mail now (fewer than
/// [`ENVOIS_PAR_HEURE`] in the last hour), else 429 `too_many_attempts`.
pub async fn verifier_quota(
    db: &Database,
    user_id: i64,
    now: DateTime<Utc>,
) -> Result<(), ApiError> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS envois FROM email_verifications WHERE user_id = $1 AND created_at > $2",
    )
    .bind(user_id)
    .bind(timestamp(now - Duration::hours(1)))
    .fetch_one(&db.pool)
    .await?;
    let envois: i64 = row.try_get("envois")?;
    if envois >= ENVOIS_PAR_HEURE {
        return Err(
            ApiError::new(ErrorCode::TooManyAttempts).with_header("retry-after", "3600".to_owned())
        );
    }
    Ok(())
}

/// Records a new token for `user_id` and `email` in `tx` (sweeping the rows a day past their
/// expiry) and returns the token.
pub async fn nouveau_jeton(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_id: i64,
    email: &str,
    now: DateTime<Utc>,
) -> Result<String, sqlx::Error> {
    sqlx::query("DELETE FROM email_verifications WHERE expires_at < $1")
        .bind(timestamp(now - Duration::days(1)))
        .execute(&mut **tx)
        .await?;
    let token = random_token();
    sqlx::query(
        "INSERT INTO email_verifications (token_hash, user_id, email, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(token_hash(&token))
    .bind(user_id)
    .bind(email)
    .bind(timestamp(now))
    .bind(timestamp(now + Duration::hours(VALIDITE_HEURES)))
    .execute(&mut **tx)
    .await?;
    Ok(token)
}

/// The link the mail carries for `token`: the web page, with the API URL it opens.
pub fn lien(public_url: &str, token: &str) -> String {
    let verify_url = format!("{public_url}/api{CHEMIN_VERIFICATION}/{token}");
    let encodee: String = form_urlencoded::byte_serialize(verify_url.as_bytes()).collect();
    format!("{public_url}/coproprietaire/verify-email?verify_url={encodee}")
}

/// Sends the verification mail of `token` to `email`, in `langue`.
pub async fn envoyer(
    state: &AppState,
    user: &UserRecord,
    email: &str,
    token: &str,
    langue: Langue,
) -> anyhow::Result<()> {
    let lien = lien(&state.settings.mail.public_url, token);
    let courriel = mail::modeles::verification(
        langue,
        mail::modeles::Verification {
            nom: &user.nom,
            email,
            residence: &user.residence_nom,
            lien: &lien,
            heures: VALIDITE_HEURES,
        },
    )?;
    state.mail.envoyer(&courriel).await
}

/// A new token for the user's current address, recorded and mailed (the first login, the send
/// button). The mail's failure is the caller's to report.
pub async fn envoyer_pour_adresse_actuelle(
    state: &AppState,
    user: &UserRecord,
    email: &str,
    langue: Langue,
) -> Result<anyhow::Result<()>, ApiError> {
    let now = state.settings.clock.now();
    let mut tx = state.db.pool.begin().await?;
    let token = nouveau_jeton(&mut tx, user.id, email, now).await?;
    tx.commit().await?;
    Ok(envoyer(state, user, email, &token, langue).await)
}

/// Why a link does not verify.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refus {
    Inconnu,
    AutreUtilisateur,
    Utilise,
    Expire,
    AdresseChangee,
}

impl From<Refus> for ApiError {
    fn from(refus: Refus) -> Self {
        match refus {
            Refus::Inconnu => ErrorCode::LienVerificationInvalide,
            Refus::AutreUtilisateur => ErrorCode::LienVerificationAutreUtilisateur,
            Refus::Utilise => ErrorCode::LienVerificationUtilise,
            Refus::Expire => ErrorCode::LienVerificationExpire,
            Refus::AdresseChangee => ErrorCode::LienVerificationPerime,
        }
        .into()
    }
}

/// Verifies `user_id`'s address with `token`, in one transaction: the token is marked used and
/// the address verified together, or neither. Returns the verified address.
pub async fn verifier(
    db: &Database,
    user_id: i64,
    token: &str,
    now: DateTime<Utc>,
) -> Result<Result<String, Refus>, ApiError> {
    let hash = token_hash(token);
    let mut tx = db.pool.begin().await?;
    let Some(row) = sqlx::query(
        "SELECT user_id, email, expires_at, used_at FROM email_verifications WHERE token_hash = $1",
    )
    .bind(&hash)
    .fetch_optional(&mut *tx)
    .await?
    else {
        return Ok(Err(Refus::Inconnu));
    };
    let owner: i64 = row.try_get("user_id")?;
    let email: String = row.try_get("email")?;
    let expires_at: String = row.try_get("expires_at")?;
    let used_at: Option<String> = row.try_get("used_at")?;
    if owner != user_id {
        return Ok(Err(Refus::AutreUtilisateur));
    }
    if used_at.is_some() {
        return Ok(Err(Refus::Utilise));
    }
    if expires_at <= timestamp(now) {
        return Ok(Err(Refus::Expire));
    }
    // Two tabs opening the link at once: one marks it used, the other finds it used.
    let marked = sqlx::query(
        "UPDATE email_verifications SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(timestamp(now))
    .bind(&hash)
    .execute(&mut *tx)
    .await?;
    if marked.rows_affected() != 1 {
        return Ok(Err(Refus::Utilise));
    }
    let verified =
        sqlx::query("UPDATE users SET email_verified_at = $1 WHERE id = $2 AND email = $3")
            .bind(timestamp(now))
            .bind(user_id)
            .bind(&email)
            .execute(&mut *tx)
            .await?;
    if verified.rows_affected() != 1 {
        // The address changed since the mail was sent: the link is left as it was.
        return Ok(Err(Refus::AdresseChangee));
    }
    tx.commit().await?;
    Ok(Ok(email))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_link_opens_the_web_page_with_the_api_url_encoded() {
        assert_eq!(
            lien("https://daftar.example.tn", "abc-_9"),
            "https://daftar.example.tn/coproprietaire/verify-email?verify_url=\
             https%3A%2F%2Fdaftar.example.tn%2Fapi%2Femail%2Fverify%2Fabc-_9"
        );
    }
}
