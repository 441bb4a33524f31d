//! What the dashboards read of the books (spec 3 §2.10, §3 "Dashboard (syndic)", issue 19): the
//! income and the charges of each month of a period, from the same lines as the journal and the
//! trial balance, so that a month's figures add up to what the books hold for it.

use std::collections::BTreeMap;

use sqlx::Row;

use super::lignes::Lecture;
use super::Totaux;
use crate::db::Database;
use crate::text::montant_column;
use chrono::{Datelike, NaiveDate};
use daftar_domain::comptabilite::Compte;
use daftar_domain::Montant;

/// Where an account stands in the year's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gestion {
    /// Class 6: what the residence spends (current charges by category, works, bank fees,
    /// salaries, social charges).
    Charge,
    /// Class 7: what the residence earns (the calls, financial and contract income,
    /// exceptional income).
    Produit,
}

/// Whether an account is a charge, an income or neither (a balance-sheet account). Exhaustive,
/// so a new account of the chart must be placed here before this compiles.
pub fn gestion(compte: Compte) -> Option<Gestion> {
    match compte {
        Compte::ChargesCourantes(_)
        | Compte::FraisBancaires
        | Compte::Salaires
        | Compte::ChargesSociales
        | Compte::Travaux => Some(Gestion::Charge),
        Compte::ProvisionsOperationsCourantes
        | Compte::ProvisionsOperationsExceptionnelles
        | Compte::ProduitsFinanciers
        | Compte::RevenusContrats
        | Compte::ProduitsExceptionnels => Some(Gestion::Produit),
        Compte::Coproprietaires
        | Compte::Fournisseurs
        | Compte::Banque(_)
        | Compte::ChequesAEncaisser
        | Compte::PaiementsEnLigne
        | Compte::Caisse
        | Compte::BilanOuverture
        | Compte::ReportANouveau => None,
    }
}

/// What an account of the result amounts to from its totals: a charge's debit − credit, an
/// income's credit − debit (millimes; a correction may make a month's figure negative).
pub fn montant_de_gestion(gestion: Gestion, totaux: Totaux) -> i64 {
    match gestion {
        Gestion::Charge => totaux.solde(),
        Gestion::Produit => totaux.solde().saturating_neg(),
    }
}

/// The income and the charges of one month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Mois {
    /// Millimes.
    pub produits: i64,
    /// Millimes.
    pub charges: i64,
}

/// The income and the charges of each month from `du` to `au` (both included), by month
/// (`(year, month)`), from the lines dated in that range; a month with neither income nor
/// charges is absent (a month read from its totals cannot tell "no line" from "lines that
/// cancel out").
pub async fn resultat_par_mois(
    db: &Database,
    residence_id: i64,
    du: NaiveDate,
    au: NaiveDate,
) -> Result<BTreeMap<(i32, u32), Mois>, sqlx::Error> {
    let mut mois: BTreeMap<(i32, u32), Mois> = BTreeMap::new();
    // Classes 6 and 7, summed per month and account by the store: the months the period covers
    // whole from the running totals, the days of a month it covers in part from the entries of
    // those days, or from the month's totals less the entries of the days left out
    // (`lignes::lecture`).
    let totaux_sql = "SELECT CAST(mois AS BIGINT) AS mois, compte, \
         CAST(SUM(debit) AS BIGINT) AS debit, CAST(SUM(credit) AS BIGINT) AS credit \
         FROM ecritures_soldes \
         WHERE residence_id = $1 AND exercice = $2 AND mois >= $3 AND mois <= $4 \
           AND (compte LIKE '6%' OR compte LIKE '7%') \
         GROUP BY mois, compte";
    let lignes = super::lignes::lignes_de_l_exercice(db.dialect);
    let jours_sql = format!(
        "SELECT CAST(SUBSTR(date_ecriture, 6, 2) AS BIGINT) AS mois, compte, \
         CAST(SUM(debit) AS BIGINT) AS debit, CAST(SUM(credit) AS BIGINT) AS credit \
         FROM ({lignes} AND e.date_ecriture >= $3 AND e.date_ecriture <= $4) l \
         WHERE compte LIKE '6%' OR compte LIKE '7%' \
         GROUP BY 1, compte"
    );
    let complement_sql = format!(
        "SELECT CAST($3 AS BIGINT) AS mois, compte, \
         CAST(SUM(debit) AS BIGINT) AS debit, CAST(SUM(credit) AS BIGINT) AS credit FROM ( \
           SELECT compte, debit, credit FROM ecritures_soldes \
           WHERE residence_id = $1 AND exercice = $2 AND mois = $3 \
           UNION ALL \
           SELECT compte, -debit, -credit FROM ({lignes} \
             AND e.date_ecriture >= $4 AND e.date_ecriture < $5) avant \
           UNION ALL \
           SELECT compte, -debit, -credit FROM ({lignes} \
             AND e.date_ecriture > $6 AND e.date_ecriture <= $7) apres) u \
         WHERE compte LIKE '6%' OR compte LIKE '7%' \
         GROUP BY compte"
    );
    for (exercice, partie) in parties(du, au) {
        let query = match partie {
            Partie::Mois(premier, dernier) => sqlx::query(totaux_sql)
                .bind(residence_id)
                .bind(i64::from(exercice))
                .bind(i64::from(premier))
                .bind(i64::from(dernier)),
            Partie::Jours(du, au) => match super::lignes::lecture(du, au) {
                Lecture::Jours => sqlx::query(&jours_sql)
                    .bind(residence_id)
                    .bind(i64::from(exercice))
                    .bind(du.to_string())
                    .bind(au.to_string()),
                Lecture::Complement => {
                    let (premier, dernier) = super::lignes::bornes_du_mois(du);
                    sqlx::query(&complement_sql)
                        .bind(residence_id)
                        .bind(i64::from(exercice))
                        .bind(i64::from(du.month()))
                        .bind(premier.to_string())
                        .bind(du.to_string())
                        .bind(au.to_string())
                        .bind(dernier.to_string())
                }
            },
        };
        for row in &query.fetch_all(&db.pool).await? {
            let numero: String = row.try_get("compte")?;
            let Some(gestion) = Compte::from_numero(&numero).and_then(gestion) else {
                continue;
            };
            let numero_mois = u32::try_from(row.try_get::<i64, _>("mois")?)
                .map_err(|error| sqlx::Error::Decode(Box::new(error)))?;
            let totaux = Totaux {
                debit: montant_column(row, "debit")?,
                credit: montant_column(row, "credit")?,
            };
            let montant = montant_de_gestion(gestion, totaux);
            let entree = mois.entry((exercice, numero_mois)).or_default();
            match gestion {
                Gestion::Charge => entree.charges = entree.charges.saturating_add(montant),
                Gestion::Produit => entree.produits = entree.produits.saturating_add(montant),
            }
        }
    }
    mois.retain(|_, chiffres| *chiffres != Mois::default());
    Ok(mois)
}

