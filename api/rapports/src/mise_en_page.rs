//! The page layout of the reports' PDFs, computed here rather than by typst's table.
//!
//! A large residence's journal and general ledger are tables of thousands of rows; typst lays
//! a table out by measuring every cell, and a cold render of the 200-property residence's
//! journal took seconds (docs/performance.md, "Closing pack"). Here every cell's text is
//! measured with the shipped font's advance widths (no shaping, no kerning: kerning and
//! ligatures only make a line narrower), wrapped to its column, every row's height follows from
//! its line count, and the rows are dealt to pages; the template then only places texts at the
//! positions given. The same rows always give the same pages, so a render stays deterministic.
//!
//! Lengths are in hundredths of a point (integers: the workspace allows no float arithmetic).

use serde::Serialize;
use ttf_parser::Face;

use crate::modele::{Style, Tableau};

/// 1 cm in hundredths of a point.
const CM: i64 = 2_835;
/// The template's page margins (`rapport.typ`): 1.4 cm on each side, 2.5 cm at the top (the
/// page header) and 1.8 cm at the bottom (the footer).
const MARGE_X: i64 = 14 * CM / 10;
const MARGE_HAUT: i64 = 25 * CM / 10;
const MARGE_BAS: i64 = 18 * CM / 10;
/// A4.
const A4_COURT: i64 = 21 * CM;
const A4_LONG: i64 = 297 * CM / 10;
/// What the layout keeps free at the bottom of a page, against rounding.
const RESERVE: i64 = 200;

/// The body text's size (8 pt), in hundredths of a point.
const TAILLE_TEXTE: i64 = 800;
/// A cell's inset on each side, left and right.
const INSET_X: i64 = 400;
/// From one line of a cell to the next.
const INTERLIGNE: i64 = 1_000;
/// A row's height beyond its lines: its inset above and below.
const INSET_Y: i64 = 300;
/// A table title's height, and the space above it when it is not at the top of a page.
const HAUTEUR_TITRE: i64 = 1_600;
const ESPACE_AVANT_TITRE: i64 = 1_000;
/// The space between a table and the next element.
const ESPACE_APRES_TABLEAU: i64 = 600;

static REGULIERE: &[u8] = include_bytes!("../../pdf/fonts/NotoSans-Regular.ttf");
static GRASSE: &[u8] = include_bytes!("../../pdf/fonts/NotoSans-Bold.ttf");
static ARABE: &[u8] = include_bytes!("../../pdf/fonts/NotoSansArabic-Regular.ttf");
static ARABE_GRASSE: &[u8] = include_bytes!("../../pdf/fonts/NotoSansArabic-Bold.ttf");

/// The advance widths of one weight: the Latin face, the Arabic face for the characters the
/// Latin one lacks (a co-owner's name may be written in Arabic).
struct Chasse<'a> {
    latine: Option<Face<'a>>,
    arabe: Option<Face<'a>>,
}

impl Chasse<'_> {
    fn new(latine: &'static [u8], arabe: &'static [u8]) -> Chasse<'static> {
        Chasse {
            latine: Face::parse(latine, 0).ok(),
            arabe: Face::parse(arabe, 0).ok(),
        }
    }

    /// A character's advance at `taille`; a character no face has counts as an em (wider
    /// than any glyph, so the line is never too long).
    fn avance(&self, caractere: char, taille: i64) -> i64 {
        for face in [&self.latine, &self.arabe].into_iter().flatten() {
            if let Some(glyphe) = face.glyph_index(caractere) {
                let avance = i64::from(face.glyph_hor_advance(glyphe).unwrap_or(0));
                let em = i64::from(face.units_per_em()).max(1);
                // Rounded up: the sum over a line is never under the real width.
                return (avance * taille + em - 1) / em;
            }
        }
        taille
    }

    fn largeur(&self, texte: &str, taille: i64) -> i64 {
        texte.chars().map(|c| self.avance(c, taille)).sum()
    }
}

