//! The user's own account (spec 3 §2.13, §5 "First login", "Change email", "Change password",
//! §7 "Settings, first login"): `/api/first-login-info`, the settings (`/api/parametres…`,
//! [`parametres`]), the e-mail verification (`/api/email/…`, [`verification`]) and the support's
//! contact (`/api/support`, [`support`]). They read the identity tables only.

pub mod parametres;
pub mod support;
pub mod verification;

use actix_web::http::Method;
use actix_web::{web, HttpRequest};

use crate::routes::resource;
use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::answers::SignedInWrite;
use crate::auth::Account;
use crate::error::{ApiError, ErrorBody, ErrorCode, FieldErrors};
use crate::extract::ApiJson;
use crate::identity::{self, Profile};
use crate::request::{self, Sexe};
use crate::routes::auth::AuthUserResponse;
use crate::startup::AppState;

pub fn configure(cfg: &mut web::ServiceConfig) {
    crate::routes::register(
        cfg,
        crate::routes::ReadModels::NONE,
        [
            resource("/first-login-info", Method::POST, first_login_info),
            resource("/parametres", Method::GET, parametres::parametres),
            resource(
                "/parametres/modifier-email",
                Method::POST,
                parametres::modifier_email,
            ),
            resource(
                "/parametres/modifier-mdp",
                Method::POST,
                parametres::modifier_mdp,
            ),
            resource(
                "/email/send-verification",
                Method::POST,
                parametres::send_verification,
            ),
            resource("/email/verify/{token}", Method::GET, parametres::verify),
            resource("/support", Method::GET, support::support),
        ],
    );
}

/// The earliest birth date accepted: anything before is a typing slip.
const NAISSANCE_MIN: NaiveDate = match NaiveDate::from_ymd_opt(1900, 1, 1) {
    Some(date) => date,
    None => panic!("1900-01-01 is a date"),
};

/// `POST /api/first-login-info` body.
#[derive(Debug, Deserialize, ToSchema)]
pub struct FirstLoginInfoRequest {
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    pub email: Option<String>,
    /// `yyyy-mm-dd`, after 1900-01-01 and not after today.
    #[serde(default)]
    #[schema(value_type = String, format = Date, required = true)]
    pub birthday: Option<String>,
    #[serde(default)]
    #[schema(value_type = Sexe, required = true)]
    pub gender: Option<String>,
}

impl FirstLoginInfoRequest {
    fn into_profile(self, today: NaiveDate) -> Result<Profile, ApiError> {
        let mut errors = FieldErrors::new();
        let email = match request::email(&mut errors, "email", self.email) {
            Some(email) => email,
            None => {
                errors.add("email", ErrorCode::ChampObligatoire);
                String::new()
            }
        };
        let birthday = request::date_requise(&mut errors, "birthday", self.birthday);
        if birthday.is_some_and(|day| day < NAISSANCE_MIN || day > today) {
            errors.add("birthday", ErrorCode::DateNaissanceInvalide);
        }
        let gender = request::sexe(&mut errors, "gender", self.gender);
        errors.into_result()?;
        match (birthday, gender) {
            (Some(birthday), Some(gender)) => Ok(Profile {
                email,
                birthday,
                gender,
            }),
            _ => Err(ApiError::internal(anyhow::anyhow!(
                "a validated first-login form lacks a value"
            ))),
        }
    }
}

