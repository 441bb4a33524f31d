//! The checkpointed projector: applies every committed event, in global-position order, to the
//! read models, and moves each model's checkpoint in the same transaction as its changes.
//!
//! A crash between a commit and its projection is therefore repaired on the next start (each
//! model resumes after its own checkpoint), and no event is applied twice. Positions are handed
//! out under the `event_log_head` row lock (see [`crate::journal::Journal::append`]), so they
//! become visible in order and reading `position > checkpoint` never skips a late commit.
//!
//! **A checkpoint per model, named and versioned.** Each [`ReadModel`] has a stable name and a
//! version. At the first batch of a projector, a model whose checkpoint is missing (a model new
//! to this database) or records another version (a model whose tables or reading of events
//! changed) has its tables dropped, created again from its schema, and replays the journal from
//! the start, batch by batch, while the others carry on from where they are. Nobody has to run
//! `projections rebuild` after deploying a new or changed model.
//!
//! **One decoding per batch.** A batch's events are decoded once ([`ProjectedEvent`]) and every
//! model reads the same decoded events.
//!
//! **One residence's bad event stops only that residence** ([`isolation`]): a batch that fails
//! is applied again event by event, the residence whose event fails is set aside for that model
//! (recorded in `projection_failures`, visible in [`Projector::health`]) and everyone else goes
//! on.
//!
//! **A rebuild changes nothing until it has succeeded** ([`rebuild`]): it replays the journal
//! into fresh tables and swaps them in at the end, under the lock.
//!
//! Several API servers may run a projector on one database: each batch first locks the
//! projector's lock row, so batches are applied by one projector at a time.

mod isolation;
mod rebuild;

pub use isolation::{Failure, Quarantine};

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use async_trait::async_trait;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreEvent};
use sqlx::{AnyConnection, Row};
use tokio::sync::watch;

use crate::db::Database;
use crate::journal::{Journal, StoredEvent};

/// The row every batch locks first. It also held the one checkpoint all read models shared
/// before each model had its own: the models of that time, at the version they had then, start
/// from that position when they have no checkpoint of their own yet.
pub const LOCK_ROW: &str = "read_models";
/// The models kept up to date under the shared checkpoint, and their version then.
const UNDER_SHARED_CHECKPOINT: [&str; 4] = ["exercices", "proprietes", "occupancy", "revenus"];
const SHARED_CHECKPOINT_VERSION: i64 = 1;
const BATCH: i64 = 500;

use isolation::Mode;

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

/// One journal event as the read models see it: the stored row and, for a residence's ledger
/// stream, the residence id and the decoded event.
#[derive(Debug, Clone)]
pub struct ProjectedEvent {
    pub stored: StoredEvent,
    residence: Option<(i64, GrandLivreEvent)>,
}

impl ProjectedEvent {
    /// Decodes `stored` once for every model.
    pub fn decode(stored: StoredEvent) -> Result<Self, ProjectionError> {
        if stored.aggregate_type != <GrandLivre as cqrs_es::Aggregate>::TYPE {
            return Ok(ProjectedEvent {
                stored,
                residence: None,
            });
        }
        let residence_id: i64 = stored
            .aggregate_id
            .parse()
            .map_err(|e| ProjectionError::decode(&stored, e))?;
        let event = serde_json::from_str(&stored.payload)
            .map_err(|e| ProjectionError::decode(&stored, e))?;
        Ok(ProjectedEvent {
            stored,
            residence: Some((residence_id, event)),
        })
    }

    /// The residence and its event, for an event of a residence's ledger stream.
    pub fn residence(&self) -> Option<(i64, &GrandLivreEvent)> {
        self.residence.as_ref().map(|(id, event)| (*id, event))
    }

    pub fn recorded_at(&self) -> &str {
        &self.stored.recorded_at
    }

    pub fn position(&self) -> i64 {
        self.stored.position
    }
}

/// A read model: the answer to one question, kept up to date from the journal.
#[async_trait]
pub trait ReadModel: Send + Sync {
    /// The model's stable name: the key of its checkpoint. Never reuse a name.
    fn name(&self) -> &'static str;
    /// Raise it when the model's tables or the way it reads events change: the next start
    /// rebuilds this model (and only it) from the start of the journal.
    fn version(&self) -> i64;
    /// The statements creating the model's tables and indexes, written once for both stores
    /// (`BIGINT`, `TEXT`; `IF NOT EXISTS`), separated by `;`.
    fn schema(&self) -> &'static str;
    /// The tables this model owns: dropped when it is rebuilt.
    fn tables(&self) -> &'static [&'static str];
    /// Applies one event inside the projector's transaction.
    async fn apply(
        &self,
        conn: &mut AnyConnection,
        event: &ProjectedEvent,
    ) -> Result<(), ProjectionError>;

    /// Applies a batch of events, in order, inside the projector's transaction. A model whose
    /// events come in runs (a day of collections) overrides it to write a run in a few
    /// statements instead of some per event: on PostgreSQL every statement is a round trip,
    /// and a command's answer waits for its projection.
    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            self.apply(conn, event).await?;
        }
        Ok(())
    }
}

