//! The chat's real-time channel (issue 18; docs/api-communaute.md "WebSocket"), with real
//! servers and real WebSocket clients: a message reaches the sockets of both sides on one
//! server, never another co-owner's nor another residence's; a reconnecting client catches up;
//! a recipient with a socket open is not notified — on SQLite and PostgreSQL. And on PostgreSQL,
//! two server processes on one database, a client on each: a message sent through one reaches
//! the other within a second (LISTEN/NOTIFY).

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::chat::{
    envoye, id, ma_conversation, setup, CO_OWNER, MEMBER, OTHER_MEMBER, PRESIDENT, SECOND_CO_OWNER,
};
use crate::support::{ok, signed_in, user_with_tel, Store, TestApp, World};

on_both_stores!(
    a_message_reaches_the_open_sockets_of_both_sides_and_nobody_elses,
    marking_read_reaches_the_other_side_so_it_shows_seen,
    a_reconnecting_client_first_receives_what_it_missed_then_the_live_messages,
    a_socket_needs_a_session_and_a_page_of_the_server_itself,
    a_recipient_with_a_socket_open_is_not_notified,
    a_socket_is_closed_at_its_next_ping_once_its_session_has_ended,
);

/// How long a frame may take to arrive (the "within a second").
const UNE_SECONDE: Duration = Duration::from_secs(1);

/// A WebSocket client of `/api/ws` with a browser's session cookie.
pub struct Socket {
    flux: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

/// The `ws://` address of `app`'s `/api/ws`.
fn adresse(app: &TestApp, apres: Option<i64>) -> String {
    let base = app.base.replacen("http://", "ws://", 1);
    match apres {
        Some(apres) => format!("{base}/api/ws?apres={apres}"),
        None => format!("{base}/api/ws"),
    }
}

fn cookies(app: &TestApp) -> String {
    use reqwest::cookie::CookieStore;
    let url = app.base.parse().unwrap();
    app.jar
        .cookies(&url)
        .map(|header| header.to_str().unwrap().to_owned())
        .unwrap_or_default()
}

/// Opens a socket as `app`'s signed-in user; the handshake's HTTP status when refused.
pub async fn connecter(
    app: &TestApp,
    apres: Option<i64>,
    origine: Option<&str>,
) -> Result<Socket, u16> {
    let mut requete = adresse(app, apres).into_client_request().unwrap();
    let cookies = cookies(app);
    if !cookies.is_empty() {
        requete
            .headers_mut()
            .insert("cookie", HeaderValue::from_str(&cookies).unwrap());
    }
    if let Some(origine) = origine {
        requete
            .headers_mut()
            .insert("origin", HeaderValue::from_str(origine).unwrap());
    }
    match tokio_tungstenite::connect_async(requete).await {
        Ok((flux, _)) => Ok(Socket { flux }),
        Err(tokio_tungstenite::tungstenite::Error::Http(reponse)) => Err(reponse.status().as_u16()),
        Err(error) => panic!("WebSocket: {error}"),
    }
}

pub async fn ouvrir(app: &TestApp) -> Socket {
    connecter(app, None, None).await.unwrap()
}

impl Socket {
    /// The next JSON frame within `delai`, or `None`.
    pub async fn prochaine_dans(&mut self, delai: Duration) -> Option<Value> {
        let fin = Instant::now() + delai;
        loop {
            let reste = fin.checked_duration_since(Instant::now())?;
            match tokio::time::timeout(reste, self.flux.next()).await {
                Ok(Some(Ok(Message::Text(texte)))) => {
                    return Some(serde_json::from_str(texte.as_str()).unwrap())
                }
                Ok(Some(Ok(_))) => continue,
                Ok(Some(Err(error))) => panic!("WebSocket: {error}"),
                Ok(None) | Err(_) => return None,
            }
        }
    }

    /// The next JSON frame, within a second (else the test fails).
    pub async fn prochaine(&mut self) -> Value {
        self.prochaine_dans(UNE_SECONDE)
            .await
            .expect("no frame within a second")
    }

    /// Whether the server closes the socket within `delai` (frames before are skipped).
    pub async fn fermee_dans(&mut self, delai: Duration) -> bool {
        let fin = Instant::now() + delai;
        loop {
            let Some(reste) = fin.checked_duration_since(Instant::now()) else {
                return false;
            };
            match tokio::time::timeout(reste, self.flux.next()).await {
                Ok(None) | Ok(Some(Ok(Message::Close(_)))) | Ok(Some(Err(_))) => return true,
                Ok(Some(Ok(_))) => continue,
                Err(_) => return false,
            }
        }
    }

