//! The demo's budgets: every open year has one, on the demo's categories, so a new user sees
//! the budgeted, the spent and the ratio. The bills start in June 2025, so 2025's budget covers
//! seven months: electricity and the lift end it above 100 % (105 %, 103 %), cleaning at
//! exactly 100 %; in the current year the insurance is above its budget. No assembly exists yet
//! (issue 19): the budgets are approved without a named approver.

use daftar_domain::Montant;

use crate::residence_builder::{BudgetSpec, ResidenceBuilder};

/// (category, 2025 budget in DT, later years' budget in DT; 0 = not budgeted that year).
const LIGNES: [(&str, i64, i64); 7] = [
    ("Électricité", 700, 2_000),
    ("Nettoyage", 1_260, 2_200),
    ("Eau", 200, 320),
    ("Ascenseur", 700, 1_000),
    ("Assurance", 0, 600),
    ("Entretien et réparations", 300, 600),
    ("Jardinage", 0, 400),
];

pub(super) fn budgets(mut residence: ResidenceBuilder, exercices: &[i32]) -> ResidenceBuilder {
    for &annee in exercices {
        let mut budget = BudgetSpec::new(annee)
            .titre(&format!("Budget prévisionnel {annee}"))
            .approuve(true);
        if annee == 2025 {
            budget = budget.commentaire("Voté avec les comptes de 2024.");
        }
        for (categorie, budget_2025, budget_2026) in LIGNES {
            let dinars = if annee <= 2025 {
                budget_2025
            } else {
                budget_2026
            };
            if dinars > 0 {
                budget = budget.element(categorie, Montant::dinars(dinars));
            }
        }
        residence = residence.budget(budget);
    }
    residence
}
