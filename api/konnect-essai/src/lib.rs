//! A stand-in for the Konnect payment gateway (issue 21, docs/api-paiement-en-ligne.md): a real
//! HTTP server that answers as Konnect's API v2 does, so Daftar's tests, the e2e test and the
//! demo pay online without the network.
//!
//! Under `{base}/api/v2` (the base URL Daftar is given, `DAFTAR_KONNECT_URL`):
//! - `POST /payments/init-payment` (header `x-api-key`): checks the key and the receiving
//!   wallet, answers `{payUrl, paymentRef}`;
//! - `GET /payments/{paymentRef}` (header `x-api-key`): `{payment: {id, status, amount, orderId,
//!   transactions}}`, `status` `pending`, `completed`, `failed` or `expired`.
//!
//! The payer's page `GET /pay/{paymentRef}` shows the amount and two buttons, "Payer" and
//! "Refuser"; its `POST` marks the payment completed or failed, calls the merchant's webhook
//! (`GET {webhook}?payment_ref=…`) and redirects (303) to the success or fail URL with
//! `?payment_ref=…`, as Konnect does.
//!
//! Test controls, under `/essai` (never in Konnect): `POST /essai/paiements/{ref}/statut`
//! `{statut}` forces a status without calling anyone; `POST /essai/paiements/{ref}/payer` completes
//! and calls the webhook; `POST /essai/paiements/{ref}/webhook?fois=N` calls the webhook N times
//! without changing anything (a forged or repeated call); `POST /essai/panne` `{panne: true}`
//! answers 500 to every API call until `{panne: false}`; `GET /essai/paiements` lists them.
//! The same controls are methods of [`Passerelle`] for in-process tests.

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::dev::ServerHandle;
use actix_web::http::header;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The key and wallet the stand-in accepts.
#[derive(Debug, Clone)]
pub struct Reglages {
    pub api_key: String,
    pub wallet_id: String,
}

impl Default for Reglages {
    fn default() -> Self {
        Self {
            api_key: "cle-essai-konnect".to_owned(),
            wallet_id: "wallet-essai".to_owned(),
        }
    }
}

/// One payment as the stand-in keeps it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Paiement {
    pub payment_ref: String,
    pub amount: i64,
    pub order_id: Option<String>,
    pub status: String,
    pub webhook: Option<String>,
    pub success_url: Option<String>,
    pub fail_url: Option<String>,
    pub description: Option<String>,
    pub add_payment_fees_to_amount: bool,
    pub accepted_payment_methods: Vec<String>,
    pub lifespan: Option<i64>,
}

#[derive(Default)]
struct Etat {
    reglages: Mutex<Option<Reglages>>,
    paiements: Mutex<BTreeMap<String, Paiement>>,
    panne: AtomicBool,
    compteur: AtomicU64,
    /// The base URL the payer's pages are served at (`http://127.0.0.1:PORT`).
    base: Mutex<String>,
    /// How many times each webhook call was made (by reference), for the tests.
    appels_webhook: Mutex<BTreeMap<String, u32>>,
}

/// A running stand-in.
#[derive(Clone)]
pub struct Passerelle {
    etat: Arc<Etat>,
    /// `http://127.0.0.1:PORT`.
    pub adresse: String,
    handle: ServerHandle,
}

/// The fee the stand-in adds when the payer pays the fees: 1 % (Konnect's rate differs per
/// method; this only makes the amount differ).
pub fn frais(amount: i64) -> i64 {
    amount / 100
}

impl Passerelle {
    /// Starts the stand-in on `listener` (port 0 in tests) in the current tokio runtime.
    pub fn demarrer(listener: TcpListener, reglages: Reglages) -> std::io::Result<Passerelle> {
        let port = listener.local_addr()?.port();
        let adresse = format!("http://127.0.0.1:{port}");
        let etat = Arc::new(Etat::default());
        if let Ok(mut slot) = etat.reglages.lock() {
            *slot = Some(reglages);
        }
        if let Ok(mut base) = etat.base.lock() {
            base.clone_from(&adresse);
        }
        let data = web::Data::from(etat.clone());
        let server = HttpServer::new(move || {
            App::new()
                .app_data(data.clone())
                .route(
                    "/api/v2/payments/init-payment",
                    web::post().to(init_payment),
                )
                .route(
                    "/api/v2/payments/{reference}",
                    web::get().to(statut_paiement),
                )
                .route("/pay/{reference}", web::get().to(page))
                .route("/pay/{reference}", web::post().to(decision))
                .route("/essai/paiements", web::get().to(liste))
                .route(
                    "/essai/paiements/{reference}/statut",
                    web::post().to(forcer),
                )
                .route(
                    "/essai/paiements/{reference}/payer",
                    web::post().to(payer_essai),
                )
                .route(
                    "/essai/paiements/{reference}/webhook",
                    web::post().to(webhook_essai),
                )
                .route("/essai/panne", web::post().to(panne))
        })
        .workers(1)
        .disable_signals()
        .listen(listener)?
        .run();
        let handle = server.handle();
        tokio::spawn(server);
        Ok(Passerelle {
            etat,
            adresse,
            handle,
        })
    }

