//! `daftar audit verify`: recompute every hash chain and report the first broken link.

use cqrs_es::Aggregate;
use daftar_domain::assemblees::Assemblees;
use daftar_domain::grand_livre::GrandLivre;
use daftar_domain::visibilite::Visibilites;
use daftar_domain::votes::Votes;

use crate::chain::{event_hash, GENESIS_HASH};
use crate::journal::Journal;

/// Where a stream's chain breaks, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrokenLink {
    pub aggregate_type: String,
    pub aggregate_id: String,
    pub sequence: i64,
    pub reason: String,
}

/// The result of verifying one or more streams.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AuditReport {
    pub streams_verified: usize,
    pub events_verified: usize,
    /// The first broken link of each broken stream.
    pub broken: Vec<BrokenLink>,
}

impl AuditReport {
    pub fn is_intact(&self) -> bool {
        self.broken.is_empty()
    }
}

/// Every aggregate type of the journal, each stream keyed by its residence id: the books
/// (`grand_livre`), the general assemblies (`assemblees`), the votes (`votes`) and the history
/// of the co-owners' visibility rights (`visibilite`), ADR 0005.
pub const AGGREGATE_TYPES: [&str; 4] = [
    GrandLivre::TYPE,
    Assemblees::TYPE,
    Votes::TYPE,
    Visibilites::TYPE,
];

/// Verifies the chains of every aggregate type (every residence, or only residence stream
/// `only_id` of each type).
pub async fn verify_all(
    journal: &Journal,
    only_id: Option<&str>,
) -> Result<AuditReport, sqlx::Error> {
    let mut report = AuditReport::default();
    for aggregate_type in AGGREGATE_TYPES {
        let part = verify(journal, aggregate_type, only_id).await?;
        report.streams_verified += part.streams_verified;
        report.events_verified += part.events_verified;
        report.broken.extend(part.broken);
    }
    Ok(report)
}

/// Verifies the chains of `aggregate_type` (all streams, or only `only_id`).
pub async fn verify(
    journal: &Journal,
    aggregate_type: &str,
    only_id: Option<&str>,
) -> Result<AuditReport, sqlx::Error> {
    let mut report = AuditReport::default();
    for aggregate_id in journal.streams(aggregate_type, only_id).await? {
        report.streams_verified += 1;
        let events = journal
            .load_stream(aggregate_type, &aggregate_id, 0)
            .await?;
        let mut previous_hash = GENESIS_HASH.to_owned();
        for (expected_sequence, event) in (1_i64..).zip(&events) {
            let broken = |reason: String| BrokenLink {
                aggregate_type: aggregate_type.to_owned(),
                aggregate_id: aggregate_id.clone(),
                sequence: event.sequence.min(expected_sequence),
                reason,
            };
            if event.sequence != expected_sequence {
                report.broken.push(broken(format!(
                    "sequence {} missing (found {})",
                    expected_sequence, event.sequence
                )));
                break;
            }
            let recomputed = event_hash(&previous_hash, event.chained_fields());
            if recomputed != event.hash {
                report.broken.push(broken(
                    "stored hash does not match the event's content and its predecessor".to_owned(),
                ));
                break;
            }
            report.events_verified += 1;
            previous_hash = recomputed;
        }
    }
    Ok(report)
}
