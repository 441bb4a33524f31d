//! CSV and XLSX statements: a grid of cells read with the treasurer's column mapping.

use std::io::Cursor;

use calamine::{Data, Reader, Xlsx};
use daftar_domain::banque::releves::{LigneReleve, MappingReleve, SeparateurDecimal};
use daftar_domain::Montant;

use super::montant::{lire_date, lire_montant};
use super::{texte_ligne, Apercu, ErreurReleve};

/// Rows the mapping form previews.
const LIGNES_APERCU: usize = 8;
/// Cells of a spreadsheet read at most (a 5 MB file holds far fewer real statement cells).
const CELLULES_MAX: usize = 2_000_000;

/// A cell: its text, and whether a spreadsheet stored it as a number (read with a dot, whatever
/// the mapping's separator).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Cellule {
    pub(super) texte: String,
    nombre: bool,
}

/// The rows of a file, each with its 1-based line (row) number in the file.
pub(super) struct Grille {
    pub(super) lignes: Vec<(u32, Vec<Cellule>)>,
}

fn delimiteurs() -> [u8; 3] {
    [b';', b',', b'\t']
}

fn enregistrements(texte: &str, delimiteur: u8) -> csv::StringRecordsIntoIter<&[u8]> {
    csv::ReaderBuilder::new()
        .delimiter(delimiteur)
        .has_headers(false)
        .flexible(true)
        .from_reader(texte.as_bytes())
        .into_records()
}

/// The delimiter that splits the most rows into the same, largest number of columns (a bank's
/// preamble rows have fewer).
fn delimiteur(texte: &str) -> Option<u8> {
    let mut meilleur: Option<(usize, u8)> = None;
    for delimiteur in delimiteurs() {
        let mut comptes: Vec<usize> = enregistrements(texte, delimiteur)
            .take(30)
            .filter_map(Result::ok)
            .map(|r| r.len())
            .filter(|n| *n > 1)
            .collect();
        comptes.sort_unstable();
        let Some(mode) = comptes
            .chunk_by(|a, b| a == b)
            .max_by_key(|groupe| (groupe.len(), groupe[0]))
            .map(|groupe| (groupe.len() * groupe[0], groupe[0]))
        else {
            continue;
        };
        if meilleur.is_none_or(|(score, _)| mode.0 > score) {
            meilleur = Some((mode.0, delimiteur));
        }
    }
    meilleur.map(|(_, d)| d)
}

pub(super) fn est_un_csv(texte: &str) -> bool {
    delimiteur(texte).is_some()
}

pub(super) fn grille_csv(texte: &str) -> Result<Grille, ErreurReleve> {
    let delimiteur = delimiteur(texte).ok_or(ErreurReleve::FormatInconnu)?;
    // A record's line in the file, from its byte offset: the reader's start of a record may be
    // the line break ending the one before (CRLF files), which is skipped first.
    let octets = texte.as_bytes();
    let ligne_a = |octet: u64| {
        let mut fin = usize::try_from(octet)
            .unwrap_or(octets.len())
            .min(octets.len());
        while fin < octets.len() && matches!(octets[fin], b'\r' | b'\n') {
            fin += 1;
        }
        octets[..fin].iter().filter(|b| **b == b'\n').count() as u32 + 1
    };
    let mut lignes = Vec::new();
    for (index, record) in enregistrements(texte, delimiteur).enumerate() {
        let record = record.map_err(|e| ErreurReleve::LigneInvalide {
            ligne: e
                .position()
                .map(|p| ligne_a(p.byte()))
                .unwrap_or(index as u32 + 1),
            raison: "ligne CSV illisible".into(),
        })?;
        let numero = record
            .position()
            .map(|p| ligne_a(p.byte()))
            .unwrap_or(index as u32 + 1);
        lignes.push((
            numero,
            record
                .iter()
                .map(|texte| Cellule {
                    texte: texte.trim().to_owned(),
                    nombre: false,
                })
                .collect(),
        ));
    }
    Ok(Grille { lignes })
}

pub(super) fn est_un_classeur(octets: &[u8]) -> bool {
    Xlsx::new(Cursor::new(octets)).is_ok()
}

/// The first sheet of a workbook.
pub(super) fn grille_xlsx(octets: &[u8]) -> Result<Grille, ErreurReleve> {
    let mut classeur = Xlsx::new(Cursor::new(octets))
        .map_err(|_| ErreurReleve::Illisible("classeur illisible".into()))?;
    let feuille = classeur
        .worksheet_range_at(0)
        .ok_or_else(|| ErreurReleve::Illisible("le classeur n'a aucune feuille".into()))?
        .map_err(|_| ErreurReleve::Illisible("feuille illisible".into()))?;
    let (hauteur, largeur) = feuille.get_size();
    if hauteur.saturating_mul(largeur) > CELLULES_MAX {
        return Err(ErreurReleve::Illisible("feuille trop grande".into()));
    }
    let debut = feuille.start().map(|(ligne, _)| ligne).unwrap_or(0);
    let lignes = feuille
        .rows()
        .enumerate()
        .map(|(index, ligne)| {
            let numero = debut + index as u32 + 1;
            (numero, ligne.iter().map(cellule_xlsx).collect())
        })
        .collect();
    Ok(Grille { lignes })
}

fn cellule_xlsx(data: &Data) -> Cellule {
    let (texte, nombre) = match data {
        Data::Empty => (String::new(), false),
        Data::String(s) => (s.trim().to_owned(), false),
        // The shortest text that reads back as the stored number: what the sheet shows.
        Data::Float(f) => (format!("{f}"), true),
        Data::Int(i) => (i.to_string(), true),
        Data::Bool(b) => (b.to_string(), false),
        Data::DateTime(d) => (jour_excel(d.as_f64()).unwrap_or_default(), false),
        Data::DateTimeIso(s) | Data::DurationIso(s) => (s.clone(), false),
        Data::Error(_) => (String::new(), false),
    };
    Cellule { texte, nombre }
}

