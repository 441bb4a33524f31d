//! Read model "who does the residence employ, and what did it pay them?" (spec 2 §2 "Salaries
//! and employer charges", §3 "Employee", "Salary payment", "Employer-charge payment"; the
//! answers of docs/api-salaires.md): the employees, their salary payments and the
//! employer-charge payments. Amounts are integer millimes; a rate is in hundredths of a percent.
//!
//! What an employee was paid is read when asked, from the live payments, never kept. Lists are
//! sorted by name in Rust ([`crate::fournisseurs::cle_de_tri`]), alike on both stores.

use chrono::NaiveDate;
use daftar_domain::banque::CompteBancaireId;
use daftar_domain::depenses::MethodePaiementDepense;
use daftar_domain::salaires::{
    ChargePatronaleId, MethodePaiementSalaire, PaiementSalaireId, SalarieId, TauxCharges,
};
use daftar_domain::Montant;
use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::db::Database;
use crate::fournisseurs::cle_de_tri;
use crate::text::{date_column, enum_column, montant_column, optional_date_column};

mod apply;

pub use apply::SalairesView;

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "salaires";

/// An employee with what it was paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SalarieRow {
    pub id: SalarieId,
    pub nom: String,
    pub poste: String,
    pub tel: String,
    pub cin: Option<String>,
    pub date_naissance: Option<NaiveDate>,
    pub adresse: Option<String>,
    /// The monthly salary declared (gross when employer charges are declared).
    pub salaire: Montant,
    /// `None`: declared without employer charges.
    pub taux_charges_patronales: Option<TauxCharges>,
    pub numero_cnss: Option<String>,
    pub rib: Option<String>,
    pub date_debut: NaiveDate,
    pub date_fin: Option<NaiveDate>,
    pub commentaire: Option<String>,
    /// The sum of its live salary payments.
    pub total_paye: Montant,
    pub has_paiements: bool,
}

const SALARIE_SQL: &str = "SELECT s.salarie_id, s.nom, s.poste, s.tel, s.cin, s.date_naissance, \
       s.adresse, s.salaire, s.taux_centiemes, s.numero_cnss, s.rib, s.date_debut, s.date_fin, \
       s.commentaire, \
       CAST(COALESCE(p.paye, 0) AS BIGINT) AS total_paye, \
       CAST(COALESCE(p.nombre, 0) AS BIGINT) AS nombre_paiements \
     FROM salaries_view s \
     LEFT JOIN (SELECT salarie_id, SUM(montant) AS paye, COUNT(*) AS nombre \
         FROM salaires_paiements_view WHERE residence_id = $1 GROUP BY salarie_id) p \
       ON p.salarie_id = s.salarie_id \
     WHERE s.residence_id = $1";

fn salarie_from(row: &AnyRow) -> Result<SalarieRow, sqlx::Error> {
    Ok(SalarieRow {
        id: row.try_get("salarie_id")?,
        nom: row.try_get("nom")?,
        poste: row.try_get("poste")?,
        tel: row.try_get("tel")?,
        cin: row.try_get("cin")?,
        date_naissance: optional_date_column(row, "date_naissance")?,
        adresse: row.try_get("adresse")?,
        salaire: montant_column(row, "salaire")?,
        taux_charges_patronales: row
            .try_get::<Option<i64>, _>("taux_centiemes")?
            .map(TauxCharges::from_centiemes),
        numero_cnss: row.try_get("numero_cnss")?,
        rib: row.try_get("rib")?,
        date_debut: date_column(row, "date_debut")?,
        date_fin: optional_date_column(row, "date_fin")?,
        commentaire: row.try_get("commentaire")?,
        total_paye: montant_column(row, "total_paye")?,
        has_paiements: row.try_get::<i64, _>("nombre_paiements")? > 0,
    })
}

/// The employees of a residence, by name (accents and case ignored), then id.
pub async fn salaries(db: &Database, residence_id: i64) -> Result<Vec<SalarieRow>, sqlx::Error> {
    let rows = sqlx::query(SALARIE_SQL)
        .bind(residence_id)
        .fetch_all(&db.pool)
        .await?;
    let mut salaries = rows
        .iter()
        .map(salarie_from)
        .collect::<Result<Vec<_>, _>>()?;
    salaries.sort_by_cached_key(|s| (cle_de_tri(&s.nom), s.id));
    Ok(salaries)
}