/// The text split into lines no wider than `largeur`: at spaces, and inside a word only when
/// the word alone is too wide. An empty text has no line.
fn couper(chasse: &Chasse, texte: &str, largeur: i64, taille: i64) -> Vec<String> {
    let espace = chasse.avance(' ', taille);
    let mut lignes = Vec::new();
    let mut courante = String::new();
    let mut largeur_courante = 0;
    for mot in texte.split_whitespace() {
        let largeur_mot = chasse.largeur(mot, taille);
        if !courante.is_empty() && largeur_courante + espace + largeur_mot <= largeur {
            courante.push(' ');
            courante.push_str(mot);
            largeur_courante += espace + largeur_mot;
            continue;
        }
        if !courante.is_empty() {
            lignes.push(std::mem::take(&mut courante));
            largeur_courante = 0;
        }
        if largeur_mot <= largeur {
            courante.push_str(mot);
            largeur_courante = largeur_mot;
            continue;
        }
        // A word wider than the column (an account holder's long name, a reference): cut
        // between characters.
        for caractere in mot.chars() {
            let avance = chasse.avance(caractere, taille);
            if !courante.is_empty() && largeur_courante + avance > largeur {
                lignes.push(std::mem::take(&mut courante));
                largeur_courante = 0;
            }
            courante.push(caractere);
            largeur_courante += avance;
        }
    }
    if !courante.is_empty() {
        lignes.push(courante);
    }
    lignes
}

/// A column's place on the page.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct ColonnePlacee {
    /// Where the column starts, from the left margin.
    pub x: i64,
    pub largeur: i64,
    pub droite: bool,
}

