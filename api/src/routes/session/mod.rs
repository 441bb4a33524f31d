//! The sign-in flow of the web client (Laravel Sanctum's SPA flow, spec 1 §4 "Auth" and §7):
//! `GET /sanctum/csrf-cookie`, then `POST /login`; `POST /logout`. These live outside `/api`.
//! A `GET` of `/login` or `/logout` is a page of the web client, not a 405.

pub mod csrf_cookie;
pub mod login;
pub mod logout;

use actix_web::http::Method;
use actix_web::{web, HttpResponse};

use crate::routes::not_allowed;
use crate::web_client;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/sanctum/csrf-cookie")
            .route(web::get().to(csrf_cookie::csrf_cookie))
            .default_service(web::to(|| async {
                Err::<HttpResponse, _>(not_allowed(Method::GET))
            })),
    )
    .service(
        web::resource("/login")
            .route(web::post().to(login::login))
            .default_service(web::to(web_client::page_or_method_not_allowed)),
    )
    .service(
        web::resource("/logout")
            .route(web::post().to(logout::logout))
            .default_service(web::to(web_client::page_or_method_not_allowed)),
    );
}

/// This area's part of the OpenAPI document, merged into `schemas/openapi.json` by
/// [`crate::openapi`].
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(csrf_cookie::csrf_cookie, login::login, logout::logout),
    components(schemas(login::LoginRequest)),
    tags((name = "session", description = "Sign-in flow: CSRF cookie, login, logout")),
)]
pub struct Api;
