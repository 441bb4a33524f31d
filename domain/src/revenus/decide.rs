//! The revenue decisions: the allocation table, cotisations and their montants dûs,
//! encaissements (rules in the module documentation and docs/domain.md). Each decision reads
//! the whole residence's state and answers this module's events.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};

use super::events::{
    DemandeCotisation, MontantDuLance, MontantPropriete, RevenusCommand, RevenusEvent,
};
use super::{
    appels, CotisationId, EncaissementId, EtatPaiement, MethodePaiement, MontantDuId, Repartition,
    RevenusError, APPELS_MAX,
};
use crate::banque::CompteBancaireId;
use crate::grand_livre::GrandLivre;
use crate::montant::Montant;
use crate::paiement::Paiement;
use crate::propriete::ProprieteId;

impl RevenusCommand {
    pub fn decide(self, livre: &GrandLivre) -> Result<Vec<RevenusEvent>, RevenusError> {
        let event = match self {
            RevenusCommand::EncaisserPaiementEnLigne {
                reference,
                montant_du_ids,
                montant,
                propriete_id,
                date,
            } => {
                return livre.encaisser_en_ligne(
                    reference,
                    &montant_du_ids,
                    montant,
                    propriete_id,
                    date,
                )
            }
            RevenusCommand::ModifierRepartition { repartitions } => {
                livre.modifier_repartition(repartitions)?
            }
            RevenusCommand::LancerCotisation(demande) => livre.lancer_cotisation(demande)?,
            RevenusCommand::ModifierCotisation {
                cotisation_id,
                demande,
            } => livre.modifier_cotisation(cotisation_id, demande)?,
            RevenusCommand::SupprimerCotisation { cotisation_id } => {
                livre.exige_modifiable(cotisation_id)?;
                RevenusEvent::CotisationSupprimee { cotisation_id }
            }
            RevenusCommand::EncaisserMontantDu {
                montant_du_id,
                paiement,
                aujourd_hui,
            } => livre.encaisser(montant_du_id, paiement, aujourd_hui)?,
            RevenusCommand::ModifierEncaissement {
                encaissement_id,
                paiement,
                aujourd_hui,
            } => livre.modifier_encaissement(encaissement_id, paiement, aujourd_hui)?,
            RevenusCommand::AnnulerEncaissement { encaissement_id } => {
                livre.annuler_encaissement(encaissement_id)?
            }
        };
        Ok(vec![event])
    }
}

/// Cotisations, their allocation table and their collections are whole dinars (spec 1 §5).
fn dinars_entiers(montant: Montant) -> Result<Montant, RevenusError> {
    if montant.is_whole_dinars() {
        Ok(montant)
    } else {
        Err(RevenusError::MontantInvalide)
    }
}

fn to_list(montants: &BTreeMap<ProprieteId, Montant>) -> Vec<MontantPropriete> {
    montants
        .iter()
        .map(|(propriete_id, montant)| MontantPropriete {
            propriete_id: *propriete_id,
            montant: *montant,
        })
        .collect()
}

impl GrandLivre {
    fn modifier_repartition(
        &self,
        repartitions: Vec<(ProprieteId, Montant)>,
    ) -> Result<RevenusEvent, RevenusError> {
        let mut table = BTreeMap::new();
        for (propriete_id, amount) in repartitions {
            if self.proprietes.get(propriete_id).is_none() {
                return Err(RevenusError::ProprieteInconnue(propriete_id));
            }
            if amount.millimes() < 0 {
                return Err(RevenusError::MontantInvalide);
            }
            table.insert(propriete_id, dinars_entiers(amount)?);
        }
        Ok(RevenusEvent::RepartitionModifiee {
            repartitions: to_list(&table),
        })
    }

