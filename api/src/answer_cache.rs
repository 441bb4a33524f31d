//! Serialized answers that are a pure function of a residence's ledger at one stream sequence
//! and of the day (the balance list: who owes what today). Computed once, served until the
//! residence's stream moves (any server's command: every read first looks at the stream's
//! head) or the day changes (dues fall due at midnight in Tunisia).
//!
//! One entry per key (a residence, or a residence and what the request asked for) and answer
//! kind: the latest. Memory is bounded by the number of keys a server answers for, and no entry
//! outlives a change of what it answers.
//!
//! The version is whatever moves when the answer may change: the residence stream's sequence for
//! an answer from the ledger's state; for an answer from read-model tables, the position those
//! models have projected to (read before the tables, so the answer reflects at least it).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix_web::web::Bytes;
use chrono::NaiveDate;

/// What an answer was computed from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Version {
    /// The residence stream's sequence the ledger state reflected, or the journal position the
    /// read models had reached.
    pub sequence: i64,
    /// The day in Tunisia the answer was computed for.
    pub today: NaiveDate,
}

/// The latest answer of one kind for each key (by default a residence id): serialized bytes by
/// default, or the shared parts several answers are built from.
pub struct AnswerCache<K = i64, V = Bytes> {
    entries: Mutex<HashMap<K, (Version, V)>>,
    /// One computation at a time per key: requests that miss together after a change wait for
    /// the first to compute the answer, then find it here.
    turns: Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>,
}

impl<K, V> Default for AnswerCache<K, V> {
    fn default() -> Self {
        AnswerCache {
            entries: Mutex::new(HashMap::new()),
            turns: Mutex::new(HashMap::new()),
        }
    }
}

impl<K: Eq + std::hash::Hash, V: Clone> AnswerCache<K, V> {
    /// The answer for `residence` computed at exactly `version`, if kept.
    pub fn get(&self, residence: K, version: Version) -> Option<V> {
        self.entries()
            .get(&residence)
            .filter(|(kept, _)| *kept == version)
            .map(|(_, body)| body.clone())
    }

    /// Keeps `body` as the answer for `residence` at `version`, unless a newer one is kept
    /// (two requests racing past a change must not put the older answer back).
    pub fn put(&self, residence: K, version: Version, body: V) {
        let mut entries = self.entries();
        let newer_kept = entries.get(&residence).is_some_and(|(kept, _)| {
            (kept.today, kept.sequence) > (version.today, version.sequence)
        });
        if !newer_kept {
            entries.insert(residence, (version, body));
        }
    }

    /// Waits for `residence`'s turn to compute an answer (see [`AnswerCache::get`] again once
    /// it is yours: the previous holder may have computed it).
    pub async fn turn(&self, residence: K) -> tokio::sync::OwnedMutexGuard<()> {
        let turn = {
            let mut turns = match self.turns.lock() {
                Ok(guard) => guard,
                Err(poisoned) => poisoned.into_inner(),
            };
            turns.entry(residence).or_default().clone()
        };
        turn.lock_owned().await
    }

    fn entries(&self) -> std::sync::MutexGuard<'_, HashMap<K, (Version, V)>> {
        match self.entries.lock() {
            Ok(guard) => guard,
            // A panic while holding the map leaves whole entries only (insert is atomic).
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 11, d).unwrap()
    }

    fn at(sequence: i64, d: u32) -> Version {
        Version {
            sequence,
            today: day(d),
        }
    }

    #[test]
    fn an_answer_is_served_only_at_the_sequence_and_day_it_was_computed_for() {
        let cache: AnswerCache = AnswerCache::default();
        cache.put(1, at(5, 20), Bytes::from_static(b"five"));

        assert_eq!(cache.get(1, at(5, 20)), Some(Bytes::from_static(b"five")));
        assert_eq!(cache.get(1, at(6, 20)), None, "the stream moved");
        assert_eq!(cache.get(1, at(5, 21)), None, "the day changed");
        assert_eq!(cache.get(2, at(5, 20)), None, "another residence");
    }

    #[test]
    fn an_older_answer_never_replaces_a_newer_one() {
        let cache: AnswerCache = AnswerCache::default();
        cache.put(1, at(6, 20), Bytes::from_static(b"six"));
        cache.put(1, at(5, 20), Bytes::from_static(b"five"));

        assert_eq!(cache.get(1, at(6, 20)), Some(Bytes::from_static(b"six")));
        assert_eq!(cache.get(1, at(5, 20)), None);

        cache.put(1, at(6, 21), Bytes::from_static(b"six, next day"));
        assert_eq!(
            cache.get(1, at(6, 21)),
            Some(Bytes::from_static(b"six, next day"))
        );
    }
}
