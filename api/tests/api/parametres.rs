//! The account settings (issue 19; spec 3 §2.13, §5 "Change email", "Change password", §7
//! "Settings, first login"): the e-mail change and its verification mail, read from a real SMTP
//! server (aiosmtpd), the verification link, the password change and who may call what, over
//! real HTTP on SQLite and PostgreSQL.

use chrono::{Duration, Utc};
use daftar_api::residence_builder::{ResidenceBuilder, Role};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::support::{
    assert_error, ok, signed_in, signed_in_with, SmtpServer, TestApp, World, PASSWORD,
};

on_both_stores!(
    a_new_email_is_recorded_unverified_and_mailed_a_link_that_verifies_it_once,
    the_same_email_again_changes_nothing_and_answers_200,
    a_wrong_or_missing_email_is_refused_on_its_field,
    a_verification_link_no_longer_works_after_24_hours,
    a_verification_link_works_only_for_the_user_it_was_sent_to,
    a_link_sent_to_an_earlier_address_no_longer_verifies,
    an_unknown_link_is_refused,
    the_send_button_mails_a_new_link_in_the_language_asked,
    the_send_button_needs_an_unverified_address,
    a_sixth_verification_mail_within_an_hour_is_refused,
    a_failing_mail_relay_is_reported_and_the_new_address_kept,
    the_first_login_sends_the_verification_mail,
    the_password_change_needs_the_current_password_and_a_confirmed_new_one,
    the_password_change_signs_out_the_other_sessions_only,
    every_user_edits_his_own_account_and_nobody_signed_out_does,
    the_support_contact_comes_from_the_configuration,
);

const PUBLIC: &str = "https://daftar.example.tn";
const OMAR: &str = "20000013";
const AMEL: &str = "20000014";

/// A residence with a president, a treasurer, a council member and two co-owners, Omar and Amel.
async fn residence(world: &World) {
    ResidenceBuilder::new(&world.db().await, "Résidence Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user("20000001", "Hédi Jaziri", Role::President)
        .user("20000002", "Amira Ben Salah", Role::Tresorier)
        .user("20000003", "Karim Mejri", Role::Membre)
        .user(OMAR, "Omar Trabelsi", Role::Coproprietaire)
        .user(AMEL, "Amel Gharbi", Role::Coproprietaire)
        .build()
        .await
        .unwrap();
}

/// A server whose mail goes to `smtp`, its links to [`PUBLIC`].
async fn server(world: &World, smtp: &SmtpServer) -> TestApp {
    let url = smtp.url();
    world
        .spawn_with(|settings| {
            settings.mail.smtp_url = Some(url);
            settings.mail.public_url = PUBLIC.to_owned();
        })
        .await
}

/// The API path (`/api/email/verify/…`) of the link a verification mail carries, after checking
/// that the link opens the web page with it.
fn verify_path(mail: &Value) -> String {
    let text = mail["text"].as_str().unwrap();
    let page = format!("{PUBLIC}/coproprietaire/verify-email?verify_url=");
    let start = text
        .find(&page)
        .unwrap_or_else(|| panic!("no link in {text}"));
    let link = text[start..].split_whitespace().next().unwrap();
    let query = link.split_once('?').unwrap().1;
    let (key, verify_url) = form_urlencoded::parse(query.as_bytes()).next().unwrap();
    assert_eq!(key, "verify_url");
    let path = verify_url.strip_prefix(PUBLIC).unwrap().to_owned();
    assert!(path.starts_with("/api/email/verify/"), "{path}");
    assert!(
        mail["html"].as_str().unwrap().contains(link),
        "the HTML part carries the same link"
    );
    path
}

async fn change_email(browser: &TestApp, email: &str) -> reqwest::Response {
    browser
        .post_json("/api/parametres/modifier-email", &json!({ "email": email }))
        .await
}

async fn settings_of(browser: &TestApp) -> Value {
    ok(browser.get("/api/parametres").await).await
}

async fn a_new_email_is_recorded_unverified_and_mailed_a_link_that_verifies_it_once(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    let before = settings_of(&omar).await;
    assert_eq!(before["email"], Value::Null);
    assert_eq!(before["is_verified"], false);

    let res = change_email(&omar, "omar@exemple.tn").await;
    assert_eq!(res.status(), StatusCode::CREATED);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["message"], "Adresse e-mail mise à jour avec succès");
    assert_eq!(body["email"], "omar@exemple.tn");
    assert_eq!(body["is_verified"], false);
    assert_eq!(body["updated"], true);
    let after = settings_of(&omar).await;
    assert_eq!(
        (after["email"].clone(), after["is_verified"].clone()),
        (json!("omar@exemple.tn"), json!(false))
    );

    let mails = smtp.wait_for(1).await;
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0]["rcpt_tos"], json!(["omar@exemple.tn"]));
    assert_eq!(mails[0]["subject"], "Vérifiez votre adresse e-mail");
    assert!(mails[0]["text"]
        .as_str()
        .unwrap()
        .starts_with("Bonjour Omar Trabelsi,"));
    let path = verify_path(&mails[0]);

    let verified = ok(omar.get(&path).await).await;
    assert_eq!(verified["message"], "Email verifié avec succès!");
    assert_eq!(verified["is_verified"], true);
    assert_eq!(settings_of(&omar).await["is_verified"], true);

    assert_error(omar.get(&path).await, 410, "lien_verification_utilise").await;
    assert_eq!(settings_of(&omar).await["is_verified"], true);
}

