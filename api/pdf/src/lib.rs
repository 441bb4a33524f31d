//! Daftar's PDF documents, rendered in process with typst: the payment receipt (issue 3,
//! "Documents"; spec 1 §3, Encaissement), and through [`Modele`] the templates of other crates
//! (the closing pack's reports of `daftar-rapports`), compiled and exported here.
//!
//! Layout and wording live in typst templates (`templates/`), the data reaches them as a virtual
//! JSON file (`/data.json`), so no user text is ever parsed as typst markup. Fonts are shipped in
//! `fonts/` (Noto Sans and Noto Sans Arabic, OFL). This is a crate of its own because typst is
//! about half of a clean build: edits elsewhere in the workspace do not recompile it.
//!
//! ```no_run
//! use daftar_pdf::{PdfError, Recu, Renderer};
//!
//! // `Renderer::new()` once at start-up, shared by every worker.
//! fn telecharger(renderer: &Renderer, recu: &Recu) -> Result<Vec<u8>, PdfError> {
//!     renderer.render_recu(recu)
//! }
//! ```

mod error;
mod lettres;
mod lettres_ar;
mod modele;
mod recu;
mod renderer;
mod world;

pub use error::PdfError;
pub use lettres::{montant_en_lettres, nombre_en_lettres};
pub use lettres_ar::{montant_en_lettres_ar, nombre_en_lettres_ar};
pub use modele::{vider_caches, Modele, PdfRendu};
pub use recu::{date_fr, Duplicata, Langue, Recu};
pub use renderer::Renderer;
