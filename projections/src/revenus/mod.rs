//! Read models of revenue: "what does each property owe, for which call, and what was paid?"
//! (GET /api/cotisations…, /api/cotisations/proprietes-soldes, historique-paiements, and the
//! co-owner's contributions). Amounts are integer millimes.

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use daftar_domain::occupation::OccupantId;
use daftar_domain::propriete::ProprieteId;
use daftar_domain::revenus::{
    CotisationId, EncaissementId, MethodePaiement, MontantDuId, Repartition, TypeCotisation,
};
use daftar_domain::Montant;
use serde::Serialize;
use sqlx::Row;

use crate::db::Database;
use crate::text::{date_column, enum_column, montant_column, narrow_column};

/// The read model's name (its checkpoint's key; routes name the models they read by it).
pub const MODEL: &str = "revenus";

mod apply;
mod encaissements;

pub use apply::RevenusView;
pub use encaissements::EncaissementsView;

/// The encaissements read model's name (its checkpoint's key; routes name the models they
/// read by it).
pub const ENCAISSEMENTS_MODEL: &str = "encaissements";

/// What the live encaissements of due `d` paid (read, not stored: a collection is one inserted
/// row, and a replay never updates a due it wrote).
const PAYE_DU: &str = "COALESCE((SELECT CAST(SUM(e.montant) AS BIGINT) FROM encaissements_view e \
     WHERE e.residence_id = d.residence_id AND e.montant_du_id = d.montant_du_id \
     AND e.annule = 0), 0)";

/// One cotisation with what remains due on it (negative balance, as the list shows it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CotisationRow {
    pub id: CotisationId,
    pub titre: String,
    pub type_cotisation: TypeCotisation,
    pub repartition: Repartition,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    pub date_echeance: NaiveDate,
    /// Sum of the restants dus of its montants dûs (zero = fully paid).
    pub restant_du: Montant,
    /// What its live encaissements paid: above zero, the cotisation can no longer be edited
    /// or deleted (the domain's `a_des_encaissements`).
    pub paye: Montant,
}

/// The cotisations of a residence, newest due date first.
pub async fn cotisations(
    db: &Database,
    residence_id: i64,
) -> Result<Vec<CotisationRow>, sqlx::Error> {
    cotisation_rows(db, residence_id, None).await
}

/// One cotisation of a residence (`None` when the residence has no such cotisation).
pub async fn cotisation(
    db: &Database,
    residence_id: i64,
    cotisation_id: i64,
) -> Result<Option<CotisationRow>, sqlx::Error> {
    Ok(cotisation_rows(db, residence_id, Some(cotisation_id))
        .await?
        .into_iter()
        .next())
}

async fn cotisation_rows(
    db: &Database,
    residence_id: i64,
    cotisation_id: Option<i64>,
) -> Result<Vec<CotisationRow>, sqlx::Error> {
    let one = if cotisation_id.is_some() {
        " AND c.cotisation_id = $2"
    } else {
        ""
    };
    // What each due was paid, for every due of the residence at once.
    let sql = format!(
        "SELECT c.cotisation_id, c.titre, c.type_cotisation, c.repartition, c.date_debut, \
         c.date_fin, c.date_echeance, \
         CAST(COALESCE(SUM(d.montant - COALESCE(p.paye, 0)), 0) AS BIGINT) AS restant_du, \
         CAST(COALESCE(SUM(p.paye), 0) AS BIGINT) AS paye \
         FROM cotisations_view c LEFT JOIN montants_dus_view d \
           ON d.residence_id = c.residence_id AND d.cotisation_id = c.cotisation_id \
         LEFT JOIN (SELECT montant_du_id, CAST(SUM(montant) AS BIGINT) AS paye \
           FROM encaissements_view WHERE residence_id = $1 AND annule = 0 \
           GROUP BY montant_du_id) p ON p.montant_du_id = d.montant_du_id \
         WHERE c.residence_id = $1{one} \
         GROUP BY c.cotisation_id, c.titre, c.type_cotisation, c.repartition, c.date_debut, \
           c.date_fin, c.date_echeance \
         ORDER BY c.date_echeance DESC, c.cotisation_id DESC"
    );
    let mut query = sqlx::query(&sql).bind(residence_id);
    if let Some(id) = cotisation_id {
        query = query.bind(id);
    }
    let rows = query.fetch_all(&db.pool).await?;
    rows.iter()
        .map(|row| {
            Ok(CotisationRow {
                id: row.try_get("cotisation_id")?,
                titre: row.try_get("titre")?,
                type_cotisation: enum_column(row, "type_cotisation")?,
                repartition: enum_column(row, "repartition")?,
                date_debut: date_column(row, "date_debut")?,
                date_fin: date_column(row, "date_fin")?,
                date_echeance: date_column(row, "date_echeance")?,
                restant_du: montant_column(row, "restant_du")?,
                paye: montant_column(row, "paye")?,
            })
        })
        .collect()
}

