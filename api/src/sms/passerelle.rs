//! The SMS gateway (docs/api-recouvrement.md "Gateway"): an interface with two implementations.
//!
//! - [`Outbox`], the default when no provider is configured: it sends nothing; the message
//!   stays `queued` in the residence's table and `daftar sms outbox` lists it (an operator can
//!   send it by hand, and a demo or a development machine never texts anyone).
//! - [`HttpJson`], a provider's HTTP API (`DAFTAR_SMS_URL`, `DAFTAR_SMS_TOKEN`,
//!   `DAFTAR_SMS_SENDER`): one JSON POST per message, a 5-second timeout, never retried. A 2xx
//!   answer is `sent` (its `id` or `message_id` kept for the delivery reports); a 4xx is a
//!   rejected number; a 5xx, a timeout or no answer is the provider unavailable. Either failure
//!   gives the message's credits back (the caller's job, in its own transaction).

use std::time::Duration;

use async_trait::async_trait;
use serde::Deserialize;

/// What the gateway did with a message it accepted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Remise {
    /// Handed to the provider, under its id (none when the provider gave none).
    Envoye { message_id: Option<String> },
    /// Kept in the outbox: the message stays `queued`.
    EnAttente,
}

/// Why a message was not sent.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErreurPasserelle {
    /// The provider refused this message (a 4xx: a number it does not serve, a text it refuses).
    #[error("refusé par le fournisseur : {0}")]
    Rejete(String),
    /// No verdict: a 5xx, a timeout, a connection refused. The message may or may not have left:
    /// it is recorded as failed, its credits given back, and it is not sent again by itself.
    #[error("fournisseur indisponible : {0}")]
    Indisponible(String),
}

/// Carries one text to one Tunisian number.
#[async_trait]
pub trait PasserelleSms: Send + Sync {
    /// `outbox` or `http`, recorded with each message.
    fn nom(&self) -> &'static str;

    /// Sends `texte` to `tel` (E.164: `+216` and the 8 digits).
    async fn envoyer(&self, tel: &str, texte: &str) -> Result<Remise, ErreurPasserelle>;
}

/// The embedded default: keeps every message queued.
#[derive(Debug, Default, Clone, Copy)]
pub struct Outbox;

#[async_trait]
impl PasserelleSms for Outbox {
    fn nom(&self) -> &'static str {
        "outbox"
    }

    async fn envoyer(&self, _tel: &str, _texte: &str) -> Result<Remise, ErreurPasserelle> {
        Ok(Remise::EnAttente)
    }
}

/// A provider's JSON API: `POST {url}` with `Authorization: Bearer {token}` and
/// `{"from": sender, "to": "+216…", "text": "…"}`; answer `{"id": "…"}` (or `message_id`).
pub struct HttpJson {
    client: reqwest::Client,
    url: String,
    token: Option<String>,
    expediteur: Option<String>,
}

/// The answer of a 2xx: the provider's message id, under either usual name.
#[derive(Debug, Deserialize)]
struct Accepte {
    #[serde(default)]
    id: Option<serde_json::Value>,
    #[serde(default)]
    message_id: Option<serde_json::Value>,
}

fn texte_id(value: serde_json::Value) -> Option<String> {
    match value {
        serde_json::Value::String(texte) if !texte.is_empty() => Some(texte),
        serde_json::Value::Number(nombre) => Some(nombre.to_string()),
        _ => None,
    }
}

impl HttpJson {
    /// The default timeout of one request.
    pub const DELAI: Duration = Duration::from_secs(5);

    pub fn new(
        url: String,
        token: Option<String>,
        expediteur: Option<String>,
        delai: Duration,
    ) -> Result<Self, reqwest::Error> {
        let client = reqwest::Client::builder()
            .timeout(delai)
            .connect_timeout(delai)
            .build()?;
        Ok(Self {
            client,
            url,
            token,
            expediteur,
        })
    }
}

#[async_trait]
impl PasserelleSms for HttpJson {
    fn nom(&self) -> &'static str {
        "http"
    }

    async fn envoyer(&self, tel: &str, texte: &str) -> Result<Remise, ErreurPasserelle> {
        let mut requete = self.client.post(&self.url).json(&serde_json::json!({
            "from": self.expediteur,
            "to": tel,
            "text": texte,
        }));
        if let Some(token) = &self.token {
            requete = requete.bearer_auth(token);
        }
        let reponse = requete
            .send()
            .await
            .map_err(|erreur| ErreurPasserelle::Indisponible(erreur.to_string()))?;
        let statut = reponse.status();
        if statut.is_success() {
            // The body may be slow too: the client's timeout covers it.
            let corps = reponse
                .bytes()
                .await
                .map_err(|erreur| ErreurPasserelle::Indisponible(erreur.to_string()))?;
            let message_id = serde_json::from_slice::<Accepte>(&corps)
                .ok()
                .and_then(|accepte| accepte.id.or(accepte.message_id))
                .and_then(texte_id);
            return Ok(Remise::Envoye { message_id });
        }
        let corps = reponse.text().await.unwrap_or_default();
        let detail = format!(
            "HTTP {statut}: {}",
            corps.chars().take(200).collect::<String>()
        );
        if statut.is_client_error() {
            Err(ErreurPasserelle::Rejete(detail))
        } else {
            Err(ErreurPasserelle::Indisponible(detail))
        }
    }
}

/// The gateway the settings name: the provider's HTTP API when `DAFTAR_SMS_URL` is set, else
/// the outbox.
pub fn depuis_reglages(
    reglages: &crate::configuration::SmsSettings,
) -> anyhow::Result<std::sync::Arc<dyn PasserelleSms>> {
    Ok(match &reglages.url {
        Some(url) => std::sync::Arc::new(HttpJson::new(
            url.clone(),
            reglages.token.clone(),
            reglages.sender.clone(),
            reglages.timeout,
        )?),
        None => std::sync::Arc::new(Outbox),
    })
}
