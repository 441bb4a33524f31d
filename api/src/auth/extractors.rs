use std::future::Future;
use std::ops::Deref;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};

use crate::auth::session::{self, SessionUser, SESSION_COOKIE};
use crate::error::{ApiError, ErrorCode};
use crate::identity::UserRecord;
use crate::routes::ReadModels;
use crate::startup::AppState;
use daftar_projections::Projector;

type ExtractFuture<T> = Pin<Box<dyn Future<Output = Result<T, ApiError>>>>;

/// The seconds to wait before a route reading `reads` (all models when `None`) is served again,
/// when one of them is catching up: its estimate, between 1 and 60 (5 before its first batch).
fn catching_up_wait(projector: &Projector, reads: Option<&ReadModels>) -> Option<i64> {
    projector
        .catching_up()
        .iter()
        .filter(|catch_up| reads.is_none_or(|reads| reads.0.contains(&catch_up.model)))
        .map(|catch_up| catch_up.seconds_left().unwrap_or(5).clamp(1, 60))
        .max()
}

/// The signed-in caller: an active user of an active residence.
///
/// Rejects with 401 `unauthenticated` (no or expired session), 403 `user_inactive`, 403
/// `residence_inactive`. Loaded once per request (cached in the request's extensions), so a
/// handler may take several of these extractors at no extra cost.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub id: i64,
    /// Scope every query by this: a user never reads or writes another residence's data.
    pub residence_id: i64,
    pub user: UserRecord,
    /// The residence ledger's stream sequence when the request was authenticated: a ledger
    /// read at or past it includes every command committed before the request, on any server
    /// (see [`crate::ledger::LedgerService::read_since`]).
    pub ledger_head: i64,
}

impl CurrentUser {
    fn from_session(session: SessionUser) -> Result<Self, ApiError> {
        let SessionUser { user, ledger_head } = session;
        if !user.active {
            return Err(ErrorCode::UserInactive.into());
        }
        if !user.residence_active {
            return Err(ErrorCode::ResidenceInactive.into());
        }
        Ok(Self {
            id: user.id,
            residence_id: user.residence_id,
            user,
            ledger_head,
        })
    }

    async fn authenticate(req: HttpRequest) -> Result<Self, ApiError> {
        if let Some(current) = req.extensions().get::<CurrentUser>() {
            return Ok(current.clone());
        }
        let state = req
            .app_data::<web::Data<AppState>>()
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("AppState is not registered")))?;
        let token = req
            .cookie(SESSION_COOKIE)
            .map(|cookie| cookie.value().to_owned())
            .filter(|token| !token.is_empty())
            .ok_or(ErrorCode::Unauthenticated)?;
        let session = session::user_of(&state.db, &token, state.settings.sessions)
            .await?
            .ok_or(ErrorCode::Unauthenticated)?;
        let current = Self::from_session(session)?;
        req.extensions_mut().insert(current.clone());
        Ok(current)
    }

    /// As [`CurrentUser::authenticate`], refusing (503 `projection_en_echec`) a user whose
    /// residence's read models are set aside: its answers would be incomplete, and its writes
    /// would never show (see `daftar_projections::projector`); and refusing (503
    /// `projection_en_rattrapage`, with `Retry-After`) while a read model the route reads is
    /// catching up with the journal after a release.
    async fn authenticate_with_books(req: HttpRequest) -> Result<Self, ApiError> {
        let current = Self::authenticate(req.clone()).await?;
        let Some(state) = req.app_data::<web::Data<AppState>>() else {
            return Ok(current);
        };
        let projector = &state.ledger.projector;
        if projector.is_set_aside(current.residence_id) {
            return Err(ErrorCode::ProjectionEnEchec.into());
        }
        if projector.is_any_catching_up() {
            let reads = req.app_data::<ReadModels>();
            if let Some(seconds) = catching_up_wait(projector, reads) {
                return Err(ApiError::new(ErrorCode::ProjectionEnRattrapage)
                    .with_header("retry-after", seconds.to_string()));
            }
        }
        Ok(current)
    }
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = ExtractFuture<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        Box::pin(Self::authenticate_with_books(req.clone()))
    }
}

/// The signed-in caller, even when the residence's books are set aside: for the calls about
/// the user's own account (the auth status, the first-login profile), which the client needs to
/// show anything at all.
#[derive(Debug, Clone)]
pub struct Account(pub CurrentUser);

impl Deref for Account {
    type Target = CurrentUser;
    fn deref(&self) -> &CurrentUser {
        &self.0
    }
}

impl FromRequest for Account {
    type Error = ApiError;
    type Future = ExtractFuture<Self>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { CurrentUser::authenticate(req).await.map(Account) })
    }
}

