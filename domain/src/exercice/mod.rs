//! Fiscal years (exercices): one per calendar year, `ouvert` then `cloture`, never reopened.
//!
//! Every dated money command of every module asks [`Exercices::exige_ouvert`] before it decides
//! anything (issue "foundation", spec 1 §4 and §8): a date with no exercice is refused with
//! `aucun_exercice_ouvert` (409), a date in a closed exercice with `exercice_cloture` (403).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::error::CodeErreur;
use crate::grand_livre::GrandLivre;

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

/// Why a date cannot carry a money operation (the guard every module uses), or why a fiscal
/// year cannot be opened or closed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExerciceError {
    /// No fiscal year exists for the date's calendar year.
    #[error("aucun exercice n'existe pour l'année {annee}")]
    AucunExerciceOuvert { annee: i32 },
    /// The date falls in a closed fiscal year, which is immutable.
    #[error("l'exercice {annee} est clôturé")]
    ExerciceCloture { annee: i32 },
    #[error("l'exercice {annee} existe déjà")]
    ExerciceDejaOuvert { annee: i32 },
    #[error("l'exercice {annee} est déjà clôturé")]
    ExerciceDejaCloture { annee: i32 },
    #[error("l'exercice {annee} n'existe pas")]
    ExerciceInconnu { annee: i32 },
    #[error("année d'exercice invalide: {annee}")]
    AnneeInvalide { annee: i32 },
}

impl CodeErreur for ExerciceError {
    fn code(&self) -> &'static str {
        match self {
            ExerciceError::AucunExerciceOuvert { .. } => "aucun_exercice_ouvert",
            ExerciceError::ExerciceCloture { .. } => "exercice_cloture",
            ExerciceError::ExerciceDejaOuvert { .. } => "exercice_deja_ouvert",
            ExerciceError::ExerciceDejaCloture { .. } => "exercice_deja_cloture",
            ExerciceError::ExerciceInconnu { .. } => "exercice_inconnu",
            ExerciceError::AnneeInvalide { .. } => "annee_invalide",
        }
    }
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

    /// The state change of each fiscal-year event.
    pub(crate) fn appliquer(&mut self, event: ExerciceEvent) {
        match event {
            ExerciceEvent::ExerciceOuvert { annee } => self.ouvrir(annee),
            ExerciceEvent::ExerciceCloture { annee } => self.cloturer(annee),
        }
    }
}

/// What the council asks of the fiscal years.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExerciceCommand {
    /// Opens the fiscal year of calendar year `annee`.
    OuvrirExercice { annee: i32 },
    /// Closes the fiscal year `annee`, for good: its entries become immutable.
    CloturerExercice { annee: i32 },
}

/// Facts of the fiscal years. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExerciceEvent {
    ExerciceOuvert { annee: i32 },
    ExerciceCloture { annee: i32 },
}

impl ExerciceEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            ExerciceEvent::ExerciceOuvert { .. } => "ExerciceOuvert",
            ExerciceEvent::ExerciceCloture { .. } => "ExerciceCloture",
        }
    }
}

impl ExerciceCommand {
    /// Decides on the residence's state: a year opens once, within [`ANNEES_VALIDES`], and an
    /// open year closes once, for good.
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<ExerciceEvent>, ExerciceError> {
        let exercices = &livre.exercices;
        match self {
            ExerciceCommand::OuvrirExercice { annee } => {
                if !ANNEES_VALIDES.contains(&annee) {
                    return Err(ExerciceError::AnneeInvalide { annee });
                }
                if exercices.statut(annee).is_some() {
                    return Err(ExerciceError::ExerciceDejaOuvert { annee });
                }
                Ok(vec![ExerciceEvent::ExerciceOuvert { annee }])
            }
            ExerciceCommand::CloturerExercice { annee } => match exercices.statut(annee) {
                None => Err(ExerciceError::ExerciceInconnu { annee }),
                Some(StatutExercice::Cloture) => Err(ExerciceError::ExerciceDejaCloture { annee }),
                Some(StatutExercice::Ouvert) => Ok(vec![ExerciceEvent::ExerciceCloture { annee }]),
            },
        }
    }
}

/// The range of years an exercice may be opened for: calendar years a residence can really
/// have books for. Guards against typos such as 20026.
pub const ANNEES_VALIDES: std::ops::RangeInclusive<i32> = 2000..=2100;

#[cfg(test)]
mod tests;
