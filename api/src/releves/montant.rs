//! Amounts and dates of statements, read exactly: a text of digits becomes millimes without a
//! float, whatever the bank's way of writing it ("1 234,567", "1.234,5", "1,234.50", "-12,3",
//! "12,30-", "(12.30)", "12,300 TND").

use chrono::NaiveDate;
use daftar_domain::banque::releves::{FormatDate, SeparateurDecimal};

/// Millimes from a bank's amount text; `Ok(None)` for an empty cell. The error is a short
/// French reason ("montant illisible: 12,3,4").
pub fn lire_montant(texte: &str, separateur: SeparateurDecimal) -> Result<Option<i64>, String> {
    let illisible = || format!("montant illisible: {}", texte.trim());
    let mut t: String = texte
        .trim()
        .chars()
        .filter(|c| !matches!(c, ' ' | '\u{a0}' | '\u{202f}' | '\'' | '\u{2019}'))
        .collect();
    for devise in ["TND", "DT", "tnd", "dt", "Dt"] {
        if let Some(reste) = t.strip_suffix(devise) {
            t = reste.to_owned();
        }
    }
    if t.is_empty() {
        return Ok(None);
    }
    let mut negatif = false;
    if t.starts_with('(') && t.ends_with(')') && t.len() > 2 {
        negatif = true;
        t = t[1..t.len() - 1].to_owned();
    }
    if let Some(reste) = t.strip_prefix('-') {
        negatif = !negatif;
        t = reste.to_owned();
    } else if let Some(reste) = t.strip_prefix('+') {
        t = reste.to_owned();
    } else if let Some(reste) = t.strip_suffix('-') {
        negatif = !negatif;
        t = reste.to_owned();
    }
    let (decimal, milliers) = match separateur {
        SeparateurDecimal::Virgule => (',', '.'),
        SeparateurDecimal::Point => ('.', ','),
    };
    let mut parties = t.split(decimal);
    let entier = parties.next().unwrap_or_default();
    let fraction = parties.next();
    if parties.next().is_some() {
        return Err(illisible());
    }
    // Thousands separators only between groups of three digits.
    let groupes: Vec<&str> = entier.split(milliers).collect();
    if groupes.len() > 1
        && (groupes[0].is_empty()
            || groupes[0].len() > 3
            || groupes[1..].iter().any(|g| g.len() != 3))
    {
        return Err(illisible());
    }
    let entier: String = groupes.concat();
    let fraction = fraction.unwrap_or("");
    if (entier.is_empty() && fraction.is_empty())
        || !entier.bytes().all(|b| b.is_ascii_digit())
        || !fraction.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(illisible());
    }
    if fraction.len() > 3 {
        return Err(format!("plus de trois décimales: {}", texte.trim()));
    }
    let dinars: i64 = if entier.is_empty() {
        0
    } else {
        entier.parse().map_err(|_| illisible())?
    };
    let millimes: i64 = format!("{fraction:0<3}").parse().map_err(|_| illisible())?;
    let total = dinars
        .checked_mul(1000)
        .and_then(|d| d.checked_add(millimes))
        .filter(|t| *t <= 1_000_000_000_000)
        .ok_or_else(|| format!("montant trop grand: {}", texte.trim()))?;
    Ok(Some(if negatif { -total } else { total }))
}

/// A date as the mapping says the bank writes it; ISO dates (`2026-10-03`, what a spreadsheet's
/// date cell reads as) are accepted whatever the mapping.
pub fn lire_date(texte: &str, format: FormatDate) -> Result<NaiveDate, String> {
    let texte = texte.trim();
    let motif = match format {
        FormatDate::JjMmAaaaBarre => "%d/%m/%Y",
        FormatDate::AaaaMmJj => "%Y-%m-%d",
        FormatDate::JjMmAaaaTiret => "%d-%m-%Y",
        FormatDate::JjMmAaaaPoint => "%d.%m.%Y",
    };
    // A time after the date (a spreadsheet's "03/10/2026 00:00:00") is ignored.
    let jour = texte.split_whitespace().next().unwrap_or("");
    NaiveDate::parse_from_str(jour, motif)
        .or_else(|_| NaiveDate::parse_from_str(jour, "%Y-%m-%d"))
        .ok()
        .filter(|d| (1990..=2100).contains(&chrono::Datelike::year(d)))
        .ok_or_else(|| format!("date illisible: {texte}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fr(texte: &str) -> Result<Option<i64>, String> {
        lire_montant(texte, SeparateurDecimal::Virgule)
    }

    fn en(texte: &str) -> Result<Option<i64>, String> {
        lire_montant(texte, SeparateurDecimal::Point)
    }

    #[test]
    fn french_amounts_read_exactly_into_millimes() {
        assert_eq!(fr("1 234,567"), Ok(Some(1_234_567)));
        assert_eq!(fr("1\u{a0}234,5"), Ok(Some(1_234_500)));
        assert_eq!(fr("1.234,50"), Ok(Some(1_234_500)));
        assert_eq!(fr("-12,3"), Ok(Some(-12_300)));
        assert_eq!(fr("12,30-"), Ok(Some(-12_300)));
        assert_eq!(fr("(12,30)"), Ok(Some(-12_300)));
        assert_eq!(fr("110"), Ok(Some(110_000)));
        assert_eq!(fr("0,001"), Ok(Some(1)));
        assert_eq!(fr("12,300 TND"), Ok(Some(12_300)));
        assert_eq!(fr("  "), Ok(None));
    }

    #[test]
    fn dot_decimal_amounts_read_with_comma_thousands() {
        assert_eq!(en("1,234.567"), Ok(Some(1_234_567)));
        assert_eq!(en("-0.5"), Ok(Some(-500)));
        assert_eq!(en("+45.000"), Ok(Some(45_000)));
    }

    #[test]
    fn unreadable_amounts_say_why() {
        assert_eq!(fr("12,3,4"), Err("montant illisible: 12,3,4".into()));
        assert!(fr("12,3456").unwrap_err().contains("trois décimales"));
        assert!(fr("1.23,4").is_err());
        assert!(fr("abc").is_err());
        assert!(en("1,23.4").is_err());
        assert!(fr("99999999999999").is_err());
    }

    #[test]
    fn dates_follow_the_mapping_or_iso() {
        let d = NaiveDate::from_ymd_opt(2026, 10, 3).unwrap();
        assert_eq!(lire_date("03/10/2026", FormatDate::JjMmAaaaBarre), Ok(d));
        assert_eq!(lire_date("03.10.2026", FormatDate::JjMmAaaaPoint), Ok(d));
        assert_eq!(lire_date("03-10-2026", FormatDate::JjMmAaaaTiret), Ok(d));
        assert_eq!(lire_date("2026-10-03", FormatDate::JjMmAaaaBarre), Ok(d));
        assert_eq!(
            lire_date("2026-10-03 00:00:00", FormatDate::AaaaMmJj),
            Ok(d)
        );
        assert!(lire_date("31/02/2026", FormatDate::JjMmAaaaBarre).is_err());
    }
}
