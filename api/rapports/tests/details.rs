//! The detailed documents of the pack: the books (journal, general ledger, trial balance),
//! the debtor co-owners and the bank reconciliation, then the zip and the closing pack.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::float_arithmetic)]

mod commun;

use calamine::Data;
use commun::*;
use daftar_domain::banque::{BanqueCommand, Mouvement, TableMouvement};
use daftar_domain::comptabilite::Compte;
use daftar_domain::grand_livre::GrandLivreCommand;
use daftar_rapports::{
    coproprietaires_debiteurs, details, dossier_cloture, rapprochements, zip_details, Document,
};

fn document<'a>(documents: &'a [Document], nom: &str) -> &'a [u8] {
    &documents
        .iter()
        .find(|d| d.nom == nom)
        .unwrap_or_else(|| panic!("{nom} missing"))
        .octets
}

fn dinars(millimes: i128) -> Data {
    Data::Float(
        format!("{}.{:03}", millimes / 1000, (millimes % 1000).abs())
            .parse()
            .unwrap(),
    )
}

/// The residence, with the cheque deposit pointed in January and the transfer to savings
/// pointed by the bank only in 2026.
fn residence_pointee() -> Vec<GrandLivreCommand> {
    let mut commands = residence();
    commands.push(GrandLivreCommand::Banque(BanqueCommand::Pointer {
        mouvement: Mouvement {
            table: TableMouvement::Remise,
            id: 1,
        },
        date_banque: Some(date("2025-01-22")),
    }));
    commands.push(GrandLivreCommand::Banque(BanqueCommand::Pointer {
        mouvement: Mouvement {
            table: TableMouvement::TransfertSortie,
            id: 1,
        },
        date_banque: Some(date("2026-01-02")),
    }));
    commands
}

#[test]
fn the_journal_and_the_trial_balance_balance_and_match_the_books() {
    let (livre, livres) = livres_de(residence());
    let documents = details(&livre, &livres, &provisoire(2025)).unwrap();
    let (debit, credit) = livres
        .balance(Some(2025))
        .values()
        .fold((0, 0), |(d, c), (x, y)| (d + x, c + y));
    assert_eq!(debit, credit);
    let journal = cellules_xlsx(document(&documents, "journal_2025.xlsx"));
    assert_eq!(a_droite_de(&journal, "Total", 5), Some(dinars(debit)));
    assert_eq!(a_droite_de(&journal, "Total", 6), Some(dinars(credit)));
    let balance = cellules_xlsx(document(&documents, "balance_generale_2025.xlsx"));
    assert_eq!(a_droite_de(&balance, "Total", 2), Some(dinars(debit)));
    assert_eq!(a_droite_de(&balance, "Total", 3), Some(dinars(credit)));
    assert_eq!(
        a_droite_de(&balance, "Total", 4),
        a_droite_de(&balance, "Total", 5)
    );
    // A bank sub-account is titled with its bank account's libellé, a charge with its category
    assert_eq!(
        a_droite_de(&balance, "512001", 1),
        Some(Data::String("Courant".into()))
    );
    assert_eq!(
        a_droite_de(&balance, "600001", 1),
        Some(Data::String("Charges courantes — Électricité".into()))
    );
    let texte = texte_pdf(document(&documents, "balance_generale_2025.pdf"));
    assert!(texte.contains("La balance est équilibrée"), "{texte}");
    let texte = texte_pdf(document(&documents, "journal_2025.pdf"));
    assert!(texte.contains("Facture « Électricité T1 »"), "{texte}");
    assert!(texte.contains("Provisoire — exercice non clôturé"));
}

