//! The charges and works through the API (spec 2 §2 "Current charges", "Works", §3–§9;
//! docs/api-depenses.md), on SQLite and PostgreSQL: each endpoint, the files judged by their
//! content and served back to the residence's council only, the payment state, the payments in
//! the bank's reconciliation and the books, the exercice guard and who may call what.

use std::io::Cursor;

use chrono::NaiveDate;
use daftar_api::residence_builder::{
    CategorieSpec, CompteBancaireSpec, DepenseSpec, FournisseurSpec, OccupationSpec,
    ResidenceBuilder, Role,
};
use daftar_domain::banque::TypeCompte;
use daftar_domain::depenses::MethodePaiementDepense;
use daftar_domain::occupation::Sexe;
use daftar_domain::Montant;
use reqwest::Response;
use serde_json::{json, Value};

use crate::support::{assert_error, field_errors, ok, signed_in, TestApp, World, PASSWORD};

on_both_stores!(
    depenses_a_charge_is_created_with_files_listed_detailed_edited_and_deleted,
    depenses_files_are_judged_by_their_content_with_the_other_fields,
    depenses_files_come_back_scaled_whole_and_to_their_residence_only,
    depenses_payments_move_the_state_and_reach_the_bank_and_the_books,
    depenses_works_carry_their_description_and_approval,
    depenses_the_exercice_guards_every_change,
    depenses_every_change_is_the_treasurer_s_and_co_owners_read_nothing,
);

const TREASURER: &str = "20000002";
const MEMBER: &str = "20000003";
const CO_OWNER: &str = "50000001";
const OTHER_TREASURER: &str = "30000002";

fn date(text: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
}

/// Residence "Les Jasmins" on 15 June 2026: a treasurer, a council member, a co-owner; 2025
/// closed (with its December electricity charge, 1), 2026 open; the main account Compte
/// courant; STEG (1) and SONEDE (2); Électricité (1) and Eau (2). Residence "Les Oliviers": a
/// treasurer, 2026 open, its supplier. A server.
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
                .solde_initial(Montant::dinars(1_000), date("2025-01-01")),
        )
        .fournisseur(FournisseurSpec::entreprise("STEG"))
        .fournisseur(FournisseurSpec::entreprise("SONEDE"))
        .categorie(CategorieSpec::new("Électricité"))
        .categorie("Eau")
        .depense(
            DepenseSpec::charge(
                "STEG décembre 2025",
                Montant::dinars(150),
                date("2025-12-31"),
                "STEG",
            )
            .categorie("Électricité")
            .paiement(
                Montant::dinars(50),
                date("2025-12-31"),
                MethodePaiementDepense::Espece,
                None,
            ),
        )
        .exercice_cloture(2025)
        .build()
        .await
        .unwrap();
    ResidenceBuilder::new(&db, "Les Oliviers", "Sfax")
        .password(PASSWORD)
        .user(OTHER_TREASURER, "Sonia Mrad", Role::Tresorier)
        .exercice(2026)
        .fournisseur(FournisseurSpec::entreprise("STEG Sfax"))
        .build()
        .await
        .unwrap();
    world.spawn_on(date("2026-06-15")).await
}

/// A one-page PDF written by hand (objects, true cross-reference offsets, trailer), padded
/// with a comment of `extra` bytes.
pub(crate) fn pdf(extra: usize) -> Vec<u8> {
    let contenu = b"0.1 0.1 0.1 rg 0 421 297 421 re f\n";
    let objets: Vec<Vec<u8>> = vec![
        b"<< /Type /Catalog /Pages 2 0 R >>".to_vec(),
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_vec(),
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << >> >>"
            .to_vec(),
        {
            let mut flux = format!("<< /Length {} >>\nstream\n", contenu.len()).into_bytes();
            flux.extend_from_slice(contenu);
            flux.extend_from_slice(b"\nendstream");
            flux
        },
    ];
    let mut pdf = b"%PDF-1.7\n".to_vec();
    let mut positions = Vec::new();
    for (rang, objet) in objets.iter().enumerate() {
        positions.push(pdf.len());
        pdf.extend_from_slice(format!("{} 0 obj\n", rang + 1).as_bytes());
        pdf.extend_from_slice(objet);
        pdf.extend_from_slice(b"\nendobj\n");
    }
    // A comment between the objects and the table (readers skip it).
    let mut bourre = Vec::with_capacity(extra);
    while bourre.len() < extra {
        bourre.extend_from_slice(b"% padding padding padding padding padding padding padding\n");
    }
    pdf.extend_from_slice(&bourre);
    let xref = pdf.len();
    pdf.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objets.len() + 1).as_bytes(),
    );
    for position in positions {
        pdf.extend_from_slice(format!("{position:010} 00000 n \n").as_bytes());
    }
    pdf.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objets.len() + 1
        )
        .as_bytes(),
    );
    pdf
}

