//! Read model "what does the residence owe its suppliers, and what backs it?" (spec 2 §2
//! "Current charges", "Works", §3 "Charge", "Travaux", "Payment"; the answers of
//! docs/api-depenses.md): the current charges and works, their payments, and every file
//! attached to a record (`documents_view`, one register for the modules that attach files).
//! Amounts are integer millimes.
//!
//! What is paid and what remains are read when asked, from the live payments, never kept: a
//! payment is one inserted row and a replay never updates the record it pays. The names of a
//! record's supplier and category are read from the `fournisseurs` model's tables at query
//! time (the model reads no other model's tables while applying).

use chrono::NaiveDate;
use daftar_domain::banque::CompteBancaireId;
use daftar_domain::depenses::{
    CategorieId, DepenseId, FournisseurId, MethodePaiementDepense, NatureDepense,
    PaiementDepenseId, TypeApprobateur,
};
use daftar_domain::document::{DocumentId, NatureDocument};
use daftar_domain::Montant;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::db::Database;
use crate::text::{as_text, date_column, enum_column, montant_column};

mod apply;

pub use apply::DepensesView;

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "depenses";

/// `documents_view.proprietaire` of a charge's or works item's file.
pub const PROPRIETAIRE_DEPENSE: &str = "depense";

/// `documents_view.proprietaire` of a file uploaded at a year's closing (`proprietaire_id`: the
/// year).
pub const PROPRIETAIRE_EXERCICE: &str = "exercice";

/// How much of a record is paid (spec 2 §4 "Payment state of a charge or works item").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EtatPaiement {
    Impaye,
    Partiel,
    Complet,
}

impl EtatPaiement {
    /// Nothing paid, some, or everything.
    pub fn de(total: Montant, paye: Montant) -> Self {
        if paye.millimes() <= 0 {
            EtatPaiement::Impaye
        } else if paye < total {
            EtatPaiement::Partiel
        } else {
            EtatPaiement::Complet
        }
    }
}

/// A name by its id (a record's supplier, category, approving assembly or vote).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Nomme {
    pub id: i64,
    pub nom: String,
}

/// The approval of works as recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ApprobationRow {
    pub approuve: bool,
    pub par: Option<(TypeApprobateur, i64)>,
}

/// A charge or works item with what is paid of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DepenseRow {
    pub id: DepenseId,
    pub nature: NatureDepense,
    pub titre: String,
    pub montant_total: Montant,
    pub date_facture: NaiveDate,
    /// The supplier's name is empty if the suppliers' model does not know it (never, the
    /// domain refuses a record of an unknown supplier and the deletion of a used one).
    pub fournisseur: Nomme,
    pub categorie: Option<Nomme>,
    pub commentaire: Option<String>,
    pub description: Option<String>,
    /// Works only: `None` while undecided.
    pub approbation: Option<ApprobationRow>,
    /// The sum of its live payments.
    pub montant_paye: Montant,
    pub has_paiements: bool,
}

impl DepenseRow {
    /// What remains to pay (never below zero).
    pub fn restant_du(&self) -> Montant {
        Montant::from_millimes(
            self.montant_total
                .millimes()
                .saturating_sub(self.montant_paye.millimes())
                .max(0),
        )
    }

    pub fn etat_paiement(&self) -> EtatPaiement {
        EtatPaiement::de(self.montant_total, self.montant_paye)
    }
}

const DEPENSE_SQL: &str = "SELECT d.depense_id, d.nature, d.titre, d.montant_total, \
       d.date_facture, d.fournisseur_id, COALESCE(f.nom, '') AS fournisseur_nom, \
       d.categorie_id, c.titre AS categorie_titre, d.commentaire, d.description, \
       d.is_approved, d.approbateur_type, d.approbateur_id, \
       CAST(COALESCE(p.paye, 0) AS BIGINT) AS montant_paye, \
       CAST(COALESCE(p.nombre, 0) AS BIGINT) AS nombre_paiements \
     FROM depenses_view d \
     LEFT JOIN fournisseurs_view f \
       ON f.residence_id = d.residence_id AND f.fournisseur_id = d.fournisseur_id \
     LEFT JOIN categories_view c \
       ON c.residence_id = d.residence_id AND c.categorie_id = d.categorie_id \
     LEFT JOIN (SELECT depense_id, SUM(montant) AS paye, COUNT(*) AS nombre \
         FROM depenses_paiements_view WHERE residence_id = $1 GROUP BY depense_id) p \
       ON p.depense_id = d.depense_id \
     WHERE d.residence_id = $1";

