//! Given/when/then: occupancy rules, one test per rule.

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;

use super::*;
use crate::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::occupation::{OccupationCommand, OccupationError, OccupationEvent};
use crate::propriete::ProprieteEvent;
use crate::propriete::TypePropriete;

type LedgerTest = TestFramework<GrandLivre>;

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap_or_default()
}

fn a3() -> GrandLivreEvent {
    GrandLivreEvent::Propriete(ProprieteEvent::ProprieteEnregistree {
        propriete_id: 3,
        nom: "A3".into(),
        type_propriete: TypePropriete::Appartement,
        surface: None,
        description: None,
    })
}

fn occupant_cree(occupant_id: i64, nom: &str, tel: Option<&str>) -> GrandLivreEvent {
    GrandLivreEvent::Occupation(OccupationEvent::OccupantCree {
        occupant_id,
        nom: nom.into(),
        tel: tel.map(str::to_owned),
        email: None,
        sexe: Sexe::Homme,
    })
}

fn occupation_ajoutee(
    occupation_id: i64,
    occupant_id: i64,
    debut: &str,
    fin: Option<&str>,
    is_payer: bool,
) -> GrandLivreEvent {
    GrandLivreEvent::Occupation(OccupationEvent::OccupationAjoutee {
        occupation_id,
        propriete_id: 3,
        occupant_id,
        type_occupation: if occupant_id == 1 {
            TypeOccupation::Proprietaire
        } else {
            TypeOccupation::Locataire
        },
        date_debut: date(debut),
        date_fin: fin.map(date),
        is_payer,
    })
}

fn ajouter(occupant_id: i64, debut: &str, fin: Option<&str>, is_payer: bool) -> GrandLivreCommand {
    GrandLivreCommand::Occupation(OccupationCommand::AjouterOccupation {
        propriete_id: 3,
        occupant_id,
        type_occupation: TypeOccupation::Locataire,
        date_debut: date(debut),
        date_fin: fin.map(date),
        is_payer,
    })
}

/// A3 owned by occupant 1 (payer) since 2020; occupant 2 known, without occupation.
fn owner_since_2020() -> Vec<GrandLivreEvent> {
    vec![
        a3(),
        occupant_cree(1, "Leïla Haddad", Some("20000004")),
        occupant_cree(2, "Tarek Mansour", Some("29123456")),
        occupation_ajoutee(1, 1, "2020-01-01", None, true),
    ]
}

fn replay(events: Vec<GrandLivreEvent>) -> GrandLivre {
    let mut livre = GrandLivre::default();
    for event in events {
        livre.apply(event);
    }
    livre
}

#[test]
fn a_new_occupant_receives_the_next_id() {
    LedgerTest::with(())
        .given(vec![occupant_cree(1, "Leïla Haddad", None)])
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::CreerOccupant {
                nom: " Sami Gharbi ".into(),
                tel: Some("20000005".into()),
                email: Some("sami@example.tn".into()),
                sexe: Sexe::Homme,
            },
        ))
        .then_expect_events(vec![GrandLivreEvent::Occupation(
            OccupationEvent::OccupantCree {
                occupant_id: 2,
                nom: "Sami Gharbi".into(),
                tel: Some("20000005".into()),
                email: Some("sami@example.tn".into()),
                sexe: Sexe::Homme,
            },
        )]);
}

#[test]
fn an_occupant_phone_has_exactly_eight_digits() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::CreerOccupant {
                nom: "Sami".into(),
                tel: Some("2000000".into()),
                email: None,
                sexe: Sexe::Homme,
            },
        ))
        .then_expect_error(GrandLivreError::Occupation(OccupationError::TelInvalide));
}

#[test]
fn two_occupants_cannot_share_a_phone_number() {
    LedgerTest::with(())
        .given(vec![occupant_cree(1, "Leïla Haddad", Some("20000004"))])
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::CreerOccupant {
                nom: "Autre".into(),
                tel: Some("20000004".into()),
                email: None,
                sexe: Sexe::Femme,
            },
        ))
        .then_expect_error(GrandLivreError::Occupation(OccupationError::TelDejaUtilise));
}

