//! The payment receipt of an encaissement (spec 1 §3, Encaissement: `reference_recu`).

use chrono::{Datelike, NaiveDate};
use daftar_domain::Montant;
use serde::{Deserialize, Serialize};

use crate::{montant_en_lettres, montant_en_lettres_ar};

/// The language a receipt is printed in: the interface's language of whoever downloads it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Langue {
    #[default]
    Fr,
    /// Right to left, Noto Sans Arabic, amounts in Arabic words.
    Ar,
}

impl Langue {
    /// The currency after an amount: "DT" in French, "د.ت" in Arabic (the web client's choice).
    fn devise(self) -> &'static str {
        match self {
            Langue::Fr => "DT",
            Langue::Ar => "د.ت",
        }
    }

    /// An amount with its currency. In Arabic the digit groups are joined by a no-break space,
    /// which the bidirectional algorithm treats as a number separator: with a plain space,
    /// "1 234,500" would be shown as "234,500 1" in a right-to-left line.
    fn montant(self, montant: Montant) -> String {
        let nombre = match self {
            Langue::Fr => montant.format_fr_nombre(),
            Langue::Ar => montant.format_fr_nombre().replace(' ', "\u{A0}"),
        };
        format!("{nombre} {}", self.devise())
    }

    /// A text typed by a user, isolated in an Arabic receipt so that its own direction holds
    /// ("12, rue des Jasmins" stays as written inside a right-to-left line): Unicode's first-strong
    /// isolate, which takes the direction of the text's first letter.
    fn saisie(self, texte: &str) -> String {
        match self {
            Langue::Fr => texte.to_owned(),
            Langue::Ar => format!("\u{2068}{texte}\u{2069}"),
        }
    }
}

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
    /// The payment method's label in the receipt's language ("Chèque", "صك").
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
    pub langue: Langue,
}

/// A receipt printed again after its payment was corrected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Duplicata {
    /// The day of the correction, when known.
    pub modifie_le: Option<NaiveDate>,
}

