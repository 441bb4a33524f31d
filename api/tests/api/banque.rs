//! The bank through the API (spec 2 §2 "Banking", §3–§9; docs/api-banque.md): accounts,
//! operations, transfers, cheque deposits, the reconciliation and its pointing — on SQLite and
//! PostgreSQL: each endpoint's success, its field rules, who may call it, the exercice guard, a
//! deposited cheque's payment, and what the reconciliation adds up.

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    CompteBancaireSpec, CotisationSpec, OccupationSpec, ResidenceBuilder, Role,
};
use daftar_domain::banque::{FicheOperation, TypeCompte, TypeOperation};
use daftar_domain::occupation::Sexe;
use daftar_domain::paiement::Paiement;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use reqwest::{Method, Response};
use serde_json::{json, Value};

use crate::support::{assert_error, field_errors, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    the_first_account_is_main_and_the_list_gives_balances,
    declaring_another_account_main_moves_the_flag,
    an_edit_keeps_the_opening_balance_it_does_not_send,
    a_bad_rib_is_refused,
    a_missing_libelle_is_refused,
    the_main_account_cannot_be_deleted,
    an_account_with_operations_cannot_be_deleted,
    an_account_without_movements_is_deleted,
    operations_are_recorded_corrected_and_deleted_by_type,
    an_amount_with_four_decimals_is_refused,
    transfers_are_recorded_corrected_and_deleted,
    a_transfer_between_the_same_account_is_refused,
    pending_cheques_are_deposited,
    deleting_a_deposit_releases_its_cheques,
    a_deposited_cheque_payment_can_be_neither_cancelled_nor_corrected,
    the_reconciliation_adds_up_pointed_and_unpointed_movements,
    a_movement_is_pointed_then_unpointed,
    a_reconciliation_read_again_after_a_change_shows_it,
    a_pointing_names_a_known_movement,
    every_change_is_the_treasurer_s,
    co_owners_read_nothing_of_the_bank,
    changes_dated_in_a_closed_exercice_are_refused,
    changes_dated_without_exercice_are_refused,
    the_demo_banks_on_two_accounts_with_most_of_2025_pointed,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";
/// The treasurer of a residence without bank account.
const OTHER_TREASURER: &str = "30000002";

const COURANT: &str = "Compte courant";
const EPARGNE: &str = "Épargne travaux";
/// Compte courant's id (created first), and Épargne travaux's.
const COURANT_ID: i64 = 1;
const EPARGNE_ID: i64 = 2;
/// The fee of 2025 on Compte courant (2025 is closed).
const FRAIS_2025: i64 = 1;
/// A1's collection by cheque, and A2's by transfer onto Compte courant (the main account).
const CHEQUE_A1: i64 = 1;
const VIREMENT_A2: i64 = 2;

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Residence "Les Jasmins" on 15 June 2026: a treasurer, a council member, a co-owner; 2025
/// closed, 2026 open; A1 and A2; Compte courant (main, 1 000 DT on 1 January 2025, a fee of
/// 12.500 in 2025) and Épargne travaux; a cotisation of 100 DT paid by A1 by cheque on 2 March
/// and by A2 by transfer on 3 March. Residence "Les Oliviers": a treasurer, 2026 open, no
/// account. A server.
async fn setup(world: &World) -> TestApp {
    let db = world.db().await;
    let today = date("2026-06-15");
    let since_2015 = date("2015-01-01");
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(today)
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .exercice(2025)
        .exercice(2026)
        .propriete("A1")
        .propriete("A2")
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, since_2015)
                .tel(CO_OWNER),
        )
        .occupation(OccupationSpec::proprietaire(
            "A2",
            "Sami Gharbi",
            Sexe::Homme,
            since_2015,
        ))
        .compte_bancaire(
            CompteBancaireSpec::new(COURANT, "BIAT", TypeCompte::Courant)
                .solde_initial(Montant::dinars(1_000), date("2025-01-01")),
        )
        .compte_bancaire(CompteBancaireSpec::new(EPARGNE, "STB", TypeCompte::Epargne))
        .operation_bancaire(
            COURANT,
            FicheOperation {
                type_operation: TypeOperation::Frais,
                libelle: "Frais de tenue de compte".into(),
                montant: Montant::from_millimes(12_500),
                date: date("2025-03-31"),
                date_banque: None,
                commentaire: None,
            },
        )
        .exercice_cloture(2025)
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
                Some(if du.propriete == "A1" {
                    Paiement {
                        montant: Montant::dinars(100),
                        date_paiement: date("2026-03-02"),
                        methode: MethodePaiement::Cheque,
                        reference: Some("CHQ 4210001".into()),
                    }
                } else {
                    Paiement {
                        montant: Montant::dinars(100),
                        date_paiement: date("2026-03-03"),
                        methode: MethodePaiement::Virement,
                        reference: Some("VIR 77".into()),
                    }
                })
            }),
        )
        .build()
        .await
        .unwrap();
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user(OTHER_TREASURER, "Nadia Trabelsi", Role::Tresorier)
        .exercice(2026)
        .build()
        .await
        .unwrap();
    world.spawn_on(today).await
}

