//! The contract, client and exceptional-revenue commands and facts, and the facts' effect on
//! the residence's decision state.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{
    ClientId, Contrat, ContratId, Contrats, Contrepartie, MethodePaiementContrat,
    PaiementContratId, Periodicite, RevenuExceptionnel, RevenuExceptionnelId, SensContrat,
};
use crate::banque::CompteBancaireId;
use crate::document::{DocumentId, DocumentJoint, PieceJointe};
use crate::montant::Montant;
use crate::paiement::Paiement;

/// What the treasurer asks of the contracts, clients and exceptional revenues.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContratsCommand {
    CreerClient {
        fiche: FicheClient,
    },
    ModifierClient {
        client_id: ClientId,
        fiche: FicheClient,
    },
    SupprimerClient {
        client_id: ClientId,
    },
    /// A contract with the files sent with it; its side is its counterpart's.
    EnregistrerContrat {
        fiche: FicheContrat,
        documents: Vec<PieceJointe>,
    },
    /// The contract as it now is; `documents` are added to those already attached.
    ModifierContrat {
        contrat_id: ContratId,
        fiche: FicheContrat,
        documents: Vec<PieceJointe>,
    },
    /// `sens` is the side the request came through: a contract of the other side is unknown.
    SupprimerContrat {
        contrat_id: ContratId,
        sens: SensContrat,
    },
    RetirerDocument {
        document_id: DocumentId,
    },
    Payer {
        contrat_id: ContratId,
        sens: SensContrat,
        paiement: Paiement<MethodePaiementContrat>,
    },
    ModifierPaiement {
        paiement_id: PaiementContratId,
        sens: SensContrat,
        paiement: Paiement<MethodePaiementContrat>,
    },
    SupprimerPaiement {
        paiement_id: PaiementContratId,
        sens: SensContrat,
    },
    EnregistrerRevenuExceptionnel {
        fiche: FicheRevenuExceptionnel,
    },
    SupprimerRevenuExceptionnel {
        revenu_id: RevenuExceptionnelId,
    },
}

/// A client's record (spec 1 §3 "Client").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FicheClient {
    pub nom: String,
    /// 8 digits.
    pub tel: Option<String>,
    pub email: Option<String>,
    pub adresse: Option<String>,
    pub ville: Option<String>,
    /// 1 to 24, see [`crate::depenses::GOUVERNORATS`].
    pub gouvernorat: Option<i64>,
    pub activite: Option<String>,
    /// Free text: the form suggests the usual Tunisian shape, the server keeps what is typed.
    pub matricule_fiscal: Option<String>,
    pub commentaire: Option<String>,
}

/// A contract as typed (spec 1 §3 "Revenue contract", spec 2 §3 "Expense contract").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FicheContrat {
    pub titre: String,
    /// Per period.
    pub montant: Montant,
    pub date_debut: NaiveDate,
    /// `None`: open-ended.
    pub date_fin: Option<NaiveDate>,
    pub periodicite: Periodicite,
    pub contrepartie: Contrepartie,
    pub commentaire: Option<String>,
}

/// A contract payment as recorded; the bank account is fixed when it is recorded (the main
/// account then), so the books and the reconciliation never depend on a later change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaiementContratFait {
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementContrat,
    pub reference: Option<String>,
    /// The bank account it entered or left; `None` for cash, for a cheque received (it waits
    /// for its deposit), or when no bank account existed (the books' 512000).
    pub compte_id: Option<CompteBancaireId>,
}

/// An exceptional revenue (spec 1 §3 "Exceptional revenue").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FicheRevenuExceptionnel {
    pub titre: String,
    pub montant: Montant,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiementContrat,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
    pub client_id: Option<ClientId>,
}

/// Facts of the contracts, clients and exceptional revenues. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum ContratsEvent {
    ClientCree {
        client_id: ClientId,
        fiche: FicheClient,
    },
    ClientModifie {
        client_id: ClientId,
        fiche: FicheClient,
    },
    ClientSupprime {
        client_id: ClientId,
    },
    ContratEnregistre {
        contrat_id: ContratId,
        fiche: FicheContrat,
    },
    /// The whole contract as it now is (recorded only when something but its files changed).
    ContratModifie {
        contrat_id: ContratId,
        fiche: FicheContrat,
    },
    ContratSupprime {
        contrat_id: ContratId,
    },
    DocumentsContratJoints {
        contrat_id: ContratId,
        documents: Vec<DocumentJoint>,
    },
    DocumentContratRetire {
        contrat_id: ContratId,
        document_id: DocumentId,
    },
    ContratPaye {
        paiement_id: PaiementContratId,
        contrat_id: ContratId,
        /// The contract's counterpart when paid: the side and the charge account the books
        /// post it to (the postings read the event alone).
        contrepartie: Contrepartie,
        paiement: PaiementContratFait,
    },
    PaiementContratModifie {
        paiement_id: PaiementContratId,
        contrat_id: ContratId,
        /// The contract's counterpart when paid: the side and the charge account the books
        /// post it to (the postings read the event alone).
        contrepartie: Contrepartie,
        paiement: PaiementContratFait,
    },
    PaiementContratSupprime {
        paiement_id: PaiementContratId,
        contrat_id: ContratId,
    },
    RevenuExceptionnelEnregistre {
        revenu_id: RevenuExceptionnelId,
        fiche: FicheRevenuExceptionnel,
        /// The bank account it entered (virement); `None` for cash and cheques.
        compte_id: Option<CompteBancaireId>,
    },
    RevenuExceptionnelSupprime {
        revenu_id: RevenuExceptionnelId,
    },
}

