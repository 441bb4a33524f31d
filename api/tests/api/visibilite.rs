//! The co-owners' visibility rights and their finance pages through the API (spec 3 §2.11,
//! §2.12, §3 "Visibility user", "Other", §4 "Visibility toggle", §5 "Bulk visibility", §6, §7
//! "Co-owner data", "Allocation and visibility"; docs/api-visibilite.md), on SQLite and
//! PostgreSQL: the rights' defaults, the council's changes (one co-owner, or all but some),
//! that every co-owner endpoint refuses when its right is off from the next request on, the
//! finance items of the caller's residence only, and who may call what.

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    ChargePatronaleSpec, ClientSpec, CompteBancaireSpec, ContratSpec, CotisationSpec, DepenseSpec,
    FournisseurSpec, OccupationSpec, ResidenceBuilder, RevenuExceptionnelSpec, Role, SalarieSpec,
};
use daftar_domain::banque::{FicheOperation, TypeCompte, TypeOperation};
use daftar_domain::contrats::{MethodePaiementContrat, Periodicite};
use daftar_domain::depenses::MethodePaiementDepense;
use daftar_domain::occupation::Sexe;
use daftar_domain::paiement::Paiement;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::salaires::MethodePaiementSalaire;
use daftar_domain::Montant;
use serde_json::{json, Value};

use crate::depenses::{pdf, post_multipart, Part};
use crate::support::{assert_error, field_errors, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    visibilite_every_right_is_granted_until_the_council_changes_it,
    visibilite_a_change_takes_effect_at_the_co_owner_s_next_request,
    visibilite_bulk_sync_applies_to_all_except_the_excluded,
    visibilite_changes_are_validated_and_refused_whole,
    visibilite_who_may_read_and_change_the_rights,
    visibilite_every_co_owner_endpoint_refuses_when_its_right_is_off,
    visibilite_council_members_are_never_restricted,
    visibilite_revenues_are_the_residence_s_with_their_details,
    visibilite_charges_are_the_residence_s_with_their_details,
    visibilite_works_and_contracts_are_the_residence_s_with_their_details,
    visibilite_a_co_owner_downloads_the_files_of_the_pages_they_see,
    visibilite_the_demo_s_facade_works_show_their_payments_and_files_to_co_owners,
    visibilite_a_change_is_recorded_with_who_when_and_the_keys_before_and_after,
    visibilite_bulk_sync_records_one_entry_per_changed_co_owner,
);

const PRESIDENT: &str = "20000001";
const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const LEILA: &str = "50000001";
const SAMI: &str = "50000002";
const OTHER_TREASURER: &str = "30000002";
const OTHER_CO_OWNER: &str = "60000001";

const ALL_KEYS: [&str; 10] = [
    "see.dashboard.tresorerie",
    "see.dashboard.repartition_charges",
    "see.dashboard.recettes_depenses",
    "see.recettes",
    "see.charges",
    "see.travaux",
    "see.budgets",
    "see.rapports_financiers",
    "see.contrats.recettes",
    "see.contrats.depenses",
];

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn espece(montant: Montant, jour: &str) -> Paiement<MethodePaiement> {
    Paiement {
        montant,
        date_paiement: date(jour),
        methode: MethodePaiement::Espece,
        reference: None,
    }
}

