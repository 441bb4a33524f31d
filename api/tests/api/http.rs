//! Error answers of the HTTP layer (bad JSON, unknown routes, wrong methods, oversized bodies)
//! and the web client fallback. None of this depends on the store: SQLite only.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::support::{assert_error, run, seed, Store, World, PASSWORD};

#[tokio::test]
async fn bad_json_is_400_invalid_json() {
    run(Store::Sqlite, |world: World| async move {
        let app = world.spawn().await;
        app.csrf().await;
        let res = app
            .write(Method::POST, "/login")
            .header("content-type", "application/json")
            .body("{\"tel\": \"20123456\", ")
            .send()
            .await
            .unwrap();
        let body = assert_error(res, 400, "invalid_json").await;
        assert!(body.get("errors").is_none());
        // Not declared as JSON.
        let res = app
            .write(Method::POST, "/login")
            .body("tel=20123456")
            .send()
            .await
            .unwrap();
        assert_error(res, 400, "invalid_json").await;
    })
    .await;
}

#[tokio::test]
async fn unknown_api_paths_are_404_json() {
    run(Store::Sqlite, |world: World| async move {
        let app = world.spawn().await;
        let body = assert_error(app.get("/api/nowhere").await, 404, "not_found").await;
        assert_eq!(body["message"], "Ressource introuvable.");
        assert_error(app.get("/api").await, 404, "not_found").await;
        app.csrf().await;
        let res = app.post_json("/api/cotisations/nowhere", &json!({})).await;
        assert_error(res, 404, "not_found").await;
        // Writes to non-API paths are not pages either.
        assert_error(
            app.post_json("/somewhere", &json!({})).await,
            404,
            "not_found",
        )
        .await;
    })
    .await;
}

#[tokio::test]
async fn wrong_methods_are_405_json() {
    run(Store::Sqlite, |world: World| async move {
        let app = world.spawn().await;
        app.csrf().await;
        let res = app
            .write(Method::DELETE, "/api/auth/status")
            .send()
            .await
            .unwrap();
        assert_error(res, 405, "method_not_allowed").await;
        let res = app.write(Method::PUT, "/login").send().await.unwrap();
        assert_error(res, 405, "method_not_allowed").await;
        let res = app
            .write(Method::POST, "/sanctum/csrf-cookie")
            .send()
            .await
            .unwrap();
        assert_error(res, 405, "method_not_allowed").await;
    })
    .await;
}

#[tokio::test]
async fn oversized_bodies_are_413_json() {
    run(Store::Sqlite, |world: World| async move {
        let app = world.spawn().await;
        app.csrf().await;
        let huge = "x".repeat(300 * 1024);
        let res = app
            .post_json("/login", &json!({ "tel": "20123456", "password": huge }))
            .await;
        let body = assert_error(res, 413, "payload_too_large").await;
        assert_eq!(body["message"], "La requête est trop volumineuse.");
        // Just under the limit is read (and then judged on its content).
        let fits = "x".repeat(200 * 1024);
        let res = app
            .post_json("/login", &json!({ "tel": "20123456", "password": fits }))
            .await;
        assert_error(res, 422, "invalid_credentials").await;
    })
    .await;
}

#[tokio::test]
async fn the_xsrf_cookie_is_issued_to_browsers_that_lack_it() {
    run(Store::Sqlite, |world: World| async move {
        let app = world.spawn().await;
        seed(&world.db().await, "20123456").await;
        assert!(app.cookie("XSRF-TOKEN").is_none());
        app.get("/api/auth/status").await;
        let issued = app
            .cookie("XSRF-TOKEN")
            .expect("XSRF-TOKEN issued on a read");
        app.get("/api/auth/status").await;
        assert_eq!(
            app.cookie("XSRF-TOKEN").unwrap(),
            issued,
            "kept while present"
        );
        // ... and it works for writes without calling /sanctum/csrf-cookie.
        let res = app
            .post_json(
                "/login",
                &json!({ "tel": "20123456", "password": PASSWORD }),
            )
            .await;
        assert_eq!(res.status(), StatusCode::OK);
    })
    .await;
}

#[tokio::test]
async fn the_web_client_is_served_with_a_spa_fallback() {
    run(Store::Sqlite, |world: World| async move {
        let web_dir = world.web_dir();
        let app = world.spawn_with_web_dir(&web_dir).await;
        for page in [
            "/",
            "/login",
            "/logout",
            "/syndic/tableau-de-bord",
            "/coproprietaire/votes/12",
        ] {
            let res = app.get(page).await;
            assert_eq!(res.status(), StatusCode::OK, "{page}");
            assert_eq!(res.headers()["cache-control"], "no-cache", "{page}");
            assert!(
                res.text().await.unwrap().contains("<title>Daftar</title>"),
                "{page}"
            );
        }
        let res = app.get("/assets/app-1234.js").await;
        assert_eq!(res.status(), StatusCode::OK);
        assert!(res.headers()["cache-control"]
            .to_str()
            .unwrap()
            .contains("immutable"));
        assert_eq!(res.text().await.unwrap(), "console.log('daftar')");
        // A missing file is a 404, not the index.
        assert_eq!(
            app.get("/assets/missing-5678.js").await.status(),
            StatusCode::NOT_FOUND
        );
        // No escaping the web folder.
        let res = app.get("/..%2f..%2fetc/passwd").await;
        assert!(!res.text().await.unwrap().contains("root:"));
        // The API never falls back to the client.
        assert_error(app.get("/api/unknown").await, 404, "not_found").await;
    })
    .await;
}

#[tokio::test]
async fn without_a_built_client_pages_say_how_to_build_it() {
    run(Store::Sqlite, |world: World| async move {
        let app = world.spawn().await;
        let res = app.get("/syndic/tableau-de-bord").await;
        assert_eq!(res.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain"));
        assert!(res.text().await.unwrap().contains("npm run build"));
    })
    .await;
}

#[tokio::test]
async fn every_answer_carries_a_request_id_and_a_sane_incoming_one_is_kept() {
    run(Store::Sqlite, |world: World| async move {
        let app = world.spawn().await;
        let generated = app.get("/api/auth/status").await;
        let id = generated.headers()["x-request-id"]
            .to_str()
            .unwrap()
            .to_owned();
        assert_eq!(id.len(), 36, "a UUID: {id}");

        let kept = app
            .client
            .get(app.url("/api/auth/status"))
            .header("X-Request-Id", "lb-7f3a_01")
            .send()
            .await
            .unwrap();
        assert_eq!(kept.headers()["x-request-id"], "lb-7f3a_01");

        let replaced = app
            .client
            .get(app.url("/api/auth/status"))
            .header("X-Request-Id", "not sane; <script>")
            .send()
            .await
            .unwrap();
        assert_ne!(replaced.headers()["x-request-id"], "not sane; <script>");
    })
    .await;
}
