use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::revenus::{Demande, Paiement};
use super::{GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::cotisation::Revenus;
use crate::exercice::{Exercices, StatutExercice, ANNEES_VALIDES};
use crate::occupation::{Occupancy, Occupant, Occupation};
use crate::propriete::{Propriete, Proprietes, TypePropriete};
use rust_decimal::Decimal;

/// The decision state of one residence's books: only what commands need to decide, never
/// display data (that lives in the read models).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrandLivre {
    pub exercices: Exercices,
    pub proprietes: Proprietes,
    pub occupancy: Occupancy,
    pub revenus: Revenus,
}

impl Aggregate for GrandLivre {
    const TYPE: &'static str = "grand_livre";
    type Command = GrandLivreCommand;
    type Event = GrandLivreEvent;
    type Error = GrandLivreError;
    type Services = ();

    async fn handle(
        &mut self,
        command: Self::Command,
        _services: &Self::Services,
        sink: &EventSink<Self>,
    ) -> Result<(), Self::Error> {
        match command {
            GrandLivreCommand::OuvrirExercice { annee } => self.ouvrir_exercice(annee, sink).await,
            GrandLivreCommand::CloturerExercice { annee } => {
                self.cloturer_exercice(annee, sink).await
            }
            GrandLivreCommand::EnregistrerPropriete {
                nom,
                type_propriete,
                surface,
                description,
            } => {
                self.enregistrer_propriete(nom, type_propriete, surface, description, sink)
                    .await
            }
            GrandLivreCommand::CreerOccupant {
                nom,
                tel,
                email,
                sexe,
            } => self.creer_occupant(None, nom, tel, email, sexe, sink).await,
            GrandLivreCommand::ModifierOccupant {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            } => {
                self.creer_occupant(Some(occupant_id), nom, tel, email, sexe, sink)
                    .await
            }
            GrandLivreCommand::AjouterOccupation {
                propriete_id,
                occupant_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => {
                let occupation = Occupation {
                    propriete_id,
                    occupant_id,
                    type_occupation,
                    date_debut,
                    date_fin,
                    is_payer,
                };
                self.ajouter_occupation(occupation, sink).await
            }
            GrandLivreCommand::ModifierOccupation {
                occupation_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => {
                self.modifier_occupation(
                    occupation_id,
                    type_occupation,
                    (date_debut, date_fin),
                    is_payer,
                    sink,
                )
                .await
            }
            GrandLivreCommand::CorrigerOccupation {
                occupation_id,
                occupant_id,
                nom,
                tel,
                email,
                sexe,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => {
                let occupant = Occupant {
                    nom,
                    tel,
                    email,
                    sexe,
                };
                self.corriger_occupation(
                    (occupation_id, occupant_id),
                    occupant,
                    (type_occupation, date_debut, date_fin, is_payer),
                    sink,
                )
                .await
            }
            GrandLivreCommand::SupprimerOccupation {
                occupation_id,
                aujourd_hui,
            } => {
                self.supprimer_occupation(occupation_id, aujourd_hui, sink)
                    .await
            }
            GrandLivreCommand::ConsignerMembreConseilAjoute { user_id, nom } => {
                sink.write(GrandLivreEvent::MembreConseilAjoute { user_id, nom }, self)
                    .await;
                Ok(())
            }
            GrandLivreCommand::ConsignerMembreConseilRetire { user_id } => {
                sink.write(GrandLivreEvent::MembreConseilRetire { user_id }, self)
                    .await;
                Ok(())
            }
            GrandLivreCommand::ConsignerRolesConseil {
                user_id,
                is_finance,
                is_president,
            } => {
                let event = GrandLivreEvent::RolesConseilModifies {
                    user_id,
                    is_finance,
                    is_president,
                };
                sink.write(event, self).await;
                Ok(())
            }
            GrandLivreCommand::ModifierRepartition { repartitions } => {
                self.modifier_repartition(repartitions, sink).await
            }
            GrandLivreCommand::LancerCotisation {
                titre,
                type_cotisation,
                repartition,
                date_debut,
                date_fin,
                date_echeance,
                montant,
                personnalisation,
            } => {
                let demande = Demande {
                    titre,
                    type_cotisation,
                    repartition,
                    date_debut,
                    date_fin,
                    date_echeance,
                    montant,
                    personnalisation,
                };
                self.lancer_cotisation(demande, sink).await
            }
            GrandLivreCommand::ModifierCotisation {
                cotisation_id,
                titre,
                type_cotisation,
                repartition,
                date_debut,
                date_fin,
                date_echeance,
                montant,
                personnalisation,
            } => {
                let demande = Demande {
                    titre,
                    type_cotisation,
                    repartition,
                    date_debut,
                    date_fin,
                    date_echeance,
                    montant,
                    personnalisation,
                };
                self.modifier_cotisation(cotisation_id, demande, sink).await
            }
            GrandLivreCommand::SupprimerCotisation { cotisation_id } => {
                self.supprimer_cotisation(cotisation_id, sink).await
            }
            GrandLivreCommand::EncaisserMontantDu {
                montant_du_id,
                montant,
                date_paiement,
                methode,
                reference,
                aujourd_hui,
            } => {
                let paiement = Paiement {
                    montant,
                    date_paiement,
                    methode,
                    reference,
                    aujourd_hui,
                };
                self.encaisser(montant_du_id, paiement, sink).await
            }
            GrandLivreCommand::ModifierEncaissement {
                encaissement_id,
                montant,
                date_paiement,
                methode,
                reference,
                aujourd_hui,
            } => {
                let paiement = Paiement {
                    montant,
                    date_paiement,
                    methode,
                    reference,
                    aujourd_hui,
                };
                self.modifier_encaissement(encaissement_id, paiement, sink)
                    .await
            }
            GrandLivreCommand::AnnulerEncaissement { encaissement_id } => {
                self.annuler_encaissement(encaissement_id, sink).await
            }
        }
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            GrandLivreEvent::ExerciceOuvert { annee } => self.exercices.ouvrir(annee),
            GrandLivreEvent::ExerciceCloture { annee } => self.exercices.cloturer(annee),
            GrandLivreEvent::ProprieteEnregistree {
                propriete_id,
                nom,
                type_propriete,
                surface,
                description,
            } => self.proprietes.enregistrer(
                propriete_id,
                Propriete {
                    nom,
                    type_propriete,
                    surface,
                    description,
                },
            ),
            GrandLivreEvent::OccupantCree {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            }
            | GrandLivreEvent::OccupantModifie {
                occupant_id,
                nom,
                tel,
                email,
                sexe,
            } => self.occupancy.enregistrer_occupant(
                occupant_id,
                Occupant {
                    nom,
                    tel,
                    email,
                    sexe,
                },
            ),
            GrandLivreEvent::OccupationAjoutee {
                occupation_id,
                propriete_id,
                occupant_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => self.occupancy.enregistrer_occupation(
                occupation_id,
                Occupation {
                    propriete_id,
                    occupant_id,
                    type_occupation,
                    date_debut,
                    date_fin,
                    is_payer,
                },
            ),
            GrandLivreEvent::OccupationModifiee {
                occupation_id,
                type_occupation,
                date_debut,
                date_fin,
                is_payer,
            } => {
                if let Some(current) = self.occupancy.occupation(occupation_id).cloned() {
                    self.occupancy.enregistrer_occupation(
                        occupation_id,
                        Occupation {
                            type_occupation,
                            date_debut,
                            date_fin,
                            is_payer,
                            ..current
                        },
                    );
                }
            }
            GrandLivreEvent::OccupationSupprimee { occupation_id } => {
                self.occupancy.supprimer_occupation(occupation_id)
            }
            GrandLivreEvent::MembreConseilAjoute { .. }
            | GrandLivreEvent::MembreConseilRetire { .. }
            | GrandLivreEvent::RolesConseilModifies { .. } => {}
            revenue @ (GrandLivreEvent::RepartitionModifiee { .. }
            | GrandLivreEvent::CotisationLancee { .. }
            | GrandLivreEvent::CotisationModifiee { .. }
            | GrandLivreEvent::CotisationSupprimee { .. }
            | GrandLivreEvent::EncaissementEnregistre { .. }
            | GrandLivreEvent::EncaissementModifie { .. }
            | GrandLivreEvent::EncaissementAnnule { .. }) => self.revenus.appliquer(revenue),
        }
    }
}

impl GrandLivre {
    async fn ouvrir_exercice(
        &mut self,
        annee: i32,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        if !ANNEES_VALIDES.contains(&annee) {
            return Err(GrandLivreError::AnneeInvalide { annee });
        }
        if self.exercices.statut(annee).is_some() {
            return Err(GrandLivreError::ExerciceDejaOuvert { annee });
        }
        sink.write(GrandLivreEvent::ExerciceOuvert { annee }, self)
            .await;
        Ok(())
    }

    async fn cloturer_exercice(
        &mut self,
        annee: i32,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        match self.exercices.statut(annee) {
            None => Err(GrandLivreError::ExerciceInconnu { annee }),
            Some(StatutExercice::Cloture) => Err(GrandLivreError::ExerciceDejaCloture { annee }),
            Some(StatutExercice::Ouvert) => {
                sink.write(GrandLivreEvent::ExerciceCloture { annee }, self)
                    .await;
                Ok(())
            }
        }
    }

    async fn enregistrer_propriete(
        &mut self,
        nom: String,
        type_propriete: TypePropriete,
        surface: Option<Decimal>,
        description: Option<String>,
        sink: &EventSink<Self>,
    ) -> Result<(), GrandLivreError> {
        let nom = nom.trim().to_owned();
        if nom.is_empty() || nom.chars().count() > 100 {
            return Err(GrandLivreError::ProprieteNomInvalide);
        }
        if self.proprietes.nom_pris(&nom) {
            return Err(GrandLivreError::ProprieteNomExiste { nom });
        }
        if surface.is_some_and(|s| s <= Decimal::ZERO) {
            return Err(GrandLivreError::SurfaceInvalide);
        }
        let event = GrandLivreEvent::ProprieteEnregistree {
            propriete_id: self.proprietes.prochain_id(),
            nom,
            type_propriete,
            surface,
            description: description
                .map(|d| d.trim().to_owned())
                .filter(|d| !d.is_empty()),
        };
        sink.write(event, self).await;
        Ok(())
    }
}
