//! The files attached to a residence's records (invoices, quotes, any document): one mechanism
//! that every route attaching files calls (docs/api-depenses.md "Documents").
//!
//! The way of a file, from the request to the answer:
//!
//! 1. [`FormulaireMultipart`] reads a `multipart/form-data` body: its text fields (given to the
//!    caller as JSON strings, [`FormulaireMultipart::champs_en_json`], to build the same request
//!    type as the JSON routes) and its files ([`FichierRecu`]), within fixed limits (20 files,
//!    10 MB a file, 64 KB a text: 413 `payload_too_large` beyond).
//! 2. [`verifier`] judges a file by its content, never its name or declared type: a PDF that
//!    opens and has a page (at most 1 MB, else `pdfTooLarge`), a PNG or a JPEG that decodes,
//!    scaled to at most 1024 px and 1 MB; anything else is `fichier_invalide` on its field.
//! 3. [`DocumentStore`] keeps the accepted bytes under a key made of the residence and the
//!    SHA-256 of the bytes (the same file twice is stored once), on the local disk or in an
//!    S3-compatible bucket (`DAFTAR_DOCUMENTS_URL`), and makes the thumbnail
//!    ([`miniature::miniature`]) on first request.
//! 4. [`reponse_fichier`] answers a stored file with its type and an inline
//!    `Content-Disposition` carrying its title.
//!
//! What a record keeps of a document (its residence, hash, [`NatureContenu`], title, size) is the
//! owning module's: the store knows bytes only.

pub mod miniature;
mod multipart;
mod reponse;
mod store;
mod verification;

#[cfg(test)]
pub(crate) mod fixtures;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ApiError, ErrorCode, FieldErrors};

pub use multipart::{FormulaireMultipart, FICHIERS_MAX, FICHIER_OCTETS_MAX, TEXTE_OCTETS_MAX};
pub use reponse::{content_disposition, reponse_fichier, reponse_telechargement};
pub use store::{DocumentStore, ErreurStockage};
pub use verification::{
    verifier, verifier_fichiers, IMAGE_COTE_MAX, IMAGE_OCTETS_MAX, PDF_OCTETS_MAX,
};

/// What a stored file is, read from its content ([`verifier`]); stored and answered as its MIME
/// type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
pub enum NatureContenu {
    #[serde(rename = "application/pdf")]
    Pdf,
    #[serde(rename = "image/png")]
    Png,
    #[serde(rename = "image/jpeg")]
    Jpeg,
}

impl NatureContenu {
    /// The MIME type (`application/pdf`, `image/png`, `image/jpeg`).
    pub const fn mime(self) -> &'static str {
        match self {
            NatureContenu::Pdf => "application/pdf",
            NatureContenu::Png => "image/png",
            NatureContenu::Jpeg => "image/jpeg",
        }
    }

    /// Whether the file is an image (as opposed to a PDF).
    pub const fn est_une_image(self) -> bool {
        matches!(self, NatureContenu::Png | NatureContenu::Jpeg)
    }

    /// The kind of `octets` from their first bytes (magic numbers), or `None` for anything else.
    /// A PDF may have a few bytes before its `%PDF-` header, as readers allow (within the first
    /// 1024 bytes).
    pub fn d_apres_le_contenu(octets: &[u8]) -> Option<NatureContenu> {
        const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
        const JPEG: &[u8] = b"\xff\xd8\xff";
        if octets.starts_with(PNG) {
            Some(NatureContenu::Png)
        } else if octets.starts_with(JPEG) {
            Some(NatureContenu::Jpeg)
        } else if octets[..octets.len().min(1024)]
            .windows(5)
            .any(|window| window == b"%PDF-")
        {
            Some(NatureContenu::Pdf)
        } else {
            None
        }
    }
}

impl fmt::Display for NatureContenu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.mime())
    }
}

impl FromStr for NatureContenu {
    type Err = ErreurStockage;

    fn from_str(mime: &str) -> Result<Self, Self::Err> {
        [NatureContenu::Pdf, NatureContenu::Png, NatureContenu::Jpeg]
            .into_iter()
            .find(|nature| nature.mime() == mime)
            .ok_or_else(|| ErreurStockage::NatureInconnue(mime.to_owned()))
    }
}

