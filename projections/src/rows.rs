//! Set-based writes for read models: the rows a batch of events creates are kept in memory,
//! keyed by primary key, and written with a few statements at the end of the batch instead of
//! one statement per event.
//!
//! A model applying a batch keeps one [`NewRows`] per table. An event that creates a row adds it
//! there; an event that changes or deletes a row first looks for it there (a row created by the
//! same batch is changed in memory) and otherwise changes the stored row with a statement of its
//! own, at once: stored rows and new rows never overlap, so the order of the statements between
//! them does not matter.
//!
//! How the rows reach the store ([`insert_all`], [`update_stored`]):
//! - PostgreSQL: one statement per table and batch, each column bound as one array
//!   (`INSERT … SELECT * FROM UNNEST($1::bigint[], $2::text[], …)`): a few parameters whatever
//!   the number of rows, so nothing to parse or plan per row and one round trip;
//! - SQLite: multi-row `INSERT … VALUES (?, ?), (?, ?)` of [`ROWS_PER_STATEMENT`] rows (SQLite
//!   runs in the process: a statement costs no round trip).
//!
//! Running totals a batch adds to ([`upsert_all`]) are written the same way, with `… ON CONFLICT
//! (key) DO UPDATE SET total = t.total + excluded.total`: the batch's deltas summed in memory
//! per key, one statement whether the rows are new or stored.

use std::collections::BTreeMap;

use sqlx::any::{AnyArguments, AnyRow};
use sqlx::query::Query;
use sqlx::{Any, AnyConnection};

use crate::db::{placeholder_rows, ROWS_PER_STATEMENT};

/// A query being bound.
pub type AnyQuery<'q> = Query<'q, Any, AnyArguments<'q>>;

/// The type of a read-model column (the models' schemas use `BIGINT` and `TEXT` only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnType {
    BigInt,
    Text,
}

impl ColumnType {
    fn array(self) -> &'static str {
        match self {
            ColumnType::BigInt => "bigint[]",
            ColumnType::Text => "text[]",
        }
    }
}

/// One value of a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value<'a> {
    Int(i64),
    Text(&'a str),
    Null,
}

impl From<i64> for Value<'_> {
    fn from(value: i64) -> Self {
        Value::Int(value)
    }
}

impl From<bool> for Value<'_> {
    fn from(value: bool) -> Self {
        Value::Int(i64::from(value))
    }
}

impl<'a> From<&'a str> for Value<'a> {
    fn from(value: &'a str) -> Self {
        Value::Text(value)
    }
}

impl<'a> From<&'a String> for Value<'a> {
    fn from(value: &'a String) -> Self {
        Value::Text(value)
    }
}

impl<'a> From<&'a Option<String>> for Value<'a> {
    fn from(value: &'a Option<String>) -> Self {
        value.as_deref().map_or(Value::Null, Value::Text)
    }
}

impl From<Option<i64>> for Value<'_> {
    fn from(value: Option<i64>) -> Self {
        value.map_or(Value::Null, Value::Int)
    }
}

/// One row of a read model's table.
pub trait TableRow: Send + Sync {
    const TABLE: &'static str;
    /// The columns, in the order of [`TableRow::values`].
    const COLUMNS: &'static [(&'static str, ColumnType)];
    fn values(&self) -> Vec<Value<'_>>;
}

/// The rows of one table created by the batch being applied, keyed by primary key.
#[derive(Debug)]
pub struct NewRows<K, R> {
    rows: BTreeMap<K, R>,
}

impl<K, R> Default for NewRows<K, R> {
    fn default() -> Self {
        NewRows {
            rows: BTreeMap::new(),
        }
    }
}

impl<K: Ord, R: TableRow> NewRows<K, R> {
    pub fn insert(&mut self, key: K, row: R) {
        self.rows.insert(key, row);
    }

    /// The row `key` if this batch created it.
    pub fn get_mut(&mut self, key: &K) -> Option<&mut R> {
        self.rows.get_mut(key)
    }

    /// Forgets the row `key`; answers whether this batch had created it.
    pub fn remove(&mut self, key: &K) -> bool {
        self.rows.remove(key).is_some()
    }

