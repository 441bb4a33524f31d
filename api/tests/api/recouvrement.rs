//! Debt recovery through the API (issue 16; docs/api-recouvrement.md): the debtors as the
//! balance list counts them, SMS reminders through a gateway (a real HTTP server on 127.0.0.1
//! stands in for the provider, with its failures), delivery reports, double submits, letters as
//! PDFs, SMS credits — on SQLite and PostgreSQL.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::NaiveDate;
use daftar_api::configuration::SmsSettings;
use daftar_api::residence_builder::{CotisationSpec, OccupationSpec, ResidenceBuilder, Role};
use daftar_domain::occupation::Sexe;
use daftar_domain::paiement::Paiement;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use daftar_projections::recouvrement as registre;
use daftar_projections::Database;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::support::{assert_error, field_errors, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    the_debtors_agree_with_the_detail_and_with_the_balance_list,
    a_reminder_without_enough_credits_is_refused_and_nothing_is_stored,
    a_reminder_is_stored_then_sent_and_costs_one_credit_per_segment,
    the_outbox_keeps_a_reminder_queued,
    a_provider_failure_gives_the_credits_back_and_is_never_sent_twice,
    a_delivery_report_needs_the_secret_and_a_failure_refunds_once,
    a_double_submit_sends_one_message,
    a_reminder_needs_a_debt_and_an_eight_digit_number,
    a_group_reminder_is_previewed_then_sent_or_refused_whole,
    a_letter_is_a_pdf_holding_the_amounts_in_french_and_in_arabic_and_is_recorded,
    co_owners_see_nothing_and_members_read_without_sending,
    support_buys_credits_with_vat_and_lists_the_outbox_from_the_command_line,
    the_demo_bought_credits_twice_and_reminded_its_debtors_in_every_state,
);

const PRESIDENT: &str = "20000001";
const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const LEILA: &str = "50000001";
const SAMI: &str = "50000002";
/// The stand-in provider refuses this number (HTTP 400).
const REFUSE: &str = "50000099";
/// It answers 500 for this one.
const EN_PANNE: &str = "50000098";
/// It does not answer in time for this one.
const LENT: &str = "50000097";
const SECRET: &str = "secret-du-webhook";

fn day(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

struct Fixture {
    db: Database,
    residence_id: i64,
    occupants: BTreeMap<String, i64>,
}

/// Les Jasmins on 1 March 2026: Leïla pays A1 and the parking (100 DT each due on 31 January,
/// unpaid), Sami A2 (60 DT left after paying 40), Nizar A3 (no phone, 100 DT), Hela A4 (paid
/// up); the April call is not due yet.
async fn setup(world: &World) -> Fixture {
    let db = world.db().await;
    let depuis = day("2015-01-01");
    let built = ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .adresse("12, rue des Jasmins")
        .password(PASSWORD)
        .aujourd_hui(day("2026-03-01"))
        .user(PRESIDENT, "Hédi Trabelsi", Role::President)
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(LEILA, "Leïla Haddad", Role::Coproprietaire)
        .exercice(2026)
        .propriete("A1")
        .propriete("A2")
        .propriete("A3")
        .propriete("A4")
        .propriete("Parking 1")
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, depuis).tel(LEILA),
        )
        .occupation(OccupationSpec::proprietaire(
            "Parking 1",
            "Leïla Haddad",
            Sexe::Femme,
            depuis,
        ))
        .occupation(
            OccupationSpec::proprietaire("A2", "Sami Gharbi", Sexe::Homme, depuis).tel(SAMI),
        )
        .occupation(OccupationSpec::proprietaire(
            "A3",
            "Nizar Ayari",
            Sexe::Homme,
            depuis,
        ))
        .occupation(
            OccupationSpec::proprietaire("A4", "Hela Mejri", Sexe::Femme, depuis).tel("50000004"),
        )
        .cotisation(
            CotisationSpec::new(
                "Charges T1 2026",
                TypeCotisation::Exceptionnelle,
                day("2026-01-01"),
                day("2026-01-01"),
                day("2026-01-31"),
            )
            .egale(Montant::dinars(100))
            .encaissements(|du| match du.propriete {
                "A2" => Some(paiement(40)),
                "A4" => Some(paiement(100)),
                _ => None,
            }),
        )
        .cotisation(
            CotisationSpec::new(
                "Charges T2 2026",
                TypeCotisation::Exceptionnelle,
                day("2026-04-01"),
                day("2026-04-01"),
                day("2026-04-30"),
            )
            .egale(Montant::dinars(100)),
        )
        .build()
        .await
        .unwrap();
    Fixture {
        db,
        residence_id: built.residence_id,
        occupants: built.occupants,
    }
}

