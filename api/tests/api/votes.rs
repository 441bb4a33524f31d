//! Votes, the consultations outside assemblies, through the API (issue 18;
//! docs/api-communaute.md "Votes"): who creates, edits and deletes, the edit lock, the owners'
//! ballots and their change, the results both spaces read, the life of a vote on the
//! residence's pinned clock, residence isolation, notifications, dashboards, the audit chain and
//! the demo — on SQLite and PostgreSQL.

use chrono::NaiveDate;
use daftar_api::residence_builder::{OccupationSpec, ResidenceBuilder, Role};
use daftar_domain::occupation::Sexe;
use daftar_projections::{audit, Journal};
use reqwest::Response;
use serde_json::{json, Value};

use crate::support::{assert_error, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    a_council_member_creates_votes_that_the_council_lists,
    a_vote_is_checked_field_by_field_and_nothing_is_written,
    only_council_members_create_and_only_the_creator_edits_or_deletes,
    a_vote_lives_on_the_residences_clock,
    the_first_answer_locks_the_vote,
    an_owner_answers_once_and_changes_his_answer_through_modifier,
    an_answer_is_checked_against_the_vote,
    only_owners_answer,
    the_results_count_each_owner_and_list_every_property,
    co_owners_read_the_results_once_the_vote_is_finished,
    a_vote_of_another_residence_is_not_found,
    creating_a_vote_notifies_the_others_with_a_link_in_their_space,
    a_vote_opening_later_is_announced_with_a_link_to_the_list,
    the_dashboards_list_the_running_votes,
    an_altered_ballot_breaks_the_audit_chain,
    the_demo_holds_a_running_vote_and_a_finished_one,
);

const PRESIDENT: &str = "20000001";
const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";
const TENANT: &str = "50000002";

/// The vote of these tests runs from 10 to 20 March 2026.
const CREATION: &str = "2026-03-01";
const PENDANT: &str = "2026-03-15";
const APRES: &str = "2026-03-21";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// The president Hédi owns A1 and A4, Leïla A2, Sami (no sign-in) A3, where Bilel rents; the
/// treasurer and the member own nothing.
async fn setup(world: &World) {
    let db = world.db().await;
    let depuis = date("2020-01-01");
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date(CREATION))
        .user(PRESIDENT, "Hédi Trabelsi", Role::President)
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .user(TENANT, "Bilel Hammami", Role::Coproprietaire)
        .exercice(2026)
        .propriete("A1")
        .propriete("A2")
        .propriete("A3")
        .propriete("A4")
        .occupation(
            OccupationSpec::proprietaire("A1", "Hédi Trabelsi", Sexe::Homme, depuis).tel(PRESIDENT),
        )
        .occupation(
            OccupationSpec::proprietaire("A2", "Leïla Haddad", Sexe::Femme, depuis).tel(CO_OWNER),
        )
        .occupation(OccupationSpec::proprietaire(
            "A3",
            "Sami Ben Ali",
            Sexe::Homme,
            depuis,
        ))
        .occupation(
            OccupationSpec::locataire("A3", "Bilel Hammami", Sexe::Homme, depuis)
                .tel(TENANT)
                .non_payeur(),
        )
        .occupation(
            OccupationSpec::proprietaire("A4", "Hédi Trabelsi", Sexe::Homme, depuis).tel(PRESIDENT),
        )
        .build()
        .await
        .unwrap();
}

/// A server whose today is `day`, and a signed-in browser on it for each of `tels`.
async fn le<const N: usize>(world: &World, day: &str, tels: [&str; N]) -> [TestApp; N] {
    let app = world.spawn_on(date(day)).await;
    let mut browsers = Vec::new();
    for tel in tels {
        browsers.push(signed_in(&app, tel).await);
    }
    match browsers.try_into() {
        Ok(browsers) => browsers,
        Err(_) => unreachable!("one browser per phone number"),
    }
}

fn question() -> Value {
    json!({
        "titre": "Repeindre le hall",
        "description": "Les teintes proposées par le peintre.",
        "type_choix": "simple",
        "date_debut": "2026-03-10",
        "date_fin": "2026-03-20",
    })
}

