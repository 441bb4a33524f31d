//! `ops/bench` revenue figures: the two busiest revenue endpoints over real HTTP, on SQLite and
//! on PostgreSQL, against a residence of 200 properties with five years of monthly cotisations
//! (12,000 montants dus, most of them paid), with 32 concurrent clients:
//!
//! - `GET /api/cotisations/proprietes-soldes`, the encaissement screen's balance list;
//! - `POST /api/cotisations/encaisser`, one collection (a ledger command, answered once the read
//!   models have caught up);
//! - both in turn, as the collect screen does (the list after each change is computed afresh);
//! - `GET /api/comptabilite/balance`, the trial balance of the current year (issue 12);
//! - `GET /api/banque/rapprochement`, the main account's reconciliation for the current year
//!   (issue 12): the residence's collections by transfer land on it, its cheques are deposited
//!   on it at the end of each month;
//! - `GET /api/dashboard?periode=ytd` and `GET /api/coproprietaire/dashboard?periode=ytd`, the
//!   two dashboards (issue 19): the council's, and a co-owner's (one of those in arrears).
//!
//! The baseline, measured in the same run on the same server, is `GET /api/auth/status`: an
//! authenticated request that reads only the session. The ratio of an endpoint's requests/s to
//! it is the figure to compare between machines; p99 is checked against the targets.
//!
//! Client and server share the process and the machine's cores (the server keeps actix's
//! default of one worker per core), so the figures are a floor.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::float_arithmetic)]

// The API tests' support, of which the bench uses a part.
#[allow(unused_imports)]
#[path = "../tests/api/support/mod.rs"]
mod common;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{Datelike, NaiveDate};
use common::{Store, TestApp, World, PASSWORD};
use daftar_domain::banque::{BanqueCommand, FicheCompte, TypeCompte};
use daftar_domain::exercice::ExerciceCommand;
use daftar_domain::grand_livre::{GrandLivre, GrandLivreCommand};
use daftar_domain::ids::ResidenceId;
use daftar_domain::occupation::OccupationCommand;
use daftar_domain::occupation::{Sexe, TypeOccupation};
use daftar_domain::paiement::Paiement;
use daftar_domain::propriete::ProprieteCommand;
use daftar_domain::propriete::TypePropriete;
use daftar_domain::revenus::DemandeCotisation;
use daftar_domain::revenus::RevenusCommand;
use daftar_domain::revenus::{MethodePaiement, Repartition, TypeCotisation};
use daftar_domain::Montant;
use daftar_projections::{read_models, CommandMetadata, Database, Ledger, Projector};
use serde_json::json;

const PROPRIETES: usize = 200;
const ANNEES: i32 = 5;
const MENSUALITE_DT: i64 = 40;
const CLIENTS: usize = 32;
const REQUESTS: usize = 2_000;
const WARM_UP: usize = 200;
/// One property in ten is in arrears since the start of the previous year.
const EN_RETARD_TOUS: usize = 10;

const TARGET_P99_SOLDES: Duration = Duration::from_millis(20);
const TARGET_P99_ENCAISSER: Duration = Duration::from_millis(30);
const TARGET_P99_BALANCE: Duration = Duration::from_millis(50);
const TARGET_P99_RAPPROCHEMENT: Duration = Duration::from_millis(50);
const TARGET_P99_DASHBOARD: Duration = Duration::from_millis(50);
/// The co-owner who signs in to read their dashboard: the first property's payer.
const COPROPRIETAIRE: &str = "50000001";

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    println!("\n# Revenue endpoints over HTTP ({PROPRIETES} properties, {ANNEES} years of monthly cotisations, {CLIENTS} concurrent clients, {REQUESTS} requests per endpoint)");
    for store in stores() {
        runtime.block_on(common::run(store, bench_store));
    }
}

/// `DAFTAR_BENCH_STORE=sqlite` or `postgres` measures one store only (while tuning).
fn stores() -> Vec<Store> {
    match std::env::var("DAFTAR_BENCH_STORE").as_deref() {
        Ok("sqlite") => vec![Store::Sqlite],
        Ok("postgres") => vec![Store::Postgres],
        _ => vec![Store::Sqlite, Store::Postgres],
    }
}