fn paiement(dinars: i64) -> Paiement<MethodePaiement> {
    Paiement {
        montant: Montant::dinars(dinars),
        date_paiement: day("2026-02-10"),
        methode: MethodePaiement::Espece,
        reference: None,
    }
}

impl Fixture {
    fn occupant(&self, nom: &str) -> i64 {
        self.occupants[nom]
    }

    async fn acheter(&self, units: i64) {
        registre::acheter(
            &self.db,
            self.residence_id,
            (units, day("2026-02-01"), 10_000, 11_900),
            chrono::Utc::now(),
        )
        .await
        .unwrap();
    }

    async fn solde(&self) -> i64 {
        let solde = registre::solde(&self.db, self.residence_id).await.unwrap();
        let somme = registre::somme_des_mouvements(&self.db, self.residence_id)
            .await
            .unwrap();
        assert_eq!(solde, somme, "the balance is the sum of the movements");
        solde
    }

    async fn messages(&self) -> i64 {
        crate::support::count(&self.db, "SELECT COUNT(*) FROM sms_messages").await
    }
}

/// What the stand-in provider received, by number.
#[derive(Clone, Default)]
struct Fournisseur {
    port: u16,
    recus: Arc<Mutex<Vec<Value>>>,
}

impl Fournisseur {
    fn recus_pour(&self, tel: &str) -> usize {
        let e164 = format!("+216{tel}");
        self.recus
            .lock()
            .unwrap()
            .iter()
            .filter(|recu| recu["to"] == e164.as_str())
            .count()
    }
}

/// A provider's JSON API on 127.0.0.1: `{"id": "prov-N"}` for most numbers, 400 for
/// [`REFUSE`], 500 for [`EN_PANNE`], an answer after 3 s for [`LENT`].
async fn fournisseur() -> Fournisseur {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let fournisseur = Fournisseur {
        port,
        recus: Arc::default(),
    };
    let recus = fournisseur.recus.clone();
    tokio::spawn(async move {
        loop {
            let Ok((mut socket, _)) = listener.accept().await else {
                return;
            };
            let recus = recus.clone();
            tokio::spawn(async move {
                let mut lu = Vec::new();
                let mut tampon = [0_u8; 4096];
                let corps = loop {
                    let n = socket.read(&mut tampon).await.unwrap_or(0);
                    if n == 0 {
                        return;
                    }
                    lu.extend_from_slice(&tampon[..n]);
                    let texte = String::from_utf8_lossy(&lu).to_string();
                    if let Some((entetes, corps)) = texte.split_once("\r\n\r\n") {
                        let longueur = entetes
                            .lines()
                            .find_map(|ligne| {
                                let (nom, valeur) = ligne.split_once(':')?;
                                nom.eq_ignore_ascii_case("content-length")
                                    .then(|| valeur.trim().parse::<usize>().ok())?
                            })
                            .unwrap_or(0);
                        if corps.len() >= longueur {
                            assert!(entetes.contains("Bearer jeton"), "{entetes}");
                            break corps.to_owned();
                        }
                    }
                };
                let recu: Value = serde_json::from_str(&corps).unwrap();
                let to = recu["to"].as_str().unwrap_or_default().to_owned();
                let rang = {
                    let mut recus = recus.lock().unwrap();
                    recus.push(recu);
                    recus.len()
                };
                let (statut, reponse) = if to.ends_with(REFUSE) {
                    ("400 Bad Request", json!({"error": "invalid number"}))
                } else if to.ends_with(EN_PANNE) {
                    ("500 Internal Server Error", json!({"error": "down"}))
                } else {
                    if to.ends_with(LENT) {
                        tokio::time::sleep(Duration::from_secs(3)).await;
                    }
                    ("200 OK", json!({"id": format!("prov-{rang}")}))
                };
                let corps = reponse.to_string();
                let _ = socket
                    .write_all(
                        format!(
                            "HTTP/1.1 {statut}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{corps}",
                            corps.len()
                        )
                        .as_bytes(),
                    )
                    .await;
            });
        }
    });
    fournisseur
}

