use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};

use crate::propriete::TypePropriete;

/// What a user or the CLI asks of a residence's ledger. Imperative names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrandLivreCommand {
    /// Opens the fiscal year of calendar year `annee`.
    OuvrirExercice { annee: i32 },
    /// Closes the fiscal year `annee`, for good: its entries become immutable.
    CloturerExercice { annee: i32 },
    /// Registers a property of the residence; it receives the next property id.
    EnregistrerPropriete {
        nom: String,
        type_propriete: TypePropriete,
        surface: Option<Decimal>,
        description: Option<String>,
    },
}
