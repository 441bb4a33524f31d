//! Given/when/then: payroll rules, one test per rule.

use chrono::NaiveDate;
use cqrs_es::test::TestFramework;

use super::*;
use crate::banque::{
    BanqueCommand, BanqueError, FicheCompte, Mouvement, TableMouvement, TypeCompte,
};
use crate::comptabilite::{Compte, Livres};
use crate::depenses::MethodePaiementDepense;
use crate::exercice::{ExerciceCommand, ExerciceError};
use crate::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::test_support::{date, history, state};

type LedgerTest = TestFramework<GrandLivre>;

/// The server's today in these tests.
const AUJOURD_HUI: &str = "2026-11-22";

fn aujourd_hui() -> NaiveDate {
    date(AUJOURD_HUI)
}

fn exercice(annee: i32) -> GrandLivreCommand {
    GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee })
}

fn cloturer(annee: i32) -> GrandLivreCommand {
    GrandLivreCommand::Exercice(ExerciceCommand::cloturer(annee))
}

/// A concierge declared without employer charges, 650 DT a month since 2020.
fn fiche() -> FicheSalarie {
    FicheSalarie {
        nom: "Ali Ben Salah".into(),
        poste: "Gardien".into(),
        tel: "20 123 456".into(),
        cin: None,
        date_naissance: Some(date("1975-06-01")),
        adresse: None,
        salaire: Montant::dinars(650),
        taux_charges_patronales: None,
        numero_cnss: None,
        rib: None,
        date_debut: date("2020-01-01"),
        date_fin: None,
        commentaire: None,
    }
}

fn creer(fiche: FicheSalarie) -> GrandLivreCommand {
    GrandLivreCommand::Salaires(SalairesCommand::CreerSalarie {
        fiche,
        aujourd_hui: aujourd_hui(),
    })
}

fn saisie(millimes: i64, methode: MethodePaiementSalaire, jour: &str) -> SaisiePaiementSalaire {
    SaisiePaiementSalaire {
        mois: date(jour),
        montant: Montant::from_millimes(millimes),
        date_paiement: date(jour),
        methode,
        reference: Some("  BP-03 ".into()),
        commentaire: None,
    }
}

fn payer(millimes: i64, methode: MethodePaiementSalaire, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Salaires(SalairesCommand::PayerSalaire {
        salarie_id: 1,
        paiement: saisie(millimes, methode, jour),
        aujourd_hui: aujourd_hui(),
    })
}

fn charge(millimes: i64, methode: MethodePaiementDepense, jour: &str) -> SaisieChargePatronale {
    SaisieChargePatronale {
        titre: "CNSS T1 2026".into(),
        montant: Montant::from_millimes(millimes),
        date_paiement: date(jour),
        methode,
        reference: None,
        commentaire: None,
    }
}

fn payer_charge(millimes: i64, methode: MethodePaiementDepense, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Salaires(SalairesCommand::PayerChargePatronale {
        saisie: charge(millimes, methode, jour),
    })
}

fn compte_principal() -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::CreerCompte {
        fiche: FicheCompte {
            libelle: "Compte courant".into(),
            banque: "BIAT".into(),
            type_compte: TypeCompte::Courant,
            adresse_agence: None,
            rib: None,
            swift: None,
            iban: None,
            commentaire: None,
            is_main: true,
            solde_initial: Montant::ZERO,
            date_solde_initial: date("2026-01-01"),
        },
    })
}

/// Exercice 2026 open and employee 1.
fn residence() -> Vec<GrandLivreCommand> {
    vec![exercice(2026), creer(fiche())]
}

fn with(mut base: Vec<GrandLivreCommand>, more: Vec<GrandLivreCommand>) -> Vec<GrandLivreCommand> {
    base.extend(more);
    base
}

fn refused(given: Vec<GrandLivreCommand>, when: GrandLivreCommand, error: SalairesError) {
    LedgerTest::with(())
        .given(history(given))
        .when(when)
        .then_expect_error(error.into());
}