    /// The base URL Daftar is configured with (`DAFTAR_KONNECT_URL`).
    pub fn api_url(&self) -> String {
        format!("{}/api/v2", self.adresse)
    }

    /// Every payment, oldest reference first.
    pub fn paiements(&self) -> Vec<Paiement> {
        self.etat
            .paiements
            .lock()
            .map(|p| p.values().cloned().collect())
            .unwrap_or_default()
    }

    pub fn paiement(&self, reference: &str) -> Option<Paiement> {
        self.etat
            .paiements
            .lock()
            .ok()
            .and_then(|p| p.get(reference).cloned())
    }

    /// Forces a payment's status, calling nobody.
    pub fn forcer(&self, reference: &str, status: &str) -> bool {
        self.etat.forcer(reference, status)
    }

    /// The payer pays: completed, then the webhook is called once.
    pub async fn payer(&self, reference: &str) -> bool {
        if !self.forcer(reference, "completed") {
            return false;
        }
        self.etat.appeler_webhook(reference).await;
        true
    }

    /// The payer refuses: failed, then the webhook is called once.
    pub async fn refuser(&self, reference: &str) -> bool {
        if !self.forcer(reference, "failed") {
            return false;
        }
        self.etat.appeler_webhook(reference).await;
        true
    }

    /// Calls the merchant's webhook for `reference` without changing the payment (a forged
    /// notification, or a repeated one).
    pub async fn appeler_webhook(&self, reference: &str) -> Option<u16> {
        self.etat.appeler_webhook(reference).await
    }

    /// While `true`, every API call answers 500.
    pub fn en_panne(&self, panne: bool) {
        self.etat.panne.store(panne, Ordering::SeqCst);
    }

    /// How many webhook calls were made for `reference`.
    pub fn appels_webhook(&self, reference: &str) -> u32 {
        self.etat
            .appels_webhook
            .lock()
            .ok()
            .and_then(|a| a.get(reference).copied())
            .unwrap_or(0)
    }

    /// Stops the server (its port closes: the gateway is unreachable).
    pub async fn arreter(&self) {
        self.handle.stop(false).await;
    }
}

impl Etat {
    fn forcer(&self, reference: &str, status: &str) -> bool {
        let Ok(mut paiements) = self.paiements.lock() else {
            return false;
        };
        match paiements.get_mut(reference) {
            Some(paiement) => {
                status.clone_into(&mut paiement.status);
                true
            }
            None => false,
        }
    }

    /// `GET {webhook}?payment_ref=…`, as Konnect notifies; answers the merchant's status.
    async fn appeler_webhook(&self, reference: &str) -> Option<u16> {
        let webhook = self
            .paiements
            .lock()
            .ok()
            .and_then(|p| p.get(reference).and_then(|p| p.webhook.clone()))?;
        if let Ok(mut appels) = self.appels_webhook.lock() {
            *appels.entry(reference.to_owned()).or_insert(0) += 1;
        }
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .ok()?;
        let reponse = client
            .get(&webhook)
            .query(&[("payment_ref", reference)])
            .send()
            .await
            .ok()?;
        Some(reponse.status().as_u16())
    }

    fn cle_valide(&self, request: &HttpRequest) -> bool {
        let attendue = self
            .reglages
            .lock()
            .ok()
            .and_then(|r| r.as_ref().map(|r| r.api_key.clone()));
        let donnee = request
            .headers()
            .get("x-api-key")
            .and_then(|v| v.to_str().ok());
        matches!((attendue, donnee), (Some(a), Some(d)) if a == d)
    }
}

