//! The residence's breakdown reports (pannes), their comments and photos (spec 3 §2.7, §3
//! "Panne", "Comment", §4 "Panne status", §6, §7 "Pannes"; issue 18): plain tables owned by this
//! module (ADR 0005), not events of the journal.
//!
//! Rules kept here, each in one transaction:
//! - authors correct and withdraw their own reports and comments ([`RefusPanne::PasAuteur`]);
//! - a report whose status a council member has changed cannot be withdrawn
//!   ([`Panne::peut_etre_retiree`]), even if set back to `ouvert`;
//! - a council member sets any status, in any order, but not the current one again
//!   ([`changement_de_statut`]); the report's author is told;
//! - an archived report is the council's only ([`RefusPanne::Archivee`] for anyone else);
//! - a report, a comment and their photos are written together or not at all, and so are the
//!   notifications they send.

use chrono::{DateTime, Utc};
use serde_json::json;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::db::timestamp;
use crate::notifications::{self, Avis};
use crate::tables::{Etape, TablesDeModule};
use crate::Database;

/// This module's tables (registered in [`crate::tables_de_modules`]).
pub const TABLES: TablesDeModule = TablesDeModule {
    module: "pannes",
    etapes: &[Etape {
        sqlite: include_str!("sqlite.sql"),
        postgres: include_str!("postgres.sql"),
    }],
};

/// A report's status (spec 3 §4 "Panne status"), in the selector's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Statut {
    Ouvert,
    Analyse,
    Reparation,
    Resolu,
    Archive,
}

impl Statut {
    pub const TOUS: [Statut; 5] = [
        Statut::Ouvert,
        Statut::Analyse,
        Statut::Reparation,
        Statut::Resolu,
        Statut::Archive,
    ];

    /// Its name, as stored and as the API sends it.
    pub const fn nom(self) -> &'static str {
        match self {
            Statut::Ouvert => "ouvert",
            Statut::Analyse => "analyse",
            Statut::Reparation => "reparation",
            Statut::Resolu => "resolu",
            Statut::Archive => "archive",
        }
    }

    pub fn depuis_nom(nom: &str) -> Option<Statut> {
        Statut::TOUS.into_iter().find(|statut| statut.nom() == nom)
    }
}

/// Why a request on a report or a comment is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefusPanne {
    /// No such report or comment in the residence (unknown, another residence's, withdrawn).
    Introuvable,
    /// Only its author corrects or withdraws it.
    PasAuteur,
    /// A council member changed its status: it stays.
    StatutEvolue,
    /// The status asked is already the report's.
    StatutIdentique,
    /// An archived report, asked by someone who is not a council member.
    Archivee,
}

/// Whether `nouveau` may replace `actuel`: any status, in any order, but not the same one.
pub fn changement_de_statut(actuel: Statut, nouveau: Statut) -> Result<(), RefusPanne> {
    if actuel == nouveau {
        Err(RefusPanne::StatutIdentique)
    } else {
        Ok(())
    }
}

/// Who wrote a report or a comment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Auteur {
    pub id: i64,
    pub nom: String,
}

/// A photo of a report or a comment (its bytes in the documents' store under `sha256`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Photo {
    pub id: i64,
    pub titre: String,
    pub content_type: String,
    pub sha256: String,
}

/// A photo to record, already stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NouvellePhoto {
    pub titre: String,
    pub content_type: String,
    pub taille: i64,
    pub sha256: String,
}

/// A report as listed and detailed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Panne {
    pub id: i64,
    pub description: String,
    pub statut: Statut,
    pub auteur: Auteur,
    pub cree_le: DateTime<Utc>,
    /// A council member has changed its status at least once.
    pub statut_evolue: bool,
    pub photos: Vec<Photo>,
}

impl Panne {
    /// Whether its author may still withdraw it: only while no council member has changed its
    /// status (spec 3 §4 "A panne whose status has evolved cannot be deleted").
    pub fn peut_etre_retiree(&self) -> bool {
        !self.statut_evolue
    }

    /// Whether `voit_archivees` (a council member) may see it.
    pub fn visible(&self, voit_archivees: bool) -> bool {
        voit_archivees || self.statut != Statut::Archive
    }
}

/// A comment on a report, with its photos.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commentaire {
    pub id: i64,
    pub auteur: Auteur,
    pub description: String,
    pub cree_le: DateTime<Utc>,
    pub photos: Vec<Photo>,
}