/// The calendar years in which each cotisation of a residence has a due date (a cotisation
/// is locked as soon as one of them is a closed exercice).
pub async fn annees_des_echeances(
    db: &Database,
    residence_id: i64,
) -> Result<BTreeMap<CotisationId, BTreeSet<i32>>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT DISTINCT cotisation_id, SUBSTR(date_echeance, 1, 4) AS annee \
         FROM montants_dus_view WHERE residence_id = $1",
    )
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    let mut years: BTreeMap<CotisationId, BTreeSet<i32>> = BTreeMap::new();
    for row in &rows {
        let annee: String = row.try_get("annee")?;
        let annee = annee
            .parse()
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        years
            .entry(row.try_get("cotisation_id")?)
            .or_default()
            .insert(annee);
    }
    Ok(years)
}

/// A montant dû with what was paid on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MontantDuRow {
    pub montant_du_id: MontantDuId,
    pub cotisation_id: CotisationId,
    pub cotisation_titre: String,
    pub propriete_id: ProprieteId,
    pub payeur_id: Option<OccupantId>,
    pub date_echeance: NaiveDate,
    pub montant: Montant,
    pub paye: Montant,
}

impl MontantDuRow {
    pub fn restant_du(&self) -> Montant {
        Montant::from_millimes(self.montant.millimes() - self.paye.millimes())
    }
}

/// The montants dûs of a residence still not fully paid, optionally of one property,
/// oldest due date first.
pub async fn restants_dus(
    db: &Database,
    residence_id: i64,
    propriete_id: Option<i64>,
) -> Result<Vec<MontantDuRow>, sqlx::Error> {
    let sql = format!(
        "SELECT * FROM (SELECT d.montant_du_id, d.cotisation_id, c.titre, d.propriete_id, \
         d.payeur_id, d.date_echeance, d.montant, {PAYE_DU} AS paye \
         FROM montants_dus_view d JOIN cotisations_view c \
           ON c.residence_id = d.residence_id AND c.cotisation_id = d.cotisation_id \
         WHERE d.residence_id = $1 AND ($2 = 0 OR d.propriete_id = $2)) due \
         WHERE paye < montant ORDER BY date_echeance, montant_du_id"
    );
    let rows = sqlx::query(&sql)
        .bind(residence_id)
        .bind(propriete_id.unwrap_or(0))
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|row| {
            Ok(MontantDuRow {
                montant_du_id: row.try_get("montant_du_id")?,
                cotisation_id: row.try_get("cotisation_id")?,
                cotisation_titre: row.try_get("titre")?,
                propriete_id: row.try_get("propriete_id")?,
                payeur_id: row.try_get("payeur_id")?,
                date_echeance: date_column(row, "date_echeance")?,
                montant: montant_column(row, "montant")?,
                paye: montant_column(row, "paye")?,
            })
        })
        .collect()
}

