//! Fiscal years through the API (issue 15; docs/api-exercices.md): the closing balances, the
//! closing and what it refuses, the next year's opening balances, who may close, and that a
//! closed year changes no more through any money endpoint — on SQLite and PostgreSQL.

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    CategorieSpec, ClientSpec, CompteBancaireSpec, FournisseurSpec, OccupationSpec,
    ResidenceBuilder, Role,
};
use daftar_domain::banque::{FicheOperation, TypeCompte, TypeOperation};
use daftar_domain::depenses::TypeFournisseur;
use daftar_domain::occupation::Sexe;
use daftar_domain::Montant;
use serde_json::{json, Value};

use crate::depenses::{pdf, post_multipart, Part};
use crate::support::{assert_error, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    the_closing_balances_are_the_books_at_31_december,
    closing_a_year_opens_the_next_with_its_balances_and_keeps_the_files,
    a_year_closes_after_it_ends_and_after_the_year_before_it,
    only_the_treasurer_closes_a_year_and_reads_its_closing_balances,
    after_closing_no_money_endpoint_changes_the_year,
    after_closing_no_collection_salary_contract_payment_or_deposit_changes_the_year,
    the_current_year_opens_by_itself_after_the_previous_one,
    the_closed_years_pack_is_downloaded_as_recorded_and_an_open_years_is_provisional,
    audit_replay_passes_on_a_closed_year_and_names_the_document_an_altered_event_changes,
    the_archive_holds_each_years_closing_pack_closing_files_and_invoices,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// "Les Jasmins" on 1 March 2026: 2025 and 2026 open; A1, owned by the co-owner; the current account opened with 1,000
/// DT on 1 January 2025 and charged 12.500 DT of fees in June 2025; a savings account; a
/// client, a category and a supplier.
async fn setup(world: &World, depuis: Option<i32>) -> TestApp {
    let db = world.db().await;
    let mut builder = ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-03-01"))
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire);
    if let Some(annee) = depuis {
        builder = builder.exercice(annee);
    }
    builder
        .exercice(2025)
        .exercice(2026)
        .propriete("A1")
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, date("2015-01-01"))
                .tel(CO_OWNER),
        )
        .compte_bancaire(
            CompteBancaireSpec::new("Compte courant", "BIAT", TypeCompte::Courant)
                .solde_initial(Montant::dinars(1_000), date("2025-01-01")),
        )
        .compte_bancaire(CompteBancaireSpec::new(
            "Épargne",
            "STB",
            TypeCompte::Epargne,
        ))
        .operation_bancaire(
            "Compte courant",
            FicheOperation {
                type_operation: TypeOperation::Frais,
                libelle: "Frais de tenue de compte".into(),
                montant: Montant::from_millimes(12_500),
                date: date("2025-06-30"),
                date_banque: None,
                commentaire: None,
            },
        )
        .client(ClientSpec::new("Ooredoo Tunisie"))
        .categorie(CategorieSpec::new("Électricité"))
        .fournisseur(FournisseurSpec::new("STEG", TypeFournisseur::Entreprise))
        .build()
        .await
        .unwrap();
    world.spawn_on(date("2026-03-01")).await
}