fn instant(row: &AnyRow, colonne: &str) -> Result<DateTime<Utc>, sqlx::Error> {
    let texte: String = row.try_get(colonne)?;
    DateTime::parse_from_rfc3339(&texte)
        .map(|at| at.with_timezone(&Utc))
        .map_err(|erreur| sqlx::Error::Decode(Box::new(erreur)))
}

const COLONNES_PANNE: &str = "p.id, p.description, p.statut, p.auteur_id, \
     COALESCE(u.nom, '') AS auteur_nom, p.cree_le, p.statut_modifie_le";

fn panne(row: &AnyRow) -> Result<Panne, sqlx::Error> {
    let statut: String = row.try_get("statut")?;
    Ok(Panne {
        id: row.try_get("id")?,
        description: row.try_get("description")?,
        statut: Statut::depuis_nom(&statut)
            .ok_or_else(|| sqlx::Error::Decode(format!("statut de panne {statut}").into()))?,
        auteur: Auteur {
            id: row.try_get("auteur_id")?,
            nom: row.try_get("auteur_nom")?,
        },
        cree_le: instant(row, "cree_le")?,
        statut_evolue: row
            .try_get::<Option<String>, _>("statut_modifie_le")?
            .is_some(),
        photos: Vec::new(),
    })
}

fn photo(row: &AnyRow) -> Result<(Photo, Option<i64>, i64), sqlx::Error> {
    Ok((
        Photo {
            id: row.try_get("id")?,
            titre: row.try_get("titre")?,
            content_type: row.try_get("content_type")?,
            sha256: row.try_get("sha256")?,
        },
        row.try_get("commentaire_id")?,
        row.try_get("panne_id")?,
    ))
}

const COLONNES_PHOTO: &str = "id, titre, content_type, sha256, commentaire_id, panne_id";

/// The residence's reports (archived ones only for `voit_archivees`), newest first, with their
/// photos.
pub async fn liste(
    db: &Database,
    residence_id: i64,
    voit_archivees: bool,
) -> Result<Vec<Panne>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {COLONNES_PANNE} FROM pannes p LEFT JOIN users u ON u.id = p.auteur_id \
         WHERE p.residence_id = $1 AND p.supprime_le IS NULL AND (p.statut <> 'archive' OR $2 = 1) \
         ORDER BY p.cree_le DESC, p.id DESC"
    ))
    .bind(residence_id)
    .bind(i32::from(voit_archivees))
    .fetch_all(&db.pool)
    .await?;
    let mut pannes = rows.iter().map(panne).collect::<Result<Vec<_>, _>>()?;
    let photos = sqlx::query(&format!(
        "SELECT {COLONNES_PHOTO} FROM panne_photos \
         WHERE residence_id = $1 AND commentaire_id IS NULL AND retire_le IS NULL ORDER BY id"
    ))
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    for row in &photos {
        let (photo, _, panne_id) = photo(row)?;
        if let Some(panne) = pannes.iter_mut().find(|panne| panne.id == panne_id) {
            panne.photos.push(photo);
        }
    }
    Ok(pannes)
}

async fn une_dans(
    conn: &mut AnyConnection,
    residence_id: i64,
    id: i64,
) -> Result<Option<Panne>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {COLONNES_PANNE} FROM pannes p LEFT JOIN users u ON u.id = p.auteur_id \
         WHERE p.residence_id = $1 AND p.id = $2 AND p.supprime_le IS NULL"
    ))
    .bind(residence_id)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(mut une) = row.as_ref().map(panne).transpose()? else {
        return Ok(None);
    };
    let photos = sqlx::query(&format!(
        "SELECT {COLONNES_PHOTO} FROM panne_photos \
         WHERE panne_id = $1 AND commentaire_id IS NULL AND retire_le IS NULL ORDER BY id"
    ))
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    for row in &photos {
        une.photos.push(photo(row)?.0);
    }
    Ok(Some(une))
}

