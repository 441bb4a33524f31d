//! Online payment through Konnect (issue 21; docs/api-paiement-en-ligne.md), against the
//! stand-in gateway (`daftar-konnect-essai`) answering on 127.0.0.1 as Konnect does: success,
//! failure, expiry, the webhook twice, a webhook for an unknown reference, a forged webhook, the
//! gateway down, an overpayment, the settlement, permissions and validation — on SQLite and
//! PostgreSQL.

use std::net::TcpListener;

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    CompteBancaireSpec, CotisationSpec, OccupationSpec, ResidenceBuilder, Role,
};
use daftar_domain::banque::TypeCompte;
use daftar_domain::comptabilite::Compte;
use daftar_domain::occupation::Sexe;
use daftar_domain::revenus::TypeCotisation;
use daftar_domain::Montant;
use daftar_konnect_essai::{Passerelle, Reglages};
use serde_json::{json, Value};

use crate::support::{
    assert_error, field_errors, ledger_state, ok, signed_in, TestApp, World, PASSWORD,
};

on_both_stores!(
    a_co_owner_pays_a_due_online_and_the_collection_is_recorded_with_its_receipt,
    a_refused_payment_fails_and_releases_its_dues,
    a_pending_request_refuses_a_second_until_it_expires_and_cash_is_still_collected,
    the_webhook_twice_and_the_return_record_the_payment_once,
    an_unknown_reference_is_404_and_a_forged_webhook_records_nothing,
    a_payment_for_a_due_paid_in_cash_meanwhile_is_an_overpayment_shown_to_the_treasurer,
    when_the_gateway_is_down_nothing_stays_reserved,
    the_settings_are_the_treasurers_and_keep_the_key_secret,
    a_co_owner_asks_only_for_his_own_unpaid_dues,
    the_settlement_clears_the_gateway_account_under_the_closed_year_guard,
    the_demo_has_a_due_paid_online_and_its_settlement_in_the_bank,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";
const OTHER_CO_OWNER: &str = "50000002";
const API_KEY: &str = "cle-secrete-konnect-123";
const WALLET: &str = "wallet-jasmins";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// The residence's day in the tests.
const AUJOURD_HUI: &str = "2026-06-15";

/// A world with Les Jasmins (a treasurer, a council member, two co-owners: Leïla owns A1 and
/// A3, Sami A2; 2025 closed, 2026 open; Compte courant; "Ascenseur" 100 DT per property due 1
/// March; "Charges" 50 DT due 1 June), the stand-in gateway, and a server that knows both.
struct Fixture {
    passerelle: Passerelle,
    app: TestApp,
    residence_id: i64,
}

async fn setup(world: &World) -> Fixture {
    let db = world.db().await;
    let depuis = date("2015-01-01");
    let built = ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date(AUJOURD_HUI))
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .user(OTHER_CO_OWNER, "Sami Gharbi", Role::Coproprietaire)
        .exercice(2025)
        .exercice(2026)
        .exercice_cloture(2025)
        .propriete("A1")
        .propriete("A2")
        .propriete("A3")
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, depuis).tel(CO_OWNER),
        )
        .occupation(
            OccupationSpec::proprietaire("A2", "Sami Gharbi", Sexe::Homme, depuis)
                .tel(OTHER_CO_OWNER),
        )
        .occupation(OccupationSpec::proprietaire(
            "A3",
            "Leïla Haddad",
            Sexe::Femme,
            depuis,
        ))
        .compte_bancaire(
            CompteBancaireSpec::new("Compte courant", "BIAT", TypeCompte::Courant).principal(),
        )
        .cotisation(
            CotisationSpec::new(
                "Ascenseur",
                TypeCotisation::Exceptionnelle,
                date("2026-03-01"),
                date("2026-03-01"),
                date("2026-03-01"),
            )
            .egale(Montant::dinars(100)),
        )
        .cotisation(
            CotisationSpec::new(
                "Charges",
                TypeCotisation::Exceptionnelle,
                date("2026-06-01"),
                date("2026-06-01"),
                date("2026-06-01"),
            )
            .egale(Montant::dinars(50)),
        )
        .build()
        .await
        .unwrap();
    let passerelle = Passerelle::demarrer(
        TcpListener::bind("127.0.0.1:0").unwrap(),
        Reglages {
            api_key: API_KEY.to_owned(),
            wallet_id: WALLET.to_owned(),
        },
    )
    .unwrap();
    let app = serveur(world, &passerelle.api_url(), "2026-06-15T11:00:00Z").await;
    Fixture {
        passerelle,
        app,
        residence_id: built.residence_id,
    }
}

