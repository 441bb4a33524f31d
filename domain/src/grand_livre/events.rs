use cqrs_es::DomainEvent;
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::propriete::{ProprieteId, TypePropriete};

/// Facts of a residence's ledger, in the past tense. Their type names and versions are stored
/// forever: rename or reshape one only through an upcaster.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrandLivreEvent {
    ExerciceOuvert {
        annee: i32,
    },
    ExerciceCloture {
        annee: i32,
    },
    ProprieteEnregistree {
        propriete_id: ProprieteId,
        nom: String,
        type_propriete: TypePropriete,
        surface: Option<Decimal>,
        description: Option<String>,
    },
}

impl DomainEvent for GrandLivreEvent {
    fn event_type(&self) -> String {
        match self {
            GrandLivreEvent::ExerciceOuvert { .. } => "ExerciceOuvert",
            GrandLivreEvent::ExerciceCloture { .. } => "ExerciceCloture",
            GrandLivreEvent::ProprieteEnregistree { .. } => "ProprieteEnregistree",
        }
        .to_owned()
    }

    fn event_version(&self) -> String {
        "1".to_owned()
    }
}
