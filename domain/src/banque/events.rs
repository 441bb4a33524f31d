//! The bank commands and facts, and the facts' effect on the residence's decision state.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::releves::{rangs_des_lignes, FicheReleve, LigneReleveRef, RapprochementLigne, Releve};
use super::{
    Banque, CompteBancaire, CompteBancaireId, Mouvement, Operation, OperationId,
    ReglementPasserelle, ReleveId, Remise, RemiseId, TableMouvement, Transfert, TransfertId,
    TypeCompte, TypeOperation,
};
use crate::montant::Montant;
use crate::revenus::EncaissementId;

/// What the treasurer asks of the bank. Every dated command carries its dates; the account's
/// creation carries the day, the default date of its opening balance.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BanqueCommand {
    CreerCompte {
        fiche: FicheCompte,
    },
    ModifierCompte {
        compte_id: CompteBancaireId,
        fiche: FicheCompte,
    },
    SupprimerCompte {
        compte_id: CompteBancaireId,
    },
    CreerOperation {
        compte_id: CompteBancaireId,
        fiche: FicheOperation,
    },
    /// The account of an operation does not change (spec 2 §7: the edit sends no account).
    ModifierOperation {
        operation_id: OperationId,
        fiche: FicheOperation,
    },
    SupprimerOperation {
        operation_id: OperationId,
    },
    CreerTransfert(DemandeTransfert),
    ModifierTransfert {
        transfert_id: TransfertId,
        demande: DemandeTransfert,
    },
    SupprimerTransfert {
        transfert_id: TransfertId,
    },
    CreerRemise {
        compte_id: CompteBancaireId,
        cheques: Vec<EncaissementId>,
        date: NaiveDate,
        reference: Option<String>,
        commentaire: Option<String>,
    },
    SupprimerRemise {
        remise_id: RemiseId,
    },
    /// Sets (or, with `None`, clears) the bank date of a movement.
    Pointer {
        mouvement: Mouvement,
        date_banque: Option<NaiveDate>,
    },
    /// Records a bank statement (every line of the file: those an earlier statement brought
    /// are skipped) and points the lines matched with confidence.
    ImporterReleve {
        compte_id: CompteBancaireId,
        fiche: FicheReleve,
        rapprochements: Vec<RapprochementLigne>,
    },
    /// Points movements with a statement's line, on the line's date.
    RapprocherLigne {
        ligne: LigneReleveRef,
        mouvements: Vec<Mouvement>,
    },
    /// Unpoints what was pointed with a statement's line.
    DefaireLigne {
        ligne: LigneReleveRef,
    },
    /// Records the bank operation a statement's line shows (fees, interest, a withdrawal or a
    /// deposit) and points it with the line, in one act.
    CreerOperationLigne {
        ligne: LigneReleveRef,
        type_operation: TypeOperation,
        libelle: String,
    },
    /// The online payment gateway paid what it collected to the account (issue 21): `montant_brut`
    /// leaves the gateway's account (5115), `frais` are its fees, the rest lands on the account.
    EnregistrerReglementPasserelle {
        compte_id: CompteBancaireId,
        date: NaiveDate,
        montant_brut: Montant,
        frais: Montant,
        reference: Option<String>,
    },
}

/// A bank account's record. `solde_initial` is the balance on `date_solde_initial`, the day
/// the books start following the account.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FicheCompte {
    pub libelle: String,
    pub banque: String,
    pub type_compte: TypeCompte,
    pub adresse_agence: Option<String>,
    pub rib: Option<String>,
    pub swift: Option<String>,
    pub iban: Option<String>,
    pub commentaire: Option<String>,
    pub is_main: bool,
    pub solde_initial: Montant,
    pub date_solde_initial: NaiveDate,
}

/// A withdrawal, deposit, fee or interest as typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FicheOperation {
    pub type_operation: TypeOperation,
    pub libelle: String,
    pub montant: Montant,
    pub date: NaiveDate,
    pub date_banque: Option<NaiveDate>,
    pub commentaire: Option<String>,
}

/// A transfer between two accounts as typed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DemandeTransfert {
    pub source: CompteBancaireId,
    pub destination: CompteBancaireId,
    pub montant: Montant,
    pub date: NaiveDate,
    pub reference: Option<String>,
    pub commentaire: Option<String>,
}

/// One cheque of a deposit, with its amount (so the deposit's posting needs nothing else).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChequeRemis {
    pub encaissement_id: EncaissementId,
    pub montant: Montant,
}

