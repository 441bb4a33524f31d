//! The payroll through the API (spec 2 §2 "Salaries and employer charges", §3, §5–§9;
//! docs/api-salaires.md), on SQLite and PostgreSQL: each endpoint, each field's refusal with
//! its code, who may call what (employees: the treasurer or the president; payments: the
//! treasurer), the exercice guard and the date of today, and the payments in the bank's
//! reconciliation and the books.

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    ChargePatronaleSpec, CompteBancaireSpec, OccupationSpec, ResidenceBuilder, Role, SalarieSpec,
};
use daftar_domain::banque::TypeCompte;
use daftar_domain::depenses::MethodePaiementDepense;
use daftar_domain::occupation::Sexe;
use daftar_domain::salaires::MethodePaiementSalaire;
use daftar_domain::Montant;
use serde_json::{json, Value};

use crate::support::{assert_error, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    salaires_an_employee_is_created_listed_detailed_edited_and_deleted,
    salaires_every_wrong_field_of_an_employee_is_reported_with_its_code,
    salaires_employees_are_the_treasurer_s_or_the_president_s,
    salaires_salary_payments_reach_the_bank_and_the_books,
    salaires_every_wrong_field_of_a_payment_is_reported_with_its_code,
    salaires_the_exercice_and_today_guard_every_payment,
    salaires_payments_are_the_treasurer_s_alone,
    salaires_employer_charges_are_paid_edited_and_deleted,
    salaires_the_builder_and_the_demo_pay_the_concierge_and_the_cleaner,
);

const TREASURER: &str = "20000002";
const PRESIDENT: &str = "20000001";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";
/// The treasurer of the builder's own residence (the demo's users are 2000000x).
const BUILDER_TREASURER: &str = "30000002";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Residence "Les Jasmins" on 15 June 2026: a president, a treasurer, a council member, a
/// co-owner; 2025 closed (with the cleaner's December salary paid in cash), 2026 open; the main
/// account "Compte courant" (1). Employee 1 is the cleaner, Saïda Ben Amor (450 DT, sans). A
/// server.
async fn setup(world: &World) -> TestApp {
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-06-15"))
        .user(PRESIDENT, "Mohamed Ben Salah", Role::President)
        .user(TREASURER, "Amira Trabelsi", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .exercice(2025)
        .exercice(2026)
        .propriete("A1")
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, date("2015-01-01"))
                .tel(CO_OWNER),
        )
        .compte_bancaire(
            CompteBancaireSpec::new("Compte courant", "BIAT", TypeCompte::Courant)
                .principal()
                .solde_initial(Montant::dinars(5_000), date("2025-01-01")),
        )
        .salarie(
            SalarieSpec::sans_charges(
                "Saïda Ben Amor",
                "Femme de ménage",
                "98563214",
                Montant::dinars(450),
                date("2022-09-01"),
            )
            .paiement(
                date("2025-12-01"),
                Montant::dinars(450),
                date("2025-12-31"),
                (MethodePaiementSalaire::Espece, None),
            ),
        )
        .exercice_cloture(2025)
        .build()
        .await
        .unwrap();
    world.spawn_on(date("2026-06-15")).await
}

fn gardien() -> Value {
    json!({
        "nom": " Hédi Mansour ", "poste": "Gardien", "tel": "22 145 367", "cin": "04781236",
        "date_naissance": "1971-04-12", "adresse": "Loge du gardien",
        "charges_patronales": "avec", "salaire_brut": "650,000",
        "taux_global_charges_patronales": "16.57%", "numero_cnss": "1122334455",
        "rib": "08006012345600012345", "date_debut": "2019-03-01", "date_fin": "",
        "commentaire": "Logé sur place",
    })
}

/// The body with `changes` applied (a null removes a field).
fn with(mut body: Value, changes: Value) -> Value {
    for (key, value) in changes.as_object().unwrap() {
        if value.is_null() {
            body.as_object_mut().unwrap().remove(key);
        } else {
            body[key] = value.clone();
        }
    }
    body
}

fn paiement(salarie_id: i64, montant: &str, mois: &str, jour: &str, methode: &str) -> Value {
    json!({
        "salarie_id": salarie_id, "montant": montant, "mois": mois, "date_paiement": jour,
        "methode_paiement": methode, "reference_piece_justificative": "BP-2026",
        "commentaire": null,
    })
}

