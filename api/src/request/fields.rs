//! Field rules shared by every form. Each records a code of the error table against the field
//! it checks and answers `None` (or an empty value) when the field is wrong, so a handler reports
//! every wrong field of a request at once.

use chrono::NaiveDate;
use daftar_domain::occupation::{email_valide, tel_valide};
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{ErrorCode, FieldErrors};
use crate::money::{self, WholeDinars};

/// A text field trimmed; empty means absent.
pub fn optional_text(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// An optional one-line text (a reference, a name): trimmed, empty means absent; a line break or
/// a tab inside is refused (`une_seule_ligne`: it would break the lists, receipts and exports
/// that show it on one line). Multi-line texts (descriptions) use [`optional_text`].
pub fn optional_line(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
) -> Option<String> {
    let text = optional_text(value)?;
    if text.contains(['\n', '\r', '\t']) {
        errors.add(field, ErrorCode::UneSeuleLigne);
    }
    Some(text)
}

/// A required one-line text (trimmed, not empty, no line break: see [`optional_line`]).
pub fn required_text(errors: &mut FieldErrors, field: &str, value: Option<String>) -> String {
    let present = value.as_deref().is_some_and(|text| !text.trim().is_empty());
    match optional_line(errors, field, value) {
        Some(text) => text,
        None => {
            if !present {
                errors.add(field, ErrorCode::ChampObligatoire);
            }
            String::new()
        }
    }
}

/// A required id.
pub fn required_id(errors: &mut FieldErrors, field: &str, value: Option<i64>) -> Option<i64> {
    if value.is_none() {
        errors.add(field, ErrorCode::ChampObligatoire);
    }
    value
}

/// A phone number of an occupant: empty or exactly 8 digits (the domain's rule).
pub fn tel(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    let tel = optional_text(value)?;
    if !tel_valide(&tel) {
        errors.add(field, ErrorCode::TelInvalide);
    }
    Some(tel)
}

/// An e-mail address: empty or valid (the domain's rule).
pub fn email(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    let email = optional_text(value)?;
    if !email_valide(&email) {
        errors.add(field, ErrorCode::EmailInvalide);
    }
    Some(email)
}

/// A required value among an enumeration's snake_case names; `invalid` is the field's code
/// for a value that is not one of them.
pub fn enumeration<T: DeserializeOwned>(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
    invalid: ErrorCode,
) -> Option<T> {
    let Some(text) = optional_text(value) else {
        errors.add(field, ErrorCode::ChampObligatoire);
        return None;
    };
    match serde_json::from_value(Value::String(text)) {
        Ok(value) => Some(value),
        Err(_) => {
            errors.add(field, invalid);
            None
        }
    }
}

/// A `yyyy-MM-dd` date, written exactly so (`2026-11-2` and `+2026-11-20` are refused although
/// a lenient parser reads them); `None` when absent or empty (the caller decides whether it is
/// required), an error on the field otherwise.
pub fn date(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<NaiveDate> {
    let text = optional_text(value)?;
    let shape = text.len() == 10
        && text.char_indices().all(|(index, c)| match index {
            4 | 7 => c == '-',
            _ => c.is_ascii_digit(),
        });
    match NaiveDate::parse_from_str(&text, "%Y-%m-%d") {
        Ok(date) if shape => Some(date),
        _ => {
            errors.add(field, ErrorCode::DateInvalide);
            None
        }
    }
}

/// A required `yyyy-MM-dd` date.
pub fn date_requise(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
) -> Option<NaiveDate> {
    let present = value.as_deref().is_some_and(|text| !text.trim().is_empty());
    if !present {
        errors.add(field, ErrorCode::ChampObligatoire);
        return None;
    }
    date(errors, field, value)
}

/// A period: `date_debut` required, `date_fin` optional (empty: open-ended) and not before
/// `date_debut`. `None` when either is wrong.
pub fn period(
    errors: &mut FieldErrors,
    date_debut: Option<String>,
    date_fin: Option<String>,
) -> Option<(NaiveDate, Option<NaiveDate>)> {
    let fin_present = date_fin
        .as_deref()
        .is_some_and(|text| !text.trim().is_empty());
    let debut = date_requise(errors, "date_debut", date_debut);
    let fin = date(errors, "date_fin", date_fin);
    if fin_present && fin.is_none() {
        return None;
    }
    let debut = debut?;
    if fin.is_some_and(|fin| fin < debut) {
        errors.add("date_fin", ErrorCode::FinAvantDebut);
        return None;
    }
    Some((debut, fin))
}

/// A whole-dinar amount field: `Some` when valid and at least `min`; otherwise the error is
/// recorded on `field` (`champ_obligatoire` only when `required`).
pub fn montant_entier(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<&Value>,
    min: i64,
    required: bool,
) -> Option<i64> {
    match money::whole_dinars(value) {
        WholeDinars::Absent => {
            if required {
                errors.add(field, ErrorCode::ChampObligatoire);
            }
            None
        }
        WholeDinars::NotWhole => {
            errors.add(field, ErrorCode::MontantEntier);
            None
        }
        WholeDinars::TooLarge => {
            errors.add(field, ErrorCode::MontantTropEleve);
            None
        }
        WholeDinars::Value(amount) if amount < min => {
            let code = if min > 0 {
                ErrorCode::MontantPositif
            } else {
                ErrorCode::MontantNegatif
            };
            errors.add(field, code);
            None
        }
        WholeDinars::Value(amount) => Some(amount),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Option<String> {
        Some(text.to_owned())
    }

    #[test]
    fn phone_numbers_are_empty_or_eight_digits() {
        let mut errors = FieldErrors::new();
        assert_eq!(tel(&mut errors, "tel", s(" ")), None);
        assert_eq!(tel(&mut errors, "tel", None), None);
        assert_eq!(tel(&mut errors, "tel", s("20123456")), s("20123456"));
        assert!(errors.is_empty());
        tel(&mut errors, "tel", s("2012345"));
        tel(&mut errors, "tel", s("2012345a"));
        assert_eq!(errors.codes("tel").len(), 2);
    }

    #[test]
    fn a_period_needs_a_start_and_an_end_not_before_it() {
        let mut errors = FieldErrors::new();
        let period_ok = period(&mut errors, s("2026-03-01"), s(""));
        assert_eq!(
            period_ok,
            Some((NaiveDate::from_ymd_opt(2026, 3, 1).unwrap(), None))
        );
        assert!(errors.is_empty());

        let mut errors = FieldErrors::new();
        assert_eq!(period(&mut errors, None, None), None);
        assert_eq!(errors.codes("date_debut"), [ErrorCode::ChampObligatoire]);

        let mut errors = FieldErrors::new();
        assert_eq!(period(&mut errors, s("2026-02-30"), s("x")), None);
        assert_eq!(errors.codes("date_debut"), [ErrorCode::DateInvalide]);
        assert_eq!(errors.codes("date_fin"), [ErrorCode::DateInvalide]);

        let mut errors = FieldErrors::new();
        assert_eq!(period(&mut errors, s("2026-03-01"), s("2026-02-28")), None);
        assert_eq!(errors.codes("date_fin"), [ErrorCode::FinAvantDebut]);
    }

    #[test]
    fn a_date_is_written_yyyy_mm_dd_exactly() {
        let mut errors = FieldErrors::new();
        assert_eq!(
            date(&mut errors, "d", s("2026-11-02")),
            NaiveDate::from_ymd_opt(2026, 11, 2)
        );
        assert!(errors.is_empty());
        for text in [
            "2026-11-2",
            "+2026-11-20",
            "2026-1-20",
            "20261120",
            "2026/11/20",
            "2026-02-30",
        ] {
            let mut errors = FieldErrors::new();
            assert_eq!(date(&mut errors, "d", s(text)), None, "{text}");
            assert_eq!(errors.codes("d"), [ErrorCode::DateInvalide], "{text}");
        }
    }

    #[test]
    fn an_enumeration_names_its_values_and_a_wrong_one_gets_the_field_s_code() {
        #[derive(Debug, PartialEq, serde::Deserialize)]
        #[serde(rename_all = "snake_case")]
        enum Sens {
            Entree,
            Sortie,
        }
        let mut errors = FieldErrors::new();
        let sens = enumeration::<Sens>(&mut errors, "sens", s("sortie"), ErrorCode::ValeurInvalide);
        assert_eq!(sens, Some(Sens::Sortie));
        assert!(errors.is_empty());
        enumeration::<Sens>(&mut errors, "sens", s("autre"), ErrorCode::ValeurInvalide);
        enumeration::<Sens>(&mut errors, "vide", None, ErrorCode::ValeurInvalide);
        assert_eq!(errors.codes("sens"), [ErrorCode::ValeurInvalide]);
        assert_eq!(errors.codes("vide"), [ErrorCode::ChampObligatoire]);
    }
}