fn accepted(given: Vec<GrandLivreCommand>, when: GrandLivreCommand) -> Vec<GrandLivreEvent> {
    let before = history(given.clone()).len();
    let mut all = given;
    all.push(when);
    history(all)[before..].to_vec()
}

#[test]
fn an_employee_is_recorded_with_texts_trimmed_and_phone_digits_kept() {
    let events = accepted(vec![], creer(fiche()));
    let GrandLivreEvent::Salaires(SalairesEvent::SalarieCree { salarie_id, fiche }) = &events[0]
    else {
        panic!("expected SalarieCree, got {events:?}");
    };
    assert_eq!(*salarie_id, 1);
    assert_eq!(fiche.tel, "20123456");
}

#[test]
fn an_employee_needs_a_name_and_a_post() {
    refused(
        vec![],
        creer(FicheSalarie {
            nom: "  ".into(),
            ..fiche()
        }),
        SalairesError::NomInvalide,
    );
    refused(
        vec![],
        creer(FicheSalarie {
            poste: String::new(),
            ..fiche()
        }),
        SalairesError::PosteInvalide,
    );
}

#[test]
fn an_employee_phone_is_exactly_eight_digits() {
    refused(
        vec![],
        creer(FicheSalarie {
            tel: "2012345".into(),
            ..fiche()
        }),
        SalairesError::TelInvalide,
    );
}

#[test]
fn an_employee_cin_is_empty_or_eight_digits() {
    refused(
        vec![],
        creer(FicheSalarie {
            cin: Some("0123456X".into()),
            ..fiche()
        }),
        SalairesError::CinInvalide,
    );
    let events = accepted(
        vec![],
        creer(FicheSalarie {
            cin: Some("   ".into()),
            ..fiche()
        }),
    );
    assert!(matches!(
        &events[0],
        GrandLivreEvent::Salaires(SalairesEvent::SalarieCree { fiche, .. }) if fiche.cin.is_none()
    ));
}

#[test]
fn a_salary_is_above_zero_and_at_most_9999_999() {
    refused(
        vec![],
        creer(FicheSalarie {
            salaire: Montant::ZERO,
            ..fiche()
        }),
        SalairesError::MontantInvalide,
    );
    refused(
        vec![],
        creer(FicheSalarie {
            salaire: Montant::from_millimes(10_000_000),
            ..fiche()
        }),
        SalairesError::MontantTropEleve,
    );
    accepted(
        vec![],
        creer(FicheSalarie {
            salaire: SALAIRE_MAX,
            ..fiche()
        }),
    );
}

#[test]
fn an_employer_charge_rate_is_strictly_between_zero_and_a_hundred_percent() {
    for centiemes in [0, 10_000] {
        refused(
            vec![],
            creer(FicheSalarie {
                taux_charges_patronales: Some(TauxCharges::from_centiemes(centiemes)),
                ..fiche()
            }),
            SalairesError::TauxInvalide,
        );
    }
    accepted(
        vec![],
        creer(FicheSalarie {
            taux_charges_patronales: Some(TauxCharges::from_centiemes(1657)),
            ..fiche()
        }),
    );
}

#[test]
fn a_rate_is_written_as_typed_and_applied_to_the_millime() {
    let taux = TauxCharges::from_centiemes(1657);
    assert_eq!(taux.en_texte(), "16.57");
    assert_eq!(TauxCharges::from_centiemes(1250).en_texte(), "12.5");
    assert_eq!(TauxCharges::from_centiemes(2000).en_texte(), "20");
    // 650 DT × 16.57 % = 107.705 DT exactly; 333.333 × 16.57 % = 55.233278… → 55.233.
    assert_eq!(
        taux.sur(Montant::dinars(650)),
        Montant::from_millimes(107_705)
    );
    assert_eq!(
        taux.sur(Montant::from_millimes(333_333)),
        Montant::from_millimes(55_233)
    );
}

