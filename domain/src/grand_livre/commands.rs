use serde::{Deserialize, Serialize};

/// What a user or the CLI asks of a residence's ledger. Imperative names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrandLivreCommand {
    /// Opens the fiscal year of calendar year `annee`.
    OuvrirExercice { annee: i32 },
    /// Closes the fiscal year `annee`, for good: its entries become immutable.
    CloturerExercice { annee: i32 },
}