fn cnss(titre: &str, montant: &str, jour: &str, methode: &str) -> Value {
    json!({
        "titre": titre, "montant": montant, "date_paiement": jour, "methode_paiement": methode,
        "reference_piece_justificative": "CNSS-Q", "commentaire": "",
    })
}

/// The codes a validation answer gives each field.
async fn field_codes(res: reqwest::Response) -> Value {
    let body = assert_error(res, 422, "validation_failed").await;
    body["field_codes"].clone()
}

async fn rapprochement(treasurer: &TestApp, exercice: i32) -> Vec<Value> {
    ok(treasurer
        .get(&format!(
            "/api/banque/rapprochement?id=1&exercice={exercice}"
        ))
        .await)
    .await["rapprochements"]
        .as_array()
        .unwrap()
        .clone()
}

async fn balance_equilibree(treasurer: &TestApp, exercice: i32) {
    let balance = ok(treasurer
        .get(&format!("/api/comptabilite/balance?exercice={exercice}"))
        .await)
    .await;
    assert_eq!(balance["equilibree"], true, "{balance}");
    assert_eq!(balance["totaux"]["debit"], balance["totaux"]["credit"]);
}

async fn salaires_an_employee_is_created_listed_detailed_edited_and_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let cree = ok(treasurer.post_json("/api/salaries/creer", &gardien()).await).await;
    let salarie = &cree["salarie"];
    assert_eq!(salarie["id"], 2);
    assert_eq!(salarie["nom"], "Hédi Mansour");
    assert_eq!(salarie["tel"], "22145367");
    assert_eq!(salarie["is_current"], true);
    assert_eq!(salarie["charges_patronales"], "avec");
    assert_eq!(salarie["salaire"], json!(650));
    assert_eq!(salarie["salaire_brut"], json!(650));
    assert_eq!(salarie["taux_charges_patronales"], json!(16.57));
    assert_eq!(salarie["taux_global_charges_patronales"], "16.57%");
    assert_eq!(salarie["montant_charges_patronales"], json!(107.705));
    assert_eq!(salarie["date_fin"], Value::Null);
    assert_eq!(salarie["paiements"], json!([]));
    assert_eq!(salarie["has_paiements"], false);

    // Current employees first, by name: the cleaner has payments, the concierge none.
    let liste = ok(treasurer.get("/api/salaries").await).await;
    let noms: Vec<&str> = liste["salaries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["nom"].as_str().unwrap())
        .collect();
    assert_eq!(noms, ["Hédi Mansour", "Saïda Ben Amor"]);
    assert_eq!(liste["salaries"][1]["has_paiements"], true);
    assert_eq!(liste["salaries"][1]["total_paye"], json!(450));

    // Edited with the id in the query string: now without employer charges, and gone since
    // the end of May (inactive, listed after the current ones).
    let modifie = ok(treasurer
        .post_json(
            "/api/salaries/modifier?id=2",
            &with(
                gardien(),
                json!({"charges_patronales": "sans", "salaire": 700, "date_fin": "2026-05-31"}),
            ),
        )
        .await)
    .await;
    assert_eq!(modifie["salarie"]["charges_patronales"], "sans");
    assert_eq!(modifie["salarie"]["salaire"], json!(700));
    assert_eq!(modifie["salarie"]["taux_charges_patronales"], Value::Null);
    assert_eq!(modifie["salarie"]["is_current"], false);
    let liste = ok(treasurer.get("/api/salaries").await).await;
    assert_eq!(liste["salaries"][0]["nom"], "Saïda Ben Amor");
    // The id may come in the body too.
    ok(treasurer
        .post_json(
            "/api/salaries/modifier",
            &with(gardien(), json!({"id": 2, "poste": "Gardien de nuit"})),
        )
        .await)
    .await;
    let details = ok(treasurer.get("/api/salaries/details?id=2").await).await;
    assert_eq!(details["salarie"]["poste"], "Gardien de nuit");
    assert_eq!(details["salarie"]["is_current"], true);
    assert_error(
        treasurer
            .post_json("/api/salaries/modifier", &gardien())
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_error(
        treasurer
            .post_json("/api/salaries/modifier?id=9", &gardien())
            .await,
        404,
        "salarie_inconnu",
    )
    .await;
    assert_error(
        treasurer.get("/api/salaries/details?id=9").await,
        404,
        "salarie_inconnu",
    )
    .await;

    // Deleted (it has no payment); the cleaner, who has one, cannot be.
    ok(treasurer
        .post_json("/api/salaries/supprimer", &json!({"id": 2}))
        .await)
    .await;
    assert_error(
        treasurer.get("/api/salaries/details?id=2").await,
        404,
        "salarie_inconnu",
    )
    .await;
    assert_error(
        treasurer
            .post_json("/api/salaries/supprimer", &json!({"id": 1}))
            .await,
        422,
        "salarie_avec_paiements",
    )
    .await;
}

async fn salaires_every_wrong_field_of_an_employee_is_reported_with_its_code(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let refus = |body: Value| {
        let treasurer = &treasurer;
        async move { field_codes(treasurer.post_json("/api/salaries/creer", &body).await).await }
    };

    let codes = refus(json!({"charges_patronales": "avec"})).await;
    assert_eq!(codes["nom"], json!(["champ_obligatoire"]));
    assert_eq!(codes["poste"], json!(["champ_obligatoire"]));
    assert_eq!(codes["tel"], json!(["champ_obligatoire"]));
    assert_eq!(codes["salaire_brut"], json!(["champ_obligatoire"]));
    assert_eq!(
        codes["taux_global_charges_patronales"],
        json!(["champ_obligatoire"])
    );
    assert_eq!(codes["date_debut"], json!(["champ_obligatoire"]));

    let codes = refus(with(
        gardien(),
        json!({
            "tel": "2214536", "cin": "0478123X", "salaire_brut": "10000",
            "taux_global_charges_patronales": "100%", "date_naissance": "1929-12-31",
            "date_debut": "1984-12-31", "rib": "x".repeat(51),
        }),
    ))
    .await;
    assert_eq!(codes["tel"], json!(["tel_invalide"]));
    assert_eq!(codes["cin"], json!(["cin_invalide"]));
    assert_eq!(codes["salaire_brut"], json!(["montant_trop_eleve"]));
    assert_eq!(
        codes["taux_global_charges_patronales"],
        json!(["taux_invalide"])
    );
    assert_eq!(codes["date_naissance"], json!(["date_hors_plage"]));
    assert_eq!(codes["date_debut"], json!(["date_hors_plage"]));
    assert_eq!(codes["rib"], json!(["valeur_invalide"]));

    let codes = refus(with(
        gardien(),
        json!({
            "charges_patronales": "sans", "salaire": "0", "date_naissance": "2026-06-16",
            "date_fin": "2019-02-28", "nom": "x".repeat(201),
        }),
    ))
    .await;
    assert_eq!(codes["salaire"], json!(["montant_positif"]));
    assert_eq!(codes["date_naissance"], json!(["date_hors_plage"]));
    assert_eq!(codes["date_fin"], json!(["fin_avant_debut"]));
    assert_eq!(codes["nom"], json!(["texte_trop_long"]));

    let codes = refus(with(
        gardien(),
        json!({
            "charges_patronales": "peut-etre", "date_fin": "2036-01-01",
            "date_debut": "01/03/2019",
        }),
    ))
    .await;
    assert_eq!(codes["charges_patronales"], json!(["valeur_invalide"]));
    assert_eq!(codes["date_fin"], json!(["date_hors_plage"]));
    assert_eq!(codes["date_debut"], json!(["date_invalide"]));

    let codes = refus(with(
        gardien(),
        json!({"salaire_brut": "650.0001", "taux_global_charges_patronales": "16.575"}),
    ))
    .await;
    assert_eq!(codes["salaire_brut"], json!(["montant_decimales"]));
    assert_eq!(
        codes["taux_global_charges_patronales"],
        json!(["taux_invalide"])
    );

    // The rate as a number or with a comma; the maximum salary is accepted.
    for (taux, attendu) in [(json!(16.57), json!(16.57)), (json!("12,5"), json!(12.5))] {
        let cree = ok(treasurer
            .post_json(
                "/api/salaries/creer",
                &with(
                    gardien(),
                    json!({"taux_global_charges_patronales": taux, "salaire_brut": 9999.999}),
                ),
            )
            .await)
        .await;
        assert_eq!(cree["salarie"]["taux_charges_patronales"], attendu);
        assert_eq!(cree["salarie"]["salaire_brut"], json!(9999.999));
    }
}

async fn salaires_employees_are_the_treasurer_s_or_the_president_s(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let member = signed_in(&app, MEMBER).await;
    let co_owner = signed_in(&app, CO_OWNER).await;

    let cree = ok(president.post_json("/api/salaries/creer", &gardien()).await).await;
    assert_eq!(cree["salarie"]["id"], 2);
    ok(president
        .post_json(
            "/api/salaries/modifier?id=2",
            &with(gardien(), json!({"poste": "Concierge"})),
        )
        .await)
    .await;
    ok(president
        .post_json("/api/salaries/supprimer", &json!({"id": 2}))
        .await)
    .await;

    for (browser, code) in [
        (&member, "finance_ou_president_required"),
        (&co_owner, "finance_ou_president_required"),
    ] {
        assert_error(
            browser.post_json("/api/salaries/creer", &gardien()).await,
            403,
            code,
        )
        .await;
        assert_error(
            browser
                .post_json("/api/salaries/modifier?id=1", &gardien())
                .await,
            403,
            code,
        )
        .await;
        assert_error(
            browser
                .post_json("/api/salaries/supprimer", &json!({"id": 1}))
                .await,
            403,
            code,
        )
        .await;
    }
    // A council member reads; a co-owner does not.
    ok(member.get("/api/salaries").await).await;
    ok(member.get("/api/salaries/details?id=1").await).await;
    ok(member.get("/api/charges-patronales").await).await;
    for path in [
        "/api/salaries",
        "/api/salaries/details?id=1",
        "/api/charges-patronales",
    ] {
        assert_error(co_owner.get(path).await, 403, "syndic_required").await;
    }
    // Nothing the refusals sent was recorded.
    let liste = ok(member.get("/api/salaries").await).await;
    assert_eq!(liste["salaries"].as_array().unwrap().len(), 1);
}

async fn salaires_salary_payments_reach_the_bank_and_the_books(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    ok(treasurer.post_json("/api/salaries/creer", &gardien()).await).await;

    // The concierge's May salary by transfer: it leaves the main account.
    let vire = ok(treasurer
        .post_json(
            "/api/salaires/payer",
            &paiement(2, "590,330", "2026-05", "2026-05-31", "virement"),
        )
        .await)
    .await;
    let paye = &vire["paiement"];
    assert_eq!(paye["salarie_id"], 2);
    assert_eq!(paye["salarie_nom"], "Hédi Mansour");
    assert_eq!(paye["mois"], "2026-05");
    assert_eq!(paye["montant"], json!(590.33));
    assert_eq!(paye["methode_paiement"], "virement");
    assert_eq!(paye["reference_piece_justificative"], "BP-2026");
    assert_eq!(paye["compte_id"], 1);
    assert_eq!(paye["is_closed"], false);
    let paiement_id = paye["id"].as_i64().unwrap();
    // The cleaner's May salary in cash, its month read from a full date; June's without a
    // month: the month of its date.
    let especes = ok(treasurer
        .post_json(
            "/api/salaires/payer",
            &paiement(1, "450", "2026-05-31", "2026-05-31", "espece"),
        )
        .await)
    .await;
    assert_eq!(especes["paiement"]["mois"], "2026-05");
    assert_eq!(especes["paiement"]["compte_id"], Value::Null);
    let sans_mois = ok(treasurer
        .post_json(
            "/api/salaires/payer",
            &with(
                paiement(1, "450", "", "2026-06-15", "espece"),
                json!({"mois": null}),
            ),
        )
        .await)
    .await;
    assert_eq!(sans_mois["paiement"]["mois"], "2026-06");

    let details = ok(treasurer.get("/api/salaries/details?id=1").await).await;
    let mois: Vec<&str> = details["salarie"]["paiements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["mois"].as_str().unwrap())
        .collect();
    assert_eq!(mois, ["2026-06", "2026-05", "2025-12"]);
    assert_eq!(details["salarie"]["paiements"][2]["is_closed"], true);
    assert_eq!(details["salarie"]["total_paye"], json!(1350));

    // The transfer is in the reconciliation, negative, named by the employee and the month;
    // the cash payments are not.
    let lignes = rapprochement(&treasurer, 2026).await;
    let salaires: Vec<&Value> = lignes
        .iter()
        .filter(|row| row["table"] == "paiement_salaire")
        .collect();
    assert_eq!(salaires.len(), 1, "{lignes:?}");
    assert_eq!(salaires[0]["id"], paiement_id);
    assert_eq!(salaires[0]["montant"], json!(-590.33));
    assert_eq!(salaires[0]["libelle"], "Salaire Hédi Mansour — 2026-05");
    assert_eq!(salaires[0]["description"]["nature"], "paiement_salaire");
    assert_eq!(salaires[0]["description"]["mois"], "2026-05");
    // Pointed, then edited: unpointed (the bank must be checked again).
    ok(treasurer
        .post_json(
            "/api/banque/pointer",
            &json!({"id": paiement_id, "table": "paiement_salaire", "date_banque": "2026-06-02"}),
        )
        .await)
    .await;
    let modifie = ok(treasurer
        .post_json(
            &format!("/api/salaires/paiement/modifier?id={paiement_id}"),
            &paiement(2, "600", "2026-05", "2026-05-30", "cheque"),
        )
        .await)
    .await;
    assert_eq!(modifie["paiement"]["montant"], json!(600));
    assert_eq!(modifie["paiement"]["methode_paiement"], "cheque");
    let lignes = rapprochement(&treasurer, 2026).await;
    let ligne = lignes
        .iter()
        .find(|row| row["table"] == "paiement_salaire")
        .unwrap();
    assert_eq!(ligne["montant"], json!(-600));
    assert_eq!(ligne["date_banque"], Value::Null);
    // The account's balance counts it: 5000 − 600.
    let comptes = ok(treasurer.get("/api/banque/comptes").await).await;
    assert_eq!(comptes["comptes"][0]["solde"], json!(4400));
    assert_eq!(comptes["comptes"][0]["has_operations"], true);

    // The books balance, with the salaries on 641.
    balance_equilibree(&treasurer, 2026).await;
    let balance = ok(treasurer
        .get("/api/comptabilite/balance?exercice=2026")
        .await)
    .await;
    let salaires_641 = balance["comptes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["compte"] == "641")
        .cloned()
        .unwrap_or_else(|| panic!("no 641 in {balance}"));
    assert_eq!(
        salaires_641["solde_debiteur"],
        json!(1500),
        "{salaires_641}"
    );

    // An employee with payments cannot be deleted; its payments can.
    assert_error(
        treasurer
            .post_json("/api/salaries/supprimer", &json!({"id": 2}))
            .await,
        422,
        "salarie_avec_paiements",
    )
    .await;
    ok(treasurer
        .post_json(
            "/api/salaires/paiement/supprimer",
            &json!({"id": paiement_id}),
        )
        .await)
    .await;
    assert!(rapprochement(&treasurer, 2026)
        .await
        .iter()
        .all(|row| row["table"] != "paiement_salaire"));
    ok(treasurer
        .post_json("/api/salaries/supprimer", &json!({"id": 2}))
        .await)
    .await;
    balance_equilibree(&treasurer, 2026).await;
    assert_error(
        treasurer
            .post_json("/api/salaires/paiement/supprimer", &json!({"id": 99}))
            .await,
        404,
        "paiement_inconnu",
    )
    .await;
}

async fn salaires_every_wrong_field_of_a_payment_is_reported_with_its_code(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let codes = field_codes(treasurer.post_json("/api/salaires/payer", &json!({})).await).await;
    assert_eq!(codes["salarie_id"], json!(["champ_obligatoire"]));
    assert_eq!(codes["montant"], json!(["champ_obligatoire"]));
    assert_eq!(codes["date_paiement"], json!(["champ_obligatoire"]));
    assert_eq!(codes["methode_paiement"], json!(["champ_obligatoire"]));

    let codes = field_codes(
        treasurer
            .post_json(
                "/api/salaires/payer",
                &with(
                    paiement(1, "10000", "2026-13", "15/06/2026", "tpe"),
                    json!({"reference_piece_justificative": "x".repeat(101)}),
                ),
            )
            .await,
    )
    .await;
    assert_eq!(codes["montant"], json!(["montant_trop_eleve"]));
    assert_eq!(codes["mois"], json!(["mois_invalide"]));
    assert_eq!(codes["date_paiement"], json!(["date_invalide"]));
    assert_eq!(
        codes["methode_paiement"],
        json!(["methode_paiement_salaire_invalide"])
    );
    assert_eq!(
        codes["reference_piece_justificative"],
        json!(["reference_trop_longue"])
    );
    let codes = field_codes(
        treasurer
            .post_json(
                "/api/salaires/payer",
                &paiement(1, "-5", "2026-06", "2026-06-15", "espece"),
            )
            .await,
    )
    .await;
    assert_eq!(codes["montant"], json!(["montant_positif"]));
    let codes = field_codes(
        treasurer
            .post_json(
                "/api/salaires/payer",
                &paiement(1, "1.2345", "2026-06", "2026-06-15", "espece"),
            )
            .await,
    )
    .await;
    assert_eq!(codes["montant"], json!(["montant_decimales"]));
    // An unknown employee.
    assert_error(
        treasurer
            .post_json(
                "/api/salaires/payer",
                &paiement(9, "450", "2026-06", "2026-06-15", "espece"),
            )
            .await,
        404,
        "salarie_inconnu",
    )
    .await;
    // On edit, the month is required.
    let codes = field_codes(
        treasurer
            .post_json(
                "/api/salaires/paiement/modifier?id=1",
                &with(
                    paiement(1, "450", "", "2025-12-31", "espece"),
                    json!({"mois": null}),
                ),
            )
            .await,
    )
    .await;
    assert_eq!(codes["mois"], json!(["champ_obligatoire"]));
    // The maximum is accepted.
    ok(treasurer
        .post_json(
            "/api/salaires/payer",
            &paiement(1, "9999.999", "2026-06", "2026-06-15", "espece"),
        )
        .await)
    .await;
}

async fn salaires_the_exercice_and_today_guard_every_payment(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    // Tomorrow is refused: a salary is paid, not planned.
    assert_error(
        treasurer
            .post_json(
                "/api/salaires/payer",
                &paiement(1, "450", "2026-06", "2026-06-16", "espece"),
            )
            .await,
        422,
        "date_paiement_future",
    )
    .await;
    // A closed year: 403; a year never opened: 409.
    assert_error(
        treasurer
            .post_json(
                "/api/salaires/payer",
                &paiement(1, "450", "2025-11", "2025-11-30", "espece"),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/salaires/payer",
                &paiement(1, "450", "2024-11", "2024-11-30", "espece"),
            )
            .await,
        409,
        "aucun_exercice_ouvert",
    )
    .await;
    // The December 2025 payment (1) is in the closed year: neither edited nor deleted.
    let details = ok(treasurer.get("/api/salaries/details?id=1").await).await;
    assert_eq!(details["salarie"]["paiements"][0]["is_closed"], true);
    assert_error(
        treasurer
            .post_json(
                "/api/salaires/paiement/modifier?id=1",
                &paiement(1, "460", "2025-12", "2026-01-05", "espece"),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_error(
        treasurer
            .post_json("/api/salaires/paiement/supprimer", &json!({"id": 1}))
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    // A payment of 2026 cannot be moved into the closed year.
    let paye = ok(treasurer
        .post_json(
            "/api/salaires/payer",
            &paiement(1, "450", "2026-01", "2026-01-31", "espece"),
        )
        .await)
    .await;
    let id = paye["paiement"]["id"].as_i64().unwrap();
    assert_error(
        treasurer
            .post_json(
                &format!("/api/salaires/paiement/modifier?id={id}"),
                &paiement(1, "450", "2025-12", "2025-12-30", "espece"),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    // The employer charges: the same guard.
    assert_error(
        treasurer
            .post_json(
                "/api/charges-patronales/creer",
                &cnss("CNSS T4 2025", "323.115", "2025-12-15", "virement"),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/charges-patronales/creer",
                &cnss("CNSS T4 2024", "323.115", "2024-12-15", "virement"),
            )
            .await,
        409,
        "aucun_exercice_ouvert",
    )
    .await;
}

async fn salaires_payments_are_the_treasurer_s_alone(world: World) {
    let app = setup(&world).await;
    let president = signed_in(&app, PRESIDENT).await;
    let member = signed_in(&app, MEMBER).await;
    let co_owner = signed_in(&app, CO_OWNER).await;
    let treasurer = signed_in(&app, TREASURER).await;
    ok(treasurer
        .post_json(
            "/api/charges-patronales/creer",
            &cnss("CNSS T1 2026", "323.115", "2026-04-15", "virement"),
        )
        .await)
    .await;

    for browser in [&president, &member, &co_owner] {
        for (path, body) in [
            (
                "/api/salaires/payer",
                paiement(1, "450", "2026-06", "2026-06-15", "espece"),
            ),
            (
                "/api/salaires/paiement/modifier?id=1",
                paiement(1, "450", "2025-12", "2025-12-31", "espece"),
            ),
            ("/api/salaires/paiement/supprimer", json!({"id": 1})),
            (
                "/api/charges-patronales/creer",
                cnss("CNSS", "10", "2026-06-01", "espece"),
            ),
            (
                "/api/charges-patronales/modifier?id=1",
                cnss("CNSS", "10", "2026-06-01", "espece"),
            ),
            ("/api/charges-patronales/supprimer", json!({"id": 1})),
        ] {
            assert_error(
                browser.post_json(path, &body).await,
                403,
                "finance_required",
            )
            .await;
        }
    }
    let details = ok(treasurer.get("/api/salaries/details?id=1").await).await;
    assert_eq!(details["salarie"]["paiements"].as_array().unwrap().len(), 1);
    let charges = ok(treasurer.get("/api/charges-patronales").await).await;
    assert_eq!(charges["paiements"][0]["titre"], "CNSS T1 2026");
}

async fn salaires_employer_charges_are_paid_edited_and_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let codes = field_codes(
        treasurer
            .post_json("/api/charges-patronales/creer", &json!({}))
            .await,
    )
    .await;
    assert_eq!(codes["titre"], json!(["champ_obligatoire"]));
    assert_eq!(codes["montant"], json!(["champ_obligatoire"]));
    assert_eq!(codes["date_paiement"], json!(["champ_obligatoire"]));
    assert_eq!(codes["methode_paiement"], json!(["champ_obligatoire"]));
    let codes = field_codes(
        treasurer
            .post_json(
                "/api/charges-patronales/creer",
                &cnss(&"x".repeat(201), "100000", "2026-04-31", "carte"),
            )
            .await,
    )
    .await;
    assert_eq!(codes["titre"], json!(["titre_trop_long"]));
    assert_eq!(codes["montant"], json!(["montant_trop_eleve"]));
    assert_eq!(codes["date_paiement"], json!(["date_invalide"]));
    assert_eq!(
        codes["methode_paiement"],
        json!(["methode_paiement_depense_invalide"])
    );

    // Paid by card at a terminal: it leaves the main account. The maximum is accepted.
    let cree = ok(treasurer
        .post_json(
            "/api/charges-patronales/creer",
            &cnss("CNSS T1 2026", "323,115", "2026-04-15", "tpe"),
        )
        .await)
    .await;
    let charge = &cree["charge_patronale_paiement"];
    assert_eq!(charge["titre"], "CNSS T1 2026");
    assert_eq!(charge["montant"], json!(323.115));
    assert_eq!(charge["methode_paiement"], "tpe");
    assert_eq!(charge["compte_id"], 1);
    assert_eq!(charge["is_closed"], false);
    let id = charge["id"].as_i64().unwrap();
    ok(treasurer
        .post_json(
            "/api/charges-patronales/creer",
            &cnss("Régularisation CNSS", "99999.999", "2026-05-15", "espece"),
        )
        .await)
    .await;

    let liste = ok(treasurer.get("/api/charges-patronales").await).await;
    let titres: Vec<&str> = liste["paiements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["titre"].as_str().unwrap())
        .collect();
    assert_eq!(titres, ["Régularisation CNSS", "CNSS T1 2026"]);

    let lignes = rapprochement(&treasurer, 2026).await;
    let ligne = lignes
        .iter()
        .find(|row| row["table"] == "charge_patronale")
        .cloned()
        .unwrap_or_else(|| panic!("no employer charge in {lignes:?}"));
    assert_eq!(ligne["id"], id);
    assert_eq!(ligne["montant"], json!(-323.115));
    assert_eq!(ligne["libelle"], "Charges patronales : CNSS T1 2026");
    assert_eq!(
        lignes
            .iter()
            .filter(|r| r["table"] == "charge_patronale")
            .count(),
        1
    );

    // Edited (the id in the body), then paid online; deleted.
    let modifie = ok(treasurer
        .post_json(
            "/api/charges-patronales/modifier",
            &with(
                cnss("CNSS T1 2026 (corrigé)", "330", "2026-04-16", "enligne"),
                json!({"id": id}),
            ),
        )
        .await)
    .await;
    assert_eq!(
        modifie["charge_patronale_paiement"]["titre"],
        "CNSS T1 2026 (corrigé)"
    );
    assert_eq!(modifie["charge_patronale_paiement"]["montant"], json!(330));
    balance_equilibree(&treasurer, 2026).await;
    let balance = ok(treasurer
        .get("/api/comptabilite/balance?exercice=2026")
        .await)
    .await;
    let charges_645 = balance["comptes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["compte"] == "645")
        .cloned()
        .unwrap_or_else(|| panic!("no 645 in {balance}"));
    assert_eq!(
        charges_645["solde_debiteur"],
        json!(100329.999),
        "{charges_645}"
    );
    ok(treasurer
        .post_json("/api/charges-patronales/supprimer", &json!({"id": id}))
        .await)
    .await;
    assert!(rapprochement(&treasurer, 2026)
        .await
        .iter()
        .all(|row| row["table"] != "charge_patronale"));
    assert_error(
        treasurer
            .post_json(
                "/api/charges-patronales/modifier?id=99",
                &cnss("CNSS", "10", "2026-06-01", "espece"),
            )
            .await,
        404,
        "paiement_inconnu",
    )
    .await;
    balance_equilibree(&treasurer, 2026).await;
}

async fn salaires_the_builder_and_the_demo_pay_the_concierge_and_the_cleaner(world: World) {
    let db = world.db().await;
    // The builder's steps are idempotent: built twice, recorded once.
    for _ in 0..2 {
        ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
            .password(PASSWORD)
            .aujourd_hui(date("2026-06-15"))
            .user(BUILDER_TREASURER, "Sonia Mrad", Role::Tresorier)
            .exercice(2026)
            .salarie(
                SalarieSpec::avec_charges(
                    "Hédi Mansour",
                    "Gardien",
                    "22145367",
                    (Montant::dinars(650), 1657),
                    date("2019-03-01"),
                )
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
    }
    let app = world.spawn_on(date("2026-06-15")).await;
    let treasurer = signed_in(&app, BUILDER_TREASURER).await;
    let details = ok(treasurer.get("/api/salaries/details?id=1").await).await;
    assert_eq!(
        details["salarie"]["taux_global_charges_patronales"],
        "16.57%"
    );
    assert_eq!(details["salarie"]["paiements"].as_array().unwrap().len(), 1);
    let charges = ok(treasurer.get("/api/charges-patronales").await).await;
    assert_eq!(charges["paiements"].as_array().unwrap().len(), 1);

    // The demo: two employees paid every month, the concierge by transfer, the cleaner in cash;
    // the employer charges every quarter; the main account stays in credit.
    daftar_api::demo::load(&db).await.unwrap();
    let demo = app.new_browser();
    demo.csrf().await;
    demo.login("20000002", daftar_api::demo::PASSWORD).await;
    let salaries = ok(demo.get("/api/salaries").await).await;
    let salaries = salaries["salaries"].as_array().unwrap();
    assert_eq!(salaries.len(), 2, "{salaries:?}");
    for salarie in salaries {
        assert!(salarie["has_paiements"] == true, "{salarie}");
        let details = ok(demo
            .get(&format!("/api/salaries/details?id={}", salarie["id"]))
            .await)
        .await;
        let paiements = details["salarie"]["paiements"].as_array().unwrap().clone();
        assert!(paiements.len() >= 12, "{}", paiements.len());
        let methodes: Vec<&str> = paiements
            .iter()
            .map(|p| p["methode_paiement"].as_str().unwrap())
            .collect();
        let attendue = if salarie["charges_patronales"] == "avec" {
            "virement"
        } else {
            "espece"
        };
        assert!(methodes.iter().all(|m| *m == attendue), "{methodes:?}");
    }
    let charges = ok(demo.get("/api/charges-patronales").await).await;
    assert!(charges["paiements"].as_array().unwrap().len() >= 4);
    let comptes = ok(demo.get("/api/banque/comptes").await).await;
    let principal = comptes["comptes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["is_main"] == true)
        .cloned()
        .unwrap();
    assert!(
        principal["solde"].as_f64().unwrap() > 0.0,
        "the main account is overdrawn: {principal}"
    );
}
