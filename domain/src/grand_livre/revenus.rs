//! The ledger's revenue decisions: the allocation table, cotisations and their montants dûs,
//! encaissements (rules in [`crate::cotisation`] and docs/domain.md).

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use cqrs_es::event_sink::EventSink;

use super::{GrandLivre, GrandLivreError, GrandLivreEvent, MontantDuLance, MontantPropriete};
use crate::cotisation::{
    appels, CotisationError, CotisationId, Encaissement, EncaissementId, EtatPaiement,
    MethodePaiement, MontantDu, MontantDuId, Repartition, TypeCotisation, APPELS_MAX,
};
use crate::montant::Montant;
use crate::propriete::ProprieteId;

/// What a cotisation is asked to be (launch or correction).
pub(super) struct Demande {
    pub titre: String,
    pub type_cotisation: TypeCotisation,
    pub repartition: Repartition,
    pub date_debut: NaiveDate,
    pub date_fin: NaiveDate,
    pub date_echeance: NaiveDate,
    pub montant: Option<i64>,
    pub personnalisation: Vec<(ProprieteId, i64)>,
}

/// What a payment is asked to be (new or corrected).
pub(super) struct Paiement {
    pub montant: i64,
    pub date_paiement: NaiveDate,
    pub methode: MethodePaiement,
    pub reference: Option<String>,
    pub aujourd_hui: NaiveDate,
}

