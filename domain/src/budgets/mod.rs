//! Budgets (spec 2 §2 "Fiscal years and budgets", §3 "Budget", §4, §5 "Budget edit", §7, §8;
//! issue 15): one budget per fiscal year, its elements (a category and the amount budgeted for
//! it), its approval by a general assembly or a vote (is_approved 1 / 0 / none) and a comment.
//! Rules in docs/domain.md "Budgets"; the API in docs/api-exercices.md "Budgets".
//!
//! **Creation** (the spec shows none): when a fiscal year opens (`ExerciceOuvert`, however it is
//! opened), its budget exists, titled "Budget {annee}", undecided, without comment, holding the
//! elements (categories and amounts) of the latest earlier year's budget as they stand at that
//! moment (empty for a residence's first year). It is derived in [`Budgets::appliquer`] from the
//! journal's order, so a replay gives the same budgets; the budget's id is its year.
//!
//! **Edits** (`BudgetModifie`, the whole new content) are refused in a closed year (403
//! `exercice_cloture`, the fiscal years' guard with 1 January of the year); an approved budget
//! stays editable while its year is open, elements added and removed included.
//!
//! A category with an amount above zero in any budget cannot be deleted (spec 2 §8, the
//! expenses' decision); deleting a category removes its zero elements from every budget.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::depenses::{Approbation, CategorieId, DepensesEvent};
use crate::error::CodeErreur;
use crate::exercice::{ExerciceError, ExerciceEvent};
use crate::grand_livre::GrandLivreEvent;
use crate::montant::Montant;

mod decide;
mod events;

pub use events::{BudgetsCommand, BudgetsEvent, LigneBudget};

/// A budget's id: the calendar year of its fiscal year.
pub type BudgetId = i32;
/// An element's id, unique in the residence and never reused.
pub type ElementBudgetId = i64;

/// One line of a budget: what is budgeted for one category.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ElementBudget {
    pub id: ElementBudgetId,
    pub categorie_id: CategorieId,
    pub montant: Montant,
}

/// The budget of one fiscal year.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    pub annee: i32,
    pub titre: String,
    /// `None` while undecided; approved or refused, by an assembly or a vote when known.
    pub approbation: Option<Approbation>,
    pub commentaire: Option<String>,
    /// In the order they were given.
    pub elements: Vec<ElementBudget>,
}

impl Budget {
    /// Σ of its elements.
    pub fn montant_total(&self) -> Montant {
        Montant::from_millimes(
            self.elements
                .iter()
                .fold(0_i64, |t, e| t.saturating_add(e.montant.millimes())),
        )
    }

    /// The title a budget has when its year opens.
    pub fn titre_initial(annee: i32) -> String {
        format!("Budget {annee}")
    }
}

/// The budgets of a residence, by year.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budgets {
    pub(crate) par_annee: BTreeMap<i32, Budget>,
    /// The highest element id ever issued: ids of removed elements are not reused.
    pub(crate) dernier_element_id: ElementBudgetId,
}

impl Budgets {
    pub fn budget(&self, annee: i32) -> Option<&Budget> {
        self.par_annee.get(&annee)
    }

    /// Every budget, oldest first.
    pub fn budgets(&self) -> impl Iterator<Item = &Budget> {
        self.par_annee.values()
    }

    /// Whether any budget gives the category an amount above zero (its deletion is refused).
    pub fn categorie_budgetee(&self, categorie_id: CategorieId) -> bool {
        self.par_annee.values().any(|b| {
            b.elements
                .iter()
                .any(|e| e.categorie_id == categorie_id && e.montant.is_positive())
        })
    }

    /// The next element id.
    pub(crate) fn prochain_element_id(&self) -> ElementBudgetId {
        self.dernier_element_id + 1
    }

