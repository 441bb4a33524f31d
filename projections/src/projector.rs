//! The checkpointed projector: applies every committed event, in global-position order, to the
//! read models, and moves its checkpoint in the same transaction as the read-model changes.
//!
//! A crash between a commit and its projection is therefore repaired on the next start (the
//! projector resumes after its checkpoint), and no event is applied twice. Positions are handed
//! out under the `event_log_head` row lock (see [`crate::journal::Journal::append`]), so they
//! become visible in order and reading `position > checkpoint` never skips a late commit.
//!
//! Several API servers may run a projector on one database: each batch first locks the
//! checkpoint row, so batches are applied by one projector at a time.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use async_trait::async_trait;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreEvent};
use sqlx::{AnyConnection, Row};
use tokio::sync::watch;

use crate::db::Database;
use crate::journal::{Journal, StoredEvent};

/// The one checkpoint shared by all read models: they are updated together.
pub const CHECKPOINT: &str = "read_models";
const BATCH: i64 = 500;

#[derive(Debug, thiserror::Error)]
pub enum ProjectionError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error("event {aggregate_type}/{aggregate_id}#{sequence} cannot be decoded: {reason}")]
    Decode {
        aggregate_type: String,
        aggregate_id: String,
        sequence: i64,
        reason: String,
    },
}

impl ProjectionError {
    pub fn decode(event: &StoredEvent, reason: impl ToString) -> Self {
        ProjectionError::Decode {
            aggregate_type: event.aggregate_type.clone(),
            aggregate_id: event.aggregate_id.clone(),
            sequence: event.sequence,
            reason: reason.to_string(),
        }
    }
}

/// Decodes an event of a residence's ledger stream: `None` for other aggregate types,
/// otherwise the residence id and the event.
pub fn decode_grand_livre(
    event: &StoredEvent,
) -> Result<Option<(i64, GrandLivreEvent)>, ProjectionError> {
    if event.aggregate_type != <GrandLivre as cqrs_es::Aggregate>::TYPE {
        return Ok(None);
    }
    let residence_id: i64 = event
        .aggregate_id
        .parse()
        .map_err(|e| ProjectionError::decode(event, e))?;
    let decoded =
        serde_json::from_str(&event.payload).map_err(|e| ProjectionError::decode(event, e))?;
    Ok(Some((residence_id, decoded)))
}

/// A read model: the answer to one question, kept up to date from the journal.
#[async_trait]
pub trait ReadModel: Send + Sync {
    /// The tables this model owns; emptied by a rebuild.
    fn tables(&self) -> &'static [&'static str];
    /// Applies one event inside the projector's transaction.
    async fn apply(
        &self,
        conn: &mut AnyConnection,
        event: &StoredEvent,
    ) -> Result<(), ProjectionError>;

    /// Applies a batch of events, in order, inside the projector's transaction. A model whose
    /// events come in runs (a day of collections) overrides it to write a run in a few
    /// statements instead of some per event: on PostgreSQL every statement is a round trip,
    /// and a command's answer waits for its projection.
    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[StoredEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            self.apply(conn, event).await?;
        }
        Ok(())
    }
}

/// Applies the journal to the read models.
#[derive(Clone)]
pub struct Projector {
    db: Database,
    journal: Journal,
    models: Arc<Vec<Box<dyn ReadModel>>>,
    projected: watch::Sender<i64>,
    /// Whether the checkpoint row is known to exist (it is never deleted once created).
    checkpoint_row: Arc<AtomicBool>,
}

/// Creates the checkpoint row at position 0 unless it exists.
async fn create_checkpoint_row(db: &Database) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO projector_checkpoints (projector, position) VALUES ($1, 0) \
         ON CONFLICT (projector) DO NOTHING",
    )
    .bind(CHECKPOINT)
    .execute(&db.pool)
    .await?;
    Ok(())
}