    /// Asserts that nothing arrives for a while.
    pub async fn rien(&mut self) {
        let recu = self.prochaine_dans(Duration::from_millis(300)).await;
        assert_eq!(recu, None);
    }
}

async fn a_message_reaches_the_open_sockets_of_both_sides_and_nobody_elses(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let conversation = id(&ma_conversation(&leila).await);
    // Given Leïla with two tabs, the president, Sami and another residence's member connected
    let mut onglet_1 = ouvrir(&leila).await;
    let mut onglet_2 = ouvrir(&leila).await;
    let president = signed_in(&app, PRESIDENT).await;
    let mut du_president = ouvrir(&president).await;
    let mut de_sami = ouvrir(&signed_in(&app, SECOND_CO_OWNER).await).await;
    let mut d_ailleurs = ouvrir(&signed_in(&app, OTHER_MEMBER).await).await;

    // When Leïla sends a message
    let message = envoye(&leila, conversation, "La lumière du 2e est en panne").await;

    // Then it reaches her own tabs and the syndic's within a second, as the contract says
    let attendu = json!({
        "type": "message",
        "conversation_id": conversation,
        "message": message,
    });
    assert_eq!(du_president.prochaine().await, attendu);
    assert_eq!(onglet_1.prochaine().await, attendu);
    assert_eq!(onglet_2.prochaine().await, attendu);
    // And never another co-owner's nor another residence's
    de_sami.rien().await;
    d_ailleurs.rien().await;

    // When the president answers, Leïla receives it labelled
    envoye(&president, conversation, "On s'en occupe").await;
    let reponse = onglet_1.prochaine().await;
    assert_eq!(reponse["message"]["message"], "On s'en occupe");
    assert_eq!(reponse["message"]["user"]["primary_role"], "president");
}

async fn marking_read_reaches_the_other_side_so_it_shows_seen(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let conversation = id(&ma_conversation(&leila).await);
    envoye(&leila, conversation, "Bonjour").await;
    let mut socket = ouvrir(&leila).await;

    // When a council member marks the conversation read
    let membre = signed_in(&app, MEMBER).await;
    let lu = ok(membre
        .post_json(
            "/api/conversation/mark-all-read",
            &json!({ "id": conversation }),
        )
        .await)
    .await;

    // Then Leïla's socket is told who read it and when
    let membre_id = user_with_tel(&world.db().await, MEMBER).await.unwrap().id;
    let evenement = socket.prochaine().await;
    assert_eq!(
        evenement,
        json!({
            "type": "lu",
            "conversation_id": conversation,
            "lecteur_id": membre_id,
            "read_at": lu["read_at"],
        })
    );
    // Marking again with nothing unread tells nobody
    ok(membre
        .post_json(
            "/api/conversation/mark-all-read",
            &json!({ "id": conversation }),
        )
        .await)
    .await;
    socket.rien().await;
}

async fn a_reconnecting_client_first_receives_what_it_missed_then_the_live_messages(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let president = signed_in(&app, PRESIDENT).await;
    let conversation = id(&ma_conversation(&leila).await);
    // Given Leïla holding a first message, then offline while two more are sent
    let premier = envoye(&president, conversation, "Un").await;
    envoye(&president, conversation, "Deux").await;
    envoye(&leila, conversation, "Trois").await;
    // (and one in Sami's conversation, which is none of hers)
    let sami = signed_in(&app, SECOND_CO_OWNER).await;
    envoye(&sami, id(&ma_conversation(&sami).await), "Autre").await;

    // When she reconnects with the highest id she holds
    let mut socket = connecter(&leila, Some(id(&premier)), None).await.unwrap();

    // Then she first receives what she missed, in order, then the live ones
    assert_eq!(socket.prochaine().await["message"]["message"], "Deux");
    assert_eq!(socket.prochaine().await["message"]["message"], "Trois");
    envoye(&president, conversation, "Quatre").await;
    assert_eq!(socket.prochaine().await["message"]["message"], "Quatre");
    socket.rien().await;

    // A council member reconnecting catches up on every conversation of the residence
    let mut du_syndic = connecter(&president, Some(id(&premier)), None)
        .await
        .unwrap();
    let mut rattrapes = Vec::new();
    for _ in 0..4 {
        rattrapes.push(du_syndic.prochaine().await["message"]["message"].clone());
    }
    assert_eq!(
        rattrapes,
        [
            json!("Deux"),
            json!("Trois"),
            json!("Autre"),
            json!("Quatre")
        ]
    );
}

async fn a_socket_needs_a_session_and_a_page_of_the_server_itself(world: World) {
    let app = setup(&world).await;
    // Without a session: 401 before upgrading
    assert_eq!(
        connecter(&app.new_browser(), None, None).await.err(),
        Some(401)
    );
    let leila = signed_in(&app, CO_OWNER).await;
    // From another site's page: 403
    assert_eq!(
        connecter(&leila, None, Some("https://evil.example"))
            .await
            .err(),
        Some(403)
    );
    // From the app's own page: open
    let propre = app.base.clone();
    assert!(connecter(&leila, None, Some(&propre)).await.is_ok());
    // A plain GET is not a socket
    let res = leila.get("/api/ws").await;
    assert_eq!(res.status().as_u16(), 400);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "websocket_requis");
}

