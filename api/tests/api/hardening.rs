//! Hardening (issue 10): one bad text must not stop the books. A control character (NUL first:
//! PostgreSQL refuses it in text, so one such event once stopped every residence's read models)
//! is refused in every request's texts before anything is written, on both stores alike.

use daftar_api::residence_builder::{ResidenceBuilder, Role};
use daftar_projections::chain::GENESIS_HASH;
use daftar_projections::journal::{ExpectedHead, NewEvent};
use daftar_projections::Journal;
use serde_json::{json, Value};

use crate::support::{assert_error, count_events, ok, seed, signed_in, World, PASSWORD};

on_both_stores!(
    a_residence_whose_event_cannot_be_projected_is_set_aside_and_the_others_go_on,
    forty_parallel_wrong_passwords_let_exactly_five_through,
    a_stranger_cannot_lock_the_treasurer_out_from_another_address,
    password_spraying_from_one_address_is_stopped,
    a_password_change_ends_the_other_sessions,
    signing_out_everywhere_ends_every_session,
    a_session_unused_for_the_idle_timeout_ends,
    every_answer_carries_the_security_headers,
    cookies_are_secure_when_a_trusted_proxy_says_https,
    a_signed_out_client_gets_401_before_419,
    lenient_input_is_refused_or_read_as_meant,
    a_control_character_in_a_text_is_refused_and_nothing_is_written,
    a_date_is_refused_unless_written_yyyy_mm_dd,
);

async fn a_control_character_in_a_text_is_refused_and_nothing_is_written(world: World) {
    let db = world.db().await;
    let tresorier = seed(&db, "22000002").await;
    let app = signed_in(&world.spawn().await, &tresorier.tel).await;
    let before = count_events(&db, tresorier.residence_id).await;

    let cotisation = json!({
        "titre": "Charges\u{0}", "type": "exceptionnelle", "repartition": "egale",
        "date_debut": "2026-01-01", "date_fin": "2026-01-31", "date_echeance": "2026-01-15",
        "montant": 10,
    });
    let body = assert_error(
        app.post_json("/api/cotisations/creer", &cotisation).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"],
        json!({ "titre": ["caracteres_interdits"] })
    );
    assert_eq!(
        body["errors"]["titre"],
        json!(["Ce texte contient des caractères non autorisés."])
    );

    let encaissement = json!({
        "montant": 10, "montant_du_id": 1, "date_paiement": "2026-01-10",
        "methode_paiement": "cheque", "reference_paiement": "CH\u{1b}[31m-1",
    });
    let body = assert_error(
        app.post_json("/api/cotisations/encaisser", &encaissement)
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"],
        json!({ "reference_paiement": ["caracteres_interdits"] })
    );
    assert_eq!(count_events(&db, tresorier.residence_id).await, before);
}

async fn a_date_is_refused_unless_written_yyyy_mm_dd(world: World) {
    let db = world.db().await;
    let tresorier = seed(&db, "22000002").await;
    let app = signed_in(&world.spawn().await, &tresorier.tel).await;
    let cotisation = json!({
        "titre": "Charges", "type": "exceptionnelle", "repartition": "egale",
        "date_debut": "2026-1-01", "date_fin": "+2026-01-31", "date_echeance": "2026-01-15",
        "montant": 10,
    });
    let body = assert_error(
        app.post_json("/api/cotisations/creer", &cotisation).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"],
        json!({ "date_debut": ["date_invalide"], "date_fin": ["date_invalide"] })
    );
}

