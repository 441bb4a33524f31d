//! General assemblies through the API (issue 17; docs/api-assemblees.md): the five steps, their
//! locks, the presences and votes with both results (art. 91), the signed files, who may do
//! what, and the assemblies' stream under the audit — on SQLite and PostgreSQL.

use chrono::NaiveDate;
use daftar_api::residence_builder::{OccupationSpec, ResidenceBuilder, Role};
use daftar_domain::occupation::Sexe;
use daftar_domain::Montant;
use daftar_projections::{audit, Journal};
use serde_json::{json, Value};

use crate::depenses::{pdf, png, post_multipart, Part};
use crate::support::{assert_error, field_errors, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    the_president_takes_a_meeting_through_its_steps_to_the_end,
    the_votes_are_counted_by_head_and_by_share_with_the_majority_owner_reduced,
    only_the_president_writes_the_council_reads_and_co_owners_see_convoked_meetings,
    a_meeting_is_checked_field_by_field,
    the_convocation_locks_the_preparation_and_the_deletion,
    presences_and_votes_are_checked_against_the_co_owners,
    the_steps_of_the_meeting_open_in_order,
    signed_files_are_one_pdf_of_at_most_one_megabyte,
    after_the_end_nothing_changes,
    an_altered_assembly_event_breaks_the_audit_chain,
    the_minutes_print_every_resolution_with_both_results,
    the_convocation_and_the_attendance_sheet_print_what_the_meeting_holds,
    co_owners_download_the_convocation_and_the_finished_minutes_only,
    the_convocation_prints_in_arabic_on_request,
    the_demo_holds_the_2025_assembly_finished_and_the_2026_one_convoked,
    every_write_is_the_presidents_and_every_step_read_the_councils,
    the_step_four_calls_check_their_fields,
    convoking_a_meeting_notifies_the_others_once_per_method,
);

const PRESIDENT: &str = "20000001";
const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";
/// Occupant ids follow the order of the occupations below.
const HEDI: i64 = 1;
const LEILA: i64 = 2;
const SAMI: i64 = 3;

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// The president Hédi owns A1 (60 % of the allocation), Leïla A2 (30 %), Sami A3 (10 %).
async fn setup(world: &World) -> TestApp {
    let db = world.db().await;
    let depuis = date("2020-01-01");
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-03-01"))
        .user(PRESIDENT, "Hédi Trabelsi", Role::President)
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .exercice(2026)
        .propriete("A1")
        .propriete("A2")
        .propriete("A3")
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
        .repartition([
            ("A1", Montant::dinars(60)),
            ("A2", Montant::dinars(30)),
            ("A3", Montant::dinars(10)),
        ])
        .build()
        .await
        .unwrap();
    world.spawn_on(date("2026-03-01")).await
}

async fn creer(president: &TestApp) -> i64 {
    let body = ok(president
        .post_json(
            "/api/assemblees/creer-dialog",
            &json!({"titre": "AG ordinaire 2026", "lieu": "Salle commune", "date": "2026-06-01"}),
        )
        .await)
    .await;
    body["assemblee"]["id"].as_i64().unwrap()
}

async fn ordre_du_jour(president: &TestApp, id: i64) -> Value {
    ok(president
        .post_json(
            "/api/assemblees/modifier/ordre-du-jour",
            &json!({"assemblee_id": id, "ordreDuJour": [
                {"numero": 2, "point": "Vote du budget 2027", "projet_resolution": "Le budget est adopté."},
                {"numero": 1, "point": "Approbation des comptes", "projet_resolution": "Les comptes sont approuvés."},
            ]}),
        )
        .await)
    .await
}

async fn convoquer(president: &TestApp, id: i64) -> reqwest::Response {
    president
        .post_json(
            "/api/assemblees/modifier/date-methode",
            &json!({"id": id, "methode_convocation": "en_main", "date_convocation": "2026-05-10"}),
        )
        .await
}

async fn demarrer(president: &TestApp, id: i64) -> reqwest::Response {
    president
        .post_json(
            "/api/assemblees/modifier/heure-debut",
            &json!({"id": id, "date_debut": "2026-06-01", "heure_debut": "1930"}),
        )
        .await
}

async fn presences(president: &TestApp, id: i64, records: Value) -> reqwest::Response {
    president
        .post_json(
            "/api/assemblees/modifier/presences",
            &json!({"assemblee_id": id, "records": records}),
        )
        .await
}

fn tous_presents() -> Value {
    json!([
        {"occupant_id": HEDI, "is_present": "present"},
        {"occupant_id": LEILA, "is_present": "represente", "representant": "Mourad Haddad"},
        {"occupant_id": SAMI, "is_present": "present"},
    ])
}

async fn voter(president: &TestApp, id: i64, point_id: i64, votes: Value) -> reqwest::Response {
    president
        .post_json(
            "/api/assemblees/vote/creer",
            &json!({"assembleeId": id, "pointId": point_id, "resolutionText": "Résolution adoptée telle que présentée.",
                "voteType": "simple", "votes": votes}),
        )
        .await
}

