//! The rules documents through the API (issue 15; docs/api-exercices.md "Regulations"): one
//! current at a time, read by every user, added and withdrawn by the president only, a PDF
//! judged by its content — on SQLite and PostgreSQL.

use chrono::NaiveDate;
use daftar_api::residence_builder::{ResidenceBuilder, Role};
use serde_json::{json, Value};

use crate::depenses::{pdf, png, post_multipart, Part};
use crate::support::{assert_error, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    a_regulation_made_current_unsets_the_current_one,
    every_user_reads_the_regulations_and_only_the_president_adds_or_withdraws_them,
    a_regulation_needs_a_title_and_one_pdf_and_nothing_is_kept_when_refused,
    a_withdrawn_regulation_leaves_the_list_and_can_no_longer_be_downloaded,
);

const PRESIDENT: &str = "20000001";
const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";

async fn setup(world: &World) -> TestApp {
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(NaiveDate::from_ymd_opt(2026, 3, 1).unwrap())
        .user(PRESIDENT, "Hédi Trabelsi", Role::President)
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .exercice(2026)
        .build()
        .await
        .unwrap();
    world
        .spawn_on(NaiveDate::from_ymd_opt(2026, 3, 1).unwrap())
        .await
}

async fn creer(app: &TestApp, titre: &str, actuel: &str, document: &[u8]) -> reqwest::Response {
    post_multipart(
        app,
        "/api/reglements/creer",
        &[
            Part::Texte("titre", titre),
            Part::Texte("is_current", actuel),
            Part::Texte("commentaire", "Adopté en assemblée générale"),
            Part::Fichier("doc", "scan.pdf", document),
        ],
    )
    .await
}

async fn liste(app: &TestApp) -> Vec<Value> {
    ok(app.get("/api/reglements").await).await["reglements"]
        .as_array()
        .unwrap()
        .clone()
}

fn titres_et_actuel(reglements: &[Value]) -> Vec<(String, bool)> {
    reglements
        .iter()
        .map(|r| {
            (
                r["displayName"].as_str().unwrap().to_owned(),
                r["is_current"].as_bool().unwrap(),
            )
        })
        .collect()
}

async fn a_regulation_made_current_unsets_the_current_one(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    ok(creer(&president, "Règlement de copropriété 2019", "1", &pdf(0)).await).await;
    ok(creer(&president, "Règlement intérieur", "0", &pdf(1)).await).await;

    let nouveau = ok(creer(&president, "Règlement de copropriété 2026", "1", &pdf(2)).await).await;

    assert_eq!(nouveau["reglement"]["is_current"], json!(true));
    assert_eq!(nouveau["reglement"]["type"], json!("file"));
    assert_eq!(nouveau["reglement"]["format"], json!("pdf"));
    assert_eq!(
        nouveau["reglement"]["commentaire"],
        json!("Adopté en assemblée générale")
    );
    assert_eq!(
        titres_et_actuel(&liste(&president).await),
        vec![
            ("Règlement de copropriété 2026".to_owned(), true),
            ("Règlement intérieur".to_owned(), false),
            ("Règlement de copropriété 2019".to_owned(), false),
        ]
    );
}

async fn every_user_reads_the_regulations_and_only_the_president_adds_or_withdraws_them(
    world: World,
) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let document = pdf(5);
    let cree = ok(creer(&president, "Règlement intérieur", "1", &document).await).await;
    let path = cree["reglement"]["path"].as_str().unwrap().to_owned();
    let id = cree["reglement"]["id"].clone();

    let co_owner = signed_in(&app, CO_OWNER).await;
    assert_eq!(liste(&co_owner).await.len(), 1);
    let res = co_owner.get(&format!("/api/reglements/{path}")).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["x-file-name"].to_str().unwrap(),
        "R%C3%A8glement int%C3%A9rieur.pdf"
    );
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert_eq!(res.bytes().await.unwrap().to_vec(), document);

    for tel in [TREASURER, MEMBER, CO_OWNER] {
        let other = signed_in(&app, tel).await;
        assert_error(
            creer(&other, "Autre", "1", &pdf(0)).await,
            403,
            "president_required",
        )
        .await;
        assert_error(
            other
                .post_json("/api/reglements/supprimer", &json!({ "id": id }))
                .await,
            403,
            "president_required",
        )
        .await;
    }
    assert_eq!(
        titres_et_actuel(&liste(&president).await),
        vec![("Règlement intérieur".to_owned(), true)]
    );
}

async fn a_regulation_needs_a_title_and_one_pdf_and_nothing_is_kept_when_refused(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;

    let body = assert_error(
        post_multipart(
            &president,
            "/api/reglements/creer",
            &[Part::Texte("titre", "  "), Part::Texte("is_current", "oui")],
        )
        .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["titre"], json!(["champ_obligatoire"]));
    assert_eq!(body["field_codes"]["doc"], json!(["champ_obligatoire"]));
    assert_eq!(
        body["field_codes"]["is_current"],
        json!(["valeur_invalide"])
    );

    let image = png(20, 20);
    let body = assert_error(
        creer(&president, "Règlement", "1", &image).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["doc"], json!(["pdf_requis"]));

    let body = assert_error(
        creer(&president, "Règlement", "1", &pdf(1_100_000)).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["doc"], json!(["pdfTooLarge"]));

    let body = assert_error(
        creer(&president, "Règlement", "1", b"%PDF-1.7 not really a pdf").await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["doc"], json!(["fichier_invalide"]));

    let long = "R".repeat(201);
    let body = assert_error(
        creer(&president, &long, "1", &pdf(0)).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["titre"], json!(["titre_trop_long"]));

    let deux = pdf(0);
    let body = assert_error(
        post_multipart(
            &president,
            "/api/reglements/creer",
            &[
                Part::Texte("titre", "Règlement"),
                Part::Fichier("doc", "a.pdf", &deux),
                Part::Fichier("doc", "b.pdf", &deux),
            ],
        )
        .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["doc"], json!(["valeur_invalide"]));

    assert!(liste(&president).await.is_empty());
}

async fn a_withdrawn_regulation_leaves_the_list_and_can_no_longer_be_downloaded(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let garde = ok(creer(&president, "Règlement intérieur", "0", &pdf(0)).await).await;
    let retire = ok(creer(&president, "Règlement 2019", "1", &pdf(1)).await).await;
    let path = retire["reglement"]["path"].as_str().unwrap().to_owned();
    let id = retire["reglement"]["id"].clone();

    ok(president
        .post_json("/api/reglements/supprimer", &json!({ "id": id }))
        .await)
    .await;

    assert_eq!(
        titres_et_actuel(&liste(&president).await),
        vec![("Règlement intérieur".to_owned(), false)]
    );
    assert_error(
        president.get(&format!("/api/reglements/{path}")).await,
        404,
        "reglement_introuvable",
    )
    .await;
    assert_error(
        president
            .post_json("/api/reglements/supprimer", &json!({ "id": id }))
            .await,
        404,
        "reglement_introuvable",
    )
    .await;
    // A path must name a document exactly: the id with another title, or no id, is no file.
    let garde_id = garde["reglement"]["id"].as_i64().unwrap();
    for path in [
        format!("{garde_id}-Autre.pdf"),
        "Règlement intérieur.pdf".to_owned(),
        "999-x.pdf".to_owned(),
    ] {
        assert_error(
            president.get(&format!("/api/reglements/{path}")).await,
            404,
            "reglement_introuvable",
        )
        .await;
    }
    // Made current again later, a new document does not collide with the withdrawn current one.
    ok(creer(&president, "Règlement 2026", "1", &pdf(2)).await).await;
}