/// A spreadsheet's date serial as an ISO day: days since 30 December 1899 (the 1900 system,
/// its phantom 29 February 1900 included), the fraction of a day being the time.
fn jour_excel(serie: f64) -> Option<String> {
    if !(1.0..3_000_000.0).contains(&serie) {
        return None;
    }
    // The whole days only: a serial is a count of days, its fraction a time of day.
    let jours = serie.trunc() as i64;
    let origine = chrono::NaiveDate::from_ymd_opt(1899, 12, 30)?;
    origine
        .checked_add_signed(chrono::Duration::days(jours))
        .map(|d| d.format("%Y-%m-%d").to_string())
}

impl Grille {
    /// The header row's cells and the first rows (from the header), for the mapping form.
    /// Without a header row named, the first of the widest rows.
    pub(super) fn apercu(&self, ligne_entete: Option<u32>) -> Apercu {
        let remplies = |cells: &[Cellule]| cells.iter().filter(|c| !c.texte.is_empty()).count();
        let largeur = self
            .lignes
            .iter()
            .take(30)
            .map(|(_, c)| remplies(c))
            .max()
            .unwrap_or(0);
        let index = match ligne_entete {
            Some(n) => self.lignes.iter().position(|(numero, _)| *numero == n),
            None => self.lignes.iter().position(|(_, c)| remplies(c) == largeur),
        }
        .unwrap_or(0);
        let texte = |cells: &[Cellule]| cells.iter().map(|c| c.texte.clone()).collect();
        Apercu {
            colonnes: self
                .lignes
                .get(index)
                .map(|(_, c)| texte(c))
                .unwrap_or_default(),
            apercu_brut: self
                .lignes
                .iter()
                .skip(index)
                .take(LIGNES_APERCU)
                .map(|(_, c)| texte(c))
                .collect(),
        }
    }

    /// The statement's lines under the mapping. A row with an empty date cell is no booking
    /// (a bank's subtotal or a blank row) and is skipped; any other row must read.
    pub(super) fn lignes(&self, mapping: &MappingReleve) -> Result<Vec<LigneReleve>, ErreurReleve> {
        let index_entete = self
            .lignes
            .iter()
            .position(|(numero, _)| *numero == mapping.ligne_entete)
            .ok_or(ErreurReleve::ColonneInconnue("ligne_entete"))?;
        let entete = &self.lignes[index_entete].1;
        let colonne = |nom: &str, champ: &'static str| {
            let nom = nom.trim().to_lowercase();
            entete
                .iter()
                .position(|c| c.texte.trim().to_lowercase() == nom)
                .ok_or(ErreurReleve::ColonneInconnue(champ))
        };
        let optionnelle = |nom: &Option<String>, champ: &'static str| {
            nom.as_deref()
                .filter(|n| !n.trim().is_empty())
                .map(|n| colonne(n, champ))
                .transpose()
        };
        let date = colonne(&mapping.date, "date")?;
        let libelle = colonne(&mapping.libelle, "libelle")?;
        let montant = optionnelle(&mapping.montant, "montant")?;
        let debit = optionnelle(&mapping.debit, "debit")?;
        let credit = optionnelle(&mapping.credit, "credit")?;
        let reference = optionnelle(&mapping.reference, "reference")?;
        let montants = match (montant, debit, credit) {
            (Some(m), None, None) => Montants::Signe(m),
            (None, Some(d), Some(c)) => Montants::DebitCredit(d, c),
            _ => return Err(ErreurReleve::ColonneInconnue("montant")),
        };
        let mut lignes = Vec::new();
        for (numero, cellules) in &self.lignes[index_entete + 1..] {
            let vide = Cellule {
                texte: String::new(),
                nombre: false,
            };
            let cellule = |i: usize| cellules.get(i).unwrap_or(&vide);
            if cellule(date).texte.is_empty() {
                continue;
            }
            let invalide = |raison: String| ErreurReleve::LigneInvalide {
                ligne: *numero,
                raison,
            };
            let jour = lire_date(&cellule(date).texte, mapping.format_date).map_err(invalide)?;
            let lire = |i: usize| {
                let c = cellule(i);
                let separateur = if c.nombre {
                    SeparateurDecimal::Point
                } else {
                    mapping.separateur_decimal
                };
                lire_montant(&c.texte, separateur).map_err(invalide)
            };
            let millimes = match montants {
                Montants::Signe(m) => lire(m)?,
                Montants::DebitCredit(d, c) => match (lire(d)?, lire(c)?) {
                    (None, None) => None,
                    (debit, credit) => Some(credit.unwrap_or(0).abs() - debit.unwrap_or(0).abs()),
                },
            }
            .ok_or_else(|| invalide("montant absent".into()))?;
            let texte_libelle = texte_ligne(&cellule(libelle).texte);
            lignes.push(LigneReleve {
                numero: *numero,
                date: jour,
                libelle: if texte_libelle.is_empty() {
                    "—".to_owned()
                } else {
                    texte_libelle
                },
                montant: Montant::from_millimes(millimes),
                reference: reference
                    .map(|r| texte_ligne(&cellule(r).texte))
                    .filter(|r| !r.is_empty()),
            });
        }
        Ok(lignes)
    }
}

#[derive(Clone, Copy)]
enum Montants {
    Signe(usize),
    DebitCredit(usize, usize),
}
