//! The announcements through the API (issue 18; docs/api-communaute.md "Announcements"): read
//! by every user while active, archived the day after their last day by the residence's clock,
//! published, corrected and withdrawn by council members only, each residence its own — on
//! SQLite and PostgreSQL.

use chrono::NaiveDate;
use daftar_api::residence_builder::{ResidenceBuilder, Role};
use serde_json::{json, Value};

use crate::support::{assert_error, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    an_announcement_is_active_through_its_last_day_and_archived_the_day_after,
    an_announcement_without_a_duration_stays_fourteen_days_or_until_the_end_date_given,
    a_council_member_corrects_and_withdraws_an_announcement,
    a_co_owner_reads_the_active_announcements_and_nothing_else,
    an_announcement_needs_a_text_and_a_duration_or_an_end_date_from_today_and_nothing_is_kept_when_refused,
    a_residence_never_sees_nor_touches_the_announcements_of_another,
    the_demo_shows_announcements_and_breakdown_reports_in_every_status,
);

pub const PRESIDENT: &str = "20000001";
pub const MEMBER: &str = "20000003";
pub const CO_OWNER: &str = "50000001";
pub const SECOND_CO_OWNER: &str = "50000002";
pub const OTHER_MEMBER: &str = "30000001";
pub const OTHER_CO_OWNER: &str = "60000001";

pub fn date(texte: &str) -> NaiveDate {
    NaiveDate::parse_from_str(texte, "%Y-%m-%d").unwrap()
}

/// Les Jasmins (a president, a council member, two co-owners) and Les Oliviers (a council member,
/// a co-owner); a server whose clock says 1 March 2026.
pub async fn setup(world: &World) -> TestApp {
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-03-01"))
        .user(PRESIDENT, "Hédi Trabelsi", Role::President)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .user(SECOND_CO_OWNER, "Sami Gharbi", Role::Coproprietaire)
        .exercice(2026)
        .build()
        .await
        .unwrap();
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .aujourd_hui(date("2026-03-01"))
        .user(OTHER_MEMBER, "Sonia Mrad", Role::Membre)
        .user(OTHER_CO_OWNER, "Nabil Oueslati", Role::Coproprietaire)
        .exercice(2026)
        .build()
        .await
        .unwrap();
    world.spawn_on(date("2026-03-01")).await
}

pub async fn publier(app: &TestApp, corps: Value) -> reqwest::Response {
    app.post_json("/api/annonces/creer", &corps).await
}

async fn liste(app: &TestApp, laquelle: &str) -> Vec<Value> {
    ok(app.get(&format!("/api/annonces/{laquelle}")).await).await["annonces"]
        .as_array()
        .unwrap()
        .clone()
}

fn descriptions(annonces: &[Value]) -> Vec<&str> {
    annonces
        .iter()
        .map(|annonce| annonce["description"].as_str().unwrap())
        .collect()
}

async fn an_announcement_is_active_through_its_last_day_and_archived_the_day_after(world: World) {
    // Given an announcement published on 1 March for 2 days
    let app = setup(&world).await;
    let membre = signed_in(&app, MEMBER).await;
    let publiee = ok(publier(
        &membre,
        json!({ "description": "Coupure d'eau", "jours": 2 }),
    )
    .await)
    .await["annonce"]
        .clone();
    assert_eq!(publiee["date_fin"], "2026-03-03");
    assert_eq!(publiee["nom"], "Karim Jaziri");
    assert!(publiee["time"].as_str().unwrap().starts_with("2026-03-01"));

    // When the residence's clock says 3 March, its last day
    let le_3 = world.spawn_on(date("2026-03-03")).await;
    // Then every user still reads it among the active ones
    let coproprietaire = signed_in(&le_3, CO_OWNER).await;
    assert_eq!(
        descriptions(&liste(&coproprietaire, "actives").await),
        ["Coupure d'eau"]
    );
    assert!(liste(&signed_in(&le_3, MEMBER).await, "archivees")
        .await
        .is_empty());

    // When the clock says 4 March
    let le_4 = world.spawn_on(date("2026-03-04")).await;
    // Then it is archived: gone from the active list, in the council's archive
    assert!(liste(&signed_in(&le_4, CO_OWNER).await, "actives")
        .await
        .is_empty());
    let archivees = liste(&signed_in(&le_4, MEMBER).await, "archivees").await;
    assert_eq!(descriptions(&archivees), ["Coupure d'eau"]);
    assert_eq!(archivees[0]["id"], publiee["id"]);
}

