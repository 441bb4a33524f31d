//! The expense commands and facts, and the facts' effect on the residence's decision state.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{
    Approbation, CategorieId, Depense, DepenseId, Depenses, FournisseurId, MethodePaiementDepense,
    NatureDepense, PaiementDepenseId, TypeFournisseur,
};
use crate::banque::CompteBancaireId;
use crate::document::{DocumentId, DocumentJoint, NatureDocument, PieceJointe};
use crate::montant::Montant;
use crate::paiement::Paiement;

/// What the treasurer asks of the expenses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DepensesCommand {
    CreerCategorie {
        titre: String,
        description: Option<String>,
    },
    ModifierCategorie {
        categorie_id: CategorieId,
        titre: String,
        description: Option<String>,
    },
    SupprimerCategorie {
        categorie_id: CategorieId,
    },
    CreerFournisseur {
        fiche: FicheFournisseur,
    },
    ModifierFournisseur {
        fournisseur_id: FournisseurId,
        fiche: FicheFournisseur,
    },
    SupprimerFournisseur {
        fournisseur_id: FournisseurId,
    },
    /// A charge or works item with the files sent with it.
    EnregistrerDepense {
        nature: NatureDepense,
        fiche: FicheDepense,
        documents: Vec<PieceJointe>,
    },
    /// The record as it now is; `documents` are added to those already attached.
    ModifierDepense {
        depense_id: DepenseId,
        nature: NatureDepense,
        fiche: FicheDepense,
        documents: Vec<PieceJointe>,
    },
    SupprimerDepense {
        depense_id: DepenseId,
        nature: NatureDepense,
    },
    /// Removes one file of a charge or works item (`/factures/supprimer`, `/devis/supprimer`
    /// name the file's kind).
    RetirerDocument {
        document_id: DocumentId,
        nature: NatureDocument,
    },
    Payer {
        depense_id: DepenseId,
        nature: NatureDepense,
        paiement: Paiement<MethodePaiementDepense>,
    },
    ModifierPaiement {
        paiement_id: PaiementDepenseId,
        nature: NatureDepense,
        paiement: Paiement<MethodePaiementDepense>,
    },
    SupprimerPaiement {
        paiement_id: PaiementDepenseId,
        nature: NatureDepense,
    },
}

/// A supplier's record (spec 2 §3 "Supplier").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FicheFournisseur {
    pub nom: String,
    /// 8 digits.
    pub tel: Option<String>,
    pub type_fournisseur: TypeFournisseur,
    pub email: Option<String>,
    pub adresse: Option<String>,
    pub ville: Option<String>,
    /// 1 to 24, see [`super::GOUVERNORATS`].
    pub gouvernorat: Option<i64>,
    pub activite: Option<String>,
    pub identifiant: Option<String>,
    pub commentaire: Option<String>,
}

/// A charge or works item as typed (spec 2 §3 "Charge", "Travaux").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FicheDepense {
    pub titre: String,
    pub montant_total: Montant,
    pub date_facture: NaiveDate,
    pub fournisseur_id: FournisseurId,
    pub categorie_id: Option<CategorieId>,
    pub commentaire: Option<String>,
    /// Works only.
    pub description: Option<String>,
    /// Works only: `None` while undecided.
    pub approbation: Option<Approbation>,
}

/// A payment as recorded: the account it left is fixed when it is recorded (the main account
/// then), so the books and the reconciliation never depend on a later change of main account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaiementFait {
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementDepense,
    pub reference: Option<String>,
    /// The bank account it left; `None` for cash, or for a bank payment recorded before any
    /// bank account existed (the books' 512000).
    pub compte_id: Option<CompteBancaireId>,
}

/// Facts of the expenses. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DepensesEvent {
    CategorieCreee {
        categorie_id: CategorieId,
        titre: String,
        description: Option<String>,
    },
    CategorieModifiee {
        categorie_id: CategorieId,
        titre: String,
        description: Option<String>,
    },
    CategorieSupprimee {
        categorie_id: CategorieId,
    },
    FournisseurCree {
        fournisseur_id: FournisseurId,
        fiche: FicheFournisseur,
    },
    FournisseurModifie {
        fournisseur_id: FournisseurId,
        fiche: FicheFournisseur,
    },
    FournisseurSupprime {
        fournisseur_id: FournisseurId,
    },
    DepenseEnregistree {
        depense_id: DepenseId,
        nature: NatureDepense,
        fiche: FicheDepense,
    },
    /// The whole record as it now is (recorded only when something but its files changed).
    DepenseModifiee {
        depense_id: DepenseId,
        nature: NatureDepense,
        fiche: FicheDepense,
    },
    DepenseSupprimee {
        depense_id: DepenseId,
        nature: NatureDepense,
    },
    DocumentsDepenseJoints {
        depense_id: DepenseId,
        documents: Vec<DocumentJoint>,
    },
    DocumentDepenseRetire {
        depense_id: DepenseId,
        document_id: DocumentId,
    },
    DepensePayee {
        paiement_id: PaiementDepenseId,
        depense_id: DepenseId,
        paiement: PaiementFait,
    },
    PaiementDepenseModifie {
        paiement_id: PaiementDepenseId,
        depense_id: DepenseId,
        paiement: PaiementFait,
    },
    PaiementDepenseSupprime {
        paiement_id: PaiementDepenseId,
        depense_id: DepenseId,
    },
}

