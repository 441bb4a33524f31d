//! Given/when/then: expense rules, one test per rule.

use cqrs_es::test::TestFramework;

use super::*;
use crate::banque::{BanqueCommand, FicheCompte, Mouvement, TableMouvement, TypeCompte};
use crate::document::{NatureDocument, PieceJointe};
use crate::exercice::{ExerciceCommand, ExerciceError};
use crate::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::paiement::Paiement;
use crate::test_support::{date, history, state};

type LedgerTest = TestFramework<GrandLivre>;

fn exercice(annee: i32) -> GrandLivreCommand {
    GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee })
}

fn cloturer(annee: i32) -> GrandLivreCommand {
    GrandLivreCommand::Exercice(ExerciceCommand::cloturer(annee))
}

fn fiche_fournisseur(nom: &str) -> FicheFournisseur {
    FicheFournisseur {
        nom: nom.into(),
        tel: None,
        type_fournisseur: TypeFournisseur::Entreprise,
        email: None,
        adresse: None,
        ville: None,
        gouvernorat: None,
        activite: None,
        identifiant: None,
        commentaire: None,
    }
}

fn fournisseur(nom: &str) -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::CreerFournisseur {
        fiche: fiche_fournisseur(nom),
    })
}

fn categorie(titre: &str) -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::CreerCategorie {
        titre: titre.into(),
        description: None,
    })
}

fn fiche(montant_dinars: i64, jour: &str) -> FicheDepense {
    FicheDepense {
        titre: "Électricité des parties communes".into(),
        montant_total: Montant::dinars(montant_dinars),
        date_facture: date(jour),
        fournisseur_id: 1,
        categorie_id: Some(1),
        commentaire: None,
        description: None,
        approbation: None,
    }
}

fn piece(nature: NatureDocument) -> PieceJointe {
    PieceJointe {
        nature,
        titre: "facture-steg.pdf".into(),
        content_type: "application/pdf".into(),
        taille: 2_048,
        sha256: "ab".repeat(32),
    }
}

fn charge(montant_dinars: i64, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::EnregistrerDepense {
        nature: NatureDepense::Charge,
        fiche: fiche(montant_dinars, jour),
        documents: Vec::new(),
    })
}

fn payer(
    depense_id: i64,
    millimes: i64,
    methode: MethodePaiementDepense,
    jour: &str,
) -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::Payer {
        depense_id,
        nature: NatureDepense::Charge,
        paiement: Paiement {
            montant: Montant::from_millimes(millimes),
            date_paiement: date(jour),
            methode,
            reference: Some("CH-0042".into()),
        },
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

/// Exercice 2026 open, supplier 1 (STEG), category 1 (Électricité), and a charge of 300 DT
/// invoiced on 10 March 2026 (expense 1).
fn residence() -> Vec<GrandLivreCommand> {
    vec![
        exercice(2026),
        fournisseur("STEG"),
        categorie("Électricité"),
        charge(300, "2026-03-10"),
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
    let before = history(given.clone()).len();
    let mut all = given;
    all.push(when);
    history(all)[before..].to_vec()
}

#[test]
fn a_category_needs_a_title() {
    refused(
        vec![],
        categorie("   "),
        GrandLivreError::Depenses(DepensesError::TitreInvalide),
    );
}

#[test]
fn a_category_named_by_a_charge_cannot_be_deleted() {
    refused(
        residence(),
        GrandLivreCommand::Depenses(DepensesCommand::SupprimerCategorie { categorie_id: 1 }),
        GrandLivreError::Depenses(DepensesError::CategorieUtilisee),
    );
}

#[test]
fn a_category_no_record_names_is_deleted() {
    let events = accepted(
        vec![categorie("Nettoyage")],
        GrandLivreCommand::Depenses(DepensesCommand::SupprimerCategorie { categorie_id: 1 }),
    );
    assert_eq!(
        events,
        vec![GrandLivreEvent::Depenses(
            DepensesEvent::CategorieSupprimee { categorie_id: 1 }
        )]
    );
}

#[test]
fn a_supplier_phone_is_empty_or_eight_digits() {
    let mut fiche = fiche_fournisseur("SONEDE");
    fiche.tel = Some("7123456".into());
    refused(
        vec![],
        GrandLivreCommand::Depenses(DepensesCommand::CreerFournisseur { fiche }),
        GrandLivreError::Depenses(DepensesError::TelInvalide),
    );
}

#[test]
fn a_supplier_governorate_is_one_of_tunisias_twenty_four() {
    let mut fiche = fiche_fournisseur("SONEDE");
    fiche.gouvernorat = Some(25);
    refused(
        vec![],
        GrandLivreCommand::Depenses(DepensesCommand::CreerFournisseur { fiche }),
        GrandLivreError::Depenses(DepensesError::GouvernoratInconnu(25)),
    );
    assert_eq!(gouvernorat(23), Some("Tunis"));
    assert_eq!(GOUVERNORATS.len(), 24);
}

#[test]
fn a_supplier_named_by_a_charge_cannot_be_deleted() {
    refused(
        residence(),
        GrandLivreCommand::Depenses(DepensesCommand::SupprimerFournisseur { fournisseur_id: 1 }),
        GrandLivreError::Depenses(DepensesError::FournisseurUtilise),
    );
}

#[test]
fn a_charge_needs_a_known_supplier() {
    let mut fiche = fiche(100, "2026-04-01");
    fiche.fournisseur_id = 9;
    refused(
        residence(),
        GrandLivreCommand::Depenses(DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Charge,
            fiche,
            documents: Vec::new(),
        }),
        GrandLivreError::Depenses(DepensesError::FournisseurInconnu(9)),
    );
}

#[test]
fn a_charge_amount_is_above_zero() {
    refused(
        residence(),
        charge(0, "2026-04-01"),
        GrandLivreError::Depenses(DepensesError::MontantInvalide),
    );
}

#[test]
fn a_charge_dated_in_a_closed_exercice_is_refused() {
    refused(
        vec![
            exercice(2025),
            exercice(2026),
            cloturer(2025),
            fournisseur("STEG"),
        ],
        GrandLivreCommand::Depenses(DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Charge,
            fiche: FicheDepense {
                categorie_id: None,
                ..fiche(100, "2025-12-20")
            },
            documents: Vec::new(),
        }),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
    );
}