async fn an_announcement_without_a_duration_stays_fourteen_days_or_until_the_end_date_given(
    world: World,
) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let sans_duree =
        ok(publier(&president, json!({ "description": "Assemblée en avril" })).await).await;
    assert_eq!(sans_duree["annonce"]["date_fin"], "2026-03-15");
    let en_chiffres = ok(publier(
        &president,
        json!({ "description": "Peinture", "jours": "30" }),
    )
    .await)
    .await;
    assert_eq!(en_chiffres["annonce"]["date_fin"], "2026-03-31");
    let jusqu_a = ok(publier(
        &president,
        json!({ "description": "Ascenseur", "date_fin": "2026-03-01" }),
    )
    .await)
    .await;
    assert_eq!(jusqu_a["annonce"]["date_fin"], "2026-03-01");
    // Newest first.
    assert_eq!(
        descriptions(&liste(&president, "actives").await),
        ["Ascenseur", "Peinture", "Assemblée en avril"]
    );
}

async fn a_council_member_corrects_and_withdraws_an_announcement(world: World) {
    let app = setup(&world).await;
    let membre = signed_in(&app, MEMBER).await;
    let id = ok(publier(&membre, json!({ "description": "Coupure d'eau" })).await).await["annonce"]
        ["id"]
        .as_i64()
        .unwrap();
    let president = signed_in(&app, PRESIDENT).await;
    ok(president
        .post_json(
            "/api/annonces/modifier",
            &json!({ "id": id, "description": "Coupure d'eau de 9 h à 12 h", "date_fin": "2026-03-02" }),
        )
        .await)
    .await;
    let actives = liste(&membre, "actives").await;
    assert_eq!(descriptions(&actives), ["Coupure d'eau de 9 h à 12 h"]);
    assert_eq!(actives[0]["date_fin"], "2026-03-02");
    // The author stays the one who published it.
    assert_eq!(actives[0]["nom"], "Karim Jaziri");

    ok(president
        .post_json("/api/annonces/supprimer", &json!({ "id": id }))
        .await)
    .await;
    assert!(liste(&membre, "actives").await.is_empty());
    assert!(liste(&membre, "archivees").await.is_empty());
    assert_error(
        president
            .post_json("/api/annonces/supprimer", &json!({ "id": id }))
            .await,
        404,
        "annonce_introuvable",
    )
    .await;
    assert_error(
        president
            .post_json(
                "/api/annonces/modifier",
                &json!({ "id": id, "description": "Encore", "date_fin": "2026-03-02" }),
            )
            .await,
        404,
        "annonce_introuvable",
    )
    .await;
}

async fn a_co_owner_reads_the_active_announcements_and_nothing_else(world: World) {
    let app = setup(&world).await;
    let membre = signed_in(&app, MEMBER).await;
    let id = ok(publier(&membre, json!({ "description": "Coupure d'eau" })).await).await["annonce"]
        ["id"]
        .as_i64()
        .unwrap();
    let coproprietaire = signed_in(&app, CO_OWNER).await;
    assert_eq!(
        descriptions(&liste(&coproprietaire, "actives").await),
        ["Coupure d'eau"]
    );
    assert_error(
        coproprietaire.get("/api/annonces/archivees").await,
        403,
        "syndic_required",
    )
    .await;
    assert_error(
        publier(
            &coproprietaire,
            json!({ "description": "Fête des voisins" }),
        )
        .await,
        403,
        "syndic_required",
    )
    .await;
    assert_error(
        coproprietaire
            .post_json(
                "/api/annonces/modifier",
                &json!({ "id": id, "description": "Pas de coupure", "date_fin": "2026-03-05" }),
            )
            .await,
        403,
        "syndic_required",
    )
    .await;
    assert_error(
        coproprietaire
            .post_json("/api/annonces/supprimer", &json!({ "id": id }))
            .await,
        403,
        "syndic_required",
    )
    .await;
    assert_eq!(
        descriptions(&liste(&membre, "actives").await),
        ["Coupure d'eau"]
    );
    assert_error(
        app.get("/api/annonces/actives").await,
        401,
        "unauthenticated",
    )
    .await;
}

