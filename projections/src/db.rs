//! One connection pool over either store: PostgreSQL (production) or an embedded SQLite file
//! (the default, so a fresh machine needs no database server).
//!
//! Both stores go through sqlx's `Any` driver so every query is written once; the handful of
//! statements whose SQL differs between the two live in [`Dialect`]. Timestamps are stored as
//! fixed-width RFC 3339 UTC text (`2026-11-22T10:00:00.000000Z`) so that text order is time order
//! on both stores.

use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

/// Every SQLite connection's settings.
const SQLITE_PRAGMAS: &str = "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL; \
                              PRAGMA foreign_keys=ON; PRAGMA busy_timeout=10000;";

/// Which store a [`Database`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// A pool plus the dialect it speaks. Cheap to clone.
#[derive(Clone, Debug)]
pub struct Database {
    pub pool: AnyPool,
    pub dialect: Dialect,
}

#[derive(Debug, thiserror::Error)]
pub enum DatabaseError {
    #[error("unsupported database URL (expected postgres:// or sqlite://): {0}")]
    UnsupportedUrl(String),
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl Database {
    /// Connects to `url` (`postgres://…` or `sqlite://path`), creating the SQLite file if needed,
    /// and applies the migrations.
    ///
    /// SQLite runs in WAL mode with `synchronous=FULL`: a ledger must not lose an acknowledged
    /// commit on power loss (sqlite-es's `NORMAL` can).
    pub async fn connect(url: &str) -> Result<Self, DatabaseError> {
        Self::connect_with(url, None).await
    }

    /// As [`Database::connect`], with a pool of at most `max_connections` connections
    /// ([`default_pool_size`] when `None`).
    pub async fn connect_with(
        url: &str,
        max_connections: Option<u32>,
    ) -> Result<Self, DatabaseError> {
        sqlx::any::install_default_drivers();
        let dialect = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Dialect::Postgres
        } else if url.starts_with("sqlite:") {
            Dialect::Sqlite
        } else {
            return Err(DatabaseError::UnsupportedUrl(url.to_owned()));
        };
        let url = match dialect {
            Dialect::Sqlite if !url.contains("mode=") => {
                let sep = if url.contains('?') { '&' } else { '?' };
                format!("{url}{sep}mode=rwc")
            }
            _ => url.to_owned(),
        };
        let options = AnyConnectOptions::from_str(&url)?;
        let pool_options = AnyPoolOptions::new()
            .max_connections(max_connections.unwrap_or_else(default_pool_size).max(1))
            .acquire_timeout(Duration::from_secs(10));
        let pool = if dialect == Dialect::Sqlite {
            pool_options
                .after_connect(|conn, _meta| {
                    Box::pin(async move {
                        conn.execute(SQLITE_PRAGMAS).await?;
                        Ok(())
                    })
                })
                .connect_with(options)
                .await?
        } else {
            pool_options.connect_with(options).await?
        };
        let db = Database { pool, dialect };
        db.migrate().await?;
        Ok(db)
    }

    /// A connection of its own, outside the pool, set up as the pool's are: for work that holds
    /// a connection for long (a replay lane) without taking one from the requests.
    pub async fn dedicated_connection(&self) -> Result<sqlx::AnyConnection, sqlx::Error> {
        use sqlx::ConnectOptions;
        let mut conn = self.pool.connect_options().connect().await?;
        if self.dialect == Dialect::Sqlite {
            conn.execute(SQLITE_PRAGMAS).await?;
        }
        Ok(conn)
    }

    /// Applies the migrations of the journal and identity tables, creates every read
    /// model's tables that do not exist yet, then runs the steps of the modules' own tables
    /// ([`crate::tables`]) (each model owns its schema: see
    /// [`crate::ReadModel::schema`]; the projector rebuilds a model whose version changed).
    ///
    /// Migrations 0003–0005 created the first read models' tables before the models owned
    /// their schemas; databases that applied them are not refused for their absence.
    async fn migrate(&self) -> Result<(), DatabaseError> {
        let mut migrator = match self.dialect {
            Dialect::Sqlite => sqlx::migrate!("./migrations/sqlite"),
            Dialect::Postgres => sqlx::migrate!("./migrations/postgres"),
        };
        migrator.set_ignore_missing(true);
        migrator.run(&self.pool).await?;
        let mut tx = self.pool.begin().await?;
        if self.dialect == Dialect::Postgres {
            // Two servers starting together must not both create a table (PostgreSQL's
            // `IF NOT EXISTS` is not safe against a concurrent creation).
            sqlx::query("SELECT pg_advisory_xact_lock(6457)")
                .execute(&mut *tx)
                .await?;
        }
        for model in crate::read_models() {
            crate::projector::create_schema(&mut tx, model.as_ref()).await?;
        }
        crate::tables::appliquer(&mut tx, self.dialect, &crate::tables_de_modules()).await?;
        tx.commit().await?;
        Ok(())
    }
}

/// The server clock as stored text: fixed width, UTC, microseconds.
pub fn timestamp(at: chrono::DateTime<chrono::Utc>) -> String {
    at.format("%Y-%m-%dT%H:%M:%S%.6fZ").to_string()
}

/// The pool size when none is configured: twice the cores plus one, PostgreSQL's rule of thumb
/// for a server with its data in cache. More connections than the machine runs at once only
/// queue inside the database, and the queueing shows in the tail: on the 2-core development
/// machine, 16 connections instead of 5 doubled the p99 of every request (docs/performance.md).
pub fn default_pool_size() -> u32 {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get);
    u32::try_from(cores * 2 + 1).unwrap_or(u32::MAX)
}

/// Rows written by one multi-row statement at most: 500 rows of up to 12 values stay far below
/// the bound-parameter limits of both stores (SQLite 32,766; PostgreSQL 65,535).
pub const ROWS_PER_STATEMENT: usize = 500;

/// The placeholders of `rows` rows of `width` values each, bound in row order: `($1, $2), ($3,
/// $4)` for 2 × 2 on PostgreSQL, `(?, ?), (?, ?)` on SQLite. For multi-row `INSERT … VALUES` and
/// `UPDATE … FROM (VALUES …)`, whose columns are `column1`, `column2`… on both stores.
///
/// SQLite takes `$1` for a *named* parameter and finds a name by scanning the names before it,
/// when the statement is prepared and again when each value is bound: thousands of `$N` cost
/// time quadratic in their number (a 5,500-value insert ran 30 times slower than with `?`).
pub fn placeholder_rows(conn: &sqlx::AnyConnection, rows: usize, width: usize) -> String {
    placeholders(conn.backend_name() != "SQLite", rows, width)
}

/// `numbered`: `$1, $2…` (PostgreSQL); else `?` (SQLite).
pub(crate) fn placeholders(numbered: bool, rows: usize, width: usize) -> String {
    let mut sql = String::with_capacity(rows * width * 5);
    for row in 0..rows {
        if row > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        for column in 0..width {
            if column > 0 {
                sql.push_str(", ");
            }
            if numbered {
                sql.push('$');
                sql.push_str(&(row * width + column + 1).to_string());
            } else {
                sql.push('?');
            }
        }
        sql.push(')');
    }
    sql
}

#[cfg(test)]
mod tests {
    use super::placeholders;

    #[test]
    fn placeholders_are_numbered_in_row_order_on_postgresql_and_anonymous_on_sqlite() {
        assert_eq!(placeholders(true, 1, 1), "($1)");
        assert_eq!(placeholders(true, 2, 3), "($1, $2, $3), ($4, $5, $6)");
        assert_eq!(placeholders(false, 2, 2), "(?, ?), (?, ?)");
    }
}
