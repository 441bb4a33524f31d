//! Given/when/then: revenue rules, one test per rule.

use cqrs_es::test::TestFramework;

use super::*;
use crate::exercice::{ExerciceCommand, ExerciceError};
use crate::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::montant::Montant;
use crate::occupation::{OccupationCommand, TypeOccupation};
use crate::paiement::Paiement;
use crate::revenus::DemandeCotisation;
use crate::revenus::RevenusCommand;
use crate::revenus::RevenusError;
use crate::revenus::RevenusEvent;
use crate::test_support::{date, history, occupant, occupation, propriete, state};

type LedgerTest = TestFramework<GrandLivre>;

/// Exercices 2025 (closed) and 2026 (open); A1 (owner 1 since 2020) and A2 (owner 2).
fn residence() -> Vec<GrandLivreCommand> {
    vec![
        GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee: 2025 }),
        GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee: 2026 }),
        GrandLivreCommand::Exercice(ExerciceCommand::cloturer(2025)),
        propriete("A1"),
        propriete("A2"),
        occupant("Leïla Haddad"),
        occupant("Sami Gharbi"),
        occupation(1, 1, "2020-01-01"),
        occupation(2, 2, "2020-01-01"),
    ]
}

fn lancer(
    type_cotisation: TypeCotisation,
    debut: &str,
    fin: &str,
    echeance: &str,
) -> GrandLivreCommand {
    GrandLivreCommand::Revenus(RevenusCommand::LancerCotisation(DemandeCotisation {
        titre: "Charges courantes".into(),
        type_cotisation,
        repartition: Repartition::Egale,
        date_debut: date(debut),
        date_fin: date(fin),
        date_echeance: date(echeance),
        montant: Some(Montant::dinars(50)),
        personnalisation: Vec::new(),
    }))
}

fn encaisser(montant_du_id: i64, montant: i64, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
        montant_du_id,
        paiement: Paiement {
            montant: Montant::dinars(montant),
            date_paiement: date(jour),
            methode: MethodePaiement::Cheque,
            reference: Some("CHQ 1234567".into()),
        },
        aujourd_hui: date("2026-11-22"),
    })
}

fn with(mut base: Vec<GrandLivreCommand>, more: Vec<GrandLivreCommand>) -> Vec<GrandLivreCommand> {
    base.extend(more);
    base
}

fn refused(given: Vec<GrandLivreCommand>, when: GrandLivreCommand, error: GrandLivreError) {
    LedgerTest::with(())
        .given(history(given))
        .when(when)
        .then_expect_error(error);
}

#[test]
fn a_monthly_cotisation_is_one_call_per_month_due_on_the_same_day_each_month() {
    let calls = appels(
        TypeCotisation::Mensuelle,
        date("2026-01-01"),
        date("2026-12-31"),
        date("2026-01-10"),
    );
    assert_eq!(calls.len(), 12);
    assert_eq!(calls[2].echeance, date("2026-03-10"));
    assert_eq!(
        (calls[1].debut, calls[1].fin),
        (date("2026-02-01"), date("2026-02-28"))
    );
    assert_eq!(calls[11].fin, date("2026-12-31"));
}

#[test]
fn each_recurring_type_has_its_period_length() {
    let count = |t| {
        appels(
            t,
            date("2026-01-01"),
            date("2026-12-31"),
            date("2026-01-05"),
        )
        .len()
    };
    assert_eq!(count(TypeCotisation::Bimensuelle), 6);
    assert_eq!(count(TypeCotisation::Trimestrielle), 4);
    assert_eq!(count(TypeCotisation::Semestrielle), 2);
    assert_eq!(count(TypeCotisation::Annuelle), 1);
}

#[test]
fn an_exceptional_cotisation_is_a_single_call_for_the_whole_period() {
    let calls = appels(
        TypeCotisation::Exceptionnelle,
        date("2026-03-01"),
        date("2026-08-31"),
        date("2026-04-15"),
    );
    assert_eq!(calls.len(), 1);
    assert_eq!(
        (calls[0].debut, calls[0].fin, calls[0].echeance),
        (date("2026-03-01"), date("2026-08-31"), date("2026-04-15"))
    );
}