#[test]
fn a_charge_dated_where_no_exercice_exists_is_refused() {
    refused(
        residence(),
        charge(100, "2027-01-05"),
        GrandLivreError::Exercice(ExerciceError::AucunExerciceOuvert { annee: 2027 }),
    );
}

#[test]
fn a_charge_recorded_with_files_attaches_them_with_new_ids() {
    let events = accepted(
        residence(),
        GrandLivreCommand::Depenses(DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Charge,
            fiche: fiche(120, "2026-04-02"),
            documents: vec![piece(NatureDocument::Facture), piece(NatureDocument::Devis)],
        }),
    );
    let GrandLivreEvent::Depenses(DepensesEvent::DocumentsDepenseJoints {
        depense_id,
        documents,
    }) = &events[1]
    else {
        panic!("no files attached: {events:?}");
    };
    assert_eq!(*depense_id, 2);
    let ids: Vec<_> = documents.iter().map(|d| d.document_id).collect();
    assert_eq!(ids, vec![1, 2]);
}

#[test]
fn a_charge_has_no_approval_even_when_one_is_sent() {
    let events = accepted(
        residence(),
        GrandLivreCommand::Depenses(DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Charge,
            fiche: FicheDepense {
                approbation: Some(Approbation {
                    approuve: true,
                    par: None,
                }),
                description: Some("texte".into()),
                ..fiche(120, "2026-04-02")
            },
            documents: Vec::new(),
        }),
    );
    let GrandLivreEvent::Depenses(DepensesEvent::DepenseEnregistree { fiche, .. }) = &events[0]
    else {
        panic!("{events:?}");
    };
    assert_eq!((fiche.approbation, fiche.description.clone()), (None, None));
}

/// The approving meeting or vote is checked by the route (its stream is not the books', ADR
/// 0005); the works record the one named.
#[test]
fn works_approved_by_an_assembly_record_the_assembly() {
    let approbation = Some(Approbation {
        approuve: true,
        par: Some(Approbateur {
            type_approbateur: TypeApprobateur::Assemblee,
            id: 1,
        }),
    });
    let events = accepted(
        residence(),
        GrandLivreCommand::Depenses(DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Travaux,
            fiche: FicheDepense {
                approbation,
                ..fiche(9_000, "2026-05-02")
            },
            documents: Vec::new(),
        }),
    );
    let GrandLivreEvent::Depenses(DepensesEvent::DepenseEnregistree { fiche, .. }) = &events[0]
    else {
        panic!("{events:?}");
    };
    assert_eq!(fiche.approbation, approbation);
}

#[test]
fn a_charge_asked_as_works_is_unknown() {
    refused(
        residence(),
        GrandLivreCommand::Depenses(DepensesCommand::SupprimerDepense {
            depense_id: 1,
            nature: NatureDepense::Travaux,
        }),
        GrandLivreError::Depenses(DepensesError::DepenseInconnue(1)),
    );
}

