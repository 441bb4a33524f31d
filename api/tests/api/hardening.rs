//! Hardening (issue 10): one bad text must not stop the books. A control character (NUL first:
//! PostgreSQL refuses it in text, so one such event once stopped every residence's read models)
//! is refused in every request's texts before anything is written, on both stores alike.

use serde_json::json;

use crate::support::{assert_error, count_events, seed, signed_in, World};

on_both_stores!(
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
