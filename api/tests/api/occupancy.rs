//! Properties, occupants and occupancy history through the API (spec 2 §2 "Properties and
//! occupancy", §5, §6, §7, §8), on SQLite and PostgreSQL: what each role may do, the field
//! rules, the payer rule, the sign-in an occupant's phone number gives, and residence isolation.

use chrono::NaiveDate;
use daftar_api::identity;
use daftar_api::residence_builder::{ProprieteSpec, ResidenceBuilder, Role};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivreCommand, GrandLivreEvent};
use daftar_domain::propriete::TypePropriete;
use daftar_domain::revenus::{
    DemandeCotisation, Repartition, RevenusCommand, RevenusEvent, TypeCotisation,
};
use daftar_domain::Montant;
use daftar_projections::Database;
use rust_decimal::Decimal;
use serde_json::{json, Value};

use crate::support::{
    assert_error, count, count_events, execute, field_errors, ledger_state, ok, signed_in,
    user_with_tel, TestApp, World, PASSWORD,
};

on_both_stores!(
    the_president_records_a_history_that_the_council_reads,
    a_due_launched_after_a_change_of_payer_is_owed_by_the_new_payer,
    creating_an_occupation_checks_every_field_and_the_payer_rule,
    modifying_corrects_the_occupant_and_the_period_together,
    a_refused_half_of_a_modification_leaves_nothing_applied,
    the_occupation_paying_today_cannot_be_deleted,
    an_occupant_phone_number_is_a_co_owner_sign_in,
    occupant_dialog_checks_every_field,
    only_the_president_writes_and_only_the_council_reads,
    another_residence_is_out_of_reach,
);

const PRESIDENT: &str = "20000001";
const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "20000004";
const OTHER_PRESIDENT: &str = "30000001";

/// Residence A ("Les Jasmins": president, treasurer, council member, co-owner; properties A1,
/// A2, Parking 1 with ids 1, 2, 3) and residence B ("Les Oliviers": a president; property B1
/// with id 1), and a server.
struct Fixture {
    app: TestApp,
    db: Database,
    a: i64,
}

async fn setup(world: &World) -> Fixture {
    let db = world.db().await;
    let propriete = |nom: &str, type_propriete| {
        ProprieteSpec::new(nom, type_propriete)
            .surface(Decimal::new(955, 1))
            .description(&format!("Propriété {nom}"))
    };
    let a = ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user(PRESIDENT, "Utilisateur 20000001", Role::President)
        .user(TREASURER, "Utilisateur 20000002", Role::Tresorier)
        .user(MEMBER, "Utilisateur 20000003", Role::Membre)
        .user(CO_OWNER, "Utilisateur 20000004", Role::Coproprietaire)
        .propriete(propriete("A1", TypePropriete::Appartement))
        .propriete(propriete("A2", TypePropriete::Appartement))
        .propriete(propriete("Parking 1", TypePropriete::Parking))
        .build()
        .await
        .unwrap()
        .residence_id;
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user(OTHER_PRESIDENT, "Utilisateur 30000001", Role::President)
        .propriete(propriete("B1", TypePropriete::Commerce))
        .build()
        .await
        .unwrap();
    let app = world.spawn().await;
    Fixture { app, db, a }
}

/// Creates an occupant through the dialog; returns its id.
async fn occupant(browser: &TestApp, nom: &str, tel: Option<&str>) -> i64 {
    let body = ok(browser
        .post_json(
            "/api/occupants/creer-dialog",
            &json!({ "nom": nom, "tel": tel, "email": null, "sexe": "homme" }),
        )
        .await)
    .await;
    body["occupant"]["id"].as_i64().unwrap()
}

/// Adds an occupation through the API; returns the created line.
async fn occupation(
    browser: &TestApp,
    propriete: i64,
    occupant: i64,
    (debut, fin): (&str, Option<&str>),
    is_payer: Option<bool>,
) -> Value {
    let mut body = json!({
        "occupant": occupant,
        "type_occupation": "proprietaire",
        "date_debut": debut,
        "date_fin": fin,
        "propriete": propriete,
    });
    if let Some(is_payer) = is_payer {
        body["is_payer"] = json!(is_payer);
    }
    ok(browser
        .post_json("/api/proprietes/historique/creer", &body)
        .await)
    .await["occupation"]
        .clone()
}

