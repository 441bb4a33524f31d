//! The ledger of one residence: the aggregate behind the per-residence event stream.
//!
//! Every money fact of a residence is an event of this one stream, so a decision always sees
//! the whole state of the residence's books and one optimistic-concurrency check (the
//! stream's next sequence) protects every invariant that spans modules, such as "no entry in a
//! closed exercice".
//!
//! Each module (`exercice`, `propriete`, `occupation`, `conseil`, `revenus`, …) owns its
//! commands, events, errors, state, decisions and `apply`; the top enums here hold one variant
//! per module and only dispatch (docs/architecture.md, "How to add a module").

mod aggregate;
mod commands;
mod errors;
mod events;
mod module_serde;

pub use aggregate::GrandLivre;
pub use commands::GrandLivreCommand;
pub use errors::GrandLivreError;
pub use events::GrandLivreEvent;

#[cfg(test)]
mod tests;
