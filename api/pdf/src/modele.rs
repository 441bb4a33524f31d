//! Templates of other crates (the closing pack's reports, `daftar-rapports`): the caller owns
//! the template's source and its data, this crate keeps every typst compile and export in one
//! place, with the same world (shipped fonts, no file system, no clock).

use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;
use typst::comemo;

use crate::renderer::{composer, exporter_avec};
use crate::world::Base;
use crate::PdfError;

/// Renders between two evictions of typst's caches (see `Renderer`).
const RENDUS_PAR_EVICTION: usize = 64;
const AGE_MAX_CACHE: usize = 2;

/// A typst template of another crate, loaded once (fonts parsed, source kept: a few
/// milliseconds) and shared by every render; `Send + Sync`.
///
/// The template reads its data with `json("/data.json")`. A render depends only on the
/// template and the data: no creation date is written in the PDF (the template must leave
/// `document(date: ..)` unset or `none`), and the PDF's identifier is derived from the
/// `ident` the caller gives, so the same data always gives the same bytes.
///
/// Its PDFs are untagged (no structure tree): on the closing pack's long tables the tags made
/// the files about 18 times larger (a 200-property residence's journal: 8.5 MB against
/// 0.46 MB) and the render about 4 times slower, for printouts that are archived and audited
/// rather than read aloud. The receipt keeps its tags.
pub struct Modele {
    base: Base,
    rendus: AtomicUsize,
}

/// A document rendered, with typst's warnings (an unknown font...), which do not stop a
/// render; the PDF has as many pages as its content needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdfRendu {
    pub pdf: Vec<u8>,
    pub pages: usize,
    pub avertissements: Vec<String>,
}

impl Modele {
    /// `chemin` names the template in diagnostics ("/rapport.typ").
    pub fn new(chemin: &'static str, source: &'static str) -> Result<Self, PdfError> {
        Ok(Self {
            base: Base::new(chemin, source)?,
            rendus: AtomicUsize::new(0),
        })
    }

    /// Compiles the template with `donnees` (serialized to `/data.json`) and exports the PDF.
    /// `ident` must identify the document stably across renders ("journal_2025").
    pub fn rendre(&self, donnees: &impl Serialize, ident: &str) -> Result<PdfRendu, PdfError> {
        let rendu = composer(&self.base, donnees).and_then(|(world, document, avertissements)| {
            let pages = document.pages().len();
            let rendu = exporter_avec(&world, &document, avertissements, Some(ident), false)?;
            Ok(PdfRendu {
                pdf: rendu.pdf,
                pages,
                avertissements: rendu.avertissements,
            })
        });
        if self.rendus.fetch_add(1, Ordering::Relaxed) % RENDUS_PAR_EVICTION
            == RENDUS_PAR_EVICTION - 1
        {
            comemo::evict(AGE_MAX_CACHE);
        }
        rendu
    }
}

/// Drops every result typst keeps between renders (its memoized layouts and parsed sources):
/// the next render is as cold as a new process's first, as `daftar audit replay`'s is. For the
/// benches, which would otherwise time the second render of the same data from its cache.
pub fn vider_caches() {
    comemo::evict(0);
}
