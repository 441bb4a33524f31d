//! The five statements of the co-ownership model and the budget against actual.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::float_arithmetic)]

mod commun;

use calamine::Data;
use commun::*;
use daftar_domain::Montant;
use daftar_rapports::{details, BudgetExercice, Contexte, Document, ElementBudget};

fn xlsx(documents: &[Document], nom: &str) -> calamine::Range<Data> {
    cellules_xlsx(
        &documents
            .iter()
            .find(|d| d.nom == nom)
            .unwrap_or_else(|| panic!("{nom} missing"))
            .octets,
    )
}

fn pdf(documents: &[Document], nom: &str) -> String {
    texte_pdf(&documents.iter().find(|d| d.nom == nom).unwrap().octets)
}

fn avec_budget(mut ctx: Contexte) -> Contexte {
    ctx.budget = Some(BudgetExercice {
        titre: "Budget 2025".to_owned(),
        elements: vec![ElementBudget {
            categorie_id: Some(1),
            montant: Montant::dinars(400),
        }],
    });
    ctx
}

/// The rows of the table titled `titre`, up to its total.
fn table<'a>(cellules: &'a calamine::Range<Data>, titre: &str) -> Vec<&'a [Data]> {
    cellules
        .rows()
        .skip_while(|r| r.first() != Some(&Data::String(titre.into())))
        .skip(2)
        .take_while(|r| r.first() != Some(&Data::String("Total".into())))
        .collect()
}

#[test]
fn the_financial_position_balances() {
    let (livre, livres) = livres_de(residence());
    let documents = details(&livre, &livres, &cloture(2025)).unwrap();
    let etat = xlsx(&documents, "annexe1_etat_financier_2025.xlsx");
    let actif = a_droite_de(&etat, "Total des avoirs et créances", 1).unwrap();
    let passif = a_droite_de(&etat, "Total des dettes, fonds et résultat", 1).unwrap();
    assert_eq!(actif, passif);
    // The treasury (763.075 DT), the cheques (0) and the debtors (540 DT)
    assert_eq!(actif, Data::Float(1_303.075));
    assert_eq!(
        a_droite_de(&etat, "450 — Copropriétaires débiteurs", 1),
        Some(Data::Float(540.0))
    );
    // Suppliers are owed what is left of the invoices
    assert_eq!(
        a_droite_de(&etat, "401 — Fournisseurs", 1),
        Some(Data::Float(8_450.125))
    );
}

#[test]
fn the_general_management_account_is_against_the_budget_when_there_is_one() {
    let (livre, livres) = livres_de(residence());
    // Without a budget the column is empty
    let documents = details(&livre, &livres, &cloture(2025)).unwrap();
    let gestion = xlsx(&documents, "annexe2_compte_gestion_general_2025.xlsx");
    let charges = table(&gestion, "Charges");
    let electricite = charges
        .iter()
        .find(|r| r[0] == Data::String("600001".into()))
        .unwrap();
    assert_eq!(electricite[2], Data::Empty);
    assert_eq!(electricite[3], Data::Float(300.25));
    assert_eq!(
        a_droite_de(&gestion, "Total des charges", 1),
        Some(Data::Float(9_312.65))
    );
    assert_eq!(
        a_droite_de(&gestion, "Total des produits", 1),
        Some(Data::Float(1_165.6))
    );
    assert!(pdf(&documents, "annexe2_compte_gestion_general_2025.pdf")
        .contains("Aucun budget n'est enregistré pour l'exercice 2025"));
    // With one, each category's budget stands in front of its account
    let documents = details(&livre, &livres, &avec_budget(cloture(2025))).unwrap();
    let gestion = xlsx(&documents, "annexe2_compte_gestion_general_2025.xlsx");
    let charges = table(&gestion, "Charges");
    let electricite = charges
        .iter()
        .find(|r| r[0] == Data::String("600001".into()))
        .unwrap();
    assert_eq!(electricite[2], Data::Float(400.0));
    let budget = xlsx(&documents, "budget_realise_2025.xlsx");
    assert_eq!(
        a_droite_de(&budget, "600001", 5),
        Some(Data::String("75 %".into()))
    );
}

#[test]
fn current_operations_leave_out_works_and_exceptional_operations() {
    let (livre, livres) = livres_de(residence());
    let documents = details(&livre, &livres, &provisoire(2025)).unwrap();
    let courantes = xlsx(&documents, "annexe3_operations_courantes_2025.xlsx");
    assert_eq!(
        a_droite_de(&courantes, "Total des charges", 1),
        Some(Data::Float(312.65))
    );
    assert_eq!(
        a_droite_de(&courantes, "Total des produits", 1),
        Some(Data::Float(165.6))
    );
    let exceptionnelles = xlsx(
        &documents,
        "annexe4_travaux_operations_exceptionnelles_2025.xlsx",
    );
    // The item-by-item totals are the books' 672 and 702
    assert_eq!(
        a_droite_de(&exceptionnelles, "Total des travaux (672)", 1),
        Some(Data::Float(9_000.0))
    );
    assert_eq!(
        a_droite_de(&exceptionnelles, "Total des charges", 1),
        Some(Data::Float(9_000.0))
    );
    assert_eq!(
        a_droite_de(&exceptionnelles, "Total des produits (702, 771)", 1),
        Some(Data::Float(1_000.0))
    );
    assert_eq!(
        a_droite_de(&exceptionnelles, "Total des produits", 1),
        Some(Data::Float(1_000.0))
    );
}

#[test]
fn works_not_closed_are_those_with_something_left_to_pay_on_31_december() {
    let (livre, livres) = livres_de(residence());
    let documents = details(&livre, &livres, &provisoire(2025)).unwrap();
    let travaux = xlsx(&documents, "annexe5_travaux_non_clotures_2025.xlsx");
    assert_eq!(
        a_droite_de(&travaux, "Ravalement de façade", 3),
        Some(Data::Float(9_000.0))
    );
    assert_eq!(
        a_droite_de(&travaux, "Ravalement de façade", 5),
        Some(Data::Float(8_400.0))
    );
    assert_eq!(
        a_droite_de(&travaux, "Électricité T1", 1),
        None,
        "a charge is no works"
    );
    let texte = pdf(&documents, "annexe5_travaux_non_clotures_2025.pdf");
    assert!(texte.contains("8 400,000 DT"), "{texte}");
    assert!(
        texte.contains("Provisoire — exercice non clôturé"),
        "{texte}"
    );
}