#[test]
fn the_general_ledger_runs_each_account_from_its_carried_balance_to_the_books_closing() {
    let (livre, livres) = livres_de(residence());
    let documents = details(&livre, &livres, &provisoire(2026)).unwrap();
    let grand_livre = cellules_xlsx(document(&documents, "grand_livre_2026.xlsx"));
    let rangees: Vec<&[Data]> = grand_livre.rows().collect();
    let titre = rangees
        .iter()
        .position(|r| r.first() == Some(&Data::String("53 — Caisse".into())))
        .unwrap();
    // Carried in: the 2025 closing (−10 DT); one movement of +40; closing 30 DT
    assert_eq!(rangees[titre + 2].get(5), Some(&dinars(-10_000)));
    assert_eq!(rangees[titre + 3].get(3), Some(&dinars(40_000)));
    let total = rangees[titre..]
        .iter()
        .find(|r| r.get(2) == Some(&Data::String("Total et solde de clôture".into())))
        .unwrap();
    assert_eq!(
        total.get(5),
        Some(&dinars(livres.solde_au(Compte::Caisse, date("2026-12-31"))))
    );
}

#[test]
fn debtors_owe_the_dues_fallen_due_less_the_payments_made_by_31_december() {
    let (livre, livres) = livres_de(residence());
    // 2025: 160 DT of charges and 1,000 DT of works called, 620 DT paid
    let d2025 = coproprietaires_debiteurs(&livre, &livres, 2025);
    assert_eq!(d2025.total_du(), 540_000);
    assert_eq!(d2025.avances, 0);
    assert_eq!(
        d2025.total_du() - d2025.avances - d2025.non_ventile,
        livres.solde_au(Compte::Coproprietaires, date("2025-12-31"))
    );
    assert!(d2025.debiteurs.iter().all(|d| d.reste_du > 0));
    // The 40 DT paid in January 2026 counts in 2026 only
    let d2026 = coproprietaires_debiteurs(&livre, &livres, 2026);
    assert_eq!(d2026.total_du(), 500_000);
    let debiteur = &d2026.debiteurs[0];
    assert_eq!(debiteur.reste_du, 500_000);
    let documents = details(&livre, &livres, &provisoire(2025)).unwrap();
    let texte = texte_pdf(document(&documents, "coproprietaires_debiteurs_2025.pdf"));
    assert!(texte.contains("540,000 DT"), "{texte}");
    assert!(texte.contains(&debiteur.propriete), "{texte}");
}

#[test]
fn the_reconciliation_explains_the_bank_balance_by_the_movements_not_pointed() {
    let (livre, livres) = livres_de(residence_pointee());
    let r = rapprochements(&livre, &livres, 2025);
    assert_eq!(r.len(), 2);
    let courant = &r[0];
    assert_eq!(courant.libelle, "512001 — Courant");
    assert_eq!(courant.solde_livres, 573_075);
    // Only the cheque deposit was pointed by 31 December: the bank shows the opening balance
    // and the deposit
    assert_eq!(courant.solde_banque(), 1_040_000);
    assert_eq!(courant.pointes_exercice, (1, 40_000));
    assert_eq!(courant.date_dernier_pointage, Some(date("2025-01-22")));
    let transfert = courant
        .non_pointes
        .iter()
        .find(|l| l.libelle == "Transfert entre comptes")
        .unwrap();
    assert_eq!(transfert.montant, -200_000);
    assert_eq!(transfert.date_banque, Some(date("2026-01-02")));
    // The savings account's side of the transfer is not pointed
    assert_eq!(r[1].solde_banque(), 0);
    let documents = details(&livre, &livres, &cloture(2025)).unwrap();
    let texte = texte_pdf(document(&documents, "rapprochement_bancaire_2025.pdf"));
    assert!(texte.contains("1 040,000 DT"), "{texte}");
    assert!(texte.contains("Exercice clôturé le 12/05/2026"), "{texte}");
}