/// A part of a period within one exercice: months it covers whole (first and last, 1–12), or
/// days of one month it covers in part.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Partie {
    Mois(u32, u32),
    Jours(NaiveDate, NaiveDate),
}

/// The period from `du` to `au` (both included) cut into parts, each within one exercice: the
/// whole months of each year together, the days of a month begun or left unfinished apart.
fn parties(du: NaiveDate, au: NaiveDate) -> Vec<(i32, Partie)> {
    let mut parties = Vec::new();
    let mut jour = du;
    while jour <= au {
        let (debut_du_mois, fin_du_mois) = super::lignes::bornes_du_mois(jour);
        if jour == debut_du_mois && fin_du_mois <= au {
            // Whole months, up to the year's last one the period covers whole.
            let mut dernier = fin_du_mois;
            while let Some(suivant) = dernier
                .succ_opt()
                .and_then(|premier| premier.checked_add_months(chrono::Months::new(1)))
                .and_then(|apres| apres.pred_opt())
                .filter(|fin| fin.year() == jour.year() && *fin <= au)
            {
                dernier = suivant;
            }
            parties.push((jour.year(), Partie::Mois(jour.month(), dernier.month())));
            jour = dernier.succ_opt().unwrap_or(NaiveDate::MAX);
        } else {
            let fin = fin_du_mois.min(au);
            parties.push((jour.year(), Partie::Jours(jour, fin)));
            jour = fin.succ_opt().unwrap_or(NaiveDate::MAX);
        }
        if jour == NaiveDate::MAX {
            break;
        }
    }
    parties
}

/// The charges of an exercice per account of class 6 (600NNN per category, 600000 without a
/// category, 627, 641, 645, 672), from the trial balance's totals: debit − credit, accounts
/// whose charges add up to zero left out.
pub async fn charges_par_compte(
    db: &Database,
    residence_id: i64,
    exercice: i32,
) -> Result<Vec<(Compte, Montant)>, sqlx::Error> {
    let mut charges = Vec::new();
    for (numero, totaux) in super::balance(db, residence_id, exercice).await? {
        let Some(compte) = Compte::from_numero(&numero) else {
            continue;
        };
        if gestion(compte) != Some(Gestion::Charge) {
            continue;
        }
        let montant = montant_de_gestion(Gestion::Charge, totaux);
        if montant != 0 {
            charges.push((compte, Montant::from_millimes(montant)));
        }
    }
    Ok(charges)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(annee: i32, mois: u32, jour: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(annee, mois, jour).unwrap_or(NaiveDate::MIN)
    }

    #[test]
    fn a_period_reads_its_whole_months_from_the_totals_and_its_begun_months_from_the_entries() {
        // The year to date on 27 November: January to October whole, then 1–27 November
        assert_eq!(
            parties(date(2026, 1, 1), date(2026, 11, 27)),
            vec![
                (2026, Partie::Mois(1, 10)),
                (2026, Partie::Jours(date(2026, 11, 1), date(2026, 11, 27)))
            ]
        );
        // Twelve months from mid-month across a year's end: each year's whole months apart
        assert_eq!(
            parties(date(2025, 11, 28), date(2026, 11, 27)),
            vec![
                (2025, Partie::Jours(date(2025, 11, 28), date(2025, 11, 30))),
                (2025, Partie::Mois(12, 12)),
                (2026, Partie::Mois(1, 10)),
                (2026, Partie::Jours(date(2026, 11, 1), date(2026, 11, 27)))
            ]
        );
        // A whole year; a few days inside one month
        assert_eq!(
            parties(date(2025, 1, 1), date(2025, 12, 31)),
            vec![(2025, Partie::Mois(1, 12))]
        );
        assert_eq!(
            parties(date(2026, 2, 3), date(2026, 2, 9)),
            vec![(2026, Partie::Jours(date(2026, 2, 3), date(2026, 2, 9)))]
        );
        // An empty period has no part
        assert_eq!(parties(date(2026, 3, 2), date(2026, 3, 1)), vec![]);
    }
}
