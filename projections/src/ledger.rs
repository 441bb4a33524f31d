//! The command side: load a residence's ledger, let the aggregate decide, append what it
//! decided. Aggregates stay warm in memory between commands, so a command costs one
//! transaction whatever the length of the stream's history.
//!
//! Why not cqrs-es's stores (STACK.md "facts that change the design"): its plain event store
//! replays the whole stream on every command, and its snapshot and aggregate stores save
//! corrupted state. We keep cqrs-es's `Aggregate`, `EventSink`, `DomainEvent`, `EventEnvelope`
//! and `AggregateError` contracts and write the loop ourselves.
//!
//! Concurrency: within one process, commands on one stream queue on that stream (no wasted
//! work), and whoever takes the stream decides every queued command in order and appends all
//! their events in one journal append (group commit): under load, one transaction and one disk
//! sync serve many commands, each command keeping its own metadata, sequences and answer.
//! Across processes (several API servers on one PostgreSQL), the journal's optimistic check
//! rejects a stale decision; the ledger then reloads the stream and decides again, up to
//! [`MAX_ATTEMPTS`] times. A command is thus never lost and never applied twice.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex as StdMutex, MutexGuard};

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, AggregateError, DomainEvent, EventEnvelope};
use tokio::sync::{oneshot, watch, RwLock};

use crate::chain::{canonical_json, GENESIS_HASH};
use crate::db::{timestamp, Database};
use crate::journal::{AppendError, ExpectedHead, Journal, NewEvent, StoredEvent};

/// How many times a command is decided again after losing a race to another writer.
pub const MAX_ATTEMPTS: u32 = 8;

/// At most this many queued commands are decided and appended together.
pub const MAX_BATCH: usize = 64;

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
    /// The stream sequence of the last event written (0 when the command produced none).
    pub last_sequence: i64,
}

/// A stream's aggregate held in memory, with the last sequence it reflects.
pub struct Warm<A> {
    aggregate: A,
    sequence: i64,
    hash: String,
}

type Answer<A> = Result<Committed<A>, AggregateError<<A as Aggregate>::Error>>;

/// A command waiting on its stream to be decided and appended.
struct Pending<A: Aggregate> {
    command: A::Command,
    metadata: BTreeMap<String, String>,
    /// `metadata` as stored: canonical JSON.
    metadata_text: String,
    reply: oneshot::Sender<Answer<A>>,
}

/// What a command decided within a batch.
enum Decision<A: Aggregate> {
    Accepted(Vec<A::Event>),
    Refused(A::Error),
}

/// One stream: its warm aggregate and the commands waiting for it. Deciding and appending hold
/// the lock for writing; reads of an up-to-date aggregate share it.
struct Stream<A: Aggregate> {
    warm: RwLock<Option<Warm<A>>>,
    queue: StdMutex<Vec<Pending<A>>>,
}

impl<A: Aggregate> Default for Stream<A> {
    fn default() -> Self {
        Stream {
            warm: RwLock::new(None),
            queue: StdMutex::new(Vec::new()),
        }
    }
}

impl<A: Aggregate> Stream<A> {
    fn queue(&self) -> MutexGuard<'_, Vec<Pending<A>>> {
        match self.queue.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        }
    }

    /// The next commands to decide, oldest first.
    fn next_batch(&self) -> Vec<Pending<A>> {
        let mut queue = self.queue();
        let take = queue.len().min(MAX_BATCH);
        queue.drain(..take).collect()
    }
}

struct Inner<A: Aggregate> {
    journal: Journal,
    services: A::Services,
    streams: StdMutex<HashMap<String, Arc<Stream<A>>>>,
    committed: watch::Sender<i64>,
}

/// The command bus for one aggregate type over the journal. Cheap to clone (shared state).
pub struct Ledger<A: Aggregate> {
    inner: Arc<Inner<A>>,
}

impl<A: Aggregate> Clone for Ledger<A> {
    fn clone(&self) -> Self {
        Ledger {
            inner: self.inner.clone(),
        }
    }
}