    /// The amount each property owes per call. A zero amount exempts the property.
    fn montants_par_propriete(
        &self,
        demande: &DemandeCotisation,
    ) -> Result<BTreeMap<ProprieteId, Montant>, RevenusError> {
        if self.proprietes.is_empty() {
            return Err(RevenusError::AucunePropriete);
        }
        let mut montants = BTreeMap::new();
        match demande.repartition {
            Repartition::Egale => {
                let amount = demande
                    .montant
                    .filter(|m| m.is_positive())
                    .ok_or(RevenusError::MontantInvalide)?;
                for propriete_id in self.proprietes.ids() {
                    montants.insert(propriete_id, dinars_entiers(amount)?);
                }
            }
            Repartition::Predefinie => {
                for propriete_id in self.proprietes.ids() {
                    let montant = self
                        .revenus
                        .repartition()
                        .get(&propriete_id)
                        .ok_or(RevenusError::RepartitionIncomplete(propriete_id))?;
                    montants.insert(propriete_id, *montant);
                }
            }
            Repartition::Personnalisee => {
                let given: BTreeMap<ProprieteId, Montant> =
                    demande.personnalisation.iter().copied().collect();
                for propriete_id in given.keys() {
                    if self.proprietes.get(*propriete_id).is_none() {
                        return Err(RevenusError::ProprieteInconnue(*propriete_id));
                    }
                }
                for propriete_id in self.proprietes.ids() {
                    let amount = given
                        .get(&propriete_id)
                        .copied()
                        .ok_or(RevenusError::RepartitionIncomplete(propriete_id))?;
                    if amount.millimes() < 0 {
                        return Err(RevenusError::MontantInvalide);
                    }
                    montants.insert(propriete_id, dinars_entiers(amount)?);
                }
            }
        }
        if montants.values().all(|m| m.is_zero()) {
            return Err(RevenusError::MontantInvalide);
        }
        Ok(montants)
    }

    /// The montants dûs of a cotisation: one per call and property with a non-zero amount,
    /// owed by the property's payer on the call's due date. Every due date must fall in an
    /// open exercice.
    fn calculer_dus(
        &self,
        demande: &DemandeCotisation,
        montants: &BTreeMap<ProprieteId, Montant>,
    ) -> Result<Vec<MontantDuLance>, RevenusError> {
        if demande.date_fin < demande.date_debut {
            return Err(RevenusError::PeriodeInvalide);
        }
        let calls = appels(
            demande.type_cotisation,
            demande.date_debut,
            demande.date_fin,
            demande.date_echeance,
        );
        if calls.len() > APPELS_MAX {
            return Err(RevenusError::TropDAppels);
        }
        let mut next_id = self.revenus.prochain_montant_du_id();
        let mut dus = Vec::new();
        for appel in calls {
            self.exercices.exige_ouvert(appel.echeance)?;
            for (propriete_id, montant) in montants {
                if montant.is_zero() {
                    continue;
                }
                dus.push(MontantDuLance {
                    montant_du_id: next_id,
                    propriete_id: *propriete_id,
                    payeur: self.occupancy.payeur(*propriete_id, appel.echeance),
                    appel,
                    montant: *montant,
                });
                next_id += 1;
            }
        }
        Ok(dus)
    }

    fn titre_valide(titre: &str) -> Result<String, RevenusError> {
        let titre = titre.trim();
        if titre.is_empty() || titre.chars().count() > 200 {
            return Err(RevenusError::TitreInvalide);
        }
        Ok(titre.to_owned())
    }

    fn lancer_cotisation(&self, demande: DemandeCotisation) -> Result<RevenusEvent, RevenusError> {
        let titre = Self::titre_valide(&demande.titre)?;
        let montants = self.montants_par_propriete(&demande)?;
        let montants_dus = self.calculer_dus(&demande, &montants)?;
        let event = RevenusEvent::CotisationLancee {
            cotisation_id: self.revenus.prochaine_cotisation_id(),
            titre,
            type_cotisation: demande.type_cotisation,
            repartition: demande.repartition,
            date_debut: demande.date_debut,
            date_fin: demande.date_fin,
            date_echeance: demande.date_echeance,
            montants: to_list(&montants),
            montants_dus,
        };
        Ok(event)
    }

    /// A cotisation may change only while nothing was collected on it and none of its dues
    /// lies in a closed exercice.
    fn exige_modifiable(&self, cotisation_id: CotisationId) -> Result<(), RevenusError> {
        if self.revenus.cotisation(cotisation_id).is_none() {
            return Err(RevenusError::CotisationInconnue(cotisation_id));
        }
        if self.revenus.a_des_encaissements(cotisation_id) {
            return Err(RevenusError::CotisationAvecEncaissements);
        }
        for (_, du) in self.revenus.montants_dus_de(cotisation_id) {
            self.exercices.exige_ouvert(du.appel.echeance)?;
        }
        Ok(())
    }

