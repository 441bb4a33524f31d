//! How enum values and dates are stored in read-model columns: the enum's serde name
//! (`"appartement"`, `"cheque"`) and ISO dates (`2026-03-01`), so SQL can filter on them and
//! they read back exactly. The read models' query functions turn such columns back into the
//! domain's types here, once: a stored value that does not parse is a decoding error.

use chrono::NaiveDate;
use daftar_domain::Montant;
use serde::de::DeserializeOwned;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

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

/// A column holding a unit enum's serde name, read as the enum.
pub fn enum_column<T: DeserializeOwned>(row: &AnyRow, column: &str) -> Result<T, sqlx::Error> {
    from_text(&row.try_get::<String, _>(column)?)
}

/// A column holding an ISO date.
pub fn date_column(row: &AnyRow, column: &str) -> Result<NaiveDate, sqlx::Error> {
    parse_date(&row.try_get::<String, _>(column)?)
}

/// A nullable column holding an ISO date.
pub fn optional_date_column(row: &AnyRow, column: &str) -> Result<Option<NaiveDate>, sqlx::Error> {
    row.try_get::<Option<String>, _>(column)?
        .as_deref()
        .map(parse_date)
        .transpose()
}

/// A column holding an amount in millimes.
pub fn montant_column(row: &AnyRow, column: &str) -> Result<Montant, sqlx::Error> {
    Ok(Montant::from_millimes(row.try_get(column)?))
}

/// An integer column read as a narrower integer (a year, a call's number); a stored value out
/// of its range is a decoding error.
pub fn narrow_column<T>(row: &AnyRow, column: &str) -> Result<T, sqlx::Error>
where
    T: TryFrom<i64>,
    T::Error: std::error::Error + Send + Sync + 'static,
{
    T::try_from(row.try_get::<i64, _>(column)?).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}