    /// Keeps only the rows `keep` answers true for.
    pub fn retain(&mut self, mut keep: impl FnMut(&K, &mut R) -> bool) {
        self.rows.retain(|key, row| keep(key, row));
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Inserts the rows and empties the set.
    pub async fn write(&mut self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let rows: Vec<R> = std::mem::take(&mut self.rows).into_values().collect();
        insert_all(conn, &rows).await
    }
}

fn is_sqlite(conn: &AnyConnection) -> bool {
    conn.backend_name() == "SQLite"
}

/// Inserts `rows` (see the module's documentation for how, per store).
pub async fn insert_all<R: TableRow>(
    conn: &mut AnyConnection,
    rows: &[R],
) -> Result<(), sqlx::Error> {
    insert_then(conn, rows, "", false).await.map(|_| ())
}

/// Inserts `rows`, or where a row of the same key (`conflict`, its columns) is stored already,
/// sets that row as `update` says (`debit = t.debit + excluded.debit`: `excluded` is the row
/// given): running totals kept with one statement per batch. Give each key once (PostgreSQL
/// refuses to update a row twice in one statement). With `returning` (`a, b`), answers those
/// columns of every row inserted or updated, in no particular order.
pub async fn upsert_all<R: TableRow>(
    conn: &mut AnyConnection,
    rows: &[R],
    conflict: &[&str],
    update: &str,
    returning: Option<&str>,
) -> Result<Vec<AnyRow>, sqlx::Error> {
    let mut suffix = format!(
        " ON CONFLICT ({}) DO UPDATE SET {update}",
        conflict.join(", ")
    );
    if let Some(columns) = returning {
        suffix.push_str(" RETURNING ");
        suffix.push_str(columns);
    }
    insert_then(conn, rows, &suffix, returning.is_some()).await
}

/// `INSERT INTO … <rows><suffix>` (see the module's documentation for how, per store); the
/// rows it answers when `fetch` (a `RETURNING` suffix).
async fn insert_then<R: TableRow>(
    conn: &mut AnyConnection,
    rows: &[R],
    suffix: &str,
    fetch: bool,
) -> Result<Vec<AnyRow>, sqlx::Error> {
    let mut answered = Vec::new();
    if rows.is_empty() {
        return Ok(answered);
    }
    let names: Vec<&str> = R::COLUMNS.iter().map(|(name, _)| *name).collect();
    if !is_sqlite(conn) {
        let sql = format!(
            "INSERT INTO {} ({}) SELECT * FROM UNNEST({}){suffix}",
            R::TABLE,
            names.join(", "),
            array_parameters(R::COLUMNS.iter().map(|(_, kind)| *kind))
        );
        let mut query = sqlx::query(&sql);
        for array in arrays(R::COLUMNS.len(), rows.iter().map(TableRow::values)) {
            query = query.bind(array);
        }
        if fetch {
            answered = query.fetch_all(&mut *conn).await?;
        } else {
            query.execute(&mut *conn).await?;
        }
        return Ok(answered);
    }
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let sql = format!(
            "INSERT INTO {} ({}) VALUES {}{suffix}",
            R::TABLE,
            names.join(", "),
            placeholder_rows(conn, chunk.len(), R::COLUMNS.len())
        );
        // A full chunk has the same text every time: prepared once per connection. The last,
        // shorter one would only fill the statement cache.
        let mut query = sqlx::query(&sql).persistent(chunk.len() == ROWS_PER_STATEMENT);
        for row in chunk {
            for value in row.values() {
                query = bind(query, value);
            }
        }
        if fetch {
            answered.extend(query.fetch_all(&mut *conn).await?);
        } else {
            query.execute(&mut *conn).await?;
        }
    }
    Ok(answered)
}

