//! The budgets through the API (spec 2 §2 "Fiscal years and budgets", §3 "Budget", §5, §7, §8;
//! spec 3 §2.11; docs/api-exercices.md "Budgets"), on SQLite and PostgreSQL: the budget each
//! year's opening creates, the spend per category from the current charges, the edit and its
//! validation codes (`INVALID_AMOUNT`), the closed-year guard, the category a budget holds, and
//! who may call what.

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    BudgetSpec, CategorieSpec, DepenseSpec, FournisseurSpec, OccupationSpec, ResidenceBuilder, Role,
};
use daftar_domain::occupation::Sexe;
use daftar_domain::Montant;
use serde_json::{json, Value};

use crate::support::{
    assert_error, count_events, field_errors, ok, signed_in, TestApp, World, PASSWORD,
};

on_both_stores!(
    budgets_each_year_has_one_with_its_spend_per_category,
    budgets_an_edit_sets_the_whole_content_approved_or_not,
    budgets_amounts_and_categories_are_checked,
    budgets_a_closed_year_s_budget_is_refused_and_unchanged,
    budgets_a_category_budgeted_above_zero_is_not_deleted,
    budgets_reads_are_the_council_s_and_co_owners_have_their_own_call,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";
const OTHER_TREASURER: &str = "30000002";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Residence "Les Jasmins" on 15 June 2026: a treasurer, a council member, a co-owner;
/// Électricité (1), Eau (2), Nettoyage (3); 2025 opened, its budget (Électricité 120 DT, Eau
/// 0 DT) set, then 2026 opened (it copies 2025's) and 2025 closed; charges: Électricité 150 DT
/// on 31 December 2025, 100 DT and 60.5 DT in 2026, Eau 40 DT in 2026; works on Électricité in
/// 2026 (not a current charge). Residence "Les Oliviers": a treasurer, 2026 open. A server.
async fn setup(world: &World) -> (TestApp, i64) {
    let db = world.db().await;
    let built = ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-06-15"))
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .propriete("A1")
        .occupation(
            OccupationSpec::proprietaire("A1", "Leïla Haddad", Sexe::Femme, date("2015-01-01"))
                .tel(CO_OWNER),
        )
        .fournisseur(FournisseurSpec::entreprise("STEG"))
        .categorie(CategorieSpec::new("Électricité"))
        .categorie("Eau")
        .categorie("Nettoyage")
        .exercice(2025)
        .budget(
            BudgetSpec::new(2025)
                .approuve(true)
                .element("Électricité", Montant::dinars(120))
                .element("Eau", Montant::ZERO),
        )
        .exercice(2026)
        .depense(
            DepenseSpec::charge(
                "STEG décembre 2025",
                Montant::dinars(150),
                date("2025-12-31"),
                "STEG",
            )
            .categorie("Électricité"),
        )
        .depense(
            DepenseSpec::charge(
                "STEG mars 2026",
                Montant::dinars(100),
                date("2026-03-10"),
                "STEG",
            )
            .categorie("Électricité"),
        )
        .depense(
            DepenseSpec::charge(
                "STEG avril 2026",
                Montant::from_millimes(60_500),
                date("2026-04-10"),
                "STEG",
            )
            .categorie("Électricité"),
        )
        .depense(
            DepenseSpec::charge(
                "Eau T1 2026",
                Montant::dinars(40),
                date("2026-02-01"),
                "STEG",
            )
            .categorie("Eau"),
        )
        .depense(
            DepenseSpec::travaux(
                "Colonne montante",
                Montant::dinars(900),
                date("2026-05-02"),
                "STEG",
            )
            .categorie("Électricité"),
        )
        .exercice_cloture(2025)
        .build()
        .await
        .unwrap();
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user(OTHER_TREASURER, "Sonia Mrad", Role::Tresorier)
        .exercice(2026)
        .build()
        .await
        .unwrap();
    (world.spawn_on(date("2026-06-15")).await, built.residence_id)
}

fn element<'a>(budget: &'a Value, categorie: &str) -> &'a Value {
    budget["elements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["categorie_titre"] == categorie)
        .unwrap_or_else(|| panic!("no {categorie} in {budget}"))
}