#[test]
fn an_occupant_email_must_be_valid() {
    LedgerTest::with(())
        .given_no_previous_events()
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::CreerOccupant {
                nom: "Sami".into(),
                tel: None,
                email: Some("sami@localhost".into()),
                sexe: Sexe::Homme,
            },
        ))
        .then_expect_error(GrandLivreError::Occupation(OccupationError::EmailInvalide));
}

#[test]
fn an_occupation_needs_a_known_property() {
    LedgerTest::with(())
        .given(vec![occupant_cree(1, "Leïla Haddad", None)])
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::AjouterOccupation {
                propriete_id: 99,
                occupant_id: 1,
                type_occupation: TypeOccupation::Proprietaire,
                date_debut: date("2020-01-01"),
                date_fin: None,
                is_payer: true,
            },
        ))
        .then_expect_error(GrandLivreError::Occupation(
            OccupationError::ProprieteInconnue(99),
        ));
}

#[test]
fn an_occupation_cannot_end_before_it_starts() {
    LedgerTest::with(())
        .given(owner_since_2020())
        .when(ajouter(2, "2026-03-01", Some("2026-02-28"), false))
        .then_expect_error(OccupationError::DatesInvalides.into());
}

#[test]
fn a_property_cannot_be_occupied_without_a_payer() {
    LedgerTest::with(())
        .given(vec![a3(), occupant_cree(1, "Leïla Haddad", None)])
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::AjouterOccupation {
                propriete_id: 3,
                occupant_id: 1,
                type_occupation: TypeOccupation::Proprietaire,
                date_debut: date("2020-01-01"),
                date_fin: None,
                is_payer: false,
            },
        ))
        .then_expect_error(
            OccupationError::PayeurManquant {
                date: date("2020-01-01"),
            }
            .into(),
        );
}

#[test]
fn a_tenant_designated_payer_is_added_to_the_history() {
    LedgerTest::with(())
        .given(owner_since_2020())
        .when(ajouter(2, "2026-03-01", None, true))
        .then_expect_events(vec![occupation_ajoutee(2, 2, "2026-03-01", None, true)]);
}

#[test]
fn a_newer_payer_pays_from_its_start_and_the_earlier_one_resumes_after_it_ends() {
    let mut events = owner_since_2020();
    events.push(occupation_ajoutee(
        2,
        2,
        "2026-03-01",
        Some("2026-08-31"),
        true,
    ));
    let livre = replay(events);
    assert_eq!(livre.occupancy.payeur(3, date("2026-02-28")), Some(1));
    assert_eq!(livre.occupancy.payeur(3, date("2026-03-01")), Some(2));
    assert_eq!(livre.occupancy.payeur(3, date("2026-08-31")), Some(2));
    assert_eq!(livre.occupancy.payeur(3, date("2026-09-01")), Some(1));
    assert_eq!(livre.occupancy.payeur(3, date("2019-12-31")), None);
}

#[test]
fn the_current_payer_occupation_cannot_be_deleted() {
    let mut events = owner_since_2020();
    events.push(occupation_ajoutee(2, 2, "2026-03-01", None, true));
    LedgerTest::with(())
        .given(events)
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::SupprimerOccupation {
                occupation_id: 2,
                aujourd_hui: date("2026-11-22"),
            },
        ))
        .then_expect_error(OccupationError::OccupationPayeurNonSupprimable.into());
}

#[test]
fn an_occupation_that_does_not_pay_today_can_be_deleted() {
    let mut events = owner_since_2020();
    events.push(occupation_ajoutee(2, 2, "2026-03-01", None, false));
    LedgerTest::with(())
        .given(events)
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::SupprimerOccupation {
                occupation_id: 2,
                aujourd_hui: date("2026-11-22"),
            },
        ))
        .then_expect_events(vec![GrandLivreEvent::Occupation(
            OccupationEvent::OccupationSupprimee { occupation_id: 2 },
        )]);
}

