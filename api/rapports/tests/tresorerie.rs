//! The simplified treasury table: it reconciles with the books, sorts each movement by its
//! nature, and its PDF and xlsx say the same figures.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::float_arithmetic)]

mod commun;

use calamine::Data;
use commun::*;
use daftar_domain::comptabilite::Compte;
use daftar_rapports::{
    tableau_tresorerie, tableau_tresorerie_pdf, tableau_tresorerie_xlsx, TableauTresorerie,
};

fn montant_de(t: &TableauTresorerie, libelle_contient: &str, recettes: bool) -> i128 {
    let lignes = if recettes { &t.recettes } else { &t.depenses };
    lignes
        .iter()
        .filter(|l| l.libelle.contains(libelle_contient))
        .map(|l| l.montant)
        .sum()
}

#[test]
fn the_table_reconciles_and_every_closing_balance_is_the_books() {
    // Given two years of the residence
    let (livre, livres) = livres_de(residence());
    // When the 2025 table is built
    let t = tableau_tresorerie(&livre, &livres, 2025);
    // Then opening + receipts − payments + internal = closing, account by account as in total
    assert_eq!(t.cloture_calculee(), t.total_cloture());
    assert_eq!(t.total_internes(), 0, "internal movements net out");
    for compte in &t.comptes {
        assert_eq!(
            compte.cloture,
            livres.solde_au(compte.compte, date("2025-12-31")),
            "{}",
            compte.libelle
        );
        assert_eq!(
            compte.ouverture,
            livres.solde_au(compte.compte, date("2024-12-31"))
        );
    }
    let libelles: Vec<&str> = t.comptes.iter().map(|c| c.libelle.as_str()).collect();
    assert_eq!(
        libelles,
        vec!["53 — Caisse", "512001 — Courant", "512002 — Épargne"]
    );
    // The current account's opening balance is declared in the year (890), not received
    assert_eq!(t.soldes_initiaux, 1_000_000);
    // Cash: +40 collected, +50 withdrawn, −100 paid
    assert_eq!(t.comptes[0].cloture, -10_000);
}

#[test]
fn receipts_and_payments_are_grouped_by_nature() {
    let (livre, livres) = livres_de(residence());
    let t = tableau_tresorerie(&livre, &livres, 2025);
    // Cash, the deposited cheque and the transfer: three monthly dues of 40 DT
    assert_eq!(montant_de(&t, "opérations courantes", true), 120_000);
    assert_eq!(
        montant_de(&t, "travaux et opérations exceptionnelles", true),
        500_000
    );
    assert_eq!(montant_de(&t, "Produits financiers", true), 5_600);
    // The supplier payments followed to their invoice: the category, the works
    assert_eq!(montant_de(&t, "Électricité", false), 250_125);
    assert_eq!(montant_de(&t, "Travaux", false), 600_000);
    assert_eq!(montant_de(&t, "Frais bancaires", false), 12_400);
    assert_eq!(t.total_recettes(), 625_600);
    assert_eq!(t.total_depenses(), 862_525);
    // The withdrawal and the transfer are internal, per account
    let internes: Vec<(&str, i128)> = t
        .internes
        .iter()
        .map(|l| (l.libelle.as_str(), l.montant))
        .collect();
    assert_eq!(
        internes,
        vec![
            ("53 — Caisse", 50_000),
            ("512001 — Courant", -250_000),
            ("512002 — Épargne", 200_000)
        ]
    );
}

#[test]
fn next_years_opening_is_this_years_closing() {
    let (livre, livres) = livres_de(residence());
    let t2025 = tableau_tresorerie(&livre, &livres, 2025);
    let t2026 = tableau_tresorerie(&livre, &livres, 2026);
    let clotures: Vec<(Compte, i128)> = t2025
        .comptes
        .iter()
        .map(|c| (c.compte, c.cloture))
        .collect();
    let ouvertures: Vec<(Compte, i128)> = t2026
        .comptes
        .iter()
        .map(|c| (c.compte, c.ouverture))
        .collect();
    assert_eq!(clotures, ouvertures);
    assert_eq!(t2026.total_recettes(), 40_000);
    assert_eq!(t2026.soldes_initiaux, 0);
    assert_eq!(t2026.cloture_calculee(), t2026.total_cloture());
}

#[test]
fn the_xlsx_holds_amounts_as_numbers_in_dt() {
    let (livre, livres) = livres_de(residence());
    let xlsx = tableau_tresorerie_xlsx(&livre, &livres, &provisoire(2025)).unwrap();
    let cellules = cellules_xlsx(&xlsx);
    assert_eq!(
        a_droite_de(&cellules, "Total des recettes", 1),
        Some(Data::Float(625.6))
    );
    assert_eq!(
        a_droite_de(&cellules, "Total des dépenses", 1),
        Some(Data::Float(862.525))
    );
    assert_eq!(
        a_droite_de(&cellules, "512002 — Épargne", 1),
        Some(Data::Float(0.0))
    );
    let texte: Vec<String> = cellules
        .rows()
        .flat_map(|r| r.iter().map(|c| c.to_string()))
        .collect();
    assert!(
        texte.iter().any(|t| t.starts_with("Provisoire")),
        "{texte:?}"
    );
    // The number format says DT
    let styles = String::from_utf8(zip_entree(&xlsx, "xl/styles.xml")).unwrap();
    assert!(styles.contains("#,##0.000 &quot;DT&quot;"), "{styles}");
}

