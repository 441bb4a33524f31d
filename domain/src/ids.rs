//! Typed identifiers, so a residence id is never passed where a user id is expected.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A residence (building). Its ledger stream's aggregate id is this number in decimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ResidenceId(pub i64);

/// A user (council member or co-owner).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct UserId(pub i64);

impl ResidenceId {
    /// The id of this residence's ledger stream.
    pub fn stream_id(self) -> String {
        self.0.to_string()
    }
}

impl fmt::Display for ResidenceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for UserId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}
