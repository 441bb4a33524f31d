//! The revenue commands and facts, and the facts' effect on the residence's decision state.

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};

use super::{
    Appel, Cotisation, CotisationId, Encaissement, EncaissementId, MethodePaiement, Modification,
    MontantDu, MontantDuId, Repartition, Revenus, TropPercu, TropPercuId, TypeCotisation,
};
use crate::banque::CompteBancaireId;
use crate::montant::Montant;
use crate::occupation::OccupantId;
use crate::paiement::Paiement;
use crate::propriete::ProprieteId;

/// What the treasurer asks of the revenue. Cotisation amounts are whole dinars (spec 1 §5).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RevenusCommand {
    /// Replaces the allocation table: an amount per property.
    ModifierRepartition {
        repartitions: Vec<(ProprieteId, Montant)>,
    },
    /// Calls dues from every property: `montant` for an equal split, `personnalisation`
    /// (property, amount) for a custom one, the allocation table otherwise.
    LancerCotisation(DemandeCotisation),
    /// Corrects a cotisation without encaissements (the split cannot change).
    ModifierCotisation {
        cotisation_id: CotisationId,
        demande: DemandeCotisation,
    },
    SupprimerCotisation {
        cotisation_id: CotisationId,
    },
    /// Records a payment received against one montant dû. `aujourd_hui` bounds its date.
    EncaisserMontantDu {
        montant_du_id: MontantDuId,
        paiement: Paiement<MethodePaiement>,
        aujourd_hui: NaiveDate,
    },
    ModifierEncaissement {
        encaissement_id: EncaissementId,
        paiement: Paiement<MethodePaiement>,
        aujourd_hui: NaiveDate,
    },
    AnnulerEncaissement {
        encaissement_id: EncaissementId,
    },
    /// Records a payment the gateway confirmed completed (issue 21) for the dues of a payment
    /// request: each due gets what is still owed on it (in the given order), the rest is an
    /// overpayment credited to `propriete_id`. Refused when `reference` is already recorded.
    EncaisserPaiementEnLigne {
        /// The gateway's payment reference (Konnect's `paymentRef`).
        reference: String,
        montant_du_ids: Vec<MontantDuId>,
        /// What the request asked (millimes, as the gateway counts).
        montant: Montant,
        /// The property credited with what no due takes (the request's first due's).
        propriete_id: ProprieteId,
        /// Today: the collection's date.
        date: NaiveDate,
    },
}

/// What a cotisation is asked to be (launch or correction).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DemandeCotisation {
    pub titre: String,
    pub type_cotisation: TypeCotisation,
    pub repartition: Repartition,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    pub date_echeance: NaiveDate,
    pub montant: Option<Montant>,
    pub personnalisation: Vec<(ProprieteId, Montant)>,
}