async fn send(browser: &TestApp, method: Method, path: &str, body: &Value) -> Response {
    browser.write(method, path).json(body).send().await.unwrap()
}

async fn post(browser: &TestApp, path: &str, body: Value) -> Value {
    ok(browser.post_json(path, &body).await).await
}

async fn get(browser: &TestApp, path: &str) -> Value {
    ok(browser.get(path).await).await
}

fn compte(libelle: &str, extra: Value) -> Value {
    let mut body = json!({
        "libelle": libelle, "banque": "Attijari Bank", "adresse_agence": "Av. Habib Bourguiba",
        "type": "courant", "swift": null, "rib": null, "iban": null, "commentaire": null,
        "is_main": false,
    });
    for (key, value) in extra.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}

fn operation(type_operation: &str, montant: Value, date: &str) -> Value {
    json!({
        "libelle": "Frais de tenue de compte", "type": type_operation, "montant": montant,
        "date": date, "date_banque": null, "commentaire": null, "compte": COURANT_ID,
    })
}

fn transfert(source: i64, destination: i64, montant: Value, date: &str) -> Value {
    json!({
        "compte_source": source, "compte_destination": destination, "montant": montant,
        "date": date, "reference": "TRF-1", "commentaire": null,
    })
}

/// Deposits A1's cheque onto Compte courant on 10 March 2026; returns the deposit.
async fn deposer(treasurer: &TestApp) -> Value {
    post(
        treasurer,
        "/api/remises-cheques/creer",
        json!({
            "compte_id": COURANT_ID, "cheque_ids": [CHEQUE_A1], "date": "2026-03-10",
            "reference": "REM-1", "commentaire": "Remise au guichet",
        }),
    )
    .await["remise"]
        .clone()
}

async fn comptes(browser: &TestApp) -> Value {
    get(browser, "/api/banque/comptes").await
}

async fn the_first_account_is_main_and_the_list_gives_balances(world: World) {
    let app = setup(&world).await;
    let other = signed_in(&app, OTHER_TREASURER).await;
    assert_eq!(
        comptes(&other).await,
        json!({"success": true, "has_bank": false, "comptes": [], "comptes_bancaires": []})
    );

    let created = post(
        &other,
        "/api/banque/comptes/creer",
        compte(
            "Compte BNA",
            json!({"rib": "03 007 0123456789012 12", "solde_initial": "1 250,5",
                   "date_solde_initial": "2026-02-01"}),
        ),
    )
    .await;

    // The first account is main although `is_main` was false; its RIB is kept without spaces
    // and its key checked for the form's warning.
    assert_eq!(
        created["compte"],
        json!({
            "id": 1, "libelle": "Compte BNA", "banque": "Attijari Bank", "type": "courant",
            "adresse_agence": "Av. Habib Bourguiba", "rib": "03007012345678901212",
            "swift": null, "iban": null, "commentaire": null, "is_main": true,
            "solde_initial": 1250.5, "date_solde_initial": "2026-02-01", "solde": 1250.5,
            "has_operations": false, "rib_cle_valide": false,
        })
    );
    let list = comptes(&other).await;
    assert_eq!(list["has_bank"], true);
    assert_eq!(
        list["comptes_bancaires"],
        json!([{"id": 1, "libelle": "Compte BNA", "is_main": true}])
    );

    // In the seeded residence, the main account's balance today: 1 000 − 12.5 + 100 (A2's
    // transfer); the cheque is not on an account until deposited.
    let member = signed_in(&app, MEMBER).await;
    let seeded = comptes(&member).await;
    assert_eq!(seeded["comptes"][0]["libelle"], COURANT);
    assert_eq!(seeded["comptes"][0]["solde"], json!(1087.5));
    assert_eq!(seeded["comptes"][0]["has_operations"], true);
    assert_eq!(seeded["comptes"][1]["libelle"], EPARGNE);
    assert_eq!(seeded["comptes"][1]["solde"], json!(0));
}

