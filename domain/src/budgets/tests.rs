//! Given/when/then: budget rules, one test per rule.

use cqrs_es::test::TestFramework;

use super::*;
use crate::depenses::{Approbateur, DepensesCommand, DepensesError, TypeApprobateur};
use crate::exercice::{ExerciceCommand, ExerciceError};
use crate::grand_livre::{GrandLivre, GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::test_support::{history, state};

type LedgerTest = TestFramework<GrandLivre>;

fn exercice(annee: i32) -> GrandLivreCommand {
    GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee })
}

fn cloturer(annee: i32) -> GrandLivreCommand {
    GrandLivreCommand::Exercice(ExerciceCommand::cloturer(annee))
}

fn categorie(titre: &str) -> GrandLivreCommand {
    GrandLivreCommand::Depenses(DepensesCommand::CreerCategorie {
        titre: titre.into(),
        description: None,
    })
}

fn ligne(id: Option<i64>, categorie_id: i64, millimes: i64) -> LigneBudget {
    LigneBudget {
        id,
        categorie_id,
        montant: Montant::from_millimes(millimes),
    }
}

fn modifier(annee: i32, lignes: Vec<LigneBudget>) -> BudgetsCommand {
    BudgetsCommand::ModifierBudget {
        annee,
        titre: format!("Budget {annee}"),
        approbation: None,
        commentaire: None,
        elements: lignes,
    }
}

fn modifier_cmd(annee: i32, lignes: Vec<LigneBudget>) -> GrandLivreCommand {
    GrandLivreCommand::Budgets(modifier(annee, lignes))
}

/// Exercice 2026 open; categories 1 (Électricité) and 2 (Nettoyage).
fn residence() -> Vec<GrandLivreCommand> {
    vec![
        exercice(2026),
        categorie("Électricité"),
        categorie("Nettoyage"),
    ]
}

fn with(mut base: Vec<GrandLivreCommand>, more: Vec<GrandLivreCommand>) -> Vec<GrandLivreCommand> {
    base.extend(more);
    base
}

fn refused(given: Vec<GrandLivreCommand>, when: BudgetsCommand, error: GrandLivreError) {
    LedgerTest::with(())
        .given(history(given))
        .when(GrandLivreCommand::Budgets(when))
        .then_expect_error(error);
}

fn element(id: i64, categorie_id: i64, millimes: i64) -> ElementBudget {
    ElementBudget {
        id,
        categorie_id,
        montant: Montant::from_millimes(millimes),
    }
}

#[test]
fn a_year_that_opens_has_an_empty_undecided_budget_titled_after_it_when_it_is_the_first() {
    let livre = state(residence());
    let budget = livre.budgets.budget(2026).cloned();
    assert_eq!(
        budget,
        Some(Budget {
            annee: 2026,
            titre: "Budget 2026".into(),
            approbation: None,
            commentaire: None,
            elements: Vec::new(),
        })
    );
}

#[test]
fn a_year_that_opens_takes_the_elements_of_the_previous_budget_as_they_stand_then() {
    let livre = state(with(
        residence(),
        vec![
            modifier_cmd(
                2026,
                vec![ligne(None, 1, 1_200_500), ligne(None, 2, 800_000)],
            ),
            exercice(2027),
            // A later change of 2026 does not reach 2027.
            modifier_cmd(2026, vec![ligne(Some(1), 1, 5_000)]),
        ],
    ));
    let budget_2027 = livre.budgets.budget(2027).cloned();
    assert_eq!(
        budget_2027.map(|b| (b.titre, b.approbation, b.elements)),
        Some((
            "Budget 2027".into(),
            None,
            vec![element(3, 1, 1_200_500), element(4, 2, 800_000)]
        ))
    );
    assert_eq!(
        livre.budgets.budget(2026).map(|b| b.montant_total()),
        Some(Montant::from_millimes(5_000))
    );
}

#[test]
fn an_edit_records_the_whole_new_content_keeping_known_ids_and_giving_new_ones() {
    let approbation = Some(Approbation {
        approuve: true,
        par: None,
    });
    LedgerTest::with(())
        .given(history(with(
            residence(),
            vec![modifier_cmd(2026, vec![ligne(None, 1, 1_000)])],
        )))
        .when(GrandLivreCommand::Budgets(BudgetsCommand::ModifierBudget {
            annee: 2026,
            titre: "  Budget prévisionnel 2026 ".into(),
            approbation,
            commentaire: Some("  ".into()),
            elements: vec![ligne(Some(1), 1, 2_000), ligne(None, 2, 300_250)],
        }))
        .then_expect_events(vec![GrandLivreEvent::Budgets(
            BudgetsEvent::BudgetModifie {
                annee: 2026,
                titre: "Budget prévisionnel 2026".into(),
                approbation,
                commentaire: None,
                elements: vec![element(1, 1, 2_000), element(2, 2, 300_250)],
            },
        )]);
}