#[test]
fn deleting_a_past_payer_period_that_leaves_days_without_payer_is_refused() {
    // Owner (not payer) since 2020; a tenant paid in 2021; the owner pays since 2022.
    let events = vec![
        a3(),
        occupant_cree(1, "Leïla Haddad", None),
        occupant_cree(2, "Tarek Mansour", None),
        occupation_ajoutee(1, 1, "2022-01-01", None, true),
        occupation_ajoutee(2, 2, "2021-01-01", Some("2021-12-31"), true),
        occupation_ajoutee(3, 1, "2021-01-01", Some("2021-12-31"), false),
    ];
    LedgerTest::with(())
        .given(events)
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::SupprimerOccupation {
                occupation_id: 2,
                aujourd_hui: date("2026-11-22"),
            },
        ))
        .then_expect_error(
            OccupationError::PayeurManquant {
                date: date("2021-01-01"),
            }
            .into(),
        );
}

#[test]
fn correcting_an_unknown_occupation_is_refused() {
    LedgerTest::with(())
        .given(owner_since_2020())
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::ModifierOccupation {
                occupation_id: 42,
                type_occupation: TypeOccupation::Locataire,
                date_debut: date("2026-01-01"),
                date_fin: None,
                is_payer: true,
            },
        ))
        .then_expect_error(GrandLivreError::Occupation(
            OccupationError::OccupationInconnue(42),
        ));
}

#[test]
fn removing_the_payer_flag_of_the_only_payer_is_refused() {
    LedgerTest::with(())
        .given(owner_since_2020())
        .when(GrandLivreCommand::Occupation(
            OccupationCommand::ModifierOccupation {
                occupation_id: 1,
                type_occupation: TypeOccupation::Proprietaire,
                date_debut: date("2020-01-01"),
                date_fin: None,
                is_payer: false,
            },
        ))
        .then_expect_error(
            OccupationError::PayeurManquant {
                date: date("2020-01-01"),
            }
            .into(),
        );
}

#[test]
fn email_validation_accepts_ordinary_addresses_only() {
    assert!(email_valide("leila.haddad@example.tn"));
    assert!(!email_valide("leila@"));
    assert!(!email_valide("@example.tn"));
    assert!(!email_valide("leila haddad@example.tn"));
    assert!(!email_valide("leila@@example.tn"));
}

fn corriger(nom: &str, tel: Option<&str>, is_payer: bool) -> GrandLivreCommand {
    GrandLivreCommand::Occupation(OccupationCommand::CorrigerOccupation {
        occupation_id: 1,
        occupant_id: 1,
        nom: nom.into(),
        tel: tel.map(str::to_owned),
        email: None,
        sexe: Sexe::Homme,
        type_occupation: TypeOccupation::Proprietaire,
        date_debut: date("2020-01-01"),
        date_fin: None,
        is_payer,
    })
}

#[test]
fn correcting_an_occupation_and_its_occupant_records_both_changes() {
    LedgerTest::with(())
        .given(owner_since_2020())
        .when(corriger("Leïla Haddad-Ben Ali", Some("20000004"), true))
        .then_expect_events(vec![GrandLivreEvent::Occupation(
            OccupationEvent::OccupantModifie {
                occupant_id: 1,
                nom: "Leïla Haddad-Ben Ali".into(),
                tel: Some("20000004".into()),
                email: None,
                sexe: Sexe::Homme,
            },
        )]);
}

#[test]
fn a_correction_refused_on_the_occupation_is_refused_as_a_whole() {
    // The new name alone would be accepted; dropping the only payer is not, so nothing is.
    LedgerTest::with(())
        .given(owner_since_2020())
        .when(corriger("Nouveau nom", Some("20000004"), false))
        .then_expect_error(
            OccupationError::PayeurManquant {
                date: date("2020-01-01"),
            }
            .into(),
        );
}
