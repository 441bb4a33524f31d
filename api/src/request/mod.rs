//! The one shared place where requests become commands: field parsing with coded field errors
//! (texts, dates, periods, enumerations, ids, amounts), used by every area's request types.
//!
//! An area's request type holds what the client sent (fields optional, so that every missing or
//! wrong one is reported under its own name) and converts with `TryFrom` into what its handler
//! runs; the rules shared by several areas live here, never in a sibling area.

mod fields;
mod montant;
mod sexe;

pub use fields::{
    date, date_requise, email, enumeration, montant_entier, optional_line, optional_text, period,
    required_id, required_text, tel,
};
pub use montant::{lire, montant, Lecture, Minimum, MontantSaisi, Precision, MONTANT_MAX};
pub use sexe::{sexe, Sexe};
