//! The event journal: appends and reads of the `events` table, with the hash chain and the
//! gapless global position written in the same transaction as the events.

use sqlx::Row;

#[cfg(doc)]
use crate::chain::GENESIS_HASH;
use crate::chain::{event_hash, ChainedFields};
use crate::db::{Database, Dialect};

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

/// An event ready to append: its type, version, canonical JSON payload and the canonical JSON
/// metadata of the command that produced it (one append may carry several commands' events).
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub event_type: String,
    pub event_version: String,
    pub payload: String,
    pub metadata: String,
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

/// An event about to be written, with its place in the stream and its chained hash.
struct ChainedRow<'a> {
    sequence: i64,
    event: &'a NewEvent,
    hash: String,
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

/// An event as the read models read it: where it is, when it was recorded and its payload;
/// not the chain's fields nor the metadata, which no read model reads (a replay reads half the
/// columns, and twice as fast on SQLite: docs/performance.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProjectionRow {
    pub position: i64,
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub payload: String,
    pub recorded_at: String,
}

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
    /// hash ([`GENESIS_HASH`] for a new stream), atomically:
    ///
    /// 1. take `n` global positions from `event_log_head` (this row lock serializes appends
    ///    until commit, so positions become visible in order and none is ever skipped by a
    ///    projector reading `position > checkpoint`);
    /// 2. insert each event with its hash chained on the previous one.
    ///
    /// If another writer appended first, the primary key (aggregate_type, aggregate_id,
    /// sequence) rejects the insert and the append answers `Conflict`, writing nothing.
    ///
    /// On PostgreSQL both steps are one statement (one round trip, its own transaction); SQLite
    /// has no data-modifying CTE, so there they run in one in-process transaction.
    pub async fn append(
        &self,
        head: ExpectedHead<'_>,
        events: &[NewEvent],
        recorded_at: &str,
    ) -> Result<Appended, AppendError> {
        let conflict = || AppendError::Conflict {
            aggregate_type: head.aggregate_type.to_owned(),
            aggregate_id: head.aggregate_id.to_owned(),
            expected: head.sequence,
        };
        let mut rows = Vec::with_capacity(events.len());
        let mut previous_hash = head.hash.to_owned();
        for (sequence, event) in (head.sequence + 1..).zip(events) {
            let hash = event_hash(
                &previous_hash,
                ChainedFields {
                    aggregate_type: head.aggregate_type,
                    aggregate_id: head.aggregate_id,
                    sequence,
                    event_type: &event.event_type,
                    event_version: &event.event_version,
                    recorded_at,
                    payload: &event.payload,
                    metadata: &event.metadata,
                },
            );
            previous_hash.clone_from(&hash);
            rows.push(ChainedRow {
                sequence,
                event,
                hash,
            });
        }
        let Some(last) = rows.last() else {
            return Err(conflict());
        };
        let (last_sequence, last_hash) = (last.sequence, last.hash.clone());
        let written = match self.db.dialect {
            Dialect::Postgres => {
                self.insert_in_one_statement(&head, &rows, recorded_at)
                    .await
            }
            Dialect::Sqlite => self.insert_in_transaction(&head, &rows, recorded_at).await,
        };
        let last_position = match written {
            Ok(position) => position,
            Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
                return Err(conflict())
            }
            Err(error) => return Err(error.into()),
        };
        let count = i64::try_from(rows.len()).unwrap_or(i64::MAX);
        Ok(Appended {
            first_position: last_position - count + 1,
            last_position,
            last_sequence,
            last_hash,
            recorded_at: recorded_at.to_owned(),
        })
    }

    /// PostgreSQL: `WITH head AS (UPDATE … RETURNING position) INSERT … SELECT … FROM head`.
    async fn insert_in_one_statement(
        &self,
        head: &ExpectedHead<'_>,
        rows: &[ChainedRow<'_>],
        recorded_at: &str,
    ) -> Result<i64, sqlx::Error> {
        let count = i64::try_from(rows.len()).unwrap_or(i64::MAX);
        let values: Vec<String> = (0..rows.len())
            .map(|index| {
                let p = 5 + index * 7;
                format!(
                    "(${}::bigint, ${}::bigint, ${}::text, ${}::text, ${}::text, ${}::text, ${}::text)",
                    p,
                    p + 1,
                    p + 2,
                    p + 3,
                    p + 4,
                    p + 5,
                    p + 6
                )
            })
            .collect();
        let sql = format!(
            "WITH head AS (UPDATE event_log_head SET position = position + $1 WHERE id = 1              RETURNING position)              INSERT INTO events (position, aggregate_type, aggregate_id, sequence, event_type,              event_version, payload, metadata, recorded_at, hash)              SELECT head.position - $1 + v.k, $2::text, $3::text, v.sequence, v.event_type,              v.event_version, v.payload, v.metadata, $4::text, v.hash              FROM head, (VALUES {}) AS v(k, sequence, event_type, event_version, payload, metadata, hash)              RETURNING position",
            values.join(", ")
        );
        let mut query = sqlx::query(&sql)
            .bind(count)
            .bind(head.aggregate_type)
            .bind(head.aggregate_id)
            .bind(recorded_at);
        for (k, row) in (1_i64..).zip(rows) {
            query = query
                .bind(k)
                .bind(row.sequence)
                .bind(&row.event.event_type)
                .bind(&row.event.event_version)
                .bind(&row.event.payload)
                .bind(&row.event.metadata)
                .bind(&row.hash);
        }
        let positions = query.fetch_all(&self.db.pool).await?;
        positions
            .iter()
            .map(|row| row.try_get::<i64, _>("position"))
            .try_fold(0, |max, position| position.map(|p| p.max(max)))
    }

    /// SQLite: one transaction; the head row is updated first, which takes the write lock.
    async fn insert_in_transaction(
        &self,
        head: &ExpectedHead<'_>,
        rows: &[ChainedRow<'_>],
        recorded_at: &str,
    ) -> Result<i64, sqlx::Error> {
        let count = i64::try_from(rows.len()).unwrap_or(i64::MAX);
        let mut tx = self.db.pool.begin().await?;
        let last_position: i64 = sqlx::query(
            "UPDATE event_log_head SET position = position + $1 WHERE id = 1 RETURNING position",
        )
        .bind(count)
        .fetch_one(&mut *tx)
        .await?
        .try_get("position")?;
        for (offset, row) in (0_i64..).zip(rows) {
            sqlx::query(
                "INSERT INTO events (position, aggregate_type, aggregate_id, sequence, event_type,                  event_version, payload, metadata, recorded_at, hash)                  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            )
            .bind(last_position - count + 1 + offset)
            .bind(head.aggregate_type)
            .bind(head.aggregate_id)
            .bind(row.sequence)
            .bind(&row.event.event_type)
            .bind(&row.event.event_version)
            .bind(&row.event.payload)
            .bind(&row.event.metadata)
            .bind(recorded_at)
            .bind(&row.hash)
            .execute(&mut *tx)
            .await?;
        }
        tx.commit().await?;
        Ok(last_position)
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

    /// The last sequence of a stream (0 when it has no event).
    pub async fn head_sequence(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
    ) -> Result<i64, sqlx::Error> {
        // The last key of the stream in the primary key's order: one index entry. (`MAX` made
        // PostgreSQL walk the whole stream's index range before its statistics existed.)
        let head = sqlx::query(
            "SELECT sequence FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 \
             ORDER BY sequence DESC LIMIT 1",
        )
        .bind(aggregate_type)
        .bind(aggregate_id)
        .fetch_optional(&self.db.pool)
        .await?;
        head.map_or(Ok(0), |row| row.try_get("sequence"))
    }

    /// The last sequence of a stream and that event's global position (both 0 when the
    /// stream has no event): where a read model that has projected that position stands on
    /// the stream.
    pub async fn head_with_position(
        &self,
        aggregate_type: &str,
        aggregate_id: &str,
    ) -> Result<(i64, i64), sqlx::Error> {
        let head = sqlx::query(
            "SELECT sequence, position FROM events WHERE aggregate_type = $1 \
             AND aggregate_id = $2 ORDER BY sequence DESC LIMIT 1",
        )
        .bind(aggregate_type)
        .bind(aggregate_id)
        .fetch_optional(&self.db.pool)
        .await?;
        head.map_or(Ok((0, 0)), |row| {
            Ok((row.try_get("sequence")?, row.try_get("position")?))
        })
    }

    /// The last global position handed out.
    pub async fn head_position(&self) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT position FROM event_log_head WHERE id = 1")
            .fetch_one(&self.db.pool)
            .await?
            .try_get("position")
    }

    /// Up to `limit` events after global position `after_position`, in order, as the read
    /// models read them ([`ProjectionRow`]), on `conn` (inside its transaction).
    pub async fn read_for_projection_in(
        &self,
        conn: &mut sqlx::AnyConnection,
        after_position: i64,
        limit: i64,
    ) -> Result<Vec<ProjectionRow>, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT position, aggregate_type, aggregate_id, sequence, payload, recorded_at \
             FROM events WHERE position > $1 ORDER BY position LIMIT $2",
        )
        .bind(after_position)
        .bind(limit)
        .fetch_all(conn)
        .await?;
        rows.iter()
            .map(|row| {
                Ok(ProjectionRow {
                    position: row.try_get("position")?,
                    aggregate_type: row.try_get("aggregate_type")?,
                    aggregate_id: row.try_get("aggregate_id")?,
                    sequence: row.try_get("sequence")?,
                    payload: row.try_get("payload")?,
                    recorded_at: row.try_get("recorded_at")?,
                })
            })
            .collect()
    }

    /// The last global position handed out, read on `conn` (inside its transaction).
    pub async fn head_position_in(
        &self,
        conn: &mut sqlx::AnyConnection,
    ) -> Result<i64, sqlx::Error> {
        sqlx::query("SELECT position FROM event_log_head WHERE id = 1")
            .fetch_optional(conn)
            .await?
            .map_or(Ok(0), |row| row.try_get("position"))
    }
}