async fn budgets_each_year_has_one_with_its_spend_per_category(world: World) {
    let (app, _) = setup(&world).await;
    let member = signed_in(&app, MEMBER).await;
    let body = ok(member.get("/api/budgets").await).await;
    let budgets = body["budgets"].as_array().unwrap();
    assert_eq!(
        budgets
            .iter()
            .map(|b| b["id"].as_i64().unwrap())
            .collect::<Vec<_>>(),
        [2026, 2025]
    );
    let current = &body["currentBudget"];
    assert_eq!(current["id"], 2026);
    assert_eq!(current["annee_exercice"], 2026);
    // Opened after 2025's budget was set: the same categories and amounts, undecided.
    assert_eq!(current["titre"], "Budget 2026");
    assert_eq!(current["is_approved"], Value::Null);
    assert_eq!(current["is_closed"], false);
    assert_eq!(current["montant_total"], json!(120));
    let electricite = element(current, "Électricité");
    assert_eq!(electricite["montant"], json!(120));
    // The current charges invoiced in 2026 only: not 2025's, not the works.
    assert_eq!(electricite["montant_total_depense"], json!(160.5));
    assert_eq!(
        electricite["charges"],
        json!([
            {"id": 2, "titre": "STEG mars 2026", "montant": 100, "date_facture": "2026-03-10"},
            {"id": 3, "titre": "STEG avril 2026", "montant": 60.5, "date_facture": "2026-04-10"},
        ])
    );
    assert_eq!(element(current, "Eau")["montant_total_depense"], json!(40));
    assert_ne!(electricite["id"], element(&budgets[1], "Électricité")["id"]);

    let y2025 = &budgets[1];
    assert_eq!(y2025["is_approved"], 1);
    assert_eq!(y2025["is_closed"], true);
    assert_eq!(
        element(y2025, "Électricité")["montant_total_depense"],
        json!(150)
    );

    let details = ok(member.get("/api/budgets/details?id=2025").await).await;
    assert_eq!(details["currentBudget"], *y2025);
    assert_error(
        member.get("/api/budgets/details?id=2024").await,
        404,
        "budget_inconnu",
    )
    .await;
    assert_error(
        member.get("/api/budgets/details?id=abc").await,
        422,
        "validation_failed",
    )
    .await;
}

async fn budgets_an_edit_sets_the_whole_content_approved_or_not(world: World) {
    let (app, _) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let current = ok(treasurer.get("/api/budgets").await).await["currentBudget"].clone();
    let electricite = element(&current, "Électricité")["id"].as_i64().unwrap();
    let body = ok(treasurer
        .post_json(
            "/api/budgets/modifier",
            &json!({
                "id": 2026, "titre": "Budget prévisionnel 2026", "is_approved": 1,
                "approuve_par": "", "commentaire": "Adopté",
                "elements": [
                    {"id": electricite, "categorie_id": 1, "montant": "150.250"},
                    {"categorie_id": 3, "montant": 90},
                ]
            }),
        )
        .await)
    .await;
    let budget = &body["currentBudget"];
    assert_eq!(budget["titre"], "Budget prévisionnel 2026");
    assert_eq!(budget["is_approved"], 1);
    assert_eq!(budget["approvable_type"], Value::Null);
    assert_eq!(budget["commentaire"], "Adopté");
    assert_eq!(budget["montant_total"], json!(240.25));
    assert_eq!(element(budget, "Électricité")["id"], electricite);
    assert_eq!(
        element(budget, "Nettoyage")["montant_total_depense"],
        json!(0)
    );
    // Eau was left out: removed.
    assert_eq!(budget["elements"].as_array().unwrap().len(), 2);

    // Still editable once approved: refused, then undecided again.
    let body = ok(treasurer
        .post_json(
            "/api/budgets/modifier",
            &json!({"id": 2026, "titre": "Budget 2026", "is_approved": "0", "elements": []}),
        )
        .await)
    .await;
    assert_eq!(body["currentBudget"]["is_approved"], 0);
    assert_eq!(body["currentBudget"]["montant_total"], json!(0));
    let body = ok(treasurer
        .post_json(
            "/api/budgets/modifier",
            &json!({"id": 2026, "titre": "Budget 2026", "is_approved": null}),
        )
        .await)
    .await;
    assert_eq!(body["currentBudget"]["is_approved"], Value::Null);
    // No assembly or vote exists yet.
    assert_error(
        treasurer
            .post_json(
                "/api/budgets/modifier",
                &json!({"id": 2026, "titre": "B", "is_approved": 1, "approuve_par": "assemblee", "ag": 1}),
            )
            .await,
        422,
        "approbateur_inconnu",
    )
    .await;
}

async fn budgets_amounts_and_categories_are_checked(world: World) {
    let (app, _) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    for montant in [
        json!("120,500"),
        json!("1.2345"),
        json!("12 0,5"),
        json!("douze"),
    ] {
        let body = assert_error(
            treasurer
                .post_json(
                    "/api/budgets/modifier",
                    &json!({"id": 2026, "titre": "B", "elements": [{"categorie_id": 1, "montant": montant}]}),
                )
                .await,
            422,
            "INVALID_AMOUNT",
        )
        .await;
        assert_eq!(
            body["field_codes"]["elements.0.montant"],
            json!(["INVALID_AMOUNT"]),
            "{montant}"
        );
    }
    let body = assert_error(
        treasurer
            .post_json(
                "/api/budgets/modifier",
                &json!({"id": 2026, "titre": " ", "elements": [
                    {"categorie_id": 1, "montant": 1}, {"categorie_id": 1, "montant": 2},
                    {"categorie_id": 2, "montant": -1}, {"categorie_id": 3}
                ]}),
            )
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        field_errors(&body),
        [
            "elements.1.categorie_id",
            "elements.2.montant",
            "elements.3.montant",
            "titre"
        ]
    );
    assert_eq!(
        body["field_codes"]["elements.1.categorie_id"],
        json!(["categorie_en_double"])
    );
    assert_eq!(
        body["field_codes"]["elements.2.montant"],
        json!(["montant_negatif"])
    );
    assert_error(
        treasurer
            .post_json(
                "/api/budgets/modifier",
                &json!({"id": 2026, "titre": "B", "elements": [{"categorie_id": 99, "montant": 1}]}),
            )
            .await,
        422,
        "categorie_budget_inconnue",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/budgets/modifier",
                &json!({"id": 2026, "titre": "B", "elements": [{"id": 999, "categorie_id": 1, "montant": 1}]}),
            )
            .await,
        422,
        "element_budget_inconnu",
    )
    .await;
    assert_error(
        treasurer
            .post_json("/api/budgets/modifier", &json!({"id": 2030, "titre": "B"}))
            .await,
        404,
        "budget_inconnu",
    )
    .await;
}

