//! Money: an exact number of millimes (1 DT = 1 000 millimes).
//!
//! Floats never carry money in Daftar (spec 1 §9: amounts in DT with 3 decimals). Arithmetic is
//! checked so an overflow is an error, not a silent wrap.

use std::fmt;

use serde::{Deserialize, Serialize};

/// An amount of money in millimes. Serialized as the integer number of millimes.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Montant(i64);

/// Millimes in one dinar.
pub const MILLIMES_PAR_DINAR: i64 = 1_000;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MontantError {
    #[error("montant hors limites")]
    Depassement,
    #[error("montant invalide: {0}")]
    Invalide(String),
}

impl Montant {
    pub const ZERO: Montant = Montant(0);

    pub const fn from_millimes(millimes: i64) -> Self {
        Montant(millimes)
    }

    /// A whole number of dinars written in code (the demo, tests), saturating at the bounds.
    /// Amounts typed by people go through [`Montant::parse_dt`] or [`Montant::from_dinars`].
    pub const fn dinars(dinars: i64) -> Self {
        Montant(dinars.saturating_mul(MILLIMES_PAR_DINAR))
    }

    /// Whole dinars, as the integer amounts of cotisations and collections are entered.
    pub fn from_dinars(dinars: i64) -> Result<Self, MontantError> {
        dinars
            .checked_mul(MILLIMES_PAR_DINAR)
            .map(Montant)
            .ok_or(MontantError::Depassement)
    }

    /// Parses a DT amount written with at most three decimals, with `.` or `,` as the decimal
    /// separator ("12", "12.5", "1234,500", "-3.250"). More than three decimals is refused
    /// rather than rounded: a ledger never invents or drops a millime.
    pub fn parse_dt(text: &str) -> Result<Self, MontantError> {
        let invalid = || MontantError::Invalide(text.to_owned());
        let trimmed = text.trim();
        let (negative, digits) = match trimmed.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, trimmed),
        };
        let normalized = digits.replace(',', ".");
        let (whole, fraction) = match normalized.split_once('.') {
            Some((w, f)) => (w, f),
            None => (normalized.as_str(), ""),
        };
        let all_digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
        if whole.is_empty() || !all_digits(whole) || !all_digits(fraction) || fraction.len() > 3 {
            return Err(invalid());
        }
        let whole: i64 = whole.parse().map_err(|_| MontantError::Depassement)?;
        let mut fraction_millimes: i64 = 0;
        for (index, digit) in fraction.chars().enumerate() {
            let value = i64::from(digit.to_digit(10).ok_or_else(invalid)?);
            fraction_millimes += value * 10_i64.pow(2 - index as u32);
        }
        let magnitude = whole
            .checked_mul(MILLIMES_PAR_DINAR)
            .and_then(|m| m.checked_add(fraction_millimes))
            .ok_or(MontantError::Depassement)?;
        Ok(Montant(if negative { -magnitude } else { magnitude }))
    }

    pub const fn millimes(self) -> i64 {
        self.0
    }

    pub fn checked_add(self, other: Montant) -> Result<Montant, MontantError> {
        self.0
            .checked_add(other.0)
            .map(Montant)
            .ok_or(MontantError::Depassement)
    }

    pub fn checked_sub(self, other: Montant) -> Result<Montant, MontantError> {
        self.0
            .checked_sub(other.0)
            .map(Montant)
            .ok_or(MontantError::Depassement)
    }

    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    pub const fn is_positive(self) -> bool {
        self.0 > 0
    }

    /// Whether the amount is a whole number of dinars (cotisations and their collections are
    /// called and paid in whole dinars, spec 1 §5).
    pub const fn is_whole_dinars(self) -> bool {
        self.0 % MILLIMES_PAR_DINAR == 0
    }

    /// The amount as a decimal DT string with exactly three decimals and a `.` separator
    /// ("1234.500"), the wire form of amounts in the API.
    pub fn to_dt_string(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        format!("{sign}{}.{:03}", magnitude / 1_000, magnitude % 1_000)
    }

    /// French (fr-FR) display as the product shows it: "1 234,500 DT", "0,000 DT".
    /// Thousands are grouped with a plain space so that the text is the same in PDFs,
    /// spreadsheets and mails.
    pub fn format_fr(self) -> String {
        format!("{} DT", self.format_fr_nombre())
    }

    /// The number alone, fr-FR: "1 234,500", "0,000", "-12,000".
    pub fn format_fr_nombre(self) -> String {
        let sign = if self.0 < 0 { "-" } else { "" };
        let magnitude = self.0.unsigned_abs();
        let dinars = (magnitude / 1_000).to_string();
        let mut grouped = String::with_capacity(dinars.len() + dinars.len() / 3);
        for (index, digit) in dinars.chars().enumerate() {
            if index > 0 && (dinars.len() - index).is_multiple_of(3) {
                grouped.push(' ');
            }
            grouped.push(digit);
        }
        format!("{sign}{grouped},{:03}", magnitude % 1_000)
    }
}

impl fmt::Display for Montant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format_fr())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_thousands_and_three_decimals_in_french() {
        assert_eq!(
            Montant::from_millimes(1_234_500).format_fr(),
            "1 234,500 DT"
        );
        assert_eq!(
            Montant::from_millimes(1_234_567_890).format_fr(),
            "1 234 567,890 DT"
        );
    }

    #[test]
    fn formats_zero_as_zero_with_three_decimals() {
        assert_eq!(Montant::ZERO.format_fr_nombre(), "0,000");
    }

    #[test]
    fn formats_negative_amounts_with_a_leading_minus() {
        assert_eq!(Montant::from_millimes(-45_050).format_fr(), "-45,050 DT");
        assert_eq!(Montant::from_millimes(-5).to_dt_string(), "-0.005");
    }

    #[test]
    fn parses_dt_with_point_or_comma_and_up_to_three_decimals() {
        assert_eq!(Montant::parse_dt("12").map(Montant::millimes), Ok(12_000));
        assert_eq!(Montant::parse_dt("12.5").map(Montant::millimes), Ok(12_500));
        assert_eq!(
            Montant::parse_dt("1234,505").map(Montant::millimes),
            Ok(1_234_505)
        );
        assert_eq!(Montant::parse_dt("-0.001").map(Montant::millimes), Ok(-1));
    }

    #[test]
    fn refuses_a_fourth_decimal_instead_of_rounding() {
        assert!(Montant::parse_dt("1.0001").is_err());
        assert!(Montant::parse_dt("abc").is_err());
        assert!(Montant::parse_dt("").is_err());
        assert!(Montant::parse_dt("1e3").is_err());
    }

    #[test]
    fn overflow_is_an_error_not_a_wrap() {
        let max = Montant::from_millimes(i64::MAX);
        assert_eq!(
            max.checked_add(Montant::from_millimes(1)),
            Err(MontantError::Depassement)
        );
        assert_eq!(
            Montant::from_dinars(i64::MAX),
            Err(MontantError::Depassement)
        );
    }

    #[test]
    fn dt_string_round_trips_through_parse() {
        for millimes in [0, 1, 999, 1_000, 123_456_789, -7_001] {
            let montant = Montant::from_millimes(millimes);
            assert_eq!(Montant::parse_dt(&montant.to_dt_string()), Ok(montant));
        }
    }
}