#[test]
fn a_payment_above_what_remains_is_refused() {
    refused(
        with(
            residence(),
            vec![payer(
                1,
                200_000,
                MethodePaiementDepense::Espece,
                "2026-03-15",
            )],
        ),
        payer(1, 100_001, MethodePaiementDepense::Espece, "2026-03-20"),
        GrandLivreError::Depenses(DepensesError::MontantMaximumDepasse),
    );
}

#[test]
fn payments_move_the_charge_from_unpaid_to_partial_to_complete() {
    let livre = state(residence());
    let depense = livre.depenses.depense(1).cloned();
    assert_eq!(depense.map(|d| d.restant_du()), Some(Montant::dinars(300)));
    let livre = state(with(
        residence(),
        vec![payer(
            1,
            100_000,
            MethodePaiementDepense::Espece,
            "2026-03-15",
        )],
    ));
    assert_eq!(
        livre.depenses.depense(1).map(|d| d.restant_du()),
        Some(Montant::dinars(200))
    );
    let livre = state(with(
        residence(),
        vec![
            payer(1, 100_000, MethodePaiementDepense::Espece, "2026-03-15"),
            payer(1, 200_000, MethodePaiementDepense::Cheque, "2026-03-20"),
        ],
    ));
    assert_eq!(
        livre.depenses.depense(1).map(|d| d.restant_du()),
        Some(Montant::ZERO)
    );
}

#[test]
fn a_payment_edited_may_take_back_its_own_amount_and_no_more() {
    let given = with(
        residence(),
        vec![
            payer(1, 100_000, MethodePaiementDepense::Espece, "2026-03-15"),
            payer(1, 150_000, MethodePaiementDepense::Espece, "2026-03-16"),
        ],
    );
    let modifier = |millimes| {
        GrandLivreCommand::Depenses(DepensesCommand::ModifierPaiement {
            paiement_id: 1,
            nature: NatureDepense::Charge,
            paiement: Paiement {
                montant: Montant::from_millimes(millimes),
                date_paiement: date("2026-03-15"),
                methode: MethodePaiementDepense::Espece,
                reference: None,
            },
        })
    };
    assert_eq!(accepted(given.clone(), modifier(150_000)).len(), 1);
    refused(
        given,
        modifier(150_001),
        GrandLivreError::Depenses(DepensesError::MontantMaximumDepasse),
    );
}

#[test]
fn a_payment_in_a_closed_exercice_cannot_be_deleted() {
    refused(
        vec![
            exercice(2025),
            exercice(2026),
            fournisseur("STEG"),
            categorie("Électricité"),
            charge(300, "2025-11-10"),
            payer(1, 100_000, MethodePaiementDepense::Espece, "2025-12-15"),
            cloturer(2025),
        ],
        GrandLivreCommand::Depenses(DepensesCommand::SupprimerPaiement {
            paiement_id: 1,
            nature: NatureDepense::Charge,
        }),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
    );
}

#[test]
fn a_charge_with_payments_cannot_be_deleted() {
    refused(
        with(
            residence(),
            vec![payer(
                1,
                1_000,
                MethodePaiementDepense::Espece,
                "2026-03-15",
            )],
        ),
        GrandLivreCommand::Depenses(DepensesCommand::SupprimerDepense {
            depense_id: 1,
            nature: NatureDepense::Charge,
        }),
        GrandLivreError::Depenses(DepensesError::DepenseAvecPaiements),
    );
}

#[test]
fn a_charge_total_cannot_fall_below_what_is_paid() {
    refused(
        with(
            residence(),
            vec![payer(
                1,
                250_000,
                MethodePaiementDepense::Espece,
                "2026-03-15",
            )],
        ),
        GrandLivreCommand::Depenses(DepensesCommand::ModifierDepense {
            depense_id: 1,
            nature: NatureDepense::Charge,
            fiche: fiche(249, "2026-03-10"),
            documents: Vec::new(),
        }),
        GrandLivreError::Depenses(DepensesError::MontantInferieurAuPaye),
    );
}

#[test]
fn a_cheque_payment_leaves_the_main_account_and_cash_leaves_none() {
    let livre = state(with(
        vec![compte_principal()],
        with(
            residence(),
            vec![
                payer(1, 10_000, MethodePaiementDepense::Cheque, "2026-03-15"),
                payer(1, 10_000, MethodePaiementDepense::Espece, "2026-03-15"),
            ],
        ),
    ));
    assert_eq!(
        livre.depenses.paiement(1).and_then(|(_, p)| p.compte_id),
        Some(1)
    );
    assert_eq!(
        livre.depenses.paiement(2).and_then(|(_, p)| p.compte_id),
        None
    );
}

