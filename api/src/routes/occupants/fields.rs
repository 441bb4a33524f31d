//! Field rules of the occupant and occupation forms (spec 2 §5 "Occupation edit", "Occupation
//! create", "Occupant dialog"), checked on the server with a message per field. The phone and
//! e-mail rules are the domain's ([`tel_valide`], [`email_valide`]), so the form and the ledger
//! can never disagree.

use chrono::NaiveDate;
use daftar_domain::occupation::{self, email_valide, tel_valide};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::FieldErrors;

pub const REQUIRED: &str = "Ce champ est obligatoire.";
pub const TEL_INVALID: &str = "Le téléphone doit contenir exactement 8 chiffres.";
pub const EMAIL_INVALID: &str = "L'adresse e-mail est invalide.";
pub const SEXE_INVALID: &str = "Le sexe doit être « homme » ou « femme ».";
pub const TYPE_OCCUPATION_INVALID: &str =
    "Le type d'occupation doit être « proprietaire » ou « locataire ».";
pub const DATE_INVALID: &str = "La date doit être une date valide au format AAAA-MM-JJ.";
pub const FIN_AVANT_DEBUT: &str = "La date de fin ne peut pas précéder la date de début.";

/// Sex of an occupant (spec 2 §3 "Occupant").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Sexe {
    Homme,
    Femme,
}

impl From<occupation::Sexe> for Sexe {
    fn from(sexe: occupation::Sexe) -> Self {
        match sexe {
            occupation::Sexe::Homme => Sexe::Homme,
            occupation::Sexe::Femme => Sexe::Femme,
        }
    }
}

impl From<Sexe> for occupation::Sexe {
    fn from(sexe: Sexe) -> Self {
        match sexe {
            Sexe::Homme => occupation::Sexe::Homme,
            Sexe::Femme => occupation::Sexe::Femme,
        }
    }
}

/// Owner or tenant (spec 2 §3 "Occupation").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum TypeOccupation {
    Proprietaire,
    Locataire,
}

impl From<occupation::TypeOccupation> for TypeOccupation {
    fn from(value: occupation::TypeOccupation) -> Self {
        match value {
            occupation::TypeOccupation::Proprietaire => TypeOccupation::Proprietaire,
            occupation::TypeOccupation::Locataire => TypeOccupation::Locataire,
        }
    }
}

impl From<TypeOccupation> for occupation::TypeOccupation {
    fn from(value: TypeOccupation) -> Self {
        match value {
            TypeOccupation::Proprietaire => occupation::TypeOccupation::Proprietaire,
            TypeOccupation::Locataire => occupation::TypeOccupation::Locataire,
        }
    }
}

/// A text field trimmed; empty means absent.
pub fn optional_text(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// A required text field (trimmed, not empty).
pub fn required_text(errors: &mut FieldErrors, field: &str, value: Option<String>) -> String {
    match optional_text(value) {
        Some(text) => text,
        None => {
            errors.add(field, REQUIRED);
            String::new()
        }
    }
}

/// A phone number: empty or exactly 8 digits.
pub fn tel(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    let tel = optional_text(value)?;
    if !tel_valide(&tel) {
        errors.add(field, TEL_INVALID);
    }
    Some(tel)
}

/// An e-mail address: empty or valid.
pub fn email(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<String> {
    let email = optional_text(value)?;
    if !email_valide(&email) {
        errors.add(field, EMAIL_INVALID);
    }
    Some(email)
}

/// `homme` or `femme`, required.
pub fn sexe(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<Sexe> {
    match optional_text(value).as_deref() {
        Some("homme") => Some(Sexe::Homme),
        Some("femme") => Some(Sexe::Femme),
        Some(_) => {
            errors.add(field, SEXE_INVALID);
            None
        }
        None => {
            errors.add(field, REQUIRED);
            None
        }
    }
}

/// `proprietaire` or `locataire`, required.
pub fn type_occupation(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
) -> Option<TypeOccupation> {
    match optional_text(value).as_deref() {
        Some("proprietaire") => Some(TypeOccupation::Proprietaire),
        Some("locataire") => Some(TypeOccupation::Locataire),
        Some(_) => {
            errors.add(field, TYPE_OCCUPATION_INVALID);
            None
        }
        None => {
            errors.add(field, REQUIRED);
            None
        }
    }
}

/// A `yyyy-MM-dd` date; `None` when absent or empty (the caller decides whether it is
/// required), an error on the field when it does not parse.
pub fn date(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<NaiveDate> {
    let text = optional_text(value)?;
    match NaiveDate::parse_from_str(&text, "%Y-%m-%d") {
        Ok(date) => Some(date),
        Err(_) => {
            errors.add(field, DATE_INVALID);
            None
        }
    }
}

/// An occupation's period: `date_debut` required, `date_fin` optional (empty: still current)
/// and not before `date_debut`. `None` when either is wrong.
pub fn period(
    errors: &mut FieldErrors,
    date_debut: Option<String>,
    date_fin: Option<String>,
) -> Option<(NaiveDate, Option<NaiveDate>)> {
    let debut_present = date_debut
        .as_deref()
        .is_some_and(|text| !text.trim().is_empty());
    let fin_present = date_fin
        .as_deref()
        .is_some_and(|text| !text.trim().is_empty());
    let debut = date(errors, "date_debut", date_debut);
    if !debut_present {
        errors.add("date_debut", REQUIRED);
    }
    let fin = date(errors, "date_fin", date_fin);
    if fin_present && fin.is_none() {
        return None;
    }
    let debut = debut?;
    if fin.is_some_and(|fin| fin < debut) {
        errors.add("date_fin", FIN_AVANT_DEBUT);
        return None;
    }
    Some((debut, fin))
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
        assert_eq!(errors.0["tel"].len(), 2);
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
        assert_eq!(errors.0["date_debut"], vec![REQUIRED]);

        let mut errors = FieldErrors::new();
        assert_eq!(period(&mut errors, s("2026-02-30"), s("x")), None);
        assert_eq!(errors.0["date_debut"], vec![DATE_INVALID]);
        assert_eq!(errors.0["date_fin"], vec![DATE_INVALID]);

        let mut errors = FieldErrors::new();
        assert_eq!(period(&mut errors, s("2026-03-01"), s("2026-02-28")), None);
        assert_eq!(errors.0["date_fin"], vec![FIN_AVANT_DEBUT]);
    }

    #[test]
    fn enumerations_name_their_values() {
        let mut errors = FieldErrors::new();
        assert_eq!(sexe(&mut errors, "sexe", s("femme")), Some(Sexe::Femme));
        assert_eq!(
            type_occupation(&mut errors, "type_occupation", s("locataire")),
            Some(TypeOccupation::Locataire)
        );
        assert!(errors.is_empty());
        sexe(&mut errors, "sexe", s("autre"));
        type_occupation(&mut errors, "type_occupation", None);
        assert_eq!(errors.0["sexe"], vec![SEXE_INVALID]);
        assert_eq!(errors.0["type_occupation"], vec![REQUIRED]);
    }
}
