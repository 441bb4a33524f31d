//! Sign-in throttling per phone number: after [`MAX_FAILURES`] failed attempts within
//! [`WINDOW_MINUTES`], further attempts for that number get `too_many_attempts` (429) — checked
//! before the password is verified, so guessing stops even with the right password. Failures are
//! stored in the database so a restart does not reset the counter; a successful sign-in clears it.

use chrono::{Duration, Utc};
use daftar_projections::db::timestamp;
use daftar_projections::Database;
use sqlx::Row;

use crate::identity::Tel;

pub const MAX_FAILURES: i64 = 5;
pub const WINDOW_MINUTES: i64 = 15;

fn window_start() -> String {
    timestamp(Utc::now() - Duration::minutes(WINDOW_MINUTES))
}

/// Whether this number has used up its attempts for the current window.
pub async fn is_locked(db: &Database, tel: &Tel) -> Result<bool, sqlx::Error> {
    let row = sqlx::query(
        "SELECT COUNT(*) AS failures FROM login_attempts WHERE tel = $1 AND attempted_at > $2",
    )
    .bind(tel.as_str())
    .bind(window_start())
    .fetch_one(&db.pool)
    .await?;
    Ok(row.try_get::<i64, _>("failures")? >= MAX_FAILURES)
}

/// Records a failed attempt (and forgets this number's attempts older than the window).
pub async fn record_failure(db: &Database, tel: &Tel) -> Result<(), sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    sqlx::query("DELETE FROM login_attempts WHERE tel = $1 AND attempted_at <= $2")
        .bind(tel.as_str())
        .bind(window_start())
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO login_attempts (tel, attempted_at) VALUES ($1, $2)")
        .bind(tel.as_str())
        .bind(timestamp(Utc::now()))
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// Forgets the failures of this number (after a successful sign-in).
pub async fn clear(db: &Database, tel: &Tel) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM login_attempts WHERE tel = $1")
        .bind(tel.as_str())
        .execute(&db.pool)
        .await?;
    Ok(())
}
