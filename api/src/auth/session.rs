//! Server-side sessions.
//!
//! The `daftar_session` cookie carries 32 random bytes (base64url); the `sessions` table stores
//! only their SHA-256 (hex), so reading the table does not let anyone sign in. A session lasts
//! [`SessionPolicy::lifetime_days`] from sign-in and ends after
//! [`SessionPolicy::idle_minutes`] without a request; signing in again replaces the session (the
//! cookie rotates), signing out deletes it (or every session of the user, "everywhere"), and a
//! password change ends every other session of the user.

use actix_web::cookie::time::Duration as CookieDuration;
use actix_web::cookie::{Cookie, SameSite};
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{Duration, Utc};
use cqrs_es::Aggregate;
use daftar_domain::grand_livre::GrandLivre;
use daftar_projections::db::timestamp;
use daftar_projections::Database;
use rand::rngs::OsRng;
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::configuration::SessionPolicy;
use crate::identity::{UserRecord, USER_COLUMNS};

pub const SESSION_COOKIE: &str = "daftar_session";

/// `last_seen_at` is refreshed at most this often (or a quarter of the idle timeout if that is
/// shorter), so that reads do not each cost a write.
const LAST_SEEN_RESOLUTION_MINUTES: i64 = 5;

/// 32 random bytes from the OS, base64url without padding (43 characters).
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    OsRng.fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Hex SHA-256 of a cookie token: the key stored in `sessions.token_hash`.
pub fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// Creates a session for `user_id` and returns the cookie token. Expired sessions of every user
/// are swept at the same time (sign-ins are rare enough for this to be cheap).
pub async fn create(
    db: &Database,
    user_id: i64,
    policy: SessionPolicy,
) -> Result<String, sqlx::Error> {
    let token = random_token();
    let now = Utc::now();
    let mut tx = db.pool.begin().await?;
    sqlx::query("DELETE FROM sessions WHERE expires_at <= $1")
        .bind(timestamp(now))
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at) \
         VALUES ($1, $2, $3, $3, $4)",
    )
    .bind(token_hash(&token))
    .bind(user_id)
    .bind(timestamp(now))
    .bind(timestamp(now + Duration::days(policy.lifetime_days)))
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(token)
}

/// Deletes the session of this cookie token, if any.
pub async fn delete(db: &Database, token: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
        .bind(token_hash(token))
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Ends every session of `user_id` but the one of `keep` (a cookie token): after a password
/// change (keeping the session that changed it) or a sign-out everywhere (keeping none).
pub async fn end_all(db: &Database, user_id: i64, keep: Option<&str>) -> Result<u64, sqlx::Error> {
    let kept = keep.map(token_hash).unwrap_or_default();
    let ended = sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND token_hash <> $2")
        .bind(user_id)
        .bind(kept)
        .execute(&db.pool)
        .await?;
    Ok(ended.rows_affected())
}

/// A live session's user, and how far the user's residence ledger had got when it was read.
#[derive(Debug, Clone)]
pub struct SessionUser {
    pub user: UserRecord,
    /// The sequence of the residence ledger stream's last event when the session was read:
    /// every command committed before the request started (on any server) is at or below it.
    pub ledger_head: i64,
}

/// The user of a live session (active or not: the caller decides what an inactive user gets).
///
/// The same statement reads the head of the user's residence ledger stream (one index entry),
/// so that a request reading the ledger needs no second round trip to know it is up to date.
pub async fn user_of(
    db: &Database,
    token: &str,
    policy: SessionPolicy,
) -> Result<Option<SessionUser>, sqlx::Error> {
    let now = Utc::now();
    let idle_since = timestamp(now - Duration::minutes(policy.idle_minutes));
    let hash = token_hash(token);
    let sql = format!(
        "SELECT {USER_COLUMNS}, s.last_seen_at AS session_last_seen_at, \
         COALESCE((SELECT e.sequence FROM events e WHERE e.aggregate_type = $3 \
                   AND e.aggregate_id = CAST(u.residence_id AS TEXT) \
                   ORDER BY e.sequence DESC LIMIT 1), 0) AS ledger_head \
         FROM sessions s JOIN users u ON u.id = s.user_id JOIN residences r ON r.id = u.residence_id \
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $4"
    );
    let Some(row) = sqlx::query(&sql)
        .bind(&hash)
        .bind(timestamp(now))
        .bind(<GrandLivre as Aggregate>::TYPE)
        .bind(idle_since)
        .fetch_optional(&db.pool)
        .await?
    else {
        return Ok(None);
    };
    let user = UserRecord::from_row(&row)?;
    let ledger_head: i64 = row.try_get("ledger_head")?;
    let last_seen: String = row.try_get("session_last_seen_at")?;
    let resolution = LAST_SEEN_RESOLUTION_MINUTES.min(policy.idle_minutes / 4);
    if last_seen < timestamp(now - Duration::minutes(resolution)) {
        sqlx::query("UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2")
            .bind(timestamp(now))
            .bind(&hash)
            .execute(&db.pool)
            .await?;
    }
    Ok(Some(SessionUser { user, ledger_head }))
}

/// Whether the session of this cookie token still admits its user (not ended, expired nor idle
/// too long, the user and the residence active), without counting as activity: a real-time
/// socket asks it at every ping, and an open tab must not keep an idle session alive.
pub async fn still_open(
    db: &Database,
    token: &str,
    policy: SessionPolicy,
) -> Result<bool, sqlx::Error> {
    let now = Utc::now();
    let open = sqlx::query(
        "SELECT 1 FROM sessions s JOIN users u ON u.id = s.user_id \
         JOIN residences r ON r.id = u.residence_id \
         WHERE s.token_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3 \
         AND u.active = 1 AND r.active = 1",
    )
    .bind(token_hash(token))
    .bind(timestamp(now))
    .bind(timestamp(now - Duration::minutes(policy.idle_minutes)))
    .fetch_optional(&db.pool)
    .await?;
    Ok(open.is_some())
}

/// The session cookie: HttpOnly, SameSite=Lax, Path=/, for the session's lifetime, Secure as
/// [`crate::client::secure_cookies`] says.
pub fn cookie(token: String, secure: bool, policy: SessionPolicy) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, token)
        .http_only(true)
        .same_site(SameSite::Lax)
        .path("/")
        .secure(secure)
        .max_age(CookieDuration::days(policy.lifetime_days))
        .finish()
}

/// A cookie that makes the browser forget the session cookie.
pub fn removal_cookie(secure: bool) -> Cookie<'static> {
    let mut cookie = cookie(String::new(), secure, SessionPolicy::DEFAULT);
    cookie.make_removal();
    cookie
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_and_url_safe() {
        let a = random_token();
        let b = random_token();
        assert_ne!(a, b);
        assert_eq!(a.len(), 43);
        assert!(a
            .bytes()
            .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'));
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
    }

    #[test]
    fn the_cookie_is_http_only_and_lax() {
        let c = cookie("t".into(), true, SessionPolicy::DEFAULT);
        assert_eq!(c.http_only(), Some(true));
        assert_eq!(c.same_site(), Some(SameSite::Lax));
        assert_eq!(c.secure(), Some(true));
        assert_eq!(c.path(), Some("/"));
    }
}
