//! The notifications through the API (issue 18; docs/api-communaute.md "Notifications"): each
//! user reads and marks read only their own; publishing an announcement notifies every other
//! user of the residence with a link to their own space — on SQLite and PostgreSQL.

use serde_json::json;

use crate::annonces::{publier, setup, CO_OWNER, MEMBER, OTHER_CO_OWNER, OTHER_MEMBER, PRESIDENT};
use crate::support::{assert_error, ok, signed_in, TestApp, World};

on_both_stores!(
    publishing_an_announcement_notifies_every_other_user_of_the_residence_with_a_link_to_their_space,
    marking_all_read_marks_only_the_users_own_notifications,
    the_newest_notification_comes_first_whatever_order_they_were_recorded_in,
    a_collection_tells_its_payer_that_the_receipt_is_there,
);

async fn notifications(app: &TestApp) -> Vec<serde_json::Value> {
    ok(app.get("/api/notifications").await).await["data"]
        .as_array()
        .unwrap()
        .clone()
}

async fn publishing_an_announcement_notifies_every_other_user_of_the_residence_with_a_link_to_their_space(
    world: World,
) {
    let app = setup(&world).await;
    let membre = signed_in(&app, MEMBER).await;
    let id = ok(publier(&membre, json!({ "description": "Coupure d'eau" })).await).await["annonce"]
        ["id"]
        .clone();

    let du_coproprietaire = notifications(&signed_in(&app, CO_OWNER).await).await;
    assert_eq!(du_coproprietaire.len(), 1);
    let avis = &du_coproprietaire[0];
    assert_eq!(avis["icon"], "annonce");
    assert_eq!(avis["title_key"], "annonce_publiee");
    assert_eq!(avis["params"], json!({ "id": id }));
    assert_eq!(avis["link"], "/coproprietaire/annonces");
    assert_eq!(avis["seen"], false);
    assert!(avis["time"].as_str().unwrap().starts_with("2026-03-01"));

    let du_president = notifications(&signed_in(&app, PRESIDENT).await).await;
    assert_eq!(du_president.len(), 1);
    assert_eq!(du_president[0]["link"], "/syndic/annonces");
    // Nobody is told of their own announcement, nor another residence's.
    assert!(notifications(&membre).await.is_empty());
    assert!(notifications(&signed_in(&app, OTHER_MEMBER).await)
        .await
        .is_empty());
    assert!(notifications(&signed_in(&app, OTHER_CO_OWNER).await)
        .await
        .is_empty());

    // A refused announcement notifies nobody.
    assert_error(
        publier(&membre, json!({ "jours": 3 })).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        notifications(&signed_in(&app, CO_OWNER).await).await.len(),
        1
    );
}

async fn marking_all_read_marks_only_the_users_own_notifications(world: World) {
    let app = setup(&world).await;
    let membre = signed_in(&app, MEMBER).await;
    ok(publier(&membre, json!({ "description": "Coupure d'eau" })).await).await;
    ok(publier(&membre, json!({ "description": "Peinture du hall" })).await).await;

    let coproprietaire = signed_in(&app, CO_OWNER).await;
    let avant = notifications(&coproprietaire).await;
    assert_eq!(avant.len(), 2);
    // Newest first.
    assert!(avant[0]["id"].as_i64() > avant[1]["id"].as_i64());
    ok(coproprietaire
        .post_json("/api/notifications/mark-all-read", &json!({}))
        .await)
    .await;
    assert!(notifications(&coproprietaire)
        .await
        .iter()
        .all(|avis| avis["seen"] == true));
    // Marking again, with nothing unread, is not an error.
    ok(coproprietaire
        .post_json("/api/notifications/mark-all-read", &json!({}))
        .await)
    .await;

    let president = signed_in(&app, PRESIDENT).await;
    assert!(notifications(&president)
        .await
        .iter()
        .all(|avis| avis["seen"] == false));
    assert_error(app.get("/api/notifications").await, 401, "unauthenticated").await;
}

/// The bell lists by time, not by the order rows were written (a notification recorded later
/// may carry an earlier time: the demo's history, a server whose clock lags another's).
async fn the_newest_notification_comes_first_whatever_order_they_were_recorded_in(world: World) {
    let le_1 = setup(&world).await;
    let le_5 = world
        .spawn_on(chrono::NaiveDate::from_ymd_opt(2026, 3, 5).unwrap())
        .await;
    // Given an announcement published on 5 March, then one recorded after it dated 1 March
    ok(publier(
        &signed_in(&le_5, MEMBER).await,
        json!({ "description": "Ascenseur à l'arrêt" }),
    )
    .await)
    .await;
    ok(publier(
        &signed_in(&le_1, MEMBER).await,
        json!({ "description": "Coupure d'eau" }),
    )
    .await)
    .await;

    // When the co-owner opens the bell
    let avis = notifications(&signed_in(&le_1, CO_OWNER).await).await;

    // Then the 5 March one comes first
    let jours: Vec<&str> = avis
        .iter()
        .map(|a| &a["time"].as_str().unwrap()[..10])
        .collect();
    assert_eq!(jours, ["2026-03-05", "2026-03-01"]);
}

/// Issue 18: "a receipt available" — the payer of a due the treasurer collects is told, with a
/// link to their contributions where the receipt downloads; the treasurer is not.
async fn a_collection_tells_its_payer_that_the_receipt_is_there(world: World) {
    let (app, _) = crate::dashboard::setup(&world).await;
    let treasurer = signed_in(&app, crate::dashboard::TREASURER).await;
    let leila = signed_in(&app, crate::dashboard::LEILA).await;
    // Given Leïla's due for the lift
    let cotisations = ok(treasurer.get("/api/cotisations").await).await;
    let ascenseur = cotisations["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["titre"] == "Ascenseur")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let details = ok(treasurer
        .get(&format!("/api/cotisations/details?id={ascenseur}"))
        .await)
    .await;
    let du = details["cotisation"]["restants_dus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|du| du["propriete_id"] == 1)
        .unwrap()["montant_du_id"]
        .as_i64()
        .unwrap();
    assert!(notifications(&leila).await.is_empty());

    // When the treasurer collects 20 DT of it
    let paye = ok(treasurer
        .post_json(
            "/api/cotisations/encaisser",
            &json!({
                "montant_du_id": du, "montant": 20, "date_paiement": "2026-02-15",
                "methode_paiement": "espece",
            }),
        )
        .await)
    .await;

    // Then Leïla is told once, with the receipt's number and her contributions' page
    let siennes = notifications(&leila).await;
    assert_eq!(siennes.len(), 1, "{siennes:?}");
    assert_eq!(siennes[0]["title_key"], "recu_disponible");
    assert_eq!(siennes[0]["icon"], "recu");
    assert_eq!(
        siennes[0]["params"],
        json!({ "id": du, "recu": paye["encaissement"]["reference_recu"] })
    );
    assert_eq!(siennes[0]["link"], "/coproprietaire/cotisations");
    // And the treasurer who recorded it is not
    assert!(notifications(&treasurer).await.is_empty());
}
