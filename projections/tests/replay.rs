//! Replay (issue 20): the read models replayed in large set-based batches, side by side (a
//! rebuild, a model catching up after a release), hold exactly what they hold when projected
//! as the events came; a catch-up that stops resumes from each model's checkpoint.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use async_trait::async_trait;
use daftar_projections::bulk;
use daftar_projections::chain::GENESIS_HASH;
use daftar_projections::journal::{ExpectedHead, NewEvent};
use daftar_projections::projector::{ProjectedEvent, ProjectionError, LOCK_ROW};
use daftar_projections::rows::{self, ColumnType, NewRows, TableRow, Value};
use daftar_projections::{read_models, Database, Dialect, Journal, Projector, ReadModel};
use sqlx::postgres::PgConnectOptions;
use sqlx::{AnyConnection, ConnectOptions, Connection, Row};
use support::{history, TestStore};

/// Every row of every table of `models`, as text, sorted whole (a table's key may span more
/// columns than any fixed prefix).
async fn tables(
    db: &Database,
    models: &[Box<dyn ReadModel>],
) -> BTreeMap<String, Vec<Vec<String>>> {
    let mut all = BTreeMap::new();
    for table in models.iter().flat_map(|model| model.tables()) {
        let rows = sqlx::query(&format!("SELECT * FROM {table}"))
            .fetch_all(&db.pool)
            .await
            .unwrap();
        let mut rows: Vec<Vec<String>> = rows
            .iter()
            .map(|row| {
                (0..row.len())
                    .map(|column| match row.try_get::<Option<i64>, _>(column) {
                        Ok(number) => format!("{number:?}"),
                        Err(_) => {
                            format!("{:?}", row.try_get::<Option<String>, _>(column).unwrap())
                        }
                    })
                    .collect()
            })
            .collect();
        rows.sort();
        all.insert((*table).to_owned(), rows);
    }
    all
}

/// The names of the database's indexes (of the live schema on PostgreSQL).
async fn indexes(db: &Database) -> BTreeSet<String> {
    let sql = match db.dialect {
        Dialect::Postgres => {
            "SELECT indexname::text AS name FROM pg_indexes WHERE schemaname = current_schema()"
        }
        Dialect::Sqlite => "SELECT name FROM sqlite_master WHERE type = 'index'",
    };
    sqlx::query(sql)
        .fetch_all(&db.pool)
        .await
        .unwrap()
        .iter()
        .map(|row| row.get("name"))
        .collect()
}

async fn count(db: &Database, sql: &str) -> i64 {
    sqlx::query(sql)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get(0)
        .unwrap()
}

async fn checkpoint(db: &Database, model: &str) -> i64 {
    sqlx::query("SELECT position FROM projector_checkpoints WHERE projector = $1")
        .bind(model)
        .fetch_one(&db.pool)
        .await
        .unwrap()
        .try_get("position")
        .unwrap()
}

/// Forgets every model's checkpoint: the next projector takes them all for new models.
async fn forget_checkpoints(db: &Database) {
    sqlx::query("DELETE FROM projector_checkpoints WHERE projector <> $1")
        .bind(LOCK_ROW)
        .execute(&db.pool)
        .await
        .unwrap();
}

async fn models_replayed_side_by_side_equal_the_models_projected_as_the_events_came(
    store: &TestStore,
) {
    // Given a living journal projected after each residence's month, as a server does
    let journal = Journal::new(store.db.clone());
    let live = Projector::new(store.db.clone(), read_models());
    history::write_with(&journal, history::SMALL, async || {
        live.catch_up().await.unwrap();
    })
    .await;
    let projected = tables(&store.db, &read_models()).await;
    let indexed = indexes(&store.db).await;
    assert!(projected["encaissements_view"].len() > 300);
    assert!(count(&store.db, "SELECT COUNT(DISTINCT event_type) FROM events").await >= 12);
    assert!(
        count(
            &store.db,
            "SELECT COUNT(*) FROM encaissements_view WHERE annule = 1"
        )
        .await
            > 0
    );

    // When every model is rebuilt, side by side, into fresh tables
    Projector::new(store.db.clone(), read_models())
        .rebuild()
        .await
        .unwrap();

    // Then every table holds the same rows
    assert_eq!(tables(&store.db, &read_models()).await, projected);
    // And has the same indexes, those the replay creates once the rows are loaded too
    let built_after: Vec<&str> = read_models()
        .iter()
        .flat_map(|model| model.indexes_after_replay().to_vec())
        .collect();
    assert!(built_after.contains(&"encaissements_view_du"));
    for index in &built_after {
        assert!(indexed.contains(*index), "{index} is an index of its model");
    }
    assert_eq!(indexes(&store.db).await, indexed);

    // And when every model catches up on the side from the journal's start, in batches that
    // end in the middle of residences' months
    forget_checkpoints(&store.db).await;
    let reached = Projector::new(store.db.clone(), read_models())
        .with_catch_up_lag(0)
        .with_replay_batch(97)
        .catch_up()
        .await
        .unwrap();
    assert_eq!(reached, journal.head_position().await.unwrap());
    assert_eq!(tables(&store.db, &read_models()).await, projected);
}

