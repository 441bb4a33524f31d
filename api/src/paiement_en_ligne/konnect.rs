//! Konnect's API v2 as Daftar calls it (docs/api-paiement-en-ligne.md): open a payment
//! (`POST {base}/payments/init-payment`) and read its status (`GET {base}/payments/{ref}`), each
//! with the residence's `x-api-key` and a short timeout. Any failure (no answer in time, a
//! refused connection, an error status, an unreadable body) is [`PasserelleIndisponible`]: the
//! caller answers 503 `passerelle_indisponible` and keeps nothing reserved.

use serde::Deserialize;
use serde_json::json;

/// The gateway did not answer as expected (the reason is logged, never answered).
#[derive(Debug)]
pub struct PasserelleIndisponible(pub String);

/// What opening a payment asks.
#[derive(Debug)]
pub struct Ouverture<'a> {
    pub api_key: &'a str,
    pub wallet_id: &'a str,
    /// Millimes.
    pub montant: i64,
    pub description: &'a str,
    pub methodes: &'a [String],
    pub duree_minutes: u32,
    pub frais_au_payeur: bool,
    pub prenom: &'a str,
    pub nom: &'a str,
    pub tel: &'a str,
    pub email: Option<&'a str>,
    /// Our request's id.
    pub order_id: &'a str,
    pub webhook: &'a str,
    pub retour: &'a str,
}

/// The payment the gateway opened.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Ouvert {
    pub pay_url: String,
    pub payment_ref: String,
}

/// A payment's status as the gateway says it.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EtatPaiement {
    /// `completed`, `pending`, or another word for an unpaid end (`failed`, `expired`…).
    pub status: String,
    /// Millimes (fees included when the payer pays them).
    #[serde(default)]
    pub amount: i64,
    #[serde(default)]
    pub order_id: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Statut {
    payment: EtatPaiement,
}

/// The client, one per server (connections kept).
#[derive(Debug, Clone)]
pub struct Konnect {
    client: reqwest::Client,
    base: String,
}

impl Konnect {
    pub fn new(base: &str, timeout: std::time::Duration) -> anyhow::Result<Self> {
        let client = reqwest::Client::builder()
            .timeout(timeout)
            .connect_timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Self {
            client,
            base: base.trim_end_matches('/').to_owned(),
        })
    }

    pub async fn ouvrir(&self, demande: &Ouverture<'_>) -> Result<Ouvert, PasserelleIndisponible> {
        let corps = json!({
            "receiverWalletId": demande.wallet_id,
            "token": "TND",
            "amount": demande.montant,
            "type": "immediate",
            "description": demande.description,
            "acceptedPaymentMethods": demande.methodes,
            "lifespan": demande.duree_minutes,
            "checkoutForm": false,
            "addPaymentFeesToAmount": demande.frais_au_payeur,
            "firstName": demande.prenom,
            "lastName": demande.nom,
            "phoneNumber": demande.tel,
            "email": demande.email,
            "orderId": demande.order_id,
            "webhook": demande.webhook,
            "successUrl": demande.retour,
            "failUrl": demande.retour,
            "theme": "light",
        });
        let reponse = self
            .client
            .post(format!("{}/payments/init-payment", self.base))
            .header("x-api-key", demande.api_key)
            .json(&corps)
            .send()
            .await
            .map_err(|e| PasserelleIndisponible(format!("init-payment: {e}")))?;
        lire(reponse, "init-payment").await
    }

    pub async fn etat(
        &self,
        api_key: &str,
        reference: &str,
    ) -> Result<EtatPaiement, PasserelleIndisponible> {
        let reponse = self
            .client
            .get(format!("{}/payments/{reference}", self.base))
            .header("x-api-key", api_key)
            .send()
            .await
            .map_err(|e| PasserelleIndisponible(format!("payment status: {e}")))?;
        let statut: Statut = lire(reponse, "payment status").await?;
        Ok(statut.payment)
    }
}

async fn lire<T: serde::de::DeserializeOwned>(
    reponse: reqwest::Response,
    appel: &str,
) -> Result<T, PasserelleIndisponible> {
    let status = reponse.status();
    if !status.is_success() {
        return Err(PasserelleIndisponible(format!("{appel}: HTTP {status}")));
    }
    reponse
        .json::<T>()
        .await
        .map_err(|e| PasserelleIndisponible(format!("{appel}: unreadable answer: {e}")))
}
