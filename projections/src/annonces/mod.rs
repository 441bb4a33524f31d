//! The residence's announcements (spec 3 §2.8, §3 "Annonce", §7 "Announcements"; issue 18): a
//! plain table owned by this module (ADR 0005: they decide nothing about money and are corrected
//! and withdrawn), not events of the journal.
//!
//! Rules kept here:
//! - an announcement is active through its last day (`date_fin`, included) and archived from the
//!   next day, by the residence's clock ([`est_active`]);
//! - publishing one records it and notifies every other user of the residence in one
//!   transaction (both or neither);
//! - withdrawing one marks its row (`supprime_le`, `supprime_par`) and hides it from both lists.

use chrono::{DateTime, Days, NaiveDate, Utc};
use serde_json::json;
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::db::timestamp;
use crate::notifications::{self, Avis};
use crate::tables::{Etape, TablesDeModule};
use crate::Database;

/// This module's tables (registered in [`crate::tables_de_modules`]).
pub const TABLES: TablesDeModule = TablesDeModule {
    module: "annonces",
    etapes: &[Etape {
        sqlite: include_str!("sqlite.sql"),
        postgres: include_str!("postgres.sql"),
    }],
};

/// Whether an announcement whose last day is `date_fin` is shown among the active ones on
/// `aujourd_hui`: through its last day, archived the day after.
pub fn est_active(date_fin: NaiveDate, aujourd_hui: NaiveDate) -> bool {
    date_fin >= aujourd_hui
}

/// The last day of an announcement published on `aujourd_hui` for `jours` days; `None` past the
/// calendar's end.
pub fn fin_apres(aujourd_hui: NaiveDate, jours: u32) -> Option<NaiveDate> {
    aujourd_hui.checked_add_days(Days::new(u64::from(jours)))
}

/// An announcement as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Annonce {
    pub id: i64,
    pub description: String,
    /// Its author's name.
    pub nom: String,
    /// Its last day shown, `yyyy-MM-dd`.
    pub date_fin: String,
    /// When it was published (UTC, RFC 3339).
    pub cree_le: String,
}

const COLONNES: &str = "a.id, a.description, COALESCE(u.nom, '') AS nom, a.date_fin, a.cree_le";

fn annonce(row: &AnyRow) -> Result<Annonce, sqlx::Error> {
    Ok(Annonce {
        id: row.try_get("id")?,
        description: row.try_get("description")?,
        nom: row.try_get("nom")?,
        date_fin: row.try_get("date_fin")?,
        cree_le: row.try_get("cree_le")?,
    })
}

fn jour(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

/// Which list: the active announcements or the archived ones, on a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Liste {
    Actives,
    Archivees,
}

/// The residence's announcements of one list on `aujourd_hui`, newest first.
pub async fn liste(
    db: &Database,
    residence_id: i64,
    liste: Liste,
    aujourd_hui: NaiveDate,
) -> Result<Vec<Annonce>, sqlx::Error> {
    // Dates are stored as `yyyy-MM-dd`: compared as text, they compare as days (the rule of
    // `est_active`).
    let condition = match liste {
        Liste::Actives => "a.date_fin >= $2",
        Liste::Archivees => "a.date_fin < $2",
    };
    let rows = sqlx::query(&format!(
        "SELECT {COLONNES} FROM annonces a LEFT JOIN users u ON u.id = a.cree_par \
         WHERE a.residence_id = $1 AND a.supprime_le IS NULL AND {condition} \
         ORDER BY a.cree_le DESC, a.id DESC"
    ))
    .bind(residence_id)
    .bind(jour(aujourd_hui))
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(annonce).collect()
}

/// Publishes an announcement and notifies every other user of the residence, in one
/// transaction; answers it.
pub async fn creer(
    db: &Database,
    residence_id: i64,
    par: i64,
    le: DateTime<Utc>,
    description: &str,
    date_fin: NaiveDate,
) -> Result<Annonce, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let id: i64 = sqlx::query(
        "INSERT INTO annonces (residence_id, description, date_fin, cree_par, cree_le) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(residence_id)
    .bind(description)
    .bind(jour(date_fin))
    .bind(par)
    .bind(timestamp(le))
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    notifications::notifier_residence(
        &mut tx,
        residence_id,
        par,
        le,
        &Avis {
            icon: "annonce",
            title_key: "annonce_publiee",
            params: json!({ "id": id }),
        },
        "/syndic/annonces",
        "/coproprietaire/annonces",
    )
    .await?;
    let row = sqlx::query(&format!(
        "SELECT {COLONNES} FROM annonces a LEFT JOIN users u ON u.id = a.cree_par WHERE a.id = $1"
    ))
    .bind(id)
    .fetch_one(&mut *tx)
    .await?;
    let publiee = annonce(&row)?;
    tx.commit().await?;
    Ok(publiee)
}

/// Corrects an announcement of the residence (its text and its last day); `false` when there is
/// no such announcement (unknown, another residence's, or withdrawn).
pub async fn modifier(
    db: &Database,
    residence_id: i64,
    id: i64,
    par: i64,
    le: DateTime<Utc>,
    description: &str,
    date_fin: NaiveDate,
) -> Result<bool, sqlx::Error> {
    let modifiees = sqlx::query(
        "UPDATE annonces SET description = $1, date_fin = $2, modifie_par = $3, modifie_le = $4 \
         WHERE residence_id = $5 AND id = $6 AND supprime_le IS NULL",
    )
    .bind(description)
    .bind(jour(date_fin))
    .bind(par)
    .bind(timestamp(le))
    .bind(residence_id)
    .bind(id)
    .execute(&db.pool)
    .await?
    .rows_affected();
    Ok(modifiees == 1)
}

/// Withdraws an announcement of the residence; `false` when there is no such announcement.
pub async fn supprimer(
    db: &Database,
    residence_id: i64,
    id: i64,
    par: i64,
    le: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    let retirees = sqlx::query(
        "UPDATE annonces SET supprime_le = $1, supprime_par = $2 \
         WHERE residence_id = $3 AND id = $4 AND supprime_le IS NULL",
    )
    .bind(timestamp(le))
    .bind(par)
    .bind(residence_id)
    .bind(id)
    .execute(&db.pool)
    .await?
    .rows_affected();
    Ok(retirees == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mars(jour: u32) -> Result<NaiveDate, String> {
        NaiveDate::from_ymd_opt(2026, 3, jour).ok_or_else(|| format!("no 2026-03-{jour}"))
    }

    #[test]
    fn an_announcement_is_still_active_on_its_last_day() -> Result<(), String> {
        // Given an announcement whose last day is 15 March
        let date_fin = mars(15)?;
        // When the residence's clock says 15 March
        // Then it is among the active ones
        assert!(est_active(date_fin, mars(15)?));
        Ok(())
    }

    #[test]
    fn an_announcement_is_archived_the_day_after_its_last_day() -> Result<(), String> {
        // Given an announcement whose last day is 15 March
        let date_fin = mars(15)?;
        // When the residence's clock says 16 March
        // Then it is archived
        assert!(!est_active(date_fin, mars(16)?));
        Ok(())
    }

    #[test]
    fn an_announcement_published_for_fourteen_days_ends_fourteen_days_later() -> Result<(), String>
    {
        // Given the residence's today, 1 March
        // When an announcement is published for the default 14 days
        // Then its last day is 15 March
        assert_eq!(fin_apres(mars(1)?, 14), Some(mars(15)?));
        Ok(())
    }
}
