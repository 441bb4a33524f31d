//! French display of amounts and dates, as the product shows them everywhere ("1 234,500 DT",
//! "31/12/2025"). Amounts are millimes in `i128` (sums of the books never overflow).

use chrono::NaiveDate;

/// "1 234,500" (thousands grouped with a plain space, three decimals, a comma).
pub fn nombre_fr(millimes: i128) -> String {
    let signe = if millimes < 0 { "-" } else { "" };
    let magnitude = millimes.unsigned_abs();
    let dinars = (magnitude / 1_000).to_string();
    let mut groupe = String::with_capacity(dinars.len() + dinars.len() / 3);
    for (index, chiffre) in dinars.chars().enumerate() {
        if index > 0 && (dinars.len() - index).is_multiple_of(3) {
            groupe.push(' ');
        }
        groupe.push(chiffre);
    }
    format!("{signe}{groupe},{:03}", magnitude % 1_000)
}

/// "1 234,500 DT".
pub fn montant_fr(millimes: i128) -> String {
    format!("{} DT", nombre_fr(millimes))
}

/// "31/12/2025".
pub fn date_fr(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// The amount in DT as a spreadsheet number, read from its decimal text so that no float
/// arithmetic rounds it: 1234500 millimes → 1234.5.
pub fn en_dinars(millimes: i128) -> f64 {
    let signe = if millimes < 0 { "-" } else { "" };
    let magnitude = millimes.unsigned_abs();
    format!("{signe}{}.{:03}", magnitude / 1_000, magnitude % 1_000)
        .parse()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_grouped_by_thousands_with_three_decimals() {
        assert_eq!(montant_fr(1_234_500), "1 234,500 DT");
        assert_eq!(montant_fr(0), "0,000 DT");
        assert_eq!(montant_fr(-12_000), "-12,000 DT");
        assert_eq!(nombre_fr(1_000_000_001), "1 000 000,001");
    }

    #[test]
    fn a_spreadsheet_number_is_the_exact_decimal() {
        assert_eq!(en_dinars(1_234_500).to_string(), "1234.5");
        assert_eq!(en_dinars(-1).to_string(), "-0.001");
    }
}
