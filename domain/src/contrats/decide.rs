//! The contract, client and exceptional-revenue decisions (rules in the module documentation
//! and docs/domain.md). Each reads the whole residence: the fiscal years for the date guard,
//! the expenses for suppliers and categories, the bank for the main account and the deposited
//! cheques, the register of files.

use super::events::{
    ContratsCommand, ContratsEvent, FicheClient, FicheContrat, FicheRevenuExceptionnel,
    PaiementContratFait,
};
use super::{
    ClientId, Contrat, ContratId, ContratsError, Contrepartie, MethodePaiementContrat,
    PaiementContratId, SensContrat,
};
use crate::depenses::gouvernorat;
use crate::document::{DocumentJoint, PieceJointe, Proprietaire};
use crate::grand_livre::GrandLivre;
use crate::montant::Montant;
use crate::paiement::Paiement;

/// Longest one-line text (titre, nom).
const TEXTE_MAX: usize = 200;

fn texte_requis(texte: &str, erreur: ContratsError) -> Result<String, ContratsError> {
    let texte = texte.trim();
    if texte.is_empty() || texte.chars().count() > TEXTE_MAX {
        return Err(erreur);
    }
    Ok(texte.to_owned())
}

fn texte_facultatif(texte: Option<String>) -> Option<String> {
    texte.map(|t| t.trim().to_owned()).filter(|t| !t.is_empty())
}

fn montant_positif(montant: Montant) -> Result<Montant, ContratsError> {
    if montant.is_positive() {
        Ok(montant)
    } else {
        Err(ContratsError::MontantInvalide)
    }
}