#[test]
fn a_birth_date_is_from_1930_to_today() {
    for jour in ["1929-12-31", "2026-11-23"] {
        refused(
            vec![],
            creer(FicheSalarie {
                date_naissance: Some(date(jour)),
                ..fiche()
            }),
            SalairesError::DateHorsPlage,
        );
    }
    accepted(
        vec![],
        creer(FicheSalarie {
            date_naissance: Some(date(AUJOURD_HUI)),
            ..fiche()
        }),
    );
}

#[test]
fn an_employment_lies_within_1985_and_2035() {
    refused(
        vec![],
        creer(FicheSalarie {
            date_debut: date("1984-12-31"),
            ..fiche()
        }),
        SalairesError::DateHorsPlage,
    );
    refused(
        vec![],
        creer(FicheSalarie {
            date_fin: Some(date("2036-01-01")),
            ..fiche()
        }),
        SalairesError::DateHorsPlage,
    );
}

#[test]
fn an_employment_does_not_end_before_it_starts() {
    refused(
        vec![],
        creer(FicheSalarie {
            date_fin: Some(date("2019-12-31")),
            ..fiche()
        }),
        SalairesError::FinAvantDebut,
    );
}

#[test]
fn an_employee_is_current_until_the_day_after_the_end() {
    let mut fiche = fiche();
    assert!(fiche.est_en_poste(aujourd_hui()));
    fiche.date_fin = Some(aujourd_hui());
    assert!(fiche.est_en_poste(aujourd_hui()));
    fiche.date_fin = Some(date("2026-11-21"));
    assert!(!fiche.est_en_poste(aujourd_hui()));
}

#[test]
fn an_employee_edited_without_change_records_nothing() {
    let events = accepted(
        residence(),
        GrandLivreCommand::Salaires(SalairesCommand::ModifierSalarie {
            salarie_id: 1,
            fiche: fiche(),
            aujourd_hui: aujourd_hui(),
        }),
    );
    assert!(events.is_empty());
}

#[test]
fn an_unknown_employee_cannot_be_edited_nor_paid() {
    refused(
        vec![exercice(2026)],
        GrandLivreCommand::Salaires(SalairesCommand::ModifierSalarie {
            salarie_id: 7,
            fiche: fiche(),
            aujourd_hui: aujourd_hui(),
        }),
        SalairesError::SalarieInconnu(7),
    );
    refused(
        vec![exercice(2026)],
        payer(650_000, MethodePaiementSalaire::Espece, "2026-03-31"),
        SalairesError::SalarieInconnu(1),
    );
}

#[test]
fn an_employee_with_payments_cannot_be_deleted() {
    refused(
        with(
            residence(),
            vec![payer(650_000, MethodePaiementSalaire::Espece, "2026-03-31")],
        ),
        GrandLivreCommand::Salaires(SalairesCommand::SupprimerSalarie { salarie_id: 1 }),
        SalairesError::SalarieAvecPaiements,
    );
}

#[test]
fn an_employee_without_payments_is_deleted() {
    let events = accepted(
        with(
            residence(),
            vec![
                payer(650_000, MethodePaiementSalaire::Espece, "2026-03-31"),
                GrandLivreCommand::Salaires(SalairesCommand::SupprimerPaiementSalaire {
                    paiement_id: 1,
                }),
            ],
        ),
        GrandLivreCommand::Salaires(SalairesCommand::SupprimerSalarie { salarie_id: 1 }),
    );
    assert_eq!(
        events,
        vec![GrandLivreEvent::Salaires(SalairesEvent::SalarieSupprime {
            salarie_id: 1
        })]
    );
}

#[test]
fn a_salary_payment_is_recorded_for_the_first_day_of_its_month_with_its_reference() {
    let events = accepted(
        residence(),
        payer(650_000, MethodePaiementSalaire::Espece, "2026-03-31"),
    );
    assert_eq!(
        events,
        vec![GrandLivreEvent::Salaires(SalairesEvent::SalairePaye {
            paiement_id: 1,
            salarie_id: 1,
            paiement: PaiementSalaireFait {
                mois: date("2026-03-01"),
                montant: Montant::dinars(650),
                date_paiement: date("2026-03-31"),
                methode: MethodePaiementSalaire::Espece,
                reference: Some("BP-03".into()),
                commentaire: None,
                compte_id: None,
            },
        })]
    );
}