#[test]
fn the_zip_holds_every_detailed_document_dated_on_the_closing_day() {
    use std::io::Read;
    let (livre, livres) = livres_de(residence_pointee());
    let ctx = cloture(2025);
    let documents = details(&livre, &livres, &ctx).unwrap();
    let noms: Vec<&str> = documents.iter().map(|d| d.nom.as_str()).collect();
    let mut tries = noms.clone();
    tries.sort_unstable();
    assert_eq!(noms, tries, "sorted by name");
    for attendu in [
        "journal_2025",
        "grand_livre_2025",
        "balance_generale_2025",
        "coproprietaires_debiteurs_2025",
        "rapprochement_bancaire_2025",
        "annexe1_etat_financier_2025",
        "annexe2_compte_gestion_general_2025",
        "annexe3_operations_courantes_2025",
        "annexe4_travaux_operations_exceptionnelles_2025",
        "annexe5_travaux_non_clotures_2025",
        "budget_realise_2025",
    ] {
        for extension in ["pdf", "xlsx"] {
            assert!(
                noms.contains(&format!("{attendu}.{extension}").as_str()),
                "{attendu}.{extension} missing in {noms:?}"
            );
        }
    }
    let pack = dossier_cloture(&livre, &livres, &ctx).unwrap();
    let noms_pack: Vec<&str> = pack.iter().map(|d| d.nom.as_str()).collect();
    assert_eq!(
        noms_pack,
        vec![
            "DetailsFinanciers_2025.zip",
            "tresorerie_2025.pdf",
            "tresorerie_2025.xlsx"
        ]
    );
    let zip = document(&pack, "DetailsFinanciers_2025.zip");
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip.to_vec())).unwrap();
    assert_eq!(archive.len(), documents.len());
    for document in &documents {
        let mut entree = archive.by_name(&document.nom).unwrap();
        let heure = entree.last_modified().unwrap();
        assert_eq!(
            (
                heure.year(),
                heure.month(),
                heure.day(),
                heure.hour(),
                heure.minute()
            ),
            (2026, 5, 12, 0, 0)
        );
        let mut octets = Vec::new();
        entree.read_to_end(&mut octets).unwrap();
        assert_eq!(octets, document.octets, "{}", document.nom);
    }
}

#[test]
fn the_whole_pack_renders_to_the_same_bytes_twice() {
    let (livre, livres) = livres_de(residence_pointee());
    for ctx in [cloture(2025), provisoire(2026)] {
        let premier = dossier_cloture(&livre, &livres, &ctx).unwrap();
        let second = dossier_cloture(&livre, &livres, &ctx).unwrap();
        assert_eq!(premier.len(), second.len());
        for (a, b) in premier.iter().zip(&second) {
            assert_eq!(a.nom, b.nom);
            assert!(
                a.octets == b.octets,
                "{} differs between two renders",
                a.nom
            );
        }
        let details = details(&livre, &livres, &ctx).unwrap();
        assert_eq!(
            zip_details(&details, date("2026-05-12")).unwrap(),
            zip_details(&details, date("2026-05-12")).unwrap()
        );
    }
}

#[test]
fn a_year_with_nothing_recorded_still_gives_the_whole_pack() {
    use daftar_domain::exercice::ExerciceCommand;
    // Given a residence whose first year is open and empty
    let (livre, livres) = livres_de(vec![GrandLivreCommand::Exercice(
        ExerciceCommand::OuvrirExercice { annee: 2026 },
    )]);
    // When its pack is rendered
    let pack = dossier_cloture(&livre, &livres, &provisoire(2026)).unwrap();
    // Then every document is there, with zero totals
    assert_eq!(pack.len(), 3);
    let documents = details(&livre, &livres, &provisoire(2026)).unwrap();
    assert_eq!(documents.len(), 22);
    let texte = texte_pdf(document(&pack, "tresorerie_2026.pdf"));
    assert!(
        texte.contains("Total de la trésorerie de clôture"),
        "{texte}"
    );
    assert!(texte.contains("0,000 DT"));
    let texte = texte_pdf(document(&documents, "rapprochement_bancaire_2026.pdf"));
    assert!(
        texte.contains("La résidence n'a pas de compte bancaire."),
        "{texte}"
    );
}
