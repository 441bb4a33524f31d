//! Receipts as PDF: who may download which, on both stores, over the demo residence.

use daftar_api::demo;
use daftar_projections::Database;
use reqwest::StatusCode;
use sqlx::Row;

use crate::support::{assert_error, World};

on_both_stores!(
    the_treasurer_downloads_the_receipt_of_a_payment_as_a_pdf,
    a_co_owner_downloads_the_receipt_of_their_own_due_only,
    a_due_without_payment_has_no_receipt,
    a_receipt_printed_again_after_its_payment_was_corrected_says_duplicata,
);

/// (encaissement id, montant dû id, payer's phone) of a live payment of the demo.
async fn a_payment(db: &Database) -> (i64, i64, String) {
    let row = sqlx::query(
        "SELECT e.encaissement_id, e.montant_du_id, o.tel FROM encaissements_view e \
         JOIN montants_dus_view d ON d.residence_id = e.residence_id AND d.montant_du_id = e.montant_du_id \
         JOIN occupants_view o ON o.residence_id = d.residence_id AND o.occupant_id = d.payeur_id \
         WHERE e.annule = 0 AND o.tel LIKE '2000000%' ORDER BY e.encaissement_id DESC LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    (
        row.try_get(0).unwrap(),
        row.try_get(1).unwrap(),
        row.try_get(2).unwrap(),
    )
}

async fn the_treasurer_downloads_the_receipt_of_a_payment_as_a_pdf(world: World) {
    let db = world.db().await;
    demo::load(&db).await.unwrap();
    let (encaissement_id, _, _) = a_payment(&db).await;
    let app = world.spawn().await;
    app.csrf().await;
    app.login("20000002", demo::PASSWORD).await;
    let res = app
        .get(&format!(
            "/api/cotisations/encaissement/recu?encaissement_id={encaissement_id}"
        ))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let name = res.headers()["x-file-name"].to_str().unwrap().to_owned();
    assert!(
        name.starts_with("recu_20") && name.ends_with(".pdf"),
        "{name}"
    );
    let bytes = res.bytes().await.unwrap();
    assert!(bytes.starts_with(b"%PDF-"));

    let unknown = app
        .get("/api/cotisations/encaissement/recu?encaissement_id=999999")
        .await;
    assert_error(unknown, 404, "encaissement_inconnu").await;
}

async fn a_co_owner_downloads_the_receipt_of_their_own_due_only(world: World) {
    let db = world.db().await;
    demo::load(&db).await.unwrap();
    let (encaissement_id, montant_du_id, tel) = a_payment(&db).await;
    let app = world.spawn().await;

    let payer = app.new_browser();
    payer.csrf().await;
    payer.login(&tel, demo::PASSWORD).await;
    let res = payer
        .get(&format!(
            "/api/cotisations/recu?montant_du_id={montant_du_id}"
        ))
        .await;
    assert_eq!(res.status(), StatusCode::OK);
    assert!(res.bytes().await.unwrap().starts_with(b"%PDF-"));

    let other_tel = if tel == "20000005" {
        "20000006"
    } else {
        "20000005"
    };
    let other = app.new_browser();
    other.csrf().await;
    other.login(other_tel, demo::PASSWORD).await;
    let res = other
        .get(&format!(
            "/api/cotisations/recu?montant_du_id={montant_du_id}"
        ))
        .await;
    assert_error(res, 404, "montant_du_inconnu").await;
    let res = other
        .get(&format!(
            "/api/cotisations/encaissement/recu?encaissement_id={encaissement_id}"
        ))
        .await;
    // Co-owners never read the council's receipts.
    assert_error(res, 403, "syndic_required").await;
}

