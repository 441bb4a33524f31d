//! Compiles a template with its data and exports the PDF.

use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;
use typst::comemo;
use typst::foundations::Smart;
use typst_layout::PagedDocument;
use typst_pdf::PdfOptions;

use crate::recu::RecuDonnees;
use crate::world::{Base, DocumentWorld};
use crate::{PdfError, Recu};

/// typst memoizes in process-wide caches that only shrink when told to. Every
/// `RENDUS_PAR_EVICTION` renders, results unused for `AGE_MAX_CACHE` evictions are dropped: the
/// template's shared parts stay warm, the data-specific ones go, and memory stays flat in a
/// long-running server. An eviction walks every cache (about 1 ms), hence not after each render.
const RENDUS_PAR_EVICTION: usize = 64;
const AGE_MAX_CACHE: usize = 2;

/// Text sizes (tenths of a point) tried in turn until the document fits on one page. Usual
/// receipts fit at the first size, so they are laid out once; texts near their length limits
/// (names of 100 characters, titles of 200) shrink the body rather than spill onto a second page.
const TAILLES_TEXTE: [u16; 4] = [95, 87, 80, 72];
const TAILLE_TEXTE_MIN: u16 = 65;

/// A document rendered, with typst's warnings (unknown font, ...), which do not stop a render.
pub(crate) struct Rendu {
    pub(crate) pdf: Vec<u8>,
    pub(crate) avertissements: Vec<String>,
}

/// Renders Daftar's PDF documents. Build it once (fonts are parsed and the template loaded in
/// [`Renderer::new`], a few milliseconds) and share it: it is `Send + Sync` and every render only
/// borrows it.
pub struct Renderer {
    recu: Base,
    rendus: AtomicUsize,
}

impl Renderer {
    pub fn new() -> Result<Self, PdfError> {
        Ok(Self {
            recu: Base::new("/recu.typ", include_str!("../templates/recu.typ"))?,
            rendus: AtomicUsize::new(0),
        })
    }

    /// The payment receipt as a one-page PDF (A5 landscape).
    pub fn render_recu(&self, recu: &Recu) -> Result<Vec<u8>, PdfError> {
        let rendu = self.rendre_recu(recu)?;
        for avertissement in &rendu.avertissements {
            tracing::warn!(
                %avertissement,
                numero_recu = %recu.numero_recu,
                "typst warning in a receipt"
            );
        }
        Ok(rendu.pdf)
    }

    pub(crate) fn rendre_recu(&self, recu: &Recu) -> Result<Rendu, PdfError> {
        let rendu = rendre(&self.recu, |taille| RecuDonnees::new(recu, taille));
        if self.rendus.fetch_add(1, Ordering::Relaxed) % RENDUS_PAR_EVICTION
            == RENDUS_PAR_EVICTION - 1
        {
            comemo::evict(AGE_MAX_CACHE);
        }
        rendu
    }
}

/// Compiles `base` with the data for the first text size that gives one page, and exports it.
fn rendre<D: Serialize>(base: &Base, donnees: impl Fn(u16) -> D) -> Result<Rendu, PdfError> {
    for taille in TAILLES_TEXTE {
        let (world, document, avertissements) = composer(base, &donnees(taille))?;
        if document.pages().len() <= 1 {
            return exporter(&world, &document, avertissements);
        }
    }
    let (world, document, avertissements) = composer(base, &donnees(TAILLE_TEXTE_MIN))?;
    exporter(&world, &document, avertissements)
}

pub(crate) fn composer<'a>(
    base: &'a Base,
    donnees: &impl Serialize,
) -> Result<(DocumentWorld<'a>, PagedDocument, Vec<String>), PdfError> {
    let json = serde_json::to_vec(donnees).map_err(|err| PdfError::Donnees(err.to_string()))?;
    let world = base.avec_donnees(json);
    let compiled = typst::compile::<PagedDocument>(&world);
    let avertissements = world.messages(&compiled.warnings);
    let document = compiled
        .output
        .map_err(|erreurs| PdfError::Composition(world.messages(&erreurs)))?;
    Ok((world, document, avertissements))
}

