//! Fiscal years (exercices): one per calendar year, `ouvert` then `cloture`, never reopened.
//!
//! Every dated money command of every module asks [`Exercices::exige_ouvert`] before it decides
//! anything (issue "foundation", spec 1 §4 and §8): a date with no exercice is refused with
//! `aucun_exercice_ouvert` (409), a date in a closed exercice with `exercice_cloture` (403).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use crate::comptabilite::ReportANouveau;
use crate::document::{DocumentJoint, PieceJointe};
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
    /// A year is not opened before a closed year: closing it would carry its balances into
    /// that closed year.
    #[error("l'exercice {annee} précède l'exercice clôturé {cloture}")]
    ExerciceAnterieurCloture { annee: i32, cloture: i32 },
    /// A year is closed once it has ended: its balances at 31 December are final then.
    #[error("l'exercice {annee} n'est pas terminé")]
    ExerciceNonTermine { annee: i32 },
    /// Years close in order: the opening balances of a year are the closing ones of the year
    /// before.
    #[error("l'exercice {precedent} doit être clôturé avant l'exercice {annee}")]
    ExercicePrecedentOuvert { annee: i32, precedent: i32 },
    /// The year's trial balance is not zero (every entry balances: never expected).
    #[error("les écritures de l'exercice {annee} ne sont pas équilibrées")]
    LivresDesequilibres { annee: i32 },
    /// The year's entries changed after its closing pack was rendered: the pack no longer
    /// describes it (the server renders it again).
    #[error("les écritures de l'exercice {annee} ont changé pendant sa clôture")]
    ExerciceModifiePendantCloture { annee: i32 },
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
            ExerciceError::ExerciceAnterieurCloture { .. } => "exercice_anterieur_cloture",
            ExerciceError::ExerciceNonTermine { .. } => "exercice_non_termine",
            ExerciceError::ExercicePrecedentOuvert { .. } => "exercice_precedent_ouvert",
            ExerciceError::LivresDesequilibres { .. } => "livres_desequilibres",
            ExerciceError::ExerciceModifiePendantCloture { .. } => {
                "exercice_modifie_pendant_cloture"
            }
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

    /// The residence's last year.
    pub fn derniere_annee(&self) -> Option<i32> {
        self.par_annee.keys().next_back().copied()
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
            ExerciceEvent::ExerciceCloture(cloture) => self.cloturer(cloture.annee),
        }
    }
}

/// What the council asks of the fiscal years.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExerciceCommand {
    /// Opens the fiscal year of calendar year `annee`.
    OuvrirExercice { annee: i32 },
    /// Closes a fiscal year, for good: its entries become immutable.
    CloturerExercice(DemandeCloture),
}

/// A closing as the treasurer asks it (spec 2 §7 `POST /exercices/cloturer`), with what the
/// server rendered for it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DemandeCloture {
    pub annee: i32,
    /// The day of the closing (the server's today).
    pub le: NaiveDate,
    /// The files the treasurer uploaded (spec 3 §2.12), checked and stored.
    pub documents: Vec<PieceJointe>,
    /// The closing pack rendered from the journal up to `pack.tete_journal`; `None` for a
    /// closing recorded without a pack (tests, and the store's own checks).
    pub pack: Option<PackCloture>,
}

/// What proves the closing pack: the SHA-256 of each of its documents and of the journal's
/// last event it was rendered from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PackCloture {
    /// The residence's name as printed on the documents.
    pub residence: String,
    pub empreintes: Vec<Empreinte>,
    pub tete_journal: TeteJournal,
    /// The number of the year's entries the pack was rendered at
    /// ([`crate::comptabilite::SoldesComptables::ecritures`]).
    pub ecritures: u64,
}

/// A document of the closing pack and its SHA-256 (hex).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Empreinte {
    pub document: String,
    pub sha256: String,
}

/// The journal's last event when the pack was rendered: its sequence in the residence's
/// stream and its chained hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeteJournal {
    pub sequence: i64,
    pub hash: String,
}

impl ExerciceCommand {
    /// A closing on 1 January of the next year, without files or pack.
    pub fn cloturer(annee: i32) -> ExerciceCommand {
        ExerciceCommand::CloturerExercice(DemandeCloture {
            annee,
            le: premier_janvier(annee.saturating_add(1)),
            documents: Vec::new(),
            pack: None,
        })
    }
}

fn premier_janvier(annee: i32) -> NaiveDate {
    NaiveDate::from_ymd_opt(annee, 1, 1).unwrap_or(NaiveDate::MAX)
}

/// Facts of the fiscal years. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ExerciceEvent {
    ExerciceOuvert { annee: i32 },
    ExerciceCloture(Cloture),
}

