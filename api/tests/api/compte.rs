//! The first-login profile (`POST /api/first-login-info`), over real HTTP, on SQLite and
//! PostgreSQL.

use daftar_api::residence_builder::{ResidenceBuilder, Role};
use serde_json::json;

use crate::support::{assert_error, ok, signed_in, World, PASSWORD};

on_both_stores!(
    a_co_owner_completes_the_first_login_form_once,
    the_first_login_form_names_each_wrong_field_and_changes_nothing,
);

async fn a_co_owner_completes_the_first_login_form_once(world: World) {
    let app = world.spawn().await;
    ResidenceBuilder::new(&world.db().await, "Résidence Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user_a_finaliser("20000013", "Omar Trabelsi", Role::Coproprietaire)
        .build()
        .await
        .unwrap();
    let omar = signed_in(&app, "20000013").await;
    let status = ok(omar.status().await).await;
    assert_eq!(status["user"]["is_registration_finalized"], false);

    let form = json!({"email": "omar@exemple.tn", "birthday": "1984-03-09", "gender": "homme"});
    let body = ok(omar.post_json("/api/first-login-info", &form).await).await;
    assert_eq!(body["user"]["is_registration_finalized"], true);
    assert_eq!(body["user"]["email"], "omar@exemple.tn");
    assert_eq!(body["user"]["birthday"], "1984-03-09");
    assert_eq!(body["user"]["gender"], "homme");
    let status = ok(omar.status().await).await;
    assert_eq!(status, body);

    let again = json!({"email": "autre@exemple.tn", "birthday": "1990-01-01", "gender": "homme"});
    assert_error(
        omar.post_json("/api/first-login-info", &again).await,
        409,
        "inscription_deja_finalisee",
    )
    .await;
    assert_eq!(
        ok(omar.status().await).await["user"]["email"],
        "omar@exemple.tn"
    );
}

async fn the_first_login_form_names_each_wrong_field_and_changes_nothing(world: World) {
    let app = world
        .spawn_on(chrono::NaiveDate::from_ymd_opt(2026, 11, 22).unwrap())
        .await;
    ResidenceBuilder::new(&world.db().await, "Résidence Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user_a_finaliser("20000013", "Omar Trabelsi", Role::Coproprietaire)
        .build()
        .await
        .unwrap();
    let omar = signed_in(&app, "20000013").await;

    let form = json!({"email": "omar@", "birthday": "2026-11-23", "gender": "autre"});
    let body = assert_error(
        omar.post_json("/api/first-login-info", &form).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["email"], json!(["email_invalide"]));
    assert_eq!(
        body["field_codes"]["birthday"],
        json!(["date_naissance_invalide"])
    );
    assert_eq!(body["field_codes"]["gender"], json!(["sexe_invalide"]));

    let body = assert_error(
        omar.post_json("/api/first-login-info", &json!({})).await,
        422,
        "validation_failed",
    )
    .await;
    for field in ["email", "birthday", "gender"] {
        assert_eq!(
            body["field_codes"][field],
            json!(["champ_obligatoire"]),
            "{field}"
        );
    }
    let status = ok(omar.status().await).await;
    assert_eq!(status["user"]["is_registration_finalized"], false);
    assert_eq!(status["user"]["email"], json!(null));
}
