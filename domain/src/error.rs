//! Stable error codes shared by the domain, the API and the web client.

/// A refusal the user can act on carries a stable code (`exercice_cloture`,
/// `aucun_exercice_ouvert`, …). The API maps each code to its HTTP status in one table; the web
/// client localizes by code. Codes are a public contract: never rename one.
pub trait CodeErreur {
    fn code(&self) -> &'static str;
}