fn erreur(status: actix_web::http::StatusCode, message: &str) -> HttpResponse {
    HttpResponse::build(status).json(json!({ "errors": [{ "message": message }] }))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct InitPayment {
    receiver_wallet_id: Option<String>,
    token: Option<String>,
    amount: Option<serde_json::Value>,
    description: Option<String>,
    #[serde(default)]
    accepted_payment_methods: Vec<String>,
    lifespan: Option<i64>,
    #[serde(default)]
    add_payment_fees_to_amount: bool,
    order_id: Option<String>,
    webhook: Option<String>,
    success_url: Option<String>,
    fail_url: Option<String>,
}

async fn init_payment(
    etat: web::Data<Etat>,
    request: HttpRequest,
    body: web::Json<InitPayment>,
) -> HttpResponse {
    use actix_web::http::StatusCode;
    if etat.panne.load(Ordering::SeqCst) {
        return erreur(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error");
    }
    if !etat.cle_valide(&request) {
        return erreur(StatusCode::UNAUTHORIZED, "Invalid API key");
    }
    let wallet = etat
        .reglages
        .lock()
        .ok()
        .and_then(|r| r.as_ref().map(|r| r.wallet_id.clone()));
    if body.receiver_wallet_id.is_none() || body.receiver_wallet_id != wallet {
        return erreur(StatusCode::NOT_FOUND, "Wallet not found");
    }
    if body.token.as_deref() != Some("TND") {
        return erreur(StatusCode::UNPROCESSABLE_ENTITY, "token must be TND");
    }
    // Millimes, a whole number above 0: Konnect refuses anything else.
    let Some(amount) = body
        .amount
        .as_ref()
        .and_then(serde_json::Value::as_i64)
        .filter(|a| *a > 0)
    else {
        return erreur(
            StatusCode::UNPROCESSABLE_ENTITY,
            "amount must be a positive integer",
        );
    };
    let rang = etat.compteur.fetch_add(1, Ordering::SeqCst) + 1;
    let reference = format!(
        "KE{rang:04}{}",
        &uuid::Uuid::new_v4().simple().to_string()[..12]
    );
    let base = etat.base.lock().map(|b| b.clone()).unwrap_or_default();
    let body = body.into_inner();
    let total = if body.add_payment_fees_to_amount {
        amount + frais(amount)
    } else {
        amount
    };
    let paiement = Paiement {
        payment_ref: reference.clone(),
        amount: total,
        order_id: body.order_id,
        status: "pending".to_owned(),
        webhook: body.webhook,
        success_url: body.success_url,
        fail_url: body.fail_url,
        description: body.description,
        add_payment_fees_to_amount: body.add_payment_fees_to_amount,
        accepted_payment_methods: body.accepted_payment_methods,
        lifespan: body.lifespan,
    };
    if let Ok(mut paiements) = etat.paiements.lock() {
        paiements.insert(reference.clone(), paiement);
    }
    HttpResponse::Ok().json(json!({
        "payUrl": format!("{base}/pay/{reference}"),
        "paymentRef": reference,
    }))
}

async fn statut_paiement(
    etat: web::Data<Etat>,
    request: HttpRequest,
    reference: web::Path<String>,
) -> HttpResponse {
    use actix_web::http::StatusCode;
    if etat.panne.load(Ordering::SeqCst) {
        return erreur(StatusCode::INTERNAL_SERVER_ERROR, "Internal server error");
    }
    if !etat.cle_valide(&request) {
        return erreur(StatusCode::UNAUTHORIZED, "Invalid API key");
    }
    let Some(paiement) = etat
        .paiements
        .lock()
        .ok()
        .and_then(|p| p.get(reference.as_str()).cloned())
    else {
        return erreur(StatusCode::NOT_FOUND, "Payment not found");
    };
    let transactions = if paiement.status == "completed" {
        vec![json!({
            "type": paiement.accepted_payment_methods.first().cloned().unwrap_or_else(|| "bank_card".to_owned()),
            "method": "bank_card",
            "status": "success",
            "amount": paiement.amount,
        })]
    } else {
        Vec::new()
    };
    HttpResponse::Ok().json(json!({
        "payment": {
            "id": paiement.payment_ref,
            "status": paiement.status,
            "amount": paiement.amount,
            "orderId": paiement.order_id,
            "token": "TND",
            "transactions": transactions,
        }
    }))
}

fn echapper(texte: &str) -> String {
    texte
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

async fn page(etat: web::Data<Etat>, reference: web::Path<String>) -> HttpResponse {
    let Some(paiement) = etat
        .paiements
        .lock()
        .ok()
        .and_then(|p| p.get(reference.as_str()).cloned())
    else {
        return HttpResponse::NotFound().body("Paiement inconnu");
    };
    let montant = format!("{}.{:03}", paiement.amount / 1000, paiement.amount % 1000);
    let html = format!(
        "<!doctype html><html lang=\"fr\"><head><meta charset=\"utf-8\"><title>Konnect (essai)</title></head>\
         <body><h1>Paiement Konnect (passerelle d'essai)</h1>\
         <p>{description}</p><p>Montant : <strong data-testid=\"montant\">{montant} TND</strong></p>\
         <p>Statut : <span data-testid=\"statut\">{statut}</span></p>\
         <form method=\"post\" action=\"/pay/{reference}\">\
         <button type=\"submit\" name=\"action\" value=\"payer\">Payer</button> \
         <button type=\"submit\" name=\"action\" value=\"refuser\">Refuser</button>\
         </form></body></html>",
        description = echapper(paiement.description.as_deref().unwrap_or("")),
        statut = echapper(&paiement.status),
        reference = echapper(&paiement.payment_ref),
    );
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(html)
}

#[derive(Debug, Deserialize)]
struct Decision {
    action: String,
}

async fn decision(
    etat: web::Data<Etat>,
    reference: web::Path<String>,
    form: web::Form<Decision>,
) -> HttpResponse {
    let reference = reference.into_inner();
    let Some(paiement) = etat
        .paiements
        .lock()
        .ok()
        .and_then(|p| p.get(&reference).cloned())
    else {
        return HttpResponse::NotFound().body("Paiement inconnu");
    };
    let paye = form.action == "payer";
    if paiement.status == "pending" {
        etat.forcer(&reference, if paye { "completed" } else { "failed" });
        etat.appeler_webhook(&reference).await;
    }
    let cible = if paye {
        paiement.success_url
    } else {
        paiement.fail_url
    };
    match cible {
        Some(url) => {
            let separateur = if url.contains('?') { '&' } else { '?' };
            HttpResponse::SeeOther()
                .insert_header((
                    header::LOCATION,
                    format!("{url}{separateur}payment_ref={reference}"),
                ))
                .finish()
        }
        None => HttpResponse::Ok().body("Paiement traité"),
    }
}

async fn liste(etat: web::Data<Etat>) -> HttpResponse {
    let paiements: Vec<Paiement> = etat
        .paiements
        .lock()
        .map(|p| p.values().cloned().collect())
        .unwrap_or_default();
    HttpResponse::Ok().json(json!({ "paiements": paiements }))
}

#[derive(Debug, Deserialize)]
struct Forcer {
    statut: String,
}

async fn forcer(
    etat: web::Data<Etat>,
    reference: web::Path<String>,
    body: web::Json<Forcer>,
) -> HttpResponse {
    if etat.forcer(&reference, &body.statut) {
        HttpResponse::NoContent().finish()
    } else {
        HttpResponse::NotFound().finish()
    }
}

async fn payer_essai(etat: web::Data<Etat>, reference: web::Path<String>) -> HttpResponse {
    if !etat.forcer(&reference, "completed") {
        return HttpResponse::NotFound().finish();
    }
    let status = etat.appeler_webhook(&reference).await;
    HttpResponse::Ok().json(json!({ "webhook": status }))
}

#[derive(Debug, Deserialize)]
struct Fois {
    fois: Option<u32>,
}

async fn webhook_essai(
    etat: web::Data<Etat>,
    reference: web::Path<String>,
    fois: web::Query<Fois>,
) -> HttpResponse {
    let mut statuts = Vec::new();
    for _ in 0..fois.fois.unwrap_or(1).min(10) {
        statuts.push(etat.appeler_webhook(&reference).await);
    }
    HttpResponse::Ok().json(json!({ "webhook": statuts }))
}

#[derive(Debug, Deserialize)]
struct Panne {
    panne: bool,
}

async fn panne(etat: web::Data<Etat>, body: web::Json<Panne>) -> HttpResponse {
    etat.panne.store(body.panne, Ordering::SeqCst);
    HttpResponse::NoContent().finish()
}
