//! Bank statements through the API (issue 22, docs/api-releves.md) on SQLite and PostgreSQL:
//! the preview, the import with its confident matches pointed, a re-import that changes
//! nothing, the remembered CSV mapping, every refusal of a file, the finance role, another
//! residence's account, a closed year, the pointing of a proposed line, its undoing and the
//! operation created from a line without a match.

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    CompteBancaireSpec, CotisationSpec, OccupationSpec, ResidenceBuilder, Role,
};
use daftar_domain::banque::{FicheOperation, TypeCompte, TypeOperation};
use daftar_domain::occupation::Sexe;
use daftar_domain::paiement::Paiement;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use reqwest::{Response, StatusCode};
use serde_json::{json, Value};

use crate::depenses::{post_multipart, Part};
use crate::support::{assert_error, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    an_ofx_statement_is_previewed_imported_and_its_confident_match_pointed,
    importing_the_same_file_again_changes_nothing,
    a_line_without_a_match_becomes_its_operation_and_the_balance_agrees,
    a_line_pointed_from_the_statement_is_undone,
    a_proposed_line_is_pointed_with_the_movements_chosen,
    a_csv_asks_for_its_mapping_once_per_bank,
    files_that_cannot_be_read_are_refused_with_why,
    statements_are_the_treasurer_s_and_of_the_residence,
    a_statement_with_a_line_in_a_closed_year_is_refused,
    the_demo_has_last_month_s_statement_imported,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
/// The treasurer of a residence without bank account.
const OTHER_TREASURER: &str = "30000002";
const COURANT_ID: i64 = 1;
/// A1's collection by cheque (100 DT, 2 March), A2's by transfer (100 DT, 3 March, "VIR 77").
const CHEQUE_A1: i64 = 1;
const VIREMENT_A2: i64 = 2;

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Residence "Les Jasmins" on 15 June 2026 (as the bank's tests): 2025 closed, 2026 open;
/// Compte courant at BIAT (main, 1 000 DT on 1 January 2025, a fee of 12.500 in 2025) and
/// Épargne travaux at STB; A1 paid 100 DT by cheque on 2 March, A2 100 DT by transfer on 3
/// March. Residence "Les Oliviers": a treasurer, no account.
async fn setup(world: &World) -> TestApp {
    let db = world.db().await;
    let today = date("2026-06-15");
    let since_2015 = date("2015-01-01");
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(today)
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .exercice(2025)
        .exercice(2026)
        .propriete("A1")
        .propriete("A2")
        .occupation(OccupationSpec::proprietaire(
            "A1",
            "Leïla Haddad",
            Sexe::Femme,
            since_2015,
        ))
        .occupation(OccupationSpec::proprietaire(
            "A2",
            "Sami Gharbi",
            Sexe::Homme,
            since_2015,
        ))
        .compte_bancaire(
            CompteBancaireSpec::new("Compte courant", "BIAT", TypeCompte::Courant)
                .solde_initial(Montant::dinars(1_000), date("2025-01-01")),
        )
        .compte_bancaire(CompteBancaireSpec::new(
            "Épargne travaux",
            "STB",
            TypeCompte::Epargne,
        ))
        .operation_bancaire(
            "Compte courant",
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
                        reference: Some("4210001".into()),
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

/// An OFX 1 statement of March 2026 with these transactions (date `YYYYMMDD`, amount, name)
/// and closing balance.
fn ofx(transactions: &[(&str, &str, &str)], solde: &str) -> Vec<u8> {
    let mut texte = String::from(
        "OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX>\n<BANKMSGSRSV1><STMTTRNRS><STMTRS>\n\
         <BANKTRANLIST>\n<DTSTART>20260301\n<DTEND>20260331\n",
    );
    for (i, (jour, montant, nom)) in transactions.iter().enumerate() {
        texte.push_str(&format!(
            "<STMTTRN>\n<TRNTYPE>OTHER\n<DTPOSTED>{jour}\n<TRNAMT>{montant}\n<FITID>F{jour}{i}\n\
             <NAME>{nom}\n</STMTTRN>\n"
        ));
    }
    texte.push_str(&format!(
        "</BANKTRANLIST>\n<LEDGERBAL><BALAMT>{solde}<DTASOF>20260331</LEDGERBAL>\n\
         </STMTRS></STMTTRNRS></BANKMSGSRSV1>\n</OFX>\n"
    ));
    texte.into_bytes()
}

/// March: A2's transfer (matches, pointed), the bank's fees (nothing in the books). The bank's
/// balance: 987.500 carried from 2025, +100, −8.500.
fn mars() -> Vec<u8> {
    ofx(
        &[
            ("20260304", "100.000", "VIR RECU SAMI GHARBI"),
            ("20260331", "-8.500", "FRAIS TENUE DE COMPTE"),
        ],
        "1079.000",
    )
}

async fn envoyer(
    app: &TestApp,
    route: &str,
    compte: i64,
    fichier: &[u8],
    mapping: Option<&Value>,
) -> Response {
    let compte = compte.to_string();
    let mapping = mapping.map(Value::to_string);
    let mut parts = vec![
        Part::Texte("compte", &compte),
        Part::Fichier("fichier", "releve-mars.ofx", fichier),
    ];
    if let Some(mapping) = &mapping {
        parts.push(Part::Texte("mapping", mapping));
    }
    post_multipart(app, &format!("/api/banque/releves/{route}"), &parts).await
}

async fn importer(app: &TestApp, fichier: &[u8]) -> Value {
    let res = envoyer(app, "importer", COURANT_ID, fichier, None).await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["deja_importe"], false, "{body}");
    body["releve"].clone()
}

async fn get(app: &TestApp, path: &str) -> Value {
    let res = app.get(path).await;
    assert_eq!(res.status(), StatusCode::OK);
    res.json().await.unwrap()
}

async fn rapprochement(app: &TestApp) -> Value {
    get(app, "/api/banque/rapprochement?exercice=2026").await
}

/// The reconciliation row of a movement.
fn ligne_de(rapprochement: &Value, table: &str, id: i64) -> Value {
    rapprochement["rapprochements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["table"] == table && r["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("no {table} {id}"))
}

fn statuts(releve: &Value) -> Vec<String> {
    releve["lignes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["statut"].as_str().unwrap().to_owned())
        .collect()
}

async fn an_ofx_statement_is_previewed_imported_and_its_confident_match_pointed(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let apercu = ok(envoyer(&treasurer, "apercu", COURANT_ID, &mars(), None).await).await;
    assert_eq!(apercu["format"], "ofx");
    assert_eq!(apercu["deja_importe"], false);
    assert_eq!(apercu["mapping_requis"], false);
    assert_eq!(
        (apercu["du"].clone(), apercu["au"].clone()),
        (json!("2026-03-01"), json!("2026-03-31"))
    );
    assert_eq!(apercu["solde_cloture"], json!(1079));
    assert_eq!(apercu["total_credits"], json!(100));
    assert_eq!(apercu["total_debits"], json!(8.5));
    assert_eq!(apercu["lignes"][1]["montant"], json!(-8.5));
    assert_eq!(apercu["lignes"][0]["deja_importee"], false);
    assert_eq!(apercu["sha256"].as_str().unwrap().len(), 64);
    // A preview records nothing.
    let liste = get(&treasurer, "/api/banque/releves?compte=1").await;
    assert_eq!(liste["releves"], json!([]));

    let releve = importer(&treasurer, &mars()).await;

    assert_eq!(
        releve["compte"],
        json!({"id": COURANT_ID, "nom": "Compte courant"})
    );
    assert_eq!(releve["nom_fichier"], "releve-mars.ofx");
    assert_eq!(statuts(&releve), ["pointee", "sans_correspondance"]);
    assert_eq!(
        releve["lignes"][0]["mouvements"],
        json!([{"table": "encaissement", "id": VIREMENT_A2, "date": "2026-03-03",
                "libelle": "Encaissement Ascenseur — A2", "montant": 100}])
    );
    assert_eq!(
        releve["lignes"][1]["suggestion"],
        json!({"type": "frais", "libelle": "FRAIS TENUE DE COMPTE"})
    );
    // The bank's balance after pointing: 987.5 carried, +100; the statement says 1079: the
    // fees explain the difference.
    assert_eq!(
        releve["controle"],
        json!({"solde_releve": 1079, "solde_banque": 1087.5, "ecart": -8.5, "equilibre": false})
    );
    // The same pointing as by hand: the reconciliation shows the statement's date.
    let r = rapprochement(&treasurer).await;
    assert_eq!(
        ligne_de(&r, "encaissement", VIREMENT_A2)["date_banque"],
        "2026-03-04"
    );
    let liste = get(&treasurer, "/api/banque/releves?compte=1").await;
    assert_eq!(liste["releves"][0]["lignes"], 2);
    assert_eq!(liste["releves"][0]["pointees"], 1);
    assert_eq!(liste["releves"][0]["sans_correspondance"], 1);
    assert_eq!(liste["releves"][0]["format"], "ofx");
    let details = get(
        &treasurer,
        &format!("/api/banque/releves/details?id={}", releve["id"]),
    )
    .await;
    assert_eq!(details["sha256"], apercu["sha256"]);
}

async fn importing_the_same_file_again_changes_nothing(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let premier = importer(&treasurer, &mars()).await;

    let apercu = ok(envoyer(&treasurer, "apercu", COURANT_ID, &mars(), None).await).await;
    let res = envoyer(&treasurer, "importer", COURANT_ID, &mars(), None).await;

    assert_eq!(apercu["deja_importe"], true);
    assert_eq!(apercu["lignes"][0]["deja_importee"], true);
    let body = ok(res).await;
    assert_eq!(body["deja_importe"], true);
    assert_eq!(body["releve"]["id"], premier["id"]);
    let liste = get(&treasurer, "/api/banque/releves?compte=1").await;
    assert_eq!(liste["releves"].as_array().unwrap().len(), 1);

    // Another file repeating the lines already imported (same bank ids): only the new line is
    // recorded.
    let chevauchant = ofx(
        &[
            ("20260304", "100.000", "VIR RECU SAMI GHARBI"),
            ("20260331", "-8.500", "FRAIS TENUE DE COMPTE"),
            ("20260405", "-3.000", "COMMISSION"),
        ],
        "1076.000",
    );
    let apercu = ok(envoyer(&treasurer, "apercu", COURANT_ID, &chevauchant, None).await).await;
    assert_eq!(apercu["deja_importe"], false);
    assert_eq!(apercu["lignes"][0]["deja_importee"], true);
    assert_eq!(apercu["lignes"][1]["deja_importee"], true);
    assert_eq!(apercu["lignes"][2]["deja_importee"], false);
    let second = importer(&treasurer, &chevauchant).await;
    assert_eq!(second["lignes"].as_array().unwrap().len(), 1);
    assert_eq!(second["lignes"][0]["libelle"], "COMMISSION");
}

async fn a_line_without_a_match_becomes_its_operation_and_the_balance_agrees(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let releve = importer(&treasurer, &mars()).await;
    let id = releve["id"].clone();

    let incompatible = treasurer
        .post_json(
            "/api/banque/releves/creer-operation",
            &json!({"releve": id, "ligne": 2, "type": "interets", "libelle": "Intérêts"}),
        )
        .await;
    assert_error(incompatible, 422, "type_incompatible").await;
    let invalide = treasurer
        .post_json(
            "/api/banque/releves/creer-operation",
            &json!({"releve": id, "ligne": 2, "type": "cadeau", "libelle": ""}),
        )
        .await;
    let body = assert_error(invalide, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"]["type"],
        json!(["type_operation_invalide"])
    );
    assert_eq!(body["field_codes"]["libelle"], json!(["champ_obligatoire"]));

    let apres = ok(treasurer
        .post_json(
            "/api/banque/releves/creer-operation",
            &json!({"releve": id, "ligne": 2, "type": "frais", "libelle": "Frais de tenue de compte"}),
        )
        .await)
    .await;

    let ligne = &apres["releve"]["lignes"][1];
    assert_eq!(ligne["statut"], "pointee");
    assert_eq!(ligne["mouvements"][0]["table"], "operation");
    assert_eq!(ligne["mouvements"][0]["montant"], json!(-8.5));
    assert_eq!(
        apres["releve"]["controle"],
        json!({"solde_releve": 1079, "solde_banque": 1079, "ecart": 0, "equilibre": true})
    );
    let operation = ligne_de(
        &rapprochement(&treasurer).await,
        "operation",
        ligne["mouvements"][0]["id"].as_i64().unwrap(),
    );
    assert_eq!(operation["libelle"], "Frais de tenue de compte");
    assert_eq!(operation["date"], "2026-03-31");
    assert_eq!(operation["date_banque"], "2026-03-31");
    let deja = treasurer
        .post_json(
            "/api/banque/releves/creer-operation",
            &json!({"releve": id, "ligne": 2, "type": "frais", "libelle": "Encore"}),
        )
        .await;
    assert_error(deja, 409, "ligne_deja_rapprochee").await;
}

async fn a_line_pointed_from_the_statement_is_undone(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let releve = importer(&treasurer, &mars()).await;

    let apres = ok(treasurer
        .post_json(
            "/api/banque/releves/defaire",
            &json!({"releve": releve["id"], "ligne": 1}),
        )
        .await)
    .await;

    assert_eq!(
        statuts(&apres["releve"]),
        ["proposee", "sans_correspondance"]
    );
    assert_eq!(
        apres["releve"]["lignes"][0]["propositions"][0][0]["id"],
        VIREMENT_A2
    );
    let r = rapprochement(&treasurer).await;
    assert_eq!(
        ligne_de(&r, "encaissement", VIREMENT_A2)["date_banque"],
        Value::Null
    );
    let encore = treasurer
        .post_json(
            "/api/banque/releves/defaire",
            &json!({"releve": releve["id"], "ligne": 1}),
        )
        .await;
    assert_error(encore, 409, "ligne_non_rapprochee").await;
    let inconnue = treasurer
        .post_json(
            "/api/banque/releves/defaire",
            &json!({"releve": releve["id"], "ligne": 9}),
        )
        .await;
    assert_error(inconnue, 404, "ligne_releve_inconnue").await;
}

async fn a_proposed_line_is_pointed_with_the_movements_chosen(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    // A1's cheque is deposited; a line of 200 DT is the deposit and A2's transfer together:
    // proposed, never pointed on its own.
    ok(treasurer
        .post_json(
            "/api/remises-cheques/creer",
            &json!({"compte_id": COURANT_ID, "cheque_ids": [CHEQUE_A1], "date": "2026-03-10",
                    "reference": "REM-1", "commentaire": null}),
        )
        .await)
    .await;
    let releve = importer(
        &treasurer,
        &ofx(&[("20260311", "200.000", "VERSEMENTS DIVERS")], "1187.500"),
    )
    .await;
    assert_eq!(statuts(&releve), ["proposee"]);
    let proposition = &releve["lignes"][0]["propositions"][0];
    let tables: Vec<&str> = proposition
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["table"].as_str().unwrap())
        .collect();
    assert_eq!(tables.len(), 2);
    assert!(tables.contains(&"remise") && tables.contains(&"encaissement"));
    let id = releve["id"].clone();

    let trop_peu = treasurer
        .post_json(
            "/api/banque/releves/rapprocher",
            &json!({"releve": id, "ligne": 1, "mouvements": [{"table": "remise", "id": 1}]}),
        )
        .await;
    assert_error(trop_peu, 422, "montants_differents").await;
    let inconnu = treasurer
        .post_json(
            "/api/banque/releves/rapprocher",
            &json!({"releve": id, "ligne": 1, "mouvements": [{"table": "remise", "id": 99}]}),
        )
        .await;
    assert_error(inconnu, 404, "mouvement_inconnu").await;
    let mauvaise_table = treasurer
        .post_json(
            "/api/banque/releves/rapprocher",
            &json!({"releve": id, "ligne": 1, "mouvements": [{"table": "cheque", "id": 1}]}),
        )
        .await;
    let body = assert_error(mauvaise_table, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["mouvements"], json!(["table_invalide"]));

    let apres = ok(treasurer
        .post_json(
            "/api/banque/releves/rapprocher",
            &json!({"releve": id, "ligne": 1, "mouvements": [
                {"table": "remise", "id": 1}, {"table": "encaissement", "id": VIREMENT_A2}]}),
        )
        .await)
    .await;

    assert_eq!(statuts(&apres["releve"]), ["pointee"]);
    assert_eq!(apres["releve"]["controle"]["equilibre"], true);
    let r = rapprochement(&treasurer).await;
    assert_eq!(ligne_de(&r, "remise", 1)["date_banque"], "2026-03-11");
    let deja = treasurer
        .post_json(
            "/api/banque/releves/rapprocher",
            &json!({"releve": id, "ligne": 1, "mouvements": [{"table": "remise", "id": 1}]}),
        )
        .await;
    assert_error(deja, 409, "ligne_deja_rapprochee").await;
}

fn csv_biat() -> Vec<u8> {
    "Relevé BIAT;;;;\r\nDate;Libellé;Réf;Débit;Crédit\r\n04/03/2026;VIR RECU SAMI;VIR 77;;100,000\r\n31/03/2026;FRAIS;;8,500;\r\n"
        .as_bytes()
        .to_vec()
}

fn mapping_biat() -> Value {
    json!({"ligne_entete": 2, "date": "Date", "libelle": "Libellé", "montant": null,
           "debit": "Débit", "credit": "Crédit", "reference": "Réf",
           "format_date": "jj/mm/aaaa", "separateur_decimal": ","})
}

async fn a_csv_asks_for_its_mapping_once_per_bank(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let apercu = ok(envoyer(&treasurer, "apercu", COURANT_ID, &csv_biat(), None).await).await;
    assert_eq!(apercu["format"], "csv");
    assert_eq!(apercu["mapping_requis"], true);
    assert_eq!(apercu["lignes"], json!([]));
    assert_eq!(
        apercu["colonnes"],
        json!(["Date", "Libellé", "Réf", "Débit", "Crédit"])
    );
    assert_eq!(apercu["apercu_brut"][1][4], "100,000");
    let sans = envoyer(&treasurer, "importer", COURANT_ID, &csv_biat(), None).await;
    let body = assert_error(sans, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["mapping"], json!(["champ_obligatoire"]));

    let res = envoyer(
        &treasurer,
        "importer",
        COURANT_ID,
        &csv_biat(),
        Some(&mapping_biat()),
    )
    .await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let releve: Value = res.json().await.unwrap();
    assert_eq!(releve["releve"]["format"], "csv");
    // The reference names the transfer's: pointed.
    assert_eq!(
        statuts(&releve["releve"]),
        ["pointee", "sans_correspondance"]
    );
    assert_eq!(releve["releve"]["controle"]["solde_releve"], Value::Null);

    // The next file of the same bank is read with the mapping remembered.
    let avril =
        "Relevé BIAT;;;;\r\nDate;Libellé;Réf;Débit;Crédit\r\n02/04/2026;COMMISSION;;1,250;\r\n";
    let apercu = ok(envoyer(&treasurer, "apercu", COURANT_ID, avril.as_bytes(), None).await).await;
    assert_eq!(apercu["mapping_requis"], false);
    assert_eq!(apercu["mapping"]["ligne_entete"], 2);
    assert_eq!(apercu["lignes"][0]["montant"], json!(-1.25));
    // Another bank (Épargne travaux is at STB) has none yet.
    let stb = ok(envoyer(&treasurer, "apercu", 2, avril.as_bytes(), None).await).await;
    assert_eq!(stb["mapping_requis"], true);
}

async fn files_that_cannot_be_read_are_refused_with_why(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let pdf = envoyer(
        &treasurer,
        "apercu",
        COURANT_ID,
        b"%PDF-1.7\n\x00\x01\x02",
        None,
    )
    .await;
    let body = assert_error(pdf, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"]["fichier"],
        json!(["releve_format_inconnu"])
    );

    let casse = "Relevé BIAT;;;;\r\nDate;Libellé;Réf;Débit;Crédit\r\n04/03/2026;VIR;;;100,000\r\n05/03/2026;X;;12,3,4;\r\n";
    let res = envoyer(
        &treasurer,
        "importer",
        COURANT_ID,
        casse.as_bytes(),
        Some(&mapping_biat()),
    )
    .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"]["fichier"],
        json!(["releve_ligne_invalide"])
    );
    assert_eq!(body["ligne"], 4);
    assert_eq!(body["raison"], "montant illisible: 12,3,4");
    // Nothing of the file was recorded.
    let liste = get(&treasurer, "/api/banque/releves?compte=1").await;
    assert_eq!(liste["releves"], json!([]));

    let mut colonne = mapping_biat();
    colonne["libelle"] = json!("Intitulé");
    let res = envoyer(
        &treasurer,
        "apercu",
        COURANT_ID,
        &csv_biat(),
        Some(&colonne),
    )
    .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["mapping"], json!(["colonne_inconnue"]));

    let mauvais = envoyer(
        &treasurer,
        "apercu",
        COURANT_ID,
        &csv_biat(),
        Some(&json!({"date": 3})),
    )
    .await;
    let body = assert_error(mauvais, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["mapping"], json!(["valeur_invalide"]));

    let xml = envoyer(
        &treasurer,
        "apercu",
        COURANT_ID,
        b"<Document><BkToCstmrStmt><Stmt>",
        None,
    )
    .await;
    let body = assert_error(xml, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["fichier"], json!(["releve_illisible"]));

    let gros = vec![b'a'; 5 * 1024 * 1024 + 1];
    let res = envoyer(&treasurer, "apercu", COURANT_ID, &gros, None).await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"]["fichier"],
        json!(["fichier_trop_volumineux"])
    );

    let vide = post_multipart(&treasurer, "/api/banque/releves/apercu", &[]).await;
    let body = assert_error(vide, 422, "validation_failed").await;
    assert_eq!(body["field_codes"]["compte"], json!(["champ_obligatoire"]));
    assert_eq!(body["field_codes"]["fichier"], json!(["champ_obligatoire"]));
}