#[test]
fn the_pdf_states_the_totals_and_is_provisional_while_the_year_is_open() {
    let (livre, livres) = livres_de(residence());
    let texte = texte_pdf(&tableau_tresorerie_pdf(&livre, &livres, &provisoire(2025)).unwrap());
    for attendu in [
        "Les Jasmins",
        "Tableau de trésorerie simplifié",
        "Exercice 2025",
        "Provisoire — exercice non clôturé",
        "Total des recettes",
        "625,600 DT",
        "862,525 DT",
        "1 000,000 DT",
    ] {
        assert!(texte.contains(attendu), "{attendu:?} missing in:\n{texte}");
    }
    let texte = texte_pdf(&tableau_tresorerie_pdf(&livre, &livres, &cloture(2025)).unwrap());
    assert!(texte.contains("Exercice clôturé le 12/05/2026"), "{texte}");
    assert!(!texte.contains("Provisoire"));
}

#[test]
fn rendering_twice_gives_the_same_bytes() {
    let (livre, livres) = livres_de(residence());
    let ctx = cloture(2025);
    assert_eq!(
        tableau_tresorerie_pdf(&livre, &livres, &ctx).unwrap(),
        tableau_tresorerie_pdf(&livre, &livres, &ctx).unwrap()
    );
    let xlsx = tableau_tresorerie_xlsx(&livre, &livres, &ctx).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1_100));
    assert_eq!(
        xlsx,
        tableau_tresorerie_xlsx(&livre, &livres, &ctx).unwrap()
    );
    let core = String::from_utf8(zip_entree(&xlsx, "docProps/core.xml")).unwrap();
    assert!(core.contains("2026-05-12T00:00:00Z"), "{core}");
}

#[test]
fn a_corrected_or_cancelled_collection_counts_in_its_last_form_only() {
    use daftar_domain::grand_livre::GrandLivreCommand;
    use daftar_domain::paiement::Paiement;
    use daftar_domain::revenus::{MethodePaiement, RevenusCommand};
    use daftar_domain::Montant;
    // Given the cash collection of due 1 corrected to a transfer, and that of due 3 cancelled
    let mut commands = residence();
    commands.push(GrandLivreCommand::Revenus(
        RevenusCommand::ModifierEncaissement {
            encaissement_id: 1,
            paiement: Paiement {
                montant: Montant::dinars(40),
                date_paiement: date("2025-01-15"),
                methode: MethodePaiement::Virement,
                reference: Some("VIR-1".into()),
            },
            aujourd_hui: date("2026-11-22"),
        },
    ));
    commands.push(GrandLivreCommand::Revenus(
        RevenusCommand::AnnulerEncaissement { encaissement_id: 3 },
    ));
    let (livre, livres) = livres_de(commands);
    // When the table is built
    let t = tableau_tresorerie(&livre, &livres, 2025);
    // Then the dues collected are 80 DT, the cash lost its 40 DT, the bank kept the transfer
    assert_eq!(montant_de(&t, "opérations courantes", true), 80_000);
    assert_eq!(t.comptes[0].cloture, -50_000);
    assert_eq!(t.cloture_calculee(), t.total_cloture());
    for compte in &t.comptes {
        assert_eq!(
            compte.cloture,
            livres.solde_au(compte.compte, date("2025-12-31"))
        );
    }
}