/// A server on the world's database whose clock says `maintenant` (UTC), talking to the gateway
/// at `konnect`, and telling it its own address for the webhook and the return.
async fn serveur(world: &World, konnect: &str, maintenant: &str) -> TestApp {
    let port = {
        let probe = TcpListener::bind("127.0.0.1:0").unwrap();
        probe.local_addr().unwrap().port()
    };
    let konnect = konnect.to_owned();
    let maintenant = chrono::DateTime::parse_from_rfc3339(maintenant)
        .unwrap()
        .with_timezone(&chrono::Utc);
    world
        .spawn_with(move |settings| {
            settings.addr = format!("127.0.0.1:{port}").parse().unwrap();
            settings.mail.public_url = format!("http://127.0.0.1:{port}");
            settings.konnect.url = konnect;
            settings.clock = daftar_api::clock::Clock::fixed(maintenant);
        })
        .await
}

/// The treasurer turns online payment on with the stand-in's wallet and key.
async fn activer(app: &TestApp) {
    let tresoriere = signed_in(app, TREASURER).await;
    ok(tresoriere
        .post_json(
            "/api/paiement-en-ligne/configuration",
            &json!({
                "active": true, "wallet_id": WALLET, "cle_api": API_KEY,
                "frais_au_coproprietaire": false, "methodes": ["bank_card", "e-DINAR"],
                "compte_id": 1,
            }),
        )
        .await)
    .await;
}

/// The ids of the co-owner's dues, by title and property.
async fn du(app: &TestApp, tel: &str, titre: &str, propriete: &str) -> i64 {
    let browser = signed_in(app, tel).await;
    let body = ok(browser.get("/api/cotisations/coproprietaire").await).await;
    body["cotisations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["titre"] == titre && c["dialogData"]["propriete"]["nom"] == propriete)
        .unwrap_or_else(|| panic!("no due {titre} {propriete} in {body}"))["id"]
        .as_i64()
        .unwrap()
}

async fn demander(browser: &TestApp, ids: &[i64]) -> reqwest::Response {
    browser
        .post_json(
            "/api/coproprietaire/paiement-en-ligne/demander",
            &json!({ "montant_du_ids": ids }),
        )
        .await
}

/// A request the gateway opened: its body, and the reference from the pay URL.
async fn demande(browser: &TestApp, ids: &[i64]) -> (Value, String) {
    let res = demander(browser, ids).await;
    let status = res.status().as_u16();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, 201, "{body}");
    let pay_url = body["paiement"]["pay_url"].as_str().unwrap().to_owned();
    let reference = pay_url.rsplit('/').next().unwrap().to_owned();
    (body["paiement"].clone(), reference)
}

async fn retour(browser: &TestApp, reference: &str) -> Value {
    ok(browser
        .get(&format!(
            "/api/coproprietaire/paiement-en-ligne/retour?payment_ref={reference}"
        ))
        .await)
    .await["paiement"]
        .clone()
}

async fn liste(app: &TestApp) -> Vec<Value> {
    let tresoriere = signed_in(app, TREASURER).await;
    ok(tresoriere.get("/api/paiement-en-ligne/paiements").await).await["paiements"]
        .as_array()
        .unwrap()
        .clone()
}