async fn statements_are_the_treasurer_s_and_of_the_residence(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let releve = importer(&treasurer, &mars()).await;
    let member = signed_in(&app, MEMBER).await;
    let other = signed_in(&app, OTHER_TREASURER).await;

    assert_error(
        envoyer(&member, "apercu", COURANT_ID, &mars(), None).await,
        403,
        "finance_required",
    )
    .await;
    assert_error(
        member.get("/api/banque/releves?compte=1").await,
        403,
        "finance_required",
    )
    .await;
    let defaire = member
        .post_json(
            "/api/banque/releves/defaire",
            &json!({"releve": releve["id"], "ligne": 1}),
        )
        .await;
    assert_error(defaire, 403, "finance_required").await;

    // Account 1 and the statement are Les Jasmins': Les Oliviers' treasurer knows neither.
    assert_error(
        envoyer(&other, "importer", COURANT_ID, &mars(), None).await,
        404,
        "compte_inconnu",
    )
    .await;
    assert_error(
        other.get("/api/banque/releves?compte=1").await,
        404,
        "compte_inconnu",
    )
    .await;
    let details = other
        .get(&format!("/api/banque/releves/details?id={}", releve["id"]))
        .await;
    assert_error(details, 404, "releve_inconnu").await;
    let defaire = other
        .post_json(
            "/api/banque/releves/defaire",
            &json!({"releve": releve["id"], "ligne": 1}),
        )
        .await;
    assert_error(defaire, 404, "releve_inconnu").await;
}

