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
//! **A model far behind catches up on the side** ([`replay`]): at its first batch a projector
//! finds the models more than [`CATCH_UP_LAG`] events ([`Projector::with_catch_up_lag`]) behind
//! the journal's head (a model new or changed in this release) and replays them apart from the
//! live batches, in large set-based batches, side by side, each from its own checkpoint. The live batches keep every
//! other model current meanwhile; [`Projector::catching_up`] tells the server which models are
//! not current yet (their requests answer 503 until they are) and how far they are. A model
//! that reaches the head joins the live batches.
//!
//! Several API servers may run a projector on one database: each live batch first locks the
//! projector's lock row, then its models' checkpoint rows (a catch-up lane locks only its own
//! models' rows), so no event is applied twice.

mod isolation;
mod rebuild;
mod replay;

pub use isolation::{Failure, Quarantine};

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreEvent};
use sqlx::{AnyConnection, Row};
use tokio::sync::{watch, Notify};

use crate::db::{Database, Dialect};
use crate::journal::{Journal, ProjectionRow};

/// The row every batch locks first. It also held the one checkpoint all read models shared
/// before each model had its own: the models of that time, at the version they had then, start
/// from that position when they have no checkpoint of their own yet.
pub const LOCK_ROW: &str = "read_models";
/// The models kept up to date under the shared checkpoint, and their version then.
const UNDER_SHARED_CHECKPOINT: [&str; 4] = ["exercices", "proprietes", "occupancy", "revenus"];
const SHARED_CHECKPOINT_VERSION: i64 = 1;
/// Events per live batch.
const BATCH: i64 = 500;
/// A model further behind the journal's head than this at start catches up on the side
/// ([`replay`]) instead of holding back the live batches.
pub const CATCH_UP_LAG: i64 = 10_000;
/// How often a catch-up on the side logs its progress.
const PROGRESS_LOG_EVERY: Duration = Duration::from_secs(5);

use isolation::{Decoded, Mode};
use replay::{Checkpoints, Lane};

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
    /// A batch holds an event that does not decode (applied again event by event, which sets
    /// its residence aside).
    #[error("a batch holds an event that cannot be decoded: {0}")]
    Undecodable(String),
    /// A replay's reader task stopped (a panic).
    #[error("the journal reader stopped: {0}")]
    Stopped(String),
}

impl ProjectionError {
    pub fn decode(event: &ProjectionRow, reason: impl ToString) -> Self {
        ProjectionError::Decode {
            aggregate_type: event.aggregate_type.clone(),
            aggregate_id: event.aggregate_id.clone(),
            sequence: event.sequence,
            reason: reason.to_string(),
        }
    }
}

/// One journal event as the read models see it: the row read and, for a residence's ledger
/// stream, the residence id and the decoded event.
#[derive(Debug, Clone)]
pub struct ProjectedEvent {
    pub stored: ProjectionRow,
    residence: Option<(i64, GrandLivreEvent)>,
}

impl ProjectedEvent {
    /// Decodes `stored` once for every model.
    pub fn decode(stored: ProjectionRow) -> Result<Self, ProjectionError> {
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
    /// Tables an earlier version of this model owned and this one no longer has: dropped with
    /// its tables when it is rebuilt, so an upgrade leaves none behind.
    fn retired_tables(&self) -> &'static [&'static str] {
        &[]
    }
    /// What replaying the journal costs this model, relative to the others (1 for the lightest),
    /// by which a SQLite rebuild balances its writers (PostgreSQL gives each model a lane). Set
    /// from the bench's lane times (docs/performance.md): on PostgreSQL first, where each model
    /// has a lane, then adjusted until the SQLite lanes finish together (the books 5 since
    /// their lines are in their entries' rows).
    fn replay_weight(&self) -> u32 {
        1
    }
    /// Indexes (by name) that applying events does not need, only the model's queries (or a
    /// rare event, whose rows a rebuild then finds within one residence's by the key's prefix):
    /// a rebuild creates them once its fresh tables are loaded, from the rows sorted at once,
    /// instead of inserting into them row by row.
    fn indexes_after_replay(&self) -> &'static [&'static str] {
        &[]
    }
    /// Applies a batch of events, in order, inside the projector's transaction (one event when
    /// a batch is applied again event by event to set a residence aside). Write the rows the
    /// batch creates together at its end (`crate::rows::NewRows`): on PostgreSQL every
    /// statement is a round trip, a command's answer waits for its projection, and a replay
    /// hands a model tens of thousands of events at a time.
    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError>;
}

