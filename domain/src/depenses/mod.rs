//! Expenses (spec 2 §2 "Categories and suppliers", "Current charges", "Works", §3–§9): the
//! expense categories, the suppliers, the current charges (factures courantes) and the works
//! (travaux) with their invoices and quotes, and the payments of both. Rules in docs/domain.md
//! "Expenses"; what each fact posts to the books in [`crate::comptabilite`].
//!
//! A charge and a works item are one kind of record (a [`Depense`]) of two natures: the same
//! amount, date, supplier, category, files and payments; a works item adds a description and
//! its approval by a general assembly or a vote. Their payments leave the cash box (cash) or
//! the main bank account (every other method), where the reconciliation shows them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::banque::CompteBancaireId;
use crate::document::DocumentId;
use crate::error::CodeErreur;
use crate::exercice::ExerciceError;
use crate::montant::Montant;
use crate::paiement::MoyenPaiement;

mod decide;
mod events;

pub use events::{DepensesCommand, DepensesEvent, FicheDepense, FicheFournisseur, PaiementFait};

pub type CategorieId = i64;
pub type FournisseurId = i64;
pub type DepenseId = i64;
pub type PaiementDepenseId = i64;

/// Tunisia's 24 governorates, in the alphabetical order of their French names: a supplier's
/// (and a client's) `gouvernorat` is its position here, from 1.
pub const GOUVERNORATS: [&str; 24] = [
    "Ariana",
    "Béja",
    "Ben Arous",
    "Bizerte",
    "Gabès",
    "Gafsa",
    "Jendouba",
    "Kairouan",
    "Kasserine",
    "Kébili",
    "Le Kef",
    "Mahdia",
    "La Manouba",
    "Médenine",
    "Monastir",
    "Nabeul",
    "Sfax",
    "Sidi Bouzid",
    "Siliana",
    "Sousse",
    "Tataouine",
    "Tozeur",
    "Tunis",
    "Zaghouan",
];

/// The name of a governorate id (1 to 24).
pub fn gouvernorat(id: i64) -> Option<&'static str> {
    usize::try_from(id)
        .ok()
        .and_then(|i| i.checked_sub(1))
        .and_then(|i| GOUVERNORATS.get(i).copied())
}

/// A supplier is a person or a company (spec 2 §9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TypeFournisseur {
    Particulier,
    Entreprise,
}

/// Which kind of expense a record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NatureDepense {
    /// A current charge (facture courante): electricity, water, cleaning…
    Charge,
    /// Works (travaux), approved or refused by an assembly or a vote.
    Travaux,
}

/// How an expense is paid (spec 2 §9: charges and works).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MethodePaiementDepense {
    Espece,
    Cheque,
    Virement,
    /// A card payment at a terminal.
    Tpe,
    /// An online payment.
    Enligne,
}

impl MoyenPaiement for MethodePaiementDepense {
    /// A cheque number or a transfer's reference (spec 2 §5 "Payment").
    fn porte_reference(self) -> bool {
        matches!(
            self,
            MethodePaiementDepense::Cheque | MethodePaiementDepense::Virement
        )
    }
}

impl MethodePaiementDepense {
    /// Every method but cash leaves the bank.
    pub fn par_banque(self) -> bool {
        self != MethodePaiementDepense::Espece
    }
}

/// Who decided on works (spec 2 §4 "Works approval").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TypeApprobateur {
    Assemblee,
    Vote,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Approbateur {
    pub type_approbateur: TypeApprobateur,
    pub id: i64,
}

/// The decision on works: approved or refused, and by which assembly or vote when it is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Approbation {
    pub approuve: bool,
    pub par: Option<Approbateur>,
}

/// A charge or works item as the decisions need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depense {
    pub nature: NatureDepense,
    pub fiche: FicheDepense,
    pub paiements: BTreeMap<PaiementDepenseId, PaiementFait>,
    pub documents: Vec<DocumentId>,
}

impl Depense {
    /// What its payments add up to.
    pub fn paye(&self) -> Montant {
        Montant::from_millimes(
            self.paiements
                .values()
                .fold(0_i64, |t, p| t.saturating_add(p.montant.millimes())),
        )
    }

    /// What remains to pay (never below zero).
    pub fn restant_du(&self) -> Montant {
        Montant::from_millimes(
            (self.fiche.montant_total.millimes() - self.paye().millimes()).max(0),
        )
    }
}

/// The expenses of a residence.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depenses {
    pub(crate) categories: BTreeMap<CategorieId, String>,
    pub(crate) fournisseurs: BTreeMap<FournisseurId, String>,
    pub(crate) depenses: BTreeMap<DepenseId, Depense>,
    /// The expense each payment pays.
    pub(crate) paiements: BTreeMap<PaiementDepenseId, DepenseId>,
    /// The highest id ever issued per kind of record: ids of deleted records are not reused.
    pub(crate) derniers_ids: BTreeMap<String, i64>,
}

impl Depenses {
    pub fn categorie(&self, id: CategorieId) -> Option<&str> {
        self.categories.get(&id).map(String::as_str)
    }

    pub fn fournisseur(&self, id: FournisseurId) -> Option<&str> {
        self.fournisseurs.get(&id).map(String::as_str)
    }