#[test]
fn a_salary_payment_is_above_zero_and_at_most_9999_999() {
    refused(
        residence(),
        payer(0, MethodePaiementSalaire::Espece, "2026-03-31"),
        SalairesError::MontantInvalide,
    );
    refused(
        residence(),
        payer(10_000_000, MethodePaiementSalaire::Espece, "2026-03-31"),
        SalairesError::MontantTropEleve,
    );
}

#[test]
fn a_salary_payment_is_not_dated_after_today() {
    refused(
        residence(),
        payer(650_000, MethodePaiementSalaire::Espece, "2026-11-23"),
        SalairesError::DatePaiementFuture,
    );
}

#[test]
fn a_salary_payment_dated_in_a_closed_exercice_is_refused() {
    refused(
        vec![
            exercice(2025),
            exercice(2026),
            cloturer(2025),
            creer(fiche()),
        ],
        payer(650_000, MethodePaiementSalaire::Espece, "2025-12-31"),
        ExerciceError::ExerciceCloture { annee: 2025 }.into(),
    );
}

#[test]
fn a_salary_payment_dated_where_no_exercice_exists_is_refused() {
    refused(
        residence(),
        payer(650_000, MethodePaiementSalaire::Espece, "2025-12-31"),
        ExerciceError::AucunExerciceOuvert { annee: 2025 }.into(),
    );
}

#[test]
fn a_salary_payment_in_a_closed_exercice_cannot_be_edited_nor_deleted() {
    let given = vec![
        exercice(2025),
        exercice(2026),
        creer(fiche()),
        payer(650_000, MethodePaiementSalaire::Espece, "2025-12-31"),
        cloturer(2025),
    ];
    refused(
        given.clone(),
        GrandLivreCommand::Salaires(SalairesCommand::ModifierPaiementSalaire {
            paiement_id: 1,
            paiement: saisie(650_000, MethodePaiementSalaire::Espece, "2026-01-05"),
            aujourd_hui: aujourd_hui(),
        }),
        ExerciceError::ExerciceCloture { annee: 2025 }.into(),
    );
    refused(
        given,
        GrandLivreCommand::Salaires(SalairesCommand::SupprimerPaiementSalaire { paiement_id: 1 }),
        ExerciceError::ExerciceCloture { annee: 2025 }.into(),
    );
}

#[test]
fn a_salary_payment_cannot_be_moved_into_a_closed_exercice() {
    refused(
        vec![
            exercice(2025),
            exercice(2026),
            creer(fiche()),
            payer(650_000, MethodePaiementSalaire::Espece, "2026-01-31"),
            cloturer(2025),
        ],
        GrandLivreCommand::Salaires(SalairesCommand::ModifierPaiementSalaire {
            paiement_id: 1,
            paiement: saisie(650_000, MethodePaiementSalaire::Espece, "2025-12-31"),
            aujourd_hui: aujourd_hui(),
        }),
        ExerciceError::ExerciceCloture { annee: 2025 }.into(),
    );
}

#[test]
fn an_unknown_salary_payment_cannot_be_edited() {
    refused(
        residence(),
        GrandLivreCommand::Salaires(SalairesCommand::ModifierPaiementSalaire {
            paiement_id: 4,
            paiement: saisie(650_000, MethodePaiementSalaire::Espece, "2026-01-31"),
            aujourd_hui: aujourd_hui(),
        }),
        SalairesError::PaiementInconnu(4),
    );
}

