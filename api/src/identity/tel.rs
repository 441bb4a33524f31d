use crate::error::ErrorCode;
use std::fmt;

/// A sign-in phone number: 6 to 15 ASCII digits (spec 1 §5 "Login", §9: "login 6 to 15 digits").
/// Stored and compared exactly as typed (no country prefix is added or removed).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Tel(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TelError {
    #[error("the phone number is required")]
    Missing,
    #[error("the phone number must contain digits only")]
    NotDigits,
    #[error("the phone number must have 6 to 15 digits")]
    Length,
}

impl TelError {
    /// The field code shown under the field.
    pub fn code(self) -> ErrorCode {
        match self {
            TelError::Missing => ErrorCode::TelObligatoire,
            TelError::NotDigits => ErrorCode::TelChiffres,
            TelError::Length => ErrorCode::TelLongueur,
        }
    }
}

impl Tel {
    pub const MIN_DIGITS: usize = 6;
    pub const MAX_DIGITS: usize = 15;

    pub fn parse(input: &str) -> Result<Self, TelError> {
        if input.is_empty() {
            return Err(TelError::Missing);
        }
        if !input.bytes().all(|b| b.is_ascii_digit()) {
            return Err(TelError::NotDigits);
        }
        if !(Self::MIN_DIGITS..=Self::MAX_DIGITS).contains(&input.len()) {
            return Err(TelError::Length);
        }
        Ok(Self(input.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The number with all but its last two digits hidden, for logs (`******56`).
    pub fn masked(&self) -> String {
        let visible = self.0.len().saturating_sub(2);
        format!("{}{}", "*".repeat(visible), &self.0[visible..])
    }
}

impl fmt::Display for Tel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn six_to_fifteen_digits_are_a_phone_number() {
        assert_eq!(Tel::parse("123456").unwrap().as_str(), "123456");
        assert!(Tel::parse("123456789012345").is_ok());
        assert_eq!(Tel::parse("12345"), Err(TelError::Length));
        assert_eq!(Tel::parse("1234567890123456"), Err(TelError::Length));
        assert_eq!(Tel::parse("2012345a"), Err(TelError::NotDigits));
        assert_eq!(Tel::parse("+21620123456"), Err(TelError::NotDigits));
        assert_eq!(Tel::parse("٢٠١٢٣٤٥٦"), Err(TelError::NotDigits));
        assert_eq!(Tel::parse(""), Err(TelError::Missing));
        assert_eq!(Tel::parse("20123456").unwrap().masked(), "******56");
    }
}
