//! Audit anchors: a history rewritten with every later hash recomputed passes the chain check
//! but not the signed anchor taken before.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use chrono::NaiveDate;
use daftar_domain::assemblees::{Assemblees, AssembleesCommand, Heure};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_projections::anchor::{self, AnchorError};
use daftar_projections::chain::{event_hash, GENESIS_HASH};
use daftar_projections::{audit, CommandMetadata, Journal, Ledger};
use support::TestStore;

on_both_stores!(
    a_rewritten_history_passes_the_chain_but_not_the_anchor,
    an_anchor_signed_by_another_key_is_refused,
    an_assemblys_rewritten_minutes_break_the_anchor,
);

const LEDGER: &str = <GrandLivre as cqrs_es::Aggregate>::TYPE;
const ASSEMBLEES: &str = <Assemblees as cqrs_es::Aggregate>::TYPE;

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
async fn rewrite_first_event(
    store: &TestStore,
    aggregate_type: &str,
    residence: &str,
    new_payload: &str,
) {
    let journal = Journal::new(store.db.clone());
    let mut events = journal
        .load_stream(aggregate_type, residence, 0)
        .await
        .unwrap();
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
        .bind(aggregate_type)
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
    let signed = anchor::anchor(&journal, &key, "2026-11-22T10:00:00Z")
        .await
        .unwrap();
    assert_eq!(signed.heads.len(), 2);
    assert!(anchor::verify(&journal, &signed, &trusted)
        .await
        .unwrap()
        .is_empty());

    // When residence 1's first event is rewritten and every later hash recomputed
    let events = journal.load_stream(LEDGER, "1", 0).await.unwrap();
    let forged = events[0].payload.replace("2025", "2024");
    assert_ne!(forged, events[0].payload);
    rewrite_first_event(store, LEDGER, "1", &forged).await;

    // Then the chain alone looks intact, but the anchor names residence 1 at its anchored head
    let report = audit::verify(&journal, LEDGER, None).await.unwrap();
    assert!(report.is_intact(), "{report:?}");
    let mismatches = anchor::verify(&journal, &signed, &trusted).await.unwrap();
    assert_eq!(mismatches.len(), 1, "{mismatches:?}");
    assert_eq!(
        (
            mismatches[0].aggregate_type.as_str(),
            mismatches[0].residence_id.as_str(),
            mismatches[0].sequence
        ),
        (LEDGER, "1", 2)
    );
}

async fn an_assemblys_rewritten_minutes_break_the_anchor(store: &TestStore) {
    // Given a residence's books and a general assembly, anchored together
    open_years(store, "1", &[2026]).await;
    let assemblees = Ledger::<Assemblees>::new(store.db.clone(), ());
    let creer = AssembleesCommand::Creer {
        titre: "AGO 2026".into(),
        lieu: "Salle commune".into(),
        date: NaiveDate::from_ymd_opt(2026, 5, 23).unwrap(),
        heure: Heure::par_defaut(),
        aujourdhui: NaiveDate::from_ymd_opt(2026, 4, 1).unwrap(),
    };
    let metadata = CommandMetadata {
        acting_user: "1".into(),
        request_id: "test".into(),
    };
    assemblees.execute("1", creer, &metadata).await.unwrap();
    let journal = Journal::new(store.db.clone());
    let key = anchor::generate_key().unwrap();
    let trusted = anchor::public_key(&key).unwrap();
    let signed = anchor::anchor(&journal, &key, "2026-11-26T10:00:00Z")
        .await
        .unwrap();
    let types: Vec<&str> = signed
        .heads
        .iter()
        .map(|head| head.aggregate_type.as_str())
        .collect();
    assert_eq!(types, [LEDGER, ASSEMBLEES]);

    // When the meeting's record is rewritten with its hashes recomputed
    let events = journal.load_stream(ASSEMBLEES, "1", 0).await.unwrap();
    let forged = events[0].payload.replace("AGO 2026", "AGE 2026");
    assert_ne!(forged, events[0].payload);
    rewrite_first_event(store, ASSEMBLEES, "1", &forged).await;

    // Then the anchor names the assemblies' stream, not the books'
    let mismatches = anchor::verify(&journal, &signed, &trusted).await.unwrap();
    assert_eq!(mismatches.len(), 1, "{mismatches:?}");
    assert_eq!(
        (
            mismatches[0].aggregate_type.as_str(),
            mismatches[0].residence_id.as_str()
        ),
        (ASSEMBLEES, "1")
    );
}

async fn an_anchor_signed_by_another_key_is_refused(store: &TestStore) {
    // Given an anchor, and someone who re-signs an edited anchor with a key of their own
    open_years(store, "1", &[2026]).await;
    let journal = Journal::new(store.db.clone());
    let key = anchor::generate_key().unwrap();
    let trusted = anchor::public_key(&key).unwrap();
    let genuine = anchor::anchor(&journal, &key, "2026-11-22T10:00:00Z")
        .await
        .unwrap();
    let other_key = anchor::generate_key().unwrap();
    let forged = anchor::anchor(&journal, &other_key, "2026-11-22T10:00:00Z")
        .await
        .unwrap();
    let mut edited = genuine.clone();
    edited.heads[0].hash = "0".repeat(64);

    // Then only the genuine anchor verifies against the trusted key
    assert!(anchor::verify(&journal, &genuine, &trusted).await.is_ok());
    let untrusted = anchor::verify(&journal, &forged, &trusted).await;
    assert!(matches!(untrusted, Err(AnchorError::UntrustedSigner)));
    let tampered = anchor::verify(&journal, &edited, &trusted).await;
    assert!(matches!(tampered, Err(AnchorError::BadSignature)));
}
