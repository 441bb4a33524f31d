//! `projections rebuild`: the whole journal replayed into fresh tables, swapped in only when it
//! has succeeded, so that a rebuild that fails (a database error, an event outside any
//! residence that cannot be applied, a crash) leaves every read model as it was.
//!
//! The fresh tables are built without the lock, by the side-by-side replay ([`super::replay`]:
//! the journal read once, each lane of models on a connection of its own), while the server
//! keeps answering from the current tables and its projector keeps them up to date:
//! - on PostgreSQL in a schema of their own (`daftar_rebuild`, first on the connection's
//!   `search_path`, so the models' statements reach the fresh tables and the journal is read
//!   from the live schema);
//! - on SQLite in a file of their own beside the database (`….rebuild`), the live database
//!   attached to that connection (SQLite resolves a name in `main` first, then in attached
//!   databases, so the models write the fresh tables and the journal is read from the live one).
//!
//! Then, under the lock (no projector applies anything meanwhile), the events committed since
//! are applied to the fresh tables and they replace the live ones in the same transaction: on
//! PostgreSQL they move into the live schema, on SQLite they are copied into tables created
//! again from each model's schema. A residence whose event cannot be applied is set aside as in
//! the live projector ([`super::isolation`]); the failures recorded before are replaced by the
//! rebuild's own.

use std::path::PathBuf;

use sqlx::postgres::PgConnectOptions;
use sqlx::{AnyConnection, ConnectOptions, Connection, Row};

use super::isolation::{self, Decoded, Failure, Mode, Quarantine};
use super::replay::{self, Checkpoints, Lane};
use super::{
    create_schema, create_schema_but, indexes_after_replay, lock, save_checkpoint, ProjectionError,
    ReadModel, BATCH,
};
use crate::bulk::{SharedSink, Sink};
use crate::db::{Database, Dialect};
use crate::journal::Journal;

/// The PostgreSQL schema the fresh tables are built in.
const STAGING_SCHEMA: &str = "daftar_rebuild";
/// At most this many staging files on SQLite: the swap attaches them all to one connection
/// (SQLite attaches at most 10 databases).
const SQLITE_REBUILD_FILES: usize = 4;
/// Held (per session) by the one rebuild running on a PostgreSQL database.
const REBUILD_LOCK: i64 = 6458;

/// What a rebuild reached.
pub(super) struct Rebuilt {
    pub position: i64,
    pub quarantine: Quarantine,
}

/// Where the fresh tables are built, and the connection that opened it (on PostgreSQL it holds
/// the rebuild's advisory lock until the end).
struct Staging {
    place: Place,
    conn: AnyConnection,
}

enum Place {
    Postgres {
        live_schema: String,
    },
    Sqlite {
        /// A staging file per lane (SQLite has one writer per file: the lanes write side by
        /// side), each with the tables of its lane's models; the live database is attached to
        /// their connections as `live`.
        files: Vec<StagingFile>,
        live_file: String,
    },
}

struct StagingFile {
    path: PathBuf,
    models: Vec<&'static str>,
}

pub(super) async fn rebuild(
    db: &Database,
    journal: &Journal,
    models: &[Box<dyn ReadModel>],
) -> Result<Rebuilt, ProjectionError> {
    let models: Vec<&dyn ReadModel> = models.iter().map(AsRef::as_ref).collect();
    let groups = lane_groups(db.dialect, models.clone());
    let mut staging = Staging::open(db, &groups).await?;
    let mut lanes = Vec::new();
    for (index, group) in groups.into_iter().enumerate() {
        let conn = staging.connection(db, index).await?;
        // The indexes left out of the fresh tables are built by each lane as soon as it has
        // loaded its tables, while the slower lanes still apply (side by side, not one lane's
        // after another's once all are done).
        let indexes = group
            .iter()
            .flat_map(|model| indexes_after_replay(*model))
            .collect();
        let lane = Lane::new(group, conn, 0, Checkpoints::AtSwap, Quarantine::default())
            .finishing_with(indexes);
        lanes.push(match staging.bulk_sink(db) {
            Some(sink) => lane.loading_through(sink),
            None => lane,
        });
    }
    let reader = db.dedicated_connection().await?;
    let mut position = replay::replay(
        journal,
        reader,
        &mut lanes,
        replay::replay_batch(db.dialect),
        &|_, _| {},
        &|_| {},
    )
    .await?;
    let mut quarantine = Quarantine::default();
    let mut failures = Vec::new();
    for mut lane in lanes {
        lane.close_bulk().await?;
        for failure in lane.failures {
            quarantine.add(failure.clone());
            failures.push(failure);
        }
        staging.give_back(lane.conn).await?;
    }
    let started = std::time::Instant::now();
    let generation = staging
        .swap(
            db,
            journal,
            &models,
            &mut position,
            &mut quarantine,
            failures,
        )
        .await?;
    tracing::info!(
        swap_ms = started.elapsed().as_millis(),
        "rebuild swapped in"
    );
    quarantine.generation = generation;
    Ok(Rebuilt {
        position,
        quarantine,
    })
}