/// A live encaissement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EncaissementRow {
    pub id: EncaissementId,
    pub montant_du_id: MontantDuId,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiement,
    pub reference: Option<String>,
    pub numero_recu: String,
    /// When it was recorded or last corrected (the event's `recorded_at`, UTC).
    pub modifie_le: String,
}

fn encaissement_from(row: &sqlx::any::AnyRow) -> Result<EncaissementRow, sqlx::Error> {
    Ok(EncaissementRow {
        id: row.try_get("encaissement_id")?,
        montant_du_id: row.try_get("montant_du_id")?,
        montant: montant_column(row, "montant")?,
        date_paiement: date_column(row, "date_paiement")?,
        methode: enum_column(row, "methode")?,
        reference: row.try_get("reference")?,
        numero_recu: row.try_get("numero_recu")?,
        modifie_le: row.try_get("modifie_le")?,
    })
}

/// The live encaissements of one property, newest first.
pub async fn encaissements_de_propriete(
    db: &Database,
    residence_id: i64,
    propriete_id: i64,
) -> Result<Vec<EncaissementRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT e.encaissement_id, e.montant_du_id, e.montant, e.date_paiement, e.methode, \
         e.reference, e.numero_recu, e.modifie_le \
         FROM encaissements_view e JOIN montants_dus_view d \
           ON d.residence_id = e.residence_id AND d.montant_du_id = e.montant_du_id \
         WHERE e.residence_id = $1 AND d.propriete_id = $2 AND e.annule = 0 \
         ORDER BY e.date_paiement DESC, e.encaissement_id DESC",
    )
    .bind(residence_id)
    .bind(propriete_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(encaissement_from).collect()
}

/// The live encaissements of one cotisation (every call, every property), oldest first: what
/// the co-owners' revenue page lists as its payments (amounts and dates, no payer).
pub async fn encaissements_de_cotisation(
    db: &Database,
    residence_id: i64,
    cotisation_id: i64,
) -> Result<Vec<EncaissementRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT e.encaissement_id, e.montant_du_id, e.montant, e.date_paiement, e.methode, \
         e.reference, e.numero_recu, e.modifie_le \
         FROM encaissements_view e JOIN montants_dus_view d \
           ON d.residence_id = e.residence_id AND d.montant_du_id = e.montant_du_id \
         WHERE e.residence_id = $1 AND d.cotisation_id = $2 AND e.annule = 0 \
         ORDER BY e.date_paiement, e.encaissement_id",
    )
    .bind(residence_id)
    .bind(cotisation_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter().map(encaissement_from).collect()
}

/// Which montants dûs [`montants_dus`] reads (always within one residence).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MontantsDus {
    Cotisation(i64),
    Propriete(i64),
    /// The montants dûs owed by one occupant (the payer on their due date).
    Payeur(i64),
    MontantDu(i64),
}

/// A montant dû with its cotisation, property and payer as the screens name them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct MontantDuDetail {
    pub montant_du_id: MontantDuId,
    pub cotisation_id: CotisationId,
    pub cotisation_titre: String,
    pub type_cotisation: TypeCotisation,
    /// 1, 2, 3… within the cotisation.
    pub appel: u32,
    pub appel_debut: NaiveDate,
    pub appel_fin: NaiveDate,
    pub date_echeance: NaiveDate,
    pub propriete_id: ProprieteId,
    pub propriete_nom: String,
    pub payeur_id: Option<OccupantId>,
    pub payeur_nom: Option<String>,
    /// What the call asks.
    pub montant: Montant,
    /// What live encaissements paid.
    pub paye: Montant,
}

impl MontantDuDetail {
    pub fn restant_du(&self) -> Montant {
        Montant::from_millimes(self.montant.millimes() - self.paye.millimes())
    }
}