/// Creates a model's tables unless they exist.
pub async fn create_schema(
    conn: &mut AnyConnection,
    model: &dyn ReadModel,
) -> Result<(), sqlx::Error> {
    create_schema_but(conn, model, &[]).await
}

/// Creates a model's tables unless they exist, and its indexes but those named in `later`.
async fn create_schema_but(
    conn: &mut AnyConnection,
    model: &dyn ReadModel,
    later: &[&str],
) -> Result<(), sqlx::Error> {
    for statement in schema_statements(model) {
        if index_name(&statement).is_some_and(|name| later.contains(&name)) {
            continue;
        }
        sqlx::query(&statement).execute(&mut *conn).await?;
    }
    Ok(())
}

/// A model's schema, a statement each.
fn schema_statements(model: &dyn ReadModel) -> Vec<String> {
    crate::tables::instructions(model.schema())
}

/// The name of the index a `CREATE [UNIQUE] INDEX [IF NOT EXISTS] name ON …` creates.
fn index_name(statement: &str) -> Option<&str> {
    let mut words = statement.split_whitespace();
    if words.next()? != "CREATE" {
        return None;
    }
    let mut word = words.next()?;
    if word == "UNIQUE" {
        word = words.next()?;
    }
    if word != "INDEX" {
        return None;
    }
    match words.next()? {
        "IF" => words.nth(2),
        name => Some(name),
    }
}

/// The statements creating the indexes of a model that its replay never reads
/// ([`ReadModel::indexes_after_replay`]).
fn indexes_after_replay(model: &dyn ReadModel) -> Vec<String> {
    schema_statements(model)
        .into_iter()
        .filter(|statement| {
            index_name(statement).is_some_and(|name| model.indexes_after_replay().contains(&name))
        })
        .collect()
}

