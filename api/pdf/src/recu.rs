//! The payment receipt of an encaissement (spec 1 §3, Encaissement: `reference_recu`).

use chrono::{Datelike, NaiveDate};
use daftar_domain::Montant;
use serde::{Deserialize, Serialize};

use crate::montant_en_lettres;

/// What a payment receipt states. Texts arrive ready to print, in French (the payment method's
/// label, e.g. "Chèque"); amounts and dates are formatted here, the French way
/// ("1 234,500 DT", "31/03/2026").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recu {
    pub residence_nom: String,
    /// The street address (empty when the residence has none recorded).
    pub residence_adresse: String,
    pub residence_ville: String,
    /// The receipt number (`reference_recu`).
    pub numero_recu: String,
    pub date_paiement: NaiveDate,
    /// Who paid (`occupant_nom`).
    pub payeur_nom: String,
    pub propriete_nom: String,
    pub cotisation_titre: String,
    pub periode_debut: NaiveDate,
    pub periode_fin: NaiveDate,
    pub date_echeance: NaiveDate,
    pub montant: Montant,
    /// The payment method's French label ("Espèces", "Chèque", "Virement", "Versement").
    pub methode: String,
    /// The cheque number or transfer reference, if any.
    pub reference: Option<String>,
    /// What remains due on this montant dû after this payment.
    pub restant_du: Montant,
    /// The day the receipt is issued (printed in the footer).
    pub emis_le: NaiveDate,
    /// Set when the payment was corrected after its receipt was first issued: the reprint says
    /// it is a duplicata of a corrected payment (it keeps its number).
    pub duplicata: Option<Duplicata>,
}

/// A receipt printed again after its payment was corrected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duplicata {
    /// The day of the correction, when known.
    pub modifie_le: Option<NaiveDate>,
}

impl Duplicata {
    /// "Duplicata — paiement modifié le 22/11/2026".
    pub fn mention(self) -> String {
        match self.modifie_le {
            Some(day) => format!("Duplicata — paiement modifié le {}", date_fr(day)),
            None => "Duplicata — paiement modifié".to_owned(),
        }
    }
}

/// A date as a receipt prints it: dd/MM/yyyy.
pub fn date_fr(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// A date for typst's `datetime(..)` (the PDF's metadata).
#[derive(Serialize)]
struct DateTypst {
    year: i32,
    month: u32,
    day: u32,
}

impl From<NaiveDate> for DateTypst {
    fn from(date: NaiveDate) -> Self {
        Self {
            year: date.year(),
            month: date.month(),
            day: date.day(),
        }
    }
}

/// `/data.json` of `templates/recu.typ`: only strings to print, so the template holds the layout
/// and the wording, and Rust the formatting rules.
#[derive(Serialize)]
pub(crate) struct RecuDonnees<'a> {
    residence_nom: &'a str,
    residence_adresse: Option<&'a str>,
    residence_ville: &'a str,
    numero_recu: &'a str,
    date_paiement: String,
    payeur_nom: &'a str,
    propriete_nom: &'a str,
    cotisation_titre: &'a str,
    periode: String,
    date_echeance: String,
    montant: String,
    montant_en_lettres: String,
    methode: &'a str,
    reference: Option<&'a str>,
    restant_du: String,
    solde: bool,
    emis_le: String,
    duplicata: Option<String>,
    date_document: DateTypst,
    /// Tenths of a point.
    taille_texte: u16,
}

impl<'a> RecuDonnees<'a> {
    pub(crate) fn new(recu: &'a Recu, taille_texte: u16) -> Self {
        Self {
            residence_nom: &recu.residence_nom,
            residence_adresse: Some(recu.residence_adresse.trim()).filter(|a| !a.is_empty()),
            residence_ville: &recu.residence_ville,
            numero_recu: &recu.numero_recu,
            date_paiement: date_fr(recu.date_paiement),
            payeur_nom: &recu.payeur_nom,
            propriete_nom: &recu.propriete_nom,
            cotisation_titre: &recu.cotisation_titre,
            periode: format!(
                "du {} au {}",
                date_fr(recu.periode_debut),
                date_fr(recu.periode_fin)
            ),
            date_echeance: date_fr(recu.date_echeance),
            montant: recu.montant.format_fr(),
            montant_en_lettres: montant_en_lettres(recu.montant),
            methode: &recu.methode,
            reference: recu
                .reference
                .as_deref()
                .map(str::trim)
                .filter(|reference| !reference.is_empty()),
            restant_du: recu.restant_du.format_fr(),
            solde: !recu.restant_du.is_positive(),
            emis_le: date_fr(recu.emis_le),
            duplicata: recu.duplicata.map(Duplicata::mention),
            date_document: recu.emis_le.into(),
            taille_texte,
        }
    }
}