/// Defines a role extractor: a [`CurrentUser`] that also passes `$allowed`, else `$code`.
macro_rules! role_extractor {
    ($(#[$doc:meta])* $name:ident, $code:expr, |$user:ident| $allowed:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $name(pub CurrentUser);

        impl Deref for $name {
            type Target = CurrentUser;
            fn deref(&self) -> &CurrentUser {
                &self.0
            }
        }

        impl FromRequest for $name {
            type Error = ApiError;
            type Future = ExtractFuture<Self>;

            fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
                let req = req.clone();
                Box::pin(async move {
                    let current = CurrentUser::authenticate_with_books(req).await?;
                    let $user = &current.user;
                    if $allowed {
                        Ok($name(current))
                    } else {
                        Err($code.into())
                    }
                })
            }
        }
    };
}

role_extractor!(
    /// Any signed-in, active user of the residence (the co-owner space, spec 3 §1).
    Coproprietaire,
    ErrorCode::Forbidden,
    |_user| true
);

role_extractor!(
    /// A council member (`is_syndic`): the syndic space. Else 403 `syndic_required`.
    Syndic,
    ErrorCode::SyndicRequired,
    |user| user.is_syndic
);

role_extractor!(
    /// The treasurer (`is_syndic && is_finance`): creates and changes money items (spec 1 §6).
    /// Else 403 `finance_required`.
    Finance,
    ErrorCode::FinanceRequired,
    |user| user.is_syndic && user.is_finance
);

role_extractor!(
    /// The president (`is_syndic && is_president`): meetings, rules documents, the council
    /// (spec 3 §6). Else 403 `president_required`.
    President,
    ErrorCode::PresidentRequired,
    |user| user.is_syndic && user.is_president
);

role_extractor!(
    /// The treasurer or the president: the employees (spec 2 §1, §6 "is_finance or
    /// is_president"). Else 403 `finance_ou_president_required`.
    FinanceOuPresident,
    ErrorCode::FinanceOuPresidentRequired,
    |user| user.is_syndic && (user.is_finance || user.is_president)
);

#[cfg(test)]
mod tests {
    //! The extractors through throwaway handlers (test-only routes, never in production code).

    use std::sync::Arc;

    use actix_web::cookie::Cookie;
    use actix_web::http::StatusCode;
    use actix_web::{test, App, HttpResponse};

    use super::*;
    use crate::auth::session;
    use crate::configuration::Settings;
    use crate::identity::{self, NewUser};

    async fn who(user: CurrentUser) -> HttpResponse {
        HttpResponse::Ok().body(format!("{}:{}", user.id, user.residence_id))
    }
    async fn copro(user: Coproprietaire) -> HttpResponse {
        HttpResponse::Ok().body(user.residence_id.to_string())
    }
    async fn syndic(user: Syndic) -> HttpResponse {
        HttpResponse::Ok().body(user.id.to_string())
    }
    async fn finance(user: Finance) -> HttpResponse {
        HttpResponse::Ok().body(user.id.to_string())
    }
    async fn president(user: President) -> HttpResponse {
        HttpResponse::Ok().body(user.id.to_string())
    }
    async fn two(a: CurrentUser, b: Finance) -> HttpResponse {
        HttpResponse::Ok().body(format!("{}={}", a.id, b.id))
    }

    struct World {
        _dir: tempfile::TempDir,
        state: web::Data<AppState>,
    }

    async fn world() -> World {
        let dir = tempfile::tempdir().unwrap();
        let settings = Settings::from_lookup(|key| match key {
            "DAFTAR_DATA_DIR" => Some(dir.path().display().to_string()),
            _ => None,
        })
        .unwrap();
        let db = settings.connect_database().await.unwrap();
        let state = web::Data::new(AppState::new(db, Arc::new(settings)).unwrap());
        World { _dir: dir, state }
    }

    /// Creates a user (no password: sessions are made directly) and returns a session token.
    async fn sign_in(
        world: &World,
        residence_id: i64,
        tel: &str,
        roles: (bool, bool, bool),
    ) -> String {
        let id = identity::add_user(
            &world.state.db,
            NewUser {
                residence_id,
                tel: tel.into(),
                nom: format!("User {tel}"),
                is_syndic: roles.0,
                is_finance: roles.1,
                is_president: roles.2,
                ..NewUser::default()
            },
        )
        .await
        .unwrap();
        session::create(
            &world.state.db,
            id,
            crate::configuration::SessionPolicy::DEFAULT,
        )
        .await
        .unwrap()
    }

    async fn call(world: &World, path: &str, token: Option<&str>) -> (StatusCode, String) {
        let app = test::init_service(
            App::new()
                .app_data(world.state.clone())
                .route("/who", web::get().to(who))
                .route("/copro", web::get().to(copro))
                .route("/syndic", web::get().to(syndic))
                .route("/finance", web::get().to(finance))
                .route("/president", web::get().to(president))
                .route("/two", web::get().to(two)),
        )
        .await;
        let mut req = test::TestRequest::get().uri(path);
        if let Some(token) = token {
            req = req.cookie(Cookie::new(SESSION_COOKIE, token.to_owned()));
        }
        let res = test::call_service(&app, req.to_request()).await;
        let status = res.status();
        let body = String::from_utf8(test::read_body(res).await.to_vec()).unwrap();
        (status, body)
    }

