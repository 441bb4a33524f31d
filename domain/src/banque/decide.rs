//! The bank decisions (rules in the module documentation and docs/domain.md "The bank"). Each
//! decision reads the whole residence's state: the fiscal years for the date guard, the revenue
//! for the cheques received and the collections attached to an account.

use chrono::NaiveDate;

use super::events::{BanqueCommand, BanqueEvent, ChequeRemis, DemandeTransfert, FicheCompte};
use super::releves::{FicheReleve, LigneReleve, LigneReleveRef, RapprochementLigne};
use super::{
    iban_valide, rib_valide, BanqueError, CompteBancaireId, FicheOperation, Mouvement,
    TableMouvement, TypeOperation,
};
use crate::contrats::SensContrat;
use crate::grand_livre::GrandLivre;
use crate::montant::Montant;
use crate::revenus::{EncaissementId, MethodePaiement};

/// Longest one-line text of a bank record (libellé, bank name, reference).
const TEXTE_MAX: usize = 200;

fn texte_requis(texte: &str, erreur: BanqueError) -> Result<String, BanqueError> {
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

fn montant_positif(montant: Montant) -> Result<Montant, BanqueError> {
    if montant.is_positive() {
        Ok(montant)
    } else {
        Err(BanqueError::MontantInvalide)
    }
}

impl BanqueCommand {
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<BanqueEvent>, BanqueError> {
        let event = match self {
            BanqueCommand::ModifierCompte { compte_id, fiche } => {
                return livre.modifier_compte(compte_id, fiche);
            }
            BanqueCommand::CreerCompte { fiche } => livre.creer_compte(fiche)?,
            BanqueCommand::EnregistrerReglementPasserelle {
                compte_id,
                date,
                montant_brut,
                frais,
                reference,
            } => {
                livre.exige_compte(compte_id)?;
                let montant_brut = montant_positif(montant_brut)?;
                if frais.millimes() < 0 || frais > montant_brut {
                    return Err(BanqueError::MontantInvalide);
                }
                livre.exercices.exige_ouvert(date)?;
                let reference = texte_facultatif(reference);
                if reference
                    .as_ref()
                    .is_some_and(|r| r.chars().count() > TEXTE_MAX)
                {
                    return Err(BanqueError::LibelleInvalide);
                }
                BanqueEvent::ReglementPasserelleEnregistre {
                    // The receipts' sequence: the bank lists it beside the collections.
                    reglement_id: livre.prochain_id_recette(),
                    compte_id,
                    date,
                    montant_brut,
                    frais,
                    reference,
                }
            }
            BanqueCommand::SupprimerCompte { compte_id } => livre.supprimer_compte(compte_id)?,
            BanqueCommand::CreerOperation { compte_id, fiche } => {
                livre.exige_compte(compte_id)?;
                BanqueEvent::OperationBancaireCreee {
                    operation_id: livre.banque.prochaine_operation_id(),
                    compte_id,
                    fiche: livre.fiche_operation(fiche)?,
                }
            }
            BanqueCommand::ModifierOperation {
                operation_id,
                fiche,
            } => {
                let current = livre
                    .banque
                    .operation(operation_id)
                    .ok_or(BanqueError::OperationInconnue(operation_id))?;
                livre.exercices.exige_ouvert(current.fiche.date)?;
                BanqueEvent::OperationBancaireModifiee {
                    operation_id,
                    compte_id: current.compte_id,
                    fiche: livre.fiche_operation(fiche)?,
                }
            }
            BanqueCommand::SupprimerOperation { operation_id } => {
                let current = livre
                    .banque
                    .operation(operation_id)
                    .ok_or(BanqueError::OperationInconnue(operation_id))?;
                livre.exercices.exige_ouvert(current.fiche.date)?;
                BanqueEvent::OperationBancaireSupprimee { operation_id }
            }
            BanqueCommand::CreerTransfert(demande) => BanqueEvent::TransfertCree {
                transfert_id: livre.banque.prochain_transfert_id(),
                demande: livre.demande_transfert(demande)?,
            },
            BanqueCommand::ModifierTransfert {
                transfert_id,
                demande,
            } => {
                let current = livre
                    .banque
                    .transfert(transfert_id)
                    .ok_or(BanqueError::TransfertInconnu(transfert_id))?;
                livre.exercices.exige_ouvert(current.date)?;
                BanqueEvent::TransfertModifie {
                    transfert_id,
                    demande: livre.demande_transfert(demande)?,
                }
            }
            BanqueCommand::SupprimerTransfert { transfert_id } => {
                let current = livre
                    .banque
                    .transfert(transfert_id)
                    .ok_or(BanqueError::TransfertInconnu(transfert_id))?;
                livre.exercices.exige_ouvert(current.date)?;
                BanqueEvent::TransfertSupprime { transfert_id }
            }
            BanqueCommand::CreerRemise {
                compte_id,
                cheques,
                date,
                reference,
                commentaire,
            } => livre.creer_remise(compte_id, cheques, date, reference, commentaire)?,
            BanqueCommand::SupprimerRemise { remise_id } => {
                let remise = livre
                    .banque
                    .remise(remise_id)
                    .ok_or(BanqueError::RemiseInconnue(remise_id))?;
                livre.exercices.exige_ouvert(remise.date)?;
                BanqueEvent::RemiseChequesSupprimee { remise_id }
            }
            BanqueCommand::Pointer {
                mouvement,
                date_banque,
            } => {
                let date = livre
                    .date_du_mouvement(mouvement)
                    .ok_or(BanqueError::MouvementInconnu)?;
                livre.exercices.exige_ouvert(date)?;
                BanqueEvent::MouvementPointe {
                    mouvement,
                    date_banque,
                    ligne: None,
                }
            }
            BanqueCommand::ImporterReleve {
                compte_id,
                fiche,
                rapprochements,
            } => return livre.importer_releve(compte_id, fiche, rapprochements),
            BanqueCommand::RapprocherLigne { ligne, mouvements } => {
                let (compte_id, releve_ligne) = livre.ligne_de_releve(ligne)?;
                if !livre.banque.mouvements_de_la_ligne(ligne).is_empty() {
                    return Err(BanqueError::LigneDejaRapprochee);
                }
                return livre.pointer_ligne(compte_id, ligne, &releve_ligne, mouvements);
            }
            BanqueCommand::DefaireLigne { ligne } => {
                livre.ligne_de_releve(ligne)?;
                let mouvements = livre.banque.mouvements_de_la_ligne(ligne);
                if mouvements.is_empty() {
                    return Err(BanqueError::LigneNonRapprochee);
                }
                let mut events = Vec::with_capacity(mouvements.len());
                for mouvement in mouvements {
                    if let Some(date) = livre.date_du_mouvement(mouvement) {
                        livre.exercices.exige_ouvert(date)?;
                    }
                    // The same unpointing as by hand.
                    events.push(BanqueEvent::MouvementPointe {
                        mouvement,
                        date_banque: None,
                        ligne: None,
                    });
                }
                return Ok(events);
            }
            BanqueCommand::CreerOperationLigne {
                ligne,
                type_operation,
                libelle,
            } => {
                let (compte_id, releve_ligne) = livre.ligne_de_releve(ligne)?;
                if !livre.banque.mouvements_de_la_ligne(ligne).is_empty() {
                    return Err(BanqueError::LigneDejaRapprochee);
                }
                let entre = releve_ligne.montant.is_positive();
                let compatible = match type_operation {
                    TypeOperation::Frais | TypeOperation::Retrait => !entre,
                    TypeOperation::Interets | TypeOperation::Depot => entre,
                };
                if !compatible || releve_ligne.montant.is_zero() {
                    return Err(BanqueError::TypeIncompatible);
                }
                let operation_id = livre.banque.prochaine_operation_id();
                let fiche = livre.fiche_operation(FicheOperation {
                    type_operation,
                    libelle,
                    montant: Montant::from_millimes(releve_ligne.montant.millimes().abs()),
                    date: releve_ligne.date,
                    date_banque: None,
                    commentaire: None,
                })?;
                return Ok(vec![
                    BanqueEvent::OperationBancaireCreee {
                        operation_id,
                        compte_id,
                        fiche,
                    },
                    BanqueEvent::MouvementPointe {
                        mouvement: Mouvement {
                            table: TableMouvement::Operation,
                            id: operation_id,
                        },
                        date_banque: Some(releve_ligne.date),
                        ligne: Some(ligne),
                    },
                ]);
            }
        };
        Ok(vec![event])
    }
}

impl GrandLivre {
    fn exige_compte(&self, compte_id: CompteBancaireId) -> Result<(), BanqueError> {
        self.banque
            .compte(compte_id)
            .map(|_| ())
            .ok_or(BanqueError::CompteInconnu(compte_id))
    }

    /// A record as kept: texts trimmed, RIB and IBAN in their formats. A RIB whose key does
    /// not check is accepted (the form warns, see [`super::cle_rib_correcte`]).
    fn fiche_compte(&self, fiche: FicheCompte) -> Result<FicheCompte, BanqueError> {
        let rib = texte_facultatif(fiche.rib).map(|r| r.replace(' ', ""));
        if rib.as_deref().is_some_and(|r| !rib_valide(r)) {
            return Err(BanqueError::RibInvalide);
        }
        let iban = texte_facultatif(fiche.iban).map(|i| i.replace(' ', "").to_uppercase());
        if iban.as_deref().is_some_and(|i| !iban_valide(i)) {
            return Err(BanqueError::IbanInvalide);
        }
        if fiche.solde_initial.millimes() < 0 {
            return Err(BanqueError::SoldeInitialInvalide);
        }
        Ok(FicheCompte {
            libelle: texte_requis(&fiche.libelle, BanqueError::LibelleInvalide)?,
            banque: texte_requis(&fiche.banque, BanqueError::BanqueInvalide)?,
            type_compte: fiche.type_compte,
            adresse_agence: texte_facultatif(fiche.adresse_agence),
            rib,
            swift: texte_facultatif(fiche.swift).map(|s| s.to_uppercase()),
            iban,
            commentaire: texte_facultatif(fiche.commentaire),
            is_main: fiche.is_main,
            solde_initial: fiche.solde_initial,
            date_solde_initial: fiche.date_solde_initial,
        })
    }

    /// An opening balance is a posting on its date: a non-zero one needs that date's
    /// exercice open.
    fn exige_solde_modifiable(&self, fiche: &FicheCompte) -> Result<(), BanqueError> {
        if !fiche.solde_initial.is_zero() {
            self.exercices.exige_ouvert(fiche.date_solde_initial)?;
        }
        Ok(())
    }

    fn creer_compte(&self, fiche: FicheCompte) -> Result<BanqueEvent, BanqueError> {
        let mut fiche = self.fiche_compte(fiche)?;
        self.exige_solde_modifiable(&fiche)?;
        // The first account is the main one, whatever was ticked.
        fiche.is_main |= self.banque.compte_principal().is_none();
        Ok(BanqueEvent::CompteBancaireCree {
            compte_id: self.banque.prochain_compte_id(),
            fiche,
        })
    }

    fn modifier_compte(
        &self,
        compte_id: CompteBancaireId,
        fiche: FicheCompte,
    ) -> Result<Vec<BanqueEvent>, BanqueError> {
        let current = self
            .banque
            .compte(compte_id)
            .ok_or(BanqueError::CompteInconnu(compte_id))?;
        let mut fiche = self.fiche_compte(fiche)?;
        let mut events = Vec::with_capacity(2);
        if fiche.solde_initial != current.fiche.solde_initial
            || fiche.date_solde_initial != current.fiche.date_solde_initial
        {
            self.exige_solde_modifiable(&current.fiche)?;
            self.exige_solde_modifiable(&fiche)?;
            events.push(BanqueEvent::SoldeInitialModifie {
                compte_id,
                solde_initial: fiche.solde_initial,
                date_solde_initial: fiche.date_solde_initial,
            });
        }
        // The flag moves only by declaring another account main.
        fiche.is_main |= self.banque.compte_principal() == Some(compte_id);
        events.push(BanqueEvent::CompteBancaireModifie { compte_id, fiche });
        Ok(events)
    }

    fn supprimer_compte(&self, compte_id: CompteBancaireId) -> Result<BanqueEvent, BanqueError> {
        let current = self
            .banque
            .compte(compte_id)
            .ok_or(BanqueError::CompteInconnu(compte_id))?;
        if self.banque.compte_principal() == Some(compte_id) {
            return Err(BanqueError::ComptePrincipalNonSupprimable);
        }
        let recoit_des_encaissements = self
            .revenus
            .encaissements_sur_compte()
            .any(|(_, compte)| compte == compte_id);
        let paie_des_depenses = self
            .depenses
            .paiements_sur_compte()
            .any(|(_, compte)| compte == compte_id);
        let paie_des_salaires = self
            .salaires
            .paiements_sur_compte()
            .any(|compte| compte == compte_id);
        let porte_des_contrats = self
            .contrats
            .mouvements_sur_compte()
            .any(|compte| compte == compte_id);
        if self.banque.a_des_mouvements_propres(compte_id)
            || recoit_des_encaissements
            || paie_des_depenses
            || paie_des_salaires
            || porte_des_contrats
        {
            return Err(BanqueError::CompteAvecOperations);
        }
        self.exige_solde_modifiable(&current.fiche)?;
        Ok(BanqueEvent::CompteBancaireSupprime { compte_id })
    }

    fn fiche_operation(&self, fiche: FicheOperation) -> Result<FicheOperation, BanqueError> {
        let fiche = FicheOperation {
            libelle: texte_requis(&fiche.libelle, BanqueError::LibelleInvalide)?,
            montant: montant_positif(fiche.montant)?,
            commentaire: texte_facultatif(fiche.commentaire),
            ..fiche
        };
        self.exercices.exige_ouvert(fiche.date)?;
        Ok(fiche)
    }

    fn demande_transfert(
        &self,
        demande: DemandeTransfert,
    ) -> Result<DemandeTransfert, BanqueError> {
        if demande.source == demande.destination {
            return Err(BanqueError::ComptesIdentiques);
        }
        self.exige_compte(demande.source)?;
        self.exige_compte(demande.destination)?;
        let demande = DemandeTransfert {
            montant: montant_positif(demande.montant)?,
            reference: texte_facultatif(demande.reference),
            commentaire: texte_facultatif(demande.commentaire),
            ..demande
        };
        self.exercices.exige_ouvert(demande.date)?;
        Ok(demande)
    }

    fn creer_remise(
        &self,
        compte_id: CompteBancaireId,
        cheques: Vec<EncaissementId>,
        date: NaiveDate,
        reference: Option<String>,
        commentaire: Option<String>,
    ) -> Result<BanqueEvent, BanqueError> {
        self.exige_compte(compte_id)?;
        let mut ids = cheques;
        ids.sort_unstable();
        ids.dedup();
        if ids.is_empty() {
            return Err(BanqueError::AucunCheque);
        }
        let mut remis = Vec::with_capacity(ids.len());
        for encaissement_id in ids {
            let (date_cheque, montant) = self
                .cheque_en_attente(encaissement_id)
                .ok_or(BanqueError::ChequeIndisponible(encaissement_id))?;
            if date < date_cheque {
                return Err(BanqueError::RemiseAvantCheque(encaissement_id));
            }
            remis.push(ChequeRemis {
                encaissement_id,
                montant,
            });
        }
        self.exercices.exige_ouvert(date)?;
        Ok(BanqueEvent::RemiseChequesCreee {
            remise_id: self.banque.prochaine_remise_id(),
            compte_id,
            date,
            reference: texte_facultatif(reference),
            commentaire: texte_facultatif(commentaire),
            cheques: remis,
        })
    }

    /// A cheque received and not deposited, whatever receipt it paid (a collection, a revenue
    /// contract's payment, an exceptional revenue: their ids are one sequence): its date and
    /// amount.
    fn cheque_en_attente(&self, id: i64) -> Option<(NaiveDate, Montant)> {
        if self.banque.remise_du_cheque(id).is_some() {
            return None;
        }
        match self.revenus.encaissement(id) {
            Some(e) => {
                (e.methode == MethodePaiement::Cheque).then_some((e.date_paiement, e.montant))
            }
            None => self.contrats.cheque_recu(id),
        }
    }

    /// A statement's line and the statement's account.
    fn ligne_de_releve(
        &self,
        ligne: LigneReleveRef,
    ) -> Result<(CompteBancaireId, LigneReleve), BanqueError> {
        let releve = self
            .banque
            .releve(ligne.releve_id)
            .ok_or(BanqueError::ReleveInconnu(ligne.releve_id))?;
        let releve_ligne = releve
            .lignes
            .get(&ligne.numero)
            .ok_or(BanqueError::LigneReleveInconnue)?;
        Ok((releve.compte_id, releve_ligne.clone()))
    }

    /// Records a statement: refused when the account already has this file; the lines an
    /// earlier statement brought are skipped; a line dated in a closed year refuses it all;
    /// the confident matches of the new lines are pointed with them.
    fn importer_releve(
        &self,
        compte_id: CompteBancaireId,
        fiche: FicheReleve,
        rapprochements: Vec<RapprochementLigne>,
    ) -> Result<Vec<BanqueEvent>, BanqueError> {
        let compte = self
            .banque
            .compte(compte_id)
            .ok_or(BanqueError::CompteInconnu(compte_id))?;
        if fiche.lignes.is_empty() {
            return Err(BanqueError::ReleveVide);
        }
        if self
            .banque
            .releve_par_sha256(compte_id, &fiche.sha256)
            .is_some()
        {
            return Err(BanqueError::ReleveDejaImporte);
        }
        for ligne in &fiche.lignes {
            self.exercices.exige_ouvert(ligne.date)?;
        }
        let deja = self.banque.lignes_deja_importees(compte_id, &fiche.lignes);
        let lignes: Vec<LigneReleve> = fiche
            .lignes
            .into_iter()
            .zip(deja)
            .filter(|(_, deja)| !deja)
            .map(|(ligne, _)| ligne)
            .collect();
        let releve_id = self.banque.prochain_releve_id();
        let banque = fiche
            .mapping
            .is_some()
            .then(|| compte.fiche.banque.trim().to_lowercase());
        let mut events = Vec::new();
        let mut pris = std::collections::BTreeSet::new();
        for rapprochement in rapprochements {
            let Some(ligne) = lignes.iter().find(|l| l.numero == rapprochement.numero) else {
                continue;
            };
            // A movement is pointed with one line only.
            if rapprochement.mouvements.iter().any(|m| !pris.insert(*m)) {
                return Err(BanqueError::DejaPointe);
            }
            let reference = LigneReleveRef {
                releve_id,
                numero: ligne.numero,
            };
            events.extend(self.pointer_ligne(
                compte_id,
                reference,
                ligne,
                rapprochement.mouvements,
            )?);
        }
        events.insert(
            0,
            BanqueEvent::ReleveImporte {
                releve_id,
                compte_id,
                fiche: FicheReleve {
                    banque,
                    lignes,
                    ..fiche
                },
            },
        );
        Ok(events)
    }

    /// Points movements with a line: the account's, not pointed, summing exactly to the
    /// line's amount, in open years.
    fn pointer_ligne(
        &self,
        compte_id: CompteBancaireId,
        reference: LigneReleveRef,
        ligne: &LigneReleve,
        mut mouvements: Vec<Mouvement>,
    ) -> Result<Vec<BanqueEvent>, BanqueError> {
        mouvements.sort_unstable();
        mouvements.dedup();
        if mouvements.is_empty() {
            return Err(BanqueError::AucunMouvement);
        }
        let mut total: i64 = 0;
        for mouvement in &mouvements {
            let (compte, date, montant) = self
                .mouvement_bancaire(*mouvement)
                .ok_or(BanqueError::MouvementInconnu)?;
            if compte != compte_id {
                return Err(BanqueError::MouvementInconnu);
            }
            if self.banque.date_banque(*mouvement).is_some() {
                return Err(BanqueError::DejaPointe);
            }
            self.exercices.exige_ouvert(date)?;
            total = total.saturating_add(montant.millimes());
        }
        if total != ligne.montant.millimes() {
            return Err(BanqueError::MontantsDifferents);
        }
        self.exercices.exige_ouvert(ligne.date)?;
        Ok(mouvements
            .into_iter()
            .map(|mouvement| BanqueEvent::MouvementPointe {
                mouvement,
                date_banque: Some(ligne.date),
                ligne: Some(reference),
            })
            .collect())
    }

    /// A movement's account, date and signed amount (money in positive), as the
    /// reconciliation lists it.
    pub fn mouvement_bancaire(
        &self,
        mouvement: Mouvement,
    ) -> Option<(CompteBancaireId, NaiveDate, Montant)> {
        let id = mouvement.id;
        let sortie = |m: Montant| Montant::from_millimes(-m.millimes());
        match mouvement.table {
            TableMouvement::Encaissement => self
                .revenus
                .encaissement(id)
                .and_then(|e| Some((e.compte_id?, e.date_paiement, e.montant))),
            TableMouvement::Operation => self.banque.operation(id).map(|o| {
                let montant = match o.fiche.type_operation {
                    TypeOperation::Depot | TypeOperation::Interets => o.fiche.montant,
                    TypeOperation::Retrait | TypeOperation::Frais => sortie(o.fiche.montant),
                };
                (o.compte_id, o.fiche.date, montant)
            }),
            TableMouvement::TransfertSortie => self
                .banque
                .transfert(id)
                .map(|t| (t.source, t.date, sortie(t.montant))),
            TableMouvement::TransfertEntree => self
                .banque
                .transfert(id)
                .map(|t| (t.destination, t.date, t.montant)),
            TableMouvement::Remise => self.banque.remise(id).map(|r| {
                let total = r.cheques.iter().map(|c| c.montant.millimes()).sum();
                (r.compte_id, r.date, Montant::from_millimes(total))
            }),
            TableMouvement::PaiementDepense => self
                .depenses
                .paiement(id)
                .and_then(|(_, p)| Some((p.compte_id?, p.date_paiement, sortie(p.montant)))),
            TableMouvement::PaiementSalaire => self
                .salaires
                .paiement(id)
                .and_then(|(_, p)| Some((p.compte_id?, p.date_paiement, sortie(p.montant)))),
            TableMouvement::ChargePatronale => self
                .salaires
                .charge_patronale(id)
                .and_then(|c| Some((c.compte_id?, c.date_paiement, sortie(c.montant)))),
            TableMouvement::PaiementContrat => self.contrats.paiement(id).and_then(|(_, c, p)| {
                let montant = match c.sens() {
                    SensContrat::Revenu => p.montant,
                    SensContrat::Depense => sortie(p.montant),
                };
                Some((p.compte_id?, p.date_paiement, montant))
            }),
            TableMouvement::RevenuExceptionnel => self
                .contrats
                .revenu(id)
                .and_then(|r| Some((r.compte_id?, r.fiche.date_paiement, r.fiche.montant))),
            TableMouvement::ReglementPasserelle => self
                .banque
                .reglement_passerelle(id)
                .map(|r| (r.compte_id, r.date, r.net())),
        }
    }

    /// The date of a movement of a bank account, if it exists: what the closed-year guard of
    /// its pointing reads.
    fn date_du_mouvement(&self, mouvement: Mouvement) -> Option<NaiveDate> {
        let id = mouvement.id;
        match mouvement.table {
            TableMouvement::Encaissement => self
                .revenus
                .encaissement(id)
                .filter(|e| e.compte_id.is_some())
                .map(|e| e.date_paiement),
            TableMouvement::Operation => self.banque.operation(id).map(|o| o.fiche.date),
            TableMouvement::TransfertSortie | TableMouvement::TransfertEntree => {
                self.banque.transfert(id).map(|t| t.date)
            }
            TableMouvement::Remise => self.banque.remise(id).map(|r| r.date),
            TableMouvement::PaiementDepense => self
                .depenses
                .paiement(id)
                .filter(|(_, p)| p.compte_id.is_some())
                .map(|(_, p)| p.date_paiement),
            TableMouvement::PaiementSalaire => self
                .salaires
                .paiement(id)
                .filter(|(_, p)| p.compte_id.is_some())
                .map(|(_, p)| p.date_paiement),
            TableMouvement::ChargePatronale => self
                .salaires
                .charge_patronale(id)
                .filter(|c| c.compte_id.is_some())
                .map(|c| c.date_paiement),
            TableMouvement::PaiementContrat => self
                .contrats
                .paiement(id)
                .filter(|(_, _, p)| p.compte_id.is_some())
                .map(|(_, _, p)| p.date_paiement),
            TableMouvement::RevenuExceptionnel => self
                .contrats
                .revenu(id)
                .filter(|r| r.compte_id.is_some())
                .map(|r| r.fiche.date_paiement),
            TableMouvement::ReglementPasserelle => {
                self.banque.reglement_passerelle(id).map(|r| r.date)
            }
        }
    }
}