async fn bench_store(world: World) {
    let name = match world.store {
        Store::Sqlite => "SQLite",
        Store::Postgres => "PostgreSQL",
    };
    let db = world.db().await;
    let started = Instant::now();
    let residence = seed(&db).await;
    let seeded = started.elapsed();
    let app = Arc::new(world.spawn().await);
    // `DAFTAR_BENCH_PAUSE=<seconds>`: the seeded database's address, then a wait before the
    // measures (to EXPLAIN the endpoints' queries on it).
    if let Ok(seconds) = std::env::var("DAFTAR_BENCH_PAUSE") {
        println!(
            "PAUSE {} residence {}",
            world.database_url, residence.residence_id
        );
        tokio::time::sleep(Duration::from_secs(seconds.parse().unwrap())).await;
    }
    let login = app.login(&residence.tel, PASSWORD).await;
    assert_eq!(login.status().as_u16(), 200, "treasurer signs in");

    let soldes = app.get("/api/cotisations/proprietes-soldes").await;
    assert_eq!(soldes.status().as_u16(), 200);
    let body = soldes.bytes().await.unwrap();
    let parsed: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let open_dues: Vec<i64> = parsed["data"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["montants_dus"].as_array().unwrap().iter())
        .map(|d| d["montant_du_id"].as_i64().unwrap())
        .collect();
    assert!(open_dues.len() > 100, "the seed leaves dues open");
    println!(
        "\n## {name}\nseeded {} events in {:.1} s; balance list answer: {} KB, {} open dues",
        residence.events,
        seeded.as_secs_f64(),
        body.len() / 1024,
        open_dues.len()
    );

    let baseline = measure(&app, |app, _| async move {
        let res = app.get("/api/auth/status").await;
        assert_eq!(res.status().as_u16(), 200);
        res.bytes().await.unwrap();
    })
    .await;
    let soldes = measure(&app, |app, _| async move {
        let res = app.get("/api/cotisations/proprietes-soldes").await;
        assert_eq!(res.status().as_u16(), 200);
        res.bytes().await.unwrap();
    })
    .await;
    let balance = app.get("/api/comptabilite/balance").await;
    assert_eq!(balance.status().as_u16(), 200);
    let parsed: serde_json::Value = balance.json().await.unwrap();
    assert_eq!(parsed["equilibree"], true, "the trial balance balances");
    let balance = measure(&app, |app, _| async move {
        let res = app.get("/api/comptabilite/balance").await;
        assert_eq!(res.status().as_u16(), 200);
        res.bytes().await.unwrap();
    })
    .await;
    let rapprochement = app.get("/api/banque/rapprochement").await;
    assert_eq!(rapprochement.status().as_u16(), 200);
    let parsed: serde_json::Value = rapprochement.json().await.unwrap();
    let lignes = parsed["rapprochements"].as_array().unwrap().len();
    assert!(lignes > 100, "the main account moves: {lignes} rows");
    println!("reconciliation of the main account this year: {lignes} rows");
    let rapprochement = measure(&app, |app, _| async move {
        let res = app.get("/api/banque/rapprochement").await;
        assert_eq!(res.status().as_u16(), 200);
        res.bytes().await.unwrap();
    })
    .await;
    let dashboard = measure(&app, |app, _| async move {
        let res = app.get("/api/dashboard?periode=ytd").await;
        assert_eq!(res.status().as_u16(), 200);
        res.bytes().await.unwrap();
    })
    .await;
    let coproprietaire = Arc::new(app.new_browser());
    let login = coproprietaire.login(COPROPRIETAIRE, PASSWORD).await;
    assert_eq!(login.status().as_u16(), 200, "the co-owner signs in");
    let sien = coproprietaire
        .get("/api/coproprietaire/dashboard?periode=ytd")
        .await;
    assert_eq!(sien.status().as_u16(), 200);
    let parsed: serde_json::Value = sien.json().await.unwrap();
    assert!(parsed["votre_solde"].as_f64().unwrap() < 0.0, "in arrears");
    let dashboard_coproprietaire = measure(&coproprietaire, |app, _| async move {
        let res = app.get("/api/coproprietaire/dashboard?periode=ytd").await;
        assert_eq!(res.status().as_u16(), 200);
        res.bytes().await.unwrap();
    })
    .await;
    let open_dues = Arc::new(open_dues);
    let today = Arc::new(
        daftar_api::clock::Clock::system()
            .today()
            .format("%Y-%m-%d")
            .to_string(),
    );
    let (dues, day) = (open_dues.clone(), today.clone());
    let encaisser = measure(&app, move |app, index| {
        let (dues, day) = (dues.clone(), day.clone());
        async move { collect_one_dinar(&app, dues[index % dues.len()], &day).await }
    })
    .await;
    // The council's dashboard read during a collection session: every other request a
    // collection, which moves the residence's stream, so the dashboard's residence part is
    // computed again while holding the stream — the collections wait for it (issue 19).
    let (dues, day) = (open_dues.clone(), today.clone());
    let melange = measure(&app, move |app, index| {
        let (dues, day) = (dues.clone(), day.clone());
        async move {
            if index % 2 == 0 {
                collect_one_dinar(&app, dues[(index * 3) % dues.len()], &day).await;
            } else {
                let res = app.get("/api/dashboard?periode=ytd").await;
                assert_eq!(res.status().as_u16(), 200);
                res.bytes().await.unwrap();
            }
        }
    })
    .await;
    // The collect screen's loop: a collection, then the balance list it invalidates (the
    // cached list is recomputed once per change).
    let boucle = measure(&app, move |app, index| {
        let (dues, day) = (open_dues.clone(), today.clone());
        async move {
            collect_one_dinar(&app, dues[(index * 7) % dues.len()], &day).await;
            let res = app.get("/api/cotisations/proprietes-soldes").await;
            assert_eq!(res.status().as_u16(), 200);
            res.bytes().await.unwrap();
        }
    })
    .await;

    println!("| request | requests/s | ratio to baseline | p50 | p99 | max | p99 target |");
    println!("|---|---|---|---|---|---|---|");
    baseline.row("GET /api/auth/status (baseline)", baseline.rate, None);
    soldes.row(
        "GET /api/cotisations/proprietes-soldes",
        baseline.rate,
        Some(TARGET_P99_SOLDES),
    );
    encaisser.row(
        "POST /api/cotisations/encaisser",
        baseline.rate,
        Some(TARGET_P99_ENCAISSER),
    );
    balance.row(
        "GET /api/comptabilite/balance",
        baseline.rate,
        Some(TARGET_P99_BALANCE),
    );
    rapprochement.row(
        "GET /api/banque/rapprochement",
        baseline.rate,
        Some(TARGET_P99_RAPPROCHEMENT),
    );
    dashboard.row(
        "GET /api/dashboard?periode=ytd",
        baseline.rate,
        Some(TARGET_P99_DASHBOARD),
    );
    dashboard_coproprietaire.row(
        "GET /api/coproprietaire/dashboard?periode=ytd",
        baseline.rate,
        Some(TARGET_P99_DASHBOARD),
    );
    boucle.row(
        "POST encaisser, then GET proprietes-soldes (one pair)",
        baseline.rate,
        None,
    );
    melange.row(
        "POST encaisser and GET /api/dashboard, alternating (each request)",
        baseline.rate,
        None,
    );
}