/// Montants dûs of a residence with their names, oldest due date first; `impayes_seulement`
/// keeps those with something left to pay.
pub async fn montants_dus(
    db: &Database,
    residence_id: i64,
    which: MontantsDus,
    impayes_seulement: bool,
) -> Result<Vec<MontantDuDetail>, sqlx::Error> {
    let (condition, id) = match which {
        MontantsDus::Cotisation(id) => (" AND d.cotisation_id = $2", id),
        MontantsDus::Propriete(id) => (" AND d.propriete_id = $2", id),
        MontantsDus::Payeur(id) => (" AND d.payeur_id = $2", id),
        MontantsDus::MontantDu(id) => (" AND d.montant_du_id = $2", id),
    };
    let unpaid = if impayes_seulement {
        " WHERE paye < montant"
    } else {
        ""
    };
    let sql = format!(
        "SELECT * FROM (SELECT d.montant_du_id, d.cotisation_id, c.titre, c.type_cotisation, \
         d.appel, d.appel_debut, d.appel_fin, d.date_echeance, d.propriete_id, \
         COALESCE(p.nom, '') AS propriete_nom, d.payeur_id, o.nom AS payeur_nom, \
         d.montant, {PAYE_DU} AS paye \
         FROM montants_dus_view d \
         JOIN cotisations_view c \
           ON c.residence_id = d.residence_id AND c.cotisation_id = d.cotisation_id \
         LEFT JOIN proprietes_view p \
           ON p.residence_id = d.residence_id AND p.propriete_id = d.propriete_id \
         LEFT JOIN occupants_view o \
           ON o.residence_id = d.residence_id AND o.occupant_id = d.payeur_id \
         WHERE d.residence_id = $1{condition}) due{unpaid} \
         ORDER BY date_echeance, montant_du_id"
    );
    let query = sqlx::query(&sql).bind(residence_id).bind(id);
    let rows = query.fetch_all(&db.pool).await?;
    rows.iter()
        .map(|row| {
            Ok(MontantDuDetail {
                montant_du_id: row.try_get("montant_du_id")?,
                cotisation_id: row.try_get("cotisation_id")?,
                cotisation_titre: row.try_get("titre")?,
                type_cotisation: enum_column(row, "type_cotisation")?,
                appel: narrow_column(row, "appel")?,
                appel_debut: date_column(row, "appel_debut")?,
                appel_fin: date_column(row, "appel_fin")?,
                date_echeance: date_column(row, "date_echeance")?,
                propriete_id: row.try_get("propriete_id")?,
                propriete_nom: row.try_get("propriete_nom")?,
                payeur_id: row.try_get("payeur_id")?,
                payeur_nom: row.try_get("payeur_nom")?,
                montant: montant_column(row, "montant")?,
                paye: montant_column(row, "paye")?,
            })
        })
        .collect()
}

/// One live encaissement of a residence.
pub async fn encaissement_par_id(
    db: &Database,
    residence_id: i64,
    encaissement_id: i64,
) -> Result<Option<EncaissementRow>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT encaissement_id, montant_du_id, montant, date_paiement, methode, reference, \
         numero_recu, modifie_le FROM encaissements_view \
         WHERE residence_id = $1 AND encaissement_id = $2 AND annule = 0",
    )
    .bind(residence_id)
    .bind(encaissement_id)
    .fetch_optional(&db.pool)
    .await?;
    row.as_ref().map(encaissement_from).transpose()
}

/// The allocation table of a residence: the amount of each property that has a line.
pub async fn repartition(
    db: &Database,
    residence_id: i64,
) -> Result<BTreeMap<ProprieteId, Montant>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT propriete_id, montant FROM repartition_view WHERE residence_id = $1 \
         ORDER BY propriete_id",
    )
    .bind(residence_id)
    .fetch_all(&db.pool)
    .await?;
    rows.iter()
        .map(|row| {
            Ok((
                row.try_get("propriete_id")?,
                montant_column(row, "montant")?,
            ))
        })
        .collect()
}