fn dinars(amount: i64) -> Result<Montant, GrandLivreError> {
    Montant::from_dinars(amount).map_err(|_| CotisationError::MontantInvalide.into())
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

/// A reference is kept only for payments that are not cash (spec 1 §5 "Collection sheet").
fn reference_gardee(methode: MethodePaiement, reference: Option<String>) -> Option<String> {
    if methode == MethodePaiement::Espece {
        return None;
    }
    reference
        .map(|r| r.trim().to_owned())
        .filter(|r| !r.is_empty())
}

impl GrandLivre {
    pub(super) async fn modifier_repartition(
        &mut self,
        repartitions: Vec<(ProprieteId, i64)>,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        let mut table = BTreeMap::new();
        for (propriete_id, amount) in repartitions {
            if self.proprietes.get(propriete_id).is_none() {
                return Err(GrandLivreError::ProprieteInconnue(propriete_id));
            }
            if amount < 0 {
                return Err(CotisationError::MontantInvalide.into());
            }
            table.insert(propriete_id, dinars(amount)?);
        }
        let repartitions = to_list(&table);
        sink.write(GrandLivreEvent::RepartitionModifiee { repartitions }, self)
            .await;
        Ok(())
    }

    /// The amount each property owes per call. A zero amount exempts the property.
    fn montants_par_propriete(
        &self,
        demande: &Demande,
    ) -> Result<BTreeMap<ProprieteId, Montant>, GrandLivreError> {
        if self.proprietes.is_empty() {
            return Err(CotisationError::AucunePropriete.into());
        }
        let mut montants = BTreeMap::new();
        match demande.repartition {
            Repartition::Egale => {
                let amount = demande
                    .montant
                    .filter(|m| *m > 0)
                    .ok_or(CotisationError::MontantInvalide)?;
                for propriete_id in self.proprietes.ids() {
                    montants.insert(propriete_id, dinars(amount)?);
                }
            }
            Repartition::Predefinie => {
                for propriete_id in self.proprietes.ids() {
                    let montant = self
                        .revenus
                        .repartition()
                        .get(&propriete_id)
                        .ok_or(CotisationError::RepartitionIncomplete(propriete_id))?;
                    montants.insert(propriete_id, *montant);
                }
            }
            Repartition::Personnalisee => {
                let given: BTreeMap<ProprieteId, i64> =
                    demande.personnalisation.iter().copied().collect();
                for propriete_id in given.keys() {
                    if self.proprietes.get(*propriete_id).is_none() {
                        return Err(GrandLivreError::ProprieteInconnue(*propriete_id));
                    }
                }
                for propriete_id in self.proprietes.ids() {
                    let amount = given
                        .get(&propriete_id)
                        .copied()
                        .ok_or(CotisationError::RepartitionIncomplete(propriete_id))?;
                    if amount < 0 {
                        return Err(CotisationError::MontantInvalide.into());
                    }
                    montants.insert(propriete_id, dinars(amount)?);
                }
            }
        }
        if montants.values().all(|m| m.is_zero()) {
            return Err(CotisationError::MontantInvalide.into());
        }
        Ok(montants)
    }

    /// The montants dûs of a cotisation: one per call and property with a non-zero amount,
    /// owed by the property's payer on the call's due date. Every due date must fall in an
    /// open exercice.
    fn calculer_dus(
        &self,
        demande: &Demande,
        montants: &BTreeMap<ProprieteId, Montant>,
    ) -> Result<Vec<MontantDuLance>, GrandLivreError> {
        if demande.date_fin < demande.date_debut {
            return Err(CotisationError::PeriodeInvalide.into());
        }
        let calls = appels(
            demande.type_cotisation,
            demande.date_debut,
            demande.date_fin,
            demande.date_echeance,
        );
        if calls.len() > APPELS_MAX {
            return Err(CotisationError::TropDAppels.into());
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

    fn titre_valide(titre: &str) -> Result<String, GrandLivreError> {
        let titre = titre.trim();
        if titre.is_empty() || titre.chars().count() > 200 {
            return Err(CotisationError::TitreInvalide.into());
        }
        Ok(titre.to_owned())
    }

    pub(super) async fn lancer_cotisation(
        &mut self,
        demande: Demande,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        let titre = Self::titre_valide(&demande.titre)?;
        let montants = self.montants_par_propriete(&demande)?;
        let montants_dus = self.calculer_dus(&demande, &montants)?;
        let event = GrandLivreEvent::CotisationLancee {
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
        sink.write(event, self).await;
        Ok(())
    }

    /// A cotisation may change only while nothing was collected on it and none of its dues
    /// lies in a closed exercice.
    fn exige_modifiable(&self, cotisation_id: CotisationId) -> Result<(), GrandLivreError> {
        if self.revenus.cotisation(cotisation_id).is_none() {
            return Err(CotisationError::CotisationInconnue(cotisation_id).into());
        }
        if self.revenus.a_des_encaissements(cotisation_id) {
            return Err(CotisationError::CotisationAvecEncaissements.into());
        }
        for (_, du) in self.revenus.montants_dus_de(cotisation_id) {
            self.exercices.exige_ouvert(du.appel.echeance)?;
        }
        Ok(())
    }

    pub(super) async fn modifier_cotisation(
        &mut self,
        cotisation_id: CotisationId,
        demande: Demande,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        self.exige_modifiable(cotisation_id)?;
        let current = self
            .revenus
            .cotisation(cotisation_id)
            .ok_or(CotisationError::CotisationInconnue(cotisation_id))?;
        if current.repartition != demande.repartition {
            return Err(CotisationError::RepartitionNonModifiable.into());
        }
        let titre = Self::titre_valide(&demande.titre)?;
        let montants = self.montants_par_propriete(&demande)?;
        let montants_dus = self.calculer_dus(&demande, &montants)?;
        let event = GrandLivreEvent::CotisationModifiee {
            cotisation_id,
            titre,
            type_cotisation: demande.type_cotisation,
            date_debut: demande.date_debut,
            date_fin: demande.date_fin,
            date_echeance: demande.date_echeance,
            montants: to_list(&montants),
            montants_dus,
        };
        sink.write(event, self).await;
        Ok(())
    }

    pub(super) async fn supprimer_cotisation(
        &mut self,
        cotisation_id: CotisationId,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        self.exige_modifiable(cotisation_id)?;
        sink.write(GrandLivreEvent::CotisationSupprimee { cotisation_id }, self)
            .await;
        Ok(())
    }

    /// Common checks of a payment's amount and date.
    fn verifier_paiement(&self, paiement: &Paiement) -> Result<Montant, GrandLivreError> {
        if paiement.montant <= 0 {
            return Err(CotisationError::MontantInvalide.into());
        }
        if paiement.date_paiement > paiement.aujourd_hui {
            return Err(CotisationError::DatePaiementFuture.into());
        }
        self.exercices.exige_ouvert(paiement.date_paiement)?;
        dinars(paiement.montant)
    }

    pub(super) async fn encaisser(
        &mut self,
        montant_du_id: MontantDuId,
        paiement: Paiement,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        let restant_du = self
            .revenus
            .restant_du(montant_du_id)
            .ok_or(CotisationError::MontantDuInconnu(montant_du_id))?;
        let montant = self.verifier_paiement(&paiement)?;
        if montant > restant_du {
            return Err(CotisationError::MontantMaximumDepasse { restant_du }.into());
        }
        let event = GrandLivreEvent::EncaissementEnregistre {
            encaissement_id: self.revenus.prochain_encaissement_id(),
            montant_du_id,
            montant,
            date_paiement: paiement.date_paiement,
            methode: paiement.methode,
            reference: reference_gardee(paiement.methode, paiement.reference),
            numero_recu: self.revenus.prochain_numero_recu(paiement.date_paiement),
        };
        sink.write(event, self).await;
        Ok(())
    }

    pub(super) async fn modifier_encaissement(
        &mut self,
        encaissement_id: EncaissementId,
        paiement: Paiement,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        let current = self
            .revenus
            .encaissement(encaissement_id)
            .cloned()
            .ok_or(CotisationError::EncaissementInconnu(encaissement_id))?;
        self.exercices.exige_ouvert(current.date_paiement)?;
        let montant = self.verifier_paiement(&paiement)?;
        if montant != current.montant {
            if self.revenus.etat(current.montant_du_id) == Some(EtatPaiement::Complet) {
                return Err(CotisationError::MontantNonModifiable.into());
            }
            let restant_du = self
                .revenus
                .restant_du(current.montant_du_id)
                .unwrap_or(Montant::ZERO);
            let plafond = restant_du
                .checked_add(current.montant)
                .map_err(|_| CotisationError::MontantInvalide)?;
            if montant > plafond {
                return Err(CotisationError::MontantMaximumDepasse {
                    restant_du: plafond,
                }
                .into());
            }
        }
        let event = GrandLivreEvent::EncaissementModifie {
            encaissement_id,
            montant,
            date_paiement: paiement.date_paiement,
            methode: paiement.methode,
            reference: reference_gardee(paiement.methode, paiement.reference),
        };
        sink.write(event, self).await;
        Ok(())
    }

    pub(super) async fn annuler_encaissement(
        &mut self,
        encaissement_id: EncaissementId,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        let current = self
            .revenus
            .encaissement(encaissement_id)
            .ok_or(CotisationError::EncaissementInconnu(encaissement_id))?;
        self.exercices.exige_ouvert(current.date_paiement)?;
        sink.write(
            GrandLivreEvent::EncaissementAnnule { encaissement_id },
            self,
        )
        .await;
        Ok(())
    }
}

/// State changes of the revenue events (called from `GrandLivre::apply`).
impl crate::cotisation::Revenus {
    pub(crate) fn appliquer(&mut self, event: GrandLivreEvent) {
        match event {
            GrandLivreEvent::RepartitionModifiee { repartitions } => {
                self.repartition = repartitions
                    .into_iter()
                    .map(|r| (r.propriete_id, r.montant))
                    .collect();
            }
            GrandLivreEvent::CotisationLancee {
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
                self.cotisations.insert(
                    cotisation_id,
                    crate::cotisation::Cotisation {
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
            GrandLivreEvent::CotisationModifiee {
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
            GrandLivreEvent::CotisationSupprimee { cotisation_id } => {
                self.cotisations.remove(&cotisation_id);
                self.montants_dus
                    .retain(|_, du| du.cotisation_id != cotisation_id);
            }
            GrandLivreEvent::EncaissementEnregistre {
                encaissement_id,
                montant_du_id,
                montant,
                date_paiement,
                methode,
                reference,
                numero_recu,
            } => {
                self.ajuster_paye(montant_du_id, montant, true);
                *self.recus_emis.entry(date_paiement.year()).or_insert(0) += 1;
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
                    },
                );
            }
            GrandLivreEvent::EncaissementModifie {
                encaissement_id,
                montant,
                date_paiement,
                methode,
                reference,
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
                            ..current
                        },
                    );
                }
            }
            GrandLivreEvent::EncaissementAnnule { encaissement_id } => {
                if let Some(current) = self.encaissements.get_mut(&encaissement_id) {
                    current.annule = true;
                    let (montant_du_id, montant) = (current.montant_du_id, current.montant);
                    self.ajuster_paye(montant_du_id, montant, false);
                }
            }
            _ => {}
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