fn depense_from(row: &AnyRow) -> Result<DepenseRow, sqlx::Error> {
    let categorie = match row.try_get::<Option<i64>, _>("categorie_id")? {
        Some(id) => Some(Nomme {
            id,
            nom: row
                .try_get::<Option<String>, _>("categorie_titre")?
                .unwrap_or_default(),
        }),
        None => None,
    };
    let approbation = match row.try_get::<Option<i64>, _>("is_approved")? {
        Some(approuve) => {
            let par = match (
                row.try_get::<Option<String>, _>("approbateur_type")?,
                row.try_get::<Option<i64>, _>("approbateur_id")?,
            ) {
                (Some(type_approbateur), Some(id)) => {
                    Some((crate::text::from_text(&type_approbateur)?, id))
                }
                _ => None,
            };
            Some(ApprobationRow {
                approuve: approuve != 0,
                par,
            })
        }
        None => None,
    };
    Ok(DepenseRow {
        id: row.try_get("depense_id")?,
        nature: enum_column(row, "nature")?,
        titre: row.try_get("titre")?,
        montant_total: montant_column(row, "montant_total")?,
        date_facture: date_column(row, "date_facture")?,
        fournisseur: Nomme {
            id: row.try_get::<FournisseurId, _>("fournisseur_id")?,
            nom: row.try_get("fournisseur_nom")?,
        },
        categorie,
        commentaire: row.try_get("commentaire")?,
        description: row.try_get("description")?,
        approbation,
        montant_paye: montant_column(row, "montant_paye")?,
        has_paiements: row.try_get::<i64, _>("nombre_paiements")? > 0,
    })
}

/// The records of one nature of a residence, newest invoice first.
pub async fn depenses(
    db: &Database,
    residence_id: i64,
    nature: NatureDepense,
) -> Result<Vec<DepenseRow>, sqlx::Error> {
    let sql =
        format!("{DEPENSE_SQL} AND d.nature = $2 ORDER BY d.date_facture DESC, d.depense_id DESC");
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .bind(as_text(nature))
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(depense_from).collect()
}

/// The charges and works of a residence with something left to pay, oldest invoice first
/// (the dashboard's unpaid invoices, spec 3 §3 "Dashboard (syndic)" `factures`).
pub async fn impayees(db: &Database, residence_id: i64) -> Result<Vec<DepenseRow>, sqlx::Error> {
    let sql = format!(
        "{DEPENSE_SQL} AND d.montant_total > COALESCE(p.paye, 0) \
         ORDER BY d.date_facture, d.depense_id"
    );
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(depense_from).collect()
}

/// One record of a residence, whatever its nature (`None` when it has no such record).
pub async fn depense(
    db: &Database,
    residence_id: i64,
    depense_id: DepenseId,
) -> Result<Option<DepenseRow>, sqlx::Error> {
    let sql = format!("{DEPENSE_SQL} AND d.depense_id = $2");
    let row = sqlx::query(&sql)
        .bind(residence_id)
        .bind(depense_id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(depense_from).transpose()
}

/// A payment of a charge or works item.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PaiementRow {
    pub id: PaiementDepenseId,
    pub depense_id: DepenseId,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementDepense,
    pub reference: Option<String>,
    /// The bank account it left; `None` for cash.
    pub compte_id: Option<CompteBancaireId>,
}

const PAIEMENT_COLUMNS: &str =
    "paiement_id, depense_id, montant, date_paiement, methode, reference, compte_id";

fn paiement_from(row: &AnyRow) -> Result<PaiementRow, sqlx::Error> {
    Ok(PaiementRow {
        id: row.try_get("paiement_id")?,
        depense_id: row.try_get("depense_id")?,
        montant: montant_column(row, "montant")?,
        date_paiement: date_column(row, "date_paiement")?,
        methode: enum_column(row, "methode")?,
        reference: row.try_get("reference")?,
        compte_id: row.try_get("compte_id")?,
    })
}

/// The payments of one record, by date (then id).
pub async fn paiements(
    db: &Database,
    residence_id: i64,
    depense_id: DepenseId,
) -> Result<Vec<PaiementRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {PAIEMENT_COLUMNS} FROM depenses_paiements_view \
         WHERE residence_id = $1 AND depense_id = $2 ORDER BY date_paiement, paiement_id"
    ))
    .bind(residence_id)
    .bind(depense_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(paiement_from).collect()
}

/// One payment of a residence (`None` when it has no such payment).
pub async fn paiement(
    db: &Database,
    residence_id: i64,
    paiement_id: PaiementDepenseId,
) -> Result<Option<PaiementRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {PAIEMENT_COLUMNS} FROM depenses_paiements_view \
         WHERE residence_id = $1 AND paiement_id = $2"
    ))
    .bind(residence_id)
    .bind(paiement_id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(paiement_from).transpose()
}

