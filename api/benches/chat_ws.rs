//! `ops/bench` chat figures (issue 18): 500 WebSocket clients connected to one server, messages
//! fanned out to their conversation's participants, and the delivery latency from the moment
//! the sender's `POST /api/conversations/{id}/message` leaves to the moment each participant's
//! socket has the frame. Target: p99 under 100 ms.
//!
//! The residence: 20 council members with 5 tabs each (100 sockets, each receiving every
//! conversation) and 400 co-owners with one tab each (400 sockets, each receiving their own):
//! a co-owner's message goes to 101 sockets. 200 messages are sent by 4 senders at once.
//! Run on SQLite (in-process fan-out) and on PostgreSQL (through LISTEN/NOTIFY, the server
//! hearing its own writes as it would another server's).
//!
//! Client and server share the process and the machine's cores, so the figures are a ceiling.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::float_arithmetic)]

// The API tests' support, of which the bench uses a part.
#[allow(unused_imports)]
#[path = "../tests/api/support/mod.rs"]
mod common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::{Store, TestApp, World};
use daftar_api::auth::session;
use daftar_api::configuration::SessionPolicy;
use daftar_api::identity::{self, NewUser};
use daftar_projections::chat;
use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;

const CONSEILLERS: usize = 20;
const ONGLETS_PAR_CONSEILLER: usize = 5;
const COPROPRIETAIRES: usize = 400;
const MESSAGES: usize = 200;
const EXPEDITEURS: usize = 4;

struct Mesures {
    /// When each message (by its text) was sent.
    envois: Mutex<HashMap<String, Instant>>,
    /// Each delivery's latency, in microseconds.
    latences: Mutex<Vec<u128>>,
}

fn cookie(token: &str) -> String {
    format!("daftar_session={token}; XSRF-TOKEN=bench")
}

async fn socket(
    base: String,
    token: String,
    mesures: Arc<Mesures>,
    ouverts: Arc<tokio::sync::Barrier>,
) {
    let url = format!("{}/api/ws", base.replacen("http://", "ws://", 1));
    let mut requete = url.into_client_request().unwrap();
    requete
        .headers_mut()
        .insert("cookie", HeaderValue::from_str(&cookie(&token)).unwrap());
    let (mut flux, _) = tokio_tungstenite::connect_async(requete)
        .await
        .expect("socket refused");
    ouverts.wait().await;
    while let Some(Ok(trame)) = flux.next().await {
        let Message::Text(texte) = trame else {
            continue;
        };
        let recu = Instant::now();
        let valeur: Value = serde_json::from_str(texte.as_str()).unwrap();
        let Some(message) = valeur["message"]["message"].as_str() else {
            continue;
        };
        let envoi = mesures.envois.lock().unwrap().get(message).copied();
        if let Some(envoi) = envoi {
            mesures
                .latences
                .lock()
                .unwrap()
                .push(recu.duration_since(envoi).as_micros());
        }
    }
}

fn centile(triees: &[u128], pour_mille: usize) -> u128 {
    if triees.is_empty() {
        return 0;
    }
    let rang = (triees.len() * pour_mille).div_ceil(1000).max(1) - 1;
    triees[rang.min(triees.len() - 1)]
}

async fn mesurer(world: World) {
    let db = world.db().await;
    let residence = identity::create_residence(&db, "Résidence du banc", "Tunis")
        .await
        .unwrap();
    let mut conseil = Vec::new();
    for i in 0..CONSEILLERS {
        let id = identity::add_user(
            &db,
            NewUser {
                residence_id: residence,
                tel: format!("2100{i:04}"),
                nom: format!("Conseiller {i}"),
                is_syndic: true,
                is_registration_finalized: true,
                ..NewUser::default()
            },
        )
        .await
        .unwrap();
        conseil.push(
            session::create(&db, id, SessionPolicy::DEFAULT)
                .await
                .unwrap(),
        );
    }
    let mut coproprietaires = Vec::new();
    for i in 0..COPROPRIETAIRES {
        let id = identity::add_user(
            &db,
            NewUser {
                residence_id: residence,
                tel: format!("5100{i:04}"),
                nom: format!("Copropriétaire {i}"),
                is_registration_finalized: true,
                ..NewUser::default()
            },
        )
        .await
        .unwrap();
        let conversation =
            chat::conversation_du_coproprietaire(&db, residence, id, chrono::Utc::now())
                .await
                .unwrap()
                .id;
        let token = session::create(&db, id, SessionPolicy::DEFAULT)
            .await
            .unwrap();
        coproprietaires.push((token, conversation));
    }

    let app: TestApp = world.spawn().await;
    let mesures = Arc::new(Mesures {
        envois: Mutex::new(HashMap::new()),
        latences: Mutex::new(Vec::new()),
    });
    let sockets = CONSEILLERS * ONGLETS_PAR_CONSEILLER + COPROPRIETAIRES;
    let ouverts = Arc::new(tokio::sync::Barrier::new(sockets + 1));
    let debut_connexions = Instant::now();
    for token in &conseil {
        for _ in 0..ONGLETS_PAR_CONSEILLER {
            tokio::spawn(socket(
                app.base.clone(),
                token.clone(),
                mesures.clone(),
                ouverts.clone(),
            ));
        }
    }
    for (token, _) in &coproprietaires {
        tokio::spawn(socket(
            app.base.clone(),
            token.clone(),
            mesures.clone(),
            ouverts.clone(),
        ));
    }
    ouverts.wait().await;
    let connexions = debut_connexions.elapsed();

    let client = reqwest::Client::new();
    let attendues = MESSAGES * (CONSEILLERS * ONGLETS_PAR_CONSEILLER + 1);
    let debut = Instant::now();
    let mut expediteurs = Vec::new();
    for e in 0..EXPEDITEURS {
        let client = client.clone();
        let base = app.base.clone();
        let mesures = mesures.clone();
        let coproprietaires = coproprietaires.clone();
        expediteurs.push(tokio::spawn(async move {
            for n in (e..MESSAGES).step_by(EXPEDITEURS) {
                let (token, conversation) = &coproprietaires[(n * 7) % COPROPRIETAIRES];
                let texte = format!("banc-{n}");
                mesures
                    .envois
                    .lock()
                    .unwrap()
                    .insert(texte.clone(), Instant::now());
                let res = client
                    .post(format!("{base}/api/conversations/{conversation}/message"))
                    .header("cookie", cookie(token))
                    .header("x-xsrf-token", "bench")
                    .json(&json!({ "message": texte }))
                    .send()
                    .await
                    .unwrap();
                assert!(res.status().is_success(), "{}", res.status());
                // A conversation's pace, not a flood: a message every 20 ms per sender.
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }
    for expediteur in expediteurs {
        expediteur.await.unwrap();
    }
    let fin = Instant::now() + Duration::from_secs(30);
    while mesures.latences.lock().unwrap().len() < attendues && Instant::now() < fin {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let duree = debut.elapsed();
    let mut latences = mesures.latences.lock().unwrap().clone();
    latences.sort_unstable();
    let ms = |micros: u128| micros as f64 / 1000.0;
    println!(
        "chat_ws {:?}: {sockets} sockets (connected in {:.1} s), {MESSAGES} messages, \
         {}/{attendues} deliveries in {:.1} s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        world.store,
        connexions.as_secs_f64(),
        latences.len(),
        duree.as_secs_f64(),
        ms(centile(&latences, 500)),
        ms(centile(&latences, 990)),
        ms(latences.last().copied().unwrap_or(0)),
    );
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    for store in [Store::Sqlite, Store::Postgres] {
        common::run(store, mesurer).await;
    }
}