/// A server on 1 March 2026 whose gateway is `fournisseur` (the outbox when `None`).
async fn serveur(world: &World, fournisseur: Option<&Fournisseur>) -> TestApp {
    let port = fournisseur.map(|f| f.port);
    world
        .spawn_with(move |settings| {
            settings.clock = daftar_api::clock::Clock::on(day("2026-03-01"));
            settings.sms = SmsSettings {
                url: port.map(|port| format!("http://127.0.0.1:{port}/sms")),
                token: Some("jeton".to_owned()),
                sender: Some("Jasmins".to_owned()),
                webhook_secret: Some(SECRET.to_owned()),
                timeout: Duration::from_millis(700),
            };
        })
        .await
}

async fn envoyer(browser: &TestApp, body: Value) -> reqwest::Response {
    browser
        .post_json("/api/recouvrement/envoyer-sms", &body)
        .await
}

async fn details(browser: &TestApp, occupant_id: i64) -> Value {
    ok(browser
        .get(&format!(
            "/api/recouvrement/occupant-details?occupant_id={occupant_id}"
        ))
        .await)
    .await
}

async fn the_debtors_agree_with_the_detail_and_with_the_balance_list(world: World) {
    let fixture = setup(&world).await;
    let app = serveur(&world, None).await;
    let member = signed_in(&app, MEMBER).await;

    let resume = ok(member.get("/api/recouvrement/copros-soldes").await).await;

    let noms_soldes: Vec<(String, Value, Value)> = resume["occupants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["occupant_nom"].as_str().unwrap().to_owned(),
                o["solde"].clone(),
                o["proprietes"].clone(),
            )
        })
        .collect();
    assert_eq!(
        noms_soldes,
        vec![
            (
                "Leïla Haddad".to_owned(),
                json!(200),
                json!(["A1", "Parking 1"])
            ),
            ("Nizar Ayari".to_owned(), json!(100), json!(["A3"])),
            ("Sami Gharbi".to_owned(), json!(60), json!(["A2"])),
        ]
    );
    assert_eq!(resume["solde_total"], json!(360));
    assert_eq!(resume["nombre_coproprietaires"], json!(3));

    // The detail of each debtor sums to his balance, oldest due first.
    for occupant in resume["occupants"].as_array().unwrap() {
        let detail = details(&member, occupant["occupant_id"].as_i64().unwrap()).await;
        let somme: i64 = detail["montants_du"]
            .as_array()
            .unwrap()
            .iter()
            .map(|du| {
                Montant::parse_dt(&du["restant_du"].to_string())
                    .unwrap()
                    .millimes()
            })
            .sum();
        assert_eq!(json!(somme / 1000), occupant["solde"]);
    }
    let leila = details(&member, fixture.occupant("Leïla Haddad")).await;
    assert_eq!(leila["occupant"]["tel"], json!(LEILA));
    assert_eq!(
        leila["montants_du"][0],
        json!({"cotisation_nom": "Charges T1 2026", "restant_du": 100, "propriete_nom": "A1", "date_echeance": "2026-01-31"})
    );
    let template = leila["sms_template"].as_str().unwrap();
    assert!(
        template.contains("Les Jasmins")
            && template.contains("200,000 DT")
            && template.contains("31/01/2026"),
        "{template}"
    );
    assert!(leila["sms_template_ar"]
        .as_str()
        .unwrap()
        .contains("200,000 د.ت"));

    // The balance list of the encaissement screen counts the same debts.
    let liste = ok(member.get("/api/cotisations/proprietes-soldes").await).await;
    let mut par_payeur: BTreeMap<String, i64> = BTreeMap::new();
    for propriete in liste["data"].as_array().unwrap() {
        let solde = Montant::parse_dt(&propriete["solde"].to_string())
            .unwrap()
            .millimes();
        if solde < 0 {
            *par_payeur
                .entry(propriete["proprietaire"].as_str().unwrap().to_owned())
                .or_default() -= solde;
        }
    }
    let attendu: BTreeMap<String, i64> = noms_soldes
        .iter()
        .map(|(nom, solde, _)| (nom.clone(), solde.as_i64().unwrap() * 1000))
        .collect();
    assert_eq!(par_payeur, attendu);
    assert_eq!(liste["stats"]["restant_du"], resume["solde_total"]);

    // Someone paid up is not a debtor, but has details; an unknown occupant is 404.
    let hela = details(&member, fixture.occupant("Hela Mejri")).await;
    assert_eq!(hela["montants_du"], json!([]));
    assert_error(
        member
            .get("/api/recouvrement/occupant-details?occupant_id=99999")
            .await,
        404,
        "occupant_inconnu",
    )
    .await;
}

