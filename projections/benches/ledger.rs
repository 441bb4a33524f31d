//! `ops/bench` ledger figures: for SQLite and PostgreSQL on this machine, in one run,
//! commands/s on one residence stream with 1k, 10k and 100k events of history next to raw
//! single-row INSERTs/s on the same database (the ratio is the figure), p50/p99 command latency,
//! cold-load time of the stream, and the replay rate of `projections rebuild`.
//!
//! The commands use a minimal account aggregate so that the figure is the store's cost, not a
//! module's rules: one command = load warm state, decide, one appending transaction.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::float_arithmetic)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::time::{Duration, Instant};

use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use daftar_projections::journal::{ExpectedHead, NewEvent};
use daftar_projections::projector::ProjectedEvent;
use daftar_projections::{read_models, CommandMetadata, Database, Journal, Ledger, Projector};
use serde::{Deserialize, Serialize};
use sqlx::Executor;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
struct Compte {
    solde: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
enum CompteEvent {
    Credite { millimes: i64 },
}

impl DomainEvent for CompteEvent {
    fn event_type(&self) -> String {
        "Credite".to_owned()
    }
    fn event_version(&self) -> String {
        "1".to_owned()
    }
}

#[derive(Debug, thiserror::Error)]
#[error("refused")]
struct Refused;

impl Aggregate for Compte {
    const TYPE: &'static str = "bench_compte";
    type Command = i64;
    type Event = CompteEvent;
    type Error = Refused;
    type Services = ();

    async fn handle(
        &mut self,
        millimes: i64,
        _: &(),
        sink: &EventSink<Self>,
    ) -> Result<(), Refused> {
        if millimes <= 0 {
            return Err(Refused);
        }
        sink.write(CompteEvent::Credite { millimes }, self).await;
        Ok(())
    }

    fn apply(&mut self, CompteEvent::Credite { millimes }: CompteEvent) {
        self.solde += millimes;
    }
}

const HISTORIES: [i64; 3] = [1_000, 10_000, 100_000];
const COMMANDS_PER_LEVEL: usize = 1_000;
const RAW_INSERTS: usize = 2_000;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index]
}

