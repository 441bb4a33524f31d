//! The budgets read model (issue 15): the same events projected one at a time and replayed in
//! one batch (a rebuild) give the same rows, on both stores; and the budgets read are the
//! ledger's own (`GrandLivre.budgets`), the one created by a year's opening included, with the
//! spend of each category read from the current charges of the year.

#![allow(clippy::expect_used, clippy::unwrap_used)]

mod support;

use chrono::NaiveDate;
use daftar_domain::budgets::{BudgetsCommand, LigneBudget};
use daftar_domain::depenses::{
    Approbation, DepensesCommand, FicheDepense, FicheFournisseur, NatureDepense, TypeFournisseur,
};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::Montant;
use daftar_projections::budgets::{self, BudgetsView};
use daftar_projections::{read_models, CommandMetadata, Database, Ledger, Projector, ReadModel};
use sqlx::Row;
use support::TestStore;

fn categorie(titre: &str) -> GrandLivreCommand {
    DepensesCommand::CreerCategorie {
        titre: titre.into(),
        description: None,
    }
    .into()
}

fn ligne(id: Option<i64>, categorie_id: i64, millimes: i64) -> LigneBudget {
    LigneBudget {
        id,
        categorie_id,
        montant: Montant::from_millimes(millimes),
    }
}

fn charge(
    nature: NatureDepense,
    jour: &str,
    categorie_id: i64,
    millimes: i64,
) -> GrandLivreCommand {
    DepensesCommand::EnregistrerDepense {
        nature,
        fiche: FicheDepense {
            titre: format!("Facture du {jour}"),
            montant_total: Montant::from_millimes(millimes),
            date_facture: NaiveDate::parse_from_str(jour, "%Y-%m-%d").unwrap(),
            fournisseur_id: 1,
            categorie_id: Some(categorie_id),
            commentaire: None,
            description: None,
            approbation: None,
        },
        documents: Vec::new(),
    }
    .into()
}