async fn the_same_email_again_changes_nothing_and_answers_200(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    assert_eq!(
        change_email(&omar, "omar@exemple.tn").await.status(),
        StatusCode::CREATED
    );
    let path = verify_path(&smtp.wait_for(1).await[0]);
    ok(omar.get(&path).await).await;

    let body = ok(change_email(&omar, " omar@exemple.tn ").await).await;
    assert_eq!(body["message"], "Aucune modification détéctée");
    assert_eq!(body["updated"], false);
    assert_eq!(body["email"], "omar@exemple.tn");
    assert_eq!(body["is_verified"], true);
    assert_eq!(settings_of(&omar).await["is_verified"], true);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(smtp.received().len(), 1, "no mail for an unchanged address");

    // A new address is unverified again.
    assert_eq!(
        change_email(&omar, "omar.trabelsi@exemple.tn")
            .await
            .status(),
        StatusCode::CREATED
    );
    assert_eq!(settings_of(&omar).await["is_verified"], false);
}

async fn a_wrong_or_missing_email_is_refused_on_its_field(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    for (body, code) in [
        (json!({}), "champ_obligatoire"),
        (json!({"email": "  "}), "champ_obligatoire"),
        (json!({"email": "omar@"}), "email_invalide"),
        (json!({"email": "omar exemple.tn"}), "email_invalide"),
    ] {
        let answer = assert_error(
            omar.post_json("/api/parametres/modifier-email", &body)
                .await,
            422,
            "validation_failed",
        )
        .await;
        assert_eq!(answer["field_codes"]["email"], json!([code]), "{body}");
    }
    assert_eq!(settings_of(&omar).await["email"], Value::Null);
    assert!(smtp.received().is_empty());
}

async fn a_verification_link_no_longer_works_after_24_hours(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    change_email(&omar, "omar@exemple.tn").await;
    let path = verify_path(&smtp.wait_for(1).await[0]);

    // The same database served a day and a minute later.
    let url = smtp.url();
    let later = world
        .spawn_with(|settings| {
            settings.mail.smtp_url = Some(url);
            settings.clock = daftar_api::clock::Clock::fixed(
                Utc::now() + Duration::hours(24) + Duration::minutes(1),
            );
        })
        .await;
    let omar_later = signed_in(&later, OMAR).await;
    assert_error(omar_later.get(&path).await, 410, "lien_verification_expire").await;
    assert_eq!(settings_of(&omar_later).await["is_verified"], false);

    // Still valid just before.
    let url = smtp.url();
    let sooner = world
        .spawn_with(|settings| {
            settings.mail.smtp_url = Some(url);
            settings.clock = daftar_api::clock::Clock::fixed(
                Utc::now() + Duration::hours(23) + Duration::minutes(50),
            );
        })
        .await;
    let omar_sooner = signed_in(&sooner, OMAR).await;
    ok(omar_sooner.get(&path).await).await;
    assert_eq!(settings_of(&omar).await["is_verified"], true);
}

