use crate::banque::BanqueError;
use crate::budgets::BudgetsError;
use crate::contrats::ContratsError;
use crate::depenses::DepensesError;
use crate::error::CodeErreur;
use crate::exercice::ExerciceError;
use crate::occupation::OccupationError;
use crate::propriete::ProprieteError;
use crate::revenus::RevenusError;
use crate::salaires::SalairesError;

/// Why the ledger refused a command: one variant per module that can refuse, each holding that
/// module's own error with its stable code (see [`CodeErreur`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GrandLivreError {
    /// A fiscal-year refusal, including the closed-year guard of every module.
    #[error(transparent)]
    Exercice(#[from] ExerciceError),
    #[error(transparent)]
    Propriete(#[from] ProprieteError),
    #[error(transparent)]
    Occupation(#[from] OccupationError),
    #[error(transparent)]
    Revenus(RevenusError),
    #[error(transparent)]
    Banque(BanqueError),
    #[error(transparent)]
    Depenses(DepensesError),
    #[error(transparent)]
    Salaires(SalairesError),
    #[error(transparent)]
    Contrats(ContratsError),
    #[error(transparent)]
    Budgets(BudgetsError),
}

/// The closed-year guard answers the same refusal whichever module asked it.
impl From<RevenusError> for GrandLivreError {
    fn from(error: RevenusError) -> Self {
        match error {
            RevenusError::Exercice(guard) => GrandLivreError::Exercice(guard),
            other => GrandLivreError::Revenus(other),
        }
    }
}

impl From<BanqueError> for GrandLivreError {
    fn from(error: BanqueError) -> Self {
        match error {
            BanqueError::Exercice(guard) => GrandLivreError::Exercice(guard),
            other => GrandLivreError::Banque(other),
        }
    }
}

impl From<DepensesError> for GrandLivreError {
    fn from(error: DepensesError) -> Self {
        match error {
            DepensesError::Exercice(guard) => GrandLivreError::Exercice(guard),
            other => GrandLivreError::Depenses(other),
        }
    }
}

impl From<SalairesError> for GrandLivreError {
    fn from(error: SalairesError) -> Self {
        match error {
            SalairesError::Exercice(guard) => GrandLivreError::Exercice(guard),
            other => GrandLivreError::Salaires(other),
        }
    }
}

impl From<ContratsError> for GrandLivreError {
    fn from(error: ContratsError) -> Self {
        match error {
            ContratsError::Exercice(guard) => GrandLivreError::Exercice(guard),
            other => GrandLivreError::Contrats(other),
        }
    }
}

impl From<BudgetsError> for GrandLivreError {
    fn from(error: BudgetsError) -> Self {
        match error {
            BudgetsError::Exercice(guard) => GrandLivreError::Exercice(guard),
            other => GrandLivreError::Budgets(other),
        }
    }
}

impl CodeErreur for GrandLivreError {
    fn code(&self) -> &'static str {
        match self {
            GrandLivreError::Exercice(inner) => inner.code(),
            GrandLivreError::Propriete(inner) => inner.code(),
            GrandLivreError::Occupation(inner) => inner.code(),
            GrandLivreError::Revenus(inner) => inner.code(),
            GrandLivreError::Banque(inner) => inner.code(),
            GrandLivreError::Depenses(inner) => inner.code(),
            GrandLivreError::Salaires(inner) => inner.code(),
            GrandLivreError::Contrats(inner) => inner.code(),
            GrandLivreError::Budgets(inner) => inner.code(),
        }
    }
}
