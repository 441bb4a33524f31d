//! Set-based writes for read models: the rows a batch of events creates are kept in memory,
//! keyed by primary key, and written with a few statements at the end of the batch instead of
//! one statement per event.
//!
//! A model applying a batch keeps one [`NewRows`] per table. An event that creates a row adds it
//! there; an event that changes a row first looks for it there (a row created by the same batch
//! is changed in memory) and otherwise changes the stored row with a statement of its own, at
//! once. An event that deletes a row by its key ([`NewRows::delete`]) forgets the batch's row,
//! or has the stored row deleted when the batch is written (one statement per table and batch,
//! not one per event); one that sets a whole row ([`NewRows::replace`]) sets the batch's row, or
//! keeps it to replace the stored one when the batch is written. A stored row deleted and
//! created again by the batch is replaced by an upsert on the model's own connection, never by
//! the rebuild's `COPY` below, whose unique check would wait for the uncommitted delete. Models
//! never read their stored rows back while applying, so the order of the statements between
//! stored and new rows does not matter.
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
//! per key, one statement whether the rows are new or stored. [`Writes`] puts several tables'
//! inserts of a batch in one PostgreSQL statement (data-modifying `WITH` parts): one round trip.
//!
//! A rebuild on PostgreSQL loads the large plain inserts into its fresh tables by binary `COPY`
//! instead ([`crate::bulk`]).

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

/// A primary key whose values are its table's first columns, in order.
pub trait StoredKey: Ord + Clone {
    fn values(&self) -> Vec<Value<'static>>;
}

/// `(residence_id, id)`.
impl StoredKey for (i64, i64) {
    fn values(&self) -> Vec<Value<'static>> {
        vec![Value::Int(self.0), Value::Int(self.1)]
    }
}

/// The rows of one table created by the batch being applied, keyed by primary key, and the
/// stored rows it deletes or replaces.
#[derive(Debug)]
pub struct NewRows<K, R> {
    rows: BTreeMap<K, R>,
    /// Stored rows to delete when the batch is written, each key with its columns' values;
    /// replaced instead where [`NewRows::rows`] holds a row of that key again.
    gone: BTreeMap<K, Vec<Value<'static>>>,
}