/// What remains due on a due, as the co-owner's list says.
async fn restant(app: &TestApp, tel: &str, id: i64) -> Value {
    let browser = signed_in(app, tel).await;
    let body = ok(browser.get("/api/cotisations/coproprietaire").await).await;
    body["cotisations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap()["restant_du"]
        .clone()
}

async fn encaisser_en_especes(app: &TestApp, montant_du_id: i64, montant: i64) {
    let tresoriere = signed_in(app, TREASURER).await;
    ok(tresoriere
        .post_json(
            "/api/cotisations/encaisser",
            &json!({
                "cotisation_nom": "x", "montant": montant, "montant_du_id": montant_du_id,
                "date_paiement": AUJOURD_HUI, "methode_paiement": "espece",
                "reference_paiement": null,
            }),
        )
        .await)
    .await;
}

async fn a_co_owner_pays_a_due_online_and_the_collection_is_recorded_with_its_receipt(
    world: World,
) {
    let f = setup(&world).await;
    activer(&f.app).await;
    let leila = signed_in(&f.app, CO_OWNER).await;
    let offre = ok(leila.get("/api/coproprietaire/paiement-en-ligne").await).await;
    assert_eq!(offre["disponible"], true);
    assert_eq!(offre["methodes"], json!(["bank_card", "e-DINAR"]));
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    let charges = du(&f.app, CO_OWNER, "Charges", "A1").await;

    // When Leïla asks to pay both dues owed now
    let (paiement, reference) = demande(&leila, &[ascenseur, charges]).await;
    assert_eq!(paiement["montant"], json!(150));
    assert_eq!(paiement["expire_le"], "2026-06-15T11:15:00Z");
    // Then the gateway was asked for 150 000 millimes with our URLs
    let ouvert = f.passerelle.paiement(&reference).unwrap();
    assert_eq!(ouvert.amount, 150_000);
    assert_eq!(
        ouvert.order_id.as_deref(),
        Some(paiement["id"].to_string().as_str())
    );
    assert!(ouvert
        .webhook
        .as_deref()
        .unwrap()
        .ends_with("/api/paiement-en-ligne/webhook"));
    assert!(ouvert
        .success_url
        .as_deref()
        .unwrap()
        .ends_with("/coproprietaire/paiement-en-ligne/retour"));
    assert_eq!(ouvert.accepted_payment_methods, ["bank_card", "e-DINAR"]);

    // When she pays on the gateway's page (its button posts the form)
    let page = leila
        .client
        .get(paiement["pay_url"].as_str().unwrap())
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        page.contains(">Payer<") && page.contains(">Refuser<"),
        "{page}"
    );
    let redirection = leila
        .client
        .post(paiement["pay_url"].as_str().unwrap())
        .form(&[("action", "payer")])
        .send()
        .await
        .unwrap();
    assert_eq!(redirection.status().as_u16(), 303);
    let location = redirection.headers()["location"].to_str().unwrap();
    assert!(
        location.ends_with(&format!(
            "/coproprietaire/paiement-en-ligne/retour?payment_ref={reference}"
        )),
        "{location}"
    );
    assert_eq!(f.passerelle.appels_webhook(&reference), 1);

    // Then the return page says paid, with a receipt for each due
    let paye = retour(&leila, &reference).await;
    assert_eq!(paye["statut"], "payee");
    assert_eq!(paye["trop_percu"], json!(0));
    let encaissements = paye["encaissements"].as_array().unwrap();
    assert_eq!(encaissements.len(), 2);
    assert_eq!(encaissements[0]["montant_du_id"], ascenseur);
    assert_eq!(encaissements[0]["numero_recu"], "2026-000001");
    assert_eq!(restant(&f.app, CO_OWNER, ascenseur).await, json!(0));
    let recu = leila
        .get(&format!("/api/cotisations/recu?montant_du_id={ascenseur}"))
        .await;
    assert_eq!(recu.status().as_u16(), 200);
    assert!(recu.bytes().await.unwrap().starts_with(b"%PDF-"));

    // And the treasurer sees it among the online payments and the collections, method enligne
    let paiements = liste(&f.app).await;
    assert_eq!(paiements.len(), 1);
    assert_eq!(paiements[0]["statut"], "payee");
    assert_eq!(paiements[0]["reference_passerelle"], reference.as_str());
    assert_eq!(paiements[0]["proprietaire"], "Leïla Haddad");
    assert_eq!(
        paiements[0]["montant_dus"][0]["cotisation_titre"],
        "Ascenseur"
    );
    assert_eq!(paiements[0]["montant_dus"][0]["propriete"], "A1");
    assert_eq!(paiements[0]["frais"], json!(0));
    let db = world.db().await;
    let livre = ledger_state(&db, f.residence_id).await;
    let encaissement = livre
        .revenus
        .encaissement(encaissements[0]["id"].as_i64().unwrap())
        .unwrap();
    assert_eq!(
        serde_json::to_value(encaissement.methode).unwrap(),
        "enligne"
    );
    assert_eq!(encaissement.reference.as_deref(), Some(reference.as_str()));
    let soldes = livre.soldes.soldes_fin(2026);
    assert_eq!(soldes.get(&Compte::PaiementsEnLigne), Some(&150_000));
    assert_eq!(livre.soldes.ecart_balance(2026), 0);
}