async fn an_announcement_needs_a_text_and_a_duration_or_an_end_date_from_today_and_nothing_is_kept_when_refused(
    world: World,
) {
    let app = setup(&world).await;
    let membre = signed_in(&app, MEMBER).await;
    let trop_long = "a".repeat(5001);
    let refusees = [
        (json!({ "jours": 3 }), "description", "champ_obligatoire"),
        (
            json!({ "description": "   ", "jours": 3 }),
            "description",
            "champ_obligatoire",
        ),
        (
            json!({ "description": trop_long, "jours": 3 }),
            "description",
            "description_trop_longue",
        ),
        (
            json!({ "description": "Eau", "jours": 0 }),
            "jours",
            "jours_invalide",
        ),
        (
            json!({ "description": "Eau", "jours": 366 }),
            "jours",
            "jours_invalide",
        ),
        (
            json!({ "description": "Eau", "jours": -2 }),
            "jours",
            "jours_invalide",
        ),
        (
            json!({ "description": "Eau", "jours": 2.5 }),
            "jours",
            "jours_invalide",
        ),
        (
            json!({ "description": "Eau", "jours": "1a" }),
            "jours",
            "jours_invalide",
        ),
        (
            json!({ "description": "Eau", "date_fin": "2026-02-28" }),
            "date_fin",
            "date_fin_passee",
        ),
        (
            json!({ "description": "Eau", "date_fin": "2026-02-30" }),
            "date_fin",
            "date_invalide",
        ),
        (
            json!({ "description": "Eau", "jours": 3, "date_fin": "2026-03-05" }),
            "date_fin",
            "valeur_invalide",
        ),
    ];
    for (corps, champ, code) in refusees {
        let body = assert_error(
            publier(&membre, corps.clone()).await,
            422,
            "validation_failed",
        )
        .await;
        assert_eq!(body["field_codes"][champ], json!([code]), "{corps}");
    }
    assert!(liste(&membre, "actives").await.is_empty());
    assert!(liste(&membre, "archivees").await.is_empty());

    let id = ok(publier(&membre, json!({ "description": "Eau" })).await).await["annonce"]["id"]
        .as_i64()
        .unwrap();
    let corrections = [
        (
            json!({ "description": "Eau", "date_fin": "2026-03-09" }),
            "id",
            "champ_obligatoire",
        ),
        (
            json!({ "id": id, "date_fin": "2026-03-09" }),
            "description",
            "champ_obligatoire",
        ),
        (
            json!({ "id": id, "description": "Gaz" }),
            "date_fin",
            "champ_obligatoire",
        ),
        (
            json!({ "id": id, "description": "Gaz", "date_fin": "2026-02-28" }),
            "date_fin",
            "date_fin_passee",
        ),
        (
            json!({ "id": id, "description": "Gaz", "date_fin": "01/04/2026" }),
            "date_fin",
            "date_invalide",
        ),
    ];
    for (corps, champ, code) in corrections {
        let body = assert_error(
            membre.post_json("/api/annonces/modifier", &corps).await,
            422,
            "validation_failed",
        )
        .await;
        assert_eq!(body["field_codes"][champ], json!([code]), "{corps}");
    }
    let actives = liste(&membre, "actives").await;
    assert_eq!(descriptions(&actives), ["Eau"]);
    assert_eq!(actives[0]["date_fin"], "2026-03-15");
    let body = assert_error(
        membre
            .post_json("/api/annonces/supprimer", &json!({}))
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["id"], json!(["champ_obligatoire"]));
}

