//! Bank statements (issue 22): a statement imported for an account, its lines, and which line
//! the movements were pointed with. The files are read by the API (`api/src/releves/`); the
//! domain keeps what was imported, refuses a file twice, skips the lines an earlier statement
//! of the account already brought, and checks a line's pointing (the account's movements, not
//! pointed yet, summing exactly to the line's amount, in an open fiscal year). Rules in
//! docs/domain.md "Bank statements" and docs/decisions.md "Bank statements (issue 22)".

use std::collections::BTreeMap;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use super::{CompteBancaireId, Mouvement};
use crate::montant::Montant;

pub type ReleveId = i64;

/// The file's format, found from its content.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FormatReleve {
    Csv,
    Xlsx,
    Ofx,
    Camt053,
}

/// How a CSV/XLSX statement writes its dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum FormatDate {
    #[serde(rename = "jj/mm/aaaa")]
    JjMmAaaaBarre,
    #[serde(rename = "aaaa-mm-jj")]
    AaaaMmJj,
    #[serde(rename = "jj-mm-aaaa")]
    JjMmAaaaTiret,
    #[serde(rename = "jj.mm.aaaa")]
    JjMmAaaaPoint,
}

/// The decimal separator of a CSV/XLSX statement's amounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeparateurDecimal {
    #[serde(rename = ",")]
    Virgule,
    #[serde(rename = ".")]
    Point,
}

/// Which columns of a CSV/XLSX statement hold what (header names as in the file). Either
/// `montant` (signed) or the `debit`/`credit` pair.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MappingReleve {
    /// 1-based row holding the headers (rows above are skipped).
    pub ligne_entete: u32,
    pub date: String,
    pub libelle: String,
    pub montant: Option<String>,
    pub debit: Option<String>,
    pub credit: Option<String>,
    pub reference: Option<String>,
    pub format_date: FormatDate,
    pub separateur_decimal: SeparateurDecimal,
}

/// One line of a statement: `montant` signed (money into the account positive).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LigneReleve {
    /// Its 1-based line (row, transaction) number in the file.
    pub numero: u32,
    pub date: NaiveDate,
    pub libelle: String,
    pub montant: Montant,
    pub reference: Option<String>,
}

/// What makes two lines of one account the same bank booking: the date, the amount and the
/// bank's reference (else the label, case and spaces ignored). Two equal lines in one statement
/// are two bookings: they are told apart by their rank among equals ([`rangs_des_lignes`]).
pub type CleLigne = (CompteBancaireId, NaiveDate, i64, String);

impl LigneReleve {
    pub fn cle(&self, compte_id: CompteBancaireId) -> CleLigne {
        let texte = self
            .reference
            .as_deref()
            .filter(|r| !r.trim().is_empty())
            .unwrap_or(&self.libelle);
        let texte = texte
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
            .to_lowercase();
        (compte_id, self.date, self.montant.millimes(), texte)
    }
}

/// Each line's key and its rank among the lines of the same key before it (1 for the first).
pub fn rangs_des_lignes(
    compte_id: CompteBancaireId,
    lignes: &[LigneReleve],
) -> Vec<(CleLigne, u32)> {
    let mut vus: BTreeMap<CleLigne, u32> = BTreeMap::new();
    lignes
        .iter()
        .map(|ligne| {
            let cle = ligne.cle(compte_id);
            let rang = vus.entry(cle.clone()).or_insert(0);
            *rang += 1;
            (cle, *rang)
        })
        .collect()
}

/// A statement as read from the file and confirmed by the treasurer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FicheReleve {
    pub format: FormatReleve,
    /// SHA-256 of the file's bytes, hex.
    pub sha256: String,
    pub nom_fichier: Option<String>,
    pub du: NaiveDate,
    pub au: NaiveDate,
    /// The day it was imported (the server's day; the domain has no clock).
    pub importe_le: NaiveDate,
    pub solde_ouverture: Option<Montant>,
    pub solde_cloture: Option<Montant>,
    /// The column mapping of a CSV/XLSX file, remembered for the account's bank.
    pub mapping: Option<MappingReleve>,
    /// The account's bank name, lowercased: the key the mapping is remembered under. Filled by
    /// the decision.
    #[serde(default)]
    pub banque: Option<String>,
    /// In the command, every line of the file; in the event, the new ones only.
    pub lignes: Vec<LigneReleve>,
}

/// A line of a recorded statement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LigneReleveRef {
    pub releve_id: ReleveId,
    pub numero: u32,
}

/// The movements a line of the file is to be pointed with (the confident matches of an import).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RapprochementLigne {
    pub numero: u32,
    pub mouvements: Vec<Mouvement>,
}

/// A statement as the decisions need it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Releve {
    pub compte_id: CompteBancaireId,
    pub sha256: String,
    pub lignes: BTreeMap<u32, LigneReleve>,
}
