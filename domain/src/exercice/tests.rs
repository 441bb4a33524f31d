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

// ---- Opening and closing, on the residence's whole state (issue 15) ----

mod cloture {
    use cqrs_es::test::TestFramework;

    use crate::banque::{BanqueCommand, FicheCompte, FicheOperation, TypeCompte, TypeOperation};
    use crate::comptabilite::{Compte, Livres, ReportANouveau};
    use crate::document::{NatureDocument, PieceJointe, Proprietaire};
    use crate::exercice::*;
    use crate::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreError, GrandLivreEvent};
    use crate::montant::Montant;
    use crate::test_support::{date, history, state};

    type LedgerTest = TestFramework<GrandLivre>;

    fn ouvrir(annee: i32) -> GrandLivreCommand {
        GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee })
    }

    fn cloturer(annee: i32) -> GrandLivreCommand {
        GrandLivreCommand::Exercice(ExerciceCommand::cloturer(annee))
    }

    fn demande(annee: i32, le: &str) -> DemandeCloture {
        DemandeCloture {
            annee,
            le: date(le),
            documents: Vec::new(),
            pack: None,
        }
    }

    fn refuse(given: Vec<GrandLivreCommand>, when: GrandLivreCommand, erreur: ExerciceError) {
        LedgerTest::with(())
            .given(history(given))
            .when(when)
            .then_expect_error(GrandLivreError::Exercice(erreur));
    }

    /// A bank account opened on 1 January 2025 with 1,000 DT, and 12.500 DT of bank fees in
    /// June 2025.
    fn annee_2025_avec_un_compte() -> Vec<GrandLivreCommand> {
        vec![
            ouvrir(2025),
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
                    solde_initial: Montant::dinars(1_000),
                    date_solde_initial: date("2025-01-01"),
                },
            }),
            GrandLivreCommand::Banque(BanqueCommand::CreerOperation {
                compte_id: 1,
                fiche: FicheOperation {
                    type_operation: TypeOperation::Frais,
                    libelle: "Frais de tenue de compte".into(),
                    montant: Montant::from_millimes(12_500),
                    date: date("2025-06-30"),
                    date_banque: None,
                    commentaire: None,
                },
            }),
        ]
    }

    #[test]
    fn a_year_opens_right_after_the_residences_last_year() {
        LedgerTest::with(())
            .given(history(vec![ouvrir(2025)]))
            .when(ouvrir(2026))
            .then_expect_events(vec![GrandLivreEvent::Exercice(
                ExerciceEvent::ExerciceOuvert { annee: 2026 },
            )]);
    }

    #[test]
    fn a_year_before_the_first_opens_while_no_later_year_is_closed() {
        LedgerTest::with(())
            .given(history(vec![ouvrir(2025), ouvrir(2026)]))
            .when(ouvrir(2024))
            .then_expect_events(vec![GrandLivreEvent::Exercice(
                ExerciceEvent::ExerciceOuvert { annee: 2024 },
            )]);
    }

    #[test]
    fn a_year_before_a_closed_year_is_refused() {
        refuse(
            vec![ouvrir(2025), cloturer(2025)],
            ouvrir(2024),
            ExerciceError::ExerciceAnterieurCloture {
                annee: 2024,
                cloture: 2025,
            },
        );
    }

    #[test]
    fn a_year_is_not_closed_before_it_has_ended() {
        refuse(
            vec![ouvrir(2026)],
            GrandLivreCommand::Exercice(ExerciceCommand::CloturerExercice(demande(
                2026,
                "2026-12-31",
            ))),
            ExerciceError::ExerciceNonTermine { annee: 2026 },
        );
    }

    #[test]
    fn a_year_is_not_closed_while_the_year_before_it_is_open() {
        refuse(
            vec![ouvrir(2024), ouvrir(2025)],
            cloturer(2025),
            ExerciceError::ExercicePrecedentOuvert {
                annee: 2025,
                precedent: 2024,
            },
        );
    }

    #[test]
    fn closing_opens_the_next_year_when_it_does_not_exist_yet() {
        let events = history(vec![ouvrir(2025), cloturer(2025)]);
        // Opening 2025, then the closing's two events: 2026 opened, 2025 closed.
        assert_eq!(
            events.get(1),
            Some(&GrandLivreEvent::Exercice(ExerciceEvent::ExerciceOuvert {
                annee: 2026
            }))
        );
        assert_eq!(
            state(vec![ouvrir(2025), cloturer(2025)])
                .exercices
                .statut(2026),
            Some(StatutExercice::Ouvert)
        );
    }

    #[test]
    fn closing_does_not_open_the_next_year_again_when_it_exists() {
        let events = history(vec![ouvrir(2025), ouvrir(2026), cloturer(2025)]);
        let ouvertures = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    GrandLivreEvent::Exercice(ExerciceEvent::ExerciceOuvert { .. })
                )
            })
            .count();
        assert_eq!(ouvertures, 2);
    }

    #[test]
    fn closing_carries_the_balance_sheet_into_the_next_year_and_the_result_into_110() {
        let mut given = annee_2025_avec_un_compte();
        given.push(cloturer(2025));
        let events = history(given);
        let Some(GrandLivreEvent::Exercice(ExerciceEvent::ExerciceCloture(cloture))) =
            events.last()
        else {
            panic!("no closing: {events:?}");
        };
        // The bank holds 987.500 DT; 890 holds the opening balance (credit 1,000 DT); the
        // year's fees (12.500 DT, a charge) end in 110.
        assert_eq!(
            cloture.reports,
            vec![
                ReportANouveau {
                    compte: Compte::Banque(Some(1)),
                    solde: 987_500
                },
                ReportANouveau {
                    compte: Compte::BilanOuverture,
                    solde: -1_000_000
                },
                ReportANouveau {
                    compte: Compte::ReportANouveau,
                    solde: 12_500
                },
            ]
        );
    }

    #[test]
    fn the_next_years_opening_balances_are_the_closing_balances() {
        let mut given = annee_2025_avec_un_compte();
        given.push(cloturer(2025));
        let mut livres = Livres::default();
        for event in history(given) {
            livres.appliquer(&event);
        }
        let ouverture_2026 = livres.balance(Some(2026));
        let banque = Compte::Banque(Some(1));
        assert_eq!(ouverture_2026.get(&banque), Some(&(987_500, 0)));
        // The treasury at any day of 2026 is what it was on 31 December 2025, not twice it.
        assert_eq!(livres.solde_au(banque, date("2025-12-31")), 987_500);
        assert_eq!(livres.solde_au(banque, date("2026-03-01")), 987_500);
        // The opening entry balances, and 2025's charges stay in 2025.
        let (debit, credit) = ouverture_2026
            .values()
            .fold((0, 0), |(d, c), (ld, lc)| (d + ld, c + lc));
        assert_eq!(debit, credit);
        assert_eq!(ouverture_2026.get(&Compte::FraisBancaires), None);
    }

    #[test]
    fn a_pack_rendered_before_the_years_entries_changed_is_refused() {
        let mut given = annee_2025_avec_un_compte();
        given.push(ouvrir(2026));
        let livre = state(given.clone());
        let mut changee = demande(2025, "2026-04-10");
        changee.pack = Some(PackCloture {
            residence: "Résidence Les Jasmins".into(),
            empreintes: Vec::new(),
            tete_journal: TeteJournal {
                sequence: 3,
                hash: "0".repeat(64),
            },
            ecritures: livre.soldes.ecritures(2025) - 1,
        });
        refuse(
            given,
            GrandLivreCommand::Exercice(ExerciceCommand::CloturerExercice(changee)),
            ExerciceError::ExerciceModifiePendantCloture { annee: 2025 },
        );
    }

    #[test]
    fn books_that_do_not_balance_are_not_closed() {
        let mut livre = state(vec![ouvrir(2025)]);
        livre.soldes.ajouter_ligne_seule(
            2025,
            crate::comptabilite::Ligne::debit(Compte::Caisse, Montant::dinars(5)),
        );
        assert_eq!(
            livre.decide(cloturer(2025)),
            Err(GrandLivreError::Exercice(
                ExerciceError::LivresDesequilibres { annee: 2025 }
            ))
        );
    }

    #[test]
    fn the_files_uploaded_at_closing_belong_to_the_year() {
        let mut avec_pv = demande(2025, "2026-04-10");
        avec_pv.documents = vec![PieceJointe {
            nature: NatureDocument::Doc,
            titre: "pv-ag-2026.pdf".into(),
            content_type: "application/pdf".into(),
            taille: 1_024,
            sha256: "a".repeat(64),
        }];
        let livre = state(vec![
            ouvrir(2025),
            GrandLivreCommand::Exercice(ExerciceCommand::CloturerExercice(avec_pv)),
        ]);
        assert_eq!(
            livre.documents.proprietaire(1),
            Some((Proprietaire::Exercice(2025), NatureDocument::Doc))
        );
    }
}