async fn a_residence_whose_event_cannot_be_projected_is_set_aside_and_the_others_go_on(
    world: World,
) {
    // Given two residences, the second with an event in its journal no read model can read (as
    // an event written before a fix, or by a faulty release, would be)
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Résidence Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user("22000002", "Amira Ben Salah", Role::Tresorier)
        .exercice(2026)
        .propriete("A1")
        .build()
        .await
        .unwrap();
    let oliviers = ResidenceBuilder::new(&db, "Résidence Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user("22000003", "Sami Gharbi", Role::Tresorier)
        .build()
        .await
        .unwrap();
    let stream = oliviers.residence_id.to_string();
    let head = ExpectedHead {
        aggregate_type: "grand_livre",
        aggregate_id: &stream,
        sequence: 0,
        hash: GENESIS_HASH,
    };
    let unreadable = NewEvent {
        event_type: "Inconnu".into(),
        event_version: "1".into(),
        payload: "{}".into(),
        metadata: "{}".into(),
    };
    Journal::new(db.clone())
        .append(head, &[unreadable], "2026-11-22T10:00:00.000000Z")
        .await
        .unwrap();
    let app = world.spawn().await;
    let jasmins_app = signed_in(&app, "22000002").await;
    let oliviers_app = signed_in(&app, "22000003").await;

    // When the first residence goes on working
    let cotisation = json!({
        "titre": "Charges de janvier", "type": "exceptionnelle", "repartition": "egale",
        "date_debut": "2026-01-01", "date_fin": "2026-01-31", "date_echeance": "2026-01-15",
        "montant": 10,
    });
    ok(jasmins_app
        .post_json("/api/cotisations/creer", &cotisation)
        .await)
    .await;

    // Then its books are current, the second residence's calls say its books are set aside
    // (its user still signs in and reads the auth status), and the health endpoint names it
    let listed = ok(jasmins_app.get("/api/cotisations").await).await;
    assert_eq!(listed["data"][0]["titre"], "Charges de janvier", "{listed}");
    let mut health = Value::Null;
    for _ in 0..50 {
        health = ok_json(app.get("/api/health").await).await;
        if health["status"] == "degraded" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(health["status"], "degraded", "{health}");
    let set_aside: Vec<i64> = health["residences_en_echec"]
        .as_array()
        .unwrap()
        .iter()
        .map(|failure| failure["residence_id"].as_i64().unwrap())
        .collect();
    assert!(
        set_aside.iter().all(|id| *id == oliviers.residence_id),
        "{health}"
    );
    assert_error(
        oliviers_app.get("/api/proprietes").await,
        503,
        "projection_en_echec",
    )
    .await;
    ok(oliviers_app.status().await).await;
    let listed = ok(jasmins_app.get("/api/proprietes").await).await;
    assert_eq!(listed["proprietes"][0]["nom"], "A1", "{listed}");
}

async fn ok_json(res: reqwest::Response) -> Value {
    assert_eq!(res.status(), reqwest::StatusCode::OK);
    res.json().await.unwrap()
}

/// A server behind a trusted proxy at 127.0.0.1: the client's address is the one the proxy
/// forwards.
async fn behind_a_proxy(world: &World) -> crate::support::TestApp {
    world
        .spawn_with(|settings| settings.trusted_proxies = vec!["127.0.0.1".parse().unwrap()])
        .await
}

/// Signs in as `tel` with `password` from the client address `from` (through the proxy).
async fn login_from(
    app: &crate::support::TestApp,
    from: &str,
    tel: &str,
    password: &str,
) -> reqwest::Response {
    app.write(reqwest::Method::POST, "/login")
        .header("x-forwarded-for", from)
        .json(&json!({ "tel": tel, "password": password }))
        .send()
        .await
        .unwrap()
}

async fn forty_parallel_wrong_passwords_let_exactly_five_through(world: World) {
    // Given a treasurer
    seed(&world.db().await, "20123456").await;
    let app = world.spawn().await;
    app.csrf().await;

    // When 40 wrong passwords for that number arrive at once
    let mut attempts = tokio::task::JoinSet::new();
    for _ in 0..40 {
        let request = app
            .write(reqwest::Method::POST, "/login")
            .json(&json!({ "tel": "20123456", "password": "wrong-password" }));
        attempts.spawn(request.send());
    }
    let answers: Vec<reqwest::Response> = attempts
        .join_all()
        .await
        .into_iter()
        .map(Result::unwrap)
        .collect();

    // Then exactly 5 reach the password check; the others are throttled with Retry-After
    let mut refused = 0;
    let mut throttled = 0;
    for res in answers {
        match res.status().as_u16() {
            422 => refused += 1,
            429 => {
                let retry_after: i64 = res.headers()["retry-after"]
                    .to_str()
                    .unwrap()
                    .parse()
                    .unwrap();
                assert!((1..=900).contains(&retry_after), "{retry_after}");
                throttled += 1;
            }
            other => panic!("unexpected status {other}"),
        }
    }
    assert_eq!((refused, throttled), (5, 35));
}

async fn a_stranger_cannot_lock_the_treasurer_out_from_another_address(world: World) {
    // Given a treasurer, and a stranger who typed 5 wrong passwords for that number
    seed(&world.db().await, "20123456").await;
    let app = behind_a_proxy(&world).await;
    app.csrf().await;
    for _ in 0..5 {
        let res = login_from(&app, "41.0.0.66", "20123456", "wrong-password").await;
        assert_error(res, 422, "invalid_credentials").await;
    }

    // When the stranger tries again, and the treasurer signs in from the office
    let stranger = login_from(&app, "41.0.0.66", "20123456", PASSWORD).await;
    let treasurer = login_from(&app, "41.0.0.10", "20123456", PASSWORD).await;

    // Then the stranger is throttled, even with the right password, and the treasurer is in
    assert_error(stranger, 429, "too_many_attempts").await;
    ok(treasurer).await;
}

async fn password_spraying_from_one_address_is_stopped(world: World) {
    // Given an address that tried 100 numbers with a wrong password each
    seed(&world.db().await, "20123456").await;
    let app = behind_a_proxy(&world).await;
    app.csrf().await;
    for n in 0..100 {
        let tel = format!("{}", 30_000_000 + n);
        let res = login_from(&app, "41.0.0.66", &tel, "Motdepasse1").await;
        assert_error(res, 422, "invalid_credentials").await;
    }

    // When it tries one more number, even with the right password
    let sprayer = login_from(&app, "41.0.0.66", "20123456", PASSWORD).await;

    // Then it is stopped, and another address is not
    assert_error(sprayer, 429, "too_many_attempts").await;
    ok(login_from(&app, "41.0.0.10", "20123456", PASSWORD).await).await;
}

async fn a_password_change_ends_the_other_sessions(world: World) {
    // Given a treasurer signed in on a laptop and a phone
    let db = world.db().await;
    seed(&db, "20123456").await;
    let app = world.spawn().await;
    let laptop = signed_in(&app, "20123456").await;
    let phone = signed_in(&app, "20123456").await;

    // When the password is changed from the laptop's session
    let kept = laptop.cookie("daftar_session").unwrap();
    daftar_api::identity::set_password(&db, "20123456", "un-nouveau-mot-de-passe", Some(&kept))
        .await
        .unwrap();

    // Then the laptop stays signed in and the phone is signed out
    ok(laptop.status().await).await;
    assert_error(phone.status().await, 401, "unauthenticated").await;
}

async fn signing_out_everywhere_ends_every_session(world: World) {
    // Given a treasurer signed in on a laptop and a phone
    seed(&world.db().await, "20123456").await;
    let app = world.spawn().await;
    let laptop = signed_in(&app, "20123456").await;
    let phone = signed_in(&app, "20123456").await;

    // When the phone signs out everywhere
    let res = phone
        .write(reqwest::Method::POST, "/logout?partout=1")
        .send()
        .await
        .unwrap();
    ok(res).await;

    // Then neither is signed in any more
    assert_error(laptop.status().await, 401, "unauthenticated").await;
    assert_error(phone.status().await, 401, "unauthenticated").await;
}

async fn a_session_unused_for_the_idle_timeout_ends(world: World) {
    // Given a session last used an hour ago, on a server whose idle timeout is 30 minutes
    let db = world.db().await;
    seed(&db, "20123456").await;
    let app = world
        .spawn_with(|settings| settings.sessions.idle_minutes = 30)
        .await;
    let browser = signed_in(&app, "20123456").await;
    ok(browser.status().await).await;
    let an_hour_ago = chrono::Utc::now() - chrono::Duration::hours(1);
    sqlx::query("UPDATE sessions SET last_seen_at = $1")
        .bind(daftar_projections::db::timestamp(an_hour_ago))
        .execute(&db.pool)
        .await
        .unwrap();

    // When it is used again, then it has ended
    assert_error(browser.status().await, 401, "unauthenticated").await;
}

async fn every_answer_carries_the_security_headers(world: World) {
    let app = world.spawn_with_web_dir(&world.web_dir()).await;
    for path in ["/", "/coproprietaire/tableau-de-bord", "/api/auth/status"] {
        let res = app.get(path).await;
        let headers = res.headers();
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-eval"), "{path}: {csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert_eq!(headers["referrer-policy"], "same-origin", "{path}");
    }
    let api = app.get("/api/auth/status").await;
    assert_eq!(api.headers()["cache-control"], "no-store");
    let page = app.get("/").await;
    assert_ne!(page.headers()["cache-control"], "no-store");
}

async fn cookies_are_secure_when_a_trusted_proxy_says_https(world: World) {
    let set_cookie = |res: &reqwest::Response| {
        res.headers()
            .get_all("set-cookie")
            .iter()
            .map(|value| value.to_str().unwrap().to_owned())
            .collect::<Vec<_>>()
            .join("\n")
    };
    // Behind a trusted proxy that says the client used HTTPS: Secure cookies, and HSTS
    let app = behind_a_proxy(&world).await;
    let res = app
        .client
        .get(app.url("/sanctum/csrf-cookie"))
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .unwrap();
    assert!(set_cookie(&res).contains("Secure"), "{}", set_cookie(&res));
    assert!(res.headers().contains_key("strict-transport-security"));
    // The same header from a client that is not a trusted proxy changes nothing
    let direct = world.spawn().await;
    let res = direct
        .client
        .get(direct.url("/sanctum/csrf-cookie"))
        .header("x-forwarded-proto", "https")
        .send()
        .await
        .unwrap();
    assert!(!set_cookie(&res).contains("Secure"), "{}", set_cookie(&res));
    assert!(!res.headers().contains_key("strict-transport-security"));
}

async fn a_signed_out_client_gets_401_before_419(world: World) {
    seed(&world.db().await, "20123456").await;
    let app = world.spawn().await;
    let body = json!({"titre": "x"});
    // No session cookie, no XSRF header: an /api write says "sign in"
    let res = app
        .client
        .post(app.url("/api/cotisations/creer"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_error(res, 401, "unauthenticated").await;
    // Signing in itself still needs the XSRF header
    let res = app
        .client
        .post(app.url("/login"))
        .json(&json!({"tel": "20123456", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_error(res, 419, "csrf_token_mismatch").await;
    // A signed-in client without the header is refused before anything runs
    let browser = signed_in(&app, "20123456").await;
    let res = browser
        .client
        .post(browser.url("/api/cotisations/creer"))
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_error(res, 419, "csrf_token_mismatch").await;
}

async fn lenient_input_is_refused_or_read_as_meant(world: World) {
    let db = world.db().await;
    let tresorier = seed(&db, "22000002").await;
    let app = signed_in(&world.spawn().await, &tresorier.tel).await;
    let before = count_events(&db, tresorier.residence_id).await;

    // A line break in a one-line text
    let cotisation = json!({
        "titre": "Charges\nde janvier", "type": "exceptionnelle", "repartition": "egale",
        "date_debut": "2026-01-01", "date_fin": "2026-01-31", "date_echeance": "2026-01-15",
        "montant": 10,
    });
    let body = assert_error(
        app.post_json("/api/cotisations/creer", &cotisation).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["titre"], json!(["une_seule_ligne"]));

    // A key twice: which one the client meant is unknown
    let res = app
        .write(reqwest::Method::POST, "/api/cotisations/encaisser")
        .header("content-type", "application/json")
        .body(r#"{"montant": 1, "montant_du_id": 1, "montant": 900}"#)
        .send()
        .await
        .unwrap();
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(body["field_codes"], json!({ "montant": ["cle_en_double"] }));
    assert_eq!(count_events(&db, tresorier.residence_id).await, before);

    // A whole number written as a double is the integer it is: the id is read, and the request
    // goes on to the next check (no such due here)
    let res = app
        .write(reqwest::Method::POST, "/api/cotisations/encaisser")
        .header("content-type", "application/json")
        .body(
            r#"{"montant": 10, "montant_du_id": 999.0, "date_paiement": "2026-01-10",
                "methode_paiement": "espece"}"#,
        )
        .send()
        .await
        .unwrap();
    assert_error(res, 404, "montant_du_inconnu").await;

    // A wrong or missing query parameter is named
    let res = app
        .get("/api/cotisations/encaissement/recu?encaissement_id=abc")
        .await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"],
        json!({ "encaissement_id": ["valeur_invalide"] })
    );
    let res = app.get("/api/cotisations/encaissement/recu").await;
    let body = assert_error(res, 422, "validation_failed").await;
    assert_eq!(
        body["field_codes"],
        json!({ "encaissement_id": ["champ_obligatoire"] })
    );

    // A wrong method names the right one; a read also answers HEAD, without a body
    let res = app.get("/api/cotisations/creer").await;
    assert_eq!(res.headers()["allow"], "POST");
    assert_error(res, 405, "method_not_allowed").await;
    let res = app
        .write(reqwest::Method::DELETE, "/api/exercices")
        .send()
        .await
        .unwrap();
    assert_eq!(res.headers()["allow"], "GET, HEAD");
    assert_error(res, 405, "method_not_allowed").await;
    let res = app
        .client
        .head(app.url("/api/exercices"))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), reqwest::StatusCode::OK);
    assert!(res.bytes().await.unwrap().is_empty());
}