impl DepensesEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            DepensesEvent::CategorieCreee { .. } => "CategorieCreee",
            DepensesEvent::CategorieModifiee { .. } => "CategorieModifiee",
            DepensesEvent::CategorieSupprimee { .. } => "CategorieSupprimee",
            DepensesEvent::FournisseurCree { .. } => "FournisseurCree",
            DepensesEvent::FournisseurModifie { .. } => "FournisseurModifie",
            DepensesEvent::FournisseurSupprime { .. } => "FournisseurSupprime",
            DepensesEvent::DepenseEnregistree { .. } => "DepenseEnregistree",
            DepensesEvent::DepenseModifiee { .. } => "DepenseModifiee",
            DepensesEvent::DepenseSupprimee { .. } => "DepenseSupprimee",
            DepensesEvent::DocumentsDepenseJoints { .. } => "DocumentsDepenseJoints",
            DepensesEvent::DocumentDepenseRetire { .. } => "DocumentDepenseRetire",
            DepensesEvent::DepensePayee { .. } => "DepensePayee",
            DepensesEvent::PaiementDepenseModifie { .. } => "PaiementDepenseModifie",
            DepensesEvent::PaiementDepenseSupprime { .. } => "PaiementDepenseSupprime",
        }
    }
}

impl Depenses {
    /// The state change of each expense event.
    pub(crate) fn appliquer(&mut self, event: DepensesEvent) {
        match event {
            DepensesEvent::CategorieCreee {
                categorie_id,
                titre,
                ..
            }
            | DepensesEvent::CategorieModifiee {
                categorie_id,
                titre,
                ..
            } => {
                self.noter_id("categorie", categorie_id);
                self.categories.insert(categorie_id, titre);
            }
            DepensesEvent::CategorieSupprimee { categorie_id } => {
                self.categories.remove(&categorie_id);
            }
            DepensesEvent::FournisseurCree {
                fournisseur_id,
                fiche,
            }
            | DepensesEvent::FournisseurModifie {
                fournisseur_id,
                fiche,
            } => {
                self.noter_id("fournisseur", fournisseur_id);
                self.fournisseurs.insert(fournisseur_id, fiche.nom);
            }
            DepensesEvent::FournisseurSupprime { fournisseur_id } => {
                self.fournisseurs.remove(&fournisseur_id);
            }
            DepensesEvent::DepenseEnregistree {
                depense_id,
                nature,
                fiche,
            } => {
                self.noter_id("depense", depense_id);
                self.depenses.insert(
                    depense_id,
                    Depense {
                        nature,
                        fiche,
                        paiements: Default::default(),
                        documents: Vec::new(),
                    },
                );
            }
            DepensesEvent::DepenseModifiee {
                depense_id, fiche, ..
            } => {
                if let Some(depense) = self.depenses.get_mut(&depense_id) {
                    depense.fiche = fiche;
                }
            }
            DepensesEvent::DepenseSupprimee { depense_id, .. } => {
                if let Some(depense) = self.depenses.remove(&depense_id) {
                    for paiement_id in depense.paiements.keys() {
                        self.paiements.remove(paiement_id);
                    }
                }
            }
            DepensesEvent::DocumentsDepenseJoints {
                depense_id,
                documents,
            } => {
                if let Some(depense) = self.depenses.get_mut(&depense_id) {
                    depense
                        .documents
                        .extend(documents.iter().map(|d| d.document_id));
                }
            }
            DepensesEvent::DocumentDepenseRetire {
                depense_id,
                document_id,
            } => {
                if let Some(depense) = self.depenses.get_mut(&depense_id) {
                    depense.documents.retain(|id| *id != document_id);
                }
            }
            DepensesEvent::DepensePayee {
                paiement_id,
                depense_id,
                paiement,
            }
            | DepensesEvent::PaiementDepenseModifie {
                paiement_id,
                depense_id,
                paiement,
            } => {
                self.noter_id("paiement", paiement_id);
                self.paiements.insert(paiement_id, depense_id);
                if let Some(depense) = self.depenses.get_mut(&depense_id) {
                    depense.paiements.insert(paiement_id, paiement);
                }
            }
            DepensesEvent::PaiementDepenseSupprime {
                paiement_id,
                depense_id,
            } => {
                self.paiements.remove(&paiement_id);
                if let Some(depense) = self.depenses.get_mut(&depense_id) {
                    depense.paiements.remove(&paiement_id);
                }
            }
        }
    }
}
