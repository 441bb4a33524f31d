//! Books kept in memory by the posting rules: entries numbered per exercice without gaps, in
//! the order they are posted; contra-entries for corrections.

use std::collections::BTreeMap;

use chrono::NaiveDate;

use super::{passations, Compte, Ecriture, Passation, Source};
use crate::grand_livre::GrandLivreEvent;

/// An entry of the journal with its place: exercice and number (1, 2, 3… per exercice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EcritureNumerotee {
    pub exercice: i32,
    pub numero: i64,
    pub ecriture: Ecriture,
    /// For a contra-entry, the number of the entry it reverses (same exercice).
    pub extourne_de: Option<i64>,
}

/// The books of one residence.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Livres {
    journal: Vec<EcritureNumerotee>,
    /// Per record, the entries still standing (indexes into the journal).
    en_vigueur: BTreeMap<Source, Vec<usize>>,
    derniers_numeros: BTreeMap<i32, i64>,
}

impl Livres {
    /// Posts what an event posts.
    pub fn appliquer(&mut self, event: &GrandLivreEvent) {
        for passation in passations(event) {
            self.passer(passation);
        }
    }

    pub fn passer(&mut self, passation: Passation) {
        match passation {
            Passation::Ecrire(ecriture) => {
                let index = self.numeroter(ecriture, None);
                self.en_vigueur
                    .entry(self.journal[index].ecriture.source)
                    .or_default()
                    .push(index);
            }
            Passation::Extourner(source) => {
                for index in self.en_vigueur.remove(&source).unwrap_or_default() {
                    let original = &self.journal[index];
                    let contra = original.ecriture.extourne();
                    let numero = original.numero;
                    self.numeroter(contra, Some(numero));
                }
            }
        }
    }

    fn numeroter(&mut self, ecriture: Ecriture, extourne_de: Option<i64>) -> usize {
        let exercice = ecriture.exercice();
        let numero = self.derniers_numeros.entry(exercice).or_insert(0);
        *numero += 1;
        self.journal.push(EcritureNumerotee {
            exercice,
            numero: *numero,
            ecriture,
            extourne_de,
        });
        self.journal.len() - 1
    }

    pub fn journal(&self) -> &[EcritureNumerotee] {
        &self.journal
    }

    /// The trial balance of an exercice (or of every exercice): Σ debit and Σ credit per
    /// account, in millimes.
    pub fn balance(&self, exercice: Option<i32>) -> BTreeMap<Compte, (i128, i128)> {
        let mut balance: BTreeMap<Compte, (i128, i128)> = BTreeMap::new();
        for entry in self
            .journal
            .iter()
            .filter(|e| exercice.is_none_or(|x| e.exercice == x))
        {
            for ligne in &entry.ecriture.lignes {
                let (debit, credit) = balance.entry(ligne.compte).or_insert((0, 0));
                *debit += i128::from(ligne.debit.millimes());
                *credit += i128::from(ligne.credit.millimes());
            }
        }
        balance
    }

    /// An account's balance (debit − credit) at the end of a day, in millimes: from the last
    /// exercice that opens with a "report à nouveau" (which carries everything before it).
    pub fn solde_au(&self, compte: Compte, date: NaiveDate) -> i128 {
        let debut = self
            .journal
            .iter()
            .filter(|e| {
                matches!(e.ecriture.source, Source::ReportANouveau(_)) && e.ecriture.date <= date
            })
            .map(|e| e.exercice)
            .max()
            .unwrap_or(i32::MIN);
        self.journal
            .iter()
            .filter(|e| e.exercice >= debut && e.ecriture.date <= date)
            .flat_map(|e| &e.ecriture.lignes)
            .filter(|l| l.compte == compte)
            .map(|l| i128::from(l.debit.millimes()) - i128::from(l.credit.millimes()))
            .sum()
    }
}