#[test]
fn the_last_period_stops_at_the_end_date() {
    let calls = appels(
        TypeCotisation::Mensuelle,
        date("2026-01-15"),
        date("2026-03-20"),
        date("2026-01-15"),
    );
    assert_eq!(calls.len(), 3);
    assert_eq!(
        (calls[2].debut, calls[2].fin),
        (date("2026-03-15"), date("2026-03-20"))
    );
}

#[test]
fn launching_creates_one_due_per_property_and_call_owed_by_the_payer_on_the_due_date() {
    let livre = state(with(
        residence(),
        vec![lancer(
            TypeCotisation::Trimestrielle,
            "2026-01-01",
            "2026-12-31",
            "2026-01-10",
        )],
    ));
    let dus: Vec<_> = livre.revenus.montants_dus_de(1).collect();
    assert_eq!(dus.len(), 8);
    assert!(dus
        .iter()
        .all(|(_, d)| d.montant == Montant::from_millimes(50_000)));
    assert_eq!(dus.iter().filter(|(_, d)| d.payeur == Some(1)).count(), 4);
    assert_eq!(
        livre.revenus.restant_du(1),
        Some(Montant::from_millimes(50_000))
    );
}

#[test]
fn a_due_launched_after_a_change_of_payer_is_owed_by_the_new_payer_and_older_ones_stay() {
    let livre = state(with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Exceptionnelle,
                "2026-01-01",
                "2026-01-31",
                "2026-01-10",
            ),
            occupant("Tarek Mansour"),
            GrandLivreCommand::Occupation(OccupationCommand::AjouterOccupation {
                propriete_id: 1,
                occupant_id: 3,
                type_occupation: TypeOccupation::Locataire,
                date_debut: date("2026-03-01"),
                date_fin: None,
                is_payer: true,
            }),
            lancer(
                TypeCotisation::Exceptionnelle,
                "2026-03-01",
                "2026-03-31",
                "2026-03-10",
            ),
        ],
    ));
    let payer_of = |cotisation_id| {
        livre
            .revenus
            .montants_dus_de(cotisation_id)
            .find(|(_, d)| d.propriete_id == 1)
            .and_then(|(_, d)| d.payeur)
    };
    assert_eq!(payer_of(1), Some(1), "the January due stays with the owner");
    assert_eq!(payer_of(2), Some(3), "the March due is owed by the tenant");
}

#[test]
fn an_equal_split_needs_a_positive_amount() {
    let mut command = lancer(
        TypeCotisation::Annuelle,
        "2026-01-01",
        "2026-12-31",
        "2026-01-10",
    );
    if let GrandLivreCommand::Revenus(RevenusCommand::LancerCotisation(DemandeCotisation {
        montant,
        ..
    })) = &mut command
    {
        *montant = Some(Montant::ZERO);
    }
    refused(residence(), command, RevenusError::MontantInvalide.into());
}

#[test]
fn a_predefined_split_uses_the_allocation_table_and_needs_every_property() {
    let predefinie =
        GrandLivreCommand::Revenus(RevenusCommand::LancerCotisation(DemandeCotisation {
            titre: "Fonds de travaux".into(),
            type_cotisation: TypeCotisation::Annuelle,
            repartition: Repartition::Predefinie,
            date_debut: date("2026-01-01"),
            date_fin: date("2026-12-31"),
            date_echeance: date("2026-02-01"),
            montant: None,
            personnalisation: Vec::new(),
        }));
    refused(
        with(
            residence(),
            vec![GrandLivreCommand::Revenus(
                RevenusCommand::ModifierRepartition {
                    repartitions: vec![(1, Montant::dinars(120))],
                },
            )],
        ),
        predefinie.clone(),
        RevenusError::RepartitionIncomplete(2).into(),
    );
    let livre = state(with(
        residence(),
        vec![
            GrandLivreCommand::Revenus(RevenusCommand::ModifierRepartition {
                repartitions: vec![(1, Montant::dinars(120)), (2, Montant::dinars(80))],
            }),
            predefinie,
        ],
    ));
    let amounts: Vec<i64> = livre
        .revenus
        .montants_dus_de(1)
        .map(|(_, d)| d.montant.millimes())
        .collect();
    assert_eq!(amounts, vec![120_000, 80_000]);
}

