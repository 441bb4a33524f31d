//! Amounts as clients send them (spec 1 §9: DT with three decimals). One shape for every module:
//! a JSON number (`200.75`) or a string (`"250.500"`, `"1 250,5"`), read from the JSON text
//! itself so no amount ever passes through a float; `null` or an empty string is absent.
//! Cotisations and their collections are whole dinars (spec 1 §5); other modules' amounts have
//! up to three decimals, never rounded.

use std::borrow::Cow;

use daftar_domain::Montant;
use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;
use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::openapi::RefOr;

use crate::error::{ErrorCode, FieldErrors};

/// An amount field exactly as the client wrote it in the JSON body.
#[derive(Debug, Clone)]
pub struct MontantSaisi(Box<RawValue>);

impl<'de> Deserialize<'de> for MontantSaisi {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Box::<RawValue>::deserialize(deserializer).map(MontantSaisi)
    }
}

impl MontantSaisi {
    /// The JSON text of the field (`12.5`, `"12,5"`), for tests and logs.
    pub fn json(&self) -> &str {
        self.0.get()
    }

    #[cfg(test)]
    pub fn from_json(text: &str) -> Self {
        MontantSaisi(
            RawValue::from_string(text.to_owned())
                .unwrap_or_else(|_| RawValue::from_string("null".to_owned()).unwrap_or_default()),
        )
    }
}

impl utoipa::PartialSchema for MontantSaisi {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Number))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .description(Some(
                "An amount in DT: a JSON number or a string (`\"1 250,500\"`), at most three \
                 decimals; `null` or `\"\"` is absent.",
            ))
            .into()
    }
}

impl utoipa::ToSchema for MontantSaisi {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("MontantSaisi")
    }
}

/// How precise an amount field is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Precision {
    /// Whole dinars (cotisations, the allocation table, collections).
    Dinars,
    /// Up to three decimals (millimes).
    Millimes,
}

/// The smallest amount a field accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Minimum {
    /// Strictly more than zero.
    Positif,
    /// Zero or more.
    Zero,
}

/// Largest amount a form accepts: a typo guard far above any real amount (999 999 999 DT).
pub const MONTANT_MAX: Montant = Montant::from_millimes(999_999_999_000);

/// What one amount field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lecture {
    Absent,
    Montant(Montant),
    /// Not a number.
    Invalide,
    /// More than three decimals.
    Decimales,
    /// Beyond [`MONTANT_MAX`].
    TropEleve,
}

/// Reads the amount the client wrote.
pub fn lire(saisi: Option<&MontantSaisi>) -> Lecture {
    let Some(saisi) = saisi else {
        return Lecture::Absent;
    };
    let json = saisi.json().trim();
    if json == "null" {
        return Lecture::Absent;
    }
    let texte: Cow<'_, str> = if json.starts_with('"') {
        match serde_json::from_str::<String>(json) {
            // Thousands may be grouped by spaces, as people and the French locale write them.
            Ok(text) => Cow::Owned(text.chars().filter(|c| !is_group_space(*c)).collect()),
            Err(_) => return Lecture::Invalide,
        }
    } else {
        Cow::Borrowed(json)
    };
    if texte.is_empty() {
        return Lecture::Absent;
    }
    lire_texte(&texte)
}

fn is_group_space(c: char) -> bool {
    matches!(c, ' ' | '\u{a0}' | '\u{202f}')
}

/// `-?digits([.,]digits)?`, at most three decimals.
fn lire_texte(texte: &str) -> Lecture {
    let digits = texte.strip_prefix('-').unwrap_or(texte);
    let (whole, fraction) = digits.split_once(['.', ',']).unwrap_or((digits, ""));
    let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if whole.is_empty()
        || !all_digits(whole)
        || !all_digits(fraction)
        || (digits.contains(['.', ',']) && fraction.is_empty())
    {
        return Lecture::Invalide;
    }
    if fraction.len() > 3 {
        return Lecture::Decimales;
    }
    match Montant::parse_dt(texte) {
        Ok(montant)
            if montant.millimes().unsigned_abs() > MONTANT_MAX.millimes().unsigned_abs() =>
        {
            Lecture::TropEleve
        }
        Ok(montant) => Lecture::Montant(montant),
        Err(_) => Lecture::TropEleve,
    }
}