    /// Every category: its id and title.
    pub fn categories(&self) -> impl Iterator<Item = (CategorieId, &str)> {
        self.categories
            .iter()
            .map(|(id, titre)| (*id, titre.as_str()))
    }

    /// Every supplier: its id and name.
    pub fn fournisseurs(&self) -> impl Iterator<Item = (FournisseurId, &str)> {
        self.fournisseurs
            .iter()
            .map(|(id, nom)| (*id, nom.as_str()))
    }

    pub fn depense(&self, id: DepenseId) -> Option<&Depense> {
        self.depenses.get(&id)
    }

    pub fn depenses(&self) -> impl Iterator<Item = (DepenseId, &Depense)> {
        self.depenses.iter().map(|(id, d)| (*id, d))
    }

    /// A payment and the expense it pays.
    pub fn paiement(&self, id: PaiementDepenseId) -> Option<(DepenseId, &PaiementFait)> {
        let depense_id = *self.paiements.get(&id)?;
        let paiement = self.depenses.get(&depense_id)?.paiements.get(&id)?;
        Some((depense_id, paiement))
    }

    /// The payments that left a bank account (the account's deletion is refused while any does).
    pub fn paiements_sur_compte(
        &self,
    ) -> impl Iterator<Item = (PaiementDepenseId, CompteBancaireId)> + '_ {
        self.depenses
            .values()
            .flat_map(|d| d.paiements.iter())
            .filter_map(|(id, p)| p.compte_id.map(|compte| (*id, compte)))
    }

    pub fn categorie_utilisee(&self, id: CategorieId) -> bool {
        self.depenses
            .values()
            .any(|d| d.fiche.categorie_id == Some(id))
    }

    pub fn fournisseur_utilise(&self, id: FournisseurId) -> bool {
        self.depenses.values().any(|d| d.fiche.fournisseur_id == id)
    }

    fn prochain_id(&self, kind: &str) -> i64 {
        self.derniers_ids.get(kind).copied().unwrap_or(0) + 1
    }

    fn noter_id(&mut self, kind: &str, id: i64) {
        let last = self.derniers_ids.entry(kind.to_owned()).or_insert(0);
        *last = (*last).max(id);
    }
}

/// Why an expense command is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DepensesError {
    /// The date guard of the fiscal years (closed or missing exercice).
    #[error(transparent)]
    Exercice(#[from] ExerciceError),
    #[error("le titre est obligatoire (1 à 200 caractères)")]
    TitreInvalide,
    #[error("le nom est obligatoire (1 à 200 caractères)")]
    NomInvalide,
    #[error("le téléphone doit compter 8 chiffres")]
    TelInvalide,
    #[error("gouvernorat {0} inconnu")]
    GouvernoratInconnu(i64),
    #[error("le montant doit être strictement positif")]
    MontantInvalide,
    #[error("catégorie {0} inconnue")]
    CategorieInconnue(CategorieId),
    #[error("la catégorie est utilisée et ne peut pas être supprimée")]
    CategorieUtilisee,
    #[error("la catégorie est utilisée dans un budget avec un montant supérieur à zéro")]
    CategorieBudgetee,
    #[error("fournisseur {0} inconnu")]
    FournisseurInconnu(FournisseurId),
    #[error("le fournisseur est utilisé et ne peut pas être supprimé")]
    FournisseurUtilise,
    #[error("dépense {0} inconnue")]
    DepenseInconnue(DepenseId),
    #[error("la dépense a des paiements et ne peut pas être supprimée")]
    DepenseAvecPaiements,
    #[error("le montant total ne peut pas être inférieur à ce qui est déjà payé")]
    MontantInferieurAuPaye,
    #[error("le montant dépasse le restant dû")]
    MontantMaximumDepasse,
    #[error("paiement {0} inconnu")]
    PaiementInconnu(PaiementDepenseId),
    #[error("document {0} inconnu")]
    DocumentInconnu(DocumentId),
}

impl CodeErreur for DepensesError {
    fn code(&self) -> &'static str {
        match self {
            DepensesError::Exercice(inner) => inner.code(),
            DepensesError::TitreInvalide => "titre_invalide",
            DepensesError::NomInvalide => "nom_invalide",
            DepensesError::TelInvalide => "tel_invalide",
            DepensesError::GouvernoratInconnu(_) => "gouvernorat_inconnu",
            DepensesError::MontantInvalide => "montant_positif",
            DepensesError::CategorieInconnue(_) => "categorie_inconnue",
            DepensesError::CategorieUtilisee => "categorie_utilisee",
            DepensesError::CategorieBudgetee => "categorie_budgetee",
            DepensesError::FournisseurInconnu(_) => "fournisseur_inconnu",
            DepensesError::FournisseurUtilise => "fournisseur_utilise",
            DepensesError::DepenseInconnue(_) => "depense_inconnue",
            DepensesError::DepenseAvecPaiements => "depense_avec_paiements",
            DepensesError::MontantInferieurAuPaye => "montant_inferieur_au_paye",
            DepensesError::MontantMaximumDepasse => "montant_maximum_depasse",
            DepensesError::PaiementInconnu(_) => "paiement_inconnu",
            DepensesError::DocumentInconnu(_) => "document_inconnu",
        }
    }
}

#[cfg(test)]
mod tests;
