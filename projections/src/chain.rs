//! The tamper-evidence chain of a stream.
//!
//! `hash(n) = SHA-256(hash(n-1) ‖ canonical bytes of event n)`, hex encoded, with
//! [`GENESIS_HASH`] before the first event. The canonical bytes are the stored columns of the
//! event's stream content joined by `\n` in a fixed order (the global position is not part of
//! it: it orders streams among themselves, is assigned inside the appending statement, and the
//! chain is per stream); payload and metadata are stored as canonical JSON (keys sorted, no
//! spaces), written once and never re-serialized, so the bytes verified are the bytes stored.
//! Any edit of a stored event, a deleted event or a reordered one breaks the chain at that
//! sequence.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The "previous hash" of a stream's first event.
pub const GENESIS_HASH: &str = "0000000000000000000000000000000000000000000000000000000000000000";

/// The columns of a stored event that the chain covers.
#[derive(Debug, Clone, Copy)]
pub struct ChainedFields<'a> {
    pub aggregate_type: &'a str,
    pub aggregate_id: &'a str,
    pub sequence: i64,
    pub event_type: &'a str,
    pub event_version: &'a str,
    pub recorded_at: &'a str,
    pub payload: &'a str,
    pub metadata: &'a str,
}

/// The hash of one event given the hash of the event before it in its stream.
pub fn event_hash(previous_hash: &str, fields: ChainedFields<'_>) -> String {
    let mut hasher = Sha256::new();
    hasher.update(previous_hash.as_bytes());
    for (index, part) in [
        fields.aggregate_type,
        fields.aggregate_id,
        fields.sequence.to_string().as_str(),
        fields.event_type,
        fields.event_version,
        fields.recorded_at,
        fields.payload,
        fields.metadata,
    ]
    .iter()
    .enumerate()
    {
        if index > 0 {
            hasher.update(b"\n");
        }
        hasher.update(part.as_bytes());
    }
    hex::encode(hasher.finalize())
}

/// Canonical JSON text: object keys sorted at every depth, no insignificant whitespace.
/// Independent of serde_json's map ordering feature, which another crate could switch on.
pub fn canonical_json(value: &Value) -> String {
    let mut out = String::new();
    write_canonical(value, &mut out);
    out
}

fn write_canonical(value: &Value, out: &mut String) {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (index, (key, inner)) in entries.into_iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(key.clone()).to_string());
                out.push(':');
                write_canonical(inner, out);
            }
            out.push('}');
        }
        Value::Array(items) => {
            out.push('[');
            for (index, inner) in items.iter().enumerate() {
                if index > 0 {
                    out.push(',');
                }
                write_canonical(inner, out);
            }
            out.push(']');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields<'a>(payload: &'a str) -> ChainedFields<'a> {
        ChainedFields {
            aggregate_type: "grand_livre",
            aggregate_id: "1",
            sequence: 1,
            event_type: "ExerciceOuvert",
            event_version: "1",
            recorded_at: "2026-11-22T10:00:00.000000Z",
            payload,
            metadata: "{}",
        }
    }

    #[test]
    fn canonical_json_sorts_keys_at_every_depth() {
        let value = serde_json::json!({"b": 1, "a": {"d": [ {"z": 1, "y": 2} ], "c": null}});
        assert_eq!(
            canonical_json(&value),
            r#"{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1}"#
        );
    }

    #[test]
    fn a_changed_payload_changes_the_hash() {
        let original = event_hash(GENESIS_HASH, fields(r#"{"annee":2026}"#));
        let edited = event_hash(GENESIS_HASH, fields(r#"{"annee":2027}"#));
        assert_ne!(original, edited);
        assert_eq!(original.len(), 64);
    }

    #[test]
    fn the_hash_depends_on_the_previous_hash() {
        let first = event_hash(GENESIS_HASH, fields("{}"));
        let chained = event_hash(&first, fields("{}"));
        assert_ne!(first, chained);
    }
}
