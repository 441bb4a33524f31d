//! The closing pack of a fiscal year (issue 15, "The closing pack and the exports"): the
//! simplified treasury table, the journal, the general ledger, the trial balance, the debtor
//! co-owners, the bank reconciliations, the five statements of the French co-ownership model
//! (décret 2005-240 annexes) and the budget against actual, each in PDF and xlsx, and the zip
//! of the detailed documents.
//!
//! Pure: given the residence's decision state and its books rebuilt in memory ([`rejouer`]),
//! it renders bytes. No IO, no clock, no database. Every output is deterministic (an auditor
//! re-renders a closed year's pack and compares SHA-256 byte for byte): no render time
//! anywhere (the PDF has no creation date, the xlsx's dates and the zip entries' times are the
//! closing date, or the situation date of a provisional report), fixed fonts, data walked in
//! sorted order.
//!
//! ```no_run
//! # use daftar_rapports::*;
//! # fn f(events: Vec<daftar_domain::grand_livre::GrandLivreEvent>) -> Result<(), RapportError> {
//! let (livre, livres) = rejouer(events);
//! let ctx = Contexte {
//!     residence: "Les Jasmins".to_owned(),
//!     annee: 2025,
//!     etat: Etat::Cloture { le: chrono::NaiveDate::from_ymd_opt(2026, 5, 12).unwrap_or_default() },
//!     budget: None,
//! };
//! for document in dossier_cloture(&livre, &livres, &ctx)? {
//!     println!("{} {} octets", document.nom, document.octets.len());
//! }
//! # Ok(()) }
//! ```

mod annexes;
mod comptes;
mod debiteurs;
pub mod format;
mod livres;
mod mise_en_page;
mod modele;
mod paquet;
mod rapprochement;
mod tresorerie;

use chrono::NaiveDate;
use cqrs_es::Aggregate;
use daftar_domain::comptabilite::Livres;
use daftar_domain::depenses::CategorieId;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreEvent};
use daftar_domain::Montant;
use daftar_pdf::PdfError;

pub use debiteurs::{coproprietaires_debiteurs, Debiteur, Debiteurs};
pub use paquet::{details, dossier_cloture, zip_details};
pub use rapprochement::{rapprochements, LigneNonPointee, Rapprochement};
pub use tresorerie::{
    tableau_tresorerie, tableau_tresorerie_pdf, tableau_tresorerie_xlsx, CompteTresorerie,
    LigneTresorerie, TableauTresorerie,
};

/// Whether the reported exercice is still open (every page then says "Provisoire") or closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Etat {
    /// An open year, reported as the books stand on `au` (the date the documents carry, never
    /// the time of the render).
    Provisoire { au: NaiveDate },
    /// A closed year, closed on `le`.
    Cloture { le: NaiveDate },
}

/// What every document of the pack says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contexte {
    pub residence: String,
    pub annee: i32,
    pub etat: Etat,
    /// The exercice's budget, when one exists (the budgets module fills it, see
    /// [`BudgetExercice`]); without one the budget columns stay empty.
    pub budget: Option<BudgetExercice>,
}

/// Extension point for the budgets (built in parallel, not in `GrandLivre` on this branch):
/// the exercice's budget as the statements read it. The caller converts the budgets' state to
/// this; the statements put each element in front of its category's account (600NNN, or
/// 600000 for an element without category).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BudgetExercice {
    pub titre: String,
    pub elements: Vec<ElementBudget>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ElementBudget {
    pub categorie_id: Option<CategorieId>,
    pub montant: Montant,
}

/// A file of the pack: `nom` is its name inside the pack ("journal_2025.pdf").
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    pub nom: String,
    pub octets: Vec<u8>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RapportError {
    #[error(transparent)]
    Pdf(#[from] PdfError),
    #[error("échec de l'écriture du classeur xlsx: {0}")]
    Xlsx(String),
    #[error("échec de l'écriture de l'archive zip: {0}")]
    Zip(String),
    #[error("date hors des limites d'un document: {0}")]
    Date(NaiveDate),
}

/// The residence's decision state and its books, rebuilt from its events in order (each
/// event is posted to the books, then applied to the state).
pub fn rejouer(events: impl IntoIterator<Item = GrandLivreEvent>) -> (GrandLivre, Livres) {
    let mut livre = GrandLivre::default();
    let mut livres = Livres::default();
    for event in events {
        livres.appliquer(&event);
        livre.apply(event);
    }
    (livre, livres)
}