async fn declaring_another_account_main_moves_the_flag(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let created = post(
        &treasurer,
        "/api/banque/comptes/creer",
        compte("Compte Zitouna", json!({"is_main": 1})),
    )
    .await;

    assert_eq!(created["compte"]["is_main"], true);
    assert_eq!(
        comptes(&treasurer).await["comptes_bancaires"],
        json!([
            {"id": 3, "libelle": "Compte Zitouna", "is_main": true},
            {"id": COURANT_ID, "libelle": COURANT, "is_main": false},
            {"id": EPARGNE_ID, "libelle": EPARGNE, "is_main": false},
        ])
    );
    // Unticking it on the main account keeps it main.
    let edited = post(
        &treasurer,
        "/api/banque/comptes/modifier",
        compte("Compte Zitouna", json!({"id": 3, "is_main": "0"})),
    )
    .await;
    assert_eq!(edited["compte"]["is_main"], true);
}

async fn an_edit_keeps_the_opening_balance_it_does_not_send(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let edited = post(
        &treasurer,
        "/api/banque/comptes/modifier",
        compte(
            "Compte courant BIAT",
            json!({"id": COURANT_ID, "type": "courant", "swift": "biattntt"}),
        ),
    )
    .await;

    assert_eq!(edited["compte"]["libelle"], "Compte courant BIAT");
    assert_eq!(edited["compte"]["swift"], "BIATTNTT");
    assert_eq!(edited["compte"]["solde_initial"], json!(1000));
    assert_eq!(edited["compte"]["date_solde_initial"], "2025-01-01");
    assert_eq!(edited["compte"]["is_main"], true);
}

async fn a_bad_rib_is_refused(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let res = treasurer
        .post_json(
            "/api/banque/comptes/creer",
            &compte(
                "Compte BH",
                json!({"rib": "0800 6012 345", "iban": "FR76 1234"}),
            ),
        )
        .await;

    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["rib"], json!(["rib_invalide"]));
    assert_eq!(body["field_codes"]["iban"], json!(["iban_invalide"]));
}

async fn a_missing_libelle_is_refused(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let res = treasurer
        .post_json(
            "/api/banque/comptes/creer",
            &compte("  ", json!({"type": "joint", "banque": null})),
        )
        .await;

    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(field_errors(&body), ["banque", "libelle", "type"]);
    assert_eq!(body["field_codes"]["libelle"], json!(["champ_obligatoire"]));
    assert_eq!(body["field_codes"]["type"], json!(["type_compte_invalide"]));
}

async fn the_main_account_cannot_be_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let res = treasurer
        .post_json(
            "/api/banque/comptes/supprimer",
            &json!({"compte_id": COURANT_ID}),
        )
        .await;

    assert_error(res, 422, "compte_principal_non_supprimable").await;
}

async fn an_account_with_operations_cannot_be_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    post(
        &treasurer,
        "/api/banque/transferts/creer",
        transfert(COURANT_ID, EPARGNE_ID, json!(300), "2026-05-02"),
    )
    .await;

    let res = treasurer
        .post_json(
            "/api/banque/comptes/supprimer",
            &json!({"compte_id": EPARGNE_ID}),
        )
        .await;

    assert_error(res, 422, "compte_avec_operations").await;
    assert_eq!(
        comptes(&treasurer).await["comptes"][1]["has_operations"],
        true
    );
}

async fn an_account_without_movements_is_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    post(
        &treasurer,
        "/api/banque/comptes/supprimer",
        json!({"compte_id": EPARGNE_ID}),
    )
    .await;

    assert_eq!(
        comptes(&treasurer).await["comptes_bancaires"],
        json!([{"id": COURANT_ID, "libelle": COURANT, "is_main": true}])
    );
}