async fn a_verification_link_works_only_for_the_user_it_was_sent_to(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    let amel = signed_in(&app, AMEL).await;
    change_email(&amel, "amel@exemple.tn").await;
    change_email(&omar, "omar@exemple.tn").await;
    let mails = smtp.wait_for(2).await;
    let to_omar = mails
        .iter()
        .find(|mail| mail["rcpt_tos"] == json!(["omar@exemple.tn"]))
        .unwrap();
    let path = verify_path(to_omar);

    assert_error(
        amel.get(&path).await,
        403,
        "lien_verification_autre_utilisateur",
    )
    .await;
    assert_eq!(settings_of(&amel).await["is_verified"], false);
    assert_error(app.get(&path).await, 401, "unauthenticated").await;

    // The refusal did not spend Omar's link.
    ok(omar.get(&path).await).await;
    assert_eq!(settings_of(&omar).await["is_verified"], true);
    assert_eq!(settings_of(&amel).await["is_verified"], false);
}

async fn a_link_sent_to_an_earlier_address_no_longer_verifies(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    change_email(&omar, "omar@exemple.tn").await;
    let first = verify_path(&smtp.wait_for(1).await[0]);
    change_email(&omar, "omar.trabelsi@exemple.tn").await;
    let second = verify_path(&smtp.wait_for(2).await[1]);

    assert_error(omar.get(&first).await, 410, "lien_verification_perime").await;
    assert_eq!(settings_of(&omar).await["is_verified"], false);
    let verified = ok(omar.get(&second).await).await;
    assert_eq!(verified["email"], "omar.trabelsi@exemple.tn");
}

async fn an_unknown_link_is_refused(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    change_email(&omar, "omar@exemple.tn").await;
    let path = verify_path(&smtp.wait_for(1).await[0]);
    let forged = format!("{}x", path);
    assert_error(omar.get(&forged).await, 404, "lien_verification_invalide").await;
    assert_error(
        omar.get("/api/email/verify/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")
            .await,
        404,
        "lien_verification_invalide",
    )
    .await;
    assert_eq!(settings_of(&omar).await["is_verified"], false);
}

async fn the_send_button_mails_a_new_link_in_the_language_asked(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    change_email(&omar, "omar@exemple.tn").await;
    smtp.wait_for(1).await;

    let res = omar
        .write(reqwest::Method::POST, "/api/email/send-verification")
        .header("Accept-Language", "ar")
        .send()
        .await
        .unwrap();
    let body = ok(res).await;
    assert_eq!(body["message"], "Email de vérification envoyé");
    let mails = smtp.wait_for(2).await;
    assert_eq!(mails[1]["rcpt_tos"], json!(["omar@exemple.tn"]));
    assert_eq!(mails[1]["subject"], "تأكيد بريدك الإلكتروني");
    assert!(mails[1]["text"]
        .as_str()
        .unwrap()
        .starts_with("مرحبًا Omar Trabelsi"));
    let path = verify_path(&mails[1]);
    ok(omar.get(&path).await).await;
    assert_eq!(settings_of(&omar).await["is_verified"], true);
}