async fn a_residence_never_sees_nor_touches_the_announcements_of_another(world: World) {
    let app = setup(&world).await;
    let membre = signed_in(&app, MEMBER).await;
    let id = ok(publier(
        &membre,
        json!({ "description": "Coupure d'eau", "jours": 1 }),
    )
    .await)
    .await["annonce"]["id"]
        .as_i64()
        .unwrap();
    let autre = signed_in(&app, OTHER_MEMBER).await;
    assert!(liste(&autre, "actives").await.is_empty());
    assert!(liste(&signed_in(&app, OTHER_CO_OWNER).await, "actives")
        .await
        .is_empty());
    assert_error(
        autre
            .post_json(
                "/api/annonces/modifier",
                &json!({ "id": id, "description": "Piraté", "date_fin": "2026-03-05" }),
            )
            .await,
        404,
        "annonce_introuvable",
    )
    .await;
    assert_error(
        autre
            .post_json("/api/annonces/supprimer", &json!({ "id": id }))
            .await,
        404,
        "annonce_introuvable",
    )
    .await;
    // Archived in Les Jasmins, still not in Les Oliviers' archive.
    let le_5 = world.spawn_on(date("2026-03-05")).await;
    assert!(liste(&signed_in(&le_5, OTHER_MEMBER).await, "archivees")
        .await
        .is_empty());
    assert_eq!(
        descriptions(&liste(&signed_in(&le_5, MEMBER).await, "archivees").await),
        ["Coupure d'eau"]
    );
}

async fn the_demo_shows_announcements_and_breakdown_reports_in_every_status(world: World) {
    let db = world.db().await;
    daftar_api::demo::load(&db).await.unwrap();
    // Loading again adds nothing.
    daftar_api::demo::load(&db).await.unwrap();
    let app = world.spawn().await;
    let president = app.new_browser();
    president.csrf().await;
    president
        .login("20000001", daftar_api::demo::PASSWORD)
        .await;
    assert_eq!(liste(&president, "actives").await.len(), 2);
    assert_eq!(liste(&president, "archivees").await.len(), 2);
    let coproprietaire = app.new_browser();
    coproprietaire.csrf().await;
    coproprietaire
        .login("20000004", daftar_api::demo::PASSWORD)
        .await;
    assert_eq!(liste(&coproprietaire, "actives").await.len(), 2);
    let cloche = ok(coproprietaire.get("/api/notifications").await).await;
    let annonces = cloche["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|avis| avis["title_key"] == "annonce_publiee")
        .count();
    assert_eq!(annonces, 4);
    // The breakdown reports too: Leïla's two, the others' two, the archived one the council's.
    let pannes = ok(coproprietaire.get("/api/pannes").await).await;
    assert_eq!(pannes["mine"].as_array().unwrap().len(), 2);
    assert_eq!(pannes["others"].as_array().unwrap().len(), 2);
    let du_conseil = ok(president.get("/api/pannes").await).await;
    let statuts: std::collections::BTreeSet<&str> = du_conseil["others"]
        .as_array()
        .unwrap()
        .iter()
        .map(|panne| panne["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        statuts,
        ["analyse", "archive", "ouvert", "reparation", "resolu"].into()
    );
    let ascenseur = du_conseil["others"]
        .as_array()
        .unwrap()
        .iter()
        .find(|panne| panne["status"] == "reparation")
        .unwrap()["id"]
        .clone();
    let details = ok(president
        .get(&format!("/api/pannes/details?panneId={ascenseur}"))
        .await)
    .await;
    assert_eq!(details["commentaires"].as_array().unwrap().len(), 1);
}