/// A file attached to a record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DocumentRow {
    pub id: DocumentId,
    pub residence_id: i64,
    /// The kind of record it belongs to (`depense`, [`PROPRIETAIRE_DEPENSE`]) and its id.
    pub proprietaire: String,
    pub proprietaire_id: i64,
    pub nature: NatureDocument,
    pub titre: String,
    /// `application/pdf`, `image/png` or `image/jpeg`.
    pub content_type: String,
    pub taille: i64,
    /// SHA-256 of the stored bytes, hex: the file's address in the object store.
    pub sha256: String,
}

const DOCUMENT_COLUMNS: &str = "residence_id, document_id, proprietaire, proprietaire_id, \
     nature, titre, content_type, taille, sha256";

fn document_from(row: &AnyRow) -> Result<DocumentRow, sqlx::Error> {
    Ok(DocumentRow {
        id: row.try_get("document_id")?,
        residence_id: row.try_get("residence_id")?,
        proprietaire: row.try_get("proprietaire")?,
        proprietaire_id: row.try_get("proprietaire_id")?,
        nature: enum_column(row, "nature")?,
        titre: row.try_get("titre")?,
        content_type: row.try_get("content_type")?,
        taille: row.try_get("taille")?,
        sha256: row.try_get("sha256")?,
    })
}

/// The files of one record (`proprietaire`, `proprietaire_id`), in the order they were attached.
pub async fn documents_de(
    db: &Database,
    residence_id: i64,
    (proprietaire, proprietaire_id): (&str, i64),
) -> Result<Vec<DocumentRow>, sqlx::Error> {
    let rows = sqlx::query(&format!(
        "SELECT {DOCUMENT_COLUMNS} FROM documents_view \
         WHERE residence_id = $1 AND proprietaire = $2 AND proprietaire_id = $3 \
         ORDER BY document_id"
    ))
    .bind(residence_id)
    .bind(proprietaire)
    .bind(proprietaire_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(document_from).collect()
}

/// The invoices of the charges and works whose invoice date is in `annee`, by id (the
/// financial archive's `factures` folder).
pub async fn factures_de_l_annee(
    db: &Database,
    residence_id: i64,
    annee: i32,
) -> Result<Vec<DocumentRow>, sqlx::Error> {
    let colonnes = DOCUMENT_COLUMNS
        .split(',')
        .map(|colonne| format!("d.{}", colonne.trim()))
        .collect::<Vec<_>>()
        .join(", ");
    let rows = sqlx::query(&format!(
        "SELECT {colonnes} FROM documents_view d \
         JOIN depenses_view v ON v.residence_id = d.residence_id AND v.depense_id = d.proprietaire_id \
         WHERE d.residence_id = $1 AND d.proprietaire = $2 AND d.nature = 'facture' \
           AND v.date_facture >= $3 AND v.date_facture <= $4 \
         ORDER BY d.document_id"
    ))
    .bind(residence_id)
    .bind(PROPRIETAIRE_DEPENSE)
    .bind(format!("{annee:04}-01-01"))
    .bind(format!("{annee:04}-12-31"))
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(document_from).collect()
}

/// One file of a residence (`None` when the residence has no such file: a document id is the
/// residence's, so another residence's file is never found).
pub async fn document(
    db: &Database,
    residence_id: i64,
    document_id: DocumentId,
) -> Result<Option<DocumentRow>, sqlx::Error> {
    let row = sqlx::query(&format!(
        "SELECT {DOCUMENT_COLUMNS} FROM documents_view \
         WHERE residence_id = $1 AND document_id = $2"
    ))
    .bind(residence_id)
    .bind(document_id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(document_from).transpose()
}

/// The suppliers of a residence as a selector lists them, by name (the `fournisseurs` model's
/// table).
pub async fn fournisseurs_choix(
    db: &Database,
    residence_id: i64,
) -> Result<Vec<Nomme>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT fournisseur_id AS id, nom FROM fournisseurs_view WHERE residence_id = $1 \
         ORDER BY nom, fournisseur_id",
    )
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Nomme {
                id: row.try_get("id")?,
                nom: row.try_get("nom")?,
            })
        })
        .collect()
}

/// The categories of a residence as a selector lists them, by title (the `fournisseurs`
/// model's table).
pub async fn categories_choix(db: &Database, residence_id: i64) -> Result<Vec<Nomme>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT categorie_id AS id, titre FROM categories_view WHERE residence_id = $1 \
         ORDER BY titre, categorie_id",
    )
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(Nomme {
                id: row.try_get::<CategorieId, _>("id")?,
                nom: row.try_get("titre")?,
            })
        })
        .collect()
}