    fn modifier_cotisation(
        &self,
        cotisation_id: CotisationId,
        demande: DemandeCotisation,
    ) -> Result<RevenusEvent, RevenusError> {
        self.exige_modifiable(cotisation_id)?;
        let current = self
            .revenus
            .cotisation(cotisation_id)
            .ok_or(RevenusError::CotisationInconnue(cotisation_id))?;
        if current.repartition != demande.repartition {
            return Err(RevenusError::RepartitionNonModifiable);
        }
        let titre = Self::titre_valide(&demande.titre)?;
        let montants = self.montants_par_propriete(&demande)?;
        let montants_dus = self.calculer_dus(&demande, &montants)?;
        let event = RevenusEvent::CotisationModifiee {
            cotisation_id,
            titre,
            type_cotisation: demande.type_cotisation,
            date_debut: demande.date_debut,
            date_fin: demande.date_fin,
            date_echeance: demande.date_echeance,
            montants: to_list(&montants),
            montants_dus,
        };
        Ok(event)
    }

    /// Common checks of a payment's amount and date.
    fn verifier_paiement(
        &self,
        paiement: &Paiement<MethodePaiement>,
        aujourd_hui: NaiveDate,
    ) -> Result<Montant, RevenusError> {
        if !paiement.montant.is_positive() {
            return Err(RevenusError::MontantInvalide);
        }
        if paiement.date_paiement > aujourd_hui {
            return Err(RevenusError::DatePaiementFuture);
        }
        self.exercices.exige_ouvert(paiement.date_paiement)?;
        dinars_entiers(paiement.montant)
    }

    /// A payment the gateway confirmed (issue 21): what each due still owes, in order, then the
    /// rest as an overpayment. Amounts are the gateway's millimes, never rounded; the dues are
    /// whole dinars, so what they take is too.
    fn encaisser_en_ligne(
        &self,
        reference: String,
        montant_du_ids: &[MontantDuId],
        montant: Montant,
        propriete_id: ProprieteId,
        date: NaiveDate,
    ) -> Result<Vec<RevenusEvent>, RevenusError> {
        let reference = reference.trim().to_owned();
        if reference.is_empty() || reference.chars().count() > 200 {
            return Err(RevenusError::ReferencePasserelleInvalide);
        }
        if self.revenus.reference_passerelle_enregistree(&reference) {
            return Err(RevenusError::PaiementEnLigneDejaEnregistre(reference));
        }
        if !montant.is_positive() {
            return Err(RevenusError::MontantInvalide);
        }
        self.exercices.exige_ouvert(date)?;
        let mut events = Vec::new();
        let mut reste = montant;
        let mut encaissement_id = self.prochain_id_recette();
        let mut rang = self
            .revenus
            .recus_emis
            .get(&date.year())
            .copied()
            .unwrap_or(0);
        let mut vus = std::collections::BTreeSet::new();
        for montant_du_id in montant_du_ids.iter().copied() {
            if !vus.insert(montant_du_id) {
                continue;
            }
            // A due deleted meanwhile (its cotisation corrected) takes nothing: its share stays
            // in the overpayment, never lost.
            let Some(restant_du) = self.revenus.restant_du(montant_du_id) else {
                continue;
            };
            let part = restant_du.min(reste);
            if !part.is_positive() {
                continue;
            }
            rang += 1;
            events.push(RevenusEvent::EncaissementEnregistre {
                encaissement_id,
                montant_du_id,
                montant: part,
                date_paiement: date,
                methode: MethodePaiement::Enligne,
                reference: Some(reference.clone()),
                numero_recu: format!("{}-{rang:06}", date.year()),
                compte_id: None,
            });
            encaissement_id += 1;
            reste = reste
                .checked_sub(part)
                .map_err(|_| RevenusError::MontantInvalide)?;
        }
        if reste.is_positive() {
            events.push(RevenusEvent::TropPercuEnregistre {
                trop_percu_id: self.revenus.prochain_trop_percu_id(),
                propriete_id,
                montant: reste,
                reference,
                date,
            });
        }
        Ok(events)
    }

