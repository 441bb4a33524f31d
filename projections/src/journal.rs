//! The event journal: appends and reads of the `events` table, with the hash chain and the
//! gapless global position written in the same transaction as the events.

use sqlx::Row;

#[cfg(doc)]
use crate::chain::GENESIS_HASH;
use crate::chain::{event_hash, ChainedFields};
use crate::db::Database;

/// One event as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEvent {
    pub position: i64,
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub event_type: String,
    pub event_version: String,
    pub payload: String,
    pub metadata: String,
    pub recorded_at: String,
    pub hash: String,
}

impl StoredEvent {
    pub fn chained_fields(&self) -> ChainedFields<'_> {
        ChainedFields {
            position: self.position,
            aggregate_type: &self.aggregate_type,
            aggregate_id: &self.aggregate_id,
            sequence: self.sequence,
            event_type: &self.event_type,
            event_version: &self.event_version,
            recorded_at: &self.recorded_at,
            payload: &self.payload,
            metadata: &self.metadata,
        }
    }
}

/// An event ready to append: its type, version and canonical JSON payload.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub event_type: String,
    pub event_version: String,
    pub payload: String,
}

/// The head of a stream as the appender believes it to be: its last sequence and that event's
/// hash (0 and [`crate::chain::GENESIS_HASH`] for a new stream).
#[derive(Debug, Clone, Copy)]
pub struct ExpectedHead<'a> {
    pub aggregate_type: &'a str,
    pub aggregate_id: &'a str,
    pub sequence: i64,
    pub hash: &'a str,
}

/// What an append wrote: the stream's new head and the global position of its last event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Appended {
    pub first_position: i64,
    pub last_position: i64,
    pub last_sequence: i64,
    pub last_hash: String,
    pub recorded_at: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AppendError {
    /// Another writer appended to the stream first: the caller must re-decide on fresh state.
    #[error("stream {aggregate_type}/{aggregate_id} moved past sequence {expected}")]
    Conflict {
        aggregate_type: String,
        aggregate_id: String,
        expected: i64,
    },
    #[error(transparent)]
    Database(#[from] sqlx::Error),
}

const SELECT_COLUMNS: &str = "position, aggregate_type, aggregate_id, sequence, event_type, \
     event_version, payload, metadata, recorded_at, hash";

fn to_stored(row: &sqlx::any::AnyRow) -> Result<StoredEvent, sqlx::Error> {
    Ok(StoredEvent {
        position: row.try_get("position")?,
        aggregate_type: row.try_get("aggregate_type")?,
        aggregate_id: row.try_get("aggregate_id")?,
        sequence: row.try_get("sequence")?,
        event_type: row.try_get("event_type")?,
        event_version: row.try_get("event_version")?,
        payload: row.try_get("payload")?,
        metadata: row.try_get("metadata")?,
        recorded_at: row.try_get("recorded_at")?,
        hash: row.try_get("hash")?,
    })
}

/// Appends and reads events. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Journal {
    db: Database,
}

impl Journal {
    pub fn new(db: Database) -> Self {
        Journal { db }
    }

    pub fn database(&self) -> &Database {
        &self.db
    }

