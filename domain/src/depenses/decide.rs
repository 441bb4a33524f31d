//! The expense decisions (rules in the module documentation and docs/domain.md "Expenses").
//! Each decision reads the whole residence's state: the fiscal years for the date guard, the
//! bank for the account a payment leaves, the register of files.

use super::events::{DepensesCommand, DepensesEvent, FicheDepense, FicheFournisseur, PaiementFait};
use super::{
    gouvernorat, CategorieId, Depense, DepenseId, DepensesError, FournisseurId,
    MethodePaiementDepense, NatureDepense, PaiementDepenseId,
};
use crate::document::{DocumentJoint, PieceJointe, Proprietaire};
use crate::grand_livre::GrandLivre;
use crate::montant::Montant;
use crate::paiement::Paiement;

/// Longest one-line text of an expense record (titre, nom, reference).
const TEXTE_MAX: usize = 200;

fn texte_requis(texte: &str, erreur: DepensesError) -> Result<String, DepensesError> {
    let texte = texte.trim();
    if texte.is_empty() || texte.chars().count() > TEXTE_MAX {
        return Err(erreur);
    }
    Ok(texte.to_owned())
}

/// An optional text as kept: trimmed, absent when empty.
fn texte_facultatif(texte: Option<String>) -> Option<String> {
    texte.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

fn montant_positif(montant: Montant) -> Result<Montant, DepensesError> {
    if montant.is_positive() {
        Ok(montant)
    } else {
        Err(DepensesError::MontantInvalide)
    }
}

impl DepensesCommand {
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<DepensesEvent>, DepensesError> {
        let depenses = &livre.depenses;
        let event = match self {
            DepensesCommand::CreerCategorie { titre, description } => {
                DepensesEvent::CategorieCreee {
                    categorie_id: depenses.prochain_id("categorie"),
                    titre: texte_requis(&titre, DepensesError::TitreInvalide)?,
                    description: texte_facultatif(description),
                }
            }
            DepensesCommand::ModifierCategorie {
                categorie_id,
                titre,
                description,
            } => {
                livre.exige_categorie(categorie_id)?;
                DepensesEvent::CategorieModifiee {
                    categorie_id,
                    titre: texte_requis(&titre, DepensesError::TitreInvalide)?,
                    description: texte_facultatif(description),
                }
            }
            DepensesCommand::SupprimerCategorie { categorie_id } => {
                livre.exige_categorie(categorie_id)?;
                if depenses.categorie_utilisee(categorie_id)
                    || livre.contrats.categorie_utilisee(categorie_id)
                {
                    return Err(DepensesError::CategorieUtilisee);
                }
                // Spec 2 §8: used in a budget with an amount above zero.
                if livre.budgets.categorie_budgetee(categorie_id) {
                    return Err(DepensesError::CategorieBudgetee);
                }
                DepensesEvent::CategorieSupprimee { categorie_id }
            }
            DepensesCommand::CreerFournisseur { fiche } => DepensesEvent::FournisseurCree {
                fournisseur_id: depenses.prochain_id("fournisseur"),
                fiche: fiche_fournisseur(fiche)?,
            },
            DepensesCommand::ModifierFournisseur {
                fournisseur_id,
                fiche,
            } => {
                livre.exige_fournisseur(fournisseur_id)?;
                DepensesEvent::FournisseurModifie {
                    fournisseur_id,
                    fiche: fiche_fournisseur(fiche)?,
                }
            }
            DepensesCommand::SupprimerFournisseur { fournisseur_id } => {
                livre.exige_fournisseur(fournisseur_id)?;
                if depenses.fournisseur_utilise(fournisseur_id)
                    || livre.contrats.fournisseur_utilise(fournisseur_id)
                {
                    return Err(DepensesError::FournisseurUtilise);
                }
                DepensesEvent::FournisseurSupprime { fournisseur_id }
            }
            DepensesCommand::EnregistrerDepense {
                nature,
                fiche,
                documents,
            } => {
                let depense_id = depenses.prochain_id("depense");
                let fiche = livre.fiche_depense(nature, fiche)?;
                let mut events = vec![DepensesEvent::DepenseEnregistree {
                    depense_id,
                    nature,
                    fiche,
                }];
                events.extend(livre.joindre(depense_id, documents));
                return Ok(events);
            }
            DepensesCommand::ModifierDepense {
                depense_id,
                nature,
                fiche,
                documents,
            } => return livre.modifier_depense(depense_id, nature, fiche, documents),
            DepensesCommand::SupprimerDepense { depense_id, nature } => {
                let depense = livre.depense_modifiable(depense_id, nature)?;
                if !depense.paiements.is_empty() {
                    return Err(DepensesError::DepenseAvecPaiements);
                }
                DepensesEvent::DepenseSupprimee { depense_id, nature }
            }
            DepensesCommand::RetirerDocument {
                document_id,
                nature,
            } => {
                let Some((Proprietaire::Depense(depense_id), nature_document)) =
                    livre.documents.proprietaire(document_id)
                else {
                    return Err(DepensesError::DocumentInconnu(document_id));
                };
                if nature_document != nature {
                    return Err(DepensesError::DocumentInconnu(document_id));
                }
                let depense = livre
                    .depenses
                    .depense(depense_id)
                    .ok_or(DepensesError::DocumentInconnu(document_id))?;
                livre.exercices.exige_ouvert(depense.fiche.date_facture)?;
                DepensesEvent::DocumentDepenseRetire {
                    depense_id,
                    document_id,
                }
            }
            DepensesCommand::Payer {
                depense_id,
                nature,
                paiement,
            } => {
                let depense = livre.depense(depense_id, nature)?;
                let paiement = livre.paiement_fait(paiement, depense.restant_du())?;
                DepensesEvent::DepensePayee {
                    paiement_id: depenses.prochain_id("paiement"),
                    depense_id,
                    paiement,
                }
            }
            DepensesCommand::ModifierPaiement {
                paiement_id,
                nature,
                paiement,
            } => {
                let (depense_id, depense, actuel) = livre.paiement_existant(paiement_id, nature)?;
                livre.exercices.exige_ouvert(actuel.date_paiement)?;
                let maximum = Montant::from_millimes(
                    depense
                        .restant_du()
                        .millimes()
                        .saturating_add(actuel.montant.millimes()),
                );
                DepensesEvent::PaiementDepenseModifie {
                    paiement_id,
                    depense_id,
                    paiement: livre.paiement_fait(paiement, maximum)?,
                }
            }
            DepensesCommand::SupprimerPaiement {
                paiement_id,
                nature,
            } => {
                let (depense_id, _, actuel) = livre.paiement_existant(paiement_id, nature)?;
                livre.exercices.exige_ouvert(actuel.date_paiement)?;
                DepensesEvent::PaiementDepenseSupprime {
                    paiement_id,
                    depense_id,
                }
            }
        };
        Ok(vec![event])
    }
}

/// A supplier's record as kept: texts trimmed, phone of 8 digits, a known governorate.
fn fiche_fournisseur(fiche: FicheFournisseur) -> Result<FicheFournisseur, DepensesError> {
    let tel = texte_facultatif(fiche.tel).map(|t| t.replace(' ', ""));
    if tel
        .as_deref()
        .is_some_and(|t| t.len() != 8 || !t.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(DepensesError::TelInvalide);
    }
    if let Some(id) = fiche.gouvernorat {
        if gouvernorat(id).is_none() {
            return Err(DepensesError::GouvernoratInconnu(id));
        }
    }
    Ok(FicheFournisseur {
        nom: texte_requis(&fiche.nom, DepensesError::NomInvalide)?,
        tel,
        type_fournisseur: fiche.type_fournisseur,
        email: texte_facultatif(fiche.email),
        adresse: texte_facultatif(fiche.adresse),
        ville: texte_facultatif(fiche.ville),
        gouvernorat: fiche.gouvernorat,
        activite: texte_facultatif(fiche.activite),
        identifiant: texte_facultatif(fiche.identifiant),
        commentaire: texte_facultatif(fiche.commentaire),
    })
}

impl GrandLivre {
    fn exige_categorie(&self, id: CategorieId) -> Result<(), DepensesError> {
        self.depenses
            .categorie(id)
            .map(|_| ())
            .ok_or(DepensesError::CategorieInconnue(id))
    }

    fn exige_fournisseur(&self, id: FournisseurId) -> Result<(), DepensesError> {
        self.depenses
            .fournisseur(id)
            .map(|_| ())
            .ok_or(DepensesError::FournisseurInconnu(id))
    }

    /// The record of that nature (a works item's id asked as a charge is unknown).
    fn depense(&self, id: DepenseId, nature: NatureDepense) -> Result<&Depense, DepensesError> {
        self.depenses
            .depense(id)
            .filter(|d| d.nature == nature)
            .ok_or(DepensesError::DepenseInconnue(id))
    }

    /// The record, when its invoice date is in an open exercice.
    fn depense_modifiable(
        &self,
        id: DepenseId,
        nature: NatureDepense,
    ) -> Result<&Depense, DepensesError> {
        let depense = self.depense(id, nature)?;
        self.exercices.exige_ouvert(depense.fiche.date_facture)?;
        Ok(depense)
    }

    /// A record as kept: texts trimmed, a positive amount, a known supplier and category, a
    /// date in an open exercice; a charge has no description nor approval, and an approval
    /// names an assembly or vote only once those exist (none does yet: the modules that hold
    /// them come later, so naming one is refused rather than kept unchecked).
    fn fiche_depense(
        &self,
        nature: NatureDepense,
        fiche: FicheDepense,
    ) -> Result<FicheDepense, DepensesError> {
        let titre = texte_requis(&fiche.titre, DepensesError::TitreInvalide)?;
        let montant_total = montant_positif(fiche.montant_total)?;
        self.exige_fournisseur(fiche.fournisseur_id)?;
        if let Some(categorie_id) = fiche.categorie_id {
            self.exige_categorie(categorie_id)?;
        }
        let (description, approbation) = match nature {
            NatureDepense::Charge => (None, None),
            NatureDepense::Travaux => (texte_facultatif(fiche.description), fiche.approbation),
        };
        self.exercices.exige_ouvert(fiche.date_facture)?;
        Ok(FicheDepense {
            titre,
            montant_total,
            date_facture: fiche.date_facture,
            fournisseur_id: fiche.fournisseur_id,
            categorie_id: fiche.categorie_id,
            commentaire: texte_facultatif(fiche.commentaire),
            description,
            approbation,
        })
    }

    fn modifier_depense(
        &self,
        depense_id: DepenseId,
        nature: NatureDepense,
        fiche: FicheDepense,
        documents: Vec<PieceJointe>,
    ) -> Result<Vec<DepensesEvent>, DepensesError> {
        let actuelle = self.depense_modifiable(depense_id, nature)?;
        let fiche = self.fiche_depense(nature, fiche)?;
        if fiche.montant_total < actuelle.paye() {
            return Err(DepensesError::MontantInferieurAuPaye);
        }
        let mut events = Vec::new();
        if fiche != actuelle.fiche {
            events.push(DepensesEvent::DepenseModifiee {
                depense_id,
                nature,
                fiche,
            });
        }
        events.extend(self.joindre(depense_id, documents));
        Ok(events)
    }

    /// The files sent with a record, with the register's next ids.
    fn joindre(&self, depense_id: DepenseId, documents: Vec<PieceJointe>) -> Option<DepensesEvent> {
        if documents.is_empty() {
            return None;
        }
        let documents = self
            .documents
            .prochains_ids(documents.len())
            .zip(documents)
            .map(|(document_id, piece)| DocumentJoint { document_id, piece })
            .collect();
        Some(DepensesEvent::DocumentsDepenseJoints {
            depense_id,
            documents,
        })
    }

    fn paiement_existant(
        &self,
        paiement_id: PaiementDepenseId,
        nature: NatureDepense,
    ) -> Result<(DepenseId, &Depense, &PaiementFait), DepensesError> {
        let (depense_id, paiement) = self
            .depenses
            .paiement(paiement_id)
            .ok_or(DepensesError::PaiementInconnu(paiement_id))?;
        let depense = self
            .depense(depense_id, nature)
            .map_err(|_| DepensesError::PaiementInconnu(paiement_id))?;
        Ok((depense_id, depense, paiement))
    }

    /// A payment as recorded: positive, at most `maximum`, dated in an open exercice, leaving
    /// the main bank account unless it is cash.
    fn paiement_fait(
        &self,
        paiement: Paiement<MethodePaiementDepense>,
        maximum: Montant,
    ) -> Result<PaiementFait, DepensesError> {
        let montant = montant_positif(paiement.montant)?;
        if montant > maximum {
            return Err(DepensesError::MontantMaximumDepasse);
        }
        self.exercices.exige_ouvert(paiement.date_paiement)?;
        let compte_id = if paiement.methode.par_banque() {
            self.banque.compte_principal()
        } else {
            None
        };
        Ok(PaiementFait {
            montant,
            date_paiement: paiement.date_paiement,
            methode: paiement.methode,
            reference: paiement.reference_gardee(),
            compte_id,
        })
    }
}
