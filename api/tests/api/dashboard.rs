//! The dashboards through the API (issue 19; spec 3 §2.10, §3, §6, §7, §9): every figure is
//! the one the books, the debtors list and the expense lists already answer (on the demo, and
//! on a small residence where each figure is known); the co-owner sees what their flags allow,
//! at once after a change; what a dashboard keeps never outlives a payment; who reads which
//! dashboard; the period's rules — on SQLite and PostgreSQL.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use daftar_api::residence_builder::{
    CategorieSpec, CompteBancaireSpec, CotisationSpec, DepenseSpec, FournisseurSpec,
    OccupationSpec, ResidenceBuilder, Role,
};
use daftar_domain::banque::TypeCompte;
use daftar_domain::depenses::MethodePaiementDepense;
use daftar_domain::occupation::Sexe;
use daftar_domain::paiement::Paiement;
use daftar_domain::revenus::{MethodePaiement, TypeCotisation};
use daftar_domain::Montant;
use daftar_projections::Database;
use serde_json::{json, Value};

use crate::support::{assert_error, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    the_demo_dashboard_is_what_the_books_the_debtors_and_the_expense_lists_say,
    the_syndic_dashboard_adds_up_the_residence_month_by_month,
    the_co_owner_sees_their_own_balance_and_what_their_flags_allow_at_once,
    who_reads_which_dashboard_and_the_period_is_checked,
    both_dashboards_follow_a_payment_at_once,
    every_figure_of_one_answer_is_of_one_position_while_collections_are_recorded,
);

pub(crate) const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
pub(crate) const LEILA: &str = "50000001";
const OTHER_TREASURER: &str = "60000001";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

fn millimes(v: &Value) -> i64 {
    Montant::parse_dt(&v.to_string())
        .unwrap_or_else(|_| panic!("not an amount: {v}"))
        .millimes()
}

fn dinars(montant: i64) -> i64 {
    montant * 1000
}

/// `[{mois, montant}]` as (month, millimes).
fn mois(v: &Value) -> Vec<(String, i64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["mois"].as_str().unwrap().to_owned(),
                millimes(&m["montant"]),
            )
        })
        .collect()
}

/// The class-6 (`charges`) or class-7 lines of the general ledger of `annee` dated up to
/// `jusqu_au`, per month (`yyyy-MM`): charges debit − credit, income credit − debit.
async fn grand_livre_par_mois(
    member: &TestApp,
    annee: i32,
    jusqu_au: NaiveDate,
    classe: char,
) -> BTreeMap<String, i64> {
    let livre = ok(member
        .get(&format!("/api/comptabilite/grand-livre?exercice={annee}"))
        .await)
    .await;
    let mut par_mois = BTreeMap::new();
    for compte in livre["comptes"].as_array().unwrap() {
        if !compte["compte"].as_str().unwrap().starts_with(classe) {
            continue;
        }
        for m in compte["mouvements"].as_array().unwrap() {
            let jour = date(m["date"].as_str().unwrap());
            if jour > jusqu_au {
                continue;
            }
            let solde = millimes(&m["debit"]) - millimes(&m["credit"]);
            let montant = if classe == '6' { solde } else { -solde };
            *par_mois
                .entry(jour.format("%Y-%m").to_string())
                .or_insert(0) += montant;
        }
    }
    par_mois
}

