//! Bank statements (issue 22): the files a bank gives read into lines (pure functions, no I/O)
//! and the matching of those lines with the account's movements. The format is found from the
//! content, never from the file's name: an xlsx is a zip holding a workbook, a camt.053 an XML
//! document with `BkToCstmrStmt`, an OFX a document with an `<OFX>` element, and a CSV a text
//! whose rows split into columns. Amounts are read exactly (`montant`); a line that cannot be
//! read stops the reading with its number and why, never a part of the file.

mod camt;
mod ofx;
mod tableau;

pub mod montant;
pub mod rapprochement;

use chrono::NaiveDate;
use daftar_domain::banque::releves::{FormatReleve, LigneReleve, MappingReleve};
use daftar_domain::Montant;

/// Why a file cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErreurReleve {
    /// Not a statement format we read.
    FormatInconnu,
    /// A statement format, but broken (bad XML, no line, an encrypted workbook).
    Illisible(String),
    /// One line cannot be read: its 1-based line (row) number in the file, and why.
    LigneInvalide { ligne: u32, raison: String },
    /// The mapping names a column the header row does not have (the mapping's field).
    ColonneInconnue(&'static str),
}

/// A statement read from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReleveLu {
    pub format: FormatReleve,
    pub du: NaiveDate,
    pub au: NaiveDate,
    pub solde_ouverture: Option<Montant>,
    pub solde_cloture: Option<Montant>,
    pub lignes: Vec<LigneReleve>,
}

/// What a CSV/XLSX file shows for its mapping form: the header row's cells and the first rows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Apercu {
    pub colonnes: Vec<String>,
    pub apercu_brut: Vec<Vec<String>>,
}

/// The reading of a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lecture {
    /// A CSV/XLSX file without a mapping: what the mapping form needs.
    MappingRequis {
        format: FormatReleve,
        apercu: Apercu,
    },
    Lu {
        releve: ReleveLu,
        apercu: Apercu,
    },
}

/// The format of a file, from its content.
pub fn detecter(octets: &[u8]) -> Option<FormatReleve> {
    if octets.starts_with(b"PK\x03\x04") {
        return tableau::est_un_classeur(octets).then_some(FormatReleve::Xlsx);
    }
    let texte = texte(octets)?;
    let debut: String = texte.chars().take(4096).collect::<String>().to_uppercase();
    if texte.contains("BkToCstmrStmt") {
        return Some(FormatReleve::Camt053);
    }
    if debut.contains("<OFX>") || debut.contains("OFXHEADER") {
        return Some(FormatReleve::Ofx);
    }
    tableau::est_un_csv(&texte).then_some(FormatReleve::Csv)
}

/// Reads a statement file with the mapping (CSV/XLSX; ignored for the other formats).
pub fn lire(octets: &[u8], mapping: Option<&MappingReleve>) -> Result<Lecture, ErreurReleve> {
    let format = detecter(octets).ok_or(ErreurReleve::FormatInconnu)?;
    match format {
        FormatReleve::Csv | FormatReleve::Xlsx => {
            let grille = if format == FormatReleve::Csv {
                let texte = texte(octets).ok_or(ErreurReleve::FormatInconnu)?;
                tableau::grille_csv(&texte)?
            } else {
                tableau::grille_xlsx(octets)?
            };
            let apercu = grille.apercu(mapping.map(|m| m.ligne_entete));
            match mapping {
                None => Ok(Lecture::MappingRequis { format, apercu }),
                Some(mapping) => {
                    let lignes = grille.lignes(mapping)?;
                    Ok(Lecture::Lu {
                        releve: releve(format, lignes, None, None, None)?,
                        apercu,
                    })
                }
            }
        }
        FormatReleve::Ofx => {
            let texte = texte(octets).ok_or(ErreurReleve::FormatInconnu)?;
            let lu = ofx::lire(&texte)?;
            Ok(Lecture::Lu {
                releve: releve(format, lu.lignes, lu.periode, None, lu.solde_cloture)?,
                apercu: Apercu::default(),
            })
        }
        FormatReleve::Camt053 => {
            let texte = texte(octets).ok_or(ErreurReleve::FormatInconnu)?;
            let lu = camt::lire(&texte)?;
            Ok(Lecture::Lu {
                releve: releve(
                    format,
                    lu.lignes,
                    lu.periode,
                    lu.solde_ouverture,
                    lu.solde_cloture,
                )?,
                apercu: Apercu::default(),
            })
        }
    }
}

/// A statement from its lines: the period is the file's when it says it, else its lines'.
fn releve(
    format: FormatReleve,
    lignes: Vec<LigneReleve>,
    periode: Option<(NaiveDate, NaiveDate)>,
    solde_ouverture: Option<Montant>,
    solde_cloture: Option<Montant>,
) -> Result<ReleveLu, ErreurReleve> {
    let premier = lignes.iter().map(|l| l.date).min();
    let dernier = lignes.iter().map(|l| l.date).max();
    let (Some(premier), Some(dernier)) = (premier, dernier) else {
        return Err(ErreurReleve::Illisible(
            "le relevé ne contient aucune ligne".into(),
        ));
    };
    let (du, au) = match periode {
        Some((du, au)) if du <= premier && au >= dernier => (du, au),
        _ => (premier, dernier),
    };
    Ok(ReleveLu {
        format,
        du,
        au,
        solde_ouverture,
        solde_cloture,
        lignes,
    })
}

/// The file as text: UTF-8 (its byte-order mark dropped), else Windows-1252 (what French
/// banks' exports often are). A file with NUL bytes or other control characters is no text.
fn texte(octets: &[u8]) -> Option<String> {
    let octets = octets.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(octets);
    let texte = match std::str::from_utf8(octets) {
        Ok(texte) => texte.to_owned(),
        Err(_) => encoding_rs::WINDOWS_1252.decode(octets).0.into_owned(),
    };
    let controle = texte
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'));
    (!controle && !texte.trim().is_empty()).then_some(texte)
}

/// Texts of statements as kept: one line, control characters (a spreadsheet cell may hold
/// them; a store may refuse them) as spaces, spaces collapsed, at most 200 characters.
fn texte_ligne(texte: &str) -> String {
    texte
        .replace(char::is_control, " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .chars()
        .take(200)
        .collect()
}

#[cfg(test)]
mod tests;
