//! The budget commands and facts.

use serde::{Deserialize, Serialize};

use super::{ElementBudget, ElementBudgetId};
use crate::depenses::{Approbation, CategorieId};
use crate::montant::Montant;

/// A line of a budget as the treasurer sends it: an existing element keeps its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LigneBudget {
    pub id: Option<ElementBudgetId>,
    pub categorie_id: CategorieId,
    pub montant: Montant,
}

/// What the treasurer asks of the budgets.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BudgetsCommand {
    /// The budget of year `annee` as it now is (its whole content).
    ModifierBudget {
        annee: i32,
        titre: String,
        approbation: Option<Approbation>,
        commentaire: Option<String>,
        elements: Vec<LigneBudget>,
    },
}

/// Facts of the budgets. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BudgetsEvent {
    /// The whole new content of the year's budget.
    BudgetModifie {
        annee: i32,
        titre: String,
        approbation: Option<Approbation>,
        commentaire: Option<String>,
        elements: Vec<ElementBudget>,
    },
}

impl BudgetsEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            BudgetsEvent::BudgetModifie { .. } => "BudgetModifie",
        }
    }
}
