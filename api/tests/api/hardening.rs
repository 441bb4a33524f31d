//! Hardening (issue 10): one bad text must not stop the books. A control character (NUL first:
//! PostgreSQL refuses it in text, so one such event once stopped every residence's read models)
//! is refused in every request's texts before anything is written, on both stores alike.

use daftar_api::residence_builder::{ResidenceBuilder, Role};
use daftar_projections::chain::GENESIS_HASH;
use daftar_projections::journal::{ExpectedHead, NewEvent};
use daftar_projections::Journal;
use serde_json::{json, Value};

use crate::support::{assert_error, count_events, ok, seed, signed_in, World, PASSWORD};

on_both_stores!(
    a_residence_whose_event_cannot_be_projected_is_set_aside_and_the_others_go_on,
    a_control_character_in_a_text_is_refused_and_nothing_is_written,
    a_date_is_refused_unless_written_yyyy_mm_dd,
);

async fn a_control_character_in_a_text_is_refused_and_nothing_is_written(world: World) {
    let db = world.db().await;
    let tresorier = seed(&db, "22000002").await;
    let app = signed_in(&world.spawn().await, &tresorier.tel).await;
    let before = count_events(&db, tresorier.residence_id).await;

    let cotisation = json!({
        "titre": "Charges\u{0}", "type": "exceptionnelle", "repartition": "egale",
        "date_debut": "2026-01-01", "date_fin": "2026-01-31", "date_echeance": "2026-01-15",
        "montant": 10,
    });
    let body = assert_error(
        app.post_json("/api/cotisations/creer", &cotisation).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"],
        json!({ "titre": ["caracteres_interdits"] })
    );
    assert_eq!(
        body["errors"]["titre"],
        json!(["Ce texte contient des caractères non autorisés."])
    );

    let encaissement = json!({
        "montant": 10, "montant_du_id": 1, "date_paiement": "2026-01-10",
        "methode_paiement": "cheque", "reference_paiement": "CH\u{1b}[31m-1",
    });
    let body = assert_error(
        app.post_json("/api/cotisations/encaisser", &encaissement)
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"],
        json!({ "reference_paiement": ["caracteres_interdits"] })
    );
    assert_eq!(count_events(&db, tresorier.residence_id).await, before);
}

async fn a_date_is_refused_unless_written_yyyy_mm_dd(world: World) {
    let db = world.db().await;
    let tresorier = seed(&db, "22000002").await;
    let app = signed_in(&world.spawn().await, &tresorier.tel).await;
    let cotisation = json!({
        "titre": "Charges", "type": "exceptionnelle", "repartition": "egale",
        "date_debut": "2026-1-01", "date_fin": "+2026-01-31", "date_echeance": "2026-01-15",
        "montant": 10,
    });
    let body = assert_error(
        app.post_json("/api/cotisations/creer", &cotisation).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"],
        json!({ "date_debut": ["date_invalide"], "date_fin": ["date_invalide"] })
    );
}

async fn a_residence_whose_event_cannot_be_projected_is_set_aside_and_the_others_go_on(
    world: World,
) {
    // Given two residences, the second with an event in its journal no read model can read (as
    // an event written before a fix, or by a faulty release, would be)
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Résidence Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user("22000002", "Amira Ben Salah", Role::Tresorier)
        .exercice(2026)
        .propriete("A1")
        .build()
        .await
        .unwrap();
    let oliviers = ResidenceBuilder::new(&db, "Résidence Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user("22000003", "Sami Gharbi", Role::Tresorier)
        .build()
        .await
        .unwrap();
    let stream = oliviers.residence_id.to_string();
    let head = ExpectedHead {
        aggregate_type: "grand_livre",
        aggregate_id: &stream,
        sequence: 0,
        hash: GENESIS_HASH,
    };
    let unreadable = NewEvent {
        event_type: "Inconnu".into(),
        event_version: "1".into(),
        payload: "{}".into(),
        metadata: "{}".into(),
    };
    Journal::new(db.clone())
        .append(head, &[unreadable], "2026-11-22T10:00:00.000000Z")
        .await
        .unwrap();
    let app = world.spawn().await;
    let jasmins_app = signed_in(&app, "22000002").await;
    let oliviers_app = signed_in(&app, "22000003").await;

    // When the first residence goes on working
    let cotisation = json!({
        "titre": "Charges de janvier", "type": "exceptionnelle", "repartition": "egale",
        "date_debut": "2026-01-01", "date_fin": "2026-01-31", "date_echeance": "2026-01-15",
        "montant": 10,
    });
    ok(jasmins_app
        .post_json("/api/cotisations/creer", &cotisation)
        .await)
    .await;

    // Then its books are current, the second residence's calls say its books are set aside
    // (its user still signs in and reads the auth status), and the health endpoint names it
    let listed = ok(jasmins_app.get("/api/cotisations").await).await;
    assert_eq!(listed["data"][0]["titre"], "Charges de janvier", "{listed}");
    let mut health = Value::Null;
    for _ in 0..50 {
        health = ok_json(app.get("/api/health").await).await;
        if health["status"] == "degraded" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(health["status"], "degraded", "{health}");
    let set_aside: Vec<i64> = health["residences_en_echec"]
        .as_array()
        .unwrap()
        .iter()
        .map(|failure| failure["residence_id"].as_i64().unwrap())
        .collect();
    assert!(
        set_aside.iter().all(|id| *id == oliviers.residence_id),
        "{health}"
    );
    assert_error(
        oliviers_app.get("/api/proprietes").await,
        503,
        "projection_en_echec",
    )
    .await;
    ok(oliviers_app.status().await).await;
    let listed = ok(jasmins_app.get("/api/proprietes").await).await;
    assert_eq!(listed["proprietes"][0]["nom"], "A1", "{listed}");
}

async fn ok_json(res: reqwest::Response) -> Value {
    assert_eq!(res.status(), reqwest::StatusCode::OK);
    res.json().await.unwrap()
}
