//! The typst `World` of our documents: one template, one JSON data file, the fonts shipped with
//! the crate and typst's own. No file system, no packages, no clock: a render depends only on its
//! data, so the same receipt always gives the same bytes.

use typst::diag::{FileError, FileResult, SourceDiagnostic};
use typst::foundations::{Bytes, Datetime, Duration};
use typst::syntax::{FileId, RootedPath, Source, VirtualPath, VirtualRoot};
use typst::text::{Font, FontBook};
use typst::utils::LazyHash;
use typst::{Library, LibraryExt, World, WorldExt};

use crate::PdfError;

/// The fonts shipped in `fonts/` (see `fonts/README.md`), after typst's embedded ones.
const POLICES: [(&str, &[u8]); 4] = [
    (
        "NotoSans-Regular.ttf",
        include_bytes!("../fonts/NotoSans-Regular.ttf"),
    ),
    (
        "NotoSans-Bold.ttf",
        include_bytes!("../fonts/NotoSans-Bold.ttf"),
    ),
    (
        "NotoSansArabic-Regular.ttf",
        include_bytes!("../fonts/NotoSansArabic-Regular.ttf"),
    ),
    (
        "NotoSansArabic-Bold.ttf",
        include_bytes!("../fonts/NotoSansArabic-Bold.ttf"),
    ),
];

/// Where the template reads its data: `json("/data.json")`.
pub(crate) const CHEMIN_DONNEES: &str = "/data.json";

fn file_id(chemin: &'static str) -> Result<FileId, PdfError> {
    let vpath = VirtualPath::new(chemin).map_err(|err| PdfError::Chemin {
        chemin,
        message: format!("{err:?}"),
    })?;
    Ok(RootedPath::new(VirtualRoot::Project, vpath).intern())
}

/// Everything that does not change between two renders of one template: built once, shared by
/// every render (and every thread).
pub(crate) struct Base {
    library: LazyHash<Library>,
    book: LazyHash<FontBook>,
    fonts: Vec<Font>,
    main: Source,
    donnees: FileId,
}

impl Base {
    /// `chemin` names the template in diagnostics ("/recu.typ").
    pub(crate) fn new(chemin: &'static str, template: &'static str) -> Result<Self, PdfError> {
        let mut fonts: Vec<Font> = typst_assets::fonts()
            .flat_map(|data| Font::iter(Bytes::new(data)))
            .collect();
        for (nom, data) in POLICES {
            let avant = fonts.len();
            fonts.extend(Font::iter(Bytes::new(data)));
            if fonts.len() == avant {
                return Err(PdfError::Police(nom));
            }
        }
        Ok(Self {
            library: LazyHash::new(Library::builder().build()),
            book: LazyHash::new(FontBook::from_fonts(&fonts)),
            fonts,
            main: Source::new(file_id(chemin)?, template.to_owned()),
            donnees: file_id(CHEMIN_DONNEES)?,
        })
    }

    /// The world of one render: the shared base plus this document's data.
    pub(crate) fn avec_donnees(&self, json: Vec<u8>) -> DocumentWorld<'_> {
        DocumentWorld {
            base: self,
            donnees: Bytes::new(json),
        }
    }
}

pub(crate) struct DocumentWorld<'a> {
    base: &'a Base,
    donnees: Bytes,
}

impl DocumentWorld<'_> {
    fn introuvable(id: FileId) -> FileError {
        FileError::NotFound(id.vpath().get_with_slash().into())
    }

    /// typst's diagnostics as plain messages, prefixed with the template line when known.
    pub(crate) fn messages(&self, diagnostics: &[SourceDiagnostic]) -> Vec<String> {
        diagnostics
            .iter()
            .map(|diagnostic| {
                let mut message = String::new();
                if let Some(id) = diagnostic.span.id() {
                    message.push_str(id.vpath().get_without_slash());
                    let ligne = self.range(diagnostic.span).and_then(|range| {
                        self.source(id)
                            .ok()
                            .and_then(|source| source.lines().byte_to_line(range.start))
                    });
                    if let Some(ligne) = ligne {
                        message.push_str(&format!(":{}", ligne + 1));
                    }
                    message.push_str(": ");
                }
                message.push_str(&diagnostic.message);
                for hint in &diagnostic.hints {
                    message.push_str(&format!(" (hint: {})", hint.v));
                }
                message
            })
            .collect()
    }
}

impl World for DocumentWorld<'_> {
    fn library(&self) -> &LazyHash<Library> {
        &self.base.library
    }

    fn book(&self) -> &LazyHash<FontBook> {
        &self.base.book
    }

    fn main(&self) -> FileId {
        self.base.main.id()
    }

    fn source(&self, id: FileId) -> FileResult<Source> {
        if id == self.base.main.id() {
            Ok(self.base.main.clone())
        } else if id == self.base.donnees {
            Err(FileError::NotSource)
        } else {
            Err(Self::introuvable(id))
        }
    }

    fn file(&self, id: FileId) -> FileResult<Bytes> {
        if id == self.base.donnees {
            Ok(self.donnees.clone())
        } else if id == self.base.main.id() {
            Ok(Bytes::from_string(self.base.main.clone()))
        } else {
            Err(Self::introuvable(id))
        }
    }

    fn font(&self, index: usize) -> Option<Font> {
        self.base.fonts.get(index).cloned()
    }

    fn today(&self, _offset: Option<Duration>) -> Option<Datetime> {
        None
    }
}