/// The agenda's point ids, in order.
async fn points(president: &TestApp, id: i64) -> Vec<i64> {
    let etape4 = ok(president
        .get(&format!("/api/assemblees/etape4?id={id}"))
        .await)
    .await;
    etape4["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_i64().unwrap())
        .collect()
}

async fn step(president: &TestApp, id: i64) -> i64 {
    let etape2 = ok(president
        .get(&format!("/api/assemblees/etape2?id={id}"))
        .await)
    .await;
    etape2["info"]["step"].as_i64().unwrap()
}

/// A meeting convoked, started, everyone present or represented, every point voted (step 5).
async fn jusqu_aux_votes(president: &TestApp) -> i64 {
    let id = creer(president).await;
    ordre_du_jour(president, id).await;
    ok(convoquer(president, id).await).await;
    ok(demarrer(president, id).await).await;
    ok(presences(president, id, tous_presents()).await).await;
    for point in points(president, id).await {
        let votes = json!({"1": "pour", "2": "pour", "3": "contre"});
        ok(voter(president, id, point, votes).await).await;
    }
    id
}

async fn infos_finales(president: &TestApp, id: i64) -> reqwest::Response {
    president
        .post_json(
            "/api/assemblees/infos-finales/modifier",
            &json!({"id": id, "president": HEDI, "secretaire": LEILA, "scrutateurs": [{"occupantId": SAMI}],
                "date_fin": "2026-06-01", "heure_fin": "21:15", "mot_intro": "Bienvenue.", "mot_fin": "Merci."}),
        )
        .await
}

async fn deposer(president: &TestApp, quoi: &str, id: i64, fichier: &[u8]) -> reqwest::Response {
    let id = id.to_string();
    post_multipart(
        president,
        &format!("/api/assemblees/{quoi}/upload"),
        &[
            Part::Texte("assemblee_id", &id),
            Part::Fichier("file", "signe.pdf", fichier),
        ],
    )
    .await
}

async fn terminer(president: &TestApp, id: i64) -> reqwest::Response {
    president
        .post_json(
            &format!("/api/assemblees/terminer?assemblee_id={id}"),
            &json!({}),
        )
        .await
}

async fn termine(president: &TestApp) -> i64 {
    let id = jusqu_aux_votes(president).await;
    ok(infos_finales(president, id).await).await;
    ok(deposer(president, "pv-signe", id, &pdf(1)).await).await;
    ok(deposer(president, "presence-signe", id, &pdf(2)).await).await;
    ok(terminer(president, id).await).await;
    id
}

async fn the_president_takes_a_meeting_through_its_steps_to_the_end(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;

    let id = creer(&president).await;
    let etape1 = ok(president
        .get(&format!("/api/assemblees/etape1?id={id}"))
        .await)
    .await;
    assert_eq!(etape1["info_generales"]["heure"], json!("19:30"));
    assert_eq!(etape1["info_generales"]["step"], json!(1));

    let agenda = ordre_du_jour(&president, id).await;
    let titres: Vec<&str> = agenda["ordre_du_jour"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["titre"].as_str().unwrap())
        .collect();
    assert_eq!(titres, ["Approbation des comptes", "Vote du budget 2027"]);
    assert_eq!(agenda["ordre_du_jour"][1]["numero"], json!(2));
    assert_eq!(step(&president, id).await, 2);

    let convoquee = ok(convoquer(&president, id).await).await;
    assert_eq!(convoquee["assemblee"]["step"], json!(3));
    assert_eq!(
        convoquee["assemblee"]["methode_convocation"],
        json!("en_main")
    );

    assert_eq!(
        ok(demarrer(&president, id).await).await["assemblee"]["heure_debut"],
        json!("19:30")
    );
    assert_eq!(step(&president, id).await, 4);

    let enregistrees = ok(presences(&president, id, tous_presents()).await).await;
    assert_eq!(
        enregistrees["presences"][1]["representant"],
        json!("Mourad Haddad")
    );
    for point in points(&president, id).await {
        let votes = json!({"1": "pour", "2": "pour", "3": "contre"});
        let resolution = ok(voter(&president, id, point, votes).await).await;
        assert_eq!(resolution["resolution"]["is_voted"], json!(true));
    }
    let etape4 = ok(president
        .get(&format!("/api/assemblees/etape4?id={id}"))
        .await)
    .await;
    assert_eq!(etape4["is_voted"], json!(true));
    assert_eq!(etape4["step"], json!(5));
    assert_eq!(etape4["points"][0]["etat"], json!("termine"));

    ok(infos_finales(&president, id).await).await;
    ok(deposer(&president, "pv-signe", id, &pdf(1)).await).await;
    let feuille = pdf(2);
    let deposee = ok(deposer(&president, "presence-signe", id, &feuille).await).await;
    let url = deposee["data"]["url"].as_str().unwrap().to_owned();

    let etape5 = ok(president
        .get(&format!("/api/assemblees/etape5?id={id}"))
        .await)
    .await;
    assert_eq!(
        etape5["assemblee"]["pvsSignes"].as_array().unwrap().len(),
        1
    );
    assert_eq!(
        etape5["assemblee"]["signataires"][0]["role"],
        json!("president")
    );
    assert_eq!(
        etape5["assemblee"]["signataires"][0]["nom"],
        json!("Hédi Trabelsi")
    );
    assert_eq!(etape5["assemblee"]["heure_fin"], json!("21:15"));
    assert_eq!(
        etape5["assemblee"]["presences"].as_array().unwrap().len(),
        3
    );

    assert_eq!(ok(terminer(&president, id).await).await["step"], json!(6));

    let co_owner = signed_in(&app, CO_OWNER).await;
    let vues = ok(co_owner.get("/api/assemblees/coproprietaire").await).await;
    assert_eq!(vues["assemblees"][0]["status"], json!("realise"));
    assert_eq!(vues["assemblees"][0]["is_presence_available"], json!(true));
    assert_eq!(
        vues["assemblees"][0]["presencesSignees"][0]["url"],
        json!(url)
    );
    let res = co_owner.get(&url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.bytes().await.unwrap().to_vec(), feuille);

    let db = world.db().await;
    let report = audit::verify_all(&Journal::new(db), None).await.unwrap();
    assert!(report.is_intact(), "{report:?}");
    assert!(report.events_verified > 10);
}

async fn the_votes_are_counted_by_head_and_by_share_with_the_majority_owner_reduced(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = creer(&president).await;
    ordre_du_jour(&president, id).await;
    ok(convoquer(&president, id).await).await;
    ok(presences(&president, id, tous_presents()).await).await;
    let point = points(&president, id).await[0];

    // Hédi (60 %, the president) pour; Leïla (30 %) and Sami (10 %) contre.
    let body = ok(voter(
        &president,
        id,
        point,
        json!({"1": "pour", "2": "contre", "3": "contre"}),
    )
    .await)
    .await;
    let resultat = &body["resolution"]["resultat"];

    // By head, 1 against 2: rejected. By share, Hédi's 60 count as the others' 40: a tie the
    // president's vote decides.
    assert_eq!(resultat["par_tete"]["issue"], json!("rejetee"));
    assert_eq!(resultat["par_quote_part"]["issue"], json!("adoptee"));
    assert_eq!(resultat["reduction"]["occupant_id"], json!(HEDI));
    assert_eq!(resultat["reduction"]["retenue"], json!(40_000));
    let pour = &resultat["decomptes"][0];
    assert_eq!(
        (&pour["option"], &pour["voix"], &pour["quote_parts"]),
        (&json!("pour"), &json!(1), &json!(40_000))
    );
    let contre = &resultat["decomptes"][1];
    assert_eq!(
        (&contre["voix"], &contre["quote_parts"]),
        (&json!(2), &json!(40_000))
    );
}

async fn only_the_president_writes_the_council_reads_and_co_owners_see_convoked_meetings(
    world: World,
) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let member = signed_in(&app, MEMBER).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let co_owner = signed_in(&app, CO_OWNER).await;
    let body = json!({"titre": "AG", "lieu": "Hall", "date": "2026-06-01", "heure": "18:00"});

    for other in [&member, &treasurer, &co_owner] {
        assert_error(
            other.post_json("/api/assemblees/creer-dialog", &body).await,
            403,
            "president_required",
        )
        .await;
    }
    let preparee = creer(&president).await;
    let convoquee = creer(&president).await;
    ordre_du_jour(&president, convoquee).await;
    ok(convoquer(&president, convoquee).await).await;
    for other in [&member, &co_owner] {
        assert_error(
            other
                .post_json("/api/assemblees/supprimer", &json!({"id": preparee}))
                .await,
            403,
            "president_required",
        )
        .await;
        assert_error(convoquer(other, preparee).await, 403, "president_required").await;
        assert_error(
            voter(other, convoquee, 1, json!({})).await,
            403,
            "president_required",
        )
        .await;
        assert_error(terminer(other, convoquee).await, 403, "president_required").await;
    }

    let liste = ok(member.get("/api/assemblees").await).await;
    assert_eq!(liste["assemblees"].as_array().unwrap().len(), 2);
    ok(member
        .get(&format!("/api/assemblees/etape4?id={convoquee}"))
        .await)
    .await;
    assert_error(
        co_owner.get("/api/assemblees").await,
        403,
        "syndic_required",
    )
    .await;
    assert_error(
        co_owner
            .get(&format!("/api/assemblees/etape1?id={preparee}"))
            .await,
        403,
        "syndic_required",
    )
    .await;

    let vues = ok(co_owner.get("/api/assemblees/coproprietaire").await).await;
    let ids: Vec<i64> = vues["assemblees"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids, [convoquee]);
    assert_eq!(vues["assemblees"][0]["status"], json!("upcoming"));
    assert_eq!(vues["assemblees"][0]["is_pv_available"], json!(false));
}