impl Duplicata {
    /// "Duplicata — paiement modifié le 22/11/2026" ("نظير — دفعة معدّلة بتاريخ …").
    pub fn mention(self, langue: Langue) -> String {
        match (langue, self.modifie_le) {
            (Langue::Fr, Some(day)) => {
                format!("Duplicata — paiement modifié le {}", date_fr(day))
            }
            (Langue::Fr, None) => "Duplicata — paiement modifié".to_owned(),
            (Langue::Ar, Some(day)) => format!("نظير — دفعة معدّلة بتاريخ {}", date_fr(day)),
            (Langue::Ar, None) => "نظير — دفعة معدّلة".to_owned(),
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
    residence_nom: String,
    residence_adresse: Option<String>,
    residence_ville: String,
    numero_recu: String,
    date_paiement: String,
    payeur_nom: String,
    propriete_nom: String,
    cotisation_titre: String,
    periode: String,
    date_echeance: String,
    montant: String,
    montant_en_lettres: String,
    methode: &'a str,
    reference: Option<String>,
    restant_du: String,
    solde: bool,
    emis_le: String,
    duplicata: Option<String>,
    langue: Langue,
    date_document: DateTypst,
    /// Tenths of a point.
    taille_texte: u16,
}

impl<'a> RecuDonnees<'a> {
    pub(crate) fn new(recu: &'a Recu, taille_texte: u16) -> Self {
        let langue = recu.langue;
        Self {
            residence_nom: langue.saisie(&recu.residence_nom),
            residence_adresse: Some(recu.residence_adresse.trim())
                .filter(|adresse| !adresse.is_empty())
                .map(|adresse| langue.saisie(adresse)),
            residence_ville: langue.saisie(&recu.residence_ville),
            numero_recu: langue.saisie(&recu.numero_recu),
            date_paiement: date_fr(recu.date_paiement),
            payeur_nom: langue.saisie(&recu.payeur_nom),
            propriete_nom: langue.saisie(&recu.propriete_nom),
            cotisation_titre: langue.saisie(&recu.cotisation_titre),
            periode: match recu.langue {
                Langue::Fr => format!(
                    "du {} au {}",
                    date_fr(recu.periode_debut),
                    date_fr(recu.periode_fin)
                ),
                Langue::Ar => format!(
                    "من {} إلى {}",
                    date_fr(recu.periode_debut),
                    date_fr(recu.periode_fin)
                ),
            },
            date_echeance: date_fr(recu.date_echeance),
            montant: recu.langue.montant(recu.montant),
            montant_en_lettres: match recu.langue {
                Langue::Fr => montant_en_lettres(recu.montant),
                Langue::Ar => montant_en_lettres_ar(recu.montant),
            },
            methode: &recu.methode,
            reference: recu
                .reference
                .as_deref()
                .map(str::trim)
                .filter(|reference| !reference.is_empty())
                .map(|reference| langue.saisie(reference)),
            restant_du: recu.langue.montant(recu.restant_du),
            solde: !recu.restant_du.is_positive(),
            emis_le: date_fr(recu.emis_le),
            duplicata: recu
                .duplicata
                .map(|duplicata| duplicata.mention(recu.langue)),
            langue: recu.langue,
            date_document: recu.emis_le.into(),
            taille_texte,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn recu(langue: Langue) -> Recu {
        let date = |m, d| NaiveDate::from_ymd_opt(2026, m, d).unwrap_or_default();
        Recu {
            residence_nom: "Les Jasmins".to_owned(),
            residence_adresse: "12, rue des Jasmins".to_owned(),
            residence_ville: "Tunis".to_owned(),
            numero_recu: "2026-000142".to_owned(),
            date_paiement: date(2, 14),
            payeur_nom: "Leïla Haddad".to_owned(),
            propriete_nom: "A1".to_owned(),
            cotisation_titre: "Charges".to_owned(),
            periode_debut: date(1, 1),
            periode_fin: date(3, 31),
            date_echeance: date(1, 31),
            montant: Montant::from_millimes(1_234_500),
            methode: "صك".to_owned(),
            reference: Some("0045 1234".to_owned()),
            restant_du: Montant::ZERO,
            emis_le: date(2, 15),
            duplicata: Some(Duplicata {
                modifie_le: Some(date(2, 20)),
            }),
            langue,
        }
    }

    #[test]
    fn an_arabic_receipt_says_everything_in_arabic_and_keeps_typed_texts_in_their_direction() {
        let recu = recu(Langue::Ar);
        let donnees = RecuDonnees::new(&recu, 95);
        assert_eq!(donnees.langue, Langue::Ar);
        assert_eq!(donnees.periode, "من 01/01/2026 إلى 31/03/2026");
        assert_eq!(donnees.montant, "1\u{A0}234,500 د.ت");
        assert_eq!(
            donnees.montant_en_lettres,
            "ألف ومائتان وأربعة وثلاثون دينارًا وخمسمائة مليم"
        );
        assert_eq!(
            donnees.duplicata.as_deref(),
            Some("نظير — دفعة معدّلة بتاريخ 20/02/2026")
        );
        assert_eq!(
            donnees.residence_adresse.as_deref(),
            Some("\u{2068}12, rue des Jasmins\u{2069}")
        );
    }

    #[test]
    fn a_french_receipt_is_unchanged_by_the_arabic_rules() {
        let recu = recu(Langue::Fr);
        let donnees = RecuDonnees::new(&recu, 95);
        assert_eq!(donnees.periode, "du 01/01/2026 au 31/03/2026");
        assert_eq!(donnees.montant, "1 234,500 DT");
        assert_eq!(
            donnees.duplicata.as_deref(),
            Some("Duplicata — paiement modifié le 20/02/2026")
        );
        assert_eq!(
            donnees.residence_adresse.as_deref(),
            Some("12, rue des Jasmins")
        );
    }
}