/// Facts of the bank. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum BanqueEvent {
    CompteBancaireCree {
        compte_id: CompteBancaireId,
        fiche: FicheCompte,
    },
    /// The whole record as it now is; `is_main` true makes it the main account.
    CompteBancaireModifie {
        compte_id: CompteBancaireId,
        fiche: FicheCompte,
    },
    CompteBancaireSupprime {
        compte_id: CompteBancaireId,
    },
    /// The opening balance changed (recorded before the record's change that carries it, so
    /// the books reverse and post it again only when it really changed).
    SoldeInitialModifie {
        compte_id: CompteBancaireId,
        solde_initial: Montant,
        date_solde_initial: NaiveDate,
    },
    OperationBancaireCreee {
        operation_id: OperationId,
        compte_id: CompteBancaireId,
        fiche: FicheOperation,
    },
    OperationBancaireModifiee {
        operation_id: OperationId,
        compte_id: CompteBancaireId,
        fiche: FicheOperation,
    },
    OperationBancaireSupprimee {
        operation_id: OperationId,
    },
    TransfertCree {
        transfert_id: TransfertId,
        demande: DemandeTransfert,
    },
    TransfertModifie {
        transfert_id: TransfertId,
        demande: DemandeTransfert,
    },
    TransfertSupprime {
        transfert_id: TransfertId,
    },
    RemiseChequesCreee {
        remise_id: RemiseId,
        compte_id: CompteBancaireId,
        date: NaiveDate,
        reference: Option<String>,
        commentaire: Option<String>,
        cheques: Vec<ChequeRemis>,
    },
    /// The deposit is undone: its cheques are pending again.
    RemiseChequesSupprimee {
        remise_id: RemiseId,
    },
    /// `ligne`: the statement line it was pointed with (absent for a pointing by hand and any
    /// unpointing, and in every event written before statements).
    MouvementPointe {
        mouvement: Mouvement,
        date_banque: Option<NaiveDate>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ligne: Option<LigneReleveRef>,
    },
    /// A bank statement recorded: its new lines only.
    ReleveImporte {
        releve_id: ReleveId,
        compte_id: CompteBancaireId,
        fiche: FicheReleve,
    },
    /// The gateway's settlement (issue 21): D 512 net, D 627 fees, C 5115 gross.
    ReglementPasserelleEnregistre {
        reglement_id: i64,
        compte_id: CompteBancaireId,
        date: NaiveDate,
        montant_brut: Montant,
        frais: Montant,
        reference: Option<String>,
    },
}

impl BanqueEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            BanqueEvent::CompteBancaireCree { .. } => "CompteBancaireCree",
            BanqueEvent::CompteBancaireModifie { .. } => "CompteBancaireModifie",
            BanqueEvent::CompteBancaireSupprime { .. } => "CompteBancaireSupprime",
            BanqueEvent::SoldeInitialModifie { .. } => "SoldeInitialModifie",
            BanqueEvent::OperationBancaireCreee { .. } => "OperationBancaireCreee",
            BanqueEvent::OperationBancaireModifiee { .. } => "OperationBancaireModifiee",
            BanqueEvent::OperationBancaireSupprimee { .. } => "OperationBancaireSupprimee",
            BanqueEvent::TransfertCree { .. } => "TransfertCree",
            BanqueEvent::TransfertModifie { .. } => "TransfertModifie",
            BanqueEvent::TransfertSupprime { .. } => "TransfertSupprime",
            BanqueEvent::RemiseChequesCreee { .. } => "RemiseChequesCreee",
            BanqueEvent::RemiseChequesSupprimee { .. } => "RemiseChequesSupprimee",
            BanqueEvent::MouvementPointe { .. } => "MouvementPointe",
            BanqueEvent::ReleveImporte { .. } => "ReleveImporte",
            BanqueEvent::ReglementPasserelleEnregistre { .. } => "ReglementPasserelleEnregistre",
        }
    }
}

impl Banque {
    /// Unpoints a movement: it is no longer pointed with any statement line either.
    fn depointer(&mut self, mouvement: &Mouvement) -> Option<NaiveDate> {
        self.liens_releves.remove(mouvement);
        self.pointages.remove(mouvement)
    }

    fn oublier_pointages_transfert(&mut self, transfert_id: TransfertId) {
        for table in [
            TableMouvement::TransfertSortie,
            TableMouvement::TransfertEntree,
        ] {
            self.depointer(&Mouvement {
                table,
                id: transfert_id,
            });
        }
    }

    /// A movement another module changed or removed is no longer what the bank booked: it is
    /// pointed again (the aggregate calls this for those modules' events).
    pub(crate) fn oublier_pointage(&mut self, mouvement: Mouvement) {
        self.depointer(&mouvement);
    }

    /// A collection corrected or cancelled is no longer what the bank booked: it is pointed
    /// again (the revenue's events call this through the aggregate).
    pub(crate) fn oublier_pointage_encaissement(&mut self, encaissement_id: EncaissementId) {
        self.depointer(&Mouvement {
            table: TableMouvement::Encaissement,
            id: encaissement_id,
        });
    }

    fn enregistrer_compte(&mut self, compte_id: CompteBancaireId, fiche: FicheCompte) {
        self.noter_id("compte", compte_id);
        if fiche.is_main || self.compte_principal.is_none() {
            self.compte_principal = Some(compte_id);
        }
        self.comptes.insert(compte_id, CompteBancaire { fiche });
        // The flag lives in one place; the records keep it in step for the read side.
        let principal = self.compte_principal;
        for (id, compte) in &mut self.comptes {
            compte.fiche.is_main = Some(*id) == principal;
        }
    }

