//! Given/when/then: the ledger's rules, one test per rule.

use cqrs_es::test::TestFramework;

use super::*;
use crate::exercice::ExerciceError;
use crate::propriete::TypePropriete;

type LedgerTest = TestFramework<GrandLivre>;

#[test]
fn opening_a_fiscal_year_records_exercice_ouvert() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::OuvrirExercice { annee: 2026 })
        .then_expect_events(vec![GrandLivreEvent::ExerciceOuvert { annee: 2026 }]);
}

#[test]
fn a_fiscal_year_cannot_be_opened_twice() {
    LedgerTest::with(())
        .given(vec![GrandLivreEvent::ExerciceOuvert { annee: 2026 }])
        .when(GrandLivreCommand::OuvrirExercice { annee: 2026 })
        .then_expect_error(GrandLivreError::ExerciceDejaOuvert { annee: 2026 });
}

#[test]
fn a_closed_fiscal_year_cannot_be_reopened() {
    LedgerTest::with(())
        .given(vec![
            GrandLivreEvent::ExerciceOuvert { annee: 2025 },
            GrandLivreEvent::ExerciceCloture { annee: 2025 },
        ])
        .when(GrandLivreCommand::OuvrirExercice { annee: 2025 })
        .then_expect_error(GrandLivreError::ExerciceDejaOuvert { annee: 2025 });
}

#[test]
fn an_implausible_year_is_refused() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::OuvrirExercice { annee: 20026 })
        .then_expect_error(GrandLivreError::AnneeInvalide { annee: 20026 });
}

#[test]
fn closing_an_open_fiscal_year_records_exercice_cloture() {
    LedgerTest::with(())
        .given(vec![GrandLivreEvent::ExerciceOuvert { annee: 2025 }])
        .when(GrandLivreCommand::CloturerExercice { annee: 2025 })
        .then_expect_events(vec![GrandLivreEvent::ExerciceCloture { annee: 2025 }]);
}

#[test]
fn closing_an_unknown_fiscal_year_is_refused() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::CloturerExercice { annee: 2024 })
        .then_expect_error(GrandLivreError::ExerciceInconnu { annee: 2024 });
}

#[test]
fn closing_is_final_a_second_closing_is_refused() {
    LedgerTest::with(())
        .given(vec![
            GrandLivreEvent::ExerciceOuvert { annee: 2025 },
            GrandLivreEvent::ExerciceCloture { annee: 2025 },
        ])
        .when(GrandLivreCommand::CloturerExercice { annee: 2025 })
        .then_expect_error(GrandLivreError::ExerciceDejaCloture { annee: 2025 });
}

#[test]
fn the_closed_year_guard_refuses_dates_of_a_closed_exercice_after_replay() {
    let mut livre = GrandLivre::default();
    cqrs_es::Aggregate::apply(&mut livre, GrandLivreEvent::ExerciceOuvert { annee: 2025 });
    cqrs_es::Aggregate::apply(&mut livre, GrandLivreEvent::ExerciceCloture { annee: 2025 });
    let date = chrono::NaiveDate::from_ymd_opt(2025, 6, 1).unwrap_or_default();
    assert_eq!(
        livre.exercices.exige_ouvert(date),
        Err(ExerciceError::ExerciceCloture { annee: 2025 })
    );
}

fn enregistrer(nom: &str) -> GrandLivreCommand {
    GrandLivreCommand::EnregistrerPropriete {
        nom: nom.to_owned(),
        type_propriete: TypePropriete::Appartement,
        surface: None,
        description: None,
    }
}

fn enregistree(propriete_id: i64, nom: &str) -> GrandLivreEvent {
    GrandLivreEvent::ProprieteEnregistree {
        propriete_id,
        nom: nom.to_owned(),
        type_propriete: TypePropriete::Appartement,
        surface: None,
        description: None,
    }
}

#[test]
fn registered_properties_are_numbered_in_order() {
    LedgerTest::with(())
        .given(vec![enregistree(1, "A1"), enregistree(2, "A2")])
        .when(enregistrer(" A3 "))
        .then_expect_events(vec![enregistree(3, "A3")]);
}

#[test]
fn two_properties_cannot_share_a_name_whatever_the_case() {
    LedgerTest::with(())
        .given(vec![enregistree(1, "A1")])
        .when(enregistrer("a1"))
        .then_expect_error(GrandLivreError::ProprieteNomExiste {
            nom: "a1".to_owned(),
        });
}

#[test]
fn a_property_needs_a_name() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(enregistrer("   "))
        .then_expect_error(GrandLivreError::ProprieteNomInvalide);
}

#[test]
fn a_property_surface_must_be_positive() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::EnregistrerPropriete {
            nom: "P1".to_owned(),
            type_propriete: TypePropriete::Parking,
            surface: Some(rust_decimal::Decimal::ZERO),
            description: None,
        })
        .then_expect_error(GrandLivreError::SurfaceInvalide);
}