async fn operations_are_recorded_corrected_and_deleted_by_type(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let created = post(
        &treasurer,
        "/api/banque/operations/creer",
        operation("frais", json!("8,750"), "2026-04-30"),
    )
    .await;
    assert_eq!(
        created["operation"],
        json!({
            "id": 2, "libelle": "Frais de tenue de compte", "type": "frais", "montant": 8.75,
            "date": "2026-04-30", "date_banque": null, "commentaire": null, "is_closed": false,
            "compte_id": COURANT_ID,
        })
    );
    let frais = get(&treasurer, "/api/banque/operations?categorie=frais").await;
    assert_eq!(frais["has_bank"], true);
    let ids = |compte: &Value| -> Vec<Value> {
        compte["operations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["id"].clone())
            .collect()
    };
    // Newest first; the 2025 fee is closed.
    assert_eq!(ids(&frais["comptes"][0]), [json!(2), json!(FRAIS_2025)]);
    assert_eq!(frais["comptes"][0]["operations"][1]["is_closed"], true);
    assert_eq!(frais["comptes"][1]["operations"], json!([]));
    let interets = get(&treasurer, "/api/banque/operations?categorie=interets").await;
    assert_eq!(interets["comptes"][0]["operations"], json!([]));

    // Corrected into interest, pointed by its form's bank date.
    let edited = post(
        &treasurer,
        "/api/banque/operations/modifier",
        json!({"id": 2, "type": "interets", "libelle": "Intérêts T1", "montant": 15.125,
               "date": "2026-04-30", "date_banque": "2026-05-02", "commentaire": "T1"}),
    )
    .await;
    assert_eq!(edited["operation"]["type"], "interets");
    assert_eq!(edited["operation"]["montant"], json!(15.125));
    assert_eq!(edited["operation"]["date_banque"], "2026-05-02");
    let interets = get(&treasurer, "/api/banque/operations?categorie=interets").await;
    assert_eq!(ids(&interets["comptes"][0]), [json!(2)]);

    post(
        &treasurer,
        "/api/banque/operations/supprimer",
        json!({"operation_id": 2}),
    )
    .await;
    let interets = get(&treasurer, "/api/banque/operations?categorie=interets").await;
    assert_eq!(interets["comptes"][0]["operations"], json!([]));
}

async fn an_amount_with_four_decimals_is_refused(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let res = treasurer
        .post_json(
            "/api/banque/operations/creer",
            &operation("retrait", json!(12.3456), "2026-04-30"),
        )
        .await;

    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["montant"], json!(["montant_decimales"]));
}

async fn transfers_are_recorded_corrected_and_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let created = post(
        &treasurer,
        "/api/banque/transferts/creer",
        transfert(COURANT_ID, EPARGNE_ID, json!("300.250"), "2026-05-02"),
    )
    .await;
    assert_eq!(
        created["transfert"],
        json!({
            "id": 1, "compte_source": {"id": COURANT_ID, "libelle": COURANT},
            "compte_destination": {"id": EPARGNE_ID, "libelle": EPARGNE}, "montant": 300.25,
            "date": "2026-05-02", "reference": "TRF-1", "commentaire": null, "is_closed": false,
        })
    );
    let edited = post(
        &treasurer,
        "/api/banque/transferts/modifier",
        json!({"id": 1, "compte_source": EPARGNE_ID, "compte_destination": COURANT_ID,
               "montant": 50, "date": "2026-05-03", "reference": null, "commentaire": "retour"}),
    )
    .await;
    assert_eq!(edited["transfert"]["compte_source"]["id"], EPARGNE_ID);
    assert_eq!(edited["transfert"]["montant"], json!(50));
    let list = get(&treasurer, "/api/banque/operations/transferts").await;
    assert_eq!(list["has_bank"], true);
    assert_eq!(list["transferts"].as_array().unwrap().len(), 1);
    assert_eq!(list["comptes_bancaires"][0]["is_main"], true);
    // The balances follow: 1 087.5 + 50 on the main account, −50 on the savings.
    let soldes = comptes(&treasurer).await;
    assert_eq!(soldes["comptes"][0]["solde"], json!(1137.5));
    assert_eq!(soldes["comptes"][1]["solde"], json!(-50));

    post(
        &treasurer,
        "/api/banque/transferts/supprimer",
        json!({"transfert_id": 1}),
    )
    .await;
    let list = get(&treasurer, "/api/banque/operations/transferts").await;
    assert_eq!(list["transferts"], json!([]));
}

async fn a_transfer_between_the_same_account_is_refused(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let res = treasurer
        .post_json(
            "/api/banque/transferts/creer",
            &transfert(COURANT_ID, COURANT_ID, json!(10), "2026-05-02"),
        )
        .await;

    assert_error(res, 422, "comptes_identiques").await;
}

