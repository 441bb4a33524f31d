//! Fiscal years (exercices): one per calendar year, `ouvert` then `cloture`, never reopened.
//!
//! Every dated money command of every module asks [`Exercices::exige_ouvert`] before it decides
//! anything (issue "foundation", spec 1 §4 and §8): a date with no exercice is refused with
//! `aucun_exercice_ouvert` (409), a date in a closed exercice with `exercice_cloture` (403).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

/// The state of one fiscal year.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StatutExercice {
    Ouvert,
    Cloture,
}

/// How an exercice is shown relative to today (spec 3 §2.11: badges actuel, ouvert, cloture).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EtatAffiche {
    Actuel,
    Ouvert,
    Cloture,
}

/// Why a date cannot carry a money operation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExerciceError {
    /// No fiscal year exists for the date's calendar year.
    #[error("aucun exercice n'existe pour l'année {annee}")]
    AucunExerciceOuvert { annee: i32 },
    /// The date falls in a closed fiscal year, which is immutable.
    #[error("l'exercice {annee} est clôturé")]
    ExerciceCloture { annee: i32 },
}

/// The fiscal years of one residence, by calendar year.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exercices {
    par_annee: BTreeMap<i32, StatutExercice>,
}

impl Exercices {
    pub fn statut(&self, annee: i32) -> Option<StatutExercice> {
        self.par_annee.get(&annee).copied()
    }

    /// The guard every dated money command uses: the date's exercice must exist and be open.
    pub fn exige_ouvert(&self, date: NaiveDate) -> Result<(), ExerciceError> {
        let annee = date.year();
        match self.statut(annee) {
            None => Err(ExerciceError::AucunExerciceOuvert { annee }),
            Some(StatutExercice::Cloture) => Err(ExerciceError::ExerciceCloture { annee }),
            Some(StatutExercice::Ouvert) => Ok(()),
        }
    }

    /// "actuel" is the open exercice containing today; other open ones are "ouvert".
    pub fn etat_affiche(&self, annee: i32, aujourd_hui: NaiveDate) -> Option<EtatAffiche> {
        self.statut(annee).map(|statut| match statut {
            StatutExercice::Cloture => EtatAffiche::Cloture,
            StatutExercice::Ouvert if annee == aujourd_hui.year() => EtatAffiche::Actuel,
            StatutExercice::Ouvert => EtatAffiche::Ouvert,
        })
    }

    pub fn annees(&self) -> impl Iterator<Item = (i32, StatutExercice)> + '_ {
        self.par_annee
            .iter()
            .map(|(annee, statut)| (*annee, *statut))
    }

    pub(crate) fn ouvrir(&mut self, annee: i32) {
        self.par_annee.insert(annee, StatutExercice::Ouvert);
    }

    pub(crate) fn cloturer(&mut self, annee: i32) {
        self.par_annee.insert(annee, StatutExercice::Cloture);
    }
}

/// The range of years an exercice may be opened for: calendar years a residence can really
/// have books for. Guards against typos such as 20026.
pub const ANNEES_VALIDES: std::ops::RangeInclusive<i32> = 2000..=2100;

#[cfg(test)]
mod tests;