#[test]
fn a_salary_by_transfer_leaves_the_main_account_and_cash_leaves_none() {
    let livre = state(with(
        vec![compte_principal()],
        with(
            residence(),
            vec![
                payer(650_000, MethodePaiementSalaire::Virement, "2026-03-31"),
                payer(450_000, MethodePaiementSalaire::Espece, "2026-03-31"),
            ],
        ),
    ));
    let paiements = &livre.salaires.salarie(1).map(|s| s.paiements.clone());
    let comptes: Vec<Option<i64>> = paiements
        .iter()
        .flat_map(|p| p.values().map(|p| p.compte_id))
        .collect();
    assert_eq!(comptes, vec![Some(1), None]);
}

#[test]
fn a_bank_account_a_salary_left_cannot_be_deleted() {
    let mut given = with(vec![compte_principal()], residence());
    given.push(payer(650_000, MethodePaiementSalaire::Cheque, "2026-03-31"));
    // Another account becomes main: account 1 may be deleted only if nothing left it.
    given.push(GrandLivreCommand::Banque(BanqueCommand::CreerCompte {
        fiche: FicheCompte {
            libelle: "Épargne".into(),
            banque: "STB".into(),
            type_compte: TypeCompte::Epargne,
            adresse_agence: None,
            rib: None,
            swift: None,
            iban: None,
            commentaire: None,
            is_main: true,
            solde_initial: Montant::ZERO,
            date_solde_initial: date("2026-01-01"),
        },
    }));
    LedgerTest::with(())
        .given(history(given))
        .when(GrandLivreCommand::Banque(BanqueCommand::SupprimerCompte {
            compte_id: 1,
        }))
        .then_expect_error(GrandLivreError::Banque(BanqueError::CompteAvecOperations));
}

#[test]
fn a_salary_payment_edited_is_pointed_again() {
    let mouvement = Mouvement {
        table: TableMouvement::PaiementSalaire,
        id: 1,
    };
    let livre = state(with(
        vec![compte_principal()],
        with(
            residence(),
            vec![
                payer(650_000, MethodePaiementSalaire::Virement, "2026-03-31"),
                GrandLivreCommand::Banque(BanqueCommand::Pointer {
                    mouvement,
                    date_banque: Some(date("2026-04-02")),
                }),
                GrandLivreCommand::Salaires(SalairesCommand::ModifierPaiementSalaire {
                    paiement_id: 1,
                    paiement: saisie(660_000, MethodePaiementSalaire::Virement, "2026-03-31"),
                    aujourd_hui: aujourd_hui(),
                }),
            ],
        ),
    ));
    assert_eq!(livre.banque.date_banque(mouvement), None);
}

#[test]
fn a_cash_salary_is_not_a_bank_movement_to_point() {
    LedgerTest::with(())
        .given(history(with(
            vec![compte_principal()],
            with(
                residence(),
                vec![payer(650_000, MethodePaiementSalaire::Espece, "2026-03-31")],
            ),
        )))
        .when(GrandLivreCommand::Banque(BanqueCommand::Pointer {
            mouvement: Mouvement {
                table: TableMouvement::PaiementSalaire,
                id: 1,
            },
            date_banque: Some(date("2026-04-02")),
        }))
        .then_expect_error(GrandLivreError::Banque(BanqueError::MouvementInconnu));
}

#[test]
fn an_employer_charge_needs_a_title() {
    refused(
        vec![exercice(2026)],
        GrandLivreCommand::Salaires(SalairesCommand::PayerChargePatronale {
            saisie: SaisieChargePatronale {
                titre: " ".into(),
                ..charge(300_000, MethodePaiementDepense::Tpe, "2026-04-15")
            },
        }),
        SalairesError::TitreInvalide,
    );
}

#[test]
fn an_employer_charge_is_above_zero_and_at_most_99999_999() {
    refused(
        vec![exercice(2026)],
        payer_charge(0, MethodePaiementDepense::Espece, "2026-04-15"),
        SalairesError::MontantInvalide,
    );
    refused(
        vec![exercice(2026)],
        payer_charge(100_000_000, MethodePaiementDepense::Espece, "2026-04-15"),
        SalairesError::MontantTropEleve,
    );
    accepted(
        vec![exercice(2026)],
        payer_charge(99_999_999, MethodePaiementDepense::Espece, "2026-04-15"),
    );
}