#[test]
fn a_reference_is_kept_for_cheques_and_transfers_only() {
    let livre = state(with(
        residence(),
        vec![
            payer(1, 10_000, MethodePaiementDepense::Tpe, "2026-03-15"),
            payer(1, 10_000, MethodePaiementDepense::Virement, "2026-03-15"),
        ],
    ));
    let reference = |id| {
        livre
            .depenses
            .paiement(id)
            .and_then(|(_, p)| p.reference.clone())
    };
    assert_eq!(reference(1), None);
    assert_eq!(reference(2), Some("CH-0042".into()));
}

#[test]
fn a_bank_account_a_payment_left_cannot_be_deleted() {
    let given = vec![
        compte_principal(),
        GrandLivreCommand::Banque(BanqueCommand::CreerCompte {
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
        }),
    ];
    // Account 2 is main when the cheque is paid, then account 1 becomes main again.
    let mut given = with(given, residence());
    given.push(payer(
        1,
        10_000,
        MethodePaiementDepense::Cheque,
        "2026-03-15",
    ));
    given.push(GrandLivreCommand::Banque(BanqueCommand::ModifierCompte {
        compte_id: 1,
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
    }));
    refused(
        given,
        GrandLivreCommand::Banque(BanqueCommand::SupprimerCompte { compte_id: 2 }),
        GrandLivreError::Banque(crate::banque::BanqueError::CompteAvecOperations),
    );
}

#[test]
fn a_payment_edited_is_pointed_again() {
    let livre = state(with(
        vec![compte_principal()],
        with(
            residence(),
            vec![
                payer(1, 10_000, MethodePaiementDepense::Virement, "2026-03-15"),
                GrandLivreCommand::Banque(BanqueCommand::Pointer {
                    mouvement: Mouvement {
                        table: TableMouvement::PaiementDepense,
                        id: 1,
                    },
                    date_banque: Some(date("2026-03-17")),
                }),
                GrandLivreCommand::Depenses(DepensesCommand::ModifierPaiement {
                    paiement_id: 1,
                    nature: NatureDepense::Charge,
                    paiement: Paiement {
                        montant: Montant::from_millimes(12_000),
                        date_paiement: date("2026-03-15"),
                        methode: MethodePaiementDepense::Virement,
                        reference: None,
                    },
                }),
            ],
        ),
    ));
    let mouvement = Mouvement {
        table: TableMouvement::PaiementDepense,
        id: 1,
    };
    assert_eq!(livre.banque.date_banque(mouvement), None);
}

#[test]
fn a_file_of_a_charge_in_a_closed_exercice_cannot_be_removed() {
    refused(
        vec![
            exercice(2025),
            exercice(2026),
            fournisseur("STEG"),
            categorie("Électricité"),
            GrandLivreCommand::Depenses(DepensesCommand::EnregistrerDepense {
                nature: NatureDepense::Charge,
                fiche: fiche(100, "2025-06-01"),
                documents: vec![piece(NatureDocument::Facture)],
            }),
            cloturer(2025),
        ],
        GrandLivreCommand::Depenses(DepensesCommand::RetirerDocument {
            document_id: 1,
            nature: NatureDocument::Facture,
        }),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
    );
}

#[test]
fn an_invoice_removed_as_a_quote_is_unknown() {
    refused(
        with(
            residence(),
            vec![GrandLivreCommand::Depenses(
                DepensesCommand::ModifierDepense {
                    depense_id: 1,
                    nature: NatureDepense::Charge,
                    fiche: fiche(300, "2026-03-10"),
                    documents: vec![piece(NatureDocument::Facture)],
                },
            )],
        ),
        GrandLivreCommand::Depenses(DepensesCommand::RetirerDocument {
            document_id: 1,
            nature: NatureDocument::Devis,
        }),
        GrandLivreError::Depenses(DepensesError::DocumentInconnu(1)),
    );
}

#[test]
fn ids_of_deleted_records_are_never_reused() {
    let livre = state(with(
        residence(),
        vec![
            GrandLivreCommand::Depenses(DepensesCommand::SupprimerDepense {
                depense_id: 1,
                nature: NatureDepense::Charge,
            }),
            charge(50, "2026-04-01"),
        ],
    ));
    assert!(livre.depenses.depense(1).is_none());
    assert!(livre.depenses.depense(2).is_some());
}
