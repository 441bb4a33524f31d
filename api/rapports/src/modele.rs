//! One shape for every report of the pack: titled tables of typed cells. The same `Rapport`
//! becomes a PDF (through the generic typst template `templates/rapport.typ`, texts
//! preformatted in French) and an .xlsx (numbers as numbers, formatted in DT; dates as dates),
//! so the two files of a document always say the same thing.

use std::sync::OnceLock;

use chrono::{Datelike, NaiveDate};
use daftar_pdf::{Modele, PdfError, PdfRendu};
use rust_xlsxwriter::{DocProperties, ExcelDateTime, Format, FormatBorder, Workbook, Worksheet};
use serde::Serialize;

use crate::format::{date_fr, en_dinars, montant_fr};
use crate::mise_en_page::{mettre_en_page, MiseEnPage};
use crate::{Contexte, Etat, RapportError};

/// One cell of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cellule {
    Texte(String),
    /// Millimes; shown "1 234,500 DT" in the PDF, a number formatted in DT in the xlsx.
    Montant(i128),
    Date(NaiveDate),
    Vide,
}

impl Cellule {
    pub fn texte(texte: impl Into<String>) -> Cellule {
        Cellule::Texte(texte.into())
    }

    /// An amount, or an empty cell for zero (the journal's empty debit or credit side).
    pub fn montant_ou_vide(millimes: i128) -> Cellule {
        if millimes == 0 {
            Cellule::Vide
        } else {
            Cellule::Montant(millimes)
        }
    }