async fn pending_cheques_are_deposited(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let pending = get(&treasurer, "/api/remises-cheques/cheques").await;
    assert_eq!(
        pending["cheques"],
        json!([{
            "id": CHEQUE_A1, "origine": "encaissement", "montant": 100, "date": "2026-03-02",
            "reference": "CHQ 4210001", "tireur": "Leïla Haddad", "propriete": "A1",
            "libelle": "Ascenseur",
        }])
    );
    assert_eq!(pending["comptes"][0]["id"], COURANT_ID);

    let remise = deposer(&treasurer).await;

    assert_eq!(
        remise,
        json!({
            "id": 1, "date": "2026-03-10", "compte_id": COURANT_ID, "compte_nom": COURANT,
            "reference": "REM-1", "commentaire": "Remise au guichet", "montant": 100,
            "cheques": pending["cheques"], "is_closed": false,
        })
    );
    let pending = get(&treasurer, "/api/remises-cheques/cheques").await;
    assert_eq!(pending["cheques"], json!([]));
    let remises = get(&treasurer, "/api/remises-cheques").await;
    assert_eq!(remises["has_bank"], true);
    assert_eq!(remises["remises"], json!([remise]));
    assert_eq!(
        comptes(&treasurer).await["comptes"][0]["solde"],
        json!(1187.5)
    );
}

async fn deleting_a_deposit_releases_its_cheques(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    deposer(&treasurer).await;

    let res = send(
        &treasurer,
        Method::DELETE,
        "/api/remises-cheques/supprimer?id=1",
        &json!({}),
    )
    .await;

    ok(res).await;
    let pending = get(&treasurer, "/api/remises-cheques/cheques").await;
    assert_eq!(pending["cheques"][0]["id"], CHEQUE_A1);
    assert_eq!(
        get(&treasurer, "/api/remises-cheques").await["remises"],
        json!([])
    );
}

async fn a_deposited_cheque_payment_can_be_neither_cancelled_nor_corrected(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    deposer(&treasurer).await;

    let cancel = treasurer
        .post_json(
            "/api/cotisations/encaissement/supprimer",
            &json!({"encaissement_id": CHEQUE_A1}),
        )
        .await;
    let correct = treasurer
        .post_json(
            "/api/cotisations/encaissement/modifier",
            &json!({"encaissement_id": CHEQUE_A1, "montant": 90, "date_paiement": "2026-03-02",
                    "methode_paiement": "cheque", "reference_paiement": "CHQ 4210001"}),
        )
        .await;

    assert_error(cancel, 409, "cheque_remis").await;
    assert_error(correct, 409, "cheque_remis").await;
}