async fn budgets_a_closed_year_s_budget_is_refused_and_unchanged(world: World) {
    let (app, residence_id) = setup(&world).await;
    let db = world.db().await;
    let treasurer = signed_in(&app, TREASURER).await;
    let before = count_events(&db, residence_id).await;
    let body = assert_error(
        treasurer
            .post_json(
                "/api/budgets/modifier",
                &json!({"id": 2025, "titre": "Budget 2025 corrigé", "elements": [{"categorie_id": 1, "montant": 200}]}),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_eq!(
        body["message"],
        "Cette action est impossible car la date correspond à un exercice clôturé"
    );
    assert_eq!(count_events(&db, residence_id).await, before);
    let details = ok(treasurer.get("/api/budgets/details?id=2025").await).await;
    assert_eq!(details["currentBudget"]["titre"], "Budget 2025");
    assert_eq!(details["currentBudget"]["montant_total"], json!(120));
}

async fn budgets_a_category_budgeted_above_zero_is_not_deleted(world: World) {
    let (app, _) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    // Électricité: 120 DT in 2025's and 2026's budgets.
    let body = assert_error(
        treasurer
            .post_json("/api/categories/supprimer", &json!({"categorie_id": 1}))
            .await,
        422,
        "categorie_utilisee",
    )
    .await;
    assert!(body["message"].is_string());
    // Nettoyage: no expense; budgeted above zero, then at zero.
    ok(treasurer
        .post_json(
            "/api/budgets/modifier",
            &json!({"id": 2026, "titre": "B", "elements": [{"categorie_id": 3, "montant": "0.001"}]}),
        )
        .await)
    .await;
    assert_error(
        treasurer
            .post_json("/api/categories/supprimer", &json!({"categorie_id": 3}))
            .await,
        422,
        "categorie_budgetee",
    )
    .await;
    ok(treasurer
        .post_json(
            "/api/budgets/modifier",
            &json!({"id": 2026, "titre": "B", "elements": [{"categorie_id": 3, "montant": 0}]}),
        )
        .await)
    .await;
    ok(treasurer
        .post_json("/api/categories/supprimer", &json!({"categorie_id": 3}))
        .await)
    .await;
    let budget = ok(treasurer.get("/api/budgets/details?id=2026").await).await;
    assert_eq!(budget["currentBudget"]["elements"], json!([]));
}

async fn budgets_reads_are_the_council_s_and_co_owners_have_their_own_call(world: World) {
    let (app, _) = setup(&world).await;
    let edit = json!({"id": 2026, "titre": "B"});

    let member = signed_in(&app, MEMBER).await;
    ok(member.get("/api/budgets").await).await;
    ok(member.get("/api/budgets/details?id=2026").await).await;
    ok(member.get("/api/coproprietaire/budgets").await).await;
    assert_error(
        member.post_json("/api/budgets/modifier", &edit).await,
        403,
        "finance_required",
    )
    .await;

    let co_owner = signed_in(&app, CO_OWNER).await;
    assert_error(co_owner.get("/api/budgets").await, 403, "syndic_required").await;
    assert_error(
        co_owner.get("/api/budgets/details?id=2026").await,
        403,
        "syndic_required",
    )
    .await;
    assert_error(
        co_owner.post_json("/api/budgets/modifier", &edit).await,
        403,
        "finance_required",
    )
    .await;
    let body = ok(co_owner.get("/api/coproprietaire/budgets").await).await;
    assert_eq!(body["currentBudget"]["id"], 2026);
    assert_eq!(body["budgets"].as_array().unwrap().len(), 2);

    // Another residence's treasurer sees and edits only its own budgets.
    let other = signed_in(&app, OTHER_TREASURER).await;
    let body = ok(other.get("/api/budgets").await).await;
    assert_eq!(body["budgets"].as_array().unwrap().len(), 1);
    assert_eq!(body["currentBudget"]["montant_total"], json!(0));
    assert_error(
        other.get("/api/budgets/details?id=2025").await,
        404,
        "budget_inconnu",
    )
    .await;

    let anonymous = app.new_browser();
    assert_error(anonymous.get("/api/budgets").await, 401, "unauthenticated").await;
    assert_error(
        anonymous.get("/api/coproprietaire/budgets").await,
        401,
        "unauthenticated",
    )
    .await;
}
