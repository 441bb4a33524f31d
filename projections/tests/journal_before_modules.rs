//! A journal written before each module had its own commands and events (the flat
//! `GrandLivreEvent` of one enum) still verifies, replays and projects, and every event reads
//! back to the very bytes that were stored: its type name and its canonical payload.
//!
//! The fixture (`fixtures/journal-before-modules.jsonl`) was written by that earlier code: two
//! residences, every one of its 18 event types, hashes chained as they were stored.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use cqrs_es::DomainEvent;
use daftar_domain::grand_livre::GrandLivre;
use daftar_projections::chain::canonical_json;
use daftar_projections::journal::StoredEvent;
use daftar_projections::ledger::decode;
use daftar_projections::{audit, read_models, Projector};
use support::TestStore;

const FIXTURE: &str = include_str!("fixtures/journal-before-modules.jsonl");

fn fixture() -> Vec<StoredEvent> {
    FIXTURE
        .lines()
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line).expect("fixture line");
            let text = |key: &str| row[key].as_str().expect(key).to_owned();
            StoredEvent {
                position: row["position"].as_i64().expect("position"),
                aggregate_type: text("aggregate_type"),
                aggregate_id: text("aggregate_id"),
                sequence: row["sequence"].as_i64().expect("sequence"),
                event_type: text("event_type"),
                event_version: text("event_version"),
                payload: text("payload"),
                metadata: text("metadata"),
                recorded_at: text("recorded_at"),
                hash: text("hash"),
            }
        })
        .collect()
}

/// Writes the fixture's rows as they are, as a restore of a backup would.
async fn restore(store: &TestStore, events: &[StoredEvent]) {
    for event in events {
        sqlx::query(
            "INSERT INTO events (position, aggregate_type, aggregate_id, sequence, event_type, \
             event_version, payload, metadata, recorded_at, hash) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(event.position)
        .bind(&event.aggregate_type)
        .bind(&event.aggregate_id)
        .bind(event.sequence)
        .bind(&event.event_type)
        .bind(&event.event_version)
        .bind(&event.payload)
        .bind(&event.metadata)
        .bind(&event.recorded_at)
        .bind(&event.hash)
        .execute(&store.db.pool)
        .await
        .expect("restore an event");
    }
    let last = events.last().map_or(0, |event| event.position);
    sqlx::query("UPDATE event_log_head SET position = $1 WHERE id = 1")
        .bind(last)
        .execute(&store.db.pool)
        .await
        .expect("journal head");
}

async fn a_journal_written_before_modules_verifies_and_reads_back_byte_for_byte(store: &TestStore) {
    let events = fixture();
    let types: std::collections::BTreeSet<&str> =
        events.iter().map(|e| e.event_type.as_str()).collect();
    assert_eq!(types.len(), 18, "the fixture covers every event type");
    restore(store, &events).await;

    let journal = daftar_projections::Journal::new(store.db.clone());
    let report = audit::verify(&journal, "grand_livre", None)
        .await
        .expect("audit");
    assert!(report.is_intact(), "{report:?}");
    assert_eq!(report.events_verified, events.len());

    for stored in &events {
        let event = decode::<GrandLivre>(stored).expect("decodes with today's modules");
        assert_eq!(event.event_type(), stored.event_type);
        assert_eq!(event.event_version(), stored.event_version);
        let written = canonical_json(&serde_json::to_value(&event).expect("serializes"));
        assert_eq!(written, stored.payload, "{}", stored.event_type);
    }

    let ledger = daftar_projections::Ledger::<GrandLivre>::new(store.db.clone(), ());
    let livre = ledger.current("1").await.expect("replay");
    assert!(livre.exercices.statut(2025).is_some());
    assert_eq!(livre.proprietes.len(), 2);

    let projector = Projector::new(store.db.clone(), read_models());
    let reached = projector.catch_up().await.expect("projects every event");
    assert_eq!(reached, events.last().map_or(0, |e| e.position));
}

on_both_stores!(a_journal_written_before_modules_verifies_and_reads_back_byte_for_byte);