async fn a_reminder_without_enough_credits_is_refused_and_nothing_is_stored(world: World) {
    let fixture = setup(&world).await;
    let provider = fournisseur().await;
    let app = serveur(&world, Some(&provider)).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let res = envoyer(
        &treasurer,
        json!({"occupant_id": fixture.occupant("Sami Gharbi")}),
    )
    .await;

    assert_error(res, 409, "credits_sms_insuffisants").await;
    assert_eq!(fixture.messages().await, 0);
    assert_eq!(provider.recus_pour(SAMI), 0);
    assert_eq!(fixture.solde().await, 0);
}

async fn a_reminder_is_stored_then_sent_and_costs_one_credit_per_segment(world: World) {
    let fixture = setup(&world).await;
    fixture.acheter(10).await;
    let provider = fournisseur().await;
    let app = serveur(&world, Some(&provider)).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let sami = fixture.occupant("Sami Gharbi");

    let fr = ok(envoyer(&treasurer, json!({"occupant_id": sami})).await).await;
    let ar = ok(envoyer(&treasurer, json!({"occupant_id": sami, "langue": "ar"})).await).await;

    let fr = &fr["sms_message"];
    assert_eq!(fr["etat"], json!("sent"));
    assert_eq!(fr["tel"], json!(SAMI));
    assert_eq!(
        (fr["segments"].clone(), fr["credits"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(fr["sender_nom"], json!("Amira Ben Salah"));
    assert!(fr["contenu"].as_str().unwrap().contains("60,000 DT"));
    assert_eq!(ar["sms_message"]["segments"], json!(2));
    assert_eq!(provider.recus_pour(SAMI), 2);
    assert_eq!(fixture.solde().await, 7);
    let detail = details(&treasurer, sami).await;
    assert_eq!(detail["credits_sms"], json!(7));
    assert_eq!(
        detail["sms_messages"][0]["id"], ar["sms_message"]["id"],
        "newest first"
    );
    let achats = ok(treasurer.get("/api/achats-sms").await).await;
    assert_eq!(achats["solde"], json!(7));
}

async fn the_outbox_keeps_a_reminder_queued(world: World) {
    let fixture = setup(&world).await;
    fixture.acheter(5).await;
    let app = serveur(&world, None).await;
    let president = signed_in(&app, PRESIDENT).await;

    let res = ok(envoyer(
        &president,
        json!({"occupant_id": fixture.occupant("Sami Gharbi")}),
    )
    .await)
    .await;

    assert_eq!(res["sms_message"]["etat"], json!("queued"));
    assert_eq!(fixture.solde().await, 4);
    let file = registre::en_attente(&fixture.db, Some(fixture.residence_id))
        .await
        .unwrap();
    assert_eq!(file.len(), 1);
    assert_eq!(file[0].tel, SAMI);
}

async fn a_provider_failure_gives_the_credits_back_and_is_never_sent_twice(world: World) {
    let fixture = setup(&world).await;
    fixture.acheter(10).await;
    let provider = fournisseur().await;
    let app = serveur(&world, Some(&provider)).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let sami = fixture.occupant("Sami Gharbi");

    for tel in [REFUSE, EN_PANNE, LENT] {
        let res = ok(envoyer(&treasurer, json!({"occupant_id": sami, "tel": tel})).await).await;
        assert_eq!(res["sms_message"]["etat"], json!("failed"), "{tel}");
        assert_eq!(
            provider.recus_pour(tel),
            1,
            "{tel}: asked once, never again"
        );
        assert_eq!(fixture.solde().await, 10, "{tel}: credits given back");
    }
    // The slow provider's late answer changes nothing.
    tokio::time::sleep(Duration::from_millis(2600)).await;
    let detail = details(&treasurer, sami).await;
    let etats: Vec<&str> = detail["sms_messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["etat"].as_str().unwrap())
        .collect();
    assert_eq!(etats, ["failed", "failed", "failed"]);
    assert_eq!(fixture.solde().await, 10);
    assert_eq!(provider.recus.lock().unwrap().len(), 3);
}

async fn a_delivery_report_needs_the_secret_and_a_failure_refunds_once(world: World) {
    let fixture = setup(&world).await;
    fixture.acheter(10).await;
    let provider = fournisseur().await;
    let app = serveur(&world, Some(&provider)).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let envoye = |tel: &'static str| {
        let treasurer = &treasurer;
        let sami = fixture.occupant("Sami Gharbi");
        async move {
            ok(envoyer(treasurer, json!({"occupant_id": sami, "tel": tel})).await).await
                ["sms_message"]["id"]
                .as_i64()
                .unwrap()
        }
    };
    let livre = envoye("51111111").await;
    let echoue = envoye("52222222").await;
    let provider_id = |id: i64| {
        let db = fixture.db.clone();
        async move {
            registre::un(&db, id)
                .await
                .unwrap()
                .unwrap()
                .provider_id
                .unwrap()
        }
    };
    let gateway = app.new_browser();
    let rapport = |message_id: String, etat: &'static str, secret: &'static str| {
        let gateway = &gateway;
        async move {
            gateway
                .client
                .post(gateway.url("/api/recouvrement/sms/rapport-livraison"))
                .header("X-Daftar-Webhook-Secret", secret)
                .json(&json!({"message_id": message_id, "etat": etat}))
                .send()
                .await
                .unwrap()
        }
    };
    assert_eq!(fixture.solde().await, 8);

    assert_error(
        rapport(provider_id(livre).await, "delivered", "faux").await,
        401,
        "webhook_non_autorise",
    )
    .await;
    ok(rapport(provider_id(livre).await, "delivered", SECRET).await).await;
    ok(rapport(provider_id(echoue).await, "failed", SECRET).await).await;
    ok(rapport(provider_id(echoue).await, "failed", SECRET).await).await;
    // A failure reported after delivery changes nothing: delivered is final.
    ok(rapport(provider_id(livre).await, "failed", SECRET).await).await;

    let etat = |id: i64| {
        let db = fixture.db.clone();
        async move { registre::un(&db, id).await.unwrap().unwrap().etat.code() }
    };
    assert_eq!(etat(livre).await, "delivered");
    assert_eq!(etat(echoue).await, "failed");
    assert_eq!(fixture.solde().await, 9, "the failed message refunded once");
}

async fn a_double_submit_sends_one_message(world: World) {
    let fixture = setup(&world).await;
    fixture.acheter(10).await;
    let provider = fournisseur().await;
    let app = serveur(&world, Some(&provider)).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let body = json!({"occupant_id": fixture.occupant("Sami Gharbi")});
    let avec_cle = || {
        treasurer
            .write(reqwest::Method::POST, "/api/recouvrement/envoyer-sms")
            .header("Idempotency-Key", "dialogue-1")
            .json(&body)
            .send()
    };

    // Two clicks at once with the dialog's key.
    let (a, b) = tokio::join!(avec_cle(), avec_cle());
    let (a, b) = (ok(a.unwrap()).await, ok(b.unwrap()).await);
    assert_eq!(a["sms_message"]["id"], b["sms_message"]["id"]);
    assert_eq!(provider.recus_pour(SAMI), 1);
    // Without a key, the same text to the same number within 10 seconds (the server's clock
    // stands still): the message already sent.
    let c = ok(envoyer(
        &treasurer,
        json!({"occupant_id": fixture.occupant("Sami Gharbi"), "tel": "53333333"}),
    )
    .await)
    .await;
    let d = ok(envoyer(
        &treasurer,
        json!({"occupant_id": fixture.occupant("Sami Gharbi"), "tel": "53333333"}),
    )
    .await)
    .await;
    assert_eq!(c["sms_message"]["id"], d["sms_message"]["id"]);
    assert_eq!(provider.recus_pour("53333333"), 1);
    assert_eq!(fixture.messages().await, 2);
    assert_eq!(fixture.solde().await, 8);
}

async fn a_reminder_needs_a_debt_and_an_eight_digit_number(world: World) {
    let fixture = setup(&world).await;
    fixture.acheter(10).await;
    let app = serveur(&world, None).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let body = assert_error(
        envoyer(
            &treasurer,
            json!({"occupant_id": fixture.occupant("Sami Gharbi"), "tel": "1234"}),
        )
        .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["tel"], json!(["tel_invalide"]));
    let body = assert_error(
        envoyer(
            &treasurer,
            json!({"occupant_id": fixture.occupant("Nizar Ayari")}),
        )
        .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(field_errors(&body), ["tel"]);
    assert_eq!(body["field_codes"]["tel"], json!(["tel_obligatoire"]));
    assert_error(
        envoyer(
            &treasurer,
            json!({"occupant_id": fixture.occupant("Hela Mejri")}),
        )
        .await,
        422,
        "aucun_impaye",
    )
    .await;
    assert_error(
        envoyer(&treasurer, json!({"occupant_id": 99999})).await,
        404,
        "occupant_inconnu",
    )
    .await;
    // Nizar reached at a number given in the dialog.
    let res = ok(envoyer(
        &treasurer,
        json!({"occupant_id": fixture.occupant("Nizar Ayari"), "tel": "54444444"}),
    )
    .await)
    .await;
    assert_eq!(res["sms_message"]["tel"], json!("54444444"));
    assert_eq!(fixture.messages().await, 1);
}

async fn a_group_reminder_is_previewed_then_sent_or_refused_whole(world: World) {
    let fixture = setup(&world).await;
    fixture.acheter(1).await;
    let provider = fournisseur().await;
    let app = serveur(&world, Some(&provider)).await;
    let treasurer = signed_in(&app, TREASURER).await;

    // Leïla (200) and Sami (60) have a phone; Nizar none.
    let apercu = ok(treasurer
        .post_json(
            "/api/recouvrement/envoyer-sms-groupe",
            &json!({"montant_minimum": 50, "apercu": true}),
        )
        .await)
    .await;
    assert_eq!(apercu["destinataires"], json!(2));
    assert_eq!(apercu["credits"], json!(2));
    assert_eq!(apercu["credits_sms"], json!(1));
    assert_error(
        treasurer
            .post_json(
                "/api/recouvrement/envoyer-sms-groupe",
                &json!({"montant_minimum": 50}),
            )
            .await,
        409,
        "credits_sms_insuffisants",
    )
    .await;
    assert_eq!(fixture.messages().await, 0);

    fixture.acheter(9).await;
    let envoi = ok(treasurer
        .post_json(
            "/api/recouvrement/envoyer-sms-groupe",
            &json!({"montant_minimum": "100.000"}),
        )
        .await)
    .await;
    assert_eq!(
        (
            envoi["envoyes"].clone(),
            envoi["echecs"].clone(),
            envoi["credits"].clone()
        ),
        (json!(1), json!(0), json!(1))
    );
    assert_eq!(provider.recus_pour(LEILA), 1);
    assert_eq!(provider.recus_pour(SAMI), 0);
    assert_eq!(fixture.solde().await, 9);
}

/// The text of a PDF, by poppler's pdftotext.
fn texte_pdf(octets: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let fichier = dir.path().join("lettre.pdf");
    std::fs::write(&fichier, octets).unwrap();
    let sortie = std::process::Command::new("pdftotext")
        .arg(&fichier)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) must be installed");
    assert!(sortie.status.success());
    String::from_utf8(sortie.stdout).unwrap()
}

async fn a_letter_is_a_pdf_holding_the_amounts_in_french_and_in_arabic_and_is_recorded(
    world: World,
) {
    let fixture = setup(&world).await;
    let app = serveur(&world, None).await;
    let president = signed_in(&app, PRESIDENT).await;
    let leila = fixture.occupant("Leïla Haddad");

    let res = president
        .get(&format!(
            "/api/recouvrement/lettre-pdf?occupant_id={leila}&lettre_type=dernierRappel"
        ))
        .await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let nom = res.headers()["x-file-name"].to_str().unwrap().to_owned();
    assert!(
        nom.starts_with("dernierRappel_") && nom.ends_with("_2026-03-01.pdf"),
        "{nom}"
    );
    let texte = texte_pdf(&res.bytes().await.unwrap());
    for attendu in [
        "Les Jasmins",
        "Leïla Haddad",
        "Charges T1 2026",
        "31/01/2026",
        "100,000 DT",
        "200,000 DT",
        "2005-90",
        "mise en demeure",
        "Hédi Trabelsi",
    ] {
        assert!(texte.contains(attendu), "{attendu} missing from:\n{texte}");
    }

    let res = president
        .get(&format!(
            "/api/recouvrement/lettre-pdf?occupant_id={leila}&lettre_type=relance&lang=ar"
        ))
        .await;
    assert_eq!(res.status(), 200);
    let texte = texte_pdf(&res.bytes().await.unwrap());
    for attendu in ["100,000", "200,000", "31/01/2026"] {
        assert!(texte.contains(attendu), "{attendu} missing from:\n{texte}");
    }
    // pdftotext marks the direction of each run: read the text without those marks.
    let sans_marques: String = texte
        .chars()
        .filter(|c| !matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'))
        .collect();
    assert!(sans_marques.contains("د.ت"), "{sans_marques}");
    assert!(sans_marques.contains("تذكير"), "{sans_marques}");

    let detail = details(&president, leila).await;
    let lettres: Vec<(Value, Value, Value)> = detail["lettres"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["lettre_type"].clone(),
                l["total"].clone(),
                l["issuer_nom"].clone(),
            )
        })
        .collect();
    assert_eq!(
        lettres,
        vec![
            (json!("relance"), json!(200), json!("Hédi Trabelsi")),
            (json!("dernierRappel"), json!(200), json!("Hédi Trabelsi")),
        ]
    );
    let body = assert_error(
        president
            .get(&format!(
                "/api/recouvrement/lettre-pdf?occupant_id={leila}&lettre_type=autre"
            ))
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"]["lettre_type"],
        json!(["valeur_invalide"])
    );
    assert_error(
        president
            .get("/api/recouvrement/lettre-pdf?occupant_id=99999")
            .await,
        404,
        "occupant_inconnu",
    )
    .await;
    assert_error(
        president
            .get(&format!(
                "/api/recouvrement/lettre-pdf?occupant_id={}",
                fixture.occupant("Hela Mejri")
            ))
            .await,
        422,
        "aucun_impaye",
    )
    .await;
}

async fn co_owners_see_nothing_and_members_read_without_sending(world: World) {
    let fixture = setup(&world).await;
    fixture.acheter(10).await;
    let app = serveur(&world, None).await;
    let sami = fixture.occupant("Sami Gharbi");
    let lectures = [
        "/api/recouvrement/copros-soldes".to_owned(),
        format!("/api/recouvrement/occupant-details?occupant_id={sami}"),
        "/api/achats-sms".to_owned(),
    ];
    let lettre = format!("/api/recouvrement/lettre-pdf?occupant_id={sami}");
    let envoi = json!({"occupant_id": sami});

    let co_owner = signed_in(&app, LEILA).await;
    for path in &lectures {
        assert_error(co_owner.get(path).await, 403, "syndic_required").await;
    }
    assert_error(
        co_owner.get(&lettre).await,
        403,
        "finance_ou_president_required",
    )
    .await;
    assert_error(
        envoyer(&co_owner, envoi.clone()).await,
        403,
        "finance_ou_president_required",
    )
    .await;
    assert_error(
        co_owner
            .post_json(
                "/api/recouvrement/envoyer-sms-groupe",
                &json!({"apercu": true}),
            )
            .await,
        403,
        "finance_ou_president_required",
    )
    .await;

    let member = signed_in(&app, MEMBER).await;
    for path in &lectures {
        ok(member.get(path).await).await;
    }
    assert_error(
        member.get(&lettre).await,
        403,
        "finance_ou_president_required",
    )
    .await;
    assert_error(
        envoyer(&member, envoi.clone()).await,
        403,
        "finance_ou_president_required",
    )
    .await;

    for tel in [TREASURER, PRESIDENT] {
        let browser = signed_in(&app, tel).await;
        assert_eq!(browser.get(&lettre).await.status(), 200, "{tel}");
    }
    assert_eq!(fixture.messages().await, 0);
    assert_error(
        app.get("/api/recouvrement/copros-soldes").await,
        401,
        "unauthenticated",
    )
    .await;
}

async fn support_buys_credits_with_vat_and_lists_the_outbox_from_the_command_line(world: World) {
    let fixture = setup(&world).await;
    let daftar = |args: &[&str]| {
        let sortie = std::process::Command::new(env!("CARGO_BIN_EXE_daftar"))
            .args(args)
            .env("DAFTAR_DATABASE_URL", &world.database_url)
            .env("DAFTAR_DATA_DIR", world.dir.path())
            .output()
            .unwrap();
        assert!(
            sortie.status.success(),
            "{}",
            String::from_utf8_lossy(&sortie.stderr)
        );
        String::from_utf8(sortie.stdout).unwrap()
    };
    let residence = fixture.residence_id.to_string();

    let sortie = daftar(&[
        "sms",
        "acheter",
        "--residence",
        &residence,
        "--units",
        "500",
        "--date-facture",
        "2026-02-02",
        "--total-ht",
        "12.345",
    ]);

    assert!(sortie.contains("14.691 DT TTC"), "{sortie}");
    let achats = registre::achats(&fixture.db, fixture.residence_id)
        .await
        .unwrap();
    assert_eq!(
        (achats[0].units, achats[0].total_ht, achats[0].total_ttc),
        (500, 12_345, 14_691)
    );
    assert_eq!(fixture.solde().await, 500);

    let app = serveur(&world, None).await;
    let treasurer = signed_in(&app, TREASURER).await;
    ok(envoyer(
        &treasurer,
        json!({"occupant_id": fixture.occupant("Sami Gharbi")}),
    )
    .await)
    .await;
    let sortie = daftar(&["sms", "outbox", "--residence", &residence]);
    assert!(
        sortie.contains(&format!("+216{SAMI}")) && sortie.contains("1 message(s) queued"),
        "{sortie}"
    );
    let achats = ok(treasurer.get("/api/achats-sms").await).await;
    assert_eq!(
        achats["achats_sms"][0],
        json!({"id": achats["achats_sms"][0]["id"], "units": 500, "date_facture": "2026-02-02", "total_ht": 12.345, "total_ttc": 14.691})
    );
    assert_eq!(achats["solde"], json!(499));
}

async fn the_demo_bought_credits_twice_and_reminded_its_debtors_in_every_state(world: World) {
    let db = world.db().await;
    let summary = daftar_api::demo::load(&db).await.unwrap();
    daftar_api::demo::load(&db).await.unwrap();
    let residence = summary.residence_id;

    let achats = registre::achats(&db, residence).await.unwrap();
    assert_eq!(
        achats.len(),
        2,
        "bought twice, once however often the demo loads"
    );
    let app = world.spawn().await;
    let treasurer = app.new_browser();
    treasurer.csrf().await;
    treasurer
        .login("20000002", daftar_api::demo::PASSWORD)
        .await;
    let resume = ok(treasurer.get("/api/recouvrement/copros-soldes").await).await;
    let mut etats = Vec::new();
    let mut lettres = 0;
    for occupant in resume["occupants"].as_array().unwrap() {
        let detail = details(&treasurer, occupant["occupant_id"].as_i64().unwrap()).await;
        for message in detail["sms_messages"].as_array().unwrap() {
            etats.push(message["etat"].as_str().unwrap().to_owned());
        }
        lettres += detail["lettres"].as_array().unwrap().len();
    }
    etats.sort();
    assert_eq!(etats, ["delivered", "failed", "queued", "sent"]);
    assert_eq!(lettres, 1);
    let solde = registre::solde(&db, residence).await.unwrap();
    assert_eq!(
        solde,
        registre::somme_des_mouvements(&db, residence)
            .await
            .unwrap()
    );
    assert!(solde > 0 && solde < 700, "{solde}");
}
