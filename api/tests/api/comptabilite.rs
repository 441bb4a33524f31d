//! The books through the API (issue 12; docs/api-banque.md "The books"): the journal, the
//! general ledger, the trial balance and the treasury of a residence whose cotisation was
//! called and collected in cash, by cheque and by transfer, with a payment cancelled and one
//! corrected, and a bank account opened — on SQLite and PostgreSQL; who may read them; the
//! query's rules.

use chrono::NaiveDate;
use daftar_api::residence_builder::{CotisationSpec, OccupationSpec, ResidenceBuilder, Role};
use daftar_domain::banque::{BanqueCommand, FicheCompte, TypeCompte};
use daftar_domain::occupation::Sexe;
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::TypePropriete;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use serde_json::{json, Value};

use crate::support::{
    assert_error, execute, field_errors, ok, signed_in, TestApp, World, PASSWORD,
};

on_both_stores!(
    the_council_reads_the_books_of_calls_collections_and_corrections,
    only_the_council_reads_the_books_and_the_queries_are_checked,
    the_demo_books_balance_every_year_and_hold_what_the_bank_lists,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const LEILA: &str = "50000001";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn paiement(montant: i64, le: &str, methode: MethodePaiement) -> Paiement<MethodePaiement> {
    Paiement {
        montant: Montant::dinars(montant),
        date_paiement: date(le),
        methode,
        reference: (methode != MethodePaiement::Espece).then(|| "REF 1".to_owned()),
    }
}

/// "Les Jasmins" on 1 March 2026: 2025 closed, 2026 open; A1, A2 and a parking, each called
/// 60 DT for the lift (due 5 February); A1 paid in cash, A2 by cheque, the parking 20 DT by
/// transfer before any bank account existed, and 5 DT in cash entered by mistake and
/// cancelled. Then the main bank account is opened with 1,000 DT on 1 January.
async fn setup(world: &World) -> (TestApp, i64) {
    let db = world.db().await;
    let residence_id = ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-03-01"))
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(LEILA, "Leïla Haddad", Role::Coproprietaire)
        .exercice_cloture(2025)
        .exercice(2026)
        .propriete("A1")
        .propriete("A2")
        .propriete(("P1", TypePropriete::Parking))
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, date("2015-01-01"))
                .tel(LEILA),
        )
        .occupation(OccupationSpec::proprietaire(
            "A2",
            "Sami Gharbi",
            Sexe::Homme,
            date("2015-01-01"),
        ))
        .occupation(OccupationSpec::proprietaire(
            "P1",
            "Hédi Mabrouk",
            Sexe::Homme,
            date("2015-01-01"),
        ))
        .cotisation(
            CotisationSpec::new(
                "Ascenseur",
                TypeCotisation::Exceptionnelle,
                date("2026-02-01"),
                date("2026-02-28"),
                date("2026-02-05"),
            )
            .egale(Montant::dinars(60))
            .encaissements(|du| match du.propriete {
                "A1" => Some(paiement(60, "2026-02-10", MethodePaiement::Espece)),
                "A2" => Some(paiement(60, "2026-02-11", MethodePaiement::Cheque)),
                _ => Some(paiement(20, "2026-02-12", MethodePaiement::Virement)),
            })
            .encaissement_annule(|du| {
                (du.propriete == "P1").then(|| paiement(5, "2026-02-11", MethodePaiement::Espece))
            }),
        )
        .build()
        .await
        .unwrap()
        .residence_id;
    execute(
        &db,
        residence_id,
        BanqueCommand::CreerCompte {
            fiche: FicheCompte {
                libelle: "Compte courant STB".into(),
                banque: "STB".into(),
                type_compte: TypeCompte::Courant,
                adresse_agence: None,
                rib: None,
                swift: None,
                iban: None,
                commentaire: None,
                is_main: true,
                solde_initial: Montant::dinars(1_000),
                date_solde_initial: date("2026-01-01"),
            },
        },
    )
    .await;
    (world.spawn_on(date("2026-03-01")).await, residence_id)
}

