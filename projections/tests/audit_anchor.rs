//! Audit anchors: a history rewritten with every later hash recomputed passes the chain check
//! but not the signed anchor taken before.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_projections::anchor::{self, AnchorError};
use daftar_projections::chain::{event_hash, GENESIS_HASH};
use daftar_projections::{audit, CommandMetadata, Journal, Ledger};
use support::TestStore;

on_both_stores!(
    a_rewritten_history_passes_the_chain_but_not_the_anchor,
    an_anchor_signed_by_another_key_is_refused,
);

const LEDGER: &str = <GrandLivre as cqrs_es::Aggregate>::TYPE;

async fn open_years(store: &TestStore, residence: &str, years: &[i32]) {
    let ledger = Ledger::<GrandLivre>::new(store.db.clone(), ());
    let metadata = CommandMetadata {
        acting_user: "1".into(),
        request_id: "test".into(),
    };
    for annee in years {
        let command: GrandLivreCommand = ExerciceCommand::OuvrirExercice { annee: *annee }.into();
        ledger.execute(residence, command, &metadata).await.unwrap();
    }
}

/// What someone with write access to the database could do: change an event and recompute the
/// hashes of it and every later event of its stream.
async fn rewrite_first_event(store: &TestStore, residence: &str, new_payload: &str) {
    let journal = Journal::new(store.db.clone());
    let mut events = journal.load_stream(LEDGER, residence, 0).await.unwrap();
    events[0].payload = new_payload.to_owned();
    let mut previous = GENESIS_HASH.to_owned();
    for event in &events {
        let hash = event_hash(&previous, event.chained_fields());
        sqlx::query(
            "UPDATE events SET payload = $1, hash = $2 \
             WHERE aggregate_type = $3 AND aggregate_id = $4 AND sequence = $5",
        )
        .bind(&event.payload)
        .bind(&hash)
        .bind(LEDGER)
        .bind(residence)
        .bind(event.sequence)
        .execute(&store.db.pool)
        .await
        .unwrap();
        previous = hash;
    }
}

async fn a_rewritten_history_passes_the_chain_but_not_the_anchor(store: &TestStore) {
    // Given two residences' ledgers and an anchor signed with a key kept outside the database
    open_years(store, "1", &[2025, 2026]).await;
    open_years(store, "2", &[2026]).await;
    let journal = Journal::new(store.db.clone());
    let key = anchor::generate_key().unwrap();
    let trusted = anchor::public_key(&key).unwrap();
    let signed = anchor::anchor(&journal, LEDGER, &key, "2026-11-22T10:00:00Z")
        .await
        .unwrap();
    assert_eq!(signed.heads.len(), 2);
    assert!(anchor::verify(&journal, LEDGER, &signed, &trusted)
        .await
        .unwrap()
        .is_empty());

    // When residence 1's first event is rewritten and every later hash recomputed
    let events = journal.load_stream(LEDGER, "1", 0).await.unwrap();
    let forged = events[0].payload.replace("2025", "2024");
    assert_ne!(forged, events[0].payload);
    rewrite_first_event(store, "1", &forged).await;

    // Then the chain alone looks intact, but the anchor names residence 1 at its anchored head
    let report = audit::verify(&journal, LEDGER, None).await.unwrap();
    assert!(report.is_intact(), "{report:?}");
    let mismatches = anchor::verify(&journal, LEDGER, &signed, &trusted)
        .await
        .unwrap();
    assert_eq!(mismatches.len(), 1, "{mismatches:?}");
    assert_eq!(
        (mismatches[0].residence_id.as_str(), mismatches[0].sequence),
        ("1", 2)
    );
}

async fn an_anchor_signed_by_another_key_is_refused(store: &TestStore) {
    // Given an anchor, and someone who re-signs an edited anchor with a key of their own
    open_years(store, "1", &[2026]).await;
    let journal = Journal::new(store.db.clone());
    let key = anchor::generate_key().unwrap();
    let trusted = anchor::public_key(&key).unwrap();
    let genuine = anchor::anchor(&journal, LEDGER, &key, "2026-11-22T10:00:00Z")
        .await
        .unwrap();
    let other_key = anchor::generate_key().unwrap();
    let forged = anchor::anchor(&journal, LEDGER, &other_key, "2026-11-22T10:00:00Z")
        .await
        .unwrap();
    let mut edited = genuine.clone();
    edited.heads[0].hash = "0".repeat(64);

    // Then only the genuine anchor verifies against the trusted key
    assert!(anchor::verify(&journal, LEDGER, &genuine, &trusted)
        .await
        .is_ok());
    let untrusted = anchor::verify(&journal, LEDGER, &forged, &trusted).await;
    assert!(matches!(untrusted, Err(AnchorError::UntrustedSigner)));
    let tampered = anchor::verify(&journal, LEDGER, &edited, &trusted).await;
    assert!(matches!(tampered, Err(AnchorError::BadSignature)));
}