#[test]
fn an_approved_budget_stays_editable_while_its_year_is_open_elements_removed_included() {
    let mut approuve = modifier(2026, vec![ligne(None, 1, 1_000), ligne(None, 2, 2_000)]);
    let BudgetsCommand::ModifierBudget { approbation, .. } = &mut approuve;
    *approbation = Some(Approbation {
        approuve: true,
        par: None,
    });
    let livre = state(with(
        residence(),
        vec![
            GrandLivreCommand::Budgets(approuve),
            modifier_cmd(2026, vec![ligne(Some(2), 2, 2_500)]),
        ],
    ));
    assert_eq!(
        livre.budgets.budget(2026).map(|b| b.elements.clone()),
        Some(vec![element(2, 2, 2_500)])
    );
}

#[test]
fn ids_of_removed_elements_are_not_reused() {
    let livre = state(with(
        residence(),
        vec![
            modifier_cmd(2026, vec![ligne(None, 1, 1_000), ligne(None, 2, 2_000)]),
            modifier_cmd(2026, vec![ligne(Some(1), 1, 1_000)]),
            modifier_cmd(2026, vec![ligne(Some(1), 1, 1_000), ligne(None, 2, 7_000)]),
        ],
    ));
    assert_eq!(
        livre.budgets.budget(2026).map(|b| b.elements.clone()),
        Some(vec![element(1, 1, 1_000), element(3, 2, 7_000)])
    );
}

#[test]
fn a_budget_of_a_closed_year_cannot_be_edited() {
    refused(
        with(residence(), vec![exercice(2027), cloturer(2026)]),
        modifier(2026, vec![ligne(None, 1, 1_000)]),
        GrandLivreError::Exercice(ExerciceError::ExerciceCloture { annee: 2026 }),
    );
}

#[test]
fn a_year_without_budget_is_unknown() {
    refused(
        residence(),
        modifier(2025, Vec::new()),
        GrandLivreError::Budgets(BudgetsError::BudgetInconnu(2025)),
    );
}

#[test]
fn the_title_is_required() {
    let mut sans_titre = modifier(2026, Vec::new());
    let BudgetsCommand::ModifierBudget { titre, .. } = &mut sans_titre;
    *titre = "   ".into();
    refused(
        residence(),
        sans_titre,
        GrandLivreError::Budgets(BudgetsError::TitreInvalide),
    );
}

#[test]
fn an_element_names_a_category_that_exists() {
    refused(
        residence(),
        modifier(2026, vec![ligne(None, 9, 1_000)]),
        GrandLivreError::Budgets(BudgetsError::CategorieInconnue(9)),
    );
}

#[test]
fn a_category_appears_once_in_a_budget() {
    refused(
        residence(),
        modifier(2026, vec![ligne(None, 1, 1_000), ligne(None, 1, 2_000)]),
        GrandLivreError::Budgets(BudgetsError::CategorieEnDouble(1)),
    );
}

#[test]
fn an_amount_is_never_negative() {
    refused(
        residence(),
        modifier(2026, vec![ligne(None, 1, -1)]),
        GrandLivreError::Budgets(BudgetsError::MontantNegatif),
    );
}

#[test]
fn an_element_id_must_be_one_of_this_budgets_elements() {
    refused(
        with(
            residence(),
            vec![
                exercice(2027),
                modifier_cmd(2027, vec![ligne(None, 1, 1_000)]),
            ],
        ),
        modifier(2026, vec![ligne(Some(1), 1, 1_000)]),
        GrandLivreError::Budgets(BudgetsError::ElementInconnu(1)),
    );
}

/// The approving vote or meeting is checked by the route (its stream is not the books', ADR
/// 0005); the budget records the one named.
#[test]
fn a_budget_approved_by_a_vote_records_the_vote() {
    let approbation = Some(Approbation {
        approuve: true,
        par: Some(Approbateur {
            type_approbateur: TypeApprobateur::Vote,
            id: 7,
        }),
    });
    let mut par_vote = modifier(2026, vec![ligne(None, 1, 1_000)]);
    let BudgetsCommand::ModifierBudget {
        approbation: demandee,
        ..
    } = &mut par_vote;
    *demandee = approbation;
    let livre = state(with(
        residence(),
        vec![GrandLivreCommand::Budgets(par_vote)],
    ));
    assert_eq!(
        livre.budgets.budget(2026).and_then(|b| b.approbation),
        approbation
    );
}

#[test]
fn a_category_budgeted_above_zero_cannot_be_deleted() {
    LedgerTest::with(())
        .given(history(with(
            residence(),
            vec![modifier_cmd(2026, vec![ligne(None, 1, 1)])],
        )))
        .when(GrandLivreCommand::Depenses(
            DepensesCommand::SupprimerCategorie { categorie_id: 1 },
        ))
        .then_expect_error(GrandLivreError::Depenses(DepensesError::CategorieBudgetee));
}

#[test]
fn a_category_budgeted_at_zero_can_be_deleted_and_leaves_the_budgets() {
    let livre = state(with(
        residence(),
        vec![
            modifier_cmd(2026, vec![ligne(None, 1, 0), ligne(None, 2, 5_000)]),
            GrandLivreCommand::Depenses(DepensesCommand::SupprimerCategorie { categorie_id: 1 }),
        ],
    ));
    assert_eq!(
        livre.budgets.budget(2026).map(|b| b.elements.clone()),
        Some(vec![element(2, 2, 5_000)])
    );
}
