//! The breakdown reports through the API (issue 18; docs/api-communaute.md "Breakdown
//! reports"): reported and commented by every user with photos the server checks and scales,
//! corrected and withdrawn by their authors, their status set by council members, archived ones
//! the council's only, each residence its own — on SQLite and PostgreSQL.

use serde_json::{json, Value};

use crate::annonces::{
    setup, CO_OWNER, MEMBER, OTHER_CO_OWNER, OTHER_MEMBER, PRESIDENT, SECOND_CO_OWNER,
};
use crate::depenses::{pdf, png, post_multipart, Part};
use crate::support::{assert_error, ok, signed_in, TestApp, World};

on_both_stores!(
    a_breakdown_is_reported_with_photos_the_server_scales_and_every_user_reads_it,
    a_report_is_withdrawn_by_its_author_only_while_no_council_member_changed_its_status,
    a_council_member_sets_any_status_but_not_the_current_one_and_the_author_is_told,
    an_archived_report_is_the_councils_only,
    authors_correct_and_withdraw_their_own_comments_keeping_the_photos_they_name,
    a_report_needs_a_text_and_images_only_and_nothing_is_kept_when_refused,
    a_residence_never_sees_nor_touches_the_reports_of_another,
);

async fn signaler(app: &TestApp, description: &str, photos: &[&[u8]]) -> reqwest::Response {
    let mut parts = vec![Part::Texte("description", description)];
    parts.extend(
        photos
            .iter()
            .map(|octets| Part::Fichier("images[]", "photo.png", octets)),
    );
    post_multipart(app, "/api/pannes/creer", &parts).await
}

async fn signaler_ok(app: &TestApp, description: &str) -> i64 {
    ok(signaler(app, description, &[]).await).await["panne"]["id"]
        .as_i64()
        .unwrap()
}

async fn commenter(
    app: &TestApp,
    panne_id: i64,
    texte: &str,
    photos: &[&[u8]],
) -> reqwest::Response {
    let id = panne_id.to_string();
    let mut parts = vec![
        Part::Texte("commentaire", texte),
        Part::Texte("panne_id", &id),
    ];
    parts.extend(
        photos
            .iter()
            .map(|octets| Part::Fichier("images[]", "detail.png", octets)),
    );
    post_multipart(app, "/api/pannes/commentaire/ajouter", &parts).await
}

async fn listes(app: &TestApp) -> (Vec<Value>, Vec<Value>) {
    let body = ok(app.get("/api/pannes").await).await;
    (
        body["mine"].as_array().unwrap().clone(),
        body["others"].as_array().unwrap().clone(),
    )
}

fn descriptions(pannes: &[Value]) -> Vec<&str> {
    pannes
        .iter()
        .map(|panne| panne["description"].as_str().unwrap())
        .collect()
}

async fn details(app: &TestApp, id: i64) -> reqwest::Response {
    app.get(&format!("/api/pannes/details?panneId={id}")).await
}

async fn statut(app: &TestApp, id: i64, status: &str) -> reqwest::Response {
    app.post_json(
        "/api/pannes/etat/modifier",
        &json!({ "panne_id": id, "status": status }),
    )
    .await
}

async fn notifications(app: &TestApp) -> Vec<Value> {
    ok(app.get("/api/notifications").await).await["data"]
        .as_array()
        .unwrap()
        .clone()
}

