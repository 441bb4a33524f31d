//! The command side: load a residence's ledger, let the aggregate decide, append what it
//! decided. Aggregates stay warm in memory between commands, so a command costs one
//! transaction whatever the length of the stream's history.
//!
//! Why not cqrs-es's stores (STACK.md "facts that change the design"): its plain event store
//! replays the whole stream on every command, and its snapshot and aggregate stores save
//! corrupted state. We keep cqrs-es's `Aggregate`, `EventSink`, `DomainEvent`, `EventEnvelope`
//! and `AggregateError` contracts and write the loop ourselves.
//!
//! Concurrency: within one process, commands on one stream queue on that stream's async mutex
//! (no wasted work). Across processes (several API servers on one PostgreSQL), the journal's
//! optimistic check rejects a stale decision; the ledger then reloads the stream and decides
//! again, up to [`MAX_ATTEMPTS`] times. A command is thus never lost and never applied twice.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex as StdMutex};

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, AggregateError, DomainEvent, EventEnvelope};
use tokio::sync::{watch, Mutex};

use crate::chain::{canonical_json, GENESIS_HASH};
use crate::db::{timestamp, Database};
use crate::journal::{AppendError, ExpectedHead, Journal, NewEvent, StoredEvent};

/// How many times a command is decided again after losing a race to another writer.
pub const MAX_ATTEMPTS: u32 = 8;

/// Who and what caused a command: stored with every event it produced.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandMetadata {
    /// The acting user's id, or `cli:<name>` for provisioning commands.
    pub acting_user: String,
    pub request_id: String,
}

impl CommandMetadata {
    fn to_map(&self) -> BTreeMap<String, String> {
        BTreeMap::from([
            ("acting_user".to_owned(), self.acting_user.clone()),
            ("request_id".to_owned(), self.request_id.clone()),
        ])
    }
}

/// The result of a command that produced events.
#[derive(Debug)]
pub struct Committed<A: Aggregate> {
    pub events: Vec<EventEnvelope<A>>,
    /// The global position of the last event written (0 when the command produced none).
    pub last_position: i64,
}

/// A stream's aggregate held in memory, with the last sequence it reflects.
pub struct Warm<A> {
    aggregate: A,
    sequence: i64,
    hash: String,
}

type Slot<A> = Arc<Mutex<Option<Warm<A>>>>;

/// The command bus for one aggregate type over the journal.
pub struct Ledger<A: Aggregate> {
    journal: Journal,
    services: A::Services,
    streams: StdMutex<HashMap<String, Slot<A>>>,
    committed: watch::Sender<i64>,
}