async fn history(browser: &TestApp, propriete: i64) -> Value {
    ok(browser
        .get(&format!("/api/proprietes/historique?id={propriete}"))
        .await)
    .await["data"]
        .clone()
}

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

async fn the_president_records_a_history_that_the_council_reads(world: World) {
    let f = setup(&world).await;
    let president = signed_in(&f.app, PRESIDENT).await;
    let leila = occupant(&president, "Leïla Haddad", Some("50000001")).await;
    let sami = occupant(&president, "Sami Gharbi", None).await;

    // No is_payer: the first occupation of a vacant property pays, a later overlapping one not.
    let owner = occupation(&president, 1, leila, ("2019-02-01", None), None).await;
    assert_eq!(owner["is_payer"], true);
    assert_eq!(owner["is_current"], true);
    assert_eq!(owner["is_current_payer"], true);
    assert_eq!(owner["id"], leila);
    assert_eq!(owner["nom"], "Leïla Haddad");
    assert_eq!(owner["tel"], "50000001");
    assert_eq!(owner["sexe"], "homme");
    assert_eq!(owner["type_occupation"], "proprietaire");
    assert_eq!(owner["date_debut"], "2019-02-01");
    assert_eq!(owner["date_fin"], Value::Null);
    let co_owner = occupation(&president, 1, sami, ("2021-01-01", None), None).await;
    assert_eq!(co_owner["is_payer"], false);
    assert_eq!(co_owner["is_current_payer"], false);
    let past = occupation(
        &president,
        2,
        sami,
        ("2010-01-01", Some("2012-12-31")),
        None,
    )
    .await;
    assert_eq!(past["is_current"], false);
    assert_eq!(past["is_payer"], true);
    assert_eq!(past["is_current_payer"], false);

    for tel in [PRESIDENT, TREASURER, MEMBER] {
        let browser = signed_in(&f.app, tel).await;
        let list = ok(browser.get("/api/proprietes").await).await;
        let proprietes = list["proprietes"].as_array().unwrap();
        assert_eq!(proprietes.len(), 3);
        assert_eq!(proprietes[0]["id"], 1);
        assert_eq!(proprietes[0]["nom"], "A1");
        assert_eq!(proprietes[0]["type"], "appartement");
        assert_eq!(proprietes[0]["surface"], "95.5");
        assert_eq!(proprietes[0]["description"], "Propriété A1");
        assert_eq!(
            proprietes[0]["payer_occupant"],
            json!({ "id": leila, "nom": "Leïla Haddad", "tel": "50000001" })
        );
        // A2's only occupation ended: nobody pays today.
        assert_eq!(proprietes[1]["payer_occupant"], Value::Null);
        assert_eq!(proprietes[2]["type"], "parking");

        let data = history(&browser, 1).await;
        assert_eq!(data["proprieteNom"], "A1");
        let lines = data["occupants"].as_array().unwrap();
        // Newest first.
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["occupation_id"], co_owner["occupation_id"]);
        assert_eq!(lines[1], owner);
        assert_eq!(history(&browser, 3).await["occupants"], json!([]));

        let occupants = ok(browser.get("/api/occupants").await).await;
        assert_eq!(
            occupants["occupants"],
            json!([
                { "id": leila, "nom": "Leïla Haddad", "tel": "50000001", "email": null, "sexe": "homme" },
                { "id": sami, "nom": "Sami Gharbi", "tel": null, "email": null, "sexe": "homme" },
            ])
        );
    }
}

/// Launches an equal cotisation of 100 DT per property with one call due on `echeance`
/// (there is no revenue API yet: straight to the ledger); returns its id.
async fn lancer(db: &Database, residence_id: i64, debut: &str, echeance: &str) -> i64 {
    let command = RevenusCommand::LancerCotisation(DemandeCotisation {
        titre: format!("Appel au {echeance}"),
        type_cotisation: TypeCotisation::Exceptionnelle,
        repartition: Repartition::Egale,
        date_debut: date(debut),
        date_fin: date(echeance),
        date_echeance: date(echeance),
        montant: Some(Montant::dinars(100)),
        personnalisation: Vec::new(),
    });
    execute(db, residence_id, command)
        .await
        .events
        .iter()
        .find_map(|envelope| match envelope.payload {
            GrandLivreEvent::Revenus(RevenusEvent::CotisationLancee { cotisation_id, .. }) => {
                Some(cotisation_id)
            }
            _ => None,
        })
        .unwrap()
}

