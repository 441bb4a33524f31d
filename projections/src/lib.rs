//! Persistence for Daftar: the hash-chained event journal, the warm in-memory event store built
//! on cqrs-es's `EventStore` trait, the checkpointed projector and the read models it maintains.
//! Depends on `daftar-domain`; knows nothing of HTTP.

pub mod db;

pub use db::{Database, Dialect};