/// Applies the events after `position` (one batch) to the fresh tables in a transaction of its
/// own: the fast way first, and if that fails the transaction is rolled back and the batch applied
/// again event by event, setting aside the residences at fault. Answers how many events.
async fn replay_batch_in_transaction(
    conn: &mut AnyConnection,
    journal: &Journal,
    models: &[&dyn ReadModel],
    position: &mut i64,
    quarantine: &mut Quarantine,
    failures: &mut Vec<Failure>,
) -> Result<i64, ProjectionError> {
    for mode in [Mode::Fast, Mode::Isolating] {
        let mut tx = conn.begin().await?;
        let stored = journal
            .read_for_projection_in(&mut tx, *position, BATCH)
            .await?;
        if stored.is_empty() {
            tx.commit().await?;
            return Ok(0);
        }
        let batch = Decoded::decode(stored)?;
        let applied = i64::try_from(batch.len).unwrap_or(BATCH);
        let from = *position;
        // In the fast way nothing is set aside: a failure fails the batch before any change.
        match isolation::apply_decoded(&mut tx, models, |_| from, &batch, quarantine, mode).await {
            Ok(found) => {
                tx.commit().await?;
                failures.extend(found);
                *position = batch.last;
                return Ok(applied);
            }
            Err(error) if mode == Mode::Isolating => return Err(error),
            Err(_) => tx.rollback().await?,
        }
    }
    Ok(0)
}

/// Applies the events after `position` (one batch) to the fresh tables inside the caller's
/// transaction (a savepoint guards the fast attempt); answers how many.
async fn replay_batch(
    conn: &mut AnyConnection,
    journal: &Journal,
    models: &[&dyn ReadModel],
    position: &mut i64,
    quarantine: &mut Quarantine,
    failures: &mut Vec<Failure>,
) -> Result<i64, ProjectionError> {
    let stored = journal
        .read_for_projection_in(conn, *position, BATCH)
        .await?;
    if stored.is_empty() {
        return Ok(0);
    }
    let batch = Decoded::decode(stored)?;
    let applied = i64::try_from(batch.len).unwrap_or(BATCH);
    let from = *position;
    let mut savepoint = conn.begin().await?;
    let mut attempt = quarantine.clone();
    let fast = isolation::apply_decoded(
        &mut savepoint,
        models,
        |_| from,
        &batch,
        &mut attempt,
        Mode::Fast,
    )
    .await;
    let found = match fast {
        Ok(found) => {
            savepoint.commit().await?;
            found
        }
        Err(_) => {
            savepoint.rollback().await?;
            isolation::apply_decoded(conn, models, |_| from, &batch, quarantine, Mode::Isolating)
                .await?
        }
    };
    failures.extend(found);
    *position = batch.last;
    Ok(applied)
}

impl Staging {
    async fn open(db: &Database, groups: &[Vec<&dyn ReadModel>]) -> Result<Self, ProjectionError> {
        let mut live = db.dedicated_connection().await?;
        let mut staging = match db.dialect {
            Dialect::Postgres => {
                let mut conn = live;
                sqlx::query("SELECT pg_advisory_lock($1)")
                    .bind(REBUILD_LOCK)
                    .execute(&mut conn)
                    .await?;
                let live_schema: String = sqlx::query("SELECT current_schema()::text AS name")
                    .fetch_one(&mut conn)
                    .await?
                    .try_get("name")?;
                for statement in [
                    format!("DROP SCHEMA IF EXISTS {STAGING_SCHEMA} CASCADE"),
                    format!("CREATE SCHEMA {STAGING_SCHEMA}"),
                ] {
                    sqlx::query(&statement).execute(&mut conn).await?;
                }
                search_staging_first(&mut conn, &live_schema).await?;
                Staging {
                    place: Place::Postgres { live_schema },
                    conn,
                }
            }
            Dialect::Sqlite => {
                let live_file = sqlite_file(&mut live).await?;
                live.close().await?;
                // An earlier rebuild that stopped may have left more files than this one uses.
                for index in 0..SQLITE_REBUILD_FILES {
                    remove_sqlite_files(&sqlite_staging_file(&live_file, index));
                }
                let mut files = Vec::new();
                for (index, group) in groups.iter().enumerate() {
                    let path = sqlite_staging_file(&live_file, index);
                    let mut conn = open_sqlite_staging(&path, &[], &live_file).await?;
                    for model in group {
                        create_schema_but(&mut conn, *model, model.indexes_after_replay()).await?;
                    }
                    conn.close().await?;
                    files.push(StagingFile {
                        path,
                        models: group.iter().map(|model| model.name()).collect(),
                    });
                }
                // The connection that applies, under the lock, what was committed meanwhile:
                // every staging file attached, before the live database, so that a model's
                // table is found in its staging file first.
                let others: Vec<&std::path::Path> = files
                    .iter()
                    .skip(1)
                    .map(|file| file.path.as_path())
                    .collect();
                let conn = open_sqlite_staging(&files[0].path, &others, &live_file).await?;
                return Ok(Staging {
                    place: Place::Sqlite { files, live_file },
                    conn,
                });
            }
        };
        for model in groups.iter().flatten() {
            create_schema_but(&mut staging.conn, *model, model.indexes_after_replay()).await?;
        }
        Ok(staging)
    }

