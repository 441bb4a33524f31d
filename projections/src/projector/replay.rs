//! Replaying the journal into read models far behind it: a whole rebuild, or a model new or
//! changed in a release catching up from the start of the journal.
//!
//! The journal is read once, in batches of [`replay_batch`] events, by a reader task of its own
//! that decodes each batch once ([`Decoded`]) while the models apply the previous one. The
//! models are split into [`Lane`]s, each with a connection of its own and a transaction per
//! batch; the lanes apply the same decoded batch side by side. Each model writes a batch with a
//! few set-based statements (see [`crate::rows`]).
//!
//! On PostgreSQL each model has a lane (the server applies them in parallel); on SQLite one lane
//! holds every model, because a SQLite database has one writer at a time: lanes would only wait
//! for each other (docs/performance.md).
//!
//! A lane on the live tables ([`Checkpoints::Kept`]) locks its models' checkpoint rows, applies
//! each model from its checkpoint as read under that lock, and saves the checkpoints in the
//! batch's transaction, so a catch-up that stops (a crash, a failure) resumes from each model's
//! checkpoint, and two servers catching up the same model never apply an event twice.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use sqlx::{AnyConnection, Connection, Row};
use tokio::sync::mpsc;

use super::isolation::{self, Decoded, Failure, Mode, Quarantine};
use super::{lock, ProjectionError, ReadModel};
use crate::bulk::{self, SharedSink};
use crate::db::Dialect;
use crate::journal::Journal;

/// Events per replay batch into tables nobody else writes meanwhile (a rebuild's fresh tables;
/// a model catching up on PostgreSQL, whose lane locks only its own rows). On PostgreSQL large,
/// so that each statement carries tens of thousands of rows in one round trip; on SQLite (no
/// round trips) smaller, so that reading the next batch overlaps writing this one sooner
/// (measured: docs/performance.md).
pub(super) fn replay_batch(dialect: Dialect) -> i64 {
    match dialect {
        Dialect::Postgres => 20_000,
        Dialect::Sqlite => 5_000,
    }
}
/// Events per batch of a model catching up on the live SQLite database: each batch's
/// transaction holds the database's one write lock, which commands wait for.
pub(super) const REPLAY_BATCH_SHARED_WRITER: i64 = 2_000;
/// Decoded batches waiting for the lanes: the reader runs at most this far ahead.
const READ_AHEAD: usize = 2;

/// Whether a lane's models keep checkpoints in its transactions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Checkpoints {
    /// The live tables: each batch locks, reads and saves its models' checkpoints.
    Kept,
    /// A rebuild's fresh tables: the checkpoints are written at the swap.
    AtSwap,
}

/// Models replayed on one connection, one transaction per batch.
pub(super) struct Lane<'m> {
    pub models: Vec<&'m dyn ReadModel>,
    pub conn: AnyConnection,
    /// Where each model of [`Lane::models`] is (the last position it applied).
    pub positions: Vec<i64>,
    pub checkpoints: Checkpoints,
    /// The residences set aside; a lane adds the residences its models cannot apply.
    pub quarantine: Quarantine,
    /// The failures found by this lane (recorded with each batch when checkpoints are kept).
    pub failures: Vec<Failure>,
    /// A rebuild's `COPY` connection on PostgreSQL ([`crate::bulk`]): its transaction follows
    /// the lane's, batch by batch.
    pub bulk: Option<SharedSink>,
    /// Statements run on the lane's connection once it has applied the journal's last batch
    /// (a rebuild's indexes built after the load).
    pub at_the_head: Vec<String>,
}

impl<'m> Lane<'m> {
    pub fn new(
        models: Vec<&'m dyn ReadModel>,
        conn: AnyConnection,
        from: i64,
        checkpoints: Checkpoints,
        quarantine: Quarantine,
    ) -> Self {
        let positions = vec![from; models.len()];
        Lane {
            models,
            conn,
            positions,
            checkpoints,
            quarantine,
            failures: Vec::new(),
            bulk: None,
            at_the_head: Vec::new(),
        }
    }

    /// Runs `statements` once the lane has applied the journal's last batch.
    #[must_use]
    pub fn finishing_with(mut self, statements: Vec<String>) -> Self {
        self.at_the_head = statements;
        self
    }