async fn the_reconciliation_adds_up_pointed_and_unpointed_movements(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    deposer(&treasurer).await;
    post(
        &treasurer,
        "/api/banque/operations/creer",
        operation("frais", json!(8.5), "2026-04-30"),
    )
    .await;
    post(
        &treasurer,
        "/api/banque/transferts/creer",
        transfert(COURANT_ID, EPARGNE_ID, json!(300), "2026-05-02"),
    )
    .await;
    for (id, table, day) in [
        (VIREMENT_A2, "encaissement", "2026-03-05"),
        (1, "remise", "2026-03-12"),
    ] {
        post(
            &treasurer,
            "/api/banque/pointer",
            json!({"id": id, "table": table, "date_banque": day}),
        )
        .await;
    }

    let member = signed_in(&app, MEMBER).await;
    let rapprochement = get(&member, "/api/banque/rapprochement").await;

    assert_eq!(rapprochement["compte_id"], COURANT_ID);
    assert_eq!(rapprochement["exercice"], 2026);
    assert_eq!(rapprochement["is_closed"], false);
    assert_eq!(
        rapprochement["exercices"],
        json!([{"annee": 2026, "is_closed": false}, {"annee": 2025, "is_closed": true}])
    );
    let rows: Vec<Value> = rapprochement["rapprochements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            json!([
                row["table"],
                row["id"],
                row["libelle"],
                row["description"],
                row["montant"],
                row["date_banque"],
                row["pointable"]
            ])
        })
        .collect();
    assert_eq!(
        rows,
        [
            json!([
                "solde",
                COURANT_ID,
                "Solde reporté au 01/01/2026",
                {"nature": "solde_reporte", "date": "2026-01-01"},
                987.5,
                null,
                false
            ]),
            json!([
                "encaissement",
                VIREMENT_A2,
                "Encaissement Ascenseur — A2",
                {"nature": "encaissement", "cotisation": "Ascenseur", "propriete": "A2"},
                100,
                "2026-03-05",
                true
            ]),
            json!([
                "remise",
                1,
                "Remise de 1 chèque",
                {"nature": "remise", "nombre_cheques": 1},
                100,
                "2026-03-12",
                true
            ]),
            json!([
                "operation",
                2,
                "Frais de tenue de compte",
                {"nature": "operation", "libelle": "Frais de tenue de compte"},
                -8.5,
                null,
                true
            ]),
            json!([
                "transfert_sortie",
                1,
                format!("Transfert vers {EPARGNE}"),
                {"nature": "transfert_vers", "compte_libelle": EPARGNE},
                -300,
                null,
                true
            ]),
        ]
    );
    assert_eq!(
        rapprochement["totaux"],
        json!({"pointe": 200, "non_pointe": -308.5, "solde_livres": 879,
               "solde_banque": 1187.5, "date_dernier_pointage": "2026-03-12"})
    );
    // The other side of the transfer, on the savings account, is a movement of its own.
    let epargne = get(
        &member,
        &format!("/api/banque/rapprochement?id={EPARGNE_ID}&exercice=2026"),
    )
    .await;
    let entree = epargne["rapprochements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["table"] == "transfert_entree")
        .unwrap()
        .clone();
    assert_eq!(entree["montant"], json!(300));
    assert_eq!(entree["libelle"], format!("Transfert depuis {COURANT}"));
    assert_eq!(
        entree["description"],
        json!({"nature": "transfert_depuis", "compte_libelle": COURANT})
    );
    // 2025: the opening balance and the fee, closed.
    let annee_2025 = get(&member, "/api/banque/rapprochement?exercice=2025").await;
    assert_eq!(annee_2025["is_closed"], true);
    assert_eq!(annee_2025["rapprochements"][0]["table"], "solde");
    assert_eq!(annee_2025["rapprochements"][0]["montant"], json!(1000));
    assert_eq!(
        annee_2025["rapprochements"][0]["description"],
        json!({"nature": "solde_initial", "date": "2025-01-01"})
    );
    assert_eq!(
        annee_2025["rapprochements"][0]["libelle"],
        "Solde initial au 01/01/2025"
    );
    assert_eq!(annee_2025["rapprochements"][1]["is_closed"], true);
    assert_eq!(annee_2025["totaux"]["solde_livres"], json!(987.5));
    // A year its dates cannot be written of (yyyy-MM-dd) is no exercice.
    let res = member.get("/api/banque/rapprochement?exercice=18443").await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["exercice"], json!(["valeur_invalide"]));
}

async fn a_movement_is_pointed_then_unpointed(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let pointed = post(
        &treasurer,
        "/api/banque/pointer",
        json!({"id": VIREMENT_A2, "table": "encaissement", "date_banque": "2026-03-05"}),
    )
    .await;
    assert_eq!(
        pointed,
        json!({
            "success": true, "table": "encaissement",
            "operation": {
                "id": VIREMENT_A2, "table": "encaissement",
                "libelle": "Encaissement Ascenseur — A2",
                "description": {"nature": "encaissement", "cotisation": "Ascenseur",
                                "propriete": "A2"},
                "montant": 100, "date": "2026-03-03",
                "date_banque": "2026-03-05", "reference": "VIR 77", "is_closed": false,
                "pointable": true,
            },
        })
    );

    let unpointed = post(
        &treasurer,
        "/api/banque/pointer",
        json!({"id": VIREMENT_A2, "table": "encaissement", "date_banque": null}),
    )
    .await;

    assert_eq!(unpointed["operation"]["date_banque"], Value::Null);
    let rapprochement = get(&treasurer, "/api/banque/rapprochement").await;
    assert_eq!(rapprochement["totaux"]["pointe"], json!(0));
    assert_eq!(
        rapprochement["totaux"]["date_dernier_pointage"],
        Value::Null
    );
}