    /// A connection of its own to the fresh tables of the lane `index`.
    async fn connection(
        &mut self,
        db: &Database,
        index: usize,
    ) -> Result<AnyConnection, ProjectionError> {
        Ok(match &self.place {
            Place::Postgres { live_schema } => {
                let mut conn = db.dedicated_connection().await?;
                search_staging_first(&mut conn, live_schema).await?;
                replay::without_waiting_for_the_disk(&mut conn).await?;
                conn
            }
            Place::Sqlite { files, live_file } => {
                open_sqlite_staging(&files[index].path, &[], live_file).await?
            }
        })
    }

    /// On PostgreSQL, a `COPY` sink for a lane ([`crate::bulk`]): a native connection to the
    /// same database, opened at the lane's first large insert, with the staging schema first
    /// and commits that do not wait for the disk, as the lane's own connection.
    fn bulk_sink(&self, db: &Database) -> Option<SharedSink> {
        let Place::Postgres { live_schema } = &self.place else {
            return None;
        };
        let url = &db.pool.connect_options().database_url;
        let options = PgConnectOptions::from_url(url).ok()?;
        Some(Sink::new(
            options,
            vec![
                format!("SET search_path TO {STAGING_SCHEMA}, {live_schema}"),
                "SET synchronous_commit = off".to_owned(),
            ],
        ))
    }

    /// Closes a lane's connection (its batches are committed).
    async fn give_back(&mut self, conn: AnyConnection) -> Result<(), ProjectionError> {
        conn.close().await?;
        Ok(())
    }

