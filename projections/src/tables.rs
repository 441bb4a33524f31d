//! The tables of the modules that keep no events (ADR 0005, option 3: regulations, and next
//! chat, announcements, notifications, breakdown reports): plain rows a module creates, edits and
//! erases with ordinary transactions, outside the journal.
//!
//! Each such module owns its tables in its own folder (`projections/src/<module>/`) as an ordered
//! list of [`Etape`]s and registers it once in [`crate::tables_de_modules`]. At every start,
//! [`appliquer`] runs the steps a database has not run yet, counted per module in
//! `module_tables`: a later release that adds a column appends a step, it never edits one that
//! shipped. Unlike a read model's tables they are never dropped and rebuilt: they are the only
//! copy of their data.

use sqlx::{AnyConnection, Row};

use crate::db::Dialect;

/// One step of a module's schema, written once per store: ids differ (`AUTOINCREMENT` against
/// identity columns), the rest is the same SQL. Several statements are separated by `;`; lines
/// starting with `--` are comments.
#[derive(Debug, Clone, Copy)]
pub struct Etape {
    pub sqlite: &'static str,
    pub postgres: &'static str,
}

impl Etape {
    fn sql(&self, dialect: Dialect) -> &'static str {
        match dialect {
            Dialect::Sqlite => self.sqlite,
            Dialect::Postgres => self.postgres,
        }
    }
}

/// A module's tables: its name (the key of its count of steps run) and its steps in order.
#[derive(Debug, Clone, Copy)]
pub struct TablesDeModule {
    pub module: &'static str,
    pub etapes: &'static [Etape],
}

/// Runs, for each module, the steps this database has not run yet (inside the caller's
/// transaction, which holds the schema lock on PostgreSQL).
pub(crate) async fn appliquer(
    conn: &mut AnyConnection,
    dialect: Dialect,
    modules: &[TablesDeModule],
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "CREATE TABLE IF NOT EXISTS module_tables (module TEXT PRIMARY KEY, etapes BIGINT NOT NULL)",
    )
    .execute(&mut *conn)
    .await?;
    for module in modules {
        let faites: i64 = sqlx::query("SELECT etapes FROM module_tables WHERE module = $1")
            .bind(module.module)
            .fetch_optional(&mut *conn)
            .await?
            .map_or(Ok(0), |row| row.try_get::<i64, _>(0))?;
        let faites = usize::try_from(faites).unwrap_or(0);
        if faites >= module.etapes.len() {
            continue;
        }
        for etape in &module.etapes[faites..] {
            for statement in instructions(etape.sql(dialect)) {
                sqlx::query(&statement).execute(&mut *conn).await?;
            }
        }
        let total = i64::try_from(module.etapes.len()).unwrap_or(i64::MAX);
        sqlx::query("DELETE FROM module_tables WHERE module = $1")
            .bind(module.module)
            .execute(&mut *conn)
            .await?;
        sqlx::query("INSERT INTO module_tables (module, etapes) VALUES ($1, $2)")
            .bind(module.module)
            .bind(total)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// The statements of a step or a model's schema, comment lines removed first (a `;` in a
/// comment would split one).
pub(crate) fn instructions(sql: &str) -> Vec<String> {
    let sans_commentaires: String = sql
        .lines()
        .filter(|line| !line.trim_start().starts_with("--"))
        .collect::<Vec<_>>()
        .join("\n");
    sans_commentaires
        .split(';')
        .map(str::trim)
        .filter(|statement| !statement.is_empty())
        .map(str::to_owned)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::instructions;

    #[test]
    fn a_step_is_split_into_its_statements_without_its_comments() {
        let sql = "-- a comment; with a semicolon\nCREATE TABLE a (x BIGINT);\n\nCREATE INDEX i ON a (x);\n";
        assert_eq!(
            instructions(sql),
            ["CREATE TABLE a (x BIGINT)", "CREATE INDEX i ON a (x)"]
        );
    }
}