/// Who owes property 1's montant dû of a cotisation.
async fn debiteur(db: &Database, residence_id: i64, cotisation_id: i64) -> Option<i64> {
    let livre = ledger_state(db, residence_id).await;
    let (_, du) = livre
        .revenus
        .montants_dus_de(cotisation_id)
        .find(|(_, du)| du.propriete_id == 1)
        .unwrap();
    du.payeur
}

async fn a_due_launched_after_a_change_of_payer_is_owed_by_the_new_payer(world: World) {
    let f = setup(&world).await;
    for annee in [2024, 2025] {
        execute(
            &f.db,
            f.a,
            GrandLivreCommand::Exercice(ExerciceCommand::OuvrirExercice { annee }),
        )
        .await;
    }
    let president = signed_in(&f.app, PRESIDENT).await;
    let seller = occupant(&president, "Fethi Zouari", None).await;
    let buyer = occupant(&president, "Hichem Mejri", None).await;
    let tenant = occupant(&president, "Bilel Hammami", None).await;
    let sold = occupation(&president, 1, seller, ("2015-01-01", None), None).await;
    let third_quarter = lancer(&f.db, f.a, "2024-07-01", "2024-09-30").await;
    assert_eq!(debiteur(&f.db, f.a, third_quarter).await, Some(seller));

    // Then the sale of A1 on 2024-07-01 is entered: the seller's occupation ends the day
    // before, the buyer's starts.
    let body = ok(president
        .post_json(
            "/api/proprietes/historique/modifier",
            &json!({
                "occupant_nom": "Fethi Zouari", "occupant_tel": "", "occupant_email": "",
                "occupant_sexe": "homme", "type_occupation": "proprietaire",
                "date_debut": "2015-01-01", "date_fin": "2024-06-30",
                "occupation_id": sold["occupation_id"], "occupant_id": seller,
            }),
        )
        .await)
    .await;
    assert_eq!(body["occupation"]["date_fin"], "2024-06-30");
    assert_eq!(body["occupation"]["is_payer"], true);
    occupation(&president, 1, buyer, ("2024-07-01", None), None).await;

    // The next due goes to the buyer; the one launched before the change stays the seller's,
    // although its due date falls after the sale.
    let fourth_quarter = lancer(&f.db, f.a, "2024-10-01", "2024-12-31").await;
    assert_eq!(debiteur(&f.db, f.a, fourth_quarter).await, Some(buyer));
    assert_eq!(debiteur(&f.db, f.a, third_quarter).await, Some(seller));

    // From 2025-09-01 a tenant pays instead of the owner, who still owns.
    let rent = occupation(&president, 1, tenant, ("2025-09-01", None), Some(true)).await;
    assert_eq!(rent["is_current_payer"], true);
    let autumn = lancer(&f.db, f.a, "2025-10-01", "2025-10-31").await;
    assert_eq!(debiteur(&f.db, f.a, autumn).await, Some(tenant));
    assert_eq!(debiteur(&f.db, f.a, fourth_quarter).await, Some(buyer));

    let livre = ledger_state(&f.db, f.a).await;
    let payer = |day: &str| livre.occupancy.payeur(1, date(day));
    assert_eq!(payer("2024-06-30"), Some(seller));
    assert_eq!(payer("2024-07-01"), Some(buyer));
    assert_eq!(payer("2025-08-31"), Some(buyer));
    assert_eq!(payer("2025-09-01"), Some(tenant));

    // The tenant left at the end of 2025: the owner pays again from 2026-01-01.
    let body = ok(president
        .post_json(
            "/api/proprietes/historique/modifier",
            &json!({
                "occupant_nom": "Bilel Hammami", "occupant_tel": null, "occupant_email": null,
                "occupant_sexe": "homme", "type_occupation": "locataire",
                "date_debut": "2025-09-01", "date_fin": "2025-12-31",
                "occupation_id": rent["occupation_id"], "occupant_id": tenant,
            }),
        )
        .await)
    .await;
    assert_eq!(body["occupation"]["type_occupation"], "locataire");
    assert_eq!(body["occupation"]["is_current"], false);
    let livre = ledger_state(&f.db, f.a).await;
    assert_eq!(livre.occupancy.payeur(1, date("2025-12-31")), Some(tenant));
    assert_eq!(livre.occupancy.payeur(1, date("2026-01-01")), Some(buyer));
    assert_eq!(debiteur(&f.db, f.a, autumn).await, Some(tenant));
    let list = ok(president.get("/api/proprietes").await).await;
    assert_eq!(list["proprietes"][0]["payer_occupant"]["id"], buyer);
}

