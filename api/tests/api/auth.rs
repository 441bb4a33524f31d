//! Sign-in, sessions, CSRF and the auth status, over real HTTP, on SQLite and PostgreSQL.

use daftar_api::identity;
use daftar_api::residence_builder::{ResidenceBuilder, Role};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{assert_error, seed, World, PASSWORD};

on_both_stores!(
    login_after_the_csrf_cookie_signs_in_and_returns_the_user,
    wrong_password_and_unknown_tel_are_the_same_invalid_credentials,
    login_validation_names_the_fields,
    the_sixth_failed_attempt_is_throttled_even_after_a_restart,
    a_successful_login_clears_the_failures,
    writes_without_a_matching_xsrf_header_are_refused,
    auth_status_follows_the_session_and_the_active_flags,
    inactive_users_and_residences_cannot_sign_in,
    a_user_without_a_password_cannot_sign_in,
    logout_ends_the_session_on_the_server,
    signing_in_again_rotates_the_session,
);

fn set_cookie_headers(res: &reqwest::Response) -> Vec<String> {
    res.headers()
        .get_all("set-cookie")
        .iter()
        .map(|value| value.to_str().unwrap().to_owned())
        .collect()
}

async fn login_after_the_csrf_cookie_signs_in_and_returns_the_user(world: World) {
    let app = world.spawn().await;
    let seeded = seed(&world.db().await, "20123456").await;

    app.csrf().await;
    let res = app.login("20123456", PASSWORD).await;
    assert_eq!(res.status(), StatusCode::OK);
    let cookies = set_cookie_headers(&res);
    let session = cookies
        .iter()
        .find(|c| c.starts_with("daftar_session="))
        .expect("session cookie");
    assert!(session.contains("HttpOnly"), "{session}");
    assert!(session.contains("SameSite=Lax"), "{session}");
    assert!(session.contains("Path=/"), "{session}");
    assert!(!session.contains("Secure"), "{session}");
    assert!(session.contains("Max-Age=2592000"), "{session}");

    let body: Value = res.json().await.unwrap();
    assert_eq!(
        body,
        json!({
            "success": true,
            "user": {
                "id": seeded.user_id,
                "nom": "Amira Ben Salah",
                "tel": "20123456",
                "email": null,
                "birthday": null,
                "gender": null,
                "is_syndic": true,
                "is_finance": true,
                "is_president": false,
                // The ten visibility keys resolved: a council member is never restricted.
                "features": {
                    "see.budgets": true, "see.charges": true, "see.contrats.depenses": true,
                    "see.contrats.recettes": true, "see.dashboard.recettes_depenses": true,
                    "see.dashboard.repartition_charges": true, "see.dashboard.tresorerie": true,
                    "see.rapports_financiers": true, "see.recettes": true, "see.travaux": true,
                },
                "is_registration_finalized": true,
                "residence": { "id": seeded.residence_id, "nom": "Résidence Les Jasmins" },
            }
        })
    );

    let res = app.status().await;
    assert_eq!(res.status(), StatusCode::OK);
    let status: Value = res.json().await.unwrap();
    assert_eq!(status, body);
}

async fn wrong_password_and_unknown_tel_are_the_same_invalid_credentials(world: World) {
    let app = world.spawn().await;
    seed(&world.db().await, "20123456").await;

    let wrong = assert_error(
        app.login("20123456", "not-the-password").await,
        422,
        "invalid_credentials",
    )
    .await;
    assert_eq!(wrong["message"], "Identifiants invalides.");
    let unknown = assert_error(
        app.login("29999999", PASSWORD).await,
        422,
        "invalid_credentials",
    )
    .await;
    assert_eq!(wrong, unknown);
    assert!(app.cookie("daftar_session").is_none());
}

async fn login_validation_names_the_fields(world: World) {
    let app = world.spawn().await;
    app.csrf().await;
    let cases = [
        (json!({ "tel": "2012345a", "password": "x" }), "tel"),
        (json!({ "tel": "12345", "password": "x" }), "tel"),
        (json!({ "tel": "1234567890123456", "password": "x" }), "tel"),
        (json!({ "tel": 20123456, "password": "x" }), "tel"),
        (json!({ "tel": "20123456" }), "password"),
        (json!({ "tel": "20123456", "password": "" }), "password"),
    ];
    for (payload, field) in cases {
        let body = assert_error(
            app.post_json("/login", &payload).await,
            422,
            "validation_failed",
        )
        .await;
        assert_eq!(body["message"], "Les données envoyées sont invalides.");
        let errors = body["errors"].as_object().unwrap();
        assert_eq!(
            errors.keys().collect::<Vec<_>>(),
            vec![field],
            "{payload}: {body}"
        );
        assert!(errors[field][0].is_string());
    }
    let body = assert_error(
        app.post_json("/login", &json!({})).await,
        422,
        "validation_failed",
    )
    .await;
    assert!(
        body["errors"]["tel"].is_array() && body["errors"]["password"].is_array(),
        "{body}"
    );
    assert_eq!(
        body["errors"]["tel"][0],
        "Le numéro de téléphone est obligatoire."
    );
}