/// An entry's lines as (account, debit, credit).
fn lignes(ecriture: &Value) -> Vec<(String, f64, f64)> {
    ecriture["lignes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["compte"].as_str().unwrap().to_owned(),
                l["debit"].as_f64().unwrap(),
                l["credit"].as_f64().unwrap(),
            )
        })
        .collect()
}

fn l(compte: &str, debit: f64, credit: f64) -> (String, f64, f64) {
    (compte.to_owned(), debit, credit)
}

async fn the_council_reads_the_books_of_calls_collections_and_corrections(world: World) {
    let (app, _) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    // When the rest of P1's due is paid in cash today, and A1's cash payment is corrected into
    // a transfer made the day before
    let details = ok(treasurer.get("/api/cotisations").await).await;
    let cotisation_id = details["data"][0]["id"].as_i64().unwrap();
    let details = ok(treasurer
        .get(&format!("/api/cotisations/details?id={cotisation_id}"))
        .await)
    .await;
    let p1_due = details["cotisation"]["restants_dus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|du| du["propriete_id"] == 3)
        .unwrap()["montant_du_id"]
        .as_i64()
        .unwrap();
    ok(treasurer
        .post_json(
            "/api/cotisations/encaisser",
            &json!({
                "montant_du_id": p1_due, "montant": 35, "date_paiement": "2026-03-01",
                "methode_paiement": "espece",
            }),
        )
        .await)
    .await;
    ok(treasurer
        .post_json(
            "/api/cotisations/encaissement/modifier",
            &json!({
                "encaissement_id": 1, "montant": 60, "date_paiement": "2026-02-09",
                "methode_paiement": "virement", "reference_paiement": "VIR 9",
            }),
        )
        .await)
    .await;

    // Then a council member reads the journal of this year: every fact posted in the order it
    // was recorded, numbered without gaps, corrections as contra-entries
    let member = signed_in(&app, MEMBER).await;
    let journal = ok(member.get("/api/comptabilite/journal").await).await;
    assert_eq!(journal["exercice"], 2026);
    assert_eq!(
        journal["exercices"],
        json!([{"annee": 2026, "is_closed": false}, {"annee": 2025, "is_closed": true}])
    );
    let ecritures = journal["ecritures"].as_array().unwrap();
    let numeros: Vec<i64> = ecritures
        .iter()
        .map(|e| e["numero"].as_i64().unwrap())
        .collect();
    assert_eq!(numeros, (1..=10).collect::<Vec<_>>());
    let resume: Vec<(&str, &str, i64, Option<i64>)> = ecritures
        .iter()
        .map(|e| {
            (
                e["date"].as_str().unwrap(),
                e["source"]["nature"].as_str().unwrap(),
                e["source"]["id"].as_i64().unwrap(),
                e["extourne_de"].as_i64(),
            )
        })
        .collect();
    assert_eq!(
        resume,
        vec![
            ("2026-02-05", "appels", cotisation_id, None),
            ("2026-02-10", "encaissement", 1, None),
            ("2026-02-11", "encaissement", 2, None),
            ("2026-02-12", "encaissement", 3, None),
            ("2026-02-11", "encaissement", 4, None),
            ("2026-02-11", "encaissement", 4, Some(5)),
            ("2026-01-01", "solde_initial", 1, None),
            ("2026-03-01", "encaissement", 5, None),
            ("2026-02-10", "encaissement", 1, Some(2)),
            ("2026-02-09", "encaissement", 1, None),
        ]
    );
    assert_eq!(
        lignes(&ecritures[0]),
        vec![
            l("450", 60.0, 0.0),
            l("450", 60.0, 0.0),
            l("450", 60.0, 0.0),
            l("702", 0.0, 180.0)
        ]
    );
    assert_eq!(ecritures[0]["libelle"], "Appel de fonds « Ascenseur » n° 1");
    assert_eq!(
        lignes(&ecritures[1]),
        vec![l("53", 60.0, 0.0), l("450", 0.0, 60.0)]
    );
    assert_eq!(
        lignes(&ecritures[2]),
        vec![l("5112", 60.0, 0.0), l("450", 0.0, 60.0)]
    );
    assert_eq!(
        lignes(&ecritures[3]),
        vec![l("512000", 20.0, 0.0), l("450", 0.0, 20.0)]
    );
    assert_eq!(
        lignes(&ecritures[5]),
        vec![l("53", 0.0, 5.0), l("450", 5.0, 0.0)]
    );
    assert_eq!(
        lignes(&ecritures[6]),
        vec![l("512001", 1000.0, 0.0), l("890", 0.0, 1000.0)]
    );
    assert_eq!(
        lignes(&ecritures[8]),
        vec![l("53", 0.0, 60.0), l("450", 60.0, 0.0)]
    );
    assert_eq!(
        lignes(&ecritures[9]),
        vec![l("512001", 60.0, 0.0), l("450", 0.0, 60.0)]
    );
    assert!(ecritures[1]["libelle"]
        .as_str()
        .unwrap()
        .starts_with("Encaissement, reçu n° "));
    assert_eq!(
        ecritures[8]["libelle"],
        format!("Extourne : {}", ecritures[1]["libelle"].as_str().unwrap())
    );
    assert_eq!(ecritures[9]["libelle"], "Encaissement n° 1 corrigé");
    assert_eq!(
        ecritures[6]["lignes"][0]["intitule"],
        "Banque — Compte courant STB"
    );
    assert_eq!(
        ecritures[3]["lignes"][0]["intitule"],
        "Banque (compte non désigné)"
    );
    assert_eq!(ecritures[0]["lignes"][0]["intitule"], "Copropriétaires");
    assert_eq!(journal["totaux"], json!({"debit": 1485, "credit": 1485}));

    // And the trial balance: Σ debit = Σ credit, each account's balance on its side
    let balance = ok(member.get("/api/comptabilite/balance?exercice=2026").await).await;
    let comptes: Vec<(String, String, f64, f64, f64, f64)> = balance["comptes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["compte"].as_str().unwrap().to_owned(),
                c["intitule"].as_str().unwrap().to_owned(),
                c["debit"].as_f64().unwrap(),
                c["credit"].as_f64().unwrap(),
                c["solde_debiteur"].as_f64().unwrap(),
                c["solde_crediteur"].as_f64().unwrap(),
            )
        })
        .collect();
    let row = |compte: &str, intitule: &str, d: f64, c: f64, sd: f64, sc: f64| {
        (compte.to_owned(), intitule.to_owned(), d, c, sd, sc)
    };
    assert_eq!(
        comptes,
        vec![
            row("450", "Copropriétaires", 245.0, 240.0, 5.0, 0.0),
            row("5112", "Chèques à encaisser", 60.0, 0.0, 60.0, 0.0),
            row(
                "512000",
                "Banque (compte non désigné)",
                20.0,
                0.0,
                20.0,
                0.0
            ),
            row(
                "512001",
                "Banque — Compte courant STB",
                1060.0,
                0.0,
                1060.0,
                0.0
            ),
            row("53", "Caisse", 100.0, 65.0, 35.0, 0.0),
            row(
                "702",
                "Provisions sur travaux et opérations exceptionnelles",
                0.0,
                180.0,
                0.0,
                180.0
            ),
            row("890", "Bilan d'ouverture", 0.0, 1000.0, 0.0, 1000.0),
        ]
    );
    assert_eq!(
        balance["totaux"],
        json!({"debit": 1485, "credit": 1485, "solde_debiteur": 1180, "solde_crediteur": 1180})
    );
    assert_eq!(balance["equilibree"], true);

    // And the general ledger of the co-owners' account runs by date from its opening balance
    let grand_livre = ok(member
        .get("/api/comptabilite/grand-livre?exercice=2026&compte=450")
        .await)
    .await;
    let comptes = grand_livre["comptes"].as_array().unwrap();
    assert_eq!(comptes.len(), 1);
    let compte = &comptes[0];
    assert_eq!(compte["compte"], "450");
    assert_eq!(compte["solde_ouverture"], 0);
    let mouvements: Vec<(i64, &str, f64, f64, f64)> = compte["mouvements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["numero"].as_i64().unwrap(),
                m["date"].as_str().unwrap(),
                m["debit"].as_f64().unwrap(),
                m["credit"].as_f64().unwrap(),
                m["solde"].as_f64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        mouvements,
        vec![
            (1, "2026-02-05", 180.0, 0.0, 180.0),
            (10, "2026-02-09", 0.0, 60.0, 120.0),
            (2, "2026-02-10", 0.0, 60.0, 60.0),
            (9, "2026-02-10", 60.0, 0.0, 120.0),
            (3, "2026-02-11", 0.0, 60.0, 60.0),
            (5, "2026-02-11", 0.0, 5.0, 55.0),
            (6, "2026-02-11", 5.0, 0.0, 60.0),
            (4, "2026-02-12", 0.0, 20.0, 40.0),
            (8, "2026-03-01", 0.0, 35.0, 5.0),
        ]
    );
    assert_eq!(
        (
            &compte["total_debit"],
            &compte["total_credit"],
            &compte["solde"]
        ),
        (&json!(245), &json!(240), &json!(5))
    );
    let tous = ok(member.get("/api/comptabilite/grand-livre").await).await;
    let numeros: Vec<&str> = tous["comptes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["compte"].as_str().unwrap())
        .collect();
    assert_eq!(
        numeros,
        ["450", "5112", "512000", "512001", "53", "702", "890"]
    );
    // The next year opens on what this one closed with.
    let caisse_2027 = ok(member
        .get("/api/comptabilite/grand-livre?exercice=2027&compte=53")
        .await)
    .await;
    assert_eq!(caisse_2027["comptes"][0]["solde_ouverture"], 35);
    assert_eq!(caisse_2027["comptes"][0]["mouvements"], json!([]));
    assert_eq!(caisse_2027["comptes"][0]["solde"], 35);

    // And the treasury today: cash, each bank account, the cheques still to deposit
    let tresorerie = ok(member.get("/api/comptabilite/tresorerie").await).await;
    assert_eq!(
        tresorerie,
        json!({
            "success": true, "date": "2026-03-01", "caisse": 35,
            "banques": [
                {"compte_id": null, "compte_nom": "Banque (compte non désigné)", "solde": 20},
                {"compte_id": 1, "compte_nom": "Compte courant STB", "solde": 1060},
            ],
            "cheques_a_encaisser": 60, "total": 1115,
        })
    );
    let au_10_fevrier = ok(member
        .get("/api/comptabilite/tresorerie?date=2026-02-10")
        .await)
    .await;
    assert_eq!(
        au_10_fevrier,
        json!({
            "success": true, "date": "2026-02-10", "caisse": 0,
            "banques": [{"compte_id": 1, "compte_nom": "Compte courant STB", "solde": 1060}],
            "cheques_a_encaisser": 0, "total": 1060,
        })
    );

    // And a year without entries answers empty books
    let vide = ok(member.get("/api/comptabilite/journal?exercice=2027").await).await;
    assert_eq!(vide["exercice"], 2027);
    assert_eq!(vide["ecritures"], json!([]));
    assert_eq!(vide["totaux"], json!({"debit": 0, "credit": 0}));
    let vide = ok(member.get("/api/comptabilite/balance?exercice=2027").await).await;
    assert_eq!(vide["comptes"], json!([]));
    assert_eq!(vide["equilibree"], true);
}