/// 2025 opened, categories 1 (Électricité), 2 (Eau), 3 (Jardinage); 2025's budget set (approved),
/// then 2026 opened (its budget copies 2025's), 2025's changed afterwards, 2026's edited, the
/// zero-budgeted Jardinage deleted; charges in both years and works (not counted).
fn history() -> Vec<GrandLivreCommand> {
    vec![
        ExerciceCommand::OuvrirExercice { annee: 2025 }.into(),
        DepensesCommand::CreerFournisseur {
            fiche: FicheFournisseur {
                nom: "STEG".into(),
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
        }
        .into(),
        categorie("Électricité"),
        categorie("Eau"),
        categorie("Jardinage"),
        BudgetsCommand::ModifierBudget {
            annee: 2025,
            titre: "Budget 2025".into(),
            approbation: Some(Approbation {
                approuve: true,
                par: None,
            }),
            commentaire: Some("Voté".into()),
            elements: vec![ligne(None, 1, 1_000_000), ligne(None, 3, 0)],
        }
        .into(),
        ExerciceCommand::OuvrirExercice { annee: 2026 }.into(),
        BudgetsCommand::ModifierBudget {
            annee: 2025,
            titre: "Budget 2025".into(),
            approbation: None,
            commentaire: None,
            elements: vec![
                ligne(Some(1), 1, 900_000),
                ligne(Some(2), 3, 0),
                ligne(None, 2, 50_000),
            ],
        }
        .into(),
        BudgetsCommand::ModifierBudget {
            annee: 2026,
            titre: "Budget prévisionnel 2026".into(),
            approbation: None,
            commentaire: None,
            elements: vec![
                ligne(None, 2, 120_500),
                ligne(Some(3), 1, 1_100_000),
                ligne(Some(4), 3, 0),
            ],
        }
        .into(),
        charge(NatureDepense::Charge, "2025-12-31", 1, 150_000),
        charge(NatureDepense::Charge, "2026-01-31", 1, 100_000),
        charge(NatureDepense::Charge, "2026-02-28", 1, 60_500),
        charge(NatureDepense::Travaux, "2026-03-01", 1, 900_000),
        charge(NatureDepense::Charge, "2026-03-15", 2, 40_000),
        DepensesCommand::SupprimerCategorie { categorie_id: 3 }.into(),
    ]
}

fn meta() -> CommandMetadata {
    CommandMetadata {
        acting_user: "1".into(),
        request_id: "budgets".into(),
    }
}

/// Every row of the model's tables, in key order, as text.
async fn rows(db: &Database) -> Vec<(String, Vec<String>)> {
    let mut all = Vec::new();
    for table in BudgetsView.tables() {
        let rows = sqlx::query(&format!("SELECT * FROM {table} ORDER BY 1, 2"))
            .fetch_all(&db.pool)
            .await
            .unwrap();
        for row in &rows {
            let values = (0..row.len())
                .map(|column| match row.try_get::<Option<i64>, _>(column) {
                    Ok(number) => format!("{number:?}"),
                    Err(_) => format!("{:?}", row.try_get::<Option<String>, _>(column).unwrap()),
                })
                .collect();
            all.push(((*table).to_owned(), values));
        }
    }
    all
}

async fn budgets_projected_one_by_one_and_replayed_give_the_ledger_s_budgets(store: &TestStore) {
    let ledger: Ledger<GrandLivre> = Ledger::new(store.db.clone(), ());
    let projector = Projector::new(store.db.clone(), read_models());
    // Two residences whose histories interleave.
    for command in history() {
        for residence in ["51", "52"] {
            ledger
                .execute(residence, command.clone(), &meta())
                .await
                .unwrap_or_else(|e| panic!("{command:?}: {e}"));
            projector.catch_up().await.unwrap();
        }
    }
    let one_by_one = rows(&store.db).await;

    projector.rebuild().await.unwrap();
    assert_eq!(rows(&store.db).await, one_by_one);

    // What the ledger decided, element by element.
    let livre = ledger.current("51").await.unwrap();
    let read = budgets::budgets(&store.db, 51, None).await.unwrap();
    assert_eq!(
        read.iter().map(|b| b.annee).collect::<Vec<_>>(),
        [2026, 2025]
    );
    for budget in &read {
        let decided = livre.budgets.budget(budget.annee).unwrap();
        assert_eq!(budget.titre, decided.titre);
        assert_eq!(budget.montant_total(), decided.montant_total());
        assert_eq!(
            budget
                .elements
                .iter()
                .map(|e| (e.id, e.categorie_id, e.montant))
                .collect::<Vec<_>>(),
            decided
                .elements
                .iter()
                .map(|e| (e.id, e.categorie_id, e.montant))
                .collect::<Vec<_>>(),
        );
    }
    // 2026 opened when 2025 held Électricité (1) and Jardinage (2): copied as 3 and 4; Jardinage
    // deleted with its zero elements; 2025's later change did not reach 2026.
    let y2026 = &read[0];
    assert_eq!(y2026.titre, "Budget prévisionnel 2026");
    assert_eq!(
        y2026
            .elements
            .iter()
            .map(|e| (
                e.id,
                e.categorie_titre.as_str(),
                e.montant.millimes(),
                e.montant_total_depense.millimes()
            ))
            .collect::<Vec<_>>(),
        [
            (6, "Eau", 120_500, 40_000),
            (3, "Électricité", 1_100_000, 160_500)
        ]
    );
    assert_eq!(
        y2026.elements[1]
            .charges
            .iter()
            .map(|c| c.titre.as_str())
            .collect::<Vec<_>>(),
        ["Facture du 2026-01-31", "Facture du 2026-02-28"]
    );
    let y2025 = &read[1];
    assert_eq!(y2025.is_approved, None);
    assert_eq!(
        y2025
            .elements
            .iter()
            .map(|e| (e.id, e.montant_total_depense.millimes()))
            .collect::<Vec<_>>(),
        [(1, 150_000), (5, 0)]
    );
    // One year only.
    let one = budgets::budgets(&store.db, 51, Some(2025)).await.unwrap();
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].elements, y2025.elements);
    // Another residence's budgets are its own.
    assert!(budgets::budgets(&store.db, 53, None)
        .await
        .unwrap()
        .is_empty());
}

on_both_stores!(budgets_projected_one_by_one_and_replayed_give_the_ledger_s_budgets);
