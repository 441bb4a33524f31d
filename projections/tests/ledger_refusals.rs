//! The ledger's rarest path, on both stores: a command whose handler writes an event and then
//! refuses. No product handler does this today (they refuse before writing), but the ledger
//! must not let such a half-decision reach the journal, the warm state or the other commands
//! decided in the same batch.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, AggregateError, DomainEvent};
use daftar_projections::{audit, CommandMetadata, Ledger};
use serde::{Deserialize, Serialize};
use support::TestStore;

/// A cash box: a deposit writes its credit first, then checks its rule.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Caisse {
    solde: i64,
    depots: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum CaisseEvent {
    Credite { millimes: i64 },
}

impl DomainEvent for CaisseEvent {
    fn event_type(&self) -> String {
        "Credite".to_owned()
    }
    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
#[error("deposit {0} refused after its credit was written")]
struct RefusApresEcriture(i64);

impl Aggregate for Caisse {
    const TYPE: &'static str = "test_caisse";
    /// A deposit in millimes; a negative one is refused once its credit is written.
    type Command = i64;
    type Event = CaisseEvent;
    type Error = RefusApresEcriture;
    type Services = ();

    async fn handle(
        &mut self,
        depot: i64,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), RefusApresEcriture> {
        sink.write(
            CaisseEvent::Credite {
                millimes: depot.abs(),
            },
            self,
        )
        .await;
        if depot < 0 {
            return Err(RefusApresEcriture(depot));
        }
        Ok(())
    }

    fn apply(&mut self, CaisseEvent::Credite { millimes }: CaisseEvent) {
        self.solde += millimes;
        self.depots += 1;
    }
}

async fn a_refusal_after_a_write_leaves_no_trace_and_spares_its_batch(store: &TestStore) {
    let ledger: Ledger<Caisse> = Ledger::new(store.db.clone(), ());
    let meta = CommandMetadata {
        acting_user: "1".to_owned(),
        request_id: "req-1".to_owned(),
    };
    ledger.execute("c", 1_000, &meta).await.unwrap();
    // Given 30 deposits at once on one stream (decided in shared batches), every third of
    // which writes its credit and then refuses,
    let deposits: Vec<i64> = (1..=30)
        .map(|n| if n % 3 == 0 { -n } else { n * 10 })
        .collect();
    let tasks: Vec<_> = deposits
        .iter()
        .map(|&depot| {
            let ledger = ledger.clone();
            let meta = meta.clone();
            tokio::spawn(async move { (depot, ledger.execute("c", depot, &meta).await) })
        })
        .collect();
    // when they are answered,
    let mut accepted = 0_i64;
    for task in tasks {
        let (depot, answer) = task.await.unwrap();
        match answer {
            Ok(committed) if depot > 0 => {
                assert_eq!(committed.events.len(), 1, "deposit {depot}");
                accepted += depot;
            }
            Err(AggregateError::UserError(refusal)) if depot < 0 => {
                assert_eq!(refusal, RefusApresEcriture(depot));
            }
            other => panic!("deposit {depot}: {other:?}"),
        }
    }
    // then only the accepted deposits are in the journal and in the warm state, which equals a
    // replay, and the chain is intact.
    let stored = ledger
        .journal()
        .load_stream(Caisse::TYPE, "c", 0)
        .await
        .unwrap();
    assert_eq!(stored.len(), 1 + 20);
    let warm = ledger.current("c").await.unwrap();
    assert_eq!(
        warm,
        Caisse {
            solde: 1_000 + accepted,
            depots: 21
        }
    );
    let cold = Ledger::<Caisse>::new(store.db.clone(), ())
        .current("c")
        .await
        .unwrap();
    assert_eq!(warm, cold);
    let report = audit::verify(ledger.journal(), Caisse::TYPE, Some("c"))
        .await
        .unwrap();
    assert!(report.is_intact(), "{report:?}");
}

on_both_stores!(a_refusal_after_a_write_leaves_no_trace_and_spares_its_batch);