async fn the_send_button_needs_an_unverified_address(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    assert_error(
        omar.post_json("/api/email/send-verification", &json!({}))
            .await,
        409,
        "email_manquant",
    )
    .await;
    change_email(&omar, "omar@exemple.tn").await;
    ok(omar.get(&verify_path(&smtp.wait_for(1).await[0])).await).await;
    assert_error(
        omar.post_json("/api/email/send-verification", &json!({}))
            .await,
        409,
        "email_deja_verifie",
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(smtp.received().len(), 1);
}

async fn a_sixth_verification_mail_within_an_hour_is_refused(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    change_email(&omar, "omar@exemple.tn").await;
    for _ in 0..4 {
        ok(omar
            .post_json("/api/email/send-verification", &json!({}))
            .await)
        .await;
    }
    assert_error(
        omar.post_json("/api/email/send-verification", &json!({}))
            .await,
        429,
        "too_many_attempts",
    )
    .await;
    assert_error(
        change_email(&omar, "autre@exemple.tn").await,
        429,
        "too_many_attempts",
    )
    .await;
    assert_eq!(settings_of(&omar).await["email"], "omar@exemple.tn");
    assert_eq!(smtp.wait_for(5).await.len(), 5);
    // Another user is not held back.
    let amel = signed_in(&app, AMEL).await;
    assert_eq!(
        change_email(&amel, "amel@exemple.tn").await.status(),
        StatusCode::CREATED
    );
}

async fn a_failing_mail_relay_is_reported_and_the_new_address_kept(world: World) {
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let app = world
        .spawn_with(|settings| settings.mail.smtp_url = Some(format!("smtp://127.0.0.1:{port}")))
        .await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    assert_error(
        change_email(&omar, "omar@exemple.tn").await,
        503,
        "email_modifie_envoi_echoue",
    )
    .await;
    let settings = settings_of(&omar).await;
    assert_eq!(settings["email"], "omar@exemple.tn");
    assert_eq!(settings["is_verified"], false);
    assert_error(
        omar.post_json("/api/email/send-verification", &json!({}))
            .await,
        503,
        "envoi_email_echoue",
    )
    .await;
}

async fn the_first_login_sends_the_verification_mail(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    ResidenceBuilder::new(&world.db().await, "Résidence Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user_a_finaliser(OMAR, "Omar Trabelsi", Role::Coproprietaire)
        .build()
        .await
        .unwrap();
    let omar = signed_in(&app, OMAR).await;
    let form = json!({"email": "omar@exemple.tn", "birthday": "1984-03-09", "gender": "homme"});
    ok(omar.post_json("/api/first-login-info", &form).await).await;
    let mails = smtp.wait_for(1).await;
    assert_eq!(mails[0]["rcpt_tos"], json!(["omar@exemple.tn"]));
    ok(omar.get(&verify_path(&mails[0])).await).await;
    assert_eq!(settings_of(&omar).await["is_verified"], true);
}

async fn change_password(
    browser: &TestApp,
    old: &str,
    new: &str,
    confirmation: &str,
) -> reqwest::Response {
    browser
        .post_json(
            "/api/parametres/modifier-mdp",
            &json!({"old_password": old, "new_password": new, "new_password_confirmation": confirmation}),
        )
        .await
}

const NEW_PASSWORD: &str = "un-nouveau-mot-de-passe";

async fn the_password_change_needs_the_current_password_and_a_confirmed_new_one(world: World) {
    let app = world.spawn().await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    let refused = |field: &'static str, code: &'static str| (field, code);
    for ((old, new, confirmation), (field, code)) in [
        (
            (("mauvais-mot-de-passe"), NEW_PASSWORD, NEW_PASSWORD),
            refused("old_password", "mot_de_passe_incorrect"),
        ),
        (
            ("", NEW_PASSWORD, NEW_PASSWORD),
            refused("old_password", "champ_obligatoire"),
        ),
        (
            (PASSWORD, "onze-caract", "onze-caract"),
            refused("new_password", "mot_de_passe_trop_court"),
        ),
        (
            (PASSWORD, "", NEW_PASSWORD),
            refused("new_password", "champ_obligatoire"),
        ),
        (
            (PASSWORD, NEW_PASSWORD, "un-autre-mot-de-passe"),
            refused("new_password_confirmation", "mots_de_passe_differents"),
        ),
        (
            (PASSWORD, NEW_PASSWORD, ""),
            refused("new_password_confirmation", "champ_obligatoire"),
        ),
    ] {
        let body = assert_error(
            change_password(&omar, old, new, confirmation).await,
            422,
            "validation_failed",
        )
        .await;
        assert_eq!(
            body["field_codes"][field],
            json!([code]),
            "{old} {new} {confirmation}"
        );
        assert_eq!(body["field_codes"].as_object().unwrap().len(), 1, "{body}");
    }
    // Nothing changed: the password is still the old one.
    signed_in_with(&app, OMAR, PASSWORD).await;

    // Exactly 12 characters is enough.
    let body = ok(change_password(&omar, PASSWORD, "douze-caract", "douze-caract").await).await;
    assert_eq!(body["message"], "Mot de passe mis à jour avec succès");
    let browser = app.new_browser();
    browser.csrf().await;
    assert_error(
        browser.login(OMAR, PASSWORD).await,
        422,
        "invalid_credentials",
    )
    .await;
    signed_in_with(&app, OMAR, "douze-caract").await;
}

async fn the_password_change_signs_out_the_other_sessions_only(world: World) {
    let app = world.spawn().await;
    residence(&world).await;
    let here = signed_in(&app, OMAR).await;
    let elsewhere = signed_in(&app, OMAR).await;
    let amel = signed_in(&app, AMEL).await;
    ok(change_password(&here, PASSWORD, NEW_PASSWORD, NEW_PASSWORD).await).await;

    ok(here.status().await).await;
    ok(here.get("/api/parametres").await).await;
    assert_error(elsewhere.status().await, 401, "unauthenticated").await;
    ok(amel.status().await).await;
    signed_in_with(&app, OMAR, NEW_PASSWORD).await;
}

async fn every_user_edits_his_own_account_and_nobody_signed_out_does(world: World) {
    let smtp = SmtpServer::start();
    let app = server(&world, &smtp).await;
    residence(&world).await;

    // Signed out: every call is refused; a write without the XSRF header too.
    let visitor = app.new_browser();
    visitor.csrf().await;
    for path in ["/api/parametres", "/api/support", "/api/email/verify/abc"] {
        assert_error(visitor.get(path).await, 401, "unauthenticated").await;
    }
    for path in [
        "/api/parametres/modifier-email",
        "/api/parametres/modifier-mdp",
        "/api/email/send-verification",
    ] {
        assert_error(
            visitor.post_json(path, &json!({})).await,
            401,
            "unauthenticated",
        )
        .await;
        let omar = signed_in(&app, OMAR).await;
        let res = omar
            .client
            .post(omar.url(path))
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        assert_error(res, 419, "csrf_token_mismatch").await;
    }

    // Each role, from either space, edits its own address (spec 3 §6).
    for (i, tel) in ["20000001", "20000002", "20000003", OMAR]
        .iter()
        .enumerate()
    {
        let user = signed_in(&app, tel).await;
        let email = format!("user{i}@exemple.tn");
        assert_eq!(
            change_email(&user, &email).await.status(),
            StatusCode::CREATED,
            "{tel}"
        );
        assert_eq!(settings_of(&user).await["email"], email.as_str(), "{tel}");
        ok(user.get("/api/support").await).await;
    }
    // Nobody else's changed.
    assert_eq!(
        settings_of(&signed_in(&app, AMEL).await).await["email"],
        Value::Null
    );

    // A deactivated user: 403 on every call.
    let omar = signed_in(&app, OMAR).await;
    daftar_api::identity::set_user_active(&world.db().await, OMAR, false)
        .await
        .unwrap();
    assert_error(omar.get("/api/parametres").await, 403, "user_inactive").await;
    assert_error(
        change_email(&omar, "x@exemple.tn").await,
        403,
        "user_inactive",
    )
    .await;
    assert_error(
        change_password(&omar, PASSWORD, NEW_PASSWORD, NEW_PASSWORD).await,
        403,
        "user_inactive",
    )
    .await;
    assert_error(
        omar.post_json("/api/email/send-verification", &json!({}))
            .await,
        403,
        "user_inactive",
    )
    .await;
    assert_error(omar.get("/api/support").await, 403, "user_inactive").await;
}

async fn the_support_contact_comes_from_the_configuration(world: World) {
    let app = world.spawn().await;
    residence(&world).await;
    let omar = signed_in(&app, OMAR).await;
    let body = ok(omar.get("/api/support").await).await;
    assert_eq!(body["tel"], Value::Null);
    assert_eq!(body["whatsapp_url"], Value::Null);

    let configured = world
        .spawn_with(|settings| {
            settings.support = daftar_api::configuration::SupportContact {
                tel: Some("+216 71 000 000".to_owned()),
                whatsapp: Some("21620000000".to_owned()),
            };
        })
        .await;
    let president = signed_in(&configured, "20000001").await;
    let body = ok(president.get("/api/support").await).await;
    assert_eq!(body["tel"], "+216 71 000 000");
    assert_eq!(body["whatsapp_url"], "https://wa.me/21620000000");
}
