//! The builder's budget step: the content of a fiscal year's budget (its year opened by an
//! earlier step creates it, docs/api-exercices.md "Budgets"). Its categories are named by their
//! titles (the builder's `categorie` steps create them).

use anyhow::Context;
use daftar_domain::budgets::{BudgetsCommand, LigneBudget};
use daftar_domain::depenses::Approbation;
use daftar_domain::Montant;

use super::{par_nom_depenses, Books, ListeDepenses};

/// A year's budget as it should be: recorded unless the budget already says so.
pub struct BudgetSpec {
    annee: i32,
    titre: Option<String>,
    approuve: Option<bool>,
    commentaire: Option<String>,
    elements: Vec<(String, Montant)>,
}

impl BudgetSpec {
    /// The budget of `annee`, with its title as the year's opening gave it.
    pub fn new(annee: i32) -> Self {
        Self {
            annee,
            titre: None,
            approuve: None,
            commentaire: None,
            elements: Vec::new(),
        }
    }

    pub fn titre(mut self, titre: &str) -> Self {
        self.titre = Some(titre.to_owned());
        self
    }

    /// Approved (`true`) or refused, by no named assembly or vote (none exists yet).
    pub fn approuve(mut self, approuve: bool) -> Self {
        self.approuve = Some(approuve);
        self
    }

    pub fn commentaire(mut self, commentaire: &str) -> Self {
        self.commentaire = Some(commentaire.to_owned());
        self
    }

    /// An element: the category of that title and its budgeted amount.
    pub fn element(mut self, categorie: &str, montant: Montant) -> Self {
        self.elements.push((categorie.to_owned(), montant));
        self
    }
}

impl Books {
    pub(super) async fn budget(&self, spec: BudgetSpec) -> anyhow::Result<()> {
        let livre = self.state().await?;
        let budget = livre
            .budgets
            .budget(spec.annee)
            .with_context(|| format!("no budget for {} (open its year first)", spec.annee))?;
        let categories = par_nom_depenses(&livre, ListeDepenses::Categories);
        let mut lignes = Vec::with_capacity(spec.elements.len());
        for (titre, montant) in &spec.elements {
            let categorie_id = *categories
                .get(titre)
                .with_context(|| format!("no category titled {titre}"))?;
            let id = budget
                .elements
                .iter()
                .find(|e| e.categorie_id == categorie_id)
                .map(|e| e.id);
            lignes.push(LigneBudget {
                id,
                categorie_id,
                montant: *montant,
            });
        }
        let titre = spec.titre.clone().unwrap_or_else(|| budget.titre.clone());
        let approbation = spec.approuve.map(|approuve| Approbation {
            approuve,
            par: None,
        });
        let deja = budget.titre == titre
            && budget.approbation == approbation
            && budget.commentaire == spec.commentaire
            && budget.elements.len() == lignes.len()
            && budget
                .elements
                .iter()
                .zip(&lignes)
                .all(|(e, l)| Some(e.id) == l.id && e.montant == l.montant);
        if deja {
            return Ok(());
        }
        self.execute(BudgetsCommand::ModifierBudget {
            annee: spec.annee,
            titre,
            approbation,
            commentaire: spec.commentaire,
            elements: lignes,
        })
        .await?;
        Ok(())
    }
}
