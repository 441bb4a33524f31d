//! The co-owner sign-in an occupant's phone number gives.
//!
//! An occupant with a phone number can sign in to the co-owner space of its residence with that
//! number. A number is one sign-in across the product (docs/decisions.md), so:
//! - no user has the number: a user is created (no password, not in the council, profile not
//!   finalized); support or the password reset gives it a password;
//! - a user of the same residence has it: nothing to do (a council member can be an occupant);
//! - a user of another residence has it: refused with 422 `tel_deja_utilise`.
//!
//! Order in the handlers: [`check`] before the ledger command, [`grant`] after it. A refused
//! command therefore leaves no user behind. Were one left over anyway (a race between two
//! requests), it would be harmless: a user without a password cannot sign in. If [`grant`]
//! fails after the command, the occupant exists without its sign-in; saving the occupant again
//! (or `daftar user add`) gives it.

use daftar_projections::Database;

use crate::error::{ApiError, ErrorCode};
use crate::identity::{self, IdentityError, NewUser, Tel};

/// Whether the occupant's number needs a new user.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignIn {
    /// No number, or a user of this residence already has it.
    Present,
    Missing,
}

/// Checks that `tel` can sign in to `residence_id`: 422 `tel_deja_utilise` when a user of
/// another residence has it.
pub async fn check(
    db: &Database,
    residence_id: i64,
    tel: Option<&str>,
) -> Result<SignIn, ApiError> {
    let Some(tel) = tel else {
        return Ok(SignIn::Present);
    };
    let tel = Tel::parse(tel).map_err(|error| ApiError::field("tel", error.code()))?;
    match identity::find_user_by_tel(db, &tel).await? {
        None => Ok(SignIn::Missing),
        Some(user) if user.residence_id == residence_id => Ok(SignIn::Present),
        Some(_) => Err(ErrorCode::TelDejaUtilise.into()),
    }
}

/// Creates the sign-in [`check`] found missing.
pub async fn grant(
    db: &Database,
    residence_id: i64,
    tel: Option<&str>,
    nom: &str,
    needed: SignIn,
) -> Result<(), ApiError> {
    let (Some(tel), SignIn::Missing) = (tel, needed) else {
        return Ok(());
    };
    let created = identity::add_user(
        db,
        NewUser {
            residence_id,
            tel: tel.to_owned(),
            nom: nom.to_owned(),
            ..NewUser::default()
        },
    )
    .await;
    match created {
        Ok(user_id) => {
            tracing::info!(user_id, residence_id, "occupant sign-in created");
            Ok(())
        }
        // Another request gave the number a user since `check`: the occupant is saved; only
        // its sign-in is not ours to create.
        Err(IdentityError::TelAlreadyUsed(_)) => {
            tracing::warn!(
                residence_id,
                "occupant's phone number was taken by another user meanwhile; no sign-in created"
            );
            Ok(())
        }
        Err(error) => Err(error.into()),
    }
}
