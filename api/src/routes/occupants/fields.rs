//! The occupancy forms' own values (spec 2 §5 "Occupation edit", "Occupation create",
//! "Occupant dialog"): sex and type of occupation. The shared field rules (texts, phone, e-mail,
//! periods) are in [`crate::request`].

use daftar_domain::occupation;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ErrorCode, FieldErrors};
use crate::request;

pub use crate::request::{sexe, Sexe};

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

/// `proprietaire` or `locataire`, required.
pub fn type_occupation(
    errors: &mut FieldErrors,
    field: &str,
    value: Option<String>,
) -> Option<TypeOccupation> {
    request::enumeration(errors, field, value, ErrorCode::TypeOccupationInvalide)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(text: &str) -> Option<String> {
        Some(text.to_owned())
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
        assert_eq!(errors.codes("sexe"), [ErrorCode::SexeInvalide]);
        assert_eq!(
            errors.codes("type_occupation"),
            [ErrorCode::ChampObligatoire]
        );
    }
}
