//! Sign-in throttling that resists guessing without letting a stranger lock anyone out.
//!
//! Two counts per fixed window of [`WINDOW_MINUTES`]:
//! - one phone number from one client address: after [`MAX_FAILURES_PER_PAIR`] failures, that
//!   pair gets 429 `too_many_attempts` (the right password included) until the window ends. The
//!   same number from another address still signs in, so five wrong passwords typed by someone
//!   else do not lock the treasurer out;
//! - every number from one client address: past [`MAX_FAILURES_PER_ADDRESS`] failures (high
//!   enough for an office behind one address), that address is stopped, whatever the number —
//!   this is what stops password spraying (a few passwords over many numbers).
//!
//! **The count comes first.** Each attempt raises both counts in one statement per key before
//! the password is checked and reads the new values back (`INSERT … ON CONFLICT DO UPDATE …
//! RETURNING`, serialized per key by the row lock on PostgreSQL and by the write lock on
//! SQLite), so parallel attempts each see a different count: 40 at once let exactly 5 through
//! to the password check. A successful sign-in takes its attempt back (successes are never
//! counted) and clears its pair. The counts are in the database: a restart does not reset them.

use std::net::IpAddr;

use chrono::{DateTime, Duration, Utc};
use daftar_projections::db::timestamp;
use daftar_projections::Database;
use sqlx::Row;

use crate::identity::Tel;

pub const MAX_FAILURES_PER_PAIR: i64 = 5;
pub const MAX_FAILURES_PER_ADDRESS: i64 = 100;
pub const WINDOW_MINUTES: i64 = 15;

/// An attempt admitted to the password check (its counts are already raised).
#[derive(Debug)]
pub struct Attempt {
    pair: String,
    address: String,
}

/// The answer to a sign-in attempt before its password is checked.
#[derive(Debug)]
pub enum Admission {
    Admitted(Attempt),
    /// Too many failures: the seconds until the window ends (for `Retry-After`).
    Throttled {
        retry_after_seconds: i64,
    },
}

fn pair_key(tel: &Tel, client: IpAddr) -> String {
    format!("pair:{}|{client}", tel.as_str())
}

fn address_key(client: IpAddr) -> String {
    format!("address:{client}")
}

/// Raises the count of `key` (starting a new window when the last one ended); answers the count
/// and the window's start.
async fn raise(
    tx: &mut sqlx::AnyConnection,
    key: &str,
    now: DateTime<Utc>,
) -> Result<(i64, DateTime<Utc>), sqlx::Error> {
    let window_cut = timestamp(now - Duration::minutes(WINDOW_MINUTES));
    let row = sqlx::query(
        "INSERT INTO login_throttle (key, window_start, attempts) VALUES ($1, $2, 1) \
         ON CONFLICT (key) DO UPDATE SET \
           attempts = CASE WHEN login_throttle.window_start <= $3 THEN 1 \
                           ELSE login_throttle.attempts + 1 END, \
           window_start = CASE WHEN login_throttle.window_start <= $3 THEN $2 \
                               ELSE login_throttle.window_start END \
         RETURNING attempts, window_start",
    )
    .bind(key)
    .bind(timestamp(now))
    .bind(window_cut)
    .fetch_one(&mut *tx)
    .await?;
    let start: String = row.try_get("window_start")?;
    let start = DateTime::parse_from_rfc3339(&start)
        .map(|start| start.with_timezone(&Utc))
        .unwrap_or(now);
    Ok((row.try_get("attempts")?, start))
}

/// Counts an attempt of `tel` from `client` and says whether it may be checked.
pub async fn admit(db: &Database, tel: &Tel, client: IpAddr) -> Result<Admission, sqlx::Error> {
    let now = Utc::now();
    let attempt = Attempt {
        pair: pair_key(tel, client),
        address: address_key(client),
    };
    let mut tx = db.pool.begin().await?;
    // Windows that ended long ago are swept by the attempts that come (cheap: one index range).
    sqlx::query("DELETE FROM login_throttle WHERE window_start <= $1")
        .bind(timestamp(now - Duration::minutes(WINDOW_MINUTES * 4)))
        .execute(&mut *tx)
        .await?;
    let (pair_count, pair_start) = raise(&mut tx, &attempt.pair, now).await?;
    let (address_count, address_start) = raise(&mut tx, &attempt.address, now).await?;
    tx.commit().await?;
    let window = Duration::minutes(WINDOW_MINUTES);
    let retry_after = |start: DateTime<Utc>| (start + window - now).num_seconds().max(1);
    if pair_count > MAX_FAILURES_PER_PAIR {
        return Ok(Admission::Throttled {
            retry_after_seconds: retry_after(pair_start),
        });
    }
    if address_count > MAX_FAILURES_PER_ADDRESS {
        return Ok(Admission::Throttled {
            retry_after_seconds: retry_after(address_start),
        });
    }
    Ok(Admission::Admitted(attempt))
}

/// A successful sign-in: its attempt is taken back from the address's count and its pair is
/// cleared.
pub async fn succeeded(db: &Database, attempt: Attempt) -> Result<(), sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    sqlx::query("DELETE FROM login_throttle WHERE key = $1")
        .bind(&attempt.pair)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "UPDATE login_throttle SET attempts = attempts - 1 WHERE key = $1 AND attempts > 0",
    )
    .bind(&attempt.address)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}
