//! The contracts, clients and exceptional revenues through the API (spec 1 §2–§8, spec 2 §2
//! "Expense contracts"; docs/api-contrats.md), on SQLite and PostgreSQL: each endpoint, the
//! schedule and the payment ceiling, the payments in the bank's reconciliation and among the
//! pending cheques, a contract's cheque deposited and then frozen (409, 411), the exercice
//! guard and who may call what.

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    CategorieSpec, ClientSpec, CompteBancaireSpec, FournisseurSpec, OccupationSpec,
    ResidenceBuilder, Role,
};
use daftar_domain::banque::TypeCompte;
use daftar_domain::occupation::Sexe;
use daftar_domain::Montant;
use serde_json::{json, Value};

use crate::depenses::{pdf, post_multipart, Part};
use crate::support::{assert_error, field_errors, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    contrats_clients_are_created_listed_edited_and_deleted_unless_named,
    contrats_a_revenue_contract_is_created_with_its_file_detailed_edited_and_deleted,
    contrats_a_contract_form_reports_every_wrong_field,
    contrats_payments_stay_within_the_total_and_reach_the_bank,
    contrats_an_expense_contract_is_paid_from_the_main_account,
    contrats_a_contract_cheque_is_deposited_and_then_frozen,
    contrats_exceptional_revenues_are_recorded_listed_and_deleted,
    contrats_the_exercice_guards_every_change,
    contrats_every_change_is_the_treasurer_s_and_co_owners_read_nothing,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Residence "Les Jasmins" on 15 June 2026: a treasurer, a council member, a co-owner; 2025
/// closed, 2026 open; the main account Compte courant (1); the client Ooredoo Tunisie (1); the
/// supplier Ascenseurs Kone (1) and the category Ascenseur (1). A server.
async fn setup(world: &World) -> TestApp {
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-06-15"))
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
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
        .client(ClientSpec::new("Ooredoo Tunisie").tel("22000000"))
        .fournisseur(FournisseurSpec::entreprise("Ascenseurs Kone"))
        .categorie(CategorieSpec::new("Ascenseur"))
        .exercice_cloture(2025)
        .build()
        .await
        .unwrap();
    world.spawn_on(date("2026-06-15")).await
}

/// A yearly antenna rent of 1,200 DT from 1 January 2026 to 31 December 2027 (two periods),
/// with client 1.
fn antenne<'a>() -> Vec<Part<'a>> {
    vec![
        Part::Texte("titre", "Antenne relais sur le toit"),
        Part::Texte("montant", "1200"),
        Part::Texte("dateDebut", "2026-01-01"),
        Part::Texte("dateFin", "2027-12-31"),
        Part::Texte("client", "1"),
        Part::Texte("periodicite_paiement", "annuelle"),
        Part::Texte("commentaire", "Loyer payé d'avance"),
    ]
}

async fn creer_antenne(treasurer: &TestApp) -> Value {
    ok(post_multipart(treasurer, "/api/contrats-revenus/creer", &antenne()).await).await
}

fn payer(id: i64, montant: &str, methode: &str, jour: &str) -> Value {
    json!({"id": id, "montant": montant, "date_paiement": jour,
           "methode_paiement": methode, "reference_paiement": "CH-0077"})
}

fn rapprochement_ligne(rapprochement: &Value, table: &str) -> Value {
    rapprochement["rapprochements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["table"] == table)
        .cloned()
        .unwrap_or_else(|| panic!("no {table} in {rapprochement}"))
}

async fn contrats_clients_are_created_listed_edited_and_deleted_unless_named(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let created = ok(treasurer
        .post_json(
            "/api/clients/creer",
            &json!({"nom": " Pharmacie El Menzah ", "tel": "71 234 567", "email": "",
                    "adresse": "Rue des Jasmins", "ville": "Tunis", "gouvernorat": "23",
                    "activite": "Pharmacie", "matricule_fiscal": "1234567/A/M/000",
                    "commentaire": "Enseigne\nlumineuse"}),
        )
        .await)
    .await;
    let client = &created["client"];
    assert_eq!(client["id"], 2);
    assert_eq!(client["nom"], "Pharmacie El Menzah");
    assert_eq!(client["tel"], "71234567");
    assert_eq!(client["email"], Value::Null);
    assert_eq!(client["gouvernorat"], json!({"id": 23, "nom": "Tunis"}));
    assert_eq!(client["matricule_fiscal"], "1234567/A/M/000");
    assert_eq!(client["utilise"], false);

    let dialog = ok(treasurer
        .post_json(
            "/api/clients/creer-dialog",
            &json!({"nom": "Affichage Urbain", "tel": ""}),
        )
        .await)
    .await;
    assert_eq!(dialog["client"]["id"], 3);
    assert_eq!(dialog["client"]["tel"], Value::Null);

    let body = assert_error(
        treasurer
            .post_json(
                "/api/clients/creer",
                &json!({"nom": "", "tel": "7123", "email": "x@", "gouvernorat": 25}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    let mut champs = field_errors(&body);
    champs.sort();
    assert_eq!(champs, ["email", "gouvernorat", "nom", "tel"]);
    assert_eq!(body["field_codes"]["tel"], json!(["tel_invalide"]));
    assert_eq!(
        body["field_codes"]["gouvernorat"],
        json!(["gouvernorat_inconnu"])
    );

    let edited = ok(treasurer
        .post_json(
            "/api/clients/modifier",
            &json!({"id": 3, "nom": "Affichage Urbain SARL", "tel": "98123456"}),
        )
        .await)
    .await;
    assert_eq!(edited["client"]["nom"], "Affichage Urbain SARL");
    assert_eq!(edited["client"]["tel"], "98123456");
    assert_error(
        treasurer
            .post_json("/api/clients/modifier", &json!({"id": 99, "nom": "X"}))
            .await,
        404,
        "client_inconnu",
    )
    .await;

    // By name, accents ignored.
    let list = ok(treasurer.get("/api/clients").await).await;
    let noms: Vec<&str> = list["clients"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["nom"].as_str().unwrap())
        .collect();
    assert_eq!(
        noms,
        [
            "Affichage Urbain SARL",
            "Ooredoo Tunisie",
            "Pharmacie El Menzah"
        ]
    );

    // Named by a contract, a client stays.
    creer_antenne(&treasurer).await;
    assert_error(
        treasurer
            .post_json("/api/clients/supprimer", &json!({"client_id": 1}))
            .await,
        422,
        "client_utilise",
    )
    .await;
    let list = ok(treasurer.get("/api/clients").await).await;
    assert_eq!(list["clients"][1]["utilise"], true);
    ok(treasurer
        .post_json("/api/clients/supprimer", &json!({"client_id": 3}))
        .await)
    .await;
    assert_error(
        treasurer
            .post_json("/api/clients/supprimer", &json!({"client_id": 3}))
            .await,
        404,
        "client_inconnu",
    )
    .await;
}

async fn contrats_a_revenue_contract_is_created_with_its_file_detailed_edited_and_deleted(
    world: World,
) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let fichier = pdf(0);
    let mut parts = antenne();
    parts.push(Part::Fichier("docs[]", "contrat-ooredoo.pdf", &fichier));
    let created = ok(post_multipart(&treasurer, "/api/contrats-revenus/creer", &parts).await).await;
    let contrat = &created["contrat"];
    assert_eq!(contrat["id"], 1);
    assert_eq!(contrat["type"], "revenu");
    assert_eq!(contrat["titre"], "Antenne relais sur le toit");
    assert_eq!(contrat["montant"], json!(1200));
    assert_eq!(contrat["montant_par_periode"], json!(1200));
    assert_eq!(contrat["periodicite_paiement"], "annuelle");
    assert_eq!(contrat["date_debut"], "2026-01-01");
    assert_eq!(contrat["date_fin"], "2027-12-31");
    assert_eq!(
        contrat["client"],
        json!({"id": 1, "nom": "Ooredoo Tunisie"})
    );
    assert_eq!(contrat["client_nom"], "Ooredoo Tunisie");
    assert_eq!(contrat["fournisseur"], Value::Null);
    assert_eq!(contrat["nombre_periodes"], 2);
    assert_eq!(contrat["montant_total"], json!(2400));
    assert_eq!(contrat["montant_echu"], json!(1200));
    assert_eq!(contrat["montant_paye"], json!(0));
    assert_eq!(contrat["restant_du"], json!(1200));
    assert_eq!(contrat["restant_a_payer"], json!(2400));
    assert_eq!(contrat["is_closed"], false);
    assert_eq!(contrat["has_paiements"], false);
    assert_eq!(contrat["docs"][0]["titre"], "contrat-ooredoo.pdf");
    assert_eq!(contrat["docs"][0]["type"], "doc");
    assert_eq!(contrat["paiements"], json!([]));
    assert_eq!(
        contrat["echeancier"],
        json!([
            {"numero": 1, "debut": "2026-01-01", "fin": "2026-12-31", "montant": 1200, "echue": true},
            {"numero": 2, "debut": "2027-01-01", "fin": "2027-12-31", "montant": 1200, "echue": false},
        ])
    );
    let document_id = contrat["docs"][0]["id"].as_i64().unwrap();
    // The file is served like an invoice.
    let fichier_servi = treasurer
        .get(&format!("/api/documents/{document_id}"))
        .await;
    assert_eq!(fichier_servi.status(), 200);

    let list = ok(treasurer.get("/api/contrats-revenus").await).await;
    assert_eq!(list["contrats"].as_array().unwrap().len(), 1);
    assert_eq!(list["contrats"][0]["client_nom"], "Ooredoo Tunisie");
    let detail = ok(treasurer
        .get("/api/contrats-revenus/details-files?id=1")
        .await)
    .await;
    assert_eq!(detail["contrat"], created["contrat"]);
    // A revenue contract is not an expense contract.
    assert_error(
        treasurer
            .get("/api/contrats-depenses/details-files?id=1")
            .await,
        404,
        "contrat_inconnu",
    )
    .await;
    assert_eq!(
        ok(treasurer.get("/api/contrats-depenses").await).await["contrats"],
        json!([])
    );

    // Open-ended once its end is emptied: what falls due runs to the period of the day.
    let mut parts = antenne();
    parts.insert(0, Part::Texte("id", "1"));
    parts[2] = Part::Texte("montant", "1 300,500");
    parts[4] = Part::Texte("dateFin", "");
    let edited =
        ok(post_multipart(&treasurer, "/api/contrats-revenus/modifier", &parts).await).await;
    assert_eq!(edited["contrat"]["montant"], json!(1300.5));
    assert_eq!(edited["contrat"]["date_fin"], Value::Null);
    assert_eq!(edited["contrat"]["nombre_periodes"], Value::Null);
    assert_eq!(edited["contrat"]["montant_total"], Value::Null);
    assert_eq!(edited["contrat"]["restant_a_payer"], json!(1300.5));
    assert_eq!(edited["contrat"]["docs"].as_array().unwrap().len(), 1);

    ok(treasurer
        .post_json(
            "/api/contrats-documents/supprimer",
            &json!({"id": document_id}),
        )
        .await)
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/contrats-documents/supprimer",
                &json!({"id": document_id}),
            )
            .await,
        404,
        "document_inconnu",
    )
    .await;

    ok(treasurer
        .post_json("/api/contrats-revenus/supprimer", &json!({"id": 1}))
        .await)
    .await;
    assert_error(
        treasurer
            .post_json("/api/contrats-revenus/supprimer", &json!({"id": 1}))
            .await,
        404,
        "contrat_inconnu",
    )
    .await;
}

async fn contrats_a_contract_form_reports_every_wrong_field(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let parts = vec![
        Part::Texte("titre", ""),
        Part::Texte("montant", "12.3456"),
        Part::Texte("dateDebut", ""),
        Part::Texte("periodicite_paiement", "hebdomadaire"),
        Part::Texte("client", ""),
    ];
    let body = assert_error(
        post_multipart(&treasurer, "/api/contrats-revenus/creer", &parts).await,
        422,
        "validation_failed",
    )
    .await;
    let mut champs = field_errors(&body);
    champs.sort();
    assert_eq!(
        champs,
        [
            "client",
            "dateDebut",
            "montant",
            "periodicite_paiement",
            "titre"
        ]
    );
    assert_eq!(body["field_codes"]["montant"], json!(["montant_decimales"]));
    assert_eq!(
        body["field_codes"]["periodicite_paiement"],
        json!(["periodicite_invalide"])
    );

    let mut parts = antenne();
    parts[3] = Part::Texte("dateFin", "2025-12-31");
    parts[1] = Part::Texte("montant", "0");
    let body = assert_error(
        post_multipart(&treasurer, "/api/contrats-revenus/creer", &parts).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["dateFin"], json!(["fin_avant_debut"]));
    assert_eq!(body["field_codes"]["montant"], json!(["montant_positif"]));

    let texte = b"Ceci n'est pas un PDF.".to_vec();
    let mut parts = antenne();
    parts.push(Part::Fichier("docs[]", "faux.pdf", &texte));
    let body = assert_error(
        post_multipart(&treasurer, "/api/contrats-revenus/creer", &parts).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["docs"], json!(["fichier_invalide"]));

    let mut parts = antenne();
    parts[4] = Part::Texte("client", "9");
    assert_error(
        post_multipart(&treasurer, "/api/contrats-revenus/creer", &parts).await,
        404,
        "client_inconnu",
    )
    .await;
    let parts = vec![
        Part::Texte("titre", "Maintenance"),
        Part::Texte("montant", "150"),
        Part::Texte("dateDebut", "2026-01-01"),
        Part::Texte("periodicite_paiement", "mensuelle"),
        Part::Texte("fournisseur", "1"),
        Part::Texte("categorie", "7"),
    ];
    assert_error(
        post_multipart(&treasurer, "/api/contrats-depenses/creer", &parts).await,
        404,
        "categorie_inconnue",
    )
    .await;
    // Nothing was recorded.
    assert_eq!(
        ok(treasurer.get("/api/contrats-revenus").await).await["contrats"],
        json!([])
    );
}

async fn contrats_payments_stay_within_the_total_and_reach_the_bank(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    creer_antenne(&treasurer).await;

    let paye = ok(treasurer
        .post_json(
            "/api/contrats-revenus/payer",
            &payer(1, "2000", "virement", "2026-02-01"),
        )
        .await)
    .await;
    assert_eq!(paye["type"], "revenu");
    assert_eq!(paye["paiement"]["montant"], json!(2000));
    assert_eq!(paye["paiement"]["methode_paiement"], "virement");
    assert_eq!(paye["paiement"]["reference_paiement"], "CH-0077");
    assert_eq!(paye["paiement"]["compte_id"], 1);
    assert_eq!(paye["paiement"]["cheque_remis"], false);
    assert_eq!(paye["contrat"]["montant_paye"], json!(2000));
    assert_eq!(paye["contrat"]["restant_du"], json!(0));
    assert_eq!(paye["contrat"]["restant_a_payer"], json!(400));
    assert_eq!(paye["contrat"]["has_paiements"], true);
    let paiement_id = paye["paiement"]["id"].as_i64().unwrap();

    // Above what remains of the total (2 × 1,200 − 2,000).
    assert_error(
        treasurer
            .post_json(
                "/api/contrats-revenus/payer",
                &payer(1, "400,001", "espece", "2026-03-01"),
            )
            .await,
        422,
        "montant_maximum_depasse",
    )
    .await;
    // A revenue contract is not paid online.
    assert_error(
        treasurer
            .post_json(
                "/api/contrats-revenus/payer",
                &payer(1, "10", "enligne", "2026-03-01"),
            )
            .await,
        422,
        "methode_paiement_invalide",
    )
    .await;
    let body = assert_error(
        treasurer
            .post_json(
                "/api/contrats-revenus/payer",
                &json!({"id": 1, "montant": "", "date_paiement": "01/03/2026",
                        "methode_paiement": "troc"}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    let mut champs = field_errors(&body);
    champs.sort();
    assert_eq!(champs, ["date_paiement", "methode_paiement", "montant"]);

    // The transfer entered the main account: the reconciliation shows it; the books balance.
    let rapprochement = ok(treasurer
        .get("/api/banque/rapprochement?id=1&exercice=2026")
        .await)
    .await;
    let ligne = rapprochement_ligne(&rapprochement, "paiement_contrat");
    assert_eq!(ligne["montant"], json!(2000));
    assert_eq!(ligne["id"], paiement_id);
    let balance = ok(treasurer
        .get("/api/comptabilite/balance?exercice=2026")
        .await)
    .await;
    assert_eq!(balance["equilibree"], true, "{balance}");

    // With a payment, the contract stays and its total may not fall below what is paid.
    assert_error(
        treasurer
            .post_json("/api/contrats-revenus/supprimer", &json!({"id": 1}))
            .await,
        422,
        "contrat_avec_paiements",
    )
    .await;
    let mut parts = antenne();
    parts.insert(0, Part::Texte("id", "1"));
    parts[2] = Part::Texte("montant", "999");
    assert_error(
        post_multipart(&treasurer, "/api/contrats-revenus/modifier", &parts).await,
        422,
        "montant_inferieur_au_paye",
    )
    .await;

    // An edit may reach the total less the other payments; a deletion gives the room back.
    let modifie = ok(treasurer
        .post_json(
            "/api/contrats-revenus/modifier-paiement",
            &json!({"id": paiement_id, "contrat_id": 1, "montant": "2400",
                    "date_paiement": "2026-02-02", "methode_paiement": "espece",
                    "reference_paiement": "ignorée"}),
        )
        .await)
    .await;
    assert_eq!(modifie["paiement"]["montant"], json!(2400));
    assert_eq!(modifie["paiement"]["reference_paiement"], Value::Null);
    assert_eq!(modifie["paiement"]["compte_id"], Value::Null);
    assert_eq!(modifie["contrat"]["restant_a_payer"], json!(0));
    let supprime = ok(treasurer
        .post_json(
            "/api/contrats-revenus/supprimer-paiement",
            &json!({"id": paiement_id}),
        )
        .await)
    .await;
    assert_eq!(supprime["contrat"]["montant_paye"], json!(0));
    assert_error(
        treasurer
            .post_json(
                "/api/contrats-revenus/supprimer-paiement",
                &json!({"id": paiement_id}),
            )
            .await,
        404,
        "paiement_inconnu",
    )
    .await;
}

async fn contrats_an_expense_contract_is_paid_from_the_main_account(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let parts = vec![
        Part::Texte("titre", "Maintenance de l'ascenseur"),
        Part::Texte("montant", "150"),
        Part::Texte("date_debut", "2026-01-01"),
        Part::Texte("periodicite_paiement", "mensuelle"),
        Part::Texte("fournisseur", "1"),
        Part::Texte("categorie", "1"),
    ];
    let created =
        ok(post_multipart(&treasurer, "/api/contrats-depenses/creer", &parts).await).await;
    let contrat = &created["contrat"];
    assert_eq!(contrat["type"], "depense");
    assert_eq!(
        contrat["fournisseur"],
        json!({"id": 1, "nom": "Ascenseurs Kone"})
    );
    assert_eq!(contrat["fournisseur_nom"], "Ascenseurs Kone");
    assert_eq!(contrat["categorie"], json!({"id": 1, "titre": "Ascenseur"}));
    assert_eq!(contrat["client"], Value::Null);
    // Six months started by 15 June.
    assert_eq!(contrat["montant_echu"], json!(900));
    assert_eq!(contrat["restant_a_payer"], json!(900));
    assert_eq!(contrat["echeancier"].as_array().unwrap().len(), 6);

    // The supplier and the category a contract names cannot be deleted.
    assert_error(
        treasurer
            .post_json("/api/fournisseurs/supprimer", &json!({"fournisseur_id": 1}))
            .await,
        422,
        "fournisseur_utilise",
    )
    .await;

    // The periods up to the payment's date: six by 10 June, not seven.
    assert_error(
        treasurer
            .post_json(
                "/api/contrats-depenses/payer",
                &payer(1, "900,001", "enligne", "2026-06-10"),
            )
            .await,
        422,
        "montant_maximum_depasse",
    )
    .await;
    let paye = ok(treasurer
        .post_json(
            "/api/contrats-depenses/payer",
            &payer(1, "900", "enligne", "2026-06-10"),
        )
        .await)
    .await;
    assert_eq!(paye["type"], "depense");
    assert_eq!(paye["paiement"]["compte_id"], 1);
    assert_eq!(paye["paiement"]["reference_paiement"], Value::Null);
    let rapprochement = ok(treasurer
        .get("/api/banque/rapprochement?id=1&exercice=2026")
        .await)
    .await;
    let ligne = rapprochement_ligne(&rapprochement, "paiement_contrat");
    assert_eq!(ligne["montant"], json!(-900));
    // An expense contract's cheque is no cheque to deposit.
    ok(treasurer
        .post_json(
            "/api/contrats-depenses/payer",
            &payer(1, "150", "cheque", "2026-07-01"),
        )
        .await)
    .await;
    let cheques = ok(treasurer.get("/api/remises-cheques/cheques").await).await;
    assert_eq!(cheques["cheques"], json!([]));
    let balance = ok(treasurer
        .get("/api/comptabilite/balance?exercice=2026")
        .await)
    .await;
    assert_eq!(balance["equilibree"], true, "{balance}");
}

async fn contrats_a_contract_cheque_is_deposited_and_then_frozen(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    creer_antenne(&treasurer).await;

    let paye = ok(treasurer
        .post_json(
            "/api/contrats-revenus/payer",
            &payer(1, "1200", "cheque", "2026-03-01"),
        )
        .await)
    .await;
    let paiement_id = paye["paiement"]["id"].as_i64().unwrap();
    assert_eq!(paye["paiement"]["compte_id"], Value::Null);

    let cheques = ok(treasurer.get("/api/remises-cheques/cheques").await).await;
    assert_eq!(
        cheques["cheques"],
        json!([{"id": paiement_id, "origine": "contrat", "montant": 1200,
                "date": "2026-03-01", "reference": "CH-0077", "tireur": "Ooredoo Tunisie",
                "propriete": null, "libelle": "Antenne relais sur le toit"}])
    );
    let remise = ok(treasurer
        .post_json(
            "/api/remises-cheques/creer",
            &json!({"compte_id": 1, "cheque_ids": [paiement_id], "date": "2026-03-05",
                    "reference": "REM-01"}),
        )
        .await)
    .await;
    assert_eq!(remise["remise"]["montant"], json!(1200));
    assert_eq!(remise["remise"]["cheques"][0]["origine"], "contrat");
    assert_eq!(
        ok(treasurer.get("/api/remises-cheques/cheques").await).await["cheques"],
        json!([])
    );

    // Deposited, the payment is frozen: 411 on its edit (spec 1 §8), 409 on its deletion.
    assert_error(
        treasurer
            .post_json(
                "/api/contrats-revenus/modifier-paiement",
                &json!({"id": paiement_id, "montant": "1000", "date_paiement": "2026-03-01",
                        "methode_paiement": "cheque"}),
            )
            .await,
        411,
        "cheque_remis_modification",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/contrats-revenus/supprimer-paiement",
                &json!({"id": paiement_id}),
            )
            .await,
        409,
        "cheque_remis",
    )
    .await;
    let detail = ok(treasurer
        .get("/api/contrats-revenus/details-files?id=1")
        .await)
    .await;
    assert_eq!(detail["contrat"]["paiements"][0]["cheque_remis"], true);
    let balance = ok(treasurer
        .get("/api/comptabilite/balance?exercice=2026")
        .await)
    .await;
    assert_eq!(balance["equilibree"], true, "{balance}");
}

async fn contrats_exceptional_revenues_are_recorded_listed_and_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let created = ok(treasurer
        .post_json(
            "/api/revenus-exceptionnels/creer",
            &json!({"titre": "Vente des anciennes pièces de l'ascenseur", "montant": "850,500",
                    "date_paiement": "2026-05-12", "methode_paiement": "cheque",
                    "reference_paiement": "CH-1", "commentaire": "Moteur", "client": 1}),
        )
        .await)
    .await;
    let revenu = &created["revenu"];
    assert_eq!(revenu["montant"], json!(850.5));
    assert_eq!(revenu["client"], json!({"id": 1, "nom": "Ooredoo Tunisie"}));
    assert_eq!(revenu["client_nom"], "Ooredoo Tunisie");
    assert_eq!(revenu["methode_paiement"], "cheque");
    assert_eq!(revenu["is_closed"], false);
    assert_eq!(revenu["cheque_remis"], false);
    let revenu_id = revenu["id"].as_i64().unwrap();

    let virement = ok(treasurer
        .post_json(
            "/api/revenus-exceptionnels/creer",
            &json!({"titre": "Remboursement de l'assurance", "montant": 2340.75,
                    "date_paiement": "2026-05-20", "methode_paiement": "virement",
                    "client": ""}),
        )
        .await)
    .await;
    assert_eq!(virement["revenu"]["client"], Value::Null);
    assert_eq!(virement["revenu"]["compte_id"], 1);

    let list = ok(treasurer.get("/api/revenus-exceptionnels").await).await;
    let titres: Vec<&str> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["titre"].as_str().unwrap())
        .collect();
    assert_eq!(
        titres,
        [
            "Remboursement de l'assurance",
            "Vente des anciennes pièces de l'ascenseur"
        ]
    );
    let rapprochement = ok(treasurer
        .get("/api/banque/rapprochement?id=1&exercice=2026")
        .await)
    .await;
    let ligne = rapprochement_ligne(&rapprochement, "revenu_exceptionnel");
    assert_eq!(ligne["montant"], json!(2340.75));

    let body = assert_error(
        treasurer
            .post_json(
                "/api/revenus-exceptionnels/creer",
                &json!({"titre": "", "montant": "1", "date_paiement": "2026-05-12",
                        "methode_paiement": "enligne"}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    let mut champs = field_errors(&body);
    champs.sort();
    assert_eq!(champs, ["methode_paiement", "titre"]);
    assert_error(
        treasurer
            .post_json(
                "/api/revenus-exceptionnels/creer",
                &json!({"titre": "Don", "montant": "1", "date_paiement": "2026-05-12",
                        "methode_paiement": "espece", "client": 42}),
            )
            .await,
        404,
        "client_inconnu",
    )
    .await;

    // Its cheque waits among the pending cheques, named by its title and client.
    let cheques = ok(treasurer.get("/api/remises-cheques/cheques").await).await;
    assert_eq!(cheques["cheques"][0]["id"], revenu_id);
    assert_eq!(cheques["cheques"][0]["origine"], "revenu_exceptionnel");
    assert_eq!(cheques["cheques"][0]["tireur"], "Ooredoo Tunisie");
    ok(treasurer
        .post_json(
            "/api/remises-cheques/creer",
            &json!({"compte_id": 1, "cheque_ids": [revenu_id], "date": "2026-05-15"}),
        )
        .await)
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/revenus-exceptionnels/supprimer",
                &json!({"id": revenu_id}),
            )
            .await,
        409,
        "cheque_remis",
    )
    .await;
    // The client it names stays.
    assert_error(
        treasurer
            .post_json("/api/clients/supprimer", &json!({"client_id": 1}))
            .await,
        422,
        "client_utilise",
    )
    .await;
    let virement_id = virement["revenu"]["id"].as_i64().unwrap();
    ok(treasurer
        .post_json(
            "/api/revenus-exceptionnels/supprimer",
            &json!({"id": virement_id}),
        )
        .await)
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/revenus-exceptionnels/supprimer",
                &json!({"id": virement_id}),
            )
            .await,
        404,
        "revenu_inconnu",
    )
    .await;
    let balance = ok(treasurer
        .get("/api/comptabilite/balance?exercice=2026")
        .await)
    .await;
    assert_eq!(balance["equilibree"], true, "{balance}");
}

async fn contrats_the_exercice_guards_every_change(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let mut parts = antenne();
    parts[2] = Part::Texte("dateDebut", "2025-03-01");
    assert_error(
        post_multipart(&treasurer, "/api/contrats-revenus/creer", &parts).await,
        403,
        "exercice_cloture",
    )
    .await;
    let mut parts = antenne();
    parts[2] = Part::Texte("dateDebut", "2024-01-01");
    assert_error(
        post_multipart(&treasurer, "/api/contrats-revenus/creer", &parts).await,
        409,
        "aucun_exercice_ouvert",
    )
    .await;

    creer_antenne(&treasurer).await;
    assert_error(
        treasurer
            .post_json(
                "/api/contrats-revenus/payer",
                &payer(1, "100", "espece", "2025-12-31"),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/contrats-revenus/payer",
                &payer(1, "100", "espece", "2027-01-15"),
            )
            .await,
        409,
        "aucun_exercice_ouvert",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/revenus-exceptionnels/creer",
                &json!({"titre": "Don", "montant": "1", "date_paiement": "2025-05-12",
                        "methode_paiement": "espece"}),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/revenus-exceptionnels/creer",
                &json!({"titre": "Don", "montant": "1", "date_paiement": "2027-05-12",
                        "methode_paiement": "espece"}),
            )
            .await,
        409,
        "aucun_exercice_ouvert",
    )
    .await;
}

