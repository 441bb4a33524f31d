use chrono::NaiveDate;

use super::*;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap_or_default()
}

#[test]
fn a_date_in_an_open_exercice_is_accepted() {
    let mut exercices = Exercices::default();
    exercices.ouvrir(2026);
    assert_eq!(exercices.exige_ouvert(date(2026, 3, 15)), Ok(()));
}

#[test]
fn a_date_without_exercice_is_refused_with_aucun_exercice_ouvert() {
    let mut exercices = Exercices::default();
    exercices.ouvrir(2026);
    assert_eq!(
        exercices.exige_ouvert(date(2027, 1, 1)),
        Err(ExerciceError::AucunExerciceOuvert { annee: 2027 })
    );
}

#[test]
fn a_date_in_a_closed_exercice_is_refused_with_exercice_cloture() {
    let mut exercices = Exercices::default();
    exercices.ouvrir(2025);
    exercices.cloturer(2025);
    assert_eq!(
        exercices.exige_ouvert(date(2025, 12, 31)),
        Err(ExerciceError::ExerciceCloture { annee: 2025 })
    );
}

#[test]
fn the_open_exercice_containing_today_is_shown_as_actuel() {
    let mut exercices = Exercices::default();
    exercices.ouvrir(2025);
    exercices.ouvrir(2026);
    let today = date(2026, 11, 22);
    assert_eq!(
        exercices.etat_affiche(2026, today),
        Some(EtatAffiche::Actuel)
    );
    assert_eq!(
        exercices.etat_affiche(2025, today),
        Some(EtatAffiche::Ouvert)
    );
    assert_eq!(exercices.etat_affiche(2024, today), None);
}