/// The demo (issue 19, "Proof"): the dashboard's treasury is the books' treasury (cash + banks =
/// total), what the co-owners owe is the debt recovery's debtors list, the expenses by
/// category are the charge accounts of the year's trial balance, the unpaid invoices are the
/// charges and works lists' remaining amounts, and the chart's months are the general ledger's
/// lines. The co-owner's balance is their line of the debtors list.
async fn the_demo_dashboard_is_what_the_books_the_debtors_and_the_expense_lists_say(world: World) {
    let db = world.db().await;
    daftar_api::demo::load(&db).await.unwrap();
    let app = world.spawn().await;
    let member = app.new_browser();
    member.login(MEMBER, daftar_api::demo::PASSWORD).await;
    let today = chrono::Utc::now()
        .with_timezone(&chrono::FixedOffset::east_opt(3600).unwrap())
        .date_naive();

    let dashboard = ok(member.get("/api/dashboard?periode=ytd").await).await;
    assert_eq!(dashboard["periode"], "ytd");
    assert!(!dashboard["residence_nom"].as_str().unwrap().is_empty());

    // Treasury: the books' treasury today.
    let tresorerie = ok(member.get("/api/comptabilite/tresorerie").await).await;
    let banques: i64 = tresorerie["banques"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| millimes(&b["solde"]))
        .sum();
    assert_eq!(millimes(&dashboard["solde_en_banque"]), banques);
    assert_eq!(
        millimes(&dashboard["solde_en_espece"]),
        millimes(&tresorerie["caisse"])
    );
    assert_eq!(
        millimes(&dashboard["solde_tresorerie"]),
        millimes(&dashboard["solde_en_banque"]) + millimes(&dashboard["solde_en_espece"])
    );
    assert_eq!(
        millimes(&dashboard["solde_tresorerie"]),
        millimes(&tresorerie["total"])
    );
    // The demo reads like a healthy residence: the cash box, each account and the treasury hold
    // money (the cleaner's cash wage is withdrawn from the bank; the calls cover the year).
    assert!(millimes(&tresorerie["caisse"]) > 0, "{tresorerie}");
    for banque in tresorerie["banques"].as_array().unwrap() {
        assert!(millimes(&banque["solde"]) > 0, "{banque}");
    }
    assert!(millimes(&tresorerie["total"]) > 0, "{tresorerie}");

    // What the co-owners owe: the debtors list.
    let debiteurs = ok(member.get("/api/recouvrement/copros-soldes").await).await;
    assert!(debiteurs["nombre_coproprietaires"].as_i64().unwrap() > 0);
    assert_eq!(
        dashboard["copros_count_du"],
        debiteurs["nombre_coproprietaires"]
    );
    assert_eq!(
        millimes(&dashboard["total_du_copros"]),
        millimes(&debiteurs["solde_total"])
    );
    let liste: Vec<(i64, i64)> = debiteurs["occupants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["occupant_id"].as_i64().unwrap(), millimes(&o["solde"])))
        .collect();
    let soldes: Vec<(i64, i64)> = dashboard["copros_soldes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| {
            (
                o["occupant_id"].as_i64().unwrap(),
                millimes(&o["restant_du"]),
            )
        })
        .collect();
    assert_eq!(soldes, liste);

    // Expenses by category: the charge accounts (class 6) of this year's trial balance.
    let balance = ok(member.get("/api/comptabilite/balance").await).await;
    let charges: BTreeMap<String, i64> = balance["comptes"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["compte"].as_str().unwrap().starts_with('6'))
        .map(|c| {
            (
                c["compte"].as_str().unwrap().to_owned(),
                millimes(&c["debit"]) - millimes(&c["credit"]),
            )
        })
        .filter(|(_, montant)| *montant != 0)
        .collect();
    assert!(!charges.is_empty(), "the demo spends this year");
    let categories: BTreeMap<String, i64> = dashboard["categories_depenses"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["compte"].as_str().unwrap().to_owned(),
                millimes(&c["montant"]),
            )
        })
        .collect();
    assert_eq!(categories, charges);
    assert_eq!(
        millimes(&dashboard["total_depenses"]),
        charges.values().sum::<i64>()
    );
    let par_categorie: i64 = dashboard["depenses_par_categorie"]
        .as_object()
        .unwrap()
        .values()
        .map(millimes)
        .sum();
    assert_eq!(par_categorie, charges.values().sum::<i64>());

    // Unpaid invoices: the charges and works lists' remaining amounts.
    let mut restants: Vec<(i64, i64)> = Vec::new();
    for (liste, cle) in [
        ("/api/charges-courantes", "charges"),
        ("/api/travaux", "travaux"),
    ] {
        let reponse = ok(member.get(liste).await).await;
        for depense in reponse[cle].as_array().unwrap() {
            let restant = millimes(&depense["restant_du"]);
            if restant > 0 {
                restants.push((depense["id"].as_i64().unwrap(), restant));
            }
        }
    }
    restants.sort();
    let mut factures: Vec<(i64, i64)> = dashboard["factures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["id"].as_i64().unwrap(), millimes(&f["restant_du"])))
        .collect();
    factures.sort();
    assert_eq!(factures, restants);
    assert_eq!(
        millimes(&dashboard["total_restants_factures"]),
        restants.iter().map(|(_, r)| r).sum::<i64>()
    );

    // The chart: this year's months up to today, from the general ledger's lines.
    let produits = grand_livre_par_mois(&member, today.year(), today, '7').await;
    let depenses = grand_livre_par_mois(&member, today.year(), today, '6').await;
    let revenus = mois(&dashboard["revenus"]);
    assert_eq!(revenus.len(), today.month() as usize);
    for (m, montant) in &revenus {
        assert_eq!(*montant, produits.get(m).copied().unwrap_or(0), "{m}");
    }
    for (m, montant) in mois(&dashboard["depenses"]) {
        assert_eq!(montant, depenses.get(&m).copied().unwrap_or(0), "{m}");
    }
    assert!(
        revenus.iter().any(|(_, montant)| *montant > 0),
        "the demo earns this year"
    );
    // The community: the running votes (the demo's one), then the active announcements (newest
    // first), the breakdowns in progress, the next assembly (the demo's convoked one, dated
    // ahead).
    let annonces = ok(member.get("/api/annonces/actives").await).await;
    let votes = ok(member.get("/api/votes").await).await;
    let ids = |liste: &Value, cle: &str| -> Vec<i64> {
        liste[cle]
            .as_array()
            .unwrap()
            .iter()
            .map(|item| item["id"].as_i64().unwrap())
            .collect()
    };
    let actives = ids(&annonces, "annonces");
    assert!(!actives.is_empty());
    let en_cours: Vec<i64> = votes["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|vote| vote["is_active"] == 1)
        .map(|vote| vote["id"].as_i64().unwrap())
        .collect();
    assert_eq!(en_cours.len(), 1);
    let elements = dashboard["annonces_votes"].as_array().unwrap();
    let par_type = |type_element: &str| -> Vec<i64> {
        elements
            .iter()
            .filter(|item| item["type"] == type_element)
            .map(|item| item["id"].as_i64().unwrap())
            .collect()
    };
    assert_eq!(par_type("vote"), en_cours);
    assert_eq!(par_type("annonce"), actives);
    assert_eq!(elements[0]["type"], "vote");
    assert!(elements
        .iter()
        .all(|item| !item["titre"].as_str().unwrap().is_empty()));
    let pannes = dashboard["pannes"].as_array().unwrap();
    assert!(!pannes.is_empty());
    assert!(pannes
        .iter()
        .all(|p| ["ouvert", "analyse", "reparation"].contains(&p["etat"].as_str().unwrap())));
    let prochaine = dashboard["assemblees"].as_array().unwrap();
    assert_eq!(prochaine.len(), 1);
    assert!(prochaine[0]["date_debut"].as_str().unwrap() >= today.to_string().as_str());

    // A co-owner of the demo: their balance is their line of the debtors list.
    let copro = app.new_browser();
    copro.login("20000004", daftar_api::demo::PASSWORD).await;
    let sien = ok(copro.get("/api/coproprietaire/dashboard").await).await;
    assert!(!sien["proprietes"].as_array().unwrap().is_empty());
    let nom = sien["proprietes"][0]["nom"].as_str().unwrap().to_owned();
    let doit = debiteurs["occupants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| {
            o["proprietes"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p.as_str() == Some(nom.as_str()))
        })
        .map_or(0, |o| millimes(&o["solde"]));
    assert_eq!(millimes(&sien["votre_solde"]), -doit);
    assert_eq!(sien["solde_tresorerie"], dashboard["solde_tresorerie"]);
    assert_eq!(
        sien["categories_depenses"],
        dashboard["categories_depenses"]
    );
    let trois_mois = ok(member.get("/api/dashboard").await).await;
    assert_eq!(sien["revenus"], trois_mois["revenus"]);
    assert_eq!(sien["depenses"], trois_mois["depenses"]);
    // Their breakdowns in progress are among their own reports; the announcements and the next
    // (convoked) assembly are the residence's.
    let leurs = ok(copro.get("/api/pannes").await).await;
    let miennes = ids(&leurs, "mine");
    let en_cours = ids(&sien, "pannes");
    assert!(!en_cours.is_empty());
    assert!(
        en_cours.iter().all(|id| miennes.contains(id)),
        "{en_cours:?}"
    );
    assert_eq!(sien["annonces_votes"], dashboard["annonces_votes"]);
    assert_eq!(sien["assemblees"], dashboard["assemblees"]);
}

