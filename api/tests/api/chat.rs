//! The chat through the API (issue 18; docs/api-communaute.md "Chat"): one conversation per
//! co-owner with the syndic, opened on first read; council members speak for the syndic with
//! their office's label; reading marks the other side's messages; blank or overlong messages are
//! refused; each co-owner reads only their own conversation and each residence only its own —
//! on SQLite and PostgreSQL.

use daftar_api::residence_builder::{ResidenceBuilder, Role};
use serde_json::{json, Value};

use crate::support::{assert_error, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    a_co_owner_opens_their_conversation_on_first_read_and_writes_to_the_syndic,
    council_members_speak_for_the_syndic_each_with_the_label_of_their_office,
    the_syndic_lists_every_co_owners_conversation_with_its_last_message_unread_marker_and_search,
    marking_a_conversation_read_marks_the_other_sides_messages_only,
    a_blank_or_overlong_message_is_refused_and_nothing_is_kept,
    a_co_owner_reads_and_writes_only_their_own_conversation,
    a_residence_never_sees_nor_touches_the_conversations_of_another,
    a_new_message_notifies_the_other_side_with_a_link_to_the_conversation,
    the_channel_authorisation_answers_for_a_conversation_the_user_may_read_only,
    the_demo_shows_conversations_with_unread_messages_on_both_sides,
);

pub const PRESIDENT: &str = "20000001";
pub const TREASURER: &str = "20000002";
pub const MEMBER: &str = "20000003";
pub const CO_OWNER: &str = "50000001";
pub const SECOND_CO_OWNER: &str = "50000002";
pub const OTHER_MEMBER: &str = "30000001";
pub const OTHER_CO_OWNER: &str = "60000001";

/// Les Jasmins (a president, a treasurer, a council member, two co-owners) and Les Oliviers (a
/// council member, a co-owner), and a server.
pub async fn setup(world: &World) -> TestApp {
    let db = world.db().await;
    ResidenceBuilder::new(&db, "Les Jasmins", "Tunis")
        .password(PASSWORD)
        .user(PRESIDENT, "Hédi Trabelsi", Role::President)
        .user(TREASURER, "Amira Ben Salah", Role::Tresorier)
        .user(MEMBER, "Karim Jaziri", Role::Membre)
        .user(CO_OWNER, "Leïla Haddad", Role::Coproprietaire)
        .user(SECOND_CO_OWNER, "Sami Gharbi", Role::Coproprietaire)
        .build()
        .await
        .unwrap();
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user(OTHER_MEMBER, "Sonia Mrad", Role::Membre)
        .user(OTHER_CO_OWNER, "Nabil Oueslati", Role::Coproprietaire)
        .build()
        .await
        .unwrap();
    world.spawn().await
}

/// The signed-in co-owner's conversation (`data`).
pub async fn ma_conversation(app: &TestApp) -> Value {
    ok(app.get("/api/conversation").await).await["data"].clone()
}

pub async fn envoyer(app: &TestApp, conversation: i64, texte: &str) -> reqwest::Response {
    app.post_json(
        &format!("/api/conversations/{conversation}/message"),
        &json!({ "message": texte }),
    )
    .await
}

/// Sends `texte` and answers the message sent (`data`).
pub async fn envoye(app: &TestApp, conversation: i64, texte: &str) -> Value {
    ok(envoyer(app, conversation, texte).await).await["data"].clone()
}

async fn messages_syndic(app: &TestApp, conversation: i64) -> Value {
    ok(app
        .get(&format!("/api/conversation/messages?id={conversation}"))
        .await)
    .await["data"]
        .clone()
}

async fn liste(app: &TestApp, recherche: &str) -> Vec<Value> {
    ok(app
        .get(&format!("/api/conversations/liste?search={recherche}"))
        .await)
    .await["conversations"]
        .as_array()
        .unwrap()
        .clone()
}

async fn marquer_lu(app: &TestApp, conversation: i64) -> reqwest::Response {
    app.post_json(
        "/api/conversation/mark-all-read",
        &json!({ "id": conversation }),
    )
    .await
}