async fn a_breakdown_is_reported_with_photos_the_server_scales_and_every_user_reads_it(
    world: World,
) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let grande = png(2000, 1500);
    let panne = ok(signaler(
        &leila,
        "Fuite d'eau au 2e étage\nsous l'escalier",
        &[&grande],
    )
    .await)
    .await["panne"]
        .clone();
    assert_eq!(panne["status"], "ouvert");
    assert_eq!(panne["user"]["nom"], "Leïla Haddad");
    assert_eq!(panne["date"], "01/03/2026");
    assert_eq!(panne["heure"], "12:00");
    let photos = panne["attachements"].as_array().unwrap();
    assert_eq!(photos.len(), 1);
    let reponse = leila.get(photos[0]["url"].as_str().unwrap()).await;
    assert_eq!(reponse.status().as_u16(), 200);
    let octets = reponse.bytes().await.unwrap();
    assert!(octets.len() <= 1_048_576);
    let image = image::load_from_memory(&octets).unwrap();
    assert_eq!((image.width(), image.height()), (1024, 768));

    let (mine, others) = listes(&leila).await;
    assert_eq!(
        descriptions(&mine),
        ["Fuite d'eau au 2e étage\nsous l'escalier"]
    );
    assert!(others.is_empty());
    let sami = signed_in(&app, SECOND_CO_OWNER).await;
    let (mine, others) = listes(&sami).await;
    assert!(mine.is_empty());
    assert_eq!(others.len(), 1);
    assert_eq!(
        sami.get(photos[0]["url"].as_str().unwrap())
            .await
            .status()
            .as_u16(),
        200
    );
    // The council is told; the other co-owners are not.
    let du_membre = notifications(&signed_in(&app, MEMBER).await).await;
    assert_eq!(du_membre.len(), 1);
    assert_eq!(du_membre[0]["title_key"], "panne_signalee");
    assert_eq!(du_membre[0]["icon"], "panne");
    assert!(notifications(&sami).await.is_empty());
}

async fn a_report_is_withdrawn_by_its_author_only_while_no_council_member_changed_its_status(
    world: World,
) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let sami = signed_in(&app, SECOND_CO_OWNER).await;
    let membre = signed_in(&app, MEMBER).await;
    let ascenseur = signaler_ok(&leila, "Ascenseur bloqué").await;
    let lampe = signaler_ok(&leila, "Lampe du hall").await;

    assert_error(
        sami.post_json("/api/pannes/supprimer", &json!({ "id": lampe }))
            .await,
        403,
        "auteur_requis",
    )
    .await;
    assert_error(
        membre
            .post_json(
                "/api/pannes/modifier",
                &json!({ "id": lampe, "description": "Autre" }),
            )
            .await,
        403,
        "auteur_requis",
    )
    .await;
    ok(leila
        .post_json(
            "/api/pannes/modifier",
            &json!({ "id": lampe, "description": "Lampe du hall grillée" }),
        )
        .await)
    .await;
    assert_eq!(
        ok(details(&sami, lampe).await).await["panne"]["description"],
        "Lampe du hall grillée"
    );
    ok(leila
        .post_json("/api/pannes/supprimer", &json!({ "id": lampe }))
        .await)
    .await;
    assert_error(details(&leila, lampe).await, 404, "panne_introuvable").await;

    // Given a report a council member moved to analysis and back to open
    ok(statut(&membre, ascenseur, "analyse").await).await;
    ok(statut(&membre, ascenseur, "ouvert").await).await;
    // When its author withdraws it
    let refus = leila
        .post_json("/api/pannes/supprimer", &json!({ "id": ascenseur }))
        .await;
    // Then it is refused and the report stays
    assert_error(refus, 422, "panne_statut_evolue").await;
    let (mine, _) = listes(&leila).await;
    assert_eq!(descriptions(&mine), ["Ascenseur bloqué"]);
    assert_eq!(mine[0]["can_delete"], false);
}

async fn a_council_member_sets_any_status_but_not_the_current_one_and_the_author_is_told(
    world: World,
) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = signaler_ok(&leila, "Porte du garage").await;

    let body = ok(statut(&president, id, "resolu").await).await;
    assert_eq!(body["status"], "resolu");
    ok(statut(&president, id, "reparation").await).await;
    // Given a report under repair, when a council member sets it under repair again, then the
    // change is refused.
    assert_error(
        statut(&president, id, "reparation").await,
        422,
        "statut_identique",
    )
    .await;
    assert_eq!(
        ok(details(&leila, id).await).await["panne"]["status"],
        "reparation"
    );

    let invalide = assert_error(
        statut(&president, id, "termine").await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        invalide["field_codes"]["status"],
        json!(["statut_panne_invalide"])
    );
    let manquants = assert_error(
        president
            .post_json("/api/pannes/etat/modifier", &json!({}))
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        manquants["field_codes"]["status"],
        json!(["champ_obligatoire"])
    );
    assert_eq!(
        manquants["field_codes"]["panne_id"],
        json!(["champ_obligatoire"])
    );
    assert_error(
        statut(&president, 999_999, "analyse").await,
        404,
        "panne_introuvable",
    )
    .await;
    assert_error(statut(&leila, id, "resolu").await, 403, "syndic_required").await;

    let avis = notifications(&leila).await;
    assert_eq!(avis.len(), 2);
    assert_eq!(avis[0]["title_key"], "panne_statut");
    assert_eq!(avis[0]["params"], json!({ "id": id, "etat": "reparation" }));
    assert_eq!(
        avis[0]["link"],
        format!("/coproprietaire/pannes/details/{id}")
    );
}