/// Counts the residence events it applied; fails on any event outside residences while
/// `broken` (a crash in the middle of a catch-up).
struct StopsOutsideResidences {
    broken: Arc<AtomicBool>,
}

#[async_trait]
impl ReadModel for StopsOutsideResidences {
    fn name(&self) -> &'static str {
        "test_stops"
    }
    fn version(&self) -> i64 {
        1
    }
    fn schema(&self) -> &'static str {
        "CREATE TABLE IF NOT EXISTS test_stops (residence_id BIGINT PRIMARY KEY, seen BIGINT NOT NULL)"
    }
    fn tables(&self) -> &'static [&'static str] {
        &["test_stops"]
    }
    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            let Some((residence_id, _)) = event.residence() else {
                if self.broken.load(Ordering::SeqCst) {
                    return Err(ProjectionError::Undecodable("the model stops here".into()));
                }
                continue;
            };
            sqlx::query(
                "INSERT INTO test_stops (residence_id, seen) VALUES ($1, 1) \
                 ON CONFLICT (residence_id) DO UPDATE SET seen = test_stops.seen + 1",
            )
            .bind(residence_id)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }
}

async fn a_catch_up_that_stops_resumes_from_each_models_checkpoint(store: &TestStore) {
    // Given a living journal with an event outside any residence in its middle, and a model
    // that stops at it
    let journal = Journal::new(store.db.clone());
    let mut appends = 0;
    let mut outside_at = 0;
    history::write_with(&journal, history::SMALL, async || {
        appends += 1;
        if appends == 40 {
            let appended = journal
                .append(
                    ExpectedHead {
                        aggregate_type: "test_autre",
                        aggregate_id: "1",
                        sequence: 0,
                        hash: GENESIS_HASH,
                    },
                    &[NewEvent {
                        event_type: "Autre".into(),
                        event_version: "1".into(),
                        payload: "{}".into(),
                        metadata: "{}".into(),
                    }],
                    "2024-06-01T00:00:00.000000Z",
                )
                .await
                .unwrap();
            outside_at = appended.last_position;
        }
    })
    .await;
    let head = journal.head_position().await.unwrap();
    assert!(
        outside_at > 200 && outside_at < head - 200,
        "{outside_at} of {head}"
    );
    let broken = Arc::new(AtomicBool::new(true));
    let models = |broken: &Arc<AtomicBool>| {
        let mut models = read_models();
        models.push(Box::new(StopsOutsideResidences {
            broken: Arc::clone(broken),
        }));
        models
    };

    // When the models catch up on the side, in batches of 50, and the new model stops
    let stopped = Projector::new(store.db.clone(), models(&broken))
        .with_catch_up_lag(0)
        .with_replay_batch(50)
        .catch_up()
        .await;
    assert!(stopped.is_err());

    // Then it stopped at its last batch before the event, its changes kept with its checkpoint
    let kept = checkpoint(&store.db, "test_stops").await;
    assert!(
        kept > 0 && kept < outside_at && outside_at - kept <= 50,
        "{kept}"
    );
    let seen_before = count(
        &store.db,
        "SELECT CAST(COALESCE(SUM(seen), 0) AS BIGINT) FROM test_stops",
    )
    .await;
    let residence_events_before = count(
        &store.db,
        &format!("SELECT COUNT(*) FROM events WHERE aggregate_type = 'grand_livre' AND position <= {kept}"),
    )
    .await;
    assert_eq!(seen_before, residence_events_before);

    // And once fixed, the next catch-up resumes from that checkpoint: nothing applied twice or
    // missed, by the stopped model or any other
    broken.store(false, Ordering::SeqCst);
    Projector::new(store.db.clone(), models(&broken))
        .with_catch_up_lag(0)
        .with_replay_batch(50)
        .catch_up()
        .await
        .unwrap();
    assert_eq!(
        count(
            &store.db,
            "SELECT CAST(COALESCE(SUM(seen), 0) AS BIGINT) FROM test_stops"
        )
        .await,
        count(
            &store.db,
            "SELECT COUNT(*) FROM events WHERE aggregate_type = 'grand_livre'"
        )
        .await
    );
    let caught_up = tables(&store.db, &read_models()).await;
    Projector::new(store.db.clone(), read_models())
        .rebuild()
        .await
        .unwrap();
    assert_eq!(tables(&store.db, &read_models()).await, caught_up);
}

/// A row of `test_rows`, keyed by `(residence_id, id)`.
struct TestRow {
    residence_id: i64,
    id: i64,
    label: String,
}

impl TestRow {
    fn new(residence_id: i64, id: i64, label: &str) -> Self {
        TestRow {
            residence_id,
            id,
            label: label.to_owned(),
        }
    }
}