async fn a_refused_payment_fails_and_releases_its_dues(world: World) {
    let f = setup(&world).await;
    activer(&f.app).await;
    let leila = signed_in(&f.app, CO_OWNER).await;
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    let (_, reference) = demande(&leila, &[ascenseur]).await;
    assert!(f.passerelle.refuser(&reference).await);
    assert_eq!(retour(&leila, &reference).await["statut"], "echouee");
    assert_eq!(restant(&f.app, CO_OWNER, ascenseur).await, json!(100));
    // The due is free again
    demande(&leila, &[ascenseur]).await;
    assert_eq!(liste(&f.app).await[1]["statut"], "echouee");
}

async fn a_pending_request_refuses_a_second_until_it_expires_and_cash_is_still_collected(
    world: World,
) {
    let f = setup(&world).await;
    activer(&f.app).await;
    let leila = signed_in(&f.app, CO_OWNER).await;
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    let charges = du(&f.app, CO_OWNER, "Charges", "A1").await;
    let (_, premiere) = demande(&leila, &[ascenseur]).await;
    // While pending, no second online request may cover the same due
    assert_error(
        demander(&leila, &[charges, ascenseur]).await,
        409,
        "paiement_en_ligne_en_cours",
    )
    .await;
    // ... but the treasurer still collects it in cash
    encaisser_en_especes(&f.app, ascenseur, 40).await;
    // Other dues are free
    demande(&leila, &[charges]).await;

    // Sixteen minutes later the request has expired: the due (60 DT left) is free again
    let plus_tard = serveur(&world, &f.passerelle.api_url(), "2026-06-15T11:16:00Z").await;
    let leila_plus_tard = signed_in(&plus_tard, CO_OWNER).await;
    let (paiement, seconde) = demande(&leila_plus_tard, &[ascenseur]).await;
    assert_eq!(paiement["montant"], json!(60));
    let statuts: Vec<Value> = liste(&plus_tard)
        .await
        .iter()
        .map(|p| p["statut"].clone())
        .collect();
    assert_eq!(
        statuts,
        [json!("en_attente"), json!("expiree"), json!("expiree")]
    );
    // And when the gateway says a payment expired, the return says so
    assert!(f.passerelle.forcer(&seconde, "expired"));
    assert_eq!(
        retour(&leila_plus_tard, &seconde).await["statut"],
        "expiree"
    );
    assert_eq!(
        retour(&leila_plus_tard, &premiere).await["statut"],
        "expiree"
    );
}

async fn the_webhook_twice_and_the_return_record_the_payment_once(world: World) {
    let f = setup(&world).await;
    activer(&f.app).await;
    let leila = signed_in(&f.app, CO_OWNER).await;
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    let (_, reference) = demande(&leila, &[ascenseur]).await;
    assert!(f.passerelle.payer(&reference).await);
    assert_eq!(f.passerelle.appeler_webhook(&reference).await, Some(200));
    // The webhook and the return at the same moment
    let (a, b, c) = tokio::join!(
        f.passerelle.appeler_webhook(&reference),
        retour(&leila, &reference),
        retour(&leila, &reference),
    );
    assert_eq!(a, Some(200));
    assert_eq!(b["statut"], "payee");
    assert_eq!(b["encaissements"], c["encaissements"]);
    let db = world.db().await;
    let livre = ledger_state(&db, f.residence_id).await;
    assert_eq!(livre.revenus.encaissements_de(ascenseur).count(), 1);
    assert_eq!(livre.revenus.paye(ascenseur), Montant::dinars(100));
    assert_eq!(livre.revenus.trop_percus().count(), 0);
}

