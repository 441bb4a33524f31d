//! The pure domain of Daftar: value types, the residence ledger aggregate, its modules'
//! commands, events and rules. No IO: no database, no HTTP, no clock (dates come in with the
//! command).

pub mod assemblees;
pub mod banque;
pub mod budgets;
pub mod comptabilite;
pub mod conseil;
pub mod contrats;
pub mod depenses;
pub mod document;
pub mod error;
pub mod exercice;
pub mod grand_livre;
pub mod ids;
pub mod montant;
pub mod occupation;
pub mod paiement;
pub mod propriete;
pub mod revenus;
pub mod salaires;
#[cfg(test)]
mod test_support;
pub mod visibilite;
pub mod votes;

pub use error::CodeErreur;
pub use montant::Montant;