/// Residence "Les Jasmins" on 15 June 2026: a president, a treasurer, a council member, two
/// co-owners (Leïla on A1, Sami on A2); 2025 and 2026 open; Compte courant; a cotisation
/// "Ascenseur" of 100 DT per property (A1 paid); STEG's charge of 100 DT (60 paid, id 1) and
/// the works "Colonne montante" (900 DT, approved, id 2); Ooredoo's revenue contract (300 DT a
/// month, 300 paid, id 1) and Kone's expense contract (150 DT a quarter, 150 paid, id 2); an
/// exceptional revenue (80 DT); bank fees (12.5 DT, operation 1) and interest (4.2 DT,
/// operation 2); the concierge paid for May; an employer charge. Residence "Les Oliviers": a
/// treasurer, a co-owner, two charges (ids 1 and 2). A server. Answers Les Jasmins' users' ids.
async fn setup(world: &World) -> (TestApp, std::collections::HashMap<String, i64>) {
    let db = world.db().await;
    let built = ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-06-15"))
        .user(PRESIDENT, "Mohamed Ben Salah", Role::President)
        .user(TREASURER, "Amira Trabelsi", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(LEILA, "Leïla Haddad", Role::Coproprietaire)
        .user(SAMI, "Sami Gharbi", Role::Coproprietaire)
        .exercice(2025)
        .exercice(2026)
        .propriete("A1")
        .propriete("A2")
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, date("2015-01-01"))
                .tel(LEILA),
        )
        .occupation(
            OccupationSpec::proprietaire("A2", "Sami Gharbi", Sexe::Homme, date("2015-01-01"))
                .tel(SAMI),
        )
        .compte_bancaire(CompteBancaireSpec::new(
            "Compte courant",
            "BIAT",
            TypeCompte::Courant,
        ))
        .cotisation(
            CotisationSpec::new(
                "Ascenseur",
                TypeCotisation::Exceptionnelle,
                date("2026-03-01"),
                date("2026-03-01"),
                date("2026-03-01"),
            )
            .egale(Montant::dinars(100))
            .encaissements(|du| {
                (du.propriete == "A1").then(|| espece(Montant::dinars(100), "2026-03-02"))
            }),
        )
        .fournisseur(FournisseurSpec::entreprise("STEG"))
        .fournisseur(FournisseurSpec::entreprise("Kone"))
        .depense(
            DepenseSpec::charge(
                "STEG mars 2026",
                Montant::dinars(100),
                date("2026-03-10"),
                "STEG",
            )
            .commentaire("Note interne du conseil")
            .paiement(
                Montant::dinars(60),
                date("2026-03-20"),
                MethodePaiementDepense::Espece,
                None,
            ),
        )
        .depense(
            DepenseSpec::travaux(
                "Colonne montante",
                Montant::dinars(900),
                date("2026-05-02"),
                "STEG",
            )
            .approuve(true),
        )
        .client(ClientSpec::new("Ooredoo"))
        .contrat(
            ContratSpec::revenu(
                "Antenne sur le toit",
                Montant::dinars(300),
                (date("2026-01-01"), Periodicite::Mensuelle),
                "Ooredoo",
            )
            .paiement(
                Montant::dinars(300),
                date("2026-01-31"),
                MethodePaiementContrat::Espece,
                None,
            ),
        )
        .contrat(
            ContratSpec::depense(
                "Maintenance ascenseur",
                Montant::dinars(150),
                (date("2026-01-01"), Periodicite::Trimestrielle),
                "Kone",
                None,
            )
            .paiement(
                Montant::dinars(150),
                date("2026-01-05"),
                MethodePaiementContrat::Espece,
                None,
            ),
        )
        .revenu_exceptionnel(RevenuExceptionnelSpec::new(
            "Vente de l'ancienne pompe",
            Montant::dinars(80),
            date("2026-02-10"),
            MethodePaiementContrat::Espece,
        ))
        .operation_bancaire(
            "Compte courant",
            FicheOperation {
                type_operation: TypeOperation::Frais,
                libelle: "Frais de tenue de compte".into(),
                montant: Montant::from_millimes(12_500),
                date: date("2026-03-31"),
                date_banque: None,
                commentaire: None,
            },
        )
        .operation_bancaire(
            "Compte courant",
            FicheOperation {
                type_operation: TypeOperation::Interets,
                libelle: "Intérêts T1".into(),
                montant: Montant::from_millimes(4_200),
                date: date("2026-03-31"),
                date_banque: None,
                commentaire: None,
            },
        )
        .salarie(
            SalarieSpec::avec_charges(
                "Hédi Mansour",
                "Gardien",
                "22145367",
                (Montant::dinars(650), 1657),
                date("2019-03-01"),
            )
            .cin("04781236")
            .paiement(
                date("2026-05-01"),
                Montant::from_millimes(590_330),
                date("2026-05-31"),
                (MethodePaiementSalaire::Espece, None),
            ),
        )
        .charge_patronale(ChargePatronaleSpec::new(
            "CNSS T1 2026",
            Montant::from_millimes(323_115),
            date("2026-04-15"),
            (MethodePaiementDepense::Espece, None),
        ))
        .build()
        .await
        .unwrap();
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .aujourd_hui(date("2026-06-15"))
        .user(OTHER_TREASURER, "Sonia Mrad", Role::Tresorier)
        .user(OTHER_CO_OWNER, "Nabil Oueslati", Role::Coproprietaire)
        .exercice(2026)
        .fournisseur(FournisseurSpec::entreprise("SONEDE"))
        .depense(DepenseSpec::charge(
            "Eau des Oliviers",
            Montant::dinars(50),
            date("2026-02-01"),
            "SONEDE",
        ))
        .depense(DepenseSpec::charge(
            "Eau des Oliviers T2",
            Montant::dinars(55),
            date("2026-05-01"),
            "SONEDE",
        ))
        .build()
        .await
        .unwrap();
    let app = world.spawn_on(date("2026-06-15")).await;
    (app, built.users.into_iter().collect())
}

fn user(body: &Value, id: i64) -> &Value {
    body["users"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["id"] == id)
        .unwrap_or_else(|| panic!("no user {id} in {body}"))
}

/// Every key granted but `refused`.
fn all_but(refused: &[&str]) -> Value {
    json!(ALL_KEYS
        .iter()
        .filter(|key| !refused.contains(key))
        .collect::<Vec<_>>())
}

async fn features(browser: &TestApp) -> Value {
    ok(browser.status().await).await["user"]["features"].clone()
}