fn personnalisee() -> Value {
    let mut body = question();
    body["type_choix"] = json!("custom");
    body["choix"] = json!(["Blanc", " ", "Beige", ""]);
    body
}

async fn creer(app: &TestApp, body: &Value) -> Value {
    ok(app.post_json("/api/votes/creer", body).await).await["data"]["vote"].clone()
}

async fn modifier(app: &TestApp, body: &Value) -> Response {
    app.write(reqwest::Method::PUT, "/api/votes/modifier")
        .json(body)
        .send()
        .await
        .unwrap()
}

async fn supprimer(app: &TestApp, id: i64) -> Response {
    app.post_json("/api/votes/supprimer", &json!({"id": id}))
        .await
}

async fn voter(app: &TestApp, id: i64, choix: Value) -> Response {
    app.post_json(
        "/api/coproprietaire/votes/voter",
        &json!({"id": id, "vote_choix": choix}),
    )
    .await
}

async fn changer(app: &TestApp, id: i64, choix: Value) -> Response {
    app.post_json(
        "/api/coproprietaire/votes/modifier",
        &json!({"id": id, "vote_choix": choix}),
    )
    .await
}

async fn resultats(app: &TestApp, id: i64) -> Response {
    app.get(&format!("/api/coproprietaire/votes/resultats?id={id}"))
        .await
}

/// The id of the choice whose text is `texte`.
fn choix(vote: &Value, texte: &str) -> i64 {
    vote["choix"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["choix"] == texte)
        .and_then(|c| c["id"].as_i64())
        .unwrap_or_else(|| panic!("no choice {texte} in {vote}"))
}