#[test]
fn a_custom_split_needs_an_amount_for_every_property() {
    let command = GrandLivreCommand::Revenus(RevenusCommand::LancerCotisation(DemandeCotisation {
        titre: "Ascenseur".into(),
        type_cotisation: TypeCotisation::Exceptionnelle,
        repartition: Repartition::Personnalisee,
        date_debut: date("2026-05-01"),
        date_fin: date("2026-05-31"),
        date_echeance: date("2026-05-15"),
        montant: None,
        personnalisation: vec![(1, Montant::dinars(300))],
    }));
    refused(
        residence(),
        command,
        RevenusError::RepartitionIncomplete(2).into(),
    );
}

#[test]
fn a_call_due_in_a_closed_exercice_is_refused() {
    refused(
        residence(),
        lancer(
            TypeCotisation::Mensuelle,
            "2025-12-01",
            "2026-01-31",
            "2025-12-10",
        ),
        ExerciceError::ExerciceCloture { annee: 2025 }.into(),
    );
}

#[test]
fn a_call_due_in_a_year_without_exercice_is_refused() {
    refused(
        residence(),
        lancer(
            TypeCotisation::Mensuelle,
            "2026-12-01",
            "2027-01-31",
            "2026-12-10",
        ),
        ExerciceError::AucunExerciceOuvert { annee: 2027 }.into(),
    );
}

#[test]
fn the_split_of_a_cotisation_cannot_change_on_edit() {
    let given = with(
        residence(),
        vec![lancer(
            TypeCotisation::Annuelle,
            "2026-01-01",
            "2026-12-31",
            "2026-01-10",
        )],
    );
    let edit = GrandLivreCommand::Revenus(RevenusCommand::ModifierCotisation {
        cotisation_id: 1,
        demande: DemandeCotisation {
            titre: "Charges".into(),
            type_cotisation: TypeCotisation::Annuelle,
            repartition: Repartition::Personnalisee,
            date_debut: date("2026-01-01"),
            date_fin: date("2026-12-31"),
            date_echeance: date("2026-01-10"),
            montant: None,
            personnalisation: vec![(1, Montant::dinars(10)), (2, Montant::dinars(20))],
        },
    });
    refused(given, edit, RevenusError::RepartitionNonModifiable.into());
}

#[test]
fn a_cotisation_with_encaissements_cannot_be_deleted() {
    let given = with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Annuelle,
                "2026-01-01",
                "2026-12-31",
                "2026-01-10",
            ),
            encaisser(1, 20, "2026-02-01"),
        ],
    );
    refused(
        given,
        GrandLivreCommand::Revenus(RevenusCommand::SupprimerCotisation { cotisation_id: 1 }),
        RevenusError::CotisationAvecEncaissements.into(),
    );
}

#[test]
fn a_cotisation_without_encaissements_can_be_deleted() {
    let given = with(
        residence(),
        vec![lancer(
            TypeCotisation::Annuelle,
            "2026-01-01",
            "2026-12-31",
            "2026-01-10",
        )],
    );
    LedgerTest::with(())
        .given(history(given))
        .when(GrandLivreCommand::Revenus(
            RevenusCommand::SupprimerCotisation { cotisation_id: 1 },
        ))
        .then_expect_events(vec![GrandLivreEvent::Revenus(
            RevenusEvent::CotisationSupprimee { cotisation_id: 1 },
        )]);
}

#[test]
fn the_id_of_a_deleted_cotisation_is_never_reused() {
    let livre = state(with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Annuelle,
                "2026-01-01",
                "2026-12-31",
                "2026-01-10",
            ),
            GrandLivreCommand::Revenus(RevenusCommand::SupprimerCotisation { cotisation_id: 1 }),
        ],
    ));
    assert_eq!(livre.revenus.prochaine_cotisation_id(), 2);
}

#[test]
fn a_payment_cannot_exceed_what_remains_due() {
    let given = with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Annuelle,
                "2026-01-01",
                "2026-12-31",
                "2026-01-10",
            ),
            encaisser(1, 30, "2026-02-01"),
        ],
    );
    refused(
        given,
        encaisser(1, 21, "2026-02-02"),
        RevenusError::MontantMaximumDepasse {
            restant_du: Montant::from_millimes(20_000),
        }
        .into(),
    );
}

#[test]
fn a_payment_cannot_be_dated_in_the_future() {
    let given = with(
        residence(),
        vec![lancer(
            TypeCotisation::Annuelle,
            "2026-01-01",
            "2026-12-31",
            "2026-01-10",
        )],
    );
    refused(
        given,
        encaisser(1, 10, "2026-11-23"),
        RevenusError::DatePaiementFuture.into(),
    );
}

