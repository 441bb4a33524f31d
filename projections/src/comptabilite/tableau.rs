//! What the dashboards read of the books (spec 3 §2.10, §3 "Dashboard (syndic)", issue 19): the
//! income and the charges of each month of a period, from the same lines as the journal and the
//! trial balance, so that a month's figures add up to what the books hold for it.

use std::collections::BTreeMap;

use sqlx::Row;

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
/// (`(year, month)`), from the lines dated in that range; months without lines are absent.
pub async fn resultat_par_mois(
    db: &Database,
    residence_id: i64,
    du: NaiveDate,
    au: NaiveDate,
) -> Result<BTreeMap<(i32, u32), Mois>, sqlx::Error> {
    let mut mois: BTreeMap<(i32, u32), Mois> = BTreeMap::new();
    // One exercice at a time (an exercice is the year of its entries' dates): the lines of
    // classes 6 and 7 summed per month and account by the store, then each account's sums
    // taken as income or charges.
    let sql = format!(
        "SELECT SUBSTR(date_ecriture, 1, 7) AS mois, compte, \
         CAST(SUM(debit) AS BIGINT) AS debit, CAST(SUM(credit) AS BIGINT) AS credit \
         FROM ({} AND e.date_ecriture >= $3 AND e.date_ecriture <= $4) l \
         WHERE compte LIKE '6%' OR compte LIKE '7%' \
         GROUP BY SUBSTR(date_ecriture, 1, 7), compte",
        super::lignes::lignes_de_l_exercice(db.dialect)
    );
    for exercice in du.year()..=au.year() {
        let rows = sqlx::query(&sql)
            .bind(residence_id)
            .bind(i64::from(exercice))
            .bind(du.to_string())
            .bind(au.to_string())
            .fetch_all(&db.pool)
            .await?;
        for row in &rows {
            let texte: String = row.try_get("mois")?;
            let numero: String = row.try_get("compte")?;
            let Some(gestion) = Compte::from_numero(&numero).and_then(gestion) else {
                continue;
            };
            let cle = annee_mois(&texte).ok_or_else(|| {
                sqlx::Error::Decode(format!("ecritures.date_ecriture: {texte}").into())
            })?;
            let totaux = Totaux {
                debit: montant_column(row, "debit")?,
                credit: montant_column(row, "credit")?,
            };
            let montant = montant_de_gestion(gestion, totaux);
            let entree = mois.entry(cle).or_default();
            match gestion {
                Gestion::Charge => entree.charges = entree.charges.saturating_add(montant),
                Gestion::Produit => entree.produits = entree.produits.saturating_add(montant),
            }
        }
    }
    Ok(mois)
}

fn annee_mois(texte: &str) -> Option<(i32, u32)> {
    let (annee, mois) = texte.split_once('-')?;
    Some((annee.parse().ok()?, mois.parse().ok()?))
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
