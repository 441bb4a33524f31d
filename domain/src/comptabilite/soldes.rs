//! The books' balances in the residence's decision state: what the closing decides on (the
//! carried-forward balances, the trial balance of the year, whether the year changed since
//! its pack was rendered). Only sums are kept, never the journal: the journal lives in the read
//! model and in [`super::Livres`].

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use super::{passations, Compte, Ligne, Passation, Source};
use crate::grand_livre::GrandLivreEvent;
use crate::montant::Montant;

/// A balance carried into the next exercice by its opening entry ("report à nouveau").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportANouveau {
    pub compte: Compte,
    /// Debit − credit at the end of 31 December, in millimes (negative: a credit balance).
    pub solde: i64,
}

impl ReportANouveau {
    /// The line of the opening entry that sets the account to this balance.
    pub fn ligne(self) -> Ligne {
        if self.solde >= 0 {
            Ligne::debit(self.compte, Montant::from_millimes(self.solde))
        } else {
            Ligne::credit(
                self.compte,
                Montant::from_millimes(self.solde.saturating_neg()),
            )
        }
    }
}

/// Σ (debit − credit) per account and exercice, and the entries of each exercice.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SoldesComptables {
    /// Per record, the lines of its entries still standing (what a contra-entry reverses),
    /// each with its exercice.
    en_vigueur: BTreeMap<Source, Vec<(i32, Ligne)>>,
    par_exercice: BTreeMap<i32, BTreeMap<Compte, i64>>,
    /// Entries posted in each exercice, contra-entries included: a closing pack rendered at
    /// one count describes the year only while the count is the same.
    ecritures: BTreeMap<i32, u64>,
    /// The exercices that start with a "report à nouveau" entry: a cumulative balance starts
    /// there, since that entry already carries everything before.
    a_nouveau: BTreeSet<i32>,
}

impl SoldesComptables {
    /// Posts what an event posts.
    pub fn appliquer(&mut self, event: &GrandLivreEvent) {
        for passation in passations(event) {
            match passation {
                Passation::Ecrire(ecriture) => {
                    let exercice = ecriture.exercice();
                    if matches!(ecriture.source, Source::ReportANouveau(_)) {
                        self.a_nouveau.insert(exercice);
                    }
                    *self.ecritures.entry(exercice).or_insert(0) += 1;
                    for ligne in &ecriture.lignes {
                        self.ajouter(exercice, *ligne);
                    }
                    self.en_vigueur
                        .entry(ecriture.source)
                        .or_default()
                        .extend(ecriture.lignes.iter().map(|l| (exercice, *l)));
                }
                Passation::Extourner(source) => {
                    let lignes = self.en_vigueur.remove(&source).unwrap_or_default();
                    let exercices: BTreeSet<i32> = lignes.iter().map(|(e, _)| *e).collect();
                    for (exercice, ligne) in lignes {
                        self.ajouter(exercice, ligne.inverse());
                    }
                    // The count only has to change whenever an exercice's entries do: one per
                    // exercice the contra-entries fall in.
                    for exercice in exercices {
                        *self.ecritures.entry(exercice).or_insert(0) += 1;
                    }
                }
            }
        }
    }

    fn ajouter(&mut self, exercice: i32, ligne: Ligne) {
        let solde = self
            .par_exercice
            .entry(exercice)
            .or_default()
            .entry(ligne.compte)
            .or_insert(0);
        *solde = solde
            .saturating_add(ligne.debit.millimes())
            .saturating_sub(ligne.credit.millimes());
    }

    /// How many entries the exercice holds (contra-entries included).
    pub fn ecritures(&self, exercice: i32) -> u64 {
        self.ecritures.get(&exercice).copied().unwrap_or(0)
    }

    /// Σ debit − Σ credit of the exercice's entries: zero when every entry balances.
    pub fn ecart_balance(&self, exercice: i32) -> i128 {
        self.par_exercice
            .get(&exercice)
            .map(|soldes| soldes.values().map(|s| i128::from(*s)).sum())
            .unwrap_or(0)
    }

    /// Each account's balance at the end of the exercice: from the last exercice that opens
    /// with a "report à nouveau" up to this one.
    pub fn soldes_fin(&self, exercice: i32) -> BTreeMap<Compte, i64> {
        let debut = self
            .a_nouveau
            .range(..=exercice)
            .next_back()
            .copied()
            .unwrap_or(i32::MIN);
        let mut soldes: BTreeMap<Compte, i64> = BTreeMap::new();
        for (_, comptes) in self.par_exercice.range(debut..=exercice) {
            for (compte, solde) in comptes {
                let total = soldes.entry(*compte).or_insert(0);
                *total = total.saturating_add(*solde);
            }
        }
        soldes
    }

    /// The balances the next exercice opens with: every balance-sheet account as it stands at
    /// the end of the exercice, and the year's result (income − charges) added to 110
    /// "report à nouveau". Σ = 0, so the opening entry balances.
    pub fn reports_a_nouveau(&self, exercice: i32) -> Vec<ReportANouveau> {
        let mut reports: BTreeMap<Compte, i64> = BTreeMap::new();
        for (compte, solde) in self.soldes_fin(exercice) {
            let vers = if compte.est_bilan() {
                compte
            } else {
                Compte::ReportANouveau
            };
            let total = reports.entry(vers).or_insert(0);
            *total = total.saturating_add(solde);
        }
        reports
            .into_iter()
            .filter(|(_, solde)| *solde != 0)
            .map(|(compte, solde)| ReportANouveau { compte, solde })
            .collect()
    }

    /// For tests: posts one line alone, as a books that do not balance would hold.
    #[cfg(test)]
    pub(crate) fn ajouter_ligne_seule(&mut self, exercice: i32, ligne: Ligne) {
        self.ajouter(exercice, ligne);
    }
}
