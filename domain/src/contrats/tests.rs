//! Given/when/then: contract, client and exceptional-revenue rules, one test per rule.

use cqrs_es::test::TestFramework;

use super::*;
use crate::banque::{BanqueCommand, BanqueError, FicheCompte, TypeCompte};
use crate::comptabilite::{Compte, Livres};
use crate::depenses::{DepensesCommand, FicheFournisseur, TypeFournisseur};
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

fn fiche_client(nom: &str) -> FicheClient {
    FicheClient {
        nom: nom.into(),
        tel: None,
        email: None,
        adresse: None,
        ville: None,
        gouvernorat: None,
        activite: None,
        matricule_fiscal: None,
        commentaire: None,
    }
}

fn client(nom: &str) -> GrandLivreCommand {
    GrandLivreCommand::Contrats(ContratsCommand::CreerClient {
        fiche: fiche_client(nom),
    })
}

fn fournisseur(nom: &str) -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::CreerFournisseur {
        fiche: FicheFournisseur {
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
        },
    })
}

fn categorie(titre: &str) -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::CreerCategorie {
        titre: titre.into(),
        description: None,
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

/// A yearly antenna rent of 1,200 DT with client 1, from 1 January 2026 to 31 December 2028
/// (three periods).
fn fiche_antenne() -> FicheContrat {
    FicheContrat {
        titre: "Antenne Ooredoo sur le toit".into(),
        montant: Montant::dinars(1_200),
        date_debut: date("2026-01-01"),
        date_fin: Some(date("2028-12-31")),
        periodicite: Periodicite::Annuelle,
        contrepartie: Contrepartie::Client { client_id: 1 },
        commentaire: None,
    }
}

/// A monthly lift maintenance of 150 DT with supplier 1, category 1, open-ended from
/// 1 January 2026.
fn fiche_ascenseur() -> FicheContrat {
    FicheContrat {
        titre: "Maintenance de l'ascenseur".into(),
        montant: Montant::dinars(150),
        date_debut: date("2026-01-01"),
        date_fin: None,
        periodicite: Periodicite::Mensuelle,
        contrepartie: Contrepartie::Fournisseur {
            fournisseur_id: 1,
            categorie_id: Some(1),
        },
        commentaire: None,
    }
}

fn contrat(fiche: FicheContrat) -> GrandLivreCommand {
    GrandLivreCommand::Contrats(ContratsCommand::EnregistrerContrat {
        fiche,
        documents: Vec::new(),
    })
}

fn paiement(
    dinars: i64,
    methode: MethodePaiementContrat,
    jour: &str,
) -> Paiement<MethodePaiementContrat> {
    Paiement {
        montant: Montant::dinars(dinars),
        date_paiement: date(jour),
        methode,
        reference: Some("CH-7781".into()),
    }
}

fn payer(
    contrat_id: i64,
    sens: SensContrat,
    dinars: i64,
    methode: MethodePaiementContrat,
    jour: &str,
) -> GrandLivreCommand {
    GrandLivreCommand::Contrats(ContratsCommand::Payer {
        contrat_id,
        sens,
        paiement: paiement(dinars, methode, jour),
    })
}

fn revenu(client_id: Option<i64>, methode: MethodePaiementContrat) -> GrandLivreCommand {
    GrandLivreCommand::Contrats(ContratsCommand::EnregistrerRevenuExceptionnel {
        fiche: FicheRevenuExceptionnel {
            titre: "Vente des anciennes pièces de l'ascenseur".into(),
            montant: Montant::from_millimes(850_500),
            date_paiement: date("2026-05-12"),
            methode,
            reference: Some("CH-1".into()),
            commentaire: None,
            client_id,
        },
    })
}

fn remise(cheques: Vec<i64>, jour: &str) -> GrandLivreCommand {
    GrandLivreCommand::Banque(BanqueCommand::CreerRemise {
        compte_id: 1,
        cheques,
        date: date(jour),
        reference: None,
        commentaire: None,
    })
}

/// Exercice 2026 open, the main account 1, client 1 (Ooredoo), supplier 1 (Schindler),
/// category 1, contract 1 (the antenna, revenue) and contract 2 (the lift, expense).
fn residence() -> Vec<GrandLivreCommand> {
    vec![
        exercice(2026),
        compte_principal(),
        client("Ooredoo"),
        fournisseur("Schindler"),
        categorie("Ascenseur"),
        contrat(fiche_antenne()),
        contrat(fiche_ascenseur()),
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

fn erreur(error: ContratsError) -> GrandLivreError {
    GrandLivreError::Contrats(error)
}

// Clients

#[test]
fn a_client_needs_a_name() {
    refused(vec![], client("  "), erreur(ContratsError::NomInvalide));
}

#[test]
fn a_client_phone_is_empty_or_eight_digits() {
    let mut fiche = fiche_client("Tunisie Telecom");
    fiche.tel = Some("7112345".into());
    refused(
        vec![],
        GrandLivreCommand::Contrats(ContratsCommand::CreerClient { fiche }),
        erreur(ContratsError::TelInvalide),
    );
}

#[test]
fn a_client_governorate_is_one_of_tunisias_twenty_four() {
    let mut fiche = fiche_client("Tunisie Telecom");
    fiche.gouvernorat = Some(0);
    refused(
        vec![],
        GrandLivreCommand::Contrats(ContratsCommand::CreerClient { fiche }),
        erreur(ContratsError::GouvernoratInconnu(0)),
    );
}

#[test]
fn a_client_tax_number_is_kept_as_typed() {
    let mut fiche = fiche_client("Café du coin");
    fiche.matricule_fiscal = Some(" 1234567/A ".into());
    let events = accepted(
        vec![],
        GrandLivreCommand::Contrats(ContratsCommand::CreerClient { fiche }),
    );
    let GrandLivreEvent::Contrats(ContratsEvent::ClientCree { fiche, .. }) = &events[0] else {
        panic!("expected a client created, got {events:?}");
    };
    assert_eq!(fiche.matricule_fiscal.as_deref(), Some("1234567/A"));
}

#[test]
fn a_client_named_by_a_contract_cannot_be_deleted() {
    refused(
        residence(),
        GrandLivreCommand::Contrats(ContratsCommand::SupprimerClient { client_id: 1 }),
        erreur(ContratsError::ClientUtilise),
    );
}

#[test]
fn a_client_named_by_an_exceptional_revenue_cannot_be_deleted() {
    refused(
        vec![
            exercice(2026),
            client("Assurances Star"),
            revenu(Some(1), MethodePaiementContrat::Espece),
        ],
        GrandLivreCommand::Contrats(ContratsCommand::SupprimerClient { client_id: 1 }),
        erreur(ContratsError::ClientUtilise),
    );
}

#[test]
fn a_client_nothing_names_is_deleted() {
    let events = accepted(
        vec![client("Ooredoo")],
        GrandLivreCommand::Contrats(ContratsCommand::SupprimerClient { client_id: 1 }),
    );
    assert_eq!(
        events,
        vec![GrandLivreEvent::Contrats(ContratsEvent::ClientSupprime {
            client_id: 1
        })]
    );
}

// Contracts

#[test]
fn a_contract_needs_a_title() {
    let mut fiche = fiche_antenne();
    fiche.titre = " ".into();
    refused(
        residence(),
        contrat(fiche),
        erreur(ContratsError::TitreInvalide),
    );
}

#[test]
fn a_contract_amount_per_period_is_positive() {
    let mut fiche = fiche_antenne();
    fiche.montant = Montant::ZERO;
    refused(
        residence(),
        contrat(fiche),
        erreur(ContratsError::MontantInvalide),
    );
}

#[test]
fn a_contract_cannot_end_before_it_starts() {
    let mut fiche = fiche_antenne();
    fiche.date_fin = Some(date("2025-12-31"));
    refused(
        residence(),
        contrat(fiche),
        erreur(ContratsError::DateFinAvantDebut),
    );
}

#[test]
fn a_revenue_contract_names_a_known_client() {
    let mut fiche = fiche_antenne();
    fiche.contrepartie = Contrepartie::Client { client_id: 9 };
    refused(
        residence(),
        contrat(fiche),
        erreur(ContratsError::ClientInconnu(9)),
    );
}

#[test]
fn an_expense_contract_names_a_known_supplier_and_category() {
    let mut fiche = fiche_ascenseur();
    fiche.contrepartie = Contrepartie::Fournisseur {
        fournisseur_id: 1,
        categorie_id: Some(7),
    };
    refused(
        residence(),
        contrat(fiche),
        erreur(ContratsError::CategorieInconnue(7)),
    );
}

#[test]
fn a_contract_starting_in_a_closed_exercice_is_refused() {
    let mut fiche = fiche_antenne();
    fiche.date_debut = date("2025-01-01");
    refused(
        with(
            vec![exercice(2025)],
            with(residence(), vec![cloturer(2025)]),
        ),
        contrat(fiche),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
    );
}

#[test]
fn a_contract_starting_where_no_exercice_is_open_is_refused() {
    let mut fiche = fiche_antenne();
    fiche.date_debut = date("2024-06-01");
    refused(
        residence(),
        contrat(fiche),
        GrandLivreError::Exercice(ExerciceError::AucunExerciceOuvert { annee: 2024 }),
    );
}

#[test]
fn a_contract_ending_in_a_year_without_exercice_is_accepted() {
    let events = accepted(residence(), contrat(fiche_antenne()));
    assert!(matches!(
        events[0],
        GrandLivreEvent::Contrats(ContratsEvent::ContratEnregistre { contrat_id: 3, .. })
    ));
}

#[test]
fn a_contract_keeps_the_files_sent_with_it() {
    let events = accepted(
        residence(),
        GrandLivreCommand::Contrats(ContratsCommand::EnregistrerContrat {
            fiche: fiche_antenne(),
            documents: vec![PieceJointe {
                nature: NatureDocument::Doc,
                titre: "contrat-ooredoo.pdf".into(),
                content_type: "application/pdf".into(),
                taille: 4_096,
                sha256: "cd".repeat(32),
            }],
        }),
    );
    assert!(matches!(
        &events[1],
        GrandLivreEvent::Contrats(ContratsEvent::DocumentsContratJoints { contrat_id: 3, documents })
            if documents.len() == 1 && documents[0].document_id == 1
    ));
}

#[test]
fn the_schedule_of_a_contract_with_an_end_holds_all_its_periods() {
    let fiche = fiche_antenne();
    let periodes = fiche.echeancier(date("2026-02-01"));
    assert_eq!(periodes.len(), 3);
    assert_eq!(periodes[2].debut, date("2028-01-01"));
    assert_eq!(periodes[2].fin, date("2028-12-31"));
    assert_eq!(fiche.plafond(date("2026-02-01")), Montant::dinars(3_600));
}

#[test]
fn a_bimonthly_contract_falls_due_every_two_months() {
    let mut fiche = fiche_antenne();
    fiche.periodicite = Periodicite::Bimensuelle;
    fiche.date_fin = Some(date("2026-12-31"));
    let periodes = fiche.echeancier(date("2026-01-01"));
    assert_eq!(periodes.len(), 6);
    assert_eq!(periodes[1].debut, date("2026-03-01"));
    assert_eq!(periodes[0].fin, date("2026-02-28"));
}

#[test]
fn a_period_started_before_the_end_is_due_in_full() {
    let mut fiche = fiche_antenne();
    fiche.periodicite = Periodicite::Trimestrielle;
    fiche.date_fin = Some(date("2026-04-15"));
    let periodes = fiche.echeancier(date("2026-01-01"));
    assert_eq!(periodes.len(), 2);
    assert_eq!(periodes[1].fin, date("2026-04-15"));
}

#[test]
fn an_open_ended_contract_falls_due_up_to_the_period_of_the_date() {
    let fiche = fiche_ascenseur();
    assert_eq!(fiche.plafond(date("2026-03-15")), Montant::dinars(450));
    assert_eq!(fiche.plafond(date("2025-12-01")), Montant::dinars(150));
}

#[test]
fn a_payment_may_not_exceed_what_remains_of_the_total() {
    refused(
        with(
            residence(),
            vec![payer(
                1,
                SensContrat::Revenu,
                3_000,
                MethodePaiementContrat::Espece,
                "2026-02-01",
            )],
        ),
        payer(
            1,
            SensContrat::Revenu,
            601,
            MethodePaiementContrat::Espece,
            "2026-03-01",
        ),
        erreur(ContratsError::MontantMaximumDepasse),
    );
}

#[test]
fn an_open_ended_contract_payment_may_not_exceed_the_periods_up_to_its_date() {
    refused(
        residence(),
        payer(
            2,
            SensContrat::Depense,
            301,
            MethodePaiementContrat::Virement,
            "2026-02-10",
        ),
        erreur(ContratsError::MontantMaximumDepasse),
    );
}

#[test]
fn a_payment_through_the_other_side_is_of_an_unknown_contract() {
    refused(
        residence(),
        payer(
            1,
            SensContrat::Depense,
            100,
            MethodePaiementContrat::Espece,
            "2026-02-10",
        ),
        erreur(ContratsError::ContratInconnu(1)),
    );
}

#[test]
fn a_revenue_contract_is_not_paid_online() {
    refused(
        residence(),
        payer(
            1,
            SensContrat::Revenu,
            100,
            MethodePaiementContrat::Enligne,
            "2026-02-10",
        ),
        erreur(ContratsError::MethodeInvalide),
    );
}

#[test]
fn a_payment_dated_in_a_closed_exercice_is_refused() {
    refused(
        with(
            vec![exercice(2025)],
            with(residence(), vec![cloturer(2025)]),
        ),
        payer(
            1,
            SensContrat::Revenu,
            100,
            MethodePaiementContrat::Espece,
            "2025-12-31",
        ),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2025 }),
    );
}

#[test]
fn a_revenue_transfer_enters_the_main_account_and_an_expense_payment_leaves_it() {
    let recu = accepted(
        residence(),
        payer(
            1,
            SensContrat::Revenu,
            1_200,
            MethodePaiementContrat::Virement,
            "2026-02-01",
        ),
    );
    let paye = accepted(
        residence(),
        payer(
            2,
            SensContrat::Depense,
            150,
            MethodePaiementContrat::Enligne,
            "2026-02-01",
        ),
    );
    for events in [recu, paye] {
        let GrandLivreEvent::Contrats(ContratsEvent::ContratPaye { paiement, .. }) = &events[0]
        else {
            panic!("expected a payment, got {events:?}");
        };
        assert_eq!(paiement.compte_id, Some(1));
    }
}

#[test]
fn a_reference_is_kept_for_cheques_and_transfers_only() {
    let events = accepted(
        residence(),
        payer(
            1,
            SensContrat::Revenu,
            100,
            MethodePaiementContrat::Espece,
            "2026-02-01",
        ),
    );
    let GrandLivreEvent::Contrats(ContratsEvent::ContratPaye { paiement, .. }) = &events[0] else {
        panic!("expected a payment, got {events:?}");
    };
    assert_eq!(paiement.reference, None);
    assert_eq!(paiement.compte_id, None);
}

#[test]
fn a_contract_with_payments_cannot_be_deleted() {
    refused(
        with(
            residence(),
            vec![payer(
                1,
                SensContrat::Revenu,
                100,
                MethodePaiementContrat::Espece,
                "2026-02-01",
            )],
        ),
        GrandLivreCommand::Contrats(ContratsCommand::SupprimerContrat {
            contrat_id: 1,
            sens: SensContrat::Revenu,
        }),
        erreur(ContratsError::ContratAvecPaiements),
    );
}

#[test]
fn a_contract_without_payments_is_deleted_with_its_files() {
    let livre = state(with(
        residence(),
        vec![GrandLivreCommand::Contrats(
            ContratsCommand::SupprimerContrat {
                contrat_id: 2,
                sens: SensContrat::Depense,
            },
        )],
    ));
    assert!(livre.contrats.contrat(2).is_none());
}

#[test]
fn a_contract_amount_cannot_be_edited_below_what_is_paid() {
    let mut fiche = fiche_antenne();
    fiche.montant = Montant::dinars(1_000);
    refused(
        with(
            residence(),
            vec![payer(
                1,
                SensContrat::Revenu,
                3_100,
                MethodePaiementContrat::Espece,
                "2026-02-01",
            )],
        ),
        GrandLivreCommand::Contrats(ContratsCommand::ModifierContrat {
            contrat_id: 1,
            fiche,
            documents: Vec::new(),
        }),
        erreur(ContratsError::MontantInferieurAuPaye),
    );
}

#[test]
fn a_revenue_cheque_waits_for_its_deposit_and_is_deposited() {
    let given = with(
        residence(),
        vec![payer(
            1,
            SensContrat::Revenu,
            1_200,
            MethodePaiementContrat::Cheque,
            "2026-02-01",
        )],
    );
    let livre = state(given.clone());
    assert_eq!(
        livre.contrats.cheque_recu(1),
        Some((date("2026-02-01"), Montant::dinars(1_200)))
    );
    let events = accepted(given, remise(vec![1], "2026-02-03"));
    assert!(matches!(
        &events[0],
        GrandLivreEvent::Banque(crate::banque::BanqueEvent::RemiseChequesCreee { cheques, .. })
            if cheques.len() == 1 && cheques[0].montant == Montant::dinars(1_200)
    ));
}

#[test]
fn an_expense_cheque_is_not_a_cheque_to_deposit() {
    refused(
        with(
            residence(),
            vec![payer(
                2,
                SensContrat::Depense,
                150,
                MethodePaiementContrat::Cheque,
                "2026-02-01",
            )],
        ),
        remise(vec![1], "2026-02-03"),
        GrandLivreError::Banque(BanqueError::ChequeIndisponible(1)),
    );
}

fn deposited() -> Vec<GrandLivreCommand> {
    with(
        residence(),
        vec![
            payer(
                1,
                SensContrat::Revenu,
                1_200,
                MethodePaiementContrat::Cheque,
                "2026-02-01",
            ),
            remise(vec![1], "2026-02-03"),
        ],
    )
}

#[test]
fn a_deposited_contract_cheque_cannot_be_edited() {
    refused(
        deposited(),
        GrandLivreCommand::Contrats(ContratsCommand::ModifierPaiement {
            paiement_id: 1,
            sens: SensContrat::Revenu,
            paiement: paiement(1_000, MethodePaiementContrat::Cheque, "2026-02-01"),
        }),
        erreur(ContratsError::ChequeRemisModification),
    );
}

#[test]
fn a_deposited_contract_cheque_cannot_be_deleted() {
    refused(
        deposited(),
        GrandLivreCommand::Contrats(ContratsCommand::SupprimerPaiement {
            paiement_id: 1,
            sens: SensContrat::Revenu,
        }),
        erreur(ContratsError::ChequeRemis),
    );
}

#[test]
fn an_edited_payment_may_reach_the_total_less_the_other_payments() {
    let events = accepted(
        with(
            residence(),
            vec![payer(
                1,
                SensContrat::Revenu,
                3_000,
                MethodePaiementContrat::Espece,
                "2026-02-01",
            )],
        ),
        GrandLivreCommand::Contrats(ContratsCommand::ModifierPaiement {
            paiement_id: 1,
            sens: SensContrat::Revenu,
            paiement: paiement(3_600, MethodePaiementContrat::Espece, "2026-02-01"),
        }),
    );
    assert_eq!(events.len(), 1);
}

#[test]
fn receipts_share_one_id_sequence_across_collections_contracts_and_revenues() {
    let livre = state(with(
        residence(),
        vec![
            payer(
                1,
                SensContrat::Revenu,
                100,
                MethodePaiementContrat::Cheque,
                "2026-02-01",
            ),
            revenu(Some(1), MethodePaiementContrat::Cheque),
        ],
    ));
    assert!(livre.contrats.paiement(1).is_some());
    assert!(livre.contrats.revenu(2).is_some());
    assert_eq!(livre.prochain_id_recette(), 3);
}

#[test]
fn a_contract_file_is_removed_while_its_start_is_in_an_open_exercice() {
    let given = with(
        residence(),
        vec![GrandLivreCommand::Contrats(
            ContratsCommand::ModifierContrat {
                contrat_id: 1,
                fiche: fiche_antenne(),
                documents: vec![PieceJointe {
                    nature: NatureDocument::Doc,
                    titre: "avenant.pdf".into(),
                    content_type: "application/pdf".into(),
                    taille: 1_024,
                    sha256: "ef".repeat(32),
                }],
            },
        )],
    );
    let events = accepted(
        given,
        GrandLivreCommand::Contrats(ContratsCommand::RetirerDocument { document_id: 1 }),
    );
    assert_eq!(
        events,
        vec![GrandLivreEvent::Contrats(
            ContratsEvent::DocumentContratRetire {
                contrat_id: 1,
                document_id: 1
            }
        )]
    );
}

// Exceptional revenues

#[test]
fn an_exceptional_revenue_is_received_in_cash_cheque_or_transfer_only() {
    refused(
        vec![exercice(2026)],
        revenu(None, MethodePaiementContrat::Enligne),
        erreur(ContratsError::MethodeInvalide),
    );
}

#[test]
fn an_exceptional_revenue_names_a_known_client_or_none() {
    refused(
        vec![exercice(2026)],
        revenu(Some(4), MethodePaiementContrat::Espece),
        erreur(ContratsError::ClientInconnu(4)),
    );
}

#[test]
fn an_exceptional_revenue_dated_where_no_exercice_is_open_is_refused() {
    refused(
        vec![exercice(2025)],
        revenu(None, MethodePaiementContrat::Espece),
        GrandLivreError::Exercice(ExerciceError::AucunExerciceOuvert { annee: 2026 }),
    );
}

#[test]
fn a_deposited_exceptional_revenue_cannot_be_deleted() {
    refused(
        with(
            residence(),
            vec![
                revenu(None, MethodePaiementContrat::Cheque),
                remise(vec![1], "2026-05-20"),
            ],
        ),
        GrandLivreCommand::Contrats(ContratsCommand::SupprimerRevenuExceptionnel { revenu_id: 1 }),
        erreur(ContratsError::ChequeRemis),
    );
}

#[test]
fn an_exceptional_revenue_in_a_closed_exercice_cannot_be_deleted() {
    refused(
        with(
            vec![exercice(2026)],
            vec![
                revenu(None, MethodePaiementContrat::Espece),
                exercice(2027),
                cloturer(2026),
            ],
        ),
        GrandLivreCommand::Contrats(ContratsCommand::SupprimerRevenuExceptionnel { revenu_id: 1 }),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2026 }),
    );
}