    fn encaisser(
        &self,
        montant_du_id: MontantDuId,
        paiement: Paiement<MethodePaiement>,
        aujourd_hui: NaiveDate,
    ) -> Result<RevenusEvent, RevenusError> {
        if paiement.methode == MethodePaiement::Enligne {
            return Err(RevenusError::MethodeReserveeALaPasserelle);
        }
        let restant_du = self
            .revenus
            .restant_du(montant_du_id)
            .ok_or(RevenusError::MontantDuInconnu(montant_du_id))?;
        let montant = self.verifier_paiement(&paiement, aujourd_hui)?;
        if montant > restant_du {
            return Err(RevenusError::MontantMaximumDepasse { restant_du });
        }
        let event = RevenusEvent::EncaissementEnregistre {
            encaissement_id: self.prochain_id_recette(),
            montant_du_id,
            montant,
            date_paiement: paiement.date_paiement,
            methode: paiement.methode,
            reference: paiement.reference_gardee(),
            numero_recu: self.revenus.prochain_numero_recu(paiement.date_paiement),
            compte_id: self.compte_d_arrivee(paiement.methode, None),
        };
        Ok(event)
    }

    fn modifier_encaissement(
        &self,
        encaissement_id: EncaissementId,
        paiement: Paiement<MethodePaiement>,
        aujourd_hui: NaiveDate,
    ) -> Result<RevenusEvent, RevenusError> {
        let current = self
            .revenus
            .encaissement(encaissement_id)
            .cloned()
            .ok_or(RevenusError::EncaissementInconnu(encaissement_id))?;
        self.exercices.exige_ouvert(current.date_paiement)?;
        self.exige_cheque_non_remis(encaissement_id)?;
        // An online collection is the gateway's record: it is cancelled, not retyped.
        if paiement.methode == MethodePaiement::Enligne
            || current.methode == MethodePaiement::Enligne
        {
            return Err(RevenusError::MethodeReserveeALaPasserelle);
        }
        let montant = self.verifier_paiement(&paiement, aujourd_hui)?;
        if montant != current.montant {
            if self.revenus.etat(current.montant_du_id) == Some(EtatPaiement::Complet) {
                return Err(RevenusError::MontantNonModifiable);
            }
            let restant_du = self
                .revenus
                .restant_du(current.montant_du_id)
                .unwrap_or(Montant::ZERO);
            let plafond = restant_du
                .checked_add(current.montant)
                .map_err(|_| RevenusError::MontantInvalide)?;
            if montant > plafond {
                return Err(RevenusError::MontantMaximumDepasse {
                    restant_du: plafond,
                });
            }
        }
        let event = RevenusEvent::EncaissementModifie {
            encaissement_id,
            montant,
            date_paiement: paiement.date_paiement,
            methode: paiement.methode,
            reference: paiement.reference_gardee(),
            modifie_le: Some(aujourd_hui),
            compte_id: self.compte_d_arrivee(paiement.methode, current.compte_id),
        };
        Ok(event)
    }

    fn annuler_encaissement(
        &self,
        encaissement_id: EncaissementId,
    ) -> Result<RevenusEvent, RevenusError> {
        let current = self
            .revenus
            .encaissement(encaissement_id)
            .ok_or(RevenusError::EncaissementInconnu(encaissement_id))?;
        self.exercices.exige_ouvert(current.date_paiement)?;
        self.exige_cheque_non_remis(encaissement_id)?;
        Ok(RevenusEvent::EncaissementAnnule { encaissement_id })
    }

    /// A deposited cheque is at the bank: its payment changes only after its deposit is
    /// undone (spec 2 §8, 409).
    fn exige_cheque_non_remis(&self, encaissement_id: EncaissementId) -> Result<(), RevenusError> {
        match self.banque.remise_du_cheque(encaissement_id) {
            Some(_) => Err(RevenusError::ChequeRemis(encaissement_id)),
            None => Ok(()),
        }
    }

    /// The bank account a payment lands on: a transfer or bank deposit keeps the account it
    /// already had, or goes to the main account (spec 2 §4); cash and cheques land on none.
    fn compte_d_arrivee(
        &self,
        methode: MethodePaiement,
        actuel: Option<CompteBancaireId>,
    ) -> Option<CompteBancaireId> {
        if !methode.va_en_banque() {
            return None;
        }
        actuel
            .filter(|compte| self.banque.compte(*compte).is_some())
            .or(self.banque.compte_principal())
    }
}
