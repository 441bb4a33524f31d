//! What the real-time channel carries between servers (docs/architecture.md "Real time across
//! servers"; issue 18): a [`Signal`] names what changed (its kind and the ids of its rows), never
//! the rows themselves; each server loads them and fans them out to its own sockets.
//!
//! On PostgreSQL a writer calls [`signaler`] inside its own transaction: `pg_notify` is
//! delivered to every listening server when (and only if) the transaction commits, in commit
//! order. On SQLite (one process) [`signaler`] does nothing: the server hands the signal to its
//! own hub once the write is committed.

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;

use crate::Dialect;

/// The PostgreSQL channel every server listens on.
pub const CANAL: &str = "daftar_temps_reel";

/// What changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Genre {
    /// A chat message was sent: `ids` = `[message id]`.
    Message,
    /// A conversation was marked read: `ids` = `[conversation id, reader's user id]`, `read_at`
    /// the time written.
    Lu,
    /// Notifications were created: `ids` = the users notified.
    Notification,
}

/// One change, scoped to a residence (a server never sends it to another residence's sockets).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Signal {
    pub residence_id: i64,
    pub kind: Genre,
    pub ids: Vec<i64>,
    /// For [`Genre::Lu`]: when the messages were marked read (UTC, RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_at: Option<String>,
}

/// Announces `signal` to every server, in the caller's transaction (PostgreSQL); nothing on
/// SQLite (see the module's documentation).
pub async fn signaler(
    conn: &mut AnyConnection,
    dialect: Dialect,
    signal: &Signal,
) -> Result<(), sqlx::Error> {
    if dialect != Dialect::Postgres {
        return Ok(());
    }
    let payload = serde_json::to_string(signal)
        .map_err(|error| sqlx::Error::Protocol(format!("signal: {error}")))?;
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CANAL)
        .bind(payload)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signal_travels_as_the_json_the_contract_names() {
        let signal = Signal {
            residence_id: 3,
            kind: Genre::Message,
            ids: vec![42],
            read_at: None,
        };
        let json = serde_json::to_string(&signal).unwrap_or_default();
        assert_eq!(json, r#"{"residence_id":3,"kind":"message","ids":[42]}"#);
        assert_eq!(serde_json::from_str::<Signal>(&json).ok(), Some(signal));
    }
}
