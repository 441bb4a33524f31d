//! One residence's bad event must not stop everyone's books.
//!
//! When a read model cannot apply an event of a residence's ledger (an event that does not
//! decode, a text the store refuses…), the projector records a [`Failure`] for that residence and
//! model and the model skips the residence's later events, while every other residence goes on.
//! The API answers the residence's requests with 503 `projection_en_echec` until a rebuild
//! (after the fix is deployed) applies its events again.
//!
//! The failures live in `projection_failures`, so every server on the database knows them: each
//! change raises a generation counter kept in the lock row's `version`, which every batch reads
//! while taking the lock, so a server reloads the failures only when they changed.

use std::collections::{BTreeMap, BTreeSet};

use chrono::Utc;
use sqlx::{AnyConnection, Row};

use super::{ProjectedEvent, ProjectionError, ReadModel, LOCK_ROW};
use crate::db::timestamp;
use crate::journal::ProjectionRow;

/// A model that could not apply an event of a residence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    pub residence_id: i64,
    pub model: String,
    /// The journal position of the event that failed.
    pub position: i64,
    pub error: String,
    pub failed_at: String,
}

impl Failure {
    fn new(residence_id: i64, model: &str, position: i64, error: &ProjectionError) -> Self {
        Failure {
            residence_id,
            model: model.to_owned(),
            position,
            error: error.to_string(),
            failed_at: timestamp(Utc::now()),
        }
    }
}

/// The residences each model no longer applies, as of a generation of `projection_failures`.
#[derive(Debug, Clone, Default)]
pub struct Quarantine {
    pub(super) generation: i64,
    failures: BTreeMap<(i64, String), Failure>,
}

impl Quarantine {
    /// Before the first batch: an impossible generation, so the first batch reads the table.
    pub(super) fn unread() -> Self {
        Quarantine {
            generation: -1,
            failures: BTreeMap::new(),
        }
    }

    /// Whether `model` skips the events of `residence_id`.
    pub fn skips(&self, residence_id: i64, model: &str) -> bool {
        self.failures
            .contains_key(&(residence_id, model.to_owned()))
    }

    /// Whether any model skips the events of `residence_id`: its read answers are incomplete.
    pub fn contains(&self, residence_id: i64) -> bool {
        self.failures
            .range((residence_id, String::new())..)
            .next()
            .is_some_and(|((id, _), _)| *id == residence_id)
    }

    /// Whether `model` skips any residence.
    fn skips_any(&self, model: &str) -> bool {
        self.failures.keys().any(|(_, name)| name == model)
    }

    /// The residences some model skips.
    pub fn residences(&self) -> BTreeSet<i64> {
        self.failures.keys().map(|(id, _)| *id).collect()
    }

    pub fn failures(&self) -> impl Iterator<Item = &Failure> {
        self.failures.values()
    }

    pub(super) fn add(&mut self, failure: Failure) {
        self.failures
            .entry((failure.residence_id, failure.model.clone()))
            .or_insert(failure);
    }

    /// Loads the failures recorded on the database.
    pub(super) async fn load(
        conn: &mut AnyConnection,
        generation: i64,
    ) -> Result<Self, sqlx::Error> {
        let rows = sqlx::query(
            "SELECT residence_id, model, position, error, failed_at FROM projection_failures",
        )
        .fetch_all(&mut *conn)
        .await?;
        let mut quarantine = Quarantine {
            generation,
            failures: BTreeMap::new(),
        };
        for row in rows {
            quarantine.add(Failure {
                residence_id: row.try_get("residence_id")?,
                model: row.try_get("model")?,
                position: row.try_get("position")?,
                error: row.try_get("error")?,
                failed_at: row.try_get("failed_at")?,
            });
        }
        Ok(quarantine)
    }
}

/// Records `failures` (a residence keeps its first failure per model) and raises the
/// generation; answers the new generation.
pub(super) async fn record(
    conn: &mut AnyConnection,
    failures: &[Failure],
) -> Result<i64, sqlx::Error> {
    for failure in failures {
        tracing::error!(
            residence_id = failure.residence_id,
            model = %failure.model,
            position = failure.position,
            error = %failure.error,
            "a read model cannot apply this residence's event: the residence is set aside \
             (its requests answer projection_en_echec) and the other residences go on"
        );
        sqlx::query(
            "INSERT INTO projection_failures (residence_id, model, position, error, failed_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (residence_id, model) DO NOTHING",
        )
        .bind(failure.residence_id)
        .bind(&failure.model)
        .bind(failure.position)
        .bind(&failure.error)
        .bind(&failure.failed_at)
        .execute(&mut *conn)
        .await?;
    }
    raise_generation(conn).await
}

/// Forgets the failures of `model` (it is being rebuilt from the journal's start).
pub(super) async fn forget_model(conn: &mut AnyConnection, model: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM projection_failures WHERE model = $1")
        .bind(model)
        .execute(&mut *conn)
        .await?;
    raise_generation(conn).await?;
    Ok(())
}

/// Forgets every failure (a rebuild replaced every model's tables).
pub(super) async fn forget_all(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM projection_failures")
        .execute(&mut *conn)
        .await?;
    raise_generation(conn).await?;
    Ok(())
}

