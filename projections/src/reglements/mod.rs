//! The residence's rules documents (spec 3 §3 "Archive node", "Reglement creation", §4 "Rules
//! document"; docs/api-exercices.md "Regulations"): a plain table owned by this module (ADR 0005:
//! they decide nothing about money and a document can be withdrawn), not events of the journal.
//!
//! Rules kept here, in one transaction each:
//! - at most one document is current per residence: making one current unsets the others
//!   (also a partial unique index, so two requests at once cannot both win);
//! - withdrawing a document marks its row (`supprime_le`, `supprime_par`) and hides it; the row
//!   and its PDF (in the object store, by hash) stay, with whether it was current then.

use chrono::{DateTime, Utc};
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::db::timestamp;
use crate::tables::{Etape, TablesDeModule};
use crate::Database;

/// This module's tables (registered in [`crate::tables_de_modules`]).
pub const TABLES: TablesDeModule = TablesDeModule {
    module: "reglements",
    etapes: &[Etape {
        sqlite: include_str!("sqlite.sql"),
        postgres: include_str!("postgres.sql"),
    }],
};

/// A rules document as listed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reglement {
    pub id: i64,
    pub titre: String,
    pub commentaire: Option<String>,
    pub est_actuel: bool,
    /// The name of the file as uploaded (its title in downloads).
    pub nom_fichier: String,
    pub content_type: String,
    pub taille: i64,
    pub sha256: String,
    pub cree_le: String,
}

/// What the president sends, the file already stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NouveauReglement {
    pub titre: String,
    pub commentaire: Option<String>,
    pub est_actuel: bool,
    pub nom_fichier: String,
    pub content_type: String,
    pub taille: i64,
    pub sha256: String,
}

const COLONNES: &str =
    "id, titre, commentaire, est_actuel, nom_fichier, content_type, taille, sha256, cree_le";

fn reglement(row: &AnyRow) -> Result<Reglement, sqlx::Error> {
    Ok(Reglement {
        id: row.try_get("id")?,
        titre: row.try_get("titre")?,
        commentaire: row.try_get("commentaire")?,
        est_actuel: row.try_get::<i32, _>("est_actuel")? == 1,
        nom_fichier: row.try_get("nom_fichier")?,
        content_type: row.try_get("content_type")?,
        taille: row.try_get("taille")?,
        sha256: row.try_get("sha256")?,
        cree_le: row.try_get("cree_le")?,
    })
}

/// The residence's documents not withdrawn: the current one first, then the newest first.
pub async fn liste(db: &Database, residence_id: i64) -> Result<Vec<Reglement>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLONNES} FROM reglements WHERE residence_id = $1 AND supprime_le IS NULL \
         ORDER BY est_actuel DESC, cree_le DESC, id DESC"
    ))
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(reglement).collect()
}

/// One document of the residence, not withdrawn.
pub async fn un(
    db: &Database,
    residence_id: i64,
    id: i64,
) -> Result<Option<Reglement>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLONNES} FROM reglements \
         WHERE residence_id = $1 AND id = $2 AND supprime_le IS NULL"
    ))
    .bind(residence_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(reglement).transpose()
}

/// Records a document (current: the others of the residence stop being current) and answers it.
pub async fn creer(
    db: &Database,
    residence_id: i64,
    par: i64,
    le: DateTime<Utc>,
    nouveau: &NouveauReglement,
) -> Result<Reglement, sqlx::Error> {
    let mut essais = 0;
    loop {
        essais += 1;
        match creer_une_fois(db, residence_id, par, le, nouveau).await {
            // Another request made a document current between our update and our insert: the
            // index refused ours; once more, now that theirs is committed.
            Err(sqlx::Error::Database(erreur)) if essais < 3 && erreur.is_unique_violation() => {}
            resultat => return resultat,
        }
    }
}

async fn creer_une_fois(
    db: &Database,
    residence_id: i64,
    par: i64,
    le: DateTime<Utc>,
    nouveau: &NouveauReglement,
) -> Result<Reglement, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    if nouveau.est_actuel {
        sqlx::query(
            "UPDATE reglements SET est_actuel = 0 \
             WHERE residence_id = $1 AND est_actuel = 1 AND supprime_le IS NULL",
        )
        .bind(residence_id)
        .execute(&mut *tx)
        .await?;
    }
    let row = sqlx::query(&format!(
        "INSERT INTO reglements (residence_id, titre, commentaire, est_actuel, nom_fichier, \
         content_type, taille, sha256, cree_par, cree_le) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING {COLONNES}"
    ))
    .bind(residence_id)
    .bind(&nouveau.titre)
    .bind(&nouveau.commentaire)
    .bind(i32::from(nouveau.est_actuel))
    .bind(&nouveau.nom_fichier)
    .bind(&nouveau.content_type)
    .bind(nouveau.taille)
    .bind(&nouveau.sha256)
    .bind(par)
    .bind(timestamp(le))
    .fetch_one(&mut *tx)
    .await?;
    let cree = reglement(&row)?;
    tx.commit().await?;
    Ok(cree)
}

/// Withdraws a document of the residence; `false` when there is no such document (unknown,
/// another residence's, or already withdrawn).
pub async fn supprimer(
    db: &Database,
    residence_id: i64,
    id: i64,
    par: i64,
    le: DateTime<Utc>,
) -> Result<bool, sqlx::Error> {
    let retires = sqlx::query(
        "UPDATE reglements SET supprime_le = $1, supprime_par = $2 \
         WHERE residence_id = $3 AND id = $4 AND supprime_le IS NULL",
    )
    .bind(timestamp(le))
    .bind(par)
    .bind(residence_id)
    .bind(id)
    .execute(&db.pool)
    .await?
    .rows_affected();
    Ok(retires == 1)
}