async fn raw_inserts_per_second(db: &Database) -> f64 {
    db.pool
        .execute("CREATE TABLE bench_raw (id BIGINT PRIMARY KEY, payload TEXT NOT NULL)")
        .await
        .unwrap();
    let started = Instant::now();
    for id in 0..RAW_INSERTS as i64 {
        sqlx::query("INSERT INTO bench_raw (id, payload) VALUES ($1, $2)")
            .bind(id)
            .bind(r#"{"Credite":{"millimes":1000}}"#)
            .execute(&db.pool)
            .await
            .unwrap();
    }
    RAW_INSERTS as f64 / started.elapsed().as_secs_f64()
}

async fn seed(journal: &Journal, stream: &str, from: i64, to: i64) {
    let mut sequence = from;
    let mut hash = match journal
        .load_stream(Compte::TYPE, stream, (from - 1).max(0))
        .await
        .unwrap()
        .last()
    {
        Some(last) => last.hash.clone(),
        None => daftar_projections::chain::GENESIS_HASH.to_owned(),
    };
    while sequence < to {
        let batch = (to - sequence).min(100);
        let events: Vec<NewEvent> = (0..batch)
            .map(|_| NewEvent {
                event_type: "Credite".to_owned(),
                event_version: "1".to_owned(),
                payload: r#"{"Credite":{"millimes":1000}}"#.to_owned(),
                metadata: r#"{"acting_user":"bench"}"#.to_owned(),
            })
            .collect();
        hash = journal
            .append(
                ExpectedHead {
                    aggregate_type: Compte::TYPE,
                    aggregate_id: stream,
                    sequence,
                    hash: &hash,
                },
                &events,
                "2026-01-01T00:00:00.000000Z",
            )
            .await
            .unwrap()
            .last_hash;
        sequence += batch;
    }
}

async fn bench_store(name: &str, store: &support::TestStore) {
    let db = &store.db;
    let raw = raw_inserts_per_second(db).await;
    println!("\n## {name}\nraw single-row INSERTs: {raw:.0}/s");
    println!("| history | cold load | commands/s | ratio to raw INSERT | p50 | p99 |");
    println!("|---|---|---|---|---|---|");
    let journal = Journal::new(db.clone());
    let stream = "1";
    let mut history = 0;
    let mut first_rate = None;
    for target in HISTORIES {
        seed(&journal, stream, history, target).await;
        let ledger: Ledger<Compte> = Ledger::new(db.clone(), ());
        let cold = Instant::now();
        ledger.current(stream).await.unwrap();
        let cold_load = cold.elapsed();
        let meta = CommandMetadata {
            acting_user: "bench".into(),
            request_id: "bench".into(),
        };
        let mut latencies = Vec::with_capacity(COMMANDS_PER_LEVEL);
        let started = Instant::now();
        for _ in 0..COMMANDS_PER_LEVEL {
            let one = Instant::now();
            ledger.execute(stream, 1_000, &meta).await.unwrap();
            latencies.push(one.elapsed());
        }
        let rate = COMMANDS_PER_LEVEL as f64 / started.elapsed().as_secs_f64();
        latencies.sort();
        history = target + COMMANDS_PER_LEVEL as i64;
        let flat = first_rate.get_or_insert(rate);
        println!(
            "| {target} | {:.1} ms | {rate:.0} ({:.2}x the 1k figure) | {:.2} | {:.2} ms | {:.2} ms |",
            cold_load.as_secs_f64() * 1e3,
            rate / *flat,
            rate / raw,
            percentile(&latencies, 0.50).as_secs_f64() * 1e3,
            percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        );
    }
}

/// The replay of the product's read models over a living journal (issue 20): the baseline reads
/// the whole journal in the projector's batches and decodes every event, applying nothing; the
/// rebuild replays it into fresh tables with every read model of the product.
async fn bench_replay(name: &str, store: &support::TestStore) {
    let db = &store.db;
    let journal = Journal::new(db.clone());
    let written = support::history::write(&journal, support::history::BENCH).await;
    println!(
        "\n## {name}: replay of {written} events of {} residences",
        support::history::BENCH.residences
    );
    let started = Instant::now();
    let mut conn = db.pool.acquire().await.unwrap();
    let (mut after, mut decoded) = (0, 0_u64);
    loop {
        let batch = journal
            .read_for_projection_in(&mut conn, after, 5_000)
            .await
            .unwrap();
        let Some(last) = batch.last().map(|event| event.position) else {
            break;
        };
        for stored in batch {
            ProjectedEvent::decode(stored).unwrap();
            decoded += 1;
        }
        after = last;
    }
    drop(conn);
    let baseline = decoded as f64 / started.elapsed().as_secs_f64();
    println!("journal read and decoded (baseline): {decoded} events = {baseline:.0} events/s");
    let projector = Projector::new(db.clone(), read_models());
    let (own, server) = (cpu_ticks(false), cpu_ticks(true));
    let started = Instant::now();
    let reached = projector.rebuild().await.unwrap();
    let elapsed = started.elapsed().as_secs_f64();
    let rate = decoded as f64 / elapsed;
    println!(
        "projections rebuild: {decoded} events in {elapsed:.2} s = {rate:.0} events/s \
         ({:.2} of the baseline; position {reached})",
        rate / baseline
    );
    // Where the two cores went: the rebuild's process, and on PostgreSQL the server.
    println!(
        "rebuild cpu: this process {} ms, PostgreSQL server {} ms",
        cpu_ticks(false).saturating_sub(own) * 10,
        cpu_ticks(true).saturating_sub(server) * 10
    );
    // `DAFTAR_BENCH_EACH=1` then rebuilds each model alone (`=name`: that model), to tell
    // which model costs what, in our process and in the PostgreSQL server.
    if std::env::var_os("DAFTAR_BENCH_EACH").is_some() {
        for index in 0..read_models().len() {
            let mut models = read_models();
            let model = models.swap_remove(index);
            let name = model.name();
            if std::env::var("DAFTAR_BENCH_EACH").is_ok_and(|only| !only.is_empty() && only != name)
            {
                continue;
            }
            let (own, server) = (cpu_ticks(false), cpu_ticks(true));
            let started = Instant::now();
            Projector::new(db.clone(), vec![model])
                .rebuild()
                .await
                .unwrap();
            println!(
                "{name} rebuilt alone: {:.0} ms, cpu: this process {} ms, PostgreSQL server {} ms",
                started.elapsed().as_secs_f64() * 1000.0,
                cpu_ticks(false).saturating_sub(own) * 10,
                cpu_ticks(true).saturating_sub(server) * 10
            );
        }
    }
}

/// CPU time used so far, in clock ticks (10 ms): by this process, or by the PostgreSQL
/// server's processes (with its backends that exited, counted in the postmaster's children's
/// time). Read from Linux's `/proc`; 0 where it cannot be read.
fn cpu_ticks(server: bool) -> u64 {
    let ticks = |stat: &str| -> u64 {
        // After the command's name: fields 14–17 of proc(5), utime stime cutime cstime.
        let Some(after) = stat.rfind(')').and_then(|end| stat.get(end + 2..)) else {
            return 0;
        };
        let fields: Vec<&str> = after.split_whitespace().collect();
        fields.get(11..15).map_or(0, |times| {
            times.iter().filter_map(|t| t.parse::<u64>().ok()).sum()
        })
    };
    if !server {
        return std::fs::read_to_string("/proc/self/stat").map_or(0, |stat| ticks(&stat));
    }
    let Ok(processes) = std::fs::read_dir("/proc") else {
        return 0;
    };
    processes
        .flatten()
        .filter_map(|entry| std::fs::read_to_string(entry.path().join("stat")).ok())
        .filter(|stat| stat.contains("(postgres)"))
        .map(|stat| ticks(&stat))
        .sum()
}

/// `DAFTAR_BENCH_ONLY=replay` runs the replay part alone (or `commands` the command part).
fn runs(part: &str) -> bool {
    std::env::var("DAFTAR_BENCH_ONLY").map_or(true, |only| only == part)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    // `RUST_LOG=info` prints each replay lane's applying time (which lane is the critical path).
    if std::env::var_os("RUST_LOG").is_some() {
        tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .init();
    }
    println!(
        "# Ledger benchmark ({} commands per history level)",
        COMMANDS_PER_LEVEL
    );
    let stores: Vec<bool> = match std::env::var("DAFTAR_BENCH_STORE").as_deref() {
        Ok("sqlite") => vec![false],
        Ok("postgres") => vec![true],
        _ => vec![false, true],
    };
    for postgres in stores {
        if runs("commands") {
            let store = if postgres {
                support::postgres().await
            } else {
                support::sqlite().await
            };
            let name = if postgres {
                "PostgreSQL 15 (local)"
            } else {
                "SQLite (WAL, synchronous=FULL)"
            };
            bench_store(name, &store).await;
            store.cleanup().await;
        }
        if runs("replay") {
            let store = if postgres {
                support::postgres().await
            } else {
                support::sqlite().await
            };
            bench_replay(if postgres { "PostgreSQL" } else { "SQLite" }, &store).await;
            store.cleanup().await;
        }
    }
}
