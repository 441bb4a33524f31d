//! Revenue through the API (spec 1 §2 revenue screens, §3–§9; spec 3 §2.11, §7): cotisations,
//! the allocation table, collections, payment history, corrections, the co-owner's lines — on
//! SQLite and PostgreSQL: each endpoint's success, its field rules, who may call it, the
//! exercice guard, the restant dû under concurrent collections, and residence isolation.

use chrono::{Datelike, Duration, NaiveDate};
use daftar_api::residence_builder::{OccupationSpec, ResidenceBuilder, Role};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::GrandLivreCommand;
use daftar_domain::occupation::Sexe;
use daftar_domain::propriete::TypePropriete;
use daftar_projections::Database;
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::support::{
    assert_error, count_events, execute, field_errors, ok, signed_in, TestApp, World, PASSWORD,
};

on_both_stores!(
    the_treasurer_launches_cotisations_that_the_council_reads,
    the_cotisation_form_checks_every_field,
    the_allocation_table_and_custom_splits_give_each_property_its_amount,
    a_cotisation_is_corrected_or_deleted_only_without_encaissements,
    collections_update_balances_history_and_receipts,
    a_collection_checks_its_fields_and_the_restant_du,
    closed_and_missing_exercices_refuse_creation_and_collection,
    a_concurrent_double_collection_pays_the_due_once,
    the_balance_list_shows_collections_made_on_any_server,
    dues_not_yet_due_are_listed_but_not_counted,
    only_the_treasurer_writes_and_only_the_council_reads,
    another_residence_is_out_of_reach,
    the_co_owner_sees_only_their_own_lines,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
/// Leïla Haddad: a co-owner user, and the occupant paying A1.
const LEILA: &str = "50000001";
/// Sami Gharbi: a co-owner user, and the occupant paying A2.
const SAMI: &str = "50000002";
const OTHER_TREASURER: &str = "30000002";

/// Residence A ("Les Jasmins": treasurer, council member, two co-owners; properties A1, A2,
/// Parking 1 with ids 1, 2, 3; Leïla (occupant 1) pays A1, Sami (occupant 2) pays A2, the
/// parking is vacant) and residence B ("Les Oliviers": a treasurer; property B1 with id 1),
/// both with this year's and next year's exercices open, and a server.
struct Fixture {
    app: TestApp,
    db: Database,
    a: i64,
    /// This year (Tunisia).
    y: i32,
    today: NaiveDate,
}

impl Fixture {
    fn date(&self, year_offset: i32, month: u32, day: u32) -> String {
        NaiveDate::from_ymd_opt(self.y + year_offset, month, day)
            .unwrap()
            .to_string()
    }

    fn today(&self) -> String {
        self.today.to_string()
    }

    fn recu(&self, rank: u32) -> String {
        format!("{}-{rank:06}", self.today.year())
    }
}

async fn setup(world: &World) -> Fixture {
    let db = world.db().await;
    let today = daftar_api::clock::Clock::system().today();
    let y = today.year();
    let since_2015 = NaiveDate::from_ymd_opt(2015, 1, 1).unwrap();
    let a = ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(LEILA, "Leïla Haddad", Role::Coproprietaire)
        .user(SAMI, "Sami Gharbi", Role::Coproprietaire)
        .exercice(y)
        .exercice(y + 1)
        .propriete("A1")
        .propriete("A2")
        .propriete(("Parking 1", TypePropriete::Parking))
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, since_2015).tel(LEILA),
        )
        .occupation(
            OccupationSpec::proprietaire("A2", "Sami Gharbi", Sexe::Femme, since_2015).tel(SAMI),
        )
        .build()
        .await
        .unwrap()
        .residence_id;
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user(OTHER_TREASURER, "Nadia Trabelsi", Role::Tresorier)
        .exercice(y)
        .exercice(y + 1)
        .propriete(("B1", TypePropriete::Commerce))
        .build()
        .await
        .unwrap();
    let app = world.spawn().await;
    Fixture {
        app,
        db,
        a,
        y,
        today,
    }
}

async fn send(browser: &TestApp, method: Method, path: &str, body: &Value) -> Response {
    browser.write(method, path).json(body).send().await.unwrap()
}

async fn invalid(res: Response) -> Vec<String> {
    field_errors(&assert_error(res, 422, "validation_failed").await)
}

/// An exceptional cotisation split equally, due on `echeance`.
fn egale(titre: &str, montant: i64, echeance: &str) -> Value {
    json!({
        "titre": titre, "type": "exceptionnelle", "repartition": "egale",
        "date_debut": echeance, "date_fin": echeance, "date_echeance": echeance,
        "montant": montant, "personalisation": [],
    })
}

/// Launches a cotisation; returns it.
async fn creer(browser: &TestApp, body: &Value) -> Value {
    ok(browser.post_json("/api/cotisations/creer", body).await).await["cotisation"].clone()
}

async fn details(browser: &TestApp, cotisation_id: i64) -> Value {
    ok(browser
        .get(&format!("/api/cotisations/details?id={cotisation_id}"))
        .await)
    .await["cotisation"]
        .clone()
}