/// "Les Jasmins" on 15 February 2026: A1 (Leïla, who signs in) and A2 (Sami). December 2025:
/// "Nettoyage" called 30 DT each (due 10 December), both paid in cash on the 15th; STEG's 150 DT
/// electricity invoice of 20 December, unpaid. 2026: the main bank account opened with 1,000
/// DT on 1 January; water 40 DT (10 January), 15 DT paid in cash; painting works 900 DT
/// (1 February), unpaid; "Ascenseur" called 60 DT each (due 5 February): Sami paid in cash on
/// the 10th, Leïla nothing. Another residence, "Les Oliviers", with its own treasurer.
/// A residence of two properties, Leïla (a user) owing the lift's 60 DT (also the receipt
/// notification's test, `notifications.rs`).
pub(crate) async fn setup(world: &World) -> (TestApp, Database) {
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .aujourd_hui(date("2026-02-15"))
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(LEILA, "Leïla Haddad", Role::Coproprietaire)
        .exercice(2025)
        .exercice(2026)
        .propriete("A1")
        .propriete("A2")
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
        .fournisseur(FournisseurSpec::entreprise("STEG"))
        .fournisseur(FournisseurSpec::entreprise("Peinture Plus"))
        .categorie(CategorieSpec::new("Électricité"))
        .categorie("Eau")
        .cotisation(
            CotisationSpec::new(
                "Nettoyage",
                TypeCotisation::Exceptionnelle,
                date("2025-12-01"),
                date("2025-12-31"),
                date("2025-12-10"),
            )
            .egale(Montant::dinars(30))
            .encaissements(|_| Some(especes(30, "2025-12-15"))),
        )
        .depense(
            DepenseSpec::charge(
                "STEG décembre",
                Montant::dinars(150),
                date("2025-12-20"),
                "STEG",
            )
            .categorie("Électricité"),
        )
        .compte_bancaire(
            CompteBancaireSpec::new("Compte courant STB", "STB", TypeCompte::Courant)
                .principal()
                .solde_initial(Montant::dinars(1_000), date("2026-01-01")),
        )
        .depense(
            DepenseSpec::charge(
                "Eau janvier",
                Montant::dinars(40),
                date("2026-01-10"),
                "STEG",
            )
            .categorie("Eau")
            .paiement(
                Montant::dinars(15),
                date("2026-01-12"),
                MethodePaiementDepense::Espece,
                None,
            ),
        )
        .depense(DepenseSpec::travaux(
            "Peinture cage d'escalier",
            Montant::dinars(900),
            date("2026-02-01"),
            "Peinture Plus",
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
            .encaissements(|du| (du.propriete == "A2").then(|| especes(60, "2026-02-10"))),
        )
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
    (world.spawn_on(date("2026-02-15")).await, db)
}

fn especes(montant: i64, le: &str) -> Paiement<MethodePaiement> {
    Paiement {
        montant: Montant::dinars(montant),
        date_paiement: date(le),
        methode: MethodePaiement::Espece,
        reference: None,
    }
}

async fn set_features(db: &Database, tel: &str, features: Value) {
    sqlx::query("UPDATE users SET features = $1 WHERE tel = $2")
        .bind(features.to_string())
        .bind(tel)
        .execute(&db.pool)
        .await
        .unwrap();
}

async fn the_syndic_dashboard_adds_up_the_residence_month_by_month(world: World) {
    let (app, _) = setup(&world).await;
    let member = signed_in(&app, MEMBER).await;

    // When a council member opens the dashboard (three months by default)
    let dashboard = ok(member.get("/api/dashboard").await).await;

    // Then the treasury is the cash box (30 + 30 + 60 − 15) and the bank account
    assert_eq!(dashboard["residence_nom"], "Les Jasmins");
    assert_eq!(dashboard["periode"], "3m");
    assert_eq!(millimes(&dashboard["solde_en_espece"]), dinars(105));
    assert_eq!(millimes(&dashboard["solde_en_banque"]), dinars(1_000));
    assert_eq!(millimes(&dashboard["solde_tresorerie"]), dinars(1_105));
    // Leïla owes the lift's 60 DT
    assert_eq!(millimes(&dashboard["total_du_copros"]), dinars(60));
    assert_eq!(dashboard["copros_count_du"], 1);
    assert_eq!(
        dashboard["copros_soldes"][0]["occupant_nom"],
        "Leïla Haddad"
    );
    assert_eq!(
        millimes(&dashboard["copros_soldes"][0]["restant_du"]),
        dinars(60)
    );
    assert_eq!(dashboard["copros_soldes"][0]["restant_du_fmt"], "60,000 DT");
    // The suppliers are owed 150 + 25 + 900, oldest invoice first
    let factures: Vec<(&str, &str, i64)> = dashboard["factures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["titre"].as_str().unwrap(),
                f["type"].as_str().unwrap(),
                millimes(&f["restant_du"]),
            )
        })
        .collect();
    assert_eq!(
        factures,
        [
            ("STEG décembre", "charge", dinars(150)),
            ("Eau janvier", "charge", dinars(25)),
            ("Peinture cage d'escalier", "travaux", dinars(900)),
        ]
    );
    assert_eq!(
        millimes(&dashboard["total_restants_factures"]),
        dinars(1_075)
    );
    // This year's expenses: water 40, works 900 (December's electricity is last year's)
    assert_eq!(dashboard["exercice"], 2026);
    assert_eq!(millimes(&dashboard["total_depenses"]), dinars(940));
    assert_eq!(
        dashboard["depenses_par_categorie"],
        json!({"Eau": 40, "Travaux décidés par l'assemblée générale": 900})
    );
    assert_eq!(dashboard["categories_depenses"][0]["compte"], "672");
    assert_eq!(dashboard["categories_depenses"][1]["libelle"], "Eau");
    assert!(dashboard["categories_depenses"][1]["categorie_id"].is_i64());
    // The three months: December, January, February
    assert_eq!(
        mois(&dashboard["revenus"]),
        [
            ("2025-12".to_owned(), dinars(60)),
            ("2026-01".to_owned(), 0),
            ("2026-02".to_owned(), dinars(120)),
        ]
    );
    assert_eq!(
        mois(&dashboard["depenses"]),
        [
            ("2025-12".to_owned(), dinars(150)),
            ("2026-01".to_owned(), dinars(40)),
            ("2026-02".to_owned(), dinars(900)),
        ]
    );

    // When the period is the year to date, it starts on 1 January; six months reach September
    let ytd = ok(member.get("/api/dashboard?periode=ytd").await).await;
    assert_eq!(
        mois(&ytd["revenus"]),
        [
            ("2026-01".to_owned(), 0),
            ("2026-02".to_owned(), dinars(120))
        ]
    );
    assert_eq!(
        mois(&ytd["depenses"]),
        [
            ("2026-01".to_owned(), dinars(40)),
            ("2026-02".to_owned(), dinars(900)),
        ]
    );
    let six = ok(member.get("/api/dashboard?periode=6m").await).await;
    let six_mois: Vec<String> = mois(&six["depenses"]).into_iter().map(|(m, _)| m).collect();
    assert_eq!(
        six_mois,
        ["2025-09", "2025-10", "2025-11", "2025-12", "2026-01", "2026-02"]
    );
    // The figures that do not depend on the period are the same
    assert_eq!(six["factures"], dashboard["factures"]);
    assert_eq!(six["categories_depenses"], dashboard["categories_depenses"]);

    // And another residence's council sees only its own
    let other = signed_in(&app, OTHER_TREASURER).await;
    let theirs = ok(other.get("/api/dashboard").await).await;
    assert_eq!(theirs["residence_nom"], "Les Oliviers");
    assert_eq!(millimes(&theirs["solde_tresorerie"]), 0);
    assert_eq!(theirs["copros_count_du"], 0);
    assert_eq!(theirs["factures"], json!([]));
    assert_eq!(theirs["depenses_par_categorie"], json!({}));
}