    /// Under the lock: applies what was committed meanwhile, puts the fresh tables in place of
    /// the live ones and records the checkpoints and failures; answers the failures' generation.
    async fn swap(
        self,
        db: &Database,
        journal: &Journal,
        models: &[&dyn ReadModel],
        position: &mut i64,
        quarantine: &mut Quarantine,
        mut failures: Vec<Failure>,
    ) -> Result<i64, ProjectionError> {
        let Staging {
            place, mut conn, ..
        } = self;
        match place {
            Place::Postgres { live_schema } => {
                let mut tx = conn.begin().await?;
                lock(&mut tx).await?;
                while replay_batch(
                    &mut tx,
                    journal,
                    models,
                    position,
                    quarantine,
                    &mut failures,
                )
                .await?
                    > 0
                {}
                for table in models.iter().flat_map(|model| model.retired_tables()) {
                    sqlx::query(&format!("DROP TABLE IF EXISTS {live_schema}.{table}"))
                        .execute(&mut *tx)
                        .await?;
                }
                for table in models.iter().flat_map(|model| model.tables()) {
                    sqlx::query(&format!("DROP TABLE IF EXISTS {live_schema}.{table}"))
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query(&format!(
                        "ALTER TABLE {STAGING_SCHEMA}.{table} SET SCHEMA {live_schema}"
                    ))
                    .execute(&mut *tx)
                    .await?;
                }
                let generation = record(&mut tx, models, *position, &failures).await?;
                tx.commit().await?;
                sqlx::query(&format!("DROP SCHEMA IF EXISTS {STAGING_SCHEMA} CASCADE"))
                    .execute(&mut conn)
                    .await?;
                conn.close().await?;
                Ok(generation)
            }
            Place::Sqlite { files, .. } => {
                let mut staging = conn;
                let mut live = db.dedicated_connection().await?;
                for (index, file) in files.iter().enumerate() {
                    sqlx::query(&format!(
                        "ATTACH DATABASE '{}' AS staging{index}",
                        file.path.display().to_string().replace('\'', "''")
                    ))
                    .execute(&mut live)
                    .await?;
                }
                let file_of = |model: &dyn ReadModel| {
                    files
                        .iter()
                        .position(|file| file.models.contains(&model.name()))
                        .unwrap_or(0)
                };
                let mut tx = live.begin().await?;
                lock(&mut tx).await?;
                // The lock holds the live database's write lock: nothing is appended until the
                // swap commits, so the staging connection reads every event there will be.
                while replay_batch_in_transaction(
                    &mut staging,
                    journal,
                    models,
                    position,
                    quarantine,
                    &mut failures,
                )
                .await?
                    > 0
                {}
                for model in models {
                    for table in model.tables().iter().chain(model.retired_tables()) {
                        sqlx::query(&format!("DROP TABLE IF EXISTS main.{table}"))
                            .execute(&mut *tx)
                            .await?;
                    }
                    create_schema(&mut tx, *model).await?;
                    let file = file_of(*model);
                    for table in model.tables() {
                        sqlx::query(&format!(
                            "INSERT INTO main.{table} SELECT * FROM staging{file}.{table}"
                        ))
                        .execute(&mut *tx)
                        .await?;
                    }
                }
                let generation = record(&mut tx, models, *position, &failures).await?;
                tx.commit().await?;
                for index in 0..files.len() {
                    sqlx::query(&format!("DETACH DATABASE staging{index}"))
                        .execute(&mut live)
                        .await?;
                }
                live.close().await?;
                staging.close().await?;
                for file in &files {
                    remove_sqlite_files(&file.path);
                }
                Ok(generation)
            }
        }
    }
}

/// Puts the staging schema first on a PostgreSQL connection's search path: the models'
/// statements reach the fresh tables, the journal and checkpoints are found in the live schema.
async fn search_staging_first(
    conn: &mut AnyConnection,
    live_schema: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "SET search_path TO {STAGING_SCHEMA}, {live_schema}"
    ))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A connection to a SQLite staging file, the `others` attached (`rebuild1`, …) and then the
/// live database (as `live`): a table name is looked up in that order.
async fn open_sqlite_staging(
    file: &std::path::Path,
    others: &[&std::path::Path],
    live_file: &str,
) -> Result<AnyConnection, sqlx::Error> {
    let mut conn = AnyConnection::connect(&format!("sqlite://{}?mode=rwc", file.display())).await?;
    sqlx::query("PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA busy_timeout=10000")
        .execute(&mut conn)
        .await?;
    for (index, other) in others.iter().enumerate() {
        sqlx::query(&format!(
            "ATTACH DATABASE '{}' AS rebuild{}",
            other.display().to_string().replace('\'', "''"),
            index + 1
        ))
        .execute(&mut conn)
        .await?;
    }
    sqlx::query(&format!(
        "ATTACH DATABASE '{}' AS live",
        live_file.replace('\'', "''")
    ))
    .execute(&mut conn)
    .await?;
    Ok(conn)
}

/// Every model's checkpoint at `position`, and the rebuild's failures in place of the earlier
/// ones; answers the failures' generation.
async fn record(
    conn: &mut AnyConnection,
    models: &[&dyn ReadModel],
    position: i64,
    failures: &[Failure],
) -> Result<i64, ProjectionError> {
    for model in models {
        save_checkpoint(conn, *model, position).await?;
    }
    isolation::forget_all(conn).await?;
    Ok(isolation::record(conn, failures).await?)
}

/// The file of a SQLite connection's main database.
async fn sqlite_file(conn: &mut AnyConnection) -> Result<String, ProjectionError> {
    let rows = sqlx::query("PRAGMA database_list")
        .fetch_all(&mut *conn)
        .await?;
    for row in rows {
        let name: String = row.try_get("name")?;
        let file: String = row.try_get("file")?;
        if name == "main" && !file.is_empty() {
            return Ok(file);
        }
    }
    Err(ProjectionError::Database(sqlx::Error::Configuration(
        "a rebuild needs a SQLite database in a file".into(),
    )))
}

/// The staging file of a SQLite rebuild's lane `index`, beside the live database.
fn sqlite_staging_file(live_file: &str, index: usize) -> PathBuf {
    PathBuf::from(match index {
        0 => format!("{live_file}.rebuild"),
        _ => format!("{live_file}.rebuild-{index}"),
    })
}

