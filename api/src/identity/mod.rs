//! Residences and their users: the operations behind the `daftar residence …` and
//! `daftar user …` commands and the sign-in, callable from the CLI, the server and tests alike.
//! Each takes the [`Database`]; none knows about HTTP.

pub mod council;
mod tel;

use std::collections::BTreeMap;

use chrono::Utc;
use daftar_projections::db::timestamp;
use daftar_projections::Database;
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::auth::password;

pub use tel::{Tel, TelError};

/// Shortest password accepted when one is set (the login rule of spec 1 §5 says 8 characters;
/// the settings screen's own change-password rule, 12, belongs to that route).
pub const MIN_PASSWORD_LEN: usize = 8;

#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    #[error("residence {0} not found")]
    ResidenceNotFound(i64),
    #[error("no user with phone number {0}")]
    UserNotFound(String),
    #[error("phone number {0} is already used by another user")]
    TelAlreadyUsed(String),
    #[error("invalid phone number: {0}")]
    InvalidTel(#[from] TelError),
    #[error("the password must have at least {MIN_PASSWORD_LEN} characters")]
    PasswordTooShort,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// A residence (one co-ownership building), the unit every piece of data is scoped by.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Residence {
    pub id: i64,
    pub nom: String,
    /// The street address (empty until recorded), printed on receipts.
    pub adresse: String,
    pub ville: String,
    pub active: bool,
}

/// What `daftar user add` needs to create a user.
#[derive(Debug, Clone, Default)]
pub struct NewUser {
    pub residence_id: i64,
    pub tel: String,
    pub nom: String,
    /// `None`: no password yet; the user cannot sign in until one is set.
    pub password: Option<String>,
    pub is_syndic: bool,
    pub is_finance: bool,
    pub is_president: bool,
    pub is_registration_finalized: bool,
}

/// A user with the residence it belongs to, as read for sign-in and for every request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserRecord {
    pub id: i64,
    pub residence_id: i64,
    pub residence_nom: String,
    pub residence_active: bool,
    pub nom: String,
    pub tel: String,
    pub email: Option<String>,
    pub birthday: Option<String>,
    pub gender: Option<String>,
    pub password_hash: Option<String>,
    pub is_syndic: bool,
    pub is_finance: bool,
    pub is_president: bool,
    /// Permission key → granted (e.g. `see.dashboard.tresorerie`).
    pub features: BTreeMap<String, bool>,
    pub is_registration_finalized: bool,
    pub active: bool,
}

/// Columns of [`UserRecord`], for queries joining `users u` and `residences r`.
pub(crate) const USER_COLUMNS: &str = "u.id, u.residence_id, r.nom AS residence_nom, \
     r.active AS residence_active, u.nom, u.tel, u.email, u.birthday, u.gender, u.password_hash, \
     u.is_syndic, u.is_finance, u.is_president, u.features, u.is_registration_finalized, u.active";

impl UserRecord {
    pub(crate) fn from_row(row: &AnyRow) -> Result<Self, sqlx::Error> {
        let features_text: String = row.try_get("features")?;
        let features = serde_json::from_str(&features_text).unwrap_or_else(|error| {
            tracing::error!(%error, "users.features is not a JSON map of booleans; ignoring it");
            BTreeMap::new()
        });
        Ok(Self {
            id: row.try_get("id")?,
            residence_id: row.try_get("residence_id")?,
            residence_nom: row.try_get("residence_nom")?,
            residence_active: flag(row, "residence_active")?,
            nom: row.try_get("nom")?,
            tel: row.try_get("tel")?,
            email: row.try_get("email")?,
            birthday: row.try_get("birthday")?,
            gender: row.try_get("gender")?,
            password_hash: row.try_get("password_hash")?,
            is_syndic: flag(row, "is_syndic")?,
            is_finance: flag(row, "is_finance")?,
            is_president: flag(row, "is_president")?,
            features,
            is_registration_finalized: flag(row, "is_registration_finalized")?,
            active: flag(row, "active")?,
        })
    }
}

/// Reads an INTEGER 0/1 flag (see the identity migration for why flags are not BOOLEAN).
pub(crate) fn flag(row: &AnyRow, column: &str) -> Result<bool, sqlx::Error> {
    Ok(row.try_get::<i64, _>(column)? != 0)
}