impl Projector {
    pub fn new(db: Database, models: Vec<Box<dyn ReadModel>>) -> Self {
        let (projected, _) = watch::channel(0);
        Projector {
            journal: Journal::new(db.clone()),
            db,
            models: Arc::new(models),
            projected,
            checkpoint_row: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Projects every event committed so far; returns the checkpoint reached.
    pub async fn catch_up(&self) -> Result<i64, ProjectionError> {
        loop {
            let (position, applied) = self.project_batch().await?;
            self.projected.send_replace(position);
            if applied < BATCH {
                return Ok(position);
            }
        }
    }

    async fn project_batch(&self) -> Result<(i64, i64), ProjectionError> {
        if !self.checkpoint_row.load(Ordering::Acquire) {
            create_checkpoint_row(&self.db).await?;
            self.checkpoint_row.store(true, Ordering::Release);
        }
        let mut tx = self.db.pool.begin().await?;
        // Lock the checkpoint first so two projectors never apply the same batch.
        let checkpoint: i64 = sqlx::query(
            "UPDATE projector_checkpoints SET position = position WHERE projector = $1 \
             RETURNING position",
        )
        .bind(CHECKPOINT)
        .fetch_one(&mut *tx)
        .await?
        .try_get("position")?;
        let events = self.journal.read_all_in(&mut tx, checkpoint, BATCH).await?;
        let Some(position) = events.last().map(|event| event.position) else {
            tx.commit().await?;
            return Ok((checkpoint, 0));
        };
        // Model by model: each owns its tables and reads no other model's while applying, so
        // only the order of events within a model matters.
        for model in self.models.iter() {
            if let Err(error) = model.apply_all(&mut tx, &events).await {
                tracing::error!(
                    after_position = checkpoint,
                    up_to_position = position,
                    tables = ?model.tables(),
                    error = %error,
                    "projection failed; the read models stay at the previous checkpoint"
                );
                return Err(error);
            }
        }
        sqlx::query("UPDATE projector_checkpoints SET position = $1 WHERE projector = $2")
            .bind(position)
            .bind(CHECKPOINT)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok((position, i64::try_from(events.len()).unwrap_or(BATCH)))
    }

    /// Empties every read model and replays the whole journal into them.
    pub async fn rebuild(&self) -> Result<i64, ProjectionError> {
        create_checkpoint_row(&self.db).await?;
        let mut tx = self.db.pool.begin().await?;
        sqlx::query("UPDATE projector_checkpoints SET position = 0 WHERE projector = $1")
            .bind(CHECKPOINT)
            .execute(&mut *tx)
            .await?;
        for model in self.models.iter() {
            for table in model.tables() {
                sqlx::query(&format!("DELETE FROM {table}"))
                    .execute(&mut *tx)
                    .await?;
            }
        }
        tx.commit().await?;
        self.catch_up().await
    }

    /// Waits until the read models include global position `position` (read-your-writes
    /// after a command). Gives up after `timeout` and answers whether it got there.
    pub async fn wait_for(&self, position: i64, timeout: Duration) -> bool {
        let mut receiver = self.projected.subscribe();
        tokio::time::timeout(
            timeout,
            receiver.wait_for(|projected| *projected >= position),
        )
        .await
        .is_ok_and(|result| result.is_ok())
    }

    /// Runs forever: catches up at start (repairing any crash gap), then after each local
    /// commit and at least every second (commits of other servers on the same database).
    pub async fn run(self, mut commits: watch::Receiver<i64>) {
        let mut failures: u32 = 0;
        loop {
            match self.catch_up().await {
                Ok(_) => failures = 0,
                Err(error) => {
                    failures = failures.saturating_add(1);
                    tracing::error!(error = %error, failures, "projector catch-up failed");
                }
            }
            let pause = Duration::from_millis(if failures == 0 {
                1000
            } else {
                1000 * u64::from(failures.min(30))
            });
            tokio::select! {
                changed = commits.changed() => {
                    if changed.is_err() {
                        tokio::time::sleep(pause).await;
                    }
                }
                _ = tokio::time::sleep(pause) => {}
            }
        }
    }
}
