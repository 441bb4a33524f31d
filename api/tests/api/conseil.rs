//! The syndic council through the API and support's `daftar user roles` (spec 2 §2 "Council",
//! §3, §5, §6, §8; spec 3 §2.11), on SQLite and PostgreSQL: who sees it, who changes it, the
//! protected members, the audit events in the ledger, and residence isolation.

use daftar_api::cli;
use daftar_api::identity::{self, Tel};
use daftar_api::residence_builder::{ResidenceBuilder, Role};
use daftar_projections::Database;
use serde_json::{json, Value};
use sqlx::Row;

use crate::support::{assert_error, ok, signed_in, user_with_tel, TestApp, World, PASSWORD};

on_both_stores!(
    every_user_of_the_residence_sees_its_council,
    the_president_adds_and_removes_members_with_an_audit_trail,
    council_changes_are_refused_with_their_reasons,
    only_the_president_changes_the_council,
    support_changes_the_president_and_the_treasurer,
);

const PRESIDENT: &str = "20000001";
const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "20000004";
const INACTIVE: &str = "20000005";
const OTHER_PRESIDENT: &str = "30000001";
const OTHER_CO_OWNER: &str = "30000002";

struct Fixture {
    app: TestApp,
    db: Database,
    a: i64,
    b: i64,
}

/// Residence A: president Mohamed, treasurer Amira, member Karim, co-owner Leïla and an
/// inactive co-owner; residence B: president Walid and co-owner Rim.
async fn setup(world: &World) -> Fixture {
    let db = world.db().await;
    let a = ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user(PRESIDENT, "Mohamed Ben Salah", Role::President)
        .user(TREASURER, "Amira Trabelsi", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .user(INACTIVE, "Sami Gharbi", Role::Coproprietaire)
        .build()
        .await
        .unwrap()
        .residence_id;
    identity::set_user_active(&db, INACTIVE, false)
        .await
        .unwrap();
    let b = ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user(OTHER_PRESIDENT, "Walid Khelifi", Role::President)
        .user(OTHER_CO_OWNER, "Rim Bouazizi", Role::Coproprietaire)
        .build()
        .await
        .unwrap()
        .residence_id;
    let app = world.spawn().await;
    Fixture { app, db, a, b }
}

async fn id_of(db: &Database, tel: &str) -> i64 {
    user_with_tel(db, tel).await.unwrap().id
}

async fn council(browser: &TestApp) -> Value {
    ok(browser.get("/api/conseil-syndical").await).await["users"].clone()
}

fn names(users: &Value) -> Vec<String> {
    users
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["nom"].as_str().unwrap().to_owned())
        .collect()
}