impl<A> Ledger<A>
where
    A: Aggregate,
    A::Command: Clone,
{
    pub fn new(db: Database, services: A::Services) -> Self {
        let (committed, _) = watch::channel(0);
        Ledger {
            journal: Journal::new(db),
            services,
            streams: StdMutex::new(HashMap::new()),
            committed,
        }
    }

    pub fn journal(&self) -> &Journal {
        &self.journal
    }

    /// Wakes whoever projects the journal each time this ledger commits (the projector).
    pub fn subscribe_commits(&self) -> watch::Receiver<i64> {
        self.committed.subscribe()
    }

    fn slot(&self, aggregate_id: &str) -> Slot<A> {
        let mut streams = match self.streams.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        streams.entry(aggregate_id.to_owned()).or_default().clone()
    }

    /// Runs `command` against the stream `aggregate_id` and appends the resulting events.
    pub async fn execute(
        &self,
        aggregate_id: &str,
        command: A::Command,
        metadata: &CommandMetadata,
    ) -> Result<Committed<A>, AggregateError<A::Error>> {
        let slot = self.slot(aggregate_id);
        let mut warm = slot.lock().await;
        let metadata_map = metadata.to_map();
        let metadata_text =
            canonical_json(&serde_json::to_value(&metadata_map).map_err(unexpected)?);
        for attempt in 0..MAX_ATTEMPTS {
            let (state, fresh) = match warm.take() {
                Some(state) => (state, false),
                None => (self.replay(aggregate_id).await?, true),
            };
            let Warm {
                mut aggregate,
                sequence,
                hash,
            } = state;
            let sink = EventSink::default();
            // `handle` mutates the aggregate through the sink as it decides. A refusal
            // usually comes before any write; if it comes after one, the state is dropped and
            // the next command replays it from the journal.
            let decided = aggregate
                .handle(command.clone(), &self.services, &sink)
                .await;
            let events = sink.collect().await;
            if let Err(refusal) = decided {
                // A refusal decided on warm state must not rest on stale state: another server
                // may have appended since (opened the exercice, cancelled a payment). One cheap
                // look at the stream's head; if it moved, replay and decide again.
                if !fresh && self.head_moved(aggregate_id, sequence).await? {
                    continue;
                }
                if events.is_empty() {
                    *warm = Some(Warm {
                        aggregate,
                        sequence,
                        hash,
                    });
                }
                return Err(AggregateError::UserError(refusal));
            }
            if events.is_empty() {
                *warm = Some(Warm {
                    aggregate,
                    sequence,
                    hash,
                });
                return Ok(Committed {
                    events: Vec::new(),
                    last_position: 0,
                });
            }
            let new_events = events
                .iter()
                .map(|event| {
                    Ok(NewEvent {
                        event_type: event.event_type(),
                        event_version: event.event_version(),
                        payload: canonical_json(&serde_json::to_value(event)?),
                    })
                })
                .collect::<Result<Vec<_>, serde_json::Error>>()
                .map_err(unexpected)?;
            let recorded_at = timestamp(chrono::Utc::now());
            match self
                .journal
                .append(
                    ExpectedHead {
                        aggregate_type: A::TYPE,
                        aggregate_id,
                        sequence,
                        hash: &hash,
                    },
                    &new_events,
                    &metadata_text,
                    &recorded_at,
                )
                .await
            {
                Ok(appended) => {
                    *warm = Some(Warm {
                        aggregate,
                        sequence: appended.last_sequence,
                        hash: appended.last_hash,
                    });
                    self.committed.send_replace(appended.last_position);
                    let string_metadata: HashMap<String, String> = metadata_map
                        .iter()
                        .map(|(k, v)| (k.clone(), v.clone()))
                        .chain([("recorded_at".to_owned(), recorded_at.clone())])
                        .collect();
                    let envelopes = (sequence + 1..)
                        .zip(events)
                        .map(|(seq, payload)| EventEnvelope {
                            aggregate_id: aggregate_id.to_owned(),
                            sequence: usize::try_from(seq).unwrap_or_default(),
                            payload,
                            metadata: string_metadata.clone(),
                        })
                        .collect();
                    return Ok(Committed {
                        events: envelopes,
                        last_position: appended.last_position,
                    });
                }
                Err(AppendError::Conflict { .. }) => {
                    // Another process wrote first. Our aggregate already holds our rejected
                    // events, so rebuild it from the journal and decide again.
                    tracing::info!(
                        aggregate_id,
                        aggregate_type = A::TYPE,
                        attempt,
                        "append conflict, retrying"
                    );
                    tokio::time::sleep(conflict_backoff(attempt)).await;
                    continue;
                }
                Err(AppendError::Database(error)) => {
                    return Err(AggregateError::DatabaseConnectionError(Box::new(error)))
                }
            }
        }
        Err(AggregateError::AggregateConflict)
    }

    async fn head_moved(
        &self,
        aggregate_id: &str,
        sequence: i64,
    ) -> Result<bool, AggregateError<A::Error>> {
        let head = self
            .journal
            .head_sequence(A::TYPE, aggregate_id)
            .await
            .map_err(|error| AggregateError::DatabaseConnectionError(Box::new(error)))?;
        Ok(head != sequence)
    }

    /// The aggregate as the journal holds it now: the warm copy (replayed on first use) brought
    /// up to the stream's head. Used by read paths that need decision state, and by the test
    /// proving warm state equals a replay.
    pub async fn current(&self, aggregate_id: &str) -> Result<A, AggregateError<A::Error>>
    where
        A: Clone,
    {
        self.read(aggregate_id, A::clone).await
    }

    /// Runs `read` on the aggregate as the journal holds it now, without copying it: the warm
    /// copy (replayed on first use) first takes the events other servers appended since (one
    /// indexed query, usually empty), so every server answers with every committed event. For
    /// answers built from decision state on hot paths.
    pub async fn read<R>(
        &self,
        aggregate_id: &str,
        read: impl FnOnce(&A) -> R,
    ) -> Result<R, AggregateError<A::Error>> {
        let slot = self.slot(aggregate_id);
        let mut warm = slot.lock().await;
        let state = match warm.take() {
            Some(state) => self.catch_up(aggregate_id, state).await?,
            None => self.replay(aggregate_id).await?,
        };
        let result = read(&state.aggregate);
        *warm = Some(state);
        Ok(result)
    }

    /// Applies to a warm aggregate the events appended after it (by another server). On a
    /// failure the partly updated state is dropped by the caller and replayed next time.
    async fn catch_up(
        &self,
        aggregate_id: &str,
        mut state: Warm<A>,
    ) -> Result<Warm<A>, AggregateError<A::Error>> {
        let tail = self
            .journal
            .load_stream(A::TYPE, aggregate_id, state.sequence)
            .await
            .map_err(|error| AggregateError::DatabaseConnectionError(Box::new(error)))?;
        for event in tail {
            state.aggregate.apply(decode::<A>(&event)?);
            state.sequence = event.sequence;
            state.hash = event.hash;
        }
        Ok(state)
    }

    /// Forgets every warm aggregate (the next command replays from the journal).
    pub fn forget_all(&self) {
        if let Ok(mut streams) = self.streams.lock() {
            streams.clear();
        }
    }

    /// Builds an aggregate from the journal: a full replay of its stream.
    pub async fn replay(&self, aggregate_id: &str) -> Result<Warm<A>, AggregateError<A::Error>> {
        let stored = self
            .journal
            .load_stream(A::TYPE, aggregate_id, 0)
            .await
            .map_err(|error| AggregateError::DatabaseConnectionError(Box::new(error)))?;
        let mut aggregate = A::default();
        let mut sequence = 0;
        let mut hash = GENESIS_HASH.to_owned();
        for event in stored {
            aggregate.apply(decode::<A>(&event)?);
            sequence = event.sequence;
            hash = event.hash;
        }
        Ok(Warm {
            aggregate,
            sequence,
            hash,
        })
    }
}