#[test]
fn a_payment_dated_in_a_closed_exercice_is_refused() {
    let given = with(
        residence(),
        vec![lancer(
            TypeCotisation::Annuelle,
            "2026-01-01",
            "2026-12-31",
            "2026-01-10",
        )],
    );
    refused(
        given,
        encaisser(1, 10, "2025-12-30"),
        ExerciceError::ExerciceCloture { annee: 2025 }.into(),
    );
}

#[test]
fn a_cash_payment_keeps_no_reference_and_gets_the_next_receipt_number() {
    let given = with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Annuelle,
                "2026-01-01",
                "2026-12-31",
                "2026-01-10",
            ),
            encaisser(1, 10, "2026-02-01"),
        ],
    );
    LedgerTest::with(())
        .given(history(given))
        .when(GrandLivreCommand::Revenus(
            RevenusCommand::EncaisserMontantDu {
                montant_du_id: 2,
                paiement: Paiement {
                    montant: Montant::dinars(50),
                    date_paiement: date("2026-02-03"),
                    methode: MethodePaiement::Espece,
                    reference: Some("ignored".into()),
                },
                aujourd_hui: date("2026-11-22"),
            },
        ))
        .then_expect_events(vec![GrandLivreEvent::Revenus(
            RevenusEvent::EncaissementEnregistre {
                encaissement_id: 2,
                montant_du_id: 2,
                montant: Montant::from_millimes(50_000),
                date_paiement: date("2026-02-03"),
                methode: MethodePaiement::Espece,
                reference: None,
                numero_recu: "2026-000002".into(),
                compte_id: None,
            },
        )]);
}

#[test]
fn a_cancelled_payment_restores_the_due_and_its_receipt_number_is_never_reused() {
    let livre = state(with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Annuelle,
                "2026-01-01",
                "2026-12-31",
                "2026-01-10",
            ),
            encaisser(1, 50, "2026-02-01"),
            GrandLivreCommand::Revenus(RevenusCommand::AnnulerEncaissement { encaissement_id: 1 }),
        ],
    ));
    assert_eq!(
        livre.revenus.restant_du(1),
        Some(Montant::from_millimes(50_000))
    );
    assert_eq!(livre.revenus.etat(1), Some(EtatPaiement::NonPaye));
    assert_eq!(
        livre.revenus.prochain_numero_recu(date("2026-03-01")),
        "2026-000002"
    );
    assert_eq!(livre.revenus.prochain_encaissement_id(), 2);
}

#[test]
fn the_amount_of_a_payment_that_completed_its_due_cannot_change() {
    let given = with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Annuelle,
                "2026-01-01",
                "2026-12-31",
                "2026-01-10",
            ),
            encaisser(1, 50, "2026-02-01"),
        ],
    );
    refused(
        given,
        GrandLivreCommand::Revenus(RevenusCommand::ModifierEncaissement {
            encaissement_id: 1,
            paiement: Paiement {
                montant: Montant::dinars(40),
                date_paiement: date("2026-02-01"),
                methode: MethodePaiement::Cheque,
                reference: None,
            },
            aujourd_hui: date("2026-11-22"),
        }),
        RevenusError::MontantNonModifiable.into(),
    );
}

#[test]
fn a_partial_payment_amount_can_be_corrected_up_to_what_remains() {
    let livre = state(with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Annuelle,
                "2026-01-01",
                "2026-12-31",
                "2026-01-10",
            ),
            encaisser(1, 20, "2026-02-01"),
            GrandLivreCommand::Revenus(RevenusCommand::ModifierEncaissement {
                encaissement_id: 1,
                paiement: Paiement {
                    montant: Montant::dinars(35),
                    date_paiement: date("2026-02-02"),
                    methode: MethodePaiement::Virement,
                    reference: Some("VIR 88".into()),
                },
                aujourd_hui: date("2026-11-22"),
            }),
        ],
    ));
    assert_eq!(
        livre.revenus.restant_du(1),
        Some(Montant::from_millimes(15_000))
    );
    assert_eq!(livre.revenus.etat(1), Some(EtatPaiement::Partiel));
}