impl ContratsCommand {
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<ContratsEvent>, ContratsError> {
        let contrats = &livre.contrats;
        let event = match self {
            ContratsCommand::CreerClient { fiche } => ContratsEvent::ClientCree {
                client_id: contrats.prochain_id("client"),
                fiche: fiche_client(fiche)?,
            },
            ContratsCommand::ModifierClient { client_id, fiche } => {
                livre.exige_client(client_id)?;
                ContratsEvent::ClientModifie {
                    client_id,
                    fiche: fiche_client(fiche)?,
                }
            }
            ContratsCommand::SupprimerClient { client_id } => {
                livre.exige_client(client_id)?;
                if contrats.client_utilise(client_id) {
                    return Err(ContratsError::ClientUtilise);
                }
                ContratsEvent::ClientSupprime { client_id }
            }
            ContratsCommand::EnregistrerContrat { fiche, documents } => {
                let contrat_id = contrats.prochain_id("contrat");
                let fiche = livre.fiche_contrat(fiche)?;
                let mut events = vec![ContratsEvent::ContratEnregistre { contrat_id, fiche }];
                events.extend(livre.joindre_au_contrat(contrat_id, documents));
                return Ok(events);
            }
            ContratsCommand::ModifierContrat {
                contrat_id,
                fiche,
                documents,
            } => return livre.modifier_contrat(contrat_id, fiche, documents),
            ContratsCommand::SupprimerContrat { contrat_id, sens } => {
                let contrat = livre.contrat_modifiable(contrat_id, sens)?;
                if !contrat.paiements.is_empty() {
                    return Err(ContratsError::ContratAvecPaiements);
                }
                ContratsEvent::ContratSupprime { contrat_id }
            }
            ContratsCommand::RetirerDocument { document_id } => {
                let Some((Proprietaire::Contrat(contrat_id), _)) =
                    livre.documents.proprietaire(document_id)
                else {
                    return Err(ContratsError::DocumentInconnu(document_id));
                };
                let contrat = contrats
                    .contrat(contrat_id)
                    .ok_or(ContratsError::DocumentInconnu(document_id))?;
                livre.exercices.exige_ouvert(contrat.fiche.date_debut)?;
                ContratsEvent::DocumentContratRetire {
                    contrat_id,
                    document_id,
                }
            }
            ContratsCommand::Payer {
                contrat_id,
                sens,
                paiement,
            } => {
                let contrat = livre.contrat(contrat_id, sens)?;
                let plafond = contrat.fiche.plafond(paiement.date_paiement);
                let maximum = Montant::from_millimes(
                    plafond
                        .millimes()
                        .saturating_sub(contrat.paye().millimes())
                        .max(0),
                );
                ContratsEvent::ContratPaye {
                    paiement_id: livre.prochain_id_recette(),
                    contrat_id,
                    contrepartie: contrat.fiche.contrepartie,
                    paiement: livre.paiement_contrat(sens, paiement, maximum)?,
                }
            }
            ContratsCommand::ModifierPaiement {
                paiement_id,
                sens,
                paiement,
            } => {
                let (contrat_id, contrat, actuel) =
                    livre.paiement_contrat_existant(paiement_id, sens)?;
                if livre.banque.remise_du_cheque(paiement_id).is_some() {
                    return Err(ContratsError::ChequeRemisModification);
                }
                livre.exercices.exige_ouvert(actuel.date_paiement)?;
                let plafond = contrat.fiche.plafond(paiement.date_paiement);
                let paye_sans_lui = contrat
                    .paye()
                    .millimes()
                    .saturating_sub(actuel.montant.millimes());
                let maximum =
                    Montant::from_millimes(plafond.millimes().saturating_sub(paye_sans_lui).max(0));
                ContratsEvent::PaiementContratModifie {
                    paiement_id,
                    contrat_id,
                    contrepartie: contrat.fiche.contrepartie,
                    paiement: livre.paiement_contrat(sens, paiement, maximum)?,
                }
            }
            ContratsCommand::SupprimerPaiement { paiement_id, sens } => {
                let (contrat_id, _, actuel) = livre.paiement_contrat_existant(paiement_id, sens)?;
                if livre.banque.remise_du_cheque(paiement_id).is_some() {
                    return Err(ContratsError::ChequeRemis);
                }
                livre.exercices.exige_ouvert(actuel.date_paiement)?;
                ContratsEvent::PaiementContratSupprime {
                    paiement_id,
                    contrat_id,
                }
            }
            ContratsCommand::EnregistrerRevenuExceptionnel { fiche } => {
                let fiche = livre.fiche_revenu(fiche)?;
                ContratsEvent::RevenuExceptionnelEnregistre {
                    revenu_id: livre.prochain_id_recette(),
                    compte_id: livre.compte_de_recette(fiche.methode),
                    fiche,
                }
            }
            ContratsCommand::SupprimerRevenuExceptionnel { revenu_id } => {
                let revenu = contrats
                    .revenu(revenu_id)
                    .ok_or(ContratsError::RevenuInconnu(revenu_id))?;
                if livre.banque.remise_du_cheque(revenu_id).is_some() {
                    return Err(ContratsError::ChequeRemis);
                }
                livre.exercices.exige_ouvert(revenu.fiche.date_paiement)?;
                ContratsEvent::RevenuExceptionnelSupprime { revenu_id }
            }
        };
        Ok(vec![event])
    }
}

/// A client's record as kept: texts trimmed, phone of 8 digits, a known governorate.
fn fiche_client(fiche: FicheClient) -> Result<FicheClient, ContratsError> {
    let tel = texte_facultatif(fiche.tel).map(|t| t.replace(' ', ""));
    if tel
        .as_deref()
        .is_some_and(|t| t.len() != 8 || !t.bytes().all(|b| b.is_ascii_digit()))
    {
        return Err(ContratsError::TelInvalide);
    }
    if let Some(id) = fiche.gouvernorat {
        if gouvernorat(id).is_none() {
            return Err(ContratsError::GouvernoratInconnu(id));
        }
    }
    Ok(FicheClient {
        nom: texte_requis(&fiche.nom, ContratsError::NomInvalide)?,
        tel,
        email: texte_facultatif(fiche.email),
        adresse: texte_facultatif(fiche.adresse),
        ville: texte_facultatif(fiche.ville),
        gouvernorat: fiche.gouvernorat,
        activite: texte_facultatif(fiche.activite),
        matricule_fiscal: texte_facultatif(fiche.matricule_fiscal),
        commentaire: texte_facultatif(fiche.commentaire),
    })
}