impl<A> Warm<A> {
    pub fn aggregate(&self) -> &A {
        &self.aggregate
    }

    pub fn sequence(&self) -> i64 {
        self.sequence
    }
}

/// Decodes a stored event's payload into the aggregate's event type.
pub fn decode<A: Aggregate>(event: &StoredEvent) -> Result<A::Event, AggregateError<A::Error>> {
    serde_json::from_str(&event.payload).map_err(|error| {
        tracing::error!(
            aggregate_type = %event.aggregate_type,
            aggregate_id = %event.aggregate_id,
            sequence = event.sequence,
            event_type = %event.event_type,
            "stored event does not decode"
        );
        AggregateError::DeserializationError(Box::new(error))
    })
}

/// A short randomized pause before deciding again, growing with each lost race, so that two
/// servers contending for one stream do not keep colliding in lockstep.
fn conflict_backoff(attempt: u32) -> std::time::Duration {
    let ceiling_ms = 2_u64.pow(attempt.min(7));
    let jitter = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| u64::from(elapsed.subsec_nanos()))
        .unwrap_or(0);
    std::time::Duration::from_micros(jitter % (ceiling_ms * 1_000) + 500)
}

fn unexpected<E: std::error::Error + Send + Sync + 'static, T: std::error::Error>(
    error: E,
) -> AggregateError<T> {
    AggregateError::UnexpectedError(Box::new(error))
}