#[test]
fn a_corrected_payment_remembers_the_day_of_its_correction() {
    // Given a payment, corrected on 22 November
    let livre = state(with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Annuelle,
                "2026-01-01",
                "2026-12-31",
                "2026-01-10",
            ),
            encaisser(1, 20, "2026-02-01"),
            GrandLivreCommand::Revenus(RevenusCommand::ModifierEncaissement {
                encaissement_id: 1,
                paiement: Paiement {
                    montant: Montant::dinars(25),
                    date_paiement: date("2026-02-01"),
                    methode: MethodePaiement::Espece,
                    reference: None,
                },
                aujourd_hui: date("2026-11-22"),
            }),
        ],
    ));
    // Then its receipt, printed again, is a duplicata of that day; an uncorrected one is not
    let modification = livre.revenus.encaissement(1).map(|e| e.modification);
    assert_eq!(
        modification,
        Some(Some(crate::revenus::Modification {
            le: Some(date("2026-11-22"))
        }))
    );
    let untouched = state(with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Annuelle,
                "2026-01-01",
                "2026-12-31",
                "2026-01-10",
            ),
            encaisser(1, 20, "2026-02-01"),
        ],
    ));
    assert_eq!(
        untouched.revenus.encaissement(1).map(|e| e.modification),
        Some(None)
    );
}

#[test]
fn the_walk_of_every_due_gives_what_was_paid_on_each() {
    // Six monthly dues per property (ids 1–12); payments on a few, one cancelled.
    let livre = state(with(
        residence(),
        vec![
            lancer(
                TypeCotisation::Mensuelle,
                "2026-01-01",
                "2026-06-30",
                "2026-01-05",
            ),
            encaisser(2, 50, "2026-02-01"),
            encaisser(3, 20, "2026-02-01"),
            encaisser(3, 10, "2026-02-02"),
            encaisser(12, 5, "2026-07-01"),
            GrandLivreCommand::Revenus(RevenusCommand::AnnulerEncaissement { encaissement_id: 4 }),
            encaisser(7, 50, "2026-03-01"),
        ],
    ));
    let walked: Vec<(i64, i64)> = livre
        .revenus
        .montants_dus_payes()
        .map(|(id, _, paye)| (id, paye.millimes()))
        .collect();
    let expected: Vec<(i64, i64)> = (1..=12)
        .map(|id| match id {
            2 | 7 => (id, 50_000),
            3 => (id, 30_000),
            _ => (id, 0),
        })
        .collect();
    assert_eq!(walked, expected);
}

// Online payments (issue 21).

/// A yearly cotisation of 50 DT for A1 and A2, due 10 January 2026 (dues 1 and 2).
fn residence_avec_dus() -> Vec<GrandLivreCommand> {
    with(
        residence(),
        vec![lancer(
            TypeCotisation::Annuelle,
            "2026-01-01",
            "2026-12-31",
            "2026-01-10",
        )],
    )
}

fn payer_en_ligne(reference: &str, dus: &[i64], millimes: i64, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Revenus(RevenusCommand::EncaisserPaiementEnLigne {
        reference: reference.into(),
        montant_du_ids: dus.to_vec(),
        montant: Montant::from_millimes(millimes),
        propriete_id: 1,
        date: date(jour),
    })
}

#[test]
fn an_online_payment_records_one_collection_enligne_per_due_with_the_gateway_reference() {
    LedgerTest::with(())
        .given(history(residence_avec_dus()))
        .when(payer_en_ligne("KP-1", &[1, 2], 100_000, "2026-03-02"))
        .then_expect_events(vec![
            GrandLivreEvent::Revenus(RevenusEvent::EncaissementEnregistre {
                encaissement_id: 1,
                montant_du_id: 1,
                montant: Montant::dinars(50),
                date_paiement: date("2026-03-02"),
                methode: MethodePaiement::Enligne,
                reference: Some("KP-1".into()),
                numero_recu: "2026-000001".into(),
                compte_id: None,
            }),
            GrandLivreEvent::Revenus(RevenusEvent::EncaissementEnregistre {
                encaissement_id: 2,
                montant_du_id: 2,
                montant: Montant::dinars(50),
                date_paiement: date("2026-03-02"),
                methode: MethodePaiement::Enligne,
                reference: Some("KP-1".into()),
                numero_recu: "2026-000002".into(),
                compte_id: None,
            }),
        ]);
}