/// One report of the residence, not withdrawn, with its photos and comments (oldest first);
/// refused when archived and `voit_archivees` is false.
pub async fn details(
    db: &Database,
    residence_id: i64,
    id: i64,
    voit_archivees: bool,
) -> Result<Result<(Panne, Vec<Commentaire>), RefusPanne>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let Some(une) = une_dans(&mut conn, residence_id, id).await? else {
        return Ok(Err(RefusPanne::Introuvable));
    };
    if !une.visible(voit_archivees) {
        return Ok(Err(RefusPanne::Archivee));
    }
    let rows = sqlx::query(
        "SELECT c.id, c.auteur_id, COALESCE(u.nom, '') AS auteur_nom, c.description, c.cree_le \
         FROM panne_commentaires c LEFT JOIN users u ON u.id = c.auteur_id \
         WHERE c.panne_id = $1 AND c.supprime_le IS NULL ORDER BY c.cree_le, c.id",
    )
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    let mut commentaires = Vec::with_capacity(rows.len());
    for row in &rows {
        commentaires.push(Commentaire {
            id: row.try_get("id")?,
            auteur: Auteur {
                id: row.try_get("auteur_id")?,
                nom: row.try_get("auteur_nom")?,
            },
            description: row.try_get("description")?,
            cree_le: instant(row, "cree_le")?,
            photos: Vec::new(),
        });
    }
    let photos = sqlx::query(&format!(
        "SELECT {COLONNES_PHOTO} FROM panne_photos \
         WHERE panne_id = $1 AND commentaire_id IS NOT NULL AND retire_le IS NULL ORDER BY id"
    ))
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    for row in &photos {
        let (photo, commentaire_id, _) = photo(row)?;
        if let Some(commentaire) = commentaires
            .iter_mut()
            .find(|commentaire| Some(commentaire.id) == commentaire_id)
        {
            commentaire.photos.push(photo);
        }
    }
    Ok(Ok((une, commentaires)))
}

