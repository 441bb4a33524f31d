use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::{GrandLivreCommand, GrandLivreError, GrandLivreEvent};
use crate::exercice::{Exercices, StatutExercice, ANNEES_VALIDES};

/// The decision state of one residence's books: only what commands need to decide, never
/// display data (that lives in the read models).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GrandLivre {
    pub exercices: Exercices,
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
            GrandLivreCommand::OuvrirExercice { annee } => {
                if !ANNEES_VALIDES.contains(&annee) {
                    return Err(GrandLivreError::AnneeInvalide { annee });
                }
                if self.exercices.statut(annee).is_some() {
                    return Err(GrandLivreError::ExerciceDejaOuvert { annee });
                }
                sink.write(GrandLivreEvent::ExerciceOuvert { annee }, self)
                    .await;
            }
            GrandLivreCommand::CloturerExercice { annee } => match self.exercices.statut(annee) {
                None => return Err(GrandLivreError::ExerciceInconnu { annee }),
                Some(StatutExercice::Cloture) => {
                    return Err(GrandLivreError::ExerciceDejaCloture { annee })
                }
                Some(StatutExercice::Ouvert) => {
                    sink.write(GrandLivreEvent::ExerciceCloture { annee }, self)
                        .await;
                }
            },
        }
        Ok(())
    }

    fn apply(&mut self, event: Self::Event) {
        match event {
            GrandLivreEvent::ExerciceOuvert { annee } => self.exercices.ouvrir(annee),
            GrandLivreEvent::ExerciceCloture { annee } => self.exercices.cloturer(annee),
        }
    }
}