async fn an_archived_report_is_the_councils_only(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let photo = png(40, 30);
    let panne = ok(signaler(&leila, "Interphone", &[&photo]).await).await["panne"].clone();
    let id = panne["id"].as_i64().unwrap();
    let url = panne["attachements"][0]["url"].as_str().unwrap().to_owned();
    let membre = signed_in(&app, MEMBER).await;
    ok(statut(&membre, id, "archive").await).await;

    let (mine, others) = listes(&leila).await;
    assert!(mine.is_empty() && others.is_empty());
    assert_error(details(&leila, id).await, 403, "panne_archivee").await;
    assert_error(leila.get(&url).await, 403, "panne_archivee").await;
    assert_error(
        commenter(&leila, id, "Toujours en panne", &[]).await,
        403,
        "panne_archivee",
    )
    .await;
    assert_error(
        leila
            .post_json(
                "/api/pannes/modifier",
                &json!({ "id": id, "description": "Encore" }),
            )
            .await,
        403,
        "panne_archivee",
    )
    .await;

    let (_, du_conseil) = listes(&membre).await;
    assert_eq!(descriptions(&du_conseil), ["Interphone"]);
    assert_eq!(du_conseil[0]["status"], "archive");
    assert_eq!(
        ok(details(&membre, id).await).await["panne"]["status"],
        "archive"
    );
    assert_eq!(membre.get(&url).await.status().as_u16(), 200);
}

