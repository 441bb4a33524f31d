//! Given/when/then: bank rules, one test per rule.

use cqrs_es::test::TestFramework;

use super::*;
use crate::banque::DemandeTransfert;
use crate::exercice::{ExerciceCommand, ExerciceError};
use crate::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::paiement::Paiement;
use crate::revenus::{
    DemandeCotisation, MethodePaiement, Repartition, RevenusCommand, RevenusError, TypeCotisation,
};
use crate::test_support::{date, history, occupant, occupation, propriete, state};

type LedgerTest = TestFramework<GrandLivre>;

fn exercice(annee: i32) -> GrandLivreCommand {
    GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee })
}

fn cloturer(annee: i32) -> GrandLivreCommand {
    GrandLivreCommand::Exercice(ExerciceCommand::cloturer(annee))
}

fn fiche(libelle: &str, is_main: bool) -> FicheCompte {
    FicheCompte {
        libelle: libelle.into(),
        banque: "BIAT".into(),
        type_compte: TypeCompte::Courant,
        adresse_agence: None,
        rib: None,
        swift: None,
        iban: None,
        commentaire: None,
        is_main,
        solde_initial: Montant::ZERO,
        date_solde_initial: date("2026-01-01"),
    }
}

fn creer_compte(libelle: &str, is_main: bool) -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::CreerCompte {
        fiche: fiche(libelle, is_main),
    })
}

fn operation(compte_id: i64, type_operation: TypeOperation, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::CreerOperation {
        compte_id,
        fiche: FicheOperation {
            type_operation,
            libelle: "Frais de tenue de compte".into(),
            montant: Montant::from_millimes(12_500),
            date: date(jour),
            date_banque: None,
            commentaire: None,
        },
    })
}

fn transfert(source: i64, destination: i64, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::CreerTransfert(DemandeTransfert {
        source,
        destination,
        montant: Montant::dinars(300),
        date: date(jour),
        reference: None,
        commentaire: None,
    }))
}

fn encaisser(montant_du_id: i64, methode: MethodePaiement, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Revenus(RevenusCommand::EncaisserMontantDu {
        montant_du_id,
        paiement: Paiement {
            montant: Montant::dinars(50),
            date_paiement: date(jour),
            methode,
            reference: Some("0012345".into()),
        },
        aujourd_hui: date("2026-11-22"),
    })
}

fn remise(compte_id: i64, cheques: Vec<i64>, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::CreerRemise {
        compte_id,
        cheques,
        date: date(jour),
        reference: Some("R-01".into()),
        commentaire: None,
    })
}

fn pointer(table: TableMouvement, id: i64, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::Pointer {
        mouvement: Mouvement { table, id },
        date_banque: Some(date(jour)),
    })
}

