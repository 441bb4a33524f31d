//! Sex (`homme` or `femme`): an occupant's and a user's (the first-login profile's `gender`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::{ErrorCode, FieldErrors};

/// `homme` or `femme` (spec 2 §3 "Occupant", spec 3 §2.13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Sexe {
    Homme,
    Femme,
}

impl Sexe {
    /// The wire and stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Sexe::Homme => "homme",
            Sexe::Femme => "femme",
        }
    }
}

/// `homme` or `femme`, required (`sexe_invalide` otherwise).
pub fn sexe(errors: &mut FieldErrors, field: &str, value: Option<String>) -> Option<Sexe> {
    super::enumeration(errors, field, value, ErrorCode::SexeInvalide)
}