/// An amount field: `Some` when valid; otherwise its code is recorded on `field`
/// (`champ_obligatoire` only when `required`).
pub fn montant(
    errors: &mut FieldErrors,
    field: &str,
    saisi: Option<&MontantSaisi>,
    (precision, minimum): (Precision, Minimum),
    required: bool,
) -> Option<Montant> {
    let code = match lire(saisi) {
        Lecture::Absent if !required => return None,
        Lecture::Absent => ErrorCode::ChampObligatoire,
        Lecture::Invalide => match precision {
            Precision::Dinars => ErrorCode::MontantEntier,
            Precision::Millimes => ErrorCode::ValeurInvalide,
        },
        Lecture::Decimales => ErrorCode::MontantDecimales,
        Lecture::TropEleve => ErrorCode::MontantTropEleve,
        Lecture::Montant(montant)
            if precision == Precision::Dinars && !montant.is_whole_dinars() =>
        {
            ErrorCode::MontantEntier
        }
        Lecture::Montant(montant) if minimum == Minimum::Positif && !montant.is_positive() => {
            ErrorCode::MontantPositif
        }
        Lecture::Montant(montant) if montant.millimes() < 0 => ErrorCode::MontantNegatif,
        Lecture::Montant(montant) => return Some(montant),
    };
    errors.add(field, code);
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Lecture {
        lire(Some(&MontantSaisi::from_json(json)))
    }

    fn dt(millimes: i64) -> Lecture {
        Lecture::Montant(Montant::from_millimes(millimes))
    }

    #[test]
    fn a_number_and_a_string_give_the_same_exact_amount() {
        assert_eq!(read("200.75"), dt(200_750));
        assert_eq!(read(r#""200.75""#), dt(200_750));
        assert_eq!(read(r#""250.500""#), dt(250_500));
        assert_eq!(read(r#""1 250,5""#), dt(1_250_500));
        assert_eq!(read("\"1\u{202f}250,5\""), dt(1_250_500));
        assert_eq!(read("150"), dt(150_000));
        assert_eq!(read("-3.25"), dt(-3_250));
    }

    #[test]
    fn every_millime_is_kept() {
        assert_eq!(read("123456789.123"), dt(123_456_789_123));
        assert_eq!(read("0.001"), dt(1));
        assert_eq!(read("999999999.999"), Lecture::TropEleve);
    }

    #[test]
    fn empty_and_null_are_absent() {
        assert_eq!(lire(None), Lecture::Absent);
        assert_eq!(read("null"), Lecture::Absent);
        assert_eq!(read(r#""""#), Lecture::Absent);
        assert_eq!(read(r#""  ""#), Lecture::Absent);
    }

    #[test]
    fn a_fourth_decimal_is_refused_not_rounded() {
        assert_eq!(read("1.0001"), Lecture::Decimales);
        assert_eq!(read(r#""1,2345""#), Lecture::Decimales);
    }

    #[test]
    fn what_is_not_an_amount_is_invalid() {
        for json in [
            "1e3", r#""abc""#, "true", "[1]", r#""12.""#, r#""-""#, r#"".5""#,
        ] {
            assert_eq!(read(json), Lecture::Invalide, "{json}");
        }
        assert_eq!(read("1000000000"), Lecture::TropEleve);
    }

    #[test]
    fn cotisation_amounts_are_whole_dinars_and_positive() {
        let rule = (Precision::Dinars, Minimum::Positif);
        let mut errors = FieldErrors::new();
        let field = |json: &str, errors: &mut FieldErrors| {
            montant(
                errors,
                "montant",
                Some(&MontantSaisi::from_json(json)),
                rule,
                true,
            )
        };
        assert_eq!(field("12", &mut errors), Some(Montant::dinars(12)));
        assert_eq!(field(r#""12""#, &mut errors), Some(Montant::dinars(12)));
        assert!(errors.is_empty());
        for (json, code) in [
            ("12.5", ErrorCode::MontantEntier),
            (r#""12,5""#, ErrorCode::MontantEntier),
            ("0", ErrorCode::MontantPositif),
            ("-3", ErrorCode::MontantPositif),
            (r#""abc""#, ErrorCode::MontantEntier),
        ] {
            let mut errors = FieldErrors::new();
            assert_eq!(field(json, &mut errors), None, "{json}");
            assert_eq!(errors.codes("montant"), [code], "{json}");
        }
        let mut errors = FieldErrors::new();
        assert_eq!(montant(&mut errors, "montant", None, rule, true), None);
        assert_eq!(errors.codes("montant"), [ErrorCode::ChampObligatoire]);
    }

    #[test]
    fn other_amounts_have_up_to_three_decimals_and_may_be_zero() {
        let rule = (Precision::Millimes, Minimum::Zero);
        let mut errors = FieldErrors::new();
        let read = |json: &str, errors: &mut FieldErrors| {
            montant(
                errors,
                "montant",
                Some(&MontantSaisi::from_json(json)),
                rule,
                false,
            )
        };
        assert_eq!(read("0", &mut errors), Some(Montant::ZERO));
        assert_eq!(
            read("12.345", &mut errors),
            Some(Montant::from_millimes(12_345))
        );
        assert_eq!(read(r#""""#, &mut errors), None);
        assert!(errors.is_empty());
        assert_eq!(read("-1", &mut errors), None);
        assert_eq!(errors.codes("montant"), [ErrorCode::MontantNegatif]);
    }
}