async fn visibilite_every_right_is_granted_until_the_council_changes_it(world: World) {
    let (app, ids) = setup(&world).await;
    let member = signed_in(&app, MEMBER).await;
    let body = ok(member.get("/api/visibilite-finances").await).await;
    // The co-owners only, by name; council members are never restricted.
    let noms: Vec<_> = body["users"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["nom"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(noms, ["Leïla Haddad", "Sami Gharbi"]);
    assert_eq!(
        body["keys"],
        json!({
            "dashboard": ALL_KEYS[..3],
            "pages": ALL_KEYS[3..],
        })
    );
    let leila = user(&body, ids[LEILA]);
    assert_eq!(leila["dashboard"].as_object().unwrap().len(), 3);
    assert_eq!(leila["pages"].as_object().unwrap().len(), 7);
    for key in &ALL_KEYS[..3] {
        assert_eq!(leila["dashboard"][key], true, "{key}");
    }
    for key in &ALL_KEYS[3..] {
        assert_eq!(leila["pages"][key], true, "{key}");
    }
    // The signed-in user's answer gives the ten keys resolved.
    let co_owner = signed_in(&app, LEILA).await;
    let resolved = features(&co_owner).await;
    assert_eq!(resolved.as_object().unwrap().len(), 10);
    for key in ALL_KEYS {
        assert_eq!(resolved[key], true, "{key}");
    }
    ok(co_owner.get("/api/coproprietaire/charges").await).await;
}

async fn visibilite_a_change_takes_effect_at_the_co_owner_s_next_request(world: World) {
    let (app, ids) = setup(&world).await;
    let leila = signed_in(&app, LEILA).await;
    let sami = signed_in(&app, SAMI).await;
    ok(leila.get("/api/coproprietaire/charges").await).await;

    let treasurer = signed_in(&app, TREASURER).await;
    let body = ok(treasurer
        .post_json(
            "/api/visibilite-finances/sync-user",
            &json!({"user_id": ids[LEILA], "granted": all_but(&["see.charges", "see.dashboard.tresorerie"])}),
        )
        .await)
    .await;
    assert_eq!(body["user"]["id"], ids[LEILA]);
    assert_eq!(body["user"]["pages"]["see.charges"], false);
    assert_eq!(body["user"]["pages"]["see.travaux"], true);
    assert_eq!(body["user"]["dashboard"]["see.dashboard.tresorerie"], false);

    // Leïla's session, opened before the change, is refused at once; Sami is not touched.
    assert_error(
        leila.get("/api/coproprietaire/charges").await,
        403,
        "visibilite_refusee",
    )
    .await;
    assert_error(
        leila
            .get("/api/coproprietaire/charges-details?model=charges-courantes&model_id=1")
            .await,
        403,
        "visibilite_refusee",
    )
    .await;
    ok(leila.get("/api/coproprietaire/travaux").await).await;
    let resolved = features(&leila).await;
    assert_eq!(resolved["see.charges"], false);
    assert_eq!(resolved["see.dashboard.tresorerie"], false);
    assert_eq!(resolved["see.travaux"], true);
    ok(sami.get("/api/coproprietaire/charges").await).await;
    let listed = ok(treasurer.get("/api/visibilite-finances").await).await;
    assert_eq!(user(&listed, ids[LEILA])["pages"]["see.charges"], false);
    assert_eq!(user(&listed, ids[SAMI])["pages"]["see.charges"], true);

    // The president gives it back; an empty list refuses every right.
    let president = signed_in(&app, PRESIDENT).await;
    ok(president
        .post_json(
            "/api/visibilite-finances/sync-user",
            &json!({"user_id": ids[LEILA], "granted": ALL_KEYS}),
        )
        .await)
    .await;
    ok(leila.get("/api/coproprietaire/charges").await).await;
    ok(president
        .post_json(
            "/api/visibilite-finances/sync-user",
            &json!({"user_id": ids[SAMI], "granted": []}),
        )
        .await)
    .await;
    let resolved = features(&sami).await;
    for key in ALL_KEYS {
        assert_eq!(resolved[key], false, "{key}");
    }
}

async fn visibilite_bulk_sync_applies_to_all_except_the_excluded(world: World) {
    let (app, ids) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let body = ok(treasurer
        .post_json(
            "/api/visibilite-finances/bulk-sync",
            &json!({"features": ["see.travaux", "see.budgets"], "allow": false, "exclude_user_ids": [ids[SAMI]]}),
        )
        .await)
    .await;
    assert_eq!(body["users"].as_array().unwrap().len(), 2);
    assert_eq!(user(&body, ids[LEILA])["pages"]["see.travaux"], false);
    assert_eq!(user(&body, ids[LEILA])["pages"]["see.budgets"], false);
    assert_eq!(user(&body, ids[LEILA])["pages"]["see.charges"], true);
    assert_eq!(user(&body, ids[SAMI])["pages"]["see.travaux"], true);

    let leila = signed_in(&app, LEILA).await;
    let sami = signed_in(&app, SAMI).await;
    for path in ["/api/coproprietaire/travaux", "/api/coproprietaire/budgets"] {
        assert_error(leila.get(path).await, 403, "visibilite_refusee").await;
        ok(sami.get(path).await).await;
    }
    ok(leila.get("/api/coproprietaire/charges").await).await;

    // Without exclusions, every co-owner; another residence's co-owners are never touched.
    ok(treasurer
        .post_json(
            "/api/visibilite-finances/bulk-sync",
            &json!({"features": ["see.charges"], "allow": false}),
        )
        .await)
    .await;
    assert_error(
        sami.get("/api/coproprietaire/charges").await,
        403,
        "visibilite_refusee",
    )
    .await;
    let other = signed_in(&app, OTHER_CO_OWNER).await;
    ok(other.get("/api/coproprietaire/charges").await).await;

    // Allowed again for all.
    ok(treasurer
        .post_json(
            "/api/visibilite-finances/bulk-sync",
            &json!({"features": ["see.charges", "see.travaux", "see.budgets"], "allow": true, "exclude_user_ids": []}),
        )
        .await)
    .await;
    for path in [
        "/api/coproprietaire/travaux",
        "/api/coproprietaire/budgets",
        "/api/coproprietaire/charges",
    ] {
        ok(leila.get(path).await).await;
        ok(sami.get(path).await).await;
    }
}

async fn visibilite_changes_are_validated_and_refused_whole(world: World) {
    let (app, ids) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let sync = "/api/visibilite-finances/sync-user";
    let bulk = "/api/visibilite-finances/bulk-sync";
    let body = assert_error(
        treasurer.post_json(sync, &json!({})).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["granted", "user_id"]);
    assert_eq!(body["field_codes"]["granted"][0], "champ_obligatoire");
    let body = assert_error(
        treasurer
            .post_json(
                sync,
                &json!({"user_id": ids[LEILA], "granted": ["see.charges", "see.tout"]}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["granted"][0], "valeur_invalide");
    assert_error(
        treasurer
            .post_json(
                sync,
                &json!({"user_id": ids[LEILA], "granted": "see.charges"}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    // A council member, or another residence's co-owner, is no co-owner of ours.
    for id in [ids[MEMBER], 999_999] {
        assert_error(
            treasurer
                .post_json(sync, &json!({"user_id": id, "granted": []}))
                .await,
            404,
            "coproprietaire_inconnu",
        )
        .await;
    }
    let other = signed_in(&app, OTHER_TREASURER).await;
    assert_error(
        other
            .post_json(sync, &json!({"user_id": ids[LEILA], "granted": []}))
            .await,
        404,
        "coproprietaire_inconnu",
    )
    .await;

    let body = assert_error(
        treasurer
            .post_json(bulk, &json!({"features": [], "exclude_user_ids": []}))
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["allow", "features"]);
    assert_eq!(body["field_codes"]["features"][0], "champ_obligatoire");
    assert_eq!(body["field_codes"]["allow"][0], "champ_obligatoire");
    let body = assert_error(
        treasurer
            .post_json(
                bulk,
                &json!({"features": ["see.charges", "charges"], "allow": false}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["features"][0], "valeur_invalide");
    // Nothing was changed by the refused requests.
    let listed = ok(treasurer.get("/api/visibilite-finances").await).await;
    for u in listed["users"].as_array().unwrap() {
        for key in &ALL_KEYS[3..] {
            assert_eq!(u["pages"][key], true, "{key}");
        }
    }
}

async fn visibilite_who_may_read_and_change_the_rights(world: World) {
    let (app, ids) = setup(&world).await;
    let change = json!({"user_id": ids[LEILA], "granted": ALL_KEYS});
    let bulk = json!({"features": ["see.charges"], "allow": true});
    for tel in [PRESIDENT, TREASURER] {
        let browser = signed_in(&app, tel).await;
        ok(browser.get("/api/visibilite-finances").await).await;
        ok(browser
            .post_json("/api/visibilite-finances/sync-user", &change)
            .await)
        .await;
        ok(browser
            .post_json("/api/visibilite-finances/bulk-sync", &bulk)
            .await)
        .await;
    }
    let member = signed_in(&app, MEMBER).await;
    ok(member.get("/api/visibilite-finances").await).await;
    for (path, body) in [
        ("/api/visibilite-finances/sync-user", &change),
        ("/api/visibilite-finances/bulk-sync", &bulk),
    ] {
        assert_error(
            member.post_json(path, body).await,
            403,
            "finance_ou_president_required",
        )
        .await;
    }
    let co_owner = signed_in(&app, LEILA).await;
    assert_error(
        co_owner.get("/api/visibilite-finances").await,
        403,
        "syndic_required",
    )
    .await;
    assert_error(
        co_owner
            .post_json("/api/visibilite-finances/sync-user", &change)
            .await,
        403,
        "finance_ou_president_required",
    )
    .await;
    let anonymous = app.new_browser();
    assert_error(
        anonymous.get("/api/visibilite-finances").await,
        401,
        "unauthenticated",
    )
    .await;
    assert_error(
        anonymous.get("/api/coproprietaire/revenus").await,
        401,
        "unauthenticated",
    )
    .await;
}

/// The co-owner endpoints each right gates (the table of docs/api-visibilite.md).
fn endpoints(key: &str) -> &'static [&'static str] {
    match key {
        "see.recettes" => &[
            "/api/coproprietaire/revenus",
            "/api/coproprietaire/revenus-details?model=cotisations&model_id=1",
        ],
        "see.charges" => &[
            "/api/coproprietaire/charges",
            "/api/coproprietaire/charges-details?model=charges-courantes&model_id=1",
        ],
        "see.travaux" => &[
            "/api/coproprietaire/travaux",
            "/api/coproprietaire/travaux-details?travaux_id=2",
        ],
        "see.budgets" => &["/api/coproprietaire/budgets"],
        "see.rapports_financiers" => &[
            "/api/coproprietaire/export/tableau-tresorerie-simplifie/2025/pdf",
            "/api/coproprietaire/export/tableau-tresorerie-simplifie/2025/excel",
            "/api/coproprietaire/export/details/2025",
        ],
        "see.contrats.recettes" => &[
            "/api/coproprietaire/contrats-revenus",
            "/api/coproprietaire/contrats-revenus/details?contrat_id=1",
        ],
        "see.contrats.depenses" => &[
            "/api/coproprietaire/contrats-depenses",
            "/api/coproprietaire/contrats-depenses/details?contrat_id=2",
        ],
        _ => &[],
    }
}

async fn visibilite_every_co_owner_endpoint_refuses_when_its_right_is_off(world: World) {
    let (app, ids) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let leila = signed_in(&app, LEILA).await;
    for key in &ALL_KEYS[3..] {
        ok(treasurer
            .post_json(
                "/api/visibilite-finances/sync-user",
                &json!({"user_id": ids[LEILA], "granted": all_but(&[key])}),
            )
            .await)
        .await;
        for path in endpoints(key) {
            assert_error(leila.get(path).await, 403, "visibilite_refusee").await;
        }
        // The other pages stay served (the reports' files are not rendered here: slow).
        for other in ALL_KEYS[3..]
            .iter()
            .filter(|other| *other != key && **other != "see.rapports_financiers")
        {
            for path in endpoints(other) {
                let res = leila.get(path).await;
                assert_eq!(res.status(), 200, "{path} with {key} off");
            }
        }
    }
}

async fn visibilite_council_members_are_never_restricted(world: World) {
    let (app, ids) = setup(&world).await;
    let db = world.db().await;
    sqlx::query("UPDATE users SET features = $1 WHERE id = $2")
        .bind(r#"{"see.charges":false,"see.budgets":false}"#)
        .bind(ids[MEMBER])
        .execute(&db.pool)
        .await
        .unwrap();
    let member = signed_in(&app, MEMBER).await;
    ok(member.get("/api/coproprietaire/charges").await).await;
    ok(member.get("/api/coproprietaire/budgets").await).await;
    let resolved = features(&member).await;
    assert_eq!(resolved["see.charges"], true);
    assert_eq!(resolved["see.budgets"], true);
}

fn item<'a>(list: &'a Value, model: &str, id: i64) -> &'a Value {
    list.as_array()
        .unwrap()
        .iter()
        .find(|i| i["model"] == model && i["model_id"] == id)
        .unwrap_or_else(|| panic!("no {model} {id} in {list}"))
}

async fn visibilite_revenues_are_the_residence_s_with_their_details(world: World) {
    let (app, _) = setup(&world).await;
    let leila = signed_in(&app, LEILA).await;
    let body = ok(leila.get("/api/coproprietaire/revenus").await).await;
    let revenus = &body["revenus"];
    assert_eq!(revenus.as_array().unwrap().len(), 4);
    assert_eq!(
        *item(revenus, "cotisations", 1),
        json!({"titre": "Ascenseur", "montant": 200, "model": "cotisations", "model_id": 1, "date": "2026-03-01"})
    );
    assert_eq!(item(revenus, "contrats-revenus", 1)["montant"], json!(300));
    // Its id is from the receipts' one sequence (collections, contract payments, revenues).
    let revenu = revenus
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["model"] == "revenus-exceptionnels")
        .unwrap();
    assert_eq!(revenu["montant"], json!(80));
    assert_eq!(revenu["titre"], "Vente de l'ancienne pompe");
    assert_eq!(item(revenus, "interets", 2)["montant"], json!(4.2));
    // Newest first.
    let dates: Vec<_> = revenus
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["date"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        dates,
        ["2026-03-31", "2026-03-01", "2026-02-10", "2026-01-01"]
    );

    let detail = ok(leila
        .get("/api/coproprietaire/revenus-details?model=cotisations&model_id=1")
        .await)
    .await;
    assert_eq!(detail["model"], "cotisations");
    assert_eq!(detail["titre"], "Ascenseur");
    assert_eq!(
        detail["details"],
        json!({
            "titre": "Ascenseur", "type": "exceptionnelle", "date_debut": "2026-03-01",
            "date_fin": "2026-03-01", "date_echeance": "2026-03-01", "montant_total": 200,
            "montant_encaisse": 100, "restant_du": 100, "etat_payment": "partiel",
        })
    );
    // The collections, without their payer.
    assert_eq!(
        detail["paiements"],
        json!([{"montant": 100, "date_paiement": "2026-03-02", "methode_paiement": "espece"}])
    );
    let detail = ok(leila
        .get("/api/coproprietaire/revenus-details?model=contrats-revenus&model_id=1")
        .await)
    .await;
    assert_eq!(detail["details"]["client"], "Ooredoo");
    assert_eq!(detail["details"]["periodicite"], "mensuelle");
    assert_eq!(detail["paiements"][0]["montant"], json!(300));
    let detail = ok(leila
        .get("/api/coproprietaire/revenus-details?model=interets&model_id=2")
        .await)
    .await;
    assert_eq!(detail["details"]["montant"], json!(4.2));
    assert_error(
        leila
            .get("/api/coproprietaire/revenus-details?model=interets&model_id=1")
            .await,
        404,
        "operation_inconnue",
    )
    .await;
    assert_error(
        leila
            .get("/api/coproprietaire/revenus-details?model=cotisations&model_id=7")
            .await,
        404,
        "cotisation_inconnue",
    )
    .await;
    let body = assert_error(
        leila
            .get("/api/coproprietaire/revenus-details?model=charges-courantes")
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["model", "model_id"]);

    // Another residence's co-owner sees none of it.
    let other = signed_in(&app, OTHER_CO_OWNER).await;
    let body = ok(other.get("/api/coproprietaire/revenus").await).await;
    assert_eq!(body["revenus"], json!([]));
    assert_error(
        other
            .get("/api/coproprietaire/revenus-details?model=contrats-revenus&model_id=1")
            .await,
        404,
        "contrat_inconnu",
    )
    .await;
}

async fn visibilite_charges_are_the_residence_s_with_their_details(world: World) {
    let (app, _) = setup(&world).await;
    let leila = signed_in(&app, LEILA).await;
    let body = ok(leila.get("/api/coproprietaire/charges").await).await;
    let charges = &body["charges"];
    let models: Vec<_> = charges
        .as_array()
        .unwrap()
        .iter()
        .map(|i| {
            (
                i["model"].as_str().unwrap().to_owned(),
                i["date"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    // The works are not charges; newest first.
    assert_eq!(
        models,
        [
            ("salaires".to_owned(), "2026-05-31".to_owned()),
            ("charges-patronales".to_owned(), "2026-04-15".to_owned()),
            ("banque-operation".to_owned(), "2026-03-31".to_owned()),
            ("charges-courantes".to_owned(), "2026-03-10".to_owned()),
            ("contrats-depenses".to_owned(), "2026-01-01".to_owned()),
        ]
    );
    assert_eq!(item(charges, "charges-courantes", 1)["montant"], json!(100));
    assert_eq!(
        item(charges, "salaires", 1)["titre"],
        "Salaires — Gardien (Hédi Mansour)"
    );
    assert_eq!(item(charges, "salaires", 1)["montant"], json!(590.33));

    let detail = ok(leila
        .get("/api/coproprietaire/charges-details?model=charges-courantes&model_id=1")
        .await)
    .await;
    assert_eq!(
        detail["details"],
        json!({
            "titre": "STEG mars 2026", "fournisseur": "STEG", "categorie": null,
            "date_facture": "2026-03-10", "montant_total": 100, "montant_paye": 60,
            "restant_du": 40, "etat_payment": "partiel",
        })
    );
    assert!(!detail.to_string().contains("Note interne"));
    assert_eq!(
        detail["paiements"],
        json!([{"montant": 60, "date_paiement": "2026-03-20", "methode_paiement": "espece"}])
    );
    let detail = ok(leila
        .get("/api/coproprietaire/charges-details?model=salaires&model_id=1")
        .await)
    .await;
    assert_eq!(detail["paiements"][0]["mois"], "2026-05");
    // An employee's personal data stays the council's.
    assert!(!detail.to_string().contains("04781236"));
    let detail = ok(leila
        .get("/api/coproprietaire/charges-details?model=banque-operation&model_id=1")
        .await)
    .await;
    assert_eq!(detail["paiements"], json!([]));
    assert_eq!(detail["details"]["montant"], json!(12.5));
    let detail = ok(leila
        .get("/api/coproprietaire/charges-details?model=contrats-depenses&model_id=2")
        .await)
    .await;
    assert_eq!(detail["details"]["fournisseur"], "Kone");
    // A works id, an interest operation, a revenue contract: not charges.
    for (query, code) in [
        ("model=charges-courantes&model_id=2", "depense_inconnue"),
        ("model=banque-operation&model_id=2", "operation_inconnue"),
        ("model=contrats-depenses&model_id=1", "contrat_inconnu"),
        ("model=charges-patronales&model_id=9", "paiement_inconnu"),
        ("model=salaires&model_id=9", "salarie_inconnu"),
    ] {
        assert_error(
            leila
                .get(&format!("/api/coproprietaire/charges-details?{query}"))
                .await,
            404,
            code,
        )
        .await;
    }
    assert_error(
        leila
            .get("/api/coproprietaire/charges-details?model=cotisations&model_id=1")
            .await,
        422,
        "validation_failed",
    )
    .await;
    // Les Oliviers' co-owner sees their two charges only, and not ours by id.
    let other = signed_in(&app, OTHER_CO_OWNER).await;
    let body = ok(other.get("/api/coproprietaire/charges").await).await;
    let titres: Vec<_> = body["charges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["titre"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(titres, ["Eau des Oliviers T2", "Eau des Oliviers"]);
    let body = ok(leila.get("/api/coproprietaire/charges").await).await;
    assert!(!body.to_string().contains("Oliviers"));
}

async fn visibilite_works_and_contracts_are_the_residence_s_with_their_details(world: World) {
    let (app, _) = setup(&world).await;
    let leila = signed_in(&app, LEILA).await;
    let body = ok(leila.get("/api/coproprietaire/travaux").await).await;
    assert_eq!(
        body["travaux"],
        json!([{"id": 2, "titre": "Colonne montante", "montant_total": 900, "is_approved": 1, "date_facture": "2026-05-02"}])
    );
    let detail = ok(leila
        .get("/api/coproprietaire/travaux-details?travaux_id=2")
        .await)
    .await;
    assert_eq!(detail["model"], "travaux");
    assert_eq!(detail["details"]["approbation"], 1);
    assert_eq!(detail["details"]["etat_payment"], "non_paye");
    assert_error(
        leila
            .get("/api/coproprietaire/travaux-details?travaux_id=1")
            .await,
        404,
        "depense_inconnue",
    )
    .await;

    let body = ok(leila.get("/api/coproprietaire/contrats-revenus").await).await;
    assert_eq!(
        body["contrats"],
        json!([{
            "id": 1, "titre": "Antenne sur le toit", "montant": 300, "periodicite": "mensuelle",
            "date_debut": "2026-01-01", "date_fin": null, "client": {"nom": "Ooredoo"},
            "fournisseur": null,
        }])
    );
    let body = ok(leila
        .get("/api/coproprietaire/contrats-depenses/details?contrat_id=2")
        .await)
    .await;
    assert_eq!(body["contrat"]["fournisseur"]["nom"], "Kone");
    assert_eq!(body["contrat"]["docs"], json!([]));
    assert_eq!(
        body["contrat"]["encaissements"],
        json!([{"montant": 150, "date_paiement": "2026-01-05", "methode_paiement": "espece"}])
    );
    assert_error(
        leila
            .get("/api/coproprietaire/contrats-depenses/details?contrat_id=1")
            .await,
        404,
        "contrat_inconnu",
    )
    .await;
    let other = signed_in(&app, OTHER_CO_OWNER).await;
    let body = ok(other.get("/api/coproprietaire/contrats-depenses").await).await;
    assert_eq!(body["contrats"], json!([]));
    let body = ok(other.get("/api/coproprietaire/travaux").await).await;
    assert_eq!(body["travaux"], json!([]));
}

async fn visibilite_a_co_owner_downloads_the_files_of_the_pages_they_see(world: World) {
    let (app, ids) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let facture = pdf(0);
    let parts = [
        Part::Texte("titre", "STEG avril 2026"),
        Part::Texte("montant", "80"),
        Part::Texte("date_facture", "2026-04-10"),
        Part::Texte("fournisseur", "1"),
        Part::Fichier("factures[]", "facture-avril.pdf", &facture),
    ];
    let created =
        ok(post_multipart(&treasurer, "/api/charges-courantes/creer", &parts).await).await;
    let charge_id = created["charge"]["id"].as_i64().unwrap();
    let leila = signed_in(&app, LEILA).await;
    let detail = ok(leila
        .get(&format!(
            "/api/coproprietaire/charges-details?model=charges-courantes&model_id={charge_id}"
        ))
        .await)
    .await;
    let url = detail["factures"][0]["url"].as_str().unwrap().to_owned();
    let res = leila.get(&url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.bytes().await.unwrap().to_vec(), facture);

    ok(treasurer
        .post_json(
            "/api/visibilite-finances/sync-user",
            &json!({"user_id": ids[LEILA], "granted": all_but(&["see.charges"])}),
        )
        .await)
    .await;
    assert_error(leila.get(&url).await, 403, "visibilite_refusee").await;
    // Another residence's co-owner does not find it.
    let other = signed_in(&app, OTHER_CO_OWNER).await;
    assert_error(other.get(&url).await, 404, "document_inconnu").await;
}

/// The demo's façade works (issue 19: "the detail as the spec's key/value list with payments,
/// invoices, quotes and documents (downloads authorised)"): a co-owner reads its details, its
/// advance and its quote, and downloads the quote; without `see.travaux` neither the details
/// nor the quote; another residence's co-owner does not find it.
async fn visibilite_the_demo_s_facade_works_show_their_payments_and_files_to_co_owners(
    world: World,
) {
    let db = world.db().await;
    // The documents folder of the server spawned below (`DocumentStorage::Local` under the
    // data directory).
    let store = std::sync::Arc::new(
        daftar_api::documents::DocumentStore::local(&world.dir.path().join("documents")).unwrap(),
    );
    daftar_api::demo::load_with_documents(&db, Some(&store))
        .await
        .unwrap();
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user(OTHER_CO_OWNER, "Nabil Oueslati", Role::Coproprietaire)
        .build()
        .await
        .unwrap();
    let app = world.spawn().await;
    let leila = app.new_browser();
    leila.login("20000004", daftar_api::demo::PASSWORD).await;

    let travaux = ok(leila.get("/api/coproprietaire/travaux").await).await;
    let facade = travaux["travaux"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["titre"] == "Ravalement de la façade principale")
        .unwrap_or_else(|| panic!("no façade works in {travaux}"));
    let id = facade["id"].as_i64().unwrap();
    let path = format!("/api/coproprietaire/travaux-details?travaux_id={id}");
    let detail = ok(leila.get(&path).await).await;
    assert_eq!(detail["model"], "travaux");
    assert_eq!(detail["model_id"], id);
    assert_eq!(
        detail["details"],
        json!({
            "titre": "Ravalement de la façade principale",
            "fournisseur": "Façades et Peinture Mansour",
            "categorie": "Entretien et réparations",
            "description": "Nettoyage, reprise des fissures et deux couches de peinture, façade sur rue.",
            "approbation": 1,
            "date_facture": "2026-06-10",
            "montant_total": 6900,
            "montant_paye": 2300,
            "restant_du": 4600,
            "etat_payment": "partiel",
        })
    );
    // The advance, without its transfer's reference.
    assert_eq!(
        detail["paiements"],
        json!([{"montant": 2300, "date_paiement": "2026-06-20", "methode_paiement": "virement"}])
    );
    assert!(!detail.to_string().contains("VIR-FACADE"));
    assert_eq!(detail["factures"], json!([]));
    assert_eq!(detail["documents"], json!([]));
    let devis = detail["devis"].as_array().unwrap();
    assert_eq!(devis.len(), 1, "{detail}");
    assert_eq!(devis[0]["titre"], "devis-ravalement.pdf");
    assert_eq!(devis[0]["type"], "devis");
    assert_eq!(devis[0]["content_type"], "application/pdf");
    let url = devis[0]["url"].as_str().unwrap().to_owned();
    let miniature = devis[0]["miniature_url"].as_str().unwrap().to_owned();
    let res = leila.get(&url).await;
    assert_eq!(res.status(), 200);
    assert_eq!(
        res.headers()["content-type"].to_str().unwrap(),
        "application/pdf"
    );
    assert!(res.bytes().await.unwrap().starts_with(b"%PDF"));
    assert_eq!(leila.get(&miniature).await.status(), 200);

    // Another residence's co-owner: neither the works nor its quote.
    let other = app.new_browser();
    other.login(OTHER_CO_OWNER, PASSWORD).await;
    assert_error(other.get(&path).await, 404, "depense_inconnue").await;
    assert_error(other.get(&url).await, 404, "document_inconnu").await;

    // The treasurer hides the works from Leïla: the details and the quote are refused.
    let treasurer = app.new_browser();
    treasurer
        .login("20000002", daftar_api::demo::PASSWORD)
        .await;
    let leila_id = ok(leila.status().await).await["user"]["id"]
        .as_i64()
        .unwrap();
    ok(treasurer
        .post_json(
            "/api/visibilite-finances/sync-user",
            &json!({"user_id": leila_id, "granted": all_but(&["see.travaux"])}),
        )
        .await)
    .await;
    assert_error(leila.get(&path).await, 403, "visibilite_refusee").await;
    assert_error(leila.get(&url).await, 403, "visibilite_refusee").await;
    assert_error(leila.get(&miniature).await, 403, "visibilite_refusee").await;
}

/// The events of the residence's `visibilite` stream: (type, payload, acting user).
async fn visibilite_events(world: &World, residence_of: i64) -> Vec<(String, Value, String)> {
    let db = world.db().await;
    let rows = sqlx::query(
        "SELECT e.event_type, e.payload, e.metadata FROM events e \
         JOIN users u ON e.aggregate_id = CAST(u.residence_id AS TEXT) \
         WHERE e.aggregate_type = 'visibilite' AND u.id = $1 ORDER BY e.sequence",
    )
    .bind(residence_of)
    .fetch_all(&db.pool)
    .await
    .unwrap();
    use sqlx::Row;
    rows.iter()
        .map(|row| {
            let event_type: String = row.try_get("event_type").unwrap();
            let payload: Value =
                serde_json::from_str(&row.try_get::<String, _>("payload").unwrap()).unwrap();
            let metadata: Value =
                serde_json::from_str(&row.try_get::<String, _>("metadata").unwrap()).unwrap();
            (
                event_type.clone(),
                payload[&event_type].clone(),
                metadata["acting_user"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

async fn visibilite_a_change_is_recorded_with_who_when_and_the_keys_before_and_after(world: World) {
    let (app, ids) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    ok(treasurer
        .post_json(
            "/api/visibilite-finances/sync-user",
            &json!({"user_id": ids[LEILA], "granted": all_but(&["see.charges", "see.budgets"])}),
        )
        .await)
    .await;
    // The same rights again change nothing, and record nothing.
    ok(treasurer
        .post_json(
            "/api/visibilite-finances/sync-user",
            &json!({"user_id": ids[LEILA], "granted": all_but(&["see.charges", "see.budgets"])}),
        )
        .await)
    .await;

    // Any council member reads who changed what, when.
    let member = signed_in(&app, MEMBER).await;
    let body = ok(member
        .get(&format!(
            "/api/visibilite-finances/historique?user_id={}",
            ids[LEILA]
        ))
        .await)
    .await;
    let historique = body["historique"].as_array().unwrap();
    assert_eq!(historique.len(), 1, "{body}");
    let entree = &historique[0];
    assert_eq!(entree["user_id"], ids[LEILA]);
    assert_eq!(entree["nom"], "Leïla Haddad");
    assert_eq!(entree["par_id"], ids[TREASURER]);
    assert_eq!(entree["par_nom"], "Amira Trabelsi");
    assert_eq!(entree["avant"], json!(ALL_KEYS));
    assert_eq!(entree["apres"], all_but(&["see.charges", "see.budgets"]));
    assert_eq!(entree["accordees"], json!([]));
    assert_eq!(entree["retirees"], json!(["see.charges", "see.budgets"]));
    // When, by the server's clock (this server's day is pinned to 15 June 2026, noon in Tunis).
    let le: chrono::DateTime<chrono::Utc> = entree["le"].as_str().unwrap().parse().unwrap();
    assert_eq!(le.to_rfc3339(), "2026-06-15T11:00:00+00:00");

    // The president gives one back: the newest first.
    let president = signed_in(&app, PRESIDENT).await;
    ok(president
        .post_json(
            "/api/visibilite-finances/sync-user",
            &json!({"user_id": ids[LEILA], "granted": all_but(&["see.budgets"])}),
        )
        .await)
    .await;
    let body = ok(member
        .get(&format!(
            "/api/visibilite-finances/historique?user_id={}",
            ids[LEILA]
        ))
        .await)
    .await;
    let historique = body["historique"].as_array().unwrap();
    assert_eq!(historique.len(), 2);
    assert_eq!(historique[0]["par_nom"], "Mohamed Ben Salah");
    assert_eq!(historique[0]["accordees"], json!(["see.charges"]));
    assert_eq!(historique[0]["retirees"], json!([]));
    // Sami's history is empty.
    let body = ok(member
        .get(&format!(
            "/api/visibilite-finances/historique?user_id={}",
            ids[SAMI]
        ))
        .await)
    .await;
    assert_eq!(body["historique"], json!([]));

    // Each entry is a fact of the residence's own hash-chained stream, with its acting user.
    let events = visibilite_events(&world, ids[LEILA]).await;
    assert_eq!(events.len(), 2);
    assert_eq!(events[0].0, "DroitsVisibiliteModifies");
    assert_eq!(events[0].1["droits"]["user_id"], ids[LEILA]);
    assert_eq!(events[0].2, ids[TREASURER].to_string());
    assert_eq!(events[1].2, ids[PRESIDENT].to_string());
    let db = world.db().await;
    let audit = daftar_projections::audit::verify_all(&daftar_projections::Journal::new(db), None)
        .await
        .unwrap();
    assert!(audit.is_intact(), "{audit:?}");

    // Co-owners do not read it; another residence's council reads its own (empty).
    let leila = signed_in(&app, LEILA).await;
    assert_error(
        leila.get("/api/visibilite-finances/historique").await,
        403,
        "syndic_required",
    )
    .await;
    let other = signed_in(&app, OTHER_TREASURER).await;
    let body = ok(other.get("/api/visibilite-finances/historique").await).await;
    assert_eq!(body["historique"], json!([]));
}

async fn visibilite_bulk_sync_records_one_entry_per_changed_co_owner(world: World) {
    let (app, ids) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    // Hidden from all but Sami: Leïla only is recorded.
    ok(treasurer
        .post_json(
            "/api/visibilite-finances/bulk-sync",
            &json!({"features": ["see.travaux"], "allow": false, "exclude_user_ids": [ids[SAMI]]}),
        )
        .await)
    .await;
    let body = ok(treasurer.get("/api/visibilite-finances/historique").await).await;
    let historique = body["historique"].as_array().unwrap();
    assert_eq!(historique.len(), 1, "{body}");
    assert_eq!(historique[0]["user_id"], ids[LEILA]);
    assert_eq!(historique[0]["retirees"], json!(["see.travaux"]));

    // Hidden from everyone: Leïla is unchanged, so only Sami is recorded.
    ok(treasurer
        .post_json(
            "/api/visibilite-finances/bulk-sync",
            &json!({"features": ["see.travaux"], "allow": false}),
        )
        .await)
    .await;
    // Shown to everyone: both recorded, one entry each.
    ok(treasurer
        .post_json(
            "/api/visibilite-finances/bulk-sync",
            &json!({"features": ["see.travaux", "see.charges"], "allow": true}),
        )
        .await)
    .await;
    let body = ok(treasurer.get("/api/visibilite-finances/historique").await).await;
    let entrees: Vec<_> = body["historique"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["user_id"].as_i64().unwrap(),
                e["accordees"].clone(),
                e["retirees"].clone(),
            )
        })
        .collect();
    assert_eq!(
        entrees,
        [
            (ids[SAMI], json!(["see.travaux"]), json!([])),
            (ids[LEILA], json!(["see.travaux"]), json!([])),
            (ids[SAMI], json!([]), json!(["see.travaux"])),
            (ids[LEILA], json!([]), json!(["see.travaux"])),
        ]
    );
    // A refused change records nothing.
    assert_error(
        treasurer
            .post_json(
                "/api/visibilite-finances/bulk-sync",
                &json!({"features": ["see.tout"], "allow": false}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(visibilite_events(&world, ids[LEILA]).await.len(), 4);
}