fn exporter(
    world: &DocumentWorld<'_>,
    document: &PagedDocument,
    avertissements: Vec<String>,
) -> Result<Rendu, PdfError> {
    exporter_avec(world, document, avertissements, None, true)
}

/// Exports with no creation timestamp (`timestamp: None`) and, when given, a stable
/// identifier: the PDF depends only on the document. `tagged`: with typst's tag tree (the
/// structure screen readers follow).
pub(crate) fn exporter_avec(
    world: &DocumentWorld<'_>,
    document: &PagedDocument,
    avertissements: Vec<String>,
    ident: Option<&str>,
    tagged: bool,
) -> Result<Rendu, PdfError> {
    let options = PdfOptions {
        ident: ident.map_or(Smart::Auto, |ident| Smart::Custom(ident.to_owned())),
        creator: Smart::Custom(Some("Daftar".to_owned())),
        timestamp: None,
        tagged,
        ..PdfOptions::default()
    };
    let pdf = typst_pdf::pdf(document, &options)
        .map_err(|erreurs| PdfError::Export(world.messages(&erreurs)))?;
    Ok(Rendu {
        pdf,
        avertissements,
    })
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;
    use daftar_domain::Montant;

    use super::*;
    use crate::Langue;

    fn recu() -> Option<Recu> {
        let date = NaiveDate::from_ymd_opt(2026, 2, 14)?;
        Some(Recu {
            residence_nom: "Résidence".to_owned(),
            residence_adresse: "12, rue des Jasmins".to_owned(),
            residence_ville: "Sfax".to_owned(),
            numero_recu: "1".to_owned(),
            date_paiement: date,
            payeur_nom: "Leïla".to_owned(),
            propriete_nom: "A1".to_owned(),
            cotisation_titre: "Syndic".to_owned(),
            periode_debut: date,
            periode_fin: date,
            date_echeance: date,
            montant: Montant::from_millimes(1_000),
            methode: "Virement".to_owned(),
            reference: None,
            restant_du: Montant::ZERO,
            emis_le: date,
            duplicata: None,
            langue: Langue::Fr,
        })
    }

    #[test]
    fn the_receipt_template_compiles_without_warnings() {
        let rendu =
            Renderer::new().and_then(|r| r.rendre_recu(&recu().unwrap_or_else(|| unreachable!())));
        match rendu {
            Ok(rendu) => assert_eq!(rendu.avertissements, Vec::<String>::new()),
            Err(err) => panic!("{err}"),
        }
    }

    #[test]
    fn a_broken_template_is_an_error_naming_its_line_not_a_panic() {
        let base = Base::new(
            "/casse.typ",
            "#let d = json(\"/data.json\")\n\n#d.inconnu\n",
        );
        let erreur = base.and_then(|base| rendre(&base, |_| serde_json::json!({ "a": 1 })));
        match erreur {
            Err(PdfError::Composition(messages)) => {
                assert_eq!(messages.len(), 1, "{messages:?}");
                assert!(messages[0].starts_with("casse.typ:3: "), "{messages:?}");
                assert!(messages[0].contains("inconnu"), "{messages:?}");
            }
            other => panic!(
                "expected a composition error, got {other:?}",
                other = other.map(|r| r.pdf.len())
            ),
        }
    }

    #[test]
    fn missing_data_is_reported_with_the_path() {
        let base = Base::new("/casse.typ", "#json(\"/autre.json\")");
        let erreur = base.and_then(|base| rendre(&base, |_| ()));
        match erreur {
            Err(PdfError::Composition(messages)) => {
                assert!(
                    messages.iter().any(|m| m.contains("autre.json")),
                    "{messages:?}"
                );
            }
            other => panic!(
                "expected a composition error, got {other:?}",
                other = other.map(|r| r.pdf.len())
            ),
        }
    }
}
