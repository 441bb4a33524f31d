//! Given/when/then: the ledger's rules, one test per rule.

use cqrs_es::test::TestFramework;

use super::*;
use chrono::NaiveDate;

use crate::exercice::{Cloture, ExerciceCommand, ExerciceError, ExerciceEvent};
use crate::propriete::TypePropriete;
use crate::propriete::{ProprieteCommand, ProprieteError, ProprieteEvent};

type LedgerTest = TestFramework<GrandLivre>;

#[test]
fn opening_a_fiscal_year_records_exercice_ouvert() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::Exercice(
            ExerciceCommand::OuvrirExercice { annee: 2026 },
        ))
        .then_expect_events(vec![GrandLivreEvent::Exercice(
            ExerciceEvent::ExerciceOuvert { annee: 2026 },
        )]);
}

#[test]
fn a_fiscal_year_cannot_be_opened_twice() {
    LedgerTest::with(())
        .given(vec![GrandLivreEvent::Exercice(
            ExerciceEvent::ExerciceOuvert { annee: 2026 },
        )])
        .when(GrandLivreCommand::Exercice(
            ExerciceCommand::OuvrirExercice { annee: 2026 },
        ))
        .then_expect_error(GrandLivreError::Exercice(
            ExerciceError::ExerciceDejaOuvert { annee: 2026 },
        ));
}

#[test]
fn a_closed_fiscal_year_cannot_be_reopened() {
    LedgerTest::with(())
        .given(vec![
            GrandLivreEvent::Exercice(ExerciceEvent::ExerciceOuvert { annee: 2025 }),
            GrandLivreEvent::Exercice(ExerciceEvent::cloture(2025)),
        ])
        .when(GrandLivreCommand::Exercice(
            ExerciceCommand::OuvrirExercice { annee: 2025 },
        ))
        .then_expect_error(GrandLivreError::Exercice(
            ExerciceError::ExerciceDejaOuvert { annee: 2025 },
        ));
}

#[test]
fn an_implausible_year_is_refused() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::Exercice(
            ExerciceCommand::OuvrirExercice { annee: 20026 },
        ))
        .then_expect_error(GrandLivreError::Exercice(ExerciceError::AnneeInvalide {
            annee: 20026,
        }));
}

#[test]
fn closing_an_open_fiscal_year_records_exercice_cloture() {
    LedgerTest::with(())
        .given(vec![GrandLivreEvent::Exercice(
            ExerciceEvent::ExerciceOuvert { annee: 2025 },
        )])
        .when(GrandLivreCommand::Exercice(ExerciceCommand::cloturer(2025)))
        .then_expect_events(vec![
            GrandLivreEvent::Exercice(ExerciceEvent::ExerciceOuvert { annee: 2026 }),
            GrandLivreEvent::Exercice(ExerciceEvent::ExerciceCloture(Cloture {
                annee: 2025,
                le: NaiveDate::from_ymd_opt(2026, 1, 1),
                reports: Vec::new(),
                documents: Vec::new(),
                pack: None,
            })),
        ]);
}

#[test]
fn closing_an_unknown_fiscal_year_is_refused() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::Exercice(ExerciceCommand::cloturer(2024)))
        .then_expect_error(GrandLivreError::Exercice(ExerciceError::ExerciceInconnu {
            annee: 2024,
        }));
}

#[test]
fn closing_is_final_a_second_closing_is_refused() {
    LedgerTest::with(())
        .given(vec![
            GrandLivreEvent::Exercice(ExerciceEvent::ExerciceOuvert { annee: 2025 }),
            GrandLivreEvent::Exercice(ExerciceEvent::cloture(2025)),
        ])
        .when(GrandLivreCommand::Exercice(ExerciceCommand::cloturer(2025)))
        .then_expect_error(GrandLivreError::Exercice(
            ExerciceError::ExerciceDejaCloture { annee: 2025 },
        ));
}