impl GrandLivre {
    /// The next id of money received that may be a cheque: collections, contract payments and
    /// exceptional revenues share one sequence, so a pending cheque's id names one receipt; the
    /// online payment gateway's settlements take theirs from it too (the bank lists them beside).
    pub fn prochain_id_recette(&self) -> i64 {
        let derniere_encaissement = self.revenus.prochain_encaissement_id() - 1;
        derniere_encaissement
            .max(self.contrats.derniere_recette())
            .max(self.banque.dernier_reglement_passerelle())
            + 1
    }

    /// Where money received by `methode` lands: the main bank account for a transfer, nowhere
    /// yet for cash (the cash box) and cheques (waiting for their deposit).
    fn compte_de_recette(
        &self,
        methode: MethodePaiementContrat,
    ) -> Option<crate::banque::CompteBancaireId> {
        match methode {
            MethodePaiementContrat::Virement => self.banque.compte_principal(),
            _ => None,
        }
    }

    fn exige_client(&self, id: ClientId) -> Result<(), ContratsError> {
        self.contrats
            .client(id)
            .map(|_| ())
            .ok_or(ContratsError::ClientInconnu(id))
    }

    /// The contract of that side (an expense contract's id asked as a revenue one is unknown).
    fn contrat(&self, id: ContratId, sens: SensContrat) -> Result<&Contrat, ContratsError> {
        self.contrats
            .contrat(id)
            .filter(|c| c.sens() == sens)
            .ok_or(ContratsError::ContratInconnu(id))
    }

    /// The contract, when its start is in an open exercice.
    fn contrat_modifiable(
        &self,
        id: ContratId,
        sens: SensContrat,
    ) -> Result<&Contrat, ContratsError> {
        let contrat = self.contrat(id, sens)?;
        self.exercices.exige_ouvert(contrat.fiche.date_debut)?;
        Ok(contrat)
    }

    /// A contract as kept: texts trimmed, a positive amount, an end not before the start, a
    /// known counterpart (and category), a start in an open exercice. The end is not guarded:
    /// it is usually years ahead, where no exercice is open yet.
    fn fiche_contrat(&self, fiche: FicheContrat) -> Result<FicheContrat, ContratsError> {
        let titre = texte_requis(&fiche.titre, ContratsError::TitreInvalide)?;
        let montant = montant_positif(fiche.montant)?;
        if fiche.date_fin.is_some_and(|fin| fin < fiche.date_debut) {
            return Err(ContratsError::DateFinAvantDebut);
        }
        match fiche.contrepartie {
            Contrepartie::Client { client_id } => self.exige_client(client_id)?,
            Contrepartie::Fournisseur {
                fournisseur_id,
                categorie_id,
            } => {
                if self.depenses.fournisseur(fournisseur_id).is_none() {
                    return Err(ContratsError::FournisseurInconnu(fournisseur_id));
                }
                if let Some(categorie_id) = categorie_id {
                    if self.depenses.categorie(categorie_id).is_none() {
                        return Err(ContratsError::CategorieInconnue(categorie_id));
                    }
                }
            }
        }
        self.exercices.exige_ouvert(fiche.date_debut)?;
        Ok(FicheContrat {
            titre,
            montant,
            commentaire: texte_facultatif(fiche.commentaire),
            ..fiche
        })
    }