/// Sets `columns` of stored rows of `table`, found by their `keys`, where `condition` holds:
/// each of `rows` gives the keys' values then the columns' values. One statement on
/// PostgreSQL (`UPDATE … FROM UNNEST(…)`), one per [`ROWS_PER_STATEMENT`] rows on SQLite. Give
/// each key once (a row matched twice is updated once).
pub async fn update_stored(
    conn: &mut AnyConnection,
    table: &str,
    keys: &[(&str, ColumnType)],
    columns: &[(&str, ColumnType)],
    condition: &str,
    rows: Vec<Vec<Value<'_>>>,
) -> Result<(), sqlx::Error> {
    if rows.is_empty() {
        return Ok(());
    }
    let all: Vec<(&str, ColumnType)> = keys.iter().chain(columns).copied().collect();
    let width = all.len();
    if !is_sqlite(conn) {
        let names: Vec<&str> = all.iter().map(|(name, _)| *name).collect();
        let set: Vec<String> = columns
            .iter()
            .map(|(name, _)| format!("{name} = v.{name}"))
            .collect();
        let matched: Vec<String> = keys
            .iter()
            .map(|(name, _)| format!("{table}.{name} = v.{name}"))
            .collect();
        let sql = format!(
            "UPDATE {table} SET {} FROM UNNEST({}) AS v({}) WHERE {} AND {table}.{condition}",
            set.join(", "),
            array_parameters(all.iter().map(|(_, kind)| *kind)),
            names.join(", "),
            matched.join(" AND ")
        );
        let mut query = sqlx::query(&sql);
        for array in arrays(width, rows.into_iter()) {
            query = query.bind(array);
        }
        query.execute(&mut *conn).await?;
        return Ok(());
    }
    let set: Vec<String> = columns
        .iter()
        .enumerate()
        .map(|(index, (name, _))| format!("{name} = v.column{}", keys.len() + index + 1))
        .collect();
    let matched: Vec<String> = keys
        .iter()
        .enumerate()
        .map(|(index, (name, _))| format!("{table}.{name} = v.column{}", index + 1))
        .collect();
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let sql = format!(
            "UPDATE {table} SET {} FROM (VALUES {}) AS v WHERE {} AND {table}.{condition}",
            set.join(", "),
            placeholder_rows(conn, chunk.len(), width),
            matched.join(" AND ")
        );
        let mut query = sqlx::query(&sql).persistent(chunk.len() == ROWS_PER_STATEMENT);
        for row in chunk {
            for value in row {
                query = bind(query, *value);
            }
        }
        query.execute(&mut *conn).await?;
    }
    Ok(())
}

fn bind<'q>(query: AnyQuery<'q>, value: Value<'q>) -> AnyQuery<'q> {
    match value {
        Value::Int(value) => query.bind(value),
        Value::Text(value) => query.bind(value),
        Value::Null => query.bind(None::<i64>),
    }
}

/// `$1::bigint[], $2::text[], …`: each array parameter is bound as its text literal, which
/// PostgreSQL casts (the `Any` driver binds no arrays).
fn array_parameters(kinds: impl Iterator<Item = ColumnType>) -> String {
    kinds
        .enumerate()
        .map(|(index, kind)| format!("${}::{}", index + 1, kind.array()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The rows' values, column by column, as PostgreSQL array literals (`{1,2}`, `{"a",NULL}`).
fn arrays<'a>(width: usize, rows: impl Iterator<Item = Vec<Value<'a>>>) -> Vec<String> {
    let mut arrays = vec![String::from("{"); width];
    for (index, row) in rows.enumerate() {
        for (array, value) in arrays.iter_mut().zip(row) {
            if index > 0 {
                array.push(',');
            }
            push_element(array, value);
        }
    }
    for array in &mut arrays {
        array.push('}');
    }
    arrays
}

/// One element of an array literal: a number, `NULL`, or a double-quoted text whose `"` and `\`
/// are escaped by a backslash.
fn push_element(array: &mut String, value: Value<'_>) {
    match value {
        Value::Int(number) => array.push_str(&number.to_string()),
        Value::Null => array.push_str("NULL"),
        Value::Text(text) => {
            array.push('"');
            for character in text.chars() {
                if character == '"' || character == '\\' {
                    array.push('\\');
                }
                array.push(character);
            }
            array.push('"');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_are_quoted_and_escaped_in_array_literals() {
        let rows = vec![
            vec![Value::Int(1), Value::Text(r#"Dar "El" \ Menzah"#)],
            vec![Value::Int(-2), Value::Null],
            vec![Value::Int(3), Value::Text("NULL")],
        ];
        assert_eq!(
            arrays(2, rows.into_iter()),
            vec![
                "{1,-2,3}".to_owned(),
                r#"{"Dar \"El\" \\ Menzah",NULL,"NULL"}"#.to_owned()
            ]
        );
    }
}