async fn an_unknown_reference_is_404_and_a_forged_webhook_records_nothing(world: World) {
    let f = setup(&world).await;
    activer(&f.app).await;
    // A webhook for a reference nobody asked
    assert_error(
        f.app
            .get("/api/paiement-en-ligne/webhook?payment_ref=INCONNUE")
            .await,
        404,
        "paiement_en_ligne_inconnu",
    )
    .await;
    let leila = signed_in(&f.app, CO_OWNER).await;
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    let (_, reference) = demande(&leila, &[ascenseur]).await;
    // A webhook call for a payment the gateway says is still pending (forged): nothing recorded
    assert_eq!(f.passerelle.appeler_webhook(&reference).await, Some(200));
    let recu: Value = f
        .app
        .get(&format!(
            "/api/paiement-en-ligne/webhook?payment_ref={reference}"
        ))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(recu["recu"], true);
    assert_eq!(retour(&leila, &reference).await["statut"], "en_attente");
    assert_eq!(restant(&f.app, CO_OWNER, ascenseur).await, json!(100));
    // Another owner's reference is not his
    let sami = signed_in(&f.app, OTHER_CO_OWNER).await;
    assert_error(
        sami.get(&format!(
            "/api/coproprietaire/paiement-en-ligne/retour?payment_ref={reference}"
        ))
        .await,
        404,
        "paiement_en_ligne_inconnu",
    )
    .await;
    // A payment the gateway says completed for less than asked is not recorded either
    assert!(f.passerelle.forcer(&reference, "completed"));
    let db = world.db().await;
    sqlx::query("UPDATE paiements_en_ligne SET montant = montant + 1 WHERE reference = $1")
        .bind(&reference)
        .execute(&db.pool)
        .await
        .unwrap();
    assert_eq!(retour(&leila, &reference).await["statut"], "en_attente");
    assert_eq!(restant(&f.app, CO_OWNER, ascenseur).await, json!(100));
}

async fn a_payment_for_a_due_paid_in_cash_meanwhile_is_an_overpayment_shown_to_the_treasurer(
    world: World,
) {
    let f = setup(&world).await;
    activer(&f.app).await;
    let leila = signed_in(&f.app, CO_OWNER).await;
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    let charges = du(&f.app, CO_OWNER, "Charges", "A1").await;
    let (_, reference) = demande(&leila, &[ascenseur, charges]).await;
    // The treasurer collects the lift in cash meanwhile
    encaisser_en_especes(&f.app, ascenseur, 100).await;
    // Then the gateway's 150 DT arrive: 50 to the charges, 100 credited to Leïla
    assert!(f.passerelle.payer(&reference).await);
    let paye = retour(&leila, &reference).await;
    assert_eq!(paye["statut"], "payee");
    assert_eq!(paye["trop_percu"], json!(100));
    assert_eq!(paye["encaissements"].as_array().unwrap().len(), 1);
    assert_eq!(paye["encaissements"][0]["montant_du_id"], charges);
    let paiements = liste(&f.app).await;
    assert_eq!(paiements[0]["trop_percu"], json!(100));
    let db = world.db().await;
    let livre = ledger_state(&db, f.residence_id).await;
    assert_eq!(livre.revenus.paye(ascenseur), Montant::dinars(100));
    let soldes = livre.soldes.soldes_fin(2026);
    // 450: the calls (3 × 150 DT) less the cash (100) and the online 150: Leïla's 100 DT in credit
    assert_eq!(soldes.get(&Compte::Coproprietaires), Some(&200_000));
    assert_eq!(soldes.get(&Compte::PaiementsEnLigne), Some(&150_000));
    assert_eq!(livre.soldes.ecart_balance(2026), 0);
}

async fn when_the_gateway_is_down_nothing_stays_reserved(world: World) {
    let f = setup(&world).await;
    activer(&f.app).await;
    let leila = signed_in(&f.app, CO_OWNER).await;
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    // The gateway answers 500
    f.passerelle.en_panne(true);
    let refus = assert_error(
        demander(&leila, &[ascenseur]).await,
        503,
        "passerelle_indisponible",
    )
    .await;
    assert!(refus["message"].as_str().unwrap().contains("Réessayez"));
    // The gateway is unreachable (nothing listens on its port)
    let injoignable = {
        let probe = TcpListener::bind("127.0.0.1:0").unwrap();
        format!(
            "http://127.0.0.1:{}/api/v2",
            probe.local_addr().unwrap().port()
        )
    };
    let sans_passerelle = serveur(&world, &injoignable, "2026-06-15T11:00:00Z").await;
    let leila_ailleurs = signed_in(&sans_passerelle, CO_OWNER).await;
    assert_error(
        demander(&leila_ailleurs, &[ascenseur]).await,
        503,
        "passerelle_indisponible",
    )
    .await;
    // Back up: the due was not kept reserved
    f.passerelle.en_panne(false);
    let (_, reference) = demande(&leila, &[ascenseur]).await;
    // A status the gateway cannot give is a 503 too, and records nothing
    f.passerelle.en_panne(true);
    assert!(f.passerelle.forcer(&reference, "completed"));
    assert_error(
        leila
            .get(&format!(
                "/api/coproprietaire/paiement-en-ligne/retour?payment_ref={reference}"
            ))
            .await,
        503,
        "passerelle_indisponible",
    )
    .await;
    f.passerelle.en_panne(false);
    assert_eq!(retour(&leila, &reference).await["statut"], "payee");
    // A list never shows a request the gateway did not open
    assert_eq!(liste(&f.app).await.len(), 1);
}