impl<A> Ledger<A>
where
    A: Aggregate + 'static,
    A::Command: Clone + Send + Sync,
    A::Error: Send + Sync,
{
    pub fn new(db: Database, services: A::Services) -> Self {
        let (committed, _) = watch::channel(0);
        Ledger {
            inner: Arc::new(Inner {
                journal: Journal::new(db),
                services,
                streams: StdMutex::new(HashMap::new()),
                committed,
            }),
        }
    }

    pub fn journal(&self) -> &Journal {
        &self.inner.journal
    }

    /// Wakes whoever projects the journal each time this ledger commits (the projector).
    pub fn subscribe_commits(&self) -> watch::Receiver<i64> {
        self.inner.committed.subscribe()
    }

    /// Runs `command` against the stream `aggregate_id` and appends the resulting events.
    ///
    /// The command joins the stream's queue; the deciding and appending run in a task of their
    /// own, so that a caller who goes away (a closed HTTP connection) cannot interrupt a batch
    /// that carries other callers' commands.
    pub async fn execute(
        &self,
        aggregate_id: &str,
        command: A::Command,
        metadata: &CommandMetadata,
    ) -> Answer<A> {
        let metadata_map = metadata.to_map();
        let metadata_text =
            canonical_json(&serde_json::to_value(&metadata_map).map_err(unexpected)?);
        let (reply, answer) = oneshot::channel();
        let stream = self.inner.stream(aggregate_id);
        stream.queue().push(Pending {
            command,
            metadata: metadata_map,
            metadata_text,
            reply,
        });
        let inner = self.inner.clone();
        let aggregate_id = aggregate_id.to_owned();
        tokio::spawn(async move { inner.drain(&aggregate_id, &stream).await });
        answer.await.unwrap_or_else(|_| {
            Err(AggregateError::UnexpectedError(
                "the ledger task deciding this command ended without an answer".into(),
            ))
        })
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
    /// copy (replayed on first use) first takes the events other servers appended since, so
    /// every server answers with every committed event. The stream's head is read before
    /// taking the stream; reads of an up-to-date aggregate then share it (they wait only for a
    /// batch being decided and appended). For answers built from decision state on hot paths.
    pub async fn read<R>(
        &self,
        aggregate_id: &str,
        read: impl FnOnce(&A) -> R,
    ) -> Result<R, AggregateError<A::Error>> {
        self.read_versioned(aggregate_id, |aggregate, _| read(aggregate))
            .await
    }

    /// As [`Ledger::read`], and `read` is also given the sequence of the last event the
    /// aggregate reflects: the version of anything computed from it, which stays right for as
    /// long as the stream stays at that sequence (a cached answer).
    pub async fn read_versioned<R>(
        &self,
        aggregate_id: &str,
        read: impl FnOnce(&A, i64) -> R,
    ) -> Result<R, AggregateError<A::Error>> {
        let head = self.inner.head_sequence(aggregate_id).await?;
        self.read_from(aggregate_id, head, read).await
    }

    /// As [`Ledger::read_versioned`] for an aggregate that reflects at least stream sequence
    /// `sequence`, known without looking at the stream's head: the answer to a command this
    /// server just committed ([`Committed::last_sequence`]), or a request whose start the
    /// caller has placed after `sequence` by reading the head along with something else.
    pub async fn read_since<R>(
        &self,
        aggregate_id: &str,
        sequence: i64,
        read: impl FnOnce(&A, i64) -> R,
    ) -> Result<R, AggregateError<A::Error>> {
        self.read_from(aggregate_id, sequence, read).await
    }

    /// As [`Ledger::read_versioned`], holding the stream while `read` runs (and awaits): no
    /// command of this server is decided on the stream meanwhile, so what `read` reads
    /// elsewhere (the read models) can be brought to the same sequence as the aggregate it is
    /// given. Commands of other servers still append: a caller that needs to know checks the
    /// stream's head again before `read` returns. Commands of the stream wait for `read`: keep
    /// it short, and for answers that are computed once and kept (a dashboard's residence
    /// figures), not on every request.
    pub async fn read_holding<R>(
        &self,
        aggregate_id: &str,
        read: impl AsyncFnOnce(&A, i64) -> R,
    ) -> Result<R, AggregateError<A::Error>> {
        let head = self.inner.head_sequence(aggregate_id).await?;
        let stream = self.inner.stream(aggregate_id);
        loop {
            {
                let warm = stream.warm.read().await;
                if let Some(state) = warm.as_ref().filter(|state| state.sequence >= head) {
                    return Ok(read(&state.aggregate, state.sequence).await);
                }
            }
            // Brought up to the head under the write lock, then read again under the read lock.
            let mut warm = stream.warm.write().await;
            let state = match warm.take() {
                Some(state) if state.sequence >= head => state,
                Some(state) => self.inner.catch_up(aggregate_id, state).await?,
                None => self.inner.replay(aggregate_id).await?,
            };
            *warm = Some(state);
        }
    }

    /// Runs `read` on the warm aggregate once it reflects at least sequence `head`.
    async fn read_from<R>(
        &self,
        aggregate_id: &str,
        head: i64,
        read: impl FnOnce(&A, i64) -> R,
    ) -> Result<R, AggregateError<A::Error>> {
        let stream = self.inner.stream(aggregate_id);
        {
            let warm = stream.warm.read().await;
            if let Some(state) = warm.as_ref().filter(|state| state.sequence >= head) {
                return Ok(read(&state.aggregate, state.sequence));
            }
        }
        let mut warm = stream.warm.write().await;
        let state = match warm.take() {
            Some(state) if state.sequence >= head => state,
            Some(state) => self.inner.catch_up(aggregate_id, state).await?,
            None => self.inner.replay(aggregate_id).await?,
        };
        let result = read(&state.aggregate, state.sequence);
        *warm = Some(state);
        Ok(result)
    }

    /// Forgets every warm aggregate (the next command replays from the journal).
    pub fn forget_all(&self) {
        if let Ok(mut streams) = self.inner.streams.lock() {
            streams.clear();
        }
    }

    /// Builds an aggregate from the journal: a full replay of its stream.
    pub async fn replay(&self, aggregate_id: &str) -> Result<Warm<A>, AggregateError<A::Error>> {
        self.inner.replay(aggregate_id).await
    }
}

impl<A> Inner<A>
where
    A: Aggregate + 'static,
    A::Command: Clone + Send + Sync,
    A::Error: Send + Sync,
{
    fn stream(&self, aggregate_id: &str) -> Arc<Stream<A>> {
        let mut streams = match self.streams.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        streams.entry(aggregate_id.to_owned()).or_default().clone()
    }

    /// Takes the stream and decides everything queued on it, batch after batch. Every
    /// `execute` starts one; those that find the queue emptied by another have nothing to do.
    async fn drain(&self, aggregate_id: &str, stream: &Stream<A>) {
        let mut warm = stream.warm.write().await;
        loop {
            let batch = stream.next_batch();
            if batch.is_empty() {
                return;
            }
            self.decide_and_append(aggregate_id, &mut warm, batch).await;
        }
    }

    /// Decides `batch` in order on the warm aggregate and appends every accepted command's
    /// events in one journal append; then answers each command.
    async fn decide_and_append(
        &self,
        aggregate_id: &str,
        warm: &mut Option<Warm<A>>,
        mut batch: Vec<Pending<A>>,
    ) {
        // Only lost races count against MAX_ATTEMPTS: a command refused after writing leaves
        // the batch, so deciding again after one always ends.
        let mut attempt = 0;
        loop {
            let (state, fresh) = match warm.take() {
                Some(state) => (state, false),
                None => match self.replay(aggregate_id).await {
                    Ok(state) => (state, true),
                    Err(error) => return answer_all(batch, &error),
                },
            };
            let Warm {
                mut aggregate,
                sequence,
                hash,
            } = state;
            let mut decisions = Vec::with_capacity(batch.len());
            let mut refused_after_writing = None;
            for (index, pending) in batch.iter().enumerate() {
                let sink = EventSink::default();
                // `handle` mutates the aggregate through the sink as it decides. A refusal
                // usually comes before any write; one after a write leaves the aggregate
                // holding events nobody will append (handled below).
                let decided = aggregate
                    .handle(pending.command.clone(), &self.services, &sink)
                    .await;
                let events = sink.collect().await;
                match decided {
                    Ok(()) => decisions.push(Decision::Accepted(events)),
                    Err(refusal) if events.is_empty() => decisions.push(Decision::Refused(refusal)),
                    Err(refusal) => {
                        refused_after_writing = Some((index, refusal));
                        break;
                    }
                }
            }
            let refused_any = refused_after_writing.is_some()
                || decisions.iter().any(|d| matches!(d, Decision::Refused(_)));
            // A refusal decided on warm state must not rest on stale state: another server
            // may have appended since (opened the exercice, cancelled a payment). One cheap
            // look at the stream's head; if it moved, replay and decide again.
            if refused_any && !fresh {
                match self.head_sequence(aggregate_id).await {
                    Ok(head) if head != sequence => continue,
                    Ok(_) => {}
                    Err(error) => return answer_all(batch, &error),
                }
            }
            if let Some((index, refusal)) = refused_after_writing {
                // Answer that command, drop the state it spoiled, decide the others again.
                let pending = batch.remove(index);
                let _ = pending.reply.send(Err(AggregateError::UserError(refusal)));
                continue;
            }
            let new_events = match to_new_events(&batch, &decisions) {
                Ok(events) => events,
                Err(error) => return answer_all(batch, &error),
            };
            if new_events.is_empty() {
                *warm = Some(Warm {
                    aggregate,
                    sequence,
                    hash,
                });
                return answer_each(aggregate_id, batch, decisions, sequence, 0, "");
            }
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
                    return answer_each(
                        aggregate_id,
                        batch,
                        decisions,
                        sequence,
                        appended.first_position,
                        &recorded_at,
                    );
                }
                Err(AppendError::Conflict { .. }) => {
                    // Another process wrote first. Our aggregate already holds our rejected
                    // events, so rebuild it from the journal and decide again.
                    tracing::info!(
                        aggregate_id,
                        aggregate_type = A::TYPE,
                        attempt,
                        commands = batch.len(),
                        "append conflict, retrying"
                    );
                    tokio::time::sleep(conflict_backoff(attempt)).await;
                    attempt += 1;
                    if attempt == MAX_ATTEMPTS {
                        return answer_all(batch, &AggregateError::AggregateConflict);
                    }
                }
                Err(AppendError::Database(error)) => {
                    let error = AggregateError::DatabaseConnectionError(Box::new(error));
                    return answer_all(batch, &error);
                }
            }
        }
    }

    async fn head_sequence(&self, aggregate_id: &str) -> Result<i64, AggregateError<A::Error>> {
        self.journal
            .head_sequence(A::TYPE, aggregate_id)
            .await
            .map_err(|error| AggregateError::DatabaseConnectionError(Box::new(error)))
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

    /// A full replay: the catch-up of an empty aggregate.
    async fn replay(&self, aggregate_id: &str) -> Result<Warm<A>, AggregateError<A::Error>> {
        let empty = Warm {
            aggregate: A::default(),
            sequence: 0,
            hash: GENESIS_HASH.to_owned(),
        };
        self.catch_up(aggregate_id, empty).await
    }
}

