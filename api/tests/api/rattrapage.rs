//! A read model catching up with the journal after a release (issue 20): the server serves at
//! once every route that does not read it, answers 503 `projection_en_rattrapage` with
//! `Retry-After` on the routes that do, never holds sign-in or the auth status, shows the
//! model's progress in the health endpoint, and serves everything once the model is current.

use std::time::Duration;

use chrono::NaiveDate;
use daftar_api::residence_builder::{CotisationSpec, ResidenceBuilder, Role};
use daftar_domain::paiement::Paiement;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use daftar_projections::{read_models, revenus, Database, Dialect, Projector};
use serde_json::Value;

use crate::support::{assert_error, ok, signed_in, World, PASSWORD};

on_both_stores!(a_model_catching_up_holds_back_only_the_routes_that_read_it);

fn date(text: &str) -> NaiveDate {
    text.parse().unwrap()
}

/// Empties the revenue read models and puts their checkpoints back to the journal's start: as
/// after a release that changed them, they must be replayed from the start.
async fn replay_revenue_from_the_start(db: &Database) {
    for model in [revenus::MODEL, revenus::ENCAISSEMENTS_MODEL] {
        sqlx::query("UPDATE projector_checkpoints SET position = 0 WHERE projector = $1")
            .bind(model)
            .execute(&db.pool)
            .await
            .unwrap();
    }
    for table in [
        "cotisations_view",
        "montants_dus_view",
        "encaissements_view",
        "repartition_view",
    ] {
        sqlx::query(&format!("DELETE FROM {table}"))
            .execute(&db.pool)
            .await
            .unwrap();
    }
}

async fn health(app: &crate::support::TestApp) -> Value {
    let res = app.get("/api/health").await;
    assert_eq!(res.status().as_u16(), 200);
    res.json().await.unwrap()
}

async fn a_model_catching_up_holds_back_only_the_routes_that_read_it(world: World) {
    // Given a residence with calls and collections, whose revenue read model must be replayed
    // from the journal's start when the server starts
    let db = world.db().await;
    let built = ResidenceBuilder::new(&db, "Résidence Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-03-01"))
        .user("22000002", "Amira Ben Salah", Role::Tresorier)
        .exercice(2026)
        .propriete("A1")
        .propriete("A2")
        .cotisation(
            CotisationSpec::new(
                "Charges courantes",
                TypeCotisation::Mensuelle,
                date("2026-01-01"),
                date("2026-06-30"),
                date("2026-01-05"),
            )
            .egale(Montant::dinars(50))
            .encaissements(|du| {
                (du.rang < 3).then(|| Paiement {
                    montant: Montant::dinars(50),
                    date_paiement: date("2026-02-10"),
                    methode: MethodePaiement::Espece,
                    reference: None,
                })
            }),
        )
        .build()
        .await
        .unwrap();
    let residence = built.residence_id;
    Projector::new(db.clone(), read_models())
        .catch_up()
        .await
        .unwrap();
    let before = revenus::cotisations(&db, residence).await.unwrap();
    assert_eq!(before.len(), 1);
    replay_revenue_from_the_start(&db).await;
    // On PostgreSQL the replay is held at its first batch (its checkpoint row locked), so what
    // the server answers meanwhile can be seen; SQLite has no row locks: there the replay runs
    // at once and only its end is checked.
    let mut held = None;
    if db.dialect == Dialect::Postgres {
        let mut blocker = db.pool.begin().await.unwrap();
        sqlx::query("SELECT position FROM projector_checkpoints WHERE projector = $1 FOR UPDATE")
            .bind(revenus::MODEL)
            .execute(&mut *blocker)
            .await
            .unwrap();
        held = Some(blocker);
    }

    // When a server starts with every model more than 0 events behind catching up on the side
    let app = world.build_with(|settings| settings.catch_up_lag = 0).await;
    // Then before its first request the projector that serves already knows the models far
    // behind (it is the one that found them while the server caught up before listening), so
    // no request is answered from them as they are (on PostgreSQL, where the replay is held:
    // on SQLite it may already be over)
    let known: Vec<&str> = app
        .state()
        .ledger
        .projector
        .catching_up()
        .iter()
        .map(|catch_up| catch_up.model)
        .collect();
    if held.is_some() {
        assert!(known.contains(&revenus::MODEL), "{known:?}");
    }
    let app = World::serve(app);
    let tresorier = signed_in(&app, "22000002").await;

    // Then, while the revenue models catch up, sign-in and the auth status were served, the
    // routes that do not read it are served, and those that do answer 503 with Retry-After
    ok(tresorier.status().await).await;
    let proprietes = ok(tresorier.get("/api/proprietes").await).await;
    assert_eq!(proprietes["proprietes"][1]["nom"], "A2", "{proprietes}");
    if let Some(blocker) = held {
        let res = tresorier.get("/api/cotisations").await;
        let retry_after: u64 = res
            .headers()
            .get("retry-after")
            .expect("Retry-After")
            .to_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((1..=60).contains(&retry_after), "{retry_after}");
        let body = assert_error(res, 503, "projection_en_rattrapage").await;
        assert!(
            body["message"].as_str().unwrap().contains("mise à jour"),
            "{body}"
        );
        // (the encaissements model, whose lane is not held, joins the live batches as soon as it
        // is current: only the held revenue model is left catching up)
        let mut state = health(&app).await;
        for _ in 0..50 {
            if state["modeles_en_rattrapage"].as_array().unwrap().len() == 1 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            state = health(&app).await;
        }
        assert_eq!(state["status"], "catching_up", "{state}");
        let catching_up = state["modeles_en_rattrapage"].as_array().unwrap();
        assert_eq!(catching_up.len(), 1, "{state}");
        assert_eq!(catching_up[0]["model"], "revenus", "{state}");
        assert_eq!(catching_up[0]["position"], 0, "{state}");
        assert!(catching_up[0]["head"].as_i64().unwrap() > 0, "{state}");
        blocker.rollback().await.unwrap();
    }

    // And once it is current, its routes answer with the same books as before
    let mut listed = None;
    for _ in 0..100 {
        let res = tresorier.get("/api/cotisations").await;
        if res.status().is_success() {
            listed = Some(res.json::<Value>().await.unwrap());
            break;
        }
        assert_error(res, 503, "projection_en_rattrapage").await;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let listed = listed.expect("the revenue model caught up");
    assert_eq!(listed["data"][0]["titre"], "Charges courantes", "{listed}");
    assert_eq!(revenus::cotisations(&db, residence).await.unwrap(), before);
    let state = health(&app).await;
    assert_eq!(state["status"], "ok", "{state}");
    assert_eq!(
        state["modeles_en_rattrapage"],
        serde_json::json!([]),
        "{state}"
    );
}