async fn only_the_council_reads_the_books_and_the_queries_are_checked(world: World) {
    let (app, _) = setup(&world).await;
    let paths = [
        "/api/comptabilite/journal",
        "/api/comptabilite/grand-livre",
        "/api/comptabilite/balance",
        "/api/comptabilite/tresorerie",
    ];

    // A co-owner is refused, a signed-out browser too
    let leila = signed_in(&app, LEILA).await;
    for path in paths {
        assert_error(leila.get(path).await, 403, "syndic_required").await;
        assert_error(app.new_browser().get(path).await, 401, "unauthenticated").await;
    }

    // Every council member reads them
    let member = signed_in(&app, MEMBER).await;
    for path in paths {
        ok(member.get(path).await).await;
    }

    // A wrong query names its parameter
    let wrong = |path: &str| {
        let member = &member;
        let path = path.to_owned();
        async move {
            field_errors(&assert_error(member.get(&path).await, 422, "validation_failed").await)
        }
    };
    assert_eq!(
        wrong("/api/comptabilite/journal?exercice=deux-mille").await,
        ["exercice"]
    );
    assert_eq!(
        wrong("/api/comptabilite/balance?exercice=2026.5").await,
        ["exercice"]
    );
    assert_eq!(
        wrong("/api/comptabilite/grand-livre?compte=999").await,
        ["compte"]
    );
    assert_eq!(
        wrong("/api/comptabilite/tresorerie?date=2026-02-30").await,
        ["date"]
    );
    let body = assert_error(
        member
            .get("/api/comptabilite/tresorerie?date=01/03/2026")
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["date"], json!(["date_invalide"]));
}

