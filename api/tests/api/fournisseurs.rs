//! The expense categories and the suppliers through the API (spec 2 §2 "Categories and
//! suppliers", §3, §5, §6, §7, §8; docs/api-depenses.md "Categories", "Suppliers") — on SQLite
//! and PostgreSQL: each endpoint's success, the field rules with their codes, who may call
//! them, a used record's deletion refused, the governorates, the builder's step and the demo.

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    BuiltResidence, CategorieSpec, FournisseurSpec, ResidenceBuilder, Role,
};
use daftar_domain::depenses::{DepensesCommand, FicheDepense, NatureDepense};
use daftar_domain::Montant;
use daftar_projections::Database;
use serde_json::{json, Value};

use crate::support::{
    assert_error, count_events, execute, field_errors, ok, signed_in, TestApp, World, PASSWORD,
};

on_both_stores!(
    categories_are_listed_by_title_created_edited_and_deleted,
    a_category_s_title_is_required_on_one_line,
    suppliers_are_listed_by_name_created_edited_and_deleted,
    a_supplier_is_created_from_another_form_s_dialog,
    a_supplier_s_fields_are_checked_with_their_codes,
    a_used_category_or_supplier_cannot_be_deleted,
    unknown_categories_and_suppliers_are_404,
    every_change_is_the_treasurer_s,
    co_owners_read_no_categories_nor_suppliers,
    the_governorates_are_tunisia_s_24,
    building_the_residence_again_adds_no_category_nor_supplier,
    the_demo_has_its_suppliers_and_categories,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";

/// Électricité (1, named by a charge), Eau (2); STEG (1, named by a charge), Plomberie Ben
/// Salah (2).
const ELECTRICITE: i64 = 1;
const EAU: i64 = 2;
const STEG: i64 = 1;
const PLOMBIER: i64 = 2;

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

async fn build(db: &Database) -> BuiltResidence {
    ResidenceBuilder::new(db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-06-15"))
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .exercice(2026)
        .categorie(CategorieSpec::new("Électricité").description("Parties communes"))
        .categorie("Eau")
        .fournisseur(
            FournisseurSpec::entreprise("STEG")
                .tel("71341311")
                .email("contact@steg.com.tn")
                .ville("Tunis", "Tunis")
                .activite("Électricité"),
        )
        .fournisseur(FournisseurSpec::particulier("Plomberie Ben Salah").tel("22547810"))
        .build()
        .await
        .unwrap()
}

/// Residence "Les Jasmins" on 15 June 2026: a treasurer, a council member, a co-owner; 2026
/// open; the categories and suppliers above; STEG's electricity bill of March in Électricité.
/// A server.
async fn setup(world: &World) -> TestApp {
    let db = world.db().await;
    let built = build(&db).await;
    execute(
        &db,
        built.residence_id,
        DepensesCommand::EnregistrerDepense {
            nature: NatureDepense::Charge,
            fiche: FicheDepense {
                titre: "Facture STEG mars".into(),
                montant_total: Montant::from_millimes(245_800),
                date_facture: date("2026-03-20"),
                fournisseur_id: STEG,
                categorie_id: Some(ELECTRICITE),
                commentaire: None,
                description: None,
                approbation: None,
            },
            documents: Vec::new(),
        },
    )
    .await;
    world.spawn_on(date("2026-06-15")).await
}

async fn post(browser: &TestApp, path: &str, body: Value) -> Value {
    ok(browser.post_json(path, &body).await).await
}

async fn get(browser: &TestApp, path: &str) -> Value {
    ok(browser.get(path).await).await
}

fn fournisseur(nom: &str, extra: Value) -> Value {
    let mut body = json!({
        "nom": nom, "tel": "71 950 412", "type": "entreprise", "email": "contact@proprete.tn",
        "adresse": "Zone industrielle La Charguia 1", "ville": "La Charguia", "gouvernorat": 23,
        "activite": "Nettoyage", "identifiant": "1234567A/M/000",
        "commentaire": "Lundi, mercredi\net vendredi",
    });
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

async fn categories_are_listed_by_title_created_edited_and_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let created = post(
        &treasurer,
        "/api/categories/creer",
        json!({"titre": " Ascenseur ", "description": "Contrat Kone\net réparations"}),
    )
    .await;

    assert_eq!(
        created["categorie"],
        json!({"id": 3, "titre": "Ascenseur", "description": "Contrat Kone\net réparations",
               "utilisee": false})
    );
    // By title, accents ignored: Électricité among the E.
    assert_eq!(
        get(&treasurer, "/api/categories").await["categories"],
        json!([
            {"id": 3, "titre": "Ascenseur", "description": "Contrat Kone\net réparations",
             "utilisee": false},
            {"id": EAU, "titre": "Eau", "description": null, "utilisee": false},
            {"id": ELECTRICITE, "titre": "Électricité", "description": "Parties communes",
             "utilisee": true},
        ])
    );

    let edited = post(
        &treasurer,
        "/api/categories/modifier",
        json!({"id": 3, "titre": "Ascenseurs", "description": ""}),
    )
    .await;
    assert_eq!(
        edited["categorie"],
        json!({"id": 3, "titre": "Ascenseurs", "description": null, "utilisee": false})
    );

    let deleted = post(
        &treasurer,
        "/api/categories/supprimer",
        json!({"categorie_id": EAU}),
    )
    .await;
    assert_eq!(deleted, json!({"success": true}));
    let titres: Vec<Value> = get(&treasurer, "/api/categories").await["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["titre"].clone())
        .collect();
    assert_eq!(titres, [json!("Ascenseurs"), json!("Électricité")]);
    // Ids are never reused.
    let next = post(&treasurer, "/api/categories/creer", json!({"titre": "Gaz"})).await;
    assert_eq!(next["categorie"]["id"], 4);
}

async fn a_category_s_title_is_required_on_one_line(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let res = treasurer
        .post_json(
            "/api/categories/creer",
            &json!({"titre": "  ", "description": null}),
        )
        .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(body["field_codes"], json!({"titre": ["champ_obligatoire"]}));

    let res = treasurer
        .post_json("/api/categories/creer", &json!({"titre": "Eau\nGaz"}))
        .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(body["field_codes"], json!({"titre": ["une_seule_ligne"]}));

    let res = treasurer
        .post_json(
            "/api/categories/modifier",
            &json!({"titre": "É".repeat(201)}),
        )
        .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"],
        json!({"id": ["champ_obligatoire"], "titre": ["titre_trop_long"]})
    );
}

async fn suppliers_are_listed_by_name_created_edited_and_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let created = post(
        &treasurer,
        "/api/fournisseurs/creer",
        fournisseur(" Société Propreté Plus ", json!({})),
    )
    .await;

    // The phone is kept as its 8 digits; the governorate is named.
    assert_eq!(
        created["fournisseur"],
        json!({
            "id": 3, "nom": "Société Propreté Plus", "tel": "71950412", "type": "entreprise",
            "email": "contact@proprete.tn", "adresse": "Zone industrielle La Charguia 1",
            "ville": "La Charguia", "gouvernorat": {"id": 23, "nom": "Tunis"},
            "activite": "Nettoyage", "identifiant": "1234567A/M/000",
            "commentaire": "Lundi, mercredi\net vendredi", "utilise": false,
        })
    );
    let list = get(&treasurer, "/api/fournisseurs").await;
    let noms: Vec<(i64, &str, bool)> = list["fournisseurs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["id"].as_i64().unwrap(),
                f["nom"].as_str().unwrap(),
                f["utilise"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        noms,
        [
            (PLOMBIER, "Plomberie Ben Salah", false),
            (3, "Société Propreté Plus", false),
            (STEG, "STEG", true),
        ]
    );
    assert_eq!(
        list["fournisseurs"][0],
        json!({
            "id": PLOMBIER, "nom": "Plomberie Ben Salah", "tel": "22547810",
            "type": "particulier", "email": null, "adresse": null, "ville": null,
            "gouvernorat": null, "activite": null, "identifiant": null, "commentaire": null,
            "utilise": false,
        })
    );

    // An edit replaces the whole record: what is not sent is emptied; the type defaults to a
    // person.
    let edited = post(
        &treasurer,
        "/api/fournisseurs/modifier",
        json!({"id": 3, "nom": "Propreté Plus", "tel": "", "gouvernorat": "1",
               "email": "devis@proprete.tn"}),
    )
    .await;
    assert_eq!(
        edited["fournisseur"],
        json!({
            "id": 3, "nom": "Propreté Plus", "tel": null, "type": "particulier",
            "email": "devis@proprete.tn", "adresse": null, "ville": null,
            "gouvernorat": {"id": 1, "nom": "Ariana"}, "activite": null, "identifiant": null,
            "commentaire": null, "utilise": false,
        })
    );

    let deleted = post(
        &treasurer,
        "/api/fournisseurs/supprimer",
        json!({"fournisseur_id": PLOMBIER}),
    )
    .await;
    assert_eq!(deleted, json!({"success": true}));
    let ids: Vec<i64> = get(&treasurer, "/api/fournisseurs").await["fournisseurs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [3, STEG]);
}

async fn a_supplier_is_created_from_another_form_s_dialog(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let created = post(
        &treasurer,
        "/api/fournisseurs/creer-dialog",
        json!({"nom": "Électricité Trabelsi", "tel": "55903214", "type": "particulier"}),
    )
    .await;
    assert_eq!(
        created["fournisseur"],
        json!({
            "id": 3, "nom": "Électricité Trabelsi", "tel": "55903214", "type": "particulier",
            "email": null, "adresse": null, "ville": null, "gouvernorat": null,
            "activite": null, "identifiant": null, "commentaire": null, "utilise": false,
        })
    );
    // Without a type, a person.
    let sans_type = post(
        &treasurer,
        "/api/fournisseurs/creer-dialog",
        json!({"nom": "Jardins du Lac", "tel": null}),
    )
    .await;
    assert_eq!(sans_type["fournisseur"]["type"], "particulier");

    let res = treasurer
        .post_json(
            "/api/fournisseurs/creer-dialog",
            &json!({"nom": "", "tel": "5590321", "type": "societe"}),
        )
        .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"],
        json!({"nom": ["champ_obligatoire"], "tel": ["tel_invalide"],
               "type": ["type_fournisseur_invalide"]})
    );
}

async fn a_supplier_s_fields_are_checked_with_their_codes(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let res = treasurer
        .post_json(
            "/api/fournisseurs/creer",
            &fournisseur(
                "",
                json!({"tel": "7195041", "gouvernorat": 25, "email": "steg@"}),
            ),
        )
        .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(field_errors(&body), ["email", "gouvernorat", "nom", "tel"]);
    assert_eq!(
        body["field_codes"],
        json!({"email": ["email_invalide"], "gouvernorat": ["gouvernorat_inconnu"],
               "nom": ["champ_obligatoire"], "tel": ["tel_invalide"]})
    );
    assert_eq!(
        body["errors"]["tel"],
        json!(["Le téléphone doit contenir exactement 8 chiffres."])
    );

    let res = treasurer
        .post_json(
            "/api/fournisseurs/modifier",
            &fournisseur(
                "STEG\nTunis",
                json!({"id": STEG, "ville": "Tunis\tCentre", "gouvernorat": "Tunis"}),
            ),
        )
        .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"],
        json!({"gouvernorat": ["valeur_invalide"], "nom": ["une_seule_ligne"],
               "ville": ["une_seule_ligne"]})
    );

    let res = treasurer
        .post_json(
            "/api/fournisseurs/creer",
            &fournisseur(&"x".repeat(201), json!({"gouvernorat": 0})),
        )
        .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"],
        json!({"gouvernorat": ["gouvernorat_inconnu"], "nom": ["nom_invalide"]})
    );
    // Nothing was created.
    assert_eq!(
        get(&treasurer, "/api/fournisseurs").await["fournisseurs"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

async fn a_used_category_or_supplier_cannot_be_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let res = treasurer
        .post_json(
            "/api/categories/supprimer",
            &json!({"categorie_id": ELECTRICITE}),
        )
        .await;
    assert_error(res, 422, "categorie_utilisee").await;
    let res = treasurer
        .post_json(
            "/api/fournisseurs/supprimer",
            &json!({"fournisseur_id": STEG}),
        )
        .await;
    assert_error(res, 422, "fournisseur_utilise").await;

    // Both are still there, said used (the list disables their deletion).
    let categories = get(&treasurer, "/api/categories").await;
    assert_eq!(categories["categories"][1]["id"], ELECTRICITE);
    assert_eq!(categories["categories"][1]["utilisee"], true);
    let fournisseurs = get(&treasurer, "/api/fournisseurs").await;
    assert_eq!(fournisseurs["fournisseurs"][1]["id"], STEG);
    assert_eq!(fournisseurs["fournisseurs"][1]["utilise"], true);
    // A used record may still be edited.
    let edited = post(
        &treasurer,
        "/api/categories/modifier",
        json!({"id": ELECTRICITE, "titre": "Électricité et éclairage"}),
    )
    .await;
    assert_eq!(edited["categorie"]["utilisee"], true);
}

async fn unknown_categories_and_suppliers_are_404(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let refusals = [
        (
            "/api/categories/modifier",
            json!({"id": 99, "titre": "Gaz"}),
            "categorie_inconnue",
        ),
        (
            "/api/categories/supprimer",
            json!({"categorie_id": 99}),
            "categorie_inconnue",
        ),
        (
            "/api/fournisseurs/modifier",
            fournisseur("STEG", json!({"id": 99})),
            "fournisseur_inconnu",
        ),
        (
            "/api/fournisseurs/supprimer",
            json!({"fournisseur_id": 99}),
            "fournisseur_inconnu",
        ),
    ];
    for (path, body, code) in refusals {
        assert_error(treasurer.post_json(path, &body).await, 404, code).await;
    }
    // A deleted category is unknown.
    post(
        &treasurer,
        "/api/categories/supprimer",
        json!({"categorie_id": EAU}),
    )
    .await;
    let res = treasurer
        .post_json("/api/categories/supprimer", &json!({"categorie_id": EAU}))
        .await;
    assert_error(res, 404, "categorie_inconnue").await;
}

async fn every_change_is_the_treasurer_s(world: World) {
    let app = setup(&world).await;
    let member = signed_in(&app, MEMBER).await;
    let changes = [
        ("/api/categories/creer", json!({"titre": "Gaz"})),
        (
            "/api/categories/modifier",
            json!({"id": EAU, "titre": "Gaz"}),
        ),
        ("/api/categories/supprimer", json!({"categorie_id": EAU})),
        ("/api/fournisseurs/creer", fournisseur("X", json!({}))),
        (
            "/api/fournisseurs/creer-dialog",
            json!({"nom": "X", "tel": null, "type": "particulier"}),
        ),
        (
            "/api/fournisseurs/modifier",
            fournisseur("X", json!({"id": PLOMBIER})),
        ),
        (
            "/api/fournisseurs/supprimer",
            json!({"fournisseur_id": PLOMBIER}),
        ),
    ];

    for (path, body) in changes {
        let res = member.post_json(path, &body).await;
        assert_error(res, 403, "finance_required").await;
    }
    // The council member reads, and nothing changed.
    assert_eq!(
        get(&member, "/api/categories").await["categories"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        get(&member, "/api/fournisseurs").await["fournisseurs"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
    assert_eq!(
        get(&member, "/api/fournisseurs/gouvernorats").await["gouvernorats"]
            .as_array()
            .unwrap()
            .len(),
        24
    );
}

async fn co_owners_read_no_categories_nor_suppliers(world: World) {
    let app = setup(&world).await;
    let co_owner = signed_in(&app, CO_OWNER).await;

    for path in [
        "/api/categories",
        "/api/fournisseurs",
        "/api/fournisseurs/gouvernorats",
    ] {
        assert_error(co_owner.get(path).await, 403, "syndic_required").await;
    }
    let res = co_owner
        .post_json("/api/categories/creer", &json!({"titre": "Gaz"}))
        .await;
    assert_error(res, 403, "finance_required").await;
    // Signed out: 401.
    let anonymous = app.new_browser();
    assert_error(
        anonymous.get("/api/fournisseurs").await,
        401,
        "unauthenticated",
    )
    .await;
}

async fn the_governorates_are_tunisia_s_24(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let body = get(&treasurer, "/api/fournisseurs/gouvernorats").await;

    let gouvernorats = body["gouvernorats"].as_array().unwrap();
    assert_eq!(gouvernorats.len(), 24);
    assert_eq!(gouvernorats[0], json!({"id": 1, "nom": "Ariana"}));
    assert_eq!(gouvernorats[22], json!({"id": 23, "nom": "Tunis"}));
    assert_eq!(gouvernorats[23], json!({"id": 24, "nom": "Zaghouan"}));
    let ids: Vec<i64> = gouvernorats
        .iter()
        .map(|g| g["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, (1..=24).collect::<Vec<i64>>());
    // A wrong method says what the path answers.
    let res = treasurer
        .post_json("/api/fournisseurs/gouvernorats", &json!({}))
        .await;
    assert_eq!(res.status().as_u16(), 405);
}

async fn building_the_residence_again_adds_no_category_nor_supplier(world: World) {
    let db = world.db().await;
    let first = build(&db).await;
    let events = count_events(&db, first.residence_id).await;

    let again = build(&db).await;

    assert_eq!(count_events(&db, first.residence_id).await, events);
    assert_eq!(again.categories, first.categories);
    assert_eq!(again.fournisseurs, first.fournisseurs);
    assert_eq!(
        first.categories.into_iter().collect::<Vec<_>>(),
        [
            ("Eau".to_owned(), EAU),
            ("Électricité".to_owned(), ELECTRICITE)
        ]
    );
    assert_eq!(
        first.fournisseurs.into_iter().collect::<Vec<_>>(),
        [
            ("Plomberie Ben Salah".to_owned(), PLOMBIER),
            ("STEG".to_owned(), STEG)
        ]
    );
}

async fn the_demo_has_its_suppliers_and_categories(world: World) {
    let db = world.db().await;
    let summary = daftar_api::demo::load(&db).await.unwrap();
    let events = count_events(&db, summary.residence_id).await;
    // Loading it again changes nothing.
    daftar_api::demo::load(&db).await.unwrap();
    assert_eq!(count_events(&db, summary.residence_id).await, events);
    let app = world.spawn().await;
    let treasurer = app.new_browser();
    treasurer
        .login("20000002", daftar_api::demo::PASSWORD)
        .await;

    let fournisseurs = get(&treasurer, "/api/fournisseurs").await;
    let categories = get(&treasurer, "/api/categories").await;

    let fournisseurs = fournisseurs["fournisseurs"].as_array().unwrap();
    assert!(fournisseurs.len() >= 10, "{fournisseurs:?}");
    let steg = fournisseurs.iter().find(|f| f["nom"] == "STEG").unwrap();
    assert_eq!(steg["type"], "entreprise");
    assert_eq!(steg["gouvernorat"], json!({"id": 23, "nom": "Tunis"}));
    let plombier = fournisseurs
        .iter()
        .find(|f| f["nom"] == "Plomberie Ben Salah")
        .unwrap();
    assert_eq!(plombier["type"], "particulier");
    for f in fournisseurs {
        let tel = f["tel"].as_str().unwrap();
        assert!(
            tel.len() == 8 && tel.bytes().all(|b| b.is_ascii_digit()),
            "{f}"
        );
    }
    let titres: Vec<&str> = categories["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["titre"].as_str().unwrap())
        .collect();
    for titre in [
        "Électricité",
        "Eau",
        "Nettoyage",
        "Ascenseur",
        "Assurance",
        "Jardinage",
        "Gardiennage",
        "Entretien et réparations",
        "Télécom",
    ] {
        assert!(titres.contains(&titre), "{titre} in {titres:?}");
    }
}