/// The montant dû of `propriete_id` for a cotisation with one call.
async fn du_of(browser: &TestApp, cotisation_id: i64, propriete_id: i64) -> i64 {
    details(browser, cotisation_id).await["restants_dus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|du| du["propriete_id"] == propriete_id)
        .unwrap()["montant_du_id"]
        .as_i64()
        .unwrap()
}

fn collecte(montant_du_id: i64, montant: Value, date: &str) -> Value {
    json!({
        "cotisation_nom": "x", "montant": montant, "montant_du_id": montant_du_id,
        "date_paiement": date, "methode_paiement": "espece", "reference_paiement": null,
    })
}

async fn encaisser(browser: &TestApp, montant_du_id: i64, montant: i64, date: &str) -> Value {
    ok(browser
        .post_json(
            "/api/cotisations/encaisser",
            &collecte(montant_du_id, json!(montant), date),
        )
        .await)
    .await
}

async fn historique(browser: &TestApp, propriete_id: i64) -> Value {
    ok(browser
        .get(&format!(
            "/api/cotisations/historique-paiements?appartement_id={propriete_id}"
        ))
        .await)
    .await
}

async fn soldes(browser: &TestApp) -> Value {
    ok(browser.get("/api/cotisations/proprietes-soldes").await).await
}

async fn the_treasurer_launches_cotisations_that_the_council_reads(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let member = signed_in(&f.app, MEMBER).await;

    let ascenseur = creer(&treasurer, &egale("Ascenseur", 150, &f.date(0, 1, 1))).await;
    assert_eq!(
        ascenseur,
        json!({ "id": 1, "titre": "Ascenseur", "type": "exceptionnelle", "repartition": "egale",
                "date_debut": f.date(0, 1, 1), "date_fin": f.date(0, 1, 1),
                "date_echeance": f.date(0, 1, 1), "solde": -450, "is_closed": false,
                "has_encaissements": false })
    );
    // Twelve monthly calls of 40 DT (given as text) for each of the three properties.
    let charges = creer(
        &treasurer,
        &json!({ "titre": "  Charges  ", "type": "mensuelle", "repartition": "egale",
                 "date_debut": f.date(0, 1, 1), "date_fin": f.date(0, 12, 31),
                 "date_echeance": f.date(0, 1, 5), "montant": "40",
                 "personalisation": [{ "ignored": true }] }),
    )
    .await;
    assert_eq!(charges["id"], 2);
    assert_eq!(charges["titre"], "Charges");
    assert_eq!(charges["solde"], -1440);

    // The council reads the list (newest due date first), the details and the properties.
    let list = ok(member.get("/api/cotisations").await).await;
    let ids: Vec<_> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].clone())
        .collect();
    assert_eq!(ids, [json!(2), json!(1)]);
    assert_eq!(list["data"][1], ascenseur);
    assert_eq!(list["data"][0]["solde"], -1440);

    let body = details(&member, 1).await;
    assert_eq!(body["titre"], "Ascenseur");
    assert_eq!(body["solde"], -450);
    let restants: Vec<_> = body["restants_dus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|du| {
            (
                du["propriete_nom"].as_str().unwrap().to_owned(),
                du["occupant_nom"].clone(),
                du["restant_du"].clone(),
                du["exigible"].clone(),
            )
        })
        .collect();
    assert_eq!(
        restants,
        [
            (
                "A1".to_owned(),
                json!("Leïla Haddad"),
                json!(150),
                json!(true)
            ),
            (
                "A2".to_owned(),
                json!("Sami Gharbi"),
                json!(150),
                json!(true)
            ),
            ("Parking 1".to_owned(), json!(null), json!(150), json!(true)),
        ]
    );
    assert_eq!(
        details(&member, 2).await["restants_dus"]
            .as_array()
            .unwrap()
            .len(),
        36
    );

    let appartements = ok(member.get("/api/cotisations/appartements").await).await;
    assert_eq!(
        appartements["data"],
        json!([{ "id": 1, "nom": "A1", "type": "appartement" },
               { "id": 2, "nom": "A2", "type": "appartement" },
               { "id": 3, "nom": "Parking 1", "type": "parking" }])
    );

    // The edit form's data (finance only).
    let infos = ok(treasurer.get("/api/cotisations/modifier-infos?id=2").await).await;
    assert_eq!(
        infos["data"],
        json!({ "id": 2, "titre": "Charges", "type": "mensuelle", "repartition": "egale",
                "date_debut": f.date(0, 1, 1), "date_fin": f.date(0, 12, 31),
                "date_echeance": f.date(0, 1, 5), "montant": 40, "personalisation": [],
                "solde": -1440, "is_closed": false, "has_encaissements": false })
    );
    // Amounts are JSON numbers, not strings.
    let raw = member.get("/api/cotisations").await.text().await.unwrap();
    assert!(raw.contains(r#""solde":-1440"#), "{raw}");
    // Query parameters.
    let body = assert_error(
        member.get("/api/cotisations/details").await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["id"]);
    assert_error(
        member.get("/api/cotisations/details?id=99").await,
        404,
        "cotisation_inconnue",
    )
    .await;
    assert_error(
        treasurer.get("/api/cotisations/modifier-infos?id=99").await,
        404,
        "cotisation_inconnue",
    )
    .await;
}

async fn the_cotisation_form_checks_every_field(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let path = "/api/cotisations/creer";
    let events = count_events(&f.db, f.a).await;
    let with = |changes: Value| {
        let mut body = egale("Travaux", 100, &f.date(0, 3, 1));
        for (key, value) in changes.as_object().unwrap() {
            body[key] = value.clone();
        }
        body
    };

    assert_eq!(
        invalid(treasurer.post_json(path, &json!({})).await).await,
        [
            "date_debut",
            "date_echeance",
            "date_fin",
            "repartition",
            "titre",
            "type"
        ]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(
                    path,
                    &json!({ "titre": " ", "type": "hebdomadaire", "repartition": "au_prorata",
                             "date_debut": format!("{}-02-30", f.y), "date_fin": "31/12/2026",
                             "date_echeance": "demain", "montant": 10 }),
                )
                .await
        )
        .await,
        [
            "date_debut",
            "date_echeance",
            "date_fin",
            "repartition",
            "titre",
            "type"
        ]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(path, &with(json!({ "titre": "x".repeat(201) })))
                .await
        )
        .await,
        ["titre"]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(path, &with(json!({ "titre": 5 })))
                .await
        )
        .await,
        ["titre"]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(path, &with(json!({ "date_fin": f.date(0, 2, 28) })))
                .await
        )
        .await,
        ["date_fin"]
    );
    // The due date lies between 1 January of last year and 31 December of next year.
    for date in [f.date(-2, 12, 31), f.date(2, 1, 1)] {
        let body = assert_error(
            treasurer
                .post_json(path, &with(json!({ "date_echeance": date })))
                .await,
            422,
            "validation_failed",
        )
        .await;
        assert_eq!(field_errors(&body), ["date_echeance"], "{date}");
        assert!(
            body["errors"]["date_echeance"][0]
                .as_str()
                .unwrap()
                .contains(&format!("01/01/{}", f.y - 1)),
            "{body}"
        );
    }
    // An equal split needs a whole amount > 0; the others an empty one.
    for montant in [
        json!(null),
        json!(""),
        json!(0),
        json!(-5),
        json!(12.5),
        json!("12,5"),
        json!("douze"),
    ] {
        assert_eq!(
            invalid(
                treasurer
                    .post_json(path, &with(json!({ "montant": montant })))
                    .await
            )
            .await,
            ["montant"],
            "{montant}"
        );
    }
    assert_eq!(
        invalid(
            treasurer
                .post_json(
                    path,
                    &with(json!({ "repartition": "predefinie", "montant": 10 }))
                )
                .await
        )
        .await,
        ["montant"]
    );
    // A custom split: every property once, known, with a whole amount ≥ 0, not all zero.
    let custom = |lines: Value| {
        with(json!({ "repartition": "personnalisee", "montant": null, "personalisation": lines }))
    };
    assert_eq!(
        invalid(treasurer.post_json(path, &custom(json!(null))).await).await,
        ["personalisation"]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(
                    path,
                    &custom(json!([
                        { "propriete_id": 1, "appartement": "A1", "montant": 10 },
                        { "propriete_id": 2, "appartement": "A2", "montant": 10 },
                    ])),
                )
                .await
        )
        .await,
        ["personalisation"]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(
                    path,
                    &custom(json!([
                        { "propriete_id": 1, "montant": 0 },
                        { "propriete_id": 2, "montant": 0 },
                        { "propriete_id": 3, "montant": "0" },
                    ])),
                )
                .await
        )
        .await,
        ["personalisation"]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(
                    path,
                    &custom(json!([
                        { "propriete_id": 1, "montant": 10.5 },
                        { "propriete_id": 1, "montant": 10 },
                        { "propriete_id": 9, "montant": 10 },
                        { "propriete_id": 3, "montant": -1 },
                        { "montant": 1 },
                    ])),
                )
                .await
        )
        .await,
        [
            "personalisation[0].montant",
            "personalisation[1].propriete_id",
            "personalisation[2].propriete_id",
            "personalisation[3].montant",
            "personalisation[4].propriete_id",
        ]
    );
    // What only the ledger knows: the allocation table is empty, a 13-year monthly cotisation
    // makes too many calls.
    assert_error(
        treasurer
            .post_json(
                path,
                &with(json!({ "repartition": "predefinie", "montant": null })),
            )
            .await,
        422,
        "repartition_incomplete",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                path,
                &with(json!({ "type": "mensuelle", "date_debut": f.date(0, 1, 1),
                              "date_fin": f.date(12, 12, 31) })),
            )
            .await,
        422,
        "trop_d_appels",
    )
    .await;
    // An edit reports a missing id with the form's own errors.
    let mut body = with(json!({ "titre": "" }));
    body.as_object_mut().unwrap().remove("id");
    assert_eq!(
        invalid(send(&treasurer, Method::PUT, "/api/cotisations/modifier", &body).await).await,
        ["id", "titre"]
    );
    assert_eq!(
        invalid(
            send(
                &treasurer,
                Method::DELETE,
                "/api/cotisations/supprimer",
                &json!({})
            )
            .await
        )
        .await,
        ["id"]
    );
    assert_eq!(count_events(&f.db, f.a).await, events);
    assert_eq!(
        ok(treasurer.get("/api/cotisations").await).await["data"],
        json!([])
    );
}