/// The trial balance as an invariant on the demo (issue 12, "Proof"): every year of the demo
/// residence balances, and the treasury's bank accounts hold what the bank's list of accounts
/// says (the books and the bank model computed apart).
async fn the_demo_books_balance_every_year_and_hold_what_the_bank_lists(world: World) {
    let db = world.db().await;
    daftar_api::demo::load(&db).await.unwrap();
    let app = world.spawn().await;
    let member = app.new_browser();
    member.login(MEMBER, daftar_api::demo::PASSWORD).await;

    let courante = ok(member.get("/api/comptabilite/balance").await).await;
    let annees: Vec<i64> = courante["exercices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["annee"].as_i64().unwrap())
        .collect();
    assert!(annees.len() >= 2, "{annees:?}");
    for annee in annees {
        let balance = ok(member
            .get(&format!("/api/comptabilite/balance?exercice={annee}"))
            .await)
        .await;
        assert_eq!(balance["equilibree"], true, "{annee}");
        assert_eq!(
            balance["totaux"]["debit"], balance["totaux"]["credit"],
            "{annee}"
        );
        // 2024, closed before the demo's records start, has no entries.
        assert_eq!(
            balance["comptes"].as_array().unwrap().is_empty(),
            annee == 2024,
            "{annee}"
        );
    }

    let tresorerie = ok(member.get("/api/comptabilite/tresorerie").await).await;
    let comptes = ok(member.get("/api/banque/comptes").await).await;
    let banques = tresorerie["banques"].as_array().unwrap();
    assert_eq!(banques.len(), 2);
    for banque in banques {
        let compte = comptes["comptes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["id"] == banque["compte_id"])
            .unwrap();
        assert_eq!(banque["solde"], compte["solde"], "{}", compte["libelle"]);
    }
    let millimes = |v: &Value| Montant::parse_dt(&v.to_string()).unwrap().millimes();
    let banks: i64 = banques.iter().map(|b| millimes(&b["solde"])).sum();
    assert_eq!(
        millimes(&tresorerie["total"]),
        millimes(&tresorerie["caisse"]) + banks
    );
}