/// The events of the accepted commands of a batch, in order, each with its command's metadata.
fn to_new_events<A: Aggregate>(
    batch: &[Pending<A>],
    decisions: &[Decision<A>],
) -> Result<Vec<NewEvent>, AggregateError<A::Error>> {
    let mut new_events = Vec::new();
    for (pending, decision) in batch.iter().zip(decisions) {
        let Decision::Accepted(events) = decision else {
            continue;
        };
        for event in events {
            new_events.push(NewEvent {
                event_type: event.event_type(),
                event_version: event.event_version(),
                payload: canonical_json(&serde_json::to_value(event).map_err(unexpected)?),
                metadata: pending.metadata_text.clone(),
            });
        }
    }
    Ok(new_events)
}

/// Answers each command of an appended (or event-less) batch: its envelopes, numbered from
/// `sequence + 1` in batch order, and the global position of its last event (positions of one
/// append are consecutive from `first_position`).
fn answer_each<A: Aggregate>(
    aggregate_id: &str,
    batch: Vec<Pending<A>>,
    decisions: Vec<Decision<A>>,
    mut sequence: i64,
    mut position: i64,
    recorded_at: &str,
) {
    for (pending, decision) in batch.into_iter().zip(decisions) {
        let answer = match decision {
            Decision::Refused(refusal) => Err(AggregateError::UserError(refusal)),
            Decision::Accepted(events) if events.is_empty() => Ok(Committed {
                events: Vec::new(),
                last_position: 0,
                last_sequence: 0,
            }),
            Decision::Accepted(events) => {
                let metadata: HashMap<String, String> = pending
                    .metadata
                    .into_iter()
                    .chain([("recorded_at".to_owned(), recorded_at.to_owned())])
                    .collect();
                let envelopes: Vec<EventEnvelope<A>> = events
                    .into_iter()
                    .map(|payload| {
                        sequence += 1;
                        position += 1;
                        EventEnvelope {
                            aggregate_id: aggregate_id.to_owned(),
                            sequence: usize::try_from(sequence).unwrap_or_default(),
                            payload,
                            metadata: metadata.clone(),
                        }
                    })
                    .collect();
                Ok(Committed {
                    events: envelopes,
                    // `position` ran one past this command's last event.
                    last_position: position - 1,
                    last_sequence: sequence,
                })
            }
        };
        // A caller that went away no longer needs its answer.
        let _ = pending.reply.send(answer);
    }
}

/// Answers every command of a batch with the failure that stopped it (a database error, a lost
/// race after every retry): none of them was appended.
fn answer_all<A: Aggregate>(batch: Vec<Pending<A>>, error: &AggregateError<A::Error>) {
    for pending in batch {
        let _ = pending.reply.send(Err(same_failure(error)));
    }
}

/// A copy of a batch-wide failure for each of its commands (the error types are not `Clone`).
fn same_failure<E: std::error::Error>(error: &AggregateError<E>) -> AggregateError<E> {
    match error {
        AggregateError::AggregateConflict => AggregateError::AggregateConflict,
        AggregateError::DatabaseConnectionError(cause) => {
            AggregateError::DatabaseConnectionError(cause.to_string().into())
        }
        AggregateError::DeserializationError(cause) => {
            AggregateError::DeserializationError(cause.to_string().into())
        }
        AggregateError::UnexpectedError(cause) => {
            AggregateError::UnexpectedError(cause.to_string().into())
        }
        AggregateError::UserError(refusal) => {
            AggregateError::UnexpectedError(refusal.to_string().into())
        }
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
