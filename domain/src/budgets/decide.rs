//! The budget decisions (rules in the module documentation and docs/domain.md "Budgets").

use std::collections::BTreeSet;

use chrono::NaiveDate;

use super::events::{BudgetsCommand, BudgetsEvent, LigneBudget};
use super::{BudgetsError, ElementBudget};
use crate::grand_livre::GrandLivre;

/// Longest title of a budget.
const TITRE_MAX: usize = 200;

impl BudgetsCommand {
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<BudgetsEvent>, BudgetsError> {
        match self {
            BudgetsCommand::ModifierBudget {
                annee,
                titre,
                approbation,
                commentaire,
                elements,
            } => {
                let budget = livre
                    .budgets
                    .budget(annee)
                    .ok_or(BudgetsError::BudgetInconnu(annee))?;
                let premier_jour = NaiveDate::from_ymd_opt(annee, 1, 1)
                    .ok_or(BudgetsError::BudgetInconnu(annee))?;
                livre.exercices.exige_ouvert(premier_jour)?;
                let titre = titre.trim().to_owned();
                if titre.is_empty() || titre.chars().count() > TITRE_MAX {
                    return Err(BudgetsError::TitreInvalide);
                }
                let elements = livre.elements_budget(budget, elements)?;
                Ok(vec![BudgetsEvent::BudgetModifie {
                    annee,
                    titre,
                    approbation,
                    commentaire: commentaire
                        .map(|c| c.trim().to_owned())
                        .filter(|c| !c.is_empty()),
                    elements,
                }])
            }
        }
    }
}

impl GrandLivre {
    /// The lines sent as the budget's elements: known categories, each once, amounts of zero
    /// or more, ids of this budget's elements kept (each once), new ids for the others.
    fn elements_budget(
        &self,
        budget: &super::Budget,
        lignes: Vec<LigneBudget>,
    ) -> Result<Vec<ElementBudget>, BudgetsError> {
        let mut categories = BTreeSet::new();
        let mut ids = BTreeSet::new();
        let mut prochain = self.budgets.prochain_element_id();
        let mut elements = Vec::with_capacity(lignes.len());
        for ligne in lignes {
            if self.depenses.categorie(ligne.categorie_id).is_none() {
                return Err(BudgetsError::CategorieInconnue(ligne.categorie_id));
            }
            if !categories.insert(ligne.categorie_id) {
                return Err(BudgetsError::CategorieEnDouble(ligne.categorie_id));
            }
            if ligne.montant.millimes() < 0 {
                return Err(BudgetsError::MontantNegatif);
            }
            let id = match ligne.id {
                Some(id) => {
                    if !budget.elements.iter().any(|e| e.id == id) || !ids.insert(id) {
                        return Err(BudgetsError::ElementInconnu(id));
                    }
                    id
                }
                None => {
                    let id = prochain;
                    prochain += 1;
                    id
                }
            };
            elements.push(ElementBudget {
                id,
                categorie_id: ligne.categorie_id,
                montant: ligne.montant,
            });
        }
        Ok(elements)
    }
}