/// Creates a model's tables unless they exist.
pub async fn create_schema(
    conn: &mut AnyConnection,
    model: &dyn ReadModel,
) -> Result<(), sqlx::Error> {
    for statement in model
        .schema()
        .split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        sqlx::query(statement).execute(&mut *conn).await?;
    }
    Ok(())
}

/// Drops a model's tables and creates them again, empty.
async fn recreate_schema(
    conn: &mut AnyConnection,
    model: &dyn ReadModel,
) -> Result<(), sqlx::Error> {
    for table in model.tables() {
        sqlx::query(&format!("DROP TABLE IF EXISTS {table}"))
            .execute(&mut *conn)
            .await?;
    }
    create_schema(conn, model).await
}

/// Applies the journal to the read models.
#[derive(Clone)]
pub struct Projector {
    db: Database,
    journal: Journal,
    models: Arc<Vec<Box<dyn ReadModel>>>,
    projected: watch::Sender<i64>,
    /// Whether every model's checkpoint was checked against its version (once per projector).
    prepared: Arc<AtomicBool>,
    /// The residences set aside, as last read from the database.
    quarantine: Arc<RwLock<Quarantine>>,
}

/// What [`Projector::health`] reports.
#[derive(Debug, Clone)]
pub struct Health {
    /// The journal position every model has reached.
    pub position: i64,
    /// The residences a model could not apply, with the first failure of each model.
    pub failures: Vec<Failure>,
}

/// Creates the lock row unless it exists.
async fn create_lock_row(db: &Database) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO projector_checkpoints (projector, position, version) VALUES ($1, 0, 0) \
         ON CONFLICT (projector) DO NOTHING",
    )
    .bind(LOCK_ROW)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// What the lock row holds.
struct Locked {
    /// The position of the checkpoint all models shared before each had its own.
    shared_position: i64,
    /// The generation of `projection_failures` (see [`isolation`]).
    failures_generation: i64,
}

/// Locks the projector for this transaction (two projectors never apply the same batch).
async fn lock(conn: &mut AnyConnection) -> Result<Locked, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE projector_checkpoints SET position = position WHERE projector = $1 \
         RETURNING position, version",
    )
    .bind(LOCK_ROW)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Locked {
        shared_position: row.try_get("position")?,
        failures_generation: row.try_get("version")?,
    })
}

/// Every checkpoint row: name → (position, version).
async fn checkpoints(
    conn: &mut AnyConnection,
) -> Result<BTreeMap<String, (i64, i64)>, sqlx::Error> {
    let rows = sqlx::query("SELECT projector, position, version FROM projector_checkpoints")
        .fetch_all(&mut *conn)
        .await?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get("projector")?,
                (row.try_get("position")?, row.try_get("version")?),
            ))
        })
        .collect()
}