#[test]
fn contracts_exceptional_revenues_and_payroll_have_their_own_lines() {
    use daftar_domain::banque::BanqueCommand;
    use daftar_domain::contrats::{
        ContratsCommand, ContratsEvent, Contrepartie, FicheClient, FicheContrat,
        FicheRevenuExceptionnel, MethodePaiementContrat, Periodicite, SensContrat,
    };
    use daftar_domain::depenses::MethodePaiementDepense;
    use daftar_domain::grand_livre::{GrandLivreCommand, GrandLivreEvent};
    use daftar_domain::paiement::Paiement;
    use daftar_domain::salaires::{
        FicheSalarie, MethodePaiementSalaire, SaisieChargePatronale, SaisiePaiementSalaire,
        SalairesCommand,
    };
    use daftar_domain::Montant;
    let contrat = |contrepartie| {
        GrandLivreCommand::Contrats(ContratsCommand::EnregistrerContrat {
            fiche: FicheContrat {
                titre: "Contrat".into(),
                montant: Montant::dinars(100),
                date_debut: date("2025-01-01"),
                date_fin: None,
                periodicite: Periodicite::Mensuelle,
                contrepartie,
                commentaire: None,
            },
            documents: Vec::new(),
        })
    };
    let payer_contrat = |contrat_id, sens, methode| {
        GrandLivreCommand::Contrats(ContratsCommand::Payer {
            contrat_id,
            sens,
            paiement: Paiement {
                montant: Montant::dinars(100),
                date_paiement: date("2025-02-01"),
                methode,
                reference: Some("C-1".into()),
            },
        })
    };
    // Given a rooftop antenna's rent and an old lift sold, both paid by cheques deposited
    // together, a cleaning contract paid by transfer, the concierge's salary and the CNSS
    let mut commands = residence();
    commands.extend([
        GrandLivreCommand::Contrats(ContratsCommand::CreerClient {
            fiche: FicheClient {
                nom: "Ooredoo".into(),
                tel: None,
                email: None,
                adresse: None,
                ville: None,
                gouvernorat: None,
                activite: None,
                matricule_fiscal: None,
                commentaire: None,
            },
        }),
        contrat(Contrepartie::Client { client_id: 1 }),
        contrat(Contrepartie::Fournisseur {
            fournisseur_id: 1,
            categorie_id: Some(1),
        }),
        payer_contrat(1, SensContrat::Revenu, MethodePaiementContrat::Cheque),
        payer_contrat(2, SensContrat::Depense, MethodePaiementContrat::Virement),
        GrandLivreCommand::Contrats(ContratsCommand::EnregistrerRevenuExceptionnel {
            fiche: FicheRevenuExceptionnel {
                titre: "Vente de l'ancien moteur".into(),
                montant: Montant::dinars(70),
                date_paiement: date("2025-02-02"),
                methode: MethodePaiementContrat::Cheque,
                reference: None,
                commentaire: None,
                client_id: Some(1),
            },
        }),
        GrandLivreCommand::Salaires(SalairesCommand::CreerSalarie {
            fiche: FicheSalarie {
                nom: "Gardien".into(),
                poste: "Concierge".into(),
                tel: "20123456".into(),
                cin: None,
                date_naissance: None,
                adresse: None,
                salaire: Montant::dinars(650),
                taux_charges_patronales: None,
                numero_cnss: None,
                rib: None,
                date_debut: date("2020-01-01"),
                date_fin: None,
                commentaire: None,
            },
            aujourd_hui: date("2026-11-22"),
        }),
        GrandLivreCommand::Salaires(SalairesCommand::PayerSalaire {
            salarie_id: 1,
            paiement: SaisiePaiementSalaire {
                mois: date("2025-03-01"),
                montant: Montant::dinars(650),
                date_paiement: date("2025-03-31"),
                methode: MethodePaiementSalaire::Virement,
                reference: None,
                commentaire: None,
            },
            aujourd_hui: date("2026-11-22"),
        }),
        GrandLivreCommand::Salaires(SalairesCommand::PayerChargePatronale {
            saisie: SaisieChargePatronale {
                titre: "CNSS T1".into(),
                montant: Montant::dinars(120),
                date_paiement: date("2025-04-15"),
                methode: MethodePaiementDepense::Espece,
                reference: None,
                commentaire: None,
            },
        }),
    ]);
    let cheques: Vec<i64> = histoire(commands.clone())
        .into_iter()
        .filter_map(|event| match event {
            GrandLivreEvent::Contrats(ContratsEvent::ContratPaye {
                paiement_id,
                contrepartie: Contrepartie::Client { .. },
                ..
            }) => Some(paiement_id),
            GrandLivreEvent::Contrats(ContratsEvent::RevenuExceptionnelEnregistre {
                revenu_id,
                ..
            }) => Some(revenu_id),
            _ => None,
        })
        .collect();
    assert_eq!(cheques.len(), 2);
    commands.push(GrandLivreCommand::Banque(BanqueCommand::CreerRemise {
        compte_id: 1,
        cheques,
        date: date("2025-02-05"),
        reference: Some("R-2".into()),
        commentaire: None,
    }));
    let (livre, livres) = livres_de(commands);
    // When the table is built
    let t = tableau_tresorerie(&livre, &livres, 2025);
    // Then each deposited cheque is counted by what it paid
    assert_eq!(montant_de(&t, "Revenus des contrats", true), 100_000);
    assert_eq!(montant_de(&t, "Produits exceptionnels", true), 70_000);
    assert_eq!(montant_de(&t, "non ventilé", true), 0);
    assert_eq!(
        montant_de(&t, "Salaires du personnel (641)", false),
        650_000
    );
    assert_eq!(
        montant_de(&t, "Charges sociales patronales (645)", false),
        120_000
    );
    // The cleaning contract is a charge of its category, with the invoices paid
    assert_eq!(montant_de(&t, "Électricité", false), 350_125);
    assert_eq!(t.cloture_calculee(), t.total_cloture());
}