/// A file of a multipart body, as the client sent it.
#[derive(Clone, PartialEq, Eq)]
pub struct FichierRecu {
    /// The form field it came in, without a trailing `[]` (`factures[]` → `factures`): the field
    /// its errors are reported on.
    pub champ: String,
    /// The file name the client gave (possibly with folders, possibly empty).
    pub nom_fichier: String,
    pub octets: Vec<u8>,
}

impl fmt::Debug for FichierRecu {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FichierRecu")
            .field("champ", &self.champ)
            .field("nom_fichier", &self.nom_fichier)
            .field("octets", &self.octets.len())
            .finish()
    }
}

/// A file [`verifier`] accepted: what to store ([`DocumentStore::put`]) and what a record keeps
/// of it.
#[derive(Clone, PartialEq, Eq)]
pub struct FichierAccepte {
    /// The form field it came in (`factures`, `devis`).
    pub champ: String,
    pub nature_contenu: NatureContenu,
    /// The bytes to store: the file as sent, or an image scaled down and re-encoded.
    pub octets: Vec<u8>,
    /// SHA-256 of `octets`, lowercase hex: the file's key in the store.
    pub sha256: String,
    /// `octets.len()`.
    pub taille: u64,
    /// The file name without folders, control characters removed, at most 200 characters;
    /// `document` when nothing is left.
    pub titre: String,
}

impl fmt::Debug for FichierAccepte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FichierAccepte")
            .field("champ", &self.champ)
            .field("nature_contenu", &self.nature_contenu)
            .field("sha256", &self.sha256)
            .field("taille", &self.taille)
            .field("titre", &self.titre)
            .finish()
    }
}

/// Why a file was refused: a field code of the one error table (`fichier_invalide`,
/// `pdfTooLarge`) on the field the file came in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ErreurFichier {
    pub champ: String,
    pub code: ErrorCode,
}

impl ErreurFichier {
    /// Records this refusal among a request's other field errors.
    pub fn ajouter_a(self, errors: &mut FieldErrors) {
        errors.add(self.champ, self.code);
    }
}

impl fmt::Display for ErreurFichier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.champ, self.code)
    }
}

impl std::error::Error for ErreurFichier {}

impl From<ErreurFichier> for ApiError {
    fn from(error: ErreurFichier) -> Self {
        ApiError::field(error.champ, error.code)
    }
}

/// A form's files checked by their content: the accepted ones, each refusal recorded among the
/// request's other field errors (so that every wrong field and file is reported at once).
pub async fn verifier_avec_les_champs(
    fichiers: Vec<FichierRecu>,
    errors: &mut FieldErrors,
) -> Result<Vec<FichierAccepte>, ApiError> {
    match verifier_fichiers(fichiers).await {
        Ok(fichiers) => Ok(fichiers),
        Err(refus) => {
            let Some(refus_fichiers) = refus.field_errors() else {
                return Err(refus);
            };
            for champ in refus_fichiers.fields() {
                for code in refus_fichiers.codes(champ) {
                    errors.add(champ, code);
                }
            }
            Ok(Vec::new())
        }
    }
}

/// Stores accepted files and answers what their record keeps of each (`nature` says what each
/// file is to the record, from the field it came in).
pub async fn stocker(
    store: &DocumentStore,
    residence_id: i64,
    fichiers: &[FichierAccepte],
    nature: impl Fn(&FichierAccepte) -> daftar_domain::document::NatureDocument,
) -> Result<Vec<daftar_domain::document::PieceJointe>, ApiError> {
    let mut pieces = Vec::with_capacity(fichiers.len());
    for fichier in fichiers {
        store.put(residence_id, fichier).await?;
        pieces.push(daftar_domain::document::PieceJointe {
            nature: nature(fichier),
            titre: fichier.titre.clone(),
            content_type: fichier.nature_contenu.mime().to_owned(),
            taille: i64::try_from(fichier.taille).unwrap_or(i64::MAX),
            sha256: fichier.sha256.clone(),
        });
    }
    Ok(pieces)
}