async fn the_co_owner_sees_their_own_balance_and_what_their_flags_allow_at_once(world: World) {
    let (app, db) = setup(&world).await;
    let leila = signed_in(&app, LEILA).await;

    // Given no flag set (a key never set is granted)
    let dashboard = ok(leila.get("/api/coproprietaire/dashboard").await).await;
    // Then Leïla sees her property, what she owes, and every part of the residence's figures
    assert_eq!(
        dashboard["proprietes"],
        json!([{"id": 1, "nom": "A1", "type": "appartement",
                "type_occupation": "proprietaire", "is_payer": true}])
    );
    assert_eq!(millimes(&dashboard["votre_solde"]), -dinars(60));
    assert_eq!(
        dashboard["visibilite"],
        json!({"tresorerie": true, "repartition_charges": true, "recettes_depenses": true})
    );
    assert_eq!(millimes(&dashboard["solde_tresorerie"]), dinars(1_105));
    assert_eq!(millimes(&dashboard["total_depenses"]), dinars(940));
    assert_eq!(dashboard["exercice"], 2026);
    assert_eq!(
        mois(&dashboard["revenus"]),
        [
            ("2025-12".to_owned(), dinars(60)),
            ("2026-01".to_owned(), 0),
            ("2026-02".to_owned(), dinars(120)),
        ]
    );
    for liste in ["annonces_votes", "pannes", "assemblees"] {
        assert_eq!(dashboard[liste], json!([]), "{liste}");
    }

    // When the syndic denies her the treasury and the income and expense chart
    set_features(
        &db,
        LEILA,
        json!({"see.dashboard.tresorerie": false, "see.dashboard.recettes_depenses": false,
               "see.charges": false}),
    )
    .await;
    // Then her next request no longer carries them, and still carries the expense breakdown
    let restreint = ok(leila.get("/api/coproprietaire/dashboard").await).await;
    assert_eq!(
        restreint["visibilite"],
        json!({"tresorerie": false, "repartition_charges": true, "recettes_depenses": false})
    );
    assert_eq!(restreint["solde_tresorerie"], Value::Null);
    assert_eq!(restreint["revenus"], Value::Null);
    assert_eq!(restreint["depenses"], Value::Null);
    assert_eq!(millimes(&restreint["total_depenses"]), dinars(940));
    assert_eq!(millimes(&restreint["votre_solde"]), -dinars(60));

    // When the rights change again: the breakdown denied, the rest granted
    set_features(
        &db,
        LEILA,
        json!({"see.dashboard.repartition_charges": false, "see.dashboard.tresorerie": true}),
    )
    .await;
    let autre = ok(leila.get("/api/coproprietaire/dashboard").await).await;
    assert_eq!(millimes(&autre["solde_tresorerie"]), dinars(1_105));
    assert!(autre["revenus"].is_array());
    for cache in [
        "exercice",
        "total_depenses",
        "depenses_par_categorie",
        "categories_depenses",
    ] {
        assert_eq!(autre[cache], Value::Null, "{cache}");
    }

    // A council member is never restricted, whatever his flags say, and owns nothing here
    set_features(
        &db,
        MEMBER,
        json!({"see.dashboard.tresorerie": false, "see.dashboard.repartition_charges": false,
               "see.dashboard.recettes_depenses": false}),
    )
    .await;
    let member = signed_in(&app, MEMBER).await;
    let sien = ok(member
        .get("/api/coproprietaire/dashboard?periode=ytd")
        .await)
    .await;
    assert_eq!(
        sien["visibilite"],
        json!({"tresorerie": true, "repartition_charges": true, "recettes_depenses": true})
    );
    assert_eq!(sien["periode"], "ytd");
    assert_eq!(sien["revenus"].as_array().unwrap().len(), 2);
    assert_eq!(sien["proprietes"], json!([]));
    assert_eq!(millimes(&sien["votre_solde"]), 0);
}

