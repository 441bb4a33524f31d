use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

/// Facts of a residence's ledger, in the past tense. Their type names and versions are stored
/// forever: rename or reshape one only through an upcaster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrandLivreEvent {
    ExerciceOuvert { annee: i32 },
    ExerciceCloture { annee: i32 },
}

impl DomainEvent for GrandLivreEvent {
    fn event_type(&self) -> String {
        match self {
            GrandLivreEvent::ExerciceOuvert { .. } => "ExerciceOuvert",
            GrandLivreEvent::ExerciceCloture { .. } => "ExerciceCloture",
        }
        .to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}
