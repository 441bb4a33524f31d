//! Persistence for Daftar: the hash-chained event journal, the ledger (command side, warm
//! aggregates over the journal), the checkpointed projector and the read models it maintains.
//! Depends on `daftar-domain`; knows nothing of HTTP.

pub mod anchor;
pub mod annonces;
pub mod audit;
pub mod banque;
pub mod budgets;
pub mod bulk;
pub mod chain;
pub mod chat;
pub mod comptabilite;
pub mod contrats;
pub mod db;
pub mod depenses;
pub mod exercices;
pub mod fournisseurs;
pub mod journal;
pub mod ledger;
pub mod notifications;
pub mod occupancy;
pub mod paiements_en_ligne;
pub mod pannes;
pub mod projector;
pub mod proprietes;
pub mod recouvrement;
pub mod reglements;
pub mod releves;
pub mod revenus;
pub mod rows;
pub mod salaires;
pub mod tables;
pub mod temps_reel;
pub mod text;

pub use db::{Database, Dialect};
pub use journal::Journal;
pub use ledger::{CommandMetadata, Committed, Ledger};
pub use projector::{position_projetee, Projector, ReadModel};

/// The tables of the modules that keep no events (ADR 0005), created and evolved at start
/// (see [`tables`]).
pub fn tables_de_modules() -> Vec<tables::TablesDeModule> {
    vec![
        reglements::TABLES,
        recouvrement::TABLES,
        notifications::TABLES,
        annonces::TABLES,
        pannes::TABLES,
        chat::TABLES,
        paiements_en_ligne::TABLES,
    ]
}

/// Every read model of the product, in the order the projector applies them.
pub fn read_models() -> Vec<Box<dyn ReadModel>> {
    vec![
        Box::new(exercices::ExercicesView),
        Box::new(proprietes::ProprietesView),
        Box::new(occupancy::OccupancyView),
        Box::new(revenus::RevenusView),
        Box::new(revenus::EncaissementsView),
        Box::new(banque::BanqueView),
        Box::new(releves::RelevesView),
        Box::new(comptabilite::ComptabiliteView),
        Box::new(depenses::DepensesView),
        Box::new(fournisseurs::FournisseursView),
        Box::new(salaires::SalairesView),
        Box::new(contrats::ContratsView),
        Box::new(budgets::BudgetsView),
    ]
}
