//! What every report needs of the books: account titles as the residence names them, the
//! exercice's bounds, and which entries still stand.

use std::collections::BTreeSet;

use chrono::NaiveDate;
use daftar_domain::comptabilite::{Compte, EcritureNumerotee, Livres, Source};
use daftar_domain::grand_livre::GrandLivre;

/// The account's title: a bank sub-account's is its bank account's libellé, a charge
/// sub-account's its category's title; otherwise the chart's.
pub fn intitule(livre: &GrandLivre, compte: Compte) -> String {
    match compte {
        Compte::Banque(Some(id)) => livre
            .banque
            .compte(id)
            .map(|c| c.fiche.libelle.clone())
            .unwrap_or_else(|| format!("{} n° {id}", compte.intitule())),
        Compte::ChargesCourantes(Some(id)) => livre
            .depenses
            .categorie(id)
            .map(|titre| format!("Charges courantes — {titre}"))
            .unwrap_or_else(|| format!("{} n° {id}", compte.intitule())),
        _ => compte.intitule().to_owned(),
    }
}

/// "512001 — Courant".
pub fn numero_et_intitule(livre: &GrandLivre, compte: Compte) -> String {
    format!("{} — {}", compte.numero(), intitule(livre, compte))
}

/// 1 January and 31 December of `annee` (a year chrono cannot hold falls back to the epoch;
/// the callers only pass years of the residence's exercices).
pub fn bornes(annee: i32) -> (NaiveDate, NaiveDate) {
    (
        NaiveDate::from_ymd_opt(annee, 1, 1).unwrap_or_default(),
        NaiveDate::from_ymd_opt(annee, 12, 31).unwrap_or_default(),
    )
}

/// The last day of the previous exercice.
pub fn veille(annee: i32) -> NaiveDate {
    NaiveDate::from_ymd_opt(annee - 1, 12, 31).unwrap_or_default()
}

/// Accounts of class 1 (the "report à nouveau" 110 and the like): an entry between them and
/// the treasury carries balances from one year to the next, it is no receipt nor payment.
pub fn est_a_nouveau(compte: Compte) -> bool {
    compte.numero().starts_with('1')
}

/// Whether an entry carries balances between exercices: the closing's "report à nouveau"
/// (which has no line on class 1 when the year's result and 110 are both zero).
pub fn porte_des_soldes(ecriture: &EcritureNumerotee) -> bool {
    matches!(ecriture.ecriture.source, Source::ReportANouveau(_))
        || ecriture
            .ecriture
            .lignes
            .iter()
            .any(|l| est_a_nouveau(l.compte))
}

/// Whether an entry carries balances out of the exercice on its 31 December (an entry against
/// class 1 dated that day, should the closing post one): the reports of the year show the
/// balances before it.
pub fn est_cloture(ecriture: &EcritureNumerotee, annee: i32) -> bool {
    let (_, fin) = bornes(annee);
    ecriture.ecriture.date == fin && porte_des_soldes(ecriture)
}

/// An account's balance (debit − credit) at the end of the exercice, before any closing entry
/// of its 31 December ([`est_cloture`]); without one it is `Livres::solde_au` on 31 December.
pub fn solde_fin_exercice(livres: &Livres, compte: Compte, annee: i32) -> i128 {
    let (_, fin) = bornes(annee);
    livres
        .journal()
        .iter()
        .filter(|e| e.ecriture.date <= fin && !est_cloture(e, annee))
        .map(|e| net(e, compte))
        .sum()
}

/// The journal's entries that still stand: neither a contra-entry nor an entry a contra-entry
/// reversed. (A correction's original and its contra-entry cancel out on the same date.)
pub fn en_vigueur(livres: &Livres) -> impl Iterator<Item = &EcritureNumerotee> {
    let extournees: BTreeSet<(i32, i64)> = livres
        .journal()
        .iter()
        .filter_map(|e| e.extourne_de.map(|n| (e.exercice, n)))
        .collect();
    livres
        .journal()
        .iter()
        .filter(move |e| e.extourne_de.is_none() && !extournees.contains(&(e.exercice, e.numero)))
}

/// Σ (debit − credit) of an entry's lines on `compte`.
pub fn net(ecriture: &EcritureNumerotee, compte: Compte) -> i128 {
    ecriture
        .ecriture
        .lignes
        .iter()
        .filter(|l| l.compte == compte)
        .map(|l| i128::from(l.debit.millimes()) - i128::from(l.credit.millimes()))
        .sum()
}