/// One employee of a residence (`None` when it has no such employee).
pub async fn salarie(
    db: &Database,
    residence_id: i64,
    salarie_id: SalarieId,
) -> Result<Option<SalarieRow>, sqlx::Error> {
    let sql = format!("{SALARIE_SQL} AND s.salarie_id = $2");
    let row = sqlx::query(&sql)
        .bind(residence_id)
        .bind(salarie_id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(salarie_from).transpose()
}

/// A salary payment, with its employee's name.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PaiementSalaireRow {
    pub id: PaiementSalaireId,
    pub salarie_id: SalarieId,
    /// Empty if the model does not know the employee (never: an employee with payments is not
    /// deleted).
    pub salarie_nom: String,
    /// The first day of the month paid.
    pub mois: NaiveDate,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementSalaire,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
    /// The bank account it left; `None` for cash.
    pub compte_id: Option<CompteBancaireId>,
}

const PAIEMENT_SQL: &str =
    "SELECT p.paiement_id, p.salarie_id, COALESCE(s.nom, '') AS salarie_nom, \
       p.mois, p.montant, p.date_paiement, p.methode, p.reference, p.commentaire, p.compte_id \
     FROM salaires_paiements_view p \
     LEFT JOIN salaries_view s \
       ON s.residence_id = p.residence_id AND s.salarie_id = p.salarie_id \
     WHERE p.residence_id = $1";

fn paiement_from(row: &AnyRow) -> Result<PaiementSalaireRow, sqlx::Error> {
    Ok(PaiementSalaireRow {
        id: row.try_get("paiement_id")?,
        salarie_id: row.try_get("salarie_id")?,
        salarie_nom: row.try_get("salarie_nom")?,
        mois: date_column(row, "mois")?,
        montant: montant_column(row, "montant")?,
        date_paiement: date_column(row, "date_paiement")?,
        methode: enum_column(row, "methode")?,
        reference: row.try_get("reference")?,
        commentaire: row.try_get("commentaire")?,
        compte_id: row.try_get("compte_id")?,
    })
}

/// The salary payments of one employee, newest month first, then newest date.
pub async fn paiements_du_salarie(
    db: &Database,
    residence_id: i64,
    salarie_id: SalarieId,
) -> Result<Vec<PaiementSalaireRow>, sqlx::Error> {
    let sql = format!(
        "{PAIEMENT_SQL} AND p.salarie_id = $2 \
         ORDER BY p.mois DESC, p.date_paiement DESC, p.paiement_id DESC"
    );
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .bind(salarie_id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(paiement_from).collect()
}

/// One salary payment of a residence (`None` when it has no such payment).
pub async fn paiement_salaire(
    db: &Database,
    residence_id: i64,
    paiement_id: PaiementSalaireId,
) -> Result<Option<PaiementSalaireRow>, sqlx::Error> {
    let sql = format!("{PAIEMENT_SQL} AND p.paiement_id = $2");
    let row = sqlx::query(&sql)
        .bind(residence_id)
        .bind(paiement_id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(paiement_from).transpose()
}

/// An employer-charge payment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChargePatronaleRow {
    pub id: ChargePatronaleId,
    pub titre: String,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementDepense,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
    pub compte_id: Option<CompteBancaireId>,
}

const CHARGE_SQL: &str = "SELECT charge_id, titre, montant, date_paiement, methode, reference, \
       commentaire, compte_id FROM charges_patronales_view WHERE residence_id = $1";

fn charge_from(row: &AnyRow) -> Result<ChargePatronaleRow, sqlx::Error> {
    Ok(ChargePatronaleRow {
        id: row.try_get("charge_id")?,
        titre: row.try_get("titre")?,
        montant: montant_column(row, "montant")?,
        date_paiement: date_column(row, "date_paiement")?,
        methode: enum_column(row, "methode")?,
        reference: row.try_get("reference")?,
        commentaire: row.try_get("commentaire")?,
        compte_id: row.try_get("compte_id")?,
    })
}

/// The employer-charge payments of a residence, newest first.
pub async fn charges_patronales(
    db: &Database,
    residence_id: i64,
) -> Result<Vec<ChargePatronaleRow>, sqlx::Error> {
    let sql = format!("{CHARGE_SQL} ORDER BY date_paiement DESC, charge_id DESC");
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter().map(charge_from).collect()
}

/// One employer-charge payment of a residence (`None` when it has no such payment).
pub async fn charge_patronale(
    db: &Database,
    residence_id: i64,
    charge_id: ChargePatronaleId,
) -> Result<Option<ChargePatronaleRow>, sqlx::Error> {
    let sql = format!("{CHARGE_SQL} AND charge_id = $2");
    let row = sqlx::query(&sql)
        .bind(residence_id)
        .bind(charge_id)
        .fetch_optional(&db.pool)
        .await?;
    row.as_ref().map(charge_from).transpose()
}