impl<K, R> Default for NewRows<K, R> {
    fn default() -> Self {
        NewRows {
            rows: BTreeMap::new(),
            gone: BTreeMap::new(),
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

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Deletes the stored rows given to [`NewRows::delete`], replaces those created again under
    /// their key, inserts the other rows, and empties the set.
    pub async fn write(&mut self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        let mut rows = std::mem::take(&mut self.rows);
        let gone = std::mem::take(&mut self.gone);
        // A key's values are the table's first columns ([`StoredKey`]).
        let key_columns = &R::COLUMNS[..gone.values().next().map_or(0, Vec::len)];
        let mut replacing = Vec::new();
        let mut deleting = Vec::new();
        for (key, values) in gone {
            match rows.remove(&key) {
                Some(row) => replacing.push(row),
                None => deleting.push(values),
            }
        }
        delete_stored(conn, R::TABLE, key_columns, deleting).await?;
        replace_all(conn, &replacing, key_columns).await?;
        let rows: Vec<R> = rows.into_values().collect();
        insert_all(conn, &rows).await
    }
}

/// Rows keyed by `(residence_id, id)`: a batch holds every residence's, tens of thousands of
/// rows; an event of one residence looks at that residence's alone.
impl<R: TableRow> NewRows<(i64, i64), R> {
    /// The batch's rows of the residence `residence_id`, to change in memory.
    pub fn of_residence(
        &mut self,
        residence_id: i64,
    ) -> impl Iterator<Item = (&(i64, i64), &mut R)> {
        self.rows
            .range_mut((residence_id, i64::MIN)..=(residence_id, i64::MAX))
    }

    /// Forgets the batch's rows of the residence `residence_id` that `forget` answers true for.
    pub fn forget_of_residence(&mut self, residence_id: i64, mut forget: impl FnMut(&R) -> bool) {
        let forgotten: Vec<(i64, i64)> = self
            .of_residence(residence_id)
            .filter(|(_, row)| forget(row))
            .map(|(key, _)| *key)
            .collect();
        for key in forgotten {
            self.rows.remove(&key);
        }
    }
}

impl<K: StoredKey, R: TableRow> NewRows<K, R> {
    /// Deletes the row `key`: the batch's own at once, a stored one when the batch is written.
    pub fn delete(&mut self, key: K) {
        if self.rows.remove(&key).is_none() {
            let values = key.values();
            self.gone.insert(key, values);
        }
    }

    /// Sets every column of the row `key`: the batch's own in memory, a stored one when the
    /// batch is written (later events of the batch then change it in memory).
    pub fn replace(&mut self, key: K, row: R) {
        if !self.rows.contains_key(&key) {
            let values = key.values();
            self.gone.insert(key.clone(), values);
        }
        self.rows.insert(key, row);
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
    Part::of(rows, String::new())
        .write(conn, false)
        .await
        .map(|_| ())
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
    let mut suffix = on_conflict(conflict, update);
    if let Some(columns) = returning {
        suffix.push_str(" RETURNING ");
        suffix.push_str(columns);
    }
    Part::of(rows, suffix)
        .write(conn, returning.is_some())
        .await
}

fn on_conflict(conflict: &[&str], update: &str) -> String {
    format!(
        " ON CONFLICT ({}) DO UPDATE SET {update}",
        conflict.join(", ")
    )
}

/// Several tables' rows written together at a batch's end: on PostgreSQL in one statement, each
/// table's insert a data-modifying `WITH` part of it (one round trip for the lot); on SQLite
/// each table's inserts in turn (in the process: no round trip to save). The parts must not
/// depend on each other (a part does not see the rows another writes).
#[derive(Default)]
pub struct Writes<'a> {
    parts: Vec<Part<'a>>,
}

impl<'a> Writes<'a> {
    /// Inserts `rows`, as [`insert_all`].
    pub fn insert<R: TableRow>(&mut self, rows: &'a [R]) {
        self.push(Part::of(rows, String::new()));
    }

    /// Inserts or adds to `rows`, as [`upsert_all`] without `RETURNING`.
    pub fn upsert<R: TableRow>(&mut self, rows: &'a [R], conflict: &[&str], update: &str) {
        self.push(Part::of(rows, on_conflict(conflict, update)));
    }

    fn push(&mut self, part: Part<'a>) {
        if !part.rows.is_empty() {
            self.parts.push(part);
        }
    }

    pub async fn write(mut self, conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
        if !is_sqlite(conn) {
            // The parts a rebuild loads by `COPY` leave the shared statement.
            let mut loads = Vec::new();
            let mut shared = Vec::with_capacity(self.parts.len());
            for part in std::mem::take(&mut self.parts) {
                match part.bulk_sink(false) {
                    Some(sink) => loads.push((
                        crate::bulk::Load::new(part.table, part.columns, &part.rows)?,
                        sink,
                    )),
                    None => shared.push(part),
                }
            }
            self.parts = shared;
            for (load, sink) in loads {
                load.run(sink).await?;
            }
        }
        if is_sqlite(conn) || self.parts.len() < 2 {
            for part in self.parts {
                part.write(conn, false).await?;
            }
            return Ok(());
        }
        let mut sql = String::from("WITH ");
        let mut next = 1;
        let last = self.parts.len() - 1;
        for (index, part) in self.parts.iter().enumerate() {
            if index == last {
                sql.push(' ');
            } else if index > 0 {
                sql.push_str(", ");
            }
            let insert = part.postgres_sql(next);
            next += part.columns.len();
            if index == last {
                sql.push_str(&insert);
            } else {
                sql.push_str(&format!("w{index} AS ({insert})"));
            }
        }
        let mut query = sqlx::query(&sql);
        for part in self.parts {
            for array in arrays(part.columns.len(), part.rows.into_iter()) {
                query = query.bind(array);
            }
        }
        query.execute(&mut *conn).await?;
        Ok(())
    }
}

/// One table's rows to insert, and what follows the rows in the statement (`ON CONFLICT …`).
struct Part<'a> {
    table: &'static str,
    columns: &'static [(&'static str, ColumnType)],
    rows: Vec<Vec<Value<'a>>>,
    suffix: String,
}