async fn raise_generation(conn: &mut AnyConnection) -> Result<i64, sqlx::Error> {
    sqlx::query(
        "UPDATE projector_checkpoints SET version = version + 1 WHERE projector = $1 \
         RETURNING version",
    )
    .bind(LOCK_ROW)
    .fetch_one(&mut *conn)
    .await?
    .try_get("version")
}

/// How a batch is applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    /// Every model applies its events in as few statements as it can; any failure fails the
    /// batch (the caller then retries it [`Mode::Isolating`]).
    Fast,
    /// Each event is applied on its own savepoint: a residence whose event fails is set aside
    /// and the batch goes on.
    Isolating,
}

/// The residence of a stored event of a residence's ledger stream, even one that does not
/// decode (its stream id is the residence id).
fn residence_of(stored: &ProjectionRow) -> Option<i64> {
    (stored.aggregate_type == <daftar_domain::grand_livre::GrandLivre as cqrs_es::Aggregate>::TYPE)
        .then(|| stored.aggregate_id.parse().ok())
        .flatten()
}

/// A batch of the journal decoded once for every model.
pub(super) struct Decoded {
    pub events: Vec<ProjectedEvent>,
    /// Events of a residence that do not decode: in [`Mode::Isolating`] their residence is set
    /// aside by every model; in [`Mode::Fast`] they fail the batch.
    undecodable: Vec<Undecodable>,
    /// The position of the batch's last event.
    pub last: i64,
    /// How many events the batch holds.
    pub len: usize,
}

struct Undecodable {
    residence_id: i64,
    position: i64,
    error: ProjectionError,
}

impl Decoded {
    /// Decodes `stored`; an event outside any residence that does not decode is an error.
    pub(super) fn decode(stored: Vec<ProjectionRow>) -> Result<Self, ProjectionError> {
        let last = stored.last().map_or(0, |event| event.position);
        let len = stored.len();
        let mut events = Vec::with_capacity(len);
        let mut undecodable = Vec::new();
        for stored in stored {
            let position = stored.position;
            let residence = residence_of(&stored);
            match ProjectedEvent::decode(stored) {
                Ok(event) => events.push(event),
                Err(error) => match residence {
                    Some(residence_id) => undecodable.push(Undecodable {
                        residence_id,
                        position,
                        error,
                    }),
                    None => return Err(error),
                },
            }
        }
        Ok(Decoded {
            events,
            undecodable,
            last,
            len,
        })
    }
}

/// Applies `batch` to each model from the position `from` gives it, skipping the residences
/// `quarantine` sets aside for that model. In [`Mode::Isolating`], a residence whose event fails
/// is added to `quarantine` and its failure returned; an event outside any residence that fails
/// still fails the batch.
pub(super) async fn apply_decoded(
    conn: &mut AnyConnection,
    models: &[&dyn ReadModel],
    from: impl Fn(&dyn ReadModel) -> i64,
    batch: &Decoded,
    quarantine: &mut Quarantine,
    mode: Mode,
) -> Result<Vec<Failure>, ProjectionError> {
    let mut failures = Vec::new();
    if let Some(first) = batch.undecodable.first() {
        if mode == Mode::Fast {
            return Err(ProjectionError::Undecodable(first.error.to_string()));
        }
        for undecodable in &batch.undecodable {
            for model in models {
                if undecodable.position <= from(*model) {
                    continue;
                }
                let failure = Failure::new(
                    undecodable.residence_id,
                    model.name(),
                    undecodable.position,
                    &undecodable.error,
                );
                quarantine.add(failure.clone());
                failures.push(failure);
            }
        }
    }
    let events = &batch.events;
    // Model by model: each owns its tables and reads no other model's while applying, so only
    // the order of events within a model matters.
    for model in models {
        let model = *model;
        let start = from(model);
        let unseen = &events[events.partition_point(|event| event.position() <= start)..];
        if unseen.is_empty() {
            continue;
        }
        match mode {
            Mode::Fast if !quarantine.skips_any(model.name()) => {
                model.apply_all(conn, unseen).await?;
            }
            Mode::Fast => {
                let kept: Vec<ProjectedEvent> = unseen
                    .iter()
                    .filter(|event| !skipped(quarantine, event, model))
                    .cloned()
                    .collect();
                model.apply_all(conn, &kept).await?;
            }
            Mode::Isolating => {
                for event in unseen {
                    if skipped(quarantine, event, model) {
                        continue;
                    }
                    let mut savepoint = sqlx::Connection::begin(&mut *conn).await?;
                    match model
                        .apply_all(&mut savepoint, std::slice::from_ref(event))
                        .await
                    {
                        Ok(()) => savepoint.commit().await?,
                        Err(error) => {
                            savepoint.rollback().await?;
                            let Some((residence_id, _)) = event.residence() else {
                                return Err(error);
                            };
                            let failure =
                                Failure::new(residence_id, model.name(), event.position(), &error);
                            quarantine.add(failure.clone());
                            failures.push(failure);
                        }
                    }
                }
            }
        }
    }
    Ok(failures)
}

fn skipped(quarantine: &Quarantine, event: &ProjectedEvent, model: &dyn ReadModel) -> bool {
    event
        .residence()
        .is_some_and(|(residence_id, _)| quarantine.skips(residence_id, model.name()))
}
