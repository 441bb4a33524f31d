//! One residence's event that a read model cannot apply sets that residence aside and nobody
//! else; a rebuild builds fresh tables and changes nothing when it fails.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use async_trait::async_trait;
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::propriete::{ProprieteCommand, TypePropriete};
use daftar_projections::chain::GENESIS_HASH;
use daftar_projections::journal::{ExpectedHead, NewEvent};
use daftar_projections::projector::{ProjectedEvent, ProjectionError};
use daftar_projections::{read_models, CommandMetadata, Journal, Ledger, Projector, ReadModel};
use sqlx::{AnyConnection, Row};
use support::TestStore;

on_both_stores!(
    an_event_that_does_not_decode_sets_its_residence_aside_and_the_others_go_on,
    a_rebuild_that_fails_leaves_the_read_models_as_they_were,
    a_rebuild_replaces_the_tables_and_keeps_up_with_later_events,
);

fn metadata() -> CommandMetadata {
    CommandMetadata {
        acting_user: "1".into(),
        request_id: "test".into(),
    }
}

async fn open_year(store: &TestStore, residence: &str, annee: i32) {
    let ledger = Ledger::<GrandLivre>::new(store.db.clone(), ());
    let command: GrandLivreCommand = ExerciceCommand::OuvrirExercice { annee }.into();
    ledger
        .execute(residence, command, &metadata())
        .await
        .unwrap();
}

async fn register_property(store: &TestStore, residence: &str, nom: &str) {
    let ledger = Ledger::<GrandLivre>::new(store.db.clone(), ());
    let command = GrandLivreCommand::Propriete(ProprieteCommand::EnregistrerPropriete {
        nom: nom.to_owned(),
        type_propriete: TypePropriete::Appartement,
        surface: None,
        description: None,
    });
    ledger
        .execute(residence, command, &metadata())
        .await
        .unwrap();
}

/// Appends to a new stream of `aggregate_type` an event whose payload no model can read.
async fn append_unreadable(store: &TestStore, aggregate_type: &str, aggregate_id: &str) {
    let head = ExpectedHead {
        aggregate_type,
        aggregate_id,
        sequence: 0,
        hash: GENESIS_HASH,
    };
    let event = NewEvent {
        event_type: "Inconnu".into(),
        event_version: "1".into(),
        payload: "{\"not\": \"an event\"}".into(),
        metadata: "{}".into(),
    };
    Journal::new(store.db.clone())
        .append(head, &[event], "2026-11-22T10:00:00.000000Z")
        .await
        .unwrap();
}

async fn years(store: &TestStore, residence_id: i64) -> Vec<i32> {
    daftar_projections::exercices::list(&store.db, residence_id)
        .await
        .unwrap()
        .iter()
        .map(|row| row.annee)
        .collect()
}

async fn checkpoints(store: &TestStore) -> Vec<(String, i64)> {
    sqlx::query("SELECT projector, position FROM projector_checkpoints ORDER BY projector")
        .fetch_all(&store.db.pool)
        .await
        .unwrap()
        .iter()
        .map(|row| {
            (
                row.try_get("projector").unwrap(),
                row.try_get("position").unwrap(),
            )
        })
        .collect()
}

async fn an_event_that_does_not_decode_sets_its_residence_aside_and_the_others_go_on(
    store: &TestStore,
) {
    // Given residence 1 with a year, and residence 3 whose first event is unreadable
    open_year(store, "1", 2025).await;
    append_unreadable(store, <GrandLivre as cqrs_es::Aggregate>::TYPE, "3").await;
    let projector = Projector::new(store.db.clone(), read_models());

    // When the projector catches up, and residence 1 goes on writing
    projector.catch_up().await.unwrap();
    open_year(store, "1", 2026).await;
    projector.catch_up().await.unwrap();

    // Then residence 1's books are complete and only residence 3 is set aside, for every model
    assert_eq!(years(store, 1).await, [2026, 2025]);
    assert!(projector.is_set_aside(3));
    assert!(!projector.is_set_aside(1));
    let health = projector.health();
    let models: Vec<_> = health.failures.iter().map(|f| f.model.as_str()).collect();
    assert_eq!(models.len(), read_models().len(), "{models:?}");
    assert!(health.failures.iter().all(|f| f.residence_id == 3));
    assert!(health.failures[0].error.contains("cannot be decoded"));

    // And another server on the database learns it from the failures table
    let other = Projector::new(store.second_connection().await, read_models());
    other.catch_up().await.unwrap();
    assert!(other.is_set_aside(3));

    // And a rebuild applies everything again, setting residence 3 aside again
    projector.rebuild().await.unwrap();
    assert_eq!(years(store, 1).await, [2026, 2025]);
    assert!(projector.is_set_aside(3));
    assert_eq!(projector.health().failures.len(), read_models().len());
}

/// Fails on every event outside a residence's ledger: a failure no residence can be blamed for.
struct FailsOutsideResidences;