async fn a_meeting_is_checked_field_by_field(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;

    let body = assert_error(
        president
            .post_json(
                "/api/assemblees/creer-dialog",
                &json!({"titre": " ", "date": "01/06/2026", "heure": "25:00"}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    let mut champs = field_errors(&body);
    champs.sort();
    assert_eq!(champs, ["date", "heure", "lieu", "titre"]);
    assert_eq!(body["field_codes"]["heure"], json!(["heure_invalide"]));

    for hors_plage in ["2024-12-31", "2028-01-01"] {
        assert_error(
            president
                .post_json(
                    "/api/assemblees/creer-dialog",
                    &json!({"titre": "AG", "lieu": "Hall", "date": hors_plage}),
                )
                .await,
            422,
            "date_assemblee_hors_plage",
        )
        .await;
    }
    let cree = ok(president
        .post_json(
            "/api/assemblees/creer-dialog",
            &json!({"titre": "AG", "lieu": "Hall", "date": "2025-01-01", "heure": "0915"}),
        )
        .await)
    .await;
    assert_eq!(cree["assemblee"]["heure"], json!("09:15"));
    let id = cree["assemblee"]["id"].as_i64().unwrap();

    let court = assert_error(
        president
            .post_json(
                "/api/assemblees/modifier/ordre-du-jour",
                &json!({"assemblee_id": id, "ordreDuJour": [{"numero": 1, "point": "X"}]}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        court["field_codes"]["ordreDuJour.0.point"],
        json!(["titre_point_invalide"])
    );
    assert_error(
        president.get("/api/assemblees/etape1?id=999").await,
        404,
        "assemblee_introuvable",
    )
    .await;
    assert_error(
        president
            .post_json("/api/assemblees/supprimer", &json!({"id": 999}))
            .await,
        404,
        "assemblee_introuvable",
    )
    .await;
    let bibliotheque = ok(president.get("/api/assemblees/bibliotheque-points").await).await;
    assert_eq!(
        bibliotheque["points"][2]["titre"],
        json!("Approbation des comptes de l'exercice")
    );
}

async fn the_convocation_locks_the_preparation_and_the_deletion(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = creer(&president).await;
    assert_error(convoquer(&president, id).await, 422, "ordre_du_jour_vide").await;
    let manquants = assert_error(
        president
            .post_json(
                "/api/assemblees/modifier/date-methode",
                &json!({"id": id, "methode_convocation": "courriel"}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        manquants["field_codes"]["methode_convocation"],
        json!(["valeur_invalide"])
    );
    assert_eq!(
        manquants["field_codes"]["date_convocation"],
        json!(["champ_obligatoire"])
    );

    let id_doc = id.to_string();
    let ajoutes = ok(post_multipart(
        &president,
        "/api/assemblees/modifier/pieces-jointes",
        &[
            Part::Texte("assemblee_id", &id_doc),
            Part::Fichier("docs[]", "devis.pdf", &pdf(3)),
        ],
    )
    .await)
    .await;
    let piece = ajoutes["pieces_jointes"][0]["id"].clone();
    ordre_du_jour(&president, id).await;
    ok(convoquer(&president, id).await).await;

    let infos =
        json!({"id": id, "titre": "Autre", "lieu": "Hall", "date": "2026-06-02", "heure": "18:00"});
    assert_error(
        president
            .post_json("/api/assemblees/modifier/info-generales", &infos)
            .await,
        422,
        "assemblee_convoquee",
    )
    .await;
    assert_error(
        president
            .post_json(
                "/api/assemblees/modifier/ordre-du-jour",
                &json!({"assemblee_id": id, "ordreDuJour": [{"numero": 1, "point": "Travaux"}]}),
            )
            .await,
        422,
        "assemblee_convoquee",
    )
    .await;
    assert_error(
        post_multipart(
            &president,
            "/api/assemblees/modifier/pieces-jointes",
            &[
                Part::Texte("assemblee_id", &id_doc),
                Part::Fichier("docs[]", "devis.pdf", &pdf(4)),
            ],
        )
        .await,
        422,
        "assemblee_convoquee",
    )
    .await;
    assert_error(
        president
            .post_json(
                "/api/assemblees/pieces-jointes/supprimer",
                &json!({"id": piece}),
            )
            .await,
        422,
        "assemblee_convoquee",
    )
    .await;
    let refus = assert_error(
        president
            .post_json("/api/assemblees/supprimer", &json!({"id": id}))
            .await,
        422,
        "assemblee_non_supprimable",
    )
    .await;
    assert_eq!(
        refus["message"],
        json!("L'assemblée ne peut pas être supprimée une fois convoquée")
    );

    let autre = creer(&president).await;
    ok(president
        .post_json("/api/assemblees/supprimer", &json!({"id": autre}))
        .await)
    .await;
    assert_error(
        president
            .get(&format!("/api/assemblees/etape1?id={autre}"))
            .await,
        404,
        "assemblee_introuvable",
    )
    .await;
}

async fn presences_and_votes_are_checked_against_the_co_owners(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = creer(&president).await;
    ordre_du_jour(&president, id).await;
    ok(convoquer(&president, id).await).await;
    let point = points(&president, id).await[0];

    let avant = assert_error(
        voter(
            &president,
            id,
            point,
            json!({"1": "pour", "2": "pour", "3": "pour"}),
        )
        .await,
        422,
        "presences_non_enregistrees",
    )
    .await;
    assert!(avant["message"].is_string());
    let etape4 = ok(president
        .get(&format!("/api/assemblees/etape4?id={id}"))
        .await)
    .await;
    let noms: Vec<(&str, &str)> = etape4["presences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["occupant_nom"].as_str().unwrap(),
                p["is_present"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        noms,
        [
            ("Hédi Trabelsi", "absent"),
            ("Leïla Haddad", "absent"),
            ("Sami Ben Ali", "absent")
        ]
    );

    assert_error(
        presences(
            &president,
            id,
            json!([{"occupant_id": HEDI, "is_present": "absent"}]),
        )
        .await,
        422,
        "aucun_present",
    )
    .await;
    let sans_nom = assert_error(
        presences(
            &president,
            id,
            json!([{"occupant_id": LEILA, "is_present": "represente"}]),
        )
        .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        sans_nom["field_codes"]["records.0.representant"],
        json!(["representant_requis"])
    );
    assert_error(
        presences(
            &president,
            id,
            json!([{"occupant_id": 99, "is_present": "present"}]),
        )
        .await,
        422,
        "occupant_non_coproprietaire",
    )
    .await;

    // Sami, left out, is absent and does not vote.
    ok(presences(&president, id, json!([{"occupant_id": HEDI, "is_present": "present"}, {"occupant_id": LEILA, "is_present": "present"}])).await).await;
    assert_error(
        voter(&president, id, point, json!({"1": "pour"})).await,
        422,
        "votes_incomplets",
    )
    .await;
    assert_error(
        voter(
            &president,
            id,
            point,
            json!({"1": "pour", "2": "pour", "3": "pour"}),
        )
        .await,
        422,
        "vote_invalide",
    )
    .await;
    assert_error(
        voter(&president, id, point, json!({"1": "oui", "2": "pour"})).await,
        422,
        "vote_invalide",
    )
    .await;
    let multiple = json!({"assembleeId": id, "pointId": point, "resolutionText": "Entreprise", "voteType": "multiple",
        "choices": ["Alpha", " "], "votes": {"1": "Alpha", "2": "Alpha"}});
    assert_error(
        president
            .post_json("/api/assemblees/vote/creer", &multiple)
            .await,
        422,
        "choix_invalides",
    )
    .await;
    let sans_texte = assert_error(
        president
            .post_json(
                "/api/assemblees/vote/creer",
                &json!({"assembleeId": id, "pointId": point, "voteType": "simple", "votes": {}}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        sans_texte["field_codes"]["resolutionText"],
        json!(["resolution_requise"])
    );

    let info = ok(president
        .post_json(
            "/api/assemblees/point-info/creer",
            &json!({"assemblee_id": id, "titre": "Information sur le gardiennage"}),
        )
        .await)
    .await;
    let info_id = info["point"]["id"].as_i64().unwrap();
    assert_eq!(info["point"]["etat"], json!("information"));
    assert_error(
        voter(&president, id, info_id, json!({"1": "pour", "2": "pour"})).await,
        422,
        "point_information",
    )
    .await;
    assert_error(
        president
            .post_json(
                "/api/assemblees/point-info/supprimer",
                &json!({"point_id": point}),
            )
            .await,
        422,
        "point_non_supprimable",
    )
    .await;
    let renomme = ok(president
        .post_json(
            "/api/assemblees/ordre-du-jour/titre/modifier",
            &json!({"id": info_id, "titre": "Gardiennage"}),
        )
        .await)
    .await;
    assert_eq!(renomme["point"]["titre"], json!("Gardiennage"));
    ok(president
        .post_json(
            "/api/assemblees/point-info/supprimer",
            &json!({"point_id": info_id}),
        )
        .await)
    .await;
    assert_eq!(points(&president, id).await.len(), 2);
}

async fn the_steps_of_the_meeting_open_in_order(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = creer(&president).await;
    ordre_du_jour(&president, id).await;
    assert_error(demarrer(&president, id).await, 422, "etape_non_atteinte").await;
    assert_error(
        presences(&president, id, tous_presents()).await,
        422,
        "etape_non_atteinte",
    )
    .await;
    ok(convoquer(&president, id).await).await;
    ok(demarrer(&president, id).await).await;
    ok(presences(&president, id, tous_presents()).await).await;
    // Step 4: a point is still to vote.
    assert_error(
        infos_finales(&president, id).await,
        422,
        "etape_non_atteinte",
    )
    .await;
    assert_error(
        deposer(&president, "pv-signe", id, &pdf(1)).await,
        422,
        "etape_non_atteinte",
    )
    .await;
    assert_error(terminer(&president, id).await, 422, "etape_non_atteinte").await;

    for point in points(&president, id).await {
        ok(voter(
            &president,
            id,
            point,
            json!({"1": "pour", "2": "pour", "3": "pour"}),
        )
        .await)
        .await;
    }
    assert_eq!(step(&president, id).await, 5);
    assert_error(
        terminer(&president, id).await,
        422,
        "infos_finales_manquantes",
    )
    .await;
    let sans_bureau = assert_error(
        president
            .post_json(
                "/api/assemblees/infos-finales/modifier",
                &json!({"id": id, "date_fin": "2026-06-01", "heure_fin": "21:00"}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        sans_bureau["field_codes"]["president"],
        json!(["president_requis"])
    );
    assert_eq!(
        sans_bureau["field_codes"]["secretaire"],
        json!(["secretaire_requis"])
    );
    // Leïla is represented: she may not count the votes.
    assert_error(
        president
            .post_json("/api/assemblees/infos-finales/modifier", &json!({"id": id, "president": HEDI, "secretaire": SAMI,
                "scrutateurs": [{"occupantId": LEILA}], "date_fin": "2026-06-01", "heure_fin": "21:00"}))
            .await,
        422,
        "signataire_non_present",
    )
    .await;
    assert_error(
        president
            .post_json(
                "/api/assemblees/infos-finales/modifier",
                &json!({"id": id, "president": HEDI, "secretaire": SAMI,
                "date_fin": "2026-06-01", "heure_fin": "18:00"}),
            )
            .await,
        422,
        "fin_avant_debut",
    )
    .await;
    ok(infos_finales(&president, id).await).await;
    assert_error(terminer(&president, id).await, 422, "pv_signe_manquant").await;
    ok(deposer(&president, "pv-signe", id, &pdf(1)).await).await;
    assert_error(
        terminer(&president, id).await,
        422,
        "presence_signee_manquante",
    )
    .await;
}

async fn signed_files_are_one_pdf_of_at_most_one_megabyte(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = jusqu_aux_votes(&president).await;

    let image = assert_error(
        deposer(&president, "pv-signe", id, &png(20, 20)).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(image["field_codes"]["file"], json!(["pdf_requis"]));
    let lourd = assert_error(
        deposer(&president, "presence-signe", id, &pdf(1_100_000)).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(lourd["field_codes"]["file"], json!(["pdfTooLarge"]));
    let id_texte = id.to_string();
    let deux = assert_error(
        post_multipart(
            &president,
            "/api/assemblees/pv-signe/upload",
            &[
                Part::Texte("assemblee_id", &id_texte),
                Part::Fichier("file", "a.pdf", &pdf(1)),
                Part::Fichier("file", "b.pdf", &pdf(2)),
            ],
        )
        .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(deux["field_codes"]["file"], json!(["valeur_invalide"]));

    ok(deposer(&president, "pv-signe", id, &pdf(1)).await).await;
    let second = pdf(7);
    let remplace = ok(deposer(&president, "pv-signe", id, &second).await).await;
    let etape5 = ok(president
        .get(&format!("/api/assemblees/etape5?id={id}"))
        .await)
    .await;
    let signes = etape5["assemblee"]["pvsSignes"].as_array().unwrap();
    assert_eq!(signes.len(), 1);
    assert_eq!(signes[0]["id"], remplace["data"]["id"]);
    let url = signes[0]["url"].as_str().unwrap();
    assert_eq!(
        president.get(url).await.bytes().await.unwrap().to_vec(),
        second
    );
}

async fn after_the_end_nothing_changes(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = termine(&president).await;
    let point = points(&president, id).await[0];

    assert_error(
        voter(
            &president,
            id,
            point,
            json!({"1": "contre", "2": "contre", "3": "contre"}),
        )
        .await,
        422,
        "assemblee_terminee",
    )
    .await;
    assert_error(
        presences(&president, id, tous_presents()).await,
        422,
        "assemblee_terminee",
    )
    .await;
    assert_error(
        infos_finales(&president, id).await,
        422,
        "assemblee_terminee",
    )
    .await;
    assert_error(
        deposer(&president, "pv-signe", id, &pdf(9)).await,
        422,
        "assemblee_terminee",
    )
    .await;
    assert_error(terminer(&president, id).await, 422, "assemblee_terminee").await;
    assert_error(
        president
            .post_json(
                "/api/assemblees/point-info/creer",
                &json!({"assemblee_id": id, "titre": "Divers"}),
            )
            .await,
        422,
        "assemblee_terminee",
    )
    .await;
    assert_eq!(step(&president, id).await, 6);
}

async fn an_altered_assembly_event_breaks_the_audit_chain(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    jusqu_aux_votes(&president).await;
    let db = world.db().await;
    let journal = Journal::new(db.clone());
    assert!(audit::verify_all(&journal, None).await.unwrap().is_intact());

    // Someone with the database's keys turns a vote around.
    sqlx::query(
        "UPDATE events SET payload = REPLACE(payload, '\"3\":\"contre\"', '\"3\":\"pour\"') \
         WHERE aggregate_type = 'assemblees' AND event_type = 'ResolutionVotee'",
    )
    .execute(&db.pool)
    .await
    .unwrap();

    let report = audit::verify_all(&journal, None).await.unwrap();
    assert_eq!(report.broken.len(), 1, "{report:?}");
    assert_eq!(report.broken[0].aggregate_type, "assemblees");
}

/// The text of a PDF, by poppler's pdftotext, its spaces and line breaks as single spaces.
fn texte_pdf(octets: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let fichier = dir.path().join("document.pdf");
    std::fs::write(&fichier, octets).unwrap();
    let sortie = std::process::Command::new("pdftotext")
        .arg(&fichier)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) must be installed");
    assert!(sortie.status.success());
    String::from_utf8(sortie.stdout)
        .unwrap()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

async fn telecharger(app: &TestApp, document: &str, id: i64) -> Vec<u8> {
    let res = app
        .get(&format!("/api/assemblees/{document}/download?id={id}"))
        .await;
    assert_eq!(res.status(), 200, "{document}");
    assert_eq!(res.headers()["content-type"], "application/pdf");
    res.bytes().await.unwrap().to_vec()
}

async fn the_minutes_print_every_resolution_with_both_results(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = creer(&president).await;
    ordre_du_jour(&president, id).await;
    ok(convoquer(&president, id).await).await;
    ok(demarrer(&president, id).await).await;
    ok(presences(&president, id, tous_presents()).await).await;
    let points = points(&president, id).await;
    // Accounts: Hédi (60 %) for, the others against: rejected by head, adopted by share (the
    // reduced 40 % against 40 %, the president's vote prevails).
    ok(voter(
        &president,
        id,
        points[0],
        json!({"1": "pour", "2": "contre", "3": "contre"}),
    )
    .await)
    .await;
    ok(voter(
        &president,
        id,
        points[1],
        json!({"1": "pour", "2": "pour", "3": "abstention"}),
    )
    .await)
    .await;
    assert_error(
        president
            .get(&format!("/api/assemblees/proces-verbal/download?id={id}"))
            .await,
        422,
        "proces_verbal_indisponible",
    )
    .await;
    ok(infos_finales(&president, id).await).await;

    let pv = telecharger(&president, "proces-verbal", id).await;
    let texte = texte_pdf(&pv);
    for attendu in [
        "Procès-verbal de l'assemblée générale",
        "AG ordinaire 2026",
        "1. Approbation des comptes",
        "2. Vote du budget 2027",
        "Résolution adoptée telle que présentée.",
        "Résultat par tête : Rejetée",
        "Résultat par quote-part : Adoptée",
        "Résultat par tête : Adoptée",
        "art. 91",
        "Hédi Trabelsi",
        "Mourad Haddad",
        "60,00 %",
        "Président de séance",
        "21:15",
    ] {
        assert!(
            texte.contains(attendu),
            "« {attendu} » missing from: {texte}"
        );
    }
    // Rendered from the events only: the same meeting prints the same bytes.
    assert_eq!(telecharger(&president, "proces-verbal", id).await, pv);
}

async fn the_convocation_and_the_attendance_sheet_print_what_the_meeting_holds(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = creer(&president).await;
    ordre_du_jour(&president, id).await;
    ok(convoquer(&president, id).await).await;

    let convocation = texte_pdf(&telecharger(&president, "convocation", id).await);
    for attendu in [
        "Les Jasmins",
        "01/06/2026",
        "19:30",
        "Salle commune",
        "1. Approbation des comptes",
        "Les comptes sont approuvés.",
        "2. Vote du budget 2027",
        "remise en main propre contre décharge",
    ] {
        assert!(
            convocation.contains(attendu),
            "« {attendu} » missing from: {convocation}"
        );
    }
    let feuille = texte_pdf(&telecharger(&president, "feuille-presence", id).await);
    for attendu in [
        "Feuille de présence",
        "Hédi Trabelsi",
        "60,00 %",
        "Leïla Haddad",
        "30,00 %",
        "Sami Ben Ali",
        "10,00 %",
        "Signature",
    ] {
        assert!(
            feuille.contains(attendu),
            "« {attendu} » missing from: {feuille}"
        );
    }
    let projet = texte_pdf(&telecharger(&president, "pv-minute", id).await);
    assert!(projet.contains("Projet de procès-verbal"), "{projet}");
    assert!(projet.contains("Le budget est adopté."), "{projet}");
}

/// A PDF's text without the direction marks pdftotext writes around each run of a
/// right-to-left page.
fn sans_marques(texte: &str) -> String {
    texte
        .chars()
        .filter(|c| !matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect()
}

async fn the_convocation_prints_in_arabic_on_request(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let co_owner = signed_in(&app, CO_OWNER).await;
    let id = creer(&president).await;
    ordre_du_jour(&president, id).await;
    ok(convoquer(&president, id).await).await;

    let res = president
        .get(&format!(
            "/api/assemblees/convocation/download?id={id}&langue=ar"
        ))
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    assert_eq!(res.headers()["x-file-name"], "convocation-ar.pdf");
    let arabe = res.bytes().await.unwrap().to_vec();
    assert!(arabe.starts_with(b"%PDF-"));
    let texte = sans_marques(&texte_pdf(&arabe));
    // pdftotext writes the lam-alef ligature backwards ("الأعمال" comes out "األعمال"): the
    // Arabic words checked here have none.
    for attendu in [
        // The fixed wording, in Arabic.
        "دعوة لحضور الجلسة العامة",
        "التاريخ",
        "الساعة",
        "المكان",
        "جدول",
        "مشروع القرار",
        "طريقة الدعوة",
        "باليد مقابل وصل",
        "نقابة المالكين",
        // What the meeting holds, as typed.
        "Les Jasmins",
        "AG ordinaire 2026",
        "01/06/2026",
        "19:30",
        "Salle commune",
        "Approbation des comptes",
        "Les comptes sont approuvés.",
        "Vote du budget 2027",
        "Hédi Trabelsi",
    ] {
        assert!(
            texte.contains(attendu),
            "« {attendu} » missing from: {texte}"
        );
    }
    assert!(!texte.contains("Ordre du jour"), "{texte}");
    // Deterministic, and the French version stays the default.
    let explicite = president
        .get(&format!(
            "/api/assemblees/convocation/download?id={id}&langue=fr"
        ))
        .await;
    assert_eq!(explicite.headers()["x-file-name"], "convocation.pdf");
    assert_eq!(
        explicite.bytes().await.unwrap().to_vec(),
        telecharger(&president, "convocation", id).await,
    );
    let again = president
        .get(&format!(
            "/api/assemblees/convocation/download?id={id}&langue=ar"
        ))
        .await;
    assert_eq!(again.bytes().await.unwrap().to_vec(), arabe);
    let francaise = texte_pdf(&telecharger(&president, "convocation", id).await);
    assert!(francaise.contains("Ordre du jour"), "{francaise}");

    // The co-owner downloads it too.
    let res = co_owner
        .get(&format!(
            "/api/assemblees/convocation/download?id={id}&langue=ar"
        ))
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.bytes().await.unwrap().to_vec(), arabe);

    // Another language is refused, for both.
    for (qui, langue) in [(&president, "en"), (&co_owner, "AR"), (&president, "arabe")] {
        let body = assert_error(
            qui.get(&format!(
                "/api/assemblees/convocation/download?id={id}&langue={langue}"
            ))
            .await,
            422,
            "validation_failed",
        )
        .await;
        assert_eq!(
            body["field_codes"]["langue"],
            json!(["valeur_invalide"]),
            "{langue}"
        );
    }
}

async fn co_owners_download_the_convocation_and_the_finished_minutes_only(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let co_owner = signed_in(&app, CO_OWNER).await;
    let preparee = creer(&president).await;
    assert_error(
        co_owner
            .get(&format!(
                "/api/assemblees/convocation/download?id={preparee}"
            ))
            .await,
        404,
        "assemblee_introuvable",
    )
    .await;
    let id = termine(&president).await;
    telecharger(&co_owner, "convocation", id).await;
    let pv = texte_pdf(&telecharger(&co_owner, "proces-verbal", id).await);
    assert!(pv.contains("Résultat par quote-part"), "{pv}");
    for reserve in ["feuille-presence", "pv-minute"] {
        assert_error(
            co_owner
                .get(&format!("/api/assemblees/{reserve}/download?id={id}"))
                .await,
            403,
            "syndic_required",
        )
        .await;
    }
    let etape5 = ok(president
        .get(&format!("/api/assemblees/etape5?id={id}"))
        .await)
    .await;
    let fichier = etape5["assemblee"]["presencesSignees"][0]["id"]
        .as_i64()
        .unwrap();
    let res = co_owner
        .get(&format!("/api/assemblees/documents/download?id={fichier}"))
        .await;
    assert_eq!(res.status(), 200);
}

async fn the_demo_holds_the_2025_assembly_finished_and_the_2026_one_convoked(world: World) {
    let db = world.db().await;
    daftar_api::demo::load(&db).await.unwrap();
    let events = |db: daftar_projections::Database| async move {
        sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM events WHERE aggregate_type = 'assemblees'",
        )
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
    let liste = ok(president.get("/api/assemblees").await).await;
    let resume: Vec<(String, i64)> = liste["assemblees"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["titre"].as_str().unwrap().to_owned(),
                a["step"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(resume.len(), 2);
    assert_eq!(
        resume[1],
        ("Assemblée générale ordinaire 2025".to_owned(), 6)
    );
    // The next one is convoked (step 3) for a day still to come, whenever the demo is built.
    assert!(resume[0].0.starts_with("Assemblée générale ordinaire 20"));
    assert_eq!(resume[0].1, 3);
    let prochaine = liste["assemblees"][0]["date"].as_str().unwrap();
    let today = chrono::Utc::now()
        .date_naive()
        .format("%Y-%m-%d")
        .to_string();
    assert!(
        prochaine > today.as_str(),
        "{prochaine} is not after {today}"
    );
    let etape4 = ok(president.get("/api/assemblees/etape4?id=1").await).await;
    for point in etape4["points"].as_array().unwrap() {
        assert_eq!(point["etat"], json!("termine"), "{point}");
        let resultat = &point["resolutions"][0]["resultat"];
        assert_eq!(resultat["par_tete"]["issue"], json!("adoptee"), "{point}");
        assert_eq!(
            resultat["par_quote_part"]["issue"],
            json!("adoptee"),
            "{point}"
        );
    }
    let titres: Vec<&str> = etape4["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["titre"].as_str().unwrap())
        .collect();
    assert_eq!(
        titres,
        [
            "Approbation des comptes de l'exercice 2024",
            "Vote du budget de l'exercice 2026",
            "Travaux de ravalement de la façade",
        ]
    );
    let co_owner = app.new_browser();
    co_owner.login("20000004", daftar_api::demo::PASSWORD).await;
    let vues = ok(co_owner.get("/api/assemblees/coproprietaire").await).await;
    let statuts: Vec<&str> = vues["assemblees"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["status"].as_str().unwrap())
        .collect();
    assert_eq!(statuts, ["upcoming", "realise"]);
    let db = world.db().await;
    assert!(audit::verify_all(&Journal::new(db), None)
        .await
        .unwrap()
        .is_intact());
}

async fn every_write_is_the_presidents_and_every_step_read_the_councils(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = creer(&president).await;
    let member = signed_in(&app, MEMBER).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let co_owner = signed_in(&app, CO_OWNER).await;
    let ecritures = [
        "/api/assemblees/creer-dialog",
        "/api/assemblees/supprimer",
        "/api/assemblees/modifier/info-generales",
        "/api/assemblees/pieces-jointes/supprimer",
        "/api/assemblees/modifier/ordre-du-jour",
        "/api/assemblees/modifier/date-methode",
        "/api/assemblees/modifier/heure-debut",
        "/api/assemblees/modifier/presences",
        "/api/assemblees/point-info/creer",
        "/api/assemblees/ordre-du-jour/titre/modifier",
        "/api/assemblees/point-info/supprimer",
        "/api/assemblees/vote/creer",
        "/api/assemblees/infos-finales/modifier",
        "/api/assemblees/terminer?assemblee_id=1",
    ];
    for other in [&member, &treasurer, &co_owner] {
        for chemin in ecritures {
            assert_error(
                other.post_json(chemin, &json!({"id": id})).await,
                403,
                "president_required",
            )
            .await;
        }
        for chemin in ["pv-signe", "presence-signe"] {
            assert_error(
                deposer(other, chemin, id, &pdf(1)).await,
                403,
                "president_required",
            )
            .await;
        }
        let id_texte = id.to_string();
        assert_error(
            post_multipart(
                other,
                "/api/assemblees/modifier/pieces-jointes",
                &[
                    Part::Texte("assemblee_id", &id_texte),
                    Part::Fichier("docs[]", "a.pdf", &pdf(1)),
                ],
            )
            .await,
            403,
            "president_required",
        )
        .await;
    }
    for lecture in [
        "etape1",
        "etape2",
        "etape4",
        "etape5",
        "bibliotheque-points",
    ] {
        ok(member
            .get(&format!("/api/assemblees/{lecture}?id={id}"))
            .await)
        .await;
        assert_error(
            co_owner
                .get(&format!("/api/assemblees/{lecture}?id={id}"))
                .await,
            403,
            "syndic_required",
        )
        .await;
    }
    // Nothing was written by the refused calls.
    let liste = ok(president.get("/api/assemblees").await).await;
    assert_eq!(liste["assemblees"].as_array().unwrap().len(), 1);
    assert_eq!(step(&president, id).await, 1);
}

async fn the_step_four_calls_check_their_fields(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let id = creer(&president).await;
    ordre_du_jour(&president, id).await;
    ok(convoquer(&president, id).await).await;

    let debut = assert_error(
        president
            .post_json(
                "/api/assemblees/modifier/heure-debut",
                &json!({"id": id, "date_debut": "2026-06-01", "heure_debut": "7h30"}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        debut["field_codes"]["heure_debut"],
        json!(["heure_invalide"])
    );
    let sans_date = assert_error(
        president
            .post_json(
                "/api/assemblees/modifier/heure-debut",
                &json!({"id": id, "heure_debut": "19:30"}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        sans_date["field_codes"]["date_debut"],
        json!(["champ_obligatoire"])
    );
    let statut = assert_error(
        presences(
            &president,
            id,
            json!([{"occupant_id": HEDI, "is_present": "peut-etre"}]),
        )
        .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        statut["field_codes"]["records.0.is_present"],
        json!(["valeur_invalide"])
    );
    let titre = assert_error(
        president
            .post_json(
                "/api/assemblees/point-info/creer",
                &json!({"assemblee_id": id, "titre": ""}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(titre["field_codes"]["titre"], json!(["champ_obligatoire"]));
    assert_error(
        president
            .post_json(
                "/api/assemblees/point-info/creer",
                &json!({"assemblee_id": id, "titre": "X"}),
            )
            .await,
        422,
        "titre_point_invalide",
    )
    .await;
    assert_error(
        president
            .post_json(
                "/api/assemblees/ordre-du-jour/titre/modifier",
                &json!({"id": 999, "titre": "Budget"}),
            )
            .await,
        404,
        "point_introuvable",
    )
    .await;
    let type_vote = assert_error(
        president
            .post_json("/api/assemblees/vote/creer", &json!({"assembleeId": id, "pointId": 1, "resolutionText": "Texte", "voteType": "secret", "votes": {}}))
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        type_vote["field_codes"]["voteType"],
        json!(["valeur_invalide"])
    );
    ok(presences(&president, id, tous_presents()).await).await;
    assert_error(
        president
            .post_json("/api/assemblees/vote/creer", &json!({"assembleeId": id, "pointId": 1, "resolutionId": 999, "resolutionText": "Texte", "voteType": "simple", "votes": {"1": "pour", "2": "pour", "3": "pour"}}))
            .await,
        404,
        "resolution_introuvable",
    )
    .await;
    // A resolution voted again keeps its id and number and takes the new votes.
    let premiere = ok(voter(
        &president,
        id,
        1,
        json!({"1": "pour", "2": "pour", "3": "pour"}),
    )
    .await)
    .await;
    let resolution_id = premiere["resolution"]["id"].clone();
    let corrigee = ok(president
        .post_json("/api/assemblees/vote/creer", &json!({"assembleeId": id, "pointId": 1, "resolutionId": resolution_id, "resolutionText": "Texte corrigé", "voteType": "simple", "votes": {"1": "contre", "2": "contre", "3": "pour"}}))
        .await)
    .await;
    assert_eq!(corrigee["resolution"]["id"], resolution_id);
    assert_eq!(corrigee["resolution"]["numero"], json!(1));
    assert_eq!(corrigee["resolution"]["resolution"], json!("Texte corrigé"));
    assert_eq!(
        corrigee["resolution"]["resultat"]["par_tete"]["issue"],
        json!("rejetee")
    );
}

/// Spec 3 §4: a new convocation method tells the co-owners (and the rest of the council) of the
/// meeting, with a link to it in their space; the same method again tells nobody twice.
async fn convoking_a_meeting_notifies_the_others_once_per_method(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let co_owner = signed_in(&app, CO_OWNER).await;
    let member = signed_in(&app, MEMBER).await;
    let id = creer(&president).await;
    ordre_du_jour(&president, id).await;

    // When the president records the convocation, then records the same method again
    ok(convoquer(&president, id).await).await;
    ok(convoquer(&president, id).await).await;

    // Then the co-owner has one notification, linking to the meeting in their space
    let avis = |liste: Value| -> Vec<(String, String)> {
        liste["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| {
                (
                    a["title_key"].as_str().unwrap().to_owned(),
                    a["link"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    assert_eq!(
        avis(ok(co_owner.get("/api/notifications").await).await),
        [(
            "assemblee_convocation".to_owned(),
            format!("/coproprietaire/assemblees/details/{id}")
        )]
    );
    // And a council member one to its steps; the president none of his own act
    assert_eq!(
        avis(ok(member.get("/api/notifications").await).await),
        [(
            "assemblee_convocation".to_owned(),
            format!("/syndic/assemblees/{id}/etapes")
        )]
    );
    assert!(avis(ok(president.get("/api/notifications").await).await).is_empty());
}