/// The council events of a residence's ledger: (type, payload, acting user).
async fn council_events(db: &Database, residence_id: i64) -> Vec<(String, Value, String)> {
    let rows = sqlx::query(
        "SELECT event_type, payload, metadata FROM events WHERE aggregate_id = $1 \
         ORDER BY sequence",
    )
    .bind(residence_id.to_string())
    .fetch_all(&db.pool)
    .await
    .unwrap();
    rows.iter()
        .map(|row| {
            let payload: Value =
                serde_json::from_str(&row.try_get::<String, _>("payload").unwrap()).unwrap();
            let metadata: Value =
                serde_json::from_str(&row.try_get::<String, _>("metadata").unwrap()).unwrap();
            let event_type: String = row.try_get("event_type").unwrap();
            (
                event_type.clone(),
                payload[&event_type].clone(),
                metadata["acting_user"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

async fn every_user_of_the_residence_sees_its_council(world: World) {
    let f = setup(&world).await;
    let president = id_of(&f.db, PRESIDENT).await;
    let treasurer = id_of(&f.db, TREASURER).await;
    let member = id_of(&f.db, MEMBER).await;
    let expected = json!([
        { "id": president, "nom": "Mohamed Ben Salah", "tel": PRESIDENT,
          "roles": ["syndic"], "permissions": ["president"] },
        { "id": treasurer, "nom": "Amira Trabelsi", "tel": TREASURER,
          "roles": ["syndic"], "permissions": ["finance"] },
        { "id": member, "nom": "Karim Jaziri", "tel": MEMBER,
          "roles": ["syndic"], "permissions": [] },
    ]);
    for tel in [CO_OWNER, MEMBER, PRESIDENT] {
        let browser = signed_in(&f.app, tel).await;
        assert_eq!(council(&browser).await, expected);
    }
    let other = signed_in(&f.app, OTHER_CO_OWNER).await;
    assert_eq!(names(&council(&other).await), ["Walid Khelifi"]);
    assert_error(
        f.app.new_browser().get("/api/conseil-syndical").await,
        401,
        "unauthenticated",
    )
    .await;
}

async fn the_president_adds_and_removes_members_with_an_audit_trail(world: World) {
    let f = setup(&world).await;
    let browser = signed_in(&f.app, PRESIDENT).await;
    let president = id_of(&f.db, PRESIDENT).await;
    let leila = id_of(&f.db, CO_OWNER).await;

    // Candidates: active users of the residence outside the council.
    let candidates = ok(browser.get("/api/conseil-syndical/users").await).await;
    assert_eq!(
        candidates["users"],
        json!([{ "id": leila, "nom": "Leïla Haddad", "tel": CO_OWNER }])
    );

    let co_owner = signed_in(&f.app, CO_OWNER).await;
    assert_error(
        co_owner.get("/api/proprietes").await,
        403,
        "syndic_required",
    )
    .await;
    let body = ok(browser
        .post_json("/api/conseil-syndical/ajouter", &json!({ "user": leila }))
        .await)
    .await;
    assert_eq!(
        body["user"],
        json!({ "id": leila, "nom": "Leïla Haddad", "tel": CO_OWNER,
                "roles": ["syndic"], "permissions": [] })
    );
    assert_eq!(
        names(&council(&browser).await),
        [
            "Mohamed Ben Salah",
            "Amira Trabelsi",
            "Karim Jaziri",
            "Leïla Haddad"
        ]
    );
    assert_eq!(
        ok(browser.get("/api/conseil-syndical/users").await).await["users"],
        json!([])
    );
    // Her next request already has the syndic space.
    ok(co_owner.get("/api/proprietes").await).await;

    ok(browser
        .post_json(
            "/api/conseil-syndical/supprimer",
            &json!({ "user_id": leila }),
        )
        .await)
    .await;
    assert_eq!(
        names(&council(&browser).await),
        ["Mohamed Ben Salah", "Amira Trabelsi", "Karim Jaziri"]
    );
    assert_eq!(
        names(&ok(browser.get("/api/conseil-syndical/users").await).await["users"]),
        ["Leïla Haddad"]
    );
    assert_error(
        co_owner.get("/api/proprietes").await,
        403,
        "syndic_required",
    )
    .await;

    // Each change is an event of the residence's ledger, with the acting president.
    assert_eq!(
        council_events(&f.db, f.a).await,
        vec![
            (
                "MembreConseilAjoute".to_owned(),
                json!({ "user_id": leila, "nom": "Leïla Haddad" }),
                president.to_string()
            ),
            (
                "MembreConseilRetire".to_owned(),
                json!({ "user_id": leila }),
                president.to_string()
            ),
        ]
    );
    assert!(council_events(&f.db, f.b).await.is_empty());
}

async fn council_changes_are_refused_with_their_reasons(world: World) {
    let f = setup(&world).await;
    let browser = signed_in(&f.app, PRESIDENT).await;
    let add = "/api/conseil-syndical/ajouter";
    let remove = "/api/conseil-syndical/supprimer";
    let president = id_of(&f.db, PRESIDENT).await;
    let treasurer = id_of(&f.db, TREASURER).await;
    let member = id_of(&f.db, MEMBER).await;
    let leila = id_of(&f.db, CO_OWNER).await;
    let inactive = id_of(&f.db, INACTIVE).await;
    let walid = id_of(&f.db, OTHER_PRESIDENT).await;
    let rim = id_of(&f.db, OTHER_CO_OWNER).await;
    let before = council(&browser).await;

    let body = assert_error(
        browser.post_json(add, &json!({})).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["errors"]["user"][0], "Ce champ est obligatoire.");
    assert_error(
        browser.post_json(add, &json!({ "user": member })).await,
        422,
        "deja_membre_conseil",
    )
    .await;
    for unknown in [9999, rim, walid, inactive] {
        assert_error(
            browser.post_json(add, &json!({ "user": unknown })).await,
            404,
            "not_found",
        )
        .await;
    }

    for protected in [president, treasurer] {
        let body = assert_error(
            browser
                .post_json(remove, &json!({ "user_id": protected }))
                .await,
            422,
            "membre_conseil_protege",
        )
        .await;
        assert_eq!(
            body["message"],
            "Seul un administrateur peut retirer le président ou le trésorier."
        );
    }
    for outside in [leila, walid, 9999] {
        assert_error(
            browser
                .post_json(remove, &json!({ "user_id": outside }))
                .await,
            404,
            "not_found",
        )
        .await;
    }
    let body = assert_error(
        browser
            .post_json(remove, &json!({ "user_id": "Karim" }))
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert!(body["errors"]["user_id"].is_array(), "{body}");

    assert_eq!(council(&browser).await, before);
    assert!(council_events(&f.db, f.a).await.is_empty());
    // Residence B's council is untouched.
    let other = signed_in(&f.app, OTHER_PRESIDENT).await;
    assert_eq!(names(&council(&other).await), ["Walid Khelifi"]);
    assert_eq!(
        names(&ok(other.get("/api/conseil-syndical/users").await).await["users"]),
        ["Rim Bouazizi"]
    );
}

async fn only_the_president_changes_the_council(world: World) {
    let f = setup(&world).await;
    let leila = id_of(&f.db, CO_OWNER).await;
    let member = id_of(&f.db, MEMBER).await;
    for tel in [TREASURER, MEMBER, CO_OWNER] {
        let browser = signed_in(&f.app, tel).await;
        assert_error(
            browser.get("/api/conseil-syndical/users").await,
            403,
            "president_required",
        )
        .await;
        assert_error(
            browser
                .post_json("/api/conseil-syndical/ajouter", &json!({ "user": leila }))
                .await,
            403,
            "president_required",
        )
        .await;
        assert_error(
            browser
                .post_json(
                    "/api/conseil-syndical/supprimer",
                    &json!({ "user_id": member }),
                )
                .await,
            403,
            "president_required",
        )
        .await;
    }
    let signed_out = f.app.new_browser();
    signed_out.csrf().await;
    assert_error(
        signed_out.get("/api/conseil-syndical/users").await,
        401,
        "unauthenticated",
    )
    .await;
    assert_error(
        signed_out
            .post_json("/api/conseil-syndical/ajouter", &json!({ "user": leila }))
            .await,
        401,
        "unauthenticated",
    )
    .await;
    assert_error(
        signed_out
            .post_json(
                "/api/conseil-syndical/supprimer",
                &json!({ "user_id": member }),
            )
            .await,
        401,
        "unauthenticated",
    )
    .await;
    // Residence B's president cannot touch A's council.
    let other = signed_in(&f.app, OTHER_PRESIDENT).await;
    assert_error(
        other
            .post_json("/api/conseil-syndical/ajouter", &json!({ "user": leila }))
            .await,
        404,
        "not_found",
    )
    .await;
    assert_error(
        other
            .post_json(
                "/api/conseil-syndical/supprimer",
                &json!({ "user_id": member }),
            )
            .await,
        404,
        "not_found",
    )
    .await;
    let browser = signed_in(&f.app, CO_OWNER).await;
    assert_eq!(
        names(&council(&browser).await),
        ["Mohamed Ben Salah", "Amira Trabelsi", "Karim Jaziri"]
    );
    assert!(council_events(&f.db, f.a).await.is_empty());
}

async fn support_changes_the_president_and_the_treasurer(world: World) {
    let f = setup(&world).await;
    let president = id_of(&f.db, PRESIDENT).await;
    let treasurer = id_of(&f.db, TREASURER).await;
    let member = id_of(&f.db, MEMBER).await;
    let leila = id_of(&f.db, CO_OWNER).await;

    // Karim becomes president: Mohamed stays a plain member.
    let changes = cli::user_roles(&f.db, MEMBER, None, Some(true))
        .await
        .unwrap();
    assert_eq!(
        changes
            .iter()
            .map(|c| (c.user_id, c.after.is_president))
            .collect::<Vec<_>>(),
        [(president, false), (member, true)]
    );
    // Leïla, a co-owner, becomes treasurer, and thereby a council member: Amira loses it.
    cli::user_roles(&f.db, CO_OWNER, Some(true), None)
        .await
        .unwrap();

    let browser = signed_in(&f.app, CO_OWNER).await;
    assert_eq!(
        council(&browser).await,
        json!([
            { "id": member, "nom": "Karim Jaziri", "tel": MEMBER,
              "roles": ["syndic"], "permissions": ["president"] },
            { "id": leila, "nom": "Leïla Haddad", "tel": CO_OWNER,
              "roles": ["syndic"], "permissions": ["finance"] },
            { "id": treasurer, "nom": "Amira Trabelsi", "tel": TREASURER,
              "roles": ["syndic"], "permissions": [] },
            { "id": president, "nom": "Mohamed Ben Salah", "tel": PRESIDENT,
              "roles": ["syndic"], "permissions": [] },
        ])
    );
    let roles = |user_id: i64, is_finance: bool, is_president: bool| {
        (
            "RolesConseilModifies".to_owned(),
            json!({ "user_id": user_id, "is_finance": is_finance, "is_president": is_president }),
            "cli:user-roles".to_owned(),
        )
    };
    assert_eq!(
        council_events(&f.db, f.a).await,
        vec![
            roles(president, false, false),
            roles(member, false, true),
            roles(treasurer, false, false),
            (
                "MembreConseilAjoute".to_owned(),
                json!({ "user_id": leila, "nom": "Leïla Haddad" }),
                "cli:user-roles".to_owned()
            ),
            roles(leila, true, false),
        ]
    );
    // One president per residence, not per product: B's is untouched.
    let walid = identity::find_user_by_tel(&f.db, &Tel::parse(OTHER_PRESIDENT).unwrap())
        .await
        .unwrap()
        .unwrap();
    assert!(walid.is_president);
    assert!(council_events(&f.db, f.b).await.is_empty());

    // The former president is now a plain member the new president may remove.
    let new_president = signed_in(&f.app, MEMBER).await;
    ok(new_president
        .post_json(
            "/api/conseil-syndical/supprimer",
            &json!({ "user_id": president }),
        )
        .await)
    .await;
    // The former one lost the president's rights at once.
    let former = signed_in(&f.app, PRESIDENT).await;
    assert_error(
        former.get("/api/conseil-syndical/users").await,
        403,
        "president_required",
    )
    .await;

    // Nothing to change, nothing to give, unknown number: no change, no event.
    let events = council_events(&f.db, f.a).await.len();
    assert!(cli::user_roles(&f.db, MEMBER, Some(false), Some(true))
        .await
        .unwrap()
        .is_empty());
    assert!(cli::user_roles(&f.db, MEMBER, None, None).await.is_err());
    assert!(cli::user_roles(&f.db, "29999999", Some(true), None)
        .await
        .is_err());
    assert_eq!(council_events(&f.db, f.a).await.len(), events);

    // Taking a role away keeps the member in the council.
    cli::user_roles(&f.db, CO_OWNER, Some(false), None)
        .await
        .unwrap();
    assert_eq!(
        council_events(&f.db, f.a).await.last().unwrap(),
        &roles(leila, false, false)
    );
    assert!(names(&council(&browser).await).contains(&"Leïla Haddad".to_owned()));
}
