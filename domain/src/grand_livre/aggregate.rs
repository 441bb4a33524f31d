use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::{GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::exercice::{Exercices, StatutExercice, ANNEES_VALIDES};
use crate::propriete::{Propriete, Proprietes, TypePropriete};
use rust_decimal::Decimal;

/// The decision state of one residence's books: only what commands need to decide, never
/// display data (that lives in the read models).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrandLivre {
    pub exercices: Exercices,
    pub proprietes: Proprietes,
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