async fn the_allocation_table_and_custom_splits_give_each_property_its_amount(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let member = signed_in(&f.app, MEMBER).await;
    let table = ok(member.get("/api/cotisation-repartition").await).await;
    assert_eq!(
        table["data"],
        json!([{ "id": 1, "nom": "A1", "type": "appartement", "montant": 0, "is_defined": false },
               { "id": 2, "nom": "A2", "type": "appartement", "montant": 0, "is_defined": false },
               { "id": 3, "nom": "Parking 1", "type": "parking", "montant": 0, "is_defined": false }])
    );
    let path = "/api/cotisation-repartition/modifier";
    assert_eq!(
        invalid(treasurer.post_json(path, &json!({})).await).await,
        ["repartitions"]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(path, &json!({ "repartitions": { "1": 10 } }))
                .await
        )
        .await,
        ["repartitions"]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(
                    path,
                    &json!({ "repartitions": [
                        { "propriete_id": 9, "montant": 10 },
                        { "propriete_id": 1, "montant": 2.5 },
                        { "propriete_id": 2, "montant": -1 },
                        { "propriete_id": 2, "montant": 3 },
                        "A3",
                    ] }),
                )
                .await
        )
        .await,
        [
            "repartitions[0].propriete_id",
            "repartitions[1].montant",
            "repartitions[2].montant",
            "repartitions[3].propriete_id",
            "repartitions[4]",
        ]
    );
    let saved = ok(treasurer
        .post_json(
            path,
            &json!({ "repartitions": [
                { "propriete_id": 1, "montant": 100 },
                { "propriete_id": 2, "montant": "80" },
                { "propriete_id": 3, "montant": 0 },
            ] }),
        )
        .await)
    .await;
    let expected = json!([
        { "id": 1, "nom": "A1", "type": "appartement", "montant": 100, "is_defined": true },
        { "id": 2, "nom": "A2", "type": "appartement", "montant": 80, "is_defined": true },
        { "id": 3, "nom": "Parking 1", "type": "parking", "montant": 0, "is_defined": true },
    ]);
    assert_eq!(saved["data"], expected);
    assert_eq!(
        ok(member.get("/api/cotisation-repartition").await).await["data"],
        expected
    );

    // A predefined split takes the table; the exempt parking owes nothing.
    let mut body = egale("Fonds de travaux", 0, &f.date(0, 2, 1));
    body["repartition"] = json!("predefinie");
    body["montant"] = json!(null);
    let predefinie = creer(&treasurer, &body).await;
    assert_eq!(predefinie["solde"], -180);
    let dus = details(&member, predefinie["id"].as_i64().unwrap()).await["restants_dus"].clone();
    let amounts: Vec<_> = dus
        .as_array()
        .unwrap()
        .iter()
        .map(|du| (du["propriete_id"].clone(), du["restant_du"].clone()))
        .collect();
    assert_eq!(amounts, [(json!(1), json!(100)), (json!(2), json!(80))]);

    // A custom split takes the amounts given with it.
    let mut body = egale("Peinture", 0, &f.date(0, 2, 15));
    body["repartition"] = json!("personnalisee");
    body["montant"] = json!("");
    body["personalisation"] = json!([
        { "propriete_id": 1, "appartement": "A1", "montant": 30 },
        { "propriete_id": 2, "appartement": "A2", "montant": "20" },
        { "propriete_id": 3, "appartement": "Parking 1", "montant": 5 },
    ]);
    let custom = creer(&treasurer, &body).await;
    assert_eq!(custom["repartition"], "personnalisee");
    assert_eq!(custom["solde"], -55);
    let infos = ok(treasurer
        .get(&format!(
            "/api/cotisations/modifier-infos?id={}",
            custom["id"]
        ))
        .await)
    .await;
    assert_eq!(infos["data"]["montant"], json!(null));
    assert_eq!(
        infos["data"]["personalisation"],
        json!([{ "propriete_id": 1, "appartement": "A1", "montant": 30 },
               { "propriete_id": 2, "appartement": "A2", "montant": 20 },
               { "propriete_id": 3, "appartement": "Parking 1", "montant": 5 }])
    );
    // A later change of the table leaves launched cotisations alone.
    ok(treasurer
        .post_json(
            path,
            &json!({ "repartitions": [{ "propriete_id": 1, "montant": 1 }] }),
        )
        .await)
    .await;
    assert_eq!(
        details(&member, predefinie["id"].as_i64().unwrap()).await["solde"],
        -180
    );
    let table = ok(member.get("/api/cotisation-repartition").await).await;
    assert_eq!(table["data"][1]["is_defined"], false);
}