/// Collects 1 DT in cash on `montant_du_id`, dated `today`.
async fn collect_one_dinar(app: &TestApp, montant_du_id: i64, today: &str) {
    let res = app
        .post_json(
            "/api/cotisations/encaisser",
            &json!({
                "montant_du_id": montant_du_id,
                "montant": 1,
                "date_paiement": today,
                "methode_paiement": "espece",
            }),
        )
        .await;
    let status = res.status().as_u16();
    let body = res.text().await.unwrap();
    assert_eq!(status, 200, "collection refused: {body}");
}

/// What a closed loop of [`CLIENTS`] clients measured: each sends its next request as soon as
/// the previous one is answered, until [`REQUESTS`] are answered (after [`WARM_UP`] unmeasured).
struct Measure {
    rate: f64,
    p50: Duration,
    p99: Duration,
    max: Duration,
}

impl Measure {
    fn row(&self, label: &str, baseline: f64, target: Option<Duration>) {
        let verdict = match target {
            Some(target) if self.p99 <= target => format!("< {} ms: met", target.as_millis()),
            Some(target) => format!("< {} ms: MISSED", target.as_millis()),
            None => String::new(),
        };
        println!(
            "| {label} | {:.0} | {:.2} | {:.2} ms | {:.2} ms | {:.2} ms | {verdict} |",
            self.rate,
            self.rate / baseline,
            millis(self.p50),
            millis(self.p99),
            millis(self.max),
        );
    }
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1_000.0
}

