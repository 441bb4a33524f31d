//! How enum values and dates are stored in read-model columns: the enum's serde name
//! (`"appartement"`, `"cheque"`) and ISO dates (`2026-03-01`), so SQL can filter on them and
//! they read back exactly.

use chrono::NaiveDate;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// The serde name of a unit enum value (empty for anything else, which no caller passes).
pub fn as_text<T: Serialize>(value: T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// A unit enum value from its serde name.
pub fn from_text<T: DeserializeOwned>(text: &str) -> Result<T, sqlx::Error> {
    serde_json::from_value(serde_json::Value::String(text.to_owned()))
        .map_err(|e| sqlx::Error::Decode(Box::new(e)))
}

/// A stored ISO date.
pub fn parse_date(text: &str) -> Result<NaiveDate, sqlx::Error> {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|e| sqlx::Error::Decode(Box::new(e)))
}
