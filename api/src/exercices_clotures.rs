//! The closed-year guard as answers show it: every module's read answers mark a dated item of a
//! closed fiscal year `is_closed` (its edit and delete are refused by the ledger with
//! `exercice_cloture`, whose guard is the domain's `Exercices::exige_ouvert`).

use std::collections::BTreeSet;

use chrono::{Datelike, NaiveDate};
use daftar_domain::exercice::StatutExercice;
use daftar_projections::exercices;
use daftar_projections::Database;

use crate::error::ApiError;

/// The closed fiscal years of a residence: a dated item whose year is one of them is shown
/// `is_closed` (its edit and delete are refused with `exercice_cloture`).
#[derive(Debug, Clone, Default)]
pub struct ExercicesClotures(BTreeSet<i32>);

impl ExercicesClotures {
    pub async fn of(db: &Database, residence_id: i64) -> Result<Self, ApiError> {
        Ok(Self(
            exercices::list(db, residence_id)
                .await?
                .into_iter()
                .filter(|row| row.statut == StatutExercice::Cloture)
                .map(|row| row.annee)
                .collect(),
        ))
    }

    pub fn annee(&self, annee: i32) -> bool {
        self.0.contains(&annee)
    }

    pub fn date(&self, date: NaiveDate) -> bool {
        self.annee(date.year())
    }
}