impl TableRow for TestRow {
    const TABLE: &'static str = "test_rows";
    const COLUMNS: &'static [(&'static str, ColumnType)] = &[
        ("residence_id", ColumnType::BigInt),
        ("id", ColumnType::BigInt),
        ("label", ColumnType::Text),
    ];
    fn values(&self) -> Vec<Value<'_>> {
        vec![
            Value::Int(self.residence_id),
            Value::Int(self.id),
            Value::Text(&self.label),
        ]
    }
}

/// Creates `test_rows` holding `stored`.
async fn stored_rows(db: &Database, stored: &[TestRow]) -> AnyConnection {
    let mut conn = db.dedicated_connection().await.unwrap();
    sqlx::query(
        "CREATE TABLE test_rows (residence_id BIGINT NOT NULL, id BIGINT NOT NULL, \
         label TEXT NOT NULL, PRIMARY KEY (residence_id, id))",
    )
    .execute(&mut conn)
    .await
    .unwrap();
    rows::insert_all(&mut conn, stored).await.unwrap();
    conn
}

async fn test_rows(conn: &mut AnyConnection) -> Vec<(i64, i64, String)> {
    sqlx::query("SELECT residence_id, id, label FROM test_rows ORDER BY residence_id, id")
        .fetch_all(&mut *conn)
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get(0), row.get(1), row.get(2)))
        .collect()
}

async fn a_batch_deletes_stored_rows_when_written_and_a_row_created_again_replaces_the_stored_one(
    store: &TestStore,
) {
    // Given stored rows
    let mut conn = stored_rows(
        &store.db,
        &[
            TestRow::new(1, 1, "a"),
            TestRow::new(1, 2, "b"),
            TestRow::new(2, 1, "c"),
        ],
    )
    .await;

    // When a batch deletes two of them, creates one of those again, creates and deletes a row
    // of its own, deletes a row never stored and creates another
    let mut batch: NewRows<(i64, i64), TestRow> = NewRows::default();
    batch.delete((1, 1));
    batch.delete((1, 2));
    batch.insert((1, 2), TestRow::new(1, 2, "B"));
    batch.insert((1, 3), TestRow::new(1, 3, "d"));
    batch.delete((1, 3));
    batch.delete((9, 9));
    batch.insert((2, 2), TestRow::new(2, 2, "e"));
    // Then nothing is written before the batch is
    assert_eq!(test_rows(&mut conn).await.len(), 3);
    batch.write(&mut conn).await.unwrap();

    // Then the table holds what deleting and inserting event by event would have left
    assert_eq!(
        test_rows(&mut conn).await,
        vec![
            (1, 2, "B".to_owned()),
            (2, 1, "c".to_owned()),
            (2, 2, "e".to_owned()),
        ]
    );
}

/// On PostgreSQL a rebuild loads a batch's large inserts by `COPY` on a second connection: a
/// row deleted on the lane's connection and created again under its key must not go there (the
/// `COPY`'s unique check would wait for the lane's uncommitted delete, and the lane waits for
/// the `COPY`).
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_rebuild_batch_creating_a_stored_row_again_does_not_wait_for_its_own_delete() {
    let store = support::postgres().await;
    // Given a stored row, and a rebuild lane with its `COPY` connection
    let mut lane = stored_rows(&store.db, &[TestRow::new(1, 1, "stored")]).await;
    let options = PgConnectOptions::from_url(&store.url.parse().unwrap()).unwrap();
    let sink = bulk::Sink::new(options, Vec::new());

    // When a batch of more rows than go by `COPY` deletes the stored row and creates it again
    let mut batch: NewRows<(i64, i64), TestRow> = NewRows::default();
    batch.delete((1, 1));
    batch.insert((1, 1), TestRow::new(1, 1, "again"));
    let created = i64::try_from(bulk::MIN_ROWS).unwrap() + 10;
    for id in 2..=created {
        batch.insert((1, id), TestRow::new(1, id, "new"));
    }
    let mut tx = lane.begin().await.unwrap();
    let written = tokio::time::timeout(
        std::time::Duration::from_secs(20),
        bulk::loading_into(Arc::clone(&sink), batch.write(&mut tx)),
    )
    .await;

    // Then the batch is written without waiting, and both transactions commit its rows
    assert!(written.is_ok(), "the batch waited for its own delete");
    written.unwrap().unwrap();
    sink.lock().await.commit().await.unwrap();
    tx.commit().await.unwrap();
    let rows = test_rows(&mut lane).await;
    assert_eq!(rows.len(), usize::try_from(created).unwrap());
    assert_eq!(rows[0], (1, 1, "again".to_owned()));
    sink.lock().await.close().await.unwrap();
    lane.close().await.unwrap();
    store.cleanup().await;
}

on_both_stores!(
    models_replayed_side_by_side_equal_the_models_projected_as_the_events_came,
    a_catch_up_that_stops_resumes_from_each_models_checkpoint,
    a_batch_deletes_stored_rows_when_written_and_a_row_created_again_replaces_the_stored_one,
);
