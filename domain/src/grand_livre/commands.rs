use serde::{Deserialize, Serialize};

use crate::banque::BanqueCommand;
use crate::budgets::BudgetsCommand;
use crate::conseil::ConseilCommand;
use crate::contrats::ContratsCommand;
use crate::depenses::DepensesCommand;
use crate::exercice::ExerciceCommand;
use crate::occupation::OccupationCommand;
use crate::propriete::ProprieteCommand;
use crate::revenus::RevenusCommand;
use crate::salaires::SalairesCommand;

/// What a user or the CLI asks of a residence's ledger: one variant per module, each holding
/// that module's own command.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GrandLivreCommand {
    Exercice(ExerciceCommand),
    Propriete(ProprieteCommand),
    Occupation(OccupationCommand),
    Conseil(ConseilCommand),
    Revenus(RevenusCommand),
    Banque(BanqueCommand),
    Depenses(DepensesCommand),
    Salaires(SalairesCommand),
    Contrats(ContratsCommand),
    Budgets(BudgetsCommand),
}

macro_rules! from_module {
    ($($module:ident($command:ty)),+ $(,)?) => {
        $(impl From<$command> for GrandLivreCommand {
            fn from(command: $command) -> Self {
                GrandLivreCommand::$module(command)
            }
        })+
    };
}

from_module!(
    Exercice(ExerciceCommand),
    Propriete(ProprieteCommand),
    Occupation(OccupationCommand),
    Conseil(ConseilCommand),
    Revenus(RevenusCommand),
    Banque(BanqueCommand),
    Depenses(DepensesCommand),
    Salaires(SalairesCommand),
    Contrats(ContratsCommand),
    Budgets(BudgetsCommand),
);