/// A PNG of `largeur` × `hauteur` (a gradient).
pub(crate) fn png(largeur: u32, hauteur: u32) -> Vec<u8> {
    let image =
        image::DynamicImage::ImageRgb8(image::RgbImage::from_fn(largeur, hauteur, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 128])
        }));
    let mut octets = Cursor::new(Vec::new());
    image
        .write_to(&mut octets, image::ImageFormat::Png)
        .unwrap();
    octets.into_inner()
}

/// A multipart body's part: a text field or a file.
#[derive(Clone, Copy)]
pub(crate) enum Part<'a> {
    Texte(&'a str, &'a str),
    Fichier(&'a str, &'a str, &'a [u8]),
}

/// Posts a `multipart/form-data` body, as the web client's `FormData` does.
pub(crate) async fn post_multipart(app: &TestApp, path: &str, parts: &[Part<'_>]) -> Response {
    let boundary = "----daftar-test-boundary-7MA4YWxkTrZu0gW";
    let mut body = Vec::new();
    for part in parts {
        body.extend_from_slice(format!("--{boundary}\r\n").as_bytes());
        match part {
            Part::Texte(nom, valeur) => {
                body.extend_from_slice(
                    format!("Content-Disposition: form-data; name=\"{nom}\"\r\n\r\n{valeur}\r\n")
                        .as_bytes(),
                );
            }
            Part::Fichier(nom, fichier, octets) => {
                body.extend_from_slice(
                    format!(
                        "Content-Disposition: form-data; name=\"{nom}\"; filename=\"{fichier}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
                    )
                    .as_bytes(),
                );
                body.extend_from_slice(octets);
                body.extend_from_slice(b"\r\n");
            }
        }
    }
    body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
    app.write(reqwest::Method::POST, path)
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(body)
        .send()
        .await
        .unwrap()
}

/// The text fields of a charge on 10 March 2026 from STEG in Électricité.
fn charge<'a>(titre: &'a str, montant: &'a str) -> Vec<Part<'a>> {
    vec![
        Part::Texte("titre", titre),
        Part::Texte("montant", montant),
        Part::Texte("date_facture", "2026-03-10"),
        Part::Texte("fournisseur", "1"),
        Part::Texte("categorie", "1"),
        Part::Texte("commentaire", "Relevé de février"),
    ]
}

async fn download(app: &TestApp, url: &str) -> Response {
    app.get(url).await
}

async fn depenses_a_charge_is_created_with_files_listed_detailed_edited_and_deleted(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let choix = ok(treasurer
        .get("/api/charges-courantes/fournisseurs-categories")
        .await)
    .await;
    assert_eq!(
        choix["fournisseurs"],
        json!([{"id": 2, "nom": "SONEDE"}, {"id": 1, "nom": "STEG"}])
    );
    assert_eq!(
        choix["categories"],
        json!([{"id": 2, "titre": "Eau"}, {"id": 1, "titre": "Électricité"}])
    );

    let facture = pdf(0);
    let devis = png(64, 48);
    let mut parts = charge("STEG février 2026", "120,500");
    parts.push(Part::Fichier("factures[]", "facture-fevrier.pdf", &facture));
    parts.push(Part::Fichier("devis[]", "devis.png", &devis));
    let created =
        ok(post_multipart(&treasurer, "/api/charges-courantes/creer", &parts).await).await;
    let charge_cree = &created["charge"];
    assert_eq!(charge_cree["id"], 2);
    assert_eq!(charge_cree["titre"], "STEG février 2026");
    assert_eq!(charge_cree["montant_total"], json!(120.5));
    assert_eq!(charge_cree["restant_du"], json!(120.5));
    assert_eq!(charge_cree["etat_paiement"], "impaye");
    assert_eq!(charge_cree["fournisseur"], json!({"id": 1, "nom": "STEG"}));
    assert_eq!(
        charge_cree["categorie"],
        json!({"id": 1, "nom": "Électricité"})
    );
    assert_eq!(charge_cree["commentaire"], "Relevé de février");
    assert_eq!(charge_cree["is_closed"], false);
    assert_eq!(charge_cree["has_paiements"], false);
    assert_eq!(charge_cree["factures"][0]["titre"], "facture-fevrier.pdf");
    assert_eq!(charge_cree["factures"][0]["type"], "facture");
    assert_eq!(
        charge_cree["factures"][0]["content_type"],
        "application/pdf"
    );
    assert_eq!(charge_cree["factures"][0]["taille"], json!(facture.len()));
    assert_eq!(charge_cree["devis"][0]["content_type"], "image/png");
    let facture_id = charge_cree["factures"][0]["id"].as_i64().unwrap();
    let devis_id = charge_cree["devis"][0]["id"].as_i64().unwrap();
    assert_eq!(
        charge_cree["factures"][0]["url"],
        format!("/api/documents/{facture_id}")
    );
    assert_eq!(
        charge_cree["factures"][0]["miniature_url"],
        format!("/api/documents/{facture_id}/miniature")
    );

    // Newest invoice first; the 2025 charge is closed and partly paid.
    let list = ok(treasurer.get("/api/charges-courantes").await).await;
    let titres: Vec<&str> = list["charges"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["titre"].as_str().unwrap())
        .collect();
    assert_eq!(titres, ["STEG février 2026", "STEG décembre 2025"]);
    assert_eq!(list["charges"][1]["is_closed"], true);
    assert_eq!(list["charges"][1]["etat_paiement"], "partiel");
    assert_eq!(list["charges"][1]["montant_paye"], json!(50));
    assert_eq!(list["charges"][1]["has_paiements"], true);

    let detail = ok(treasurer
        .get("/api/charges-courantes/details-files?id=2")
        .await)
    .await;
    assert_eq!(detail["charge"], created["charge"]);
    assert_error(
        treasurer
            .get("/api/charges-courantes/details-files?id=99")
            .await,
        404,
        "depense_inconnue",
    )
    .await;
    // A charge is not works.
    assert_error(
        treasurer.get("/api/travaux/details-files?id=2").await,
        404,
        "depense_inconnue",
    )
    .await;

    // An edit adds the files sent to those attached; no category is none.
    let autre = pdf(100);
    let parts = vec![
        Part::Texte("id", "2"),
        Part::Texte("titre", "STEG février 2026 (rectifiée)"),
        Part::Texte("montant", "130"),
        Part::Texte("date_facture", "2026-03-12"),
        Part::Texte("fournisseur", "2"),
        Part::Texte("categorie", ""),
        Part::Texte("commentaire", ""),
        Part::Fichier("factures[]", "rectificatif.pdf", &autre),
    ];
    let edited =
        ok(post_multipart(&treasurer, "/api/charges-courantes/modifier", &parts).await).await;
    assert_eq!(edited["charge"]["titre"], "STEG février 2026 (rectifiée)");
    assert_eq!(edited["charge"]["montant_total"], json!(130));
    assert_eq!(edited["charge"]["categorie"], Value::Null);
    assert_eq!(edited["charge"]["commentaire"], Value::Null);
    assert_eq!(edited["charge"]["fournisseur"]["nom"], "SONEDE");
    assert_eq!(edited["charge"]["factures"].as_array().unwrap().len(), 2);

    // A file is removed by its kind: an invoice's id is no quote.
    assert_error(
        treasurer
            .post_json("/api/devis/supprimer", &json!({"id": facture_id}))
            .await,
        404,
        "document_inconnu",
    )
    .await;
    ok(treasurer
        .post_json("/api/factures/supprimer", &json!({"id": facture_id}))
        .await)
    .await;
    ok(treasurer
        .post_json("/api/devis/supprimer", &json!({"id": devis_id}))
        .await)
    .await;
    let detail = ok(treasurer
        .get("/api/charges-courantes/details-files?id=2")
        .await)
    .await;
    assert_eq!(detail["charge"]["factures"].as_array().unwrap().len(), 1);
    assert_eq!(detail["charge"]["devis"], json!([]));
    assert_error(
        download(&treasurer, &format!("/api/documents/{facture_id}")).await,
        404,
        "document_inconnu",
    )
    .await;

    ok(treasurer
        .post_json("/api/charges-courantes/supprimer", &json!({"id": 2}))
        .await)
    .await;
    let list = ok(treasurer.get("/api/charges-courantes").await).await;
    assert_eq!(list["charges"].as_array().unwrap().len(), 1);
    assert_error(
        treasurer
            .post_json("/api/charges-courantes/supprimer", &json!({"id": 2}))
            .await,
        404,
        "depense_inconnue",
    )
    .await;
}

async fn depenses_files_are_judged_by_their_content_with_the_other_fields(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let gros = pdf(2 * 1024 * 1024);
    let texte = b"Ceci n'est pas un PDF.".to_vec();
    let parts = vec![
        Part::Texte("titre", ""),
        Part::Texte("montant", "12.3456"),
        Part::Texte("date_facture", "10/03/2026"),
        Part::Texte("fournisseur", ""),
        Part::Fichier("factures[]", "gros.pdf", &gros),
        Part::Fichier("devis[]", "faux.pdf", &texte),
    ];
    let body = assert_error(
        post_multipart(&treasurer, "/api/charges-courantes/creer", &parts).await,
        422,
        "validation_failed",
    )
    .await;
    let mut champs = field_errors(&body);
    champs.sort();
    assert_eq!(
        champs,
        [
            "date_facture",
            "devis",
            "factures",
            "fournisseur",
            "montant",
            "titre"
        ]
    );
    assert_eq!(body["field_codes"]["factures"], json!(["pdfTooLarge"]));
    assert_eq!(body["field_codes"]["devis"], json!(["fichier_invalide"]));
    assert_eq!(body["field_codes"]["montant"], json!(["montant_decimales"]));
    assert_eq!(body["field_codes"]["titre"], json!(["champ_obligatoire"]));

    // A zero amount and an id that is not one.
    let parts = vec![
        Part::Texte("titre", "Eau"),
        Part::Texte("montant", "0"),
        Part::Texte("date_facture", "2026-03-10"),
        Part::Texte("fournisseur", "abc"),
    ];
    let body = assert_error(
        post_multipart(&treasurer, "/api/charges-courantes/creer", &parts).await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(body["field_codes"]["montant"], json!(["montant_positif"]));
    assert_eq!(
        body["field_codes"]["fournisseur"],
        json!(["valeur_invalide"])
    );

    // Nothing was recorded.
    let list = ok(treasurer.get("/api/charges-courantes").await).await;
    assert_eq!(list["charges"].as_array().unwrap().len(), 1);
}

async fn depenses_files_come_back_scaled_whole_and_to_their_residence_only(world: World) {
    // Made before signing in: encoding a large image takes seconds in a debug build, longer
    // than the server keeps an idle connection open.
    let facture = pdf(500);
    let grande = png(3000, 2000);
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let member = signed_in(&app, MEMBER).await;

    let mut parts = charge("Nettoyage mars", "300");
    parts.push(Part::Fichier("factures[]", "facture mars.pdf", &facture));
    parts.push(Part::Fichier("factures[]", "photo.png", &grande));
    let created =
        ok(post_multipart(&treasurer, "/api/charges-courantes/creer", &parts).await).await;
    let pdf_id = created["charge"]["factures"][0]["id"].as_i64().unwrap();
    let image_id = created["charge"]["factures"][1]["id"].as_i64().unwrap();

    // The PDF comes back byte for byte, inline with its title, to a council member too.
    let res = download(&member, &format!("/api/documents/{pdf_id}")).await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/pdf");
    let disposition = res.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(disposition.starts_with("inline"), "{disposition}");
    assert!(
        disposition.contains("facture mars.pdf") || disposition.contains("facture%20mars.pdf"),
        "{disposition}"
    );
    assert_eq!(res.bytes().await.unwrap().to_vec(), facture);

    // The image was scaled to 1024 px on its longest side.
    let res = download(&member, &format!("/api/documents/{image_id}")).await;
    assert_eq!(res.status(), 200);
    let octets = res.bytes().await.unwrap();
    let image = image::load_from_memory(&octets).unwrap();
    assert!(image.width() <= 1024 && image.height() <= 1024);
    assert_eq!(image.width().max(image.height()), 1024);
    assert!(octets.len() <= 1024 * 1024);

    // Thumbnails are PNGs of 256 px at most.
    for id in [pdf_id, image_id] {
        let res = download(&member, &format!("/api/documents/{id}/miniature")).await;
        assert_eq!(res.status(), 200);
        assert_eq!(res.headers()["content-type"], "image/png");
        let miniature = image::load_from_memory_with_format(
            &res.bytes().await.unwrap(),
            image::ImageFormat::Png,
        )
        .unwrap();
        assert!(miniature.width().max(miniature.height()) <= 256);
    }

    // Another residence's council does not find it.
    let other = signed_in(&app, OTHER_TREASURER).await;
    assert_error(
        download(&other, &format!("/api/documents/{pdf_id}")).await,
        404,
        "document_inconnu",
    )
    .await;
    assert_error(
        download(&other, &format!("/api/documents/{image_id}/miniature")).await,
        404,
        "document_inconnu",
    )
    .await;
    assert_error(
        download(&member, "/api/documents/999").await,
        404,
        "document_inconnu",
    )
    .await;
}

async fn depenses_payments_move_the_state_and_reach_the_bank_and_the_books(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    ok(post_multipart(
        &treasurer,
        "/api/charges-courantes/creer",
        &charge("Ascenseur T1", "900"),
    )
    .await)
    .await;

    let payer = |montant: &str, methode: &str, reference: &str| {
        json!({"id": 2, "montant": montant, "date_paiement": "2026-04-02",
               "methode_paiement": methode, "reference_paiement": reference})
    };
    let paye = ok(treasurer
        .post_json(
            "/api/charges-courantes/payer",
            &payer("400", "espece", "ignored"),
        )
        .await)
    .await;
    assert_eq!(paye["charge"]["etat_paiement"], "partiel");
    assert_eq!(paye["charge"]["restant_du"], json!(500));
    assert_eq!(paye["paiement"]["methode_paiement"], "espece");
    assert_eq!(paye["paiement"]["reference_paiement"], Value::Null);
    assert_eq!(paye["paiement"]["compte_id"], Value::Null);
    assert_eq!(paye["paiement"]["is_closed"], false);

    // Above what remains due.
    assert_error(
        treasurer
            .post_json(
                "/api/charges-courantes/payer",
                &payer("500.001", "cheque", "CHQ 1"),
            )
            .await,
        422,
        "montant_maximum_depasse",
    )
    .await;
    let body = assert_error(
        treasurer
            .post_json("/api/charges-courantes/payer", &payer("10", "carte", ""))
            .await,
        422,
        "validation_failed",
    )
    .await;
    assert_eq!(
        body["field_codes"]["methode_paiement"],
        json!(["methode_paiement_depense_invalide"])
    );

    let cheque = ok(treasurer
        .post_json(
            "/api/charges-courantes/payer",
            &payer("500", "cheque", "CHQ 0042"),
        )
        .await)
    .await;
    assert_eq!(cheque["charge"]["etat_paiement"], "complet");
    assert_eq!(cheque["charge"]["restant_du"], json!(0));
    assert_eq!(cheque["paiement"]["reference_paiement"], "CHQ 0042");
    assert_eq!(cheque["paiement"]["compte_id"], 1);
    let cheque_id = cheque["paiement"]["id"].as_i64().unwrap();

    // The cheque left the main account: the reconciliation shows it, negative.
    let rapprochement = ok(treasurer
        .get("/api/banque/rapprochement?id=1&exercice=2026")
        .await)
    .await;
    let ligne = rapprochement["rapprochements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|row| row["table"] == "paiement_depense")
        .cloned()
        .unwrap_or_else(|| panic!("no expense payment in {rapprochement}"));
    assert_eq!(ligne["montant"], json!(-500));
    assert_eq!(ligne["id"], cheque_id);
    // The books balance.
    let balance = ok(treasurer
        .get("/api/comptabilite/balance?exercice=2026")
        .await)
    .await;
    assert_eq!(balance["equilibree"], true, "{balance}");
    assert_eq!(balance["totaux"]["debit"], balance["totaux"]["credit"]);

    // With payments, it cannot be deleted, nor its total brought below them.
    assert_error(
        treasurer
            .post_json("/api/charges-courantes/supprimer", &json!({"id": 2}))
            .await,
        422,
        "depense_avec_paiements",
    )
    .await;
    let mut parts = charge("Ascenseur T1", "800");
    parts.insert(0, Part::Texte("id", "2"));
    assert_error(
        post_multipart(&treasurer, "/api/charges-courantes/modifier", &parts).await,
        422,
        "montant_inferieur_au_paye",
    )
    .await;

    // A payment's edit may reach what remains plus itself; then it goes.
    let modifie = ok(treasurer
        .post_json(
            "/api/charges-courantes/modifier-paiement",
            &json!({"id": cheque_id, "charge_id": 2, "montant": "450", "date_paiement": "2026-04-03",
                    "methode_paiement": "virement", "reference_paiement": "VIR 7"}),
        )
        .await)
    .await;
    assert_eq!(modifie["paiement"]["montant"], json!(450));
    assert_eq!(modifie["charge"]["etat_paiement"], "partiel");
    assert_error(
        treasurer
            .post_json(
                "/api/charges-courantes/modifier-paiement",
                &json!({"id": cheque_id, "montant": "501", "date_paiement": "2026-04-03",
                        "methode_paiement": "virement"}),
            )
            .await,
        422,
        "montant_maximum_depasse",
    )
    .await;
    let supprime = ok(treasurer
        .post_json(
            "/api/charges-courantes/supprimer-paiement",
            &json!({"id": cheque_id}),
        )
        .await)
    .await;
    assert_eq!(supprime["charge"]["restant_du"], json!(500));
    assert_error(
        treasurer
            .post_json(
                "/api/charges-courantes/supprimer-paiement",
                &json!({"id": cheque_id}),
            )
            .await,
        404,
        "paiement_inconnu",
    )
    .await;
    let detail = ok(treasurer
        .get("/api/charges-courantes/details-files?id=2")
        .await)
    .await;
    assert_eq!(detail["charge"]["paiements"].as_array().unwrap().len(), 1);
    let balance = ok(treasurer
        .get("/api/comptabilite/balance?exercice=2026")
        .await)
    .await;
    assert_eq!(balance["equilibree"], true, "{balance}");
}

async fn depenses_works_carry_their_description_and_approval(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    let votes = ok(treasurer.get("/api/travaux/ags-votes").await).await;
    assert_eq!(votes["ags"], json!([]));
    assert_eq!(votes["votes"], json!([]));

    let devis = pdf(0);
    let parts = vec![
        Part::Texte("titre", "Ravalement de façade"),
        Part::Texte("montant", "18 500"),
        Part::Texte("date_facture", "2026-05-20"),
        Part::Texte("fournisseur", "1"),
        Part::Texte("categorie", ""),
        Part::Texte("description", "Façades nord et est"),
        Part::Texte("is_approved", "1"),
        Part::Texte("approuve_par", ""),
        Part::Fichier("devis[]", "devis-facade.pdf", &devis),
    ];
    let created = ok(post_multipart(&treasurer, "/api/travaux/creer", &parts).await).await;
    let travaux = &created["travaux"];
    assert_eq!(travaux["montant_total"], json!(18500));
    assert_eq!(travaux["description"], "Façades nord et est");
    assert_eq!(travaux["is_approved"], 1);
    assert_eq!(travaux["approvable_type"], Value::Null);
    assert_eq!(travaux["approvable"], Value::Null);
    assert_eq!(travaux["devis"][0]["type"], "devis");

    let list = ok(treasurer.get("/api/travaux").await).await;
    assert_eq!(list["travaux"].as_array().unwrap().len(), 1);
    // Works are no charge.
    let charges = ok(treasurer.get("/api/charges-courantes").await).await;
    assert_eq!(charges["charges"].as_array().unwrap().len(), 1);

    // Named by an assembly that does not exist.
    let parts = vec![
        Part::Texte("id", "2"),
        Part::Texte("titre", "Ravalement de façade"),
        Part::Texte("montant", "18500"),
        Part::Texte("date_facture", "2026-05-20"),
        Part::Texte("fournisseur", "1"),
        Part::Texte("is_approved", "0"),
        Part::Texte("approuve_par", "assemblee"),
        Part::Texte("ag", "3"),
    ];
    assert_error(
        post_multipart(&treasurer, "/api/travaux/modifier", &parts).await,
        422,
        "approbateur_inconnu",
    )
    .await;

    // Named by a vote the council held: recorded, and the vote is offered as an approver.
    let vote = ok(treasurer
        .post_json(
            "/api/votes/creer",
            &json!({"titre": "Ravalement", "description": "", "type_choix": "simple",
                    "date_debut": "2026-06-15", "date_fin": "2026-06-30"}),
        )
        .await)
    .await["data"]["vote"]["id"]
        .as_i64()
        .unwrap();
    let votes = ok(treasurer.get("/api/travaux/ags-votes").await).await;
    assert_eq!(votes["votes"], json!([{"id": vote, "titre": "Ravalement"}]));
    let vote_id = vote.to_string();
    let parts = vec![
        Part::Texte("id", "2"),
        Part::Texte("titre", "Ravalement de façade"),
        Part::Texte("montant", "18500"),
        Part::Texte("date_facture", "2026-05-20"),
        Part::Texte("fournisseur", "1"),
        Part::Texte("is_approved", "1"),
        Part::Texte("approuve_par", "vote"),
        Part::Texte("vote", &vote_id),
    ];
    let approuve = ok(post_multipart(&treasurer, "/api/travaux/modifier", &parts).await).await;
    assert_eq!(approuve["travaux"]["approvable_type"], "vote");
    assert_eq!(approuve["travaux"]["approvable"]["id"], vote);

    let paye = ok(treasurer
        .post_json(
            "/api/travaux/payer",
            &json!({"id": 2, "montant": 5000, "date_paiement": "2026-06-01",
                    "methode_paiement": "virement", "reference_paiement": "VIR 12"}),
        )
        .await)
    .await;
    assert_eq!(paye["travaux"]["etat_paiement"], "partiel");
    assert_eq!(paye["travaux"]["restant_du"], json!(13500));
    // A works item is not paid as a charge.
    assert_error(
        treasurer
            .post_json(
                "/api/charges-courantes/payer",
                &json!({"id": 2, "montant": 1, "date_paiement": "2026-06-01",
                        "methode_paiement": "espece"}),
            )
            .await,
        404,
        "depense_inconnue",
    )
    .await;
}

async fn depenses_the_exercice_guards_every_change(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;

    // No exercice for 2024.
    let mut parts = charge("Eau 2024", "80");
    parts[2] = Part::Texte("date_facture", "2024-06-30");
    assert_error(
        post_multipart(&treasurer, "/api/charges-courantes/creer", &parts).await,
        409,
        "aucun_exercice_ouvert",
    )
    .await;
    // The 2025 charge is closed: neither deleted, paid, edited, nor its payment removed.
    assert_error(
        treasurer
            .post_json("/api/charges-courantes/supprimer", &json!({"id": 1}))
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    assert_error(
        treasurer
            .post_json(
                "/api/charges-courantes/payer",
                &json!({"id": 1, "montant": 10, "date_paiement": "2025-12-31",
                        "methode_paiement": "espece"}),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    let detail = ok(treasurer
        .get("/api/charges-courantes/details-files?id=1")
        .await)
    .await;
    assert_eq!(detail["charge"]["is_closed"], true);
    assert_eq!(detail["charge"]["paiements"][0]["is_closed"], true);
    let paiement_id = detail["charge"]["paiements"][0]["id"].as_i64().unwrap();
    assert_error(
        treasurer
            .post_json(
                "/api/charges-courantes/supprimer-paiement",
                &json!({"id": paiement_id}),
            )
            .await,
        403,
        "exercice_cloture",
    )
    .await;
    let mut parts = charge("STEG décembre 2025", "150");
    parts[2] = Part::Texte("date_facture", "2025-12-31");
    parts.insert(0, Part::Texte("id", "1"));
    assert_error(
        post_multipart(&treasurer, "/api/charges-courantes/modifier", &parts).await,
        403,
        "exercice_cloture",
    )
    .await;
}

async fn depenses_every_change_is_the_treasurer_s_and_co_owners_read_nothing(world: World) {
    let app = setup(&world).await;
    let treasurer = signed_in(&app, TREASURER).await;
    let facture = pdf(0);
    let mut parts = charge("Gardiennage", "250");
    parts.push(Part::Fichier("factures[]", "g.pdf", &facture));
    let created =
        ok(post_multipart(&treasurer, "/api/charges-courantes/creer", &parts).await).await;
    let document = created["charge"]["factures"][0]["id"].as_i64().unwrap();

    let member = signed_in(&app, MEMBER).await;
    ok(member.get("/api/charges-courantes").await).await;
    ok(member.get("/api/travaux").await).await;
    for (path, body) in [
        ("/api/charges-courantes/supprimer", json!({"id": 2})),
        (
            "/api/charges-courantes/payer",
            json!({"id": 2, "montant": 1, "date_paiement": "2026-06-01", "methode_paiement": "espece"}),
        ),
        (
            "/api/charges-courantes/supprimer-paiement",
            json!({"id": 1}),
        ),
        (
            "/api/charges-courantes/modifier-paiement",
            json!({"id": 1, "montant": 1, "date_paiement": "2026-06-01", "methode_paiement": "espece"}),
        ),
        ("/api/travaux/supprimer", json!({"id": 2})),
        ("/api/factures/supprimer", json!({"id": document})),
        ("/api/devis/supprimer", json!({"id": document})),
    ] {
        assert_error(member.post_json(path, &body).await, 403, "finance_required").await;
    }
    for path in [
        "/api/charges-courantes/creer",
        "/api/charges-courantes/modifier",
        "/api/travaux/creer",
        "/api/travaux/modifier",
    ] {
        assert_error(
            post_multipart(&member, path, &charge("X", "1")).await,
            403,
            "finance_required",
        )
        .await;
    }

    let co_owner = signed_in(&app, CO_OWNER).await;
    for path in [
        "/api/charges-courantes".to_owned(),
        "/api/charges-courantes/details-files?id=2".to_owned(),
        "/api/charges-courantes/fournisseurs-categories".to_owned(),
        "/api/travaux".to_owned(),
        "/api/travaux/ags-votes".to_owned(),
    ] {
        assert_error(co_owner.get(&path).await, 403, "syndic_required").await;
    }
    // A co-owner reads a record's files as their visibility rights allow (tests/api/visibilite.rs).
    assert_eq!(
        co_owner
            .get(&format!("/api/documents/{document}"))
            .await
            .status(),
        200
    );
    assert_error(
        co_owner
            .post_json("/api/charges-courantes/supprimer", &json!({"id": 2}))
            .await,
        403,
        "finance_required",
    )
    .await;
}
