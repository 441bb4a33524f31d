//! SMS reminders (issue 16; spec 1 §2 recouvrement screens, §3 "Occupant recovery detail", §4
//! "SMS state"): the texts ([`modeles`], askama templates in `api/templates/sms/`), what a text
//! costs ([`segments`]) and the gateway that carries it ([`passerelle`]).

pub mod modeles;
pub mod passerelle;
pub mod segments;

pub use passerelle::{ErreurPasserelle, PasserelleSms, Remise};
pub use segments::{compter, Codage, Comptage};