    /// The state change of each bank event.
    pub(crate) fn appliquer(&mut self, event: BanqueEvent) {
        match event {
            BanqueEvent::CompteBancaireCree { compte_id, fiche }
            | BanqueEvent::CompteBancaireModifie { compte_id, fiche } => {
                self.enregistrer_compte(compte_id, fiche);
            }
            BanqueEvent::CompteBancaireSupprime { compte_id } => {
                self.comptes.remove(&compte_id);
                if self.compte_principal == Some(compte_id) {
                    self.compte_principal = None;
                }
            }
            BanqueEvent::SoldeInitialModifie {
                compte_id,
                solde_initial,
                date_solde_initial,
            } => {
                if let Some(compte) = self.comptes.get_mut(&compte_id) {
                    compte.fiche.solde_initial = solde_initial;
                    compte.fiche.date_solde_initial = date_solde_initial;
                }
            }
            BanqueEvent::OperationBancaireCreee {
                operation_id,
                compte_id,
                fiche,
            }
            | BanqueEvent::OperationBancaireModifiee {
                operation_id,
                compte_id,
                fiche,
            } => {
                self.noter_id("operation", operation_id);
                let mouvement = Mouvement {
                    table: TableMouvement::Operation,
                    id: operation_id,
                };
                // The form's bank date is a pointing by hand: any statement line's link goes.
                self.depointer(&mouvement);
                if let Some(date) = fiche.date_banque {
                    self.pointages.insert(mouvement, date);
                }
                self.operations
                    .insert(operation_id, Operation { compte_id, fiche });
            }
            BanqueEvent::OperationBancaireSupprimee { operation_id } => {
                self.operations.remove(&operation_id);
                self.depointer(&Mouvement {
                    table: TableMouvement::Operation,
                    id: operation_id,
                });
            }
            BanqueEvent::TransfertCree {
                transfert_id,
                demande,
            }
            | BanqueEvent::TransfertModifie {
                transfert_id,
                demande,
            } => {
                self.noter_id("transfert", transfert_id);
                // A transfer changed is no longer what the banks booked: both sides are
                // pointed again.
                self.oublier_pointages_transfert(transfert_id);
                self.transferts.insert(
                    transfert_id,
                    Transfert {
                        source: demande.source,
                        destination: demande.destination,
                        montant: demande.montant,
                        date: demande.date,
                    },
                );
            }
            BanqueEvent::TransfertSupprime { transfert_id } => {
                self.transferts.remove(&transfert_id);
                self.oublier_pointages_transfert(transfert_id);
            }
            BanqueEvent::RemiseChequesCreee {
                remise_id,
                compte_id,
                date,
                cheques,
                ..
            } => {
                self.noter_id("remise", remise_id);
                for cheque in &cheques {
                    self.cheques_remis.insert(cheque.encaissement_id, remise_id);
                }
                self.remises.insert(
                    remise_id,
                    Remise {
                        compte_id,
                        date,
                        cheques,
                    },
                );
            }
            BanqueEvent::RemiseChequesSupprimee { remise_id } => {
                if let Some(remise) = self.remises.remove(&remise_id) {
                    for cheque in remise.cheques {
                        self.cheques_remis.remove(&cheque.encaissement_id);
                    }
                }
                self.depointer(&Mouvement {
                    table: TableMouvement::Remise,
                    id: remise_id,
                });
            }
            BanqueEvent::MouvementPointe {
                mouvement,
                date_banque,
                ligne,
            } => {
                self.depointer(&mouvement);
                if let Some(date) = date_banque {
                    self.pointages.insert(mouvement, date);
                    if let Some(ligne) = ligne {
                        self.liens_releves.insert(mouvement, ligne);
                    }
                }
            }
            BanqueEvent::ReglementPasserelleEnregistre {
                reglement_id,
                compte_id,
                date,
                montant_brut,
                frais,
                ..
            } => {
                self.noter_id("reglement_passerelle", reglement_id);
                self.reglements_passerelle.insert(
                    reglement_id,
                    ReglementPasserelle {
                        compte_id,
                        date,
                        montant_brut,
                        frais,
                    },
                );
            }
            BanqueEvent::ReleveImporte {
                releve_id,
                compte_id,
                fiche,
            } => {
                self.noter_id("releve", releve_id);
                for (cle, _) in rangs_des_lignes(compte_id, &fiche.lignes) {
                    *self.cles_releves.entry(cle).or_insert(0) += 1;
                }
                self.releves.insert(
                    releve_id,
                    Releve {
                        compte_id,
                        sha256: fiche.sha256,
                        lignes: fiche.lignes.into_iter().map(|l| (l.numero, l)).collect(),
                    },
                );
            }
        }
    }
}