/// Binds a flag as INTEGER 0/1.
pub(crate) fn flag_value(value: bool) -> i32 {
    i32::from(value)
}

fn check_password(password: &str) -> Result<(), IdentityError> {
    if password.chars().count() < MIN_PASSWORD_LEN {
        return Err(IdentityError::PasswordTooShort);
    }
    Ok(())
}

async fn hash_off_thread(password: String) -> Result<String, IdentityError> {
    tokio::task::spawn_blocking(move || password::hash_password(&password))
        .await
        .map_err(|error| anyhow::anyhow!("hashing task failed: {error}"))?
        .map_err(IdentityError::Other)
}

/// Creates an active residence and returns its id.
pub async fn create_residence(db: &Database, nom: &str, ville: &str) -> Result<i64, IdentityError> {
    let row = sqlx::query(
        "INSERT INTO residences (nom, ville, active, created_at) VALUES ($1, $2, 1, $3) RETURNING id",
    )
    .bind(nom.trim())
    .bind(ville.trim())
    .bind(timestamp(Utc::now()))
    .fetch_one(&db.pool)
    .await?;
    Ok(row.try_get("id")?)
}

pub async fn find_residence(db: &Database, id: i64) -> Result<Option<Residence>, IdentityError> {
    let row = sqlx::query("SELECT id, nom, adresse, ville, active FROM residences WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    row.map(|row| {
        Ok(Residence {
            id: row.try_get("id")?,
            nom: row.try_get("nom")?,
            adresse: row.try_get("adresse")?,
            ville: row.try_get("ville")?,
            active: flag(&row, "active")?,
        })
    })
    .transpose()
}

/// Records a residence's street address.
pub async fn set_residence_address(
    db: &Database,
    id: i64,
    adresse: &str,
) -> Result<(), IdentityError> {
    let result = sqlx::query("UPDATE residences SET adresse = $1 WHERE id = $2")
        .bind(adresse.trim())
        .bind(id)
        .execute(&db.pool)
        .await?;
    if result.rows_affected() == 0 {
        return Err(IdentityError::ResidenceNotFound(id));
    }
    Ok(())
}

/// Activates or deactivates a residence. Its users then get `residence_inactive` on every call.
pub async fn set_residence_active(
    db: &Database,
    id: i64,
    active: bool,
) -> Result<(), IdentityError> {
    let result = sqlx::query("UPDATE residences SET active = $1 WHERE id = $2")
        .bind(flag_value(active))
        .bind(id)
        .execute(&db.pool)
        .await?;
    if result.rows_affected() == 0 {
        return Err(IdentityError::ResidenceNotFound(id));
    }
    Ok(())
}

/// Creates a user in an existing residence and returns its id. The phone number must be valid
/// and not used by any user of any residence (one sign-in per number).
pub async fn add_user(db: &Database, user: NewUser) -> Result<i64, IdentityError> {
    let tel = Tel::parse(&user.tel)?;
    if find_residence(db, user.residence_id).await?.is_none() {
        return Err(IdentityError::ResidenceNotFound(user.residence_id));
    }
    if find_user_by_tel(db, &tel).await?.is_some() {
        return Err(IdentityError::TelAlreadyUsed(tel.to_string()));
    }
    let password_hash = match user.password {
        Some(password) => {
            check_password(&password)?;
            Some(hash_off_thread(password).await?)
        }
        None => None,
    };
    let inserted = sqlx::query(
        "INSERT INTO users (residence_id, tel, nom, password_hash, is_syndic, is_finance, \
         is_president, features, is_registration_finalized, active, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, '{}', $8, 1, $9) RETURNING id",
    )
    .bind(user.residence_id)
    .bind(tel.as_str())
    .bind(user.nom.trim())
    .bind(password_hash)
    .bind(flag_value(user.is_syndic))
    .bind(flag_value(user.is_finance))
    .bind(flag_value(user.is_president))
    .bind(flag_value(user.is_registration_finalized))
    .bind(timestamp(Utc::now()))
    .fetch_one(&db.pool)
    .await;
    match inserted {
        Ok(row) => Ok(row.try_get("id")?),
        // Lost a race with another insert of the same number.
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
            Err(IdentityError::TelAlreadyUsed(tel.to_string()))
        }
        Err(error) => Err(error.into()),
    }
}