async fn contrats_every_change_is_the_treasurer_s_and_co_owners_read_nothing(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    creer_antenne(&treasurer).await;
    let member = signed_in(&app, MEMBER).await;
    let co_owner = signed_in(&app, CO_OWNER).await;

    // A council member reads.
    ok(member.get("/api/contrats-revenus").await).await;
    ok(member.get("/api/contrats-depenses").await).await;
    ok(member.get("/api/clients").await).await;
    ok(member.get("/api/revenus-exceptionnels").await).await;
    for (path, body) in [
        ("/api/clients/creer", json!({"nom": "X"})),
        ("/api/clients/creer-dialog", json!({"nom": "X"})),
        ("/api/clients/modifier", json!({"id": 1, "nom": "X"})),
        ("/api/clients/supprimer", json!({"client_id": 1})),
        ("/api/contrats-revenus/supprimer", json!({"id": 1})),
        (
            "/api/contrats-revenus/payer",
            payer(1, "10", "espece", "2026-03-01"),
        ),
        (
            "/api/contrats-revenus/modifier-paiement",
            payer(1, "10", "espece", "2026-03-01"),
        ),
        ("/api/contrats-revenus/supprimer-paiement", json!({"id": 1})),
        ("/api/contrats-depenses/supprimer", json!({"id": 1})),
        ("/api/contrats-documents/supprimer", json!({"id": 1})),
        (
            "/api/revenus-exceptionnels/creer",
            json!({"titre": "Don", "montant": "1", "date_paiement": "2026-05-12",
                   "methode_paiement": "espece"}),
        ),
        ("/api/revenus-exceptionnels/supprimer", json!({"id": 1})),
    ] {
        assert_error(member.post_json(path, &body).await, 403, "finance_required").await;
    }
    assert_error(
        post_multipart(&member, "/api/contrats-revenus/creer", &antenne()).await,
        403,
        "finance_required",
    )
    .await;

    // A co-owner reads nothing of it.
    for path in [
        "/api/contrats-revenus",
        "/api/contrats-depenses",
        "/api/contrats-revenus/details-files?id=1",
        "/api/clients",
        "/api/revenus-exceptionnels",
    ] {
        assert_error(co_owner.get(path).await, 403, "syndic_required").await;
    }
    assert_error(
        co_owner
            .post_json("/api/clients/creer", &json!({"nom": "X"}))
            .await,
        403,
        "finance_required",
    )
    .await;
}