async fn a_cotisation_is_corrected_or_deleted_only_without_encaissements(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let cotisation = creer(&treasurer, &egale("Ascenseur", 100, &f.date(0, 1, 1))).await;
    let id = cotisation["id"].as_i64().unwrap();
    let old_du = du_of(&treasurer, id, 1).await;

    let mut corrected = egale("Ascenseur (corrigé)", 120, &f.date(0, 1, 2));
    corrected["id"] = json!(id);
    let body = ok(send(
        &treasurer,
        Method::PUT,
        "/api/cotisations/modifier",
        &corrected,
    )
    .await)
    .await;
    assert_eq!(body["cotisation"]["titre"], "Ascenseur (corrigé)");
    assert_eq!(body["cotisation"]["solde"], -360);
    assert_eq!(body["cotisation"]["date_echeance"], f.date(0, 1, 2));
    // The dues were replaced by new ones (ids are never reused).
    let new_du = du_of(&treasurer, id, 1).await;
    assert!(new_du > old_du + 2, "{new_du} {old_du}");

    // The split never changes.
    let mut other_split = corrected.clone();
    other_split["repartition"] = json!("personnalisee");
    other_split["montant"] = json!(null);
    other_split["personalisation"] = json!([
        { "propriete_id": 1, "montant": 1 }, { "propriete_id": 2, "montant": 1 },
        { "propriete_id": 3, "montant": 1 },
    ]);
    assert_error(
        send(
            &treasurer,
            Method::PUT,
            "/api/cotisations/modifier",
            &other_split,
        )
        .await,
        422,
        "repartition_non_modifiable",
    )
    .await;
    let mut unknown = corrected.clone();
    unknown["id"] = json!(99);
    assert_error(
        send(
            &treasurer,
            Method::PUT,
            "/api/cotisations/modifier",
            &unknown,
        )
        .await,
        404,
        "cotisation_inconnue",
    )
    .await;
    assert_error(
        send(
            &treasurer,
            Method::DELETE,
            "/api/cotisations/supprimer",
            &json!({ "id": 99 }),
        )
        .await,
        404,
        "cotisation_inconnue",
    )
    .await;

    // Once something is collected, neither edit nor delete.
    let paid = encaisser(&treasurer, new_du, 50, &f.today()).await;
    let infos = ok(treasurer
        .get(&format!("/api/cotisations/modifier-infos?id={id}"))
        .await)
    .await;
    assert_eq!(infos["data"]["has_encaissements"], true);
    let has_encaissements = |list: &serde_json::Value| {
        list["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == id)
            .map(|c| c["has_encaissements"].clone())
    };
    let listed = ok(treasurer.get("/api/cotisations").await).await;
    assert_eq!(has_encaissements(&listed), Some(json!(true)));
    assert_error(
        send(
            &treasurer,
            Method::PUT,
            "/api/cotisations/modifier",
            &corrected,
        )
        .await,
        422,
        "cotisation_avec_encaissements",
    )
    .await;
    assert_error(
        send(
            &treasurer,
            Method::DELETE,
            "/api/cotisations/supprimer",
            &json!({ "id": id }),
        )
        .await,
        422,
        "cotisation_avec_encaissements",
    )
    .await;

    // Cancelling the payment frees it again.
    ok(treasurer
        .post_json(
            "/api/cotisations/encaissement/supprimer",
            &json!({ "encaissement_id": paid["encaissement"]["id"] }),
        )
        .await)
    .await;
    let listed = ok(treasurer.get("/api/cotisations").await).await;
    assert_eq!(has_encaissements(&listed), Some(json!(false)));
    ok(send(
        &treasurer,
        Method::DELETE,
        "/api/cotisations/supprimer",
        &json!({ "id": id }),
    )
    .await)
    .await;
    assert_eq!(
        ok(treasurer.get("/api/cotisations").await).await["data"],
        json!([])
    );
    assert_error(
        treasurer
            .get(&format!("/api/cotisations/details?id={id}"))
            .await,
        404,
        "cotisation_inconnue",
    )
    .await;
    assert_eq!(soldes(&treasurer).await["stats"]["cotisations_lancees"], 0);
}

async fn collections_update_balances_history_and_receipts(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let member = signed_in(&f.app, MEMBER).await;
    let cotisation = creer(&treasurer, &egale("Ravalement", 200, &f.date(0, 1, 1))).await;
    let id = cotisation["id"].as_i64().unwrap();
    let a1 = du_of(&treasurer, id, 1).await;

    let body = soldes(&member).await;
    assert_eq!(
        body["stats"],
        json!({ "cotisations_lancees": 600, "total_encaisse": 0, "restant_du": 600 })
    );
    assert!(body["message"].is_string());
    assert_eq!(
        body["data"][0],
        json!({ "propriete_id": 1, "propriete_nom": "A1", "proprietaire": "Leïla Haddad",
                "proprietaire_id": 1, "solde": -200,
                "montants_dus": [{ "cotisation_id": id, "cotisation_nom": "Ravalement",
                                   "montant_du_id": a1, "restant_du": 200,
                                   "date_echeance": f.date(0, 1, 1), "exigible": true }] })
    );
    assert_eq!(body["data"][2]["proprietaire"], json!(null));
    assert_eq!(body["data"][2]["proprietaire_id"], json!(null));

    // A partial payment in cash (its reference is not kept), then the rest by cheque.
    let first = ok(treasurer
        .post_json(
            "/api/cotisations/encaisser",
            &json!({ "cotisation_nom": "Ravalement", "montant": "80", "cotisation_id": id,
                     "montant_du_id": a1, "date_paiement": f.today(),
                     "methode_paiement": "espece", "reference_paiement": "ignorée" }),
        )
        .await)
    .await;
    assert_eq!(
        first["montant_du"],
        json!({ "montant_du_id": a1, "cotisation_id": id, "cotisation_nom": "Ravalement",
                "propriete_id": 1, "montant": 200, "restant_du": 120, "etat_paiement": "partiel",
                "date_echeance": f.date(0, 1, 1) })
    );
    assert_eq!(
        first["encaissement"],
        json!({ "id": 1, "reference_recu": f.recu(1), "montant": 80, "date_paiement": f.today(),
                "methode_paiement": "espece", "reference_paiement": null })
    );
    let second = ok(treasurer
        .post_json(
            "/api/cotisations/encaisser",
            &json!({ "cotisation_nom": "Ravalement", "montant": 120, "cotisation_id": id,
                     "montant_du_id": a1, "date_paiement": f.today(),
                     "methode_paiement": "cheque", "reference_paiement": " CH-77 " }),
        )
        .await)
    .await;
    assert_eq!(second["montant_du"]["restant_du"], 0);
    assert_eq!(second["montant_du"]["etat_paiement"], "complet");
    assert_eq!(second["encaissement"]["reference_recu"], f.recu(2));
    assert_eq!(second["encaissement"]["reference_paiement"], "CH-77");

    let body = soldes(&member).await;
    assert_eq!(
        body["stats"],
        json!({ "cotisations_lancees": 600, "total_encaisse": 200, "restant_du": 400 })
    );
    assert_eq!(body["data"][0]["solde"], 0);
    assert_eq!(body["data"][0]["montants_dus"], json!([]));
    assert_eq!(body["data"][1]["solde"], -200);
    assert_eq!(details(&member, id).await["solde"], -400);

    let history = historique(&member, 1).await;
    assert_eq!(history["propriete_nom"], "A1");
    assert_eq!(history["montants_non_payes"], json!([]));
    assert_eq!(history["total_restants_du"], 0);
    let rows = history["encaissements"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    let newest = rows[0].as_object().unwrap();
    assert!(newest["derniere_modification"]
        .as_str()
        .unwrap()
        .ends_with('Z'));
    let mut newest = rows[0].clone();
    newest
        .as_object_mut()
        .unwrap()
        .remove("derniere_modification");
    assert_eq!(
        newest,
        json!({ "id": 2, "montant_du_id": a1, "cotisation_id": id,
                "occupant_nom": "Leïla Haddad", "cotisation_nom": "Ravalement", "montant": 120,
                "date_paiement": f.today(), "methode_paiement": "cheque",
                "reference_paiement": "CH-77", "date_echeance": f.date(0, 1, 1),
                "etat_paiement": "complet", "restant_du": 0, "reference_recu": f.recu(2),
                "is_closed": false })
    );
    assert_eq!(rows[1]["id"], 1);

    // A complete payment's amount is locked; its method and reference are not.
    let edit = |encaissement_id: i64, montant: i64, methode: &str, reference: Option<&str>| {
        json!({ "encaissement_id": encaissement_id, "montant": montant,
                "date_paiement": f.today(), "methode_paiement": methode,
                "reference_paiement": reference })
    };
    let path = "/api/cotisations/encaissement/modifier";
    assert_error(
        treasurer
            .post_json(path, &edit(2, 100, "cheque", Some("CH-77")))
            .await,
        422,
        "montant_non_modifiable",
    )
    .await;
    let body = ok(treasurer
        .post_json(path, &edit(2, 120, "virement", Some("VIR-1")))
        .await)
    .await;
    assert_eq!(body["encaissement"]["methode_paiement"], "virement");
    assert_eq!(body["encaissement"]["reference_paiement"], "VIR-1");
    assert_eq!(body["encaissement"]["reference_recu"], f.recu(2));

    // Cancelling the cash payment: A1 owes 80 again.
    ok(treasurer
        .post_json(
            "/api/cotisations/encaissement/supprimer",
            &json!({ "encaissement_id": 1 }),
        )
        .await)
    .await;
    let history = historique(&member, 1).await;
    assert_eq!(history["encaissements"].as_array().unwrap().len(), 1);
    assert_eq!(history["encaissements"][0]["etat_paiement"], "partiel");
    assert_eq!(history["encaissements"][0]["restant_du"], 80);
    assert_eq!(
        history["montants_non_payes"],
        json!([{ "montant_du_id": a1, "cotisation_id": id, "occupant_nom": "Leïla Haddad",
                 "cotisation_nom": "Ravalement", "restant_du": 80,
                 "date_echeance": f.date(0, 1, 1), "exigible": true }])
    );
    assert_eq!(history["total_restants_du"], 80);
    assert_error(
        treasurer
            .post_json(
                "/api/cotisations/encaissement/supprimer",
                &json!({ "encaissement_id": 1 }),
            )
            .await,
        404,
        "encaissement_inconnu",
    )
    .await;

    // Now partial, the remaining payment's amount may change, up to what it covers plus the
    // restant dû.
    let body = ok(treasurer
        .post_json(path, &edit(2, 150, "virement", Some("VIR-1")))
        .await)
    .await;
    assert_eq!(body["montant_du"]["restant_du"], 50);
    assert_error(
        treasurer
            .post_json(path, &edit(2, 201, "virement", None))
            .await,
        422,
        "montant_maximum_depasse",
    )
    .await;
    // The cancelled payment's receipt number is not given again.
    let third = encaisser(&treasurer, a1, 50, &f.today()).await;
    assert_eq!(third["encaissement"]["reference_recu"], f.recu(3));
    assert_eq!(third["montant_du"]["etat_paiement"], "complet");
    assert_eq!(soldes(&member).await["stats"]["total_encaisse"], 200);
}

async fn a_collection_checks_its_fields_and_the_restant_du(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let cotisation = creer(&treasurer, &egale("Ascenseur", 100, &f.date(0, 1, 1))).await;
    let other = creer(&treasurer, &egale("Jardin", 10, &f.date(0, 1, 1))).await;
    let a1 = du_of(&treasurer, cotisation["id"].as_i64().unwrap(), 1).await;
    let path = "/api/cotisations/encaisser";
    let events = count_events(&f.db, f.a).await;

    assert_eq!(
        invalid(treasurer.post_json(path, &json!({})).await).await,
        [
            "date_paiement",
            "methode_paiement",
            "montant",
            "montant_du_id"
        ]
    );
    for montant in [
        json!(12.5),
        json!("12.5"),
        json!("abc"),
        json!(0),
        json!(-10),
        json!(null),
    ] {
        assert_eq!(
            invalid(
                treasurer
                    .post_json(path, &collecte(a1, montant.clone(), &f.today()))
                    .await
            )
            .await,
            ["montant"],
            "{montant}"
        );
    }
    let mut body = collecte(a1, json!(10), "01/02/2026");
    body["methode_paiement"] = json!("carte");
    body["reference_paiement"] = json!("x".repeat(101));
    assert_eq!(
        invalid(treasurer.post_json(path, &body).await).await,
        ["date_paiement", "methode_paiement", "reference_paiement"]
    );
    let mut body = collecte(a1, json!(10), &f.today());
    body["cotisation_id"] = other["id"].clone();
    assert_eq!(
        invalid(treasurer.post_json(path, &body).await).await,
        ["cotisation_id"]
    );

    // The ledger's rules.
    assert_error(
        treasurer
            .post_json(path, &collecte(a1, json!(101), &f.today()))
            .await,
        422,
        "montant_maximum_depasse",
    )
    .await;
    let tomorrow = (f.today + Duration::days(1)).to_string();
    assert_error(
        treasurer
            .post_json(path, &collecte(a1, json!(10), &tomorrow))
            .await,
        422,
        "date_paiement_future",
    )
    .await;
    assert_error(
        treasurer
            .post_json(path, &collecte(999, json!(10), &f.today()))
            .await,
        404,
        "montant_du_inconnu",
    )
    .await;
    assert_eq!(count_events(&f.db, f.a).await, events);

    // The edit and cancel forms.
    let modifier = "/api/cotisations/encaissement/modifier";
    assert_eq!(
        invalid(treasurer.post_json(modifier, &json!({})).await).await,
        [
            "date_paiement",
            "encaissement_id",
            "methode_paiement",
            "montant"
        ]
    );
    assert_eq!(
        invalid(
            treasurer
                .post_json(
                    modifier,
                    &json!({ "encaissement_id": 1, "montant": 1.5, "date_paiement": f.today(),
                             "methode_paiement": "espece" }),
                )
                .await
        )
        .await,
        ["montant"]
    );
    assert_error(
        treasurer
            .post_json(
                modifier,
                &json!({ "encaissement_id": 42, "montant": 10, "date_paiement": f.today(),
                         "methode_paiement": "espece" }),
            )
            .await,
        404,
        "encaissement_inconnu",
    )
    .await;
    assert_eq!(
        invalid(
            treasurer
                .post_json("/api/cotisations/encaissement/supprimer", &json!({}))
                .await
        )
        .await,
        ["encaissement_id"]
    );
    // Paying exactly the restant dû is fine; then nothing more can be paid.
    let paid = encaisser(&treasurer, a1, 100, &f.today()).await;
    assert_eq!(paid["montant_du"]["etat_paiement"], "complet");
    assert_error(
        treasurer
            .post_json(path, &collecte(a1, json!(1), &f.today()))
            .await,
        422,
        "montant_maximum_depasse",
    )
    .await;
    // A payment correction dated in the future is refused too.
    assert_error(
        treasurer
            .post_json(
                modifier,
                &json!({ "encaissement_id": paid["encaissement"]["id"], "montant": 100,
                         "date_paiement": tomorrow, "methode_paiement": "espece" }),
            )
            .await,
        422,
        "date_paiement_future",
    )
    .await;
}

async fn closed_and_missing_exercices_refuse_creation_and_collection(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let current = creer(&treasurer, &egale("Cette année", 100, &f.date(0, 1, 1))).await;
    let current_a1 = du_of(&treasurer, current["id"].as_i64().unwrap(), 1).await;

    // Last year has no exercice yet.
    assert_error(
        treasurer
            .post_json(
                "/api/cotisations/creer",
                &egale("L'an dernier", 50, &f.date(-1, 6, 1)),
            )
            .await,
        409,
        "aucun_exercice_ouvert",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/cotisations/encaisser",
                &collecte(current_a1, json!(10), &f.date(-1, 12, 15)),
            )
            .await,
        409,
        "aucun_exercice_ouvert",
    )
    .await;

    // Last year opened: a cotisation and a payment in it, then it is closed.
    // Exercices are opened and closed outside this server (the CLI, the closing module): a
    // new server reads the ledger as it now is.
    execute(
        &f.db,
        f.a,
        GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee: f.y - 1 }),
    )
    .await;
    let app = world.spawn().await;
    let treasurer = signed_in(&app, TREASURER).await;
    let paid_last_year = creer(&treasurer, &egale("L'an dernier", 50, &f.date(-1, 6, 1))).await;
    let unpaid_last_year = creer(&treasurer, &egale("Oubliée", 20, &f.date(-1, 7, 1))).await;
    let old_a1 = du_of(&treasurer, paid_last_year["id"].as_i64().unwrap(), 1).await;
    let old_payment = encaisser(&treasurer, old_a1, 50, &f.date(-1, 6, 15)).await;
    assert_eq!(
        old_payment["encaissement"]["reference_recu"],
        format!("{}-000001", f.y - 1)
    );
    execute(
        &f.db,
        f.a,
        GrandLivreCommand::Exercice(ExerciceCommand::cloturer(f.y - 1)),
    )
    .await;
    let app = world.spawn().await;
    let treasurer = signed_in(&app, TREASURER).await;
    let member = signed_in(&app, MEMBER).await;

    assert_error(
        treasurer
            .post_json(
                "/api/cotisations/creer",
                &egale("Trop tard", 50, &f.date(-1, 7, 1)),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/cotisations/encaisser",
                &collecte(current_a1, json!(10), &f.date(-1, 12, 15)),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    // Items dated in the closed year are shown closed, and cannot change.
    let list = ok(member.get("/api/cotisations").await).await;
    let closed: Vec<_> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["titre"].as_str().unwrap().to_owned(),
                c["is_closed"].clone(),
            )
        })
        .collect();
    assert_eq!(
        closed,
        [
            ("Cette année".to_owned(), json!(false)),
            ("Oubliée".to_owned(), json!(true)),
            ("L'an dernier".to_owned(), json!(true)),
        ]
    );
    let unpaid_id = unpaid_last_year["id"].as_i64().unwrap();
    assert_eq!(details(&member, unpaid_id).await["is_closed"], true);
    let infos = ok(treasurer
        .get(&format!("/api/cotisations/modifier-infos?id={unpaid_id}"))
        .await)
    .await;
    assert_eq!(infos["data"]["is_closed"], true);
    let mut edit = egale("Oubliée", 25, &f.date(0, 7, 1));
    edit["id"] = json!(unpaid_id);
    assert_error(
        send(&treasurer, Method::PUT, "/api/cotisations/modifier", &edit).await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_error(
        send(
            &treasurer,
            Method::DELETE,
            "/api/cotisations/supprimer",
            &json!({ "id": unpaid_id }),
        )
        .await,
        403,
        "exercice_cloture",
    )
    .await;
    let history = historique(&member, 1).await;
    let old = history["encaissements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == old_payment["encaissement"]["id"])
        .unwrap()
        .clone();
    assert_eq!(old["is_closed"], true);
    let old_id = old["id"].as_i64().unwrap();
    assert_error(
        treasurer
            .post_json(
                "/api/cotisations/encaissement/modifier",
                &json!({ "encaissement_id": old_id, "montant": 50, "date_paiement": f.today(),
                         "methode_paiement": "virement" }),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/cotisations/encaissement/supprimer",
                &json!({ "encaissement_id": old_id }),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    // This year's collections go on.
    let body = encaisser(&treasurer, current_a1, 10, &f.today()).await;
    assert_eq!(body["encaissement"]["reference_recu"], f.recu(1));
}

async fn a_concurrent_double_collection_pays_the_due_once(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let other_tab = signed_in(&f.app, TREASURER).await;
    let cotisation = creer(&treasurer, &egale("Toiture", 300, &f.date(0, 1, 1))).await;
    let id = cotisation["id"].as_i64().unwrap();
    for propriete_id in 1..=3 {
        let du = du_of(&treasurer, id, propriete_id).await;
        let body = collecte(du, json!(300), &f.today());
        let (first, second) = tokio::join!(
            treasurer.post_json("/api/cotisations/encaisser", &body),
            other_tab.post_json("/api/cotisations/encaisser", &body),
        );
        let mut statuses = [first.status().as_u16(), second.status().as_u16()];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 422], "property {propriete_id}");
        let refused = if first.status() == StatusCode::OK {
            second
        } else {
            first
        };
        assert_error(refused, 422, "montant_maximum_depasse").await;
        let history = historique(&treasurer, propriete_id).await;
        let rows = history["encaissements"].as_array().unwrap();
        assert_eq!(rows.len(), 1, "{history}");
        assert_eq!(rows[0]["montant"], 300);
        assert_eq!(rows[0]["restant_du"], 0);
    }
    let body = soldes(&treasurer).await;
    assert_eq!(
        body["stats"],
        json!({ "cotisations_lancees": 900, "total_encaisse": 900, "restant_du": 0 })
    );
    // Receipts 1, 2, 3: none skipped, none doubled.
    let mut recus: Vec<String> = Vec::new();
    for propriete_id in 1..=3 {
        let history = historique(&treasurer, propriete_id).await;
        recus.push(
            history["encaissements"][0]["reference_recu"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    recus.sort();
    assert_eq!(recus, [f.recu(1), f.recu(2), f.recu(3)]);
}

/// The balance list is served again without recomputing until the residence's ledger moves:
/// a collection made on another server (same database) moves it too.
async fn the_balance_list_shows_collections_made_on_any_server(world: World) {
    let f = setup(&world).await;
    let here = signed_in(&f.app, TREASURER).await;
    let other_server = world.spawn().await;
    let there = signed_in(&other_server, TREASURER).await;
    let cotisation = creer(&here, &egale("Toiture", 300, &f.date(0, 1, 1))).await;
    let du = du_of(&here, cotisation["id"].as_i64().unwrap(), 1).await;
    let solde_a1 = |body: &Value| {
        body["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["propriete_id"] == 1)
            .unwrap()["solde"]
            .clone()
    };
    let before = soldes(&here).await;
    assert_eq!(soldes(&here).await, before, "asked twice, the same list");
    assert_eq!(solde_a1(&before), -300);

    encaisser(&there, du, 100, &f.today()).await;
    let after_there = soldes(&here).await;
    assert_eq!(solde_a1(&after_there), -200, "{after_there}");
    assert_eq!(after_there["stats"]["total_encaisse"], 100);

    encaisser(&here, du, 200, &f.today()).await;
    let after_here = soldes(&there).await;
    assert_eq!(solde_a1(&after_here), 0, "{after_here}");
    assert_eq!(soldes(&here).await, after_here);
}

async fn dues_not_yet_due_are_listed_but_not_counted(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let leila = signed_in(&f.app, LEILA).await;
    let due = creer(&treasurer, &egale("Échue", 100, &f.date(0, 1, 1))).await;
    let later = creer(&treasurer, &egale("À échoir", 40, &f.date(1, 6, 30))).await;
    let later_id = later["id"].as_i64().unwrap();
    // A cotisation's own balance is all that remains on it, due or not.
    assert_eq!(later["solde"], -120);

    let body = soldes(&treasurer).await;
    assert_eq!(
        body["stats"],
        json!({ "cotisations_lancees": 300, "total_encaisse": 0, "restant_du": 300 })
    );
    let a1 = &body["data"][0];
    assert_eq!(a1["solde"], -100);
    let listed: Vec<_> = a1["montants_dus"]
        .as_array()
        .unwrap()
        .iter()
        .map(|du| (du["cotisation_id"].clone(), du["exigible"].clone()))
        .collect();
    assert_eq!(
        listed,
        [
            (due["id"].clone(), json!(true)),
            (json!(later_id), json!(false))
        ]
    );

    // Paid in advance: listed as paid, counted when it falls due.
    let advance = du_of(&treasurer, later_id, 1).await;
    encaisser(&treasurer, advance, 40, &f.today()).await;
    let body = soldes(&treasurer).await;
    assert_eq!(body["stats"]["total_encaisse"], 0);
    assert_eq!(body["data"][0]["solde"], -100);
    assert_eq!(body["data"][0]["montants_dus"].as_array().unwrap().len(), 1);
    let history = historique(&treasurer, 2).await;
    assert_eq!(history["total_restants_du"], 100);
    let flags: Vec<_> = history["montants_non_payes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|du| du["exigible"].clone())
        .collect();
    assert_eq!(flags, [json!(true), json!(false)]);
    assert_eq!(details(&treasurer, later_id).await["solde"], -80);
    let mine = ok(leila.get("/api/cotisations/coproprietaire").await).await;
    let states: Vec<_> = mine["cotisations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["titre"].as_str().unwrap().to_owned(),
                c["etat_paiement"].clone(),
            )
        })
        .collect();
    assert_eq!(
        states,
        [
            ("À échoir".to_owned(), json!("complet")),
            ("Échue".to_owned(), json!("non_paye")),
        ]
    );
}

async fn only_the_treasurer_writes_and_only_the_council_reads(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let cotisation = creer(&treasurer, &egale("Ascenseur", 100, &f.date(0, 1, 1))).await;
    let id = cotisation["id"].as_i64().unwrap();
    let du = du_of(&treasurer, id, 1).await;
    let paid = encaisser(&treasurer, du, 10, &f.today()).await;
    let encaissement = paid["encaissement"]["id"].clone();
    let mut corrected = egale("Ascenseur", 120, &f.date(0, 1, 1));
    corrected["id"] = json!(id);
    let writes = [
        (
            Method::POST,
            "/api/cotisations/creer",
            egale("X", 1, &f.date(0, 1, 1)),
        ),
        (Method::PUT, "/api/cotisations/modifier", corrected),
        (
            Method::DELETE,
            "/api/cotisations/supprimer",
            json!({ "id": id }),
        ),
        (
            Method::POST,
            "/api/cotisations/encaisser",
            collecte(du, json!(1), &f.today()),
        ),
        (
            Method::POST,
            "/api/cotisations/encaissement/modifier",
            json!({ "encaissement_id": encaissement, "montant": 10, "date_paiement": f.today(),
                    "methode_paiement": "cheque" }),
        ),
        (
            Method::POST,
            "/api/cotisations/encaissement/supprimer",
            json!({ "encaissement_id": encaissement }),
        ),
        (
            Method::POST,
            "/api/cotisation-repartition/modifier",
            json!({ "repartitions": [{ "propriete_id": 1, "montant": 5 }] }),
        ),
    ];
    let syndic_reads = [
        "/api/cotisations".to_owned(),
        format!("/api/cotisations/details?id={id}"),
        "/api/cotisations/appartements".to_owned(),
        "/api/cotisations/proprietes-soldes".to_owned(),
        "/api/cotisations/historique-paiements?appartement_id=1".to_owned(),
        "/api/cotisation-repartition".to_owned(),
    ];
    let finance_read = format!("/api/cotisations/modifier-infos?id={id}");
    let events = count_events(&f.db, f.a).await;

    let member = signed_in(&f.app, MEMBER).await;
    for (method, path, body) in &writes {
        assert_error(
            send(&member, method.clone(), path, body).await,
            403,
            "finance_required",
        )
        .await;
    }
    assert_error(member.get(&finance_read).await, 403, "finance_required").await;
    for path in &syndic_reads {
        ok(member.get(path).await).await;
    }
    // A council member who occupies nothing owes nothing.
    assert_eq!(
        ok(member.get("/api/cotisations/coproprietaire").await).await["cotisations"],
        json!([])
    );

    let co_owner = signed_in(&f.app, LEILA).await;
    for (method, path, body) in &writes {
        assert_error(
            send(&co_owner, method.clone(), path, body).await,
            403,
            "finance_required",
        )
        .await;
    }
    for path in &syndic_reads {
        assert_error(co_owner.get(path).await, 403, "syndic_required").await;
    }
    ok(co_owner.get("/api/cotisations/coprorprietaire").await).await;

    let signed_out = f.app.new_browser();
    signed_out.csrf().await;
    for (method, path, body) in &writes {
        assert_error(
            send(&signed_out, method.clone(), path, body).await,
            401,
            "unauthenticated",
        )
        .await;
    }
    for path in syndic_reads
        .iter()
        .chain([&finance_read])
        .map(String::as_str)
        .chain([
            "/api/cotisations/coproprietaire",
            "/api/cotisations/coprorprietaire",
        ])
    {
        assert_error(signed_out.get(path).await, 401, "unauthenticated").await;
    }
    assert_eq!(count_events(&f.db, f.a).await, events);

    // Writes need the anti-forgery header; the methods are the specified ones.
    let res = treasurer
        .client
        .post(treasurer.url("/api/cotisations/encaisser"))
        .json(&writes[3].2)
        .send()
        .await
        .unwrap();
    assert_error(res, 419, "csrf_token_mismatch").await;
    assert_error(
        treasurer
            .post_json("/api/cotisations/modifier", &writes[1].2)
            .await,
        405,
        "method_not_allowed",
    )
    .await;
    assert_error(
        treasurer
            .post_json("/api/cotisations/supprimer", &writes[2].2)
            .await,
        405,
        "method_not_allowed",
    )
    .await;
    assert_eq!(count_events(&f.db, f.a).await, events);
}

async fn another_residence_is_out_of_reach(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let cotisation = creer(&treasurer, &egale("Ascenseur", 100, &f.date(0, 1, 1))).await;
    let id = cotisation["id"].as_i64().unwrap();
    let du = du_of(&treasurer, id, 2).await;
    let paid = encaisser(&treasurer, du, 10, &f.today()).await;
    let encaissement = paid["encaissement"]["id"].as_i64().unwrap();
    ok(treasurer
        .post_json(
            "/api/cotisation-repartition/modifier",
            &json!({ "repartitions": [{ "propriete_id": 1, "montant": 5 }] }),
        )
        .await)
    .await;
    let events = count_events(&f.db, f.a).await;
    let snapshot = (
        ok(treasurer.get("/api/cotisations").await).await,
        soldes(&treasurer).await,
        historique(&treasurer, 2).await,
    );

    // Residence B's treasurer sees B only...
    let other = signed_in(&f.app, OTHER_TREASURER).await;
    assert_eq!(
        ok(other.get("/api/cotisations").await).await["data"],
        json!([])
    );
    let body = soldes(&other).await;
    assert_eq!(body["data"].as_array().unwrap().len(), 1);
    assert_eq!(body["data"][0]["propriete_nom"], "B1");
    assert_eq!(
        body["stats"],
        json!({ "cotisations_lancees": 0, "total_encaisse": 0, "restant_du": 0 })
    );
    let history = historique(&other, 1).await;
    assert_eq!(history["propriete_nom"], "B1");
    assert_eq!(history["encaissements"], json!([]));
    assert_eq!(
        ok(other.get("/api/cotisation-repartition").await).await["data"],
        json!([{ "id": 1, "nom": "B1", "type": "commerce", "montant": 0, "is_defined": false }])
    );
    assert_eq!(
        ok(other.get("/api/cotisations/appartements").await).await["data"]
            .as_array()
            .unwrap()
            .len(),
        1
    );

    // ...and A's ids name nothing in B.
    assert_error(
        other
            .get(&format!("/api/cotisations/details?id={id}"))
            .await,
        404,
        "cotisation_inconnue",
    )
    .await;
    assert_error(
        other
            .get(&format!("/api/cotisations/modifier-infos?id={id}"))
            .await,
        404,
        "cotisation_inconnue",
    )
    .await;
    assert_error(
        other
            .get("/api/cotisations/historique-paiements?appartement_id=2")
            .await,
        404,
        "propriete_inconnue",
    )
    .await;
    let mut edit = egale("Piraté", 1, &f.date(0, 1, 1));
    edit["id"] = json!(id);
    assert_error(
        send(&other, Method::PUT, "/api/cotisations/modifier", &edit).await,
        404,
        "cotisation_inconnue",
    )
    .await;
    assert_error(
        send(
            &other,
            Method::DELETE,
            "/api/cotisations/supprimer",
            &json!({ "id": id }),
        )
        .await,
        404,
        "cotisation_inconnue",
    )
    .await;
    assert_error(
        other
            .post_json(
                "/api/cotisations/encaisser",
                &collecte(du, json!(1), &f.today()),
            )
            .await,
        404,
        "montant_du_inconnu",
    )
    .await;
    assert_error(
        other
            .post_json(
                "/api/cotisations/encaissement/modifier",
                &json!({ "encaissement_id": encaissement, "montant": 1,
                         "date_paiement": f.today(), "methode_paiement": "espece" }),
            )
            .await,
        404,
        "encaissement_inconnu",
    )
    .await;
    assert_error(
        other
            .post_json(
                "/api/cotisations/encaissement/supprimer",
                &json!({ "encaissement_id": encaissement }),
            )
            .await,
        404,
        "encaissement_inconnu",
    )
    .await;
    let body = assert_error(
        other
            .post_json(
                "/api/cotisation-repartition/modifier",
                &json!({ "repartitions": [{ "propriete_id": 2, "montant": 5 }] }),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["repartitions[0].propriete_id"]);

    // B's own cotisation is numbered in B and leaves A untouched.
    let own = creer(&other, &egale("Vitrine", 70, &f.date(0, 1, 1))).await;
    assert_eq!(own["id"], 1);
    assert_eq!(own["solde"], -70);
    assert_eq!(details(&other, 1).await["titre"], "Vitrine");
    assert_eq!(count_events(&f.db, f.a).await, events);
    assert_eq!(
        (
            ok(treasurer.get("/api/cotisations").await).await,
            soldes(&treasurer).await,
            historique(&treasurer, 2).await,
        ),
        snapshot
    );
    assert_eq!(details(&treasurer, 1).await["titre"], "Ascenseur");
}

async fn the_co_owner_sees_only_their_own_lines(world: World) {
    let f = setup(&world).await;
    let treasurer = signed_in(&f.app, TREASURER).await;
    let ids = [
        creer(&treasurer, &egale("Ascenseur", 100, &f.date(0, 1, 1))).await,
        creer(&treasurer, &egale("Jardin", 60, &f.date(0, 1, 2))).await,
        creer(
            &treasurer,
            &json!({ "titre": "Charges", "type": "trimestrielle", "repartition": "egale",
                     "date_debut": f.date(0, 1, 1), "date_fin": f.date(0, 6, 30),
                     "date_echeance": f.date(0, 1, 3), "montant": 30 }),
        )
        .await,
    ]
    .map(|c| c["id"].as_i64().unwrap());
    let ascenseur_a1 = du_of(&treasurer, ids[0], 1).await;
    let jardin_a1 = du_of(&treasurer, ids[1], 1).await;
    encaisser(&treasurer, ascenseur_a1, 100, &f.today()).await;
    encaisser(&treasurer, jardin_a1, 20, &f.today()).await;
    let jardin_a2 = du_of(&treasurer, ids[1], 2).await;
    encaisser(&treasurer, jardin_a2, 60, &f.today()).await;

    let leila = signed_in(&f.app, LEILA).await;
    let spec = ok(leila.get("/api/cotisations/coprorprietaire").await).await;
    let correct = ok(leila.get("/api/cotisations/coproprietaire").await).await;
    assert_eq!(spec, correct);
    let lines = spec["cotisations"].as_array().unwrap();
    let summary: Vec<_> = lines
        .iter()
        .map(|c| {
            (
                c["titre"].as_str().unwrap().to_owned(),
                c["date_echeance"].as_str().unwrap().to_owned(),
                c["montant_total"].clone(),
                c["etat_paiement"].clone(),
                c["dialogData"]["propriete"]["nom"].clone(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [
            (
                "Charges".to_owned(),
                f.date(0, 4, 3),
                json!(30),
                json!("non_paye"),
                json!("A1")
            ),
            (
                "Charges".to_owned(),
                f.date(0, 1, 3),
                json!(30),
                json!("non_paye"),
                json!("A1")
            ),
            (
                "Jardin".to_owned(),
                f.date(0, 1, 2),
                json!(60),
                json!("partiel"),
                json!("A1")
            ),
            (
                "Ascenseur".to_owned(),
                f.date(0, 1, 1),
                json!(100),
                json!("complet"),
                json!("A1")
            ),
        ]
    );
    assert_eq!(
        lines[0],
        json!({ "id": lines[0]["id"], "titre": "Charges", "montant_total": 30, "restant_du": 30,
                "date_echeance": f.date(0, 4, 3), "etat_paiement": "non_paye",
                "dialogData": { "propriete": { "nom": "A1" },
                                "cotisation": { "type": "trimestrielle",
                                                "date_debut": f.date(0, 4, 1),
                                                "date_fin": f.date(0, 6, 30) } } })
    );
    assert_eq!(lines[3]["id"], ascenseur_a1);
    assert_eq!(lines[2]["restant_du"], 40);

    // Sami sees A2's lines only.
    let sami = signed_in(&f.app, SAMI).await;
    let theirs = ok(sami.get("/api/cotisations/coproprietaire").await).await;
    let theirs = theirs["cotisations"].as_array().unwrap();
    assert_eq!(theirs.len(), 4);
    assert!(theirs
        .iter()
        .all(|c| c["dialogData"]["propriete"]["nom"] == "A2"));
    let jardin = theirs.iter().find(|c| c["id"] == jardin_a2).unwrap();
    assert_eq!(jardin["etat_paiement"], "complet");
    assert!(theirs
        .iter()
        .all(|c| lines.iter().all(|l| l["id"] != c["id"])));
}