/// Facts of the revenue. Type names are stored forever.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RevenusEvent {
    /// The allocation table (repartition predefinie) as a whole.
    RepartitionModifiee {
        repartitions: Vec<MontantPropriete>,
    },
    CotisationLancee {
        cotisation_id: CotisationId,
        titre: String,
        type_cotisation: TypeCotisation,
        repartition: Repartition,
        date_debut: NaiveDate,
        date_fin: NaiveDate,
        date_echeance: NaiveDate,
        montants: Vec<MontantPropriete>,
        montants_dus: Vec<MontantDuLance>,
    },
    /// A correction of a cotisation without encaissements: its dues are replaced.
    CotisationModifiee {
        cotisation_id: CotisationId,
        titre: String,
        type_cotisation: TypeCotisation,
        date_debut: NaiveDate,
        date_fin: NaiveDate,
        date_echeance: NaiveDate,
        montants: Vec<MontantPropriete>,
        montants_dus: Vec<MontantDuLance>,
    },
    CotisationSupprimee {
        cotisation_id: CotisationId,
    },
    EncaissementEnregistre {
        encaissement_id: EncaissementId,
        montant_du_id: MontantDuId,
        montant: Montant,
        date_paiement: NaiveDate,
        methode: MethodePaiement,
        reference: Option<String>,
        numero_recu: String,
        /// The bank account a transfer or bank deposit (virement, versement) landed on: the
        /// main account when it was recorded. Absent for cash and cheques (a cheque reaches an
        /// account with its deposit) and for bank payments recorded before any account existed.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        compte_id: Option<CompteBancaireId>,
    },
    EncaissementModifie {
        encaissement_id: EncaissementId,
        montant: Montant,
        date_paiement: NaiveDate,
        methode: MethodePaiement,
        reference: Option<String>,
        /// The day (in Tunisia) of the correction, printed on the receipt's duplicata. Absent
        /// from corrections recorded before it was kept.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        modifie_le: Option<NaiveDate>,
        /// As for [`RevenusEvent::EncaissementEnregistre`]: a bank payment keeps its account,
        /// a payment that becomes one goes to the main account.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        compte_id: Option<CompteBancaireId>,
    },
    EncaissementAnnule {
        encaissement_id: EncaissementId,
    },
    /// An online payment brought more than was still due (a due paid in cash meanwhile): the
    /// co-owner's account is credited with the rest (issue 21).
    TropPercuEnregistre {
        trop_percu_id: TropPercuId,
        propriete_id: ProprieteId,
        montant: Montant,
        /// The gateway's payment reference.
        reference: String,
        date: NaiveDate,
    },
}

impl RevenusEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            RevenusEvent::RepartitionModifiee { .. } => "RepartitionModifiee",
            RevenusEvent::CotisationLancee { .. } => "CotisationLancee",
            RevenusEvent::CotisationModifiee { .. } => "CotisationModifiee",
            RevenusEvent::CotisationSupprimee { .. } => "CotisationSupprimee",
            RevenusEvent::EncaissementEnregistre { .. } => "EncaissementEnregistre",
            RevenusEvent::EncaissementModifie { .. } => "EncaissementModifie",
            RevenusEvent::EncaissementAnnule { .. } => "EncaissementAnnule",
            RevenusEvent::TropPercuEnregistre { .. } => "TropPercuEnregistre",
        }
    }
}

/// An amount for one property (allocation table, per-property amounts of a cotisation).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MontantPropriete {
    pub propriete_id: ProprieteId,
    pub montant: Montant,
}

/// One montant dû created by a cotisation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MontantDuLance {
    pub montant_du_id: MontantDuId,
    pub propriete_id: ProprieteId,
    pub payeur: Option<OccupantId>,
    pub appel: Appel,
    pub montant: Montant,
}