async fn who_reads_which_dashboard_and_the_period_is_checked(world: World) {
    let (app, _) = setup(&world).await;

    // Signed out: 401 on both
    for path in ["/api/dashboard", "/api/coproprietaire/dashboard"] {
        assert_error(app.new_browser().get(path).await, 401, "unauthenticated").await;
    }
    // A co-owner: the syndic dashboard is the council's
    let leila = signed_in(&app, LEILA).await;
    assert_error(leila.get("/api/dashboard").await, 403, "syndic_required").await;
    ok(leila.get("/api/coproprietaire/dashboard").await).await;
    // Every council member reads both
    for tel in [TREASURER, MEMBER] {
        let council = signed_in(&app, tel).await;
        ok(council.get("/api/dashboard").await).await;
        ok(council.get("/api/coproprietaire/dashboard").await).await;
    }

    // A period other than 3m, 6m or ytd is refused with its code, on both
    let member = signed_in(&app, MEMBER).await;
    let body = assert_error(
        member.get("/api/dashboard?periode=12m").await,
        422,
        "periode_tableau_de_bord_invalide",
    )
    .await;
    assert_eq!(
        body["field_codes"]["periode"],
        json!(["periode_tableau_de_bord_invalide"])
    );
    assert_error(
        leila.get("/api/coproprietaire/dashboard?periode=YTD").await,
        422,
        "periode_tableau_de_bord_invalide",
    )
    .await;
    // Read only
    let res = member
        .write(reqwest::Method::POST, "/api/dashboard")
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 405);
}