    /// Loads the large inserts of the fast attempts through `sink` (a rebuild's fresh tables
    /// only: see [`crate::bulk`] for why not the live ones).
    #[must_use]
    pub fn loading_through(mut self, sink: SharedSink) -> Self {
        debug_assert_eq!(self.checkpoints, Checkpoints::AtSwap);
        self.bulk = Some(sink);
        self
    }

    /// Closes the `COPY` connection, if one was opened.
    pub async fn close_bulk(&mut self) -> Result<(), sqlx::Error> {
        if let Some(sink) = self.bulk.take() {
            sink.lock().await.close().await?;
        }
        Ok(())
    }

    /// The position every model of the lane has reached.
    pub fn position(&self) -> i64 {
        self.positions.iter().copied().min().unwrap_or(0)
    }

    pub fn names(&self) -> Vec<&'static str> {
        self.models.iter().map(|model| model.name()).collect()
    }

    /// Applies one decoded batch in a transaction: set-based first; if that fails, rolled back
    /// and applied again event by event, setting aside the residences at fault.
    async fn apply(&mut self, batch: &Decoded) -> Result<(), ProjectionError> {
        for mode in [Mode::Fast, Mode::Isolating] {
            let mut tx = self.conn.begin().await?;
            if self.checkpoints == Checkpoints::Kept {
                if mode == Mode::Isolating {
                    // Recording a failure raises the generation in the lock row: taken first,
                    // as every live batch does, so that the two never wait for each other.
                    lock(&mut tx).await?;
                }
                for (model, position) in self.models.iter().zip(self.positions.iter_mut()) {
                    *position = lock_checkpoint(&mut tx, *model).await?;
                }
            }
            let positions = &self.positions;
            let models = &self.models;
            let from = |model: &dyn ReadModel| {
                models
                    .iter()
                    .position(|m| m.name() == model.name())
                    .map_or(0, |index| positions[index])
            };
            let mut attempt = self.quarantine.clone();
            // The fast attempt of a rebuild lane loads its large inserts by `COPY`; applying
            // event by event goes through the lane's connection alone.
            let bulk = self.bulk.as_ref().filter(|_| mode == Mode::Fast);
            let applying =
                isolation::apply_decoded(&mut tx, models, from, batch, &mut attempt, mode);
            let mut applied = match bulk {
                Some(sink) => bulk::loading_into(Arc::clone(sink), applying).await,
                None => applying.await,
            };
            if let (Some(sink), Ok(_)) = (bulk, &applied) {
                // Its transaction first: if it fails, the lane's is rolled back with it.
                if let Err(error) = sink.lock().await.commit().await {
                    applied = Err(error.into());
                }
            }
            if let (Some(sink), Err(_)) = (bulk, &applied) {
                sink.lock().await.rollback().await?;
            }
            match applied {
                Ok(found) => {
                    if self.checkpoints == Checkpoints::Kept {
                        for model in models {
                            if from(*model) < batch.last {
                                super::save_checkpoint(&mut tx, *model, batch.last).await?;
                            }
                        }
                        if !found.is_empty() {
                            attempt.generation = isolation::record(&mut tx, &found).await?;
                        }
                    }
                    tx.commit().await?;
                    self.quarantine = attempt;
                    self.failures.extend(found);
                    for position in &mut self.positions {
                        *position = (*position).max(batch.last);
                    }
                    return Ok(());
                }
                Err(error) if mode == Mode::Isolating => return Err(error),
                Err(_) => tx.rollback().await?,
            }
        }
        Ok(())
    }
}

/// Sets a lane's connection up: its commits do not wait for the disk. A crash may lose the
/// lane's last batches, but only whole (each batch's checkpoint is in its transaction), so the
/// replay resumes from the checkpoint the database kept; commands' own commits still wait.
pub(super) async fn without_waiting_for_the_disk(
    conn: &mut AnyConnection,
) -> Result<(), sqlx::Error> {
    let statement = if conn.backend_name() == "SQLite" {
        "PRAGMA synchronous=NORMAL"
    } else {
        "SET synchronous_commit = off"
    };
    sqlx::query(statement).execute(&mut *conn).await?;
    Ok(())
}