/// The votes of a list, by id.
fn par_id(liste: &Value, id: i64) -> Value {
    liste["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("no vote {id} in {liste}"))
}

fn field_codes(body: &Value, field: &str) -> Vec<String> {
    body["field_codes"][field]
        .as_array()
        .map(|codes| {
            codes
                .iter()
                .map(|c| c.as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

async fn a_council_member_creates_votes_that_the_council_lists(world: World) {
    setup(&world).await;
    let [president, member] = le(&world, CREATION, [PRESIDENT, MEMBER]).await;

    // When the president creates a simple vote and a custom one
    let simple = creer(&president, &question()).await;
    let custom = creer(&president, &personnalisee()).await;

    // Then the simple one offers pour / contre / abstention, the custom one its non-blank choices
    let textes = |vote: &Value| -> Vec<String> {
        vote["choix"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["choix"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(textes(&simple), ["pour", "contre", "abstention"]);
    assert_eq!(textes(&custom), ["Blanc", "Beige"]);
    assert_eq!(
        (
            &simple["type_choix"],
            &simple["date_debut"],
            &simple["date_fin"],
            &simple["is_active"],
            &simple["is_closed"],
            &simple["can_edit"],
            &simple["creator"]["nom"],
        ),
        (
            &json!("simple"),
            &json!("2026-03-10"),
            &json!("2026-03-20"),
            &json!(0),
            &json!(false),
            &json!(true),
            &json!("Hédi Trabelsi"),
        )
    );
    // And another council member lists both, newest first, without the right to edit them
    let liste = ok(member.get("/api/votes").await).await;
    let ids: Vec<i64> = liste["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&simple["id"].as_i64().unwrap()));
    assert_eq!(
        par_id(&liste, simple["id"].as_i64().unwrap())["can_edit"],
        false
    );
}

async fn a_vote_is_checked_field_by_field_and_nothing_is_written(world: World) {
    setup(&world).await;
    let [president] = le(&world, CREATION, [PRESIDENT]).await;
    let refus = |body: Value| {
        let president = &president;
        async move {
            assert_error(
                president.post_json("/api/votes/creer", &body).await,
                422,
                "validation_failed",
            )
            .await
        }
    };

    let vide = refus(json!({})).await;
    for field in ["titre", "type_choix", "date_debut", "date_fin"] {
        assert_eq!(field_codes(&vide, field), ["champ_obligatoire"], "{field}");
    }
    let mut body = question();
    body["type_choix"] = json!("multiple");
    assert_eq!(
        field_codes(&refus(body).await, "type_choix"),
        ["valeur_invalide"]
    );
    let mut body = personnalisee();
    body["choix"] = json!(["Blanc", "  ", ""]);
    assert_eq!(
        field_codes(&refus(body).await, "choix"),
        ["choix_invalides"]
    );
    let mut body = personnalisee();
    body["choix"] = json!(["A", "B", "C", "D", "E", "F"]);
    assert_eq!(field_codes(&refus(body).await, "choix"), ["trop_de_choix"]);
    let mut body = personnalisee();
    body["choix"] = json!(["Blanc", "blanc "]);
    assert_eq!(
        field_codes(&refus(body).await, "choix"),
        ["choix_en_double"]
    );
    let mut body = question();
    body["date_fin"] = json!("2026-03-09");
    assert_eq!(
        field_codes(&refus(body).await, "date_fin"),
        ["fin_avant_debut"]
    );
    let mut body = question();
    body["date_debut"] = json!("2026-02-01");
    body["date_fin"] = json!("2026-02-28");
    assert_eq!(
        field_codes(&refus(body).await, "date_fin"),
        ["date_fin_passee"]
    );
    let mut body = question();
    body["date_debut"] = json!("10/03/2026");
    assert_eq!(
        field_codes(&refus(body).await, "date_debut"),
        ["date_invalide"]
    );

    let liste = ok(president.get("/api/votes").await).await;
    assert_eq!(liste["data"], json!([]));
}

async fn only_council_members_create_and_only_the_creator_edits_or_deletes(world: World) {
    setup(&world).await;
    let [president, member, co_owner] = le(&world, CREATION, [PRESIDENT, MEMBER, CO_OWNER]).await;
    assert_error(
        co_owner.post_json("/api/votes/creer", &question()).await,
        403,
        "syndic_required",
    )
    .await;
    assert_error(co_owner.get("/api/votes").await, 403, "syndic_required").await;
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    let mut edit = personnalisee();
    edit["id"] = json!(id);

    // Another council member may neither edit nor delete it
    assert_error(modifier(&member, &edit).await, 403, "createur_requis").await;
    assert_error(supprimer(&member, id).await, 403, "createur_requis").await;
    // The creator edits it: the question and its choices are replaced
    let edite = ok(modifier(&president, &edit).await).await["data"]["vote"].clone();
    assert_eq!(
        (
            &edite["id"],
            &edite["type_choix"],
            edite["choix"].as_array().unwrap().len()
        ),
        (&json!(id), &json!("custom"), 2)
    );
    // And deletes it: it is gone
    ok(supprimer(&president, id).await).await;
    assert_error(supprimer(&president, id).await, 404, "vote_introuvable").await;
    assert_error(modifier(&president, &edit).await, 404, "vote_introuvable").await;
    assert_eq!(
        ok(president.get("/api/votes").await).await["data"],
        json!([])
    );
}

async fn a_vote_lives_on_the_residences_clock(world: World) {
    setup(&world).await;
    // Given a vote from 10 to 20 March, created on 1 March
    let [president, co_owner] = le(&world, CREATION, [PRESIDENT, CO_OWNER]).await;
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    let pour = choix(&vote, "pour");

    // Before its first day: not yet open, not shown to co-owners, not answered
    assert_eq!(
        par_id(&ok(president.get("/api/votes").await).await, id)["is_active"],
        0
    );
    assert_eq!(
        ok(co_owner.get("/api/coproprietaire/votes").await).await["data"],
        json!([])
    );
    assert_error(
        voter(&co_owner, id, json!(pour)).await,
        422,
        "vote_non_ouvert",
    )
    .await;

    // During its days: running, listed, answered
    let [president, co_owner] = le(&world, PENDANT, [PRESIDENT, CO_OWNER]).await;
    assert_eq!(
        par_id(&ok(president.get("/api/votes").await).await, id)["is_active"],
        1
    );
    let listee = par_id(
        &ok(co_owner.get("/api/coproprietaire/votes").await).await,
        id,
    );
    assert_eq!(
        (&listee["is_active"], &listee["is_voted"]),
        (&json!(1), &json!(false))
    );
    ok(voter(&co_owner, id, json!(pour)).await).await;

    // After its last day: finished and closed; nothing changes any more
    let [president, co_owner] = le(&world, APRES, [PRESIDENT, CO_OWNER]).await;
    let termine = par_id(&ok(president.get("/api/votes").await).await, id);
    assert_eq!(
        (&termine["is_active"], &termine["is_closed"]),
        (&json!(2), &json!(true))
    );
    assert_error(
        changer(&co_owner, id, json!(choix(&vote, "contre"))).await,
        422,
        "vote_termine",
    )
    .await;
    let mut edit = question();
    edit["id"] = json!(id);
    edit["date_fin"] = json!("2026-03-30");
    assert_error(modifier(&president, &edit).await, 422, "vote_termine").await;
    assert_error(supprimer(&president, id).await, 422, "vote_termine").await;
}

async fn the_first_answer_locks_the_vote(world: World) {
    setup(&world).await;
    let [president, co_owner] = le(&world, PENDANT, [PRESIDENT, CO_OWNER]).await;
    // Given a running vote nobody has answered: its creator may still edit it
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    let mut edit = question();
    edit["id"] = json!(id);
    edit["titre"] = json!("Repeindre le hall et l'escalier");
    let vote = ok(modifier(&president, &edit).await).await["data"]["vote"].clone();
    assert_eq!(vote["is_closed"], false);

    // When a co-owner answers
    ok(voter(&co_owner, id, json!(choix(&vote, "contre"))).await).await;

    // Then the vote is closed to edits and deletion
    assert_eq!(
        par_id(&ok(president.get("/api/votes").await).await, id)["is_closed"],
        true
    );
    assert_error(modifier(&president, &edit).await, 422, "vote_verrouille").await;
    assert_error(supprimer(&president, id).await, 422, "vote_verrouille").await;
}

async fn an_owner_answers_once_and_changes_his_answer_through_modifier(world: World) {
    setup(&world).await;
    let [president, co_owner] = le(&world, PENDANT, [PRESIDENT, CO_OWNER]).await;
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    let (pour, contre) = (choix(&vote, "pour"), choix(&vote, "contre"));

    // Changing an answer never given is refused
    assert_error(
        changer(&co_owner, id, json!(pour)).await,
        422,
        "vote_non_exprime",
    )
    .await;
    // The first answer (the id may come as a text, as a radio button sends it)
    let reponse = ok(voter(&co_owner, id, json!(pour.to_string())).await).await;
    assert_eq!(reponse["vote"], json!({"id": id, "choix_id": pour}));
    // A second `voter` is refused: the answer changes through `modifier`
    assert_error(
        voter(&co_owner, id, json!(contre)).await,
        409,
        "vote_deja_exprime",
    )
    .await;
    let change = ok(changer(&co_owner, id, json!(contre)).await).await;
    assert_eq!(change["vote"], json!({"id": id, "selected_vote": contre}));

    let listee = par_id(
        &ok(co_owner.get("/api/coproprietaire/votes").await).await,
        id,
    );
    assert_eq!(
        (
            &listee["is_voted"],
            &listee["selected_vote"],
            &listee["choix_voted_id"],
            &listee["can_vote"]
        ),
        (&json!(true), &json!(contre), &json!(contre), &json!(true))
    );
}

async fn an_answer_is_checked_against_the_vote(world: World) {
    setup(&world).await;
    let [president, co_owner] = le(&world, PENDANT, [PRESIDENT, CO_OWNER]).await;
    let vote = creer(&president, &question()).await;
    let autre = creer(&president, &personnalisee()).await;
    let id = vote["id"].as_i64().unwrap();

    let body = assert_error(
        co_owner
            .post_json("/api/coproprietaire/votes/voter", &json!({"id": id}))
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_codes(&body, "vote_choix"), ["champ_obligatoire"]);
    let body = assert_error(
        voter(&co_owner, id, json!("pour")).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_codes(&body, "vote_choix"), ["valeur_invalide"]);
    // A choice of another vote is not one of this vote's answers
    assert_error(
        voter(&co_owner, id, json!(choix(&autre, "Blanc"))).await,
        422,
        "choix_invalide",
    )
    .await;
    assert_error(
        voter(&co_owner, 999, json!(1)).await,
        404,
        "vote_introuvable",
    )
    .await;
    // Nothing was recorded: the vote is still open to edits
    assert_eq!(
        par_id(&ok(president.get("/api/votes").await).await, id)["is_closed"],
        false
    );
}

async fn only_owners_answer(world: World) {
    setup(&world).await;
    let [president, treasurer, tenant] = le(&world, PENDANT, [PRESIDENT, TREASURER, TENANT]).await;
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    let pour = choix(&vote, "pour");

    // A council member who owns nothing, and a tenant, may not answer
    for other in [&treasurer, &tenant] {
        assert_error(
            voter(other, id, json!(pour)).await,
            403,
            "proprietaire_requis",
        )
        .await;
        assert_error(
            changer(other, id, json!(pour)).await,
            403,
            "proprietaire_requis",
        )
        .await;
    }
    let listee = par_id(&ok(tenant.get("/api/coproprietaire/votes").await).await, id);
    assert_eq!(listee["can_vote"], false);
    // A council member who owns a property answers as its owner
    ok(voter(&president, id, json!(pour)).await).await;
}

async fn the_results_count_each_owner_and_list_every_property(world: World) {
    setup(&world).await;
    let [president, member, co_owner] = le(&world, PENDANT, [PRESIDENT, MEMBER, CO_OWNER]).await;
    // Given Hédi (A1, A4) answers pour and Leïla (A2) contre; Sami (A3) has not answered
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    let (pour, contre) = (choix(&vote, "pour"), choix(&vote, "contre"));
    ok(voter(&president, id, json!(pour)).await).await;
    ok(voter(&co_owner, id, json!(contre)).await).await;

    // When a council member reads the results
    let data = ok(resultats(&member, id).await).await["data"].clone();

    // Then each owner counts once, three owners, two answered, pour and contre tied
    assert_eq!(
        data["results"],
        json!([
            {"choix_id": pour, "choix": "pour", "count": 1},
            {"choix_id": contre, "choix": "contre", "count": 1},
            {"choix_id": choix(&vote, "abstention"), "choix": "abstention", "count": 0},
        ])
    );
    assert_eq!(
        (
            &data["total"],
            &data["proprietaires"],
            &data["participation"]
        ),
        (&json!(2), &json!(3), &json!(66.67))
    );
    assert_eq!(
        data["majority"],
        json!([{"choix_id": pour, "choix": "pour"}, {"choix_id": contre, "choix": "contre"}])
    );
    let lignes: Vec<(String, String, Value)> = data["responses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["propriete"]["nom"].as_str().unwrap().to_owned(),
                r["occupant"]["nom"].as_str().unwrap().to_owned(),
                r["choix"].clone(),
            )
        })
        .collect();
    assert_eq!(
        lignes,
        [
            ("A1".to_owned(), "Hédi Trabelsi".to_owned(), json!("pour")),
            ("A2".to_owned(), "Leïla Haddad".to_owned(), json!("contre")),
            ("A3".to_owned(), "Sami Ben Ali".to_owned(), Value::Null),
            ("A4".to_owned(), "Hédi Trabelsi".to_owned(), json!("pour")),
        ]
    );
    // And the reader's own answer is marked: none for the member, pour for the president
    assert_eq!(data["selected_vote"], Value::Null);
    assert_eq!(
        ok(resultats(&president, id).await).await["data"]["selected_vote"],
        json!(pour)
    );
}

async fn co_owners_read_the_results_once_the_vote_is_finished(world: World) {
    setup(&world).await;
    let [president, co_owner] = le(&world, CREATION, [PRESIDENT, CO_OWNER]).await;
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    // Not yet published: it does not exist for a co-owner
    assert_error(resultats(&co_owner, id).await, 404, "vote_introuvable").await;

    let [president, co_owner] = le(&world, PENDANT, [PRESIDENT, CO_OWNER]).await;
    ok(voter(&co_owner, id, json!(choix(&vote, "abstention"))).await).await;
    // Running: the council reads the results, a co-owner not yet
    ok(resultats(&president, id).await).await;
    assert_error(resultats(&co_owner, id).await, 403, "resultats_non_publies").await;

    // Finished: the co-owner reads the same results as the council, his answer marked
    let [president, co_owner] = le(&world, APRES, [PRESIDENT, CO_OWNER]).await;
    let mut du_conseil = ok(resultats(&president, id).await).await["data"].clone();
    let mut du_coproprietaire = ok(resultats(&co_owner, id).await).await["data"].clone();
    assert_eq!(
        du_coproprietaire["selected_vote"],
        json!(choix(&vote, "abstention"))
    );
    du_conseil["selected_vote"] = Value::Null;
    du_coproprietaire["selected_vote"] = Value::Null;
    assert_eq!(du_conseil, du_coproprietaire);
    assert_eq!(du_conseil["is_active"], 2);
}

async fn a_vote_of_another_residence_is_not_found(world: World) {
    setup(&world).await;
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .aujourd_hui(date(CREATION))
        .user("30000001", "Rania Gharbi", Role::President)
        .exercice(2026)
        .propriete("B1")
        .occupation(
            OccupationSpec::proprietaire("B1", "Rania Gharbi", Sexe::Femme, date("2020-01-01"))
                .tel("30000001"),
        )
        .build()
        .await
        .unwrap();
    let [president, autre] = le(&world, PENDANT, [PRESIDENT, "30000001"]).await;
    // Given a vote of Les Jasmins
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    let pour = choix(&vote, "pour");

    // Then the president of Les Oliviers (an owner there) neither sees it nor touches it
    assert_eq!(ok(autre.get("/api/votes").await).await["data"], json!([]));
    assert_eq!(
        ok(autre.get("/api/coproprietaire/votes").await).await["data"],
        json!([])
    );
    assert_error(resultats(&autre, id).await, 404, "vote_introuvable").await;
    assert_error(
        voter(&autre, id, json!(pour)).await,
        404,
        "vote_introuvable",
    )
    .await;
    assert_error(
        changer(&autre, id, json!(pour)).await,
        404,
        "vote_introuvable",
    )
    .await;
    let mut edit = question();
    edit["id"] = json!(id);
    assert_error(modifier(&autre, &edit).await, 404, "vote_introuvable").await;
    assert_error(supprimer(&autre, id).await, 404, "vote_introuvable").await;
    // And the vote is as it was
    assert_eq!(
        par_id(&ok(president.get("/api/votes").await).await, id)["is_closed"],
        false
    );
}

async fn creating_a_vote_notifies_the_others_with_a_link_in_their_space(world: World) {
    setup(&world).await;
    let [president, member, co_owner] = le(&world, PENDANT, [PRESIDENT, MEMBER, CO_OWNER]).await;
    // When the president creates a running vote
    let id = creer(&president, &question()).await["id"].as_i64().unwrap();

    // Then the co-owner is told, with a link to the ballot; a council member to the results
    let avis = |liste: Value| -> Vec<(String, String, String)> {
        liste["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["icon"].as_str().unwrap().to_owned(),
                    a["title_key"].as_str().unwrap().to_owned(),
                    a["link"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    assert_eq!(
        avis(ok(co_owner.get("/api/notifications").await).await),
        [(
            "vote".to_owned(),
            "vote_publie".to_owned(),
            format!("/coproprietaire/votes/voter/{id}")
        )]
    );
    assert_eq!(
        avis(ok(member.get("/api/notifications").await).await),
        [(
            "vote".to_owned(),
            "vote_publie".to_owned(),
            format!("/syndic/votes/resultats/{id}")
        )]
    );
    // And the creator is not told of his own act
    assert!(avis(ok(president.get("/api/notifications").await).await).is_empty());
}

async fn a_vote_opening_later_is_announced_with_a_link_to_the_list(world: World) {
    setup(&world).await;
    let [president, co_owner] = le(&world, CREATION, [PRESIDENT, CO_OWNER]).await;
    // When the president creates, on 1 March, a vote that opens on 10 March
    let id = creer(&president, &question()).await["id"].as_i64().unwrap();

    // Then the co-owner is told it is coming, with a link to his list (the ballot is not open)
    let liste = ok(co_owner.get("/api/notifications").await).await;
    let avis = &liste["data"][0];
    assert_eq!(
        (&avis["title_key"], &avis["link"], &avis["params"]["id"]),
        (
            &json!("vote_programme"),
            &json!("/coproprietaire/votes"),
            &json!(id)
        )
    );
}

async fn the_dashboards_list_the_running_votes(world: World) {
    setup(&world).await;
    let [president, co_owner] = le(&world, PENDANT, [PRESIDENT, CO_OWNER]).await;
    // Given a running vote the co-owner answered, and one that opens later
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    let mut plus_tard = question();
    plus_tard["date_debut"] = json!("2026-04-01");
    plus_tard["date_fin"] = json!("2026-04-10");
    creer(&president, &plus_tard).await;
    ok(voter(&co_owner, id, json!(choix(&vote, "pour"))).await).await;

    // Then both dashboards list the running one only, the co-owner's marked answered
    let votes = |tableau: Value| -> Vec<Value> {
        tableau["annonces_votes"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["type"] == "vote")
            .cloned()
            .collect()
    };
    let du_conseil = votes(ok(president.get("/api/dashboard").await).await);
    let du_coproprietaire = votes(ok(co_owner.get("/api/coproprietaire/dashboard").await).await);
    assert_eq!(
        du_coproprietaire,
        [json!({
            "type": "vote",
            "id": id,
            "titre": "Repeindre le hall",
            "description": "Les teintes proposées par le peintre.",
            "is_voted": true,
        })]
    );
    assert_eq!(du_conseil.len(), 1);
    assert_eq!(du_conseil[0]["is_voted"], false);
}

async fn an_altered_ballot_breaks_the_audit_chain(world: World) {
    setup(&world).await;
    let [president, co_owner] = le(&world, PENDANT, [PRESIDENT, CO_OWNER]).await;
    let vote = creer(&president, &question()).await;
    let id = vote["id"].as_i64().unwrap();
    let (pour, contre) = (choix(&vote, "pour"), choix(&vote, "contre"));
    ok(voter(&co_owner, id, json!(contre)).await).await;
    let db = world.db().await;
    let journal = Journal::new(db.clone());
    let report = audit::verify_all(&journal, None).await.unwrap();
    assert!(report.is_intact(), "{report:?}");

    // Someone with the database's keys turns the ballot around
    sqlx::query(&format!(
        "UPDATE events SET payload = REPLACE(payload, '\"choix_id\":{contre}', '\"choix_id\":{pour}') \
         WHERE aggregate_type = 'votes' AND event_type = 'BulletinDepose'"
    ))
    .execute(&db.pool)
    .await
    .unwrap();

    let report = audit::verify_all(&journal, None).await.unwrap();
    assert_eq!(report.broken.len(), 1, "{report:?}");
    assert_eq!(report.broken[0].aggregate_type, "votes");
}

async fn the_demo_holds_a_running_vote_and_a_finished_one(world: World) {
    let db = world.db().await;
    daftar_api::demo::load(&db).await.unwrap();
    let events = |db: daftar_projections::Database| async move {
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM events WHERE aggregate_type = 'votes'")
            .fetch_one(&db.pool)
            .await
            .unwrap()
    };
    let after_first = events(db.clone()).await;
    daftar_api::demo::load(&db).await.unwrap();
    assert_eq!(
        events(db.clone()).await,
        after_first,
        "a second run changes nothing"
    );

    let app = world.spawn().await;
    let president = app.new_browser();
    president.login(PRESIDENT, daftar_api::demo::PASSWORD).await;
    let liste = ok(president.get("/api/votes").await).await;
    let etats: Vec<i64> = liste["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["is_active"].as_i64().unwrap())
        .collect();
    assert_eq!(etats, [1, 2]);
    for vote in liste["data"].as_array().unwrap() {
        let id = vote["id"].as_i64().unwrap();
        let data = ok(resultats(&president, id).await).await["data"].clone();
        assert!(data["total"].as_i64().unwrap() >= 3, "{data}");
        assert!(!data["majority"].as_array().unwrap().is_empty(), "{data}");
    }
    // Leïla has not answered the running vote: she may
    let leila = app.new_browser();
    leila.login("20000004", daftar_api::demo::PASSWORD).await;
    let siens = ok(leila.get("/api/coproprietaire/votes").await).await;
    let en_cours = &siens["data"][0];
    assert_eq!(
        (
            &en_cours["is_active"],
            &en_cours["is_voted"],
            &en_cours["can_vote"]
        ),
        (&json!(1), &json!(false), &json!(true))
    );
}
