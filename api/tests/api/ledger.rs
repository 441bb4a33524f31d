//! The residence ledger through the API and the CLI's library functions: fiscal years, the
//! projector at start-up, residence isolation and the demo, on SQLite and PostgreSQL.

use chrono::Datelike;
use daftar_api::demo;
use daftar_api::residence_builder::{ResidenceBuilder, Role};
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::{assert_error, count, World, PASSWORD};

on_both_stores!(
    members_and_co_owners_see_their_residence_fiscal_years,
    the_current_fiscal_year_follows_the_server_clock_not_the_calendar,
    a_user_never_sees_another_residence_fiscal_years,
    fiscal_years_require_a_signed_in_user,
    events_committed_while_no_server_ran_are_projected_at_start,
    the_demo_is_idempotent,
);

fn years(body: &Value) -> Vec<(i64, String)> {
    body["exercices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["annee"].as_i64().unwrap(),
                e["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

async fn members_and_co_owners_see_their_residence_fiscal_years(world: World) {
    let db = world.db().await;
    let current_year = daftar_api::clock::Clock::system()
        .today()
        .format("%Y")
        .to_string()
        .parse::<i32>()
        .unwrap();
    ResidenceBuilder::new(&db, "Résidence Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user("21000001", "Utilisateur 21000001", Role::Membre)
        .user("21000002", "Utilisateur 21000002", Role::Coproprietaire)
        .exercice_cloture(2024)
        .exercice(current_year)
        .build()
        .await
        .unwrap();
    let app = world.spawn().await;

    for tel in ["21000001", "21000002"] {
        let browser = app.new_browser();
        browser.csrf().await;
        assert_eq!(browser.login(tel, PASSWORD).await.status(), StatusCode::OK);
        let res = browser.get("/api/exercices").await;
        assert_eq!(res.status(), StatusCode::OK);
        let body: Value = res.json().await.unwrap();
        assert_eq!(
            years(&body),
            vec![
                (i64::from(current_year), "actuel".to_owned()),
                // Closing 2024 opened 2025.
                (2025, "ouvert".to_owned()),
                (2024, "cloture".to_owned())
            ]
        );
        assert_eq!(body["exercices"][2]["is_closed"], true);
        assert_eq!(
            body["exercices"][0]["titre"],
            format!("Exercice {current_year}")
        );
    }
}

async fn the_current_fiscal_year_follows_the_server_clock_not_the_calendar(world: World) {
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Résidence Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user("21000001", "Utilisateur 21000001", Role::Membre)
        .exercice(2030)
        .exercice(2031)
        .build()
        .await
        .unwrap();
    let new_years_day = chrono::NaiveDate::from_ymd_opt(2031, 1, 1).unwrap();
    let app = world.spawn_on(new_years_day).await;
    app.csrf().await;
    assert_eq!(
        app.login("21000001", PASSWORD).await.status(),
        StatusCode::OK
    );
    let body: Value = app.get("/api/exercices").await.json().await.unwrap();
    assert_eq!(
        years(&body),
        vec![(2031, "actuel".to_owned()), (2030, "ouvert".to_owned())]
    );
}

async fn a_user_never_sees_another_residence_fiscal_years(world: World) {
    let db = world.db().await;
    for (nom, ville, tel, annee) in [
        ("Les Jasmins", "Tunis", "22000001", 2025),
        ("Les Oliviers", "Sfax", "22000002", 2023),
    ] {
        ResidenceBuilder::new(&db, nom, ville)
            .password(PASSWORD)
            .user(tel, &format!("Utilisateur {tel}"), Role::Membre)
            .exercice(annee)
            .build()
            .await
            .unwrap();
    }
    let app = world.spawn().await;

    app.csrf().await;
    app.login("22000002", PASSWORD).await;
    let body: Value = app.get("/api/exercices").await.json().await.unwrap();
    assert_eq!(years(&body), vec![(2023, "ouvert".to_owned())]);
}

async fn fiscal_years_require_a_signed_in_user(world: World) {
    let app = world.spawn().await;
    assert_error(app.get("/api/exercices").await, 401, "unauthenticated").await;
}

async fn events_committed_while_no_server_ran_are_projected_at_start(world: World) {
    let db = world.db().await;
    // Committed with no projector running (as after a crash between commit and projection):
    // the builder only appends to the journal.
    ResidenceBuilder::new(&db, "Les Palmiers", "Sousse")
        .password(PASSWORD)
        .user("23000001", "Utilisateur 23000001", Role::Membre)
        // A year the server does not open a next one after (see `ouverture`).
        .exercice(2030)
        .build()
        .await
        .unwrap();
    let app = world.spawn().await;
    app.csrf().await;
    app.login("23000001", PASSWORD).await;
    let mut seen = Vec::new();
    for _ in 0..50 {
        let body: Value = app.get("/api/exercices").await.json().await.unwrap();
        seen = years(&body);
        if !seen.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(seen, vec![(2030, "ouvert".to_owned())]);
}

async fn the_demo_is_idempotent(world: World) {
    let db = world.db().await;
    let first = demo::load(&db).await.unwrap();
    let events_after_first = count(&db, "SELECT COUNT(*) FROM events").await;
    let second = demo::load(&db).await.unwrap();
    assert!(first.created);
    assert!(!second.created);
    assert_eq!(first.residence_id, second.residence_id);
    // 13 demo sign-ins and the tenant's account (no password) that his phone number gives.
    assert_eq!(count(&db, "SELECT COUNT(*) FROM users").await, 14);
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM occupations_view").await,
        15
    );
    assert_eq!(count(&db, "SELECT COUNT(*) FROM occupants_view").await, 15);
    let events = count(&db, "SELECT COUNT(*) FROM events").await;
    assert_eq!(events, events_after_first, "a second run changes nothing");
    assert_eq!(count(&db, "SELECT COUNT(*) FROM cotisations_view").await, 3);
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM encaissements_view WHERE annule = 1"
        )
        .await,
        1
    );
    // Some dues are overdue and some are partly paid, as in a living building.
    let paid = "SELECT d.montant, COALESCE((SELECT SUM(e.montant) FROM encaissements_view e \
                WHERE e.residence_id = d.residence_id AND e.montant_du_id = d.montant_du_id \
                AND e.annule = 0), 0) AS paye FROM montants_dus_view d";
    assert!(
        count(
            &db,
            &format!("SELECT COUNT(*) FROM ({paid}) due WHERE paye = 0")
        )
        .await
            > 0
    );
    assert!(
        count(
            &db,
            &format!("SELECT COUNT(*) FROM ({paid}) due WHERE paye > 0 AND paye < montant")
        )
        .await
            > 0
    );
    assert_eq!(count(&db, "SELECT COUNT(*) FROM proprietes_view").await, 12);
    // 2024 closed, then every year up to the current one open.
    let annee_courante = i64::from(daftar_api::clock::Clock::system().today().year());
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM exercices_view").await,
        annee_courante - 2024 + 1
    );
    assert_eq!(
        count(
            &db,
            "SELECT COUNT(*) FROM exercices_view WHERE statut = 'cloture'"
        )
        .await,
        1
    );

    let app = world.spawn().await;
    app.csrf().await;
    let res = app.login("20000013", demo::PASSWORD).await;
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["user"]["is_registration_finalized"], false);
    let president = app.new_browser();
    president.csrf().await;
    let body: Value = president
        .login("20000001", demo::PASSWORD)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["user"]["is_president"], true);
    assert_eq!(body["user"]["residence"]["nom"], demo::RESIDENCE_NOM);
}