/// The residence's figures are kept between requests (docs/performance.md "Dashboards"): a
/// command moves what they were computed from, so the next request of either dashboard shows it.
async fn both_dashboards_follow_a_payment_at_once(world: World) {
    let (app, _) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let leila = signed_in(&app, LEILA).await;
    // Given both dashboards read once (Leïla owes the lift's 60 DT)
    let avant = ok(treasurer.get("/api/dashboard").await).await;
    assert_eq!(millimes(&avant["total_du_copros"]), dinars(60));
    let sien = ok(leila.get("/api/coproprietaire/dashboard").await).await;
    assert_eq!(millimes(&sien["votre_solde"]), -dinars(60));

    // When the treasurer collects her 60 DT in cash
    let cotisations = ok(treasurer.get("/api/cotisations").await).await;
    let ascenseur = cotisations["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["titre"] == "Ascenseur")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let details = ok(treasurer
        .get(&format!("/api/cotisations/details?id={ascenseur}"))
        .await)
    .await;
    let du = details["cotisation"]["restants_dus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|du| du["propriete_id"] == 1)
        .unwrap()["montant_du_id"]
        .as_i64()
        .unwrap();
    ok(treasurer
        .post_json(
            "/api/cotisations/encaisser",
            &json!({
                "montant_du_id": du, "montant": 60, "date_paiement": "2026-02-15",
                "methode_paiement": "espece",
            }),
        )
        .await)
    .await;

    // Then the council's next dashboard has nobody owing and 60 DT more in the cash box
    let apres = ok(treasurer.get("/api/dashboard").await).await;
    assert_eq!(millimes(&apres["total_du_copros"]), 0);
    assert_eq!(apres["copros_count_du"], 0);
    assert_eq!(
        millimes(&apres["solde_en_espece"]),
        millimes(&avant["solde_en_espece"]) + dinars(60)
    );
    // And Leïla's is up to date, with the same treasury
    let sien = ok(leila.get("/api/coproprietaire/dashboard").await).await;
    assert_eq!(millimes(&sien["votre_solde"]), 0);
    assert_eq!(sien["solde_tresorerie"], apres["solde_tresorerie"]);
}

/// Issue 19 ("Dashboard figure consistency"): while the treasurer records Leïla's lift dues in
/// thirty cash collections of 2 DT, every dashboard answer read meanwhile is of one position of
/// the residence: cash + banks = treasury, what the co-owners owe = the debtors list, and —
/// collections only moving money from what is owed to the cash box — what is owed plus the
/// treasury stays what it was, on the council's dashboard and on Leïla's (her own balance
/// against the residence's treasury).
async fn every_figure_of_one_answer_is_of_one_position_while_collections_are_recorded(
    world: World,
) {
    let (app, _) = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let member = signed_in(&app, MEMBER).await;
    let leila = signed_in(&app, LEILA).await;
    let avant = ok(member.get("/api/dashboard").await).await;
    assert_eq!(millimes(&avant["total_du_copros"]), dinars(60));
    let constante = millimes(&avant["total_du_copros"]) + millimes(&avant["solde_tresorerie"]);
    let cotisations = ok(treasurer.get("/api/cotisations").await).await;
    let ascenseur = cotisations["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["titre"] == "Ascenseur")
        .unwrap()["id"]
        .as_i64()
        .unwrap();
    let details = ok(treasurer
        .get(&format!("/api/cotisations/details?id={ascenseur}"))
        .await)
    .await;
    let du = details["cotisation"]["restants_dus"]
        .as_array()
        .unwrap()
        .iter()
        .find(|du| du["propriete_id"] == 1)
        .unwrap()["montant_du_id"]
        .as_i64()
        .unwrap();

    let fini = std::sync::atomic::AtomicBool::new(false);
    let encaisser = async {
        for _ in 0..30 {
            ok(treasurer
                .post_json(
                    "/api/cotisations/encaisser",
                    &json!({
                        "montant_du_id": du, "montant": 2, "date_paiement": "2026-02-15",
                        "methode_paiement": "espece",
                    }),
                )
                .await)
            .await;
        }
        fini.store(true, std::sync::atomic::Ordering::SeqCst);
    };
    let conseil = async {
        let mut lus = 0;
        while !fini.load(std::sync::atomic::Ordering::SeqCst) {
            let d = ok(member.get("/api/dashboard").await).await;
            let tresorerie = millimes(&d["solde_tresorerie"]);
            assert_eq!(
                tresorerie,
                millimes(&d["solde_en_banque"]) + millimes(&d["solde_en_espece"]),
                "{d}"
            );
            let liste: i64 = d["copros_soldes"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| millimes(&c["restant_du"]))
                .sum();
            assert_eq!(millimes(&d["total_du_copros"]), liste, "{d}");
            assert_eq!(
                d["copros_count_du"],
                d["copros_soldes"].as_array().unwrap().len(),
                "{d}"
            );
            assert_eq!(
                millimes(&d["total_du_copros"]) + tresorerie,
                constante,
                "owed {} and treasury {tresorerie} of two positions",
                d["total_du_copros"]
            );
            lus += 1;
        }
        lus
    };
    let coproprietaire = async {
        let mut lus = 0;
        while !fini.load(std::sync::atomic::Ordering::SeqCst) {
            let d = ok(leila.get("/api/coproprietaire/dashboard").await).await;
            let tresorerie = millimes(&d["solde_tresorerie"]);
            assert_eq!(
                -millimes(&d["votre_solde"]) + tresorerie,
                constante,
                "her balance {} and the treasury {tresorerie} of two positions",
                d["votre_solde"]
            );
            lus += 1;
        }
        lus
    };
    let ((), lus_conseil, lus_coproprietaire) = tokio::join!(encaisser, conseil, coproprietaire);
    assert!(lus_conseil > 0 && lus_coproprietaire > 0);

    // Then, all recorded: she owes nothing and the cash box holds her 60 DT.
    let apres = ok(member.get("/api/dashboard").await).await;
    assert_eq!(millimes(&apres["total_du_copros"]), 0);
    assert_eq!(millimes(&apres["solde_tresorerie"]), constante);
    let sien = ok(leila.get("/api/coproprietaire/dashboard").await).await;
    assert_eq!(millimes(&sien["votre_solde"]), 0);
}