    fn modifier_contrat(
        &self,
        contrat_id: ContratId,
        fiche: FicheContrat,
        documents: Vec<PieceJointe>,
    ) -> Result<Vec<ContratsEvent>, ContratsError> {
        let actuel = self.contrat_modifiable(contrat_id, fiche.contrepartie.sens())?;
        let fiche = self.fiche_contrat(fiche)?;
        // What the new terms let be paid, measured to the latest payment for an open-ended
        // contract (the rule its payments were accepted by).
        let jusqua = actuel.dernier_paiement().unwrap_or(fiche.date_debut);
        if fiche.plafond(jusqua) < actuel.paye() {
            return Err(ContratsError::MontantInferieurAuPaye);
        }
        let mut events = Vec::new();
        if fiche != actuel.fiche {
            events.push(ContratsEvent::ContratModifie { contrat_id, fiche });
        }
        events.extend(self.joindre_au_contrat(contrat_id, documents));
        Ok(events)
    }

    fn joindre_au_contrat(
        &self,
        contrat_id: ContratId,
        documents: Vec<PieceJointe>,
    ) -> Option<ContratsEvent> {
        if documents.is_empty() {
            return None;
        }
        let documents = self
            .documents
            .prochains_ids(documents.len())
            .zip(documents)
            .map(|(document_id, piece)| DocumentJoint { document_id, piece })
            .collect();
        Some(ContratsEvent::DocumentsContratJoints {
            contrat_id,
            documents,
        })
    }

    fn paiement_contrat_existant(
        &self,
        paiement_id: PaiementContratId,
        sens: SensContrat,
    ) -> Result<(ContratId, &Contrat, &PaiementContratFait), ContratsError> {
        self.contrats
            .paiement(paiement_id)
            .filter(|(_, contrat, _)| contrat.sens() == sens)
            .ok_or(ContratsError::PaiementInconnu(paiement_id))
    }

    /// A payment as recorded: a method of the side, positive, at most `maximum`, dated in an
    /// open exercice; the bank account it enters (a revenue by transfer) or leaves (an
    /// expense by any method but cash) is the main one.
    fn paiement_contrat(
        &self,
        sens: SensContrat,
        paiement: Paiement<MethodePaiementContrat>,
        maximum: Montant,
    ) -> Result<PaiementContratFait, ContratsError> {
        if !paiement.methode.admise(sens) {
            return Err(ContratsError::MethodeInvalide);
        }
        let montant = montant_positif(paiement.montant)?;
        if montant > maximum {
            return Err(ContratsError::MontantMaximumDepasse);
        }
        self.exercices.exige_ouvert(paiement.date_paiement)?;
        let compte_id = match sens {
            SensContrat::Revenu => self.compte_de_recette(paiement.methode),
            SensContrat::Depense if paiement.methode != MethodePaiementContrat::Espece => {
                self.banque.compte_principal()
            }
            SensContrat::Depense => None,
        };
        Ok(PaiementContratFait {
            montant,
            date_paiement: paiement.date_paiement,
            methode: paiement.methode,
            reference: paiement.reference_gardee(),
            compte_id,
        })
    }

    fn fiche_revenu(
        &self,
        fiche: FicheRevenuExceptionnel,
    ) -> Result<FicheRevenuExceptionnel, ContratsError> {
        let titre = texte_requis(&fiche.titre, ContratsError::TitreInvalide)?;
        let montant = montant_positif(fiche.montant)?;
        if !fiche.methode.admise(SensContrat::Revenu) {
            return Err(ContratsError::MethodeInvalide);
        }
        if let Some(client_id) = fiche.client_id {
            self.exige_client(client_id)?;
        }
        self.exercices.exige_ouvert(fiche.date_paiement)?;
        let reference = Paiement {
            montant,
            date_paiement: fiche.date_paiement,
            methode: fiche.methode,
            reference: fiche.reference,
        }
        .reference_gardee();
        Ok(FicheRevenuExceptionnel {
            titre,
            montant,
            reference,
            commentaire: texte_facultatif(fiche.commentaire),
            ..fiche
        })
    }
}