    /// The year `annee` opens: its budget takes the elements of the latest earlier budget.
    fn ouvrir(&mut self, annee: i32) {
        if self.par_annee.contains_key(&annee) {
            return;
        }
        let modele: Vec<(CategorieId, Montant)> = self
            .par_annee
            .range(..annee)
            .next_back()
            .map(|(_, b)| {
                b.elements
                    .iter()
                    .map(|e| (e.categorie_id, e.montant))
                    .collect()
            })
            .unwrap_or_default();
        let elements = modele
            .into_iter()
            .map(|(categorie_id, montant)| {
                self.dernier_element_id += 1;
                ElementBudget {
                    id: self.dernier_element_id,
                    categorie_id,
                    montant,
                }
            })
            .collect();
        self.par_annee.insert(
            annee,
            Budget {
                annee,
                titre: Budget::titre_initial(annee),
                approbation: None,
                commentaire: None,
                elements,
            },
        );
    }

    fn oublier_categorie(&mut self, categorie_id: CategorieId) {
        for budget in self.par_annee.values_mut() {
            budget.elements.retain(|e| e.categorie_id != categorie_id);
        }
    }

    fn appliquer_budget(&mut self, event: &BudgetsEvent) {
        match event {
            BudgetsEvent::BudgetModifie {
                annee,
                titre,
                approbation,
                commentaire,
                elements,
            } => {
                for element in elements {
                    self.dernier_element_id = self.dernier_element_id.max(element.id);
                }
                self.par_annee.insert(
                    *annee,
                    Budget {
                        annee: *annee,
                        titre: titre.clone(),
                        approbation: *approbation,
                        commentaire: commentaire.clone(),
                        elements: elements.clone(),
                    },
                );
            }
        }
    }

    /// What a residence event changes in the budgets: a year opened creates its budget, a
    /// category deleted leaves every budget, a budget event sets its budget. The aggregate and
    /// the budgets' read model both call it, so they cannot disagree.
    pub fn appliquer(&mut self, event: &GrandLivreEvent) {
        match event {
            GrandLivreEvent::Exercice(ExerciceEvent::ExerciceOuvert { annee }) => {
                self.ouvrir(*annee)
            }
            GrandLivreEvent::Depenses(DepensesEvent::CategorieSupprimee { categorie_id }) => {
                self.oublier_categorie(*categorie_id)
            }
            GrandLivreEvent::Budgets(event) => self.appliquer_budget(event),
            GrandLivreEvent::Exercice(ExerciceEvent::ExerciceCloture { .. })
            | GrandLivreEvent::Depenses(_)
            | GrandLivreEvent::Propriete(_)
            | GrandLivreEvent::Occupation(_)
            | GrandLivreEvent::Conseil(_)
            | GrandLivreEvent::Revenus(_)
            | GrandLivreEvent::Banque(_)
            | GrandLivreEvent::Salaires(_)
            | GrandLivreEvent::Contrats(_) => {}
        }
    }
}

/// Why a budget edit is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BudgetsError {
    /// The closed-year guard (a budget of a closed year is immutable).
    #[error(transparent)]
    Exercice(#[from] ExerciceError),
    #[error("budget {0} inconnu")]
    BudgetInconnu(i32),
    #[error("le titre est obligatoire (1 à 200 caractères)")]
    TitreInvalide,
    #[error("catégorie {0} inconnue")]
    CategorieInconnue(CategorieId),
    #[error("la catégorie {0} apparaît plusieurs fois dans le budget")]
    CategorieEnDouble(CategorieId),
    #[error("élément {0} inconnu dans ce budget")]
    ElementInconnu(ElementBudgetId),
    #[error("le montant ne peut pas être négatif")]
    MontantNegatif,
}

impl CodeErreur for BudgetsError {
    fn code(&self) -> &'static str {
        match self {
            BudgetsError::Exercice(inner) => inner.code(),
            BudgetsError::BudgetInconnu(_) => "budget_inconnu",
            BudgetsError::TitreInvalide => "titre_invalide",
            BudgetsError::CategorieInconnue(_) => "categorie_budget_inconnue",
            BudgetsError::CategorieEnDouble(_) => "categorie_en_double",
            BudgetsError::ElementInconnu(_) => "element_budget_inconnu",
            BudgetsError::MontantNegatif => "montant_negatif",
        }
    }
}

#[cfg(test)]
mod tests;