async fn cloturer(app: &TestApp, annee: &str, fichiers: &[Part<'_>]) -> reqwest::Response {
    let mut parts = vec![Part::Texte("id", annee)];
    parts.extend_from_slice(fichiers);
    post_multipart(app, "/api/exercices/cloturer", &parts).await
}

async fn exercice(app: &TestApp, annee: i64) -> Value {
    let list = ok(app.get("/api/exercices").await).await;
    list["exercices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["id"] == json!(annee))
        .cloned()
        .unwrap_or(Value::Null)
}

async fn the_closing_balances_are_the_books_at_31_december(world: World) {
    let app = setup(&world, None).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let soldes = ok(treasurer.get("/api/exercices/soldes-cloture?id=2025").await).await;

    assert_eq!(soldes["cash"], json!(0));
    assert_eq!(
        soldes["banks"],
        json!([
            {"compte_id": 1, "compte_nom": "Compte courant", "solde": 987.5},
            {"compte_id": 2, "compte_nom": "Épargne", "solde": 0},
        ])
    );
    assert_eq!(soldes["total"], json!(987.5));
    let livres = ok(treasurer
        .get("/api/comptabilite/tresorerie?date=2025-12-31")
        .await)
    .await;
    assert!(livres.to_string().contains("987.5"), "{livres}");
    assert_error(
        treasurer.get("/api/exercices/soldes-cloture?id=2019").await,
        404,
        "exercice_inconnu",
    )
    .await;
}

async fn closing_a_year_opens_the_next_with_its_balances_and_keeps_the_files(world: World) {
    let app = setup(&world, None).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let avant = ok(treasurer.get("/api/exercices/soldes-cloture?id=2025").await).await;

    let pv = pdf(0);
    let closed = ok(cloturer(
        &treasurer,
        "2025",
        &[Part::Fichier("docs[]", "pv-ag.pdf", &pv)],
    )
    .await)
    .await;

    let annee = &closed["exercice"];
    assert_eq!(annee["is_closed"], json!(true));
    assert_eq!(annee["status"], json!("cloture"));
    assert_eq!(annee["cloture_le"], json!("2026-03-01"));
    assert_eq!(annee["can_close"], json!(false));
    assert_eq!(annee["close_blocked_reason"], json!("exercice_cloture"));
    assert_eq!(annee["docs"][0]["titre"], json!("pv-ag.pdf"));
    let fichier = treasurer
        .get(annee["docs"][0]["url"].as_str().unwrap())
        .await;
    assert_eq!(fichier.status(), 200);
    // A co-owner reads the closing's documents (the financial reports' page shows them).
    let co_owner = signed_in(&app, CO_OWNER).await;
    let url = annee["docs"][0]["url"].as_str().unwrap();
    assert_eq!(co_owner.get(url).await.status(), 200);
    let miniature = annee["docs"][0]["miniature_url"].as_str().unwrap();
    assert_eq!(co_owner.get(miniature).await.status(), 200);
    // The next year opens with the closing balances: its first entry is the "report à
    // nouveau", and the treasury of 2026 starts where 2025 ended.
    let journal = ok(treasurer
        .get("/api/comptabilite/journal?exercice=2026")
        .await)
    .await;
    let premiere = &journal["ecritures"][0];
    assert_eq!(premiere["date"], json!("2026-01-01"));
    assert_eq!(premiere["source"]["nature"], json!("report_a_nouveau"));
    let banque = premiere["lignes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["compte"] == json!("512001"))
        .cloned()
        .unwrap();
    assert_eq!(banque["debit"], avant["banks"][0]["solde"]);
    let resultat = premiere["lignes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["compte"] == json!("110"))
        .cloned()
        .unwrap();
    assert_eq!(
        resultat["debit"],
        json!(12.5),
        "the year's fees are its result"
    );
    let apres = ok(treasurer
        .get("/api/comptabilite/tresorerie?date=2026-01-15")
        .await)
    .await;
    assert!(apres.to_string().contains("987.5"), "{apres}");
    let balance = ok(treasurer
        .get("/api/comptabilite/balance?exercice=2026")
        .await)
    .await;
    assert_eq!(balance["totaux"]["debit"], balance["totaux"]["credit"]);
}

async fn a_year_closes_after_it_ends_and_after_the_year_before_it(world: World) {
    let app = setup(&world, Some(2024)).await;
    let treasurer = signed_in(&app, TREASURER).await;

    assert_eq!(
        exercice(&treasurer, 2025).await["close_blocked_reason"],
        json!("exercice_precedent_ouvert")
    );
    assert_error(
        cloturer(&treasurer, "2025", &[]).await,
        409,
        "exercice_precedent_ouvert",
    )
    .await;
    assert_eq!(
        exercice(&treasurer, 2026).await["close_blocked_reason"],
        json!("exercice_non_termine")
    );
    assert_error(
        cloturer(&treasurer, "2026", &[]).await,
        409,
        "exercice_non_termine",
    )
    .await;
    assert_error(
        cloturer(&treasurer, "2019", &[]).await,
        404,
        "exercice_inconnu",
    )
    .await;
    assert_error(
        cloturer(&treasurer, "", &[]).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(exercice(&treasurer, 2024).await["can_close"], json!(true));

    ok(cloturer(&treasurer, "2024", &[]).await).await;
    ok(cloturer(&treasurer, "2025", &[]).await).await;

    assert_error(
        cloturer(&treasurer, "2025", &[]).await,
        409,
        "exercice_deja_cloture",
    )
    .await;
    assert_eq!(exercice(&treasurer, 2026).await["status"], json!("actuel"));
}

async fn only_the_treasurer_closes_a_year_and_reads_its_closing_balances(world: World) {
    let app = setup(&world, None).await;
    for tel in [MEMBER, CO_OWNER] {
        let user = signed_in(&app, tel).await;
        assert_error(cloturer(&user, "2025", &[]).await, 403, "finance_required").await;
        assert_error(
            user.get("/api/exercices/soldes-cloture?id=2025").await,
            403,
            "finance_required",
        )
        .await;
    }
    let member = signed_in(&app, MEMBER).await;
    assert_eq!(exercice(&member, 2025).await["is_closed"], json!(false));
}

/// One dated command of each money area, dated in 2025.
fn commandes_datees_en_2025() -> Vec<(&'static str, Value)> {
    vec![
        (
            "/api/banque/operations/creer",
            json!({"libelle": "Frais", "type": "frais", "montant": "5", "date": "2025-12-30",
                   "date_banque": null, "commentaire": null, "compte": 1}),
        ),
        (
            "/api/banque/transferts/creer",
            json!({"compte_source": 1, "compte_destination": 2, "montant": "100",
                   "date": "2025-11-02", "reference": "TRF-1", "commentaire": null}),
        ),
        (
            "/api/banque/comptes/creer",
            json!({"libelle": "Compte Zitouna", "banque": "Zitouna", "type": "courant",
                   "adresse_agence": null, "rib": null, "swift": null, "iban": null,
                   "commentaire": null, "is_main": false, "solde_initial": "50",
                   "date_solde_initial": "2025-06-01"}),
        ),
        (
            "/api/revenus-exceptionnels/creer",
            json!({"titre": "Vente de ferraille", "montant": "80", "date_paiement": "2025-10-01",
                   "methode_paiement": "espece", "reference_paiement": null,
                   "commentaire": null, "client": 1}),
        ),
        (
            "/api/charges-patronales/creer",
            json!({"titre": "CNSS T4 2025", "montant": "323.115", "date_paiement": "2025-12-15",
                   "methode_paiement": "virement", "reference_piece_justificative": "BP-1",
                   "commentaire": null}),
        ),
    ]
}

async fn after_closing_no_money_endpoint_changes_the_year(world: World) {
    let app = setup(&world, None).await;
    let treasurer = signed_in(&app, TREASURER).await;
    ok(cloturer(&treasurer, "2025", &[]).await).await;
    let journal = ok(treasurer
        .get("/api/comptabilite/journal?exercice=2025")
        .await)
    .await;

    for (path, body) in commandes_datees_en_2025() {
        let res = treasurer.post_json(path, &body).await;
        let refus = assert_error(res, 403, "exercice_cloture").await;
        assert_eq!(
            refus["message"],
            json!("Cette action est impossible car la date correspond à un exercice clôturé"),
            "{path}"
        );
    }
    let charge = [
        Part::Texte("titre", "Électricité décembre"),
        Part::Texte("montant", "120"),
        Part::Texte("date_facture", "2025-12-20"),
        Part::Texte("fournisseur", "1"),
        Part::Texte("categorie", "1"),
    ];
    assert_error(
        post_multipart(&treasurer, "/api/charges-courantes/creer", &charge).await,
        403,
        "exercice_cloture",
    )
    .await;

    assert_eq!(
        ok(treasurer
            .get("/api/comptabilite/journal?exercice=2025")
            .await)
        .await,
        journal,
        "the closed year's journal is unchanged"
    );
    let operations = ok(treasurer
        .get("/api/banque/operations?categorie=frais")
        .await)
    .await;
    for operation in operations["operations"].as_array().into_iter().flatten() {
        if operation["date"].as_str().unwrap_or("").starts_with("2025") {
            assert_eq!(operation["is_closed"], json!(true), "{operation}");
        }
    }
}

/// The id of the first record of `liste[cle]`.
fn premier_id(reponse: &Value, cle: &str) -> i64 {
    reponse[cle]
        .as_i64()
        .unwrap_or_else(|| panic!("no {cle} in {reponse}"))
}

async fn after_closing_no_collection_salary_contract_payment_or_deposit_changes_the_year(
    world: World,
) {
    // Given 2025's dues on A1 partly collected, the caretaker's December salary paid, an antenna
    // contract paid half by a cheque not yet deposited — then 2025 closed
    let app = setup(&world, None).await;
    let treasurer = signed_in(&app, TREASURER).await;
    ok(treasurer
        .post_json(
            "/api/cotisations/creer",
            &json!({"titre": "Charges T4 2025", "type": "exceptionnelle", "repartition": "egale",
                    "date_debut": "2025-10-01", "date_fin": "2025-12-31",
                    "date_echeance": "2025-11-15", "montant": 100}),
        )
        .await)
    .await;
    let cotisations = ok(treasurer.get("/api/cotisations").await).await;
    let cotisation_id = cotisations["data"][0]["id"].as_i64().unwrap();
    let details = ok(treasurer
        .get(&format!("/api/cotisations/details?id={cotisation_id}"))
        .await)
    .await;
    let montant_du_id = details["cotisation"]["restants_dus"][0]["montant_du_id"]
        .as_i64()
        .unwrap();
    let encaisse = ok(treasurer
        .post_json(
            "/api/cotisations/encaisser",
            &json!({"montant_du_id": montant_du_id, "montant": 40,
                    "date_paiement": "2025-11-20", "methode_paiement": "espece"}),
        )
        .await)
    .await;
    let encaissement_id = premier_id(&encaisse["encaissement"], "id");
    let salarie = ok(treasurer
        .post_json(
            "/api/salaries/creer",
            &json!({"nom": "Hédi Mansour", "poste": "Gardien", "tel": "22145367",
                    "cin": "04781236", "date_naissance": "1971-04-12", "adresse": "Loge",
                    "charges_patronales": "sans", "salaire": "650",
                    "date_debut": "2019-03-01"}),
        )
        .await)
    .await;
    let salarie_id = premier_id(&salarie["salarie"], "id");
    let salaire = ok(treasurer
        .post_json(
            "/api/salaires/payer",
            &json!({"salarie_id": salarie_id, "montant": "650", "mois": "2025-12",
                    "date_paiement": "2025-12-31", "methode_paiement": "espece"}),
        )
        .await)
    .await;
    let salaire_id = premier_id(&salaire["paiement"], "id");
    let contrat = [
        Part::Texte("titre", "Antenne relais 2025"),
        Part::Texte("montant", "1200"),
        Part::Texte("dateDebut", "2025-01-01"),
        Part::Texte("dateFin", "2025-12-31"),
        Part::Texte("client", "1"),
        Part::Texte("periodicite_paiement", "annuelle"),
    ];
    let contrat =
        ok(post_multipart(&treasurer, "/api/contrats-revenus/creer", &contrat).await).await;
    let contrat_id = premier_id(&contrat["contrat"], "id");
    let paye = ok(treasurer
        .post_json(
            "/api/contrats-revenus/payer",
            &json!({"id": contrat_id, "montant": "600", "date_paiement": "2025-06-01",
                    "methode_paiement": "cheque", "reference_paiement": "CH-0077"}),
        )
        .await)
    .await;
    let paiement_contrat_id = premier_id(&paye["paiement"], "id");
    let cheques = ok(treasurer.get("/api/remises-cheques/cheques").await).await;
    let cheque_id = premier_id(&cheques["cheques"][0], "id");
    ok(cloturer(&treasurer, "2025", &[]).await).await;
    let journal = ok(treasurer
        .get("/api/comptabilite/journal?exercice=2025")
        .await)
    .await;

    // When each of these areas is asked to add, change or remove something dated in 2025
    let commandes = [
        (
            "/api/cotisations/creer",
            json!({"titre": "Rappel 2025", "type": "exceptionnelle", "repartition": "egale",
                   "date_debut": "2025-12-01", "date_fin": "2025-12-31",
                   "date_echeance": "2025-12-15", "montant": 10}),
        ),
        (
            "/api/cotisations/encaisser",
            json!({"montant_du_id": montant_du_id, "montant": 10,
                   "date_paiement": "2025-12-30", "methode_paiement": "espece"}),
        ),
        (
            "/api/cotisations/encaissement/supprimer",
            json!({"encaissement_id": encaissement_id}),
        ),
        (
            "/api/salaires/payer",
            json!({"salarie_id": salarie_id, "montant": "650", "mois": "2025-11",
                   "date_paiement": "2025-11-30", "methode_paiement": "espece"}),
        ),
        (
            "/api/salaires/paiement/supprimer",
            json!({"id": salaire_id}),
        ),
        (
            "/api/contrats-revenus/payer",
            json!({"id": contrat_id, "montant": "100", "date_paiement": "2025-12-01",
                   "methode_paiement": "espece"}),
        ),
        (
            "/api/contrats-revenus/supprimer-paiement",
            json!({"id": paiement_contrat_id}),
        ),
        (
            "/api/remises-cheques/creer",
            json!({"compte_id": 1, "cheque_ids": [cheque_id], "date": "2025-12-31"}),
        ),
    ];

    // Then every one is refused with the spec's message, and the year's journal is unchanged
    for (path, body) in commandes {
        let res = treasurer.post_json(path, &body).await;
        let status = res.status().as_u16();
        let refus: Value = res.json().await.unwrap();
        assert_eq!(
            (status, &refus["code"]),
            (403, &json!("exercice_cloture")),
            "{path}: {refus}"
        );
        assert_eq!(
            refus["message"],
            json!("Cette action est impossible car la date correspond à un exercice clôturé"),
            "{path}"
        );
    }
    assert_eq!(
        ok(treasurer
            .get("/api/comptabilite/journal?exercice=2025")
            .await)
        .await,
        journal,
        "the closed year's journal is unchanged"
    );
}

async fn the_current_year_opens_by_itself_after_the_previous_one(world: World) {
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .exercice(2025)
        .build()
        .await
        .unwrap();
    ResidenceBuilder::new(&db, "Les Palmiers", "Sousse")
        .password(PASSWORD)
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .exercice(2024)
        .build()
        .await
        .unwrap();

    let app = world.spawn_on(date("2026-01-01")).await;

    let member = signed_in(&app, MEMBER).await;
    let mut annees = Vec::new();
    for _ in 0..50 {
        let list = ok(member.get("/api/exercices").await).await;
        annees = list["exercices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["id"].as_i64().unwrap(),
                    e["status"].as_str().unwrap().to_owned(),
                )
            })
            .collect::<Vec<_>>();
        if annees.len() > 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        annees,
        vec![(2026, "actuel".to_owned()), (2025, "ouvert".to_owned())]
    );
    // A residence whose last year is older is left alone: 2026 does not follow 2024.
    let treasurer = signed_in(&app, TREASURER).await;
    let list = ok(treasurer.get("/api/exercices").await).await;
    assert_eq!(list["exercices"].as_array().unwrap().len(), 1);
}

async fn residence_id(world: &World) -> i64 {
    let db = world.db().await;
    sqlx::query_scalar::<_, i64>("SELECT id FROM residences WHERE nom = 'Les Jasmins'")
        .fetch_one(&db.pool)
        .await
        .unwrap()
}

async fn telecharger(app: &TestApp, path: &str) -> (String, String, Vec<u8>) {
    let res = app.get(path).await;
    assert_eq!(res.status(), 200, "{path}");
    let header = |name: &str| {
        res.headers()
            .get(name)
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    };
    let (nom, type_contenu) = (header("x-file-name"), header("content-type"));
    (nom, type_contenu, res.bytes().await.unwrap().to_vec())
}

fn sha256(octets: &[u8]) -> String {
    use sha2::Digest;
    hex::encode(sha2::Sha256::digest(octets))
}

async fn the_closed_years_pack_is_downloaded_as_recorded_and_an_open_years_is_provisional(
    world: World,
) {
    let app = setup(&world, None).await;
    let treasurer = signed_in(&app, TREASURER).await;
    ok(cloturer(&treasurer, "2025", &[]).await).await;
    let db = world.db().await;
    let enregistre: Vec<(String, String)> =
        sqlx::query_as("SELECT document, sha256 FROM exercices_pack ORDER BY document")
            .fetch_all(&db.pool)
            .await
            .unwrap();
    assert_eq!(
        enregistre
            .iter()
            .map(|(d, _)| d.as_str())
            .collect::<Vec<_>>(),
        vec![
            "DetailsFinanciers_2025.zip",
            "tresorerie_2025.pdf",
            "tresorerie_2025.xlsx"
        ]
    );

    let (nom, type_contenu, pdf) = telecharger(
        &treasurer,
        "/api/export/tableau-tresorerie-simplifie/2025/pdf",
    )
    .await;
    assert_eq!(
        (nom.as_str(), type_contenu.as_str()),
        ("tresorerie_2025.pdf", "application/pdf")
    );
    assert!(pdf.starts_with(b"%PDF"));
    assert_eq!(
        sha256(&pdf),
        enregistre[1].1,
        "the stored pack, byte for byte"
    );
    let (nom, _, xlsx) = telecharger(
        &treasurer,
        "/api/export/tableau-tresorerie-simplifie/2025/excel",
    )
    .await;
    assert_eq!(nom, "tresorerie_2025.xlsx");
    assert_eq!(sha256(&xlsx), enregistre[2].1);
    let co_owner = signed_in(&app, CO_OWNER).await;
    let (nom, type_contenu, zip) =
        telecharger(&co_owner, "/api/coproprietaire/export/details/2025").await;
    assert_eq!(
        (nom.as_str(), type_contenu.as_str()),
        ("DetailsFinanciers_2025.zip", "application/zip")
    );
    assert_eq!(sha256(&zip), enregistre[0].1);
    let (_, _, pdf_coproprietaire) = telecharger(
        &co_owner,
        "/api/coproprietaire/export/tableau-tresorerie-simplifie/2025/pdf",
    )
    .await;
    assert_eq!(pdf_coproprietaire, pdf);

    // An open year is rendered on request, provisional.
    let (nom, _, provisoire) = telecharger(
        &treasurer,
        "/api/export/tableau-tresorerie-simplifie/2026/pdf",
    )
    .await;
    assert_eq!(nom, "tresorerie_2026.pdf");
    assert!(provisoire.starts_with(b"%PDF"));
    assert!(
        sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM exercices_pack WHERE annee = 2026")
            .fetch_one(&db.pool)
            .await
            .unwrap()
            == 0
    );
    assert_error(
        co_owner.get("/api/export/details/2025").await,
        403,
        "syndic_required",
    )
    .await;
    assert_error(
        treasurer.get("/api/export/details/2019").await,
        404,
        "exercice_inconnu",
    )
    .await;
}

async fn audit_replay_passes_on_a_closed_year_and_names_the_document_an_altered_event_changes(
    world: World,
) {
    let app = setup(&world, None).await;
    let treasurer = signed_in(&app, TREASURER).await;
    ok(cloturer(&treasurer, "2025", &[]).await).await;
    let db = world.db().await;
    let residence = residence_id(&world).await;

    let (ecarts, documents) = daftar_api::cloture_pack::verifier(&db, residence, 2025)
        .await
        .unwrap();
    assert_eq!(ecarts, vec![]);
    assert_eq!(documents, 3);

    // Someone with the database's keys rewrites the June fees' label.
    sqlx::query(
        "UPDATE events SET payload = REPLACE(payload, 'Frais de tenue de compte', 'Frais divers') \
         WHERE payload LIKE '%OperationBancaireCreee%'",
    )
    .execute(&db.pool)
    .await
    .unwrap();
    let (ecarts, _) = daftar_api::cloture_pack::verifier(&db, residence, 2025)
        .await
        .unwrap();
    let noms: Vec<String> = ecarts
        .iter()
        .filter_map(|ecart| match ecart {
            daftar_api::cloture_pack::Ecart::Document { nom, .. } => Some(nom.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(
        noms,
        vec!["DetailsFinanciers_2025.zip".to_owned()],
        "{ecarts:?}"
    );
    // A year without a closing pack has nothing to compare with.
    let (ecarts, _) = daftar_api::cloture_pack::verifier(&db, residence, 2026)
        .await
        .unwrap();
    assert_eq!(ecarts, vec![daftar_api::cloture_pack::Ecart::AucunPack]);
}

async fn the_archive_holds_each_years_closing_pack_closing_files_and_invoices(world: World) {
    let app = setup(&world, None).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let facture = pdf(10);
    let charge = [
        Part::Texte("titre", "Électricité décembre"),
        Part::Texte("montant", "120"),
        Part::Texte("date_facture", "2025-12-20"),
        Part::Texte("fournisseur", "1"),
        Part::Texte("categorie", "1"),
        Part::Fichier("factures[]", "steg-decembre.pdf", &facture),
    ];
    ok(post_multipart(&treasurer, "/api/charges-courantes/creer", &charge).await).await;
    let pv = pdf(0);
    ok(cloturer(
        &treasurer,
        "2025",
        &[Part::Fichier("docs[]", "pv-ag.pdf", &pv)],
    )
    .await)
    .await;

    let member = signed_in(&app, MEMBER).await;
    let archive = ok(member.get("/api/archive").await).await;

    let annees: Vec<&str> = archive["archive"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["path"].as_str().unwrap())
        .collect();
    assert_eq!(annees, vec!["2026", "2025"]);
    let annee = &archive["archive"][1];
    assert_eq!(annee["displayName"], json!("Exercice 2025"));
    assert_eq!(annee["type"], json!("folder"));
    let dossiers: Vec<&str> = annee["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        dossiers,
        vec!["dossier-de-cloture", "documents-de-cloture", "factures"]
    );
    let pack: Vec<(&str, &str)> = annee["children"][0]["children"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (n["path"].as_str().unwrap(), n["format"].as_str().unwrap()))
        .collect();
    assert_eq!(
        pack,
        vec![
            ("2025/dossier-de-cloture/DetailsFinanciers_2025.zip", "zip"),
            ("2025/dossier-de-cloture/tresorerie_2025.pdf", "pdf"),
            ("2025/dossier-de-cloture/tresorerie_2025.xlsx", "xlsx"),
        ]
    );
    let (nom, _, octets) = telecharger(
        &member,
        "/api/archive/2025/dossier-de-cloture/tresorerie_2025.pdf",
    )
    .await;
    let (_, _, exporte) =
        telecharger(&member, "/api/export/tableau-tresorerie-simplifie/2025/pdf").await;
    assert_eq!((nom.as_str(), octets), ("tresorerie_2025.pdf", exporte));
    let pv_node = &annee["children"][1]["children"][0];
    assert_eq!(pv_node["displayName"], json!("pv-ag.pdf"));
    let (nom, type_contenu, octets) = telecharger(
        &member,
        &format!("/api/archive/{}", pv_node["path"].as_str().unwrap()),
    )
    .await;
    assert_eq!(
        (nom.as_str(), type_contenu.as_str()),
        ("pv-ag.pdf", "application/pdf")
    );
    assert_eq!(octets, pv);
    let facture_node = &annee["children"][2]["children"][0];
    assert_eq!(facture_node["displayName"], json!("steg-decembre.pdf"));
    let (_, _, octets) = telecharger(
        &member,
        &format!("/api/archive/{}", facture_node["path"].as_str().unwrap()),
    )
    .await;
    assert_eq!(octets, facture);

    for inconnu in [
        "/api/archive/2025/dossier-de-cloture/journal.pdf",
        "/api/archive/2026/dossier-de-cloture/tresorerie_2026.pdf",
        "/api/archive/2025/factures/999-x.pdf",
        "/api/archive/2019/factures/1-x.pdf",
        "/api/archive/2025",
        "/api/archive/../etc/passwd",
    ] {
        let res = member.get(inconnu).await;
        assert_eq!(res.status(), 404, "{inconnu}");
    }
    let co_owner = signed_in(&app, CO_OWNER).await;
    assert_error(co_owner.get("/api/archive").await, 403, "syndic_required").await;
}
