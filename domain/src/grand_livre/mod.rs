//! The ledger of one residence: the aggregate behind the per-residence event stream.
//!
//! Every money fact of a residence (fiscal years now; cotisations, encaissements, payments,
//! transfers and closings as their modules land) is an event of this one stream, so a decision
//! always sees the whole state of the residence's books and one optimistic-concurrency check
//! (the stream's next sequence) protects every invariant that spans modules, such as "no entry in
//! a closed exercice".

mod aggregate;
mod commands;
mod errors;
mod events;
mod occupancy;
mod revenus;

pub use aggregate::GrandLivre;
pub use commands::GrandLivreCommand;
pub use errors::GrandLivreError;
pub use events::{GrandLivreEvent, MontantDuLance, MontantPropriete};

#[cfg(test)]
mod tests;
