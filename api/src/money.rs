//! Amounts on the wire (spec 1 §9): DT as JSON numbers with up to three decimals, written
//! exactly from the integer millimes the ledger keeps.
//!
//! [`Dt`] writes the decimal text itself (`1234.5`, `150`, `-0.005`) through
//! `serde_json::value::RawValue`, so no amount ever passes through a float: a
//! `serde_json::Number` built from the text would be an `f64` (the `arbitrary_precision`
//! feature is off), exact only up to 15 significant digits.
//!
//! Amounts typed into the cotisation, allocation and collection forms are whole dinars (spec 1
//! §5): [`whole_dinars`] reads them from a JSON integer or a string of digits and refuses a
//! decimal instead of rounding it.

use std::borrow::Cow;

use daftar_domain::Montant;
use serde::ser::{Error as _, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::Value;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// An amount in DT on the wire: a JSON number with up to three decimals, exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Dt(pub Montant);

impl Dt {
    pub const ZERO: Dt = Dt(Montant::ZERO);

    pub const fn from_millimes(millimes: i64) -> Self {
        Dt(Montant::from_millimes(millimes))
    }

    /// The opposite amount: balances show what remains due as a negative number.
    pub fn negated(millimes: i64) -> Self {
        Dt::from_millimes(millimes.saturating_neg())
    }

    /// The JSON text: `Montant::to_dt_string` without trailing zeros ("1234.500" → "1234.5",
    /// "150.000" → "150").
    pub fn wire_text(self) -> String {
        let text = self.0.to_dt_string();
        text.trim_end_matches('0').trim_end_matches('.').to_owned()
    }
}

impl From<Montant> for Dt {
    fn from(montant: Montant) -> Self {
        Dt(montant)
    }
}

impl Serialize for Dt {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let raw = RawValue::from_string(self.wire_text()).map_err(S::Error::custom)?;
        raw.serialize(serializer)
    }
}

impl utoipa::PartialSchema for Dt {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::Number)
            .description(Some(
                "An amount in DT (dinars): a JSON number with up to three decimals (millimes), \
                 exact.",
            ))
            .examples([serde_json::json!(1234.5)])
            .into()
    }
}

impl utoipa::ToSchema for Dt {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("Dt")
    }
}

/// Largest whole-dinar amount a form accepts (a typo guard far above any real call).
pub const MAX_DINARS: i64 = 999_999_999;

/// What a whole-dinar form field holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WholeDinars {
    /// Absent, `null` or an empty string.
    Absent,
    /// A decimal, a word, or anything that is not a whole number.
    NotWhole,
    /// Above [`MAX_DINARS`] (or below its opposite).
    TooLarge,
    Value(i64),
}

/// Reads a whole number of dinars from a JSON integer or a string of digits (`"150"`); a
/// decimal (`12.5`, `"12,5"`, `12.0`) is [`WholeDinars::NotWhole`], never rounded.
pub fn whole_dinars(value: Option<&Value>) -> WholeDinars {
    let parsed = match value {
        None | Some(Value::Null) => return WholeDinars::Absent,
        Some(Value::Number(number)) => number.as_i64(),
        Some(Value::String(text)) => {
            let text = text.trim();
            if text.is_empty() {
                return WholeDinars::Absent;
            }
            let digits = text.strip_prefix('-').unwrap_or(text);
            if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                return WholeDinars::NotWhole;
            }
            // Overflowing i64 is still a whole number, only far too large.
            Some(text.parse::<i64>().unwrap_or(i64::MAX))
        }
        Some(_) => None,
    };
    match parsed {
        None => match value {
            // A whole number beyond i64 (serde_json keeps it as u64 or f64).
            Some(Value::Number(number)) if number.is_u64() => WholeDinars::TooLarge,
            _ => WholeDinars::NotWhole,
        },
        Some(dinars) if dinars.saturating_abs() > MAX_DINARS => WholeDinars::TooLarge,
        Some(dinars) => WholeDinars::Value(dinars),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn wire(millimes: i64) -> String {
        serde_json::to_string(&Dt::from_millimes(millimes)).unwrap()
    }

    #[test]
    fn amounts_are_json_numbers_with_up_to_three_decimals() {
        assert_eq!(wire(1_234_500), "1234.5");
        assert_eq!(wire(150_000), "150");
        assert_eq!(wire(0), "0");
        assert_eq!(wire(1), "0.001");
        assert_eq!(wire(-5), "-0.005");
        assert_eq!(wire(-45_050), "-45.05");
        assert_eq!(wire(100_010), "100.01");
        let body = serde_json::to_string(&json!({ "solde": Dt::from_millimes(-12_300) })).unwrap();
        assert_eq!(body, r#"{"solde":-12.3}"#);
    }

    #[test]
    fn large_amounts_keep_every_millime() {
        // 18 significant digits: an f64 would print 123456789012345680.
        assert_eq!(wire(123_456_789_012_345_678), "123456789012345.678");
        let via_number: serde_json::Number = serde_json::from_str("123456789012345.678").unwrap();
        assert_ne!(via_number.to_string(), "123456789012345.678");
    }

    #[test]
    fn whole_dinars_come_as_integers_or_digit_strings() {
        assert_eq!(whole_dinars(None), WholeDinars::Absent);
        assert_eq!(whole_dinars(Some(&json!(null))), WholeDinars::Absent);
        assert_eq!(whole_dinars(Some(&json!(" "))), WholeDinars::Absent);
        assert_eq!(whole_dinars(Some(&json!(150))), WholeDinars::Value(150));
        assert_eq!(whole_dinars(Some(&json!("150"))), WholeDinars::Value(150));
        assert_eq!(whole_dinars(Some(&json!(-3))), WholeDinars::Value(-3));
        assert_eq!(whole_dinars(Some(&json!(0))), WholeDinars::Value(0));
        for decimal in [
            json!(12.5),
            json!(12.0),
            json!("12.5"),
            json!("12,5"),
            json!("abc"),
        ] {
            assert_eq!(
                whole_dinars(Some(&decimal)),
                WholeDinars::NotWhole,
                "{decimal}"
            );
        }
        assert_eq!(whole_dinars(Some(&json!([1]))), WholeDinars::NotWhole);
        assert_eq!(whole_dinars(Some(&json!("-"))), WholeDinars::NotWhole);
        assert_eq!(
            whole_dinars(Some(&json!(1_000_000_000))),
            WholeDinars::TooLarge
        );
        assert_eq!(whole_dinars(Some(&json!(u64::MAX))), WholeDinars::TooLarge);
        assert_eq!(
            whole_dinars(Some(&json!("99999999999999999999999"))),
            WholeDinars::TooLarge
        );
    }
}