impl<'a> Part<'a> {
    fn of<R: TableRow>(rows: &'a [R], suffix: String) -> Self {
        Part {
            table: R::TABLE,
            columns: R::COLUMNS,
            rows: rows.iter().map(TableRow::values).collect(),
            suffix,
        }
    }

    fn names(&self) -> String {
        self.columns
            .iter()
            .map(|(name, _)| *name)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The rebuild's `COPY` sink, when these rows go there: a plain insert (no `ON CONFLICT`,
    /// nothing answered) of many rows while a rebuild lane applies a batch ([`crate::bulk`]).
    fn bulk_sink(&self, fetch: bool) -> Option<crate::bulk::SharedSink> {
        if fetch || !self.suffix.is_empty() || self.rows.len() < crate::bulk::MIN_ROWS {
            return None;
        }
        crate::bulk::current()
    }

    /// The PostgreSQL insert, its arrays bound from parameter `$first`.
    fn postgres_sql(&self, first: usize) -> String {
        format!(
            "INSERT INTO {} ({}) SELECT * FROM UNNEST({}){}",
            self.table,
            self.names(),
            array_parameters_from(first, self.columns.iter().map(|(_, kind)| *kind)),
            self.suffix
        )
    }

    /// Writes the rows (see the module's documentation for how, per store); answers the rows
    /// the statements answer when `fetch` (a `RETURNING` suffix).
    async fn write(
        self,
        conn: &mut AnyConnection,
        fetch: bool,
    ) -> Result<Vec<AnyRow>, sqlx::Error> {
        let mut answered = Vec::new();
        if self.rows.is_empty() {
            return Ok(answered);
        }
        if !is_sqlite(conn) {
            if let Some(sink) = self.bulk_sink(fetch) {
                let load = crate::bulk::Load::new(self.table, self.columns, &self.rows)?;
                load.run(sink).await?;
                return Ok(answered);
            }
            let sql = self.postgres_sql(1);
            let mut query = sqlx::query(&sql);
            for array in arrays(self.columns.len(), self.rows.into_iter()) {
                query = query.bind(array);
            }
            if fetch {
                answered = query.fetch_all(&mut *conn).await?;
            } else {
                query.execute(&mut *conn).await?;
            }
            return Ok(answered);
        }
        let names = self.names();
        for chunk in self.rows.chunks(ROWS_PER_STATEMENT) {
            let sql = format!(
                "INSERT INTO {} ({names}) VALUES {}{}",
                self.table,
                placeholder_rows(conn, chunk.len(), self.columns.len()),
                self.suffix
            );
            // A full chunk has the same text every time: prepared once per connection. The
            // last, shorter one would only fill the statement cache.
            let mut query = sqlx::query(&sql).persistent(chunk.len() == ROWS_PER_STATEMENT);
            for row in chunk {
                for value in row {
                    query = bind(query, *value);
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
}

/// Deletes the stored rows of `table` whose `keys` columns have the values of one of `rows`:
/// one statement on PostgreSQL (`DELETE … USING UNNEST(…)`), one per [`ROWS_PER_STATEMENT`]
/// rows on SQLite.
pub async fn delete_stored(
    conn: &mut AnyConnection,
    table: &str,
    keys: &[(&str, ColumnType)],
    rows: Vec<Vec<Value<'_>>>,
) -> Result<(), sqlx::Error> {
    if rows.is_empty() {
        return Ok(());
    }
    let names: Vec<&str> = keys.iter().map(|(name, _)| *name).collect();
    if !is_sqlite(conn) {
        let matched: Vec<String> = names
            .iter()
            .map(|name| format!("{table}.{name} = v.{name}"))
            .collect();
        let sql = format!(
            "DELETE FROM {table} USING UNNEST({}) AS v({}) WHERE {}",
            array_parameters(keys.iter().map(|(_, kind)| *kind)),
            names.join(", "),
            matched.join(" AND ")
        );
        let mut query = sqlx::query(&sql);
        for array in arrays(keys.len(), rows.into_iter()) {
            query = query.bind(array);
        }
        query.execute(&mut *conn).await?;
        return Ok(());
    }
    let names = names.join(", ");
    per_chunk(conn, &rows, keys.len(), |values| {
        format!("DELETE FROM {table} WHERE ({names}) IN (VALUES {values})")
    })
    .await
}

/// Inserts `rows`, or replaces every other column of the stored row with the same `keys`
/// columns: always on `conn` (an upsert never goes to a rebuild's `COPY`).
async fn replace_all<R: TableRow>(
    conn: &mut AnyConnection,
    rows: &[R],
    keys: &[(&str, ColumnType)],
) -> Result<(), sqlx::Error> {
    if rows.is_empty() {
        return Ok(());
    }
    let conflict: Vec<&str> = keys.iter().map(|(name, _)| *name).collect();
    let update: Vec<String> = R::COLUMNS[keys.len()..]
        .iter()
        .map(|(name, _)| format!("{name} = excluded.{name}"))
        .collect();
    upsert_all(conn, rows, &conflict, &update.join(", "), None).await?;
    Ok(())
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
    let (set, matched) = (set.join(", "), matched.join(" AND "));
    per_chunk(conn, &rows, width, |values| {
        format!(
            "UPDATE {table} SET {set} FROM (VALUES {values}) AS v WHERE {matched} \
             AND {table}.{condition}"
        )
    })
    .await
}

/// On SQLite, one statement per [`ROWS_PER_STATEMENT`] of `rows` (each `width` values):
/// `statement` writes it around the chunk's placeholders (`(?, ?), (?, ?)`), and the rows'
/// values are bound in order. A full chunk has the same text every time: prepared once.
async fn per_chunk(
    conn: &mut AnyConnection,
    rows: &[Vec<Value<'_>>],
    width: usize,
    statement: impl Fn(&str) -> String,
) -> Result<(), sqlx::Error> {
    for chunk in rows.chunks(ROWS_PER_STATEMENT) {
        let sql = statement(&placeholder_rows(conn, chunk.len(), width));
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
    array_parameters_from(1, kinds)
}

/// [`array_parameters`] numbered from `$first`.
fn array_parameters_from(first: usize, kinds: impl Iterator<Item = ColumnType>) -> String {
    kinds
        .enumerate()
        .map(|(index, kind)| format!("${}::{}", first + index, kind.array()))
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

    #[derive(Debug, PartialEq)]
    struct Du {
        cotisation: i64,
        paye: bool,
    }

    impl TableRow for Du {
        const TABLE: &'static str = "dus";
        const COLUMNS: &'static [(&'static str, ColumnType)] = &[];
        fn values(&self) -> Vec<Value<'_>> {
            Vec::new()
        }
    }

    fn dus() -> NewRows<(i64, i64), Du> {
        let mut dus = NewRows::default();
        for (residence, id, cotisation) in [(1, 1, 7), (1, 2, 8), (1, 3, 7), (2, 4, 7), (3, 5, 7)] {
            dus.insert(
                (residence, id),
                Du {
                    cotisation,
                    paye: false,
                },
            );
        }
        dus
    }

    #[test]
    fn a_residences_rows_are_forgotten_and_no_other_residences() {
        // Given the batch's dues of three residences
        let mut dus = dus();
        // When residence 1's dues of cotisation 7 are forgotten
        dus.forget_of_residence(1, |du| du.cotisation == 7);
        // Then only those are gone
        let left: Vec<(i64, i64)> = dus.rows.keys().copied().collect();
        assert_eq!(left, vec![(1, 2), (2, 4), (3, 5)]);
    }

    #[test]
    fn a_residences_rows_are_changed_and_no_other_residences() {
        // Given the batch's dues of three residences
        let mut dus = dus();
        // When residence 2's dues are changed in memory
        for (_, du) in dus.of_residence(2) {
            du.paye = true;
        }
        // Then only residence 2's due is paid
        let paid: Vec<(i64, i64)> = dus
            .rows
            .iter()
            .filter(|(_, du)| du.paye)
            .map(|(key, _)| *key)
            .collect();
        assert_eq!(paid, vec![(2, 4)]);
    }

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