    fn code_of(body: &str) -> String {
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        json["code"].as_str().unwrap().to_owned()
    }

    #[actix_web::test]
    async fn signed_out_callers_are_unauthenticated() {
        let world = world().await;
        for path in ["/who", "/copro", "/syndic", "/finance", "/president"] {
            let (status, body) = call(&world, path, None).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
            assert_eq!(code_of(&body), "unauthenticated");
            let (status, _) = call(&world, path, Some("forged-token")).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
        }
    }

    #[actix_web::test]
    async fn each_role_extractor_admits_its_role_only() {
        let world = world().await;
        let residence = identity::create_residence(&world.state.db, "Les Jasmins", "Tunis")
            .await
            .unwrap();
        let owner = sign_in(&world, residence, "20000001", (false, false, false)).await;
        let member = sign_in(&world, residence, "20000002", (true, false, false)).await;
        let treasurer = sign_in(&world, residence, "20000003", (true, true, false)).await;
        let president = sign_in(&world, residence, "20000004", (true, false, true)).await;
        // Flags without is_syndic do not make a council member.
        let finance_only = sign_in(&world, residence, "20000005", (false, true, true)).await;

        let expect = |status: StatusCode, code: Option<&'static str>| (status, code);
        let ok = expect(StatusCode::OK, None);
        let cases = [
            (&owner, "/copro", ok),
            (
                &owner,
                "/syndic",
                expect(StatusCode::FORBIDDEN, Some("syndic_required")),
            ),
            (
                &owner,
                "/finance",
                expect(StatusCode::FORBIDDEN, Some("finance_required")),
            ),
            (
                &owner,
                "/president",
                expect(StatusCode::FORBIDDEN, Some("president_required")),
            ),
            (&member, "/syndic", ok),
            (
                &member,
                "/finance",
                expect(StatusCode::FORBIDDEN, Some("finance_required")),
            ),
            (
                &member,
                "/president",
                expect(StatusCode::FORBIDDEN, Some("president_required")),
            ),
            (&treasurer, "/finance", ok),
            (
                &treasurer,
                "/president",
                expect(StatusCode::FORBIDDEN, Some("president_required")),
            ),
            (&president, "/president", ok),
            (
                &president,
                "/finance",
                expect(StatusCode::FORBIDDEN, Some("finance_required")),
            ),
            (
                &finance_only,
                "/finance",
                expect(StatusCode::FORBIDDEN, Some("finance_required")),
            ),
            (
                &finance_only,
                "/president",
                expect(StatusCode::FORBIDDEN, Some("president_required")),
            ),
            (&finance_only, "/copro", ok),
        ];
        for (token, path, (status, code)) in cases {
            let (got, body) = call(&world, path, Some(token)).await;
            assert_eq!(got, status, "{path}: {body}");
            if let Some(code) = code {
                assert_eq!(code_of(&body), code, "{path}");
            }
        }
        let (status, body) = call(&world, "/copro", Some(&owner)).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(body, residence.to_string());
    }

    #[actix_web::test]
    async fn extractors_carry_the_callers_residence() {
        let world = world().await;
        let first = identity::create_residence(&world.state.db, "A", "Tunis")
            .await
            .unwrap();
        let second = identity::create_residence(&world.state.db, "B", "Sousse")
            .await
            .unwrap();
        let a = sign_in(&world, first, "21000001", (true, true, false)).await;
        let b = sign_in(&world, second, "21000002", (false, false, false)).await;
        let (_, body) = call(&world, "/who", Some(&a)).await;
        assert!(body.ends_with(&format!(":{first}")), "{body}");
        let (_, body) = call(&world, "/who", Some(&b)).await;
        assert!(body.ends_with(&format!(":{second}")), "{body}");
        let (status, body) = call(&world, "/two", Some(&a)).await;
        assert_eq!(status, StatusCode::OK);
        let (left, right) = body.split_once('=').unwrap();
        assert_eq!(left, right);
    }

    #[actix_web::test]
    async fn inactive_users_and_residences_are_refused() {
        let world = world().await;
        let residence = identity::create_residence(&world.state.db, "A", "Tunis")
            .await
            .unwrap();
        let token = sign_in(&world, residence, "22000001", (true, true, true)).await;

        identity::set_user_active(&world.state.db, "22000001", false)
            .await
            .unwrap();
        let (status, body) = call(&world, "/finance", Some(&token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(code_of(&body), "user_inactive");

        identity::set_user_active(&world.state.db, "22000001", true)
            .await
            .unwrap();
        identity::set_residence_active(&world.state.db, residence, false)
            .await
            .unwrap();
        let (status, body) = call(&world, "/copro", Some(&token)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(code_of(&body), "residence_inactive");

        identity::set_residence_active(&world.state.db, residence, true)
            .await
            .unwrap();
        let (status, _) = call(&world, "/president", Some(&token)).await;
        assert_eq!(status, StatusCode::OK);
    }
}