/// Drops a model's tables (and those it retired) and creates them again, empty.
async fn recreate_schema(
    conn: &mut AnyConnection,
    model: &dyn ReadModel,
) -> Result<(), sqlx::Error> {
    for table in model.tables().iter().chain(model.retired_tables()) {
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
    /// The position the live models reached.
    projected: watch::Sender<i64>,
    /// Whether every model's checkpoint was checked against its version (once per projector).
    prepared: Arc<AtomicBool>,
    /// The residences set aside, as last read from the database.
    quarantine: Arc<RwLock<Quarantine>>,
    /// The models catching up on the side, by name; the live batches leave them alone.
    catching_up: Arc<RwLock<BTreeMap<&'static str, CatchUp>>>,
    catch_up_lag: i64,
    /// Events per batch of a catch-up on the side (`None`: [`replay`]'s choice per store).
    replay_batch: Option<i64>,
    /// Wakes the live loop (a model joined it).
    wake: Arc<Notify>,
}

/// How far a model catching up on the side is.
#[derive(Debug, Clone)]
pub struct CatchUp {
    pub model: &'static str,
    /// The position it started from.
    pub from: i64,
    /// The position it has applied.
    pub position: i64,
    /// The journal's head when it started.
    pub head: i64,
    /// A newer release wrote this model (its stored version is above this server's): this
    /// server neither projects nor replays it, and its routes wait until the server is
    /// replaced by the new release.
    pub newer_release: bool,
    started: Instant,
}

impl CatchUp {
    /// Events applied per second since it started (0 before its first batch).
    pub fn rate(&self) -> i64 {
        let elapsed_ms = i64::try_from(self.started.elapsed().as_millis()).unwrap_or(i64::MAX);
        if elapsed_ms == 0 {
            return 0;
        }
        (self.position - self.from).saturating_mul(1000) / elapsed_ms
    }

    /// Seconds until it reaches the head it started with, at its rate so far, rounded up
    /// (`None` before its first batch).
    pub fn seconds_left(&self) -> Option<i64> {
        let rate = self.rate();
        let left = (self.head - self.position).max(0);
        (rate > 0).then(|| (left + rate - 1) / rate)
    }
}

/// What [`Projector::health`] reports.
#[derive(Debug, Clone)]
pub struct Health {
    /// The journal position every live model has reached.
    pub position: i64,
    /// The residences a model could not apply, with the first failure of each model.
    pub failures: Vec<Failure>,
    /// The models catching up on the side.
    pub catching_up: Vec<CatchUp>,
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

/// The journal position every one of `models` has projected to: the least of their
/// checkpoints (`None` when one has none yet). Each checkpoint is saved in the transaction that
/// writes its model's tables, so tables read after this answer reflect at least the journal up
/// to it: an answer computed from them can be kept under this position (`api::answer_cache`).
pub async fn position_projetee(db: &Database, models: &[&str]) -> Result<Option<i64>, sqlx::Error> {
    if models.is_empty() {
        return Ok(None);
    }
    // A handful of names: `$N` on both stores.
    let names = crate::db::placeholders(true, 1, models.len());
    let sql = format!(
        "SELECT COUNT(*) AS found, MIN(position) AS position FROM projector_checkpoints \
         WHERE projector IN {names}"
    );
    let mut query = sqlx::query(&sql);
    for model in models {
        query = query.bind(*model);
    }
    let row = query.fetch_one(&db.pool).await?;
    let found: i64 = row.try_get("found")?;
    let position: Option<i64> = row.try_get("position")?;
    Ok(position.filter(|_| usize::try_from(found).is_ok_and(|n| n == models.len())))
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

/// Locks the checkpoint rows of `models` for this transaction (in one statement) and answers
/// their positions by name.
async fn lock_checkpoints(
    conn: &mut AnyConnection,
    models: &[&dyn ReadModel],
) -> Result<BTreeMap<String, i64>, sqlx::Error> {
    if models.is_empty() {
        return Ok(BTreeMap::new());
    }
    let names: Vec<String> = (1..=models.len()).map(|n| format!("${n}")).collect();
    let sql = format!(
        "UPDATE projector_checkpoints SET position = position WHERE projector IN ({}) \
         RETURNING projector, position",
        names.join(", ")
    );
    let mut query = sqlx::query(&sql);
    for model in models {
        query = query.bind(model.name());
    }
    let rows = query.fetch_all(&mut *conn).await?;
    rows.iter()
        .map(|row| Ok((row.try_get("projector")?, row.try_get("position")?)))
        .collect()
}

/// Moves the checkpoints of `models` that are behind `position` to it (one statement).
async fn advance_checkpoints(
    conn: &mut AnyConnection,
    models: &[&dyn ReadModel],
    position: i64,
) -> Result<(), sqlx::Error> {
    if models.is_empty() {
        return Ok(());
    }
    let names: Vec<String> = (2..models.len() + 2).map(|n| format!("${n}")).collect();
    let sql = format!(
        "UPDATE projector_checkpoints SET position = $1 \
         WHERE position < $1 AND projector IN ({})",
        names.join(", ")
    );
    let mut query = sqlx::query(&sql).bind(position);
    for model in models {
        query = query.bind(model.name());
    }
    query.execute(&mut *conn).await?;
    Ok(())
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

fn read_lock<T: Clone>(lock: &RwLock<T>) -> T {
    match lock.read() {
        Ok(value) => value.clone(),
        Err(poisoned) => poisoned.into_inner().clone(),
    }
}

fn write_lock<T>(lock: &RwLock<T>, change: impl FnOnce(&mut T)) {
    match lock.write() {
        Ok(mut value) => change(&mut value),
        Err(poisoned) => change(&mut poisoned.into_inner()),
    }
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
            catching_up: Arc::new(RwLock::new(BTreeMap::new())),
            catch_up_lag: CATCH_UP_LAG,
            replay_batch: None,
            wake: Arc::new(Notify::new()),
        }
    }

    /// The lag past which a model catches up on the side (default [`CATCH_UP_LAG`]).
    #[must_use]
    pub fn with_catch_up_lag(mut self, events: i64) -> Self {
        self.catch_up_lag = events.max(0);
        self
    }

    /// Catches up on the side in batches of `events` (tests make several batches of a small
    /// journal).
    #[must_use]
    pub fn with_replay_batch(mut self, events: i64) -> Self {
        self.replay_batch = Some(events.max(1));
        self
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

    /// The models catching up on the side (empty once every model is current).
    pub fn catching_up(&self) -> Vec<CatchUp> {
        read_lock(&self.catching_up).into_values().collect()
    }

    /// Whether any model is catching up on the side.
    pub fn is_any_catching_up(&self) -> bool {
        match self.catching_up.read() {
            Ok(models) => !models.is_empty(),
            Err(poisoned) => !poisoned.into_inner().is_empty(),
        }
    }

    /// The position reached, the residences set aside and the models catching up.
    pub fn health(&self) -> Health {
        Health {
            position: *self.projected.borrow(),
            failures: self.quarantine_now().failures().cloned().collect(),
            catching_up: self.catching_up(),
        }
    }

    fn quarantine_now(&self) -> Quarantine {
        read_lock(&self.quarantine)
    }

    fn set_quarantine(&self, quarantine: Quarantine) {
        write_lock(&self.quarantine, |current| *current = quarantine);
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

    /// Projects every event committed so far into every model, the models far behind
    /// included (replayed first, side by side); returns the position every model reached. For
    /// the command line and tests; a server uses [`Projector::run`].
    pub async fn catch_up(&self) -> Result<i64, ProjectionError> {
        self.ensure_prepared().await?;
        self.replay_far_behind().await?;
        self.catch_up_live().await
    }

    /// Projects every event committed so far into the models that are current or nearly so,
    /// leaving the models far behind to [`Projector::run`]: what a server does before it
    /// listens.
    pub async fn catch_up_current(&self) -> Result<i64, ProjectionError> {
        self.ensure_prepared().await?;
        self.catch_up_live().await
    }

    /// Live batches until the live models reach the journal's head.
    async fn catch_up_live(&self) -> Result<i64, ProjectionError> {
        loop {
            let (position, applied) = self.project_batch().await?;
            self.projected.send_replace(position);
            if applied < BATCH {
                return Ok(position);
            }
        }
    }

    async fn ensure_prepared(&self) -> Result<(), ProjectionError> {
        if !self.prepared.load(Ordering::Acquire) {
            self.prepare().await?;
        }
        Ok(())
    }

    /// Gives each model a checkpoint at its version: a model new to this database, or whose
    /// version changed, is emptied and starts from the journal's start. Then sets aside, to
    /// catch up on the side, the models further than the lag behind the journal's head.
    async fn prepare(&self) -> Result<(), ProjectionError> {
        create_lock_row(&self.db).await?;
        let mut tx = self.db.pool.begin().await?;
        let shared = lock(&mut tx).await?.shared_position;
        let known = checkpoints(&mut tx).await?;
        let mut positions = BTreeMap::new();
        let mut newer = Vec::new();
        for model in self.models.iter() {
            let model = model.as_ref();
            let position = match known.get(model.name()) {
                Some((position, version)) if *version == model.version() => {
                    create_schema(&mut tx, model).await?;
                    *position
                }
                None if shared > 0
                    && model.version() == SHARED_CHECKPOINT_VERSION
                    && UNDER_SHARED_CHECKPOINT.contains(&model.name()) =>
                {
                    // Kept up to date under the shared checkpoint until now.
                    create_schema(&mut tx, model).await?;
                    save_checkpoint(&mut tx, model, shared).await?;
                    shared
                }
                Some((position, version)) if *version > model.version() => {
                    tracing::error!(
                        model = model.name(),
                        version = model.version(),
                        stored_version = *version,
                        "a newer release wrote this read model: this server leaves its tables \
                         alone and its requests wait; stop the servers of the old release"
                    );
                    newer.push(model.name());
                    *position
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
                    0
                }
            };
            positions.insert(model.name(), position);
        }
        let head = self.journal.head_position_in(&mut tx).await?;
        tx.commit().await?;
        let far_behind: BTreeMap<&'static str, CatchUp> = positions
            .into_iter()
            .filter(|(model, position)| {
                newer.contains(model) || head - position > self.catch_up_lag
            })
            .map(|(model, position)| {
                let newer_release = newer.contains(&model);
                if !newer_release {
                    tracing::info!(
                        model,
                        position,
                        head,
                        "read model is far behind the journal: it catches up on the side and \
                         its requests wait until it is current"
                    );
                }
                (
                    model,
                    CatchUp {
                        model,
                        from: position,
                        position,
                        head,
                        newer_release,
                        started: Instant::now(),
                    },
                )
            })
            .collect();
        write_lock(&self.catching_up, |models| *models = far_behind);
        self.prepared.store(true, Ordering::Release);
        Ok(())
    }

    /// Replays the models catching up on the side until they are near the journal's head,
    /// then hands them to the live batches.
    async fn replay_far_behind(&self) -> Result<(), ProjectionError> {
        let catching_up: Vec<CatchUp> = self
            .catching_up()
            .into_iter()
            .filter(|catch_up| !catch_up.newer_release)
            .collect();
        if catching_up.is_empty() {
            return Ok(());
        }
        let models: Vec<&dyn ReadModel> = self
            .models
            .iter()
            .map(AsRef::as_ref)
            .filter(|model| catching_up.iter().any(|c| c.model == model.name()))
            .collect();
        let mut lanes = Vec::new();
        for group in lane_groups(self.db.dialect, models) {
            let from = catching_up
                .iter()
                .filter(|c| group.iter().any(|m| m.name() == c.model))
                .map(|c| c.position)
                .min()
                .unwrap_or(0);
            let mut conn = self.db.dedicated_connection().await?;
            replay::without_waiting_for_the_disk(&mut conn).await?;
            lanes.push(Lane::new(
                group,
                conn,
                from,
                Checkpoints::Kept,
                self.quarantine_now(),
            ));
        }
        let reader = self.db.dedicated_connection().await?;
        let started = Instant::now();
        // The operator follows a long catch-up in the log too: a line per model every few seconds.
        let last_logged = std::sync::Mutex::new(Instant::now());
        let progress = |names: &[&'static str], position: i64| {
            write_lock(&self.catching_up, |models| {
                for name in names {
                    if let Some(catch_up) = models.get_mut(name) {
                        catch_up.position = position;
                    }
                }
            });
            let due = match last_logged.lock() {
                Ok(mut last) if last.elapsed() >= PROGRESS_LOG_EVERY => {
                    *last = Instant::now();
                    true
                }
                _ => false,
            };
            if due {
                for catch_up in self.catching_up() {
                    tracing::info!(
                        model = catch_up.model,
                        position = catch_up.position,
                        head = catch_up.head,
                        events_per_second = catch_up.rate(),
                        seconds_left = catch_up.seconds_left(),
                        "read model catching up"
                    );
                }
            }
        };
        let batch = self.replay_batch.unwrap_or(match self.db.dialect {
            Dialect::Postgres => replay::replay_batch(Dialect::Postgres),
            Dialect::Sqlite => replay::REPLAY_BATCH_SHARED_WRITER,
        });
        // A lane at the head joins the live batches at once, whatever the others still do.
        let done = |names: &[&'static str]| {
            write_lock(&self.catching_up, |models| {
                for name in names {
                    models.remove(name);
                }
            });
            tracing::info!(models = ?names, "read models caught up: they join the live batches");
            self.wake.notify_one();
        };
        let reached =
            replay::replay(&self.journal, reader, &mut lanes, batch, &progress, &done).await;
        let mut failures = Vec::new();
        for lane in lanes {
            failures.extend(lane.failures);
            sqlx::Connection::close(lane.conn).await.ok();
        }
        if !failures.is_empty() {
            // Recorded with their batches; the live batches read them at the new generation.
            let mut quarantine = self.quarantine_now();
            for failure in failures {
                quarantine.add(failure);
            }
            self.set_quarantine(quarantine);
        }
        let reached = reached?;
        tracing::info!(
            models = ?catching_up.iter().map(|c| c.model).collect::<Vec<_>>(),
            position = reached,
            seconds = started.elapsed().as_secs_f64(),
            "catch-up on the side finished"
        );
        write_lock(&self.catching_up, |models| {
            models.retain(|_, catch_up| catch_up.newer_release);
        });
        self.wake.notify_one();
        Ok(())
    }

    async fn project_batch(&self) -> Result<(i64, i64), ProjectionError> {
        self.ensure_prepared().await?;
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

    /// The models the live batches apply: every model but those catching up on the side.
    fn live_models(&self) -> Vec<&dyn ReadModel> {
        let catching_up = read_lock(&self.catching_up);
        self.models
            .iter()
            .map(AsRef::as_ref)
            .filter(|model| !catching_up.contains_key(model.name()))
            .collect()
    }

    /// Applies the next batch after the slowest live model's checkpoint, in one transaction:
    /// each model from its own checkpoint, without the residences it set aside.
    async fn try_batch(
        &self,
        conn: &mut AnyConnection,
        mode: Mode,
    ) -> Result<(i64, i64), ProjectionError> {
        let models = self.live_models();
        let mut tx = sqlx::Connection::begin(&mut *conn).await?;
        let locked = lock(&mut tx).await?;
        if models.is_empty() {
            // Every model is catching up on the side: nothing live to wait for.
            let head = self.journal.head_position_in(&mut tx).await?;
            tx.commit().await?;
            return Ok((head, 0));
        }
        let mut quarantine = self
            .quarantine_at(&mut tx, locked.failures_generation)
            .await?;
        let positions = lock_checkpoints(&mut tx, &models).await?;
        let position_of = |model: &dyn ReadModel| positions.get(model.name()).copied().unwrap_or(0);
        let slowest = models
            .iter()
            .map(|model| position_of(*model))
            .min()
            .unwrap_or(0);
        let stored = self
            .journal
            .read_for_projection_in(&mut tx, slowest, BATCH)
            .await?;
        let Some(last) = stored.last().map(|event| event.position) else {
            tx.commit().await?;
            return Ok((slowest, 0));
        };
        let applied = i64::try_from(stored.len()).unwrap_or(BATCH);
        let batch = Decoded::decode(stored)?;
        let failures =
            isolation::apply_decoded(&mut tx, &models, position_of, &batch, &mut quarantine, mode)
                .await?;
        advance_checkpoints(&mut tx, &models, last).await?;
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
        write_lock(&self.catching_up, BTreeMap::clear);
        self.prepared.store(true, Ordering::Release);
        self.projected.send_replace(rebuilt.position);
        Ok(rebuilt.position)
    }

    /// Waits until the live read models include global position `position` (read-your-writes
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

    /// Runs forever: prepares the models (those far behind start catching up on the side),
    /// catches up at start (repairing any crash gap), then after each local commit and at least
    /// every second (commits of other servers on the same database).
    pub async fn run(self, mut commits: watch::Receiver<i64>) {
        let mut failures: u32 = 0;
        let mut side = None;
        loop {
            match self.ensure_prepared().await {
                Ok(()) if side.is_none() && self.is_any_catching_up() => {
                    side = Some(tokio::spawn(self.clone().keep_replaying_far_behind()));
                }
                Ok(()) => {}
                Err(error) => {
                    tracing::error!(error = %error, "projector preparation failed");
                }
            }
            match self.catch_up_live().await {
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
                () = self.wake.notified() => {}
                () = tokio::time::sleep(pause) => {}
            }
        }
    }

    /// Replays the models far behind until they joined the live batches, retrying after a
    /// failure (each model resumes from its checkpoint).
    async fn keep_replaying_far_behind(self) {
        let mut failures: u32 = 0;
        while let Err(error) = self.replay_far_behind().await {
            failures = failures.saturating_add(1);
            tracing::error!(error = %error, failures, "catching up a read model failed; retrying");
            tokio::time::sleep(Duration::from_secs(u64::from(failures.min(30)))).await;
        }
    }
}

/// The models of each replay lane: one lane per model on PostgreSQL, one lane for every model
/// on SQLite (one writer at a time: see [`replay`]).
fn lane_groups(dialect: Dialect, models: Vec<&dyn ReadModel>) -> Vec<Vec<&dyn ReadModel>> {
    match dialect {
        Dialect::Postgres => models.into_iter().map(|model| vec![model]).collect(),
        Dialect::Sqlite => vec![models],
    }
}