/// A closing as recorded. Closings stored before issue 15 hold only `annee` (every other field
/// reads as empty).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cloture {
    pub annee: i32,
    // Empty fields are not written, so that a closing stored before them reads back and
    // writes out byte for byte.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub le: Option<NaiveDate>,
    /// The balances the next year opens with (its "report à nouveau" entry, posted by this
    /// event on 1 January).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reports: Vec<ReportANouveau>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub documents: Vec<DocumentJoint>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pack: Option<PackCloture>,
}

impl ExerciceEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            ExerciceEvent::ExerciceOuvert { .. } => "ExerciceOuvert",
            ExerciceEvent::ExerciceCloture(_) => "ExerciceCloture",
        }
    }

    /// A closing recording nothing but its year.
    pub fn cloture(annee: i32) -> ExerciceEvent {
        ExerciceEvent::ExerciceCloture(Cloture {
            annee,
            le: None,
            reports: Vec::new(),
            documents: Vec::new(),
            pack: None,
        })
    }
}

impl ExerciceCommand {
    /// Decides on the residence's state (rules in docs/domain.md "Fiscal years").
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<ExerciceEvent>, ExerciceError> {
        match self {
            ExerciceCommand::OuvrirExercice { annee } => livre.ouvrir_exercice(annee),
            ExerciceCommand::CloturerExercice(demande) => livre.cloturer_exercice(demande),
        }
    }
}

impl GrandLivre {
    /// A year opens once, within [`ANNEES_VALIDES`], and never before a closed year (the server
    /// opens the years one after the other; an earlier year may be added while no later one
    /// is closed).
    fn ouvrir_exercice(&self, annee: i32) -> Result<Vec<ExerciceEvent>, ExerciceError> {
        let exercices = &self.exercices;
        if !ANNEES_VALIDES.contains(&annee) {
            return Err(ExerciceError::AnneeInvalide { annee });
        }
        if exercices.statut(annee).is_some() {
            return Err(ExerciceError::ExerciceDejaOuvert { annee });
        }
        let derniere_cloturee = exercices
            .annees()
            .filter(|(_, statut)| *statut == StatutExercice::Cloture)
            .map(|(annee, _)| annee)
            .max();
        if let Some(cloture) = derniere_cloturee.filter(|cloture| annee < *cloture) {
            return Err(ExerciceError::ExerciceAnterieurCloture { annee, cloture });
        }
        Ok(vec![ExerciceEvent::ExerciceOuvert { annee }])
    }

    /// An open year closes once, for good, after it has ended and after the year before it;
    /// the next year opens by the same act when it does not exist, with the balances at 31
    /// December carried into it.
    fn cloturer_exercice(
        &self,
        demande: DemandeCloture,
    ) -> Result<Vec<ExerciceEvent>, ExerciceError> {
        let annee = demande.annee;
        let exercices = &self.exercices;
        match exercices.statut(annee) {
            None => return Err(ExerciceError::ExerciceInconnu { annee }),
            Some(StatutExercice::Cloture) => {
                return Err(ExerciceError::ExerciceDejaCloture { annee })
            }
            Some(StatutExercice::Ouvert) => {}
        }
        if demande.le.year() <= annee {
            return Err(ExerciceError::ExerciceNonTermine { annee });
        }
        let precedent = annee.saturating_sub(1);
        if exercices.statut(precedent) == Some(StatutExercice::Ouvert) {
            return Err(ExerciceError::ExercicePrecedentOuvert { annee, precedent });
        }
        if let Some(pack) = &demande.pack {
            if pack.ecritures != self.soldes.ecritures(annee) {
                return Err(ExerciceError::ExerciceModifiePendantCloture { annee });
            }
        }
        if self.soldes.ecart_balance(annee) != 0 {
            return Err(ExerciceError::LivresDesequilibres { annee });
        }
        let mut events = Vec::new();
        let suivant = annee.saturating_add(1);
        if exercices.statut(suivant).is_none() {
            events.push(ExerciceEvent::ExerciceOuvert { annee: suivant });
        }
        let documents = self
            .documents
            .prochains_ids(demande.documents.len())
            .zip(demande.documents)
            .map(|(document_id, piece)| DocumentJoint { document_id, piece })
            .collect();
        events.push(ExerciceEvent::ExerciceCloture(Cloture {
            annee,
            le: Some(demande.le),
            reports: self.soldes.reports_a_nouveau(annee),
            documents,
            pack: demande.pack,
        }));
        Ok(events)
    }
}

/// The range of years an exercice may be opened for: calendar years a residence can really
/// have books for. Guards against typos such as 20026.
pub const ANNEES_VALIDES: std::ops::RangeInclusive<i32> = 2000..=2100;

#[cfg(test)]
mod tests;
