//! Each read model has its own checkpoint, named and versioned: a model deployed on a database
//! that already has events catches up from the journal's start by itself, a model whose version
//! changed is rebuilt alone, and the models of a database from the time of the one shared
//! checkpoint carry on from it.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use async_trait::async_trait;
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_projections::projector::{ProjectedEvent, ProjectionError};
use daftar_projections::{read_models, CommandMetadata, Ledger, Projector, ReadModel};
use sqlx::{AnyConnection, Row};
use support::TestStore;

/// Counts the residence events it has seen, per residence.
struct EventCount {
    version: i64,
}

#[async_trait]
impl ReadModel for EventCount {
    fn name(&self) -> &'static str {
        "test_event_count"
    }
    fn version(&self) -> i64 {
        self.version
    }
    fn schema(&self) -> &'static str {
        "CREATE TABLE IF NOT EXISTS test_event_count \
         (residence_id BIGINT PRIMARY KEY, seen BIGINT NOT NULL)"
    }
    fn tables(&self) -> &'static [&'static str] {
        &["test_event_count"]
    }
    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            let Some((residence_id, _)) = event.residence() else {
                continue;
            };
            sqlx::query(
                "INSERT INTO test_event_count (residence_id, seen) VALUES ($1, 1) \
                 ON CONFLICT (residence_id) DO UPDATE SET seen = test_event_count.seen + 1",
            )
            .bind(residence_id)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }
}

async fn open_years(store: &TestStore, residence: &str, years: std::ops::Range<i32>) {
    let ledger = Ledger::<GrandLivre>::new(store.db.clone(), ());
    let metadata = CommandMetadata {
        acting_user: "1".into(),
        request_id: "test".into(),
    };
    for annee in years {
        let command: GrandLivreCommand = ExerciceCommand::OuvrirExercice { annee }.into();
        ledger.execute(residence, command, &metadata).await.unwrap();
    }
}

async fn seen(store: &TestStore, residence_id: i64) -> i64 {
    sqlx::query("SELECT seen FROM test_event_count WHERE residence_id = $1")
        .bind(residence_id)
        .fetch_optional(&store.db.pool)
        .await
        .unwrap()
        .map_or(0, |row| row.try_get("seen").unwrap())
}

async fn years_listed(store: &TestStore, residence_id: i64) -> usize {
    daftar_projections::exercices::list(&store.db, residence_id)
        .await
        .unwrap()
        .len()
}

fn with_count(version: i64) -> Vec<Box<dyn ReadModel>> {
    let mut models = read_models();
    models.push(Box::new(EventCount { version }));
    models
}

async fn a_model_added_to_a_database_with_events_catches_up_from_the_start(store: &TestStore) {
    open_years(store, "1", 2001..2021).await;
    open_years(store, "2", 2001..2004).await;
    Projector::new(store.db.clone(), read_models())
        .catch_up()
        .await
        .unwrap();
    assert_eq!(years_listed(store, 1).await, 20);

    // The next deployment brings a new model; the others do not apply anything twice (their
    // primary keys would refuse a second insert of the same year).
    let reached = Projector::new(store.db.clone(), with_count(1))
        .catch_up()
        .await
        .unwrap();
    assert_eq!(reached, 23);
    assert_eq!(seen(store, 1).await, 20);
    assert_eq!(seen(store, 2).await, 3);
    assert_eq!(years_listed(store, 1).await, 20);

    // Later events reach every model once.
    open_years(store, "2", 2004..2006).await;
    Projector::new(store.db.clone(), with_count(1))
        .catch_up()
        .await
        .unwrap();
    assert_eq!(seen(store, 2).await, 5);
    assert_eq!(years_listed(store, 2).await, 5);
}

async fn a_model_whose_version_changed_is_rebuilt_alone(store: &TestStore) {
    open_years(store, "1", 2001..2011).await;
    Projector::new(store.db.clone(), with_count(1))
        .catch_up()
        .await
        .unwrap();
    assert_eq!(seen(store, 1).await, 10);
    Projector::new(store.db.clone(), with_count(2))
        .catch_up()
        .await
        .unwrap();
    // Emptied and replayed: 10 again, not 20.
    assert_eq!(seen(store, 1).await, 10);
    assert_eq!(years_listed(store, 1).await, 10);
}

async fn models_kept_under_the_shared_checkpoint_carry_on_from_it(store: &TestStore) {
    open_years(store, "1", 2001..2006).await;
    Projector::new(store.db.clone(), read_models())
        .catch_up()
        .await
        .unwrap();
    // A database from before each model had its own checkpoint: only the shared one, at the
    // journal's end.
    sqlx::query("DELETE FROM projector_checkpoints WHERE projector <> 'read_models'")
        .execute(&store.db.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE projector_checkpoints SET position = 5 WHERE projector = 'read_models'")
        .execute(&store.db.pool)
        .await
        .unwrap();
    // A row a rebuild would wipe out: the models must carry on, not start over.
    sqlx::query(
        "INSERT INTO exercices_view (residence_id, annee, statut, ouvert_le) \
         VALUES (1, 1999, 'ouvert', '2000-01-01T00:00:00.000000Z')",
    )
    .execute(&store.db.pool)
    .await
    .unwrap();
    open_years(store, "1", 2006..2008).await;
    let reached = Projector::new(store.db.clone(), read_models())
        .catch_up()
        .await
        .unwrap();
    assert_eq!(reached, 7);
    // The fiscal years' model is at version 2 since then (the closing pack, issue 15): a
    // database from before the per-model checkpoints holds its version-1 tables, so it is
    // rebuilt (the row it did not write is gone), while the models still at version 1 carry on.
    assert_eq!(years_listed(store, 1).await, 7);
}

async fn a_model_a_newer_release_wrote_is_left_alone_by_an_older_server(store: &TestStore) {
    // Given a model at version 2, written by the new release
    open_years(store, "1", 2001..2004).await;
    Projector::new(store.db.clone(), with_count(2))
        .catch_up()
        .await
        .unwrap();
    assert_eq!(seen(store, 1).await, 3);

    // When a server of the old release (version 1) starts and events come
    open_years(store, "1", 2004..2006).await;
    let old = Projector::new(store.db.clone(), with_count(1));
    old.catch_up().await.unwrap();

    // Then it neither drops nor writes the newer model's tables, and says the model is not
    // current on it (its routes wait); the other models go on
    assert_eq!(seen(store, 1).await, 3);
    assert!(old
        .catching_up()
        .iter()
        .any(|catch_up| catch_up.model == "test_event_count" && catch_up.newer_release));
    assert_eq!(years_listed(store, 1).await, 5);

    // And the new release carries on from its own checkpoint
    Projector::new(store.db.clone(), with_count(2))
        .catch_up()
        .await
        .unwrap();
    assert_eq!(seen(store, 1).await, 5);
}

on_both_stores!(
    a_model_a_newer_release_wrote_is_left_alone_by_an_older_server,
    a_model_added_to_a_database_with_events_catches_up_from_the_start,
    a_model_whose_version_changed_is_rebuilt_alone,
    models_kept_under_the_shared_checkpoint_carry_on_from_it,
);