    /// Appends `events` to a stream whose head the caller believes is `expected_sequence` with
    /// hash ([`GENESIS_HASH`] for a new stream), in one transaction:
    ///
    /// 1. take `n` global positions from `event_log_head` (this row lock serializes appends
    ///    until commit, so positions become visible in order and none is ever skipped by a
    ///    projector reading `position > checkpoint`);
    /// 2. insert each event with its hash chained on the previous one.
    ///
    /// If another writer appended first, the primary key (aggregate_type, aggregate_id,
    /// sequence) rejects the first insert and the append answers `Conflict`, writing nothing.
    pub async fn append(
        &self,
        head: ExpectedHead<'_>,
        events: &[NewEvent],
        metadata: &str,
        recorded_at: &str,
    ) -> Result<Appended, AppendError> {
        let ExpectedHead {
            aggregate_type,
            aggregate_id,
            sequence: expected_sequence,
            hash: previous_hash,
        } = head;
        let conflict = || AppendError::Conflict {
            aggregate_type: aggregate_type.to_owned(),
            aggregate_id: aggregate_id.to_owned(),
            expected: expected_sequence,
        };
        let count = i64::try_from(events.len()).map_err(|_| conflict())?;
        let mut tx = self.db.pool.begin().await?;
        let last_position: i64 = sqlx::query(
            "UPDATE event_log_head SET position = position + $1 WHERE id = 1 RETURNING position",
        )
        .bind(count)
        .fetch_one(&mut *tx)
        .await?
        .try_get("position")?;
        let mut previous_hash = previous_hash.to_owned();
        let first_position = last_position - count + 1;
        let mut sequence = expected_sequence;
        for (offset, event) in (0_i64..).zip(events) {
            sequence += 1;
            let position = first_position + offset;
            let hash = event_hash(
                &previous_hash,
                ChainedFields {
                    position,
                    aggregate_type,
                    aggregate_id,
                    sequence,
                    event_type: &event.event_type,
                    event_version: &event.event_version,
                    recorded_at,
                    payload: &event.payload,
                    metadata,
                },
            );
            let inserted = sqlx::query(
                "INSERT INTO events (position, aggregate_type, aggregate_id, sequence, event_type, \
                 event_version, payload, metadata, recorded_at, hash) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(position)
            .bind(aggregate_type)
            .bind(aggregate_id)
            .bind(sequence)
            .bind(&event.event_type)
            .bind(&event.event_version)
            .bind(&event.payload)
            .bind(metadata)
            .bind(recorded_at)
            .bind(&hash)
            .execute(&mut *tx)
            .await;
            match inserted {
                Ok(_) => {}
                Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                    return Err(conflict())
                }
                Err(error) => return Err(error.into()),
            }
            previous_hash = hash;
        }
        tx.commit().await?;
        Ok(Appended {
            first_position,
            last_position,
            last_sequence: sequence,
            last_hash: previous_hash,
            recorded_at: recorded_at.to_owned(),
        })
    }

    /// The events of one stream after `after_sequence`, in order.
    pub async fn load_stream(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
        after_sequence: i64,
    ) -> Result<Vec<StoredEvent>, sqlx::Error> {
        let sql = format!(
            "SELECT {SELECT_COLUMNS} FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 \
             AND sequence > $3 ORDER BY sequence"
        );
        let rows = sqlx::query(&sql)
            .bind(aggregate_type)
            .bind(aggregate_id)
            .bind(after_sequence)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(to_stored).collect()
    }

    /// Up to `limit` events of all streams after global position `after_position`, in order.
    pub async fn read_all(
        &self,
        after_position: i64,
        limit: i64,
    ) -> Result<Vec<StoredEvent>, sqlx::Error> {
        let sql = format!(
            "SELECT {SELECT_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2"
        );
        let rows = sqlx::query(&sql)
            .bind(after_position)
            .bind(limit)
            .fetch_all(&self.db.pool)
            .await?;
        rows.iter().map(to_stored).collect()
    }

    /// Same as [`Journal::read_all`], inside the caller's transaction.
    pub async fn read_all_in(
        &self,
        conn: &mut sqlx::AnyConnection,
        after_position: i64,
        limit: i64,
    ) -> Result<Vec<StoredEvent>, sqlx::Error> {
        let sql = format!(
            "SELECT {SELECT_COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2"
        );
        let rows = sqlx::query(&sql)
            .bind(after_position)
            .bind(limit)
            .fetch_all(conn)
            .await?;
        rows.iter().map(to_stored).collect()
    }

    /// Every stream of an aggregate type, optionally only one aggregate id.
    pub async fn streams(
        &self,
        aggregate_type: &str,
        only_id: Option<&str>,
    ) -> Result<Vec<String>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT DISTINCT aggregate_id FROM events WHERE aggregate_type = $1 \
             AND ($2 = '' OR aggregate_id = $2) ORDER BY aggregate_id",
        )
        .bind(aggregate_type)
        .bind(only_id.unwrap_or(""))
        .fetch_all(&self.db.pool)
        .await?;
        rows.iter().map(|row| row.try_get("aggregate_id")).collect()
    }

    /// The last global position handed out.
    pub async fn head_position(&self) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT position FROM event_log_head WHERE id = 1")
            .fetch_one(&self.db.pool)
            .await?
            .try_get("position")
    }
}