impl ContratsEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            ContratsEvent::ClientCree { .. } => "ClientCree",
            ContratsEvent::ClientModifie { .. } => "ClientModifie",
            ContratsEvent::ClientSupprime { .. } => "ClientSupprime",
            ContratsEvent::ContratEnregistre { .. } => "ContratEnregistre",
            ContratsEvent::ContratModifie { .. } => "ContratModifie",
            ContratsEvent::ContratSupprime { .. } => "ContratSupprime",
            ContratsEvent::DocumentsContratJoints { .. } => "DocumentsContratJoints",
            ContratsEvent::DocumentContratRetire { .. } => "DocumentContratRetire",
            ContratsEvent::ContratPaye { .. } => "ContratPaye",
            ContratsEvent::PaiementContratModifie { .. } => "PaiementContratModifie",
            ContratsEvent::PaiementContratSupprime { .. } => "PaiementContratSupprime",
            ContratsEvent::RevenuExceptionnelEnregistre { .. } => "RevenuExceptionnelEnregistre",
            ContratsEvent::RevenuExceptionnelSupprime { .. } => "RevenuExceptionnelSupprime",
        }
    }
}

impl Contrats {
    /// The state change of each event.
    pub(crate) fn appliquer(&mut self, event: ContratsEvent) {
        match event {
            ContratsEvent::ClientCree { client_id, fiche }
            | ContratsEvent::ClientModifie { client_id, fiche } => {
                self.noter_id("client", client_id);
                self.clients.insert(client_id, fiche.nom);
            }
            ContratsEvent::ClientSupprime { client_id } => {
                self.clients.remove(&client_id);
            }
            ContratsEvent::ContratEnregistre { contrat_id, fiche } => {
                self.noter_id("contrat", contrat_id);
                self.contrats.insert(
                    contrat_id,
                    Contrat {
                        fiche,
                        paiements: Default::default(),
                        documents: Vec::new(),
                    },
                );
            }
            ContratsEvent::ContratModifie { contrat_id, fiche } => {
                if let Some(contrat) = self.contrats.get_mut(&contrat_id) {
                    contrat.fiche = fiche;
                }
            }
            ContratsEvent::ContratSupprime { contrat_id } => {
                if let Some(contrat) = self.contrats.remove(&contrat_id) {
                    for paiement_id in contrat.paiements.keys() {
                        self.paiements.remove(paiement_id);
                    }
                }
            }
            ContratsEvent::DocumentsContratJoints {
                contrat_id,
                documents,
            } => {
                if let Some(contrat) = self.contrats.get_mut(&contrat_id) {
                    contrat
                        .documents
                        .extend(documents.iter().map(|d| d.document_id));
                }
            }
            ContratsEvent::DocumentContratRetire {
                contrat_id,
                document_id,
            } => {
                if let Some(contrat) = self.contrats.get_mut(&contrat_id) {
                    contrat.documents.retain(|id| *id != document_id);
                }
            }
            ContratsEvent::ContratPaye {
                paiement_id,
                contrat_id,
                paiement,
                ..
            }
            | ContratsEvent::PaiementContratModifie {
                paiement_id,
                contrat_id,
                paiement,
                ..
            } => {
                self.noter_id("recette", paiement_id);
                self.paiements.insert(paiement_id, contrat_id);
                if let Some(contrat) = self.contrats.get_mut(&contrat_id) {
                    contrat.paiements.insert(paiement_id, paiement);
                }
            }
            ContratsEvent::PaiementContratSupprime {
                paiement_id,
                contrat_id,
            } => {
                self.paiements.remove(&paiement_id);
                if let Some(contrat) = self.contrats.get_mut(&contrat_id) {
                    contrat.paiements.remove(&paiement_id);
                }
            }
            ContratsEvent::RevenuExceptionnelEnregistre {
                revenu_id,
                fiche,
                compte_id,
            } => {
                self.noter_id("recette", revenu_id);
                self.revenus
                    .insert(revenu_id, RevenuExceptionnel { fiche, compte_id });
            }
            ContratsEvent::RevenuExceptionnelSupprime { revenu_id } => {
                self.revenus.remove(&revenu_id);
            }
        }
    }
}