async fn ajouter_photos(
    conn: &mut AnyConnection,
    residence_id: i64,
    panne_id: i64,
    commentaire_id: Option<i64>,
    le: DateTime<Utc>,
    photos: &[NouvellePhoto],
) -> Result<(), sqlx::Error> {
    for nouvelle in photos {
        sqlx::query(
            "INSERT INTO panne_photos (residence_id, panne_id, commentaire_id, titre, \
             content_type, taille, sha256, cree_le) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(residence_id)
        .bind(panne_id)
        .bind(commentaire_id)
        .bind(&nouvelle.titre)
        .bind(&nouvelle.content_type)
        .bind(nouvelle.taille)
        .bind(&nouvelle.sha256)
        .bind(timestamp(le))
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Records a report `ouvert` with its photos and tells the council, in one transaction;
/// answers it.
pub async fn creer(
    db: &Database,
    residence_id: i64,
    par: i64,
    le: DateTime<Utc>,
    description: &str,
    photos: &[NouvellePhoto],
) -> Result<Panne, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let id: i64 = sqlx::query(
        "INSERT INTO pannes (residence_id, description, statut, auteur_id, cree_le) \
         VALUES ($1, $2, 'ouvert', $3, $4) RETURNING id",
    )
    .bind(residence_id)
    .bind(description)
    .bind(par)
    .bind(timestamp(le))
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    ajouter_photos(&mut tx, residence_id, id, None, le, photos).await?;
    notifications::notifier_conseil(
        &mut tx,
        residence_id,
        par,
        le,
        &Avis {
            icon: "panne",
            title_key: "panne_signalee",
            params: json!({ "id": id }),
        },
        &format!("/syndic/pannes/details/{id}"),
    )
    .await?;
    let creee = une_dans(&mut tx, residence_id, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    tx.commit().await?;
    Ok(creee)
}

/// The report `id` as its author `par` may change it: refused when unknown, someone else's or
/// archived for a user who does not see archived reports.
async fn la_sienne(
    conn: &mut AnyConnection,
    residence_id: i64,
    id: i64,
    par: i64,
    voit_archivees: bool,
) -> Result<Result<Panne, RefusPanne>, sqlx::Error> {
    let Some(une) = une_dans(conn, residence_id, id).await? else {
        return Ok(Err(RefusPanne::Introuvable));
    };
    if !une.visible(voit_archivees) {
        return Ok(Err(RefusPanne::Archivee));
    }
    if une.auteur.id != par {
        return Ok(Err(RefusPanne::PasAuteur));
    }
    Ok(Ok(une))
}

/// Corrects the text of a report by its author.
pub async fn modifier(
    db: &Database,
    residence_id: i64,
    id: i64,
    par: i64,
    voit_archivees: bool,
    le: DateTime<Utc>,
    description: &str,
) -> Result<Result<(), RefusPanne>, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    if let Err(refus) = la_sienne(&mut tx, residence_id, id, par, voit_archivees).await? {
        return Ok(Err(refus));
    }
    let modifiees = sqlx::query(
        "UPDATE pannes SET description = $1, modifie_le = $2 \
         WHERE residence_id = $3 AND id = $4 AND supprime_le IS NULL",
    )
    .bind(description)
    .bind(timestamp(le))
    .bind(residence_id)
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if modifiees != 1 {
        return Ok(Err(RefusPanne::Introuvable));
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// Withdraws a report by its author, while no council member has changed its status.
pub async fn supprimer(
    db: &Database,
    residence_id: i64,
    id: i64,
    par: i64,
    voit_archivees: bool,
    le: DateTime<Utc>,
) -> Result<Result<(), RefusPanne>, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let une = match la_sienne(&mut tx, residence_id, id, par, voit_archivees).await? {
        Ok(une) => une,
        Err(refus) => return Ok(Err(refus)),
    };
    if !une.peut_etre_retiree() {
        return Ok(Err(RefusPanne::StatutEvolue));
    }
    // The status condition again: a council member's change committed since our read wins.
    let retirees = sqlx::query(
        "UPDATE pannes SET supprime_le = $1, supprime_par = $2 \
         WHERE residence_id = $3 AND id = $4 AND supprime_le IS NULL \
           AND statut_modifie_le IS NULL",
    )
    .bind(timestamp(le))
    .bind(par)
    .bind(residence_id)
    .bind(id)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if retirees != 1 {
        return Ok(Err(RefusPanne::StatutEvolue));
    }
    tx.commit().await?;
    Ok(Ok(()))
}

/// Sets a report's status (a council member `par`) and tells its author, in one transaction;
/// refused when it is already that status.
pub async fn changer_statut(
    db: &Database,
    residence_id: i64,
    id: i64,
    par: i64,
    le: DateTime<Utc>,
    nouveau: Statut,
) -> Result<Result<(), RefusPanne>, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let Some(une) = une_dans(&mut tx, residence_id, id).await? else {
        return Ok(Err(RefusPanne::Introuvable));
    };
    if let Err(refus) = changement_de_statut(une.statut, nouveau) {
        return Ok(Err(refus));
    }
    // The current status in the condition: of two changes to the same status at once, the
    // second one is refused as the same, not applied twice.
    let changees = sqlx::query(
        "UPDATE pannes SET statut = $1, statut_modifie_par = $2, statut_modifie_le = $3 \
         WHERE residence_id = $4 AND id = $5 AND supprime_le IS NULL AND statut = $6",
    )
    .bind(nouveau.nom())
    .bind(par)
    .bind(timestamp(le))
    .bind(residence_id)
    .bind(id)
    .bind(une.statut.nom())
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if changees != 1 {
        return Ok(Err(RefusPanne::StatutIdentique));
    }
    if une.auteur.id != par {
        // An author who is not a council member no longer sees an archived report: their
        // notification opens their list, not its details.
        let lien = if nouveau == Statut::Archive {
            "/coproprietaire/pannes".to_owned()
        } else {
            format!("/coproprietaire/pannes/details/{id}")
        };
        notifications::notifier_utilisateur(
            &mut tx,
            residence_id,
            une.auteur.id,
            le,
            &Avis {
                icon: "panne",
                title_key: "panne_statut",
                params: json!({ "id": id, "etat": nouveau.nom() }),
            },
            &lien,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(Ok(()))
}

async fn commentaire_dans(
    conn: &mut AnyConnection,
    residence_id: i64,
    id: i64,
) -> Result<Option<Commentaire>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT c.id, c.auteur_id, COALESCE(u.nom, '') AS auteur_nom, c.description, c.cree_le \
         FROM panne_commentaires c LEFT JOIN users u ON u.id = c.auteur_id \
         WHERE c.residence_id = $1 AND c.id = $2 AND c.supprime_le IS NULL",
    )
    .bind(residence_id)
    .bind(id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let mut commentaire = Commentaire {
        id: row.try_get("id")?,
        auteur: Auteur {
            id: row.try_get("auteur_id")?,
            nom: row.try_get("auteur_nom")?,
        },
        description: row.try_get("description")?,
        cree_le: instant(&row, "cree_le")?,
        photos: Vec::new(),
    };
    let photos = sqlx::query(&format!(
        "SELECT {COLONNES_PHOTO} FROM panne_photos \
         WHERE commentaire_id = $1 AND retire_le IS NULL ORDER BY id"
    ))
    .bind(id)
    .fetch_all(&mut *conn)
    .await?;
    for row in &photos {
        commentaire.photos.push(photo(row)?.0);
    }
    Ok(Some(commentaire))
}

/// Comments a report (anyone who sees it) with photos; tells the report's author; answers the
/// comment.
#[allow(clippy::too_many_arguments)]
pub async fn commenter(
    db: &Database,
    residence_id: i64,
    panne_id: i64,
    par: i64,
    voit_archivees: bool,
    le: DateTime<Utc>,
    description: &str,
    photos: &[NouvellePhoto],
) -> Result<Result<Commentaire, RefusPanne>, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let Some(une) = une_dans(&mut tx, residence_id, panne_id).await? else {
        return Ok(Err(RefusPanne::Introuvable));
    };
    if !une.visible(voit_archivees) {
        return Ok(Err(RefusPanne::Archivee));
    }
    let id: i64 = sqlx::query(
        "INSERT INTO panne_commentaires (residence_id, panne_id, auteur_id, description, cree_le) \
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(residence_id)
    .bind(panne_id)
    .bind(par)
    .bind(description)
    .bind(timestamp(le))
    .fetch_one(&mut *tx)
    .await?
    .try_get("id")?;
    ajouter_photos(&mut tx, residence_id, panne_id, Some(id), le, photos).await?;
    if une.auteur.id != par {
        notifications::notifier_utilisateur(
            &mut tx,
            residence_id,
            une.auteur.id,
            le,
            &Avis {
                icon: "panne",
                title_key: "panne_commentaire",
                params: json!({ "id": panne_id }),
            },
            &format!("/coproprietaire/pannes/details/{panne_id}"),
        )
        .await?;
    }
    let commentaire = commentaire_dans(&mut tx, residence_id, id)
        .await?
        .ok_or(sqlx::Error::RowNotFound)?;
    tx.commit().await?;
    Ok(Ok(commentaire))
}

/// The comment `id` as its author may change it, with its report.
async fn le_sien(
    conn: &mut AnyConnection,
    residence_id: i64,
    id: i64,
    par: i64,
    voit_archivees: bool,
) -> Result<Result<Commentaire, RefusPanne>, sqlx::Error> {
    let Some(commentaire) = commentaire_dans(conn, residence_id, id).await? else {
        return Ok(Err(RefusPanne::Introuvable));
    };
    let panne_id: i64 = sqlx::query("SELECT panne_id FROM panne_commentaires WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *conn)
        .await?
        .try_get("panne_id")?;
    let Some(une) = une_dans(conn, residence_id, panne_id).await? else {
        return Ok(Err(RefusPanne::Introuvable));
    };
    if !une.visible(voit_archivees) {
        return Ok(Err(RefusPanne::Archivee));
    }
    if commentaire.auteur.id != par {
        return Ok(Err(RefusPanne::PasAuteur));
    }
    Ok(Ok(commentaire))
}

/// Corrects a comment by its author: its text, the photos it keeps (`gardees`, ids of its own
/// photos; the others are dropped) and new ones.
#[allow(clippy::too_many_arguments)]
pub async fn modifier_commentaire(
    db: &Database,
    residence_id: i64,
    id: i64,
    par: i64,
    voit_archivees: bool,
    le: DateTime<Utc>,
    description: &str,
    gardees: &[i64],
    nouvelles: &[NouvellePhoto],
) -> Result<Result<(), RefusPanne>, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let commentaire = match le_sien(&mut tx, residence_id, id, par, voit_archivees).await? {
        Ok(commentaire) => commentaire,
        Err(refus) => return Ok(Err(refus)),
    };
    sqlx::query("UPDATE panne_commentaires SET description = $1, modifie_le = $2 WHERE id = $3")
        .bind(description)
        .bind(timestamp(le))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    for retiree in commentaire
        .photos
        .iter()
        .filter(|photo| !gardees.contains(&photo.id))
    {
        sqlx::query("UPDATE panne_photos SET retire_le = $1 WHERE id = $2")
            .bind(timestamp(le))
            .bind(retiree.id)
            .execute(&mut *tx)
            .await?;
    }
    let panne_id: i64 = sqlx::query("SELECT panne_id FROM panne_commentaires WHERE id = $1")
        .bind(id)
        .fetch_one(&mut *tx)
        .await?
        .try_get("panne_id")?;
    ajouter_photos(&mut tx, residence_id, panne_id, Some(id), le, nouvelles).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// Withdraws a comment by its author (its photos go with it).
pub async fn supprimer_commentaire(
    db: &Database,
    residence_id: i64,
    id: i64,
    par: i64,
    voit_archivees: bool,
    le: DateTime<Utc>,
) -> Result<Result<(), RefusPanne>, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    if let Err(refus) = le_sien(&mut tx, residence_id, id, par, voit_archivees).await? {
        return Ok(Err(refus));
    }
    sqlx::query("UPDATE panne_commentaires SET supprime_le = $1 WHERE id = $2")
        .bind(timestamp(le))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// A photo shown with its report or comment: refused when it, its comment or its report is
/// withdrawn or another residence's, or its report archived for a user who does not see those.
pub async fn photo_visible(
    db: &Database,
    residence_id: i64,
    id: i64,
    voit_archivees: bool,
) -> Result<Result<Photo, RefusPanne>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT f.id, f.titre, f.content_type, f.sha256, f.commentaire_id, f.panne_id, p.statut \
         FROM panne_photos f JOIN pannes p ON p.id = f.panne_id \
         LEFT JOIN panne_commentaires c ON c.id = f.commentaire_id \
         WHERE f.residence_id = $1 AND f.id = $2 AND f.retire_le IS NULL \
           AND p.supprime_le IS NULL AND c.supprime_le IS NULL",
    )
    .bind(residence_id)
    .bind(id)
    .fetch_optional(&db.pool)
    .await?;
    let Some(row) = row else {
        return Ok(Err(RefusPanne::Introuvable));
    };
    let statut: String = row.try_get("statut")?;
    if !voit_archivees && statut == Statut::Archive.nom() {
        return Ok(Err(RefusPanne::Archivee));
    }
    Ok(Ok(photo(&row)?.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn panne(statut: Statut, statut_evolue: bool) -> Panne {
        Panne {
            id: 1,
            description: "Fuite au 2e étage".to_owned(),
            statut,
            auteur: Auteur {
                id: 7,
                nom: "Leïla Haddad".to_owned(),
            },
            cree_le: DateTime::<Utc>::UNIX_EPOCH,
            statut_evolue,
            photos: Vec::new(),
        }
    }

    #[test]
    fn a_report_nobody_has_moved_can_be_withdrawn_by_its_author() {
        // Given a report still open, its status never changed
        let signalee = panne(Statut::Ouvert, false);
        // When its author asks to withdraw it
        // Then it may be withdrawn
        assert!(signalee.peut_etre_retiree());
    }

    #[test]
    fn a_report_whose_status_evolved_cannot_be_withdrawn_even_back_to_open() {
        // Given a report a council member moved to analysis, then back to open
        let revenue = panne(Statut::Ouvert, true);
        // When its author asks to withdraw it
        // Then it stays
        assert!(!revenue.peut_etre_retiree());
    }

    #[test]
    fn setting_the_current_status_again_is_refused() {
        // Given a report under repair
        // When a council member sets it under repair again
        // Then the change is refused as the same status
        assert_eq!(
            changement_de_statut(Statut::Reparation, Statut::Reparation),
            Err(RefusPanne::StatutIdentique)
        );
    }

    #[test]
    fn a_council_member_sets_any_other_status_in_any_order() {
        // Given a report resolved
        // When a council member sets it back to open, or to any other status
        // Then every change is allowed
        for nouveau in [
            Statut::Ouvert,
            Statut::Analyse,
            Statut::Reparation,
            Statut::Archive,
        ] {
            assert_eq!(changement_de_statut(Statut::Resolu, nouveau), Ok(()));
        }
    }

    #[test]
    fn an_archived_report_is_seen_by_council_members_only() {
        // Given an archived report
        let archivee = panne(Statut::Archive, true);
        // When a co-owner or a council member looks for it
        // Then only the council member sees it
        assert!(!archivee.visible(false));
        assert!(archivee.visible(true));
    }
}