impl Revenus {
    /// The state change of each revenue event.
    pub(crate) fn appliquer(&mut self, event: RevenusEvent) {
        match event {
            RevenusEvent::RepartitionModifiee { repartitions } => {
                self.repartition = repartitions
                    .into_iter()
                    .map(|r| (r.propriete_id, r.montant))
                    .collect();
            }
            RevenusEvent::CotisationLancee {
                cotisation_id,
                titre,
                type_cotisation,
                repartition,
                date_debut,
                date_fin,
                date_echeance,
                montants,
                montants_dus,
            } => {
                self.derniere_cotisation_emise = self.derniere_cotisation_emise.max(cotisation_id);
                self.cotisations.insert(
                    cotisation_id,
                    Cotisation {
                        titre,
                        type_cotisation,
                        repartition,
                        date_debut,
                        date_fin,
                        date_echeance,
                        montants: montants
                            .into_iter()
                            .map(|m| (m.propriete_id, m.montant))
                            .collect(),
                    },
                );
                self.inserer_dus(cotisation_id, montants_dus);
            }
            RevenusEvent::CotisationModifiee {
                cotisation_id,
                titre,
                type_cotisation,
                date_debut,
                date_fin,
                date_echeance,
                montants,
                montants_dus,
            } => {
                if let Some(cotisation) = self.cotisations.get_mut(&cotisation_id) {
                    cotisation.titre = titre;
                    cotisation.type_cotisation = type_cotisation;
                    cotisation.date_debut = date_debut;
                    cotisation.date_fin = date_fin;
                    cotisation.date_echeance = date_echeance;
                    cotisation.montants = montants
                        .into_iter()
                        .map(|m| (m.propriete_id, m.montant))
                        .collect();
                }
                self.montants_dus
                    .retain(|_, du| du.cotisation_id != cotisation_id);
                self.inserer_dus(cotisation_id, montants_dus);
            }
            RevenusEvent::CotisationSupprimee { cotisation_id } => {
                self.cotisations.remove(&cotisation_id);
                self.montants_dus
                    .retain(|_, du| du.cotisation_id != cotisation_id);
            }
            RevenusEvent::EncaissementEnregistre {
                encaissement_id,
                montant_du_id,
                montant,
                date_paiement,
                methode,
                reference,
                numero_recu,
                compte_id,
            } => {
                self.ajuster_paye(montant_du_id, montant, true);
                *self.recus_emis.entry(date_paiement.year()).or_insert(0) += 1;
                if methode == MethodePaiement::Enligne {
                    if let Some(reference) = &reference {
                        self.references_passerelle.insert(reference.clone());
                    }
                }
                self.encaissements.insert(
                    encaissement_id,
                    Encaissement {
                        montant_du_id,
                        montant,
                        date_paiement,
                        methode,
                        reference,
                        numero_recu,
                        annule: false,
                        modification: None,
                        compte_id,
                    },
                );
            }
            RevenusEvent::EncaissementModifie {
                encaissement_id,
                montant,
                date_paiement,
                methode,
                reference,
                modifie_le,
                compte_id,
            } => {
                if let Some(current) = self.encaissements.get(&encaissement_id).cloned() {
                    self.ajuster_paye(current.montant_du_id, current.montant, false);
                    self.ajuster_paye(current.montant_du_id, montant, true);
                    self.encaissements.insert(
                        encaissement_id,
                        Encaissement {
                            montant,
                            date_paiement,
                            methode,
                            reference,
                            modification: Some(Modification { le: modifie_le }),
                            compte_id,
                            ..current
                        },
                    );
                }
            }
            RevenusEvent::EncaissementAnnule { encaissement_id } => {
                if let Some(current) = self.encaissements.get_mut(&encaissement_id) {
                    current.annule = true;
                    let (montant_du_id, montant) = (current.montant_du_id, current.montant);
                    self.ajuster_paye(montant_du_id, montant, false);
                }
            }
            RevenusEvent::TropPercuEnregistre {
                trop_percu_id,
                propriete_id,
                montant,
                reference,
                date,
            } => {
                self.references_passerelle.insert(reference.clone());
                self.trop_percus.insert(
                    trop_percu_id,
                    TropPercu {
                        propriete_id,
                        montant,
                        reference,
                        date,
                    },
                );
            }
        }
    }

    fn inserer_dus(&mut self, cotisation_id: CotisationId, montants_dus: Vec<MontantDuLance>) {
        for du in montants_dus {
            self.dernier_montant_du_emis = self.dernier_montant_du_emis.max(du.montant_du_id);
            self.montants_dus.insert(
                du.montant_du_id,
                MontantDu {
                    cotisation_id,
                    appel: du.appel,
                    propriete_id: du.propriete_id,
                    payeur: du.payeur,
                    montant: du.montant,
                },
            );
        }
    }

    /// Adds (or removes) a payment from a due's paid total. Amounts were checked when decided,
    /// so an overflow here cannot come from a valid stream; it saturates instead of panicking.
    fn ajuster_paye(&mut self, montant_du_id: MontantDuId, montant: Montant, ajout: bool) {
        let paye = self.paye.entry(montant_du_id).or_insert(Montant::ZERO);
        let updated = if ajout {
            paye.checked_add(montant)
        } else {
            paye.checked_sub(montant)
        };
        *paye = updated.unwrap_or(*paye);
    }
}