async fn creating_an_occupation_checks_every_field_and_the_payer_rule(world: World) {
    let f = setup(&world).await;
    let president = signed_in(&f.app, PRESIDENT).await;
    let nour = occupant(&president, "Nour Ayari", None).await;
    let path = "/api/proprietes/historique/creer";

    let body = assert_error(
        president.post_json(path, &json!({})).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        field_errors(&body),
        ["date_debut", "occupant", "propriete", "type_occupation"]
    );
    let body = assert_error(
        president
            .post_json(
                path,
                &json!({ "occupant": nour, "type_occupation": "usufruitier",
                         "date_debut": "2026-02-30", "date_fin": "31/12/2026", "propriete": 1 }),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        field_errors(&body),
        ["date_debut", "date_fin", "type_occupation"]
    );
    let body = assert_error(
        president
            .post_json(
                path,
                &json!({ "occupant": nour, "type_occupation": "locataire",
                         "date_debut": "2026-03-01", "date_fin": "2026-02-28", "propriete": 1 }),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["date_fin"]);
    // A wrong JSON type is named too.
    let body = assert_error(
        president
            .post_json(path, &json!({ "occupant": "Nour", "propriete": 1 }))
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["occupant"]);

    // Occupied without a payer.
    assert_error(
        president
            .post_json(
                path,
                &json!({ "occupant": nour, "type_occupation": "proprietaire",
                         "date_debut": "2020-01-01", "date_fin": null, "propriete": 1,
                         "is_payer": false }),
            )
            .await,
        422,
        "payeur_manquant",
    )
    .await;
    // Unknown property or occupant.
    assert_error(
        president
            .post_json(
                path,
                &json!({ "occupant": nour, "type_occupation": "proprietaire",
                         "date_debut": "2020-01-01", "date_fin": "", "propriete": 99 }),
            )
            .await,
        404,
        "propriete_inconnue",
    )
    .await;
    assert_error(
        president
            .post_json(
                path,
                &json!({ "occupant": 99, "type_occupation": "proprietaire",
                         "date_debut": "2020-01-01", "date_fin": "", "propriete": 1 }),
            )
            .await,
        404,
        "occupant_inconnu",
    )
    .await;
    assert_eq!(history(&president, 1).await["occupants"], json!([]));

    // An explicit payer flag wins over the default.
    occupation(&president, 1, nour, ("2020-01-01", None), None).await;
    let tenant = occupant(&president, "Walid Khelifi", None).await;
    let line = occupation(&president, 1, tenant, ("2026-01-01", None), Some(true)).await;
    assert_eq!(line["is_payer"], true);
}

async fn modifying_corrects_the_occupant_and_the_period_together(world: World) {
    let f = setup(&world).await;
    let president = signed_in(&f.app, PRESIDENT).await;
    let rim = occupant(&president, "Rim Bouazizi", None).await;
    let line = occupation(&president, 1, rim, ("2021-04-01", None), None).await;
    let path = "/api/proprietes/historique/modifier";
    let valid = json!({
        "occupant_nom": "Rim Bouazizi Ben Ali", "occupant_tel": "50000010",
        "occupant_email": "rim@example.tn", "occupant_sexe": "femme",
        "type_occupation": "locataire", "date_debut": "2021-05-01", "date_fin": null,
        "occupation_id": line["occupation_id"], "occupant_id": rim,
    });
    let body = ok(president.post_json(path, &valid).await).await;
    assert_eq!(
        body["occupation"],
        json!({
            "occupation_id": line["occupation_id"], "id": rim, "nom": "Rim Bouazizi Ben Ali",
            "tel": "50000010", "email": "rim@example.tn", "sexe": "femme",
            "type_occupation": "locataire", "date_debut": "2021-05-01", "date_fin": null,
            "is_current": true, "is_payer": true, "is_current_payer": true,
        })
    );
    assert_eq!(
        history(&president, 1).await["occupants"][0],
        body["occupation"]
    );
    let occupants = ok(president.get("/api/occupants").await).await;
    assert_eq!(occupants["occupants"][0]["nom"], "Rim Bouazizi Ben Ali");
    assert_eq!(occupants["occupants"][0]["sexe"], "femme");

    // Saving the same values again records nothing.
    let before = count_events(&f.db, f.a).await;
    ok(president.post_json(path, &valid).await).await;
    assert_eq!(count_events(&f.db, f.a).await, before);

    // Every field is checked, and named.
    let body = assert_error(
        president
            .post_json(
                path,
                &json!({
                    "occupant_nom": " ", "occupant_tel": "2012345", "occupant_email": "rim@",
                    "occupant_sexe": "x", "type_occupation": "", "date_debut": "",
                    "date_fin": "demain",
                }),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        field_errors(&body),
        [
            "date_debut",
            "date_fin",
            "occupant_email",
            "occupant_id",
            "occupant_nom",
            "occupant_sexe",
            "occupant_tel",
            "occupation_id",
            "type_occupation",
        ]
    );
    let mut wrong = valid.clone();
    wrong["date_fin"] = json!("2021-04-30");
    let body = assert_error(
        president.post_json(path, &wrong).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["date_fin"]);
    // The occupant must be the occupation's.
    let other = occupant(&president, "Salma Ferchichi", None).await;
    let mut wrong = valid.clone();
    wrong["occupant_id"] = json!(other);
    let body = assert_error(
        president.post_json(path, &wrong).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["occupant_id"]);
    let mut wrong = valid.clone();
    wrong["occupation_id"] = json!(99);
    assert_error(
        president.post_json(path, &wrong).await,
        404,
        "occupation_inconnue",
    )
    .await;
}

async fn a_refused_half_of_a_modification_leaves_nothing_applied(world: World) {
    let f = setup(&world).await;
    let president = signed_in(&f.app, PRESIDENT).await;
    let ines = occupant(&president, "Inès Chaabane", Some("50000020")).await;
    let omar = occupant(&president, "Omar Sassi", Some("50000021")).await;
    let line = occupation(&president, 1, ines, ("2016-11-01", None), None).await;
    let path = "/api/proprietes/historique/modifier";
    let base = json!({
        "occupant_nom": "Inès Chaabane", "occupant_tel": "50000020", "occupant_email": null,
        "occupant_sexe": "femme", "type_occupation": "proprietaire",
        "date_debut": "2016-11-01", "date_fin": null,
        "occupation_id": line["occupation_id"], "occupant_id": ines,
    });
    let events = count_events(&f.db, f.a).await;

    // The occupant part is fine (a new name), the occupation part is refused (nobody would pay).
    let mut change = base.clone();
    change["occupant_nom"] = json!("Inès Chaabane Jaziri");
    change["is_payer"] = json!(false);
    assert_error(
        president.post_json(path, &change).await,
        422,
        "payeur_manquant",
    )
    .await;
    // The occupation part is fine (new dates), the occupant part is refused (Omar's number).
    let mut change = base.clone();
    change["date_debut"] = json!("2017-01-01");
    change["occupant_tel"] = json!("50000021");
    assert_error(
        president.post_json(path, &change).await,
        422,
        "tel_deja_utilise",
    )
    .await;

    assert_eq!(count_events(&f.db, f.a).await, events);
    let data = history(&president, 1).await;
    assert_eq!(data["occupants"][0], line);
    let occupants = ok(president.get("/api/occupants").await).await;
    assert_eq!(occupants["occupants"][0]["nom"], "Inès Chaabane");
    assert_eq!(occupants["occupants"][0]["tel"], "50000020");
    assert_eq!(occupants["occupants"][1]["id"], omar);
}

async fn the_occupation_paying_today_cannot_be_deleted(world: World) {
    let f = setup(&world).await;
    let president = signed_in(&f.app, PRESIDENT).await;
    let karim = occupant(&president, "Karim Jaziri", None).await;
    let yassine = occupant(&president, "Yassine Dridi", None).await;
    let path = "/api/proprietes/historique/supprimer";

    let owner = occupation(&president, 1, karim, ("2015-01-01", None), None).await;
    let tenant = occupation(&president, 1, yassine, ("2020-01-01", None), Some(false)).await;
    let body = assert_error(
        president
            .post_json(path, &json!({ "occupation_id": owner["occupation_id"] }))
            .await,
        422,
        "occupation_payeur_non_supprimable",
    )
    .await;
    assert_eq!(
        body["message"],
        "L'occupation du payeur ne peut pas être supprimée."
    );
    ok(president
        .post_json(path, &json!({ "occupation_id": tenant["occupation_id"] }))
        .await)
    .await;
    let lines = history(&president, 1).await["occupants"].clone();
    assert_eq!(lines, json!([owner]));

    // A past payer whose removal would leave another occupation's days without payer.
    let past_owner = occupation(
        &president,
        2,
        karim,
        ("2010-01-01", Some("2014-12-31")),
        None,
    )
    .await;
    occupation(
        &president,
        2,
        yassine,
        ("2012-01-01", Some("2012-12-31")),
        Some(false),
    )
    .await;
    assert_error(
        president
            .post_json(
                path,
                &json!({ "occupation_id": past_owner["occupation_id"] }),
            )
            .await,
        422,
        "payeur_manquant",
    )
    .await;

    let body = assert_error(
        president.post_json(path, &json!({})).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["occupation_id"]);
    assert_error(
        president
            .post_json(path, &json!({ "occupation_id": 99 }))
            .await,
        404,
        "occupation_inconnue",
    )
    .await;
}

async fn count_users(db: &Database) -> i64 {
    count(db, "SELECT COUNT(*) FROM users").await
}

async fn an_occupant_phone_number_is_a_co_owner_sign_in(world: World) {
    let f = setup(&world).await;
    let president = signed_in(&f.app, PRESIDENT).await;
    let dialog = "/api/occupants/creer-dialog";

    // A new number: a co-owner of this residence, without password until one is set.
    occupant(&president, "Hela Mansour", Some("50000030")).await;
    let user = user_with_tel(&f.db, "50000030").await.unwrap();
    assert_eq!(user.residence_id, f.a);
    assert_eq!(user.nom, "Hela Mansour");
    assert!(user.password_hash.is_none());
    assert!(!user.is_syndic && !user.is_finance && !user.is_president);
    assert!(!user.is_registration_finalized);
    let browser = f.app.new_browser();
    browser.csrf().await;
    assert_error(
        browser.login("50000030", PASSWORD).await,
        422,
        "invalid_credentials",
    )
    .await;
    identity::set_password(&f.db, "50000030", PASSWORD, None)
        .await
        .unwrap();
    let body = ok(browser.login("50000030", PASSWORD).await).await;
    assert_eq!(body["user"]["is_syndic"], false);
    assert_eq!(body["user"]["residence"]["id"], f.a);

    // A number a user of this residence already has (a council member can be an occupant).
    let users = count_users(&f.db).await;
    occupant(&president, "Utilisateur 20000002", Some(TREASURER)).await;
    assert_eq!(count_users(&f.db).await, users);

    // A number of another residence's user, or of another occupant: refused, nothing created.
    let occupants = ok(president.get("/api/occupants").await).await["occupants"].clone();
    for tel in [OTHER_PRESIDENT, "50000030"] {
        assert_error(
            president
                .post_json(
                    dialog,
                    &json!({ "nom": "Intrus", "tel": tel, "email": "", "sexe": "femme" }),
                )
                .await,
            422,
            "tel_deja_utilise",
        )
        .await;
    }
    assert_eq!(
        ok(president.get("/api/occupants").await).await["occupants"],
        occupants
    );
    assert_eq!(count_users(&f.db).await, users);
    assert_eq!(
        user_with_tel(&f.db, OTHER_PRESIDENT).await.unwrap().nom,
        "Utilisateur 30000001"
    );

    // The same rules when a modification changes the number.
    let anis = occupant(&president, "Anis Ben Amor", None).await;
    let line = occupation(&president, 1, anis, ("2022-01-01", None), None).await;
    let modify = |tel: &str| {
        json!({
            "occupant_nom": "Anis Ben Amor", "occupant_tel": tel, "occupant_email": null,
            "occupant_sexe": "homme", "type_occupation": "proprietaire",
            "date_debut": "2022-01-01", "date_fin": null,
            "occupation_id": line["occupation_id"], "occupant_id": anis,
        })
    };
    assert_error(
        president
            .post_json(
                "/api/proprietes/historique/modifier",
                &modify(OTHER_PRESIDENT),
            )
            .await,
        422,
        "tel_deja_utilise",
    )
    .await;
    ok(president
        .post_json("/api/proprietes/historique/modifier", &modify("50000031"))
        .await)
    .await;
    let user = user_with_tel(&f.db, "50000031").await.unwrap();
    assert_eq!(
        (user.residence_id, user.nom.as_str()),
        (f.a, "Anis Ben Amor")
    );
}

async fn occupant_dialog_checks_every_field(world: World) {
    let f = setup(&world).await;
    let president = signed_in(&f.app, PRESIDENT).await;
    let dialog = "/api/occupants/creer-dialog";
    let body = assert_error(
        president.post_json(dialog, &json!({})).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["nom", "sexe"]);
    let body = assert_error(
        president
            .post_json(
                dialog,
                &json!({ "nom": "Amel", "tel": "+21650000040", "email": "amel at example.tn",
                         "sexe": "H" }),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["email", "sexe", "tel"]);
    assert_eq!(
        body["errors"]["tel"][0],
        "Le téléphone doit contenir exactement 8 chiffres."
    );
    // Empty tel and email are absent values.
    let body = ok(president
        .post_json(
            dialog,
            &json!({ "nom": " Amel Tlili ", "tel": "", "email": "", "sexe": "femme" }),
        )
        .await)
    .await;
    assert_eq!(body["occupant"]["nom"], "Amel Tlili");
    assert_eq!(body["occupant"]["tel"], Value::Null);
    assert_eq!(body["occupant"]["email"], Value::Null);
    assert_eq!(body["occupant"]["sexe"], "femme");
}

async fn only_the_president_writes_and_only_the_council_reads(world: World) {
    let f = setup(&world).await;
    let president = signed_in(&f.app, PRESIDENT).await;
    let hedi = occupant(&president, "Hedi Karoui", None).await;
    let line = occupation(&president, 1, hedi, ("2020-01-01", None), None).await;
    let writes = [
        (
            "/api/occupants/creer-dialog",
            json!({ "nom": "X", "tel": null, "email": null, "sexe": "homme" }),
        ),
        (
            "/api/proprietes/historique/creer",
            json!({ "occupant": hedi, "type_occupation": "locataire", "date_debut": "2024-01-01",
                    "date_fin": null, "propriete": 2 }),
        ),
        (
            "/api/proprietes/historique/modifier",
            json!({ "occupant_nom": "X", "occupant_tel": null, "occupant_email": null,
                    "occupant_sexe": "homme", "type_occupation": "locataire",
                    "date_debut": "2020-01-01", "date_fin": null,
                    "occupation_id": line["occupation_id"], "occupant_id": hedi }),
        ),
        (
            "/api/proprietes/historique/supprimer",
            json!({ "occupation_id": line["occupation_id"] }),
        ),
    ];
    let reads = [
        "/api/proprietes",
        "/api/proprietes/historique?id=1",
        "/api/occupants",
    ];
    let events = count_events(&f.db, f.a).await;
    for tel in [TREASURER, MEMBER, CO_OWNER] {
        let browser = signed_in(&f.app, tel).await;
        for (path, body) in &writes {
            assert_error(
                browser.post_json(path, body).await,
                403,
                "president_required",
            )
            .await;
        }
    }
    let co_owner = signed_in(&f.app, CO_OWNER).await;
    for path in reads {
        assert_error(co_owner.get(path).await, 403, "syndic_required").await;
    }
    let signed_out = f.app.new_browser();
    signed_out.csrf().await;
    for path in reads {
        assert_error(signed_out.get(path).await, 401, "unauthenticated").await;
    }
    for (path, body) in &writes {
        assert_error(
            signed_out.post_json(path, body).await,
            401,
            "unauthenticated",
        )
        .await;
    }
    assert_eq!(count_events(&f.db, f.a).await, events);
    // A write without the anti-forgery header.
    let res = president
        .client
        .post(president.url(writes[0].0))
        .json(&writes[0].1)
        .send()
        .await
        .unwrap();
    assert_error(res, 419, "csrf_token_mismatch").await;

    // The history's id.
    let body = assert_error(
        president.get("/api/proprietes/historique").await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["id"]);
    assert_error(
        president.get("/api/proprietes/historique?id=abc").await,
        422,
        "validation_failed",
    )
    .await;
    assert_error(
        president.get("/api/proprietes/historique?id=99").await,
        404,
        "not_found",
    )
    .await;
}

async fn another_residence_is_out_of_reach(world: World) {
    let f = setup(&world).await;
    let president = signed_in(&f.app, PRESIDENT).await;
    let hamza = occupant(&president, "Hamza Ouertani", Some("50000050")).await;
    let line = occupation(&president, 2, hamza, ("2020-01-01", None), None).await;
    let occupants_a = ok(president.get("/api/occupants").await).await;
    let history_a = history(&president, 2).await;
    let events = count_events(&f.db, f.a).await;

    // Residence B's president sees its own residence only...
    let other = signed_in(&f.app, OTHER_PRESIDENT).await;
    let list = ok(other.get("/api/proprietes").await).await;
    assert_eq!(
        list["proprietes"],
        json!([{ "id": 1, "nom": "B1", "type": "commerce", "surface": "95.5",
                 "description": "Propriété B1", "payer_occupant": null }])
    );
    assert_eq!(
        ok(other.get("/api/occupants").await).await["occupants"],
        json!([])
    );
    assert_eq!(history(&other, 1).await["occupants"], json!([]));
    assert_error(
        other.get("/api/proprietes/historique?id=2").await,
        404,
        "not_found",
    )
    .await;

    // ...and cannot reach A's properties, occupants or occupations by their ids.
    assert_error(
        other
            .post_json(
                "/api/proprietes/historique/creer",
                &json!({ "occupant": hamza, "type_occupation": "proprietaire",
                         "date_debut": "2020-01-01", "date_fin": null, "propriete": 2 }),
            )
            .await,
        404,
        "propriete_inconnue",
    )
    .await;
    assert_error(
        other
            .post_json(
                "/api/proprietes/historique/creer",
                &json!({ "occupant": hamza, "type_occupation": "proprietaire",
                         "date_debut": "2020-01-01", "date_fin": null, "propriete": 1 }),
            )
            .await,
        404,
        "occupant_inconnu",
    )
    .await;
    assert_error(
        other
            .post_json(
                "/api/proprietes/historique/modifier",
                &json!({ "occupant_nom": "Piraté", "occupant_tel": null, "occupant_email": null,
                         "occupant_sexe": "homme", "type_occupation": "locataire",
                         "date_debut": "2020-01-01", "date_fin": null,
                         "occupation_id": line["occupation_id"], "occupant_id": hamza }),
            )
            .await,
        404,
        "occupation_inconnue",
    )
    .await;
    assert_error(
        other
            .post_json(
                "/api/proprietes/historique/supprimer",
                &json!({ "occupation_id": line["occupation_id"] }),
            )
            .await,
        404,
        "occupation_inconnue",
    )
    .await;
    // A's occupant's number is a sign-in of residence A: B cannot give it to its occupant.
    assert_error(
        other
            .post_json(
                "/api/occupants/creer-dialog",
                &json!({ "nom": "Hamza", "tel": "50000050", "email": null, "sexe": "homme" }),
            )
            .await,
        422,
        "tel_deja_utilise",
    )
    .await;

    assert_eq!(count_events(&f.db, f.a).await, events);
    assert_eq!(ok(president.get("/api/occupants").await).await, occupants_a);
    assert_eq!(history(&president, 2).await, history_a);
}