async fn measure<F, Fut>(app: &Arc<TestApp>, request: F) -> Measure
where
    F: Fn(Arc<TestApp>, usize) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let request = Arc::new(request);
    run_clients(app, &request, WARM_UP).await;
    let started = Instant::now();
    let mut latencies = run_clients(app, &request, REQUESTS).await;
    let elapsed = started.elapsed();
    latencies.sort();
    let at = |p: f64| latencies[((latencies.len() as f64 * p) as usize).min(latencies.len() - 1)];
    Measure {
        rate: latencies.len() as f64 / elapsed.as_secs_f64(),
        p50: at(0.50),
        p99: at(0.99),
        max: latencies[latencies.len() - 1],
    }
}

async fn run_clients<F, Fut>(app: &Arc<TestApp>, request: &Arc<F>, total: usize) -> Vec<Duration>
where
    F: Fn(Arc<TestApp>, usize) -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = ()> + Send,
{
    let next = Arc::new(AtomicUsize::new(0));
    let clients: Vec<_> = (0..CLIENTS)
        .map(|_| {
            let (app, request, next) = (app.clone(), request.clone(), next.clone());
            tokio::spawn(async move {
                let mut latencies = Vec::new();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    if index >= total {
                        return latencies;
                    }
                    let sent = Instant::now();
                    request(app.clone(), index).await;
                    latencies.push(sent.elapsed());
                }
            })
        })
        .collect();
    let mut latencies = Vec::with_capacity(total);
    for client in clients {
        latencies.extend(client.await.unwrap());
    }
    latencies
}

struct SeededResidence {
    residence_id: i64,
    tel: String,
    events: usize,
}

