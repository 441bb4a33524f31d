//! Identity and access: password hashing, server-side sessions, the CSRF double-submit check,
//! the sign-in throttle and the extractors every `/api` handler uses to know who is calling.
//!
//! - [`CurrentUser`] / [`Coproprietaire`]: a signed-in, active user of an active residence
//!   (else 401 `unauthenticated`, 403 `user_inactive` or 403 `residence_inactive`) whose
//!   books are not set aside by the projector (else 503 `projection_en_echec`);
//! - [`Account`]: the same without the books' check, for the user's own account calls;
//! - [`Syndic`]: and `is_syndic` (else 403 `syndic_required`);
//! - [`Finance`]: and `is_syndic && is_finance` (else 403 `finance_required`);
//! - [`President`]: and `is_syndic && is_president` (else 403 `president_required`).
//!
//! Each carries the caller's `id` and `residence_id`: handlers scope every read and write by that
//! `residence_id`, never by an id taken from the request.

pub mod csrf;
mod extractors;
pub mod password;
pub mod session;
pub mod throttle;

pub use extractors::{
    Account, Coproprietaire, CurrentUser, Finance, FinanceOuPresident, President, Syndic,
};