/// What a page shows, top to bottom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "genre")]
pub(crate) enum Element {
    /// A table's title.
    Titre { y: i64, texte: String },
    /// A row of table `tableau`: its column titles (`entete`), a normal row or a total; each
    /// cell's lines.
    Rang {
        y: i64,
        hauteur: i64,
        tableau: usize,
        style: StyleRang,
        cellules: Vec<Vec<String>>,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum StyleRang {
    Entete,
    Normal,
    Total,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Page {
    /// The height the page's elements use.
    pub hauteur: i64,
    pub elements: Vec<Element>,
}

/// The reports' pages and the geometry the template needs.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct MiseEnPage {
    /// The width of the text area.
    pub largeur: i64,
    /// The columns of each table, in the order of the report's tables.
    pub colonnes: Vec<Vec<ColonnePlacee>>,
    pub pages: Vec<Page>,
    /// The first line's offset from its row's top, and from one line to the next.
    pub inset_y: i64,
    pub interligne: i64,
    pub inset_x: i64,
}

/// A row measured: its cells' lines and its height.
struct RangMesure {
    style: StyleRang,
    cellules: Vec<Vec<String>>,
    hauteur: i64,
}

fn mesurer(
    regulier: &Chasse,
    gras: &Chasse,
    colonnes: &[ColonnePlacee],
    textes: &[String],
    style: StyleRang,
) -> RangMesure {
    let chasse = if style == StyleRang::Normal {
        regulier
    } else {
        gras
    };
    let cellules: Vec<Vec<String>> = colonnes
        .iter()
        .enumerate()
        .map(|(rang, colonne)| {
            let texte = textes.get(rang).map_or("", String::as_str);
            couper(
                chasse,
                texte,
                (colonne.largeur - 2 * INSET_X).max(INSET_X),
                TAILLE_TEXTE,
            )
        })
        .collect();
    let lignes = cellules.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let lignes = i64::try_from(lignes).unwrap_or(i64::MAX / INTERLIGNE / 2);
    RangMesure {
        style,
        cellules,
        hauteur: 2 * INSET_Y + lignes * INTERLIGNE,
    }
}

/// Deals the pages as `paysage` or portrait A4.
struct Pagination {
    hauteur_max: i64,
    pages: Vec<Page>,
    courante: Page,
}

impl Pagination {
    fn reste(&self) -> i64 {
        self.hauteur_max - self.courante.hauteur
    }

    fn nouvelle_page(&mut self) {
        let page = std::mem::replace(
            &mut self.courante,
            Page {
                hauteur: 0,
                elements: Vec::new(),
            },
        );
        self.pages.push(page);
    }

    fn titre(&mut self, texte: &str) {
        let espace = if self.courante.elements.is_empty() {
            0
        } else {
            ESPACE_AVANT_TITRE
        };
        self.courante.hauteur += espace;
        self.courante.elements.push(Element::Titre {
            y: self.courante.hauteur,
            texte: texte.to_owned(),
        });
        self.courante.hauteur += HAUTEUR_TITRE;
    }

    fn rang(&mut self, tableau: usize, rang: &RangMesure) {
        self.courante.elements.push(Element::Rang {
            y: self.courante.hauteur,
            hauteur: rang.hauteur,
            tableau,
            style: rang.style,
            cellules: rang.cellules.clone(),
        });
        self.courante.hauteur += rang.hauteur;
    }
}

/// Lays `tableaux` out on A4 pages (landscape when `paysage`): every table's column titles on
/// each page it spans, a title never alone at the bottom of a page.
pub(crate) fn mettre_en_page(tableaux: &[Tableau], paysage: bool) -> MiseEnPage {
    let (largeur_page, hauteur_page) = if paysage {
        (A4_LONG, A4_COURT)
    } else {
        (A4_COURT, A4_LONG)
    };
    let largeur = largeur_page - 2 * MARGE_X;
    let regulier = Chasse::new(REGULIERE, ARABE);
    let gras = Chasse::new(GRASSE, ARABE_GRASSE);
    let mut pagination = Pagination {
        hauteur_max: hauteur_page - MARGE_HAUT - MARGE_BAS - RESERVE,
        pages: Vec::new(),
        courante: Page {
            hauteur: 0,
            elements: Vec::new(),
        },
    };
    let mut toutes_colonnes = Vec::new();
    for (numero, tableau) in tableaux.iter().enumerate() {
        let total: i64 = tableau
            .colonnes
            .iter()
            .map(|c| i64::from(c.largeur))
            .sum::<i64>()
            .max(1);
        let mut x = 0;
        let colonnes: Vec<ColonnePlacee> = tableau
            .colonnes
            .iter()
            .map(|colonne| {
                let part = i64::from(colonne.largeur) * largeur / total;
                let placee = ColonnePlacee {
                    x,
                    largeur: part,
                    droite: colonne.droite,
                };
                x += part;
                placee
            })
            .collect();
        let titres: Vec<String> = tableau.colonnes.iter().map(|c| c.titre.clone()).collect();
        let entete = mesurer(&regulier, &gras, &colonnes, &titres, StyleRang::Entete);
        let rangs: Vec<RangMesure> = tableau
            .lignes
            .iter()
            .map(|ligne| {
                let style = match ligne.style {
                    Style::Normal => StyleRang::Normal,
                    Style::Total => StyleRang::Total,
                };
                mesurer(&regulier, &gras, &colonnes, &ligne.textes(), style)
            })
            .collect();
        // The title, the column titles and the first row stay together.
        let titre = tableau.titre.as_deref();
        let debut = titre.map_or(0, |_| ESPACE_AVANT_TITRE + HAUTEUR_TITRE)
            + entete.hauteur
            + rangs.first().map_or(0, |r| r.hauteur);
        if debut > pagination.reste() && !pagination.courante.elements.is_empty() {
            pagination.nouvelle_page();
        } else if !pagination.courante.elements.is_empty() {
            pagination.courante.hauteur += ESPACE_APRES_TABLEAU;
        }
        if let Some(titre) = titre {
            pagination.titre(titre);
        }
        pagination.rang(numero, &entete);
        for rang in &rangs {
            if rang.hauteur > pagination.reste() {
                pagination.nouvelle_page();
                pagination.rang(numero, &entete);
            }
            pagination.rang(numero, rang);
        }
        toutes_colonnes.push(colonnes);
    }
    pagination.nouvelle_page();
    MiseEnPage {
        largeur,
        colonnes: toutes_colonnes,
        pages: pagination.pages,
        inset_y: INSET_Y,
        interligne: INTERLIGNE,
        inset_x: INSET_X,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::modele::{Cellule, Colonne, Ligne};

    fn tableau(lignes: usize, libelle: &str) -> Tableau {
        Tableau {
            titre: Some("Compte 512".to_owned()),
            colonnes: vec![Colonne::texte("Libellé", 2), Colonne::montant("Débit")],
            lignes: (0..lignes)
                .map(|_| Ligne::normale(vec![Cellule::texte(libelle), Cellule::Montant(1_234_500)]))
                .collect(),
        }
    }

    #[test]
    fn a_text_wider_than_its_column_is_wrapped_at_spaces() {
        let chasse = Chasse::new(REGULIERE, ARABE);
        let lignes = couper(
            &chasse,
            "Appel de fonds du premier trimestre 2025",
            5_000,
            TAILLE_TEXTE,
        );
        assert!(lignes.len() > 1, "{lignes:?}");
        assert_eq!(lignes.join(" "), "Appel de fonds du premier trimestre 2025");
        for ligne in &lignes {
            assert!(chasse.largeur(ligne, TAILLE_TEXTE) <= 5_000, "{ligne}");
        }
    }

    #[test]
    fn a_word_wider_than_its_column_is_cut_between_characters() {
        let chasse = Chasse::new(REGULIERE, ARABE);
        let lignes = couper(&chasse, "REF-2025-000000000123456789", 3_000, TAILLE_TEXTE);
        assert!(lignes.len() > 1);
        assert_eq!(lignes.concat(), "REF-2025-000000000123456789");
    }

    #[test]
    fn an_arabic_name_is_measured_with_the_arabic_face() {
        let chasse = Chasse::new(REGULIERE, ARABE);
        // Every character known to a face: narrower than an em each.
        let texte = "ليلى بن صالح";
        assert!(chasse.largeur(texte, TAILLE_TEXTE) < TAILLE_TEXTE * 12);
    }

    #[test]
    fn a_long_table_repeats_its_column_titles_on_every_page() {
        let mise_en_page = mettre_en_page(&[tableau(200, "Frais bancaires")], true);
        assert!(mise_en_page.pages.len() > 1);
        for page in &mise_en_page.pages {
            let premier_rang = page
                .elements
                .iter()
                .find(|e| matches!(e, Element::Rang { .. }));
            assert!(matches!(
                premier_rang,
                Some(Element::Rang {
                    style: StyleRang::Entete,
                    ..
                })
            ));
            assert!(page.hauteur <= A4_COURT - MARGE_HAUT - MARGE_BAS);
        }
        let rangs: usize = mise_en_page
            .pages
            .iter()
            .flat_map(|p| &p.elements)
            .filter(|e| {
                matches!(
                    e,
                    Element::Rang {
                        style: StyleRang::Normal,
                        ..
                    }
                )
            })
            .count();
        assert_eq!(rangs, 200);
    }

    #[test]
    fn a_wrapped_row_is_as_tall_as_its_lines() {
        let libelle = "Travaux de ravalement de la façade nord, deuxième tranche, selon le devis approuvé par l'assemblée générale";
        let mise_en_page = mettre_en_page(&[tableau(1, libelle)], false);
        let rangs: Vec<(i64, usize)> = mise_en_page.pages[0]
            .elements
            .iter()
            .filter_map(|e| match e {
                Element::Rang {
                    style: StyleRang::Normal,
                    hauteur,
                    cellules,
                    ..
                } => Some((*hauteur, cellules[0].len())),
                _ => None,
            })
            .collect();
        let [(hauteur, lignes)] = rangs[..] else {
            panic!("one row: {rangs:?}");
        };
        assert!(lignes > 1);
        assert_eq!(
            hauteur,
            2 * INSET_Y + INTERLIGNE * i64::try_from(lignes).unwrap_or(0)
        );
    }
}