fn textes(conversation: &Value) -> Vec<&str> {
    conversation["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["message"].as_str().unwrap())
        .collect()
}

async fn notifications(app: &TestApp) -> Vec<Value> {
    ok(app.get("/api/notifications").await).await["data"]
        .as_array()
        .unwrap()
        .clone()
}

pub fn id(value: &Value) -> i64 {
    value["id"].as_i64().unwrap()
}

async fn a_co_owner_opens_their_conversation_on_first_read_and_writes_to_the_syndic(world: World) {
    // Given a co-owner who never wrote
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;

    // When she opens her conversation
    let conversation = ma_conversation(&leila).await;
    // Then it exists, empty and read
    assert_eq!(conversation["messages"], json!([]));
    assert_eq!(conversation["is_all_read"], true);
    assert_eq!(conversation["type"], "user-syndic");
    assert_eq!(conversation["resident_name"], "Leïla Haddad");

    // When she writes (blanks around the text are dropped, its lines kept)
    let message = envoye(
        &leila,
        id(&conversation),
        "  Bonjour,\nla porte du hall grince.  ",
    )
    .await;
    assert_eq!(message["message"], "Bonjour,\nla porte du hall grince.");
    assert_eq!(message["user"]["nom"], "Leïla Haddad");
    assert_eq!(message["user"]["primary_role"], "proprietaire");
    assert_eq!(message["read_at"], Value::Null);
    assert!(chrono::DateTime::parse_from_rfc3339(message["created_at"].as_str().unwrap()).is_ok());

    // Then the same conversation holds it
    let relue = ma_conversation(&leila).await;
    assert_eq!(id(&relue), id(&conversation));
    assert_eq!(textes(&relue), ["Bonjour,\nla porte du hall grince."]);
    assert_eq!(relue["messages"][0]["id"], message["id"]);
}

async fn council_members_speak_for_the_syndic_each_with_the_label_of_their_office(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let conversation = id(&ma_conversation(&leila).await);

    // Given the president, the treasurer and a council member answering Leïla
    for (tel, texte) in [(PRESIDENT, "P"), (TREASURER, "T"), (MEMBER, "M")] {
        envoye(&signed_in(&app, tel).await, conversation, texte).await;
    }

    // When Leïla reads her conversation
    let lue = ma_conversation(&leila).await;

    // Then each message carries its sender's label
    let roles: Vec<(&str, &str)> = lue["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["message"].as_str().unwrap(),
                m["user"]["primary_role"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        roles,
        [("P", "president"), ("T", "tresorier"), ("M", "syndic")]
    );
    assert_eq!(lue["is_all_read"], false);
}

async fn the_syndic_lists_every_co_owners_conversation_with_its_last_message_unread_marker_and_search(
    world: World,
) {
    let app = setup(&world).await;
    // Given Sami who wrote twice, and Leïla who never did
    let sami = signed_in(&app, SECOND_CO_OWNER).await;
    let conversation_sami = id(&ma_conversation(&sami).await);
    envoye(&sami, conversation_sami, "Premier").await;
    envoye(&sami, conversation_sami, "Second").await;

    // When a council member lists the conversations
    let membre = signed_in(&app, MEMBER).await;
    let conversations = liste(&membre, "").await;

    // Then every co-owner has one (opened for Leïla), Sami's first with its last message unread
    let noms: Vec<&str> = conversations
        .iter()
        .map(|c| c["resident_name"].as_str().unwrap())
        .collect();
    assert_eq!(noms, ["Sami Gharbi", "Leïla Haddad"]);
    assert_eq!(conversations[0]["last_message"]["message"], "Second");
    assert_eq!(conversations[0]["is_all_read"], false);
    assert_eq!(conversations[0]["type"], "user-syndic");
    assert_eq!(conversations[1]["last_message"], Value::Null);
    assert_eq!(conversations[1]["is_all_read"], true);

    // When the syndic reads Sami's conversation and marks it read
    let lue = messages_syndic(&membre, conversation_sami).await;
    assert_eq!(textes(&lue), ["Premier", "Second"]);
    assert_eq!(lue["is_all_read"], false);
    ok(marquer_lu(&membre, conversation_sami).await).await;
    // Then the list shows it read
    assert_eq!(liste(&membre, "").await[0]["is_all_read"], true);

    // And the search keeps the names containing it, case and accents as typed
    let trouvees = liste(&membre, "LEÏLA").await;
    assert_eq!(trouvees.len(), 1);
    assert_eq!(trouvees[0]["resident_name"], "Leïla Haddad");
    assert!(liste(&membre, "personne").await.is_empty());
}

async fn marking_a_conversation_read_marks_the_other_sides_messages_only(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let president = signed_in(&app, PRESIDENT).await;
    let conversation = id(&ma_conversation(&leila).await);
    // Given a message of Leïla and an answer of the president
    envoye(&leila, conversation, "Question").await;
    envoye(&president, conversation, "Réponse").await;

    // When the treasurer marks the conversation read for the syndic
    let tresorier = signed_in(&app, TREASURER).await;
    let lu = ok(marquer_lu(&tresorier, conversation).await).await;
    assert!(lu["read_at"].is_string());

    // Then Leïla's message is read, the president's is not (it is Leïla's to read)
    let vue = messages_syndic(&tresorier, conversation).await;
    assert_eq!(vue["is_all_read"], true);
    assert_eq!(vue["messages"][0]["read_at"], lu["read_at"]);
    assert_eq!(vue["messages"][1]["read_at"], Value::Null);
    assert_eq!(ma_conversation(&leila).await["is_all_read"], false);

    // When Leïla marks it read, the president's message is read in turn
    ok(marquer_lu(&leila, conversation).await).await;
    let sienne = ma_conversation(&leila).await;
    assert_eq!(sienne["is_all_read"], true);
    assert!(sienne["messages"][1]["read_at"].is_string());
    // Marking again with nothing unread is not an error and writes nothing
    let encore = ok(marquer_lu(&leila, conversation).await).await;
    assert_eq!(encore["read_at"], Value::Null);
    assert_error(
        leila
            .post_json("/api/conversation/mark-all-read", &json!({}))
            .await,
        422,
        "validation_failed",
    )
    .await;
}

async fn a_blank_or_overlong_message_is_refused_and_nothing_is_kept(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let conversation = id(&ma_conversation(&leila).await);

    for (corps, code) in [
        (json!({ "message": "   \n\t " }), "message_vide"),
        (json!({ "message": "" }), "message_vide"),
        (json!({}), "message_vide"),
        (json!({ "message": "é".repeat(2001) }), "message_trop_long"),
    ] {
        let refus = assert_error(
            leila
                .post_json(
                    &format!("/api/conversations/{conversation}/message"),
                    &corps,
                )
                .await,
            422,
            "validation_failed",
        )
        .await;
        assert_eq!(refus["field_codes"]["message"], json!([code]), "{corps}");
    }
    assert_eq!(ma_conversation(&leila).await["messages"], json!([]));
    assert!(notifications(&signed_in(&app, PRESIDENT).await)
        .await
        .is_empty());

    // 2000 characters are accepted
    let long = envoye(&leila, conversation, &"é".repeat(2000)).await;
    assert_eq!(long["message"].as_str().unwrap().chars().count(), 2000);
}

async fn a_co_owner_reads_and_writes_only_their_own_conversation(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let sami = signed_in(&app, SECOND_CO_OWNER).await;
    let de_sami = id(&ma_conversation(&sami).await);
    envoye(&sami, de_sami, "Privé").await;

    // A co-owner cannot write in, mark or read another co-owner's conversation
    assert_error(
        envoyer(&leila, de_sami, "Intrus").await,
        403,
        "conversation_interdite",
    )
    .await;
    assert_error(
        marquer_lu(&leila, de_sami).await,
        403,
        "conversation_interdite",
    )
    .await;
    assert_error(
        leila
            .get(&format!("/api/conversation/messages?id={de_sami}"))
            .await,
        403,
        "syndic_required",
    )
    .await;
    assert_error(
        leila.get("/api/conversations/liste").await,
        403,
        "syndic_required",
    )
    .await;
    // A council member has no co-owner's conversation of their own
    assert_error(
        signed_in(&app, MEMBER).await.get("/api/conversation").await,
        403,
        "conversation_interdite",
    )
    .await;
    // Nothing was written in Sami's conversation, which stays unread by the syndic
    assert_eq!(textes(&ma_conversation(&sami).await), ["Privé"]);
    let membre = signed_in(&app, MEMBER).await;
    assert_eq!(
        messages_syndic(&membre, de_sami).await["is_all_read"],
        false
    );
    // Unknown conversations and signed-out callers
    assert_error(
        envoyer(&leila, 999_999, "?").await,
        404,
        "conversation_introuvable",
    )
    .await;
    assert_error(
        leila
            .post_json("/api/conversations/abc/message", &json!({ "message": "?" }))
            .await,
        404,
        "conversation_introuvable",
    )
    .await;
    assert_error(
        membre.get("/api/conversation/messages").await,
        422,
        "validation_failed",
    )
    .await;
    assert_error(app.get("/api/conversation").await, 401, "unauthenticated").await;
}

async fn a_residence_never_sees_nor_touches_the_conversations_of_another(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let conversation = id(&ma_conversation(&leila).await);
    envoye(&leila, conversation, "Chez nous").await;

    // Another residence's council member and co-owner
    let sonia = signed_in(&app, OTHER_MEMBER).await;
    let nabil = signed_in(&app, OTHER_CO_OWNER).await;
    assert_error(
        sonia
            .get(&format!("/api/conversation/messages?id={conversation}"))
            .await,
        404,
        "conversation_introuvable",
    )
    .await;
    assert_error(
        envoyer(&sonia, conversation, "Intrus").await,
        404,
        "conversation_introuvable",
    )
    .await;
    assert_error(
        envoyer(&nabil, conversation, "Intrus").await,
        404,
        "conversation_introuvable",
    )
    .await;
    assert_error(
        marquer_lu(&sonia, conversation).await,
        404,
        "conversation_introuvable",
    )
    .await;
    let siennes = liste(&sonia, "").await;
    let noms: Vec<&str> = siennes
        .iter()
        .map(|c| c["resident_name"].as_str().unwrap())
        .collect();
    assert_eq!(noms, ["Nabil Oueslati"]);
    assert_eq!(ma_conversation(&nabil).await["messages"], json!([]));
    // Leïla's message is still unread by her syndic
    assert_eq!(
        messages_syndic(&signed_in(&app, MEMBER).await, conversation).await["is_all_read"],
        false
    );
}

async fn a_new_message_notifies_the_other_side_with_a_link_to_the_conversation(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let conversation = id(&ma_conversation(&leila).await);

    // When Leïla writes (nobody has the app open)
    envoye(&leila, conversation, "Bonjour").await;

    // Then every council member is told, with a link to her conversation in the syndic's space
    for tel in [PRESIDENT, TREASURER, MEMBER] {
        let avis = notifications(&signed_in(&app, tel).await).await;
        assert_eq!(avis.len(), 1, "{tel}");
        assert_eq!(avis[0]["icon"], "message");
        assert_eq!(avis[0]["title_key"], "message_recu");
        assert_eq!(avis[0]["params"], json!({ "id": conversation }));
        assert_eq!(
            avis[0]["link"],
            format!("/syndic/chat?conversation={conversation}")
        );
    }
    // Not Leïla herself, nor another co-owner, nor another residence
    assert!(notifications(&leila).await.is_empty());
    assert!(notifications(&signed_in(&app, SECOND_CO_OWNER).await)
        .await
        .is_empty());
    assert!(notifications(&signed_in(&app, OTHER_MEMBER).await)
        .await
        .is_empty());

    // When the president answers, Leïla alone is told, with a link to her chat
    envoye(
        &signed_in(&app, PRESIDENT).await,
        conversation,
        "Bonjour Leïla",
    )
    .await;
    let avis = notifications(&leila).await;
    assert_eq!(avis.len(), 1);
    assert_eq!(avis[0]["link"], "/coproprietaire/chat");
    assert_eq!(
        notifications(&signed_in(&app, TREASURER).await).await.len(),
        1
    );
}

async fn the_channel_authorisation_answers_for_a_conversation_the_user_may_read_only(world: World) {
    let app = setup(&world).await;
    let leila = signed_in(&app, CO_OWNER).await;
    let sami = signed_in(&app, SECOND_CO_OWNER).await;
    let sienne = id(&ma_conversation(&leila).await);
    let de_sami = id(&ma_conversation(&sami).await);
    let permis = ok_plain(autoriser(&leila, format!("private-conversation.{sienne}")).await).await;
    assert_eq!(permis["auth"], "daftar");
    let du_syndic = ok_plain(
        autoriser(
            &signed_in(&app, MEMBER).await,
            format!("private-conversation.{de_sami}"),
        )
        .await,
    )
    .await;
    assert_eq!(du_syndic["auth"], "daftar");
    for canal in [
        format!("private-conversation.{de_sami}"),
        "private-conversation.999999".to_owned(),
        "presence-tout".to_owned(),
    ] {
        assert_error(
            autoriser(&leila, canal).await,
            403,
            "conversation_interdite",
        )
        .await;
    }
    assert_error(
        autoriser(
            &signed_in(&app, OTHER_MEMBER).await,
            format!("private-conversation.{sienne}"),
        )
        .await,
        403,
        "conversation_interdite",
    )
    .await;
}

async fn autoriser(app: &TestApp, canal: String) -> reqwest::Response {
    app.post_json(
        "/api/broadcasting/auth",
        &json!({ "socket_id": "1.2", "channel_name": canal }),
    )
    .await
}

/// A 200 answer's body (the channel authorisation has no `success`, as the spec's).
async fn ok_plain(res: reqwest::Response) -> Value {
    let status = res.status();
    let body: Value = res.json().await.unwrap();
    assert_eq!(status, reqwest::StatusCode::OK, "{body}");
    body
}

async fn the_demo_shows_conversations_with_unread_messages_on_both_sides(world: World) {
    // Given the demo, loaded twice (the second run adds nothing)
    let db = world.db().await;
    daftar_api::demo::load(&db).await.unwrap();
    daftar_api::demo::load(&db).await.unwrap();
    let app = world.spawn().await;
    let demo = |tel: &'static str| {
        let browser = app.new_browser();
        async move {
            browser.csrf().await;
            browser.login(tel, daftar_api::demo::PASSWORD).await;
            browser
        }
    };

    // When the president lists the conversations
    let president = demo("20000001").await;
    let conversations = liste(&president, "").await;
    let avec_messages: Vec<&Value> = conversations
        .iter()
        .filter(|c| !c["last_message"].is_null())
        .collect();
    // Then three have messages, one of them unread by the syndic
    assert_eq!(avec_messages.len(), 3);
    assert_eq!(
        avec_messages
            .iter()
            .filter(|c| c["is_all_read"] == false)
            .count(),
        1
    );
    let total: usize = {
        let mut total = 0;
        for c in &avec_messages {
            total += messages_syndic(&president, id(c)).await["messages"]
                .as_array()
                .unwrap()
                .len();
        }
        total
    };
    assert_eq!(total, 8);
    // And Leïla's was answered and read; Hichem has the treasurer's answers unread
    let leila = ma_conversation(&demo("20000004").await).await;
    assert_eq!(leila["is_all_read"], true);
    assert!(leila["messages"][2]["read_at"].is_string());
    let hichem = ma_conversation(&demo("20000007").await).await;
    assert_eq!(hichem["is_all_read"], false);
    assert_eq!(hichem["messages"][1]["user"]["primary_role"], "tresorier");
}