async fn save_checkpoint(
    conn: &mut AnyConnection,
    model: &dyn ReadModel,
    position: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO projector_checkpoints (projector, position, version) VALUES ($1, $2, $3) \
         ON CONFLICT (projector) DO UPDATE SET position = excluded.position, \
         version = excluded.version",
    )
    .bind(model.name())
    .bind(position)
    .bind(model.version())
    .execute(&mut *conn)
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
            prepared: Arc::new(AtomicBool::new(false)),
            // Generation -1: loaded at the first batch.
            quarantine: Arc::new(RwLock::new(Quarantine::unread())),
        }
    }

    /// Whether some model set this residence aside: its read answers would be incomplete.
    ///
    /// Asked by every authenticated request: reads under the lock, copies nothing.
    pub fn is_set_aside(&self, residence_id: i64) -> bool {
        match self.quarantine.read() {
            Ok(quarantine) => quarantine.contains(residence_id),
            Err(poisoned) => poisoned.into_inner().contains(residence_id),
        }
    }

    /// The position reached and the residences set aside.
    pub fn health(&self) -> Health {
        Health {
            position: *self.projected.borrow(),
            failures: self.quarantine_now().failures().cloned().collect(),
        }
    }

    fn quarantine_now(&self) -> Quarantine {
        match self.quarantine.read() {
            Ok(quarantine) => quarantine.clone(),
            Err(poisoned) => poisoned.into_inner().clone(),
        }
    }

    fn set_quarantine(&self, quarantine: Quarantine) {
        match self.quarantine.write() {
            Ok(mut current) => *current = quarantine,
            Err(poisoned) => *poisoned.into_inner() = quarantine,
        }
    }

    /// The failures as of `generation`, read again only when they changed.
    async fn quarantine_at(
        &self,
        conn: &mut AnyConnection,
        generation: i64,
    ) -> Result<Quarantine, sqlx::Error> {
        let current = self.quarantine_now();
        if current.generation == generation {
            return Ok(current);
        }
        let loaded = Quarantine::load(conn, generation).await?;
        self.set_quarantine(loaded.clone());
        Ok(loaded)
    }

    /// Projects every event committed so far; returns the position every model reached.
    pub async fn catch_up(&self) -> Result<i64, ProjectionError> {
        loop {
            let (position, applied) = self.project_batch().await?;
            self.projected.send_replace(position);
            if applied < BATCH {
                return Ok(position);
            }
        }
    }

    /// Gives each model a checkpoint at its version: a model new to this database, or whose
    /// version changed, is emptied and starts from the journal's start.
    async fn prepare(&self) -> Result<(), ProjectionError> {
        create_lock_row(&self.db).await?;
        let mut tx = self.db.pool.begin().await?;
        let shared = lock(&mut tx).await?.shared_position;
        let known = checkpoints(&mut tx).await?;
        for model in self.models.iter() {
            let model = model.as_ref();
            match known.get(model.name()) {
                Some((_, version)) if *version == model.version() => {
                    create_schema(&mut tx, model).await?;
                }
                None if shared > 0
                    && model.version() == SHARED_CHECKPOINT_VERSION
                    && UNDER_SHARED_CHECKPOINT.contains(&model.name()) =>
                {
                    // Kept up to date under the shared checkpoint until now.
                    create_schema(&mut tx, model).await?;
                    save_checkpoint(&mut tx, model, shared).await?;
                }
                found => {
                    tracing::info!(
                        model = model.name(),
                        version = model.version(),
                        previous_version = found.map(|(_, version)| *version),
                        "read model is new or changed: rebuilding it from the journal's start"
                    );
                    recreate_schema(&mut tx, model).await?;
                    save_checkpoint(&mut tx, model, 0).await?;
                    isolation::forget_model(&mut tx, model.name()).await?;
                }
            }
        }
        tx.commit().await?;
        self.prepared.store(true, Ordering::Release);
        Ok(())
    }

    async fn project_batch(&self) -> Result<(i64, i64), ProjectionError> {
        if !self.prepared.load(Ordering::Acquire) {
            self.prepare().await?;
        }
        let mut conn = self.db.pool.acquire().await?;
        match self.try_batch(&mut conn, Mode::Fast).await {
            Ok(projected) => Ok(projected),
            Err(error) => {
                tracing::warn!(
                    error = %error,
                    "a batch failed: applying it again event by event to set aside the residence \
                     at fault"
                );
                self.try_batch(&mut conn, Mode::Isolating).await
            }
        }
    }

    /// Applies the next batch after the slowest model's checkpoint, in one transaction: each
    /// model from its own checkpoint, without the residences it set aside.
    async fn try_batch(
        &self,
        conn: &mut AnyConnection,
        mode: Mode,
    ) -> Result<(i64, i64), ProjectionError> {
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
        let locked = lock(&mut tx).await?;
        let mut quarantine = self
            .quarantine_at(&mut tx, locked.failures_generation)
            .await?;
        let known = checkpoints(&mut tx).await?;
        let position_of =
            |model: &dyn ReadModel| known.get(model.name()).map_or(0, |(position, _)| *position);
        let slowest = self
            .models
            .iter()
            .map(|model| position_of(model.as_ref()))
            .min()
            .unwrap_or(0);
        let stored = self.journal.read_all_in(&mut tx, slowest, BATCH).await?;
        let Some(last) = stored.last().map(|event| event.position) else {
            tx.commit().await?;
            return Ok((slowest, 0));
        };
        let applied = i64::try_from(stored.len()).unwrap_or(BATCH);
        let failures = isolation::apply_events(
            &mut tx,
            &self.models,
            position_of,
            stored,
            &mut quarantine,
            mode,
        )
        .await?;
        for model in self.models.iter() {
            if position_of(model.as_ref()) < last {
                save_checkpoint(&mut tx, model.as_ref(), last).await?;
            }
        }
        if !failures.is_empty() {
            quarantine.generation = isolation::record(&mut tx, &failures).await?;
        }
        tx.commit().await?;
        if !failures.is_empty() {
            self.set_quarantine(quarantine);
        }
        Ok((last, applied))
    }

    /// Replays the whole journal into fresh tables and swaps them in (see [`rebuild`]): a
    /// rebuild that fails leaves the read models as they were. Residences set aside before are
    /// applied again (after a fix, this is how they come back).
    pub async fn rebuild(&self) -> Result<i64, ProjectionError> {
        create_lock_row(&self.db).await?;
        let rebuilt = rebuild::rebuild(&self.db, &self.journal, &self.models).await?;
        self.set_quarantine(rebuilt.quarantine);
        self.prepared.store(true, Ordering::Release);
        self.projected.send_replace(rebuilt.position);
        Ok(rebuilt.position)
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
