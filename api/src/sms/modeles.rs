//! The reminder's text (issue 16: "the text comes from a template (askama) with the residence,
//! the amount due in DT and the oldest due date; French by default, Arabic when asked"). The
//! templates are `api/templates/sms/relance_{fr,ar}.txt`; the French one keeps to the GSM-7
//! alphabet (no `ê`, `ç`: one segment instead of three for the usual reminder), the Arabic one is
//! UCS-2 by nature.

use askama::Template;
use chrono::NaiveDate;
use daftar_domain::Montant;

/// The language of a reminder.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LangueSms {
    #[default]
    Fr,
    Ar,
}

impl LangueSms {
    pub fn code(self) -> &'static str {
        match self {
            LangueSms::Fr => "fr",
            LangueSms::Ar => "ar",
        }
    }
}

#[derive(Template)]
#[template(path = "sms/relance_fr.txt", escape = "none")]
struct RelanceFr<'a> {
    residence: &'a str,
    montant: &'a str,
    echeance: &'a str,
}

#[derive(Template)]
#[template(path = "sms/relance_ar.txt", escape = "none")]
struct RelanceAr<'a> {
    residence: &'a str,
    montant: &'a str,
    echeance: &'a str,
}

/// The reminder for a debtor of `residence` owing `montant` since `echeance` (his oldest due
/// date), in `langue`. Amounts as "1 234,500", dates as dd/MM/yyyy.
pub fn relance(
    langue: LangueSms,
    residence: &str,
    montant: Montant,
    echeance: Option<NaiveDate>,
) -> Result<String, askama::Error> {
    let montant = montant.format_fr_nombre();
    let echeance = echeance.map_or_else(String::new, |d| d.format("%d/%m/%Y").to_string());
    let texte = match langue {
        LangueSms::Fr => RelanceFr {
            residence,
            montant: &montant,
            echeance: &echeance,
        }
        .render()?,
        LangueSms::Ar => RelanceAr {
            residence,
            montant: &montant,
            echeance: &echeance,
        }
        .render()?,
    };
    Ok(texte.trim().to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sms::{compter, Codage};

    fn jour() -> Option<NaiveDate> {
        NaiveDate::from_ymd_opt(2026, 1, 31)
    }

    #[test]
    fn the_french_reminder_names_the_residence_the_amount_and_the_oldest_due_date_in_one_gsm_segment(
    ) {
        let texte = relance(
            LangueSms::Fr,
            "Les Jasmins",
            Montant::from_millimes(1_234_500),
            jour(),
        )
        .unwrap_or_default();
        assert!(texte.starts_with("Les Jasmins : "), "{texte}");
        assert!(texte.contains("1 234,500 DT"), "{texte}");
        assert!(texte.contains("31/01/2026"), "{texte}");
        assert_eq!(compter(&texte).codage, Codage::Gsm7);
        assert_eq!(compter(&texte).segments, 1);
    }

    #[test]
    fn the_arabic_reminder_is_ucs_2_and_holds_the_same_figures() {
        let texte = relance(
            LangueSms::Ar,
            "Les Jasmins",
            Montant::from_millimes(1_234_500),
            jour(),
        )
        .unwrap_or_default();
        assert!(texte.contains("1 234,500 د.ت"), "{texte}");
        assert!(texte.contains("31/01/2026"), "{texte}");
        assert_eq!(compter(&texte).codage, Codage::Ucs2);
        assert_eq!(compter(&texte).segments, 2);
    }
}
