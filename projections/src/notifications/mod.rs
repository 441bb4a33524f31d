//! The notifications of each user (spec 3 §3 "Notification", §4 "Notifications"; issue 18): a
//! plain table owned by this module (ADR 0005), not events of the journal.
//!
//! Other modules notify through [`notifier_residence`] and [`notifier_utilisateur`], inside their
//! own transaction, so that what they record and its notifications are written together or not
//! at all. A user reads only their own notifications and marks them all read at once.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::db::timestamp;
use crate::tables::{Etape, TablesDeModule};
use crate::Database;

/// This module's tables (registered in [`crate::tables_de_modules`]).
pub const TABLES: TablesDeModule = TablesDeModule {
    module: "notifications",
    etapes: &[Etape {
        sqlite: include_str!("sqlite.sql"),
        postgres: include_str!("postgres.sql"),
    }],
};

/// How many notifications the bell shows at most: the newest.
pub const AFFICHEES_AU_PLUS: i64 = 50;

/// What a module says to notify: the client translates `title_key` (a key of its
/// `notifications:titres` catalogue, listed in docs/api-communaute.md) and shows `icon`.
#[derive(Debug, Clone, PartialEq)]
pub struct Avis<'a> {
    pub icon: &'a str,
    pub title_key: &'a str,
    /// A JSON object the client may interpolate into the title (`{"id": 12}`).
    pub params: Value,
}

/// A notification as its user reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Notification {
    pub id: i64,
    pub icon: String,
    pub title_key: String,
    pub params: Value,
    pub lien: Option<String>,
    pub cree_le: String,
    pub lu: bool,
}

fn notification(row: &AnyRow) -> Result<Notification, sqlx::Error> {
    let params: String = row.try_get("params")?;
    Ok(Notification {
        id: row.try_get("id")?,
        icon: row.try_get("icon")?,
        title_key: row.try_get("title_key")?,
        // Written by this module only, always an object; a row someone edited by hand shows
        // without its parameters rather than failing the whole list.
        params: serde_json::from_str(&params).unwrap_or(Value::Null),
        lien: row.try_get("lien")?,
        cree_le: row.try_get("cree_le")?,
        lu: row.try_get::<Option<String>, _>("lu_le")?.is_some(),
    })
}

/// Notifies every active user of the residence but `sauf` (the one who acted: nobody is told
/// of their own action), in the caller's transaction. The link differs by space: a council
/// member opens the syndic's page, any other user the co-owner's.
pub async fn notifier_residence(
    conn: &mut AnyConnection,
    residence_id: i64,
    sauf: i64,
    le: DateTime<Utc>,
    avis: &Avis<'_>,
    lien_syndic: &str,
    lien_coproprietaire: &str,
) -> Result<u64, sqlx::Error> {
    let inseres = sqlx::query(
        "INSERT INTO notifications (residence_id, user_id, icon, title_key, params, lien, cree_le) \
         SELECT residence_id, id, $1, $2, $3, \
                CASE WHEN is_syndic = 1 THEN $4 ELSE $5 END, $6 \
         FROM users WHERE residence_id = $7 AND active = 1 AND id <> $8",
    )
    .bind(avis.icon)
    .bind(avis.title_key)
    .bind(avis.params.to_string())
    .bind(lien_syndic)
    .bind(lien_coproprietaire)
    .bind(timestamp(le))
    .bind(residence_id)
    .bind(sauf)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(inseres)
}

/// Notifies every active council member of the residence but `sauf` (a report made to the
/// council), in the caller's transaction.
pub async fn notifier_conseil(
    conn: &mut AnyConnection,
    residence_id: i64,
    sauf: i64,
    le: DateTime<Utc>,
    avis: &Avis<'_>,
    lien: &str,
) -> Result<u64, sqlx::Error> {
    let inseres = sqlx::query(
        "INSERT INTO notifications (residence_id, user_id, icon, title_key, params, lien, cree_le) \
         SELECT residence_id, id, $1, $2, $3, $4, $5 \
         FROM users WHERE residence_id = $6 AND active = 1 AND is_syndic = 1 AND id <> $7",
    )
    .bind(avis.icon)
    .bind(avis.title_key)
    .bind(avis.params.to_string())
    .bind(lien)
    .bind(timestamp(le))
    .bind(residence_id)
    .bind(sauf)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(inseres)
}

/// Notifies one user of the residence (an author told that their report changed), in the
/// caller's transaction. Nothing is written when the user is not an active user of this
/// residence.
pub async fn notifier_utilisateur(
    conn: &mut AnyConnection,
    residence_id: i64,
    user_id: i64,
    le: DateTime<Utc>,
    avis: &Avis<'_>,
    lien: &str,
) -> Result<u64, sqlx::Error> {
    let inseres = sqlx::query(
        "INSERT INTO notifications (residence_id, user_id, icon, title_key, params, lien, cree_le) \
         SELECT residence_id, id, $1, $2, $3, $4, $5 \
         FROM users WHERE residence_id = $6 AND active = 1 AND id = $7",
    )
    .bind(avis.icon)
    .bind(avis.title_key)
    .bind(avis.params.to_string())
    .bind(lien)
    .bind(timestamp(le))
    .bind(residence_id)
    .bind(user_id)
    .execute(&mut *conn)
    .await?
    .rows_affected();
    Ok(inseres)
}

/// The user's newest notifications (at most [`AFFICHEES_AU_PLUS`]), newest first.
pub async fn liste(
    db: &Database,
    residence_id: i64,
    user_id: i64,
) -> Result<Vec<Notification>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, icon, title_key, params, lien, cree_le, lu_le FROM notifications \
         WHERE residence_id = $1 AND user_id = $2 ORDER BY cree_le DESC, id DESC LIMIT $3",
    )
    .bind(residence_id)
    .bind(user_id)
    .bind(AFFICHEES_AU_PLUS)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(notification).collect()
}

/// Marks every unread notification of the user read; answers how many were unread.
pub async fn tout_marquer_lu(
    db: &Database,
    residence_id: i64,
    user_id: i64,
    le: DateTime<Utc>,
) -> Result<u64, sqlx::Error> {
    let marques = sqlx::query(
        "UPDATE notifications SET lu_le = $1 \
         WHERE residence_id = $2 AND user_id = $3 AND lu_le IS NULL",
    )
    .bind(timestamp(le))
    .bind(residence_id)
    .bind(user_id)
    .execute(&db.pool)
    .await?
    .rows_affected();
    Ok(marques)
}