async fn authors_correct_and_withdraw_their_own_comments_keeping_the_photos_they_name(
    world: World,
) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let membre = signed_in(&app, MEMBER).await;
    let id = signaler_ok(&leila, "Fuite au parking").await;
    let (premiere, deuxieme, troisieme) = (png(20, 20), png(30, 20), png(40, 20));
    let commentaire = ok(commenter(&membre, id, "Plombier prévenu", &[&premiere, &deuxieme]).await)
        .await["commentaire"]
        .clone();
    let commentaire_id = commentaire["id"].as_i64().unwrap().to_string();
    let photos: Vec<i64> = commentaire["attachements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|photo| photo["id"].as_i64().unwrap())
        .collect();
    assert_eq!(photos.len(), 2);
    // The report's author is told of the comment.
    assert_eq!(
        notifications(&leila).await[0]["title_key"],
        "panne_commentaire"
    );

    let gardee = photos[1].to_string();
    let correction = [
        Part::Texte("id", &commentaire_id),
        Part::Texte("description", "Plombier prévenu : passage jeudi"),
        Part::Texte("old_images[]", &gardee),
        Part::Fichier("images[]", "nouvelle.png", &troisieme),
    ];
    assert_error(
        post_multipart(&leila, "/api/pannes/commentaire/modifier", &correction).await,
        403,
        "auteur_requis",
    )
    .await;
    ok(post_multipart(&membre, "/api/pannes/commentaire/modifier", &correction).await).await;
    let commentaires = ok(details(&leila, id).await).await["commentaires"].clone();
    assert_eq!(
        commentaires[0]["description"],
        "Plombier prévenu : passage jeudi"
    );
    let apres: Vec<i64> = commentaires[0]["attachements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|photo| photo["id"].as_i64().unwrap())
        .collect();
    assert_eq!(apres.len(), 2);
    assert_eq!(apres[0], photos[1]);
    assert!(!apres.contains(&photos[0]));
    assert_error(
        leila
            .get(&format!("/api/pannes/photos/{}", photos[0]))
            .await,
        404,
        "panne_introuvable",
    )
    .await;

    let retrait = json!({ "id": commentaire["id"] });
    assert_error(
        leila
            .post_json("/api/pannes/commentaire/supprimer", &retrait)
            .await,
        403,
        "auteur_requis",
    )
    .await;
    ok(membre
        .post_json("/api/pannes/commentaire/supprimer", &retrait)
        .await)
    .await;
    assert!(ok(details(&leila, id).await).await["commentaires"]
        .as_array()
        .unwrap()
        .is_empty());
    assert_error(
        membre
            .post_json("/api/pannes/commentaire/supprimer", &retrait)
            .await,
        404,
        "commentaire_introuvable",
    )
    .await;
    assert_error(
        leila.get(&format!("/api/pannes/photos/{}", apres[0])).await,
        404,
        "panne_introuvable",
    )
    .await;
}

async fn a_report_needs_a_text_and_images_only_and_nothing_is_kept_when_refused(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let document = pdf(0);
    let photo = png(10, 10);
    let refus = [
        (
            signaler(&leila, "  ", &[&photo]).await,
            "description",
            "champ_obligatoire",
        ),
        (
            signaler(&leila, &"a".repeat(5001), &[]).await,
            "description",
            "description_trop_longue",
        ),
        (
            signaler(&leila, "Fuite", &[&document]).await,
            "images",
            "image_requise",
        ),
        (
            signaler(&leila, "Fuite", &[b"pas une image"]).await,
            "images",
            "fichier_invalide",
        ),
    ];
    for (reponse, champ, code) in refus {
        let body = assert_error(reponse, 422, "validation_failed").await;
        assert_eq!(body["field_codes"][champ], json!([code]), "{body}");
    }
    let (mine, _) = listes(&leila).await;
    assert!(mine.is_empty());
    assert!(notifications(&signed_in(&app, MEMBER).await)
        .await
        .is_empty());

    let id = signaler_ok(&leila, "Fuite").await;
    let body = assert_error(
        commenter(&leila, id, "", &[]).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"]["commentaire"],
        json!(["champ_obligatoire"])
    );
    let body = assert_error(
        commenter(&leila, id, &"b".repeat(1001), &[]).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"]["commentaire"],
        json!(["commentaire_trop_long"])
    );
    let body = assert_error(
        post_multipart(
            &leila,
            "/api/pannes/commentaire/ajouter",
            &[Part::Texte("commentaire", "Oui")],
        )
        .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"]["panne_id"],
        json!(["champ_obligatoire"])
    );
    assert_error(
        commenter(&leila, 999_999, "Oui", &[]).await,
        404,
        "panne_introuvable",
    )
    .await;
    let body = assert_error(
        leila
            .post_json(
                "/api/pannes/modifier",
                &json!({ "id": id, "description": "" }),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"]["description"],
        json!(["champ_obligatoire"])
    );
    let body = assert_error(
        leila.post_json("/api/pannes/supprimer", &json!({})).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["id"], json!(["champ_obligatoire"]));
    assert_error(
        leila.get("/api/pannes/details?panneId=abc").await,
        422,
        "validation_failed",
    )
    .await;
    let details = ok(details(&leila, id).await).await;
    assert_eq!(details["panne"]["description"], "Fuite");
    assert!(details["commentaires"].as_array().unwrap().is_empty());
}

async fn a_residence_never_sees_nor_touches_the_reports_of_another(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let photo = png(10, 10);
    let panne = ok(signaler(&leila, "Fuite", &[&photo]).await).await["panne"].clone();
    let id = panne["id"].as_i64().unwrap();
    let url = panne["attachements"][0]["url"].as_str().unwrap().to_owned();
    let commentaire =
        ok(commenter(&leila, id, "Précision", &[]).await).await["commentaire"]["id"].clone();

    let nabil = signed_in(&app, OTHER_CO_OWNER).await;
    let sonia = signed_in(&app, OTHER_MEMBER).await;
    for autre in [&nabil, &sonia] {
        let (mine, others) = listes(autre).await;
        assert!(mine.is_empty() && others.is_empty());
        assert_error(details(autre, id).await, 404, "panne_introuvable").await;
        assert_error(autre.get(&url).await, 404, "panne_introuvable").await;
        assert_error(
            commenter(autre, id, "Intrus", &[]).await,
            404,
            "panne_introuvable",
        )
        .await;
        assert_error(
            autre
                .post_json(
                    "/api/pannes/commentaire/supprimer",
                    &json!({ "id": commentaire }),
                )
                .await,
            404,
            "commentaire_introuvable",
        )
        .await;
    }
    assert_error(statut(&sonia, id, "resolu").await, 404, "panne_introuvable").await;
    assert_eq!(
        ok(details(&leila, id).await).await["panne"]["status"],
        "ouvert"
    );
    assert!(notifications(&nabil).await.is_empty());
}