#[test]
fn an_online_payment_is_recorded_once_whatever_calls_the_server_twice() {
    let given = with(
        residence_avec_dus(),
        vec![payer_en_ligne("KP-1", &[1], 50_000, "2026-03-02")],
    );
    refused(
        given,
        payer_en_ligne("KP-1", &[1], 50_000, "2026-03-02"),
        GrandLivreError::Revenus(RevenusError::PaiementEnLigneDejaEnregistre("KP-1".into())),
    );
}

#[test]
fn an_online_payment_for_a_due_paid_in_cash_meanwhile_is_an_overpayment_never_lost() {
    // Given due 1 (50 DT) paid 30 DT in cash after the online request was made
    let given = with(residence_avec_dus(), vec![encaisser(1, 30, "2026-03-01")]);
    // When the gateway's 50 DT arrive: 20 DT to the due, 30 DT credited to the co-owner
    LedgerTest::with(())
        .given(history(given))
        .when(payer_en_ligne("KP-2", &[1], 50_000, "2026-03-02"))
        .then_expect_events(vec![
            GrandLivreEvent::Revenus(RevenusEvent::EncaissementEnregistre {
                encaissement_id: 2,
                montant_du_id: 1,
                montant: Montant::dinars(20),
                date_paiement: date("2026-03-02"),
                methode: MethodePaiement::Enligne,
                reference: Some("KP-2".into()),
                numero_recu: "2026-000002".into(),
                compte_id: None,
            }),
            GrandLivreEvent::Revenus(RevenusEvent::TropPercuEnregistre {
                trop_percu_id: 1,
                propriete_id: 1,
                montant: Montant::dinars(30),
                reference: "KP-2".into(),
                date: date("2026-03-02"),
            }),
        ]);
}

#[test]
fn an_online_payment_for_a_due_fully_paid_meanwhile_is_all_overpayment_and_its_reference_is_kept() {
    let given = with(residence_avec_dus(), vec![encaisser(1, 50, "2026-03-01")]);
    let livre = state(with(
        given.clone(),
        vec![payer_en_ligne("KP-3", &[1], 50_000, "2026-03-02")],
    ));
    assert_eq!(livre.revenus.paye(1), Montant::dinars(50));
    let trop: Vec<_> = livre.revenus.trop_percus().collect();
    assert_eq!(trop.len(), 1);
    assert_eq!(trop[0].1.montant, Montant::dinars(50));
    assert!(livre.revenus.reference_passerelle_enregistree("KP-3"));
    refused(
        with(
            given,
            vec![payer_en_ligne("KP-3", &[1], 50_000, "2026-03-02")],
        ),
        payer_en_ligne("KP-3", &[1], 50_000, "2026-03-02"),
        GrandLivreError::Revenus(RevenusError::PaiementEnLigneDejaEnregistre("KP-3".into())),
    );
}

#[test]
fn an_online_payment_dated_in_a_closed_exercice_is_refused() {
    refused(
        residence_avec_dus(),
        payer_en_ligne("KP-4", &[1], 50_000, "2025-12-30"),
        ExerciceError::ExerciceCloture { annee: 2025 }.into(),
    );
}

#[test]
fn the_treasurer_cannot_type_a_collection_enligne_nor_retype_an_online_one() {
    let typed = GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
        montant_du_id: 1,
        paiement: Paiement {
            montant: Montant::dinars(50),
            date_paiement: date("2026-03-01"),
            methode: MethodePaiement::Enligne,
            reference: Some("KP-9".into()),
        },
        aujourd_hui: date("2026-03-02"),
    });
    refused(
        residence_avec_dus(),
        typed,
        GrandLivreError::Revenus(RevenusError::MethodeReserveeALaPasserelle),
    );
    let retyped = GrandLivreCommand::Revenus(RevenusCommand::ModifierEncaissement {
        encaissement_id: 1,
        paiement: Paiement {
            montant: Montant::dinars(50),
            date_paiement: date("2026-03-02"),
            methode: MethodePaiement::Espece,
            reference: None,
        },
        aujourd_hui: date("2026-03-02"),
    });
    refused(
        with(
            residence_avec_dus(),
            vec![payer_en_ligne("KP-5", &[1], 50_000, "2026-03-02")],
        ),
        retyped,
        GrandLivreError::Revenus(RevenusError::MethodeReserveeALaPasserelle),
    );
}