async fn a_due_without_payment_has_no_receipt(world: World) {
    let db = world.db().await;
    demo::load(&db).await.unwrap();
    let row = sqlx::query(
        "SELECT d.montant_du_id, o.tel FROM montants_dus_view d \
         JOIN occupants_view o ON o.residence_id = d.residence_id AND o.occupant_id = d.payeur_id \
         WHERE o.tel LIKE '2000000%' AND NOT EXISTS (SELECT 1 FROM encaissements_view e \
           WHERE e.residence_id = d.residence_id AND e.montant_du_id = d.montant_du_id) \
         LIMIT 1",
    )
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let (montant_du_id, tel): (i64, String) = (row.try_get(0).unwrap(), row.try_get(1).unwrap());
    let app = world.spawn().await;
    app.csrf().await;
    app.login(&tel, demo::PASSWORD).await;
    let res = app
        .get(&format!(
            "/api/cotisations/recu?montant_du_id={montant_du_id}"
        ))
        .await;
    assert_error(res, 422, "aucun_paiement").await;
}

/// The text of a PDF (poppler's pdftotext; ops/test installs poppler-utils).
fn pdf_text(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("recu.pdf");
    std::fs::write(&path, bytes).unwrap();
    let output = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) must be installed");
    String::from_utf8(output.stdout).unwrap()
}

async fn a_receipt_printed_again_after_its_payment_was_corrected_says_duplicata(world: World) {
    // Given a payment of the demo residence and its receipt, which names the residence's address
    let db = world.db().await;
    demo::load(&db).await.unwrap();
    let (encaissement_id, _, _) = a_payment(&db).await;
    let row = sqlx::query(
        "SELECT montant, date_paiement FROM encaissements_view \
         WHERE encaissement_id = $1 ORDER BY residence_id LIMIT 1",
    )
    .bind(encaissement_id)
    .fetch_one(&db.pool)
    .await
    .unwrap();
    let millimes: i64 = row.try_get("montant").unwrap();
    let date_paiement: String = row.try_get("date_paiement").unwrap();
    let app = world.spawn().await;
    let treasurer = crate::support::signed_in_with(&app, "20000002", demo::PASSWORD).await;
    let path = format!("/api/cotisations/encaissement/recu?encaissement_id={encaissement_id}");
    let first = pdf_text(&treasurer.get(&path).await.bytes().await.unwrap());
    assert!(
        first.contains("12, rue des Jasmins, El Menzah 5"),
        "{first}"
    );
    assert!(!first.contains("Duplicata"), "{first}");
    let arabic = |text: &str| text.chars().any(|c| ('\u{0600}'..='\u{06FF}').contains(&c));
    assert!(!arabic(&first), "{first}");
    // The same receipt for a user whose interface is in Arabic
    let in_arabic = treasurer.get(&format!("{path}&langue=ar")).await;
    assert_eq!(in_arabic.status(), StatusCode::OK);
    let in_arabic = pdf_text(&in_arabic.bytes().await.unwrap());
    assert!(arabic(&in_arabic), "{in_arabic}");
    assert!(in_arabic.contains("rue des Jasmins"), "{in_arabic}");

    // When the payment is corrected (same amount, another method)
    let correction = serde_json::json!({
        "encaissement_id": encaissement_id, "montant": millimes / 1000,
        "date_paiement": date_paiement, "methode_paiement": "virement",
        "reference_paiement": "VIR-2026-7",
    });
    let res = treasurer
        .post_json("/api/cotisations/encaissement/modifier", &correction)
        .await;
    assert_eq!(
        res.status(),
        StatusCode::OK,
        "{}",
        res.text().await.unwrap()
    );

    // Then its receipt, printed again, keeps its number and says it is a duplicata of that day
    let again = pdf_text(&treasurer.get(&path).await.bytes().await.unwrap());
    let today = daftar_api::clock::Clock::system().today();
    let mention = format!(
        "Duplicata — paiement modifié le {}",
        today.format("%d/%m/%Y")
    );
    assert!(again.contains(&mention), "{again}");
    assert!(again.contains("Virement"), "{again}");
}