#[test]
fn the_closed_year_guard_refuses_dates_of_a_closed_exercice_after_replay() {
    let mut livre = GrandLivre::default();
    cqrs_es::Aggregate::apply(
        &mut livre,
        GrandLivreEvent::Exercice(ExerciceEvent::ExerciceOuvert { annee: 2025 }),
    );
    cqrs_es::Aggregate::apply(
        &mut livre,
        GrandLivreEvent::Exercice(ExerciceEvent::cloture(2025)),
    );
    let date = chrono::NaiveDate::from_ymd_opt(2025, 6, 1).unwrap_or_default();
    assert_eq!(
        livre.exercices.exige_ouvert(date),
        Err(ExerciceError::ExerciceCloture { annee: 2025 })
    );
}

fn enregistrer(nom: &str) -> GrandLivreCommand {
    GrandLivreCommand::Propriete(ProprieteCommand::EnregistrerPropriete {
        nom: nom.to_owned(),
        type_propriete: TypePropriete::Appartement,
        surface: None,
        description: None,
    })
}

fn enregistree(propriete_id: i64, nom: &str) -> GrandLivreEvent {
    GrandLivreEvent::Propriete(ProprieteEvent::ProprieteEnregistree {
        propriete_id,
        nom: nom.to_owned(),
        type_propriete: TypePropriete::Appartement,
        surface: None,
        description: None,
    })
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
        .then_expect_error(GrandLivreError::Propriete(
            ProprieteError::ProprieteNomExiste {
                nom: "a1".to_owned(),
            },
        ));
}

#[test]
fn a_property_needs_a_name() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(enregistrer("   "))
        .then_expect_error(GrandLivreError::Propriete(
            ProprieteError::ProprieteNomInvalide,
        ));
}

#[test]
fn a_property_surface_must_be_positive() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::Propriete(
            ProprieteCommand::EnregistrerPropriete {
                nom: "P1".to_owned(),
                type_propriete: TypePropriete::Parking,
                surface: Some(rust_decimal::Decimal::ZERO),
                description: None,
            },
        ))
        .then_expect_error(GrandLivreError::Propriete(ProprieteError::SurfaceInvalide));
}

#[test]
fn a_residence_event_is_stored_as_its_module_event_alone() {
    let event: GrandLivreEvent = ExerciceEvent::ExerciceOuvert { annee: 2026 }.into();
    let json = serde_json::to_string(&event).unwrap_or_default();
    assert_eq!(json, r#"{"ExerciceOuvert":{"annee":2026}}"#);
    let read: Result<GrandLivreEvent, _> = serde_json::from_str(&json);
    assert_eq!(read.ok(), Some(event));
}

#[test]
fn every_module_reads_back_its_own_events() {
    let events: Vec<GrandLivreEvent> = vec![
        ExerciceEvent::cloture(2025).into(),
        ProprieteEvent::ProprieteEnregistree {
            propriete_id: 3,
            nom: "A3".into(),
            type_propriete: TypePropriete::Commerce,
            surface: None,
            description: Some("rez-de-chaussée".into()),
        }
        .into(),
        crate::occupation::OccupationEvent::OccupationSupprimee { occupation_id: 4 }.into(),
        crate::conseil::ConseilEvent::MembreConseilRetire { user_id: 9 }.into(),
        crate::revenus::RevenusEvent::EncaissementAnnule { encaissement_id: 5 }.into(),
    ];
    for event in events {
        let json = serde_json::to_string(&event).unwrap_or_default();
        let read: Result<GrandLivreEvent, _> = serde_json::from_str(&json);
        assert_eq!(read.ok(), Some(event), "{json}");
    }
}

#[test]
fn an_event_type_no_module_owns_is_refused_not_guessed() {
    let read: Result<GrandLivreEvent, _> =
        serde_json::from_str(r#"{"ExerciceRouvert":{"annee":2026}}"#);
    assert!(read.is_err());
    let two_tags: Result<GrandLivreEvent, _> = serde_json::from_str(
        r#"{"ExerciceOuvert":{"annee":2026},"ExerciceCloture":{"annee":2026}}"#,
    );
    assert!(two_tags.is_err());
}