/// Removes a staging file and its journal files (left by an earlier rebuild that stopped).
fn remove_sqlite_files(file: &std::path::Path) {
    for suffix in ["", "-journal", "-wal", "-shm"] {
        let path = PathBuf::from(format!("{}{suffix}", file.display()));
        if path.exists() {
            if let Err(error) = std::fs::remove_file(&path) {
                tracing::warn!(path = %path.display(), %error, "could not remove a staging file");
            }
        }
    }
}

/// The lanes of a rebuild. On PostgreSQL one per model (the server applies them in parallel).
/// On SQLite one per core, at least two and at most [`SQLITE_REBUILD_FILES`], each writing a
/// staging file of its own: the models are dealt heaviest first ([`ReadModel::replay_weight`])
/// to the lane with the least weight so far, so that the lanes finish together.
fn lane_groups(dialect: Dialect, models: Vec<&dyn ReadModel>) -> Vec<Vec<&dyn ReadModel>> {
    match dialect {
        Dialect::Postgres => super::lane_groups(dialect, models),
        Dialect::Sqlite => {
            let cores = std::thread::available_parallelism().map_or(1, usize::from);
            let lanes = cores
                .clamp(2, SQLITE_REBUILD_FILES)
                .min(models.len().max(1));
            let mut heaviest_first = models;
            heaviest_first.sort_by_key(|model| std::cmp::Reverse(model.replay_weight()));
            let mut groups: Vec<(u32, Vec<&dyn ReadModel>)> = vec![(0, Vec::new()); lanes];
            for model in heaviest_first {
                if let Some((weight, group)) = groups.iter_mut().min_by_key(|(weight, _)| *weight) {
                    *weight += model.replay_weight();
                    group.push(model);
                }
            }
            groups.into_iter().map(|(_, group)| group).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use async_trait::async_trait;
    use sqlx::AnyConnection;

    use super::*;
    use crate::projector::ProjectedEvent;

    struct Model(&'static str, u32);

    #[async_trait]
    impl ReadModel for Model {
        fn name(&self) -> &'static str {
            self.0
        }
        fn version(&self) -> i64 {
            1
        }
        fn schema(&self) -> &'static str {
            ""
        }
        fn tables(&self) -> &'static [&'static str] {
            &[]
        }
        fn replay_weight(&self) -> u32 {
            self.1
        }
        async fn apply_all(
            &self,
            _: &mut AnyConnection,
            _: &[ProjectedEvent],
        ) -> Result<(), ProjectionError> {
            Ok(())
        }
    }

    fn names(groups: &[Vec<&dyn ReadModel>]) -> Vec<Vec<&'static str>> {
        groups
            .iter()
            .map(|group| group.iter().map(|model| model.name()).collect())
            .collect()
    }

    #[test]
    fn a_sqlite_rebuild_gives_the_heaviest_model_a_writer_of_its_own_and_balances_the_rest() {
        // Given the books weighing as much as the other models together, listed among them
        let models = [
            Model("proprietes", 1),
            Model("revenus", 3),
            Model("comptabilite", 7),
            Model("banque", 2),
            Model("occupancy", 1),
        ];
        let models: Vec<&dyn ReadModel> = models.iter().map(|m| m as &dyn ReadModel).collect();
        // When a SQLite rebuild on two cores or more deals them to its writers
        let groups = lane_groups(Dialect::Sqlite, models);
        // Then the books write a file of their own and the others share the rest, balanced
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        let expected = match cores.clamp(2, SQLITE_REBUILD_FILES) {
            2 => vec![
                vec!["comptabilite"],
                vec!["revenus", "banque", "proprietes", "occupancy"],
            ],
            3 => vec![
                vec!["comptabilite"],
                vec!["revenus", "occupancy"],
                vec!["banque", "proprietes"],
            ],
            _ => vec![
                vec!["comptabilite"],
                vec!["revenus"],
                vec!["banque"],
                vec!["proprietes", "occupancy"],
            ],
        };
        assert_eq!(names(&groups), expected);
    }

    #[test]
    fn a_postgresql_rebuild_gives_every_model_a_lane() {
        // Given three models
        let models = [Model("a", 1), Model("b", 6), Model("c", 1)];
        let models: Vec<&dyn ReadModel> = models.iter().map(|m| m as &dyn ReadModel).collect();
        // When a PostgreSQL rebuild deals them to lanes
        let groups = lane_groups(Dialect::Postgres, models);
        // Then each has a connection of its own, in their order
        assert_eq!(names(&groups), vec![vec!["a"], vec!["b"], vec!["c"]]);
    }
}