/// The reconciliation's answer is kept until its read models move (`AppState::rapprochements`):
/// a read, a pointing, then the same read shows the pointing; another account's read is its own.
async fn a_reconciliation_read_again_after_a_change_shows_it(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let before = get(&treasurer, "/api/banque/rapprochement").await;
    assert_eq!(before["totaux"]["pointe"], json!(0));
    assert_eq!(get(&treasurer, "/api/banque/rapprochement").await, before);

    post(
        &treasurer,
        "/api/banque/pointer",
        json!({"id": VIREMENT_A2, "table": "encaissement", "date_banque": "2026-03-05"}),
    )
    .await;

    let after = get(&treasurer, "/api/banque/rapprochement").await;
    assert_eq!(after["totaux"]["pointe"], json!(100));
    assert_eq!(
        after["totaux"]["date_dernier_pointage"],
        json!("2026-03-05")
    );
    let other = get(
        &treasurer,
        &format!("/api/banque/rapprochement?id={EPARGNE_ID}"),
    )
    .await;
    assert_eq!(other["compte_id"], json!(EPARGNE_ID));
}

async fn a_pointing_names_a_known_movement(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let unknown = treasurer
        .post_json(
            "/api/banque/pointer",
            &json!({"id": 99, "table": "operation", "date_banque": "2026-03-05"}),
        )
        .await;
    let wrong = treasurer
        .post_json(
            "/api/banque/pointer",
            &json!({"id": 1, "table": "solde", "date_banque": "05/03/2026"}),
        )
        .await;
    let missing_date = treasurer
        .post_json("/api/banque/pointer", &json!({"id": 1, "table": "remise"}))
        .await;

    assert_error(unknown, 404, "mouvement_inconnu").await;
    let body = assert_error(wrong, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["table"], json!(["table_invalide"]));
    assert_eq!(body["field_codes"]["date_banque"], json!(["date_invalide"]));
    let body = assert_error(missing_date, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"]["date_banque"],
        json!(["champ_obligatoire"])
    );
}

async fn every_change_is_the_treasurer_s(world: World) {
    let app = setup(&world).await;
    let member = signed_in(&app, MEMBER).await;
    let changes = [
        (
            Method::POST,
            "/api/banque/comptes/creer",
            compte("X", json!({})),
        ),
        (
            Method::POST,
            "/api/banque/comptes/modifier",
            compte("X", json!({"id": COURANT_ID})),
        ),
        (
            Method::POST,
            "/api/banque/comptes/supprimer",
            json!({"compte_id": EPARGNE_ID}),
        ),
        (
            Method::POST,
            "/api/banque/operations/creer",
            operation("frais", json!(1), "2026-04-30"),
        ),
        (
            Method::POST,
            "/api/banque/operations/modifier",
            json!({"id": FRAIS_2025, "type": "frais", "libelle": "Frais", "montant": 1,
                   "date": "2026-04-30"}),
        ),
        (
            Method::POST,
            "/api/banque/operations/supprimer",
            json!({"operation_id": FRAIS_2025}),
        ),
        (
            Method::POST,
            "/api/banque/transferts/creer",
            transfert(COURANT_ID, EPARGNE_ID, json!(1), "2026-04-30"),
        ),
        (
            Method::POST,
            "/api/banque/transferts/modifier",
            json!({"id": 1, "compte_source": COURANT_ID, "compte_destination": EPARGNE_ID,
                   "montant": 1, "date": "2026-04-30"}),
        ),
        (
            Method::POST,
            "/api/banque/transferts/supprimer",
            json!({"transfert_id": 1}),
        ),
        (
            Method::POST,
            "/api/banque/pointer",
            json!({"id": VIREMENT_A2, "table": "encaissement", "date_banque": "2026-03-05"}),
        ),
        (
            Method::POST,
            "/api/remises-cheques/creer",
            json!({"compte_id": COURANT_ID, "cheque_ids": [CHEQUE_A1], "date": "2026-03-10"}),
        ),
        (
            Method::DELETE,
            "/api/remises-cheques/supprimer?id=1",
            json!({}),
        ),
    ];

    for (method, path, body) in changes {
        let res = send(&member, method, path, &body).await;
        assert_error(res, 403, "finance_required").await;
    }
    // The council member reads.
    assert_eq!(comptes(&member).await["has_bank"], true);
}

async fn co_owners_read_nothing_of_the_bank(world: World) {
    let app = setup(&world).await;
    let co_owner = signed_in(&app, CO_OWNER).await;

    for path in [
        "/api/banque/comptes",
        "/api/banque/operations?categorie=frais",
        "/api/banque/operations/transferts",
        "/api/banque/rapprochement",
        "/api/remises-cheques",
        "/api/remises-cheques/cheques",
    ] {
        assert_error(co_owner.get(path).await, 403, "syndic_required").await;
    }
}