async fn a_recipient_with_a_socket_open_is_not_notified(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let president = signed_in(&app, PRESIDENT).await;
    let conversation = id(&ma_conversation(&leila).await);
    // Given Leïla with the app open
    let mut socket = ouvrir(&leila).await;
    // When the president writes, she sees it live and is not notified
    envoye(&president, conversation, "Vu en direct").await;
    socket.prochaine().await;
    assert_eq!(notifications(&leila).await, 0);

    // When she closes the app and the president writes again, she is notified
    drop(socket);
    let attente = Instant::now() + Duration::from_secs(5);
    loop {
        envoye(&president, conversation, "Hors ligne").await;
        if notifications(&leila).await > 0 || Instant::now() > attente {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(notifications(&leila).await > 0);
}

async fn a_socket_is_closed_at_its_next_ping_once_its_session_has_ended(world: World) {
    let app = setup(&world).await;
    // Given Leïla connected on two devices
    let telephone = signed_in(&app, CO_OWNER).await;
    let ordinateur = signed_in(&app, CO_OWNER).await;
    let mut du_telephone = ouvrir(&telephone).await;
    let mut de_l_ordinateur = ouvrir(&ordinateur).await;

    // When she signs out on her phone
    assert!(telephone.logout().await.status().is_success());

    // Then the phone's socket is closed at the next ping (every 30 s), the computer's stays
    assert!(du_telephone.fermee_dans(Duration::from_secs(35)).await);
    assert!(
        !de_l_ordinateur
            .fermee_dans(Duration::from_millis(300))
            .await
    );
}

async fn notifications(app: &TestApp) -> usize {
    ok(app.get("/api/notifications").await).await["data"]
        .as_array()
        .unwrap()
        .len()
}

/// A `daftar` server process on `database_url`, killed when dropped.
struct Processus {
    enfant: Child,
    app: TestApp,
}

impl Drop for Processus {
    fn drop(&mut self) {
        let _ = self.enfant.kill();
        let _ = self.enfant.wait();
    }
}

async fn processus(world: &World) -> Processus {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let enfant = Command::new(env!("CARGO_BIN_EXE_daftar"))
        .arg("serve")
        .env("DAFTAR_ADDR", format!("127.0.0.1:{port}"))
        .env("DAFTAR_DATABASE_URL", &world.database_url)
        .env("DAFTAR_DATA_DIR", world.dir.path())
        .env("DAFTAR_WEB_DIR", world.dir.path().join("no-web-client"))
        .env("DAFTAR_DATABASE_MAX_CONNECTIONS", "4")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let app = TestApp::new(format!("http://127.0.0.1:{port}"));
    let processus = Processus { enfant, app };
    let fin = Instant::now() + Duration::from_secs(30);
    loop {
        if let Ok(res) = processus
            .app
            .client
            .get(processus.app.url("/api/health"))
            .send()
            .await
        {
            if res.status().is_success() {
                break;
            }
        }
        assert!(Instant::now() < fin, "the server process did not start");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    processus
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn on_postgres_two_server_processes_share_every_message_within_a_second() {
    crate::support::run(Store::Postgres, |world| async move {
        // Given the residences (migrated by a first server) and two server processes
        setup(&world).await;
        let a = processus(&world).await;
        let b = processus(&world).await;
        let leila = signed_in(&a.app, CO_OWNER).await;
        let president = signed_in(&b.app, PRESIDENT).await;
        let conversation = id(&ma_conversation(&leila).await);
        // Leïla on server A, the president on server B
        let mut de_leila = ouvrir(&leila).await;
        let mut du_president = ouvrir(&president).await;

        // When Leïla sends through A
        let parti = Instant::now();
        let message = envoye(&leila, conversation, "Par le serveur A").await;
        // Then the president's socket on B has it within a second
        let recu = du_president.prochaine().await;
        assert!(parti.elapsed() < UNE_SECONDE);
        assert_eq!(recu["message"], message);
        assert_eq!(de_leila.prochaine().await["message"], message);

        // And the other way round
        let reponse = envoye(&president, conversation, "Reçu sur B").await;
        assert_eq!(de_leila.prochaine().await["message"], reponse);

        // A client that reconnects to the other server catches up there
        drop(de_leila);
        let manque = envoye(&president, conversation, "Pendant la coupure").await;
        let leila_sur_b = signed_in(&b.app, CO_OWNER).await;
        let mut reconnectee = connecter(&leila_sur_b, Some(id(&reponse)), None)
            .await
            .unwrap();
        assert_eq!(reconnectee.prochaine().await["message"], manque);
        // And she, connected (on B), is not notified of the next one sent through A
        let avant = ok(leila_sur_b.get("/api/notifications").await).await["data"]
            .as_array()
            .unwrap()
            .len();
        let president_sur_a = signed_in(&a.app, PRESIDENT).await;
        envoye(&president_sur_a, conversation, "Encore").await;
        assert_eq!(
            reconnectee.prochaine().await["message"]["message"],
            "Encore"
        );
        let apres = ok(leila_sur_b.get("/api/notifications").await).await["data"]
            .as_array()
            .unwrap()
            .len();
        assert_eq!(apres, avant);
    })
    .await;
}