/// The residence through the ledger, as the API would record it: five open exercices, 200
/// apartments each with its owner paying, one equal monthly cotisation per year, and the
/// payments: every due of the past paid (on its due date plus a few days; one in three in
/// cash, one by cheque, one by transfer to the main account), except that one property in ten
/// stopped paying at the start of last year; the month's cheques deposited on the main account
/// at its end.
async fn seed(db: &Database) -> SeededResidence {
    let treasurer = common::seed(db, "20000002").await;
    let residence = ResidenceId(treasurer.residence_id);
    let ledger = Ledger::<GrandLivre>::new(db.clone(), ());
    let mut events = 0;
    let mut run = async |command: GrandLivreCommand| {
        let metadata = CommandMetadata {
            acting_user: "bench".to_owned(),
            request_id: uuid::Uuid::new_v4().to_string(),
        };
        let committed = ledger
            .execute(&residence.stream_id(), command, &metadata)
            .await
            .unwrap();
        events += committed.events.len();
    };
    let today = daftar_api::clock::Clock::system().today();
    let premiere_annee = today.year() - ANNEES + 1;
    for annee in premiere_annee..=today.year() {
        run(GrandLivreCommand::Exercice(
            ExerciceCommand::OuvrirExercice { annee },
        ))
        .await;
    }
    let date = |y: i32, m: u32, d: u32| NaiveDate::from_ymd_opt(y, m, d).unwrap();
    // The main account: collections by transfer land on it, cheques are deposited on it.
    run(GrandLivreCommand::Banque(BanqueCommand::CreerCompte {
        fiche: FicheCompte {
            libelle: "Compte courant".to_owned(),
            banque: "STB".to_owned(),
            type_compte: TypeCompte::Courant,
            adresse_agence: None,
            rib: None,
            swift: None,
            iban: None,
            commentaire: None,
            is_main: true,
            solde_initial: Montant::dinars(5_000),
            date_solde_initial: date(premiere_annee, 1, 1),
        },
    }))
    .await;
    for index in 1..=PROPRIETES {
        run(GrandLivreCommand::Propriete(
            ProprieteCommand::EnregistrerPropriete {
                nom: format!("B{index:03}"),
                type_propriete: TypePropriete::Appartement,
                surface: None,
                description: None,
            },
        ))
        .await;
        run(GrandLivreCommand::Occupation(
            OccupationCommand::CreerOccupant {
                nom: format!("Copropriétaire {index:03}"),
                // The first one signs in (to read their dashboard); property 1 is in arrears.
                tel: (index == 1).then(|| COPROPRIETAIRE.to_owned()),
                email: None,
                sexe: Sexe::Femme,
            },
        ))
        .await;
    }
    let livre = ledger.current(&residence.stream_id()).await.unwrap();
    let proprietes: Vec<_> = livre.proprietes.ids().collect();
    let occupants: Vec<_> = livre.occupancy.occupants().map(|(id, _)| id).collect();
    for (propriete_id, occupant_id) in proprietes.iter().zip(&occupants) {
        run(GrandLivreCommand::Occupation(
            OccupationCommand::AjouterOccupation {
                propriete_id: *propriete_id,
                occupant_id: *occupant_id,
                type_occupation: TypeOccupation::Proprietaire,
                date_debut: date(premiere_annee - 3, 1, 1),
                date_fin: None,
                is_payer: true,
            },
        ))
        .await;
    }
    for annee in premiere_annee..=today.year() {
        run(GrandLivreCommand::Revenus(
            RevenusCommand::LancerCotisation(DemandeCotisation {
                titre: format!("Charges courantes {annee}"),
                type_cotisation: TypeCotisation::Mensuelle,
                repartition: Repartition::Egale,
                date_debut: date(annee, 1, 1),
                date_fin: date(annee, 12, 31),
                date_echeance: date(annee, 1, 5),
                montant: Some(Montant::dinars(MENSUALITE_DT)),
                personnalisation: Vec::new(),
            }),
        ))
        .await;
    }
    let livre = ledger.current(&residence.stream_id()).await.unwrap();
    let en_retard: Vec<_> = proprietes.iter().step_by(EN_RETARD_TOUS).copied().collect();
    let arrears_from = date(today.year() - 1, 1, 1);
    let dues: Vec<_> = livre
        .revenus
        .cotisations()
        .flat_map(|(id, _)| livre.revenus.montants_dus_de(id))
        .filter(|(_, du)| du.appel.echeance <= today)
        .filter(|(_, du)| {
            !(en_retard.contains(&du.propriete_id) && du.appel.echeance >= arrears_from)
        })
        .map(|(id, du)| (id, du.appel.echeance))
        .collect();
    let collected: Vec<_> = dues.iter().map(|(id, _)| *id).collect();
    for (montant_du_id, echeance) in dues {
        let methode = match montant_du_id % 3 {
            0 => MethodePaiement::Cheque,
            1 => MethodePaiement::Espece,
            _ => MethodePaiement::Virement,
        };
        run(GrandLivreCommand::Revenus(
            RevenusCommand::EncaisserMontantDu {
                montant_du_id,
                paiement: Paiement {
                    montant: Montant::dinars(MENSUALITE_DT),
                    date_paiement: (echeance + chrono::Days::new((montant_du_id % 7) as u64))
                        .min(today),
                    methode,
                    reference: (methode != MethodePaiement::Espece)
                        .then(|| format!("REF-{montant_du_id}")),
                },
                aujourd_hui: today,
            },
        ))
        .await;
    }
    // The month's cheques deposited on its last day (today for this month's).
    let livre = ledger.current(&residence.stream_id()).await.unwrap();
    let mut cheques_du_mois: BTreeMap<(i32, u32), Vec<i64>> = BTreeMap::new();
    for montant_du_id in collected {
        for (id, encaissement) in livre.revenus.encaissements_de(montant_du_id) {
            if encaissement.methode == MethodePaiement::Cheque {
                let jour = encaissement.date_paiement;
                cheques_du_mois
                    .entry((jour.year(), jour.month()))
                    .or_default()
                    .push(id);
            }
        }
    }
    let compte_id = livre.banque.compte_principal().unwrap();
    for ((annee, mois), cheques) in cheques_du_mois {
        let fin_du_mois = NaiveDate::from_ymd_opt(annee, mois, 1)
            .unwrap()
            .checked_add_months(chrono::Months::new(1))
            .unwrap()
            .pred_opt()
            .unwrap();
        run(GrandLivreCommand::Banque(BanqueCommand::CreerRemise {
            compte_id,
            cheques,
            date: fin_du_mois.min(today),
            reference: Some(format!("RM-{annee}-{mois:02}")),
            commentaire: None,
        }))
        .await;
    }
    daftar_api::identity::add_user(
        db,
        daftar_api::identity::NewUser {
            residence_id: treasurer.residence_id,
            tel: COPROPRIETAIRE.to_owned(),
            nom: "Copropriétaire 001".to_owned(),
            password: Some(PASSWORD.to_owned()),
            is_registration_finalized: true,
            ..Default::default()
        },
    )
    .await
    .unwrap();
    Projector::new(db.clone(), read_models())
        .catch_up()
        .await
        .unwrap();
    SeededResidence {
        residence_id: treasurer.residence_id,
        tel: treasurer.tel,
        events,
    }
}