#[async_trait]
impl ReadModel for FailsOutsideResidences {
    fn name(&self) -> &'static str {
        "test_fails_outside_residences"
    }
    fn version(&self) -> i64 {
        1
    }
    fn schema(&self) -> &'static str {
        "CREATE TABLE IF NOT EXISTS test_fails_outside_residences (position BIGINT PRIMARY KEY)"
    }
    fn tables(&self) -> &'static [&'static str] {
        &["test_fails_outside_residences"]
    }
    async fn apply_all(
        &self,
        conn: &mut AnyConnection,
        events: &[ProjectedEvent],
    ) -> Result<(), ProjectionError> {
        for event in events {
            if event.residence().is_none() {
                return Err(ProjectionError::decode(
                    &event.stored,
                    "not a residence's event",
                ));
            }
            sqlx::query("INSERT INTO test_fails_outside_residences (position) VALUES ($1)")
                .bind(event.position())
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    }
}

async fn a_rebuild_that_fails_leaves_the_read_models_as_they_were(store: &TestStore) {
    // Given read models up to date with two years of residence 1 and an event outside any
    // residence (which the product's models ignore)
    open_year(store, "1", 2025).await;
    open_year(store, "1", 2026).await;
    append_unreadable(store, "AutreFlux", "x").await;
    Projector::new(store.db.clone(), read_models())
        .catch_up()
        .await
        .unwrap();
    let before = checkpoints(store).await;

    // When a rebuild with a model that fails on that event runs
    let mut models = read_models();
    models.push(Box::new(FailsOutsideResidences));
    let failed = Projector::new(store.db.clone(), models).rebuild().await;

    // Then it fails and the read models and their checkpoints are untouched
    assert!(failed.is_err());
    assert_eq!(years(store, 1).await, [2026, 2025]);
    assert_eq!(checkpoints(store).await, before);

    // And a rebuild of the product's models still succeeds afterwards
    let projector = Projector::new(store.db.clone(), read_models());
    projector.rebuild().await.unwrap();
    assert_eq!(years(store, 1).await, [2026, 2025]);
    assert!(projector.health().failures.is_empty());
}

async fn a_rebuild_replaces_the_tables_and_keeps_up_with_later_events(store: &TestStore) {
    // Given residence 1's books projected, with a stray row in a read model's table
    open_year(store, "1", 2025).await;
    let projector = Projector::new(store.db.clone(), read_models());
    projector.catch_up().await.unwrap();
    sqlx::query("DELETE FROM exercices_view")
        .execute(&store.db.pool)
        .await
        .unwrap();
    assert!(years(store, 1).await.is_empty());

    // When the read models are rebuilt, and the live projector goes on afterwards
    projector.rebuild().await.unwrap();
    open_year(store, "1", 2026).await;
    projector.catch_up().await.unwrap();

    // Then the tables hold what the journal says, indexes included, and stay current
    assert_eq!(years(store, 1).await, [2026, 2025]);
    let head = Journal::new(store.db.clone())
        .head_position()
        .await
        .unwrap();
    for (model, position) in checkpoints(store).await {
        if model != daftar_projections::projector::LOCK_ROW {
            assert_eq!(position, head, "{model}");
        }
    }
}

/// A NUL character in a text: PostgreSQL refuses it in a `TEXT` column, SQLite keeps it. On
/// PostgreSQL this event once stopped every residence's read models, and a rebuild emptied them.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn on_postgresql_a_nul_character_sets_only_its_residence_aside() {
    let store = support::postgres().await;
    // Given residence 1 registering a property whose name holds a NUL, and residence 2 a normal one
    register_property(&store, "2", "B1").await;
    register_property(&store, "1", "A\u{0}1").await;
    register_property(&store, "2", "B2").await;
    let projector = Projector::new(store.db.clone(), read_models());

    // When the projector catches up, then the read models are rebuilt
    projector.catch_up().await.unwrap();
    let names = |rows: Vec<daftar_projections::proprietes::ProprieteRow>| {
        rows.into_iter().map(|row| row.nom).collect::<Vec<_>>()
    };
    let listed = daftar_projections::proprietes::list(&store.db, 2)
        .await
        .unwrap();
    assert_eq!(names(listed), ["B1", "B2"]);
    assert!(projector.is_set_aside(1));
    projector.rebuild().await.unwrap();

    // Then residence 2's properties are listed, and only residence 1 is set aside, by the
    // properties model
    let listed = daftar_projections::proprietes::list(&store.db, 2)
        .await
        .unwrap();
    assert_eq!(names(listed), ["B1", "B2"]);
    let failures = projector.health().failures;
    assert_eq!(failures.len(), 1, "{failures:?}");
    assert_eq!(
        (failures[0].residence_id, failures[0].model.as_str()),
        (1, "proprietes")
    );
    assert!(!projector.is_set_aside(2));
    store.cleanup().await;
}