/// Sets (or replaces) the password of the user with this phone number and ends every session of
/// that user (whoever knew the old password is signed out everywhere), but the one of
/// `keep_session` (a cookie token: the session that changed its own password).
pub async fn set_password(
    db: &Database,
    tel: &str,
    password: &str,
    keep_session: Option<&str>,
) -> Result<(), IdentityError> {
    let tel = Tel::parse(tel)?;
    check_password(password)?;
    let hash = hash_off_thread(password.to_owned()).await?;
    let updated = sqlx::query("UPDATE users SET password_hash = $1 WHERE tel = $2 RETURNING id")
        .bind(hash)
        .bind(tel.as_str())
        .fetch_optional(&db.pool)
        .await?;
    let Some(row) = updated else {
        return Err(IdentityError::UserNotFound(tel.to_string()));
    };
    crate::auth::session::end_all(db, row.try_get("id")?, keep_session).await?;
    Ok(())
}

/// Replaces the password of user `user_id` (the settings page, whose own length rule is checked
/// by its route) and ends every other session of that user but `keep_session`'s.
pub async fn change_password(
    db: &Database,
    user_id: i64,
    password: &str,
    keep_session: Option<&str>,
) -> Result<(), IdentityError> {
    check_password(password)?;
    let hash = hash_off_thread(password.to_owned()).await?;
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    crate::auth::session::end_all(db, user_id, keep_session).await?;
    Ok(())
}

/// What the first-login dialog completes (spec 3 §2.13).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Profile {
    pub email: String,
    pub birthday: chrono::NaiveDate,
    pub gender: crate::request::Sexe,
}

/// Records a user's first-login profile and finalizes the registration, in one statement that
/// only touches a user not finalized yet: `false` when the registration was already finalized
/// (two tabs submitting at once finalize it once).
pub async fn finalize_registration(
    db: &Database,
    user_id: i64,
    profile: &Profile,
) -> Result<bool, IdentityError> {
    let result = sqlx::query(
        "UPDATE users SET email = $1, birthday = $2, gender = $3, is_registration_finalized = 1 \
         WHERE id = $4 AND is_registration_finalized = 0",
    )
    .bind(&profile.email)
    .bind(profile.birthday.format("%Y-%m-%d").to_string())
    .bind(profile.gender.as_str())
    .bind(user_id)
    .execute(&db.pool)
    .await?;
    Ok(result.rows_affected() == 1)
}

/// Replaces a user's password hash (after a sign-in found it made with outdated parameters).
pub(crate) async fn store_password_hash(
    db: &Database,
    user_id: i64,
    hash: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(hash)
        .bind(user_id)
        .execute(&db.pool)
        .await?;
    Ok(())
}

/// Activates or deactivates a user. A deactivated user keeps its sessions but gets
/// `user_inactive` on every call until reactivated.
pub async fn set_user_active(db: &Database, tel: &str, active: bool) -> Result<(), IdentityError> {
    let tel = Tel::parse(tel)?;
    let result = sqlx::query("UPDATE users SET active = $1 WHERE tel = $2")
        .bind(flag_value(active))
        .bind(tel.as_str())
        .execute(&db.pool)
        .await?;
    if result.rows_affected() == 0 {
        return Err(IdentityError::UserNotFound(tel.to_string()));
    }
    Ok(())
}

pub async fn find_user_by_tel(
    db: &Database,
    tel: &Tel,
) -> Result<Option<UserRecord>, IdentityError> {
    let sql = format!(
        "SELECT {USER_COLUMNS} FROM users u JOIN residences r ON r.id = u.residence_id WHERE u.tel = $1"
    );
    let row = sqlx::query(&sql)
        .bind(tel.as_str())
        .fetch_optional(&db.pool)
        .await?;
    Ok(row.as_ref().map(UserRecord::from_row).transpose()?)
}

pub async fn find_user(db: &Database, id: i64) -> Result<Option<UserRecord>, IdentityError> {
    let sql = format!(
        "SELECT {USER_COLUMNS} FROM users u JOIN residences r ON r.id = u.residence_id WHERE u.id = $1"
    );
    let row = sqlx::query(&sql).bind(id).fetch_optional(&db.pool).await?;
    Ok(row.as_ref().map(UserRecord::from_row).transpose()?)
}

impl From<IdentityError> for crate::error::ApiError {
    fn from(error: IdentityError) -> Self {
        crate::error::ApiError::internal(error)
    }
}