/// Completes the signed-in user's registration (the first-login dialog): e-mail, birth date and
/// gender. Once done, the access guard lets the user into the app; a second call is refused
/// (409 `inscription_deja_finalisee`: the settings page changes the e-mail afterwards). A
/// verification mail is then sent to the address (spec 3 §4 "Registration"), in the language of
/// `Accept-Language`; its failure is logged and does not undo the registration (the settings
/// page sends it again).
#[utoipa::path(
    post,
    path = "/api/first-login-info",
    operation_id = "firstLoginInfo",
    tag = "compte",
    request_body = FirstLoginInfoRequest,
    responses(
        (status = 200, description = "Registration finalized: the updated user", body = AuthUserResponse),
        (status = 403, description = "`user_inactive` or `residence_inactive`", body = ErrorBody),
        (status = 409, description = "`inscription_deja_finalisee`", body = ErrorBody),
        (status = 422, description = "`validation_failed`: `email` (`champ_obligatoire`, `email_invalide`), `birthday` (`champ_obligatoire`, `date_invalide`, `date_naissance_invalide`), `gender` (`champ_obligatoire`, `sexe_invalide`)", body = ErrorBody),
        SignedInWrite,
    ),
    security(("session" = [], "xsrf" = []))
)]
pub async fn first_login_info(
    state: web::Data<AppState>,
    current: Account,
    req: HttpRequest,
    body: ApiJson<FirstLoginInfoRequest>,
) -> Result<web::Json<AuthUserResponse>, ApiError> {
    let profile = body.into_inner().into_profile(state.today())?;
    if !identity::finalize_registration(&state.db, current.id, &profile).await? {
        return Err(ErrorCode::InscriptionDejaFinalisee.into());
    }
    let user = identity::find_user(&state.db, current.id)
        .await?
        .ok_or(ErrorCode::Unauthenticated)?;
    let langue = crate::mail::Langue::de_la_requete(&req);
    let envoi = async {
        verification::verifier_quota(&state.db, user.id, state.settings.clock.now()).await?;
        verification::envoyer_pour_adresse_actuelle(&state, &user, &profile.email, langue).await
    };
    match envoi.await {
        Ok(Ok(())) => {}
        Ok(Err(error)) => {
            tracing::error!(
                error = format!("{error:#}"),
                user = user.id,
                "first-login verification mail failed"
            )
        }
        Err(error) => tracing::error!(
            code = %error.code(),
            user = user.id,
            "first-login verification mail not sent"
        ),
    }
    Ok(web::Json(AuthUserResponse::from(&user)))
}

/// This area's part of the OpenAPI document.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        first_login_info,
        parametres::parametres,
        parametres::modifier_email,
        parametres::modifier_mdp,
        parametres::send_verification,
        parametres::verify,
        support::support,
    ),
    components(schemas(
        FirstLoginInfoRequest,
        Sexe,
        parametres::ParametresResponse,
        parametres::MessageResponse,
        parametres::ModifierEmailResponse,
        parametres::ModifierEmailRequest,
        parametres::ModifierMotDePasseRequest,
        support::SupportResponse,
    )),
    tags((name = "compte", description = "The user's own account: first-login profile, settings, e-mail verification, support contact")),
)]
pub struct Api;

#[cfg(test)]
mod tests {
    use super::*;

    fn form(email: &str, birthday: &str, gender: &str) -> FirstLoginInfoRequest {
        FirstLoginInfoRequest {
            email: Some(email.to_owned()),
            birthday: Some(birthday.to_owned()),
            gender: Some(gender.to_owned()),
        }
    }

    fn codes(error: &ApiError, field: &str) -> Vec<ErrorCode> {
        error
            .field_errors()
            .map_or_else(Vec::new, |errors| errors.codes(field))
    }

    const TODAY: NaiveDate = match NaiveDate::from_ymd_opt(2026, 11, 22) {
        Some(date) => date,
        None => panic!(),
    };

    #[test]
    fn a_complete_form_becomes_a_profile() {
        let profile = form("amel@exemple.tn", "1984-03-09", "femme")
            .into_profile(TODAY)
            .unwrap();
        assert_eq!(profile.email, "amel@exemple.tn");
        assert_eq!(
            profile.birthday,
            NaiveDate::from_ymd_opt(1984, 3, 9).unwrap()
        );
        assert_eq!(profile.gender, Sexe::Femme);
    }

    #[test]
    fn a_birth_date_in_the_future_or_before_1900_is_refused() {
        for day in ["2026-11-23", "1899-12-31"] {
            let error = form("a@b.tn", day, "homme")
                .into_profile(TODAY)
                .unwrap_err();
            assert_eq!(
                codes(&error, "birthday"),
                [ErrorCode::DateNaissanceInvalide],
                "{day}"
            );
        }
        assert!(form("a@b.tn", "2026-11-22", "homme")
            .into_profile(TODAY)
            .is_ok());
    }

    #[test]
    fn every_missing_field_is_named() {
        let error = FirstLoginInfoRequest {
            email: None,
            birthday: Some(" ".to_owned()),
            gender: None,
        }
        .into_profile(TODAY)
        .unwrap_err();
        for field in ["email", "birthday", "gender"] {
            assert_eq!(
                codes(&error, field),
                [ErrorCode::ChampObligatoire],
                "{field}"
            );
        }
    }
}