async fn the_sixth_failed_attempt_is_throttled_even_after_a_restart(world: World) {
    let app = world.spawn().await;
    seed(&world.db().await, "20123456").await;
    ResidenceBuilder::new(&world.db().await, "Autre", "Sfax")
        .password(PASSWORD)
        .user_a_finaliser("20999999", "Other", Role::Coproprietaire)
        .build()
        .await
        .unwrap();

    for _ in 0..5 {
        assert_error(
            app.login("20123456", "wrong-password").await,
            422,
            "invalid_credentials",
        )
        .await;
    }
    // Checked before the password: even the right one is refused now.
    let body = assert_error(
        app.login("20123456", PASSWORD).await,
        429,
        "too_many_attempts",
    )
    .await;
    assert_eq!(body["message"], "Trop de tentatives. Réessayez plus tard.");

    // The counter lives in the database: a new server on the same database still refuses.
    let restarted = world.spawn().await;
    assert_error(
        restarted.login("20123456", PASSWORD).await,
        429,
        "too_many_attempts",
    )
    .await;
    // Other numbers are not affected.
    assert_eq!(
        restarted.login("20999999", PASSWORD).await.status(),
        StatusCode::OK
    );
}

async fn a_successful_login_clears_the_failures(world: World) {
    let app = world.spawn().await;
    seed(&world.db().await, "20123456").await;
    for _ in 0..4 {
        assert_error(
            app.login("20123456", "wrong-password").await,
            422,
            "invalid_credentials",
        )
        .await;
    }
    assert_eq!(
        app.login("20123456", PASSWORD).await.status(),
        StatusCode::OK
    );
    for _ in 0..5 {
        assert_error(
            app.login("20123456", "wrong-password").await,
            422,
            "invalid_credentials",
        )
        .await;
    }
    assert_error(
        app.login("20123456", "wrong-password").await,
        429,
        "too_many_attempts",
    )
    .await;
}

async fn writes_without_a_matching_xsrf_header_are_refused(world: World) {
    let app = world.spawn().await;
    seed(&world.db().await, "20123456").await;
    let payload = json!({ "tel": "20123456", "password": PASSWORD });

    // No cookie, no header.
    let res = app
        .client
        .post(app.url("/login"))
        .json(&payload)
        .send()
        .await
        .unwrap();
    let body = assert_error(res, 419, "csrf_token_mismatch").await;
    assert_eq!(body["message"], "Session expirée, veuillez réessayer.");

    app.csrf().await;
    // Cookie but no header.
    let res = app
        .client
        .post(app.url("/login"))
        .json(&payload)
        .send()
        .await
        .unwrap();
    assert_error(res, 419, "csrf_token_mismatch").await;
    // Cookie and a different header.
    let res = app
        .client
        .post(app.url("/login"))
        .header("X-XSRF-TOKEN", "forged")
        .json(&payload)
        .send()
        .await
        .unwrap();
    assert_error(res, 419, "csrf_token_mismatch").await;
    // Header without the cookie (another browser).
    let token = app.cookie("XSRF-TOKEN").unwrap();
    let other = app.new_browser();
    let res = other
        .client
        .post(other.url("/login"))
        .header("X-XSRF-TOKEN", token)
        .json(&payload)
        .send()
        .await
        .unwrap();
    assert_error(res, 419, "csrf_token_mismatch").await;

    // Signed in, a logout without the header is refused too and the session survives.
    assert_eq!(
        app.login("20123456", PASSWORD).await.status(),
        StatusCode::OK
    );
    let res = app.client.post(app.url("/logout")).send().await.unwrap();
    assert_error(res, 419, "csrf_token_mismatch").await;
    assert_eq!(app.status().await.status(), StatusCode::OK);
}