#[test]
fn an_employer_charge_goes_through_the_exercice_guard() {
    refused(
        vec![exercice(2026)],
        payer_charge(300_000, MethodePaiementDepense::Virement, "2027-01-15"),
        ExerciceError::AucunExerciceOuvert { annee: 2027 }.into(),
    );
    let given = vec![
        exercice(2025),
        exercice(2026),
        payer_charge(300_000, MethodePaiementDepense::Virement, "2025-10-15"),
        cloturer(2025),
    ];
    refused(
        given.clone(),
        GrandLivreCommand::Salaires(SalairesCommand::ModifierChargePatronale {
            charge_id: 1,
            saisie: charge(310_000, MethodePaiementDepense::Virement, "2026-01-15"),
        }),
        ExerciceError::ExerciceCloture { annee: 2025 }.into(),
    );
    refused(
        given,
        GrandLivreCommand::Salaires(SalairesCommand::SupprimerChargePatronale { charge_id: 1 }),
        ExerciceError::ExerciceCloture { annee: 2025 }.into(),
    );
}

#[test]
fn an_employer_charge_by_card_or_online_leaves_the_main_account() {
    let livre = state(vec![
        compte_principal(),
        exercice(2026),
        payer_charge(300_000, MethodePaiementDepense::Tpe, "2026-04-15"),
        payer_charge(200_000, MethodePaiementDepense::Enligne, "2026-04-15"),
        payer_charge(100_000, MethodePaiementDepense::Espece, "2026-04-15"),
    ]);
    let comptes: Vec<Option<i64>> = livre
        .salaires
        .charges_patronales()
        .map(|(_, c)| c.compte_id)
        .collect();
    assert_eq!(comptes, vec![Some(1), Some(1), None]);
}

#[test]
fn salaries_post_641_and_employer_charges_645_against_cash_or_bank() {
    let mut livres = Livres::default();
    for event in history(vec![
        compte_principal(),
        exercice(2026),
        creer(fiche()),
        payer(650_000, MethodePaiementSalaire::Virement, "2026-03-31"),
        payer(450_000, MethodePaiementSalaire::Espece, "2026-03-31"),
        payer_charge(300_000, MethodePaiementDepense::Cheque, "2026-04-15"),
        GrandLivreCommand::Salaires(SalairesCommand::ModifierPaiementSalaire {
            paiement_id: 2,
            paiement: saisie(400_000, MethodePaiementSalaire::Espece, "2026-03-31"),
            aujourd_hui: aujourd_hui(),
        }),
        GrandLivreCommand::Salaires(SalairesCommand::SupprimerChargePatronale { charge_id: 1 }),
    ]) {
        livres.appliquer(&event);
    }
    let fin = date("2026-12-31");
    assert_eq!(livres.solde_au(Compte::Salaires, fin), 1_050_000);
    assert_eq!(livres.solde_au(Compte::Banque(Some(1)), fin), -650_000);
    assert_eq!(livres.solde_au(Compte::Caisse, fin), -400_000);
    assert_eq!(livres.solde_au(Compte::ChargesSociales, fin), 0);
    let (debit, credit) = livres
        .balance(Some(2026))
        .values()
        .fold((0, 0), |(d, c), (ld, lc)| (d + ld, c + lc));
    assert_eq!(debit, credit);
}

#[test]
fn ids_of_deleted_payments_are_never_reused() {
    let events = accepted(
        with(
            residence(),
            vec![
                payer(650_000, MethodePaiementSalaire::Espece, "2026-03-31"),
                GrandLivreCommand::Salaires(SalairesCommand::SupprimerPaiementSalaire {
                    paiement_id: 1,
                }),
            ],
        ),
        payer(650_000, MethodePaiementSalaire::Espece, "2026-04-30"),
    );
    assert!(matches!(
        &events[0],
        GrandLivreEvent::Salaires(SalairesEvent::SalairePaye { paiement_id: 2, .. })
    ));
}