async fn a_statement_with_a_line_in_a_closed_year_is_refused(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let fichier = ofx(
        &[
            ("20251231", "-2.000", "FRAIS DECEMBRE"),
            ("20260304", "100.000", "VIR RECU SAMI GHARBI"),
        ],
        "1085.500",
    );

    let res = envoyer(&treasurer, "importer", COURANT_ID, &fichier, None).await;

    assert_error(res, 403, "exercice_cloture").await;
    let liste = get(&treasurer, "/api/banque/releves?compte=1").await;
    assert_eq!(liste["releves"], json!([]));
    let r = rapprochement(&treasurer).await;
    assert_eq!(
        ligne_de(&r, "encaissement", VIREMENT_A2)["date_banque"],
        Value::Null
    );
}

async fn the_demo_has_last_month_s_statement_imported(world: World) {
    let db = world.db().await;
    daftar_api::demo::load(&db).await.unwrap();
    let app = world.spawn().await;
    let treasurer = app.new_browser();
    treasurer.login(TREASURER, daftar_api::demo::PASSWORD).await;
    let comptes = get(&treasurer, "/api/banque/comptes").await;
    let principal = comptes["comptes"][0]["id"].clone();

    let liste = get(
        &treasurer,
        &format!("/api/banque/releves?compte={principal}"),
    )
    .await;

    let releves = liste["releves"].as_array().unwrap();
    assert_eq!(releves.len(), 1);
    let resume = &releves[0];
    assert_eq!(resume["sans_correspondance"], 1);
    assert!(resume["pointees"].as_u64().unwrap() * 2 > resume["lignes"].as_u64().unwrap());
    let releve = get(
        &treasurer,
        &format!("/api/banque/releves/details?id={}", resume["id"]),
    )
    .await;
    let sans: Vec<&Value> = releve["lignes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["statut"] == "sans_correspondance")
        .collect();
    assert_eq!(sans[0]["suggestion"]["type"], "frais");
    // The statement's closing balance differs from the bank balance by its unmatched line
    // alone (the fees the books do not have yet), and agrees once they are recorded from it.
    assert_eq!(releve["controle"]["ecart"], sans[0]["montant"]);
    let apres = ok(treasurer
        .post_json(
            "/api/banque/releves/creer-operation",
            &json!({
                "releve": releve["id"],
                "ligne": sans[0]["numero"],
                "type": "frais",
                "libelle": "Frais de tenue de compte",
            }),
        )
        .await)
    .await;
    assert_eq!(apres["releve"]["controle"]["equilibre"], true);
}
