//! What can go wrong while rendering a document.

/// A document could not be rendered. The messages are typst's diagnostics, with the template line
/// when there is one ("recu.typ:42: unknown variable: x"): they describe a fault of the template or
/// of the fonts shipped with it, never of the user's data, which reaches typst as JSON strings.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PdfError {
    /// A font shipped in `fonts/` could not be read.
    #[error("police illisible: {0}")]
    Police(&'static str),
    /// The virtual path of a file of the world is invalid.
    #[error("chemin virtuel invalide {chemin}: {message}")]
    Chemin {
        chemin: &'static str,
        message: String,
    },
    /// The data could not be serialized to JSON.
    #[error("données du document non sérialisables: {0}")]
    Donnees(String),
    /// typst refused the template (syntax, evaluation or layout errors).
    #[error("échec de la composition du document: {}", .0.join("; "))]
    Composition(Vec<String>),
    /// typst could not export the laid-out document to PDF.
    #[error("échec de l'export PDF: {}", .0.join("; "))]
    Export(Vec<String>),
}