// The books

#[test]
fn contract_payments_and_revenues_post_balanced_entries_to_their_accounts() {
    let events = history(with(
        residence(),
        vec![
            payer(
                1,
                SensContrat::Revenu,
                1_200,
                MethodePaiementContrat::Cheque,
                "2026-02-01",
            ),
            payer(
                2,
                SensContrat::Depense,
                150,
                MethodePaiementContrat::Virement,
                "2026-02-01",
            ),
            revenu(None, MethodePaiementContrat::Espece),
        ],
    ));
    let mut livres = Livres::default();
    for event in &events {
        livres.appliquer(event);
    }
    let fin = date("2026-12-31");
    assert_eq!(livres.solde_au(Compte::RevenusContrats, fin), -1_200_000);
    assert_eq!(livres.solde_au(Compte::ChequesAEncaisser, fin), 1_200_000);
    assert_eq!(
        livres.solde_au(Compte::ChargesCourantes(Some(1)), fin),
        150_000
    );
    assert_eq!(livres.solde_au(Compte::Banque(Some(1)), fin), -150_000);
    assert_eq!(
        livres.solde_au(Compte::ProduitsExceptionnels, fin),
        -850_500
    );
    assert_eq!(livres.solde_au(Compte::Caisse, fin), 850_500);
    let (debit, credit) = livres
        .balance(None)
        .values()
        .fold((0, 0), |(d, c), (dd, cc)| (d + dd, c + cc));
    assert_eq!(debit, credit);
}
