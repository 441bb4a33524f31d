//! Audit anchors: the head of every stream of the journal, signed with a key kept outside the
//! database.
//!
//! The hash chain ([`crate::chain`]) proves that no stored event was edited *unless* whoever
//! edited it also recomputed every later hash, which anyone with write access to the database
//! can do. An anchor closes that gap: `daftar audit anchor` prints, for every stream of every
//! aggregate type ([`crate::audit::AGGREGATE_TYPES`]: the books, the general assemblies, …), the
//! sequence and hash of its last event, signed with an Ed25519 key read from a file the
//! database never sees (`DAFTAR_AUDIT_KEY`). The operator keeps the printed anchor elsewhere
//! (mailed to the council, filed with the fiscal year's documents). `daftar audit verify
//! --anchor FILE` later checks the signature against the trusted key and that each anchored
//! event still has the anchored hash: a rewritten history no longer matches, even with every
//! later hash recomputed.
//!
//! The signed message is plain text, one line per stream, so an auditor can check it with any
//! Ed25519 tool: `daftar-anchor-v2\n<anchored_at>\n<aggregate type> <residence> <sequence> <hash>\n…`.
//! (Version 1 signed the books' streams only, without the type; no anchor of it was ever handed
//! to a residence, so it is not read any more.)

use ring::rand::SystemRandom;
use ring::signature::{Ed25519KeyPair, KeyPair, UnparsedPublicKey, ED25519};
use serde::{Deserialize, Serialize};
use sqlx::Row;

use crate::audit::AGGREGATE_TYPES;
use crate::journal::Journal;

const MESSAGE_HEADER: &str = "daftar-anchor-v2";

/// One stream's chain head at the time of anchoring.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnchoredHead {
    /// The stream's aggregate type (`grand_livre`, `assemblees`, …).
    pub aggregate_type: String,
    pub residence_id: String,
    pub sequence: i64,
    pub hash: String,
}

/// A signed anchor, as printed by `daftar audit anchor` (JSON).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Anchor {
    /// UTC, RFC 3339.
    pub anchored_at: String,
    /// The signer's Ed25519 public key, hex.
    pub public_key: String,
    pub heads: Vec<AnchoredHead>,
    /// Ed25519 signature of [`Anchor::message`], hex.
    pub signature: String,
}

#[derive(Debug, thiserror::Error)]
pub enum AnchorError {
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error("the signing key is not an Ed25519 key in PKCS#8 form")]
    BadKey,
    #[error("the anchor was signed by another key than the trusted one")]
    UntrustedSigner,
    #[error("the anchor's signature does not match its content")]
    BadSignature,
}

/// An anchored head the journal no longer agrees with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mismatch {
    pub aggregate_type: String,
    pub residence_id: String,
    pub sequence: i64,
    /// What the stream holds at that sequence now (`None`: the event is gone).
    pub found_hash: Option<String>,
}

/// A new signing key (PKCS#8 document, to be written to a file only its owner reads).
pub fn generate_key() -> Result<Vec<u8>, AnchorError> {
    Ed25519KeyPair::generate_pkcs8(&SystemRandom::new())
        .map(|document| document.as_ref().to_vec())
        .map_err(|_| AnchorError::BadKey)
}

/// The public key (hex) of a PKCS#8 signing key.
pub fn public_key(pkcs8: &[u8]) -> Result<String, AnchorError> {
    let pair = Ed25519KeyPair::from_pkcs8(pkcs8).map_err(|_| AnchorError::BadKey)?;
    Ok(hex::encode(pair.public_key().as_ref()))
}

impl Anchor {
    /// The text the signature covers.
    pub fn message(anchored_at: &str, heads: &[AnchoredHead]) -> String {
        let mut message = format!("{MESSAGE_HEADER}\n{anchored_at}\n");
        for head in heads {
            message.push_str(&format!(
                "{} {} {} {}\n",
                head.aggregate_type, head.residence_id, head.sequence, head.hash
            ));
        }
        message
    }

    /// Checks that `trusted_public_key` (hex) signed this anchor as it reads.
    pub fn check_signature(&self, trusted_public_key: &str) -> Result<(), AnchorError> {
        if !self.public_key.eq_ignore_ascii_case(trusted_public_key) {
            return Err(AnchorError::UntrustedSigner);
        }
        let key = hex::decode(trusted_public_key).map_err(|_| AnchorError::BadKey)?;
        let signature = hex::decode(&self.signature).map_err(|_| AnchorError::BadSignature)?;
        UnparsedPublicKey::new(&ED25519, key)
            .verify(
                Self::message(&self.anchored_at, &self.heads).as_bytes(),
                &signature,
            )
            .map_err(|_| AnchorError::BadSignature)
    }
}

/// Signs the current head of every stream of every aggregate type with the PKCS#8 key `pkcs8`:
/// an assembly's minutes and votes are legal records as much as the books are.
pub async fn anchor(
    journal: &Journal,
    pkcs8: &[u8],
    anchored_at: &str,
) -> Result<Anchor, AnchorError> {
    let pair = Ed25519KeyPair::from_pkcs8(pkcs8).map_err(|_| AnchorError::BadKey)?;
    let mut heads = Vec::new();
    for aggregate_type in AGGREGATE_TYPES {
        for residence_id in journal.streams(aggregate_type, None).await? {
            let row = sqlx::query(
                "SELECT sequence, hash FROM events WHERE aggregate_type = $1 \
                 AND aggregate_id = $2 ORDER BY sequence DESC LIMIT 1",
            )
            .bind(aggregate_type)
            .bind(&residence_id)
            .fetch_one(&journal.database().pool)
            .await?;
            heads.push(AnchoredHead {
                aggregate_type: aggregate_type.to_owned(),
                residence_id,
                sequence: row.try_get("sequence")?,
                hash: row.try_get("hash")?,
            });
        }
    }
    let signature = pair.sign(Anchor::message(anchored_at, &heads).as_bytes());
    Ok(Anchor {
        anchored_at: anchored_at.to_owned(),
        public_key: hex::encode(pair.public_key().as_ref()),
        heads,
        signature: hex::encode(signature.as_ref()),
    })
}

/// The anchored heads the journal no longer holds as anchored (the signature is checked first).
pub async fn verify(
    journal: &Journal,
    anchor: &Anchor,
    trusted_public_key: &str,
) -> Result<Vec<Mismatch>, AnchorError> {
    anchor.check_signature(trusted_public_key)?;
    let mut mismatches = Vec::new();
    for head in &anchor.heads {
        let found: Option<String> = sqlx::query(
            "SELECT hash FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 \
             AND sequence = $3",
        )
        .bind(&head.aggregate_type)
        .bind(&head.residence_id)
        .bind(head.sequence)
        .fetch_optional(&journal.database().pool)
        .await?
        .map(|row| row.try_get("hash"))
        .transpose()?;
        if found.as_deref() != Some(head.hash.as_str()) {
            mismatches.push(Mismatch {
                aggregate_type: head.aggregate_type.clone(),
                residence_id: head.residence_id.clone(),
                sequence: head.sequence,
                found_hash: found,
            });
        }
    }
    Ok(mismatches)
}