async fn changes_dated_in_a_closed_exercice_are_refused(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let new_operation = treasurer
        .post_json(
            "/api/banque/operations/creer",
            &operation("frais", json!(5), "2025-06-30"),
        )
        .await;
    let deleted_operation = treasurer
        .post_json(
            "/api/banque/operations/supprimer",
            &json!({"operation_id": FRAIS_2025}),
        )
        .await;
    let pointing = treasurer
        .post_json(
            "/api/banque/pointer",
            &json!({"id": FRAIS_2025, "table": "operation", "date_banque": "2026-01-02"}),
        )
        .await;
    let transfer = treasurer
        .post_json(
            "/api/banque/transferts/creer",
            &transfert(COURANT_ID, EPARGNE_ID, json!(10), "2025-12-31"),
        )
        .await;

    for res in [new_operation, deleted_operation, pointing, transfer] {
        assert_error(res, 403, "exercice_cloture").await;
    }
}

async fn changes_dated_without_exercice_are_refused(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let new_operation = treasurer
        .post_json(
            "/api/banque/operations/creer",
            &operation("depot", json!(5), "2027-01-05"),
        )
        .await;
    let transfer = treasurer
        .post_json(
            "/api/banque/transferts/creer",
            &transfert(COURANT_ID, EPARGNE_ID, json!(10), "2024-12-31"),
        )
        .await;
    let deposit = treasurer
        .post_json(
            "/api/remises-cheques/creer",
            &json!({"compte_id": COURANT_ID, "cheque_ids": [CHEQUE_A1], "date": "2027-01-10"}),
        )
        .await;

    for res in [new_operation, transfer, deposit] {
        assert_error(res, 409, "aucun_exercice_ouvert").await;
    }
}

async fn the_demo_banks_on_two_accounts_with_most_of_2025_pointed(world: World) {
    let db = world.db().await;
    daftar_api::demo::load(&db).await.unwrap();
    let app = world.spawn().await;
    let treasurer = app.new_browser();
    treasurer
        .login("20000002", daftar_api::demo::PASSWORD)
        .await;

    let rapprochement = get(&treasurer, "/api/banque/rapprochement?exercice=2025").await;
    let remises = get(&treasurer, "/api/remises-cheques").await;

    let comptes = rapprochement["comptes"].as_array().unwrap();
    assert_eq!(comptes.len(), 2);
    assert_eq!(comptes[0]["is_main"], true);
    let rows = rapprochement["rapprochements"].as_array().unwrap();
    let pointed = rows.iter().filter(|r| !r["date_banque"].is_null()).count();
    let movements = rows.iter().filter(|r| r["pointable"] == true).count();
    assert!(
        pointed * 4 > movements * 3,
        "{pointed} of {movements} pointed"
    );
    assert!(rows.iter().any(|r| r["table"] == "encaissement"));
    assert!(rows.iter().any(|r| r["table"] == "transfert_sortie"));
    assert!(rows.iter().any(|r| r["table"] == "paiement_depense"));
    // The shop sign's rent came by transfer.
    assert!(rows.iter().any(|r| r["table"] == "paiement_contrat"));
    assert!(rows.iter().any(|r| r["table"] == "paiement_salaire"));
    assert!(rows.iter().any(|r| r["table"] == "charge_patronale"));
    // Each row says what it is in parts, after its kind; a deposit counts its cheques.
    for row in rows {
        let nature = row["description"]["nature"].as_str().unwrap();
        let expected = match row["table"].as_str().unwrap() {
            "solde" => ["solde_reporte", "solde_initial"].as_slice(),
            "remise" => &["remise"],
            "transfert_sortie" => &["transfert_vers"],
            "transfert_entree" => &["transfert_depuis"],
            "encaissement" => &["encaissement"],
            "paiement_depense" => &["paiement_depense"],
            "paiement_contrat" => &["paiement_contrat"],
            "revenu_exceptionnel" => &["revenu_exceptionnel"],
            "paiement_salaire" => &["paiement_salaire"],
            "charge_patronale" => &["charge_patronale"],
            _ => &["operation"],
        };
        assert!(expected.contains(&nature), "{row}");
    }
    assert!(rows
        .iter()
        .filter(|r| r["table"] == "remise")
        .all(|r| r["description"]["nombre_cheques"].as_i64().unwrap() > 1));
    // Each half-year's cheques, deposited early in the next: two for 2025, one for 2026's first.
    assert_eq!(remises["remises"].as_array().unwrap().len(), 3);
}
