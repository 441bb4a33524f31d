//! `/api/auth/…`: who is signed in.

pub mod status;

use std::collections::BTreeMap;

use actix_web::http::Method;
use actix_web::web;

use crate::routes::resource;
use serde::Serialize;
use utoipa::ToSchema;

use crate::identity::UserRecord;

use status::auth_status;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(resource("/auth/status", Method::GET, auth_status));
}

/// The signed-in user as the client stores it (spec 1 §3 "User").
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AuthUser {
    pub id: i64,
    pub nom: String,
    pub tel: String,
    pub email: Option<String>,
    /// `yyyy-mm-dd`.
    pub birthday: Option<String>,
    /// `homme` or `femme`.
    pub gender: Option<String>,
    pub is_syndic: bool,
    pub is_finance: bool,
    pub is_president: bool,
    /// The ten visibility keys, resolved (a key never set is granted; a council member is
    /// granted all ten): `see.dashboard.tresorerie` → true (`crate::visibilite`).
    pub features: BTreeMap<String, bool>,
    /// `false` until the first-login profile completion (`/informations-generales`) is done.
    pub is_registration_finalized: bool,
    pub residence: ResidenceRef,
}

/// The residence a user belongs to.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ResidenceRef {
    pub id: i64,
    pub nom: String,
}

impl From<&UserRecord> for AuthUser {
    fn from(user: &UserRecord) -> Self {
        Self {
            id: user.id,
            nom: user.nom.clone(),
            tel: user.tel.clone(),
            email: user.email.clone(),
            birthday: user.birthday.clone(),
            gender: user.gender.clone(),
            is_syndic: user.is_syndic,
            is_finance: user.is_finance,
            is_president: user.is_president,
            features: crate::visibilite::resolues(user),
            is_registration_finalized: user.is_registration_finalized,
            residence: ResidenceRef {
                id: user.residence_id,
                nom: user.residence_nom.clone(),
            },
        }
    }
}

/// `{"success": true, "user": …}`: the answer of `POST /login` and `GET /api/auth/status`.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuthUserResponse {
    /// Always `true`.
    pub success: bool,
    pub user: AuthUser,
}

impl From<&UserRecord> for AuthUserResponse {
    fn from(user: &UserRecord) -> Self {
        Self {
            success: true,
            user: user.into(),
        }
    }
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(status::auth_status),
    components(schemas(AuthUser, AuthUserResponse, ResidenceRef)),
    tags((name = "auth", description = "The signed-in user")),
)]
pub struct Api;