/// Exercice 2026 open; the main account 1 and account 2; A1 and A2 with their owners; a
/// cotisation of 50 DT a property due in March 2026 (dues 1 and 2).
fn residence() -> Vec<GrandLivreCommand> {
    vec![
        exercice(2026),
        creer_compte("Compte courant", false),
        creer_compte("Compte épargne", false),
        propriete("A1"),
        propriete("A2"),
        occupant("Leïla Haddad"),
        occupant("Sami Gharbi"),
        occupation(1, 1, "2020-01-01"),
        occupation(2, 2, "2020-01-01"),
        GrandLivreCommand::Revenus(RevenusCommand::LancerCotisation(DemandeCotisation {
            titre: "Charges courantes".into(),
            type_cotisation: TypeCotisation::Exceptionnelle,
            repartition: Repartition::Egale,
            date_debut: date("2026-03-01"),
            date_fin: date("2026-03-31"),
            date_echeance: date("2026-03-10"),
            montant: Some(Montant::dinars(50)),
            personnalisation: Vec::new(),
        })),
    ]
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

fn accepted(given: Vec<GrandLivreCommand>, when: GrandLivreCommand) -> Vec<GrandLivreEvent> {
    let mut all = given;
    all.push(when);
    let events = history(all.clone());
    let before = history(all[..all.len() - 1].to_vec()).len();
    events[before..].to_vec()
}

#[test]
fn the_first_account_is_the_main_one_whatever_was_ticked() {
    let livre = state(vec![creer_compte("Compte courant", false)]);
    assert_eq!(livre.banque.compte_principal(), Some(1));
    assert!(livre.banque.compte(1).is_some_and(|c| c.fiche.is_main));
}

#[test]
fn declaring_another_account_main_moves_the_flag() {
    let livre = state(with(residence(), vec![creer_compte("Nouveau", true)]));
    assert_eq!(livre.banque.compte_principal(), Some(3));
    assert!(livre.banque.compte(1).is_some_and(|c| !c.fiche.is_main));
}

#[test]
fn the_main_account_cannot_be_deleted() {
    refused(
        residence(),
        GrandLivreCommand::Banque(BanqueCommand::SupprimerCompte { compte_id: 1 }),
        GrandLivreError::Banque(BanqueError::ComptePrincipalNonSupprimable),
    );
}

#[test]
fn an_account_with_operations_cannot_be_deleted() {
    refused(
        with(
            residence(),
            vec![operation(2, TypeOperation::Frais, "2026-04-01")],
        ),
        GrandLivreCommand::Banque(BanqueCommand::SupprimerCompte { compte_id: 2 }),
        GrandLivreError::Banque(BanqueError::CompteAvecOperations),
    );
}

#[test]
fn an_account_that_received_collections_cannot_be_deleted() {
    let given = with(
        residence(),
        vec![
            encaisser(1, MethodePaiement::Virement, "2026-04-01"),
            creer_compte("Nouveau principal", true),
        ],
    );
    refused(
        given,
        GrandLivreCommand::Banque(BanqueCommand::SupprimerCompte { compte_id: 1 }),
        GrandLivreError::Banque(BanqueError::CompteAvecOperations),
    );
}

#[test]
fn an_account_without_movements_that_is_not_main_can_be_deleted() {
    let events = accepted(
        residence(),
        GrandLivreCommand::Banque(BanqueCommand::SupprimerCompte { compte_id: 2 }),
    );
    assert_eq!(
        events,
        vec![GrandLivreEvent::Banque(
            BanqueEvent::CompteBancaireSupprime { compte_id: 2 }
        )]
    );
}

#[test]
fn a_rib_is_twenty_digits_and_an_iban_tn_and_twenty_two_digits() {
    let mut bad_rib = fiche("Compte", false);
    bad_rib.rib = Some("0800 1000".into());
    refused(
        vec![],
        GrandLivreCommand::Banque(BanqueCommand::CreerCompte { fiche: bad_rib }),
        GrandLivreError::Banque(BanqueError::RibInvalide),
    );
    let mut bad_iban = fiche("Compte", false);
    bad_iban.iban = Some("FR7630006000011234567890189".into());
    refused(
        vec![],
        GrandLivreCommand::Banque(BanqueCommand::CreerCompte { fiche: bad_iban }),
        GrandLivreError::Banque(BanqueError::IbanInvalide),
    );
}

#[test]
fn a_rib_whose_key_does_not_check_is_accepted_with_its_spaces_removed() {
    let rib = "08 006 0123456789012 99";
    assert!(!cle_rib_correcte(&rib.replace(' ', "")));
    let mut with_rib = fiche("Compte", false);
    with_rib.rib = Some(rib.into());
    let livre = state(vec![GrandLivreCommand::Banque(
        BanqueCommand::CreerCompte { fiche: with_rib },
    )]);
    assert_eq!(
        livre.banque.compte(1).and_then(|c| c.fiche.rib.clone()),
        Some("08006012345678901299".to_owned())
    );
}

#[test]
fn the_rib_key_is_ninety_seven_minus_the_weighted_sum_modulo_ninety_seven() {
    // 89 × 8 + 15 × 6 + 3 × 123456789012 ≡ 80 (mod 97): key 17.
    assert!(cle_rib_correcte("08006012345678901217"));
    assert!(!cle_rib_correcte("08006012345678901218"));
}

#[test]
fn an_opening_balance_dated_in_a_closed_exercice_is_refused() {
    let mut with_balance = fiche("Compte", false);
    with_balance.solde_initial = Montant::dinars(1_000);
    with_balance.date_solde_initial = date("2025-01-01");
    refused(
        vec![exercice(2025), cloturer(2025)],
        GrandLivreCommand::Banque(BanqueCommand::CreerCompte {
            fiche: with_balance,
        }),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
    );
}

#[test]
fn changing_only_the_label_records_no_new_opening_balance() {
    let mut renamed = fiche("Compte courant BIAT", false);
    renamed.is_main = false;
    let events = accepted(
        residence(),
        GrandLivreCommand::Banque(BanqueCommand::ModifierCompte {
            compte_id: 1,
            fiche: renamed,
        }),
    );
    assert_eq!(events.len(), 1, "{events:?}");
    assert!(matches!(
        &events[0],
        GrandLivreEvent::Banque(BanqueEvent::CompteBancaireModifie { fiche, .. }) if fiche.is_main
    ));
}

#[test]
fn an_operation_dated_in_a_closed_exercice_or_a_year_without_one_is_refused() {
    refused(
        with(
            with(vec![exercice(2025)], residence()),
            vec![cloturer(2025)],
        ),
        operation(1, TypeOperation::Frais, "2025-06-01"),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
    );
    refused(
        residence(),
        operation(1, TypeOperation::Frais, "2024-06-01"),
        GrandLivreError::Exercice(ExerciceError::AucunExerciceOuvert { annee: 2024 }),
    );
}

#[test]
fn an_operation_of_a_closed_exercice_cannot_be_changed_or_deleted() {
    let given = with(
        with(vec![exercice(2025)], residence()),
        vec![
            operation(1, TypeOperation::Interets, "2025-06-01"),
            cloturer(2025),
        ],
    );
    refused(
        given,
        GrandLivreCommand::Banque(BanqueCommand::SupprimerOperation { operation_id: 1 }),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
    );
}

#[test]
fn an_operation_needs_a_positive_amount_and_a_label() {
    let mut zero = FicheOperation {
        type_operation: TypeOperation::Retrait,
        libelle: "Retrait".into(),
        montant: Montant::ZERO,
        date: date("2026-04-01"),
        date_banque: None,
        commentaire: None,
    };
    refused(
        residence(),
        GrandLivreCommand::Banque(BanqueCommand::CreerOperation {
            compte_id: 1,
            fiche: zero.clone(),
        }),
        GrandLivreError::Banque(BanqueError::MontantInvalide),
    );
    zero.montant = Montant::dinars(10);
    zero.libelle = "   ".into();
    refused(
        residence(),
        GrandLivreCommand::Banque(BanqueCommand::CreerOperation {
            compte_id: 1,
            fiche: zero,
        }),
        GrandLivreError::Banque(BanqueError::LibelleInvalide),
    );
}

#[test]
fn a_transfer_needs_two_different_accounts() {
    refused(
        residence(),
        transfert(1, 1, "2026-04-01"),
        GrandLivreError::Banque(BanqueError::ComptesIdentiques),
    );
}

#[test]
fn a_collection_by_transfer_lands_on_the_main_account_and_cash_on_none() {
    let livre = state(with(
        residence(),
        vec![
            encaisser(1, MethodePaiement::Virement, "2026-04-01"),
            encaisser(2, MethodePaiement::Espece, "2026-04-01"),
        ],
    ));
    assert_eq!(
        livre.revenus.encaissement(1).and_then(|e| e.compte_id),
        Some(1)
    );
    assert_eq!(
        livre.revenus.encaissement(2).and_then(|e| e.compte_id),
        None
    );
}

#[test]
fn a_deposit_takes_only_cheques_waiting_for_their_deposit() {
    let given = with(
        residence(),
        vec![
            encaisser(1, MethodePaiement::Espece, "2026-04-01"),
            encaisser(2, MethodePaiement::Cheque, "2026-04-01"),
            remise(1, vec![2], "2026-04-02"),
        ],
    );
    refused(
        given.clone(),
        remise(1, vec![1], "2026-04-03"),
        GrandLivreError::Banque(BanqueError::ChequeIndisponible(1)),
    );
    refused(
        given,
        remise(2, vec![2], "2026-04-03"),
        GrandLivreError::Banque(BanqueError::ChequeIndisponible(2)),
    );
}

#[test]
fn a_deposit_needs_at_least_one_cheque_and_cannot_precede_it() {
    let given = with(
        residence(),
        vec![encaisser(1, MethodePaiement::Cheque, "2026-04-05")],
    );
    refused(
        given.clone(),
        remise(1, vec![], "2026-04-06"),
        GrandLivreError::Banque(BanqueError::AucunCheque),
    );
    refused(
        given,
        remise(1, vec![1], "2026-04-04"),
        GrandLivreError::Banque(BanqueError::RemiseAvantCheque(1)),
    );
}

#[test]
fn a_deposit_records_each_cheque_with_its_amount() {
    let events = accepted(
        with(
            residence(),
            vec![encaisser(1, MethodePaiement::Cheque, "2026-04-01")],
        ),
        remise(2, vec![1, 1], "2026-04-02"),
    );
    assert_eq!(
        events,
        vec![GrandLivreEvent::Banque(BanqueEvent::RemiseChequesCreee {
            remise_id: 1,
            compte_id: 2,
            date: date("2026-04-02"),
            reference: Some("R-01".into()),
            commentaire: None,
            cheques: vec![ChequeRemis {
                encaissement_id: 1,
                montant: Montant::dinars(50),
            }],
        })]
    );
}

#[test]
fn a_deposited_cheque_cannot_be_corrected_or_cancelled() {
    let given = with(
        residence(),
        vec![
            encaisser(1, MethodePaiement::Cheque, "2026-04-01"),
            remise(1, vec![1], "2026-04-02"),
        ],
    );
    refused(
        given,
        GrandLivreCommand::Revenus(RevenusCommand::AnnulerEncaissement { encaissement_id: 1 }),
        GrandLivreError::Revenus(RevenusError::ChequeRemis(1)),
    );
}

#[test]
fn deleting_a_deposit_releases_its_cheques() {
    let livre = state(with(
        residence(),
        vec![
            encaisser(1, MethodePaiement::Cheque, "2026-04-01"),
            remise(1, vec![1], "2026-04-02"),
            GrandLivreCommand::Banque(BanqueCommand::SupprimerRemise { remise_id: 1 }),
            remise(2, vec![1], "2026-04-03"),
        ],
    ));
    assert_eq!(livre.banque.remise_du_cheque(1), Some(2));
}

#[test]
fn pointing_needs_a_movement_of_a_bank_account() {
    let given = with(
        residence(),
        vec![encaisser(1, MethodePaiement::Espece, "2026-04-01")],
    );
    refused(
        given,
        pointer(TableMouvement::Encaissement, 1, "2026-04-02"),
        GrandLivreError::Banque(BanqueError::MouvementInconnu),
    );
}

#[test]
fn a_movement_of_a_closed_exercice_cannot_be_pointed() {
    let given = with(
        with(vec![exercice(2025)], residence()),
        vec![transfert(1, 2, "2025-12-30"), cloturer(2025)],
    );
    refused(
        given,
        pointer(TableMouvement::TransfertEntree, 1, "2026-01-02"),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
    );
}

#[test]
fn a_corrected_transfer_or_collection_must_be_pointed_again() {
    let livre = state(with(
        residence(),
        vec![
            transfert(1, 2, "2026-04-01"),
            encaisser(1, MethodePaiement::Virement, "2026-04-01"),
            pointer(TableMouvement::TransfertSortie, 1, "2026-04-02"),
            pointer(TableMouvement::Encaissement, 1, "2026-04-02"),
            GrandLivreCommand::Banque(BanqueCommand::ModifierTransfert {
                transfert_id: 1,
                demande: DemandeTransfert {
                    source: 1,
                    destination: 2,
                    montant: Montant::dinars(350),
                    date: date("2026-04-01"),
                    reference: None,
                    commentaire: None,
                },
            }),
            GrandLivreCommand::Revenus(RevenusCommand::AnnulerEncaissement { encaissement_id: 1 }),
        ],
    ));
    let mouvement = |table| Mouvement { table, id: 1 };
    assert_eq!(
        livre
            .banque
            .date_banque(mouvement(TableMouvement::TransfertSortie)),
        None
    );
    assert_eq!(
        livre
            .banque
            .date_banque(mouvement(TableMouvement::Encaissement)),
        None
    );
}

#[test]
fn ids_of_deleted_records_are_not_reused() {
    let livre = state(with(
        residence(),
        vec![
            operation(1, TypeOperation::Frais, "2026-04-01"),
            GrandLivreCommand::Banque(BanqueCommand::SupprimerOperation { operation_id: 1 }),
        ],
    ));
    assert_eq!(livre.banque.prochaine_operation_id(), 2);
}

// Bank statements (issue 22).

mod releves {
    use super::*;
    use crate::banque::releves::{FormatReleve, LigneReleveRef, RapprochementLigne};

    fn ligne(numero: u32, jour: &str, millimes: i64, libelle: &str) -> LigneReleve {
        LigneReleve {
            numero,
            date: date(jour),
            libelle: libelle.into(),
            montant: Montant::from_millimes(millimes),
            reference: None,
        }
    }

    fn fiche_releve(sha256: &str, lignes: Vec<LigneReleve>) -> FicheReleve {
        FicheReleve {
            format: FormatReleve::Ofx,
            sha256: sha256.into(),
            nom_fichier: Some("releve.ofx".into()),
            du: date("2026-04-01"),
            au: date("2026-04-30"),
            importe_le: date("2026-05-02"),
            solde_ouverture: None,
            solde_cloture: None,
            mapping: None,
            banque: None,
            lignes,
        }
    }

    fn importer(
        sha256: &str,
        lignes: Vec<LigneReleve>,
        rapprochements: Vec<RapprochementLigne>,
    ) -> GrandLivreCommand {
        GrandLivreCommand::Banque(BanqueCommand::ImporterReleve {
            compte_id: 1,
            fiche: fiche_releve(sha256, lignes),
            rapprochements,
        })
    }

    fn encaissement(id: i64) -> Mouvement {
        Mouvement {
            table: TableMouvement::Encaissement,
            id,
        }
    }

    fn avec(numero: u32, mouvements: Vec<Mouvement>) -> RapprochementLigne {
        RapprochementLigne { numero, mouvements }
    }

    /// The residence with a 50 DT collection by transfer on the main account (encaissement
    /// 1, 2026-04-01) and April's statement imported (its id 1): line 1 the transfer, line 2
    /// the bank's fees.
    fn avec_releve() -> Vec<GrandLivreCommand> {
        with(
            residence(),
            vec![
                encaisser(1, MethodePaiement::Virement, "2026-04-01"),
                importer(
                    "aaa",
                    vec![
                        ligne(1, "2026-04-03", 50_000, "VIR RECU"),
                        ligne(2, "2026-04-30", -12_500, "FRAIS"),
                    ],
                    Vec::new(),
                ),
            ],
        )
    }

    fn ref_ligne(numero: u32) -> LigneReleveRef {
        LigneReleveRef {
            releve_id: 1,
            numero,
        }
    }

    fn rapprocher(numero: u32, mouvements: Vec<Mouvement>) -> GrandLivreCommand {
        GrandLivreCommand::Banque(BanqueCommand::RapprocherLigne {
            ligne: ref_ligne(numero),
            mouvements,
        })
    }

    #[test]
    fn an_import_records_the_statement_and_points_its_confident_matches_with_the_line_date() {
        let given = with(
            residence(),
            vec![encaisser(1, MethodePaiement::Virement, "2026-04-01")],
        );
        let lignes = vec![
            ligne(1, "2026-04-03", 50_000, "VIR RECU"),
            ligne(2, "2026-04-30", -12_500, "FRAIS"),
        ];
        let events = accepted(
            given,
            importer("aaa", lignes.clone(), vec![avec(1, vec![encaissement(1)])]),
        );
        assert_eq!(
            events,
            vec![
                GrandLivreEvent::Banque(BanqueEvent::ReleveImporte {
                    releve_id: 1,
                    compte_id: 1,
                    fiche: fiche_releve("aaa", lignes),
                }),
                GrandLivreEvent::Banque(BanqueEvent::MouvementPointe {
                    mouvement: encaissement(1),
                    date_banque: Some(date("2026-04-03")),
                    ligne: Some(ref_ligne(1)),
                }),
            ]
        );
    }

    #[test]
    fn the_same_file_imported_twice_for_an_account_is_refused() {
        refused(
            avec_releve(),
            importer(
                "aaa",
                vec![ligne(1, "2026-04-20", 1_000, "AUTRE")],
                Vec::new(),
            ),
            GrandLivreError::Banque(BanqueError::ReleveDejaImporte),
        );
    }

    #[test]
    fn lines_an_earlier_statement_brought_are_skipped_equal_lines_counted() {
        let events = accepted(
            avec_releve(),
            importer(
                "bbb",
                vec![
                    ligne(1, "2026-04-30", -12_500, "  frais "),
                    ligne(2, "2026-04-30", -12_500, "FRAIS"),
                    ligne(3, "2026-05-02", 7_000, "INTERETS"),
                ],
                Vec::new(),
            ),
        );
        let GrandLivreEvent::Banque(BanqueEvent::ReleveImporte { fiche, .. }) = &events[0] else {
            panic!("the statement is recorded");
        };
        let numeros: Vec<u32> = fiche.lignes.iter().map(|l| l.numero).collect();
        assert_eq!(numeros, [2, 3], "the first fees line was imported already");
    }

    #[test]
    fn a_statement_line_dated_in_a_closed_year_refuses_the_whole_import() {
        refused(
            with(
                with(vec![exercice(2025)], residence()),
                vec![cloturer(2025)],
            ),
            importer(
                "ccc",
                vec![
                    ligne(1, "2025-12-31", -1_000, "FRAIS"),
                    ligne(2, "2026-01-02", -1_000, "FRAIS"),
                ],
                Vec::new(),
            ),
            GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
        );
    }

    #[test]
    fn a_line_is_pointed_only_with_movements_making_its_exact_amount() {
        refused(
            with(
                avec_releve(),
                vec![encaisser(2, MethodePaiement::Virement, "2026-04-02")],
            ),
            rapprocher(1, vec![encaissement(1), encaissement(2)]),
            GrandLivreError::Banque(BanqueError::MontantsDifferents),
        );
    }

    #[test]
    fn a_movement_pointed_already_is_not_pointed_again_with_a_line() {
        refused(
            with(
                avec_releve(),
                vec![pointer(TableMouvement::Encaissement, 1, "2026-04-02")],
            ),
            rapprocher(1, vec![encaissement(1)]),
            GrandLivreError::Banque(BanqueError::DejaPointe),
        );
    }

    #[test]
    fn a_movement_of_another_account_is_unknown_to_the_statement() {
        refused(
            with(
                avec_releve(),
                vec![operation(2, TypeOperation::Frais, "2026-04-29")],
            ),
            rapprocher(
                2,
                vec![Mouvement {
                    table: TableMouvement::Operation,
                    id: 1,
                }],
            ),
            GrandLivreError::Banque(BanqueError::MouvementInconnu),
        );
    }

    #[test]
    fn undoing_a_line_unpoints_its_movements_as_by_hand() {
        let given = with(avec_releve(), vec![rapprocher(1, vec![encaissement(1)])]);
        let events = accepted(
            given.clone(),
            GrandLivreCommand::Banque(BanqueCommand::DefaireLigne {
                ligne: ref_ligne(1),
            }),
        );
        assert_eq!(
            events,
            vec![GrandLivreEvent::Banque(BanqueEvent::MouvementPointe {
                mouvement: encaissement(1),
                date_banque: None,
                ligne: None,
            })]
        );
        refused(
            avec_releve(),
            GrandLivreCommand::Banque(BanqueCommand::DefaireLigne {
                ligne: ref_ligne(1),
            }),
            GrandLivreError::Banque(BanqueError::LigneNonRapprochee),
        );
    }

    #[test]
    fn a_pointing_by_hand_unlinks_the_movement_from_its_line() {
        let livre = state(with(
            avec_releve(),
            vec![
                rapprocher(1, vec![encaissement(1)]),
                GrandLivreCommand::Banque(BanqueCommand::Pointer {
                    mouvement: encaissement(1),
                    date_banque: Some(date("2026-04-05")),
                }),
            ],
        ));
        assert!(livre.banque.mouvements_de_la_ligne(ref_ligne(1)).is_empty());
        assert_eq!(
            livre.banque.date_banque(encaissement(1)),
            Some(date("2026-04-05"))
        );
    }

    #[test]
    fn a_line_without_a_match_becomes_its_operation_pointed_with_it() {
        let events = accepted(
            avec_releve(),
            GrandLivreCommand::Banque(BanqueCommand::CreerOperationLigne {
                ligne: ref_ligne(2),
                type_operation: TypeOperation::Frais,
                libelle: "Frais de tenue de compte".into(),
            }),
        );
        let operation = Mouvement {
            table: TableMouvement::Operation,
            id: 1,
        };
        assert_eq!(
            events,
            vec![
                GrandLivreEvent::Banque(BanqueEvent::OperationBancaireCreee {
                    operation_id: 1,
                    compte_id: 1,
                    fiche: FicheOperation {
                        type_operation: TypeOperation::Frais,
                        libelle: "Frais de tenue de compte".into(),
                        montant: Montant::from_millimes(12_500),
                        date: date("2026-04-30"),
                        date_banque: None,
                        commentaire: None,
                    },
                }),
                GrandLivreEvent::Banque(BanqueEvent::MouvementPointe {
                    mouvement: operation,
                    date_banque: Some(date("2026-04-30")),
                    ligne: Some(ref_ligne(2)),
                }),
            ]
        );
    }

    #[test]
    fn an_operation_against_the_line_sign_is_refused() {
        refused(
            avec_releve(),
            GrandLivreCommand::Banque(BanqueCommand::CreerOperationLigne {
                ligne: ref_ligne(2),
                type_operation: TypeOperation::Interets,
                libelle: "Intérêts".into(),
            }),
            GrandLivreError::Banque(BanqueError::TypeIncompatible),
        );
    }
}

#[test]
fn a_gateway_settlement_needs_a_known_account_fees_within_the_gross_and_an_open_year() {
    let reglement = |compte_id, brut: i64, frais: i64, jour: &str| {
        GrandLivreCommand::Banque(BanqueCommand::EnregistrerReglementPasserelle {
            compte_id,
            date: date(jour),
            montant_brut: Montant::from_millimes(brut),
            frais: Montant::from_millimes(frais),
            reference: None,
        })
    };
    let livre = state(vec![
        exercice(2025),
        exercice(2026),
        cloturer(2025),
        creer_compte("Courant", true),
    ]);
    let refus = |command| livre.decide(command).err();
    assert_eq!(
        refus(reglement(99, 10_000, 0, "2026-04-01")),
        Some(BanqueError::CompteInconnu(99).into())
    );
    assert_eq!(
        refus(reglement(1, 10_000, 10_001, "2026-04-01")),
        Some(BanqueError::MontantInvalide.into())
    );
    assert_eq!(
        refus(reglement(1, 10_000, 100, "2025-12-31")),
        Some(ExerciceError::ExerciceCloture { annee: 2025 }.into())
    );
    assert!(refus(reglement(1, 10_000, 100, "2026-04-01")).is_none());
}