async fn the_settings_are_the_treasurers_and_keep_the_key_secret(world: World) {
    let f = setup(&world).await;
    let tresoriere = signed_in(&f.app, TREASURER).await;
    // Off by default, and the co-owner is told so
    let vide = ok(tresoriere.get("/api/paiement-en-ligne/configuration").await).await;
    assert_eq!(vide["configuration"]["active"], false);
    assert_eq!(vide["configuration"]["cle_api_definie"], false);
    let leila = signed_in(&f.app, CO_OWNER).await;
    assert_eq!(
        ok(leila.get("/api/coproprietaire/paiement-en-ligne").await).await["disponible"],
        false
    );
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    assert_error(
        demander(&leila, &[ascenseur]).await,
        403,
        "paiement_en_ligne_indisponible",
    )
    .await;

    // Validation: a wallet and a key when active, known methods, an account of the residence
    let refus = assert_error(
        tresoriere
            .post_json(
                "/api/paiement-en-ligne/configuration",
                &json!({ "active": true, "methodes": ["cheque"], "compte_id": 99 }),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        field_errors(&refus),
        ["cle_api", "compte_id", "methodes", "wallet_id"]
    );
    assert_eq!(refus["field_codes"]["wallet_id"][0], "wallet_id_requis");
    assert_eq!(refus["field_codes"]["cle_api"][0], "cle_api_requise");

    // Saved: the key is never answered, and an empty key keeps the stored one
    activer(&f.app).await;
    let texte = tresoriere
        .get("/api/paiement-en-ligne/configuration")
        .await
        .text()
        .await
        .unwrap();
    assert!(!texte.contains(API_KEY), "{texte}");
    let lue: Value = serde_json::from_str(&texte).unwrap();
    assert_eq!(lue["configuration"]["cle_api_definie"], true);
    assert_eq!(lue["configuration"]["wallet_id"], WALLET);
    let db = world.db().await;
    let stockee: String =
        sqlx::query_scalar("SELECT cle_api_chiffree FROM paiement_en_ligne_configurations")
            .fetch_one(&db.pool)
            .await
            .unwrap();
    assert!(!stockee.contains(API_KEY));
    assert!(world.dir.path().join("secrets/paiement.key").exists());
    let garde = ok(tresoriere
        .post_json(
            "/api/paiement-en-ligne/configuration",
            &json!({
                "active": true, "wallet_id": WALLET, "cle_api": "",
                "frais_au_coproprietaire": true, "methodes": ["flouci"], "compte_id": null,
            }),
        )
        .await)
    .await;
    assert_eq!(garde["configuration"]["cle_api_definie"], true);
    // The key still opens payments, with the fees added for the co-owner
    let (_, reference) = demande(&leila, &[ascenseur]).await;
    assert_eq!(f.passerelle.paiement(&reference).unwrap().amount, 101_000);
    assert!(f.passerelle.payer(&reference).await);
    assert_eq!(retour(&leila, &reference).await["statut"], "payee");
    assert_eq!(liste(&f.app).await[0]["frais"], json!(1));

    // Finance only: a council member and a co-owner are refused every finance route
    let membre = signed_in(&f.app, MEMBER).await;
    for browser in [&membre, &leila] {
        assert_error(
            browser.get("/api/paiement-en-ligne/configuration").await,
            403,
            "finance_required",
        )
        .await;
        assert_error(
            browser
                .post_json(
                    "/api/paiement-en-ligne/configuration",
                    &json!({ "active": false, "methodes": ["flouci"] }),
                )
                .await,
            403,
            "finance_required",
        )
        .await;
        assert_error(
            browser.get("/api/paiement-en-ligne/paiements").await,
            403,
            "finance_required",
        )
        .await;
        assert_error(
            browser
                .post_json(
                    "/api/paiement-en-ligne/reglements",
                    &json!({ "compte_id": 1, "date": AUJOURD_HUI, "montant_brut": 10, "frais": 0 }),
                )
                .await,
            403,
            "finance_required",
        )
        .await;
    }

    // Switched off: no longer offered
    ok(tresoriere
        .post_json(
            "/api/paiement-en-ligne/configuration",
            &json!({ "active": false, "methodes": ["flouci"] }),
        )
        .await)
    .await;
    assert_eq!(
        ok(leila.get("/api/coproprietaire/paiement-en-ligne").await).await["disponible"],
        false
    );
    let charges = du(&f.app, CO_OWNER, "Charges", "A1").await;
    assert_error(
        demander(&leila, &[charges]).await,
        403,
        "paiement_en_ligne_indisponible",
    )
    .await;
}

async fn a_co_owner_asks_only_for_his_own_unpaid_dues(world: World) {
    let f = setup(&world).await;
    activer(&f.app).await;
    let leila = signed_in(&f.app, CO_OWNER).await;
    let sami_ascenseur = du(&f.app, OTHER_CO_OWNER, "Ascenseur", "A2").await;
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    // Another owner's due, or an unknown one: 404
    assert_error(
        demander(&leila, &[sami_ascenseur]).await,
        404,
        "montant_du_inconnu",
    )
    .await;
    assert_error(
        demander(&leila, &[ascenseur, 9999]).await,
        404,
        "montant_du_inconnu",
    )
    .await;
    // Nothing asked
    let vide = assert_error(demander(&leila, &[]).await, 422, "validation_failed").await;
    assert_eq!(field_errors(&vide), ["montant_du_ids"]);
    // A due paid already
    encaisser_en_especes(&f.app, ascenseur, 100).await;
    assert_error(
        demander(&leila, &[ascenseur]).await,
        422,
        "montant_du_deja_paye",
    )
    .await;
    // The treasurer's form never records `enligne`
    let tresoriere = signed_in(&f.app, TREASURER).await;
    let charges = du(&f.app, CO_OWNER, "Charges", "A1").await;
    let refus = assert_error(
        tresoriere
            .post_json(
                "/api/cotisations/encaisser",
                &json!({
                    "cotisation_nom": "x", "montant": 50, "montant_du_id": charges,
                    "date_paiement": AUJOURD_HUI, "methode_paiement": "enligne",
                    "reference_paiement": "KP-FAUX",
                }),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        refus["field_codes"]["methode_paiement"][0],
        "methode_paiement_invalide"
    );
    // Today in a closed fiscal year: refused
    let en_2025 = serveur(&world, &f.passerelle.api_url(), "2025-12-30T11:00:00Z").await;
    let leila_2025 = signed_in(&en_2025, CO_OWNER).await;
    assert_error(
        demander(&leila_2025, &[charges]).await,
        403,
        "exercice_cloture",
    )
    .await;
}

async fn the_settlement_clears_the_gateway_account_under_the_closed_year_guard(world: World) {
    let f = setup(&world).await;
    activer(&f.app).await;
    let leila = signed_in(&f.app, CO_OWNER).await;
    let ascenseur = du(&f.app, CO_OWNER, "Ascenseur", "A1").await;
    let (_, reference) = demande(&leila, &[ascenseur]).await;
    assert!(f.passerelle.payer(&reference).await);
    assert_eq!(retour(&leila, &reference).await["statut"], "payee");

    let tresoriere = signed_in(&f.app, TREASURER).await;
    let refus = assert_error(
        tresoriere
            .post_json(
                "/api/paiement-en-ligne/reglements",
                &json!({ "compte_id": null, "date": "x", "montant_brut": 10, "frais": 11 }),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&refus), ["compte_id", "date", "frais"]);
    assert_error(
        tresoriere
            .post_json(
                "/api/paiement-en-ligne/reglements",
                &json!({ "compte_id": 1, "date": "2025-12-31", "montant_brut": 100, "frais": 1.5 }),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    let res = tresoriere
        .post_json(
            "/api/paiement-en-ligne/reglements",
            &json!({
                "compte_id": 1, "date": AUJOURD_HUI, "montant_brut": 100, "frais": "1.500",
                "reference": "VIR KONNECT 0615",
            }),
        )
        .await;
    assert_eq!(res.status().as_u16(), 201);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["montant_net"], json!(98.5));
    // The reconciliation lists it for its net, and it is pointed like any receipt
    let id = body["id"].as_i64().unwrap();
    let rapprochement = ok(tresoriere
        .get("/api/banque/rapprochement?id=1&exercice=2026")
        .await)
    .await;
    let ligne = rapprochement["rapprochements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["table"] == "reglement_passerelle")
        .unwrap_or_else(|| panic!("no settlement in {rapprochement}"))
        .clone();
    assert_eq!(ligne["id"], id);
    assert_eq!(ligne["montant"], json!(98.5));
    assert_eq!(
        ligne["libelle"],
        "Règlement de la passerelle de paiement en ligne (VIR KONNECT 0615)"
    );
    assert_eq!(ligne["pointable"], true);
    ok(tresoriere
        .post_json(
            "/api/banque/pointer",
            &json!({"id": id, "table": "reglement_passerelle", "date_banque": "2026-06-15"}),
        )
        .await)
    .await;
    // Its id is the receipts' sequence: the next collection does not take it
    encaisser_en_especes(&f.app, du(&f.app, CO_OWNER, "Charges", "A1").await, 50).await;
    let encaissements: Vec<i64> = ledger_state(&world.db().await, f.residence_id)
        .await
        .revenus
        .encaissements_de(du(&f.app, CO_OWNER, "Charges", "A1").await)
        .map(|(id, _)| id)
        .collect();
    assert_eq!(encaissements, [id + 1]);
    let db = world.db().await;
    let livre = ledger_state(&db, f.residence_id).await;
    let soldes = livre.soldes.soldes_fin(2026);
    assert_eq!(
        soldes.get(&Compte::PaiementsEnLigne).copied().unwrap_or(0),
        0
    );
    assert_eq!(soldes.get(&Compte::Banque(Some(1))), Some(&98_500));
    assert_eq!(soldes.get(&Compte::FraisBancaires), Some(&1_500));
    assert_eq!(livre.soldes.ecart_balance(2026), 0);
}

async fn the_demo_has_a_due_paid_online_and_its_settlement_in_the_bank(world: World) {
    // Given the demo residence, with online payment as `ops/run` turns it on (twice: a second
    // run changes nothing)
    let db = world.db().await;
    let residence_id = daftar_api::demo::load(&db).await.unwrap().residence_id;
    let settings = world.settings(&world.web_dir());
    daftar_api::demo::paiement_en_ligne(&db, &settings, residence_id)
        .await
        .unwrap();
    let events = "SELECT COUNT(*) FROM events";
    let after_first = crate::support::count(&db, events).await;
    daftar_api::demo::paiement_en_ligne(&db, &settings, residence_id)
        .await
        .unwrap();
    assert_eq!(crate::support::count(&db, events).await, after_first);

    // Then the treasurer's list holds one payment, paid, with its receipt
    let app = world.spawn().await;
    let tresoriere = app.new_browser();
    tresoriere
        .login("20000002", daftar_api::demo::PASSWORD)
        .await;
    let paiements = ok(tresoriere.get("/api/paiement-en-ligne/paiements").await).await["paiements"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(paiements.len(), 1, "{paiements:?}");
    let paiement = &paiements[0];
    assert_eq!(paiement["statut"], "payee");
    let recu = paiement["encaissements"][0]["numero_recu"]
        .as_str()
        .unwrap();
    let montant_du_id = paiement["encaissements"][0]["montant_du_id"]
        .as_i64()
        .unwrap();
    // And the collection is the co-owner's, online, under the gateway's reference
    let livre = ledger_state(&db, residence_id).await;
    let (_, encaissement) = livre
        .revenus
        .encaissements_de(montant_du_id)
        .last()
        .unwrap();
    assert_eq!(
        encaissement.methode,
        daftar_domain::revenus::MethodePaiement::Enligne
    );
    assert_eq!(encaissement.numero_recu, recu);
    assert_eq!(
        encaissement.reference.as_deref(),
        paiement["reference_passerelle"].as_str()
    );
    // And the settlement cleared the gateway's account, its fees in the bank charges, the
    // books balanced
    let annee = chrono::Datelike::year(&encaissement.date_paiement);
    let soldes = livre.soldes.soldes_fin(annee);
    assert_eq!(
        soldes.get(&Compte::PaiementsEnLigne).copied().unwrap_or(0),
        0
    );
    assert_eq!(livre.soldes.ecart_balance(annee), 0);
    let brut = encaissement.montant.millimes();
    let reglement = livre
        .banque
        .reglement_passerelle(livre.banque.dernier_reglement_passerelle())
        .unwrap();
    assert_eq!(
        (
            reglement.montant_brut.millimes(),
            reglement.frais.millimes()
        ),
        (brut, brut * 15 / 1000)
    );
}