    pub(crate) fn en_texte(&self) -> String {
        match self {
            Cellule::Texte(texte) => texte.clone(),
            Cellule::Montant(millimes) => montant_fr(*millimes),
            Cellule::Date(date) => date_fr(*date),
            Cellule::Vide => String::new(),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Style {
    Normal,
    /// A total or a balance: bold, shaded.
    Total,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ligne {
    pub cellules: Vec<Cellule>,
    pub style: Style,
}

impl Ligne {
    pub fn normale(cellules: Vec<Cellule>) -> Ligne {
        Ligne {
            cellules,
            style: Style::Normal,
        }
    }

    pub fn total(cellules: Vec<Cellule>) -> Ligne {
        Ligne {
            cellules,
            style: Style::Total,
        }
    }

    /// The cells as the PDF writes them.
    pub(crate) fn textes(&self) -> Vec<String> {
        self.cellules.iter().map(Cellule::en_texte).collect()
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colonne {
    pub titre: String,
    /// Relative width (typst fractions; about 6 characters a unit in the spreadsheet).
    pub largeur: u8,
    /// Amounts and numbers are right-aligned.
    pub droite: bool,
}

impl Colonne {
    pub fn texte(titre: &str, largeur: u8) -> Colonne {
        Colonne {
            titre: titre.to_owned(),
            largeur,
            droite: false,
        }
    }

    pub fn montant(titre: &str) -> Colonne {
        Colonne {
            titre: titre.to_owned(),
            largeur: 3,
            droite: true,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tableau {
    pub titre: Option<String>,
    pub colonnes: Vec<Colonne>,
    pub lignes: Vec<Ligne>,
}

/// A report: a title, its tables and notes; `nom` is the file name without its extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rapport {
    pub nom: String,
    pub titre: String,
    /// The spreadsheet's sheet name (at most 31 characters, none of `[]:*?/\`).
    pub feuille: String,
    pub paysage: bool,
    pub tableaux: Vec<Tableau>,
    pub notes: Vec<String>,
}

/// The mention every page carries: provisional or closed.
pub fn mention(etat: &Etat) -> String {
    match etat {
        Etat::Provisoire { au } => format!(
            "Provisoire — exercice non clôturé (situation au {})",
            date_fr(*au)
        ),
        Etat::Cloture { le } => format!("Exercice clôturé le {}", date_fr(*le)),
    }
}

/// The date a document is "of": the closing date, or the provisional situation's date.
pub fn date_document(etat: &Etat) -> NaiveDate {
    match etat {
        Etat::Provisoire { au } => *au,
        Etat::Cloture { le } => *le,
    }
}

// ---------------------------------------------------------------- PDF

#[derive(Serialize)]
struct PdfDonnees<'a> {
    residence: &'a str,
    titre: &'a str,
    exercice: String,
    mention: String,
    provisoire: bool,
    paysage: bool,
    /// The pages, laid out by [`mettre_en_page`]: the template places the texts.
    mise_en_page: MiseEnPage,
    notes: &'a [String],
}

fn modele() -> Result<&'static Modele, RapportError> {
    static MODELE: OnceLock<Result<Modele, PdfError>> = OnceLock::new();
    MODELE
        .get_or_init(|| Modele::new("/rapport.typ", include_str!("../templates/rapport.typ")))
        .as_ref()
        .map_err(|err| RapportError::Pdf(err.clone()))
}

/// The report as a PDF (A4, landscape when asked), the residence, title, exercice and mention
/// on every page.
pub fn en_pdf(rapport: &Rapport, ctx: &Contexte) -> Result<Vec<u8>, RapportError> {
    Ok(rendre_pdf(rapport, ctx)?.pdf)
}

/// The render with typst's warnings (a glyph no shipped font has...).
fn rendre_pdf(rapport: &Rapport, ctx: &Contexte) -> Result<PdfRendu, RapportError> {
    let donnees = PdfDonnees {
        residence: &ctx.residence,
        titre: &rapport.titre,
        exercice: format!("Exercice {}", ctx.annee),
        mention: mention(&ctx.etat),
        provisoire: matches!(ctx.etat, Etat::Provisoire { .. }),
        paysage: rapport.paysage,
        mise_en_page: mettre_en_page(&rapport.tableaux, rapport.paysage),
        notes: &rapport.notes,
    };
    Ok(modele()?.rendre(&donnees, &format!("daftar-{}", rapport.nom))?)
}

// ---------------------------------------------------------------- xlsx

/// `#,##0.000 "DT"`: three decimals, thousands grouped, the currency after.
pub const FORMAT_DT: &str = "#,##0.000 \"DT\"";

fn erreur_xlsx(err: rust_xlsxwriter::XlsxError) -> RapportError {
    RapportError::Xlsx(err.to_string())
}

fn date_excel(date: NaiveDate) -> Result<ExcelDateTime, RapportError> {
    let annee = u16::try_from(date.year()).map_err(|_| RapportError::Date(date))?;
    let mois = u8::try_from(date.month()).map_err(|_| RapportError::Date(date))?;
    let jour = u8::try_from(date.day()).map_err(|_| RapportError::Date(date))?;
    ExcelDateTime::from_ymd(annee, mois, jour).map_err(erreur_xlsx)
}

struct Formats {
    gras: Format,
    titre: Format,
    mention: Format,
    entete: Format,
    entete_droite: Format,
    montant: Format,
    montant_total: Format,
    date: Format,
    date_total: Format,
    texte_total: Format,
}

impl Formats {
    fn new() -> Formats {
        let total = Format::new().set_bold().set_background_color("EEF3F5");
        Formats {
            gras: Format::new().set_bold(),
            titre: Format::new().set_bold().set_font_size(14),
            mention: Format::new().set_italic().set_font_color("B42318"),
            entete: Format::new()
                .set_bold()
                .set_border_bottom(FormatBorder::Thin),
            entete_droite: Format::new()
                .set_bold()
                .set_border_bottom(FormatBorder::Thin)
                .set_align(rust_xlsxwriter::FormatAlign::Right),
            montant: Format::new().set_num_format(FORMAT_DT),
            montant_total: total.clone().set_num_format(FORMAT_DT),
            date: Format::new().set_num_format("dd/mm/yyyy"),
            date_total: total.clone().set_num_format("dd/mm/yyyy"),
            texte_total: total,
        }
    }
}

fn ecrire_cellule(
    feuille: &mut Worksheet,
    formats: &Formats,
    ligne: u32,
    colonne: u16,
    cellule: &Cellule,
    style: Style,
) -> Result<(), RapportError> {
    let total = style != Style::Normal;
    match cellule {
        Cellule::Texte(texte) => {
            if total {
                feuille.write_string_with_format(ligne, colonne, texte, &formats.texte_total)
            } else {
                feuille.write_string(ligne, colonne, texte)
            }
        }
        Cellule::Montant(millimes) => feuille.write_number_with_format(
            ligne,
            colonne,
            en_dinars(*millimes),
            if total {
                &formats.montant_total
            } else {
                &formats.montant
            },
        ),
        Cellule::Date(date) => feuille.write_datetime_with_format(
            ligne,
            colonne,
            date_excel(*date)?,
            if total {
                &formats.date_total
            } else {
                &formats.date
            },
        ),
        Cellule::Vide => {
            if total {
                feuille.write_blank(ligne, colonne, &formats.texte_total)
            } else {
                return Ok(());
            }
        }
    }
    .map_err(erreur_xlsx)?;
    Ok(())
}

/// The report as an .xlsx: one sheet, the heading lines, then each table (its title, a header
/// row, its rows). The document's creation and modification dates are the document's date
/// (closing or situation date, midnight), so two renders give the same bytes.
pub fn en_xlsx(rapport: &Rapport, ctx: &Contexte) -> Result<Vec<u8>, RapportError> {
    let formats = Formats::new();
    let mut classeur = Workbook::new();
    let proprietes = DocProperties::new()
        .set_title(&rapport.titre)
        .set_company(&ctx.residence)
        .set_author("Daftar")
        .set_creation_datetime(&date_excel(date_document(&ctx.etat))?);
    classeur.set_properties(&proprietes);
    let feuille = classeur.add_worksheet();
    feuille.set_name(&rapport.feuille).map_err(erreur_xlsx)?;
    let largeur_colonnes = rapport
        .tableaux
        .iter()
        .map(|t| t.colonnes.len())
        .max()
        .unwrap_or(0);
    for index in 0..largeur_colonnes {
        let largeur = rapport
            .tableaux
            .iter()
            .filter_map(|t| t.colonnes.get(index))
            .map(|c| c.largeur)
            .max()
            .unwrap_or(2);
        let colonne = u16::try_from(index).map_err(|_| RapportError::Xlsx("colonnes".into()))?;
        feuille
            .set_column_width(colonne, u32::from(largeur.max(2)) * 6)
            .map_err(erreur_xlsx)?;
    }
    feuille
        .write_string_with_format(0, 0, &ctx.residence, &formats.gras)
        .map_err(erreur_xlsx)?;
    feuille
        .write_string_with_format(1, 0, &rapport.titre, &formats.titre)
        .map_err(erreur_xlsx)?;
    feuille
        .write_string(2, 0, format!("Exercice {}", ctx.annee))
        .map_err(erreur_xlsx)?;
    feuille
        .write_string_with_format(3, 0, mention(&ctx.etat), &formats.mention)
        .map_err(erreur_xlsx)?;
    let mut ligne: u32 = 5;
    for tableau in &rapport.tableaux {
        if let Some(titre) = &tableau.titre {
            feuille
                .write_string_with_format(ligne, 0, titre, &formats.gras)
                .map_err(erreur_xlsx)?;
            ligne += 1;
        }
        for (index, colonne) in tableau.colonnes.iter().enumerate() {
            let index = u16::try_from(index).map_err(|_| RapportError::Xlsx("colonnes".into()))?;
            let format = if colonne.droite {
                &formats.entete_droite
            } else {
                &formats.entete
            };
            feuille
                .write_string_with_format(ligne, index, &colonne.titre, format)
                .map_err(erreur_xlsx)?;
        }
        ligne += 1;
        for rangee in &tableau.lignes {
            for (index, cellule) in rangee.cellules.iter().enumerate() {
                let index =
                    u16::try_from(index).map_err(|_| RapportError::Xlsx("colonnes".into()))?;
                ecrire_cellule(feuille, &formats, ligne, index, cellule, rangee.style)?;
            }
            ligne += 1;
        }
        ligne += 1;
    }
    for note in &rapport.notes {
        feuille.write_string(ligne, 0, note).map_err(erreur_xlsx)?;
        ligne += 1;
    }
    classeur.save_to_buffer().map_err(erreur_xlsx)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> Contexte {
        Contexte {
            residence: "Résidence « Les Jasmins » — Bâtiment B’".to_owned(),
            annee: 2025,
            etat: Etat::Provisoire {
                au: NaiveDate::from_ymd_opt(2026, 2, 1).unwrap_or_default(),
            },
            budget: None,
        }
    }

    /// Every character the reports print comes from the shipped fonts (no fallback, no
    /// warning), on several pages, in both orientations.
    #[test]
    fn a_long_report_renders_without_warnings_on_every_page() {
        for paysage in [false, true] {
            let rapport = Rapport {
                nom: "essai_2025".to_owned(),
                titre: "Essai — « états » − ôç àù ÉÈ œ °".to_owned(),
                feuille: "Essai".to_owned(),
                paysage,
                tableaux: vec![Tableau {
                    titre: Some("Tableau".to_owned()),
                    colonnes: vec![Colonne::texte("Libellé", 6), Colonne::montant("Montant")],
                    lignes: (0..200)
                        .map(|i| {
                            Ligne::normale(vec![
                                Cellule::texte(format!("Ligne n° {i} — « réf. » …")),
                                Cellule::Montant(i * 1_234_567),
                            ])
                        })
                        .chain([Ligne::total(vec![Cellule::texte("Total")])])
                        .collect(),
                }],
                notes: vec!["Note : ½ ≠ 1".to_owned()],
            };
            match rendre_pdf(&rapport, &ctx()) {
                Ok(rendu) => {
                    assert_eq!(rendu.avertissements, Vec::<String>::new());
                    assert!(rendu.pages > 1, "{} pages", rendu.pages);
                }
                Err(err) => panic!("{err}"),
            }
        }
    }
}