async fn auth_status_follows_the_session_and_the_active_flags(world: World) {
    let app = world.spawn().await;
    let db = world.db().await;
    let seeded = seed(&db, "20123456").await;

    let body = assert_error(app.status().await, 401, "unauthenticated").await;
    assert_eq!(body["message"], "Non authentifié.");

    assert_eq!(
        app.login("20123456", PASSWORD).await.status(),
        StatusCode::OK
    );
    assert_eq!(app.status().await.status(), StatusCode::OK);

    identity::set_user_active(&db, "20123456", false)
        .await
        .unwrap();
    let body = assert_error(app.status().await, 403, "user_inactive").await;
    // The client reads `message` to tell the inactive cases apart (spec 1 §8).
    assert_eq!(body["message"], "user_inactive");
    identity::set_user_active(&db, "20123456", true)
        .await
        .unwrap();
    assert_eq!(app.status().await.status(), StatusCode::OK);

    identity::set_residence_active(&db, seeded.residence_id, false)
        .await
        .unwrap();
    let body = assert_error(app.status().await, 403, "residence_inactive").await;
    assert_eq!(body["message"], "residence_inactive");
    identity::set_residence_active(&db, seeded.residence_id, true)
        .await
        .unwrap();

    let res = app.logout().await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(
        res.json::<Value>().await.unwrap(),
        json!({ "success": true })
    );
    assert_error(app.status().await, 401, "unauthenticated").await;
}

async fn inactive_users_and_residences_cannot_sign_in(world: World) {
    let app = world.spawn().await;
    let db = world.db().await;
    let seeded = seed(&db, "20123456").await;

    identity::set_user_active(&db, "20123456", false)
        .await
        .unwrap();
    let body = assert_error(app.login("20123456", PASSWORD).await, 403, "user_inactive").await;
    assert_eq!(body["message"], "user_inactive");
    assert!(app.cookie("daftar_session").is_none());
    // A wrong password still gets invalid_credentials: the account state is not revealed.
    assert_error(
        app.login("20123456", "wrong-password").await,
        422,
        "invalid_credentials",
    )
    .await;

    identity::set_user_active(&db, "20123456", true)
        .await
        .unwrap();
    identity::set_residence_active(&db, seeded.residence_id, false)
        .await
        .unwrap();
    assert_error(
        app.login("20123456", PASSWORD).await,
        403,
        "residence_inactive",
    )
    .await;

    identity::set_residence_active(&db, seeded.residence_id, true)
        .await
        .unwrap();
    assert_eq!(
        app.login("20123456", PASSWORD).await.status(),
        StatusCode::OK
    );
}

async fn a_user_without_a_password_cannot_sign_in(world: World) {
    let app = world.spawn().await;
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Les Oliviers", "Sousse")
        .user_a_finaliser("55123456", "Sans Mot", Role::Coproprietaire)
        .build()
        .await
        .unwrap();
    assert_error(app.login("55123456", "").await, 422, "validation_failed").await;
    assert_error(
        app.login("55123456", "anything-at-all").await,
        422,
        "invalid_credentials",
    )
    .await;

    identity::set_password(&db, "55123456", "un-mot-de-passe", None)
        .await
        .unwrap();
    assert_eq!(
        app.login("55123456", "un-mot-de-passe").await.status(),
        StatusCode::OK
    );
}

async fn logout_ends_the_session_on_the_server(world: World) {
    let app = world.spawn().await;
    seed(&world.db().await, "20123456").await;
    assert_eq!(
        app.login("20123456", PASSWORD).await.status(),
        StatusCode::OK
    );
    let token = app.cookie("daftar_session").unwrap();

    let res = app.logout().await;
    assert_eq!(res.status(), StatusCode::OK);
    let cleared = set_cookie_headers(&res);
    assert!(
        cleared
            .iter()
            .any(|c| c.starts_with("daftar_session=;") && c.contains("Max-Age=0")),
        "{cleared:?}"
    );
    assert!(app.cookie("daftar_session").is_none());
    assert_error(app.status().await, 401, "unauthenticated").await;

    // A copy of the old cookie is worthless: the session is gone from the database.
    let thief = app.new_browser();
    thief.set_cookie("daftar_session", &token);
    assert_error(thief.status().await, 401, "unauthenticated").await;

    // Logging out again is harmless.
    assert_eq!(app.logout().await.status(), StatusCode::OK);
}

async fn signing_in_again_rotates_the_session(world: World) {
    let app = world.spawn().await;
    seed(&world.db().await, "20123456").await;
    assert_eq!(
        app.login("20123456", PASSWORD).await.status(),
        StatusCode::OK
    );
    let first = app.cookie("daftar_session").unwrap();
    assert_eq!(
        app.login("20123456", PASSWORD).await.status(),
        StatusCode::OK
    );
    let second = app.cookie("daftar_session").unwrap();
    assert_ne!(first, second);
    assert_eq!(app.status().await.status(), StatusCode::OK);

    let old = app.new_browser();
    old.set_cookie("daftar_session", &first);
    assert_error(old.status().await, 401, "unauthenticated").await;
}