/// Locks a model's checkpoint row for this transaction and answers its position.
async fn lock_checkpoint(
    conn: &mut AnyConnection,
    model: &dyn ReadModel,
) -> Result<i64, sqlx::Error> {
    let row = sqlx::query(
        "UPDATE projector_checkpoints SET position = position WHERE projector = $1 \
         RETURNING position",
    )
    .bind(model.name())
    .fetch_optional(&mut *conn)
    .await?;
    match row {
        Some(row) => row.try_get("position"),
        None => Ok(0),
    }
}

/// Replays the journal after the slowest lane's position into every lane, side by side, in
/// batches of `batch` events, until a read finds fewer (the journal's head, as of that read).
/// `reader` is a connection of its own for the journal. `progress` hears each lane's models and
/// position after each batch, `done` each lane's models once it applied the last batch (they
/// are current: the others may still be applying). Answers the position reached.
pub(super) async fn replay(
    journal: &Journal,
    reader: AnyConnection,
    lanes: &mut [Lane<'_>],
    batch: i64,
    progress: &(dyn Fn(&[&'static str], i64) + Sync),
    done: &(dyn Fn(&[&'static str]) + Sync),
) -> Result<i64, ProjectionError> {
    let from = lanes.iter().map(Lane::position).min().unwrap_or(0);
    let mut senders = Vec::with_capacity(lanes.len());
    let mut receivers = Vec::with_capacity(lanes.len());
    for _ in lanes.iter() {
        let (sender, receiver) = mpsc::channel::<Arc<Decoded>>(READ_AHEAD);
        senders.push(sender);
        receivers.push(receiver);
    }
    let reader_done = Arc::new(AtomicBool::new(false));
    let reader = tokio::spawn(read(
        journal.clone(),
        reader,
        from,
        batch,
        senders,
        Arc::clone(&reader_done),
    ));
    let reader_done = &reader_done;
    let applying = futures::future::try_join_all(lanes.iter_mut().zip(receivers).map(
        |(lane, mut receiver)| async move {
            let names = lane.names();
            let mut applying = std::time::Duration::ZERO;
            while let Some(batch) = receiver.recv().await {
                let started = std::time::Instant::now();
                lane.apply(&batch).await?;
                applying += started.elapsed();
                progress(&names, lane.position());
            }
            // Which lane is the critical path of a replay (docs/performance.md).
            tracing::info!(
                models = ?names,
                applying_ms = applying.as_millis(),
                "replay lane finished"
            );
            // The channel closes when the reader stopped: at the head, or on an error (then the
            // reader's error is the answer, and `done` must not be heard).
            if reader_done.load(Ordering::Acquire) {
                for statement in &lane.at_the_head {
                    sqlx::query(statement).execute(&mut lane.conn).await?;
                }
                done(&names);
            }
            Ok::<(), ProjectionError>(())
        },
    ))
    .await;
    // A lane that failed dropped its receiver: the reader stops at its next batch.
    let read = reader
        .await
        .map_err(|error| ProjectionError::Stopped(error.to_string()))?;
    applying?;
    read?;
    Ok(lanes.iter().map(Lane::position).min().unwrap_or(from))
}

/// Reads and decodes the journal after `after` and hands each batch to every lane; answers the
/// position of the last event read.
async fn read(
    journal: Journal,
    mut conn: AnyConnection,
    mut after: i64,
    size: i64,
    senders: Vec<mpsc::Sender<Arc<Decoded>>>,
    at_head: Arc<AtomicBool>,
) -> Result<i64, ProjectionError> {
    loop {
        let stored = journal
            .read_for_projection_in(&mut conn, after, size)
            .await?;
        if stored.is_empty() {
            break;
        }
        let batch = Arc::new(Decoded::decode(stored)?);
        after = batch.last;
        let complete = i64::try_from(batch.len).unwrap_or(size) >= size;
        for sender in &senders {
            if sender.send(Arc::clone(&batch)).await.is_err() {
                // That lane failed: its error is the answer.
                return Ok(after);
            }
        }
        if !complete {
            break;
        }
    }
    conn.close().await?;
    // Before the senders drop: a lane that sees its channel close knows it is at the head.
    at_head.store(true, Ordering::Release);
    Ok(after)
}
